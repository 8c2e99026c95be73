/* teach_tactics.c - the teaching solver "tactics": a candidate set per
 * cell, tactic 1 (singletons leave their units), tactic 2 (a digit with
 * one place in a unit goes there) and tactic 3 (guess in the first
 * undecided cell, on a copy), with one correction: a grid of singletons is
 * solved only if it obeys the rules. */
#include "teach/teach.h"

#include <stdlib.h>
#include <string.h>

/* What one run needs: the shape, the statistics and the trace. */
typedef struct tactics {
    const nonet_grid *shape; /* only its shape is used */
    int n, cells;
    nonet_tactics_stats st;
    nonet_trace_fn trace;
    void *ctx;
    teach_display shown;
} tactics;

enum { UNSOLVED = 0, SOLVED = 1 };

static int is_singleton(uint64_t set)
{
    return set != 0 && (set & (set - 1)) == 0;
}

/* Tactic 1, one scan. Returns whether a set changed. */
static int tactic1(const tactics *t, uint64_t *sets)
{
    int n = t->n, changed = 0;
    for (int unit = 0; unit < 3 * n; unit++)
        for (int k = 0; k < n; k++) {
            uint64_t single = sets[teach_unit_cell(t->shape, unit, k)];
            if (!is_singleton(single))
                continue;
            for (int j = 0; j < n; j++) {
                int other = teach_unit_cell(t->shape, unit, j);
                if (j != k && (sets[other] & single) != 0) {
                    sets[other] &= ~single;
                    changed = 1;
                }
            }
        }
    return changed;
}

/* Tactic 2, one scan. Returns whether a set changed. Nothing runs tactic 1
 * between two units here, so a scan may well give two cells of a column
 * the same digit: see full_grid_ok. */
static int tactic2(const tactics *t, uint64_t *sets)
{
    int n = t->n, changed = 0;
    for (int unit = 0; unit < 3 * n; unit++)
        for (int d = 0; d < n; d++) {
            uint64_t bit = (uint64_t)1 << d;
            int holders = 0, where = -1;
            for (int k = 0; k < n && holders < 2; k++) {
                int cell = teach_unit_cell(t->shape, unit, k);
                if (sets[cell] & bit) {
                    holders++;
                    where = cell;
                }
            }
            if (holders == 1 && sets[where] != bit) {
                sets[where] = bit;
                changed = 1;
            }
        }
    return changed;
}

/* The first empty set in row-major order, or -1. */
static int first_empty(const tactics *t, const uint64_t *sets)
{
    for (int cell = 0; cell < t->cells; cell++)
        if (sets[cell] == 0)
            return cell;
    return -1;
}

/* The first set that is not a singleton in row-major order, or -1. */
static int first_undecided(const tactics *t, const uint64_t *sets)
{
    for (int cell = 0; cell < t->cells; cell++)
        if (!is_singleton(sets[cell]))
            return cell;
    return -1;
}

/* The correction to the handout: a grid of singletons is a solution only
 * if no digit repeats in a row, column or box. Returns SOLVED, or UNSOLVED
 * (traced) as for an empty set. */
static int full_grid_ok(tactics *t, const uint64_t *sets)
{
    nonet_grid g;
    nonet_check_result res;
    nonet_grid_init(&g, t->shape->box_rows, t->shape->box_cols);
    for (int cell = 0; cell < t->cells; cell++)
        g.cells[cell] = (uint8_t)(lowest_bit(sets[cell]) + 1);
    if (nonet_check(&g, &res) == NONET_OK) {
        teach_say(t->trace, t->ctx, "every set is a singleton: solved\n");
        return SOLVED;
    }
    char why[160];
    nonet_describe_conflict(&res.conflict, t->n, why, sizeof why);
    teach_say(t->trace, t->ctx, "every set is a singleton, but %s: no solution\n", why);
    t->st.rejected++;
    return UNSOLVED;
}

/* Traces the sets after a tactic scan. */
static int show(tactics *t, int tactic, int changed, const uint64_t *sets)
{
    teach_say(t->trace, t->ctx, "tactic %d: %s\n", tactic, changed ? "changed" : "no change");
    return teach_show_sets(&t->shown, t->shape, sets, t->trace, t->ctx);
}

static int tactic3(tactics *t, uint64_t *sets);

/* The solver loop on sets. Returns SOLVED (sets then hold the solution),
 * UNSOLVED, or NONET_ENOMEM. */
static int solve(tactics *t, uint64_t *sets)
{
    t->st.nodes++;
    for (;;) {
        int changed1 = tactic1(t, sets);
        t->st.tactic1++;
        if (show(t, 1, changed1, sets) != NONET_OK)
            return NONET_ENOMEM;
        int empty = first_empty(t, sets);
        if (empty >= 0) {
            teach_say(t->trace, t->ctx, "empty set at row %d, column %d: no solution\n",
                      empty / t->n + 1, empty % t->n + 1);
            return UNSOLVED;
        }
        int changed2 = tactic2(t, sets);
        t->st.tactic2++;
        if (show(t, 2, changed2, sets) != NONET_OK)
            return NONET_ENOMEM;
        if (!changed1 && !changed2)
            break;
        if (first_undecided(t, sets) < 0)
            return full_grid_ok(t, sets);
    }
    return tactic3(t, sets);
}

/* Tactic 3: each digit of the first undecided cell, ascending, on a copy. */
static int tactic3(tactics *t, uint64_t *sets)
{
    int cell = first_undecided(t, sets);
    /* The loop can also end on a full grid of singletons (when neither
     * tactic changed one): there is nothing to guess, only to check. */
    if (cell < 0)
        return full_grid_ok(t, sets);
    int row = cell / t->n + 1, col = cell % t->n + 1;
    size_t bytes = (size_t)t->cells * sizeof *sets;
    uint64_t *copy = malloc(bytes);
    if (copy == NULL)
        return NONET_ENOMEM;
    int result = UNSOLVED;
    for (uint64_t left = sets[cell]; left != 0; left &= left - 1) {
        uint64_t bit = left & (~left + 1);
        memcpy(copy, sets, bytes);
        copy[cell] = bit;
        t->st.guesses++;
        teach_say(t->trace, t->ctx, "trying %d at row %d, column %d\n", lowest_bit(bit) + 1, row,
                  col);
        result = solve(t, copy);
        if (result != UNSOLVED)
            break;
        t->st.backups++;
        teach_say(t->trace, t->ctx, "backing up from row %d, column %d\n", row, col);
    }
    if (result == SOLVED)
        memcpy(sets, copy, bytes);
    else if (result == UNSOLVED)
        teach_say(t->trace, t->ctx, "no digit works at row %d, column %d: no solution\n", row, col);
    free(copy);
    return result;
}

int nonet_teach_tactics(const nonet_grid *puzzle, nonet_grid *out, nonet_tactics_stats *stats,
                        nonet_trace_fn trace, void *ctx)
{
    if (stats != NULL)
        memset(stats, 0, sizeof *stats);
    int early;
    if (teach_screen(puzzle, out, &early))
        return early;

    tactics t;
    memset(&t, 0, sizeof t);
    t.shape = puzzle;
    t.n = puzzle->n;
    t.cells = t.n * t.n;
    t.trace = trace;
    t.ctx = ctx;
    uint64_t *sets = calloc((size_t)t.cells, sizeof *sets);
    if (sets == NULL)
        return NONET_ENOMEM;
    for (int cell = 0; cell < t.cells; cell++) {
        int d = puzzle->cells[cell];
        sets[cell] = d != 0 ? (uint64_t)1 << (d - 1) : full_set(t.n);
    }

    int result = solve(&t, sets);
    if (result >= 0 && out != NULL) {
        nonet_grid_copy(out, puzzle);
        if (result == SOLVED)
            for (int cell = 0; cell < t.cells; cell++)
                out->cells[cell] = (uint8_t)(lowest_bit(sets[cell]) + 1);
    }
    if (result >= 0 && stats != NULL)
        *stats = t.st;
    teach_display_free(&t.shown);
    free(sets);
    if (result < 0)
        return result;
    return result == SOLVED ? NONET_TEACH_SOLVED : NONET_TEACH_NO_SOLUTION;
}
