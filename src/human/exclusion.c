/* exclusion.c - Aligned Pair Exclusion (6.2): for two cells, a pair of
 * digits is impossible if the cells see each other and the digits are
 * equal, or if some bivalue cell that both see holds exactly those two
 * digits (it would be left empty). A digit of one cell that goes with no
 * possible digit of the other is removed. As in Sudoku Explainer, the two
 * cells need not see each other, but they must share at least two bivalue
 * peers; the cells considered are those with a bivalue peer. */
#include "human/human.h"

#include <stdlib.h>

#define MAX_PEERS (3 * NONET_MAX_SIDE)

typedef struct base_cell {
    int cell;
    int nex;
    int ex[MAX_PEERS]; /* its bivalue peers, in peer order */
} base_cell;

/* The finders' scratch puts 64-bit sets right after the base cells. */
_Static_assert(sizeof(base_cell) % sizeof(uint64_t) == 0, "base cells keep 64-bit sets aligned");

/* The base cells of aligned exclusion: empty cells with no single-
 * candidate peer and at least one excluding peer (one with 2 to max_ex
 * candidates), in cell order. index (if not NULL) maps a cell to its
 * place among them, -1 for none. Returns their number. */
static int base_cells(const hstate *s, int max_ex, base_cell *base, int *index)
{
    int nbase = 0, peers[MAX_PEERS];
    uint8_t count[NONET_MAX_CELLS]; /* each cell's candidates, counted once */
    for (int c = 0; c < s->ncells; c++)
        count[c] = (uint8_t)h_count(s->cand[c]);
    for (int c = 0; c < s->ncells; c++) {
        if (index)
            index[c] = -1;
        if (s->value[c] || count[c] < 2)
            continue;
        int np = h_peer_list(s, c, peers), single = 0;
        base_cell *b = &base[nbase];
        b->cell = c;
        b->nex = 0;
        for (int i = 0; i < np; i++) {
            int k = count[peers[i]];
            single |= k == 1;
            if (k >= 2 && k <= max_ex)
                b->ex[b->nex++] = peers[i];
        }
        if (!single && b->nex > 0) {
            if (index)
                index[c] = nbase;
            nbase++;
        }
    }
    return nbase;
}

/* Whether the set has two members or more. */
static int two_or_more(const uint64_t *m, int words)
{
    int one = 0;
    for (int w = 0; w < words; w++)
        if (m[w]) {
            if (one || (m[w] & (m[w] - 1)))
                return 1;
            one = 1;
        }
    return 0;
}

static int has_bit(const uint64_t *m, int i)
{
    return (int)(m[i >> 6] >> (i & 63)) & 1;
}

/* Each base cell's excluding peers as a set of cells (bits, words a set),
 * so that a pair's common ones are one intersection. */
static void ex_sets(const base_cell *base, int nbase, uint64_t *bits, int words)
{
    for (int i = 0; i < nbase; i++) {
        uint64_t *m = bits + (size_t)words * (size_t)i;
        for (int w = 0; w < words; w++)
            m[w] = 0;
        for (int e = 0; e < base[i].nex; e++)
            m[base[i].ex[e] >> 6] |= (uint64_t)1 << (base[i].ex[e] & 63);
    }
}

void find_aligned_pairs(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    int words = (s->ncells + 63) / 64;
    size_t size = sizeof(base_cell) * (size_t)s->ncells +
                  sizeof(uint64_t) * (size_t)words * ((size_t)s->ncells + 1);
    base_cell *base = hlist_scratch(out, size);
    if (!base)
        return;
    uint64_t *bits = (uint64_t *)(base + s->ncells), *ab = bits + (size_t)words * (size_t)s->ncells;
    int nbase = base_cells(s, 2, base, NULL);
    ex_sets(base, nbase, bits, words);
    for (int j = 1; j < nbase; j++) {
        const uint64_t *mb = bits + (size_t)words * (size_t)j;
        for (int i = 0; i < j; i++) {
            const base_cell *a = &base[i], *b = &base[j];
            /* a pair reads its cells and their peers: unchanged when
             * neither is looked at (hlist.look_cells) */
            if (!h_look_cell(out, a->cell) && !h_look_cell(out, b->cell))
                continue;
            const uint64_t *ma = bits + (size_t)words * (size_t)i;
            for (int w = 0; w < words; w++)
                ab[w] = ma[w] & mb[w];
            if (!two_or_more(ab, words))
                continue;
            int common[MAX_PEERS], nc = 0;
            for (int x = 0; x < a->nex; x++)
                if (has_bit(ab, a->ex[x]))
                    common[nc++] = a->ex[x];
            int see = h_peers(s, a->cell, b->cell);
            uint64_t ca = s->cand[a->cell], cb = s->cand[b->cell], ok_a = 0, ok_b = 0;
            /* the excluding cells are bivalue: one holding {x, y} rules
             * out the pairs (x, y) and (y, x) and no other */
            uint64_t ruled[NONET_MAX_SIDE];
            for (int d = 0; d < s->n; d++)
                ruled[d] = 0;
            for (int e = 0; e < nc; e++) {
                uint64_t xy = s->cand[common[e]], lo = xy & -xy, hi = xy & ~lo;
                ruled[lowest_bit(lo)] |= hi;
                ruled[lowest_bit(hi)] |= lo;
            }
            for (uint64_t m = ca; m; m &= m - 1) {
                uint64_t p0 = m & -m, with = cb & ~ruled[lowest_bit(m)] & ~(see ? p0 : 0);
                if (with) {
                    ok_a |= p0;
                    ok_b |= with;
                }
            }
            if (ok_a == ca && ok_b == cb)
                continue;
            if (!hlist_begin(out, NONET_TECH_ALIGNED_PAIR_EXCLUSION, 62))
                break;
            hlist_pattern(out, a->cell, ca);
            hlist_pattern(out, b->cell, cb);
            hlist_role(out, NONET_ROLE_SUPPORT);
            for (int e = 0; e < nc; e++)
                hlist_pattern(out, common[e], s->cand[common[e]]);
            hlist_elim(out, a->cell, ca & ~ok_a);
            hlist_elim(out, b->cell, cb & ~ok_b);
        }
    }
}

/* Aligned Triple Exclusion (7.5): as the pair version, for three cells of
 * which the third sees one of the first two; the excluding cells are their
 * common peers with two or three candidates (SE's degree 3). The triples
 * are met as SE meets them: pairs of base cells in co-lexicographic order,
 * and for each the third cells among the first's excluding peers, then the
 * second's; a triple met from several pairs is kept at the first (see
 * first_meeting). Sets make the tests cheap: each base cell's excluding
 * peers as a set of cells (a pair or triple with fewer than two common
 * ones is skipped at once), and as a set of base cells (reach, for the
 * first meeting). */

/* Whether the triple of base cells i < j with third k is met first at the
 * pair (i, j): reach[x] holds the base cells that x's excluding peers
 * include, and SE meets the triple at the first pair in co-lexicographic
 * order (i < j < k: (i, j); i < k < j: (i, k) unless j is reached from
 * neither; k < i: (k, i) or (k, j) unless neither reaches). */
static int first_meeting(const uint64_t *reach, int words, int i, int j, int k)
{
    const uint64_t *ri = reach + (size_t)words * (size_t)i, *rk = reach + (size_t)words * (size_t)k;
    if (k > j)
        return 1;
    if (has_bit(ri, j) || has_bit(rk, j))
        return 0; /* (i, k) or (k, i) with j as the third comes first */
    if (k > i)
        return 1;
    const uint64_t *rj = reach + (size_t)words * (size_t)j;
    return !has_bit(rk, i) && !has_bit(rj, i); /* (k, j) with i as the third */
}

/* The verdict of the triple a, b, c with common excluding cells of
 * candidates ex[0..nc): the candidates of each cell that some allowed
 * triple of digits uses, into ok. A triple of digits is not allowed when
 * two cells that see each other hold the same digit, or when it would
 * leave a common cell without a candidate: a cell of two candidates both
 * in the first two digits; the third digit is then also barred when it
 * is what a common cell has left after the first two (the other digit of
 * a two-candidate cell holding one of them, the third of a
 * three-candidate cell holding both). */
static void triple_verdict(const hstate *s, const int cells[3], const uint64_t *ex, int nc,
                           uint64_t ok[3])
{
    int see01 = h_peers(s, cells[0], cells[1]), see02 = h_peers(s, cells[0], cells[2]),
        see12 = h_peers(s, cells[1], cells[2]);
    uint64_t c0 = s->cand[cells[0]], c1 = s->cand[cells[1]], c2 = s->cand[cells[2]];
    /* partner[d]: the other digits of the two-candidate common cells with
     * digit d; the three-candidate ones are kept in a list */
    uint64_t partner[NONET_MAX_SIDE], threes[MAX_PEERS];
    int n3 = 0;
    for (int d = 0; d < s->n; d++)
        partner[d] = 0;
    for (int e = 0; e < nc; e++) {
        uint64_t x = ex[e], lo = x & -x, hi = x & ~lo;
        if (hi & (hi - 1)) {
            threes[n3++] = x;
        } else {
            partner[lowest_bit(lo)] |= hi;
            partner[lowest_bit(hi)] |= lo;
        }
    }
    ok[0] = ok[1] = ok[2] = 0;
    for (uint64_t m0 = c0; m0; m0 &= m0 - 1) {
        uint64_t p0 = m0 & -m0, f0 = partner[lowest_bit(m0)];
        for (uint64_t m1 = c1; m1; m1 &= m1 - 1) {
            uint64_t p1 = m1 & -m1, two = p0 | p1;
            if (p0 == p1 ? see01 : (f0 & p1) != 0)
                continue; /* same digit seen, or a two-candidate cell emptied */
            uint64_t forbid = f0 | partner[lowest_bit(m1)];
            if (p0 != p1)
                for (int e = 0; e < n3; e++)
                    if ((threes[e] & two) == two)
                        forbid |= threes[e] & ~two;
            uint64_t may = c2 & ~forbid & ~(see02 ? p0 : 0) & ~(see12 ? p1 : 0);
            if (!may)
                continue;
            ok[0] |= p0;
            ok[1] |= p1;
            ok[2] |= may;
            if (ok[0] == c0 && ok[1] == c1 && ok[2] == c2)
                return; /* every candidate has an allowed triple */
        }
    }
}

/* A triple that makes eliminations, kept until its pair's thirds are all
 * seen: they are reported in SE's order, which is not the order of the
 * set they are taken from. */
typedef struct triple_found {
    int order; /* its third's place among the pair's thirds, as SE lists them */
    int k;
    uint64_t ok[3];
} triple_found;

/* The place of base cell k among the thirds of the pair (a, b): in a's
 * excluding peers, else after them in b's. */
static int third_order(const base_cell *a, const base_cell *b, int cell)
{
    for (int e = 0; e < a->nex; e++)
        if (a->ex[e] == cell)
            return e;
    for (int e = 0; e < b->nex; e++)
        if (b->ex[e] == cell)
            return a->nex + e;
    return a->nex + b->nex;
}

/* Adds the triple's hint to out; 0 when out of memory. */
static int report_triple(const hstate *s, const base_cell *base, int i, int j,
                         const triple_found *t, const uint64_t *abc, hlist *out)
{
    const base_cell *a = &base[i];
    int cells[3] = {a->cell, base[j].cell, base[t->k].cell};
    if (!hlist_begin(out, NONET_TECH_ALIGNED_TRIPLE_EXCLUSION, 75))
        return 0;
    for (int q = 0; q < 3; q++)
        hlist_pattern(out, cells[q], s->cand[cells[q]]);
    hlist_role(out, NONET_ROLE_SUPPORT);
    for (int x = 0; x < a->nex; x++)
        if (has_bit(abc, a->ex[x]))
            hlist_pattern(out, a->ex[x], s->cand[a->ex[x]]);
    for (int q = 0; q < 3; q++)
        hlist_elim(out, cells[q], s->cand[cells[q]] & ~t->ok[q]);
    return 1;
}

/* find_aligned_triples for sets of `words` words (a constant where it is
 * inlined, so that the set loops unroll). */
static inline __attribute__((always_inline)) void triples(const hstate *s, hlist *out, int words)
{
    int nc_cells = s->ncells;
    size_t size = sizeof(base_cell) * (size_t)nc_cells + sizeof(int) * (size_t)nc_cells +
                  sizeof(triple_found) * (size_t)nc_cells +
                  sizeof(uint64_t) * (size_t)words * (2 * (size_t)nc_cells + 3);
    base_cell *base = hlist_scratch(out, size);
    if (!base)
        return;
    /* the 64-bit pieces first, the ints last: each piece aligned */
    triple_found *found = (triple_found *)(base + nc_cells);
    uint64_t *bits = (uint64_t *)(found + nc_cells);
    uint64_t *reach = bits + (size_t)words * (size_t)nc_cells;
    uint64_t *ab = reach + (size_t)words * (size_t)nc_cells, *thirds = ab + words;
    uint64_t *looked = thirds + words;
    int *index = (int *)(looked + words); /* cell -> base index, or -1 */
    int nbase = base_cells(s, 3, base, index);
    ex_sets(base, nbase, bits, words);
    /* a triple reads its cells and their peers: unchanged unless one of
     * them is looked at (hlist.look_cells); the base cells that are */
    for (int w = 0; w < words; w++)
        looked[w] = 0;
    for (int i = 0; i < nbase; i++)
        if (h_look_cell(out, base[i].cell))
            looked[i >> 6] |= (uint64_t)1 << (i & 63);
    for (int i = 0; i < nbase; i++) {
        uint64_t *r = reach + (size_t)words * (size_t)i;
        for (int w = 0; w < words; w++)
            r[w] = 0;
        for (int e = 0; e < base[i].nex; e++) {
            int k = index[base[i].ex[e]];
            if (k >= 0)
                r[k >> 6] |= (uint64_t)1 << (k & 63);
        }
    }
    for (int j = 1; j < nbase; j++) {
        for (int i = 0; i < j; i++) {
            const uint64_t *ma = bits + (size_t)words * (size_t)i,
                           *mb = bits + (size_t)words * (size_t)j;
            for (int w = 0; w < words; w++)
                ab[w] = ma[w] & mb[w];
            if (!two_or_more(ab, words))
                continue; /* the common peers of any triple lie in ab */
            /* the thirds: base cells among either's excluding peers */
            const uint64_t *ri = reach + (size_t)words * (size_t)i,
                           *rj = reach + (size_t)words * (size_t)j;
            for (int w = 0; w < words; w++)
                thirds[w] = ri[w] | rj[w];
            thirds[i >> 6] &= ~((uint64_t)1 << (i & 63));
            thirds[j >> 6] &= ~((uint64_t)1 << (j & 63));
            if (!has_bit(looked, i) && !has_bit(looked, j))
                for (int w = 0; w < words; w++)
                    thirds[w] &= looked[w];
            int nfound = 0;
            for (int w = 0; w < words; w++)
                for (uint64_t m = thirds[w]; m; m &= m - 1) {
                    int k = 64 * w + lowest_bit(m);
                    const uint64_t *mc = bits + (size_t)words * (size_t)k;
                    uint64_t abc[2 * NONET_MAX_CELLS / 64];
                    for (int x = 0; x < words; x++)
                        abc[x] = ab[x] & mc[x];
                    if (!two_or_more(abc, words) || !first_meeting(reach, words, i, j, k))
                        continue;
                    const base_cell *a = &base[i];
                    uint64_t ex[MAX_PEERS];
                    int nc = 0;
                    for (int x = 0; x < a->nex; x++)
                        if (has_bit(abc, a->ex[x]))
                            ex[nc++] = s->cand[a->ex[x]];
                    int cells[3] = {a->cell, base[j].cell, base[k].cell};
                    triple_found *t = &found[nfound];
                    triple_verdict(s, cells, ex, nc, t->ok);
                    int any = 0;
                    for (int q = 0; q < 3; q++)
                        any |= (s->cand[cells[q]] & ~t->ok[q]) != 0;
                    if (any) {
                        t->k = k;
                        t->order = third_order(a, &base[j], base[k].cell);
                        nfound++;
                    }
                }
            /* in SE's order (few: an insertion sort) */
            for (int x = 1; x < nfound; x++)
                for (int y = x; y > 0 && found[y].order < found[y - 1].order; y--) {
                    triple_found tmp = found[y];
                    found[y] = found[y - 1];
                    found[y - 1] = tmp;
                }
            for (int x = 0; x < nfound; x++) {
                const uint64_t *mc = bits + (size_t)words * (size_t)found[x].k;
                uint64_t abc[2 * NONET_MAX_CELLS / 64];
                for (int w = 0; w < words; w++)
                    abc[w] = ab[w] & mc[w];
                if (!report_triple(s, base, i, j, &found[x], abc, out))
                    return;
            }
        }
    }
}

void find_aligned_triples(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    if (s->ncells <= 128)
        triples(s, out, 2);
    else
        triples(s, out, (s->ncells + 63) / 64);
}
