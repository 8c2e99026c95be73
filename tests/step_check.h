/* step_check.h - an independent checker of the human solver's step
 * records (tests/test_step_record.c): every link, role and conclusion is
 * recomputed from its definition on the position the step was found in,
 * with no code of the solver (no unit tables, no link code). */
#ifndef NONET_STEP_CHECK_H
#define NONET_STEP_CHECK_H

#include "nonet.h"

#include <stddef.h>

/* What the checks saw, summed over the steps checked. */
typedef struct step_counts {
    long steps, chain_steps;
    long nodes;                    /* chain nodes */
    long links;                    /* nodes with parents: links checked */
    long strong, weak, implied;    /* by label (implied: by cell or house) */
    long rule, nested;             /* implied by a rule, by a nested chain */
    long eliminations, placements; /* candidates concluded, checked */
    long roles;                    /* pattern items whose role was checked */
    long violations;               /* what failed, each counted */
} step_counts;

/* Checks step st, found in the position (g, m: g's digits and every
 * cell's candidates, as nonet_human_position gives them): links labelled
 * strong are bivalue or bilocal there, weak ones join candidates that see
 * each other, implied ones by cell or house have every other candidate of
 * the cell or place of the house among their parents, parents come earlier
 * in their branch, each chain's shape reaches its conclusion, every
 * eliminated candidate is seen by both ends of its chain (cycles: by an
 * "on" and an "off" node; forcing chains: by each branch's end), and the
 * patterns' roles fit their technique. Adds to *c; returns the number of
 * violations found, the first described in why (cap bytes, may be 0). */
int step_check(const nonet_step *st, const nonet_grid *g, const nonet_marks *m, step_counts *c,
               char *why, size_t cap);

#endif
