/* test_check.c - nonet_check, nonet_check_solution, conflict sentences. */
#include "unit.h"

#include <string.h>

static const char classic[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                              ".6....28....419..5....8..79";
static const char solved[] = "534678912672195348198342567859761423426853791713924856"
                             "961537284287419635345286179";

/* Whether the conflict is (digit, unit, index, cell 1, cell 2). */
static int conflict_is(const nonet_conflict *c, int digit, int unit, int index, int r1, int c1,
                       int r2, int c2)
{
    return c->digit == digit && c->unit == unit && c->index == index && c->row1 == r1 &&
           c->col1 == c1 && c->row2 == r2 && c->col2 == c2;
}

/* The sentence for c in a static buffer (tests run one at a time). */
static const char *sentence(const nonet_conflict *c, int n)
{
    static char buf[200];
    size_t len = nonet_describe_conflict(c, n, buf, sizeof buf);
    if (len != strlen(buf))
        return "(length mismatch)";
    return buf;
}

static void set_cell(nonet_grid *g, int r, int c, int d)
{
    g->cells[r * g->n + c] = (uint8_t)d;
}

static void test_consistent(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &g));
    memset(&res, 0xFF, sizeof res);
    CHECK(nonet_check(&g, &res) == NONET_OK);
    CHECK(res.consistent == 1 && res.complete == 0 && res.solved == 0);
    CHECK(res.blanks == 51);

    CHECK(nonet_grid_init(&g, 2, 3) == NONET_OK);
    CHECK(nonet_check(&g, &res) == NONET_OK);
    CHECK(res.consistent == 1 && res.complete == 0 && res.solved == 0 && res.blanks == 36);

    CHECK(nonet_grid_init(&g, 1, 1) == NONET_OK);
    CHECK(nonet_check(&g, &res) == NONET_OK);
    CHECK(res.consistent == 1 && res.complete == 0 && res.blanks == 1);
    g.cells[0] = 1;
    CHECK(nonet_check(&g, &res) == NONET_OK);
    CHECK(res.consistent == 1 && res.complete == 1 && res.solved == 1 && res.blanks == 0);
}

static void test_solved(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(solved, 3, 3, &g));
    CHECK(verify_solution(g.cells, g.cells, 3, 3)); /* the fixture itself is right */
    CHECK(nonet_check(&g, &res) == NONET_OK);
    CHECK(res.consistent == 1 && res.complete == 1 && res.solved == 1 && res.blanks == 0);

    /* A solved 6x6 with 2x3 boxes, and the same cells as 3x2 boxes,
     * where they are not a solution. */
    static const char six[] = "123456456123231564564231312645645312";
    CHECK(grid_from_line(six, 2, 3, &g));
    CHECK(nonet_check(&g, &res) == NONET_OK);
    CHECK(res.solved == 1);
    CHECK(grid_from_line(six, 3, 2, &g));
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(res.consistent == 0 && res.complete == 1 && res.solved == 0);
    /* Box 0 is rows 1-3, columns 1-2: 1 2 / 4 5 / 2 3; the 2 repeats. */
    CHECK(conflict_is(&res.conflict, 2, NONET_BOX, 0, 0, 1, 2, 0));
}

static void test_row_conflict(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &g));
    set_cell(&g, 0, 3, 5); /* a second 5 in row 0, also in box 1 */
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(res.consistent == 0 && res.complete == 0 && res.solved == 0 && res.blanks == 50);
    CHECK(conflict_is(&res.conflict, 5, NONET_ROW, 0, 0, 0, 0, 3));
    CHECK(strcmp(sentence(&res.conflict, 9), "digit 5 appears twice in row 1, columns 1 and 4") ==
          0);
}

static void test_col_conflict(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &g));
    set_cell(&g, 3, 1, 9); /* column 1 already has a 9 at row 2 */
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 9, NONET_COL, 1, 2, 1, 3, 1));
    CHECK(strcmp(sentence(&res.conflict, 9), "digit 9 appears twice in column 2, rows 3 and 4") ==
          0);
}

static void test_box_conflict(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &g));
    /* The earlier cell of the pair is to the right of the later one. */
    set_cell(&g, 0, 2, 9);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 9, NONET_BOX, 0, 0, 2, 2, 1));
    CHECK(strcmp(sentence(&res.conflict, 9),
                 "digit 9 appears twice in box 1, at row 1 column 3 and row 3 column 2") == 0);
}

static void test_conflict_unit_order(void)
{
    nonet_grid g;
    nonet_check_result res;
    /* (1,2) repeats the 1 of its row, its column and its box: row wins. */
    CHECK(grid_from_line("..1.1.1.........", 2, 2, &g));
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 1, NONET_ROW, 1, 1, 0, 1, 2));
    CHECK(strcmp(sentence(&res.conflict, 4), "digit 1 appears twice in row 2, columns 1 and 3") ==
          0);
    /* Column and box: column wins. */
    CHECK(grid_from_line("..1...1.........", 2, 2, &g));
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 1, NONET_COL, 2, 0, 2, 1, 2));
    CHECK(strcmp(sentence(&res.conflict, 4), "digit 1 appears twice in column 3, rows 1 and 2") ==
          0);
}

static void test_first_conflict(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &g));
    set_cell(&g, 8, 0, 8); /* column conflict at cell 72 */
    set_cell(&g, 5, 1, 7); /* row conflict at cell 46 */
    set_cell(&g, 3, 1, 9); /* column conflict at cell 28: the first met */
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 9, NONET_COL, 1, 2, 1, 3, 1));
    CHECK(res.blanks == 48);

    /* A box conflict met at cell 19 comes before a row conflict at 37. */
    CHECK(grid_from_line(classic, 3, 3, &g));
    set_cell(&g, 4, 1, 4);
    set_cell(&g, 0, 2, 9);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 9, NONET_BOX, 0, 0, 2, 2, 1));

    /* Without the box conflict the row one shows. */
    set_cell(&g, 0, 2, 0);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 4, NONET_ROW, 4, 4, 0, 4, 1));
}

static void test_rectangular_boxes(void)
{
    nonet_grid g;
    nonet_check_result res;
    /* 2x3 boxes: box 3 is rows 2-3, columns 3-5. */
    CHECK(nonet_grid_init(&g, 2, 3) == NONET_OK);
    set_cell(&g, 2, 3, 4);
    set_cell(&g, 3, 5, 4);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(res.blanks == 34);
    CHECK(conflict_is(&res.conflict, 4, NONET_BOX, 3, 2, 3, 3, 5));
    CHECK(strcmp(sentence(&res.conflict, 6),
                 "digit 4 appears twice in box 4, at row 3 column 4 and row 4 column 6") == 0);
    /* 3x2 boxes: box 4 is rows 3-5, columns 2-3. */
    CHECK(nonet_grid_init(&g, 3, 2) == NONET_OK);
    set_cell(&g, 3, 2, 6);
    set_cell(&g, 5, 3, 6);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 6, NONET_BOX, 4, 3, 2, 5, 3));
    CHECK(strcmp(sentence(&res.conflict, 6),
                 "digit 6 appears twice in box 5, at row 4 column 3 and row 6 column 4") == 0);
    /* Cells of other boxes that touch it do not count. */
    set_cell(&g, 5, 3, 0);
    set_cell(&g, 2, 3, 6); /* box 1 */
    set_cell(&g, 4, 4, 6); /* box 5 */
    CHECK(nonet_check(&g, &res) == NONET_OK);
}

static void test_tall_boxes(void)
{
    nonet_grid g;
    nonet_check_result res;
    /* 4x2 boxes: the earlier cell sits in the third row of box 0. */
    CHECK(nonet_grid_init(&g, 4, 2) == NONET_OK);
    set_cell(&g, 2, 0, 5);
    set_cell(&g, 3, 1, 5);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 5, NONET_BOX, 0, 2, 0, 3, 1));
    /* And in box 3 (rows 4-7, columns 6-7), last rows. */
    CHECK(nonet_grid_init(&g, 4, 2) == NONET_OK);
    set_cell(&g, 6, 7, 8);
    set_cell(&g, 7, 6, 8);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 8, NONET_BOX, 7, 6, 7, 7, 6));
    CHECK(strcmp(sentence(&res.conflict, 8),
                 "digit 8 appears twice in box 8, at row 7 column 8 and row 8 column 7") == 0);
}

/* A deliberately naive first-conflict finder, O(n^3), to compare with:
 * for each cell in row-major order, look back over its row, its column,
 * then its box for an earlier cell with the same digit. */
static int naive_conflict(const nonet_grid *g, nonet_conflict *out)
{
    int n = g->n, br = g->box_rows, bc = g->box_cols;
    for (int i = 0; i < n * n; i++) {
        int r = i / n, c = i % n, d = g->cells[i];
        if (d == 0)
            continue;
        for (int unit = NONET_ROW; unit <= NONET_BOX; unit++) {
            for (int j = 0; j < i; j++) {
                int r1 = j / n, c1 = j % n;
                int same = unit == NONET_ROW   ? r1 == r
                           : unit == NONET_COL ? c1 == c
                                               : r1 / br == r / br && c1 / bc == c / bc;
                if (same && g->cells[j] == d) {
                    out->digit = d;
                    out->unit = unit;
                    out->index = unit == NONET_ROW   ? r
                                 : unit == NONET_COL ? c
                                                     : r / br * (n / bc) + c / bc;
                    out->row1 = r1;
                    out->col1 = c1;
                    out->row2 = r;
                    out->col2 = c;
                    return 1;
                }
            }
        }
    }
    return 0;
}

static void test_against_naive(void)
{
    static const int shapes[][2] = {{1, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 2}, {2, 4},
                                    {1, 7}, {7, 1}, {3, 4}, {5, 2}, {4, 4}, {6, 6}, {2, 8}};
    uint32_t seed = 12345;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        for (int round = 0; round < 200; round++) {
            nonet_grid g;
            CHECK(nonet_grid_init(&g, shapes[s][0], shapes[s][1]) == NONET_OK);
            int n = g.n, blanks = 0;
            /* Sparse enough that the first conflict often comes late. */
            int filled = 1 + round % (n + 2);
            for (int k = 0; k < filled; k++) {
                seed = seed * 1103515245u + 12345u;
                int cell = (int)((seed >> 8) % (uint32_t)(n * n));
                seed = seed * 1103515245u + 12345u;
                g.cells[cell] = (uint8_t)(1 + (seed >> 8) % (uint32_t)n);
            }
            for (int i = 0; i < n * n; i++)
                blanks += g.cells[i] == 0;
            nonet_conflict want;
            nonet_check_result res;
            int conflict = naive_conflict(&g, &want);
            int status = nonet_check(&g, &res);
            CHECKF(status == (conflict ? NONET_ECONFLICT : NONET_OK), "shape %dx%d round %d",
                   shapes[s][0], shapes[s][1], round);
            CHECK(res.consistent == !conflict && res.blanks == blanks);
            CHECK(res.complete == (blanks == 0) && res.solved == (!conflict && blanks == 0));
            if (conflict)
                CHECKF(memcmp(&res.conflict, &want, sizeof want) == 0,
                       "shape %dx%d round %d: got %d/%d (%d,%d)-(%d,%d), want %d/%d "
                       "(%d,%d)-(%d,%d)",
                       shapes[s][0], shapes[s][1], round, res.conflict.unit, res.conflict.index,
                       res.conflict.row1, res.conflict.col1, res.conflict.row2, res.conflict.col2,
                       want.unit, want.index, want.row1, want.col1, want.row2, want.col2);
        }
    }
}

static void test_big_grid_conflicts(void)
{
    nonet_grid g;
    nonet_check_result res;
    char line[257];
    memset(line, '.', 256);
    line[256] = '\0';
    line[0] = 'C';
    line[15] = 'C';
    CHECK(grid_from_line(line, 4, 4, &g));
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 12, NONET_ROW, 0, 0, 0, 0, 15));
    CHECK(strcmp(sentence(&res.conflict, 16),
                 "digit 12 (C) appears twice in row 1, columns 1 and 16") == 0);

    CHECK(nonet_grid_init(&g, 6, 6) == NONET_OK);
    set_cell(&g, 0, 5, 36);
    set_cell(&g, 35, 5, 36);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(res.blanks == 36 * 36 - 2);
    CHECK(conflict_is(&res.conflict, 36, NONET_COL, 5, 0, 5, 35, 5));
    CHECK(strcmp(sentence(&res.conflict, 36),
                 "digit 36 appears twice in column 6, rows 1 and 36") == 0);

    CHECK(nonet_grid_init(&g, 8, 8) == NONET_OK);
    set_cell(&g, 56, 56, 64);
    set_cell(&g, 63, 63, 64);
    CHECK(nonet_check(&g, &res) == NONET_ECONFLICT);
    CHECK(conflict_is(&res.conflict, 64, NONET_BOX, 63, 56, 56, 63, 63));
}

static void test_describe(void)
{
    nonet_conflict c = {5, NONET_ROW, 1, 1, 0, 1, 3};
    CHECK(strcmp(sentence(&c, 9), "digit 5 appears twice in row 2, columns 1 and 4") == 0);
    /* Grids with letters name the symbol of digits from 10 up. */
    CHECK(strcmp(sentence(&c, 16), "digit 5 appears twice in row 2, columns 1 and 4") == 0);
    c.digit = 10;
    CHECK(strcmp(sentence(&c, 10), "digit 10 (A) appears twice in row 2, columns 1 and 4") == 0);
    c.digit = 35;
    CHECK(strcmp(sentence(&c, 35), "digit 35 (Z) appears twice in row 2, columns 1 and 4") == 0);
    c.digit = 12;
    CHECK(strcmp(sentence(&c, 36), "digit 12 appears twice in row 2, columns 1 and 4") == 0);

    nonet_conflict col = {5, NONET_COL, 2, 1, 2, 6, 2};
    CHECK(strcmp(sentence(&col, 9), "digit 5 appears twice in column 3, rows 2 and 7") == 0);
    nonet_conflict box = {5, NONET_BOX, 3, 3, 0, 4, 2};
    CHECK(strcmp(sentence(&box, 9),
                 "digit 5 appears twice in box 4, at row 4 column 1 and row 5 column 3") == 0);
}

static void test_describe_buffer(void)
{
    nonet_conflict c = {5, NONET_COL, 2, 1, 2, 6, 2};
    const char *full = "digit 5 appears twice in column 3, rows 2 and 7";
    size_t len = strlen(full);
    char buf[64];

    CHECK(nonet_describe_conflict(&c, 9, NULL, 0) == len);
    memset(buf, 'Z', sizeof buf);
    CHECK(nonet_describe_conflict(&c, 9, buf, 0) == len);
    CHECK(buf[0] == 'Z');
    CHECK(nonet_describe_conflict(&c, 9, buf, 8) == len);
    CHECK(strcmp(buf, "digit 5") == 0 && buf[8] == 'Z');
    CHECK(nonet_describe_conflict(&c, 9, buf, 1) == len);
    CHECK(buf[0] == '\0');
    CHECK(nonet_describe_conflict(&c, 9, buf, len) == len);
    CHECK(strlen(buf) == len - 1 && strncmp(buf, full, len - 1) == 0);
    CHECK(nonet_describe_conflict(&c, 9, buf, len + 1) == len);
    CHECK(strcmp(buf, full) == 0);
}

static void test_check_rejects(void)
{
    nonet_grid g;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &g));
    CHECK(nonet_check(NULL, &res) == NONET_EARG);
    CHECK(nonet_check(&g, NULL) == NONET_EARG);
    g.cells[40] = 10; /* no digit of a 9x9 grid */
    CHECK(nonet_check(&g, &res) == NONET_EARG);
    g.cells[40] = 0;
    g.n = 8; /* disagrees with the boxes */
    CHECK(nonet_check(&g, &res) == NONET_EARG);
}

static void test_solution_ok(void)
{
    nonet_grid puz, sol;
    nonet_check_result res;
    int cell = 99;
    CHECK(grid_from_line(classic, 3, 3, &puz));
    CHECK(grid_from_line(solved, 3, 3, &sol));
    CHECK(nonet_check_solution(&puz, &sol, &res, &cell) == NONET_OK);
    CHECK(res.solved == 1 && res.blanks == 0);
    CHECK(nonet_check_solution(&puz, &sol, &res, NULL) == NONET_OK);
    /* A solution is a solution of itself. */
    CHECK(nonet_check_solution(&sol, &sol, &res, NULL) == NONET_OK);
}

static void test_solution_size(void)
{
    nonet_grid puz, sol;
    nonet_check_result res;
    CHECK(grid_from_line("12....3..4.....1", 2, 2, &puz));
    CHECK(grid_from_line(solved, 3, 3, &sol));
    CHECK(nonet_check_solution(&puz, &sol, &res, NULL) == NONET_ESIZE);
    /* res still describes the solution. */
    CHECK(res.solved == 1);
    /* Same side, different boxes. */
    CHECK(nonet_grid_init(&puz, 2, 3) == NONET_OK);
    CHECK(grid_from_line("123456456123231564564231312645645312", 3, 2, &sol));
    CHECK(nonet_check_solution(&puz, &sol, &res, NULL) == NONET_ESIZE);
}

static void test_solution_clue(void)
{
    nonet_grid puz, sol;
    nonet_check_result res;
    int cell = 99;
    CHECK(grid_from_line(classic, 3, 3, &puz));
    CHECK(grid_from_line(solved, 3, 3, &sol));
    /* Swap the clues 5 and 3 of row 0: the first changed clue is cell 0
     * (the column conflicts this makes come later in the verdict). */
    set_cell(&sol, 0, 0, 3);
    set_cell(&sol, 0, 1, 5);
    CHECK(nonet_check_solution(&puz, &sol, &res, &cell) == NONET_ECLUE);
    CHECK(cell == 0);
    CHECK(nonet_check_solution(&puz, &sol, &res, NULL) == NONET_ECLUE);

    /* A blanked clue is a changed clue too. */
    CHECK(grid_from_line(solved, 3, 3, &sol));
    set_cell(&sol, 8, 8, 0);
    CHECK(nonet_check_solution(&puz, &sol, &res, &cell) == NONET_ECLUE);
    CHECK(cell == 80);
    CHECK(res.blanks == 1);
}

static void test_solution_incomplete(void)
{
    nonet_grid puz, sol;
    nonet_check_result res;
    int cell = 99;
    CHECK(grid_from_line(classic, 3, 3, &puz));
    CHECK(grid_from_line(solved, 3, 3, &sol));
    set_cell(&sol, 0, 2, 0); /* not a clue */
    CHECK(nonet_check_solution(&puz, &sol, &res, &cell) == NONET_EINCOMPLETE);
    CHECK(cell == -1);
    CHECK(res.consistent == 1 && res.complete == 0 && res.blanks == 1);
    /* The puzzle itself is its own most incomplete "solution". */
    CHECK(nonet_check_solution(&puz, &puz, &res, NULL) == NONET_EINCOMPLETE);
    CHECK(res.blanks == 51);
}

static void test_solution_conflict(void)
{
    nonet_grid puz, sol;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &puz));
    CHECK(grid_from_line(solved, 3, 3, &sol));
    /* Swap two non-clues of row 0: clues kept, row fine, boxes broken;
     * the first repeat met is the 6 of box 0 at (1,0). */
    set_cell(&sol, 0, 2, 6);
    set_cell(&sol, 0, 3, 4);
    CHECK(nonet_check_solution(&puz, &sol, &res, NULL) == NONET_ECONFLICT);
    CHECK(res.consistent == 0 && res.complete == 1 && res.solved == 0);
    CHECK(conflict_is(&res.conflict, 6, NONET_BOX, 0, 0, 2, 1, 0));
}

static void test_solution_rejects(void)
{
    nonet_grid puz, sol;
    nonet_check_result res;
    CHECK(grid_from_line(classic, 3, 3, &puz));
    CHECK(grid_from_line(solved, 3, 3, &sol));
    CHECK(nonet_check_solution(NULL, &sol, &res, NULL) == NONET_EARG);
    CHECK(nonet_check_solution(&puz, NULL, &res, NULL) == NONET_EARG);
    CHECK(nonet_check_solution(&puz, &sol, NULL, NULL) == NONET_EARG);
    puz.cells[3] = 200;
    CHECK(nonet_check_solution(&puz, &sol, &res, NULL) == NONET_EARG);
}

void suite_check(void)
{
    RUN(test_consistent);
    RUN(test_solved);
    RUN(test_row_conflict);
    RUN(test_col_conflict);
    RUN(test_box_conflict);
    RUN(test_conflict_unit_order);
    RUN(test_first_conflict);
    RUN(test_rectangular_boxes);
    RUN(test_tall_boxes);
    RUN(test_against_naive);
    RUN(test_big_grid_conflicts);
    RUN(test_describe);
    RUN(test_describe_buffer);
    RUN(test_check_rejects);
    RUN(test_solution_ok);
    RUN(test_solution_size);
    RUN(test_solution_clue);
    RUN(test_solution_incomplete);
    RUN(test_solution_conflict);
    RUN(test_solution_rejects);
}
