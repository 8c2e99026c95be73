/* teach.c - helpers shared by the teaching solvers: the clue check, trace
 * messages and the candidate display. */
#include "teach/teach.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int teach_screen(const nonet_grid *puzzle, nonet_grid *out, int *result)
{
    nonet_check_result res;
    if (!grid_well_formed(puzzle)) {
        *result = NONET_EARG;
        return 1;
    }
    if (nonet_check(puzzle, &res) == NONET_ECONFLICT) {
        if (out != NULL)
            nonet_grid_copy(out, puzzle);
        *result = NONET_TEACH_NO_SOLUTION;
        return 1;
    }
    return 0;
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
