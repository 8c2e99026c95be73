/* canon_form.c - canonical forms and the transforms they are made of.
 *
 * The form: of all the grids the symmetries of the shape make of a grid
 * (transposition when boxes are square; bands, rows inside a band, stacks,
 * columns inside a stack, each in any order) with the digits relabelled in
 * the order they first appear, the least, comparing first the clue
 * pattern (row by row, blank < clue) and then the digits. This is the
 * order of Dobrichev's patminlex for 9x9 puzzles.
 *
 * The search builds the pattern one row at a time. A candidate is a
 * partial symmetry: the transposition, the source row of each form row so
 * far, the source stack of each form stack, and for each form stack the
 * column orders inside it that are still as good as any (a set). The next
 * form row is the least pattern any candidate can put there, each stack's
 * part the least its set of column orders allows (stacks are independent,
 * so the least row is the least of each part in turn); only the
 * candidates that reach it stay, their sets narrowed to the orders that
 * reach it. When the pattern is complete, every remaining candidate tries
 * every column order its sets hold, and the digits decide. Candidates
 * that tie to the end are the grid's automorphisms. */
#include "canon/canon.h"
#include "core/internal.h"
#include "core/random.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CF_MAX_BOX 5 /* box rows and columns at most: 5! orders */
#define CF_MAX_ORDERS 120
#define CF_MAX_SIDE (CF_MAX_BOX * CF_MAX_BOX)
#define CF_MAX_CANDIDATES (1 << 18) /* 9x9 needs at most 15,552 */
#define CF_WORK_LIMIT 20000000L     /* rows and column orders tried: 9x9 needs at most 3.4M */

typedef struct candidate {
    uint8_t t;                      /* transposed */
    uint8_t stack[CF_MAX_BOX];      /* form stack k comes from stack[k] */
    uint8_t row[CF_MAX_SIDE];       /* form row i comes from row[i] */
    uint32_t used;                  /* source rows taken */
    uint64_t orders[CF_MAX_BOX][2]; /* column orders still allowed, per form stack */
} candidate;

struct nonet_canon {
    /* the shape the tables are for (0: none yet) */
    int br, bc, n, norders, nstack_orders;
    uint8_t order[CF_MAX_ORDERS][CF_MAX_BOX];       /* column orders in a stack */
    uint8_t stack_order[CF_MAX_ORDERS][CF_MAX_BOX]; /* orders of the stacks */
    uint8_t value[1 << CF_MAX_BOX][CF_MAX_ORDERS];  /* a stack's clue bits (bit j:
                                                      column j) read in an order */
    /* with at most 6 column orders (stacks of 3 or fewer columns): for
     * clue bits and a set of orders, the least value and the orders
     * that show it (least() in one lookup) */
    uint8_t least_value[1 << 3][64], least_orders[1 << 3][64];
    /* per grid */
    uint8_t bits[2][CF_MAX_SIDE][CF_MAX_BOX];    /* orientation, row, stack: clue bits */
    uint8_t cells[2][CF_MAX_SIDE * CF_MAX_SIDE]; /* the grid and its transpose */
    candidate *cur, *next;
    size_t cap;
    long work;
    uint16_t clue_cells[CF_MAX_SIDE * CF_MAX_SIDE]; /* the form's clues, in order */
    /* 9x9: compact candidates, and the least top row each row pattern
     * (stack s's bits at bit 3s) can show */
    struct candidate9 *c9a, *c9b;
    uint16_t row_least[512];
    int general_only; /* tests: 9x9 through the general search */
};

nonet_canon *nonet_canon_new(void)
{
    nonet_canon *c = calloc(1, sizeof(nonet_canon));
    const char *force = getenv("NONET_CANON");
    if (c && force && strcmp(force, "general") == 0)
        c->general_only = 1;
    return c;
}

void nonet_canon_free(nonet_canon *c)
{
    if (!c)
        return;
    free(c->cur);
    free(c->next);
    free(c->c9a);
    free(c->c9b);
    free(c);
}

/* All orders of k things, in lexicographic order, into out; returns k!. */
static int all_orders(int k, uint8_t out[CF_MAX_ORDERS][CF_MAX_BOX])
{
    int count = 0;
    uint8_t a[CF_MAX_BOX] = {0, 1, 2, 3, 4};
    for (;;) {
        memcpy(out[count++], a, (size_t)k);
        /* the next permutation */
        int i = k - 2;
        while (i >= 0 && a[i] > a[i + 1])
            i--;
        if (i < 0)
            return count;
        int j = k - 1;
        while (a[j] < a[i])
            j--;
        uint8_t x = a[i];
        a[i] = a[j];
        a[j] = x;
        for (int l = i + 1, r = k - 1; l < r; l++, r--) {
            x = a[l];
            a[l] = a[r];
            a[r] = x;
        }
    }
}

static void set_shape(nonet_canon *c, int br, int bc)
{
    if (c->br == br && c->bc == bc)
        return;
    c->br = br;
    c->bc = bc;
    c->n = br * bc;
    c->norders = all_orders(bc, c->order);
    c->nstack_orders = all_orders(br, c->stack_order);
    /* a stack's bits in order p: form column j shows source column
     * order[p][j]; the first column is the most significant bit */
    for (int raw = 0; raw < 1 << bc; raw++)
        for (int p = 0; p < c->norders; p++) {
            int v = 0;
            for (int j = 0; j < bc; j++)
                v = v << 1 | (raw >> c->order[p][j] & 1);
            c->value[raw][p] = (uint8_t)v;
        }
    if (c->norders > 6)
        return;
    for (int raw = 0; raw < 1 << bc; raw++)
        for (int set = 1; set < 1 << c->norders; set++) {
            int best = 1 << CF_MAX_BOX, orders = 0;
            for (int p = 0; p < c->norders; p++) {
                if (!(set >> p & 1))
                    continue;
                int v = c->value[raw][p];
                if (v < best)
                    best = v, orders = 0;
                if (v == best)
                    orders |= 1 << p;
            }
            c->least_value[raw][set] = (uint8_t)best;
            c->least_orders[raw][set] = (uint8_t)orders;
        }
    if (br != 3 || bc != 3)
        return;
    for (int bitsrow = 0; bitsrow < 512; bitsrow++) {
        int m[3];
        for (int s = 0; s < 3; s++)
            m[s] = c->least_value[bitsrow >> (3 * s) & 7][63];
        for (int a = 0; a < 2; a++) /* sort the three */
            for (int b = 0; b < 2 - a; b++)
                if (m[b] > m[b + 1]) {
                    int x = m[b];
                    m[b] = m[b + 1];
                    m[b + 1] = x;
                }
        c->row_least[bitsrow] = (uint16_t)(m[0] << 6 | m[1] << 3 | m[2]);
    }
}

static int grow(nonet_canon *c, size_t want)
{
    if (want <= c->cap)
        return 1;
    if (want > CF_MAX_CANDIDATES) {
        c->work = CF_WORK_LIMIT + 1; /* too many ties: give up */
        return 0;
    }
    size_t cap = c->cap ? c->cap : 256;
    while (cap < want)
        cap *= 2;
    candidate *a = realloc(c->cur, cap * sizeof *a);
    if (!a)
        return 0;
    c->cur = a;
    candidate *b = realloc(c->next, cap * sizeof *b);
    if (!b)
        return 0;
    c->next = b;
    c->cap = cap;
    return 1;
}

/* The least value stack part k of candidate x can show for raw bits, and
 * the orders that show it into out. */
static int least(const nonet_canon *c, const uint64_t allowed[2], int raw, uint64_t out[2])
{
    if (c->norders <= 6) {
        out[0] = c->least_orders[raw][allowed[0]];
        out[1] = 0;
        return c->least_value[raw][allowed[0]];
    }
    int best = 1 << CF_MAX_BOX;
    out[0] = out[1] = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t set = allowed[w]; set; set &= set - 1) {
            int p = w * 64 + lowest_bit(set), v = c->value[raw][p];
            if (v < best) {
                best = v;
                out[0] = out[1] = 0;
            }
            if (v == best)
                out[w] |= (uint64_t)1 << (p & 63);
        }
    return best;
}

/* Compares the first count values of a and b as strings: <0, 0, >0. */
static int compare(const int *a, const int *b, int count)
{
    for (int k = 0; k < count; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* Phase one: the pattern. Leaves the candidates that reach the least
 * pattern in c->cur (count returned) and the pattern's rows in form
 * (stack values). Returns -1 when out of memory or over the work limit. */
static long pattern(nonet_canon *c, int square, uint8_t form[CF_MAX_SIDE][CF_MAX_BOX])
{
    int n = c->n, br = c->br, nstacks = br;
    uint64_t all[2] = {0, 0};
    for (int p = 0; p < c->norders; p++)
        all[p / 64] |= (uint64_t)1 << (p % 64);
    /* the top row: each source row's stacks at their least, the stacks
     * in increasing order; candidates for every row and stack order
     * that give the least such row */
    int top[2][CF_MAX_SIDE][CF_MAX_BOX], key[2][CF_MAX_SIDE][CF_MAX_BOX], best_key[CF_MAX_BOX];
    uint64_t top_orders[2][CF_MAX_SIDE][CF_MAX_BOX][2];
    for (int k = 0; k < nstacks; k++)
        best_key[k] = 1 << CF_MAX_BOX;
    for (int t = 0; t <= square; t++)
        for (int r = 0; r < n; r++) {
            for (int s = 0; s < nstacks; s++) {
                top[t][r][s] = least(c, all, c->bits[t][r][s], top_orders[t][r][s]);
                /* insertion into the sorted key */
                int k = s;
                while (k > 0 && key[t][r][k - 1] > top[t][r][s]) {
                    key[t][r][k] = key[t][r][k - 1];
                    k--;
                }
                key[t][r][k] = top[t][r][s];
            }
            if (compare(key[t][r], best_key, nstacks) < 0)
                memcpy(best_key, key[t][r], sizeof(int) * (size_t)nstacks);
        }
    size_t ncur = 0;
    for (int t = 0; t <= square; t++)
        for (int r = 0; r < n; r++) {
            if (compare(key[t][r], best_key, nstacks) != 0)
                continue;
            for (int so = 0; so < c->nstack_orders; so++) {
                const uint8_t *order = c->stack_order[so];
                int k = 0;
                while (k < nstacks && top[t][r][order[k]] == best_key[k])
                    k++;
                if (k < nstacks)
                    continue;
                if (!grow(c, ncur + 1))
                    return -1;
                candidate *x = &c->cur[ncur++];
                memset(x, 0, sizeof *x);
                x->t = (uint8_t)t;
                memcpy(x->stack, order, (size_t)nstacks);
                x->row[0] = (uint8_t)r;
                x->used = (uint32_t)1 << r;
                for (int k2 = 0; k2 < nstacks; k2++)
                    memcpy(x->orders[k2], top_orders[t][r][order[k2]], sizeof all);
            }
        }
    for (int k = 0; k < nstacks; k++)
        form[0][k] = (uint8_t)best_key[k];
    for (int i = 1; i < n; i++) {
        int best[CF_MAX_BOX];
        for (int k = 0; k < nstacks; k++)
            best[k] = 1 << CF_MAX_BOX;
        size_t nnext = 0;
        for (size_t q = 0; q < ncur; q++) {
            const candidate *x = &c->cur[q];
            int from = 0, to = n; /* source rows this form row may take */
            if (i % br) {
                from = x->row[i - i % br] / br * br;
                to = from + br;
            }
            for (int r = from; r < to; r++) {
                if (x->used >> r & 1)
                    continue;
                if (i % br == 0 && (x->used >> (r / br * br) & (((uint32_t)1 << br) - 1)))
                    continue; /* a band already begun */
                if (++c->work > CF_WORK_LIMIT)
                    return -1;
                uint64_t orders[CF_MAX_BOX][2];
                int k, worse = 0;
                for (k = 0; k < nstacks && !worse; k++) {
                    int v = least(c, x->orders[k], c->bits[x->t][r][x->stack[k]], orders[k]);
                    if (v > best[k]) {
                        worse = 1;
                    } else if (v < best[k]) {
                        best[k] = v;
                        for (int l = k + 1; l < nstacks; l++)
                            best[l] = 1 << CF_MAX_BOX;
                        nnext = 0;
                    }
                }
                if (worse)
                    continue;
                if (!grow(c, nnext + 1))
                    return -1;
                x = &c->cur[q]; /* grow may move it */
                candidate *y = &c->next[nnext++];
                *y = *x;
                y->row[i] = (uint8_t)r;
                y->used |= (uint32_t)1 << r;
                memcpy(y->orders, orders, sizeof(uint64_t) * 2 * (size_t)nstacks);
            }
        }
        for (int k = 0; k < nstacks; k++)
            form[i][k] = (uint8_t)best[k];
        candidate *swap = c->cur;
        c->cur = c->next;
        c->next = swap;
        ncur = nnext;
    }
    return (long)ncur;
}

/* Phase two's state: the best digits so far (one per clue of the form,
 * in reading order), the first symmetry that gives them, the ties. */
typedef struct digits_best {
    int have, nclues;
    uint8_t digits[CF_MAX_SIDE * CF_MAX_SIDE];
    uint8_t row[CF_MAX_SIDE], col[CF_MAX_SIDE], label[CF_MAX_SIDE + 1];
    int t;
    uint64_t ties;
} digits_best;

/* Reads the candidate under the column map col (form column -> source
 * column) and keeps it in *b if its digits are the least so far. */
static void try_columns(const nonet_canon *c, int transposed, const uint8_t *row,
                        const uint8_t *col, const uint16_t *clue_cells, digits_best *b)
{
    int n = c->n, next = 1, cmp = b->have ? 0 : -1;
    uint8_t label[CF_MAX_SIDE + 1];
    memset(label, 0, sizeof label);
    const uint8_t *g = c->cells[transposed];
    uint8_t seen[CF_MAX_SIDE * CF_MAX_SIDE];
    for (int q = 0; q < b->nclues; q++) {
        int cell = clue_cells[q], i = cell / n, j = cell % n;
        int d = g[row[i] * n + col[j]];
        if (!label[d])
            label[d] = (uint8_t)next++;
        int v = label[d];
        if (cmp == 0) {
            if (v > b->digits[q])
                return;
            if (v < b->digits[q])
                cmp = -1;
        }
        seen[q] = (uint8_t)v;
    }
    if (cmp == 0) {
        b->ties++;
        return;
    }
    b->have = 1;
    b->ties = 1;
    memcpy(b->digits, seen, (size_t)b->nclues);
    memcpy(b->row, row, (size_t)n);
    memcpy(b->col, col, (size_t)n);
    memcpy(b->label, label, sizeof label);
    b->t = transposed;
}

/* Every column order the candidate's sets allow, stack by stack. */
static int columns(nonet_canon *c, const candidate *x, int k, uint8_t *col,
                   const uint16_t *clue_cells, digits_best *b)
{
    int bc = c->bc;
    if (k == c->br) {
        if (++c->work > CF_WORK_LIMIT)
            return 0;
        try_columns(c, x->t, x->row, col, clue_cells, b);
        return 1;
    }
    for (int w = 0; w < 2; w++)
        for (uint64_t set = x->orders[k][w]; set; set &= set - 1) {
            int p = w * 64 + lowest_bit(set);
            for (int j = 0; j < bc; j++)
                col[k * bc + j] = (uint8_t)(x->stack[k] * bc + c->order[p][j]);
            if (!columns(c, x, k + 1, col, clue_cells, b))
                return 0;
        }
    return 1;
}

/* ---------------------------------------------------------------- 9x9 */

/* The same search for 9x9 grids (unless the environment variable
 * NONET_CANON=general asks for the general one, for tests) with compact
 * candidates: the stacks'
 * order by its number, each stack's column orders as a 6-bit set. The
 * rows' patterns are 9-bit numbers, the first column the highest bit. */
typedef struct candidate9 {
    uint8_t t, stacks; /* transposed; the stack order (c->stack_order) */
    uint8_t orders[3]; /* column orders still allowed, per form stack */
    uint8_t row[9];    /* form row i comes from row[i] */
    uint16_t used;     /* source rows taken */
} candidate9;

#define CAND9_MAX 15552 /* 2 x 6 stack orders x 1296 row orders */

static long pattern9(nonet_canon *c, uint8_t form[CF_MAX_SIDE][CF_MAX_BOX])
{
    if (!c->c9a) {
        c->c9a = malloc(sizeof(candidate9) * CAND9_MAX);
        c->c9b = malloc(sizeof(candidate9) * CAND9_MAX);
        if (!c->c9a || !c->c9b)
            return -1;
    }
    uint8_t(*bits)[CF_MAX_SIDE][CF_MAX_BOX] = c->bits;
    /* the top row: the least any row shows under any stack order */
    int best = 512, value[2][9];
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            int v = c->row_least[bits[t][r][0] | bits[t][r][1] << 3 | bits[t][r][2] << 6];
            value[t][r] = v;
            best = v < best ? v : best;
        }
    long ncur = 0;
    candidate9 *cur = c->c9a, *next = c->c9b;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            if (value[t][r] != best)
                continue;
            for (int so = 0; so < 6; so++) {
                const uint8_t *o = c->stack_order[so];
                int a = bits[t][r][o[0]], b = bits[t][r][o[1]], d = bits[t][r][o[2]];
                if ((c->least_value[a][63] << 6 | c->least_value[b][63] << 3 |
                     c->least_value[d][63]) != best)
                    continue;
                candidate9 *x = &cur[ncur++];
                x->t = (uint8_t)t;
                x->stacks = (uint8_t)so;
                x->orders[0] = c->least_orders[a][63];
                x->orders[1] = c->least_orders[b][63];
                x->orders[2] = c->least_orders[d][63];
                x->row[0] = (uint8_t)r;
                x->used = (uint16_t)(1u << r);
            }
        }
    form[0][0] = (uint8_t)(best >> 6);
    form[0][1] = (uint8_t)(best >> 3 & 7);
    form[0][2] = (uint8_t)(best & 7);
    for (int i = 1; i < 9; i++) {
        int b0 = 8, b1 = 8, b2 = 8;
        long nnext = 0;
        for (long q = 0; q < ncur; q++) {
            const candidate9 *x = &cur[q];
            const uint8_t *o = c->stack_order[x->stacks];
            uint8_t(*rb)[CF_MAX_BOX] = bits[x->t];
            int from = 0, to = 9;
            if (i % 3) {
                from = x->row[i - i % 3] / 3 * 3;
                to = from + 3;
            }
            for (int r = from; r < to; r++) {
                if ((x->used >> r & 1) || (i % 3 == 0 && (x->used >> (r / 3 * 3) & 7)))
                    continue;
                int v0 = c->least_value[rb[r][o[0]]][x->orders[0]];
                if (v0 > b0)
                    continue;
                if (v0 < b0)
                    b0 = v0, b1 = b2 = 8, nnext = 0;
                int v1 = c->least_value[rb[r][o[1]]][x->orders[1]];
                if (v1 > b1)
                    continue;
                if (v1 < b1)
                    b1 = v1, b2 = 8, nnext = 0;
                int v2 = c->least_value[rb[r][o[2]]][x->orders[2]];
                if (v2 > b2)
                    continue;
                if (v2 < b2)
                    b2 = v2, nnext = 0;
                candidate9 *y = &next[nnext++];
                *y = *x;
                y->row[i] = (uint8_t)r;
                y->used |= (uint16_t)(1u << r);
                y->orders[0] = c->least_orders[rb[r][o[0]]][x->orders[0]];
                y->orders[1] = c->least_orders[rb[r][o[1]]][x->orders[1]];
                y->orders[2] = c->least_orders[rb[r][o[2]]][x->orders[2]];
            }
        }
        form[i][0] = (uint8_t)b0;
        form[i][1] = (uint8_t)b1;
        form[i][2] = (uint8_t)b2;
        candidate9 *swap = cur;
        cur = next;
        next = swap;
        ncur = nnext;
    }
    c->c9a = cur;
    c->c9b = next;
    return ncur;
}

/* Phase two for a 9x9 candidate: every column order its sets allow. */
static void columns9(nonet_canon *c, const candidate9 *x, const uint16_t *clue_cells,
                     digits_best *b)
{
    const uint8_t *o = c->stack_order[x->stacks];
    uint8_t col[9];
    for (uint8_t s0 = x->orders[0]; s0; s0 &= (uint8_t)(s0 - 1)) {
        const uint8_t *p0 = c->order[lowest_bit(s0)];
        for (int j = 0; j < 3; j++)
            col[j] = (uint8_t)(o[0] * 3 + p0[j]);
        for (uint8_t s1 = x->orders[1]; s1; s1 &= (uint8_t)(s1 - 1)) {
            const uint8_t *p1 = c->order[lowest_bit(s1)];
            for (int j = 0; j < 3; j++)
                col[3 + j] = (uint8_t)(o[1] * 3 + p1[j]);
            for (uint8_t s2 = x->orders[2]; s2; s2 &= (uint8_t)(s2 - 1)) {
                const uint8_t *p2 = c->order[lowest_bit(s2)];
                for (int j = 0; j < 3; j++)
                    col[6 + j] = (uint8_t)(o[2] * 3 + p2[j]);
                try_columns(c, x->t, x->row, col, clue_cells, b);
            }
        }
    }
}

/* A complete 9x9 grid: every pattern ties, so the digits alone decide,
 * which canon9 settles row by row over the column orders. */
static int complete9(const nonet_grid *in, nonet_grid *form, nonet_transform *t,
                     uint64_t *automorphisms)
{
    canon_transform ct;
    if (!canon9(in->cells, &ct, NULL))
        return NONET_ENOMEM;
    if (form) {
        form->box_rows = form->box_cols = 3;
        form->n = 9;
        memcpy(form->cells, ct.form, 81);
    }
    if (t) {
        memset(t, 0, sizeof *t);
        t->box_rows = t->box_cols = 3;
        t->transpose = ct.transposed;
        memcpy(t->row, ct.row, 9);
        memcpy(t->col, ct.col, 9);
        memcpy(t->digit, ct.digit, 10);
    }
    if (automorphisms)
        *automorphisms = ct.ties;
    return NONET_OK;
}

int nonet_canon_form(nonet_canon *c, const nonet_grid *in, nonet_grid *form, nonet_transform *t,
                     uint64_t *automorphisms)
{
    if (!c || !grid_well_formed(in) || in->box_rows > CF_MAX_BOX || in->box_cols > CF_MAX_BOX)
        return NONET_EARG;
    int br = in->box_rows, bc = in->box_cols, n = in->n;
    if (n == 9 && br == 3 && !c->general_only && memchr(in->cells, 0, 81) == NULL)
        return complete9(in, form, t, automorphisms);
    set_shape(c, br, bc);
    c->work = 0;
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            int d = in->cells[r * n + col];
            c->cells[0][r * n + col] = (uint8_t)d;
            c->cells[1][col * n + r] = (uint8_t)d;
        }
    for (int o = 0; o < 2; o++)
        for (int r = 0; r < n; r++)
            for (int s = 0; s < br; s++) {
                int raw = 0;
                for (int j = 0; j < bc; j++)
                    raw |= (c->cells[o][r * n + s * bc + j] != 0) << j;
                c->bits[o][r][s] = (uint8_t)raw;
            }
    uint8_t rows[CF_MAX_SIDE][CF_MAX_BOX];
    int fast = br == 3 && bc == 3 && !c->general_only;
    long ncand = fast ? pattern9(c, rows) : pattern(c, br == bc && n > 1, rows);
    if (ncand < 0)
        return c->work > CF_WORK_LIMIT ? NONET_EGIVEUP : NONET_ENOMEM;

    /* phase two: the digits, over the form's clues in reading order */
    digits_best best, *b = &best;
    uint16_t *clue_cells = c->clue_cells;
    b->have = b->nclues = b->t = 0;
    b->ties = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < br; k++)
            for (int j = 0; j < bc; j++)
                if (rows[i][k] >> (bc - 1 - j) & 1)
                    clue_cells[b->nclues++] = (uint16_t)(i * n + k * bc + j);
    uint8_t col[CF_MAX_SIDE];
    for (long q = 0; q < ncand; q++) {
        if (fast)
            columns9(c, &c->c9a[q], clue_cells, b);
        else if (!columns(c, &c->cur[q], 0, col, clue_cells, b))
            return NONET_EGIVEUP;
    }
    if (!b->have)
        return NONET_EGIVEUP; /* no candidate: cannot happen */
    /* digits that never appear get the labels left, in order */
    int next = 1;
    for (int d = 1; d <= n; d++)
        next += b->label[d] != 0;
    for (int d = 1; d <= n; d++)
        if (!b->label[d])
            b->label[d] = (uint8_t)next++;
    b->label[0] = 0;
    if (form) {
        /* the pattern's clues, with the digits found */
        form->box_rows = br;
        form->box_cols = bc;
        form->n = n;
        memset(form->cells, 0, (size_t)n * (size_t)n);
        for (int q = 0; q < b->nclues; q++)
            form->cells[clue_cells[q]] = b->digits[q];
    }
    if (t) {
        memset(t, 0, sizeof *t);
        t->box_rows = br;
        t->box_cols = bc;
        t->transpose = b->t;
        memcpy(t->row, b->row, (size_t)n);
        memcpy(t->col, b->col, (size_t)n);
        memcpy(t->digit, b->label, (size_t)n + 1);
    }
    if (automorphisms)
        *automorphisms = b->ties;
    return NONET_OK;
}

/* ---------------------------------------------------------------- transforms */

/* Whether map (of n entries) permutes 0..n-1 keeping groups of size
 * together: map[i] / size is the same for each group of i. */
static int keeps_groups(const uint8_t *map, int n, int size)
{
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        if (map[i] >= n || (seen >> map[i] & 1) || map[i] / size != map[i - i % size] / size)
            return 0;
        seen |= (uint64_t)1 << map[i];
    }
    return 1;
}

static int transform_valid(const nonet_transform *t)
{
    if (!t || !shape_valid(t->box_rows, t->box_cols) || (t->transpose != 0 && t->transpose != 1) ||
        (t->transpose && t->box_rows != t->box_cols))
        return 0;
    int n = t->box_rows * t->box_cols;
    if (!keeps_groups(t->row, n, t->box_rows) || !keeps_groups(t->col, n, t->box_cols) ||
        t->digit[0] != 0)
        return 0;
    uint64_t seen = 0;
    for (int d = 1; d <= n; d++) {
        if (t->digit[d] < 1 || t->digit[d] > n || (seen >> (t->digit[d] - 1) & 1))
            return 0;
        seen |= (uint64_t)1 << (t->digit[d] - 1);
    }
    return 1;
}

int nonet_transform_apply(const nonet_transform *t, const nonet_grid *in, nonet_grid *out)
{
    if (!transform_valid(t) || !grid_well_formed(in) || !out || in->box_rows != t->box_rows ||
        in->box_cols != t->box_cols)
        return NONET_EARG;
    int n = in->n;
    uint8_t src[NONET_MAX_CELLS];
    memcpy(src, in->cells, (size_t)n * (size_t)n);
    if (out != in)
        nonet_grid_init(out, in->box_rows, in->box_cols);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int r = t->row[i], c = t->col[j];
            out->cells[i * n + j] = t->digit[t->transpose ? src[c * n + r] : src[r * n + c]];
        }
    return NONET_OK;
}

int nonet_transform_invert(const nonet_transform *t, nonet_transform *inv)
{
    if (!transform_valid(t) || !inv)
        return NONET_EARG;
    nonet_transform r = *t;
    int n = t->box_rows * t->box_cols;
    /* the source row of each row, and its inverse; transposed, the rows
     * of the result come from the columns of the source and back */
    for (int i = 0; i < n; i++) {
        (t->transpose ? r.col : r.row)[t->row[i]] = (uint8_t)i;
        (t->transpose ? r.row : r.col)[t->col[i]] = (uint8_t)i;
    }
    for (int d = 1; d <= n; d++)
        r.digit[t->digit[d]] = (uint8_t)d;
    *inv = r;
    return NONET_OK;
}

int nonet_transform_random(int box_rows, int box_cols, uint64_t seed, uint64_t index,
                           nonet_transform *t)
{
    if (!t || !shape_valid(box_rows, box_cols))
        return NONET_EARG;
    rng r;
    uint64_t mix = seed ^ 0x7472616E73666F72u; /* streams apart from generate's */
    rng_seed(&r, splitmix64(&mix), index);
    int n = box_rows * box_cols, a[NONET_MAX_SIDE + 1];
    memset(t, 0, sizeof *t);
    t->box_rows = box_rows;
    t->box_cols = box_cols;
    t->transpose = box_rows == box_cols && n > 1 ? (int)rng_below(&r, 2) : 0;
    /* rows: bands in a random order, rows in each band too; columns alike */
    for (int pass = 0; pass < 2; pass++) {
        int size = pass ? box_cols : box_rows, groups = n / size;
        uint8_t *map = pass ? t->col : t->row;
        int order[NONET_MAX_SIDE];
        for (int g = 0; g < groups; g++)
            order[g] = g;
        rng_shuffle(&r, order, groups);
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < size; i++)
                a[i] = order[g] * size + i;
            rng_shuffle(&r, a, size);
            for (int i = 0; i < size; i++)
                map[g * size + i] = (uint8_t)a[i];
        }
    }
    for (int d = 0; d < n; d++)
        a[d] = d + 1;
    rng_shuffle(&r, a, n);
    for (int d = 1; d <= n; d++)
        t->digit[d] = (uint8_t)a[d - 1];
    return NONET_OK;
}

long nonet_transform_format(const nonet_transform *t, char *buf, size_t cap)
{
    text_buf out = {buf, cap, 0};
    char part[16];
    if (!t || !shape_valid(t->box_rows, t->box_cols)) {
        text_end(&out);
        return 0;
    }
    int n = t->box_rows * t->box_cols;
    if (t->box_rows != 3 || t->box_cols != 3) {
        int len = snprintf(part, sizeof part, "size=%dx%d;", t->box_rows, t->box_cols);
        text_put(&out, part, (size_t)len);
    }
    text_put(&out, t->transpose ? "t=1" : "t=0", 3);
    static const char *const names[] = {";rows=", ";cols=", ";digits="};
    for (int k = 0; k < 3; k++) {
        text_put(&out, names[k], strlen(names[k]));
        for (int i = 0; i < n; i++) {
            int v = k == 0 ? t->row[i] + 1 : k == 1 ? t->col[i] + 1 : t->digit[i + 1];
            int len = snprintf(part, sizeof part, "%s%d", i ? "," : "", v);
            text_put(&out, part, (size_t)len);
        }
    }
    text_end(&out);
    return (long)out.len;
}

/* Reads "name=" at *p (spaces around allowed); 1 and moves past it. */
static int key(const char **p, const char *name)
{
    const char *s = *p;
    while (*s == ' ')
        s++;
    size_t len = strlen(name);
    if (strncmp(s, name, len) != 0)
        return 0;
    s += len;
    while (*s == ' ')
        s++;
    if (*s != '=')
        return 0;
    *p = s + 1;
    return 1;
}

/* Reads count numbers separated by commas, each 1..max, into out
 * (minus base); 1 or 0. */
static int numbers(const char **p, int count, int max, int base, uint8_t *out)
{
    const char *s = *p;
    for (int i = 0; i < count; i++) {
        while (*s == ' ')
            s++;
        if (i && *s++ != ',')
            return 0;
        while (*s == ' ')
            s++;
        int v = 0, digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 3)
            v = v * 10 + (*s++ - '0'), digits++;
        if (!digits || v < 1 || v > max)
            return 0;
        out[i] = (uint8_t)(v - base);
    }
    while (*s == ' ')
        s++;
    *p = s;
    return 1;
}

int nonet_transform_parse(const char *text, nonet_transform *t)
{
    if (!text || !t)
        return NONET_EARG;
    nonet_transform x;
    memset(&x, 0, sizeof x);
    x.box_rows = x.box_cols = 3;
    const char *p = text;
    if (key(&p, "size")) {
        while (*p == ' ')
            p++;
        char shape[16];
        size_t len = 0;
        while (p[len] && p[len] != ';' && len < sizeof shape - 1)
            len++;
        memcpy(shape, p, len);
        shape[len] = 0;
        if (p[len] != ';' || nonet_parse_shape(shape, &x.box_rows, &x.box_cols) != NONET_OK)
            return NONET_EARG;
        p += len + 1;
    }
    int n = x.box_rows * x.box_cols;
    if (!key(&p, "t"))
        return NONET_EARG;
    while (*p == ' ')
        p++;
    if (*p != '0' && *p != '1')
        return NONET_EARG;
    x.transpose = *p++ - '0';
    while (*p == ' ')
        p++;
    if (*p++ != ';')
        return NONET_EARG;
    if (!key(&p, "rows") || !numbers(&p, n, n, 1, x.row) || *p++ != ';' || !key(&p, "cols") ||
        !numbers(&p, n, n, 1, x.col) || *p++ != ';' || !key(&p, "digits") ||
        !numbers(&p, n, n, 0, x.digit + 1) || *p)
        return NONET_EARG;
    if (!transform_valid(&x))
        return NONET_EARG;
    *t = x;
    return NONET_OK;
}
