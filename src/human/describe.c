/* describe.c - a step in plain words. */
#include "human.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct words {
    char *buf;
    size_t cap, len;
} words;

static void say(words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(words *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *at = w->len < w->cap ? w->buf + w->len : NULL;
    int got = vsnprintf(at, at ? w->cap - w->len : 0, fmt, ap);
    va_end(ap);
    if (got > 0)
        w->len += (size_t)got;
}

static void say_unit(words *w, int u, int n)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    say(w, "%s %d", kinds[u / n], u % n + 1);
}

static void say_digits(words *w, uint64_t digits)
{
    for (; digits; digits &= digits - 1)
        say(w, "%d", lowest_bit(digits) + 1);
}

static void say_cell(words *w, int cell, int n)
{
    say(w, "r%dc%d", cell / n + 1, cell % n + 1);
}

size_t nonet_step_describe(const nonet_step *step, int n, char *buf, size_t cap)
{
    words w = {buf, buf ? cap : 0, 0};
    if (cap && buf)
        buf[0] = '\0';
    if (!step || n < 1)
        return 0;
    const char *name = nonet_technique_name(step->technique);
    if (step->technique == NONET_TECH_HIDDEN_SINGLE_BOX ||
        step->technique == NONET_TECH_HIDDEN_SINGLE_LINE)
        name = "hidden single"; /* the unit says which */
    say(&w, "%s", name ? name : "step");
    if (step->nunits == 1 || step->technique == NONET_TECH_HIDDEN_SINGLE_BOX ||
        step->technique == NONET_TECH_HIDDEN_SINGLE_LINE) {
        say(&w, " in ");
        say_unit(&w, step->units[0], n);
    }
    say(&w, ":");
    if (step->npattern > 0 && step->nplacements == 0) {
        for (int i = 0; i < step->npattern; i++) {
            say(&w, "%s", i ? ", " : " ");
            say_cell(&w, step->pattern[i].cell, n);
            say(&w, "{");
            say_digits(&w, step->pattern[i].digits);
            say(&w, "}");
        }
        say(&w, ",");
    }
    for (int i = 0; i < step->nplacements; i++) {
        say(&w, " ");
        say_cell(&w, step->placements[i].cell, n);
        say(&w, " = %d", lowest_bit(step->placements[i].digits) + 1);
    }
    if (step->neliminations > 0) {
        say(&w, "%s", step->nplacements ? " after" : " so");
        for (int i = 0; i < step->neliminations; i++) {
            say(&w, "%s", i ? ", " : " ");
            say_cell(&w, step->eliminations[i].cell, n);
            say(&w, " <> ");
            say_digits(&w, step->eliminations[i].digits);
        }
    }
    if (buf && w.cap && w.len >= w.cap)
        buf[w.cap - 1] = '\0';
    return w.len;
}
