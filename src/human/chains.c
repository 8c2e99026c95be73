/* chains.c - chains and forcing chains, Sudoku Explainer's rules from 6.5
 * up: cycles and forcing chains (6.5-7.0+), Nishio (7.5+), multiple
 * forcing chains (8.0+), dynamic forcing chains (8.5+) and dynamic ones
 * with the basic rules inside (9.0+).
 *
 * Each producer looks at every chain it can build, as SE does, and keeps
 * the one SE would apply: the smallest difficulty (base plus the length
 * bonus of its complexity), then complexity, then kind, then the order of
 * discovery. Only a recipe of the best is kept while searching; the chosen
 * chain is rebuilt at the end to describe it. links.c propagates. */
#include "human/chains.h"

#include <stdlib.h>
#include <string.h>

enum {
    K_CYCLE = NONET_CHAIN_CYCLE,
    K_FORCING = NONET_CHAIN_FORCING,
    K_CONTRADICTION = NONET_CHAIN_CONTRADICTION,
    K_DOUBLE = NONET_CHAIN_DOUBLE,
    K_CELL = NONET_CHAIN_CELL,
    K_REGION = NONET_CHAIN_UNIT,
};

/* What it takes to rebuild a chain: the search that found it and where. */
typedef struct recipe {
    int valid;
    double difficulty;
    int complexity, key, technique, kind;
    chain_mode mode;
    int start;  /* the assumption (node id); K_CELL: the cell */
    int cycle;  /* K_CYCLE: which of the cycles found from start */
    int unit;   /* K_REGION: the unit; the digit is the start's */
    int target; /* the conclusion (node id) */
} recipe;

/* A hint found by a nested rule (levels 2-5): what SE's inner producer
 * hands to the outer chain. Its eliminations and rule parents (records of
 * the outer propagation) are in the pools of nest_hints. */
typedef struct nhint {
    double difficulty;
    int complexity, key;
    int rem, nrem; /* eliminations, node ids ascending */
    int par, npar; /* rule parents */
    uint64_t hash, remhash;
} nhint;

struct nest_hints {
    nhint *h;
    int n, cap;
    int32_t *pool; /* eliminations and parents */
    int npool, pcap;
    int32_t *order; /* sorting and de-duplication */
    int ocap;
    int32_t *surv, *sum;
    uint32_t *mark; /* node id -> stamp: a hint's rule parents */
    uint32_t stamp;
    int nnodes;
    cnest *met; /* a hint's distinct nested chains */
    int nn, mcap;
};

typedef struct search {
    chain_ctx *x;
    const hstate *s;
    recipe best;
    double base; /* the producer's base difficulty (not for cycles) */
    int nishio;
    int32_t *ends; /* cycles found */
    int nends, ecap;
    int32_t *surv; /* a forcing set's survivors and their sums */
    int32_t *sum;
    /* nested rules: every hint is collected for the outer chain */
    int all;
    chain_ctx *outer;
    prop *outer_p;
    struct nest_hints *nh;
} search;

static double length_bonus(int complexity)
{
    double added = 0.0; /* summed as SE sums it: ties between bases depend on it */
    int ceil = 4, length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* Whether a hint of this difficulty, complexity and key would come before
 * the best so far (discovery order breaks ties: the earlier stays). */
static int beats(const search *S, double d, int cx, int key)
{
    const recipe *b = &S->best;
    if (!b->valid || S->all)
        return 1;
    if (d != b->difficulty)
        return d < b->difficulty;
    if (cx != b->complexity)
        return cx < b->complexity;
    return key < b->key;
}

/* The largest complexity that a hint of the producer's base and this key
 * could have and still come first. */
static int cx_limit(const search *S, int key)
{
    const recipe *b = &S->best;
    if (!b->valid || S->all)
        return 1 << 30;
    return key < b->key ? b->complexity : b->complexity - 1;
}

static void consider(search *S, const recipe *r)
{
    if (beats(S, r->difficulty, r->complexity, r->key)) {
        S->best = *r;
        S->best.valid = 1;
        S->best.mode = S->x->mode;
    }
}

static int ends_push(search *S, int r)
{
    if (!chain_grow((void **)&S->ends, &S->ecap, S->nends + 1, sizeof *S->ends)) {
        S->x->failed = 1;
        return 0;
    }
    S->ends[S->nends++] = r;
    return 1;
}

/* ------------------------------------------------------ nested chains */

static uint64_t mix64(uint64_t v)
{
    v ^= v >> 33;
    v *= 0xff51afd7ed558ccdULL;
    v ^= v >> 33;
    v *= 0xc4ceb9fe1a85ec53ULL;
    v ^= v >> 33;
    return v;
}

/* A nested chain met while walking a hint's ancestors: counted once. */
static int nest_note(struct nest_hints *nh, uint64_t hash, int cx)
{
    for (int i = 0; i < nh->nn; i++)
        if (nh->met[i].hash == hash)
            return 1;
    if (!chain_grow((void **)&nh->met, &nh->mcap, nh->nn + 1, sizeof *nh->met))
        return 0;
    nh->met[nh->nn++] = (cnest){hash, cx};
    return 1;
}

/* How a walk over a hint's ancestors reads them. */
typedef struct walk {
    struct nest_hints *nh;
    const chain_ctx *outer; /* rule parents: the outer chain's grids */
    int assume;             /* the cause given to an assumption */
    int cycle;              /* a cycle: off nodes have causes too (SE reads
                               the cycle backwards as well) */
    uint64_t hash;
} walk;

/* The candidates an outer chain removed that a node's cause relies on:
 * its cell's, or its digit's places in its unit. */
static void rule_parents(walk *w, int n, int id, int cause)
{
    const chain_ctx *o = w->outer;
    struct nest_hints *nh = w->nh;
    int c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    uint64_t m;
    if (cause == CAUSE_CELL)
        m = o->cand0[c] & ~o->cand[c];
    else
        m = o->where0[cause * n + d - 1] & ~o->where[cause * n + d - 1];
    for (; m; m &= m - 1) {
        int b = lowest_bit(m);
        int rid = cause == CAUSE_CELL ? NODE_ID(n, c, b + 1, 0)
                                      : NODE_ID(n, o->s->unit[cause].cells[b], d, 0);
        if (nh->mark[rid] == nh->stamp)
            continue;
        nh->mark[rid] = nh->stamp;
        if (!chain_grow((void **)&nh->pool, &nh->pcap, nh->npool + 1, sizeof *nh->pool))
            return;
        nh->pool[nh->npool++] = rid;
    }
}

/* Walks the ancestors of record r (each node once): the nested chains
 * behind them (into nh) and, for a nested hint (w->outer), the rule
 * parents and the chain's identity. */
static void walk_branch(chain_ctx *x, walk *w, prop *p, int r)
{
    uint32_t stamp = chain_stamp(x);
    int top = 0, n = x->n;
    uint64_t sum = 0;
    x->stack[top++] = r;
    x->seen[p->rec[r].id] = stamp;
    while (top) {
        const crec *c = &p->rec[x->stack[--top]];
        sum += mix64((uint64_t)c->id + 1);
        if (c->nest >= 0 && !nest_note(w->nh, p->nest[c->nest].hash, p->nest[c->nest].complexity))
            x->failed = 1;
        if (w->outer) {
            int cause = c->cause == CAUSE_NONE && !c->npar ? w->assume : c->cause;
            if ((NODE_ON(c->id) || w->cycle) && cause != CAUSE_NONE)
                rule_parents(w, n, c->id, cause);
        }
        for (int i = 0; i < c->npar; i++) {
            int q = p->pool[c->par + i];
            if (x->seen[p->rec[q].id] != stamp) {
                x->seen[p->rec[q].id] = stamp;
                x->stack[top++] = q;
            }
        }
    }
    w->hash = w->hash * 0x9e3779b97f4a7c15ULL + mix64(sum ^ (uint64_t)p->rec[r].id);
}

int nested_complexity(chain_ctx *x, prop *const *props, const int *rec, int nb)
{
    int any = 0;
    for (int i = 0; i < nb; i++)
        any |= props[i]->nnest > 0;
    if (!any || !x->hints)
        return 0;
    struct nest_hints *nh = x->hints;
    walk w = {.nh = nh};
    nh->nn = 0;
    for (int i = 0; i < nb; i++)
        walk_branch(x, &w, props[i], rec[i]);
    int cx = 0;
    for (int i = 0; i < nh->nn; i++)
        cx += nh->met[i].complexity;
    return cx;
}

/* Collects a nested rule's hint: branches (props[i], rec[i]) end in the
 * conclusion; its eliminations are x->fw (a cycle) or the conclusion's. */
static void collect(search *S, double base, int key, prop *const *props, const int *rec, int nb,
                    int assume, int target, int cycle)
{
    chain_ctx *x = S->x;
    struct nest_hints *nh = S->nh;
    int n = x->n;
    if (!chain_grow((void **)&nh->h, &nh->cap, nh->n + 1, sizeof *nh->h)) {
        x->failed = 1;
        return;
    }
    nhint *h = &nh->h[nh->n];
    int flat = 0;
    for (int i = 0; i < (cycle ? 1 : nb); i++)
        flat += ancestors(x, props[i], rec[i]);
    /* eliminations */
    h->rem = nh->npool;
    uint64_t remhash = 0;
    if (cycle) {
        for (int c = 0; c < x->s->ncells; c++)
            for (uint64_t m = x->fw[c]; m; m &= m - 1) {
                if (!chain_grow((void **)&nh->pool, &nh->pcap, nh->npool + 1, sizeof *nh->pool)) {
                    x->failed = 1;
                    return;
                }
                nh->pool[nh->npool++] = NODE_ID(n, c, lowest_bit(m) + 1, 0);
            }
    } else {
        int tc = NODE_CELL(n, target), td = NODE_DIGIT(n, target);
        uint64_t m =
            NODE_ON(target) ? x->cand0[tc] & ~((uint64_t)1 << (td - 1)) : (uint64_t)1 << (td - 1);
        if (!chain_grow((void **)&nh->pool, &nh->pcap, nh->npool + n, sizeof *nh->pool)) {
            x->failed = 1;
            return;
        }
        for (; m; m &= m - 1)
            nh->pool[nh->npool++] = NODE_ID(n, tc, lowest_bit(m) + 1, 0);
    }
    h->nrem = nh->npool - h->rem;
    for (int i = 0; i < h->nrem; i++)
        remhash = remhash * 0x100000001b3ULL + mix64((uint64_t)nh->pool[h->rem + i]);
    /* rule parents, identity, nested chains */
    if (++nh->stamp == 0) {
        memset(nh->mark, 0, (size_t)nh->nnodes * sizeof *nh->mark);
        nh->stamp = 1;
    }
    walk w = {.nh = nh, .outer = S->outer, .assume = assume, .cycle = cycle};
    nh->nn = 0;
    int par = nh->npool;
    for (int i = 0; i < nb; i++)
        walk_branch(x, &w, props[i], rec[i]);
    int nested = 0;
    for (int i = 0; i < nh->nn; i++)
        nested += nh->met[i].complexity;
    /* the rule parents as records of the outer propagation */
    int npar = 0;
    for (int i = par; i < nh->npool; i++) {
        int id = nh->pool[i];
        if (prop_has(S->outer_p, id))
            nh->pool[par + npar++] = S->outer_p->at[id];
    }
    nh->npool = par + npar;
    h->par = par;
    h->npar = npar;
    h->complexity = flat + nested;
    h->difficulty = base + length_bonus(h->complexity);
    h->key = key;
    h->hash = w.hash;
    h->remhash = remhash;
    nh->n++;
}

/* ------------------------------------------- cycles and forcing chains */

/* Marks the nodes on the main-parent path above record r (x->seen). */
static uint32_t mark_path(chain_ctx *x, const prop *p, int r)
{
    uint32_t stamp = chain_stamp(x);
    while (p->rec[r].npar) {
        r = p->pool[p->rec[r].par];
        x->seen[p->rec[r].id] = stamp;
    }
    return stamp;
}

/* SE's doCycles: a breadth-first search from an "on" assumption, layer by
 * layer, where off nodes are not merged; every link back to the start from
 * the fourth layer on closes a cycle. The ends go to S->ends. */
/* With prune (a pass whose chain_reach_build is current), nodes that
 * cannot lead back to start are left out: they are on no cycle through
 * it, and leaving them out changes neither the order nor the parents of
 * the nodes that can (the same search as without). */
static void do_cycles(search *S, prop *p, int start, int limit, int prune)
{
    chain_ctx *x = S->x;
    prop_reset(x, p);
    S->nends = 0;
    int r0 = prop_add(x, p, start, 1);
    if (r0 < 0)
        return;
    p->rec[r0].anc = 1;
    p->qon[p->non++] = r0;
    int hon = 0, hoff = 0, length = 0;
    while ((hon < p->non || hoff < p->noff) && !x->failed) {
        length++;
        while (hon < p->non) {
            int pr = p->qon[hon++];
            if (p->rec[pr].anc + 1 > limit)
                continue; /* every cycle through here is too long */
            chain_links(x, p->rec[pr].id);
            uint32_t path = mark_path(x, p, pr);
            for (int i = 0; i < x->nlink; i++) {
                if (x->seen[x->link[i]] == path ||
                    (prune && !chain_same_component(x, x->link[i], start)))
                    continue;
                int r = prop_add(x, p, x->link[i], 1);
                if (r < 0)
                    return;
                p->rec[r].cause = x->link_cause[i];
                p->rec[r].anc = p->rec[pr].anc + 1; /* its path: distinct nodes */
                prop_parent(x, p, r, pr);
                p->qoff[p->noff++] = r;
            }
        }
        length++;
        while (hoff < p->noff) {
            int pr = p->qoff[hoff++];
            if (p->rec[pr].anc > limit)
                continue;
            chain_links(x, p->rec[pr].id);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                if (length >= 4 && q == start) {
                    int r = prop_add(x, p, q, 0);
                    if (r < 0 || !ends_push(S, r))
                        return;
                    p->rec[r].cause = x->link_cause[i];
                    p->rec[r].anc = p->rec[pr].anc; /* the start again */
                    prop_parent(x, p, r, pr);
                }
                if (!prop_has(p, q) && (!prune || chain_same_component(x, q, start))) {
                    int r = prop_add(x, p, q, 1);
                    if (r < 0)
                        return;
                    p->rec[r].cause = x->link_cause[i];
                    p->rec[r].anc = p->rec[pr].anc + 1;
                    prop_parent(x, p, r, pr);
                    p->qon[p->non++] = r;
                }
            }
        }
    }
}

/* SE's doForcingChains: breadth first from the assumption to its opposite.
 * Returns the record of the opposite, or -1. */
/* With prune, as do_cycles: nodes that cannot reach the goal are left
 * out. */
static int do_forcing(search *S, prop *p, int start, int limit, int prune)
{
    chain_ctx *x = S->x;
    prop_reset(x, p);
    int r0 = prop_add(x, p, start, 1), goal = start ^ 1;
    if (r0 < 0)
        return -1;
    p->rec[r0].anc = 1;
    if (NODE_ON(start))
        p->qon[p->non++] = r0;
    else
        p->qoff[p->noff++] = r0;
    int hon = 0, hoff = 0;
    while ((hon < p->non || hoff < p->noff) && !x->failed) {
        while (hon < p->non || hoff < p->noff) {
            int on = hon < p->non, pr = on ? p->qon[hon++] : p->qoff[hoff++];
            if (p->rec[pr].anc + 1 > limit) {
                if (on && hon == p->non)
                    break;
                continue; /* a chain through here is too long */
            }
            chain_links(x, p->rec[pr].id);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                if (q != goal && (prop_has(p, q) || (prune && !chain_reaches(x, q, goal))))
                    continue;
                int r = prop_add(x, p, q, q != goal);
                if (r < 0)
                    return -1;
                p->rec[r].cause = x->link_cause[i];
                p->rec[r].anc = p->rec[pr].anc + 1; /* its path: distinct nodes */
                prop_parent(x, p, r, pr);
                if (q == goal)
                    return r;
                if (on)
                    p->qoff[p->noff++] = r;
                else
                    p->qon[p->non++] = r;
            }
            if (on && hon == p->non)
                break; /* the layer of ons is done: the offs next */
        }
    }
    return -1;
}

/* A cycle's eliminations: a candidate that sees the same digit as an "on"
 * node and as an "off" node of the cycle, outside the cycle's cells. Into
 * x->fw (per cell); returns whether there is any. */
static int cycle_elims(chain_ctx *x, const prop *p, int end)
{
    const hstate *s = x->s;
    int n = x->n, any = 0;
    memset(x->fw, 0, (size_t)s->ncells * sizeof *x->fw);
    memset(x->bw, 0, (size_t)s->ncells * sizeof *x->bw);
    for (int r = end; p->rec[r].npar; r = p->pool[p->rec[r].par])
        x->cellmark[NODE_CELL(n, p->rec[r].id)] = 1;
    for (int r = end; p->rec[r].npar; r = p->pool[p->rec[r].par]) {
        int id = p->rec[r].id, c = NODE_CELL(n, id);
        uint64_t bit = (uint64_t)1 << (NODE_DIGIT(n, id) - 1);
        uint64_t *side = NODE_ON(id) ? x->fw : x->bw;
        for (int k = 0; k < H_UNITS_PER_CELL; k++) {
            const hunit *u = &s->unit[s->units_of[c][k]];
            for (int i = 0; i < n; i++) {
                int cc = u->cells[i];
                if (!x->cellmark[cc] && (x->cand0[cc] & bit))
                    side[cc] |= bit;
            }
        }
    }
    for (int r = end; p->rec[r].npar; r = p->pool[p->rec[r].par])
        x->cellmark[NODE_CELL(n, p->rec[r].id)] = 0;
    for (int c = 0; c < s->ncells; c++) {
        x->fw[c] &= x->bw[c];
        any |= x->fw[c] != 0;
    }
    return any;
}

/* Whether a cycle has eliminations at all (cycle_elims' answer, without
 * its sets): per digit, the cells that see an "on" node of the cycle and
 * those that see an "off" one, as sets of cells. */
static int cycle_has_elims(chain_ctx *x, const prop *p, int end)
{
    int n = x->n, w = x->cwords, any = 0;
    uint64_t used = 0, cyc[(CHAIN_MAX_SIDE * CHAIN_MAX_SIDE + 63) / 64];
    memset(cyc, 0, (size_t)w * sizeof *cyc);
    for (int r = end; p->rec[r].npar; r = p->pool[p->rec[r].par]) {
        int id = p->rec[r].id, c = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
        uint64_t *side = x->dside + ((size_t)(d - 1) * 2 + (size_t)NODE_ON(id)) * (size_t)w;
        const uint64_t *z = x->zone + (size_t)c * (size_t)w;
        for (int i = 0; i < w; i++)
            side[i] |= z[i];
        cyc[c >> 6] |= (uint64_t)1 << (c & 63);
        used |= (uint64_t)1 << (d - 1);
    }
    for (uint64_t m = used; m; m &= m - 1) {
        int d = lowest_bit(m) + 1;
        uint64_t *off = x->dside + (size_t)(d - 1) * 2 * (size_t)w, *on = off + w;
        for (int i = 0; i < w; i++) {
            for (uint64_t b = on[i] & off[i] & ~cyc[i]; b && !any; b &= b - 1)
                any = (int)(x->cand0[i * 64 + lowest_bit(b)] >> (d - 1) & 1);
            on[i] = off[i] = 0;
        }
    }
    return any;
}

/* The largest complexity a hint of this base and key could have and still
 * come before the best so far (0: none can). */
static int useful(const search *S, double base, int key)
{
    if (S->all || !S->best.valid)
        return 1 << 30;
    int cx = 0;
    while (beats(S, base + length_bonus(cx + 1), cx + 1, key))
        if (++cx > 4096)
            return 1 << 30; /* far below the best: no limit worth having */
    return cx;
}

/* One pass of producer #21 (SE's getLoopHintList) with the links allowed. */
static void loops(search *S, int y, int xl)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    int n = s->n;
    chain_set_mode(x, (chain_mode){.y = y, .x = xl});
    prop *p = &x->props[0];
    double cycle_base = y && xl ? 7.0 : 6.5, chain_base = y ? 7.0 : 6.6;
    int key = y && xl ? 4 : y ? 3 : 2;
    int cycle_tech = y && xl ? NONET_TECH_XY_CYCLE : y ? NONET_TECH_Y_CYCLE : NONET_TECH_X_CYCLE;
    int chain_tech = y ? NONET_TECH_FORCING_CHAIN : NONET_TECH_FORCING_X_CHAIN;
    /* a pass none of whose chains could come before the best so far is
     * not searched (a cycle has 4 nodes or more, a forcing chain 3) */
    if (!x->reference && useful(S, cycle_base, key) < 4 && (!xl || useful(S, chain_base, key) < 3))
        return;
    /* the starts with no cycle or no forcing chain at all are skipped */
    int reach = chain_reach_build(x, xl);
    for (int c = 0; c < s->ncells && !x->failed; c++) {
        int k = h_count(x->cand0[c]);
        if (s->value[c] || k < 2 || (!xl && k > 2))
            continue;
        for (uint64_t m = x->cand0[c]; m; m &= m - 1) {
            int start = NODE_ID(n, c, lowest_bit(m) + 1, 1);
            S->nends = 0;
            if (chain_on_cycle(x, start))
                do_cycles(S, p, start, useful(S, cycle_base, key), reach);
            for (int i = 0; i < S->nends; i++) {
                int cx = ancestors(x, p, S->ends[i]);
                double d = cycle_base + length_bonus(cx);
                if (S->all) {
                    if (cycle_elims(x, p, S->ends[i]))
                        collect(S, cycle_base, key, &p, &S->ends[i], 1, CAUSE_NONE, -1, 1);
                } else if (beats(S, d, cx, key) &&
                           (x->reference ? cycle_elims(x, p, S->ends[i])
                                         : cycle_has_elims(x, p, S->ends[i])))
                    consider(S, &(recipe){.difficulty = d,
                                          .complexity = cx,
                                          .key = key,
                                          .technique = cycle_tech,
                                          .kind = K_CYCLE,
                                          .start = start,
                                          .cycle = i});
            }
            if (!xl)
                continue;
            for (int on = 1; on >= 0; on--) {
                int from = start ^ !on;
                if (!chain_reaches(x, from, from ^ 1))
                    continue;
                int r = do_forcing(S, p, from, useful(S, chain_base, key), reach);
                if (r < 0)
                    continue;
                if (S->all) {
                    collect(S, chain_base, key, &p, &r, 1, CAUSE_NONE, from ^ 1, 0);
                    continue;
                }
                int cx = ancestors(x, p, r);
                consider(S, &(recipe){.difficulty = chain_base + length_bonus(cx),
                                      .complexity = cx,
                                      .key = key,
                                      .technique = chain_tech,
                                      .kind = K_FORCING,
                                      .start = from,
                                      .target = from ^ 1});
            }
        }
    }
}

/* ------------------------------------------------- multiple and dynamic */

/* Whether a conclusion removes anything from the grid: an "on" node must
 * leave its cell other candidates to remove. */
static int worth(const chain_ctx *x, int id)
{
    int n = x->n, c = NODE_CELL(n, id);
    return !NODE_ON(id) || (x->cand0[c] & ~((uint64_t)1 << (NODE_DIGIT(n, id) - 1))) != 0;
}

/* A hint of producers #23-#30 whose branches (props[i], record rec[i])
 * reach the conclusion `target`, with flat complexity `flat` (the
 * branches' ancestors, summed): a candidate for the best, or collected
 * for an outer chain. assume: the cause SE gives the assumptions. */
static void hint_multi(search *S, int kind, int key, prop *const *props, const int *rec, int nb,
                       int assume, int start, int unit, int target, int flat)
{
    if (S->all) {
        collect(S, S->base, key, props, rec, nb, assume, target, 0);
        return;
    }
    int limit = cx_limit(S, key);
    if (flat > limit)
        return;
    int cx = flat + nested_complexity(S->x, props, rec, nb);
    if (cx > limit)
        return;
    consider(S, &(recipe){.difficulty = S->base + length_bonus(cx),
                          .complexity = cx,
                          .key = key,
                          .technique = 0, /* set by the producer */
                          .kind = kind,
                          .start = start,
                          .unit = unit,
                          .target = target});
}

/* The nodes of `first` (members, the "on" ones or the "off" ones, in the
 * order they were reached) that every other set reaches too, with their
 * complexity summed over the sets, each a hint. */
static void forcing_sets(search *S, prop *const *props, int nothers, int kind, int key, int start)
{
    chain_ctx *x = S->x;
    prop *first = props[0];
    int rec[NONET_MAX_SIDE + 1];
    for (int on = 1; on >= 0; on--) {
        int nsurv = 0;
        for (int r = 0; r < first->nrec; r++) {
            const crec *c = &first->rec[r];
            if (!c->member || NODE_ON(c->id) != on || !worth(x, c->id))
                continue;
            int ok = 1;
            for (int i = 1; i <= nothers && ok; i++)
                ok = prop_has(props[i], c->id);
            if (ok)
                S->surv[nsurv++] = r;
        }
        for (int i = 0; i < nsurv; i++) {
            int r = S->surv[i], id = first->rec[r].id, limit = cx_limit(S, key);
            int cx = ancestors(x, first, r);
            rec[0] = r;
            for (int j = 1; j <= nothers && cx <= limit; j++) {
                rec[j] = props[j]->at[id];
                cx += ancestors(x, props[j], rec[j]);
            }
            hint_multi(S, kind, key, props, rec, nothers + 1,
                       kind == K_CELL ? CAUSE_CELL : CAUSE_NONE, start, -1, id, cx);
        }
    }
}

/* Region (unit) forcing chains from cell c, digit d: every place of d in
 * a unit whose first place is c leads to the same conclusion. The other
 * places' propagations go into the off slots (free by now). */
static void regions(search *S, int c, int d, prop *on)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    int n = s->n;
    static const int order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
    prop *props[NONET_MAX_SIDE];
    int rec[NONET_MAX_SIDE];
    for (int k = 0; k < 3; k++) {
        int u = s->units_of[c][order[k]];
        uint64_t places = x->where0[u * n + d - 1];
        if (h_count(places) < 2 || s->unit[u].cells[lowest_bit(places)] != c)
            continue;
        int nsurv = 0, nb = 1;
        props[0] = on;
        for (int r = 0; r < on->nrec; r++) {
            const crec *rc = &on->rec[r];
            if (rc->member && worth(x, rc->id)) {
                S->surv[nsurv] = r;
                S->sum[nsurv++] = 0;
            }
        }
        for (uint64_t m = places & (places - 1); m && nsurv; m &= m - 1) {
            int cc = s->unit[u].cells[lowest_bit(m)];
            prop *t = props[nb] = propagate_on(x, cc, d, &x->props[n + nb - 1]);
            if (!t)
                return;
            nb++;
            int kept = 0;
            for (int i = 0; i < nsurv; i++) {
                int id = on->rec[S->surv[i]].id;
                if (!prop_has(t, id))
                    continue;
                int sum = S->sum[i] + ancestors(x, t, t->at[id]);
                if (sum > cx_limit(S, 6))
                    continue;
                S->surv[kept] = S->surv[i];
                S->sum[kept++] = sum;
            }
            nsurv = kept;
        }
        for (int want = 1; want >= 0; want--)
            for (int i = 0; i < nsurv; i++) {
                int r = S->surv[i], id = on->rec[r].id;
                if (NODE_ON(id) != want)
                    continue;
                rec[0] = r;
                for (int j = 1; j < nb; j++)
                    rec[j] = props[j]->at[id];
                hint_multi(S, K_REGION, 6, props, rec, nb, u, NODE_ID(n, c, d, 1), u, id,
                           S->sum[i] + ancestors(x, on, r));
            }
    }
}

/* Producers #23-#30: for every cell, each candidate assumed on (and off,
 * in dynamic modes); contradictions, double forcing, unit and cell
 * forcing chains. */
static void multiple(search *S, int dynamic, int level)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    int n = s->n;
    chain_set_mode(x, (chain_mode){.y = !S->nishio, .x = 1, .dynamic = dynamic, .level = level});
    for (int c = 0; c < s->ncells && !x->failed; c++) {
        int k = h_count(x->cand0[c]);
        if (s->value[c] || !(k > 2 || (k > 1 && dynamic)))
            continue;
        int j = 0;
        prop *ons[NONET_MAX_SIDE] = {0};
        for (uint64_t m = x->cand0[c]; m && !x->failed; m &= m - 1, j++) {
            int d = lowest_bit(m) + 1, id = NODE_ID(n, c, d, 1);
            prop *on = ons[j] = propagate_on(x, c, d, &x->props[j]), *off = &x->props[n + j];
            if (!on)
                return;
            for (int side = 0; side < 2 && dynamic; side++) {
                prop *p = side ? off : on;
                if (side ? !propagate(x, p, id ^ side) : p->clash_on < 0)
                    continue;
                prop *two[2] = {p, p};
                int rec[2] = {p->clash_on, p->clash_off};
                hint_multi(S, K_CONTRADICTION, 7, two, rec, 2, CAUSE_NONE, id ^ side, -1,
                           id ^ side ^ 1, ancestors(x, p, rec[0]) + ancestors(x, p, rec[1]));
            }
            if (dynamic && k >= 3 && !S->nishio)
                forcing_sets(S, (prop *const[]){on, off}, 1, K_DOUBLE, 1, id);
            if (!S->nishio)
                regions(S, c, d, on);
        }
        if (!S->nishio && !x->failed && j == k && ons[j - 1])
            forcing_sets(S, ons, j - 1, K_CELL, 5, c);
    }
}

/* ---------------------------------------------------- nested rules */

void nest_hints_free(struct nest_hints *h)
{
    if (!h)
        return;
    free(h->h);
    free(h->pool);
    free(h->order);
    free(h->surv);
    free(h->sum);
    free(h->mark);
    free(h->met);
    free(h);
}

static int nest_hints_ready(chain_ctx *x)
{
    struct nest_hints *h = x->hints;
    if (h && h->nnodes == x->nnodes)
        return 1;
    nest_hints_free(h);
    h = x->hints = calloc(1, sizeof *h);
    if (!h)
        return 0;
    size_t nn = (size_t)x->nnodes;
    h->nnodes = x->nnodes;
    h->surv = malloc(nn * sizeof *h->surv);
    h->sum = malloc(nn * sizeof *h->sum);
    h->mark = calloc(nn, sizeof *h->mark);
    return h->surv && h->sum && h->mark;
}

/* SE's order of a rule's hints: difficulty, complexity, kind, discovery. */
static int nhint_before(const nhint *a, int ia, const nhint *b, int ib)
{
    if (a->difficulty != b->difficulty)
        return a->difficulty < b->difficulty;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity;
    if (a->key != b->key)
        return a->key < b->key;
    return ia < ib;
}

static void nhint_sort(struct nest_hints *nh, int32_t *o, int32_t *tmp, int count)
{
    if (count < 2)
        return;
    int half = count / 2;
    nhint_sort(nh, o, tmp, half);
    nhint_sort(nh, o + half, tmp, count - half);
    int i = 0, j = half, k = 0;
    while (i < half && j < count)
        tmp[k++] = nhint_before(&nh->h[o[j]], o[j], &nh->h[o[i]], o[i]) ? o[j++] : o[i++];
    while (i < half)
        tmp[k++] = o[i++];
    while (j < count)
        tmp[k++] = o[j++];
    memcpy(o, tmp, (size_t)count * sizeof *o);
}

static int same_rem(const struct nest_hints *nh, const nhint *a, const nhint *b)
{
    return a->remhash == b->remhash && a->nrem == b->nrem &&
           !memcmp(nh->pool + a->rem, nh->pool + b->rem, (size_t)a->nrem * sizeof *nh->pool);
}

/* Hands a rule's hints to the outer propagation p, as SE's
 * getAdvancedPotentials does: in the rule's order, each set of
 * eliminations once; a hint that relies on nothing the chain removed is
 * skipped. Returns the eliminations of the hints handed over. */
static int hand_over(chain_ctx *x, prop *p, struct nest_hints *nh)
{
    int count = nh->n;
    if (!count)
        return 0;
    if (!chain_grow((void **)&nh->order, &nh->ocap, 4 * count, sizeof *nh->order)) {
        x->failed = 1;
        return 0;
    }
    int32_t *o = nh->order, *slot = o + (size_t)2 * (size_t)count;
    for (int i = 0; i < count; i++)
        o[i] = i;
    nhint_sort(nh, o, o + count, count);
    int size = 2 * count, added = 0;
    for (int i = 0; i < size; i++)
        slot[i] = -1;
    for (int i = 0; i < count; i++) {
        const nhint *h = &nh->h[o[i]];
        int at = (int)(h->remhash % (uint64_t)size), dup = 0;
        for (; slot[at] >= 0; at = (at + 1) % size)
            if (same_rem(nh, &nh->h[slot[at]], h)) {
                dup = 1;
                break;
            }
        if (dup)
            continue;
        slot[at] = o[i];
        if (!h->npar)
            continue;
        for (int e = 0; e < h->nrem; e++, added++)
            prop_advanced(x, p, nh->pool[h->rem + e], nh->pool + h->par, h->npar, h->hash,
                          h->complexity);
    }
    return added;
}

int nested_rules(chain_ctx *x, prop *p)
{
    /* SE's rules inside a chain of each level, after the basic four:
     * 2: cycles and forcing chains; 3: and multiple forcing chains; 4:
     * dynamic forcing chains; 5: and dynamic ones of level 2. */
    static const int rules[6][2] = {{0, 0}, {0, 0}, {21, 0}, {21, 24}, {25, 0}, {25, 27}};
    int level = x->mode.level;
    if (level < 2 || level > 5)
        return 0;
    if (!x->inner && !(x->inner = calloc(1, sizeof *x->inner))) {
        x->failed = 1;
        return 0;
    }
    chain_ctx *in = x->inner;
    int added = 0;
    for (int i = 0; i < 2 && rules[level][i] && !added && !x->failed; i++) {
        if (!chain_ctx_prepare(in, x->s, x->cand, x->where) || !nest_hints_ready(x)) {
            x->failed = 1;
            break;
        }
        in->watch = x->watch;
        in->reference = x->reference;
        struct nest_hints *nh = x->hints;
        nh->n = nh->npool = 0;
        search S = {.x = in,
                    .s = x->s,
                    .surv = nh->surv,
                    .sum = nh->sum,
                    .all = 1,
                    .outer = x,
                    .outer_p = p,
                    .nh = nh};
        switch (rules[level][i]) {
        case 21:
            loops(&S, 0, 1);
            loops(&S, 1, 0);
            loops(&S, 1, 1);
            break;
        case 24:
            S.base = 8.0;
            multiple(&S, 0, 0);
            break;
        case 25:
            S.base = 8.5;
            multiple(&S, 1, 0);
            break;
        default:
            S.base = 9.5;
            multiple(&S, 1, 2);
            break;
        }
        free(S.ends);
        if (in->failed)
            x->failed = 1;
        else
            added = hand_over(x, p, nh);
    }
    return added;
}

/* ---------------------------------------------------- the chosen chain */

/* The first unit cells a and b share (box, row, column), or -1. */
static int shared_unit(const hstate *s, int a, int b)
{
    static const int order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
    for (int k = 0; k < 3; k++)
        if (s->units_of[a][order[k]] == s->units_of[b][order[k]])
            return s->units_of[a][order[k]];
    return -1;
}

/* Whether unit u holds exactly two places of digit d in the searched grid,
 * cells a and b. */
static int bilocal(const chain_ctx *x, int u, int d, int a, int b)
{
    const hstate *s = x->s;
    int n = x->n;
    uint64_t m = x->where0[u * n + d - 1];
    return u >= 0 && h_count(m) == 2 && s->units_of[a][s->unit[u].kind] == u &&
           s->units_of[b][s->unit[u].kind] == u && (m >> s->pos_in[a][s->unit[u].kind] & 1) &&
           (m >> s->pos_in[b][s->unit[u].kind] & 1);
}

/* How record r follows from its parents, in the searched grid (x->cand0,
 * x->where0: the step's starting position); *unit: the unit of the link,
 * or -1. */
static nonet_link link_of(const chain_ctx *x, const prop *p, int r, int *unit)
{
    const hstate *s = x->s;
    const crec *c = &p->rec[r];
    int n = x->n, id = c->id, cell = NODE_CELL(n, id), d = NODE_DIGIT(n, id);
    *unit = -1;
    if (!c->npar)
        return NONET_LINK_NONE;
    int pid = p->rec[p->pool[c->par]].id, pc = NODE_CELL(n, pid), pd = NODE_DIGIT(n, pid);
    if (NODE_ON(id)) {
        if (c->npar == 1 && !NODE_ON(pid)) {
            if (pc == cell && pd != d && h_count(x->cand0[cell]) == 2 &&
                (x->cand0[cell] >> (d - 1) & 1) && (x->cand0[cell] >> (pd - 1) & 1))
                return NONET_LINK_STRONG;
            if (pc != cell && pd == d) {
                static const int order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
                if (c->cause >= 0 && bilocal(x, c->cause, d, pc, cell)) {
                    *unit = c->cause;
                    return NONET_LINK_STRONG;
                }
                for (int k = 0; k < 3; k++)
                    if (bilocal(x, s->units_of[cell][order[k]], d, pc, cell)) {
                        *unit = s->units_of[cell][order[k]];
                        return NONET_LINK_STRONG;
                    }
            }
        }
        *unit = c->cause >= 0 ? c->cause : -1;
        return NONET_LINK_IMPLIED;
    }
    if (c->npar == 1 && NODE_ON(pid) &&
        ((pc == cell && pd != d) || (pd == d && pc != cell && h_peers(s, pc, cell)))) {
        *unit = pc == cell ? -1 : c->cause >= 0 ? c->cause : shared_unit(s, pc, cell);
        return NONET_LINK_WEAK;
    }
    return c->nest >= 0 ? NONET_LINK_NESTED : NONET_LINK_RULE;
}

/* Adds branch `branch` to out: every record the conclusion r depends on,
 * in the order they were reached (parents first), with all their parents
 * and links. */
static void emit_graph(hlist *out, chain_ctx *x, const prop *p, int r, int branch)
{
    int n = x->n;
    int *node = malloc((size_t)(r + 1) * sizeof *node);
    int *stack = malloc((size_t)(r + 1) * sizeof *stack);
    int *par = malloc((size_t)(p->npool + 1) * sizeof *par);
    if (!node || !stack || !par) {
        out->failed = 1;
        goto done;
    }
    for (int i = 0; i <= r; i++)
        node[i] = -1;
    int top = 0;
    node[r] = 0;
    stack[top++] = r;
    while (top) {
        const crec *c = &p->rec[stack[--top]];
        for (int i = 0; i < c->npar; i++) {
            int q = p->pool[c->par + i];
            if (node[q] < 0) {
                node[q] = 0;
                stack[top++] = q;
            }
        }
    }
    for (int q = 0; q <= r; q++) {
        if (node[q] < 0)
            continue;
        const crec *c = &p->rec[q];
        for (int i = 0; i < c->npar; i++)
            par[i] = node[p->pool[c->par + i]];
        int unit, id = c->id;
        nonet_link link = link_of(x, p, q, &unit);
        int at = hlist_chain_node(out, NODE_CELL(n, id), NODE_DIGIT(n, id), NODE_ON(id), branch,
                                  link, unit, par, c->npar);
        if (at < 0)
            break;
        node[q] = at;
    }
done:
    free(node);
    free(stack);
    free(par);
}

/* Rebuilds the best chain and adds it to out as a hint. */
static void emit(search *S, hlist *out)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    const recipe *b = &S->best;
    int n = s->n;
    chain_set_mode(x, b->mode);
    prop *p = &x->props[0];
    hhint *h = hlist_begin(out, b->technique, (int)((b->difficulty + 0.05) * 10));
    if (!h)
        return;
    h->complexity = b->complexity;
    h->kind = b->kind;
    int target = b->target, branch = 0;
    switch (b->kind) {
    case K_CYCLE:
        do_cycles(S, p, b->start, 1 << 30, 0);
        if (b->cycle >= S->nends)
            break;
        cycle_elims(x, p, S->ends[b->cycle]);
        hlist_role(out, NONET_ROLE_CHAIN);
        for (int r = S->ends[b->cycle]; p->rec[r].npar; r = p->pool[p->rec[r].par])
            hlist_pattern(out, NODE_CELL(n, p->rec[r].id),
                          (uint64_t)1 << (NODE_DIGIT(n, p->rec[r].id) - 1));
        for (int c = 0; c < s->ncells; c++)
            hlist_elim(out, c, x->fw[c]);
        emit_graph(out, x, p, S->ends[b->cycle], 0);
        return;
    case K_FORCING: {
        int r = do_forcing(S, p, b->start, 1 << 30, 0);
        if (r >= 0)
            emit_graph(out, x, p, r, 0);
        break;
    }
    case K_CONTRADICTION:
        propagate(x, p, b->start);
        if (p->clash_on >= 0) {
            emit_graph(out, x, p, p->clash_on, 0);
            emit_graph(out, x, p, p->clash_off, 1);
        }
        break;
    case K_DOUBLE:
        for (int on = 1; on >= 0; on--) {
            propagate(x, p, b->start ^ !on);
            if (prop_has(p, target))
                emit_graph(out, x, p, p->at[target], branch++);
        }
        break;
    case K_CELL:
        for (uint64_t m = x->cand0[b->start]; m; m &= m - 1) {
            propagate(x, p, NODE_ID(n, b->start, lowest_bit(m) + 1, 1));
            if (prop_has(p, target))
                emit_graph(out, x, p, p->at[target], branch++);
        }
        break;
    case K_REGION: {
        int d = NODE_DIGIT(n, b->start);
        for (uint64_t m = x->where0[b->unit * n + d - 1]; m; m &= m - 1) {
            propagate(x, p, NODE_ID(n, s->unit[b->unit].cells[lowest_bit(m)], d, 1));
            if (prop_has(p, target))
                emit_graph(out, x, p, p->at[target], branch++);
        }
        hlist_unit(out, b->unit);
        break;
    }
    default:
        break;
    }
    int tc = NODE_CELL(n, target), td = NODE_DIGIT(n, target);
    uint64_t bit = (uint64_t)1 << (td - 1);
    hlist_role(out, NONET_ROLE_TARGET);
    hlist_pattern(out, tc, bit);
    if (NODE_ON(target)) {
        hlist_place(out, tc, td);
        hlist_elim(out, tc, x->cand0[tc] & ~bit);
    } else {
        hlist_elim(out, tc, bit);
    }
}

/* ------------------------------------------------------------ producers */

void find_chains(const hstate *s, int technique, hlist *out)
{
    if (s->n > CHAIN_MAX_SIDE)
        return;
    chain_ctx *x = hlist_chains(out);
    if (!x || !chain_ctx_prepare(x, s, NULL, NULL)) {
        out->failed = 1;
        return;
    }
    x->watch = out->watch;
    x->reference = out->reference;
    search S = {.x = x, .s = s};
    S.surv = malloc((size_t)x->nnodes * sizeof *S.surv);
    S.sum = malloc((size_t)x->nnodes * sizeof *S.sum);
    if (!S.surv || !S.sum) {
        x->failed = 1;
        goto done;
    }
    switch (technique) {
    case NONET_TECH_X_CYCLE:
        loops(&S, 0, 1);
        loops(&S, 1, 0);
        loops(&S, 1, 1);
        break;
    case NONET_TECH_NISHIO:
        S.base = 7.5;
        S.nishio = 1;
        multiple(&S, 1, 0);
        break;
    case NONET_TECH_MULTIPLE_FORCING_CHAINS:
        S.base = 8.0;
        multiple(&S, 0, 0);
        break;
    case NONET_TECH_DYNAMIC_FORCING_CHAINS:
        S.base = 8.5;
        multiple(&S, 1, 0);
        break;
    case NONET_TECH_DYNAMIC_FORCING_CHAINS_PLUS:
        S.base = 9.0;
        multiple(&S, 1, 1);
        break;
    case NONET_TECH_NESTED_FORCING_CHAINS:
    case NONET_TECH_NESTED_MULTIPLE_FORCING_CHAINS:
    case NONET_TECH_NESTED_DYNAMIC_FORCING_CHAINS:
    case NONET_TECH_NESTED_DYNAMIC_FORCING_CHAINS_PLUS: {
        int level = 2 + technique - NONET_TECH_NESTED_FORCING_CHAINS;
        if (s->n > CHAIN_NEST_MAX_SIDE)
            break;
        S.base = 9.5 + 0.5 * (level - 2);
        multiple(&S, 1, level);
        break;
    }
    default:
        break;
    }
    if (S.best.valid && !x->failed) {
        if (technique != NONET_TECH_X_CYCLE)
            S.best.technique = technique;
        emit(&S, out);
    }
done:
    if (x->failed && !(out->watch && out->watch->status))
        out->failed = 1; /* out of memory; a stop is the watch's to report */
    free(S.surv);
    free(S.sum);
    free(S.ends);
}
