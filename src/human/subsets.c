/* subsets.c - locked sets in one unit. Naked: k cells whose candidates
 * together are k digits leave those digits to them (pair 3.0, triple 3.6,
 * quad 5.0). Hidden: k digits whose places together are k cells leave those
 * cells to them (pair 3.4, triple 4.0, quad 5.4). The direct hidden forms
 * count only when the removals leave another digit a single place in the
 * unit, which they fill (pair 2.0, triple 2.5).
 *
 * As in Sudoku Explainer, a unit is searched for naked sets of k when it
 * has at least 2k empty cells and for hidden ones when it has more than 2k
 * (more than k for the direct forms), so that each locked set is found in
 * its smaller form; a digit or cell takes part only with 2 to k places or
 * candidates. Units go boxes, columns, rows. */
#include "human/human.h"

static int se_unit(const hstate *s, int i)
{
    int n = s->n;
    return i < n ? 2 * n + i : i < 2 * n ? i : i - 2 * n;
}

/* Calls visit(ctx, chosen, k) for each k-subset of items[0..count), in
 * co-lexicographic order (the largest element varies slowest). */
static void subsets(const int *items, int count, int k,
                    void (*visit)(void *ctx, const int *chosen, int k), void *ctx)
{
    int idx[8], chosen[8];
    if (k < 1 || k > 8)
        return;
    for (int ok = comb_first(idx, k, count); ok; ok = comb_next(idx, k, count)) {
        for (int i = 0; i < k; i++)
            chosen[i] = items[idx[i]];
        visit(ctx, chosen, k);
    }
}

typedef struct set_ctx {
    const hstate *s;
    hlist *out;
    int technique, difficulty, u, direct;
} set_ctx;

static void naked_visit(void *vctx, const int *chosen, int k)
{
    set_ctx *x = vctx;
    const hstate *s = x->s;
    const hunit *unit = &s->unit[x->u];
    uint64_t digits = 0;
    for (int i = 0; i < k; i++)
        digits |= s->cand[unit->cells[chosen[i]]];
    if (h_count(digits) != k)
        return;
    uint64_t inset = 0;
    for (int i = 0; i < k; i++)
        inset |= (uint64_t)1 << chosen[i];
    int victims = 0;
    for (int p = 0; p < s->n; p++)
        victims += !(inset >> p & 1) && (s->cand[unit->cells[p]] & digits);
    if (!victims || !hlist_begin(x->out, x->technique, x->difficulty))
        return;
    hlist_unit(x->out, x->u);
    for (int i = 0; i < k; i++)
        hlist_pattern(x->out, unit->cells[chosen[i]], s->cand[unit->cells[chosen[i]]]);
    for (int p = 0; p < s->n; p++)
        if (!(inset >> p & 1))
            hlist_elim(x->out, unit->cells[p], s->cand[unit->cells[p]] & digits);
}

void find_naked_sets(const hstate *s, int technique, hlist *out)
{
    int k = technique == NONET_TECH_NAKED_PAIR ? 2 : technique == NONET_TECH_NAKED_TRIPLE ? 3 : 4;
    set_ctx x = {s, out, technique, k == 2 ? 30 : k == 3 ? 36 : 50, 0, 0};
    for (int i = 0; i < s->nunits; i++) {
        int u = se_unit(s, i);
        if (!h_look_unit(out, u) || s->n - h_count(s->placed[u]) < 2 * k)
            continue;
        int items[NONET_MAX_SIDE], count = 0;
        for (int p = 0; p < s->n; p++) {
            int c = h_count(s->cand[s->unit[u].cells[p]]);
            if (c >= 2 && c <= k)
                items[count++] = p;
        }
        x.u = u;
        subsets(items, count, k, naked_visit, &x);
    }
}

static void hidden_visit(void *vctx, const int *chosen, int k)
{
    set_ctx *x = vctx;
    const hstate *s = x->s;
    const hunit *unit = &s->unit[x->u];
    uint64_t places = 0, digits = 0;
    for (int i = 0; i < k; i++) {
        places |= s->where[x->u][chosen[i] - 1];
        digits |= (uint64_t)1 << (chosen[i] - 1);
    }
    if (h_count(places) != k)
        return;
    int victims = 0;
    for (uint64_t m = places; m; m &= m - 1)
        victims += (s->cand[unit->cells[lowest_bit(m)]] & ~digits) != 0;
    if (!victims)
        return;
    int single_cell = -1, single_digit = 0;
    if (x->direct) {
        /* the lowest other digit left a single place by the removals */
        for (int d = 1; d <= s->n && single_cell < 0; d++) {
            uint64_t where = s->where[x->u][d - 1];
            if ((digits >> (d - 1) & 1) || h_count(where) < 2)
                continue;
            uint64_t outside = where & ~places;
            if (h_count(outside) == 1) {
                single_cell = unit->cells[lowest_bit(outside)];
                single_digit = d;
            }
        }
        if (single_cell < 0)
            return;
    }
    if (!hlist_begin(x->out, x->technique, x->difficulty))
        return;
    hlist_unit(x->out, x->u);
    for (uint64_t m = places; m; m &= m - 1) {
        int c = unit->cells[lowest_bit(m)];
        hlist_pattern(x->out, c, s->cand[c] & digits);
    }
    if (x->direct)
        hlist_place(x->out, single_cell, single_digit);
    for (uint64_t m = places; m; m &= m - 1) {
        int c = unit->cells[lowest_bit(m)];
        hlist_elim(x->out, c, s->cand[c] & ~digits);
    }
}

void find_hidden_sets(const hstate *s, int technique, hlist *out)
{
    int direct =
        technique == NONET_TECH_DIRECT_HIDDEN_PAIR || technique == NONET_TECH_DIRECT_HIDDEN_TRIPLE;
    int k = technique == NONET_TECH_HIDDEN_PAIR || technique == NONET_TECH_DIRECT_HIDDEN_PAIR ? 2
            : technique == NONET_TECH_HIDDEN_TRIPLE || technique == NONET_TECH_DIRECT_HIDDEN_TRIPLE
                ? 3
                : 4;
    int difficulty = direct ? (k == 2 ? 20 : 25) : k == 2 ? 34 : k == 3 ? 40 : 54;
    set_ctx x = {s, out, technique, difficulty, 0, direct};
    for (int i = 0; i < s->nunits; i++) {
        int u = se_unit(s, i);
        int empty = s->n - h_count(s->placed[u]);
        if (empty <= (direct ? k : 2 * k) || !h_look_unit(out, u))
            continue;
        int items[NONET_MAX_SIDE], count = 0;
        for (int d = 1; d <= s->n; d++) {
            int c = h_count(s->where[u][d - 1]);
            if (c >= 2 && c <= k)
                items[count++] = d;
        }
        x.u = u;
        subsets(items, count, k, hidden_visit, &x);
    }
}
