/* unit.h - a tiny test runner: CHECK fails the current test and returns. */
#ifndef NONET_UNIT_H
#define NONET_UNIT_H

#include "nonet.h"

#include <stdio.h>

/* Records a failure of the running test at file:line. */
void unit_fail(const char *file, int line, const char *what);

/* Fails the test (and returns from it) when cond is false. */
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            unit_fail(__FILE__, __LINE__, #cond);                                                  \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* Like CHECK, with a printf-style explanation. */
#define CHECKF(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            char unit_msg_[512];                                                                   \
            snprintf(unit_msg_, sizeof unit_msg_, __VA_ARGS__);                                    \
            unit_fail(__FILE__, __LINE__, unit_msg_);                                              \
            return;                                                                                \
        }                                                                                          \
    } while (0)

/* Runs one test function and counts it. */
void unit_run(const char *name, void (*fn)(void));
#define RUN(fn) unit_run(#fn, fn)

/* One function per test file, called by the runner's main. */
void suite_grid(void);
void suite_check(void);
void suite_format(void);
void suite_read(void);
void suite_solve(void);
void suite_xc(void);
void suite_teach(void);
void suite_engines(void);
void suite_paste(void);
void suite_human(void);
void suite_marks(void);
void suite_generate(void);
void suite_canon(void);
void suite_layouts(void);
void suite_result(void);
void suite_web_api(void);
void suite_reach(void);
void suite_variant(void);
void suite_stop(void);
void suite_automaton(void);
void suite_iss(void);
void suite_fpuzzles(void);
void suite_rules_cells(void);
void suite_rules_lines(void);
void suite_values(void);
void suite_step_record(void);
void suite_svg(void);
void suite_hint(void);
void suite_needs(void);

/* test_engines.c: a bitboard solver whose engine state was made under
 * NONET_CPU=portable, so that it runs the portable search whatever the
 * CPU; NULL if that failed. */
nonet_solver *portable_solver(void);

/* Reads every puzzle of text[0..len) with a reader made with opts, fed in
 * pieces of `piece` bytes (0: all at once); stores the first max in out
 * and returns how many there were (-1 when the reader cannot be made). */
int unit_read_all(const char *text, size_t len, const nonet_read_opts *opts, size_t piece,
                  nonet_puzzle *out, int max);

/* verify.c: an independent checker, written apart from the library's own
 * check so that solver tests do not trust the code under test.
 * Returns 1 when sol (side n, box br x bc, row-major, 1..n) is a valid
 * completed grid that keeps every clue of puz (0 = blank). */
int verify_solution(const uint8_t *puz, const uint8_t *sol, int br, int bc);
/* The number of solutions of puz (clues that clash: 0), counted up to
 * limit by a plain search that shares no code with the library. */
uint64_t verify_count(const uint8_t *puz, int br, int bc, uint64_t limit);

/* Fills *g (boxes br x bc) from a string of n*n symbols without using the
 * library's reader: '1'-'9', 'A'-'Z' are digits, anything else a blank.
 * Returns 1, or 0 if the string's length is not n*n. */
int grid_from_line(const char *s, int br, int bc, nonet_grid *g);

#endif
