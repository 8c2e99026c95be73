/* intersections.c - locked candidates: a digit whose places in one unit
 * all lie in a second unit leaves the rest of the second. Pointing: the
 * first is a box (2.6); claiming: a row or column (2.8). The direct forms
 * count only when the removal leaves the digit a single place in a unit of
 * the first one's kind, which they then fill: direct pointing (1.7) and
 * direct claiming (1.9), as in Sudoku Explainer. */
#include "human/human.h"

/* The unit of that kind holding every place of mask in unit u, or -1. */
static int common_unit(const hstate *s, int u, uint64_t mask, int kind)
{
    int found = -1;
    for (; mask; mask &= mask - 1) {
        int cell = s->unit[u].cells[lowest_bit(mask)];
        int v = s->units_of[cell][kind];
        if (found >= 0 && v != found)
            return -1;
        found = v;
    }
    return found;
}

/* Whether cell c is in unit u. */
static int in_unit(const hstate *s, int c, int u)
{
    return s->units_of[c][s->unit[u].kind] == u;
}

/* One locking pattern: digit d of unit u1 confined to unit u2. Adds the
 * hints of the technique asked for. */
static void locked(const hstate *s, int technique, int u1, int u2, int d, hlist *out)
{
    uint64_t bit = (uint64_t)1 << (d - 1);
    int box_first = s->unit[u1].kind == UNIT_BOX;
    int direct = technique == NONET_TECH_DIRECT_POINTING || technique == NONET_TECH_DIRECT_CLAIMING;
    const hunit *b = &s->unit[u2];
    int victims = 0;
    for (int k = 0; k < s->n; k++)
        victims += (s->cand[b->cells[k]] & bit) && !in_unit(s, b->cells[k], u1);
    if (!victims)
        return;
    if (!direct) {
        if (!hlist_begin(out, technique, box_first ? 26 : 28))
            return;
        hlist_unit(out, u1);
        hlist_unit(out, u2);
        hlist_role(out, NONET_ROLE_BASE);
        for (uint64_t m = s->where[u1][d - 1]; m; m &= m - 1)
            hlist_pattern(out, s->unit[u1].cells[lowest_bit(m)], bit);
        for (int k = 0; k < s->n; k++) {
            int c = b->cells[k];
            if ((s->cand[c] & bit) && !in_unit(s, c, u1))
                hlist_elim(out, c, bit);
        }
        return;
    }
    /* direct: a unit u3 of u1's kind across u2 whose places of d, but one,
     * are all removed */
    int kind = s->unit[u1].kind, seen[NONET_MAX_SIDE], nseen = 0;
    for (int k = 0; k < s->n; k++) {
        int c = b->cells[k];
        int u3 = s->units_of[c][kind];
        int dup = u3 == u1;
        for (int j = 0; j < nseen && !dup; j++)
            dup = seen[j] == u3;
        if (dup)
            continue;
        seen[nseen++] = u3;
        uint64_t where = s->where[u3][d - 1];
        if (h_count(where) < 2)
            continue;
        int outside = -1, count = 0;
        for (uint64_t m = where; m; m &= m - 1) {
            int cell = s->unit[u3].cells[lowest_bit(m)];
            if (!in_unit(s, cell, u2)) {
                outside = cell;
                count++;
            }
        }
        if (count != 1)
            continue;
        if (!hlist_begin(out, technique, box_first ? 17 : 19))
            return;
        hlist_unit(out, u1);
        hlist_unit(out, u2);
        hlist_unit(out, u3);
        hlist_role(out, NONET_ROLE_BASE);
        for (uint64_t m = s->where[u1][d - 1]; m; m &= m - 1)
            hlist_pattern(out, s->unit[u1].cells[lowest_bit(m)], bit);
        hlist_place(out, outside, d);
        for (int j = 0; j < s->n; j++) {
            int v = b->cells[j];
            if ((s->cand[v] & bit) && !in_unit(s, v, u1))
                hlist_elim(out, v, bit);
        }
    }
}

void find_locking(const hstate *s, int technique, hlist *out)
{
    int pointing = technique == NONET_TECH_POINTING || technique == NONET_TECH_DIRECT_POINTING;
    int n = s->n;
    /* pointing: boxes onto columns, then rows; claiming: columns, then
     * rows onto boxes */
    static const int pointing_kinds[2] = {UNIT_COL, UNIT_ROW};
    for (int pass = 0; pass < 2; pass++) {
        int first = pointing ? 2 * n : pass == 0 ? n : 0;
        int target = pointing ? pointing_kinds[pass] : UNIT_BOX;
        for (int i = 0; i < n; i++) {
            int u1 = first + i;
            if (!h_look_unit(out, u1))
                continue; /* (direct: see nonet_human_find) */
            for (uint64_t m = s->all & ~s->placed[u1]; m; m &= m - 1) {
                int d = lowest_bit(m) + 1;
                uint64_t where = s->where[u1][d - 1];
                if (h_count(where) < 2)
                    continue;
                int u2 = common_unit(s, u1, where, target);
                if (u2 >= 0 && u2 != u1)
                    locked(s, technique, u1, u2, d, out);
            }
        }
    }
}
