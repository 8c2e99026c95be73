/* singles.c - placements: full house (the last empty cell of a unit, 1.0),
 * hidden single (a digit's last place in a box, 1.2, or in a row or
 * column, 1.5) and naked single (a cell's last candidate, 2.3).
 *
 * Units are scanned boxes, then columns, then rows, as Sudoku Explainer
 * does, so that the first hint of a list is the one it would show. */
#include "human/human.h"

/* The units in Sudoku Explainer's order: boxes, columns, rows. */
static int se_unit(const hstate *s, int i)
{
    int n = s->n;
    return i < n ? 2 * n + i : i < 2 * n ? i : i - 2 * n;
}

static void single(const hstate *s, hlist *out, int technique, int difficulty, int u, int d,
                   uint64_t where)
{
    int cell = s->unit[u].cells[lowest_bit(where)];
    if (!hlist_begin(out, technique, difficulty))
        return;
    hlist_unit(out, u);
    hlist_pattern(out, cell, (uint64_t)1 << (d - 1));
    hlist_place(out, cell, d);
}

void find_full_house(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    for (int i = 0; i < s->nunits; i++) {
        int u = se_unit(s, i);
        uint64_t missing = s->all & ~s->placed[u];
        if (!h_look_unit(out, u) || h_count(missing) != 1)
            continue;
        int d = lowest_bit(missing) + 1;
        uint64_t where = s->where[u][d - 1];
        if (h_count(where) == 1)
            single(s, out, NONET_TECH_FULL_HOUSE, 10, u, d, where);
    }
}

/* Hidden singles in boxes (technique NONET_TECH_HIDDEN_SINGLE_BOX) or in
 * rows and columns (NONET_TECH_HIDDEN_SINGLE_LINE), in units with two or
 * more empty cells (the last one is a full house). */
void find_hidden_singles(const hstate *s, int technique, hlist *out)
{
    int boxes = technique == NONET_TECH_HIDDEN_SINGLE_BOX;
    for (int i = 0; i < s->nunits; i++) {
        int u = se_unit(s, i);
        if ((s->unit[u].kind == UNIT_BOX) != boxes || !h_look_unit(out, u))
            continue;
        uint64_t missing = s->all & ~s->placed[u];
        if (h_count(missing) < 2)
            continue;
        for (uint64_t m = missing; m; m &= m - 1) {
            int d = lowest_bit(m) + 1;
            uint64_t where = s->where[u][d - 1];
            if (h_count(where) == 1)
                single(s, out, technique, boxes ? 12 : 15, u, d, where);
        }
    }
}

void find_naked_singles(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    for (int c = 0; c < s->ncells; c++) {
        uint64_t cand = s->cand[c];
        if (s->value[c] || h_count(cand) != 1 || !h_look_cell(out, c))
            continue;
        if (!hlist_begin(out, NONET_TECH_NAKED_SINGLE, 23))
            return;
        hlist_pattern(out, c, cand);
        hlist_place(out, c, lowest_bit(cand) + 1);
    }
}
