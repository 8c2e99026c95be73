/* fpuzzles.c - stub */
#include "variant/variant.h"

#include <stdio.h>

int variant_parse_fpuzzles(const char *text, size_t len, nonet_variant **out, char *name,
                           nonet_error *err)
{
    (void)text;
    (void)len;
    (void)out;
    (void)name;
    if (err) {
        err->code = NONET_EARG;
        snprintf(err->message, sizeof err->message, "no");
    }
    return NONET_EARG;
}
