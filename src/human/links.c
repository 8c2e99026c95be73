/* links.c - implications between candidates and the propagation that
 * follows them (Sudoku Explainer's doChaining), over a working copy of the
 * grid that dynamic chains reduce as they go. chains.c builds the
 * searches and hints on top of this. */
#include "chains.h"

#include <stdlib.h>
#include <string.h>

static int grow(void **ptr, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *p = realloc(*ptr, (size_t)c * size);
    if (!p)
        return 0;
    *ptr = p;
    *cap = c;
    return 1;
}

static void prop_free(prop *p)
{
    free(p->rec);
    free(p->pool);
    free(p->in);
    free(p->at);
    free(p->qon);
    free(p->qoff);
    memset(p, 0, sizeof *p);
}

void chain_ctx_free(chain_ctx *x)
{
    if (!x)
        return;
    for (int i = 0; x->props && i < x->nprops; i++)
        prop_free(&x->props[i]);
    free(x->props);
    free(x->cand);
    free(x->where);
    free(x->removed);
    free(x->seen);
    free(x->stack);
    free(x->link);
    free(x->hid);
    free(x->link_hid);
    free(x->link_nhid);
    free(x->cellmark);
    free(x->fw);
    free(x->bw);
    memset(x, 0, sizeof *x);
}

int chain_ctx_prepare(chain_ctx *x, const hstate *s)
{
    int n = s->n, nnodes = s->ncells * n * 2;
    if (x->n != n) {
        chain_ctx_free(x);
        x->n = n;
        x->nnodes = nnodes;
        x->words = (nnodes + 63) / 64;
        x->nprops = 2 * n + 2;
        size_t nn = (size_t)nnodes, nc = (size_t)s->ncells;
        x->props = calloc((size_t)x->nprops, sizeof *x->props);
        x->cand = malloc(nc * sizeof *x->cand);
        x->where = malloc((size_t)s->nunits * (size_t)n * sizeof *x->where);
        x->removed = malloc(nn * sizeof *x->removed);
        x->seen = calloc(nn, sizeof *x->seen);
        x->stack = malloc(nn * 4 * sizeof *x->stack);
        x->link = malloc((size_t)(4 * n + 8) * sizeof *x->link);
        x->link_hid = malloc((size_t)(4 * n + 8) * sizeof *x->link_hid);
        x->link_nhid = malloc((size_t)(4 * n + 8) * sizeof *x->link_nhid);
        x->hid = malloc((size_t)(8 * n + 8) * sizeof *x->hid);
        x->cellmark = calloc(nc, 1);
        x->fw = malloc(nc * sizeof *x->fw);
        x->bw = malloc(nc * sizeof *x->bw);
        int ok = x->props && x->cand && x->where && x->removed && x->seen && x->stack && x->link &&
                 x->link_hid && x->link_nhid && x->hid && x->cellmark && x->fw && x->bw;
        for (int i = 0; ok && i < x->nprops; i++) {
            prop *p = &x->props[i];
            p->in = malloc((size_t)x->words * sizeof *p->in);
            p->at = malloc(nn * sizeof *p->at);
            ok = p->in && p->at;
        }
        if (!ok) {
            chain_ctx_free(x);
            return 0;
        }
    }
    x->s = s;
    x->failed = 0;
    x->nremoved = 0;
    memcpy(x->cand, s->cand, (size_t)s->ncells * sizeof *x->cand);
    for (int u = 0; u < s->nunits; u++)
        memcpy(x->where + (size_t)u * (size_t)n, s->where[u], (size_t)n * sizeof *x->where);
    memset(x->placed, 0, sizeof x->placed);
    for (int c = 0; c < s->ncells; c++)
        if (s->value[c])
            x->placed[s->value[c] - 1]++;
    return 1;
}

void prop_reset(chain_ctx *x, prop *p)
{
    memset(p->in, 0, (size_t)x->words * sizeof *p->in);
    p->nrec = p->npool = p->non = p->noff = 0;
    p->clash_on = p->clash_off = -1;
}

int prop_add(chain_ctx *x, prop *p, int id, int member)
{
    if (p->nrec == p->rcap) { /* the records and both queues grow together */
        size_t cap = p->rcap ? 2 * (size_t)p->rcap : 64;
        crec *rec = realloc(p->rec, cap * sizeof *rec);
        if (rec)
            p->rec = rec;
        int32_t *qon = rec ? realloc(p->qon, cap * sizeof *qon) : NULL;
        if (qon)
            p->qon = qon;
        int32_t *qoff = qon ? realloc(p->qoff, cap * sizeof *qoff) : NULL;
        if (!qoff) {
            x->failed = 1;
            return -1;
        }
        p->qoff = qoff;
        p->rcap = (int)cap;
    }
    int r = p->nrec++;
    crec *rec = &p->rec[r];
    rec->id = id;
    rec->par = p->npool;
    rec->npar = 0;
    rec->anc = 0;
    rec->member = member;
    if (member) {
        p->in[id >> 6] |= (uint64_t)1 << (id & 63);
        p->at[id] = r;
    }
    return r;
}

void prop_parent(chain_ctx *x, prop *p, int r, int parent)
{
    if (!grow((void **)&p->pool, &p->pcap, p->npool + 1, sizeof *p->pool)) {
        x->failed = 1;
        return;
    }
    p->pool[p->npool++] = parent;
    p->rec[r].npar++;
}

static inline int next_bit(uint64_t *m)
{
    int i = lowest_bit(*m);
    *m &= *m - 1;
    return i;
}

/* The units of a cell in SE's order: box, row, column. */
static const int region_order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};

void links_on_to_off(chain_ctx *x, int id)
{
    const hstate *s = x->s;
    int n = x->n, c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    x->nlink = 0;
    if (x->mode.y)
        for (uint64_t m = x->cand[c] & ~((uint64_t)1 << (d - 1)); m;)
            x->link[x->nlink++] = NODE_ID(n, c, next_bit(&m) + 1, 0);
    int first = x->nlink;
    for (int k = 0; k < 3; k++) {
        int kind = region_order[k], u = s->units_of[c][kind];
        uint64_t m = x->where[u * n + d - 1] & ~((uint64_t)1 << s->pos_in[c][kind]);
        while (m) {
            int cc = s->unit[u].cells[next_bit(&m)];
            if (!x->cellmark[cc]) {
                x->cellmark[cc] = 1;
                x->link[x->nlink++] = NODE_ID(n, cc, d, 0);
            }
        }
    }
    for (int i = first; i < x->nlink; i++)
        x->cellmark[NODE_CELL(n, x->link[i])] = 0;
}

static void add_hidden(chain_ctx *x, const prop *p, int id)
{
    if (prop_has(p, id))
        x->hid[x->nhid++] = p->at[id];
}

void links_off_to_on(chain_ctx *x, const prop *p, int id, int hidden)
{
    const hstate *s = x->s;
    int n = x->n, c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    uint64_t bit = (uint64_t)1 << (d - 1);
    x->nlink = 0;
    x->nhid = 0;
    if (x->mode.y && popcount64(x->cand[c]) == 2) {
        int k = x->nlink++;
        x->link[k] = NODE_ID(n, c, lowest_bit(x->cand[c] & ~bit) + 1, 1);
        x->link_hid[k] = x->nhid;
        if (hidden)
            for (uint64_t m = s->cand[c] & ~x->cand[c]; m;)
                add_hidden(x, p, NODE_ID(n, c, next_bit(&m) + 1, 0));
        x->link_nhid[k] = x->nhid - x->link_hid[k];
    }
    if (!x->mode.x)
        return;
    int first = x->nlink;
    for (int k = 0; k < 3; k++) {
        int kind = region_order[k], u = s->units_of[c][kind];
        uint64_t m = x->where[u * n + d - 1];
        if (popcount64(m) != 2)
            continue;
        int cc = s->unit[u].cells[lowest_bit(m & ~((uint64_t)1 << s->pos_in[c][kind]))];
        if (x->cellmark[cc])
            continue;
        x->cellmark[cc] = 1;
        int l = x->nlink++;
        x->link[l] = NODE_ID(n, cc, d, 1);
        x->link_hid[l] = x->nhid;
        if (hidden)
            for (uint64_t g = s->where[u][d - 1] & ~m; g;)
                add_hidden(x, p, NODE_ID(n, s->unit[u].cells[next_bit(&g)], d, 0));
        x->link_nhid[l] = x->nhid - x->link_hid[l];
    }
    for (int i = first; i < x->nlink; i++)
        x->cellmark[NODE_CELL(n, x->link[i])] = 0;
}

static void work_remove(chain_ctx *x, int id)
{
    const hstate *s = x->s;
    int n = x->n, c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    x->cand[c] &= ~((uint64_t)1 << (d - 1));
    for (int k = 0; k < H_UNITS_PER_CELL; k++)
        x->where[s->units_of[c][k] * n + d - 1] &= ~((uint64_t)1 << s->pos_in[c][k]);
    x->removed[x->nremoved++] = id;
}

static void work_restore(chain_ctx *x, int to)
{
    const hstate *s = x->s;
    int n = x->n;
    while (x->nremoved > to) {
        int id = x->removed[--x->nremoved], c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
        x->cand[c] |= (uint64_t)1 << (d - 1);
        for (int k = 0; k < H_UNITS_PER_CELL; k++)
            x->where[s->units_of[c][k] * n + d - 1] |= (uint64_t)1 << s->pos_in[c][k];
    }
}

/* ------------------------------------------------ rules inside chains */

/* The eliminations a basic rule finds on the working grid that rely on
 * candidates the chain removed (its "rule parents"), as off nodes with
 * those removed candidates as parents (SE's getAdvancedPotentials). */
typedef struct advanced {
    chain_ctx *x;
    prop *p;
    int32_t par[4 * NONET_MAX_SIDE];
    int npar;
    int added; /* results of the current rule */
} advanced;

static void adv_parent(advanced *a, int cell, int d)
{
    int id = NODE_ID(a->x->n, cell, d, 0);
    if (prop_has(a->p, id) && a->npar < (int)(sizeof a->par / sizeof a->par[0]))
        a->par[a->npar++] = a->p->at[id];
}

/* One result: (cell, d) off, with the current rule parents. */
static void adv_result(advanced *a, int cell, int d)
{
    chain_ctx *x = a->x;
    prop *p = a->p;
    a->added++;
    int id = NODE_ID(x->n, cell, d, 0);
    if (prop_has(p, id))
        return;
    int r = prop_add(x, p, id, 1);
    if (r < 0)
        return;
    for (int i = 0; i < a->npar; i++)
        prop_parent(x, p, r, a->par[i]);
    p->qoff[p->noff++] = r;
}

static int unit_of_kind(int n, int kind, int i)
{
    return kind == UNIT_ROW ? i : kind == UNIT_COL ? n + i : 2 * n + i;
}

static int empty_cells(const hstate *s, int u)
{
    int count = 0;
    for (int i = 0; i < s->n; i++)
        count += !s->value[s->unit[u].cells[i]];
    return count;
}

static void rule_locking(advanced *a)
{
    static const int pairs[4][2] = {
        {UNIT_BOX, UNIT_COL}, {UNIT_BOX, UNIT_ROW}, {UNIT_COL, UNIT_BOX}, {UNIT_ROW, UNIT_BOX}};
    chain_ctx *x = a->x;
    const hstate *s = x->s;
    int n = x->n;
    for (int pr = 0; pr < 4; pr++) {
        int t1 = pairs[pr][0], t2 = pairs[pr][1];
        for (int i1 = 0; i1 < n; i1++) {
            int u1 = unit_of_kind(n, t1, i1);
            const hunit *r1 = &s->unit[u1];
            for (int i2 = 0; i2 < n; i2++) {
                int u2 = unit_of_kind(n, t2, i2);
                const hunit *r2 = &s->unit[u2];
                uint64_t inside = 0;
                for (int k = 0; k < n; k++)
                    if (s->units_of[r1->cells[k]][t2] == u2)
                        inside |= (uint64_t)1 << k;
                if (!inside)
                    continue;
                for (int d = 1; d <= n; d++) {
                    uint64_t bit = (uint64_t)1 << (d - 1), p1 = x->where[u1 * n + d - 1];
                    if (popcount64(p1) < 2 || (p1 & ~inside))
                        continue;
                    int any = 0;
                    for (int k = 0; k < n && !any; k++) {
                        int c = r2->cells[k];
                        any = s->units_of[c][t1] != u1 && (x->cand[c] & bit);
                    }
                    if (!any)
                        continue;
                    a->npar = 0;
                    for (int k = 0; k < n; k++) {
                        int c = r1->cells[k];
                        if ((s->cand[c] & bit) && !(x->cand[c] & bit) && s->units_of[c][t2] != u2)
                            adv_parent(a, c, d);
                    }
                    if (!a->npar)
                        continue;
                    for (int k = 0; k < n; k++) {
                        int c = r2->cells[k];
                        if (s->units_of[c][t1] != u1 && (x->cand[c] & bit))
                            adv_result(a, c, d);
                    }
                }
            }
        }
    }
}

static const int pair_kinds[3] = {UNIT_BOX, UNIT_COL, UNIT_ROW};

static void rule_hidden_pair(advanced *a)
{
    chain_ctx *x = a->x;
    const hstate *s = x->s;
    int n = x->n;
    for (int t = 0; t < 3; t++) {
        for (int i = 0; i < n; i++) {
            int u = unit_of_kind(n, pair_kinds[t], i);
            const hunit *r = &s->unit[u];
            if (empty_cells(s, u) <= 4)
                continue;
            for (int b = 2; b <= n; b++) {
                uint64_t pb = x->where[u * n + b - 1];
                if (popcount64(pb) < 2)
                    continue;
                for (int d = 1; d < b; d++) {
                    uint64_t pa = x->where[u * n + d - 1], both = pa | pb;
                    if (popcount64(pa) < 2 || popcount64(both) != 2)
                        continue;
                    uint64_t pairbits = ((uint64_t)1 << (d - 1)) | ((uint64_t)1 << (b - 1));
                    int any = 0;
                    for (uint64_t m = both; m;)
                        any |= (x->cand[r->cells[next_bit(&m)]] & ~pairbits) != 0;
                    if (!any)
                        continue;
                    a->npar = 0;
                    for (int k = 0; k < n; k++) {
                        int c = r->cells[k];
                        if (both >> k & 1)
                            continue;
                        if (s->cand[c] >> (d - 1) & 1)
                            adv_parent(a, c, d);
                        if (s->cand[c] >> (b - 1) & 1)
                            adv_parent(a, c, b);
                    }
                    if (!a->npar)
                        continue;
                    for (uint64_t m = both; m;) {
                        int c = r->cells[next_bit(&m)];
                        for (uint64_t e = x->cand[c] & ~pairbits; e;)
                            adv_result(a, c, next_bit(&e) + 1);
                    }
                }
            }
        }
    }
}

static void rule_naked_pair(advanced *a)
{
    chain_ctx *x = a->x;
    const hstate *s = x->s;
    int n = x->n;
    for (int t = 0; t < 3; t++) {
        for (int i = 0; i < n; i++) {
            int u = unit_of_kind(n, pair_kinds[t], i);
            const hunit *r = &s->unit[u];
            if (empty_cells(s, u) < 4)
                continue;
            for (int j = 1; j < n; j++) {
                uint64_t cj = x->cand[r->cells[j]];
                if (popcount64(cj) < 2)
                    continue;
                for (int k = 0; k < j; k++) {
                    uint64_t ck = x->cand[r->cells[k]], both = ck | cj;
                    if (popcount64(ck) < 2 || popcount64(both) != 2)
                        continue;
                    int any = 0;
                    for (int e = 0; e < n && !any; e++)
                        any = e != j && e != k && (x->cand[r->cells[e]] & both);
                    if (!any)
                        continue;
                    a->npar = 0;
                    int pc[2] = {r->cells[k], r->cells[j]};
                    for (int q = 0; q < 2; q++)
                        for (uint64_t m = s->cand[pc[q]] & ~both; m;)
                            adv_parent(a, pc[q], next_bit(&m) + 1);
                    if (!a->npar)
                        continue;
                    for (int e = 0; e < n; e++)
                        if (e != j && e != k)
                            for (uint64_t m = x->cand[r->cells[e]] & both; m;)
                                adv_result(a, r->cells[e], next_bit(&m) + 1);
                }
            }
        }
    }
}

static void rule_x_wing(advanced *a)
{
    static const int kinds[2][2] = {{UNIT_COL, UNIT_ROW}, {UNIT_ROW, UNIT_COL}};
    chain_ctx *x = a->x;
    const hstate *s = x->s;
    int n = x->n;
    for (int t = 0; t < 2; t++) {
        int bt = kinds[t][0], ct = kinds[t][1];
        for (int j = 1; j < n; j++) {
            for (int i = 0; i < j; i++) {
                int bi = unit_of_kind(n, bt, i), bj = unit_of_kind(n, bt, j);
                for (int d = 1; d <= n; d++) {
                    if (x->placed[d - 1] + 4 > n)
                        continue;
                    uint64_t pi = x->where[bi * n + d - 1], pj = x->where[bj * n + d - 1];
                    uint64_t both = pi | pj, bit = (uint64_t)1 << (d - 1);
                    if (popcount64(pi) < 2 || popcount64(pj) < 2 || popcount64(both) != 2)
                        continue;
                    int cover[2] = {unit_of_kind(n, ct, lowest_bit(both)),
                                    unit_of_kind(n, ct, 63 - __builtin_clzll(both))};
                    int rem[2 * NONET_MAX_SIDE], nrem = 0;
                    for (int q = 0; q < 2; q++)
                        for (int k = 0; k < n; k++) {
                            int c = s->unit[cover[q]].cells[k];
                            if (s->units_of[c][bt] != bi && s->units_of[c][bt] != bj &&
                                (x->cand[c] & bit))
                                rem[nrem++] = c;
                        }
                    if (!nrem)
                        continue;
                    a->npar = 0;
                    int base[2] = {bi, bj};
                    for (int q = 0; q < 2; q++)
                        for (int k = 0; k < n; k++) {
                            int c = s->unit[base[q]].cells[k], cu = s->units_of[c][ct];
                            if ((s->cand[c] & bit) && !(x->cand[c] & bit) && cu != cover[0] &&
                                cu != cover[1])
                                adv_parent(a, c, d);
                        }
                    if (!a->npar)
                        continue;
                    for (int k = 1; k < nrem; k++) /* cell order */
                        for (int m = k; m > 0 && rem[m - 1] > rem[m]; m--) {
                            int tmp = rem[m];
                            rem[m] = rem[m - 1];
                            rem[m - 1] = tmp;
                        }
                    for (int k = 0; k < nrem; k++)
                        adv_result(a, rem[k], d);
                }
            }
        }
    }
}

static void advance(chain_ctx *x, prop *p)
{
    static void (*const rules[4])(advanced *) = {rule_locking, rule_hidden_pair, rule_naked_pair,
                                                 rule_x_wing};
    advanced a = {.x = x, .p = p};
    for (int i = 0; i < 4 && !a.added && !x->failed; i++)
        rules[i](&a);
}

/* ------------------------------------------------------- propagation */

int propagate(chain_ctx *x, prop *p, int id)
{
    prop_reset(x, p);
    int start = prop_add(x, p, id, 1);
    if (start < 0)
        return 0;
    if (NODE_ON(id))
        p->qon[p->non++] = start;
    else
        p->qoff[p->noff++] = start;
    int hon = 0, hoff = 0, base = x->nremoved, clash = 0;
    while ((hon < p->non || hoff < p->noff) && !x->failed) {
        if (hon < p->non) {
            int pr = p->qon[hon++];
            links_on_to_off(x, p->rec[pr].id);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                if (prop_has(p, q | 1) || !prop_has(p, q)) {
                    int clashing = prop_has(p, q | 1);
                    int r = prop_add(x, p, q, !clashing);
                    if (r < 0)
                        break;
                    prop_parent(x, p, r, pr);
                    if (clashing) {
                        p->clash_on = p->at[q | 1];
                        p->clash_off = r;
                        clash = 1;
                        goto done;
                    }
                    p->qoff[p->noff++] = r;
                }
            }
        } else {
            int pr = p->qoff[hoff++], pid = p->rec[pr].id;
            links_off_to_on(x, p, pid, x->mode.dynamic);
            if (x->mode.dynamic)
                work_remove(x, pid);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                int clashing = prop_has(p, q & ~1);
                if (!clashing && prop_has(p, q))
                    continue;
                int r = prop_add(x, p, q, !clashing);
                if (r < 0)
                    break;
                prop_parent(x, p, r, pr);
                for (int h = 0; h < x->link_nhid[i]; h++)
                    prop_parent(x, p, r, x->hid[x->link_hid[i] + h]);
                if (clashing) {
                    p->clash_on = r;
                    p->clash_off = p->at[q & ~1];
                    clash = 1;
                    goto done;
                }
                p->qon[p->non++] = r;
            }
        }
        if (x->mode.level > 0 && hon == p->non && hoff == p->noff)
            advance(x, p);
    }
done:
    work_restore(x, base);
    return clash;
}

int ancestors(chain_ctx *x, prop *p, int r)
{
    if (p->rec[r].anc)
        return p->rec[r].anc;
    uint32_t stamp = ++x->stamp;
    if (stamp == 0) {
        memset(x->seen, 0, (size_t)x->nnodes * sizeof *x->seen);
        stamp = x->stamp = 1;
    }
    int top = 0, count = 0;
    x->stack[top++] = r;
    x->seen[p->rec[r].id] = stamp;
    while (top) {
        const crec *c = &p->rec[x->stack[--top]];
        count++;
        for (int i = 0; i < c->npar; i++) {
            int q = p->pool[c->par + i];
            if (x->seen[p->rec[q].id] != stamp) {
                x->seen[p->rec[q].id] = stamp;
                x->stack[top++] = q;
            }
        }
    }
    p->rec[r].anc = count;
    return count;
}
