/* links.c - implications between candidates and the propagation that
 * follows them (Sudoku Explainer's doChaining), over a working copy of the
 * grid that dynamic chains reduce as they go. chains.c builds the
 * searches and hints on top of this. */
#include "human/chains.h"

#include <stdlib.h>
#include <string.h>

int chain_grow(void **ptr, int *cap, int need, size_t size)
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
    free(p->nest);
    memset(p, 0, sizeof *p);
}

void chain_ctx_free(chain_ctx *x)
{
    if (!x)
        return;
    for (int i = 0; x->props && i < x->nprops; i++)
        prop_free(&x->props[i]);
    for (int i = 0; x->memo && i < x->nmemo; i++)
        prop_free(&x->memo[i]);
    free(x->memo);
    free(x->memo_stamp);
    if (x->inner) {
        chain_ctx_free(x->inner);
        free(x->inner);
    }
    nest_hints_free(x->hints);
    chain_reach_free(x->reach);
    x->reach = NULL;
    free(x->props);
    free(x->cand0);
    free(x->where0);
    free(x->cand);
    free(x->where);
    free(x->removed);
    free(x->seen);
    free(x->stack);
    free(x->lbuf);
    free(x->cbuf);
    free(x->cache_gen);
    free(x->cache_at);
    free(x->cache_n);
    free(x->cache_cell);
    free(x->cache);
    free(x->cache_cause);
    free(x->meet);
    free(x->zone);
    free(x->dside);
    free(x->inbox);
    free(x->cellmark);
    free(x->fw);
    free(x->bw);
    memset(x, 0, sizeof *x);
}

static int unit_of_kind(int n, int kind, int i);

/* For rule_locking: the places two units share, for each pair of kinds. */
static void meet_masks(chain_ctx *x, const hstate *s)
{
    static const int pairs[4][2] = {
        {UNIT_BOX, UNIT_COL}, {UNIT_BOX, UNIT_ROW}, {UNIT_COL, UNIT_BOX}, {UNIT_ROW, UNIT_BOX}};
    int n = x->n;
    uint64_t *in = x->meet;
    for (int pr = 0; pr < 4; pr++)
        for (int i1 = 0; i1 < n; i1++)
            for (int i2 = 0; i2 < n; i2++, in += 2) {
                int u1 = unit_of_kind(n, pairs[pr][0], i1), u2 = unit_of_kind(n, pairs[pr][1], i2);
                in[0] = in[1] = 0;
                for (int k = 0; k < n; k++) {
                    if (s->units_of[s->unit[u1].cells[k]][pairs[pr][1]] == u2)
                        in[0] |= (uint64_t)1 << k;
                    if (s->units_of[s->unit[u2].cells[k]][pairs[pr][0]] == u1)
                        in[1] |= (uint64_t)1 << k;
                }
            }
}

/* Makes the graph of the grid x->cand0 the graph of cand, a grid with
 * candidates of x->cand0 removed (and digits placed: a filled cell has
 * none): a node's links follow from its cell's candidates and its digit's
 * places in the cell's units, so the nodes of a changed cell, and those
 * of a removed digit in the cells of a changed cell's units, are dropped
 * from the graph (computed again when asked, links_on_to_off). Returns 0,
 * changing nothing, when cand is not such a grid or the graph holds many
 * dropped links: then it starts over. */
static int graph_update(chain_ctx *x, const hstate *s, const uint64_t *cand)
{
    int n = x->n;
    if (x->ncache > 8 * x->nnodes)
        return 0;
    for (int c = 0; c < s->ncells; c++)
        if (cand[c] & ~x->cand0[c])
            return 0;
    for (int c = 0; c < s->ncells; c++) {
        uint64_t removed = x->cand0[c] & ~cand[c];
        if (!removed)
            continue;
        for (int d = 1; d <= n; d++)
            x->cache_gen[NODE_ID(n, c, d, 0)] = x->cache_gen[NODE_ID(n, c, d, 1)] = 0;
        for (uint64_t m = removed; m; m &= m - 1) {
            int d = lowest_bit(m) + 1;
            for (int k = 0; k < H_UNITS_PER_CELL; k++) {
                const hunit *u = &s->unit[s->units_of[c][k]];
                for (int i = 0; i < n; i++)
                    x->cache_gen[NODE_ID(n, u->cells[i], d, 0)] =
                        x->cache_gen[NODE_ID(n, u->cells[i], d, 1)] = 0;
            }
        }
    }
    return 1;
}

int chain_ctx_prepare(chain_ctx *x, const hstate *s, const uint64_t *cand, const uint64_t *where)
{
    int n = s->n, nnodes = s->ncells * n * 2;
    if (x->n != n) {
        chain_ctx_free(x);
        x->n = n;
        x->meet_rows = 0;
        x->nnodes = nnodes;
        x->words = (nnodes + 63) / 64;
        x->nprops = 2 * n + 2;
        size_t nn = (size_t)nnodes, nc = (size_t)s->ncells;
        x->props = calloc((size_t)x->nprops, sizeof *x->props);
        size_t nw = (size_t)s->nunits * (size_t)n;
        x->cand0 = malloc(nc * sizeof *x->cand0);
        x->where0 = malloc(nw * sizeof *x->where0);
        x->cand = malloc(nc * sizeof *x->cand);
        x->where = malloc(nw * sizeof *x->where);
        x->removed = malloc(nn * sizeof *x->removed);
        x->seen = calloc(nn, sizeof *x->seen);
        x->stack = malloc(nn * 4 * sizeof *x->stack);
        x->lbuf = malloc((size_t)(4 * n + 8) * sizeof *x->lbuf);
        x->cbuf = malloc((size_t)(4 * n + 8) * sizeof *x->cbuf);
        x->cache_gen = calloc(nn, sizeof *x->cache_gen);
        x->cache_at = malloc(nn * sizeof *x->cache_at);
        x->cache_n = malloc(nn * sizeof *x->cache_n);
        x->cache_cell = malloc(nn * sizeof *x->cache_cell);
        x->meet = malloc((size_t)8 * (size_t)n * (size_t)n * sizeof *x->meet);
        x->cwords = (s->ncells + 63) / 64;
        x->zone = malloc(nc * (size_t)x->cwords * sizeof *x->zone);
        x->dside = calloc((size_t)2 * (size_t)n * (size_t)x->cwords, sizeof *x->dside);

        x->inbox = malloc(nc * 2 * sizeof *x->inbox);
        x->cellmark = calloc(nc, 1);
        x->fw = malloc(nc * sizeof *x->fw);
        x->bw = malloc(nc * sizeof *x->bw);
        int ok = x->props && x->cand0 && x->where0 && x->cand && x->where && x->removed &&
                 x->seen && x->stack && x->lbuf && x->cbuf && x->cache_gen && x->cache_at &&
                 x->cache_n && x->cache_cell && x->meet && x->zone && x->dside && x->inbox &&
                 x->cellmark && x->fw && x->bw;
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
    if (x->meet_rows != s->box_rows) {
        meet_masks(x, s);
        memset(x->zone, 0, (size_t)s->ncells * (size_t)x->cwords * sizeof *x->zone);
        for (int c = 0; c < s->ncells; c++)
            for (int k = 0; k < H_UNITS_PER_CELL; k++)
                for (int i = 0; i < n; i++) {
                    int cc = s->unit[s->units_of[c][k]].cells[i];
                    x->zone[(size_t)c * (size_t)x->cwords + (size_t)(cc >> 6)] |= (uint64_t)1
                                                                                  << (cc & 63);
                }
        for (int c = 0; c < s->ncells; c++)
            for (int k = 0; k < 2; k++) { /* (UNIT_ROW, UNIT_COL) */
                const hunit *u = &s->unit[s->units_of[c][k]];
                uint64_t m = 0;
                for (int i = 0; i < n; i++)
                    if (s->units_of[u->cells[i]][UNIT_BOX] == s->units_of[c][UNIT_BOX])
                        m |= (uint64_t)1 << i;
                x->inbox[c * 2 + k] = m;
            }
        x->meet_rows = s->box_rows;
    }
    x->s = s;
    x->failed = 0;
    x->nremoved = 0;
    x->link = x->lbuf;
    x->link_cause = x->cbuf;
    chain_set_mode(x, x->mode);
    size_t nw = (size_t)s->nunits * (size_t)n;
    const uint64_t *from = cand ? cand : s->cand;
    /* the links follow from the candidates (and the shape): the same
     * grid keeps its graph, one with candidates removed keeps the part
     * that did not change */
    int same =
        x->graph_rows == s->box_rows && x->graph_cols == s->box_cols &&
        (!memcmp(x->cand0, from, (size_t)s->ncells * sizeof *x->cand0) || graph_update(x, s, from));
    memcpy(x->cand0, from, (size_t)s->ncells * sizeof *x->cand0);
    if (where)
        memcpy(x->where0, where, nw * sizeof *x->where0);
    else
        for (int u = 0; u < s->nunits; u++)
            memcpy(x->where0 + (size_t)u * (size_t)n, s->where[u], (size_t)n * sizeof *x->where0);
    if (!same) {
        x->ncache = 0;
        if (++x->gen == 0) {
            memset(x->cache_gen, 0, (size_t)x->nnodes * sizeof *x->cache_gen);
            x->gen = 1;
        }
        x->graph_rows = s->box_rows;
        x->graph_cols = s->box_cols;
    }
    memcpy(x->cand, x->cand0, (size_t)s->ncells * sizeof *x->cand);
    memcpy(x->where, x->where0, nw * sizeof *x->where);
    memset(x->placed, 0, sizeof x->placed);
    for (int c = 0; c < s->ncells; c++)
        if (s->value[c])
            x->placed[s->value[c] - 1]++;
    return 1;
}

void prop_reset(chain_ctx *x, prop *p)
{
    memset(p->in, 0, (size_t)x->words * sizeof *p->in);
    p->nrec = p->npool = p->non = p->noff = p->nnest = 0;
    p->clash_on = p->clash_off = -1;
}

int prop_grow(chain_ctx *x, prop *p)
{
    /* the records and both queues grow together */
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
        return 0;
    }
    p->qoff = qoff;
    p->rcap = (int)cap;
    return 1;
}

int prop_pool_grow(chain_ctx *x, prop *p)
{
    if (!chain_grow((void **)&p->pool, &p->pcap, p->npool + 1, sizeof *p->pool)) {
        x->failed = 1;
        return 0;
    }
    return 1;
}

static inline int next_bit(uint64_t *m)
{
    int i = lowest_bit(*m);
    *m &= *m - 1;
    return i;
}

void chain_set_mode(chain_ctx *x, chain_mode mode)
{
    x->mode = mode;
    if (++x->memo_gen == 0) {
        if (x->memo_stamp)
            memset(x->memo_stamp, 0, (size_t)x->nmemo * sizeof *x->memo_stamp);
        x->memo_gen = 1;
    }
}

/* A static search's links of node id, if computed before: the part of
 * the graph's links that the mode has. An "on" node's links are those
 * inside its cell (y), then those in its units (every mode); an "off"
 * node's, its cell's other candidate when bivalue (y), then its units'
 * other places where bilocal (x). */
static int cached(chain_ctx *x, int id)
{
    if (x->mode.dynamic || x->reference || x->cache_gen[id] != x->gen)
        return 0;
    int all = x->cache_n[id], cell = x->cache_cell[id], lo = 0, hi = all;
    if (!x->mode.y)
        lo = cell;
    if (!NODE_ON(id) && !x->mode.x)
        hi = cell;
    x->nlink = hi > lo ? hi - lo : 0;
    /* no links: the cache may not exist yet */
    x->link = x->nlink ? x->cache + x->cache_at[id] + lo : x->lbuf;
    x->link_cause = x->nlink ? x->cache_cause + x->cache_at[id] + lo : x->cbuf;
    return 1;
}

/* Keeps the links just computed (in lbuf/cbuf, the first `cell` of them
 * inside the cell) in the grid's graph. Returns 0 when out of memory (not
 * kept: computed again next time). */
static int keep(chain_ctx *x, int id, int cell)
{
    int need = x->ncache + x->nlink;
    if (!chain_grow((void **)&x->cache, &x->cache_cap, need, sizeof *x->cache) ||
        !chain_grow((void **)&x->cache_cause, &x->cause_cap, need, sizeof *x->cache_cause))
        return 0;
    if (x->nlink > 0) { /* none: the cache may not exist yet */
        memcpy(x->cache + x->ncache, x->lbuf, (size_t)x->nlink * sizeof *x->cache);
        memcpy(x->cache_cause + x->ncache, x->cbuf, (size_t)x->nlink * sizeof *x->cache_cause);
    }
    x->cache_at[id] = x->ncache;
    x->cache_n[id] = x->nlink;
    x->cache_cell[id] = cell;
    x->cache_gen[id] = x->gen;
    x->ncache = need;
    return 1;
}

/* The units of a cell in SE's order: box, row, column. */
static const int region_order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};

/* An "on" node's links into lbuf/cbuf, those inside the cell with y;
 * returns how many are inside the cell. */
static int compute_on_to_off(chain_ctx *x, int id, int y)
{
    const hstate *s = x->s;
    int n = x->n, c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    int32_t *link = x->lbuf, *cause = x->cbuf;
    x->link = link;
    x->link_cause = cause;
    x->nlink = 0;
    if (y)
        for (uint64_t m = x->cand[c] & ~((uint64_t)1 << (d - 1)); m;) {
            cause[x->nlink] = CAUSE_CELL;
            link[x->nlink++] = NODE_ID(n, c, next_bit(&m) + 1, 0);
        }
    int first = x->nlink, nl = first;
    /* the box's places, then the row's and the column's outside the box
     * (each cell once) */
    for (int k = 0; k < 3; k++) {
        int kind = region_order[k], u = s->units_of[c][kind];
        uint64_t m = x->where[u * n + d - 1] & ~((uint64_t)1 << s->pos_in[c][kind]);
        if (kind != UNIT_BOX)
            m &= ~x->inbox[c * 2 + kind];
        while (m) {
            cause[nl] = u;
            link[nl++] = NODE_ID(n, s->unit[u].cells[next_bit(&m)], d, 0);
        }
    }
    x->nlink = nl;
    return first;
}

void links_on_to_off(chain_ctx *x, int id)
{
    if (cached(x, id))
        return;
    if (!x->mode.dynamic && !x->reference) { /* the graph's links, then the mode's part */
        int cell = compute_on_to_off(x, id, 1);
        if (keep(x, id, cell) && cached(x, id))
            return;
    }
    compute_on_to_off(x, id, x->mode.y);
}

/* An "off" node's links into lbuf/cbuf (y: inside the cell, x: in its
 * units); returns how many are inside the cell. */
static int compute_off_to_on(chain_ctx *x, int id, int y, int xl)
{
    const hstate *s = x->s;
    int n = x->n, c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    uint64_t bit = (uint64_t)1 << (d - 1);
    int32_t *link = x->lbuf, *cause = x->cbuf;
    x->link = link;
    x->link_cause = cause;
    x->nlink = 0;
    if (y && h_count(x->cand[c]) == 2) {
        link[x->nlink] = NODE_ID(n, c, lowest_bit(x->cand[c] & ~bit) + 1, 1);
        cause[x->nlink++] = CAUSE_CELL;
    }
    int cell = x->nlink;
    if (xl) {
        /* each cell once: the row's and the column's other place can be
         * the box's (a row and a column share no other cell) */
        int boxmate = -1;
        for (int k = 0; k < 3; k++) {
            int kind = region_order[k], u = s->units_of[c][kind];
            uint64_t m = x->where[u * n + d - 1];
            if (h_count(m) != 2)
                continue;
            int cc = s->unit[u].cells[lowest_bit(m & ~((uint64_t)1 << s->pos_in[c][kind]))];
            if (kind == UNIT_BOX)
                boxmate = cc;
            else if (cc == boxmate)
                continue;
            link[x->nlink] = NODE_ID(n, cc, d, 1);
            cause[x->nlink++] = u;
        }
    }
    return cell;
}

void links_off_to_on(chain_ctx *x, int id)
{
    if (cached(x, id))
        return;
    if (!x->mode.dynamic && !x->reference) {
        int cell = compute_off_to_on(x, id, 1, 1);
        if (keep(x, id, cell) && cached(x, id))
            return;
    }
    compute_off_to_on(x, id, x->mode.y, x->mode.x);
}

/* A dynamic chain's "on" node r (node q, forced by its cell or unit:
 * cause) also rests on the candidates the chain already removed there:
 * its hidden parents, except the removal that forced it (its parent). */
static void hidden_parents(chain_ctx *x, prop *p, int r, int q, int cause, int except)
{
    const hstate *s = x->s;
    int n = x->n, c = NODE_CELL(n, q), d = NODE_DIGIT(n, q);
    if (cause == CAUSE_CELL) {
        for (uint64_t m = x->cand0[c] & ~x->cand[c]; m; m &= m - 1) {
            int id = NODE_ID(n, c, lowest_bit(m) + 1, 0);
            if (id != except && prop_has(p, id))
                prop_parent(x, p, r, p->at[id]);
        }
        return;
    }
    for (uint64_t m = x->where0[cause * n + d - 1] & ~x->where[cause * n + d - 1]; m; m &= m - 1) {
        int id = NODE_ID(n, s->unit[cause].cells[lowest_bit(m)], d, 0);
        if (id != except && prop_has(p, id))
            prop_parent(x, p, r, p->at[id]);
    }
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

void prop_advanced(chain_ctx *x, prop *p, int id, const int32_t *par, int npar, uint64_t hash,
                   int complexity)
{
    if (prop_has(p, id))
        return;
    int r = prop_add(x, p, id, 1);
    if (r < 0)
        return;
    for (int i = 0; i < npar; i++)
        prop_parent(x, p, r, par[i]);
    if (complexity) {
        if (!chain_grow((void **)&p->nest, &p->ncap, p->nnest + 1, sizeof *p->nest)) {
            x->failed = 1;
            return;
        }
        p->nest[p->nnest] = (cnest){hash, complexity};
        p->rec[r].nest = p->nnest++;
    }
    p->qoff[p->noff++] = r;
}

/* One result: (cell, d) off, with the current rule parents. */
static void adv_result(advanced *a, int cell, int d)
{
    a->added++;
    prop_advanced(a->x, a->p, NODE_ID(a->x->n, cell, d, 0), a->par, a->npar, 0, 0);
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

/* Pointing and claiming (SE's Locking): for the pairs of unit kinds in
 * SE's order, a digit of unit u1 confined to u1's part of u2 leaves the
 * rest of u2. */
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
            for (int i2 = 0; i2 < n; i2++) {
                int u2 = unit_of_kind(n, t2, i2);
                /* the cells the two units share, as places of each */
                const uint64_t *in =
                    x->meet + 2 * (((size_t)pr * (size_t)n + (size_t)i1) * (size_t)n + (size_t)i2);
                if (!in[0])
                    continue;
                for (int d = 1; d <= n; d++) {
                    uint64_t p1 = x->where[u1 * n + d - 1];
                    uint64_t rest = x->where[u2 * n + d - 1] & ~in[1];
                    if (h_count(p1) < 2 || (p1 & ~in[0]) || !rest)
                        continue;
                    a->npar = 0;
                    for (uint64_t m = x->where0[u1 * n + d - 1] & ~p1 & ~in[0]; m; m &= m - 1)
                        adv_parent(a, s->unit[u1].cells[lowest_bit(m)], d);
                    if (!a->npar)
                        continue;
                    for (; rest; rest &= rest - 1)
                        adv_result(a, s->unit[u2].cells[lowest_bit(rest)], d);
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
                if (h_count(pb) < 2)
                    continue;
                for (int d = 1; d < b; d++) {
                    uint64_t pa = x->where[u * n + d - 1], both = pa | pb;
                    if (h_count(pa) < 2 || h_count(both) != 2)
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
                        if (x->cand0[c] >> (d - 1) & 1)
                            adv_parent(a, c, d);
                        if (x->cand0[c] >> (b - 1) & 1)
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
                if (h_count(cj) < 2)
                    continue;
                for (int k = 0; k < j; k++) {
                    uint64_t ck = x->cand[r->cells[k]], both = ck | cj;
                    if (h_count(ck) < 2 || h_count(both) != 2)
                        continue;
                    int any = 0;
                    for (int e = 0; e < n && !any; e++)
                        any = e != j && e != k && (x->cand[r->cells[e]] & both);
                    if (!any)
                        continue;
                    a->npar = 0;
                    int pc[2] = {r->cells[k], r->cells[j]};
                    for (int q = 0; q < 2; q++)
                        for (uint64_t m = x->cand0[pc[q]] & ~both; m;)
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
                    if (h_count(pi) < 2 || h_count(pj) < 2 || h_count(both) != 2)
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
                            if ((x->cand0[c] & bit) && !(x->cand[c] & bit) && cu != cover[0] &&
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
    if (!a.added && x->mode.level >= 2 && !x->failed)
        nested_rules(x, p);
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
        if (x->watch && watch_tick(x->watch)) {
            x->failed = 1; /* every search loop ends on it */
            break;
        }
        if (hon < p->non) {
            int pr = p->qon[hon++];
            chain_links(x, p->rec[pr].id);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                if (prop_has(p, q | 1) || !prop_has(p, q)) {
                    int clashing = prop_has(p, q | 1);
                    int r = prop_add(x, p, q, !clashing);
                    if (r < 0)
                        break;
                    p->rec[r].cause = x->link_cause[i];
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
            chain_links(x, pid);
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
                p->rec[r].cause = x->link_cause[i];
                prop_parent(x, p, r, pr);
                if (x->mode.dynamic)
                    hidden_parents(x, p, r, q, x->link_cause[i], pid);
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

prop *propagate_on(chain_ctx *x, int c, int d, prop *spare)
{
    int n = x->n, i = c * n + d - 1;
    if (n > CHAIN_NEST_MAX_SIDE) {
        propagate(x, spare, NODE_ID(n, c, d, 1));
        return spare;
    }
    size_t count = (size_t)x->s->ncells * (size_t)n;
    if (!x->memo) {
        x->memo = calloc(count, sizeof *x->memo);
        x->memo_stamp = calloc(count, sizeof *x->memo_stamp);
        x->nmemo = (int)count;
        if (!x->memo || !x->memo_stamp) {
            free(x->memo);
            free(x->memo_stamp);
            x->memo = NULL;
            x->memo_stamp = NULL;
            x->nmemo = 0;
            x->failed = 1;
            return NULL;
        }
    }
    prop *p = &x->memo[i];
    if (x->memo_stamp[i] == x->memo_gen)
        return p;
    if (!p->in) {
        p->in = malloc((size_t)x->words * sizeof *p->in);
        p->at = malloc((size_t)x->nnodes * sizeof *p->at);
        if (!p->in || !p->at) {
            free(p->in);
            free(p->at);
            p->in = NULL;
            p->at = NULL;
            x->failed = 1;
            return NULL;
        }
    }
    propagate(x, p, NODE_ID(n, c, d, 1));
    x->memo_stamp[i] = x->memo_gen;
    return p;
}

uint32_t chain_stamp(chain_ctx *x)
{
    if (++x->stamp == 0) {
        memset(x->seen, 0, (size_t)x->nnodes * sizeof *x->seen);
        x->stamp = 1;
    }
    return x->stamp;
}

int ancestors(chain_ctx *x, prop *p, int r)
{
    if (p->rec[r].anc)
        return p->rec[r].anc;
    uint32_t stamp = chain_stamp(x);
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
