/* test_teach.c - the teaching solvers (propagate, tactics, naive): known
 * results, stuck and contradictory puzzles, exact statistics derived by
 * hand on small grids, traces, every shape, and bad arguments. Grids are
 * built with grid_from_line and solutions checked with verify_solution;
 * "no solution" is confirmed by an independent backtracking search below. */
#include "unit.h"

#include <string.h>

static const char classic[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char classic_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* A qqwing puzzle that propagate takes only part of the way (it needs a
 * hidden single), and its unique solution. */
static const char stuck[] =
    ".9..6453.57....2.........89..9.....7.8........5..3..6....6..3.5......4..4.2..5.7.";
static const char stuck_solution[] =
    "298764531573891246146523789329486157684157923751239864817642395965378412432915678";

/* Hard for everything simple: propagate removes candidates but places no
 * digit at all. */
static const char hard[] =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/* Consistent clues, no solution: row 1 needs a 9 that column 9 has. */
static const char none9[] =
    "12345678.........9...............................................................";

/* ---------------------------------------------------------------- helpers */

/* Collects trace text (what fits of it). */
typedef struct sink {
    char text[1 << 16];
    size_t len;
    int calls;
    int bad; /* a call whose text was empty or did not end in '\n' */
} sink;

/* One sink for every test: too big for the stack. */
static sink trace_sink;

static sink *fresh_sink(void)
{
    memset(&trace_sink, 0, sizeof trace_sink);
    return &trace_sink;
}

static void collect(void *ctx, const char *text)
{
    sink *s = ctx;
    size_t len = strlen(text);
    s->calls++;
    if (len == 0 || text[len - 1] != '\n')
        s->bad = 1;
    if (s->len + len < sizeof s->text) {
        memcpy(s->text + s->len, text, len + 1);
        s->len += len;
    }
}

/* An independent search (plain backtracking with masks, n <= 16): whether
 * the puzzle has a solution. */
static int indep_search(uint8_t *cells, int n, int br, int bc, int cell)
{
    while (cell < n * n && cells[cell] != 0)
        cell++;
    if (cell == n * n)
        return 1;
    int r = cell / n, c = cell % n;
    for (int d = 1; d <= n; d++) {
        int ok = 1;
        for (int k = 0; k < n && ok; k++) {
            int br0 = r / br * br + k / bc, bc0 = c / bc * bc + k % bc;
            if (cells[r * n + k] == d || cells[k * n + c] == d || cells[br0 * n + bc0] == d)
                ok = 0;
        }
        if (!ok)
            continue;
        cells[cell] = (uint8_t)d;
        if (indep_search(cells, n, br, bc, cell + 1))
            return 1;
        cells[cell] = 0;
    }
    return 0;
}

static int indep_solvable(const nonet_grid *g)
{
    uint8_t cells[256];
    memcpy(cells, g->cells, (size_t)g->n * (size_t)g->n);
    return indep_search(cells, g->n, g->box_rows, g->box_cols, 0);
}

/* Whether every digit of partial agrees with the solution written as a
 * line, and how many cells are still blank. */
static int agrees_with(const nonet_grid *partial, const char *solution, int *blanks)
{
    nonet_grid sol;
    if (!grid_from_line(solution, partial->box_rows, partial->box_cols, &sol))
        return 0;
    *blanks = 0;
    for (int i = 0; i < partial->n * partial->n; i++) {
        if (partial->cells[i] == 0)
            ++*blanks;
        else if (partial->cells[i] != sol.cells[i])
            return 0;
    }
    return 1;
}

/* A full grid of any shape: row r is the shifted sequence
 * (bc * (r % br) + r / br + c) % n + 1, valid in every row, column and box. */
static void pattern_grid(int br, int bc, nonet_grid *g)
{
    int n = br * bc;
    nonet_grid_init(g, br, bc);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            g->cells[r * n + c] = (uint8_t)((bc * (r % br) + r / br + c) % n + 1);
}

/* Blanks about pct percent of g's cells, the same ones on every run. */
static void blank_some(nonet_grid *g, int pct, uint32_t seed)
{
    for (int i = 0; i < g->n * g->n; i++) {
        seed = seed * 1664525u + 1013904223u;
        if ((int)((seed >> 8) % 100) < pct)
            g->cells[i] = 0;
    }
}

/* ---------------------------------------------------------------- all three */

static void test_teach_bad_arguments(void)
{
    nonet_grid p, out;
    nonet_propagate_stats ps = {7, 7};
    nonet_tactics_stats ts = {7, 7, 7, 7, 7, 7};
    nonet_naive_stats ns = {7, 7, 7};

    CHECK(nonet_teach_propagate(NULL, &out, &ps, NULL, NULL) == NONET_EARG);
    CHECK(ps.passes == 0 && ps.events == 0);
    CHECK(nonet_teach_tactics(NULL, &out, &ts, NULL, NULL) == NONET_EARG);
    CHECK(ts.tactic1 == 0 && ts.nodes == 0 && ts.guesses == 0);
    CHECK(nonet_teach_naive(NULL, &out, &ns, NULL, NULL) == NONET_EARG);
    CHECK(ns.attempts == 0 && ns.backtracks == 0 && ns.singles == 0);

    /* a malformed grid: n that disagrees with the boxes, then a cell above n */
    CHECK(grid_from_line(classic, 3, 3, &p));
    p.n = 8;
    CHECK(nonet_teach_propagate(&p, &out, NULL, NULL, NULL) == NONET_EARG);
    CHECK(nonet_teach_tactics(&p, &out, NULL, NULL, NULL) == NONET_EARG);
    CHECK(nonet_teach_naive(&p, &out, NULL, NULL, NULL) == NONET_EARG);
    p.n = 9;
    p.cells[1] = 10;
    CHECK(nonet_teach_propagate(&p, &out, NULL, NULL, NULL) == NONET_EARG);
    CHECK(nonet_teach_tactics(&p, &out, NULL, NULL, NULL) == NONET_EARG);
    CHECK(nonet_teach_naive(&p, &out, NULL, NULL, NULL) == NONET_EARG);

    /* out and stats may be NULL */
    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_teach_propagate(&p, NULL, NULL, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(nonet_teach_tactics(&p, NULL, NULL, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(nonet_teach_naive(&p, NULL, NULL, NULL, NULL) == NONET_TEACH_SOLVED);
}

/* Conflicting clues: no solution at once, nothing counted or traced. */
static void test_teach_conflicting_clues(void)
{
    nonet_grid p, out;
    nonet_propagate_stats ps;
    nonet_tactics_stats ts;
    nonet_naive_stats ns;
    sink *s;

    CHECK(grid_from_line(classic, 3, 3, &p));
    p.cells[1] = 5; /* two 5s in row 1 */
    s = fresh_sink();
    CHECK(nonet_teach_propagate(&p, &out, &ps, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECK(ps.passes == 0 && ps.events == 0);
    CHECK(nonet_teach_tactics(&p, &out, &ts, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECK(ts.tactic1 == 0 && ts.nodes == 0);
    CHECK(nonet_teach_naive(&p, &out, &ns, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECK(ns.attempts == 0 && ns.backtracks == 0 && ns.singles == 0);
    CHECK(s->calls == 0);
    CHECK(nonet_grid_equal(&out, &p));
}

/* out may be the puzzle itself. */
static void test_teach_out_is_puzzle(void)
{
    nonet_grid p, q;

    CHECK(grid_from_line(classic, 3, 3, &p));
    nonet_grid_copy(&q, &p);
    CHECK(nonet_teach_propagate(&p, &p, NULL, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(q.cells, p.cells, 3, 3));
    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_teach_tactics(&p, &p, NULL, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(q.cells, p.cells, 3, 3));
    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_teach_naive(&p, &p, NULL, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(q.cells, p.cells, 3, 3));
}

/* Every shape: 1x1, 4x4, 6x6 both ways, 8x8, 12x12, 16x16, and 64x64 with
 * a few blanks. Every engine must solve them (propagate only where plain
 * elimination is enough, checked on the lightly blanked grids). */
static void test_teach_shapes(void)
{
    static const int shapes[][3] = {
        /* box rows, box columns, percent blanked */
        {1, 1, 100}, {2, 2, 60}, {2, 3, 50}, {3, 2, 50},
        {2, 4, 45},  {3, 4, 40}, {4, 4, 35}, {8, 8, 2},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int br = shapes[i][0], bc = shapes[i][1];
        nonet_grid p, out;
        pattern_grid(br, bc, &p);
        blank_some(&p, shapes[i][2], (uint32_t)(17 + i));
        CHECKF(nonet_teach_tactics(&p, &out, NULL, NULL, NULL) == NONET_TEACH_SOLVED,
               "tactics %dx%d", br, bc);
        CHECKF(verify_solution(p.cells, out.cells, br, bc), "tactics %dx%d", br, bc);
        CHECKF(out.box_rows == br && out.box_cols == bc && out.n == br * bc, "shape kept");
        CHECKF(nonet_teach_naive(&p, &out, NULL, NULL, NULL) == NONET_TEACH_SOLVED, "naive %dx%d",
               br, bc);
        CHECKF(verify_solution(p.cells, out.cells, br, bc), "naive %dx%d", br, bc);

        /* a tenth of the cells blank: elimination alone is enough */
        pattern_grid(br, bc, &p);
        blank_some(&p, 10, (uint32_t)(3 + i));
        nonet_propagate_stats st;
        CHECKF(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED,
               "propagate %dx%d", br, bc);
        CHECKF(verify_solution(p.cells, out.cells, br, bc), "propagate %dx%d", br, bc);
    }
}

/* ---------------------------------------------------------------- propagate */

static void test_propagate_classic(void)
{
    nonet_grid p, out;
    nonet_propagate_stats st;

    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 3, 3));
    int blanks = -1;
    CHECK(agrees_with(&out, classic_solution, &blanks) && blanks == 0);
    /* When propagate solves a puzzle, every one of its 51 blank cells lost
     * its 8 wrong candidates (8 events) and was placed (1 event): 9 events
     * per blank. At least one pass placed something and the last one found
     * nothing to do. */
    CHECK(st.events == 9 * 51);
    CHECK(st.passes >= 2);
}

/* Statistics by hand. The 4x4 solution grid
 *     1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1
 * with three blanks, A = r1c1, B = r1c2, C = r3c1 ("..343412.1434321").
 * Pass 1, cells in row-major order:
 *   A: its row holds 3 4, its column 3 4 (r2c1, r4c1), its box 3 4:
 *      2 candidates removed, {1 2} left.                        2 events
 *   B: row 3 4, column 4 1 3, box 3 4: 1 3 4 removed, {2} left,
 *      placed.                                                  4 events
 *   C: row 1 4 3, column 3 4, box 1 4 3: 1 3 4 removed, {2}, placed
 *      (column 1 has no 2: A is still blank).                   4 events
 * Pass 2: A: 2 now placed in row 1 (B): removed, {1}, placed.   2 events
 * Pass 3: no blank cell, no event: the loop ends.
 * So 3 passes and 12 events; an off-by-one in either shows. */
static void test_propagate_exact_stats(void)
{
    nonet_grid p, out;
    nonet_propagate_stats st;

    CHECK(grid_from_line("..343412.1434321", 2, 2, &p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 2, 2));
    CHECKF(st.passes == 3 && st.events == 12, "%llu passes, %llu events",
           (unsigned long long)st.passes, (unsigned long long)st.events);

    /* One blank, r1c3 of the same grid: row, column and box remove 1 2 4
     * (3 events), 3 is placed (1 event); pass 2 has nothing to do. */
    CHECK(grid_from_line("12.4341221434321", 2, 2, &p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(st.passes == 2 && st.events == 4);

    /* A complete grid: one pass, no event. */
    CHECK(grid_from_line("1234341221434321", 2, 2, &p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(st.passes == 1 && st.events == 0);
    CHECK(nonet_grid_equal(&p, &out));
}

/* Harder puzzles get stuck, and that is correct: what was placed agrees
 * with the true solution and the rest is blank. */
static void test_propagate_stuck(void)
{
    nonet_grid p, out, sol;
    nonet_propagate_stats st;
    int blanks = -1;

    CHECK(grid_from_line(stuck_solution, 3, 3, &sol));
    CHECK(grid_from_line(stuck, 3, 3, &p));
    CHECK(verify_solution(p.cells, sol.cells, 3, 3)); /* the reference is right */
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_STUCK);
    CHECK(agrees_with(&out, stuck_solution, &blanks));
    /* it did get somewhere: 57 blanks at the start */
    CHECKF(blanks > 0 && blanks < 57, "%d blanks left", blanks);
    for (int i = 0; i < 81; i++)
        CHECK(p.cells[i] == 0 || out.cells[i] == p.cells[i]); /* clues kept */
    CHECK(st.passes >= 2 && st.events > 0);

    /* the hard one: candidates go, no digit is placed */
    CHECK(grid_from_line(hard, 3, 3, &p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_STUCK);
    CHECK(nonet_grid_equal(&p, &out));
    CHECK(st.events > 0);
}

/* A cell that loses its last candidate: no solution, and the engine stops
 * in that pass. "12..341221.3.324" (no solution, checked independently):
 * pass 1, r1c3: 1 2 in its row, column and box, {3 4} left (2 events);
 * r1c4: 1 2 in its row, 2 3 4 in its column: 4 removed, none left
 * (4 events). So 1 pass, 6 events. */
static void test_propagate_no_solution(void)
{
    nonet_grid p, out;
    nonet_propagate_stats st;

    CHECK(grid_from_line("12..341221.3.324", 2, 2, &p));
    CHECK(!indep_solvable(&p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_NO_SOLUTION);
    CHECK(st.passes == 1 && st.events == 6);
    CHECK(nonet_grid_equal(&p, &out)); /* nothing was placed */

    CHECK(grid_from_line(none9, 3, 3, &p));
    CHECK(nonet_teach_propagate(&p, &out, &st, NULL, NULL) == NONET_TEACH_NO_SOLUTION);
}

static const char propagate_trace_want[] =
    "pass 1: 6 events (6 candidates removed, 0 digits placed)\n"
    "1    2    34   0\n"
    "3    4    1    2\n"
    "2    1    1234 3\n"
    "1234 3    2    4\n"
    "row 1, column 4 has no candidate left: no solution\n";

static const char propagate_trace_solved[] =
    "pass 1: 10 events (8 candidates removed, 2 digits placed)\n"
    "12   2    3    4\n"
    "3    4    1    2\n"
    "2    1    4    3\n"
    "4    3    2    1\n"
    "pass 2: 2 events (1 candidate removed, 1 digit placed)\n"
    "1    2    3    4\n"
    "3    4    1    2\n"
    "2    1    4    3\n"
    "4    3    2    1\n"
    "pass 3: 0 events (0 candidates removed, 0 digits placed)\n"
    "1    2    3    4\n"
    "3    4    1    2\n"
    "2    1    4    3\n"
    "4    3    2    1\n"
    "solved\n";

static void test_propagate_trace(void)
{
    nonet_grid p;
    sink *s;

    CHECK(grid_from_line("12..341221.3.324", 2, 2, &p));
    s = fresh_sink();
    CHECK(nonet_teach_propagate(&p, NULL, NULL, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECKF(strcmp(s->text, propagate_trace_want) == 0, "trace:\n%.400s", s->text);
    CHECK(!s->bad);

    CHECK(grid_from_line("..343412.1434321", 2, 2, &p));
    s = fresh_sink();
    CHECK(nonet_teach_propagate(&p, NULL, NULL, collect, s) == NONET_TEACH_SOLVED);
    CHECKF(strcmp(s->text, propagate_trace_solved) == 0, "trace:\n%.400s", s->text);

    CHECK(grid_from_line(stuck, 3, 3, &p));
    s = fresh_sink();
    CHECK(nonet_teach_propagate(&p, NULL, NULL, collect, s) == NONET_TEACH_STUCK);
    CHECK(strstr(s->text, "too hard for this simple algorithm\n") != NULL);
    CHECK(!s->bad);
}

/* ---------------------------------------------------------------- tactics */

static void test_tactics_classic(void)
{
    nonet_grid p, out;
    nonet_tactics_stats st;
    int blanks = -1;

    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_teach_tactics(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 3, 3));
    CHECK(agrees_with(&out, classic_solution, &blanks) && blanks == 0);
    CHECK(st.nodes == 1 && st.guesses == 0 && st.backups == 0 && st.rejected == 0);

    /* puzzles propagate cannot finish, tactics can (with guesses) */
    CHECK(grid_from_line(stuck, 3, 3, &p));
    CHECK(nonet_teach_tactics(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(agrees_with(&out, stuck_solution, &blanks) && blanks == 0);
    CHECK(grid_from_line(hard, 3, 3, &p));
    CHECK(nonet_teach_tactics(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 3, 3));
    CHECK(st.guesses > 0 && st.nodes == st.guesses + 1);
}

/* The correction, case 1: tactic 2 gives two cells of a column the same
 * digit in one scan. Puzzle "4.3....4...21..." (no solution: r3c1 must be
 * 3, so r2c1 2, r2c3 1, r2c2 3, r1c2 1, r1c4 2, but column 4 has a 2).
 * Tactic 1 leaves (rows, then columns, then boxes, in place):
 *     4    12   3    1
 *     23   123  2    4
 *     3    4    1    2
 *     1    24   4    3
 * Tactic 2, row 1: 2 is only in r1c2 -> {2}. Row 2: 1 only in r2c2 ->
 * {1}; then 3 only in r2c1 -> {3}. Row 4: 2 only in r4c2 -> {2}. Now
 * every set is a singleton, and column 1 reads 4 3 3 1: the handout's loop,
 * taken literally, would return that grid as solved. The corrected loop
 * rejects it: 1 scan of each tactic, 1 node, 1 grid rejected. */
static void test_tactics_rejects_tactic2_clash(void)
{
    nonet_grid p, out;
    nonet_tactics_stats st;

    CHECK(grid_from_line("4.3....4...21...", 2, 2, &p));
    CHECK(!indep_solvable(&p));
    CHECK(nonet_teach_tactics(&p, &out, &st, NULL, NULL) == NONET_TEACH_NO_SOLUTION);
    CHECK(nonet_grid_equal(&p, &out));
    CHECKF(st.tactic1 == 1 && st.tactic2 == 1 && st.nodes == 1 && st.guesses == 0 &&
               st.backups == 0 && st.rejected == 1,
           "t1 %llu t2 %llu nodes %llu guesses %llu backups %llu rejected %llu",
           (unsigned long long)st.tactic1, (unsigned long long)st.tactic2,
           (unsigned long long)st.nodes, (unsigned long long)st.guesses,
           (unsigned long long)st.backups, (unsigned long long)st.rejected);
}

/* The correction, case 2: a wrong tactic-3 guess reaches a full grid that
 * breaks the rules. Puzzle "..2....3.4.2...." (several solutions). The
 * root loop: tactic 1 changes, tactic 2 does not, then neither does:
 *     134  13   2    14
 *     124  12   14   3
 *     13   4    13   2
 *     123  123  134  14
 * Tactic 3 tries 1 at r1c1. Tactic 1 on the copy: rows change nothing new,
 * columns make r3c1 {3} and r4c1 {2}, r2c1 {4}; boxes then make r4c2 {1}
 * and r3c3 {3}, after row 3 and row 4 were scanned:
 *     1    3    2    4
 *     4    2    1    3
 *     3    4    3    2      two 3s in row 3, no empty set
 *     2    1    34   1
 * Tactic 2 makes r4c3 {3}: every set is a singleton, row 3 reads 3 4 3 2.
 * The literal loop returns 1324 4213 3432 2131; the corrected one backs
 * up, tries 3 at r1c1 and solves. Tactic scans: 2 + 1 + 1 of each kind;
 * nodes 3 (the root and two guesses), 1 back-up, 1 grid rejected. */
static const char tactics_trace_want[] =
    "tactic 1: changed\n"
    "134  13   2    14\n"
    "124  12   14   3\n"
    "13   4    13   2\n"
    "123  123  134  14\n"
    "tactic 2: no change\n"
    "134  13   2    14\n"
    "124  12   14   3\n"
    "13   4    13   2\n"
    "123  123  134  14\n"
    "tactic 1: no change\n"
    "134  13   2    14\n"
    "124  12   14   3\n"
    "13   4    13   2\n"
    "123  123  134  14\n"
    "tactic 2: no change\n"
    "134  13   2    14\n"
    "124  12   14   3\n"
    "13   4    13   2\n"
    "123  123  134  14\n"
    "trying 1 at row 1, column 1\n"
    "tactic 1: changed\n"
    "1    3    2    4\n"
    "4    2    1    3\n"
    "3    4    3    2\n"
    "2    1    34   1\n"
    "tactic 2: changed\n"
    "1    3    2    4\n"
    "4    2    1    3\n"
    "3    4    3    2\n"
    "2    1    3    1\n"
    "every set is a singleton, but digit 3 appears twice in row 3, columns 1 and 3: "
    "no solution\n"
    "backing up from row 1, column 1\n"
    "trying 3 at row 1, column 1\n"
    "tactic 1: changed\n"
    "3    1    2    4\n"
    "4    2    1    3\n"
    "1    4    3    2\n"
    "2    3    34   1\n"
    "tactic 2: changed\n"
    "3    1    2    4\n"
    "4    2    1    3\n"
    "1    4    3    2\n"
    "2    3    4    1\n"
    "every set is a singleton: solved\n";

static void test_tactics_rejects_wrong_guess(void)
{
    nonet_grid p, out;
    nonet_tactics_stats st;
    sink *s;

    CHECK(grid_from_line("..2....3.4.2....", 2, 2, &p));
    s = fresh_sink();
    CHECK(nonet_teach_tactics(&p, &out, &st, collect, s) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 2, 2));
    CHECK(st.tactic1 == 4 && st.tactic2 == 4 && st.nodes == 3 && st.guesses == 2 &&
          st.backups == 1 && st.rejected == 1);
    CHECKF(strcmp(s->text, tactics_trace_want) == 0, "trace:\n%.400s", s->text);
    CHECK(!s->bad);

    /* The same on a real 9x9 puzzle (from the "top 1465" list): its first
     * guess, 2 at r1c1, ends in a full grid with two 9s in row 1. */
    CHECK(grid_from_line(
        "....1.....9.2.87.6.....685...54.....6.43...7..89...5...........3....728..4.1.....", 3, 3,
        &p));
    s = fresh_sink();
    CHECK(nonet_teach_tactics(&p, &out, &st, collect, s) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 3, 3));
    CHECK(st.rejected == 1 && st.guesses >= 2 && st.backups >= 1);
    CHECK(strstr(s->text, "trying 2 at row 1, column 1\n") != NULL);
    CHECK(strstr(s->text, "every set is a singleton, but digit 9 appears twice in row 1") != NULL);
}

/* No solution: an empty set after tactic 1, and tactic 3 giving up after
 * trying every digit of the first undecided cell (no other cell). */
static void test_tactics_no_solution(void)
{
    nonet_grid p, out;
    nonet_tactics_stats st;
    sink *s;

    CHECK(grid_from_line(none9, 3, 3, &p));
    s = fresh_sink();
    CHECK(nonet_teach_tactics(&p, &out, &st, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECK(nonet_grid_equal(&p, &out));
    /* In the first tactic-1 scan row 1 makes r1c9 {9}; that singleton,
     * scanned again with column 9, empties the clue 9 at r2c9. */
    CHECK(st.tactic1 == 1 && st.tactic2 == 0 && st.nodes == 1);
    static const char empty[] = "empty set at row 2, column 9: no solution\n";
    CHECK(s->len > strlen(empty) && strcmp(s->text + s->len - strlen(empty), empty) == 0);

    /* "..2..1....1.2..." has consistent clues and no solution, which
     * only guessing shows: tactics 1 and 2 leave {3 4} in every blank
     * cell; each guess at r1c1 (3, then 4) empties r2c1 in its first
     * tactic-1 scan; then the engine gives up at once, trying no other
     * cell. Scans: 2 + 2 at the root, then one tactic-1 scan per guess. */
    CHECK(grid_from_line("..2..1....1.2...", 2, 2, &p));
    CHECK(!indep_solvable(&p));
    s = fresh_sink();
    CHECK(nonet_teach_tactics(&p, &out, &st, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECK(st.tactic1 == 4 && st.tactic2 == 2 && st.nodes == 3 && st.guesses == 2 &&
          st.backups == 2 && st.rejected == 0);
    CHECK(strstr(s->text, "trying 3 at row 1, column 1\n") != NULL);
    CHECK(strstr(s->text, "trying 4 at row 1, column 1\n") != NULL);
    static const char last[] = "backing up from row 1, column 1\n"
                               "no digit works at row 1, column 1: no solution\n";
    CHECK(s->len > strlen(last) && strcmp(s->text + s->len - strlen(last), last) == 0);
    CHECK(!s->bad);
}

/* ---------------------------------------------------------------- naive */

static void test_naive_classic(void)
{
    nonet_grid p, out;
    nonet_naive_stats st;
    int blanks = -1;

    CHECK(grid_from_line(classic, 3, 3, &p));
    CHECK(nonet_teach_naive(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(agrees_with(&out, classic_solution, &blanks) && blanks == 0);
    /* single candidates alone fill all 51 blanks: nothing left to brute force */
    CHECK(st.singles == 51 && st.attempts == 0 && st.backtracks == 0);

    CHECK(grid_from_line(stuck, 3, 3, &p));
    CHECK(nonet_teach_naive(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(agrees_with(&out, stuck_solution, &blanks) && blanks == 0);
}

/* Statistics by hand, solved. The classic solution with its top band
 * blanked in six cells that only 2 and 8 can fill (two solutions):
 *     5 3 4 | 6 7 . | 9 1 .
 *     6 7 . | 1 9 5 | 3 4 .
 *     1 9 . | 3 4 . | 5 6 7        rows 4-9 complete
 * No cell has a single candidate. Brute force, cells in row-major order,
 * each tried from 1 up; every digit found not valid is an attempt:
 *   r1c6: 1 (column) -> 1 attempt, 2 fits.                  attempts  1
 *   r1c9: 1-7 all in row 1 (2 just placed) -> 7, 8 fits.              8
 *   r2c3: 1 (row) -> 1, 2 fits.                                       9
 *   r2c9: 1 3 4 5 6 7 9 in row 2, 2 (r2c3) too, 8 in column 9 (r1c9):
 *         all 9 digits fail -> 9 attempts, backtrack 1.               18
 *   r2c3 again, from 3: 3 4 5 6 7 in row 2 -> 5, 8 fits.              23
 *   r2c9 from 1: 1 (row) -> 1, 2 fits.                                24
 *   r3c3: 1 (row) -> 1, 2 fits.                                       25
 *   r3c6: 1 3 4 5 6 7 in row 3, 2 (r3c3) too -> 7, 8 fits.            32
 * So 32 attempts and 1 backtrack. */
static void test_naive_exact_stats_solved(void)
{
    static const char puzzle[] =
        "53467.91.67.19534.19.34.567859761423426853791713924856961537284287419635345286179";
    static const char want[] =
        "534672918678195342192348567859761423426853791713924856961537284287419635345286179";
    nonet_grid p, out;
    nonet_naive_stats st;
    int blanks = -1;

    CHECK(grid_from_line(puzzle, 3, 3, &p));
    CHECK(nonet_teach_naive(&p, &out, &st, NULL, NULL) == NONET_TEACH_SOLVED);
    CHECK(verify_solution(p.cells, out.cells, 3, 3));
    CHECK(agrees_with(&out, want, &blanks) && blanks == 0);
    CHECKF(st.singles == 0 && st.attempts == 32 && st.backtracks == 1,
           "%llu singles, %llu attempts, %llu backtracks", (unsigned long long)st.singles,
           (unsigned long long)st.attempts, (unsigned long long)st.backtracks);
}

/* Statistics by hand, no solution: "12..341221.3.324"
 *     1 2 . .
 *     3 4 1 2
 *     2 1 . 3
 *     . 3 2 4
 * r1c4, r3c3 and r4c1 have no candidate at all; r1c3 has 3 and 4; so no
 * single candidate. Brute force over r1c3, r1c4, r3c3, r4c1:
 *   r1c3: 1, 2 in row 1 -> 2 attempts, 3 fits.               attempts 2
 *   r1c4: 1 2 3 in row 1, 4 in column 4 -> 4, backtrack 1.            6
 *   r1c3 from 4: fits.                                                 6
 *   r1c4: 1 2 4 in row 1, 3 in column 4 -> 4, backtrack 2.            10
 *   r1c3 held 4, the largest digit: no digit left, and r1c3 is the first
 *   empty cell, so the search ends there (no step back, no backtrack).
 * So 10 attempts and 2 backtracks. */
static void test_naive_exact_stats_no_solution(void)
{
    nonet_grid p, out;
    nonet_naive_stats st;

    CHECK(grid_from_line("12..341221.3.324", 2, 2, &p));
    CHECK(!indep_solvable(&p));
    CHECK(nonet_teach_naive(&p, &out, &st, NULL, NULL) == NONET_TEACH_NO_SOLUTION);
    CHECK(nonet_grid_equal(&p, &out));
    CHECKF(st.singles == 0 && st.attempts == 10 && st.backtracks == 2,
           "%llu singles, %llu attempts, %llu backtracks", (unsigned long long)st.singles,
           (unsigned long long)st.attempts, (unsigned long long)st.backtracks);

    /* 9x9: r1c9 has no digit (1-8 in its row, 9 in its column); it is the
     * first empty cell, 9 attempts, nothing to go back to. */
    CHECK(grid_from_line(none9, 3, 3, &p));
    CHECK(nonet_teach_naive(&p, &out, &st, NULL, NULL) == NONET_TEACH_NO_SOLUTION);
    CHECK(st.attempts == 9 && st.backtracks == 0);
}

static const char naive_trace_want[] =
    "brute force over 4 empty cells\n"
    "1 at row 1, column 3 is not valid\n"
    "2 at row 1, column 3 is not valid\n"
    "placing 3 at row 1, column 3\n"
    "1 at row 1, column 4 is not valid\n"
    "2 at row 1, column 4 is not valid\n"
    "3 at row 1, column 4 is not valid\n"
    "4 at row 1, column 4 is not valid\n"
    "backtracking from row 1, column 4 to row 1, column 3\n"
    "placing 4 at row 1, column 3\n"
    "1 at row 1, column 4 is not valid\n"
    "2 at row 1, column 4 is not valid\n"
    "3 at row 1, column 4 is not valid\n"
    "4 at row 1, column 4 is not valid\n"
    "backtracking from row 1, column 4 to row 1, column 3\n"
    "no digit fits at row 1, column 3, and there is no earlier empty cell\n"
    "no solution: 10 attempts, 2 backtracks\n";

static void test_naive_trace(void)
{
    nonet_grid p;
    sink *s;

    CHECK(grid_from_line("12..341221.3.324", 2, 2, &p));
    s = fresh_sink();
    CHECK(nonet_teach_naive(&p, NULL, NULL, collect, s) == NONET_TEACH_NO_SOLUTION);
    CHECKF(strcmp(s->text, naive_trace_want) == 0, "trace:\n%.400s", s->text);
    CHECK(!s->bad);

    /* single candidates are traced too, one line each */
    CHECK(grid_from_line("....1..42....4..", 2, 2, &p));
    s = fresh_sink();
    CHECK(nonet_teach_naive(&p, NULL, NULL, collect, s) == NONET_TEACH_SOLVED);
    CHECK(strncmp(s->text, "single candidate: 3 at row 4, column 1\n", 39) == 0);
    CHECK(strstr(s->text, "solved: 10 attempts, 1 backtrack\n") != NULL);
}

/* A trace changes nothing: same outcome, grid and statistics without it. */
static void test_teach_trace_is_passive(void)
{
    nonet_grid p, a, b;
    sink *s;

    CHECK(grid_from_line(stuck, 3, 3, &p));
    nonet_tactics_stats t1, t2;
    s = fresh_sink();
    int with = nonet_teach_tactics(&p, &a, &t1, collect, s);
    int without = nonet_teach_tactics(&p, &b, &t2, NULL, NULL);
    int same = with == without && nonet_grid_equal(&a, &b) && memcmp(&t1, &t2, sizeof t1) == 0;
    nonet_naive_stats n1, n2;
    s = fresh_sink();
    with = nonet_teach_naive(&p, &a, &n1, collect, s);
    without = nonet_teach_naive(&p, &b, &n2, NULL, NULL);
    same = same && with == without && nonet_grid_equal(&a, &b) && memcmp(&n1, &n2, sizeof n1) == 0;
    CHECK(same);
    CHECK(s->calls > 0);
}

void suite_teach(void)
{
    RUN(test_teach_bad_arguments);
    RUN(test_teach_conflicting_clues);
    RUN(test_teach_out_is_puzzle);
    RUN(test_teach_shapes);
    RUN(test_propagate_classic);
    RUN(test_propagate_exact_stats);
    RUN(test_propagate_stuck);
    RUN(test_propagate_no_solution);
    RUN(test_propagate_trace);
    RUN(test_tactics_classic);
    RUN(test_tactics_rejects_tactic2_clash);
    RUN(test_tactics_rejects_wrong_guess);
    RUN(test_tactics_no_solution);
    RUN(test_naive_classic);
    RUN(test_naive_exact_stats_solved);
    RUN(test_naive_exact_stats_no_solution);
    RUN(test_naive_trace);
    RUN(test_teach_trace_is_passive);
}
