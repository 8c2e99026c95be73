/* compile.c - a variant puzzle turned into the engine's model: groups
 * (with each cell's peers and the houses), pair relations as tables,
 * propagators with each cell's watch list. */
#include "variant/variant.h"

#include <stdlib.h>

int ivec_push(ivec *a, int x)
{
    if (a->len == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        int *grown = realloc(a->v, cap * sizeof *grown);
        if (!grown)
            return -1;
        a->v = grown;
        a->cap = cap;
    }
    a->v[a->len++] = x;
    return 0;
}

struct vbuild {
    int n;     /* the digits (1..n) */
    int cells; /* the grid's */
    uint64_t *start;
    ivec group_first, group_cells; /* groups: cells from group_first[i] */
    ivec pairs;                    /* a, b, relation kind, value */
    uint64_t *tables;              /* VR_TABLE's relations: n masks each */
    int ntables, captables;
    ivec prop_cells, weights; /* cells and weights of the propagators */
    vprop *props;
    int nprops, capprops;
    vdfa *dfas; /* the automata of VP_AUTOMATON (vprop.line) */
    int ndfas, capdfas;
};

int vb_group(vbuild *b, const int *cells, int len)
{
    if (len < 2)
        return 0;
    if (ivec_push(&b->group_first, (int)b->group_cells.len))
        return -1;
    for (int i = 0; i < len; i++)
        if (ivec_push(&b->group_cells, cells[i]))
            return -1;
    return 0;
}

int vb_pair(vbuild *b, int a, int c, int kind, int value)
{
    if (kind == VR_DIFFER) {
        int two[2] = {a, c};
        return vb_group(b, two, 2);
    }
    return ivec_push(&b->pairs, a) || ivec_push(&b->pairs, c) || ivec_push(&b->pairs, kind) ||
                   ivec_push(&b->pairs, value)
               ? -1
               : 0;
}

int vb_table(vbuild *b, const uint64_t *allowed)
{
    size_t n = (size_t)b->n;
    for (int t = 0; t < b->ntables; t++) /* the same table: one */
        if (!memcmp(b->tables + (size_t)t * n, allowed, n * sizeof *allowed))
            return t;
    if (b->ntables == b->captables) {
        int cap = b->captables ? 2 * b->captables : 4;
        uint64_t *grown = realloc(b->tables, (size_t)cap * n * sizeof *grown);
        if (!grown)
            return -1;
        b->tables = grown;
        b->captables = cap;
    }
    memcpy(b->tables + (size_t)b->ntables * n, allowed, n * sizeof *allowed);
    return b->ntables++;
}

/* Whether digits d, e keep the relation of pair (kind, value) of b. */
static int holds(const vbuild *b, int kind, int value, int d, int e)
{
    if (kind == VR_TABLE)
        return b->tables[(size_t)value * (size_t)b->n + (size_t)d - 1] >> (e - 1) & 1;
    return vrel_holds(kind, value, d, e);
}

static int add_prop(vbuild *b, int kind, const int *cells, const int *weights, int len, int target)
{
    if (b->nprops == b->capprops) {
        int cap = b->capprops ? 2 * b->capprops : 16;
        vprop *grown = realloc(b->props, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        b->props = grown;
        b->capprops = cap;
    }
    vprop *p = &b->props[b->nprops++];
    *p = (vprop){kind, (int)b->prop_cells.len, len, (int)b->weights.len, target, 0, -1, 0};
    for (int i = 0; i < len; i++)
        if (ivec_push(&b->prop_cells, cells[i]) || (weights && ivec_push(&b->weights, weights[i])))
            return -1;
    return 0;
}

int vb_sum(vbuild *b, const int *cells, const int *weights, int len, int target)
{
    return add_prop(b, VP_SUM, cells, weights, len, target);
}

int vb_cage(vbuild *b, const int *cells, int len, int target)
{
    return add_prop(b, VP_CAGE, cells, NULL, len, target);
}

int vb_prop(vbuild *b, int kind, const int *cells, int len, int target)
{
    return add_prop(b, kind, cells, NULL, len, target);
}

void vb_mask(vbuild *b, int cell, uint64_t allowed)
{
    b->start[cell] &= allowed;
}

int vb_sets(vbuild *b, const int *cells, int len, const uint64_t *sets, int nsets)
{
    if (nsets < 0 || nsets > VB_MAX_SETS || add_prop(b, VP_SETS, cells, NULL, len, nsets))
        return -1;
    for (int i = 0; i < nsets; i++)
        if (ivec_push(&b->weights, (int)(uint32_t)sets[i]) ||
            ivec_push(&b->weights, (int)(uint32_t)(sets[i] >> 32)))
            return -1;
    return 0;
}

int vb_classes(vbuild *b, const int *cells, int len, const int *class_of, int nclasses)
{
    if (add_prop(b, VP_CLASSES, cells, NULL, len, nclasses))
        return -1;
    for (int d = 0; d < b->n; d++)
        if (ivec_push(&b->weights, class_of[d]))
            return -1;
    return 0;
}

int vb_contains(vbuild *b, const int *cells, int len, const int *digits, int k)
{
    if (add_prop(b, VP_CONTAINS, cells, NULL, len, k))
        return -1;
    for (int i = 0; i < k; i++) /* sorted, so that a digit's copies are together */
        if (ivec_push(&b->weights, digits[i]))
            return -1;
    int *d = b->weights.v + b->props[b->nprops - 1].wfirst;
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && d[j - 1] > d[j]; j--) {
            int t = d[j];
            d[j] = d[j - 1];
            d[j - 1] = t;
        }
    return 0;
}

int vb_automaton(vbuild *b, const int *cells, int len, const vdfa *dfa)
{
    if (dfa->n != b->n || len < 1 || len > VARIANT_MAX_LINE)
        return -1;
    if (b->ndfas == b->capdfas) {
        int cap = b->capdfas ? 2 * b->capdfas : 8;
        vdfa *grown = realloc(b->dfas, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        b->dfas = grown;
        b->capdfas = cap;
    }
    if (vdfa_copy(&b->dfas[b->ndfas], dfa) != NONET_OK)
        return -1;
    if (add_prop(b, VP_AUTOMATON, cells, NULL, len, 0))
        return -1;
    b->props[b->nprops - 1].line = b->ndfas++;
    return 0;
}

void vmodel_free(vmodel *m)
{
    free(m->start);
    free(m->peer_first);
    free(m->peers);
    free(m->houses);
    free(m->lock_first);
    free(m->lock_cells);
    free(m->peerset);
    free(m->link_first);
    free(m->links);
    free(m->rel);
    free(m->props);
    free(m->pcells);
    free(m->weights);
    free(m->combos);
    free(m->gsize);
    free(m->watch_first);
    free(m->watch);
    for (int i = 0; i < m->nlines; i++)
        vline_free(&m->lines[i]);
    free(m->lines);
    free(m->scratch);
    free(m->lists);
    memset(m, 0, sizeof *m);
}

static void build_free(vbuild *b)
{
    free(b->group_first.v);
    free(b->group_cells.v);
    free(b->pairs.v);
    free(b->tables);
    free(b->prop_cells.v);
    free(b->weights.v);
    free(b->props);
    for (int i = 0; i < b->ndfas; i++)
        vdfa_free(&b->dfas[i]);
    free(b->dfas);
}

/* The relation table of (kind, value) read from the first cell (dir 0) or
 * from the second (dir 1): its index in m->rel, added when new. keys holds
 * kind, value, dir of each relation so far. */
static int relation(vmodel *m, const vbuild *b, ivec *keys, int kind, int value, int dir)
{
    for (size_t r = 0; r + 3 <= keys->len; r += 3)
        if (keys->v[r] == kind && keys->v[r + 1] == value && keys->v[r + 2] == dir)
            return (int)(r / 3);
    int n = m->n;
    uint64_t *grown = realloc(m->rel, (size_t)(m->nrel + 1) * (size_t)n * sizeof *grown);
    if (!grown)
        return -1;
    m->rel = grown;
    if (ivec_push(keys, kind) || ivec_push(keys, value) || ivec_push(keys, dir))
        return -1;
    uint64_t *t = m->rel + (size_t)m->nrel * (size_t)n;
    for (int d = 1; d <= n; d++) {
        t[d - 1] = 0;
        for (int e = 1; e <= n; e++)
            if (dir ? holds(b, kind, value, e, d) : holds(b, kind, value, d, e))
                t[d - 1] |= (uint64_t)1 << (e - 1);
    }
    return m->nrel++;
}

/* first[c] .. first[c+1] from per-cell counts in first[1..cells]. */
static void prefix(int *first, int cells)
{
    first[0] = 0;
    for (int c = 0; c < cells; c++)
        first[c + 1] += first[c];
}

/* The pairs of houses that meet in two cells or more (stamp: scratch of a
 * cell each). */
static int build_locks(vmodel *m, int *stamp)
{
    int n = m->n;
    ivec first = {0}, cells = {0};
    int *in_b = malloc((size_t)m->cells * sizeof *in_b);
    if (!in_b)
        return -1;
    for (int c = 0; c < m->cells; c++)
        stamp[c] = in_b[c] = -1;
    for (int h = 0; h < m->nhouses; h++) {
        const int *a = m->houses + (size_t)h * (size_t)n;
        for (int i = 0; i < n; i++)
            stamp[a[i]] = h;
        for (int g = h + 1; g < m->nhouses; g++) {
            const int *b = m->houses + (size_t)g * (size_t)n;
            int meet = 0;
            for (int i = 0; i < n; i++)
                meet += stamp[b[i]] == h;
            if (meet < 2 || meet == n)
                continue;
            if (ivec_push(&first, (int)cells.len))
                goto fail;
            for (int i = 0; i < n; i++)
                in_b[b[i]] = g;
            for (int i = 0; i < n; i++) /* a's cells outside b */
                if (in_b[a[i]] != g && ivec_push(&cells, a[i]))
                    goto fail;
            if (ivec_push(&cells, -1))
                goto fail;
            for (int i = 0; i < n; i++)
                if (stamp[b[i]] != h && ivec_push(&cells, b[i]))
                    goto fail;
        }
    }
    if (ivec_push(&first, (int)cells.len))
        goto fail;
    m->nlocks = (int)first.len - 1;
    m->lock_first = first.v;
    m->lock_cells = cells.v;
    free(in_b);
    return 0;
fail:
    free(in_b);
    free(first.v);
    free(cells.v);
    return -1;
}

static int build_peers(vmodel *m, const vbuild *b)
{
    int cells = m->cells, ngroups = (int)b->group_first.len;
    int *member_first = calloc((size_t)cells + 1, sizeof *member_first);
    int *members = calloc(b->group_cells.len + 1, sizeof *members);
    int *stamp = malloc((size_t)cells * sizeof *stamp);
    ivec peers = {0};
    int rc = -1;
    m->peer_first = calloc((size_t)cells + 1, sizeof *m->peer_first);
    if (!member_first || !members || !stamp || !m->peer_first)
        goto done;
    /* the groups of each cell */
    for (size_t i = 0; i < b->group_cells.len; i++)
        member_first[b->group_cells.v[i] + 1]++;
    prefix(member_first, cells);
    int *fill = m->peer_first; /* borrowed as a cursor, rebuilt below */
    memcpy(fill, member_first, (size_t)cells * sizeof *fill);
    for (int g = 0; g < ngroups; g++) {
        int end = g + 1 < ngroups ? b->group_first.v[g + 1] : (int)b->group_cells.len;
        for (int i = b->group_first.v[g]; i < end; i++)
            members[fill[b->group_cells.v[i]]++] = g;
    }
    for (int c = 0; c < cells; c++)
        stamp[c] = -1;
    for (int c = 0; c < cells; c++) {
        m->peer_first[c] = (int)peers.len;
        for (int k = member_first[c]; k < member_first[c + 1]; k++) {
            int g = members[k];
            int end = g + 1 < ngroups ? b->group_first.v[g + 1] : (int)b->group_cells.len;
            for (int i = b->group_first.v[g]; i < end; i++) {
                int p = b->group_cells.v[i];
                if (p != c && stamp[p] != c) {
                    stamp[p] = c;
                    if (ivec_push(&peers, p))
                        goto done;
                }
            }
        }
    }
    m->peer_first[cells] = (int)peers.len;
    m->peers = peers.v;
    peers.v = NULL;
    /* and as sets */
    m->nwords = (cells + 63) / 64;
    m->peerset = calloc((size_t)cells * (size_t)m->nwords, sizeof *m->peerset);
    if (!m->peerset)
        goto done;
    for (int c = 0; c < cells; c++)
        for (int k = m->peer_first[c]; k < m->peer_first[c + 1]; k++)
            m->peerset[(size_t)c * (size_t)m->nwords + (size_t)(m->peers[k] / 64)] |=
                (uint64_t)1 << (m->peers[k] % 64);
    /* houses: the groups of n cells */
    m->houses = calloc(b->group_cells.len + 1, sizeof *m->houses);
    if (!m->houses)
        goto done;
    for (int g = 0; g < ngroups; g++) {
        int end = g + 1 < ngroups ? b->group_first.v[g + 1] : (int)b->group_cells.len;
        if (end - b->group_first.v[g] == m->n)
            memcpy(m->houses + (size_t)m->nhouses++ * (size_t)m->n,
                   b->group_cells.v + b->group_first.v[g], (size_t)m->n * sizeof(int));
    }
    if (build_locks(m, stamp))
        goto done;
    rc = 0;
done:
    free(peers.v);
    free(member_first);
    free(members);
    free(stamp);
    return rc;
}

static int build_links(vmodel *m, const vbuild *b)
{
    int cells = m->cells, npairs = (int)b->pairs.len / 4;
    ivec keys = {0};
    int rc = -1;
    m->link_first = calloc((size_t)cells + 1, sizeof *m->link_first);
    m->links = malloc(((size_t)npairs * 2 + 1) * sizeof *m->links);
    int *fill = malloc(((size_t)cells + 1) * sizeof *fill);
    if (!m->link_first || !m->links || !fill)
        goto done;
    for (int i = 0; i < npairs; i++) {
        const int *p = b->pairs.v + (size_t)4 * (size_t)i;
        m->link_first[p[0] + 1]++;
        m->link_first[p[1] + 1]++;
    }
    prefix(m->link_first, cells);
    memcpy(fill, m->link_first, (size_t)cells * sizeof *fill);
    for (int i = 0; i < npairs; i++) {
        const int *p = b->pairs.v + (size_t)4 * (size_t)i;
        int fwd = relation(m, b, &keys, p[2], p[3], 0), bwd = relation(m, b, &keys, p[2], p[3], 1);
        if (fwd < 0 || bwd < 0)
            goto done;
        m->links[fill[p[0]]++] = (vlink){p[1], fwd};
        m->links[fill[p[1]]++] = (vlink){p[0], bwd};
    }
    rc = 0;
done:
    free(keys.v);
    free(fill);
    return rc;
}

static int is_peer(const vmodel *m, int a, int b)
{
    if (!m || !m->peers)
        return 0;
    for (int k = m->peer_first[a]; k < m->peer_first[a + 1]; k++)
        if (m->peers[k] == b)
            return 1;
    return 0;
}

/* The cells of group g of b: *len of them. */
static const int *group_of(const vbuild *b, int g, int *len)
{
    int ngroups = (int)b->group_first.len, from = b->group_first.v[g];
    int end = g + 1 < ngroups ? b->group_first.v[g + 1] : (int)b->group_cells.len;
    *len = end - from;
    return b->group_cells.v + from;
}

int vb_ngroups(const vbuild *b)
{
    return (int)b->group_first.len;
}

const int *vb_group_cells(const vbuild *b, int g, int *len)
{
    return group_of(b, g, len);
}

/* Orders one sum's cells (len of them, weights w) into groups of one
 * weight whose cells all differ, gs[] at each group's first cell: first
 * the largest share of any one group (a row, a box, a diagonal, a cage
 * ...), again and again, then the cells left, each with every later one
 * that is a peer of the group so far. Bigger groups give the propagator
 * tighter bounds (k different digits sum to at least 1 + ... + k). */
static void group_sum(const vmodel *m, const vbuild *b, int *cells, int *w, int *gs, int len,
                      int *count, int *index)
{
    int ngroups = (int)b->group_first.len;
    int out[VARIANT_MAX_LINE], wout[VARIANT_MAX_LINE], taken[VARIANT_MAX_LINE] = {0};
    int k = 0;
    for (int i = len - 1; i >= 0; i--)
        index[cells[i]] = i; /* a cell twice in the sum: its first place */
    for (;;) {
        /* the group (and weight) holding the most cells not yet taken */
        int best = -1, best_n = 1, best_w = 0;
        for (int g = 0; g < ngroups; g++) {
            int glen, wt[NONET_MAX_SIDE], nw[NONET_MAX_SIDE], kinds = 0;
            const int *gc = group_of(b, g, &glen);
            if (glen <= best_n)
                continue;
            for (int j = 0; j < glen; j++) {
                int t = index[gc[j]], x = 0;
                if (t < 0 || taken[t])
                    continue;
                while (x < kinds && wt[x] != w[t])
                    x++;
                if (x == kinds) {
                    wt[kinds] = w[t];
                    nw[kinds++] = 0;
                }
                if (++nw[x] > best_n) {
                    best = g;
                    best_n = nw[x];
                    best_w = w[t];
                }
            }
        }
        if (best < 0)
            break;
        int glen;
        const int *gc = group_of(b, best, &glen);
        int first = k;
        for (int j = 0; j < glen; j++) {
            int t = index[gc[j]];
            if (t >= 0 && !taken[t] && w[t] == best_w) {
                taken[t] = 1;
                out[k] = cells[t];
                wout[k++] = w[t];
            }
        }
        count[first] = k - first;
    }
    for (int i = 0; i < len; i++) {
        if (taken[i])
            continue;
        int first = k;
        taken[i] = 1;
        out[k] = cells[i];
        wout[k++] = w[i];
        for (int j = i + 1; j < len; j++) {
            int fits = !taken[j] && w[j] == w[i];
            for (int t = first; t < k && fits; t++)
                fits = is_peer(m, out[t], cells[j]);
            if (fits) {
                taken[j] = 1;
                out[k] = cells[j];
                wout[k++] = w[j];
            }
        }
        count[first] = k - first;
    }
    for (int i = 0; i < len; i++) {
        index[cells[i]] = -1;
        cells[i] = out[i];
        w[i] = wout[i];
        gs[i] = 0;
    }
    for (int i = 0; i < len; i += count[i])
        gs[i] = count[i];
}

void vb_sum_range(const vbuild *b, const int *cells, int len, int *index, long *lo, long *hi)
{
    int mine[VARIANT_MAX_LINE], w[VARIANT_MAX_LINE], gs[VARIANT_MAX_LINE], count[VARIANT_MAX_LINE];
    memcpy(mine, cells, (size_t)len * sizeof *mine);
    for (int i = 0; i < len; i++)
        w[i] = 1;
    group_sum(NULL, b, mine, w, gs, len, count, index);
    long n = b->n;
    *lo = *hi = 0;
    for (int i = 0; i < len; i += gs[i]) {
        long k = gs[i];
        *lo += k * (k + 1) / 2;
        *hi += k * (2 * n - k + 1) / 2;
    }
}

static int group_sums(vmodel *m, const vbuild *b)
{
    size_t total = 0;
    for (int p = 0; p < m->nprops; p++)
        total += (size_t)m->props[p].len;
    m->gsize = calloc(total + 1, sizeof *m->gsize);
    if (!m->gsize)
        return -1;
    int count[VARIANT_MAX_LINE], *index = malloc((size_t)m->cells * sizeof *index);
    if (!index)
        return -1;
    for (int c = 0; c < m->cells; c++)
        index[c] = -1;
    for (int p = 0; p < m->nprops; p++) {
        const vprop *pr = &m->props[p];
        if (pr->kind == VP_SUM)
            group_sum(m, b, m->pcells + pr->first, m->weights + pr->wfirst, m->gsize + pr->first,
                      pr->len, count, index);
    }
    free(index);
    return 0;
}

/* The most digit sets a cage's table holds; a cage with more (large
 * grids) finds its sets as it goes. */
#define MAX_COMBOS 512

/* The sets of len different digits of full summing to target, into out
 * (at most MAX_COMBOS; returns how many, or -1 past that), highest digit
 * first from top down. */
static int combos_of(int top, int len, int target, uint64_t set, uint64_t *out, int k)
{
    if (len == 0)
        return target == 0 ? (k < MAX_COMBOS ? (out[k] = set, k + 1) : -1) : k;
    for (int d = top; d >= len && k >= 0; d--) {
        int most = (len - 1) * (2 * d - len) / 2; /* the len-1 below d, largest */
        if (d > target)
            continue;
        if (d + most < target)
            break;
        k = combos_of(d - 1, len - 1, target - d, set | (uint64_t)1 << (d - 1), out, k);
    }
    return k;
}

/* The sets of different digits from 2 to top summing to target (any
 * number of them: what a sandwich's filling can be), into out as
 * combos_of does. */
static int fillings_of(int top, int target, uint64_t set, uint64_t *out, int k)
{
    if (target == 0)
        return k < MAX_COMBOS ? (out[k] = set, k + 1) : -1;
    for (int d = top < target ? top : target; d >= 2 && k >= 0; d--) {
        if ((d + 2) * (d - 1) / 2 < target) /* 2 + ... + d, the most left */
            break;
        k = fillings_of(d - 1, target - d, set | (uint64_t)1 << (d - 1), out, k);
    }
    return k;
}

/* Each cage's digit sets, each sandwich's fillings and each renban's
 * runs, listed once at build. */
static int build_combos(vmodel *m)
{
    uint64_t *list = malloc(MAX_COMBOS * sizeof *list);
    size_t total = 0, cap = 64;
    m->combos = malloc(cap * sizeof *m->combos); /* never NULL: a cage's
                                                    empty table points in */
    if (!list || !m->combos) {
        free(list);
        return -1;
    }
    for (int p = 0; p < m->nprops; p++) {
        vprop *pr = &m->props[p];
        int k;
        if (pr->kind == VP_CAGE && pr->target > 0)
            k = combos_of(m->n, pr->len, pr->target, 0, list, 0);
        else if (pr->kind == VP_SANDWICH && pr->target >= 0)
            k = fillings_of(m->n - 1, pr->target, 0, list, 0);
        else if (pr->kind == VP_RENBAN)           /* no longer than n (model.c) */
            for (k = 0; k + pr->len <= m->n; k++) /* its runs */
                list[k] = full_set(pr->len) << k;
        else if (pr->kind == VP_SETS) /* listed by the builder (vb_sets) */
            for (k = 0; k < pr->target; k++)
                list[k] = (uint64_t)(uint32_t)m->weights[pr->wfirst + 2 * k] |
                          (uint64_t)(uint32_t)m->weights[pr->wfirst + 2 * k + 1] << 32;
        else
            continue;
        if (k < 0)
            continue;
        if (total + (size_t)k > cap) {
            size_t want = 2 * (total + (size_t)k) + 64;
            uint64_t *grown = realloc(m->combos, want * sizeof *grown);
            if (!grown) {
                free(list);
                return -1;
            }
            m->combos = grown;
            cap = want;
        }
        if (k)
            memcpy(m->combos + total, list, (size_t)k * sizeof *list);
        pr->cfirst = (int)total;
        pr->ncombos = k;
        total += (size_t)k;
    }
    free(list);
    return 0;
}

static int build_watch(vmodel *m)
{
    int cells = m->cells;
    size_t total = 0;
    for (int p = 0; p < m->nprops; p++)
        total += (size_t)m->props[p].len;
    m->watch_first = calloc((size_t)cells + 1, sizeof *m->watch_first);
    m->watch = malloc((total + 1) * sizeof *m->watch);
    int *fill = malloc(((size_t)cells + 1) * sizeof *fill);
    int rc = -1;
    if (!m->watch_first || !m->watch || !fill)
        goto done;
    for (int p = 0; p < m->nprops; p++)
        for (int i = 0; i < m->props[p].len; i++)
            m->watch_first[m->pcells[m->props[p].first + i] + 1]++;
    prefix(m->watch_first, cells);
    memcpy(fill, m->watch_first, (size_t)cells * sizeof *fill);
    for (int p = 0; p < m->nprops; p++)
        for (int i = 0; i < m->props[p].len; i++)
            m->watch[fill[m->pcells[m->props[p].first + i]]++] = p;
    rc = 0;
done:
    free(fill);
    return rc;
}

/* Whether the len cells all differ: each shares a group with each other. */
static int all_peers(const vmodel *m, const int *cells, int len)
{
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len; j++)
            if (!(m->peerset[(size_t)cells[i] * (size_t)m->nwords + (size_t)(cells[j] / 64)] >>
                      (cells[j] % 64) &
                  1))
                return 0;
    return 1;
}

/* A hash of what a line's unrolling depends on: its automaton, its
 * cells' candidates, whether they all differ (FNV-1a). */
static uint64_t line_key(const vdfa *d, const uint64_t *masks, int len, int distinct)
{
    uint64_t h = 1469598103934665603u;
    const unsigned char *parts[4] = {(const unsigned char *)d->next, d->accept,
                                     (const unsigned char *)d->starts,
                                     (const unsigned char *)masks};
    size_t sizes[4] = {(size_t)d->nstates * (size_t)d->n * sizeof *d->next, (size_t)d->nstates,
                       (size_t)d->nstarts * sizeof *d->starts, (size_t)len * sizeof *masks};
    for (int k = 0; k < 4; k++)
        for (size_t i = 0; i < sizes[k]; i++)
            h = (h ^ parts[k][i]) * 1099511628211u;
    return h ^ ((uint64_t)len << 1 | (uint64_t)distinct) * 0x9E3779B97F4A7C15u;
}

/* Whether two lines' unrollings are the same: the same automaton over the
 * same candidates. */
static int same_line(const vdfa *a, const vdfa *b, const uint64_t *ma, const uint64_t *mb, int len)
{
    return a->n == b->n && a->nstates == b->nstates && a->nstarts == b->nstarts &&
           !memcmp(a->next, b->next, (size_t)a->nstates * (size_t)a->n * sizeof *a->next) &&
           !memcmp(a->accept, b->accept, (size_t)a->nstates) &&
           !memcmp(a->starts, b->starts, (size_t)a->nstarts * sizeof *a->starts) &&
           !memcmp(ma, mb, (size_t)len * sizeof *ma);
}

/* Each automaton unrolled over its line, from the candidates at the start
 * (the line's rule checked its size when it was added), with the digits
 * used when the cells all differ (exact for both rules) unless that is
 * too large; a line like one unrolled before (the same automaton, length,
 * candidates and distinctness: a rule over many lines, doppelganger's
 * 243) copied rather than unrolled again; and the work space of the
 * widest. */
static int build_lines(vmodel *m, const vbuild *b)
{
    size_t words = 1, ints = 1;
    uint64_t masks[VARIANT_MAX_LINE] = {0};
    m->lines = calloc((size_t)b->ndfas + 1, sizeof *m->lines);
    uint64_t *keys = calloc((size_t)b->ndfas + 1, sizeof *keys);
    int *props = calloc((size_t)b->ndfas + 1, sizeof *props), built = 0;
    if (!m->lines || !keys || !props) {
        free(keys);
        free(props);
        return -1;
    }
    m->nlines = b->ndfas;
    for (int p = 0; p < m->nprops; p++) {
        const vprop *pr = &m->props[p];
        if (pr->kind != VP_AUTOMATON)
            continue;
        for (int i = 0; i < pr->len; i++)
            masks[i] = m->start[m->pcells[pr->first + i]];
        vline *l = &m->lines[pr->line];
        const vdfa *d = &b->dfas[pr->line];
        int distinct = all_peers(m, m->pcells + pr->first, pr->len), rc = NONET_EARG;
        uint64_t key = line_key(d, masks, pr->len, distinct);
        for (int j = 0; j < built && rc == NONET_EARG; j++) {
            const vprop *q = &m->props[props[j]];
            uint64_t qmasks[VARIANT_MAX_LINE] = {0};
            if (keys[j] != key || q->len != pr->len ||
                all_peers(m, m->pcells + q->first, q->len) != distinct)
                continue;
            for (int i = 0; i < q->len; i++)
                qmasks[i] = m->start[m->pcells[q->first + i]];
            if (same_line(d, &b->dfas[q->line], masks, qmasks, pr->len))
                rc = vline_copy(l, &m->lines[q->line]);
        }
        if (rc == NONET_EARG && distinct)
            rc = vline_build(l, d, pr->len, masks, 1, NULL, 0);
        if (rc == NONET_EARG)
            rc = vline_build(l, d, pr->len, masks, 0, NULL, 0);
        if (rc != NONET_OK) {
            free(keys);
            free(props);
            return -1;
        }
        keys[built] = key;
        props[built++] = p;
        words = vline_sets(l) > words ? vline_sets(l) : words;
        ints = vline_lists(l) > ints ? vline_lists(l) : ints;
    }
    free(keys);
    free(props);
    m->scratch = calloc(words, sizeof *m->scratch);
    m->lists = malloc(ints * sizeof *m->lists);
    return m->scratch && m->lists ? 0 : -1;
}

int vmodel_build(const nonet_variant *v, vmodel *m)
{
    const nonet_grid *g = &v->grid;
    int n = g->n, cells = n * n, nd = v->nd;
    memset(m, 0, sizeof *m);
    m->n = nd;
    m->cells = cells;
    m->full = full_set(nd);
    vbuild b = {.n = nd, .cells = cells};
    m->start = malloc((size_t)cells * sizeof *m->start);
    if (!m->start)
        goto fail;
    b.start = m->start;
    for (int c = 0; c < cells; c++)
        m->start[c] = g->cells[c] ? (uint64_t)1 << (g->cells[c] - 1) : m->full;
    /* rows, columns, regions (the boxes' unless the no-boxes rule leaves
     * them out: region then holds the rows, for the rule of 45) */
    uint8_t region[NONET_MAX_CELLS];
    int boxes = variant_house_regions(v, region);
    int h[NONET_MAX_SIDE];
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            h[j] = i * n + j;
        if (vb_group(&b, h, n))
            goto fail;
        for (int j = 0; j < n; j++)
            h[j] = j * n + i;
        if (vb_group(&b, h, n))
            goto fail;
        int len = 0;
        for (int c = 0; c < cells && boxes; c++)
            if (region[c] == i)
                h[len++] = c;
        if (vb_group(&b, h, len))
            goto fail;
    }
    for (int i = 0; i < v->ncons; i++)
        if (vcon_compile(v, &v->cons[i], &b))
            goto fail;
    if (vderive(v, &b, region))
        goto fail;
    for (int c = 0; c < cells; c++)
        m->start[c] &= m->full;
    if (build_peers(m, &b) || build_links(m, &b))
        goto fail;
    m->nprops = b.nprops;
    m->props = b.props;
    b.props = NULL;
    m->pcells = b.prop_cells.v;
    b.prop_cells.v = NULL;
    m->weights = b.weights.v;
    b.weights.v = NULL;
    if (group_sums(m, &b) || build_combos(m) || build_watch(m) || build_lines(m, &b))
        goto fail;
    build_free(&b);
    return NONET_OK;
fail:
    build_free(&b);
    vmodel_free(m);
    return NONET_ENOMEM;
}

/* ------------------------------------------------------------ a constraint alone, checked */

vbuild *vb_scratch(int n, int nd)
{
    vbuild *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->n = nd;
    b->cells = n * n;
    b->start = malloc((size_t)n * (size_t)n * sizeof *b->start);
    if (!b->start) {
        free(b);
        return NULL;
    }
    for (int c = 0; c < n * n; c++)
        b->start[c] = full_set(nd);
    return b;
}

void vb_scratch_free(vbuild *b)
{
    if (!b)
        return;
    build_free(b);
    free(b->start);
    free(b);
}

/* Whether the digits g[cells[0 .. len)] keep propagator p of b (all
 * filled). */
static int prop_keeps(const vbuild *b, const vprop *p, const uint8_t *g)
{
    const int *cells = b->prop_cells.v + p->first;
    int n = b->n, len = p->len;
    switch (p->kind) {
    case VP_SUM: {
        long s = 0;
        for (int i = 0; i < len; i++)
            s += (long)b->weights.v[p->wfirst + i] * g[cells[i]];
        return s == p->target;
    }
    case VP_CAGE: {
        int s = 0;
        for (int i = 0; i < len; i++)
            s += g[cells[i]];
        return s == p->target;
    }
    case VP_SETS: {
        uint64_t set = 0;
        for (int i = 0; i < len; i++)
            set |= (uint64_t)1 << (g[cells[i]] - 1);
        for (int i = 0; i < p->target; i++)
            if (set == ((uint64_t)(uint32_t)b->weights.v[p->wfirst + 2 * i] |
                        (uint64_t)(uint32_t)b->weights.v[p->wfirst + 2 * i + 1] << 32))
                return 1;
        return 0;
    }
    case VP_RENBAN: {
        int lo = n, hi = 0;
        for (int i = 0; i < len; i++) {
            lo = g[cells[i]] < lo ? g[cells[i]] : lo;
            hi = g[cells[i]] > hi ? g[cells[i]] : hi;
        }
        return hi - lo + 1 == len;
    }
    case VP_SANDWICH: {
        int a = -1, z = -1, s = 0;
        for (int i = 0; i < len; i++) {
            a = g[cells[i]] == 1 ? i : a;
            z = g[cells[i]] == n ? i : z;
        }
        if (a < 0 || z < 0)
            return 0;
        for (int i = (a < z ? a : z) + 1; i < (a < z ? z : a); i++)
            s += g[cells[i]];
        return s == p->target;
    }
    case VP_CONTAINS: {
        int have[NONET_MAX_SIDE + 1] = {0};
        for (int i = 0; i < len; i++)
            have[g[cells[i]]]++;
        for (int i = 0; i < p->target; i++)
            if (--have[b->weights.v[p->wfirst + i]] < 0)
                return 0;
        return 1;
    }
    case VP_CLASSES: {
        unsigned seen = 0;
        for (int i = 0; i < len; i++)
            if (g[cells[i]])
                seen |= 1u << b->weights.v[p->wfirst + g[cells[i]] - 1];
            else
                return 1; /* a blank could hold any class */
        return seen == (1u << p->target) - 1;
    }
    default: /* a kind with no check here breaks nothing: give it one */
        return 1;
    }
}

int vb_broken(const vbuild *b, const uint8_t *g)
{
    for (int c = 0; c < b->cells; c++)
        if (g[c] && !(b->start[c] >> (g[c] - 1) & 1))
            return c + 1;
    for (size_t i = 0; i < b->group_first.len; i++) {
        int len;
        const int *cells = group_of(b, (int)i, &len);
        for (int x = 0; x < len; x++)
            for (int y = x + 1; y < len; y++)
                if (g[cells[x]] && g[cells[x]] == g[cells[y]])
                    return cells[y] + 1;
    }
    for (size_t i = 0; i + 4 <= b->pairs.len; i += 4) {
        const int *p = b->pairs.v + i;
        if (g[p[0]] && g[p[1]] && !holds(b, p[2], p[3], g[p[0]], g[p[1]]))
            return p[0] + 1;
    }
    for (int i = 0; i < b->nprops; i++) {
        const vprop *p = &b->props[i];
        const int *cells = b->prop_cells.v + p->first;
        if (p->kind == VP_AUTOMATON) { /* blanks too: whether some filling of them fits */
            int at = vdfa_broken(&b->dfas[p->line], g, cells, p->len);
            if (at < -1)
                return -1;
            if (at >= 0)
                return cells[at] + 1;
            continue;
        }
        int filled = 1;
        for (int k = 0; k < p->len && filled; k++)
            filled = g[cells[k]] != 0;
        if (filled && !prop_keeps(b, p, g))
            return cells[0] + 1;
    }
    return 0;
}
