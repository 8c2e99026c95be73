/* test_grid.c - shapes, grid init/copy/equal, can_place and candidates. */
#include "unit.h"

#include <string.h>

/* The classic puzzle used throughout the tests, and its 4x4 companion. */
static const char classic[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                              ".6....28....419..5....8..79";
static const char small4[] = "12....3..4.....1";

/* The bit set of a string of symbols such as "247"; "0" is the empty set. */
static uint64_t set_of(const char *s)
{
    uint64_t set = 0;
    for (; *s != '\0'; s++) {
        int d = *s >= '1' && *s <= '9' ? *s - '0' : *s >= 'A' && *s <= 'Z' ? *s - 'A' + 10 : 0;
        if (d > 0)
            set |= (uint64_t)1 << (d - 1);
    }
    return set;
}

static void test_init(void)
{
    nonet_grid g;
    memset(&g, 0xAB, sizeof g);
    CHECK(nonet_grid_init(&g, 3, 3) == NONET_OK);
    CHECK(g.box_rows == 3 && g.box_cols == 3 && g.n == 9);
    for (int i = 0; i < NONET_MAX_CELLS; i++)
        CHECKF(g.cells[i] == 0, "cell %d is %d", i, g.cells[i]);

    CHECK(nonet_grid_init(&g, 2, 3) == NONET_OK);
    CHECK(g.box_rows == 2 && g.box_cols == 3 && g.n == 6);
    CHECK(nonet_grid_init(&g, 1, 1) == NONET_OK && g.n == 1);
    CHECK(nonet_grid_init(&g, 1, 64) == NONET_OK && g.n == 64);
    CHECK(nonet_grid_init(&g, 64, 1) == NONET_OK && g.n == 64);
    CHECK(nonet_grid_init(&g, 8, 8) == NONET_OK && g.n == 64);
}

static void test_init_rejects(void)
{
    nonet_grid g;
    CHECK(nonet_grid_init(&g, 3, 3) == NONET_OK);
    CHECK(nonet_grid_init(NULL, 3, 3) == NONET_EARG);
    CHECK(nonet_grid_init(&g, 0, 3) == NONET_EARG);
    CHECK(nonet_grid_init(&g, 3, 0) == NONET_EARG);
    CHECK(nonet_grid_init(&g, -3, -3) == NONET_EARG); /* positive product */
    CHECK(nonet_grid_init(&g, 5, 13) == NONET_EARG);  /* 65 */
    CHECK(nonet_grid_init(&g, 1, 65) == NONET_EARG);
    CHECK(nonet_grid_init(&g, 9, 9) == NONET_EARG);
    CHECK(nonet_grid_init(&g, 65536, 65536) == NONET_EARG); /* product overflows int */
    /* A failed init leaves the grid alone. */
    CHECK(g.box_rows == 3 && g.box_cols == 3 && g.n == 9);
}

static void test_default_shape(void)
{
    static const struct {
        int n, br, bc;
    } cases[] = {
        {1, 1, 1},   {2, 1, 2},  {3, 1, 3},  {4, 2, 2},  {6, 2, 3},  {7, 1, 7},
        {8, 2, 4},   {9, 3, 3},  {10, 2, 5}, {12, 3, 4}, {16, 4, 4}, {25, 5, 5},
        {35, 5, 7},  {36, 6, 6}, {48, 6, 8}, {49, 7, 7}, {63, 7, 9}, {64, 8, 8},
        {61, 1, 61}, {18, 3, 6}, {20, 4, 5}, {24, 4, 6}, {30, 5, 6}, {32, 4, 8},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int br = -1, bc = -1;
        CHECKF(nonet_default_shape(cases[i].n, &br, &bc) == NONET_OK, "n %d", cases[i].n);
        CHECKF(br == cases[i].br && bc == cases[i].bc, "n %d gave %dx%d, want %dx%d", cases[i].n,
               br, bc, cases[i].br, cases[i].bc);
    }
    int br = 7, bc = 7;
    CHECK(nonet_default_shape(0, &br, &bc) == NONET_EARG);
    CHECK(nonet_default_shape(-9, &br, &bc) == NONET_EARG);
    CHECK(nonet_default_shape(65, &br, &bc) == NONET_EARG);
    CHECK(br == 7 && bc == 7);
    CHECK(nonet_default_shape(9, NULL, &bc) == NONET_EARG);
    CHECK(nonet_default_shape(9, &br, NULL) == NONET_EARG);
}

static void test_parse_shape(void)
{
    static const struct {
        const char *text;
        int br, bc;
    } good[] = {
        {"2x3", 2, 3}, {"3X3", 3, 3},   {"2*4", 2, 4},   {"3x2", 3, 2},   {"6", 2, 3},
        {"9", 3, 3},   {"12", 3, 4},    {"1", 1, 1},     {"1x1", 1, 1},   {"64", 8, 8},
        {"8x8", 8, 8}, {"1x64", 1, 64}, {"64x1", 64, 1}, {"4x16", 4, 16}, {"7", 1, 7},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int br = -1, bc = -1;
        CHECKF(nonet_parse_shape(good[i].text, &br, &bc) == NONET_OK, "\"%s\"", good[i].text);
        CHECKF(br == good[i].br && bc == good[i].bc, "\"%s\" gave %dx%d", good[i].text, br, bc);
    }
}

static void test_parse_shape_rejects(void)
{
    static const char *const bad[] = {
        "",     "0",    "65",    "100",           "0x3",           "3x0",         "3x",
        "x3",   "x",    "3x3x3", "9x9",           "2x33",          "65x1",        "1x65",
        "-2x3", "+2x3", "2x-3",  " 2x3",          "2x3 ",          "2 x3",        "2x 3",
        "2,3",  "2/3",  "2x3\n", "99999999999x1", "1x99999999999", "99999999999", "4294967298x1",
        "0x10", "abc",  "2.5",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int br = 7, bc = 7;
        CHECKF(nonet_parse_shape(bad[i], &br, &bc) == NONET_EARG, "\"%s\" accepted", bad[i]);
        CHECKF(br == 7 && bc == 7, "\"%s\" changed the outputs", bad[i]);
    }
    int br, bc;
    CHECK(nonet_parse_shape(NULL, &br, &bc) == NONET_EARG);
    CHECK(nonet_parse_shape("9", NULL, &bc) == NONET_EARG);
    CHECK(nonet_parse_shape("3x3", &br, NULL) == NONET_EARG);
}

static void test_copy(void)
{
    nonet_grid src, dst;
    CHECK(grid_from_line(small4, 2, 2, &src));
    memset(&dst, 0xEE, sizeof dst);
    nonet_grid_copy(&dst, &src);
    CHECK(dst.box_rows == 2 && dst.box_cols == 2 && dst.n == 4);
    CHECK(memcmp(dst.cells, src.cells, 16) == 0);
    /* Only the 16 cells in use are copied. */
    CHECK(dst.cells[16] == 0xEE && dst.cells[NONET_MAX_CELLS - 1] == 0xEE);
    CHECK(nonet_grid_equal(&dst, &src) == 1);

    nonet_grid big;
    CHECK(grid_from_line(classic, 3, 3, &big));
    nonet_grid_copy(&dst, &big);
    CHECK(nonet_grid_equal(&dst, &big) == 1);
    CHECK(dst.cells[0] == 5 && dst.cells[80] == 9);
}

static void test_equal(void)
{
    nonet_grid a, b;
    CHECK(grid_from_line(classic, 3, 3, &a));
    CHECK(grid_from_line(classic, 3, 3, &b));
    CHECK(nonet_grid_equal(&a, &b) == 1);
    CHECK(nonet_grid_equal(&a, &a) == 1);
    /* Bytes past the cells in use do not count. */
    b.cells[81] = 7;
    b.cells[NONET_MAX_CELLS - 1] = 3;
    CHECK(nonet_grid_equal(&a, &b) == 1);
    b.cells[80] = 0;
    CHECK(nonet_grid_equal(&a, &b) == 0);
    CHECK(nonet_grid_equal(&b, &a) == 0);

    /* Same side, different boxes. */
    nonet_grid c, d;
    CHECK(nonet_grid_init(&c, 2, 3) == NONET_OK);
    CHECK(nonet_grid_init(&d, 3, 2) == NONET_OK);
    CHECK(nonet_grid_equal(&c, &d) == 0);
    CHECK(nonet_grid_init(&d, 2, 3) == NONET_OK);
    CHECK(nonet_grid_equal(&c, &d) == 1);
    CHECK(nonet_grid_equal(&c, NULL) == 0);
    CHECK(nonet_grid_equal(NULL, &c) == 0);
}

static void test_can_place(void)
{
    nonet_grid g;
    CHECK(grid_from_line(classic, 3, 3, &g));
    /* (0,2): the row holds 3 5 7, the column 8, the box 3 5 6 8 9. */
    CHECK(nonet_can_place(&g, 0, 2, 1) == 1);
    CHECK(nonet_can_place(&g, 0, 2, 2) == 1);
    CHECK(nonet_can_place(&g, 0, 2, 4) == 1);
    CHECK(nonet_can_place(&g, 0, 2, 7) == 0); /* row only */
    CHECK(nonet_can_place(&g, 0, 2, 8) == 0); /* column and box */
    CHECK(nonet_can_place(&g, 0, 2, 9) == 0); /* box only */
    CHECK(nonet_can_place(&g, 0, 2, 6) == 0); /* box only */
    /* (8,8) is a clue: -1 whatever the digit. */
    CHECK(nonet_can_place(&g, 8, 8, 9) == -1);
    CHECK(nonet_can_place(&g, 8, 8, 1) == -1);
    CHECK(nonet_can_place(&g, 0, 0, 5) == -1);
    /* (4,4) admits only 5. */
    for (int d = 1; d <= 9; d++)
        CHECKF(nonet_can_place(&g, 4, 4, d) == (d == 5), "digit %d", d);
    /* A filled cell answers -1 "whatever the digit", out of range too. */
    CHECK(nonet_can_place(&g, 0, 0, 0) == -1);
    CHECK(nonet_can_place(&g, 0, 0, 10) == -1);
    /* Out-of-range arguments otherwise give 0. */
    CHECK(nonet_can_place(&g, -1, 2, 1) == 0);
    CHECK(nonet_can_place(&g, 9, 2, 1) == 0);
    CHECK(nonet_can_place(&g, 0, -1, 1) == 0);
    CHECK(nonet_can_place(&g, 0, 9, 1) == 0);
    CHECK(nonet_can_place(&g, 0, 2, 0) == 0);
    CHECK(nonet_can_place(&g, 0, 2, 10) == 0);
    CHECK(nonet_can_place(&g, 0, 2, -1) == 0);
    CHECK(nonet_can_place(&g, 81, 0, 1) == 0);
}

static void test_can_place_boxes(void)
{
    /* 2x3 boxes in a 6x6 grid: box 3 is rows 2-3, columns 3-5. */
    nonet_grid g;
    CHECK(nonet_grid_init(&g, 2, 3) == NONET_OK);
    g.cells[2 * 6 + 5] = 4;                   /* (2,5) */
    CHECK(nonet_can_place(&g, 3, 3, 4) == 0); /* same box, other row and column */
    CHECK(nonet_can_place(&g, 3, 2, 4) == 1); /* box 2, next door */
    CHECK(nonet_can_place(&g, 1, 3, 4) == 1); /* box 1, above */
    CHECK(nonet_can_place(&g, 4, 4, 4) == 1); /* box 5, below */
    CHECK(nonet_can_place(&g, 5, 5, 4) == 0); /* column */
    CHECK(nonet_can_place(&g, 2, 0, 4) == 0); /* row */
    CHECK(nonet_can_place(&g, 3, 3, 6) == 1);
    CHECK(nonet_can_place(&g, 3, 3, 7) == 0); /* digit above n */

    /* 1x1 and a 1x64 strip (one box per row). */
    CHECK(nonet_grid_init(&g, 1, 1) == NONET_OK);
    CHECK(nonet_can_place(&g, 0, 0, 1) == 1);
    CHECK(nonet_can_place(&g, 0, 0, 2) == 0);
    CHECK(nonet_grid_init(&g, 1, 64) == NONET_OK);
    g.cells[63] = 64;
    CHECK(nonet_can_place(&g, 0, 0, 64) == 0);
    CHECK(nonet_can_place(&g, 1, 0, 64) == 1);
    CHECK(nonet_can_place(&g, 63, 63, 64) == 0);
    CHECK(nonet_can_place(&g, 63, 63, 65) == 0);
}

static void test_candidates_9x9(void)
{
    /* Worked out by hand, row by row. */
    /* clang-format off */
    static const char *const want[81] = {
        "5",   "3",    "124",    "26",   "7",  "2468", "1489",  "1249", "248",
        "6",   "247",  "247",    "1",    "9",  "5",    "3478",  "234",  "2478",
        "12",  "9",    "8",      "23",   "34", "24",   "13457", "6",    "247",
        "8",   "125",  "1259",   "579",  "6",  "147",  "4579",  "2459", "3",
        "4",   "25",   "2569",   "8",    "5",  "3",    "579",   "259",  "1",
        "7",   "15",   "1359",   "59",   "2",  "14",   "4589",  "459",  "6",
        "139", "6",    "134579", "357",  "35", "7",    "2",     "8",    "4",
        "23",  "278",  "237",    "4",    "1",  "9",    "36",    "3",    "5",
        "123", "1245", "12345",  "2356", "8",  "26",   "1346",  "7",    "9",
    };
    /* clang-format on */
    nonet_grid g;
    uint64_t cands[81];
    CHECK(grid_from_line(classic, 3, 3, &g));
    nonet_candidates(&g, cands);
    for (int i = 0; i < 81; i++)
        CHECKF(cands[i] == set_of(want[i]), "cell %d: got %#llx, want %s", i,
               (unsigned long long)cands[i], want[i]);
}

static void test_candidates_4x4(void)
{
    /* 1 2 . . / . . 3 . / . 4 . . / . . . 1: cell (1,1) has no candidate. */
    static const char *const want[16] = {
        "1", "2", "4", "4", "4", "0", "3", "24", "23", "4", "2", "23", "23", "3", "24", "1",
    };
    nonet_grid g;
    uint64_t cands[17];
    cands[16] = 0x5A5A; /* must stay untouched */
    CHECK(grid_from_line(small4, 2, 2, &g));
    nonet_candidates(&g, cands);
    for (int i = 0; i < 16; i++)
        CHECKF(cands[i] == set_of(want[i]), "cell %d: got %#llx, want %s", i,
               (unsigned long long)cands[i], want[i]);
    CHECK(cands[16] == 0x5A5A);

    /* An empty grid: every set is full; a 64-sided one fills all 64 bits. */
    CHECK(nonet_grid_init(&g, 2, 2) == NONET_OK);
    nonet_candidates(&g, cands);
    CHECK(cands[0] == 0xF && cands[15] == 0xF);
    static uint64_t big[NONET_MAX_CELLS];
    CHECK(nonet_grid_init(&g, 8, 8) == NONET_OK);
    g.cells[0] = 64;
    nonet_candidates(&g, big);
    CHECK(big[0] == (uint64_t)1 << 63);
    CHECK(big[1] == ~((uint64_t)1 << 63));    /* same row */
    CHECK(big[64 * 63 + 63] == ~(uint64_t)0); /* no shared unit */
}

/* Candidates agree with can_place, cell by cell and digit by digit, on
 * scattered grids of many shapes (can_place is a plain scan of the three
 * units, candidates a bitmask pass: two different computations). */
static void test_candidates_match_can_place(void)
{
    static const int shapes[][2] = {{1, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 2},
                                    {1, 5}, {5, 1}, {3, 4}, {4, 4}, {5, 7}, {8, 8}};
    static uint64_t cands[NONET_MAX_CELLS];
    uint32_t seed = 7;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        for (int round = 0; round < 20; round++) {
            nonet_grid g;
            CHECK(nonet_grid_init(&g, shapes[s][0], shapes[s][1]) == NONET_OK);
            int n = g.n;
            for (int k = 0; k < n * n / 4 + round; k++) {
                seed = seed * 1103515245u + 12345u;
                int cell = (int)((seed >> 8) % (uint32_t)(n * n));
                seed = seed * 1103515245u + 12345u;
                g.cells[cell] = (uint8_t)(1 + (seed >> 8) % (uint32_t)n);
            }
            nonet_candidates(&g, cands);
            for (int i = 0; i < n * n; i++) {
                if (g.cells[i] != 0) {
                    CHECK(cands[i] == (uint64_t)1 << (g.cells[i] - 1));
                    CHECK(nonet_can_place(&g, i / n, i % n, 1) == -1);
                    continue;
                }
                for (int d = 1; d <= n; d++) {
                    int bit = (int)(cands[i] >> (d - 1) & 1);
                    CHECKF(bit == nonet_can_place(&g, i / n, i % n, d),
                           "shape %dx%d cell %d digit %d", shapes[s][0], shapes[s][1], i, d);
                }
                if (n < 64)
                    CHECK(cands[i] >> n == 0);
            }
        }
    }
}

void suite_grid(void)
{
    RUN(test_init);
    RUN(test_init_rejects);
    RUN(test_default_shape);
    RUN(test_parse_shape);
    RUN(test_parse_shape_rejects);
    RUN(test_copy);
    RUN(test_equal);
    RUN(test_can_place);
    RUN(test_can_place_boxes);
    RUN(test_candidates_9x9);
    RUN(test_candidates_4x4);
    RUN(test_candidates_match_can_place);
}
