/* engine.h - the small interface behind which every solving engine sits.
 *
 * nonet_solver (solver.c) owns one state per engine it uses and routes each
 * puzzle to an engine that supports its shape. An engine keeps whatever
 * scratch memory it wants in its state and may rebuild it when the shape
 * changes; it must not keep static mutable data. */
#ifndef NONET_ENGINE_H
#define NONET_ENGINE_H

#include "nonet.h"

typedef struct engine_ops {
    const char *name;
    /* Whether the engine solves grids of this (valid) shape. */
    int (*supports)(int box_rows, int box_cols);
    /* A fresh state, or NULL when out of memory. */
    void *(*create)(void);
    void (*destroy)(void *state);
    /* As nonet_solver_run_marks, for a well-formed puzzle of a supported
     * shape whose clues do not conflict unless checks_clues is set
     * (solver.c checks both first);
     * count and stats are never NULL. marks is NULL (no marks: the plain
     * puzzle) or the position's n*n candidate sets (nonet_marks.cands):
     * a solution puts into every blank cell a digit of its set. Bits
     * above n-1 must be ignored. solver.c has checked that every clue's
     * digit is in its cell's set, so an engine may ignore clue cells'
     * sets; a blank cell's set may be empty (no solution). stop is NULL
     * (never stop) or armed (stop_armed): the engine looks at it every
     * STOP_EVERY nodes or so and returns what stop_check said, with the
     * count and stats so far. Returns NONET_OK, NONET_ENOMEM,
     * NONET_ECANCELED or NONET_ETIMEOUT. */
    int (*run)(void *state, const nonet_grid *puzzle, const uint64_t *marks, uint64_t limit,
               nonet_solution_fn fn, void *ctx, uint64_t *count, nonet_stats *stats,
               const nonet_stop *stop);
    /* 1 when run takes puzzles whose clues conflict too (and finds no
     * solution, with no node counted): solver.c then leaves that test to
     * it. */
    int checks_clues;
} engine_ops;

extern const engine_ops engine_general;
extern const engine_ops engine_bitboard;
extern const engine_ops engine_dlx;

#endif
