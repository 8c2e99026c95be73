/* solver.c - the public solving API: engine names, solver objects, and the
 * routing of each puzzle (and its pencil marks, if any) to an engine
 * (engine.h). The engines do the search; this file validates, rejects
 * conflicting clues and clues outside their own cell's mark, and keeps one
 * lazily created state per engine so that a solver is cheap to reuse. */
#include "core/internal.h"
#include "solve/engine.h"

#include <stdlib.h>
#include <string.h>

/* Every engine a solver may use, in the order AUTO prefers them (the
 * first whose supports() accepts the shape); a solver's states are indexed
 * alike. A new engine is one line here and one value in nonet_engine. */
static const struct {
    nonet_engine id;
    const engine_ops *ops;
} engines[] = {
    {NONET_ENGINE_BITBOARD, &engine_bitboard},
    {NONET_ENGINE_GENERAL, &engine_general},
    {NONET_ENGINE_DLX, &engine_dlx}, /* last: AUTO never reaches it */
};
#define ENGINE_COUNT (sizeof engines / sizeof engines[0])

struct nonet_solver {
    nonet_engine engine;
    void *state[ENGINE_COUNT];
    nonet_stop stop; /* nonet_solver_set_stop's; zero: never stop */
};

const char *nonet_engine_name(nonet_engine engine)
{
    if (engine == NONET_ENGINE_AUTO)
        return "auto";
    for (size_t i = 0; i < ENGINE_COUNT; i++)
        if (engines[i].id == engine)
            return engines[i].ops->name;
    return NULL;
}

int nonet_engine_from_name(const char *name, nonet_engine *engine)
{
    if (!name || !engine)
        return NONET_EARG;
    if (strcmp(name, "auto") == 0) {
        *engine = NONET_ENGINE_AUTO;
        return NONET_OK;
    }
    for (size_t i = 0; i < ENGINE_COUNT; i++) {
        if (strcmp(name, engines[i].ops->name) == 0) {
            *engine = engines[i].id;
            return NONET_OK;
        }
    }
    return NONET_EARG;
}

/* The index in engines[] of the engine that solves this shape for the
 * requested engine, or -1 if the requested engine cannot. */
static int choose_engine(nonet_engine engine, int box_rows, int box_cols)
{
    for (size_t i = 0; i < ENGINE_COUNT; i++)
        if ((engine == NONET_ENGINE_AUTO || engines[i].id == engine) &&
            engines[i].ops->supports(box_rows, box_cols))
            return (int)i;
    return -1;
}

nonet_solver *nonet_solver_new(nonet_engine engine)
{
    if (nonet_engine_name(engine) == NULL)
        return NULL;
    nonet_solver *s = calloc(1, sizeof *s);
    if (s)
        s->engine = engine;
    return s;
}

void nonet_solver_free(nonet_solver *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < ENGINE_COUNT; i++) {
        if (s->state[i])
            engines[i].ops->destroy(s->state[i]);
    }
    free(s);
}

void nonet_solver_set_stop(nonet_solver *s, const nonet_stop *stop)
{
    if (!s)
        return;
    if (stop)
        s->stop = *stop;
    else
        memset(&s->stop, 0, sizeof s->stop);
}

/* Whether a digit appears twice in a row, column or box. The engines may
 * assume it does not, which keeps clue handling out of their hot paths. */
static int clues_conflict(const nonet_grid *g)
{
    uint64_t cols[NONET_MAX_SIDE], boxes[NONET_MAX_SIDE], bad = 0;
    int colbox[NONET_MAX_SIDE];
    int n = g->n, br = g->box_rows, bc = g->box_cols;
    memset(cols, 0, sizeof cols[0] * (size_t)n);
    memset(boxes, 0, sizeof boxes[0] * (size_t)n);
    for (int c = 0; c < n; c++)
        colbox[c] = c / bc;

    /* without a branch per cell: a blank's bit is 0 */
    for (int r = 0; r < n; r++) {
        const uint8_t *row = g->cells + (size_t)r * (size_t)n;
        uint64_t *box = boxes + (size_t)(r / br) * (size_t)br, seen = 0;
        for (int c = 0; c < n; c++) {
            int d = row[c];
            uint64_t bit = (uint64_t)(d != 0) << ((d - 1) & 63);
            uint64_t *b = &box[colbox[c]];
            bad |= (seen | cols[c] | *b) & bit;
            seen |= bit;
            cols[c] |= bit;
            *b |= bit;
        }
    }
    return bad != 0;
}

/* Whether a clue's digit is outside its own cell's mark: the position
 * then has no solution. */
static int clue_outside_mark(const nonet_grid *g, const uint64_t *marks)
{
    int ncells = g->n * g->n;
    for (int c = 0; c < ncells; c++) {
        int d = g->cells[c];
        if (d && !(marks[c] >> (d - 1) & 1))
            return 1;
    }
    return 0;
}

/* nonet_solver_run_marks; marks is NULL or the n*n sets of the position. */
static int run_position(nonet_solver *s, const nonet_grid *puzzle, const uint64_t *marks,
                        uint64_t limit, nonet_solution_fn fn, void *ctx, uint64_t *count,
                        nonet_stats *stats)
{
    uint64_t got = 0;
    nonet_stats st = {0, 0};

    if (count)
        *count = 0;
    if (stats)
        *stats = st;
    if (!s || !puzzle || !grid_well_formed(puzzle))
        return NONET_EARG;
    int e = choose_engine(s->engine, puzzle->box_rows, puzzle->box_cols);
    if (e < 0)
        return NONET_ESIZE;
    if ((!engines[e].ops->checks_clues && clues_conflict(puzzle)) ||
        (marks && clue_outside_mark(puzzle, marks)))
        return NONET_OK;
    if (!s->state[e]) {
        s->state[e] = engines[e].ops->create();
        if (!s->state[e])
            return NONET_ENOMEM;
    }
    const nonet_stop *stop = stop_armed(&s->stop) ? &s->stop : NULL;
    int rc = engines[e].ops->run(s->state[e], puzzle, marks, limit, fn, ctx, &got, &st, stop);
    if (count)
        *count = got;
    if (stats)
        *stats = st;
    return rc;
}

int nonet_solver_run(nonet_solver *s, const nonet_grid *puzzle, uint64_t limit,
                     nonet_solution_fn fn, void *ctx, uint64_t *count, nonet_stats *stats)
{
    return run_position(s, puzzle, NULL, limit, fn, ctx, count, stats);
}

/* nonet_solver_count's callback: keeps the first solution. */
typedef struct first_solution {
    nonet_grid *dst;
    int have;
} first_solution;

static int keep_first(void *ctx, const nonet_grid *solution)
{
    first_solution *fs = ctx;
    if (!fs->have) {
        nonet_grid_copy(fs->dst, solution);
        fs->have = 1;
    }
    return 0;
}

int nonet_solver_count(nonet_solver *s, const nonet_grid *puzzle, uint64_t limit, uint64_t *count,
                       nonet_grid *solution, nonet_stats *stats)
{
    first_solution fs = {solution, 0};
    return nonet_solver_run(s, puzzle, limit, solution ? keep_first : NULL, &fs, count, stats);
}

int nonet_solve(const nonet_grid *puzzle, nonet_grid *solution, nonet_stats *stats)
{
    uint64_t count = 0;

    if (stats) {
        stats->nodes = 0;
        stats->guesses = 0;
    }
    if (!puzzle || !solution)
        return NONET_EARG;
    int rc = nonet_count(puzzle, 1, &count, solution, stats);
    if (rc != NONET_OK)
        return rc;
    return count ? NONET_OK : NONET_ENOSOLUTION;
}

int nonet_count(const nonet_grid *puzzle, uint64_t limit, uint64_t *count, nonet_grid *solution,
                nonet_stats *stats)
{
    if (count)
        *count = 0;
    if (stats) {
        stats->nodes = 0;
        stats->guesses = 0;
    }
    if (!puzzle)
        return NONET_EARG;
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    if (!s)
        return NONET_ENOMEM;
    int rc = nonet_solver_count(s, puzzle, limit, count, solution, stats);
    nonet_solver_free(s);
    return rc;
}

int nonet_solver_run_marks(nonet_solver *s, const nonet_grid *puzzle, const nonet_marks *marks,
                           uint64_t limit, nonet_solution_fn fn, void *ctx, uint64_t *count,
                           nonet_stats *stats)
{
    return run_position(s, puzzle, marks ? marks->cands : NULL, limit, fn, ctx, count, stats);
}

int nonet_solver_count_marks(nonet_solver *s, const nonet_grid *puzzle, const nonet_marks *marks,
                             uint64_t limit, uint64_t *count, nonet_grid *solution,
                             nonet_stats *stats)
{
    first_solution fs = {solution, 0};
    return nonet_solver_run_marks(s, puzzle, marks, limit, solution ? keep_first : NULL, &fs, count,
                                  stats);
}
