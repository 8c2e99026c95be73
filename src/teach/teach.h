/* teach.h - pieces shared by the teaching solvers (teach_propagate.c,
 * teach_tactics.c, teach_naive.c); not installed. */
#ifndef NONET_TEACH_H
#define NONET_TEACH_H

#include "core/internal.h"

/* Units of an n-sided grid are numbered 0..3n-1: the rows, then the
 * columns, then the boxes (row-major). The k-th cell of a unit (0..n-1)
 * is counted row-major inside the unit. */
static inline int teach_unit_cell(const nonet_grid *g, int unit, int k)
{
    int n = g->n;
    if (unit < n)
        return unit * n + k;
    if (unit < 2 * n)
        return k * n + (unit - n);
    int box = unit - 2 * n, boxes_across = n / g->box_cols;
    int top = box / boxes_across * g->box_rows, left = box % boxes_across * g->box_cols;
    return (top + k / g->box_cols) * n + left + k % g->box_cols;
}

/* What every teaching solver checks first: returns 1 and sets *result when
 * the solver must stop at once (NONET_EARG for a malformed puzzle;
 * NONET_TEACH_NO_SOLUTION for conflicting clues, with the puzzle copied to
 * out if non-NULL), else 0. */
int teach_screen(const nonet_grid *puzzle, nonet_grid *out, int *result);

/* Formats one message and hands it to trace; does nothing when trace is
 * NULL. Messages longer than 255 bytes are cut (none is). */
void teach_say(nonet_trace_fn trace, void *ctx, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A growable text buffer for the candidate display of the traces. */
typedef struct teach_display {
    char *text;
    size_t cap;
} teach_display;

/* Traces sets (g->n * g->n of them; g gives the shape) in the candidates
 * layout. Returns NONET_OK or NONET_ENOMEM. Does nothing without trace. */
int teach_show_sets(teach_display *d, const nonet_grid *g, const uint64_t *sets,
                    nonet_trace_fn trace, void *ctx);

/* Frees the display's buffer. */
void teach_display_free(teach_display *d);

#endif
