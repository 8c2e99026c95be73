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

/* Whether the triple at pair (i, j) of the base cells with third cell k
 * is met there first: SE meets the same three cells from up to three
 * pairs, in co-lexicographic order; a triple is kept at its first. */
static int reachable(const hstate *s, const base_cell *b, int a, int c, int third)
{
    int k = h_count(s->cand[b[third].cell]);
    return k >= 2 && k <= 3 &&
           (h_peers(s, b[a].cell, b[third].cell) || h_peers(s, b[c].cell, b[third].cell));
}

static int first_meeting(const hstate *s, const base_cell *b, int i, int j, int k)
{
    if (k > j)
        return 1; /* (i, j) is the triple's first pair */
    if (k > i)
        return !reachable(s, b, i, k, j); /* pair (i, j) = (x, z): (x, y) first? */
    return !reachable(s, b, k, i, j) && !reachable(s, b, k, j, i);
}

/* Aligned Triple Exclusion (7.5): as the pair version, for three cells of
 * which the third sees one of the first two; the excluding cells are their
 * common peers with two or three candidates (SE's degree 3). Each base
 * cell's excluding peers are also kept as a set of cells, so that a pair
 * with fewer than two common ones is skipped at once. */
void find_aligned_triples(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    int words = (s->ncells + 63) / 64, nc_cells = s->ncells;
    size_t size = sizeof(base_cell) * (size_t)nc_cells + sizeof(int) * 2 * (size_t)nc_cells +
                  sizeof(uint64_t) * (size_t)words * ((size_t)nc_cells + 2);
    base_cell *base = hlist_scratch(out, size);
    if (!base)
        return;
    int *index = (int *)(base + nc_cells); /* cell -> base index, or -1 */
    int *mark = index + nc_cells;          /* cell -> last pair that listed it */
    uint64_t *bits = (uint64_t *)(mark + nc_cells), *ab = bits + (size_t)words * (size_t)nc_cells;
    uint64_t *abc = ab + words;
    int nbase = base_cells(s, 3, base, index);
    ex_sets(base, nbase, bits, words);
    for (int c = 0; c < nc_cells; c++)
        mark[c] = -1;
    int pair = 0;
    for (int j = 1; j < nbase; j++) {
        for (int i = 0; i < j; i++, pair++) {
            const base_cell *a = &base[i], *b = &base[j];
            const uint64_t *ma = bits + (size_t)words * (size_t)i,
                           *mb = bits + (size_t)words * (size_t)j;
            for (int w = 0; w < words; w++)
                ab[w] = ma[w] & mb[w];
            if (!two_or_more(ab, words))
                continue; /* the common peers of any triple lie in ab */
            int third[2 * MAX_PEERS], nt = 0;
            for (int e = 0; e < a->nex + b->nex; e++) {
                int c = e < a->nex ? a->ex[e] : b->ex[e - a->nex];
                if (index[c] >= 0 && c != a->cell && c != b->cell && mark[c] != pair) {
                    mark[c] = pair;
                    third[nt++] = c;
                }
            }
            for (int t = 0; t < nt; t++) {
                int k = index[third[t]];
                if (!first_meeting(s, base, i, j, k))
                    continue;
                const base_cell *c = &base[k];
                const uint64_t *mc = bits + (size_t)words * (size_t)k;
                for (int w = 0; w < words; w++)
                    abc[w] = ab[w] & mc[w];
                if (!two_or_more(abc, words))
                    continue;
                int common[MAX_PEERS], nc = 0;
                for (int e = 0; e < a->nex; e++)
                    if (has_bit(abc, a->ex[e]))
                        common[nc++] = a->ex[e];
                int cells[3] = {a->cell, b->cell, c->cell};
                int see01 = h_peers(s, cells[0], cells[1]), see02 = h_peers(s, cells[0], cells[2]),
                    see12 = h_peers(s, cells[1], cells[2]);
                uint64_t ok[3] = {0, 0, 0}, ex[MAX_PEERS];
                for (int e = 0; e < nc; e++)
                    ex[e] = s->cand[common[e]];
                /* stops as soon as every candidate has a possible triple */
                uint64_t c0 = s->cand[cells[0]], c1 = s->cand[cells[1]], c2 = s->cand[cells[2]];
                /* for each digit pair of the first two cells, the digits
                 * the third may take: not one that would empty a common
                 * peer, nor a peer's digit */
                int open = 1;
                for (uint64_t m0 = c0; m0 && open; m0 &= m0 - 1)
                    for (uint64_t m1 = c1; m1 && open; m1 &= m1 - 1) {
                        uint64_t p0 = m0 & -m0, p1 = m1 & -m1, two = p0 | p1, forbid = 0;
                        if (see01 && p0 == p1)
                            continue;
                        int dead = 0;
                        for (int e = 0; e < nc && !dead; e++) {
                            uint64_t rest = ex[e] & ~two;
                            dead = rest == 0;
                            if (!(rest & (rest - 1)))
                                forbid |= rest;
                        }
                        uint64_t may = c2 & ~forbid & ~(see02 ? p0 : 0) & ~(see12 ? p1 : 0);
                        if (dead || !may)
                            continue;
                        ok[0] |= p0;
                        ok[1] |= p1;
                        ok[2] |= may;
                        open = ok[0] != c0 || ok[1] != c1 || ok[2] != c2;
                    }
                int any = 0;
                for (int q = 0; q < 3; q++)
                    any |= (s->cand[cells[q]] & ~ok[q]) != 0;
                if (!any)
                    continue;
                if (!hlist_begin(out, NONET_TECH_ALIGNED_TRIPLE_EXCLUSION, 75))
                    return;
                for (int q = 0; q < 3; q++)
                    hlist_pattern(out, cells[q], s->cand[cells[q]]);
                hlist_role(out, NONET_ROLE_SUPPORT);
                for (int e = 0; e < nc; e++)
                    hlist_pattern(out, common[e], s->cand[common[e]]);
                for (int q = 0; q < 3; q++)
                    hlist_elim(out, cells[q], s->cand[cells[q]] & ~ok[q]);
            }
        }
    }
}
