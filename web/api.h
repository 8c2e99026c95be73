/* api.h - the C API the web page calls: libnonet's commands on text,
 * answered in the library's one JSON schema (nonet.h, "results").
 *
 * The page's Web Worker (web/worker.js) loads the library compiled to
 * WebAssembly with this file's functions exported under their names. The
 * same file builds natively too (tests/test_web_api.c), so what the page
 * gets is tested without a browser.
 *
 * Use: nw_new() once; for each request write the input text into the
 * buffer that nw_input(w, len) returns, then call one command with len.
 * Every command reads the text as `nonet` reads files (any layout, many
 * puzzles, titles, pencil-mark grids, a size line such as "2x3" before a
 * puzzle whose boxes are not its side's default) and returns its answer
 * as JSON lines, one object a puzzle, each ending in '\n', exactly what
 * the command of the same name writes with --json. The returned text
 * belongs to w and stays valid until the next call on w; NULL means out
 * of memory. A puzzle that cannot be read or answered is an object with
 * its "status" and "message", never a failure of the call.
 *
 * One nw serves one thread at a time; nothing is global. */
#ifndef NONET_WEB_API_H
#define NONET_WEB_API_H

#include <stddef.h>
#include <stdint.h>

typedef struct nw nw;

/* A new context, or NULL when out of memory. */
nw *nw_new(void);

/* Frees w and everything it returned; NULL is a no-op. */
void nw_free(nw *w);

/* A buffer of len + 1 bytes for the next command's input text (UTF-8; the
 * byte at len is set to NUL by the command). NULL when out of memory or
 * w is NULL. The buffer is w's, valid until the next nw_input. */
char *nw_input(nw *w, size_t len);

/* `nonet format --json`: each puzzle read ("status" "ok" or "error" with
 * "message", "size", "puzzle", "name", "index", "line"), and "marks" when
 * the text gave pencil marks. */
const char *nw_read(nw *w, size_t len);

/* `nonet count -l limit --json` (limit 0: count all; the page asks 2 to
 * prove uniqueness): "count", "limit_reached", "solution" when one. */
const char *nw_count(nw *w, size_t len, uint32_t limit);

/* `nonet count -l limit` without --json: a line a puzzle, its count
 * ("2+" when the limit stopped the search, "0 invalid" for clues that
 * clash, "error" for a puzzle not read). For batches and benchmarks: no
 * JSON to write or parse. */
const char *nw_count_lines(nw *w, size_t len, uint32_t limit);

/* `nonet rate --json [--ceiling c]` (ceiling in tenths, 0: none):
 * "rating", "level", "hardest", "hardest_rating", "step_count",
 * "techniques"; when stuck, "at_least" and "needs". */
const char *nw_rate(nw *w, size_t len, int ceiling);

/* `nonet hint --apply --json` of the first puzzle (a position: a grid, or
 * a pencil-mark grid whose marks the step respects): "step" (technique,
 * difficulty, units, pattern, placements, eliminations, chain, text) and
 * "result" with "marks", the position after the step. "status" is
 * "solved" when nothing is left, "stuck" when no technique applies,
 * "multiple"/"no solution"/"invalid" when the position has no single
 * solution (its marks included). */
const char *nw_hint(nw *w, size_t len);

/* A hint at level (1 to 3: the technique and where to look, then the
 * pattern's cells and candidates, then the move; nonet_step_hint) of the
 * first puzzle: nw_hint's record with "hint" added, the hint object of
 * `nonet hint --level LEVEL --json` (nonet_step_hint_json: "level",
 * "technique", "difficulty", "region", from level 2 "cells" and
 * "houses", at 3 "placements" and "eliminations", and "text", the words
 * at that level). The record keeps "step" (to draw the hint at its level
 * with nw_svg, and to apply it): a page shows the hint's words, not the
 * step's, below level 3. A level out of 1 to 3: an error record. */
const char *nw_hint_level(nw *w, size_t len, int level);

/* `nonet explain --json` of the first puzzle, a round of the ladder at a
 * time so that the page can show progress: a call with len > 0 starts on
 * the input; a call with len 0 goes on. Each call runs at most rounds
 * rounds (0: to the end) and returns NULL while work is left (then
 * nw_progress tells the steps so far), or the record when done: "steps",
 * "rating", "solution". The returned text is also NULL when out of
 * memory: nw_progress is then negative. */
const char *nw_explain(nw *w, size_t len, int rounds);

/* The steps an unfinished nw_explain has taken; -1 after it ran out of
 * memory. */
int nw_progress(const nw *w);

/* `nonet generate --json --solution --seed seed --from index+1 -n 1`,
 * shape box_rows x box_cols (0 x 0: 3x3), symmetry (enum nonet_symmetry),
 * rating range min..max in tenths (0: no bound; a level's bounds from
 * nonet_level_bounds), minimal as the CLI's: "seed", "symmetry", "clues",
 * "puzzle", "solution", and the rating fields when a range was asked.
 * seed is a double so that JavaScript passes any integer up to 2^53. */
const char *nw_generate(nw *w, double seed, uint32_t index, int box_rows, int box_cols,
                        int symmetry, int min_rating, int max_rating);

/* `nonet generate --needs TECHNIQUE --position --json --solution --seed
 * seed --from index+1 -n 1` (with --hardest when hardest is not 0): a 9x9
 * puzzle whose solving path (the ladder's) needs the technique, the
 * input text its name (nonet_technique_name's, any case, as about's
 * "techniques" list them; nonet_technique_from_name), made by
 * nonet_needs_generate (the same for the same seed, index and options;
 * consecutive indices reuse w's generator and its base, so cost far less
 * than the first). The record: "seed", "symmetry" ("none"), "clues",
 * "puzzle", "solution", the rating fields, "result" and "marks" (the
 * position just before the technique is first needed: its digits and
 * every cell's candidates, the pencil-mark line), then "technique" (the
 * name as the library spells it), "as_hardest" (true or false) and
 * "rounds" (the ladder's rounds before the position). An unknown name, or
 * no puzzle found for the seed (NONET_EGIVEUP), is an error record whose
 * "message" says so. */
const char *nw_needs(nw *w, size_t len, double seed, uint32_t index, int hardest);

/* The library's drawing (nonet_step_svg, `nonet explain --svg`) of a
 * position and, optionally, a step found in it: the page's one way to
 * draw a step, and a puzzle or solution to download or print. The input
 * is one JSON object: "size" ("3x3"), "cells" (the position's line, one
 * symbol a cell: 1-9 then A-Z, '.' blank; sides up to 35), "marks"
 * (optional: the pencil-mark line of the records, n symbols a cell, '.'
 * where a digit is no candidate; absent: every digit a cell's units
 * lack; all '.': a bare grid), "givens" (optional: the puzzle's line, so
 * that its clues are drawn apart from the digits placed since), "step"
 * (optional: a step object exactly as nw_hint's "step" or an item of
 * nw_explain's "steps" gives it, read back field by field: technique,
 * difficulty, units, pattern with roles, placements, eliminations and
 * the chain's branches with each node's link, house and parents) and
 * "id" (optional: the drawing's id prefix, for several on a page) and
 * "level" (optional, 1 to 3, with a step: the step drawn as a hint at
 * that level tells it, nonet_step_hint_svg: level 1 the region outlined,
 * 2 the pattern's cells and candidates by role, neither with anything
 * the step places or eliminates nor any chain link; 3, or absent, the
 * whole step).
 * Returns the SVG document (text beginning "<svg"), or, when the request
 * cannot be drawn, one JSON line {"status":"error","message":...}; NULL
 * when out of memory. */
const char *nw_svg(nw *w, size_t len);

/* What the page offers: {"version", "levels": [{"name", "min", "max"}]
 * (tenths; max 0: no bound), "symmetries": [names, by enum
 * nonet_symmetry], "techniques": [names, by enum nonet_technique: the
 * ladder's order], "bases": [each technique's base difficulty in tenths,
 * nonet_technique_base, in the same order]}, one line. Owned by w as the
 * commands' answers. */
const char *nw_about(nw *w);

#endif /* NONET_WEB_API_H */
