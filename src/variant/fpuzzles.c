/* fpuzzles.c - the f-puzzles format: its JSON (size, grid of cells with
 * value/given/region, global switches, arrays of elements; its cosmetic
 * drawings kept, never taken as rules), and links that carry it
 * LZ-string compressed in base64: f-puzzles' ?load=, SudokuPad's
 * fpuzzles / fpuz prefixes, or the bare payload. */
#include "variant/json.h"
#include "variant/lzstring.h"
#include "variant/variant.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_JSON_UNITS (8u << 20)

typedef struct reader {
    const json_doc *d;
    const char *text; /* the JSON text d was read from (a drawing's own text) */
    nonet_variant *v;
    nonet_error *err;
    int n;
} reader;

__attribute__((format(printf, 2, 3))) static int fail(nonet_error *err, const char *fmt, ...)
{
    if (err) {
        err->code = NONET_EARG;
        err->line = err->column = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return NONET_EARG;
}

/* "R3C4" (1-based; 0 and n+1 for the clues outside) into row and column. */
static int cell_ref(const char *s, int *r, int *c)
{
    if (!s || (s[0] != 'R' && s[0] != 'r'))
        return -1;
    char *end;
    long row = strtol(s + 1, &end, 10);
    if (end == s + 1 || (*end != 'C' && *end != 'c'))
        return -1;
    const char *cs = end + 1;
    long col = strtol(cs, &end, 10);
    if (end == cs || *end)
        return -1;
    *r = (int)row;
    *c = (int)col;
    return 0;
}

/* The cells of a JSON array of "RxCy" strings into cells (at most cap),
 * in the grid. Returns how many, or -1 (reported). */
static int cell_list(reader *x, const json_node *arr, const char *what, int *cells, int cap)
{
    if (!arr || arr->type != JSON_ARRAY)
        return fail(x->err, "%s: no cells", what), -1;
    int k = 0;
    for (const json_node *e = json_first(x->d, arr); e; e = json_next(x->d, e)) {
        int r, c;
        if (cell_ref(json_str(x->d, e), &r, &c) || r < 1 || r > x->n || c < 1 || c > x->n)
            return fail(x->err, "%s: '%s' is no cell of the grid", what,
                        json_str(x->d, e) ? json_str(x->d, e) : "?"),
                   -1;
        if (k == cap)
            return fail(x->err, "%s: too many cells", what), -1;
        cells[k++] = (r - 1) * x->n + c - 1;
    }
    return k;
}

static int add(reader *x, nonet_constraint_type type, int value, const int *cells, int ncells,
               const char *what)
{
    char why[160];
    nonet_constraint c = {type, value, ncells, cells, 0, NULL, NULL};
    int rc = nonet_variant_add(x->v, &c, why, sizeof why);
    if (rc == NONET_EARG)
        return fail(x->err, "%s: %s", what, why);
    return rc;
}

/* A rule of the whole grid, once however often the file says it (the
 * negative difference's value is 1: f-puzzles' non-consecutive and
 * "negative": ["difference"] are the same rule). */
static int add_rule(reader *x, nonet_constraint_type type, int value, const char *what)
{
    for (int i = 0; i < nonet_variant_count_constraints(x->v); i++) {
        nonet_constraint c;
        if (nonet_variant_get(x->v, i, &c) == NONET_OK && c.type == type && c.value == value)
            return NONET_OK;
    }
    return add(x, type, value, NULL, 0, what);
}

/* An element's "value" as a number; dflt when absent or empty. */
static int value_of(reader *x, const json_node *e, int dflt, int *out, const char *what)
{
    const json_node *v = json_member(x->d, e, "value");
    if (!v || v->type == JSON_NULL || (v->type == JSON_STRING && !v->len)) {
        *out = dflt;
        return 0;
    }
    if (json_int(x->d, v, out))
        return fail(x->err, "%s: value '%s' is no number", what,
                    json_str(x->d, v) ? json_str(x->d, v) : "?");
    return 0;
}

static int by_reading_order(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* One element of an arrow: its bulb, NONET_PART, its shaft (the cells of
 * its lines less the bulb's), into cells; how many. */
static int arrow_cells(reader *x, const json_node *e, const char *key, int *cells)
{
    int bulb = cell_list(x, json_member(x->d, e, "cells"), key, cells, 4);
    if (bulb < 0)
        return -1;
    qsort(cells, (size_t)bulb, sizeof *cells, by_reading_order);
    int k = bulb;
    cells[k++] = NONET_PART;
    const json_node *lines = json_member(x->d, e, "lines");
    for (const json_node *l = json_first(x->d, lines); l; l = json_next(x->d, l)) {
        int line[VARIANT_MAX_LINE], m = cell_list(x, l, key, line, VARIANT_MAX_LINE);
        if (m < 0)
            return -1;
        for (int i = 0; i < m; i++) {
            int seen = 0;
            for (int j = 0; j < k && !seen; j++)
                seen = cells[j] == line[i];
            if (!seen && k < VARIANT_MAX_LINE + 1)
                cells[k++] = line[i];
        }
    }
    return k;
}

/* An outside clue's row or column from the clue's side: "R3C0" left of
 * row 3, "R3C10" right of it (9x9), "R0C3" above column 3 ... */
static int clue_cells(reader *x, const char *key, const char *s, int *cells)
{
    int r, c, n = x->n;
    if (cell_ref(s, &r, &c))
        return fail(x->err, "%s: no clue cell", key), -1;
    int row = c == 0 || c == n + 1, col = r == 0 || r == n + 1;
    if (row == col || (row && (r < 1 || r > n)) || (col && (c < 1 || c > n)))
        return fail(x->err, "%s: '%s' is no clue beside a row or column", key, s), -1;
    for (int i = 0; i < n; i++) {
        int j = (row ? c : r) == n + 1 ? n - 1 - i : i;
        cells[i] = row ? (r - 1) * n + j : j * n + c - 1;
    }
    return n;
}

/* An element array of rule r under key, each element read as r's row
 * says (vrule.fp). */
static int elements(reader *x, const vrule *r, const char *key, const json_node *arr)
{
    int cells[VARIANT_MAX_LINE * 2], k, value, rc = 0;
    nonet_constraint_type type = r->pub.type;
    if (arr->type != JSON_ARRAY)
        return fail(x->err, "\"%s\" is not an array", key);
    for (const json_node *e = json_first(x->d, arr); e && !rc; e = json_next(x->d, e)) {
        switch (r->fp) {
        case VFP_CELLS: /* the value read where the rule takes one */
            value = 0;
            if ((k = cell_list(x, json_member(x->d, e, "cells"), key, cells, VARIANT_MAX_LINE)) <
                    0 ||
                (r->pub.valued && value_of(x, e, r->fp_value, &value, key)))
                return NONET_EARG;
            rc = add(x, type, value, cells, k, key);
            break;
        case VFP_LITTLE:
            if ((k = cell_list(x, json_member(x->d, e, "cells"), key, cells, VARIANT_MAX_LINE)) <
                    0 ||
                value_of(x, e, 0, &value, key))
                return NONET_EARG;
            if (value > 0) /* a clue without a sum says nothing */
                rc = add(x, type, value, cells, k, key);
            break;
        case VFP_XV: {
            if ((k = cell_list(x, json_member(x->d, e, "cells"), key, cells, 2)) < 0)
                return NONET_EARG;
            const char *s = json_str(x->d, json_member(x->d, e, "value"));
            if (!s || (strcmp(s, "X") != 0 && strcmp(s, "V") != 0 && strcmp(s, "x") != 0 &&
                       strcmp(s, "v") != 0))
                return fail(x->err, "%s: value '%s' is neither X nor V", key, s ? s : "?");
            rc = add(x, type, s[0] == 'X' || s[0] == 'x' ? 10 : 5, cells, k, key);
            break;
        }
        case VFP_LINES: {
            const json_node *lines = json_member(x->d, e, "lines");
            value = 0;
            if (r->pub.valued && value_of(x, e, r->fp_value, &value, key))
                return NONET_EARG;
            for (const json_node *l = json_first(x->d, lines); l && !rc; l = json_next(x->d, l)) {
                if ((k = cell_list(x, l, key, cells, VARIANT_MAX_LINE)) < 0)
                    return NONET_EARG;
                rc = add(x, type, value, cells, k, key);
            }
            break;
        }
        case VFP_ARROW:
            if ((k = arrow_cells(x, e, key, cells)) < 0)
                return NONET_EARG;
            rc = add(x, type, 0, cells, k, key);
            break;
        case VFP_OUTSIDE:
            if ((k = clue_cells(x, key, json_str(x->d, json_member(x->d, e, "cell")), cells)) < 0 ||
                value_of(x, e, -1, &value, key))
                return NONET_EARG;
            if (value >= 0)
                rc = add(x, type, value, cells, k, key);
            break;
        case VFP_CELL: {
            int row, col;
            const char *s = json_str(x->d, json_member(x->d, e, "cell"));
            if (cell_ref(s, &row, &col) || row < 1 || row > x->n || col < 1 || col > x->n)
                return fail(x->err, "%s: '%s' is no cell of the grid", key, s ? s : "?");
            cells[0] = (row - 1) * x->n + col - 1;
            rc = add(x, type, 0, cells, 1, key);
            break;
        }
        case VFP_QUAD: { /* its cells and its digits, numbers */
            int digits[VARIANT_MAX_LINE], nd = 0;
            if ((k = cell_list(x, json_member(x->d, e, "cells"), key, cells, VARIANT_MAX_LINE)) < 0)
                return NONET_EARG;
            const json_node *values = json_member(x->d, e, "values");
            for (const json_node *d = json_first(x->d, values); d; d = json_next(x->d, d))
                if (nd == VARIANT_MAX_LINE || json_int(x->d, d, &digits[nd++]))
                    return fail(x->err, "%s: a value that is no digit", key);
            char why[160];
            nonet_constraint c = {type, 0, k, cells, nd, digits, NULL};
            if (nd && (rc = nonet_variant_add(x->v, &c, why, sizeof why)) == NONET_EARG)
                return fail(x->err, "%s: %s", key, why);
            break;
        }
        case VFP_CLONE: /* "cells", NONET_PART, "cloneCells" */
            if ((k = cell_list(x, json_member(x->d, e, "cells"), key, cells, VARIANT_MAX_LINE)) < 0)
                return NONET_EARG;
            cells[k] = NONET_PART;
            if ((value = cell_list(x, json_member(x->d, e, "cloneCells"), key, cells + k + 1,
                                   2 * VARIANT_MAX_LINE - k - 1)) < 0)
                return NONET_EARG;
            rc = add(x, type, 0, cells, k + 1 + value, key);
            break;
        default:
            return fail(x->err, "\"%s\" holds no elements", key);
        }
    }
    return rc;
}

/* The constraints of a word of f-puzzles' "negative" list: a row's
 * ("negative:ratio") or an alias's. */
static int negative(reader *x, const char *word)
{
    char key[64];
    snprintf(key, sizeof key, "negative:%s", word ? word : "");
    const vrule *r = vrule_fpuzzles(key);
    if (r) {
        int rc = add_rule(x, r->pub.type, r->fp_value, "negative");
        return rc || !r->fp_value2 ? rc : add_rule(x, r->pub.type, r->fp_value2, "negative");
    }
    const valias *a = valias_find(VFORM_FPUZZLES, key);
    if (a) {
        int rc = add_rule(x, a->type, a->value, "negative");
        return rc || !a->type2 ? rc : add_rule(x, a->type2, a->value2, "negative");
    }
    return fail(x->err, "f-puzzles: the negative constraint '%s' is not one nonet knows",
                word ? word : "?");
}

/* ------------------------------------------------------------ drawings */

/* f-puzzles' drawings, cosmetic there: the key of each kind (vdraw_kind's
 * order). */
static const char *const drawing_keys[VD_KINDS] = {"line", "circle", "rectangle", "cage", "text"};

/* The key of the rule that a drawing of the f-puzzles constraint
 * extension draws, from its "fromConstraint" (the extension's name of the
 * rule): the name lowercased without its spaces, as the extension makes
 * its keys, into key (cap bytes); the whispers it exports under
 * "whispers", whatever their kind. */
static void rule_key(const char *name, char *key, size_t cap)
{
    for (int i = 0; i < vrule_count(); i++) /* a rule nonet knows: its row says */
        if (vrule_at(i)->fp_from && !strcmp(vrule_at(i)->fp_from, name)) {
            snprintf(key, cap, "%s", vrule_at(i)->pub.fpuzzles);
            return;
        }
    static const char *const aliases[][2] = {{"Whispers", "whispers"},
                                             {"German Whispers", "whispers"},
                                             {"Dutch Whispers", "whispers"},
                                             {"Entropic", "entropicline"}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcmp(name, aliases[i][0])) {
            snprintf(key, cap, "%s", aliases[i][1]);
            return;
        }
    size_t k = 0;
    for (const char *c = name; *c && k + 1 < cap; c++)
        if (*c != ' ')
            key[k++] = (char)tolower((unsigned char)*c);
    key[k] = '\0';
}

/* The rule a drawing draws, by the constraint extension: its
 * "fromConstraint", or for a line of its first versions
 * ("isNewConstraint": true), the rule its colour stood for; NULL when
 * none. */
static const char *drawn_rule(const reader *x, const json_node *e)
{
    const char *from = json_str(x->d, json_member(x->d, e, "fromConstraint"));
    if (from && *from)
        return from;
    const json_node *old = json_member(x->d, e, "isNewConstraint");
    if (!old || old->type != JSON_BOOL || !old->num)
        return NULL;
    const char *colour = json_str(x->d, json_member(x->d, e, "outlineC"));
    if (!colour)
        colour = json_str(x->d, json_member(x->d, e, "color"));
    return !colour                      ? "Entropic"
           : !strcmp(colour, "#C060C0") ? "Renban"
           : !strcmp(colour, "#67F067") ? "Whispers"
           : !strcmp(colour, "#6495ED") ? "Slow Thermometer"
                                        : "Entropic";
}

int variant_fpuzzles_drawn_key(const char *json, size_t len, char *key, size_t cap)
{
    json_doc d;
    size_t where;
    const char *why;
    if (json_parse(json, len, &d, &where, &why))
        return -1;
    reader x = {&d, json, NULL, NULL, 0};
    const char *rule = d.nodes[0].type == JSON_OBJECT ? drawn_rule(&x, &d.nodes[0]) : NULL;
    if (rule)
        rule_key(rule, key, cap);
    json_free(&d);
    return rule != NULL;
}

/* Whether a member says nothing: false, null, "", [] or {}. */
static int empty(const json_node *v)
{
    return v->type == JSON_NULL || (v->type == JSON_BOOL && !v->num) ||
           (v->type == JSON_STRING && !v->len) ||
           ((v->type == JSON_ARRAY || v->type == JSON_OBJECT) && !v->count);
}

/* A growing list of (row, column) pairs. */
typedef struct pairs {
    int *at;
    int len, cap; /* in pairs */
} pairs;

static int push_pair(pairs *p, int r, int c)
{
    if (p->len == p->cap) {
        int ncap = p->cap ? 2 * p->cap : 64;
        int *grown = realloc(p->at, 2 * (size_t)ncap * sizeof *grown);
        if (!grown)
            return -1;
        p->at = grown;
        p->cap = ncap;
    }
    int *pair = p->at + 2 * (size_t)p->len;
    pair[0] = r;
    pair[1] = c;
    p->len++;
    return 0;
}

/* The cells of a drawing's array of "RxCy" strings appended to p: 1-based,
 * 0 and n + 1 the frame outside the grid, where f-puzzles draws too.
 * Returns NONET_OK, NONET_EARG (reported) or NONET_ENOMEM. */
static int drawing_cells(reader *x, const json_node *arr, const char *key, pairs *p)
{
    if (!arr || arr->type != JSON_ARRAY)
        return fail(x->err, "%s: no cells", key);
    for (const json_node *e = json_first(x->d, arr); e; e = json_next(x->d, e)) {
        int r, c;
        const char *s = json_str(x->d, e);
        if (cell_ref(s, &r, &c) || r < 0 || r > x->n + 1 || c < 0 || c > x->n + 1)
            return fail(x->err, "%s: '%s' is no cell of the grid or its frame", key, s ? s : "?");
        if (push_pair(p, r, c))
            return NONET_ENOMEM;
    }
    return NONET_OK;
}

/* One drawing (e, of kind) into the variant: its cells (a line's
 * polylines with -1 -1 between them), its words, its own text. */
static int drawing(reader *x, vdraw_kind kind, const json_node *e, int copy, pairs *p)
{
    const char *key = drawing_keys[kind];
    int rc = NONET_OK;
    p->len = 0;
    if (kind == VD_LINE) {
        const json_node *lines = json_member(x->d, e, "lines");
        if (!lines || lines->type != JSON_ARRAY)
            return fail(x->err, "line: no \"lines\"");
        for (const json_node *l = json_first(x->d, lines); l && rc == NONET_OK;
             l = json_next(x->d, l)) {
            if (p->len && push_pair(p, -1, -1))
                return NONET_ENOMEM;
            rc = drawing_cells(x, l, key, p);
        }
    } else {
        rc = drawing_cells(x, json_member(x->d, e, "cells"), key, p);
    }
    if (rc != NONET_OK)
        return rc;
    const json_node *value = json_member(x->d, e, "value");
    char number[64] = "";
    const char *words = json_str(x->d, value);
    if (!words && value && value->type == JSON_NUMBER) {
        snprintf(number, sizeof number, "%.*s", (int)value->span, x->text + value->at);
        words = number;
    }
    return variant_add_drawing(x->v, kind, p->at, p->len, words, x->text + e->at, e->span, copy);
}

/* A drawing array (key one of drawing_keys): each element kept in the
 * variant as a drawing, never as a rule. One that the constraint
 * extension drew for a rule whose own key the file lacks is a lost rule:
 * an error that names it. */
static int drawings(reader *x, const json_node *root, vdraw_kind kind, const json_node *arr)
{
    const char *key = drawing_keys[kind];
    if (arr->type != JSON_ARRAY)
        return fail(x->err, "\"%s\" is not an array", key);
    pairs p = {NULL, 0, 0};
    int rc = NONET_OK;
    for (const json_node *e = json_first(x->d, arr); e && rc == NONET_OK; e = json_next(x->d, e)) {
        if (e->type != JSON_OBJECT) {
            rc = fail(x->err, "%s: an element that is no object", key);
            break;
        }
        const char *rule = drawn_rule(x, e);
        if (rule) {
            char rkey[64];
            rule_key(rule, rkey, sizeof rkey);
            const json_node *there = json_member(x->d, root, rkey);
            if (!there || empty(there)) {
                rc = fail(x->err,
                          "f-puzzles: a \"%s\" drawn for the rule \"%s\", but the file has no "
                          "\"%s\": a lost rule (saved without the constraint extension?)",
                          key, rule, rkey);
                break;
            }
        }
        rc = drawing(x, kind, e, rule != NULL, &p);
    }
    free(p.at);
    return rc;
}

/* Keys that hold no rule. */
static int metadata(const char *key)
{
    static const char *const keys[] = {"size",
                                       "title",
                                       "author",
                                       "ruleset",
                                       "grid",
                                       "solution",
                                       "highlightConflicts",
                                       "disabledlogic",
                                       "truecandidatesoptions",
                                       "fogofwar",
                                       "spacing"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(keys[i], key))
            return 1;
    return 0;
}

static int read_json(const char *text, size_t len, nonet_variant **out, char *name,
                     nonet_error *err)
{
    json_doc d;
    size_t where;
    const char *why;
    if (json_parse(text, len, &d, &where, &why)) {
        long line = 1, col = 1;
        for (size_t i = 0; i < where && i < len; i++, col++)
            if (text[i] == '\n')
                line++, col = 0;
        fail(err, "f-puzzles JSON: %s", why);
        if (err) {
            err->line = line;
            err->column = col;
        }
        return NONET_EARG;
    }
    const json_node *root = &d.nodes[0];
    reader x = {&d, text, NULL, err, 0};
    int rc = NONET_OK;
    const json_node *size = json_member(&d, root, "size"), *grid = json_member(&d, root, "grid");
    int n;
    if (root->type != JSON_OBJECT || json_int(&d, size, &n) || n < 1 || n > NONET_MAX_SIDE) {
        rc = fail(err, "f-puzzles JSON: no \"size\" from 1 to %d", NONET_MAX_SIDE);
        goto done;
    }
    x.n = n;
    nonet_grid g;
    int br, bc;
    nonet_default_shape(n, &br, &bc);
    nonet_grid_init(&g, br, bc);
    uint8_t region[NONET_MAX_CELLS];
    int has_regions = 0;
    const json_node *row = json_first(&d, grid);
    for (int r = 0; r < n; r++, row = row ? json_next(&d, row) : NULL) {
        if (!row || row->type != JSON_ARRAY || row->count != n) {
            rc = fail(err, "f-puzzles JSON: \"grid\" row %d is not %d cells", r + 1, n);
            goto done;
        }
        const json_node *cell = json_first(&d, row);
        for (int c = 0; c < n; c++, cell = json_next(&d, cell)) {
            int val = 0, reg;
            const json_node *given = json_member(&d, cell, "given");
            if (given && given->type == JSON_BOOL && given->num &&
                (json_int(&d, json_member(&d, cell, "value"), &val) || val < 1 || val > n)) {
                rc = fail(err, "f-puzzles JSON: r%dc%d: a given that is no digit 1 to %d", r + 1,
                          c + 1, n);
                goto done;
            }
            g.cells[r * n + c] = given && given->type == JSON_BOOL && given->num ? (uint8_t)val : 0;
            const json_node *rn = json_member(&d, cell, "region");
            if (rn && rn->type != JSON_NULL) {
                if (json_int(&d, rn, &reg) || reg < 0 || reg >= n) {
                    rc = fail(err, "f-puzzles JSON: r%dc%d: region is no number 0 to %d", r + 1,
                              c + 1, n - 1);
                    goto done;
                }
                region[r * n + c] = (uint8_t)reg;
                has_regions = 1;
            } else {
                region[r * n + c] = (uint8_t)(r / br * (n / bc) + c / bc);
            }
        }
    }
    x.v = nonet_variant_new(&g);
    if (!x.v) {
        rc = NONET_ENOMEM;
        goto done;
    }
    char why_regions[128];
    if (has_regions && nonet_variant_set_regions(x.v, region, why_regions, sizeof why_regions)) {
        rc = fail(err, "f-puzzles JSON: the regions: %s", why_regions);
        goto done;
    }
    for (const json_node *m = json_first(&d, root); m && !rc; m = json_next(&d, m)) {
        const char *key = json_key(&d, m);
        const vrule *r = vrule_fpuzzles(key);
        if (r && r->fp == VFP_GLOBAL) {
            if (m->type == JSON_BOOL && m->num)
                rc = add_rule(&x, r->pub.type, r->fp_value, key);
            continue;
        }
        if (metadata(key) || empty(m))
            continue;
        int drawn = -1;
        for (int k = 0; k < VD_KINDS; k++)
            if (!strcmp(key, drawing_keys[k]))
                drawn = k;
        if (drawn >= 0) {
            rc = drawings(&x, root, (vdraw_kind)drawn, m);
        } else if (!strcmp(key, "negative")) {
            if (m->type != JSON_ARRAY)
                rc = fail(err, "\"negative\" is not an array");
            for (const json_node *e = json_first(&d, m); e && !rc; e = json_next(&d, e))
                rc = negative(&x, json_str(&d, e));
        } else if (r) {
            rc = elements(&x, r, key, m);
        } else {
            rc = fail(err,
                      "f-puzzles: the constraint \"%s\" is not one nonet knows yet "
                      "(nonet help input lists those it does)",
                      key);
        }
    }
    if (rc == NONET_OK && name) {
        const char *title = json_str(&d, json_member(&d, root, "title"));
        snprintf(name, NONET_MAX_NAME + 1, "%s", title ? title : "");
    }
done:
    if (rc == NONET_OK)
        *out = x.v;
    else
        nonet_variant_free(x.v);
    json_free(&d);
    return rc;
}

/* Whether s[0..n) holds word. */
static int contains(const char *s, size_t n, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= n; i++)
        if (!strncmp(s + i, word, k))
            return 1;
    return 0;
}

int variant_parse_fpuzzles(const char *text, size_t len, nonet_variant **out, char *name,
                           nonet_error *err)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    if (i < len && text[i] == '{')
        return read_json(text + i, len - i, out, name, err);
    /* a link: the payload after load=, fpuzzles or fpuz, up to the end of
     * the word (or '&' or '#') */
    size_t end = i;
    while (end < len && !isspace((unsigned char)text[end]))
        end++;
    const char *s = text + i;
    size_t n = end - i, from = 0;
    static const char *const marks[] = {"load=", "fpuzzles", "fpuz"};
    for (size_t m = 0; m < 3 && !from; m++) {
        size_t k = strlen(marks[m]);
        for (size_t j = 0; j + k <= n; j++)
            if (!strncmp(s + j, marks[m], k)) {
                from = j + k;
                break;
            }
    }
    if (!from) {
        static const char *const own[] = {"scl", "ctc", "sclN"};
        for (size_t m = 0; m < 3; m++)
            if (contains(s, n, "sudokupad") && contains(s, n, own[m]))
                return fail(err, "a SudokuPad link in SudokuPad's own format: it draws the "
                                 "constraints as shapes with the rules in prose, which nonet "
                                 "cannot read (links whose payload is f-puzzles, fpuzzles... or "
                                 "fpuz..., it can)");
        if (contains(s, n, "sudokupad") || contains(s, n, "crackingthecryptic"))
            return fail(err, "a SudokuPad link without an f-puzzles payload: nonet reads "
                             "only the fpuzzles/fpuz ones");
    }
    char *payload = malloc(n - from + 1);
    if (!payload)
        return NONET_ENOMEM;
    size_t k = 0;
    for (size_t j = from; j < n && s[j] != '&' && s[j] != '#'; j++) {
        if (s[j] == '%' && j + 2 < n && isxdigit((unsigned char)s[j + 1]) &&
            isxdigit((unsigned char)s[j + 2])) {
            char hex[3] = {s[j + 1], s[j + 2], 0};
            payload[k++] = (char)strtol(hex, NULL, 16);
            j += 2;
        } else {
            payload[k++] = s[j];
        }
    }
    size_t json_len;
    char *json = lz_decompress_base64(payload, k, MAX_JSON_UNITS, &json_len);
    free(payload);
    if (!json)
        return fail(err, "the link's payload is no f-puzzles data (LZ-string in base64)");
    int rc = read_json(json, json_len, out, name, err);
    free(json);
    return rc;
}
