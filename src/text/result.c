/* result.c - one puzzle's result as a JSON object or a CSV line: the one
 * schema every command, the Python binding and the web page write
 * (nonet.h, "results"; README, "JSON and CSV"). Field names live here
 * only. */
#include "core/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Text appended as snprintf does: what fits, and the length needed. */
typedef struct sink {
    char *buf;
    size_t cap, len;
} sink;

static void put(sink *k, const char *s, size_t n)
{
    if (k->buf && k->len < k->cap) {
        size_t room = k->cap - k->len - 1;
        memcpy(k->buf + k->len, s, n < room ? n : room);
    }
    k->len += n;
}

static void puts_(sink *k, const char *s)
{
    put(k, s, strlen(s));
}

static void putf(sink *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void putf(sink *k, const char *fmt, ...)
{
    char small[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n > 0)
        put(k, small, (size_t)n < sizeof small ? (size_t)n : sizeof small - 1);
}

static long finish(sink *k)
{
    if (k->cap > 0)
        k->buf[k->len < k->cap ? k->len : k->cap - 1] = '\0';
    return (long)k->len;
}

/* The length of the valid UTF-8 character at s (lead byte >= 0x80), or 0. */
static size_t utf8_len(const unsigned char *s)
{
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
                 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
                 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
                                                : 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (len == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F)))
        return 0; /* overlong, or a surrogate */
    if (len == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F)))
        return 0; /* overlong, or beyond U+10FFFF */
    return len;
}

/* A JSON string literal: UTF-8 kept, a stray byte as U+FFFD. */
static void json_text(sink *k, const char *s)
{
    put(k, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\') {
            char esc[2] = {'\\', (char)*c};
            put(k, esc, 2);
        } else if (*c < 0x20 || *c == 0x7F) {
            putf(k, "\\u%04x", *c);
        } else if (*c >= 0x80) {
            size_t len = utf8_len(c);
            if (len == 0) {
                puts_(k, "\\ufffd");
            } else {
                put(k, (const char *)c, len);
                c += len - 1;
            }
        } else {
            put(k, (const char *)c, 1);
        }
    }
    put(k, "\"", 1);
}

/* A key of the object being written (a comma before all but the first). */
static void key(sink *k, int *first, const char *name)
{
    if (!*first)
        put(k, ",", 1);
    *first = 0;
    json_text(k, name);
    put(k, ":", 1);
}

/* A grid as a JSON value: its line in those symbols ('.' blanks) up to
 * 35, rows of numbers above. */
static void json_grid(sink *k, const nonet_grid *g, const char *symbols)
{
    nonet_format_opts fo = {0, symbols && symbols[0] ? symbols : NULL, NULL, 0};
    char *at = k->len < k->cap ? k->buf + k->len : NULL;
    long n = nonet_format_with(g, NONET_LAYOUT_JSON, &fo, at, at ? k->cap - k->len : 0);
    if (n < 0) {
        puts_(k, "null");
        return;
    }
    k->len += (size_t)n;
}

/* A position's marks: the pencil-mark line (n symbols a cell) up to 35,
 * each cell's digits as an array above. */
static void marks_line(sink *k, const nonet_grid *g, const nonet_marks *m, const char *symbols,
                       int json)
{
    int n = g->n;
    if (n > NONET_MAX_SYMBOL_SIDE) {
        put(k, "[", 1);
        for (int c = 0; c < n * n; c++) {
            put(k, c ? ",[" : "[", c ? 2 : 1);
            int first = 1;
            for (int d = 1; d <= n; d++)
                if (m->cands[c] >> (d - 1) & 1) {
                    putf(k, first ? "%d" : ",%d", d);
                    first = 0;
                }
            put(k, "]", 1);
        }
        put(k, "]", 1);
        return;
    }
    static const char digits[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const char *sym = symbols && symbols[0] ? symbols : digits;
    if (json)
        put(k, "\"", 1);
    for (int c = 0; c < n * n; c++)
        for (int d = 1; d <= n; d++)
            put(k, m->cands[c] >> (d - 1) & 1 ? &sym[d - 1] : ".", 1);
    if (json)
        put(k, "\"", 1);
}

static void json_marks(sink *k, const nonet_grid *g, const nonet_marks *m, const char *symbols)
{
    marks_line(k, g, m, symbols, 1);
}

/* A rating in tenths as a number: 23 is 2.3. */
static void tenths(sink *k, int t)
{
    putf(k, "%d.%d", t / 10, t % 10);
}

const char *nonet_verdict_word(nonet_verdict v)
{
    static const char *const words[] = {
        "ok",    "unique",     "multiple",     "solved",  "no solution", "invalid", "error",
        "stuck", "incomplete", "inconsistent", "correct", "wrong",       "timeout",
    };
    return (unsigned)v < sizeof words / sizeof words[0] ? words[v] : "error";
}

/* ------------------------------------------------------------ steps */

/* The JSON names of enum nonet_role. */
static const char *const role_names[] = {"",        "defining", "base",   "pivot",  "pincer",
                                         "support", "chain",    "target", "placed", "eliminated"};

/* A list of cells and digits; with_role: each item's role too (the
 * pattern's; the other lists' roles go without saying). */
static void json_cells(sink *k, const nonet_cell_digits *list, int count, int n, int one_digit,
                       int with_role)
{
    put(k, "[", 1);
    for (int i = 0; i < count; i++) {
        putf(k, "%s{\"cell\":\"r%dc%d\",", i ? "," : "", list[i].cell / n + 1,
             list[i].cell % n + 1);
        if (one_digit) {
            putf(k, "\"digit\":%d}", lowest_bit(list[i].digits) + 1);
            continue;
        }
        puts_(k, "\"digits\":[");
        int first = 1;
        for (uint64_t m = list[i].digits; m; m &= m - 1, first = 0)
            putf(k, "%s%d", first ? "" : ",", lowest_bit(m) + 1);
        put(k, "]", 1);
        if (with_role && list[i].role > NONET_ROLE_NONE && list[i].role <= NONET_ROLE_ELIMINATED)
            putf(k, ",\"role\":\"%s\"", role_names[list[i].role]);
        put(k, "}", 1);
    }
    put(k, "]", 1);
}

static const char *const unit_kinds[3] = {"row", "column", "box"};

/* A unit's name ("row 3"), unit valid for side n. */
static void json_unit(sink *k, int unit, int n)
{
    putf(k, "\"%s %d\"", unit_kinds[unit / n], unit % n + 1);
}

/* The houses a step involves and their roles (internal.h): a fish's base
 * lines (its units) and cover lines (the other lines through its
 * pattern); pointing's and claiming's base (the first unit) and cover
 * (the second); every other unit a "unit" (the third of a direct pointing
 * or claiming: where the single is). */
int step_houses(const nonet_step *st, int n, int *units, int *roles, int max)
{
    int fish = st->technique == NONET_TECH_X_WING || st->technique == NONET_TECH_SWORDFISH ||
               st->technique == NONET_TECH_JELLYFISH;
    int locked = st->technique == NONET_TECH_POINTING || st->technique == NONET_TECH_CLAIMING ||
                 st->technique == NONET_TECH_DIRECT_POINTING ||
                 st->technique == NONET_TECH_DIRECT_CLAIMING;
    int count = 0;
    for (int i = 0; i < st->nunits && i < 4 && count < max; i++) {
        if (st->units[i] < 0 || st->units[i] >= 3 * n)
            continue;
        units[count] = st->units[i];
        roles[count++] = fish || (locked && i == 0) ? STEP_HOUSE_BASE
                         : locked && i == 1         ? STEP_HOUSE_COVER
                                                    : STEP_HOUSE_UNIT;
    }
    if (fish && st->nunits > 0 && st->units[0] >= 0 && st->units[0] < 2 * n) {
        /* base rows: cover columns, and the other way round */
        int cover_rows = st->units[0] >= n;
        uint64_t lines = 0;
        for (int i = 0; i < st->npattern; i++)
            if (st->pattern[i].cell >= 0 && st->pattern[i].cell < n * n)
                lines |= (uint64_t)1
                         << (cover_rows ? st->pattern[i].cell / n : st->pattern[i].cell % n);
        for (; lines && count < max; lines &= lines - 1) {
            units[count] = lowest_bit(lines) + (cover_rows ? 0 : n);
            roles[count++] = STEP_HOUSE_COVER;
        }
    }
    return count;
}

static void json_houses(sink *k, const nonet_step *st, int n)
{
    static const char *const names[] = {"unit", "base", "cover"};
    int units[STEP_HOUSES_MAX], roles[STEP_HOUSES_MAX];
    int count = step_houses(st, n, units, roles, STEP_HOUSES_MAX);
    put(k, "[", 1);
    for (int i = 0; i < count; i++) {
        putf(k, "%s{\"house\":", i ? "," : "");
        json_unit(k, units[i], n);
        putf(k, ",\"role\":\"%s\"}", names[roles[i]]);
    }
    put(k, "]", 1);
}

/* The JSON names of enum nonet_link, and what an implied one rests on. */
static const char *const link_names[] = {"", "strong", "weak", "implied", "implied", "implied"};

/* A chain node (index i of st->chain) in its branch, which starts at
 * index from: parents as indices in the branch. */
static void json_node(sink *k, const nonet_step *st, int i, int from, int n)
{
    const nonet_chain_node *a = &st->chain[i];
    putf(k, "{\"cell\":\"r%dc%d\",\"digit\":%d,\"on\":%s", a->cell / n + 1, a->cell % n + 1,
         a->digit, a->on ? "true" : "false");
    if (a->link > NONET_LINK_NONE && a->link <= NONET_LINK_NESTED) {
        putf(k, ",\"link\":\"%s\"", link_names[a->link]);
        if (a->link >= NONET_LINK_IMPLIED)
            putf(k, ",\"by\":\"%s\"",
                 a->link == NONET_LINK_RULE     ? "rule"
                 : a->link == NONET_LINK_NESTED ? "chain"
                 : a->unit >= 0                 ? "house"
                                                : "cell");
    }
    if (a->unit >= 0 && a->unit < 3 * n) {
        puts_(k, ",\"house\":");
        json_unit(k, a->unit, n);
    }
    if (a->nparents > 0 && st->chain_parents && a->parents >= 0 &&
        a->parents + a->nparents <= st->nchain_parents) {
        puts_(k, ",\"parents\":[");
        for (int j = 0; j < a->nparents; j++)
            putf(k, "%s%d", j ? "," : "", st->chain_parents[a->parents + j] - from);
        put(k, "]", 1);
    }
    put(k, "}", 1);
}

long nonet_step_json(const nonet_step *st, int n, const char *symbols, char *buf, size_t cap)
{
    sink k = {buf, buf ? cap : 0, 0};
    if (!st || n < 1 || n > NONET_MAX_SIDE || (unsigned)st->technique >= NONET_TECH_COUNT) {
        if (k.cap)
            buf[0] = '\0';
        return NONET_EARG;
    }
    puts_(&k, "{\"technique\":");
    json_text(&k, nonet_technique_name(st->technique));
    puts_(&k, ",\"difficulty\":");
    tenths(&k, st->difficulty);
    puts_(&k, ",\"units\":[");
    for (int i = 0; i < st->nunits && i < 4; i++)
        if (st->units[i] >= 0 && st->units[i] < 3 * n)
            putf(&k, "%s\"%s %d\"", i ? "," : "", unit_kinds[st->units[i] / n],
                 st->units[i] % n + 1);
    puts_(&k, "],\"pattern\":");
    json_cells(&k, st->pattern, st->npattern, n, 0, 1);
    puts_(&k, ",\"placements\":");
    json_cells(&k, st->placements, st->nplacements, n, 1, 0);
    puts_(&k, ",\"eliminations\":");
    json_cells(&k, st->eliminations, st->neliminations, n, 0, 0);
    puts_(&k, ",\"houses\":");
    json_houses(&k, st, n);
    if (st->chain_kind != NONET_CHAIN_NONE && st->nchain > 0) {
        /* the branches, each the graph of the nodes its conclusion (its
         * last node) depends on, parents first, from the assumption on */
        static const char *const shapes[] = {"",       "cycle", "forcing", "contradiction",
                                             "double", "cell",  "unit"};
        putf(&k, ",\"chain\":{\"kind\":\"%s\",\"complexity\":%d,\"branches\":[[",
             (unsigned)st->chain_kind < 7 ? shapes[st->chain_kind] : "", st->complexity);
        for (int i = 0, from = 0; i < st->nchain; i++) {
            int first = i == 0 || st->chain[i - 1].branch != st->chain[i].branch;
            if (!first)
                put(&k, ",", 1);
            else if (i > 0)
                puts_(&k, "],[");
            if (first)
                from = i;
            json_node(&k, st, i, from, n);
        }
        puts_(&k, "]]}");
    }
    char text[1024];
    nonet_step_describe(st, n, symbols, text, sizeof text);
    puts_(&k, ",\"text\":");
    json_text(&k, text);
    put(&k, "}", 1);
    return finish(&k);
}

/* A hint's region (nonet_step_region) as JSON. */
static void json_region(sink *k, const nonet_region *r, const char *words, int n)
{
    static const char *const kinds[] = {"house", "band",    "stack", "boxes",
                                        "rows",  "columns", "grid"};
    putf(k, "{\"kind\":\"%s\"", (unsigned)r->kind < 7 ? kinds[r->kind] : "grid");
    if (r->kind == NONET_REGION_BAND || r->kind == NONET_REGION_STACK)
        putf(k, ",\"index\":%d", r->index + 1);
    puts_(k, ",\"houses\":[");
    for (int i = 0; i < r->nunits; i++) {
        if (i)
            put(k, ",", 1);
        json_unit(k, r->units[i], n);
    }
    puts_(k, "],\"name\":");
    json_text(k, words);
    put(k, "}", 1);
}

/* The words of a hint at level (nonet_step_hint), malloc'ed; NULL when
 * out of memory or the step is malformed (*rc says which). */
static char *hint_words(const nonet_step *st, int level, int br, int bc, const char *symbols,
                        long *rc)
{
    char small[1];
    long need = nonet_step_hint(st, level, br, bc, symbols, small, sizeof small);
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    *rc = need < 0 ? need : text ? NONET_OK : NONET_ENOMEM;
    if (text)
        nonet_step_hint(st, level, br, bc, symbols, text, (size_t)need + 1);
    return text;
}

long nonet_step_hint_json(const nonet_step *st, int level, int br, int bc, const char *symbols,
                          char *buf, size_t cap)
{
    sink k = {buf, buf ? cap : 0, 0};
    if (k.cap)
        buf[0] = '\0';
    nonet_region region;
    if (nonet_step_region(st, br, bc, &region) != NONET_OK)
        return NONET_EARG;
    int n = br * bc;
    long rc;
    char *text = hint_words(st, level, br, bc, symbols, &rc);
    int max = st->npattern + (st->chain_kind != NONET_CHAIN_NONE ? st->nchain : 0);
    nonet_cell_digits *items = max > 0 ? malloc((size_t)max * sizeof *items) : NULL;
    if (rc == NONET_OK && max > 0 && !items)
        rc = NONET_ENOMEM;
    if (rc != NONET_OK) {
        free(text);
        free(items);
        return rc;
    }
    char where[512]; /* at most 64 lines' numbers */
    region_words(&region, n, where, sizeof where);
    putf(&k, "{\"level\":%d,\"technique\":", level);
    json_text(&k, nonet_technique_name(st->technique));
    puts_(&k, ",\"difficulty\":");
    tenths(&k, st->difficulty);
    puts_(&k, ",\"region\":");
    json_region(&k, &region, where, n);
    if (level >= NONET_HINT_CELLS) {
        int count = items ? nonet_step_hint_cells(st, n, items, max) : 0;
        puts_(&k, ",\"cells\":");
        json_cells(&k, items, count < 0 ? 0 : count > max ? max : count, n, 0, 1);
        /* the houses, less where a direct pointing's or claiming's single
         * lands (its third unit) */
        static const char *const names[] = {"unit", "base", "cover"};
        int units[STEP_HOUSES_MAX], roles[STEP_HOUSES_MAX];
        int nh = step_houses(st, n, units, roles, STEP_HOUSES_MAX), said = 0;
        int direct = st->technique == NONET_TECH_DIRECT_POINTING ||
                     st->technique == NONET_TECH_DIRECT_CLAIMING;
        puts_(&k, ",\"houses\":[");
        for (int i = 0; i < nh; i++) {
            if (direct && st->nunits > 2 && units[i] == st->units[2] && roles[i] == STEP_HOUSE_UNIT)
                continue;
            putf(&k, "%s{\"house\":", said++ ? "," : "");
            json_unit(&k, units[i], n);
            putf(&k, ",\"role\":\"%s\"}", names[roles[i]]);
        }
        put(&k, "]", 1);
    }
    if (level >= NONET_HINT_MOVE) {
        puts_(&k, ",\"placements\":");
        json_cells(&k, st->placements, st->nplacements, n, 1, 0);
        puts_(&k, ",\"eliminations\":");
        json_cells(&k, st->eliminations, st->neliminations, n, 0, 0);
    }
    puts_(&k, ",\"text\":");
    json_text(&k, text);
    put(&k, "}", 1);
    free(text);
    free(items);
    return finish(&k);
}

/* ------------------------------------------------------------ results */

static int has(const nonet_result *r, unsigned field)
{
    return (r->fields & field) != 0;
}

/* The puzzle's grid is valid: it was read. */
static int readable(const nonet_puzzle *p)
{
    return p->error.code == NONET_OK && p->grid.n > 0;
}

static void json_rating(sink *k, int *first, const nonet_result *r)
{
    const nonet_rating *rt = r->rating;
    key(k, first, "rating");
    if (rt->stuck)
        puts_(k, "null");
    else
        tenths(k, rt->difficulty);
    if (rt->stuck) {
        key(k, first, "at_least");
        tenths(k, rt->at_least);
        if (r->needs) {
            key(k, first, "needs");
            json_text(k, r->needs);
        }
    } else {
        key(k, first, "level");
        json_text(k, nonet_level_name(rt->difficulty));
    }
    key(k, first, "hardest");
    json_text(k, rt->steps ? nonet_technique_name(rt->hardest) : "nothing to do");
    key(k, first, "hardest_rating");
    tenths(k, rt->difficulty);
    key(k, first, "step_count");
    putf(k, "%d", rt->steps);
    key(k, first, "techniques");
    put(k, "{", 1);
    int inner = 1;
    for (int t = 0; t < NONET_TECH_COUNT; t++)
        if (rt->count[t]) {
            key(k, &inner, nonet_technique_name((nonet_technique)t));
            putf(k, "%d", rt->count[t]);
        }
    put(k, "}", 1);
}

long nonet_result_json(const nonet_result *r, char *buf, size_t cap)
{
    sink k = {buf, buf ? cap : 0, 0};
    if (!r || !r->puzzle) {
        if (k.cap)
            buf[0] = '\0';
        return NONET_EARG;
    }
    const nonet_puzzle *p = r->puzzle;
    const char *sym = p->symbols;
    int first = 1;
    put(&k, "{", 1);
    if (r->file) {
        key(&k, &first, "file");
        json_text(&k, r->file);
    }
    key(&k, &first, "index");
    putf(&k, "%ld", p->index);
    if (p->first_line > 0) {
        key(&k, &first, "line");
        putf(&k, "%ld", p->first_line);
    }
    if (p->name[0]) {
        key(&k, &first, "name");
        json_text(&k, p->name);
    }
    if (p->ncolumns > 0) {
        key(&k, &first, "columns");
        put(&k, "{", 1);
        int inner = 1;
        for (int i = 0; i < p->ncolumns; i++) {
            const char *name, *value;
            nonet_puzzle_column(p, i, &name, &value);
            key(&k, &inner, name);
            json_text(&k, value);
        }
        put(&k, "}", 1);
    }
    if (readable(p)) {
        key(&k, &first, "size");
        putf(&k, "\"%dx%d\"", p->grid.box_rows, p->grid.box_cols);
        key(&k, &first, "puzzle");
        json_grid(&k, &p->grid, sym);
    }
    if (has(r, NONET_FIELD_ENGINE) && r->engine) {
        key(&k, &first, "engine");
        json_text(&k, r->engine);
    }
    key(&k, &first, "status");
    json_text(&k, nonet_verdict_word(r->status));
    if (r->message && r->message[0]) {
        key(&k, &first, "message");
        json_text(&k, r->message);
    }
    if (has(r, NONET_FIELD_SEED)) {
        key(&k, &first, "seed");
        putf(&k, "%llu", (unsigned long long)r->seed);
    }
    if (has(r, NONET_FIELD_SYMMETRY) && r->symmetry) {
        key(&k, &first, "symmetry");
        json_text(&k, r->symmetry);
    }
    if (has(r, NONET_FIELD_CLUES)) {
        key(&k, &first, "clues");
        putf(&k, "%d", r->clues);
    }
    if (has(r, NONET_FIELD_BLANKS)) {
        key(&k, &first, "blanks");
        putf(&k, "%d", r->blanks);
    }
    if (has(r, NONET_FIELD_COUNT)) {
        key(&k, &first, "count");
        putf(&k, "%llu", (unsigned long long)r->count);
        key(&k, &first, "limit_reached");
        puts_(&k, r->limit_reached ? "true" : "false");
    }
    if (has(r, NONET_FIELD_SOLUTION) && r->solution) {
        key(&k, &first, "solution");
        json_grid(&k, r->solution, sym);
    }
    if (has(r, NONET_FIELD_SOLUTIONS) && r->solutions) {
        key(&k, &first, "solutions");
        put(&k, "[", 1);
        for (int i = 0; i < r->nsolutions; i++) {
            if (i)
                put(&k, ",", 1);
            json_grid(&k, &r->solutions[i], sym);
        }
        put(&k, "]", 1);
    }
    if (has(r, NONET_FIELD_RESULT) && r->result) {
        key(&k, &first, "result");
        json_grid(&k, r->result, sym);
    }
    if (has(r, NONET_FIELD_MARKS) && r->marks) {
        key(&k, &first, "marks");
        json_marks(&k, r->result && has(r, NONET_FIELD_RESULT) ? r->result : &p->grid, r->marks,
                   sym);
    }
    if (has(r, NONET_FIELD_REMOVED)) {
        key(&k, &first, "removed");
        putf(&k, "%d", r->removed);
    }
    if (has(r, NONET_FIELD_TRANSFORM) && r->transform) {
        key(&k, &first, "transform");
        json_text(&k, r->transform);
    }
    if (has(r, NONET_FIELD_AUTOMORPHISMS)) {
        key(&k, &first, "automorphisms");
        putf(&k, "%llu", (unsigned long long)r->automorphisms);
    }
    if (has(r, NONET_FIELD_RATING) && r->rating)
        json_rating(&k, &first, r);
    if (has(r, NONET_FIELD_STEP) && r->step_json) {
        key(&k, &first, "step");
        puts_(&k, r->step_json);
    }
    if (has(r, NONET_FIELD_HINT) && r->hint_json) {
        key(&k, &first, "hint");
        puts_(&k, r->hint_json);
    }
    if (has(r, NONET_FIELD_STEPS) && r->steps_json) {
        key(&k, &first, "steps");
        puts_(&k, r->steps_json);
    }
    if (has(r, NONET_FIELD_STATS)) {
        key(&k, &first, "stats");
        put(&k, "{", 1);
        int inner = 1;
        if (r->stats) {
            key(&k, &inner, "nodes");
            putf(&k, "%llu", (unsigned long long)r->stats->nodes);
            key(&k, &inner, "guesses");
            putf(&k, "%llu", (unsigned long long)r->stats->guesses);
        }
        if (r->stats_extra && r->stats_extra[0]) {
            if (!inner)
                put(&k, ",", 1);
            puts_(&k, r->stats_extra);
            inner = 0;
        }
        key(&k, &inner, "microseconds");
        putf(&k, "%.1f", r->microseconds);
        put(&k, "}", 1);
    }
    put(&k, "}", 1);
    return finish(&k);
}

/* ------------------------------------------------------------ CSV */

/* The CSV columns of the fields, in the JSON objects' order. */
static const struct {
    unsigned field;
    const char *names;
} csv_fields[] = {
    {NONET_FIELD_ENGINE, "engine"},
    {NONET_FIELD_SEED, "seed"},
    {NONET_FIELD_SYMMETRY, "symmetry"},
    {NONET_FIELD_CLUES, "clues"},
    {NONET_FIELD_BLANKS, "blanks"},
    {NONET_FIELD_COUNT, "count,limit_reached"},
    {NONET_FIELD_SOLUTION, "solution"},
    {NONET_FIELD_SOLUTIONS, "solutions"},
    {NONET_FIELD_RESULT, "result"},
    {NONET_FIELD_MARKS, "marks"},
    {NONET_FIELD_REMOVED, "removed"},
    {NONET_FIELD_TRANSFORM, "transform"},
    {NONET_FIELD_AUTOMORPHISMS, "automorphisms"},
    {NONET_FIELD_RATING, "rating,at_least,level,hardest,hardest_rating,step_count"},
    {NONET_FIELD_STEP, "step"},
    {NONET_FIELD_HINT, "hint"},
    {NONET_FIELD_STEPS, "steps"},
    {NONET_FIELD_STATS, "nodes,guesses,microseconds"},
};

/* A CSV field: quoted when it holds a comma, a quote or a line end. */
static void csv_text(sink *k, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        puts_(k, s);
        return;
    }
    put(k, "\"", 1);
    for (; *s; s++) {
        if (*s == '"')
            put(k, "\"", 1);
        put(k, s, 1);
    }
    put(k, "\"", 1);
}

/* A grid as one CSV field: its line ('.' blanks) up to 35, numbers apart
 * above. */
static void csv_grid(sink *k, const nonet_grid *g, const char *symbols)
{
    nonet_format_opts fo = {0, symbols && symbols[0] ? symbols : NULL, NULL, 0};
    if (g->n > NONET_MAX_SYMBOL_SIDE) {
        for (int i = 0; i < g->n * g->n; i++)
            putf(k, "%s%d", i ? " " : "", g->cells[i]);
        return;
    }
    char line[NONET_MAX_SYMBOL_SIDE * NONET_MAX_SYMBOL_SIDE + 2];
    long n = nonet_format_with(g, NONET_LAYOUT_LINE, &fo, line, sizeof line);
    if (n > 0)
        put(k, line, (size_t)n - 1); /* without its newline */
}

/* A name of the input's own columns, kept apart from the schema's. */
static int schema_name(const char *name)
{
    static const char *const names[] = {
        "engine",  "file",           "index",         "line",     "name",      "size",
        "puzzle",  "status",         "message",       "seed",     "symmetry",  "clues",
        "blanks",  "count",          "limit_reached", "solution", "solutions", "result",
        "removed", "transform",      "automorphisms", "rating",   "at_least",  "level",
        "hardest", "hardest_rating", "step_count",    "step",     "steps",     "nodes",
        "hint",    "guesses",        "microseconds",  "marks",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

long nonet_result_csv_header(unsigned fields, int with_file, const nonet_puzzle *columns_of,
                             char *buf, size_t cap)
{
    sink k = {buf, buf ? cap : 0, 0};
    if (with_file)
        puts_(&k, "file,");
    puts_(&k, "index,line,name,size,puzzle,status,message");
    for (size_t i = 0; i < sizeof csv_fields / sizeof csv_fields[0]; i++)
        if (fields & csv_fields[i].field) {
            put(&k, ",", 1);
            puts_(&k, csv_fields[i].names);
        }
    for (int i = 0; columns_of && i < columns_of->ncolumns; i++) {
        const char *name, *value;
        nonet_puzzle_column(columns_of, i, &name, &value);
        put(&k, ",", 1);
        if (schema_name(name))
            puts_(&k, "input_"); /* "solution" of the input: input_solution */
        csv_text(&k, name);
    }
    put(&k, "\n", 1);
    return finish(&k);
}

long nonet_result_csv(const nonet_result *r, unsigned fields, int ncolumns, char *buf, size_t cap)
{
    sink k = {buf, buf ? cap : 0, 0};
    if (!r || !r->puzzle) {
        if (k.cap)
            buf[0] = '\0';
        return NONET_EARG;
    }
    const nonet_puzzle *p = r->puzzle;
    const char *sym = p->symbols;
    if (r->file) {
        csv_text(&k, r->file);
        put(&k, ",", 1);
    }
    putf(&k, "%ld,", p->index);
    if (p->first_line > 0)
        putf(&k, "%ld", p->first_line);
    put(&k, ",", 1);
    csv_text(&k, p->name);
    put(&k, ",", 1);
    if (readable(p)) {
        putf(&k, "%dx%d,", p->grid.box_rows, p->grid.box_cols);
        csv_grid(&k, &p->grid, sym);
    } else {
        put(&k, ",", 1);
    }
    put(&k, ",", 1);
    csv_text(&k, nonet_verdict_word(r->status));
    put(&k, ",", 1);
    if (r->message)
        csv_text(&k, r->message);
    for (size_t i = 0; i < sizeof csv_fields / sizeof csv_fields[0]; i++) {
        unsigned f = csv_fields[i].field;
        if (!(fields & f))
            continue;
        put(&k, ",", 1);
        int set = has(r, f);
        switch (f) {
        case NONET_FIELD_ENGINE:
            if (set && r->engine)
                csv_text(&k, r->engine);
            break;
        case NONET_FIELD_SEED:
            if (set)
                putf(&k, "%llu", (unsigned long long)r->seed);
            break;
        case NONET_FIELD_SYMMETRY:
            if (set && r->symmetry)
                csv_text(&k, r->symmetry);
            break;
        case NONET_FIELD_CLUES:
            if (set)
                putf(&k, "%d", r->clues);
            break;
        case NONET_FIELD_BLANKS:
            if (set)
                putf(&k, "%d", r->blanks);
            break;
        case NONET_FIELD_COUNT:
            if (set)
                putf(&k, "%llu,%s", (unsigned long long)r->count,
                     r->limit_reached ? "true" : "false");
            else
                put(&k, ",", 1);
            break;
        case NONET_FIELD_SOLUTION:
            if (set && r->solution)
                csv_grid(&k, r->solution, sym);
            break;
        case NONET_FIELD_SOLUTIONS:
            if (set && !r->solutions && r->solutions_text)
                csv_text(&k, r->solutions_text);
            for (int s = 0; set && r->solutions && s < r->nsolutions; s++) {
                if (s)
                    put(&k, " ", 1);
                csv_grid(&k, &r->solutions[s], sym);
            }
            break;
        case NONET_FIELD_RESULT:
            if (set && r->result)
                csv_grid(&k, r->result, sym);
            break;
        case NONET_FIELD_MARKS:
            if (set && r->marks) {
                const nonet_grid *g =
                    r->result && has(r, NONET_FIELD_RESULT) ? r->result : &p->grid;
                if (g->n <= NONET_MAX_SYMBOL_SIDE) /* above: no CSV form */
                    marks_line(&k, g, r->marks, sym, 0);
            }
            break;
        case NONET_FIELD_REMOVED:
            if (set)
                putf(&k, "%d", r->removed);
            break;
        case NONET_FIELD_TRANSFORM:
            if (set && r->transform)
                csv_text(&k, r->transform);
            break;
        case NONET_FIELD_AUTOMORPHISMS:
            if (set)
                putf(&k, "%llu", (unsigned long long)r->automorphisms);
            break;
        case NONET_FIELD_RATING:
            if (set && r->rating) {
                const nonet_rating *rt = r->rating;
                if (!rt->stuck)
                    tenths(&k, rt->difficulty);
                put(&k, ",", 1);
                if (rt->stuck)
                    tenths(&k, rt->at_least);
                put(&k, ",", 1);
                if (!rt->stuck)
                    puts_(&k, nonet_level_name(rt->difficulty));
                put(&k, ",", 1);
                csv_text(&k, rt->steps ? nonet_technique_name(rt->hardest) : "nothing to do");
                put(&k, ",", 1);
                tenths(&k, rt->difficulty);
                putf(&k, ",%d", rt->steps);
            } else {
                puts_(&k, ",,,,,");
            }
            break;
        case NONET_FIELD_STEP:
            if (set && r->step_json)
                csv_text(&k, r->step_json);
            break;
        case NONET_FIELD_HINT:
            if (set && r->hint_json)
                csv_text(&k, r->hint_json);
            break;
        case NONET_FIELD_STEPS:
            if (set && r->steps_json)
                csv_text(&k, r->steps_json);
            break;
        case NONET_FIELD_STATS:
            if (set && r->stats)
                putf(&k, "%llu,%llu,%.1f", (unsigned long long)r->stats->nodes,
                     (unsigned long long)r->stats->guesses, r->microseconds);
            else if (set)
                putf(&k, ",,%.1f", r->microseconds);
            else
                put(&k, ",,", 2);
            break;
        default:
            break;
        }
    }
    /* the input's own columns: as many as the header has */
    for (int i = 0; i < ncolumns; i++) {
        put(&k, ",", 1);
        const char *name, *value;
        if (nonet_puzzle_column(p, i, &name, &value) == NONET_OK)
            csv_text(&k, value);
    }
    put(&k, "\n", 1);
    return finish(&k);
}
