/* read.c - the streaming puzzle reader: bytes in, puzzles out.
 *
 * Bytes are cut into lines (at most NONET_MAX_LINE bytes are kept of one;
 * a longer line is a failed puzzle). Each line is scanned once into two
 * readings: as characters (every non-separator byte is a cell) and as
 * tokens (whitespace- or bar-separated words, for the numbers layout).
 * The decision of what a line is (skip, one-line puzzle, grid row) is made
 * from those readings and the grid in progress, if any:
 *
 *   skip      blank lines, '#' comments, rule lines (no digit, and a '+',
 *             '=', ':' or box-drawing mark; or dashes of the wrong length
 *             inside a grid)
 *   one-line  n*n cells (n >= 4), or whatever the forced shape says
 *   row       n cells: the first row of a grid sets n, the grid ends
 *             after its n-th row
 *
 * A grid whose first row has no digit and contains "--" is provisional: it
 * may have been a rule line, and is dropped if the next line does not fit.
 * Errors inside a grid are kept until the grid's rows are consumed, so that
 * one bad row yields one failed puzzle and the batch stays aligned.
 */
#include "internal.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS (NONET_MAX_CELLS + 1) /* cells or tokens kept per line */

enum { GAP_NONE = 0, GAP_SPACE = 1, GAP_WIDE = 2, GAP_BAR = 3 };
enum { BLANK_KINDS = 5 };
static const char blank_syms[BLANK_KINDS] = {'.', '-', '0', '_', '*'};

/* What one scan of a line found. */
typedef struct line_scan {
    int ncells;     /* character reading: cells, bad characters included */
    int has_digit;  /* some cell is a digit symbol */
    int has_dashes; /* "--" occurs */
    int has_mark;   /* '+', '=', ':' or box drawing */
    int has_bar;    /* '|' or box drawing */
    int has_sep;    /* some separator between two cells */
    int all_sep;    /* a separator between every two cells */
    int max_digit;  /* largest digit symbol's value */
    long bad_col;   /* first bad character's column, 0 if none */
    unsigned char bad_ch;
    long mark_col; /* first rule mark's column */
    int blanks[BLANK_KINDS];
    int ntokens;        /* token reading */
    int tokens_numeric; /* every token is one or two decimal digits */
    int multi_digit;    /* some token has two or more digits */
    long max_value;     /* largest token value */
} line_scan;

/* A grid being assembled. */
typedef struct grid_work {
    int active;
    int n;
    int rows;
    int provisional;                /* first row had no digit and had "--" */
    int numbers_rows;               /* rows read in the numbers reading */
    int boxed;                      /* a bar or a '+' rule line was seen */
    int spaced_rows;                /* rows with a separator between every two cells */
    int sep_rows;                   /* rows with some separator */
    int group;                      /* box width the rows' separators suggest; 0 none,
                                       -1 rows disagree */
    int gap_lines;                  /* blank or rule lines since the last row */
    int band_start[NONET_MAX_SIDE]; /* 1 if gap lines preceded row i */
    int blanks[BLANK_KINDS];
    size_t end_offset;
} grid_work;

typedef struct slot {
    nonet_puzzle p;
    size_t end_offset;
} slot;

struct nonet_reader {
    nonet_read_opts opts;
    int forced_n;  /* side of the forced shape, 0 if none */
    long line_no;  /* number of the line being assembled */
    size_t offset; /* bytes consumed before the current feed call */
    size_t line_len;
    int overlong;
    int ended;
    int last_rule_mark; /* the last skipped line was a '+' rule */
    int sticky_side;    /* side of the last one-line puzzle, 0 if none */
    int sticky_grid;    /* side of the last grid read, 0 if none */
    long count;         /* puzzles emitted */
    int qhead, qcount;
    slot queue[2];
    grid_work w;
    nonet_puzzle work; /* the grid in progress */
    line_scan sc;
    uint8_t cval[MAX_ITEMS]; /* character reading: cell values */
    uint8_t cgap[MAX_ITEMS]; /* separator strength before each cell */
    int32_t ccol[MAX_ITEMS]; /* 1-based columns */
    uint8_t cbad[MAX_ITEMS]; /* 1 if the cell is a bad character */
    uint8_t tgap[MAX_ITEMS]; /* token reading: strength before each token */
    int32_t tcol[MAX_ITEMS];
    uint32_t tval[MAX_ITEMS];
    char line[NONET_MAX_LINE];
};

/* ------------------------------------------------------------ helpers */

static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Length of a UTF-8 box-drawing character (U+2500..U+257F) at s, or 0. */
static size_t box_drawing(const unsigned char *s, size_t left)
{
    if (left >= 3 && s[0] == 0xE2 && (s[1] == 0x94 || s[1] == 0x95) && s[2] >= 0x80 && s[2] <= 0xBF)
        return 3;
    return 0;
}

static int blank_kind(unsigned char ch)
{
    for (int i = 0; i < BLANK_KINDS; i++)
        if ((unsigned char)blank_syms[i] == ch)
            return i;
    return -1;
}

static char main_blank(const int *counts, char fallback)
{
    int best = -1;
    for (int i = 0; i < BLANK_KINDS; i++)
        if (counts[i] > 0 && (best < 0 || counts[i] > counts[best]))
            best = i;
    return best < 0 ? fallback : blank_syms[best];
}

static void set_error(nonet_error *e, int code, long line, long column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void set_error(nonet_error *e, int code, long line, long column, const char *fmt, ...)
{
    if (e->code != NONET_OK)
        return; /* the first error of a puzzle is the one reported */
    va_list ap;
    va_start(ap, fmt);
    e->code = code;
    e->line = line;
    e->column = column;
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
}

static void describe_char(unsigned char ch, char *buf, size_t cap)
{
    if (ch >= 0x21 && ch < 0x7F)
        snprintf(buf, cap, "'%c'", ch);
    else
        snprintf(buf, cap, "byte 0x%02X", ch);
}

static int isqrt_exact(long k)
{
    for (long m = 1; m * m <= k; m++)
        if (m * m == k)
            return (int)m;
    return 0;
}

static void puzzle_reset(nonet_puzzle *p, long line)
{
    p->grid.box_rows = p->grid.box_cols = p->grid.n = 0;
    p->layout = NONET_LAYOUT_AUTO;
    p->blank = '.';
    p->symbols[0] = '\0';
    p->name[0] = '\0';
    p->has_marks = 0;
    p->index = 0;
    p->first_line = p->last_line = line;
    p->error.code = NONET_OK;
    p->error.line = p->error.column = 0;
    p->error.message[0] = '\0';
}

/* Copies a puzzle, touching only the cells and rows in use. */
static void puzzle_copy(nonet_puzzle *dst, const nonet_puzzle *src)
{
    int n = src->grid.n;
    dst->grid.box_rows = src->grid.box_rows;
    dst->grid.box_cols = src->grid.box_cols;
    dst->grid.n = n;
    memcpy(dst->grid.cells, src->grid.cells, (size_t)n * (size_t)n);
    dst->layout = src->layout;
    dst->blank = src->blank;
    dst->index = src->index;
    dst->first_line = src->first_line;
    dst->last_line = src->last_line;
    memcpy(dst->row_line, src->row_line, sizeof dst->row_line[0] * (size_t)n);
    dst->error = src->error;
}

/* Appends a finished puzzle (from p) to the ready queue. */
static void emit(nonet_reader *r, const nonet_puzzle *p, size_t end_offset)
{
    slot *s = &r->queue[(r->qhead + r->qcount) % 2];
    puzzle_copy(&s->p, p);
    s->p.index = ++r->count;
    s->end_offset = end_offset;
    r->qcount++;
}

/* Gives the puzzle its shape: the forced one, else the given one. Returns 0
 * and sets an error if the side does not match the forced shape. */
static int apply_shape(nonet_reader *r, nonet_puzzle *p, int n, int box_rows, int box_cols)
{
    if (r->forced_n) {
        if (n != r->forced_n) {
            set_error(&p->error, NONET_ESIZE, p->first_line, 0,
                      "the puzzle is %dx%d but the size was set to %dx%d (boxes %dx%d)", n, n,
                      r->forced_n, r->forced_n, r->opts.box_rows, r->opts.box_cols);
            p->grid.n = 0;
            return 0;
        }
        box_rows = r->opts.box_rows;
        box_cols = r->opts.box_cols;
    }
    p->grid.box_rows = box_rows;
    p->grid.box_cols = box_cols;
    p->grid.n = n;
    return 1;
}

/* ------------------------------------------------------------ scanning */

/* Scans s[0..len) (no line end, no trailing blanks) into r->sc and the
 * per-cell and per-token arrays. */
static void scan_line(nonet_reader *r, const unsigned char *s, size_t len)
{
    line_scan *sc = &r->sc;
    memset(sc, 0, sizeof *sc);
    sc->tokens_numeric = 1;
    int gap = GAP_NONE, tgap = GAP_NONE;
    int in_token = 0, token_len = 0, token_numeric = 1;
    long token_value = 0;
    int prev_dash = 0;
    int pairs = 0, separated_pairs = 0;

    for (size_t i = 0; i < len;) {
        unsigned char ch = s[i];
        long col = (long)i + 1;
        size_t bd = box_drawing(s + i, len - i);
        int sep = bd || is_space(ch) || ch == '|';
        if (sep) {
            int strength = (bd || ch == '|') ? GAP_BAR : ch == '\t' ? GAP_WIDE : GAP_SPACE;
            if (strength == GAP_SPACE && gap >= GAP_SPACE && gap < GAP_BAR)
                strength = GAP_WIDE; /* two or more spaces */
            if (strength > gap)
                gap = strength;
            if (bd || ch == '|') {
                sc->has_bar = 1;
                tgap = GAP_BAR;
            } else if (tgap < GAP_SPACE) {
                tgap = GAP_SPACE;
            }
            if (bd)
                sc->has_mark = 1;
            if (in_token) {
                in_token = 0;
                if (!token_numeric || token_len > 2)
                    sc->tokens_numeric = 0;
                if (token_len >= 2)
                    sc->multi_digit = 1;
                if (r->sc.ntokens <= MAX_ITEMS)
                    r->tval[sc->ntokens - 1] = (uint32_t)token_value;
                if (token_value > sc->max_value)
                    sc->max_value = token_value;
            }
            prev_dash = 0;
            i += bd ? bd : 1;
            continue;
        }
        /* token reading */
        if (!in_token) {
            in_token = 1;
            token_len = 0;
            token_numeric = 1;
            token_value = 0;
            if (sc->ntokens < MAX_ITEMS) {
                r->tcol[sc->ntokens] = (int32_t)col;
                r->tgap[sc->ntokens] = (uint8_t)tgap;
            }
            sc->ntokens++;
            tgap = GAP_NONE;
        }
        token_len++;
        if (ch >= '0' && ch <= '9') {
            if (token_value < 1000000)
                token_value = token_value * 10 + (ch - '0');
        } else {
            token_numeric = 0;
        }
        /* character reading */
        if (ch == '+' || ch == '=' || ch == ':') {
            sc->has_mark = 1;
            if (!sc->mark_col)
                sc->mark_col = col;
            prev_dash = 0;
            i++;
            continue;
        }
        int value = digit_of_sym(ch);
        int kind = value ? -1 : blank_kind(ch);
        int bad = !value && kind < 0;
        if (bad && !sc->bad_col) {
            sc->bad_col = col;
            sc->bad_ch = ch;
        }
        if (value) {
            sc->has_digit = 1;
            if (value > sc->max_digit)
                sc->max_digit = value;
        } else if (kind >= 0) {
            sc->blanks[kind]++;
        }
        if (ch == '-' && prev_dash)
            sc->has_dashes = 1;
        prev_dash = ch == '-';
        if (sc->ncells > 0) {
            pairs++;
            if (gap > GAP_NONE) {
                separated_pairs++;
                sc->has_sep = 1;
            }
        }
        if (sc->ncells < MAX_ITEMS) {
            r->cval[sc->ncells] = (uint8_t)value;
            r->cgap[sc->ncells] = (uint8_t)gap;
            r->ccol[sc->ncells] = (int32_t)col;
            r->cbad[sc->ncells] = (uint8_t)bad;
        }
        sc->ncells++;
        gap = GAP_NONE;
        i++;
    }
    if (in_token) {
        if (!token_numeric || token_len > 2)
            sc->tokens_numeric = 0;
        if (token_len >= 2)
            sc->multi_digit = 1;
        if (sc->ntokens <= MAX_ITEMS)
            r->tval[sc->ntokens - 1] = (uint32_t)token_value;
        if (token_value > sc->max_value)
            sc->max_value = token_value;
    }
    if (sc->ntokens == 0)
        sc->tokens_numeric = 0;
    sc->all_sep = pairs > 0 && separated_pairs == pairs;
}

/* Whether the token reading of the line gives `cells` cells of a grid of
 * side n in the numbers layout. Strict: every number fits n (to tell
 * "12 0 3" from "152 489 376" on a first row); lenient, inside a grid of
 * known side, big numbers are read and reported as out of range. */
static int numbers_reading(const nonet_reader *r, int cells, int n, int strict)
{
    const line_scan *sc = &r->sc;
    if (!sc->tokens_numeric || sc->ntokens != cells || (strict && sc->max_value > n))
        return 0;
    return sc->multi_digit || r->opts.layout == NONET_LAYOUT_NUMBERS;
}

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

/* Reports cell (or token) i of the scanned line, of value v, as too big
 * for side n. A letter where no letters are digits is a bad character. */
static void out_of_range(const nonet_reader *r, nonet_error *e, int numbers, int i, int v, int n,
                         long line)
{
    if (numbers) {
        set_error(e, NONET_ERANGE, line, r->tcol[i], "number %d is out of range for a %dx%d grid",
                  v, n, n);
        return;
    }
    long col = r->ccol[i];
    char ch = r->line[col - 1];
    if (v >= 10 && n < 10)
        set_error(e, NONET_EBADCHAR, line, col, "bad character '%c'", ch);
    else
        set_error(e, NONET_ERANGE, line, col, "digit '%c' (%d) is out of range for a %dx%d grid",
                  ch, v, n, n);
}

/* ------------------------------------------------------------ grids */

static void grid_begin(nonet_reader *r, int n, long line)
{
    grid_work *w = &r->w;
    memset(w, 0, sizeof *w);
    w->active = 1;
    w->n = n;
    w->boxed = r->last_rule_mark;
    puzzle_reset(&r->work, line);
    r->work.grid.n = n; /* so that partial copies are well defined */
    memset(r->work.grid.cells, 0, (size_t)n * (size_t)n);
}

/* Adds the scanned line as the next row of the grid in progress. */
static void grid_add_row(nonet_reader *r, long line, size_t end_offset)
{
    grid_work *w = &r->w;
    nonet_puzzle *p = &r->work;
    line_scan *sc = &r->sc;
    int n = w->n, row = w->rows;
    int numbers = numbers_reading(r, n, n, 0);
    const uint8_t *gaps = numbers ? r->tgap : r->cgap;
    int count = numbers ? sc->ntokens : sc->ncells;

    p->row_line[row] = line;
    p->last_line = line;
    w->band_start[row] = row > 0 && w->gap_lines > 0;
    w->gap_lines = 0;
    w->end_offset = end_offset;
    w->rows++;
    if (count != n) {
        set_error(&p->error, count < n ? NONET_ESHORTROW : NONET_ELONGROW, line, 0,
                  "row %d has %d cells; a %dx%d grid needs %d", row + 1, count, n, n, n);
        return;
    }
    if (!numbers && sc->bad_col) {
        char what[16];
        describe_char(sc->bad_ch, what, sizeof what);
        set_error(&p->error, NONET_EBADCHAR, line, sc->bad_col, "bad character %s", what);
        return;
    }
    if (numbers)
        w->numbers_rows++;
    if (sc->has_bar)
        w->boxed = 1;
    if (sc->has_sep)
        w->sep_rows++;
    if (sc->all_sep)
        w->spaced_rows++;
    for (int k = 0; k < BLANK_KINDS; k++)
        w->blanks[k] += sc->blanks[k];
    int group = row_group(gaps, count);
    if (group && w->group == 0)
        w->group = group;
    else if (group && w->group != group)
        w->group = -1;
    for (int c = 0; c < n; c++) {
        int v = numbers ? (int)r->tval[c] : r->cval[c];
        if (v > n) {
            out_of_range(r, &p->error, numbers, c, v, n, line);
            v = 0;
        }
        p->grid.cells[row * n + c] = (uint8_t)v;
    }
}

/* The grid has all its rows: settle its shape and layout and emit it. */
static void grid_finish(nonet_reader *r)
{
    grid_work *w = &r->w;
    nonet_puzzle *p = &r->work;
    int n = w->n;
    int box_rows = 0, box_cols = 0;

    /* bands: rows between blank or rule lines */
    int height = 0, run = 0, consistent = 1, cuts = 0;
    for (int i = 0; i <= n; i++) {
        if (i == n || (i > 0 && w->band_start[i])) {
            if (i < n)
                cuts++;
            if (height && run != height)
                consistent = 0;
            height = run;
            run = 1;
        } else {
            run++;
        }
    }
    if (w->group > 0) {
        box_cols = w->group;
        box_rows = n / box_cols;
    } else if (cuts > 0 && consistent && n % height == 0) {
        box_rows = height;
        box_cols = n / height;
    } else {
        nonet_default_shape(n, &box_rows, &box_cols);
    }
    apply_shape(r, p, n, box_rows, box_cols);

    if (w->boxed)
        p->layout = NONET_LAYOUT_BOXED;
    else if (w->numbers_rows > 0 ||
             /* evenly spaced single digits with 0 blanks: "5 3 0 0 7" */
             (w->spaced_rows == n && w->group <= 0 && main_blank(w->blanks, '0') == '0'))
        p->layout = NONET_LAYOUT_NUMBERS;
    else if (w->spaced_rows == n)
        p->layout = NONET_LAYOUT_SPACED;
    else if (w->sep_rows > 0)
        p->layout = NONET_LAYOUT_GRID;
    else
        p->layout = NONET_LAYOUT_KNUTH;
    p->blank = p->layout == NONET_LAYOUT_NUMBERS ? '0' : main_blank(w->blanks, '.');
    emit(r, p, w->end_offset);
    w->active = 0;
    r->sticky_side = 0;
    r->sticky_grid = n;
}

/* The grid in progress ends before its last row. */
static void grid_truncate(nonet_reader *r)
{
    grid_work *w = &r->w;
    nonet_puzzle *p = &r->work;
    int n = w->n;
    if (w->rows == 1 && r->sticky_side == 0)
        set_error(&p->error, NONET_ETRUNCATED, p->first_line, 0,
                  "%d cells: a one-line puzzle needs n*n cells (81 for 9x9), "
                  "and no more rows of a %dx%d grid follow",
                  n, n, n);
    else if (w->rows == 1)
        set_error(&p->error, NONET_ECELLS, p->first_line, 0,
                  "%d cells; a one-line %dx%d puzzle needs %d", n, r->sticky_side, r->sticky_side,
                  r->sticky_side * r->sticky_side);
    else
        set_error(&p->error, NONET_ETRUNCATED, p->last_line, 0,
                  "the grid ended after %d of its %d rows", w->rows, n);
    emit(r, p, w->end_offset);
    w->active = 0;
}

/* ------------------------------------------------------------ lines */

/* Reads the scanned line as a one-line puzzle of side m. */
static void one_line(nonet_reader *r, int m, long line, size_t end_offset)
{
    nonet_puzzle *p = &r->work;
    line_scan *sc = &r->sc;
    int numbers = numbers_reading(r, m * m, m, 1);
    puzzle_reset(p, line);
    p->layout = numbers ? NONET_LAYOUT_NUMBERS : NONET_LAYOUT_LINE;
    p->blank = numbers ? '0' : main_blank(sc->blanks, '.');
    int box_rows = 0, box_cols = 0;
    nonet_default_shape(m, &box_rows, &box_cols);
    if (apply_shape(r, p, m, box_rows, box_cols)) {
        for (int i = 0; i < m; i++)
            p->row_line[i] = line;
        if (!numbers && sc->bad_col) {
            char what[16];
            describe_char(sc->bad_ch, what, sizeof what);
            set_error(&p->error, NONET_EBADCHAR, line, sc->bad_col, "bad character %s", what);
        }
        for (int c = 0; c < m * m; c++) {
            int v = numbers ? (int)r->tval[c] : r->cval[c];
            if (v > m) {
                out_of_range(r, &p->error, numbers, c, v, m, line);
                v = 0;
            }
            p->grid.cells[c] = (uint8_t)v;
        }
    }
    if (p->error.code != NONET_OK)
        p->grid.n = 0, p->grid.box_rows = p->grid.box_cols = 0;
    r->sticky_side = m;
    r->sticky_grid = 0;
    emit(r, p, end_offset);
}

/* A line that is a failed puzzle on its own. */
static void bad_line(nonet_reader *r, int code, long line, long col, const char *msg,
                     size_t end_offset)
{
    nonet_puzzle *p = &r->work;
    puzzle_reset(p, line);
    set_error(&p->error, code, line, col, "%s", msg);
    emit(r, p, end_offset);
}

/* Whether the scanned line, outside any grid, is a one-line puzzle; sets
 * *side. */
static int looks_one_line(const nonet_reader *r, int *side)
{
    const line_scan *sc = &r->sc;
    int cells = sc->ncells;
    /* numbers: n*n integers */
    if (sc->tokens_numeric && sc->multi_digit && sc->ntokens > NONET_MAX_SIDE) {
        int m = isqrt_exact(sc->ntokens);
        if (m && sc->max_value <= m) {
            *side = m;
            return 1;
        }
    }
    if (r->forced_n) {
        *side = r->forced_n;
        return cells == r->forced_n * r->forced_n;
    }
    int m = isqrt_exact(cells);
    if (r->opts.layout == NONET_LAYOUT_LINE) {
        *side = m;
        return m > 0 && m <= NONET_MAX_SIDE;
    }
    if (r->sticky_side && cells == r->sticky_side * r->sticky_side) {
        *side = r->sticky_side;
        return 1;
    }
    if (m < 4 || m > NONET_MAX_SYMBOL_SIDE || cells == r->sticky_grid)
        return 0; /* after a grid, a line as long as its rows starts another */
    if (!sc->has_digit && sc->has_dashes)
        return 0; /* a line of dashes is a rule, never a puzzle */
    *side = m;
    if (cells > NONET_MAX_SIDE)
        return 1;
    /* 16, 25, 36, 49 or 64 cells: a one-line puzzle or a grid's first row */
    return !sc->has_sep && sc->max_digit <= m;
}

/* Handles a line that starts a new puzzle (no grid in progress). */
static void fresh_line(nonet_reader *r, long line, size_t end_offset)
{
    line_scan *sc = &r->sc;
    int side = 0;
    int forced = r->opts.layout;

    if (forced != NONET_LAYOUT_LINE && sc->tokens_numeric && sc->ntokens <= NONET_MAX_SIDE &&
        numbers_reading(r, sc->ntokens, sc->ntokens, 1) &&
        (!r->forced_n || sc->ntokens == r->forced_n)) {
        grid_begin(r, sc->ntokens, line);
        grid_add_row(r, line, end_offset);
    } else if ((forced == NONET_LAYOUT_AUTO || forced == NONET_LAYOUT_LINE) &&
               looks_one_line(r, &side)) {
        one_line(r, side, line, end_offset);
        return;
    } else if (forced == NONET_LAYOUT_LINE) {
        char msg[128];
        snprintf(msg, sizeof msg, "%d cells; a one-line puzzle needs n*n cells (81 for 9x9)",
                 sc->ncells);
        bad_line(r, NONET_ECELLS, line, 0, msg, end_offset);
        return;
    } else if (sc->ncells > NONET_MAX_SIDE ||
               (r->forced_n && sc->ncells != r->forced_n && forced == NONET_LAYOUT_AUTO) ||
               (r->sticky_side && sc->ncells != r->sticky_side && forced == NONET_LAYOUT_AUTO)) {
        /* after one-line puzzles, a line that is neither one of them nor
         * a row of the same size is a broken one-line puzzle */
        char msg[128];
        if (r->forced_n)
            snprintf(msg, sizeof msg, "%d cells; a %dx%d puzzle needs %d on one line or %d a row",
                     sc->ncells, r->forced_n, r->forced_n, r->forced_n * r->forced_n, r->forced_n);
        else if (r->sticky_side)
            snprintf(msg, sizeof msg, "%d cells; a one-line %dx%d puzzle needs %d", sc->ncells,
                     r->sticky_side, r->sticky_side, r->sticky_side * r->sticky_side);
        else
            snprintf(msg, sizeof msg, "%d cells; a one-line puzzle needs n*n cells (81 for 9x9)",
                     sc->ncells);
        bad_line(r, NONET_ECELLS, line, 0, msg, end_offset);
        return;
    } else {
        int n = r->forced_n ? r->forced_n : sc->ncells;
        grid_begin(r, n, line);
        r->w.provisional = !sc->has_digit && sc->has_dashes;
        grid_add_row(r, line, end_offset);
    }
    if (r->w.active && r->w.rows == r->w.n)
        grid_finish(r);
}

/* Whether the scanned line is the next row of the grid in progress. */
static int fits_grid(const nonet_reader *r)
{
    int n = r->w.n;
    if (numbers_reading(r, n, n, 0))
        return 1;
    return r->sc.ncells == n;
}

static void process_line(nonet_reader *r, char *text, size_t len, size_t end_offset)
{
    long line = r->line_no;
    const unsigned char *s = (const unsigned char *)text;

    if (line == 1 && len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        memmove(text, text + 3, len - 3); /* a UTF-8 byte-order mark */
        len -= 3;
    }
    while (len > 0 && is_space(s[len - 1]))
        len--;
    size_t start = 0;
    while (start < len && is_space(s[start]))
        start++;
    if (start == len) { /* blank line */
        if (r->w.active)
            r->w.gap_lines++;
        return;
    }
    if (s[start] == '#')
        return;
    for (size_t i = start + 1; i < len; i++) /* a trailing " # comment" */
        if (s[i] == '#' && is_space(s[i - 1])) {
            len = i;
            while (len > 0 && is_space(s[len - 1]))
                len--;
            break;
        }

    scan_line(r, s, len);
    line_scan *sc = &r->sc;
    int rule_only = !sc->has_digit && !sc->bad_col;
    if (rule_only && (sc->has_mark || sc->ncells == 0)) {
        if (r->w.active) {
            r->w.gap_lines++;
            r->w.boxed = 1;
        }
        r->last_rule_mark = 1;
        return;
    }
    if (sc->has_mark && !sc->bad_col) { /* a '+' among digits */
        sc->bad_col = sc->mark_col;
        sc->bad_ch = s[sc->mark_col - 1];
    }

    if (r->w.active) {
        if (fits_grid(r)) {
            r->w.provisional = 0;
            grid_add_row(r, line, end_offset);
            if (r->w.rows == r->w.n)
                grid_finish(r);
            r->last_rule_mark = 0;
            return;
        }
        int side;
        if (r->w.provisional && r->w.rows == 1) {
            r->w.active = 0; /* it was a rule line after all */
        } else if (rule_only && sc->has_dashes) {
            r->w.gap_lines++;
            return;
        } else if (r->opts.layout == NONET_LAYOUT_AUTO && looks_one_line(r, &side)) {
            grid_truncate(r);
        } else {
            grid_add_row(r, line, end_offset); /* a bad row: still a row */
            if (r->w.rows == r->w.n)
                grid_finish(r);
            return;
        }
    }
    fresh_line(r, line, end_offset);
    r->last_rule_mark = 0;
}

static void end_line(nonet_reader *r, size_t end_offset)
{
    if (r->overlong) {
        char msg[64];
        snprintf(msg, sizeof msg, "line longer than %d bytes", NONET_MAX_LINE);
        if (r->w.active) {
            nonet_puzzle *p = &r->work;
            set_error(&p->error, NONET_ELINE, r->line_no, 0, "%s", msg);
            p->row_line[r->w.rows] = r->line_no;
            p->last_line = r->line_no;
            r->w.provisional = 0;
            r->w.end_offset = end_offset;
            if (++r->w.rows == r->w.n)
                grid_finish(r);
        } else {
            bad_line(r, NONET_ELINE, r->line_no, 0, msg, end_offset);
        }
    } else {
        process_line(r, r->line, r->line_len, end_offset);
    }
    r->line_len = 0;
    r->overlong = 0;
    r->line_no++;
}

/* ------------------------------------------------------------ public */

static int opts_valid(const nonet_read_opts *o)
{
    if (o->layout < NONET_LAYOUT_AUTO || o->layout > NONET_LAYOUT_BOXED)
        return 0;
    if (o->box_rows == 0 && o->box_cols == 0)
        return 1;
    return shape_valid(o->box_rows, o->box_cols);
}

nonet_reader *nonet_reader_new(const nonet_read_opts *opts)
{
    nonet_read_opts defaults = {NONET_LAYOUT_AUTO, 0, 0, NULL};
    if (!opts)
        opts = &defaults;
    if (!opts_valid(opts))
        return NULL;
    nonet_reader *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    memset(r, 0, offsetof(nonet_reader, queue));
    memset(&r->w, 0, sizeof r->w);
    r->opts = *opts;
    r->forced_n = opts->box_rows * opts->box_cols;
    r->line_no = 1;
    return r;
}

void nonet_reader_free(nonet_reader *r)
{
    free(r);
}

size_t nonet_reader_feed(nonet_reader *r, const void *data, size_t len)
{
    if (!r || !data || r->qcount > 0 || r->ended)
        return 0;
    const char *p = data;
    size_t used = 0;
    while (used < len) {
        const char *nl = memchr(p + used, '\n', len - used);
        size_t chunk = nl ? (size_t)(nl - (p + used)) : len - used;
        if (!r->overlong) {
            if (chunk > (size_t)NONET_MAX_LINE - r->line_len) {
                r->overlong = 1;
            } else {
                memcpy(r->line + r->line_len, p + used, chunk);
                r->line_len += chunk;
            }
        }
        used += chunk;
        if (!nl)
            break;
        used++; /* the line end */
        end_line(r, r->offset + used);
        if (r->qcount > 0)
            break;
    }
    r->offset += used;
    return used;
}

void nonet_reader_end(nonet_reader *r)
{
    if (!r || r->ended)
        return;
    r->ended = 1;
    if (r->line_len > 0 || r->overlong)
        end_line(r, r->offset);
    if (r->w.active) {
        if (r->w.provisional && r->w.rows == 1)
            r->w.active = 0; /* a trailing rule line */
        else
            grid_truncate(r);
    }
}

int nonet_reader_next(nonet_reader *r, nonet_puzzle *out)
{
    if (!r || !out || r->qcount == 0)
        return 0;
    puzzle_copy(out, &r->queue[r->qhead].p);
    r->qhead = (r->qhead + 1) % 2;
    r->qcount--;
    return 1;
}

int nonet_parse(const char *text, size_t len, const nonet_read_opts *opts, nonet_puzzle *out,
                size_t *consumed)
{
    if ((!text && len > 0) || !out || (opts && !opts_valid(opts)))
        return NONET_EARG;
    nonet_reader *r = nonet_reader_new(opts);
    if (!r)
        return NONET_ENOMEM;
    size_t used = 0;
    while (used < len && r->qcount == 0)
        used += nonet_reader_feed(r, text + used, len - used);
    if (r->qcount == 0)
        nonet_reader_end(r);
    int status = NONET_EEMPTY;
    if (r->qcount > 0) {
        size_t end = r->queue[r->qhead].end_offset;
        nonet_reader_next(r, out);
        status = out->error.code;
        if (consumed)
            *consumed = end;
    } else if (consumed) {
        *consumed = len;
    }
    nonet_reader_free(r);
    return status;
}
