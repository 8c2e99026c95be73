/* human.h - the human-style solver's shared pieces (not installed).
 *
 * A position is a grid of placed digits and, for every empty cell, its
 * candidates; techniques look at it through its list of units (houses):
 * rows, columns and boxes today, any other set of n cells that must hold
 * every digit once tomorrow (diagonals, windows, jigsaw regions). Each
 * technique family lives in a file of its own and has one entry point of
 * the same form (hfind_fn): it reports the steps it finds to a sink, which
 * can stop the search. ladder.c orders the techniques and rates.
 *
 * Cells are numbered row-major, units as the public header numbers them
 * (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1), digits from 1; a
 * candidate set has bit d-1 for digit d. */
#ifndef NONET_HUMAN_H
#define NONET_HUMAN_H

#include "core/internal.h"

#include <stdint.h>

/* h_count(set): the number of bits of a set (candidates, places,
 * digits), any set; the sets of a 9x9 board (below 512) are read from a
 * table (h_bits9, state.c): without a POPCNT instruction to compile to
 * (the portable x86-64 build, WebAssembly), __builtin_popcountll is a
 * dozen instructions or a call, and the finders count sets everywhere
 * (the chain tier rates 4% faster, as fast as a build with -mpopcnt). */
extern const uint8_t h_bits9[512];

static inline int h_count(uint64_t set)
{
    return set < 512 ? h_bits9[set] : popcount64(set);
}

#define H_MAX_UNITS (3 * NONET_MAX_SIDE)
#define H_UNITS_PER_CELL 3 /* a variant with extra units raises this */

enum { UNIT_ROW, UNIT_COL, UNIT_BOX };

typedef struct hunit {
    int kind;  /* UNIT_ROW, UNIT_COL, UNIT_BOX */
    int index; /* which row, column or box */
    uint16_t cells[NONET_MAX_SIDE];
} hunit;

/* A position and the geometry it lives on. */
typedef struct hstate {
    int n, box_rows, box_cols, ncells, nunits;
    uint64_t all; /* every digit: bits 0..n-1 */
    int empty;    /* empty cells left */
    uint8_t value[NONET_MAX_CELLS];
    uint64_t cand[NONET_MAX_CELLS]; /* an empty cell's candidates; 0 when filled */
    hunit unit[H_MAX_UNITS];
    uint16_t units_of[NONET_MAX_CELLS][H_UNITS_PER_CELL];
    uint8_t pos_in[NONET_MAX_CELLS][H_UNITS_PER_CELL]; /* place in each of them */
    /* where[u][d-1]: the places (bits 0..n-1, unit order) of unit u's
     * cells that still have digit d as a candidate */
    uint64_t where[H_MAX_UNITS][NONET_MAX_SIDE];
    uint64_t placed[H_MAX_UNITS]; /* digits placed in each unit */
} hstate;

/* Builds the geometry for the shape and an empty position. */
void hstate_init(hstate *s, int box_rows, int box_cols);

/* Sets the position from a grid and its marks (NULL: every digit not
 * placed in the cell's units). Returns NONET_OK, or NONET_ECONFLICT when
 * two digits clash in a unit or a mark leaves a clue out. */
int hstate_load(hstate *s, const nonet_grid *g, const nonet_marks *marks);

/* Sets the position of s (its shape already made) from each cell's value
 * (0: empty) and an empty cell's candidates, which must leave out every
 * digit placed in a peer (as hstate_load of that position would). */
void hstate_set(hstate *s, const uint8_t *value, const uint64_t *cand);

/* Places digit d (a candidate) in empty cell c and removes it from the
 * cell's peers. */
void hstate_place(hstate *s, int c, int d);

/* Removes the candidates in set from empty cell c. */
void hstate_remove(hstate *s, int c, uint64_t set);

/* ------------------------------------------------------------ hints */

typedef nonet_cell_digits cell_digits;

#define H_MAX_HINT_UNITS 4

/* One deduction: the pattern that justifies it, the digits it places and
 * the candidates it removes (their cell_digits live in the list's items). */
typedef struct hhint {
    int technique;  /* enum nonet_technique */
    int difficulty; /* tenths of the SE scale */
    int nunits;
    int units[H_MAX_HINT_UNITS];
    int pattern, npattern; /* first item and count */
    int place, nplace;     /* one digit each */
    int elim, nelim;
    int chain, nchain;     /* chain nodes (the list's nodes) */
    int parents, nparents; /* their parents (the list's parents) */
    int kind;              /* nonet_chain_kind */
    int complexity;
    int done; /* applied (nonet_human_apply) */
} hhint;

struct chain_ctx;

/* The hints a finder found, in the order a person scanning the grid
 * would meet them (rows, then columns, then boxes; lower digits first). */
typedef struct hlist {
    hhint *hints;
    int nhints, hcap;
    cell_digits *items;
    int nitems, icap;
    int failed;    /* out of memory */
    void *scratch; /* finders' working memory (hlist_scratch) */
    size_t scratch_size;
    nonet_chain_node *nodes;
    int nnodes, ncap;
    int *parents; /* chain nodes' parents, indices from the hint's first node */
    int nparents, pcap;
    nonet_role role;          /* the role of the pattern items added next */
    struct chain_ctx *chains; /* the chain engine's memory (hlist_chains) */
    int reference;            /* tests: the chains' plain path (chain_ctx) */
    stop_watch *watch;        /* NULL, or the stop the slow finders (chains)
                                 tick; once it has stopped, they end early
                                 and what they found is dropped */
    /* Where a finder that can look at part of the position looks (NULL:
     * everywhere): the units (bit u of look_units[u / 64]) and the cells
     * (bit c of look_cells[c / 64]). The ladder (nonet_human_find) sets
     * them for a technique that found nothing in an earlier position of
     * which this one keeps a part unchanged: the units holding a changed
     * cell and their cells. Each finder that reads them (h_look_unit,
     * h_look_cell) must find there every hint it would find everywhere:
     * one whose pattern reads only the data of one unit (or of cells that
     * share a unit) which did not change would have been found before,
     * with the same eliminations or more. */
    const uint64_t *look_units, *look_cells;
} hlist;

void hlist_clear(hlist *l);
void hlist_free(hlist *l);
/* Starts a hint; returns it (NULL when out of memory, l->failed set). Its
 * pattern items take the role NONET_ROLE_DEFINING until hlist_role. */
hhint *hlist_begin(hlist *l, int technique, int difficulty);
/* Adds to the hint being built (the last one begun). */
void hlist_unit(hlist *l, int unit);
void hlist_pattern(hlist *l, int cell, uint64_t digits);
/* The role of the pattern items added next to the hint being built. */
void hlist_role(hlist *l, nonet_role role);
void hlist_place(hlist *l, int cell, int digit);
void hlist_elim(hlist *l, int cell, uint64_t digits);
/* Drops the hint being built (it removed nothing after all). */
void hlist_drop(hlist *l);
/* Working memory of at least size bytes for a finder, kept between calls
 * (NULL when out of memory, l->failed set). */
void *hlist_scratch(hlist *l, size_t size);
/* Adds a node to the chain of the hint being built, with its link and
 * unit and its parents (npar of them, indices of the hint's earlier
 * nodes). Returns the node's index among the hint's nodes, or -1 when out
 * of memory (l->failed set). */
int hlist_chain_node(hlist *l, int cell, int digit, int on, int branch, nonet_link link, int unit,
                     const int *par, int npar);
/* The chain engine's memory, kept between calls (NULL: out of memory). */
struct chain_ctx *hlist_chains(hlist *l);

/* Whether the finder filling l looks at unit u / cell c (hlist.look_units,
 * look_cells). */
static inline int h_look_unit(const hlist *l, int u)
{
    return !l->look_units || (int)(l->look_units[u >> 6] >> (u & 63) & 1);
}

static inline int h_look_cell(const hlist *l, int c)
{
    return !l->look_cells || (int)(l->look_cells[c >> 6] >> (c & 63) & 1);
}

/* A finder: appends every hint of one technique family that the position
 * holds, in a fixed order. Finders that cover several techniques of the
 * ladder take the technique to look for. */
typedef void hfind_fn(const hstate *s, int technique, hlist *out);

hfind_fn find_full_house, find_hidden_singles, find_naked_singles; /* singles.c */
hfind_fn find_locking;                                             /* intersections.c */
hfind_fn find_naked_sets, find_hidden_sets;                        /* subsets.c */
hfind_fn find_fish;                                                /* fish.c */
hfind_fn find_wings;                                               /* wings.c */
hfind_fn find_unique_loops;                                        /* uniqueness.c */
hfind_fn find_bug;                                                 /* bug.c */
hfind_fn find_aligned_pairs, find_aligned_triples;                 /* exclusion.c */
hfind_fn find_chains;                                              /* chains.c */

/* k-subsets of {0..count-1} in co-lexicographic order (the largest
 * element varies slowest, as Sudoku Explainer enumerates them):
 *     for (int ok = comb_first(idx, k, count); ok; ok = comb_next(idx, k, count))
 * idx must have room for k entries; k == 0 gives one empty subset. */
static inline int comb_first(int *idx, int k, int count)
{
    if (k < 0 || k > count)
        return 0;
    for (int i = 0; i < k; i++)
        idx[i] = i;
    return 1;
}

static inline int comb_next(int *idx, int k, int count)
{
    int i = 0;
    while (i < k && idx[i] + 1 == (i + 1 < k ? idx[i + 1] : count))
        i++;
    if (i == k)
        return 0;
    idx[i]++;
    for (int j = 0; j < i; j++)
        idx[j] = j;
    return 1;
}

/* Whether cells a and b share a unit. */
static inline int h_peers(const hstate *s, int a, int b)
{
    for (int k = 0; k < H_UNITS_PER_CELL; k++)
        if (s->units_of[a][k] == s->units_of[b][k])
            return 1;
    return 0;
}

/* The peers of cell c (the other cells of its units), each once: its
 * box, then its row and column outside the box, as Sudoku Explainer lists
 * them. Returns their number. */
int h_peer_list(const hstate *s, int c, int *peers);

/* Tests: h's chain finders take their plain path (1: no shared graph, no
 * bound that skips work, and every rung looks at the whole position (no
 * hlist.look_units); 0: the fast one, the default). Both must find the
 * same steps. */
void human_set_reference(nonet_human *h, int on);

#endif
