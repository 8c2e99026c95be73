/* bench.h - benchmark pieces that live in their own files. */
#ifndef NONET_BENCH_H
#define NONET_BENCH_H

#include "nonet.h"

#include <stddef.h>
#include <stdint.h>

/* A set's puzzles, compactly: each one's shape and its n*n cells in one
 * byte buffer (a nonet_grid is 4 KB; 49,000 of them would be 200 MB). */
typedef struct bench_entry {
    size_t at; /* its first cell in cells */
    uint8_t box_rows, box_cols;
} bench_entry;

typedef struct bench_set {
    bench_entry *e;
    uint8_t *cells;
    size_t count, cap, used, room;
} bench_set;

/* Copies puzzle i of the set into *g. */
void bench_get(const bench_set *s, size_t i, nonet_grid *g);

/* Seconds on a monotonic clock. */
double bench_now(void);

/* The human-style solver (bench_rate.c): rates every puzzle of the set on
 * 1 and on threads threads (median of runs runs) and prints puzzles per
 * second, how many the ladder finishes without chains, how many need no
 * more than singles; check: walks every step of up to max puzzles and
 * checks each against the solution, printing steps checked and false
 * ones (there must be none). */
void bench_rate(const char *name, const bench_set *s, int threads, int runs);
void bench_check_steps(const char *name, const bench_set *s, size_t max);

/* Exact cover (bench_xc.c): all 9,356 packings of the 6x10 pentominoes,
 * 12 queens (14,200), and a hard Sudoku through the dlx engine; prints
 * solutions, nodes, updates, mems and the median time of runs runs. */
void bench_exact_cover(int runs);

/* The generator (bench_generate.c): 9x9 minimal rot180 puzzles per second
 * (median of runs runs of 5,000), each level's rate and the histogram of
 * its 1,000 puzzles' ratings, the median minimal 16x16 puzzle and the
 * median 25x25 puzzle with 55% of its cells given. */
void bench_generate(int runs);

/* Puzzles that need a technique (bench_needs.c): nonet_needs_generate's
 * rate beside plain filtering's, per technique of issue 42's goals. */
void bench_needs(int runs);

/* Canonical forms of every puzzle of the set (median of runs runs), in
 * the solving table's columns; "several" counts the puzzles with
 * automorphisms. */
void bench_canon(const char *name, const bench_set *s, int runs);

/* The reader on pasted layouts (bench_read.c): every puzzle of the set
 * written in each style of tests/layouts.c, read alone and 1,000 to a
 * file; prints how many are read right and the reading rate. */
void bench_read(const char *name, const bench_set *s);

#endif
