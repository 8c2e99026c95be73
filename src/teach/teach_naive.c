/* teach_naive.c - the teaching solver "naive": fill single candidates,
 * then brute force over the remaining blank cells, counting attempts and
 * backtracks. Every legality test is the public nonet_can_place. */
#include "teach/teach.h"

#include <stdlib.h>
#include <string.h>

/* Fills every single candidate, in row-major passes until a pass fills
 * nothing. Returns how many cells it filled. */
static uint64_t fill_singles(nonet_grid *g, nonet_trace_fn trace, void *ctx)
{
    int n = g->n;
    uint64_t filled = 0;
    int again = 1;
    while (again) {
        again = 0;
        for (int cell = 0; cell < n * n; cell++) {
            if (g->cells[cell] != 0)
                continue;
            int r = cell / n, c = cell % n, fits = 0, digit = 0;
            for (int d = 1; d <= n && fits < 2; d++)
                if (nonet_can_place(g, r, c, d) == 1) {
                    fits++;
                    digit = d;
                }
            if (fits != 1)
                continue;
            g->cells[cell] = (uint8_t)digit;
            filled++;
            again = 1;
            teach_say(trace, ctx, "single candidate: %d at row %d, column %d\n", digit, r + 1,
                      c + 1);
        }
    }
    return filled;
}

/* The brute force over the blank cells, listed in blanks[0..count).
 * Returns 1 when g is solved, 0 when the search is exhausted (g then has
 * every one of those cells blank again). */
static int brute_force(nonet_grid *g, const int *blanks, int count, nonet_naive_stats *st,
                       nonet_trace_fn trace, void *ctx)
{
    int n = g->n, i = 0;
    while (i < count) {
        int cell = blanks[i], r = cell / n, c = cell % n;
        /* Coming back to a cell, carry on above the digit it held. */
        int d = g->cells[cell] + 1;
        g->cells[cell] = 0;
        for (; d <= n; d++) {
            if (nonet_can_place(g, r, c, d) == 1)
                break;
            st->attempts++;
            teach_say(trace, ctx, "%d at row %d, column %d is not valid\n", d, r + 1, c + 1);
        }
        if (d <= n) {
            g->cells[cell] = (uint8_t)d;
            teach_say(trace, ctx, "placing %d at row %d, column %d\n", d, r + 1, c + 1);
            i++;
            continue;
        }
        if (i == 0) {
            teach_say(trace, ctx,
                      "no digit fits at row %d, column %d, and there is no earlier empty cell\n",
                      r + 1, c + 1);
            break;
        }
        i--;
        st->backtracks++;
        teach_say(trace, ctx, "backtracking from row %d, column %d to row %d, column %d\n", r + 1,
                  c + 1, blanks[i] / n + 1, blanks[i] % n + 1);
    }
    return i == count;
}

int nonet_teach_naive(const nonet_grid *puzzle, nonet_grid *out, nonet_naive_stats *stats,
                      nonet_trace_fn trace, void *ctx)
{
    nonet_naive_stats st = {0, 0, 0};
    if (stats != NULL)
        *stats = st;
    int early;
    if (teach_screen(puzzle, out, &early))
        return early;

    int n = puzzle->n;
    nonet_grid *g = malloc(sizeof *g);
    int *blanks = malloc((size_t)n * (size_t)n * sizeof *blanks);
    if (g == NULL || blanks == NULL) {
        free(g);
        free(blanks);
        return NONET_ENOMEM;
    }
    nonet_grid_copy(g, puzzle);
    st.singles = fill_singles(g, trace, ctx);
    int count = 0;
    for (int cell = 0; cell < n * n; cell++)
        if (g->cells[cell] == 0)
            blanks[count++] = cell;
    if (count > 0)
        teach_say(trace, ctx, "brute force over %d empty cells\n", count);

    int solved = brute_force(g, blanks, count, &st, trace, ctx);
    teach_say(trace, ctx, "%s: %llu attempt%s, %llu backtrack%s\n",
              solved ? "solved" : "no solution", (unsigned long long)st.attempts,
              st.attempts == 1 ? "" : "s", (unsigned long long)st.backtracks,
              st.backtracks == 1 ? "" : "s");
    if (out != NULL)
        nonet_grid_copy(out, solved ? g : puzzle);
    if (stats != NULL)
        *stats = st;
    free(blanks);
    free(g);
    return solved ? NONET_TEACH_SOLVED : NONET_TEACH_NO_SOLUTION;
}
