/* xc_sudoku.c - Sudoku as exact cover: a puzzle written as the input of
 * Knuth's DLX1 (SUDOKU-DLX's form) or DANCE (SUDOKU-PREP's form), and a
 * solution's options mapped back to a grid. The names and forms are
 * described in nonet.h. */
#include "core/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_char(text_buf *t, char ch)
{
    text_put(t, &ch, 1);
}

/* Writes the name kind+a+b: "p35" for sides up to 9, "p3_12" above. */
static void put_name(text_buf *t, char kind, int a, int b, int n)
{
    char s[24];
    int len = n <= 9 ? snprintf(s, sizeof s, "%c%d%d", kind, a, b)
                     : snprintf(s, sizeof s, "%c%d_%d", kind, a, b);
    text_put(t, s, (size_t)len);
}

/* What is still open: for each row, column and box, the digits it lacks. */
typedef struct cover_sets {
    int n, br, bc;
    uint64_t row[NONET_MAX_SIDE], col[NONET_MAX_SIDE], box[NONET_MAX_SIDE]; /* digits present */
} cover_sets;

static int box_of(const cover_sets *s, int r, int c)
{
    return (r / s->br) * s->br + c / s->bc;
}

/* Reads the clues as SUDOKU-DLX does (row-major; each against its row,
 * column, then box) and stops at the first conflict with its sentence. */
static int read_clues(const nonet_grid *g, cover_sets *s, char *why, size_t cap)
{
    /* where each digit was first seen: column in its row, row in its
     * column and in its box (plus 1; 0 = not seen) */
    uint8_t at_row[NONET_MAX_SIDE][NONET_MAX_SIDE], at_col[NONET_MAX_SIDE][NONET_MAX_SIDE],
        at_box[NONET_MAX_SIDE][NONET_MAX_SIDE];
    int n = g->n;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->br = g->box_rows;
    s->bc = g->box_cols;
    for (int i = 0; i < n; i++) {
        memset(at_row[i], 0, (size_t)n);
        memset(at_col[i], 0, (size_t)n);
        memset(at_box[i], 0, (size_t)n);
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int d = g->cells[r * n + c];
            if (!d)
                continue;
            int b = box_of(s, r, c);
            uint64_t bit = (uint64_t)1 << (d - 1);
            if (at_row[r][d - 1]) {
                snprintf(why, cap, "digit %d appears in columns %d and %d of row %d!", d,
                         at_row[r][d - 1] - 1, c, r);
                return NONET_ECONFLICT;
            }
            at_row[r][d - 1] = (uint8_t)(c + 1);
            if (at_col[c][d - 1]) {
                snprintf(why, cap, "digit %d appears in rows %d and %d of column %d!", d,
                         at_col[c][d - 1] - 1, r, c);
                return NONET_ECONFLICT;
            }
            at_col[c][d - 1] = (uint8_t)(r + 1);
            if (at_box[b][d - 1]) {
                snprintf(why, cap, "digit %d appears in rows %d and %d of box %d!", d,
                         at_box[b][d - 1] - 1, r, b);
                return NONET_ECONFLICT;
            }
            at_box[b][d - 1] = (uint8_t)(r + 1);
            s->row[r] |= bit;
            s->col[c] |= bit;
            s->box[b] |= bit;
        }
    }
    return NONET_OK;
}

static void put_comment(text_buf *t, const nonet_grid *g)
{
    int n = g->n;
    text_put(t, "|sudoku", 7);
    if (g->box_rows != 3 || g->box_cols != 3) {
        char shape[32];
        int len = snprintf(shape, sizeof shape, " %dx%d", g->box_rows, g->box_cols);
        text_put(t, shape, (size_t)len);
    }
    for (int r = 0; r < n; r++) {
        put_char(t, '!');
        for (int c = 0; c < n; c++) {
            int d = g->cells[r * n + c];
            if (n <= NONET_MAX_SYMBOL_SIDE) {
                put_char(t, d ? sym_of_digit(d) : '.');
            } else {
                char num[8];
                int len = d ? snprintf(num, sizeof num, "%d", d) : snprintf(num, sizeof num, ".");
                if (c)
                    put_char(t, ',');
                text_put(t, num, (size_t)len);
            }
        }
    }
    put_char(t, '\n');
}

static void put_option(text_buf *t, const cover_sets *s, int r, int c, int d)
{
    int n = s->n;
    put_name(t, 'p', r, c, n);
    put_char(t, ' ');
    put_name(t, 'r', r, d, n);
    put_char(t, ' ');
    put_name(t, 'c', c, d, n);
    put_char(t, ' ');
    put_name(t, 'b', box_of(s, r, c), d, n);
    put_char(t, '\n');
}

long nonet_xc_from_sudoku(const nonet_grid *g, unsigned flags, char *buf, size_t cap,
                          nonet_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (buf && cap)
        buf[0] = '\0';
    if (!g || !grid_well_formed(g) || (flags & ~NONET_XC_DANCE) || (!buf && cap > 0)) {
        if (err) {
            err->code = NONET_EARG;
            snprintf(err->message, sizeof err->message, "%s", nonet_strerror(NONET_EARG));
        }
        return NONET_EARG;
    }
    cover_sets s;
    char why[160];
    if (read_clues(g, &s, why, sizeof why) != NONET_OK) {
        if (err) {
            err->code = NONET_ECONFLICT;
            snprintf(err->message, sizeof err->message, "%s", why);
        }
        return NONET_ECONFLICT;
    }

    int n = g->n, dance = (flags & NONET_XC_DANCE) != 0;
    text_buf t = {buf, cap, 0};
    const char *before = dance ? " " : "", *after = dance ? "" : " ";
    if (!dance)
        put_comment(&t, g);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (!g->cells[r * n + c]) {
                text_put(&t, before, strlen(before));
                put_name(&t, 'p', r, c, n);
                text_put(&t, after, strlen(after));
            }
    static const char kinds[3] = {'r', 'c', 'b'};
    const uint64_t *present[3] = {s.row, s.col, s.box};
    if (dance) { /* by index, digit, then kind */
        for (int k = 0; k < n; k++)
            for (int d = 1; d <= n; d++)
                for (int u = 0; u < 3; u++)
                    if (!(present[u][k] >> (d - 1) & 1)) {
                        put_char(&t, ' ');
                        put_name(&t, kinds[u], k, d, n);
                    }
    } else { /* by kind, index, then digit */
        for (int u = 0; u < 3; u++)
            for (int k = 0; k < n; k++)
                for (int d = 1; d <= n; d++)
                    if (!(present[u][k] >> (d - 1) & 1)) {
                        put_name(&t, kinds[u], k, d, n);
                        put_char(&t, ' ');
                    }
    }
    put_char(&t, '\n');
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int r = dance ? j : i, c = dance ? i : j;
            if (g->cells[r * n + c])
                continue;
            uint64_t taken = s.row[r] | s.col[c] | s.box[box_of(&s, r, c)];
            for (int d = 1; d <= n; d++)
                if (!(taken >> (d - 1) & 1))
                    put_option(&t, &s, r, c, d);
        }
    }
    text_end(&t);
    return (long)t.len;
}

/* ---------------------------------------------------------------- back to a grid */

static int bad(nonet_error *err, int code, const char *message)
{
    if (err) {
        memset(err, 0, sizeof *err);
        err->code = code;
        snprintf(err->message, sizeof err->message, "%s", message);
    }
    return code;
}

/* Parses a decimal number of at most 2 digits at *p; -1 if none. */
static int number_at(const char **p)
{
    const char *s = *p;
    int v = 0, digits = 0;
    while (*s >= '0' && *s <= '9' && digits < 3) {
        v = v * 10 + (*s++ - '0');
        digits++;
    }
    if (digits == 0 || digits > 2)
        return -1;
    *p = s;
    return v;
}

/* Reads "|sudoku[ RxC]!row!row..." into *g. */
static int parse_comment(const char *s, nonet_grid *g, nonet_error *err)
{
    const char *what = "no '|sudoku' comment line giving the puzzle";
    if (strncmp(s, "|sudoku", 7) != 0)
        return bad(err, NONET_EARG, what);
    s += 7;
    int br = 3, bc = 3;
    if (*s == ' ') {
        s++;
        br = number_at(&s);
        if (br < 0 || (*s != 'x' && *s != 'X'))
            return bad(err, NONET_EARG, "bad shape in the '|sudoku' comment line");
        s++;
        bc = number_at(&s);
    }
    if (nonet_grid_init(g, br, bc) != NONET_OK)
        return bad(err, NONET_EARG, "bad shape in the '|sudoku' comment line");
    int n = g->n;
    for (int r = 0; r < n; r++) {
        if (*s++ != '!')
            return bad(err, NONET_EARG, "the '|sudoku' comment line has too few rows");
        for (int c = 0; c < n; c++) {
            int d = 0;
            if (n > NONET_MAX_SYMBOL_SIDE && c > 0 && *s++ != ',')
                return bad(err, NONET_EARG, "bad row in the '|sudoku' comment line");
            if (*s == '.') {
                s++;
            } else if (n <= NONET_MAX_SYMBOL_SIDE) {
                d = digit_of_sym((unsigned char)*s++);
                if (d == 0 || d > n)
                    return bad(err, NONET_EARG, "bad cell in the '|sudoku' comment line");
            } else {
                d = number_at(&s);
                if (d < 1 || d > n)
                    return bad(err, NONET_EARG, "bad cell in the '|sudoku' comment line");
            }
            g->cells[r * n + c] = (uint8_t)d;
        }
    }
    if (*s)
        return bad(err, NONET_EARG, "the '|sudoku' comment line has too many rows");
    return NONET_OK;
}

/* Reads an item name "kAB" (n <= 9) or "kA_B" into a and b. */
static int parse_name(const char *name, char kind, int n, int *a, int *b)
{
    if (name[0] != kind)
        return 0;
    const char *s = name + 1;
    if (n <= 9) {
        if (!(s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' && !s[2]))
            return 0;
        *a = s[0] - '0';
        *b = s[1] - '0';
        return 1;
    }
    *a = number_at(&s);
    if (*a < 0 || *s++ != '_')
        return 0;
    *b = number_at(&s);
    return *b >= 0 && *s == '\0';
}

int nonet_xc_to_sudoku(const nonet_xc *x, const nonet_xc_choice *levels, size_t count,
                       nonet_grid *out, nonet_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
    if (!x || !out || (!levels && count > 0))
        return bad(err, NONET_EARG, nonet_strerror(NONET_EARG));
    int rc = parse_comment(nonet_xc_comment(x), out, err);
    if (rc != NONET_OK)
        return rc;
    int n = out->n;
    for (size_t l = 0; l < count; l++) {
        int items[8];
        int size = nonet_xc_option_items(x, levels[l].option, items, NULL, 8);
        int row = -1, col = -1, digit = -1;
        for (int i = 0; i < size && i < 8; i++) {
            char name[NONET_XC_NAME_MAX + 1];
            int a, b;
            if (nonet_xc_item_name(x, items[i], name) != NONET_OK)
                continue;
            if (parse_name(name, 'p', n, &a, &b) && a < n && b < n) {
                row = a;
                col = b;
            } else if (parse_name(name, 'r', n, &a, &b) && b >= 1 && b <= n) {
                digit = b;
            }
        }
        char why[96];
        if (row < 0 || digit < 0 || out->cells[row * n + col]) {
            snprintf(why, sizeof why, "option %zu %s", levels[l].option + 1,
                     row < 0 || digit < 0 ? "has no cell (p) or digit (r) item"
                                          : "fills a cell that is not empty");
            return bad(err, NONET_EARG, why);
        }
        out->cells[row * n + col] = (uint8_t)digit;
    }
    for (int i = 0; i < n * n; i++)
        if (!out->cells[i])
            return bad(err, NONET_EINCOMPLETE, "the options leave a cell empty");
    return NONET_OK;
}
