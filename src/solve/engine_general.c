/* engine_general.c - the general engine: candidate bitsets, singles
 * propagation and an iterative depth-first search, for every shape from
 * 1x1 to 64x64.
 *
 * Data layout
 * -----------
 * Every cell has a candidate set, one uint64_t (bit d-1 for digit d): at
 * the root, a clue's digit or every digit, narrowed to the cell's pencil
 * mark when the position has marks. A cell whose set has one bit is
 * assigned (or queued to be: see below); a set with no bit is a
 * contradiction. Nothing else describes the search state, so undoing a
 * step only has to restore candidate sets.
 *
 * Tables, rebuilt only when the shape changes:
 *   unit_cells  3n units of n cells: rows 0..n-1, columns n..2n-1, boxes
 *               2n..3n-1 (row-major box numbering, as the header says);
 *   cell_units  each cell's row, column and box unit;
 *   peers       each cell's distinct peers. Every cell has the same number,
 *               3n - box_rows - box_cols - 1, so the table is a plain
 *               ncells x npeers array.
 *
 * Undo trail: every change to a candidate set pushes (cell, old set). A
 * change always removes at least one bit, so along one path of the search
 * a cell has at most n live entries, and the trail never holds more than
 * ncells * n entries (about 2.6 MB for 64x64). That bound lets the trail be
 * sized once per shape with no checks on the hot path, and keeps memory
 * small where copying the state per level could reach hundreds of MB.
 *
 * Propagation
 * -----------
 * A cell whose set shrinks to one bit goes on the queue; draining the queue
 * removes each queued digit from the cell's peers (naked singles). Each
 * change also marks the cell's three units dirty. When the queue is empty,
 * one dirty unit is examined: over its cells with two or more candidates
 * it computes the digits seen once and seen twice; a digit seen once is a
 * hidden single and is assigned. The union of all its cells' sets must be
 * every digit, else some digit is neither placed nor possible there. The
 * queue is drained before every unit is examined, so that every single
 * cell is already removed from its peers: only then is "seen once among the
 * undecided cells" the same as "has one place left".
 *
 * Search
 * ------
 * Iterative, with an explicit stack of frames (branch cell, trail mark), so
 * its depth (up to ncells) costs no C stack. The branch cell is the
 * undecided cell with the fewest candidates, first in row-major order on
 * ties. Its candidates are tried in increasing order; the one tried is
 * always the lowest still in the cell, because each one that has been
 * explored is struck out. For every candidate but the last: mark the trail,
 * count a guess, assign it, propagate and descend; coming back, undo to the
 * mark, strike the candidate out and propagate (a forced step, counted as a
 * node, not a guess). When the strike leaves one candidate, propagation has
 * already assigned it: the frame is dropped and the search simply goes on
 * from that state, which is how the last candidate costs no guess. The
 * strikes stay on the trail below the dropped frame and are undone by the
 * frame beneath it.
 */
#include "core/internal.h"
#include "solve/engine.h"

#include <stdlib.h>

typedef struct frame {
    uint32_t cell; /* the branch cell */
    uint32_t mark; /* trail length just before the current guess */
} frame;

typedef struct general_state {
    /* The shape the tables were built for; n == 0 before the first run. */
    int box_rows, box_cols, n, ncells, npeers;
    uint16_t *unit_cells; /* 3n x n */
    uint16_t *cell_units; /* ncells x 3 */
    uint16_t *peers;      /* ncells x npeers */

    /* Search memory, sized for the shape. */
    uint64_t *cand;       /* ncells candidate sets */
    uint64_t *trail_old;  /* ncells * n entries: the old set ... */
    uint16_t *trail_cell; /* ... and its cell */
    uint32_t trail_len;
    uint16_t *queue; /* cells that became single and await propagation */
    int qlen;
    /* Units to re-examine for hidden singles, bit u for unit u: a bitmap
     * is cheaper to mark than a list with flags, and 3n <= 192. */
    uint64_t dirty[3];
    frame *frames; /* at most ncells: each frame's cell is undecided */

    nonet_grid solution; /* what the callback sees */
} general_state;

static void free_tables(general_state *st)
{
    free(st->unit_cells);
    free(st->cell_units);
    free(st->peers);
    free(st->cand);
    free(st->trail_old);
    free(st->trail_cell);
    free(st->queue);
    free(st->frames);
    st->unit_cells = st->cell_units = st->peers = NULL;
    st->cand = st->trail_old = NULL;
    st->trail_cell = st->queue = NULL;
    st->frames = NULL;
    st->n = st->ncells = st->npeers = 0;
    st->box_rows = st->box_cols = 0;
}

/* malloc that never takes 0 (a 1x1 grid has no peers), so NULL always
 * means out of memory. */
static void *alloc(size_t count, size_t size)
{
    return malloc(count ? count * size : 1);
}

/* Builds the tables and search memory for a shape; 0 when out of memory
 * (the state is then left with no shape). */
static int build_tables(general_state *st, int br, int bc)
{
    int n = br * bc, ncells = n * n;
    int npeers = 3 * n - br - bc - 1;

    free_tables(st);
    st->unit_cells = alloc((size_t)3 * n * n, sizeof *st->unit_cells);
    st->cell_units = alloc((size_t)3 * ncells, sizeof *st->cell_units);
    st->peers = alloc((size_t)ncells * npeers, sizeof *st->peers);
    st->cand = alloc((size_t)ncells, sizeof *st->cand);
    st->trail_old = alloc((size_t)ncells * n, sizeof *st->trail_old);
    st->trail_cell = alloc((size_t)ncells * n, sizeof *st->trail_cell);
    st->queue = alloc((size_t)ncells, sizeof *st->queue);
    st->frames = alloc((size_t)ncells, sizeof *st->frames);
    if (!st->unit_cells || !st->cell_units || !st->peers || !st->cand || !st->trail_old ||
        !st->trail_cell || !st->queue || !st->frames) {
        free_tables(st);
        return 0;
    }

    for (int u = 0; u < n; u++) {
        int top = (u / br) * br, left = (u % br) * bc;
        for (int k = 0; k < n; k++) {
            st->unit_cells[u * n + k] = (uint16_t)(u * n + k);
            st->unit_cells[(n + u) * n + k] = (uint16_t)(k * n + u);
            st->unit_cells[(2 * n + u) * n + k] = (uint16_t)((top + k / bc) * n + left + k % bc);
        }
    }
    for (int c = 0; c < ncells; c++) {
        int r = c / n, col = c % n, box = (r / br) * br + col / bc;
        uint16_t *cu = st->cell_units + (size_t)3 * c;
        uint16_t *p = st->peers + (size_t)c * npeers;
        int np = 0;

        cu[0] = (uint16_t)r;
        cu[1] = (uint16_t)(n + col);
        cu[2] = (uint16_t)(2 * n + box);
        for (int k = 0; k < n; k++) {
            if (k != col)
                p[np++] = (uint16_t)(r * n + k);
            if (k != r)
                p[np++] = (uint16_t)(k * n + col);
        }
        /* The box cells not already met in the row or the column. */
        for (int k = 0; k < n; k++) {
            int q = st->unit_cells[(2 * n + box) * n + k];
            if (q / n != r && q % n != col)
                p[np++] = (uint16_t)q;
        }
    }

    st->box_rows = br;
    st->box_cols = bc;
    st->n = n;
    st->ncells = ncells;
    st->npeers = npeers;
    return 1;
}

/* The lowest set bit of x, as a set. */
static inline uint64_t low_bit(uint64_t x)
{
    return x & (0 - x);
}

/* Replaces cell c's set by v, a strict subset of it, recording the old one
 * on the trail. Queues the cell if v is single, marks its units dirty.
 * Returns 0 when v is empty (a contradiction). */
static inline int narrow(general_state *st, int c, uint64_t v)
{
    st->trail_cell[st->trail_len] = (uint16_t)c;
    st->trail_old[st->trail_len] = st->cand[c];
    st->trail_len++;
    st->cand[c] = v;
    if (v == 0)
        return 0;
    if ((v & (v - 1)) == 0)
        st->queue[st->qlen++] = (uint16_t)c;
    const uint16_t *cu = st->cell_units + (size_t)3 * c;
    for (int k = 0; k < 3; k++)
        st->dirty[cu[k] >> 6] |= (uint64_t)1 << (cu[k] & 63);
    return 1;
}

static void undo_to(general_state *st, uint32_t mark)
{
    uint32_t t = st->trail_len;
    while (t > mark) {
        t--;
        st->cand[st->trail_cell[t]] = st->trail_old[t];
    }
    st->trail_len = mark;
}

/* Examines one unit for a missing digit and for hidden singles. The queue
 * must be empty (see the top comment). Returns 0 on a contradiction. */
static int examine_unit(general_state *st, int u, uint64_t full)
{
    const uint16_t *uc = st->unit_cells + (size_t)u * st->n;
    const uint64_t *cand = st->cand;
    int n = st->n;
    uint64_t all = 0, once = 0, twice = 0;

    for (int k = 0; k < n; k++) {
        uint64_t x = cand[uc[k]];
        /* Only undecided cells count: x if it has two bits or more, else 0. */
        uint64_t m = x & (0 - (uint64_t)((x & (x - 1)) != 0));
        all |= x;
        twice |= once & m;
        once |= m;
    }
    if (all != full)
        return 0;
    uint64_t hidden = once & ~twice;
    while (hidden) {
        uint64_t b = low_bit(hidden);
        int k = 0;
        hidden ^= b;
        while (k < n && !(cand[uc[k]] & b))
            k++;
        /* Its only cell took another hidden single of this unit. */
        if (k == n)
            return 0;
        if (cand[uc[k]] != b)
            narrow(st, uc[k], b);
    }
    return 1;
}

/* Propagates to a fixed point. Returns 0 on a contradiction, leaving the
 * queue and the dirty set empty either way. */
static int propagate(general_state *st)
{
    uint64_t *cand = st->cand;
    uint64_t full = full_set(st->n);
    int npeers = st->npeers;

    for (;;) {
        while (st->qlen > 0) {
            int c = st->queue[--st->qlen];
            uint64_t x = cand[c];
            const uint16_t *p = st->peers + (size_t)c * npeers;
            for (int k = 0; k < npeers; k++) {
                int q = p[k];
                if ((cand[q] & x) && !narrow(st, q, cand[q] & ~x))
                    goto fail;
            }
        }
        int w = 0;
        while (w < 3 && st->dirty[w] == 0)
            w++;
        if (w == 3)
            return 1;
        int u = 64 * w + lowest_bit(st->dirty[w]);
        st->dirty[w] &= st->dirty[w] - 1;
        if (!examine_unit(st, u, full))
            goto fail;
    }

fail:
    st->qlen = 0;
    st->dirty[0] = st->dirty[1] = st->dirty[2] = 0;
    return 0;
}

/* The undecided cell with the fewest candidates (first row-major on ties),
 * or -1 when every cell is decided. */
static int pick_cell(const general_state *st)
{
    const uint64_t *cand = st->cand;
    int best = -1, best_count = 65;

    for (int c = 0; c < st->ncells; c++) {
        uint64_t x = cand[c];
        if (x & (x - 1)) {
            int k = popcount64(x);
            if (k < best_count) {
                best = c;
                best_count = k;
                if (k == 2)
                    break;
            }
        }
    }
    return best;
}

/* Narrows the root's sets to the marks, before the first propagation: a
 * set left single is queued as a clue's is (a set that was single already
 * is queued and unchanged, or left empty). Returns 0 when a set is left
 * empty, which propagation would not see: only narrow() reports those. */
static int __attribute__((noinline, cold)) apply_marks(general_state *st, const uint64_t *marks)
{
    uint64_t *cand = st->cand;
    for (int c = 0; c < st->ncells; c++) {
        uint64_t x = cand[c] & marks[c];
        if (x == cand[c])
            continue;
        if (x == 0)
            return 0;
        cand[c] = x;
        if ((x & (x - 1)) == 0)
            st->queue[st->qlen++] = (uint16_t)c;
    }
    return 1;
}

static void *general_create(void)
{
    return calloc(1, sizeof(general_state));
}

static void general_destroy(void *state)
{
    if (state) {
        free_tables(state);
        free(state);
    }
}

static int general_supports(int box_rows, int box_cols)
{
    return shape_valid(box_rows, box_cols);
}

static int general_run(void *state, const nonet_grid *puzzle, const uint64_t *marks, uint64_t limit,
                       nonet_solution_fn fn, void *ctx, uint64_t *count, nonet_stats *stats,
                       const nonet_stop *stop)
{
    general_state *st = state;
    uint64_t found = 0, nodes = 0, guesses = 0;
    int depth = 0, ok, rc = NONET_OK;
    unsigned look = STOP_EVERY; /* steps left before the next look at stop */

    *count = 0;
    stats->nodes = stats->guesses = 0;
    if (st->box_rows != puzzle->box_rows || st->box_cols != puzzle->box_cols) {
        if (!build_tables(st, puzzle->box_rows, puzzle->box_cols))
            return NONET_ENOMEM;
    }

    int n = st->n, ncells = st->ncells;
    uint64_t full = full_set(n);
    uint64_t *cand = st->cand;

    st->solution.box_rows = st->box_rows;
    st->solution.box_cols = st->box_cols;
    st->solution.n = n;
    st->trail_len = 0;
    st->qlen = 0;
    st->dirty[0] = st->dirty[1] = st->dirty[2] = 0;
    for (int u = 0; u < 3 * n; u++)
        st->dirty[u >> 6] |= (uint64_t)1 << (u & 63);
    /* The root's sets are written directly: the root is never undone. */
    for (int c = 0; c < ncells; c++) {
        int d = puzzle->cells[c];
        uint64_t x = d ? (uint64_t)1 << (d - 1) : full;
        cand[c] = x;
        if ((x & (x - 1)) == 0)
            st->queue[st->qlen++] = (uint16_t)c;
    }
    nodes = 1;
    if (!marks || apply_marks(st, marks)) {
        ok = propagate(st);
    } else {
        ok = 0;
        st->qlen = 0;
        st->dirty[0] = st->dirty[1] = st->dirty[2] = 0;
    }

    for (;;) {
        if (stop && --look == 0) {
            look = STOP_EVERY;
            if ((rc = stop_check(stop)) != NONET_OK)
                break;
        }
        if (ok) {
            /* A consistent, propagated state: branch or report. */
            int c = pick_cell(st);
            if (c < 0) {
                found++;
                if (fn) {
                    for (int i = 0; i < ncells; i++)
                        st->solution.cells[i] = (uint8_t)(lowest_bit(cand[i]) + 1);
                    if (fn(ctx, &st->solution))
                        break;
                }
                if (limit && found >= limit)
                    break;
                ok = 0;
                continue;
            }
            st->frames[depth].cell = (uint32_t)c;
            st->frames[depth].mark = st->trail_len;
            depth++;
            guesses++;
            nodes++;
            narrow(st, c, low_bit(cand[c]));
            ok = propagate(st);
            continue;
        }

        /* The top frame's current guess is exhausted: strike it out. */
        if (depth == 0)
            break;
        frame *f = &st->frames[depth - 1];
        int c = (int)f->cell;
        undo_to(st, f->mark);
        uint64_t x = cand[c];
        nodes++;
        /* x has two bits or more here, so the strike leaves one at least. */
        narrow(st, c, x & (x - 1));
        if (!propagate(st)) {
            depth--;
            continue;
        }
        x = cand[c];
        if ((x & (x - 1)) == 0) {
            /* One candidate left, already assigned: no guess, and nothing
             * left to try here. Carry on from this state. */
            depth--;
            ok = 1;
            continue;
        }
        f->mark = st->trail_len;
        guesses++;
        nodes++;
        narrow(st, c, low_bit(x));
        ok = propagate(st);
    }

    *count = found;
    stats->nodes = nodes;
    stats->guesses = guesses;
    return rc;
}

const engine_ops engine_general = {
    .name = "general",
    .supports = general_supports,
    .create = general_create,
    .destroy = general_destroy,
    .run = general_run,
    .checks_clues = 0,
};
