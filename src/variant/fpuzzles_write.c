/* fpuzzles_write.c - a variant written as f-puzzles JSON, or as an
 * f-puzzles link (its ?load= carries the JSON in LZ-string's base64): the
 * givens and regions, each rule as its row says f-puzzles holds it
 * (vrule.fp: one writer for every row, no rule named here), the drawings
 * kept from an f-puzzles file as that file wrote them, and beside each
 * rule of the f-puzzles constraint extension (vrule.fp_from) the cosmetic
 * copy that the extension draws for f-puzzles without it. A constraint
 * that f-puzzles cannot hold whole is refused with its name, never left
 * out or only drawn: what is written is read back (fpuzzles.c) and
 * compared before it is given out. */
#include "variant/lzstring.h"
#include "variant/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define LINK_PREFIX "https://www.f-puzzles.com/?load="
#define COPY_GREY "#A0A0A0"

/* f-puzzles' drawing keys, in vdraw_kind's order (as fpuzzles.c reads them). */
static const char *const drawing_keys[VD_KINDS] = {"line", "circle", "rectangle", "cage", "text"};

/* ------------------------------------------------------------ the text being written */

typedef struct out {
    char *s;
    size_t len, cap;
    int oom;
} out;

static void put_n(out *o, const char *s, size_t n)
{
    if (o->oom)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *grown = realloc(o->s, cap);
        if (!grown) {
            o->oom = 1;
            return;
        }
        o->s = grown;
        o->cap = cap;
    }
    memcpy(o->s + o->len, s, n);
    o->len += n;
    o->s[o->len] = '\0';
}

static void put(out *o, const char *s)
{
    put_n(o, s, strlen(s));
}

/* A short piece (a cell, a number). */
__attribute__((format(printf, 2, 3))) static void putf(out *o, const char *fmt, ...)
{
    char b[96];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (n > 0)
        put_n(o, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* A JSON string: s quoted, '"', '\' and control characters escaped. */
static void put_string(out *o, const char *s)
{
    put(o, "\"");
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            putf(o, "\\%c", ch);
        else if (ch < 0x20 || ch == 0x7F)
            putf(o, "\\u%04x", ch);
        else
            put_n(o, s, 1);
    }
    put(o, "\"");
}

/* Cell c as f-puzzles names it, quoted: "R3C4". */
static void put_cell(out *o, int n, int c)
{
    putf(o, "\"R%dC%d\"", c / n + 1, c % n + 1);
}

/* cells[0 .. len) as a JSON array of names. */
static void put_cells(out *o, int n, const int *cells, int len)
{
    put(o, "[");
    for (int i = 0; i < len; i++) {
        if (i)
            put(o, ",");
        put_cell(o, n, cells[i]);
    }
    put(o, "]");
}

/* ------------------------------------------------------------ the writer */

typedef struct writer {
    const nonet_variant *v;
    int n;
    out o;
    char why[352];     /* the refusal: 22 + 127 + 2 + 191 bytes at most */
    const char **keys; /* the members written so far (not the drawings) */
    int nkeys;
} writer;

/* An outside clue's row or column as the text form names it: r3 from the
 * left, c3 from the top, the clue's own cell from the right (r3c10 on
 * 9x9) or the bottom. */
static void clue_words(int n, const int *cells, char *b, size_t cap)
{
    int row = n == 1 || cells[0] / n == cells[1] / n, back = n > 1 && cells[1] < cells[0];
    if (row && back)
        snprintf(b, cap, "r%dc%d", cells[0] / n + 1, n + 1);
    else if (row)
        snprintf(b, cap, "r%d", cells[0] / n + 1);
    else if (back)
        snprintf(b, cap, "r%dc%d", n + 1, cells[0] % n + 1);
    else
        snprintf(b, cap, "c%d", cells[0] % n + 1);
}

/* Constraint k as the text form begins it: its rule's name, its first
 * cells (an outside clue's row or column), its value. */
static void describe(const nonet_variant *v, const vcon *k, char *b, size_t cap)
{
    const vrule *r = vrule_of(k->type);
    const int *cells = vcon_cells(v, k);
    int n = v->grid.n;
    size_t len = (size_t)snprintf(b, cap, "%s", r ? r->pub.name : "?");
    if (r && r->pub.shape == NONET_SHAPE_OUTSIDE && k->ncells) {
        char clue[32];
        clue_words(n, cells, clue, sizeof clue);
        len += (size_t)snprintf(b + len, len < cap ? cap - len : 0, " %s", clue);
    } else {
        for (int i = 0; i < k->ncells && i < 6 && len < cap; i++)
            len += cells[i] == NONET_PART ? (size_t)snprintf(b + len, cap - len, " :")
                                          : (size_t)snprintf(b + len, cap - len, " r%dc%d",
                                                             cells[i] / n + 1, cells[i] % n + 1);
        if (k->ncells > 6 && len < cap)
            len += (size_t)snprintf(b + len, cap - len, " ...");
    }
    if (r && (r->pub.valued == 2 || k->value) && len < cap)
        snprintf(b + len, cap - len, " = %d", k->value);
}

/* Refuses constraint k: "f-puzzles cannot hold KEYWORD CELLS = V: why". */
__attribute__((format(printf, 3, 4))) static int refuse(writer *w, const vcon *k, const char *fmt,
                                                        ...)
{
    char what[128], because[192];
    describe(w->v, k, what, sizeof what);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(because, sizeof because, fmt, ap);
    va_end(ap);
    snprintf(w->why, sizeof w->why, "f-puzzles cannot hold %s: %s", what, because);
    return NONET_EARG;
}

/* Whether v has a constraint of type with value. */
static int has(const nonet_variant *v, nonet_constraint_type type, int value)
{
    for (int i = 0; i < v->ncons; i++)
        if (v->cons[i].type == type && v->cons[i].value == value)
            return 1;
    return 0;
}

/* A little killer's clue: the cells must be a whole diagonal, from a cell
 * of the frame around the grid (the clue) to the far edge. Its row and
 * column (1-based, 0 and n + 1 the frame) and f-puzzles' direction;
 * returns 0, or -1 when the cells are no such diagonal. */
static int little_clue(int n, const int *cells, int len, int *row, int *col, const char **dir)
{
    static const struct {
        int dr, dc;
        const char *name;
    } dirs[] = {{1, 1, "DR"}, {1, -1, "DL"}, {-1, 1, "UR"}, {-1, -1, "UL"}};
    int r0 = cells[0] / n, c0 = cells[0] % n;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        int dr = dirs[d].dr, dc = dirs[d].dc, ok = 1;
        for (int i = 1; i < len && ok; i++) {
            int r = r0 + i * dr, c = c0 + i * dc;
            ok = r >= 0 && r < n && c >= 0 && c < n && cells[i] == r * n + c;
        }
        int pr = r0 - dr, pc = c0 - dc, er = r0 + len * dr, ec = c0 + len * dc;
        if (ok && (pr < 0 || pr >= n || pc < 0 || pc >= n) &&
            (er < 0 || er >= n || ec < 0 || ec >= n)) {
            *row = pr + 1;
            *col = pc + 1;
            *dir = dirs[d].name;
            return 0;
        }
    }
    return -1;
}

/* Where an arrow's bulb ends (the index of NONET_PART in its cells). */
static int bulb_end(const int *cells, int ncells)
{
    int b = 0;
    while (b < ncells && cells[b] != NONET_PART)
        b++;
    return b;
}

/* Whether constraint k can be written as its row says f-puzzles holds
 * it: 0, or NONET_EARG with the sentence in w->why. */
static int check(writer *w, const vcon *k)
{
    const vrule *r = vrule_of(k->type);
    const int *cells = vcon_cells(w->v, k);
    int n = w->n;
    if (!r || r->fp == VFP_NONE || !r->pub.fpuzzles[0])
        return refuse(w, k,
                      "f-puzzles has no such rule (refused rather than drawn, which would read "
                      "back as a puzzle without it; nonet's text form holds it)");
    const char *key = r->pub.fpuzzles;
    switch (r->fp) {
    case VFP_GLOBAL:
        if (k->value != r->fp_value)
            return refuse(w, k, "its key \"%s\" stands for %s = %d only", key, r->pub.name,
                          r->fp_value);
        break;
    case VFP_NEGATIVE: {
        const char *word = strchr(key, ':') ? strchr(key, ':') + 1 : key;
        if (k->value != r->fp_value && (!r->fp_value2 || k->value != r->fp_value2))
            return refuse(w, k, "f-puzzles' \"negative\": [\"%s\"] stands for %s = %d%s only", word,
                          r->pub.name, r->fp_value, r->fp_value2 ? " and its pair" : "");
        int other = k->value == r->fp_value ? r->fp_value2 : r->fp_value;
        if (r->fp_value2 && !has(w->v, k->type, other))
            return refuse(w, k,
                          "f-puzzles' \"negative\": [\"%s\"] is both %s = %d and %s = %d, and "
                          "this puzzle has only the one",
                          word, r->pub.name, r->fp_value, r->pub.name, r->fp_value2);
        break;
    }
    case VFP_CELLS:
    case VFP_LINES:
    case VFP_CELL:
        break;
    case VFP_LITTLE: {
        int row, col;
        const char *dir;
        if (little_clue(n, cells, k->ncells, &row, &col, &dir))
            return refuse(w, k,
                          "f-puzzles' little killer sums a whole diagonal, from its clue outside "
                          "the grid to the far edge, and these cells are none");
        if (k->value <= 0)
            return refuse(w, k, "f-puzzles reads a little killer without a sum as no rule");
        break;
    }
    case VFP_XV:
        if (k->value != 10 && k->value != 5)
            return refuse(w, k, "f-puzzles' XV marks sum to 10 (X) or 5 (V) only");
        break;
    case VFP_ARROW: {
        int b = bulb_end(cells, k->ncells);
        for (int i = 1; i < b; i++)
            if (cells[i] < cells[i - 1])
                return refuse(w, k,
                              "f-puzzles reads the digits of an arrow's bulb in reading order "
                              "(left to right, then down), and this bulb's are in another");
        for (int i = b + 1; i < k->ncells; i++)
            for (int j = 0; j < b; j++)
                if (cells[i] == cells[j])
                    return refuse(w, k, "f-puzzles leaves a bulb's cells out of its shaft");
        break;
    }
    case VFP_OUTSIDE:
        if (k->value < 0)
            return refuse(w, k, "f-puzzles reads an outside clue without a value as no rule");
        break;
    case VFP_QUAD: /* its digits are f-puzzles' "values" */
        if (k->text >= 0)
            return refuse(w, k, "f-puzzles' \"%s\" holds no text of the rule", key);
        if (!k->nvalues)
            return refuse(w, k, "f-puzzles reads a quadruple without digits as no rule");
        return 0;
    case VFP_CLONE:
        break;
    default:
        return refuse(w, k,
                      "nonet does not write f-puzzles' \"%s\" yet (its row's kind %d: "
                      "src/variant/fpuzzles_write.c)",
                      key, r->fp);
    }
    if (k->nvalues || k->text >= 0)
        return refuse(w, k, "f-puzzles' \"%s\" holds no numbers or text of the rule", key);
    return 0;
}

/* ------------------------------------------------------------ the members */

static void wrote(writer *w, const char *key)
{
    w->keys[w->nkeys++] = key;
}

static int written(const writer *w, const char *key)
{
    for (int i = 0; i < w->nkeys; i++)
        if (!strcmp(w->keys[i], key))
            return 1;
    return 0;
}

static void write_grid(writer *w, int regions, const uint8_t *region)
{
    out *o = &w->o;
    int n = w->n;
    put(o, ",\"grid\":[");
    for (int r = 0; r < n; r++) {
        put(o, r ? ",[" : "[");
        for (int c = 0; c < n; c++) {
            int d = w->v->grid.cells[r * n + c];
            put(o, c ? ",{" : "{");
            if (d)
                putf(o, "\"value\":%d,\"given\":true", d);
            if (regions)
                putf(o, "%s\"region\":%d", d ? "," : "", region[r * n + c]);
            put(o, "}");
        }
        put(o, "]");
    }
    put(o, "]");
    wrote(w, "grid");
}

/* ,"value":"N" where the rule takes a value and k's is not the one its
 * element means without one. */
static void put_value(out *o, const vrule *r, const vcon *k)
{
    if (r->pub.valued && k->value != r->fp_value)
        putf(o, ",\"value\":\"%d\"", k->value);
}

/* How many king's moves apart cells a and b are. */
static int distance(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr > dc ? dr : dc;
}

/* An outside clue's cell (the frame beside its row or column's first
 * cell), quoted. */
static void put_clue(out *o, int n, const int *cells)
{
    int row = n == 1 || cells[0] / n == cells[1] / n, back = n > 1 && cells[1] < cells[0];
    if (row)
        putf(o, "\"R%dC%d\"", cells[0] / n + 1, back ? n + 1 : 0);
    else
        putf(o, "\"R%dC%d\"", back ? n + 1 : 0, cells[0] % n + 1);
}

/* The element(s) of constraint k of rule r (checked), each after a comma
 * but the first (*count: how many so far). */
static void write_element(writer *w, const vrule *r, const vcon *k, int *count)
{
    out *o = &w->o;
    const int *cells = vcon_cells(w->v, k);
    int n = w->n;
    if (r->fp != VFP_CELL && (*count)++)
        put(o, ",");
    switch (r->fp) {
    case VFP_CELLS:
        put(o, "{\"cells\":");
        put_cells(o, n, cells, k->ncells);
        put_value(o, r, k);
        put(o, "}");
        break;
    case VFP_LINES:
        put(o, "{\"lines\":[");
        put_cells(o, n, cells, k->ncells);
        put(o, "]");
        put_value(o, r, k);
        put(o, "}");
        break;
    case VFP_LITTLE: {
        int row = 0, col = 0;
        const char *dir = "DR";
        little_clue(n, cells, k->ncells, &row, &col, &dir);
        putf(o, "{\"cell\":\"R%dC%d\",\"direction\":\"%s\",\"cells\":", row, col, dir);
        put_cells(o, n, cells, k->ncells);
        putf(o, ",\"value\":\"%d\"}", k->value);
        break;
    }
    case VFP_XV:
        put(o, "{\"cells\":");
        put_cells(o, n, cells, k->ncells);
        put(o, k->value == 10 ? ",\"value\":\"X\"}" : ",\"value\":\"V\"}");
        break;
    case VFP_ARROW: {
        /* the shaft as lines of touching cells, each drawn from the bulb's
         * cell nearest its first (the reader takes every line's cells but
         * the bulb's, in order) */
        int b = bulb_end(cells, k->ncells);
        put(o, "{\"cells\":");
        put_cells(o, n, cells, b);
        put(o, ",\"lines\":[");
        for (int i = b + 1; i < k->ncells; i++) {
            if (i == b + 1 || distance(n, cells[i - 1], cells[i]) > 1) {
                int from = 0;
                for (int j = 1; j < b; j++)
                    if (distance(n, cells[j], cells[i]) < distance(n, cells[from], cells[i]))
                        from = j;
                put(o, i == b + 1 ? "[" : "],[");
                put_cell(o, n, cells[from]);
            }
            put(o, ",");
            put_cell(o, n, cells[i]);
        }
        put(o, "]]}");
        break;
    }
    case VFP_OUTSIDE:
        put(o, "{\"cell\":");
        put_clue(o, n, cells);
        putf(o, ",\"value\":\"%d\"}", k->value);
        break;
    case VFP_QUAD: {
        const int *values = vcon_values(w->v, k);
        put(o, "{\"cells\":");
        put_cells(o, n, cells, k->ncells);
        put(o, ",\"values\":[");
        for (int i = 0; i < k->nvalues; i++)
            putf(o, i ? ",%d" : "%d", values[i]);
        put(o, "]}");
        break;
    }
    case VFP_CLONE: {
        int b = bulb_end(cells, k->ncells);
        put(o, "{\"cells\":");
        put_cells(o, n, cells, b);
        put(o, ",\"cloneCells\":");
        put_cells(o, n, cells + b + 1, k->ncells - b - 1);
        put(o, "}");
        break;
    }
    case VFP_CELL:
        for (int i = 0; i < k->ncells; i++) {
            put(o, (*count)++ ? ",{\"cell\":" : "{\"cell\":");
            put_cell(o, n, cells[i]);
            put(o, "}");
        }
        break;
    default:
        break;
    }
}

/* The rules: the switches of the whole grid, then each rule's elements
 * under its key (the rows' order), then the "negative" list. */
static void write_rules(writer *w)
{
    const nonet_variant *v = w->v;
    out *o = &w->o;
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        if (r->fp == VFP_GLOBAL && has(v, r->pub.type, r->fp_value) &&
            !written(w, r->pub.fpuzzles)) {
            put(o, ",");
            put_string(o, r->pub.fpuzzles);
            put(o, ":true");
            wrote(w, r->pub.fpuzzles);
        }
    }
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        if (r->fp == VFP_GLOBAL || r->fp == VFP_NEGATIVE || r->fp == VFP_NONE)
            continue;
        int count = 0;
        for (int j = 0; j < v->ncons; j++) {
            if (v->cons[j].type != r->pub.type)
                continue;
            if (!count) {
                put(o, ",");
                put_string(o, r->pub.fpuzzles);
                put(o, ":[");
            }
            write_element(w, r, &v->cons[j], &count);
        }
        if (count) {
            put(o, "]");
            wrote(w, r->pub.fpuzzles);
        }
    }
    int words = 0;
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        if (r->fp != VFP_NEGATIVE || !has(v, r->pub.type, r->fp_value))
            continue;
        const char *colon = strchr(r->pub.fpuzzles, ':');
        put(o, words++ ? "," : ",\"negative\":[");
        put_string(o, colon ? colon + 1 : r->pub.fpuzzles);
    }
    if (words) {
        put(o, "]");
        wrote(w, "negative");
    }
}

/* ------------------------------------------------------------ the drawings */

/* The drawing kind of the extension's cosmetic copy of rule r, -1 when it
 * draws none: a line beside each line, the clue's number in the frame,
 * one cage around the cells of all of a rule's constraints. */
static int copy_kind(const vrule *r)
{
    if (!r->fp_from)
        return -1;
    switch (r->fp) {
    case VFP_LINES:
        return VD_LINE;
    case VFP_OUTSIDE:
        return VD_TEXT;
    case VFP_CELLS:
    case VFP_CELL:
        return VD_CAGE;
    default:
        return -1;
    }
}

/* The copies of kind the extension draws for v's rules, after a comma
 * each but the first (*count). */
static void write_copies(writer *w, int kind, int *count)
{
    const nonet_variant *v = w->v;
    out *o = &w->o;
    int n = w->n;
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        if (copy_kind(r) != kind)
            continue;
        const char *colour = r->fp_rgb ? r->fp_rgb : COPY_GREY;
        int cage = 0; /* the one cage's cells written so far */
        for (int j = 0; j < v->ncons; j++) {
            const vcon *k = &v->cons[j];
            if (k->type != r->pub.type)
                continue;
            const int *cells = vcon_cells(v, k);
            if (kind == VD_CAGE) {
                for (int c = 0; c < k->ncells; c++) {
                    put(o, cage++ ? "," : (*count)++ ? ",{\"cells\":[" : "{\"cells\":[");
                    put_cell(o, n, cells[c]);
                }
                continue;
            }
            put(o, (*count)++ ? ",{" : "{");
            if (kind == VD_LINE) {
                put(o, "\"lines\":[");
                put_cells(o, n, cells, k->ncells);
                putf(o, "],\"outlineC\":\"%s\",\"width\":0.3", colour);
            } else {
                put(o, "\"cells\":[");
                put_clue(o, n, cells);
                putf(o, "],\"value\":\"%d\",\"fontC\":\"#000000\",\"size\":0.7", k->value);
            }
            put(o, ",\"fromConstraint\":");
            put_string(o, r->fp_from);
            put(o, "}");
        }
        if (cage) {
            putf(o, "],\"outlineC\":\"%s\",\"fontC\":\"#000000\",\"fromConstraint\":", colour);
            put_string(o, r->fp_from);
            put(o, "}");
        }
    }
}

/* Whether v has a constraint of rule r. */
static int uses(const nonet_variant *v, const vrule *r)
{
    for (int i = 0; i < v->ncons; i++)
        if (v->cons[i].type == r->pub.type)
            return 1;
    return 0;
}

/* Whether drawing kind will hold something other than the kept copies of
 * rules: a drawing of the file's own, or a copy drawn anew. */
static int kind_drawn(const writer *w, int kind)
{
    for (size_t i = 0; i < w->v->ndraws; i++)
        if ((int)w->v->draws[i].kind == kind && !w->v->draws[i].copy)
            return 1;
    for (int i = 0; i < vrule_count(); i++)
        if (copy_kind(vrule_at(i)) == kind && uses(w->v, vrule_at(i)))
            return 1;
    return 0;
}

/* Whether kept drawing d is written back as the file wrote it: a drawing
 * of the file's own; a copy the extension drew of a rule that is not
 * drawn anew here, when the member it names is written (the reader
 * calls a copy without it a lost rule). 1, 0, or -1 out of memory. */
static int keep(const writer *w, const vdraw *d)
{
    if (!d->copy)
        return 1;
    char key[64] = "";
    const char *json = w->v->dtext + d->json;
    int drawn = variant_fpuzzles_drawn_key(json, strlen(json), key, sizeof key);
    if (drawn <= 0)
        return drawn;
    const vrule *r = vrule_fpuzzles(key);
    if (r && copy_kind(r) >= 0)
        return 0;
    if (written(w, key))
        return 1;
    for (int k = 0; k < VD_KINDS; k++)
        if (!strcmp(key, drawing_keys[k]))
            return k == (int)d->kind || kind_drawn(w, k);
    return 0;
}

/* Each kind's member: the drawings kept, then the copies drawn anew;
 * none when it would be empty. */
static int write_drawings(writer *w)
{
    out *o = &w->o;
    for (int kind = 0; kind < VD_KINDS; kind++) {
        size_t at = o->len;
        int count = 0;
        put(o, ",");
        put_string(o, drawing_keys[kind]);
        put(o, ":[");
        for (size_t i = 0; i < w->v->ndraws; i++) {
            const vdraw *d = &w->v->draws[i];
            int kept = (int)d->kind == kind ? keep(w, d) : 0;
            if (kept < 0)
                return NONET_ENOMEM;
            if (kept) {
                put(o, count++ ? "," : "");
                put(o, w->v->dtext + d->json);
            }
        }
        write_copies(w, kind, &count);
        if (count)
            put(o, "]");
        else if (!o->oom) {
            o->len = at;
            o->s[at] = '\0';
        }
    }
    return NONET_OK;
}

/* ------------------------------------------------------------ read back and compared */

/* A constraint as compared: k, or one cell of it (a rule of one cell an
 * element, which f-puzzles gives back a constraint a cell). */
typedef struct ncon {
    const nonet_variant *v;
    const vcon *k;
    int cell; /* -1: all of k's cells */
} ncon;

static int cmp_int(int a, int b)
{
    return (a > b) - (a < b);
}

static int cmp_ncon(const void *pa, const void *pb)
{
    const ncon *a = pa, *b = pb;
    int c = cmp_int(a->k->type, b->k->type);
    if (!c)
        c = cmp_int(a->k->value, b->k->value);
    const int *ca = a->cell >= 0 ? vcon_cells(a->v, a->k) + a->cell : vcon_cells(a->v, a->k);
    const int *cb = b->cell >= 0 ? vcon_cells(b->v, b->k) + b->cell : vcon_cells(b->v, b->k);
    int la = a->cell >= 0 ? 1 : a->k->ncells, lb = b->cell >= 0 ? 1 : b->k->ncells;
    if (!c)
        c = cmp_int(la, lb);
    for (int i = 0; !c && i < la; i++)
        c = cmp_int(ca[i], cb[i]);
    if (!c)
        c = cmp_int(a->k->nvalues, b->k->nvalues);
    for (int i = 0; !c && i < a->k->nvalues; i++)
        c = cmp_int(vcon_values(a->v, a->k)[i], vcon_values(b->v, b->k)[i]);
    if (!c) {
        const char *ta = vcon_text(a->v, a->k), *tb = vcon_text(b->v, b->k);
        c = ta && tb ? strcmp(ta, tb) : cmp_int(ta != NULL, tb != NULL);
    }
    return c;
}

/* v's constraints as compared, sorted: a cell rule split into its cells,
 * a rule of the whole grid once. NULL out of memory (*count 0: none). */
static ncon *normalized(const nonet_variant *v, int *count)
{
    int total = 0;
    for (int i = 0; i < v->ncons; i++)
        total += vrule_of(v->cons[i].type) && vrule_of(v->cons[i].type)->fp == VFP_CELL
                     ? v->cons[i].ncells
                     : 1;
    ncon *list = malloc(((size_t)total + 1) * sizeof *list);
    if (!list)
        return NULL;
    int k = 0;
    for (int i = 0; i < v->ncons; i++) {
        const vrule *r = vrule_of(v->cons[i].type);
        if (r && r->fp == VFP_CELL)
            for (int c = 0; c < v->cons[i].ncells; c++)
                list[k++] = (ncon){v, &v->cons[i], c};
        else
            list[k++] = (ncon){v, &v->cons[i], -1};
    }
    qsort(list, (size_t)k, sizeof *list, cmp_ncon);
    int kept = 0;
    for (int i = 0; i < k; i++) {
        const vrule *r = vrule_of(list[i].k->type);
        int once = r && (r->fp == VFP_GLOBAL || r->fp == VFP_NEGATIVE);
        if (!once || !kept || cmp_ncon(&list[kept - 1], &list[i]))
            list[kept++] = list[i];
    }
    *count = kept;
    return list;
}

/* Reads json back and compares it with w->v: givens, regions,
 * constraints. NONET_OK, NONET_EARG (w->why says what differs) or
 * NONET_ENOMEM. */
static int read_back(writer *w, const char *json, size_t len)
{
    const nonet_variant *v = w->v;
    nonet_variant *back = NULL;
    nonet_error err;
    int rc = variant_parse_fpuzzles(json, len, &back, NULL, &err);
    if (rc != NONET_OK) {
        if (rc == NONET_EARG)
            snprintf(w->why, sizeof w->why,
                     "nonet's f-puzzles writer made a file that it cannot read back (%s), so "
                     "it is not written",
                     err.message);
        return rc;
    }
    uint8_t mine[NONET_MAX_CELLS], theirs[NONET_MAX_CELLS];
    int n = w->n;
    nonet_variant_regions(v, mine);
    nonet_variant_regions(back, theirs);
    if (back->grid.n != n || memcmp(back->grid.cells, v->grid.cells, (size_t)n * (size_t)n) != 0 ||
        memcmp(mine, theirs, (size_t)n * (size_t)n) != 0) {
        snprintf(w->why, sizeof w->why,
                 "f-puzzles would read the grid back otherwise (its givens or regions)");
        nonet_variant_free(back);
        return NONET_EARG;
    }
    int na = 0, nb = 0;
    ncon *a = normalized(v, &na), *b = normalized(back, &nb);
    rc = a && b ? NONET_OK : NONET_ENOMEM;
    for (int i = 0; rc == NONET_OK && (i < na || i < nb); i++)
        if (i >= na || i >= nb || cmp_ncon(&a[i], &b[i])) {
            char what[128];
            describe(i < na ? v : back, i < na ? a[i].k : b[i].k, what, sizeof what);
            snprintf(w->why, sizeof w->why,
                     "f-puzzles would read %s back otherwise, so it is not written", what);
            rc = NONET_EARG;
        }
    free(a);
    free(b);
    nonet_variant_free(back);
    return rc;
}

/* ------------------------------------------------------------ the whole */

static int write_json(writer *w, const char *title)
{
    const nonet_variant *v = w->v;
    int n = w->n, br, bc;
    for (int i = 0; i < v->ncons; i++)
        if (check(w, &v->cons[i]))
            return NONET_EARG;
    /* f-puzzles has the boxes of its size: others are written as regions,
     * but a rule of the whole grid may read the boxes (windoku) */
    nonet_default_shape(n, &br, &bc);
    int own_boxes = !v->has_regions && (v->grid.box_rows != br || v->grid.box_cols != bc);
    for (int i = 0; i < v->ncons && own_boxes; i++)
        if (vrule_of(v->cons[i].type)->pub.shape == NONET_SHAPE_GLOBAL)
            return refuse(w, &v->cons[i],
                          "f-puzzles gives a grid of %d boxes of %dx%d, and this one's boxes "
                          "of %dx%d, written as regions, may be what the rule reads",
                          n, br, bc, v->grid.box_rows, v->grid.box_cols);
    uint8_t region[NONET_MAX_CELLS];
    nonet_variant_regions(v, region);
    putf(&w->o, "{\"size\":%d", n);
    wrote(w, "size");
    if (title && *title) {
        put(&w->o, ",\"title\":");
        put_string(&w->o, title);
        wrote(w, "title");
    }
    write_grid(w, v->has_regions || own_boxes, region);
    write_rules(w);
    int rc = write_drawings(w);
    put(&w->o, "}");
    return rc != NONET_OK ? rc : w->o.oom ? NONET_ENOMEM : NONET_OK;
}

long nonet_variant_fpuzzles(const nonet_variant *v, const char *title, int link, char *buf,
                            size_t cap, char *why, size_t why_cap)
{
    if (why && why_cap)
        why[0] = '\0';
    if (!v) {
        if (why && why_cap)
            snprintf(why, why_cap, "no puzzle");
        return NONET_EARG;
    }
    if (v->lo != 1 || v->nd != v->grid.n) {
        if (why && why_cap)
            snprintf(why, why_cap, "values %d to %d: f-puzzles' digits are 1 to %d", v->lo,
                     v->lo + v->nd - 1, v->grid.n);
        return NONET_EARG;
    }
    writer w = {v, v->grid.n, {NULL, 0, 0, 0}, "", NULL, 0};
    w.keys = malloc(((size_t)vrule_count() + 8) * sizeof *w.keys);
    int rc = w.keys ? write_json(&w, title) : NONET_ENOMEM;
    if (rc == NONET_OK)
        rc = read_back(&w, w.o.s, w.o.len);
    char *packed = NULL;
    size_t plen = 0;
    if (rc == NONET_OK && link && !(packed = lz_compress_base64(w.o.s, w.o.len, &plen)))
        rc = NONET_ENOMEM;
    long len = rc;
    if (rc == NONET_OK) {
        text_buf t = {buf, cap, 0};
        if (link) {
            text_put(&t, LINK_PREFIX, strlen(LINK_PREFIX));
            text_put(&t, packed, plen);
        } else {
            text_put(&t, w.o.s, w.o.len);
        }
        text_end(&t);
        len = (long)t.len;
    } else if (rc == NONET_EARG && why && why_cap) {
        snprintf(why, why_cap, "%s", w.why);
    }
    free(packed);
    free(w.o.s);
    free(w.keys);
    return len;
}
