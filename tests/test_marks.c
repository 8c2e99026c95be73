/* test_marks.c - solving positions: a grid and its pencil marks
 * (nonet_solver_run_marks, nonet_solver_count_marks).
 *
 * The reference is a brute-force counter written here: plain backtracking
 * over the blank cells in row-major order, trying in each the digits of
 * its mark that its row, column and box do not hold yet. It uses nothing
 * of the library. Every engine (auto, general, dlx, and for 9x9 the
 * bitboard engine on both its code paths) must find the same number of
 * solutions and, below the limit, the same solutions, on random
 * positions of small shapes and nearly full 9x9 grids; every solution an
 * engine reports is checked with verify_solution and against the marks.
 * On real 9x9 puzzles (tests/data/differential.txt), where brute force is
 * too slow, the engines are compared with each other and with what the
 * marks must do: plain-elimination marks change nothing, a mark without
 * the solution's digit leaves none, a mark of one digit is a clue. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define DATA "tests/data/differential.txt"

/* Solutions kept per search (grids of at most 9x9, zero-padded so that
 * whole records compare). */
enum { KEEP = 128 };
typedef struct sol81 {
    uint8_t c[81];
} sol81;

static uint64_t next_rand(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static int rand_below(uint64_t *rng, int k)
{
    return (int)(next_rand(rng) % (uint64_t)k);
}

static uint64_t all_digits(int n)
{
    return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* ------------------------------------------------------------ brute force */

typedef struct brute {
    int n, br, bc;
    uint8_t cells[81];
    const uint64_t *marks; /* n*n sets; only bits 0..n-1 count */
    uint64_t rows[9], cols[9], boxes[9];
    uint64_t limit, count; /* stops at limit solutions (0: none) */
    size_t kept;
    sol81 sols[KEEP];
} brute;

static void brute_cell(brute *b, int i)
{
    int n = b->n;
    while (i < n * n && b->cells[i])
        i++;
    if (i == n * n) {
        if (b->kept < KEEP) {
            memset(&b->sols[b->kept], 0, sizeof b->sols[0]);
            memcpy(b->sols[b->kept].c, b->cells, (size_t)(n * n));
            b->kept++;
        }
        b->count++;
        return;
    }
    int r = i / n, c = i % n, x = (r / b->br) * b->br + c / b->bc;
    uint64_t avail = b->marks[i] & all_digits(n) & ~(b->rows[r] | b->cols[c] | b->boxes[x]);
    for (int d = 0; d < n && (!b->limit || b->count < b->limit); d++) {
        uint64_t bit = (uint64_t)1 << d;
        if (!(avail & bit))
            continue;
        b->cells[i] = (uint8_t)(d + 1);
        b->rows[r] |= bit;
        b->cols[c] |= bit;
        b->boxes[x] |= bit;
        brute_cell(b, i + 1);
        b->rows[r] &= ~bit;
        b->cols[c] &= ~bit;
        b->boxes[x] &= ~bit;
    }
    b->cells[i] = 0;
}

/* Counts the solutions of (cells, marks) for boxes br x bc (n <= 9) up to
 * limit, keeping the first KEEP in b->sols. */
static uint64_t brute_count(brute *b, const uint8_t *cells, const uint64_t *marks, int br, int bc,
                            uint64_t limit)
{
    int n = br * bc;
    b->n = n;
    b->br = br;
    b->bc = bc;
    b->marks = marks;
    b->limit = limit;
    b->count = 0;
    b->kept = 0;
    memset(b->rows, 0, sizeof b->rows);
    memset(b->cols, 0, sizeof b->cols);
    memset(b->boxes, 0, sizeof b->boxes);
    memcpy(b->cells, cells, (size_t)(n * n));
    for (int i = 0; i < n * n; i++) {
        int d = cells[i];
        if (!d)
            continue;
        uint64_t bit = (uint64_t)1 << (d - 1);
        int r = i / n, c = i % n, x = (r / br) * br + c / bc;
        if (!(marks[i] & bit) || ((b->rows[r] | b->cols[c] | b->boxes[x]) & bit))
            return 0; /* a clue outside its mark, or two clues conflicting */
        b->rows[r] |= bit;
        b->cols[c] |= bit;
        b->boxes[x] |= bit;
    }
    brute_cell(b, 0);
    return b->count;
}

/* A random solution grid of boxes br x bc (n <= 9): backtracking over the
 * cells in row-major order, digits in a random order. */
static int fill_cell(uint8_t *g, int br, int bc, int i, uint64_t *rng)
{
    int n = br * bc;
    if (i == n * n)
        return 1;
    int r = i / n, c = i % n, order[9];
    for (int k = 0; k < n; k++)
        order[k] = k + 1;
    for (int k = n - 1; k > 0; k--) {
        int j = rand_below(rng, k + 1), t = order[k];
        order[k] = order[j];
        order[j] = t;
    }
    for (int k = 0; k < n; k++) {
        int d = order[k], ok = 1;
        for (int j = 0; j < i && ok; j++) {
            int r2 = j / n, c2 = j % n;
            if (g[j] == d && (r2 == r || c2 == c || (r2 / br == r / br && c2 / bc == c / bc)))
                ok = 0;
        }
        if (!ok)
            continue;
        g[i] = (uint8_t)d;
        if (fill_cell(g, br, bc, i + 1, rng))
            return 1;
    }
    g[i] = 0;
    return 0;
}

/* ------------------------------------------------------------ engines */

/* What an engine reported through the callback. */
typedef struct collector {
    const nonet_grid *puzzle;
    const uint64_t *marks; /* NULL: no marks */
    uint64_t seen;
    uint64_t invalid; /* not a solution of the puzzle, or outside a mark */
    uint64_t stop_at; /* return nonzero at this solution (0: never) */
    size_t kept;
    sol81 sols[KEEP];
} collector;

static int collect(void *ctx, const nonet_grid *sol)
{
    collector *col = ctx;
    const nonet_grid *p = col->puzzle;
    int n = p->n, ok = sol->n == n && sol->box_rows == p->box_rows &&
                       sol->box_cols == p->box_cols &&
                       verify_solution(p->cells, sol->cells, p->box_rows, p->box_cols);
    for (int i = 0; ok && col->marks && i < n * n; i++)
        ok = (col->marks[i] >> (sol->cells[i] - 1) & 1) != 0;
    col->invalid += !ok;
    col->seen++;
    if (col->kept < KEEP && n <= 9) {
        memset(&col->sols[col->kept], 0, sizeof col->sols[0]);
        memcpy(col->sols[col->kept].c, sol->cells, (size_t)(n * n));
        col->kept++;
    }
    return col->stop_at && col->seen >= col->stop_at;
}

static int cmp_sol(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(sol81));
}

/* Whether the two lists hold the same solutions, each once (sorts both). */
static int same_solutions(sol81 *a, size_t na, sol81 *b, size_t nb)
{
    if (na != nb)
        return 0;
    qsort(a, na, sizeof *a, cmp_sol);
    qsort(b, nb, sizeof *b, cmp_sol);
    for (size_t i = 0; i < na; i++) {
        if (memcmp(&a[i], &b[i], sizeof *a) != 0)
            return 0;
        if (i > 0 && memcmp(&a[i], &a[i - 1], sizeof *a) == 0)
            return 0;
    }
    return 1;
}

/* The solvers under test: auto, general, dlx, bitboard (x86-64-v3 where
 * the CPU has it) and bitboard forced onto the portable path. */
enum { S_AUTO, S_GENERAL, S_DLX, S_BITBOARD, S_PORTABLE, SOLVERS };
static const char *const solver_names[SOLVERS] = {"auto", "general", "dlx", "bitboard",
                                                  "portable bitboard"};

typedef struct solvers {
    nonet_solver *s[SOLVERS];
} solvers;

static int solvers_new(solvers *v)
{
    v->s[S_AUTO] = nonet_solver_new(NONET_ENGINE_AUTO);
    v->s[S_GENERAL] = nonet_solver_new(NONET_ENGINE_GENERAL);
    v->s[S_DLX] = nonet_solver_new(NONET_ENGINE_DLX);
    v->s[S_BITBOARD] = nonet_solver_new(NONET_ENGINE_BITBOARD);
    v->s[S_PORTABLE] = portable_solver();
    for (int k = 0; k < SOLVERS; k++)
        if (!v->s[k])
            return 0;
    return 1;
}

static void solvers_free(solvers *v)
{
    for (int k = 0; k < SOLVERS; k++)
        nonet_solver_free(v->s[k]);
}

/* Runs solver k on the position with a limit; 0 if it failed or reported
 * an invalid solution (the count is in col->seen). */
static int run_one(const solvers *v, int k, const nonet_grid *g, const uint64_t *marks,
                   uint64_t limit, collector *col)
{
    static nonet_marks m;
    uint64_t count = 0;
    nonet_stats st;
    col->puzzle = g;
    col->marks = marks;
    col->seen = col->invalid = col->stop_at = 0;
    col->kept = 0;
    if (marks)
        memcpy(m.cands, marks, (size_t)(g->n * g->n) * sizeof m.cands[0]);
    int rc =
        nonet_solver_run_marks(v->s[k], g, marks ? &m : NULL, limit, collect, col, &count, &st);
    return rc == NONET_OK && count == col->seen && col->invalid == 0 &&
           (limit == 0 || count <= limit);
}

/* Random marks for a grid whose solution is sol: mode 0 allows every
 * digit; 1 keeps sol's digit and most others; 2 drops sol's digit from a
 * few cells; 3 from many; 4 is anything, empty marks included. With high,
 * random bits above n-1 are added, which must change nothing. */
static void random_marks(const uint8_t *sol, int n, int mode, int high, uint64_t *rng,
                         uint64_t *marks)
{
    uint64_t full = all_digits(n);
    for (int i = 0; i < n * n; i++) {
        uint64_t m = next_rand(rng) & full, own = (uint64_t)1 << (sol[i] - 1);
        switch (mode) {
        case 0:
            m = full;
            break;
        case 1:
            m |= (next_rand(rng) & full) | own; /* three digits in four */
            break;
        case 2:
            m = rand_below(rng, 2 * n) ? m | own : m & ~own;
            break;
        case 3:
            m = rand_below(rng, 4) ? m | own : m & ~own;
            break;
        default:
            if (rand_below(rng, 2 * n) == 0)
                m = 0;
            break;
        }
        if (high && n < 64)
            m |= next_rand(rng) << n;
        marks[i] = m;
    }
}

/* ------------------------------------------------------------ tests */

/* Random positions of small shapes and nearly full 9x9 grids: every
 * engine against the brute-force counter. */
static void test_brute_force(void)
{
    static const struct {
        int br, bc, rounds;
        int blank_min, blank_max; /* percent of cells blanked */
    } shapes[] = {
        {1, 1, 30, 0, 100},  {1, 2, 40, 0, 100},  {2, 1, 40, 0, 100},
        {2, 2, 300, 0, 100}, {1, 4, 100, 0, 100}, {4, 1, 100, 0, 100},
        {2, 3, 300, 20, 85}, {3, 2, 300, 20, 85}, {3, 3, 200, 20, 45},
    };
    enum { LIMIT = 50 };
    static solvers v;
    static brute b;
    static collector col;
    static nonet_grid g;
    static uint8_t sol[81];
    static uint64_t marks[81];
    uint64_t rng = 0x2545F4914F6CDD1DULL;
    int zero = 0, one = 0, many = 0, capped = 0, failures = 0;

    CHECK(solvers_new(&v));
    for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0] && !failures; sh++) {
        int br = shapes[sh].br, bc = shapes[sh].bc, n = br * bc;
        for (int round = 0; round < shapes[sh].rounds && !failures; round++) {
            memset(sol, 0, sizeof sol);
            if (!fill_cell(sol, br, bc, 0, &rng)) {
                failures++;
                break;
            }
            nonet_grid_init(&g, br, bc);
            int pct = shapes[sh].blank_min +
                      rand_below(&rng, shapes[sh].blank_max - shapes[sh].blank_min + 1);
            for (int i = 0; i < n * n; i++)
                g.cells[i] = rand_below(&rng, 100) < pct ? 0 : sol[i];
            static const int modes[] = {0, 1, 1, 1, 2, 2, 3, 4};
            int mode = modes[rand_below(&rng, 8)], high = rand_below(&rng, 2);
            random_marks(sol, n, mode, high, &rng, marks);

            uint64_t expect = brute_count(&b, g.cells, marks, br, bc, LIMIT);
            zero += expect == 0;
            one += expect == 1;
            many += expect > 1 && expect < LIMIT;
            capped += expect == LIMIT;
            for (int k = 0; k < SOLVERS && !failures; k++) {
                if ((k == S_BITBOARD || k == S_PORTABLE) && n != 9)
                    continue;
                int ok = run_one(&v, k, &g, marks, LIMIT, &col) && col.seen == expect;
                if (ok && expect < LIMIT)
                    ok = same_solutions(col.sols, col.kept, b.sols, b.kept);
                if (!ok) {
                    printf("  %dx%d round %d, mode %d%s: %s found %llu (invalid %llu), brute "
                           "force %llu\n",
                           br, bc, round, mode, high ? ", high bits" : "", solver_names[k],
                           (unsigned long long)col.seen, (unsigned long long)col.invalid,
                           (unsigned long long)expect);
                    failures++;
                }
            }
        }
    }
    solvers_free(&v);
    CHECK(failures == 0);
    /* the positions cover every outcome */
    CHECKF(zero >= 300 && one >= 300 && many >= 100 && capped >= 20,
           "zero %d, one %d, many %d, capped %d", zero, one, many, capped);
}

/* marks NULL is nonet_solver_run (and nonet_solver_count), and marks with
 * every digit, or every digit and random bits above n-1, are no marks:
 * the same count, statistics and solutions, in the same order. */
static void test_no_marks(void)
{
    static nonet_grid g, first[2];
    static nonet_marks all, high;
    static collector col[4];
    uint64_t rng = 77;
    for (int i = 0; i < NONET_MAX_CELLS; i++) {
        all.cands[i] = ~(uint64_t)0;
        high.cands[i] = all_digits(9) | next_rand(&rng) << 9;
    }
    static const char *const puzzles[] = {
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        /* the classic solution less an unavoidable rectangle and more */
        "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    };
    static const nonet_engine engines[] = {NONET_ENGINE_AUTO, NONET_ENGINE_GENERAL,
                                           NONET_ENGINE_BITBOARD, NONET_ENGINE_DLX};
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        nonet_solver *s = nonet_solver_new(engines[e]);
        CHECK(s != NULL);
        for (size_t p = 0; p < sizeof puzzles / sizeof puzzles[0]; p++) {
            CHECK(grid_from_line(puzzles[p], 3, 3, &g));
            if (p == 1)
                g.cells[12] = g.cells[13] = 0;
            const nonet_marks *marks[4] = {NULL, NULL, &all, &high};
            nonet_stats st[4];
            uint64_t count[4];
            for (int k = 0; k < 4; k++) {
                memset(&col[k], 0, sizeof col[k]);
                col[k].puzzle = &g;
                col[k].marks = marks[k] ? marks[k]->cands : NULL;
                int rc = k == 0 ? nonet_solver_run(s, &g, 50, collect, &col[k], &count[k], &st[k])
                                : nonet_solver_run_marks(s, &g, marks[k], 50, collect, &col[k],
                                                         &count[k], &st[k]);
                CHECK(rc == NONET_OK && count[k] >= 1 && count[k] == col[k].seen &&
                      col[k].invalid == 0);
            }
            for (int k = 1; k < 4; k++) {
                CHECK(count[k] == count[0] && col[k].kept == col[0].kept);
                CHECK(st[k].nodes == st[0].nodes && st[k].guesses == st[0].guesses);
                for (size_t i = 0; i < col[0].kept; i++)
                    CHECK(memcmp(&col[k].sols[i], &col[0].sols[i], sizeof col[0].sols[i]) == 0);
            }
            uint64_t c0 = 0, c1 = 0;
            nonet_stats s0, s1;
            CHECK(nonet_solver_count(s, &g, 2, &c0, &first[0], &s0) == NONET_OK);
            CHECK(nonet_solver_count_marks(s, &g, NULL, 2, &c1, &first[1], &s1) == NONET_OK);
            CHECK(c0 == c1 && s0.nodes == s1.nodes && s0.guesses == s1.guesses);
            CHECK(nonet_grid_equal(&first[0], &first[1]));
        }
        nonet_solver_free(s);
    }
}

/* Reads up to max puzzles of the differential set into list (static). */
static int load_puzzles(nonet_grid *list, int max)
{
    FILE *f = fopen(DATA, "r");
    if (!f)
        return 0;
    char line[256];
    int got = 0;
    while (got < max && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (!grid_from_line(line, 3, 3, &list[got]))
            break;
        got++;
    }
    fclose(f);
    return got;
}

enum { PUZZLES = 600 };
static nonet_grid puzzles[PUZZLES];

/* Whether to leave engine k out on puzzle p, try t (for time: dlx is
 * slow on open puzzles, general on the hardest). */
static int skip_engine(int k, int p, int t)
{
    return (k == S_DLX && (t > 0 || p % 10 != 0)) || (k == S_GENERAL && p % 2 != 0);
}

/* 9x9 puzzles with the marks plain elimination gives (nonet_candidates):
 * the same count and solutions as without marks, on every engine. Then,
 * for the unique ones, marks that drop the solution's digit from one
 * blank cell leave no solution, and a mark of one digit in a blank cell
 * counts as that digit's clue. */
static void test_candidates_and_singles(void)
{
    static solvers v;
    static collector ref, plain, marked;
    static nonet_marks m;
    static nonet_grid with_clue;
    static uint64_t cands[81];
    uint64_t rng = 0xA0761D6478BD642FULL;
    int count = load_puzzles(puzzles, PUZZLES), failures = 0, unique = 0, dropped = 0, as_clue = 0;
    CHECKF(count == PUZZLES, "cannot read %s (run the tests from the repository's top)", DATA);
    CHECK(solvers_new(&v));
    for (int p = 0; p < count && !failures; p++) {
        const nonet_grid *g = &puzzles[p];
        nonet_candidates(g, cands);
        /* the reference: the bitboard engine without marks (test_engines.c
         * checks that the engines agree there); for time, dlx on every
         * tenth puzzle, general on every other one */
        if (!run_one(&v, S_BITBOARD, g, NULL, 3, &ref) || ref.seen == 0) {
            failures++;
            break;
        }
        for (int k = 0; k < SOLVERS && !failures; k++) {
            if (skip_engine(k, p, 0))
                continue;
            int ok =
                run_one(&v, k, g, cands, 3, &marked) && marked.seen == ref.seen &&
                (ref.seen == 3 || same_solutions(ref.sols, ref.kept, marked.sols, marked.kept));
            if (!ok) {
                printf("  puzzle %d: %s found %llu without marks, %llu with candidates\n", p + 1,
                       solver_names[k], (unsigned long long)ref.seen,
                       (unsigned long long)marked.seen);
                failures++;
            }
        }
        if (failures || ref.seen != 1)
            continue;
        unique++;
        uint8_t sol[81];
        memcpy(sol, ref.sols[0].c, sizeof sol);
        /* a blank cell (two on every third puzzle) */
        for (int t = 0; t < 1 + (p % 3 == 0) && !failures; t++) {
            int cell = rand_below(&rng, 81);
            while (g->cells[cell])
                cell = (cell + 1) % 81;
            uint64_t own = (uint64_t)1 << (sol[cell] - 1);
            memcpy(m.cands, cands, sizeof cands);
            m.cands[cell] &= ~own;
            for (int k = 0; k < SOLVERS && !failures; k++) {
                uint64_t got = 7;
                if (skip_engine(k, p, t))
                    continue;
                if (nonet_solver_count_marks(v.s[k], g, &m, 2, &got, NULL, NULL) != NONET_OK ||
                    got != 0) {
                    printf("  puzzle %d, cell %d without its digit %d: %s found %llu\n", p + 1,
                           cell, sol[cell], solver_names[k], (unsigned long long)got);
                    failures++;
                }
            }
            dropped++;
            /* one candidate left: the solution's digit, or another */
            uint64_t other = cands[cell] & ~own;
            int digit = sol[cell];
            if (other && rand_below(&rng, 2)) {
                int skip = rand_below(&rng, __builtin_popcountll(other));
                while (skip--)
                    other &= other - 1;
                digit = __builtin_ctzll(other) + 1;
            }
            memcpy(m.cands, cands, sizeof cands);
            m.cands[cell] = (uint64_t)1 << (digit - 1);
            nonet_grid_copy(&with_clue, g);
            with_clue.cells[cell] = (uint8_t)digit;
            if (!run_one(&v, S_BITBOARD, &with_clue, NULL, 2, &plain) ||
                plain.seen != (digit == sol[cell])) {
                failures++;
                break;
            }
            for (int k = 0; k < SOLVERS && !failures; k++) {
                if (skip_engine(k, p, t))
                    continue;
                int ok = run_one(&v, k, g, m.cands, 2, &marked) && marked.seen == plain.seen &&
                         same_solutions(marked.sols, marked.kept, plain.sols, plain.kept);
                if (!ok) {
                    printf("  puzzle %d, cell %d marked %d only: %s found %llu, %llu with the "
                           "clue\n",
                           p + 1, cell, digit, solver_names[k], (unsigned long long)marked.seen,
                           (unsigned long long)plain.seen);
                    failures++;
                }
            }
            as_clue++;
        }
    }
    solvers_free(&v);
    CHECK(failures == 0);
    CHECKF(unique >= 400 && dropped >= 500 && as_clue >= 500, "unique %d", unique);
}

/* Random marks on the 9x9 puzzles: the engines agree with each other
 * (solutions included), with a few cells' true digits dropped now and
 * then so that some positions have none. */
static void test_engines_agree(void)
{
    enum { LIMIT = 20 };
    static solvers v;
    static collector ref, col;
    static uint64_t cands[81], marks[81];
    uint64_t rng = 0xE7037ED1A0B428DBULL;
    int count = load_puzzles(puzzles, PUZZLES), failures = 0, zero = 0, one = 0, many = 0;
    CHECK(count == PUZZLES);
    CHECK(solvers_new(&v));
    for (int p = 0; p < count && !failures; p++) {
        const nonet_grid *g = &puzzles[p];
        if (!run_one(&v, S_BITBOARD, g, NULL, 1, &ref) || ref.seen != 1) {
            failures++;
            break;
        }
        uint8_t sol[81];
        memcpy(sol, ref.sols[0].c, sizeof sol);
        nonet_candidates(g, cands);
        /* strike out candidates other than the solution's, each with
         * probability 1/2, 1/4, 1/8 or 1/16, and in a third of the
         * puzzles the solution's own in 1 or 2 cells; bits above 8 now
         * and then */
        int rate = 1 + rand_below(&rng, 4);
        int drops = rand_below(&rng, 3) == 0 ? 1 + rand_below(&rng, 2) : 0;
        for (int i = 0; i < 81; i++) {
            uint64_t own = (uint64_t)1 << (sol[i] - 1), strike = next_rand(&rng);
            for (int k = 1; k < rate; k++)
                strike &= next_rand(&rng);
            marks[i] = cands[i] & ~(strike & ~own);
            if (rand_below(&rng, 2))
                marks[i] |= next_rand(&rng) << 9;
        }
        for (int t = 0; t < drops; t++) {
            int cell = rand_below(&rng, 81);
            marks[cell] &= ~((uint64_t)1 << (sol[cell] - 1));
        }
        if (!run_one(&v, S_GENERAL, g, marks, LIMIT, &ref)) {
            failures++;
            break;
        }
        zero += ref.seen == 0;
        one += ref.seen == 1;
        many += ref.seen > 1;
        for (int k = 0; k < SOLVERS && !failures; k++) {
            if (k == S_GENERAL || (k == S_DLX && p % 5 != 0))
                continue;
            int ok = run_one(&v, k, g, marks, LIMIT, &col) && col.seen == ref.seen &&
                     (ref.seen == LIMIT || same_solutions(col.sols, col.kept, ref.sols, ref.kept));
            if (!ok) {
                printf("  puzzle %d: %s found %llu, general %llu\n", p + 1, solver_names[k],
                       (unsigned long long)col.seen, (unsigned long long)ref.seen);
                failures++;
            }
        }
    }
    solvers_free(&v);
    CHECK(failures == 0);
    CHECKF(zero >= 100 && one >= 100 && many >= 20, "zero %d, one %d, many %d", zero, one, many);
}

/* The contracts: NULL and malformed arguments, a clue outside its mark, a
 * blank cell with no mark, conflicting clues, sizes, limits, stopping. */
static void test_contracts(void)
{
    static nonet_grid g, bad, out;
    static nonet_marks m;
    static collector col;
    nonet_stats st = {5, 5};
    uint64_t count = 7;
    static const nonet_engine engines[] = {NONET_ENGINE_AUTO, NONET_ENGINE_GENERAL,
                                           NONET_ENGINE_BITBOARD, NONET_ENGINE_DLX};
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    CHECK(s != NULL);
    CHECK(grid_from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 3, 3,
        &g));
    for (int i = 0; i < NONET_MAX_CELLS; i++)
        m.cands[i] = ~(uint64_t)0;

    /* NULL solver or puzzle, malformed puzzles: NONET_EARG, outputs zeroed */
    CHECK(nonet_solver_run_marks(NULL, &g, &m, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(count == 0 && st.nodes == 0 && st.guesses == 0);
    count = 7;
    st.nodes = 5;
    CHECK(nonet_solver_run_marks(s, NULL, &m, 0, NULL, NULL, &count, &st) == NONET_EARG);
    CHECK(count == 0 && st.nodes == 0);
    count = 7;
    CHECK(nonet_solver_count_marks(NULL, &g, &m, 0, &count, &out, &st) == NONET_EARG && !count);
    count = 7;
    CHECK(nonet_solver_count_marks(s, NULL, NULL, 0, &count, &out, &st) == NONET_EARG && !count);
    nonet_grid_copy(&bad, &g);
    bad.cells[5] = 10; /* a digit above n */
    CHECK(nonet_solver_run_marks(s, &bad, &m, 0, NULL, NULL, &count, NULL) == NONET_EARG);
    nonet_grid_copy(&bad, &g);
    bad.n = 8; /* n not box_rows * box_cols */
    CHECK(nonet_solver_count_marks(s, &bad, &m, 0, &count, NULL, NULL) == NONET_EARG);
    nonet_grid_copy(&bad, &g);
    bad.box_rows = 0;
    CHECK(nonet_solver_count_marks(s, &bad, NULL, 0, &count, NULL, NULL) == NONET_EARG);
    /* count, stats, solution may be NULL */
    CHECK(nonet_solver_run_marks(s, &g, &m, 0, NULL, NULL, NULL, NULL) == NONET_OK);
    CHECK(nonet_solver_count_marks(s, &g, &m, 0, NULL, NULL, NULL) == NONET_OK);
    CHECK(nonet_solver_count_marks(s, &g, &m, 0, &count, &out, NULL) == NONET_OK && count == 1);
    CHECK(verify_solution(g.cells, out.cells, 3, 3));

    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        nonet_solver *t = nonet_solver_new(engines[e]);
        CHECK(t != NULL);
        /* a clue outside its own mark: no solution, no search */
        for (int i = 0; i < NONET_MAX_CELLS; i++)
            m.cands[i] = ~(uint64_t)0;
        m.cands[0] = ~((uint64_t)1 << 4); /* cell 0 holds the clue 5 */
        memset(&out, 0xAB, sizeof out);
        count = 7;
        st.nodes = st.guesses = 5;
        col.puzzle = &g;
        col.marks = m.cands;
        col.seen = col.stop_at = col.kept = 0;
        CHECK(nonet_solver_run_marks(t, &g, &m, 0, collect, &col, &count, &st) == NONET_OK);
        CHECK(count == 0 && col.seen == 0 && st.nodes == 0 && st.guesses == 0);
        CHECK(nonet_solver_count_marks(t, &g, &m, 0, &count, &out, &st) == NONET_OK && !count);
        CHECK(out.cells[0] == 0xAB && out.n != 9); /* left alone */
        /* a blank cell with no mark, or only bits above n-1 */
        m.cands[0] = ~(uint64_t)0;
        m.cands[2] = 0;
        CHECK(nonet_solver_count_marks(t, &g, &m, 0, &count, &out, NULL) == NONET_OK && !count);
        m.cands[2] = ~(uint64_t)0 << 9;
        CHECK(nonet_solver_count_marks(t, &g, &m, 0, &count, NULL, NULL) == NONET_OK && !count);
        /* the solution's digit there (4) and bits above n-1: one solution */
        m.cands[2] = (uint64_t)1 << 3 | ~(uint64_t)0 << 9;
        CHECK(nonet_solver_count_marks(t, &g, &m, 0, &count, &out, NULL) == NONET_OK &&
              count == 1 && out.cells[2] == 4 && verify_solution(g.cells, out.cells, 3, 3));
        m.cands[2] = ~(uint64_t)0;
        /* conflicting clues stay no solution */
        nonet_grid_copy(&bad, &g);
        bad.cells[2] = 5;
        CHECK(nonet_solver_count_marks(t, &bad, &m, 0, &count, NULL, &st) == NONET_OK && !count);
        CHECK(st.nodes == 0);
        /* an empty grid with every mark: limits and stopping */
        nonet_grid_init(&bad, 3, 3);
        CHECK(nonet_solver_count_marks(t, &bad, &m, 5, &count, NULL, NULL) == NONET_OK &&
              count == 5);
        col.puzzle = &bad;
        col.seen = col.kept = 0;
        col.stop_at = 3;
        CHECK(nonet_solver_run_marks(t, &bad, &m, 10, collect, &col, &count, NULL) == NONET_OK);
        CHECK(count == 3 && col.seen == 3 && col.invalid == 0);
        /* a shape the engine does not take */
        nonet_grid_init(&bad, 2, 2);
        int rc = nonet_solver_count_marks(t, &bad, &m, 0, &count, NULL, NULL);
        if (engines[e] == NONET_ENGINE_BITBOARD)
            CHECK(rc == NONET_ESIZE && count == 0);
        else
            CHECK(rc == NONET_OK && count == 288);
        nonet_solver_free(t);
    }

    /* 1x1: the mark decides */
    nonet_grid_init(&bad, 1, 1);
    m.cands[0] = 1;
    CHECK(nonet_solver_count_marks(s, &bad, &m, 0, &count, &out, NULL) == NONET_OK && count == 1);
    CHECK(out.n == 1 && out.cells[0] == 1);
    m.cands[0] = ~(uint64_t)1;
    CHECK(nonet_solver_count_marks(s, &bad, &m, 0, &count, NULL, NULL) == NONET_OK && count == 0);
    bad.cells[0] = 1;
    CHECK(nonet_solver_count_marks(s, &bad, &m, 0, &count, NULL, NULL) == NONET_OK && count == 0);
    m.cands[0] = 0x3;
    CHECK(nonet_solver_count_marks(s, &bad, &m, 0, &count, NULL, NULL) == NONET_OK && count == 1);
    nonet_solver_free(s);
}

/* Sides above 9. 16x16, every engine: an empty grid whose first row is
 * forced by marks of one digit each. 64x64, where the marks use all 64
 * bits: a solution grid with a quarter of its cells blanked (the search
 * is quick there) and random marks that keep the solution's digits,
 * digit 64's cells marked with bit 63 alone; then a blank cell with no
 * mark, and a clue 64 whose mark lacks bit 63, leave no solution. */
static void test_big_sides(void)
{
    static nonet_grid g, full, out;
    static nonet_marks m;
    static collector col;
    static const nonet_engine engines[] = {NONET_ENGINE_AUTO, NONET_ENGINE_GENERAL,
                                           NONET_ENGINE_DLX};
    uint64_t count = 0, rng = 0x9FB21C651E98DF25ULL;
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        nonet_solver *s = nonet_solver_new(engines[e]);
        CHECK(s != NULL);
        nonet_grid_init(&g, 4, 4);
        for (int i = 0; i < 256; i++)
            m.cands[i] = i < 16 ? (uint64_t)1 << (15 - i) : ~(uint64_t)0;
        col.puzzle = &g;
        col.marks = m.cands;
        col.seen = col.invalid = col.stop_at = col.kept = 0;
        CHECK(nonet_solver_run_marks(s, &g, &m, 3, collect, &col, &count, NULL) == NONET_OK);
        CHECK(count == 3 && col.seen == 3 && col.invalid == 0);
        /* the first row is 16..1: 16 below the first row's 16 cannot be */
        m.cands[16] = (uint64_t)1 << 15;
        CHECK(nonet_solver_count_marks(s, &g, &m, 3, &count, NULL, NULL) == NONET_OK && !count);
        nonet_solver_free(s);
    }

    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    CHECK(s != NULL);
    nonet_grid_init(&g, 8, 8);
    CHECK(nonet_solver_count(s, &g, 1, &count, &full, NULL) == NONET_OK && count == 1);
    CHECK(verify_solution(g.cells, full.cells, 8, 8));
    nonet_grid_copy(&g, &full);
    int blank64 = -1, clue64 = -1, blank = -1;
    for (int i = 0; i < 64 * 64; i++) {
        uint64_t own = (uint64_t)1 << (full.cells[i] - 1);
        m.cands[i] = next_rand(&rng) | own;
        if (rand_below(&rng, 4) == 0) {
            g.cells[i] = 0;
            blank = i;
        }
        if (full.cells[i] == 64) {
            if (g.cells[i]) {
                clue64 = i;
            } else {
                m.cands[i] = own;
                blank64 = i;
            }
        }
    }
    CHECK(blank >= 0 && blank64 >= 0 && clue64 >= 0);
    col.puzzle = &g;
    col.marks = m.cands;
    col.seen = col.invalid = col.stop_at = col.kept = 0;
    CHECK(nonet_solver_run_marks(s, &g, &m, 1, collect, &col, &count, NULL) == NONET_OK);
    CHECK(count == 1 && col.seen == 1 && col.invalid == 0);
    CHECK(nonet_solver_count_marks(s, &g, &m, 1, &count, &out, NULL) == NONET_OK && count == 1);
    CHECK(out.cells[blank64] == 64);
    uint64_t keep = m.cands[blank];
    m.cands[blank] = 0;
    CHECK(nonet_solver_count_marks(s, &g, &m, 1, &count, NULL, NULL) == NONET_OK && !count);
    m.cands[blank] = keep;
    m.cands[clue64] = ~((uint64_t)1 << 63);
    CHECK(nonet_solver_count_marks(s, &g, &m, 1, &count, NULL, NULL) == NONET_OK && !count);
    nonet_solver_free(s);
}

void suite_marks(void)
{
    RUN(test_brute_force);
    RUN(test_no_marks);
    RUN(test_candidates_and_singles);
    RUN(test_engines_agree);
    RUN(test_contracts);
    RUN(test_big_sides);
}
