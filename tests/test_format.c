/* test_format.c - nonet_format in every layout, nonet_format_candidates,
 * buffer semantics, status texts and layout names. */
#include "unit.h"

#include <string.h>

static const char classic[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                              ".6....28....419..5....8..79";
/* 1 2 . . / . . 3 . / . 4 . . / . . . 1 */
static const char small4[] = "12....3..4.....1";

/* Large enough for a 64x64 grid's candidates. */
static char out[1 << 20];

/* Formats g into out; *len gets the return value. */
static const char *fmt(const nonet_grid *g, nonet_layout layout, char blank, long *len)
{
    memset(out, 'Z', 64);
    *len = nonet_format(g, layout, blank, out, sizeof out);
    return out;
}

/* Where two strings first differ (their common prefix's length). */
static size_t first_diff(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] != '\0' && a[i] == b[i])
        i++;
    return i;
}

/* Fails unless got (returned len) is exactly want, showing where not. */
#define EXPECT_TEXT(got, len, want)                                                                \
    do {                                                                                           \
        size_t at_ = first_diff((got), (want));                                                    \
        CHECKF((len) == (long)strlen(want) && strcmp((got), (want)) == 0,                          \
               "returned %ld, want %zu; from byte %zu got \"%.60s\", want \"%.60s\"", (long)(len), \
               strlen(want), at_, (got) + at_, (want) + at_);                                      \
    } while (0)

/* Fails unless g in layout is exactly want, both in the text written and
 * in the lengths returned with and without a buffer. */
#define EXPECT_FORMAT(g, layout, blank, want)                                                      \
    do {                                                                                           \
        long len_;                                                                                 \
        const char *got_ = fmt((g), (layout), (blank), &len_);                                     \
        CHECKF(len_ >= 0, "layout %d: returned %ld", (int)(layout), len_);                         \
        EXPECT_TEXT(got_, len_, want);                                                             \
        CHECK(nonet_format((g), (layout), (blank), NULL, 0) == len_);                              \
    } while (0)

static void test_4x4_layouts(void)
{
    nonet_grid g;
    CHECK(grid_from_line(small4, 2, 2, &g));
    EXPECT_FORMAT(&g, NONET_LAYOUT_LINE, 0, "12....3..4.....1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0,
                  "12 ..\n"
                  ".. 3.\n"
                  "\n"
                  ".4 ..\n"
                  ".. .1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, 0,
                  "1 2   . .\n"
                  ". .   3 .\n"
                  "\n"
                  ". 4   . .\n"
                  ". .   . 1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_KNUTH, 0, "12..\n..3.\n.4..\n...1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_NUMBERS, 0,
                  "1 2 0 0\n"
                  "0 0 3 0\n"
                  "0 4 0 0\n"
                  "0 0 0 1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0,
                  "+-----+-----+\n"
                  "| 1 2 | . . |\n"
                  "| . . | 3 . |\n"
                  "+-----+-----+\n"
                  "| . 4 | . . |\n"
                  "| . . | . 1 |\n"
                  "+-----+-----+\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_CANDIDATES, 0,
                  "1    2    4    4\n"
                  "4    0    3    24\n"
                  "23   4    2    23\n"
                  "23   3    24   1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_JSON, 0, "\"12....3..4.....1\"");
}

static void test_4x4_blank(void)
{
    nonet_grid g;
    CHECK(grid_from_line(small4, 2, 2, &g));
    EXPECT_FORMAT(&g, NONET_LAYOUT_LINE, '0', "1200003004000001\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, '_', "12 __\n__ 3_\n\n_4 __\n__ _1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, '-', "1 2   - -\n- -   3 -\n\n- 4   - -\n- -   - 1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_KNUTH, '*', "12**\n**3*\n*4**\n***1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, '0',
                  "+-----+-----+\n| 1 2 | 0 0 |\n| 0 0 | 3 0 |\n+-----+-----+\n"
                  "| 0 4 | 0 0 |\n| 0 0 | 0 1 |\n+-----+-----+\n");
    /* Layouts without blank symbols ignore it. */
    EXPECT_FORMAT(&g, NONET_LAYOUT_NUMBERS, 'x', "1 2 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_JSON, 'x', "\"12....3..4.....1\"");
}

static void test_9x9_layouts(void)
{
    nonet_grid g;
    CHECK(grid_from_line(classic, 3, 3, &g));
    EXPECT_FORMAT(&g, NONET_LAYOUT_LINE, 0,
                  "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8"
                  "..79\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0,
                  "53. .7. ...\n"
                  "6.. 195 ...\n"
                  ".98 ... .6.\n"
                  "\n"
                  "8.. .6. ..3\n"
                  "4.. 8.3 ..1\n"
                  "7.. .2. ..6\n"
                  "\n"
                  ".6. ... 28.\n"
                  "... 419 ..5\n"
                  "... .8. .79\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, 0,
                  "5 3 .   . 7 .   . . .\n"
                  "6 . .   1 9 5   . . .\n"
                  ". 9 8   . . .   . 6 .\n"
                  "\n"
                  "8 . .   . 6 .   . . 3\n"
                  "4 . .   8 . 3   . . 1\n"
                  "7 . .   . 2 .   . . 6\n"
                  "\n"
                  ". 6 .   . . .   2 8 .\n"
                  ". . .   4 1 9   . . 5\n"
                  ". . .   . 8 .   . 7 9\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_KNUTH, 0,
                  "53..7....\n"
                  "6..195...\n"
                  ".98....6.\n"
                  "8...6...3\n"
                  "4..8.3..1\n"
                  "7...2...6\n"
                  ".6....28.\n"
                  "...419..5\n"
                  "....8..79\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_NUMBERS, 0,
                  "5 3 0 0 7 0 0 0 0\n"
                  "6 0 0 1 9 5 0 0 0\n"
                  "0 9 8 0 0 0 0 6 0\n"
                  "8 0 0 0 6 0 0 0 3\n"
                  "4 0 0 8 0 3 0 0 1\n"
                  "7 0 0 0 2 0 0 0 6\n"
                  "0 6 0 0 0 0 2 8 0\n"
                  "0 0 0 4 1 9 0 0 5\n"
                  "0 0 0 0 8 0 0 7 9\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0,
                  "+-------+-------+-------+\n"
                  "| 5 3 . | . 7 . | . . . |\n"
                  "| 6 . . | 1 9 5 | . . . |\n"
                  "| . 9 8 | . . . | . 6 . |\n"
                  "+-------+-------+-------+\n"
                  "| 8 . . | . 6 . | . . 3 |\n"
                  "| 4 . . | 8 . 3 | . . 1 |\n"
                  "| 7 . . | . 2 . | . . 6 |\n"
                  "+-------+-------+-------+\n"
                  "| . 6 . | . . . | 2 8 . |\n"
                  "| . . . | 4 1 9 | . . 5 |\n"
                  "| . . . | . 8 . | . 7 9 |\n"
                  "+-------+-------+-------+\n");
    EXPECT_FORMAT(
        &g, NONET_LAYOUT_CANDIDATES, 0,
        "5         3         124       26        7         2468      1489      1249      248\n"
        "6         247       247       1         9         5         3478      234       2478\n"
        "12        9         8         23        34        24        13457     6         247\n"
        "8         125       1259      579       6         147       4579      2459      3\n"
        "4         25        2569      8         5         3         579       259       1\n"
        "7         15        1359      59        2         14        4589      459       6\n"
        "139       6         134579    357       35        7         2         8         4\n"
        "23        278       237       4         1         9         36        3         5\n"
        "123       1245      12345     2356      8         26        1346      7         9\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_JSON, 0,
                  "\"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8"
                  "..79\"");
}

static void test_6x6_layouts(void)
{
    /* 1 2 . 4 5 6 / 4 5 6 1 . 3 / 2 3 1 5 6 4 / . 6 4 2 3 1 / ... */
    static const char six[] = "12.4564561.3231564.6423131264564531.";
    nonet_grid g;
    CHECK(grid_from_line(six, 2, 3, &g));
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0,
                  "12. 456\n"
                  "456 1.3\n"
                  "\n"
                  "231 564\n"
                  ".64 231\n"
                  "\n"
                  "312 645\n"
                  "645 31.\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, 0,
                  "1 2 .   4 5 6\n"
                  "4 5 6   1 . 3\n"
                  "\n"
                  "2 3 1   5 6 4\n"
                  ". 6 4   2 3 1\n"
                  "\n"
                  "3 1 2   6 4 5\n"
                  "6 4 5   3 1 .\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0,
                  "+-------+-------+\n"
                  "| 1 2 . | 4 5 6 |\n"
                  "| 4 5 6 | 1 . 3 |\n"
                  "+-------+-------+\n"
                  "| 2 3 1 | 5 6 4 |\n"
                  "| . 6 4 | 2 3 1 |\n"
                  "+-------+-------+\n"
                  "| 3 1 2 | 6 4 5 |\n"
                  "| 6 4 5 | 3 1 . |\n"
                  "+-------+-------+\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_KNUTH, 0, "12.456\n4561.3\n231564\n.64231\n312645\n64531.\n");

    /* The same cells with 3x2 boxes: bands of three rows, boxes of two
     * columns. */
    CHECK(grid_from_line(six, 3, 2, &g));
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0,
                  "12 .4 56\n"
                  "45 61 .3\n"
                  "23 15 64\n"
                  "\n"
                  ".6 42 31\n"
                  "31 26 45\n"
                  "64 53 1.\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0,
                  "+-----+-----+-----+\n"
                  "| 1 2 | . 4 | 5 6 |\n"
                  "| 4 5 | 6 1 | . 3 |\n"
                  "| 2 3 | 1 5 | 6 4 |\n"
                  "+-----+-----+-----+\n"
                  "| . 6 | 4 2 | 3 1 |\n"
                  "| 3 1 | 2 6 | 4 5 |\n"
                  "| 6 4 | 5 3 | 1 . |\n"
                  "+-----+-----+-----+\n");
}

static void test_degenerate_shapes(void)
{
    nonet_grid g;
    CHECK(nonet_grid_init(&g, 1, 1) == NONET_OK);
    EXPECT_FORMAT(&g, NONET_LAYOUT_LINE, 0, ".\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0, ".\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, 0, ".\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_NUMBERS, 0, "0\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0, "+---+\n| . |\n+---+\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_CANDIDATES, 0, "1\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_JSON, 0, "\".\"");
    g.cells[0] = 1;
    EXPECT_FORMAT(&g, NONET_LAYOUT_KNUTH, 0, "1\n");

    /* 1x3 boxes: every row is a band, a row is one box. */
    CHECK(nonet_grid_init(&g, 1, 3) == NONET_OK);
    g.cells[4] = 2;
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0, "...\n\n.2.\n\n...\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, 0, ". . .\n\n. 2 .\n\n. . .\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0,
                  "+-------+\n| . . . |\n+-------+\n| . 2 . |\n+-------+\n| . . . |\n+-------+\n");
    /* 3x1 boxes: one band, every cell its own box column. */
    CHECK(nonet_grid_init(&g, 3, 1) == NONET_OK);
    g.cells[4] = 2;
    EXPECT_FORMAT(&g, NONET_LAYOUT_GRID, 0, ". . .\n. 2 .\n. . .\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_SPACED, 0, ".   .   .\n.   2   .\n.   .   .\n");
    EXPECT_FORMAT(&g, NONET_LAYOUT_BOXED, 0,
                  "+---+---+---+\n| . | . | . |\n| . | 2 | . |\n| . | . | . |\n+---+---+---+\n");
}

#define DOTS16 "................"
static const char line16[] = "123456789ABCDEFG"
                             "1C.............." DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16
                                 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 "...............G";

static void test_16x16(void)
{
    nonet_grid g;
    CHECK(grid_from_line(line16, 4, 4, &g));
    CHECK(g.cells[17] == 12 && g.cells[255] == 16);
    EXPECT_FORMAT(&g, NONET_LAYOUT_LINE, 0,
                  "123456789ABCDEFG"
                  "1C.............." DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16 DOTS16
                      DOTS16 DOTS16 DOTS16 DOTS16 "...............G\n");
#define ZEROS16 " 0  0  0  0  0  0  0  0  0  0  0  0  0  0  0  0\n"
    EXPECT_FORMAT(
        &g, NONET_LAYOUT_NUMBERS, 0,
        " 1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16\n"
        " 1 12  0  0  0  0  0  0  0  0  0  0  0  0  0  0\n" ZEROS16 ZEROS16 ZEROS16 ZEROS16 ZEROS16
            ZEROS16 ZEROS16 ZEROS16 ZEROS16 ZEROS16 ZEROS16 ZEROS16 ZEROS16
        " 0  0  0  0  0  0  0  0  0  0  0  0  0  0  0 16\n");
#undef ZEROS16
    long len;
    const char *text = fmt(&g, NONET_LAYOUT_GRID, 0, &len);
    CHECK(len == 16 * 20 + 3);
    static const char head[] = "1234 5678 9ABC DEFG\n1C.. .... .... ....\n"
                               ".... .... .... ....\n.... .... .... ....\n\n....";
    CHECK(strncmp(text, head, sizeof head - 1) == 0);
    text = fmt(&g, NONET_LAYOUT_JSON, 0, &len);
    CHECK(len == 258 && text[0] == '"' && text[257] == '"' && text[258] == '\0');
    CHECK(strncmp(text + 1, line16, 256) == 0);
}

static void test_35x35(void)
{
    /* The largest side with symbols: 'Z' is digit 35. */
    nonet_grid g;
    long len;
    CHECK(nonet_grid_init(&g, 5, 7) == NONET_OK);
    g.cells[0] = 35;
    g.cells[1] = 10;
    g.cells[35 * 35 - 1] = 9;
    const char *text = fmt(&g, NONET_LAYOUT_LINE, 0, &len);
    CHECK(len == 35 * 35 + 1);
    CHECK(strncmp(text, "ZA...", 5) == 0 && strcmp(text + len - 3, ".9\n") == 0);
    text = fmt(&g, NONET_LAYOUT_GRID, 0, &len);
    CHECK(strncmp(text, "ZA..... ....... ....... ....... .......\n", 40) == 0);
    /* Candidates: symbol sets in fields 36 wide. */
    static uint64_t cands[35 * 35];
    memset(cands, 0, sizeof cands);
    cands[0] = ((uint64_t)1 << 34) | 1u; /* 1 and Z */
    cands[1] = (uint64_t)1 << 35;        /* above n: empty */
    len = nonet_format_candidates(&g, cands, out, sizeof out);
    CHECK(len == 35 * (34 * 36 + 2));
    CHECK(strncmp(out, "1Z", 2) == 0 && out[2] == ' ' && out[35] == ' ' && out[36] == '0');
    text = fmt(&g, NONET_LAYOUT_JSON, 0, &len);
    CHECK(len == 35 * 35 + 2 && strncmp(text, "\"ZA...", 6) == 0);
}

/* Appends s to the string at *end and advances *end. */
static void append(char **end, const char *s)
{
    size_t len = strlen(s);
    memcpy(*end, s, len + 1);
    *end += len;
}

static void test_36x36(void)
{
    static char want[16384];
    char *end;
    nonet_grid g;
    long len;
    CHECK(nonet_grid_init(&g, 6, 6) == NONET_OK);
    g.cells[0] = 36;
    g.cells[1] = 1;
    g.cells[36 * 36 - 1] = 10;

    /* No symbols for digits above 35. */
    static const nonet_layout symbolic[] = {NONET_LAYOUT_LINE, NONET_LAYOUT_GRID,
                                            NONET_LAYOUT_SPACED, NONET_LAYOUT_KNUTH,
                                            NONET_LAYOUT_BOXED};
    for (size_t i = 0; i < sizeof symbolic / sizeof symbolic[0]; i++) {
        memset(out, 'Z', 8);
        CHECKF(nonet_format(&g, symbolic[i], 0, out, sizeof out) == NONET_EARG, "layout %d",
               (int)symbolic[i]);
        CHECK(out[0] == '\0');
        CHECK(nonet_format(&g, symbolic[i], 0, NULL, 0) == NONET_EARG);
    }

    /* NUMBERS: fields two wide. */
    end = want;
    append(&end, "36  1");
    for (int c = 2; c < 36; c++)
        append(&end, "  0");
    append(&end, "\n");
    for (int r = 1; r < 35; r++) {
        append(&end, " 0");
        for (int c = 1; c < 36; c++)
            append(&end, "  0");
        append(&end, "\n");
    }
    append(&end, " 0");
    for (int c = 1; c < 35; c++)
        append(&end, "  0");
    append(&end, " 10\n");
    CHECK(strlen(want) == 36 * 108);
    EXPECT_FORMAT(&g, NONET_LAYOUT_NUMBERS, 0, want);

    /* JSON: rows of integers. */
    end = want;
    append(&end, "[[36,1");
    for (int c = 2; c < 36; c++)
        append(&end, ",0");
    append(&end, "]");
    for (int r = 1; r < 35; r++) {
        append(&end, ",[0");
        for (int c = 1; c < 36; c++)
            append(&end, ",0");
        append(&end, "]");
    }
    append(&end, ",[0");
    for (int c = 1; c < 35; c++)
        append(&end, ",0");
    append(&end, ",10]]");
    CHECK(strlen(want) == 2667);
    EXPECT_FORMAT(&g, NONET_LAYOUT_JSON, 0, want);
    const char *text = fmt(&g, NONET_LAYOUT_JSON, 0, &len);
    CHECK(strncmp(text, "[[36,1,0,0,", 11) == 0);
    CHECK(len > 5 && strcmp(text + len - 5, ",10]]") == 0);
}

static void test_buffer_semantics(void)
{
    nonet_grid g;
    char buf[400];
    CHECK(grid_from_line(classic, 3, 3, &g));
    /* BOXED 9x9: 13 lines of 25 characters and a newline. */
    const long full = 13 * 26;
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, NULL, 0) == full);
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, NULL, 100) == full); /* NULL: nothing written */
    memset(buf, 'Z', sizeof buf);
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, buf, 0) == full);
    CHECK(buf[0] == 'Z');
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, buf, 1) == full);
    CHECK(buf[0] == '\0' && buf[1] == 'Z');
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, buf, 10) == full);
    CHECK(strcmp(buf, "+-------+") == 0 && buf[10] == 'Z');
    /* One byte short: everything but the final newline. */
    memset(buf, 'Z', sizeof buf);
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, buf, (size_t)full) == full);
    CHECK(strlen(buf) == (size_t)full - 1 && buf[full - 2] == '+' && buf[full] == 'Z');
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, buf, (size_t)full + 1) == full);
    CHECK(strlen(buf) == (size_t)full && buf[full - 1] == '\n' && buf[full + 1] == 'Z');

    /* The same for the other layouts: truncation keeps a prefix. */
    static const nonet_layout all[] = {
        NONET_LAYOUT_LINE,    NONET_LAYOUT_GRID,  NONET_LAYOUT_SPACED,     NONET_LAYOUT_KNUTH,
        NONET_LAYOUT_NUMBERS, NONET_LAYOUT_BOXED, NONET_LAYOUT_CANDIDATES, NONET_LAYOUT_JSON,
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        long len = nonet_format(&g, all[i], 0, out, sizeof out);
        CHECKF(len > 0 && (size_t)len == strlen(out), "layout %d", (int)all[i]);
        for (size_t cap = 1; cap < 40; cap += 7) {
            memset(buf, 'Z', sizeof buf);
            CHECK(nonet_format(&g, all[i], 0, buf, cap) == len);
            CHECKF(strlen(buf) == cap - 1 && strncmp(buf, out, cap - 1) == 0, "layout %d cap %zu",
                   (int)all[i], cap);
        }
    }
}

static void test_format_rejects(void)
{
    nonet_grid g;
    char buf[16];
    CHECK(grid_from_line(classic, 3, 3, &g));
    memset(buf, 'Z', sizeof buf);
    CHECK(nonet_format(NULL, NONET_LAYOUT_LINE, 0, buf, sizeof buf) == NONET_EARG);
    CHECK(buf[0] == '\0');
    CHECK(nonet_format(&g, NONET_LAYOUT_AUTO, 0, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_format(&g, (nonet_layout)99, 0, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_format(&g, (nonet_layout)-1, 0, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_format(&g, NONET_LAYOUT_AUTO, 0, NULL, 0) == NONET_EARG);
    /* Malformed grids: a cell above n, n disagreeing with the boxes. */
    g.cells[80] = 10;
    CHECK(nonet_format(&g, NONET_LAYOUT_NUMBERS, 0, buf, sizeof buf) == NONET_EARG);
    g.cells[80] = 9;
    CHECK(nonet_format(&g, NONET_LAYOUT_NUMBERS, 0, NULL, 0) == 9 * 18);
    g.n = 10;
    CHECK(nonet_format(&g, NONET_LAYOUT_NUMBERS, 0, buf, sizeof buf) == NONET_EARG);
    g.n = 9;
    g.box_cols = 0;
    CHECK(nonet_format(&g, NONET_LAYOUT_LINE, 0, buf, sizeof buf) == NONET_EARG);
}

#define PAD15 "               "
#define PAD16 PAD15 " "
#define EMPTY_ROW16                                                                                \
    "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16      \
    "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0\n"

static void test_candidates_alignment(void)
{
    nonet_grid g;
    uint64_t cands[256];
    CHECK(nonet_grid_init(&g, 4, 4) == NONET_OK);
    memset(cands, 0, sizeof cands);
    cands[0] = 0xFFFF;                                    /* every digit: 16 symbols */
    cands[1] = (1u << 9) | (1u << 15);                    /* A and G */
    cands[2] = ((uint64_t)1 << 20) | ((uint64_t)1 << 63); /* above n: ignored */
    for (int c = 3; c < 16; c++)
        cands[c] = 1u << 15;
    cands[16] = 0xFFFF | ((uint64_t)0xFF << 16); /* extra bits ignored */
    long len = nonet_format_candidates(&g, cands, out, sizeof out);
    /* Row 0, row 1, then fourteen rows of empty sets. */
    static const char row0[] =
        "123456789ABCDEFG AG" PAD15 "0" PAD16 "G" PAD16 "G" PAD16 "G" PAD16 "G" PAD16 "G" PAD16
        "G" PAD16 "G" PAD16 "G" PAD16 "G" PAD16 "G" PAD16 "G" PAD16 "G" PAD16 "G\n";
    static const char row1[] =
        "123456789ABCDEFG" /* the rest of row 1 is empty sets */
        " 0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16
        "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0" PAD16 "0\n";
    static const char empty[] = EMPTY_ROW16;
    CHECK(sizeof row0 - 1 == 15 * 17 + 2 && sizeof row1 - 1 == 15 * 17 + 2);
    CHECK(sizeof empty - 1 == 15 * 17 + 2);
    CHECK(len == (long)(2 * (sizeof row0 - 1) + 14 * (sizeof empty - 1)));
    CHECK(strlen(out) == (size_t)len);
    CHECK(strncmp(out, row0, sizeof row0 - 1) == 0);
    CHECK(strncmp(out + sizeof row0 - 1, row1, sizeof row1 - 1) == 0);
    for (int r = 2; r < 16; r++) {
        size_t at = 2 * (sizeof row0 - 1) + (size_t)(r - 2) * (sizeof empty - 1);
        CHECKF(strncmp(out + at, empty, sizeof empty - 1) == 0, "row %d", r);
    }
    CHECK(nonet_format_candidates(&g, cands, NULL, 0) == len);

    /* The 4x4 by hand: fields five wide, trailing spaces trimmed. */
    CHECK(nonet_grid_init(&g, 2, 2) == NONET_OK);
    uint64_t four[16] = {0xF, 0x1, 0x2, 0x0, 0x3, 0x5, 0x6, 0x9, 0, 0, 0, 0xC, 0x8, 0x7, 0xE, 0x4};
    EXPECT_FORMAT(&g, NONET_LAYOUT_CANDIDATES, 0,
                  "1234 1234 1234 1234\n1234 1234 1234 1234\n"
                  "1234 1234 1234 1234\n1234 1234 1234 1234\n");
    len = nonet_format_candidates(&g, four, out, sizeof out);
    EXPECT_TEXT(out, len,
                "1234 1    2    0\n"
                "12   13   23   14\n"
                "0    0    0    34\n"
                "4    123  234  3\n");
}

static void test_candidates_numbers(void)
{
    /* n = 36: integer lists, fields as wide as the widest list plus one. */
    static uint64_t cands[36 * 36];
    static char want[16384];
    char *end = want;
    nonet_grid g;
    CHECK(nonet_grid_init(&g, 6, 6) == NONET_OK);
    for (int i = 0; i < 36 * 36; i++)
        cands[i] = 1u << 4;                   /* {5} */
    cands[0] = 1u | 2u | ((uint64_t)1 << 35); /* 1,2,36: the widest, 6 */
    cands[1] = 0;
    cands[2] = (uint64_t)1 << 9;   /* 10 */
    cands[3] |= (uint64_t)1 << 40; /* above n: ignored */
    append(&end, "1,2,36 0      10     ");
    for (int c = 3; c < 35; c++)
        append(&end, "5      ");
    append(&end, "5\n");
    for (int r = 1; r < 36; r++) {
        for (int c = 0; c < 35; c++)
            append(&end, "5      ");
        append(&end, "5\n");
    }
    long len = nonet_format_candidates(&g, cands, out, sizeof out);
    EXPECT_TEXT(out, len, want);

    /* A 64-sided empty grid: every field is 1,2,...,64. */
    CHECK(nonet_grid_init(&g, 8, 8) == NONET_OK);
    long big = nonet_format(&g, NONET_LAYOUT_CANDIDATES, 0, NULL, 0);
    /* 9 one-digit and 55 two-digit numbers, 63 commas: 182 wide. */
    CHECK(big == 64 * (63 * 183 + 182 + 1));
    CHECK(nonet_format(&g, NONET_LAYOUT_CANDIDATES, 0, out, sizeof out) == big);
    CHECK(strncmp(out, "1,2,3,4,5,6,7,8,9,10,11,", 24) == 0);
    CHECK(out[182] == ' ' && out[183] == '1');
}

static void test_candidates_layout_matches(void)
{
    /* The CANDIDATES layout is nonet_candidates then
     * nonet_format_candidates, for symbol and integer grids alike. */
    static uint64_t cands[NONET_MAX_CELLS];
    static char other[1 << 20];
    static const int shapes[][2] = {{3, 3}, {4, 4}, {2, 5}, {6, 6}, {5, 8}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        nonet_grid g;
        CHECK(nonet_grid_init(&g, shapes[s][0], shapes[s][1]) == NONET_OK);
        int n = g.n;
        /* A scattering of digits, deterministic. */
        for (int i = 0; i < n * n; i++)
            g.cells[i] = (uint8_t)(i % 7 == 0 ? 1 + (i * 31) % n : 0);
        nonet_candidates(&g, cands);
        long a = nonet_format(&g, NONET_LAYOUT_CANDIDATES, 0, out, sizeof out);
        long b = nonet_format_candidates(&g, cands, other, sizeof other);
        CHECKF(a > 0 && a == b && strcmp(out, other) == 0, "shape %dx%d", shapes[s][0],
               shapes[s][1]);
    }
}

static void test_candidates_rejects(void)
{
    nonet_grid g;
    uint64_t cands[81] = {0};
    char buf[8];
    CHECK(nonet_grid_init(&g, 3, 3) == NONET_OK);
    memset(buf, 'Z', sizeof buf);
    CHECK(nonet_format_candidates(NULL, cands, buf, sizeof buf) == NONET_EARG);
    CHECK(buf[0] == '\0');
    CHECK(nonet_format_candidates(&g, NULL, buf, sizeof buf) == NONET_EARG);
    g.n = 8;
    CHECK(nonet_format_candidates(&g, cands, buf, sizeof buf) == NONET_EARG);
    /* Only the shape matters: cells out of range are fine here. */
    g.n = 9;
    g.cells[0] = 200;
    CHECK(nonet_format_candidates(&g, cands, NULL, 0) == 9 * (8 * 10 + 2));
}

static void test_strerror(void)
{
    static const int codes[] = {
        NONET_OK,          NONET_EARG,       NONET_ENOMEM,     NONET_EEMPTY,  NONET_EBADCHAR,
        NONET_ESHORTROW,   NONET_ELONGROW,   NONET_ETRUNCATED, NONET_ERANGE,  NONET_ECELLS,
        NONET_ELINE,       NONET_ESIZE,      NONET_ECONFLICT,  NONET_ECLUE,   NONET_EINCOMPLETE,
        NONET_ENOSOLUTION, NONET_ENOTUNIQUE, NONET_EAMBIGUOUS, NONET_EGIVEUP, NONET_EBINARY,
    };
    size_t count = sizeof codes / sizeof codes[0];
    for (size_t i = 0; i < count; i++) {
        const char *text = nonet_strerror(codes[i]);
        CHECKF(text != NULL && text[0] != '\0', "code %d", codes[i]);
        CHECKF(strcmp(text, "unknown error") != 0, "code %d is unknown", codes[i]);
        for (const char *p = text; *p != '\0'; p++)
            CHECKF(!(*p >= 'A' && *p <= 'Z'), "code %d: \"%s\" not lowercase", codes[i], text);
        for (size_t j = 0; j < i; j++)
            CHECKF(strcmp(text, nonet_strerror(codes[j])) != 0, "codes %d and %d share \"%s\"",
                   codes[i], codes[j], text);
    }
    CHECK(strcmp(nonet_strerror(NONET_ENOMEM), "out of memory") == 0);
    static const int unknown[] = {1, -4, -9, -28, -100, 12345, -2147483647 - 1};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        CHECKF(strcmp(nonet_strerror(unknown[i]), "unknown error") == 0, "code %d", unknown[i]);
}

static void test_layout_names(void)
{
    static const struct {
        nonet_layout layout;
        const char *name;
    } names[] = {
        {NONET_LAYOUT_AUTO, "auto"},   {NONET_LAYOUT_LINE, "line"},
        {NONET_LAYOUT_GRID, "grid"},   {NONET_LAYOUT_SPACED, "spaced"},
        {NONET_LAYOUT_KNUTH, "knuth"}, {NONET_LAYOUT_NUMBERS, "numbers"},
        {NONET_LAYOUT_BOXED, "boxed"}, {NONET_LAYOUT_CANDIDATES, "candidates"},
        {NONET_LAYOUT_JSON, "json"},   {NONET_LAYOUT_CSV, "csv"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *name = nonet_layout_name(names[i].layout);
        CHECKF(name != NULL && strcmp(name, names[i].name) == 0, "layout %d", (int)names[i].layout);
        nonet_layout layout = (nonet_layout)-1;
        CHECKF(nonet_layout_from_name(names[i].name, &layout) == NONET_OK &&
                   layout == names[i].layout,
               "name %s", names[i].name);
    }
    CHECK(nonet_layout_name((nonet_layout)10) == NULL);
    CHECK(nonet_layout_name((nonet_layout)-1) == NULL);
    nonet_layout layout = NONET_LAYOUT_GRID;
    static const char *const bad[] = {"", "LINE", "Line", "lines", "lin", " line", "line ", "CSV"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECKF(nonet_layout_from_name(bad[i], &layout) == NONET_EARG, "\"%s\"", bad[i]);
    CHECK(layout == NONET_LAYOUT_GRID);
    CHECK(nonet_layout_from_name(NULL, &layout) == NONET_EARG);
    CHECK(nonet_layout_from_name("line", NULL) == NONET_EARG);
}

void suite_format(void)
{
    RUN(test_4x4_layouts);
    RUN(test_4x4_blank);
    RUN(test_9x9_layouts);
    RUN(test_6x6_layouts);
    RUN(test_degenerate_shapes);
    RUN(test_16x16);
    RUN(test_35x35);
    RUN(test_36x36);
    RUN(test_buffer_semantics);
    RUN(test_format_rejects);
    RUN(test_candidates_alignment);
    RUN(test_candidates_numbers);
    RUN(test_candidates_layout_matches);
    RUN(test_candidates_rejects);
    RUN(test_strerror);
    RUN(test_layout_names);
}
