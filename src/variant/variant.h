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
 * - line rules that need their own reasoning (sandwich sums, renban runs,
 *   digits a set of cells must contain).
 *
 * A rule is one row of the table in constraints.c (vrule): its names in
 * the text form, f-puzzles and Interactive Sudoku Solver, what it takes
 * (shape, parts, value, values, text) and its definition over the
 * primitives (its compile function). The readers, the writers and the
 * check all dispatch on the row; the check compiles a constraint alone
 * and checks the primitives it made (vcon_broken). */
#ifndef NONET_VARIANT_H
#define NONET_VARIANT_H

#include "core/internal.h"

#include <stdint.h>

/* why[0 .. cap) as printf writes it (nothing when why is NULL or cap 0):
 * the sentences of the refusals (model.c). */
__attribute__((format(printf, 3, 4))) void vsay(char *why, size_t cap, const char *fmt, ...);

/* A growable array of ints (compile.c): ivec_push appends x, growing v;
 * returns 0, or -1 when out of memory (v as it was). Free v. */
typedef struct ivec {
    int *v;
    size_t len, cap;
} ivec;
int ivec_push(ivec *a, int x);

/* The most cells of a cage, line or sum (a sandwich's line is a row). */
#define VARIANT_MAX_LINE (2 * NONET_MAX_SIDE)
/* The most parts of a rule made of parts (NONET_PART between them). */
#define VARIANT_MAX_PARTS NONET_MAX_SIDE

typedef struct vcon {
    nonet_constraint_type type;
    int value, ncells;
    int first;   /* its cells (NONET_PART between two parts):
                    nonet_variant.cells[first .. first + ncells) */
    int nvalues; /* its values: nonet_variant.values[vfirst .. vfirst + nvalues) */
    int vfirst;
    long text; /* its text: nonet_variant.ctext + text; -1 when none */
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
    int lo; /* the value of digit 1 (nonet_variant_set_digits): 1, or 0 */
    int nd; /* how many digits: n, or more (a house then lacks some) */
    char symbols[NONET_MAX_SYMBOL_SIDE + 1]; /* nonet_variant_symbols: the
                                                digits' values, unless 1..n */
    int has_regions;
    uint8_t region[NONET_MAX_CELLS];
    vcon *cons;
    int ncons, capcons;
    int *cells;
    int ncellpool, capcellpool;
    int *values; /* the constraints' values */
    int nvalpool, capvalpool;
    char *ctext; /* the constraints' texts, NUL-terminated */
    size_t nctext, capctext;
    vdraw *draws; /* the drawings, in the order read */
    size_t ndraws, capdraws;
    int *dcells;
    size_t ndcells, capdcells;
    char *dtext; /* NUL-terminated strings */
    size_t ndtext, capdtext;
    char notes[VARIANT_NOTES_CAP]; /* nonet_variant_notes */
};

/* The symbols of count values from lo (0 or 1; lo + count - 1 at most
 * 35): "012345678" from 0, "123456789" from 1, into out (count + 1
 * bytes, a NUL last). */
void variant_value_symbols(char *out, int lo, int count);

/* Adds a drawing to v: ncells (row, column) pairs from cells, its words
 * (NULL: none) and its JSON text (json_len bytes); copy as vdraw.copy.
 * Rewrites v's notes. Returns NONET_OK or NONET_ENOMEM. */
int variant_add_drawing(nonet_variant *v, vdraw_kind kind, const int *cells, int ncells,
                        const char *text, const char *json, size_t json_len, int copy);

/* The cells of constraint k (NULL when it has none), its values (NULL
 * when none) and its text (NULL when none). */
static inline const int *vcon_cells(const nonet_variant *v, const vcon *k)
{
    return k->ncells ? v->cells + k->first : NULL;
}

static inline const int *vcon_values(const nonet_variant *v, const vcon *k)
{
    return k->nvalues ? v->values + k->vfirst : NULL;
}

static inline const char *vcon_text(const nonet_variant *v, const vcon *k)
{
    return k->text >= 0 ? v->ctext + k->text : NULL;
}

/* The sum of constraint k's cells' digits (1..n) that its value, a sum of
 * their values, stands for (the same on grids of digits 1 to n). */
static inline int vcon_digit_sum(const nonet_variant *v, const vcon *k)
{
    return k->value - (v->lo - 1) * k->ncells;
}

/* ------------------------------------------------------------ the engine's model */

/* the kinds of propagator that are neither groups nor pairs */
enum { VP_SUM, VP_CAGE, VP_SANDWICH, VP_RENBAN, VP_CONTAINS, VP_AUTOMATON, VP_CLASSES, VP_SETS };

typedef struct vprop {
    int kind;       /* VP_* */
    int first, len; /* cells: vmodel.pcells[first .. first + len) */
    int wfirst;     /* VP_SUM: weights vmodel.weights[wfirst ..]
                       (VP_CONTAINS: the digits it needs, target of them;
                       VP_CLASSES: the class of each digit 1 .. n) */
    int target;     /* the sum (VP_SUM, VP_CAGE, VP_SANDWICH); VP_SETS: how
                       many sets (their bits in weights, two ints each,
                       low half first), made its digit sets as a cage's;
                       VP_CONTAINS:
                       how many digits it needs (len: exactly those);
                       VP_CLASSES: how many classes */
    int cfirst;     /* VP_CAGE with a sum: its digit sets, vmodel.combos[cfirst
                       .. cfirst + ncombos) (VP_SANDWICH: the sets of
                       digits between 1 and n that make its sum;
                       VP_RENBAN: its runs); ncombos -1: too many to list */
    int ncombos;
    int line; /* VP_AUTOMATON: its automaton (vbuild's dfas) and its
                 unrolled line (vmodel.lines), both at this index */
} vprop;

typedef struct vlink {
    int other; /* the other cell */
    int rel;   /* vmodel.rel[rel]: allowed digits of other for each digit here */
} vlink;

typedef struct vmodel {
    int n, cells; /* n: the digits (1..n; the grid's side, or more where a
                     house lacks some); cells: the grid's */
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
    struct vline *lines; /* the automata unrolled over their lines
                            (vprop.line) */
    int nlines;
    uint64_t *scratch; /* the automata's work space: sets (zero between
                          runs) and lists, the most any line takes
                          (vline_sets, vline_lists): a model serves one
                          search at a time */
    int *lists;
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

/* ------------------------------------------------------------ line automata */

/* A deterministic automaton over the digits 1..n read along a line, in
 * order (automaton.c): states 0 .. nstates-1, next[s * n + d - 1] the
 * state after digit d from s (-1: no way on), accept[s] whether a line may
 * end in s; a line is read from each of its starts (starts[0 .. nstarts),
 * different states: a rule may guess at the start, as a lunchbox guesses
 * its smallest and largest digits) and accepted when one run accepts it.
 * Built from a regular expression (one start) or from a state function,
 * then trimmed (every state can reach an accepting one, but a lone start
 * when none can) and minimized when that is cheap; immutable once built. */
typedef struct vdfa {
    int n, nstates, nstarts;
    int32_t *next;
    uint8_t *accept;
    int *starts;
} vdfa;

/* The most states of an automaton, and of states times digits (its
 * table: 4 MiB). A rule whose automaton would be larger is refused. */
#define VDFA_MAX_STATES (1 << 16)
#define VDFA_MAX_TRANS (1 << 20)

void vdfa_free(vdfa *d);
/* A copy of d into out. Returns NONET_OK or NONET_ENOMEM. */
int vdfa_copy(vdfa *out, const vdfa *d);

/* A state function: the state after digit (1..n) from state, negative
 * when the digit is not allowed there; whether a line may end in state.
 * States are any ints >= 0 the function defines (the starts among them). */
typedef int (*vdfa_next_fn)(void *ctx, int state, int digit);
typedef int (*vdfa_accept_fn)(void *ctx, int state);

/* The automaton of a state function, by breadth first over the states it
 * reaches from its starts (nstarts >= 1 of them); horizon > 0: the lines are no longer than horizon
 * cells, so states first reached after horizon digits are not followed
 * (a rule whose states never end, such as a count, is then finite).
 * Returns NONET_OK, NONET_ENOMEM, or NONET_EARG with a sentence in why
 * when it would pass VDFA_MAX_STATES or VDFA_MAX_TRANS. */
int vdfa_from_fn(vdfa *out, int n, const int *starts, int nstarts, vdfa_next_fn next,
                 vdfa_accept_fn accept, void *ctx, int horizon, char *why, size_t cap);

/* The automaton of a regular expression over the digits of an n-sided
 * grid (the whole line must match): digits 1-9 and A-Z (a-z) for 10-35,
 * '.' any digit, classes [...] of digits and ranges (1-5), [^...] the
 * digits not listed, groups (...), alternation |, quantifiers * + ? {k}
 * {k,} {k,m} (k, m up to 1000); blanks are ignored. Returns NONET_OK,
 * NONET_ENOMEM, or NONET_EARG with *column the 1-based byte column in re
 * where it went wrong (0: the whole expression, e.g. too large) and a
 * sentence in why saying what was expected there. */
int vdfa_from_regex(vdfa *out, const char *re, size_t len, int n, long *column, char *why,
                    size_t cap);

/* vdfa_from_regex on a grid whose digit 1 is the value lo (1, or 0:
 * the expression's '0' is digit 1, '1' digit 2 ...). */
int vdfa_from_regex_at(vdfa *out, const char *re, size_t len, int n, int lo, long *column,
                       char *why, size_t cap);

/* Whether d accepts the digits digits[0 .. len) (each 1..n). */
int vdfa_accepts(const vdfa *d, const uint8_t *digits, int len);

/* The check of a line of grid's cells (0: blank): -1 when some filling of
 * its blanks makes a line d accepts (a filled line: when d accepts it);
 * else the first position i such that the line's cells 0 .. i, blanks
 * filled any way, begin no line of its length that d accepts (where the
 * reading goes wrong); -2 out of memory. */
int vdfa_broken(const vdfa *d, const uint8_t *grid, const int *cells, int len);

/* The outside clues, read along a row or column from the clue's side
 * (each also a rule on any line of cells in order), as automata over the
 * line's len cells (vdfa_clue):
 * - VCLUE_XSUM: the first digit x, x <= len; the first x digits (that
 *   one included) sum to clue;
 * - VCLUE_SKYSCRAPER: clue digits are taller than every digit before them;
 * - VCLUE_HIDDEN: the first digit not taller than every one before it
 *   (the first hidden skyscraper) is clue;
 * - VCLUE_ROOM (numbered room): the first digit N, N <= len; the N-th is
 *   clue;
 * - VCLUE_SANDWICH: one 1 and one n; the digits between them sum to clue;
 * - VCLUE_LUNCHBOX: the smallest digit and the largest, each once; the
 *   digits between them sum to clue.
 * - VCLUE_SKYSCRAPER_ZERO: VCLUE_SKYSCRAPER where digit 1 is the value 0,
 *   a building of no height that is never seen (grids of digits 0 to
 *   n-1, as Interactive Sudoku Solver has them).
 * (Whether the digits differ is another rule: a row's.) */
enum {
    VCLUE_XSUM,
    VCLUE_SKYSCRAPER,
    VCLUE_HIDDEN,
    VCLUE_ROOM,
    VCLUE_SANDWICH,
    VCLUE_LUNCHBOX,
    VCLUE_SKYSCRAPER_ZERO
};

/* The automaton of clue kind (VCLUE_*) over len cells (its horizon) of an
 * n-sided grid. Returns NONET_OK, NONET_ENOMEM, or NONET_EARG (a kind or
 * size it does not take; too many states, with why). */
int vdfa_clue(vdfa *out, int kind, int n, int clue, int len, char *why, size_t cap);

/* An automaton unrolled over a line of len cells: layer i (0 .. len) holds
 * the states it can be in after the first i cells that are reachable from
 * a start over the cells' candidates at build and from which the rest
 * can reach an accepting state (layer len: accepting states only),
 * numbered 0 .. size[i]-1 within the layer; a layer's state s has the
 * transitions trans[first[i] * n + s * n + d - 1] (the state in layer i+1,
 * -1: none) and the digits that have one, live[first[i] + s]. vline_run
 * keeps a layer's states as one word when every layer has at most 64,
 * else as a list beside a bitset of wfirst[i+1] - wfirst[i] words. */
typedef struct vline {
    int len, n;
    int *size;      /* len + 1 */
    size_t *first;  /* len + 2: the states before layer i, all layers */
    size_t *wfirst; /* len + 2: the words of the layers' sets before i */
    int32_t *trans; /* first[len] * n */
    uint64_t *live; /* first[len + 1] */
    int wide;       /* the words of the widest layer's set */
} vline;

/* The most transitions of a line unrolled (states reachable in all its
 * layers times n: 4 MiB); with the digits used (distinct), the most states
 * kept in all its layers (each costs its run some time: a clue on a 9x9
 * row keeps up to about 1300, on 16x16 often tens of thousands, and is
 * then unrolled without them). */
#define VLINE_MAX_TRANS (1 << 20)
#define VLINE_DISTINCT_STATES 8192

/* Unrolls d over a line of len cells (1 .. VARIANT_MAX_LINE) whose
 * candidates are masks[0 .. len) (NULL: every digit); distinct (n <= 32):
 * the line's digits all differ too (its cells share a row, a cage ...),
 * and a layer's states are pairs of d's state and the digits used before
 * it, so that vline_run is exact for both rules together. Returns
 * NONET_OK, NONET_ENOMEM, or NONET_EARG with a sentence in why when it
 * would pass VLINE_MAX_TRANS. */
int vline_build(vline *l, const vdfa *d, int len, const uint64_t *masks, int distinct, char *why,
                size_t cap);
void vline_free(vline *l);
/* A copy of l into out. Returns NONET_OK or NONET_ENOMEM. */
int vline_copy(vline *out, const vline *l);
/* The work space vline_run takes for l: words of sets (zero before a run,
 * left zero after it) and ints of lists. */
size_t vline_sets(const vline *l);
size_t vline_lists(const vline *l);

/* The propagator of an automaton over the line cells[0 .. l->len) (a cell
 * may come twice), exact for the line: forward the states each layer can
 * be in over the candidates, backward those from which an accepting one
 * is still reachable; a candidate of cell i stays when some state of layer
 * i that is both goes by it to one of layer i+1 that is both. Narrows
 * cand; returns how many cells changed (their numbers in changed[], each
 * once), or -1 when no line is left. sets, lists: vline_sets(l) words and
 * vline_lists(l) ints (several lines may share them). */
int vline_run(const vline *l, const int *cells, uint64_t *cand, int *changed, uint64_t *sets,
              int *lists);

/* ------------------------------------------------------------ the rules */

/* How a rule reads a cell listed twice (vpart.repeat). */
enum {
    VREPEAT_REFUSE, /* an error; vpart.once says why when it is the rule's
                       (else the plain "r1c1 twice") */
    VREPEAT_DROP,   /* its cells are a set (a cage, a renban ...): a cell
                       listed again is the same cell, kept once */
    VREPEAT_PATH    /* a line whose rule holds between neighbours along it
                       (whispers): it may come back to a cell (a loop), but
                       not stay on one */
};

/* The cells of a rule, or of one of its parts. */
typedef struct vpart {
    const char *name; /* in messages ("the bulb"); NULL: the rule's cells */
    int min, max;     /* how many cells: max 0: up to VARIANT_MAX_LINE;
                         min = max = -1: the side, n (an outside clue) */
    int repeat;       /* VREPEAT_* */
    const char *once; /* VREPEAT_REFUSE: why the rule cannot visit a cell
                         twice, or NULL */
} vpart;

/* The largest value of a rule (vrule.value_max) where its cells say. */
enum {
    VMAX_SUM = -1,      /* the largest sum of its cells' digits (different
                           digits where vrule.distinct) */
    VMAX_FILLING = -2,  /* the largest sum of n - 2 different digits (what
                           lies between 1 and n) */
    VMAX_WEIGHTED = -3, /* from the least to the most its weights make (any
                           sign; value_min is not read) */
    VMAX_SIDE = -4,     /* n, the grid's side (a count of cells) */
    VMAX_DIGIT = -5     /* a digit's value: from the grid's first (its
                           value_min not read) to its last */
};

/* How f-puzzles JSON holds a rule (vrule.fp), under nonet_rule.fpuzzles. */
enum {
    VFP_NONE,     /* f-puzzles has no such rule */
    VFP_GLOBAL,   /* "key": true (the value vrule.fp_value) */
    VFP_NEGATIVE, /* "negative": [..., "word", ...], the key being
                     "negative:word"; one constraint of value fp_value, and
                     one of fp_value2 when it is not 0 */
    VFP_CELLS,    /* [{"cells": [...], "value": "N"}]: value absent or
                     empty: fp_value */
    VFP_LITTLE,   /* a little killer, [{"cell": its clue, "direction":
                     "DR" ..., "cells": [...], "value": "N"}]: read from
                     "cells"; a clue without a value is no rule */
    VFP_XV,       /* [{"cells": [a, b], "value": "X" (10) or "V" (5)}] */
    VFP_LINES,    /* [{"lines": [[...], ...], "value": "N"}]: a
                     constraint a line, the value read where the rule
                     takes one */
    VFP_ARROW,    /* [{"cells": its bulb, "lines": [[a bulb cell, the
                     shaft ...], ...]}]: the shaft's cells, bulb's left out */
    VFP_OUTSIDE,  /* [{"cell": "R3C0" (its clue, outside the grid),
                     "value": "N"}]: no value, no rule */
    VFP_CELL,     /* [{"cell": "R1C1"}]: a constraint of one cell each */
    VFP_QUAD,     /* [{"cells": its 4 cells, "values": [1, 2]}]: the
                     digits as numbers (none: no rule) */
    VFP_CLONE     /* [{"cells": [...], "cloneCells": [...]}]: the two
                     parts, cell for cell */
};

/* How Interactive Sudoku Solver's constraint strings hold a rule
 * (vrule.iss_args), under nonet_rule.iss (".Type~arg~arg..."). */
enum {
    VISS_NONE,         /* .Type: no arguments (the value vrule.iss_value) */
    VISS_DIRECTION,    /* .Diagonal~1 (rNc1 to r1cN) or ~-1: vrule.iss_value */
    VISS_CELLS,        /* .Type~R1C1~R1C2 ... (the value vrule.iss_value) */
    VISS_VALUE_CELLS,  /* .Type~value~cells (a value left out: 0) */
    VISS_WEIGHTED,     /* .Sum~sum~cells, or ~sum_=_w1_w2...~cells */
    VISS_DIGITS_CELLS, /* .Type~1_2_2~cells: the digits */
    VISS_KEY_CELLS,    /* .Pair~key~cells: the allowed pairs as ISS's
                          base64 table */
    VISS_ARROW,        /* .Arrow~bulb~shaft ...: a bulb of one cell first */
    VISS_OUTSIDE,      /* .Type~value~clue (R3, C3, or a little killer's
                          first cell) */
    VISS_CLUES,        /* .Type~R3~start~end: a row or column and its clues
                          from its start (left, top) and its end, either
                          left out: one constraint each */
    VISS_TEXT_CELLS,   /* .Type~text~cells: the text in base64 (ISS's
                          Regex; URL-encoded when it holds '%' or '.'); an
                          empty item between two lines, each a constraint */
    VISS_PILL,         /* .PillArrow~2~pill cells~shaft cells: the pill's
                          size (2 or 3), then its cells and the shaft's */
    VISS_QUAD,         /* .Quad~R1C1~1~2: the 2x2 block's top left cell,
                          then its digits */
    VISS_PARTS,        /* .EqualSum~cells~-~cells ...: the parts, "-"
                          between two */
    VISS_KIND_CELLS,   /* .Indexing~C~cells: a letter (vrule.iss_value, its
                          character code) that picks the rule, then cells */
    VISS_GIVENS        /* .~R1C1_5~R4C3_2_4_6 (ISS's Given, its type left
                          out): a cell and its digit (a given, in the
                          grid), or the digits it may hold (the rule) */
};

/* The grids a rule takes besides those of digits 1 to n (vrule.ranges):
 * digits from 0, more digits than the side (a house lacks some). */
enum { VRANGE_ZERO = 1, VRANGE_MORE = 2, VRANGE_ANY = 3 };

/* The families of marks between two cells (vrule.family): a negative rule
 * holds where no mark of its family is. */
enum { VFAM_NONE, VFAM_KROPKI, VFAM_XV };

typedef struct vbuild vbuild;

/* A constraint being compiled: v, the constraint k (its cells, NONET_PART
 * between parts; values; text), the builder b. */
typedef struct vctx {
    const nonet_variant *v;
    const vcon *k;
    int n;   /* the grid's side */
    int nd;  /* its digits, 1..nd: n, or more (v->nd) */
    int off; /* a digit d (1..nd) is the value d + off: v->lo - 1 (0, or -1
                on a grid of digits 0 to n-1); a rule's values are values,
                its primitives' digits digits (vdigit) */
    const int *cells;
    const int *values;
    const char *text;
    vbuild *b;
} vctx;

/* The digit (1..n) of a value of x's grid. */
static inline int vdigit(const vctx *x, int value)
{
    return value - x->off;
}

/* A sum of values, sum w[i] * (d[i] + off) = target, as a sum of digits:
 * its target less off times the weights' sum (wsum). */
static inline long vdigit_sum(const vctx *x, long target, long wsum)
{
    return target - (long)x->off * wsum;
}

/* The primitives in values (constraints.c), for the rules' definitions:
 * a pair relation (vb_pair's kinds; one that reads values, ratio and sum,
 * made a table on a grid of digits 0 to n-1); sum w[i] * value(cells[i])
 * = target (vb_sum); the cells hold x's listed values (its constraint's
 * values, vb_contains). Each returns 0, or -1 out of memory. */
int vx_pair(const vctx *x, int a, int b, int kind, int value);
int vx_sum(const vctx *x, const int *cells, const int *w, int len, long target);
int vx_contains(const vctx *x);
/* The cells hold different digits every two of which allowed relates
 * (symmetric: allowed[d-1] bit e-1 as allowed[e-1] bit d-1): a group,
 * and, for three cells or more, the sets of digits they can make, as a
 * cage's (vb_sets; left out when more than VB_MAX_SETS). */
int vx_distinct_sets(const vctx *x, const int *cells, int len, const uint64_t *allowed);

/* A rule's definition over the primitives: the vb_* calls that make its
 * constraint x->k. Returns 0, or -1 out of memory. */
typedef int (*vcompile_fn)(const vctx *x);

/* A rule's own check of a constraint c being added to v, its cells as
 * kept, after the checks every rule gets (a regular expression's syntax;
 * an automaton's size): NONET_OK, NONET_ENOMEM, or NONET_EARG with a
 * sentence in why. */
typedef int (*vcheck_fn)(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);

/* A rule: one row of constraints.c's table, everything about it. */
typedef struct vrule {
    nonet_rule pub;      /* what nonet_rule_at gives: type, names, shape,
                            touch, parts, valued, values, text, usage,
                            summary */
    vpart cells;         /* its cells, or its first part */
    vpart more;          /* each later part (NONET_SHAPE_PARTS) */
    int distinct;        /* its cells hold different digits: at most n */
    int family;          /* VFAM_*: a mark of that family (negative rules
                            leave its pairs out) */
    int value_min;       /* the least value (pub.valued 0: none taken) */
    int value_max;       /* the most, or VMAX_* */
    int fp;              /* VFP_*: how f-puzzles holds it */
    int fp_value;        /* the value its key implies or the element's
                            default */
    int fp_value2;       /* VFP_NEGATIVE: a second constraint's, 0 none */
    const char *fp_from; /* the f-puzzles constraint extension's name of it
                            ("fromConstraint" of its cosmetic copy), or NULL */
    const char *fp_rgb;  /* the colour the extension draws that copy in
                            ("#67F067"), or NULL: a grey */
    int iss_args;        /* VISS_*: how ISS's strings hold it */
    int iss_value;       /* the value its ISS name implies, 0 none
                            (VISS_VALUE_CELLS: ISS's when it is left out) */
    int (*zero)(int);    /* what a value of 0 (left out) stands for on an
                            n-sided grid (a whisper's gap: n/2 + 1), for a
                            writer whose form must give it; NULL: 0 itself
                            (a cage without its sum) */
    vcompile_fn compile; /* its definition */
    vcheck_fn check;     /* its own check, or NULL */
    int overlap;         /* its parts may share cells (equal sums' parts,
                            a clone and its copy); else a cell in two
                            parts is refused */
    int ranges;          /* VRANGE_*: the grids of other digits than 1 to
                            n it takes (nonet_variant_set_digits): its
                            meaning does not rest on the digits' values
                            (differences, order, equality), or its
                            definition converts them (vctx.off); or on
                            there being n of them (vctx.nd); 0: refused
                            there */
    const char *refused; /* why nonet refuses every constraint of the rule
                            (its row kept so that readers name it): a
                            sentence; NULL for a rule it takes */
} vrule;

/* Other words for rules in the three forms (valias.form): a word that
 * stands for one or two constraints of fixed values ("white": a
 * difference of 1; "diagonal": both diagonals). */
enum { VFORM_TEXT, VFORM_FPUZZLES, VFORM_ISS };

typedef struct valias {
    int form;
    const char *word;
    nonet_constraint_type type; /* and its value */
    int value;
    nonet_constraint_type type2; /* 0: none */
    int value2;
} valias;

/* The rows: how many, the i-th; the row of a type (NULL when unknown);
 * of a text keyword or an f-puzzles key (NULL when none). */
int vrule_count(void);
const vrule *vrule_at(int i);
const vrule *vrule_of(nonet_constraint_type type);
const vrule *vrule_named(const char *name);
const vrule *vrule_fpuzzles(const char *key);
/* The alias of word in form (NULL when none); the i-th alias (NULL past
 * the end). */
const valias *valias_find(int form, const char *word);
const valias *valias_at(int i);

/* Compiles constraint k of v into b, by its row. Returns 0, or -1 out of
 * memory. */
int vcon_compile(const nonet_variant *v, const vcon *k, vbuild *b);

/* Whether the filled cells of grid break k: k compiled alone, each
 * primitive it made checked where its cells are filled (vb_broken).
 * Returns 0 when they keep it, the number + 1 of a cell where it breaks,
 * or -1 out of memory. */
int vcon_broken(const nonet_variant *v, const vcon *k, const uint8_t *grid);

/* The derived constraints (derive.c): long sums combined, sums crossing
 * a house, the rule of 45 over cages with sums. Returns 0, or -1 out of
 * memory. */
int vderive(const nonet_variant *v, vbuild *b, const uint8_t *region);

/* Builder calls for constraints.c. Each returns 0, or -1 out of memory. */
int vb_group(vbuild *b, const int *cells, int len);
/* A pair relation (VR_*) with its value; VR_TABLE: value is a table of
 * vb_table's. */
int vb_pair(vbuild *b, int a, int c, int kind, int value);
/* A relation given as a table: allowed[d-1] the digits the second cell
 * may hold when the first holds d (n masks, copied). Returns its number
 * (the value of vb_pair's VR_TABLE), or -1 out of memory. */
int vb_table(vbuild *b, const uint64_t *allowed);
int vb_sum(vbuild *b, const int *cells, const int *weights, int len, int target);
int vb_cage(vbuild *b, const int *cells, int len, int target);
int vb_prop(vbuild *b, int kind, const int *cells, int len, int target);
void vb_mask(vbuild *b, int cell, uint64_t allowed);
/* The cells hold each of digits[0 .. k) (1..n; a digit as often as it is
 * listed) at least as often as listed; k == len: exactly those digits. */
int vb_contains(vbuild *b, const int *cells, int len, const int *digits, int k);
/* The cells hold different digits, which make one of the sets sets[0 ..
 * nsets) (nsets <= VB_MAX_SETS; propagated as a cage's digit sets). */
#define VB_MAX_SETS 512
int vb_sets(vbuild *b, const int *cells, int len, const uint64_t *sets, int nsets);
/* The cells hold a digit of each of nclasses classes, class_of[d - 1]
 * being digit d's (0 .. nclasses - 1, at most 8 classes). */
int vb_classes(vbuild *b, const int *cells, int len, const int *class_of, int nclasses);

/* A builder for one constraint alone (no houses), its primitives checked
 * against a grid by vb_broken: NULL out of memory. */
vbuild *vb_scratch(int n, int nd);
void vb_scratch_free(vbuild *b);
/* Whether grid's filled cells break a primitive of b: a group's two
 * cells, a pair relation, a mask; a sum, cage, sandwich, renban or
 * contains whose cells are all filled; an automaton's line that no
 * filling of its blanks makes one it accepts (vdfa_broken). Returns 0,
 * the number + 1 of a cell where one breaks (an automaton's: where its
 * reading goes wrong), or -1 out of memory. */
int vb_broken(const vbuild *b, const uint8_t *grid);
/* A rule on the digits along cells[0 .. len) (len <= VARIANT_MAX_LINE, a
 * cell may come twice): the line must be one dfa accepts (a copy is
 * kept; dfa->n is the grid's side); propagated by vline_run. */
int vb_automaton(vbuild *b, const int *cells, int len, const vdfa *dfa);

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
    VR_FAR,
    VR_TABLE /* a table of vb_table's */
};

/* Whether digits a, b (1..n) keep relation kind with value (not
 * VR_TABLE, which is the builder's). */
int vrel_holds(int kind, int value, int a, int b);

/* ------------------------------------------------------------ the named lines
 * (rules_lines.c): the definitions of constraints.c's rows from
 * palindrome to slow thermometer, over the builder calls above. */
int vl_palindrome(const vctx *x);    /* pairs equal (VR_DIFF 0) */
int vl_modular(const vctx *x);       /* pairs fewer than value apart: residues differ */
int vl_entropic(const vctx *x);      /* pairs fewer than 3 apart: ranks differ */
int vl_parity(const vctx *x);        /* neighbours: parities differ */
int vl_nabner(const vctx *x);        /* a group; every pair 2 or more apart */
int vl_dutch_whisper(const vctx *x); /* neighbours: VR_FAR vl_dutch_gap */
int vl_slow_thermo(const vctx *x);   /* neighbours: the first not larger */
int vl_region_sum(const vctx *x);    /* the stretches in one region: equal sums */
int vl_zipper(const vctx *x);        /* equal sums of the pairs (or the middle) */
int vl_automaton(const vctx *x);     /* between, lockout, sum line: vl_dfa */
/* Their check (vcheck_fn): the automaton fits; a sum line visits a cell
 * once, a loop ending on its first cell. */
int vl_automaton_fits(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);

/* The automaton of a between line, a lockout line or a sum line of len
 * cells (a loop: vl_loop, the cycle without its last cell) of an
 * n-sided grid, value the rule's. Returns NONET_OK, NONET_ENOMEM or
 * NONET_EARG (too large: a sentence in why). */
int vl_dfa(vdfa *out, nonet_constraint_type type, int n, int value, const int *cells, int len,
           char *why, size_t cap);
/* Whether a line of len cells closes a loop: more than two, the last the
 * first again. */
int vl_loop(const int *cells, int len);
/* The Dutch whispers' gap, n/2 rounded up less 1 (4 on 9x9, 2 on 6x6, 1
 * on 4x4), which is also a lockout line's default; the rank of digit d
 * on an entropic line, 0 low, 1 middle, 2 high: thirds of 1..n, the
 * middle one the odd size out where n is no multiple of 3 (4x4: 1, 23,
 * 4; 8x8: 123, 45, 678), as the f-puzzles constraint extension ranks. */
int vl_dutch_gap(int n);
int vl_lockout_gap(int n);
int vl_entropy_rank(int n, int d);

/* Readers (text.c, fpuzzles.c), as nonet_variant_parse: the text form;
 * f-puzzles JSON, or a link or payload of it. */
int variant_parse_text(const char *text, size_t len, nonet_variant **out, char *name,
                       nonet_error *err);
int variant_parse_fpuzzles(const char *text, size_t len, nonet_variant **out, char *name,
                           nonet_error *err);

/* The f-puzzles key of the rule that a drawing element (one JSON object,
 * json[0 .. len), as vdraw.json keeps it) draws for the constraint
 * extension ("fromConstraint", or an old line's colour), into key (cap
 * bytes) as the reader finds it: 1, or 0 when it draws none; -1 when the
 * element cannot be read (out of memory). */
int variant_fpuzzles_drawn_key(const char *json, size_t len, char *key, size_t cap);

/* Interactive Sudoku Solver's constraint strings (iss.c): which form
 * text is (1: a constraint string, ".Type~..." after blanks and '#'
 * lines; 2: a link whose ?q= (or &q=) query is one; 3: a jigsaw line, its
 * givens then a layout of n connected regions; 0: none of them), and
 * the reader of all of them, as nonet_variant_parse. */
int variant_iss_kind(const char *text, size_t len);
int variant_parse_iss(const char *text, size_t len, nonet_variant **out, char *name,
                      nonet_error *err);

/* The one-line killer forms (killer.c): which one text's first line is
 * (1: the short form of 81 characters, 2: the long "3x3:d:k:..." form,
 * 0: neither), and the reader of both (the line must be all of text). */
int variant_killer_kind(const char *text, size_t len);
int variant_parse_killer(const char *text, size_t len, nonet_variant **out, char *name,
                         nonet_error *err);

/* ------------------------------------------------------------ cages, marks, cells, global rules
 * (rules_cells.c): the definitions of constraints.c's rows from double
 * arrow to no boxes, each over the builder calls above, and their own
 * checks (vcheck_fn). */
int vrc_double_arrow(const vctx *x);
int vrc_pill_arrow(const vctx *x);
int vrc_pill_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);
int vrc_quadruple(const vctx *x);
int vrc_quadruple_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);
int vrc_clone(const vctx *x);
int vrc_clone_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);
int vrc_minimum(const vctx *x);
int vrc_maximum(const vctx *x);
int vrc_greater(const vctx *x);
int vrc_greater_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);
int vrc_rellik(const vctx *x);
int vrc_rellik_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);
int vrc_equal_sums(const vctx *x);
int vrc_indexer(const vctx *x);
int vrc_anti_taxicab(const vctx *x);
int vrc_square_classes(const vctx *x);
int vrc_entropy_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);
int vrc_dutch_flatmates(const vctx *x);
int vrc_nothing(const vctx *x);
int vrc_doppelganger(const vctx *x);
int vrc_doppel_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);

/* Whether v's regions (its boxes, or its jigsaw's) are houses: 1 unless
 * it has the no-boxes rule and no jigsaw. */
int variant_boxes(const nonet_variant *v);

/* The regions of v as houses (nonet_variant_regions) into region, where
 * what reads regions as houses (the rule of 45, a sum's groups) stays
 * sound: without boxes, each row (a house) is a region. Returns
 * variant_boxes(v). */
int variant_house_regions(const nonet_variant *v, uint8_t *region);

#endif
