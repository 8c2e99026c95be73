/* test_values.c - grids whose digits are not 1 to n (nonet_variant_set_digits:
 * Interactive Sudoku Solver's 0-based grids, ".Shape~4x4~0-3", and grids of
 * more digits than their side, ".Shape~4x4~5"): every rule that reads the
 * digits' values (sums, ratios, parity, the digits a rule lists, clues,
 * expressions) checked by a checker of its own that reads values, over
 * every 4x4 grid of 4 or 5 digits enumerated here, against the engine's
 * counts, on grids of 0 to 3, 1 to 4, 0 to 4 and 1 to 5; the text form,
 * ISS's strings and JSON keep the range; f-puzzles refuses it. */
#include "unit.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#define N 4
#define CELLS 16

static uint64_t rng = 0x9E3779B97F4A7C15u;

static int below(int k)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)k);
}

/* ------------------------------------------------------------ every 4x4 grid */

typedef struct gridset {
    uint8_t (*g)[CELLS];
    int len, cap;
} gridset;

static int sees(int a, int b)
{
    return a / N == b / N || a % N == b % N || (a / N / 2 == b / N / 2 && a % N / 2 == b % N / 2);
}

/* Every grid whose rows, columns and boxes hold different digits of 1..nd
 * into s (from cell c of g); 0, or -1 out of memory. */
static int enumerate(gridset *s, uint8_t *g, int c, int nd)
{
    if (c == CELLS) {
        if (s->len == s->cap) {
            int cap = s->cap ? 2 * s->cap : 512;
            uint8_t(*grown)[CELLS] = realloc(s->g, (size_t)cap * sizeof *grown);
            if (!grown)
                return -1;
            s->g = grown;
            s->cap = cap;
        }
        memcpy(s->g[s->len++], g, CELLS);
        return 0;
    }
    for (int d = 1; d <= nd; d++) {
        int ok = 1;
        for (int o = 0; o < c && ok; o++)
            ok = !(g[o] == d && sees(o, c));
        if (ok) {
            g[c] = (uint8_t)d;
            if (enumerate(s, g, c + 1, nd))
                return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ the rules, in values */

typedef struct con {
    nonet_constraint_type type;
    int value;
    int cells[CELLS + 2], ncells;
    int values[CELLS], nvalues;
    char text[64];
    regex_t re; /* REGEX: its text, compiled (has_re) */
    int has_re;
} con;

/* The value of cell c of grid g (digits 1..N) when digit 1 is lo. */
static int val(const uint8_t *g, int c, int lo)
{
    return g[c] + lo - 1;
}

/* Whether grid g (its digits' values from lo) keeps k. */
static int keeps(const con *k, const uint8_t *g, int lo)
{
    const int *c = k->cells;
    int len = k->ncells, s = 0;
    switch (k->type) {
    case NONET_CON_KILLER:
        for (int i = 0; i < len; i++) {
            for (int j = 0; j < i; j++)
                if (g[c[i]] == g[c[j]])
                    return 0;
            s += val(g, c[i], lo);
        }
        return s == k->value;
    case NONET_CON_SUM:
        return val(g, c[0], lo) + val(g, c[1], lo) == k->value;
    case NONET_CON_RATIO: {
        int a = val(g, c[0], lo), b = val(g, c[1], lo);
        return a == k->value * b || b == k->value * a;
    }
    case NONET_CON_ODD:
    case NONET_CON_EVEN:
        for (int i = 0; i < len; i++)
            if (val(g, c[i], lo) % 2 != (k->type == NONET_CON_ODD))
                return 0;
        return 1;
    case NONET_CON_WEIGHTED_SUM:
        for (int i = 0; i < len; i++)
            s += k->values[i] * val(g, c[i], lo);
        return s == k->value;
    case NONET_CON_DIGITS:
        for (int i = 0; i < len; i++) {
            int in = 0;
            for (int j = 0; j < k->nvalues; j++)
                in |= val(g, c[i], lo) == k->values[j];
            if (!in)
                return 0;
        }
        return 1;
    case NONET_CON_CONTAINS:
    case NONET_CON_QUADRUPLE: {
        int used[CELLS] = {0};
        for (int j = 0; j < k->nvalues; j++) {
            int found = 0;
            for (int i = 0; i < len && !found; i++)
                if (!used[i] && val(g, c[i], lo) == k->values[j])
                    used[i] = found = 1;
            if (!found)
                return 0;
        }
        return 1;
    }
    case NONET_CON_ARROW: /* one bulb cell, NONET_PART, the shaft */
        for (int i = 2; i < len; i++)
            s += val(g, c[i], lo);
        return s == val(g, c[0], lo);
    case NONET_CON_DOUBLE_ARROW:
        for (int i = 1; i + 1 < len; i++)
            s += val(g, c[i], lo);
        return s == val(g, c[0], lo) + val(g, c[len - 1], lo);
    case NONET_CON_SKYSCRAPER: { /* seen: taller than every one before, 0 never */
        int max = 0, seen = 0;
        for (int i = 0; i < len; i++)
            if (val(g, c[i], lo) > max) {
                max = val(g, c[i], lo);
                seen++;
            }
        return seen == k->value;
    }
    case NONET_CON_HIDDEN_SKYSCRAPER: {
        int max = -1;
        for (int i = 0; i < len; i++) {
            if (val(g, c[i], lo) < max)
                return val(g, c[i], lo) == k->value;
            max = val(g, c[i], lo);
        }
        return 0;
    }
    case NONET_CON_REGEX: {
        char line[CELLS + 1];
        for (int i = 0; i < len; i++)
            line[i] = (char)('0' + val(g, c[i], lo));
        line[len] = '\0';
        return k->has_re ? regexec(&k->re, line, 0, NULL, 0) == 0 : -1;
    }
    default:
        return -1;
    }
}

/* ------------------------------------------------------------ random constraints */

/* Two orthogonal neighbours. */
static void neighbours(int *a, int *b)
{
    *a = below(CELLS);
    int r = *a / N, c = *a % N;
    if ((below(2) && c + 1 < N) || r + 1 == N)
        *b = c + 1 < N ? *a + 1 : *a - 1;
    else
        *b = *a + N;
}

/* Distinct random cells, len of them. */
static void some_cells(int *cells, int len)
{
    for (int i = 0; i < len; i++) {
        int again;
        do {
            cells[i] = below(CELLS);
            again = 0;
            for (int j = 0; j < i; j++)
                again |= cells[j] == cells[i];
        } while (again);
    }
}

/* A random constraint of type t that grid s (its values from lo) keeps. */
static void random_con(con *k, nonet_constraint_type t, const uint8_t *s, int lo)
{
    memset(k, 0, sizeof *k);
    k->type = t;
    int *c = k->cells;
    switch (t) {
    case NONET_CON_KILLER:
        k->ncells = 2 + below(2); /* in one row, so that they differ */
        c[0] = below(N) * N + below(N - k->ncells + 1);
        for (int i = 1; i < k->ncells; i++)
            c[i] = c[0] + i;
        for (int i = 0; i < k->ncells; i++)
            k->value += val(s, c[i], lo);
        if (!k->value) /* 0 is no sum */
            k->type = NONET_CON_ODD, k->ncells = 0;
        break;
    case NONET_CON_SUM:
        k->ncells = 2;
        neighbours(&c[0], &c[1]);
        k->value = val(s, c[0], lo) + val(s, c[1], lo);
        if (k->value < 1)
            k->type = NONET_CON_ODD, k->ncells = 0;
        break;
    case NONET_CON_RATIO:
        k->ncells = 2;
        k->value = 2;
        neighbours(&c[0], &c[1]);
        break;
    case NONET_CON_ODD:
    case NONET_CON_EVEN:
        k->ncells = 1;
        c[0] = below(CELLS);
        k->type = val(s, c[0], lo) % 2 ? NONET_CON_ODD : NONET_CON_EVEN;
        break;
    case NONET_CON_WEIGHTED_SUM:
        k->ncells = k->nvalues = 3;
        some_cells(c, 3);
        for (int i = 0; i < 3; i++) {
            k->values[i] = below(2) ? 1 + below(3) : -1 - below(3);
            k->value += k->values[i] * val(s, c[i], lo);
        }
        break;
    case NONET_CON_DIGITS:
        k->ncells = 1 + below(2);
        some_cells(c, k->ncells);
        k->values[k->nvalues++] = val(s, c[0], lo);
        if (k->ncells > 1 && val(s, c[1], lo) != val(s, c[0], lo))
            k->values[k->nvalues++] = val(s, c[1], lo);
        break;
    case NONET_CON_CONTAINS:
        k->ncells = 3;
        some_cells(c, 3);
        k->nvalues = 1 + below(2);
        for (int i = 0; i < k->nvalues; i++)
            k->values[i] = val(s, c[i], lo);
        break;
    case NONET_CON_QUADRUPLE: {
        int tl = below(N - 1) * N + below(N - 1);
        int q[4] = {tl, tl + 1, tl + N, tl + N + 1};
        k->ncells = 4;
        memcpy(c, q, sizeof q);
        k->nvalues = 1 + below(3);
        for (int i = 0; i < k->nvalues; i++)
            k->values[i] = val(s, q[i], lo);
        break;
    }
    case NONET_CON_ARROW:
        k->ncells = 4;
        some_cells(c, 3);
        c[3] = c[2], c[2] = c[1], c[1] = NONET_PART;
        break;
    case NONET_CON_DOUBLE_ARROW: { /* a row, left to right */
        int r = below(N);
        k->ncells = N;
        for (int i = 0; i < N; i++)
            c[i] = r * N + i;
        break;
    }
    case NONET_CON_SKYSCRAPER:
    case NONET_CON_HIDDEN_SKYSCRAPER: { /* a row from the left, or a column from the top */
        int line = below(N), row = below(2);
        k->ncells = N;
        for (int i = 0; i < N; i++)
            c[i] = row ? line * N + i : i * N + line;
        int max = t == NONET_CON_SKYSCRAPER ? 0 : -1, seen = 0;
        for (int i = 0; i < N; i++) {
            int x = val(s, c[i], lo);
            if (t == NONET_CON_HIDDEN_SKYSCRAPER && x < max) {
                k->value = x;
                break;
            }
            if (x > max)
                max = x, seen++;
        }
        if (t == NONET_CON_SKYSCRAPER)
            k->value = seen;
        if (t == NONET_CON_HIDDEN_SKYSCRAPER && max == N + lo - 1 && !k->value && lo)
            k->type = NONET_CON_ODD, k->ncells = 0; /* no hidden one here */
        break;
    }
    case NONET_CON_REGEX: { /* a row: its values, some left to '.' or a class */
        int r = below(N), len = 0;
        k->ncells = N;
        for (int i = 0; i < N; i++) {
            c[i] = r * N + i;
            int x = val(s, c[i], lo), pick = below(3);
            if (pick == 0)
                len += snprintf(k->text + len, sizeof k->text - (size_t)len, "%d", x);
            else if (pick == 1)
                len += snprintf(k->text + len, sizeof k->text - (size_t)len, ".");
            else
                len += snprintf(k->text + len, sizeof k->text - (size_t)len, "[%d-%d]", lo,
                                x > lo ? x : lo + 1);
        }
        break;
    }
    default:
        break;
    }
    if (k->type == NONET_CON_ODD && !k->ncells) {
        k->ncells = 1;
        c[0] = below(CELLS);
        k->type = val(s, c[0], lo) % 2 ? NONET_CON_ODD : NONET_CON_EVEN;
    }
}

static const nonet_constraint_type kinds[] = {
    NONET_CON_KILLER,       NONET_CON_SUM,          NONET_CON_RATIO,
    NONET_CON_ODD,          NONET_CON_WEIGHTED_SUM, NONET_CON_DIGITS,
    NONET_CON_CONTAINS,     NONET_CON_QUADRUPLE,    NONET_CON_ARROW,
    NONET_CON_DOUBLE_ARROW, NONET_CON_SKYSCRAPER,   NONET_CON_HIDDEN_SKYSCRAPER,
    NONET_CON_REGEX};
#define NKINDS ((int)(sizeof kinds / sizeof *kinds))

static nonet_variant *build(const con *cons, int ncons, int lo, int nd, char *why, size_t cap)
{
    nonet_grid g;
    nonet_grid_init(&g, 2, 2);
    nonet_variant *v = nonet_variant_new(&g);
    if (!v || nonet_variant_set_digits(v, lo, lo + nd - 1, why, cap) != NONET_OK) {
        nonet_variant_free(v);
        return NULL;
    }
    for (int i = 0; i < ncons; i++) {
        const con *k = &cons[i];
        nonet_constraint c = {k->type,
                              k->value,
                              k->ncells,
                              k->cells,
                              k->nvalues,
                              k->nvalues ? k->values : NULL,
                              k->text[0] ? k->text : NULL};
        if (nonet_variant_add(v, &c, why, cap) != NONET_OK) {
            nonet_variant_free(v);
            return NULL;
        }
    }
    return v;
}

/* trials random mixes on the grids of s (nd digits), digits from 0 and
 * from 1 in turn: 0 when each count is the checker's, else the trial. */
static int mixes(const gridset *s, int nd, int trials, char *what, size_t cap)
{
    for (int trial = 0; trial < trials; trial++) {
        int lo = trial % 2 ? 0 : 1, ncons = 1 + below(3), wrong = 0;
        const uint8_t *sol = s->g[below(s->len)];
        con cons[3];
        for (int i = 0; i < ncons; i++) {
            random_con(&cons[i], kinds[i == 0 ? trial / 2 % NKINDS : below(NKINDS)], sol, lo);
            if (cons[i].type == NONET_CON_REGEX) {
                char re[80];
                snprintf(re, sizeof re, "^(%s)$", cons[i].text);
                cons[i].has_re = !regcomp(&cons[i].re, re, REG_EXTENDED | REG_NOSUB);
            }
        }
        char why[200] = "";
        nonet_variant *v = build(cons, ncons, lo, nd, why, sizeof why);
        uint64_t want = 0, got = 0;
        for (int i = 0; i < s->len && v && !wrong; i++) {
            int ok = 1;
            for (int j = 0; j < ncons && ok; j++) {
                ok = keeps(&cons[j], s->g[i], lo);
                wrong = ok < 0;
            }
            want += (uint64_t)(ok > 0);
        }
        int rc = v ? nonet_variant_count(v, 0, &got, NULL, NULL, NULL) : NONET_EARG;
        char text[2048] = "";
        if (v)
            nonet_variant_format(v, text, sizeof text);
        nonet_variant_free(v);
        for (int i = 0; i < ncons; i++)
            if (cons[i].has_re)
                regfree(&cons[i].re);
        if (!v || wrong || rc != NONET_OK || got != want) {
            snprintf(what, cap,
                     "trial %d (digits %d to %d): %s; nonet counts %llu, the checker %llu%s:\n%s",
                     trial, lo, lo + nd - 1, v ? "built" : why, (unsigned long long)got,
                     (unsigned long long)want, wrong ? " (a type without a checker)" : "", text);
            return trial + 1;
        }
    }
    return 0;
}

/* The digit (0 .. 4) a house of g misses (g's digits 1..5 are the values
 * 0..4); -1 when it holds no 0 or misses two. */
static int missing(const uint8_t *g, const int *house)
{
    int seen = 0;
    for (int i = 0; i < N; i++)
        seen |= 1 << (g[house[i]] - 1);
    if (!(seen & 1) || __builtin_popcount((unsigned)seen) != N)
        return -1;
    for (int v = 1; v <= N; v++)
        if (!(seen >> v & 1))
            return v;
    return -1;
}

/* Whether g (values 0..4, as digits 1..5) is a doppelganger grid: every
 * house holds the 0 and misses one of 1..4, no two rows (columns, boxes)
 * miss the same, and at each 0 its three houses' missing digits differ. */
static int doppelganger(const uint8_t *g)
{
    int miss[3][N];
    for (int i = 0; i < N; i++) {
        int h[3][N];
        for (int j = 0; j < N; j++) {
            h[0][j] = i * N + j;
            h[1][j] = j * N + i;
            h[2][j] = (i / 2 * 2 + j / 2) * N + i % 2 * 2 + j % 2;
        }
        for (int t = 0; t < 3; t++)
            if ((miss[t][i] = missing(g, h[t])) < 0)
                return 0;
    }
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < i; j++)
                if (miss[t][i] == miss[t][j])
                    return 0;
    for (int c = 0; c < CELLS; c++) {
        int r = miss[0][c / N], col = miss[1][c % N], b = miss[2][c / N / 2 * 2 + c % N / 2];
        if (g[c] == 1 && (r == col || r == b || col == b))
            return 0;
    }
    return 1;
}

/* Doppelganger on 4x4 of values 0-4, alone and with givens from one of its
 * grids: the engine's count is the checker's over every grid of 5 digits. */
static int doppel_trials(const gridset *s, char *what, size_t cap)
{
    uint64_t all = 0;
    int first = -1;
    for (int i = 0; i < s->len; i++)
        if (doppelganger(s->g[i])) {
            all++;
            first = first < 0 ? i : first;
        }
    if (!all) {
        snprintf(what, cap, "no doppelganger grid among %d", s->len);
        return 1;
    }
    for (int trial = 0; trial < 12; trial++) {
        nonet_grid g;
        nonet_grid_init(&g, 2, 2);
        const uint8_t *sol = s->g[first];
        int picks = trial ? 1 + below(5) : 0;
        for (int k = 0; k < picks; k++) {
            int c = below(CELLS);
            g.cells[c] = sol[c];
        }
        uint64_t want = 0, got = 0;
        for (int i = 0; i < s->len; i++) {
            int ok = doppelganger(s->g[i]);
            for (int c = 0; c < CELLS && ok; c++)
                ok = !g.cells[c] || g.cells[c] == s->g[i][c];
            want += (uint64_t)ok;
        }
        char why[200] = "";
        nonet_grid empty;
        nonet_grid_init(&empty, 2, 2);
        nonet_variant *v = nonet_variant_new(&empty);
        nonet_constraint dg = {NONET_CON_DOPPELGANGER, 0, 0, NULL, 0, NULL, NULL};
        int set = v && nonet_variant_set_digits(v, 0, 4, why, sizeof why) == NONET_OK;
        for (int c = 0; c < CELLS && set; c++) /* digits past 4 too: set_given */
            set = nonet_variant_set_given(v, c, g.cells[c], why, sizeof why) == NONET_OK;
        int rc = set && nonet_variant_add(v, &dg, why, sizeof why) == NONET_OK
                     ? nonet_variant_count(v, 0, &got, NULL, NULL, NULL)
                     : NONET_EARG;
        nonet_variant_free(v);
        if (rc != NONET_OK || got != want) {
            char gl[CELLS + 1];
            for (int c = 0; c < CELLS; c++)
                gl[c] = (char)(g.cells[c] ? '0' + g.cells[c] - 1 : '.');
            gl[CELLS] = '\0';
            snprintf(what, cap,
                     "doppelganger trial %d (%d givens, %s): %s; nonet %llu, the checker %llu",
                     trial, picks, gl, why, (unsigned long long)got, (unsigned long long)want);
            return 1;
        }
    }
    return 0;
}

/* Each kind alone and in mixes, on digits 0-3, 1-4 (every 4x4 grid of 4
 * digits) and 0-4, 1-5 (of 5): the engine's count is the checker's. */
static void test_values_bruteforce(void)
{
    gridset four = {0}, five = {0};
    uint8_t g[CELLS] = {0};
    int ok = !enumerate(&four, g, 0, 4) && !enumerate(&five, g, 0, 5);
    char what[2600] = "";
    int bad =
        ok && four.len == 288 && five.len == 166560 ? mixes(&four, 4, 600, what, sizeof what) : -1;
    if (!bad)
        bad = mixes(&five, 5, 80, what, sizeof what);
    if (!bad)
        bad = doppel_trials(&five, what, sizeof what);
    free(four.g);
    free(five.g);
    CHECKF(bad >= 0, "enumerated %d and %d grids", four.len, five.len);
    CHECKF(!bad, "%.400s", what);
}

static uint64_t count_text(const char *text, int *lo)
{
    nonet_variant *v = NULL;
    nonet_error err;
    if (nonet_variant_parse(text, strlen(text), &v, NULL, &err) != NONET_OK)
        return 999;
    uint64_t got = 0;
    nonet_variant_digits(v, lo, NULL);
    nonet_variant_count(v, 0, &got, NULL, NULL, NULL);
    nonet_variant_free(v);
    return got;
}

/* The range read and written: text form, ISS's strings, JSON; f-puzzles
 * refuses it; a rule whose values nonet does not convert is refused. */
static void test_values_forms(void)
{
    const char *iss = ".Shape~4x4~0-3.~R1C1_0~R2C3_3.Cage~5~R1C2~R1C3.BlackDot~R4C1~R4C2";
    nonet_variant *v = NULL;
    nonet_error err;
    CHECK(nonet_variant_parse(iss, strlen(iss), &v, NULL, &err) == NONET_OK);
    int lo = -1, hi = -1;
    nonet_variant_digits(v, &lo, &hi);
    CHECK(lo == 0 && hi == 3);
    CHECK(nonet_variant_symbols(v) && !strcmp(nonet_variant_symbols(v), "0123"));
    CHECK(nonet_variant_grid(v)->cells[0] == 1); /* the value 0: digit 1 */
    uint64_t count = 0;
    nonet_grid sol;
    CHECK(nonet_variant_count(v, 0, &count, &sol, NULL, NULL) == NONET_OK);
    CHECK(count >= 1);
    /* the solution in values: r1c2 + r1c3 = 5, r4c1/r4c2 a ratio of 2 */
    CHECK(sol.cells[1] - 1 + sol.cells[2] - 1 == 5);
    int a = sol.cells[12] - 1, b = sol.cells[13] - 1;
    CHECK(a == 2 * b || b == 2 * a);

    char text[1024], back[1024], json[1024], why[200];
    CHECK(nonet_variant_format(v, text, sizeof text) > 0);
    CHECKF(strstr(text, "values 0-3\n") && text[0] == '0', "%.400s", text);
    int lo2 = -1;
    CHECK(count_text(text, &lo2) == count && lo2 == 0);
    CHECK(nonet_variant_iss(v, back, sizeof back, why, sizeof why) > 0);
    CHECKF(strstr(back, ".Shape~4x4~0-3") && strstr(back, "R1C1_0"), "%.400s", back);
    lo2 = -1;
    CHECK(count_text(back, &lo2) == count && lo2 == 0);
    CHECK(nonet_variant_json(v, json, sizeof json) > 0);
    CHECKF(strstr(json, "{\"type\":\"values\",\"from\":0,\"to\":3}"), "%.400s", json);
    CHECK(nonet_variant_fpuzzles(v, NULL, 0, back, sizeof back, why, sizeof why) == NONET_EARG);
    CHECKF(strstr(why, "0 to 3"), "%s", why);
    /* the range is set before the constraints, and is 0 or 1 to n */
    CHECK(nonet_variant_set_digits(v, 1, 4, why, sizeof why) == NONET_EARG);
    nonet_variant_free(v);

    nonet_grid g;
    nonet_grid_init(&g, 2, 2);
    v = nonet_variant_new(&g);
    CHECK(v);
    CHECK(nonet_variant_set_digits(v, 2, 5, why, sizeof why) == NONET_EARG);
    CHECK(nonet_variant_set_digits(v, 0, 2, why, sizeof why) == NONET_EARG); /* too few */
    CHECK(nonet_variant_set_digits(v, 1, 36, why, sizeof why) == NONET_EARG);
    CHECK(nonet_variant_set_digits(v, 0, 3, why, sizeof why) == NONET_OK);
    CHECK(nonet_variant_symbols(v) != NULL);
    CHECK(nonet_variant_set_given(v, 0, 5, why, sizeof why) == NONET_EARG); /* digits 1..4 */
    CHECK(nonet_variant_set_given(v, 16, 1, why, sizeof why) == NONET_EARG);
    CHECK(nonet_variant_set_given(v, 15, 4, why, sizeof why) == NONET_OK);
    CHECK(nonet_variant_grid(v)->cells[15] == 4);
    CHECK(nonet_variant_set_given(v, 15, 0, why, sizeof why) == NONET_OK);
    /* a digit out of 0-3 is refused; a rule nonet does not convert too */
    int cells[4] = {0, 1, 2, 3}, four[1] = {4}, zero[1] = {0};
    nonet_constraint c = {NONET_CON_DIGITS, 0, 1, cells, 1, four, NULL};
    CHECK(nonet_variant_add(v, &c, why, sizeof why) == NONET_EARG);
    c.values = zero;
    CHECK(nonet_variant_add(v, &c, why, sizeof why) == NONET_OK);
    nonet_constraint sw = {NONET_CON_SANDWICH, 3, 4, cells, 0, NULL, NULL};
    CHECK(nonet_variant_add(v, &sw, why, sizeof why) == NONET_EARG);
    CHECKF(strstr(why, "0 to 3"), "%s", why);
    nonet_variant_free(v);

    /* more digits than the side: a given past it kept through the forms */
    const char *more = ".Shape~4x4~6.~R1C1_6~R2C2_5.Cage~9~R4C1~R4C2.Arrow~R3C1~R3C2~R3C3";
    v = NULL;
    CHECK(nonet_variant_parse(more, strlen(more), &v, NULL, &err) == NONET_OK);
    nonet_variant_digits(v, &lo, &hi);
    CHECK(lo == 1 && hi == 6 && nonet_variant_grid(v)->cells[0] == 6);
    CHECK(!strcmp(nonet_variant_symbols(v), "123456"));
    CHECK(nonet_variant_count(v, 0, &count, &sol, NULL, NULL) == NONET_OK && count > 1);
    CHECK(sol.cells[0] == 6 && sol.cells[5] == 5 && sol.cells[12] + sol.cells[13] == 9);
    for (int r = 0; r < 4; r++) /* rows hold different digits, some past 4 */
        for (int x = 0; x < 4; x++)
            for (int y = x + 1; y < 4; y++)
                CHECK(sol.cells[r * 4 + x] != sol.cells[r * 4 + y]);
    CHECK(nonet_variant_format(v, text, sizeof text) > 0);
    CHECKF(strstr(text, "values 1-6\ndigits r1c1 [6]\ndigits r2c2 [5]\n"), "%.400s", text);
    CHECK(count_text(text, &lo2) == count);
    CHECK(nonet_variant_iss(v, back, sizeof back, why, sizeof why) > 0);
    CHECKF(strstr(back, ".Shape~4x4~6") && strstr(back, "R1C1_6"), "%.400s", back);
    CHECK(count_text(back, &lo2) == count);
    CHECK(nonet_variant_json(v, json, sizeof json) > 0);
    CHECKF(strstr(json, "{\"type\":\"values\",\"from\":1,\"to\":6}"), "%.400s", json);
    char line[64];
    nonet_format_opts fo = {'.', nonet_variant_symbols(v), NULL, 0};
    CHECK(nonet_format_with(&sol, NONET_LAYOUT_LINE, &fo, line, sizeof line) >= 16);
    CHECK(line[0] == '6' && line[5] == '5');
    CHECK(nonet_format(&sol, NONET_LAYOUT_LINE, '.', line, sizeof line) < 0); /* 1-4 symbols */
    nonet_variant_free(v);
    /* the rules that rest on n digits are refused */
    const char *sand = ".Shape~4x4~6.Sandwich~3~R1";
    v = NULL;
    CHECK(nonet_variant_parse(sand, strlen(sand), &v, NULL, &err) == NONET_EARG && !v);
    CHECKF(strstr(err.message, "1 to 6"), "%s", err.message);

    /* '0' is a digit in an expression only on such grids */
    const char *re1 = "....\n....\n....\n....\nregex r1c1 r1c2 \"0.*\"\n";
    CHECK(count_text(re1, &lo2) == 999);
    const char *re0 = "....\n....\n....\n....\nvalues 0-3\nregex r1c1 r1c2 \"0.*\"\n";
    CHECK(count_text(re0, &lo2) == 288 / 4 && lo2 == 0);
}

void suite_values(void)
{
    RUN(test_values_bruteforce);
    RUN(test_values_forms);
}
