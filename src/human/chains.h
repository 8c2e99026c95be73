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

#include "human.h"

/* Boards larger than this get no chains (the sets grow with n^3). */
#define CHAIN_MAX_SIDE 25

typedef struct crec {
    int32_t id;
    int32_t par, npar; /* parents: pool[par .. par + npar), record indices */
    int32_t anc;       /* ancestors (itself included); 0 until counted */
    int32_t member;    /* in the sets (0: a clash's second node, or a cycle's end) */
} crec;

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
} prop;

/* What a propagation may use: SE's producers differ only in these. */
typedef struct chain_mode {
    int y;       /* links inside a cell (bivalue cells) */
    int x;       /* links inside a unit (bilocal units) */
    int dynamic; /* removed candidates leave the working grid */
    int level;   /* 1: pointing, claiming, pairs and x-wing inside */
} chain_mode;

typedef struct chain_ctx {
    const hstate *s;
    int n, nnodes, words;
    chain_mode mode;
    uint64_t *cand;  /* the working grid: candidates per cell */
    uint64_t *where; /* [unit * n + digit - 1]: places left */
    int32_t *removed;
    int nremoved;
    int placed[NONET_MAX_SIDE]; /* clues and placements of each digit */
    uint32_t *seen;             /* node id -> stamp, for counting */
    uint32_t stamp;
    int32_t *stack;
    int32_t *link, *hid; /* one node's links and their hidden parents */
    int nlink, nhid;
    int32_t *link_hid, *link_nhid;
    uint8_t *cellmark; /* scratch per cell */
    uint64_t *fw, *bw; /* scratch per cell: a cycle's eliminations */
    prop *props;       /* slots, 2n + 2 of them */
    int nprops;
    int failed;
} chain_ctx;

#define NODE_ID(n, c, d, on) ((((c) * (n) + (d)-1) << 1) | (on))
#define NODE_CELL(n, id) (((id) >> 1) / (n))
#define NODE_DIGIT(n, id) (((id) >> 1) % (n) + 1)
#define NODE_ON(id) ((id)&1)

static inline int prop_has(const prop *p, int id)
{
    return (int)(p->in[id >> 6] >> (id & 63)) & 1;
}

/* links.c */
int chain_ctx_prepare(chain_ctx *x, const hstate *s);
void chain_ctx_free(chain_ctx *x);
void prop_reset(chain_ctx *x, prop *p);
int prop_add(chain_ctx *x, prop *p, int id, int member);
void prop_parent(chain_ctx *x, prop *p, int r, int parent);
void links_on_to_off(chain_ctx *x, int id);
void links_off_to_on(chain_ctx *x, const prop *p, int id, int hidden);
/* SE's doChaining: from the assumption `id`, to closure or to the first
 * contradiction (p->clash_on/off). Returns 1 on a contradiction. */
int propagate(chain_ctx *x, prop *p, int id);
/* Distinct ancestors of record r, itself included. */
int ancestors(chain_ctx *x, prop *p, int r);

#endif
