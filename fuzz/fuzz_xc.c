/* fuzz_xc.c - libFuzzer harness for the exact cover reader (make fuzz).
 *
 * Any bytes are read as a DLX1/DLX2 problem, fed in two uneven pieces and
 * then whole: both readings must agree (same status, same error position
 * and message, same problem). A problem read without error is solved with
 * a small limit, twice, with identical statistics (the search must leave
 * the links as it found them), and every option must format back into
 * text that reads as the same option. */
#include "nonet.h"

#include <stdlib.h>
#include <string.h>

static int count_levels(void *ctx, const nonet_xc_choice *levels, size_t count)
{
    size_t *total = ctx;
    for (size_t i = 0; i < count; i++)
        if (levels[i].index < 1 || levels[i].index > levels[i].choices)
            abort();
    *total += count;
    return 0;
}

static void check_options(nonet_xc *x)
{
    static char text[4096], line[8192];
    nonet_xc_info info;
    nonet_xc_get_info(x, &info);
    if (info.options > 50)
        info.options = 50;
    /* the item line, then each option alone: one solution or none */
    size_t len = 0;
    for (int i = 0; i < info.primary + info.secondary && len < sizeof line - 64; i++) {
        char name[NONET_XC_NAME_MAX + 1];
        if (nonet_xc_item_name(x, i, name) != NONET_OK)
            abort();
        if (i == info.primary)
            line[len++] = '|', line[len++] = ' ';
        size_t n = strlen(name);
        memcpy(line + len, name, n);
        len += n;
        line[len++] = ' ';
    }
    if (len >= sizeof line - 64)
        return;
    line[len++] = '\n';
    for (size_t o = 0; o < info.options; o++) {
        long n = nonet_xc_format_option(x, o, -1, text, sizeof text);
        if (n < 0 || (size_t)n >= sizeof text || len + (size_t)n + 2 > sizeof line)
            continue;
        memcpy(line + len, text, (size_t)n);
        line[len + (size_t)n] = '\n';
        nonet_xc *back;
        if (nonet_xc_parse(line, len + (size_t)n + 1, NULL, NULL, &back, NULL) != NONET_OK)
            abort();
        nonet_xc_info bi;
        nonet_xc_get_info(back, &bi);
        if (bi.options != 1)
            abort();
        nonet_xc_free(back);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nonet_error e1, e2;
    nonet_xc *whole = NULL;
    int r1 = nonet_xc_parse((const char *)data, size, NULL, NULL, &whole, &e1);

    nonet_xc *pieces = nonet_xc_new(NULL, NULL);
    if (!pieces)
        return 0;
    size_t cut = size ? data[0] % (size + 1) : 0;
    int r2 = nonet_xc_feed(pieces, data, cut, &e2);
    if (r2 == NONET_OK)
        r2 = nonet_xc_feed(pieces, data + cut, size - cut, &e2);
    if (r2 == NONET_OK)
        r2 = nonet_xc_end(pieces, &e2);
    if (r1 != r2 || (r1 == NONET_OK) != (whole != NULL))
        abort();
    if (r1 != NONET_OK) {
        if (e1.line != e2.line || e1.column != e2.column || strcmp(e1.message, e2.message) ||
            e1.message[0] == '\0' || e1.code != r1)
            abort();
        nonet_xc_free(pieces);
        return 0;
    }
    nonet_xc_info a, b;
    nonet_xc_get_info(whole, &a);
    nonet_xc_get_info(pieces, &b);
    if (memcmp(&a, &b, sizeof a) != 0)
        abort();
    nonet_xc_stats s1, s2;
    size_t l1 = 0, l2 = 0;
    if (nonet_xc_solve(whole, 100, count_levels, &l1, &s1) != NONET_OK ||
        nonet_xc_solve(whole, 100, count_levels, &l2, &s2) != NONET_OK ||
        memcmp(&s1, &s2, sizeof s1) != 0 || l1 != l2 || s1.solutions > 100)
        abort();
    check_options(whole);
    nonet_xc_free(whole);
    nonet_xc_free(pieces);
    return 0;
}
