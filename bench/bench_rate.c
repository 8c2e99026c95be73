/* bench_rate.c - the human-style solver in `make bench`: rating speed,
 * how far the ladder gets, and a check of every step against the
 * solution. */
#include "bench.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rate_worker {
    const bench_set *s;
    atomic_size_t *next;      /* the next puzzle to rate, shared: a slow puzzle
                                 does not hold up a thread's share */
    size_t finished, singles; /* finished by the ladder; by singles alone */
    int failed;
} rate_worker;

static int singles_only(const nonet_rating *r)
{
    int other = r->steps - r->count[NONET_TECH_FULL_HOUSE] -
                r->count[NONET_TECH_HIDDEN_SINGLE_BOX] - r->count[NONET_TECH_HIDDEN_SINGLE_LINE] -
                r->count[NONET_TECH_NAKED_SINGLE];
    return !r->stuck && other == 0;
}

static void *rate_work(void *arg)
{
    rate_worker *w = arg;
    nonet_human *h = nonet_human_new();
    nonet_grid *g = malloc(sizeof *g);
    size_t finished = 0, singles = 0;
    int failed = !h || !g;
    for (size_t i; !failed && (i = atomic_fetch_add(w->next, 1)) < w->s->count;) {
        nonet_rating r;
        bench_get(w->s, i, g);
        int rc = nonet_human_rate(h, g, NULL, &r);
        if (rc != NONET_OK && rc != NONET_ENOTUNIQUE && rc != NONET_ENOSOLUTION)
            failed = 1;
        finished += rc == NONET_OK && !r.stuck;
        singles += rc == NONET_OK && singles_only(&r);
    }
    w->finished = finished;
    w->singles = singles;
    w->failed = failed;
    free(g);
    nonet_human_free(h);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void rate_threads(const char *name, const bench_set *s, int threads, int runs)
{
    double times[16];
    rate_worker w[64];
    pthread_t tid[64];
    size_t finished = 0, singles = 0;
    for (int run = 0; run < runs; run++) {
        double t0 = bench_now();
        atomic_size_t next = 0;
        for (int k = 0; k < threads; k++) {
            w[k] = (rate_worker){s, &next, 0, 0, 0};
            if (threads > 1)
                pthread_create(&tid[k], NULL, rate_work, &w[k]);
            else
                rate_work(&w[k]);
        }
        finished = singles = 0;
        for (int k = 0; k < threads; k++) {
            if (threads > 1)
                pthread_join(tid[k], NULL);
            finished += w[k].finished;
            singles += w[k].singles;
            if (w[k].failed) {
                fprintf(stderr, "nonet-bench: %s: rating failed\n", name);
                return;
            }
        }
        times[run] = bench_now() - t0;
    }
    qsort(times, (size_t)runs, sizeof times[0], cmp_double);
    double t = times[runs / 2];
    double count = (double)(s->count ? s->count : 1);
    printf("%-32s %8zu %-8s %2d %12.1f %10.2f %8.1f%% %8.1f%%\n", name, s->count, "rate", threads,
           (double)s->count / t, t * 1e6 / count, 100.0 * (double)finished / count,
           100.0 * (double)singles / count);
    fflush(stdout);
}

void bench_rate(const char *name, const bench_set *s, int threads, int runs)
{
    rate_threads(name, s, 1, runs);
    if (threads > 1)
        rate_threads(name, s, threads, runs);
}

void bench_check_steps(const char *name, const bench_set *s, size_t max)
{
    nonet_human *h = nonet_human_new();
    nonet_solver *solver = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_grid *g = malloc(sizeof *g), *sol = malloc(sizeof *sol);
    if (!h || !solver || !g || !sol) {
        fprintf(stderr, "nonet-bench: out of memory\n");
        goto done;
    }
    size_t puzzles = 0, steps = 0, wrong = 0;
    for (size_t i = 0; i < s->count && (!max || puzzles < max); i++) {
        uint64_t count = 0;
        bench_get(s, i, g);
        if (nonet_solver_count(solver, g, 2, &count, sol, NULL) != NONET_OK || count != 1 ||
            nonet_human_start(h, g, NULL) != NONET_OK)
            continue;
        puzzles++;
        int found;
        while ((found = nonet_human_find(h)) > 0) {
            for (int k = 0; k < found; k++) {
                nonet_step st;
                nonet_human_step(h, k, &st);
                steps++;
                int bad = 0;
                for (int j = 0; j < st.nplacements; j++)
                    bad |= st.placements[j].digits !=
                           (uint64_t)1 << (sol->cells[st.placements[j].cell] - 1);
                for (int j = 0; j < st.neliminations; j++)
                    bad |=
                        (st.eliminations[j].digits >> (sol->cells[st.eliminations[j].cell] - 1)) &
                        1;
                if (bad && wrong++ < 5)
                    fprintf(stderr, "nonet-bench: %s: puzzle %zu: a false %s\n", name, i + 1,
                            nonet_technique_name(st.technique));
            }
            nonet_human_apply(h, -1);
        }
    }
    printf("%-32s %8zu %-8s checked %zu steps against the solutions: %zu false\n", name, puzzles,
           "steps", steps, wrong);
done:
    free(g);
    free(sol);
    nonet_solver_free(solver);
    nonet_human_free(h);
}
