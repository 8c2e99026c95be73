/* chains.h - the chain engine's pieces shared by chains.c (the searches
 * and hints) and links.c (propagation): implications between candidates,
 * the sets a propagation reaches, and the working grid it reduces.
 *
 * A node is a candidate in one of two states: "on" (the digit is placed)
 * or "off" (the candidate is removed). Its id is (cell * n + digit - 1) * 2
 * + on, so the two states of a candidate are neighbours. A propagation
 * (struct prop) starts from one assumed node and records every node it
 * reaches, each once, with the nodes it was derived from: its parents.
 * The first parent is the link that produced it; in dynamic mode an "on"
 * node also has hidden parents, the removed candidates that made its cell
 * bivalue or its unit bilocal, and a node found by a nested rule has the
 * removed candidates the rule relied on. A chain's complexity counts the
 * distinct ancestors of its conclusion, as Sudoku Explainer does. */
#ifndef NONET_CHAINS_H
#define NONET_CHAINS_H

#include "human/human.h"

/* Boards larger than this get no chains (the sets grow with n^3), and
 * larger than CHAIN_NEST_MAX_SIDE no nested chains (levels 2-5: a chain
 * search at every stall of every propagation). */
#define CHAIN_MAX_SIDE 25
#define CHAIN_NEST_MAX_SIDE 9

/* Why a node holds, as far as a nested rule's parents go (SE's causes):
 * an "on" node forced as its cell's last candidate, or as its digit's last
 * place in a unit (the unit's number); an "off" node removed by an "on"
 * node in the same cell, or in a unit. */
#define CAUSE_NONE (-1)
#define CAUSE_CELL (-2)

typedef struct crec {
    int32_t id;
    int32_t par, npar; /* parents: pool[par .. par + npar), record indices */
    int32_t anc;       /* ancestors (itself included); 0 until counted */
    int32_t member;    /* in the sets (0: a clash's second node, or a cycle's end) */
    int32_t cause;     /* CAUSE_NONE, CAUSE_CELL or a unit */
    int32_t nest;      /* a nested chain behind it (prop.nest), or -1 */
} crec;

/* A chain found by a nested rule (levels 2-5), which a node relies on:
 * its identity (SE counts each distinct nested chain once per hint) and
 * complexity. */
typedef struct cnest {
    uint64_t hash;
    int complexity;
} cnest;

/* The on and off sets of one propagation, in the order they grew. */
typedef struct prop {
    crec *rec;
    int nrec, rcap;
    int32_t *pool;
    int npool, pcap;
    uint64_t *in; /* node ids reached */
    int32_t *at;  /* node id -> record, where in */
    int32_t *qon, *qoff;
    int non, noff;
    int clash_on, clash_off; /* the two records of a contradiction, or -1 */
    cnest *nest;
    int nnest, ncap;
} prop;

/* What a propagation may use: SE's producers differ only in these. */
typedef struct chain_mode {
    int y;       /* links inside a cell (bivalue cells) */
    int x;       /* links inside a unit (bilocal units) */
    int dynamic; /* removed candidates leave the working grid */
    int level;   /* 1: pointing, claiming, pairs and x-wing inside; 2-5:
                    chains inside too (SE's nesting levels) */
} chain_mode;

struct nest_hints;
struct chain_reach;

typedef struct chain_ctx {
    const hstate *s;
    int n, nnodes, words;
    chain_mode mode;
    uint64_t *cand0, *where0; /* the grid searched (the working grid's start) */
    uint64_t *cand;           /* the working grid: candidates per cell */
    uint64_t *where;          /* [unit * n + digit - 1]: places left */
    int32_t *removed;
    int nremoved;
    int placed[NONET_MAX_SIDE]; /* clues and placements of each digit */
    uint32_t *seen;             /* node id -> stamp, for counting */
    uint32_t stamp;
    int32_t *stack;
    /* one node's links and their causes (link and link_cause point into
     * lbuf/cbuf, or into the cache) */
    const int32_t *link, *link_cause;
    int32_t *lbuf, *cbuf;
    int nlink;
    /* static searches: one implication graph per grid, shared by every
     * static mode (the cycles and forcing chains of each pass, the static
     * multiple forcing chains, the reach map): each node's links in the
     * fullest mode (y and x), computed once per grid (cache_gen[id] ==
     * gen: at cache_at[id], cache_n[id] of them, the first cache_cell[id]
     * inside its cell); a mode reads its part of them. A new grid
     * (chain_ctx_prepare with other candidates) keeps the links of the
     * nodes it did not change when it is the old one with candidates
     * removed (the next find's; graph_update in links.c), else starts
     * over. */
    uint32_t gen, *cache_gen;
    int32_t *cache_at, *cache_n, *cache_cell;
    int32_t *cache, *cache_cause;
    int ncache, cache_cap, cause_cap;
    int graph_rows, graph_cols; /* the box shape of the grid it holds; 0: none */
    uint64_t *meet;             /* rule_locking's shared places of unit pairs */
    int meet_rows;              /* the box shape they were made for */
    int cwords;                 /* words of a set of cells */
    uint64_t *zone;             /* [cell * cwords]: the cells of its units, itself too */
    uint64_t *dside;            /* [2 * n * cwords]: a cycle's cells seen per digit and side */
    uint64_t *inbox;            /* [cell * 2 + 0 / 1]: the places of its row / column in its box */
    uint8_t *cellmark;          /* scratch per cell */
    uint64_t *fw, *bw;          /* scratch per cell: a cycle's eliminations */
    prop *props;                /* slots, 2n + 2 of them */
    int nprops;
    int failed;        /* out of memory, or stopped (watch) */
    int reference;     /* the plain path, for tests: every link computed for
                          its mode when asked (no shared graph) and no
                          bound that skips work (hlist.reference) */
    stop_watch *watch; /* NULL, or ticked at each propagation step */
    /* one search's "on" propagations, each computed once (a unit's
     * branches are other cells' own assumptions): memo[cell * n + d - 1]
     * holds (cell, d) on when memo_stamp[] == memo_gen; 9x9 and smaller */
    prop *memo;
    int nmemo;
    uint32_t *memo_stamp, memo_gen;
    struct chain_reach *reach;  /* what a static search can reach (reach.c) */
    const int32_t *reach_comp;  /* its components (node id -> one), NULL: none */
    const uint64_t *reach_rows; /* its rows (component -> those it reaches) */
    int reach_words;            /* words a row has */
    struct chain_ctx *inner;    /* the nested rules' engine (levels 2-5) */
    struct nest_hints *hints;   /* what a nested search found */
} chain_ctx;

#define NODE_ID(n, c, d, on) ((((c) * (n) + (d)-1) << 1) | (on))
#define NODE_CELL(n, id) (((id) >> 1) / (n))
#define NODE_DIGIT(n, id) (((id) >> 1) % (n) + 1)
#define NODE_ON(id) ((id)&1)

static inline int prop_has(const prop *p, int id)
{
    return (int)(p->in[id >> 6] >> (id & 63)) & 1;
}

void links_on_to_off(chain_ctx *x, int id);
void links_off_to_on(chain_ctx *x, int id);

/* Node id's links into x->link, x->link_cause, x->nlink: read from the
 * grid's graph when a static search has them there (the part the mode
 * has: an "on" node's cell links come first, then its units'; an "off"
 * node's cell link first, then its units'), computed otherwise. */
static inline void chain_links(chain_ctx *x, int id)
{
    if (!x->mode.dynamic && !x->reference && x->cache_gen[id] == x->gen) {
        int all = x->cache_n[id], cell = x->cache_cell[id];
        int lo = x->mode.y ? 0 : cell, hi = NODE_ON(id) || x->mode.x ? all : cell;
        x->nlink = hi > lo ? hi - lo : 0;
        if (x->nlink) { /* none: the graph may not exist yet */
            x->link = x->cache + x->cache_at[id] + lo;
            x->link_cause = x->cache_cause + x->cache_at[id] + lo;
        }
        return;
    }
    if (NODE_ON(id))
        links_on_to_off(x, id);
    else
        links_off_to_on(x, id);
}

/* links.c */
/* Makes room for need elements of size bytes in *ptr (capacity *cap,
 * doubling). Returns 0 when out of memory (*ptr left as it was). */
int chain_grow(void **ptr, int *cap, int need, size_t size);
/* Call after changing x->mode: a new search (the memo of propagate_on
 * starts over; the static links of the grid are kept). */
void chain_set_mode(chain_ctx *x, chain_mode mode);
/* Readies x to search s (cand/where: the candidates to search, NULL for
 * s's own; a nested rule searches an outer chain's working grid). */
int chain_ctx_prepare(chain_ctx *x, const hstate *s, const uint64_t *cand, const uint64_t *where);
void chain_ctx_free(chain_ctx *x);
void prop_reset(chain_ctx *x, prop *p);
/* Room for one more record (prop_add), one more parent (prop_parent);
 * 0 when out of memory (x->failed set). */
int prop_grow(chain_ctx *x, prop *p);
int prop_pool_grow(chain_ctx *x, prop *p);

/* Adds a record of node id to p (member: in its sets, p->in and p->at);
 * returns its index, or -1 when out of memory. */
static inline int prop_add(chain_ctx *x, prop *p, int id, int member)
{
    if (p->nrec == p->rcap && !prop_grow(x, p))
        return -1;
    int r = p->nrec++;
    crec *rec = &p->rec[r];
    rec->id = id;
    rec->par = p->npool;
    rec->npar = 0;
    rec->anc = 0;
    rec->member = member;
    rec->cause = CAUSE_NONE;
    rec->nest = -1;
    if (member) {
        p->in[id >> 6] |= (uint64_t)1 << (id & 63);
        p->at[id] = r;
    }
    return r;
}

/* Gives record r (the last one added) one more parent, a record index. */
static inline void prop_parent(chain_ctx *x, prop *p, int r, int parent)
{
    if (p->npool >= p->pcap && !prop_pool_grow(x, p))
        return;
    p->pool[p->npool++] = parent;
    p->rec[r].npar++;
}
/* SE's doChaining: from the assumption `id`, to closure or to the first
 * contradiction (p->clash_on/off). Returns 1 on a contradiction. */
int propagate(chain_ctx *x, prop *p, int id);
/* The propagation of (c, d) on in the current search: from the memo, or
 * computed into it (into slot `spare` on boards too big for the memo). A
 * new search (chain_set_mode) starts a new memo. NULL when out of memory. */
prop *propagate_on(chain_ctx *x, int c, int d, prop *spare);
/* A fresh mark for x->seen (node id -> mark). */
uint32_t chain_stamp(chain_ctx *x);
/* Distinct ancestors of record r, itself included. */
int ancestors(chain_ctx *x, prop *p, int r);
/* Adds an off node found by a nested rule, with its parents (records of
 * p) and the nested chain (hash, complexity; complexity 0: none). */
void prop_advanced(chain_ctx *x, prop *p, int id, const int32_t *par, int npar, uint64_t hash,
                   int complexity);

/* reach.c: for the static links of x's grid and mode (not dynamic; 9x9
 * and smaller), which nodes lie on a cycle and, with rows, which reach
 * which (without: chain_reaches answers 1). Returns 1 when built, 0 when
 * not (the tests below then answer 1: maybe). Build again after changing
 * the grid or the mode. */
int chain_reach_build(chain_ctx *x, int rows);
/* 0 when no path leads from id back to itself; 1: there may be one. */
int chain_on_cycle(const chain_ctx *x, int id);
/* 0 when a and b are not on a cycle together (no path from each to the
 * other); 1: they may be. */
static inline int chain_same_component(const chain_ctx *x, int a, int b)
{
    const int32_t *comp = x->reach_comp;
    if (!comp || comp[a] < 0 || comp[b] < 0)
        return 1; /* unknown: maybe */
    return comp[a] == comp[b];
}

/* 0 when no path leads from node from to node to; 1: there may be one. */
static inline int chain_reaches(const chain_ctx *x, int from, int to)
{
    const int32_t *comp = x->reach_comp;
    if (!comp || !x->reach_rows || comp[from] < 0 || comp[to] < 0)
        return 1; /* unknown: maybe */
    int a = comp[from], b = comp[to];
    return (int)(x->reach_rows[(size_t)a * (size_t)x->reach_words + (size_t)(b >> 6)] >> (b & 63)) &
           1;
}
void chain_reach_free(struct chain_reach *r);

/* chains.c: the chain rules of nesting level x->mode.level (2-5) on the
 * working grid, after the basic ones found nothing; their eliminations
 * that rely on candidates the chain removed join p. Returns how many
 * eliminations the first rule that had any found. */
int nested_rules(chain_ctx *x, prop *p);
/* The complexities of the distinct nested chains behind the given
 * records (one per branch: props[i], record rec[i]). */
int nested_complexity(chain_ctx *x, prop *const *props, const int *rec, int nbranches);
void nest_hints_free(struct nest_hints *h);

#endif
