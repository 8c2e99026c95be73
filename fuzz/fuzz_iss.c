/* fuzz_iss.c - libFuzzer harness for Interactive Sudoku Solver's constraint
 * strings (src/variant/iss.c): read, write back, read again.
 *
 * Any bytes are read by the ISS reader itself (variant_parse_iss, so that
 * every input reaches it). A failure must come with a message and a line
 * and column; where nonet_variant_sniff says the bytes are ISS's,
 * nonet_variant_parse must read them as the ISS reader does. A puzzle
 * read is written back as an ISS string (nonet_variant_iss: its length as
 * snprintf says, the bytes the same however large the buffer) unless the
 * writer refuses it with a sentence; what it writes must read back, and
 * write the same string again (the writer and the reader agree), with the
 * same text form (nonet_variant_format) as the puzzle first read, its
 * values left out given (a whisper's gap), except for the order of its
 * constraints; on sides up to 6 both count the same to 2. */
#include "nonet.h"
#include "variant/variant.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* v's ISS string (malloc'd), or NULL when the writer refuses it. */
static char *iss_of(const nonet_variant *v)
{
    char why[256] = "";
    long len = nonet_variant_iss(v, NULL, 0, why, sizeof why);
    if (len == NONET_EARG) {
        if (!why[0])
            abort();
        return NULL;
    }
    if (len < 0)
        abort();
    char *s = malloc((size_t)len + 1), small[7];
    if (!s || nonet_variant_iss(v, s, (size_t)len + 1, NULL, 0) != len || strlen(s) != (size_t)len)
        abort();
    /* a short buffer gets the string's start */
    if (nonet_variant_iss(v, small, sizeof small, NULL, 0) != len ||
        strncmp(small, s, sizeof small - 1) != 0)
        abort();
    return s;
}

static uint64_t count_of(const nonet_variant *v)
{
    uint64_t count = 0;
    if (nonet_variant_count(v, 2, &count, NULL, NULL, NULL) != NONET_OK)
        abort();
    return count;
}

/* The text form's constraint lines of v, sorted, as one string. */
static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *sorted_lines(const nonet_variant *v)
{
    long len = nonet_variant_format(v, NULL, 0);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (!text)
        abort();
    nonet_variant_format(v, text, (size_t)len + 1);
    size_t k = 0, cap = 16;
    char **lines = malloc(cap * sizeof *lines);
    for (char *p = strtok(text, "\n"); p && lines; p = strtok(NULL, "\n")) {
        if (k == cap)
            lines = realloc(lines, (cap *= 2) * sizeof *lines);
        if (lines)
            lines[k++] = p;
    }
    if (!lines)
        abort();
    qsort(lines, k, sizeof *lines, by_text);
    char *out = malloc((size_t)len + 2);
    size_t at = 0;
    for (size_t i = 0; out && i < k; i++) {
        size_t l = strlen(lines[i]);
        memcpy(out + at, lines[i], l);
        at += l;
        out[at++] = '\n';
    }
    if (!out)
        abort();
    out[at] = '\0';
    free(lines);
    free(text);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    nonet_variant *v = NULL;
    nonet_error err;
    memset(&err, 0, sizeof err);
    int rc = variant_parse_iss(text, size, &v, NULL, &err);
    if (rc != NONET_OK) {
        if (v || (rc == NONET_EARG && (!err.message[0] || err.line < 1 || err.column < 1)))
            abort();
    }
    if (nonet_variant_sniff(text, size) && variant_iss_kind(text, size)) {
        nonet_variant *same = NULL;
        nonet_error e2;
        if (nonet_variant_parse(text, size, &same, NULL, &e2) != rc ||
            (rc == NONET_EARG && strcmp(e2.message, err.message)))
            abort();
        nonet_variant_free(same);
    }
    if (rc != NONET_OK)
        return 0;
    char *iss = iss_of(v);
    if (iss) {
        nonet_variant *back = NULL;
        if (variant_parse_iss(iss, strlen(iss), &back, NULL, &err) != NONET_OK)
            abort();
        char *again = iss_of(back);
        if (!again || strcmp(iss, again))
            abort();
        /* the same givens, regions and constraints (a cell of the digits
         * rule may have moved to a constraint of its own digits: compare
         * the texts when it has none) */
        int digits = 0;
        for (int i = 0; i < nonet_variant_count_constraints(v); i++) {
            nonet_constraint c;
            nonet_variant_get(v, i, &c);
            digits |= c.type == NONET_CON_DIGITS;
        }
        if (!digits) {
            /* v with each value left out given as what it stands for (a
             * whisper's gap), as ISS's strings write it */
            nonet_variant *w = nonet_variant_new(nonet_variant_grid(v));
            uint8_t region[NONET_MAX_CELLS];
            if (!w || (nonet_variant_regions(v, region) &&
                       nonet_variant_set_regions(w, region, NULL, 0) != NONET_OK))
                abort();
            for (int i = 0; i < nonet_variant_count_constraints(v); i++) {
                nonet_constraint c;
                nonet_variant_get(v, i, &c);
                const vrule *r = vrule_of(c.type);
                if (!c.value && r->zero)
                    c.value = r->zero(nonet_variant_grid(v)->n);
                if (nonet_variant_add(w, &c, NULL, 0) != NONET_OK)
                    abort();
            }
            char *a = sorted_lines(w), *b = sorted_lines(back);
            if (strcmp(a, b))
                abort();
            free(a);
            free(b);
            nonet_variant_free(w);
        }
        if (nonet_variant_grid(v)->n <= 6 && count_of(v) != count_of(back))
            abort();
        free(again);
        nonet_variant_free(back);
        free(iss);
    }
    nonet_variant_free(v);
    return 0;
}
