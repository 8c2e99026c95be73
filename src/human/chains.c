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
#include "chains.h"

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
    if (!b->valid)
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
    if (!b->valid)
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
    if (S->nends == S->ecap) {
        int cap = S->ecap ? 2 * S->ecap : 64;
        int32_t *g = realloc(S->ends, (size_t)cap * sizeof *g);
        if (!g) {
            S->x->failed = 1;
            return 0;
        }
        S->ends = g;
        S->ecap = cap;
    }
    S->ends[S->nends++] = r;
    return 1;
}

/* ------------------------------------------- cycles and forcing chains */

/* Whether node id lies on the main-parent path above record r. */
static int on_path(const prop *p, int r, int id)
{
    while (p->rec[r].npar) {
        r = p->pool[p->rec[r].par];
        if (p->rec[r].id == id)
            return 1;
    }
    return 0;
}

/* SE's doCycles: a breadth-first search from an "on" assumption, layer by
 * layer, where off nodes are not merged; every link back to the start from
 * the fourth layer on closes a cycle. The ends go to S->ends. */
static void do_cycles(search *S, prop *p, int start)
{
    chain_ctx *x = S->x;
    prop_reset(x, p);
    S->nends = 0;
    int r0 = prop_add(x, p, start, 1);
    if (r0 < 0)
        return;
    p->qon[p->non++] = r0;
    int hon = 0, hoff = 0, length = 0;
    while ((hon < p->non || hoff < p->noff) && !x->failed) {
        length++;
        while (hon < p->non) {
            int pr = p->qon[hon++];
            links_on_to_off(x, p->rec[pr].id);
            for (int i = 0; i < x->nlink; i++) {
                if (on_path(p, pr, x->link[i]))
                    continue;
                int r = prop_add(x, p, x->link[i], 1);
                if (r < 0)
                    return;
                prop_parent(x, p, r, pr);
                p->qoff[p->noff++] = r;
            }
        }
        length++;
        while (hoff < p->noff) {
            int pr = p->qoff[hoff++];
            links_off_to_on(x, p, p->rec[pr].id, 0);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                if (length >= 4 && q == start) {
                    int r = prop_add(x, p, q, 0);
                    if (r < 0 || !ends_push(S, r))
                        return;
                    prop_parent(x, p, r, pr);
                }
                if (!prop_has(p, q)) {
                    int r = prop_add(x, p, q, 1);
                    if (r < 0)
                        return;
                    prop_parent(x, p, r, pr);
                    p->qon[p->non++] = r;
                }
            }
        }
    }
}

/* SE's doForcingChains: breadth first from the assumption to its opposite.
 * Returns the record of the opposite, or -1. */
static int do_forcing(search *S, prop *p, int start)
{
    chain_ctx *x = S->x;
    prop_reset(x, p);
    int r0 = prop_add(x, p, start, 1), goal = start ^ 1;
    if (r0 < 0)
        return -1;
    if (NODE_ON(start))
        p->qon[p->non++] = r0;
    else
        p->qoff[p->noff++] = r0;
    int hon = 0, hoff = 0;
    while ((hon < p->non || hoff < p->noff) && !x->failed) {
        while (hon < p->non || hoff < p->noff) {
            int on = hon < p->non, pr = on ? p->qon[hon++] : p->qoff[hoff++];
            if (on)
                links_on_to_off(x, p->rec[pr].id);
            else
                links_off_to_on(x, p, p->rec[pr].id, 0);
            for (int i = 0; i < x->nlink; i++) {
                int q = x->link[i];
                if (q != goal && prop_has(p, q))
                    continue;
                int r = prop_add(x, p, q, q != goal);
                if (r < 0)
                    return -1;
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
                if (!x->cellmark[cc] && (s->cand[cc] & bit))
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

/* One pass of producer #21 (SE's getLoopHintList) with the links allowed. */
static void loops(search *S, int y, int xl)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    int n = s->n;
    x->mode = (chain_mode){.y = y, .x = xl};
    prop *p = &x->props[0];
    double cycle_base = y && xl ? 7.0 : 6.5, chain_base = y ? 7.0 : 6.6;
    int key = y && xl ? 4 : y ? 3 : 2;
    int cycle_tech = y && xl ? NONET_TECH_XY_CYCLE : y ? NONET_TECH_Y_CYCLE : NONET_TECH_X_CYCLE;
    int chain_tech = y ? NONET_TECH_FORCING_CHAIN : NONET_TECH_FORCING_X_CHAIN;
    for (int c = 0; c < s->ncells && !x->failed; c++) {
        int k = popcount64(s->cand[c]);
        if (s->value[c] || k < 2 || (!xl && k > 2))
            continue;
        for (uint64_t m = s->cand[c]; m; m &= m - 1) {
            int start = NODE_ID(n, c, lowest_bit(m) + 1, 1);
            do_cycles(S, p, start);
            for (int i = 0; i < S->nends; i++) {
                int cx = ancestors(x, p, S->ends[i]);
                double d = cycle_base + length_bonus(cx);
                if (beats(S, d, cx, key) && cycle_elims(x, p, S->ends[i]))
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
                int from = start ^ !on, r = do_forcing(S, p, from);
                if (r < 0)
                    continue;
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
static int worth(const hstate *s, int id)
{
    int n = s->n, c = NODE_CELL(n, id);
    return !NODE_ON(id) || (s->cand[c] & ~((uint64_t)1 << (NODE_DIGIT(n, id) - 1))) != 0;
}

static void consider_multi(search *S, int kind, int key, int cx, int start, int unit, int target)
{
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
 * complexity summed over the sets, each considered as a hint. */
static void forcing_sets(search *S, prop *first, prop *others, int nothers, int kind, int key,
                         int start, int unit)
{
    chain_ctx *x = S->x;
    for (int on = 1; on >= 0; on--) {
        int nsurv = 0;
        for (int r = 0; r < first->nrec; r++) {
            const crec *rec = &first->rec[r];
            if (!rec->member || NODE_ON(rec->id) != on || !worth(S->s, rec->id))
                continue;
            int ok = 1;
            for (int i = 0; i < nothers && ok; i++)
                ok = prop_has(&others[i], rec->id);
            if (ok)
                S->surv[nsurv++] = r;
        }
        for (int i = 0; i < nsurv; i++) {
            int r = S->surv[i], id = first->rec[r].id, limit = cx_limit(S, key);
            int cx = ancestors(x, first, r);
            for (int j = 0; j < nothers && cx <= limit; j++)
                cx += ancestors(x, &others[j], others[j].at[id]);
            if (cx <= limit)
                consider_multi(S, kind, key, cx, start, unit, id);
        }
    }
}

/* Region (unit) forcing chains from cell c, digit d: every place of d in
 * a unit whose first place is c leads to the same conclusion. */
static void regions(search *S, int c, int d, prop *on)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    int n = s->n;
    static const int order[3] = {UNIT_BOX, UNIT_ROW, UNIT_COL};
    for (int k = 0; k < 3; k++) {
        int u = s->units_of[c][order[k]];
        uint64_t places = s->where[u][d - 1];
        if (popcount64(places) < 2 || s->unit[u].cells[lowest_bit(places)] != c)
            continue;
        /* each other place's propagation goes into one slot in turn, so
         * the survivors keep their sums as they go */
        int nsurv = 0;
        for (int r = 0; r < on->nrec; r++) {
            const crec *rec = &on->rec[r];
            if (rec->member && worth(s, rec->id)) {
                S->surv[nsurv] = r;
                S->sum[nsurv++] = 0;
            }
        }
        prop *tmp = x->props + (size_t)2 * (size_t)n;
        for (uint64_t m = places & (places - 1); m && nsurv; m &= m - 1) {
            int cc = s->unit[u].cells[lowest_bit(m)];
            propagate(x, tmp, NODE_ID(n, cc, d, 1));
            int kept = 0;
            for (int i = 0; i < nsurv; i++) {
                int id = on->rec[S->surv[i]].id;
                if (!prop_has(tmp, id))
                    continue;
                int sum = S->sum[i] + ancestors(x, tmp, tmp->at[id]);
                if (sum > cx_limit(S, 6))
                    continue;
                S->surv[kept] = S->surv[i];
                S->sum[kept++] = sum;
            }
            nsurv = kept;
        }
        for (int want = 1; want >= 0; want--)
            for (int i = 0; i < nsurv; i++) {
                int r = S->surv[i];
                if (NODE_ON(on->rec[r].id) != want)
                    continue;
                int cx = S->sum[i] + ancestors(x, on, r);
                if (cx <= cx_limit(S, 6))
                    consider_multi(S, K_REGION, 6, cx, NODE_ID(n, c, d, 1), u, on->rec[r].id);
            }
    }
}

/* Producers #23-#26: for every cell, each candidate assumed on (and off,
 * in dynamic modes); contradictions, double forcing, unit and cell
 * forcing chains. */
static void multiple(search *S, int dynamic, int level)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    int n = s->n;
    x->mode = (chain_mode){.y = !S->nishio, .x = 1, .dynamic = dynamic, .level = level};
    for (int c = 0; c < s->ncells && !x->failed; c++) {
        int k = popcount64(s->cand[c]);
        if (s->value[c] || !(k > 2 || (k > 1 && dynamic)))
            continue;
        int j = 0;
        for (uint64_t m = s->cand[c]; m; m &= m - 1, j++) {
            int d = lowest_bit(m) + 1, id = NODE_ID(n, c, d, 1);
            prop *on = &x->props[j], *off = &x->props[n + j];
            if (propagate(x, on, id) && dynamic) {
                int cx = ancestors(x, on, on->clash_on) + ancestors(x, on, on->clash_off);
                consider_multi(S, K_CONTRADICTION, 7, cx, id, -1, id ^ 1);
            }
            if (dynamic && propagate(x, off, id ^ 1)) {
                int cx = ancestors(x, off, off->clash_on) + ancestors(x, off, off->clash_off);
                consider_multi(S, K_CONTRADICTION, 7, cx, id ^ 1, -1, id);
            }
            if (dynamic && k >= 3 && !S->nishio)
                forcing_sets(S, on, off, 1, K_DOUBLE, 1, id, -1);
            if (!S->nishio)
                regions(S, c, d, on);
        }
        if (!S->nishio)
            forcing_sets(S, x->props, x->props + 1, k - 1, K_CELL, 5, c, -1);
    }
}

/* ---------------------------------------------------- the chosen chain */

static void emit_path(hlist *out, const prop *p, int r, int branch, int n)
{
    int path[4096], len = 0;
    for (; len < 4096; r = p->pool[p->rec[r].par]) {
        path[len++] = p->rec[r].id;
        if (!p->rec[r].npar)
            break;
    }
    while (len > 0) {
        int id = path[--len];
        hlist_chain_node(out, NODE_CELL(n, id), NODE_DIGIT(n, id), NODE_ON(id), branch);
    }
}

/* Rebuilds the best chain and adds it to out as a hint. */
static void emit(search *S, hlist *out)
{
    chain_ctx *x = S->x;
    const hstate *s = S->s;
    const recipe *b = &S->best;
    int n = s->n;
    x->mode = b->mode;
    prop *p = &x->props[0];
    hhint *h = hlist_begin(out, b->technique, (int)((b->difficulty + 0.05) * 10));
    if (!h)
        return;
    h->complexity = b->complexity;
    h->kind = b->kind;
    int target = b->target, branch = 0;
    switch (b->kind) {
    case K_CYCLE:
        do_cycles(S, p, b->start);
        if (b->cycle >= S->nends)
            break;
        cycle_elims(x, p, S->ends[b->cycle]);
        for (int r = S->ends[b->cycle]; p->rec[r].npar; r = p->pool[p->rec[r].par])
            hlist_pattern(out, NODE_CELL(n, p->rec[r].id),
                          (uint64_t)1 << (NODE_DIGIT(n, p->rec[r].id) - 1));
        for (int c = 0; c < s->ncells; c++)
            hlist_elim(out, c, x->fw[c]);
        emit_path(out, p, S->ends[b->cycle], 0, n);
        return;
    case K_FORCING: {
        int r = do_forcing(S, p, b->start);
        if (r >= 0)
            emit_path(out, p, r, 0, n);
        break;
    }
    case K_CONTRADICTION:
        propagate(x, p, b->start);
        if (p->clash_on >= 0) {
            emit_path(out, p, p->clash_on, 0, n);
            emit_path(out, p, p->clash_off, 1, n);
        }
        break;
    case K_DOUBLE:
        for (int on = 1; on >= 0; on--) {
            propagate(x, p, b->start ^ !on);
            if (prop_has(p, target))
                emit_path(out, p, p->at[target], branch++, n);
        }
        break;
    case K_CELL:
        for (uint64_t m = s->cand[b->start]; m; m &= m - 1) {
            propagate(x, p, NODE_ID(n, b->start, lowest_bit(m) + 1, 1));
            if (prop_has(p, target))
                emit_path(out, p, p->at[target], branch++, n);
        }
        break;
    case K_REGION: {
        int d = NODE_DIGIT(n, b->start);
        for (uint64_t m = s->where[b->unit][d - 1]; m; m &= m - 1) {
            propagate(x, p, NODE_ID(n, s->unit[b->unit].cells[lowest_bit(m)], d, 1));
            if (prop_has(p, target))
                emit_path(out, p, p->at[target], branch++, n);
        }
        hlist_unit(out, b->unit);
        break;
    }
    default:
        break;
    }
    int tc = NODE_CELL(n, target), td = NODE_DIGIT(n, target);
    uint64_t bit = (uint64_t)1 << (td - 1);
    hlist_pattern(out, tc, bit);
    if (NODE_ON(target)) {
        hlist_place(out, tc, td);
        hlist_elim(out, tc, s->cand[tc] & ~bit);
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
    if (!x || !chain_ctx_prepare(x, s)) {
        out->failed = 1;
        return;
    }
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
    default:
        break;
    }
    if (S.best.valid && !x->failed) {
        if (technique != NONET_TECH_X_CYCLE)
            S.best.technique = technique;
        emit(&S, out);
    }
done:
    if (x->failed)
        out->failed = 1;
    free(S.surv);
    free(S.sum);
    free(S.ends);
}
