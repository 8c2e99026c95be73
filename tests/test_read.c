/* test_read.c - the reader: every layout, sizes, errors with positions,
 * batches, streaming, and format -> parse round trips. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static const char classic_line[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

static const char handout_grid[] = "1-- 489 --6\n"
                                   "73- --- -4-\n"
                                   "--- --1 295\n"
                                   "--7 12- 6--\n"
                                   "5-- 7-3 --8\n"
                                   "--6 -95 7--\n"
                                   "914 6-- ---\n"
                                   "-2- --- -37\n"
                                   "8-- 512 --4\n";
static const char handout_cells[] =
    "1..489..673.....4......1295..712.6..5..7.3..8..6.957..9146......2.....378..512..4";

static nonet_puzzle *puzzles(int count)
{
    return calloc((size_t)count, sizeof(nonet_puzzle));
}

/* Whether p holds exactly the cells of the line (any blank symbol). */
static int cells_are(const nonet_puzzle *p, const char *line, int br, int bc)
{
    nonet_grid g;
    if (!grid_from_line(line, br, bc, &g))
        return 0;
    return p->error.code == NONET_OK && nonet_grid_equal(&p->grid, &g);
}

static int parse1(const char *text, const nonet_read_opts *opts, nonet_puzzle *p)
{
    return nonet_parse(text, strlen(text), opts, p, NULL);
}

static void test_line_layouts(void)
{
    static nonet_puzzle p;
    CHECK(parse1(classic_line, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, classic_line, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_LINE && p.blank == '.' && p.index == 1);
    CHECK(p.first_line == 1 && p.last_line == 1);
    const char blanks[] = "0-_*";
    for (int i = 0; blanks[i]; i++) {
        char buf[100];
        strcpy(buf, classic_line);
        for (char *c = buf; *c; c++)
            if (*c == '.')
                *c = blanks[i];
        CHECK(parse1(buf, NULL, &p) == NONET_OK);
        CHECKF(cells_are(&p, classic_line, 3, 3), "blank %c", blanks[i]);
        CHECK(p.blank == blanks[i]);
    }
}

static void test_grid_layouts(void)
{
    static nonet_puzzle p;
    CHECK(parse1(handout_grid, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, handout_cells, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_GRID && p.blank == '-');
    CHECK(p.first_line == 1 && p.last_line == 9 && p.row_line[4] == 5);

    /* without spaces */
    char tight[200], *o = tight;
    for (const char *c = handout_grid; *c; c++)
        if (*c != ' ')
            *o++ = *c;
    *o = '\0';
    CHECK(parse1(tight, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, handout_cells, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_KNUTH);

    /* spaced out, blank lines between bands and stray indentation */
    const char *spaced = "1 - -   4 8 9   - - 6\n 7 3 -   - - -   - 4 -\n"
                         "- - -   - - 1   2 9 5\n\n- - 7   1 2 -   6 - -\n"
                         "5 - -   7 - 3   - - 8\n- - 6   - 9 5   7 - -\n\n"
                         "9 1 4   6 - -   - - -\n- 2 -   - - -   - 3 7\n"
                         "8 - -   5 1 2   - - 4\n";
    CHECK(parse1(spaced, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, handout_cells, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_SPACED);
    CHECK(p.row_line[3] == 5 && p.last_line == 11);

    /* integers, 0 blank */
    const char *numbers = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n"
                          "8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
                          "0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";
    CHECK(parse1(numbers, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, classic_line, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_NUMBERS && p.blank == '0');

    /* Knuth's SUDOKU-DLX input */
    const char *knuth = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                        "7...2...6\n.6....28.\n...419..5\n....8..79\n";
    CHECK(parse1(knuth, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, classic_line, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_KNUTH && p.blank == '.');

    /* boxed, as pasted from forums */
    const char *boxed = "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n"
                        "| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
                        "+-------+-------+-------+\n| 8 . . | . 6 . | . . 3 |\n"
                        "| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
                        "+-------+-------+-------+\n| . 6 . | . . . | 2 8 . |\n"
                        "| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
                        "+-------+-------+-------+\n";
    CHECK(parse1(boxed, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, classic_line, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_BOXED);
    CHECK(p.first_line == 2 && p.last_line == 12);

    /* a boxed variant with dashed rules that have no '+' */
    const char *dashed = "-------------------------\n| 5 3 . | . 7 . | . . . |\n"
                         "| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
                         "|-------+-------+-------|\n| 8 . . | . 6 . | . . 3 |\n"
                         "| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
                         "-------------------------\n| . 6 . | . . . | 2 8 . |\n"
                         "| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
                         "-------------------------\n";
    CHECK(parse1(dashed, NULL, &p) == NONET_OK);
    CHECK(cells_are(&p, classic_line, 3, 3));
    CHECK(p.layout == NONET_LAYOUT_BOXED);
}

static void test_line_ends_and_comments(void)
{
    static nonet_puzzle p[4];
    /* CRLF, comments, a BOM, no final newline */
    char text[400];
    snprintf(text, sizeof text, "\xEF\xBB\xBF# a comment\r\n\r\n%s\r\n# another\r\n%s",
             classic_line, classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 4) == 2);
    CHECK(cells_are(&p[0], classic_line, 3, 3) && cells_are(&p[1], classic_line, 3, 3));
    CHECK(p[0].first_line == 3 && p[1].first_line == 5);
    CHECK(p[0].index == 1 && p[1].index == 2);
    /* a trailing comment after the puzzle */
    snprintf(text, sizeof text, "%s   # rated 1.2\n", classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 4) == 1);
    CHECK(cells_are(&p[0], classic_line, 3, 3));
    /* a grid with CRLF and comment lines inside */
    const char *g = "53..7....\r\n6..195...\r\n# middle\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n"
                    "7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79";
    CHECK(unit_read_all(g, strlen(g), NULL, 0, p, 4) == 1);
    CHECK(cells_are(&p[0], classic_line, 3, 3));
    CHECK(p[0].last_line == 10);
}

static void test_batches(void)
{
    nonet_puzzle *p = puzzles(8);
    CHECK(p);
    /* one-line puzzles, then two grids back to back, then a one-line */
    char text[2000];
    const char *knuth = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                        "7...2...6\n.6....28.\n...419..5\n....8..79\n";
    snprintf(text, sizeof text, "%s\n%s\n%s\n%s%s%s\n", classic_line, handout_cells, handout_grid,
             knuth, knuth, classic_line);
    for (size_t piece = 0; piece <= 7; piece += 7) {
        int got = unit_read_all(text, strlen(text), NULL, piece, p, 8);
        CHECKF(got == 6, "got %d puzzles with pieces of %zu", got, piece);
        CHECK(cells_are(&p[0], classic_line, 3, 3) && cells_are(&p[1], handout_cells, 3, 3));
        CHECK(cells_are(&p[2], handout_cells, 3, 3) && cells_are(&p[3], classic_line, 3, 3));
        CHECK(cells_are(&p[4], classic_line, 3, 3) && cells_are(&p[5], classic_line, 3, 3));
        CHECK(p[2].first_line == 3 && p[3].first_line == 13 && p[4].first_line == 22);
        for (int i = 0; i < 6; i++)
            CHECK(p[i].index == i + 1);
    }
    free(p);
}

/* A shape line before a one-line puzzle, its side's default shape too
 * ("3x3": what the web page writes before every position), is the size
 * of that puzzle, never a puzzle of its own. */
/* Lines the reader sends back to itself (a grid's only row, tried as one
 * line; a line of numbers held as a size line) end: these once went round
 * for ever (found by fuzz_variant). */
static void test_replay_ends(void)
{
    static const char *const texts[] = {"2;22;2;", "1 22 2\n", "2 22 2;\n3\n", "22 2\n2;\n"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        nonet_puzzle p;
        size_t used = 0;
        int rc = nonet_parse(texts[i], strlen(texts[i]), NULL, &p, &used);
        CHECKF(rc != NONET_ENOMEM && used <= strlen(texts[i]), "'%s'", texts[i]);
    }
}

static void test_shape_lines(void)
{
    nonet_puzzle *p = puzzles(4);
    CHECK(p);
    char text[400];
    snprintf(text, sizeof text, "3x3\n%s\n2x3\n1.....2.....3.....4.....5.....6.....\n3x2\n%s\n",
             classic_line, "1.....2.....3.....4.....5.....6.....");
    int got = unit_read_all(text, strlen(text), NULL, 0, p, 4);
    CHECKF(got == 3, "got %d puzzles", got);
    CHECK(got >= 1 && cells_are(&p[0], classic_line, 3, 3) && p[0].first_line == 2);
    CHECK(got >= 2 && p[1].error.code == NONET_OK && p[1].grid.box_rows == 2);
    CHECK(got >= 3 && p[2].error.code == NONET_OK && p[2].grid.box_rows == 3);
    /* and before positions in the pencil-mark form, of every side: 9x9,
     * 6x6 as 3x2 (216 symbols), 4x4 (64: never an 8x8 puzzle) */
    static const int shapes[3][2] = {{3, 3}, {3, 2}, {2, 2}};
    for (int s = 0; s < 3; s++) {
        int br = shapes[s][0], bc = shapes[s][1], n = br * bc, len = 0;
        char marks[800];
        len += snprintf(marks, sizeof marks, "%dx%d\n", br, bc);
        for (int cell = 0; cell < n * n; cell++)
            for (int k = 1; k <= n; k++) /* cell 0 holds 1; others 1..n but 2 */
                marks[len++] = (char)((cell == 0 ? k == 1 : k != 2) ? '0' + k : '.');
        marks[len++] = '\n';
        got = unit_read_all(marks, (size_t)len, NULL, 0, p, 4);
        CHECKF(got == 1 && p[0].error.code == NONET_OK && p[0].has_marks &&
                   p[0].grid.box_rows == br && p[0].grid.box_cols == bc,
               "%dx%d marks: %d puzzles, %s", br, bc, got, p[0].error.message);
        CHECK(got == 1 && p[0].grid.cells[0] == 1 &&
              p[0].marks.cands[1] == (((uint64_t)1 << n) - 1 - 2));
    }
    free(p);
}

/* A batch of one-line puzzles with bad lines in the middle loses nothing. */
static void test_batch_errors(void)
{
    nonet_puzzle *p = puzzles(10);
    CHECK(p);
    char longline[260];
    memset(longline, '1', 200);
    longline[200] = '\0';
    char stray[100];
    strcpy(stray, classic_line);
    stray[40] = 'x';
    char range[100];
    strcpy(range, classic_line);
    range[2] = 'A';
    char text[2000];
    snprintf(text, sizeof text, "%s\n1234567891\n%s\n%s\n%s\n%s\n%.80s\n%s\n", classic_line,
             longline, stray, range, classic_line, classic_line, classic_line);
    int got = unit_read_all(text, strlen(text), NULL, 0, p, 10);
    CHECKF(got == 8, "got %d", got);
    CHECK(p[0].error.code == NONET_OK);
    CHECKF(p[1].error.code == NONET_ECELLS && p[1].error.line == 2, "code %d line %ld: %s",
           p[1].error.code, p[1].error.line, p[1].error.message);
    CHECK(strstr(p[1].error.message, "10 cells") != NULL);
    CHECK(p[2].error.code == NONET_ECELLS && p[2].error.line == 3);
    CHECK(strstr(p[2].error.message, "200 cells") != NULL);
    CHECKF(p[3].error.code == NONET_EBADCHAR && p[3].error.line == 4 && p[3].error.column == 41,
           "%d %ld %ld", p[3].error.code, p[3].error.line, p[3].error.column);
    CHECK(strcmp(p[3].error.message, "bad character 'x'") == 0);
    CHECK(p[4].error.code == NONET_EBADCHAR && p[4].error.column == 3);
    CHECK(strcmp(p[4].error.message, "bad character 'A'") == 0);
    CHECK(cells_are(&p[5], classic_line, 3, 3) && p[5].first_line == 6);
    CHECK(p[6].error.code == NONET_ECELLS && p[6].error.line == 7);
    CHECK(cells_are(&p[7], classic_line, 3, 3) && p[7].index == 8);
    free(p);
}

static void test_grid_errors(void)
{
    static nonet_puzzle p[3];
    /* a short row (line 3), the grid still consumes its 9 rows */
    const char *shortrow = "53..7....\n6..195...\n.98...6.\n8...6...3\n4..8.3..1\n"
                           "7...2...6\n.6....28.\n...419..5\n....8..79\n";
    CHECK(unit_read_all(shortrow, strlen(shortrow), NULL, 0, p, 3) == 1);
    CHECK(p[0].error.code == NONET_ESHORTROW && p[0].error.line == 3);
    CHECK(strstr(p[0].error.message, "row 3 has 8 cells") != NULL);
    const char *longrow = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1.\n"
                          "7...2...6\n.6....28.\n...419..5\n....8..79\n";
    CHECK(unit_read_all(longrow, strlen(longrow), NULL, 0, p, 3) == 1);
    CHECK(p[0].error.code == NONET_ELONGROW && p[0].error.line == 5);
    /* truncated at the end of the input */
    const char *trunc = "53..7....\n6..195...\n.98....6.\n8...6...3\n";
    CHECK(unit_read_all(trunc, strlen(trunc), NULL, 0, p, 3) == 1);
    CHECK(p[0].error.code == NONET_ETRUNCATED && p[0].error.line == 4);
    CHECK(strstr(p[0].error.message, "4 of its 9 rows") != NULL);
    /* truncated by a one-line puzzle, which is still read */
    char text[400];
    snprintf(text, sizeof text, "53..7....\n6..195...\n%s\n", classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 2);
    CHECK(p[0].error.code == NONET_ETRUNCATED && cells_are(&p[1], classic_line, 3, 3));
    CHECK(p[1].index == 2 && p[1].first_line == 3);
    /* a bad character inside a grid: line and column */
    const char *bad = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                      "7...2...6\n.6..?.28.\n...419..5\n....8..79\n";
    CHECK(unit_read_all(bad, strlen(bad), NULL, 0, p, 3) == 1);
    CHECK(p[0].error.code == NONET_EBADCHAR && p[0].error.line == 7 && p[0].error.column == 5);
    /* NUL and invalid UTF-8 bytes are bad characters, not the end */
    const char nul[] = "53..7\0...\n\xff\n";
    CHECK(unit_read_all(nul, sizeof nul - 1, NULL, 0, p, 3) >= 1);
    CHECK(p[0].error.code != NONET_OK);
    CHECKF(strstr(p[0].error.message, "NUL") || strstr(p[0].error.message, "0xFF"), "%s",
           p[0].error.message);
}

static void test_empty_inputs(void)
{
    static nonet_puzzle p;
    size_t used = 99;
    CHECK(nonet_parse("", 0, NULL, &p, &used) == NONET_EEMPTY && used == 0);
    CHECK(nonet_parse("\n\n\n", 3, NULL, &p, NULL) == NONET_EEMPTY);
    CHECK(nonet_parse("# only a comment\n+---+---+\n", 26, NULL, &p, NULL) == NONET_EEMPTY);
    CHECK(nonet_parse(NULL, 1, NULL, &p, NULL) == NONET_EARG);
    CHECK(nonet_parse("1", 1, NULL, NULL, NULL) == NONET_EARG);
    nonet_read_opts bad = {NONET_LAYOUT_JSON, 0, 0, NULL, NULL};
    CHECK(nonet_parse("1", 1, &bad, &p, NULL) == NONET_EARG);
    CHECK(nonet_reader_new(&bad) == NULL);
    nonet_read_opts badshape = {NONET_LAYOUT_AUTO, 9, 9, NULL, NULL};
    CHECK(nonet_reader_new(&badshape) == NULL);
    nonet_reader_free(NULL);
}

static void test_consumed(void)
{
    static nonet_puzzle p;
    char text[400];
    snprintf(text, sizeof text, "# x\n%s\n%s\n", classic_line, handout_cells);
    size_t used = 0, len = strlen(text);
    CHECK(nonet_parse(text, len, NULL, &p, &used) == NONET_OK);
    CHECK(used == 4 + 82 && cells_are(&p, classic_line, 3, 3));
    CHECK(nonet_parse(text + used, len - used, NULL, &p, &used) == NONET_OK);
    CHECK(cells_are(&p, handout_cells, 3, 3));
}

static void test_overlong_line(void)
{
    size_t big = NONET_MAX_LINE + 1000;
    char *text = malloc(big + 200);
    CHECK(text);
    memset(text, '.', big);
    text[big] = '\n';
    strcpy(text + big + 1, classic_line);
    static nonet_puzzle p[3];
    int got = unit_read_all(text, strlen(text), NULL, 4096, p, 3);
    free(text);
    CHECK(got == 2);
    CHECK(p[0].error.code == NONET_ELINE && p[0].error.line == 1);
    CHECK(cells_are(&p[1], classic_line, 3, 3) && p[1].first_line == 2);
}

/* A valid completed grid of any shape, by formula. */
static void pattern(nonet_grid *g, int br, int bc)
{
    nonet_grid_init(g, br, bc);
    int n = br * bc;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            g->cells[r * n + c] = (uint8_t)(((r % br) * bc + r / br + c) % n + 1);
}

static void test_sizes(void)
{
    static nonet_puzzle p;
    static nonet_grid g;
    static char buf[40000];
    /* 16x16 letters one-line, and 25x25 */
    pattern(&g, 4, 4);
    CHECK(nonet_format(&g, NONET_LAYOUT_LINE, 0, buf, sizeof buf) == 257);
    CHECK(parse1(buf, NULL, &p) == NONET_OK && nonet_grid_equal(&p.grid, &g));
    for (char *c = buf; *c; c++) /* lower case letters work too */
        if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c - 'A' + 'a');
    CHECK(parse1(buf, NULL, &p) == NONET_OK && nonet_grid_equal(&p.grid, &g));
    pattern(&g, 5, 5);
    g.cells[7] = 0;
    CHECK(nonet_format(&g, NONET_LAYOUT_LINE, 0, buf, sizeof buf) > 0);
    CHECK(parse1(buf, NULL, &p) == NONET_OK && nonet_grid_equal(&p.grid, &g));
    /* 16x16 in numbers with multi-digit tokens */
    pattern(&g, 4, 4);
    g.cells[0] = 0;
    CHECK(nonet_format(&g, NONET_LAYOUT_NUMBERS, 0, buf, sizeof buf) > 0);
    CHECK(parse1(buf, NULL, &p) == NONET_OK && nonet_grid_equal(&p.grid, &g));
    CHECK(p.layout == NONET_LAYOUT_NUMBERS);
    /* 6x6: the groups tell 2x3 from 3x2 */
    CHECK(parse1("123 456\n456 123\n\n231 564\n564 231\n\n312 645\n645 312\n", NULL, &p) ==
          NONET_OK);
    CHECK(p.grid.n == 6 && p.grid.box_rows == 2 && p.grid.box_cols == 3);
    CHECK(parse1("12 34 56\n34 56 12\n56 12 34\n\n21 43 65\n43 65 21\n65 21 43\n", NULL, &p) ==
          NONET_OK);
    CHECK(p.grid.n == 6 && p.grid.box_rows == 3 && p.grid.box_cols == 2);
    /* --size forces the shape, and a wrong size is an error */
    nonet_read_opts o32 = {NONET_LAYOUT_AUTO, 3, 2, NULL, NULL};
    pattern(&g, 3, 2);
    CHECK(nonet_format(&g, NONET_LAYOUT_LINE, 0, buf, sizeof buf) == 37);
    CHECK(parse1(buf, NULL, &p) == NONET_OK && p.grid.box_rows == 2); /* default 2x3 */
    CHECK(parse1(buf, &o32, &p) == NONET_OK && nonet_grid_equal(&p.grid, &g));
    nonet_read_opts o33 = {NONET_LAYOUT_AUTO, 3, 3, NULL, NULL};
    CHECK(parse1(buf, &o33, &p) == NONET_ECELLS);
    CHECK(parse1(classic_line, &o32, &p) == NONET_ESIZE);
    /* digits out of range for the size */
    CHECK(parse1("1234\n3412\n2143\n4325\n", NULL, &p) == NONET_ERANGE);
    CHECK(p.error.line == 4 && p.error.column == 4);
    const char *big = "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n"
                      "8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
                      "0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 10\n";
    CHECK(parse1(big, NULL, &p) == NONET_ERANGE && p.error.line == 9 && p.error.column == 17);
    CHECK(strcmp(p.error.message, "number 10 is out of range for a 9x9 grid") == 0);
    pattern(&g, 4, 4);
    CHECK(nonet_format(&g, NONET_LAYOUT_LINE, 0, buf, sizeof buf) == 257);
    buf[5] = 'Z';
    CHECK(parse1(buf, NULL, &p) == NONET_ERANGE && p.error.column == 6);
    CHECK(strcmp(p.error.message, "digit 'Z' (35) is out of range for a 16x16 grid") == 0);
    /* a 1x1 grid */
    CHECK(parse1("1\n", NULL, &p) == NONET_OK && p.grid.n == 1 && p.grid.cells[0] == 1);
}

/* format -> parse gives the same grid, for every layout and size. */
static void test_round_trips(void)
{
    static const int shapes[][2] = {{1, 1}, {1, 2}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3},
                                    {3, 4}, {4, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8}, {5, 7}};
    static const nonet_layout layouts[] = {NONET_LAYOUT_LINE,    NONET_LAYOUT_GRID,
                                           NONET_LAYOUT_SPACED,  NONET_LAYOUT_KNUTH,
                                           NONET_LAYOUT_NUMBERS, NONET_LAYOUT_BOXED};
    static nonet_grid g;
    static nonet_puzzle p;
    size_t cap = 1 << 20;
    char *buf = malloc(cap);
    CHECK(buf);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int br = shapes[s][0], bc = shapes[s][1], n = br * bc;
        pattern(&g, br, bc);
        for (int i = 0; i < n * n; i += 3) /* blank out a third of the cells */
            g.cells[(i * 7) % (n * n)] = 0;
        for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
            long len = nonet_format(&g, layouts[l], 0, buf, cap);
            if (n > NONET_MAX_SYMBOL_SIDE && layouts[l] != NONET_LAYOUT_NUMBERS) {
                CHECK(len == NONET_EARG);
                continue;
            }
            CHECKF(len > 0, "format %dx%d %s", br, bc, nonet_layout_name(layouts[l]));
            nonet_read_opts forced = {layouts[l], br, bc, NULL, NULL};
            int rc = nonet_parse(buf, (size_t)len, &forced, &p, NULL);
            CHECKF(rc == NONET_OK && nonet_grid_equal(&p.grid, &g), "forced %dx%d %s: %d %s\n%s",
                   br, bc, nonet_layout_name(layouts[l]), rc, p.error.message, buf);
            /* detection alone: same cells; the shape too where the layout
             * shows the boxes */
            if (n < 4 && layouts[l] == NONET_LAYOUT_LINE)
                continue; /* 1, 4 or 9 cells on a line read as a grid row */
            rc = nonet_parse(buf, (size_t)len, NULL, &p, NULL);
            CHECKF(rc == NONET_OK && p.grid.n == n &&
                       memcmp(p.grid.cells, g.cells, (size_t)(n * n)) == 0,
                   "auto %dx%d %s: %d %s\n%s", br, bc, nonet_layout_name(layouts[l]), rc,
                   p.error.message, buf);
            int shows_boxes = layouts[l] == NONET_LAYOUT_GRID ||
                              layouts[l] == NONET_LAYOUT_SPACED || layouts[l] == NONET_LAYOUT_BOXED;
            if (shows_boxes && br > 1 && bc > 1)
                CHECKF(p.grid.box_rows == br && p.grid.box_cols == bc, "auto shape %dx%d %s", br,
                       bc, nonet_layout_name(layouts[l]));
        }
    }
    free(buf);
}

/* A reset reader reads a new text as a new reader would, whatever it was
 * in the middle of (a grid, a literal, a CSV table, puzzles not taken). */
static void test_reset(void)
{
    static nonet_puzzle p;
    static const char *const starts[] = {
        "53..7....\n6..195...\n",
        "[[5,3,0",
        "puzzle,solution\n",
        "Title line\n",
        ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
         "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"),
    };
    nonet_reader *r = nonet_reader_new(NULL);
    CHECK(r);
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        nonet_reader_feed(r, starts[i], strlen(starts[i]));
        nonet_reader_reset(r);
        size_t used = 0, len = strlen(handout_grid);
        while (used < len)
            used += nonet_reader_feed(r, handout_grid + used, len - used);
        nonet_reader_end(r);
        CHECKF(nonet_reader_next(r, &p) && cells_are(&p, handout_cells, 3, 3), "after %zu", i);
        CHECK(p.index == 1 && p.first_line == 1 && p.name[0] == '\0');
        CHECK(!nonet_reader_next(r, &p));
        nonet_reader_reset(r);
    }
    nonet_reader_free(r);
    nonet_reader_reset(NULL);
}

/* A CSV table's other columns are kept whole, however long: a 3,000-byte
 * rules column (Sudoku-Bench's tables have such) once vanished, as did
 * every column past 2,048 bytes of a line; so is the longest line a table
 * can have, 63 columns with 63-byte names beside the puzzle. */
static void test_long_columns(void)
{
    nonet_puzzle *p = puzzles(3);
    size_t cap = 2 * (size_t)NONET_MAX_LINE;
    char *text = malloc(cap), *rules = malloc(3001), *visual = malloc(50001);
    CHECK(p && text && rules && visual);
    for (int i = 0; i < 3000; i++)
        rules[i] = "Normal sudoku rules apply. "[i % 27];
    rules[3000] = '\0';
    for (int i = 0; i < 50000; i++)
        visual[i] = (char)('a' + i % 26);
    visual[50000] = '\0';
    int len = snprintf(text, cap, "id,puzzle,rules,visual,solution\n7,%s,%s,%s,%s\n8,%s,short,,x\n",
                       classic_line, rules, visual, classic_line, classic_line);
    CHECK(len > 0 && (size_t)len < cap);
    for (size_t piece = 0; piece <= 4096; piece += 4096) {
        CHECK(unit_read_all(text, (size_t)len, NULL, piece, p, 3) == 2);
        CHECK(cells_are(&p[0], classic_line, 3, 3) && cells_are(&p[1], classic_line, 3, 3));
        static const char *const names[] = {"id", "rules", "visual", "solution"};
        const char *want[2][4] = {{"7", rules, visual, classic_line}, {"8", "short", "", "x"}};
        for (int k = 0; k < 2; k++) {
            CHECKF(p[k].ncolumns == 4, "puzzle %d: %d columns", k + 1, p[k].ncolumns);
            for (int i = 0; i < 4; i++) {
                const char *name, *value;
                CHECK(nonet_puzzle_column(&p[k], i, &name, &value) == NONET_OK);
                CHECKF(strcmp(name, names[i]) == 0 && strcmp(value, want[k][i]) == 0,
                       "puzzle %d, column %d: %s, %zu bytes", k + 1, i, name, strlen(value));
            }
        }
        /* and in its record */
        nonet_result r = {.puzzle = &p[0], .status = NONET_V_OK};
        long need = nonet_result_json(&r, NULL, 0);
        char *json = malloc((size_t)need + 1);
        CHECK(json && nonet_result_json(&r, json, (size_t)need + 1) == need);
        int whole = strstr(json, rules) != NULL && strstr(json, visual) != NULL;
        free(json);
        CHECK(whole);
    }
    /* the longest line: 63 other columns with 63-byte names, their values
     * filling the line up to NONET_MAX_LINE bytes */
    char *at = text;
    for (int c = 0; c < 64; c++)
        at += c == 5 ? sprintf(at, "%sgrid", c ? "," : "")
                     : sprintf(at, "%s%c%062d", c ? "," : "", 'a' + c % 26, c);
    *at++ = '\n';
    char *row = at;
    for (int c = 0; c < 64; c++) {
        if (c)
            *at++ = ',';
        if (c == 5) {
            at += sprintf(at, "%s", classic_line);
        } else {
            size_t w = c == 63 ? (size_t)NONET_MAX_LINE - (size_t)(at - row) : 1000;
            memset(at, '0' + c % 10, w);
            at += w;
        }
    }
    CHECK(at - row == NONET_MAX_LINE);
    *at++ = '\n';
    CHECK(unit_read_all(text, (size_t)(at - text), NULL, 0, p, 3) == 1);
    CHECK(cells_are(&p[0], classic_line, 3, 3) && p[0].ncolumns == 63);
    for (int i = 0; i < 63; i++) {
        const char *name, *value;
        int c = i < 5 ? i : i + 1;
        CHECK(nonet_puzzle_column(&p[0], i, &name, &value) == NONET_OK);
        size_t w = strlen(value);
        CHECKF(strlen(name) == 63 && name[0] == 'a' + c % 26 && atoi(name + 1) == c &&
                   (c == 63 ? w > 1000 : w == 1000) && value[0] == '0' + c % 10 &&
                   value[w - 1] == '0' + c % 10,
               "column %d: %s, %zu bytes", c, name, w);
    }
    /* a copy keeps them */
    nonet_puzzle_copy(&p[2], &p[0]);
    const char *n0, *v0, *n2, *v2;
    CHECK(nonet_puzzle_column(&p[0], 62, &n0, &v0) == NONET_OK);
    CHECK(nonet_puzzle_column(&p[2], 62, &n2, &v2) == NONET_OK);
    CHECK(p[2].ncolumns == 63 && strcmp(n0, n2) == 0 && strcmp(v0, v2) == 0);
    CHECK(cells_are(&p[2], classic_line, 3, 3) && p[2].index == p[0].index);
    nonet_puzzle_copy(NULL, &p[0]);
    nonet_puzzle_copy(&p[2], NULL);
    free(text);
    free(rules);
    free(visual);
    free(p);
}

/* Binary data is refused once, where it starts: the puzzles before it are
 * read, nothing after it; a lone NUL in text stays a bad character. */
static void test_binary(void)
{
    nonet_puzzle *p = puzzles(6);
    CHECK(p);
    /* an executable's first bytes, then a puzzle that must not be read */
    static const char elf[] = "\x7f"
                              "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0\n"
                              "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28...."
                              "419..5....8..79\n";
    for (size_t piece = 0; piece <= 3; piece += 1 + 2 * (piece > 0)) {
        CHECKF(unit_read_all(elf, sizeof elf - 1, NULL, piece, p, 6) == 1, "piece %zu", piece);
        CHECK(p[0].error.code == NONET_EBINARY && p[0].error.line == 1 && p[0].error.column == 8 &&
              p[0].index == 1);
        CHECKF(strstr(p[0].error.message, "binary data") != NULL, "%s", p[0].error.message);
    }
    size_t used = 0;
    CHECK(nonet_parse(elf, sizeof elf - 1, NULL, &p[0], &used) == NONET_EBINARY);
    CHECK(used == sizeof elf - 1); /* nothing left to read again */
    /* text, a grid broken off, then binary data from line 12 on */
    char text[600];
    int len = snprintf(text, sizeof text, "%s\n53..7....\n6..195...\n.98....6.\n", classic_line);
    memcpy(text + len, "# x\n\x1f\x8b\x08\0\0\0\n", 11);
    len += 11;
    len += snprintf(text + len, sizeof text - (size_t)len, "%s\n", classic_line);
    for (size_t piece = 0; piece <= 5; piece += 5) {
        CHECK(unit_read_all(text, (size_t)len, NULL, piece, p, 6) == 3);
        CHECK(cells_are(&p[0], classic_line, 3, 3));
        CHECK(p[1].error.code == NONET_ETRUNCATED && p[1].first_line == 2);
        CHECK(p[2].error.code == NONET_EBINARY && p[2].error.line == 6 && p[2].error.column == 4 &&
              p[2].index == 3);
    }
    /* a NUL alone in a line of text: that puzzle's bad character, and
     * the next line is read */
    len = snprintf(text, sizeof text, "%.40s%c%s\n%s\n", classic_line, 'x', classic_line + 40,
                   classic_line);
    text[40] = '\0';
    CHECK(unit_read_all(text, (size_t)len, NULL, 0, p, 6) == 2);
    CHECKF(p[0].error.code == NONET_EBADCHAR && p[0].error.column == 41, "%d %ld %s",
           p[0].error.code, p[0].error.column, p[0].error.message);
    CHECK(cells_are(&p[1], classic_line, 3, 3));
    /* a reset reader reads text again */
    nonet_reader *r = nonet_reader_new(NULL);
    CHECK(r);
    CHECK(nonet_reader_feed(r, elf, sizeof elf - 1) == sizeof elf - 1);
    CHECK(nonet_reader_feed(r, elf, 10) == 10); /* dropped, never refused */
    nonet_reader_end(r);
    CHECK(nonet_reader_next(r, &p[0]) && p[0].error.code == NONET_EBINARY);
    CHECK(!nonet_reader_next(r, &p[0]));
    nonet_reader_reset(r);
    nonet_reader_feed(r, classic_line, 81);
    nonet_reader_end(r);
    CHECK(nonet_reader_next(r, &p[0]) && cells_are(&p[0], classic_line, 3, 3));
    nonet_reader_free(r);
    free(p);
}

/* text as UTF-16 (big-endian when be), with a byte-order mark when bom,
 * into out; returns its length. Characters above U+FFFF become
 * surrogate pairs. */
static size_t utf16(const char *text, int be, int bom, unsigned char *out)
{
    size_t n = 0;
    uint32_t units[2];
    if (bom) {
        out[n++] = be ? 0xFE : 0xFF;
        out[n++] = be ? 0xFF : 0xFE;
    }
    for (const unsigned char *s = (const unsigned char *)text; *s;) {
        uint32_t cp = *s++;
        if (cp >= 0xF0) {
            cp = (cp & 7) << 18 | (uint32_t)(s[0] & 0x3F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 |
                 (s[2] & 0x3F);
            s += 3;
        } else if (cp >= 0xE0) {
            cp = (cp & 15) << 12 | (uint32_t)(s[0] & 0x3F) << 6 | (s[1] & 0x3F);
            s += 2;
        } else if (cp >= 0xC0) {
            cp = (cp & 31) << 6 | (s[0] & 0x3F);
            s += 1;
        }
        int k = 1;
        units[0] = cp;
        if (cp >= 0x10000) {
            units[0] = 0xD800 + ((cp - 0x10000) >> 10);
            units[1] = 0xDC00 + ((cp - 0x10000) & 0x3FF);
            k = 2;
        }
        for (int i = 0; i < k; i++) {
            out[n++] = (unsigned char)(be ? units[i] >> 8 : units[i] & 0xFF);
            out[n++] = (unsigned char)(be ? units[i] & 0xFF : units[i] >> 8);
        }
    }
    return n;
}

/* UTF-16 (Windows editors and PowerShell write it) is read as the text
 * it holds, with a byte-order mark or without one; UTF-32 is named. */
static void test_utf16(void)
{
    nonet_puzzle *p = puzzles(4);
    static unsigned char bytes[2400];
    char text[600];
    CHECK(p);
    /* a title with a character beyond U+FFFF, a grid with middle dots
     * (U+00B7, a blank), CRLF, a one-line puzzle without a final newline */
    snprintf(text, sizeof text,
             "Grid \xF0\x9F\x98\x80 one\r\n53\xC2\xB7\xC2\xB7\x37....\r\n6..195...\r\n.98....6.\r\n"
             "8...6...3\r\n4..8.3..1\r\n7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79\r\n%s",
             classic_line);
    for (int form = 0; form < 3; form++) {
        size_t len = utf16(text, form == 1, form < 2, bytes);
        for (size_t piece = 0; piece <= 3; piece += 1 + 2 * (piece > 0)) {
            int got = unit_read_all((const char *)bytes, len, NULL, piece, p, 4);
            CHECKF(got == 2, "form %d, pieces of %zu: %d puzzles (%s)", form, piece, got,
                   p[0].error.message);
            CHECK(cells_are(&p[0], classic_line, 3, 3) && cells_are(&p[1], classic_line, 3, 3));
            CHECKF(strcmp(p[0].name, "Grid \xF0\x9F\x98\x80 one") == 0, "%s", p[0].name);
            CHECKF(p[0].first_line == 2 && p[0].last_line == 10 && p[1].first_line == 11,
                   "%ld %ld %ld", p[0].first_line, p[0].last_line, p[1].first_line);
        }
        size_t used = 0;
        CHECK(nonet_parse((const char *)bytes, len, NULL, &p[0], &used) == NONET_OK);
        CHECK(cells_are(&p[0], classic_line, 3, 3));
        CHECK(nonet_parse((const char *)bytes + used, len - used, NULL, &p[1], NULL) == NONET_OK);
        CHECK(cells_are(&p[1], classic_line, 3, 3));
    }
    /* errors: their columns count the decoded line's bytes */
    size_t len = utf16("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5."
                       "...8.\xC3\xA9"
                       "79\n",
                       0, 1, bytes);
    CHECK(nonet_parse((const char *)bytes, len, NULL, &p[0], NULL) == NONET_EBADCHAR);
    CHECKF(p[0].error.column == 79 && strstr(p[0].error.message, "U+00E9"), "%ld %s",
           p[0].error.column, p[0].error.message);
    /* a lone surrogate is U+FFFD; a NUL character with another is binary */
    len = utf16("Title\n", 0, 1, bytes);
    bytes[len - 2] = 0x00, bytes[len - 1] = 0xD8; /* the line end: a high surrogate alone */
    snprintf(text, sizeof text, "x\n%s\n", classic_line);
    len += utf16(text, 0, 0, bytes + len);
    CHECK(unit_read_all((const char *)bytes, len, NULL, 0, p, 4) == 1);
    CHECKF(strcmp(p[0].name, "Title\xEF\xBF\xBDx") == 0 && cells_are(&p[0], classic_line, 3, 3),
           "%s", p[0].name);
    len = utf16("ab\n", 0, 1, bytes);
    memset(bytes + 2, 0, 4);
    CHECK(nonet_parse((const char *)bytes, len, NULL, &p[0], NULL) == NONET_EBINARY);
    /* UTF-32 is named, not read */
    static const unsigned char u32[] = {0xFF, 0xFE, 0, 0, '5', 0, 0, 0, '\n', 0, 0, 0};
    CHECK(nonet_parse((const char *)u32, sizeof u32, NULL, &p[0], NULL) == NONET_EBINARY);
    CHECKF(strstr(p[0].error.message, "UTF-32") != NULL, "%s", p[0].error.message);
    /* the few bytes that could start UTF-16 or UTF-32, alone, are read as
     * they are: no puzzle, or a failed one */
    static const char *const shorts[] = {"\xFF", "\xFF\xFE", "\xFE", "5", "\n", "\x01\x02"};
    for (size_t i = 0; i < sizeof shorts / sizeof shorts[0]; i++) {
        int rc = nonet_parse(shorts[i], strlen(shorts[i]), NULL, &p[0], NULL);
        CHECKF(rc != NONET_OK && rc != NONET_EBINARY && rc != NONET_ENOMEM, "'%s': %d", shorts[i],
               rc);
    }
    /* a UTF-8 byte-order mark before a CSV table's header */
    snprintf(text, sizeof text, "\xEF\xBB\xBFquizzes,solutions\n%s,x\n", classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 4) == 1);
    const char *name, *value;
    CHECK(cells_are(&p[0], classic_line, 3, 3) && p[0].ncolumns == 1);
    CHECK(nonet_puzzle_column(&p[0], 0, &name, &value) == NONET_OK);
    CHECK(strcmp(name, "solutions") == 0 && strcmp(value, "x") == 0);
    free(p);
}

/* A control character in a puzzle line is named where it is (issue 38,
 * item 4): one in place of a cell is no cell, and its line once failed
 * on its cell count alone ("80 cells; a one-line 9x9 puzzle needs 81").
 * Tab is a separator anywhere; CR, VT and FF at a line's ends are white
 * space, between its characters control characters like the others. */
static void test_control_characters(void)
{
    nonet_puzzle *p = puzzles(3);
    CHECK(p);
    static const unsigned char controls[] = {0x01, 0x08, 0x1B, 0x7F, 0x0B, 0x0C, 0x0D, 0x1F};
    char text[400], want[40];
    for (size_t k = 0; k < sizeof controls; k++) {
        unsigned ch = controls[k];
        snprintf(want, sizeof want, "control character U+%04X", ch);
        for (int inserted = 0; inserted <= 1; inserted++) {
            /* a puzzle, then one with the control character in place of
             * its 17th cell (or before it): the second line, column 17 */
            int len = snprintf(text, sizeof text, "%s\n%.16s%c%s\n", classic_line, classic_line,
                               (char)ch, classic_line + 17 - inserted);
            for (size_t piece = 0; piece <= 5; piece += 5) {
                CHECK(unit_read_all(text, (size_t)len, NULL, piece, p, 3) == 2);
                CHECK(cells_are(&p[0], classic_line, 3, 3));
                CHECKF(p[1].error.code == NONET_EBADCHAR && p[1].error.line == 2 &&
                           p[1].error.column == 17 && strstr(p[1].error.message, want),
                       "0x%02X, inserted %d: %d %ld:%ld %s", ch, inserted, p[1].error.code,
                       p[1].error.line, p[1].error.column, p[1].error.message);
            }
            /* the first line of the input, no puzzle before it */
            CHECK(nonet_parse(text + 82, (size_t)len - 82, NULL, &p[0], NULL) == NONET_EBADCHAR);
            CHECKF(p[0].error.line == 1 && p[0].error.column == 17, "0x%02X: %ld:%ld", ch,
                   p[0].error.line, p[0].error.column);
            /* in a grid's fifth row, in place of its fifth cell or before it */
            len = snprintf(text, sizeof text,
                           "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8%c%s\n7...2...6\n"
                           ".6....28.\n...419..5\n....8..79\n",
                           (char)ch, &".3..1"[1 - inserted]);
            CHECK(unit_read_all(text, (size_t)len, NULL, 0, p, 3) == 1);
            CHECKF(p[0].error.code == NONET_EBADCHAR && p[0].error.line == 5 &&
                       p[0].error.column == 5 && strstr(p[0].error.message, want),
                   "grid, 0x%02X, inserted %d: %ld:%ld %s", ch, inserted, p[0].error.line,
                   p[0].error.column, p[0].error.message);
            /* in a CSV table's puzzle field: column 17 of the field */
            len = snprintf(text, sizeof text, "id,puzzle\nabc,%.16s%c%s\n", classic_line, (char)ch,
                           classic_line + 17 - inserted);
            CHECK(unit_read_all(text, (size_t)len, NULL, 0, p, 3) == 1);
            CHECKF(p[0].error.code == NONET_EBADCHAR && p[0].error.line == 2 &&
                       p[0].error.column == 4 + 17 && strstr(p[0].error.message, want) &&
                       p[0].ncolumns == 1,
                   "CSV, 0x%02X, inserted %d: %ld:%ld %s", ch, inserted, p[0].error.line,
                   p[0].error.column, p[0].error.message);
        }
    }
    /* escape and delete are named as such */
    snprintf(text, sizeof text, "%.40s\x1b%s\n", classic_line, classic_line + 41);
    CHECK(nonet_parse(text, strlen(text), NULL, &p[0], NULL) == NONET_EBADCHAR);
    CHECKF(strcmp(p[0].error.message, "bad character: control character U+001B (escape)") == 0,
           "%s", p[0].error.message);
    /* white space: tabs anywhere, CR, VT and FF before and after */
    snprintf(text, sizeof text, "\f\v %.40s\t%s \t\v\f\r\r\n\f\n", classic_line, classic_line + 40);
    CHECK(unit_read_all(text, strlen(text), NULL, 1, p, 3) == 1);
    CHECK(cells_are(&p[0], classic_line, 3, 3));
    /* a title keeps its words, a control character in it a space */
    snprintf(text, sizeof text, "Puzzle\x01one\f\n%s\n", classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 1);
    CHECKF(cells_are(&p[0], classic_line, 3, 3) && strcmp(p[0].name, "Puzzle one") == 0, "%s",
           p[0].name);
    free(p);
}

/* text with each "\n" written as "\r\n", into out */
static size_t crlf(const char *text, char *out)
{
    size_t n = 0;
    for (; *text; text++) {
        if (*text == '\n')
            out[n++] = '\r';
        out[n++] = *text;
    }
    out[n] = '\0';
    return n;
}

/* The column named of puzzle p, or "" when it has none. */
static const char *column_of(const nonet_puzzle *p, const char *want)
{
    for (int i = 0; i < p->ncolumns; i++) {
        const char *name, *value;
        if (nonet_puzzle_column(p, i, &name, &value) == NONET_OK && strcmp(name, want) == 0)
            return value;
    }
    return "";
}

/* CSV as RFC 4180 writes it: a quoted field may hold line breaks (the
 * lines of its record are one), "" in it is '"', and a quoted puzzle
 * field is read too; a '"' inside an unquoted field is a character. A
 * record keeps its first line as its line, and the lines after it keep
 * their numbers. Whole, byte by byte, in odd pieces, with CRLF. */
static void test_csv_records(void)
{
    nonet_puzzle *p = puzzles(8);
    char *text = malloc(4000), *both = malloc(8000);
    CHECK(p && text && both);
    const char *c = classic_line, *h = handout_cells;
    int len = snprintf(text, 4000,
                       "id,puzzle,rules\n"                          /* line 1 */
                       "1,%s,\"line one\nline two, with comma\"\n"  /* 2-3 */
                       "2,%s,\"a, \"\"b\"\" c\"\n"                  /* 4 */
                       "\"3\",\"%s\",plain\n"                       /* 5 */
                       "4,%s,\"x\n\ny\"\"\n\"\"z\"\"\"\n"           /* 6-9 */
                       "5,%s,5\" screen, \"quoted\"\n"              /* 10 */
                       "6,%s,\"#1\n# not a comment\n[Puzzle]\n\"\n" /* 11-14 */
                       "7,%s,last\n",                               /* 15 */
                       c, h, c, h, c, h, c);
    CHECK(len > 0 && len < 4000);
    static const long first[] = {2, 4, 5, 6, 10, 11, 15}, last[] = {3, 4, 5, 9, 10, 14, 15};
    static const char *const rules[] = {
        "line one\nline two, with comma",  "a, \"b\" c", "plain", "x\n\ny\"\n\"z\"", "5\" screen",
        "#1\n# not a comment\n[Puzzle]\n", "last"};
    static const char *const ids[] = {"1", "2", "3", "4", "5", "6", "7"};
    static const size_t pieces[] = {0, 1, 2, 3, 5, 7, 13, 64, 100};
    for (int form = 0; form < 2; form++) {
        const char *in = text;
        size_t n = (size_t)len;
        if (form == 1) {
            n = crlf(text, both);
            in = both;
        }
        for (size_t k = 0; k < sizeof pieces / sizeof pieces[0]; k++) {
            int got = unit_read_all(in, n, NULL, pieces[k], p, 8);
            CHECKF(got == 7, "form %d, pieces of %zu: %d puzzles", form, pieces[k], got);
            for (int i = 0; i < 7 && i < got; i++) {
                CHECKF(cells_are(&p[i], i % 2 ? h : c, 3, 3), "puzzle %d: %s", i + 1,
                       p[i].error.message);
                CHECKF(p[i].first_line == first[i] && p[i].last_line == last[i],
                       "form %d, pieces of %zu, puzzle %d: lines %ld-%ld", form, pieces[k], i + 1,
                       p[i].first_line, p[i].last_line);
                CHECKF(p[i].ncolumns == 2 && strcmp(column_of(&p[i], "id"), ids[i]) == 0 &&
                           strcmp(column_of(&p[i], "rules"), rules[i]) == 0,
                       "form %d, pieces of %zu, puzzle %d: '%s' '%s'", form, pieces[k], i + 1,
                       column_of(&p[i], "id"), column_of(&p[i], "rules"));
            }
        }
    }
    /* one at a time: each call consumes its record, line breaks and all */
    size_t used = 0;
    CHECK(nonet_parse(text, (size_t)len, NULL, &p[0], &used) == NONET_OK);
    CHECKF(used == strlen("id,puzzle,rules\n1,,\"line one\nline two, with comma\"\n") + 81, "%zu",
           used);

    /* a quoted field before the puzzle's, with line breaks: the puzzle's
     * errors are placed on its own line (3), at its own column */
    len = snprintf(text, 4000, "rules,puzzle\n\"a\nb\",%.16sx%s\n", c, c + 17);
    CHECK(unit_read_all(text, (size_t)len, NULL, 1, p, 8) == 1);
    CHECKF(p[0].error.code == NONET_EBADCHAR && p[0].first_line == 2 && p[0].last_line == 3 &&
               p[0].error.line == 3 && p[0].error.column == (long)strlen("b\",") + 17,
           "%ld-%ld, %ld:%ld %s", p[0].first_line, p[0].last_line, p[0].error.line,
           p[0].error.column, p[0].error.message);
    /* a grid in a quoted puzzle field, its rows on lines of their own */
    len = snprintf(text, 4000,
                   "puzzle,name\n\"53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                   "7...2...6\n.6....28.\n...419..5\n....8..79\",classic\n%s,line\n",
                   c);
    CHECK(unit_read_all(text, (size_t)len, NULL, 3, p, 8) == 2);
    CHECK(cells_are(&p[0], c, 3, 3) && p[0].first_line == 2 && p[0].last_line == 10);
    CHECK(strcmp(column_of(&p[0], "name"), "classic") == 0);
    CHECK(cells_are(&p[1], c, 3, 3) && p[1].first_line == 11);
    /* a symbol out of range on the grid's fifth row: there */
    text[strlen("puzzle,name\n\"53..7....\n6..195...\n.98....6.\n8...6...3\n") + 1] = 'G';
    CHECK(unit_read_all(text, (size_t)len, NULL, 0, p, 8) == 2);
    CHECKF(p[0].error.code != NONET_OK && p[0].error.line == 6 && p[0].error.column == 2,
           "%ld:%ld %s", p[0].error.line, p[0].error.column, p[0].error.message);

    /* one-line 4x4 puzzles held as a grid's rows when the table begins:
     * read first, then the record, its places kept */
    len = snprintf(text, 4000, "1.3..4.1..1.4.3.\npuzzle,rules\n%.16sx%s,\"a\nb\"\n%s,c\n", c,
                   c + 17, c);
    for (size_t piece = 0; piece <= 1; piece++) {
        CHECK(unit_read_all(text, (size_t)len, NULL, piece, p, 8) == 3);
        CHECK(p[0].error.code == NONET_OK && p[0].grid.n == 4 && p[0].first_line == 1);
        CHECKF(p[1].error.code == NONET_EBADCHAR && p[1].first_line == 3 && p[1].last_line == 4 &&
                   p[1].error.line == 3 && p[1].error.column == 17 &&
                   strcmp(column_of(&p[1], "rules"), "a\nb") == 0,
               "%ld-%ld %ld:%ld %s", p[1].first_line, p[1].last_line, p[1].error.line,
               p[1].error.column, p[1].error.message);
        CHECK(cells_are(&p[2], c, 3, 3) && p[2].first_line == 5);
    }
    free(text);
    free(both);
    free(p);
}

/* A quoted field that never closes fails its record once, naming where
 * it opens; so does a record longer than NONET_MAX_LINE bytes, and the
 * records after it are read. */
static void test_csv_unclosed(void)
{
    nonet_puzzle *p = puzzles(4);
    size_t cap = 3 * (size_t)NONET_MAX_LINE;
    char *text = malloc(cap);
    CHECK(p && text);
    const char *c = classic_line;
    int len =
        snprintf(text, cap, "puzzle,rules\n%s,ok\n%s,\"never closed\n%s,x\n%s,y\n", c, c, c, c);
    for (size_t piece = 0; piece <= 1; piece++) {
        CHECK(unit_read_all(text, (size_t)len, NULL, piece, p, 4) == 2);
        CHECK(cells_are(&p[0], c, 3, 3) && p[0].first_line == 2);
        CHECKF(p[1].error.code == NONET_ETRUNCATED && p[1].first_line == 3 && p[1].last_line == 5 &&
                   p[1].error.line == 3 && p[1].error.column == 83 &&
                   strstr(p[1].error.message, "unclosed quote") &&
                   strstr(p[1].error.message, "(line 5)"),
               "%d %ld-%ld %ld:%ld %s", p[1].error.code, p[1].first_line, p[1].last_line,
               p[1].error.line, p[1].error.column, p[1].error.message);
    }
    /* a record of 1,001 lines (70 bytes each but its first and last):
     * longer than NONET_MAX_LINE */
    char *at = text + sprintf(text, "puzzle,rules\n%s,\"", c);
    for (int i = 0; i < 1000; i++)
        at += sprintf(at, "%069d\n", i);
    at += sprintf(at, "\"\n%s,after\n", c);
    for (size_t piece = 0; piece <= 4096; piece += 4096) {
        CHECK(unit_read_all(text, (size_t)(at - text), NULL, piece, p, 4) == 2);
        char want[80];
        snprintf(want, sizeof want, "longer than %d bytes", NONET_MAX_LINE);
        CHECKF(p[0].error.code == NONET_ELINE && p[0].error.line == 2 && p[0].error.column == 83 &&
                   p[0].first_line == 2 && p[0].last_line == 1002 &&
                   strstr(p[0].error.message, want) && strstr(p[0].error.message, "line 1002"),
               "%d %ld:%ld %ld-%ld %s", p[0].error.code, p[0].error.line, p[0].error.column,
               p[0].first_line, p[0].last_line, p[0].error.message);
        CHECK(cells_are(&p[1], c, 3, 3) && p[1].first_line == 1003 &&
              strcmp(column_of(&p[1], "rules"), "after") == 0);
    }
    /* the longest record that fits: NONET_MAX_LINE bytes, its lines and
     * their breaks together */
    at = text + sprintf(text, "puzzle,rules\n");
    char *record = at;
    at += sprintf(at, "%s,\"", c);
    while ((size_t)(at - record) + 70 < (size_t)NONET_MAX_LINE)
        at += sprintf(at, "%069d\n", 7);
    size_t fill = (size_t)NONET_MAX_LINE - (size_t)(at - record) - 1;
    memset(at, 'r', fill);
    at += fill;
    *at++ = '"';
    CHECK(at - record == NONET_MAX_LINE);
    at += sprintf(at, "\n%s,after\n", c);
    CHECK(unit_read_all(text, (size_t)(at - text), NULL, 0, p, 4) == 2);
    CHECKF(cells_are(&p[0], c, 3, 3) && p[0].ncolumns == 1, "%s", p[0].error.message);
    CHECK(strlen(column_of(&p[0], "rules")) == (size_t)NONET_MAX_LINE - 84);
    CHECK(cells_are(&p[1], c, 3, 3));
    /* a reset reader forgets the record it was in */
    nonet_reader *r = nonet_reader_new(NULL);
    CHECK(r);
    snprintf(text, cap, "puzzle,rules\n%s,\"open\nstill open\n", c);
    nonet_reader_feed(r, text, strlen(text));
    nonet_reader_reset(r);
    nonet_reader_feed(r, handout_grid, strlen(handout_grid));
    nonet_reader_end(r);
    CHECK(nonet_reader_next(r, &p[0]) && cells_are(&p[0], handout_cells, 3, 3));
    CHECK(p[0].first_line == 1 && !nonet_reader_next(r, &p[0]));
    nonet_reader_free(r);
    free(text);
    free(p);
}

/* Whether two readings of a puzzle agree: both failed (a line that is
 * no puzzle may be named otherwise after one-line puzzles than alone),
 * or the same cells, marks and name (line numbers restart in a text read
 * on its own). */
static int same_puzzle(const nonet_puzzle *a, const nonet_puzzle *b)
{
    if ((a->error.code == NONET_OK) != (b->error.code == NONET_OK) ||
        (a->error.code == NONET_EBINARY) != (b->error.code == NONET_EBINARY))
        return 0;
    return a->error.code != NONET_OK ||
           (nonet_grid_equal(&a->grid, &b->grid) && a->has_marks == b->has_marks &&
            strcmp(a->name, b->name) == 0);
}

/* nonet_parse never says it consumed more bytes than it was given, and
 * what it consumed ends where the next puzzle's text begins: reading on
 * from there, one puzzle at a time, gives the puzzles of the whole text
 * (issue 39, item 1: "\0\0\0\n" said 8, binary data found among the
 * first bytes, held to decide the encoding, counted twice). Texts of
 * many kinds of puzzle one after another, in UTF-8, with CRLF, in UTF-16
 * with and without a byte-order mark; whole and in pieces. */
static void test_consumed_lines_up(void)
{
    enum { MAXP = 32, FRAGMENTS = 14 };
    nonet_puzzle *p = puzzles(MAXP), *q = puzzles(1);
    char *frag[FRAGMENTS], *text = malloc(1 << 14), *crlfed = malloc(1 << 15);
    unsigned char *bytes = malloc(1 << 16);
    CHECK(p && q && text && crlfed && bytes);
    static nonet_grid g;
    CHECK(grid_from_line(classic_line, 3, 3, &g));
    static const char *const fixed[] = {
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
        "Puzzle one\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8"
        "..79\n",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\tby"
        " tab\n",
        "1..489..673.....4......1295..712.6..5..7.3..8..6.957..9146......2.....378..512..4 # c\n",
        "1.3..4.1..1.4.3.\n",
        "3x2\n123456456123231564564231312645645312\n",
        "123 456\n456 123\n\n231 564\n564 231\n\n312 645\n645 312\n\n",
        "# a comment\n\n",
        "1234567891\n",
        "53..7....\n6..195...\n\n",
        "53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n7   2   6\n 6    28 \n"
        "   419  5\n    8  79\n\n",
    };
    int nfixed = (int)(sizeof fixed / sizeof fixed[0]);
    for (int i = 0; i < FRAGMENTS; i++)
        frag[i] = malloc(1024);
    for (int i = 0; i < FRAGMENTS; i++)
        CHECK(frag[i]);
    for (int i = 0; i < nfixed; i++)
        strcpy(frag[i], fixed[i]);
    CHECK(nonet_format(&g, NONET_LAYOUT_BOXED, 0, frag[nfixed], 1024) > 0);
    strcat(frag[nfixed], "\n");
    CHECK(nonet_format(&g, NONET_LAYOUT_GRID, 0, frag[nfixed + 1], 1024) > 0);
    char *m = frag[nfixed + 2]; /* the pencil-mark line: clues, else 1-9 */
    for (int c = 0; c < 81; c++)
        for (int k = 1; k <= 9; k++)
            *m++ = g.cells[c] == 0 || g.cells[c] == k ? (char)('0' + k) : '.';
    strcpy(m, "\n");
    uint64_t seed = 39;
    for (int round = 0; round < 120; round++) {
        size_t len = 0;
        int count = 1 + round % 6;
        for (int f = 0; f < count; f++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            const char *add = frag[(seed >> 33) % (uint64_t)(nfixed + 3)];
            memcpy(text + len, add, strlen(add) + 1);
            len += strlen(add);
        }
        for (int form = 0; form < 5; form++) {
            const char *in = text;
            size_t n = len;
            if (form == 1) {
                n = crlf(text, crlfed);
                in = crlfed;
            } else if (form == 2 || form == 3) {
                n = utf16(text, form == 3, form == 2, bytes);
                in = (const char *)bytes;
            } else if (form == 4) { /* binary data after the text */
                memcpy(crlfed, text, len);
                memcpy(crlfed + len, "\x1f\x8b\x08\0\0\0\n53..7....\n", 18);
                n = len + 18;
                in = crlfed;
            }
            int k = unit_read_all(in, n, NULL, 0, p, MAXP);
            CHECKF(k >= 0 && k <= MAXP, "round %d, form %d: %d puzzles", round, form, k);
            for (size_t piece = 1; piece <= 7; piece += 6) {
                static nonet_puzzle again[MAXP];
                CHECK(unit_read_all(in, n, NULL, piece, again, MAXP) == k);
                for (int i = 0; i < k; i++)
                    CHECKF(same_puzzle(&again[i], &p[i]), "round %d, form %d, piece %zu: %d", round,
                           form, piece, i + 1);
            }
            size_t pos = 0;
            for (int i = 0; i < k; i++) {
                size_t used = n + 1;
                int rc = nonet_parse(in + pos, n - pos, NULL, q, &used);
                CHECKF(rc == q->error.code && used > 0 && used <= n - pos && same_puzzle(q, &p[i]),
                       "round %d, form %d, puzzle %d of %d: %d (%s), consumed %zu of %zu\n%s",
                       round, form, i + 1, k, rc, q->error.message, used, n - pos, text);
                pos += used;
            }
            if (form == 4) /* nothing after the binary data is read */
                CHECK(pos == n && p[k - 1].error.code == NONET_EBINARY);
            else if (pos < n && (form < 2 || n - pos >= 4)) /* (UTF-16 needs two
                                                              characters to tell) */
                CHECKF(nonet_parse(in + pos, n - pos, NULL, q, NULL) == NONET_EEMPTY,
                       "round %d, form %d: more after %d puzzles", round, form, k);
        }
    }
    /* every text of up to 4 bytes of these: never more than it was given */
    static const unsigned char alphabet[] = {0, '\n', '5', '.', 0xFF, 0xFE, ' ', '\r'};
    unsigned char tiny[4];
    for (size_t len = 1; len <= 4; len++) {
        size_t total = 1;
        for (size_t i = 0; i < len; i++)
            total *= sizeof alphabet;
        for (size_t code = 0; code < total; code++) {
            size_t rest = code, used = 99;
            for (size_t i = 0; i < len; i++, rest /= sizeof alphabet)
                tiny[i] = alphabet[rest % sizeof alphabet];
            nonet_parse((const char *)tiny, len, NULL, q, &used);
            CHECKF(used <= len, "%02X %02X %02X %02X (%zu bytes): consumed %zu", tiny[0],
                   len > 1 ? tiny[1] : 0, len > 2 ? tiny[2] : 0, len > 3 ? tiny[3] : 0, len, used);
        }
    }
    size_t used = 0;
    CHECK(nonet_parse("\0\0\0\n", 4, NULL, q, &used) == NONET_EBINARY && used == 4);
    /* a CSV record of many lines in UTF-16: its bytes, mark included */
    snprintf(text, 1 << 14, "id,puzzle,rules\n1,%s,\"line one\nline two\"\n2,%s,x\n", classic_line,
             handout_cells);
    size_t n = utf16(text, 0, 1, bytes);
    CHECK(nonet_parse((const char *)bytes, n, NULL, q, &used) == NONET_OK);
    CHECKF(used == 2 + 2 * (strlen("id,puzzle,rules\n1,,\"line one\nline two\"\n") + 81), "%zu",
           used);
    for (int i = 0; i < FRAGMENTS; i++)
        free(frag[i]);
    free(p);
    free(q);
    free(text);
    free(crlfed);
    free(bytes);
}

/* A line of 64 (729) cells is a one-line 8x8 (27x27) puzzle or the
 * pencil-mark form of side 4 (9) (issue 39, item 2: "1......." eight
 * times read as a 4x4 position, even after a size line "1x8"). A size
 * line (or --size) says which; without one, the cells are marks only when
 * every cell has one (as a puzzle they break its rules), else the puzzle
 * (as marks, a cell without any has no digit left). What the writer
 * writes with its size line reads back as what it wrote. */
static void test_pencil_or_one_line(void)
{
    static nonet_puzzle p;
    static nonet_grid g;
    char *line = malloc(800), *text = malloc(2000);
    CHECK(line && text);
    for (int r = 0; r < 8; r++)
        memcpy(line + 8 * r, "1.......", 8);
    line[64] = '\0';
    snprintf(text, 2000, "1x8\n%s\n", line);
    CHECK(parse1(text, NULL, &p) == NONET_OK);
    CHECKF(p.grid.n == 8 && p.grid.box_rows == 1 && p.grid.box_cols == 8 && !p.has_marks &&
               p.layout == NONET_LAYOUT_LINE,
           "%dx%d, marks %d", p.grid.box_rows, p.grid.box_cols, p.has_marks);
    CHECK(cells_are(&p, line, 1, 8));
    /* no size line: half its groups of 4 are empty, so no marks */
    CHECK(parse1(line, NULL, &p) == NONET_OK && p.grid.n == 8 && !p.has_marks);
    CHECK(p.grid.box_rows == 2 && p.grid.box_cols == 4 && cells_are(&p, line, 2, 4));
    /* a mark in every cell: a position in marks, but a puzzle after "2x4" */
    for (int c = 0; c < 16; c++)
        memcpy(line + 4 * c, c % 3 ? "1234" : ".2.4", 4);
    CHECK(parse1(line, NULL, &p) == NONET_OK && p.grid.n == 4 && p.has_marks);
    CHECK(p.marks.cands[0] == 0xA && p.marks.cands[1] == 0xF);
    nonet_read_opts o24 = {NONET_LAYOUT_AUTO, 2, 4, NULL, NULL},
                    o22 = {NONET_LAYOUT_AUTO, 2, 2, NULL, NULL};
    for (int sized = 0; sized <= 1; sized++) {
        snprintf(text, 2000, "%s%s\n", sized ? "2x4\n" : "", line);
        CHECK(parse1(text, sized ? NULL : &o24, &p) == NONET_OK);
        CHECK(p.grid.n == 8 && !p.has_marks && cells_are(&p, line, 2, 4));
        snprintf(text, 2000, "%s%s\n", sized ? "2x2\n" : "", line);
        CHECK(parse1(text, sized ? NULL : &o22, &p) == NONET_OK && p.grid.n == 4 && p.has_marks);
    }
    /* 729 cells: a 27x27 puzzle with one clue, or 9x9 marks */
    memset(line, '.', 729);
    line[0] = '1';
    line[729] = '\0';
    CHECK(parse1(line, NULL, &p) == NONET_OK && p.grid.n == 27 && !p.has_marks);
    CHECK(p.grid.cells[0] == 1 && p.grid.box_rows == 3 && p.grid.box_cols == 9);
    for (int c = 0; c < 81; c++)
        memcpy(line + 9 * c, "123456789", 9);
    CHECK(parse1(line, NULL, &p) == NONET_OK && p.grid.n == 9 && p.has_marks);
    snprintf(text, 2000, "3x9\n%s\n", line);
    CHECK(parse1(text, NULL, &p) == NONET_OK && p.grid.n == 27 && !p.has_marks);
    /* the writer: a size line before a line that would read as marks */
    static const int sides[][2] = {{2, 4}, {3, 9}};
    for (int k = 0; k < 2; k++) {
        int br = sides[k][0], bc = sides[k][1], n = br * bc, m = n == 8 ? 4 : 9;
        nonet_format_opts fo = {0, NULL, NULL, 1};
        for (int sparse = 0; sparse <= 1; sparse++) {
            nonet_grid_init(&g, br, bc);
            for (int c = 0; c < n * n; c++)
                g.cells[c] = (uint8_t)(sparse && c % (2 * m) >= m ? 0 : c % m + 1);
            long len = nonet_format_with(&g, NONET_LAYOUT_LINE, &fo, text, 2000);
            CHECK(len > 0);
            CHECKF(sparse ? text[0] == '1' : strncmp(text, n == 8 ? "2x4\n" : "3x9\n", 4) == 0,
                   "%dx%d, sparse %d: %.20s", n, n, sparse, text);
            CHECK(nonet_parse(text, (size_t)len, NULL, &p, NULL) == NONET_OK);
            CHECKF(nonet_grid_equal(&p.grid, &g) && !p.has_marks, "%dx%d, sparse %d: %dx%d", n, n,
                   sparse, p.grid.n, p.grid.n);
        }
    }
    free(line);
    free(text);
}

/* A size line before a one-line puzzle with its name after it (a tab, a
 * space, "# ", ';') or before it ("Puzzle 1: ") keeps the name and the
 * shape, as a one-line puzzle without a size line keeps its name (issue
 * 39, item 3: after a tab the name was lost, after a space the line
 * failed). So do one-line 4x4 puzzles named with "# " (held as a 16x16
 * grid's rows until their block ends, then read again). */
static void test_sized_names(void)
{
    nonet_puzzle *p = puzzles(4);
    char text[400];
    CHECK(p);
    const char *six = "123456456123231564564231312645645312";
    static const char *const seps[] = {"\t", " ", " # ", ";", "  \t "};
    for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
        snprintf(text, sizeof text, "3x2\n%s%smy name\n", six, seps[i]);
        for (size_t piece = 0; piece <= 1; piece++) {
            CHECK(unit_read_all(text, strlen(text), NULL, piece, p, 4) == 1);
            CHECKF(cells_are(&p[0], six, 3, 2) && p[0].grid.box_rows == 3 &&
                       strcmp(p[0].name, "my name") == 0 && p[0].first_line == 2,
                   "'%s': %s (%s), %dx%d", seps[i], p[0].name, p[0].error.message,
                   p[0].grid.box_rows, p[0].grid.box_cols);
        }
    }
    snprintf(text, sizeof text, "3x2\nPuzzle 1: %s\n", six);
    CHECK(parse1(text, NULL, &p[0]) == NONET_OK && p[0].grid.box_rows == 3);
    CHECKF(strcmp(p[0].name, "Puzzle 1") == 0, "%s", p[0].name);
    snprintf(text, sizeof text, "3x3\n%s hard one\n", classic_line);
    CHECK(parse1(text, NULL, &p[0]) == NONET_OK && cells_are(&p[0], classic_line, 3, 3));
    CHECK(strcmp(p[0].name, "hard one") == 0);
    /* 4x4 lines named, as a block and after a 9x9 line */
    snprintf(text, sizeof text, "1.3..4.1..1.4.3. # first\n1.3..4.1..1.4.3. # second\n%s # third\n",
             handout_cells);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 4) == 3);
    CHECK(p[0].grid.n == 4 && strcmp(p[0].name, "first") == 0);
    CHECK(p[1].grid.n == 4 && strcmp(p[1].name, "second") == 0);
    CHECKF(cells_are(&p[2], handout_cells, 3, 3) && strcmp(p[2].name, "third") == 0, "%s",
           p[2].name);
    free(p);
}

/* 'X' is a blank only beside symbols (issue 39, item 4: a lone "x" line
 * read as a 1x1 puzzle): alone it is a letter, as 'a' is: a title before a
 * puzzle, else no puzzle, named where it is. "1" and "." alone are 1x1
 * puzzles (README: a tiny grid is read only when it stands alone). */
static void test_lone_x(void)
{
    nonet_puzzle *p = puzzles(3);
    char text[400];
    CHECK(p);
    CHECK(parse1("x\n", NULL, &p[0]) == NONET_ECELLS && p[0].error.column == 1);
    CHECKF(strstr(p[0].error.message, "'x'") != NULL, "%s", p[0].error.message);
    CHECK(parse1("  X", NULL, &p[0]) == NONET_ECELLS && p[0].error.column == 3);
    CHECK(parse1("xxx\n", NULL, &p[0]) == NONET_ECELLS);
    snprintf(text, sizeof text, "x\n%s\n", classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 1);
    CHECK(cells_are(&p[0], classic_line, 3, 3) && strcmp(p[0].name, "x") == 0);
    /* a one-cell line is a whole grid: never the row of one after it */
    for (int k = 0; k < 3; k++) {
        snprintf(text, sizeof text, "%s\n%s\n", k == 0 ? "a" : "x", k == 2 ? "." : "1");
        CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 1);
        CHECKF(p[0].error.code == NONET_OK && p[0].grid.n == 1 &&
                   p[0].grid.cells[0] == (k == 2 ? 0 : 1) && strcmp(p[0].name, k ? "x" : "a") == 0,
               "%d: %s", k, p[0].error.message);
    }
    CHECK(parse1("1\n", NULL, &p[0]) == NONET_OK && p[0].grid.n == 1 && p[0].grid.cells[0] == 1);
    CHECK(parse1(".\n", NULL, &p[0]) == NONET_OK && p[0].grid.n == 1 && p[0].grid.cells[0] == 0);
    /* a puzzle of X's alone: a letter out of range, also in a CSV field */
    memset(text, 'x', 81);
    text[81] = '\0';
    CHECK(parse1(text, NULL, &p[0]) == NONET_EBADCHAR && p[0].error.column == 1);
    snprintf(text, sizeof text, "id,puzzle\n1,%s\n2,x\n3,.\n", classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 3);
    CHECKF(p[1].error.code == NONET_EBADCHAR && p[1].error.line == 3 && p[1].error.column == 3,
           "%ld:%ld %s", p[1].error.line, p[1].error.column, p[1].error.message);
    CHECK(p[2].error.code == NONET_OK && p[2].grid.n == 1);
    /* beside symbols it is a blank */
    CHECK(parse1("xx53xxxxx\n6xx195xxx\nx98xxxx6x\n8xxx6xxx3\n4xx8x3xx1\n7xxx2xxx6\n"
                 "x6xxxx28x\nxxx419xx5\nxxxx8xx79\n",
                 NULL, &p[0]) == NONET_OK);
    CHECK(p[0].blank == 'X' && p[0].grid.cells[0] == 0 && p[0].grid.cells[2] == 5);
    free(p);
}

/* After one-line puzzles, a grid of another side is read in every layout
 * (a boxed or spaced 9x9 grid after a one-line 4x4 puzzle once failed row
 * by row, "9 cells; a one-line 4x4 puzzle needs 16", where a plain one
 * was read); a lone row of another length is still a broken one-line
 * puzzle. */
static void test_grid_after_one_lines(void)
{
    nonet_puzzle *p = puzzles(3);
    static nonet_grid g;
    char text[1200];
    CHECK(p && grid_from_line(classic_line, 3, 3, &g));
    static const nonet_layout layouts[] = {NONET_LAYOUT_BOXED, NONET_LAYOUT_SPACED,
                                           NONET_LAYOUT_GRID, NONET_LAYOUT_KNUTH};
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        int len = snprintf(text, sizeof text, "1.3..4.1..1.4.3.\n");
        CHECK(nonet_format(&g, layouts[l], 0, text + len, sizeof text - (size_t)len) > 0);
        CHECKF(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 2, "%s",
               nonet_layout_name(layouts[l]));
        CHECKF(p[0].grid.n == 4 && cells_are(&p[1], classic_line, 3, 3), "%s: %s",
               nonet_layout_name(layouts[l]), p[1].error.message);
    }
    snprintf(text, sizeof text, "%s\n1 2 3 4 5 6 7 8 9 1\n%s\n", classic_line, classic_line);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 3) == 3);
    CHECKF(p[1].error.code == NONET_ECELLS && strstr(p[1].error.message, "one-line 9x9"), "%s",
           p[1].error.message);
    free(p);
}

/* ------------------------------------------------------------ plain lines */

enum { PLAIN_MAX = 400 };

/* Whether two puzzles are the same to a reader of them. */
static int identical(const nonet_puzzle *a, const nonet_puzzle *b)
{
    int n = a->grid.n;
    if (a->index != b->index || a->first_line != b->first_line || a->last_line != b->last_line ||
        a->error.code != b->error.code || a->error.line != b->error.line ||
        a->error.column != b->error.column || strcmp(a->error.message, b->error.message) ||
        strcmp(a->name, b->name) || a->ncolumns != b->ncolumns || a->has_marks != b->has_marks)
        return 0;
    if (a->error.code != NONET_OK)
        return 1;
    if (a->layout != b->layout || a->blank != b->blank || strcmp(a->symbols, b->symbols) ||
        !nonet_grid_equal(&a->grid, &b->grid))
        return 0;
    for (int i = 0; i < n; i++)
        if (a->row_line[i] != b->row_line[i])
            return 0;
    return 1;
}

/* Takes r's ready puzzles into out[*n...]. */
static void take_ready(nonet_reader *r, nonet_puzzle *out, int *n)
{
    while (*n < PLAIN_MAX && nonet_reader_next(r, &out[*n]))
        ++*n;
}

/* The puzzles of text as one reader reads it, fed `piece` bytes at a time. */
static int read_whole(const char *text, size_t len, size_t piece, nonet_puzzle *out)
{
    nonet_reader *r = nonet_reader_new(NULL);
    int n = 0;
    for (size_t at = 0; r && at < len;) {
        size_t give = len - at < piece ? len - at : piece;
        at += nonet_reader_feed(r, text + at, give);
        take_ready(r, out, &n);
    }
    nonet_reader_end(r);
    take_ready(r, out, &n);
    nonet_reader_free(r);
    return n;
}

/* The same text read as a batch does it: spans of plain lines (at most
 * max_puzzles puzzles each) read line by line with nonet_plain_line, the
 * other lines fed to a reader one at a time, which hands back when it is
 * plain again. *fed counts the lines the reader got. */
static int read_plain(const char *text, size_t len, long max_puzzles, nonet_puzzle *out, int *fed)
{
    nonet_reader *r = nonet_reader_new(NULL);
    nonet_plain_span since = {0, 0, 0, 0}; /* plain lines the reader has not been told of */
    size_t at = 0;
    long line = 1, count = 0;
    int n = 0, plain = 1, first = 1;
    *fed = 0;
    while (r && n < PLAIN_MAX) {
        if (plain) {
            nonet_plain_span sp;
            nonet_plain_scan(text + at, len - at, NONET_PLAIN_END | (first ? NONET_PLAIN_FIRST : 0),
                             max_puzzles, &sp);
            first = first && sp.bytes == 0 && sp.stop != NONET_PLAIN_OTHER;
            for (size_t i = at; i < at + sp.bytes && n < PLAIN_MAX;) {
                const char *nl = memchr(text + i, '\n', at + sp.bytes - i);
                size_t l = nl ? (size_t)(nl - (text + i)) : at + sp.bytes - i;
                int kind = nonet_plain_line(text + i, l, line++, &out[n]);
                if (kind < 0)
                    return -1; /* the scan said it was plain */
                if (kind == 1)
                    out[n++].index = ++count;
                i += l + (nl != NULL);
            }
            at += sp.bytes;
            since.bytes += sp.bytes;
            since.lines += sp.lines;
            since.puzzles += sp.puzzles;
            if (sp.stop == NONET_PLAIN_DONE)
                break;
            if (sp.stop == NONET_PLAIN_OTHER) {
                if (nonet_reader_skip(r, &since) != NONET_OK)
                    return -2;
                since = (nonet_plain_span){0, 0, 0, 0};
                plain = first = 0;
            }
            continue;
        }
        /* one line to the reader */
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        while (at < end) {
            at += nonet_reader_feed(r, text + at, end - at);
            take_ready(r, out, &n);
        }
        ++*fed;
        line++;
        count = n ? out[n - 1].index : 0;
        if (at == len)
            break;
        plain = nonet_reader_is_plain(r);
    }
    nonet_reader_end(r);
    take_ready(r, out, &n);
    nonet_reader_free(r);
    return n;
}

static void test_plain_lines(void)
{
    /* plain lines */
    char zeros[82], full[82], other0[82], spaced[90], bad[82];
    strcpy(zeros, classic_line);
    for (char *c = zeros; *c; c++)
        *c = *c == '.' ? '0' : *c;
    strcpy(full,
           "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    strcpy(other0, classic_line); /* 0 and no 9: 0-8 might be its symbols */
    for (char *c = other0; *c; c++)
        *c = *c == '.' ? '0' : *c == '9' ? '.' : *c;
    snprintf(spaced, sizeof spaced, " \t%s  ", classic_line);
    strcpy(bad, classic_line);
    bad[40] = 'x';
    char shorter[81], longer[83], forum[100];
    memcpy(shorter, classic_line, 80);
    shorter[80] = '\0';
    snprintf(longer, sizeof longer, "%s5", classic_line);
    snprintf(forum, sizeof forum, "%s;forum name", classic_line);
    const char *const plain[] = {classic_line, zeros,         full,           spaced, "",
                                 "   ",        "# a comment", "  // another", "\v\f"};
    const char *const others[] = {bad,
                                  shorter,
                                  longer,
                                  forum,
                                  other0,
                                  "The next one's title",
                                  "53..7....",
                                  "6..195...",
                                  ".98....6.",
                                  "3x3",
                                  "1234123412341234",
                                  "+-------+-------+-------+",
                                  "puzzle,rating",
                                  "[Puzzle]",
                                  "[State]",
                                  "[",
                                  "1,2,3",
                                  "]",
                                  "5 3 . . 7 . . . .",
                                  "<puzzle>",
                                  "x"};
    for (int i = 0; i < 4; i++) {
        nonet_puzzle p;
        CHECK(nonet_plain_line(plain[i], strlen(plain[i]), 7, &p) == 1);
        CHECK(p.grid.n == 9 && p.row_line[8] == 7 && p.first_line == 7 && p.index == 0);
    }
    for (int i = 4; i < 9; i++)
        CHECK(nonet_plain_line(plain[i], strlen(plain[i]), 1, NULL) == -1);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        static nonet_puzzle p;
        CHECKF(nonet_plain_line(others[i], strlen(others[i]), 1, &p) == -1, "%s", others[i]);
    }
    CHECK(nonet_plain_line("#\0", 2, 1, &(nonet_puzzle){0}) == -1); /* a NUL: maybe binary */

    /* every cell of a line, on its own, changed to characters near and far
     * from the symbols: plain exactly when a plain rule of its own (1-9,
     * one blank kind, a 0 beside a 9) says so, and then read as the reader
     * reads it */
    static const unsigned char swaps[] = {'.', '0', '9',  '1',  '5',  'x',  '/',  ':',
                                          '-', ' ', '\0', 0x7F, 0x80, 0xAE, 0xB0, 0xFF};
    for (int variant = 0; variant < 3; variant++) {
        char base[82];
        strcpy(base, variant == 0 ? classic_line : variant == 1 ? zeros : full);
        for (int at = 0; at < 81; at++)
            for (size_t k = 0; k < sizeof swaps; k++) {
                char line[82];
                memcpy(line, base, sizeof line);
                line[at] = (char)swaps[k];
                int wrong = 0, dot = 0, zero = 0, nine = 0;
                for (int i = 0; i < 81; i++) {
                    unsigned char ch = (unsigned char)line[i];
                    wrong |= !(ch >= '1' && ch <= '9') && ch != '.' && ch != '0';
                    dot |= ch == '.';
                    zero |= ch == '0';
                    nine |= ch == '9';
                }
                int want = !wrong && !(dot && zero) && !(zero && !nine);
                static nonet_puzzle p, q;
                int got = nonet_plain_line(line, 81, 1, &p);
                CHECKF(got == (want ? 1 : -1), "cell %d as 0x%02x: %d", at + 1, swaps[k], got);
                if (!want)
                    continue;
                p.index = 1;
                CHECK(nonet_parse(line, 81, NULL, &q, NULL) == NONET_OK);
                CHECKF(identical(&p, &q), "cell %d as 0x%02x: not the reader's", at + 1, swaps[k]);
            }
    }

    /* random inputs of plain and other lines: the same puzzles either way */
    nonet_puzzle *want = puzzles(PLAIN_MAX), *got = puzzles(PLAIN_MAX);
    char *text = malloc(64 * 1024);
    CHECK(want && got && text);
    uint64_t seed = 43;
    int fed_total = 0, plain_total = 0;
    for (int round = 0; round < 400; round++) {
        size_t len = 0;
        int lines = 1 + (int)(seed % 40), ratio = (int)(seed % 7);
        if (round % 50 == 7) { /* starts as UTF-16 would, or with a byte-order mark */
            static const char *const heads[] = {"\n\0", "\xEF\xBB\xBF", "\xFF\xFE"};
            const char *h = heads[round / 50 % 3];
            size_t hl = h[0] == '\n' ? 2 : strlen(h);
            memcpy(text, h, hl);
            len = hl;
        }
        for (int l = 0; l < lines; l++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            unsigned pick = (unsigned)(seed >> 33);
            const char *t = (int)(pick % 10) < ratio
                                ? others[pick / 10 % (sizeof others / sizeof others[0])]
                                : plain[pick / 10 % (sizeof plain / sizeof plain[0])];
            size_t tl = strlen(t);
            memcpy(text + len, t, tl);
            len += tl;
            if (pick >> 20 & 1)
                text[len++] = '\r';
            if (l + 1 < lines || pick >> 21 & 1)
                text[len++] = '\n';
        }
        int n = read_whole(text, len, 1 + (size_t)(seed >> 40) % 300, want), fed = 0;
        long max = 1 + (long)(seed >> 50) % 5;
        int m = read_plain(text, len, max, got, &fed);
        CHECKF(m == n, "round %d: %d puzzles read as plain lines, %d by the reader", round, m, n);
        for (int i = 0; i < n; i++)
            CHECKF(identical(&want[i], &got[i]),
                   "round %d: puzzle %d differs (line %ld/%ld, index %ld/%ld, '%s'/'%s')", round,
                   i + 1, want[i].first_line, got[i].first_line, want[i].index, got[i].index,
                   want[i].error.message, got[i].error.message);
        fed_total += fed;
        plain_total += lines - fed;
    }
    /* both ways were taken */
    CHECKF(fed_total > 1000 && plain_total > 1000, "%d lines fed, %d plain", fed_total,
           plain_total);

    /* a reader that is not plain refuses to skip */
    nonet_reader *r = nonet_reader_new(NULL);
    CHECK(r && nonet_reader_is_plain(r));
    nonet_reader_feed(r, "Title\n", 6);
    CHECK(!nonet_reader_is_plain(r));
    nonet_plain_span sp = {82, 1, 1, NONET_PLAIN_OTHER};
    CHECK(nonet_reader_skip(r, &sp) == NONET_EARG);
    nonet_reader_free(r);
    nonet_read_opts forced = {NONET_LAYOUT_AUTO, 3, 3, NULL, NULL};
    r = nonet_reader_new(&forced);
    CHECK(r && !nonet_reader_is_plain(r));
    nonet_reader_free(r);
    /* scans: more text wanted, the most puzzles, an overlong line */
    nonet_plain_scan("53", 2, NONET_PLAIN_FIRST, 10, &sp);
    CHECK(sp.stop == NONET_PLAIN_MORE && sp.bytes == 0);
    char two[200];
    snprintf(two, sizeof two, "%s\n# x\n%s", classic_line, classic_line);
    nonet_plain_scan(two, strlen(two), 0, 10, &sp);
    CHECK(sp.stop == NONET_PLAIN_MORE && sp.bytes == 86 && sp.lines == 2 && sp.puzzles == 1);
    nonet_plain_scan(two, strlen(two), NONET_PLAIN_END, 10, &sp);
    CHECK(sp.stop == NONET_PLAIN_DONE && sp.bytes == strlen(two) && sp.puzzles == 2);
    nonet_plain_scan(two, strlen(two), NONET_PLAIN_END, 1, &sp);
    CHECK(sp.stop == NONET_PLAIN_MAX && sp.bytes == 82 && sp.lines == 1);
    char *huge = malloc(NONET_MAX_LINE + 10);
    CHECK(huge);
    memset(huge, ' ', NONET_MAX_LINE + 10);
    huge[0] = '#';
    nonet_plain_scan(huge, NONET_MAX_LINE + 10, 0, 10, &sp);
    CHECK(sp.stop == NONET_PLAIN_OTHER && sp.bytes == 0);
    huge[NONET_MAX_LINE] = '\n'; /* a comment of the longest line */
    nonet_plain_scan(huge, NONET_MAX_LINE + 10, 0, 10, &sp);
    CHECK(sp.stop == NONET_PLAIN_MORE && sp.bytes == NONET_MAX_LINE + 1 && sp.lines == 1);
    free(huge);
    free(want);
    free(got);
    free(text);
}

void suite_read(void)
{
    RUN(test_plain_lines);
    RUN(test_reset);
    RUN(test_replay_ends);
    RUN(test_line_layouts);
    RUN(test_grid_layouts);
    RUN(test_line_ends_and_comments);
    RUN(test_batches);
    RUN(test_shape_lines);
    RUN(test_batch_errors);
    RUN(test_grid_errors);
    RUN(test_empty_inputs);
    RUN(test_consumed);
    RUN(test_overlong_line);
    RUN(test_sizes);
    RUN(test_round_trips);
    RUN(test_long_columns);
    RUN(test_binary);
    RUN(test_utf16);
    RUN(test_control_characters);
    RUN(test_csv_records);
    RUN(test_csv_unclosed);
    RUN(test_consumed_lines_up);
    RUN(test_pencil_or_one_line);
    RUN(test_sized_names);
    RUN(test_lone_x);
    RUN(test_grid_after_one_lines);
}
