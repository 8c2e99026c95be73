/* search.c - the variant engine: propagation to a fixed point (singles
 * over every group, pair relations both ways, the propagators (the cheap
 * ones first), hidden singles in the houses, locked candidates between
 * houses that meet), then a depth-first search that branches two ways
 * (a cell takes a digit, or it does not), choosing the cell anew after
 * each failure: the most recent conflicts for its candidates. Counting,
 * solving and the true candidates. */
#include "variant/variant.h"

#include <stdlib.h>

typedef struct vsearch {
    const vmodel *m;
    uint64_t *stack; /* a state of m->cells candidate sets per depth */
    int depth_cap;
    int *queue, qlen;
    uint8_t *inq;
    int *pqueue[2], pqlen[2]; /* the propagators to run: the cheap ones
                                 (pclass 0) first */
    uint8_t *pinq, *pclass;
    int *changed;
    uint64_t limit, count;
    nonet_solution_fn fn;
    void *ctx;
    nonet_grid *out; /* the grid solutions are written into */
    uint64_t nodes, guesses;
    int stop, failed_alloc;
    const nonet_stop *halt; /* the caller's stop, NULL when unarmed */
    int halted;             /* 0, or why halt stopped the search */
    /* conflict scores: each failure adds to the cells it came from and to
     * the cell whose choice led to it, and the search branches on the cell
     * with the most conflicts for its candidates (weighted degree); halved
     * now and then, so that recent failures count most */
    uint32_t *score;
    uint32_t failures;
    /* failures of each digit tried: a digit that fails far more than the
     * others raises the cells that hold it (Interactive Sudoku Solver's
     * value scores) */
    uint32_t vscore[64];
} vsearch;

static void blame(vsearch *s, const int *cells, int len)
{
    for (int i = 0; i < len; i++)
        s->score[cells[i]] += 1;
    if (++s->failures % 4096 == 0) {
        for (int c = 0; c < s->m->cells; c++)
            s->score[c] = (s->score[c] + 1) / 2;
        for (int d = 0; d < 64; d++)
            s->vscore[d] /= 2;
    }
}

static void push(vsearch *s, int c)
{
    if (!s->inq[c]) {
        s->inq[c] = 1;
        s->queue[s->qlen++] = c;
    }
}

static void clear_queues(vsearch *s)
{
    while (s->qlen)
        s->inq[s->queue[--s->qlen]] = 0;
    for (int k = 0; k < 2; k++)
        while (s->pqlen[k])
            s->pinq[s->pqueue[k][--s->pqlen[k]]] = 0;
}

/* Narrows cand to a fixed point. Returns 0, or -1 (queues cleared) when a
 * cell or a house is left without a digit. */
static int propagate(vsearch *s, uint64_t *cand)
{
    const vmodel *m = s->m;
    int n = m->n;
    for (;;) {
        while (s->qlen) {
            int c = s->queue[--s->qlen];
            s->inq[c] = 0;
            uint64_t mine = cand[c];
            if (!mine) {
                blame(s, &c, 1);
                goto fail;
            }
            if (!(mine & (mine - 1)))
                for (int k = m->peer_first[c]; k < m->peer_first[c + 1]; k++) {
                    int p = m->peers[k];
                    if (cand[p] & mine) {
                        if (!(cand[p] &= ~mine))
                            goto fail;
                        push(s, p);
                    }
                }
            for (int k = m->link_first[c]; k < m->link_first[c + 1]; k++) {
                const vlink *l = &m->links[k];
                const uint64_t *t = m->rel + (size_t)l->rel * (size_t)n;
                uint64_t allowed = 0;
                for (uint64_t x = mine; x; x &= x - 1)
                    allowed |= t[lowest_bit(x)];
                if (cand[l->other] & ~allowed) {
                    if (!(cand[l->other] &= allowed)) {
                        blame(s, &l->other, 1);
                        goto fail;
                    }
                    push(s, l->other);
                }
            }
            for (int k = m->watch_first[c]; k < m->watch_first[c + 1]; k++) {
                int p = m->watch[k];
                if (!s->pinq[p]) {
                    s->pinq[p] = 1;
                    int q = s->pclass[p];
                    s->pqueue[q][s->pqlen[q]++] = p;
                }
            }
        }
        if (s->pqlen[0] || s->pqlen[1]) {
            int q = s->pqlen[0] ? 0 : 1, p = s->pqueue[q][--s->pqlen[q]];
            s->pinq[p] = 0;
            int k = vprop_run(m, &m->props[p], cand, s->changed);
            if (k < 0) {
                blame(s, m->pcells + m->props[p].first, m->props[p].len);
                goto fail;
            }
            for (int i = 0; i < k; i++)
                push(s, s->changed[i]);
            continue;
        }
        /* hidden singles */
        for (int h = 0; h < m->nhouses; h++) {
            const int *cells = m->houses + (size_t)h * (size_t)n;
            uint64_t once = 0, twice = 0;
            for (int i = 0; i < n; i++) {
                twice |= once & cand[cells[i]];
                once |= cand[cells[i]];
            }
            if (once != m->full) {
                blame(s, cells, n);
                goto fail;
            }
            uint64_t only = once & ~twice;
            if (!only)
                continue;
            for (int i = 0; i < n; i++) {
                uint64_t x = cand[cells[i]] & only;
                if (!x || cand[cells[i]] == x)
                    continue;
                if (x & (x - 1)) {
                    blame(s, cells, n);
                    goto fail; /* one cell, two digits it alone can take */
                }
                cand[cells[i]] = x;
                push(s, cells[i]);
            }
        }
        if (s->qlen)
            continue;
        /* locked candidates: two houses that meet hold the same digits
         * outside each other */
        for (int l = 0; l < m->nlocks; l++) {
            const int *a = m->lock_cells + m->lock_first[l];
            const int *end = m->lock_cells + m->lock_first[l + 1];
            const int *b = a;
            uint64_t ua = 0, ub = 0;
            while (*b >= 0)
                ua |= cand[*b++];
            for (const int *c = ++b; c < end; c++)
                ub |= cand[*c];
            if (ua == ub)
                continue;
            for (const int *c = a; c < end; c++) {
                if (*c < 0)
                    continue;
                uint64_t keep = c < b ? ub : ua;
                if (cand[*c] & ~keep) {
                    if (!(cand[*c] &= keep)) {
                        blame(s, c, 1);
                        goto fail;
                    }
                    push(s, *c);
                }
            }
        }
        if (!s->qlen)
            return 0;
    }
fail:
    clear_queues(s);
    return -1;
}

static uint64_t *state(vsearch *s, int depth)
{
    if (depth >= s->depth_cap) {
        int cap = s->depth_cap ? 2 * s->depth_cap : 16;
        uint64_t *grown = realloc(s->stack, (size_t)cap * (size_t)s->m->cells * sizeof *grown);
        if (!grown) {
            s->failed_alloc = s->stop = 1;
            return NULL;
        }
        s->stack = grown;
        s->depth_cap = cap;
    }
    return s->stack + (size_t)depth * (size_t)s->m->cells;
}

static void found(vsearch *s, const uint64_t *cand)
{
    s->count++;
    for (int c = 0; c < s->m->cells; c++)
        s->out->cells[c] = (uint8_t)(lowest_bit(cand[c]) + 1);
    if (s->fn && s->fn(s->ctx, s->out))
        s->stop = 1;
    if (s->limit && s->count >= s->limit)
        s->stop = 1;
}

/* The cell to branch on in cand: the most conflicts for its candidates,
 * a cell holding the most failed digit counting a fifth of that digit's
 * failures more (where that digit fails half as often again as the
 * least failed one, and n times at least); fewer candidates on a tie.
 * -1 when every cell is decided. */
static int select_cell(const vsearch *s, const uint64_t *cand)
{
    const vmodel *m = s->m;
    uint32_t most = 0, least = UINT32_MAX;
    uint64_t failed = 0;
    for (int d = 0; d < m->n; d++) {
        if (s->vscore[d] > most) {
            most = s->vscore[d];
            failed = (uint64_t)1 << d;
        }
        if (s->vscore[d] && s->vscore[d] < least)
            least = s->vscore[d];
    }
    if (most < (uint32_t)m->n || 2 * (uint64_t)most <= 3 * (uint64_t)least)
        most = 0, failed = 0;
    int best = -1, fewest = 65;
    uint64_t top = 0;
    for (int c = 0; c < m->cells; c++) {
        int k = popcount64(cand[c]);
        if (k < 2)
            continue;
        uint64_t sc = 5 * (uint64_t)s->score[c] + ((cand[c] & failed) ? most : 0);
        if (best < 0 || sc * (uint64_t)fewest > top * (uint64_t)k ||
            (sc * (uint64_t)fewest == top * (uint64_t)k && k < fewest)) {
            best = c;
            fewest = k;
            top = sc;
        }
    }
    return best;
}

/* Searches from the propagated state at depth, two ways at a time: a
 * cell takes a digit (the child, one depth down), or it does not (this
 * state, narrowed and propagated again, and the cell to branch on chosen
 * anew with what the failure taught). */
static void search(vsearch *s, int depth)
{
    const vmodel *m = s->m;
    while (!s->stop) {
        uint64_t *cand = s->stack + (size_t)depth * (size_t)m->cells;
        int best = select_cell(s, cand);
        if (best < 0) {
            found(s, cand);
            return;
        }
        uint64_t digit = cand[best] & -cand[best];
        uint64_t *next = state(s, depth + 1);
        if (!next)
            return;
        cand = s->stack + (size_t)depth * (size_t)m->cells; /* moved by state() */
        memcpy(next, cand, (size_t)m->cells * sizeof *next);
        next[best] = digit;
        s->guesses++;
        s->nodes++;
        /* a variant's node costs up to tens of microseconds: look more
         * often than the classic engines */
        if (s->halt && (s->nodes & (STOP_EVERY / 16 - 1)) == 0 &&
            (s->halted = stop_check(s->halt)) != NONET_OK) {
            s->stop = 1;
            return;
        }
        push(s, best);
        if (propagate(s, next) == 0)
            search(s, depth + 1);
        else {
            blame(s, &best, 1); /* and the choice that led there */
            s->vscore[lowest_bit(digit)]++;
        }
        if (s->stop)
            return;
        cand = s->stack + (size_t)depth * (size_t)m->cells;
        cand[best] &= ~digit;
        push(s, best);
        if (propagate(s, cand) != 0)
            return;
    }
}

static int search_init(vsearch *s, const vmodel *m)
{
    memset(s, 0, sizeof *s);
    s->m = m;
    size_t cells = (size_t)m->cells, props = (size_t)m->nprops + 1;
    s->queue = malloc(cells * sizeof *s->queue);
    s->inq = calloc(cells, 1);
    s->pqueue[0] = malloc(props * sizeof *s->pqueue[0]);
    s->pqueue[1] = malloc(props * sizeof *s->pqueue[1]);
    s->pinq = calloc(props, 1);
    s->pclass = calloc(props, 1);
    /* sums (bounds), cages of few cells and renbans of three are cheap:
     * they run before the cages' tables, the sandwiches and the longer
     * renbans, whose work the cheap ones often cut (killers: a quarter of
     * the time, fewer nodes) */
    for (int p = 0; s->pclass && p < m->nprops; p++) {
        const vprop *pr = &m->props[p];
        s->pclass[p] = !(pr->kind == VP_SUM || pr->kind == VP_CLASSES ||
                         (pr->kind == VP_CAGE && pr->len <= VPROP_FEW) ||
                         (pr->kind == VP_RENBAN && pr->len == 3));
    }
    s->changed = malloc(cells * sizeof *s->changed);
    s->out = calloc(1, sizeof *s->out);
    s->score = calloc(cells, sizeof *s->score);
    for (size_t c = 0; s->score && c < cells; c++)
        s->score[c] = 1;
    return s->score && s->queue && s->inq && s->pqueue[0] && s->pqueue[1] && s->pinq && s->pclass &&
                   s->changed && s->out && state(s, 0)
               ? NONET_OK
               : NONET_ENOMEM;
}

static void search_free(vsearch *s)
{
    free(s->stack);
    free(s->queue);
    free(s->inq);
    free(s->pqueue[0]);
    free(s->pqueue[1]);
    free(s->pclass);
    free(s->pinq);
    free(s->changed);
    free(s->out);
    free(s->score);
}

/* The root: the model's start, every cell queued, propagated. Returns 0,
 * or -1 when the puzzle has no solution. */
static int root(vsearch *s)
{
    uint64_t *cand = s->stack;
    memcpy(cand, s->m->start, (size_t)s->m->cells * sizeof *cand);
    for (int c = 0; c < s->m->cells; c++)
        push(s, c);
    s->nodes++;
    return propagate(s, cand);
}

int nonet_variant_run(const nonet_variant *v, uint64_t limit, nonet_solution_fn fn, void *ctx,
                      uint64_t *count, nonet_stats *stats, const nonet_stop *stop)
{
    if (count)
        *count = 0;
    if (!v)
        return NONET_EARG;
    vmodel m;
    vsearch s;
    int rc = vmodel_build(v, &m);
    if (rc != NONET_OK)
        return rc;
    rc = search_init(&s, &m);
    if (rc == NONET_OK) {
        s.limit = limit;
        s.fn = fn;
        s.ctx = ctx;
        s.halt = stop_armed(stop) ? stop : NULL;
        s.out->box_rows = v->grid.box_rows;
        s.out->box_cols = v->grid.box_cols;
        s.out->n = v->grid.n;
        if (root(&s) == 0)
            search(&s, 0);
        if (s.failed_alloc)
            rc = NONET_ENOMEM;
        else if (s.halted)
            rc = s.halted;
        if (count)
            *count = s.count;
        if (stats)
            *stats = (nonet_stats){s.nodes, s.guesses};
    }
    search_free(&s);
    vmodel_free(&m);
    return rc;
}

typedef struct first_solution {
    nonet_grid *solution;
} first_solution;

static int keep_first(void *ctx, const nonet_grid *g)
{
    first_solution *f = ctx;
    if (f->solution) {
        nonet_grid_copy(f->solution, g);
        f->solution = NULL;
    }
    return 0;
}

int nonet_variant_count(const nonet_variant *v, uint64_t limit, uint64_t *count,
                        nonet_grid *solution, nonet_stats *stats, const nonet_stop *stop)
{
    first_solution f = {solution};
    return nonet_variant_run(v, limit, keep_first, &f, count, stats, stop);
}

typedef struct union_ctx {
    uint64_t *cands;
} union_ctx;

static int add_solution(void *ctx, const nonet_grid *g)
{
    union_ctx *u = ctx;
    for (int c = 0; c < g->n * g->n; c++)
        if (g->cells[c] >= 1 && g->cells[c] <= 64)
            u->cands[c] |= (uint64_t)1 << (g->cells[c] - 1);
    return 0;
}

int nonet_variant_candidates(const nonet_variant *v, uint64_t limit, uint64_t *cands,
                             uint64_t *solutions, nonet_stats *stats, const nonet_stop *stop)
{
    if (solutions)
        *solutions = 0;
    if (!v || !cands)
        return NONET_EARG;
    vmodel m;
    vsearch s;
    int cells = v->grid.n * v->grid.n;
    memset(cands, 0, (size_t)cells * sizeof *cands);
    int rc = vmodel_build(v, &m);
    if (rc != NONET_OK)
        return rc;
    union_ctx u = {cands};
    rc = search_init(&s, &m);
    uint64_t *base = NULL;
    if (rc == NONET_OK && !(base = malloc((size_t)cells * sizeof *base)))
        rc = NONET_ENOMEM;
    if (rc == NONET_OK) {
        s.limit = limit ? limit : 2;
        s.fn = add_solution;
        s.ctx = &u;
        s.halt = stop_armed(stop) ? stop : NULL;
        s.out->box_rows = v->grid.box_rows;
        s.out->box_cols = v->grid.box_cols;
        s.out->n = v->grid.n;
        if (root(&s) == 0) {
            memcpy(base, s.stack, (size_t)cells * sizeof *base);
            search(&s, 0);
            if (solutions)
                *solutions = s.count;
            /* each candidate no solution has shown yet: one search with it placed */
            for (int c = 0; c < cells && s.count && !s.failed_alloc && !s.halted; c++)
                for (uint64_t x = base[c] & ~cands[c]; x && !s.halted; x &= x - 1) {
                    if (cands[c] & x & -x)
                        continue; /* shown by a solution found meanwhile */
                    uint64_t *cand = s.stack;
                    memcpy(cand, base, (size_t)cells * sizeof *cand);
                    cand[c] = x & -x;
                    s.limit = 1;
                    s.count = s.stop = 0;
                    push(&s, c);
                    s.nodes++;
                    if (propagate(&s, cand) == 0)
                        search(&s, 0);
                    s.count = 1; /* the puzzle has solutions */
                }
        }
        if (s.failed_alloc)
            rc = NONET_ENOMEM;
        else if (s.halted)
            rc = s.halted;
        if (stats)
            *stats = (nonet_stats){s.nodes, s.guesses};
    }
    free(base);
    search_free(&s);
    vmodel_free(&m);
    return rc;
}
