/* text.c - nonet's own text form of a variant puzzle: a classic grid in
 * any layout the reader takes, then one constraint a line, each as its
 * rule's row says (constraints.c; `nonet help input` lists them):
 *
 *   KEYWORD                         a rule of the whole grid
 *   KEYWORD CELLS                   cells (a set or a line)
 *   KEYWORD CELLS : CELLS ...       a rule of parts (arrow BULB : SHAFT)
 *   KEYWORD r3 | c3 | r3c10 ...     an outside clue: a row from the left,
 *                                   a column from the top, or the clue's
 *                                   own cell outside the grid (r3c0 left
 *                                   of row 3, r3c10 right of it on 9x9,
 *                                   r0c3 above column 3, r10c3 below)
 *   ... [N N ...]                   the rule's numbers: weights, digits,
 *                                   allowed pairs ([1 2, 2 1])
 *   ... "TEXT"                      its text (\" and \\ inside)
 *   ... = VALUE                     its value (a sum, a gap ...)
 *   regions SYMBOLS                 (n*n symbols, on this line and the
 *                                   next ones: a jigsaw's region map)
 *   values 0-8                      the digits' values, when not 1 to n
 *                                   (the grid then written in 0-8)
 *
 * and the other words of the alias table (white CELL CELL: a difference
 * of 1; diagonal: both diagonals; negative kropki ...). CELLS are
 * r<ROW>c<COL> (r1c1 the top left), several in one where the side is at
 * most 9: r1c123 is r1c1 r1c2 r1c3, r12c3 is r1c3 r2c3; commas may
 * separate them. '#' starts a comment. The reader of the grid
 * (text/read.c) sees the other lines, the constraint lines blanked, so its
 * line numbers stay the text's. */
#include "variant/variant.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The most bytes of a rule's text, its NUL counted. */
#define TEXT_CAP 4096

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

/* Whether the line's next character (after blanks) is ch. */
static int next_is(line *l, char ch)
{
    skip_blanks(l);
    return l->pos < l->len && l->s[l->pos] == ch;
}

/* Reads the cells of the line up to its end or what follows them (':',
 * '=', '[', '"'); with parts, ':' between two parts (NONET_PART). */
static int cells_of(line *l, int n, int parts, int *cells, int *ncells, nonet_error *err)
{
    for (;;) {
        skip_blanks(l);
        if (at_end(l) || l->s[l->pos] == '=' || l->s[l->pos] == '[' || l->s[l->pos] == '"')
            return NONET_OK;
        if (l->s[l->pos] == ':') {
            if (!parts)
                return NONET_OK; /* the caller says it has no parts */
            if (*ncells >= VARIANT_MAX_LINE + VARIANT_MAX_PARTS)
                return fail(err, l, l->pos, "too many cells and parts");
            cells[(*ncells)++] = NONET_PART;
            l->pos++;
            continue;
        }
        size_t at = l->pos;
        char w[72] = "";
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
                if (*ncells >= VARIANT_MAX_LINE + VARIANT_MAX_PARTS)
                    return fail(err, l, at, "too many cells (at %s)", w);
                cells[(*ncells)++] = (rows[i] - 1) * n + cols[j] - 1;
            }
    }
}

/* An integer at the line's position, a sign allowed: 0 when none there. */
static int integer(line *l, long *x)
{
    size_t at = l->pos;
    int neg = 0;
    if (l->pos < l->len && (l->s[l->pos] == '-' || l->s[l->pos] == '+'))
        neg = l->s[l->pos++] == '-';
    size_t digits = l->pos;
    *x = 0;
    while (l->pos < l->len && isdigit((unsigned char)l->s[l->pos]) && *x <= 1000000)
        *x = 10 * *x + (l->s[l->pos++] - '0');
    if (l->pos == digits || *x > 1000000) {
        l->pos = at;
        return 0;
    }
    *x = neg ? -*x : *x;
    return 1;
}

/* "= NUMBER" if there (*given 1). */
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
    long x;
    if (!integer(l, &x))
        return fail(err, l, at, "expected a number after '='");
    *value = (int)x;
    *given = 1;
    if (!at_end(l))
        return fail(err, l, l->pos, "unexpected text after the number");
    return NONET_OK;
}

/* "[N N ...]": the rule's numbers (blanks or commas between them). */
static int numbers_of(line *l, const char *name, int *values, int *nvalues, int cap,
                      nonet_error *err)
{
    if (!next_is(l, '['))
        return fail(err, l, l->pos, "%s needs its numbers: [N N ...]", name);
    l->pos++;
    for (;;) {
        skip_blanks(l);
        if (l->pos < l->len && l->s[l->pos] == ']') {
            l->pos++;
            return NONET_OK;
        }
        size_t at = l->pos;
        long x;
        if (!integer(l, &x))
            return fail(err, l, at, "expected a number or ']'");
        if (*nvalues == cap)
            return fail(err, l, at, "more than %d numbers", cap);
        values[(*nvalues)++] = (int)x;
    }
}

/* "TEXT": the rule's text, \" and \\ inside for " and \. */
static int text_of(line *l, const char *name, char *text, size_t cap, nonet_error *err)
{
    if (!next_is(l, '"'))
        return fail(err, l, l->pos, "%s needs its text: \"...\"", name);
    size_t at = l->pos++, k = 0;
    for (;;) {
        if (l->pos >= l->len)
            return fail(err, l, at, "a text without its closing '\"'");
        char ch = l->s[l->pos++];
        if (ch == '"')
            break;
        if (ch == '\\' && l->pos < l->len && (l->s[l->pos] == '"' || l->s[l->pos] == '\\'))
            ch = l->s[l->pos++];
        if (k + 1 >= cap)
            return fail(err, l, at, "a text of more than %zu bytes", cap - 1);
        text[k++] = ch;
    }
    text[k] = '\0';
    return NONET_OK;
}

/* An outside clue: "r3" (left of row 3), "c3" (above column 3), or the
 * clue's own cell outside the grid ("r3c0", "r3c10", "r0c3", "r10c3" on
 * 9x9): the row or column from the clue's side into cells. */
static int clue_of(line *l, const char *name, int n, int *cells, int *ncells, nonet_error *err)
{
    skip_blanks(l);
    size_t at = l->pos;
    char w[32] = "";
    word(l, w, sizeof w);
    int r = -1, c = -1;
    char *end;
    if (w[0] == 'r' && isdigit((unsigned char)w[1])) {
        r = (int)strtol(w + 1, &end, 10);
        if (*end == 'c' && isdigit((unsigned char)end[1]))
            c = (int)strtol(end + 1, &end, 10);
        else
            c = 0;
    } else if (w[0] == 'c' && isdigit((unsigned char)w[1])) {
        c = (int)strtol(w + 1, &end, 10);
        r = 0;
    } else {
        end = w;
    }
    int row = (c == 0 || c == n + 1) && r >= 1 && r <= n;
    int col = (r == 0 || r == n + 1) && c >= 1 && c <= n;
    if (*end || !(row || col))
        return fail(err, l, at,
                    "%s needs a row or column: r1 .. or c1 .. (from the left or the top), or its "
                    "clue's cell outside the grid (r1c%d: right of row 1), not '%s'",
                    name, n + 1, w);
    for (int i = 0; i < n; i++) {
        int j = (row ? c : r) == n + 1 ? n - 1 - i : i;
        cells[i] = row ? (r - 1) * n + j : j * n + c - 1;
    }
    *ncells = n;
    return NONET_OK;
}

static int add(nonet_variant *v, const nonet_constraint *c, const line *l, size_t at,
               nonet_error *err)
{
    char why[160];
    int rc = nonet_variant_add(v, c, why, sizeof why);
    if (rc == NONET_EARG)
        return fail(err, l, at, "%s", why);
    if (rc != NONET_OK && err)
        err->code = rc;
    return rc;
}

/* Whether w is the first word of a name of two words or more (a rule's
 * or an alias's in the text form: "negative"). */
static int first_word(const char *w)
{
    size_t k = strlen(w);
    for (int i = 0; i < vrule_count(); i++)
        if (!strncmp(vrule_at(i)->pub.name, w, k) && vrule_at(i)->pub.name[k] == ' ')
            return 1;
    for (int i = 0; valias_at(i); i++)
        if (valias_at(i)->form == VFORM_TEXT && !strncmp(valias_at(i)->word, w, k) &&
            valias_at(i)->word[k] == ' ')
            return 1;
    return 0;
}

/* The rule (*rule) or alias (*alias) named by the line's keyword w, and
 * the word after it when w begins a name of two words (which is then
 * copied into w, "negative white"). Returns NONET_OK or a failure that
 * says what the keyword's words can be. */
static int named(line *l, char *w, size_t cap, size_t at, const vrule **rule, const valias **alias,
                 nonet_error *err)
{
    *rule = vrule_named(w);
    *alias = valias_find(VFORM_TEXT, w);
    if (*rule || *alias)
        return NONET_OK;
    if (!first_word(w))
        return fail(err, l, at, "unknown constraint '%s' (nonet help input lists them)", w);
    size_t k = strlen(w), wat = l->pos;
    char second[32] = "";
    word(l, second, sizeof second);
    char both[72];
    snprintf(both, sizeof both, "%s %s", w, second);
    *rule = vrule_named(both);
    *alias = valias_find(VFORM_TEXT, both);
    if (*rule || *alias) {
        snprintf(w, cap, "%s", both);
        return NONET_OK;
    }
    /* what may follow w */
    char list[512];
    size_t len = 0;
    for (int i = 0; i < vrule_count() && len < sizeof list; i++)
        if (!strncmp(vrule_at(i)->pub.usage, w, k) && vrule_at(i)->pub.usage[k] == ' ')
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "",
                                    vrule_at(i)->pub.usage);
    for (int i = 0; valias_at(i) && len < sizeof list; i++)
        if (valias_at(i)->form == VFORM_TEXT && !strncmp(valias_at(i)->word, w, k) &&
            valias_at(i)->word[k] == ' ')
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "",
                                    valias_at(i)->word);
    return fail(err, l, wat, "%s '%s': write %s", w, second, list);
}

/* A constraint line (its keyword read into w), read as its rule's row
 * says: cells by its shape, numbers, text, value. */
static int constraint_line(nonet_variant *v, line *l, char *w, size_t at, nonet_error *err)
{
    int n = v->grid.n, cells[VARIANT_MAX_LINE + VARIANT_MAX_PARTS], ncells = 0, value = 0,
        given = 0;
    int *values = NULL, nvalues = 0;
    char text[TEXT_CAP];
    const vrule *r;
    const valias *a;
    int rc = named(l, w, 72, at, &r, &a, err);
    if (rc)
        return rc;
    if (a)
        r = vrule_of(a->type);
    const nonet_rule *pub = &r->pub;
    if (pub->shape == NONET_SHAPE_OUTSIDE)
        rc = clue_of(l, w, n, cells, &ncells, err);
    else if (pub->shape != NONET_SHAPE_GLOBAL)
        rc = cells_of(l, n, pub->shape == NONET_SHAPE_PARTS, cells, &ncells, err);
    if (rc)
        return rc;
    if (pub->shape == NONET_SHAPE_GLOBAL && !at_end(l) && !next_is(l, '='))
        return fail(err, l, l->pos, "%s takes nothing after it", w);
    if (next_is(l, ':'))
        return fail(err, l, l->pos, "%s has no parts (':')", w);
    if (pub->values != NONET_VALUES_NONE) {
        values = malloc(2 * (size_t)n * (size_t)n * sizeof *values);
        if (!values)
            return NONET_ENOMEM;
        rc = numbers_of(l, w, values, &nvalues, 2 * n * n, err);
    } else if (next_is(l, '[')) {
        rc = fail(err, l, l->pos, "%s takes no numbers ([...])", w);
    }
    if (!rc && pub->text)
        rc = text_of(l, w, text, sizeof text, err);
    else if (!rc && next_is(l, '"'))
        rc = fail(err, l, l->pos, "%s takes no text (\"...\")", w);
    if (!rc)
        rc = value_of(l, &value, &given, err);
    if (!rc && given && (a || !pub->valued))
        rc = fail(err, l, at, "%s takes no value%s", w, a ? ": its value is fixed" : "");
    if (!rc && !given && !a && pub->valued == 2)
        rc = fail(err, l, at, "%s needs '= NUMBER'", w);
    nonet_constraint c = {a ? a->type : pub->type, a ? a->value : value,   ncells, cells, nvalues,
                          nvalues ? values : NULL, pub->text ? text : NULL};
    if (!rc)
        rc = add(v, &c, l, at, err);
    if (!rc && a && a->type2) {
        c.type = a->type2;
        c.value = a->value2;
        rc = add(v, &c, l, at, err);
    }
    free(values);
    return rc;
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
 * sets *at), or 0. A line is one when its first word names a rule (or an
 * alias, or begins a name of two words) and the rest fits (nothing or
 * '=' for the rules of the whole grid, a row or column for an outside
 * clue, a cell for the others), or when its first word is any word
 * followed by a cell (an unknown constraint, which then fails with its
 * name). */
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
    if (!strcmp(w, "regions") || !strcmp(w, "values"))
        return 1;
    if (first_word(w))
        return 1;
    const vrule *r = vrule_named(w);
    const valias *a = valias_find(VFORM_TEXT, w);
    if (a)
        r = vrule_of(a->type);
    char next[32] = "";
    int end = at_end(l), equals = next_is(l, '=');
    word(l, next, sizeof next);
    l->pos = after;
    if (r && r->pub.shape == NONET_SHAPE_GLOBAL && (end || (equals && r->pub.valued)))
        return 1;
    if (end)
        return 0;
    if (r && r->pub.shape == NONET_SHAPE_OUTSIDE)
        return (next[0] == 'r' || next[0] == 'c') && isdigit((unsigned char)next[1]);
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
    if (variant_iss_kind(text, cap))
        return 1;
    if (i < len && text[i] == '{')
        return fpuzzles_grid(text + i, cap - i);
    if (variant_killer_kind(text, cap))
        return 1;
    for (size_t at = 0; at < cap;) {
        const char *s = text + at, *e = memchr(s, '\n', cap - at);
        size_t ll = e ? (size_t)(e - s) : cap - at;
        line l = {s, ll, 0, 0};
        char w[72] = "";
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
    if (variant_iss_kind(text, len))
        return variant_parse_iss(text, len, out, name, err);
    if ((i < len && text[i] == '{') || is_link(text + i, first))
        return variant_parse_fpuzzles(text, len, out, name, err);
    if (variant_killer_kind(text, len))
        return variant_parse_killer(text, len, out, name, err);
    return variant_parse_text(text, len, out, name, err);
}

/* A values line, "values 0-8" (its word read): the range into *lo, *hi;
 * seen: how many came before it. */
static int values_line(line *l, int *lo, int *hi, int seen, nonet_error *err)
{
    skip_blanks(l);
    size_t at = l->pos;
    int a = 0, b = 0, used = 0;
    char tail[16];
    char buf[32];
    size_t k = l->len - l->pos < sizeof buf - 1 ? l->len - l->pos : sizeof buf - 1;
    memcpy(buf, l->s + l->pos, k);
    buf[k] = '\0';
    char *hash = strchr(buf, '#');
    if (hash)
        *hash = '\0';
    if (seen)
        return fail(err, l, at, "values: given twice");
    if (sscanf(buf, "%d-%d%n", &a, &b, &used) != 2 || sscanf(buf + used, " %15s", tail) == 1 ||
        (a != 0 && a != 1) || b < a || b > 63 + a)
        return fail(err, l, at, "values: expected 0-N or 1-N (values 0-8: the digits 0 to 8)");
    *lo = a;
    *hi = b;
    return NONET_OK;
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
    int lo = 1, hi = 0, values_seen = 0, rc = NONET_OK;
    for (size_t at = 0; at < len && rc == NONET_OK;) {
        const char *s = text + at, *e = memchr(s, '\n', len - at);
        size_t ll = e ? (size_t)(e - s) : len - at;
        line l = {s, ll && s[ll - 1] == '\r' ? ll - 1 : ll, 0, ++number};
        char w[72] = "";
        size_t wat;
        if (classify(&l, w, sizeof w, &wat)) {
            memset(grid + at, ' ', ll);
            if (!strcmp(w, "values"))
                rc = values_line(&l, &lo, &hi, values_seen++, err);
        }
        at += ll + 1;
    }
    nonet_puzzle *p = rc == NONET_OK ? malloc(sizeof *p) : NULL;
    if (rc == NONET_OK && !p)
        rc = NONET_ENOMEM;
    size_t used = 0;
    if (rc == NONET_OK)
        rc = nonet_parse(grid, len, NULL, p, &used);
    if (rc == NONET_OK && lo == 0 && p->grid.n <= NONET_MAX_SYMBOL_SIDE) {
        /* digits from 0: the grid is written in the side's first ones, '0'
         * a digit (read again, now that the side is known) */
        char symbols[NONET_MAX_SYMBOL_SIDE + 1];
        variant_value_symbols(symbols, 0, p->grid.n);
        nonet_read_opts ro = {.symbols = symbols};
        rc = nonet_parse(grid, len, &ro, p, &used);
    }
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
    char why[160];
    if (values_seen && nonet_variant_set_digits(v, lo, hi, why, sizeof why) != NONET_OK) {
        nonet_variant_free(v);
        if (err) {
            *err = (nonet_error){NONET_EARG, 0, 0, ""};
            snprintf(err->message, sizeof err->message, "values: %.150s", why);
        }
        return NONET_EARG;
    }
    number = 0;
    for (size_t at = 0; at < len && rc == NONET_OK;) {
        const char *s = text + at, *e = memchr(s, '\n', len - at);
        size_t ll = e ? (size_t)(e - s) : len - at;
        size_t next = at + ll + (e ? 1 : 0);
        line l = {s, ll && s[ll - 1] == '\r' ? ll - 1 : ll, 0, ++number};
        char w[72] = "";
        size_t wat;
        if (classify(&l, w, sizeof w, &wat)) {
            if (!strcmp(w, "regions"))
                rc = regions_map(v, &l, text, len, &next, &number, err);
            else if (!strcmp(w, "values"))
                rc = NONET_OK; /* read before the grid */
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

static void put(text_buf *t, const char *s)
{
    text_put(t, s, strlen(s));
}

/* The cells of constraint k, " : " between its parts. */
static void put_cells(text_buf *t, const nonet_variant *v, const vcon *k)
{
    int n = v->grid.n;
    const int *cells = vcon_cells(v, k);
    char b[32];
    for (int i = 0; i < k->ncells; i++) {
        if (cells[i] == NONET_PART) {
            put(t, " :");
            continue;
        }
        int len = snprintf(b, sizeof b, " r%dc%d", cells[i] / n + 1, cells[i] % n + 1);
        text_put(t, b, (size_t)len);
    }
}

/* An outside clue's row or column as the reader takes it: r3 and c3 from
 * the left and the top, the clue's cell from the right or the bottom. */
static void put_clue(text_buf *t, const nonet_variant *v, const vcon *k)
{
    int n = v->grid.n;
    const int *cells = vcon_cells(v, k);
    int row = n > 1 && cells[0] / n == cells[1] / n, back = n > 1 && cells[1] < cells[0];
    char b[48];
    if (row)
        snprintf(b, sizeof b, back ? " r%dc%d" : " r%d", cells[0] / n + 1, n + 1);
    else if (back)
        snprintf(b, sizeof b, " r%dc%d", n + 1, cells[0] % n + 1);
    else
        snprintf(b, sizeof b, " c%d", cells[0] % n + 1);
    put(t, b);
}

/* A rule's text quoted, \ before " and \. */
static void put_quoted(text_buf *t, const char *s)
{
    put(t, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            put(t, "\\");
        text_put(t, s, 1);
    }
    put(t, "\"");
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
    /* the grid in the values' symbols, its first n; a given past them (a
     * grid of more digits than its side) is a digits line of its own */
    char symbols[NONET_MAX_SYMBOL_SIDE + 1] = "";
    if (nonet_variant_symbols(v) && n <= NONET_MAX_SYMBOL_SIDE)
        snprintf(symbols, sizeof symbols, "%.*s", n, nonet_variant_symbols(v));
    nonet_grid shown = v->grid;
    for (int c = 0; c < n * n; c++)
        shown.cells[c] = shown.cells[c] > n ? 0 : shown.cells[c];
    nonet_format_opts fo = {'.', symbols, NULL, 0};
    long len = nonet_format_with(&shown, layout, &fo, NULL, 0);
    char *g = len > 0 ? malloc((size_t)len + 1) : NULL;
    if (!g)
        return len < 0 ? len : NONET_ENOMEM;
    nonet_format_with(&shown, layout, &fo, g, (size_t)len + 1);
    text_put(&t, g, (size_t)len);
    free(g);
    if (v->lo != 1 || v->nd != n) {
        char b[64];
        snprintf(b, sizeof b, "values %d-%d\n", v->lo, v->lo + v->nd - 1);
        put(&t, b);
        for (int c = 0; c < n * n; c++)
            if (v->grid.cells[c] > n) {
                snprintf(b, sizeof b, "digits r%dc%d [%d]\n", c / n + 1, c % n + 1,
                         v->grid.cells[c] + v->lo - 1);
                put(&t, b);
            }
    }
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
        const vrule *r = vrule_of(k->type);
        put(&t, r->pub.name);
        if (r->pub.shape == NONET_SHAPE_OUTSIDE)
            put_clue(&t, v, k);
        else
            put_cells(&t, v, k);
        if (k->nvalues) {
            const int *values = vcon_values(v, k);
            put(&t, " [");
            for (int j = 0; j < k->nvalues; j++) {
                snprintf(b, sizeof b, "%s%d",
                         !j                                                  ? ""
                         : r->pub.values == NONET_VALUES_PAIRS && j % 2 == 0 ? ", "
                                                                             : " ",
                         values[j]);
                put(&t, b);
            }
            put(&t, "]");
        }
        if (k->text >= 0) {
            put(&t, " ");
            put_quoted(&t, vcon_text(v, k));
        }
        if (r->pub.valued == 2 || k->value) {
            snprintf(b, sizeof b, " = %d", k->value);
            put(&t, b);
        }
        put(&t, "\n");
    }
    text_end(&t);
    return (long)t.len;
}

/* A JSON string: s between quotes, escaped. */
static void put_json_string(text_buf *t, const char *s)
{
    put(t, "\"");
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        char b[8];
        if (ch == '"' || ch == '\\') {
            b[0] = '\\';
            b[1] = (char)ch;
            text_put(t, b, 2);
        } else if (ch < 0x20) {
            snprintf(b, sizeof b, "\\u%04x", ch);
            put(t, b);
        } else {
            text_put(t, s, 1);
        }
    }
    put(t, "\"");
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
    if (v->lo != 1 || v->nd != n) {
        snprintf(b, sizeof b, "%s{\"type\":\"values\",\"from\":%d,\"to\":%d}", first ? "" : ",",
                 v->lo, v->lo + v->nd - 1);
        put(&t, b);
        first = 0;
    }
    for (int i = 0; i < v->ncons; i++, first = 0) {
        const vcon *k = &v->cons[i];
        snprintf(b, sizeof b, "%s{\"type\":\"%s\"", first ? "" : ",", vrule_of(k->type)->pub.name);
        put(&t, b);
        if (k->ncells) {
            const int *cells = vcon_cells(v, k);
            int parts = vrule_of(k->type)->pub.shape == NONET_SHAPE_PARTS;
            put(&t, parts ? ",\"cells\":[[" : ",\"cells\":[");
            for (int j = 0; j < k->ncells; j++) {
                if (cells[j] == NONET_PART) {
                    put(&t, "],[");
                    continue;
                }
                int c = cells[j], lead = !j || cells[j - 1] == NONET_PART;
                snprintf(b, sizeof b, "%s\"r%dc%d\"", lead ? "" : ",", c / n + 1, c % n + 1);
                put(&t, b);
            }
            put(&t, parts ? "]]" : "]");
        }
        if (k->value || vrule_of(k->type)->pub.valued == 2) {
            snprintf(b, sizeof b, ",\"value\":%d", k->value);
            put(&t, b);
        }
        if (k->nvalues) {
            put(&t, ",\"values\":[");
            for (int j = 0; j < k->nvalues; j++) {
                snprintf(b, sizeof b, "%s%d", j ? "," : "", vcon_values(v, k)[j]);
                put(&t, b);
            }
            put(&t, "]");
        }
        if (k->text >= 0) {
            put(&t, ",\"text\":");
            put_json_string(&t, vcon_text(v, k));
        }
        put(&t, "}");
    }
    put(&t, "]");
    text_end(&t);
    return (long)t.len;
}
