/* grid.c - grid shapes, initialisation, copying, comparison, and the
 * placement rules (can_place, candidate sets by plain elimination). */
#include "core/internal.h"

#include <string.h>

/* Whether the shape fields of g agree with each other and are supported.
 * Everything that indexes cells checks this first, so that a corrupt n
 * can never send us past the end of cells[]. */
static int shape_ok(const nonet_grid *g)
{
    return shape_valid(g->box_rows, g->box_cols) && g->n == g->box_rows * g->box_cols;
}

int grid_well_formed(const nonet_grid *g)
{
    if (g == NULL || !shape_ok(g))
        return 0;
    /* eight cells a step without a branch (SWAR; n is at most 64, so
     * every byte below 0x80 stays in its lane): the high bit of a byte is
     * set when it is above n */
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    int n = g->n, cells = n * n, i = 0;
    uint64_t bad = 0;
    for (; i + 8 <= cells; i += 8) {
        uint64_t x;
        memcpy(&x, g->cells + i, 8);
        bad |= x | ((x | high) - (uint64_t)(n + 1) * ones);
    }
    for (; i < cells; i++)
        bad |= g->cells[i] > n ? high : 0;
    return !(bad & high);
}

int nonet_grid_init(nonet_grid *g, int box_rows, int box_cols)
{
    if (g == NULL || !shape_valid(box_rows, box_cols))
        return NONET_EARG;
    g->box_rows = box_rows;
    g->box_cols = box_cols;
    g->n = box_rows * box_cols;
    /* Clear every cell, not only n*n: an initialised grid then holds no
     * stale bytes at all, whatever it held before. */
    memset(g->cells, 0, sizeof g->cells);
    return NONET_OK;
}

int nonet_default_shape(int n, int *box_rows, int *box_cols)
{
    if (box_rows == NULL || box_cols == NULL || n < 1 || n > NONET_MAX_SIDE)
        return NONET_EARG;
    /* The largest divisor d with d * d <= n gives the squarest box with
     * rows <= columns; d = 1 always qualifies. */
    int best = 1;
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0)
            best = d;
    *box_rows = best;
    *box_cols = n / best;
    return NONET_OK;
}

/* Reads a run of decimal digits at *p as a positive number. Returns the
 * number, 0 when there is no digit, or NONET_MAX_SIDE + 1 when it is larger
 * than any side (the digits are still consumed, without overflowing). */
static int parse_count(const char **p)
{
    const char *s = *p;
    int value = 0;
    while (*s >= '0' && *s <= '9') {
        /* Saturate: anything above the limit is simply "too large". */
        if (value <= NONET_MAX_SIDE)
            value = value * 10 + (*s - '0');
        s++;
    }
    *p = s;
    return value > NONET_MAX_SIDE ? NONET_MAX_SIDE + 1 : value;
}

int nonet_parse_shape(const char *text, int *box_rows, int *box_cols)
{
    if (text == NULL || box_rows == NULL || box_cols == NULL)
        return NONET_EARG;
    const char *p = text;
    if (*p < '0' || *p > '9')
        return NONET_EARG;
    int first = parse_count(&p);
    if (*p == '\0')
        return nonet_default_shape(first, box_rows, box_cols);
    if (*p != 'x' && *p != 'X' && *p != '*')
        return NONET_EARG;
    p++;
    if (*p < '0' || *p > '9')
        return NONET_EARG;
    int second = parse_count(&p);
    if (*p != '\0' || !shape_valid(first, second))
        return NONET_EARG;
    *box_rows = first;
    *box_cols = second;
    return NONET_OK;
}

void nonet_grid_copy(nonet_grid *dst, const nonet_grid *src)
{
    if (dst == NULL || src == NULL || dst == src)
        return;
    dst->box_rows = src->box_rows;
    dst->box_cols = src->box_cols;
    dst->n = src->n;
    /* A corrupt shape copies no cells rather than reading out of bounds. */
    if (shape_ok(src))
        memcpy(dst->cells, src->cells, (size_t)src->n * (size_t)src->n);
}

int nonet_grid_equal(const nonet_grid *a, const nonet_grid *b)
{
    if (a == NULL || b == NULL)
        return 0;
    if (a->box_rows != b->box_rows || a->box_cols != b->box_cols || a->n != b->n)
        return 0;
    if (!shape_ok(a))
        return 0;
    return memcmp(a->cells, b->cells, (size_t)a->n * (size_t)a->n) == 0;
}

int nonet_can_place(const nonet_grid *g, int row, int col, int digit)
{
    if (g == NULL || !shape_ok(g))
        return 0;
    int n = g->n;
    if (row < 0 || row >= n || col < 0 || col >= n)
        return 0;
    /* "Not empty, whatever the digit": a filled cell answers -1 even for
     * a digit that is out of range. */
    if (g->cells[row * n + col] != 0)
        return -1;
    if (digit < 1 || digit > n)
        return 0;
    for (int k = 0; k < n; k++)
        if (g->cells[row * n + k] == digit || g->cells[k * n + col] == digit)
            return 0;
    int top = row / g->box_rows * g->box_rows;
    int left = col / g->box_cols * g->box_cols;
    for (int r = top; r < top + g->box_rows; r++)
        for (int c = left; c < left + g->box_cols; c++)
            if (g->cells[r * n + c] == digit)
                return 0;
    return 1;
}

void nonet_candidates(const nonet_grid *g, uint64_t *cands)
{
    if (g == NULL || cands == NULL || !shape_ok(g))
        return;
    int n = g->n, br = g->box_rows, bc = g->box_cols;
    int boxes_across = n / bc;
    uint64_t rows[NONET_MAX_SIDE] = {0}, cols[NONET_MAX_SIDE] = {0}, boxes[NONET_MAX_SIDE] = {0};

    /* One pass collects the digits of every unit, a second reads each
     * blank's set off its three units: O(n*n) in all. Cells above n are
     * ignored (they are no digit of this grid). */
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int d = g->cells[r * n + c];
            if (d < 1 || d > n)
                continue;
            uint64_t bit = (uint64_t)1 << (d - 1);
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[r / br * boxes_across + c / bc] |= bit;
        }
    uint64_t all = full_set(n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int d = g->cells[r * n + c];
            uint64_t set;
            if (d == 0)
                set = all & ~(rows[r] | cols[c] | boxes[r / br * boxes_across + c / bc]);
            else if (d <= n)
                set = (uint64_t)1 << (d - 1);
            else
                set = 0;
            cands[r * n + c] = set;
        }
}
