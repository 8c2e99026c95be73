/* bench.c - `make bench`: puzzles/second and guesses/puzzle for puzzle
 * files, counting each puzzle's solutions to 2 (uniqueness proved), plus
 * a mixed set made from the 17-clue one (seeded: each puzzle with a clue
 * removed and with a digit added, so mostly several or no solutions),
 * generated 16x16 and 25x25 puzzles, a full count of the 6x6 grids, and
 * exact cover (bench_xc.c: pentominoes, 12 queens, Sudoku through dlx),
 * the rating of the sets people rate and of generated puzzles by tier
 * (the chain tier, above 6.2, apart: -R runs only the ratings),
 * the generator and canonical forms (bench_generate.c; -G runs only the
 * generator), and the reader on pasted layouts (bench_read.c: every
 * 17-clue and top1465 puzzle in each layout of tests/layouts.c, read
 * alone and 1,000 to a file; -P runs only it, on FILEs if given).
 * After the 17-clue set (and each FILE), the whole process: `nonet count
 * -l 2 -j T` on it for T = 1, 2, 4, 8, 16 (no more than the cores) beside
 * the engine's rate here on T threads (process_sweep). The second line
 * names the processor.
 *
 *   nonet-bench [-R | -G | -P] [-e ENGINE] [-j THREADS] [-n MAX] [-r RUNS] [FILE...]
 *
 * With no FILE: the full sets in ../shared/data when present, else the
 * samples in bench/data. For each set: every engine on one thread, then
 * the automatic engine on THREADS threads (default: every core); with -e,
 * that engine on one thread and on THREADS. Reading is not timed (the
 * timed loop copies each stored puzzle into a grid, as a batch would);
 * each line is timed RUNS times (default 3, at most 16) and the median
 * run is reported.
 * The output format is kept stable so that runs can be compared. */
#include "bench.h"
#include "nonet.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef bench_entry entry;
typedef bench_set set;

typedef struct options {
    nonet_engine engine;
    int engine_given;
    int runs;
    int threads;
    size_t max;
    int rate_only;  /* -R: the human-style solver only */
    int gen_only;   /* -G: the generator only */
    int read_only;  /* -P: the reader on pasted layouts only */
    int needs_only; /* -N: puzzles that need a technique only */
} options;

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int add(set *s, const nonet_grid *g)
{
    size_t cells = (size_t)g->n * (size_t)g->n;
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        entry *grown = realloc(s->e, cap * sizeof *grown);
        if (!grown)
            return -1;
        s->e = grown;
        s->cap = cap;
    }
    if (s->used + cells > s->room) {
        size_t room = s->room ? s->room * 2 : 1 << 16;
        while (room < s->used + cells)
            room *= 2;
        uint8_t *grown = realloc(s->cells, room);
        if (!grown)
            return -1;
        s->cells = grown;
        s->room = room;
    }
    memcpy(s->cells + s->used, g->cells, cells);
    s->e[s->count++] = (entry){s->used, (uint8_t)g->box_rows, (uint8_t)g->box_cols};
    s->used += cells;
    return 0;
}

/* Puzzle i of s into g (only its n*n cells are written: the rest of a
 * grid is never read). */
void bench_get(const set *s, size_t i, nonet_grid *g)
{
    const entry *e = &s->e[i];
    g->box_rows = e->box_rows;
    g->box_cols = e->box_cols;
    g->n = e->box_rows * e->box_cols;
    memcpy(g->cells, s->cells + e->at, (size_t)g->n * (size_t)g->n);
}

static void set_free(set *s)
{
    free(s->e);
    free(s->cells);
    *s = (set){0};
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

/* One thread's share of a timed run: puzzles i, i + threads, ... */
typedef struct worker {
    const set *s;
    nonet_engine engine;
    size_t first, step;
    uint64_t guesses, multi, none;
    int failed;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    nonet_solver *solver = nonet_solver_new(w->engine);
    if (!solver) {
        w->failed = 1;
        return NULL;
    }
    /* counted in locals: workers' structs share cache lines */
    uint64_t guesses = 0, multi = 0, none = 0;
    int failed = 0;
    nonet_grid *g = malloc(sizeof *g);
    if (!g) {
        nonet_solver_free(solver);
        w->failed = 1;
        return NULL;
    }
    for (size_t i = w->first; i < w->s->count; i += w->step) {
        uint64_t count;
        nonet_stats st;
        bench_get(w->s, i, g);
        if (nonet_solver_count(solver, g, 2, &count, NULL, &st) != NONET_OK)
            failed = 1;
        guesses += st.guesses;
        multi += count > 1;
        none += count == 0;
    }
    w->guesses = guesses;
    w->multi = multi;
    w->none = none;
    w->failed = failed;
    free(g);
    nonet_solver_free(solver);
    return NULL;
}

/* Times counting every puzzle of the set to 2 with `threads` threads (each
 * with its own solver), `runs` times: the median run's seconds, or -1 when
 * the engine failed (said); its guesses and puzzles with several and no
 * solutions into counts (when non-NULL). */
static double time_set(const char *name, const set *s, nonet_engine engine, int threads, int runs,
                       uint64_t counts[3])
{
    double times[16];
    uint64_t guesses = 0, multi = 0, none = 0;
    worker w[64];
    pthread_t tid[64];
    for (int run = 0; run < runs; run++) {
        double t0 = bench_now();
        for (int k = 0; k < threads; k++) {
            w[k] = (worker){s, engine, (size_t)k, (size_t)threads, 0, 0, 0, 0};
            if (threads > 1)
                pthread_create(&tid[k], NULL, work, &w[k]);
            else
                work(&w[k]);
        }
        guesses = multi = none = 0;
        for (int k = 0; k < threads; k++) {
            if (threads > 1)
                pthread_join(tid[k], NULL);
            guesses += w[k].guesses;
            multi += w[k].multi;
            none += w[k].none;
            if (w[k].failed) {
                fprintf(stderr, "nonet-bench: %s: the %s engine failed\n", name,
                        nonet_engine_name(engine));
                return -1;
            }
        }
        times[run] = bench_now() - t0;
    }
    qsort(times, (size_t)runs, sizeof times[0], cmp_double);
    if (counts) {
        counts[0] = guesses;
        counts[1] = multi;
        counts[2] = none;
    }
    return times[runs / 2];
}

/* time_set, printed as a line of the table. */
static void run_set(const char *name, const set *s, nonet_engine engine, int threads, int runs)
{
    uint64_t counts[3];
    double t = time_set(name, s, engine, threads, runs, counts);
    if (t < 0)
        return;
    uint64_t guesses = counts[0], multi = counts[1], none = counts[2];
    printf("%-32s %8zu %-8s %2d %12.1f %10.2f %9.2f %7llu %7llu\n", name, s->count,
           nonet_engine_name(engine), threads, (double)s->count / t, t * 1e6 / (double)s->count,
           (double)guesses / (double)s->count, (unsigned long long)multi, (unsigned long long)none);
    fflush(stdout);
}

/* The lines of one set: each engine on one thread, then the automatic
 * choice on every core. */
static void run_engines(const char *name, const set *s, const options *o)
{
    if (o->engine_given) {
        run_set(name, s, o->engine, 1, o->runs);
        if (o->threads > 1)
            run_set(name, s, o->engine, o->threads, o->runs);
        return;
    }
    static const nonet_engine each[] = {NONET_ENGINE_GENERAL, NONET_ENGINE_BITBOARD};
    for (size_t e = 0; e < sizeof each / sizeof each[0]; e++)
        if (s->count == 0 || s->e[0].box_rows * s->e[0].box_cols == 9 ||
            each[e] == NONET_ENGINE_GENERAL)
            run_set(name, s, each[e], 1, o->runs);
    if (o->threads > 1)
        run_set(name, s, NONET_ENGINE_AUTO, o->threads, o->runs);
}

/* The processor's name ("model name" in /proc/cpuinfo, else "unknown")
 * into buf. */
static void cpu_name(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) != 0 || !colon)
            continue;
        colon += 1 + (colon[1] == ' ');
        colon[strcspn(colon, "\n")] = '\0';
        if (*colon)
            snprintf(buf, cap, "%s", colon);
        break;
    }
    if (f)
        fclose(f);
}

/* The nonet command beside this program (build/nonet), into buf: 0, or -1
 * when there is none. */
static int nonet_beside(char *buf, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    if (n <= 0 || (size_t)n >= cap - 7)
        return -1;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return -1;
    strcpy(slash + 1, "nonet");
    return access(buf, X_OK);
}

/* Seconds for one run of `nonet count -l 2 -j threads file`, its output
 * thrown away; -1 when it could not run or failed. */
static double time_process(const char *nonet, const char *file, int threads)
{
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", threads);
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 1);
        execl(nonet, nonet, "count", "-l", "2", "-j", jobs, file, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) > 1)
        return -1;
    return bench_now() - t0;
}

/* The whole process against the engine on 1, 2, 4, 8 and 16 threads (not
 * more than the cores): the set written one puzzle a line to a file, then
 * `nonet count -l 2 -j T` on it, the median of the runs, beside the
 * engine's rate in this process on as many threads (the automatic
 * engine, as the command's). */
static void process_sweep(const char *name, const set *s, int runs)
{
    char nonet[4096], path[] = "/tmp/nonet-bench-XXXXXX";
    if (nonet_beside(nonet, sizeof nonet) != 0) {
        printf("# whole process: no nonet command beside nonet-bench\n");
        return;
    }
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        fprintf(stderr, "nonet-bench: cannot write %s\n", path);
        if (fd >= 0)
            close(fd);
        return;
    }
    static nonet_grid g;
    char line[NONET_MAX_SYMBOL_SIDE * NONET_MAX_SYMBOL_SIDE + 2];
    size_t written = 0;
    for (size_t i = 0; i < s->count; i++) {
        bench_get(s, i, &g);
        if (g.n == 9 && nonet_format(&g, NONET_LAYOUT_LINE, 0, line, sizeof line) > 0) {
            fputs(line, f);
            written++;
        }
    }
    if (fclose(f) != 0 || written == 0) {
        remove(path);
        return;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    printf("%-32s %8s %-8s %2s %12s %12s %7s\n", "whole process: nonet count -l 2", "puzzles", "",
           "th", "puzzles/s", "engine/s", "ratio");
    for (int threads = 1; threads <= 16 && threads <= cores; threads *= 2) {
        double times[16], engine = time_set(name, s, NONET_ENGINE_AUTO, threads, runs, NULL);
        int ok = engine > 0;
        for (int run = 0; ok && run < runs; run++)
            ok = (times[run] = time_process(nonet, path, threads)) > 0;
        if (!ok) {
            fprintf(stderr, "nonet-bench: %s: nonet count -j %d failed\n", name, threads);
            break;
        }
        qsort(times, (size_t)runs, sizeof times[0], cmp_double);
        double rate = (double)written / times[runs / 2], engine_rate = (double)s->count / engine;
        printf("%-32s %8zu %-8s %2d %12.1f %12.1f %7.2f\n", name, written, "process", threads, rate,
               engine_rate, rate / engine_rate);
        fflush(stdout);
    }
    remove(path);
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

/* A random isomorph of a 9x9 grid: bands, rows within bands, stacks,
 * columns within stacks, a transposition and the digits, all shuffled. */
static void isomorph9(const nonet_grid *src, nonet_grid *dst, uint64_t *seed)
{
    int rows[9], cols[9], perm[10], order[3];
    int *maps[2] = {rows, cols};
    for (int m = 0; m < 2; m++) {
        for (int i = 0; i < 3; i++)
            order[i] = i;
        for (int i = 2; i > 0; i--) {
            int j = (int)(next_rand(seed) % (uint64_t)(i + 1)), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int band = 0; band < 3; band++) {
            int in[3] = {0, 1, 2};
            for (int i = 2; i > 0; i--) {
                int j = (int)(next_rand(seed) % (uint64_t)(i + 1)), t = in[i];
                in[i] = in[j];
                in[j] = t;
            }
            for (int i = 0; i < 3; i++)
                maps[m][band * 3 + i] = order[band] * 3 + in[i];
        }
    }
    perm[0] = 0;
    for (int d = 1; d <= 9; d++)
        perm[d] = d;
    for (int d = 9; d > 1; d--) {
        int j = 1 + (int)(next_rand(seed) % (uint64_t)d), t = perm[d];
        perm[d] = perm[j];
        perm[j] = t;
    }
    int flip = (int)(next_rand(seed) & 1);
    nonet_grid_init(dst, 3, 3);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int from = flip ? cols[c] * 9 + rows[r] : rows[r] * 9 + cols[c];
            dst->cells[r * 9 + c] = (uint8_t)perm[src->cells[from]];
        }
}

/* The mixed set: for `count` random 17-clue puzzles, a random isomorph
 * with one random clue removed (several solutions) and one with a random
 * digit written into a random blank cell (mostly no solution, some of
 * them through a clash with a clue). Seeded: the same set every run. */
static void make_mixed(const set *src, set *out, int count, uint64_t seed)
{
    static nonet_grid g, iso;
    for (int k = 0; k < count && src->count > 0; k++) {
        bench_get(src, (size_t)(next_rand(&seed) % src->count), &g);
        isomorph9(&g, &iso, &seed);
        int clues[81], blanks[81], nc = 0, nb = 0;
        for (int x = 0; x < 81; x++) {
            if (iso.cells[x])
                clues[nc++] = x;
            else
                blanks[nb++] = x;
        }
        if (!nc || !nb)
            continue;
        int x = clues[next_rand(&seed) % (uint64_t)nc];
        uint8_t was = iso.cells[x];
        iso.cells[x] = 0;
        add(out, &iso);
        iso.cells[x] = was;
        iso.cells[blanks[next_rand(&seed) % (uint64_t)nb]] = (uint8_t)(1 + next_rand(&seed) % 9);
        add(out, &iso);
    }
}

/* The rating tiers of generated puzzles: TIER_PUZZLES minimal rot180
 * puzzles of a fixed seed (as `nonet generate --seed 2028`), split by
 * their rating into the chain tier (above 6.2: cycles, forcing chains and
 * up, where rating spends its time) and the rest, each rated as a set. */
enum { TIER_PUZZLES = 6500, TIER_SEED = 2028, TIER_CHAINS = 62 };

static void rate_tiers(const options *o)
{
    nonet_generate_opts go = {0};
    go.symmetry = NONET_SYM_ROT180;
    nonet_generator *gen = NULL;
    nonet_human *h = nonet_human_new();
    nonet_grid *g = malloc(sizeof *g);
    set chains = {0}, rest = {0};
    if (!h || !g || nonet_generator_new(&go, &gen) != NONET_OK) {
        fprintf(stderr, "nonet-bench: out of memory\n");
        goto done;
    }
    for (uint64_t i = 0; i < TIER_PUZZLES; i++) {
        nonet_rating r;
        if (nonet_generate(gen, TIER_SEED, i, g, NULL, NULL) != NONET_OK ||
            nonet_human_rate(h, g, NULL, &r) != NONET_OK)
            continue;
        if (add(r.difficulty > TIER_CHAINS ? &chains : &rest, g) != 0)
            goto done;
    }
    char name[64];
    snprintf(name, sizeof name, "generated %d: > 6.2", TIER_PUZZLES);
    bench_rate(name, &chains, o->threads, o->runs);
    snprintf(name, sizeof name, "generated %d: <= 6.2", TIER_PUZZLES);
    bench_rate(name, &rest, o->threads, o->runs);
done:
    set_free(&chains);
    set_free(&rest);
    nonet_generator_free(gen);
    nonet_human_free(h);
    free(g);
}

static void run_generated(const options *o)
{
    set s = {0};
    generate(&s, 4, 4, 50, 0.40, 16);
    run_engines("16x16 unique, 40% clues", &s, o);
    set_free(&s);
    generate(&s, 5, 5, 5, 0.50, 25);
    run_engines("25x25 unique, 50% clues", &s, o);
    set_free(&s);
}

static void count_6x6(void)
{
    static nonet_grid g;
    nonet_grid_init(&g, 2, 3);
    nonet_stats st;
    uint64_t count = 0;
    double t0 = bench_now();
    nonet_count(&g, 0, &count, NULL, &st);
    double t = bench_now() - t0;
    printf("%-34s %8s %12.1f %12s %10s %8llu  %s\n", "count all 6x6 (2x3) grids", "1", 1 / t, "-",
           "-", (unsigned long long)count, "auto");
    printf("  6x6 grids: %llu (expected 28200960) in %.2f s, %llu nodes\n",
           (unsigned long long)count, t, (unsigned long long)st.nodes);
}

/* The sets, and how much of each the rating pass takes: nested forcing
 * chains cost seconds per forum-hardest puzzle, so those sets are rated
 * on a sample, once (rate_max 0: every puzzle; check: every step of the
 * puzzles rated is checked against the solution). */
static const struct {
    const char *name;
    size_t rate_max;
    int rate_once, check;
} default_sets[] = {
    {"puzzles2_17_clue", 10000, 0, 1},
    {"puzzles3_magictour_top1465", 0, 0, 1},
    {"puzzles5_forum_hardest_1905_11+", 10, 1, 0},
    {"puzzles6_forum_hardest_1106", 10, 1, 0},
    {"puzzles7_serg_benchmark", 10000, 0, 0},
    {"puzzles8_qqwing_generated", 10000, 0, 0},
};

static void solve_header(void)
{
    printf("%-32s %8s %-8s %2s %12s %10s %9s %7s %7s\n", "set", "puzzles", "engine", "th",
           "puzzles/s", "us/puzzle", "guesses", "several", "none");
}

static void rate_header(void)
{
    printf("%-32s %8s %-8s %2s %12s %10s %9s %9s\n", "set (rated like a person)", "puzzles", "",
           "th", "puzzles/s", "us/puzzle", "ladder", "singles");
}

static void read_header(void)
{
    printf("%-32s %-15s %8s %8s %8s %7s\n", "set (pasted layouts, read right)", "layout", "puzzles",
           "alone", "in files", "MB/s");
}

/* The reader on pasted layouts: the 17-clue and top1465 sets, whose rows
 * often hold one clue or none. */
static void read_default_sets(const options *o)
{
    static const char *const names[] = {"puzzles2_17_clue", "puzzles3_magictour_top1465"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "../shared/data/%s", names[i]);
        if (access(path, R_OK) != 0)
            snprintf(path, sizeof path, "bench/data/%s", names[i]);
        set s = {0};
        if (load(path, o->max, &s) != 0) {
            fprintf(stderr, "nonet-bench: cannot read %s\n", path);
            continue;
        }
        bench_read(names[i], &s);
        set_free(&s);
    }
}

int main(int argc, char **argv)
{
    options o = {NONET_ENGINE_AUTO, 0, 3, 1, 0, 0, 0, 0, 0};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.threads = cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
    int opt;
    while ((opt = getopt(argc, argv, "e:n:r:j:RGPN")) != -1) {
        if (opt == 'R')
            o.rate_only = 1;
        else if (opt == 'G')
            o.gen_only = 1;
        else if (opt == 'P')
            o.read_only = 1;
        else if (opt == 'N')
            o.needs_only = 1;
        else if (opt == 'e' && nonet_engine_from_name(optarg, &o.engine) == NONET_OK)
            o.engine_given = 1;
        else if (opt == 'n')
            o.max = (size_t)strtoul(optarg, NULL, 10);
        else if (opt == 'r' && atoi(optarg) >= 1 && atoi(optarg) <= 16)
            o.runs = atoi(optarg);
        else if (opt == 'j' && atoi(optarg) >= 1 && atoi(optarg) <= 64)
            o.threads = atoi(optarg);
        else {
            fprintf(stderr,
                    "usage: nonet-bench [-R | -G | -P | -N] [-e ENGINE] [-j THREADS] [-n MAX] "
                    "[-r RUNS] [FILE...]\n");
            return 2;
        }
    }
    printf("# bitboard code path: %s\n", nonet_cpu_path());
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    printf("# processor: %s, %ld cores\n", cpu, cores);
    if (o.gen_only) {
        bench_generate(o.runs);
        return 0;
    }
    if (o.needs_only) {
        bench_needs(o.runs);
        return 0;
    }
    char path[512];
    if (o.read_only) {
        read_header();
        if (optind < argc) {
            for (int i = optind; i < argc; i++) {
                set s = {0};
                if (load(argv[i], o.max, &s) != 0) {
                    fprintf(stderr, "nonet-bench: cannot read %s\n", argv[i]);
                    return 2;
                }
                const char *base = strrchr(argv[i], '/');
                bench_read(base ? base + 1 : argv[i], &s);
                set_free(&s);
            }
        } else {
            read_default_sets(&o);
        }
        return 0;
    }
    if (optind < argc) {
        if (o.rate_only)
            rate_header();
        else
            solve_header();
        for (int i = optind; i < argc; i++) {
            set s = {0};
            if (load(argv[i], o.max, &s) != 0) {
                fprintf(stderr, "nonet-bench: cannot read %s\n", argv[i]);
                return 2;
            }
            const char *base = strrchr(argv[i], '/');
            if (o.rate_only) {
                bench_rate(base ? base + 1 : argv[i], &s, o.threads, o.runs);
                bench_check_steps(base ? base + 1 : argv[i], &s, 10000);
            } else {
                run_engines(base ? base + 1 : argv[i], &s, &o);
                bench_canon(base ? base + 1 : argv[i], &s, o.runs);
                process_sweep(base ? base + 1 : argv[i], &s, o.runs);
            }
            set_free(&s);
        }
        return 0;
    }
    /* solving: every set; then rating the sets a person would rate */
    for (int pass = o.rate_only; pass < 2; pass++) {
        if (pass == 0)
            solve_header();
        else
            rate_header();
        for (size_t i = 0; i < sizeof default_sets / sizeof default_sets[0]; i++) {
            const char *name = default_sets[i].name;
            set s = {0};
            snprintf(path, sizeof path, "../shared/data/%s", name);
            if (access(path, R_OK) != 0)
                snprintf(path, sizeof path, "bench/data/%s", name);
            if (pass == 1 && strstr(name, "serg"))
                continue; /* several solutions each: no ratings */
            size_t max = pass == 1 && !o.max ? default_sets[i].rate_max : o.max;
            if (load(path, max, &s) != 0) {
                fprintf(stderr, "nonet-bench: cannot read %s\n", path);
                continue;
            }
            if (pass == 0) {
                run_engines(name, &s, &o);
                if (strstr(name, "17_clue") || strstr(name, "1905"))
                    bench_canon(name, &s, o.runs);
                if (strstr(name, "17_clue")) {
                    set mixed = {0};
                    make_mixed(&s, &mixed, 10000, 17);
                    run_engines("mixed (17-clue, +/- a clue)", &mixed, &o);
                    set_free(&mixed);
                    process_sweep(name, &s, o.runs);
                    solve_header(); /* the table goes on */
                }
            } else {
                bench_rate(name, &s, o.threads, default_sets[i].rate_once ? 1 : o.runs);
                if (default_sets[i].check)
                    bench_check_steps(name, &s, 0);
            }
            set_free(&s);
        }
        if (pass == 1)
            rate_tiers(&o);
        if (pass == 0 && !o.rate_only) {
            run_generated(&o);
            count_6x6();
            bench_exact_cover(o.runs);
            bench_generate(o.runs);
            bench_needs(o.runs);
            read_header();
            read_default_sets(&o);
        }
    }
    return 0;
}
