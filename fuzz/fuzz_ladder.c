/* fuzz_ladder.c - libFuzzer harness for the human-style solver (make
 * fuzz); the reader and the writers have theirs, fuzz_read.c.
 *
 * Any bytes are read as puzzles. Each of side up to 9 with a solution
 * (in its marks too, if any) is made to have one (one_solution) and
 * walked up the ladder: every step must be well formed (technique,
 * cells, digits, units, chain nodes in range; something to place or
 * remove), keep to the solution (placements its digits, eliminations
 * never one) and describe itself in words and as JSON, and as a hint at
 * each level that tells no more than it should; each find must
 * change the position (else a rating would never end), which keeps every
 * cell's solution digit. The walk ends solved, at the solution, or stuck
 * where nonet_human_limit says why; nonet_human_rate must then give the
 * rating the walk gave, in a record that is JSON and CSV. Every other
 * puzzle of an input gets a ceiling taken from its clues, so that the
 * ladder's stuck paths run too.
 *
 * The work per input is bounded: the ladder and its solver look at their
 * stop every 256 chain propagations, before each rung and every few
 * thousand search nodes, and the stop here counts those looks (LOOKS), so
 * that an input stops at the same point on every run and libFuzzer's
 * findings reproduce. A stopped call (NONET_ECANCELED) ends the checks of
 * the input; it is no failure. A deadline is the safety net behind the
 * count, for a finder that looks too seldom.
 *
 * Its coverage leaves the reader out (fuzz_ladder.ignorelist, see the
 * Makefile): fuzz_read covers it, and here its paths would fill the
 * corpus with inputs that bring the ladder nothing new. */
#include "nonet.h"

#include "fuzz_check.h"

#include <stdlib.h>
#include <string.h>

/* Looks at the stop an input may take, walks and ratings together. A
 * look comes about every 0.2 ms under the sanitizers (every 4 ms in the
 * nested forcing chains); a walk of a puzzle rated 7 takes 100 to 250 of
 * them, one of a hard one (easter monster) about 3,000, its hardest find
 * about 150. */
#define LOOKS 300
/* The safety net: seconds an input may take. */
#define SECONDS 3

typedef struct budget {
    long left;
} budget;

static int spent(void *ctx)
{
    budget *b = ctx;
    return --b->left < 0;
}

static int stopped(int rc)
{
    return rc == NONET_ECANCELED || rc == NONET_ETIMEOUT;
}

static char text[1 << 21], part[1 << 21];

/* What a step says is in range: cells of the grid, digits 1..n, units
 * 0..3n-1; a placement is one digit; it places or removes something. */
static void check_step(const nonet_step *st, int n)
{
    int cells = n * n;
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    if ((int)st->technique < 0 || st->technique >= NONET_TECH_COUNT ||
        !nonet_technique_name(st->technique) || st->difficulty < 10 || st->nunits < 0 ||
        st->nunits > 4 || st->npattern < 0 || st->nplacements < 0 || st->neliminations < 0 ||
        st->nplacements + st->neliminations == 0 || st->nchain < 0)
        abort();
    for (int k = 0; k < st->nunits; k++)
        if (st->units[k] < 0 || st->units[k] >= 3 * n)
            abort();
    const nonet_cell_digits *lists[3] = {st->pattern, st->placements, st->eliminations};
    int counts[3] = {st->npattern, st->nplacements, st->neliminations};
    for (int l = 0; l < 3; l++)
        for (int k = 0; k < counts[l]; k++) {
            const nonet_cell_digits *x = &lists[l][k];
            if (x->cell < 0 || x->cell >= cells || (x->digits & ~all) ||
                (l > 0 && x->digits == 0) || (l == 1 && (x->digits & (x->digits - 1))))
                abort();
        }
    for (int k = 0; k < st->nchain; k++) {
        const nonet_chain_node *c = &st->chain[k];
        if (c->cell < 0 || c->cell >= cells || c->digit < 1 || c->digit > n || c->branch < 0 ||
            c->unit < -1 || c->unit >= 3 * n || c->nparents < 0 ||
            (c->nparents == 0) != (c->link == NONET_LINK_NONE) ||
            (c->nparents > 0 && (c->parents < 0 || c->parents + c->nparents > st->nchain_parents)))
            abort();
        for (int j = 0; j < c->nparents; j++) { /* parents: earlier nodes of its branch */
            int q = st->chain_parents[c->parents + j];
            if (q < 0 || q >= k || st->chain[q].branch != c->branch)
                abort();
        }
    }
}

/* The last step's JSON, for the record. */
static char last_step[sizeof text];

/* The step in words and as JSON, both written as snprintf writes. */
static void check_words(const nonet_step *st, int n, const char *symbols)
{
    size_t len = nonet_step_describe(st, n, symbols, text, sizeof text);
    if (len == 0 || len >= sizeof text || strlen(text) != len)
        abort();
    size_t cap = len / 2 + 1;
    check_cut(text, (long)len, part, (long)nonet_step_describe(st, n, symbols, part, cap), cap);
    long json = nonet_step_json(st, n, symbols, text, sizeof text);
    if (json < 0 || (size_t)json >= sizeof text || nonet_step_json(st, n, symbols, NULL, 0) != json)
        abort();
    check_json(text, json, 1);
    memcpy(last_step, text, (size_t)json + 1);
}

/* The step as a hint at each level (nonet_step_hint, _hint_json), as
 * snprintf writes; levels 1 and 2 keep to the pattern: no placements or
 * eliminations in the record, no cell listed with a digit the step
 * concludes there (nonet_step_hint_cells), the region holding its cells. */
static void check_hints(const nonet_step *st, const nonet_grid *g, const char *symbols)
{
    int n = g->n;
    static nonet_cell_digits items[2 * NONET_MAX_CELLS];
    int count = nonet_step_hint_cells(st, n, items, 2 * NONET_MAX_CELLS);
    if (count < 0 || count > st->npattern + st->nchain || count > 2 * NONET_MAX_CELLS)
        abort();
    nonet_region r;
    if (nonet_step_region(st, g->box_rows, g->box_cols, &r) != NONET_OK || r.cells < 1 ||
        r.cells > n * n)
        abort();
    for (int i = 0; i < count; i++) {
        const nonet_cell_digits *x = &items[i];
        for (int k = 0; k < st->nplacements; k++)
            if (st->placements[k].cell == x->cell && (st->placements[k].digits & x->digits))
                abort();
        for (int k = 0; k < st->neliminations; k++)
            if (st->eliminations[k].cell == x->cell && (st->eliminations[k].digits & x->digits))
                abort();
        int inside = r.kind == NONET_REGION_GRID;
        for (int k = 0; k < r.nunits && !inside; k++) {
            int u = r.units[k], row = x->cell / n, col = x->cell % n;
            int box = row / g->box_rows * g->box_rows + col / g->box_cols;
            inside = u < n ? row == u : u < 2 * n ? col == u - n : box == u - 2 * n;
        }
        if (!inside)
            abort();
    }
    for (int level = 1; level <= 3; level++) {
        long len = nonet_step_hint(st, level, g->box_rows, g->box_cols, symbols, text, sizeof text);
        if (len <= 0 || (size_t)len >= sizeof text || strlen(text) != (size_t)len)
            abort();
        size_t cap = (size_t)len / 2 + 1;
        check_cut(text, len, part,
                  nonet_step_hint(st, level, g->box_rows, g->box_cols, symbols, part, cap), cap);
        long json =
            nonet_step_hint_json(st, level, g->box_rows, g->box_cols, symbols, text, sizeof text);
        if (json < 0 || (size_t)json >= sizeof text)
            abort();
        check_json(text, json, 1);
        if (level < 3 && (strstr(text, "\"placements\"") || strstr(text, "\"eliminations\"")))
            abort();
    }
}

/* After a find's steps: placed digits are the solution's, and every empty
 * cell keeps the solution's digit among its candidates. */
static void check_position(const nonet_human *h, const nonet_grid *sol)
{
    static nonet_grid pos;
    static nonet_marks marks;
    nonet_human_position(h, &pos, &marks);
    if (pos.n != sol->n)
        abort();
    for (int c = 0; c < sol->n * sol->n; c++)
        if ((pos.cells[c] && pos.cells[c] != sol->cells[c]) ||
            !(marks.cands[c] >> (sol->cells[c] - 1) & 1))
            abort();
}

/* The first two solutions of a search. */
typedef struct two {
    int found;
    nonet_grid *sols;
} two;

static int keep_two(void *ctx, const nonet_grid *solution)
{
    two *t = ctx;
    if (t->found < 2)
        nonet_grid_copy(&t->sols[t->found++], solution);
    return t->found >= 2;
}

/* The position p read (grid and marks) made to have one solution, sol.
 * Most puzzles a mutation makes have none or many: without marks, one
 * with none loses the first clue (from a place the clues choose) whose
 * removal leaves a solution; then, while it has two, the first one's
 * digit goes into a cell where they differ. So nearly every mutation of a
 * hard puzzle is a position to walk, and a hard one. Returns NONET_OK,
 * NONET_ENOSOLUTION (nothing to walk) or the stop's status. */
static int one_solution(nonet_solver *s, const nonet_puzzle *p, nonet_grid *g, nonet_marks *marks,
                        nonet_grid *sol)
{
    static nonet_grid sols[2];
    int cells = p->grid.n * p->grid.n, clues = 0;
    nonet_grid_copy(g, &p->grid);
    if (p->has_marks)
        memcpy(marks->cands, p->marks.cands, sizeof marks->cands[0] * (size_t)cells);
    for (int c = 0; c < cells; c++)
        clues += g->cells[c] != 0;
    /* a clue out at most once per clue, then a blank fewer each time: it ends */
    for (int added = 0, removed = 0;; added++) {
        two t = {0, sols};
        uint64_t count = 0;
        int rc = nonet_solver_run_marks(s, g, p->has_marks ? marks : NULL, 2, keep_two, &t, &count,
                                        NULL);
        if (stopped(rc))
            return rc;
        if (rc != NONET_OK)
            return NONET_ENOSOLUTION;
        if (count == 0) { /* the next clue out, the one before it back */
            if (p->has_marks || added > 0 || removed == clues)
                return NONET_ENOSOLUTION;
            for (int k = removed, c = clues % cells;; c = (c + 1) % cells)
                if (p->grid.cells[c] && k-- == 0) {
                    nonet_grid_copy(g, &p->grid);
                    g->cells[c] = 0;
                    break;
                }
            removed++;
            added = -1;
            continue;
        }
        if (count == 1) {
            nonet_grid_copy(sol, &sols[0]);
            return NONET_OK;
        }
        /* the k-th cell where they differ, k from the clues so far */
        int differ = 0;
        for (int c = 0; c < cells; c++)
            differ += sols[0].cells[c] != sols[1].cells[c];
        if (differ == 0)
            abort(); /* two solutions, the same grid */
        int k = (added * 7 + cells) % differ, c = 0;
        for (;; c++)
            if (sols[0].cells[c] != sols[1].cells[c] && k-- == 0)
                break;
        if (g->cells[c])
            abort(); /* a solution that changes a clue */
        g->cells[c] = sols[0].cells[c];
        marks->cands[c] = (uint64_t)1 << (g->cells[c] - 1);
    }
}

/* Walks the ladder from the position p (made to have one solution);
 * NONET_ECANCELED (or ETIMEOUT) once the budget is spent, else NONET_OK. */
static int walk(nonet_human *h, nonet_solver *s, const nonet_puzzle *p)
{
    static nonet_grid sol, puzzle;
    static nonet_marks position;
    const nonet_grid *g = &puzzle;
    const nonet_marks *marks = p->has_marks ? &position : NULL;
    const char *symbols = p->symbols[0] ? p->symbols : NULL;
    int rc = one_solution(s, p, &puzzle, &position, &sol);
    if (rc != NONET_OK)
        return stopped(rc) ? rc : NONET_OK;

    /* every other puzzle under a ceiling of 1.0 to 10.9 */
    int clues = 0;
    for (int c = 0; c < g->n * g->n; c++)
        clues += g->cells[c] != 0;
    int ceiling = p->index % 2 ? 0 : 10 + clues * 7 % 100;
    if (nonet_human_set_ceiling(h, ceiling) != NONET_OK)
        abort();
    if (nonet_human_start(h, g, marks) != NONET_OK)
        abort(); /* a position with a solution loads */

    nonet_rating mine = {0};
    nonet_step st;
    int found;
    while ((found = nonet_human_find(h)) > 0) {
        int changed = 0;
        for (int i = 0; i < found; i++) {
            if (nonet_human_step(h, i, &st) != NONET_OK)
                abort();
            check_step(&st, g->n);
            for (int k = 0; k < st.nplacements; k++)
                if (st.placements[k].digits != (uint64_t)1
                                                   << (sol.cells[st.placements[k].cell] - 1))
                    abort();
            for (int k = 0; k < st.neliminations; k++)
                if (st.eliminations[k].digits >> (sol.cells[st.eliminations[k].cell] - 1) & 1)
                    abort();
            check_words(&st, g->n, symbols);
            check_hints(&st, g, symbols);
            /* one by one, as a rating takes them */
            int rc_apply = nonet_human_apply(h, i);
            if (rc_apply < 0 || rc_apply > 1)
                abort();
            if (rc_apply) {
                changed++;
                mine.steps++;
                mine.count[st.technique]++;
                if (st.difficulty > mine.difficulty) {
                    mine.difficulty = st.difficulty;
                    mine.hardest = st.technique;
                }
            }
        }
        if (changed == 0 || nonet_human_apply(h, -1) != 0)
            abort(); /* a find that changes nothing repeats for ever */
        check_position(h, &sol);
    }
    if (stopped(found))
        return found;
    if (found < 0)
        abort();
    mine.stuck = !nonet_human_solved(h);
    if (mine.stuck) {
        mine.at_least = nonet_human_limit(h, &mine.beyond);
        if (ceiling ? mine.at_least <= ceiling
                    : mine.at_least != 110 || mine.beyond != NONET_TECH_COUNT)
            abort(); /* under no ceiling, 9x9 and smaller lack no rung */
    } else {
        static nonet_grid end;
        nonet_human_position(h, &end, NULL);
        if (!nonet_grid_equal(&end, &sol))
            abort();
        mine.beyond = NONET_TECH_COUNT;
    }

    /* the rating walks the same path (on what is left of the budget) */
    nonet_rating rated;
    rc = nonet_human_rate(h, g, marks, &rated);
    if (stopped(rc))
        return rc;
    if (rc != NONET_OK || rated.steps != mine.steps || rated.difficulty != mine.difficulty ||
        (mine.steps && rated.hardest != mine.hardest) || rated.stuck != mine.stuck ||
        rated.at_least != mine.at_least || rated.beyond != mine.beyond ||
        memcmp(rated.count, mine.count, sizeof mine.count) != 0)
        abort();

    /* its record, with the last step found */
    nonet_result r = {0};
    r.puzzle = p;
    r.status = rated.stuck ? NONET_V_STUCK : NONET_V_UNIQUE;
    r.fields = NONET_FIELD_RATING | NONET_FIELD_SOLUTION;
    r.rating = &rated;
    r.solution = &sol;
    r.needs = rated.stuck ? nonet_technique_name(rated.beyond) : NULL;
    if (mine.steps) {
        r.fields |= NONET_FIELD_STEP;
        r.step_json = last_step;
    }
    long len = nonet_result_json(&r, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text)
        abort();
    check_json(text, len, 1);
    len = nonet_result_csv_header(r.fields, 0, p, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text)
        abort();
    int columns = csv_fields(text, len);
    len = nonet_result_csv(&r, r.fields, p->ncolumns, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text || csv_fields(text, len) != columns)
        abort();
    return NONET_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static nonet_puzzle p;
    static nonet_human *h;
    static nonet_solver *s;
    if ((!h && !(h = nonet_human_new())) || (!s && !(s = nonet_solver_new(NONET_ENGINE_AUTO))))
        return 0;
    nonet_reader *r = nonet_reader_new(NULL);
    if (!r)
        return 0;
    budget b = {LOOKS};
    nonet_stop stop = {spent, &b, nonet_clock_ns() + SECONDS * 1000000000ull};
    nonet_human_set_stop(h, &stop);
    nonet_solver_set_stop(s, &stop);

    int rc = NONET_OK;
    size_t pos = 0;
    while (rc == NONET_OK && pos < size) {
        pos += nonet_reader_feed(r, data + pos, size - pos);
        while (rc == NONET_OK && nonet_reader_next(r, &p))
            if (p.error.code == NONET_OK && p.grid.n <= 9)
                rc = walk(h, s, &p);
    }
    nonet_reader_end(r);
    while (rc == NONET_OK && nonet_reader_next(r, &p))
        if (p.error.code == NONET_OK && p.grid.n <= 9)
            rc = walk(h, s, &p);
    if (rc != NONET_OK && !stopped(rc))
        abort();

    nonet_human_set_stop(h, NULL); /* b lives no longer */
    nonet_solver_set_stop(s, NULL);
    nonet_reader_free(r);
    return 0;
}
