/* format.c - writing grids as text in every output layout, and candidate
 * sets in the candidates layout, with snprintf's buffer semantics. */
#include "core/internal.h"
#include "text/read.h"

#include <stddef.h>
#include <string.h>

/* An snprintf-style sink: counts every character of the text, and stores
 * the ones that fit with room left for the final NUL. */
struct out {
    char *buf;
    size_t cap;
    size_t len;
    char sym[NONET_MAX_SYMBOL_SIDE + 1]; /* sym[d]: digit d's character,
                                            sym[0] the blank's */
};

static void put_char(struct out *o, char ch)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = ch;
    o->len++;
}

static void put_repeat(struct out *o, char ch, int count)
{
    for (int i = 0; i < count; i++)
        put_char(o, ch);
}

/* The number of decimal digits of value >= 0. */
static int decimal_width(int value)
{
    int width = 1;
    while (value >= 10) {
        value /= 10;
        width++;
    }
    return width;
}

/* Writes value >= 0 right-aligned in a field of width characters. */
static void put_int(struct out *o, int value, int width)
{
    char digits[16];
    int len = 0;
    do {
        digits[len++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    put_repeat(o, ' ', width - len);
    while (len > 0)
        put_char(o, digits[--len]);
}

/* NUL-terminates what was stored and returns the full length. */
static long finish(struct out *o)
{
    if (o->cap > 0)
        o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
    return (long)o->len;
}

/* An error leaves an empty string behind, so that a caller who ignores
 * the status still holds valid text. */
static long fail(char *buf, size_t cap)
{
    if (buf != NULL && cap > 0)
        buf[0] = '\0';
    return NONET_EARG;
}

static char cell_sym(const struct out *o, const nonet_grid *g, int r, int c)
{
    return o->sym[g->cells[r * g->n + c]];
}

/* Whether g's line (LINE) would read as the pencil-mark form of a
 * smaller side: an 8x8 (27x27) grid whose symbols stand where that form
 * puts each digit's mark, one in every group of 4 (9) cells (read.h,
 * pencil_form). Such a grid breaks the rules; the size line before it
 * says what it is. */
static int line_reads_as_marks(const struct out *o, const nonet_grid *g)
{
    uint8_t code[27 * 27];
    int cells = g->n * g->n, nlower = 0;
    if (g->n != 8 && g->n != 27)
        return 0;
    for (int c = 0; c < cells; c++) {
        unsigned char ch = (unsigned char)o->sym[g->cells[c]];
        nlower += ch >= 'a' && ch <= 'z';
        code[c] = (uint8_t)char_code(ch);
    }
    return pencil_form(code, cells, nlower, 0) != 0;
}

/* LINE: all cells on one line. */
static void write_line(struct out *o, const nonet_grid *g)
{
    for (int r = 0; r < g->n; r++)
        for (int c = 0; c < g->n; c++)
            put_char(o, cell_sym(o, g, r, c));
    put_char(o, '\n');
}

/* GRID, SPACED and KNUTH differ only in what goes between two cells of a
 * row (inside a box and across a box edge) and whether bands are set
 * apart by an empty line. */
static void write_rows(struct out *o, const nonet_grid *g, const char *in_box,
                       const char *across_box, int band_gaps)
{
    int n = g->n;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c > 0) {
                const char *sep = c % g->box_cols == 0 ? across_box : in_box;
                while (*sep != '\0')
                    put_char(o, *sep++);
            }
            put_char(o, cell_sym(o, g, r, c));
        }
        put_char(o, '\n');
        if (band_gaps && (r + 1) % g->box_rows == 0 && r + 1 < n)
            put_char(o, '\n');
    }
}

/* NUMBERS: integers right-aligned to the width of n, one space apart. */
static void write_numbers(struct out *o, const nonet_grid *g)
{
    int n = g->n, width = decimal_width(n);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c > 0)
                put_char(o, ' ');
            put_int(o, g->cells[r * n + c], width);
        }
        put_char(o, '\n');
    }
}

static void write_rule(struct out *o, const nonet_grid *g)
{
    for (int b = 0; b < g->n / g->box_cols; b++) {
        put_char(o, '+');
        put_repeat(o, '-', 2 * g->box_cols + 1);
    }
    put_char(o, '+');
    put_char(o, '\n');
}

/* BOXED: "| 5 3 . | . 7 . |" rows between "+-------+" rules. */
static void write_boxed(struct out *o, const nonet_grid *g)
{
    int n = g->n;
    write_rule(o, g);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c % g->box_cols == 0)
                put_char(o, '|');
            put_char(o, ' ');
            put_char(o, cell_sym(o, g, r, c));
            if (c % g->box_cols == g->box_cols - 1)
                put_char(o, ' ');
        }
        put_char(o, '|');
        put_char(o, '\n');
        if ((r + 1) % g->box_rows == 0)
            write_rule(o, g);
    }
}

/* JSON: the line layout as a string, or rows of integers when the digits
 * have no symbols. Blanks are always '.' so that the value reads back
 * without knowing the blank the caller chose. */
static void write_json(struct out *o, const nonet_grid *g)
{
    int n = g->n;
    if (n <= NONET_MAX_SYMBOL_SIDE) {
        o->sym[0] = '.';
        put_char(o, '"');
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                put_char(o, cell_sym(o, g, r, c));
        put_char(o, '"');
        return;
    }
    put_char(o, '[');
    for (int r = 0; r < n; r++) {
        if (r > 0)
            put_char(o, ',');
        put_char(o, '[');
        for (int c = 0; c < n; c++) {
            if (c > 0)
                put_char(o, ',');
            put_int(o, g->cells[r * n + c], 0);
        }
        put_char(o, ']');
    }
    put_char(o, ']');
}

/* Where candidate sets come from: an array the caller gave, or the unit
 * masks of a grid (so that the CANDIDATES layout needs no n*n array of
 * its own on the stack). */
struct cand_source {
    int n, box_rows, box_cols;
    const uint64_t *sets;
    const nonet_grid *g;
    uint64_t rows[NONET_MAX_SIDE], cols[NONET_MAX_SIDE], boxes[NONET_MAX_SIDE];
};

static int box_of(const struct cand_source *s, int r, int c)
{
    return r / s->box_rows * (s->n / s->box_cols) + c / s->box_cols;
}

/* Collects the digits of every unit of g, as nonet_candidates does. */
static void cands_from_grid(struct cand_source *s, const nonet_grid *g)
{
    int n = g->n;
    s->n = n;
    s->box_rows = g->box_rows;
    s->box_cols = g->box_cols;
    s->sets = NULL;
    s->g = g;
    for (int i = 0; i < n; i++)
        s->rows[i] = s->cols[i] = s->boxes[i] = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int d = g->cells[r * n + c];
            if (d == 0)
                continue;
            uint64_t bit = (uint64_t)1 << (d - 1);
            s->rows[r] |= bit;
            s->cols[c] |= bit;
            s->boxes[box_of(s, r, c)] |= bit;
        }
}

/* The set of cell (r, c), without bits above n - 1. */
static uint64_t cand_at(const struct cand_source *s, int r, int c)
{
    int n = s->n;
    if (s->sets != NULL)
        return s->sets[r * n + c] & full_set(n);
    int d = s->g->cells[r * n + c];
    if (d != 0)
        return (uint64_t)1 << (d - 1);
    return full_set(n) & ~(s->rows[r] | s->cols[c] | s->boxes[box_of(s, r, c)]);
}

/* The length of a set's field: its symbols, its integers and commas, or
 * "0" when empty. */
static int set_width(uint64_t set, int n)
{
    if (set == 0)
        return 1;
    if (n <= NONET_MAX_SYMBOL_SIDE)
        return popcount64(set);
    int width = -1; /* one comma fewer than digits */
    for (; set != 0; set &= set - 1)
        width += decimal_width(lowest_bit(set) + 1) + 1;
    return width;
}

static void put_set(struct out *o, uint64_t set, int n)
{
    if (set == 0) { /* "0", or "." where '0' is a symbol */
        put_char(o, n <= NONET_MAX_SYMBOL_SIDE && memchr(o->sym + 1, '0', (size_t)n) ? '.' : '0');
        return;
    }
    for (int first = 1; set != 0; set &= set - 1, first = 0) {
        int d = lowest_bit(set) + 1;
        if (n <= NONET_MAX_SYMBOL_SIDE) {
            put_char(o, o->sym[d]);
        } else {
            if (!first)
                put_char(o, ',');
            put_int(o, d, 0);
        }
    }
}

static void write_candidates(struct out *o, const struct cand_source *s)
{
    int n = s->n;
    /* Symbol sets never exceed n characters; integer lists vary, so their
     * column width comes from the widest one in the grid. */
    int field = n + 1;
    if (n > NONET_MAX_SYMBOL_SIDE) {
        int widest = 1;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int w = set_width(cand_at(s, r, c), n);
                if (w > widest)
                    widest = w;
            }
        field = widest + 1;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            uint64_t set = cand_at(s, r, c);
            put_set(o, set, n);
            /* No padding after the last field: that is the trimming. */
            if (c < n - 1)
                put_repeat(o, ' ', field - set_width(set, n));
        }
        put_char(o, '\n');
    }
}

/* Fills o's symbol table from symbols (NULL or "": the default ones).
 * Returns how many digits it writes (n, or more where symbols are more:
 * a variant grid with more digits than its side), or 0 if symbols are
 * not n or more distinct characters a reader can take back as symbols. */
static int set_symbols(struct out *o, int n, const char *symbols, char blank)
{
    o->sym[0] = blank;
    if (n > NONET_MAX_SYMBOL_SIDE)
        return symbols == NULL || symbols[0] == '\0' ? n : 0;
    if (symbols == NULL || symbols[0] == '\0') {
        for (int d = 1; d <= n; d++)
            o->sym[d] = sym_of_digit(d);
        return n;
    }
    size_t k = strlen(symbols);
    if (k < (size_t)n || k > NONET_MAX_SYMBOL_SIDE)
        return 0;
    n = (int)k;
    for (int d = 1; d <= n; d++) {
        unsigned char ch = (unsigned char)symbols[d - 1];
        if (ch <= ' ' || ch >= 0x7F || ch == '.' || ch == '|' || ch == '#' ||
            memchr(symbols, ch, (size_t)(d - 1)) != NULL)
            return 0;
        o->sym[d] = (char)ch;
    }
    return n;
}

long nonet_format(const nonet_grid *g, nonet_layout layout, char blank, char *buf, size_t cap)
{
    nonet_format_opts opts = {blank, NULL, NULL, 0};
    return nonet_format_with(g, layout, &opts, buf, cap);
}

long nonet_format_with(const nonet_grid *g, nonet_layout layout, const nonet_format_opts *opts,
                       char *buf, size_t cap)
{
    static const nonet_format_opts defaults = {0, NULL, NULL, 0};
    if (opts == NULL)
        opts = &defaults;
    if (buf == NULL)
        cap = 0;
    if (g == NULL || !shape_valid(g->box_rows, g->box_cols) || g->n != g->box_rows * g->box_cols)
        return fail(buf, cap);
    char blank = opts->blank == '\0' ? '.' : opts->blank;
    int symbols = g->n <= NONET_MAX_SYMBOL_SIDE;
    struct out o = {buf, cap, 0, {0}};
    int digits = set_symbols(&o, g->n, opts->symbols, blank);
    if (!digits)
        return fail(buf, cap);
    for (int i = 0; i < g->n * g->n; i++)
        if (g->cells[i] > digits)
            return fail(buf, cap);
    if (digits > g->n && layout != NONET_LAYOUT_LINE && layout != NONET_LAYOUT_GRID &&
        layout != NONET_LAYOUT_SPACED && layout != NONET_LAYOUT_KNUTH &&
        layout != NONET_LAYOUT_BOXED && layout != NONET_LAYOUT_JSON)
        return fail(buf, cap); /* digits past n: symbols only */
    int br, bc;
    nonet_default_shape(g->n, &br, &bc);
    if (opts->size_line && layout != NONET_LAYOUT_JSON && layout != NONET_LAYOUT_CSV &&
        layout != NONET_LAYOUT_AUTO &&
        (g->box_rows != br || g->box_cols != bc ||
         (layout == NONET_LAYOUT_LINE && line_reads_as_marks(&o, g)))) {
        put_int(&o, g->box_rows, 0);
        put_char(&o, 'x');
        put_int(&o, g->box_cols, 0);
        put_char(&o, '\n');
    }

    switch (layout) {
    case NONET_LAYOUT_LINE:
        if (!symbols)
            return fail(buf, cap);
        write_line(&o, g);
        break;
    case NONET_LAYOUT_GRID:
        if (!symbols)
            return fail(buf, cap);
        write_rows(&o, g, "", " ", 1);
        break;
    case NONET_LAYOUT_SPACED:
        if (!symbols)
            return fail(buf, cap);
        write_rows(&o, g, " ", "   ", 1);
        break;
    case NONET_LAYOUT_KNUTH:
        if (!symbols)
            return fail(buf, cap);
        write_rows(&o, g, "", "", 0);
        break;
    case NONET_LAYOUT_BOXED:
        if (!symbols)
            return fail(buf, cap);
        write_boxed(&o, g);
        break;
    case NONET_LAYOUT_NUMBERS:
        write_numbers(&o, g);
        break;
    case NONET_LAYOUT_CANDIDATES: {
        struct cand_source s;
        cands_from_grid(&s, g);
        if (opts->marks != NULL)
            s.sets = opts->marks->cands;
        write_candidates(&o, &s);
        break;
    }
    case NONET_LAYOUT_JSON:
        write_json(&o, g);
        break;
    case NONET_LAYOUT_AUTO:
    default:
        return fail(buf, cap);
    }
    return finish(&o);
}

long nonet_format_candidates(const nonet_grid *g, const uint64_t *cands, char *buf, size_t cap)
{
    if (buf == NULL)
        cap = 0;
    /* Only the shape of g matters here, so its cells are not inspected. */
    if (g == NULL || cands == NULL || !shape_valid(g->box_rows, g->box_cols) ||
        g->n != g->box_rows * g->box_cols)
        return fail(buf, cap);
    struct cand_source s;
    s.n = g->n;
    s.box_rows = g->box_rows;
    s.box_cols = g->box_cols;
    s.sets = cands;
    s.g = g;
    struct out o = {buf, cap, 0, {0}};
    set_symbols(&o, g->n, NULL, '.');
    write_candidates(&o, &s);
    return finish(&o);
}
