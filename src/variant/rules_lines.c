/* rules_lines.c - the named line rules of issue 39, each a short
 * definition over the engine's building blocks (variant.h): pair
 * relations between cells of the line (palindrome, modular, entropic,
 * parity, Nabner, Dutch whispers, slow thermometer), weighted sums of
 * equal totals (region-sum lines, zippers), and line automata built from
 * a state function (between, lockout, sum lines). Their rows are in
 * constraints.c's table; their tests in tests/test_rules_lines.c. */
#include "variant/variant.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------ the digits' classes */

int vl_dutch_gap(int n)
{
    int gap = (n + 1) / 2 - 1; /* n/2 rounded up, less 1 */
    return gap > 1 ? gap : 1;
}

int vl_lockout_gap(int n)
{
    return vl_dutch_gap(n);
}

int vl_entropy_rank(int n, int d)
{
    int small = n / 3, large = (n + 2) / 3;
    int low = n % 3 == 1 ? small : large, middle = n % 3 == 1 ? large : small;
    return d <= low ? 0 : d <= low + middle ? 1 : 2;
}

/* ------------------------------------------------------------ pair relations */

/* The relation whose allowed pairs are those (a, b) for which fn(n, a, b,
 * arg) holds: its table's number, or -1 out of memory. */
typedef int (*pair_rule)(int n, int a, int b, int arg);

static int table_of(const vctx *x, pair_rule fn, int arg)
{
    uint64_t allowed[NONET_MAX_SIDE] = {0};
    for (int a = 1; a <= x->nd; a++)
        for (int b = 1; b <= x->nd; b++)
            if (fn(x->nd, a, b, arg))
                allowed[a - 1] |= (uint64_t)1 << (b - 1);
    return vb_table(x->b, allowed);
}

/* The relation t between every two cells of the line fewer than window
 * places apart (window 2: neighbours; 0: every two). */
static int relate_within(const vctx *x, int t, int window)
{
    int len = x->k->ncells;
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len && (!window || j - i < window); j++)
            if (vb_pair(x->b, x->cells[i], x->cells[j], VR_TABLE, t))
                return -1;
    return 0;
}

static int other_residue(int n, int a, int b, int mod)
{
    (void)n;
    return a % mod != b % mod;
}

static int other_rank(int n, int a, int b, int arg)
{
    (void)arg;
    return vl_entropy_rank(n, a) != vl_entropy_rank(n, b);
}

static int other_parity(int n, int a, int b, int arg)
{
    (void)n;
    (void)arg;
    return (a + b) % 2 == 1;
}

static int not_less(int n, int a, int b, int arg)
{
    (void)n;
    (void)arg;
    return a <= b;
}

int vl_palindrome(const vctx *x)
{
    int len = x->k->ncells;
    for (int i = 0; i < len / 2; i++)
        if (vb_pair(x->b, x->cells[i], x->cells[len - 1 - i], VR_DIFF, 0)) /* equal */
            return -1;
    return 0;
}

int vl_modular(const vctx *x)
{
    int mod = x->k->value ? x->k->value : 3;
    if (mod < 2)
        return 0; /* mod 1: no two cells are fewer than 1 place apart */
    int t = table_of(x, other_residue, mod);
    return t < 0 ? -1 : relate_within(x, t, mod);
}

int vl_entropic(const vctx *x)
{
    int t = table_of(x, other_rank, 0);
    return t < 0 ? -1 : relate_within(x, t, 3);
}

int vl_parity(const vctx *x)
{
    int t = table_of(x, other_parity, 0);
    return t < 0 ? -1 : relate_within(x, t, 2);
}

/* a group (its cells take part in singles) whose every two digits are 2
 * or more apart (not merely not consecutive: each pair's revision then
 * sees that equal digits are out too) */
int vl_nabner(const vctx *x)
{
    uint64_t far[NONET_MAX_SIDE] = {0}; /* two apart or more */
    for (int d = 1; d <= x->nd; d++)
        for (int e = 1; e <= x->nd; e++)
            if (abs(d - e) >= 2)
                far[d - 1] |= (uint64_t)1 << (e - 1);
    if (vx_distinct_sets(x, x->cells, x->k->ncells, far))
        return -1;
    for (int i = 0; i < x->k->ncells; i++)
        for (int j = i + 1; j < x->k->ncells; j++)
            if (vb_pair(x->b, x->cells[i], x->cells[j], VR_FAR, 2))
                return -1;
    return 0;
}

int vl_dutch_whisper(const vctx *x)
{
    for (int i = 1; i < x->k->ncells; i++)
        if (vb_pair(x->b, x->cells[i - 1], x->cells[i], VR_FAR, vl_dutch_gap(x->nd)))
            return -1;
    return 0;
}

int vl_slow_thermo(const vctx *x)
{
    int t = table_of(x, not_less, 0);
    return t < 0 ? -1 : relate_within(x, t, 2);
}

/* ------------------------------------------------------------ equal sums */

/* The stretches a and b (cells, lengths) sum the same: a's digits less
 * b's make 0. */
static int same_sum(const vctx *x, const int *a, int alen, const int *b, int blen)
{
    int cells[VARIANT_MAX_LINE], w[VARIANT_MAX_LINE];
    for (int i = 0; i < alen; i++) {
        cells[i] = a[i];
        w[i] = 1;
    }
    for (int i = 0; i < blen; i++) {
        cells[alen + i] = b[i];
        w[alen + i] = -1;
    }
    return vx_sum(x, cells, w, alen + blen, 0);
}

/* The k stretches of cells (stretch s: from[s] .. from[s + 1]) sum the
 * same: those of one cell hold the same digit (a relation), each longer
 * one sums to the first single cell's digit when there is one, else to
 * each other longer one (every two, so that each pair's bounds meet). */
static int equal_sums(const vctx *x, const int *cells, const int *from, int k)
{
    int single = -1;
    for (int s = 0; s < k; s++)
        if (from[s + 1] - from[s] == 1) {
            if (single >= 0 && vb_pair(x->b, single, cells[from[s]], VR_DIFF, 0))
                return -1;
            if (single < 0)
                single = cells[from[s]];
        }
    for (int s = 0; s < k; s++) {
        int len = from[s + 1] - from[s];
        if (len == 1)
            continue;
        if (single >= 0) {
            if (same_sum(x, &single, 1, cells + from[s], len))
                return -1;
            continue;
        }
        for (int t = s + 1; t < k; t++)
            if (from[t + 1] - from[t] > 1 &&
                same_sum(x, cells + from[s], len, cells + from[t], from[t + 1] - from[t]))
                return -1;
    }
    return 0;
}

/* Whether v's boxes are no houses: a no-boxes rule and no jigsaw. */
static int no_boxes(const nonet_variant *v)
{
    if (v->has_regions)
        return 0;
    for (int i = 0; i < v->ncons; i++)
        if (v->cons[i].type == NONET_CON_NO_BOXES)
            return 1;
    return 0;
}

int vl_region_sum(const vctx *x)
{
    uint8_t region[NONET_MAX_CELLS];
    int from[VARIANT_MAX_LINE + 1], k = 0, len = x->k->ncells;
    if (no_boxes(x->v))
        return 0; /* no boxes, no regions: nothing to sum */
    nonet_variant_regions(x->v, region);
    for (int i = 0; i < len; i++)
        if (!i || region[x->cells[i]] != region[x->cells[i - 1]])
            from[k++] = i;
    from[k] = len;
    return equal_sums(x, x->cells, from, k);
}

int vl_zipper(const vctx *x)
{
    int len = x->k->ncells, pairs = len / 2;
    if (len % 2) { /* each pair sums to the middle digit */
        int mid = x->cells[pairs];
        for (int i = 0; i < pairs; i++) {
            int two[2] = {x->cells[i], x->cells[len - 1 - i]};
            if (same_sum(x, two, 2, &mid, 1))
                return -1;
        }
        return 0;
    }
    for (int i = 0; i < pairs; i++)
        for (int j = i + 1; j < pairs; j++) {
            int a[2] = {x->cells[i], x->cells[len - 1 - i]};
            int b[2] = {x->cells[j], x->cells[len - 1 - j]};
            if (same_sum(x, a, 2, b, 2))
                return -1;
        }
    return 0;
}

/* ------------------------------------------------------------ line automata */

/* A state function's context: the grid's side, the rule's number. */
typedef struct lfn {
    int n, value;
} lfn;

enum { DEAD = -1 };

/* between and lockout: a start for each guess b of the last digit (state
 * b - 1); after the first digit a, n + (a - 1) * n + b - 1; after the
 * last (b again), n + n * n, which takes no digit more. The digits in
 * between keep the rule (strictly between a and b; outside a .. b), so
 * none of them is b, and b ends the line. */
static int ends_first(const lfn *f, int state, int d, int lockout)
{
    int b = state + 1;
    if (lockout && abs(d - b) < f->value)
        return DEAD;
    return f->n + (d - 1) * f->n + b - 1;
}

static int ends_next(const lfn *f, int state, int d, int lockout)
{
    int n = f->n;
    if (state < n)
        return ends_first(f, state, d, lockout);
    if (state == n + n * n)
        return DEAD;
    int a = (state - n) / n + 1, b = (state - n) % n + 1;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    if (d == b)
        return n + n * n;
    if (lockout ? d >= lo && d <= hi : d <= lo || d >= hi)
        return DEAD;
    return state;
}

static int between_next(void *ctx, int state, int d)
{
    return ends_next(ctx, state, d, 0);
}

static int lockout_next(void *ctx, int state, int d)
{
    return ends_next(ctx, state, d, 1);
}

static int ends_accept(void *ctx, int state)
{
    const lfn *f = ctx;
    return state == f->n + f->n * f->n;
}

/* sum line: start * value + p, p the sum of the stretch so far (below
 * value: a stretch that reaches it ends there, p 0 again); a line starts
 * at 0 and ends at 0; a loop starts its first stretch anywhere before its
 * first cell, p = start (the sum of its last cells, read at the end),
 * and ends there. */
static int sum_next(void *ctx, int state, int d)
{
    const lfn *f = ctx;
    int start = state / f->value, p = state % f->value + d;
    if (p > f->value)
        return DEAD;
    return start * f->value + (p == f->value ? 0 : p);
}

static int sum_accept(void *ctx, int state)
{
    const lfn *f = ctx;
    return state % f->value == state / f->value;
}

int vl_loop(const int *cells, int len)
{
    return len > 2 && cells[0] == cells[len - 1];
}

int vl_dfa(vdfa *out, nonet_constraint_type type, int n, int value, const int *cells, int len,
           char *why, size_t cap)
{
    lfn f = {n, value};
    int starts[NONET_MAX_SIDE];
    memset(out, 0, sizeof *out);
    if (n < 1 || n > NONET_MAX_SIDE || len < 1 || len > VARIANT_MAX_LINE)
        return NONET_EARG;
    switch (type) {
    case NONET_CON_BETWEEN:
    case NONET_CON_LOCKOUT:
        if (type == NONET_CON_LOCKOUT && !f.value)
            f.value = vl_lockout_gap(n);
        for (int b = 0; b < n; b++)
            starts[b] = b;
        return vdfa_from_fn(out, n, starts, n,
                            type == NONET_CON_BETWEEN ? between_next : lockout_next, ends_accept,
                            &f, len, why, cap);
    case NONET_CON_SUM_LINE: {
        if (value < 1)
            return NONET_EARG;
        int loop = vl_loop(cells, len), nstarts = loop ? value : 1;
        int *list = malloc((size_t)nstarts * sizeof *list);
        if (!list)
            return NONET_ENOMEM;
        for (int s = 0; s < nstarts; s++)
            list[s] = s * value + s;
        int rc = vdfa_from_fn(out, n, list, nstarts, sum_next, sum_accept, &f, loop ? len - 1 : len,
                              why, cap);
        free(list);
        return rc;
    }
    default:
        return NONET_EARG;
    }
}

int vl_automaton(const vctx *x)
{
    vdfa d;
    int len = x->k->ncells;
    if (x->k->type == NONET_CON_SUM_LINE && vl_loop(x->cells, len))
        len--; /* the cycle, each cell once */
    if (vl_dfa(&d, x->k->type, x->nd, x->k->value, x->cells, x->k->ncells, NULL, 0) != NONET_OK)
        return -1;
    int rc = vb_automaton(x->b, x->cells, len, &d);
    vdfa_free(&d);
    return rc;
}

int vl_automaton_fits(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    const char *name = nonet_constraint_name(c->type);
    int len = c->ncells;
    if (c->type == NONET_CON_SUM_LINE) { /* a cell again: only the first, to close a loop */
        int loop = vl_loop(c->cells, len), n = v->grid.n;
        for (int i = 1; i < len - loop; i++)
            for (int j = 0; j < i; j++)
                if (c->cells[i] == c->cells[j]) {
                    if (why && cap)
                        snprintf(
                            why, cap,
                            "%s: r%dc%d twice: a sum line visits a cell once (a loop ends on its "
                            "first cell)",
                            name, c->cells[i] / n + 1, c->cells[i] % n + 1);
                    return NONET_EARG;
                }
        len -= loop;
    }
    char words[120] = "";
    vdfa d;
    vline l;
    int rc = vl_dfa(&d, c->type, v->nd, c->value, c->cells, c->ncells, words, sizeof words);
    /* unrolled, the line's layers hold at most all its states each: when
     * that fits, no need to unroll it here */
    if (rc == NONET_OK && (size_t)d.nstates * (size_t)(len + 1) * (size_t)d.n > VLINE_MAX_TRANS) {
        rc = vline_build(&l, &d, len, NULL, 0, words, sizeof words);
        vline_free(&l);
    }
    vdfa_free(&d); /* (zeroed when not built) */
    if (rc == NONET_EARG && why && cap)
        snprintf(why, cap, "%s: %s", name, words[0] ? words : "its automaton cannot be built");
    return rc;
}
