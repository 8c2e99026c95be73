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
    /* As nonet_solver_run, for a well-formed puzzle of a supported shape
     * whose clues do not conflict (solver.c checks both first); count and
     * stats are never NULL. Returns NONET_OK or NONET_ENOMEM. */
    int (*run)(void *state, const nonet_grid *puzzle, uint64_t limit, nonet_solution_fn fn,
               void *ctx, uint64_t *count, nonet_stats *stats);
} engine_ops;

extern const engine_ops engine_general;
extern const engine_ops engine_bitboard;
extern const engine_ops engine_dlx;

#endif
