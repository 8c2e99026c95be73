/* canon9.c - the minlex form of a 9x9 grid: of all the grids that the
 * Sudoku symmetries (transposition, bands, rows within a band, stacks,
 * columns within a stack) and a relabelling of the digits make of it, the
 * one whose 81 characters, read row by row with blanks as 0, are the
 * smallest, the digits numbered in the order they first appear. For a
 * complete grid this is the canonical form (canon_form.c uses it there);
 * for a partial one it is the digits' order only, which the rater
 * (human/ladder.c) orients its positions by.
 *
 * The search builds the form one row at a time. Every column permutation
 * (1296) of the grid and of its transpose starts as a candidate; each new
 * row is the smallest that any candidate can put there (choosing a band
 * first when a band starts), and only the candidates that reach it stay.
 * Their number is capped: a grid with many empty rows (hardly a puzzle)
 * could keep millions alive. */
#include "canon/canon.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CANDIDATES 200000

typedef struct candidate {
    uint8_t t;         /* transposed */
    uint8_t perm[9];   /* column order: form column j is source column perm[j] */
    uint8_t rows[9];   /* source row of each canonical row so far */
    uint8_t next;      /* the next label */
    uint16_t used;     /* source rows taken */
    uint8_t label[10]; /* digit -> label, 0: none yet */
} candidate;

/* The six orders of three things. */
static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Row r of the grid's orientation g (the grid or its transpose), under
 * column order perm and the labels lab (new digits labelled from *next on,
 * both updated), compared with best[0..9) as it is written into out: stops
 * at the first value above best's (returns 1: the row loses), else
 * returns 0 when equal or -1 when smaller (out holds the whole row). have
 * 0: nothing to beat. */
static int row_versus(const uint8_t *g, const uint8_t *perm, int r, uint8_t *lab, uint8_t *next,
                      uint8_t *out, const uint8_t *best, int have)
{
    const uint8_t *row = g + 9 * (size_t)r;
    int j = 0;
    if (have) {
        for (; j < 9; j++) {
            int v = row[perm[j]];
            if (v && !lab[v])
                lab[v] = (*next)++;
            out[j] = v ? lab[v] : 0;
            if (out[j] != best[j]) {
                if (out[j] > best[j])
                    return 1;
                break;
            }
        }
        if (j == 9)
            return 0;
        j++;
    }
    for (; j < 9; j++) {
        int v = row[perm[j]];
        if (v && !lab[v])
            lab[v] = (*next)++;
        out[j] = v ? lab[v] : 0;
    }
    return -1;
}

/* The given/blank pattern of each row of the two orientations (g: the
 * grid, then its transpose, 81 cells each) in the columns' own order, as 9
 * bits, the first column highest: row r of orientation t is pat[9t + r]. */
static void row_patterns(const uint8_t *g, unsigned *pat)
{
    for (int r = 0; r < 18; r++) {
        pat[r] = 0;
        for (int c = 0; c < 9; c++)
            pat[r] = pat[r] << 1 | (g[r * 9 + c] != 0);
    }
}

/* The three bits of a stack's pattern (its first column highest) with its
 * columns in order p3[o]. */
static unsigned stack_bits(unsigned bits, int o)
{
    return (bits >> (2 - p3[o][0]) & 1) << 2 | (bits >> (2 - p3[o][1]) & 1) << 1 |
           (bits >> (2 - p3[o][2]) & 1);
}

/* The rows among `rows` whose stack `from`, its columns in order o, has
 * the pattern want. */
static unsigned rows_with(const unsigned *pat, unsigned rows, int from, int o, unsigned want)
{
    unsigned kept = 0;
    for (unsigned m = rows; m; m &= m - 1) {
        int r = __builtin_ctz(m);
        if (stack_bits(pat[r] >> (6 - 3 * from) & 7, o) == want)
            kept |= 1u << r;
    }
    return kept;
}

/* Doubles the room of both candidate arrays, keeping what they hold, up
 * to MAX_CANDIDATES. Returns 0 when out of memory or at the cap. */
static int grow(canon9_work *w)
{
    size_t cap = w->cap ? 2 * w->cap : 4096;
    if (w->cap >= MAX_CANDIDATES)
        return 0;
    if (cap > MAX_CANDIDATES)
        cap = MAX_CANDIDATES;
    candidate *a = realloc(w->cur, cap * sizeof *a);
    if (a)
        w->cur = a;
    candidate *b = a ? realloc(w->next, cap * sizeof *b) : NULL;
    if (b)
        w->next = b;
    if (!b)
        return 0;
    w->cap = cap;
    return 1;
}

void canon9_work_free(canon9_work *w)
{
    if (!w)
        return;
    free(w->cur);
    free(w->next);
    memset(w, 0, sizeof *w);
}

/* The first row of the form, settled without comparing rows: its digits
 * are labelled 1, 2, ... in the order they appear, so a row is smaller
 * exactly when its given/blank pattern is (a blank is 0). The smallest
 * pattern a source row can take puts its stacks in the order of their
 * given counts, fewest first, each stack's givens last. Writes the
 * candidates that reach the smallest pattern into cur and the row into
 * best; returns how many (-1: out of memory). They come in the order of transposition, column
 * order (stacks in order p3[s], their columns in orders p3[a], p3[b],
 * p3[c], numbered ((s * 6 + a) * 6 + b) * 6 + c), row, as the row-by-row
 * search keeps them: a candidate's place in that order is how the search
 * chooses among ties. At most 2 * 1296 * 9, fewer than MAX_CANDIDATES.
 * The orders are walked stack by stack, keeping the rows whose
 * pattern so far is the smallest one's. */
static int first_row(const uint8_t *g, const unsigned *pat, canon9_work *w, uint8_t best[9])
{
    unsigned least[2][9], min = 0x1ff;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            unsigned m = pat[9 * t + r], c[3];
            for (int s = 0; s < 3; s++)
                c[s] = (unsigned)__builtin_popcount(m >> (6 - 3 * s) & 7);
            for (int a = 0; a < 2; a++) /* sort the three counts */
                for (int b = 0; b < 2 - a; b++)
                    if (c[b] > c[b + 1]) {
                        unsigned x = c[b];
                        c[b] = c[b + 1];
                        c[b + 1] = x;
                    }
            least[t][r] = 0;
            for (int s = 0; s < 3; s++)
                least[t][r] = least[t][r] << 3 | ((1u << c[s]) - 1);
            if (least[t][r] < min)
                min = least[t][r];
        }
    int n = 0;
    for (int t = 0; t < 2; t++) {
        unsigned rows = 0;
        for (int r = 0; r < 9; r++)
            if (least[t][r] == min)
                rows |= 1u << r;
        for (int s = 0; s < 6 && rows; s++)
            for (int a = 0; a < 6; a++) {
                unsigned ra = rows_with(pat + 9 * (size_t)t, rows, p3[s][0], a, min >> 6);
                for (int b = 0; b < 6 && ra; b++) {
                    unsigned rb = rows_with(pat + 9 * (size_t)t, ra, p3[s][1], b, min >> 3 & 7);
                    for (int c = 0; c < 6 && rb; c++) {
                        unsigned rc = rows_with(pat + 9 * (size_t)t, rb, p3[s][2], c, min & 7);
                        candidate e = {.t = (uint8_t)t, .next = 1};
                        const int in[3] = {a, b, c};
                        for (int j = 0; j < 9; j++)
                            e.perm[j] = (uint8_t)(3 * p3[s][j / 3] + p3[in[j / 3]][j % 3]);
                        for (; rc; rc &= rc - 1) {
                            int r = __builtin_ctz(rc);
                            if ((size_t)n == w->cap && !grow(w))
                                return -1;
                            candidate *cur = w->cur;
                            cur[n] = e;
                            row_versus(g + 81 * (size_t)t, e.perm, r, cur[n].label, &cur[n].next,
                                       best, best, 0);
                            cur[n].rows[0] = (uint8_t)r;
                            cur[n].used = (uint16_t)(1u << r);
                            n++;
                        }
                    }
                }
            }
    }
    return n;
}

int canon9(const uint8_t *grid, canon_transform *out, canon9_work *work)
{
    canon9_work own = {0};
    canon9_work *w = work ? work : &own;
    uint8_t g[2 * 81], best[9], row[9]; /* the grid, then its transpose */
    unsigned pat[2 * 9];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            g[81 + c * 9 + r] = g[r * 9 + c] = grid[r * 9 + c];
    row_patterns(g, pat);
    int ncur = first_row(g, pat, w, best), ok = ncur >= 0;
    if (ok && out)
        memcpy(out->form, best, 9);
    for (int k = 1; ok && k < 9; k++) {
        int nnext = 0, have = 0;
        for (int i = 0; i < ncur && ok; i++) {
            const candidate *c = &((const candidate *)w->cur)[i];
            /* the source rows this canonical row may take: any row of a
             * band not used yet when a band starts, else the rest of the
             * band */
            unsigned may;
            if (k % 3 == 0) {
                may = 0;
                for (int band = 0; band < 3; band++)
                    if (!(c->used >> (3 * band) & 7))
                        may |= 7u << (3 * band);
            } else {
                may = 7u << (c->rows[k - 1] / 3 * 3) & ~(unsigned)c->used;
            }
            for (; may; may &= may - 1) {
                int r = __builtin_ctz(may);
                /* the labels are copied only for a row that is kept */
                uint8_t label[10], next = c->next;
                memcpy(label, c->label, sizeof label);
                int cmp =
                    row_versus(g + 81 * (size_t)c->t, c->perm, r, label, &next, row, best, have);
                if (cmp > 0)
                    continue;
                if (cmp < 0) {
                    memcpy(best, row, 9);
                    have = 1;
                    nnext = 0;
                }
                if ((size_t)nnext == w->cap) {
                    if (!grow(w)) {
                        ok = 0;
                        break;
                    }
                    c = &((const candidate *)w->cur)[i];
                }
                candidate *e = &((candidate *)w->next)[nnext++];
                *e = *c;
                memcpy(e->label, label, sizeof label);
                e->next = next;
                e->rows[k] = (uint8_t)r;
                e->used |= (uint16_t)(1u << r);
            }
        }
        void *swap = w->cur;
        w->cur = w->next;
        w->next = swap;
        ncur = nnext;
        if (out)
            memcpy(out->form + (size_t)9 * (size_t)k, best, 9);
    }
    if (ok && out) {
        const candidate *c = w->cur;
        for (int k = 0; k < 9; k++)
            for (int j = 0; j < 9; j++) {
                int r = c->rows[k], col = c->perm[j];
                int src = c->t ? col * 9 + r : r * 9 + col;
                out->cell[src] = (uint8_t)(k * 9 + j);
            }
        out->transposed = c->t;
        memcpy(out->row, c->rows, 9);
        memcpy(out->col, c->perm, 9);
        out->ties = (uint64_t)ncur;
        uint8_t next = c->next;
        out->digit[0] = 0;
        for (int d = 1; d <= 9; d++)
            out->digit[d] = c->label[d] ? c->label[d] : next++;
    }
    canon9_work_free(&own);
    return ok;
}
