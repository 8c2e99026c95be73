/* teach.c - helpers shared by the teaching solvers: the clue check, trace
 * messages and the candidate display. */
#include "teach.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int teach_clues_conflict(const nonet_grid *g)
{
    nonet_check_result res;
    return nonet_check(g, &res) == NONET_ECONFLICT;
}

void teach_say(nonet_trace_fn trace, void *ctx, const char *fmt, ...)
{
    if (trace == NULL)
        return;
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    trace(ctx, line);
}

int teach_show_sets(teach_display *d, const nonet_grid *g, const uint64_t *sets,
                    nonet_trace_fn trace, void *ctx)
{
    if (trace == NULL)
        return NONET_OK;
    long need = nonet_format_candidates(g, sets, NULL, 0);
    if (need < 0)
        return NONET_EARG; /* cannot happen: the engines pass valid shapes */
    if ((size_t)need + 1 > d->cap) {
        char *bigger = realloc(d->text, (size_t)need + 1);
        if (bigger == NULL)
            return NONET_ENOMEM;
        d->text = bigger;
        d->cap = (size_t)need + 1;
    }
    nonet_format_candidates(g, sets, d->text, d->cap);
    trace(ctx, d->text);
    return NONET_OK;
}

void teach_display_free(teach_display *d)
{
    free(d->text);
    d->text = NULL;
    d->cap = 0;
}
