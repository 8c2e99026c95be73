/* layouts.h - grids written out in the layouts people paste, by code that
 * shares nothing with the library's writer, so that the reader can be
 * tested (tests/test_layouts.c) and measured (bench/bench_read.c) on
 * every clue pattern of real puzzles. */
#ifndef NONET_TEST_LAYOUTS_H
#define NONET_TEST_LAYOUTS_H

#include "nonet.h"

#include <stddef.h>

enum layout_style {
    STYLE_BOXED_SPACES,   /* +-------+ rules, "| 5 3   |   7   |       |" */
    STYLE_FIXED_PADDED,   /* "53  7    ": every row n characters wide */
    STYLE_FIXED_STRIPPED, /* the same with trailing spaces stripped */
    STYLE_FIXED_SPACED,   /* "5 3     7": a space between cells, stripped */
    STYLE_BARS_SPACES,    /* "5 3   |   7   |" rows (stripped) and
                             "------+-------+------" rules */
    STYLE_SIMPLE_SUDOKU,  /* "*-----------*" frames, "|53.|.7.|...|" rows,
                             "|---+---+---|" between bands */
    STYLE_SPACED_ZERO,    /* "5 3 0 0 7 0 0 0 0" */
    STYLE_COUNT
};

/* The style's name, for messages ("boxed-spaces", ...). */
const char *layout_style_name(int style);

/* Whether the style can show g unambiguously (layouts.c says what it
 * cannot). Sides up to 35. */
int layout_style_fits(int style, const nonet_grid *g);

/* Appends g written in the style to buf (NUL-terminated), from *len on;
 * returns 0, or -1 when it does not fit in cap bytes. */
int layout_style_write(int style, const nonet_grid *g, char *buf, size_t cap, size_t *len);

#endif
