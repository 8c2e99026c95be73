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

static int pos_complete(const grid_work *w, int at_end, int *slots, int *nslots, int *box_cols);

/* Keeps why the last regular reading died: row `row` (1-based) of the
 * grid did not have the n cells or tokens it needed. */
static void row_count_error(grid_work *w, const line_scan *sc, long line, int row, int n,
                            int tokens)
{
    int have = tokens ? sc->ntokens : sc->ncells;
    int code = have < n ? NONET_ESHORTROW : NONET_ELONGROW;
    nonet_error *e = &w->broken;
    e->code = NONET_OK;
    if (have == n) /* the count is right: the symbols are not */
        set_error(e, NONET_EBADCHAR, line, 0,
                  "row %d: %d candidate lists that do not fit a %dx%d grid", row, have, n, n);
    else if (tokens && sc->tokens_numeric)
        set_error(e, code, line, 0, "row %d has %d numbers; a %dx%d grid needs %d", row, have, n, n,
                  n);
    else if (tokens)
        set_error(e, code, line, 0, "row %d has %d candidate lists; a %dx%d grid needs %d", row,
                  have, n, n, n);
    else
        set_error(e, code, line, 0, "row %d has %d cells; a %dx%d grid needs %d", row, have, n, n,
                  n);
}

int grid_begin(grid_work *w, const read_ctx *ctx, const char *text, size_t len, long line,
               size_t end_offset, const line_scan *sc, int rule_before)
{
    w->active = 1;
    w->nrows = 0;
    w->text_len = 0;
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
    w->boxed = rule_before || sc->has_bar;
    w->gap_lines = 0;
    w->max_value = 0;
    w->broken_n = 0;
    w->broken.code = NONET_OK;
    w->broken.message[0] = '\0';
    w->first_line = line;
    if (!w->chars_n && !w->tokens_n && !w->pos) {
        /* no reading takes even the first row */
        if (sc->ncells > NONET_MAX_SIDE)
            set_error(&w->broken, NONET_ECELLS, line, 0,
                      "%d cells: too many for a grid row (at most %d) and no one-line puzzle",
                      sc->ncells, NONET_MAX_SIDE);
        else
            set_error(&w->broken, NONET_EBADCHAR, line, sc->bad_col, "bad character %s",
                      sc->bad_what);
        w->broken_n = 1;
    }
    return grid_add(w, ctx, text, len, line, end_offset, sc);
}

int grid_takes(const grid_work *w, const line_scan *sc)
{
    if (w->chars_n && sc->ncells == w->chars_n)
        return 1;
    if (w->tokens_n && sc->ntokens == w->tokens_n)
        return 1;
    if (w->pos && pos_row_ok(sc) && sc->ncells <= NONET_MAX_SIDE)
        return 1;
    return w->broken_n > 0 && sc->ncells <= NONET_MAX_SIDE;
}

void grid_gap(grid_work *w, int rule)
{
    w->gap_lines++;
    if (rule)
        w->boxed = 1;
}

int grid_add(grid_work *w, const read_ctx *ctx, const char *text, size_t len, long line,
             size_t end_offset, const line_scan *sc)
{
    if (w->nrows == GRID_MAX_ROWS)
        return 1; /* cannot happen with a living reading; finish as broken */
    grid_row *row = &w->rows[w->nrows];
    if (!keep_text(w, text, len, &row->off))
        return -1;
    row->len = len;
    row->line = line;
    row->end_offset = end_offset;
    row->band_start = w->gap_lines > 0 && w->nrows > 0;
    row->bar_only = sc->ncells == 0 && sc->has_bar;
    row->sc = *sc;
    w->nrows++;
    w->gap_lines = 0;
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
                set_error(&w->broken, NONET_EBADCHAR, line, sc->bad_col, "bad character %s",
                          sc->bad_what);
            else
                set_error(&w->broken, NONET_EBADCHAR, line, 0,
                          "row %d writes blanks with a symbol, the rows above with spaces", rows);
            w->broken_n = rows;
        }
    }
    if (w->chars_n && rows == w->chars_n)
        return 1;
    if (w->tokens_n && rows == w->tokens_n)
        return 1;
    if (w->chars_n || w->tokens_n)
        return 0;
    if (w->pos) {
        int slots[NONET_MAX_SIDE], nslots, box_cols;
        return pos_complete(w, 0, slots, &nslots, &box_cols);
    }
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
    int group = 0, spaced_rows = 0, sep_rows = 0, k = 0;
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
        k++;
    }
    set_lines(w, p, 0);
    if (!settle_shape(w, ctx, n, group, p))
        return;
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

/* Marks the display columns of s's bars in bars[] and returns its display
 * width (trailing spaces included). */
static int bar_columns(const unsigned char *s, size_t len, uint8_t *bars)
{
    int dcol = 0;
    for (size_t i = 0; i < len;) {
        size_t step = 1;
        if (s[i] == 0xE2 && i + 2 < len && (s[i + 1] == 0x94 || s[i + 1] == 0x95)) {
            step = 3;
            if (dcol < MAX_POS_COL)
                bars[dcol + 1] = 1;
        } else if (s[i] == '|') {
            if (dcol < MAX_POS_COL)
                bars[dcol + 1] = 1;
        } else if ((s[i] & 0xC0) == 0x80) {
            i++; /* a continuation byte: the character was counted */
            continue;
        }
        dcol = s[i] == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
        i += step;
    }
    return dcol;
}

static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The grid's columns when read by column: the columns some row fills,
 * completed at the spacing they share, between the bars. at_end: the
 * rows have ended, so columns may be added to reach one per row (trailing
 * spaces stripped, an empty first column). Returns 1 and the columns when
 * they make a grid of nrows rows. */
static int pos_complete(const grid_work *w, int at_end, int *slots, int *nslots, int *box_cols)
{
    uint8_t used[MAX_POS_COL + 2] = {0}, bars[MAX_POS_COL + 2] = {0};
    int width = 0, rows = w->nrows;
    if (rows < 1 || rows > NONET_MAX_SIDE || w->max_value > rows)
        return 0;
    for (int i = 0; i < rows; i++) {
        const grid_row *row = &w->rows[i];
        const unsigned char *s = (const unsigned char *)w->text + row->off;
        int wd = bar_columns(s, row->len, bars);
        if (wd > width)
            width = wd;
        /* the cells' columns, as scan_line counts them */
        int dcol = 0;
        for (size_t j = 0; j < row->len;) {
            unsigned char ch = s[j];
            size_t step = 1;
            if (ch == 0xE2 && j + 2 < row->len && (s[j + 1] == 0x94 || s[j + 1] == 0x95))
                step = 3;
            else if (ch >= 0x80)
                while (j + step < row->len && (s[j + step] & 0xC0) == 0x80)
                    step++;
            int cell = step == 1 && ((ch >= '1' && ch <= '9') || (ch >= 'A' && ch <= 'Z') ||
                                     (ch >= 'a' && ch <= 'z'));
            if (cell) {
                if (dcol + 1 > MAX_POS_COL)
                    return 0;
                used[dcol + 1] = 1;
            }
            dcol = ch == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
            j += step;
        }
    }
    if (width > MAX_POS_COL)
        width = MAX_POS_COL;
    int first = 0, last = 0, step = 0, prev = 0, count = 0;
    for (int c = 1; c <= MAX_POS_COL; c++) {
        if (!used[c])
            continue;
        if (!first)
            first = c;
        if (prev)
            step = gcd(step, c - prev);
        prev = last = c;
        count++;
    }
    if (!count)
        return 0;
    if (count == rows) {
        /* exactly one filled column per row: they are the grid's */
        *nslots = 0;
        for (int c = first; c <= last; c++)
            if (used[c])
                slots[(*nslots)++] = c;
    } else {
        if (step == 0)
            step = 1;
        /* every column at that spacing that is no bar, from the first
         * filled one to the end of the widest row */
        int end = width > last ? width : last;
        *nslots = 0;
        for (int c = first; c <= end && *nslots <= rows; c += step)
            if (!bars[c])
                slots[(*nslots)++] = c;
        if (*nslots > rows)
            return 0;
        if (*nslots < rows && !at_end)
            return 0;
        /* the rows ended: columns may be missing at the left (an empty
         * first column) or the right (stripped spaces); only without bars,
         * where nothing else marks the edges */
        int has_bars = 0;
        for (int c = 1; c <= MAX_POS_COL; c++)
            has_bars |= bars[c];
        if (*nslots < rows && has_bars)
            return 0;
        while (*nslots < rows && slots[0] - step >= 1) {
            memmove(slots + 1, slots, sizeof slots[0] * (size_t)*nslots);
            slots[0] -= step;
            (*nslots)++;
        }
        while (*nslots < rows) {
            slots[*nslots] = slots[*nslots - 1] + step;
            (*nslots)++;
        }
    }
    /* boxes: the bars cut the columns into equal groups */
    *box_cols = 0;
    int run = 0, groups = 0, equal = 1;
    for (int i = 0; i < *nslots; i++) {
        int cut = 0;
        for (int c = i ? slots[i - 1] + 1 : 1; c < slots[i]; c++)
            cut |= bars[c];
        if (cut && i > 0) {
            if (*box_cols && run != *box_cols)
                equal = 0;
            *box_cols = run;
            run = 0;
            groups++;
        }
        run++;
    }
    if (groups > 0 && (!equal || run != *box_cols))
        return 0;
    if (groups == 0)
        *box_cols = 0;
    return 1;
}

int grid_can_end_by_columns(const grid_work *w)
{
    int slots[NONET_MAX_SIDE], nslots, box_cols;
    return w->active && w->pos && pos_complete(w, 1, slots, &nslots, &box_cols);
}

static void finish_columns(grid_work *w, const read_ctx *ctx, nonet_puzzle *p, raw_cells *raw)
{
    int slots[NONET_MAX_SIDE], n = 0, box_cols = 0;
    pos_complete(w, 1, slots, &n, &box_cols);
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
            unsigned char ch = s[j];
            size_t step = 1;
            if (ch >= 0x80)
                while (j + step < row->len && (s[j + step] & 0xC0) == 0x80)
                    step++;
            int cell = step == 1 && ((ch >= '1' && ch <= '9') || (ch >= 'A' && ch <= 'Z') ||
                                     (ch >= 'a' && ch <= 'z'));
            if (cell) {
                while (k < n && slots[k] < dcol + 1)
                    k++;
                if (k < n && slots[k] == dcol + 1) {
                    raw->code[i * n + k] = (uint8_t)(ch >= 'a' ? ch - 'a' + 'A' : ch);
                    raw->ch[i * n + k] = ch;
                    raw->col[i * n + k] = (int32_t)(j + 1);
                } else {
                    set_error(&p->error, NONET_EBADCHAR, row->line, (long)(j + 1),
                              "'%c' stands between the grid's columns", ch);
                }
            }
            dcol = ch == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
            j += step;
        }
        raw->blanks[BLANK_DOT] += n - row->sc.nsym;
    }
    set_lines(w, p, 1);
    int group = box_cols > 0 && box_cols < n ? box_cols : 0;
    if (!settle_shape(w, ctx, n, group, p))
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
    int rows = chars_rows(w);
    if (w->chars_n && rows == w->chars_n) {
        finish_chars(w, ctx, p, raw, it);
    } else if (w->tokens_n && rows == w->tokens_n) {
        if (tokens_are_numbers(w, ctx, w->tokens_n))
            finish_numbers(w, ctx, p, it);
        else
            finish_candidates(w, ctx, p, it);
    } else if (w->pos && !w->chars_n && !w->tokens_n && grid_can_end_by_columns(w)) {
        finish_columns(w, ctx, p, raw);
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
                      "%d cells: a one-line puzzle needs n*n cells (81 for 9x9), "
                      "and no more rows of a %dx%d grid follow",
                      w->rows[0].sc.ncells, n, n);
        else
            set_error(&p->error, NONET_ETRUNCATED, p->last_line, 0,
                      "the grid ended after %d of its %d rows", rows, n);
    }
    if (p->error.code != NONET_OK) {
        p->grid.n = p->grid.box_rows = p->grid.box_cols = 0;
        p->has_marks = 0;
    }
    w->active = 0;
    w->nrows = 0;
    w->text_len = 0;
}
