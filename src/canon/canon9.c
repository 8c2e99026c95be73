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

#define PERMS 1296
#define MAX_CANDIDATES 200000

typedef struct candidate {
    uint8_t t;         /* transposed */
    uint16_t perm;     /* column permutation */
    uint8_t rows[9];   /* source row of each canonical row so far */
    uint16_t used;     /* source rows taken */
    uint8_t label[10]; /* digit -> label, 0: none yet */
    uint8_t next;      /* the next label */
} candidate;

/* The 1296 column orders: stacks in any order, columns in any order inside. */
static void make_perms(uint8_t perms[PERMS][9])
{
    static const uint8_t p3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int k = 0;
    for (int s = 0; s < 6; s++)
        for (int a = 0; a < 6; a++)
            for (int b = 0; b < 6; b++)
                for (int c = 0; c < 6; c++, k++) {
                    const uint8_t *in[3] = {p3[a], p3[b], p3[c]};
                    for (int j = 0; j < 3; j++)
                        for (int i = 0; i < 3; i++)
                            perms[k][3 * j + i] = (uint8_t)(3 * p3[s][j] + in[j][i]);
                }
}

/* Row r of the grid (transposed when t), under column order perm and the
 * labels lab (new digits labelled from *next on, both updated), compared
 * with best[0..9) as it is written into out: stops at the first value
 * above best's (returns 1: the row loses), else returns 0 when equal or
 * -1 when smaller (out holds the whole row). have 0: nothing to beat. */
static int row_versus(const uint8_t *g, int t, const uint8_t *perm, int r, uint8_t *lab,
                      uint8_t *next, uint8_t *out, const uint8_t *best, int have)
{
    int less = !have;
    for (int j = 0; j < 9; j++) {
        int col = perm[j], v = t ? g[col * 9 + r] : g[r * 9 + col];
        if (v && !lab[v])
            lab[v] = (*next)++;
        out[j] = v ? lab[v] : 0;
        if (!less && out[j] != best[j]) {
            if (out[j] > best[j])
                return 1;
            less = 1;
        }
    }
    return less ? -1 : 0;
}

/* The given/blank pattern of row r (of the transpose when t) under column
 * order perm, as 9 bits, the first column highest. */
static unsigned row_pattern(const uint8_t *g, int t, const uint8_t *perm, int r)
{
    unsigned m = 0;
    for (int j = 0; j < 9; j++) {
        int col = perm[j];
        m = m << 1 | ((t ? g[col * 9 + r] : g[r * 9 + col]) != 0);
    }
    return m;
}

/* The first row of the form, settled without comparing rows: its digits
 * are labelled 1, 2, ... in the order they appear, so a row is smaller
 * exactly when its given/blank pattern is (a blank is 0). The smallest
 * pattern a source row can take puts its stacks in the order of their
 * given counts, fewest first, each stack's givens last. Writes the
 * candidates that reach the smallest pattern into cur (in the order of
 * transposition, column order, row, as the row-by-row search keeps them)
 * and the row into best; returns how many. At most 2 * 1296 * 9, which
 * MAX_CANDIDATES exceeds. */
static int first_row(const uint8_t *g, uint8_t perms[PERMS][9], candidate *cur, uint8_t best[9])
{
    static const uint8_t ident[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    unsigned least[2][9], min = 0x1ff;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            unsigned m = row_pattern(g, t, ident, r), c[3];
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
    for (int t = 0; t < 2; t++)
        for (int p = 0; p < PERMS; p++)
            for (int r = 0; r < 9; r++) {
                if (least[t][r] != min || row_pattern(g, t, perms[p], r) != min)
                    continue;
                candidate e = {.t = (uint8_t)t, .perm = (uint16_t)p, .next = 1};
                for (int j = 0; j < 9; j++) {
                    int col = perms[p][j], v = t ? g[col * 9 + r] : g[r * 9 + col];
                    if (v && !e.label[v])
                        e.label[v] = e.next++;
                    best[j] = v ? e.label[v] : 0;
                }
                e.rows[0] = (uint8_t)r;
                e.used = (uint16_t)(1u << r);
                cur[n++] = e;
            }
    return n;
}

int canon9(const uint8_t *grid, canon_transform *out)
{
    uint8_t(*perms)[9] = malloc(sizeof(uint8_t[PERMS][9]));
    candidate *cur = malloc(sizeof *cur * MAX_CANDIDATES);
    candidate *nxt = malloc(sizeof *nxt * MAX_CANDIDATES);
    int ok = perms && cur && nxt, ncur = 0;
    uint8_t best[9], row[9];
    if (ok) {
        make_perms(perms);
        ncur = first_row(grid, perms, cur, best);
        if (out)
            memcpy(out->form, best, 9);
    }
    for (int k = 1; ok && k < 9; k++) {
        int nnext = 0, have = 0;
        for (int i = 0; i < ncur && ok; i++) {
            const candidate *c = &cur[i];
            /* the source rows this canonical row may take */
            int band_rows[9], nb = 0;
            if (k % 3 == 0) {
                for (int r = 0; r < 9; r++)
                    if (!(c->used >> (r / 3 * 3) & 1))
                        band_rows[nb++] = r; /* any row of a band not used yet */
            } else {
                int band = c->rows[k - 1] / 3;
                for (int r = 3 * band; r < 3 * band + 3; r++)
                    if (!(c->used >> r & 1))
                        band_rows[nb++] = r;
            }
            for (int q = 0; q < nb; q++) {
                /* the labels are copied only for a row that is kept */
                uint8_t label[10], next = c->next;
                memcpy(label, c->label, sizeof label);
                int cmp = row_versus(grid, c->t, perms[c->perm], band_rows[q], label, &next, row,
                                     best, have);
                if (cmp > 0)
                    continue;
                candidate e = *c;
                memcpy(e.label, label, sizeof label);
                e.next = next;
                if (cmp < 0) {
                    memcpy(best, row, 9);
                    have = 1;
                    nnext = 0;
                }
                if (nnext == MAX_CANDIDATES) {
                    ok = 0;
                    break;
                }
                e.rows[k] = (uint8_t)band_rows[q];
                e.used |= (uint16_t)(1u << band_rows[q]);
                nxt[nnext++] = e;
            }
        }
        candidate *swap = cur;
        cur = nxt;
        nxt = swap;
        ncur = nnext;
        if (out)
            memcpy(out->form + (size_t)9 * (size_t)k, best, 9);
    }
    if (ok && out) {
        const candidate *c = &cur[0];
        for (int k = 0; k < 9; k++)
            for (int j = 0; j < 9; j++) {
                int r = c->rows[k], col = perms[c->perm][j];
                int src = c->t ? col * 9 + r : r * 9 + col;
                out->cell[src] = (uint8_t)(k * 9 + j);
            }
        out->transposed = c->t;
        memcpy(out->row, c->rows, 9);
        memcpy(out->col, perms[c->perm], 9);
        out->ties = (uint64_t)ncur;
        uint8_t next = c->next;
        out->digit[0] = 0;
        for (int d = 1; d <= 9; d++)
            out->digit[d] = c->label[d] ? c->label[d] : next++;
    }
    free(perms);
    free(cur);
    free(nxt);
    return ok;
}
