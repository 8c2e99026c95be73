/* layouts.c - grids in the layouts people paste (layouts.h). */
#include "layouts.h"

#include <string.h>

static const char *const names[STYLE_COUNT] = {
    "boxed-spaces", "fixed-padded",  "fixed-stripped", "fixed-spaced",
    "bars-spaces",  "simple-sudoku", "spaced-zero",
};

const char *layout_style_name(int style)
{
    return style >= 0 && style < STYLE_COUNT ? names[style] : "?";
}

static int row_empty(const nonet_grid *g, int r)
{
    for (int c = 0; c < g->n; c++)
        if (g->cells[r * g->n + c])
            return 0;
    return 1;
}

int layout_style_fits(int style, const nonet_grid *g)
{
    if (g->n < 1 || g->n > 35)
        return 0;
    int bare = style == STYLE_FIXED_PADDED || style == STYLE_FIXED_STRIPPED ||
               style == STYLE_FIXED_SPACED || (style == STYLE_BARS_SPACES && g->box_cols == g->n);
    if (bare) {
        for (int r = 0; r < g->n; r++)
            if (row_empty(g, r))
                return 0;
        /* a first row of letters only that starts at the left edge ("C",
         * "C A"): a title, unless spaces show it is a row */
        int digit = 0;
        for (int c = 0; c < g->n; c++)
            digit |= g->cells[c] >= 1 && g->cells[c] <= 9;
        if (!digit && g->cells[0])
            return 0;
    }
    if (style == STYLE_FIXED_SPACED || (style == STYLE_BARS_SPACES && g->box_cols == g->n)) {
        /* clues only in the columns that land within the first n display
         * columns: it reads as unspaced (never so for a 9x9 puzzle with
         * one solution: four empty columns) */
        int last = 0;
        for (int i = 0; i < g->n * g->n; i++)
            if (g->cells[i] && 2 * (i % g->n) + 1 > last)
                last = 2 * (i % g->n) + 1;
        if (last <= g->n)
            return 0;
    }
    /* one stack: the band lines "|---|" are rows of '-' blanks */
    if (style == STYLE_SIMPLE_SUDOKU && g->box_cols == g->n && g->n > 1)
        return 0;
    return 1;
}

typedef struct out {
    char *buf;
    size_t cap, len;
    int full;
} out;

static void put(out *o, char ch)
{
    if (o->len + 1 >= o->cap) {
        o->full = 1;
        return;
    }
    o->buf[o->len++] = ch;
    o->buf[o->len] = '\0';
}

static void puts_n(out *o, char ch, int count)
{
    for (int i = 0; i < count; i++)
        put(o, ch);
}

/* Ends a line, trailing spaces stripped when strip is set. */
static void end_line(out *o, size_t line_start, int strip)
{
    while (strip && o->len > line_start && o->buf[o->len - 1] == ' ')
        o->buf[--o->len] = '\0';
    put(o, '\n');
}

static char symbol(int v, char blank)
{
    if (v == 0)
        return blank;
    return (char)(v <= 9 ? '0' + v : 'A' + v - 10);
}

/* A rule line: left, then for each stack `width` fill characters and a
 * joint (right after the last stack). */
static void rule(out *o, int stacks, int width, char left, char fill, char joint, char right)
{
    put(o, left);
    for (int s = 0; s < stacks; s++) {
        puts_n(o, fill, width);
        put(o, s + 1 < stacks ? joint : right);
    }
    put(o, '\n');
}

int layout_style_write(int style, const nonet_grid *g, char *buf, size_t cap, size_t *len)
{
    out o = {buf, cap, *len, 0};
    int n = g->n, br = g->box_rows, bc = g->box_cols, stacks = n / bc;
    const uint8_t *cells = g->cells;
    switch (style) {
    case STYLE_BOXED_SPACES:
        rule(&o, stacks, 2 * bc + 1, '+', '-', '+', '+');
        for (int r = 0; r < n; r++) {
            put(&o, '|');
            for (int c = 0; c < n; c++) {
                put(&o, ' ');
                put(&o, symbol(cells[r * n + c], ' '));
                if ((c + 1) % bc == 0) {
                    put(&o, ' ');
                    put(&o, '|');
                }
            }
            put(&o, '\n');
            if ((r + 1) % br == 0)
                rule(&o, stacks, 2 * bc + 1, '+', '-', '+', '+');
        }
        break;
    case STYLE_FIXED_PADDED:
    case STYLE_FIXED_STRIPPED:
    case STYLE_FIXED_SPACED:
        for (int r = 0; r < n; r++) {
            size_t start = o.len;
            for (int c = 0; c < n; c++) {
                if (style == STYLE_FIXED_SPACED && c > 0)
                    put(&o, ' ');
                put(&o, symbol(cells[r * n + c], ' '));
            }
            end_line(&o, start, style != STYLE_FIXED_PADDED);
        }
        break;
    case STYLE_BARS_SPACES:
        for (int r = 0; r < n; r++) {
            if (r > 0 && r % br == 0) {
                /* "------+-------+------" */
                for (int s = 0; s < stacks; s++) {
                    puts_n(&o, '-', s == 0 || s + 1 == stacks ? 2 * bc : 2 * bc + 1);
                    if (s + 1 < stacks)
                        put(&o, '+');
                }
                put(&o, '\n');
            }
            size_t start = o.len;
            for (int c = 0; c < n; c++) {
                if (c > 0)
                    put(&o, ' ');
                if (c > 0 && c % bc == 0) {
                    put(&o, '|');
                    put(&o, ' ');
                }
                put(&o, symbol(cells[r * n + c], ' '));
            }
            end_line(&o, start, 1);
        }
        break;
    case STYLE_SIMPLE_SUDOKU:
        rule(&o, 1, n + stacks - 1, '*', '-', '*', '*');
        for (int r = 0; r < n; r++) {
            if (r > 0 && r % br == 0)
                rule(&o, stacks, bc, '|', '-', '+', '|');
            put(&o, '|');
            for (int c = 0; c < n; c++) {
                put(&o, symbol(cells[r * n + c], '.'));
                if ((c + 1) % bc == 0)
                    put(&o, '|');
            }
            put(&o, '\n');
        }
        rule(&o, 1, n + stacks - 1, '*', '-', '*', '*');
        break;
    case STYLE_SPACED_ZERO:
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                if (c > 0)
                    put(&o, ' ');
                put(&o, symbol(cells[r * n + c], '0'));
            }
            put(&o, '\n');
        }
        break;
    default:
        return -1;
    }
    if (o.full)
        return -1;
    *len = o.len;
    return 0;
}
