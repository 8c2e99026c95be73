/* constraints.c - the rules: one row each (vrule), holding everything
 * about the rule: its names (the text form's keyword, its f-puzzles key,
 * Interactive Sudoku Solver's type), what it takes (shape, touch, parts,
 * value, values, text, a cell listed twice), how f-puzzles and ISS write
 * it, its words for `nonet help input`, and its definition over the
 * engine's primitives (variant.h), a compile function. The readers, the
 * writers, the help and the check (which compiles a constraint alone and
 * checks what it made) dispatch on the row.
 *
 * A new rule over the existing primitives is a row, a compile function
 * (a few vb_* calls) and its tests (tests/test_variant.c: a checker of
 * its own, counts against the engine). */
#include "variant/variant.h"

#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------ geometry */

/* The pairs a global pair rule relates: calls fn for each unordered pair
 * (a, b) of cells at offsets (dr, dc) from the list; returns the first
 * nonzero answer of fn. */
typedef int (*pair_fn)(const vctx *x, int kind, int value, int a, int b);

static int each_offset_pair(const vctx *x, const int (*off)[2], int noff, pair_fn fn, int kind,
                            int value)
{
    int n = x->n;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int k = 0; k < noff; k++) {
                int r2 = r + off[k][0], c2 = c + off[k][1];
                if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
                    continue;
                int rc = fn(x, kind, value, r * n + c, r2 * n + c2);
                if (rc)
                    return rc;
            }
    return 0;
}

static const int knight[4][2] = {{1, 2}, {1, -2}, {2, 1}, {2, -1}};
static const int king[2][2] = {{1, 1}, {1, -1}};
static const int orth[2][2] = {{0, 1}, {1, 0}};

/* Whether the pair (a, b) carries a mark of family f (vrule.family). */
static int marked(const nonet_variant *v, int a, int b, int f)
{
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        if (k->ncells == 2 && vrule_of(k->type)->family == f) {
            int x = v->cells[k->first], y = v->cells[k->first + 1];
            if ((x == a && y == b) || (x == b && y == a))
                return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ definitions */

/* Whether relation kind reads the digits' values (not only how they
 * compare): on a grid of digits 0 to n-1 it is made a table. */
static int reads_values(int kind)
{
    return kind == VR_RATIO || kind == VR_NOT_RATIO || kind == VR_SUM || kind == VR_NOT_SUM;
}

int vx_pair(const vctx *x, int a, int b, int kind, int value)
{
    if (!x->off || !reads_values(kind))
        return vb_pair(x->b, a, b, kind, value);
    uint64_t allowed[NONET_MAX_SIDE] = {0};
    for (int d = 1; d <= x->nd; d++)
        for (int e = 1; e <= x->nd; e++)
            if (vrel_holds(kind, value, d + x->off, e + x->off))
                allowed[d - 1] |= (uint64_t)1 << (e - 1);
    int t = vb_table(x->b, allowed);
    return t < 0 ? -1 : vb_pair(x->b, a, b, VR_TABLE, t);
}

int vx_sum(const vctx *x, const int *cells, const int *w, int len, long target)
{
    long wsum = 0;
    for (int i = 0; i < len; i++)
        wsum += w[i];
    return vb_sum(x->b, cells, w, len, (int)vdigit_sum(x, target, wsum));
}

/* The sets of k digits (from digit `from` on, each allowed by cand) every
 * two of which allowed relates, into out after its first count: the new
 * count, or -1 past VB_MAX_SETS. */
static int cliques(const uint64_t *allowed, int nd, int k, int from, uint64_t set, uint64_t cand,
                   uint64_t *out, int count)
{
    if (!k)
        return count < VB_MAX_SETS ? (out[count] = set, count + 1) : -1;
    for (int d = from; d <= nd && count >= 0; d++)
        if (cand >> (d - 1) & 1)
            count = cliques(allowed, nd, k - 1, d + 1, set | (uint64_t)1 << (d - 1),
                            cand & allowed[d - 1], out, count);
    return count;
}

int vx_distinct_sets(const vctx *x, const int *cells, int len, const uint64_t *allowed)
{
    if (vb_group(x->b, cells, len))
        return -1;
    if (len < 3)
        return 0; /* two cells: their relation says it all */
    uint64_t *sets = malloc(VB_MAX_SETS * sizeof *sets);
    if (!sets)
        return -1;
    int k = cliques(allowed, x->nd, len, 1, 0, full_set(x->nd), sets, 0);
    int rc = k > 0 ? vb_sets(x->b, cells, len, sets, k) : 0; /* none: the pairs say so */
    free(sets);
    return rc;
}

static int relate(const vctx *x, int kind, int value, int a, int b)
{
    return vx_pair(x, a, b, kind, value);
}

/* A negative rule's pair: the relation where no mark of the rule's
 * family is. */
static int relate_unmarked(const vctx *x, int kind, int value, int a, int b)
{
    if (marked(x->v, a, b, vrule_of(x->k->type)->family))
        return 0;
    return vx_pair(x, a, b, kind, value);
}

static int diagonal_main(const vctx *x)
{
    int h[NONET_MAX_SIDE];
    for (int i = 0; i < x->n; i++)
        h[i] = i * x->n + i;
    return vb_group(x->b, h, x->n);
}

static int diagonal_anti(const vctx *x)
{
    int h[NONET_MAX_SIDE];
    for (int i = 0; i < x->n; i++)
        h[i] = i * x->n + x->n - 1 - i;
    return vb_group(x->b, h, x->n);
}

static int windoku(const vctx *x)
{
    const nonet_grid *g = &x->v->grid;
    int n = x->n, h[NONET_MAX_SIDE];
    for (int r0 = 1; r0 + g->box_rows <= n - 1; r0 += g->box_rows + 1)
        for (int c0 = 1; c0 + g->box_cols <= n - 1; c0 += g->box_cols + 1) {
            int len = 0;
            for (int r = r0; r < r0 + g->box_rows; r++)
                for (int c = c0; c < c0 + g->box_cols; c++)
                    h[len++] = r * n + c;
            if (vb_group(x->b, h, len))
                return -1;
        }
    return 0;
}

static int disjoint(const vctx *x)
{
    const nonet_grid *g = &x->v->grid;
    int n = x->n, h[NONET_MAX_SIDE];
    for (int pr = 0; pr < g->box_rows; pr++)
        for (int pc = 0; pc < g->box_cols; pc++) {
            int len = 0;
            for (int br = 0; br < n; br += g->box_rows)
                for (int bc = 0; bc < n; bc += g->box_cols)
                    h[len++] = (br + pr) * n + bc + pc;
            if (vb_group(x->b, h, len))
                return -1;
        }
    return 0;
}

/* region, distinct */
static int group(const vctx *x)
{
    return vb_group(x->b, x->cells, x->k->ncells);
}

static int anti_knight(const vctx *x)
{
    return each_offset_pair(x, knight, 4, relate, VR_DIFFER, 0);
}

static int anti_king(const vctx *x)
{
    return each_offset_pair(x, king, 2, relate, VR_DIFFER, 0);
}

static int nonconsecutive(const vctx *x)
{
    return each_offset_pair(x, orth, 2, relate, VR_NOT_DIFF, 1);
}

static int difference(const vctx *x)
{
    return vb_pair(x->b, x->cells[0], x->cells[1], VR_DIFF, x->k->value);
}

static int ratio(const vctx *x)
{
    return vx_pair(x, x->cells[0], x->cells[1], VR_RATIO, x->k->value);
}

static int pair_sum(const vctx *x)
{
    return vx_pair(x, x->cells[0], x->cells[1], VR_SUM, x->k->value);
}

static int not_difference(const vctx *x)
{
    return each_offset_pair(x, orth, 2, relate_unmarked, VR_NOT_DIFF, x->k->value);
}

static int not_ratio(const vctx *x)
{
    return each_offset_pair(x, orth, 2, relate_unmarked, VR_NOT_RATIO, x->k->value);
}

static int not_sum(const vctx *x)
{
    return each_offset_pair(x, orth, 2, relate_unmarked, VR_NOT_SUM, x->k->value);
}

static int cage(const vctx *x)
{
    if (vb_group(x->b, x->cells, x->k->ncells))
        return -1;
    return x->k->value ? vb_cage(x->b, x->cells, x->k->ncells,
                                 (int)vdigit_sum(x, x->k->value, x->k->ncells))
                       : 0;
}

static int little_killer(const vctx *x)
{
    int w[VARIANT_MAX_LINE];
    for (int i = 0; i < x->k->ncells; i++)
        w[i] = 1;
    return vx_sum(x, x->cells, w, x->k->ncells, x->k->value);
}

/* The bulb's digits, tens first, less the shaft's: 0. */
static int arrow(const vctx *x)
{
    int cells[VARIANT_MAX_LINE], w[VARIANT_MAX_LINE], len = 0, bulb = 0;
    while (x->cells[bulb] != NONET_PART)
        bulb++;
    for (int i = 0, p = 1; i < bulb; i++, p *= 10) {
        cells[bulb - 1 - i] = x->cells[bulb - 1 - i];
        w[bulb - 1 - i] = -p;
    }
    len = bulb;
    for (int i = bulb + 1; i < x->k->ncells; i++) {
        cells[len] = x->cells[i];
        w[len++] = 1;
    }
    return vx_sum(x, cells, w, len, 0);
}

static int thermo(const vctx *x)
{
    if (vb_group(x->b, x->cells, x->k->ncells))
        return -1;
    for (int i = 1; i < x->k->ncells; i++)
        if (vb_pair(x->b, x->cells[i - 1], x->cells[i], VR_LESS, 0))
            return -1;
    return 0;
}

/* A modular line's M when its value is left out (rules_lines.c's). */
static int modular_default(int n)
{
    (void)n;
    return 3;
}

/* A whisper's gap when its value is left out: German whispers' 5 on 9x9. */
static int whisper_gap(int n)
{
    return n / 2 + 1;
}

static int whisper(const vctx *x)
{
    int gap = x->k->value ? x->k->value : whisper_gap(x->nd);
    for (int i = 1; i < x->k->ncells; i++)
        if (vb_pair(x->b, x->cells[i - 1], x->cells[i], VR_FAR, gap))
            return -1;
    return 0;
}

static int renban(const vctx *x)
{
    if (vb_group(x->b, x->cells, x->k->ncells))
        return -1;
    return vb_prop(x->b, VP_RENBAN, x->cells, x->k->ncells, 0);
}

static int sandwich(const vctx *x)
{
    return vb_prop(x->b, VP_SANDWICH, x->cells, x->k->ncells, x->k->value);
}

/* The digits whose values are odd. */
static uint64_t odd_digits(const vctx *x)
{
    uint64_t odd = 0;
    for (int d = 1; d <= x->nd; d++)
        if ((d + x->off) % 2)
            odd |= (uint64_t)1 << (d - 1);
    return odd;
}

static int odd(const vctx *x)
{
    for (int i = 0; i < x->k->ncells; i++)
        vb_mask(x->b, x->cells[i], odd_digits(x));
    return 0;
}

static int even(const vctx *x)
{
    for (int i = 0; i < x->k->ncells; i++)
        vb_mask(x->b, x->cells[i], ~odd_digits(x));
    return 0;
}

/* digits: each cell one of the listed digits */
static int digits(const vctx *x)
{
    uint64_t listed = 0;
    for (int i = 0; i < x->k->nvalues; i++)
        listed |= (uint64_t)1 << (vdigit(x, x->values[i]) - 1);
    for (int i = 0; i < x->k->ncells; i++)
        vb_mask(x->b, x->cells[i], listed);
    return 0;
}

/* The table of a pair rule's allowed pairs (a, b), a the first cell's. */
static int pair_table(const vctx *x)
{
    uint64_t allowed[NONET_MAX_SIDE] = {0};
    for (int i = 0; i + 1 < x->k->nvalues; i += 2)
        allowed[vdigit(x, x->values[i]) - 1] |= (uint64_t)1 << (vdigit(x, x->values[i + 1]) - 1);
    return vb_table(x->b, allowed);
}

static int pair_line(const vctx *x)
{
    int t = pair_table(x);
    if (t < 0)
        return -1;
    for (int i = 1; i < x->k->ncells; i++)
        if (vb_pair(x->b, x->cells[i - 1], x->cells[i], VR_TABLE, t))
            return -1;
    return 0;
}

/* Every two cells; where the pairs are those of different digits (each
 * digit with every other, none with itself), a group, whose cells also
 * take part in singles. */
static int pairwise(const vctx *x)
{
    uint64_t seen[NONET_MAX_SIDE] = {0};
    int count = 0;
    for (int i = 0; i + 1 < x->k->nvalues; i += 2) {
        int a = vdigit(x, x->values[i]), b = vdigit(x, x->values[i + 1]);
        uint64_t bit = (uint64_t)1 << (b - 1);
        if (a == b)
            count = -NONET_MAX_CELLS;
        else if (!(seen[a - 1] & bit))
            count++;
        seen[a - 1] |= bit;
    }
    if (count == x->nd * (x->nd - 1))
        return vb_group(x->b, x->cells, x->k->ncells);
    int t = pair_table(x);
    if (t < 0)
        return -1;
    int symmetric = count >= 0;
    for (int a = 0; a < x->nd && symmetric; a++)
        for (int b = 0; b < x->nd; b++)
            symmetric &= (seen[a] >> b & 1) == (seen[b] >> a & 1);
    if (symmetric && vx_distinct_sets(x, x->cells, x->k->ncells, seen)) /* no pair of equals */
        return -1;
    for (int i = 0; i < x->k->ncells; i++)
        for (int j = i + 1; j < x->k->ncells; j++)
            if (vb_pair(x->b, x->cells[i], x->cells[j], VR_TABLE, t))
                return -1;
    return 0;
}

static int weighted_sum(const vctx *x)
{
    return vx_sum(x, x->cells, x->values, x->k->ncells, x->k->value);
}

int vx_contains(const vctx *x)
{
    int digit[VARIANT_MAX_LINE];
    for (int i = 0; i < x->k->nvalues; i++)
        digit[i] = vdigit(x, x->values[i]);
    return vb_contains(x->b, x->cells, x->k->ncells, digit, x->k->nvalues);
}

/* The cells take only the listed digits, and each as often as listed. */
static int contains_exactly(const vctx *x)
{
    uint64_t listed = 0;
    for (int i = 0; i < x->k->nvalues; i++)
        listed |= (uint64_t)1 << (vdigit(x, x->values[i]) - 1);
    for (int i = 0; i < x->k->ncells; i++)
        vb_mask(x->b, x->cells[i], listed);
    return vx_contains(x);
}

/* ------------------------------------------------------------ line automata */

/* The automaton of a line automaton rule's constraint (its text, or its
 * clue over its cells) into d. Returns NONET_OK, NONET_ENOMEM, or
 * NONET_EARG with a sentence in why (column: the expression's column
 * where it went wrong, 0 for none). */
static int automaton_of(nonet_constraint_type type, int n, int lo, const char *text, int value,
                        int ncells, vdfa *d, long *column, char *why, size_t cap)
{
    *column = 0;
    switch (type) {
    case NONET_CON_REGEX:
        return vdfa_from_regex_at(d, text, strlen(text), n, lo, column, why, cap);
    case NONET_CON_XSUM:
        return vdfa_clue(d, VCLUE_XSUM, n, value, ncells, why, cap);
    case NONET_CON_SKYSCRAPER:
        return vdfa_clue(d, lo ? VCLUE_SKYSCRAPER : VCLUE_SKYSCRAPER_ZERO, n, value, ncells, why,
                         cap);
    case NONET_CON_HIDDEN_SKYSCRAPER:
        return vdfa_clue(d, VCLUE_HIDDEN, n, value - (lo - 1), ncells, why, cap); /* a digit */
    case NONET_CON_NUMBERED_ROOM:
        return vdfa_clue(d, VCLUE_ROOM, n, value, ncells, why, cap);
    default:
        return vdfa_clue(d, VCLUE_LUNCHBOX, n, value, ncells, why, cap);
    }
}

/* regex, the outside clues, lunchbox: an automaton along the cells (its
 * syntax and size were checked when the constraint was added) */
static int automaton(const vctx *x)
{
    vdfa d;
    long column;
    if (x->k->type == NONET_CON_LUNCHBOX && vb_group(x->b, x->cells, x->k->ncells))
        return -1;
    if (automaton_of(x->k->type, x->nd, x->v->lo, x->text, x->k->value, x->k->ncells, &d, &column,
                     NULL, 0) != NONET_OK)
        return -1;
    int rc = vb_automaton(x->b, x->cells, x->k->ncells, &d);
    vdfa_free(&d);
    return rc;
}

/* Its automaton can be built, and unrolled over its cells. */
static int automaton_fits(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    const char *name = nonet_constraint_name(c->type);
    char words[120] = "";
    vdfa d;
    vline l;
    long column;
    int rc = automaton_of(c->type, v->nd, v->lo, c->text, c->value, c->ncells, &d, &column, words,
                          sizeof words);
    if (rc == NONET_EARG) {
        if (column)
            snprintf(why, cap, "%s: its expression, column %ld: %s", name, column, words);
        else
            snprintf(why, cap, "%s: %s", name, words);
    }
    if (rc != NONET_OK)
        return rc;
    rc = vline_build(&l, &d, c->ncells, NULL, 0, words, sizeof words);
    vdfa_free(&d);
    if (rc == NONET_EARG)
        snprintf(why, cap, "%s: %s", name, words);
    vline_free(&l);
    return rc;
}

/* ------------------------------------------------------------ the table */

/* A cell listed twice: a set's is kept once, a whisper may come back to a
 * cell (a loop: its rule holds between neighbours), and the rest refuse
 * it (a thermometer's digits increase along it; a little killer's
 * diagonal counts each cell once; a mark, a sandwich or a global rule has
 * its own shape). Which cells touch: the touch column (8: each the next's
 * king's-move neighbour, as the rule is between neighbours; 0: any cells,
 * a set whose rule does not depend on their order or place). */
#define THERMO_ONCE "its digits increase along it, so a thermometer cannot come back to a cell"
#define LITTLE_ONCE "a little killer sums the cells of its diagonal, each once"
#define BULB_ONCE "its cells read as one number"
#define WEIGHT_ONCE "each cell has one weight (add them up)"
#define DOUBLE_ONCE "a double arrow sums each of its cells once"
#define PART_ONCE "a part sums each of its cells once"

/* shapes, spelled short for the table */
#define GLOBAL NONET_SHAPE_GLOBAL
#define CELLS NONET_SHAPE_CELLS
#define LINE NONET_SHAPE_LINE
#define PAIR NONET_SHAPE_PAIR
#define OUTSIDE NONET_SHAPE_OUTSIDE
#define PARTS NONET_SHAPE_PARTS

/* Each row: the public part (type, name, f-puzzles key, ISS type, shape,
 * touch, parts, valued, values, text, usage, summary), then the rest by
 * name; the others are 0: no cells (.cells {NULL, 0, 0, ...}), no
 * value, no family, no f-puzzles form (VFP_NONE), ISS's type takes no
 * arguments, no fromConstraint name (NULL). */
static const vrule rules[] = {
    {
        .pub =
            {NONET_CON_DIAGONAL_MAIN, "diagonal-", "diagonal-", "Diagonal", GLOBAL, 0, 1, 0,
             NONET_VALUES_NONE, 0, "diagonal-",
             "the main diagonal, r1c1 to rNcN, holds different digits (diagonal: both diagonals)"},
        .fp = VFP_GLOBAL,
        .iss_args = VISS_DIRECTION,
        .iss_value = -1,
        .ranges = VRANGE_ANY,
        .compile = diagonal_main,
    },
    {
        .pub = {NONET_CON_DIAGONAL_ANTI, "diagonal+", "diagonal+", "Diagonal", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "diagonal+",
                "the anti-diagonal, rNc1 to r1cN, holds different digits"},
        .fp = VFP_GLOBAL,
        .iss_args = VISS_DIRECTION,
        .iss_value = 1,
        .ranges = VRANGE_ANY,
        .compile = diagonal_anti,
    },
    {
        .pub = {NONET_CON_WINDOKU, "windoku", "windoku", "Windoku", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "windoku",
                "windows of the boxes' shape, one cell in from the top left and one cell apart, "
                "hold different digits (hyper)"},
        .fp = VFP_GLOBAL,
        .ranges = VRANGE_ANY,
        .compile = windoku,
    },
    {
        .pub = {NONET_CON_DISJOINT, "disjoint", "disjointgroups", "DisjointSets", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "disjoint",
                "the cells at the same place in every box hold different digits"},
        .fp = VFP_GLOBAL,
        .ranges = VRANGE_ANY,
        .compile = disjoint,
    },
    {
        .pub = {NONET_CON_HOUSE, "region", "extraregion", "", CELLS, 0, 1, 0, NONET_VALUES_NONE, 0,
                "region CELLS", "an extra house: the cells hold different digits"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .distinct = 1,
        .fp = VFP_CELLS,
        .ranges = VRANGE_ANY,
        .compile = group,
    },
    {
        .pub = {NONET_CON_ANTI_KNIGHT, "antiknight", "antiknight", "AntiKnight", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "antiknight",
                "cells a knight's move apart hold different digits"},
        .fp = VFP_GLOBAL,
        .ranges = VRANGE_ANY,
        .compile = anti_knight,
    },
    {
        .pub = {NONET_CON_ANTI_KING, "antiking", "antiking", "AntiKing", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "antiking",
                "cells a king's move apart hold different digits"},
        .fp = VFP_GLOBAL,
        .ranges = VRANGE_ANY,
        .compile = anti_king,
    },
    {
        .pub = {NONET_CON_NONCONSECUTIVE, "nonconsecutive", "", "AntiConsecutive", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "nonconsecutive",
                "no two orthogonal neighbours hold consecutive digits, every pair (f-puzzles' "
                "leaves out the dots: negative difference = 1)"},
        .ranges = VRANGE_ANY,
        .compile = nonconsecutive,
    },
    {
        .pub = {NONET_CON_DIFFERENCE, "difference", "difference", "WhiteDot", PAIR, 4, 1, 2,
                NONET_VALUES_NONE, 0, "difference CELL CELL = D",
                "the two digits differ by D (white CELL CELL: by 1, kropki's white dot)"},
        .cells = {NULL, 2, 2, VREPEAT_REFUSE, NULL},
        .family = VFAM_KROPKI,
        .value_min = 1,
        .value_max = VMAX_SIDE,
        .fp = VFP_CELLS,
        .fp_value = 1,
        .iss_args = VISS_CELLS,
        .iss_value = 1,
        .ranges = VRANGE_ANY,
        .compile = difference,
    },
    {
        .pub = {NONET_CON_RATIO, "ratio", "ratio", "BlackDot", PAIR, 4, 1, 2, NONET_VALUES_NONE, 0,
                "ratio CELL CELL = R",
                "one digit is R times the other (black CELL CELL: twice, kropki's black dot)"},
        .cells = {NULL, 2, 2, VREPEAT_REFUSE, NULL},
        .family = VFAM_KROPKI,
        .value_min = 2,
        .value_max = NONET_MAX_SIDE,
        .fp = VFP_CELLS,
        .fp_value = 2,
        .iss_args = VISS_CELLS,
        .iss_value = 2,
        .ranges = VRANGE_ANY,
        .compile = ratio,
    },
    {
        .pub = {NONET_CON_SUM, "sum", "xv", "X", PAIR, 4, 1, 2, NONET_VALUES_NONE, 0,
                "sum CELL CELL = S",
                "the two digits sum to S (x CELL CELL: to 10, v CELL CELL: to 5)"},
        .cells = {NULL, 2, 2, VREPEAT_REFUSE, NULL},
        .family = VFAM_XV,
        .value_min = 3,
        .value_max = VMAX_SUM,
        .fp = VFP_XV,
        .iss_args = VISS_CELLS,
        .iss_value = 10,
        .ranges = VRANGE_ANY,
        .compile = pair_sum,
    },
    {
        .pub = {NONET_CON_NOT_DIFFERENCE, "negative difference", "nonconsecutive", "", GLOBAL, 0, 1,
                2, NONET_VALUES_NONE, 0, "negative difference = D",
                "no two neighbours without a difference or ratio mark differ by D (negative white: "
                "by 1; negative kropki: negative white and black)"},
        .family = VFAM_KROPKI,
        .value_min = 1,
        .value_max = VMAX_SIDE,
        .fp = VFP_GLOBAL,
        .fp_value = 1,
        .ranges = VRANGE_ANY,
        .compile = not_difference,
    },
    {
        .pub = {NONET_CON_NOT_RATIO, "negative ratio", "negative:ratio", "", GLOBAL, 0, 1, 2,
                NONET_VALUES_NONE, 0, "negative ratio = R",
                "no two neighbours without a difference or ratio mark have a ratio of R (negative "
                "black: 2)"},
        .family = VFAM_KROPKI,
        .value_min = 2,
        .value_max = NONET_MAX_SIDE,
        .fp = VFP_NEGATIVE,
        .fp_value = 2,
        .ranges = VRANGE_ANY,
        .compile = not_ratio,
    },
    {
        .pub = {NONET_CON_NOT_SUM, "negative sum", "negative:xv", "", GLOBAL, 0, 1, 2,
                NONET_VALUES_NONE, 0, "negative sum = S",
                "no two neighbours without a sum mark sum to S (negative x: 10, negative v: 5, "
                "negative xv: both)"},
        .family = VFAM_XV,
        .value_min = 3,
        .value_max = 2 * NONET_MAX_SIDE,
        .fp = VFP_NEGATIVE,
        .fp_value = 10,
        .fp_value2 = 5,
        .ranges = VRANGE_ANY,
        .compile = not_sum,
    },
    {
        .pub =
            {NONET_CON_KILLER, "cage", "killercage", "Cage", CELLS, 0, 1, 1, NONET_VALUES_NONE, 0,
             "cage CELLS [= SUM]",
             "a killer cage: different digits, summing to SUM when it is given (killer: the same)"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .distinct = 1,
        .value_max = VMAX_SUM,
        .fp = VFP_CELLS,
        .iss_args = VISS_VALUE_CELLS,
        .ranges = VRANGE_ANY,
        .compile = cage,
    },
    {
        .pub = {NONET_CON_LITTLE_KILLER, "littlekiller", "littlekillersum", "LittleKiller", CELLS,
                0, 1, 2, NONET_VALUES_NONE, 0, "littlekiller CELLS = SUM",
                "the cells (a diagonal) sum to SUM, repeats allowed"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, LITTLE_ONCE},
        .value_min = 1,
        .value_max = VMAX_SUM,
        .fp = VFP_LITTLE,
        .iss_args = VISS_OUTSIDE,
        .ranges = VRANGE_ANY,
        .compile = little_killer,
    },
    {
        .pub =
            {NONET_CON_ARROW, "arrow", "arrow", "Arrow", PARTS, 0, 2, 0, NONET_VALUES_NONE, 0,
             "arrow BULB : SHAFT",
             "the bulb's digits (1 to 4 cells, read as one number) equal the sum of the shaft's"},
        .cells = {"the bulb", 1, 4, VREPEAT_REFUSE, BULB_ONCE},
        .more = {"the shaft", 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_ARROW,
        .iss_args = VISS_ARROW,
        .ranges = VRANGE_ANY,
        .compile = arrow,
    },
    /* cages, marks, cells and global rules (rules_cells.c) */
    {
        .pub = {NONET_CON_DOUBLE_ARROW, "doublearrow", "doublearrow", "DoubleArrow", LINE, 0, 1, 0,
                NONET_VALUES_NONE, 0, "doublearrow CELLS",
                "the digits of the line's two ends (its circles) sum to the sum of those between "
                "them"},
        .cells = {NULL, 3, 0, VREPEAT_REFUSE, DOUBLE_ONCE},
        .fp = VFP_LINES,
        .fp_from = "Double Arrow",
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = vrc_double_arrow,
    },
    {
        .pub = {NONET_CON_PILL_ARROW, "pillarrow", "", "PillArrow", PARTS, 0, 2, 0,
                NONET_VALUES_NONE, 0, "pillarrow PILL : SHAFT",
                "the pill's 2 or 3 digits, read as one number left to right and top to bottom, "
                "equal the sum of the shaft's"},
        .cells = {"the pill", 2, 3, VREPEAT_REFUSE, BULB_ONCE},
        .more = {"the shaft", 1, 0, VREPEAT_DROP, NULL},
        .iss_args = VISS_PILL,
        .ranges = VRANGE_ANY,
        .compile = vrc_pill_arrow,
        .check = vrc_pill_check,
    },
    {
        .pub = {NONET_CON_QUADRUPLE, "quadruple", "quadruple", "Quad", CELLS, 8, 1, 0,
                NONET_VALUES_DIGITS, 0, "quadruple CELLS [D ...]",
                "the four cells, a 2x2 block, hold each digit D (1 to 4 of them), at least as "
                "often as it is listed"},
        .cells = {NULL, 4, 4, VREPEAT_REFUSE, NULL},
        .fp = VFP_QUAD,
        .iss_args = VISS_QUAD,
        .ranges = VRANGE_ANY,
        .compile = vrc_quadruple,
        .check = vrc_quadruple_check,
    },
    {
        .pub = {NONET_CON_CLONE, "clone", "clone", "", PARTS, 0, 2, 0, NONET_VALUES_NONE, 0,
                "clone CELLS : CELLS",
                "the second part is the first moved, and each of its cells holds the digit of its "
                "cell in the first"},
        .cells = {"the part it copies", 1, 0, VREPEAT_REFUSE, NULL},
        .more = {"its copy", 1, 0, VREPEAT_REFUSE, NULL},
        .fp = VFP_CLONE,
        .ranges = VRANGE_ANY,
        .compile = vrc_clone,
        .check = vrc_clone_check,
        .overlap = 1,
    },
    {
        .pub = {NONET_CON_MINIMUM, "minimum", "minimum", "", CELLS, 0, 1, 0, NONET_VALUES_NONE, 0,
                "minimum CELLS", "each cell holds less than each of its orthogonal neighbours"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_CELL,
        .ranges = VRANGE_ANY,
        .compile = vrc_minimum,
    },
    {
        .pub = {NONET_CON_MAXIMUM, "maximum", "maximum", "", CELLS, 0, 1, 0, NONET_VALUES_NONE, 0,
                "maximum CELLS", "each cell holds more than each of its orthogonal neighbours"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_CELL,
        .ranges = VRANGE_ANY,
        .compile = vrc_maximum,
    },
    {
        .pub = {NONET_CON_GREATER, "greater", "", "GreaterThan", LINE, 0, 1, 0, NONET_VALUES_NONE,
                0, "greater CELLS",
                "each cell holds more than every later one of them that it touches orthogonally "
                "(two cells: the first is larger; a cell then its neighbours: a maximum)"},
        .cells = {NULL, 2, 0, VREPEAT_REFUSE, NULL},
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = vrc_greater,
        .check = vrc_greater_check,
    },
    {
        .pub = {NONET_CON_RELLIK, "rellik", "", "RellikCage", CELLS, 0, 1, 2, NONET_VALUES_NONE, 0,
                "rellik CELLS = SUM",
                "a rellik cage: different digits, no one or more of which sum to SUM"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .distinct = 1,
        .value_min = 1,
        .value_max = VMAX_SUM,
        .iss_args = VISS_VALUE_CELLS,
        .ranges = VRANGE_MORE,
        .compile = vrc_rellik,
        .check = vrc_rellik_check,
    },
    {
        .pub = {NONET_CON_EQUAL_SUMS, "equalsums", "", "EqualSum", PARTS, 0, 0, 0,
                NONET_VALUES_NONE, 0, "equalsums CELLS : CELLS ...",
                "the parts' digits have the same sum (two parts or more; they may share cells)"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, PART_ONCE},
        .more = {"a part", 1, 0, VREPEAT_REFUSE, PART_ONCE},
        .iss_args = VISS_PARTS,
        .ranges = VRANGE_ANY,
        .compile = vrc_equal_sums,
        .overlap = 1,
    },
    {
        .pub = {NONET_CON_INDEX_ROW, "rowindexer", "rowindexer", "Indexing", CELLS, 0, 1, 0,
                NONET_VALUES_NONE, 0, "rowindexer CELLS",
                "a cell of row R holding V says where R is in its column: the cell of row V holds "
                "R"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_CELLS,
        .fp_from = "Row Indexer",
        .iss_args = VISS_KIND_CELLS,
        .iss_value = 'R',
        .compile = vrc_indexer,
    },
    {
        .pub = {NONET_CON_INDEX_COLUMN, "columnindexer", "columnindexer", "Indexing", CELLS, 0, 1,
                0, NONET_VALUES_NONE, 0, "columnindexer CELLS",
                "a cell of column C holding V says where C is in its row: the cell of column V "
                "holds C (1-5-9: columns 1, 5 and 9)"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_CELLS,
        .fp_from = "Column Indexer",
        .iss_args = VISS_KIND_CELLS,
        .iss_value = 'C',
        .compile = vrc_indexer,
    },
    {
        .pub = {NONET_CON_ANTI_TAXICAB, "antitaxicab", "", "AntiTaxicab", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "antitaxicab",
                "no two cells that hold the same digit d are d steps apart along rows and columns "
                "(a taxicab distance of d)"},
        .compile = vrc_anti_taxicab,
    },
    {
        .pub = {NONET_CON_GLOBAL_ENTROPY, "globalentropy", "", "GlobalEntropy", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "globalentropy",
                "every 2x2 square holds a low, a middle and a high digit (1-3, 4-6, 7-9 on 9x9; "
                "where 3 does not divide n the middle third is the odd size: 1, 2-3, 4 on 4x4)"},
        .compile = vrc_square_classes,
        .check = vrc_entropy_check,
    },
    {
        .pub = {NONET_CON_GLOBAL_MOD, "globalmod", "", "GlobalMod", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "globalmod",
                "every 2x2 square holds a digit of each residue mod 3 (1 4 7, 2 5 8, 3 6 9 on "
                "9x9)"},
        .ranges = VRANGE_ANY,
        .compile = vrc_square_classes,
        .check = vrc_entropy_check,
    },
    {
        .pub = {NONET_CON_DOPPELGANGER, "doppelganger", "", "Doppelganger", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "doppelganger",
                "on a grid of values 0 to n (values 0-9 on 9x9): every row, column and box holds "
                "the 0 and all but one of 1 to n, no two rows (columns, boxes) miss the same "
                "digit, and at each 0 its row's, column's and box's missing digits differ"},
        .ranges = VRANGE_ANY,
        .compile = vrc_doppelganger,
        .check = vrc_doppel_check,
    },
    {
        .pub = {NONET_CON_DUTCH_FLATMATES, "dutchflatmates", "", "DutchFlatmates", GLOBAL, 0, 1, 0,
                NONET_VALUES_NONE, 0, "dutchflatmates",
                "each middle digit, (n + 1) / 2 (5 on 9x9), has a 1 directly above it or an n (9) "
                "directly below it (in the top or bottom row, the one there is)"},
        .compile = vrc_dutch_flatmates,
    },
    {
        .pub = {NONET_CON_NO_BOXES, "noboxes", "", "NoBoxes", GLOBAL, 0, 1, 0, NONET_VALUES_NONE, 0,
                "noboxes",
                "the boxes are no houses: rows, columns and the other rules only (a jigsaw's "
                "regions stay houses)"},
        .ranges = VRANGE_ANY,
        .compile = vrc_nothing,
    },
    {
        .pub = {NONET_CON_THERMO, "thermo", "thermometer", "Thermo", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "thermo CELLS",
                "the digits increase along the line from its bulb, the first cell"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, THERMO_ONCE},
        .distinct = 1,
        .fp = VFP_LINES,
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = thermo,
    },
    {
        .pub = {NONET_CON_WHISPER, "whisper", "whispers", "Whisper", LINE, 8, 1, 1,
                NONET_VALUES_NONE, 0, "whisper CELLS [= GAP]",
                "neighbours along the line differ by GAP or more (by default n/2 + 1: 5 on 9x9)"},
        .cells = {NULL, 1, 0, VREPEAT_PATH, NULL},
        .value_max = NONET_MAX_SIDE - 1,
        .fp = VFP_LINES,
        .fp_from = "German Whispers",
        .fp_rgb = "#67F067",
        .iss_args = VISS_VALUE_CELLS,
        .iss_value = 5,
        .zero = whisper_gap,
        .ranges = VRANGE_ANY,
        .compile = whisper,
    },
    /* the named lines (rules_lines.c) */
    {
        .pub = {NONET_CON_PALINDROME, "palindrome", "palindrome", "Palindrome", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "palindrome CELLS",
                "the digits along the line read the same both ways"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .fp = VFP_LINES,
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = vl_palindrome,
    },
    {
        .pub = {NONET_CON_BETWEEN, "between", "betweenline", "Between", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "between CELLS",
                "every digit between the line's two ends (its circles) lies strictly between "
                "theirs"},
        .cells = {NULL, 2, 0, VREPEAT_REFUSE, NULL},
        .iss_args = VISS_CELLS,
        .fp = VFP_LINES,
        .ranges = VRANGE_ANY,
        .compile = vl_automaton,
        .check = vl_automaton_fits,
    },
    {
        .pub = {NONET_CON_LOCKOUT, "lockout", "", "Lockout", LINE, 8, 1, 1, NONET_VALUES_NONE, 0,
                "lockout CELLS [= GAP]",
                "the line's two ends (its diamonds) differ by GAP or more (by default n/2 rounded "
                "up less 1: 4 on 9x9), and no digit between them lies from the smaller end's to "
                "the larger's"},
        .cells = {NULL, 2, 0, VREPEAT_REFUSE, NULL},
        .value_max = VMAX_SIDE,
        .iss_args = VISS_VALUE_CELLS,
        .zero = vl_lockout_gap,
        .ranges = VRANGE_ANY,
        .compile = vl_automaton,
        .check = vl_automaton_fits,
    },
    {
        .pub = {NONET_CON_REGION_SUM, "regionsum", "regionsumline", "RegionSumLine", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "regionsum CELLS",
                "each stretch of the line within one box (a jigsaw's region) sums the same; a line "
                "back in a box starts a stretch of its own"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .fp = VFP_LINES,
        .fp_from = "Region Sum Line",
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = vl_region_sum,
    },
    {
        .pub = {NONET_CON_SUM_LINE, "sumline", "", "SumLine", LINE, 8, 1, 2, NONET_VALUES_NONE, 0,
                "sumline CELLS = SUM",
                "the line cuts into stretches of consecutive cells that each sum to SUM (a loop, "
                "which ends on its first cell, may be cut anywhere)"},
        .cells = {NULL, 1, 0, VREPEAT_PATH, NULL},
        .value_min = 1,
        .value_max = VMAX_SUM,
        .iss_args = VISS_VALUE_CELLS,
        .ranges = VRANGE_MORE,
        .compile = vl_automaton,
        .check = vl_automaton_fits,
    },
    {
        .pub = {NONET_CON_ZIPPER, "zipper", "zipperline", "Zipper", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "zipper CELLS",
                "digits as far from the line's middle sum the same (a line of odd length: to the "
                "middle digit)"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .fp = VFP_LINES,
        .fp_from = "Zipper Line",
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = vl_zipper,
    },
    {
        .pub = {NONET_CON_MODULAR, "modular", "modularline", "Modular", LINE, 8, 1, 1,
                NONET_VALUES_NONE, 0, "modular CELLS [= M]",
                "every M consecutive digits of the line (by default 3) differ mod M: on 9x9 one "
                "of 147, one of 258 and one of 369 in every three"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .value_max = VMAX_SIDE,
        .fp = VFP_LINES,
        .fp_from = "Modular Line",
        .iss_args = VISS_VALUE_CELLS,
        .zero = modular_default,
        .ranges = VRANGE_ANY,
        .compile = vl_modular,
    },
    {
        .pub = {NONET_CON_ENTROPIC, "entropic", "entropicline", "Entropic", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "entropic CELLS",
                "every three consecutive digits of the line are a low, a middle and a high one "
                "(9x9: 1-3, 4-6, 7-9; thirds of 1 to n, the middle one the odd size out)"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .fp = VFP_LINES,
        .fp_from = "Entropic Line",
        .iss_args = VISS_CELLS,
        .compile = vl_entropic,
    },
    {
        .pub = {NONET_CON_PARITY, "parity", "", "", LINE, 8, 1, 0, NONET_VALUES_NONE, 0,
                "parity CELLS", "neighbours along the line alternate odd and even digits"},
        .cells = {NULL, 1, 0, VREPEAT_PATH, NULL},
        .ranges = VRANGE_ANY,
        .compile = vl_parity,
    },
    {
        .pub = {NONET_CON_NABNER, "nabner", "nabner", "", CELLS, 0, 1, 0, NONET_VALUES_NONE, 0,
                "nabner CELLS", "different digits, no two of them consecutive"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .distinct = 1,
        .fp = VFP_LINES,
        .fp_from = "Nabner",
        .ranges = VRANGE_ANY,
        .compile = vl_nabner,
    },
    {
        .pub = {NONET_CON_DUTCH_WHISPER, "dutchwhisper", "dutchwhispers", "", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "dutchwhisper CELLS",
                "neighbours along the line differ by n/2 rounded up less 1 or more (4 on 9x9: "
                "whisper CELLS = 4)"},
        .cells = {NULL, 1, 0, VREPEAT_PATH, NULL},
        .fp = VFP_LINES,
        .ranges = VRANGE_ANY,
        .compile = vl_dutch_whisper,
    },
    {
        .pub = {NONET_CON_SLOW_THERMO, "slowthermo", "slowthermometer", "", LINE, 8, 1, 0,
                NONET_VALUES_NONE, 0, "slowthermo CELLS",
                "the digits never decrease along the line from its bulb, the first cell (equal "
                "where no house forbids it)"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .fp = VFP_LINES,
        .fp_from = "Slow Thermometer",
        .ranges = VRANGE_ANY,
        .compile = vl_slow_thermo,
    },
    {
        .pub = {NONET_CON_RENBAN, "renban", "renban", "Renban", CELLS, 0, 1, 0, NONET_VALUES_NONE,
                0, "renban CELLS", "different digits that form a run, in any order"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .distinct = 1,
        .fp = VFP_LINES,
        .fp_from = "Renban",
        .fp_rgb = "#F067F0",
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = renban,
    },
    {
        .pub = {NONET_CON_SANDWICH, "sandwich", "sandwichsum", "Sandwich", OUTSIDE, 0, 1, 2,
                NONET_VALUES_NONE, 0, "sandwich r3 = SUM",
                "the digits between 1 and n in row 3 (c3: column 3) sum to SUM"},
        .cells = {NULL, -1, -1, VREPEAT_REFUSE, NULL},
        .value_max = VMAX_FILLING,
        .fp = VFP_OUTSIDE,
        .iss_args = VISS_OUTSIDE,
        .compile = sandwich,
    },
    {
        .pub = {NONET_CON_ODD, "odd", "odd", "", CELLS, 0, 1, 0, NONET_VALUES_NONE, 0, "odd CELLS",
                "every cell holds an odd digit"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_CELL,
        .ranges = VRANGE_ANY,
        .compile = odd,
    },
    {
        .pub = {NONET_CON_EVEN, "even", "even", "", CELLS, 0, 1, 0, NONET_VALUES_NONE, 0,
                "even CELLS", "every cell holds an even digit"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .fp = VFP_CELL,
        .ranges = VRANGE_ANY,
        .compile = even,
    },
    {
        .pub = {NONET_CON_DIGITS, "digits", "", "Given", CELLS, 0, 1, 0, NONET_VALUES_SET, 0,
                "digits CELLS [D ...]",
                "every cell holds one of the digits D (Interactive Sudoku Solver's given of "
                "several digits)"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .iss_args = VISS_GIVENS,
        .ranges = VRANGE_ANY,
        .compile = digits,
    },
    /* the building blocks */
    {
        .pub = {NONET_CON_DISTINCT, "distinct", "", "AllDifferent", CELLS, 0, 1, 0,
                NONET_VALUES_NONE, 0, "distinct CELLS", "the cells hold different digits"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .distinct = 1,
        .iss_args = VISS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = group,
    },
    {
        .pub = {NONET_CON_PAIR, "pair", "", "Pair", LINE, 0, 1, 0, NONET_VALUES_PAIRS, 0,
                "pair CELLS [A B, ...]",
                "each two consecutive cells of the line hold an allowed pair: the first's digit A, "
                "the next one's B"},
        .cells = {NULL, 2, 0, VREPEAT_PATH, NULL},
        .iss_args = VISS_KEY_CELLS,
        .ranges = VRANGE_ANY,
        .compile = pair_line,
    },
    {
        .pub = {NONET_CON_PAIR_ALL, "pairwise", "", "PairX", LINE, 0, 1, 0, NONET_VALUES_PAIRS, 0,
                "pairwise CELLS [A B, ...]",
                "every two of the cells hold an allowed pair, the one listed first A"},
        .cells = {NULL, 2, 0, VREPEAT_DROP, NULL},
        .iss_args = VISS_KEY_CELLS,
        .ranges = VRANGE_ANY,
        .compile = pairwise,
    },
    {
        .pub = {NONET_CON_WEIGHTED_SUM, "weightedsum", "", "Sum", CELLS, 0, 1, 2,
                NONET_VALUES_WEIGHTS, 0, "weightedsum CELLS [W ...] = SUM",
                "the cells' digits, each times its weight W (-100 to 100, not 0), add up to SUM"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, WEIGHT_ONCE},
        .value_max = VMAX_WEIGHTED,
        .iss_args = VISS_WEIGHTED,
        .ranges = VRANGE_ANY,
        .compile = weighted_sum,
    },
    {
        .pub = {NONET_CON_CONTAINS, "contains", "", "ContainAtLeast", CELLS, 0, 1, 0,
                NONET_VALUES_DIGITS, 0, "contains CELLS [D ...]",
                "the cells hold each digit D, at least as often as it is listed"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .iss_args = VISS_DIGITS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = vx_contains,
    },
    {
        .pub = {NONET_CON_CONTAINS_EXACTLY, "containsexactly", "", "ContainExact", CELLS, 0, 1, 0,
                NONET_VALUES_EXACT, 0, "containsexactly CELLS [D ...]",
                "the cells' digits are the digits D, a digit a cell, in any order"},
        .cells = {NULL, 1, 0, VREPEAT_DROP, NULL},
        .iss_args = VISS_DIGITS_CELLS,
        .ranges = VRANGE_ANY,
        .compile = contains_exactly,
    },
    {
        .pub = {NONET_CON_REGEX, "regex", "", "Regex", LINE, 0, 1, 0, NONET_VALUES_NONE, 1,
                "regex CELLS \"EXPRESSION\"",
                "the digits along the line, read in order, match the regular expression: digits "
                "1-9 A-Z, . any, [1-4] [^5], groups, alternatives, * + ? {k} {k,} {k,m}"},
        .cells = {NULL, 1, 0, VREPEAT_PATH, NULL},
        .iss_args = VISS_TEXT_CELLS,
        .ranges = VRANGE_ANY,
        .compile = automaton,
        .check = automaton_fits,
    },
    /* outside clues and the lunchbox, over line automata */
    {
        .pub = {NONET_CON_XSUM, "xsum", "xsum", "XSum", OUTSIDE, 0, 1, 2, NONET_VALUES_NONE, 0,
                "xsum r3 = SUM",
                "the first X digits of row 3 from the clue (r3: the left, r3c10 on 9x9: the right; "
                "c3, r10c3: columns) sum to SUM, X the first of them"},
        .cells = {NULL, -1, -1, VREPEAT_REFUSE, NULL},
        .distinct = 1,
        .value_min = 1,
        .value_max = VMAX_SUM,
        .fp = VFP_OUTSIDE,
        .iss_args = VISS_CLUES,
        .ranges = VRANGE_MORE,
        .compile = automaton,
        .check = automaton_fits,
    },
    {
        .pub = {NONET_CON_SKYSCRAPER, "skyscraper", "skyscraper", "Skyscraper", OUTSIDE, 0, 1, 2,
                NONET_VALUES_NONE, 0, "skyscraper r3 = COUNT",
                "COUNT digits of row 3 seen from the clue are larger (taller) than every digit "
                "before them"},
        .cells = {NULL, -1, -1, VREPEAT_REFUSE, NULL},
        .value_min = 1,
        .value_max = VMAX_SIDE,
        .fp = VFP_OUTSIDE,
        .iss_args = VISS_CLUES,
        .ranges = VRANGE_ANY,
        .compile = automaton,
        .check = automaton_fits,
    },
    {
        .pub = {NONET_CON_HIDDEN_SKYSCRAPER, "hiddenskyscraper", "", "HiddenSkyscraper", OUTSIDE, 0,
                1, 2, NONET_VALUES_NONE, 0, "hiddenskyscraper r3 = DIGIT",
                "the first digit of row 3 seen from the clue that a larger one before it hides is "
                "DIGIT"},
        .cells = {NULL, -1, -1, VREPEAT_REFUSE, NULL},
        .value_min = 1,
        .value_max = VMAX_DIGIT,
        .iss_args = VISS_CLUES,
        .ranges = VRANGE_ANY,
        .compile = automaton,
        .check = automaton_fits,
    },
    {
        .pub = {NONET_CON_NUMBERED_ROOM, "numberedroom", "", "NumberedRoom", OUTSIDE, 0, 1, 2,
                NONET_VALUES_NONE, 0, "numberedroom r3 = DIGIT",
                "the N-th digit of row 3 from the clue is DIGIT, N the first of them"},
        .cells = {NULL, -1, -1, VREPEAT_REFUSE, NULL},
        .value_min = 1,
        .value_max = VMAX_DIGIT,
        .iss_args = VISS_CLUES,
        .ranges = VRANGE_MORE,
        .compile = automaton,
        .check = automaton_fits,
    },
    {
        .pub = {NONET_CON_LUNCHBOX, "lunchbox", "", "Lunchbox", LINE, 0, 1, 1, NONET_VALUES_NONE, 0,
                "lunchbox CELLS = SUM",
                "different digits; along the cells in order, those between the smallest and the "
                "largest sum to SUM"},
        .cells = {NULL, 1, 0, VREPEAT_REFUSE, NULL},
        .distinct = 1,
        .value_max = VMAX_SUM,
        .iss_args = VISS_VALUE_CELLS,
        .ranges = VRANGE_MORE,
        .compile = automaton,
        .check = automaton_fits,
    },

};

#define NRULES ((int)(sizeof rules / sizeof rules[0]))

/* The other words: the text form's shorthands, f-puzzles' other keys,
 * ISS's other types. */
static const valias aliases[] = {
    {VFORM_TEXT, "diagonal", NONET_CON_DIAGONAL_MAIN, 0, NONET_CON_DIAGONAL_ANTI, 0},
    {VFORM_TEXT, "diagonals", NONET_CON_DIAGONAL_MAIN, 0, NONET_CON_DIAGONAL_ANTI, 0},
    {VFORM_TEXT, "hyper", NONET_CON_WINDOKU, 0, 0, 0},
    {VFORM_TEXT, "killer", NONET_CON_KILLER, 0, 0, 0},
    {VFORM_TEXT, "white", NONET_CON_DIFFERENCE, 1, 0, 0},
    {VFORM_TEXT, "black", NONET_CON_RATIO, 2, 0, 0},
    {VFORM_TEXT, "x", NONET_CON_SUM, 10, 0, 0},
    {VFORM_TEXT, "v", NONET_CON_SUM, 5, 0, 0},
    {VFORM_TEXT, "negative white", NONET_CON_NOT_DIFFERENCE, 1, 0, 0},
    {VFORM_TEXT, "negative black", NONET_CON_NOT_RATIO, 2, 0, 0},
    {VFORM_TEXT, "negative kropki", NONET_CON_NOT_DIFFERENCE, 1, NONET_CON_NOT_RATIO, 2},
    {VFORM_TEXT, "negative x", NONET_CON_NOT_SUM, 10, 0, 0},
    {VFORM_TEXT, "negative v", NONET_CON_NOT_SUM, 5, 0, 0},
    {VFORM_TEXT, "negative xv", NONET_CON_NOT_SUM, 10, NONET_CON_NOT_SUM, 5},
    {VFORM_FPUZZLES, "negative:difference", NONET_CON_NOT_DIFFERENCE, 1, 0, 0},
    {VFORM_ISS, "V", NONET_CON_SUM, 5, 0, 0},
    {VFORM_ISS, "StrictKropki", NONET_CON_NOT_DIFFERENCE, 1, NONET_CON_NOT_RATIO, 2},
    {VFORM_ISS, "StrictXV", NONET_CON_NOT_SUM, 10, NONET_CON_NOT_SUM, 5},
    /* ISS's older pair tables: their key's alphabet has - and _ swapped
     * (the value 1 says so to the reader) */
    {VFORM_ISS, "Binary", NONET_CON_PAIR, 1, 0, 0},
    {VFORM_ISS, "BinaryX", NONET_CON_PAIR_ALL, 1, 0, 0},
};

int vrule_count(void)
{
    return NRULES;
}

const vrule *vrule_at(int i)
{
    return i >= 0 && i < NRULES ? &rules[i] : NULL;
}

const vrule *vrule_of(nonet_constraint_type type)
{
    for (int i = 0; i < NRULES; i++)
        if (rules[i].pub.type == type)
            return &rules[i];
    return NULL;
}

const vrule *vrule_named(const char *name)
{
    for (int i = 0; i < NRULES; i++)
        if (!strcmp(rules[i].pub.name, name))
            return &rules[i];
    return NULL;
}

const vrule *vrule_fpuzzles(const char *key)
{
    for (int i = 0; i < NRULES; i++)
        if (rules[i].fp != VFP_NONE && !strcmp(rules[i].pub.fpuzzles, key))
            return &rules[i];
    return NULL;
}

const valias *valias_find(int form, const char *word)
{
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (aliases[i].form == form && !strcmp(aliases[i].word, word))
            return &aliases[i];
    return NULL;
}

const valias *valias_at(int i)
{
    return i >= 0 && (size_t)i < sizeof aliases / sizeof aliases[0] ? &aliases[i] : NULL;
}

int nonet_rule_count(void)
{
    return NRULES;
}

const nonet_rule *nonet_rule_at(int i)
{
    return i >= 0 && i < NRULES ? &rules[i].pub : NULL;
}

const nonet_rule *nonet_rule_of(nonet_constraint_type type)
{
    const vrule *r = vrule_of(type);
    return r ? &r->pub : NULL;
}

int vrel_holds(int kind, int value, int a, int b)
{
    switch (kind) {
    case VR_DIFFER:
        return a != b;
    case VR_DIFF:
        return abs(a - b) == value;
    case VR_NOT_DIFF:
        return abs(a - b) != value;
    case VR_RATIO:
        return a == value * b || b == value * a;
    case VR_NOT_RATIO:
        return a != value * b && b != value * a;
    case VR_SUM:
        return a + b == value;
    case VR_NOT_SUM:
        return a + b != value;
    case VR_LESS:
        return a < b;
    case VR_FAR:
        return abs(a - b) >= value;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ compiling and checking */

int vcon_compile(const nonet_variant *v, const vcon *k, vbuild *b)
{
    const vrule *r = vrule_of(k->type);
    vctx x = {
        v, k, v->grid.n, v->nd, v->lo - 1, vcon_cells(v, k), vcon_values(v, k), vcon_text(v, k), b};
    return r ? r->compile(&x) : 0;
}

int vcon_broken(const nonet_variant *v, const vcon *k, const uint8_t *grid)
{
    vbuild *b = vb_scratch(v->grid.n, v->nd);
    if (!b)
        return -1;
    int at = vcon_compile(v, k, b) ? -1 : vb_broken(b, grid);
    vb_scratch_free(b);
    return at;
}
