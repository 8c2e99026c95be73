/* bug.c - Bivalue Universal Grave (5.6 and up). If every empty cell but a
 * few (the BUG cells) had two candidates and every digit two places in
 * each unit, the puzzle would have no or two solutions; so the BUG cells'
 * extra digits (the ones that break "two places") cannot all go:
 *   type 1  one BUG cell: it is its extra digit (5.6);
 *   type 2  the BUG cells share one extra digit z: z leaves every cell that
 *           sees them all (5.7);
 *   type 3  the BUG cells, in one unit, with their extra digits act as one
 *           cell of a naked set there (5.8 for a pair, + 0.1 a cell);
 *   type 4  two BUG cells in a unit with one other common digit k: one of
 *           them is its extra digit, so the other keeps its extra digit or
 *           k... each keeps only its extra digits and k (5.7).
 * The types are tried in Sudoku Explainer's order and only the first that
 * finds something is reported (for type 3 its smallest sets). */
#include "human/human.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PEERS (3 * NONET_MAX_SIDE)

typedef struct bug {
    int ncells;
    int cells[NONET_MAX_CELLS];
    uint64_t extra[NONET_MAX_CELLS]; /* by cell: its extra digits */
    uint64_t all;                    /* every extra digit */
    int ncommon;
    int common[MAX_PEERS]; /* cells that see every BUG cell */
} bug;

static int find_bug_pattern(const hstate *s, bug *b)
{
    b->ncells = 0;
    b->all = 0;
    memset(b->extra, 0, sizeof b->extra[0] * (size_t)s->ncells);
    int n = s->n;
    /* box, row, column: as SE */
    for (int kind = 0; kind < 3; kind++) {
        int first = kind == 0 ? 2 * n : kind == 1 ? 0 : n;
        for (int i = 0; i < n; i++) {
            int u = first + i;
            for (int d = 1; d <= n; d++) {
                uint64_t w = s->where[u][d - 1];
                int k = h_count(w);
                if (k == 0 || k == 2)
                    continue;
                int big = -1, nbig = 0;
                for (uint64_t m = w; m; m &= m - 1) {
                    int c = s->unit[u].cells[lowest_bit(m)];
                    if (h_count(s->cand[c]) >= 3) {
                        big = c;
                        nbig++;
                    }
                }
                if (nbig == 0)
                    return 0;
                if (nbig > 1)
                    continue;
                if (!b->extra[big])
                    b->cells[b->ncells++] = big;
                b->extra[big] |= (uint64_t)1 << (d - 1);
                b->all |= (uint64_t)1 << (d - 1);
            }
        }
    }
    if (b->ncells == 0)
        return 0;
    /* without the extra digits: every empty cell bivalue, every digit
     * twice or never in each unit */
    for (int c = 0; c < s->ncells; c++)
        if (!s->value[c] && h_count(s->cand[c] & ~b->extra[c]) != 2)
            return 0;
    for (int u = 0; u < s->nunits; u++)
        for (int d = 1; d <= n; d++) {
            int k = 0;
            for (uint64_t m = s->where[u][d - 1]; m; m &= m - 1) {
                int c = s->unit[u].cells[lowest_bit(m)];
                k += !(b->extra[c] >> (d - 1) & 1);
            }
            if (k != 0 && k != 2)
                return 0;
        }
    /* the cells that see every BUG cell */
    int peers[MAX_PEERS], np = h_peer_list(s, b->cells[0], peers);
    b->ncommon = 0;
    for (int i = 0; i < np; i++) {
        int ok = 1;
        for (int j = 0; j < b->ncells && ok; j++)
            ok = peers[i] != b->cells[j] && (j == 0 || h_peers(s, peers[i], b->cells[j]));
        if (ok)
            b->common[b->ncommon++] = peers[i];
    }
    if (b->ncells > 1 && h_count(b->all) > 1 && b->ncommon == 0)
        return 0;
    return 1;
}

static void pattern(const hstate *s, const bug *b, hlist *out)
{
    for (int i = 0; i < b->ncells; i++)
        hlist_pattern(out, b->cells[i], s->cand[b->cells[i]]);
}

static int type2(const hstate *s, const bug *b, hlist *out)
{
    int any = 0;
    for (int i = 0; i < b->ncommon; i++)
        any |= (s->cand[b->common[i]] & b->all) != 0;
    if (!any || !hlist_begin(out, NONET_TECH_BUG, 57))
        return 0;
    pattern(s, b, out);
    for (int i = 0; i < b->ncommon; i++)
        hlist_elim(out, b->common[i], s->cand[b->common[i]] & b->all);
    return 1;
}

static int type4(const hstate *s, const bug *b, hlist *out)
{
    if (b->ncells != 2)
        return 0;
    int c1 = b->cells[0], c2 = b->cells[1];
    uint64_t k = s->cand[c1] & s->cand[c2] & ~b->all;
    if (h_count(k) != 1 || !h_peers(s, c1, c2))
        return 0;
    uint64_t drop1 = s->cand[c1] & ~(b->extra[c1] | k), drop2 = s->cand[c2] & ~(b->extra[c2] | k);
    if (!(drop1 | drop2) || !hlist_begin(out, NONET_TECH_BUG, 57))
        return 0;
    pattern(s, b, out);
    hlist_elim(out, c1, drop1);
    hlist_elim(out, c2, drop2);
    return 1;
}

/* Type 3: the BUG cells, all in unit u, with their extra digits stand for
 * one cell of a naked set with degree - 1 cells of u that see them all. */
static int type3(const hstate *s, const bug *b, hlist *out)
{
    int found = 0;
    for (int degree = 2; degree <= 6 && degree <= s->n - 1 && !found; degree++) {
        for (int k = 0; k < H_UNITS_PER_CELL; k++) {
            int u = s->units_of[b->cells[0]][k], same = 1;
            for (int j = 1; j < b->ncells && same; j++)
                same = s->units_of[b->cells[j]][k] == u;
            if (!same)
                continue;
            int region[MAX_PEERS], nr = 0;
            for (int i = 0; i < b->ncommon; i++)
                if (s->units_of[b->common[i]][k] == u)
                    region[nr++] = b->common[i];
            int want = degree - 1, idx[8];
            for (int ok = comb_first(idx, want, nr); ok; ok = comb_next(idx, want, nr)) {
                uint64_t digits = 0;
                int wide = 1;
                for (int i = 0; i < want && wide; i++) {
                    uint64_t c = s->cand[region[idx[i]]];
                    wide = h_count(c) >= 2;
                    digits |= c;
                }
                if (wide && h_count(digits) == degree && (digits | b->all) == digits) {
                    int any = 0;
                    for (int j = 0; j < nr; j++) {
                        int in = 0;
                        for (int i = 0; i < want; i++)
                            in |= idx[i] == j;
                        any |= !in && (s->cand[region[j]] & digits);
                    }
                    if (any && hlist_begin(out, NONET_TECH_BUG, 57 + degree - 1)) {
                        pattern(s, b, out);
                        hlist_role(out, NONET_ROLE_SUPPORT);
                        for (int i = 0; i < want; i++)
                            hlist_pattern(out, region[idx[i]], s->cand[region[idx[i]]]);
                        for (int j = 0; j < nr; j++) {
                            int in = 0;
                            for (int i = 0; i < want; i++)
                                in |= idx[i] == j;
                            if (!in)
                                hlist_elim(out, region[j], s->cand[region[j]] & digits);
                        }
                        found = 1;
                    }
                }
            }
        }
    }
    return found;
}

void find_bug(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    bug *b = hlist_scratch(out, sizeof *b); /* too big for the stack */
    if (!b)
        return;
    if (find_bug_pattern(s, b)) {
        if (b->ncells == 1) {
            int c = b->cells[0];
            if (hlist_begin(out, NONET_TECH_BUG, 56)) {
                hlist_pattern(out, c, s->cand[c]);
                hlist_elim(out, c, s->cand[c] & ~b->all);
            }
        } else if (h_count(b->all) == 1) {
            if (!type2(s, b, out))
                type4(s, b, out);
        } else if (b->ncommon > 0 && !type4(s, b, out)) {
            type3(s, b, out);
        }
    }
}
