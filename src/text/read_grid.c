/* read_grid.c - a grid's rows, kept until the grid is decided, and read
 * in one of three ways (read.h, grid_work):
 *
 *   by character  every character that is no separator is a cell: the
 *                 grid, spaced, knuth and boxed layouts ("1-- 489 --6");
 *                 n rows of n cells, n set by the first row;
 *   by token      every word between spaces and bars is a cell: numbers
 *                 ("12 0 3 ...") or candidate lists ("| 26  5  19 |",
 *                 pencil marks); n rows of n tokens;
 *   by column     spaces are blanks ("| 5 3   |   7   |", "53  7    "):
 *                 every row's cells stand in the same columns, and the
 *                 columns that some row fills, evened out to the rows'
 *                 spacing, are the grid's; only for grids that use no
 *                 blank symbol at all. A row whose trailing spaces an
 *                 editor stripped reads as if they were there.
 *
 * Each reading dies at the first row it cannot take; the first to have
 * all its rows finishes the grid (character first when two finish
 * together: they then read the same cells). When all are dead the rows
 * are still consumed up to the side of the reading that died last, so
 * that one bad row makes one failed puzzle and a batch stays aligned. */
#include "text/read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Display columns of bars and of the text's end, as scan_line counts
 * them. Columns beyond this are never cells of a grid read by column. */
#define MAX_POS_COL 1024

/* ------------------------------------------------------------ readings */

/* Whether a row's tokens can be n cells of the token reading: numbers, or
 * candidate lists of symbols that fit n. strict, for a first row: its
 * numbers must fit n (to tell "12 0 3" from "152 489 376"); later rows'
 * numbers are read and reported when out of range. */
static int token_row_ok(const line_scan *sc, int n, int strict, nonet_layout forced)
{
    if (sc->ntokens != n)
        return 0;
    if (sc->tokens_numeric && (!strict || sc->max_number <= n))
        return 1;
    /* blanks only where the layout says candidates: "." is an empty list */
    return sc->nbad == 0 && (sc->nblank == 0 || forced == NONET_LAYOUT_CANDIDATES) &&
           sc->tokens_sorted && scan_fits(sc, n);
}

/* Whether a row can be read by column: no blank symbol, no bad one. */
static int pos_row_ok(const line_scan *sc)
{
    return sc->nblank == 0 && sc->nzero == 0 && sc->nbad == 0;
}

static int pos_allowed(const read_ctx *ctx)
{
    return ctx->layout == NONET_LAYOUT_AUTO || ctx->layout == NONET_LAYOUT_GRID ||
           ctx->layout == NONET_LAYOUT_KNUTH || ctx->layout == NONET_LAYOUT_BOXED;
}

static int chars_allowed(const read_ctx *ctx)
{
    return ctx->layout != NONET_LAYOUT_NUMBERS && ctx->layout != NONET_LAYOUT_CANDIDATES;
}

static int tokens_allowed(const read_ctx *ctx)
{
    return ctx->layout == NONET_LAYOUT_AUTO || ctx->layout == NONET_LAYOUT_NUMBERS ||
           ctx->layout == NONET_LAYOUT_CANDIDATES;
}

static int keep_text(grid_work *w, const char *text, size_t len, size_t *off)
{
    if (w->text_len + len > w->text_cap) {
        size_t cap = w->text_cap ? w->text_cap : 4096;
        while (cap < w->text_len + len)
            cap *= 2;
        char *grown = realloc(w->text, cap);
        if (!grown)
            return 0;
        w->text = grown;
        w->text_cap = cap;
    }
    memcpy(w->text + w->text_len, text, len);
    *off = w->text_len;
    w->text_len += len;
    return 1;
}

void grid_free(grid_work *w)
{
    free(w->text);
    w->text = NULL;
    w->text_cap = w->text_len = 0;
}

/* The number of rows the character reading counts. */
static int chars_rows(const grid_work *w)
{
    int k = 0;
    for (int i = 0; i < w->nrows; i++)
        k += !w->rows[i].bar_only;
    return k;
}

static int pos_agrees(const grid_work *w);
static int pos_viable(const grid_work *w);

/* Keeps why the last regular reading died: row `row` (1-based) of the
 * grid did not have the n cells or tokens it needed. */
static void row_count_error(grid_work *w, const line_scan *sc, long line, int row, int n,
                            int tokens)
{
    int have = tokens ? sc->ntokens : sc->ncells;
    int code = have < n ? NONET_ESHORTROW : NONET_ELONGROW;
    nonet_error *e = &w->broken;
    e->code = NONET_OK;
    if (sc->ncontrol > 0 && sc->bad_col > 0) /* one in place of a cell is no cell */
        set_error(e, NONET_EBADCHAR, line, sc->bad_col, "bad character%s%s", BAD_SEP(sc->bad_what),
                  sc->bad_what);
    else if (have == n) /* the count is right: the symbols are not */
        set_error(e, NONET_EBADCHAR, line, 0,
                  "row %d: %d candidate lists that do not fit a %dx%d grid", row, have, n, n);
    else if (tokens && sc->tokens_numeric)
        set_error(e, code, line, 0, "row %d has %d number%s; a %dx%d grid needs %d", row, have,
                  PLURAL(have), n, n, n);
    else if (tokens)
        set_error(e, code, line, 0, "row %d has %d candidate list%s; a %dx%d grid needs %d", row,
                  have, PLURAL(have), n, n, n);
    else
        set_error(e, code, line, 0, "row %d has %d cell%s; a %dx%d grid needs %d", row, have,
                  PLURAL(have), n, n, n);
}

/* Rule lines' ends, merged into the grid's. */
static void merge_rule(grid_work *w, int left, int right)
{
    if (left <= 0)
        return;
    if (!w->rule_left || left < w->rule_left)
        w->rule_left = left;
    if (right > w->rule_right)
        w->rule_right = right;
}

/* Starts the rows of a new grid, unless rows are held for it. */
static void rows_start(grid_work *w)
{
    if (w->held)
        return;
    w->nrows = 0;
    w->text_len = 0;
    w->rule_left = w->rule_right = 0;
    w->gap_lines = 0;
    w->last_rule = 0;
}

static grid_row *keep_row(grid_work *w, const char *text, size_t len, size_t whole, long line,
                          size_t end_offset, const line_scan *sc)
{
    if (w->nrows == GRID_MAX_ROWS)
        return NULL;
    grid_row *row = &w->rows[w->nrows];
    if (whole < len)
        whole = len;
    if (!keep_text(w, text, whole, &row->off))
        return NULL;
    row->len = len;
    row->whole = whole;
    row->line = line;
    row->end_offset = end_offset;
    row->band_start = w->gap_lines > 0 && w->nrows > 0;
    row->bar_only = sc->ncells == 0 && sc->has_bar;
    row->sc = *sc;
    w->nrows++;
    w->gap_lines = 0;
    w->last_rule = 0;
    return row;
}

int grid_hold(grid_work *w, const char *text, size_t len, long line, size_t end_offset,
              const line_scan *sc, int rule_left, int rule_right)
{
    rows_start(w);
    merge_rule(w, rule_left, rule_right);
    if (!keep_row(w, text, len, len, line, end_offset, sc))
        return -1;
    w->held++;
    return 0;
}

void grid_drop_held(grid_work *w)
{
    if (!w->held)
        return;
    w->held = 0;
    w->nrows = 0;
    w->text_len = 0;
    w->rule_left = w->rule_right = 0;
}

int grid_begin(grid_work *w, const read_ctx *ctx, const char *text, size_t len, size_t whole,
               long line, size_t end_offset, const line_scan *sc, int rule_left, int rule_right)
{
    rows_start(w);
    merge_rule(w, rule_left, rule_right);
    w->boxed = w->rule_left > 0 || sc->has_bar || w->held > 0;
    w->held = 0;
    w->active = 1;
    w->chars_done = 0;
    w->chars_n =
        chars_allowed(ctx) && sc->ncells >= 1 && sc->ncells <= NONET_MAX_SIDE ? sc->ncells : 0;
    w->chars_rows = 0;
    w->tokens_n = 0;
    if (tokens_allowed(ctx) && sc->ntokens >= 2 && sc->ntokens <= NONET_MAX_SIDE &&
        token_row_ok(sc, sc->ntokens, 1, ctx->layout))
        w->tokens_n = sc->ntokens;
    if (ctx->layout == NONET_LAYOUT_NUMBERS && sc->ntokens >= 1 && sc->ntokens <= NONET_MAX_SIDE)
        w->tokens_n = sc->ntokens; /* forced: a one-token row is a 1x1 grid */
    w->tokens_rows = 0;
    w->pos = pos_allowed(ctx) && pos_row_ok(sc) && sc->nsym > 0;
    if (w->pos && w->chars_n && !scan_fits(sc, w->chars_n))
        w->chars_n = 0; /* "    9  6": spaces are blanks, not 2 cells */
    w->maybe_lines = 0;
    w->provisional = sc->nsym == 0 && sc->nzero == 0 && sc->has_dashes;
    w->max_value = 0;
    w->broken_n = 0;
    w->broken.code = NONET_OK;
    w->broken.message[0] = '\0';
    w->first_line = w->nrows ? w->rows[0].line : line;
    if (!w->chars_n && !w->tokens_n && !w->pos) {
        /* no reading takes even the first row */
        if (sc->ncells > NONET_MAX_SIDE)
            set_error(&w->broken, NONET_ECELLS, line, 0,
                      "%d cells: too many for a grid row (at most %d) and no one-line puzzle",
                      sc->ncells, NONET_MAX_SIDE);
        else
            set_error(&w->broken, NONET_EBADCHAR, line, sc->bad_col, "bad character%s%s",
                      BAD_SEP(sc->bad_what), sc->bad_what);
        w->broken_n = 1;
    }
    return grid_add(w, ctx, text, len, whole, line, end_offset, sc);
}

int grid_takes(const grid_work *w, const line_scan *sc)
{
    if (w->chars_n && !w->chars_done && sc->ncells == w->chars_n)
        return 1;
    if (w->tokens_n && !w->chars_done && sc->ntokens == w->tokens_n)
        return 1;
    if (w->pos && pos_row_ok(sc) && !sc->has_word && sc->ncells <= NONET_MAX_SIDE)
        return 1;
    return w->broken_n > 0 && sc->ncells <= NONET_MAX_SIDE;
}

void grid_gap(grid_work *w, int rule, int left, int right)
{
    w->gap_lines++;
    w->last_rule = rule;
    if (rule) {
        w->boxed = 1;
        merge_rule(w, left, right);
    }
}

int grid_add(grid_work *w, const read_ctx *ctx, const char *text, size_t len, size_t whole,
             long line, size_t end_offset, const line_scan *sc)
{
    if (w->nrows == GRID_MAX_ROWS)
        return 1; /* cannot happen with a living reading; finish as broken */
    if (w->chars_done) {
        /* the rows go on: the grid the character or token reading
         * completed was only their start ("|       |       |   1   |" is
         * no 1x1 grid) */
        w->chars_done = 0;
        w->chars_n = 0;
        w->tokens_n = 0;
    }
    grid_row *row = keep_row(w, text, len, whole, line, end_offset, sc);
    if (!row)
        return -1;
    if (sc->has_bar)
        w->boxed = 1;
    if (sc->max_value > w->max_value)
        w->max_value = sc->max_value;

    int rows = chars_rows(w);
    if (!row->bar_only) {
        int chars_ok = w->chars_n && sc->ncells == w->chars_n;
        int tokens_ok = w->tokens_n && token_row_ok(sc, w->tokens_n, 0, ctx->layout);
        if ((w->chars_n || w->tokens_n) && !chars_ok && !tokens_ok) {
            /* the last regular reading dies here: its reason is kept */
            int tokens = w->chars_n == 0;
            int n = tokens ? w->tokens_n : w->chars_n;
            row_count_error(w, sc, line, rows, n, tokens);
            w->broken_n = n;
        }
        if (!chars_ok)
            w->chars_n = 0;
        if (!tokens_ok)
            w->tokens_n = 0;
    }
    if (w->pos && !pos_row_ok(sc)) {
        w->pos = 0;
        if (!w->chars_n && !w->tokens_n) {
            /* the column reading died last */
            w->broken.code = NONET_OK;
            if (sc->nbad)
                set_error(&w->broken, NONET_EBADCHAR, line, sc->bad_col, "bad character%s%s",
                          BAD_SEP(sc->bad_what), sc->bad_what);
            else
                set_error(&w->broken, NONET_EBADCHAR, line, 0,
                          "row %d writes blanks with a symbol, the rows above with spaces", rows);
            w->broken_n = rows;
        }
    }
    if (w->pos && !pos_viable(w)) {
        w->pos = 0;
        if (!w->chars_n && !w->tokens_n) {
            set_error(&w->broken, NONET_ESHORTROW, line, 0,
                      "these %d rows make no grid, even reading spaces as blanks", w->nrows);
            w->broken_n = w->nrows;
            return 1;
        }
    }
    if ((w->chars_n && rows == w->chars_n) || (w->tokens_n && rows == w->tokens_n)) {
        /* complete, unless spaces may be blanks and the rows read by
         * column could be another grid: then the next line decides */
        if (w->pos && !pos_agrees(w)) {
            w->chars_done = 1;
            return 0;
        }
        return 1;
    }
    if (w->chars_n || w->tokens_n || w->pos)
        return 0; /* a grid read by column ends with its block */
    /* every reading is dead: consume the rows of the last one's grid */
    if (w->broken.code == NONET_OK)
        set_error(&w->broken, NONET_ESHORTROW, line, 0,
                  "row %d does not fit the rows above it (spaces read as blanks)", rows);
    if (w->broken_n == 0 || w->broken_n < rows)
        w->broken_n = rows;
    return rows >= w->broken_n;
}

/* ------------------------------------------------------------ shape */

/* The box width suggested by a row's separators: the separators of the
 * strongest kind cut the row into equal groups. 0 if no suggestion. */
static int row_group(const uint8_t *gaps, int count)
{
    int hi = GAP_NONE, lo = GAP_BAR;
    for (int i = 1; i < count; i++) {
        if (gaps[i] > hi)
            hi = gaps[i];
        if (gaps[i] < lo)
            lo = gaps[i];
    }
    if (count < 2 || hi == lo)
        return 0;
    int width = 0, run = 1;
    for (int i = 1; i <= count; i++) {
        if (i == count || gaps[i] == hi) {
            if (width && run != width)
                return 0;
            width = run;
            run = 1;
        } else {
            run++;
        }
    }
    return width < count && count % width == 0 ? width : 0;
}

/* The shape of a grid of side n from the box width its rows suggest
 * (group, 0 if none, -1 if they disagree) and the bands its blank or rule
 * lines mark; the forced shape wins. Returns 0 (and sets an error) when
 * the side is not the forced one. */
static int settle_shape(const grid_work *w, const read_ctx *ctx, int n, int group, nonet_puzzle *p)
{
    if (ctx->forced_n) {
        if (n != ctx->forced_n) {
            set_error(&p->error, NONET_ESIZE, w->first_line, 0,
                      "the puzzle is %dx%d but the size was set to %dx%d (boxes %dx%d)", n, n,
                      ctx->forced_n, ctx->forced_n, ctx->box_rows, ctx->box_cols);
            return 0;
        }
        p->grid.box_rows = ctx->box_rows;
        p->grid.box_cols = ctx->box_cols;
        p->grid.n = n;
        return 1;
    }
    int height = 0, run = 0, consistent = 1, cuts = 0, k = 0;
    for (int i = 0; i <= w->nrows; i++) {
        if (i < w->nrows && w->rows[i].bar_only)
            continue;
        int start = i == w->nrows || (k > 0 && w->rows[i].band_start);
        if (start) {
            if (i < w->nrows)
                cuts++;
            if (height && run != height)
                consistent = 0;
            height = run;
            run = 1;
        } else {
            run++;
        }
        k++;
    }
    int box_rows = 0, box_cols = 0;
    if (group > 0 && n % group == 0) {
        box_cols = group;
        box_rows = n / group;
    } else if (cuts > 0 && consistent && height > 0 && n % height == 0) {
        box_rows = height;
        box_cols = n / height;
    } else {
        nonet_default_shape(n, &box_rows, &box_cols);
    }
    p->grid.box_rows = box_rows;
    p->grid.box_cols = box_cols;
    p->grid.n = n;
    return 1;
}

/* Sets the puzzle's lines from the rows read (bar_only ones skipped
 * unless they are rows). */
static void set_lines(const grid_work *w, nonet_puzzle *p, int with_bar_only)
{
    int k = 0;
    for (int i = 0; i < w->nrows && k < NONET_MAX_SIDE; i++)
        if (with_bar_only || !w->rows[i].bar_only)
            p->row_line[k++] = w->rows[i].line;
    p->first_line = w->nrows ? w->rows[0].line : w->first_line;
    p->last_line = w->nrows ? w->rows[w->nrows - 1].line : w->first_line;
}

static void raw_start(raw_cells *raw, int n)
{
    raw->n = n;
    raw->zero_blank = 0;
    raw->nlower = raw->nupper = 0;
    memset(raw->blanks, 0, sizeof raw->blanks);
    raw->bad_line = raw->bad_col = 0;
    raw->bad_what[0] = '\0';
}

static void raw_add_scan(raw_cells *raw, const line_scan *sc, long line)
{
    raw->nlower += sc->nlower;
    raw->nupper += sc->nletters - sc->nlower;
    for (int k = 0; k < BLANK_KINDS; k++)
        raw->blanks[k] += sc->blanks[k];
    if (sc->bad_col && !raw->bad_col) {
        raw->bad_line = line;
        raw->bad_col = sc->bad_col;
        memcpy(raw->bad_what, sc->bad_what, sizeof raw->bad_what);
    }
}

static void rescan(const grid_work *w, int i, line_scan *sc, line_items *it)
{
    const grid_row *row = &w->rows[i];
    scan_line((const unsigned char *)w->text + row->off, row->len, sc, it);
}

/* ------------------------------------------------------------ by character */

static void finish_chars(grid_work *w, const read_ctx *ctx, nonet_puzzle *p, raw_cells *raw,
                         line_items *it)
{
    int n = w->chars_n;
    int group = 0, spaced_rows = 0, sep_rows = 0, numeric_rows = 0, k = 0;
    raw_start(raw, n);
    for (int i = 0; i < w->nrows; i++) {
        if (w->rows[i].bar_only)
            continue;
        line_scan sc;
        rescan(w, i, &sc, it);
        raw_add_scan(raw, &sc, w->rows[i].line);
        const char *text = w->text + w->rows[i].off;
        for (int c = 0; c < n; c++) {
            raw->code[k * n + c] = it->code[c];
            raw->ch[k * n + c] = (uint8_t)text[it->col[c] - 1];
            raw->line[k * n + c] = w->rows[i].line;
            raw->col[k * n + c] = it->col[c];
        }
        int g = row_group(it->gap, n);
        if (g && group == 0)
            group = g;
        else if (g && group != g)
            group = -1;
        spaced_rows += sc.all_sep;
        sep_rows += sc.has_sep;
        numeric_rows += sc.tokens_numeric;
        k++;
    }
    set_lines(w, p, 0);
    if (!settle_shape(w, ctx, n, group, p))
        return;
    /* evenly spaced digits only, with a '0': the numbers layout, where '0'
     * is a blank ("0 1 / 1 0" is a 2x2 puzzle, not a 0-1 grid) */
    raw->zero_blank = spaced_rows == n && numeric_rows == n && group <= 0;
    decode_cells(raw, ctx->symbols, &p->grid, p->symbols, &p->blank, &p->error);
    if (w->boxed)
        p->layout = NONET_LAYOUT_BOXED;
    else if (spaced_rows == n && group <= 0 && p->blank == '0')
        p->layout = NONET_LAYOUT_NUMBERS; /* evenly spaced digits, 0 blank: "5 3 0 0 7" */
    else if (spaced_rows == n)
        p->layout = NONET_LAYOUT_SPACED;
    else if (sep_rows > 0)
        p->layout = NONET_LAYOUT_GRID;
    else
        p->layout = NONET_LAYOUT_KNUTH;
    if (p->layout == NONET_LAYOUT_NUMBERS)
        p->blank = '0';
}

/* ------------------------------------------------------------ by token */

/* Whether every row's tokens are numbers and the grid reads as numbers
 * rather than candidate lists: sides from 10 up (where "12" is a number)
 * or grids that write blanks as 0. */
static int tokens_are_numbers(const grid_work *w, const read_ctx *ctx, int n)
{
    if (ctx->layout == NONET_LAYOUT_NUMBERS)
        return 1;
    if (ctx->layout == NONET_LAYOUT_CANDIDATES)
        return 0;
    int zero = 0;
    for (int i = 0; i < w->nrows; i++) {
        if (w->rows[i].bar_only)
            continue;
        if (!w->rows[i].sc.tokens_numeric)
            return 0;
        zero |= w->rows[i].sc.nzero > 0;
    }
    return n >= 10 || zero;
}

static void finish_numbers(grid_work *w, const read_ctx *ctx, nonet_puzzle *p, line_items *it)
{
    int n = w->tokens_n, k = 0;
    set_lines(w, p, 0);
    if (!settle_shape(w, ctx, n, 0, p))
        return;
    for (int i = 0; i < w->nrows; i++) {
        if (w->rows[i].bar_only)
            continue;
        line_scan sc;
        rescan(w, i, &sc, it);
        for (int c = 0; c < n; c++) {
            uint32_t v = it->tval[c];
            if (!sc.tokens_numeric) {
                set_error(&p->error, NONET_EBADCHAR, w->rows[i].line, sc.bad_col,
                          "a number grid has a word that is no number");
                v = 0;
            } else if (v > (uint32_t)n) {
                set_error(&p->error, NONET_ERANGE, w->rows[i].line, it->tcol[c],
                          "number %u is out of range for a %dx%d grid", v, n, n);
                v = 0;
            }
            p->grid.cells[k * n + c] = (uint8_t)v;
        }
        k++;
    }
    p->layout = NONET_LAYOUT_NUMBERS;
    p->blank = '0';
    if (n <= NONET_MAX_SYMBOL_SIDE) {
        for (int d = 1; d <= n; d++)
            p->symbols[d - 1] = sym_of_digit(d);
        p->symbols[n] = '\0';
    }
}

/* Candidate lists: each token the set of its symbols; "0" alone an empty
 * set (the candidates layout's), unless '0' is a symbol. A token of one
 * symbol is a digit of the grid. */
static void finish_candidates(grid_work *w, const read_ctx *ctx, nonet_puzzle *p, line_items *it)
{
    int n = w->tokens_n, k = 0;
    set_lines(w, p, 0);
    if (!settle_shape(w, ctx, n, 0, p))
        return;
    if (n > NONET_MAX_SYMBOL_SIDE) {
        set_error(&p->error, NONET_ECELLS, w->first_line, 0,
                  "a %dx%d grid of candidate lists cannot be read (sides above 35)", n, n);
        return;
    }
    /* the symbols: every character of every list; '0' counts as a symbol
     * where it shares a list with another */
    uint8_t used[256] = {0};
    int nlower = 0, nupper = 0, zero_in_list = 0;
    for (int i = 0; i < w->nrows; i++) {
        if (w->rows[i].bar_only)
            continue;
        line_scan sc;
        rescan(w, i, &sc, it);
        nlower += sc.nlower;
        nupper += sc.nletters - sc.nlower;
        for (int c = 0; c < sc.ncells && c < MAX_ITEMS; c++)
            used[it->code[c]] = 1;
        for (int t = 0; t < sc.ntokens && t < MAX_ITEMS; t++)
            if (it->tlen[t] > 1 &&
                memchr(w->text + w->rows[i].off + it->tcol[t] - 1, '0', (size_t)it->tlen[t]))
                zero_in_list = 1;
    }
    alphabet a;
    if (!zero_in_list)
        used['0'] = 0;
    choose_alphabet(n, used, nlower, nupper, zero_in_list, ctx->symbols, &a);
    memcpy(p->symbols, a.symbols, (size_t)n + 1);
    p->has_marks = 1;
    p->blank = '.';
    for (int i = 0; i < w->nrows; i++) {
        if (w->rows[i].bar_only)
            continue;
        line_scan sc;
        rescan(w, i, &sc, it);
        const unsigned char *text = (const unsigned char *)w->text + w->rows[i].off;
        for (int c = 0; c < n; c++) {
            uint64_t set = 0;
            const unsigned char *tok = text + it->tcol[c] - 1;
            int len = it->tlen[c];
            int empty_mark = len == 1 && tok[0] == '0' && !a.zero_is_symbol;
            for (int j = 0; j < len && !empty_mark; j++) {
                unsigned char ch = tok[j];
                int code = ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
                if (ch == '.' || ch == '-')
                    continue; /* a blank: no candidate */
                int v = a.value[code];
                if (v <= 0) {
                    char what[40];
                    describe_char(tok + j, (size_t)(len - j), what, sizeof what);
                    set_error(&p->error, v < 0 ? NONET_ERANGE : NONET_EBADCHAR, w->rows[i].line,
                              it->tcol[c] + j,
                              "%s is not a candidate of a %dx%d grid written in %s", what, n, n,
                              a.symbols);
                    continue;
                }
                set |= (uint64_t)1 << (v - 1);
            }
            p->marks.cands[k * n + c] = set;
            p->grid.cells[k * n + c] =
                (uint8_t)(set && !(set & (set - 1)) ? lowest_bit(set) + 1 : 0);
        }
        k++;
    }
    p->layout = NONET_LAYOUT_CANDIDATES;
}

/* ------------------------------------------------------------ by column */

/* What the rows show read by column: the display columns of their symbols
 * and of their bars. */
typedef struct pos_cols {
    uint8_t used[MAX_POS_COL + 2];
    uint8_t bars[MAX_POS_COL + 2];
    int first_used, last_used; /* 0 when no symbol */
    int width;                 /* of the widest row, trailing spaces included */
    int has_bars;
} pos_cols;

/* A stretch of display columns between two bars, or between a bar and the
 * grid's edge (open: no bar there; b is POS_OPEN when nothing at all
 * bounds it on the right: trailing spaces may have been stripped). */
#define POS_OPEN (MAX_POS_COL + 1)
/* The widest spacing of columns: a tab between cells (spreadsheet tables)
 * puts them 8 apart. */
#define POS_MAX_STEP 8
typedef struct pos_segment {
    int a, b;
    int open_left, open_right;
} pos_segment;

/* Whether a row's character is one of the symbols a grid read by column
 * holds (its rows have no blank symbol and no '0'). */
static int pos_symbol(unsigned char ch)
{
    return (ch >= '1' && ch <= '9') || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
}

/* The display width of a character starting at s (of left bytes), and
 * its byte length in *step; bars (and other box drawing) set *bar. */
static void pos_char(const unsigned char *s, size_t left, size_t *step, int *bar)
{
    *step = 1;
    *bar = s[0] == '|';
    if (s[0] == 0xE2 && left >= 3 && (s[1] == 0x94 || s[1] == 0x95)) {
        *step = 3;
        *bar = 1;
    } else if (s[0] >= 0x80) {
        while (*step < left && (s[*step] & 0xC0) == 0x80)
            (*step)++;
    }
}

/* Adds a row's symbols and bars to *pc. Returns 0 when a symbol lies
 * beyond MAX_POS_COL. */
static int pos_scan_row(const unsigned char *s, size_t len, pos_cols *pc)
{
    int dcol = 0;
    for (size_t j = 0; j < len;) {
        size_t step;
        int bar;
        pos_char(s + j, len - j, &step, &bar);
        int col = dcol + 1;
        if (col <= MAX_POS_COL && bar) {
            pc->bars[col] = 1;
            pc->has_bars = 1;
        }
        if (step == 1 && pos_symbol(s[j])) {
            if (col > MAX_POS_COL)
                return 0;
            pc->used[col] = 1;
            if (!pc->first_used)
                pc->first_used = col;
            if (col < pc->first_used)
                pc->first_used = col;
            if (col > pc->last_used)
                pc->last_used = col;
        }
        dcol = s[j] == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
        j += step;
    }
    if (dcol > pc->width)
        pc->width = dcol;
    return 1;
}

/* The symbols of a segment all on the k slots from start, s apart. */
static int pos_on_slots(const pos_cols *pc, const pos_segment *sg, int start, int k, int s)
{
    int end = start + (k - 1) * s, hi = sg->b == POS_OPEN ? MAX_POS_COL : sg->b;
    if (start < sg->a || end > MAX_POS_COL || (sg->b != POS_OPEN && end > sg->b))
        return 0;
    for (int c = sg->a; c <= hi; c++)
        if ((c < start || c > end || (c - start) % s != 0) && pc->used[c])
            return 0;
    return 1;
}

/* The k slots of each segment, s apart, p columns from each bar (the
 * grid's edge is no bar: the slots start there). */
static int pos_try_exact(const pos_cols *pc, const pos_segment *seg, int m, int k, int s, int p,
                         int *slots)
{
    for (int i = 0; i < m; i++) {
        const pos_segment *sg = &seg[i];
        int start = sg->open_left ? sg->a : sg->a + p, end = start + (k - 1) * s;
        if (!sg->open_right && end != sg->b - p)
            return 0;
        if (!pos_on_slots(pc, sg, start, k, s))
            return 0;
        for (int j = 0; j < k; j++)
            slots[i * k + j] = start + j * s;
    }
    return 1;
}

/* As pos_try_exact, with any padding at the bars: in each segment the
 * start that fits whose padding is most even. */
static int pos_try_loose(const pos_cols *pc, const pos_segment *seg, int m, int k, int s,
                         int *slots)
{
    for (int i = 0; i < m; i++) {
        const pos_segment *sg = &seg[i];
        int best = 0, best_skew = MAX_POS_COL * 2;
        int last = sg->open_left ? sg->a : sg->b == POS_OPEN ? sg->a + s : sg->b - (k - 1) * s;
        for (int start = sg->a; start <= last; start++) {
            if (!pos_on_slots(pc, sg, start, k, s))
                continue;
            int end = start + (k - 1) * s;
            int skew = sg->b == POS_OPEN ? start - sg->a : abs((start - sg->a) - (sg->b - end));
            if (skew < best_skew) {
                best = start;
                best_skew = skew;
            }
        }
        if (!best)
            return 0;
        for (int j = 0; j < k; j++)
            slots[i * k + j] = best + j * s;
    }
    return 1;
}

/* The column reading of the rows kept, as a grid of as many columns as
 * rows (bar-only rows included): the display column of each column
 * (slots), the box width the bars show (0: no bars), and whether the fit
 * is exact: every box's columns evenly apart (one or two columns), as
 * far from the bars on both sides (at most one column). The bars cut the
 * rows into segments of equal numbers of columns; a rule line's ends are
 * the grid's; without bars the columns start at the first column. */
typedef struct pos_fit {
    int n;
    int slots[NONET_MAX_SIDE];
    int box_cols;
    int exact;
    int wider; /* without bars, some row goes on past the last column
                  (trailing spaces): a sign of more columns */
} pos_fit;

/* The rows' symbols and bars (0 when a symbol lies too far right or
 * there is none), and the segments the bars cut them into. */
static int pos_segments(const grid_work *w, pos_cols *pc, pos_segment *seg, int *nseg)
{
    memset(pc, 0, sizeof *pc);
    for (int i = 0; i < w->nrows; i++)
        if (!pos_scan_row((const unsigned char *)w->text + w->rows[i].off, w->rows[i].len, pc))
            return 0;
    if (!pc->first_used && !pc->has_bars)
        return 0; /* no symbol, no bar: nothing to place columns by */
    int left = w->rule_left > 0 ? w->rule_left : 1;
    int right = w->rule_right > 0 ? w->rule_right : POS_OPEN;
    int m = 0, first_bar = 0, last_bar = 0;
    for (int c = 1; c <= MAX_POS_COL; c++) {
        if (!pc->bars[c])
            continue;
        if (!first_bar) {
            first_bar = c;
        } else if (c > last_bar + 1) {
            if (m == NONET_MAX_SIDE)
                return 0;
            seg[m++] = (pos_segment){last_bar + 1, c - 1, 0, 0};
        }
        last_bar = c;
    }
    if (!first_bar) {
        seg[m++] = (pos_segment){left, right, 1, 1};
    } else {
        if (first_bar > left &&
            ((pc->first_used && pc->first_used < first_bar) || w->rule_left < first_bar)) {
            memmove(seg + 1, seg, sizeof seg[0] * (size_t)m);
            seg[0] = (pos_segment){left, first_bar - 1, 1, 0};
            m++;
        }
        if (pc->last_used > last_bar || (right != POS_OPEN && right > last_bar)) {
            if (m == NONET_MAX_SIDE + 1)
                return 0;
            seg[m++] = (pos_segment){last_bar + 1, right, 0, 1};
        }
    }
    *nseg = m;
    return m > 0;
}

static int pos_fit_rows(const grid_work *w, pos_fit *f)
{
    memset(f, 0, sizeof *f);
    int n = w->nrows;
    if (n < 1 || n > NONET_MAX_SIDE || w->max_value > n)
        return 0;
    pos_cols pc;
    pos_segment seg[NONET_MAX_SIDE + 1];
    int m;
    if (!pos_segments(w, &pc, seg, &m) || n % m != 0)
        return 0;
    int k = n / m;
    /* one or two columns apart, at most one from the bars, first */
    for (int pass = 0; pass < 2; pass++)
        for (int s = 1; s <= 4; s++)
            for (int p = 2 * pass; p <= 2 * pass + 1; p++)
                if (pos_try_exact(&pc, seg, m, k, s, p, f->slots)) {
                    f->exact = pass == 0 && s <= 2;
                    goto found;
                }
    for (int s = 1; s <= POS_MAX_STEP; s++)
        if (pos_try_loose(&pc, seg, m, k, s, f->slots)) {
            f->exact = 0;
            goto found;
        }
    return 0;
found:
    f->n = n;
    f->box_cols = m > 1 && k > 1 ? k : 0; /* a bar between every column shows no boxes */
    f->wider = !pc.has_bars && pc.width > f->slots[n - 1];
    return 1;
}

/* Whether more rows could still make the rows kept a grid read by
 * column: the fewest columns the symbols need (in each segment, from its
 * first symbol, or the grid's edge, to its last, at some spacing) make a
 * side of at most NONET_MAX_SIDE. Candidate lists ("| 26  5  189 |")
 * need more. */
static int pos_viable(const grid_work *w)
{
    pos_cols pc;
    pos_segment seg[NONET_MAX_SIDE + 1];
    int m;
    if (!pos_segments(w, &pc, seg, &m))
        return w->nrows > 0 && w->rows[w->nrows - 1].bar_only; /* only empty rows yet */
    for (int s = 1; s <= POS_MAX_STEP; s++) {
        int k_min = 1, ok = 1;
        for (int i = 0; i < m && ok; i++) {
            int hi = seg[i].b == POS_OPEN ? MAX_POS_COL : seg[i].b, first = 0, last = 0;
            for (int c = seg[i].a; c <= hi; c++) {
                if (!pc.used[c])
                    continue;
                if (!first)
                    first = seg[i].open_left ? seg[i].a : c;
                ok &= (c - first) % s == 0;
                last = c;
            }
            if (first && (last - first) / s + 1 > k_min)
                k_min = (last - first) / s + 1;
        }
        if (ok && (long)k_min * m <= NONET_MAX_SIDE)
            return 1;
    }
    return 0;
}

/* Whether the rows, read by column, are the grid the character reading
 * completed (as many rows as its side, every cell a symbol, no row
 * longer), and it is no tiny grid: a 1x1, 2x2 or 3x3 grid ends only where
 * the next line is no row ("1", then "  6     3", is the start of a 9x9
 * grid with spaces as blanks). */
static int pos_agrees(const grid_work *w)
{
    pos_fit f;
    return w->chars_n > 3 && w->nrows == w->chars_n && pos_fit_rows(w, &f) && !f.wider;
}

int grid_begin_held(grid_work *w, const read_ctx *ctx)
{
    pos_fit f;
    if (w->active || !w->held || !w->last_rule || !w->rule_left || !pos_allowed(ctx) ||
        !pos_fit_rows(w, &f) || !f.exact)
        return 0;
    w->active = 1;
    w->held = 0;
    w->pos = 1;
    w->chars_n = w->tokens_n = w->chars_done = 0;
    w->maybe_lines = w->provisional = 0;
    w->boxed = 1;
    w->max_value = 0;
    w->broken_n = 0;
    w->broken.code = NONET_OK;
    w->broken.message[0] = '\0';
    w->first_line = w->rows[0].line;
    return 1;
}

int grid_ends_at_blank(const grid_work *w)
{
    pos_fit f;
    if (!w->active)
        return 0;
    if (w->chars_done)
        return 1;
    /* here the other readings lack rows */
    return w->pos && pos_fit_rows(w, &f);
}

int grid_closes_by_columns(const grid_work *w)
{
    pos_fit f;
    if (!w->active || !w->pos || !pos_fit_rows(w, &f) || !f.exact || !f.box_cols)
        return 0;
    int box_rows = f.n / f.box_cols;
    for (int i = 1; i < w->nrows; i++)
        if (w->rows[i].band_start != (i % box_rows == 0))
            return 0;
    return 1;
}

static void finish_columns(grid_work *w, const read_ctx *ctx, nonet_puzzle *p, raw_cells *raw)
{
    pos_fit f;
    if (!pos_fit_rows(w, &f))
        return; /* the caller made sure it fits */
    int n = f.n;
    raw_start(raw, n);
    for (int i = 0; i < w->nrows; i++) {
        const grid_row *row = &w->rows[i];
        const unsigned char *s = (const unsigned char *)w->text + row->off;
        raw_add_scan(raw, &row->sc, row->line);
        for (int c = 0; c < n; c++) {
            raw->code[i * n + c] = CODE_BLANK;
            raw->ch[i * n + c] = ' ';
            raw->line[i * n + c] = row->line;
            raw->col[i * n + c] = 0;
        }
        int dcol = 0, k = 0;
        for (size_t j = 0; j < row->len;) {
            size_t step;
            int bar;
            pos_char(s + j, row->len - j, &step, &bar);
            unsigned char ch = s[j];
            if (step == 1 && pos_symbol(ch)) {
                while (k < n && f.slots[k] < dcol + 1)
                    k++;
                /* pos_fit_rows put every symbol on a slot */
                raw->code[i * n + k] = (uint8_t)(ch >= 'a' ? ch - 'a' + 'A' : ch);
                raw->ch[i * n + k] = ch;
                raw->col[i * n + k] = (int32_t)(j + 1);
            }
            dcol = ch == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
            j += step;
        }
        raw->blanks[BLANK_DOT] += n - row->sc.nsym;
    }
    set_lines(w, p, 1);
    if (!settle_shape(w, ctx, n, f.box_cols > 0 && f.box_cols < n ? f.box_cols : 0, p))
        return;
    decode_cells(raw, ctx->symbols, &p->grid, p->symbols, &p->blank, &p->error);
    p->blank = '.';
    p->layout = w->boxed ? NONET_LAYOUT_BOXED : NONET_LAYOUT_GRID;
}

/* ------------------------------------------------------------ finishing */

void grid_finish(grid_work *w, const read_ctx *ctx, int truncated, nonet_puzzle *p, raw_cells *raw,
                 line_items *it)
{
    (void)truncated;
    pos_fit fit;
    int rows = chars_rows(w);
    int chars_whole = w->chars_n && rows == w->chars_n;
    int tokens_whole = w->tokens_n && rows == w->tokens_n;
    /* by column when the others lack rows, or when empty framed rows are
     * among the rows: they are rows, not rules */
    if (w->pos && ((w->chars_done && rows < w->nrows) || (!chars_whole && !tokens_whole)) &&
        pos_fit_rows(w, &fit)) {
        finish_columns(w, ctx, p, raw);
    } else if (chars_whole) {
        finish_chars(w, ctx, p, raw, it);
    } else if (tokens_whole) {
        if (tokens_are_numbers(w, ctx, w->tokens_n))
            finish_numbers(w, ctx, p, it);
        else
            finish_candidates(w, ctx, p, it);
    } else {
        set_lines(w, p, 0);
        int n = w->chars_n ? w->chars_n : w->tokens_n ? w->tokens_n : w->broken_n;
        if (w->pos && !w->chars_n && !w->tokens_n)
            set_error(&p->error, NONET_ESHORTROW, p->first_line, 0,
                      "these %d rows make no grid, even reading spaces as blanks", w->nrows);
        else if (w->broken.code != NONET_OK && !w->chars_n && !w->tokens_n)
            p->error = w->broken;
        else if (rows == 1 && n > 1)
            set_error(&p->error, NONET_ETRUNCATED, p->first_line, 0,
                      "%d cell%s: a one-line puzzle needs n*n cells (81 for 9x9), "
                      "and no more rows of a %dx%d grid follow",
                      w->rows[0].sc.ncells, PLURAL(w->rows[0].sc.ncells), n, n);
        else
            set_error(&p->error, NONET_ETRUNCATED, p->last_line, 0,
                      "the grid ended after %d of its %d rows", rows, n);
    }
    if (p->error.code != NONET_OK) {
        p->grid.n = p->grid.box_rows = p->grid.box_cols = 0;
        p->has_marks = 0;
    }
    w->active = 0;
    w->chars_done = 0;
    w->nrows = 0;
    w->text_len = 0;
}
