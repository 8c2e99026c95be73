/* test_paste.c - the reader on text as people paste it: titles, forum
 * lines, .sdk files, spaces as blanks, 0-F and A-P symbols, blocks of
 * 16-cell lines, pencil marks, and the messages for what is no puzzle.
 * Real files under tests/data; each is also fed byte by byte, which must
 * give the same puzzles as feeding it whole. */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DATA "tests/data/"

enum { MAX_PUZZLES = 64 };

/* The digit of a one-candidate set. */
static int lowest(uint64_t set)
{
    return __builtin_ctzll(set) + 1;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
            }
            buf = bigger;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static int same_puzzle(const nonet_puzzle *a, const nonet_puzzle *b)
{
    if (a->error.code != b->error.code || a->index != b->index || a->first_line != b->first_line ||
        a->last_line != b->last_line || strcmp(a->name, b->name) != 0 ||
        a->error.line != b->error.line || a->error.column != b->error.column ||
        strcmp(a->error.message, b->error.message) != 0)
        return 0;
    if (a->error.code != NONET_OK)
        return 1;
    if (!nonet_grid_equal(&a->grid, &b->grid) || a->layout != b->layout ||
        strcmp(a->symbols, b->symbols) != 0 || a->has_marks != b->has_marks)
        return 0;
    int cells = a->grid.n * a->grid.n;
    return !a->has_marks || memcmp(a->marks.cands, b->marks.cands, sizeof(uint64_t) * cells) == 0;
}

/* Reads a data file whole, then byte by byte and in pieces of 7: the
 * three must agree. Returns the count (-1 if the file is missing or the
 * readings differ). */
static int read_file(const char *name, const nonet_read_opts *opts, nonet_puzzle *out)
{
    char path[256];
    snprintf(path, sizeof path, DATA "%s", name);
    size_t len = 0;
    char *text = slurp(path, &len);
    if (!text)
        return -1;
    nonet_puzzle *again = calloc(MAX_PUZZLES, sizeof *again);
    int got = unit_read_all(text, len, opts, 0, out, MAX_PUZZLES);
    for (size_t piece = 1; again && piece <= 7 && got >= 0; piece += 6) {
        int n = unit_read_all(text, len, opts, piece, again, MAX_PUZZLES);
        for (int i = 0; n == got && i < got && i < MAX_PUZZLES; i++)
            if (!same_puzzle(&out[i], &again[i]))
                n = -2;
        if (n != got) {
            fprintf(stderr, "%s: %d puzzles whole, %d in pieces of %zu\n", name, got, n, piece);
            got = -1;
        }
    }
    free(again);
    free(text);
    return got;
}

/* The one-line puzzles of a file, one a line (no library involved). */
static int read_lines(const char *name, char lines[][260], int max)
{
    char path[256];
    snprintf(path, sizeof path, DATA "%s", name);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int n = 0;
    while (n < max && fgets(lines[n], 260, f)) {
        lines[n][strcspn(lines[n], "\r\n")] = '\0';
        n++;
    }
    fclose(f);
    return n;
}

/* Whether p is the one-line puzzle line (1-9A-Z digits, others blank). */
static int is_line(const nonet_puzzle *p, const char *line, int br, int bc)
{
    nonet_grid g;
    return p->error.code == NONET_OK && grid_from_line(line, br, bc, &g) &&
           nonet_grid_equal(&p->grid, &g);
}

static void test_euler96(void)
{
    nonet_puzzle *p = calloc(MAX_PUZZLES, sizeof *p);
    static char lines[MAX_PUZZLES][260];
    CHECK(p);
    CHECK(read_file("euler96.txt", NULL, p) == 50);
    CHECK(read_lines("euler96.lines", lines, MAX_PUZZLES) == 50);
    for (int i = 0; i < 50; i++) {
        char name[16];
        snprintf(name, sizeof name, "Grid %02d", i + 1);
        CHECKF(is_line(&p[i], lines[i], 3, 3), "grid %d: %s", i + 1, p[i].error.message);
        CHECKF(strcmp(p[i].name, name) == 0, "grid %d named '%s'", i + 1, p[i].name);
        CHECK(p[i].first_line == 10 * i + 2 && p[i].blank == '0');
    }
    free(p);
}

static void test_sdk(void)
{
    static nonet_puzzle p[4];
    CHECK(read_file("sadman.sdk", NULL, p) == 1);
    CHECK(is_line(
        &p[0], "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1",
        3, 3));
    CHECK(p[0].first_line == 9 && p[0].name[0] == '\0');
    /* two .sdk files one after the other: the second's metadata ends the
     * first's [State] section */
    size_t len = 0;
    char *one = slurp(DATA "sadman.sdk", &len);
    CHECK(one);
    char *two = malloc(2 * len);
    if (two) {
        memcpy(two, one, len);
        memcpy(two + len, one, len);
    }
    free(one);
    CHECK(two);
    int got = unit_read_all(two, 2 * len, NULL, 5, p, 4);
    free(two);
    CHECK(got == 2 && nonet_grid_equal(&p[0].grid, &p[1].grid));
}

static void test_spaces(void)
{
    static nonet_puzzle p[8];
    static char lines[8][260];
    CHECK(read_file("spaces.txt", NULL, p) == 3);
    CHECK(read_lines("spaces.lines", lines, 8) == 3);
    for (int i = 0; i < 3; i++)
        CHECKF(is_line(&p[i], lines[i], 3, 3), "grid %d: %s", i + 1, p[i].error.message);
    CHECK(p[0].layout == NONET_LAYOUT_BOXED && p[0].grid.box_rows == 3);
    /* a space-blank grid must not swallow a dotted one after it */
    const char *text =
        "53  7\n6  195\n 98    6\n8   6   3\n4  8 3  1\n7   2   6\n 6    28\n"
        "   419  5\n    8  79\n"
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 8) == 2);
    CHECK(p[0].error.code == NONET_OK && nonet_grid_equal(&p[0].grid, &p[1].grid));
    /* blanks written with a symbol in some rows and spaces in others: an
     * error, never a guess */
    const char *mixed = "53  7....\n6  195...\n";
    CHECK(unit_read_all(mixed, strlen(mixed), NULL, 0, p, 8) >= 1 && p[0].error.code != NONET_OK);
}

static void test_symbols(void)
{
    static nonet_puzzle p[8];
    static char lines[8][260];
    CHECK(read_file("hex16.txt", NULL, p) == 4);
    static const char *const want[] = {"0123456789ABCDEF", "123456789ABCDEFG", "ABCDEFGHIJKLMNOP",
                                       "abcdefghijklmnop"};
    for (int i = 0; i < 4; i++) {
        CHECKF(p[i].error.code == NONET_OK && p[i].grid.n == 16, "puzzle %d: %s", i + 1,
               p[i].error.message);
        CHECKF(strcmp(p[i].symbols, want[i]) == 0, "puzzle %d read in %s", i + 1, p[i].symbols);
        /* one puzzle in four alphabets: the same digits */
        CHECK(nonet_grid_equal(&p[i].grid, &p[0].grid));
    }
    /* the 0-F puzzle's clues: '0' is digit 1, never a blank */
    CHECK(read_lines("hex16.txt", lines, 8) == 4);
    int clues = 0, zeros = 0;
    for (int c = 0; c < 256; c++) {
        clues += lines[0][c] != '.';
        zeros += lines[0][c] == '0';
        CHECK((lines[0][c] == '.') == (p[0].grid.cells[c] == 0));
    }
    CHECK(zeros > 0 && clues > zeros);
    /* written back in its own symbols */
    char buf[300];
    nonet_format_opts fo = {0, p[0].symbols, NULL, 0};
    CHECK(nonet_format_with(&p[0].grid, NONET_LAYOUT_LINE, &fo, buf, sizeof buf) == 257);
    buf[256] = '\0';
    CHECK(strcmp(buf, lines[0]) == 0);
    /* forced symbols: '0' is a symbol even with no other blank */
    nonet_read_opts hex = {NONET_LAYOUT_AUTO, 0, 0, "0123456789abcdef", NULL};
    CHECK(nonet_parse(lines[0], 256, &hex, &p[1], NULL) == NONET_OK);
    CHECK(nonet_grid_equal(&p[1].grid, &p[0].grid) && strcmp(p[1].symbols, hex.symbols) == 0);
    /* a symbol outside the forced ones */
    CHECK(nonet_parse(lines[1], 256, &hex, &p[1], NULL) == NONET_EBADCHAR);
    CHECK(strstr(p[1].error.message, "'G' is not one of the symbols") != NULL);
    /* a complete 0-F grid with no other blank: '0' could be a blank or a
     * symbol; the reader says so */
    nonet_grid g;
    nonet_grid_init(&g, 4, 4);
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++)
            g.cells[r * 16 + c] = (uint8_t)(((r % 4) * 4 + r / 4 + c) % 16 + 1);
    nonet_format_opts zero = {0, "0123456789ABCDEF", NULL, 0};
    CHECK(nonet_format_with(&g, NONET_LAYOUT_LINE, &zero, buf, sizeof buf) == 257);
    CHECK(nonet_parse(buf, 256, NULL, &p[2], NULL) == NONET_EAMBIGUOUS);
    CHECK(strstr(p[2].error.message, "--symbols") != NULL && p[2].error.column > 0);
    CHECK(nonet_parse(buf, 256, &hex, &p[2], NULL) == NONET_OK && nonet_grid_equal(&p[2].grid, &g));
    /* 0 with another blank is a symbol: zero-based */
    buf[5] = '.';
    CHECK(nonet_parse(buf, 256, NULL, &p[2], NULL) == NONET_OK);
    CHECK(strcmp(p[2].symbols, "0123456789ABCDEF") == 0 && p[2].grid.cells[5] == 0);
    /* 25x25 in A-Y */
    nonet_grid_init(&g, 5, 5);
    for (int r = 0; r < 25; r++)
        for (int c = 0; c < 25; c++)
            g.cells[r * 25 + c] = (uint8_t)(((r % 5) * 5 + r / 5 + c) % 25 + 1);
    g.cells[0] = g.cells[30] = 0;
    static char big[700];
    nonet_format_opts letters = {0, "ABCDEFGHIJKLMNOPQRSTUVWXY", NULL, 0};
    CHECK(nonet_format_with(&g, NONET_LAYOUT_LINE, &letters, big, sizeof big) == 626);
    CHECK(nonet_parse(big, 625, NULL, &p[3], NULL) == NONET_OK);
    CHECK(nonet_grid_equal(&p[3].grid, &g) && strcmp(p[3].symbols, letters.symbols) == 0);
    /* a 9x9 in 0-8 with '.' blanks: '0' is a symbol there too; complete,
     * with no other blank, it is ambiguous */
    const char *zero9 = "01234567.345678012678012345123456780456780123780123456234567801567801"
                        "234801234567";
    CHECK(nonet_parse(zero9, strlen(zero9), NULL, &p[3], NULL) == NONET_OK);
    CHECK(strcmp(p[3].symbols, "012345678") == 0 && p[3].grid.cells[0] == 1 &&
          p[3].grid.cells[8] == 0);
    char full9[82];
    memcpy(full9, zero9, 82);
    full9[8] = '8';
    CHECK(nonet_parse(full9, 81, NULL, &p[3], NULL) == NONET_EAMBIGUOUS);
    CHECK(strstr(p[3].error.message, "(0-8)") != NULL);
    /* invalid forced symbols */
    nonet_read_opts dup = {NONET_LAYOUT_AUTO, 0, 0, "1231", NULL};
    CHECK(nonet_reader_new(&dup) == NULL);
    nonet_read_opts dot = {NONET_LAYOUT_AUTO, 0, 0, "12.4", NULL};
    CHECK(nonet_reader_new(&dot) == NULL);
}

static void test_blocks_of_16(void)
{
    static nonet_puzzle p[20];
    /* sixteen lines of 16 cells, the first fitting a 4x4: one 16x16 grid */
    CHECK(read_file("grid16.txt", NULL, p) == 1);
    CHECK(p[0].error.code == NONET_OK && p[0].grid.n == 16 && p[0].layout == NONET_LAYOUT_KNUTH);
    /* sixteen 4x4 one-line puzzles are still sixteen puzzles, and a 4x4
     * line with a typo among them stays one failed 4x4 puzzle */
    char text[20 * 18] = "";
    for (int i = 0; i < 17; i++)
        strcat(text, i == 5 ? "1..4....2..9....\n" : "1..4....2..3....\n");
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 20) == 17);
    for (int i = 0; i < 17; i++) {
        CHECKF(i == 5 ? p[i].error.code == NONET_ERANGE
                      : p[i].error.code == NONET_OK && p[i].grid.n == 4,
               "line %d: %d %s", i + 1, p[i].error.code, p[i].error.message);
        CHECK(p[i].first_line == i + 1 && p[i].index == i + 1);
    }
    CHECK(unit_read_all(text, strlen(text), NULL, 3, p, 20) == 17 && p[16].first_line == 17);
}

static void test_forum_lines(void)
{
    static nonet_puzzle p[8];
    static char lines[8][260];
    CHECK(read_file("forum.txt", NULL, p) == 5);
    CHECK(read_lines("forum.lines", lines, 8) == 5);
    static const char *const names[] = {"11.9;11.9;11.3", "ED=11.9/11.9/11.3", "easter monster",
                                        "golden nugget", "0042 / 10.5"};
    for (int i = 0; i < 5; i++) {
        CHECKF(is_line(&p[i], lines[i], 3, 3), "line %d: %s", i + 1, p[i].error.message);
        CHECKF(strcmp(p[i].name, names[i]) == 0, "line %d named '%s'", i + 1, p[i].name);
    }
    /* nearly a puzzle with text after it: an error, not a name */
    char text[200];
    snprintf(text, sizeof text, "%.80s;11.9\n", lines[0]);
    CHECK(unit_read_all(text, strlen(text), NULL, 0, p, 8) == 1 && p[0].error.code != NONET_OK);
}

static void test_titles(void)
{
    static nonet_puzzle p[10];
    CHECK(read_file("titles.txt", NULL, p) == 7);
    static const char *const names[] = {
        "Puzzle:", "Grid 02", "Easy one", "", "AI escargot, by Arto Inkala", "", ""};
    for (int i = 0; i < 7; i++)
        CHECKF(strcmp(p[i].name, names[i]) == 0, "puzzle %d named '%s'", i + 1, p[i].name);
    CHECK(p[0].error.code == NONET_OK && p[0].first_line == 2);
    CHECK(p[1].error.code == NONET_OK && p[2].error.code == NONET_OK);
    /* a line a few cells short or long is a failed puzzle, never a title */
    CHECKF(p[3].error.code == NONET_ECELLS && p[3].error.line == 25, "%d %ld", p[3].error.code,
           p[3].error.line);
    CHECK(strstr(p[3].error.message, "80 cells") != NULL);
    CHECK(p[4].error.code == NONET_OK);
    CHECK(p[5].error.code == NONET_ECELLS && strstr(p[5].error.message, "82 cells"));
    CHECK(p[6].error.code == NONET_OK && p[6].index == 7);
    /* a grid's first row with a typo is a row, not a title */
    const char *typo = "5x..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                       ".6....28.\n...419..5\n....8..79\n";
    CHECK(unit_read_all(typo, strlen(typo), NULL, 0, p, 10) == 1);
    CHECK(p[0].error.code == NONET_EBADCHAR && p[0].error.line == 1 && p[0].error.column == 2);
    /* text with no puzzle after it is no puzzle; digits with no puzzle
     * after them are a failed one */
    CHECK(nonet_parse("Hello there\n", 12, NULL, &p[0], NULL) == NONET_EEMPTY);
    CHECK(nonet_parse("53..7x\n", 7, NULL, &p[0], NULL) != NONET_OK);
    /* titles are cut at NONET_MAX_NAME bytes on a character boundary */
    char long_title[1000] = "";
    for (int i = 0; i < 150; i++)
        strcat(long_title, "\xc3\xa9t\xc3\xa9");
    strcat(long_title, "\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"
                       "....8..79\n");
    CHECK(nonet_parse(long_title, strlen(long_title), NULL, &p[0], NULL) == NONET_OK);
    size_t nlen = strlen(p[0].name);
    CHECK(nlen <= NONET_MAX_NAME && nlen > NONET_MAX_NAME - 4);
    CHECK(((unsigned char)p[0].name[nlen - 1] & 0xC0) != 0xC0);
}

static void test_marks(void)
{
    static nonet_puzzle p[4];
    static char sol[4][260];
    CHECK(read_file("marks.txt", NULL, p) == 3);
    CHECK(read_lines("marks.solutions", sol, 4) == 3);
    for (int i = 0; i < 3; i++) {
        CHECKF(p[i].error.code == NONET_OK && p[i].has_marks && p[i].grid.n == 9, "puzzle %d: %s",
               i + 1, p[i].error.message);
        nonet_grid s;
        CHECK(grid_from_line(sol[i], 3, 3, &s));
        for (int c = 0; c < 81; c++) {
            uint64_t m = p[i].marks.cands[c];
            /* the solution's digit is a mark; a placed digit is its own mark */
            CHECKF(m & ((uint64_t)1 << (s.cells[c] - 1)), "puzzle %d cell %d", i + 1, c);
            if (p[i].grid.cells[c])
                CHECK(m == (uint64_t)1 << (p[i].grid.cells[c] - 1));
            else
                CHECK(m & (m - 1));
        }
    }
    CHECK(p[0].layout == NONET_LAYOUT_CANDIDATES && p[1].layout == NONET_LAYOUT_CANDIDATES);
    CHECK(p[2].layout == NONET_LAYOUT_LINE);
    /* the candidates layout reads back what it wrote, for several sizes */
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 3}, {4, 4}, {3, 4}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int br = shapes[k][0], bc = shapes[k][1], n = br * bc;
        nonet_grid g;
        nonet_grid_init(&g, br, bc);
        static nonet_marks m;
        for (int c = 0; c < n * n; c++) {
            uint64_t full = ((uint64_t)1 << n) - 1;
            m.cands[c] = (full & ((uint64_t)c * 2654435761u)) | ((uint64_t)1 << (c % n));
            if (c % 5 == 0)
                m.cands[c] = (uint64_t)1 << (c % n);
            g.cells[c] = (uint8_t)(m.cands[c] & (m.cands[c] - 1) ? 0 : lowest(m.cands[c]));
        }
        static char buf[8192];
        nonet_format_opts fo = {0, NULL, &m, 0};
        CHECK(nonet_format_with(&g, NONET_LAYOUT_CANDIDATES, &fo, buf, sizeof buf) > 0);
        nonet_read_opts forced = {NONET_LAYOUT_CANDIDATES, br, bc, NULL, NULL};
        CHECKF(nonet_parse(buf, strlen(buf), &forced, &p[3], NULL) == NONET_OK, "%dx%d: %s\n%s", br,
               bc, p[3].error.message, buf);
        CHECK(p[3].has_marks && nonet_grid_equal(&p[3].grid, &g));
        CHECK(memcmp(p[3].marks.cands, m.cands, sizeof m.cands[0] * (size_t)(n * n)) == 0);
        if (n >= 6) { /* detected too, where lists of several digits show it */
            CHECK(nonet_parse(buf, strlen(buf), NULL, &p[3], NULL) == NONET_OK);
            CHECK(p[3].has_marks && nonet_grid_equal(&p[3].grid, &g));
        }
    }
}

static void test_messages(void)
{
    static nonet_puzzle p;
    /* a 36x36 line of dots: sides above 35 need numbers */
    static char dots[1400];
    memset(dots, '.', 1296);
    dots[1296] = '\0';
    CHECK(nonet_parse(dots, 1296, NULL, &p, NULL) == NONET_ECELLS);
    CHECK(strstr(p.error.message, "numbers layout") != NULL);
    /* a NUL byte and a non-ASCII character are named */
    const char nul[] =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.\0"
        ".79\n";
    CHECK(nonet_parse(nul, sizeof nul - 1, NULL, &p, NULL) == NONET_EBADCHAR);
    CHECKF(strstr(p.error.message, "NUL") && p.error.column == 79, "%s %ld", p.error.message,
           p.error.column);
    const char *accent =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.\xc3\xa9"
        "79\n";
    CHECK(nonet_parse(accent, strlen(accent), NULL, &p, NULL) == NONET_EBADCHAR);
    CHECKF(strstr(p.error.message, "'\xc3\xa9' (U+00E9)") != NULL, "%s", p.error.message);
    /* the middle dot and '_' are blanks */
    const char *mid =
        "53\xc2\xb7\xc2\xb7"
        "7____6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    CHECK(nonet_parse(mid, strlen(mid), NULL, &p, NULL) == NONET_OK);
    CHECK(p.grid.cells[2] == 0 && p.grid.cells[4] == 7 && p.grid.cells[5] == 0);
    /* a one-line puzzle with the grid layout forced */
    nonet_read_opts grid = {NONET_LAYOUT_GRID, 0, 0, NULL, NULL};
    CHECK(nonet_parse(mid, strlen(mid), &grid, &p, NULL) == NONET_ECELLS);
    CHECK(strstr(p.error.message, "one-line puzzle") && strstr(p.error.message, "grid"));
    /* a 9x9 grid read with --size 3x4: one error for the whole grid */
    const char *knuth = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                        ".6....28.\n...419..5\n....8..79\n";
    nonet_read_opts s34 = {NONET_LAYOUT_AUTO, 3, 4, NULL, NULL};
    static nonet_puzzle all[12];
    CHECK(unit_read_all(knuth, strlen(knuth), &s34, 0, all, 12) == 1);
    CHECK(all[0].error.code == NONET_ESIZE && strstr(all[0].error.message, "9x9"));
}

void suite_paste(void)
{
    RUN(test_euler96);
    RUN(test_sdk);
    RUN(test_spaces);
    RUN(test_symbols);
    RUN(test_blocks_of_16);
    RUN(test_forum_lines);
    RUN(test_titles);
    RUN(test_marks);
    RUN(test_messages);
}
