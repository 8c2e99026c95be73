/* test_fpuzzles.c - f-puzzles out (issue 39): LZ-string's compressor
 * against pairs that the lz-string package made and against the
 * decompressor on random text; nonet_variant_fpuzzles over every row of
 * the rule table with an f-puzzles key (random constraints made from the
 * row written, read back, the same puzzle, written again the same), over
 * any rule (written whole or refused by name), over f-puzzles files as
 * the tools write them (tests/data/fpuzzles: rules, drawings, the
 * constraint extension's copies), its links, its refusals and its
 * snprintf contract. The comparison is written here: the givens, the
 * regions, and the constraints as a multiset, where f-puzzles gives odd
 * and even back a constraint a cell and a rule of the whole grid once. */
#include "unit.h"
#include "variant/lzstring.h"
#include "variant/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "https://www.f-puzzles.com/?load="

static uint64_t rng_state = 0x39F00D;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int below(int k)
{
    return (int)(rnd() % (uint64_t)k);
}

/* ------------------------------------------------------------ LZ-string */

static uint32_t fnv1a(const char *s, size_t len)
{
    uint32_t h = 0x811c9dc5u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x01000193u;
    return h;
}

/* c as UTF-8 at s; returns the bytes. */
static int utf8(uint32_t c, char *s)
{
    if (c < 0x80) {
        s[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        s[0] = (char)(0xC0 | c >> 6);
        s[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        s[0] = (char)(0xE0 | c >> 12);
        s[1] = (char)(0x80 | (c >> 6 & 0x3F));
        s[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    s[0] = (char)(0xF0 | c >> 18);
    s[1] = (char)(0x80 | (c >> 12 & 0x3F));
    s[2] = (char)(0x80 | (c >> 6 & 0x3F));
    s[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

/* Pairs made by the lz-string package's compressToBase64 (1.5.0): both
 * ways. */
static void test_lz_known_pairs(void)
{
    static const struct {
        const char *text, *packed;
    } pairs[] = {
        {"", "Q==="},
        {"a", "IZA="},
        {"ab", "IYIyA==="},
        {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "IY18ZZA="},
        {"Hello, world", "BIUwNmD2A0AEDukBOYAmQ==="},
        {"h\xc3\xa9llo w\xc3\xb6rld \xe2\x9c\x93 \xf0\x9f\x98\x80 "
         "ab\xf0\x9f\x98\x80\xf0\x9f\x98\x80",
         "BYS4NmD2AEDuBvAnMATahkcmoXg3AAe9AhgEa65A"},
        {"{\"size\":4,\"grid\":[[{\"value\":1,\"given\":true},{},{},{}],[{},{},{},{}],[{},{},{},"
         "{}],[{},{},{},{}]],\"diagonal-\":true}",
         "N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv3GCRYwTL5SBC8U"
         "JEhsEEmgD2zcgFp2nGFyA="},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        size_t len = 0, back_len = 0;
        char *packed = lz_compress_base64(pairs[i].text, strlen(pairs[i].text), &len);
        CHECKF(packed && !strcmp(packed, pairs[i].packed) && len == strlen(packed),
               "pair %zu: %s, not %s", i, packed ? packed : "NULL", pairs[i].packed);
        char *back =
            lz_decompress_base64(pairs[i].packed, strlen(pairs[i].packed), 1 << 20, &back_len);
        CHECKF(back && !strcmp(back, pairs[i].text), "pair %zu read back otherwise", i);
        free(packed);
        free(back);
    }
    /* 600 characters of a pattern (codes of 9 bits) */
    char text[60000];
    for (int i = 0; i < 600; i++)
        text[i] = (char)('a' + (i * i + 3 * i) % 26);
    size_t len;
    char *packed = lz_compress_base64(text, 600, &len);
    CHECK(packed != NULL);
    CHECKF(!strcmp(packed,
                   "IYUw1gzgxg9lFhMAns0lb0St5pwSVXXyyNwwO2L00JxLuotPpsrIdqvMZ645sWTXt07tWzPuO"
                   "H8JIgZNGCpYodPVrVK5UsUL5c2TI3a9hk1t0HjmnfqOnrjqw8v2Ld87bM2nXIA="),
           "%s", packed);
    free(packed);
    /* 20000 characters, a fifth of them Greek letters (two bytes each):
     * wide codes; the package's output is 20044 characters, its FNV-1a
     * c531619c */
    size_t k = 0;
    for (long i = 0, x = 1; i < 20000; i++) {
        x = (x * 75 + 74) % 65537;
        k += (size_t)utf8(x % 5 == 0 ? 0x3B1 + (uint32_t)(x % 20) : 'a' + (uint32_t)(x % 26),
                          text + k);
    }
    packed = lz_compress_base64(text, k, &len);
    CHECK(packed && len == 20044);
    CHECKF(fnv1a(packed, len) == 0xc531619cu, "%08x", fnv1a(packed, len));
    size_t back_len;
    char *back = lz_decompress_base64(packed, len, 1 << 20, &back_len);
    CHECK(back && back_len == k && !memcmp(back, text, k));
    free(back);
    free(packed);
}

/* Random text of every kind of character, compressed and read back by
 * the decompressor; bytes that begin no character read back as U+FFFD. */
static void test_lz_random(void)
{
    static char text[80000];
    rng_state = 101;
    for (int round = 0; round < 400; round++) {
        int mode = below(4), len = below(8) ? below(400) : below(20000);
        size_t k = 0;
        for (int i = 0; i < len; i++) {
            uint32_t c = mode == 0   ? (uint32_t) "ab{}"[below(4)]
                         : mode == 1 ? 32 + (uint32_t)below(95)
                         : mode == 2
                             ? 1 + (uint32_t)below(0x7FF)
                             : (uint32_t)(below(3) ? 1 + below(0xD7FF) : 0x10000 + below(0xFFFFF));
            k += (size_t)utf8(c, text + k);
        }
        size_t plen, blen;
        char *packed = lz_compress_base64(text, k, &plen);
        CHECK(packed && plen % 4 == 0 && plen == strlen(packed));
        CHECKF(strspn(packed,
                      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") == plen,
               "round %d: %s", round, packed);
        char *back = lz_decompress_base64(packed, plen, 1 << 20, &blen);
        CHECKF(back && blen == k && !memcmp(back, text, k), "round %d (mode %d, %d characters)",
               round, mode, len);
        free(packed);
        free(back);
    }
    static const char bad[] = "a\xff\xc3(b\xed\xa0\x80z";
    size_t plen, blen;
    char *packed = lz_compress_base64(bad, strlen(bad), &plen);
    char *back = packed ? lz_decompress_base64(packed, plen, 1 << 10, &blen) : NULL;
    CHECK(back &&
          !strcmp(back, "a\xef\xbf\xbd\xef\xbf\xbd(b\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdz"));
    free(packed);
    free(back);
}

/* ------------------------------------------------------------ puzzles compared */

/* A constraint as compared: one of v's, or one cell of a rule f-puzzles
 * holds a cell an element. */
typedef struct flat {
    nonet_constraint c;
    int cell; /* -1: all its cells */
} flat;

static int cmp_int(int a, int b)
{
    return (a > b) - (a < b);
}

static int cmp_flat(const void *pa, const void *pb)
{
    const flat *a = pa, *b = pb;
    int c = cmp_int(a->c.type, b->c.type);
    c = c ? c : cmp_int(a->c.value, b->c.value);
    int la = a->cell >= 0 ? 1 : a->c.ncells, lb = b->cell >= 0 ? 1 : b->c.ncells;
    const int *ca = a->cell >= 0 ? a->c.cells + a->cell : a->c.cells;
    const int *cb = b->cell >= 0 ? b->c.cells + b->cell : b->c.cells;
    c = c ? c : cmp_int(la, lb);
    for (int i = 0; !c && i < la; i++)
        c = cmp_int(ca[i], cb[i]);
    c = c ? c : cmp_int(a->c.nvalues, b->c.nvalues);
    for (int i = 0; !c && i < a->c.nvalues; i++)
        c = cmp_int(a->c.values[i], b->c.values[i]);
    if (!c)
        c = a->c.text && b->c.text ? strcmp(a->c.text, b->c.text)
                                   : cmp_int(a->c.text != NULL, b->c.text != NULL);
    return c;
}

#define MAXFLAT 2048

/* v's constraints as compared, sorted, into out: how many. */
static int flatten(const nonet_variant *v, flat *out)
{
    int k = 0;
    for (int i = 0; i < nonet_variant_count_constraints(v) && k < MAXFLAT; i++) {
        nonet_constraint c;
        nonet_variant_get(v, i, &c);
        const vrule *r = vrule_of(c.type);
        if (r && r->fp == VFP_CELL)
            for (int j = 0; j < c.ncells && k < MAXFLAT; j++)
                out[k++] = (flat){c, j};
        else
            out[k++] = (flat){c, -1};
    }
    qsort(out, (size_t)k, sizeof *out, cmp_flat);
    int kept = 0;
    for (int i = 0; i < k; i++) {
        const vrule *r = vrule_of(out[i].c.type);
        int once = r && (r->fp == VFP_GLOBAL || r->fp == VFP_NEGATIVE);
        if (!once || !kept || cmp_flat(&out[kept - 1], &out[i]))
            out[kept++] = out[i];
    }
    return kept;
}

/* Whether a and b are the same puzzle: givens, regions, constraints. */
static int same_puzzle(const nonet_variant *a, const nonet_variant *b)
{
    static flat fa[MAXFLAT], fb[MAXFLAT];
    const nonet_grid *ga = nonet_variant_grid(a), *gb = nonet_variant_grid(b);
    int n = ga->n;
    uint8_t ra[NONET_MAX_CELLS], rb[NONET_MAX_CELLS];
    nonet_variant_regions(a, ra);
    nonet_variant_regions(b, rb);
    if (gb->n != n || memcmp(ga->cells, gb->cells, (size_t)n * (size_t)n) ||
        memcmp(ra, rb, (size_t)n * (size_t)n))
        return 0;
    int na = flatten(a, fa), nb = flatten(b, fb);
    if (na != nb)
        return 0;
    for (int i = 0; i < na; i++)
        if (cmp_flat(&fa[i], &fb[i]))
            return 0;
    return 1;
}

/* v written (link or JSON) into a malloc'd string; NULL when refused (why
 * says why). */
static char *written(const nonet_variant *v, const char *title, int link, char *why, size_t cap)
{
    long len = nonet_variant_fpuzzles(v, title, link, NULL, 0, why, cap);
    if (len < 0)
        return NULL;
    char *s = malloc((size_t)len + 1);
    if (s && nonet_variant_fpuzzles(v, title, link, s, (size_t)len + 1, why, cap) != len) {
        free(s);
        return NULL;
    }
    return s;
}

static nonet_variant *parsed(const char *text, char *name, nonet_error *err)
{
    nonet_variant *v = NULL;
    if (nonet_variant_parse(text, strlen(text), &v, name, err) != NONET_OK)
        return NULL;
    return v;
}

/* How many drawings of v copy a rule ("fromConstraint"). */
static int copies(const nonet_variant *v)
{
    int k = 0;
    for (size_t i = 0; i < v->ndraws; i++)
        k += v->draws[i].copy;
    return k;
}

/* The copies the writer draws for v: a line or a clue's number beside
 * each constraint of a rule of the constraint extension, one cage around
 * a rule's cells. */
static int copies_due(const nonet_variant *v)
{
    int k = 0;
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        int used = 0;
        for (int j = 0; j < nonet_variant_count_constraints(v); j++) {
            nonet_constraint c;
            nonet_variant_get(v, j, &c);
            used += c.type == r->pub.type;
        }
        if (!r->fp_from || !used)
            continue;
        k += r->fp == VFP_LINES || r->fp == VFP_OUTSIDE ? used
             : r->fp == VFP_CELLS || r->fp == VFP_CELL  ? 1
                                                        : 0;
    }
    return k;
}

/* v written as JSON and as a link, each read back as the same puzzle with
 * the same title, and the JSON written again the same. Returns 1, 0 when
 * refused (why), or -1 after a failed check. */
static int round_trip(const nonet_variant *v, const char *title, char *why, size_t cap,
                      int *copies_found)
{
    char *json = written(v, title, 0, why, cap);
    if (!json)
        return 0;
    char name[NONET_MAX_NAME + 1], again_why[320];
    nonet_error err;
    nonet_variant *back = parsed(json, name, &err);
    int ok = back && same_puzzle(v, back) && !strcmp(name, title ? title : "");
    if (!ok)
        snprintf(why, cap, "read back otherwise (%s): %.200s", back ? "" : err.message, json);
    char *again = ok ? written(back, name, 0, again_why, sizeof again_why) : NULL;
    if (ok && (!again || strcmp(again, json))) {
        snprintf(why, cap, "written again otherwise: %.150s / %.150s", json,
                 again ? again : again_why);
        ok = 0;
    }
    if (ok && copies_found)
        *copies_found = copies(back);
    char *link = ok ? written(v, title, 1, why, cap) : NULL;
    if (ok && (!link || strncmp(link, PREFIX, strlen(PREFIX)))) {
        ok = 0;
    } else if (ok) {
        size_t plen;
        char *payload = lz_decompress_base64(link + strlen(PREFIX), strlen(link + strlen(PREFIX)),
                                             1 << 22, &plen);
        nonet_variant *linked = parsed(link, NULL, &err);
        ok = payload && !strcmp(payload, json) && linked && same_puzzle(v, linked);
        if (!ok)
            snprintf(why, cap, "the link reads back otherwise: %.200s", link);
        free(payload);
        nonet_variant_free(linked);
    }
    free(link);
    free(again);
    free(json);
    nonet_variant_free(back);
    return ok ? 1 : -1;
}

/* ------------------------------------------------------------ random constraints */

typedef struct made {
    int cells[96], ncells, values[200], nvalues, value;
    char text[64];
} made;

static int used(const made *m, int c)
{
    for (int i = 0; i < m->ncells; i++)
        if (m->cells[i] == c)
            return 1;
    return 0;
}

/* len new cells, each touching the last as touch says (0: anywhere). */
static int random_run(int n, int touch, int len, made *m)
{
    for (int i = 0; i < len; i++) {
        int last = i ? m->cells[m->ncells - 1] : -1, c = -1;
        for (int tries = 0; tries < 100 && c < 0; tries++) {
            int x = below(n * n);
            if (last >= 0 && touch) {
                int dr = below(3) - 1, dc = below(3) - 1, r = last / n + dr, col = last % n + dc;
                if ((touch == 4 && dr && dc) || r < 0 || r >= n || col < 0 || col >= n)
                    continue;
                x = r * n + col;
            }
            if (!used(m, x))
                c = x;
        }
        if (c < 0)
            return 0;
        m->cells[m->ncells++] = c;
    }
    return 1;
}

/* The cells of a constraint of rule r on side n, as its shape and, where
 * f-puzzles asks more, its f-puzzles form say (a little killer a whole
 * diagonal, an arrow's bulb in reading order). Returns 0 when stuck. */
static int random_cells(const vrule *r, int n, made *m, int fp_form)
{
    const nonet_rule *p = &r->pub;
    if (fp_form && r->fp == VFP_LITTLE) {
        int dr = below(2) ? 1 : -1, dc = below(2) ? 1 : -1, row = below(n), col = below(n);
        while (row - dr >= 0 && row - dr < n && col - dc >= 0 && col - dc < n)
            row -= dr, col -= dc;
        for (; row >= 0 && row < n && col >= 0 && col < n; row += dr, col += dc)
            m->cells[m->ncells++] = row * n + col;
        return 1;
    }
    if (fp_form && r->fp == VFP_ARROW) {
        int bulb = 1 + below(3);
        if (!random_run(n, 0, bulb, m))
            return 0;
        for (int i = 0; i < bulb; i++) /* reading order */
            for (int j = i + 1; j < bulb; j++)
                if (m->cells[j] < m->cells[i]) {
                    int t = m->cells[i];
                    m->cells[i] = m->cells[j];
                    m->cells[j] = t;
                }
        m->cells[m->ncells++] = NONET_PART;
        return random_run(n, below(2) ? 8 : 0, 1 + below(4), m);
    }
    switch (p->shape) {
    case NONET_SHAPE_GLOBAL:
        return 1;
    case NONET_SHAPE_PAIR: {
        int r0 = below(n), c0 = below(n - 1), across = below(2);
        m->cells[0] = across ? r0 * n + c0 : c0 * n + r0;
        m->cells[1] = across ? r0 * n + c0 + 1 : (c0 + 1) * n + r0;
        m->ncells = 2;
        return 1;
    }
    case NONET_SHAPE_OUTSIDE: {
        int line = below(n), col = below(2), back = below(2);
        for (int i = 0; i < n; i++) {
            int j = back ? n - 1 - i : i;
            m->cells[m->ncells++] = col ? j * n + line : line * n + j;
        }
        return 1;
    }
    case NONET_SHAPE_PARTS: {
        int parts = p->parts ? p->parts : 2 + below(2);
        for (int i = 0; i < parts; i++) {
            if (i)
                m->cells[m->ncells++] = NONET_PART;
            if (!random_run(n, p->touch, 1 + below(3), m))
                return 0;
        }
        return 1;
    }
    default:
        return random_run(n, p->touch, 1 + below(5), m);
    }
}

/* How many cells m has (its parts' marks left out). */
static int cell_count(const made *m)
{
    int k = 0;
    for (int i = 0; i < m->ncells; i++)
        k += m->cells[i] != NONET_PART;
    return k;
}

/* Adds a random constraint of rule r to v (fp_form: one f-puzzles can
 * hold, as far as its cells and value go). Returns 1 when added. */
static int add_random(nonet_variant *v, const vrule *r, int fp_form)
{
    int n = nonet_variant_grid(v)->n;
    const nonet_rule *p = &r->pub;
    for (int attempt = 0; attempt < 400; attempt++) {
        made m;
        memset(&m, 0, sizeof m);
        if (!random_cells(r, n, &m, fp_form))
            continue;
        int cells = cell_count(&m);
        switch (p->values) {
        case NONET_VALUES_NONE:
            break;
        case NONET_VALUES_WEIGHTS:
            for (int i = 0; i < cells; i++)
                m.values[m.nvalues++] = (1 + below(5)) * (below(2) ? 1 : -1);
            break;
        case NONET_VALUES_EXACT:
            m.nvalues = cells;
            for (int i = 0; i < m.nvalues; i++)
                m.values[i] = 1 + below(n);
            break;
        case NONET_VALUES_PAIRS:
            m.nvalues = 2 * (1 + below(6));
            for (int i = 0; i < m.nvalues; i++)
                m.values[i] = 1 + below(n);
            break;
        default: /* digits, and what rules to come take: a few digits */
            m.nvalues = 1 + below(cells < 4 ? cells : 4);
            for (int i = 0; i < m.nvalues; i++)
                m.values[i] = 1 + below(n);
            break;
        }
        if (p->text)
            snprintf(m.text, sizeof m.text, "(%d|[1-%d]) .*", 1 + below(n), n);
        if (p->valued)
            m.value = attempt < 5 && p->valued == 1 ? 0 : below(3 * n * (cells + 1)) - n * cells;
        if (fp_form && (r->fp == VFP_GLOBAL || r->fp == VFP_NEGATIVE))
            m.value = r->fp_value;
        if (fp_form && r->fp == VFP_XV)
            m.value = below(2) ? 10 : 5;
        if (fp_form && r->fp == VFP_LITTLE && m.value <= 0)
            continue;
        if (fp_form && p->valued && attempt % 4 == 1)
            m.value = r->fp_value; /* the value an element without one means */
        nonet_constraint c = {p->type,
                              m.value,
                              m.ncells,
                              m.cells,
                              m.nvalues,
                              m.nvalues ? m.values : NULL,
                              p->text ? m.text : NULL};
        if (nonet_variant_add(v, &c, NULL, 0) == NONET_OK) {
            if (fp_form && r->fp == VFP_NEGATIVE && r->fp_value2) {
                c.value = r->fp_value2;
                nonet_variant_add(v, &c, NULL, 0);
            }
            return 1;
        }
    }
    return 0;
}

/* A random partition of the grid into n regions of n cells. */
static void random_regions(nonet_variant *v, int n)
{
    int perm[NONET_MAX_CELLS];
    uint8_t region[NONET_MAX_CELLS];
    for (int c = 0; c < n * n; c++)
        perm[c] = c;
    for (int c = n * n - 1; c > 0; c--) {
        int j = below(c + 1), x = perm[c];
        perm[c] = perm[j];
        perm[j] = x;
    }
    for (int c = 0; c < n * n; c++)
        region[perm[c]] = (uint8_t)(c / n);
    nonet_variant_set_regions(v, region, NULL, 0);
}

/* ------------------------------------------------------------ the rows */

/* Every row with an f-puzzles key: random constraints of it (and of other
 * such rows) on 4x4, 6x6 and 9x9 grids, some with givens and jigsaw
 * regions, written as f-puzzles JSON and as a link, read back as the same
 * puzzle (the title too), written again the same; the constraint
 * extension's copies drawn beside its rules. */
static void test_rows_round_trip(void)
{
    rng_state = 3939;
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        if (r->fp == VFP_NONE || !r->pub.fpuzzles[0])
            continue;
        int made_some = 0;
        for (int round = 0; round < 24; round++) {
            int side = round % 3 == 0 ? 4 : round % 3 == 1 ? 6 : 9;
            nonet_grid g;
            nonet_grid_init(&g, side == 9 ? 3 : 2, side == 4 ? 2 : 3);
            for (int c = 0; c < side * side && round % 4 == 1; c++)
                g.cells[c] = below(8) ? 0 : (uint8_t)(1 + below(side));
            nonet_variant *v = nonet_variant_new(&g);
            CHECK(v != NULL);
            if (round % 5 == 2)
                random_regions(v, side);
            int k = 0, want = 1 + below(3), others = below(3);
            for (int j = 0; j < want; j++)
                k += add_random(v, r, 1);
            for (int j = 0; j < others; j++) {
                const vrule *o = vrule_at(below(vrule_count()));
                if (o->fp != VFP_NONE && o->pub.fpuzzles[0])
                    add_random(v, o, 1);
            }
            if (!k) {
                nonet_variant_free(v);
                continue;
            }
            made_some++;
            char why[512] = "", title[32] = "";
            if (round % 2)
                snprintf(title, sizeof title, "%s \"%d\"", r->pub.name, round);
            int found = -1, rc = round_trip(v, title, why, sizeof why, &found);
            CHECKF(rc == 1, "%s (%dx%d): %s", r->pub.name, side, side,
                   rc     ? why
                   : *why ? why
                          : "refused");
            CHECKF(found == copies_due(v), "%s: %d copies drawn, %d due", r->pub.name, found,
                   copies_due(v));
            nonet_variant_free(v);
        }
        if (!made_some) /* a rule whose every constraint is refused */
            printf("note: no constraint of %s was taken to write in f-puzzles\n", r->pub.name);
    }
}

/* Any rule, its constraints made from its row alone (any cells, any
 * value): written whole and read back the same, or refused with a
 * sentence that names the rule, never written as another puzzle. */
static void test_any_rule(void)
{
    rng_state = 4040;
    int written_some = 0, refused_some = 0;
    for (int i = 0; i < vrule_count(); i++) {
        const vrule *r = vrule_at(i);
        for (int round = 0; round < 12; round++) {
            int side = round % 2 ? 4 : 9;
            nonet_grid g;
            nonet_grid_init(&g, side == 9 ? 3 : 2, side == 9 ? 3 : 2);
            nonet_variant *v = nonet_variant_new(&g);
            if (!add_random(v, r, 0)) {
                nonet_variant_free(v);
                continue;
            }
            char why[512] = "";
            int rc = round_trip(v, NULL, why, sizeof why, NULL);
            CHECKF(rc >= 0, "%s: %s", r->pub.name, why);
            CHECKF(rc == 1 || (strstr(why, "f-puzzles cannot hold ") && strstr(why, r->pub.name)),
                   "%s refused without its name: %s", r->pub.name, why);
            written_some += rc == 1;
            refused_some += rc == 0;
            nonet_variant_free(v);
        }
    }
    CHECK(written_some > 0 && refused_some > 0);
}

/* ------------------------------------------------------------ files as the tools write them */

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = malloc(1 << 20);
    size_t n = s ? fread(s, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (s)
        s[n] = '\0';
    return s;
}

/* The JSON texts of v's drawings that copy no rule, in order, joined. */
static void own_drawings(const nonet_variant *v, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < v->ndraws && len < cap; i++)
        if (!v->draws[i].copy)
            len += (size_t)snprintf(out + len, cap - len, "%s|", v->dtext + v->draws[i].json);
}

/* f-puzzles files as f-puzzles and its constraint extension write them
 * (tests/data/fpuzzles), and a link the lz-string package made of one:
 * read, written, read back as the same puzzle with the same title and
 * the same drawings of their own (the extension's copies of the rules it
 * draws drawn anew), written again the same. */
static void test_files(void)
{
    static const struct {
        const char *file;
        int cons, draws, copies; /* as read: constraints, drawings (copies) */
    } files[] = {
        {"tests/data/fpuzzles/core.json", 19, 5, 0},
        {"tests/data/fpuzzles/extension.json", 6, 10, 9},
        {"tests/data/fpuzzles/jigsaw.json", 6, 1, 1},
        {"tests/data/fpuzzles/link.txt", 6, 1, 1},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *text = slurp(files[i].file);
        CHECKF(text != NULL, "%s: cannot read it", files[i].file);
        char name[NONET_MAX_NAME + 1], why[512] = "";
        nonet_error err;
        nonet_variant *v = parsed(text, name, &err);
        free(text);
        CHECKF(v != NULL, "%s: %s", files[i].file, err.message);
        CHECKF(nonet_variant_count_constraints(v) == files[i].cons &&
                   (int)v->ndraws == files[i].draws && copies(v) == files[i].copies,
               "%s: %d constraints, %zu drawings (%d copies)", files[i].file,
               nonet_variant_count_constraints(v), v->ndraws, copies(v));
        int rc = round_trip(v, name, why, sizeof why, NULL);
        CHECKF(rc == 1, "%s: %s", files[i].file, rc ? why : *why ? why : "refused");
        char *json = written(v, name, 0, why, sizeof why);
        nonet_variant *back = json ? parsed(json, NULL, &err) : NULL;
        CHECK(back != NULL);
        static char mine[1 << 16], theirs[1 << 16];
        own_drawings(v, mine, sizeof mine);
        own_drawings(back, theirs, sizeof theirs);
        CHECKF(!strcmp(mine, theirs), "%s: drawings %.200s / %.200s", files[i].file, mine, theirs);
        /* the copies: the extension's of the rules it draws anew, the
         * others as the file wrote them */
        int kept = 0;
        for (size_t d = 0; d < v->ndraws; d++) {
            char key[64];
            const char *dj = v->dtext + v->draws[d].json;
            if (v->draws[d].copy &&
                variant_fpuzzles_drawn_key(dj, strlen(dj), key, sizeof key) == 1 &&
                !(vrule_fpuzzles(key) && vrule_fpuzzles(key)->fp_from))
                kept += strstr(json, dj) != NULL;
        }
        CHECKF(copies(back) == kept + copies_due(v), "%s: %d copies, %d kept and %d drawn anew",
               files[i].file, copies(back), kept, copies_due(v));
        free(json);
        nonet_variant_free(back);
        nonet_variant_free(v);
    }
}

/* ------------------------------------------------------------ refusals, the contract */

/* Puzzles f-puzzles cannot hold whole: refused, each naming the rule. */
static void test_refusals(void)
{
    static const struct {
        const char *text, *words;
    } cases[] = {
        {"regex r1c1 r1c2 \"12\"", "regex r1c1 r1c2: f-puzzles has no such rule"},
        {"pair r1c1 r1c2 [1 2]", "pair r1c1 r1c2"},
        {"weightedsum r1c1 r1c2 [1 2] = 5", "weightedsum r1c1 r1c2 = 5"},
        {"contains r1c1 r1c2 [1]", "contains r1c1 r1c2"},
        {"containsexactly r1c1 r1c2 [1 2]", "containsexactly"},
        {"distinct r1c1 r2c3", "distinct r1c1 r2c3"},
        {"nonconsecutive", "nonconsecutive: f-puzzles has no such rule"},
        {"sum r1c1 r1c2 = 7", "sum r1c1 r1c2 = 7: f-puzzles' XV marks"},
        {"negative x", "negative sum = 10: f-puzzles' \"negative\": [\"xv\"] is both"},
        {"negative ratio = 3", "negative ratio = 3"},
        {"littlekiller r1c1 r1c2 = 3", "littlekiller r1c1 r1c2 = 3: f-puzzles' little killer"},
        {"littlekiller r2c2 r3c3 = 5", "whole diagonal"},
        {"arrow r1c2 r1c1 : r2c2", "arrow r1c2 r1c1 : r2c2: f-puzzles reads the digits"},
        {"negative difference = 2", "negative difference = 2: its key \"nonconsecutive\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256], why[320] = "", buf[64] = "untouched";
        snprintf(text, sizeof text, "....\n....\n....\n....\n%s\n", cases[i].text);
        nonet_error err;
        nonet_variant *v = parsed(text, NULL, &err);
        CHECKF(v != NULL, "%s: %s", cases[i].text, err.message);
        long rc = nonet_variant_fpuzzles(v, NULL, i % 2, buf, sizeof buf, why, sizeof why);
        CHECKF(rc == NONET_EARG && strstr(why, cases[i].words) && !strcmp(buf, "untouched"),
               "%s: %ld, %s", cases[i].text, rc, why);
        nonet_variant_free(v);
    }
    /* boxes that f-puzzles does not give its size: written as regions,
     * refused beside a rule of the whole grid, which may read them */
    nonet_grid g;
    nonet_grid_init(&g, 3, 2);
    g.cells[0] = 1;
    nonet_variant *v = nonet_variant_new(&g);
    nonet_constraint thermo = {NONET_CON_THERMO, 0, 2, (const int[]){1, 2}, 0, NULL, NULL};
    CHECK(nonet_variant_add(v, &thermo, NULL, 0) == NONET_OK);
    char why[320];
    CHECKF(round_trip(v, NULL, why, sizeof why, NULL) == 1, "%s", why);
    nonet_constraint windoku = {NONET_CON_WINDOKU, 0, 0, NULL, 0, NULL, NULL};
    CHECK(nonet_variant_add(v, &windoku, NULL, 0) == NONET_OK);
    CHECK(nonet_variant_fpuzzles(v, NULL, 0, NULL, 0, why, sizeof why) == NONET_EARG);
    CHECKF(strstr(why, "windoku: f-puzzles gives a grid of 6 boxes of 2x3"), "%s", why);
    nonet_variant_free(v);
    CHECK(nonet_variant_fpuzzles(NULL, NULL, 0, NULL, 0, why, sizeof why) == NONET_EARG);
}

/* As snprintf: the length needed whatever the room, a prefix and a NUL
 * in what there is; the same text whatever the room; a classic puzzle
 * too; the title escaped. */
static void test_contract(void)
{
    nonet_error err;
    nonet_variant *v = parsed("1...\n..2.\n....\n....\nthermo r1c2 r1c3 r1c4\n", NULL, &err);
    CHECK(v != NULL);
    const char *title = "a \"quoted\" \\ title\twith a tab, caf\xc3\xa9";
    for (int link = 0; link < 2; link++) {
        char why[320], full[4096], part[4096];
        long len = nonet_variant_fpuzzles(v, title, link, NULL, 0, why, sizeof why);
        CHECK(len > 0 && len < (long)sizeof full);
        CHECK(nonet_variant_fpuzzles(v, title, link, full, sizeof full, NULL, 0) == len);
        CHECK((long)strlen(full) == len);
        for (size_t cap = 1; cap < 64; cap += 7) {
            memset(part, 'x', sizeof part);
            CHECK(nonet_variant_fpuzzles(v, title, link, part, cap, NULL, 0) == len);
            CHECK(strlen(part) == cap - 1 && !strncmp(part, full, cap - 1));
        }
        char name[NONET_MAX_NAME + 1];
        nonet_variant *back = parsed(full, name, &err);
        CHECKF(back && same_puzzle(v, back) && !strcmp(name, title), "%s", full);
        if (!link)
            CHECKF(!strncmp(full, "{\"size\":4,\"title\":\"a \\\"quoted\\\" \\\\ title\\u0009with",
                            50),
                   "%s", full);
        nonet_variant_free(back);
    }
    nonet_variant_free(v);
    /* a classic puzzle: its givens alone */
    nonet_grid g;
    nonet_grid_init(&g, 3, 3);
    g.cells[40] = 5;
    v = nonet_variant_new(&g);
    char why[320];
    CHECKF(round_trip(v, "classic", why, sizeof why, NULL) == 1, "%s", why);
    nonet_variant_free(v);
}

void suite_fpuzzles(void)
{
    RUN(test_lz_known_pairs);
    RUN(test_lz_random);
    RUN(test_rows_round_trip);
    RUN(test_any_rule);
    RUN(test_files);
    RUN(test_refusals);
    RUN(test_contract);
}
