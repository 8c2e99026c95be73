/* engine_dlx.c - the "dlx" engine: each puzzle becomes the exact cover
 * problem that nonet_xc_from_sudoku would write (same items, same options,
 * same order, so the same search and node counts as `nonet dlx | nonet
 * xc`), built by calls rather than through text, and is solved by the
 * dancing-links search of xc.c. Pencil marks leave out the options of the
 * digits they exclude from a cell; the items stay the same. Every size;
 * slower than the other engines, it is there to cross-check them. */
#include "core/internal.h"
#include "solve/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dlx_state {
    nonet_xc *x;
    int *opt_cell; /* each option's cell and digit */
    uint8_t *opt_digit;
    size_t opt_cap;
    int item_p[NONET_MAX_CELLS];                   /* item of each empty cell */
    int item_u[3][NONET_MAX_SIDE][NONET_MAX_SIDE]; /* row/column/box, digit-1 */
    /* the puzzle being solved, for the callback */
    const nonet_grid *puzzle;
    nonet_grid grid;
    nonet_solution_fn fn;
    void *ctx;
} dlx_state;

static int dlx_supports(int box_rows, int box_cols)
{
    (void)box_rows;
    (void)box_cols;
    return 1;
}

static void *dlx_create(void)
{
    return calloc(1, sizeof(dlx_state));
}

static void dlx_destroy(void *state)
{
    dlx_state *s = state;
    if (!s)
        return;
    nonet_xc_free(s->x);
    free(s->opt_cell);
    free(s->opt_digit);
    free(s);
}

static void name_of(char *buf, size_t cap, char kind, int a, int b, int n)
{
    snprintf(buf, cap, n <= 9 ? "%c%d%d" : "%c%d_%d", kind, a, b);
}

/* Builds the cover of a puzzle whose clues do not conflict, without the
 * options (cell, digit) that marks (NULL: none) exclude. A blank cell
 * whose mark leaves it no option keeps its item: nothing can cover it. */
static int build(dlx_state *s, const nonet_grid *g, const uint64_t *marks)
{
    int n = g->n, br = g->box_rows, bc = g->box_cols;
    uint64_t present[3][NONET_MAX_SIDE] = {{0}};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (g->cells[r * n + c]) {
                uint64_t bit = (uint64_t)1 << (g->cells[r * n + c] - 1);
                present[0][r] |= bit;
                present[1][c] |= bit;
                present[2][(r / br) * br + c / bc] |= bit;
            }
    nonet_xc_free(s->x);
    s->x = nonet_xc_new(NULL, NULL);
    if (!s->x)
        return NONET_ENOMEM;
    char name[16];
    for (int i = 0; i < n * n; i++)
        if (!g->cells[i]) {
            name_of(name, sizeof name, 'p', i / n, i % n, n);
            if ((s->item_p[i] = nonet_xc_add_item(s->x, name, 0)) < 0)
                return NONET_ENOMEM;
        }
    static const char kinds[3] = {'r', 'c', 'b'};
    for (int u = 0; u < 3; u++)
        for (int k = 0; k < n; k++)
            for (int d = 1; d <= n; d++)
                if (!(present[u][k] >> (d - 1) & 1)) {
                    name_of(name, sizeof name, kinds[u], k, d, n);
                    if ((s->item_u[u][k][d - 1] = nonet_xc_add_item(s->x, name, 0)) < 0)
                        return NONET_ENOMEM;
                }
    size_t options = 0;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (g->cells[r * n + c])
                continue;
            int b = (r / br) * br + c / bc;
            uint64_t taken = present[0][r] | present[1][c] | present[2][b];
            if (marks)
                taken |= ~marks[r * n + c];
            for (int d = 1; d <= n; d++) {
                if (taken >> (d - 1) & 1)
                    continue;
                if (options == s->opt_cap) {
                    size_t cap = s->opt_cap ? s->opt_cap * 2 : 1024;
                    int *cells = realloc(s->opt_cell, cap * sizeof *cells);
                    if (cells)
                        s->opt_cell = cells;
                    uint8_t *digits = cells ? realloc(s->opt_digit, cap) : NULL;
                    if (!digits)
                        return NONET_ENOMEM;
                    s->opt_digit = digits;
                    s->opt_cap = cap;
                }
                int items[4] = {s->item_p[r * n + c], s->item_u[0][r][d - 1],
                                s->item_u[1][c][d - 1], s->item_u[2][b][d - 1]};
                int rc = nonet_xc_add_option(s->x, items, NULL, 4);
                if (rc != NONET_OK)
                    return rc;
                s->opt_cell[options] = r * n + c;
                s->opt_digit[options] = (uint8_t)d;
                options++;
            }
        }
    }
    return NONET_OK;
}

static int on_solution(void *ctx, const nonet_xc_choice *levels, size_t count)
{
    dlx_state *s = ctx;
    nonet_grid_copy(&s->grid, s->puzzle);
    for (size_t l = 0; l < count; l++)
        s->grid.cells[s->opt_cell[levels[l].option]] = s->opt_digit[levels[l].option];
    return s->fn ? s->fn(s->ctx, &s->grid) : 0;
}

static int dlx_run(void *state, const nonet_grid *puzzle, const uint64_t *marks, uint64_t limit,
                   nonet_solution_fn fn, void *ctx, uint64_t *count, nonet_stats *stats,
                   const nonet_stop *stop)
{
    dlx_state *s = state;
    int rc = build(s, puzzle, marks);
    if (rc != NONET_OK)
        return NONET_ENOMEM;
    s->puzzle = puzzle;
    s->fn = fn;
    s->ctx = ctx;
    nonet_xc_stats st;
    nonet_xc_set_stop(s->x, stop);
    rc = nonet_xc_solve(s->x, limit, on_solution, s, &st);
    *count = st.solutions;
    stats->nodes = st.nodes;
    stats->guesses = st.guesses;
    if (rc == NONET_OK || rc == NONET_ECANCELED || rc == NONET_ETIMEOUT)
        return rc;
    return NONET_ENOMEM;
}

const engine_ops engine_dlx = {
    "dlx", dlx_supports, dlx_create, dlx_destroy, dlx_run, 0,
};
