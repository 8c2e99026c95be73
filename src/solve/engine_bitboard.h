/* engine_bitboard.h - what the 9x9 engine's two halves share: the board,
 * the lookup tables and the search state (engine_bitboard.c explains
 * them), and the search entry points.
 *
 * The search (engine_bitboard.c) is compiled once for any CPU and, on
 * x86-64, once more for x86-64-v3 (AVX2, BMI1/2, POPCNT); the engine
 * (engine_bitboard_ops.c) builds the tables and picks the search the CPU
 * running it can execute. */
#ifndef NONET_ENGINE_BITBOARD_H
#define NONET_ENGINE_BITBOARD_H

#include "nonet.h"

#include <stdint.h>

enum { BAND_BITS = 27, ROW_MASK = 0x1FF, BAND_MASK = 0x7FFFFFF };

/* Guesses a puzzle may take under the light propagation (engine_bitboard.c)
 * unless NONET_SEARCH says otherwise, before the search goes on with the
 * full one; a board that looks hard at the root (HARD_CLUES clues or more,
 * HARD_OPEN cells or more left open by the light propagation) gets the
 * full propagation from the start. Chosen by measurement on the benchmark
 * sets, and again once the light propagation became cheaper (the search
 * then restarted from the root at 24 guesses; going on at 32 instead, and
 * the hard start from 54 open cells rather than 52, made top1465 about
 * 10% faster and left the other sets as they were). */
enum { LIGHT_GUESSES = 32, HARD_CLUES = 19, HARD_OPEN = 54 };

typedef struct board {
    uint32_t cand[3][9];
    uint32_t unsolved[3];
} board;

typedef struct tables {
    uint16_t matched[512]; /* 3x3 occupancy -> its minirows in some perfect
                              matching of rows to boxes; 0 if none */
    uint32_t expand[512];  /* minirow set -> band cells */
    uint32_t keep[512];    /* expand[matched[]]: one lookup in band_match */
    uint8_t boxes_of[512]; /* a row's 9 bits -> the boxes it touches */
    uint8_t configs[512];  /* 3x3 occupancy -> how many perfect matchings */
    uint16_t scores[512];  /* 3x3 occupancy -> configs + 256 * (100 -
                              configs) when two or more, for summing both
                              branching scores at once (pick_branch) */
    uint16_t lone[512];    /* 3x3 occupancy -> its bits alone in their row */
    uint16_t single[512];  /* a row's 9 bits -> themselves if just one */
    uint16_t alone[512];   /* a band's 9 column bits -> those alone in
                              their stack (the digit's column there) */
    uint32_t peers[81][3]; /* a cell's peers, as band words */

    /* for set_clues, a digit's clues in a band as a 3x3 occupancy -> */
    uint32_t clue_peers[512]; /* the cells of their rows and boxes */
    uint8_t clue_units[512];  /* how many rows + 16 * how many boxes */
} tables;

/* A branch point: alternatives that split the search without overlap,
 * tried one after another. Each keeps only mask[][b] of a digit's
 * candidates in band b: a configuration of the digit in a band or a
 * stack, or the digit in one cell (its row reduced to that cell). */
typedef struct frame {
    board saved;         /* the board before the first alternative */
    uint32_t mask[9][3]; /* the alternatives not tried yet, last first */
    uint8_t digit[9];
    int nalt;
    int light; /* saved under the light propagation */
} frame;

typedef struct bb_state bb_state;

/* One search compiled for one instruction set: as engine_ops.run. */
typedef int bb_search_fn(bb_state *s, const nonet_grid *puzzle, const uint64_t *marks,
                         uint64_t limit, nonet_solution_fn fn, void *ctx, uint64_t *count,
                         nonet_stats *stats, const nonet_stop *stop);

struct bb_state {
    tables t;
    bb_search_fn *search; /* the variant this CPU runs */
    board bd;
    /* Every branch level settles a digit in a band or stack (9 x 6 such
     * pairs) or solves a cell (81), and candidates only shrink along a
     * path: no path is deeper than 135 levels. */
    frame stack[9 * 6 + 81];
    /* Guesses a puzzle may take under the light propagation before the
     * search goes on with the full one: LIGHT_GUESSES, or as
     * NONET_SEARCH sets it (engine_bitboard_ops.c); -1: none at all */
    int light_guesses;
    uint64_t occ[9]; /* each digit's band and stack occupancies, as the
                        last triad test saw them (engine_bitboard.c) */
};

/* The tables, filled in once per state. */
void bb_build_tables(tables *t);

/* The search for any CPU, and (when NONET_HAVE_X86V3 is defined) the same
 * code compiled for x86-64-v3. */
bb_search_fn bb_search_portable;
#ifdef NONET_HAVE_X86V3
bb_search_fn bb_search_x86v3;
#endif

#endif
