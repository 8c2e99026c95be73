/* bench_generate.c - the generator: unique minimal rot180 9x9 puzzles per
 * second on one thread, each level's rate and rating histogram, and the
 * median time of a minimal 16x16 puzzle and of a 25x25 one with 55% of
 * its cells given. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Makes count puzzles of opts from seed; returns the seconds, and each
 * puzzle's time in times (if non-NULL) and rating histogram in hist (201
 * tenths, if non-NULL). -1 when one failed. */
static double make(const nonet_generate_opts *opts, int count, uint64_t seed, double *times,
                   int *hist)
{
    nonet_generator *g;
    if (nonet_generator_new(opts, &g) != NONET_OK)
        return -1;
    static nonet_grid p;
    nonet_generated info;
    double t0 = bench_now(), total;
    int ok = 1;
    for (int i = 0; i < count && ok; i++) {
        double t = bench_now();
        ok = nonet_generate(g, seed, (uint64_t)i, &p, NULL, &info) == NONET_OK;
        if (times)
            times[i] = bench_now() - t;
        if (hist && info.rating >= 0 && info.rating <= 200)
            hist[info.rating]++;
    }
    total = bench_now() - t0;
    nonet_generator_free(g);
    return ok ? total : -1;
}

void bench_generate(int runs)
{
    printf("%-34s %8s %12s %10s %8s\n", "generate (one thread)", "puzzles", "puzzles/s",
           "us/puzzle", "");
    nonet_generate_opts o = {.symmetry = NONET_SYM_ROT180};
    double best[16];
    for (int r = 0; r < runs; r++)
        best[r] = make(&o, 5000, (uint64_t)r + 1, NULL, NULL);
    qsort(best, (size_t)runs, sizeof best[0], cmp_double);
    double t = best[runs / 2];
    printf("%-34s %8d %12.1f %10.2f\n", "9x9 minimal rot180", 5000, 5000 / t, t / 5000 * 1e6);

    static const struct {
        const char *name;
        int min, max;
    } levels[] = {{"easy", 10, 12},
                  {"medium", 13, 15},
                  {"hard", 16, 25},
                  {"fiendish", 26, 60},
                  {"diabolical", 61, 0}};
    for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++) {
        nonet_generate_opts lo = {
            .symmetry = NONET_SYM_ROT180, .min_rating = levels[k].min, .max_rating = levels[k].max};
        int hist[201];
        memset(hist, 0, sizeof hist);
        t = make(&lo, 1000, 7, NULL, hist);
        char name[64];
        snprintf(name, sizeof name, "9x9 rot180 --level %s", levels[k].name);
        printf("%-34s %8d %12.1f %10.2f\n  ratings:", name, 1000, 1000 / t, t / 1000 * 1e6);
        for (int v = 0; v <= 200; v++)
            if (hist[v])
                printf(" %d.%d:%d", v / 10, v % 10, hist[v]);
        printf("\n");
    }

    /* big grids: the median puzzle */
    double times[8];
    nonet_generate_opts o16 = {.box_rows = 4, .box_cols = 4, .symmetry = NONET_SYM_ROT180};
    t = make(&o16, 7, 3, times, NULL);
    qsort(times, 7, sizeof times[0], cmp_double);
    printf("%-34s %8d %12.1f %10.0f  median %.3f s\n", "16x16 minimal rot180", 7, 7 / t,
           t / 7 * 1e6, times[3]);
    nonet_generate_opts o25 = {
        .box_rows = 5, .box_cols = 5, .symmetry = NONET_SYM_ROT180, .clues = 344};
    t = make(&o25, 5, 3, times, NULL);
    qsort(times, 5, sizeof times[0], cmp_double);
    printf("%-34s %8d %12.1f %10.0f  median %.3f s\n", "25x25 rot180, 344 clues (55%)", 5, 5 / t,
           t / 5 * 1e6, times[2]);
}

void bench_canon(const char *name, const bench_set *s, int runs)
{
    nonet_canon *c = nonet_canon_new();
    if (!c)
        return;
    static nonet_grid g, form;
    double t[16];
    uint64_t tied = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now();
        tied = 0;
        for (size_t i = 0; i < s->count; i++) {
            uint64_t aut = 1;
            bench_get(s, i, &g);
            nonet_canon_form(c, &g, &form, NULL, &aut);
            tied += aut > 1;
        }
        t[r] = bench_now() - t0;
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp_double);
    char label[64];
    snprintf(label, sizeof label, "canon %.26s", name);
    printf("%-32s %8zu %-8s %2d %12.1f %10.2f %9s %7llu %7s\n", label, s->count, "canon", 1,
           (double)s->count / t[runs / 2], t[runs / 2] / (double)s->count * 1e6, "-",
           (unsigned long long)tied, "-");
    nonet_canon_free(c);
}
