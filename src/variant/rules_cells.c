/* rules_cells.c - the named cages, marks, cells and global rules of
 * constraints.c's table (double arrow ... no boxes), each a definition
 * over the builder calls of variant.h (vb_sum, vb_pair with a relation or
 * a vb_table, vb_contains, vb_classes, vb_group, vb_mask, vb_automaton), and the
 * checks of their shapes (vcheck_fn):
 *
 * - double arrow: the ends less the cells between, a weighted sum of 0;
 * - pill arrow: the pill (2 or 3 cells, read in reading order) as a
 *   number less the shaft, a weighted sum of 0;
 * - quadruple: a 2x2 block that contains the digits listed;
 * - clone: two parts, the second the first moved, equal cell for cell;
 * - minimum, maximum: a pair "less than" with each orthogonal neighbour;
 * - greater: each cell more than every later one it touches;
 * - rellik: different digits, and a line automaton whose state is the
 *   set of digits read below the clue, dead when some of them with the
 *   new one make the clue;
 * - equal sums: each part less the first, a weighted sum of 0;
 * - row and column indexers: a pair table between the indexing cell and
 *   each other cell of its column (row): (R, C) holds V exactly when
 *   (V, C) holds R;
 * - anti-taxicab: a pair table for each two cells at taxicab distance d
 *   (2 .. n) that share no house: not both d;
 * - global entropy, global mod: each 2x2 square holds a digit of each
 *   class (low / middle / high digits; residues mod 3): vb_classes;
 * - Dutch flatmates: over each cell and its neighbours above and below,
 *   an automaton (a pair table at the top and bottom rows);
 * - no boxes: nothing to compile; the model leaves the boxes out
 *   (variant_boxes). */
#include "variant/variant.h"

#include <stdlib.h>

static int orth_adjacent(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr + dc == 1;
}

/* How many cells the first part of cells[0 .. len) has (up to the first
 * NONET_PART). */
static int first_part(const int *cells, int len)
{
    int k = 0;
    while (k < len && cells[k] != NONET_PART)
        k++;
    return k;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* ------------------------------------------------------------ arrows */

/* the two ends (circles) less the cells between them: 0 */
int vrc_double_arrow(const vctx *x)
{
    int len = x->k->ncells, w[VARIANT_MAX_LINE];
    for (int i = 0; i < len; i++)
        w[i] = i == 0 || i == len - 1 ? -1 : 1;
    return vx_sum(x, x->cells, w, len, 0);
}

/* The pill's cells (k of them) in reading order into sorted. */
static void pill_order(const int *cells, int k, int *sorted)
{
    memcpy(sorted, cells, (size_t)k * sizeof *sorted);
    qsort(sorted, (size_t)k, sizeof *sorted, cmp_int);
}

/* the pill's digits, read left to right and top to bottom as one number
 * (its first cell the most significant), less the shaft's: 0; on grids
 * of more than 9 digits, the pill's later cells hold one decimal digit */
int vrc_pill_arrow(const vctx *x)
{
    int cells[VARIANT_MAX_LINE], w[VARIANT_MAX_LINE], len = 0;
    int pill = first_part(x->cells, x->k->ncells);
    pill_order(x->cells, pill, cells);
    for (int i = pill - 1, p = 1; i >= 0; i--, p *= 10)
        w[i] = -p;
    len = pill;
    for (int i = pill + 1; i < x->k->ncells; i++) {
        cells[len] = x->cells[i];
        w[len++] = 1;
    }
    for (int i = 1; i < pill && x->nd + x->off > 9; i++)
        vb_mask(x->b, cells[i], full_set(9 - x->off)); /* values up to 9 */
    return vx_sum(x, cells, w, len, 0);
}

/* The pill reads one way: in reading order, each cell one step right,
 * down or down-right of the one before. */
int vrc_pill_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    int n = v->grid.n, sorted[VARIANT_MAX_LINE];
    int pill = first_part(c->cells, c->ncells);
    pill_order(c->cells, pill, sorted);
    for (int i = 1; i < pill; i++) {
        int a = sorted[i - 1], b = sorted[i], right = a % n + 1 < n;
        if (!((right && b == a + 1) || b == a + n || (right && b == a + n + 1))) {
            vsay(why, cap,
                 "pillarrow: the pill's cells, read left to right and top to bottom, must "
                 "each lie right of, below or below right of the one before (r%dc%d, r%dc%d)",
                 a / n + 1, a % n + 1, b / n + 1, b % n + 1);
            return NONET_EARG;
        }
    }
    return NONET_OK;
}

/* ------------------------------------------------------------ quadruple, clone */

/* the 2x2 block holds each digit listed, as often as listed */
int vrc_quadruple(const vctx *x)
{
    return vx_contains(x);
}

/* The four cells are a 2x2 block. */
int vrc_quadruple_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    int n = v->grid.n, sorted[4];
    memcpy(sorted, c->cells, sizeof sorted);
    qsort(sorted, 4, sizeof *sorted, cmp_int);
    int t = sorted[0];
    if (t % n + 1 >= n || sorted[1] != t + 1 || sorted[2] != t + n || sorted[3] != t + n + 1) {
        vsay(why, cap, "quadruple: its four cells must be a 2x2 block (r%dc%d ...)", t / n + 1,
             t % n + 1);
        return NONET_EARG;
    }
    return NONET_OK;
}

/* each cell of the first part holds the digit of its cell in the second */
int vrc_clone(const vctx *x)
{
    int k = first_part(x->cells, x->k->ncells);
    for (int i = 0; i < k; i++)
        if (vb_pair(x->b, x->cells[i], x->cells[k + 1 + i], VR_DIFF, 0))
            return -1;
    return 0;
}

/* Two parts of as many cells, the second the first moved: each cell at
 * the same offset from its copy. */
int vrc_clone_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    int n = v->grid.n, k = first_part(c->cells, c->ncells), m = c->ncells - k - 1;
    if (m != k) {
        vsay(why, cap, "clone: its copy has %d cells, the part it copies %d", m, k);
        return NONET_EARG;
    }
    const int *a = c->cells, *b = c->cells + k + 1;
    int dr = b[0] / n - a[0] / n, dc = b[0] % n - a[0] % n;
    for (int i = 1; i < k; i++)
        if (b[i] / n - a[i] / n != dr || b[i] % n - a[i] % n != dc) {
            vsay(why, cap,
                 "clone: its copy is not the part moved, cell for cell (r%dc%d to r%dc%d, "
                 "but r%dc%d to r%dc%d)",
                 a[0] / n + 1, a[0] % n + 1, b[0] / n + 1, b[0] % n + 1, a[i] / n + 1, a[i] % n + 1,
                 b[i] / n + 1, b[i] % n + 1);
            return NONET_EARG;
        }
    return NONET_OK;
}

/* ------------------------------------------------------------ minimum, maximum, greater */

/* Each cell less (more) than each of its orthogonal neighbours. */
static int extremum(const vctx *x, int more)
{
    static const int step[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int n = x->n;
    for (int i = 0; i < x->k->ncells; i++) {
        int c = x->cells[i];
        for (int s = 0; s < 4; s++) {
            int r = c / n + step[s][0], col = c % n + step[s][1];
            if (r < 0 || r >= n || col < 0 || col >= n)
                continue;
            int o = r * n + col;
            if (more ? vb_pair(x->b, o, c, VR_LESS, 0) : vb_pair(x->b, c, o, VR_LESS, 0))
                return -1;
        }
    }
    return 0;
}

int vrc_minimum(const vctx *x)
{
    return extremum(x, 0);
}

int vrc_maximum(const vctx *x)
{
    return extremum(x, 1);
}

/* each cell more than every later cell it touches orthogonally */
int vrc_greater(const vctx *x)
{
    int len = x->k->ncells;
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len; j++)
            if (orth_adjacent(x->n, x->cells[i], x->cells[j]) &&
                vb_pair(x->b, x->cells[j], x->cells[i], VR_LESS, 0))
                return -1;
    return 0;
}

/* Each cell touches another of them orthogonally. */
int vrc_greater_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    int n = v->grid.n;
    for (int i = 0; i < c->ncells; i++) {
        int touches = 0;
        for (int j = 0; j < c->ncells && !touches; j++)
            touches = orth_adjacent(n, c->cells[i], c->cells[j]);
        if (!touches) {
            vsay(why, cap, "greater: r%dc%d touches none of its other cells", c->cells[i] / n + 1,
                 c->cells[i] % n + 1);
            return NONET_EARG;
        }
    }
    return NONET_OK;
}

/* ------------------------------------------------------------ rellik */

/* The rellik automaton: a state is the set of digits read so far that
 * are below the clue (bit d-1 for d; a larger digit is in no combination
 * that makes the clue, and the clue itself alone makes it); a digit is
 * refused when it is the clue, when it was read before, or when some of
 * the digits read with it make the clue. */
typedef struct rellik_fn {
    int n, clue;
} rellik_fn;

/* The digits below the clue the state can hold: at most 30 (an int). */
static int rellik_top(int n, int clue)
{
    return clue - 1 < n ? clue - 1 : n;
}

static int rellik_next(void *ctx, int state, int d)
{
    const rellik_fn *f = ctx;
    if (d == f->clue)
        return -1;
    if (d > rellik_top(f->n, f->clue))
        return state;
    if (state >> (d - 1) & 1)
        return -1;
    /* the sums some of the digits read make, up to the clue less d */
    int need = f->clue - d;
    uint64_t sums[NONET_MAX_SIDE * (NONET_MAX_SIDE + 1) / 128 + 2] = {1};
    int words = need / 64 + 1;
    for (int e = 1; e <= rellik_top(f->n, f->clue); e++) {
        if (!(state >> (e - 1) & 1))
            continue;
        for (int w = words - 1; w >= 0; w--) { /* sums |= sums << e */
            int from = w - e / 64, sh = e % 64;
            uint64_t add = from >= 0 ? sums[from] << sh : 0;
            if (sh && from - 1 >= 0)
                add |= sums[from - 1] >> (64 - sh);
            sums[w] |= add;
        }
    }
    if (sums[need / 64] >> (need % 64) & 1)
        return -1;
    return state | 1 << (d - 1);
}

static int rellik_accepts(void *ctx, int state)
{
    (void)ctx;
    (void)state;
    return 1;
}

static int rellik_dfa(vdfa *d, int n, int clue, int len, char *why, size_t cap)
{
    rellik_fn f = {n, clue};
    int zero = 0;
    return vdfa_from_fn(d, n, &zero, 1, rellik_next, rellik_accepts, &f, len, why, cap);
}

/* different digits, no combination of which (one or more) sums to the
 * clue */
int vrc_rellik(const vctx *x)
{
    vdfa d;
    if (vb_group(x->b, x->cells, x->k->ncells) ||
        rellik_dfa(&d, x->nd, x->k->value, x->k->ncells, NULL, 0) != NONET_OK)
        return -1;
    int rc = vb_automaton(x->b, x->cells, x->k->ncells, &d);
    vdfa_free(&d);
    return rc;
}

/* Its automaton's states fit an int, and it is not too large to build
 * and unroll over its cells. */
int vrc_rellik_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    int n = v->nd;
    if (rellik_top(n, c->value) > 30) {
        vsay(why, cap, "rellik: a clue over 31 on a grid of more than 30 digits is too large");
        return NONET_EARG;
    }
    char words[120] = "";
    vdfa d;
    vline l;
    int rc = rellik_dfa(&d, n, c->value, c->ncells, words, sizeof words);
    if (rc == NONET_OK) {
        rc = vline_build(&l, &d, c->ncells, NULL, 0, words, sizeof words);
        vdfa_free(&d);
        if (rc == NONET_OK)
            vline_free(&l);
    }
    if (rc == NONET_EARG)
        vsay(why, cap, "rellik: %s", words);
    return rc;
}

/* ------------------------------------------------------------ equal sums */

/* each part less the first: 0, over the cells whose weights do not
 * cancel (parts may share cells) */
int vrc_equal_sums(const vctx *x)
{
    int len = x->k->ncells, first = first_part(x->cells, len);
    for (int from = first + 1; from < len;) {
        int to = from;
        while (to < len && x->cells[to] != NONET_PART)
            to++;
        int cells[VARIANT_MAX_LINE], w[VARIANT_MAX_LINE], k = 0;
        for (int pass = 0; pass < 2; pass++) {
            int a = pass ? from : 0, z = pass ? to : first, sign = pass ? -1 : 1;
            for (int i = a; i < z; i++) {
                int j = 0;
                while (j < k && cells[j] != x->cells[i])
                    j++;
                if (j == k) {
                    cells[k] = x->cells[i];
                    w[k++] = 0;
                }
                w[j] += sign;
            }
        }
        int kept = 0;
        for (int j = 0; j < k; j++)
            if (w[j]) {
                cells[kept] = cells[j];
                w[kept++] = w[j];
            }
        if (kept && vx_sum(x, cells, w, kept, 0))
            return -1;
        from = to + 1;
    }
    return 0;
}

/* ------------------------------------------------------------ indexers */

/* (R, C) holding V says where the digit C lies in row R: at (R, V); its
 * pairs with the row's other cells (R, j): (R, C) = j exactly when
 * (R, j) = C, which with the row's different digits is the rule both
 * ways. A row indexer says the same along its column. */
int vrc_indexer(const vctx *x)
{
    int n = x->n, column = x->k->type == NONET_CON_INDEX_COLUMN;
    for (int i = 0; i < x->k->ncells; i++) {
        int c = x->cells[i], r0 = c / n, c0 = c % n, self = column ? c0 : r0;
        if (c < 0) /* never (its cells are the grid's) */
            return -1;
        for (int j = 0; j < n; j++) {
            if (j == self)
                continue;
            uint64_t allowed[NONET_MAX_SIDE];
            for (int a = 1; a <= n; a++)
                allowed[a - 1] =
                    a == j + 1 ? (uint64_t)1 << self : full_set(n) & ~((uint64_t)1 << self);
            int t = vb_table(x->b, allowed);
            if (t < 0 || vb_pair(x->b, c, column ? r0 * n + j : j * n + c0, VR_TABLE, t))
                return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ anti-taxicab */

/* For each two cells at taxicab distance d (2 .. n) in no shared row,
 * column or region house: not both d (a pair at distance 1 shares a row
 * or a column). */
int vrc_anti_taxicab(const vctx *x)
{
    int n = x->n, tables[NONET_MAX_SIDE + 1];
    uint8_t region[NONET_MAX_CELLS];
    int boxes = variant_boxes(x->v);
    nonet_variant_regions(x->v, region);
    for (int d = 2; d <= n; d++) {
        uint64_t allowed[NONET_MAX_SIDE];
        for (int a = 1; a <= n; a++)
            allowed[a - 1] = a == d ? full_set(n) & ~((uint64_t)1 << (d - 1)) : full_set(n);
        if ((tables[d] = vb_table(x->b, allowed)) < 0)
            return -1;
    }
    for (int a = 0; a < n * n; a++)
        for (int b = a + 1; b < n * n; b++) {
            int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
            if (!dr || !dc || dr + dc > n || (boxes && region[a] == region[b]))
                continue;
            if (vb_pair(x->b, a, b, VR_TABLE, tables[dr + dc]))
                return -1;
        }
    return 0;
}

/* ------------------------------------------------------------ 2x2 squares */

/* The classes of a global rule over the 2x2 squares: entropy's low,
 * middle and high digits, thirds of 1..n (where 3 does not divide n, the
 * middle one is the odd size out: 4x4: 1, 2 3, 4; 8x8: 1-3, 4 5, 6-8, as
 * entropic lines rank them); mod's residues mod 3. A square holds all
 * three (vb_classes). */
static int entropy_class(int n, int d)
{
    int small = n / 3, large = (n + 2) / 3;
    int low = n % 3 == 1 ? small : large, middle = n % 3 == 1 ? large : small;
    return d <= low ? 0 : d <= low + middle ? 1 : 2;
}

/* every 2x2 square holds a digit of each class */
int vrc_square_classes(const vctx *x)
{
    int n = x->n, mod = x->k->type == NONET_CON_GLOBAL_MOD, class_of[NONET_MAX_SIDE];
    for (int d = 1; d <= x->nd; d++)
        class_of[d - 1] = mod ? (d - 1) % 3 : entropy_class(x->nd, d);
    int rc = 0;
    for (int r = 0; r + 1 < n && !rc; r++)
        for (int c = 0; c + 1 < n && !rc; c++) {
            int sq[4] = {r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1};
            rc = vb_classes(x->b, sq, 4, class_of, 3);
        }
    return rc;
}

/* Three classes: the side is 3 or more. */
int vrc_entropy_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    if (v->grid.n < 3) {
        vsay(why, cap, "%s: the digits 1 to %d make fewer than three classes",
             nonet_constraint_name(c->type), v->grid.n);
        return NONET_EARG;
    }
    return NONET_OK;
}

/* ------------------------------------------------------------ Dutch flatmates */

/* Over a cell and its neighbours above and below, read top down: the
 * middle digit m needs 1 above it or n below it. States: 0 the start;
 * 1, 2 after a 1 or another digit above; 3 the cell kept the rule; 4 the
 * cell is m without a 1 above (n must come); 5 done. */
typedef struct flat_fn {
    int n, m;
} flat_fn;

static int flat_next(void *ctx, int state, int d)
{
    const flat_fn *f = ctx;
    switch (state) {
    case 0:
        return d == 1 ? 1 : 2;
    case 1:
        return 3;
    case 2:
        return d == f->m ? 4 : 3;
    case 3:
        return 5;
    case 4:
        return d == f->n ? 5 : -1;
    default:
        return -1;
    }
}

static int flat_accepts(void *ctx, int state)
{
    (void)ctx;
    return state == 5;
}

/* each middle digit, (n + 1) / 2 (5 on 9x9), has a 1 directly above it
 * or n directly below it (at the top or bottom row, the side there is) */
int vrc_dutch_flatmates(const vctx *x)
{
    int n = x->n, m = (n + 1) / 2, zero = 0;
    flat_fn f = {n, m};
    uint64_t top[NONET_MAX_SIDE], bottom[NONET_MAX_SIDE];
    for (int a = 1; a <= n; a++) { /* top: (cell, below); bottom: (above, cell) */
        top[a - 1] = a == m ? (uint64_t)1 << (n - 1) : full_set(n);
        bottom[a - 1] = a == 1 ? full_set(n) : full_set(n) & ~((uint64_t)1 << (m - 1));
    }
    if (n < 2) { /* one cell: no neighbour */
        vb_mask(x->b, 0, ~((uint64_t)1 << (m - 1)));
        return 0;
    }
    int tt = vb_table(x->b, top), tb = vb_table(x->b, bottom);
    vdfa d;
    if (tt < 0 || tb < 0 ||
        vdfa_from_fn(&d, n, &zero, 1, flat_next, flat_accepts, &f, 3, NULL, 0) != NONET_OK)
        return -1;
    int rc = 0;
    for (int c = 0; c < n && !rc; c++) {
        rc = vb_pair(x->b, c, n + c, VR_TABLE, tt) ||
             vb_pair(x->b, (n - 2) * n + c, (n - 1) * n + c, VR_TABLE, tb);
        for (int r = 1; r + 1 < n && !rc; r++) {
            int three[3] = {(r - 1) * n + c, r * n + c, (r + 1) * n + c};
            rc = vb_automaton(x->b, three, 3, &d);
        }
    }
    vdfa_free(&d);
    return rc ? -1 : 0;
}

/* ------------------------------------------------------------ doppelganger */

/* The zero-cell automaton over a line whose first cell is the zero's and
 * whose others are two houses' other cells: states 0 the start, 1 any
 * line (its first digit is no 0), 2 + the set of digits 2 .. nd seen
 * (the first was 0: digit 1); accepted when that set is whole, so that
 * the two houses miss no digit in common. */
static int zero_next(void *ctx, int state, int d)
{
    (void)ctx;
    if (state == 0)
        return d == 1 ? 2 : 1;
    if (state == 1)
        return 1;
    return d == 1 ? -1 : 2 + ((state - 2) | 1 << (d - 2)); /* the houses' 0 is the cell's */
}

static int zero_accepts(void *ctx, int state)
{
    int nd = *(const int *)ctx;
    return state == 1 || state - 2 == (1 << (nd - 1)) - 1;
}

/* Every house holds the 0 (digit 1) and all but one of 1 .. N; each of
 * 1 .. N is missing from one row, one column and one region (so it is in
 * the grid n - 1 times: a count over the grid, the same for rows, columns
 * and regions); at each 0, its row's, column's and region's missing
 * digits differ: for each two of its houses, if the cell is 0 the two
 * hold every digit together (an automaton over the cell and the two
 * houses' other cells). */
int vrc_doppelganger(const vctx *x)
{
    int n = x->n, nd = x->nd, cells = n * n, zero = 1;
    uint8_t region[NONET_MAX_CELLS];
    variant_house_regions(x->v, region);
    int h[3][NONET_MAX_SIDE], all[VARIANT_MAX_LINE], list[VARIANT_MAX_LINE], k = 0;
    for (int i = 0; i < n; i++) {
        int len = 0;
        for (int j = 0; j < n; j++)
            h[0][j] = i * n + j, h[1][j] = j * n + i;
        for (int c = 0; c < cells; c++)
            if (region[c] == i)
                h[2][len++] = c;
        for (int t = 0; t < 3; t++)
            if (vb_contains(x->b, h[t], n, &zero, 1))
                return -1;
    }
    for (int c = 0; c < cells; c++)
        all[c] = c;
    for (int i = 0; i < n; i++)
        list[k++] = 1;
    for (int d = 2; d <= nd; d++)
        for (int i = 0; i < n - 1; i++)
            list[k++] = d;
    if (vb_contains(x->b, all, cells, list, k))
        return -1;
    vdfa dfa[VARIANT_MAX_LINE];
    int made = 0, rc = 0, start = 0;
    for (int len = 2 * n - 1; len >= n; len--) /* the lines' lengths: row + column, + region */
        if (vdfa_from_fn(&dfa[len], nd, &start, 1, zero_next, zero_accepts, &nd, len, NULL, 0) !=
            NONET_OK) {
            for (int j = len + 1; j < 2 * n; j++)
                vdfa_free(&dfa[j]);
            return -1;
        }
    made = 1;
    for (int c = 0; c < cells && !rc; c++) {
        int house[3][NONET_MAX_SIDE], r = c / n, col = c % n, len3 = 0;
        for (int j = 0; j < n; j++)
            house[0][j] = r * n + j, house[1][j] = j * n + col;
        for (int o = 0; o < cells; o++)
            if (region[o] == region[c])
                house[2][len3++] = o;
        for (int a = 0; a < 3 && !rc; a++)
            for (int b = a + 1; b < 3 && !rc; b++) {
                int line[VARIANT_MAX_LINE], len = 0;
                line[len++] = c;
                for (int t = 0; t < 2; t++) {
                    const int *hs = house[t ? b : a];
                    for (int j = 0; j < n; j++) {
                        int seen = hs[j] == c;
                        for (int q = 1; q < len && !seen; q++)
                            seen = line[q] == hs[j];
                        if (!seen)
                            line[len++] = hs[j];
                    }
                }
                rc = vb_automaton(x->b, line, len, &dfa[len]);
            }
    }
    for (int len = n; len < 2 * n && made; len++)
        vdfa_free(&dfa[len]);
    return rc ? -1 : 0;
}

/* A square grid of values 0 to N with boxes (rows, columns and boxes are
 * the houses each missing one digit). */
int vrc_doppel_check(const nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    int n = v->grid.n;
    (void)c;
    if (v->lo != 0 || v->nd != n + 1) {
        vsay(why, cap, "doppelganger: its grid's values are 0 to %d (values 0-%d), not %d to %d", n,
             n, v->lo, v->lo + v->nd - 1);
        return NONET_EARG;
    }
    if (n * n > VARIANT_MAX_LINE || (v->grid.box_rows == 1 && !v->has_regions) ||
        !variant_boxes(v)) {
        vsay(why, cap,
             "doppelganger: nonet takes it on grids with boxes or regions of %d cells "
             "up to 11x11",
             n);
        return NONET_EARG;
    }
    return NONET_OK;
}

/* ------------------------------------------------------------ no boxes */

/* no boxes: nothing to compile (the model reads variant_boxes) */
int vrc_nothing(const vctx *x)
{
    (void)x;
    return 0;
}

int variant_boxes(const nonet_variant *v)
{
    if (v->has_regions)
        return 1;
    for (int i = 0; i < v->ncons; i++)
        if (v->cons[i].type == NONET_CON_NO_BOXES)
            return 0;
    return 1;
}

int variant_house_regions(const nonet_variant *v, uint8_t *region)
{
    int n = v->grid.n;
    nonet_variant_regions(v, region);
    if (variant_boxes(v))
        return 1;
    for (int c = 0; c < n * n; c++)
        region[c] = (uint8_t)(c / n);
    return 0;
}
