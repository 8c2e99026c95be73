/* wings.c - XY-Wing (4.2): a pivot {x,y} seeing wings {x,z} and {y,z}:
 * whichever the pivot takes, one wing is z, so z leaves every cell that
 * sees both wings. XYZ-Wing (4.4): the pivot is {x,y,z}, so the victims
 * must see the pivot too. Pivots go row-major, wings in the pivot's peer
 * order, as in Sudoku Explainer. */
#include "human/human.h"

#define MAX_PEERS (3 * NONET_MAX_SIDE)

void find_wings(const hstate *s, int technique, hlist *out)
{
    int xyz = technique == NONET_TECH_XYZ_WING;
    int peers[MAX_PEERS], wing_peers[MAX_PEERS];
    for (int pivot = 0; pivot < s->ncells; pivot++) {
        uint64_t pc = s->cand[pivot];
        /* (a wing with a changed cell has its pivot in a unit of it) */
        if (s->value[pivot] || h_count(pc) != (xyz ? 3 : 2) || !h_look_cell(out, pivot))
            continue;
        /* the wings are bivalue peers: those, in peer order */
        int np = h_peer_list(s, pivot, peers), nb = 0;
        for (int i = 0; i < np; i++)
            if (h_count(s->cand[peers[i]]) == 2)
                peers[nb++] = peers[i];
        for (int i = 0; i < nb; i++) {
            int xz = peers[i];
            uint64_t a = s->cand[xz];
            if (h_count(pc & ~a) != 1)
                continue;
            for (int j = 0; j < nb; j++) {
                int yz = peers[j];
                uint64_t b = s->cand[yz];
                if (yz == xz)
                    continue;
                uint64_t all = pc | a | b, common = pc & a & b;
                if (h_count(all) != 3 || h_count(common) != (xyz ? 1 : 0))
                    continue;
                uint64_t z = a & b;
                if (h_count(z) != 1)
                    continue;
                int nw = h_peer_list(s, xz, wing_peers), victims = 0;
                for (int k = 0; k < nw; k++) {
                    int v = wing_peers[k];
                    victims += v != pivot && v != yz && (s->cand[v] & z) && h_peers(s, v, yz) &&
                               (!xyz || h_peers(s, v, pivot));
                }
                if (!victims || !hlist_begin(out, technique, xyz ? 44 : 42))
                    continue;
                hlist_role(out, NONET_ROLE_PIVOT);
                hlist_pattern(out, pivot, pc);
                hlist_role(out, NONET_ROLE_PINCER);
                hlist_pattern(out, xz, a);
                hlist_pattern(out, yz, b);
                for (int k = 0; k < nw; k++) {
                    int v = wing_peers[k];
                    if (v != pivot && v != yz && (s->cand[v] & z) && h_peers(s, v, yz) &&
                        (!xyz || h_peers(s, v, pivot)))
                        hlist_elim(out, v, z);
                }
            }
        }
    }
}
