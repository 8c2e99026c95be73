/* iss.c - Interactive Sudoku Solver's (ISS) constraint strings, as its
 * page, its ?q= links and its collections write puzzles: read and written.
 *
 * A puzzle is a sequence of items ".Type~arg~arg ..." (blanks anywhere are
 * ignored), after an optional shape (".Shape~6x6"):
 *
 *   .~R1C1_5~R4C3_2_4_6   givens (".Given~..." is the same): a cell and
 *                         its digit, or the digits it may hold (nonet's
 *                         digits rule); a cell given twice keeps the
 *                         digits both allow
 *   .Thermo~R1C1~R1C2     a rule: its ISS type, then its arguments as its
 *                         row says (vrule.iss_args, VISS_*)
 *   .Jigsaw~LAYOUT        n*n symbols, one a region: with .NoBoxes the
 *                         regions replace the boxes, else extra houses
 *   .And ... .End         constraints that all hold: read as if the group
 *                         were not there
 *
 * Cells are R<row>C<column>, rows and columns 1-9 then a-g (A-G) for
 * 10-16: R1Cb is row 1, column 11. Parts of the text between blank lines
 * are read one by one into the same puzzle (as ISS merges them): each a
 * constraint string or a line as ISS's text box reads it (a grid of n*n
 * characters, pencil marks of n*n*n, a jigsaw's givens then its layout,
 * 2*n*n, a layout alone, the forums' killer lines). Lines that start with
 * '#' are comments; the last one before the puzzle is its title.
 *
 * Which rule a type is comes from the table only (constraints.c: each
 * row's ISS name, nonet_rule.iss, and the form of its arguments,
 * vrule.iss_args; the VFORM_ISS aliases), never from comparisons here:
 * the structure (Shape, Jigsaw, And/Or/End, the text box's lines) is this
 * reader's. ISS's other composites (Or: at least one of its constraints
 * holds; Replicate) have no counterpart in nonet and are refused, naming
 * them, as is every type the table lacks: line, column and name.
 *
 * The writer (nonet_variant_iss) gives each constraint back in its row's
 * ISS form; a rule ISS has no type for is refused with its name. */
#include "variant/variant.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* ISS's largest side (its cell names' letters end at g). */
#define ISS_MAX_SIDE 16
/* The most bytes of a type's name shown, and of a rule's text. */
#define WORD_CAP 48
#define TEXT_CAP 4096

/* An argument: bytes at .. at + len of the part being read. */
typedef struct arg {
    size_t at, len;
} arg;

typedef struct reader {
    const char *src; /* what is read: the text, or a link's decoded query */
    size_t srclen;
    const char *text; /* what positions are given in (the text itself) */
    size_t textlen;
    const size_t *map; /* a link's query: the text's offset of each byte of
                          src (srclen + 1 of them); NULL: the same */
    char *s;           /* the part being read, blanks left out */
    size_t *pos;       /* src's offset of each byte of s */
    size_t ns;
    arg *args; /* the item being read: its type args[0], then its arguments */
    int nargs, capargs;
    int *cells; /* room for a constraint: capcells ints */
    int capcells;
    nonet_error *err;
    nonet_variant *v;
    int n;
    int lo;           /* the value of digit 1 (.Shape~9x9~0-8: 0), else 1 */
    int nd;           /* how many digits (.Shape~6x6~9: 9), else n */
    uint64_t *allow;  /* n*n: the digits the givens leave each cell, 0: none */
    size_t *allow_at; /* where each cell was first given */
    int noboxes;      /* whether the text has a .NoBoxes (and a .Jigsaw) */
    int jigsaw;
    int region_size; /* .RegionSize~K: the cells of a box and of a jigsaw's
                        piece (else n; 0 before the shape is read) */
    int depth;       /* .And groups open */
    size_t and_at;   /* the outermost one's place */
} reader;

/* The line and column of src's offset at (1-based), into the error. */
static void place(const reader *r, size_t at, nonet_error *err)
{
    size_t off = r->map ? r->map[at < r->srclen ? at : r->srclen] : at;
    long line = 1, col = 1;
    for (size_t i = 0; i < off && i < r->textlen; i++, col++)
        if (r->text[i] == '\n')
            line++, col = 0;
    err->line = line;
    err->column = col;
}

__attribute__((format(printf, 3, 4))) static int fail(reader *r, size_t at, const char *fmt, ...)
{
    if (r->err) {
        r->err->code = NONET_EARG;
        place(r, at, r->err);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
        va_end(ap);
    }
    return NONET_EARG;
}

/* The place in src of an argument's first byte (its end when empty). */
static size_t at_of(const reader *r, arg a)
{
    return a.at < r->ns ? r->pos[a.at] : r->ns ? r->pos[r->ns - 1] + 1 : 0;
}

/* The argument's bytes as a NUL-terminated word (cut at cap - 1). */
static void word_of(const reader *r, arg a, char *w, size_t cap)
{
    size_t k = a.len < cap - 1 ? a.len : cap - 1;
    memcpy(w, r->s + a.at, k);
    w[k] = '\0';
}

static int is(const reader *r, arg a, const char *word)
{
    return a.len == strlen(word) && !memcmp(r->s + a.at, word, a.len);
}

/* ------------------------------------------------------------ numbers and cells */

/* An integer (a sign allowed): 0 when the argument is not one. */
static int integer_of(const reader *r, arg a, int *x)
{
    size_t i = a.len && r->s[a.at] == '-' ? 1 : 0;
    long v = 0;
    if (i == a.len)
        return 0;
    for (; i < a.len; i++) {
        char ch = r->s[a.at + i];
        if (!isdigit((unsigned char)ch) || v > 1000000)
            return 0;
        v = 10 * v + (ch - '0');
    }
    *x = (int)(r->s[a.at] == '-' ? -v : v);
    return 1;
}

/* ISS's digit of a row or column: 1-9, a-g (A-G) for 10-16; 0 for none. */
static int cell_digit(char ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    ch = (char)tolower((unsigned char)ch);
    return ch >= 'a' && ch <= 'g' ? ch - 'a' + 10 : 0;
}

/* Whether the argument looks like a cell at all ("R1C1", "R10C3"). */
static int cellish(const reader *r, arg a)
{
    const char *s = r->s + a.at;
    return a.len >= 4 && (s[0] == 'R' || s[0] == 'r') && memchr(s + 2, 'C', a.len - 2) != NULL;
}

/* The cell an argument names, R<row>C<column>, into *cell. */
static int cell_of(reader *r, arg a, int *cell)
{
    const char *s = r->s + a.at;
    char w[WORD_CAP];
    word_of(r, a, w, sizeof w);
    if (a.len == 4 && (s[0] == 'R' || s[0] == 'r') && (s[2] == 'C' || s[2] == 'c') &&
        cell_digit(s[1]) && cell_digit(s[3])) {
        int row = cell_digit(s[1]), col = cell_digit(s[3]);
        if (row > r->n || col > r->n)
            return fail(r, at_of(r, a), "'%s' is outside the %dx%d grid", w, r->n, r->n);
        *cell = (row - 1) * r->n + col - 1;
        return NONET_OK;
    }
    int row, col, used = 0;
    if (sscanf(w, "%*[Rr]%d%*[Cc]%d%n", &row, &col, &used) == 2 && used == (int)strlen(w) &&
        (row > 9 || col > 9) && row <= ISS_MAX_SIDE && col <= ISS_MAX_SIDE && row > 0 && col > 0)
        return fail(r, at_of(r, a),
                    "'%s' is no cell: ISS writes rows and columns past 9 as letters, a for 10 "
                    "to g for 16 (R%cC%c)",
                    w, "123456789abcdefg"[row - 1], "123456789abcdefg"[col - 1]);
    if (a.len >= 4 && s[0] == 'D' && s[1] == 'G' && strchr("RCBZ", s[2]) && s[2])
        return fail(r, at_of(r, a),
                    "'%s' is one of ISS's doppelganger cells (the digit a row, column or box "
                    "misses), which nonet's grids do not have: nonet reads doppelganger rules "
                    "on the grid's cells only",
                    w);
    return fail(r, at_of(r, a), "'%s' is no cell (R1C1 ... R9C9, letters a-g past 9: RaCb)", w);
}

/* ------------------------------------------------------------ constraints */

/* Cell c as ISS names it, "R4Cb", into b (8 bytes). */
static const char *iss_cell(int n, int c, char *b)
{
    static const char digits[] = "123456789abcdefg";
    snprintf(b, 8, "R%cC%c", c / n < 16 ? digits[c / n] : '?', c % n < 16 ? digits[c % n] : '?');
    return b;
}

/* Grows r->cells to hold k ints. */
static int room(reader *r, int k)
{
    if (k <= r->capcells)
        return NONET_OK;
    int cap = r->capcells ? r->capcells : 64;
    while (cap < k)
        cap *= 2;
    int *grown = realloc(r->cells, (size_t)cap * sizeof *grown);
    if (!grown)
        return NONET_ENOMEM;
    r->cells = grown;
    r->capcells = cap;
    return NONET_OK;
}

/* Adds a constraint, its failure said at at with the item's type. */
static int add(reader *r, const char *type, nonet_constraint_type t, int value, const int *cells,
               int ncells, const int *values, int nvalues, const char *text, size_t at)
{
    char why[200];
    nonet_constraint c = {t, value, ncells, cells, nvalues, values, text};
    int rc = nonet_variant_add(r->v, &c, why, sizeof why);
    const char *name = nonet_constraint_name(t), *said = why;
    size_t k = name ? strlen(name) : 0;
    if (k && !strncmp(why, name, k) &&
        why[k] == ':') /* "thermo: ..." said as ISS's "Thermo: ..." */
        said = why + k + 2;
    else if (k && !strncmp(why, name, k) && why[k] == ' ')
        said = why + k + 1;
    if (rc == NONET_EARG)
        return fail(r, at, "%s%s %s", type, said == why + k + 1 ? "" : ":", said);
    if (rc != NONET_OK && r->err)
        r->err->code = rc;
    return rc;
}

/* args[from ..] as cells into r->cells (*k of them), an argument "LOOP"
 * at the end closing the line on its first cell (ISS's loops: the rule
 * says whether it takes one). */
static int cells_from(reader *r, int from, int *k)
{
    int rc = room(r, r->nargs + 1);
    *k = 0;
    for (int i = from; i < r->nargs && !rc; i++) {
        if (i == r->nargs - 1 && i > from && is(r, r->args[i], "LOOP")) {
            r->cells[(*k)++] = r->cells[0];
            break;
        }
        rc = cell_of(r, r->args[i], &r->cells[*k]);
        (*k)++;
    }
    return rc;
}

static int adjacent(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr + dc == 1;
}

/* Whether r->cells[0 .. k) lists a cell twice where rule reads its cells
 * as a set: ISS counts each listing (a cage's sum adds it twice, a
 * renban's length counts it), nonet keeps it once, so it is refused. */
static int listed_twice(reader *r, const vrule *rule, const char *type, int k, size_t at)
{
    if (rule->cells.repeat != VREPEAT_DROP)
        return NONET_OK;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < i; j++)
            if (r->cells[i] == r->cells[j] && r->cells[i] != NONET_PART)
                return fail(r, at,
                            "%s: %s listed twice, which ISS counts twice and nonet's %s once", type,
                            iss_cell(r->n, r->cells[i], (char[8]){0}), rule->pub.name);
    return NONET_OK;
}

/* A rule of two adjacent cells over a list of cells, as ISS reads one:
 * each two listed cells that touch, the earlier first (a cell listed
 * again is the same cell); every cell must touch another. */
static int pairs(reader *r, const char *type, nonet_constraint_type t, int value, int k, size_t at)
{
    int n = r->n, rc = NONET_OK;
    for (int i = 0; i < k; i++) {
        int touches = 0;
        for (int j = 0; j < k; j++)
            touches |= adjacent(n, r->cells[i], r->cells[j]);
        if (!touches)
            return fail(r, at, "%s: %s touches none of its other cells", type,
                        iss_cell(n, r->cells[i], (char[8]){0}));
    }
    for (int i = 0; i < k && !rc; i++) {
        int first = 1; /* this cell's first listing */
        for (int p = 0; p < i && first; p++)
            first = r->cells[p] != r->cells[i];
        for (int j = i + 1; j < k && !rc && first; j++) {
            int fresh = 1; /* a later cell not paired with it already, nor before it */
            for (int p = 0; p < j && fresh; p++)
                fresh = r->cells[p] != r->cells[j];
            if (fresh && adjacent(n, r->cells[i], r->cells[j])) {
                int two[2] = {r->cells[i], r->cells[j]};
                rc = add(r, type, t, value, two, 2, NULL, 0, NULL, at);
            }
        }
    }
    return rc;
}

/* The cells of a little killer whose diagonal enters the grid at cell
 * first, into cells (*k of them), as ISS lays its clues out: diagonals of
 * two cells or more, down-right from the left side (rows 1 to n-1), up-left
 * from the right side (rows 2 to n-1), down-left from the top (columns 2
 * to n), up-right from the bottom (columns 2 to n-1), each diagonal once
 * (its first side in that order names it). Returns 0, or -1 when no
 * diagonal starts at first. */
static int diagonal_of(int n, int first, int *cells, int *k)
{
    static const int side[4][2] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    uint64_t seen_lo[2 * ISS_MAX_SIDE] = {0}; /* diagonals met, by their direction and offset */
    for (int s = 0; s < 4; s++) {
        int lo = s == 2 ? 1 : s == 0 ? 0 : 1, hi = s == 0 ? n - 1 : s == 2 ? n : n - 1;
        for (int i = lo; i < hi; i++) {
            int row = s == 0 ? i : s == 1 ? i : s == 2 ? 0 : n - 1;
            int col = s == 0 ? 0 : s == 1 ? n - 1 : i;
            int dr = side[s][0], dc = side[s][1], len = 0;
            for (int rr = row, cc = col; rr >= 0 && rr < n && cc >= 0 && cc < n; rr += dr, cc += dc)
                len++;
            if (len <= 1)
                continue;
            /* a diagonal as a set: down-right ones by column - row, the
             * others by row + column */
            int key = dr == dc ? col - row + n : row + col;
            uint64_t bit = (uint64_t)1 << (dr == dc ? 0 : 1);
            if (seen_lo[key] & bit)
                continue;
            seen_lo[key] |= bit;
            if (row * n + col != first)
                continue;
            *k = 0;
            for (int rr = row, cc = col; rr >= 0 && rr < n && cc >= 0 && cc < n; rr += dr, cc += dc)
                cells[(*k)++] = rr * n + cc;
            return 0;
        }
    }
    return -1;
}

/* A row or column named "R3" or "C3" (decimal, as ISS's outside clues name
 * them): its cells from the left or top (back: from the right or bottom). */
static int line_of(reader *r, arg a, int back, int *cells, const char *type)
{
    const char *s = r->s + a.at;
    int x = 0, n = r->n;
    arg num = {a.at + 1, a.len ? a.len - 1 : 0};
    char w[WORD_CAP];
    word_of(r, a, w, sizeof w);
    if (!a.len || (toupper((unsigned char)s[0]) != 'R' && toupper((unsigned char)s[0]) != 'C') ||
        !integer_of(r, num, &x) || s[1] == '-' || x < 1 || x > n)
        return fail(r, at_of(r, a), "%s: '%s' is no row or column (R1 ... R%d, C1 ... C%d)", type,
                    w, n, n);
    for (int i = 0; i < n; i++) {
        int j = back ? n - 1 - i : i;
        cells[i] = toupper((unsigned char)s[0]) == 'R' ? (x - 1) * n + j : j * n + x - 1;
    }
    return NONET_OK;
}

/* base64url (ISS's alphabet: A-Z a-z 0-9 - _; legacy: _ and - swapped) */
static int base64_digit(char ch, int legacy)
{
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A';
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9')
        return ch - '0' + 52;
    if (ch == '-')
        return legacy ? 63 : 62;
    if (ch == '_')
        return legacy ? 62 : 63;
    return -1;
}

/* A regular expression as ISS's Regex writes it: base64url of its bytes,
 * or (older links) URL-encoded where it holds '%'. */
static int pattern_of(reader *r, arg a, char *text, size_t cap)
{
    const char *s = r->s + a.at;
    size_t k = 0;
    if (memchr(s, '%', a.len)) {
        for (size_t i = 0; i < a.len && k + 1 < cap; i++) {
            if (s[i] == '%' && i + 2 < a.len && isxdigit((unsigned char)s[i + 1]) &&
                isxdigit((unsigned char)s[i + 2])) {
                char hex[3] = {s[i + 1], s[i + 2], 0};
                text[k++] = (char)strtol(hex, NULL, 16);
                i += 2;
            } else {
                text[k++] = s[i];
            }
        }
    } else {
        unsigned acc = 0;
        int bits = 0;
        for (size_t i = 0; i < a.len; i++) {
            int d = base64_digit(s[i], 0);
            if (d < 0 && s[i] != '=')
                return fail(r, at_of(r, a) + i,
                            "Regex: '%c' in its expression, which ISS writes in "
                            "base64 (A-Z a-z 0-9 - _)",
                            s[i]);
            if (d < 0)
                break;
            acc = acc << 6 | (unsigned)d;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                if (k + 1 >= cap)
                    return fail(r, at_of(r, a), "Regex: an expression of more than %zu bytes",
                                cap - 1);
                text[k++] = (char)(acc >> bits & 0xff);
            }
        }
    }
    text[k] = '\0';
    if (strlen(text) != k || !k)
        return fail(r, at_of(r, a), "Regex: its expression is %s", k ? "no text" : "empty");
    return NONET_OK;
}

/* A pair table's key (ISS's Pair: bit (a-1)*n + b-1 of base64 6-bit
 * words, low bit first, for each allowed pair (a, b)) into values (a, b
 * pairs). Returns how many numbers, or -1 after a failure. */
static int key_pairs(reader *r, arg a, int legacy, int *values, const char *type)
{
    int n = r->nd, k = 0; /* ISS's key: the digits 1..nd, by nd */
    for (size_t i = 0; i < a.len; i++) {
        int d = base64_digit(r->s[a.at + i], legacy);
        if (d < 0)
            return fail(r, at_of(r, a) + i, "%s: '%c' in its key (base64: A-Z a-z 0-9 - _)", type,
                        r->s[a.at + i]),
                   -1;
        for (int b = 0; b < 6; b++) {
            long bit = (long)i * 6 + b;
            if (bit < (long)n * n && d >> b & 1) {
                values[k++] = (int)(bit / n) + r->lo;
                values[k++] = (int)(bit % n) + r->lo;
            }
        }
    }
    if (!k)
        return fail(r, at_of(r, a), "%s: its key allows no pair of digits", type), -1;
    return k;
}

/* Digits written "1_2_2" into values; how many, or -1 after a failure. */
static int digit_list(reader *r, arg a, int *values, int cap, const char *type)
{
    int k = 0;
    for (size_t i = 0; i <= a.len; i++) {
        size_t from = i;
        while (i < a.len && r->s[a.at + i] != '_')
            i++;
        arg d = {a.at + from, i - from};
        if (k == cap || !integer_of(r, d, &values[k]))
            return fail(r, at_of(r, d), "%s: expected digits written 1_2_3", type), -1;
        k++;
    }
    return k;
}

/* The rows named word in ISS's strings: the i-th of them, NULL past the
 * last. */
static const vrule *row_named(const char *word, int i)
{
    for (int j = 0; j < vrule_count(); j++)
        if (!strcmp(vrule_at(j)->pub.iss, word) && word[0] && i-- == 0)
            return vrule_at(j);
    return NULL;
}

/* The givens of an item (each argument a cell, '_', its digits): the
 * digits each cell may hold, kept as the givens before it allow them. */
static int givens(reader *r, const char *type)
{
    for (int i = 1; i < r->nargs; i++) {
        arg a = r->args[i];
        if (!a.len)
            continue;
        size_t k = 0;
        while (k < a.len && r->s[a.at + k] != '_')
            k++;
        int cell = 0;
        int rc = cell_of(r, (arg){a.at, k}, &cell);
        if (rc)
            return rc;
        if (k == a.len)
            return fail(r, at_of(r, a), "%s: a cell without its digits (R1C1_5, R1C1_2_4_6)", type);
        int digits[NONET_MAX_SIDE + 1];
        int m = digit_list(r, (arg){a.at + k + 1, a.len - k - 1}, digits, NONET_MAX_SIDE, type);
        if (m < 0)
            return NONET_EARG;
        uint64_t mask = 0;
        for (int d = 0; d < m; d++) {
            if (digits[d] < r->lo || digits[d] > r->lo + r->nd - 1)
                return fail(r, at_of(r, a) + k + 1, "%s: %d is no digit %d to %d", type, digits[d],
                            r->lo, r->lo + r->nd - 1);
            mask |= (uint64_t)1 << (digits[d] - r->lo);
        }
        if (r->allow[cell] && !(r->allow[cell] & mask))
            return fail(r, at_of(r, a), "%s: %s given again, and no digit is left to it", type,
                        iss_cell(r->n, cell, (char[8]){0}));
        if (!r->allow[cell])
            r->allow_at[cell] = at_of(r, a);
        r->allow[cell] = r->allow[cell] ? r->allow[cell] & mask : mask;
    }
    return NONET_OK;
}

/* One rule item (type word, args[1 ..]) of row rule or alias al, as the
 * row's form says. */
static int rule_item(reader *r, const char *type, const vrule *rule, const valias *al)
{
    size_t at = r->pos[r->args[0].at ? r->args[0].at - 1 : 0]; /* the item's '.' */
    int na = r->nargs - 1, n = r->n, k, rc, value = al ? al->value : rule->iss_value;
    nonet_constraint_type t = al ? al->type : rule->pub.type;
    arg *a = r->args + 1;
    switch (rule->iss_args) {
    case VISS_NONE:
        for (int i = 0; i < na; i++)
            if (a[i].len)
                return fail(r, at_of(r, a[i]), "%s takes no arguments", type);
        rc = add(r, type, t, value, NULL, 0, NULL, 0, NULL, at);
        if (!rc && al && al->type2)
            rc = add(r, type, al->type2, al->value2, NULL, 0, NULL, 0, NULL, at);
        return rc;
    case VISS_DIRECTION:
    case VISS_KIND_CELLS: {
        int want = 0;
        char w[WORD_CAP];
        if (na < 1 ||
            (rule->iss_args == VISS_DIRECTION ? !integer_of(r, a[0], &want) : a[0].len != 1))
            return fail(r, na ? at_of(r, a[0]) : at, "%s: expected its %s first", type,
                        rule->iss_args == VISS_DIRECTION ? "direction (1 or -1)"
                                                         : "kind (a letter)");
        if (rule->iss_args == VISS_KIND_CELLS)
            want = (unsigned char)r->s[a[0].at];
        const vrule *pick = NULL;
        for (int i = 0; (rule = row_named(type, i)) != NULL && !pick; i++)
            if (rule->iss_value == want)
                pick = rule;
        word_of(r, a[0], w, sizeof w);
        if (!pick)
            return fail(r, at_of(r, a[0]), "%s: '%s' is none of its kinds", type, w);
        if (pick->iss_args == VISS_DIRECTION) {
            if (na > 1)
                return fail(r, at_of(r, a[1]), "%s takes its direction only", type);
            return add(r, type, pick->pub.type, 0, NULL, 0, NULL, 0, NULL, at);
        }
        if ((rc = cells_from(r, 2, &k)) != NONET_OK)
            return rc;
        return add(r, type, pick->pub.type, 0, r->cells, k, NULL, 0, NULL, at);
    }
    case VISS_CELLS:
        if ((rc = cells_from(r, 1, &k)) != NONET_OK)
            return rc;
        if (rule->pub.shape == NONET_SHAPE_PAIR)
            return pairs(r, type, t, value, k, at);
        if ((rc = listed_twice(r, rule, type, k, at)) != NONET_OK)
            return rc;
        return add(r, type, t, value, r->cells, k, NULL, 0, NULL, at);
    case VISS_VALUE_CELLS: /* the value left out (the first a cell): iss_value */
        if (na >= 1 && !cellish(r, a[0])) {
            if (a[0].len && !integer_of(r, a[0], &value))
                return fail(r, at_of(r, a[0]), "%s: expected its number first", type);
            if (!a[0].len)
                value = 0;
            rc = cells_from(r, 2, &k);
        } else {
            rc = cells_from(r, 1, &k);
        }
        if (!rc)
            rc = listed_twice(r, rule, type, k, at);
        return rc ? rc : add(r, type, t, value, r->cells, k, NULL, 0, NULL, at);
    case VISS_WEIGHTED: { /* SUM, or SUM_=_W_W... a weight a cell */
        if (na < 1)
            return fail(r, at, "%s: expected its sum first", type);
        if ((rc = cells_from(r, 2, &k)) != NONET_OK)
            return rc;
        int *w = calloc((size_t)k + 1, sizeof *w), nw = 0;
        if (!w)
            return NONET_ENOMEM;
        for (size_t i = 0, tok = 0; i <= a[0].len && !rc; i++, tok++) {
            size_t from = i;
            while (i < a[0].len && r->s[a[0].at + i] != '_')
                i++;
            arg x = {a[0].at + from, i - from};
            if (tok == 1 && !is(r, x, "="))
                rc = fail(r, at_of(r, x), "%s: expected SUM or SUM_=_W_W... (a weight a cell)",
                          type);
            else if (tok != 1 && nw > k)
                rc = fail(r, at_of(r, x), "%s: more weights than cells", type);
            else if (tok != 1 && !integer_of(r, x, &w[nw++]))
                rc = fail(r, at_of(r, x), "%s: expected a number", type);
        }
        if (!rc && nw > 1 && nw - 1 != k)
            rc = fail(r, at_of(r, a[0]), "%s: %d weights for %d cells", type, nw - 1, k);
        for (int i = nw; i <= k && !rc; i++) /* no weights: each 1 */
            w[i] = 1;
        /* a cell listed again: its weights add up (none left: no cell) */
        int m = 0;
        for (int i = 0; i < k && !rc; i++) {
            int j = 0;
            while (j < m && r->cells[j] != r->cells[i])
                j++;
            if (j == m) {
                r->cells[m] = r->cells[i];
                w[1 + m++] = w[1 + i];
            } else {
                w[1 + j] += w[1 + i];
            }
        }
        k = 0;
        for (int i = 0; i < m; i++)
            if (w[1 + i]) {
                r->cells[k] = r->cells[i];
                w[1 + k++] = w[1 + i];
            }
        if (!rc)
            rc = add(r, type, t, w[0], r->cells, k, w + 1, k, NULL, at);
        free(w);
        return rc;
    }
    case VISS_DIGITS_CELLS:
    case VISS_QUAD: {
        int digits[NONET_MAX_SIDE * 4], m = 0;
        if (rule->iss_args == VISS_QUAD) {
            int tl = 0;
            if (na < 1 || (rc = cell_of(r, a[0], &tl)) != NONET_OK)
                return na < 1 ? fail(r, at, "%s: expected its top left cell", type) : rc;
            if (tl % n == n - 1 || tl / n == n - 1)
                return fail(r, at_of(r, a[0]), "%s: no 2x2 block has its top left cell there",
                            type);
            int block[4] = {tl, tl + 1, tl + n, tl + n + 1};
            for (int i = 1; i < na; i++)
                if (m == (int)(sizeof digits / sizeof *digits) ||
                    !integer_of(r, a[i], &digits[m++]))
                    return fail(r, at_of(r, a[i]), "%s: expected a digit", type);
            return add(r, type, t, 0, block, 4, digits, m, NULL, at);
        }
        if (na < 1 || (m = digit_list(r, a[0], digits, NONET_MAX_SIDE * 4, type)) < 0)
            return na < 1 ? fail(r, at, "%s: expected its digits first", type) : NONET_EARG;
        if ((rc = cells_from(r, 2, &k)) != NONET_OK ||
            (rc = listed_twice(r, rule, type, k, at)) != NONET_OK)
            return rc;
        return add(r, type, t, 0, r->cells, k, digits, m, NULL, at);
    }
    case VISS_KEY_CELLS: {
        /* the key, then groups of cells: an empty argument between two, a
         * "_name" before one (its name, which nonet does not keep) */
        if (na < 1)
            return fail(r, at, "%s: expected its key first", type);
        int *values = malloc(2 * (size_t)r->nd * (size_t)r->nd * sizeof *values), m;
        if (!values)
            return NONET_ENOMEM;
        m = key_pairs(r, a[0], al && al->value, values, type);
        rc = m < 0 ? NONET_EARG : room(r, r->nargs + 1);
        int from = 1;
        for (int i = 1; i <= na && !rc; i++) {
            int end = i == na || !a[i].len || r->s[a[i].at] == '_';
            if (!end)
                continue;
            if (i > from) {
                for (k = 0; k < i - from && !rc; k++)
                    rc = cell_of(r, a[from + k], &r->cells[k]);
                if (!rc)
                    rc = add(r, type, t, 0, r->cells, k, values, m, NULL, at);
            }
            from = i + 1;
        }
        free(values);
        return rc;
    }
    case VISS_ARROW:
        if ((rc = room(r, r->nargs + 2)) != NONET_OK || (rc = cells_from(r, 1, &k)) != NONET_OK)
            return rc;
        if (k < 2)
            return fail(r, at, "%s: its bulb, then its shaft", type);
        memmove(r->cells + 2, r->cells + 1, (size_t)(k - 1) * sizeof *r->cells);
        r->cells[1] = NONET_PART;
        return add(r, type, t, 0, r->cells, k + 1, NULL, 0, NULL, at);
    case VISS_PILL: {
        int size;
        if (na < 1 || !integer_of(r, a[0], &size) || size < 1)
            return fail(r, na ? at_of(r, a[0]) : at, "%s: expected its pill's size first", type);
        if ((rc = room(r, r->nargs + 2)) != NONET_OK || (rc = cells_from(r, 2, &k)) != NONET_OK)
            return rc;
        if (k <= size)
            return fail(r, at, "%s: its pill's %d cells, then its shaft", type, size);
        /* the pill reads left to right, top to bottom */
        for (int i = 1; i < size; i++)
            for (int j = i; j > 0 && r->cells[j - 1] > r->cells[j]; j--) {
                int x = r->cells[j];
                r->cells[j] = r->cells[j - 1];
                r->cells[j - 1] = x;
            }
        memmove(r->cells + size + 1, r->cells + size, (size_t)(k - size) * sizeof *r->cells);
        r->cells[size] = NONET_PART;
        return add(r, type, t, 0, r->cells, k + 1, NULL, 0, NULL, at);
    }
    case VISS_PARTS:
        if ((rc = room(r, r->nargs + 1)) != NONET_OK)
            return rc;
        k = 0;
        for (int i = 0; i < na && !rc; i++) {
            if (is(r, a[i], "-"))
                r->cells[k++] = NONET_PART;
            else
                rc = cell_of(r, a[i], &r->cells[k++]);
        }
        return rc ? rc : add(r, type, t, 0, r->cells, k, NULL, 0, NULL, at);
    case VISS_OUTSIDE:
        if ((rc = room(r, 2 * n)) != NONET_OK)
            return rc;
        if (na != 2 || !integer_of(r, a[0], &value))
            return fail(r, na ? at_of(r, a[0]) : at, "%s: expected its number, then its clue's %s",
                        type, rule->pub.shape == NONET_SHAPE_OUTSIDE ? "row or column" : "cell");
        if (rule->pub.shape == NONET_SHAPE_OUTSIDE) {
            if ((rc = line_of(r, a[1], 0, r->cells, type)) != NONET_OK)
                return rc;
            k = n;
        } else {
            int first = 0;
            if ((rc = cell_of(r, a[1], &first)) != NONET_OK)
                return rc;
            if (diagonal_of(n, first, r->cells, &k))
                return fail(r, at_of(r, a[1]),
                            "%s: no diagonal of its clues starts at %s (the cell where it enters "
                            "the grid)",
                            type, iss_cell(n, first, (char[8]){0}));
        }
        return add(r, type, t, value, r->cells, k, NULL, 0, NULL, at);
    case VISS_CLUES:
        if ((rc = room(r, n)) != NONET_OK)
            return rc;
        if (na < 1 || na > 3)
            return fail(r, at,
                        "%s: its row or column, then its clue from the start and from the "
                        "end, either left out",
                        type);
        for (int end = 0; end < 2 && end + 1 < na; end++) {
            if (!a[end + 1].len)
                continue;
            if (!integer_of(r, a[end + 1], &value))
                return fail(r, at_of(r, a[end + 1]), "%s: expected a number", type);
            if ((rc = line_of(r, a[0], end, r->cells, type)) != NONET_OK ||
                (rc = add(r, type, t, value, r->cells, n, NULL, 0, NULL, at_of(r, a[end + 1]))) !=
                    NONET_OK)
                return rc;
        }
        return na == 1 ? line_of(r, a[0], 0, r->cells, type) : NONET_OK;
    case VISS_TEXT_CELLS: {
        char *text = malloc(TEXT_CAP);
        if (!text)
            return NONET_ENOMEM;
        rc = na < 1 ? fail(r, at, "%s: expected its expression first", type)
                    : pattern_of(r, a[0], text, TEXT_CAP);
        if (!rc)
            rc = room(r, r->nargs + 1);
        for (int i = 1, from = 1; i <= na && !rc; i++) {
            if (i < na && a[i].len)
                continue;
            for (k = 0; k < i - from && !rc; k++)
                rc = cell_of(r, a[from + k], &r->cells[k]);
            if (!rc && k)
                rc = add(r, type, t, 0, r->cells, k, NULL, 0, text, at);
            from = i + 1;
        }
        free(text);
        return rc;
    }
    case VISS_GIVENS:
        return givens(r, type);
    default:
        return fail(r, at, "%s: a rule whose ISS form nonet does not read yet", type);
    }
}

/* ------------------------------------------------------------ the items */

/* The type of the item args[0] into w, ISS's "Given" for none. */
static void type_of(const reader *r, char *w, size_t cap)
{
    if (!r->args[0].len)
        snprintf(w, cap, "Given");
    else
        word_of(r, r->args[0], w, cap);
}

/* The item of s[from .. to) split at '~' into r->args. */
static int split(reader *r, size_t from, size_t to)
{
    r->nargs = 0;
    for (size_t i = from;; i++) {
        if (r->nargs == r->capargs) {
            int cap = r->capargs ? 2 * r->capargs : 64;
            arg *grown = realloc(r->args, (size_t)cap * sizeof *grown);
            if (!grown)
                return NONET_ENOMEM;
            r->args = grown;
            r->capargs = cap;
        }
        size_t end = i;
        while (end < to && r->s[end] != '~')
            end++;
        r->args[r->nargs++] = (arg){i, end - i};
        if (end >= to)
            return NONET_OK;
        i = end;
    }
}

/* The regions of a layout (n*n symbols, one a region) into region[]:
 * how many regions; -1 when more than n. */
static int regions_of(const char *s, int n, uint8_t *region)
{
    int label[256], k = 0;
    for (int i = 0; i < 256; i++)
        label[i] = -1;
    for (int c = 0; c < n * n; c++) {
        unsigned char ch = (unsigned char)s[c];
        if (label[ch] < 0) {
            if (k == n)
                return -1;
            label[ch] = k++;
        }
        region[c] = (uint8_t)label[ch];
    }
    return k;
}

/* A jigsaw's layout: with .NoBoxes, its regions in place of the boxes, as
 * also on a side without boxes (5x5, 7x7: nonet's boxes are the rows
 * there) when they are n regions of n cells; else each region an extra
 * house. */
static int jigsaw(reader *r, arg a, size_t at)
{
    int n = r->n;
    uint8_t region[NONET_MAX_CELLS];
    if (a.len != (size_t)n * (size_t)n)
        return fail(r, at_of(r, a), "Jigsaw: a layout of %zu symbols, not %d (one a cell)", a.len,
                    n * n);
    int k = regions_of(r->s + a.at, n, region);
    if (k == 1) /* one region: no rule */
        return NONET_OK;
    int sizes = k == n;
    for (int g = 0; g < k && sizes; g++) {
        int m = 0;
        for (int c = 0; c < n * n; c++)
            m += region[c] == g;
        sizes = m == n;
    }
    if (r->region_size == n && (r->noboxes || (sizes && r->v->grid.box_rows == 1))) {
        char why[160];
        if (k < 0 || nonet_variant_set_regions(r->v, region, why, sizeof why) != NONET_OK)
            return fail(r, at_of(r, a), "Jigsaw: %s",
                        k < 0 ? "more regions than the grid's side" : why);
        return NONET_OK;
    }
    int rc = room(r, n * n), other = 0;
    for (int g = 0; g < k && !rc; g++) {
        int m = 0;
        for (int c = 0; c < n * n; c++)
            if (region[c] == g)
                r->cells[m++] = c;
        if (m < n || m > r->nd) { /* as ISS: one region apart, of another size (no rule) */
            if (other++)
                return fail(r, at_of(r, a), "Jigsaw: two regions of neither %d nor %d cells", n,
                            r->nd);
            continue;
        }
        rc = add(r, "Jigsaw", NONET_CON_HOUSE, 0, r->cells, m, NULL, 0, NULL, at);
    }
    return rc;
}

/* .RegionSize~K other than the side: boxes of K cells in place of the
 * grid's (ISS's: the squarest r x c of K cells that tiles the grid, else
 * none; none with .NoBoxes), each an extra house, and a jigsaw's pieces
 * of K cells (jigsaw). */
static int region_size(reader *r, size_t at)
{
    int n = r->n, k = r->region_size, rc = NONET_OK, h = 0, w = 0;
    if (k == n)
        return NONET_OK;
    rc = add(r, "RegionSize", NONET_CON_NO_BOXES, 0, NULL, 0, NULL, 0, NULL, at);
    for (int small = 2; small * small <= k; small++) /* the largest such small wins */
        if (k % small == 0 && ((n % small == 0 && n % (k / small) == 0)))
            h = small, w = k / small;
    if (rc || r->noboxes || !h)
        return rc;
    if ((rc = room(r, k)) != NONET_OK)
        return rc;
    for (int br = 0; br < n && !rc; br += h)
        for (int bc = 0; bc < n && !rc; bc += w) {
            int m = 0;
            for (int i = 0; i < h; i++)
                for (int j = 0; j < w; j++)
                    r->cells[m++] = (br + i) * n + bc + j;
            rc = add(r, "RegionSize", NONET_CON_HOUSE, 0, r->cells, m, NULL, 0, NULL, at);
        }
    return rc;
}

/* One item, s[from .. to) (from: after its '.'). */
static int item(reader *r, size_t from, size_t to)
{
    int rc = split(r, from, to);
    if (rc)
        return rc;
    char type[WORD_CAP];
    type_of(r, type, sizeof type);
    size_t at = r->pos[from ? from - 1 : 0];
    if (is(r, r->args[0], "And")) {
        if (r->nargs > 1)
            return fail(r, at_of(r, r->args[1]), "And takes no arguments");
        if (!r->depth++)
            r->and_at = at;
        return NONET_OK;
    }
    if (is(r, r->args[0], "End")) {
        if (!r->depth)
            return fail(r, at, "an End without the And it closes");
        r->depth--;
        return NONET_OK;
    }
    if (is(r, r->args[0], "Or") || is(r, r->args[0], "Replicate"))
        return fail(r, at,
                    "%s is one of ISS's composites (%s) that nonet has no counterpart for: it "
                    "reads And ... End only",
                    type,
                    is(r, r->args[0], "Or") ? "at least one of its constraints holds"
                                            : "its constraints copied onto other cells");
    if (is(r, r->args[0], "Shape")) /* read before the items */
        return NONET_OK;
    if (is(r, r->args[0], "Jigsaw")) {
        if (r->nargs < 2 || r->nargs > 3)
            return fail(r, at, "Jigsaw: expected its layout (n*n symbols, one a region)");
        return jigsaw(r, r->args[r->nargs - 1], at);
    }
    if (is(r, r->args[0], "NoBoxes") && (r->jigsaw || r->region_size != r->n))
        return NONET_OK; /* the jigsaw's regions replace the boxes, or RegionSize did */
    if (is(r, r->args[0], "RegionSize"))
        return region_size(r, at);
    if ((is(r, r->args[0], "DisjointSets") || is(r, r->args[0], "Windoku")) &&
        r->region_size != r->n)
        return fail(r, at, "%s with RegionSize: nonet's are over the grid's own boxes", type);
    const vrule *rule = row_named(type, 0);
    const valias *al = rule ? NULL : valias_find(VFORM_ISS, type);
    if (al)
        rule = vrule_of(al->type);
    if (!rule) {
        if (r->args[0].len >= WORD_CAP - 1)
            memcpy(type + WORD_CAP - 4, "...", 4);
        return fail(r, at,
                    "'%s' is not a constraint type nonet reads (nonet help input lists the ISS "
                    "types it does)",
                    type);
    }
    return rule_item(r, type, rule, al);
}

/* ------------------------------------------------------------ parts */

/* src[from .. to) without blanks into r->s (and where each byte was). */
static int compact(reader *r, size_t from, size_t to)
{
    r->ns = 0;
    for (size_t i = from; i < to; i++)
        if (!isspace((unsigned char)r->src[i])) {
            r->s[r->ns] = r->src[i];
            r->pos[r->ns++] = i;
        }
    r->s[r->ns] = '\0';
    return NONET_OK;
}

/* The side of a square of k cells (4, 9, ... 256 cells: 2 to 16), else 0. */
static int side_of(size_t k)
{
    for (int n = 1; n <= ISS_MAX_SIDE; n++)
        if ((size_t)n * (size_t)n == k)
            return n;
    return 0;
}

/* ISS's digit of a grid's character (its own reading: 1-9 on sides up to
 * 9; A-Z from 1 on larger ones), 0 when none. */
static int grid_digit(char ch, int n)
{
    if (n < 10)
        return ch >= '1' && ch <= '9' && ch - '0' <= n ? ch - '0' : 0;
    return ch >= 'A' && ch <= 'Z' && ch - 'A' + 1 <= n ? ch - 'A' + 1 : 0;
}

/* Whether s[0 .. k) is a grid as ISS reads one (n*n characters, its
 * digits, every other character the same blank). */
static int is_grid(const char *s, size_t k)
{
    int n = side_of(k);
    char blank = 0;
    if (!n || k == 1)
        return 0;
    for (size_t i = 0; i < k; i++)
        if (!grid_digit(s[i], n)) {
            if (blank && s[i] != blank)
                return 0;
            blank = s[i];
        }
    return n;
}

/* Whether s[0 .. k) is a jigsaw layout: n*n symbols, n of them, each n
 * times; connected: each region orthogonally connected too. */
static int is_layout(const char *s, size_t k, int connected)
{
    int n = side_of(k), count[256] = {0}, kinds = 0;
    if (!n || k == 1)
        return 0;
    for (size_t i = 0; i < k; i++)
        kinds += !count[(unsigned char)s[i]]++;
    if (kinds != n)
        return 0;
    for (size_t i = 0; i < k; i++)
        if (count[(unsigned char)s[i]] != n)
            return 0;
    if (!connected)
        return n;
    /* each region: the cells reached from its first one */
    uint8_t reached[NONET_MAX_CELLS] = {0};
    int stack[NONET_MAX_CELLS];
    for (int c0 = 0; c0 < n * n; c0++) {
        if (reached[c0])
            continue;
        int top = 0, got = 0;
        stack[top++] = c0;
        reached[c0] = 1;
        while (top) {
            int c = stack[--top];
            got++;
            int nb[4] = {c % n ? c - 1 : -1, c % n < n - 1 ? c + 1 : -1, c - n, c + n};
            for (int j = 0; j < 4; j++)
                if (nb[j] >= 0 && nb[j] < n * n && !reached[nb[j]] && s[nb[j]] == s[c]) {
                    reached[nb[j]] = 1;
                    stack[top++] = nb[j];
                }
        }
        if (got != n)
            return 0;
    }
    return n;
}

/* The side a text box line (the part, blanks left out, in s[0 .. k)) gives
 * the puzzle, in ISS's order of trying them; 0: none of them (a
 * constraint string). *kind: 1 short killer, 2 long killer, 3 jigsaw
 * (givens and layout), 4 layout, 5 grid, 6 grid of numbers, 7 marks. */
static int line_kind(const char *s, size_t k, const char *raw, size_t rawlen, int *kind)
{
    int n;
    *kind = 0;
    if (k == 1)
        return 0;
    if ((*kind = variant_killer_kind(s, k)) != 0)
        return 9;
    if (k % 2 == 0 && (n = side_of(k / 2)) != 0 && is_layout(s + k / 2, k / 2, 0) &&
        is_grid(s, k / 2))
        return *kind = 3, n;
    if ((n = is_layout(s, k, 0)) != 0)
        return *kind = 4, n;
    if ((n = is_grid(s, k)) != 0)
        return *kind = 5, n;
    /* a grid of numbers: digits, blanks, . | _ - only, its numbers and
     * dots n*n */
    size_t tokens = 0;
    int plain = rawlen > 0;
    for (size_t i = 0; i < rawlen && plain; i++) {
        char ch = raw[i];
        if (isdigit((unsigned char)ch)) {
            tokens += i == 0 || !isdigit((unsigned char)raw[i - 1]);
        } else if (ch == '.') {
            tokens++;
        } else if (!isspace((unsigned char)ch) && ch != '|' && ch != '_' && ch != '-') {
            plain = 0;
        }
    }
    if (plain && (n = side_of(tokens)) != 0 && tokens > 1)
        return *kind = 6, n;
    for (n = 2; n <= 9; n++)
        if ((size_t)n * (size_t)n * (size_t)n == k) {
            for (size_t i = 0; i < k; i++)
                if (!isdigit((unsigned char)s[i]) && s[i] != '.')
                    return 0;
            return *kind = 7, n;
        }
    return 0;
}

/* Gives cell c the digit d (ISS's givens: as a given item would). */
static void give(reader *r, int c, int d, size_t at)
{
    uint64_t mask = (uint64_t)1 << (d - 1);
    if (!r->allow[c])
        r->allow_at[c] = at;
    r->allow[c] = r->allow[c] ? r->allow[c] & mask : mask;
}

/* A text box line of kind (line_kind) in s (raw: the part as written). */
static int text_line(reader *r, int kind, const char *raw, size_t rawlen, size_t at, size_t raw_at)
{
    int n = r->n, rc = NONET_OK;
    size_t k = r->ns;
    if (kind == 1 || kind == 2) { /* the killer lines: their reader, then each cage here */
        nonet_variant *kv = NULL;
        nonet_error kerr;
        rc = variant_parse_killer(r->s, k, &kv, NULL, &kerr);
        if (rc != NONET_OK)
            return rc == NONET_ENOMEM
                       ? rc
                       : fail(r,
                              kerr.column > 0 && (size_t)kerr.column <= k ? r->pos[kerr.column - 1]
                                                                          : at,
                              "%s", kerr.message);
        for (int i = 0; i < nonet_variant_count_constraints(kv) && !rc; i++) {
            nonet_constraint c;
            nonet_variant_get(kv, i, &c);
            rc = add(r, "a killer line", c.type, c.value, c.cells, c.ncells, c.values, c.nvalues,
                     c.text, at);
        }
        nonet_variant_free(kv);
        return rc;
    }
    if (kind == 3 || kind == 4) {
        uint8_t region[NONET_MAX_CELLS];
        char why[160];
        const char *layout = kind == 3 ? r->s + k / 2 : r->s;
        regions_of(layout, n, region);
        if (nonet_variant_set_regions(r->v, region, why, sizeof why) != NONET_OK)
            return fail(r, at, "a jigsaw's layout: %s", why);
        if (kind == 4)
            return NONET_OK;
        k /= 2;
        kind = 5;
    }
    if (kind == 5) {
        for (size_t c = 0; c < k; c++)
            if (grid_digit(r->s[c], n))
                give(r, (int)c, grid_digit(r->s[c], n), r->pos[c]);
        return NONET_OK;
    }
    if (kind == 6) {
        int c = 0;
        for (size_t i = 0; i < rawlen; i++) {
            if (raw[i] == '.') {
                c++;
            } else if (isdigit((unsigned char)raw[i]) &&
                       (i == 0 || !isdigit((unsigned char)raw[i - 1]))) {
                int d = 0;
                for (size_t j = i; j < rawlen && isdigit((unsigned char)raw[j]); j++)
                    d = d > NONET_MAX_SIDE ? d : 10 * d + (raw[j] - '0');
                if (d < 1 || d > n)
                    return fail(r, raw_at + i, "%d is no digit 1 to %d", d, n);
                give(r, c++, d, raw_at + i);
            }
        }
        return NONET_OK;
    }
    /* pencil marks: n characters a cell, its digits (a dot for each other) */
    for (int c = 0; c < n * n; c++) {
        uint64_t mask = 0;
        for (int j = 0; j < n; j++) {
            size_t i = (size_t)c * (size_t)n + (size_t)j;
            char ch = r->s[i];
            if (ch != '.' && (ch < '1' || ch - '0' > n))
                return fail(r, r->pos[i], "pencil marks: '%c' is no digit 1 to %d", ch, n);
            if (ch != '.')
                mask |= (uint64_t)1 << (ch - '1');
        }
        if (!mask)
            return fail(r, r->pos[(size_t)c * (size_t)n], "pencil marks: %s has none",
                        iss_cell(n, c, (char[8]){0}));
        if (!r->allow[c])
            r->allow_at[c] = r->pos[(size_t)c * (size_t)n];
        r->allow[c] = r->allow[c] ? r->allow[c] & mask : mask;
    }
    return NONET_OK;
}

/* The parts of src: [start, end) pairs of text between blank lines, '#'
 * lines left out (their bytes blanked in *clean). Returns how many, or -1
 * out of memory. */
typedef struct part {
    size_t from, to;
} part;

static int parts_of(const char *src, size_t len, part **out, char **clean)
{
    char *c = malloc(len + 1);
    part *p = malloc((len / 2 + 2) * sizeof *p);
    int k = 0;
    if (!c || !p) {
        free(c);
        free(p);
        return -1;
    }
    memcpy(c, src, len);
    c[len] = '\0';
    size_t from = 0, at = 0;
    int open = 0; /* a part has begun */
    while (at < len) {
        const char *e = memchr(c + at, '\n', len - at);
        size_t end = e ? (size_t)(e - c) : len, i = at;
        if (c[at] == '#')
            memset(c + at, ' ', end - at);
        while (i < end && isspace((unsigned char)c[i]))
            i++;
        if (i == end && open && src[at] != '#') { /* a blank line ends a part */
            p[k++] = (part){from, at};
            open = 0;
        } else if (i < end && !open) {
            from = at;
            open = 1;
        }
        at = end + 1;
    }
    if (open)
        p[k++] = (part){from, len};
    *out = p;
    *clean = c;
    return k;
}

/* The side a part's .Shape gives (0: none), its place in *at; the value
 * of its first digit and its last in *first and *last (~0-8: 0 and 8;
 * ~9 on 6x6: 1 and 9; else 1 and the side). */
static int shape_of(reader *r, size_t *at, int *first, int *last)
{
    *first = 1;
    *last = 0;
    for (size_t i = 0; i < r->ns; i++) {
        if (r->s[i] != '.' || strncmp(r->s + i + 1, "Shape~", 6) != 0)
            continue;
        size_t end = i + 1;
        while (end < r->ns && r->s[end] != '.')
            end++;
        *at = r->pos[i];
        char spec[WORD_CAP];
        size_t k = end - i - 7 < sizeof spec - 1 ? end - i - 7 : sizeof spec - 1;
        memcpy(spec, r->s + i + 7, k);
        spec[k] = '\0';
        int rows = 0, cols = 0, lo = 0, hi = 0, used = 0;
        char tail[WORD_CAP] = "";
        if (sscanf(spec, "%dx%d%n", &rows, &cols, &used) != 2 || used == 0 || rows < 1 || cols < 1)
            return fail(r, *at, "Shape~%s: expected ROWSxCOLUMNS (.Shape~6x6)", spec), -1;
        snprintf(tail, sizeof tail, "%s", spec + used);
        if (rows != cols)
            return fail(r, *at, "Shape~%s: nonet's grids are square", spec), -1;
        if (rows > ISS_MAX_SIDE)
            return fail(r, *at, "Shape~%s: ISS's grids are %d by %d at most", spec, ISS_MAX_SIDE,
                        ISS_MAX_SIDE),
                   -1;
        /* the digits: ~N or ~1-N (its default, n), a grid type Sudoku */
        char *t = tail;
        if (*t == '~') {
            t++;
            int range = sscanf(t, "%d-%d%n", &lo, &hi, &used) == 2 && used > 0;
            if (!range && sscanf(t, "%d%n", &hi, &used) == 1 && used > 0)
                lo = 1; /* ~9: 1 to 9 */
            if (used > 0 && (range || lo == 1)) {
                if ((lo != 0 && lo != 1) || hi - lo + 1 < rows || hi > NONET_MAX_SYMBOL_SIDE)
                    return fail(r, *at,
                                "Shape~%s: digits %d to %d, but nonet's %dx%d grids hold 1 or 0 "
                                "to at least %d, and no digit past %d",
                                spec, lo, hi, rows, rows, rows - 1 + (lo == 1),
                                NONET_MAX_SYMBOL_SIDE),
                           -1;
                *first = lo;
                *last = hi;
                t += used;
            }
            if (*t == '~' && strcmp(t + 1, "Sudoku") != 0)
                return fail(r, *at,
                            "Shape~%s: the grid type %s (nonet's grids are Sudoku's: rows, "
                            "columns and boxes)",
                            spec, t + 1),
                       -1;
            if (*t && *t != '~')
                return fail(r, *at, "Shape~%s: expected ~DIGITS or ~1-N after the size", spec), -1;
        } else if (*t) {
            return fail(r, *at, "Shape~%s: expected ROWSxCOLUMNS (.Shape~6x6)", spec), -1;
        }
        return rows;
    }
    return 0;
}

/* Whether the part (in s) names .NoBoxes or .Jigsaw. */
static int names(const reader *r, const char *type)
{
    size_t k = strlen(type);
    for (size_t i = 0; i + k < r->ns; i++)
        if (r->s[i] == '.' && !strncmp(r->s + i + 1, type, k) &&
            (i + 1 + k == r->ns || r->s[i + 1 + k] == '.' || r->s[i + 1 + k] == '~'))
            return 1;
    return 0;
}

/* The constraint string in s. */
static int constraints(reader *r)
{
    if (!r->ns)
        return NONET_OK;
    if (r->s[0] != '.')
        return fail(r, r->pos[0],
                    "neither a constraint string (.Type~...) nor a grid ISS reads: a constraint "
                    "string starts with '.'");
    int rc = NONET_OK;
    for (size_t i = 1; i <= r->ns && !rc;) {
        size_t end = i;
        while (end < r->ns && r->s[end] != '.')
            end++;
        rc = item(r, i, end);
        i = end + 1;
    }
    return rc;
}

/* Reads src into r->v (made here once the shape is known). */
static int read_all(reader *r, char *name)
{
    part *p;
    char *clean;
    int np = parts_of(r->src, r->srclen, &p, &clean);
    if (np < 0)
        return NONET_ENOMEM;
    int rc = NONET_OK, n = 0, kind;
    size_t shape_at = 0;
    r->s = malloc(r->srclen + 1);
    r->pos = calloc(r->srclen + 1, sizeof *r->pos);
    if (!r->s || !r->pos)
        rc = NONET_ENOMEM;
    /* the title: the last comment before the first part */
    if (name) {
        name[0] = '\0';
        for (size_t at = 0; at < r->srclen && (!np || at < p[0].from);) {
            const char *e = memchr(r->src + at, '\n', r->srclen - at);
            size_t end = e ? (size_t)(e - r->src) : r->srclen, i = at + 1;
            if (r->src[at] == '#') {
                while (i < end && isspace((unsigned char)r->src[i]))
                    i++;
                size_t k = end - i;
                while (k && isspace((unsigned char)r->src[i + k - 1]))
                    k--;
                snprintf(name, NONET_MAX_NAME + 1, "%.*s", (int)k, r->src + i);
            }
            at = end + 1;
        }
    }
    /* the shape: the first part's that gives one; every other the same */
    for (int i = 0; i < np && !rc; i++) {
        compact(r, p[i].from, p[i].to);
        const char *raw = clean + p[i].from;
        int m = line_kind(r->s, r->ns, raw, p[i].to - p[i].from, &kind);
        size_t at = r->ns ? r->pos[0] : p[i].from;
        if (!m) {
            int lo, hi;
            m = shape_of(r, &at, &lo, &hi);
            if (m > 0 && !n)
                r->lo = lo, r->nd = hi ? hi - lo + 1 : m;
            else if (m > 0 && (lo != r->lo || (hi ? hi - lo + 1 : m) != r->nd)) {
                fail(r, at, "digits %d to %d, but an earlier part's are %d to %d", lo, hi ? hi : m,
                     r->lo, r->lo + r->nd - 1);
                m = -1;
            }
            r->noboxes |= names(r, "NoBoxes");
            r->jigsaw |= names(r, "Jigsaw");
            for (size_t j = 0; j + 12 < r->ns; j++) /* .RegionSize~K */
                if (!strncmp(r->s + j, ".RegionSize~", 12)) {
                    int size = atoi(r->s + j + 12);
                    if (size < 1 || size > NONET_MAX_SIDE * NONET_MAX_SIDE)
                        rc = fail(r, r->pos[j], "RegionSize~%d: expected the cells of a box", size);
                    r->region_size = size;
                }
        }
        if (m < 0)
            rc = NONET_EARG;
        else if (m && n && m != n)
            rc = fail(r, at, "a %dx%d grid, but an earlier part's is %dx%d", m, m, n, n);
        else if (m && !n)
            n = m, shape_at = at;
    }
    (void)shape_at;
    if (!rc && !np)
        rc = fail(r, 0, "no puzzle: an ISS constraint string starts with '.'");
    r->n = n ? n : 9;
    nonet_grid g;
    int br, bc;
    if (!rc) {
        nonet_default_shape(r->n, &br, &bc);
        nonet_grid_init(&g, br, bc);
        r->v = nonet_variant_new(&g);
        r->nd = r->nd ? r->nd : r->n;
        r->region_size = r->region_size ? r->region_size : r->n;
        if (r->v && (r->lo != 1 || r->nd != r->n))
            nonet_variant_set_digits(r->v, r->lo, r->lo + r->nd - 1, NULL, 0);
        r->allow = calloc((size_t)r->n * (size_t)r->n, sizeof *r->allow);
        r->allow_at = calloc((size_t)r->n * (size_t)r->n, sizeof *r->allow_at);
        if (!r->v || !r->allow || !r->allow_at)
            rc = NONET_ENOMEM;
    }
    for (int i = 0; i < np && !rc; i++) {
        compact(r, p[i].from, p[i].to);
        const char *raw = clean + p[i].from;
        size_t rawlen = p[i].to - p[i].from;
        if (line_kind(r->s, r->ns, raw, rawlen, &kind) > 0) {
            if (kind == 7 && r->n > 9)
                rc = fail(r, r->pos[0], "pencil marks of a grid larger than 9x9");
            else
                rc = text_line(r, kind, raw, rawlen, r->ns ? r->pos[0] : p[i].from, p[i].from);
        } else {
            rc = constraints(r);
        }
    }
    if (!rc && r->depth)
        rc = fail(r, r->and_at, "an And without its End");
    free(clean);
    free(p);
    return rc;
}

/* The givens into the grid (a cell left one digit) and the digits rule
 * (cells left several: a constraint for each set of digits, its cells in
 * the order first given). */
static int settle_givens(reader *r)
{
    int n = r->n, rc = NONET_OK;
    const vrule *digits = NULL;
    for (int i = 0; i < vrule_count() && !digits; i++)
        if (vrule_at(i)->iss_args == VISS_GIVENS)
            digits = vrule_at(i);
    if ((rc = room(r, n * n)) != NONET_OK)
        return rc;
    for (int c = 0; c < n * n && !rc; c++) {
        uint64_t m = r->allow[c];
        if (m && !(m & (m - 1))) {
            int d = 1;
            while (!(m >> (d - 1) & 1))
                d++;
            r->v->grid.cells[c] = (uint8_t)d;
            r->allow[c] = 0;
        }
    }
    for (int c = 0; c < n * n && !rc; c++) {
        uint64_t m = r->allow[c];
        if (m == (r->nd == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->nd) - 1)) /* every digit */
            r->allow[c] = m = 0;
        if (!m)
            continue;
        int k = 0, values[NONET_MAX_SIDE], nv = 0;
        for (int e = c; e < n * n; e++)
            if (r->allow[e] == m) {
                r->cells[k++] = e;
                r->allow[e] = 0;
            }
        for (int d = 1; d <= r->nd; d++)
            if (m >> (d - 1) & 1)
                values[nv++] = d + r->lo - 1; /* a value */
        if (!digits)
            return fail(r, r->allow_at[c], "Given: the digits a cell may hold (R1C1_2_4_6)");
        rc = add(r, "Given", digits->pub.type, 0, r->cells, k, values, nv, NULL, r->allow_at[c]);
    }
    return rc;
}

/* ------------------------------------------------------------ links and detection */

/* A ?q= (or &q=) link's query in text[0 .. len): where its value starts
 * (*from) and ends (*to), or 0 when the first word holds none. */
static int query_of(const char *text, size_t len, size_t *from, size_t *to)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    size_t end = i;
    while (end < len && !isspace((unsigned char)text[end]))
        end++;
    for (size_t j = i; j + 3 <= end; j++)
        if ((text[j] == '?' || text[j] == '&') && text[j + 1] == 'q' && text[j + 2] == '=') {
            *from = j + 3;
            *to = *from;
            while (*to < end && text[*to] != '&' && text[*to] != '#')
                (*to)++;
            return 1;
        }
    return 0;
}

/* A query's value decoded (%XX, '+' a blank) into a new buffer, with the
 * offset in text of each of its bytes (and of its end) in *map. */
static char *decode(const char *text, size_t from, size_t to, size_t *len, size_t **map)
{
    char *d = malloc(to - from + 1);
    size_t *m = malloc((to - from + 1) * sizeof *m), k = 0;
    if (!d || !m) {
        free(d);
        free(m);
        return NULL;
    }
    for (size_t j = from; j < to; j++) {
        m[k] = j;
        if (text[j] == '%' && j + 2 < to && isxdigit((unsigned char)text[j + 1]) &&
            isxdigit((unsigned char)text[j + 2])) {
            char hex[3] = {text[j + 1], text[j + 2], 0};
            d[k++] = (char)strtol(hex, NULL, 16);
            j += 2;
        } else {
            d[k++] = text[j] == '+' ? ' ' : text[j];
        }
    }
    d[k] = '\0';
    m[k] = to;
    *len = k;
    *map = m;
    return d;
}

/* Whether word (len bytes) is a type whose ISS form takes no arguments:
 * a row's or an alias's whose row's form is VISS_NONE. */
static int bare_type(const char *word, size_t len)
{
    char w[WORD_CAP];
    if (len >= sizeof w)
        return 0;
    memcpy(w, word, len);
    w[len] = '\0';
    const vrule *r = row_named(w, 0);
    const valias *a = r ? NULL : valias_find(VFORM_ISS, w);
    if (a)
        r = vrule_of(a->type);
    return r && r->iss_args == VISS_NONE;
}

/* Whether text (after blanks and '#' lines) starts a constraint string:
 * '.', then '~' (givens), or a type and '~' (any type: the reader names
 * those it does not know), or a type without arguments that the table
 * knows, then '.', a blank or the end. */
static int starts_items(const char *text, size_t len)
{
    size_t i = 0;
    for (;;) {
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        if (i < len && text[i] == '#') {
            while (i < len && text[i] != '\n')
                i++;
            continue;
        }
        break;
    }
    if (i + 1 >= len || text[i] != '.')
        return 0;
    while (i + 2 < len && text[i + 1] == '.') /* empty items: ..Cage~14~R5C3 */
        i++;
    size_t j = i + 1;
    while (j < len && isalnum((unsigned char)text[j]))
        j++;
    if (j == i + 1)
        return text[j] == '~';
    if (!isalpha((unsigned char)text[i + 1]))
        return 0;
    size_t after = j; /* blanks may come before the '~' */
    while (after < len && isspace((unsigned char)text[after]))
        after++;
    if (after < len && text[after] == '~')
        return 1;
    if (after < len && text[after] == '.' &&
        ((j - i - 1 == 2 && !strncmp(text + i + 1, "Or", 2)) ||
         (j - i - 1 == 3 && !strncmp(text + i + 1, "And", 3))))
        return 1; /* a composite first */
    /* a type nonet does not know, without arguments, spelt as ISS spells
     * its types (Capital, then a small letter), before items with some:
     * '~' is in no classic grid */
    if (after < len && text[after] == '.' && j - i - 1 >= 3 &&
        isupper((unsigned char)text[i + 1]) && islower((unsigned char)text[i + 2]) &&
        memchr(text + after, '~', (len - after < 4096 ? len - after : 4096)))
        return 1;
    return (j == len || text[j] == '.' || isspace((unsigned char)text[j])) &&
           bare_type(text + i + 1, j - i - 1);
}

int variant_iss_kind(const char *text, size_t len)
{
    if (!text || !len)
        return 0;
    if (starts_items(text, len))
        return 1;
    size_t from, to, dlen, *map;
    if (query_of(text, len, &from, &to)) {
        char *d = decode(text, from, to, &dlen, &map);
        int yes = d && starts_items(d, dlen);
        free(d);
        free(map);
        if (yes)
            return 2;
    }
    /* a jigsaw line alone (blanks and '#' lines aside): its givens, then
     * a layout of connected regions */
    char line[2 * ISS_MAX_SIDE * ISS_MAX_SIDE + 1];
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '#' && (i == 0 || text[i - 1] == '\n')) {
            while (i < len && text[i] != '\n')
                i++;
            continue;
        }
        if (isspace((unsigned char)text[i]))
            continue;
        if (k == sizeof line - 1)
            return 0;
        line[k++] = text[i];
    }
    if (k % 2 == 0 && k >= 32 && is_grid(line, k / 2) && is_layout(line + k / 2, k / 2, 1))
        return 3;
    return 0;
}

int variant_parse_iss(const char *text, size_t len, nonet_variant **out, char *name,
                      nonet_error *err)
{
    reader r = {0};
    r.lo = 1;
    r.text = r.src = text;
    r.srclen = r.textlen = len;
    r.err = err;
    size_t from, to, *map = NULL;
    char *decoded = NULL;
    if (!starts_items(text, len) && query_of(text, len, &from, &to)) {
        decoded = decode(text, from, to, &r.srclen, &map);
        if (!decoded)
            return NONET_ENOMEM;
        r.src = decoded;
        r.map = map;
    }
    int rc = read_all(&r, name);
    if (!rc)
        rc = settle_givens(&r);
    if (rc == NONET_ENOMEM && err) {
        err->code = rc;
        snprintf(err->message, sizeof err->message, "%s", nonet_strerror(rc));
    }
    if (rc) {
        nonet_variant_free(r.v);
        r.v = NULL;
    }
    *out = r.v;
    free(r.s);
    free(r.pos);
    free(r.args);
    free(r.cells);
    free(r.allow);
    free(r.allow_at);
    free(decoded);
    free(map);
    return rc;
}

/* ------------------------------------------------------------ writing */

static void put(text_buf *t, const char *s)
{
    text_put(t, s, strlen(s));
}

static void put_cell(text_buf *t, int n, int c)
{
    static const char digits[] = "123456789abcdefg";
    char b[8] = {'~', 'R', digits[c / n], 'C', digits[c % n], 0};
    put(t, b);
}

static void put_int(text_buf *t, const char *before, int x)
{
    char b[32];
    snprintf(b, sizeof b, "%s%d", before, x);
    put(t, b);
}

static void put_cells(text_buf *t, int n, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        if (cells[i] == NONET_PART)
            put(t, "~-");
        else
            put_cell(t, n, cells[i]);
}

__attribute__((format(printf, 3, 4))) static long refuse(char *why, size_t cap, const char *fmt,
                                                         ...)
{
    if (why && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, cap, fmt, ap);
        va_end(ap);
    }
    return NONET_EARG;
}

/* Where an outside clue's cells (a whole row or column in order) are
 * read from: "R3" or "C3" into id, *back when from the right or bottom. */
static void clue_line(int n, const int *cells, char *id, size_t cap, int *back)
{
    int row = n > 1 && cells[0] / n == cells[1] / n;
    *back = n > 1 && cells[1] < cells[0];
    snprintf(id, cap, "%c%d", row ? 'R' : 'C', row ? cells[0] / n + 1 : cells[0] % n + 1);
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* One constraint k of v in the form of its ISS type word (row r's form;
 * value the one ISS reads back). Returns 0, or NONET_EARG with why. */
static long put_constraint(text_buf *t, const nonet_variant *v, const vcon *k, const vrule *r,
                           const char *word, char *why, size_t cap)
{
    int n = v->grid.n;
    const int *cells = vcon_cells(v, k), *values = vcon_values(v, k);
    const char *name = r->pub.name;
    put(t, ".");
    put(t, word);
    switch (r->iss_args) {
    case VISS_NONE:
        return 0;
    case VISS_DIRECTION:
        put_int(t, "~", r->iss_value);
        return 0;
    case VISS_KIND_CELLS: {
        char b[4] = {'~', (char)r->iss_value, 0};
        put(t, b);
        put_cells(t, n, cells, k->ncells);
        return 0;
    }
    case VISS_CELLS:
        put_cells(t, n, cells, k->ncells);
        return 0;
    case VISS_VALUE_CELLS:
        put_int(t, "~", k->value ? k->value : r->zero ? r->zero(n) : 0);
        put_cells(t, n, cells, k->ncells);
        return 0;
    case VISS_WEIGHTED: {
        int ones = 1;
        for (int i = 0; i < k->nvalues; i++)
            ones &= values[i] == 1;
        put_int(t, "~", k->value);
        if (!ones) {
            put(t, "_=");
            for (int i = 0; i < k->nvalues; i++)
                put_int(t, "_", values[i]);
        }
        put_cells(t, n, cells, k->ncells);
        return 0;
    }
    case VISS_DIGITS_CELLS:
        for (int i = 0; i < k->nvalues; i++)
            put_int(t, i ? "_" : "~", values[i]);
        put_cells(t, n, cells, k->ncells);
        return 0;
    case VISS_QUAD: {
        int tl = cells[0];
        for (int i = 1; i < 4; i++)
            tl = cells[i] < tl ? cells[i] : tl;
        put_cell(t, n, tl);
        for (int i = 0; i < k->nvalues; i++)
            put_int(t, "~", values[i]);
        return 0;
    }
    case VISS_KEY_CELLS: {
        uint8_t words[(NONET_MAX_SIDE * NONET_MAX_SIDE + 5) / 6] = {0};
        int last = -1;
        for (int i = 0; i + 1 < k->nvalues; i += 2) {
            int bit = (values[i] - v->lo) * v->nd + values[i + 1] - v->lo; /* digits 1..nd */
            words[bit / 6] |= (uint8_t)(1 << bit % 6);
            last = bit / 6 > last ? bit / 6 : last;
        }
        put(t, "~");
        for (int i = 0; i <= last; i++)
            text_put(t, &b64[words[i]], 1);
        put_cells(t, n, cells, k->ncells);
        return 0;
    }
    case VISS_ARROW:
        if (k->ncells < 3 || cells[1] != NONET_PART)
            return refuse(why, cap,
                          "%s: a bulb of more than one cell, which ISS's Arrow does not take (its "
                          "PillArrow does)",
                          name);
        put_cell(t, n, cells[0]);
        put_cells(t, n, cells + 2, k->ncells - 2);
        return 0;
    case VISS_PILL: {
        int size = 0;
        while (size < k->ncells && cells[size] != NONET_PART)
            size++;
        put_int(t, "~", size);
        put_cells(t, n, cells, size);
        put_cells(t, n, cells + size + 1, k->ncells - size - 1);
        return 0;
    }
    case VISS_PARTS:
        put_cells(t, n, cells, k->ncells);
        return 0;
    case VISS_OUTSIDE:
        put_int(t, "~", k->value);
        if (r->pub.shape == NONET_SHAPE_OUTSIDE) { /* ISS's clues are left or above: the
                                                    rule reads its line either way */
            char id[16];
            int back;
            clue_line(n, cells, id, sizeof id, &back);
            put(t, "~");
            put(t, id);
            return 0;
        }
        for (int first = 0; first < n * n; first++) {
            int diag[2 * ISS_MAX_SIDE], m, same = 1;
            if (diagonal_of(n, first, diag, &m) || m != k->ncells)
                continue;
            for (int i = 0; i < m && same; i++) {
                int in = 0;
                for (int j = 0; j < m; j++)
                    in |= diag[i] == cells[j];
                same = in;
            }
            if (same) {
                put_cell(t, n, first);
                return 0;
            }
        }
        return refuse(why, cap, "%s: its cells are no diagonal from side to side, as ISS's are",
                      name);
    case VISS_CLUES: {
        char id[16];
        int back;
        clue_line(n, cells, id, sizeof id, &back);
        put(t, "~");
        put(t, id);
        put_int(t, back ? "~~" : "~", k->value);
        if (!back)
            put(t, "~");
        return 0;
    }
    case VISS_TEXT_CELLS: {
        const unsigned char *s = (const unsigned char *)vcon_text(v, k);
        size_t len = strlen((const char *)s);
        put(t, "~");
        for (size_t i = 0; i < len; i += 3) {
            unsigned x = (unsigned)s[i] << 16 | (i + 1 < len ? (unsigned)s[i + 1] << 8 : 0) |
                         (i + 2 < len ? s[i + 2] : 0);
            size_t chars = i + 2 < len ? 4 : i + 1 < len ? 3 : 2;
            for (size_t j = 0; j < chars; j++)
                text_put(t, &b64[x >> (18 - 6 * j) & 63], 1);
        }
        put_cells(t, n, cells, k->ncells);
        return 0;
    }
    default:
        return refuse(why, cap, "%s: no ISS form nonet writes", name);
    }
}

/* The ISS word for constraint i of v and the row whose form writes it:
 * its row's name where its value is the one the name implies, else an
 * alias's (a second constraint an alias needs, taken from those not
 * written yet, is marked in done). NULL when ISS has none. */
static const char *word_for(const nonet_variant *v, int i, uint8_t *done, const vrule **form)
{
    const vcon *k = &v->cons[i];
    const vrule *r = vrule_of(k->type);
    int fixed = r->iss_args == VISS_NONE || r->iss_args == VISS_CELLS;
    *form = r;
    if (r->pub.iss[0] && (!fixed || k->value == r->iss_value))
        return r->pub.iss;
    for (int a = 0; valias_at(a); a++) {
        const valias *al = valias_at(a);
        int first = al->type == k->type && al->value == k->value,
            second = al->type2 && al->type2 == k->type && al->value2 == k->value;
        if (al->form != VFORM_ISS || (!first && !second))
            continue;
        if (!al->type2)
            return al->word;
        /* the alias's other constraint, not written yet */
        nonet_constraint_type t = first ? al->type2 : al->type;
        int value = first ? al->value2 : al->value;
        for (int j = 0; j < v->ncons; j++)
            if (j != i && !done[j] && v->cons[j].type == t && v->cons[j].value == value) {
                done[j] = 1;
                *form = vrule_of(al->type);
                return al->word;
            }
    }
    return NULL;
}

long nonet_variant_iss(const nonet_variant *v, char *buf, size_t cap, char *why, size_t whycap)
{
    if (!v)
        return NONET_EARG;
    text_buf t = {buf, cap, 0};
    int n = v->grid.n;
    if (n > ISS_MAX_SIDE)
        return refuse(why, whycap, "a %dx%d grid: ISS's are %d by %d at most", n, n, ISS_MAX_SIDE,
                      ISS_MAX_SIDE);
    if (n != 9 || v->lo != 1 || v->nd != n)
        put_int(&t, ".Shape~", n), put_int(&t, "x", n);
    if (v->lo != 1)
        put_int(&t, "~", v->lo), put_int(&t, "-", v->lo + v->nd - 1);
    else if (v->nd != n)
        put_int(&t, "~", v->nd);
    if (v->has_regions) {
        put(&t, ".Jigsaw~");
        for (int c = 0; c < n * n; c++)
            text_put(&t, &"0123456789abcdefg"[v->region[c]], 1);
        put(&t, ".NoBoxes");
    }
    /* the givens, then the cells of the digits rule, in one item */
    int any = 0;
    for (int c = 0; c < n * n; c++)
        if (v->grid.cells[c]) {
            put(&t, any++ ? "" : ".");
            put_cell(&t, n, c);
            put_int(&t, "_", v->grid.cells[c] + v->lo - 1); /* its value */
        }
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        if (vrule_of(k->type)->iss_args != VISS_GIVENS)
            continue;
        for (int j = 0; j < k->ncells; j++) {
            put(&t, any++ ? "" : ".");
            put_cell(&t, n, vcon_cells(v, k)[j]);
            for (int d = 0; d < k->nvalues; d++)
                put_int(&t, "_", vcon_values(v, k)[d]);
        }
    }
    uint8_t *done = calloc((size_t)v->ncons + 1, 1);
    if (!done)
        return NONET_ENOMEM;
    long rc = 0;
    for (int i = 0; i < v->ncons && !rc; i++) {
        const vcon *k = &v->cons[i];
        const vrule *r = vrule_of(k->type), *form;
        if (done[i] || r->iss_args == VISS_GIVENS)
            continue;
        done[i] = 1;
        const char *word = word_for(v, i, done, &form);
        if (!word)
            rc = r->pub.iss[0]
                     ? refuse(why, whycap,
                              "%s = %d: ISS's %s is %s with the value %d, and no other "
                              "ISS type has this one",
                              r->pub.name, k->value, r->pub.iss, r->pub.name, r->iss_value)
                     : refuse(why, whycap, "%s: Interactive Sudoku Solver has no such rule",
                              r->pub.name);
        else
            rc = put_constraint(&t, v, k, form, word, why, whycap);
    }
    free(done);
    if (rc)
        return rc;
    if (!t.len) /* nothing: an empty puzzle is one empty item */
        put(&t, ".");
    text_end(&t);
    return (long)t.len;
}
