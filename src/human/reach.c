/* reach.c - what a static chain search can reach at all: the strongly
 * connected components of the links of a grid and mode (links_on_to_off,
 * links_off_to_on), and for each component the components it reaches.
 *
 * A pass of the cycle and forcing-chain producer (chains.c, loops) starts
 * a breadth-first search at every candidate, and nearly all of them find
 * nothing: about 99.6% of forcing-chain searches on the chain tier. A
 * cycle through a node needs a component of two nodes or more; a forcing
 * chain from a node to its opposite needs the opposite in reach. Both
 * tests are exact for "no path at all", so the searches they skip are
 * ones that could not have found anything: the hints and their order do
 * not change. Tarjan's algorithm numbers the components sinks first, so a
 * component's reach is complete when it is: its own bit and its
 * successors' reach. */
#include "human/chains.h"

#include <stdlib.h>
#include <string.h>

struct chain_reach {
    int cap;        /* nodes the arrays hold */
    int32_t *comp;  /* node id -> component, -1: not in the graph */
    int32_t *size;  /* component -> nodes in it */
    int32_t *index; /* Tarjan's numbering, -1: not visited */
    int32_t *low;   /* the lowest index reachable within the stack */
    int32_t *stack; /* nodes of components not yet complete */
    struct frame {
        int32_t node, next; /* the next of its links to follow */
    } * frames;             /* the depth-first path */
    uint8_t *on_stack;
    uint64_t *reach; /* component -> the components it reaches (bits) */
    int reach_cap;   /* words reach holds */
    int words;       /* words a component's row has */
    int ready;
    int rows; /* the reach rows were built (else chain_reaches: maybe) */
};

/* Frees the per-node arrays (not the reach rows). */
static void free_nodes(struct chain_reach *r)
{
    free(r->comp);
    free(r->size);
    free(r->index);
    free(r->low);
    free(r->stack);
    free(r->frames);
    free(r->on_stack);
}

void chain_reach_free(struct chain_reach *r)
{
    if (!r)
        return;
    free_nodes(r);
    free(r->reach);
    free(r);
}

/* Scratch for x's nodes; 0 when out of memory. */
static int ready_scratch(chain_ctx *x)
{
    struct chain_reach *r = x->reach;
    if (!r && !(r = x->reach = calloc(1, sizeof *r)))
        return 0;
    if (r->cap < x->nnodes) {
        size_t nn = (size_t)x->nnodes;
        free_nodes(r);
        r->comp = malloc(nn * sizeof *r->comp);
        r->size = malloc(nn * sizeof *r->size);
        r->index = malloc(nn * sizeof *r->index);
        r->low = malloc(nn * sizeof *r->low);
        r->stack = malloc(nn * sizeof *r->stack);
        r->frames = malloc(nn * sizeof *r->frames);
        r->on_stack = calloc(nn, 1);
        r->cap = r->comp && r->size && r->index && r->low && r->stack && r->frames && r->on_stack
                     ? x->nnodes
                     : 0;
    }
    return r->cap >= x->nnodes;
}

/* Tarjan's walk's counters. */
typedef struct walk {
    int counter, top, ncomp, bound;
} walk;

/* The depth-first walk from root (not visited yet): every component it
 * completes gets its number, size and reach. 0 when there are more
 * components than the bound (then no test). */
static int visit(chain_ctx *x, struct chain_reach *r, walk *g, int root)
{
    r->frames[0] = (struct frame){root, 0};
    int depth = 1;
    r->index[root] = r->low[root] = g->counter++;
    r->stack[g->top++] = root;
    r->on_stack[root] = 1;
    int fetched = 0; /* the frame whose links x->link holds (0: none) */
    while (depth > 0) {
        struct frame *f = &r->frames[depth - 1];
        int v = f->node;
        /* again after a step down or up: another node's links (and a
         * component's, below) take x->link and may move the graph */
        if (fetched != depth) {
            chain_links(x, v);
            fetched = depth;
        }
        if (f->next < x->nlink) {
            int w = x->link[f->next++];
            if (r->index[w] == -1) {
                r->index[w] = r->low[w] = g->counter++;
                r->stack[g->top++] = w;
                r->on_stack[w] = 1;
                r->frames[depth++] = (struct frame){w, 0};
            } else if (r->on_stack[w] && r->index[w] < r->low[v]) {
                r->low[v] = r->index[w];
            }
            continue;
        }
        depth--;
        if (depth > 0) {
            int u = r->frames[depth - 1].node;
            if (r->low[v] < r->low[u])
                r->low[u] = r->low[v];
        }
        if (r->low[v] != r->index[v])
            continue;
        /* v roots a component: its nodes leave the stack; its reach is
         * itself and what its nodes' links lead to (all complete) */
        fetched = 0;
        if (g->ncomp == g->bound)
            return 0; /* not a node of the grid after all: no test */
        int k = g->ncomp++, from = g->top;
        do {
            int w = r->stack[--from];
            r->on_stack[w] = 0;
            r->comp[w] = k;
        } while (r->stack[from] != v);
        r->size[k] = g->top - from;
        if (!r->rows) {
            g->top = from;
            continue;
        }
        uint64_t *row = r->reach + (size_t)k * (size_t)r->words;
        memset(row, 0, (size_t)r->words * sizeof *row);
        row[k >> 6] |= (uint64_t)1 << (k & 63);
        for (int i = from; i < g->top; i++) {
            chain_links(x, r->stack[i]);
            for (int j = 0; j < x->nlink; j++) {
                int c2 = r->comp[x->link[j]];
                /* each successor once: its reach holds its own bit */
                if (c2 >= 0 && !(row[c2 >> 6] >> (c2 & 63) & 1)) {
                    const uint64_t *other = r->reach + (size_t)c2 * (size_t)r->words;
                    for (int q = 0; q < r->words; q++)
                        row[q] |= other[q];
                }
            }
        }
        g->top = from;
    }
    return 1;
}

int chain_reach_build(chain_ctx *x, int rows)
{
    x->reach_comp = NULL; /* (chain_same_component, chain_reaches: maybe) */
    x->reach_rows = NULL;
    if (x->mode.dynamic || x->n > CHAIN_NEST_MAX_SIDE || !ready_scratch(x)) {
        if (x->reach)
            x->reach->ready = 0;
        return 0;
    }
    struct chain_reach *r = x->reach;
    r->ready = 0;
    r->rows = rows;
    if (!r->index || !r->comp)
        return 0; /* (ready_scratch made them) */
    const hstate *s = x->s;
    int n = x->n;
    /* -1 in every int32_t: not visited, in no component */
    memset(r->index, 0xFF, (size_t)x->nnodes * sizeof *r->index);
    memset(r->comp, 0xFF, (size_t)x->nnodes * sizeof *r->comp);
    /* every node a link leads to is a candidate of the grid searched or of
     * its start: a row of bits for every component there can be */
    walk g = {0, 0, 0, 0};
    for (int c = 0; c < s->ncells; c++)
        g.bound += 2 * h_count(x->cand[c] | x->cand0[c]);
    if (g.bound == 0)
        return 0; /* nothing to search */
    r->words = (g.bound + 63) / 64;
    if (rows && r->reach_cap < g.bound * r->words) {
        uint64_t *more = realloc(r->reach, (size_t)g.bound * (size_t)r->words * sizeof *more);
        if (!more)
            return 0;
        r->reach = more;
        r->reach_cap = g.bound * r->words;
    }
    /* the searches start at candidates (in id order: cell, digit, off
     * before on); what they lead to is visited from there */
    for (int c = 0; c < s->ncells; c++)
        for (uint64_t m = s->value[c] ? 0 : x->cand[c] | x->cand0[c]; m; m &= m - 1)
            for (int on = 0; on < 2; on++) {
                int root = NODE_ID(n, c, lowest_bit(m) + 1, on);
                if (r->index[root] == -1 && !visit(x, r, &g, root))
                    return 0;
            }
    r->ready = !x->failed;
    if (r->ready) {
        x->reach_comp = r->comp;
        x->reach_rows = r->rows ? r->reach : NULL;
        x->reach_words = r->words;
    }
    return r->ready;
}

int chain_on_cycle(const chain_ctx *x, int id)
{
    const struct chain_reach *r = x->reach;
    if (!r || !r->ready || r->comp[id] < 0)
        return 1; /* unknown: maybe */
    return r->size[r->comp[id]] > 1;
}
