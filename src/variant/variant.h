/* variant.h - variant Sudoku (internal): the puzzle as the user built it
 * (model.c), compiled into a few primitives the engine propagates
 * (compile.c, propagate.c, search.c):
 *
 * - groups: cells that hold different digits (rows, columns, boxes or
 *   regions, diagonals, cages, renban lines ...); a group of n cells is a
 *   house, where each digit also has to find a cell (hidden singles);
 * - pair relations: for two cells, the digits the second may hold for each
 *   digit of the first (kropki, XV, thermometers, whispers, anti-knight
 *   ...), revised both ways whenever either cell changes;
 * - linear sums: sum of w_i * digit_i = target (killer, little killer,
 *   arrows), bounds revised, and for a cage of different digits the digit
 *   sets that make its sum;
 * - line rules that need their own reasoning (sandwich sums, renban runs).
 *
 * A constraint type is one entry of the table in constraints.c: its name,
 * what it accepts, how it compiles to the primitives and how a filled grid
 * is checked against it. */
#ifndef NONET_VARIANT_H
#define NONET_VARIANT_H

#include "core/internal.h"

#include <stdint.h>

/* The most cells of a cage, line or sum (a sandwich's line is a row). */
#define VARIANT_MAX_LINE (2 * NONET_MAX_SIDE)

typedef struct vcon {
    nonet_constraint_type type;
    int value, nbulb, ncells;
    int first; /* its cells: nonet_variant.cells[first .. first + ncells) */
} vcon;

/* f-puzzles' drawings: cosmetic there (the rules have keys of their own),
 * never rules here, kept so that a writer can give them back. */
typedef enum vdraw_kind { VD_LINE, VD_CIRCLE, VD_RECTANGLE, VD_CAGE, VD_TEXT, VD_KINDS } vdraw_kind;

typedef struct vdraw {
    vdraw_kind kind;
    /* its cells as f-puzzles names them, 1-based (0 and n + 1: the frame
     * outside the grid), two ints a cell, row then column:
     * nonet_variant.dcells[first .. first + 2 * ncells); -1 -1 between
     * two of a line's polylines */
    size_t first;
    int ncells;
    size_t text; /* its words ("value": a cage's or a text's), "" when
                    none: nonet_variant.dtext + text */
    size_t json; /* the element as the file wrote it, one JSON object:
                    nonet_variant.dtext + json */
    int copy;    /* drawn by the f-puzzles constraint extension beside a
                    rule read from its own key ("fromConstraint") */
} vdraw;

/* The most bytes of nonet_variant_notes' sentence. */
#define VARIANT_NOTES_CAP 256

struct nonet_variant {
    nonet_grid grid;
    int has_regions;
    uint8_t region[NONET_MAX_CELLS];
    vcon *cons;
    int ncons, capcons;
    int *cells;
    int ncellpool, capcellpool;
    vdraw *draws; /* the drawings, in the order read */
    size_t ndraws, capdraws;
    int *dcells;
    size_t ndcells, capdcells;
    char *dtext; /* NUL-terminated strings */
    size_t ndtext, capdtext;
    char notes[VARIANT_NOTES_CAP]; /* nonet_variant_notes */
};

/* Adds a drawing to v: ncells (row, column) pairs from cells, its words
 * (NULL: none) and its JSON text (json_len bytes); copy as vdraw.copy.
 * Rewrites v's notes. Returns NONET_OK or NONET_ENOMEM. */
int variant_add_drawing(nonet_variant *v, vdraw_kind kind, const int *cells, int ncells,
                        const char *text, const char *json, size_t json_len, int copy);

/* The cells of constraint k (NULL when it has none). */
static inline const int *vcon_cells(const nonet_variant *v, const vcon *k)
{
    return k->ncells ? v->cells + k->first : NULL;
}

/* ------------------------------------------------------------ the engine's model */

/* the kinds of propagator that are neither groups nor pairs */
enum { VP_SUM, VP_CAGE, VP_SANDWICH, VP_RENBAN };

typedef struct vprop {
    int kind;       /* VP_* */
    int first, len; /* cells: vmodel.pcells[first .. first + len) */
    int wfirst;     /* VP_SUM: weights vmodel.weights[wfirst ..] */
    int target;     /* the sum (VP_SUM, VP_CAGE, VP_SANDWICH) */
    int cfirst;     /* VP_CAGE with a sum: its digit sets, vmodel.combos[cfirst
                       .. cfirst + ncombos) (VP_SANDWICH: the sets of
                       digits between 1 and n that make its sum;
                       VP_RENBAN: its runs); ncombos -1: too many to list */
    int ncombos;
} vprop;

typedef struct vlink {
    int other; /* the other cell */
    int rel;   /* vmodel.rel[rel]: allowed digits of other for each digit here */
} vlink;

typedef struct vmodel {
    int n, cells;
    uint64_t full;
    uint64_t *start; /* cells: the candidates before search (givens,
                        parity) */
    int *peer_first; /* cells + 1: peers[peer_first[c] .. peer_first[c+1]) */
    int *peers;      /* every cell sharing a group with c */
    int nhouses;     /* groups of n cells, hidden singles over them */
    int *houses;     /* nhouses * n cells */
    int nlocks;      /* two houses that meet in two cells or more: the
                        digits of the cells of one outside the other are
                        those of the other's outside the one (locked
                        candidates) */
    int *lock_first; /* nlocks + 1, into lock_cells: one side's cells, a
                        -1, the other's */
    int *lock_cells;
    int nwords;        /* words of a set of cells */
    uint64_t *peerset; /* cells * nwords: the peers of c as a set */
    int *link_first;   /* cells + 1, into links */
    vlink *links;
    int nrel;
    uint64_t *rel; /* nrel * n masks */
    int nprops;
    vprop *props;
    int *pcells, *weights;
    uint64_t *combos; /* the digit sets of the cages (vprop.cfirst) */
    int *gsize;       /* parallel to pcells: for a VP_SUM, its cells come in
                         groups of one weight whose cells all differ (share a
                         group); the size at a group's first cell, else 0 */
    int *watch_first; /* cells + 1: the propagators over a cell */
    int *watch;
} vmodel;

/* Builds the model of v. Returns NONET_OK, NONET_ENOMEM. */
int vmodel_build(const nonet_variant *v, vmodel *m);
void vmodel_free(vmodel *m);

/* The most cells of a cage settled by trying every way of filling it
 * (more cost more than its table of digit sets): with the sums, the cheap
 * propagators, run first. */
#define VPROP_FEW 3

/* Runs propagator p over cand (narrowing it). Returns the number of cells
 * it changed, whose numbers go into changed[], or -1 when it shows that
 * no solution remains. */
int vprop_run(const vmodel *m, const vprop *p, uint64_t *cand, int *changed);

/* ------------------------------------------------------------ constraint types */

/* How a type reads a cell listed twice (vtype.repeat). */
enum {
    VREPEAT_REFUSE, /* an error; vtype.once says why when it is the rule's
                       (else the plain "r1c1 twice") */
    VREPEAT_DROP,   /* its cells are a set (a cage, a renban ...): a cell
                       listed again is the same cell, kept once */
    VREPEAT_PATH    /* a line whose rule holds between neighbours along it
                       (whispers): it may come back to a cell (a loop), but
                       not stay on one */
};

typedef struct vtype {
    nonet_constraint_type type;
    const char *name; /* the text form's keyword */
    int cells;        /* -1: none (a global rule), 0: any number >= 1 (any
                         cells: they need not touch), 2: two adjacent
                         cells, -2: a whole row or column, -3: a line of
                         cells each adjacent (king's move) to the next */
    int value_min;    /* the least value taken; value_max 0: no value */
    int value_max;    /* -1: up to the largest sum the cells can make */
    int repeat;       /* VREPEAT_* */
    const char *once; /* VREPEAT_REFUSE: why the rule cannot visit a cell
                         twice, or NULL */
} vtype;

/* The table entry of type, NULL when unknown. */
const vtype *vtype_of(nonet_constraint_type type);
const vtype *vtype_named(const char *name, size_t len);

/* Compiles constraint c of v into the builder (compile.c's). */
typedef struct vbuild vbuild;
int vcon_compile(const nonet_variant *v, const vcon *c, vbuild *b);

/* Whether the filled cells of grid break c (all its cells filled); 0 when
 * they keep it or some are blank. */
int vcon_broken(const nonet_variant *v, const vcon *c, const uint8_t *grid);

/* The derived constraints (derive.c): long sums combined, sums crossing
 * a house, the rule of 45 over cages with sums. Returns 0, or -1 out of
 * memory. */
int vderive(const nonet_variant *v, vbuild *b, const uint8_t *region);

/* Builder calls for constraints.c. Each returns 0, or -1 out of memory. */
int vb_group(vbuild *b, const int *cells, int len);
int vb_pair(vbuild *b, int a, int c, int kind, int value);
int vb_sum(vbuild *b, const int *cells, const int *weights, int len, int target);
int vb_cage(vbuild *b, const int *cells, int len, int target);
int vb_prop(vbuild *b, int kind, const int *cells, int len, int target);
void vb_mask(vbuild *b, int cell, uint64_t allowed);

/* The groups of different digits added so far (rows, columns, regions
 * first): how many, and the cells of group g (*len of them). */
int vb_ngroups(const vbuild *b);
const int *vb_group_cells(const vbuild *b, int g, int *len);

/* The least and the most that len (at most VARIANT_MAX_LINE) cells of
 * different digits where b's groups say so can sum to: the cells split
 * greedily into groups of b (the biggest share first), k of a group
 * making 1 + ... + k at least and n + ... + (n-k+1) at most. index: one
 * int a cell, each -1 (and left so). */
void vb_sum_range(const vbuild *b, const int *cells, int len, int *index, long *lo, long *hi);

/* pair relations (vb_pair's kind) */
enum {
    VR_DIFFER,
    VR_DIFF,
    VR_NOT_DIFF,
    VR_RATIO,
    VR_NOT_RATIO,
    VR_SUM,
    VR_NOT_SUM,
    VR_LESS,
    VR_FAR
};

/* Whether digits a, b (1..n) keep relation kind with value. */
int vrel_holds(int kind, int value, int a, int b);

/* Readers (text.c, fpuzzles.c), as nonet_variant_parse: the text form;
 * f-puzzles JSON, or a link or payload of it. */
int variant_parse_text(const char *text, size_t len, nonet_variant **out, char *name,
                       nonet_error *err);
int variant_parse_fpuzzles(const char *text, size_t len, nonet_variant **out, char *name,
                           nonet_error *err);

/* The one-line killer forms (killer.c): which one text's first line is
 * (1: the short form of 81 characters, 2: the long "3x3:d:k:..." form,
 * 0: neither), and the reader of both (the line must be all of text). */
int variant_killer_kind(const char *text, size_t len);
int variant_parse_killer(const char *text, size_t len, nonet_variant **out, char *name,
                         nonet_error *err);

#endif
