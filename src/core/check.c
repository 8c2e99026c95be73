/* check.c - grid verdicts: consistency (the first conflict), completeness,
 * whether a grid solves a puzzle, and conflict sentences for people. */
#include "core/internal.h"

#include <stdio.h>
#include <string.h>

/* The earlier cell of unit (kind, index) that holds digit, scanning the
 * unit in row-major order. Only called once a duplicate is known to exist,
 * and only for the first conflict, so the O(n) scan happens once. */
static void find_earlier(const nonet_grid *g, int kind, int index, int digit, int *row, int *col)
{
    int n = g->n;
    for (int k = 0; k < n; k++) {
        int r, c;
        if (kind == NONET_ROW) {
            r = index;
            c = k;
        } else if (kind == NONET_COL) {
            r = k;
            c = index;
        } else {
            int boxes_across = n / g->box_cols;
            r = index / boxes_across * g->box_rows + k / g->box_cols;
            c = index % boxes_across * g->box_cols + k % g->box_cols;
        }
        if (g->cells[r * n + c] == digit) {
            *row = r;
            *col = c;
            return;
        }
    }
}

int nonet_check(const nonet_grid *g, nonet_check_result *res)
{
    if (g == NULL || res == NULL)
        return NONET_EARG;
    memset(res, 0, sizeof *res);
    /* A corrupt grid has no meaningful verdict, and its shape cannot be
     * trusted to index cells. */
    if (!grid_well_formed(g))
        return NONET_EARG;

    int n = g->n, bc = g->box_cols, br = g->box_rows;
    int boxes_across = n / bc;
    /* Digits seen so far, in row-major order: the current row, every
     * column and every box. A digit already in a mask was met at an
     * earlier cell of that unit. */
    uint64_t row_seen = 0, cols[NONET_MAX_SIDE] = {0}, boxes[NONET_MAX_SIDE] = {0};
    int found = 0;
    uint8_t col_box[NONET_MAX_SIDE]; /* c / bc, without a division per cell */
    for (int c = 0; c < n; c++)
        col_box[c] = (uint8_t)(c / bc);

    for (int r = 0; r < n; r++) {
        row_seen = 0;
        int row_box = r / br * boxes_across;
        for (int c = 0; c < n; c++) {
            int d = g->cells[r * n + c];
            if (d == 0) {
                res->blanks++;
                continue;
            }
            if (found)
                continue;
            uint64_t bit = (uint64_t)1 << (d - 1);
            int b = row_box + col_box[c];
            int kind = -1, index = 0;
            if (row_seen & bit) {
                kind = NONET_ROW;
                index = r;
            } else if (cols[c] & bit) {
                kind = NONET_COL;
                index = c;
            } else if (boxes[b] & bit) {
                kind = NONET_BOX;
                index = b;
            }
            if (kind >= 0) {
                nonet_conflict *cf = &res->conflict;
                cf->digit = d;
                cf->unit = kind;
                cf->index = index;
                find_earlier(g, kind, index, d, &cf->row1, &cf->col1);
                cf->row2 = r;
                cf->col2 = c;
                /* Keep scanning only to count the blanks. */
                found = 1;
                continue;
            }
            row_seen |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    res->consistent = !found;
    res->complete = res->blanks == 0;
    res->solved = res->consistent && res->complete;
    return found ? NONET_ECONFLICT : NONET_OK;
}

int nonet_check_solution(const nonet_grid *puzzle, const nonet_grid *solution,
                         nonet_check_result *res, int *cell)
{
    if (puzzle == NULL || solution == NULL || res == NULL)
        return NONET_EARG;
    if (cell != NULL)
        *cell = -1;
    /* res always describes the solution grid, whatever the verdict. */
    int status = nonet_check(solution, res);
    if (status == NONET_EARG || !grid_well_formed(puzzle))
        return NONET_EARG;
    if (puzzle->box_rows != solution->box_rows || puzzle->box_cols != solution->box_cols)
        return NONET_ESIZE;
    int n = puzzle->n;
    for (int i = 0; i < n * n; i++) {
        if (puzzle->cells[i] != 0 && solution->cells[i] != puzzle->cells[i]) {
            if (cell != NULL)
                *cell = i;
            return NONET_ECLUE;
        }
    }
    /* A blank is reported before a conflict: an unfinished grid is the
     * more basic failure, and the conflict is still in *res. */
    if (!res->complete)
        return NONET_EINCOMPLETE;
    if (!res->consistent)
        return NONET_ECONFLICT;
    return NONET_OK;
}

size_t nonet_describe_conflict(const nonet_conflict *c, int n, char *buf, size_t cap)
{
    if (buf == NULL)
        cap = 0;
    if (c == NULL) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }

    /* In grids that write digits as letters, name the symbol too, so that
     * "digit 12 (C)" can be found in the printed grid. */
    char digit[32];
    if (n >= 10 && n <= NONET_MAX_SYMBOL_SIDE && c->digit >= 10 &&
        c->digit <= NONET_MAX_SYMBOL_SIDE)
        snprintf(digit, sizeof digit, "digit %d (%c)", c->digit, sym_of_digit(c->digit));
    else
        snprintf(digit, sizeof digit, "digit %d", c->digit);

    int len;
    switch (c->unit) {
    case NONET_ROW:
        len = snprintf(buf, cap, "%s appears twice in row %d, columns %d and %d", digit,
                       c->index + 1, c->col1 + 1, c->col2 + 1);
        break;
    case NONET_COL:
        len = snprintf(buf, cap, "%s appears twice in column %d, rows %d and %d", digit,
                       c->index + 1, c->row1 + 1, c->row2 + 1);
        break;
    case NONET_BOX:
        len = snprintf(buf, cap,
                       "%s appears twice in box %d, at row %d column %d and row %d column %d",
                       digit, c->index + 1, c->row1 + 1, c->col1 + 1, c->row2 + 1, c->col2 + 1);
        break;
    default:
        len = snprintf(buf, cap, "%s appears twice", digit);
        break;
    }
    if (len < 0) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    return (size_t)len;
}
