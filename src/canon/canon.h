/* canon.h - canonical forms (internal). */
#ifndef NONET_CANON_H
#define NONET_CANON_H

#include <stddef.h>
#include <stdint.h>

/* A symmetry of the 9x9 grid with a relabelling of the digits. */
typedef struct canon_transform {
    uint8_t cell[81];  /* source cell -> cell in the form */
    uint8_t digit[10]; /* source digit -> digit in the form (0 -> 0) */
    uint8_t form[81];  /* the minlex form, 0 for a blank */
    /* the same symmetry as a transposition and row and column orders:
     * form cell (i, j) is source cell (row[i], col[j]), of the transpose
     * when transposed */
    uint8_t transposed, row[9], col[9];
    uint64_t ties; /* symmetries that give the form */
} canon_transform;

/* canon9's memory, kept by a caller that orients many grids: all zero
 * before the first call, released by canon9_work_free (which leaves it
 * all zero again). */
typedef struct canon9_work {
    void *cur, *next; /* the candidates of the last row and of the next */
    size_t cap;       /* the room of each */
} canon9_work;

/* The minlex form of a 9x9 grid (81 digits, 0 blank), digits only: blanks
 * are the smallest digit, not a pattern compared first (for a complete
 * grid both orders agree), and one transform that gives it. work: the
 * memory to use and grow (NULL: the call's own). Returns 1, or 0 when out
 * of memory or when the grid is too empty to settle (more than 200,000
 * transforms tie on a prefix). */
int canon9(const uint8_t *grid, canon_transform *out, canon9_work *work);
void canon9_work_free(canon9_work *work);

#endif
