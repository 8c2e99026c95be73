/* exclusion.c - Aligned Pair Exclusion (6.2): for two cells, a pair of
 * digits is impossible if the cells see each other and the digits are
 * equal, or if some bivalue cell that both see holds exactly those two
 * digits (it would be left empty). A digit of one cell that goes with no
 * possible digit of the other is removed. As in Sudoku Explainer, the two
 * cells need not see each other, but they must share at least two bivalue
 * peers; the cells considered are those with a bivalue peer. */
#include "human.h"

#include <stdlib.h>

#define MAX_PEERS (3 * NONET_MAX_SIDE)

typedef struct base_cell {
    int cell;
    int nex;
    int ex[MAX_PEERS]; /* its bivalue peers, in peer order */
} base_cell;

void find_aligned_pairs(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    base_cell *base = hlist_scratch(out, sizeof *base * (size_t)s->ncells);
    if (!base)
        return;
    int nbase = 0, peers[MAX_PEERS];
    for (int c = 0; c < s->ncells; c++) {
        if (s->value[c] || popcount64(s->cand[c]) < 2)
            continue;
        int np = h_peer_list(s, c, peers), single = 0;
        base_cell *b = &base[nbase];
        b->cell = c;
        b->nex = 0;
        for (int i = 0; i < np; i++) {
            int k = popcount64(s->cand[peers[i]]);
            single |= k == 1;
            if (k == 2)
                b->ex[b->nex++] = peers[i];
        }
        if (!single && b->nex > 0)
            nbase++;
    }
    for (int j = 1; j < nbase; j++) {
        for (int i = 0; i < j; i++) {
            const base_cell *a = &base[i], *b = &base[j];
            int common[MAX_PEERS], nc = 0;
            for (int x = 0; x < a->nex; x++)
                for (int y = 0; y < b->nex; y++)
                    if (a->ex[x] == b->ex[y])
                        common[nc++] = a->ex[x];
            if (nc < 2)
                continue;
            int see = h_peers(s, a->cell, b->cell);
            uint64_t ca = s->cand[a->cell], cb = s->cand[b->cell], ok_a = 0, ok_b = 0;
            for (uint64_t m = ca; m; m &= m - 1) {
                uint64_t p0 = m & -m;
                for (uint64_t q = cb; q; q &= q - 1) {
                    uint64_t p1 = q & -q;
                    int allowed = !(p0 == p1 && see);
                    for (int e = 0; e < nc && allowed; e++)
                        allowed = (s->cand[common[e]] & ~(p0 | p1)) != 0;
                    if (allowed) {
                        ok_a |= p0;
                        ok_b |= p1;
                    }
                }
            }
            if (ok_a == ca && ok_b == cb)
                continue;
            if (!hlist_begin(out, NONET_TECH_ALIGNED_PAIR_EXCLUSION, 62))
                break;
            hlist_pattern(out, a->cell, ca);
            hlist_pattern(out, b->cell, cb);
            for (int e = 0; e < nc; e++)
                hlist_pattern(out, common[e], s->cand[common[e]]);
            hlist_elim(out, a->cell, ca & ~ok_a);
            hlist_elim(out, b->cell, cb & ~ok_b);
        }
    }
}
