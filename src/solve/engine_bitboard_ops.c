/* engine_bitboard_ops.c - the 9x9 engine as the solver sees it: its
 * tables, its state, and the choice of the search variant the CPU can run
 * (engine_bitboard.h).
 *
 * The choice is made when a state is created: the x86-64-v3 search when
 * it was built and the CPU has AVX2, BMI1, BMI2 and POPCNT (and is not an
 * AMD Zen 1 or 2, whose PEXT is slow), else the portable one. The
 * environment variable NONET_CPU=portable forces the portable search (to
 * compare the two, or to test the fallback on a machine that would not
 * take it). NONET_SEARCH picks the search's strategy the same way
 * (pick_light_guesses). */
#include "solve/engine.h"
#include "solve/engine_bitboard.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void bb_build_tables(tables *t)
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; m++) {
        int keep = 0, count = 0; /* the matchings m allows: their union, their number */
        for (int p = 0; p < 6; p++) {
            int bits = 0;
            for (int r = 0; r < 3; r++)
                bits |= 1 << (r * 3 + perms[p][r]);
            if ((m & bits) == bits) {
                keep |= bits;
                count++;
            }
        }
        t->matched[m] = (uint16_t)keep;
        t->configs[m] = (uint8_t)count;
        t->scores[m] = (uint16_t)(count + (count > 1 ? (100 - count) << 8 : 0));
        int lone = 0;
        for (int r = 0; r < 3; r++) {
            int row = m >> (3 * r) & 7;
            if (row && !(row & (row - 1)))
                lone |= row << (3 * r);
        }
        t->lone[m] = (uint16_t)lone;
        t->single[m] = (uint16_t)(m && !(m & (m - 1)) ? m : 0);
        int alone = 0;
        for (int k = 0; k < 3; k++) {
            int cols = m >> (3 * k) & 7;
            if (cols && !(cols & (cols - 1)))
                alone |= cols << (3 * k);
        }
        t->alone[m] = (uint16_t)alone;
        uint32_t cells = 0;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++)
                if (m & (1 << (r * 3 + k)))
                    cells |= (uint32_t)7 << (r * 9 + k * 3);
        t->expand[m] = cells;
        int boxes = 0;
        for (int k = 0; k < 3; k++)
            if (m & (7 << (3 * k)))
                boxes |= 1 << k;
        t->boxes_of[m] = (uint8_t)boxes;
        uint32_t rows = 0;
        int nrows = 0, nboxes = 0;
        for (int r = 0; r < 3; r++)
            if (m & (7 << (3 * r))) {
                rows |= (uint32_t)0x1FF << (9 * r);
                nrows++;
            }
        uint32_t in_boxes = 0;
        for (int k = 0; k < 3; k++)
            if (m & (0x49 << k)) {
                in_boxes |= (uint32_t)0x1C0E07 << (3 * k);
                nboxes++;
            }
        t->clue_peers[m] = rows | in_boxes;
        t->clue_units[m] = (uint8_t)(nrows | nboxes << 4);
    }
    for (int m = 0; m < 512; m++)
        t->keep[m] = t->expand[t->matched[m]];
    for (int x = 0; x < 81; x++) {
        int r = x / 9, c = x % 9;
        t->peers[x][0] = t->peers[x][1] = t->peers[x][2] = 0;
        for (int y = 0; y < 81; y++) {
            int r2 = y / 9, c2 = y % 9;
            int peer = y != x && (r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3));
            if (peer)
                t->peers[x][r2 / 3] |= (uint32_t)1 << ((r2 % 3) * 9 + c2);
        }
    }
}

/* The search this process's CPU runs, and its name. */
static bb_search_fn *pick_search(const char **name)
{
    const char *forced = getenv("NONET_CPU");
    if (!forced || strcmp(forced, "portable") != 0) {
#ifdef NONET_HAVE_X86V3
        __builtin_cpu_init();
        /* AMD before Zen 3 runs PEXT and PDEP in microcode, slower than
         * the portable code's tables */
        int slow_pext = __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2");
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
            __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") && !slow_pext) {
            *name = "x86-64-v3";
            return bb_search_x86v3;
        }
#endif
    }
    *name = "portable";
    return bb_search_portable;
}

const char *nonet_cpu_path(void)
{
    const char *name;
    pick_search(&name);
    return name;
}

/* The search's strategy: NONET_SEARCH=light keeps the light propagation
 * for the whole search, full takes the full one from the root, switch
 * goes on with the full one from the first guess (each to test a path of
 * the search on every puzzle); anything else, the measured default. */
static int pick_light_guesses(void)
{
    const char *forced = getenv("NONET_SEARCH");
    if (forced && strcmp(forced, "light") == 0)
        return INT_MAX;
    if (forced && strcmp(forced, "full") == 0)
        return -1;
    if (forced && strcmp(forced, "switch") == 0)
        return 0;
    return LIGHT_GUESSES;
}

static void *bb_create(void)
{
    bb_state *s = malloc(sizeof *s);
    if (s) {
        const char *name;
        bb_build_tables(&s->t);
        s->search = pick_search(&name);
        s->light_guesses = pick_light_guesses();
    }
    return s;
}

static void bb_destroy(void *state)
{
    free(state);
}

static int bb_supports(int box_rows, int box_cols)
{
    return box_rows == 3 && box_cols == 3;
}

static int bb_run(void *state, const nonet_grid *puzzle, const uint64_t *marks, uint64_t limit,
                  nonet_solution_fn fn, void *ctx, uint64_t *count, nonet_stats *stats,
                  const nonet_stop *stop)
{
    bb_state *s = state;
    return s->search(s, puzzle, marks, limit, fn, ctx, count, stats, stop);
}

const engine_ops engine_bitboard = {
    .name = "bitboard",
    .supports = bb_supports,
    .create = bb_create,
    .destroy = bb_destroy,
    .run = bb_run,
    .checks_clues = 1,
};
