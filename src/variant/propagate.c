/* propagate.c - the propagators that are neither groups nor pairs: linear
 * sums (bounds over groups of different digits; exact once few cells are
 * open), cages of different digits (of up to VPROP_FEW cells: every way
 * of filling them) and renban lines (of three cells: each run, each way
 * of placing it; longer ones and longer cages: the digit sets they can
 * hold, listed at build: singles and a matching within each; a digit
 * every set needs leaves the cells that see all its places), sandwich
 * sums (each place of the 1 and the n with each filling), and automata
 * along lines (the states each cell's layer can be in, forward and
 * backward: exact for the line). Each narrows
 * the candidates of its cells (and for a needed digit, of cells around)
 * to what some arrangement it allows still uses. */
#include "variant/variant.h"

static int lowest_digit(uint64_t set)
{
    return lowest_bit(set) + 1;
}

static int highest_digit(uint64_t set)
{
    return 64 - __builtin_clzll(set);
}

/* Narrows cand[cell] to allowed; records the cell. Returns -1 when nothing
 * is left, else 0. */
static int narrow(uint64_t *cand, int cell, uint64_t allowed, int *changed, int *nchanged)
{
    if ((cand[cell] & ~allowed) == 0)
        return 0;
    cand[cell] &= allowed;
    changed[(*nchanged)++] = cell;
    return cand[cell] ? 0 : -1;
}

/* a / b rounded down and up (b != 0). */
static long floor_div(long a, long b)
{
    long q = a / b;
    return q * b != a && (a < 0) != (b < 0) ? q - 1 : q;
}

static long ceil_div(long a, long b)
{
    long q = a / b;
    return q * b != a && (a < 0) == (b < 0) ? q + 1 : q;
}

/* The digits from lo to hi (1-based) as a set; empty when hi < lo. */
static uint64_t digits_between(long lo, long hi)
{
    lo = lo < 1 ? 1 : lo;
    hi = hi > 64 ? 64 : hi;
    if (hi < lo)
        return 0;
    uint64_t upto = hi == 64 ? ~(uint64_t)0 : ((uint64_t)1 << hi) - 1;
    return upto & ~(((uint64_t)1 << (lo - 1)) - 1);
}

/* The least and the most k different digits of set make (a set of at
 * least k digits). */
static void extremes(uint64_t set, int k, long *least, long *most)
{
    long lo = 0, hi = 0;
    uint64_t s = set;
    for (int i = 0; i < k; i++, s &= s - 1)
        lo += lowest_bit(s) + 1;
    s = set;
    for (int i = 0; i < k; i++) {
        int top = highest_digit(s);
        hi += top;
        s &= ~((uint64_t)1 << (top - 1));
    }
    *least = lo;
    *most = hi;
}

/* The bounds of a group of k cells of different digits: the least they
 * can sum to (lo) and the least the k-1 smallest of them can (lo1), the
 * most and the most of the k-1 largest (hi, hi1). Each from two sets of
 * k digits that a group's digits in order are never below: the k least of
 * their pool, and what each cell gets when given, from its least digit
 * up, the least digit no other cell took (order does not matter: the
 * cells {8, 9} {8, 9} {1..9} make 1 + 8 + 9 where the pool says 1 + 2 +
 * 3); the larger sum of each kept. A cell's digit d and the k-1 least of
 * either set then sum to at most what the group does. Returns 0, or -1
 * when the cells cannot take different digits. */
typedef struct gbound {
    long lo, lo1, hi, hi1;
} gbound;

static int group_bounds(const uint64_t *cand, const int *cells, int k, gbound *g)
{
    if (k == 1) {
        uint64_t c = cand[cells[0]];
        *g = (gbound){lowest_digit(c), 0, highest_digit(c), 0};
        return c ? 0 : -1;
    }
    uint64_t pool = 0, up = 0, down = 0;
    long up_sum = 0, down_sum = 0;
    int up_top = 0, down_bottom = 65;
    for (int i = 0; i < k; i++) {
        uint64_t c = cand[cells[i]];
        pool |= c;
        uint64_t free_up = ~up & ~((c & -c) - 1);
        int top = highest_digit(c);
        uint64_t free_down = ~down & (top == 64 ? ~(uint64_t)0 : ((uint64_t)1 << top) - 1);
        if (!free_up || !free_down)
            return -1;
        int u = lowest_digit(free_up), d = highest_digit(free_down);
        up |= (uint64_t)1 << (u - 1);
        down |= (uint64_t)1 << (d - 1);
        up_sum += u;
        down_sum += d;
        up_top = u > up_top ? u : up_top;
        down_bottom = d < down_bottom ? d : down_bottom;
    }
    if (popcount64(pool) < k || up_top > highest_digit(pool) || down_bottom < lowest_digit(pool))
        return -1;
    /* the k least and the k most of the pool, and the k-th of each */
    long lo = 0, hi = 0;
    int kth_lo = 0, kth_hi = 0;
    uint64_t rise = pool, fall = pool;
    for (int t = 0; t < k; t++) {
        kth_lo = lowest_digit(rise);
        kth_hi = highest_digit(fall);
        rise &= rise - 1;
        fall &= ~((uint64_t)1 << (kth_hi - 1));
        lo += kth_lo;
        hi += kth_hi;
    }
    g->lo = up_sum > lo ? up_sum : lo;
    g->lo1 = up_sum - up_top > lo - kth_lo ? up_sum - up_top : lo - kth_lo;
    g->hi = down_sum < hi ? down_sum : hi;
    g->hi1 = down_sum - down_bottom < hi - kth_hi ? down_sum - down_bottom : hi - kth_hi;
    return 0;
}

/* The few open cells of a sum, settled exactly: every digit of each that
 * some choice of the others (different where they share a group) makes
 * the rest of the sum with. */
#define EXACT_OPEN 3 /* exact_walk is written for three at most */

typedef struct exact {
    const uint64_t *cand;
    int cell[EXACT_OPEN], w[EXACT_OPEN], n;
    unsigned sees[EXACT_OPEN]; /* bit j: this cell and open cell j differ */
    uint64_t support[EXACT_OPEN];
} exact;

/* The digits of mine that, at weight w, make rest: the one rest / w, or
 * any when w is 0 and nothing is left. */
static uint64_t making(uint64_t mine, long w, long rest)
{
    long d;
    if (w == 1 || w == -1)
        d = w * rest; /* the usual weights: no division */
    else if (w == 0)
        return rest == 0 ? mine : 0;
    else if (rest % w)
        return 0;
    else
        d = rest / w;
    return d >= 1 && d <= 64 ? mine & (uint64_t)1 << (d - 1) : 0;
}

/* Each choice of the first open cells' digits (different where they
 * see each other), the last one's what is left; the digits of each that
 * some choice uses into support. Returns whether any does. */
static int exact_walk(exact *x, long rest)
{
    const uint64_t *cand = x->cand;
    uint64_t c0 = cand[x->cell[0]];
    if (x->n == 1)
        return (x->support[0] = making(c0, x->w[0], rest)) != 0;
    uint64_t c1 = cand[x->cell[1]];
    int any = 0;
    for (uint64_t s0 = c0; s0; s0 &= s0 - 1) {
        uint64_t b0 = s0 & -s0;
        long r0 = rest - (long)x->w[0] * (lowest_bit(s0) + 1);
        uint64_t m1 = x->sees[1] & 1 ? c1 & ~b0 : c1;
        if (x->n == 2) {
            uint64_t p = making(m1, x->w[1], r0);
            if (p) {
                x->support[0] |= b0;
                x->support[1] |= p;
                any = 1;
            }
            continue;
        }
        uint64_t m2 = x->sees[2] & 1 ? cand[x->cell[2]] & ~b0 : cand[x->cell[2]];
        for (uint64_t s1 = m1; s1; s1 &= s1 - 1) {
            uint64_t b1 = s1 & -s1;
            uint64_t p = making(x->sees[2] & 2 ? m2 & ~b1 : m2, x->w[2],
                                r0 - (long)x->w[1] * (lowest_bit(s1) + 1));
            if (p) {
                x->support[0] |= b0;
                x->support[1] |= b1;
                x->support[2] |= p;
                any = 1;
            }
        }
    }
    return any;
}

/* Whether cells a and b share a group. */
static int sees(const vmodel *m, int a, int b)
{
    return m->peerset[(size_t)a * (size_t)m->nwords + (size_t)(b / 64)] >> (b % 64) & 1;
}

/* Returns -1 when no choice makes the sum, else 0 (cand narrowed); does
 * nothing when more than EXACT_OPEN cells are open. */
static int sum_exact(const vmodel *m, const vprop *p, const int *cells, const int *w,
                     uint64_t *cand)
{
    exact x = {.cand = cand};
    long rest = p->target;
    for (int j = 0; j < p->len; j++) {
        uint64_t c = cand[cells[j]];
        if (c & (c - 1)) {
            if (x.n == EXACT_OPEN)
                return 0;
            x.sees[x.n] = 0;
            for (int i = 0; i < x.n; i++)
                x.sees[x.n] |= (unsigned)sees(m, x.cell[i], cells[j]) << i;
            x.cell[x.n] = cells[j];
            x.w[x.n++] = w[j];
        } else {
            rest -= (long)w[j] * (lowest_bit(c) + 1);
        }
    }
    if (!x.n)
        return rest == 0 ? 0 : -1;
    if (!exact_walk(&x, rest))
        return -1;
    for (int j = 0; j < x.n; j++)
        cand[x.cell[j]] &= x.support[j];
    return 0;
}

/* Narrows each of the len cells to its allowed set; returns how many
 * changed (their numbers in changed[]), or -1 when one is left empty. */
static int narrow_all(uint64_t *cand, const int *cells, const uint64_t *allowed, int len,
                      int *changed)
{
    int nchanged = 0;
    for (int i = 0; i < len; i++)
        if (narrow(cand, cells[i], allowed[i], changed, &nchanged))
            return -1;
    return nchanged;
}

/* sum of w_i * digit_i = target, by bounds over groups of different
 * digits (compile.c's gsize), exactly once few cells are open; each
 * changed cell reported once */
static int run_sum(const vmodel *m, const vprop *p, uint64_t *cand, int *changed)
{
    const int *cells = m->pcells + p->first, *w = m->weights + p->wfirst;
    const int *gs = m->gsize + p->first;
    uint64_t was[VARIANT_MAX_LINE];
    int nchanged = 0, open = 0;
    for (int i = 0; i < p->len; i++) {
        was[i] = cand[cells[i]];
        open += (was[i] & (was[i] - 1)) != 0;
    }
    /* few open cells: the exact step alone (it leaves no less) */
    for (int again = open > EXACT_OPEN; again;) {
        again = 0;
        long lo = 0, hi = 0, glo[VARIANT_MAX_LINE], ghi[VARIANT_MAX_LINE], widest = 0;
        gbound gb[VARIANT_MAX_LINE];
        for (int i = 0; i < p->len; i += gs[i]) {
            if (group_bounds(cand, cells + i, gs[i], &gb[i]))
                return -1;
            glo[i] = w[i] > 0 ? w[i] * gb[i].lo : w[i] * gb[i].hi;
            ghi[i] = w[i] > 0 ? w[i] * gb[i].hi : w[i] * gb[i].lo;
            lo += glo[i];
            hi += ghi[i];
            widest = ghi[i] - glo[i] > widest ? ghi[i] - glo[i] : widest;
        }
        if (p->target < lo || p->target > hi)
            return -1;
        /* a digit goes when it moves its group's share past the slack:
         * no group's range is that wide, no digit goes */
        if (widest <= p->target - lo && widest <= hi - p->target)
            break;
        for (int i = 0; i < p->len; i += gs[i]) {
            long wt = w[i];
            if (wt == 0)
                continue; /* its digits do not count */
            /* the rest of the sum's range without this group, and so the
             * most and the least this group's digits may sum to: a digit
             * d stays while d and the k-1 least (most) can keep under
             * (over) them */
            long rest_lo = lo - glo[i], rest_hi = hi - ghi[i];
            long cap = floor_div(p->target - (wt > 0 ? rest_lo : rest_hi), wt);
            long need = ceil_div(p->target - (wt > 0 ? rest_hi : rest_lo), wt);
            long x = gb[i].lo <= cap ? cap - gb[i].lo1 : 0;
            long y = gb[i].hi >= need ? need - gb[i].hi1 : 65;
            uint64_t fits = digits_between(y, x);
            for (int j = i; j < i + gs[i]; j++) {
                uint64_t c = cand[cells[j]], keep = c & fits;
                if (keep != c) {
                    if (!(cand[cells[j]] = keep))
                        return -1;
                    again = 1;
                }
            }
        }
    }
    if (sum_exact(m, p, cells, w, cand))
        return -1;
    for (int i = 0; i < p->len; i++)
        if (cand[cells[i]] != was[i])
            changed[nchanged++] = cells[i];
    return nchanged;
}

typedef struct cage_walk {
    const uint64_t *cand;
    const int *cells;
    int len;
    uint64_t allowed[NONET_MAX_SIDE];
    uint64_t required; /* the digits of every set that fits */
    int found;
} cage_walk;

/* Whether cells whose digits are masks[0 .. len) can take different
 * ones (a matching, by augmenting paths over the cells). */
static int masks_match(const uint64_t *masks, int len)
{
    int owner[NONET_MAX_SIDE], cell_digit[NONET_MAX_SIDE];
    uint64_t owned = 0;
    for (int i = 0; i < len; i++) {
        /* iterative augmenting path from cell i: breadth over digits */
        int from_cell[NONET_MAX_SIDE], queue[NONET_MAX_SIDE], head = 0, tail = 0;
        uint64_t seen = 0;
        int end = -1;
        queue[tail++] = i;
        while (head < tail && end < 0) {
            int c = queue[head++];
            for (uint64_t s = masks[c] & ~seen; s; s &= s - 1) {
                int d = lowest_bit(s);
                seen |= (uint64_t)1 << d;
                from_cell[d] = c;
                if (!(owned >> d & 1)) {
                    end = d;
                    break;
                }
                queue[tail++] = owner[d];
            }
        }
        if (end < 0)
            return 0;
        owned |= (uint64_t)1 << end;
        for (int d = end; d >= 0;) {
            int c = from_cell[d], prev = c == i ? -1 : cell_digit[c];
            owner[d] = c;
            cell_digit[c] = d;
            d = prev;
        }
    }
    return 1;
}

/* Whether the cells can take the digits of set, one each. */
static int cage_fits(const cage_walk *w, uint64_t set)
{
    uint64_t masks[NONET_MAX_SIDE];
    for (int i = 0; i < w->len; i++)
        masks[i] = w->cand[w->cells[i]] & set;
    return masks_match(masks, w->len);
}

/* The cells of a cage, mine[0 .. len), take the len digits of x, one
 * each: naked singles (a cell left one digit takes it from the others)
 * and hidden singles (a digit left one cell takes it) to a fixed point.
 * Returns -1 when a cell or a digit is left without a place. */
static int set_singles(uint64_t *mine, int len, uint64_t x)
{
    for (;;) {
        uint64_t fixed = 0, clash = 0, once = 0, twice = 0;
        for (int i = 0; i < len; i++) {
            uint64_t d = mine[i];
            if (!(d & (d - 1))) {
                clash |= fixed & d;
                fixed |= d;
            }
        }
        if (clash)
            return -1;
        int again = 0;
        for (int i = 0; i < len; i++) {
            uint64_t d = mine[i];
            if (d & (d - 1) && d & fixed) {
                if (!(d &= ~fixed))
                    return -1;
                mine[i] = d;
                again = 1;
            }
            twice |= once & d;
            once |= d;
        }
        if (x & ~once)
            return -1;
        uint64_t only = once & ~twice; /* the digits one cell alone has */
        for (int i = 0; i < len; i++) {
            uint64_t d = mine[i], y = d & only;
            if (y && y != d) {
                if (y & (y - 1))
                    return -1; /* one cell, two digits it alone can take */
                mine[i] = y;
                again = 1;
            }
        }
        if (!again)
            return 0;
    }
}

/* The digit sets of size left summing to sum from the digits of pool up
 * to top (0-based), chosen high to low. */
static void cage_sets(cage_walk *w, uint64_t pool, int top, int left, int sum, uint64_t set)
{
    if (left == 0) {
        if (sum == 0 && cage_fits(w, set)) {
            w->found = 1;
            w->required &= set;
            for (int i = 0; i < w->len; i++)
                w->allowed[i] |= w->cand[w->cells[i]] & set;
        }
        return;
    }
    for (int d = top; d >= left - 1; d--) {
        if (!(pool >> d & 1))
            continue;
        int digit = d + 1;
        /* the largest the other left-1 digits can make is below digit */
        int most = (left - 1) * (2 * digit - left) / 2;
        if (digit > sum)
            continue;
        if (digit + most < sum)
            return;
        cage_sets(w, pool, d - 1, left - 1, sum - digit, set | (uint64_t)1 << d);
    }
}

/* A digit every arrangement of a cage uses: the cells that see every
 * cell of it that can take the digit (share a group with each) cannot.
 * Returns how many cells changed (appended to changed[] after nchanged),
 * or -1 when one is left empty. */
static int cage_pointing(const vmodel *m, const cage_walk *w, uint64_t *cand, int *changed,
                         int nchanged)
{
    int words = m->nwords;
    uint64_t seen[NONET_MAX_CELLS / 64];
    for (uint64_t r = w->required; r; r &= r - 1) {
        uint64_t bit = r & -r;
        int first = 1, two = 0;
        for (int i = 0; i < w->len; i++) {
            if (!(cand[w->cells[i]] & bit))
                continue;
            const uint64_t *ps = m->peerset + (size_t)w->cells[i] * (size_t)words;
            if (first)
                memcpy(seen, ps, (size_t)words * sizeof *seen);
            else
                for (int k = 0; k < words; k++)
                    seen[k] &= ps[k];
            two = !first;
            first = 0;
        }
        if (!two)
            continue; /* one cell: it holds the digit, singles do the rest */
        for (int k = 0; k < words; k++)
            for (uint64_t x = seen[k]; x; x &= x - 1) {
                int c = k * 64 + lowest_bit(x);
                if (!(cand[c] & bit))
                    continue;
                cand[c] &= ~bit;
                int listed = 0;
                for (int t = 0; t < nchanged && !listed; t++)
                    listed = changed[t] == c;
                if (!listed)
                    changed[nchanged++] = c;
                if (!cand[c])
                    return -1;
            }
    }
    return nchanged;
}

/* Keeps the digit sets of the cage's table that its cells can still take
 * (each cell one digit of the set, all different). */
static void cage_table(const vmodel *m, const vprop *p, cage_walk *w, uint64_t pool)
{
    const uint64_t *set = m->combos + p->cfirst;
    for (int s = 0; s < p->ncombos; s++) {
        uint64_t x = set[s], mine[NONET_MAX_SIDE];
        if (x & ~pool)
            continue;
        int fits = 1;
        for (int i = 0; i < w->len && fits; i++)
            fits = (mine[i] = w->cand[w->cells[i]] & x) != 0;
        if (!fits || set_singles(mine, w->len, x) < 0)
            continue;
        /* the open cells take different digits: surely when each has as
         * many as there are open cells, else a matching decides */
        int open = 0, wide = 1;
        for (int i = 0; i < w->len; i++)
            open += (mine[i] & (mine[i] - 1)) != 0;
        for (int i = 0; i < w->len && wide; i++)
            wide = !(mine[i] & (mine[i] - 1)) || popcount64(mine[i]) >= open;
        if (!wide && !masks_match(mine, w->len))
            continue;
        w->found = 1;
        w->required &= x;
        int all = !w->required; /* nothing more to learn: every candidate */
        for (int i = 0; i < w->len; i++) {
            w->allowed[i] |= mine[i];
            all &= w->allowed[i] == w->cand[w->cells[i]];
        }
        if (all)
            return; /* shown possible, and no digit in every set */
    }
}

/* A cage of few cells, exactly: every way its cells from i on can take
 * different digits, none of used, making rest (the last cell's digit is
 * what is left); pick[] the digits chosen before. */
static void cage_few(cage_walk *w, int i, int rest, uint64_t used, uint64_t *pick)
{
    uint64_t mine = w->cand[w->cells[i]] & ~used;
    if (i == w->len - 1) {
        if (rest < 1 || rest > 64 || !(mine >> (rest - 1) & 1))
            return;
        pick[i] = (uint64_t)1 << (rest - 1);
        w->found = 1;
        w->required &= used | pick[i];
        for (int j = 0; j <= i; j++)
            w->allowed[j] |= pick[j];
        return;
    }
    for (; mine; mine &= mine - 1) {
        int d = lowest_bit(mine) + 1;
        if (d >= rest)
            break; /* the cells after need at least 1 each */
        pick[i] = mine & -mine;
        cage_few(w, i + 1, rest - d, used | pick[i], pick);
    }
}

/* A renban of three cells, exactly: each run of three digits, each way
 * of giving them to the cells. */
static void renban_three(cage_walk *w, int n)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint64_t a0 = w->cand[w->cells[0]], b0 = w->cand[w->cells[1]], c0 = w->cand[w->cells[2]];
    for (int s = 0; s + 3 <= n; s++) {
        uint64_t x = (uint64_t)7 << s, a = a0 & x, b = b0 & x, c = c0 & x;
        if (!a || !b || !c || (a | b | c) != x)
            continue;
        uint64_t d[3] = {(uint64_t)1 << s, (uint64_t)2 << s, (uint64_t)4 << s};
        int any = 0;
        for (int k = 0; k < 6; k++) {
            uint64_t p = d[perm[k][0]], q = d[perm[k][1]], r = d[perm[k][2]];
            if ((a & p) && (b & q) && (c & r)) {
                any = 1;
                w->allowed[0] |= p;
                w->allowed[1] |= q;
                w->allowed[2] |= r;
            }
        }
        if (any) {
            w->found = 1;
            w->required &= x;
        }
    }
}

static int run_cage(const vmodel *m, const vprop *p, uint64_t *cand, int *changed)
{
    cage_walk w;
    w.cand = cand;
    w.cells = m->pcells + p->first;
    w.len = p->len;
    w.required = ~(uint64_t)0;
    w.found = 0;
    uint64_t pool = 0;
    for (int i = 0; i < p->len; i++) {
        pool |= cand[w.cells[i]];
        w.allowed[i] = 0;
    }
    if (!pool)
        return -1;
    uint64_t pick[VPROP_FEW];
    if (p->kind == VP_CAGE && p->len <= VPROP_FEW)
        cage_few(&w, 0, p->target, 0, pick);
    else if (p->kind == VP_RENBAN && p->len == 3)
        renban_three(&w, m->n);
    else if (p->ncombos >= 0)
        cage_table(m, p, &w, pool);
    else
        cage_sets(&w, pool, highest_digit(pool) - 1, p->len, p->target, 0);
    if (!w.found)
        return -1;
    int k = narrow_all(cand, w.cells, w.allowed, p->len, changed);
    return k < 0 ? k : cage_pointing(m, &w, cand, changed, k);
}

/* Digits a set of cells must hold (p->target of them, sorted, at
 * m->weights + p->wfirst; a digit listed k times held by k cells), by
 * Hall's condition over the sets of its digits (the first 6 kinds of
 * digit): fewer cells able to hold one of them than the copies they need
 * leaves no solution, and as many cells as copies hold those digits
 * alone; when the digits are all the cells hold (as many as cells), a
 * digit that k cells hold already leaves the others. To a fixed point;
 * exact once the cells are filled. */
static int run_contains(const vmodel *m, const vprop *p, uint64_t *cand, int *changed)
{
    const int *cells = m->pcells + p->first, *digits = m->weights + p->wfirst;
    int exactly = p->target == p->len, kinds = 0, need[VARIANT_MAX_LINE];
    uint64_t bit[VARIANT_MAX_LINE], now[VARIANT_MAX_LINE];
    for (int i = 0; i < p->target; i++) {
        if (!i || digits[i] != digits[i - 1]) {
            bit[kinds] = (uint64_t)1 << (digits[i] - 1);
            need[kinds++] = 0;
        }
        need[kinds - 1]++;
    }
    for (int j = 0; j < p->len; j++)
        now[j] = cand[cells[j]];
    int sets = kinds < 6 ? kinds : 6;
    for (int again = 1; again;) {
        again = 0;
        if (exactly) /* a digit in as many fixed cells as it needs: no more */
            for (int i = 0; i < kinds; i++) {
                int fixed = 0;
                for (int j = 0; j < p->len; j++)
                    fixed += now[j] == bit[i];
                if (fixed > need[i])
                    return -1;
                for (int j = 0; j < p->len && fixed == need[i]; j++)
                    if (now[j] != bit[i] && (now[j] & bit[i])) {
                        now[j] &= ~bit[i];
                        again = 1;
                    }
            }
        for (int i = 0; i < kinds; i++) { /* each kind alone */
            int able = 0;
            for (int j = 0; j < p->len; j++)
                able += (now[j] & bit[i]) != 0;
            if (able < need[i])
                return -1;
            for (int j = 0; j < p->len && able == need[i]; j++)
                if ((now[j] & bit[i]) && now[j] != bit[i]) {
                    now[j] = bit[i];
                    again = 1;
                }
        }
        for (unsigned set = 1; set < 1u << sets; set++) { /* two kinds or more */
            if (!(set & (set - 1)))
                continue;
            uint64_t mask = 0;
            int copies = 0, able = 0;
            for (int i = 0; i < sets; i++)
                if (set >> i & 1) {
                    mask |= bit[i];
                    copies += need[i];
                }
            for (int j = 0; j < p->len; j++)
                able += (now[j] & mask) != 0;
            if (able < copies)
                return -1;
            for (int j = 0; j < p->len && able == copies; j++)
                if ((now[j] & mask) && (now[j] & ~mask)) {
                    now[j] &= mask;
                    again = 1;
                }
        }
    }
    for (int j = 0; j < p->len; j++)
        if (!now[j])
            return -1;
    return narrow_all(cand, cells, now, p->len, changed);
}

/* The cells hold a digit of each class (p->target of them, 8 at most;
 * the class of each digit at m->weights + p->wfirst), by Hall's
 * condition over every set of classes: fewer cells able to hold one of
 * them than there are classes leaves no solution, and as many cells as
 * classes hold those classes alone. To a fixed point. */
static int run_classes(const vmodel *m, const vprop *p, uint64_t *cand, int *changed)
{
    const int *cells = m->pcells + p->first, *class_of = m->weights + p->wfirst;
    int k = p->target, len = p->len;
    uint64_t mask[8] = {0}, now[VARIANT_MAX_LINE];
    for (int d = 0; d < m->n; d++)
        mask[class_of[d]] |= (uint64_t)1 << d;
    for (int j = 0; j < len; j++)
        now[j] = cand[cells[j]];
    for (int again = 1; again;) {
        again = 0;
        for (unsigned set = 1; set < 1u << k; set++) {
            uint64_t digits = 0;
            for (int c = 0; c < k; c++)
                if (set >> c & 1)
                    digits |= mask[c];
            int able = 0, need = popcount64(set);
            for (int j = 0; j < len; j++)
                able += (now[j] & digits) != 0;
            if (able < need)
                return -1;
            if (able > need)
                continue;
            for (int j = 0; j < len; j++)
                if ((now[j] & digits) && (now[j] & ~digits)) {
                    now[j] &= digits;
                    again = 1;
                }
        }
    }
    return narrow_all(cand, cells, now, len, changed);
}

/* A sandwich's line, the places a (the 1) and z (the n) being tried. */
typedef struct sandwich {
    const vprop *p;
    const uint64_t *cand;
    const int *cells;
    uint64_t one, top, middle;
    uint64_t *allowed; /* what the places shown possible allow each cell */
} sandwich;

/* Whether every cell of the line but lo and hi has each candidate shown
 * possible already. */
static int covered(const sandwich *w, int lo, int hi)
{
    for (int i = 0; i < w->p->len; i++)
        if (i != lo && i != hi && (w->cand[w->cells[i]] & ~w->allowed[i]))
            return 0;
    return 1;
}

/* Whether the 1 and the n at lo and hi (either way round) can make the
 * sum, by the fillings listed: one of the right size the cells between
 * take (a digit each, all different) while the cells outside take the
 * other middle digits; adds what each that fits allows, until each cell
 * has all its candidates shown. Exact. */
static int place_by_fillings(const vmodel *m, const sandwich *w, int lo, int hi)
{
    const vprop *p = w->p;
    const uint64_t *fill = m->combos + p->cfirst;
    int k = hi - lo - 1, nin = 0, nout = 0, any = 0;
    int in[NONET_MAX_SIDE], out[NONET_MAX_SIDE];
    uint64_t pin = 0, pout = 0, min[NONET_MAX_SIDE], mout[NONET_MAX_SIDE];
    for (int i = 0; i < p->len; i++) {
        if (i == lo || i == hi)
            continue;
        uint64_t c = w->cand[w->cells[i]];
        if (i > lo && i < hi) {
            in[nin++] = i;
            pin |= c;
        } else {
            out[nout++] = i;
            pout |= c;
        }
    }
    for (int f = 0; f < p->ncombos; f++) {
        uint64_t x = fill[f], rest = w->middle & ~x;
        if (popcount64(x) != k || (x & ~pin) || (rest & ~pout))
            continue;
        /* each side's cells take all of its digits, one each: first
         * whether they cover them, then whether they can (a matching) */
        uint64_t uin = 0, uout = 0;
        for (int i = 0; i < nin; i++)
            uin |= min[i] = w->cand[w->cells[in[i]]] & x;
        for (int i = 0; i < nout; i++)
            uout |= mout[i] = w->cand[w->cells[out[i]]] & rest;
        if (uin != x || (p->len == m->n && uout != rest) || !masks_match(min, nin) ||
            !masks_match(mout, nout))
            continue;
        any = 1;
        for (int i = 0; i < nin; i++)
            w->allowed[in[i]] |= min[i];
        for (int i = 0; i < nout; i++)
            w->allowed[out[i]] |= mout[i];
        if (covered(w, lo, hi))
            break;
    }
    return any;
}

/* The same by bounds, for lines with too many fillings to list: the cells
 * between, each and together (different digits), can make the sum; adds
 * the digits within those bounds. */
static int place_by_bounds(const vmodel *m, const sandwich *w, int lo, int hi)
{
    const vprop *p = w->p;
    const uint64_t *cand = w->cand;
    const int *cells = w->cells;
    int n = m->n, k = hi - lo - 1;
    long smin = 0, smax = 0, dmin = 0, dmax = 0;
    for (int i = 0; i < k; i++) {
        dmin += 2 + i;
        dmax += n - 1 - i;
    }
    uint64_t pool = 0;
    for (int i = lo + 1; i < hi; i++) {
        uint64_t c = cand[cells[i]] & w->middle;
        if (!c)
            return 0;
        smin += lowest_digit(c);
        smax += highest_digit(c);
        pool |= c;
    }
    if (k > 0) { /* the line's digits differ: the least and most k make */
        long plo, phi;
        if (popcount64(pool) < k)
            return 0;
        extremes(pool, k, &plo, &phi);
        dmin = plo > dmin ? plo : dmin;
        dmax = phi < dmax ? phi : dmax;
    }
    if (p->target < smin || p->target > smax || p->target < dmin || p->target > dmax)
        return 0;
    for (int i = 0; i < p->len; i++)
        if (i != lo && i != hi && !(cand[cells[i]] & w->middle))
            return 0;
    for (int i = 0; i < p->len; i++) {
        if (i == lo || i == hi)
            continue;
        uint64_t c = cand[cells[i]] & w->middle;
        if (i > lo && i < hi) {
            long from = p->target - (smax - highest_digit(c)),
                 to = p->target - (smin - lowest_digit(c));
            for (uint64_t s = c; s; s &= s - 1) {
                long d = lowest_bit(s) + 1, olo = 0, ohi = 0;
                uint64_t rest = pool & ~(s & -s);
                int fits = d >= from && d <= to;
                if (fits && k > 1) { /* the other k-1, different from d */
                    fits = popcount64(rest) >= k - 1;
                    if (fits) {
                        extremes(rest, k - 1, &olo, &ohi);
                        fits = p->target - d >= olo && p->target - d <= ohi;
                    }
                }
                if (!fits)
                    c &= ~(s & -s);
            }
        }
        w->allowed[i] |= c;
    }
    return 1;
}

/* Sandwich sums: every two places of the 1 and the n (either way round:
 * the cells between and outside are the same), by their fillings when
 * they are listed, else by bounds; done once every candidate is shown
 * possible. */
static int run_sandwich(const vmodel *m, const vprop *p, uint64_t *cand, int *changed)
{
    uint64_t allowed[NONET_MAX_SIDE] = {0}, one = 1, top = (uint64_t)1 << (m->n - 1);
    sandwich w = {p, cand, m->pcells + p->first, one, top, m->full & ~one & ~top, allowed};
    int any = 0;
    uint64_t sizes = ~(uint64_t)0; /* bit k: some filling has k digits */
    if (p->ncombos >= 0) {
        sizes = 0;
        for (int f = 0; f < p->ncombos; f++)
            sizes |= (uint64_t)1 << popcount64(m->combos[p->cfirst + f]);
    }
    for (int lo = 0; lo < p->len; lo++) {
        uint64_t cl = cand[w.cells[lo]];
        if (!(cl & (one | top)))
            continue;
        for (int hi = lo + 1; hi < p->len; hi++) {
            uint64_t ch = cand[w.cells[hi]];
            int ahead = (cl & one) && (ch & top), back = (cl & top) && (ch & one);
            if ((!ahead && !back) || !(sizes >> (hi - lo - 1) & 1))
                continue;
            if (p->ncombos >= 0 ? place_by_fillings(m, &w, lo, hi)
                                : place_by_bounds(m, &w, lo, hi)) {
                any = 1;
                allowed[lo] |= (ahead ? one : 0) | (back ? top : 0);
                allowed[hi] |= (ahead ? top : 0) | (back ? one : 0);
                if (covered(&w, -1, -1))
                    return 0;
            }
        }
    }
    if (!any)
        return -1;
    return narrow_all(cand, w.cells, allowed, p->len, changed);
}

/* The states of layer i of an automaton's line, forward (a state from
 * which a candidate leads into the layer's set) and backward (of those, the
 * ones with a candidate leading to a state kept in layer i+1): the
 * narrowest form, every layer one word. Fills allowed[] (the candidates
 * of each place that some accepted line uses); returns -1 when none. */
static int line_narrow(const vline *l, const int *cells, const uint64_t *cand, uint64_t *allowed)
{
    int len = l->len, n = l->n;
    uint64_t f[VARIANT_MAX_LINE + 1];
    if (len < 1 || len > VARIANT_MAX_LINE)
        return -1;               /* never: vline_build's lines are 1 .. VARIANT_MAX_LINE */
    f[0] = full_set(l->size[0]); /* the starts */
    for (int i = 0; i < len; i++) {
        uint64_t c = cand[cells[i]], to = 0;
        const int32_t *t = l->trans + l->first[i] * (size_t)n;
        const uint64_t *live = l->live + l->first[i];
        for (uint64_t s = f[i]; s; s &= s - 1) {
            int st = lowest_bit(s);
            const int32_t *row = t + (size_t)st * (size_t)n;
            for (uint64_t x = c & live[st]; x; x &= x - 1)
                to |= (uint64_t)1 << row[lowest_bit(x)];
        }
        if (!to)
            return -1;
        f[i + 1] = to;
    }
    uint64_t b = f[len]; /* layer len holds accepting states only */
    for (int i = len - 1; i >= 0; i--) {
        uint64_t c = cand[cells[i]], keep = 0, allow = 0;
        const int32_t *t = l->trans + l->first[i] * (size_t)n;
        const uint64_t *live = l->live + l->first[i];
        for (uint64_t s = f[i]; s; s &= s - 1) {
            int st = lowest_bit(s);
            const int32_t *row = t + (size_t)st * (size_t)n;
            uint64_t mine = 0;
            for (uint64_t x = c & live[st]; x; x &= x - 1)
                if (b >> row[lowest_bit(x)] & 1)
                    mine |= x & -x;
            if (mine) {
                allow |= mine;
                keep |= s & -s;
            }
        }
        b = keep;
        allowed[i] = allow;
    }
    return 0;
}

/* The same with wider layers: each layer's states as a list (in lists)
 * and as a set (in scratch, for "is it there"), the sets cleared through
 * the lists after (they are zero between runs). Lists rather than the
 * sets' words scanned: a wide layer often holds few states once its cells
 * have few candidates (and scanning was no faster when they have many). */
static int line_wide(const vline *l, const int *cells, const uint64_t *cand, uint64_t *allowed,
                     uint64_t *scratch, int *list)
{
    int len = l->len, n = l->n, rc = 0;
    const size_t *wf = l->wfirst; /* layer i's list at list + first[i] */
    int count[VARIANT_MAX_LINE + 1];
    if (len < 1 || len > VARIANT_MAX_LINE)
        return -1;
    for (int s = 0; s < l->size[0]; s++) { /* the starts */
        scratch[wf[0] + (size_t)s / 64] |= (uint64_t)1 << (s % 64);
        list[s] = s;
    }
    count[0] = l->size[0];
    int done = 0; /* the layers whose sets hold bits, to clear */
    for (int i = 0; i < len; i++) {
        uint64_t c = cand[cells[i]], *to = scratch + wf[i + 1];
        const int32_t *t = l->trans + l->first[i] * (size_t)n;
        const uint64_t *live = l->live + l->first[i];
        const int *mine = list + l->first[i];
        int *next = list + l->first[i + 1], k = 0;
        for (int j = 0; j < count[i]; j++) {
            int st = mine[j];
            const int32_t *row = t + (size_t)st * (size_t)n;
            for (uint64_t x = c & live[st]; x; x &= x - 1) {
                int u = row[lowest_bit(x)];
                uint64_t bit = (uint64_t)1 << (u % 64);
                if (!(to[u / 64] & bit)) {
                    to[u / 64] |= bit;
                    next[k++] = u;
                }
            }
        }
        count[i + 1] = k;
        done = i + 1;
        if (!k) {
            rc = -1;
            break;
        }
    }
    /* backward: each layer's set narrowed in place to the states kept */
    for (int i = len - 1; i >= 0 && rc == 0; i--) {
        uint64_t c = cand[cells[i]], allow = 0, *set = scratch + wf[i];
        const uint64_t *b = scratch + wf[i + 1];
        const int32_t *t = l->trans + l->first[i] * (size_t)n;
        const uint64_t *live = l->live + l->first[i];
        const int *mine = list + l->first[i];
        for (int j = 0; j < count[i]; j++) {
            int st = mine[j];
            const int32_t *row = t + (size_t)st * (size_t)n;
            uint64_t digits = 0;
            for (uint64_t x = c & live[st]; x; x &= x - 1) {
                int u = row[lowest_bit(x)];
                if (b[u / 64] >> (u % 64) & 1)
                    digits |= x & -x;
            }
            if (digits)
                allow |= digits;
            else
                set[st / 64] &= ~((uint64_t)1 << (st % 64));
        }
        allowed[i] = allow;
    }
    for (int i = 0; i <= done; i++) /* every set back to zero */
        for (int j = 0; j < count[i]; j++)
            scratch[wf[i] + (size_t)list[l->first[i] + (size_t)j] / 64] = 0;
    return rc;
}

int vline_run(const vline *l, const int *cells, uint64_t *cand, int *changed, uint64_t *sets,
              int *lists)
{
    uint64_t allowed[VARIANT_MAX_LINE];
    if (l->size[l->len] == 0)
        return -1;
    if ((l->wide == 1 ? line_narrow(l, cells, cand, allowed)
                      : line_wide(l, cells, cand, allowed, sets, lists)) < 0)
        return -1;
    int nchanged = 0;
    for (int i = 0; i < l->len; i++) {
        int c = cells[i];
        if (!(cand[c] & ~allowed[i]))
            continue;
        if (!(cand[c] &= allowed[i]))
            return -1; /* a cell twice, no digit kept at both places */
        int listed = 0;
        for (int j = 0; j < nchanged && !listed; j++)
            listed = changed[j] == c;
        if (!listed)
            changed[nchanged++] = c;
    }
    return nchanged;
}

int vprop_run(const vmodel *m, const vprop *p, uint64_t *cand, int *changed)
{
    switch (p->kind) {
    case VP_SUM:
        return run_sum(m, p, cand, changed);
    case VP_CONTAINS:
        return run_contains(m, p, cand, changed);
    case VP_CLASSES:
        return run_classes(m, p, cand, changed);
    case VP_CAGE:
        return run_cage(m, p, cand, changed);
    case VP_SANDWICH:
        return run_sandwich(m, p, cand, changed);
    case VP_RENBAN: /* its runs listed as a cage's digit sets (compile.c) */
    case VP_SETS:
        return run_cage(m, p, cand, changed);
    case VP_AUTOMATON:
        return vline_run(&m->lines[p->line], m->pcells + p->first, cand, changed, m->scratch,
                         m->lists);
    default:
        return 0;
    }
}
