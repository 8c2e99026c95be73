/* fuzz_fpuzzles.c - libFuzzer harness for the f-puzzles writer (make
 * fuzz): any bytes read as a variant puzzle (nonet_variant_parse: the
 * text form, f-puzzles JSON, links), then written as f-puzzles JSON and
 * as a link (nonet_variant_fpuzzles).
 *
 * A puzzle the writer refuses must be one f-puzzles cannot hold, said so
 * with the constraint's words ("f-puzzles cannot hold ..."), never a
 * writer that failed its own read-back. A puzzle written must read back
 * as the same puzzle (givens, regions, its constraints as a multiset:
 * odd and even a constraint a cell, a rule of the whole grid once, as
 * f-puzzles holds them), with every drawing of its own, and be written
 * again the same; the link must carry that JSON (the decompressor gives
 * it back) and read back the same; both are written as snprintf writes. */
#include "fuzz_check.h"
#include "nonet.h"
#include "variant/lzstring.h"
#include "variant/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct flat {
    nonet_constraint c;
    int cell; /* -1: all its cells; else the one of a rule held a cell an element */
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

/* v's constraints as compared, sorted (malloc'd; *count of them). */
static flat *flatten(const nonet_variant *v, int *count)
{
    int total = 0;
    for (int i = 0; i < nonet_variant_count_constraints(v); i++) {
        nonet_constraint c;
        nonet_variant_get(v, i, &c);
        total += vrule_of(c.type)->fp == VFP_CELL ? c.ncells : 1;
    }
    flat *out = malloc(((size_t)total + 1) * sizeof *out);
    if (!out)
        abort();
    int k = 0;
    for (int i = 0; i < nonet_variant_count_constraints(v); i++) {
        nonet_constraint c;
        nonet_variant_get(v, i, &c);
        if (vrule_of(c.type)->fp == VFP_CELL)
            for (int j = 0; j < c.ncells; j++)
                out[k++] = (flat){c, j};
        else
            out[k++] = (flat){c, -1};
    }
    qsort(out, (size_t)k, sizeof *out, cmp_flat);
    int kept = 0;
    for (int i = 0; i < k; i++) {
        int fp = vrule_of(out[i].c.type)->fp;
        if ((fp != VFP_GLOBAL && fp != VFP_NEGATIVE) || !kept || cmp_flat(&out[kept - 1], &out[i]))
            out[kept++] = out[i];
    }
    *count = kept;
    return out;
}

/* Aborts unless a and b are the same puzzle; and (drawings) unless b has
 * every drawing of a's own (not a copy of a rule) and no other, each kind
 * in order. */
static void same_puzzle(const nonet_variant *a, const nonet_variant *b, int drawings)
{
    const nonet_grid *ga = nonet_variant_grid(a), *gb = nonet_variant_grid(b);
    size_t cells = (size_t)ga->n * (size_t)ga->n;
    uint8_t ra[NONET_MAX_CELLS], rb[NONET_MAX_CELLS];
    nonet_variant_regions(a, ra);
    nonet_variant_regions(b, rb);
    if (gb->n != ga->n || memcmp(ga->cells, gb->cells, cells) || memcmp(ra, rb, cells))
        abort();
    int na, nb;
    flat *fa = flatten(a, &na), *fb = flatten(b, &nb);
    if (na != nb)
        abort();
    for (int i = 0; i < na; i++)
        if (cmp_flat(&fa[i], &fb[i]))
            abort();
    free(fa);
    free(fb);
    for (int kind = 0; kind < VD_KINDS && drawings; kind++) {
        size_t j = 0;
        for (size_t i = 0; i < a->ndraws; i++) {
            if (a->draws[i].copy || (int)a->draws[i].kind != kind)
                continue;
            while (j < b->ndraws && (b->draws[j].copy || (int)b->draws[j].kind != kind))
                j++;
            if (j == b->ndraws || strcmp(a->dtext + a->draws[i].json, b->dtext + b->draws[j].json))
                abort();
            j++;
        }
        for (; j < b->ndraws; j++)
            if (!b->draws[j].copy && (int)b->draws[j].kind == kind)
                abort(); /* one of b's own that a lacks */
    }
}

/* Whether s is well-formed UTF-8 (what a link carries as it is). */
static int valid_utf8(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        size_t k = u[i] < 0x80 ? 1 : utf8_char(u + i, len - i);
        if (!k)
            return 0;
        i += k;
    }
    return 1;
}

/* v written (link or JSON), checked as snprintf writes; NULL when refused
 * (why). */
static char *written(const nonet_variant *v, const char *title, int link, char *why, size_t cap)
{
    long len = nonet_variant_fpuzzles(v, title, link, NULL, 0, why, cap);
    if (len < 0) {
        if (len != NONET_EARG)
            abort(); /* out of memory: not here */
        return NULL;
    }
    char *text = malloc((size_t)len + 1), part[40];
    if (!text || nonet_variant_fpuzzles(v, title, link, text, (size_t)len + 1, NULL, 0) != len ||
        strlen(text) != (size_t)len)
        abort();
    size_t small = (size_t)len % sizeof part + 1;
    check_cut(text, len, part, nonet_variant_fpuzzles(v, title, link, part, small, NULL, 0), small);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nonet_variant *v = NULL;
    nonet_error err;
    char name[NONET_MAX_NAME + 1], why[512] = "";
    if (nonet_variant_parse((const char *)data, size, &v, name, &err) != NONET_OK)
        return 0;
    char *json = written(v, name, 0, why, sizeof why);
    if (!json) { /* refused: a constraint named, what f-puzzles lacks */
        if (strncmp(why, "f-puzzles cannot hold ", 22) || written(v, name, 1, why, sizeof why))
            abort();
        nonet_variant_free(v);
        return 0;
    }
    nonet_variant *back = NULL;
    char back_name[NONET_MAX_NAME + 1];
    if (nonet_variant_parse(json, strlen(json), &back, back_name, &err) != NONET_OK)
        abort();
    same_puzzle(v, back, 1);
    if (strcmp(name, back_name))
        abort();
    char *again = written(back, back_name, 0, why, sizeof why);
    if (!again || strcmp(again, json))
        abort();
    /* the link: that JSON, compressed */
    char *link = written(v, name, 1, why, sizeof why);
    static const char prefix[] = "https://www.f-puzzles.com/?load=";
    if (!link || strncmp(link, prefix, sizeof prefix - 1))
        abort();
    size_t plen;
    const char *payload = link + sizeof prefix - 1;
    char *unpacked = lz_decompress_base64(payload, strlen(payload), 1u << 26, &plen);
    if (!unpacked || (valid_utf8(json) && strcmp(unpacked, json)))
        abort();
    nonet_variant *linked = NULL;
    if (nonet_variant_parse(link, strlen(link), &linked, NULL, &err) != NONET_OK)
        abort();
    same_puzzle(v, linked, valid_utf8(json)); /* else U+FFFD in its drawings' text */
    free(unpacked);
    free(link);
    free(again);
    free(json);
    nonet_variant_free(linked);
    nonet_variant_free(back);
    nonet_variant_free(v);
    return 0;
}
