/* uniqueness.c - unique rectangles and loops (4.5 and up). A puzzle with
 * one solution cannot end in a "deadly pattern": a loop of cells holding
 * only the same two digits {a, b}, two cells in every unit it touches, for
 * the two digits could then be swapped. So when all the loop's cells but a
 * few (the extra cells) have just {a, b}, the extra cells must keep
 * something else:
 *   type 1  one extra cell: it loses a and b;
 *   type 2  the extra cells share one extra digit z: z is in one of them,
 *           so it leaves every cell that sees them all;
 *   type 3  two extra cells whose extra digits, with other cells of a unit
 *           they share, make a naked set, or whose a/b with other cells
 *           make a hidden set: the set's eliminations follow;
 *   type 4  two extra cells in a unit where a (or b) has no other place:
 *           they cannot both be a or b, so b (a) leaves both.
 * Difficulty: 4.5 for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of
 * 10 or more; type 3 adds 0.1 per cell of the set beyond the first (naked)
 * or beyond two (hidden). Only the easiest ones found are reported, as
 * Sudoku Explainer applies its easiest.
 *
 * Loops are found as Sudoku Explainer finds them: from each bivalue cell
 * {a, b}, through cells holding a and b, each link in a unit of another
 * kind than the link before, with at most two extra cells unless all of
 * them share one extra digit. (SE lets the extra digits of sibling cells
 * leak into each other's test, which depends on the scan order; nonet does
 * not, so that the same loops are found in every isomorph.) */
#include "human/human.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LOOP (2 * NONET_MAX_SIDE)
#define MAX_LOOPS 256
#define MAX_PEERS (3 * NONET_MAX_SIDE)

typedef struct loop_search {
    const hstate *s;
    uint64_t ab; /* the loop's two digits */
    int len;
    int cells[MAX_LOOP];
    uint8_t in_loop[NONET_MAX_CELLS];
    uint8_t in_unit[H_MAX_UNITS]; /* loop cells in each unit */
    int nloops;
    int loop_len[MAX_LOOPS];
    uint64_t loop_ab[MAX_LOOPS];
    int loops[MAX_LOOPS][MAX_LOOP];
    int words;                                              /* of a set of cells */
    uint64_t abcells[NONET_MAX_CELLS / 64];                 /* cells holding both digits */
    uint64_t unit_cells[H_MAX_UNITS][NONET_MAX_CELLS / 64]; /* each unit's */
} loop_search;

static int same_cells(const int *a, const int *b, int len)
{
    uint64_t seen[NONET_MAX_CELLS / 64] = {0};
    for (int i = 0; i < len; i++)
        seen[a[i] / 64] |= (uint64_t)1 << (a[i] % 64);
    for (int i = 0; i < len; i++)
        if (!(seen[b[i] / 64] >> (b[i] % 64) & 1))
            return 0;
    return 1;
}

static void record(loop_search *x)
{
    for (int i = 0; i < x->nloops; i++) /* found before, from another cell or way */
        if (x->loop_len[i] == x->len && x->loop_ab[i] == x->ab &&
            same_cells(x->loops[i], x->cells, x->len))
            return;
    if (x->nloops == MAX_LOOPS)
        return;
    x->loop_len[x->nloops] = x->len;
    x->loop_ab[x->nloops] = x->ab;
    memcpy(x->loops[x->nloops], x->cells, sizeof x->cells[0] * (size_t)x->len);
    x->nloops++;
}

static void dfs(loop_search *x, int cell, int allowed_extra, uint64_t extra, int last_kind)
{
    const hstate *s = x->s;
    if (x->len == MAX_LOOP)
        return;
    x->cells[x->len++] = cell;
    x->in_loop[cell] = 1;
    for (int k = 0; k < H_UNITS_PER_CELL; k++)
        x->in_unit[s->units_of[cell][k]]++;
    static const int kinds[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
    for (int k = 0; k < 3; k++) {
        if (kinds[k] == last_kind)
            continue;
        /* the unit's cells that hold both digits, in the unit's order
         * (units list their cells in increasing order) */
        const uint64_t *in = x->unit_cells[s->units_of[cell][kinds[k]]];
        for (int w = 0; w < x->words; w++)
            for (uint64_t m = in[w] & x->abcells[w]; m; m &= m - 1) {
                int next = w * 64 + lowest_bit(m);
                if (next == x->cells[0] && x->len >= 4) {
                    record(x);
                } else if (!x->in_loop[next] && (s->cand[next] & x->ab) == x->ab &&
                           x->in_unit[s->units_of[next][0]] < 2 &&
                           x->in_unit[s->units_of[next][1]] < 2 &&
                           x->in_unit[s->units_of[next][2]] < 2) {
                    /* (a valid loop has two cells in each unit it touches) */
                    uint64_t more = extra | (s->cand[next] & ~x->ab);
                    int wide = h_count(s->cand[next]) > 2;
                    if (!wide || h_count(more) == 1 || allowed_extra > 0)
                        dfs(x, next, allowed_extra - wide, more, kinds[k]);
                }
            }
    }
    x->in_loop[cell] = 0;
    for (int k = 0; k < H_UNITS_PER_CELL; k++)
        x->in_unit[s->units_of[cell][k]]--;
    x->len--;
}

/* Narrows x->abcells to the cells a valid loop may pass through: a loop
 * cell has another loop cell in each of its units (valid_loop), so a cell
 * with no other such cell in one of its units is in no loop, and neither,
 * once it is gone, may others be. Returns whether start is left. */
static int loop_cells(loop_search *x, int start)
{
    const hstate *s = x->s;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int w = 0; w < x->words; w++)
            for (uint64_t m = x->abcells[w]; m; m &= m - 1) {
                int c = 64 * w + lowest_bit(m);
                for (int k = 0; k < H_UNITS_PER_CELL; k++) {
                    const uint64_t *in = x->unit_cells[s->units_of[c][k]];
                    int others = 0;
                    for (int v = 0; v < x->words && !others; v++)
                        others = (in[v] & x->abcells[v] & ~(v == w ? m & -m : 0)) != 0;
                    if (!others) {
                        x->abcells[w] &= ~(m & -m);
                        changed = 1;
                        break;
                    }
                }
            }
    }
    return (int)(x->abcells[start >> 6] >> (start & 63) & 1);
}

/* Whether every unit the loop touches holds two of its cells, one at an
 * even and one at an odd place. */
static int valid_loop(const hstate *s, const int *cells, int len)
{
    uint8_t seen[2][H_MAX_UNITS];
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < len; i++)
        for (int k = 0; k < H_UNITS_PER_CELL; k++) {
            int u = s->units_of[cells[i]][k];
            if (seen[i % 2][u])
                return 0;
            seen[i % 2][u] = 1;
        }
    return memcmp(seen[0], seen[1], (size_t)s->nunits) == 0;
}

static int loop_difficulty(int len)
{
    return len >= 10 ? 50 : len >= 8 ? 47 : len >= 6 ? 46 : 45;
}

static void begin(hlist *out, int difficulty, const hstate *s, const int *cells, int len,
                  uint64_t ab)
{
    if (!hlist_begin(out, NONET_TECH_UNIQUE_RECTANGLE, difficulty))
        return;
    for (int i = 0; i < len; i++)
        hlist_pattern(out, cells[i], s->cand[cells[i]] & ab);
}

/* Cells that see every cell of list[0..count). */
static int common_peers(const hstate *s, const int *list, int count, int *out)
{
    int peers[MAX_PEERS], np = h_peer_list(s, list[0], peers), k = 0;
    for (int i = 0; i < np; i++) {
        int ok = 1;
        for (int j = 1; j < count && ok; j++)
            ok = peers[i] != list[j] && h_peers(s, peers[i], list[j]);
        if (ok)
            out[k++] = peers[i];
    }
    return k;
}

static void type1(const hstate *s, hlist *out, const int *cells, int len, uint64_t ab, int e)
{
    begin(out, loop_difficulty(len), s, cells, len, ab);
    hlist_elim(out, e, s->cand[e] & ab);
}

static void type2(const hstate *s, hlist *out, const int *cells, int len, uint64_t ab,
                  const int *extra, int nextra)
{
    uint64_t z = s->cand[extra[0]] & ~ab;
    z &= -z; /* the extra cells share it */
    int victims[MAX_PEERS], nv = common_peers(s, extra, nextra, victims), any = 0;
    for (int i = 0; i < nv; i++)
        any |= (s->cand[victims[i]] & z) != 0;
    if (!any)
        return;
    begin(out, loop_difficulty(len), s, cells, len, ab);
    for (int i = 0; i < nv; i++)
        hlist_elim(out, victims[i], s->cand[victims[i]] & z);
}

static void type4(const hstate *s, hlist *out, const int *cells, int len, uint64_t ab, int c1,
                  int c2)
{
    uint64_t lone = 0; /* a or b without other places in a unit of c1 and c2 */
    for (int k = 0; k < H_UNITS_PER_CELL; k++) {
        int u = s->units_of[c1][k];
        if (s->units_of[c2][k] != u)
            continue;
        uint64_t both = (uint64_t)1 << s->pos_in[c1][k] | (uint64_t)1 << s->pos_in[c2][k];
        for (uint64_t m = ab; m; m &= m - 1)
            if (!(s->where[u][lowest_bit(m)] & ~both))
                lone |= m & -m;
    }
    if (!lone)
        return;
    uint64_t keep = lone & -lone; /* the smaller digit, as SE prefers */
    uint64_t drop = ab & ~keep;
    begin(out, loop_difficulty(len), s, cells, len, ab);
    hlist_elim(out, c1, s->cand[c1] & drop);
    hlist_elim(out, c2, s->cand[c2] & drop);
}

/* Type 3: the extra digits X of c1 and c2 (two or more) act as one more
 * cell of a naked set in a unit of both; or a and b with other digits
 * form a hidden set there. */
static void type3(const hstate *s, hlist *out, const int *cells, int len, uint64_t ab, int c1,
                  int c2)
{
    uint64_t x = (s->cand[c1] | s->cand[c2]) & ~ab;
    int n = s->n, base = loop_difficulty(len);
    for (int degree = h_count(x); degree <= n - 2; degree++) {
        for (int k = 0; k < H_UNITS_PER_CELL; k++) {
            int u = s->units_of[c1][k];
            if (s->units_of[c2][k] != u)
                continue;
            const hunit *unit = &s->unit[u];
            int empty = n - h_count(s->placed[u]);
            int i1 = s->pos_in[c1][k], i2 = s->pos_in[c2][k];
            /* naked: X and degree - 1 other cells hold degree digits */
            if (2 * degree <= empty) {
                int items[NONET_MAX_SIDE], count = 0;
                for (int p = 0; p < n; p++) {
                    int pc = h_count(s->cand[unit->cells[p]]);
                    if (p != i1 && p != i2 && pc >= 2 && pc <= degree)
                        items[count++] = p;
                }
                int idx[NONET_MAX_SIDE], want = degree - 1;
                for (int ok = want >= 1 && comb_first(idx, want, count); ok;
                     ok = comb_next(idx, want, count)) {
                    {
                        uint64_t others = 0, chosen = 0;
                        for (int i = 0; i < want; i++) {
                            others |= s->cand[unit->cells[items[idx[i]]]];
                            chosen |= (uint64_t)1 << items[idx[i]];
                        }
                        uint64_t all = x | others;
                        uint64_t nk = (x & s->cand[c1] & s->cand[c2]) | others;
                        if (h_count(all) == degree && h_count(nk) == degree) {
                            int any = 0;
                            for (int p = 0; p < n; p++)
                                any |= p != i1 && p != i2 && !(chosen >> p & 1) &&
                                       (s->cand[unit->cells[p]] & all);
                            if (any) {
                                begin(out, base + degree - 1, s, cells, len, ab);
                                hlist_role(out, NONET_ROLE_SUPPORT);
                                for (int i = 0; i < want; i++)
                                    hlist_pattern(out, unit->cells[items[idx[i]]],
                                                  s->cand[unit->cells[items[idx[i]]]]);
                                for (int p = 0; p < n; p++)
                                    if (p != i1 && p != i2 && !(chosen >> p & 1))
                                        hlist_elim(out, unit->cells[p],
                                                   s->cand[unit->cells[p]] & all);
                            }
                        }
                    }
                }
            }
            /* hidden: a, b and degree - 2 other digits have degree places
             * (c2 left out), the cells beyond c1 keep only those digits */
            if (2 * degree < empty) {
                int rem[NONET_MAX_SIDE] = {0}, nrem = 0;
                for (int d = 1; d <= n; d++)
                    if (!((ab | x) >> (d - 1) & 1))
                        rem[nrem++] = d;
                int want = degree - 2, idx[NONET_MAX_SIDE];
                for (int more = comb_first(idx, want, nrem); more;
                     more = comb_next(idx, want, nrem)) {
                    uint64_t digits = ab, places = 0;
                    int ok = 1;
                    for (int i = 0; i < want; i++)
                        digits |= (uint64_t)1 << (rem[idx[i]] - 1);
                    for (uint64_t m = digits; m && ok; m &= m - 1) {
                        uint64_t w = s->where[u][lowest_bit(m)] & ~((uint64_t)1 << i2);
                        ok = w != 0;
                        places |= w;
                    }
                    if (ok && h_count(places) == degree) {
                        uint64_t setcells = places & ~((uint64_t)1 << i1);
                        int any = 0;
                        for (uint64_t m = setcells; m; m &= m - 1)
                            any |= (s->cand[unit->cells[lowest_bit(m)]] & ~digits) != 0;
                        if (any) {
                            begin(out, base + degree - 2, s, cells, len, ab);
                            for (uint64_t m = setcells; m; m &= m - 1) {
                                int c = unit->cells[lowest_bit(m)];
                                hlist_elim(out, c, s->cand[c] & ~digits);
                            }
                        }
                    }
                }
            }
        }
    }
}

void find_unique_loops(const hstate *s, int technique, hlist *out)
{
    (void)technique;
    loop_search *x = hlist_scratch(out, sizeof *x);
    if (!x)
        return;
    int first = out->nhints;
    memset(x->in_loop, 0, (size_t)s->ncells);
    memset(x->in_unit, 0, (size_t)s->nunits);
    x->s = s;
    x->nloops = 0;
    x->words = (s->ncells + 63) / 64;
    for (int u = 0; u < s->nunits; u++) {
        memset(x->unit_cells[u], 0, (size_t)x->words * sizeof x->unit_cells[u][0]);
        for (int i = 0; i < s->n; i++)
            x->unit_cells[u][s->unit[u].cells[i] >> 6] |= (uint64_t)1 << (s->unit[u].cells[i] & 63);
    }
    /* every loop, once, from each of its bivalue cells */
    for (int start = 0; start < s->ncells; start++) {
        if (s->value[start] || h_count(s->cand[start]) != 2)
            continue;
        x->ab = s->cand[start];
        x->len = 0;
        memset(x->abcells, 0, (size_t)x->words * sizeof x->abcells[0]);
        for (int c = 0; c < s->ncells; c++)
            if ((s->cand[c] & x->ab) == x->ab)
                x->abcells[c >> 6] |= (uint64_t)1 << (c & 63);
        if (!loop_cells(x, start))
            continue;
        int before = x->nloops;
        dfs(x, start, 2, 0, -1);
        for (int l = before; l < x->nloops; l++) {
            const int *cells = x->loops[l];
            int len = x->loop_len[l];
            if (!valid_loop(s, cells, len))
                continue;
            int extra[MAX_LOOP], nextra = 0;
            for (int i = 0; i < len; i++)
                if (h_count(s->cand[cells[i]]) > 2)
                    extra[nextra++] = cells[i];
            if (nextra == 1) {
                type1(s, out, cells, len, x->ab, extra[0]);
            } else if (nextra > 2) {
                type2(s, out, cells, len, x->ab, extra, nextra);
            } else if (nextra == 2) {
                uint64_t more = (s->cand[extra[0]] | s->cand[extra[1]]) & ~x->ab;
                if (h_count(more) == 1)
                    type2(s, out, cells, len, x->ab, extra, nextra);
                else if (h_count(more) >= 2)
                    type3(s, out, cells, len, x->ab, extra[0], extra[1]);
                type4(s, out, cells, len, x->ab, extra[0], extra[1]);
            }
        }
    }
    /* only the easiest are reported */
    int easiest = 1000;
    for (int i = first; i < out->nhints; i++)
        if (out->hints[i].difficulty < easiest)
            easiest = out->hints[i].difficulty;
    int kept = first;
    for (int i = first; i < out->nhints; i++)
        if (out->hints[i].difficulty == easiest)
            out->hints[kept++] = out->hints[i];
    out->nhints = kept;
}
