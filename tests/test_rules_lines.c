/* test_rules_lines.c - the named line rules of issue 39 (palindrome,
 * between, lockout, region-sum, sum line, zipper, modular, entropic,
 * parity, Nabner, Dutch whispers, slow thermometer; src/variant/
 * rules_lines.c) against a checker of each written here from the rules
 * as setters state them (not the library's definitions): counts and
 * true candidates on 4x4 against every grid enumerated here (boxes and
 * random jigsaws), counts on 6x6 with a third of a random grid given
 * against a plain search here, the library's check of filled grids, the
 * three automata against the definitions on every short line, the text
 * form, f-puzzles' keys and the drawings the constraint extension puts
 * beside them. (test_variant.c's test_rules_round_trip writes and reads
 * every row of the table, these among them, as text and JSON.) */
#include "unit.h"
#include "variant/variant.h" /* the automata (test_automata) */

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ randomness */

static uint64_t rng = 0x5DEECE66Du;

static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int below(int k)
{
    return (int)(rnd() % (uint64_t)k);
}

/* ------------------------------------------------------------ the rules, as setters state them */

static const nonet_constraint_type lines[] = {
    NONET_CON_PALINDROME, NONET_CON_BETWEEN, NONET_CON_LOCKOUT,       NONET_CON_REGION_SUM,
    NONET_CON_SUM_LINE,   NONET_CON_ZIPPER,  NONET_CON_MODULAR,       NONET_CON_ENTROPIC,
    NONET_CON_PARITY,     NONET_CON_NABNER,  NONET_CON_DUTCH_WHISPER, NONET_CON_SLOW_THERMO};
#define NLINES ((int)(sizeof lines / sizeof lines[0]))

#define MAXLEN 16

typedef struct tline {
    nonet_constraint_type type;
    int value, ncells, cells[MAXLEN + 1];
} tline;

typedef struct tpuz {
    int n, br, bc;
    int jigsaw; /* region[] holds a jigsaw's regions, else the boxes */
    uint8_t region[36];
    tline k[4];
    int nk;
} tpuz;

static void boxes(tpuz *t)
{
    for (int c = 0; c < t->n * t->n; c++)
        t->region[c] = (uint8_t)(c / t->n / t->br * (t->n / t->bc) + c % t->n / t->bc);
    t->jigsaw = 0;
}

static int absd(int a)
{
    return a < 0 ? -a : a;
}

/* The three ranks of an entropic line: "split into three groups of equal
 * size; where the size is no multiple of 3, the middle group is the one
 * that differs" (the f-puzzles constraint extension). */
static int rank_of(int n, int d)
{
    int size[3] = {n / 3, n / 3, n / 3};
    if (n % 3 == 1)
        size[1]++;
    else if (n % 3 == 2)
        size[0]++, size[2]++;
    return d <= size[0] ? 0 : d <= size[0] + size[1] ? 1 : 2;
}

/* A line cut greedily into stretches summing to v (the digits are
 * positive, so the cuts are forced): whether it ends on a cut. */
static int cuts_into(const int *d, int len, int v)
{
    int p = 0;
    for (int i = 0; i < len; i++) {
        p += d[i];
        if (p == v)
            p = 0;
        else if (p > v)
            return 0;
    }
    return p == 0;
}

/* Whether the digits g keep line k of puzzle t. */
static int keeps(const tpuz *t, const tline *k, const uint8_t *g)
{
    int n = t->n, len = k->ncells, d[MAXLEN + 1] = {0};
    if (len < 1 || len > MAXLEN + 1)
        return 0;
    for (int i = 0; i < len; i++)
        d[i] = g[k->cells[i]];
    int first = d[0], last = d[len - 1], lo = first < last ? first : last;
    int hi = first < last ? last : first;
    switch (k->type) {
    case NONET_CON_PALINDROME:
        for (int i = 0; i < len; i++)
            if (d[i] != d[len - 1 - i])
                return 0;
        return 1;
    case NONET_CON_BETWEEN:
        for (int i = 1; i < len - 1; i++)
            if (d[i] <= lo || d[i] >= hi)
                return 0;
        return 1;
    case NONET_CON_LOCKOUT: /* 4 on 9x9, n/2 rounded up less 1 elsewhere */
        if (hi - lo < (k->value ? k->value : (n + 1) / 2 - 1))
            return 0;
        for (int i = 1; i < len - 1; i++)
            if (d[i] >= lo && d[i] <= hi)
                return 0;
        return 1;
    case NONET_CON_REGION_SUM: {
        int sums[MAXLEN], nsums = 0;
        for (int i = 0; i < len; i++) {
            if (!i || t->region[k->cells[i]] != t->region[k->cells[i - 1]])
                sums[nsums++] = 0;
            sums[nsums - 1] += d[i];
        }
        for (int s = 1; s < nsums; s++)
            if (sums[s] != sums[0])
                return 0;
        return 1;
    }
    case NONET_CON_SUM_LINE: {
        if (!(len > 2 && k->cells[0] == k->cells[len - 1]))
            return cuts_into(d, len, k->value);
        for (int r = 0; r < len - 1; r++) { /* a loop: cut first before cell r */
            int rot[MAXLEN];
            for (int i = 0; i < len - 1; i++)
                rot[i] = d[(r + i) % (len - 1)];
            if (cuts_into(rot, len - 1, k->value))
                return 1;
        }
        return 0;
    }
    case NONET_CON_ZIPPER: {
        int sum = len % 2 ? d[len / 2] : first + last;
        for (int i = 0; i < len / 2; i++)
            if (d[i] + d[len - 1 - i] != sum)
                return 0;
        return 1;
    }
    case NONET_CON_MODULAR: {
        int m = k->value ? k->value : 3;
        for (int i = 0; i < len; i++)
            for (int j = i + 1; j < len && j < i + m; j++)
                if (d[i] % m == d[j] % m)
                    return 0;
        return 1;
    }
    case NONET_CON_ENTROPIC:
        for (int i = 0; i < len; i++)
            for (int j = i + 1; j < len && j < i + 3; j++)
                if (rank_of(n, d[i]) == rank_of(n, d[j]))
                    return 0;
        return 1;
    case NONET_CON_PARITY:
        for (int i = 1; i < len; i++)
            if (d[i] % 2 == d[i - 1] % 2)
                return 0;
        return 1;
    case NONET_CON_NABNER:
        for (int i = 0; i < len; i++)
            for (int j = i + 1; j < len; j++)
                if (absd(d[i] - d[j]) < 2)
                    return 0;
        return 1;
    case NONET_CON_DUTCH_WHISPER: { /* the extension's ceil(size / 2) - 1 */
        int gap = (n + 1) / 2 - 1;
        for (int i = 1; i < len; i++)
            if (absd(d[i] - d[i - 1]) < (gap > 1 ? gap : 1))
                return 0;
        return 1;
    }
    case NONET_CON_SLOW_THERMO:
        for (int i = 1; i < len; i++)
            if (d[i] < d[i - 1])
                return 0;
        return 1;
    default:
        return 0;
    }
}

static int keeps_all(const tpuz *t, const uint8_t *g)
{
    for (int i = 0; i < t->nk; i++)
        if (!keeps(t, &t->k[i], g))
            return 0;
    return 1;
}

/* ------------------------------------------------------------ grids enumerated here */

/* Every complete grid of t's shape (rows, columns, t's regions) keeping
 * the givens in g, by a plain search (the digits each row, column and
 * region has used as sets); those that keep t's lines counted, their
 * digits into cands. */
typedef struct tally {
    const tpuz *t;
    uint64_t grids, count, cands[36];
    unsigned row[6], col[6], reg[6];
} tally;

static void fill_at(tally *y, uint8_t *g, int c)
{
    const tpuz *t = y->t;
    int n = t->n;
    if (c == n * n) {
        y->grids++;
        if (!keeps_all(t, g))
            return;
        y->count++;
        for (int x = 0; x < n * n; x++)
            y->cands[x] |= (uint64_t)1 << (g[x] - 1);
        return;
    }
    if (g[c]) {
        fill_at(y, g, c + 1);
        return;
    }
    int r = c / n, col = c % n, reg = t->region[c];
    unsigned used = y->row[r] | y->col[col] | y->reg[reg];
    for (int d = 1; d <= n; d++) {
        unsigned bit = 1u << d;
        if (used & bit)
            continue;
        g[c] = (uint8_t)d;
        y->row[r] |= bit, y->col[col] |= bit, y->reg[reg] |= bit;
        fill_at(y, g, c + 1);
        y->row[r] &= ~bit, y->col[col] &= ~bit, y->reg[reg] &= ~bit;
        g[c] = 0;
    }
}

static void fill(tally *y, uint8_t *g)
{
    const tpuz *t = y->t;
    int n = t->n;
    for (int c = 0; c < n * n; c++) {
        unsigned bit = 1u << g[c];
        int r = c / n, col = c % n, reg = t->region[c];
        if (!g[c])
            continue;
        if ((y->row[r] | y->col[col] | y->reg[reg]) & bit)
            return; /* givens that clash: no grid */
        y->row[r] |= bit, y->col[col] |= bit, y->reg[reg] |= bit;
    }
    fill_at(y, g, 0);
}

/* A random complete grid of t's shape into g (0 when it has none). */
static int random_grid(const tpuz *t, uint8_t *g, int c)
{
    int n = t->n, order[6];
    if (c == n * n)
        return 1;
    for (int d = 0; d < n; d++)
        order[d] = d + 1;
    for (int d = n - 1; d > 0; d--) {
        int j = below(d + 1), x = order[d];
        order[d] = order[j];
        order[j] = x;
    }
    for (int i = 0; i < n; i++) {
        int d = order[i], ok = 1;
        for (int o = 0; o < c && ok; o++)
            ok = !(g[o] == d && (o / n == c / n || o % n == c % n || t->region[o] == t->region[c]));
        if (!ok)
            continue;
        g[c] = (uint8_t)d;
        if (random_grid(t, g, c + 1))
            return 1;
        g[c] = 0;
    }
    return 0;
}

/* A random partition of a 4x4 grid into 4 regions of 4 cells. */
static void random_jigsaw(tpuz *t)
{
    int perm[16];
    for (int c = 0; c < 16; c++)
        perm[c] = c;
    for (int c = 15; c > 0; c--) {
        int j = below(c + 1), x = perm[c];
        perm[c] = perm[j];
        perm[j] = x;
    }
    for (int c = 0; c < 16; c++)
        t->region[perm[c]] = (uint8_t)(c / 4);
    t->jigsaw = 1;
}

/* ------------------------------------------------------------ random lines */

static int on_line(const tline *k, int c)
{
    for (int i = 0; i < k->ncells; i++)
        if (k->cells[i] == c)
            return 1;
    return 0;
}

/* A king's step from c to a cell not on k (again: any cell but c and the
 * one before it), or -1. */
static int step(int n, const tline *k, int c, int again)
{
    for (int tries = 0; tries < 40; tries++) {
        int r = c / n + below(3) - 1, col = c % n + below(3) - 1, x = r * n + col;
        if (r < 0 || r >= n || col < 0 || col >= n || x == c)
            continue;
        if (again ? k->ncells < 2 || x != k->cells[k->ncells - 2] : !on_line(k, x))
            return x;
    }
    return -1;
}

static int king(int n, int a, int b)
{
    int dr = absd(a / n - b / n), dc = absd(a % n - b % n);
    return dr <= 1 && dc <= 1 && dr + dc > 0;
}

/* A random line of type for t (its value as the rule takes one); sol,
 * when not NULL, a grid from which most values are taken. */
static void random_line_once(const tpuz *t, tline *k, nonet_constraint_type type,
                             const uint8_t *sol)
{
    int n = t->n;
    memset(k, 0, sizeof *k);
    k->type = type;
    int path = type == NONET_CON_PARITY || type == NONET_CON_DUTCH_WHISPER;
    int least = type == NONET_CON_BETWEEN || type == NONET_CON_LOCKOUT ? 2 : 1;
    for (;;) {
        int want = least + below((n == 4 ? 6 : 8) - least + 1);
        k->ncells = 0;
        if (type == NONET_CON_NABNER) { /* a set: any cells */
            want = 1 + below(n == 4 ? 3 : 4);
            while (k->ncells < want) {
                int c = below(n * n);
                if (!on_line(k, c))
                    k->cells[k->ncells++] = c;
            }
            break;
        }
        k->cells[k->ncells++] = below(n * n);
        int again = path && below(3) == 0; /* a line that may come back to a cell */
        while (k->ncells < want) {
            int c = step(n, k, k->cells[k->ncells - 1], again);
            if (c < 0)
                break;
            k->cells[k->ncells++] = c;
        }
        if (k->ncells < want)
            continue;
        /* a sum line, one in three: a loop closing on its first cell */
        if (type == NONET_CON_SUM_LINE && below(3) == 0 && !again) {
            if (want < 2 || !king(n, k->cells[0], k->cells[want - 1]))
                continue;
            k->cells[k->ncells++] = k->cells[0];
        }
        break;
    }
    if (type == NONET_CON_LOCKOUT)
        k->value = below(2) ? 0 : 1 + below(n - 1);
    else if (type == NONET_CON_MODULAR)
        k->value = below(2) ? 0 : 1 + below(n);
    else if (type == NONET_CON_SUM_LINE) {
        int total = 0, fits[64] = {0}, nfits = 0;
        for (int i = 0; i < k->ncells; i++)
            total += sol ? sol[k->cells[i]] : n;
        for (int v = 1; sol && v <= total && nfits < 64; v++) {
            k->value = v;
            if (keeps(t, k, sol))
                fits[nfits++] = v;
        }
        k->value = nfits && below(4) ? fits[below(nfits)] : 1 + below(total);
    }
}

/* As random_line_once, most times a line that sol (when not NULL) keeps. */
static void random_line(const tpuz *t, tline *k, nonet_constraint_type type, const uint8_t *sol)
{
    for (int tries = 0; tries < 100; tries++) {
        random_line_once(t, k, type, sol);
        if (!sol || keeps(t, k, sol) || below(40) == 0)
            return;
    }
}

/* The library's variant of t with givens (NULL: refused, why says why). */
static nonet_variant *build(const tpuz *t, const uint8_t *givens, char *why, size_t cap)
{
    nonet_grid g;
    nonet_grid_init(&g, t->br, t->bc);
    for (int c = 0; c < t->n * t->n; c++)
        g.cells[c] = givens ? givens[c] : 0;
    nonet_variant *v = nonet_variant_new(&g);
    if (!v)
        return NULL;
    if (t->jigsaw && nonet_variant_set_regions(v, t->region, why, cap) != NONET_OK) {
        nonet_variant_free(v);
        return NULL;
    }
    for (int i = 0; i < t->nk; i++) {
        const tline *k = &t->k[i];
        nonet_constraint c = {k->type, k->value, k->ncells, k->cells, 0, NULL, NULL};
        if (nonet_variant_add(v, &c, why, cap) != NONET_OK) {
            nonet_variant_free(v);
            return NULL;
        }
    }
    return v;
}

/* ------------------------------------------------------------ tests */

/* 4x4, each rule: random sets of its lines (one in four with another
 * rule's line), on the boxes and on random jigsaws; the engine's count
 * and true candidates against every grid enumerated here. */
static void test_bruteforce_4x4(void)
{
    rng = 44;
    for (int r = 0; r < NLINES; r++) {
        int sets = 0, some = 0, cut = 0;
        for (int round = 0; round < 100; round++) {
            tpuz t = {.n = 4, .br = 2, .bc = 2};
            boxes(&t);
            if (round % 5 == 4)
                random_jigsaw(&t);
            uint8_t sol[36] = {0};
            if (!random_grid(&t, sol, 0))
                continue; /* a jigsaw with no grid */
            int want = 1 + below(2);
            for (int i = 0; i < want; i++)
                random_line(&t, &t.k[t.nk++], lines[r], below(4) ? sol : NULL);
            if (below(4) == 0)
                random_line(&t, &t.k[t.nk++], lines[below(NLINES)], sol);
            char why[200] = "";
            nonet_variant *v = build(&t, NULL, why, sizeof why);
            CHECKF(v, "%s round %d: refused: %s", nonet_constraint_name(lines[r]), round, why);
            tally y = {.t = &t};
            uint8_t g[36] = {0};
            fill(&y, g);
            uint64_t count = 0, cands[16], sols = 0;
            int rc = nonet_variant_count(v, 0, &count, NULL, NULL, NULL);
            int rc2 = nonet_variant_candidates(v, 0, cands, &sols, NULL, NULL);
            nonet_variant_free(v);
            CHECK(rc == NONET_OK && rc2 == NONET_OK);
            CHECKF(count == y.count, "%s round %d: engine %llu, enumerated %llu",
                   nonet_constraint_name(lines[r]), round, (unsigned long long)count,
                   (unsigned long long)y.count);
            for (int c = 0; c < 16; c++)
                CHECKF(cands[c] == y.cands[c], "%s round %d: cell %d's true candidates",
                       nonet_constraint_name(lines[r]), round, c);
            CHECK(sols == (y.count < 2 ? y.count : 2));
            sets++;
            some += y.count > 0;
            cut += y.count > 0 && y.count < y.grids;
        }
        /* the test tested something: solvable sets, some the rule cut down */
        CHECKF(sets >= 80 && some > 30 && cut > 10, "%s: %d sets, %d solvable, %d cut",
               nonet_constraint_name(lines[r]), sets, some, cut);
    }
}

/* 6x6, each rule: lines made from a random grid (most values its), a
 * third of its digits given; the engine's count against the grids here. */
static void test_bruteforce_6x6(void)
{
    rng = 66;
    for (int r = 0; r < NLINES; r++) {
        int some = 0;
        for (int round = 0; round < 30; round++) {
            tpuz t = {.n = 6, .br = 2, .bc = 3};
            boxes(&t);
            uint8_t sol[36] = {0}, givens[36];
            CHECK(random_grid(&t, sol, 0));
            for (int c = 0; c < 36; c++)
                givens[c] = below(3) == 0 ? sol[c] : 0;
            int want = 1 + below(3);
            for (int i = 0; i < want; i++)
                random_line(&t, &t.k[t.nk++], lines[r], below(5) ? sol : NULL);
            char why[200] = "";
            nonet_variant *v = build(&t, givens, why, sizeof why);
            CHECKF(v, "%s round %d: refused: %s", nonet_constraint_name(lines[r]), round, why);
            tally y = {.t = &t};
            uint8_t g[36];
            memcpy(g, givens, sizeof g);
            fill(&y, g);
            uint64_t count = 0;
            int rc = nonet_variant_count(v, 0, &count, NULL, NULL, NULL);
            nonet_variant_free(v);
            CHECK(rc == NONET_OK);
            CHECKF(count == y.count, "%s round %d: engine %llu, enumerated %llu",
                   nonet_constraint_name(lines[r]), round, (unsigned long long)count,
                   (unsigned long long)y.count);
            some += y.count > 0;
        }
        CHECKF(some > 10, "%s: %d solvable", nonet_constraint_name(lines[r]), some);
    }
}

/* Nabner lines of 3 and 4 cells in the top of a 6x6 grid whose last two
 * rows are given (a random grid's), whose digits can make only a
 * few sets (1 3 5, 1 3 6, 1 4 6, 2 4 6; 4 cells: none): the engine, which
 * lists those sets (vb_sets), against every grid. */
static void test_nabner_sets(void)
{
    static const int nabners[][4] = {{0, 7, 14, -1}, {0, 1, 2, -1}, {5, 10, 15, -1}, {0, 1, 2, 3}};
    int some = 0;
    rng = 4242;
    for (int round = 0; round < 24; round++) {
        int i = round % 4;
        tpuz t = {.n = 6, .br = 2, .bc = 3};
        boxes(&t);
        tline *k = &t.k[t.nk++];
        k->type = NONET_CON_NABNER;
        for (int j = 0; j < 4 && nabners[i][j] >= 0; j++)
            k->cells[k->ncells++] = nabners[i][j];
        uint8_t sol[36] = {0}, g[36] = {0};
        CHECK(random_grid(&t, sol, 0));
        memcpy(g + 24, sol + 24, 12); /* rows 5 and 6 */
        char why[200] = "";
        nonet_variant *v = build(&t, g, why, sizeof why);
        CHECKF(v, "refused: %s", why);
        tally y = {.t = &t};
        fill(&y, g);
        uint64_t count = 0;
        int rc = nonet_variant_count(v, 0, &count, NULL, NULL, NULL);
        nonet_variant_free(v);
        CHECK(rc == NONET_OK);
        CHECKF(count == y.count, "nabner round %d: engine %llu, enumerated %llu", round,
               (unsigned long long)count, (unsigned long long)y.count);
        CHECK(k->ncells < 4 || y.count == 0);
        some += k->ncells < 4 && y.count > 1;
    }
    CHECKF(some >= 9, "%d rounds of several grids", some);
}

/* The library's check of a filled grid (each constraint compiled alone,
 * what it made checked) against the checker here: random lines over
 * random 4x4 and 6x6 grids, which keep some and break others. */
static void test_check(void)
{
    rng = 1939;
    int kept[NLINES] = {0}, broken[NLINES] = {0};
    for (int round = 0; round < 1200; round++) {
        int six = round % 2, r = round % NLINES;
        tpuz t = {.n = six ? 6 : 4, .br = 2, .bc = six ? 3 : 2};
        boxes(&t);
        uint8_t g[36] = {0};
        CHECK(random_grid(&t, g, 0));
        random_line(&t, &t.k[t.nk++], lines[r], below(2) ? g : NULL);
        nonet_variant *v = build(&t, NULL, NULL, 0);
        CHECK(v);
        if (below(3) == 0) { /* a solution of its own, when it has one */
            nonet_grid s;
            uint64_t count = 0;
            if (nonet_variant_count(v, 1, &count, &s, NULL, NULL) == NONET_OK && count)
                memcpy(g, s.cells, (size_t)t.n * (size_t)t.n);
        }
        nonet_grid grid;
        nonet_grid_init(&grid, t.br, t.bc);
        memcpy(grid.cells, g, (size_t)t.n * (size_t)t.n);
        char why[200] = "";
        int rc = nonet_variant_check(v, &grid, why, sizeof why), ok = keeps_all(&t, g);
        nonet_variant_free(v);
        CHECKF(rc == (ok ? NONET_OK : NONET_EARG), "%s round %d: check %d (%s), the rule says %s",
               nonet_constraint_name(lines[r]), round, rc, why, ok ? "kept" : "broken");
        kept[r] += ok;
        broken[r] += !ok;
    }
    for (int r = 0; r < NLINES; r++)
        CHECKF(kept[r] > 5 && broken[r] > 5, "%s: %d kept, %d broken",
               nonet_constraint_name(lines[r]), kept[r], broken[r]);
}

/* The automata of between, lockout and sum lines (and loops) against the
 * checker here on every line of 1 to 5 digits of a 4x4 and a 5x5 grid. */
static void test_automata(void)
{
    static const struct {
        nonet_constraint_type type;
        int value;
    } cases[] = {{NONET_CON_BETWEEN, 0},  {NONET_CON_LOCKOUT, 0},  {NONET_CON_LOCKOUT, 2},
                 {NONET_CON_LOCKOUT, 3},  {NONET_CON_SUM_LINE, 1}, {NONET_CON_SUM_LINE, 4},
                 {NONET_CON_SUM_LINE, 5}, {NONET_CON_SUM_LINE, 7}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int n = 4; n <= 5; n++)
            for (int len = 1; len <= 5; len++)
                for (int loop = 0; loop < 1 + (cases[i].type == NONET_CON_SUM_LINE); loop++) {
                    if ((loop && len < 2) || (cases[i].type != NONET_CON_SUM_LINE && len < 2))
                        continue;
                    tpuz t = {.n = n};
                    tline k = {cases[i].type, cases[i].value, len + loop, {0}};
                    for (int c = 0; c < len; c++)
                        k.cells[c] = c;
                    if (loop)
                        k.cells[len] = 0;
                    vdfa d;
                    int rc = vl_dfa(&d, k.type, n, k.value, k.cells, k.ncells, NULL, 0);
                    CHECK(rc == NONET_OK);
                    int accepted = 0;
                    uint8_t g[8], digits[8];
                    for (long code = 0, total = 1; code < total; code++) {
                        long x = code;
                        total = 1;
                        for (int c = 0; c < len; c++, total *= n, x /= n)
                            g[c] = digits[c] = (uint8_t)(x % n + 1);
                        int want = keeps(&t, &k, g), got = vdfa_accepts(&d, digits, len);
                        accepted += want;
                        if (want != got)
                            vdfa_free(&d);
                        CHECKF(want == got, "%s = %d, n %d, %d cells%s: %ld: automaton %d, rule %d",
                               nonet_constraint_name(k.type), k.value, n, len,
                               loop ? " (a loop)" : "", code, got, want);
                    }
                    vdfa_free(&d);
                    (void)accepted;
                }
}

/* A text-form puzzle of side 4 with no givens and the lines in body. */
static nonet_variant *parse4(const char *body, nonet_error *err)
{
    char text[512];
    snprintf(text, sizeof text, "................\n%s", body);
    nonet_variant *v = NULL;
    if (nonet_variant_parse(text, strlen(text), &v, NULL, err) != NONET_OK)
        return NULL;
    return v;
}

static uint64_t count_of(const nonet_variant *v)
{
    uint64_t count = UINT64_MAX;
    if (!v || nonet_variant_count(v, 0, &count, NULL, NULL, NULL) != NONET_OK)
        return UINT64_MAX;
    return count;
}

/* The text form: each keyword read as its rule, the defaults (lockout's
 * gap, modular's 3), a loop, what each refuses; written back as read. */
static void test_text_form(void)
{
    static const struct {
        const char *line;
        nonet_constraint_type type;
        int value, ncells;
    } ok[] = {
        {"palindrome r1c1 r1c2 r2c3", NONET_CON_PALINDROME, 0, 3},
        {"between r1c1 r2c2 r3c3", NONET_CON_BETWEEN, 0, 3},
        {"lockout r1c1 r1c2", NONET_CON_LOCKOUT, 0, 2},
        {"lockout r1c1 r1c2 r1c3 = 2", NONET_CON_LOCKOUT, 2, 3},
        {"regionsum r1c2 r1c3", NONET_CON_REGION_SUM, 0, 2},
        {"sumline r1c1 r1c2 = 5", NONET_CON_SUM_LINE, 5, 2},
        {"sumline r1c1 r1c2 r2c2 r2c1 r1c1 = 5", NONET_CON_SUM_LINE, 5, 5},
        {"zipper r1c1 r1c2 r1c3", NONET_CON_ZIPPER, 0, 3},
        {"modular r1c1 r1c2 r1c3", NONET_CON_MODULAR, 0, 3},
        {"modular r1c1 r1c2 r1c3 = 2", NONET_CON_MODULAR, 2, 3},
        {"entropic r1c1 r1c2", NONET_CON_ENTROPIC, 0, 2},
        {"parity r1c1 r1c2 r2c2 r2c1 r1c1", NONET_CON_PARITY, 0, 5},
        {"nabner r1c1 r4c4 r1c1", NONET_CON_NABNER, 0, 2},
        {"dutchwhisper r1c1 r1c2 r1c1", NONET_CON_DUTCH_WHISPER, 0, 3},
        {"slowthermo r1c1 r2c1 r3c1", NONET_CON_SLOW_THERMO, 0, 3},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        nonet_error err;
        nonet_variant *v = parse4(ok[i].line, &err);
        CHECKF(v, "'%s': %s", ok[i].line, err.message);
        nonet_constraint c;
        CHECK(nonet_variant_count_constraints(v) == 1 && nonet_variant_get(v, 0, &c) == NONET_OK);
        CHECKF(c.type == ok[i].type && c.value == ok[i].value && c.ncells == ok[i].ncells,
               "'%s': %s = %d, %d cells", ok[i].line, nonet_constraint_name(c.type), c.value,
               c.ncells);
        char text[512];
        long len = nonet_variant_format(v, text, sizeof text);
        nonet_variant *back = NULL;
        CHECK(len > 0 && nonet_variant_parse(text, (size_t)len, &back, NULL, &err) == NONET_OK);
        nonet_constraint b;
        CHECK(nonet_variant_get(back, 0, &b) == NONET_OK);
        CHECKF(b.type == c.type && b.value == c.value && b.ncells == c.ncells &&
                   !memcmp(b.cells, c.cells, (size_t)c.ncells * sizeof *c.cells),
               "'%s' written as\n%.300s", ok[i].line, text);
        nonet_variant_free(back);
        nonet_variant_free(v);
    }
    static const struct {
        const char *line, *words;
    } bad[] = {
        {"between r1c1", "between needs 2 cells or more"},
        {"lockout r1c1", "lockout needs 2 cells or more"},
        {"palindrome r1c1 r1c2 r1c1", "r1c1 twice"},
        {"slowthermo r1c1 r1c3", "does not touch"},
        {"sumline r1c1 r1c2", "needs"},
        {"sumline r1c1 r1c2 r1c1 r2c1 = 3", "a sum line visits a cell once"},
        {"modular r1c1 r1c2 = 5", "out of range"},
        {"lockout r1c1 r1c2 = 5", "out of range"},
        {"parity r1c1 r1c2 = 1", "takes no value"},
        {"nabner r1c1 r1c2 r1c3 r1c4 r2c1", "cannot hold different digits"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nonet_error err = {0};
        nonet_variant *v = parse4(bad[i].line, &err);
        nonet_variant_free(v);
        CHECKF(!v && strstr(err.message, bad[i].words), "'%s': %s", bad[i].line,
               v ? "read" : err.message);
    }
    /* the defaults as the rules state them: a lockout of 4x4 differs by 1
     * or more (its ends differ), modular by 3 */
    nonet_error err;
    nonet_variant *a = parse4("lockout r1c1 r1c2 r1c3", &err);
    nonet_variant *b = parse4("lockout r1c1 r1c2 r1c3 = 1", &err);
    CHECK(a && b && count_of(a) == count_of(b) && count_of(a) < 288);
    nonet_variant_free(a);
    nonet_variant_free(b);
    a = parse4("modular r1c1 r1c2 r2c3 r3c3 r4c4", &err);
    b = parse4("modular r1c1 r1c2 r2c3 r3c3 r4c4 = 3", &err);
    CHECK(a && b && count_of(a) == count_of(b) && count_of(a) < 288);
    nonet_variant_free(a);
    nonet_variant_free(b);
}

/* An f-puzzles file of side n (boxes), no givens, and more members. */
static void fp_json(char *buf, size_t cap, int n, const char *extra)
{
    size_t len = (size_t)snprintf(buf, cap, "{\"size\":%d,\"grid\":[", n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            len += (size_t)snprintf(buf + len, cap - len, "%s{}%s", c ? "," : "[",
                                    c < n - 1   ? ""
                                    : r < n - 1 ? "],"
                                                : "]]");
    snprintf(buf + len, cap - len, ",%s}", extra);
}

/* f-puzzles: each rule's key (core: palindrome, betweenline; the
 * constraint extension's: regionsumline ...), a constraint a line of
 * "lines", beside the line the extension draws for it (a drawing, kept);
 * the drawing without the key is a lost rule; the extension's Dutch
 * whispers ("whispers" with value 4 on 9x9) are whispers of gap 4, the
 * same rule as dutchwhisper. */
static void test_fpuzzles(void)
{
    for (int r = 0; r < NLINES; r++) {
        const nonet_rule *rule = nonet_rule_of(lines[r]);
        CHECK(rule);
        if (!rule->fpuzzles[0])
            continue;
        const vrule *row = vrule_of(lines[r]);
        char extra[512], json[4096];
        int at = snprintf(extra, sizeof extra,
                          "\"%s\":[{\"lines\":[[\"R1C1\",\"R1C2\"],[\"R3C3\",\"R4C4\",\"R4C3\"]]}]",
                          rule->fpuzzles);
        if (row->fp_from) /* the extension's drawing of the first line */
            snprintf(extra + at, sizeof extra - (size_t)at,
                     ",\"line\":[{\"lines\":[[\"R1C1\",\"R1C2\"]],\"outlineC\":\"#C0C0C0\","
                     "\"fromConstraint\":\"%s\"}]",
                     row->fp_from);
        fp_json(json, sizeof json, 4, extra);
        nonet_variant *v = NULL;
        nonet_error err;
        CHECKF(nonet_variant_parse(json, strlen(json), &v, NULL, &err) == NONET_OK, "%s: %s\n%s",
               rule->fpuzzles, err.message, json);
        CHECKF(nonet_variant_count_constraints(v) == 2, "%s: %d constraints", rule->fpuzzles,
               nonet_variant_count_constraints(v));
        nonet_constraint c;
        CHECK(nonet_variant_get(v, 1, &c) == NONET_OK);
        CHECKF(c.type == lines[r] && c.ncells == 3 && c.cells[0] == 10 && c.cells[1] == 15 &&
                   c.cells[2] == 14 && c.value == 0,
               "%s: read as %s", rule->fpuzzles, nonet_constraint_name(c.type));
        nonet_variant_free(v);
        if (!row->fp_from)
            continue;
        /* the extension's drawing alone: its rule lost */
        snprintf(extra, sizeof extra,
                 "\"line\":[{\"lines\":[[\"R1C1\",\"R1C2\"]],\"fromConstraint\":\"%s\"}]",
                 row->fp_from);
        fp_json(json, sizeof json, 4, extra);
        v = NULL;
        CHECKF(nonet_variant_parse(json, strlen(json), &v, NULL, &err) == NONET_EARG &&
                   strstr(err.message, rule->fpuzzles) && strstr(err.message, "lost"),
               "%s: %s", rule->fpuzzles, v ? "read" : err.message);
    }
    /* Dutch whispers as the extension writes them on 6x6 (its gap there:
     * 3 - 1 = 2): a whisper of gap 2, the same rule as dutchwhisper */
    char json[4096];
    fp_json(json, sizeof json, 6,
            "\"whispers\":[{\"lines\":[[\"R1C1\",\"R2C2\",\"R3C3\",\"R4C4\"]],\"value\":\"2\"}]");
    nonet_variant *v = NULL;
    nonet_error err;
    nonet_constraint c;
    CHECK(nonet_variant_parse(json, strlen(json), &v, NULL, &err) == NONET_OK);
    CHECK(nonet_variant_get(v, 0, &c) == NONET_OK && c.type == NONET_CON_WHISPER && c.value == 2);
    nonet_variant_free(v);
    rng = 37;
    tpuz t = {.n = 6, .br = 2, .bc = 3};
    boxes(&t);
    uint8_t sol[36] = {0};
    CHECK(random_grid(&t, sol, 0));
    nonet_grid g;
    nonet_grid_init(&g, 2, 3);
    for (int i = 0; i < 36; i++)
        g.cells[i] = i % 3 == 0 ? sol[i] : 0;
    int cells[4] = {0, 7, 14, 21};
    nonet_constraint whisper = {NONET_CON_WHISPER, 2, 4, cells, 0, NULL, NULL};
    nonet_constraint dutch = {NONET_CON_DUTCH_WHISPER, 0, 4, cells, 0, NULL, NULL};
    nonet_variant *a = nonet_variant_new(&g), *b = nonet_variant_new(&g);
    CHECK(a && b && nonet_variant_add(a, &whisper, NULL, 0) == NONET_OK &&
          nonet_variant_add(b, &dutch, NULL, 0) == NONET_OK);
    uint64_t ca = count_of(a), cb = count_of(b);
    nonet_variant_free(a);
    nonet_variant_free(b);
    CHECKF(ca == cb && cb > 0, "%llu %llu", (unsigned long long)ca, (unsigned long long)cb);
}

/* Region-sum lines on a grid whose boxes are no houses (the no-boxes
 * rule, where nonet has it): no regions, nothing to sum. */
static void test_region_sum_no_boxes(void)
{
    if (!nonet_rule_of(NONET_CON_NO_BOXES))
        return; /* not yet a rule here */
    nonet_grid g;
    nonet_grid_init(&g, 2, 2);
    nonet_variant *v = nonet_variant_new(&g), *w = nonet_variant_new(&g);
    CHECK(v && w);
    nonet_constraint none = {NONET_CON_NO_BOXES, 0, 0, NULL, 0, NULL, NULL};
    int cells[4] = {0, 1, 2, 3};
    nonet_constraint line = {NONET_CON_REGION_SUM, 0, 4, cells, 0, NULL, NULL};
    CHECK(nonet_variant_add(v, &none, NULL, 0) == NONET_OK);
    CHECK(nonet_variant_add(w, &none, NULL, 0) == NONET_OK);
    CHECK(nonet_variant_add(v, &line, NULL, 0) == NONET_OK);
    CHECK(count_of(v) == count_of(w) && count_of(v) > 0);
    nonet_variant_free(v);
    nonet_variant_free(w);
}

/* A sum line's loop guesses where its first stretch began: value times
 * value states, refused with a sentence past the automata's limits (a
 * ring of 32 cells on 16x16 summing to 300); the same ring as a line, and
 * as a loop of a sum that fits, taken. */
static void test_limits(void)
{
    nonet_grid g;
    nonet_grid_init(&g, 4, 4);
    int ring[33], k = 0;
    for (int c = 0; c < 8; c++)
        ring[k++] = c; /* r1c1 .. r1c8 */
    for (int r = 0; r < 8; r++)
        ring[k++] = r * 16 + 8; /* r1c9 .. r8c9 */
    for (int c = 8; c > 0; c--)
        ring[k++] = 8 * 16 + c; /* r9c9 .. r9c2 */
    for (int r = 8; r > 0; r--)
        ring[k++] = r * 16; /* r9c1 .. r2c1 */
    ring[k] = ring[0];
    CHECK(k == 32);
    static const struct {
        int ncells, value, rc;
    } cases[] = {{33, 300, NONET_EARG}, {32, 300, NONET_OK}, {33, 40, NONET_OK}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nonet_variant *v = nonet_variant_new(&g);
        nonet_constraint c = {
            NONET_CON_SUM_LINE, cases[i].value, cases[i].ncells, ring, 0, NULL, NULL};
        char why[200] = "";
        int rc = nonet_variant_add(v, &c, why, sizeof why);
        nonet_variant_free(v);
        CHECKF(rc == cases[i].rc && (rc == NONET_OK || strstr(why, "sumline: ")), "case %zu: %d %s",
               i, rc, why);
    }
}

void suite_rules_lines(void)
{
    RUN(test_bruteforce_4x4);
    RUN(test_bruteforce_6x6);
    RUN(test_nabner_sets);
    RUN(test_check);
    RUN(test_automata);
    RUN(test_text_form);
    RUN(test_fpuzzles);
    RUN(test_region_sum_no_boxes);
    RUN(test_limits);
}
