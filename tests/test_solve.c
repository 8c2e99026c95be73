/* test_solve.c - the solving API: engine names, solver objects, counting
 * with limits and callbacks, statistics, every grid shape, and bad input.
 * Grids are built with grid_from_line (not the library's reader) and every
 * solution is checked with verify_solution (not the library's checker). */
#include "unit.h"

#include <string.h>

static const char classic[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char classic_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
static const char second[] =
    "1..489..673.....4......1295..712.6..5..7.3..8..6.957..9146......2.....378..512..4";
static const char second_solution[] =
    "152489376739256841468371295387124659591763428246895713914637582625948137873512964";

/* Hard for search: the first from the brief, the rest from the classic
 * "top 1465" list. */
static const char *const hard[] = {
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
    "6.1....3....8..2..9.........47...5......7........6.....8.5.2...3.......1...4...9.",
};

/* A fixed linear congruential generator, so that every run builds the
 * same grids. */
static uint32_t lcg_next(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Collects the solutions the callback sees (up to MAX_KEPT of at most
 * 16x16) and checks each one against the puzzle. */
#define MAX_KEPT 300
typedef struct collector {
    const nonet_grid *puzzle;
    uint64_t seen;
    uint64_t invalid; /* solutions that fail verify_solution */
    uint64_t stop_at; /* return nonzero at this solution (0: never) */
    int kept;
    uint8_t cells[MAX_KEPT][256];
} collector;

static int collect(void *ctx, const nonet_grid *sol)
{
    collector *col = ctx;
    const nonet_grid *p = col->puzzle;
    int ncells = p->n * p->n;

    col->seen++;
    if (sol->n != p->n || sol->box_rows != p->box_rows || sol->box_cols != p->box_cols ||
        !verify_solution(p->cells, sol->cells, p->box_rows, p->box_cols))
        col->invalid++;
    if (col->kept < MAX_KEPT && ncells <= 256)
        memcpy(col->cells[col->kept++], sol->cells, (size_t)ncells);
    return col->stop_at && col->seen >= col->stop_at;
}

/* Whether the kept solutions are pairwise distinct. */
static int all_distinct(const collector *col, int ncells)
{
    for (int i = 0; i < col->kept; i++)
        for (int j = i + 1; j < col->kept; j++)
            if (memcmp(col->cells[i], col->cells[j], (size_t)ncells) == 0)
                return 0;
    return 1;
}

static int same_as_line(const nonet_grid *g, const char *line)
{
    nonet_grid want;
    if (!grid_from_line(line, g->box_rows, g->box_cols, &want))
        return 0;
    return memcmp(want.cells, g->cells, (size_t)g->n * (size_t)g->n) == 0;
}

/* A full valid grid of the shape: the solver's first solution of an empty
 * grid whose first row is a seeded permutation. */
static int make_full(nonet_solver *s, int br, int bc, uint32_t seed, nonet_grid *full)
{
    nonet_grid g;
    uint64_t count = 0;
    int n = br * bc;

    if (nonet_grid_init(&g, br, bc) != NONET_OK)
        return 0;
    for (int i = 0; i < n; i++)
        g.cells[i] = (uint8_t)(i + 1);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(lcg_next(&seed) % (uint32_t)(i + 1));
        uint8_t t = g.cells[i];
        g.cells[i] = g.cells[j];
        g.cells[j] = t;
    }
    if (nonet_solver_count(s, &g, 1, &count, full, NULL) != NONET_OK || count != 1)
        return 0;
    return verify_solution(g.cells, full->cells, br, bc);
}

/* A puzzle made from a full grid by blanking about pct percent of it. */
static void blank_cells(const nonet_grid *full, int pct, uint32_t seed, nonet_grid *puzzle)
{
    nonet_grid_copy(puzzle, full);
    for (int i = 0; i < full->n * full->n; i++)
        if ((int)(lcg_next(&seed) % 100) < pct)
            puzzle->cells[i] = 0;
}

/* An independent solution counter for small grids: plain backtracking
 * over the cells in row-major order with row, column and box masks. */
typedef struct naive {
    int n, br, bc;
    uint8_t cells[64];
    unsigned rows[8], cols[8], boxes[8];
} naive;

static uint64_t naive_count(naive *v, int cell)
{
    int n = v->n;
    while (cell < n * n && v->cells[cell])
        cell++;
    if (cell == n * n)
        return 1;
    int r = cell / n, c = cell % n, b = (r / v->br) * v->br + c / v->bc;
    uint64_t total = 0;
    for (int d = 1; d <= n; d++) {
        unsigned bit = 1u << d;
        if ((v->rows[r] | v->cols[c] | v->boxes[b]) & bit)
            continue;
        v->rows[r] |= bit;
        v->cols[c] |= bit;
        v->boxes[b] |= bit;
        v->cells[cell] = (uint8_t)d;
        total += naive_count(v, cell + 1);
        v->cells[cell] = 0;
        v->rows[r] &= ~bit;
        v->cols[c] &= ~bit;
        v->boxes[b] &= ~bit;
    }
    return total;
}

/* The naive count of a puzzle of side <= 8 (0 when its clues conflict). */
static uint64_t naive_solutions(const nonet_grid *g)
{
    naive v;
    memset(&v, 0, sizeof v);
    v.n = g->n;
    v.br = g->box_rows;
    v.bc = g->box_cols;
    for (int i = 0; i < v.n * v.n; i++) {
        int d = g->cells[i];
        if (!d)
            continue;
        int r = i / v.n, c = i % v.n, b = (r / v.br) * v.br + c / v.bc;
        unsigned bit = 1u << d;
        if ((v.rows[r] | v.cols[c] | v.boxes[b]) & bit)
            return 0;
        v.rows[r] |= bit;
        v.cols[c] |= bit;
        v.boxes[b] |= bit;
        v.cells[i] = (uint8_t)d;
    }
    return naive_count(&v, 0);
}

static void test_engine_names(void)
{
    nonet_engine e = NONET_ENGINE_GENERAL;

    CHECK(strcmp(nonet_engine_name(NONET_ENGINE_AUTO), "auto") == 0);
    CHECK(strcmp(nonet_engine_name(NONET_ENGINE_GENERAL), "general") == 0);
    CHECK(nonet_engine_name((nonet_engine)99) == NULL);
    CHECK(nonet_engine_from_name("auto", &e) == NONET_OK && e == NONET_ENGINE_AUTO);
    CHECK(nonet_engine_from_name("general", &e) == NONET_OK && e == NONET_ENGINE_GENERAL);
    CHECK(nonet_engine_from_name("fast", &e) == NONET_EARG);
    CHECK(nonet_engine_from_name("", &e) == NONET_EARG);
    CHECK(nonet_engine_from_name(NULL, &e) == NONET_EARG);
    CHECK(nonet_engine_from_name("auto", NULL) == NONET_EARG);
    CHECK(nonet_solver_new((nonet_engine)99) == NULL);
    nonet_solver_free(NULL);
}

static void test_classic(void)
{
    nonet_grid p, sol;
    nonet_stats st;
    uint64_t count = 0;

    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_solve(&p, &sol, &st) == NONET_OK);
    CHECK(verify_solution(p.cells, sol.cells, 3, 3));
    CHECK(sol.n == 9 && sol.box_rows == 3 && sol.box_cols == 3);
    CHECK(same_as_line(&sol, classic_solution));
    /* Singles alone solve it: the root is the only node. */
    CHECK(st.guesses == 0 && st.nodes == 1);
    CHECK(nonet_count(&p, 0, &count, NULL, NULL) == NONET_OK && count == 1);
}

static void test_second(void)
{
    nonet_grid p, sol;
    uint64_t count = 0;

    CHECK(grid_from_line(second, 3, 3, &p));
    CHECK(nonet_count(&p, 2, &count, &sol, NULL) == NONET_OK);
    CHECK(count == 1);
    CHECK(verify_solution(p.cells, sol.cells, 3, 3));
    CHECK(same_as_line(&sol, second_solution));
}

static collector col_4x4;

static void test_empty_4x4(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_grid p;
    nonet_stats st;
    uint64_t count = 0;
    collector *col = &col_4x4;

    CHECK(s != NULL);
    CHECK(nonet_grid_init(&p, 2, 2) == NONET_OK);
    memset(col, 0, sizeof *col);
    col->puzzle = &p;
    CHECK(nonet_solver_run(s, &p, 0, collect, col, &count, &st) == NONET_OK);
    CHECKF(count == 288, "count %llu", (unsigned long long)count);
    CHECK(col->seen == 288 && col->invalid == 0 && col->kept == 288);
    CHECK(all_distinct(col, 16));
    /* A complete search strikes out every guess it makes. */
    CHECK(st.guesses > 0 && st.nodes == 1 + 2 * st.guesses);

    /* Limits. */
    CHECK(nonet_solver_run(s, &p, 1, NULL, NULL, &count, NULL) == NONET_OK && count == 1);
    CHECK(nonet_solver_run(s, &p, 2, NULL, NULL, &count, NULL) == NONET_OK && count == 2);
    CHECK(nonet_solver_run(s, &p, 287, NULL, NULL, &count, NULL) == NONET_OK && count == 287);
    CHECK(nonet_solver_run(s, &p, 288, NULL, NULL, &count, NULL) == NONET_OK && count == 288);
    CHECK(nonet_solver_run(s, &p, 1000, NULL, NULL, &count, NULL) == NONET_OK && count == 288);
    nonet_solver_free(s);
}

static void test_conflicting_clues(void)
{
    nonet_grid p, sol;
    nonet_stats st = {7, 7};
    uint64_t count = 9;
    /* Twice in a row, a column, a box (rows 0 and 1, columns 0 and 1). */
    static const int conflicts[3][4] = {{0, 0, 0, 5}, {0, 0, 7, 0}, {0, 0, 1, 1}};

    for (int k = 0; k < 3; k++) {
        CHECK(nonet_grid_init(&p, 3, 3) == NONET_OK);
        p.cells[conflicts[k][0] * 9 + conflicts[k][1]] = 4;
        p.cells[conflicts[k][2] * 9 + conflicts[k][3]] = 4;
        CHECK(nonet_count(&p, 0, &count, &sol, &st) == NONET_OK);
        CHECK(count == 0 && st.nodes == 0 && st.guesses == 0);
        CHECK(nonet_solve(&p, &sol, NULL) == NONET_ENOSOLUTION);
    }
    /* Conflicting clues in an otherwise solved grid. */
    CHECK(grid_from_line(classic_solution, 3, 3, &p));
    p.cells[0] = p.cells[1];
    CHECK(nonet_count(&p, 0, &count, NULL, NULL) == NONET_OK && count == 0);
}

static void test_no_solution(void)
{
    nonet_grid p, sol;
    uint64_t count = 9;
    nonet_stats st;

    /* Row 0 holds 1..8 and needs 9 in its last cell, but the 9 below it
     * (in another row and box of the same column) forbids it. */
    CHECK(nonet_grid_init(&p, 3, 3) == NONET_OK);
    for (int c = 0; c < 8; c++)
        p.cells[c] = (uint8_t)(c + 1);
    p.cells[5 * 9 + 8] = 9;
    CHECK(nonet_count(&p, 0, &count, &sol, &st) == NONET_OK);
    CHECK(count == 0 && st.nodes == 1 && st.guesses == 0);
    CHECK(nonet_solve(&p, &sol, NULL) == NONET_ENOSOLUTION);

    /* The classic puzzle with one extra clue that conflicts with no clue
     * but differs from the (unique) solution: the search must prove it. */
    nonet_grid want;
    CHECK(grid_from_line(classic_solution, 3, 3, &want));
    int tried = 0;
    for (int cell = 0; cell < 81 && tried < 5; cell++) {
        CHECK(grid_from_line(classic, 3, 3, &p));
        if (p.cells[cell])
            continue;
        int r = cell / 9, c = cell % 9;
        for (int d = 1; d <= 9; d++) {
            int ok = d != want.cells[cell];
            for (int k = 0; k < 9 && ok; k++) {
                int br = (r / 3) * 3 + k / 3, bc = (c / 3) * 3 + k % 3;
                if (p.cells[r * 9 + k] == d || p.cells[k * 9 + c] == d || p.cells[br * 9 + bc] == d)
                    ok = 0;
            }
            if (!ok)
                continue;
            p.cells[cell] = (uint8_t)d;
            CHECK(nonet_count(&p, 0, &count, NULL, NULL) == NONET_OK);
            CHECKF(count == 0, "cell %d digit %d: count %llu", cell, d, (unsigned long long)count);
            tried++;
            break;
        }
    }
    CHECK(tried == 5);
}

/* Finds a puzzle with exactly two solutions: blanks cells of the classic
 * solution in a fixed pseudo-random order, keeping a blank while the count
 * stays at most 2, until it reaches 2. */
static int two_solution_puzzle(nonet_solver *s, nonet_grid *p)
{
    int order[81];
    uint32_t seed = 12345;
    uint64_t count;

    if (!grid_from_line(classic_solution, 3, 3, p))
        return 0;
    for (int i = 0; i < 81; i++)
        order[i] = i;
    for (int i = 80; i > 0; i--) {
        int j = (int)(lcg_next(&seed) % (uint32_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < 81; i++) {
        uint8_t old = p->cells[order[i]];
        p->cells[order[i]] = 0;
        if (nonet_solver_run(s, p, 3, NULL, NULL, &count, NULL) != NONET_OK)
            return 0;
        if (count == 2)
            return 1;
        if (count > 2)
            p->cells[order[i]] = old;
    }
    return 0;
}

static collector col_two;

static void test_unique_and_two(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_GENERAL);
    nonet_grid p, first;
    nonet_stats st;
    uint64_t count = 0;
    collector *col = &col_two;

    CHECK(s != NULL);
    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_solver_count(s, &p, 2, &count, NULL, NULL) == NONET_OK && count == 1);

    CHECK(two_solution_puzzle(s, &p));
    CHECK(nonet_solver_run(s, &p, 1, NULL, NULL, &count, NULL) == NONET_OK && count == 1);
    CHECK(nonet_solver_run(s, &p, 2, NULL, NULL, &count, NULL) == NONET_OK && count == 2);
    CHECK(nonet_solver_run(s, &p, 5, NULL, NULL, &count, NULL) == NONET_OK && count == 2);
    memset(col, 0, sizeof *col);
    col->puzzle = &p;
    CHECK(nonet_solver_run(s, &p, 0, collect, col, &count, &st) == NONET_OK);
    CHECK(count == 2 && col->seen == 2 && col->invalid == 0 && all_distinct(col, 81));
    CHECK(st.guesses >= 1 && st.nodes == 1 + 2 * st.guesses);

    /* nonet_solver_count copies the first solution the search finds. */
    CHECK(nonet_solver_count(s, &p, 0, &count, &first, NULL) == NONET_OK && count == 2);
    CHECK(memcmp(first.cells, col->cells[0], 81) == 0);
    CHECK(nonet_solver_count(s, &p, 1, &count, &first, NULL) == NONET_OK && count == 1);
    CHECK(memcmp(first.cells, col->cells[0], 81) == 0);
    nonet_solver_free(s);
}

static collector col_many;

static void test_many_and_stop(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_grid p;
    nonet_stats st;
    uint64_t count = 0;
    collector *col = &col_many;

    CHECK(s != NULL);
    CHECK(nonet_grid_init(&p, 3, 3) == NONET_OK);
    memset(col, 0, sizeof *col);
    col->puzzle = &p;
    CHECK(nonet_solver_run(s, &p, 100, collect, col, &count, &st) == NONET_OK);
    CHECK(count == 100 && col->seen == 100 && col->invalid == 0);
    CHECK(all_distinct(col, 81));
    CHECK(st.nodes > 0 && st.guesses > 0);

    /* The callback's stop request: the solution it saw is counted. */
    memset(col, 0, sizeof *col);
    col->puzzle = &p;
    col->stop_at = 3;
    CHECK(nonet_solver_run(s, &p, 0, collect, col, &count, &st) == NONET_OK);
    CHECK(count == 3 && col->seen == 3 && col->invalid == 0);

    /* A stop on the first solution, below the limit. */
    memset(col, 0, sizeof *col);
    col->puzzle = &p;
    col->stop_at = 1;
    CHECK(nonet_solver_run(s, &p, 10, collect, col, &count, NULL) == NONET_OK);
    CHECK(count == 1 && col->seen == 1);

    /* Many solutions on a sparse puzzle, and NULL count and stats. */
    CHECK(grid_from_line(classic, 3, 3, &p));
    for (int i = 0; i < 40; i++)
        p.cells[i] = 0;
    CHECK(nonet_solver_run(s, &p, 500, NULL, NULL, &count, &st) == NONET_OK);
    CHECK(count == 500 && st.guesses > 0);
    CHECK(nonet_solver_run(s, &p, 500, NULL, NULL, NULL, NULL) == NONET_OK);
    nonet_solver_free(s);
}

static void test_solved_grid(void)
{
    nonet_grid p, sol;
    nonet_stats st;
    uint64_t count = 0;

    CHECK(grid_from_line(classic_solution, 3, 3, &p));
    CHECK(nonet_count(&p, 0, &count, &sol, &st) == NONET_OK);
    CHECK(count == 1 && st.guesses == 0 && st.nodes == 1);
    CHECK(memcmp(sol.cells, p.cells, 81) == 0);
}

static void test_hard(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_grid p, sol;
    nonet_stats st;
    uint64_t count = 0;

    CHECK(s != NULL);
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
        CHECK(grid_from_line(hard[i], 3, 3, &p));
        CHECK(nonet_solver_count(s, &p, 2, &count, &sol, &st) == NONET_OK);
        CHECKF(count == 1, "hard[%zu]: count %llu", i, (unsigned long long)count);
        CHECKF(verify_solution(p.cells, sol.cells, 3, 3), "hard[%zu]", i);
        CHECKF(st.guesses > 0 && st.nodes > st.guesses, "hard[%zu]", i);
    }
    nonet_solver_free(s);
}

static void test_tiny(void)
{
    nonet_grid p, sol;
    uint64_t count = 0;
    nonet_stats st;

    /* 1x1: one cell, one solution, found by propagation. */
    CHECK(nonet_grid_init(&p, 1, 1) == NONET_OK);
    CHECK(nonet_count(&p, 0, &count, &sol, &st) == NONET_OK);
    CHECK(count == 1 && sol.cells[0] == 1 && st.guesses == 0);
    p.cells[0] = 1;
    CHECK(nonet_count(&p, 0, &count, &sol, NULL) == NONET_OK && count == 1);

    /* 2x2 with 1x2 boxes (a box is a row): two solutions. */
    CHECK(nonet_grid_init(&p, 1, 2) == NONET_OK);
    CHECK(nonet_count(&p, 0, &count, &sol, &st) == NONET_OK && count == 2);
    CHECK(verify_solution(p.cells, sol.cells, 1, 2));
    CHECK(st.guesses == 1 && st.nodes == 3);
    p.cells[3] = 1;
    CHECK(nonet_count(&p, 0, &count, &sol, NULL) == NONET_OK && count == 1);
    CHECK(verify_solution(p.cells, sol.cells, 1, 2) && sol.cells[0] == 1);
    CHECK(nonet_solve(&p, &sol, NULL) == NONET_OK);
    /* ...and 2x1 boxes (a box is a column). */
    CHECK(nonet_grid_init(&p, 2, 1) == NONET_OK);
    CHECK(nonet_count(&p, 0, &count, &sol, NULL) == NONET_OK && count == 2);
    CHECK(verify_solution(p.cells, sol.cells, 2, 1));
}

static void test_shapes(void)
{
    /* The blanked share stays below the region (about 50-65% for 25x25,
     * 65-70% for 16x16) where randomly blanked grids make this kind of
     * search heavy-tailed: most take milliseconds, a few take minutes. */
    static const int shapes[][3] = {
        /* box_rows, box_cols, percent blanked */
        {1, 2, 50}, {1, 3, 50}, {2, 2, 60}, {2, 3, 60}, {3, 2, 60},
        {1, 5, 50}, {2, 4, 55}, {4, 2, 55}, {3, 3, 60}, {3, 4, 55},
        {4, 3, 55}, {2, 6, 55}, {4, 4, 55}, {5, 5, 40}, {1, 9, 30},
    };
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    static nonet_grid full, p, sol;
    uint64_t count = 0;

    CHECK(s != NULL);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int br = shapes[i][0], bc = shapes[i][1];
        for (uint32_t seed = 1; seed <= 3; seed++) {
            CHECKF(make_full(s, br, bc, seed * 7919u + (uint32_t)i, &full),
                   "%dx%d seed %u: no full grid", br, bc, (unsigned)seed);
            blank_cells(&full, shapes[i][2], seed * 104729u + (uint32_t)i, &p);
            CHECKF(nonet_solver_count(s, &p, 1, &count, &sol, NULL) == NONET_OK && count == 1,
                   "%dx%d seed %u: count %llu", br, bc, (unsigned)seed, (unsigned long long)count);
            CHECKF(verify_solution(p.cells, sol.cells, br, bc), "%dx%d seed %u", br, bc,
                   (unsigned)seed);
            CHECK(sol.box_rows == br && sol.box_cols == bc && sol.n == br * bc);
        }
    }
    nonet_solver_free(s);
}

/* Exact counts on random small puzzles, against the naive counter. The
 * clues are random digits, so some conflict, some have no solution, many
 * have several. */
static void test_counts_match_naive(void)
{
    static const int shapes[][2] = {{1, 2}, {2, 2}, {1, 4}, {2, 3}, {3, 2}, {1, 6}};
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_grid p;
    nonet_stats st;
    uint32_t seed = 2024;
    uint64_t count = 0;
    int zero = 0, one = 0, several = 0;

    CHECK(s != NULL);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int br = shapes[i][0], bc = shapes[i][1], n = br * bc;
        for (int round = 0; round < 60; round++) {
            CHECK(nonet_grid_init(&p, br, bc) == NONET_OK);
            int clues = n + (int)(lcg_next(&seed) % (uint32_t)(n * n / 2));
            for (int k = 0; k < clues; k++) {
                int cell = (int)(lcg_next(&seed) % (uint32_t)(n * n));
                p.cells[cell] = (uint8_t)(1 + lcg_next(&seed) % (uint32_t)n);
            }
            uint64_t want = naive_solutions(&p);
            CHECK(nonet_solver_run(s, &p, 0, NULL, NULL, &count, &st) == NONET_OK);
            CHECKF(count == want, "%dx%d round %d: count %llu, naive %llu", br, bc, round,
                   (unsigned long long)count, (unsigned long long)want);
            if (st.nodes > 0)
                CHECK(st.nodes == 1 + 2 * st.guesses);
            zero += want == 0;
            one += want == 1;
            several += want > 1;
        }
    }
    /* The mix covers every kind of answer. */
    CHECKF(zero > 0 && one > 0 && several > 0, "%d %d %d", zero, one, several);
    nonet_solver_free(s);
}

static void test_big_empty(void)
{
    static const int shapes[][2] = {{6, 6}, {8, 8}, {4, 16}, {1, 64}};
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    static nonet_grid p, sol;
    uint64_t count = 0;

    CHECK(s != NULL);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int br = shapes[i][0], bc = shapes[i][1];
        CHECK(nonet_grid_init(&p, br, bc) == NONET_OK);
        CHECKF(nonet_solver_count(s, &p, 1, &count, &sol, NULL) == NONET_OK && count == 1, "%dx%d",
               br, bc);
        CHECKF(verify_solution(p.cells, sol.cells, br, bc), "%dx%d", br, bc);
    }
    /* A 64x64 puzzle with about 25% blanks keeps its clues. (Around 40%,
     * randomly blanked 64x64 grids are far too hard for this search.) */
    static nonet_grid full;
    CHECK(nonet_grid_init(&p, 8, 8) == NONET_OK);
    CHECK(nonet_solver_count(s, &p, 1, &count, &full, NULL) == NONET_OK && count == 1);
    blank_cells(&full, 25, 99, &p);
    CHECK(nonet_solver_count(s, &p, 1, &count, &sol, NULL) == NONET_OK && count == 1);
    CHECK(verify_solution(p.cells, sol.cells, 8, 8));
    nonet_solver_free(s);
}

static void test_bad_arguments(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_grid p, sol;
    nonet_stats st = {5, 5};
    uint64_t count = 5;

    CHECK(s != NULL);
    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_solver_run(NULL, &p, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(count == 0 && st.nodes == 0 && st.guesses == 0);
    CHECK(nonet_solver_run(s, NULL, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(nonet_solver_count(s, NULL, 0, &count, &sol, &st) == NONET_EARG);
    CHECK(nonet_solver_count(NULL, &p, 0, &count, &sol, &st) == NONET_EARG);
    CHECK(nonet_solve(NULL, &sol, NULL) == NONET_EARG);
    CHECK(nonet_solve(&p, NULL, NULL) == NONET_EARG);
    CHECK(nonet_count(NULL, 0, &count, NULL, NULL) == NONET_EARG);

    /* Malformed grids: a digit above n, n not box_rows * box_cols, bad
     * shapes. */
    p.cells[2] = 10;
    CHECK(nonet_solver_run(s, &p, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(nonet_count(&p, 0, &count, NULL, NULL) == NONET_EARG);
    CHECK(grid_from_line(classic, 3, 3, &p));
    p.n = 8;
    CHECK(nonet_solver_run(s, &p, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(grid_from_line(classic, 3, 3, &p));
    p.box_rows = 0;
    p.n = 0;
    CHECK(nonet_solver_run(s, &p, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(nonet_grid_init(&p, 8, 8) == NONET_OK);
    p.box_rows = 9;
    p.n = 72;
    CHECK(nonet_solver_run(s, &p, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(nonet_solve(&p, &sol, NULL) == NONET_EARG);
    p.box_rows = -8;
    p.box_cols = -8;
    p.n = 64;
    CHECK(nonet_solver_run(s, &p, 0, NULL, NULL, &count, &st) == NONET_EARG);

    /* The solver still works after rejecting them. */
    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_solver_count(s, &p, 0, &count, &sol, &st) == NONET_OK && count == 1);
    CHECK(same_as_line(&sol, classic_solution));
    nonet_solver_free(s);
}

static void test_reuse(void)
{
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_GENERAL);
    static nonet_grid p, sol, full;
    nonet_stats st;
    uint64_t count = 0;

    CHECK(s != NULL);
    for (int round = 0; round < 2; round++) {
        CHECK(grid_from_line(hard[0], 3, 3, &p));
        CHECK(nonet_solver_count(s, &p, 2, &count, &sol, &st) == NONET_OK && count == 1);
        CHECK(verify_solution(p.cells, sol.cells, 3, 3));
        uint64_t guesses = st.guesses, nodes = st.nodes;

        CHECK(nonet_grid_init(&p, 2, 2) == NONET_OK);
        CHECK(nonet_solver_count(s, &p, 0, &count, NULL, &st) == NONET_OK && count == 288);

        CHECK(make_full(s, 4, 4, 77, &full));
        blank_cells(&full, 50, 78, &p);
        CHECK(nonet_solver_count(s, &p, 1, &count, &sol, NULL) == NONET_OK && count == 1);
        CHECK(verify_solution(p.cells, sol.cells, 4, 4));

        CHECK(nonet_grid_init(&p, 1, 1) == NONET_OK);
        CHECK(nonet_solver_count(s, &p, 0, &count, &sol, NULL) == NONET_OK && count == 1);

        CHECK(grid_from_line(classic, 3, 3, &p));
        CHECK(nonet_solver_count(s, &p, 0, &count, &sol, NULL) == NONET_OK && count == 1);
        CHECK(same_as_line(&sol, classic_solution));

        /* Same puzzle, same statistics: nothing accumulates across calls. */
        CHECK(grid_from_line(hard[0], 3, 3, &p));
        CHECK(nonet_solver_count(s, &p, 2, &count, NULL, &st) == NONET_OK && count == 1);
        CHECK(st.guesses == guesses && st.nodes == nodes);
    }
    nonet_solver_free(s);
}

static void test_engines_agree(void)
{
    nonet_solver *a = nonet_solver_new(NONET_ENGINE_AUTO);
    nonet_solver *g = nonet_solver_new(NONET_ENGINE_GENERAL);
    nonet_grid p, sa, sg;
    uint64_t ca = 0, cg = 0;

    CHECK(a != NULL && g != NULL);
    for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
        CHECK(grid_from_line(hard[i], 3, 3, &p));
        CHECK(nonet_solver_count(a, &p, 2, &ca, &sa, NULL) == NONET_OK);
        CHECK(nonet_solver_count(g, &p, 2, &cg, &sg, NULL) == NONET_OK);
        CHECK(ca == 1 && cg == 1 && memcmp(sa.cells, sg.cells, 81) == 0);
    }
    nonet_solver_free(a);
    nonet_solver_free(g);
}

void suite_solve(void)
{
    RUN(test_engine_names);
    RUN(test_classic);
    RUN(test_second);
    RUN(test_empty_4x4);
    RUN(test_conflicting_clues);
    RUN(test_no_solution);
    RUN(test_unique_and_two);
    RUN(test_many_and_stop);
    RUN(test_solved_grid);
    RUN(test_hard);
    RUN(test_tiny);
    RUN(test_shapes);
    RUN(test_counts_match_naive);
    RUN(test_big_empty);
    RUN(test_bad_arguments);
    RUN(test_reuse);
    RUN(test_engines_agree);
}
