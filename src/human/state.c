/* state.c - the position the human-style solver works on: units,
 * candidates, and the two moves (place a digit, remove candidates), each
 * keeping every unit's map of where each digit can still go. */
#include "human/human.h"

#include <string.h>

/* The bits of each 9-bit set: B2 counts 2 bits' 4 sets, each level 2 more. */
#define B2(k) (k), (k) + 1, (k) + 1, (k) + 2
#define B4(k) B2(k), B2((k) + 1), B2((k) + 1), B2((k) + 2)
#define B6(k) B4(k), B4((k) + 1), B4((k) + 1), B4((k) + 2)
#define B8(k) B6(k), B6((k) + 1), B6((k) + 1), B6((k) + 2)
const uint8_t h_bits9[512] = {B8(0), B8(1)};
#undef B2
#undef B4
#undef B6
#undef B8

void hstate_init(hstate *s, int box_rows, int box_cols)
{
    int n = box_rows * box_cols;
    s->n = n;
    s->box_rows = box_rows;
    s->box_cols = box_cols;
    s->ncells = n * n;
    s->nunits = 3 * n;
    s->all = full_set(n);
    for (int i = 0; i < n; i++) {
        hunit *row = &s->unit[i], *col = &s->unit[n + i], *box = &s->unit[2 * n + i];
        row->kind = UNIT_ROW, row->index = i;
        col->kind = UNIT_COL, col->index = i;
        box->kind = UNIT_BOX, box->index = i;
        int r0 = i / box_rows * box_rows, c0 = i % box_rows * box_cols;
        for (int k = 0; k < n; k++) {
            row->cells[k] = (uint16_t)(i * n + k);
            col->cells[k] = (uint16_t)(k * n + i);
            box->cells[k] = (uint16_t)((r0 + k / box_cols) * n + c0 + k % box_cols);
        }
    }
    for (int u = 0; u < s->nunits; u++) {
        int slot = s->unit[u].kind; /* each cell has one unit of each kind */
        for (int k = 0; k < n; k++) {
            int c = s->unit[u].cells[k];
            s->units_of[c][slot] = (uint16_t)u;
            s->pos_in[c][slot] = (uint8_t)k;
        }
    }
    memset(s->value, 0, (size_t)s->ncells);
    for (int c = 0; c < s->ncells; c++)
        s->cand[c] = s->all;
    for (int u = 0; u < s->nunits; u++) {
        for (int d = 0; d < n; d++)
            s->where[u][d] = s->all;
        s->placed[u] = 0;
    }
    s->empty = s->ncells;
}

void hstate_remove(hstate *s, int c, uint64_t set)
{
    set &= s->cand[c];
    if (!set)
        return;
    s->cand[c] &= ~set;
    for (int k = 0; k < H_UNITS_PER_CELL; k++) {
        int u = s->units_of[c][k];
        uint64_t bit = (uint64_t)1 << s->pos_in[c][k];
        for (uint64_t m = set; m; m &= m - 1)
            s->where[u][lowest_bit(m)] &= ~bit;
    }
}

void hstate_place(hstate *s, int c, int d)
{
    uint64_t bit = (uint64_t)1 << (d - 1);
    hstate_remove(s, c, s->cand[c]); /* the cell leaves every map */
    s->value[c] = (uint8_t)d;
    s->empty--;
    for (int k = 0; k < H_UNITS_PER_CELL; k++) {
        int u = s->units_of[c][k];
        s->placed[u] |= bit;
        s->where[u][d - 1] = 0;
        const hunit *unit = &s->unit[u];
        for (int i = 0; i < s->n; i++) {
            int peer = unit->cells[i];
            if (s->cand[peer] & bit)
                hstate_remove(s, peer, bit);
        }
    }
}

int hstate_load(hstate *s, const nonet_grid *g, const nonet_marks *marks)
{
    hstate_init(s, g->box_rows, g->box_cols);
    for (int c = 0; c < s->ncells; c++) {
        int d = g->cells[c];
        if (!d)
            continue;
        uint64_t bit = (uint64_t)1 << (d - 1);
        if (!(s->cand[c] & bit) || (marks && !(marks->cands[c] & bit)))
            return NONET_ECONFLICT; /* a peer holds d already, or the mark leaves it out */
        hstate_place(s, c, d);
    }
    if (marks)
        for (int c = 0; c < s->ncells; c++)
            if (!s->value[c])
                hstate_remove(s, c, s->cand[c] & ~marks->cands[c]);
    return NONET_OK;
}

void hstate_set(hstate *s, const uint8_t *value, const uint64_t *cand)
{
    s->empty = 0;
    for (int c = 0; c < s->ncells; c++) {
        s->value[c] = value[c];
        s->cand[c] = value[c] ? 0 : cand[c];
        s->empty += !value[c];
    }
    for (int u = 0; u < s->nunits; u++) {
        const hunit *unit = &s->unit[u];
        uint64_t placed = 0;
        for (int d = 0; d < s->n; d++)
            s->where[u][d] = 0;
        for (int k = 0; k < s->n; k++) {
            int c = unit->cells[k];
            if (s->value[c])
                placed |= (uint64_t)1 << (s->value[c] - 1);
            for (uint64_t m = s->cand[c]; m; m &= m - 1)
                s->where[u][lowest_bit(m)] |= (uint64_t)1 << k;
        }
        s->placed[u] = placed;
    }
}

int h_peer_list(const hstate *s, int c, int *peers)
{
    int count = 0, box = s->units_of[c][UNIT_BOX];
    static const int order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
    for (int k = 0; k < 3; k++) {
        const hunit *u = &s->unit[s->units_of[c][order[k]]];
        for (int i = 0; i < s->n; i++) {
            int p = u->cells[i];
            if (p == c || (order[k] != UNIT_BOX && s->units_of[p][UNIT_BOX] == box))
                continue;
            peers[count++] = p;
        }
    }
    return count;
}
