/* fuzz_variant.c - libFuzzer harness for the variant readers (make fuzz):
 * nonet's text form, f-puzzles JSON and links (LZ-string), all through
 * nonet_variant_parse.
 *
 * Any bytes are read as a variant puzzle. A failure must come with a
 * message; a puzzle read must write (nonet_variant_format) text that reads
 * back as a puzzle that writes the same text; its constraints, given back
 * (nonet_variant_get) and added to a new variant, must make one that
 * writes the same text too, and JSON (nonet_variant_json); and its count
 * to 2 must find only solutions that the library's own check accepts. */
#include "nonet.h"

#include <stdlib.h>
#include <string.h>

typedef struct ctx {
    const nonet_variant *v;
} ctx;

static int checked(void *c, const nonet_grid *solution)
{
    const ctx *x = c;
    if (nonet_variant_check(x->v, solution, NULL, 0) != NONET_OK)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nonet_variant *v = NULL;
    nonet_error err;
    int rc = nonet_variant_parse((const char *)data, size, &v, NULL, &err);
    if (rc != NONET_OK) {
        if (v || (rc != NONET_ENOMEM && err.message[0] == '\0'))
            abort();
        return 0;
    }
    long len = nonet_variant_format(v, NULL, 0);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL, *again = NULL;
    if (!text)
        abort();
    nonet_variant_format(v, text, (size_t)len + 1);
    nonet_variant *back = NULL;
    if (nonet_variant_parse(text, (size_t)len, &back, NULL, &err) != NONET_OK)
        abort();
    long len2 = nonet_variant_format(back, NULL, 0);
    again = malloc((size_t)len2 + 1);
    if (!again)
        abort();
    nonet_variant_format(back, again, (size_t)len2 + 1);
    if (len != len2 || strcmp(text, again))
        abort();
    /* the public description of each constraint carries all of it */
    nonet_variant *copy = nonet_variant_new(nonet_variant_grid(v));
    uint8_t region[NONET_MAX_CELLS];
    if (!copy || (nonet_variant_regions(v, region) &&
                  nonet_variant_set_regions(copy, region, NULL, 0) != NONET_OK))
        abort();
    for (int i = 0; i < nonet_variant_count_constraints(v); i++) {
        nonet_constraint c;
        if (nonet_variant_get(v, i, &c) != NONET_OK || !nonet_rule_of(c.type) ||
            nonet_variant_add(copy, &c, NULL, 0) != NONET_OK)
            abort();
    }
    long len3 = nonet_variant_format(copy, NULL, 0);
    char *third = len3 == len ? malloc((size_t)len3 + 1) : NULL;
    if (!third)
        abort();
    nonet_variant_format(copy, third, (size_t)len3 + 1);
    if (strcmp(text, third) || nonet_variant_json(v, NULL, 0) <= 0)
        abort();
    free(third);
    nonet_variant_free(copy);
    /* small grids only: a big empty one would take the fuzzer's time */
    if (nonet_variant_grid(v)->n <= 9) {
        ctx x = {v};
        uint64_t count;
        if (nonet_variant_run(v, 2, checked, &x, &count, NULL, NULL) != NONET_OK)
            abort();
    }
    free(text);
    free(again);
    nonet_variant_free(back);
    nonet_variant_free(v);
    return 0;
}
