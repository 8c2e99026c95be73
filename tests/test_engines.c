/* test_engines.c - differential test of the solving engines: every 9x9
 * engine must give the same counts (to 2) and valid solutions on the
 * puzzles of tests/data/differential.txt and on random isomorphs of them
 * (digits relabelled, rows within bands, bands, columns within stacks,
 * stacks permuted, and transposition), which must keep the count too. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define DATA "tests/data/differential.txt"
enum { ISOMORPHS = 3 };

static uint64_t next_rand(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A random permutation of 0..n-1 into p. */
static void shuffle(int *p, int n, uint64_t *rng)
{
    for (int i = 0; i < n; i++)
        p[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_rand(rng) % (uint64_t)(i + 1));
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

/* A permutation of 0..8 that keeps bands (groups of 3) together. */
static void band_preserving(int *p, uint64_t *rng)
{
    int bands[3], within[3];
    shuffle(bands, 3, rng);
    for (int b = 0; b < 3; b++) {
        shuffle(within, 3, rng);
        for (int k = 0; k < 3; k++)
            p[b * 3 + k] = bands[b] * 3 + within[k];
    }
}

static void isomorph(const nonet_grid *src, nonet_grid *dst, uint64_t *rng)
{
    int rows[9], cols[9], digits[9];
    band_preserving(rows, rng);
    band_preserving(cols, rng);
    shuffle(digits, 9, rng);
    int transpose = (int)(next_rand(rng) & 1);
    nonet_grid_init(dst, 3, 3);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            int v = src->cells[rows[r] * 9 + cols[c]];
            int cell = transpose ? c * 9 + r : r * 9 + c;
            dst->cells[cell] = (uint8_t)(v ? digits[v - 1] + 1 : 0);
        }
    }
}

typedef struct result {
    uint64_t count;
    nonet_grid first;
} result;

static int run(nonet_solver *s, const nonet_grid *g, result *out)
{
    nonet_stats st;
    return nonet_solver_count(s, g, 2, &out->count, &out->first, &st);
}

/* A bitboard solver whose engine state was made with the environment
 * variable var set to value (a solver makes its engine state at its first
 * puzzle, and the engine reads NONET_CPU and NONET_SEARCH then); NULL if
 * that failed. */
static nonet_solver *solver_under(const char *var, const char *value)
{
    static const char easy[] =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const char *old = getenv(var);
    char saved[64] = "";
    if (old)
        snprintf(saved, sizeof saved, "%s", old);
    setenv(var, value, 1);
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_BITBOARD);
    static nonet_grid g;
    static result r;
    int ok = s && grid_from_line(easy, 3, 3, &g) && run(s, &g, &r) == NONET_OK && r.count == 1;
    if (old)
        setenv(var, saved, 1);
    else
        unsetenv(var);
    if (!ok) {
        nonet_solver_free(s);
        return NULL;
    }
    return s;
}

/* A bitboard solver on the portable search (NONET_CPU=portable); NULL if
 * that failed or the variable was not obeyed. Declared in unit.h. */
nonet_solver *portable_solver(void)
{
    const char *old = getenv("NONET_CPU");
    char saved[64] = "";
    if (old)
        snprintf(saved, sizeof saved, "%s", old);
    setenv("NONET_CPU", "portable", 1);
    nonet_solver *s = solver_under("NONET_CPU", "portable");
    int obeyed = strcmp(nonet_cpu_path(), "portable") == 0;
    if (old)
        setenv("NONET_CPU", saved, 1);
    else
        unsetenv("NONET_CPU");
    if (!obeyed) {
        nonet_solver_free(s);
        return NULL;
    }
    return s;
}

/* The bitboard solvers under test: the search this CPU runs and the
 * portable one, each with the default strategy and each forced one
 * (NONET_SEARCH: the light propagation throughout, the full one from the
 * root, the full one from the first guess on, on boards the light one
 * made too when the search comes back to them). */
enum { SEARCHES = 4, VARIANTS = 2 * SEARCHES };
static const char *const search_names[SEARCHES] = {"auto", "light", "full", "switch"};

static int make_variants(nonet_solver **v)
{
    int made = 0;
    for (int i = 0; i < SEARCHES; i++) {
        v[i] = solver_under("NONET_SEARCH", search_names[i]);
        const char *old = getenv("NONET_SEARCH");
        char saved[64] = "";
        if (old)
            snprintf(saved, sizeof saved, "%s", old);
        setenv("NONET_SEARCH", search_names[i], 1);
        v[SEARCHES + i] = portable_solver();
        if (old)
            setenv("NONET_SEARCH", saved, 1);
        else
            unsetenv("NONET_SEARCH");
        made += (v[i] != NULL) + (v[SEARCHES + i] != NULL);
    }
    return made;
}

/* The blank cells of a 9x9 puzzle, in order from a random one on
 * (wrapping around), into blank[]; returns how many. */
static int blanks_from_random(const nonet_grid *p, uint64_t *rng, int *blank)
{
    int start = (int)(next_rand(rng) % 81), n = 0;
    for (int k = 0; k < 81; k++)
        if (!p->cells[(start + k) % 81])
            blank[n++] = (start + k) % 81;
    return n;
}

/* The puzzle with a wrong digit written into one of its blank cells, one
 * that no clue rules out: no solution, found only by searching. 0 when
 * no blank cell can take one. */
static int spoil(const nonet_grid *p, const nonet_grid *solution, uint64_t *rng, nonet_grid *out)
{
    int blank[81], n = blanks_from_random(p, rng, blank);
    nonet_grid_copy(out, p);
    for (int k = 0; k < n; k++) {
        int x = blank[k], r = x / 9, c = x % 9;
        for (int d = 1; d <= 9; d++) {
            if (d == solution->cells[x])
                continue;
            int clash = 0;
            for (int y = 0; y < 81 && !clash; y++) {
                int r2 = y / 9, c2 = y % 9;
                clash = p->cells[y] == d &&
                        (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3));
            }
            if (!clash) {
                out->cells[x] = (uint8_t)d;
                return 1;
            }
        }
    }
    return 0;
}

/* The puzzle with a blank cell given the digit of a clue in its row
 * (kind 0), column (1) or box (2) only: clues that conflict, no solution
 * (the bitboard engine finds that itself: engine_ops.checks_clues). 0
 * when no blank cell sees such a clue. */
static int clash(const nonet_grid *p, int kind, uint64_t *rng, nonet_grid *out)
{
    int blank[81], n = blanks_from_random(p, rng, blank);
    nonet_grid_copy(out, p);
    for (int k = 0; k < n; k++) {
        int x = blank[k], r = x / 9, c = x % 9;
        for (int y = 0; y < 81; y++) {
            int r2 = y / 9, c2 = y % 9, box = r2 / 3 == r / 3 && c2 / 3 == c / 3;
            int seen = kind == 0   ? r2 == r && !box
                       : kind == 1 ? c2 == c && !box
                                   : box && r2 != r && c2 != c;
            if (p->cells[y] && seen) {
                out->cells[x] = p->cells[y];
                return 1;
            }
        }
    }
    return 0;
}

static void test_engines_agree(void)
{
    FILE *f = fopen(DATA, "r");
    CHECKF(f != NULL, "cannot open %s (run the tests from the repository's top)", DATA);
    nonet_solver *general = nonet_solver_new(NONET_ENGINE_GENERAL);
    nonet_solver *automatic = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_solver *v[VARIANTS];
    CHECK(make_variants(v) == VARIANTS);
    static nonet_grid g, iso, bad, solution;
    static result a, c, e[VARIANTS];
    char line[256];
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    int puzzles = 0, multi = 0, spoiled = 0, clashing = 0, failures = 0;
    while (fgets(line, sizeof line, f) && failures == 0) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (!grid_from_line(line, 3, 3, &g)) {
            failures++;
            break;
        }
        uint64_t original = 0;
        for (int k = 0; k <= ISOMORPHS + 2 && failures == 0; k++) {
            const nonet_grid *p = &g;
            if (k > 0 && k <= ISOMORPHS) {
                isomorph(&g, &iso, &rng);
                p = &iso;
            } else if (k == ISOMORPHS + 1) {
                /* a unique puzzle spoiled: no solution */
                if (original != 1 || !spoil(&g, &solution, &rng, &bad))
                    continue;
                p = &bad;
                spoiled++;
            } else if (k > ISOMORPHS) {
                /* clues that conflict, in a row, a column or a box */
                if (!clash(&g, puzzles % 3, &rng, &bad))
                    continue;
                p = &bad;
                clashing++;
            }
            int bad_run = run(general, p, &a) != NONET_OK || run(automatic, p, &c) != NONET_OK ||
                          a.count != c.count;
            for (int i = 0; i < VARIANTS && !bad_run; i++)
                bad_run = !v[i] || run(v[i], p, &e[i]) != NONET_OK || e[i].count != a.count ||
                          (a.count > 0 && !verify_solution(p->cells, e[i].first.cells, 3, 3)) ||
                          (a.count == 1 && !nonet_grid_equal(&a.first, &e[i].first));
            if (bad_run || (a.count > 0 && !verify_solution(p->cells, a.first.cells, 3, 3)))
                failures++;
            else if (k > 0 && k <= ISOMORPHS && a.count != original)
                failures++; /* an isomorph has as many solutions */
            else if (k > ISOMORPHS && a.count != 0)
                failures++;
            if (failures) {
                printf("  puzzle %s (variant %d): general %llu, auto %llu;", line, k,
                       (unsigned long long)a.count, (unsigned long long)c.count);
                for (int i = 0; i < VARIANTS; i++)
                    printf(" %s%s %llu", i < SEARCHES ? "" : "portable ",
                           search_names[i % SEARCHES], (unsigned long long)e[i].count);
                printf("\n");
            }
            if (k == 0) {
                original = a.count;
                nonet_grid_copy(&solution, &a.first); /* for spoil() */
            }
            puzzles++;
        }
        multi += original > 1;
    }
    fclose(f);
    nonet_solver_free(general);
    nonet_solver_free(automatic);
    for (int i = 0; i < VARIANTS; i++)
        nonet_solver_free(v[i]);
    CHECK(failures == 0);
    /* the file's 600 puzzles, each with its isomorphs; some have 2+
     * solutions, and the unique ones were spoiled into no solution */
    CHECKF(puzzles >= 600 * (ISOMORPHS + 1), "only %d puzzles", puzzles);
    CHECK(multi >= 100);
    CHECK(spoiled >= 300);
    CHECK(clashing >= 500);
}

/* The bitboard engine handles 9x9 only; asked for another size it says so. */
static void test_bitboard_sizes(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_BITBOARD);
    static nonet_grid g;
    uint64_t count = 7;
    nonet_grid_init(&g, 2, 2);
    CHECK(nonet_solver_count(s, &g, 2, &count, NULL, NULL) == NONET_ESIZE && count == 0);
    nonet_grid_init(&g, 3, 3);
    CHECK(nonet_solver_count(s, &g, 5, &count, NULL, NULL) == NONET_OK && count == 5);
    nonet_solver_free(s);
    CHECK(strcmp(nonet_engine_name(NONET_ENGINE_BITBOARD), "bitboard") == 0);
    nonet_engine e;
    CHECK(nonet_engine_from_name("bitboard", &e) == NONET_OK && e == NONET_ENGINE_BITBOARD);
}

/* Counting every solution of a puzzle with many: both engines agree and
 * every solution they report is distinct and valid. */
static int collect(void *ctx, const nonet_grid *sol)
{
    nonet_grid *list = ctx;
    int i = 0;
    while (list[i].n != 0)
        i++;
    nonet_grid_copy(&list[i], sol);
    return 0;
}

static void test_enumeration_agrees(void)
{
    /* the classic solution with an unavoidable rectangle (cells 3, 4, 30,
     * 31) and two more cells blanked: a few solutions, at least the
     * rectangle's two */
    static const char puz[] =
        "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179";
    static nonet_grid g, lists[2][8];
    CHECK(grid_from_line(puz, 3, 3, &g));
    g.cells[12] = 0;
    g.cells[13] = 0;
    nonet_engine engines[2] = {NONET_ENGINE_GENERAL, NONET_ENGINE_BITBOARD};
    uint64_t counts[2];
    for (int e = 0; e < 2; e++) {
        memset(lists[e], 0, sizeof lists[e]);
        nonet_solver *s = nonet_solver_new(engines[e]);
        CHECK(nonet_solver_run(s, &g, 7, collect, lists[e], &counts[e], NULL) == NONET_OK);
        nonet_solver_free(s);
    }
    CHECK(counts[0] == counts[1] && counts[0] >= 2 && counts[0] < 7);
    for (uint64_t i = 0; i < counts[0]; i++) {
        CHECK(verify_solution(g.cells, lists[1][i].cells, 3, 3));
        int found = 0;
        for (uint64_t j = 0; j < counts[0]; j++) {
            found += nonet_grid_equal(&lists[1][i], &lists[0][j]);
            if (j != i)
                CHECK(!nonet_grid_equal(&lists[1][i], &lists[1][j]));
        }
        CHECK(found == 1);
    }
}

void suite_engines(void)
{
    RUN(test_engines_agree);
    RUN(test_bitboard_sizes);
    RUN(test_enumeration_agrees);
}
