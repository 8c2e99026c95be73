/* text.c - nonet's own text form of a variant puzzle: a classic grid in
 * any layout the reader takes, then one constraint a line:
 *
 *   diagonal | diagonal- | diagonal+ | windoku | disjoint | antiknight |
 *   antiking | nonconsecutive                          (rules of the grid)
 *   cage CELLS [= SUM]     littlekiller CELLS = SUM    region CELLS
 *   arrow BULB : SHAFT     thermo CELLS                whisper CELLS [= GAP]
 *   renban CELLS           sandwich r3 = SUM | c3 = SUM
 *   white CELLS   black CELLS   x CELLS   v CELLS      (two adjacent cells)
 *   difference CELLS = D   ratio CELLS = R   sum CELLS = S
 *   negative white | black | kropki | x | v | xv | difference = D | ...
 *   odd CELLS   even CELLS
 *   regions SYMBOLS        (n*n symbols, on this line and the next ones:
 *                           a jigsaw's region map, one symbol a region)
 *
 * CELLS are r<ROW>c<COL> (r1c1 the top left), several in one where the
 * side is at most 9: r1c123 is r1c1 r1c2 r1c3, r12c3 is r1c3 r2c3; commas
 * may separate them. '#' starts a comment. The reader of the grid
 * (text/read.c) sees the other lines, the constraint lines blanked, so its
 * line numbers stay the text's. */
#include "variant/variant.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct keyword {
    const char *word;
    nonet_constraint_type type;
    int value; /* the value it implies (white 1, black 2, x 10, v 5) */
} keyword;

static const keyword keywords[] = {
    {"diagonal-", NONET_CON_DIAGONAL_MAIN, 0},
    {"diagonal+", NONET_CON_DIAGONAL_ANTI, 0},
    {"windoku", NONET_CON_WINDOKU, 0},
    {"hyper", NONET_CON_WINDOKU, 0},
    {"disjoint", NONET_CON_DISJOINT, 0},
    {"antiknight", NONET_CON_ANTI_KNIGHT, 0},
    {"antiking", NONET_CON_ANTI_KING, 0},
    {"nonconsecutive", NONET_CON_NONCONSECUTIVE, 0},
    {"region", NONET_CON_HOUSE, 0},
    {"white", NONET_CON_DIFFERENCE, 1},
    {"black", NONET_CON_RATIO, 2},
    {"x", NONET_CON_SUM, 10},
    {"v", NONET_CON_SUM, 5},
    {"difference", NONET_CON_DIFFERENCE, 0},
    {"ratio", NONET_CON_RATIO, 0},
    {"sum", NONET_CON_SUM, 0},
    {"cage", NONET_CON_KILLER, 0},
    {"killer", NONET_CON_KILLER, 0},
    {"littlekiller", NONET_CON_LITTLE_KILLER, 0},
    {"arrow", NONET_CON_ARROW, 0},
    {"thermo", NONET_CON_THERMO, 0},
    {"whisper", NONET_CON_WHISPER, 0},
    {"renban", NONET_CON_RENBAN, 0},
    {"sandwich", NONET_CON_SANDWICH, 0},
    {"odd", NONET_CON_ODD, 0},
    {"even", NONET_CON_EVEN, 0},
};

/* the words after "negative" */
static const keyword negatives[] = {
    {"white", NONET_CON_NOT_DIFFERENCE, 1},
    {"black", NONET_CON_NOT_RATIO, 2},
    {"x", NONET_CON_NOT_SUM, 10},
    {"v", NONET_CON_NOT_SUM, 5},
    {"difference", NONET_CON_NOT_DIFFERENCE, 0},
    {"ratio", NONET_CON_NOT_RATIO, 0},
    {"sum", NONET_CON_NOT_SUM, 0},
};

/* A line being read: its text, where we are, its number. */
typedef struct line {
    const char *s;
    size_t len, pos;
    long number;
} line;

static void skip_blanks(line *l)
{
    while (l->pos < l->len && (l->s[l->pos] == ' ' || l->s[l->pos] == '\t' || l->s[l->pos] == ','))
        l->pos++;
}

static int at_end(line *l)
{
    skip_blanks(l);
    return l->pos >= l->len || l->s[l->pos] == '#';
}

/* The next word (letters, digits, '+', '-', '_'), lowercased into w. */
static size_t word(line *l, char *w, size_t cap)
{
    skip_blanks(l);
    size_t k = 0;
    while (l->pos < l->len && (isalnum((unsigned char)l->s[l->pos]) || l->s[l->pos] == '+' ||
                               l->s[l->pos] == '-' || l->s[l->pos] == '_')) {
        if (k + 1 < cap)
            w[k++] = (char)tolower((unsigned char)l->s[l->pos]);
        l->pos++;
    }
    w[k] = '\0';
    return k;
}

static const keyword *find(const keyword *table, size_t count, const char *w)
{
    for (size_t i = 0; i < count; i++)
        if (!strcmp(table[i].word, w))
            return &table[i];
    return NULL;
}

/* Whether w looks like a cell reference: r<digits>c<digits>. */
static int looks_like_cell(const char *w)
{
    if (!w || w[0] != 'r' || !isdigit((unsigned char)w[1]))
        return 0;
    const char *c = w + 1;
    while (isdigit((unsigned char)*c))
        c++;
    return *c == 'c' && isdigit((unsigned char)c[1]);
}

__attribute__((format(printf, 4, 5))) static int fail(nonet_error *err, const line *l, size_t col,
                                                      const char *fmt, ...)
{
    if (err) {
        err->code = NONET_EARG;
        err->line = l->number;
        err->column = (long)col + 1;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return NONET_EARG;
}

/* Digits of a number list: for n <= 9 each digit one number, else the
 * whole run one number. Returns how many (0 on a bad one). */
static int numbers(const char *s, size_t len, int n, int *out)
{
    int k = 0;
    if (n <= 9) {
        for (size_t i = 0; i < len && k < NONET_MAX_SIDE; i++)
            out[k++] = (unsigned char)s[i] - '0';
    } else if (len <= 2) {
        out[k++] = atoi(s);
    }
    for (int i = 0; i < k; i++)
        if (out[i] < 1 || out[i] > n)
            return 0;
    return k;
}

/* Reads the cells of the line up to its end, a ':' or an '='. */
static int cells_of(line *l, int n, int *cells, int *ncells, nonet_error *err)
{
    for (;;) {
        skip_blanks(l);
        if (at_end(l) || l->s[l->pos] == ':' || l->s[l->pos] == '=')
            return NONET_OK;
        size_t at = l->pos;
        char w[32] = "";
        word(l, w, sizeof w);
        if (!looks_like_cell(w))
            return fail(err, l, at, "'%s' is no cell (write r1c1, r1c23 ...)", w);
        char *cpos = strchr(w + 1, 'c');
        int rows[NONET_MAX_SIDE], cols[NONET_MAX_SIDE];
        int nr = numbers(w + 1, (size_t)(cpos - w - 1), n, rows);
        int nc = numbers(cpos + 1, strlen(cpos + 1), n, cols);
        if (!nr || !nc)
            return fail(err, l, at, "'%s' is outside the grid", w);
        for (int i = 0; i < nr; i++)
            for (int j = 0; j < nc; j++) {
                if (*ncells >= VARIANT_MAX_LINE)
                    return fail(err, l, at, "too many cells (at %s)", w);
                cells[(*ncells)++] = (rows[i] - 1) * n + cols[j] - 1;
            }
    }
}

/* "= NUMBER" if there; 0 when absent (*given 0). */
static int value_of(line *l, int *value, int *given, nonet_error *err)
{
    *given = 0;
    if (at_end(l))
        return NONET_OK;
    if (l->s[l->pos] != '=')
        return fail(err, l, l->pos, "expected '= NUMBER' or the line's end");
    l->pos++;
    skip_blanks(l);
    size_t at = l->pos;
    long x = 0;
    while (l->pos < l->len && isdigit((unsigned char)l->s[l->pos]) && x <= 100000)
        x = 10 * x + (l->s[l->pos++] - '0');
    if (l->pos == at || x > 100000)
        return fail(err, l, at, "expected a number after '='");
    *value = (int)x;
    *given = 1;
    if (!at_end(l))
        return fail(err, l, l->pos, "unexpected text after the number");
    return NONET_OK;
}

static int add(nonet_variant *v, const nonet_constraint *c, const line *l, size_t at,
               nonet_error *err)
{
    char why[128];
    int rc = nonet_variant_add(v, c, why, sizeof why);
    if (rc == NONET_EARG)
        return fail(err, l, at, "%s", why);
    if (rc != NONET_OK && err)
        err->code = rc;
    return rc;
}

/* A constraint line (its keyword read into w). */
static int constraint_line(nonet_variant *v, line *l, const char *w, size_t at, nonet_error *err)
{
    int n = v->grid.n, cells[VARIANT_MAX_LINE], ncells = 0, value = 0, given = 0;
    nonet_constraint c = {0};
    if (!strcmp(w, "diagonal") || !strcmp(w, "diagonals")) {
        if (!at_end(l))
            return fail(err, l, l->pos, "diagonal takes nothing after it");
        c.type = NONET_CON_DIAGONAL_MAIN;
        int rc = add(v, &c, l, at, err);
        c.type = NONET_CON_DIAGONAL_ANTI;
        return rc ? rc : add(v, &c, l, at, err);
    }
    if (!strcmp(w, "negative")) {
        char what[32] = "";
        size_t wat = l->pos;
        word(l, what, sizeof what);
        if (!strcmp(what, "kropki") || !strcmp(what, "xv")) {
            if (!at_end(l))
                return fail(err, l, l->pos, "unexpected text after 'negative %s'", what);
            c.type = what[0] == 'k' ? NONET_CON_NOT_DIFFERENCE : NONET_CON_NOT_SUM;
            c.value = what[0] == 'k' ? 1 : 10;
            int rc = add(v, &c, l, at, err);
            c.type = what[0] == 'k' ? NONET_CON_NOT_RATIO : NONET_CON_NOT_SUM;
            c.value = what[0] == 'k' ? 2 : 5;
            return rc ? rc : add(v, &c, l, at, err);
        }
        const keyword *k = find(negatives, sizeof negatives / sizeof negatives[0], what);
        if (!k)
            return fail(err, l, wat,
                        "negative '%s': write negative white, black, kropki, x, v, xv, "
                        "difference = D, ratio = R or sum = S",
                        what);
        int rc = value_of(l, &value, &given, err);
        if (rc)
            return rc;
        c.type = k->type;
        c.value = k->value ? k->value : value;
        if (k->value && given)
            return fail(err, l, at, "negative %s takes no value", what);
        return add(v, &c, l, at, err);
    }
    const keyword *k = find(keywords, sizeof keywords / sizeof keywords[0], w);
    if (!k)
        return fail(err, l, at, "unknown constraint '%s' (nonet help input lists them)", w);
    c.type = k->type;
    const vtype *t = vtype_of(k->type);
    if (t->cells == -1) {
        if (!at_end(l))
            return fail(err, l, l->pos, "%s takes nothing after it", w);
        return add(v, &c, l, at, err);
    }
    if (k->type == NONET_CON_SANDWICH) {
        skip_blanks(l);
        size_t wat = l->pos;
        char which[16] = "";
        word(l, which, sizeof which);
        int idx = atoi(which + 1);
        if ((which[0] != 'r' && which[0] != 'c') || idx < 1 || idx > n)
            return fail(err, l, wat, "sandwich needs a row or column: r1 .. or c1 .., not '%s'",
                        which);
        for (int i = 0; i < n; i++)
            cells[ncells++] = which[0] == 'r' ? (idx - 1) * n + i : i * n + idx - 1;
    } else {
        int rc = cells_of(l, n, cells, &ncells, err);
        if (rc)
            return rc;
        if (k->type == NONET_CON_ARROW && l->pos < l->len && l->s[l->pos] == ':') {
            c.nbulb = ncells;
            l->pos++;
            rc = cells_of(l, n, cells, &ncells, err);
            if (rc)
                return rc;
        }
    }
    int rc = value_of(l, &value, &given, err);
    if (rc)
        return rc;
    if (k->value && given)
        return fail(err, l, at, "%s takes no value: its value is fixed", w);
    if (!given && !k->value && t->value_min > 0 &&
        (k->type != NONET_CON_WHISPER && k->type != NONET_CON_KILLER))
        return fail(err, l, at, "%s needs '= NUMBER'", w);
    c.value = k->value ? k->value : value;
    c.ncells = ncells;
    c.cells = cells;
    return add(v, &c, l, at, err);
}

/* The region map: n*n symbols from the rest of this line on. Reads the
 * following lines as needed (*next moves past them). */
static int regions_map(nonet_variant *v, line *l, const char *text, size_t len, size_t *next,
                       long *number, nonet_error *err)
{
    int n = v->grid.n, have = 0;
    uint8_t region[NONET_MAX_CELLS];
    unsigned char seen[256];
    int label[256], nlabels = 0;
    memset(seen, 0, sizeof seen);
    for (;;) {
        while (!at_end(l)) {
            unsigned char ch = (unsigned char)l->s[l->pos];
            if (!seen[ch]) {
                if (nlabels == n)
                    return fail(err, l, l->pos, "regions: more than %d different symbols", n);
                seen[ch] = 1;
                label[ch] = nlabels++;
            }
            if (have == n * n)
                return fail(err, l, l->pos, "regions: more symbols than cells");
            region[have++] = (uint8_t)label[ch];
            l->pos++;
        }
        if (have == n * n || *next >= len)
            break;
        /* the next line */
        const char *s = text + *next, *e = memchr(s, '\n', len - *next);
        size_t ll = e ? (size_t)(e - s) : len - *next;
        *next += ll + (e ? 1 : 0);
        (*number)++;
        *l = (line){s, ll && s[ll - 1] == '\r' ? ll - 1 : ll, 0, *number};
    }
    if (have != n * n)
        return fail(err, l, l->pos, "regions: fewer symbols than cells");
    char why[128];
    if (nonet_variant_set_regions(v, region, why, sizeof why) != NONET_OK)
        return fail(err, l, 0, "regions: %s", why);
    return NONET_OK;
}

/* Whether the line is a constraint line: returns its keyword in w (and
 * sets *at), or 0. A line is one when its first word is a keyword and the
 * rest fits (nothing for the rules of the grid, a cell or "negative"'s
 * word for the others), or when its first word is any word followed by a
 * cell (an unknown constraint, which then fails with its name). */
static int classify(line *l, char *w, size_t cap, size_t *at)
{
    skip_blanks(l);
    *at = l->pos;
    if (!word(l, w, cap) || !isalpha((unsigned char)w[0]))
        return 0;
    size_t after = l->pos;
    if (l->pos < l->len && !isspace((unsigned char)l->s[l->pos]) && l->s[l->pos] != ',' &&
        l->s[l->pos] != '#')
        return 0; /* "Killer:" ... a title */
    if (!strcmp(w, "regions"))
        return 1;
    char next[32] = "";
    int end = at_end(l);
    size_t nat = l->pos;
    word(l, next, sizeof next);
    l->pos = after;
    const keyword *k = find(keywords, sizeof keywords / sizeof keywords[0], w);
    int global =
        (k && vtype_of(k->type)->cells == -1) || !strcmp(w, "diagonal") || !strcmp(w, "diagonals");
    if (end)
        return global;
    if (!strcmp(w, "negative"))
        return 1;
    if (k && k->type == NONET_CON_SANDWICH)
        return (next[0] == 'r' || next[0] == 'c') && isdigit((unsigned char)next[1]);
    (void)nat;
    return looks_like_cell(next);
}

/* Links and f-puzzles' payloads (fpuzzles.c reads them). */
static int is_link(const char *s, size_t len)
{
    static const char *const marks[] = {
        "f-puzzles.com", "sudokupad", "?load=", "fpuzzles", "fpuz", "crackingthecryptic"};
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
        size_t k = strlen(marks[m]);
        for (size_t i = 0; i + k <= len; i++)
            if (!strncmp(s + i, marks[m], k))
                return 1;
    }
    return 0;
}

/* Whether JSON text has f-puzzles' "grid": an array of rows of cell
 * objects ("grid": [[{...). */
static int fpuzzles_grid(const char *s, size_t len)
{
    static const char key[] = "\"grid\"";
    for (size_t i = 0; i + sizeof key - 1 <= len; i++) {
        if (strncmp(s + i, key, sizeof key - 1) != 0)
            continue;
        const char *want = ":[[{";
        size_t j = i + sizeof key - 1;
        for (; *want && j < len; j++)
            if (s[j] == *want)
                want++;
            else if (!isspace((unsigned char)s[j]))
                break;
        if (!*want)
            return 1;
    }
    return 0;
}

int nonet_variant_sniff(const char *text, size_t len)
{
    if (!text)
        return 0;
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    size_t cap = len < 65536 ? len : 65536;
    if (i < len && text[i] == '{')
        return fpuzzles_grid(text + i, cap - i);
    if (variant_killer_kind(text, cap))
        return 1;
    for (size_t at = 0; at < cap;) {
        const char *s = text + at, *e = memchr(s, '\n', cap - at);
        size_t ll = e ? (size_t)(e - s) : cap - at;
        line l = {s, ll, 0, 0};
        char w[32] = "";
        size_t wat;
        if (classify(&l, w, sizeof w, &wat) || (at == i && is_link(s, ll)))
            return 1;
        at += ll + 1;
    }
    return 0;
}

int nonet_variant_parse(const char *text, size_t len, nonet_variant **out, char *name,
                        nonet_error *err)
{
    if (err)
        *err = (nonet_error){0};
    if (name)
        name[0] = '\0';
    if (!out || (!text && len))
        return NONET_EARG;
    *out = NULL;
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    const char *e = i < len ? memchr(text + i, '\n', len - i) : NULL;
    size_t first = e ? (size_t)(e - text) - i : len - i;
    if ((i < len && text[i] == '{') || is_link(text + i, first))
        return variant_parse_fpuzzles(text, len, out, name, err);
    if (variant_killer_kind(text, len))
        return variant_parse_killer(text, len, out, name, err);
    return variant_parse_text(text, len, out, name, err);
}

int variant_parse_text(const char *text, size_t len, nonet_variant **out, char *name,
                       nonet_error *err)
{
    /* the grid's lines, constraint lines blanked */
    char *grid = malloc(len + 1);
    if (!grid)
        return NONET_ENOMEM;
    if (len)
        memcpy(grid, text, len);
    grid[len] = '\0';
    long number = 0;
    for (size_t at = 0; at < len;) {
        const char *s = text + at, *e = memchr(s, '\n', len - at);
        size_t ll = e ? (size_t)(e - s) : len - at;
        line l = {s, ll, 0, ++number};
        char w[32] = "";
        size_t wat;
        if (classify(&l, w, sizeof w, &wat)) {
            memset(grid + at, ' ', ll);
        }
        at += ll + 1;
    }
    nonet_puzzle *p = malloc(sizeof *p);
    int rc = p ? NONET_OK : NONET_ENOMEM;
    size_t used = 0;
    if (rc == NONET_OK)
        rc = nonet_parse(grid, len, NULL, p, &used);
    if (rc != NONET_OK) {
        if (err && p && rc != NONET_ENOMEM && rc != NONET_EEMPTY)
            *err = p->error;
        else if (err) {
            err->code = rc;
            err->line = err->column = 0;
            snprintf(err->message, sizeof err->message, "%s",
                     rc == NONET_EEMPTY ? "no grid: the text form is a classic grid, then the "
                                          "constraints (nonet help input)"
                                        : nonet_strerror(rc));
        }
        free(p);
        free(grid);
        return rc;
    }
    nonet_variant *v = nonet_variant_new(&p->grid);
    if (name)
        snprintf(name, NONET_MAX_NAME + 1, "%s", p->name);
    free(p);
    free(grid);
    if (!v)
        return NONET_ENOMEM;
    number = 0;
    for (size_t at = 0; at < len && rc == NONET_OK;) {
        const char *s = text + at, *e = memchr(s, '\n', len - at);
        size_t ll = e ? (size_t)(e - s) : len - at;
        size_t next = at + ll + (e ? 1 : 0);
        line l = {s, ll && s[ll - 1] == '\r' ? ll - 1 : ll, 0, ++number};
        char w[32] = "";
        size_t wat;
        if (classify(&l, w, sizeof w, &wat)) {
            if (!strcmp(w, "regions"))
                rc = regions_map(v, &l, text, len, &next, &number, err);
            else
                rc = constraint_line(v, &l, w, wat, err);
        } else if (at >= used) {
            /* after the grid: text that is neither a constraint nor a comment */
            l.pos = 0;
            if (!at_end(&l)) {
                skip_blanks(&l);
                int shown = (int)(l.len - l.pos < 40 ? l.len - l.pos : 40);
                rc = fail(err, &l, l.pos, "neither a constraint nor part of the grid: '%.*s'",
                          shown, l.s + l.pos);
            }
        }
        at = next;
    }
    if (rc != NONET_OK) {
        nonet_variant_free(v);
        return rc;
    }
    *out = v;
    return NONET_OK;
}

/* ------------------------------------------------------------ writing */

static void put_cells(text_buf *t, const nonet_variant *v, const int *cells, int from, int to)
{
    int n = v->grid.n;
    char b[32];
    for (int i = from; i < to; i++) {
        int len = snprintf(b, sizeof b, " r%dc%d", cells[i] / n + 1, cells[i] % n + 1);
        text_put(t, b, (size_t)len);
    }
}

static void put(text_buf *t, const char *s)
{
    text_put(t, s, strlen(s));
}

long nonet_variant_format(const nonet_variant *v, char *buf, size_t cap)
{
    if (!v)
        return NONET_EARG;
    text_buf t = {buf, cap, 0};
    int n = v->grid.n;
    /* one line for 9x9; rows for the other sides, whose one line could
     * also read as a smaller grid's pencil marks (64 cells: 8x8 or 4x4) */
    nonet_layout layout = n == 9 ? NONET_LAYOUT_LINE : NONET_LAYOUT_GRID;
    if (n > NONET_MAX_SYMBOL_SIDE)
        layout = NONET_LAYOUT_NUMBERS;
    long len = nonet_format(&v->grid, layout, '.', NULL, 0);
    char *g = len > 0 ? malloc((size_t)len + 1) : NULL;
    if (!g)
        return len < 0 ? len : NONET_ENOMEM;
    nonet_format(&v->grid, layout, '.', g, (size_t)len + 1);
    text_put(&t, g, (size_t)len);
    free(g);
    if (v->has_regions) {
        put(&t, "regions");
        for (int c = 0; c < n * n; c++) {
            char b[2] = {(char)(n <= NONET_MAX_SYMBOL_SIDE ? sym_of_digit(v->region[c] + 1) : '?'),
                         0};
            if (c % n == 0)
                put(&t, c ? "\n       " : " ");
            put(&t, b);
        }
        put(&t, "\n");
    }
    char b[64];
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        const int *cells = vcon_cells(v, k);
        switch (k->type) {
        case NONET_CON_NOT_DIFFERENCE:
        case NONET_CON_NOT_RATIO:
        case NONET_CON_NOT_SUM:
            snprintf(b, sizeof b, "%s = %d\n", vtype_of(k->type)->name, k->value);
            put(&t, b);
            continue;
        case NONET_CON_SANDWICH:
            snprintf(b, sizeof b, "sandwich %c%d = %d\n", cells[1] == cells[0] + 1 ? 'r' : 'c',
                     cells[1] == cells[0] + 1 ? cells[0] / n + 1 : cells[0] % n + 1, k->value);
            put(&t, b);
            continue;
        default:
            break;
        }
        put(&t, vtype_of(k->type)->name);
        if (k->type == NONET_CON_ARROW) {
            put_cells(&t, v, cells, 0, k->nbulb);
            put(&t, " :");
            put_cells(&t, v, cells, k->nbulb, k->ncells);
        } else {
            put_cells(&t, v, cells, 0, k->ncells);
        }
        if (k->value) {
            snprintf(b, sizeof b, " = %d", k->value);
            put(&t, b);
        }
        put(&t, "\n");
    }
    text_end(&t);
    return (long)t.len;
}

long nonet_variant_json(const nonet_variant *v, char *buf, size_t cap)
{
    if (!v)
        return NONET_EARG;
    text_buf t = {buf, cap, 0};
    int n = v->grid.n, first = 1;
    char b[64];
    put(&t, "[");
    if (v->has_regions) {
        put(&t, "{\"type\":\"regions\",\"map\":\"");
        for (int c = 0; c < n * n; c++) {
            b[0] = sym_of_digit(v->region[c] + 1);
            text_put(&t, b, 1);
        }
        put(&t, "\"}");
        first = 0;
    }
    for (int i = 0; i < v->ncons; i++, first = 0) {
        const vcon *k = &v->cons[i];
        snprintf(b, sizeof b, "%s{\"type\":\"%s\"", first ? "" : ",", vtype_of(k->type)->name);
        put(&t, b);
        if (k->ncells) {
            put(&t, ",\"cells\":[");
            for (int j = 0; j < k->ncells; j++) {
                int c = vcon_cells(v, k)[j];
                snprintf(b, sizeof b, "%s\"r%dc%d\"", j ? "," : "", c / n + 1, c % n + 1);
                put(&t, b);
            }
            put(&t, "]");
        }
        if (k->value) {
            snprintf(b, sizeof b, ",\"value\":%d", k->value);
            put(&t, b);
        }
        if (k->nbulb) {
            snprintf(b, sizeof b, ",\"bulb\":%d", k->nbulb);
            put(&t, b);
        }
        put(&t, "}");
    }
    put(&t, "]");
    text_end(&t);
    return (long)t.len;
}
