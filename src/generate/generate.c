/* generate.c - puzzles made to order: a random solution grid, dug out one
 * symmetric group of cells at a time while the solution stays unique;
 * and the same digging to minimize a given puzzle.
 *
 * Every random choice (the grid's digits, the digging order, the
 * symmetry picked for RANDOM) comes from the stream of (seed, index)
 * (random.h) and from nothing else: whether a removal keeps the solution
 * unique is a fact about the puzzle, so which solver proves it, and how
 * it searches, never changes a puzzle.
 *
 * A removal is proved unique cheaply when singles put the removed digits
 * back (the smaller puzzle then forces the larger one, whose solution is
 * unique); only the others go to the solver: up to 9x9 it counts to 2;
 * above, it looks for a solution with a removed cell changed, one cell
 * after the other (faster there: 16x16 -15%, 25x25 -40%). */
#include "core/internal.h"
#include "core/random.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYMMETRIES NONET_SYM_RANDOM /* the real ones: NONE..ANTIDIAGONAL */

/* ---------------------------------------------------------------- symmetries */

static const char *const symmetry_names[] = {"none", "rot180",   "rot90",        "mirror",
                                             "flip", "diagonal", "antidiagonal", "random"};

const char *nonet_symmetry_name(nonet_symmetry symmetry)
{
    if ((int)symmetry < 0 || symmetry > NONET_SYM_RANDOM)
        return NULL;
    return symmetry_names[symmetry];
}

int nonet_symmetry_from_name(const char *name, nonet_symmetry *symmetry)
{
    if (!name || !symmetry)
        return NONET_EARG;
    for (int s = 0; s <= NONET_SYM_RANDOM; s++)
        if (strcmp(name, symmetry_names[s]) == 0) {
            *symmetry = (nonet_symmetry)s;
            return NONET_OK;
        }
    return NONET_EARG;
}

/* Whether the symmetry turns rows into columns (boxes must be square). */
static int sym_transposes(nonet_symmetry s)
{
    return s == NONET_SYM_ROT90 || s == NONET_SYM_DIAGONAL || s == NONET_SYM_ANTIDIAGONAL;
}

int nonet_symmetry_fits(nonet_symmetry symmetry, int box_rows, int box_cols)
{
    if ((int)symmetry < 0 || symmetry > NONET_SYM_RANDOM || !shape_valid(box_rows, box_cols))
        return 0;
    return !sym_transposes(symmetry) || box_rows == box_cols;
}

/* The cell that cell goes to under s, in an n-sided grid. */
static int sym_image(nonet_symmetry s, int n, int cell)
{
    int r = cell / n, c = cell % n, m = n - 1;
    switch (s) {
    case NONET_SYM_ROT180:
        return (m - r) * n + (m - c);
    case NONET_SYM_ROT90:
        return c * n + (m - r);
    case NONET_SYM_MIRROR:
        return r * n + (m - c);
    case NONET_SYM_FLIP:
        return (m - r) * n + c;
    case NONET_SYM_DIAGONAL:
        return c * n + r;
    case NONET_SYM_ANTIDIAGONAL:
        return (m - c) * n + (m - r);
    default:
        return cell;
    }
}

int nonet_grid_symmetric(const nonet_grid *g, nonet_symmetry symmetry)
{
    if (!grid_well_formed(g) || symmetry == NONET_SYM_RANDOM ||
        !nonet_symmetry_fits(symmetry, g->box_rows, g->box_cols))
        return 0;
    int n = g->n;
    for (int c = 0; c < n * n; c++)
        if (!g->cells[c] != !g->cells[sym_image(symmetry, n, c)])
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- the generator */

/* The cell groups of one symmetry: group k is cells[first[k]..first[k+1]). */
typedef struct groups {
    int count;
    int *first; /* count + 1 */
    int *cells; /* n * n */
} groups;

struct nonet_generator {
    nonet_generate_opts o;
    nonet_solver *solver;
    nonet_human *human; /* made when a rating is asked */
    /* the shape the scratch below is for (0: none yet) */
    int box_rows, box_cols, n, ncells;
    int *unit_cells; /* 3n units (rows, columns, boxes) of n cells */
    int *cell_units; /* 3 per cell: its row, column, box */
    groups sym[SYMMETRIES];
    int *order;           /* a digging order: group numbers */
    int *stack_cell;      /* fill: the cells placed, in order */
    uint64_t *stack_left; /* fill: the digits still to try there */
    int *open;            /* fill: the empty cells */
    /* the puzzle being dug and its solution */
    nonet_grid work, sol;
    nonet_marks *marks;                /* big grids' searches for a second solution */
    uint64_t used[3 * NONET_MAX_SIDE]; /* digits given in each unit of work */
    nonet_stop stop;                   /* nonet_generator_set_stop's */
    stop_watch watch;                  /* ticked at each removal tried; once
                                          it stops, every loop ends */
};

static void free_shape(nonet_generator *g)
{
    free(g->unit_cells);
    free(g->cell_units);
    for (int s = 0; s < SYMMETRIES; s++) {
        free(g->sym[s].first);
        free(g->sym[s].cells);
        g->sym[s] = (groups){0, NULL, NULL};
    }
    free(g->order);
    free(g->stack_cell);
    free(g->stack_left);
    free(g->open);
    free(g->marks);
    g->marks = NULL;
    g->unit_cells = g->cell_units = g->order = g->stack_cell = g->open = NULL;
    g->stack_left = NULL;
    g->box_rows = g->box_cols = g->n = g->ncells = 0;
}

/* Makes the scratch memory fit the shape. Returns NONET_OK or ENOMEM. */
static int set_shape(nonet_generator *g, int box_rows, int box_cols)
{
    if (g->box_rows == box_rows && g->box_cols == box_cols)
        return NONET_OK;
    free_shape(g);
    int n = box_rows * box_cols, ncells = n * n;
    size_t cells = (size_t)ncells;
    g->unit_cells = malloc(sizeof(int) * 3 * (size_t)n * (size_t)n);
    g->cell_units = malloc(sizeof(int) * 3 * cells);
    g->order = malloc(sizeof(int) * cells);
    g->stack_cell = malloc(sizeof(int) * cells);
    g->stack_left = malloc(sizeof(uint64_t) * cells);
    g->open = malloc(sizeof(int) * cells);
    g->marks = n > 9 ? malloc(sizeof *g->marks) : NULL;
    int ok = g->unit_cells && g->cell_units && g->order && g->stack_cell && g->stack_left &&
             g->open && (n <= 9 || g->marks);
    for (int s = 0; ok && s < SYMMETRIES; s++) {
        if (!nonet_symmetry_fits((nonet_symmetry)s, box_rows, box_cols))
            continue;
        groups *gr = &g->sym[s];
        gr->first = malloc(sizeof(int) * (cells + 1));
        gr->cells = malloc(sizeof(int) * cells);
        ok = gr->first && gr->cells;
        if (!ok)
            break;
        /* each cell's group is met first at its smallest cell */
        int k = 0;
        for (int c = 0; c < ncells; c++) {
            int smallest = 1;
            for (int x = sym_image((nonet_symmetry)s, n, c); x != c;
                 x = sym_image((nonet_symmetry)s, n, x))
                smallest &= x > c;
            if (!smallest)
                continue;
            gr->first[gr->count++] = k;
            gr->cells[k++] = c;
            for (int x = sym_image((nonet_symmetry)s, n, c); x != c;
                 x = sym_image((nonet_symmetry)s, n, x))
                gr->cells[k++] = x;
        }
        gr->first[gr->count] = k;
    }
    if (!ok) {
        free_shape(g);
        return NONET_ENOMEM;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * n + c, b = r / box_rows * box_rows + c / box_cols;
            int i = (r % box_rows) * box_cols + c % box_cols; /* place in the box */
            g->unit_cells[r * n + c] = cell;
            g->unit_cells[(n + c) * n + r] = cell;
            g->unit_cells[(2 * n + b) * n + i] = cell;
            g->cell_units[(size_t)3 * (size_t)cell] = r;
            g->cell_units[3 * cell + 1] = n + c;
            g->cell_units[3 * cell + 2] = 2 * n + b;
        }
    g->box_rows = box_rows;
    g->box_cols = box_cols;
    g->n = n;
    g->ncells = ncells;
    nonet_grid_init(&g->work, box_rows, box_cols);
    nonet_grid_init(&g->sol, box_rows, box_cols);
    return NONET_OK;
}

/* Whether the clue count can be made of the sizes (1, 2 or 4) of the
 * cell groups of symmetry s in an n-sided grid: 1 or 0. */
static int clues_reachable(nonet_symmetry s, int n, int clues)
{
    int have[5] = {0, 0, 0, 0, 0};
    for (int c = 0; c < n * n; c++) {
        int size = 1, smallest = 1;
        for (int x = sym_image(s, n, c); x != c; x = sym_image(s, n, x), size++)
            smallest &= x > c;
        have[size] += smallest; /* each group counted at its smallest cell */
    }
    for (int fours = 0; fours <= have[4]; fours++)
        for (int twos = 0; twos <= have[2]; twos++) {
            int ones = clues - 4 * fours - 2 * twos;
            if (ones >= 0 && ones <= have[1])
                return 1;
        }
    return 0;
}

int nonet_generate_check(const nonet_generate_opts *opts, char *why, size_t cap)
{
    nonet_generate_opts o = opts ? *opts : (nonet_generate_opts){0};
    char msg[200] = "";
    int br = o.box_rows ? o.box_rows : 3, bc = o.box_cols ? o.box_cols : 3, n = br * bc;
    int least = n == 9 ? 17 : n - 1;
    if ((o.box_rows == 0) != (o.box_cols == 0) || !shape_valid(br, bc))
        snprintf(msg, sizeof msg, "boxes of %d x %d are not a shape nonet supports", br, bc);
    else if ((int)o.symmetry < 0 || o.symmetry > NONET_SYM_RANDOM)
        snprintf(msg, sizeof msg, "unknown symmetry %d", (int)o.symmetry);
    else if (!nonet_symmetry_fits(o.symmetry, br, bc))
        snprintf(msg, sizeof msg,
                 "the %s symmetry needs square boxes: boxes of %d x %d turn into %d x %d",
                 symmetry_names[o.symmetry], br, bc, bc, br);
    else if (o.clues < 0 || o.max_clues < 0)
        snprintf(msg, sizeof msg, "a clue count cannot be negative");
    else if ((o.clues && o.clues > n * n) || (o.max_clues && o.max_clues > n * n))
        snprintf(msg, sizeof msg, "a %dx%d grid has only %d cells", n, n, n * n);
    else if ((o.clues && o.clues < least) || (o.max_clues && o.max_clues < least))
        snprintf(msg, sizeof msg, "no %dx%d puzzle with one solution has fewer than %d clues", n, n,
                 least);
    else if (o.clues && o.max_clues && o.max_clues < o.clues)
        snprintf(msg, sizeof msg, "at most %d clues, but exactly %d asked", o.max_clues, o.clues);
    else if (o.min_rating < 0 || o.max_rating < 0 || o.min_rating > 200 || o.max_rating > 200)
        snprintf(msg, sizeof msg, "a rating is from 1.0 to 20.0");
    else if (o.min_rating && o.max_rating && o.min_rating > o.max_rating)
        snprintf(msg, sizeof msg, "the least rating %d.%d is above the most %d.%d",
                 o.min_rating / 10, o.min_rating % 10, o.max_rating / 10, o.max_rating % 10);
    else if (o.clues && o.symmetry != NONET_SYM_NONE) {
        /* the group sizes must add up to the target */
        for (int sym = NONET_SYM_NONE + 1; sym < SYMMETRIES; sym++) {
            if ((int)o.symmetry != sym && !(o.symmetry == NONET_SYM_RANDOM &&
                                            nonet_symmetry_fits((nonet_symmetry)sym, br, bc)))
                continue;
            if (!clues_reachable((nonet_symmetry)sym, n, o.clues)) {
                snprintf(msg, sizeof msg,
                         "%d clues cannot be made of the %s symmetry's groups of cells", o.clues,
                         symmetry_names[sym]);
                break;
            }
        }
    }
    if (why && cap)
        snprintf(why, cap, "%s", msg);
    return msg[0] ? NONET_EARG : NONET_OK;
}

int nonet_generator_new(const nonet_generate_opts *opts, nonet_generator **out)
{
    if (!out)
        return NONET_EARG;
    *out = NULL;
    if (nonet_generate_check(opts, NULL, 0) != NONET_OK)
        return NONET_EARG;
    nonet_generator *g = calloc(1, sizeof *g);
    if (!g)
        return NONET_ENOMEM;
    if (opts)
        g->o = *opts;
    if (!g->o.box_rows)
        g->o.box_rows = g->o.box_cols = 3;
    if (!g->o.max_tries)
        g->o.max_tries = NONET_GENERATE_TRIES;
    g->solver = nonet_solver_new(NONET_ENGINE_AUTO);
    if (!g->solver || set_shape(g, g->o.box_rows, g->o.box_cols) != NONET_OK) {
        nonet_generator_free(g);
        return NONET_ENOMEM;
    }
    *out = g;
    return NONET_OK;
}

void nonet_generator_set_stop(nonet_generator *g, const nonet_stop *stop)
{
    if (!g)
        return;
    if (stop)
        g->stop = *stop;
    else
        memset(&g->stop, 0, sizeof g->stop);
    nonet_solver_set_stop(g->solver, &g->stop);
    nonet_human_set_stop(g->human, &g->stop);
}

void nonet_generator_free(nonet_generator *g)
{
    if (!g)
        return;
    free_shape(g);
    nonet_solver_free(g->solver);
    nonet_human_free(g->human);
    free(g);
}

/* ---------------------------------------------------------------- the working puzzle */

static void put(nonet_generator *g, int cell, int digit)
{
    uint64_t bit = (uint64_t)1 << (digit - 1);
    const int *u = g->cell_units + (size_t)3 * (size_t)cell;
    g->work.cells[cell] = (uint8_t)digit;
    g->used[u[0]] |= bit;
    g->used[u[1]] |= bit;
    g->used[u[2]] |= bit;
}

static void take(nonet_generator *g, int cell)
{
    uint64_t bit = (uint64_t)1 << (g->work.cells[cell] - 1);
    const int *u = g->cell_units + (size_t)3 * (size_t)cell;
    g->work.cells[cell] = 0;
    g->used[u[0]] &= ~bit;
    g->used[u[1]] &= ~bit;
    g->used[u[2]] &= ~bit;
}

/* The digits that may go into cell of work, by the clues of its units. */
static uint64_t allowed(const nonet_generator *g, int cell)
{
    const int *u = g->cell_units + (size_t)3 * (size_t)cell;
    return ~(g->used[u[0]] | g->used[u[1]] | g->used[u[2]]) & full_set(g->n);
}

/* Makes work the puzzle whose clues are the given cells of grid (0:
 * blank), with the unit sets to match. */
static void load(nonet_generator *g, const uint8_t *grid)
{
    memset(g->used, 0, sizeof g->used);
    memset(g->work.cells, 0, (size_t)g->ncells);
    for (int c = 0; c < g->ncells; c++)
        if (grid[c])
            put(g, c, grid[c]);
}

/* Whether digit is a hidden single of cell in work: no other blank cell
 * of one of cell's units may take it. */
static int hidden_single(const nonet_generator *g, int cell, int digit)
{
    uint64_t bit = (uint64_t)1 << (digit - 1);
    int n = g->n;
    for (int k = 0; k < 3; k++) {
        const int *unit = g->unit_cells + (size_t)g->cell_units[3 * cell + k] * (size_t)n;
        int alone = 1;
        for (int i = 0; i < n && alone; i++) {
            int e = unit[i];
            alone = e == cell || g->work.cells[e] || !(allowed(g, e) & bit);
        }
        if (alone)
            return 1;
    }
    return 0;
}

/* Whether a search's status stopped the generator (kept in its watch). */
static int halted_by(nonet_generator *g, int rc)
{
    if ((rc == NONET_ECANCELED || rc == NONET_ETIMEOUT) && !g->watch.status)
        g->watch.status = rc;
    return g->watch.status;
}

/* Whether work, whose cells[0..count) were just emptied, still has only
 * the solution sol (0 too once the generator is stopped). */
static int still_unique(nonet_generator *g, const int *cells, int count)
{
    if (watch_tick(&g->watch))
        return 0;
    /* singles first: if they put every removed digit back, work forces
     * the puzzle before the removal, which had one solution */
    int back[4], nback = 0, left = count, progress = 1;
    uint8_t done[4] = {0, 0, 0, 0};
    while (left && progress) {
        progress = 0;
        for (int i = 0; i < count; i++) {
            if (done[i])
                continue;
            int c = cells[i], d = g->sol.cells[c];
            if (popcount64(allowed(g, c)) == 1 || hidden_single(g, c, d)) {
                put(g, c, d);
                back[nback++] = c;
                done[i] = 1;
                left--;
                progress = 1;
            }
        }
    }
    for (int i = 0; i < nback; i++)
        take(g, back[i]);
    if (!left)
        return 1;
    uint64_t found = 0;
    if (g->n <= 9) { /* the 9x9 engine counts to 2 faster than it searches with marks */
        int rc = nonet_solver_count(g->solver, &g->work, 2, &found, NULL, NULL);
        return !halted_by(g, rc) && found == 1;
    }
    /* a second solution differs from sol in a removed cell: look for one
     * with the first removed cell changed, then with it kept and the next
     * changed, ... (each search stops at its first solution) */
    uint64_t all = full_set(g->n);
    for (int c = 0; c < g->ncells; c++)
        g->marks->cands[c] = all;
    int kept = 0;
    for (int i = 0; i < count && !found && !g->watch.status; i++) {
        int c = cells[i];
        g->marks->cands[c] = all & ~((uint64_t)1 << (g->sol.cells[c] - 1));
        halted_by(g,
                  nonet_solver_count_marks(g->solver, &g->work, g->marks, 1, &found, NULL, NULL));
        put(g, c, g->sol.cells[c]);
        g->marks->cands[c] = all;
        kept++;
    }
    for (int i = 0; i < kept; i++)
        take(g, cells[i]);
    return found == 0 && !g->watch.status;
}

/* ---------------------------------------------------------------- filling a grid */

/* Fills sol with a random solution grid: the boxes on the diagonal, which
 * share no row or column, get random permutations; then the cell with the
 * fewest digits left takes a random one of them, backtracking when a cell
 * has none. Returns 1, or 0 when the search took too long (the caller
 * draws again). */
static int fill(nonet_generator *g, rng *r)
{
    int n = g->n, ncells = g->ncells, br = g->box_rows, bc = g->box_cols;
    int diag = br < bc ? br : bc, perm[NONET_MAX_SIDE];
    memset(g->used, 0, sizeof g->used);
    memset(g->work.cells, 0, (size_t)ncells);
    for (int b = 0; b < diag && n > 1; b++) {
        for (int i = 0; i < n; i++)
            perm[i] = i + 1;
        rng_shuffle(r, perm, n);
        for (int i = 0; i < n; i++)
            put(g, (b * br + i / bc) * n + b * bc + i % bc, perm[i]);
    }
    int nopen = 0;
    for (int c = 0; c < ncells; c++)
        if (!g->work.cells[c])
            g->open[nopen++] = c;
    int depth = 0;
    long budget = 50L * ncells + 1000;
    for (;;) {
        /* the open cell with the fewest digits */
        int best = -1, fewest = n + 1;
        uint64_t digits = 0;
        for (int i = 0; i < nopen && fewest > 1; i++) {
            uint64_t a = allowed(g, g->open[i]);
            int k = popcount64(a);
            if (k < fewest) {
                fewest = k;
                best = i;
                digits = a;
            }
        }
        if (best < 0)
            break; /* full */
        if (fewest > 0) {
            int cell = g->open[best];
            g->open[best] = g->open[--nopen];
            g->stack_cell[depth] = cell;
            g->stack_left[depth++] = digits;
        } else if (--budget < 0) {
            return 0;
        } else {
            /* back to the last cell with a digit left to try */
            while (depth > 0) {
                int cell = g->stack_cell[depth - 1];
                if (g->work.cells[cell])
                    take(g, cell);
                if (g->stack_left[depth - 1])
                    break;
                g->open[nopen++] = cell;
                depth--;
            }
            if (depth == 0)
                return 0;
        }
        /* a random digit of the top cell's, placed */
        uint64_t *left = &g->stack_left[depth - 1];
        int pick = (int)rng_below(r, (uint64_t)popcount64(*left));
        uint64_t x = *left;
        while (pick--)
            x &= x - 1;
        int d = lowest_bit(x) + 1;
        *left &= ~((uint64_t)1 << (d - 1));
        put(g, g->stack_cell[depth - 1], d);
    }
    memcpy(g->sol.cells, g->work.cells, (size_t)ncells);
    return 1;
}

/* ---------------------------------------------------------------- digging */

/* Rates work (one solution) under the ceiling of the most rating asked:
 * 1 and the rating in *rating, or 0 when the ladder cannot finish it
 * (harder than that) or is out of memory. */
static int rate_work(nonet_generator *g, int *rating)
{
    if (!g->human) {
        g->human = nonet_human_new();
        if (!g->human)
            return 0;
        nonet_human_set_ceiling(g->human, g->o.max_rating);
        nonet_human_set_stop(g->human, &g->stop);
    }
    nonet_rating rt;
    int rc = nonet_human_rate(g->human, &g->work, NULL, &rt);
    if (halted_by(g, rc) || rc != NONET_OK || rt.stuck)
        return 0;
    *rating = rt.difficulty;
    return 1;
}

/* Removes work's clues group by group in the order of order[0..count)
 * while the solution stays unique (and, when steer, the ladder can still
 * solve it under the ceiling), stopping at target clues (0: none).
 * Returns the clues left. */
static int dig(nonet_generator *g, const groups *gr, const int *order, int count, int clues,
               int target, int steer)
{
    int rating;
    for (int k = 0; k < count && clues != target && !g->watch.status; k++) {
        const int *cells = gr->cells + gr->first[order[k]];
        int size = gr->first[order[k] + 1] - gr->first[order[k]];
        if (!g->work.cells[cells[0]] || (target && clues - size < target))
            continue;
        for (int i = 0; i < size; i++)
            take(g, cells[i]);
        if (still_unique(g, cells, size) && (!steer || rate_work(g, &rating))) {
            clues -= size;
            continue;
        }
        for (int i = 0; i < size; i++)
            put(g, cells[i], g->sol.cells[cells[i]]);
    }
    return clues;
}

/* Whether no single clue of work can go without a second solution. */
static int single_minimal(nonet_generator *g)
{
    for (int c = 0; c < g->ncells && !g->watch.status; c++) {
        if (!g->work.cells[c])
            continue;
        take(g, c);
        int unique = still_unique(g, &c, 1);
        put(g, c, g->sol.cells[c]);
        if (unique)
            return 0;
    }
    return 1;
}

int nonet_generate(nonet_generator *g, uint64_t seed, uint64_t index, nonet_grid *puzzle,
                   nonet_grid *solution, nonet_generated *info)
{
    if (!g || !puzzle)
        return NONET_EARG;
    rng r;
    rng_seed(&r, seed, index);
    const nonet_generate_opts *o = &g->o;
    if (set_shape(g, o->box_rows, o->box_cols) != NONET_OK)
        return NONET_ENOMEM;
    nonet_symmetry sym = o->symmetry;
    if (sym == NONET_SYM_RANDOM) {
        int fits[SYMMETRIES] = {NONET_SYM_NONE}, nfits = 0;
        for (int s = 0; s < SYMMETRIES; s++)
            if (g->sym[s].count)
                fits[nfits++] = s;
        sym = (nonet_symmetry)fits[rng_below(&r, (uint64_t)nfits)];
    }
    const groups *gr = &g->sym[sym];
    int rated = o->min_rating || o->max_rating, rating = 0, clues = 0, ok = 0;
    uint64_t tries = 0;
    watch_start(&g->watch, &g->stop, 16);
    while (!ok && tries < o->max_tries && !g->watch.status) {
        tries++;
        while (!fill(g, &r) && !watch_tick(&g->watch))
            ;
        if (g->watch.status)
            break;
        for (int k = 0; k < gr->count; k++)
            g->order[k] = k;
        rng_shuffle(&r, g->order, gr->count);
        clues = dig(g, gr, g->order, gr->count, g->ncells, o->clues, 0);
        ok = (!o->clues || clues == o->clues) && (!o->max_clues || clues <= o->max_clues) &&
             (!o->strict_minimal || single_minimal(g));
        if (ok && rated) {
            /* too hard: dig the grid again in the same order, keeping
             * the ladder able to solve it under the ceiling at every
             * step (steering); too easy: the next grid */
            ok = rate_work(g, &rating);
            if (!ok && o->max_rating) {
                load(g, g->sol.cells);
                clues = dig(g, gr, g->order, gr->count, g->ncells, o->clues, 1);
                ok = (!o->clues || clues == o->clues) && (!o->max_clues || clues <= o->max_clues) &&
                     rate_work(g, &rating);
            }
            ok = ok && rating >= o->min_rating;
        }
        ok = ok && !g->watch.status;
    }
    nonet_grid_copy(puzzle, &g->work);
    if (solution)
        nonet_grid_copy(solution, &g->sol);
    if (info)
        *info = (nonet_generated){sym, clues, rated && ok ? rating : 0, tries};
    if (g->watch.status)
        return g->watch.status;
    return ok ? NONET_OK : NONET_EGIVEUP;
}

/* ---------------------------------------------------------------- minimizing */

/* Loads puzzle into g (its shape) and its solution into sol. Returns
 * NONET_OK or the status nonet_minimize returns. */
static int start_minimize(nonet_generator *g, const nonet_grid *puzzle, nonet_symmetry symmetry)
{
    if (!g || !grid_well_formed(puzzle) || symmetry == NONET_SYM_RANDOM ||
        !nonet_symmetry_fits(symmetry, puzzle->box_rows, puzzle->box_cols))
        return NONET_EARG;
    nonet_check_result check;
    if (nonet_check(puzzle, &check) == NONET_ECONFLICT)
        return NONET_ECONFLICT;
    if (set_shape(g, puzzle->box_rows, puzzle->box_cols) != NONET_OK)
        return NONET_ENOMEM;
    watch_start(&g->watch, &g->stop, 16);
    uint64_t count = 0;
    int rc = nonet_solver_count(g->solver, puzzle, 2, &count, &g->sol, NULL);
    if (rc != NONET_OK)
        return rc;
    if (count != 1)
        return count ? NONET_ENOTUNIQUE : NONET_ENOSOLUTION;
    load(g, puzzle->cells);
    return NONET_OK;
}

int nonet_minimize(nonet_generator *g, nonet_grid *puzzle, nonet_symmetry symmetry)
{
    int rc = start_minimize(g, puzzle, symmetry);
    if (rc != NONET_OK)
        return rc;
    const groups *gr = &g->sym[symmetry];
    int clues = 0;
    for (int k = 0; k < gr->count; k++) {
        const int *cells = gr->cells + gr->first[k];
        int size = gr->first[k + 1] - gr->first[k], any = 0;
        for (int i = 0; i < size; i++)
            any |= g->work.cells[cells[i]] != 0;
        for (int i = 0; any && i < size; i++)
            if (!g->work.cells[cells[i]])
                put(g, cells[i], g->sol.cells[cells[i]]);
        clues += any ? size : 0;
        g->order[k] = k;
    }
    dig(g, gr, g->order, gr->count, clues, 0, 0);
    if (g->watch.status)
        return g->watch.status; /* puzzle as it was given */
    nonet_grid_copy(puzzle, &g->work);
    return NONET_OK;
}

int nonet_is_minimal(nonet_generator *g, const nonet_grid *puzzle, nonet_symmetry symmetry)
{
    int rc = start_minimize(g, puzzle, symmetry);
    if (rc != NONET_OK)
        return rc;
    if (!nonet_grid_symmetric(puzzle, symmetry))
        return 0;
    const groups *gr = &g->sym[symmetry];
    for (int k = 0; k < gr->count; k++) {
        const int *cells = gr->cells + gr->first[k];
        int size = gr->first[k + 1] - gr->first[k];
        if (!g->work.cells[cells[0]])
            continue;
        for (int i = 0; i < size; i++)
            take(g, cells[i]);
        int unique = still_unique(g, cells, size);
        for (int i = 0; i < size; i++)
            put(g, cells[i], g->sol.cells[cells[i]]);
        if (g->watch.status)
            return g->watch.status;
        if (unique)
            return 0;
    }
    return 1;
}
