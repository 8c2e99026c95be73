/* test_rules_cells.c - the named cages, marks, cells and global rules of
 * issue 39 (double arrow, pill arrow, quadruple, clone, minimum, maximum,
 * greater, rellik, equal sums, row and column indexers, anti-taxicab,
 * global entropy, global mod, Dutch flatmates, no boxes; doppelganger
 * refused), each against a checker of its rule written here from its
 * definition (not the library's check, not its engine): counts and true
 * candidates on 4x4 against every grid enumerated here, counts on 6x6
 * against a plain search written here, the library's check of filled
 * grids against the checker, 9x9 solutions that keep the rules, the text
 * form and f-puzzles' keys, and the shapes each rule refuses. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ randomness */

static uint64_t rng = 0x2545F4914F6CDD1Du;

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

/* ------------------------------------------------------------ a puzzle under test */

#define MAXK 8
#define MAXCELLS 24

typedef struct rcon {
    nonet_constraint_type type;
    int value;
    int ncells;
    int cells[MAXCELLS]; /* NONET_PART between parts */
    int nvalues;
    int values[8];
} rcon;

typedef struct rpuzzle {
    int n, br, bc;
    int noboxes; /* the boxes are no houses (a noboxes constraint among cons) */
    rcon cons[MAXK];
    int ncons;
} rpuzzle;

static int absd(int a)
{
    return a < 0 ? -a : a;
}

static int box(const rpuzzle *t, int c)
{
    int r = c / t->n, col = c % t->n;
    return r / t->br * (t->n / t->bc) + col / t->bc;
}

/* Whether a and b share a house: a row, a column, or a box where boxes
 * are houses. */
static int same_house(const rpuzzle *t, int a, int b)
{
    int n = t->n;
    return a / n == b / n || a % n == b % n || (!t->noboxes && box(t, a) == box(t, b));
}

static int touching(int n, int a, int b)
{
    return absd(a / n - b / n) + absd(a % n - b % n) == 1;
}

/* The cells of part p of k (from, to). */
static void part_of(const rcon *k, int p, int *from, int *to)
{
    int i = 0;
    for (int q = 0; q < p; q++) {
        while (k->cells[i] != NONET_PART)
            i++;
        i++;
    }
    *from = i;
    while (i < k->ncells && k->cells[i] != NONET_PART)
        i++;
    *to = i;
}

static int parts(const rcon *k)
{
    int p = 1;
    for (int i = 0; i < k->ncells; i++)
        p += k->cells[i] == NONET_PART;
    return p;
}

/* The class of digit d of 1..n, low 0, middle 1, high 2: n split in three,
 * the middle third one larger where n is one more than a multiple of 3,
 * the outer two one larger where n is two more. */
static int low_middle_high(int n, int d)
{
    int size[3] = {n / 3, n / 3, n / 3};
    if (n % 3 == 1)
        size[1]++;
    if (n % 3 == 2) {
        size[0]++;
        size[2]++;
    }
    return d <= size[0] ? 0 : d <= size[0] + size[1] ? 1 : 2;
}

/* The rule of k, read from its definition: whether the complete grid g
 * keeps it. */
static int keeps(const rpuzzle *t, const rcon *k, const uint8_t *g)
{
    int n = t->n, len = k->ncells;
    const int *c = k->cells;
    switch (k->type) {
    case NONET_CON_DOUBLE_ARROW: {
        int ends = g[c[0]] + g[c[len - 1]], between = 0;
        for (int i = 1; i + 1 < len; i++)
            between += g[c[i]];
        return ends == between;
    }
    case NONET_CON_PILL_ARROW: {
        int from, to, pill[3], np = 0, number = 0, shaft = 0;
        part_of(k, 0, &from, &to);
        for (int i = from; i < to; i++) /* in reading order: by row, then column */
            pill[np++] = c[i];
        for (int i = 0; i < np; i++)
            for (int j = i + 1; j < np; j++)
                if (pill[j] / n < pill[i] / n ||
                    (pill[j] / n == pill[i] / n && pill[j] % n < pill[i] % n)) {
                    int x = pill[i];
                    pill[i] = pill[j];
                    pill[j] = x;
                }
        for (int i = 0; i < np; i++)
            number = number * 10 + g[pill[i]];
        part_of(k, 1, &from, &to);
        for (int i = from; i < to; i++)
            shaft += g[c[i]];
        return number == shaft;
    }
    case NONET_CON_QUADRUPLE:
        for (int d = 1; d <= n; d++) {
            int have = 0, want = 0;
            for (int i = 0; i < len; i++)
                have += g[c[i]] == d;
            for (int i = 0; i < k->nvalues; i++)
                want += k->values[i] == d;
            if (have < want)
                return 0;
        }
        return 1;
    case NONET_CON_CLONE: {
        int a0, a1, b0, b1;
        part_of(k, 0, &a0, &a1);
        part_of(k, 1, &b0, &b1);
        for (int i = 0; i < a1 - a0; i++)
            if (g[c[a0 + i]] != g[c[b0 + i]])
                return 0;
        return 1;
    }
    case NONET_CON_MINIMUM:
    case NONET_CON_MAXIMUM:
        for (int i = 0; i < len; i++)
            for (int o = 0; o < n * n; o++)
                if (touching(n, c[i], o) &&
                    (k->type == NONET_CON_MINIMUM ? g[c[i]] >= g[o] : g[c[i]] <= g[o]))
                    return 0;
        return 1;
    case NONET_CON_GREATER:
        for (int i = 0; i < len; i++)
            for (int j = i + 1; j < len; j++)
                if (touching(n, c[i], c[j]) && g[c[i]] <= g[c[j]])
                    return 0;
        return 1;
    case NONET_CON_RELLIK:
        for (int i = 0; i < len; i++)
            for (int j = i + 1; j < len; j++)
                if (g[c[i]] == g[c[j]])
                    return 0;
        for (int set = 1; set < 1 << len; set++) {
            int s = 0;
            for (int i = 0; i < len; i++)
                s += set >> i & 1 ? g[c[i]] : 0;
            if (s == k->value)
                return 0;
        }
        return 1;
    case NONET_CON_EQUAL_SUMS: {
        int first = -1;
        for (int p = 0; p < parts(k); p++) {
            int from, to, s = 0;
            part_of(k, p, &from, &to);
            for (int i = from; i < to; i++)
                s += g[c[i]];
            if (p && s != first)
                return 0;
            first = s;
        }
        return 1;
    }
    case NONET_CON_INDEX_ROW: /* (R, C) = V: (V, C) = R */
        for (int i = 0; i < len; i++)
            if (g[(g[c[i]] - 1) * n + c[i] % n] != c[i] / n + 1)
                return 0;
        return 1;
    case NONET_CON_INDEX_COLUMN: /* (R, C) = V: (R, V) = C */
        for (int i = 0; i < len; i++)
            if (g[c[i] / n * n + g[c[i]] - 1] != c[i] % n + 1)
                return 0;
        return 1;
    case NONET_CON_ANTI_TAXICAB:
        for (int a = 0; a < n * n; a++)
            for (int b = 0; b < n * n; b++)
                if (a != b && g[a] == g[b] && absd(a / n - b / n) + absd(a % n - b % n) == g[a])
                    return 0;
        return 1;
    case NONET_CON_GLOBAL_ENTROPY:
    case NONET_CON_GLOBAL_MOD:
        for (int r = 0; r + 1 < n; r++)
            for (int col = 0; col + 1 < n; col++) {
                int seen = 0, sq[4] = {r * n + col, r * n + col + 1, (r + 1) * n + col,
                                       (r + 1) * n + col + 1};
                for (int i = 0; i < 4; i++)
                    seen |= 1 << (k->type == NONET_CON_GLOBAL_MOD ? g[sq[i]] % 3
                                                                  : low_middle_high(n, g[sq[i]]));
                if (seen != 7)
                    return 0;
            }
        return 1;
    case NONET_CON_DUTCH_FLATMATES:
        for (int x = 0; x < n * n; x++) {
            if (g[x] != (n + 1) / 2)
                continue;
            int up = x >= n && g[x - n] == 1, down = x + n < n * n && g[x + n] == n;
            if (!up && !down)
                return 0;
        }
        return 1;
    case NONET_CON_NO_BOXES: /* the houses (valid) */
        return 1;
    case NONET_CON_KILLER: {
        int s = 0;
        for (int i = 0; i < len; i++)
            for (int j = i + 1; j < len; j++)
                if (g[c[i]] == g[c[j]])
                    return 0;
        for (int i = 0; i < len; i++)
            s += g[c[i]];
        return s == k->value;
    }
    default:
        return 0;
    }
}

/* Whether g (complete) keeps the houses and every constraint of t. */
static int valid(const rpuzzle *t, const uint8_t *g)
{
    int n = t->n;
    for (int a = 0; a < n * n; a++) {
        if (g[a] < 1 || g[a] > n)
            return 0;
        for (int b = a + 1; b < n * n; b++)
            if (g[a] == g[b] && same_house(t, a, b))
                return 0;
    }
    for (int i = 0; i < t->ncons; i++)
        if (!keeps(t, &t->cons[i], g))
            return 0;
    return 1;
}

/* The library's variant of t with givens (NULL when a constraint is
 * refused), and why in *why. */
static nonet_variant *build(const rpuzzle *t, const uint8_t *givens, char *why, size_t cap)
{
    nonet_grid g;
    nonet_grid_init(&g, t->br, t->bc);
    for (int c = 0; c < t->n * t->n; c++)
        g.cells[c] = givens ? givens[c] : 0;
    nonet_variant *v = nonet_variant_new(&g);
    if (!v)
        return NULL;
    for (int i = 0; i < t->ncons; i++) {
        const rcon *k = &t->cons[i];
        nonet_constraint c = {k->type,    k->value,
                              k->ncells,  k->ncells ? k->cells : NULL,
                              k->nvalues, k->nvalues ? k->values : NULL,
                              NULL};
        if (nonet_variant_add(v, &c, why, cap) != NONET_OK) {
            nonet_variant_free(v);
            return NULL;
        }
    }
    return v;
}

/* ------------------------------------------------------------ grids enumerated here */

typedef struct tally {
    const rpuzzle *t;
    uint64_t count;
    uint64_t cands[81];
} tally;

/* Every complete grid that keeps the givens in g and the houses, by a
 * plain search; the ones that keep every constraint counted. */
static void fill(tally *y, uint8_t *g, int c)
{
    const rpuzzle *t = y->t;
    int n = t->n;
    if (c == n * n) {
        if (valid(t, g)) {
            y->count++;
            for (int x = 0; x < n * n; x++)
                y->cands[x] |= (uint64_t)1 << (g[x] - 1);
        }
        return;
    }
    if (g[c]) {
        fill(y, g, c + 1);
        return;
    }
    for (int d = 1; d <= n; d++) {
        int ok = 1;
        for (int o = 0; o < n * n && ok; o++)
            ok = !(o != c && g[o] == d && same_house(t, o, c));
        if (!ok)
            continue;
        g[c] = (uint8_t)d;
        fill(y, g, c + 1);
        g[c] = 0;
    }
}

/* A random complete grid of t's houses into g (from cell c). */
static int random_fill(const rpuzzle *t, uint8_t *g, int c)
{
    int n = t->n, order[9];
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
        int ok = 1;
        for (int o = 0; o < c && ok; o++)
            ok = !(g[o] == order[i] && same_house(t, o, c));
        if (!ok)
            continue;
        g[c] = (uint8_t)order[i];
        if (random_fill(t, g, c + 1))
            return 1;
    }
    g[c] = 0;
    return 0;
}

/* ------------------------------------------------------------ random constraints */

static int distinct_cell(int n, const int *cells, int len)
{
    for (;;) {
        int c = below(n * n), used = 0;
        for (int i = 0; i < len; i++)
            used |= cells[i] == c;
        if (!used)
            return c;
    }
}

static void shuffle(int *a, int len)
{
    for (int i = len - 1; i > 0; i--) {
        int j = below(i + 1), x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* One random constraint of type on t's grid. */
static void random_of(const rpuzzle *t, rcon *k, nonet_constraint_type type)
{
    int n = t->n;
    memset(k, 0, sizeof *k);
    k->type = type;
    switch (type) {
    case NONET_CON_DOUBLE_ARROW:
    case NONET_CON_RELLIK:
    case NONET_CON_INDEX_ROW:
    case NONET_CON_INDEX_COLUMN:
    case NONET_CON_MINIMUM:
    case NONET_CON_MAXIMUM: {
        int len = type == NONET_CON_DOUBLE_ARROW ? 3 + below(3)
                  : type == NONET_CON_RELLIK     ? 1 + below(4)
                                                 : 1 + below(2);
        for (int i = 0; i < len; i++) {
            int c = distinct_cell(n, k->cells, k->ncells);
            k->cells[k->ncells++] = c;
        }
        if (type == NONET_CON_RELLIK) /* up to the most len different digits make */
            k->value = 1 + below(len * (2 * n - len + 1) / 2);
        break;
    }
    case NONET_CON_PILL_ARROW: { /* a pill read right, down or down-right, listed in any order */
        int r = below(n - 2), c = below(n - 2), len = 2 + (below(4) == 0), pill[3];
        for (int i = 0; i < len; i++) {
            pill[i] = r * n + c;
            int step = below(3);
            r += step != 0;
            c += step != 1;
        }
        shuffle(pill, len);
        for (int i = 0; i < len; i++)
            k->cells[k->ncells++] = pill[i];
        k->cells[k->ncells++] = NONET_PART;
        int shaft = 4 + below(5); /* sums up to a pill's 12 ... */
        for (int i = 0; i < shaft; i++) {
            int x = distinct_cell(n, k->cells, k->ncells);
            k->cells[k->ncells++] = x;
        }
        break;
    }
    case NONET_CON_QUADRUPLE: {
        int r = below(n - 1), c = below(n - 1);
        int sq[4] = {r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1};
        shuffle(sq, 4);
        memcpy(k->cells, sq, sizeof sq);
        k->ncells = 4;
        k->nvalues = 1 + below(4);
        for (int i = 0; i < k->nvalues; i++)
            k->values[i] = 1 + below(n);
        break;
    }
    case NONET_CON_CLONE: { /* a shape in a 2x3 window, moved anywhere it fits (overlaps too) */
        int len = 1 + below(3), shape[3], dr, dc, maxr = 0, maxc = 0;
        for (int i = 0; i < len; i++) {
            int again;
            do {
                shape[i] = below(2) * n + below(3);
                again = 0;
                for (int j = 0; j < i; j++)
                    again |= shape[j] == shape[i];
            } while (again);
            maxr = shape[i] / n > maxr ? shape[i] / n : maxr;
            maxc = shape[i] % n > maxc ? shape[i] % n : maxc;
        }
        int r0 = below(n - maxr), c0 = below(n - maxc);
        do {
            dr = below(n - maxr) - r0;
            dc = below(n - maxc) - c0;
        } while (!dr && !dc ? 1 : below(4) ? !dr || !dc : 0); /* mostly another row and column */
        for (int i = 0; i < len; i++)
            k->cells[k->ncells++] = shape[i] + r0 * n + c0;
        k->cells[k->ncells++] = NONET_PART;
        for (int i = 0; i < len; i++)
            k->cells[k->ncells++] = shape[i] + (r0 + dr) * n + c0 + dc;
        break;
    }
    case NONET_CON_GREATER: {
        int c = below(n * n), kind = below(3);
        if (kind == 0) { /* two neighbours */
            int o;
            do
                o = below(n * n);
            while (!touching(n, c, o));
            k->cells[0] = c;
            k->cells[1] = o;
            k->ncells = 2;
        } else { /* a cell and its neighbours: first (a maximum) or last (a minimum) */
            if (kind == 1)
                k->cells[k->ncells++] = c;
            for (int o = 0; o < n * n; o++)
                if (touching(n, c, o))
                    k->cells[k->ncells++] = o;
            shuffle(k->cells + (kind == 1), k->ncells - (kind == 1));
            if (kind == 2)
                k->cells[k->ncells++] = c;
        }
        break;
    }
    case NONET_CON_EQUAL_SUMS: {
        int np = 2 + below(2);
        for (int p = 0; p < np; p++) {
            int len = 1 + below(3), from = k->ncells;
            if (p)
                k->cells[k->ncells++] = NONET_PART, from++;
            for (int i = 0; i < len; i++) {
                int x;
                do { /* new to this part; may be in another */
                    x = below(n * n);
                    for (int j = from; j < k->ncells && x >= 0; j++)
                        if (k->cells[j] == x)
                            x = -1;
                } while (x < 0);
                k->cells[k->ncells++] = x;
            }
        }
        break;
    }
    default: /* the rules of the whole grid */
        break;
    }
}

static const nonet_constraint_type mine[] = {
    NONET_CON_DOUBLE_ARROW,   NONET_CON_PILL_ARROW,   NONET_CON_QUADRUPLE,
    NONET_CON_CLONE,          NONET_CON_MINIMUM,      NONET_CON_MAXIMUM,
    NONET_CON_GREATER,        NONET_CON_RELLIK,       NONET_CON_EQUAL_SUMS,
    NONET_CON_INDEX_ROW,      NONET_CON_INDEX_COLUMN, NONET_CON_ANTI_TAXICAB,
    NONET_CON_GLOBAL_ENTROPY, NONET_CON_GLOBAL_MOD,   NONET_CON_DUTCH_FLATMATES,
    NONET_CON_NO_BOXES,
};
#define NMINE ((int)(sizeof mine / sizeof mine[0]))

static int is_global(nonet_constraint_type type)
{
    return nonet_rule_of(type) && nonet_rule_of(type)->shape == NONET_SHAPE_GLOBAL;
}

/* t with want constraints of type (one for a global rule), sometimes
 * another of the rules here, sometimes without boxes. */
static void random_puzzle(rpuzzle *t, nonet_constraint_type type)
{
    int want = is_global(type) ? 1 : 1 + below(2);
    for (int i = 0; i < want; i++)
        random_of(t, &t->cons[t->ncons++], type);
    if (below(3) == 0) {
        nonet_constraint_type other = mine[below(NMINE)];
        if (other != type && (!is_global(other) || below(2)))
            random_of(t, &t->cons[t->ncons++], other);
    }
    if (type != NONET_CON_NO_BOXES && below(6) == 0)
        random_of(t, &t->cons[t->ncons++], NONET_CON_NO_BOXES);
    for (int i = 0; i < t->ncons; i++)
        t->noboxes |= t->cons[i].type == NONET_CON_NO_BOXES;
}

/* ------------------------------------------------------------ tests */

/* Up to 64 solutions of v, by the engine: a grid to give digits from
 * (whether the engine's solutions are right, the count against the
 * grids enumerated here says). */
typedef struct pool {
    uint8_t grids[64][36];
    int count;
} pool;

static int keep_grid(void *ctx, const nonet_grid *g)
{
    pool *p = ctx;
    memcpy(p->grids[p->count++], g->cells, 36);
    return 0;
}

/* Each rule here, alone or beside another, on 4x4 (every grid enumerated:
 * the count and the true candidates) and on 6x6 (a third of a grid given:
 * the count), against the checker written here. The 6x6 digits come from
 * a random grid of the houses, or (for the rules of the whole grid, which
 * few 6x6 grids keep: anti-taxicab 72) from one of the puzzle's own
 * solutions. A round cuts when some grids keep the rules and fewer than
 * keep the houses and givens alone. */
static void test_cells_bruteforce(void)
{
    rng = 39;
    for (int m = 0; m < NMINE; m++) {
        const char *name = nonet_constraint_name(mine[m]);
        int global = is_global(mine[m]), sets = 0, some = 0, cut = 0, rounds = global ? 30 : 60;
        for (int round = 0; round < rounds; round++) {
            int six = global ? round % 3 != 0 : round % 3 == 2;
            rpuzzle t = {.n = six ? 6 : 4, .br = 2, .bc = six ? 3 : 2};
            uint8_t givens[81] = {0};
            char why[256] = "";
            random_puzzle(&t, mine[m]);
            if (six) {
                uint8_t sol[81] = {0};
                CHECK(random_fill(&t, sol, 0));
                nonet_variant *v = build(&t, NULL, why, sizeof why);
                CHECKF(v != NULL, "%s round %d refused: %s", name, round, why);
                pool p = {.count = 0};
                uint64_t found = 0;
                if (global)
                    CHECK(nonet_variant_run(v, 64, keep_grid, &p, &found, NULL, NULL) == NONET_OK);
                nonet_variant_free(v);
                if (p.count)
                    memcpy(sol, p.grids[below(p.count)], 36);
                for (int c = 0; c < 36; c++)
                    givens[c] = below(3) == 0 ? sol[c] : 0;
            }
            nonet_variant *v = build(&t, givens, why, sizeof why);
            CHECKF(v != NULL, "%s round %d refused: %s", name, round, why);
            /* the grids of the houses and givens alone (no boxes: with them) */
            int bare = mine[m] == NONET_CON_NO_BOXES ? 0 : t.noboxes;
            tally y = {.t = &t}, plain = {.t = &(rpuzzle){t.n, t.br, t.bc, bare, {{0}}, 0}};
            uint8_t g[81];
            memcpy(g, givens, sizeof g);
            fill(&y, g, 0);
            fill(&plain, g, 0);
            uint64_t count = 0, cands[36], sols = 0;
            CHECK(nonet_variant_count(v, 0, &count, NULL, NULL, NULL) == NONET_OK);
            CHECKF(count == y.count, "%s round %d: engine %llu, enumerated %llu", name, round,
                   (unsigned long long)count, (unsigned long long)y.count);
            if (!six) {
                CHECK(nonet_variant_candidates(v, 0, cands, &sols, NULL, NULL) == NONET_OK);
                for (int c = 0; c < 16; c++)
                    CHECKF(cands[c] == y.cands[c], "%s round %d: cell %d's true candidates", name,
                           round, c);
                CHECK(sols == (y.count < 2 ? y.count : 2));
            }
            nonet_variant_free(v);
            sets++;
            some += y.count > 0;
            cut += mine[m] == NONET_CON_NO_BOXES ? y.count > plain.count
                                                 : y.count > 0 && y.count < plain.count;
        }
        /* the test tested something: some solvable, some cut down without
         * emptying (no boxes: more grids than with them) */
        CHECKF(sets == rounds && some > rounds / 6 && cut > rounds / 12,
               "%s: %d sets, %d solvable, %d cut", name, sets, some, cut);
    }
}

/* Grids that keep the rules of the whole grid (found once, checked here
 * by the checker): 6x6 (2x3 boxes) and 7x7 (whose boxes are its rows:
 * where global entropy's middle third is the larger), mirrored left to
 * right (and top to bottom but for Dutch flatmates), half their digits
 * given: the engine's count against the grids enumerated here, one at
 * least. */
static void test_cells_known_grids(void)
{
    static const struct {
        nonet_constraint_type type;
        int n;
        const char *grid;
    } known[] = {
        {NONET_CON_ANTI_TAXICAB, 6, "123465645213451632236154312546564321"},
        {NONET_CON_GLOBAL_ENTROPY, 6, "123546645123261354354612416235532461"},
        {NONET_CON_GLOBAL_MOD, 6, "123456564231312645456123231564645312"},
        {NONET_CON_DUTCH_FLATMATES, 6, "126345345612512436634251461523253164"},
        {NONET_CON_ANTI_TAXICAB, 7, "1234576634215731764252561743475326176253145417632"},
        {NONET_CON_GLOBAL_ENTROPY, 7, "1326475473152652746316513247246571371523643647152"},
        {NONET_CON_GLOBAL_MOD, 7, "1234567345671256172344723156237564175614236142375"},
        {NONET_CON_DUTCH_FLATMATES, 7, "1234567412735664132757345612567214337564212561734"},
    };
    rng = 7;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        int n = known[i].n;
        rpuzzle t = {.n = n, .br = n == 6 ? 2 : 1, .bc = n == 6 ? 3 : 7};
        t.cons[t.ncons++] = (rcon){.type = known[i].type};
        uint8_t grid[81];
        for (int c = 0; c < n * n; c++)
            grid[c] = (uint8_t)(known[i].grid[c] - '0');
        CHECKF(valid(&t, grid), "%s: the %dx%d grid breaks it",
               nonet_constraint_name(t.cons[0].type), n, n);
        for (int round = 0; round < 6; round++) {
            int flip_c = below(2), flip_r = known[i].type != NONET_CON_DUTCH_FLATMATES && below(2);
            uint8_t givens[81] = {0};
            for (int c = 0; c < n * n; c++) {
                int r = c / n, col = c % n;
                int from = (flip_r ? n - 1 - r : r) * n + (flip_c ? n - 1 - col : col);
                givens[c] = below(2) ? grid[from] : 0;
            }
            char why[256] = "";
            nonet_variant *v = build(&t, givens, why, sizeof why);
            CHECKF(v != NULL, "%s: %s", nonet_constraint_name(t.cons[0].type), why);
            tally y = {.t = &t};
            uint8_t g[81];
            memcpy(g, givens, sizeof g);
            fill(&y, g, 0);
            uint64_t count = 0;
            CHECK(nonet_variant_count(v, 0, &count, NULL, NULL, NULL) == NONET_OK);
            CHECKF(count == y.count && y.count > 0,
                   "%s %dx%d round %d: engine %llu, enumerated %llu",
                   nonet_constraint_name(t.cons[0].type), n, n, round, (unsigned long long)count,
                   (unsigned long long)y.count);
            nonet_variant_free(v);
        }
    }
}

/* No boxes with killer cages: the rule of 45 must not be derived over the
 * boxes (6x6, cages from a random Latin square, a few digits given). */
static void test_noboxes_killers(void)
{
    rng = 4545;
    int solvable = 0;
    for (int round = 0; round < 30; round++) {
        rpuzzle t = {.n = 6, .br = 2, .bc = 3, .noboxes = 1};
        uint8_t sol[81] = {0}, givens[81] = {0};
        t.cons[t.ncons++] = (rcon){.type = NONET_CON_NO_BOXES};
        CHECK(random_fill(&t, sol, 0));
        for (int c = 0; c < 36; c++)
            givens[c] = below(2) == 0 ? sol[c] : 0;
        /* cages inside the boxes (where the rule of 45 would bite), two cells each */
        for (int b = 0; b < 6 && t.ncons < MAXK; b++) {
            rcon *k = &t.cons[t.ncons];
            *k = (rcon){.type = NONET_CON_KILLER};
            int r0 = b / 2 * 2, c0 = b % 2 * 3;
            for (int c = 0; c < 36 && k->ncells < 2 + below(2); c++)
                if (c / 6 >= r0 && c / 6 < r0 + 2 && c % 6 >= c0 && c % 6 < c0 + 3 && below(2))
                    k->cells[k->ncells++] = c;
            for (int i = 0; i < k->ncells; i++)
                k->value += sol[k->cells[i]];
            if (k->ncells >= 2 && keeps(&t, k, sol))
                t.ncons++;
        }
        char why[256] = "";
        nonet_variant *v = build(&t, givens, why, sizeof why);
        CHECKF(v != NULL, "round %d: %s", round, why);
        tally y = {.t = &t};
        uint8_t g[81];
        memcpy(g, givens, sizeof g);
        fill(&y, g, 0);
        uint64_t count = 0;
        CHECK(nonet_variant_count(v, 0, &count, NULL, NULL, NULL) == NONET_OK);
        CHECKF(count == y.count, "round %d: engine %llu, enumerated %llu", round,
               (unsigned long long)count, (unsigned long long)y.count);
        solvable += y.count > 0;
        nonet_variant_free(v);
    }
    CHECK(solvable > 20);
}

/* The library's check of complete grids (nonet_variant_check: each
 * constraint compiled alone, what it made checked) against the checker
 * written here, on 4x4 and 6x6 grids that keep the houses, from the
 * puzzle's own solutions and at random. */
static void test_cells_check(void)
{
    rng = 1939;
    int kept = 0, broken = 0;
    for (int round = 0; round < 900; round++) {
        int six = round % 2;
        rpuzzle t = {.n = six ? 6 : 4, .br = 2, .bc = six ? 3 : 2};
        random_puzzle(&t, mine[round % NMINE]);
        uint8_t g[81] = {0};
        CHECK(random_fill(&t, g, 0));
        char why[256] = "";
        nonet_variant *v = build(&t, NULL, why, sizeof why);
        CHECKF(v != NULL, "round %d: %s", round, why);
        if (below(2)) {
            nonet_grid sol;
            uint64_t count = 0;
            if (nonet_variant_count(v, 1, &count, &sol, NULL, NULL) == NONET_OK && count)
                memcpy(g, sol.cells, (size_t)t.n * (size_t)t.n);
        }
        nonet_grid grid;
        nonet_grid_init(&grid, t.br, t.bc);
        memcpy(grid.cells, g, (size_t)t.n * (size_t)t.n);
        int rc = nonet_variant_check(v, &grid, why, sizeof why), ok = valid(&t, g);
        CHECKF(rc == (ok ? NONET_OK : NONET_EARG), "round %d (%s): check %d (%s), the rules say %s",
               round, nonet_constraint_name(mine[round % NMINE]), rc, why, ok ? "kept" : "broken");
        kept += ok;
        broken += !ok;
        nonet_variant_free(v);
    }
    CHECK(kept > 150 && broken > 150);
}

typedef struct seen {
    const rpuzzle *t;
    int bad, count;
} seen;

static int keeps_all(void *ctx, const nonet_grid *g)
{
    seen *s = ctx;
    s->count++;
    s->bad += !valid(s->t, g->cells);
    return 0;
}

/* 9x9: the global rules on an empty grid, and the others made from a
 * random grid that keeps them (some of its digits given): every solution
 * found keeps every rule. */
static void test_cells_9x9(void)
{
    rng = 99;
    for (int m = 0; m < NMINE; m++) {
        rpuzzle t = {.n = 9, .br = 3, .bc = 3};
        uint8_t sol[81] = {0}, givens[81] = {0};
        if (mine[m] == NONET_CON_NO_BOXES)
            t.noboxes = 1;
        CHECK(random_fill(&t, sol, 0));
        if (is_global(mine[m])) {
            t.cons[t.ncons++] = (rcon){.type = mine[m]};
        } else {
            for (int tries = 0; tries < 5000 && t.ncons < 4; tries++) {
                random_of(&t, &t.cons[t.ncons], mine[m]);
                if (keeps(&t, &t.cons[t.ncons], sol))
                    t.ncons++;
            }
            for (int c = 0; c < 81; c++)
                givens[c] = below(3) == 0 ? sol[c] : 0;
        }
        CHECKF(t.ncons > 0, "%s: none made", nonet_constraint_name(mine[m]));
        char why[256] = "";
        nonet_variant *v = build(&t, givens, why, sizeof why);
        CHECKF(v != NULL, "%s: %s", nonet_constraint_name(mine[m]), why);
        seen s = {&t, 0, 0};
        uint64_t count = 0;
        /* a deadline far above its time (well under a second), so that a
         * rule gone wrong fails instead of searching on */
        nonet_stop stop = {NULL, NULL, nonet_clock_ns() + 60000000000u};
        int rc = nonet_variant_run(v, 10, keeps_all, &s, &count, NULL, &stop);
        CHECKF(rc == NONET_OK, "%s: %s", nonet_constraint_name(mine[m]), nonet_strerror(rc));
        CHECKF(count > 0 && s.bad == 0, "%s: %llu solutions, %d break a rule",
               nonet_constraint_name(mine[m]), (unsigned long long)count, s.bad);
        nonet_variant_free(v);
    }
}

static nonet_variant *parse(const char *text, nonet_error *err)
{
    nonet_variant *v = NULL;
    memset(err, 0, sizeof *err);
    if (nonet_variant_parse(text, strlen(text), &v, NULL, err) != NONET_OK)
        return NULL;
    return v;
}

static uint64_t count_of(const nonet_variant *v)
{
    uint64_t count = 0;
    return nonet_variant_count(v, 0, &count, NULL, NULL, NULL) == NONET_OK ? count : (uint64_t)-1;
}

#define EMPTY4 "....\n....\n....\n....\n"

/* The text form of each rule: read into the constraint it says, and
 * written back the same. */
static void test_cells_text(void)
{
    static const struct {
        const char *line;
        nonet_constraint_type type;
        int ncells, value, nvalues;
    } cases[] = {
        {"doublearrow r1c1 r1c2 r1c3 r2c3", NONET_CON_DOUBLE_ARROW, 4, 0, 0},
        {"pillarrow r1c2 r1c1 : r2c1 r3c1", NONET_CON_PILL_ARROW, 5, 0, 0},
        {"quadruple r1c1 r2c2 r1c2 r2c1 [1 1 2]", NONET_CON_QUADRUPLE, 4, 0, 3},
        {"clone r1c1 r1c2 : r3c3 r3c4", NONET_CON_CLONE, 5, 0, 0},
        {"clone r1c1 r1c2 : r1c2 r1c3", NONET_CON_CLONE, 5, 0, 0},
        {"minimum r1c1 r3c3", NONET_CON_MINIMUM, 2, 0, 0},
        {"maximum r2c2", NONET_CON_MAXIMUM, 1, 0, 0},
        {"greater r2c2 r1c2 r2c1 r2c3 r3c2", NONET_CON_GREATER, 5, 0, 0},
        {"rellik r1c1 r1c2 r2c1 = 5", NONET_CON_RELLIK, 3, 5, 0},
        {"equalsums r1c1 r1c2 : r2c1 r2c2 : r1c1 r2c1", NONET_CON_EQUAL_SUMS, 8, 0, 0},
        {"rowindexer r1c1 r2c1", NONET_CON_INDEX_ROW, 2, 0, 0},
        {"columnindexer r1c1 r2c1", NONET_CON_INDEX_COLUMN, 2, 0, 0},
        {"antitaxicab", NONET_CON_ANTI_TAXICAB, 0, 0, 0},
        {"globalentropy", NONET_CON_GLOBAL_ENTROPY, 0, 0, 0},
        {"globalmod", NONET_CON_GLOBAL_MOD, 0, 0, 0},
        {"dutchflatmates", NONET_CON_DUTCH_FLATMATES, 0, 0, 0},
        {"noboxes", NONET_CON_NO_BOXES, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, EMPTY4 "%s\n", cases[i].line);
        nonet_error err;
        nonet_variant *v = parse(text, &err);
        CHECKF(v != NULL, "'%s': %s", cases[i].line, err.message);
        nonet_constraint c;
        CHECK(nonet_variant_count_constraints(v) == 1 && nonet_variant_get(v, 0, &c) == NONET_OK);
        CHECKF(c.type == cases[i].type && c.ncells == cases[i].ncells &&
                   c.value == cases[i].value && c.nvalues == cases[i].nvalues,
               "'%s': type %d, %d cells, value %d, %d values", cases[i].line, (int)c.type, c.ncells,
               c.value, c.nvalues);
        char out[1024];
        long len = nonet_variant_format(v, out, sizeof out);
        CHECKF(len > 0 && strstr(out, cases[i].line) != NULL, "'%s' written as\n%.300s",
               cases[i].line, out);
        nonet_variant_free(v);
    }
    /* no boxes on 4x4: the Latin squares, 576; with boxes 288 */
    nonet_error err;
    nonet_variant *v = parse(EMPTY4 "noboxes\n", &err);
    CHECK(v && count_of(v) == 576);
    nonet_grid g; /* a box with a digit twice: kept without boxes */
    CHECK(grid_from_line("1234234134124123", 2, 2, &g));
    char why[128] = "";
    CHECKF(nonet_variant_check(v, &g, why, sizeof why) == NONET_OK, "%s", why);
    nonet_variant_free(v);
    v = parse(EMPTY4, &err);
    CHECK(v && count_of(v) == 288);
    CHECK(nonet_variant_check(v, &g, why, sizeof why) == NONET_ECONFLICT && strstr(why, "box"));
    nonet_variant_free(v);
}

/* What each rule refuses, with a sentence that names it. */
static void test_cells_refused(void)
{
    static const struct {
        const char *line, *words;
    } cases[] = {
        {"doublearrow r1c1 r1c2", "3 cells or more"},
        {"doublearrow r1c1 r1c2 r1c1", "once"},
        {"pillarrow r1c1 : r2c1", "2 to 3"},
        {"pillarrow r1c2 r2c1 : r3c1", "right of, below or below right"},
        {"pillarrow r1c1 r1c3 : r3c1", "right of, below or below right"},
        {"quadruple r1c1 r1c2 r2c1 r3c1 [1]", "2x2 block"},
        {"quadruple r1c1 r1c2 r2c2 r3c2 [1]", "2x2 block"},
        {"quadruple r1c4 r2c1 r1c1 r2c4 [1]", "does not touch"},
        {"quadruple r1c1 r1c2 r2c1 r2c2 [1 2 3 4 1]", "1 to 4"},
        {"clone r1c1 r1c2 : r3c1", "its copy has 1 cells"},
        {"clone r1c1 r1c2 : r3c2 r3c1", "not the part moved"},
        {"greater r1c1 r3c3", "touches none"},
        {"rellik r1c1 r1c2", "needs '= NUMBER'"},
        {"rellik r1c1 r1c2 = 0", "out of range"},
        {"equalsums r1c1 r1c2", "2 parts or more"},
        {"antitaxicab r1c1", "takes nothing after it"},
        {"doppelganger", "its grid's values are 0 to 4"}, /* on 0-4: test_values.c */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, EMPTY4 "%s\n", cases[i].line);
        nonet_error err;
        nonet_variant *v = parse(text, &err);
        CHECKF(v == NULL && strstr(err.message, cases[i].words), "'%s': %s", cases[i].line,
               v ? "read" : err.message);
    }
    /* the API says the same; global entropy needs three classes */
    nonet_grid g;
    nonet_grid_init(&g, 1, 2);
    nonet_variant *v = nonet_variant_new(&g);
    nonet_constraint c = {NONET_CON_GLOBAL_ENTROPY, 0, 0, NULL, 0, NULL, NULL};
    char why[512] = "";
    CHECK(v && nonet_variant_add(v, &c, why, sizeof why) == NONET_EARG && strstr(why, "three"));
    c.type = NONET_CON_DOPPELGANGER;
    CHECKF(nonet_variant_add(v, &c, why, sizeof why) == NONET_EARG &&
               strstr(why, "values are 0 to 2"),
           "%s", why); /* a grid of values 0 to n only */
    nonet_variant_free(v);
}

/* f-puzzles' keys: each read into the rule, counted as the text form. */
static void test_cells_fpuzzles(void)
{
    static const struct {
        const char *json, *text;
    } cases[] = {
        {"\"quadruple\": [{\"cells\": [\"R1C2\", \"R1C3\", \"R2C2\", \"R2C3\"], \"values\": [1, "
         "1]}]",
         "quadruple r1c2 r1c3 r2c2 r2c3 [1 1]"},
        {"\"clone\": [{\"cells\": [\"R1C1\", \"R2C1\"], \"cloneCells\": [\"R3C3\", \"R4C3\"]}]",
         "clone r1c1 r2c1 : r3c3 r4c3"},
        {"\"minimum\": [{\"cell\": \"R2C2\"}, {\"cell\": \"R4C4\"}]", "minimum r2c2\nminimum r4c4"},
        {"\"maximum\": [{\"cell\": \"R1C3\"}]", "maximum r1c3"},
        {"\"doublearrow\": [{\"lines\": [[\"R1C1\", \"R2C1\", \"R3C1\", \"R3C2\"]]}], \"line\": "
         "[{\"lines\": [[\"R1C1\", \"R2C1\", \"R3C1\", \"R3C2\"]], \"fromConstraint\": \"Double "
         "Arrow\"}]",
         "doublearrow r1c1 r2c1 r3c1 r3c2"},
        {"\"rowindexer\": [{\"cells\": [\"R1C1\", \"R1C2\"]}]", "rowindexer r1c1 r1c2"},
        {"\"columnindexer\": [{\"cells\": [\"R1C1\", \"R2C1\"]}]", "columnindexer r1c1 r2c1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char json[1024], text[256];
        snprintf(
            json, sizeof json,
            "{\"size\": 4, \"grid\": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]], "
            "%s}",
            cases[i].json);
        snprintf(text, sizeof text, EMPTY4 "%s\n", cases[i].text);
        nonet_error err;
        nonet_variant *a = parse(json, &err);
        CHECKF(a != NULL, "%s: %s", cases[i].json, err.message);
        nonet_variant *b = parse(text, &err);
        CHECKF(b != NULL, "%s: %s", cases[i].text, err.message);
        CHECK(nonet_variant_count_constraints(a) == nonet_variant_count_constraints(b));
        for (int j = 0; j < nonet_variant_count_constraints(a); j++) {
            nonet_constraint x, y;
            nonet_variant_get(a, j, &x);
            nonet_variant_get(b, j, &y);
            CHECKF(x.type == y.type && x.ncells == y.ncells && x.nvalues == y.nvalues &&
                       !memcmp(x.cells, y.cells, (size_t)x.ncells * sizeof *x.cells),
                   "%s: read otherwise than %s", cases[i].json, cases[i].text);
        }
        uint64_t ca = count_of(a), cb = count_of(b);
        CHECKF(ca == cb && ca < 288, "%s: %llu, %llu", cases[i].json, (unsigned long long)ca,
               (unsigned long long)cb);
        nonet_variant_free(a);
        nonet_variant_free(b);
    }
    /* a quadruple whose cells are no 2x2 block says so */
    nonet_error err;
    CHECK(parse("{\"size\": 4, \"grid\": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                "\"quadruple\": [{\"cells\": [\"R1C1\", \"R1C2\", \"R1C3\", \"R1C4\"], \"values\": "
                "[1]}]}",
                &err) == NULL &&
          strstr(err.message, "2x2 block"));
}

/* The rules of the whole grid are one each; and the rows' own words. */
static void test_cells_rows(void)
{
    for (int m = 0; m < NMINE; m++) {
        const nonet_rule *r = nonet_rule_of(mine[m]);
        CHECKF(r && r->type == mine[m], "type %d has no row", (int)mine[m]);
    }
    CHECK(nonet_rule_of(NONET_CON_DOPPELGANGER) != NULL);
    CHECK(!strcmp(nonet_rule_of(NONET_CON_INDEX_COLUMN)->iss, "Indexing") &&
          !strcmp(nonet_rule_of(NONET_CON_QUADRUPLE)->fpuzzles, "quadruple"));
}

void suite_rules_cells(void)
{
    RUN(test_cells_rows);
    RUN(test_cells_bruteforce);
    RUN(test_cells_known_grids);
    RUN(test_noboxes_killers);
    RUN(test_cells_check);
    RUN(test_cells_9x9);
    RUN(test_cells_text);
    RUN(test_cells_refused);
    RUN(test_cells_fpuzzles);
}
