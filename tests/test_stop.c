/* test_stop.c - stopping long calls (nonet_stop): every long entry point
 * stops soon after its stop function says so or its deadline passes,
 * says why, reports what it found until then, and leaves its object
 * usable: the next call gives the answer an untouched object gives. */
#include "unit.h"

#include <string.h>

/* A stop function that says "stop" from its limit-th call on. */
typedef struct stopper {
    int calls, limit;
} stopper;

static int stop_after(void *ctx)
{
    stopper *s = ctx;
    return ++s->calls >= s->limit;
}

/* More solutions than any of these searches finds in a minute: a search
 * that ignored its stop would end with NONET_OK, and fail the test. */
#define LONG_COUNT 100000000u

static double ms_since(uint64_t start)
{
    return (double)(nonet_clock_ns() - start) / 1e6;
}

/* A stop whose deadline is ms milliseconds from now. */
static nonet_stop deadline_in(int ms)
{
    nonet_stop st = {NULL, NULL, nonet_clock_ns() + (uint64_t)ms * 1000000u};
    return st;
}

/* The empty grid: counting all its solutions takes for ever; a stop ends
 * it, with the solutions found so far counted, on every engine. */
static void test_solver_stops(void)
{
    static const struct {
        nonet_engine engine;
        int br, bc;
    } cases[] = {{NONET_ENGINE_BITBOARD, 3, 3},
                 {NONET_ENGINE_GENERAL, 3, 3},
                 {NONET_ENGINE_GENERAL, 4, 4},
                 {NONET_ENGINE_DLX, 3, 3},
                 {NONET_ENGINE_AUTO, 5, 5}};
    static nonet_grid empty;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nonet_solver *s = nonet_solver_new(cases[i].engine);
        CHECK(s);
        CHECK(nonet_grid_init(&empty, cases[i].br, cases[i].bc) == NONET_OK);
        uint64_t count = 0;
        nonet_stats stats;

        stopper calls = {0, 3};
        nonet_stop by_fn = {stop_after, &calls, 0};
        nonet_solver_set_stop(s, &by_fn);
        int rc = nonet_solver_count(s, &empty, LONG_COUNT, &count, NULL, &stats);
        CHECKF(rc == NONET_ECANCELED, "engine %d, %dx%d: %s", (int)cases[i].engine, cases[i].br,
               cases[i].bc, nonet_strerror(rc));
        CHECK(calls.calls == 3 && count > 0 && stats.nodes > 0);

        nonet_stop soon = deadline_in(50);
        nonet_solver_set_stop(s, &soon);
        uint64_t start = nonet_clock_ns();
        rc = nonet_solver_count(s, &empty, LONG_COUNT, &count, NULL, NULL);
        double ms = ms_since(start);
        CHECKF(rc == NONET_ETIMEOUT && ms < 2000, "%s after %.0f ms", nonet_strerror(rc), ms);
        CHECK(count > 0);

        /* the same solver, the stop cleared: a bounded count is whole */
        nonet_solver_set_stop(s, NULL);
        rc = nonet_solver_count(s, &empty, 100, &count, NULL, NULL);
        CHECK(rc == NONET_OK && count == 100);
        nonet_solver_free(s);
    }
    nonet_solver_set_stop(NULL, NULL); /* a no-op */
}

/* A deadline in the past stops a long count at its first look, and an
 * unarmed stop (zero) never stops anything. */
static void test_deadline_past(void)
{
    static nonet_grid empty;
    CHECK(nonet_grid_init(&empty, 3, 3) == NONET_OK);
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    CHECK(s);
    nonet_stop past = {NULL, NULL, 1};
    nonet_solver_set_stop(s, &past);
    uint64_t count = 0;
    CHECK(nonet_solver_count(s, &empty, LONG_COUNT, &count, NULL, NULL) == NONET_ETIMEOUT);
    nonet_stop none = {NULL, NULL, 0};
    nonet_solver_set_stop(s, &none);
    CHECK(nonet_solver_count(s, &empty, 20000, &count, NULL, NULL) == NONET_OK && count == 20000);
    nonet_solver_free(s);
}

/* Exact cover: a stopped search leaves the problem whole (its links put
 * back), so the next search finds what a fresh problem's does. */
static int keep_options(void *ctx, const nonet_xc_choice *levels, size_t count)
{
    size_t *sum = ctx;
    for (size_t i = 0; i < count; i++)
        *sum = *sum * 31 + levels[i].option;
    return 0;
}

static void test_xc_stops(void)
{
    static nonet_grid empty;
    static char text[1 << 16];
    CHECK(nonet_grid_init(&empty, 3, 3) == NONET_OK);
    long len = nonet_xc_from_sudoku(&empty, 0, text, sizeof text, NULL);
    CHECK(len > 0 && (size_t)len < sizeof text);
    nonet_xc *x = NULL, *fresh = NULL;
    CHECK(nonet_xc_parse(text, (size_t)len, NULL, NULL, &x, NULL) == NONET_OK);
    CHECK(nonet_xc_parse(text, (size_t)len, NULL, NULL, &fresh, NULL) == NONET_OK);
    for (int limit = 2; limit < 40; limit += 7) {
        stopper calls = {0, limit};
        nonet_stop by_fn = {stop_after, &calls, 0};
        nonet_xc_stats st;
        nonet_xc_set_stop(x, &by_fn);
        CHECK(nonet_xc_solve(x, 0, NULL, NULL, &st) == NONET_ECANCELED);
        CHECK(calls.calls == limit && st.solutions > 0);
        nonet_xc_set_stop(x, NULL);
        size_t a = 0, b = 0;
        CHECK(nonet_xc_solve(x, 500, keep_options, &a, &st) == NONET_OK && st.solutions == 500);
        CHECK(nonet_xc_solve(fresh, 500, keep_options, &b, NULL) == NONET_OK);
        CHECK(a == b);
    }
    nonet_xc_free(x);
    nonet_xc_free(fresh);
}

/* Variants: the empty grid with a rule counted without a limit. */
static void test_variant_stops(void)
{
    static nonet_grid empty;
    CHECK(nonet_grid_init(&empty, 3, 3) == NONET_OK);
    nonet_variant *v = nonet_variant_new(&empty);
    CHECK(v);
    nonet_constraint diag = {NONET_CON_DIAGONAL_MAIN, 0, 0, NULL, 0, NULL, NULL};
    CHECK(nonet_variant_add(v, &diag, NULL, 0) == NONET_OK);
    uint64_t count = 0, cands[81];
    nonet_stop soon = deadline_in(50);
    uint64_t start = nonet_clock_ns();
    int rc = nonet_variant_count(v, LONG_COUNT, &count, NULL, NULL, &soon);
    double ms = ms_since(start);
    CHECKF(rc == NONET_ETIMEOUT && ms < 2000, "%s after %.0f ms", nonet_strerror(rc), ms);
    CHECK(count > 0);
    stopper calls = {0, 2};
    nonet_stop by_fn = {stop_after, &calls, 0};
    rc = nonet_variant_candidates(v, 0, cands, &count, NULL, &by_fn);
    CHECK(rc == NONET_ECANCELED && calls.calls == 2);
    /* unstopped, the same variant answers */
    CHECK(nonet_variant_count(v, 3, &count, NULL, NULL, NULL) == NONET_OK && count == 3);
    nonet_variant_free(v);
}

/* The human solver: a rating of a puzzle that needs nested forcing chains
 * (seconds of work) stops within its deadline; so does one find whose
 * next step is such a chain, with the position left as it was. */
static const char *const easter_monster =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

static void test_human_stops(void)
{
    static nonet_puzzle p;
    nonet_human *h = nonet_human_new();
    CHECK(h);
    CHECK(nonet_parse(easter_monster, strlen(easter_monster), NULL, &p, NULL) == NONET_OK);
    nonet_stop soon = deadline_in(100);
    nonet_human_set_stop(h, &soon);
    nonet_rating r;
    uint64_t start = nonet_clock_ns();
    int rc = nonet_human_rate(h, &p.grid, NULL, &r);
    double ms = ms_since(start);
    CHECKF(rc == NONET_ETIMEOUT && ms < 1000, "%s after %.0f ms", nonet_strerror(rc), ms);

    /* walk to the first chain step, then stop inside one find */
    nonet_human_set_stop(h, NULL);
    CHECK(nonet_human_start(h, &p.grid, NULL) == NONET_OK);
    nonet_step st;
    for (;;) {
        int found = nonet_human_find(h);
        CHECK(found > 0);
        CHECK(nonet_human_step(h, 0, &st) == NONET_OK);
        if (st.chain_kind != NONET_CHAIN_NONE)
            break;
        CHECK(nonet_human_apply(h, -1) > 0);
    }
    static nonet_grid before, after;
    static nonet_marks mb, ma;
    nonet_human_position(h, &before, &mb);
    stopper calls = {0, 40};
    nonet_stop by_fn = {stop_after, &calls, 0};
    nonet_human_set_stop(h, &by_fn);
    CHECK(nonet_human_find(h) == NONET_ECANCELED);
    CHECK(nonet_human_step(h, 0, &st) == NONET_EARG); /* nothing found */
    nonet_human_position(h, &after, &ma);
    CHECK(nonet_grid_equal(&before, &after) &&
          memcmp(mb.cands, ma.cands, 81 * sizeof mb.cands[0]) == 0);
    nonet_human_free(h);
}

/* The generator: a stop ends generate (and leaves the next call the
 * same puzzle an untouched generator makes), and minimize, which then
 * leaves the puzzle as it was given. */
static void test_generator_stops(void)
{
    nonet_generate_opts o;
    memset(&o, 0, sizeof o);
    o.min_rating = 90; /* diabolical: many grids dug and rated */
    nonet_generator *g = NULL, *fresh = NULL;
    CHECK(nonet_generator_new(&o, &g) == NONET_OK);
    static nonet_grid puzzle, other, sol;
    nonet_stop soon = deadline_in(100);
    nonet_generator_set_stop(g, &soon);
    uint64_t start = nonet_clock_ns();
    int rc = nonet_generate(g, 7, 0, &puzzle, NULL, NULL);
    double ms = ms_since(start);
    CHECKF(rc == NONET_ETIMEOUT && ms < 2000, "%s after %.0f ms", nonet_strerror(rc), ms);
    nonet_generator_free(g);

    memset(&o, 0, sizeof o);
    CHECK(nonet_generator_new(&o, &g) == NONET_OK && nonet_generator_new(&o, &fresh) == NONET_OK);
    stopper calls = {0, 1};
    nonet_stop by_fn = {stop_after, &calls, 0};
    nonet_generator_set_stop(g, &by_fn);
    CHECK(nonet_generate(g, 7, 3, &puzzle, NULL, NULL) == NONET_ECANCELED);
    nonet_generator_set_stop(g, NULL);
    CHECK(nonet_generate(g, 7, 3, &puzzle, &sol, NULL) == NONET_OK);
    CHECK(nonet_generate(fresh, 7, 3, &other, NULL, NULL) == NONET_OK);
    CHECK(nonet_grid_equal(&puzzle, &other));

    /* minimize: the solution with no clue taken yet, stopped at once */
    nonet_grid_copy(&other, &sol);
    calls.calls = 0;
    nonet_generator_set_stop(g, &by_fn);
    CHECK(nonet_minimize(g, &other, NONET_SYM_NONE) == NONET_ECANCELED);
    CHECK(nonet_grid_equal(&other, &sol));
    nonet_generator_set_stop(g, NULL);
    CHECK(nonet_minimize(g, &other, NONET_SYM_NONE) == NONET_OK);
    /* is_minimal: each clue's removal is a search, so it looks at the stop */
    calls.calls = 0;
    nonet_generator_set_stop(g, &by_fn);
    CHECK(nonet_is_minimal(g, &other, NONET_SYM_NONE) == NONET_ECANCELED);
    nonet_generator_set_stop(g, NULL);
    CHECK(nonet_is_minimal(g, &other, NONET_SYM_NONE) == 1);
    nonet_generator_free(g);
    nonet_generator_free(fresh);
}

void suite_stop(void)
{
    RUN(test_solver_stops);
    RUN(test_deadline_past);
    RUN(test_xc_stops);
    RUN(test_variant_stops);
    RUN(test_human_stops);
    RUN(test_generator_stops);
}
