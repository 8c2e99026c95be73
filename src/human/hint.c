/* hint.c - what a hint in levels shows of a step (nonet.h, "Hints in
 * three levels"): the candidates of its pattern that it does not conclude
 * (level 2), and the smallest part of the grid that holds them (level 1).
 * The words are describe.c's. */
#include "human/human.h"

#include <string.h>

/* The digits step concludes in cell: placed there or eliminated there. */
static uint64_t concluded(const nonet_step *st, int cell)
{
    uint64_t m = 0;
    for (int i = 0; i < st->nplacements; i++)
        if (st->placements[i].cell == cell)
            m |= st->placements[i].digits;
    for (int i = 0; i < st->neliminations; i++)
        if (st->eliminations[i].cell == cell)
            m |= st->eliminations[i].digits;
    return m;
}

static int list_valid(const nonet_cell_digits *list, int count, int cells)
{
    if (count < 0 || (count > 0 && !list))
        return 0;
    for (int i = 0; i < count; i++)
        if (list[i].cell < 0 || list[i].cell >= cells)
            return 0;
    return 1;
}

/* Whether st's cells, digits and units fit a grid of side n. */
static int step_valid(const nonet_step *st, int n)
{
    if (!st || n < 1 || n > NONET_MAX_SIDE || st->nunits < 0 || st->nunits > 4)
        return 0;
    int cells = n * n;
    for (int i = 0; i < st->nunits; i++)
        if (st->units[i] < 0 || st->units[i] >= 3 * n)
            return 0;
    if (!list_valid(st->pattern, st->npattern, cells) ||
        !list_valid(st->placements, st->nplacements, cells) ||
        !list_valid(st->eliminations, st->neliminations, cells))
        return 0;
    if (st->chain_kind == NONET_CHAIN_NONE)
        return 1;
    if (st->nchain < 0 || (st->nchain > 0 && !st->chain))
        return 0;
    for (int i = 0; i < st->nchain; i++)
        if (st->chain[i].cell < 0 || st->chain[i].cell >= cells || st->chain[i].digit < 1 ||
            st->chain[i].digit > n)
            return 0;
    return 1;
}

int nonet_step_hint_cells(const nonet_step *st, int n, nonet_cell_digits *out, int max)
{
    if (!step_valid(st, n) || max < 0 || (max > 0 && !out))
        return NONET_EARG;
    int count = 0;
    for (int i = 0; i < st->npattern; i++) {
        const nonet_cell_digits *p = &st->pattern[i];
        if (p->role == NONET_ROLE_TARGET)
            continue;
        if (count < max) {
            out[count] = *p;
            if (p->digits & concluded(st, p->cell))
                out[count].digits = 0; /* the cell alone */
        }
        count++;
    }
    if (st->chain_kind == NONET_CHAIN_NONE)
        return count;
    /* the chain's candidates: an item a cell, where each cell's is */
    int16_t item_of[NONET_MAX_CELLS];
    for (int i = 0; i < st->nchain; i++)
        item_of[st->chain[i].cell] = -1;
    for (int i = 0; i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        uint64_t bit = (uint64_t)1 << (a->digit - 1);
        int held = (concluded(st, a->cell) & bit) != 0;
        for (int k = 0; !held && k < st->npattern; k++)
            held = st->pattern[k].cell == a->cell && st->pattern[k].role != NONET_ROLE_TARGET &&
                   (st->pattern[k].digits & bit);
        if (held)
            continue;
        int at = item_of[a->cell];
        if (at < 0) {
            at = item_of[a->cell] = (int16_t)count++;
            if (at < max) {
                out[at].cell = a->cell;
                out[at].digits = 0;
                out[at].role = NONET_ROLE_CHAIN;
            }
        }
        if (at < max)
            out[at].digits |= bit;
    }
    return count;
}

/* ------------------------------------------------------------ regions */

typedef struct shape {
    int n, br, bc;
} shape;

static int box_of(const shape *g, int cell)
{
    int r = cell / g->n, c = cell % g->n;
    return r / g->br * g->br + c / g->bc;
}

/* Whether unit u (rows, columns, boxes) holds every cell of the set. */
static int unit_holds(const shape *g, int u, const uint8_t *in, int cells)
{
    for (int c = 0; c < cells; c++) {
        if (!in[c])
            continue;
        int mine = u < g->n       ? c / g->n == u
                   : u < 2 * g->n ? c % g->n == u - g->n
                                  : box_of(g, c) == u - 2 * g->n;
        if (!mine)
            return 0;
    }
    return 1;
}

static void region_set(nonet_region *out, nonet_region_kind kind, int index, int first, int step,
                       uint64_t set, int cells)
{
    out->kind = kind;
    out->index = index;
    out->nunits = 0;
    for (; set; set &= set - 1)
        out->units[out->nunits++] = first + step * lowest_bit(set);
    out->cells = cells;
}

int nonet_step_region(const nonet_step *st, int box_rows, int box_cols, nonet_region *out)
{
    if (!out || !shape_valid(box_rows, box_cols))
        return NONET_EARG;
    shape g = {box_rows * box_cols, box_rows, box_cols};
    int n = g.n, cells = n * n;
    if (!step_valid(st, n))
        return NONET_EARG;
    uint8_t in[NONET_MAX_CELLS];
    memset(in, 0, (size_t)cells);
    /* the cells of level 2, read from the pattern and the chain directly:
     * every item of nonet_step_hint_cells is one of these, and each of
     * these is an item's cell */
    int count = 0, first = -1;
    for (int i = 0; i < st->npattern; i++)
        if (st->pattern[i].role != NONET_ROLE_TARGET) {
            count += !in[st->pattern[i].cell];
            in[st->pattern[i].cell] = 1;
            first = first < 0 ? st->pattern[i].cell : first;
        }
    for (int i = 0; st->chain_kind != NONET_CHAIN_NONE && i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        if (concluded(st, a->cell) >> (a->digit - 1) & 1)
            continue;
        count += !in[a->cell];
        in[a->cell] = 1;
        first = first < 0 ? a->cell : first;
    }
    if (count == 0) {
        if (st->nunits > 0)
            region_set(out, NONET_REGION_HOUSE, -1, st->units[0], 0, 1, n);
        else
            region_set(out, NONET_REGION_GRID, -1, 0, 0, 0, cells);
        return NONET_OK;
    }
    /* one house: the step's units first, then the first cell's box, row
     * and column */
    int tries[7], ntries = 0;
    for (int i = 0; i < st->nunits; i++)
        tries[ntries++] = st->units[i];
    tries[ntries++] = 2 * n + box_of(&g, first);
    tries[ntries++] = first / n;
    tries[ntries++] = n + first % n;
    for (int i = 0; i < ntries; i++)
        if (unit_holds(&g, tries[i], in, cells)) {
            out->kind = NONET_REGION_HOUSE;
            out->index = -1;
            out->nunits = 1;
            out->units[0] = tries[i];
            out->cells = n;
            return NONET_OK;
        }
    uint64_t rows = 0, cols = 0, boxes = 0;
    for (int c = 0; c < cells; c++)
        if (in[c]) {
            rows |= (uint64_t)1 << (c / n);
            cols |= (uint64_t)1 << (c % n);
            boxes |= (uint64_t)1 << box_of(&g, c);
        }
    /* the bands (rows of boxes) and stacks the cells lie in */
    uint64_t bands = 0, stacks = 0;
    for (uint64_t m = rows; m; m &= m - 1)
        bands |= (uint64_t)1 << (lowest_bit(m) / box_rows);
    for (uint64_t m = cols; m; m &= m - 1)
        stacks |= (uint64_t)1 << (lowest_bit(m) / box_cols);
    int columns_first = st->nunits > 0 && st->units[0] >= n && st->units[0] < 2 * n;
    /* candidates in the order that wins ties */
    int best = cells;
    region_set(out, NONET_REGION_GRID, -1, 0, 0, 0, cells);
    if (popcount64(bands) == 1 && box_rows * n < best) {
        int b = lowest_bit(bands);
        best = box_rows * n;
        region_set(out, NONET_REGION_BAND, b, 0, 1, full_set(box_rows) << (b * box_rows), best);
    }
    if (popcount64(stacks) == 1 && box_cols * n < best) {
        int s = lowest_bit(stacks);
        best = box_cols * n;
        region_set(out, NONET_REGION_STACK, s, n, 1, full_set(box_cols) << (s * box_cols), best);
    }
    if (popcount64(boxes) * n < best) {
        best = popcount64(boxes) * n;
        region_set(out, NONET_REGION_BOXES, -1, 2 * n, 1, boxes, best);
    }
    for (int k = 0; k < 2; k++) {
        int as_cols = k == !columns_first;
        uint64_t lines = as_cols ? cols : rows;
        if (popcount64(lines) * n < best) {
            best = popcount64(lines) * n;
            region_set(out, as_cols ? NONET_REGION_COLUMNS : NONET_REGION_ROWS, -1, as_cols ? n : 0,
                       1, lines, best);
        }
    }
    return NONET_OK;
}
