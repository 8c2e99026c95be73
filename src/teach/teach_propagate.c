/* teach_propagate.c - the teaching solver "propagate": elimination of
 * placed digits to a steady state, counting passes and events. */
#include "teach/teach.h"

#include <stdlib.h>
#include <string.h>

/* The digits placed so far in each row, column and box. */
typedef struct placed {
    uint64_t rows[NONET_MAX_SIDE], cols[NONET_MAX_SIDE], boxes[NONET_MAX_SIDE];
} placed;

static int box_index(const nonet_grid *g, int r, int c)
{
    return r / g->box_rows * (g->n / g->box_cols) + c / g->box_cols;
}

static void place(placed *pl, nonet_grid *g, int cell, int digit)
{
    int r = cell / g->n, c = cell % g->n;
    uint64_t bit = (uint64_t)1 << (digit - 1);
    g->cells[cell] = (uint8_t)digit;
    pl->rows[r] |= bit;
    pl->cols[c] |= bit;
    pl->boxes[box_index(g, r, c)] |= bit;
}

/* One pass over the blank cells. Returns the blank cell that lost its last
 * candidate, or -1; adds what it did to *removed and *added. */
static int run_pass(nonet_grid *g, uint64_t *sets, placed *pl, uint64_t *removed, uint64_t *added)
{
    int n = g->n;
    for (int cell = 0; cell < n * n; cell++) {
        if (g->cells[cell] != 0)
            continue;
        int r = cell / n, c = cell % n;
        /* Scanning the row, column and box for each candidate is the same
         * as looking it up in the masks of the digits placed there; each
         * candidate found there is one event. */
        uint64_t there = pl->rows[r] | pl->cols[c] | pl->boxes[box_index(g, r, c)];
        uint64_t gone = sets[cell] & there;
        sets[cell] &= ~gone;
        *removed += (uint64_t)popcount64(gone);
        if (sets[cell] == 0)
            return cell;
        if ((sets[cell] & (sets[cell] - 1)) == 0) {
            place(pl, g, cell, lowest_bit(sets[cell]) + 1);
            ++*added;
        }
    }
    return -1;
}

int nonet_teach_propagate(const nonet_grid *puzzle, nonet_grid *out, nonet_propagate_stats *stats,
                          nonet_trace_fn trace, void *ctx)
{
    nonet_propagate_stats st = {0, 0};
    if (stats != NULL)
        *stats = st;
    int early;
    if (teach_screen(puzzle, out, &early))
        return early;

    int n = puzzle->n;
    nonet_grid *g = malloc(sizeof *g);
    uint64_t *sets = calloc((size_t)n * (size_t)n, sizeof *sets);
    placed *pl = calloc(1, sizeof *pl);
    teach_display shown = {NULL, 0};
    int outcome = NONET_ENOMEM;
    if (g == NULL || sets == NULL || pl == NULL)
        goto done;

    nonet_grid_copy(g, puzzle);
    for (int cell = 0; cell < n * n; cell++) {
        int d = g->cells[cell];
        if (d != 0) {
            place(pl, g, cell, d);
            sets[cell] = (uint64_t)1 << (d - 1);
        } else {
            sets[cell] = full_set(n);
        }
    }

    int empty_cell;
    for (;;) {
        uint64_t removed = 0, added = 0;
        empty_cell = run_pass(g, sets, pl, &removed, &added);
        st.passes++;
        st.events += removed + added;
        uint64_t events = removed + added;
        teach_say(trace, ctx,
                  "pass %llu: %llu event%s (%llu candidate%s removed, %llu digit%s placed)\n",
                  (unsigned long long)st.passes, (unsigned long long)events, events == 1 ? "" : "s",
                  (unsigned long long)removed, removed == 1 ? "" : "s", (unsigned long long)added,
                  added == 1 ? "" : "s");
        if (teach_show_sets(&shown, g, sets, trace, ctx) != NONET_OK)
            goto done;
        if (empty_cell >= 0 || events == 0)
            break;
    }

    int blanks = 0;
    for (int cell = 0; cell < n * n; cell++)
        blanks += g->cells[cell] == 0;
    if (empty_cell >= 0) {
        teach_say(trace, ctx, "row %d, column %d has no candidate left: no solution\n",
                  empty_cell / n + 1, empty_cell % n + 1);
        outcome = NONET_TEACH_NO_SOLUTION;
    } else if (blanks > 0) {
        teach_say(trace, ctx, "stuck with %d blank cells: too hard for this simple algorithm\n",
                  blanks);
        outcome = NONET_TEACH_STUCK;
    } else {
        teach_say(trace, ctx, "solved\n");
        outcome = NONET_TEACH_SOLVED;
    }
    if (out != NULL)
        nonet_grid_copy(out, g);
    if (stats != NULL)
        *stats = st;

done:
    teach_display_free(&shown);
    free(pl);
    free(sets);
    free(g);
    return outcome;
}
