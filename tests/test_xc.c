/* test_xc.c - exact cover: the DLX1/DLX2 reader and its errors, Algorithm
 * X on well-known problems whose inputs are generated here (pentominoes,
 * n queens, Langford pairs), colors, and Sudoku as exact cover (the text
 * forms, hand-written fixtures, the mapping back, the dlx engine). */
#include "unit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

/* A growable text. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
        char *grown = realloc(b->s, cap);
        if (!grown)
            abort();
        b->s = grown;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static void sb_free(sbuf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

/* Parses text and solves it; returns the status of parse, fills the count
 * (and stats if non-NULL). */
static int count_text(const char *text, size_t len, uint64_t limit, uint64_t *count,
                      nonet_xc_stats *stats)
{
    nonet_xc *x;
    nonet_error err;
    nonet_xc_stats st;
    int rc = nonet_xc_parse(text, len, NULL, NULL, &x, &err);
    *count = 0;
    if (rc != NONET_OK)
        return rc;
    rc = nonet_xc_solve(x, limit, NULL, NULL, &st);
    *count = st.solutions;
    if (stats)
        *stats = st;
    nonet_xc_free(x);
    return rc;
}

/* ---------------------------------------------------------------- generators */

/* The twelve pentominoes, as cells (row, col) of one orientation. */
static const int pentominoes[12][5][2] = {
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}, /* O (I) */
    {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}, /* P */
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}}, /* Q (L) */
    {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}, /* R (F) */
    {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 3}}, /* S (N) */
    {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}, /* T */
    {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}, /* U */
    {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}, /* V */
    {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, /* W */
    {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}, /* X */
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 1}}, /* Y */
    {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}, /* Z */
};
static const char piece_names[] = "OPQRSTUVWXYZ";

static int cmp_cell(const void *a, const void *b)
{
    const int *p = a, *q = b;
    return p[0] != q[0] ? p[0] - q[0] : p[1] - q[1];
}

/* Normalises 5 cells: smallest row and column 0, sorted. */
static void normalise(int cells[5][2])
{
    int mr = cells[0][0], mc = cells[0][1];
    for (int i = 1; i < 5; i++) {
        mr = cells[i][0] < mr ? cells[i][0] : mr;
        mc = cells[i][1] < mc ? cells[i][1] : mc;
    }
    for (int i = 0; i < 5; i++) {
        cells[i][0] -= mr;
        cells[i][1] -= mc;
    }
    qsort(cells, 5, sizeof cells[0], cmp_cell);
}

/* The 6x10 packing problem: items the 12 pieces then the cells "rc";
 * options piece + 5 cells for every distinct orientation and position.
 * With x_quarter, the X piece's centre stays in the upper left quarter,
 * which leaves one solution of each class under the board's 4 symmetries. */
static void gen_pentominoes(sbuf *b, int rows, int cols, int x_quarter)
{
    for (int p = 0; p < 12; p++)
        sb_printf(b, "%c ", piece_names[p]);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            sb_printf(b, "%d%d%s", r, c, r == rows - 1 && c == cols - 1 ? "\n" : " ");
    for (int p = 0; p < 12; p++) {
        int seen[8][5][2], nseen = 0, cur[5][2];
        memcpy(cur, pentominoes[p], sizeof cur);
        for (int t = 0; t < 8; t++) {
            int o[5][2];
            for (int i = 0; i < 5; i++) { /* t < 4: rotations; then mirrored */
                int r = cur[i][0], c = t < 4 ? cur[i][1] : -cur[i][1];
                o[i][0] = r;
                o[i][1] = c;
            }
            normalise(o);
            int dup = 0;
            for (int s = 0; s < nseen; s++)
                dup |= memcmp(seen[s], o, sizeof o) == 0;
            if (!dup)
                memcpy(seen[nseen++], o, sizeof o);
            for (int i = 0; i < 5; i++) { /* rotate a quarter turn */
                int r = cur[i][0];
                cur[i][0] = cur[i][1];
                cur[i][1] = -r;
            }
        }
        for (int s = 0; s < nseen; s++) {
            int h = 0, w = 0;
            for (int i = 0; i < 5; i++) {
                h = seen[s][i][0] > h ? seen[s][i][0] : h;
                w = seen[s][i][1] > w ? seen[s][i][1] : w;
            }
            for (int dr = 0; dr + h < rows; dr++)
                for (int dc = 0; dc + w < cols; dc++) {
                    /* X is symmetric: its centre is (dr + 1, dc + 1) */
                    if (x_quarter && piece_names[p] == 'X' &&
                        (dr + 1 > (rows - 1) / 2 || dc + 1 > (cols - 1) / 2))
                        continue;
                    sb_printf(b, "%c", piece_names[p]);
                    for (int i = 0; i < 5; i++)
                        sb_printf(b, " %d%d", seen[s][i][0] + dr, seen[s][i][1] + dc);
                    sb_printf(b, "\n");
                }
        }
    }
}

/* n queens: rows and columns primary, diagonals secondary. */
static void gen_queens(sbuf *b, int n)
{
    for (int i = 0; i < n; i++)
        sb_printf(b, "r%d ", i);
    for (int i = 0; i < n; i++)
        sb_printf(b, "c%d ", i);
    sb_printf(b, "|");
    for (int k = 0; k < 2 * n - 1; k++)
        sb_printf(b, " a%d", k);
    for (int k = 0; k < 2 * n - 1; k++)
        sb_printf(b, " b%d", k);
    sb_printf(b, "\n");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sb_printf(b, "r%d c%d a%d b%d\n", i, j, i + j, i - j + n - 1);
}

/* Langford pairs: the two d's of each d = 1..n sit d places apart. */
static void gen_langford(sbuf *b, int n)
{
    for (int d = 1; d <= n; d++)
        sb_printf(b, "%d ", d);
    for (int j = 1; j <= 2 * n; j++)
        sb_printf(b, "s%d%s", j, j == 2 * n ? "\n" : " ");
    for (int d = 1; d <= n; d++)
        for (int j = 1; j + d + 1 <= 2 * n; j++)
            sb_printf(b, "%d s%d s%d\n", d, j, j + d + 1);
}

/* ---------------------------------------------------------------- counts */

static void test_pentominoes(void)
{
    sbuf b = {0};
    uint64_t count;
    nonet_xc_stats st;
    gen_pentominoes(&b, 6, 10, 1);
    int rc = count_text(b.s, b.len, 0, &count, &st);
    sb_free(&b);
    CHECK(rc == NONET_OK);
    CHECKF(count == 2339, "6x10 pentominoes, X in a quarter: %llu, not 2339",
           (unsigned long long)count);
    CHECK(st.solutions == count && st.nodes > count && st.updates > st.nodes);
}

static void test_queens(void)
{
    static const struct {
        int n;
        uint64_t want;
    } cases[] = {{1, 1}, {2, 0}, {3, 0}, {4, 2}, {5, 10}, {6, 4}, {8, 92}, {12, 14200}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sbuf b = {0};
        uint64_t count;
        gen_queens(&b, cases[i].n);
        int rc = count_text(b.s, b.len, 0, &count, NULL);
        sb_free(&b);
        CHECK(rc == NONET_OK);
        CHECKF(count == cases[i].want, "%d queens: %llu solutions, not %llu", cases[i].n,
               (unsigned long long)count, (unsigned long long)cases[i].want);
    }
}

static void test_langford(void)
{
    static const struct {
        int n;
        uint64_t want;
    } cases[] = {{1, 0}, {2, 0}, {3, 2}, {4, 2}, {5, 0}, {6, 0}, {7, 52}, {8, 300}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sbuf b = {0};
        uint64_t count;
        gen_langford(&b, cases[i].n);
        int rc = count_text(b.s, b.len, 0, &count, NULL);
        sb_free(&b);
        CHECK(rc == NONET_OK);
        CHECKF(count == cases[i].want, "Langford n=%d: %llu solutions, not %llu", cases[i].n,
               (unsigned long long)count, (unsigned long long)cases[i].want);
    }
}

/* ---------------------------------------------------------------- solutions */

/* Collects solutions as sorted option lists: "0 3 5;" per solution. */
typedef struct collected {
    sbuf text;
    nonet_xc *x;
    int stop_after;
    int calls;
    nonet_xc_choice first[256];
    size_t first_count;
} collected;

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

static int collect(void *ctx, const nonet_xc_choice *levels, size_t count)
{
    collected *c = ctx;
    size_t opts[256];
    if (c->calls == 0 && count <= 256) {
        memcpy(c->first, levels, count * sizeof *levels);
        c->first_count = count;
    }
    for (size_t i = 0; i < count && i < 256; i++)
        opts[i] = levels[i].option;
    qsort(opts, count, sizeof opts[0], cmp_size);
    for (size_t i = 0; i < count; i++)
        sb_printf(&c->text, "%s%zu", i ? " " : "", opts[i]);
    sb_printf(&c->text, ";");
    c->calls++;
    return c->stop_after && c->calls >= c->stop_after;
}

static const char knuth_example[] = "| A simple example\n"
                                    "A B C D E | F G\n"
                                    "C E F\n"
                                    "A D G\n"
                                    "B C F\n"
                                    "A D\n"
                                    "B G\n"
                                    "D E G\n";

/* Knuth's first example, whose figures DLX1 itself prints as
 * "Altogether 1 solution, 418+468 mems, 30 updates, 620 bytes, 6 nodes". */
static void test_knuth_example(void)
{
    nonet_xc *x;
    nonet_error err;
    collected c;
    memset(&c, 0, sizeof c);
    CHECK(nonet_xc_parse(knuth_example, strlen(knuth_example), NULL, NULL, &x, &err) == NONET_OK);
    nonet_xc_info info;
    nonet_xc_get_info(x, &info);
    CHECK(info.primary == 5 && info.secondary == 2 && info.options == 6 && info.entries == 16);
    CHECK(!info.colored);
    CHECK(strcmp(nonet_xc_comment(x), "| A simple example") == 0);
    nonet_xc_stats st;
    CHECK(nonet_xc_solve(x, 0, collect, &c, &st) == NONET_OK);
    CHECKF(strcmp(c.text.s, "0 3 4;") == 0, "solution %s", c.text.s);
    CHECK(st.solutions == 1 && st.nodes == 6 && st.updates == 30);
    CHECK(st.input_mems == 418 && st.mems == 468 && st.bytes == 620 && st.max_level == 3);
    /* levels: A D (2 of 2), E F C (1 of 1), B G (1 of 1) */
    CHECK(c.first_count == 3);
    CHECK(c.first[0].option == 3 && c.first[0].item == 0 && c.first[0].index == 2 &&
          c.first[0].choices == 2);
    char buf[64];
    CHECK(nonet_xc_format_option(x, c.first[1].option, c.first[1].item, buf, sizeof buf) == 5);
    CHECK(strcmp(buf, "E F C") == 0);
    CHECK(nonet_xc_format_option(x, 0, -1, buf, sizeof buf) == 5 && strcmp(buf, "C E F") == 0);
    CHECK(nonet_xc_format_option(x, 0, -1, buf, 3) == 5 && strcmp(buf, "C ") == 0);
    CHECK(nonet_xc_option_line(x, 0) == 3 && nonet_xc_option_line(x, 5) == 8);
    CHECK(nonet_xc_option_line(x, 6) == 0);
    CHECK(nonet_xc_item_name(x, 6, buf) == NONET_OK && strcmp(buf, "G") == 0);
    CHECK(nonet_xc_item_name(x, 7, buf) == NONET_EARG);
    /* the search leaves the problem as it was: same answer again */
    sb_free(&c.text);
    nonet_xc_stats again;
    CHECK(nonet_xc_solve(x, 0, collect, &c, &again) == NONET_OK);
    CHECK(strcmp(c.text.s, "0 3 4;") == 0 && memcmp(&st, &again, sizeof st) == 0);
    sb_free(&c.text);
    nonet_xc_free(x);
}

/* DLX2's own example, and a second case checked by hand. */
static void test_colors(void)
{
    static const char dlx2[] = "| A simple example of color controls\n"
                               "A B C | X Y\n"
                               "A B X:0 Y:0\n"
                               "A C X:1 Y:1\n"
                               "X:0 Y:1\n"
                               "B X:1\n"
                               "C Y:1\n";
    nonet_xc *x;
    nonet_error err;
    collected c;
    memset(&c, 0, sizeof c);
    CHECK(nonet_xc_parse(dlx2, strlen(dlx2), NULL, NULL, &x, &err) == NONET_OK);
    nonet_xc_stats st;
    CHECK(nonet_xc_solve(x, 0, collect, &c, &st) == NONET_OK);
    /* options: 0 "A B X:0 Y:0", 1 "A C X:1 Y:1", 2 "B X:1", 3 "C Y:1"
     * (the line "X:0 Y:1" has no primary item and is dropped) */
    CHECKF(strcmp(c.text.s, "1 2;") == 0, "solutions %s", c.text.s);
    /* DLX2 prints: 376+268-24 mems, 14 updates, 5 cleansings, 456 bytes, 4 nodes */
    CHECK(st.nodes == 4 && st.updates == 14 && st.cleansings == 5 && st.mems == 268);
    CHECK(st.len_mems == 24 && st.input_mems == 376 && st.bytes == 456);
    char buf[64];
    CHECK(nonet_xc_format_option(x, 1, 2, buf, sizeof buf) > 0 && strcmp(buf, "C X:1 Y:1 A") == 0);
    sb_free(&c.text);
    nonet_xc_free(x);

    /* By hand: A and B may share X's color a; C X:b clashes with it;
     * plain C and A B leave X alone. Solutions: {A X:a, B X:a, C},
     * {A B, C X:b}, {A B, C}. */
    static const char mine[] = "A B C | X\nA X:a\nB X:a\nC X:b\nC\nA B\n";
    memset(&c, 0, sizeof c);
    CHECK(nonet_xc_parse(mine, strlen(mine), NULL, NULL, &x, &err) == NONET_OK);
    CHECK(nonet_xc_solve(x, 0, collect, &c, &st) == NONET_OK);
    CHECK(st.solutions == 3);
    /* in search order: A is branched first (2 options, first in order) */
    CHECKF(strcmp(c.text.s, "0 1 3;2 4;3 4;") == 0, "solutions %s", c.text.s);
    sb_free(&c.text);
    nonet_xc_free(x);

    /* an uncolored use of a secondary item excludes every other use */
    static const char plain[] = "A B | X\nA X\nB X\nA\nB X:c\n";
    uint64_t count;
    CHECK(count_text(plain, strlen(plain), 0, &count, NULL) == NONET_OK);
    CHECK(count == 2); /* {A, B X} and {A, B X:c} */
}

static void test_limits_and_stop(void)
{
    sbuf b = {0};
    gen_queens(&b, 8);
    nonet_xc *x;
    nonet_error err;
    CHECK(nonet_xc_parse(b.s, b.len, NULL, NULL, &x, &err) == NONET_OK);
    sb_free(&b);
    nonet_xc_stats st, full;
    CHECK(nonet_xc_solve(x, 0, NULL, NULL, &full) == NONET_OK && full.solutions == 92);
    CHECK(!full.limit_reached);
    CHECK(nonet_xc_solve(x, 10, NULL, NULL, &st) == NONET_OK);
    CHECK(st.solutions == 10 && st.limit_reached && st.nodes < full.nodes);
    collected c;
    memset(&c, 0, sizeof c);
    c.stop_after = 3;
    CHECK(nonet_xc_solve(x, 0, collect, &c, &st) == NONET_OK);
    CHECK(st.solutions == 3 && c.calls == 3 && st.limit_reached);
    sb_free(&c.text);
    /* stopping restored the links: the full count again */
    nonet_xc_stats again;
    CHECK(nonet_xc_solve(x, 0, NULL, NULL, &again) == NONET_OK);
    CHECK(memcmp(&again, &full, sizeof full) == 0);
    nonet_xc_free(x);
}

/* ---------------------------------------------------------------- reader */

/* The text fed in pieces of every size gives the same problem. */
static void test_streaming(void)
{
    sbuf b = {0};
    gen_langford(&b, 5);
    sb_printf(&b, "| a comment at the end\n\n   \n");
    for (size_t piece = 1; piece <= 7; piece++) {
        nonet_xc *x = nonet_xc_new(NULL, NULL);
        nonet_error err;
        CHECK(x != NULL);
        for (size_t at = 0; at < b.len; at += piece) {
            size_t n = b.len - at < piece ? b.len - at : piece;
            CHECK(nonet_xc_feed(x, b.s + at, n, &err) == NONET_OK);
        }
        CHECK(nonet_xc_end(x, &err) == NONET_OK);
        nonet_xc_info info;
        nonet_xc_get_info(x, &info);
        CHECK(info.primary == 15 && info.secondary == 0 && info.options == 30);
        nonet_xc_stats st;
        CHECK(nonet_xc_solve(x, 0, NULL, NULL, &st) == NONET_OK && st.solutions == 0);
        nonet_xc_free(x);
    }
    sb_free(&b);
}

static int warnings;
static long warned_line;

static void count_warning(void *ctx, const nonet_error *w)
{
    (void)ctx;
    warnings++;
    warned_line = w->line;
}

static void test_layout_details(void)
{
    uint64_t count;
    nonet_xc *x;
    nonet_error err;
    /* CR LF, tabs, comments and blank lines anywhere, no final newline,
     * names of 8 characters and the '|' directly before a name */
    static const char text[] = "\r\n  | comment\r\n\tA1234567 B |Y\r\n\n"
                               "| again\r\nA1234567 Y\r\n  B\t\r\nB Y";
    CHECK(nonet_xc_parse(text, strlen(text), NULL, NULL, &x, &err) == NONET_OK);
    nonet_xc_info info;
    nonet_xc_get_info(x, &info);
    CHECK(info.primary == 2 && info.secondary == 1 && info.options == 3);
    CHECK(strcmp(nonet_xc_comment(x), "  | comment") != 0); /* from its '|' */
    CHECK(strcmp(nonet_xc_comment(x), "| comment") == 0);
    nonet_xc_free(x);
    CHECK(count_text(text, strlen(text), 0, &count, NULL) == NONET_OK && count == 1);
    /* options without primary items: dropped with a warning */
    static const char warn[] = "A | X Y\nX\nA X\nX Y\n";
    warnings = 0;
    CHECK(nonet_xc_parse(warn, strlen(warn), count_warning, NULL, &x, &err) == NONET_OK);
    CHECK(warnings == 2 && warned_line == 4);
    nonet_xc_get_info(x, &info);
    CHECK(info.options == 1 && nonet_xc_option_line(x, 0) == 3);
    nonet_xc_free(x);
    /* only items: no solution; the empty problem built by calls: one */
    CHECK(count_text("A B\n", 4, 0, &count, NULL) == NONET_OK && count == 0);
    x = nonet_xc_new(NULL, NULL);
    nonet_xc_stats st;
    CHECK(nonet_xc_solve(x, 0, NULL, NULL, &st) == NONET_OK && st.solutions == 1);
    nonet_xc_free(x);
}

/* Every input error: its code, line, column and message. */
static void test_errors(void)
{
    static const struct {
        const char *text;
        int code;
        long line, column;
        const char *message;
    } cases[] = {
        {"", NONET_EXC_NOITEMS, 0, 0, "no items: the input has no item line"},
        {"| only\n\n  \n| comments", NONET_EXC_NOITEMS, 0, 0,
         "no items: the input has no item line"},
        {"A B\nA C\n", NONET_EXC_UNKNOWN, 2, 3, "unknown item 'C'"},
        {"A B\nA\nB A B\n", NONET_EXC_REPEATED, 3, 5, "item 'B' appears twice in this option"},
        {"A B A\n", NONET_EXC_DUPLICATE, 1, 5, "duplicate item name 'A'"},
        {"A | B | C\n", NONET_EXC_BAR, 1, 7, "'|' appears twice in the item line"},
        {"A ABCDEFGHI\n", NONET_EXC_NAME, 1, 3,
         "item name 'ABCDEFGH...' is too long (at most 8 characters)"},
        {"A\nA ABCDEFGHI\n", NONET_EXC_NAME, 2, 3,
         "item name 'ABCDEFGH...' is too long (at most 8 characters)"},
        {"A b:c\n", NONET_EXC_NAME, 1, 4, "illegal character ':' in item name 'b:'"},
        {"A b|c\n", NONET_EXC_NAME, 1, 4, "illegal character '|' in item name 'b|'"},
        {"A\nA x|\n", NONET_EXC_NAME, 2, 4, "illegal character '|' in item name 'x|'"},
        {"A \x01\n", NONET_EXC_NAME, 1, 3, "illegal character 0x01 in an item name"},
        {"A \xc3\xa9\n", NONET_EXC_NAME, 1, 3, "illegal character 0xc3 in an item name"},
        {"A | X\nA :c\n", NONET_EXC_NAME, 2, 3, "empty item name before ':'"},
        {"A | X\nA:c X\n", NONET_EXC_COLOR, 2, 1, "primary item 'A' cannot have a color"},
        {"A | X\nA X:ab\n", NONET_EXC_COLOR, 2, 3,
         "the color of 'X' must be one printable character"},
        {"A | X\nA X:\n", NONET_EXC_COLOR, 2, 3,
         "the color of 'X' must be one printable character"},
        {"A | X\n\n| c\nA X:a\nQ:a\n", NONET_EXC_UNKNOWN, 5, 1, "unknown item 'Q'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nonet_xc *x = (nonet_xc *)&x;
        nonet_error err;
        int rc = nonet_xc_parse(cases[i].text, strlen(cases[i].text), NULL, NULL, &x, &err);
        CHECKF(rc == cases[i].code && err.code == rc && x == NULL,
               "case %zu: status %d, wanted %d (%s)", i, rc, cases[i].code, err.message);
        CHECKF(err.line == cases[i].line && err.column == cases[i].column,
               "case %zu: at %ld:%ld, wanted %ld:%ld", i, err.line, err.column, cases[i].line,
               cases[i].column);
        CHECKF(strcmp(err.message, cases[i].message) == 0, "case %zu: message '%s'", i,
               err.message);
    }
    /* an error sticks; a reader takes no text after its end */
    nonet_xc *x = nonet_xc_new(NULL, NULL);
    nonet_error err;
    CHECK(nonet_xc_feed(x, "A\nB\n", 4, &err) == NONET_EXC_UNKNOWN);
    CHECK(nonet_xc_feed(x, "A\n", 2, &err) == NONET_EXC_UNKNOWN && err.line == 2);
    CHECK(nonet_xc_end(x, &err) == NONET_EXC_UNKNOWN);
    CHECK(nonet_xc_solve(x, 0, NULL, NULL, NULL) == NONET_EARG);
    nonet_xc_free(x);
    x = nonet_xc_new(NULL, NULL);
    CHECK(nonet_xc_feed(x, "A\nA", 3, &err) == NONET_OK);
    CHECK(nonet_xc_solve(x, 0, NULL, NULL, NULL) == NONET_EARG); /* not ended */
    CHECK(nonet_xc_end(x, &err) == NONET_OK);
    CHECK(nonet_xc_feed(x, "A\n", 2, &err) == NONET_EARG);
    CHECK(nonet_xc_add_item(x, "B", 0) == NONET_EARG);
    nonet_xc_free(x);
    nonet_xc_free(NULL);
    CHECK(nonet_xc_feed(NULL, "A", 1, &err) == NONET_EARG);
    CHECK(nonet_xc_parse(NULL, 1, NULL, NULL, &x, &err) == NONET_EARG);
}

/* Names at every length, many items, long lines. */
static void test_sizes(void)
{
    sbuf b = {0};
    /* names of 1..8 characters, and a 9th that fails */
    for (int len = 1; len <= 8; len++)
        sb_printf(&b, "%.*s ", len, "abcdefgh");
    sb_printf(&b, "\n");
    for (int len = 1; len <= 8; len++)
        sb_printf(&b, "%.*s\n", len, "abcdefgh");
    uint64_t count;
    CHECK(count_text(b.s, b.len, 0, &count, NULL) == NONET_OK && count == 1);
    sb_free(&b);

    /* 200,000 items on one line, an option with all of them, one with
     * each half, and a line of a million blanks: a correct answer */
    enum { MANY = 200000 };
    for (int i = 0; i < MANY; i++)
        sb_printf(&b, "i%d ", i);
    sb_printf(&b, "\n");
    for (int i = 0; i < MANY; i++)
        sb_printf(&b, "i%d ", i);
    sb_printf(&b, "\n");
    for (int i = 0; i < 100000; i++)
        sb_printf(&b, "          ");
    sb_printf(&b, "\n");
    for (int i = 0; i < MANY; i++)
        sb_printf(&b, "i%d%s", i, i == MANY / 2 - 1 || i == MANY - 1 ? "\n" : " ");
    nonet_xc_stats st;
    CHECK(count_text(b.s, b.len, 0, &count, &st) == NONET_OK);
    CHECK(count == 2);
    sb_free(&b);

    /* a name that never ends: an error after its 9th character */
    size_t huge = 1 << 20;
    char *name = malloc(huge + 3);
    CHECK(name != NULL);
    memcpy(name, "A\n", 2);
    memset(name + 2, 'x', huge);
    nonet_xc *x;
    nonet_error err;
    CHECK(nonet_xc_parse(name, huge + 2, NULL, NULL, &x, &err) == NONET_EXC_NAME);
    CHECK(err.line == 2 && err.column == 1);
    free(name);
}

static void test_building(void)
{
    nonet_xc *x = nonet_xc_new(NULL, NULL);
    CHECK(x != NULL);
    CHECK(nonet_xc_add_item(x, "A", 0) == 0);
    CHECK(nonet_xc_add_item(x, "B", 0) == 1);
    CHECK(nonet_xc_add_item(x, "A", 0) == NONET_EXC_DUPLICATE);
    CHECK(nonet_xc_add_item(x, "ABCDEFGHI", 0) == NONET_EXC_NAME);
    CHECK(nonet_xc_add_item(x, "a:b", 0) == NONET_EXC_NAME);
    CHECK(nonet_xc_add_item(x, "", 0) == NONET_EXC_NAME);
    CHECK(nonet_xc_add_item(x, "X", 1) == 2);
    CHECK(nonet_xc_add_item(x, "C", 0) == NONET_EARG); /* primary after secondary */
    int ab[2] = {0, 1}, ax[2] = {0, 2}, bx[2] = {1, 2}, bad[2] = {0, 7}, twice[2] = {1, 1};
    CHECK(nonet_xc_add_option(x, ab, NULL, 2) == NONET_OK);
    CHECK(nonet_xc_add_option(x, ax, "\0r", 2) == NONET_OK);
    CHECK(nonet_xc_add_option(x, bx, "\0r", 2) == NONET_OK);
    CHECK(nonet_xc_add_option(x, bad, NULL, 2) == NONET_EXC_UNKNOWN);
    CHECK(nonet_xc_add_option(x, twice, NULL, 2) == NONET_EXC_REPEATED);
    CHECK(nonet_xc_add_option(x, ab, "r\0", 2) == NONET_EXC_COLOR);
    CHECK(nonet_xc_add_option(x, ax + 1, NULL, 1) == NONET_EXC_NOPRIMARY);
    CHECK(nonet_xc_add_item(x, "D", 1) == NONET_EARG); /* items come first */
    CHECK(nonet_xc_feed(x, "A\n", 2, NULL) == NONET_EARG);
    nonet_xc_info info;
    nonet_xc_get_info(x, &info);
    CHECK(info.options == 3 && info.entries == 6 && info.colored == 1);
    nonet_xc_stats st;
    CHECK(nonet_xc_solve(x, 0, NULL, NULL, &st) == NONET_OK);
    CHECK(st.solutions == 2 && st.input_mems == 0); /* {A B}, {A X:r, B X:r} */
    char buf[32];
    CHECK(nonet_xc_format_option(x, 2, -1, buf, sizeof buf) == 5 && strcmp(buf, "B X:r") == 0);
    int items[4];
    char colors[4];
    CHECK(nonet_xc_option_items(x, 1, items, colors, 4) == 2);
    CHECK(items[0] == 0 && items[1] == 2 && colors[0] == 0 && colors[1] == 'r');
    nonet_xc_free(x);
}

/* ---------------------------------------------------------------- sudoku */

static const char two[] =
    "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179";

/* Written by hand from the format description: the classic solution with
 * an unavoidable rectangle (rows 0 and 3, columns 3 and 4) blanked; every
 * unit concerned lacks 6 and 7. */
static const char two_dlx[] =
    "|sudoku!534..8912!672195348!198342567!859..1423!426853791!713924856!961537284!287419635!"
    "345286179\n"
    "p03 p04 p33 p34 r06 r07 r36 r37 c36 c37 c46 c47 b16 b17 b46 b47 \n"
    "p03 r06 c36 b16\n"
    "p03 r07 c37 b17\n"
    "p04 r06 c46 b16\n"
    "p04 r07 c47 b17\n"
    "p33 r36 c36 b46\n"
    "p33 r37 c37 b47\n"
    "p34 r36 c46 b46\n"
    "p34 r37 c47 b47\n";

static const char two_dance[] = " p03 p04 p33 p34 r06 r07 b16 b17 r36 c36 r37 c37 c46 b46 c47 b47\n"
                                "p03 r06 c36 b16\n"
                                "p03 r07 c37 b17\n"
                                "p33 r36 c36 b46\n"
                                "p33 r37 c37 b47\n"
                                "p04 r06 c46 b16\n"
                                "p04 r07 c47 b17\n"
                                "p34 r36 c46 b46\n"
                                "p34 r37 c47 b47\n";

/* A 4x4 with its corners (0,0) and (3,3) blank: each lacks a 1. */
static const char small_dlx[] = "|sudoku 2x2!.234!3412!2143!432.\n"
                                "p00 p33 r01 r31 c01 c31 b01 b31 \n"
                                "p00 r01 c01 b01\n"
                                "p33 r31 c31 b31\n";

static int same_text(const nonet_grid *g, unsigned flags, const char *want)
{
    char buf[4096];
    nonet_error err;
    long len = nonet_xc_from_sudoku(g, flags, buf, sizeof buf, &err);
    if (len < 0 || (size_t)len != strlen(want) || strcmp(buf, want) != 0) {
        printf("got:\n%s\nwanted:\n%s\n", buf, want);
        return 0;
    }
    return nonet_xc_from_sudoku(g, flags, NULL, 0, NULL) == len;
}

static void test_sudoku_fixtures(void)
{
    nonet_grid g;
    CHECK(grid_from_line(two, 3, 3, &g));
    CHECK(same_text(&g, 0, two_dlx));
    CHECK(same_text(&g, NONET_XC_DANCE, two_dance));
    CHECK(grid_from_line(".234341221434320", 2, 2, &g));
    g.cells[15] = 0;
    CHECK(same_text(&g, 0, small_dlx));
    /* truncation, as snprintf */
    char buf[8];
    CHECK(nonet_xc_from_sudoku(&g, 0, buf, sizeof buf, NULL) == (long)strlen(small_dlx));
    CHECK(strcmp(buf, "|sudoku") == 0);
    CHECK(nonet_xc_from_sudoku(&g, 2, buf, sizeof buf, NULL) == NONET_EARG && buf[0] == 0);
    CHECK(nonet_xc_from_sudoku(NULL, 0, buf, sizeof buf, NULL) == NONET_EARG);
}

static void test_sudoku_conflicts(void)
{
    static const struct {
        int cells[4][2];
        const char *message;
    } cases[] = {
        /* (cell, digit) pairs, read row-major */
        {{{2 * 9 + 0, 5}, {2 * 9 + 3, 5}, {0, 0}, {0, 0}},
         "digit 5 appears in columns 0 and 3 of row 2!"},
        {{{1 * 9 + 4, 8}, {6 * 9 + 4, 8}, {0, 0}, {0, 0}},
         "digit 8 appears in rows 1 and 6 of column 4!"},
        {{{3 * 9 + 6, 2}, {5 * 9 + 8, 2}, {0, 0}, {0, 0}},
         "digit 2 appears in rows 3 and 5 of box 5!"},
        /* the first conflict read wins: the box one at (1,1) before the
         * row one at (2,8) */
        {{{0, 9}, {1 * 9 + 1, 9}, {2 * 9 + 0, 1}, {2 * 9 + 8, 1}},
         "digit 9 appears in rows 0 and 1 of box 0!"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nonet_grid g;
        nonet_grid_init(&g, 3, 3);
        for (int k = 0; k < 4; k++)
            if (cases[i].cells[k][1])
                g.cells[cases[i].cells[k][0]] = (uint8_t)cases[i].cells[k][1];
        char buf[64] = "x";
        nonet_error err;
        CHECK(nonet_xc_from_sudoku(&g, 0, buf, sizeof buf, &err) == NONET_ECONFLICT);
        CHECK(buf[0] == '\0' && err.code == NONET_ECONFLICT);
        CHECKF(strcmp(err.message, cases[i].message) == 0, "case %zu: %s", i, err.message);
        CHECK(nonet_xc_from_sudoku(&g, NONET_XC_DANCE, NULL, 0, &err) == NONET_ECONFLICT);
    }
}

/* A complete grid of shape br x bc, from the general engine. */
static int full_grid(int br, int bc, nonet_grid *full)
{
    nonet_grid empty;
    uint64_t count;
    nonet_grid_init(&empty, br, bc);
    for (int c = 0; c < br * bc; c++)
        empty.cells[c] = (uint8_t)(c + 1);
    return nonet_count(&empty, 1, &count, full, NULL) == NONET_OK && count == 1;
}

/* Solves the text form of g and maps the first solution back. */
static int text_round_trip(const nonet_grid *g, uint64_t limit, uint64_t *count, nonet_grid *first)
{
    long len = nonet_xc_from_sudoku(g, 0, NULL, 0, NULL);
    if (len < 0)
        return 0;
    char *text = malloc((size_t)len + 1);
    nonet_xc *x = NULL;
    collected c;
    memset(&c, 0, sizeof c);
    int ok = text && nonet_xc_from_sudoku(g, 0, text, (size_t)len + 1, NULL) == len &&
             nonet_xc_parse(text, (size_t)len, NULL, NULL, &x, NULL) == NONET_OK;
    nonet_xc_stats st;
    c.stop_after = 0;
    ok = ok && nonet_xc_solve(x, limit, collect, &c, &st) == NONET_OK;
    *count = st.solutions;
    if (ok && st.solutions > 0)
        ok = nonet_xc_to_sudoku(x, c.first, c.first_count, first, NULL) == NONET_OK;
    sb_free(&c.text);
    nonet_xc_free(x);
    free(text);
    return ok;
}

static void test_sudoku_round_trip(void)
{
    /* the classic and the two-solution puzzle through text and back */
    nonet_grid g, sol;
    uint64_t count;
    CHECK(grid_from_line(two, 3, 3, &g));
    CHECK(text_round_trip(&g, 0, &count, &sol) && count == 2);
    CHECK(verify_solution(g.cells, sol.cells, 3, 3));
    static const char classic[] =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    CHECK(grid_from_line(classic, 3, 3, &g));
    CHECK(text_round_trip(&g, 0, &count, &sol) && count == 1);
    CHECK(verify_solution(g.cells, sol.cells, 3, 3));
    /* a 12x12 (3x4 boxes) with one blank: names joined by '_' */
    nonet_grid full;
    CHECK(full_grid(3, 4, &full));
    g = full;
    int d = g.cells[3 * 12 + 11];
    g.cells[3 * 12 + 11] = 0;
    char buf[4096], want[128];
    CHECK(nonet_xc_from_sudoku(&g, 0, buf, sizeof buf, NULL) > 0);
    CHECK(strncmp(buf, "|sudoku 3x4!", 12) == 0);
    snprintf(want, sizeof want, "\np3_11 r3_%d c11_%d b5_%d \np3_11 r3_%d c11_%d b5_%d\n", d, d, d,
             d, d, d);
    CHECKF(strstr(buf, want) != NULL, "12x12 cover lacks:%s", want);
    CHECK(text_round_trip(&g, 0, &count, &sol) && count == 1 && nonet_grid_equal(&sol, &full));
    /* 36x36 and 64x64 comment lines use numbers */
    CHECK(full_grid(6, 6, &full));
    g = full;
    g.cells[0] = 0;
    CHECK(text_round_trip(&g, 0, &count, &sol) && count == 1 && nonet_grid_equal(&sol, &full));
    /* mapping errors */
    nonet_xc *x;
    nonet_error err;
    CHECK(nonet_xc_parse(knuth_example, strlen(knuth_example), NULL, NULL, &x, NULL) == NONET_OK);
    nonet_xc_choice lv = {0, 0, 1, 1};
    CHECK(nonet_xc_to_sudoku(x, &lv, 1, &sol, &err) == NONET_EARG);
    CHECK(strstr(err.message, "sudoku") != NULL);
    nonet_xc_free(x);
    CHECK(nonet_xc_parse(small_dlx, strlen(small_dlx), NULL, NULL, &x, NULL) == NONET_OK);
    CHECK(nonet_xc_to_sudoku(x, &lv, 1, &sol, &err) == NONET_EINCOMPLETE);
    nonet_xc_choice both[2] = {{0, 0, 1, 1}, {1, 1, 1, 1}};
    CHECK(nonet_xc_to_sudoku(x, both, 2, &sol, &err) == NONET_OK);
    CHECK(sol.cells[0] == 1 && sol.cells[15] == 1);
    both[1].option = 0;
    CHECK(nonet_xc_to_sudoku(x, both, 2, &sol, &err) == NONET_EARG);
    nonet_xc_free(x);
}

/* The dlx engine against the general engine, on puzzles of several sizes
 * with 0, 1 and many solutions; and the text path agrees with both. */
static void test_dlx_engine(void)
{
    nonet_solver *dlx = nonet_solver_new(NONET_ENGINE_DLX);
    nonet_solver *gen = nonet_solver_new(NONET_ENGINE_GENERAL);
    CHECK(dlx && gen);
    nonet_engine e;
    CHECK(nonet_engine_from_name("dlx", &e) == NONET_OK && e == NONET_ENGINE_DLX);
    CHECK(strcmp(nonet_engine_name(NONET_ENGINE_DLX), "dlx") == 0);
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}};
    uint32_t seed = 12345;
    int multi = 0, none = 0, unique = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int br = shapes[s][0], bc = shapes[s][1], n = br * bc;
        nonet_grid full;
        CHECK(full_grid(br, bc, &full));
        for (int trial = 0; trial < 24; trial++) {
            nonet_grid p = full;
            int pct = 30 + trial * 3; /* blanks: more and more */
            for (int i = 0; i < n * n; i++) {
                seed = seed * 1103515245u + 12345u;
                if ((int)(seed >> 16) % 100 < pct)
                    p.cells[i] = 0;
            }
            if (trial % 6 == 5) { /* a wrong clue: often no solution */
                seed = seed * 1103515245u + 12345u;
                int i = (int)(seed >> 16) % (n * n);
                if (!p.cells[i])
                    p.cells[i] = (uint8_t)(full.cells[i] % n + 1);
            }
            uint64_t cd, cg, ct;
            nonet_grid sd, sg, st;
            nonet_stats std, stg;
            CHECK(nonet_solver_count(dlx, &p, 500, &cd, &sd, &std) == NONET_OK);
            CHECK(nonet_solver_count(gen, &p, 500, &cg, &sg, &stg) == NONET_OK);
            CHECKF(cd == cg, "%dx%d trial %d: dlx %llu, general %llu", br, bc, trial,
                   (unsigned long long)cd, (unsigned long long)cg);
            if (cd > 0)
                CHECK(verify_solution(p.cells, sd.cells, br, bc));
            nonet_check_result chk;
            if (nonet_check(&p, &chk) == NONET_OK) {
                CHECK(text_round_trip(&p, 500, &ct, &st) && ct == cd);
                if (ct > 0)
                    CHECK(verify_solution(p.cells, st.cells, br, bc));
            }
            multi += cd > 1;
            none += cd == 0;
            unique += cd == 1;
        }
    }
    CHECKF(multi > 10 && none > 2 && unique > 10, "%d multi, %d none, %d unique", multi, none,
           unique);
    /* an empty 4x4: 288 grids; a full grid: one (no items at all) */
    nonet_grid p;
    uint64_t count;
    nonet_grid_init(&p, 2, 2);
    CHECK(nonet_solver_count(dlx, &p, 0, &count, NULL, NULL) == NONET_OK && count == 288);
    CHECK(full_grid(3, 3, &p));
    CHECK(nonet_solver_count(dlx, &p, 0, &count, NULL, NULL) == NONET_OK && count == 1);
    /* the big shapes build and solve */
    CHECK(full_grid(8, 8, &p));
    for (int i = 0; i < 64 * 64; i += 3)
        p.cells[i] = 0;
    nonet_grid sol;
    uint64_t general;
    CHECK(nonet_solver_count(dlx, &p, 2, &count, &sol, NULL) == NONET_OK && count >= 1);
    CHECK(nonet_solver_count(gen, &p, 2, &general, NULL, NULL) == NONET_OK && general == count);
    CHECK(verify_solution(p.cells, sol.cells, 8, 8));
    nonet_solver_free(dlx);
    nonet_solver_free(gen);
}

void suite_xc(void)
{
    RUN(test_knuth_example);
    RUN(test_colors);
    RUN(test_pentominoes);
    RUN(test_queens);
    RUN(test_langford);
    RUN(test_limits_and_stop);
    RUN(test_streaming);
    RUN(test_layout_details);
    RUN(test_errors);
    RUN(test_sizes);
    RUN(test_building);
    RUN(test_sudoku_fixtures);
    RUN(test_sudoku_conflicts);
    RUN(test_sudoku_round_trip);
    RUN(test_dlx_engine);
}
