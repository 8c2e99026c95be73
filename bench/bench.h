/* bench.h - benchmark pieces that live in their own files. */
#ifndef NONET_BENCH_H
#define NONET_BENCH_H

/* Exact cover (bench_xc.c): all 9,356 packings of the 6x10 pentominoes,
 * 12 queens (14,200), and a hard Sudoku through the dlx engine; prints
 * solutions, nodes, updates, mems and the median time of runs runs. */
void bench_exact_cover(int runs);

#endif
