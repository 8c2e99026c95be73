/* bench.c - `make bench`: puzzles/second and guesses/puzzle for puzzle
 * files, counting each puzzle's solutions to 2 (uniqueness proved), plus
 * generated 16x16 and 25x25 puzzles and a full count of the 6x6 grids.
 *
 *   nonet-bench [-e ENGINE] [-n MAX] [-r RUNS] [FILE...]
 *
 * With no FILE: the full sets in ../shared/data when present, else the
 * samples in bench/data. Reading is not timed; each set is timed RUNS
 * times (default 3) and the median run is reported. The output format is
 * kept stable so that runs can be compared. */
#include "nonet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct set {
    nonet_grid *grids;
    size_t count, cap;
} set;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int add(set *s, const nonet_grid *g)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        nonet_grid *grown = realloc(s->grids, cap * sizeof *grown);
        if (!grown)
            return -1;
        s->grids = grown;
        s->cap = cap;
    }
    nonet_grid_copy(&s->grids[s->count++], g);
    return 0;
}

/* Reads up to max puzzles (0: all) of a file; unreadable ones are skipped. */
static int load(const char *path, size_t max, set *s)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    nonet_reader *r = nonet_reader_new(NULL);
    static nonet_puzzle p;
    static char buf[1 << 16];
    size_t got;
    int full = 0;
    while (!full && (got = fread(buf, 1, sizeof buf, f)) > 0) {
        for (size_t pos = 0; pos < got && !full;) {
            pos += nonet_reader_feed(r, buf + pos, got - pos);
            while (nonet_reader_next(r, &p))
                if (p.error.code == NONET_OK && !(max && s->count >= max) && add(s, &p.grid))
                    full = 1;
            if (max && s->count >= max)
                full = 1;
        }
    }
    nonet_reader_end(r);
    while (nonet_reader_next(r, &p))
        if (p.error.code == NONET_OK && !(max && s->count >= max))
            add(s, &p.grid);
    nonet_reader_free(r);
    fclose(f);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Times counting every puzzle of the set to 2; prints one line. */
static void run_set(const char *name, const set *s, nonet_engine engine, int runs)
{
    nonet_solver *solver = nonet_solver_new(engine);
    double times[16];
    uint64_t guesses = 0, multi = 0;
    for (int run = 0; run < runs; run++) {
        uint64_t g = 0, m = 0;
        double t0 = now_s();
        for (size_t i = 0; i < s->count; i++) {
            uint64_t count;
            nonet_stats st;
            nonet_solver_count(solver, &s->grids[i], 2, &count, NULL, &st);
            g += st.guesses;
            m += count != 1;
        }
        times[run] = now_s() - t0;
        guesses = g;
        multi = m;
    }
    qsort(times, (size_t)runs, sizeof times[0], cmp_double);
    double t = times[runs / 2];
    printf("%-34s %8zu %12.1f %12.2f %10.2f %8llu  %s\n", name, s->count,
           (double)s->count / t, t * 1e6 / (double)s->count,
           (double)guesses / (double)s->count, (unsigned long long)multi,
           nonet_engine_name(engine));
    fflush(stdout);
    nonet_solver_free(solver);
}

/* A deterministic pseudo-random sequence (xorshift64*). */
static uint64_t next_rand(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 2685821657736338717ULL;
}

/* Puzzles of shape br x bc with a unique solution: a seeded random
 * solution, then cells blanked in a random order, each blank kept only if
 * the solution stays unique, until `keep` of the cells are clues. */
static void generate(set *s, int br, int bc, int count, double keep, uint64_t seed)
{
    nonet_solver *solver = nonet_solver_new(NONET_ENGINE_AUTO);
    static nonet_grid g, sol;
    int n = br * bc;
    for (int k = 0; k < count; k++) {
        nonet_grid_init(&g, br, bc);
        for (int c = 0; c < n; c++) /* a random first row */
            g.cells[c] = (uint8_t)(c + 1);
        for (int c = n - 1; c > 0; c--) {
            int j = (int)(next_rand(&seed) % (uint64_t)(c + 1));
            uint8_t t = g.cells[c];
            g.cells[c] = g.cells[j];
            g.cells[j] = t;
        }
        uint64_t found;
        nonet_solver_count(solver, &g, 1, &found, &sol, NULL);
        static int order[NONET_MAX_CELLS];
        int cells = n * n, clues = cells;
        for (int i = 0; i < cells; i++)
            order[i] = i;
        for (int i = cells - 1; i > 0; i--) {
            int j = (int)(next_rand(&seed) % (uint64_t)(i + 1));
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int i = 0; i < cells && clues > keep * cells; i++) {
            uint8_t was = sol.cells[order[i]];
            sol.cells[order[i]] = 0;
            nonet_solver_count(solver, &sol, 2, &found, NULL, NULL);
            if (found == 1)
                clues--;
            else
                sol.cells[order[i]] = was;
        }
        add(s, &sol);
    }
    nonet_solver_free(solver);
}

static void run_generated(nonet_engine engine, int runs)
{
    set s = {0};
    generate(&s, 4, 4, 50, 0.40, 16);
    run_set("16x16 unique, 40% clues", &s, engine, runs);
    s.count = 0;
    generate(&s, 5, 5, 5, 0.50, 25);
    run_set("25x25 unique, 50% clues", &s, engine, runs);
    free(s.grids);
}

static void count_6x6(void)
{
    static nonet_grid g;
    nonet_grid_init(&g, 2, 3);
    nonet_stats st;
    uint64_t count = 0;
    double t0 = now_s();
    nonet_count(&g, 0, &count, NULL, &st);
    double t = now_s() - t0;
    printf("%-34s %8s %12.1f %12s %10s %8llu  %s\n", "count all 6x6 (2x3) grids", "1", 1 / t,
           "-", "-", (unsigned long long)count, "auto");
    printf("  6x6 grids: %llu (expected 28200960) in %.2f s, %llu nodes\n",
           (unsigned long long)count, t, (unsigned long long)st.nodes);
}

static const char *const default_sets[] = {
    "puzzles2_17_clue",         "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+", "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",  "puzzles8_qqwing_generated",
};

int main(int argc, char **argv)
{
    nonet_engine engine = NONET_ENGINE_AUTO;
    size_t max = 0;
    int runs = 3, opt;
    while ((opt = getopt(argc, argv, "e:n:r:")) != -1) {
        if (opt == 'e' && nonet_engine_from_name(optarg, &engine) == NONET_OK)
            continue;
        if (opt == 'n')
            max = (size_t)strtoul(optarg, NULL, 10);
        else if (opt == 'r' && atoi(optarg) >= 1 && atoi(optarg) <= 16)
            runs = atoi(optarg);
        else {
            fprintf(stderr, "usage: nonet-bench [-e ENGINE] [-n MAX] [-r RUNS] [FILE...]\n");
            return 2;
        }
    }
    printf("%-34s %8s %12s %12s %10s %8s  %s\n", "set", "puzzles", "puzzles/s", "us/puzzle",
           "guesses", "multi", "engine");
    char path[512];
    if (optind < argc) {
        for (int i = optind; i < argc; i++) {
            set s = {0};
            if (load(argv[i], max, &s) != 0) {
                fprintf(stderr, "nonet-bench: cannot read %s\n", argv[i]);
                return 2;
            }
            const char *base = strrchr(argv[i], '/');
            run_set(base ? base + 1 : argv[i], &s, engine, runs);
            free(s.grids);
        }
        return 0;
    }
    for (size_t i = 0; i < sizeof default_sets / sizeof default_sets[0]; i++) {
        set s = {0};
        snprintf(path, sizeof path, "../shared/data/%s", default_sets[i]);
        if (access(path, R_OK) != 0)
            snprintf(path, sizeof path, "bench/data/%s", default_sets[i]);
        if (load(path, max, &s) != 0) {
            fprintf(stderr, "nonet-bench: cannot read %s\n", path);
            continue;
        }
        run_set(default_sets[i], &s, engine, runs);
        free(s.grids);
    }
    run_generated(engine, runs);
    count_6x6();
    return 0;
}
