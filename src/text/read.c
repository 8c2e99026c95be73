/* read.c - the streaming puzzle reader: bytes in, puzzles out.
 *
 * Bytes are cut into lines (at most NONET_MAX_LINE bytes are kept of one;
 * a longer line is a failed puzzle). Each line is scanned (read_scan.c)
 * and is then one of:
 *
 *   skipped    blank lines, '#' comments, rule lines (no symbol, and a
 *              '+', '=', ':', '\'' or box-drawing mark), the sections of
 *              SadMan's .sdk files other than [Puzzle];
 *   one-line   n*n cells (n >= 4), a forum line (a one-line puzzle, then
 *              text: its name), or the 729-character pencil-mark form;
 *   a row      of the grid in progress (read_grid.c decides the grid);
 *   a title    text that cannot be a row where a puzzle may begin: the
 *              next puzzle's name;
 *   an error   a line that is nearly a one-line puzzle (a few cells short
 *              or long), and every line that is no puzzle, title or rule:
 *              one failed puzzle each, so that nothing vanishes.
 *
 * Lines inside a quoted field of a CSV table (RFC 4180 lets one hold line
 * breaks) are no lines of their own: they are joined to their record,
 * which read_forms.c then reads as one line (record_start, record_more).
 *
 * Some decisions wait for later lines. A text line that cannot start a
 * grid waits for the next one: if that one has as many cells, both are
 * rows (the first with a typo); if not, the text was a title. A line of
 * 16 or 25 cells is a one-line 4x4 or 5x5 puzzle or the first row of a
 * 16x16 or 25x25 grid: such lines are kept as a grid, and when the grid
 * completes or breaks off, the rows are one-line puzzles after all if
 * most of them fit the small size; they are then read again, one by one
 * (the replay queue). */
#include "text/read.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    REPLAY_ONE_LINE = 1, /* a replayed line of 16 or 25 cells is one-line */
    REPLAY_OVERLONG = 2, /* a line longer than NONET_MAX_LINE came here */
    REPLAY_FORMED = 4,   /* a plain line a form stood for (read_forms.c) */
    REPLAY_PUZZLE = 8,   /* the text of exactly one puzzle (a CSV field) */
    REPLAY_NO_SIZE = 16, /* a line of numbers that was no size line */
    REPLAY_UNCLOSED = 32 /* with REPLAY_PUZZLE: a CSV record whose quoted
                            field never closed, or ran too long (its error
                            is in the reader's record_error) */
};

/* A CSV record whose quoted field holds line breaks: being joined, or
 * past NONET_MAX_LINE bytes (only followed until the quote closes). */
enum { RECORD_OPEN = 1, RECORD_LONG };

/* Size lines before a grid: "12", "4", "3" (side, box rows, box columns),
 * "9 3 3", or "2", "3" (box rows, box columns); at most three numbers, on
 * lines held (with any rule lines among them) until the grid shows. */
#define SIZE_NUMBERS 3
#define SIZE_LINES 8

typedef struct slot {
    nonet_puzzle p;
} slot;

typedef struct replay_line {
    size_t off, len;
    size_t columns_len; /* CSV columns, right after the text */
    long line;
    size_t end_offset;
    int flags;
    /* a CSV field (REPLAY_PUZZLE): the line and column where its text
     * begins, and the last line of its record */
    long text_line, text_col, last_line;
} replay_line;

struct nonet_reader {
    nonet_read_opts opts;
    read_ctx ctx;
    long line_no;  /* number of the line being assembled */
    size_t offset; /* bytes consumed before the current feed call */
    size_t line_len;
    int overlong;
    int ended;
    int rule_left, rule_right;      /* display columns where the rule lines
                                       since the last other line begin and end
                                       (0: none) */
    int sticky_side;                /* side of the last one-line puzzle, 0 if none */
    int sticky_grid;                /* side of the last grid read, 0 if none */
    int skipping;                   /* inside an .sdk section other than [Puzzle] */
    long count;                     /* puzzles emitted */
    char title[NONET_MAX_NAME + 1]; /* title lines waiting for their puzzle */
    /* a text line that may be a title or a grid's first row */
    int pending;
    long pending_line;
    size_t pending_end;
    char *pending_text;
    size_t pending_len, pending_cap;
    /* lines to read again, and the lines forms stand for */
    replay_line *replay;
    int nreplay, replay_next, replay_max;
    int replay_rounds; /* lines replayed since the last input line: a bound
                          on a line that would go round for ever */
    char *replay_text;
    size_t replay_len, replay_cap;
    forms forms;
    long form_line;        /* the input line the forms read now (a record's first) */
    size_t form_end;       /* and where it ends */
    int forms_ended;       /* forms_end was called at the input's end */
    int record;            /* (see record_text) */
    const char *form_text; /* the text forms_line reads now: where it */
    long form_col0;        /* begins in its line (0-based), and the */
    long form_last;        /* record's last line */
    /* a CSV record whose quoted field holds line breaks (record:
     * RECORD_OPEN, RECORD_LONG, or 0): its lines so far, joined by '\n'
     * (the first with its leading spaces, record_skip bytes) */
    char *record_text;
    size_t record_len, record_cap, record_skip;
    long record_line, record_last; /* its first and last lines so far */
    long quote_line, quote_col;    /* where its field still open begins */
    long long_line, long_col;      /* where the one open when it grew too long began */
    nonet_error record_error;      /* why it failed (REPLAY_UNCLOSED) */
    /* the CSV field read now (whole_puzzle): where its text begins (line
     * 0: no field), whether it holds line breaks, its record's last line;
     * and the place of the next one, from its replay entry */
    const char *field_text;
    long field_line, field_col, field_last;
    long next_line, next_col, next_last;
    int field_nl;
    /* size lines held until the next line shows whether they are */
    int nsize, size[SIZE_NUMBERS];
    int nsize_lines;
    uint8_t size_rule[SIZE_LINES]; /* a rule line held among them */
    long size_line[SIZE_LINES];
    size_t size_end[SIZE_LINES], size_off[SIZE_LINES + 1];
    char size_text[SIZE_LINES * 64];
    int size_shape;                   /* they are a shape line: "4x3" */
    int hint_n, hint_rows, hint_cols; /* what they said, for the grid now read */
    int ncolumns;                     /* CSV columns for the next puzzle */
    size_t columns_len, columns_cap;
    char *columns; /* (at most NONET_MAX_COLUMNS_TEXT bytes) */
    /* the input's encoding, decided by its first bytes, which wait in
     * head until then (they are read from head_next on) */
    int enc;
    unsigned char head[4];
    int nhead, head_next;
    int u16_odd; /* UTF-16: a unit's first byte waits in u16_byte */
    unsigned char u16_byte;
    unsigned u16_high;   /* a high surrogate waiting for its low one, or 0 */
    int end_pending;     /* nonet_reader_end came: the last line is read
                            after the held bytes */
    int line_nul;        /* the line being assembled holds a NUL byte */
    size_t nul_free_end; /* the input has no NUL byte from offset on up to
                            here (a search's result, for the next feed of
                            the same bytes) */
    /* binary data: BINARY_FOUND once seen (the rest is dropped),
     * BINARY_REPORTED once its failed puzzle is out */
    int binary;
    long binary_line, binary_col;
    int binary_utf32;
    /* ready puzzles */
    int qhead, qcount;
    slot *queue;         /* 2 slots */
    size_t queue_end[2]; /* where each one's text ends */
    grid_work w;
    nonet_puzzle *work; /* the puzzle being built */
    raw_cells *raw;
    line_scan sc;
    line_items *it;
    char *line; /* NONET_MAX_LINE bytes: the line being assembled.
                   The big buffers are apart so that each is a
                   plain heap block (allocators map larger ones
                   afresh for every reader) */
};

/* ------------------------------------------------------------ helpers */

static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static int isqrt_exact(long k)
{
    for (long m = 1; m * m <= k; m++)
        if (m * m == k)
            return (int)m;
    return 0;
}

static int grow(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 1;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    char *b = realloc(*buf, c);
    if (!b)
        return 0;
    *buf = b;
    *cap = c;
    return 1;
}

/* Appends text to a name: tabs and control characters as spaces, runs of
 * spaces as one, cut at NONET_MAX_NAME bytes on a UTF-8 boundary; " / "
 * between two parts. */
static void name_append(char *name, const char *text, size_t len)
{
    size_t at = strlen(name);
    while (len > 0 && is_space((unsigned char)text[len - 1]))
        len--;
    while (len > 0 && is_space((unsigned char)*text))
        text++, len--;
    if (len == 0)
        return;
    if (at > 0) {
        if (at + 3 >= NONET_MAX_NAME)
            return;
        memcpy(name + at, " / ", 3);
        at += 3;
    }
    for (size_t i = 0; i < len && at < NONET_MAX_NAME; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch < 0x20 || ch == 0x7F || ch == ' ') {
            if (at > 0 && name[at - 1] != ' ')
                name[at++] = ' ';
            continue;
        }
        name[at++] = (char)ch;
    }
    /* never end inside a UTF-8 character */
    size_t end = at;
    while (end > 0 && ((unsigned char)name[end - 1] & 0xC0) == 0x80)
        end--;
    if (end > 0 && (unsigned char)name[end - 1] >= 0xC0) {
        unsigned char lead = (unsigned char)name[end - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (at - (end - 1) < need)
            at = end - 1;
    }
    name[at] = '\0';
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
    p->ncolumns = 0;
}

/* The bytes n columns take: 2n NUL-terminated strings. */
static size_t columns_size(const char *columns, int n)
{
    size_t at = 0;
    for (int k = 0; k < 2 * n; k++)
        at += strlen(columns + at) + 1;
    return at;
}

/* Copies a puzzle, touching only the cells, rows, marks and columns in
 * use. */
static void puzzle_copy(nonet_puzzle *dst, const nonet_puzzle *src)
{
    int n = src->grid.n;
    dst->grid.box_rows = src->grid.box_rows;
    dst->grid.box_cols = src->grid.box_cols;
    dst->grid.n = n;
    memcpy(dst->grid.cells, src->grid.cells, (size_t)n * (size_t)n);
    dst->layout = src->layout;
    dst->blank = src->blank;
    memcpy(dst->symbols, src->symbols, sizeof dst->symbols);
    size_t name_len = strlen(src->name);
    memcpy(dst->name, src->name, name_len + 1);
    dst->has_marks = src->has_marks;
    if (src->has_marks)
        memcpy(dst->marks.cands, src->marks.cands, sizeof src->marks.cands[0] * (size_t)n * n);
    dst->index = src->index;
    dst->first_line = src->first_line;
    dst->last_line = src->last_line;
    memcpy(dst->row_line, src->row_line, sizeof dst->row_line[0] * (size_t)n);
    dst->error = src->error;
    dst->ncolumns = src->ncolumns;
    if (src->ncolumns)
        memcpy(dst->columns, src->columns, columns_size(src->columns, src->ncolumns));
}

/* Appends a finished puzzle to the ready queue; it takes the waiting
 * title as (the first part of) its name. */
static void emit(nonet_reader *r, nonet_puzzle *p, size_t end_offset)
{
    if (r->title[0] != '\0') {
        char own[NONET_MAX_NAME + 1];
        memcpy(own, p->name, sizeof own);
        memcpy(p->name, r->title, sizeof p->name);
        name_append(p->name, own, strlen(own));
        r->title[0] = '\0';
    }
    if (p->error.code != NONET_OK) {
        p->grid.n = p->grid.box_rows = p->grid.box_cols = 0;
        p->has_marks = 0;
    }
    if (r->ncolumns) {
        p->ncolumns = r->ncolumns;
        memcpy(p->columns, r->columns, r->columns_len);
        r->ncolumns = 0;
    }
    if (r->field_line && r->field_last > p->last_line)
        p->last_line = r->field_last; /* a CSV record of many lines */
    if (p->error.code == NONET_OK && r->hint_n && p->grid.n == r->hint_n && r->hint_rows &&
        !r->ctx.forced_n) {
        p->grid.box_rows = r->hint_rows; /* the size lines' boxes */
        p->grid.box_cols = r->hint_cols;
    }
    r->hint_n = 0;
    int at = (r->qhead + r->qcount) % 2;
    slot *s = &r->queue[at];
    puzzle_copy(&s->p, p);
    s->p.index = ++r->count;
    r->queue_end[at] = end_offset;
    r->qcount++;
    r->replay_rounds = 0; /* a puzzle out: whatever is replayed makes progress */
}

/* A failed puzzle that begins on line first, its error at line, col. */
static void bad_puzzle(nonet_reader *r, int code, long first, long line, long col, const char *msg,
                       size_t end_offset)
{
    nonet_puzzle *p = r->work;
    puzzle_reset(p, first);
    set_error(&p->error, code, line, col, "%s", msg);
    emit(r, p, end_offset);
}

/* A line that is a failed puzzle on its own. */
static void bad_line(nonet_reader *r, int code, long line, long col, const char *msg,
                     size_t end_offset)
{
    bad_puzzle(r, code, line, line, col, msg, end_offset);
}

/* Where byte column col (from 1) of the CSV field being read
 * (r->field_text) is in the input: the field's line and column, or a
 * later line's when line breaks come before it in the field. */
static void field_place(const nonet_reader *r, long col, long *line, long *column)
{
    *line = r->field_line;
    *column = r->field_col + col - 1;
    if (!r->field_nl || col < 1)
        return;
    const char *t = r->field_text, *at = t + col - 1, *nl = t;
    while ((nl = memchr(nl, '\n', (size_t)(at - nl))) != NULL) {
        ++*line;
        *column = at - nl;
        nl++;
    }
}

/* Gives p the shape of side m: the forced one, or m's default. Sets an
 * error when the side is not the forced one. */
static int line_shape(nonet_reader *r, nonet_puzzle *p, int m, long line)
{
    int box_rows = 0, box_cols = 0;
    if (r->ctx.forced_n) {
        if (m != r->ctx.forced_n) {
            set_error(&p->error, NONET_ESIZE, line, 0,
                      "the puzzle is %dx%d but the size was set to %dx%d (boxes %dx%d)", m, m,
                      r->ctx.forced_n, r->ctx.forced_n, r->ctx.box_rows, r->ctx.box_cols);
            return 0;
        }
        box_rows = r->ctx.box_rows;
        box_cols = r->ctx.box_cols;
    } else {
        nonet_default_shape(m, &box_rows, &box_cols);
    }
    p->grid.box_rows = box_rows;
    p->grid.box_cols = box_cols;
    p->grid.n = m;
    for (int i = 0; i < m; i++)
        p->row_line[i] = line;
    return 1;
}

/* field_place for the first n cells of raw, in one pass over the field
 * (their columns increase). */
static void field_cells(const nonet_reader *r, raw_cells *raw, int n)
{
    const char *t = r->field_text, *from = t, *nl = NULL, *last = NULL;
    long line = r->field_line;
    for (int c = 0; c < n; c++) {
        const char *at = t + raw->col[c] - 1;
        while (r->field_nl && from < at && (nl = memchr(from, '\n', (size_t)(at - from))) != NULL) {
            line++;
            last = nl;
            from = nl + 1;
        }
        if (at > from)
            from = at;
        raw->line[c] = line;
        raw->col[c] = (int32_t)(last ? at - last : r->field_col + raw->col[c] - 1);
    }
}

/* ------------------------------------------------------------ one-line puzzles */

/* The scanned line (or field) as a one-line puzzle of side m. */
static void one_line(nonet_reader *r, const char *text, int m, long line, size_t end_offset,
                     const char *name, size_t name_len)
{
    nonet_puzzle *p = r->work;
    const line_scan *sc = &r->sc;
    puzzle_reset(p, line);
    name_append(p->name, name, name_len);
    int numbers = sc->tokens_numeric && sc->multi_digit && sc->ntokens == m * m;
    p->layout = numbers ? NONET_LAYOUT_NUMBERS : NONET_LAYOUT_LINE;
    if (line_shape(r, p, m, line)) {
        if (numbers) {
            p->blank = '0';
            for (int c = 0; c < m * m; c++) {
                uint32_t v = r->it->tval[c];
                if (v > (uint32_t)m) {
                    long el = line, ec = r->it->tcol[c];
                    if (r->field_line)
                        field_place(r, ec, &el, &ec);
                    set_error(&p->error, NONET_ERANGE, el, ec,
                              "number %u is out of range for a %dx%d grid", v, m, m);
                    v = 0;
                }
                p->grid.cells[c] = (uint8_t)v;
            }
            if (m <= NONET_MAX_SYMBOL_SIDE) {
                for (int d = 1; d <= m; d++)
                    p->symbols[d - 1] = sym_of_digit(d);
                p->symbols[m] = '\0';
            }
        } else {
            raw_cells *raw = r->raw;
            raw->n = m;
            raw->zero_blank = 0;
            raw->nlower = sc->nlower;
            raw->nupper = sc->nletters - sc->nlower;
            memcpy(raw->blanks, sc->blanks, sizeof raw->blanks);
            raw->bad_line = sc->bad_col ? line : 0;
            raw->bad_col = sc->bad_col;
            memcpy(raw->bad_what, sc->bad_what, sizeof raw->bad_what);
            for (int c = 0; c < m * m; c++) {
                raw->code[c] = r->it->code[c];
                raw->ch[c] = (uint8_t)text[r->it->col[c] - 1];
                raw->line[c] = line;
                raw->col[c] = r->it->col[c];
            }
            if (r->field_line) { /* a CSV field: places in the input */
                field_cells(r, raw, m * m);
                if (raw->bad_col)
                    field_place(r, raw->bad_col, &raw->bad_line, &raw->bad_col);
            }
            decode_cells(raw, r->ctx.symbols, &p->grid, p->symbols, &p->blank, &p->error);
        }
    }
    r->sticky_side = m;
    r->sticky_grid = 0;
    emit(r, p, end_offset);
}

/* The 81 cells at s when they are a plain line's (see nonet_plain_line):
 * 1-9 and at most one blank kind, '.' or '0', and a '0' only beside a '9'.
 * Fills cells (0 blank) and *blank; 1, else 0. Without a branch per
 * cell: this is most of reading a big file. */
static int plain_cells(const unsigned char *s, uint8_t *cells, char *blank);

/* What plain_cells found in the cells: any other byte, a '.', a '0', a
 * '9'. */
typedef struct plain_seen {
    int other, dots, zeros, nine;
} plain_seen;

static int plain_verdict(plain_seen seen, char *blank)
{
    if (seen.other || (seen.dots && seen.zeros))
        return 0;
    if (seen.zeros && !seen.nine)
        return 0; /* '0' might be a symbol (0-8): the full rules decide */
    *blank = seen.zeros ? '0' : '.';
    return 1;
}

#if defined(__SSE2__)
/* Sixteen cells a step (SSE2 is part of every x86-64), the last alone. */
static int plain_cells(const unsigned char *s, uint8_t *cells, char *blank)
{
    const __m128i one = _mm_set1_epi8('1'), eight = _mm_set1_epi8(8);
    const __m128i dot_c = _mm_set1_epi8('.'), zero_c = _mm_set1_epi8('0');
    const __m128i nine_c = _mm_set1_epi8('9'), low = _mm_set1_epi8(0x0F);
    __m128i ok = _mm_set1_epi8(-1), dots = _mm_setzero_si128(), zeros = dots, nine = dots;
    for (int at = 0; at < 80; at += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
        __m128i v = _mm_sub_epi8(x, one); /* 1-9: 0-8, as unsigned bytes */
        __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(v, eight), v);
        __m128i dot = _mm_cmpeq_epi8(x, dot_c), zero = _mm_cmpeq_epi8(x, zero_c);
        ok = _mm_and_si128(ok, _mm_or_si128(digit, _mm_or_si128(dot, zero)));
        dots = _mm_or_si128(dots, dot);
        zeros = _mm_or_si128(zeros, zero);
        nine = _mm_or_si128(nine, _mm_cmpeq_epi8(x, nine_c));
        _mm_storeu_si128((__m128i *)(void *)(cells + at),
                         _mm_and_si128(_mm_and_si128(x, low), digit));
    }
    unsigned last = s[80];
    int last_digit = last - '1' < 9u;
    cells[80] = (uint8_t)(last_digit ? last - '0' : 0);
    plain_seen seen = {
        _mm_movemask_epi8(ok) != 0xFFFF || !(last_digit || last == '.' || last == '0'),
        _mm_movemask_epi8(dots) != 0 || last == '.', _mm_movemask_epi8(zeros) != 0 || last == '0',
        _mm_movemask_epi8(nine) != 0 || last == '9'};
    return plain_verdict(seen, blank);
}
#else
/* Eight bytes at a time (SWAR): for bytes below 0x80, the high bit of
 * each byte of x that is c or more (c at most 0x80; no borrow crosses a
 * byte). */
#define BYTES_ONES 0x0101010101010101u
#define BYTES_HIGH 0x8080808080808080u
static uint64_t bytes_at_least(uint64_t x, unsigned c)
{
    return ((x | BYTES_HIGH) - c * (uint64_t)BYTES_ONES) & BYTES_HIGH;
}

static int plain_cells(const unsigned char *s, uint8_t *cells, char *blank)
{
    uint64_t other = 0, dots = 0, zeros = 0, nine = 0;
    for (int at = 0; at <= 80; at += 8) {
        uint64_t x;
        if (at < 80) {
            memcpy(&x, s + at, 8);
        } else {
            /* the last cell alone: '1' in the lanes past it */
            x = 0x3131313131313131u;
            memcpy(&x, s + at, 1);
        }
        uint64_t ge0 = bytes_at_least(x, '0'), ge1 = bytes_at_least(x, '1');
        uint64_t ge9 = bytes_at_least(x, '9'), ge10 = bytes_at_least(x, '9' + 1);
        uint64_t digit = ge1 & ~ge10, zero = ge0 & ~ge1;
        uint64_t dot = bytes_at_least(x, '.') & ~bytes_at_least(x, '.' + 1);
        other |= (x & BYTES_HIGH) | (~(digit | zero | dot) & BYTES_HIGH);
        dots |= dot;
        zeros |= zero;
        nine |= ge9 & ~ge10;
        uint64_t value = x & 0x0F0F0F0F0F0F0F0Fu & ((digit >> 7) * 0xFF);
        if (at < 80)
            memcpy(cells + at, &value, 8);
        else
            memcpy(cells + at, &value, 1);
    }
    plain_seen seen = {other != 0, dots != 0, zeros != 0, nine != 0};
    return plain_verdict(seen, blank);
}
#endif

/* p as the one-line puzzle of those cells on that line (index 0). */
static void plain_puzzle(nonet_puzzle *p, const uint8_t *cells, char blank, long line)
{
    puzzle_reset(p, line);
    p->layout = NONET_LAYOUT_LINE;
    p->blank = blank;
    p->grid.box_rows = p->grid.box_cols = 3;
    p->grid.n = 9;
    memcpy(p->grid.cells, cells, 81);
    for (int i = 0; i < 9; i++)
        p->row_line[i] = line;
    memcpy(p->symbols, "123456789", 10);
}

/* The 81-character line of 1-9 and one blank, read without a scan. */
static int fast_one_line(nonet_reader *r, const unsigned char *s, long line, size_t end_offset)
{
    nonet_puzzle *p = r->work;
    uint8_t cells[81];
    char blank;
    if (!plain_cells(s, cells, &blank))
        return 0;
    plain_puzzle(p, cells, blank, line);
    r->sticky_side = 9;
    r->sticky_grid = 0;
    emit(r, p, end_offset);
    return 1;
}

/* The pencil-mark form (pencil_form): its side n, or 0 when the scanned
 * line is not in that form. A size line's side (or the forced one)
 * decides between the form and a one-line puzzle of as many cells. */
static int pencil_side(const nonet_reader *r)
{
    const line_scan *sc = &r->sc;
    if (sc->nbad > 0 || sc->ncells > MAX_ITEMS)
        return 0;
    return pencil_form(r->it->code, sc->ncells, sc->nlower,
                       r->ctx.forced_n ? r->ctx.forced_n : r->hint_n);
}

static void pencil_line(nonet_reader *r, int n, long line, size_t end_offset, const char *name,
                        size_t name_len)
{
    nonet_puzzle *p = r->work;
    puzzle_reset(p, line);
    name_append(p->name, name, name_len);
    p->layout = NONET_LAYOUT_LINE;
    if (line_shape(r, p, n, line)) {
        for (int cell = 0; cell < n * n; cell++) {
            uint64_t set = 0;
            for (int k = 0; k < n; k++) {
                int code = r->it->code[cell * n + k];
                if (code != CODE_BLANK && code != '0')
                    set |= (uint64_t)1 << k;
            }
            p->marks.cands[cell] = set;
            p->grid.cells[cell] = (uint8_t)(set && !(set & (set - 1)) ? lowest_bit(set) + 1 : 0);
        }
        p->has_marks = 1;
        p->blank = r->sc.blanks[BLANK_ZERO] > r->sc.nblank ? '0' : '.';
        for (int d = 1; d <= n; d++)
            p->symbols[d - 1] = sym_of_digit(d);
        p->symbols[n] = '\0';
    }
    r->sticky_side = 0;
    emit(r, p, end_offset);
}

static int forum_sep(unsigned char ch)
{
    return is_space(ch) || ch == ';' || ch == ',' || ch == ':';
}

/* A forum line: a one-line puzzle as the first field (or after up to three
 * numbers: "12 53..7...", HoDoKu's ":0604:1:75.+98..."), then text after
 * a space, tab, ';', ',' or ':' ("puzzle:count:solution"). Sets the
 * puzzle field [*from, *to), the leading numbers [*lead_from, *lead_to)
 * and where the text begins; *plus: the field marks placed digits with
 * '+' (HoDoKu: "+9" is a 9). */
static int forum_line(nonet_reader *r, const unsigned char *s, size_t len, size_t *from, size_t *to,
                      size_t *lead_from, size_t *lead_to, size_t *rest, int *plus)
{
    size_t i = 0;
    *lead_from = *lead_to = 0;
    for (int field = 0; field < 4; field++) {
        while (i < len && forum_sep(s[i]))
            i++;
        size_t start = i;
        while (i < len && !forum_sep(s[i]))
            i++;
        size_t end = i;
        while (i < len && forum_sep(s[i]))
            i++;
        if (end == start || (field == 0 && end == len))
            return 0; /* nothing around it: not a forum line */
        line_scan sc;
        scan_line(s + start, end - start, &sc, NULL);
        int m = isqrt_exact(sc.ncells);
        /* "+d": a placed digit (the '+' is a mark to the scan) */
        int marks = 0;
        for (size_t k = start; k + 1 < end; k++)
            marks += s[k] == '+' && s[k + 1] >= '1' && s[k + 1] <= '9';
        size_t chars = end - start - (size_t)marks;
        if (m >= 4 && sc.nbad == 0 && (size_t)sc.ncells == chars && scan_fits(&sc, m) &&
            (marks == 0 || !sc.has_dashes) && (!r->ctx.forced_n || m == r->ctx.forced_n)) {
            *from = start;
            *to = end;
            *rest = i;
            *plus = marks > 0;
            return 1;
        }
        int number = end - start <= 8 && s[start] >= '0' && s[start] <= '9';
        for (size_t k = start; k < end && number; k++)
            number = (s[k] >= '0' && s[k] <= '9') || (s[k] == '-' && k + 1 < end);
        if (!number || field == 3 || i >= len)
            return 0; /* only numbers ("12", "0901-1") may come before the puzzle */
        if (field == 0)
            *lead_from = start;
        *lead_to = end;
    }
    return 0;
}

/* A line "LABEL: PUZZLE" (or "LABEL = PUZZLE", "LABEL PUZZLE"): words,
 * then a one-line puzzle of n*n cells (n >= 4) as its last field. Sets
 * where the puzzle starts. */
static int label_line(const nonet_reader *r, const unsigned char *s, size_t len, size_t *from)
{
    size_t at = len;
    while (at > 0 && !is_space(s[at - 1]) && s[at - 1] != ':' && s[at - 1] != '=')
        at--;
    if (at == 0 || at == len)
        return 0;
    line_scan head, tail;
    scan_line(s, at, &head, NULL);
    scan_line(s + at, len - at, &tail, NULL);
    int m = isqrt_exact(tail.ncells);
    if (!head.has_word || m < 4 || tail.nbad > 0 || (size_t)tail.ncells != len - at ||
        !scan_fits(&tail, m) || (r->ctx.forced_n && m != r->ctx.forced_n))
        return 0;
    *from = at;
    return 1;
}

/* ------------------------------------------------------------ grids */

/* Queues a line to read again; returns its entry, or NULL when out of
 * memory. */
static replay_line *replay_push(nonet_reader *r, const char *text, size_t len, long line,
                                size_t end_offset, int flags, const char *columns,
                                size_t columns_len)
{
    if (r->nreplay == r->replay_max) {
        int max = r->replay_max ? 2 * r->replay_max : 64;
        replay_line *grown = realloc(r->replay, sizeof *grown * (size_t)max);
        if (!grown)
            return NULL;
        r->replay = grown;
        r->replay_max = max;
    }
    if (!grow(&r->replay_text, &r->replay_cap, r->replay_len + len + columns_len))
        return NULL;
    if (len) /* an empty line may come before any text is held */
        memcpy(r->replay_text + r->replay_len, text, len);
    if (columns_len)
        memcpy(r->replay_text + r->replay_len + len, columns, columns_len);
    replay_line *e = &r->replay[r->nreplay++];
    *e = (replay_line){r->replay_len, len, columns_len, line, end_offset, flags, line, 1, line};
    r->replay_len += len + columns_len;
    return e;
}

/* A form's line (read_forms.c), read after the input line it came from.
 * A CSV field keeps where it was written (its line and column in the
 * input, also in a record of many lines). */
static void form_emit(void *ctx, const char *text, size_t len, int kind, const char *columns,
                      size_t columns_len)
{
    nonet_reader *r = ctx;
    replay_line *e = replay_push(r, text, len, r->form_line, r->form_end,
                                 REPLAY_FORMED | (kind == FORM_PUZZLE ? REPLAY_PUZZLE : 0), columns,
                                 columns_len);
    if (!e || kind != FORM_PUZZLE)
        return;
    e->last_line = r->form_last > r->form_line ? r->form_last : r->form_line;
    if (!r->form_text || r->forms.field_at < 0)
        return;
    const char *t = r->form_text, *at = t + r->forms.field_at, *nl = t;
    e->text_col = r->form_col0 + r->forms.field_at + 1;
    while ((nl = memchr(nl, '\n', (size_t)(at - nl))) != NULL) {
        e->text_line++; /* a line break of the record before it */
        e->text_col = at - nl;
        nl++;
    }
}

static void finish_grid(nonet_reader *r, int truncated, size_t end_offset)
{
    nonet_puzzle *p = r->work;
    puzzle_reset(p, r->w.first_line);
    int n_before = r->w.chars_n ? r->w.chars_n : r->w.tokens_n;
    grid_finish(&r->w, &r->ctx, truncated, p, r->raw, r->it);
    if (p->error.code == NONET_OK)
        r->sticky_grid = p->grid.n;
    else if (n_before)
        r->sticky_grid = n_before;
    r->sticky_side = 0;
    emit(r, p, end_offset);
}

/* Rows of 16 or 25 cells that nearly all fit the small size (a typo in one
 * of eight allowed) were one-line puzzles: they are read again as such.
 * Returns 1 if so. */
static int grid_was_lines(nonet_reader *r)
{
    grid_work *w = &r->w;
    if (!w->maybe_lines)
        return 0;
    int m = isqrt_exact(w->chars_n ? w->chars_n : w->rows[0].sc.ncells), fit = 0, rows = 0;
    for (int i = 0; i < w->nrows; i++) {
        if (w->rows[i].bar_only)
            continue;
        rows++;
        fit += scan_fits(&w->rows[i].sc, m);
    }
    if ((rows - fit) * 8 > rows)
        return 0; /* symbols above the small side in many rows: a grid */
    for (int i = 0; i < w->nrows; i++) {
        grid_row *row = &w->rows[i];
        if (!row->bar_only)
            replay_push(r, w->text + row->off, row->whole, row->line, row->end_offset,
                        REPLAY_ONE_LINE | REPLAY_FORMED, NULL, 0);
    }
    w->active = 0;
    w->nrows = 0;
    w->text_len = 0;
    return 1;
}

/* Whether the grid in progress is one row of 4 or 9 cells: standing alone
 * (the rows end after it), a one-line 2x2 or 3x3 puzzle. */
static int tiny_one_line(const grid_work *w)
{
    if (w->nrows != 1 || w->rows[0].bar_only || w->broken_n)
        return 0;
    const line_scan *sc = &w->rows[0].sc;
    int m = isqrt_exact(sc->ncells);
    return (m == 2 || m == 3) && sc->ntokens != sc->ncells && scan_fits(sc, m);
}

/* The grid in progress ends before the current line (or the input). The
 * current line, if any, is pushed for replay when rows are replayed
 * before it; returns 1 in that case (the caller stops). */
static int break_grid(nonet_reader *r, const char *text, size_t len, long line, size_t end_offset,
                      int has_line)
{
    grid_work *w = &r->w;
    size_t end = w->nrows ? w->rows[w->nrows - 1].end_offset : end_offset;
    if (w->provisional && w->nrows == 1) {
        w->active = 0; /* its only row was a rule line after all */
        w->nrows = 0;
        w->text_len = 0;
        return 0;
    }
    if (grid_was_lines(r)) {
        if (has_line)
            replay_push(r, text, len, line, end_offset, REPLAY_FORMED, NULL, 0);
        return 1;
    }
    if (tiny_one_line(w)) {
        /* "1..1" standing alone: a one-line 2x2 puzzle, no grid's row */
        grid_row *row = &w->rows[0];
        replay_push(r, w->text + row->off, row->whole, row->line, row->end_offset,
                    REPLAY_ONE_LINE | REPLAY_FORMED, NULL, 0);
        w->active = 0;
        w->nrows = 0;
        w->text_len = 0;
        if (has_line)
            replay_push(r, text, len, line, end_offset, REPLAY_FORMED, NULL, 0);
        return 1;
    }
    if (w->nrows == 1 && r->sticky_side && !w->broken_n) {
        /* after one-line puzzles, a short line is a broken one of them */
        char msg[128];
        snprintf(msg, sizeof msg, "%d cell%s; a one-line %dx%d puzzle needs %d",
                 w->rows[0].sc.ncells, PLURAL(w->rows[0].sc.ncells), r->sticky_side, r->sticky_side,
                 r->sticky_side * r->sticky_side);
        long first = w->rows[0].line;
        w->active = 0;
        w->nrows = 0;
        w->text_len = 0;
        bad_line(r, NONET_ECELLS, first, 0, msg, end);
        return 0;
    }
    finish_grid(r, 1, end);
    return 0;
}

/* ------------------------------------------------------------ lines */

static void add_title(nonet_reader *r, const char *text, size_t len)
{
    name_append(r->title, text, len);
}

/* The waiting text line was not a row: it is a title, or, with no
 * puzzle after it and no word in it, a failed puzzle. */
static void settle_pending(nonet_reader *r, int at_end)
{
    if (!r->pending)
        return;
    r->pending = 0;
    line_scan sc;
    scan_line((const unsigned char *)r->pending_text, r->pending_len, &sc, NULL);
    if (at_end && !sc.has_word) {
        char msg[160], what[48] = "";
        long col = 0;
        if (sc.ncells == 1) { /* "x": named, where it is */
            const unsigned char *t = (const unsigned char *)r->pending_text;
            while (col < (long)r->pending_len && is_space(t[col]))
                col++;
            describe_char(t + col, r->pending_len - (size_t)col, what, sizeof what);
            col++;
        }
        snprintf(msg, sizeof msg, "%s%s%d cell%s and no puzzle after %s: not a puzzle or a title",
                 what, what[0] ? ": " : "", sc.ncells, PLURAL(sc.ncells),
                 sc.ncells == 1 ? "it" : "them");
        bad_line(r, NONET_ECELLS, r->pending_line, col, msg, r->pending_end);
        return;
    }
    if (!at_end)
        add_title(r, r->pending_text, r->pending_len);
}

/* Whether text has spaces where a title has none: at its start or end,
 * or two in a row (" C          ", "B4        5"): spaces as blanks. */
static int spaced_out(const char *text, size_t len)
{
    if (len == 0)
        return 0;
    if (text[0] == ' ' || text[len - 1] == ' ')
        return 1;
    for (size_t i = 1; i < len; i++)
        if (text[i] == ' ' && text[i - 1] == ' ')
            return 1;
    return 0;
}

/* Whether the scanned line can be the first row of a grid read by column
 * (spaces as blanks): symbols only, in one case. */
static int starts_columns(const line_scan *sc)
{
    return sc->nblank == 0 && sc->nzero == 0 && sc->nbad == 0 && sc->nsym > 0 &&
           !(sc->nlower > 0 && sc->nlower < sc->nletters);
}

/* Whether the scanned line starts a grid as a row of its own width. */
static int starts_grid(const line_scan *sc)
{
    if (sc->ncells >= 1 && sc->ncells <= NONET_MAX_SIDE && scan_fits(sc, sc->ncells))
        return 1;
    if (sc->tokens_numeric && sc->ntokens >= 1 && sc->ntokens <= NONET_MAX_SIDE &&
        sc->max_number <= sc->ntokens)
        return 1;
    return sc->ntokens >= 2 && sc->ntokens <= NONET_MAX_SIDE && sc->nbad == 0 &&
           scan_fits(sc, sc->ntokens);
}

static void begin_grid(nonet_reader *r, const char *text, size_t len, size_t whole, long line,
                       size_t end_offset, int maybe_lines)
{
    int done = grid_begin(&r->w, &r->ctx, text, len, whole, line, end_offset, &r->sc, r->rule_left,
                          r->rule_right);
    r->w.maybe_lines = maybe_lines;
    if (done == 1 && !grid_was_lines(r))
        finish_grid(r, 0, end_offset);
}

/* A content line with no grid in progress. */
/* Whether the scanned line (text[0..len)) is a size line: one to three
 * numbers from 1 to NONET_MAX_SIDE (written without a leading 0, one space
 * apart, nothing else), with room for them. */
static int size_line(const nonet_reader *r, const line_scan *sc, const char *text, size_t len)
{
    if (!sc->tokens_numeric || sc->ntokens < 1 || sc->ntokens + r->nsize > SIZE_NUMBERS ||
        r->nsize_lines == SIZE_LINES || sc->has_bar || sc->nbad > 0 || spaced_out(text, len))
        return 0;
    for (int t = 0; t < sc->ntokens; t++)
        if (r->it->tval[t] < 1 || r->it->tval[t] > NONET_MAX_SIDE ||
            text[r->it->tcol[t] - 1] == '0')
            return 0;
    return 1;
}

/* Whether s[0..len) is a shape line, "RxC" with digits (lower case x),
 * a valid box shape. */
static int shape_line(const unsigned char *s, size_t len, int *br, int *bc)
{
    size_t i = 0;
    while (i < len && is_space(s[i]))
        i++;
    int v[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        size_t from = i;
        while (i < len && s[i] >= '0' && s[i] <= '9' && i - from < 3)
            v[k] = v[k] * 10 + (s[i++] - '0');
        if (i == from || (k == 0 && (i >= len || s[i++] != 'x')))
            return 0;
    }
    while (i < len && is_space(s[i]))
        i++;
    if (i != len || !shape_valid(v[0], v[1]))
        return 0;
    *br = v[0];
    *bc = v[1];
    return 1;
}

/* The lines held as size lines are read again as they are, before the
 * current line (if any). */
static void size_hold(nonet_reader *r, const char *text, size_t len, long line, size_t end_offset,
                      int rule)
{
    size_t at = r->size_off[r->nsize_lines], n = len < 64 ? len : 64;
    memcpy(r->size_text + at, text, n);
    r->size_rule[r->nsize_lines] = (uint8_t)rule;
    r->size_line[r->nsize_lines] = line;
    r->size_end[r->nsize_lines] = end_offset;
    r->size_off[++r->nsize_lines] = at + n;
}

/* The held lines are read again, before the current line (if any): all of
 * them when they were no size lines, only the rule lines among them when
 * they were (numbers_too 0). */
static void size_release(nonet_reader *r, const char *text, size_t len, long line,
                         size_t end_offset, int has_line, int numbers_too)
{
    for (int i = 0; i < r->nsize_lines; i++)
        if (numbers_too || r->size_rule[i])
            replay_push(r, r->size_text + r->size_off[i], r->size_off[i + 1] - r->size_off[i],
                        r->size_line[i], r->size_end[i], REPLAY_FORMED | REPLAY_NO_SIZE, NULL, 0);
    if (has_line)
        replay_push(r, text, len, line, end_offset, REPLAY_FORMED | REPLAY_NO_SIZE, NULL, 0);
    r->nsize = r->nsize_lines = 0;
    r->size_shape = 0;
}

/* Whether the held numbers fit a grid whose first row has width cells or
 * tokens: they then set the hint (side, boxes). */
static int size_fits(nonet_reader *r, int width)
{
    const int *h = r->size;
    int n = 0, br = 0, bc = 0;
    if (r->nsize == 3 && h[0] == h[1] * h[2]) /* side, box rows, box columns; "RxC" */
        n = h[0], br = h[1], bc = h[2];
    else if (r->nsize == 2 && h[0] * h[1] == width) /* box rows, box columns */
        n = width, br = h[0], bc = h[1];
    else if (r->nsize == 2 && h[0] == width && width % h[1] == 0) /* side, box rows */
        n = width, br = h[1], bc = width / h[1];
    else if (r->nsize == 1 && h[0] == width && width > 1) /* side */
        n = width;
    /* the first row of a grid, a one-line puzzle, or one in the
     * pencil-mark form (after "RxC") */
    if (n < (r->size_shape ? 1 : 4) ||
        (n != width && n * n != width && !(r->size_shape && n * n * n == width)))
        return 0; /* no number line announces a tiny grid; "1x2" may */
    r->hint_n = n;
    r->hint_rows = br;
    r->hint_cols = bc;
    return 1;
}

static void fresh_line(nonet_reader *r, const char *text, size_t len, long line, size_t end_offset,
                       int flags, const char *comment, size_t comment_len)
{
    const unsigned char *s = (const unsigned char *)text;
    line_scan *sc = &r->sc;
    nonet_layout forced = r->ctx.layout;
    int c = sc->ncells;
    /* the whole line, with the name a tab or '#' set apart: what a line
     * read again keeps */
    size_t whole = comment_len ? (size_t)(comment + comment_len - text) : len;

    int br, bc;
    if (!(flags & REPLAY_NO_SIZE) && !r->pending && comment_len == 0 && r->nsize == 0 &&
        shape_line(s, len, &br, &bc)) {
        /* "4x3": the boxes of the puzzle after it (nonet writes it before
         * a grid of a shape that is not its side's default) */
        size_hold(r, text, len, line, end_offset, 0);
        r->size[0] = br * bc;
        r->size[1] = br;
        r->size[2] = bc;
        r->nsize = 3;
        r->size_shape = 1;
        return;
    }
    /* (a line a grid sent back to be read as one line is no size line:
     * held as one, it would come back without that mark, for ever) */
    if (!(flags & (REPLAY_NO_SIZE | REPLAY_ONE_LINE)) && !r->pending && comment_len == 0 &&
        forced == NONET_LAYOUT_AUTO && size_line(r, sc, text, len)) {
        /* maybe size lines: held until a grid shows whether they are */
        size_hold(r, text, len, line, end_offset, 0);
        for (int t = 0; t < sc->ntokens; t++)
            r->size[r->nsize++] = (int)r->it->tval[t];
        return;
    }
    if (r->nsize_lines) {
        /* a grid's first row (maybe empty), not dashes ("----": a rule),
         * or a one-line puzzle, also with its name after it or before it
         * ("53..7... name", "Puzzle 1: 53..7...") */
        int fits =
            !(sc->nsym == 0 && sc->has_dashes) && (size_fits(r, c) || size_fits(r, sc->ntokens));
        size_t from = 0, to = 0, lead_from, lead_to, rest;
        int plus;
        if (!fits && forced == NONET_LAYOUT_AUTO &&
            !forum_line(r, s, len, &from, &to, &lead_from, &lead_to, &rest, &plus) &&
            label_line(r, s, len, &from))
            to = len;
        if (to > from) { /* the puzzle's cells alone */
            line_scan field;
            scan_line(s + from, to - from, &field, NULL);
            fits = size_fits(r, field.ncells);
        }
        size_release(r, text, whole, line, end_offset, 1, !fits);
        return; /* read again after the rule lines held with them */
    }

    if (r->pending) {
        line_scan psc;
        scan_line((const unsigned char *)r->pending_text, r->pending_len, &psc, NULL);
        int columns = starts_columns(&psc) && !psc.has_word && starts_columns(sc) &&
                      !sc->has_word && spaced_out(r->pending_text, r->pending_len);
        /* a row with a typo has no word: "1.2 hidden single in box 2: ..."
         * is a title even before a row of as many tokens */
        /* (a line of one cell is a whole grid alone: never a row with it) */
        if (columns || (starts_grid(sc) && !psc.has_word &&
                        ((psc.ncells == c && c > 1) ||
                         (psc.ntokens == sc->ntokens && sc->ntokens >= 2 && c != sc->ntokens)))) {
            /* the waiting line is this grid's first row: with a typo, or
             * letters with spaces as blanks (" C          ") */
            r->pending = 0;
            int done = grid_begin(&r->w, &r->ctx, r->pending_text, r->pending_len, r->pending_len,
                                  r->pending_line, r->pending_end, &psc, 0, 0);
            if (done == 1) { /* a whole grid alone: this line is read after it */
                finish_grid(r, 0, r->pending_end);
                replay_push(r, text, whole, line, end_offset,
                            REPLAY_FORMED | (flags & REPLAY_NO_SIZE), NULL, 0);
            } else if (grid_add(&r->w, &r->ctx, text, len, whole, line, end_offset, sc) == 1) {
                finish_grid(r, 0, end_offset);
            }
            return;
        }
        settle_pending(r, 0);
    }

    if (forced == NONET_LAYOUT_LINE) {
        int m = r->ctx.forced_n ? r->ctx.forced_n : isqrt_exact(c);
        if (m > 0 && m <= NONET_MAX_SIDE && c == m * m) {
            one_line(r, text, m, line, end_offset, comment, comment_len);
        } else if (sc->ncontrol > 0 && sc->bad_col > 0) {
            char msg[128]; /* (see below) */
            snprintf(msg, sizeof msg, "bad character%s%s", BAD_SEP(sc->bad_what), sc->bad_what);
            bad_line(r, NONET_EBADCHAR, line, sc->bad_col, msg, end_offset);
        } else {
            char msg[128];
            snprintf(msg, sizeof msg, "%d cell%s; a one-line puzzle needs n*n cells (81 for 9x9)",
                     c, PLURAL(c));
            bad_line(r, NONET_ECELLS, line, 0, msg, end_offset);
        }
        return;
    }
    int auto_layout = forced == NONET_LAYOUT_AUTO;
    int m = isqrt_exact(c);
    if (auto_layout && sc->tokens_numeric && sc->multi_digit && sc->ntokens >= 2 &&
        sc->ntokens <= NONET_MAX_SIDE && sc->max_number <= sc->ntokens) {
        begin_grid(r, text, len, whole, line, end_offset, 0); /* a row of numbers: "12 0 3 ..." */
        return;
    }

    if (auto_layout) {
        int n = pencil_side(r);
        if (n) {
            pencil_line(r, n, line, end_offset, comment, comment_len);
            return;
        }
        size_t from, to, lead_from, lead_to, rest;
        int plus;
        if (forum_line(r, s, len, &from, &to, &lead_from, &lead_to, &rest, &plus)) {
            char name[NONET_MAX_NAME + 1] = "";
            name_append(name, text + lead_from, lead_to - lead_from); /* numbers before it */
            name_append(name, text + rest, len - rest);
            name_append(name, comment, comment_len);
            if (plus) {
                /* HoDoKu's placed digits: read without their '+' */
                char cells[MAX_ITEMS + 1];
                size_t k = 0;
                for (size_t i = from; i < to && k < MAX_ITEMS; i++)
                    if (!(s[i] == '+' && i + 1 < to && s[i + 1] >= '1' && s[i + 1] <= '9'))
                        cells[k++] = (char)s[i];
                scan_line((const unsigned char *)cells, k, sc, r->it);
                one_line(r, cells, isqrt_exact(sc->ncells), line, end_offset, name, strlen(name));
                return;
            }
            scan_line(s + from, to - from, sc, r->it);
            for (int i = 0; i < sc->ncells; i++)
                r->it->col[i] += (int32_t)from;
            if (sc->bad_col)
                sc->bad_col += (long)from;
            one_line(r, text, isqrt_exact(sc->ncells), line, end_offset, name, strlen(name));
            return;
        }
        if (label_line(r, s, len, &from)) {
            /* "Puzzle 1: 53..7...." or "puzzle = 53..7....": a name, then the puzzle */
            size_t head = from;
            while (head > 0 && (is_space(s[head - 1]) || s[head - 1] == ':' || s[head - 1] == '='))
                head--;
            char name[NONET_MAX_NAME + 1] = "";
            name_append(name, text, head);
            name_append(name, comment, comment_len);
            scan_line(s + from, len - from, sc, r->it);
            for (int i = 0; i < sc->ncells; i++)
                r->it->col[i] += (int32_t)from;
            if (sc->bad_col)
                sc->bad_col += (long)from;
            one_line(r, text, isqrt_exact(sc->ncells), line, end_offset, name, strlen(name));
            return;
        }
    }
    /* (not a line sent back from a grid to be read as one line: it would
     * begin the same grid again, for ever) */
    if (auto_layout && !(flags & REPLAY_ONE_LINE) && sc->ntokens >= 2 && sc->ntokens < c &&
        sc->ntokens <= NONET_MAX_SIDE && sc->tokens_sorted && sc->nblank == 0 && sc->nbad == 0 &&
        scan_fits(sc, sc->ntokens)) {
        begin_grid(r, text, len, whole, line, end_offset, 0); /* candidate lists: "1    126  36" */
        return;
    }
    if (auto_layout && (m >= 4 || (m >= 2 && (flags & REPLAY_ONE_LINE))) &&
        (!r->ctx.forced_n || m == r->ctx.forced_n || c > NONET_MAX_SIDE)) {
        if (m > NONET_MAX_SYMBOL_SIDE) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "%d cells: a %dx%d puzzle cannot be written on one line; sides above %d "
                     "need the numbers layout",
                     c, m, m, NONET_MAX_SYMBOL_SIDE);
            bad_line(r, NONET_ECELLS, line, 0, msg, end_offset);
            return;
        }
        int small = (m == 4 || m == 5) && !r->ctx.forced_n && !(flags & REPLAY_ONE_LINE);
        if (small && scan_fits(sc, c) && sc->ncells != 0 && r->sticky_side != m) {
            /* a one-line 4x4 (5x5) puzzle or a 16x16 (25x25) grid's row */
            begin_grid(r, text, len, whole, line, end_offset,
                       scan_fits(sc, m) && c != r->sticky_grid && !sc->has_bar && !r->rule_left);
            return;
        }
        int near_side = 0;
        int near = scan_near_one_line(sc, r->it, &near_side);
        if (!(sc->nsym == 0 && sc->has_dashes) && (scan_fits(sc, m) || !scan_texty(sc) || near)) {
            one_line(r, text, m, line, end_offset, comment, comment_len);
            return;
        }
    }
    /* numbers on one line: n*n integers */
    if (auto_layout && sc->tokens_numeric && sc->multi_digit && sc->ntokens > NONET_MAX_SIDE) {
        int k = isqrt_exact(sc->ntokens);
        if (k && sc->max_number <= k) {
            one_line(r, text, k, line, end_offset, comment, comment_len);
            return;
        }
    }
    int near_side = 0;
    int near = scan_near_one_line(sc, r->it, &near_side);
    /* "| C       |         |": letters between bars, no word, are a
     * row of a grid read by column (12x12 and up), never a title */
    int texty = scan_texty(sc) && !near && !(sc->has_bar && !sc->has_word && starts_columns(sc));
    if (!auto_layout && m >= 4 && c > NONET_MAX_SIDE && !texty) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "%d cells on one line: a one-line puzzle, but the layout was set to %s (one "
                 "row per line)",
                 c, nonet_layout_name(forced));
        bad_line(r, NONET_ECELLS, line, 0, msg, end_offset);
        return;
    }
    int by_tokens = sc->ntokens != c && sc->ntokens <= NONET_MAX_SIDE && starts_grid(sc);
    if (!texty && !by_tokens &&
        (c > NONET_MAX_SIDE || (near && auto_layout && !starts_grid(sc)) ||
         /* after one-line puzzles, a line of another length that starts
          * no grid (a grid's row of any layout does: when no row follows
          * it, break_grid names it a broken one-line puzzle) */
         (r->sticky_side && auto_layout && c != r->sticky_side && c >= 8 && !starts_grid(sc)) ||
         (sc->ncontrol > 0 && !starts_grid(sc)))) {
        char msg[160];
        int side = r->sticky_side ? r->sticky_side : near ? near_side : 0;
        /* a control character (or a byte no UTF-8 has) is named where it
         * is: one in place of a cell is no cell, so the count is off by
         * it, and the count would not say where */
        int control = sc->ncontrol > 0 && sc->bad_col > 0;
        if (control)
            snprintf(msg, sizeof msg, "bad character%s%s", BAD_SEP(sc->bad_what), sc->bad_what);
        else if (r->ctx.forced_n)
            snprintf(msg, sizeof msg, "%d cell%s; a %dx%d puzzle needs %d on one line or %d a row",
                     c, PLURAL(c), r->ctx.forced_n, r->ctx.forced_n,
                     r->ctx.forced_n * r->ctx.forced_n, r->ctx.forced_n);
        else if (side)
            snprintf(msg, sizeof msg, "%d cell%s; a one-line %dx%d puzzle needs %d", c, PLURAL(c),
                     side, side, side * side);
        else
            snprintf(msg, sizeof msg, "%d cell%s; a one-line puzzle needs n*n cells (81 for 9x9)",
                     c, PLURAL(c));
        bad_line(r, control ? NONET_EBADCHAR : NONET_ECELLS, line, control ? sc->bad_col : 0, msg,
                 end_offset);
        return;
    }
    /* X's alone ("x"): letters, as "a" is, where X is a blank only beside
     * symbols (read_symbols.c) */
    int x_only = auto_layout && c > 0 && sc->blanks[BLANK_X] == c;
    if (texty || x_only ||
        (auto_layout && !starts_grid(sc) && !starts_columns(sc) &&
         (sc->nletters > 0 || sc->nbad > 0))) {
        /* text: a title, unless the next line makes it a grid's row */
        if (!grow(&r->pending_text, &r->pending_cap, len))
            return;
        memcpy(r->pending_text, text, len);
        r->pending_len = len;
        r->pending_line = line;
        r->pending_end = end_offset;
        r->pending = 1;
        return;
    }
    begin_grid(r, text, len, whole, line, end_offset, 0);
}

/* Whether the line is a section header of an .sdk file: "[Name]". Sets
 * whether it is [Puzzle]. */
static int section_line(const unsigned char *s, size_t len, int *puzzle)
{
    if (len < 3 || s[0] != '[' || s[len - 1] != ']')
        return 0;
    for (size_t i = 1; i + 1 < len; i++)
        if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || s[i] == ' '))
            return 0;
    static const char word[] = "puzzle";
    *puzzle = len == 8;
    for (size_t i = 0; *puzzle && i < 6; i++)
        *puzzle = (s[i + 1] | 0x20) == word[i];
    return 1;
}

/* Splits a line "PUZZLE<TAB>TEXT" whose PUZZLE is a one-line puzzle of n*n
 * cells (n >= 4) in two: the line ends before the tab (*len, *full) and
 * TEXT is its name. */
static void tab_name(const unsigned char *s, size_t start, size_t *len, size_t *full,
                     const char *text, const char **name, size_t *name_len)
{
    size_t t = *len;
    while (t > start && s[t - 1] != '\t')
        t--;
    if (t <= start + 1 || t == *len)
        return;
    line_scan sc;
    scan_line(s + start, t - 1 - start, &sc, NULL);
    int m = isqrt_exact(sc.ncells);
    if (m < 4 || sc.nbad > 0 || !scan_fits(&sc, m))
        return;
    *name = text + t;
    *name_len = *len - t;
    *len = t - 1;
    while (*len > start && is_space(s[*len - 1]))
        (*len)--;
    *full = *len;
}

/* The text of exactly one puzzle (a CSV table's field): a one-line
 * puzzle of n*n cells, numbers or the pencil-mark form, never part of a
 * grid. */
static void whole_puzzle(nonet_reader *r, const char *text, size_t len, long line,
                         size_t end_offset, int flags, size_t skipped)
{
    if (r->w.active && break_grid(r, NULL, 0, line, end_offset, 0)) {
        replay_line *e = replay_push(r, text, len, line, end_offset, flags, r->columns,
                                     r->ncolumns ? r->columns_len : 0);
        if (e) { /* (its place is where the field was, as before) */
            e->text_line = r->next_line;
            e->text_col = r->next_col;
            e->last_line = r->next_last;
        }
        r->ncolumns = 0;
        return; /* after the rows replayed before it */
    }
    settle_pending(r, 0);
    if (flags & REPLAY_UNCLOSED) {
        nonet_error *e = &r->record_error;
        r->field_line = e->line; /* (for its last line) */
        r->field_last = r->next_last;
        bad_puzzle(r, e->code, line, e->line, e->column, e->message, end_offset);
        r->field_line = 0;
        return;
    }
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    r->field_text = text;
    r->field_line = r->next_line;
    r->field_col = r->next_col + (long)skipped;
    r->field_last = r->next_last;
    r->field_nl = memchr(text, '\n', len) != NULL;
    line_scan *sc = &r->sc;
    scan_line((const unsigned char *)text, len, sc, r->it);
    int m = isqrt_exact(sc->ncells), n = pencil_side(r);
    if (n) {
        pencil_line(r, n, line, end_offset, "", 0);
    } else if (sc->tokens_numeric && sc->multi_digit && isqrt_exact(sc->ntokens) > 1) {
        one_line(r, text, isqrt_exact(sc->ntokens), line, end_offset, "", 0);
    } else if (m > 0 && m <= NONET_MAX_SYMBOL_SIDE && sc->ncells <= MAX_ITEMS) {
        one_line(r, text, m, line, end_offset, "", 0);
    } else {
        char msg[128];
        long el = r->field_line, ec = 0;
        if (sc->ncontrol > 0) { /* a control character where a cell should be */
            field_place(r, sc->bad_col, &el, &ec);
            snprintf(msg, sizeof msg, "bad character%s%s", BAD_SEP(sc->bad_what), sc->bad_what);
        } else {
            snprintf(msg, sizeof msg,
                     "%d cell%s; a puzzle on one line needs n*n cells (81 for 9x9)", sc->ncells,
                     PLURAL(sc->ncells));
        }
        bad_puzzle(r, sc->ncontrol > 0 ? NONET_EBADCHAR : NONET_ECELLS, line, el, ec, msg,
                   end_offset);
    }
    r->field_line = 0;
    r->field_text = NULL;
}

/* ------------------------------------------------------------ CSV records */

/* A line of a CSV table (s[0..full), its first start bytes spaces) that
 * leaves a quoted field open begins a record of many lines (RFC 4180: a
 * quoted field may hold line breaks): kept until the quote closes.
 * Returns 1 if it does. */
static int record_start(nonet_reader *r, const unsigned char *s, size_t start, size_t full,
                        long line)
{
    size_t quote = 0;
    if (!csv_quote_state(&r->forms, s + start, full - start, 0, &quote) ||
        !grow(&r->record_text, &r->record_cap, full))
        return 0; /* (out of memory: read as a line of its own) */
    memcpy(r->record_text, s, full);
    r->record_len = full;
    r->record_skip = start;
    r->record = RECORD_OPEN;
    r->record_line = r->record_last = line;
    r->quote_line = line;
    r->quote_col = (long)(start + quote) + 1;
    r->forms.csv = 1; /* a header, then a record in its form: a table */
    return 1;
}

/* The record failed: one failed puzzle says why, read in turn (after
 * any grid broken off before it). */
static void record_failed(nonet_reader *r, int code, long line, long col, const char *msg,
                          size_t end_offset)
{
    r->record = 0;
    r->record_error.code = NONET_OK;
    set_error(&r->record_error, code, line, col, "%s", msg);
    replay_line *e = replay_push(r, "", 0, r->record_line, end_offset,
                                 REPLAY_FORMED | REPLAY_PUZZLE | REPLAY_UNCLOSED, NULL, 0);
    if (e)
        e->last_line = r->record_last;
}

/* The record is whole: read as the table's line it is. */
static void record_done(nonet_reader *r, size_t end_offset)
{
    size_t len = r->record_len;
    while (len > r->record_skip && is_space((unsigned char)r->record_text[len - 1]))
        len--;
    r->record = 0;
    r->form_line = r->record_line;
    r->form_end = end_offset;
    r->form_text = r->record_text + r->record_skip;
    r->form_col0 = (long)r->record_skip;
    r->form_last = r->record_last;
    forms_line(&r->forms, (const unsigned char *)r->form_text, len - r->record_skip, form_emit, r);
    r->form_text = NULL;
    r->form_last = 0;
}

/* The next line of a record (s[0..len), line end excluded), inside its
 * open quoted field: joined to it with '\n', up to NONET_MAX_LINE bytes
 * in all; a longer record is only followed to its end, and fails. */
static void record_more(nonet_reader *r, const unsigned char *s, size_t len, long line,
                        size_t end_offset)
{
    size_t quote = SIZE_MAX;
    int open = csv_quote_state(&r->forms, s, len, 1, &quote);
    if (r->record == RECORD_OPEN &&
        (r->record_len + 1 + len > (size_t)NONET_MAX_LINE ||
         !grow(&r->record_text, &r->record_cap, r->record_len + 1 + len))) {
        r->record = RECORD_LONG;
        r->long_line = r->quote_line;
        r->long_col = r->quote_col;
    }
    if (r->record == RECORD_OPEN) {
        r->record_text[r->record_len++] = '\n';
        memcpy(r->record_text + r->record_len, s, len);
        r->record_len += len;
    }
    r->record_last = line;
    if (open && quote != SIZE_MAX) { /* its field closed, and another opened */
        r->quote_line = line;
        r->quote_col = (long)quote + 1;
    }
    if (open)
        return;
    if (r->record == RECORD_OPEN) {
        record_done(r, end_offset);
        return;
    }
    char msg[160];
    snprintf(msg, sizeof msg,
             "CSV record longer than %d bytes: the quoted field that opens here ends on line %ld",
             NONET_MAX_LINE, line);
    record_failed(r, NONET_ELINE, r->long_line, r->long_col, msg, end_offset);
}

/* The input ended (or a line too long to follow came) inside the
 * record's quoted field. */
static void record_unclosed(nonet_reader *r, size_t end_offset)
{
    char msg[160];
    snprintf(msg, sizeof msg,
             "unclosed quote: the CSV field that opens here runs to the end of the input "
             "(line %ld)",
             r->record_last);
    record_failed(r, NONET_ETRUNCATED, r->quote_line, r->quote_col, msg, end_offset);
}

static void process_line(nonet_reader *r, const char *text, size_t len, long line,
                         size_t end_offset, int flags)
{
    const unsigned char *s = (const unsigned char *)text;
    if (line == 1 && len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        text += 3; /* a UTF-8 byte-order mark */
        s += 3;
        len -= 3;
    }
    size_t full = len; /* trailing spaces kept: rows read by column need them */
    while (full > 0 && (s[full - 1] == '\r' || s[full - 1] == '\n'))
        full--;
    if (r->record && !(flags & REPLAY_FORMED)) {
        record_more(r, s, full, line, end_offset); /* inside a quoted CSV field */
        return;
    }
    while (len > 0 && is_space(s[len - 1]))
        len--;
    size_t start = 0;
    while (start < len && is_space(s[start]))
        start++;
    grid_work *w = &r->w;

    if (r->skipping) {
        int puzzle = 0;
        if ((start < len && s[start] == '#') ||
            (section_line(s + start, len - start, &puzzle) && puzzle))
            r->skipping = 0;
        return;
    }
    int fresh = !(flags & REPLAY_FORMED); /* an input line, not one a form stood for */
    if (fresh && r->forms.depth > 0) {
        r->form_line = line;
        r->form_end = end_offset;
        forms_line(&r->forms, s + start, len - start, form_emit, r);
        return; /* inside a literal: its lines are what it emits */
    }
    if (flags & REPLAY_PUZZLE) {
        whole_puzzle(r, text + start, len - start, line, end_offset, flags, start);
        return;
    }
    if (start == len) { /* blank line */
        if (fresh) {
            r->form_line = line;
            r->form_end = end_offset;
            if (forms_end(&r->forms, form_emit, r)) {
                /* read the line a table's header turned out to be first */
                replay_push(r, "", 0, line, end_offset, REPLAY_FORMED, NULL, 0);
                return;
            }
        }
        if (r->nsize_lines) {
            size_release(r, text, len, line, end_offset, 1, 1); /* then this blank line */
            return;
        }
        r->rule_left = r->rule_right = 0;
        /* a grid ends (or empty framed rows were one), or a band ends */
        if (w->active ? grid_ends_at_blank(w) || tiny_one_line(w) : grid_begin_held(w, &r->ctx))
            break_grid(r, NULL, 0, line, end_offset, 0);
        else if (w->active)
            grid_gap(w, 0, 0, 0);
        else
            grid_drop_held(w);
        return;
    }
    if (s[start] == '#' || (s[start] == '/' && start + 1 < len && s[start + 1] == '/'))
        return; /* a comment: "# ...", "// ..." */
    int puzzle = 0;
    if (section_line(s + start, len - start, &puzzle)) {
        if (w->active && break_grid(r, text, full, line, end_offset, 1))
            return; /* read again after the rows replayed before it */
        settle_pending(r, 0);
        r->skipping = !puzzle;
        return;
    }
    /* the common case first: 81 cells of a one-line 9x9 puzzle */
    if (fresh && !w->active && !r->pending && !r->nsize_lines && !r->forms.csv &&
        r->ctx.layout == NONET_LAYOUT_AUTO && !r->ctx.forced_n && !r->ctx.symbols &&
        len - start == 81 && fast_one_line(r, s + start, line, end_offset))
        return;
    if (fresh) {
        r->form_line = line;
        r->form_end = end_offset;
        if (r->forms.csv && record_start(r, s, start, full, line))
            return; /* a CSV record whose quoted field goes on to the next line */
        r->form_text = text + start;
        r->form_col0 = (long)start;
        r->form_last = line;
        int formed = forms_line(&r->forms, s + start, len - start, form_emit, r);
        r->form_text = NULL;
        if (formed)
            return; /* read as the lines it stands for */
    }
    size_t whole = full; /* the line before a name is set apart from it */
    /* a trailing " # comment": the puzzle's name */
    const char *comment = "";
    size_t comment_len = 0;
    const unsigned char *h = s + start + 1, *end = s + len;
    while (h < end && (h = memchr(h, '#', (size_t)(end - h))) != NULL) {
        line_scan before;
        if (is_space(h[-1]) &&
            (scan_line(s + start, (size_t)(h - s) - start, &before, NULL), !scan_texty(&before))) {
            /* after cells, not in a title ("Daily #12") */
            size_t i = (size_t)(h - s);
            comment = text + i + 1;
            comment_len = len - i - 1;
            len = i;
            while (len > 0 && is_space(s[len - 1]))
                len--;
            full = len;
            break;
        }
        h++;
    }
    /* a trailing "<TAB>text" after a one-line puzzle of cells apart: its
     * name (GNOME Sudoku's "0 0 4 1 ... 0 0<TAB>0.954") */
    if (comment_len == 0 && !w->active)
        tab_name(s, start, &len, &full, text, &comment, &comment_len);

    if (!w->active && !r->pending && !r->nsize_lines && r->ctx.layout == NONET_LAYOUT_AUTO &&
        !r->ctx.forced_n && !r->ctx.symbols && len - start == 81 && comment_len == 0 &&
        fast_one_line(r, s + start, line, end_offset))
        return;

    line_scan *sc = &r->sc;
    scan_line(s, len, sc, r->it);
    int rule = sc->nsym == 0 && sc->nzero == 0 && sc->nbad == 0 &&
               (sc->has_mark || sc->ncells == 0 ||
                /* ".-----.-----." (HoDoKu), "*-----------*" (Simple Sudoku),
                 * or dashes too long for a row */
                ((sc->has_dashes || sc->blanks[BLANK_DASH] > 0) &&
                 (sc->blanks[BLANK_DOT] > 0 || sc->blanks[BLANK_STAR] > 0)) ||
                (sc->has_dashes && sc->ncells > NONET_MAX_SYMBOL_SIDE));
    /* bars and spaces only: an empty row of a grid read by column */
    int bar_row = rule && sc->ncells == 0 && !sc->has_mark && sc->has_bar;
    if (bar_row && !w->active) {
        settle_pending(r, 0);
        grid_hold(w, text, full, line, end_offset, sc, r->rule_left, r->rule_right);
        r->rule_left = r->rule_right = 0;
        return;
    }
    if (rule && r->nsize_lines && !w->active) {
        if (r->nsize_lines == SIZE_LINES)
            size_release(r, text, full, line, end_offset, 1, 1);
        else
            size_hold(r, text, full, line, end_offset, 1);
        return;
    }
    if (rule && !(bar_row && w->pos)) {
        int left, right;
        scan_extent(s, len, &left, &right);
        if (w->last_rule && (grid_ends_at_blank(w) || grid_begin_held(w, &r->ctx))) {
            /* a second rule line: the frame closed, another begins */
            if (break_grid(r, text, whole, line, end_offset, 1))
                return;
        }
        if (w->active || w->held) {
            grid_gap(w, 1, left, right);
        } else {
            if (!r->rule_left || left < r->rule_left)
                r->rule_left = left;
            if (right > r->rule_right)
                r->rule_right = right;
        }
        if (w->active && grid_closes_by_columns(w))
            break_grid(r, NULL, 0, line, end_offset, 0);
        return;
    }
    if (sc->mark_col > 0 && sc->nsym > 0 && !sc->bad_col && !scan_texty(sc)) {
        /* a '+' or '=' among digits */
        sc->bad_col = sc->mark_col;
        describe_char(s + sc->mark_col - 1, len - (size_t)sc->mark_col + 1, sc->bad_what,
                      sizeof sc->bad_what);
        sc->nbad++;
    }

    if (w->active) {
        /* a row, or a bad row (still a row: the batch stays aligned),
         * unless the line is clearly something else */
        int takes = grid_takes(w, sc);
        int m = isqrt_exact(sc->ncells);
        int row = takes ||
                  !(scan_texty(sc) || sc->ncells > NONET_MAX_SIDE || (m >= 4 && scan_fits(sc, m)) ||
                    (!w->chars_n && !w->tokens_n && !w->broken_n));
        if (w->maybe_lines && sc->ncells != w->chars_n) {
            if (w->tokens_n && sc->ntokens == w->tokens_n && sc->tokens_numeric)
                w->maybe_lines = 0; /* "0 0 12 0 ...": a numbers grid's rows */
            else
                row = 0;
        }
        if (w->chars_done && !takes)
            row = 0; /* the character reading's grid is complete */
        if (!takes && sc->nsym == 0 && sc->nzero == 0 && sc->nbad == 0 && sc->has_dashes)
            row = 0; /* dashes that no reading takes: a rule (below) */
        if (w->provisional && w->nrows == 1 && !takes)
            row = 0; /* its only row was a rule ("*-----------*"): dropped below */
        if (row) {
            w->provisional = 0;
            int done = grid_add(w, &r->ctx, text, full, whole, line, end_offset, sc);
            if (done == 1 && !grid_was_lines(r))
                finish_grid(r, 0, end_offset);
            r->rule_left = r->rule_right = 0;
            return;
        }
        if (sc->nsym == 0 && sc->nzero == 0 && sc->has_dashes && sc->nbad == 0) {
            int left, right;
            scan_extent(s, len, &left, &right);
            grid_gap(w, 1, left, right); /* dashes of the wrong length: a rule */
            return;
        }
        if (break_grid(r, text, whole, line, end_offset, 1))
            return;
        scan_line(s, len, sc, r->it); /* finishing the grid used the scratch */
    }
    fresh_line(r, text, full, line, end_offset, flags, comment, comment_len);
    if (!w->active)
        grid_drop_held(w); /* no grid began: they were rules */
    r->rule_left = r->rule_right = 0;
}

/* A line longer than NONET_MAX_LINE: a failed puzzle. */
static void overlong_line(nonet_reader *r, long line, size_t end_offset)
{
    char msg[64];
    snprintf(msg, sizeof msg, "line longer than %d bytes", NONET_MAX_LINE);
    settle_pending(r, 0);
    bad_line(r, NONET_ELINE, line, 0, msg, end_offset);
}

/* Reads lines waiting for replay while no puzzle is ready. Lines read
 * back this many times since the last input line or the last puzzle are
 * going round. */
#define REPLAY_ROUNDS 10000
static void drain_replay(nonet_reader *r)
{
    while (r->qcount == 0 && r->replay_next < r->nreplay) {
        if (++r->replay_rounds > REPLAY_ROUNDS) {
            /* a line the reader keeps sending back to itself: dropped, the
             * grid it was part of with it, with an error rather than a hang */
            replay_line e = r->replay[r->replay_next];
            r->nreplay = r->replay_next = 0;
            r->replay_len = 0;
            r->replay_rounds = 0;
            r->w.active = 0;
            r->w.nrows = 0;
            r->w.text_len = 0;
            bad_line(r, NONET_EBADCHAR, e.line, 0, "this text reads as no puzzle", e.end_offset);
            return;
        }
        replay_line e = r->replay[r->replay_next++];
        if (r->replay_next == r->nreplay)
            r->nreplay = r->replay_next = 0;
        /* the text stays where it is until the queue is empty again */
        char *copy = r->line; /* free between input lines */
        if (e.len)
            memcpy(copy, r->replay_text + e.off, e.len);
        if (e.columns_len && grow(&r->columns, &r->columns_cap, e.columns_len)) {
            memcpy(r->columns, r->replay_text + e.off + e.len, e.columns_len);
            r->columns_len = e.columns_len;
            int nul = 0;
            for (size_t i = 0; i < e.columns_len; i++)
                nul += r->columns[i] == '\0';
            r->ncolumns = nul / 2;
        }
        if (r->nreplay == 0)
            r->replay_len = 0;
        r->next_line = e.text_line;
        r->next_col = e.text_col;
        r->next_last = e.last_line;
        if (e.flags & REPLAY_OVERLONG)
            overlong_line(r, e.line, e.end_offset);
        else
            process_line(r, copy, e.len, e.line, e.end_offset, e.flags);
    }
}

/* ------------------------------------------------------------ encodings */

enum { ENC_UNDECIDED, ENC_BYTES, ENC_UTF16LE, ENC_UTF16BE };
enum { BINARY_FOUND = 1, BINARY_REPORTED };

/* The length of the valid UTF-8 character at s[0..len) (lead byte >=
 * 0x80), or 0. */
static size_t utf8_char(const unsigned char *s, size_t len)
{
    size_t need = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (s[0] < 0xC2 || s[0] > 0xF4 || len < need)
        return 0;
    for (size_t i = 1; i < need; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))
        return 0; /* overlong, a surrogate, or beyond U+10FFFF */
    return need;
}

/* Whether a line that holds a NUL byte is binary data: it holds another
 * byte no text has (a second NUL, a control character other than tab,
 * CR, VT, FF and ESC, invalid UTF-8). A lone NUL in text is a bad
 * character of its puzzle. */
static int binary_line(const unsigned char *s, size_t len)
{
    int nuls = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = s[i];
        if (ch == 0) {
            if (++nuls > 1)
                return 1;
        } else if (ch < 0x20 || ch == 0x7F) {
            if (!is_space(ch) && ch != 0x1B)
                return 1;
        } else if (ch >= 0x80) {
            size_t n = utf8_char(s + i, len - i);
            if (n == 0)
                return 1;
            i += n - 1;
        }
    }
    return 0;
}

/* The input is binary data from here on (or UTF-32): the line being
 * assembled and everything after it is dropped; once the puzzles before
 * it are out, one failed puzzle says so (flush_end). */
static void start_binary(nonet_reader *r, long line, long column, int utf32)
{
    r->binary = BINARY_FOUND;
    r->binary_line = line;
    r->binary_col = column;
    r->binary_utf32 = utf32;
    r->line_len = 0;
    r->line_nul = 0;
    r->overlong = 0;
    r->end_pending = 0;
    r->ended = 1;
}

/* The input's first bytes, held to decide its encoding, are UTF-32: they
 * are binary data, dropped (consumed) with everything after them. (Binary
 * data found while the held bytes are read is dropped by the reading,
 * which consumes all it was given then: the held bytes left.) */
static void start_utf32(nonet_reader *r)
{
    r->enc = ENC_BYTES;
    start_binary(r, 1, 1, 1);
    r->offset += (size_t)(r->nhead - r->head_next);
    r->head_next = r->nhead;
}

static void report_binary(nonet_reader *r)
{
    r->binary = BINARY_REPORTED;
    r->title[0] = '\0'; /* text before binary data names nothing */
    bad_line(r, NONET_EBINARY, r->binary_line, r->binary_col,
             r->binary_utf32 ? "UTF-32 text, which nonet does not read: save it as UTF-8"
                             : "binary data (a NUL byte), not text: nothing after it is read",
             r->offset);
}

static int text_byte(unsigned char ch)
{
    return (ch >= 0x20 && ch < 0x7F) || (ch >= '\t' && ch <= '\r');
}

/* Decides the input's encoding from its first bytes (head), or leaves it
 * undecided while they may still begin UTF-16 or UTF-32: a byte-order
 * mark (FF FE, FE FF; FF FE 00 00, 00 00 FE FF), or two ASCII
 * characters each with a NUL byte beside it. */
static void decide_encoding(nonet_reader *r, int at_end)
{
    const unsigned char *h = r->head;
    int n = r->nhead, enc = ENC_UNDECIDED, skip = 0;
    if (n == 0) {
        enc = at_end ? ENC_BYTES : ENC_UNDECIDED;
    } else if (h[0] == 0xFF) {
        if (n >= 2 && h[1] != 0xFE) {
            enc = ENC_BYTES;
        } else if (n >= 4 && h[2] == 0 && h[3] == 0) {
            start_utf32(r);
            return;
        } else if (n >= 4 || (at_end && n >= 2)) {
            enc = ENC_UTF16LE;
            skip = 2;
        }
    } else if (h[0] == 0xFE) {
        if (n >= 2) {
            enc = h[1] == 0xFF ? ENC_UTF16BE : ENC_BYTES;
            skip = enc == ENC_UTF16BE ? 2 : 0;
        }
    } else if (h[0] == 0) {
        if (n >= 4 && h[1] == 0 && h[2] == 0xFE && h[3] == 0xFF) {
            start_utf32(r);
            return;
        }
        if (n >= 4)
            enc = text_byte(h[1]) && h[2] == 0 && text_byte(h[3]) ? ENC_UTF16BE : ENC_BYTES;
    } else if (text_byte(h[0])) {
        if ((n >= 2 && h[1] != 0) || (n >= 3 && !text_byte(h[2])))
            enc = ENC_BYTES;
        else if (n >= 4)
            enc = h[3] == 0 ? ENC_UTF16LE : ENC_BYTES;
    } else {
        enc = ENC_BYTES;
    }
    if (enc == ENC_UNDECIDED && at_end)
        enc = ENC_BYTES;
    r->enc = enc;
    if (enc != ENC_UNDECIDED) {
        r->head_next = skip; /* the byte-order mark is read */
        r->offset += (size_t)skip;
    }
}

/* Adds bytes to the line being assembled; past NONET_MAX_LINE bytes the
 * line is overlong (its first NONET_MAX_LINE bytes are kept). */
static void line_append(nonet_reader *r, const void *s, size_t n)
{
    if (r->overlong)
        return;
    size_t room = (size_t)NONET_MAX_LINE - r->line_len;
    if (n > room) {
        n = room;
        r->overlong = 1;
    }
    memcpy(r->line + r->line_len, s, n);
    r->line_len += n;
}

static void line_char(nonet_reader *r, uint32_t cp)
{
    unsigned char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (unsigned char)(0xC0 | cp >> 6);
        u[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (unsigned char)(0xE0 | cp >> 12);
        u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        u[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (unsigned char)(0xF0 | cp >> 18);
        u[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        u[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        u[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    line_append(r, u, n);
}

static void end_line(nonet_reader *r, size_t end_offset)
{
    r->replay_rounds = 0;
    const char *nul = r->line_nul ? memchr(r->line, '\0', r->line_len) : NULL;
    r->line_nul = 0;
    if (nul && binary_line((const unsigned char *)r->line, r->line_len)) {
        start_binary(r, r->line_no, nul - r->line + 1, 0);
        return;
    }
    if (r->overlong && r->record) {
        /* in a CSV record's quoted field: the record is too long, and its
         * end cannot be followed through this line */
        char msg[160];
        snprintf(msg, sizeof msg,
                 "CSV record longer than %d bytes: the quoted field that opens here goes on "
                 "in line %ld, itself longer",
                 NONET_MAX_LINE, r->line_no);
        r->record_last = r->line_no;
        record_failed(r, NONET_ELINE, r->record == RECORD_LONG ? r->long_line : r->quote_line,
                      r->record == RECORD_LONG ? r->long_col : r->quote_col, msg, end_offset);
    } else if (r->overlong) {
        if (r->w.active && break_grid(r, NULL, 0, r->line_no, end_offset, 0))
            replay_push(r, "", 0, r->line_no, end_offset, REPLAY_OVERLONG, NULL, 0);
        else
            overlong_line(r, r->line_no, end_offset);
    } else {
        process_line(r, r->line, r->line_len, r->line_no, end_offset, 0);
    }
    r->line_len = 0;
    r->overlong = 0;
    r->line_no++;
}

/* ------------------------------------------------------------ public */

static int opts_valid(const nonet_read_opts *o)
{
    if (o->layout < NONET_LAYOUT_AUTO || o->layout > NONET_LAYOUT_CANDIDATES)
        return 0;
    if (o->symbols && o->symbols[0] != '\0') {
        if (!symbols_valid(o->symbols))
            return 0;
        int n = (int)strlen(o->symbols);
        if (o->box_rows && o->box_rows * o->box_cols != n)
            return 0;
    }
    if (o->box_rows == 0 && o->box_cols == 0)
        return 1;
    return shape_valid(o->box_rows, o->box_cols);
}

nonet_reader *nonet_reader_new(const nonet_read_opts *opts)
{
    nonet_read_opts defaults = {NONET_LAYOUT_AUTO, 0, 0, NULL, NULL};
    if (!opts)
        opts = &defaults;
    if (!opts_valid(opts))
        return NULL;
    nonet_reader *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    memset(r, 0, sizeof *r);
    r->opts = *opts;
    r->ctx.layout = opts->layout;
    r->ctx.box_rows = opts->box_rows;
    r->ctx.box_cols = opts->box_cols;
    r->ctx.forced_n = opts->box_rows * opts->box_cols;
    if (opts->symbols && opts->symbols[0] != '\0') {
        r->ctx.symbols = opts->symbols;
        if (!r->ctx.forced_n) {
            r->ctx.forced_n = (int)strlen(opts->symbols);
            nonet_default_shape(r->ctx.forced_n, &r->ctx.box_rows, &r->ctx.box_cols);
        }
    }
    r->line_no = 1;
    forms_init(&r->forms, opts->column);
    /* not calloc: two slots are over 200 KiB, and zeroing them (and the
     * page faults of touching them) cost more than reading a short text;
     * a slot's fields are read only as far as emit wrote them */
    r->queue = malloc(2 * sizeof *r->queue);
    r->work = malloc(sizeof *r->work);
    r->raw = malloc(sizeof *r->raw);
    r->it = malloc(sizeof *r->it);
    r->line = malloc(NONET_MAX_LINE);
    if (!r->queue || !r->work || !r->raw || !r->it || !r->line) {
        nonet_reader_free(r);
        return NULL;
    }
#ifdef __clang_analyzer__
    /* the analyzer loses track of line_len across feeds and takes the
     * line's bytes (only ever read up to line_len) for garbage */
    memset(r->line, 0, NONET_MAX_LINE);
    /* nor does it see that a slot is read only after emit wrote it */
    memset(r->queue, 0, 2 * sizeof *r->queue);
#endif
    return r;
}

void nonet_reader_reset(nonet_reader *r)
{
    if (!r)
        return;
    /* everything back to a new reader's, but the buffers (and the options):
     * what is kept is saved here, not the whole reader (a reset can come
     * once a line: nonet check --solution-column) */
    nonet_read_opts opts = r->opts;
    read_ctx ctx = r->ctx;
    slot *queue = r->queue;
    nonet_puzzle *work = r->work;
    raw_cells *raw = r->raw;
    line_items *it = r->it;
    char *line = r->line, *pending_text = r->pending_text, *replay_text = r->replay_text;
    char *w_text = r->w.text, *columns = r->columns, *record_text = r->record_text;
    char *form_row = r->forms.row, *form_columns = r->forms.columns;
    size_t pending_cap = r->pending_cap, replay_cap = r->replay_cap, w_cap = r->w.text_cap;
    size_t columns_cap = r->columns_cap, form_row_cap = r->forms.row_cap;
    size_t record_cap = r->record_cap;
    size_t form_columns_cap = r->forms.columns_cap;
    replay_line *replay = r->replay;
    int replay_max = r->replay_max;
    memset(r, 0, sizeof *r);
    r->opts = opts;
    r->ctx = ctx;
    r->line_no = 1;
    r->queue = queue;
    r->work = work;
    r->raw = raw;
    r->it = it;
    r->line = line;
    r->pending_text = pending_text;
    r->pending_cap = pending_cap;
    r->replay = replay;
    r->replay_max = replay_max;
    r->replay_text = replay_text;
    r->replay_cap = replay_cap;
    r->w.text = w_text;
    r->w.text_cap = w_cap;
    r->columns = columns;
    r->columns_cap = columns_cap;
    r->record_text = record_text;
    r->record_cap = record_cap;
    forms_init(&r->forms, opts.column);
    r->forms.row = form_row;
    r->forms.row_cap = form_row_cap;
    r->forms.columns = form_columns;
    r->forms.columns_cap = form_columns_cap;
}

void nonet_reader_free(nonet_reader *r)
{
    if (!r)
        return;
    grid_free(&r->w);
    free(r->queue);
    free(r->work);
    free(r->raw);
    free(r->it);
    free(r->line);
    free(r->pending_text);
    free(r->replay);
    free(r->replay_text);
    free(r->columns);
    free(r->record_text);
    forms_free(&r->forms);
    free(r);
}

static int puzzle_ready(const nonet_reader *r)
{
    return r->qcount > 0 || r->replay_next < r->nreplay;
}

/* Reads input bytes s[0..n) as lines; returns how many it took (fewer
 * when a puzzle is ready; all of them once they are binary data). */
static size_t take_bytes(nonet_reader *r, const unsigned char *s, size_t n)
{
    size_t used = 0, base = r->offset;
    /* the next NUL byte: searched once for the bytes given, not once a
     * line, nor again when the rest of them come back after a puzzle */
    const unsigned char *nul = NULL;
    size_t known = r->nul_free_end > base ? r->nul_free_end - base : 0;
    if (known < n) {
        nul = memchr(s + known, '\0', n - known);
        r->nul_free_end = base + (nul ? (size_t)(nul - s) : n);
    }
    while (used < n) {
        const unsigned char *nl = memchr(s + used, '\n', n - used);
        size_t chunk = nl ? (size_t)(nl - (s + used)) : n - used;
        line_append(r, s + used, chunk);
        used += chunk;
        if (nul && nul < s + used) {
            r->line_nul = 1;
            nul = memchr(s + used, '\0', n - used);
            r->nul_free_end = base + (nul ? (size_t)(nul - s) : n);
        }
        if (!nl)
            break;
        used++; /* the line end */
        end_line(r, r->offset + used);
        if (r->binary) {
            used = n;
            break;
        }
        drain_replay(r);
        if (puzzle_ready(r))
            break;
    }
    r->offset += used;
    return used;
}

/* The same for UTF-16 input: each character is added to the line in
 * UTF-8. */
static size_t take_utf16(nonet_reader *r, const unsigned char *s, size_t n)
{
    size_t used = 0;
    while (used < n) {
        unsigned char b = s[used++];
        if (!r->u16_odd) {
            r->u16_byte = b;
            r->u16_odd = 1;
            continue;
        }
        r->u16_odd = 0;
        uint32_t unit = r->enc == ENC_UTF16LE ? (uint32_t)r->u16_byte | (uint32_t)b << 8
                                              : (uint32_t)r->u16_byte << 8 | b;
        if (r->u16_high) {
            uint32_t high = r->u16_high;
            r->u16_high = 0;
            if (unit >= 0xDC00 && unit <= 0xDFFF) {
                line_char(r, 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00));
                continue;
            }
            line_char(r, 0xFFFD); /* a high surrogate alone */
        }
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            r->u16_high = unit;
            continue;
        }
        if (unit >= 0xDC00 && unit <= 0xDFFF)
            unit = 0xFFFD; /* a low surrogate alone */
        if (unit != '\n') {
            r->line_nul |= unit == 0;
            line_char(r, unit);
            continue;
        }
        end_line(r, r->offset + used);
        if (r->binary) {
            used = n;
            break;
        }
        drain_replay(r);
        if (puzzle_ready(r))
            break;
    }
    r->offset += used;
    return used;
}

static size_t take_input(nonet_reader *r, const unsigned char *s, size_t n)
{
    return r->enc == ENC_BYTES ? take_bytes(r, s, n) : take_utf16(r, s, n);
}

/* Reads the bytes held while the encoding was undecided. Returns 1 once
 * they are all read, 0 when a puzzle is ready first. */
static int take_head(nonet_reader *r)
{
    while (r->head_next < r->nhead && !r->binary && !puzzle_ready(r))
        r->head_next +=
            (int)take_input(r, r->head + r->head_next, (size_t)(r->nhead - r->head_next));
    return r->head_next >= r->nhead || r->binary;
}

size_t nonet_reader_feed(nonet_reader *r, const void *data, size_t len)
{
    if (!r || !data)
        return 0;
    if (r->binary) { /* dropped */
        r->offset += len;
        return len;
    }
    if (r->ended)
        return 0;
    drain_replay(r);
    if (puzzle_ready(r))
        return 0;
    const unsigned char *p = data;
    size_t used = 0;
    if (r->head_next < r->nhead || r->enc == ENC_UNDECIDED) { /* the input's first bytes */
        while (r->enc == ENC_UNDECIDED && used < len) {
            r->head[r->nhead++] = p[used++];
            decide_encoding(r, 0);
        }
        if (r->enc == ENC_UNDECIDED || !take_head(r))
            return used;
        if (r->binary) {
            r->offset += len - used;
            return len;
        }
    }
    if (r->enc == ENC_BYTES)
        return used + take_bytes(r, p + used, len - used);
    return used + take_utf16(r, p + used, len - used);
}

/* At the end of the input, once the replayed lines are read: the grid or
 * the text line still waiting is settled. Stops when a puzzle is ready. */
static void flush_end(nonet_reader *r)
{
    while (r->ended && r->qcount == 0) {
        drain_replay(r);
        if (puzzle_ready(r))
            return;
        if (!take_head(r))
            continue;
        if (r->end_pending) { /* the last line, without its line end */
            r->end_pending = 0;
            if (r->u16_odd || r->u16_high)
                line_char(r, 0xFFFD); /* a character cut short */
            r->u16_odd = 0;
            r->u16_high = 0;
            if (r->line_len > 0 || r->overlong)
                end_line(r, r->offset);
            continue;
        }
        if (r->record) { /* a quoted CSV field never closed */
            record_unclosed(r, r->offset);
            continue;
        }
        if (!r->forms_ended) {
            r->forms_ended = 1;
            r->form_line = r->line_no;
            r->form_end = r->offset;
            r->forms.depth = 0; /* a literal never closed */
            if (forms_end(&r->forms, form_emit, r))
                continue;
        }
        if (r->nsize_lines) {
            size_release(r, NULL, 0, 0, 0, 0, 1);
            continue;
        }
        if (r->w.active || grid_begin_held(&r->w, &r->ctx))
            break_grid(r, NULL, 0, r->line_no, r->offset, 0);
        else if (r->pending)
            settle_pending(r, 1);
        else if (r->binary == BINARY_FOUND)
            report_binary(r);
        else
            return;
    }
}

void nonet_reader_end(nonet_reader *r)
{
    if (!r || r->ended)
        return;
    if (r->enc == ENC_UNDECIDED)
        decide_encoding(r, 1);
    if (!r->binary)
        r->end_pending = 1;
    r->ended = 1;
    flush_end(r);
}

/* Moves the next ready puzzle into *out, with where its text ends. */
static int take(nonet_reader *r, nonet_puzzle *out, size_t *end_offset)
{
    drain_replay(r);
    flush_end(r);
    if (r->qcount == 0)
        return 0;
    if (end_offset)
        *end_offset = r->queue_end[r->qhead];
    puzzle_copy(out, &r->queue[r->qhead].p);
    r->qhead = (r->qhead + 1) % 2;
    r->qcount--;
    return 1;
}

void nonet_puzzle_copy(nonet_puzzle *dst, const nonet_puzzle *src)
{
    if (dst && src)
        puzzle_copy(dst, src);
}

int nonet_puzzle_column(const nonet_puzzle *p, int i, const char **name, const char **value)
{
    if (!p || !name || !value || i < 0 || i >= p->ncolumns)
        return NONET_EARG;
    size_t at = columns_size(p->columns, i);
    *name = p->columns + at;
    *value = *name + strlen(*name) + 1;
    return NONET_OK;
}

int nonet_reader_next(nonet_reader *r, nonet_puzzle *out)
{
    if (!r || !out)
        return 0;
    return take(r, out, NULL);
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
    while (used < len && r->qcount == 0) {
        size_t got = nonet_reader_feed(r, text + used, len - used);
        used += got;
        if (got == 0)
            break;
    }
    if (r->qcount == 0)
        nonet_reader_end(r);
    int status = NONET_EEMPTY;
    size_t end = len;
    if (take(r, out, &end))
        status = out->error.code;
    if (consumed)
        *consumed = end;
    nonet_reader_free(r);
    return status;
}

/* ------------------------------------------------------------ plain lines */

/* What the line s[0..len) (no '\n') is: 1 a plain puzzle (its 81 cells
 * begin at *cells_at), 0 a plain skipped line, -1 no plain line. The
 * trimming is process_line's. */
static int plain_kind(const unsigned char *s, size_t len, size_t *cells_at)
{
    if (len > NONET_MAX_LINE)
        return -1; /* overlong: a failed puzzle */
    size_t end = len, start = 0;
    while (end > 0 && is_space(s[end - 1]))
        end--;
    while (start < end && is_space(s[start]))
        start++;
    if (start == end)
        return 0; /* blank */
    if (s[start] == '#' || (s[start] == '/' && start + 1 < end && s[start + 1] == '/'))
        return memchr(s, '\0', len) ? -1 : 0; /* a comment (a NUL: maybe binary) */
    *cells_at = start;
    return end - start == 81 ? 1 : -1;
}

void nonet_plain_scan(const char *text, size_t len, int flags, long max_puzzles,
                      nonet_plain_span *span)
{
    if (!span)
        return;
    *span = (nonet_plain_span){0, 0, 0, NONET_PLAIN_OTHER};
    if ((!text && len > 0) || max_puzzles < 1)
        return;
    const unsigned char *s = (const unsigned char *)text;
    int at_end = (flags & NONET_PLAIN_END) != 0;
    if (flags & NONET_PLAIN_FIRST) {
        /* the bytes decide_encoding looks at: UTF-16 and UTF-32 start
         * with a NUL byte or a byte-order mark among them */
        if (len < 4 && !at_end) {
            span->stop = NONET_PLAIN_MORE;
            return;
        }
        for (size_t i = 0; i < len && i < 4; i++)
            if (s[i] == 0 || s[i] == 0xFE || s[i] == 0xFF)
                return;
    }
    size_t at = 0;
    uint8_t cells[81];
    char blank;
    while (at < len) {
        /* the common line first: 81 cells and its line end */
        if (len - at > 81 && s[at + 81] == '\n' && plain_cells(s + at, cells, &blank)) {
            at += 82;
            span->lines++;
            if (++span->puzzles == max_puzzles) {
                span->bytes = at;
                span->stop = NONET_PLAIN_MAX;
                return;
            }
            continue;
        }
        const unsigned char *nl = memchr(s + at, '\n', len - at);
        size_t line = nl ? (size_t)(nl - (s + at)) : len - at, from = 0;
        if (!nl && !at_end) {
            span->stop = line > NONET_MAX_LINE ? NONET_PLAIN_OTHER : NONET_PLAIN_MORE;
            span->bytes = at;
            return;
        }
        int kind = plain_kind(s + at, line, &from);
        if (kind < 0 || (kind == 1 && !plain_cells(s + at + from, cells, &blank))) {
            span->bytes = at;
            return; /* OTHER */
        }
        at += line + (nl != NULL);
        span->lines++;
        if (kind == 1 && ++span->puzzles == max_puzzles) {
            span->bytes = at;
            span->stop = NONET_PLAIN_MAX;
            return;
        }
    }
    span->bytes = at;
    span->stop = at_end ? NONET_PLAIN_DONE : NONET_PLAIN_MORE;
}

int nonet_plain_line(const char *text, size_t len, long line, nonet_puzzle *out)
{
    if (!text || !out)
        return -1;
    const unsigned char *s = (const unsigned char *)text;
    size_t from = 0;
    uint8_t cells[81];
    char blank;
    int kind = plain_kind(s, len, &from);
    if (kind == 1 && !plain_cells(s + from, cells, &blank))
        kind = -1;
    if (kind == 1)
        plain_puzzle(out, cells, blank, line);
    return kind;
}

int nonet_reader_is_plain(const nonet_reader *r)
{
    if (!r)
        return 0;
    int bytes =
        r->enc == ENC_BYTES ? r->head_next >= r->nhead : r->enc == ENC_UNDECIDED && r->nhead == 0;
    const read_ctx *c = &r->ctx;
    return bytes && !r->ended && !r->end_pending && r->line_len == 0 && !r->overlong &&
           !r->line_nul && r->qcount == 0 && r->nreplay == 0 && !r->binary && r->title[0] == '\0' &&
           !r->pending && !r->nsize_lines && !r->hint_n && !r->ncolumns && !r->skipping &&
           !r->record && !r->forms.depth && !r->forms.csv && !r->field_line && !r->w.active &&
           !r->w.held && !r->rule_left && !r->rule_right && c->layout == NONET_LAYOUT_AUTO &&
           !c->forced_n && !c->symbols && (!r->opts.column || !r->opts.column[0]);
}

int nonet_reader_skip(nonet_reader *r, const nonet_plain_span *span)
{
    if (!r || !span || span->lines < 0 || span->puzzles < 0 || !nonet_reader_is_plain(r))
        return NONET_EARG;
    if (span->lines == 0)
        return NONET_OK;
    if (r->enc == ENC_UNDECIDED)
        r->enc = ENC_BYTES; /* plain first bytes (NONET_PLAIN_FIRST) */
    r->line_no += span->lines;
    r->offset += span->bytes;
    r->count += span->puzzles;
    if (span->puzzles) {
        r->sticky_side = 9; /* as fast_one_line leaves it */
        r->sticky_grid = 0;
    }
    return NONET_OK;
}
