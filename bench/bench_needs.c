/* bench_needs.c - puzzles that need a technique (nonet_needs_generate)
 * against plain filtering, measured in the same run on one thread: for
 * each technique of issue 42's goals, puzzles per second made by nonet
 * (from a cold generator, its bases' cost included) and found by
 * filtering random minimal puzzles (nonet_generate, no symmetry) with the
 * ladder (walked to the technique under its ceiling; for "as the hardest
 * step", rated under it). Each figure is the median of runs runs of at
 * least BUDGET seconds. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>

#define BUDGET 0.4

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Puzzles a second by nonet_needs_generate (at least one puzzle). */
static double rate_nonet(nonet_technique t, int hardest, uint64_t seed)
{
    nonet_needs_opts o = {.technique = t, .hardest = hardest};
    nonet_needs_gen *g;
    if (nonet_needs_new(&o, &g) != NONET_OK)
        return -1;
    static nonet_grid p;
    double t0 = bench_now(), dt = 0;
    uint64_t made = 0;
    while (made == 0 || dt < BUDGET) {
        if (nonet_needs_generate(g, seed, made, &p, NULL, NULL, NULL) != NONET_OK)
            break;
        made++;
        dt = bench_now() - t0;
    }
    nonet_needs_free(g);
    return made ? (double)made / dt : -1;
}

/* Whether filtering keeps p: its path (under the ceiling h has) reaches
 * the technique; with hardest, ends solved with it the hardest. */
static int keeps(nonet_human *h, const nonet_grid *p, nonet_technique t, int hardest)
{
    if (hardest) {
        nonet_rating rt;
        return nonet_human_rate(h, p, NULL, &rt) == NONET_OK && !rt.stuck && rt.hardest == t;
    }
    if (nonet_human_start(h, p, NULL) != NONET_OK)
        return 0;
    for (;;) {
        int found = nonet_human_find(h);
        if (found <= 0)
            return 0;
        for (int k = 0; k < found; k++) {
            nonet_step st;
            nonet_human_step(h, k, &st);
            if (st.technique == t)
                return 1;
        }
        nonet_human_apply(h, -1);
    }
}

/* Puzzles a second by filtering, over BUDGET seconds; *tried gets the
 * candidates looked at. */
static double rate_filter(nonet_technique t, int hardest, uint64_t seed, long *tried)
{
    nonet_generator *g;
    nonet_human *h = nonet_human_new();
    if (!h || nonet_generator_new(NULL, &g) != NONET_OK) {
        nonet_human_free(h);
        return -1;
    }
    nonet_human_set_ceiling(h, nonet_technique_base(t));
    static nonet_grid p;
    double t0 = bench_now(), dt = 0;
    long hits = 0, n = 0;
    while (dt < BUDGET) {
        nonet_generate(g, seed, (uint64_t)n++, &p, NULL, NULL);
        hits += keeps(h, &p, t, hardest);
        dt = bench_now() - t0;
    }
    *tried = n;
    nonet_generator_free(g);
    nonet_human_free(h);
    return (double)hits / dt;
}

static void row(nonet_technique t, int hardest, int runs, double goal)
{
    double a[16] = {0}, b[16] = {0};
    long tried = 0, all = 0;
    runs = runs < 1 ? 1 : runs > 16 ? 16 : runs;
    for (int r = 0; r < runs; r++) {
        a[r] = rate_nonet(t, hardest, 1000 + (uint64_t)r);
        b[r] = rate_filter(t, hardest, 2000 + (uint64_t)r, &tried);
        all += tried;
    }
    qsort(a, (size_t)runs, sizeof a[0], cmp_double);
    qsort(b, (size_t)runs, sizeof b[0], cmp_double);
    double na = a[runs / 2], fb = b[runs / 2];
    char name[64];
    snprintf(name, sizeof name, "%s%s", nonet_technique_name(t), hardest ? " (hardest)" : "");
    char filt[32];
    if (fb > 0)
        snprintf(filt, sizeof filt, "%10.1f", fb);
    else
        snprintf(filt, sizeof filt, "%10s", "0");
    printf("%-36s %10.1f %s %9ld %8.0f %6s\n", name, na, filt, all / runs, goal,
           na >= goal ? "met" : "MISSED");
    fflush(stdout);
}

void bench_needs(int runs)
{
    static const nonet_technique first[] = {
        NONET_TECH_POINTING,    NONET_TECH_CLAIMING,     NONET_TECH_NAKED_PAIR,
        NONET_TECH_HIDDEN_PAIR, NONET_TECH_NAKED_TRIPLE, NONET_TECH_HIDDEN_TRIPLE,
        NONET_TECH_X_WING,      NONET_TECH_XY_WING,      NONET_TECH_XYZ_WING};
    static const nonet_technique second[] = {NONET_TECH_SWORDFISH,
                                             NONET_TECH_JELLYFISH,
                                             NONET_TECH_NAKED_QUAD,
                                             NONET_TECH_HIDDEN_QUAD,
                                             NONET_TECH_UNIQUE_RECTANGLE,
                                             NONET_TECH_BUG,
                                             NONET_TECH_ALIGNED_PAIR_EXCLUSION,
                                             NONET_TECH_ALIGNED_TRIPLE_EXCLUSION,
                                             NONET_TECH_X_CYCLE,
                                             NONET_TECH_Y_CYCLE,
                                             NONET_TECH_FORCING_X_CHAIN};
    static const nonet_technique third[] = {NONET_TECH_FORCING_CHAIN, NONET_TECH_NISHIO};
    int n1 = (int)(sizeof first / sizeof first[0]), n2 = (int)(sizeof second / sizeof second[0]);
    printf("\nPuzzles that need a technique, one thread, median of %d runs of %.1f s+ each\n"
           "(nonet: nonet_needs_generate from a cold generator; filtering: random\n"
           "minimal puzzles kept when the ladder's path uses the technique)\n",
           runs, BUDGET);
    printf("%-36s %10s %10s %9s %8s %6s\n", "technique", "nonet/s", "filter/s", "filtered",
           "goal/s", "");
    for (int i = 0; i < n1; i++)
        row(first[i], 0, runs, 1000);
    for (int i = 0; i < n2; i++)
        row(second[i], 0, runs, 10);
    for (int i = 0; i < 2; i++)
        row(third[i], 0, runs, 1);
    for (int i = 0; i < n1; i++)
        row(first[i], 1, runs, 1);
    for (int i = 0; i < n2; i++)
        row(second[i], 1, runs, 1);
}
