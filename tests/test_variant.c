/* test_variant.c - variant puzzles (src/variant/): every constraint type
 * against a checker of its rule written here from the rule's definition
 * (not the library's check, not its engine); counts on 4x4 against every
 * grid enumerated here, and on 6x6 against a plain search written here;
 * the true candidates against the union of those grids; the text form
 * read back from what it writes; its errors; f-puzzles JSON and links,
 * its drawings (kept, never rules) and strict kropki; cells listed twice. */
#include "unit.h"
#include "variant/json.h"    /* nonet_variant_json read back (test_rules_round_trip) */
#include "variant/variant.h" /* the drawings kept (test_fpuzzles_drawings) */

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ randomness */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int below(int k)
{
    return (int)(rnd() % (uint64_t)k);
}

/* ------------------------------------------------------------ a puzzle under test */

#define MAXC 64
#define MAXCELLS 40
#define MAXVALUES 162 /* every pair of digits of 9x9 */

typedef struct tcon {
    nonet_constraint_type type;
    int value, nbulb, ncells;
    int cells[MAXCELLS];
    int nvalues;
    int values[MAXVALUES];
} tcon;

typedef struct tpuzzle {
    int n, br, bc;
    int has_regions;
    uint8_t region[81];
    tcon cons[MAXC];
    int ncons;
} tpuzzle;

static int box_of(const tpuzzle *t, int c)
{
    if (t->has_regions)
        return t->region[c];
    int r = c / t->n, col = c % t->n;
    return r / t->br * (t->n / t->bc) + col / t->bc;
}

static int absd(int a)
{
    return a < 0 ? -a : a;
}

/* Whether the pair (a, b) carries a mark of the kropki family (difference,
 * ratio) or of the XV one (sum). */
static int has_mark(const tpuzzle *t, int a, int b, int xv)
{
    for (int i = 0; i < t->ncons; i++) {
        const tcon *k = &t->cons[i];
        int fam = k->type == NONET_CON_SUM                                        ? 1
                  : k->type == NONET_CON_DIFFERENCE || k->type == NONET_CON_RATIO ? 0
                                                                                  : -1;
        if (fam == xv && k->ncells == 2 &&
            ((k->cells[0] == a && k->cells[1] == b) || (k->cells[0] == b && k->cells[1] == a)))
            return 1;
    }
    return 0;
}

static int all_differ(const uint8_t *g, const int *cells, int len)
{
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len; j++)
            if (g[cells[i]] == g[cells[j]])
                return 0;
    return 1;
}

/* Whether (a, b) is one of a pair rule's allowed pairs. */
static int allowed_pair(const tcon *k, int a, int b)
{
    for (int i = 0; i + 1 < k->nvalues; i += 2)
        if (k->values[i] == a && k->values[i + 1] == b)
            return 1;
    return 0;
}

/* How many of the cells hold d. */
static int count_digit(const uint8_t *g, const tcon *k, int d)
{
    int c = 0;
    for (int i = 0; i < k->ncells; i++)
        c += g[k->cells[i]] == d;
    return c;
}

/* How many times d is listed in k's values. */
static int listed(const tcon *k, int d)
{
    int c = 0;
    for (int i = 0; i < k->nvalues; i++)
        c += k->values[i] == d;
    return c;
}

/* The rule of each constraint, read from its definition: whether the
 * complete grid g keeps it. */
static int keeps(const tpuzzle *t, const tcon *k, const uint8_t *g)
{
    int n = t->n, h[64];
    switch (k->type) {
    case NONET_CON_DIAGONAL_MAIN:
    case NONET_CON_DIAGONAL_ANTI:
        for (int i = 0; i < n; i++)
            h[i] = i * n + (k->type == NONET_CON_DIAGONAL_MAIN ? i : n - 1 - i);
        return all_differ(g, h, n);
    case NONET_CON_WINDOKU:
        /* windows of the box's shape at 1, br + 2, ... */
        for (int r0 = 1; r0 + t->br <= n - 1; r0 += t->br + 1)
            for (int c0 = 1; c0 + t->bc <= n - 1; c0 += t->bc + 1) {
                int len = 0;
                for (int r = 0; r < t->br; r++)
                    for (int c = 0; c < t->bc; c++)
                        h[len++] = (r0 + r) * n + c0 + c;
                if (!all_differ(g, h, len))
                    return 0;
            }
        return 1;
    case NONET_CON_DISJOINT:
        for (int a = 0; a < n * n; a++)
            for (int b = a + 1; b < n * n; b++)
                if (a / n % t->br == b / n % t->br && a % n % t->bc == b % n % t->bc &&
                    g[a] == g[b])
                    return 0;
        return 1;
    case NONET_CON_HOUSE:
        return all_differ(g, k->cells, k->ncells);
    case NONET_CON_ANTI_KNIGHT:
    case NONET_CON_ANTI_KING:
    case NONET_CON_NONCONSECUTIVE:
    case NONET_CON_NOT_DIFFERENCE:
    case NONET_CON_NOT_RATIO:
    case NONET_CON_NOT_SUM:
        for (int a = 0; a < n * n; a++)
            for (int b = 0; b < n * n; b++) {
                int dr = absd(a / n - b / n), dc = absd(a % n - b % n), x = g[a], y = g[b];
                if (k->type == NONET_CON_ANTI_KNIGHT && dr * dc == 2 && x == y)
                    return 0;
                if (k->type == NONET_CON_ANTI_KING && dr == 1 && dc == 1 && x == y)
                    return 0;
                if (dr + dc != 1)
                    continue;
                if (k->type == NONET_CON_NONCONSECUTIVE && absd(x - y) == 1)
                    return 0;
                if (k->type == NONET_CON_NOT_DIFFERENCE && !has_mark(t, a, b, 0) &&
                    absd(x - y) == k->value)
                    return 0;
                if (k->type == NONET_CON_NOT_RATIO && !has_mark(t, a, b, 0) &&
                    (x == k->value * y || y == k->value * x))
                    return 0;
                if (k->type == NONET_CON_NOT_SUM && !has_mark(t, a, b, 1) && x + y == k->value)
                    return 0;
            }
        return 1;
    case NONET_CON_DIFFERENCE:
        return absd(g[k->cells[0]] - g[k->cells[1]]) == k->value;
    case NONET_CON_RATIO:
        return g[k->cells[0]] == k->value * g[k->cells[1]] ||
               g[k->cells[1]] == k->value * g[k->cells[0]];
    case NONET_CON_SUM:
        return g[k->cells[0]] + g[k->cells[1]] == k->value;
    case NONET_CON_KILLER: {
        int s = 0;
        for (int i = 0; i < k->ncells; i++)
            s += g[k->cells[i]];
        return all_differ(g, k->cells, k->ncells) && (!k->value || s == k->value);
    }
    case NONET_CON_LITTLE_KILLER: {
        int s = 0;
        for (int i = 0; i < k->ncells; i++)
            s += g[k->cells[i]];
        return s == k->value;
    }
    case NONET_CON_ARROW: {
        int bulb = 0, s = 0;
        for (int i = 0; i < k->nbulb; i++)
            bulb = 10 * bulb + g[k->cells[i]];
        for (int i = k->nbulb; i < k->ncells; i++)
            s += g[k->cells[i]];
        return bulb == s;
    }
    case NONET_CON_THERMO:
        for (int i = 1; i < k->ncells; i++)
            if (g[k->cells[i]] <= g[k->cells[i - 1]])
                return 0;
        return 1;
    case NONET_CON_WHISPER:
        for (int i = 1; i < k->ncells; i++)
            if (absd(g[k->cells[i]] - g[k->cells[i - 1]]) < (k->value ? k->value : n / 2 + 1))
                return 0;
        return 1;
    case NONET_CON_RENBAN: {
        int lo = n + 1, hi = 0;
        for (int i = 0; i < k->ncells; i++) {
            lo = g[k->cells[i]] < lo ? g[k->cells[i]] : lo;
            hi = g[k->cells[i]] > hi ? g[k->cells[i]] : hi;
        }
        return all_differ(g, k->cells, k->ncells) && hi - lo + 1 == k->ncells;
    }
    case NONET_CON_SANDWICH: {
        int one = -1, top = -1, s = 0;
        for (int i = 0; i < k->ncells; i++) {
            one = g[k->cells[i]] == 1 ? i : one;
            top = g[k->cells[i]] == n ? i : top;
        }
        for (int i = (one < top ? one : top) + 1; i < (one < top ? top : one); i++)
            s += g[k->cells[i]];
        return s == k->value;
    }
    case NONET_CON_ODD:
    case NONET_CON_EVEN:
        for (int i = 0; i < k->ncells; i++)
            if (g[k->cells[i]] % 2 != (k->type == NONET_CON_ODD))
                return 0;
        return 1;
    case NONET_CON_DISTINCT:
        return all_differ(g, k->cells, k->ncells);
    case NONET_CON_PAIR: /* each two neighbours along the line */
        for (int i = 1; i < k->ncells; i++)
            if (!allowed_pair(k, g[k->cells[i - 1]], g[k->cells[i]]))
                return 0;
        return 1;
    case NONET_CON_PAIR_ALL: /* every two, the earlier first */
        for (int i = 0; i < k->ncells; i++)
            for (int j = i + 1; j < k->ncells; j++)
                if (!allowed_pair(k, g[k->cells[i]], g[k->cells[j]]))
                    return 0;
        return 1;
    case NONET_CON_WEIGHTED_SUM: {
        int s = 0;
        for (int i = 0; i < k->ncells; i++)
            s += k->values[i] * g[k->cells[i]];
        return s == k->value;
    }
    case NONET_CON_CONTAINS:
        for (int d = 1; d <= n; d++)
            if (count_digit(g, k, d) < listed(k, d))
                return 0;
        return 1;
    case NONET_CON_CONTAINS_EXACTLY:
        for (int d = 1; d <= n; d++)
            if (count_digit(g, k, d) != listed(k, d))
                return 0;
        return 1;
    default:
        return 0;
    }
}

/* Whether g is a complete grid that keeps the houses and every constraint. */
static int valid(const tpuzzle *t, const uint8_t *g)
{
    int n = t->n;
    for (int a = 0; a < n * n; a++) {
        if (g[a] < 1 || g[a] > n)
            return 0;
        for (int b = a + 1; b < n * n; b++)
            if (g[a] == g[b] && (a / n == b / n || a % n == b % n || box_of(t, a) == box_of(t, b)))
                return 0;
    }
    for (int i = 0; i < t->ncons; i++)
        if (!keeps(t, &t->cons[i], g))
            return 0;
    return 1;
}

/* The library's variant of t with givens (NULL when a constraint is refused). */
static nonet_variant *build(const tpuzzle *t, const uint8_t *givens)
{
    nonet_grid g;
    nonet_grid_init(&g, t->br, t->bc);
    for (int c = 0; c < t->n * t->n; c++)
        g.cells[c] = givens ? givens[c] : 0;
    nonet_variant *v = nonet_variant_new(&g);
    if (!v)
        return NULL;
    if (t->has_regions && nonet_variant_set_regions(v, t->region, NULL, 0) != NONET_OK) {
        nonet_variant_free(v);
        return NULL;
    }
    for (int i = 0; i < t->ncons; i++) {
        const tcon *k = &t->cons[i];
        int cells[MAXCELLS + 1], ncells = 0;
        for (int j = 0; j < k->ncells; j++) { /* an arrow: its bulb, NONET_PART, its shaft */
            if (k->nbulb && j == k->nbulb)
                cells[ncells++] = NONET_PART;
            cells[ncells++] = k->cells[j];
        }
        nonet_constraint c = {
            k->type, k->value, ncells, cells, k->nvalues, k->nvalues ? k->values : NULL, NULL};
        if (nonet_variant_add(v, &c, NULL, 0) != NONET_OK) {
            nonet_variant_free(v);
            return NULL;
        }
    }
    return v;
}

/* ------------------------------------------------------------ grids enumerated here */

/* Every complete grid of side n (boxes or t's regions) that keeps the
 * givens, by a plain search over rows, columns and boxes; calls fn. */
typedef void (*grid_fn)(void *ctx, const uint8_t *g);

static void fill(const tpuzzle *t, uint8_t *g, int c, grid_fn fn, void *ctx)
{
    int n = t->n;
    if (c == n * n) {
        fn(ctx, g);
        return;
    }
    if (g[c]) {
        fill(t, g, c + 1, fn, ctx);
        return;
    }
    for (int d = 1; d <= n; d++) {
        int ok = 1;
        for (int o = 0; o < n * n && ok; o++)
            ok = !(g[o] == d && (o / n == c / n || o % n == c % n || box_of(t, o) == box_of(t, c)));
        if (!ok)
            continue;
        g[c] = (uint8_t)d;
        fill(t, g, c + 1, fn, ctx);
        g[c] = 0;
    }
}

typedef struct tally {
    const tpuzzle *t;
    uint64_t count;
    uint64_t cands[81];
} tally;

static void count_valid(void *ctx, const uint8_t *g)
{
    tally *y = ctx;
    if (!valid(y->t, g))
        return;
    y->count++;
    for (int c = 0; c < y->t->n * y->t->n; c++)
        y->cands[c] |= (uint64_t)1 << (g[c] - 1);
}

/* ------------------------------------------------------------ random constraints */

static void king_path(int n, int len, int *cells)
{
    cells[0] = below(n * n);
    for (int i = 1; i < len; i++) {
        int tries = 0, next;
        do {
            int r = cells[i - 1] / n + below(3) - 1, c = cells[i - 1] % n + below(3) - 1;
            next = r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
            for (int j = 0; j < i && next >= 0; j++)
                if (cells[j] == next)
                    next = -1;
        } while (next < 0 && ++tries < 50);
        cells[i] = next < 0 ? cells[0] : next; /* a repeat: refused, which is tested too */
    }
}

static void distinct_cells(int n, int len, int *cells)
{
    for (int i = 0; i < len; i++) {
        int again;
        do {
            cells[i] = below(n * n);
            again = 0;
            for (int j = 0; j < i; j++)
                again |= cells[j] == cells[i];
        } while (again);
    }
}

static void adjacent_pair(int n, int *cells)
{
    int r = below(n), c = below(n - 1);
    if (below(2)) {
        cells[0] = r * n + c;
        cells[1] = r * n + c + 1;
    } else {
        cells[0] = c * n + r;
        cells[1] = (c + 1) * n + r;
    }
}

static void random_of_type(const tpuzzle *t, tcon *k, nonet_constraint_type type);

/* One random constraint for a grid of side n (its values may make the
 * puzzle impossible: both counts must then be 0). */
static void random_constraint(const tpuzzle *t, tcon *k)
{
    random_of_type(t, k, (nonet_constraint_type)(1 + below(NONET_CON_CONTAINS_EXACTLY)));
}

/* Random allowed pairs of digits into k's values: each pair with
 * probability 1/odds (at least one); sometimes every pair of different
 * digits (the pairwise rule of a group), or all of those but one, or
 * those and one pair of a digit with itself (nearly a group: no group). */
static void random_pairs(int n, tcon *k, int odds)
{
    int mode = below(6), skip = below(n * n), same = 1 + below(n);
    k->nvalues = 0;
    for (int a = 1; a <= n; a++)
        for (int b = 1; b <= n; b++)
            if (mode == 0   ? a != b
                : mode == 1 ? a != b && (a - 1) * n + b - 1 != skip
                : mode == 2 ? a != b || a == same
                            : below(odds) == 0) {
                k->values[k->nvalues++] = a;
                k->values[k->nvalues++] = b;
            }
    if (!k->nvalues) {
        k->values[0] = 1 + below(n);
        k->values[1] = 1 + below(n);
        k->nvalues = 2;
    }
}

/* One random constraint of type for a grid of side n. */
static void random_of_type(const tpuzzle *t, tcon *k, nonet_constraint_type type)
{
    int n = t->n;
    memset(k, 0, sizeof *k);
    k->type = type;
    switch (k->type) {
    case NONET_CON_DISTINCT:
        k->ncells = 2 + below(n - 1);
        distinct_cells(n, k->ncells, k->cells);
        break;
    case NONET_CON_PAIR:
    case NONET_CON_PAIR_ALL:
        k->ncells = 2 + below(3);
        distinct_cells(n, k->ncells, k->cells);
        random_pairs(n, k, 2 + below(2));
        break;
    case NONET_CON_WEIGHTED_SUM:
        k->ncells = 1 + below(4);
        distinct_cells(n, k->ncells, k->cells);
        for (int i = 0; i < k->ncells; i++) {
            k->values[i] = (1 + below(3)) * (below(3) ? 1 : -1);
            k->value += k->values[i] * (1 + below(n)); /* some digits' sum */
        }
        k->nvalues = k->ncells;
        break;
    case NONET_CON_CONTAINS:
    case NONET_CON_CONTAINS_EXACTLY:
        k->ncells = 1 + below(4);
        distinct_cells(n, k->ncells, k->cells);
        k->nvalues = k->type == NONET_CON_CONTAINS ? 1 + below(k->ncells) : k->ncells;
        for (int i = 0; i < k->nvalues; i++)
            k->values[i] = 1 + below(n);
        break;
    case NONET_CON_HOUSE:
        k->ncells = 2 + below(n - 1);
        distinct_cells(n, k->ncells, k->cells);
        break;
    case NONET_CON_DIFFERENCE:
    case NONET_CON_RATIO:
    case NONET_CON_SUM:
        k->ncells = 2;
        adjacent_pair(n, k->cells);
        k->value = k->type == NONET_CON_DIFFERENCE ? 1 + below(n - 1)
                   : k->type == NONET_CON_RATIO    ? 2 + below(2)
                                                   : 3 + below(2 * n - 3);
        break;
    case NONET_CON_NOT_DIFFERENCE:
        k->value = 1 + below(2);
        break;
    case NONET_CON_NOT_RATIO:
        k->value = 2;
        break;
    case NONET_CON_NOT_SUM:
        k->value = 3 + below(2 * n - 3);
        break;
    case NONET_CON_KILLER:
        k->ncells = 1 + below(4);
        distinct_cells(n, k->ncells, k->cells);
        k->value = below(3) ? 0 : k->ncells + below(k->ncells * (n - 1) + 1);
        if (below(3))
            k->value = 0;
        else if (k->value > k->ncells * n - k->ncells * (k->ncells - 1) / 2)
            k->value = k->ncells * n - k->ncells * (k->ncells - 1) / 2;
        break;
    case NONET_CON_LITTLE_KILLER:
        k->ncells = 2 + below(3);
        distinct_cells(n, k->ncells, k->cells);
        k->value = k->ncells + below(k->ncells * (n - 1) + 1);
        break;
    case NONET_CON_ARROW:
        k->nbulb = 1;
        k->ncells = 2 + below(3);
        distinct_cells(n, k->ncells, k->cells);
        break;
    case NONET_CON_THERMO:
        k->ncells = 2 + below(3);
        king_path(n, k->ncells, k->cells);
        break;
    case NONET_CON_WHISPER:
        k->ncells = 2 + below(3);
        king_path(n, k->ncells, k->cells);
        k->value = below(2) ? 0 : 1 + below(n / 2);
        break;
    case NONET_CON_RENBAN:
        k->ncells = 2 + below(3);
        distinct_cells(n, k->ncells, k->cells);
        break;
    case NONET_CON_SANDWICH: {
        int line = below(n), col = below(2);
        k->ncells = n;
        for (int i = 0; i < n; i++)
            k->cells[i] = col ? i * n + line : line * n + i;
        k->value = below((n - 2) * (n + 1) / 2 + 1);
        break;
    }
    case NONET_CON_ODD:
    case NONET_CON_EVEN:
        k->ncells = 1 + below(3);
        distinct_cells(n, k->ncells, k->cells);
        break;
    default: /* the rules of the whole grid */
        break;
    }
}

/* A random partition of the grid into n regions of n cells (any shape). */
static void random_regions(tpuzzle *t)
{
    int n = t->n, perm[81];
    for (int c = 0; c < n * n; c++)
        perm[c] = c;
    for (int c = n * n - 1; c > 0; c--) {
        int j = below(c + 1), x = perm[c];
        perm[c] = perm[j];
        perm[j] = x;
    }
    for (int c = 0; c < n * n; c++)
        t->region[perm[c]] = (uint8_t)(c / n);
    t->has_regions = 1;
}

/* ------------------------------------------------------------ tests */

/* 4x4: every grid enumerated, for random constraint sets: the count and
 * the true candidates agree with the grids that keep every rule. */
static void test_bruteforce_4x4(void)
{
    rng_state = 4;
    int sets = 0, nonzero = 0;
    for (int round = 0; round < 400; round++) {
        tpuzzle t = {.n = 4, .br = 2, .bc = 2};
        if (round % 7 == 6)
            random_regions(&t);
        int want = 1 + below(3);
        for (int i = 0; i < want; i++)
            random_constraint(&t, &t.cons[t.ncons++]);
        nonet_variant *v = build(&t, NULL);
        if (!v)
            continue; /* a refused constraint (a repeated cell ...) */
        tally y = {.t = &t};
        uint8_t g[81] = {0};
        fill(&t, g, 0, count_valid, &y);
        uint64_t count = 0, cands[16], sols = 0;
        CHECK(nonet_variant_count(v, 0, &count, NULL, NULL, NULL) == NONET_OK);
        CHECKF(count == y.count, "round %d: engine %llu, enumerated %llu", round,
               (unsigned long long)count, (unsigned long long)y.count);
        CHECK(nonet_variant_candidates(v, 0, cands, &sols, NULL, NULL) == NONET_OK);
        for (int c = 0; c < 16; c++)
            CHECKF(cands[c] == y.cands[c], "round %d: cell %d's true candidates", round, c);
        CHECK(sols == (y.count < 2 ? y.count : 2));
        nonet_variant_free(v);
        sets++;
        nonzero += y.count > 0;
    }
    CHECK(sets > 200 && nonzero > 50); /* the test tested something */
}

/* A random complete grid of t's shape, by the plain search with a random
 * digit order (into g). */
static int random_fill(const tpuzzle *t, uint8_t *g, int c)
{
    int n = t->n;
    if (c == n * n)
        return 1;
    int order[16];
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
            ok = !(g[o] == d && (o / n == c / n || o % n == c % n || box_of(t, o) == box_of(t, c)));
        if (!ok)
            continue;
        g[c] = (uint8_t)d;
        if (random_fill(t, g, c + 1))
            return 1;
        g[c] = 0;
    }
    return 0;
}

/* The engine's count of v (t with givens) checked against the grids
 * enumerated here, whose count goes into *grids; frees v. */
static void count_against_grids(const tpuzzle *t, const uint8_t *givens, nonet_variant *v,
                                int round, uint64_t *grids)
{
    tally y = {.t = t};
    uint8_t g[81];
    memcpy(g, givens, sizeof g);
    fill(t, g, 0, count_valid, &y);
    *grids = y.count;
    uint64_t count = 0;
    int rc = nonet_variant_count(v, 0, &count, NULL, NULL, NULL);
    nonet_variant_free(v);
    CHECK(rc == NONET_OK);
    CHECKF(count == y.count, "round %d: engine %llu, enumerated %llu", round,
           (unsigned long long)count, (unsigned long long)y.count);
}

/* A 6x6 puzzle t (2x3 boxes, no constraints yet): a random grid in sol,
 * one of its digits in one_in given. */
static void random_6x6(tpuzzle *t, uint8_t *sol, uint8_t *givens, int one_in)
{
    *t = (tpuzzle){.n = 6, .br = 2, .bc = 3};
    CHECK(random_fill(t, sol, 0));
    for (int c = 0; c < 36; c++)
        givens[c] = below(one_in) == 0 ? sol[c] : 0;
}

/* 6x6 with a third of a random grid's digits given: the count against the
 * grids enumerated here. */
static void test_bruteforce_6x6(void)
{
    rng_state = 6;
    int sets = 0;
    for (int round = 0; round < 60; round++) {
        tpuzzle t;
        uint8_t sol[81] = {0}, givens[81] = {0};
        random_6x6(&t, sol, givens, 3);
        int want = 1 + below(4);
        for (int i = 0; i < want; i++)
            random_constraint(&t, &t.cons[t.ncons++]);
        nonet_variant *v = build(&t, givens);
        if (!v)
            continue;
        uint64_t grids = 0;
        count_against_grids(&t, givens, v, round, &grids);
        sets++;
    }
    CHECK(sets > 30);
}

/* 6x6 with several sums from a random grid (little killers of any cells,
 * some crossing, and killer cages), a few digits given: the rule of 45
 * the engine derives from them must keep the count of the grids
 * enumerated here (off by one on some sums, so that some have none). */
static void test_derived_sums(void)
{
    rng_state = 45;
    int sets = 0, solvable = 0;
    for (int round = 0; round < 40; round++) {
        tpuzzle t;
        uint8_t sol[81] = {0}, givens[81] = {0};
        random_6x6(&t, sol, givens, 3);
        int want = 3 + below(4);
        for (int i = 0; i < want; i++) {
            tcon *k = &t.cons[t.ncons++];
            memset(k, 0, sizeof *k);
            k->type = below(3) ? NONET_CON_LITTLE_KILLER : NONET_CON_KILLER;
            k->ncells = 2 + below(k->type == NONET_CON_KILLER ? 2 : 5);
            distinct_cells(6, k->ncells, k->cells);
            for (int j = 0; j < k->ncells; j++)
                k->value += sol[k->cells[j]];
            if (below(8) == 0)
                k->value++;
        }
        nonet_variant *v = build(&t, givens);
        if (!v)
            continue; /* a cage whose cells repeat a digit of sol ... */
        uint64_t grids = 0;
        count_against_grids(&t, givens, v, round, &grids);
        solvable += grids > 0;
        sets++;
    }
    CHECK(sets > 20 && solvable > 10); /* the test tested something */
}

/* 6x6 with long sums of cells that do not overlap (little killers of
 * six to nine cells, from one shuffle of the grid's cells), a few digits
 * given: the sums the engine combines from neighbouring ones, and the
 * bounds it takes over the groups of different digits in each, must keep
 * the count of the grids enumerated here (some sums off by one). */
static void test_combined_sums(void)
{
    rng_state = 196;
    int sets = 0, solvable = 0;
    for (int round = 0; round < 40; round++) {
        tpuzzle t;
        uint8_t sol[81] = {0}, givens[81] = {0};
        random_6x6(&t, sol, givens, 5);
        int order[36];
        for (int c = 0; c < 36; c++)
            order[c] = c;
        for (int c = 35; c > 0; c--) {
            int j = below(c + 1), x = order[c];
            order[c] = order[j];
            order[j] = x;
        }
        for (int used = 0; used + 6 <= 36 && t.ncons < 4;) {
            tcon *k = &t.cons[t.ncons++];
            memset(k, 0, sizeof *k);
            k->type = NONET_CON_LITTLE_KILLER;
            k->ncells = 6 + below(4);
            if (used + k->ncells > 36)
                k->ncells = 36 - used;
            for (int j = 0; j < k->ncells; j++) {
                k->cells[j] = order[used++];
                k->value += sol[k->cells[j]];
            }
            if (below(6) == 0)
                k->value += below(2) ? 1 : -1;
        }
        nonet_variant *v = build(&t, givens);
        CHECK(v != NULL);
        if (!v)
            continue;
        uint64_t grids = 0;
        count_against_grids(&t, givens, v, round, &grids);
        solvable += grids > 0;
        sets++;
    }
    CHECK(sets == 40 && solvable > 10); /* the test tested something */
}

typedef struct collect {
    const tpuzzle *t;
    int bad, seen;
    const uint8_t *want;
    int found_want;
} collect;

static int check_solution(void *ctx, const nonet_grid *g)
{
    collect *k = ctx;
    k->seen++;
    if (!valid(k->t, g->cells))
        k->bad++;
    if (k->want && !memcmp(g->cells, k->want, 81))
        k->found_want = 1;
    return 0;
}

/* Constraints made from a random 9x9 grid (so it keeps them), of each
 * type: with some of its digits given, every solution the engine finds
 * keeps every rule, and the grid is among them. */
static void add_from(tpuzzle *t, const uint8_t *s, nonet_constraint_type type)
{
    int n = 9;
    tcon *k;
    switch (type) {
    case NONET_CON_KILLER: /* cages: a row cut into runs */
        for (int r = 0; r < 9; r += 2)
            for (int c = 0; c < 9 && t->ncons < MAXC;) {
                int len = 1 + below(4);
                k = &t->cons[t->ncons++];
                *k = (tcon){type, 0, 0, 0, {0}, 0, {0}};
                for (; k->ncells < len && c < 9; c++) {
                    k->cells[k->ncells++] = r * 9 + c;
                    k->value += s[r * 9 + c];
                }
                if (below(5) == 0)
                    k->value = 0;
            }
        break;
    case NONET_CON_LITTLE_KILLER:
        for (int d = 1; d < 8; d++) {
            k = &t->cons[t->ncons++];
            *k = (tcon){type, 0, 0, 0, {0}, 0, {0}};
            for (int r = 0; r + d < 9; r++) {
                k->cells[k->ncells++] = r * 9 + r + d;
                k->value += s[r * 9 + r + d];
            }
        }
        break;
    case NONET_CON_ARROW: /* a shaft of two or three cells whose sum is in a cell */
        for (int tries = 0; tries < 200 && t->ncons < 8; tries++) {
            int len = 2 + below(2), cells[4], sum = 0;
            distinct_cells(n, len + 1, cells);
            for (int i = 1; i <= len; i++)
                sum += s[cells[i]];
            int bulb = -1;
            for (int c = 0; c < 81 && bulb < 0; c++) {
                int used = 0;
                for (int i = 1; i <= len; i++)
                    used |= cells[i] == c;
                if (!used && s[c] == sum)
                    bulb = c;
            }
            if (bulb < 0)
                continue;
            k = &t->cons[t->ncons++];
            *k = (tcon){type, 0, 1, len + 1, {bulb, cells[1], cells[2], cells[3]}, 0, {0}};
        }
        break;
    case NONET_CON_THERMO:
    case NONET_CON_WHISPER: /* walks to a neighbour that keeps the rule */
        for (int start = 0; start < 81; start += 11) {
            k = &t->cons[t->ncons++];
            *k = (tcon){type, 0, 0, 1, {start}, 0, {0}};
            for (int step = 0; step < 5; step++) {
                int at = k->cells[k->ncells - 1], next = -1;
                for (int dr = -1; dr <= 1 && next < 0; dr++)
                    for (int dc = -1; dc <= 1 && next < 0; dc++) {
                        int r = at / 9 + dr, c = at % 9 + dc, o = r * 9 + c, used = 0;
                        if (r < 0 || r > 8 || c < 0 || c > 8)
                            continue;
                        for (int i = 0; i < k->ncells; i++)
                            used |= k->cells[i] == o;
                        if (!used &&
                            (type == NONET_CON_THERMO ? s[o] > s[at] : absd(s[o] - s[at]) >= 5))
                            next = o;
                    }
                if (next < 0)
                    break;
                k->cells[k->ncells++] = next;
            }
            if (k->ncells < 2)
                t->ncons--;
        }
        break;
    case NONET_CON_RENBAN: /* in each row, the cells of digits lo .. lo+2 */
        for (int r = 0; r < 9; r += 3) {
            int lo = 1 + below(7);
            k = &t->cons[t->ncons++];
            *k = (tcon){type, 0, 0, 0, {0}, 0, {0}};
            for (int c = 0; c < 9; c++)
                if (s[r * 9 + c] >= lo && s[r * 9 + c] < lo + 3)
                    k->cells[k->ncells++] = r * 9 + c;
        }
        break;
    case NONET_CON_SANDWICH:
        for (int line = 0; line < 9; line += 2) {
            k = &t->cons[t->ncons++];
            *k = (tcon){type, 0, 0, 9, {0}, 0, {0}};
            for (int i = 0; i < 9; i++)
                k->cells[i] = line * 9 + i;
            uint8_t g[81];
            memcpy(g, s, 81);
            k->value = 0;
            int one = 0, nine = 0;
            for (int i = 0; i < 9; i++) {
                one = s[line * 9 + i] == 1 ? i : one;
                nine = s[line * 9 + i] == 9 ? i : nine;
            }
            for (int i = (one < nine ? one : nine) + 1; i < (one < nine ? nine : one); i++)
                k->value += s[line * 9 + i];
        }
        break;
    case NONET_CON_DIFFERENCE: /* every kropki dot, all given */
        for (int a = 0; a < 81; a++)
            for (int b = a + 1; b < 81; b++) {
                if (absd(a / 9 - b / 9) + absd(a % 9 - b % 9) != 1)
                    continue;
                int x = s[a], y = s[b];
                if (absd(x - y) == 1 && t->ncons < MAXC - 2)
                    t->cons[t->ncons++] = (tcon){NONET_CON_DIFFERENCE, 1, 0, 2, {a, b}, 0, {0}};
                else if ((x == 2 * y || y == 2 * x) && t->ncons < MAXC - 2)
                    t->cons[t->ncons++] = (tcon){NONET_CON_RATIO, 2, 0, 2, {a, b}, 0, {0}};
            }
        t->cons[t->ncons++] = (tcon){NONET_CON_NOT_DIFFERENCE, 1, 0, 0, {0}, 0, {0}};
        t->cons[t->ncons++] = (tcon){NONET_CON_NOT_RATIO, 2, 0, 0, {0}, 0, {0}};
        break;
    case NONET_CON_SUM: /* every X and V, all given */
        for (int a = 0; a < 81; a++)
            for (int b = a + 1; b < 81; b++)
                if (absd(a / 9 - b / 9) + absd(a % 9 - b % 9) == 1 &&
                    (s[a] + s[b] == 10 || s[a] + s[b] == 5) && t->ncons < MAXC - 2)
                    t->cons[t->ncons++] = (tcon){NONET_CON_SUM, s[a] + s[b], 0, 2, {a, b}, 0, {0}};
        t->cons[t->ncons++] = (tcon){NONET_CON_NOT_SUM, 10, 0, 0, {0}, 0, {0}};
        t->cons[t->ncons++] = (tcon){NONET_CON_NOT_SUM, 5, 0, 0, {0}, 0, {0}};
        break;
    case NONET_CON_ODD:
        for (int i = 0; i < 2; i++) {
            k = &t->cons[t->ncons++];
            *k = (tcon){i ? NONET_CON_EVEN : NONET_CON_ODD, 0, 0, 0, {0}, 0, {0}};
            for (int c = 0; c < 81; c += 4)
                if (s[c] % 2 == !i && k->ncells < MAXCELLS)
                    k->cells[k->ncells++] = c;
        }
        break;
    case NONET_CON_HOUSE: /* one cell of each digit */
        for (int h = 0; h < 2; h++) {
            k = &t->cons[t->ncons++];
            *k = (tcon){type, 0, 0, 9, {0}, 0, {0}};
            for (int d = 1; d <= 9; d++) {
                int pick = below(9), seen = 0;
                for (int c = 0; c < 81; c++)
                    if (s[c] == d && seen++ == pick)
                        k->cells[d - 1] = c;
            }
        }
        break;
    default:
        break;
    }
}

static void test_types_9x9(void)
{
    static const nonet_constraint_type made[] = {
        NONET_CON_KILLER,  NONET_CON_LITTLE_KILLER, NONET_CON_ARROW,    NONET_CON_THERMO,
        NONET_CON_WHISPER, NONET_CON_RENBAN,        NONET_CON_SANDWICH, NONET_CON_DIFFERENCE,
        NONET_CON_SUM,     NONET_CON_ODD,           NONET_CON_HOUSE,
    };
    rng_state = 9;
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++)
        for (int round = 0; round < 3; round++) {
            tpuzzle t = {.n = 9, .br = 3, .bc = 3};
            uint8_t sol[81] = {0}, givens[81] = {0};
            CHECK(random_fill(&t, sol, 0));
            add_from(&t, sol, made[i]);
            CHECKF(t.ncons > 0 && valid(&t, sol), "type %d: the grid keeps what was made of it",
                   made[i]);
            for (int c = 0; c < 81; c++)
                givens[c] = below(4) == 0 ? sol[c] : 0;
            nonet_variant *v = build(&t, givens);
            CHECKF(v != NULL, "type %d accepted", made[i]);
            collect k = {&t, 0, 0, sol, 0};
            uint64_t count = 0;
            CHECK(nonet_variant_run(v, 50, check_solution, &k, &count, NULL, NULL) == NONET_OK);
            CHECKF(count >= 1 && k.bad == 0, "type %d: %d solutions break a rule", made[i], k.bad);
            CHECKF(count == 50 || k.found_want, "type %d: the grid is among the solutions",
                   made[i]);
            nonet_variant_free(v);
        }
}

/* The rules of the whole grid, on an empty 9x9 grid: the solution found
 * keeps them. */
static void test_global_rules(void)
{
    static const nonet_constraint_type rules[][2] = {
        {NONET_CON_DIAGONAL_MAIN, NONET_CON_DIAGONAL_ANTI},
        {NONET_CON_WINDOKU, NONET_CON_DIAGONAL_MAIN},
        {NONET_CON_DISJOINT, 0},
        {NONET_CON_ANTI_KNIGHT, 0},
        {NONET_CON_ANTI_KING, NONET_CON_ANTI_KNIGHT},
        {NONET_CON_NONCONSECUTIVE, 0},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        tpuzzle t = {.n = 9, .br = 3, .bc = 3};
        for (int j = 0; j < 2 && rules[i][j]; j++)
            t.cons[t.ncons++] = (tcon){rules[i][j], 0, 0, 0, {0}, 0, {0}};
        nonet_variant *v = build(&t, NULL);
        CHECK(v != NULL);
        collect k = {&t, 0, 0, NULL, 0};
        uint64_t count = 0;
        CHECK(nonet_variant_run(v, 20, check_solution, &k, &count, NULL, NULL) == NONET_OK);
        CHECKF(count == 20 && k.bad == 0, "rule set %zu: %llu solutions, %d break a rule", i,
               (unsigned long long)count, k.bad);
        nonet_variant_free(v);
    }
}

static int same_constraints(const nonet_variant *a, const nonet_variant *b)
{
    int n = nonet_variant_count_constraints(a);
    if (n != nonet_variant_count_constraints(b))
        return 0;
    for (int i = 0; i < n; i++) {
        nonet_constraint x, y;
        nonet_variant_get(a, i, &x);
        nonet_variant_get(b, i, &y);
        if (x.type != y.type || x.value != y.value || x.ncells != y.ncells ||
            x.nvalues != y.nvalues || !x.text != !y.text || (x.text && strcmp(x.text, y.text)) ||
            (x.ncells && memcmp(x.cells, y.cells, (size_t)x.ncells * sizeof *x.cells)) ||
            (x.nvalues && memcmp(x.values, y.values, (size_t)x.nvalues * sizeof *x.values)))
            return 0;
    }
    /* the same regions: the same partition, whatever their numbers */
    uint8_t ra[81], rb[81];
    int ha = nonet_variant_regions(a, ra), hb = nonet_variant_regions(b, rb);
    int cells = nonet_variant_grid(a)->n * nonet_variant_grid(a)->n;
    for (int x = 0; x < cells; x++)
        for (int y = 0; y < cells; y++)
            if ((ra[x] == ra[y]) != (rb[x] == rb[y]))
                return 0;
    return ha == hb && nonet_grid_equal(nonet_variant_grid(a), nonet_variant_grid(b));
}

/* What the text form writes reads back as the same puzzle. */
static void test_text_round_trip(void)
{
    rng_state = 11;
    int tried = 0;
    for (int round = 0; round < 200; round++) {
        int six = round % 2;
        tpuzzle t = {.n = six ? 6 : 9, .br = six ? 2 : 3, .bc = 3};
        if (round % 5 == 0)
            random_regions(&t);
        int want = 1 + below(6);
        for (int i = 0; i < want; i++)
            random_constraint(&t, &t.cons[t.ncons++]);
        uint8_t givens[81] = {0};
        givens[below(t.n * t.n)] = (uint8_t)(1 + below(t.n));
        nonet_variant *v = build(&t, givens);
        if (!v)
            continue;
        char text[8192];
        long len = nonet_variant_format(v, text, sizeof text);
        CHECK(len > 0 && len < (long)sizeof text);
        nonet_variant *back = NULL;
        nonet_error err;
        int rc = nonet_variant_parse(text, (size_t)len, &back, NULL, &err);
        CHECKF(rc == NONET_OK, "round %d: %s in\n%.300s", round, err.message, text);
        CHECKF(same_constraints(v, back), "round %d: read back differently:\n%.400s", round, text);
        nonet_variant_free(back);
        nonet_variant_free(v);
        tried++;
    }
    CHECK(tried > 100);
}

static uint64_t count_of(const nonet_variant *v);

/* The text form as a person types it. */
static void test_text_form(void)
{
    const char *text = "# a killer\n"
                       "..3......\n.........\n.........\n.........\n.........\n"
                       ".........\n.........\n.........\n.........\n"
                       "cage r1c12 = 9   # two cells\n"
                       "cage r23c1, r2c2\n"
                       "thermo r9c1 r8c2 r7c3\n"
                       "arrow r5c5 : r4c4 r3c3\n"
                       "arrow r6c1 r6c2 : r7c1 r8c1 r9c2 r9c3 r8c3 r7c2 r7c4 r8c4 r9c4 r9c5\n"
                       "white r1c9 r2c9\nblack r3c9 r4c9\nx r5c9 r6c9\nv r7c9 r8c9\n"
                       "negative kropki\n"
                       "sandwich c7 = 12\n"
                       "diagonal\nantiknight\n";
    nonet_variant *v = NULL;
    nonet_error err;
    char name[NONET_MAX_NAME + 1];
    CHECKF(nonet_variant_parse(text, strlen(text), &v, name, &err) == NONET_OK, "%s", err.message);
    CHECK(nonet_variant_grid(v)->cells[2] == 3);
    CHECK(nonet_variant_count_constraints(v) == 15);
    nonet_constraint c;
    nonet_variant_get(v, 0, &c);
    CHECK(c.type == NONET_CON_KILLER && c.value == 9 && c.ncells == 2 && c.cells[0] == 0 &&
          c.cells[1] == 1);
    nonet_variant_get(v, 1, &c);
    CHECK(c.type == NONET_CON_KILLER && c.value == 0 && c.ncells == 3 && c.cells[0] == 9 &&
          c.cells[1] == 18 && c.cells[2] == 10);
    nonet_variant_get(v, 4, &c);
    CHECK(c.type == NONET_CON_ARROW && c.ncells == 13 && c.cells[2] == NONET_PART);
    nonet_variant_get(v, 9, &c);
    CHECK(c.type == NONET_CON_NOT_DIFFERENCE && c.value == 1);
    nonet_variant_get(v, 10, &c);
    CHECK(c.type == NONET_CON_NOT_RATIO && c.value == 2);
    nonet_variant_get(v, 11, &c);
    CHECK(c.type == NONET_CON_SANDWICH && c.value == 12 && c.cells[1] == 15);
    nonet_variant_free(v);

    /* outside clues from each side, numbers, a negative value */
    const char *blocks = "....\n....\n....\n....\n"
                         "sandwich r2c5 = 0\nsandwich r5c3 = 5, # below column 3\n"
                         "sandwich r0c2 = 0\npair r1c1 r2c1, r3c1 [1 2, 2 3 3,4]\n"
                         "weightedsum r4c1 r4c2 [-2 1] = -7\ncontainsexactly r1c4 r2c4 [2 2]\n";
    CHECKF(nonet_variant_parse(blocks, strlen(blocks), &v, NULL, &err) == NONET_OK, "%s",
           err.message);
    CHECK(nonet_variant_count_constraints(v) == 6);
    nonet_variant_get(v, 0, &c);
    CHECK(c.ncells == 4 && c.cells[0] == 7 && c.cells[3] == 4); /* right of row 2 */
    nonet_variant_get(v, 1, &c);
    CHECK(c.ncells == 4 && c.cells[0] == 14 && c.cells[3] == 2 && c.value == 5); /* from below */
    nonet_variant_get(v, 2, &c);
    CHECK(c.ncells == 4 && c.cells[0] == 1 && c.cells[1] == 5); /* above column 2 */
    nonet_variant_get(v, 3, &c);
    CHECK(c.type == NONET_CON_PAIR && c.ncells == 3 && c.nvalues == 6 && c.values[5] == 4);
    nonet_variant_get(v, 4, &c);
    CHECK(c.type == NONET_CON_WEIGHTED_SUM && c.value == -7 && c.values[0] == -2);
    nonet_variant_get(v, 5, &c);
    CHECK(c.type == NONET_CON_CONTAINS_EXACTLY && c.nvalues == 2 && c.text == NULL);
    CHECK(count_of(v) == 0); /* r1c4 and r2c4 share a box: two 2s cannot be */
    nonet_variant_free(v);

    /* a jigsaw's map over several lines */
    const char *jig = "1...\n....\n....\n....\n"
                      "regions AABB\n AABB\n CCDD\n CDCD\n";
    CHECKF(nonet_variant_parse(jig, strlen(jig), &v, NULL, &err) == NONET_OK, "%s", err.message);
    uint8_t region[16];
    CHECK(nonet_variant_regions(v, region) == 1 && region[0] == 0 && region[2] == 1 &&
          region[13] == 3 && region[14] == 2);
    nonet_variant_free(v);
}

static void parse_fails(const char *text, long line, const char *words)
{
    nonet_variant *v = NULL;
    nonet_error err;
    int rc = nonet_variant_parse(text, strlen(text), &v, NULL, &err);
    CHECKF(rc != NONET_OK && v == NULL, "'%s' was read", text);
    CHECKF(err.line == line && strstr(err.message, words), "'%s': line %ld, '%s'", text, err.line,
           err.message);
}

static void test_text_errors(void)
{
    const char *grid =
        ".................................................................................\n";
    char text[512];
    static const struct {
        const char *line, *words;
    } cases[] = {
        {"fortress r1c1 r1c2 r1c3", "unknown constraint 'fortress'"},
        {"cage r1c1 r0c2 = 3", "'r0c2' is outside the grid"},
        {"thermo r1c1 r1c2 r1c1", "r1c1 twice"},
        {"white r1c1 r3c3", "two adjacent cells"},
        {"thermo r1c1 r1c3", "does not touch"},
        {"cage r1c1 r1c2 = 30", "out of range"},
        {"antiknight r1c1", "takes nothing"},
        {"sandwich r10 = 3", "row or column"},
        {"littlekiller r1c1 r2c2", "needs '= NUMBER'"},
        {"x r1c1 r1c2 = 7", "takes no value"},
        {"negative purple", "negative 'purple'"},
        {"cage r1c1 r1c2 = banana", "expected a number"},
        {"cage r1c1 r1c2 = -3", "out of range"},
        {"distinct r1c1 r1c2 [1 2]", "distinct takes no numbers"},
        {"contains r1c1 r1c2", "contains needs its numbers"},
        {"contains r1c1 r1c2 [1 2 3]", "1 to 2 digits"},
        {"containsexactly r1c1 r1c2 [1]", "a digit a cell, but 1 listed for 2 cells"},
        {"pair r1c1 r1c2 [1 2 3]", "two digits each"},
        {"pairwise r1c1 r1c2 [1 10]", "10 is no digit"},
        {"weightedsum r1c1 r1c2 [1 0] = 3", "not -100 to 100 and not 0"},
        {"weightedsum r1c1 r1c2 [1 1]", "needs '= NUMBER'"},
        {"weightedsum r1c1 r1c2 [1 1] = 19", "out of range (2 to 18)"},
        {"weightedsum r1c1 r1c1 [1 1] = 4", "r1c1 twice: each cell has one weight"},
        {"thermo r1c1 : r1c2", "has no parts"},
        {"arrow r1c1 r1c2", "the bulb, NONET_PART (':' in the text form), then the shaft"},
        {"arrow r1c1 : r1c1 r1c2", "r1c1 is in the bulb and in the shaft"},
        {"arrow r1c1 r1c2 r1c3 r1c4 r1c5 : r2c1", "arrow: the bulb: 1 to 4 cells, not 5"},
        {"region r1c1 r1c2 \"x\"", "region takes no text"},
        {"sandwich r3c5 = 4", "row or column"},
        {"negative difference r1c1", "takes nothing after it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(text, sizeof text, "%sdiagonal\n%s\n", grid, cases[i].line);
        parse_fails(text, 3, cases[i].words);
    }
    parse_fails("r1c1 is blank\n", 0, "no grid");
}

/* f-puzzles JSON: cells, givens, regions, switches, elements; what nonet
 * does not know is named. */
static void test_fpuzzles(void)
{
    const char *json =
        "{\"size\":4,\"title\":\"Tiny\",\"grid\":["
        "[{\"value\":1,\"given\":true,\"region\":0},{\"region\":0},{\"region\":1},{\"region\":1}],"
        "[{\"region\":0},{\"region\":0},{\"region\":1},{\"value\":3,\"region\":1}],"
        "[{\"region\":2},{\"region\":2},{\"region\":3},{\"region\":3}],"
        "[{\"region\":2},{\"region\":3},{\"region\":2},{\"region\":3}]],"
        "\"diagonal-\":true,\"antiknight\":false,\"negative\":[\"ratio\"],"
        "\"killercage\":[{\"cells\":[\"R2C1\",\"R2C2\"],\"value\":\"7\"}],"
        "\"arrow\":[{\"lines\":[[\"R3C3\",\"R4C4\"]],\"cells\":[\"R3C3\"]}],"
        "\"difference\":[{\"cells\":[\"R1C3\",\"R1C4\"]}],"
        "\"xv\":[{\"cells\":[\"R3C1\",\"R4C1\"],\"value\":\"V\"}],"
        "\"sandwichsum\":[{\"cell\":\"R0C2\",\"value\":\"5\"}],"
        "\"odd\":[{\"cell\":\"R4C2\"}],\"text\":[{\"cells\":[\"R1C1\"],\"value\":\"hi\"}]}";
    nonet_variant *v = NULL;
    nonet_error err;
    char name[NONET_MAX_NAME + 1];
    CHECKF(nonet_variant_parse(json, strlen(json), &v, name, &err) == NONET_OK, "%s", err.message);
    CHECK(!strcmp(name, "Tiny"));
    const nonet_grid *g = nonet_variant_grid(v);
    CHECK(g->n == 4 && g->cells[0] == 1 && g->cells[7] == 0); /* a value not given is no clue */
    uint8_t region[16];
    CHECK(nonet_variant_regions(v, region) == 1 && region[13] == 3);
    static const nonet_constraint_type want[] = {
        NONET_CON_DIAGONAL_MAIN, NONET_CON_NOT_RATIO, NONET_CON_KILLER,   NONET_CON_ARROW,
        NONET_CON_DIFFERENCE,    NONET_CON_SUM,       NONET_CON_SANDWICH, NONET_CON_ODD};
    CHECK(nonet_variant_count_constraints(v) == 8);
    for (int i = 0; i < 8; i++) {
        nonet_constraint c;
        nonet_variant_get(v, i, &c);
        CHECKF(c.type == want[i], "constraint %d", i);
        if (c.type == NONET_CON_KILLER)
            CHECK(c.value == 7 && c.cells[0] == 4);
        if (c.type == NONET_CON_SUM)
            CHECK(c.value == 5);
        if (c.type == NONET_CON_DIFFERENCE)
            CHECK(c.value == 1);
        if (c.type == NONET_CON_SANDWICH)
            CHECK(c.cells[0] == 1 && c.cells[1] == 5 && c.value == 5);
        if (c.type == NONET_CON_ARROW)
            CHECK(c.ncells == 3 && c.cells[1] == NONET_PART && c.cells[2] == 15);
    }
    nonet_variant_free(v);

    /* an element's "value" where its rule takes none (an extra region's
     * label): not read */
    const char *labelled =
        "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
        "\"extraregion\":[{\"cells\":[\"R1C1\",\"R2C3\"],\"value\":\"A\"}]}";
    CHECKF(nonet_variant_parse(labelled, strlen(labelled), &v, NULL, &err) == NONET_OK, "%s",
           err.message);
    nonet_constraint region_c;
    CHECK(nonet_variant_get(v, 0, &region_c) == NONET_OK && region_c.type == NONET_CON_HOUSE &&
          region_c.value == 0 && region_c.ncells == 2);
    nonet_variant_free(v);

    const char *unknown = "{\"size\":9,\"grid\":[],\"boxindexer\":[{\"cells\":[]}]}";
    CHECK(nonet_variant_parse(unknown, strlen(unknown), &v, NULL, &err) != NONET_OK);
    const char *unknown2 =
        "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
        "\"boxindexer\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]}";
    CHECK(nonet_variant_parse(unknown2, strlen(unknown2), &v, NULL, &err) != NONET_OK);
    CHECKF(strstr(err.message, "\"boxindexer\""), "%s", err.message);
    const char *broken = "{\"size\":4,\"grid\":[[{},{}";
    CHECK(nonet_variant_parse(broken, strlen(broken), &v, NULL, &err) != NONET_OK);
    CHECK(strstr(err.message, "JSON") != NULL);
}

/* Links: LZ-string base64 payloads (made by the lz-string package's
 * compressToBase64 from the JSON beside each) decode to that JSON. */
static void test_links(void)
{
    /* {"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true}
     */
    const char *payload = "N4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3lwC6yQv"
                          "3GCRYwTL5SBC8UJEhsEEmgD2zcgFp2nGFyA=";
    static const char *const forms[] = {
        "https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles", ""};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char link[512];
        snprintf(link, sizeof link, "%s%s", forms[i], payload);
        nonet_variant *v = NULL;
        nonet_error err;
        int rc = nonet_variant_parse(link, strlen(link), &v, NULL, &err);
        if (i == 2) { /* a bare payload is no link: read as the text form, which fails */
            CHECK(rc != NONET_OK);
            continue;
        }
        CHECKF(rc == NONET_OK, "%s: %s", link, err.message);
        CHECK(nonet_variant_grid(v)->n == 4 && nonet_variant_grid(v)->cells[0] == 1);
        nonet_constraint c;
        CHECK(nonet_variant_count_constraints(v) == 1 && nonet_variant_get(v, 0, &c) == NONET_OK &&
              c.type == NONET_CON_DIAGONAL_MAIN);
        nonet_variant_free(v);
    }
    nonet_variant *v = NULL;
    nonet_error err;
    const char *own = "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA5gJwgE";
    CHECK(nonet_variant_parse(own, strlen(own), &v, NULL, &err) != NONET_OK);
    CHECKF(strstr(err.message, "SudokuPad's own format"), "%s", err.message);
    const char *junk = "https://www.f-puzzles.com/?load=!!!!";
    CHECK(nonet_variant_parse(junk, strlen(junk), &v, NULL, &err) != NONET_OK);
}

/* The library's check names the broken rule. */
static void test_check(void)
{
    const char *text = "1...\n....\n....\n....\ncage r1c1 r1c2 = 5\nthermo r2c1 r2c2\n";
    nonet_variant *v = NULL;
    nonet_error err;
    CHECK(nonet_variant_parse(text, strlen(text), &v, NULL, &err) == NONET_OK);
    nonet_grid g;
    char why[160];
    CHECK(grid_from_line("1423231431424231", 2, 2, &g));
    CHECK(nonet_variant_check(v, &g, why, sizeof why) == NONET_OK);
    CHECK(grid_from_line("1342421331242431", 2, 2, &g));
    CHECK(nonet_variant_check(v, &g, why, sizeof why) != NONET_OK);
    CHECK(strstr(why, "cage"));
    CHECK(grid_from_line("14..............", 2, 2, &g));
    CHECK(nonet_variant_check(v, &g, why, sizeof why) == NONET_EINCOMPLETE);
    CHECK(grid_from_line("24..............", 2, 2, &g));
    CHECK(nonet_variant_check(v, &g, why, sizeof why) == NONET_ECLUE);
    nonet_variant_free(v);
}

/* The forums' one-line killer forms: random cages over a random grid,
 * written here in both forms (the short one with every pointer character,
 * the long one with and without diagonals), read back: the same cages and
 * sums; then malformed lines, each refused with a sentence. */
static void test_killer_forms(void)
{
    static const char pointers[] = "<>^v`',.";
    static const int prow[] = {0, 0, -1, 1, -1, -1, 1, 1}, pcol[] = {-1, 1, 0, 0, -1, 1, -1, 1};
    rng_state = 45;
    for (int round = 0; round < 40; round++) {
        tpuzzle t = {.n = 9, .br = 3, .bc = 3};
        uint8_t sol[81] = {0};
        CHECK(random_fill(&t, sol, 0));
        int cage[81], sum[81] = {0}, ncages = 0;
        char shortform[82] = {0};
        for (int c = 0; c < 81; c++)
            cage[c] = -1;
        for (int c = 0; c < 81; c++) {
            if (cage[c] >= 0)
                continue;
            int k = ncages++, size = 1, want = 1 + below(4);
            uint16_t used = (uint16_t)(1u << sol[c]);
            cage[c] = k;
            sum[k] = sol[c];
            for (int tries = 0; tries < 20 && size < want; tries++) {
                /* a cell of the cage, a neighbour of it not in a cage */
                int from = -1, pick = below(size), seen = 0;
                for (int x = 0; x < 81 && from < 0; x++)
                    if (cage[x] == k && seen++ == pick)
                        from = x;
                int dir = below(8), r = from / 9 - prow[dir], col = from % 9 - pcol[dir];
                int to = r * 9 + col;
                if (r < 0 || r > 8 || col < 0 || col > 8 || cage[to] >= 0 || used >> sol[to] & 1)
                    continue;
                cage[to] = k;
                used |= (uint16_t)(1u << sol[to]);
                sum[k] += sol[to];
                shortform[to] = pointers[dir]; /* from `to` back to `from` */
                size++;
            }
            shortform[c] = sum[k] < 10   ? (char)('0' + sum[k])
                           : sum[k] < 36 ? (char)('A' + sum[k] - 10)
                                         : (char)('a' + sum[k] - 36);
        }
        for (int form = 0; form < 3; form++) {
            char text[1200];
            size_t at = 0;
            if (form == 0) {
                at = (size_t)snprintf(text, sizeof text, "# round %d\n%s\n", round, shortform);
            } else {
                at = (size_t)snprintf(text, sizeof text, "3x3:%s:k:", form == 2 ? "d" : "");
                for (int c = 0; c < 81; c++)
                    at += (size_t)snprintf(text + at, sizeof text - at,
                                           "%d:", sum[cage[c]] * 256 + cage[c] % 200);
            }
            nonet_variant *v = NULL;
            nonet_error err;
            char name[NONET_MAX_NAME + 1];
            CHECK(nonet_variant_sniff(text, at));
            CHECKF(nonet_variant_parse(text, at, &v, name, &err) == NONET_OK, "form %d: %s", form,
                   err.message);
            if (!v)
                continue;
            CHECK(form != 0 || !strcmp(name, "round 0") == (round == 0));
            int cages = 0, diagonals = 0, same = 1;
            for (int i = 0; i < nonet_variant_count_constraints(v); i++) {
                nonet_constraint con;
                CHECK(nonet_variant_get(v, i, &con) == NONET_OK);
                if (con.type != NONET_CON_KILLER) {
                    diagonals +=
                        con.type == NONET_CON_DIAGONAL_MAIN || con.type == NONET_CON_DIAGONAL_ANTI;
                    continue;
                }
                cages++;
                int k = cage[con.cells[0]], size = 0;
                for (int c = 0; c < 81; c++)
                    size += cage[c] == k;
                same &= con.value == sum[k] && con.ncells == size;
                for (int j = 0; j < con.ncells; j++)
                    same &= cage[con.cells[j]] == k;
            }
            CHECKF(cages == ncages && same, "form %d: %d cages read, %d made", form, cages, ncages);
            CHECK(diagonals == (form == 2 ? 2 : 0));
            nonet_variant_free(v);
        }
    }
    char loop[82], out[82];
    memset(loop, 'A', 81);
    loop[81] = '\0';
    memcpy(out, loop, sizeof out);
    loop[0] = '>';
    loop[1] = '<';
    out[0] = '^';
    const struct {
        const char *text, *why;
    } bad[] = {
        {loop, "loop"},
        {out, "out of the grid"},
        {"3x3:x:k:1:2", "second field"},
        {"3x3::k:256:257", "cells where"},
        {"3x3::k:256:512:", "sum"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nonet_variant *v = NULL;
        nonet_error err;
        CHECKF(nonet_variant_parse(bad[i].text, strlen(bad[i].text), &v, NULL, &err) != NONET_OK &&
                   strstr(err.message, bad[i].why),
               "'%.20s...': %s", bad[i].text, err.message);
        nonet_variant_free(v);
    }
}

/* Sums no digits can make (a cage of two summing to 2, one of three to 30
 * on 9x9): no solution, found without reading past a table. */
static void test_impossible_sums(void)
{
    static const char *const texts[] = {
        "1...\n....\n....\n....\ncage r2c2 r1c3 = 2\n",
        ".................................................................................\n"
        "cage r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 = 44\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        nonet_variant *v = NULL;
        nonet_error err;
        int rc = nonet_variant_parse(texts[i], strlen(texts[i]), &v, NULL, &err);
        if (rc != NONET_OK) { /* refused as out of range: as good */
            CHECKF(strstr(err.message, "range") != NULL, "%s", err.message);
            continue;
        }
        uint64_t count = 1;
        CHECK(nonet_variant_count(v, 2, &count, NULL, NULL, NULL) == NONET_OK);
        CHECKF(count == 0, "text %zu: %llu solutions", i, (unsigned long long)count);
        nonet_variant_free(v);
    }
}

/* Sandwich sums on 25x25, where a line has too many fillings to list (the
 * engine works by bounds there): two rows of a grid blanked, their
 * sandwiches given; every solution keeps them (checked here), and the
 * grid is among them. */
typedef struct big {
    const uint8_t *want;
    int sums[2], bad, found_want;
} big;

static int sandwich_of(const uint8_t *row, int n)
{
    int one = 0, top = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        one = row[i] == 1 ? i : one;
        top = row[i] == n ? i : top;
    }
    for (int i = (one < top ? one : top) + 1; i < (one < top ? top : one); i++)
        sum += row[i];
    return sum;
}

static int big_solution(void *ctx, const nonet_grid *g)
{
    big *b = ctx;
    for (int r = 0; r < 2; r++)
        b->bad += sandwich_of(g->cells + r * 25, 25) != b->sums[r];
    if (!memcmp(g->cells, b->want, 625))
        b->found_want = 1;
    return 0;
}

static void test_sandwich_bounds(void)
{
    enum { N = 25 };
    static uint8_t want[N * N];
    nonet_grid g;
    CHECK(nonet_grid_init(&g, 5, 5) == NONET_OK);
    for (int r = 0; r < N; r++)                        /* a valid grid: rows shifted by box, */
        for (int c = 0; c < N; c++) {                  /* 1 and 6, 19 and 25 swapped (so that */
            int d = ((r % 5) * 5 + r / 5 + c) % N + 1; /* the 1 and the 25 */
            want[r * N + c] = (uint8_t)(d == 1 ? 6 : d == 6 ? 1 : d == 19 ? 25 : d == 25 ? 19 : d);
        } /* stand apart in the first rows: sums of many fillings) */
    memcpy(g.cells, want, sizeof want);
    memset(g.cells, 0, 2 * N);
    nonet_variant *v = nonet_variant_new(&g);
    CHECK(v != NULL);
    if (!v)
        return;
    big b = {want, {0, 0}, 0, 0};
    for (int r = 0; r < 2; r++) {
        int cells[N];
        for (int c = 0; c < N; c++)
            cells[c] = r * N + c;
        b.sums[r] = sandwich_of(want + r * N, N);
        nonet_constraint k = {NONET_CON_SANDWICH, b.sums[r], N, cells, 0, NULL, NULL};
        CHECK(nonet_variant_add(v, &k, NULL, 0) == NONET_OK);
    }
    uint64_t count = 0;
    CHECK(nonet_variant_run(v, 50, big_solution, &b, &count, NULL, NULL) == NONET_OK);
    CHECKF(count >= 1 && b.bad == 0, "%llu solutions, %d break a sandwich",
           (unsigned long long)count, b.bad);
    CHECK(count == 50 || b.found_want);
    nonet_variant_free(v);
}

/* ------------------------------------------------------------ issue 37: f-puzzles' drawings,
 * strict kropki, repeated cells */

/* An f-puzzles file of side n (boxes), givens (NULL: none), and more
 * members (extra: "" or ",\"key\":...") into buf. */
static void fp_json(char *buf, size_t cap, int n, const uint8_t *givens, const char *extra)
{
    size_t len = (size_t)snprintf(buf, cap, "{\"size\":%d,\"grid\":[", n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int d = givens ? givens[r * n + c] : 0;
            char cell[48] = "{}";
            if (d)
                snprintf(cell, sizeof cell, "{\"value\":%d,\"given\":true}", d);
            len += (size_t)snprintf(buf + len, cap - len, "%s%s%s", c ? "," : "[", cell,
                                    c < n - 1   ? ""
                                    : r < n - 1 ? "],"
                                                : "]]");
        }
    snprintf(buf + len, cap - len, "%s}", extra);
}

/* The variant of text (NULL when refused, err then says why). */
static nonet_variant *parse(const char *text, nonet_error *err)
{
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

/* The grids (of t's shape, keeping givens) counted by the plain search here. */
static uint64_t grids_of(const tpuzzle *t, const uint8_t *givens)
{
    tally y = {.t = t};
    uint8_t g[81] = {0};
    if (givens)
        memcpy(g, givens, (size_t)t->n * (size_t)t->n);
    fill(t, g, 0, count_valid, &y);
    return y.count;
}

/* f-puzzles' "cage" is a drawing (the killer cage is "killercage"): two
 * cells that hold the same digit under a cosmetic cage, with and without
 * text, count as the grid without it (enumerated here); as a killer cage
 * they count 0. */
static void test_fpuzzles_cosmetic_cage(void)
{
    uint8_t givens[16] = {0};
    givens[0] = 1;     /* r1c1 */
    givens[4 + 2] = 1; /* r2c3 */
    tpuzzle t = {.n = 4, .br = 2, .bc = 2};
    uint64_t grids = grids_of(&t, givens);
    CHECK(grids > 0);
    static const char *const cages[] = {
        ",\"cage\":[{\"cells\":[\"R1C1\",\"R2C3\"],\"outlineC\":\"#000000\"}]",
        ",\"cage\":[{\"cells\":[\"R1C1\",\"R2C3\"],\"value\":\"Cosmetic\",\"fontC\":\"#000000\"}]",
        ",\"cage\":[{\"cells\":[\"R1C1\",\"R2C3\"],\"value\":3}]"};
    char json[4096];
    nonet_error err;
    for (size_t i = 0; i < sizeof cages / sizeof cages[0]; i++) {
        fp_json(json, sizeof json, 4, givens, cages[i]);
        nonet_variant *v = parse(json, &err);
        CHECKF(v != NULL, "cage %zu: %s", i, err.message);
        uint64_t count = count_of(v);
        CHECKF(count == grids, "cage %zu: %llu solutions, %llu grids", i, (unsigned long long)count,
               (unsigned long long)grids);
        CHECK(nonet_variant_count_constraints(v) == 0);
        CHECKF(!strcmp(nonet_variant_notes(v), "1 cage read as a drawing, not a rule"), "%s",
               nonet_variant_notes(v));
        nonet_variant_free(v);
    }
    fp_json(json, sizeof json, 4, givens, ",\"killercage\":[{\"cells\":[\"R1C1\",\"R2C3\"]}]");
    nonet_variant *v = parse(json, &err);
    CHECK(v != NULL && count_of(v) == 0 && !nonet_variant_notes(v)[0]);
    nonet_variant_free(v);
}

/* Strict kropki as f-puzzles writes it: the dots, "nonconsecutive": true,
 * "negative": ["ratio"]. The rule, written here from its definition: a
 * white dot's digits differ by 1, a black dot's are twice one another,
 * and two neighbours without a dot are neither. */
typedef struct kropki {
    const tpuzzle *t;
    signed char dot[81][2]; /* to the right, below: 0 none, 1 white, 2 black */
    int no_ratio;           /* no pair without a dot has a ratio of 2 */
    uint64_t count;
} kropki;

static int kropki_keeps(const kropki *k, const uint8_t *g)
{
    int n = k->t->n;
    for (int c = 0; c < n * n; c++)
        for (int dir = 0; dir < 2; dir++) {
            int o = dir ? c + n : c + 1;
            if ((dir && c / n == n - 1) || (!dir && c % n == n - 1))
                continue;
            int x = g[c], y = g[o], one = absd(x - y) == 1, two = x == 2 * y || y == 2 * x;
            if (k->dot[c][dir] == 1   ? !one
                : k->dot[c][dir] == 2 ? !two
                                      : one || (k->no_ratio && two))
                return 0;
        }
    return 1;
}

static void kropki_count(void *ctx, const uint8_t *g)
{
    kropki *k = ctx;
    k->count += kropki_keeps(k, g);
}

static void test_fpuzzles_strict_kropki(void)
{
    rng_state = 37;
    int rounds = 0;
    for (int round = 0; round < 30; round++) {
        int six = round >= 20;
        tpuzzle t = {.n = six ? 6 : 4, .br = 2, .bc = six ? 3 : 2};
        int n = t.n;
        uint8_t sol[81] = {0}, givens[81] = {0};
        CHECK(random_fill(&t, sol, 0));
        for (int c = 0; c < n * n && six; c++)
            givens[c] = below(3) == 0 ? sol[c] : 0;
        kropki k = {.t = &t, .no_ratio = 1};
        char extra[8192], white[4096] = "", black[4096] = "";
        size_t wl = 0, bl = 0;
        for (int c = 0; c < n * n; c++)
            for (int dir = 0; dir < 2; dir++) {
                int o = dir ? c + n : c + 1;
                if ((dir && c / n == n - 1) || (!dir && c % n == n - 1))
                    continue;
                int x = sol[c], y = sol[o], one = absd(x - y) == 1, two = x == 2 * y || y == 2 * x;
                /* 1 and 2 take either colour */
                k.dot[c][dir] = (signed char)(one && two ? 1 + below(2) : one ? 1 : two ? 2 : 0);
                if (!k.dot[c][dir])
                    continue;
                char *buf = k.dot[c][dir] == 1 ? white : black;
                size_t *len = k.dot[c][dir] == 1 ? &wl : &bl;
                *len += (size_t)snprintf(buf + *len, 4096 - *len,
                                         "%s{\"cells\":[\"R%dC%d\",\"R%dC%d\"]}", *len ? "," : "",
                                         c / n + 1, c % n + 1, o / n + 1, o % n + 1);
            }
        snprintf(extra, sizeof extra,
                 ",\"nonconsecutive\":true,\"negative\":[\"ratio\"],\"difference\":[%s],"
                 "\"ratio\":[%s]",
                 white, black);
        char json[16384];
        fp_json(json, sizeof json, n, givens, extra);
        nonet_error err;
        nonet_variant *v = parse(json, &err);
        CHECKF(v != NULL, "round %d: %s", round, err.message);
        uint8_t g[81];
        memcpy(g, givens, sizeof g);
        fill(&t, g, 0, kropki_count, &k);
        uint64_t count = count_of(v);
        nonet_variant_free(v);
        CHECKF(k.count >= 1 && count == k.count, "round %d: %llu solutions, %llu grids", round,
               (unsigned long long)count, (unsigned long long)k.count);
        rounds++;
    }
    CHECK(rounds == 30);

    /* without any dot, f-puzzles' non-consecutive is every pair's, as the
     * text form's nonconsecutive: a third of a 6x6 grid that keeps it
     * (found offline) given, against the grids enumerated here */
    static const char nc[] = "315264642531264153531426153642426315";
    tpuzzle t = {.n = 6, .br = 2, .bc = 3};
    kropki none = {.t = &t};
    uint8_t g[81] = {0}, givens[81] = {0};
    for (int c = 0; c < 36; c++) {
        g[c] = (uint8_t)(nc[c] - '0');
        givens[c] = c % 3 ? 0 : g[c];
    }
    CHECK(kropki_keeps(&none, g) && valid(&t, g));
    memcpy(g, givens, sizeof g);
    fill(&t, g, 0, kropki_count, &none);
    CHECK(none.count > 0);
    char json[8192], text[512];
    fp_json(json, sizeof json, 6, givens, ",\"nonconsecutive\":true");
    nonet_error err;
    nonet_variant *v = parse(json, &err);
    CHECK(count_of(v) == none.count);
    nonet_variant_free(v);
    size_t len = 0;
    for (int c = 0; c < 36; c++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%c%s",
                                givens[c] ? '0' + givens[c] : '.', c % 6 == 5 ? "\n" : "");
    snprintf(text + len, sizeof text - len, "nonconsecutive\n");
    v = parse(text, &err);
    CHECKF(count_of(v) == none.count, "%s", err.message);
    nonet_variant_free(v);
    /* the text form's keeps its meaning beside a dot: every pair, so a
     * white dot cannot hold */
    v = parse("......\n......\n......\n......\n......\n......\nnonconsecutive\nwhite r1c1 r1c2\n",
              &err);
    CHECK(v != NULL && count_of(v) == 0);
    nonet_variant_free(v);
}

/* f-puzzles' drawings ("line", "circle", "rectangle", "cage", "text") are
 * read, kept and never taken as rules; the notes say so. A drawing the
 * constraint extension made for a rule whose own key is missing is a
 * lost rule: an error that names it. */
static void test_fpuzzles_drawings(void)
{
    static const char line[] = "{\"lines\":[[\"R1C1\",\"R1C2\",\"R2C2\"],[\"R4C4\",\"R3C3\"]],"
                               "\"outlineC\":\"#F067F0\",\"width\":0.25}";
    char extra[2048], json[8192];
    snprintf(extra, sizeof extra,
             ",\"line\":[%s],\"circle\":[{\"cells\":[\"R2C2\"],\"baseC\":\"#FFFFFF\","
             "\"outlineC\":\"#000000\",\"width\":0.85,\"height\":0.85}],"
             "\"rectangle\":[{\"cells\":[\"R3C1\",\"R3C2\"],\"angle\":0}],"
             "\"cage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R2C2\"],\"value\":\"Cosmetic\"}],"
             "\"text\":[{\"cells\":[\"R0C1\"],\"value\":5,\"size\":0.7},"
             "{\"cells\":[\"R4C4\"],\"value\":\"x\"}]",
             line);
    fp_json(json, sizeof json, 4, NULL, extra);
    tpuzzle t = {.n = 4, .br = 2, .bc = 2};
    nonet_error err;
    nonet_variant *v = parse(json, &err);
    CHECKF(v != NULL, "%s", err.message);
    CHECK(nonet_variant_count_constraints(v) == 0 && count_of(v) == grids_of(&t, NULL));
    CHECKF(!strcmp(nonet_variant_notes(v), "1 line, 1 circle, 1 rectangle, 1 cage and 2 texts "
                                           "read as drawings, not rules"),
           "%s", nonet_variant_notes(v));
    /* kept for a writer: the cells (the frame's too), the words, the
     * element as written */
    CHECK(v->ndraws == 6 && v->draws[0].kind == VD_LINE && v->draws[0].ncells == 6);
    static const int want[] = {1, 1, 1, 2, 2, 2, -1, -1, 4, 4, 3, 3};
    CHECK(!memcmp(v->dcells + v->draws[0].first, want, sizeof want));
    CHECK(!strcmp(v->dtext + v->draws[0].json, line) && !v->draws[0].copy);
    CHECK(v->draws[3].kind == VD_CAGE && !strcmp(v->dtext + v->draws[3].text, "Cosmetic"));
    CHECK(v->draws[4].kind == VD_TEXT && !strcmp(v->dtext + v->draws[4].text, "5"));
    const int *frame = v->dcells + v->draws[4].first;
    CHECK(frame[0] == 0 && frame[1] == 1);
    nonet_variant_free(v);

    /* the constraint extension's lines beside the rules they draw */
    static const char renban[] = ",\"renban\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]";
    static const char copy[] = ",\"line\":[{\"lines\":[[\"R1C1\",\"R1C2\"]],\"outlineC\":"
                               "\"#F067F0\",\"width\":0.25,\"fromConstraint\":\"Renban\"}]";
    snprintf(extra, sizeof extra, "%s%s", renban, copy);
    fp_json(json, sizeof json, 4, NULL, extra);
    v = parse(json, &err);
    CHECKF(v != NULL, "%s", err.message);
    CHECK(nonet_variant_count_constraints(v) == 1);
    CHECKF(!strcmp(nonet_variant_notes(v), "1 line read as a drawing, not a rule; it draws a rule "
                                           "read from its own key"),
           "%s", nonet_variant_notes(v));
    tpuzzle r = {.n = 4, .br = 2, .bc = 2, .ncons = 1};
    r.cons[0] = (tcon){NONET_CON_RENBAN, 0, 0, 2, {0, 1}, 0, {0}};
    CHECK(count_of(v) == grids_of(&r, NULL));
    nonet_variant_free(v);

    /* ... and without them: lost rules, named */
    static const struct {
        const char *extra, *words;
    } lost[] = {
        {copy, "\"Renban\", but the file has no \"renban\""},
        {",\"line\":[{\"lines\":[[\"R1C1\",\"R2C2\"]],\"fromConstraint\":\"German Whispers\"}]",
         "\"German Whispers\", but the file has no \"whispers\""},
        {",\"line\":[{\"lines\":[[\"R1C1\",\"R2C2\"]],\"fromConstraint\":\"Region Sum Line\"}]",
         "\"Region Sum Line\", but the file has no \"regionsumline\""},
        {",\"line\":[{\"lines\":[[\"R1C1\",\"R2C2\"]],\"isNewConstraint\":true,"
         "\"outlineC\":\"#C060C0\"}]",
         "\"Renban\", but the file has no \"renban\""},
        {",\"cage\":[{\"cells\":[\"R1C1\"],\"fromConstraint\":\"Row Indexer\"}]",
         "\"Row Indexer\", but the file has no \"rowindexer\""},
        {",\"text\":[{\"cells\":[\"R0C1\"],\"value\":\"12\",\"fromConstraint\":\"X Sum\"}]",
         "\"X Sum\", but the file has no \"xsum\""},
        {",\"circle\":[{\"cells\":[\"R1C1\"],\"fromConstraint\":\"Double Arrow\"}],"
         "\"doublearrow\":[]",
         "\"Double Arrow\", but the file has no \"doublearrow\""},
    };
    for (size_t i = 0; i < sizeof lost / sizeof lost[0]; i++) {
        fp_json(json, sizeof json, 4, NULL, lost[i].extra);
        v = parse(json, &err);
        CHECKF(v == NULL && strstr(err.message, lost[i].words) && strstr(err.message, "lost"),
               "lost %zu: %s", i, v ? "read" : err.message);
    }
    /* a rule of the extension that nonet does not know (its box indexer,
     * drawn as a cage) is named as such */
    fp_json(json, sizeof json, 4, NULL,
            ",\"boxindexer\":[{\"cells\":[\"R1C1\",\"R2C2\"]}],\"cage\":[{\"cells\":["
            "\"R1C1\",\"R2C2\"],\"fromConstraint\":\"Box Indexer\"}]");
    v = parse(json, &err);
    CHECKF(v == NULL && strstr(err.message, "\"boxindexer\" is not one nonet knows"), "%s",
           v ? "read" : err.message);
    /* German whispers, exported as "whispers" */
    fp_json(json, sizeof json, 4, NULL,
            ",\"whispers\":[{\"lines\":[[\"R1C1\",\"R2C2\"]]}],\"line\":[{\"lines\":[[\"R1C1\","
            "\"R2C2\"]],\"fromConstraint\":\"German Whispers\"}]");
    v = parse(json, &err);
    CHECKF(v != NULL && nonet_variant_count_constraints(v) == 1, "%s", err.message);
    nonet_variant_free(v);
    /* no notes: the text form, and NULL */
    v = parse("....\n....\n....\n....\nrenban r1c1 r1c2\n", &err);
    CHECK(v != NULL && !strcmp(nonet_variant_notes(v), "") &&
          !strcmp(nonet_variant_notes(NULL), ""));
    nonet_variant_free(v);
}

/* A cell listed twice, as each type's entry in the table says: a whisper
 * loop holds between neighbours along it (6x6 loops against the grids
 * enumerated here); the sets (renban, cage, region, arrow's shaft, odd,
 * even) hold the cell once; thermometers, little killers and an arrow's
 * bulb refuse it with a sentence. */
static void test_repeated_cells(void)
{
    /* the closed whisper loop, both forms */
    char json[16384];
    nonet_error err;
    fp_json(
        json, sizeof json, 9, NULL,
        ",\"whispers\":[{\"lines\":[[\"R6C7\",\"R5C7\",\"R6C6\",\"R5C5\",\"R4C6\",\"R5C7\"]]}]");
    nonet_variant *v = parse(json, &err);
    nonet_constraint c;
    CHECKF(v != NULL, "%s", err.message);
    CHECK(nonet_variant_get(v, 0, &c) == NONET_OK && c.ncells == 6 && c.cells[5] == 4 * 9 + 6);
    nonet_variant_free(v);
    const char *grid =
        ".................................................................................\n";
    char text[512];
    snprintf(text, sizeof text, "%swhisper r6c7 r5c7 r6c6 r5c5 r4c6 r5c7\n", grid);
    v = parse(text, &err);
    CHECKF(v != NULL, "%s", err.message);
    nonet_variant_free(v);

    /* 6x6 loops around a 2x2 block (a triangle or the square), a third
     * of a random grid given, against the grids enumerated here */
    rng_state = 5;
    int rounds = 0, solvable = 0;
    for (int round = 0; round < 30; round++) {
        tpuzzle t;
        uint8_t sol[81] = {0}, givens[81] = {0};
        random_6x6(&t, sol, givens, 3);
        int r0 = below(5), c0 = below(5), a = r0 * 6 + c0;
        int ring[4] = {a, a + 1, a + 7, a + 6}, len = below(2) ? 3 : 4;
        tcon *k = &t.cons[t.ncons++];
        *k = (tcon){NONET_CON_WHISPER, 1 + below(3), 0, len + 1, {0}, 0, {0}};
        for (int i = 0; i < len; i++)
            k->cells[i] = ring[i];
        k->cells[len] = ring[0];
        nonet_variant *w = build(&t, givens);
        CHECKF(w != NULL, "round %d: the loop refused", round);
        uint64_t grids = 0;
        count_against_grids(&t, givens, w, round, &grids);
        solvable += grids > 0;
        rounds++;
    }
    CHECK(rounds == 30 && solvable > 5);

    /* a set holds a repeated cell once: the same count as without it
     * (enumerated here), and the cell given back once */
    rng_state = 6;
    for (int round = 0; round < 20; round++) {
        tpuzzle t;
        uint8_t sol[81] = {0}, givens[81] = {0};
        random_6x6(&t, sol, givens, 3);
        static const nonet_constraint_type sets[] = {NONET_CON_RENBAN, NONET_CON_KILLER,
                                                     NONET_CON_HOUSE, NONET_CON_ODD};
        tcon *k = &t.cons[t.ncons++];
        *k = (tcon){sets[round % 4], 0, 0, 3, {0}, 0, {0}};
        distinct_cells(6, 3, k->cells);
        if (k->type == NONET_CON_KILLER)
            k->value = sol[k->cells[0]] + sol[k->cells[1]] + sol[k->cells[2]];
        int listed[4] = {k->cells[0], k->cells[1], k->cells[0], k->cells[2]};
        nonet_grid g;
        nonet_grid_init(&g, 2, 3);
        memcpy(g.cells, givens, 36);
        nonet_variant *w = nonet_variant_new(&g);
        nonet_constraint add = {k->type, k->value, 4, listed, 0, NULL, NULL};
        char why[160] = "";
        CHECKF(nonet_variant_add(w, &add, why, sizeof why) == NONET_OK, "round %d: %s", round, why);
        CHECK(nonet_variant_get(w, 0, &c) == NONET_OK && c.ncells == 3 &&
              c.cells[2] == k->cells[2]);
        uint64_t grids = 0;
        count_against_grids(&t, givens, w, round, &grids);
    }

    /* an arrow's shaft is a set; its bulb is one number */
    v = parse("....\n....\n....\n....\narrow r1c1 : r1c2 r2c2 r1c2\n", &err);
    CHECKF(v != NULL && nonet_variant_get(v, 0, &c) == NONET_OK && c.ncells == 4 &&
               c.cells[1] == NONET_PART,
           "%s", err.message);
    nonet_variant_free(v);
    static const struct {
        const char *line, *words;
    } refused[] = {
        {"thermo r1c1 r1c2 r2c2 r1c1", "r1c1 twice: its digits increase along it"},
        {"littlekiller r1c1 r2c2 r1c1 = 9", "r1c1 twice: a little killer sums"},
        {"arrow r1c1 r1c1 : r1c2", "r1c1 twice in the bulb"},
        {"whisper r1c1 r1c1 r1c2", "r1c1 twice in a row"},
        {"white r1c1 r1c1", "r1c1 twice"},
        {"thermo r1c1 r1c3", "does not touch"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        snprintf(text, sizeof text, "%s%s\n", grid, refused[i].line);
        parse_fails(text, 2, refused[i].words);
    }
    /* a renban's cells need not touch (a set) */
    snprintf(text, sizeof text, "%srenban r1c1 r3c3\n", grid);
    v = parse(text, &err);
    CHECK(v != NULL);
    nonet_variant_free(v);
    /* f-puzzles' thermometer that comes back: refused with the sentence */
    fp_json(json, sizeof json, 9, NULL,
            ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R2C2\",\"R1C1\"]]}]");
    v = parse(json, &err);
    CHECKF(v == NULL && strstr(err.message, "thermometer: thermo: r1c1 twice: its digits"), "%s",
           v ? "read" : err.message);
}

/* ------------------------------------------------------------ issue 39: the rules' table, the
 * building blocks */

/* The building blocks (distinct, pair, pairwise, weighted sum, contains,
 * contains exactly), each alone and beside another random constraint:
 * 4x4 against every grid enumerated here, 6x6 (a third of a random grid
 * given) against the plain search, both keeping the rule by the checker
 * written here (keeps); the true candidates on 4x4 too. */
static void test_blocks_bruteforce(void)
{
    static const nonet_constraint_type blocks[] = {NONET_CON_DISTINCT, NONET_CON_PAIR,
                                                   NONET_CON_PAIR_ALL, NONET_CON_WEIGHTED_SUM,
                                                   NONET_CON_CONTAINS, NONET_CON_CONTAINS_EXACTLY};
    rng_state = 39;
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
        int sets = 0, some = 0, cut = 0;
        for (int round = 0; round < 120; round++) {
            int six = round >= 90;
            tpuzzle t = {.n = 4, .br = 2, .bc = 2};
            uint8_t sol[81] = {0}, givens[81] = {0};
            if (six)
                random_6x6(&t, sol, givens, 3);
            int want = 1 + below(3);
            for (int i = 0; i < want; i++)
                random_of_type(&t, &t.cons[t.ncons++], blocks[b]);
            if (below(3) == 0)
                random_constraint(&t, &t.cons[t.ncons++]);
            nonet_variant *v = build(&t, givens);
            if (!v)
                continue; /* a refused constraint (out of range ...) */
            tally y = {.t = &t};
            uint8_t g[81];
            memcpy(g, givens, sizeof g);
            fill(&t, g, 0, count_valid, &y);
            uint64_t count = 0, cands[36], sols = 0;
            CHECK(nonet_variant_count(v, 0, &count, NULL, NULL, NULL) == NONET_OK);
            CHECKF(count == y.count, "%s round %d: engine %llu, enumerated %llu",
                   nonet_constraint_name(blocks[b]), round, (unsigned long long)count,
                   (unsigned long long)y.count);
            if (!six) {
                CHECK(nonet_variant_candidates(v, 0, cands, &sols, NULL, NULL) == NONET_OK);
                for (int c = 0; c < 16; c++)
                    CHECKF(cands[c] == y.cands[c], "%s round %d: cell %d's true candidates",
                           nonet_constraint_name(blocks[b]), round, c);
                cut += y.count > 0 && y.count < 288;
            }
            nonet_variant_free(v);
            sets++;
            some += y.count > 0;
        }
        /* the test tested something: sets read, some with solutions, some
         * that the rule cut down without emptying */
        CHECKF(sets > 60 && some > 20 && cut > 10, "%s: %d sets, %d solvable, %d cut",
               nonet_constraint_name(blocks[b]), sets, some, cut);
    }
}

/* The library's check (each constraint compiled alone, what it made
 * checked) against the checker written here: random constraints of every
 * type over random complete 4x4 and 6x6 grids (from their own
 * solutions, so that many keep them, and from random grids, which break
 * some), a grid accepted exactly when it keeps every rule; a rule broken
 * named with a cell. */
static void test_check_derived(void)
{
    rng_state = 1939;
    int kept = 0, broken = 0;
    for (int round = 0; round < 600; round++) {
        int six = round % 2;
        tpuzzle t = {.n = six ? 6 : 4, .br = 2, .bc = six ? 3 : 2};
        uint8_t g[81] = {0};
        CHECK(random_fill(&t, g, 0));
        int want = 1 + below(3);
        for (int i = 0; i < want; i++)
            random_constraint(&t, &t.cons[t.ncons++]);
        nonet_variant *v = build(&t, NULL);
        if (!v)
            continue;
        if (below(2)) { /* a solution of its own, when it has one */
            nonet_grid sol;
            uint64_t count = 0;
            if (nonet_variant_count(v, 1, &count, &sol, NULL, NULL) == NONET_OK && count)
                memcpy(g, sol.cells, (size_t)t.n * (size_t)t.n);
        }
        nonet_grid grid;
        nonet_grid_init(&grid, t.br, t.bc);
        memcpy(grid.cells, g, (size_t)t.n * (size_t)t.n);
        char why[200] = "";
        int rc = nonet_variant_check(v, &grid, why, sizeof why), ok = valid(&t, g);
        CHECKF(rc == (ok ? NONET_OK : NONET_EARG), "round %d: check %d (%s), the rules say %s",
               round, rc, why, ok ? "kept" : "broken");
        if (!ok)
            CHECKF(strstr(why, ": the ") && strstr(why, " constraint is broken"), "round %d: '%s'",
                   round, why);
        kept += ok;
        broken += !ok;
        nonet_variant_free(v);
    }
    CHECK(kept > 100 && broken > 100);
}

/* The check of a line automaton's primitive (vb_broken, what the derived
 * check reads for a rule made of one): a line of blanks passes while
 * some filling fits; a line that goes wrong is named at the cell where
 * it does. */
static void test_check_automaton(void)
{
    vdfa d;
    long column;
    char why[128];
    CHECK(vdfa_from_regex(&d, "12*3", 4, 4, &column, why, sizeof why) == NONET_OK);
    vbuild *b = vb_scratch(4, 4);
    static const int row[4] = {4, 5, 6, 7}; /* r2 */
    CHECK(b && vb_automaton(b, row, 4, &d) == 0);
    static const struct {
        uint8_t line[4];
        int at; /* the cell + 1 where it breaks, 0 none */
    } cases[] = {
        {{0, 0, 0, 0}, 0}, {{1, 2, 2, 3}, 0}, {{1, 0, 0, 0}, 0}, {{0, 0, 2, 0}, 0},
        {{1, 2, 2, 4}, 8}, {{2, 0, 0, 0}, 5}, {{1, 3, 0, 0}, 6}, {{0, 0, 0, 1}, 8},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t g[16] = {0};
        memcpy(g + 4, cases[i].line, 4);
        CHECKF(vb_broken(b, g) == cases[i].at, "case %zu: %d", i, vb_broken(b, g));
    }
    vb_scratch_free(b);
    vdfa_free(&d);
}

/* A random constraint of rule r on a grid of side n, made from the row
 * alone (its shape, touch, parts, values, value): cells (none repeated),
 * values, a text, into the buffers; its value found by trying until
 * nonet_variant_add takes it. Returns 1 when added to v. */
typedef struct made {
    int cells[64], ncells, values[MAXVALUES], nvalues, value;
    char text[64];
} made;

static int used(const made *m, int c)
{
    for (int i = 0; i < m->ncells; i++)
        if (m->cells[i] == c)
            return 1;
    return 0;
}

/* A run of len new cells into m, each touching the last as touch says (0:
 * anywhere). Returns 0 when stuck. */
static int random_run(int n, int touch, int len, made *m)
{
    for (int i = 0; i < len; i++) {
        int last = i ? m->cells[m->ncells - 1] : -1, c = -1;
        for (int tries = 0; tries < 100 && c < 0; tries++) {
            int x = below(n * n);
            if (last >= 0 && touch) {
                int dr = below(3) - 1, dc = below(3) - 1, r = last / n + dr, col = last % n + dc;
                if ((touch == 4 && dr && dc) || r < 0 || r >= n || col < 0 || col >= n)
                    continue;
                x = r * n + col;
            }
            if (!used(m, x))
                c = x;
        }
        if (c < 0)
            return 0;
        m->cells[m->ncells++] = c;
    }
    return 1;
}

static int add_random(nonet_variant *v, const nonet_rule *r, made *m)
{
    int n = nonet_variant_grid(v)->n;
    for (int attempt = 0; attempt < 400; attempt++) {
        memset(m, 0, sizeof *m);
        int cells = 0;
        switch (r->shape) {
        case NONET_SHAPE_GLOBAL:
            break;
        case NONET_SHAPE_PAIR:
            adjacent_pair(n, m->cells);
            m->ncells = cells = 2;
            break;
        case NONET_SHAPE_OUTSIDE: {
            int line = below(n), col = below(2), back = below(2);
            for (int i = 0; i < n; i++) {
                int j = back ? n - 1 - i : i;
                m->cells[i] = col ? j * n + line : line * n + j;
            }
            m->ncells = cells = n;
            break;
        }
        case NONET_SHAPE_CELLS:
        case NONET_SHAPE_LINE:
            cells = 1 + below(5);
            if (!random_run(n, r->touch, cells, m))
                continue;
            break;
        case NONET_SHAPE_PARTS: {
            int parts = r->parts ? r->parts : 2 + below(2);
            for (int p = 0; p < parts; p++) {
                int len = 1 + below(3);
                if (p)
                    m->cells[m->ncells++] = NONET_PART;
                if (!random_run(n, r->touch, len, m))
                    break;
                cells += len;
            }
            break;
        }
        }
        switch (r->values) {
        case NONET_VALUES_NONE:
            break;
        case NONET_VALUES_WEIGHTS:
            for (int i = 0; i < cells; i++)
                m->values[m->nvalues++] = (1 + below(5)) * (below(2) ? 1 : -1);
            break;
        case NONET_VALUES_DIGITS:
        case NONET_VALUES_EXACT:
            m->nvalues = r->values == NONET_VALUES_EXACT ? cells : 1 + below(cells);
            for (int i = 0; i < m->nvalues; i++)
                m->values[i] = 1 + below(n);
            break;
        case NONET_VALUES_PAIRS:
            m->nvalues = 2 * (1 + below(6));
            for (int i = 0; i < m->nvalues; i++)
                m->values[i] = 1 + below(n);
            break;
        case NONET_VALUES_SET: /* digits from 1 up, each kept or not, one at least */
            for (int d = 1; d <= n; d++)
                if (below(2) || (d == n && !m->nvalues))
                    m->values[m->nvalues++] = d;
            break;
        }
        if (r->text && r->type == NONET_CON_REGEX) /* a regular expression */
            snprintf(m->text, sizeof m->text, "(%d|[1-%d]) .*%d?", 1 + below(n), n, 1 + below(n));
        else if (r->text) /* quotes and backslashes, which the text form escapes */
            snprintf(m->text, sizeof m->text, "%d\"[1-%d]\\\\%d*", 1 + below(n), n, 1 + below(n));
        if (r->valued)
            m->value = attempt < 5 && r->valued == 1 ? 0 : below(3 * n * (cells + 1)) - n * cells;
        nonet_constraint c = {r->type,
                              m->value,
                              m->ncells,
                              m->cells,
                              m->nvalues,
                              m->nvalues ? m->values : NULL,
                              r->text ? m->text : NULL};
        if (nonet_variant_add(v, &c, NULL, 0) == NONET_OK)
            return 1;
    }
    return 0;
}

/* A JSON array of numbers (or of cell names "rXcY", as cell numbers)
 * against want[0 .. len) (NONET_PART between arrays of cells). */
static int same_json_list(const json_doc *d, const json_node *arr, const int *want, int len, int n,
                          int cells)
{
    int k = 0, parts = cells && arr && json_first(d, arr) && json_first(d, arr)->type == JSON_ARRAY;
    for (const json_node *e = json_first(d, arr); e; e = json_next(d, e)) {
        if (parts) {
            if (k && (k >= len || want[k++] != NONET_PART))
                return 0;
            for (const json_node *c = json_first(d, e); c; c = json_next(d, c)) {
                int r, col;
                if (k >= len || sscanf(json_str(d, c), "r%dc%d", &r, &col) != 2 ||
                    want[k++] != (r - 1) * n + col - 1)
                    return 0;
            }
            continue;
        }
        int x, r, col;
        if (cells ? sscanf(json_str(d, e) ? json_str(d, e) : "", "r%dc%d", &r, &col) != 2
                  : json_int(d, e, &x))
            return 0;
        if (k >= len || want[k++] != (cells ? (r - 1) * n + col - 1 : x))
            return 0;
    }
    return k == len;
}

/* Every row of the table: random constraints made from the row alone on
 * 4x4, 6x6 and 9x9 grids, added, given back as added (nonet_variant_get),
 * written in the text form and read back as the same constraints; and
 * as JSON (nonet_variant_json), which parses and carries each one's type,
 * cells (parts as arrays), value, values and text. */
static void test_rules_round_trip(void)
{
    rng_state = 3939;
    for (int i = 0; i < nonet_rule_count(); i++) {
        const nonet_rule *r = nonet_rule_at(i);
        int made_some = 0;
        if (vrule_of(r->type)->refused || r->type == NONET_CON_DOPPELGANGER)
            continue; /* a row that names a rule nonet refuses: none to make
                         (test_rules_cells.c checks why); doppelganger's
                         grid is of values 0 to n (test_values.c) */
        for (int round = 0; round < 30; round++) {
            int side = round % 3 == 0 ? 4 : round % 3 == 1 ? 6 : 9;
            nonet_grid g;
            nonet_grid_init(&g, side == 9 ? 3 : 2, side == 4 ? 2 : 3);
            nonet_variant *v = nonet_variant_new(&g);
            made m[3];
            int k = 0, want = 1 + below(3);
            for (int j = 0; j < want; j++) /* the row, and others */
                k += add_random(v, j ? nonet_rule_at(below(nonet_rule_count())) : r, &m[k]);
            CHECKF(k > 0 && nonet_variant_count_constraints(v) == k,
                   "%s: no random constraint of it was taken (%dx%d)", r->name, side, side);
            for (int j = 0; j < k; j++) {
                nonet_constraint c;
                CHECK(nonet_variant_get(v, j, &c) == NONET_OK);
                CHECKF(c.value == m[j].value && c.ncells == m[j].ncells &&
                           c.nvalues == m[j].nvalues &&
                           (!c.ncells ||
                            !memcmp(c.cells, m[j].cells, (size_t)c.ncells * sizeof *c.cells)) &&
                           (!c.nvalues ||
                            !memcmp(c.values, m[j].values, (size_t)c.nvalues * sizeof *c.values)) &&
                           (!c.text || !strcmp(c.text, m[j].text)),
                       "%s: given back otherwise than added", nonet_constraint_name(c.type));
            }
            char text[16384];
            long len = nonet_variant_format(v, text, sizeof text);
            CHECK(len > 0 && len < (long)sizeof text);
            nonet_variant *back = NULL;
            nonet_error err;
            int rc = nonet_variant_parse(text, (size_t)len, &back, NULL, &err);
            CHECKF(rc == NONET_OK, "%s: %.100s (line %ld) in\n%.300s", r->name, err.message,
                   err.line, text);
            CHECKF(rc != NONET_OK || same_constraints(v, back), "%s: read back otherwise:\n%.300s",
                   r->name, text);
            nonet_variant_free(back);
            /* JSON */
            long jl = nonet_variant_json(v, text, sizeof text);
            json_doc d;
            size_t where;
            const char *why;
            CHECK(jl > 0 && jl < (long)sizeof text);
            CHECKF(json_parse(text, (size_t)jl, &d, &where, &why) == 0,
                   "%s: JSON: %s at %zu: %.300s", r->name, why, where, text);
            const json_node *e = json_first(&d, &d.nodes[0]);
            for (int j = 0; j < k && e; j++, e = json_next(&d, e)) {
                nonet_constraint c;
                nonet_variant_get(v, j, &c);
                const json_node *value = json_member(&d, e, "value"),
                                *text_node = json_member(&d, e, "text");
                int x = 0;
                CHECKF(!strcmp(json_str(&d, json_member(&d, e, "type")),
                               nonet_constraint_name(c.type)) &&
                           (c.ncells ? same_json_list(&d, json_member(&d, e, "cells"), c.cells,
                                                      c.ncells, side, 1)
                                     : !json_member(&d, e, "cells")) &&
                           (c.nvalues ? same_json_list(&d, json_member(&d, e, "values"), c.values,
                                                       c.nvalues, side, 0)
                                      : !json_member(&d, e, "values")) &&
                           (c.value || nonet_rule_of(c.type)->valued == 2
                                ? value && !json_int(&d, value, &x) && x == c.value
                                : !value) &&
                           (c.text ? text_node && !strcmp(json_str(&d, text_node), c.text)
                                   : !text_node),
                       "%s: JSON %.300s", nonet_constraint_name(c.type), text);
            }
            json_free(&d);
            nonet_variant_free(v);
            made_some++;
        }
        CHECK(made_some == 30);
    }
}

/* The table itself: a row a type, each type's row; names, usage and
 * summary; every rule in README's table (its text form's line, as `nonet
 * help input` prints it) and in the man page. */
static void test_rules_table(void)
{
    CHECK(nonet_rule_at(-1) == NULL && nonet_rule_at(nonet_rule_count()) == NULL);
    CHECK(nonet_rule_of((nonet_constraint_type)0) == NULL);
    for (nonet_constraint_type t = NONET_CON_DIAGONAL_MAIN; t <= NONET_CON_CONTAINS_EXACTLY; t++)
        CHECKF(nonet_rule_of(t) && nonet_rule_of(t)->type == t, "type %d has no row", (int)t);
    FILE *f = fopen("README.md", "rb");
    FILE *man = fopen("docs/nonet.1", "rb");
    static char readme[1 << 20], page[1 << 18];
    size_t rlen = f ? fread(readme, 1, sizeof readme - 1, f) : 0,
           mlen = man ? fread(page, 1, sizeof page - 1, man) : 0;
    readme[rlen] = page[mlen] = '\0';
    if (f)
        fclose(f);
    if (man)
        fclose(man);
    CHECK(rlen > 0 && mlen > 0);
    for (int i = 0; i < nonet_rule_count(); i++) {
        const nonet_rule *r = nonet_rule_at(i);
        CHECKF(nonet_rule_of(r->type) == r && !strcmp(nonet_constraint_name(r->type), r->name),
               "row %d", i);
        for (int j = 0; j < i; j++)
            CHECKF(strcmp(nonet_rule_at(j)->name, r->name) != 0, "%s twice", r->name);
        size_t k = strlen(r->name);
        CHECKF(!strncmp(r->usage, r->name, k) && (!r->usage[k] || r->usage[k] == ' '),
               "%s: its usage '%s'", r->name, r->usage);
        CHECKF(r->summary[0] && r->fpuzzles && r->iss, "%s: its words", r->name);
        CHECKF((r->shape == NONET_SHAPE_PARTS) == (r->parts != 1), "%s: its parts", r->name);
        char quoted[160];
        snprintf(quoted, sizeof quoted, "| `%s` |", r->usage);
        CHECKF(strstr(readme, quoted) != NULL,
               "README's table lacks the rule %s; its line:\n| %s | %s | %s%s%s | %s |", r->name,
               r->summary, quoted + 2, r->fpuzzles[0] ? "`\"" : "", r->fpuzzles,
               r->fpuzzles[0] ? "\"`" : "", r->iss[0] ? r->iss : "");
        char roff[80] = "", pattern[3][120]; /* the name as roff writes it: '-' is \- */
        for (const char *c = r->name; *c && strlen(roff) + 3 < sizeof roff; c++)
            strcat(roff, *c == '-' ? "\\-" : (char[2]){*c, 0});
        snprintf(pattern[0], sizeof pattern[0], ".B %s", roff);
        snprintf(pattern[1], sizeof pattern[1], ".BR %s", roff);
        snprintf(pattern[2], sizeof pattern[2], ".BI \"%s", roff);
        CHECKF(strstr(page, pattern[0]) || strstr(page, pattern[1]) || strstr(page, pattern[2]),
               "the man page's VARIANTS lacks %s", r->name);
    }
}

void suite_variant(void)
{
    RUN(test_bruteforce_4x4);
    RUN(test_bruteforce_6x6);
    RUN(test_derived_sums);
    RUN(test_combined_sums);
    RUN(test_types_9x9);
    RUN(test_global_rules);
    RUN(test_text_round_trip);
    RUN(test_text_form);
    RUN(test_text_errors);
    RUN(test_fpuzzles);
    RUN(test_links);
    RUN(test_check);
    RUN(test_killer_forms);
    RUN(test_impossible_sums);
    RUN(test_sandwich_bounds);
    RUN(test_fpuzzles_cosmetic_cage);
    RUN(test_fpuzzles_strict_kropki);
    RUN(test_fpuzzles_drawings);
    RUN(test_repeated_cells);
    RUN(test_blocks_bruteforce);
    RUN(test_check_derived);
    RUN(test_check_automaton);
    RUN(test_rules_round_trip);
    RUN(test_rules_table);
}
