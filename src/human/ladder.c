/* ladder.c - the ladder of techniques, easiest first, and the public
 * human-solving API: find the easiest steps, apply them, rate.
 *
 * The order is Sudoku Explainer's list of rules (its difficulties are not
 * quite monotone: direct hidden pair 2.0 comes before naked single 2.3).
 * SE takes the first hint its scan meets; nonet takes every hint of the
 * first technique that has one. That set does not depend on how the grid
 * is turned or its digits named, so neither do the path, the rating and
 * the technique counts; and it reaches the same rating as SE's path in
 * all but rare cases (README gives the agreement measured). */
#include "canon/canon.h"
#include "human/chains.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
    nonet_technique technique;
    int base; /* SE's difficulty before any bonus, in tenths */
    const char *name;
    hfind_fn *find;
} ladder[] = {
    {NONET_TECH_FULL_HOUSE, 10, "full house", find_full_house},
    {NONET_TECH_HIDDEN_SINGLE_BOX, 12, "hidden single (box)", find_hidden_singles},
    {NONET_TECH_HIDDEN_SINGLE_LINE, 15, "hidden single (line)", find_hidden_singles},
    {NONET_TECH_DIRECT_POINTING, 17, "direct pointing", find_locking},
    {NONET_TECH_DIRECT_CLAIMING, 19, "direct claiming", find_locking},
    {NONET_TECH_DIRECT_HIDDEN_PAIR, 20, "direct hidden pair", find_hidden_sets},
    {NONET_TECH_NAKED_SINGLE, 23, "naked single", find_naked_singles},
    {NONET_TECH_DIRECT_HIDDEN_TRIPLE, 25, "direct hidden triple", find_hidden_sets},
    {NONET_TECH_POINTING, 26, "pointing", find_locking},
    {NONET_TECH_CLAIMING, 28, "claiming", find_locking},
    {NONET_TECH_NAKED_PAIR, 30, "naked pair", find_naked_sets},
    {NONET_TECH_X_WING, 32, "x-wing", find_fish},
    {NONET_TECH_HIDDEN_PAIR, 34, "hidden pair", find_hidden_sets},
    {NONET_TECH_NAKED_TRIPLE, 36, "naked triple", find_naked_sets},
    {NONET_TECH_SWORDFISH, 38, "swordfish", find_fish},
    {NONET_TECH_HIDDEN_TRIPLE, 40, "hidden triple", find_hidden_sets},
    {NONET_TECH_XY_WING, 42, "xy-wing", find_wings},
    {NONET_TECH_XYZ_WING, 44, "xyz-wing", find_wings},
    {NONET_TECH_UNIQUE_RECTANGLE, 45, "unique rectangle", find_unique_loops},
    {NONET_TECH_NAKED_QUAD, 50, "naked quad", find_naked_sets},
    {NONET_TECH_JELLYFISH, 52, "jellyfish", find_fish},
    {NONET_TECH_HIDDEN_QUAD, 54, "hidden quad", find_hidden_sets},
    {NONET_TECH_BUG, 56, "bivalue universal grave", find_bug},
    {NONET_TECH_ALIGNED_PAIR_EXCLUSION, 62, "aligned pair exclusion", find_aligned_pairs},
    /* from here on, each rung finds the one step SE would take (the
     * shortest chain), except aligned triples (all of them, as above) */
    {NONET_TECH_X_CYCLE, 65, "x-cycle", find_chains}, /* and the four below */
    {NONET_TECH_Y_CYCLE, 65, "y-cycle", NULL},
    {NONET_TECH_FORCING_X_CHAIN, 66, "forcing x-chain", NULL},
    {NONET_TECH_XY_CYCLE, 70, "cycle", NULL},
    {NONET_TECH_FORCING_CHAIN, 70, "forcing chain", NULL},
    {NONET_TECH_ALIGNED_TRIPLE_EXCLUSION, 75, "aligned triple exclusion", find_aligned_triples},
    {NONET_TECH_NISHIO, 75, "nishio forcing chain", find_chains},
    {NONET_TECH_MULTIPLE_FORCING_CHAINS, 80, "multiple forcing chains", find_chains},
    {NONET_TECH_DYNAMIC_FORCING_CHAINS, 85, "dynamic forcing chains", find_chains},
    {NONET_TECH_DYNAMIC_FORCING_CHAINS_PLUS, 90, "dynamic forcing chains (+)", find_chains},
    {NONET_TECH_NESTED_FORCING_CHAINS, 95, "nested forcing chains", find_chains},
    {NONET_TECH_NESTED_MULTIPLE_FORCING_CHAINS, 100, "nested multiple forcing chains", find_chains},
    {NONET_TECH_NESTED_DYNAMIC_FORCING_CHAINS, 105, "nested dynamic forcing chains", find_chains},
    {NONET_TECH_NESTED_DYNAMIC_FORCING_CHAINS_PLUS, 110, "nested dynamic forcing chains (+)",
     find_chains},
};
#define LADDER_LEN ((int)(sizeof ladder / sizeof ladder[0]))

struct nonet_human {
    int started;
    hstate s;
    /* Chains take the first chain SE's scan meets, which depends on how
     * the grid is turned; nonet looks for it in the minlex orientation of
     * the starting digits, so that every isomorph takes the same path. */
    int oriented; /* 0: not yet, 1: canon holds it, -1: none (not 9x9) */
    canon_transform canon;
    canon9_work canon_work; /* canon9's memory, kept from puzzle to puzzle */
    uint8_t cell_back[81];
    uint8_t digit_back[10];
    hstate turned;
    int ceiling; /* 0, or the highest base difficulty used */
    hlist found; /* the steps of the last find */
    int found_valid;
    nonet_solver *solver; /* for the uniqueness check of a rating */
    nonet_stop stop;      /* nonet_human_set_stop's; zero: never stop */
    stop_watch watch;     /* the stop, as the finders tick it */
    /* The position of the last find, whose rungs below last_rung found
     * nothing (0: none kept), and where the next find looks on those
     * rungs (look_where_changed). */
    int last_rung;
    uint8_t last_value[NONET_MAX_CELLS];
    uint64_t last_cand[NONET_MAX_CELLS];
    uint64_t look_units[(H_MAX_UNITS + 63) / 64], look_cells[NONET_MAX_CELLS / 64];
};

const char *nonet_technique_name(nonet_technique technique)
{
    for (int i = 0; i < LADDER_LEN; i++)
        if (ladder[i].technique == technique)
            return ladder[i].name;
    return NULL;
}

int nonet_technique_from_name(const char *name, nonet_technique *technique)
{
    if (!name || !technique)
        return NONET_EARG;
    for (int i = 0; i < LADDER_LEN; i++)
        if (strcasecmp(ladder[i].name, name) == 0) {
            *technique = ladder[i].technique;
            return NONET_OK;
        }
    return NONET_EARG;
}

int nonet_technique_base(nonet_technique technique)
{
    for (int i = 0; i < LADDER_LEN; i++)
        if (ladder[i].technique == technique)
            return ladder[i].base;
    return 0;
}

/* The levels of puzzle books, by their rating bounds in tenths (0: none). */
static const struct {
    const char *name;
    int min, max;
} levels[] = {
    {"easy", 10, 12},     {"medium", 13, 15},    {"hard", 16, 25},
    {"fiendish", 26, 60}, {"diabolical", 61, 0},
};

const char *nonet_level_name(int difficulty)
{
    size_t k = 0;
    while (levels[k].max && difficulty > levels[k].max)
        k++;
    return levels[k].name;
}

int nonet_level_bounds(const char *name, int *min, int *max)
{
    if (!name || !min || !max)
        return NONET_EARG;
    for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
        if (strcasecmp(levels[k].name, name) == 0) {
            *min = levels[k].min;
            *max = levels[k].max;
            return NONET_OK;
        }
    return NONET_EARG;
}

/* Whether rung i runs on this position's board, under the ceiling. */
static int rung_runs(const nonet_human *h, int i)
{
    nonet_technique t = ladder[i].technique;
    if (h->ceiling && ladder[i].base > h->ceiling)
        return 0;
    if (t >= NONET_TECH_X_CYCLE && h->s.n > CHAIN_MAX_SIDE)
        return 0;
    return t < NONET_TECH_NESTED_FORCING_CHAINS || h->s.n <= CHAIN_NEST_MAX_SIDE;
}

int nonet_human_set_ceiling(nonet_human *h, int difficulty)
{
    if (!h || difficulty < 0)
        return NONET_EARG;
    h->ceiling = difficulty;
    h->found_valid = 0;
    h->last_rung = 0; /* other rungs run */
    return NONET_OK;
}

int nonet_human_limit(const nonet_human *h, nonet_technique *next)
{
    int best = 110, which = NONET_TECH_COUNT;
    for (int i = 0; h && h->started && i < LADDER_LEN; i++)
        if (ladder[i].find && !rung_runs(h, i) &&
            (which == NONET_TECH_COUNT || ladder[i].base < best)) {
            best = ladder[i].base;
            which = (int)ladder[i].technique;
        }
    if (next)
        *next = (nonet_technique)which;
    return h && h->started ? best : 0;
}

nonet_human *nonet_human_new(void)
{
    nonet_human *h = calloc(1, sizeof *h);
    return h;
}

void nonet_human_set_stop(nonet_human *h, const nonet_stop *stop)
{
    if (!h)
        return;
    if (stop)
        h->stop = *stop;
    else
        memset(&h->stop, 0, sizeof h->stop);
    nonet_solver_set_stop(h->solver, &h->stop);
}

void human_set_reference(nonet_human *h, int on)
{
    if (h)
        h->found.reference = on;
}

void nonet_human_free(nonet_human *h)
{
    if (!h)
        return;
    hlist_free(&h->found);
    canon9_work_free(&h->canon_work);
    nonet_solver_free(h->solver);
    free(h);
}

int nonet_human_start(nonet_human *h, const nonet_grid *puzzle, const nonet_marks *marks)
{
    if (!h || !puzzle || !grid_well_formed(puzzle))
        return NONET_EARG;
    h->started = 0;
    h->found_valid = 0;
    h->oriented = 0;
    h->last_rung = 0;
    hlist_clear(&h->found);
    int rc = hstate_load(&h->s, puzzle, marks);
    if (rc != NONET_OK)
        return rc;
    h->started = 1;
    return NONET_OK;
}

/* The minlex orientation of the starting digits (computed once). */
static int orient(nonet_human *h)
{
    if (h->oriented)
        return h->oriented > 0;
    h->oriented = -1;
    const hstate *s = &h->s;
    if (s->box_rows != 3 || s->box_cols != 3)
        return 0;
    uint8_t digits[81];
    memcpy(digits, s->value, 81);
    if (!canon9(digits, &h->canon, &h->canon_work))
        return 0;
    for (int c = 0; c < 81; c++)
        h->cell_back[h->canon.cell[c]] = (uint8_t)c;
    for (int d = 0; d <= 9; d++)
        h->digit_back[h->canon.digit[d]] = (uint8_t)d;
    h->oriented = 1;
    return 1;
}

static uint64_t digits_back(const nonet_human *h, uint64_t set)
{
    uint64_t out = 0;
    for (; set; set &= set - 1)
        out |= (uint64_t)1 << (h->digit_back[lowest_bit(set) + 1] - 1);
    return out;
}

static uint64_t digits_turned(const nonet_human *h, uint64_t set)
{
    uint64_t out = 0;
    for (; set; set &= set - 1)
        out |= (uint64_t)1 << (h->canon.digit[lowest_bit(set) + 1] - 1);
    return out;
}

/* Runs a chain finder on the position turned to its minlex orientation
 * and turns the hints it adds back. Returns 0 when there is no
 * orientation (the finder then runs on the position as it is). */
/* A unit of the turned position, back in the position's own. */
static int unit_back(const nonet_human *h, int unit)
{
    const hstate *s = &h->s;
    const hunit *u = &h->turned.unit[unit];
    int a = h->cell_back[u->cells[0]], b = h->cell_back[u->cells[1]];
    int kind = u->kind == UNIT_BOX                                    ? UNIT_BOX
               : s->units_of[a][UNIT_ROW] == s->units_of[b][UNIT_ROW] ? UNIT_ROW
                                                                      : UNIT_COL;
    return s->units_of[a][kind];
}

static int find_turned(nonet_human *h, hfind_fn *find, int technique)
{
    if (!orient(h))
        return 0;
    const hstate *s = &h->s;
    /* the position turned: a symmetry of the grid maps units to units, so
     * the turned candidates are as consistent as the position's */
    uint8_t value[81];
    uint64_t cand[81];
    for (int c = 0; c < 81; c++) {
        int to = h->canon.cell[c], v = s->value[c];
        value[to] = (uint8_t)h->canon.digit[v];
        cand[to] = v ? 0 : digits_turned(h, s->cand[c]);
    }
    if (h->turned.box_rows != 3 || h->turned.box_cols != 3)
        hstate_init(&h->turned, 3, 3);
    hstate_set(&h->turned, value, cand);
    int first = h->found.nhints;
    find(&h->turned, technique, &h->found);
    hlist *l = &h->found;
    for (int i = first; i < l->nhints; i++) {
        hhint *x = &l->hints[i];
        for (int k = x->pattern; k < x->elim + x->nelim; k++) {
            l->items[k].cell = h->cell_back[l->items[k].cell];
            l->items[k].digits = digits_back(h, l->items[k].digits);
        }
        for (int k = x->chain; k < x->chain + x->nchain; k++) {
            l->nodes[k].cell = h->cell_back[l->nodes[k].cell];
            l->nodes[k].digit = h->digit_back[l->nodes[k].digit];
            if (l->nodes[k].unit >= 0)
                l->nodes[k].unit = unit_back(h, l->nodes[k].unit);
        }
        for (int k = 0; k < x->nunits; k++)
            x->units[k] = unit_back(h, x->units[k]);
    }
    return 1;
}

/* The rung of a technique. */
static int rung_of(nonet_technique technique)
{
    int i = 0;
    while (i < LADDER_LEN - 1 && ladder[i].technique != technique)
        i++;
    return i;
}

/* Whether rung i may look only where the position changed since the last
 * find: it found nothing there (known: the rung that found something),
 * and so, for the direct pointing and claiming (whose single may lie in a
 * unit that changed while the pattern's did not), did the plain form. */
static int may_look_at_changes(const nonet_human *h, int i, int known)
{
    if (i >= known)
        return 0;
    nonet_technique t = ladder[i].technique;
    int plain = t == NONET_TECH_DIRECT_POINTING   ? rung_of(NONET_TECH_POINTING)
                : t == NONET_TECH_DIRECT_CLAIMING ? rung_of(NONET_TECH_CLAIMING)
                                                  : i;
    return plain < known && rung_runs(h, plain);
}

/* The units with a cell changed since the last find, and their cells,
 * into h->look_units and h->look_cells; returns the last find's rung
 * (below it, each rung found nothing there), or 0 when there is none to
 * go by (no last find, the plain path of the tests, or a position that is
 * not the last one with candidates removed and digits placed). */
static int look_where_changed(nonet_human *h)
{
    const hstate *s = &h->s;
    int known = h->last_rung;
    h->last_rung = 0;
    if (!known || h->found.reference)
        return 0;
    memset(h->look_units, 0, sizeof h->look_units);
    memset(h->look_cells, 0, (size_t)(s->ncells + 63) / 64 * sizeof *h->look_cells);
    for (int c = 0; c < s->ncells; c++) {
        int v = s->value[c], was = h->last_value[c];
        uint64_t cand = s->cand[c], had = h->last_cand[c];
        if (v == was && cand == had)
            continue;
        if (was || (v ? !(had >> (v - 1) & 1) : (cand & ~had) != 0))
            return 0;
        for (int k = 0; k < H_UNITS_PER_CELL; k++) {
            int u = s->units_of[c][k];
            h->look_units[u >> 6] |= (uint64_t)1 << (u & 63);
        }
    }
    for (int u = 0; u < s->nunits; u++)
        if (h->look_units[u >> 6] >> (u & 63) & 1)
            for (int k = 0; k < s->n; k++) {
                int c = s->unit[u].cells[k];
                h->look_cells[c >> 6] |= (uint64_t)1 << (c & 63);
            }
    return known;
}

/* Keeps the position for the next find: rungs below `rung` found nothing.
 * Not after a single: the rungs below one are the cheapest, and comparing
 * and keeping the position would cost more than looking at a part saves
 * (the 17-clue set rates with 12% more instructions). */
static void keep_position(nonet_human *h, int rung)
{
    const hstate *s = &h->s;
    if (rung <= rung_of(NONET_TECH_NAKED_SINGLE))
        return;
    h->last_rung = rung;
    memcpy(h->last_value, s->value, (size_t)s->ncells);
    memcpy(h->last_cand, s->cand, (size_t)s->ncells * sizeof *s->cand);
}

int nonet_human_find(nonet_human *h)
{
    if (!h || !h->started)
        return NONET_EARG;
    hlist_clear(&h->found);
    h->found_valid = 1;
    if (h->s.empty == 0)
        return 0;
    /* a chain's propagation takes microseconds: a look every 256 */
    watch_start(&h->watch, &h->stop, 256);
    h->found.watch = h->watch.stop ? &h->watch : NULL;
    /* the rungs that found nothing in the last find's position look only
     * where this one differs from it (hlist.look_units) */
    int known = look_where_changed(h);
    for (int i = 0; i < LADDER_LEN; i++) {
        if (!ladder[i].find || !rung_runs(h, i))
            continue;
        if (h->watch.stop && (h->watch.status = stop_check(h->watch.stop)) != NONET_OK)
            break;
        int part = may_look_at_changes(h, i, known);
        h->found.look_units = part ? h->look_units : NULL;
        h->found.look_cells = part ? h->look_cells : NULL;
        if (ladder[i].find != find_chains || !find_turned(h, ladder[i].find, ladder[i].technique))
            ladder[i].find(&h->s, ladder[i].technique, &h->found);
        h->found.look_units = h->found.look_cells = NULL;
        if (h->watch.status)
            break;
        if (h->found.failed) {
            hlist_clear(&h->found);
            h->found_valid = 0;
            return NONET_ENOMEM;
        }
        if (h->found.nhints > 0) {
            keep_position(h, i);
            return h->found.nhints;
        }
    }
    if (h->watch.status) {
        hlist_clear(&h->found);
        h->found_valid = 0;
        return h->watch.status;
    }
    keep_position(h, LADDER_LEN);
    return 0;
}

int nonet_human_step(const nonet_human *h, int i, nonet_step *step)
{
    if (!h || !step || !h->found_valid || i < 0 || i >= h->found.nhints)
        return NONET_EARG;
    const hhint *x = &h->found.hints[i];
    const cell_digits *items = h->found.items;
    step->technique = (nonet_technique)x->technique;
    step->difficulty = x->difficulty;
    step->nunits = x->nunits;
    memcpy(step->units, x->units, sizeof step->units);
    step->pattern = items + x->pattern;
    step->npattern = x->npattern;
    step->placements = items + x->place;
    step->nplacements = x->nplace;
    step->eliminations = items + x->elim;
    step->neliminations = x->nelim;
    step->chain_kind = (nonet_chain_kind)x->kind;
    step->chain = x->nchain ? h->found.nodes + x->chain : NULL;
    step->nchain = x->nchain;
    step->chain_parents = x->nparents ? h->found.parents + x->parents : NULL;
    step->nchain_parents = x->nparents;
    step->complexity = x->complexity;
    return NONET_OK;
}

/* Applies one hint; returns 1 if it changed the position, 0 if an earlier
 * hint did it all, NONET_ECONFLICT when a placement is impossible. */
static int apply_hint(hstate *s, const hhint *x, const cell_digits *items)
{
    int changed = 0;
    for (int k = 0; k < x->nelim; k++) {
        const cell_digits *e = &items[x->elim + k];
        if (!s->value[e->cell] && (s->cand[e->cell] & e->digits)) {
            hstate_remove(s, e->cell, e->digits);
            changed = 1;
        }
    }
    for (int k = 0; k < x->nplace; k++) {
        const cell_digits *p = &items[x->place + k];
        int d = lowest_bit(p->digits) + 1;
        if (s->value[p->cell] == d)
            continue;
        if (s->value[p->cell] || !(s->cand[p->cell] & p->digits))
            return NONET_ECONFLICT;
        hstate_place(s, p->cell, d);
        changed = 1;
    }
    return changed;
}

int nonet_human_apply(nonet_human *h, int i)
{
    if (!h || !h->found_valid || i < -1 || i >= h->found.nhints || h->found.nhints == 0)
        return NONET_EARG;
    int from = i < 0 ? 0 : i, to = i < 0 ? h->found.nhints : i + 1, applied = 0;
    for (int k = from; k < to; k++) {
        hhint *x = &h->found.hints[k];
        if (x->done)
            continue;
        x->done = 1;
        int rc = apply_hint(&h->s, x, h->found.items);
        if (rc < 0) {
            h->found_valid = 0;
            return rc;
        }
        applied += rc;
    }
    return applied;
}

int nonet_human_solved(const nonet_human *h)
{
    return h && h->started && h->s.empty == 0;
}

void nonet_human_position(const nonet_human *h, nonet_grid *grid, nonet_marks *marks)
{
    if (!h || !grid)
        return;
    nonet_grid_init(grid, h->s.box_rows, h->s.box_cols);
    for (int c = 0; c < h->s.ncells; c++) {
        grid->cells[c] = h->s.value[c];
        if (marks)
            marks->cands[c] = h->s.value[c] ? (uint64_t)1 << (h->s.value[c] - 1) : h->s.cand[c];
    }
}

int nonet_human_rate(nonet_human *h, const nonet_grid *puzzle, const nonet_marks *marks,
                     nonet_rating *out)
{
    if (!h || !puzzle || !out)
        return NONET_EARG;
    memset(out, 0, sizeof *out);
    int rc = nonet_human_start(h, puzzle, marks);
    if (rc != NONET_OK)
        return rc;
    if (!h->solver) {
        if (!(h->solver = nonet_solver_new(NONET_ENGINE_AUTO)))
            return NONET_ENOMEM;
        nonet_solver_set_stop(h->solver, &h->stop);
    }
    uint64_t count = 0;
    rc = nonet_solver_count_marks(h->solver, puzzle, marks, 2, &count, NULL, NULL);
    if (rc != NONET_OK)
        return rc;
    if (count != 1)
        return count == 0 ? NONET_ENOSOLUTION : NONET_ENOTUNIQUE;
    for (;;) {
        int found = nonet_human_find(h);
        if (found < 0)
            return found;
        if (found == 0) {
            out->stuck = !nonet_human_solved(h);
            if (out->stuck)
                out->at_least = nonet_human_limit(h, &out->beyond);
            else
                out->beyond = NONET_TECH_COUNT;
            return NONET_OK;
        }
        for (int k = 0; k < found; k++) {
            const hhint *x = &h->found.hints[k];
            int changed = apply_hint(&h->s, x, h->found.items);
            if (changed < 0)
                return NONET_ENOSOLUTION; /* cannot happen with one solution */
            if (!changed)
                continue;
            out->steps++;
            out->count[x->technique]++;
            if (x->difficulty > out->difficulty) {
                out->difficulty = x->difficulty;
                out->hardest = (nonet_technique)x->technique;
            }
        }
        h->found_valid = 0;
    }
}
