/* fuzz_read.c - libFuzzer harness for the reader and the writers (make
 * fuzz). The human-style solver has its own harness, fuzz_ladder.c: none
 * of it runs here, so that this one runs hundreds of inputs a second.
 *
 * Any bytes are read by a streaming reader, fed whole, then read again by
 * the same reader (reset) fed in pieces of sizes drawn from the bytes:
 * both readings must give the same puzzles (cells, marks, names, columns,
 * errors and their positions), and nonet_parse the same first one. A
 * failed puzzle must say where and what. The first puzzles read (WRITTEN)
 * must survive format -> parse unchanged in every layout that can show
 * them, in their own symbols (and their pencil marks, if any, in the
 * candidates layout), and with the size line in the line layout when the
 * layout is detected; the writers must write as snprintf does; the
 * solver's solutions (sides up to 9) must pass the checker, and its count
 * agree with the general engine's. Every puzzle, read or failed, must
 * write a JSON record that parses and a CSV line with as many fields as
 * its header. */
#include "nonet.h"

#include "fuzz_check.h"

#include <stdlib.h>
#include <string.h>

static char text[1 << 20], part[1 << 20];

/* ------------------------------------------------------------ digests */

static uint64_t mix(uint64_t h, const void *data, size_t len)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 0x100000001b3u;
    return h;
}

static uint64_t mix_text(uint64_t h, const char *s)
{
    return mix(h, s, strlen(s) + 1);
}

/* Everything the reader says about a puzzle, in one number. */
static uint64_t digest(const nonet_puzzle *p)
{
    uint64_t h = 0xcbf29ce484222325u;
    h = mix(h, &p->error.code, sizeof p->error.code);
    h = mix(h, &p->error.line, sizeof p->error.line);
    h = mix(h, &p->error.column, sizeof p->error.column);
    h = mix_text(h, p->error.message);
    h = mix_text(h, p->name);
    h = mix(h, &p->index, sizeof p->index);
    h = mix(h, &p->first_line, sizeof p->first_line);
    h = mix(h, &p->last_line, sizeof p->last_line);
    h = mix(h, &p->ncolumns, sizeof p->ncolumns);
    for (int i = 0; i < p->ncolumns; i++) {
        const char *name, *value;
        if (nonet_puzzle_column(p, i, &name, &value) != NONET_OK)
            abort();
        h = mix_text(mix_text(h, name), value);
    }
    if (p->error.code != NONET_OK)
        return h;
    const nonet_grid *g = &p->grid;
    size_t cells = (size_t)g->n * (size_t)g->n;
    h = mix(h, &g->box_rows, sizeof g->box_rows);
    h = mix(h, &g->box_cols, sizeof g->box_cols);
    h = mix(h, g->cells, cells);
    h = mix(h, &p->layout, sizeof p->layout);
    h = mix(h, &p->blank, 1);
    h = mix_text(h, p->symbols);
    h = mix(h, p->row_line, sizeof p->row_line[0] * (size_t)g->n);
    h = mix(h, &p->has_marks, sizeof p->has_marks);
    if (p->has_marks)
        h = mix(h, p->marks.cands, sizeof p->marks.cands[0] * cells);
    return h;
}

/* ------------------------------------------------------------ writing */

/* Every layout that can show the puzzle reads back the same grid, with
 * the puzzle's own symbols; candidate grids read back the same marks. */
static void round_trip(const nonet_puzzle *p)
{
    const nonet_grid *g = &p->grid;
    const char *symbols = p->symbols[0] ? p->symbols : NULL;
    nonet_format_opts fo = {0, symbols, p->has_marks ? &p->marks : NULL, 0};
    static const nonet_layout layouts[] = {NONET_LAYOUT_LINE,    NONET_LAYOUT_GRID,
                                           NONET_LAYOUT_SPACED,  NONET_LAYOUT_KNUTH,
                                           NONET_LAYOUT_NUMBERS, NONET_LAYOUT_BOXED};
    static nonet_puzzle back;
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
        long len = nonet_format_with(g, layouts[i], &fo, text, sizeof text);
        if (len < 0) {
            if (g->n <= NONET_MAX_SYMBOL_SIDE || layouts[i] == NONET_LAYOUT_NUMBERS)
                abort(); /* every grid fits these */
            continue;
        }
        if ((size_t)len >= sizeof text || len == 0 || text[len - 1] != '\n')
            abort();
        if (i == 0) { /* as snprintf: the length alone, and a cut text */
            size_t cap = (size_t)len / 2 + 1;
            check_cut(text, len, part, nonet_format_with(g, layouts[i], &fo, part, cap), cap);
            if (nonet_format_with(g, layouts[i], &fo, NULL, 0) != len)
                abort();
        }
        nonet_read_opts forced = {layouts[i], g->box_rows, g->box_cols,
                                  layouts[i] == NONET_LAYOUT_NUMBERS ? NULL : symbols, NULL};
        if (nonet_parse(text, (size_t)len, &forced, &back, NULL) != NONET_OK ||
            !nonet_grid_equal(&back.grid, g))
            abort();
    }
    /* the JSON value of the grid */
    long len = nonet_format_with(g, NONET_LAYOUT_JSON, &fo, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text)
        abort();
    check_json(text, len, 0);
    /* as the command writes a grid: a size line for boxes of another
     * shape than the side's own (or for an 8x8 or 27x27 line that would
     * read as the pencil-mark form of side 4 or 9), then the line, the
     * layout detected */
    if (g->n >= 4 && g->n <= NONET_MAX_SYMBOL_SIDE) {
        nonet_format_opts sized = {0, NULL, NULL, 1};
        len = nonet_format_with(g, NONET_LAYOUT_LINE, &sized, text, sizeof text);
        if (len < 0 || (size_t)len >= sizeof text ||
            nonet_parse(text, (size_t)len, NULL, &back, NULL) != NONET_OK ||
            !nonet_grid_equal(&back.grid, g))
            abort();
    }
    if (!p->has_marks || g->n > NONET_MAX_SYMBOL_SIDE)
        return;
    len = nonet_format_with(g, NONET_LAYOUT_CANDIDATES, &fo, text, sizeof text);
    nonet_read_opts cands = {NONET_LAYOUT_CANDIDATES, g->box_rows, g->box_cols, symbols, NULL};
    if (len < 0 || nonet_parse(text, (size_t)len, &cands, &back, NULL) != NONET_OK ||
        !back.has_marks || !nonet_grid_equal(&back.grid, g) ||
        memcmp(back.marks.cands, p->marks.cands, sizeof(uint64_t) * (size_t)(g->n * g->n)) != 0)
        abort();
}

/* The solver's solutions pass the checker, a grid whose clues conflict
 * has none, and, when both is set, the count up to 2 agrees with the
 * general engine's where the solver runs another (3x3 boxes: the
 * bitboard). A solution found goes into *solution (and 1 is returned). */
static int solve_agrees(const nonet_grid *g, int both, nonet_grid *solution)
{
    static nonet_solver *fast, *general;
    static nonet_grid other;
    nonet_check_result res;
    uint64_t count = 0, again = 0;
    if (!fast && !(fast = nonet_solver_new(NONET_ENGINE_AUTO)))
        return 0;
    if (!general && !(general = nonet_solver_new(NONET_ENGINE_GENERAL)))
        return 0;
    if (g->n > 9 || nonet_solver_count(fast, g, 2, &count, solution, NULL) != NONET_OK)
        return 0;
    if (g->n == 9 && both &&
        (nonet_solver_count(general, g, 2, &again, &other, NULL) != NONET_OK || again != count ||
         (count > 0 && nonet_check_solution(g, &other, &res, NULL) != NONET_OK)))
        abort();
    if (count > 0 && nonet_check_solution(g, solution, &res, NULL) != NONET_OK)
        abort();
    if (nonet_check(g, &res) == NONET_ECONFLICT && count != 0)
        abort();
    return count > 0;
}

/* The puzzle's JSON record parses; its CSV line has its header's fields;
 * when cut is set, both write as snprintf does. Text from the input (its
 * name) goes into the fields that are free text. */
static void records(const nonet_puzzle *p, const nonet_grid *solution, int cut)
{
    int ok = p->error.code == NONET_OK;
    nonet_result r = {0};
    r.puzzle = p;
    r.file = p->index % 2 ? p->name : NULL;
    r.status = !ok ? NONET_V_ERROR : solution ? NONET_V_SOLVED : NONET_V_NO_SOLUTION;
    r.message = ok ? p->name : p->error.message;
    r.fields = NONET_FIELD_SYMMETRY | NONET_FIELD_TRANSFORM;
    r.symmetry = p->name;
    r.transform = p->error.message;
    if (ok) {
        r.fields |= NONET_FIELD_CLUES | NONET_FIELD_RESULT;
        for (int c = 0; c < p->grid.n * p->grid.n; c++)
            r.clues += p->grid.cells[c] != 0;
        r.result = &p->grid;
        if (p->has_marks) {
            r.fields |= NONET_FIELD_MARKS;
            r.marks = &p->marks;
        }
        if (solution) {
            r.fields |= NONET_FIELD_SOLUTION | NONET_FIELD_COUNT;
            r.solution = solution;
            r.count = 1;
        }
    }
    long len = nonet_result_json(&r, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text)
        abort();
    check_json(text, len, 1);
    if (cut) {
        size_t cap = (size_t)len / 3 + 1;
        check_cut(text, len, part, nonet_result_json(&r, part, cap), cap);
        if (nonet_result_json(&r, NULL, 0) != len)
            abort();
    }

    /* the CSV columns of a command with more fields than this result has */
    unsigned fields = r.fields | NONET_FIELD_COUNT | NONET_FIELD_SOLUTION | NONET_FIELD_RATING |
                      NONET_FIELD_STATS | NONET_FIELD_SEED;
    len = nonet_result_csv_header(fields, r.file != NULL, p, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text)
        abort();
    int columns = csv_fields(text, len);
    len = nonet_result_csv(&r, fields, p->ncolumns, text, sizeof text);
    if (len < 0 || (size_t)len >= sizeof text || csv_fields(text, len) != columns)
        abort();
    if (cut) {
        size_t cap = (size_t)len / 2 + 1;
        check_cut(text, len, part, nonet_result_csv(&r, fields, p->ncolumns, part, cap), cap);
        if (nonet_result_csv(&r, fields, p->ncolumns, NULL, 0) != len)
            abort();
    }
}

/* Puzzles of an input that are written back and solved, and whose
 * records are written cut short: the first few (an input of many puzzles,
 * like a seed of 50, would take the time of 50 inputs); the others are
 * read, compared and recorded. */
#define WRITTEN 2

static void handle(const nonet_puzzle *p)
{
    static nonet_grid solution;
    int solved = 0;
    if (p->error.code != NONET_OK) {
        if (p->error.message[0] == '\0' || p->error.line < 0)
            abort();
    } else if (p->index <= WRITTEN) {
        round_trip(p);
        solved = solve_agrees(&p->grid, p->index == 1, &solution);
    }
    records(p, solved ? &solution : NULL, p->index <= WRITTEN);
}

/* ------------------------------------------------------------ reading */

/* The first puzzles' digests of the whole reading, to compare the
 * reading in pieces with. */
#define KEPT 4096
static uint64_t kept[KEPT];

/* The i-th puzzle (from 0) of the reading in pieces is the whole one's. */
static void same(const nonet_puzzle *p, long i)
{
    if (i < KEPT && digest(p) != kept[i])
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static nonet_puzzle p;
    nonet_reader *r = nonet_reader_new(NULL);
    if (!r)
        return 0;

    /* whole: every puzzle checked */
    long count = 0;
    size_t pos = 0;
    while (pos < size) {
        size_t used = nonet_reader_feed(r, data + pos, size - pos);
        long before = count;
        pos += used;
        while (nonet_reader_next(r, &p)) {
            if (count < KEPT)
                kept[count] = digest(&p);
            if (++count != p.index)
                abort();
            handle(&p);
        }
        if (used == 0 && count == before)
            abort(); /* nothing taken, nothing ready: it would never end */
    }
    nonet_reader_end(r);
    while (nonet_reader_next(r, &p)) {
        if (count < KEPT)
            kept[count] = digest(&p);
        if (++count != p.index)
            abort();
        handle(&p);
    }

    /* nonet_parse reads the same first puzzle */
    size_t consumed = 0;
    int rc = nonet_parse((const char *)data, size, NULL, &p, &consumed);
    if (count == 0 ? rc != NONET_EEMPTY
                   : rc != p.error.code || digest(&p) != kept[0] || consumed > size)
        abort();

    /* in pieces of 1 to 300 bytes, the same reader reset: the same puzzles */
    nonet_reader_reset(r);
    uint64_t seed = mix(0x9e3779b97f4a7c15u, data, size);
    long again = 0;
    for (pos = 0; pos < size;) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        size_t piece = 1 + (size_t)(seed >> 33) % (seed >> 32 & 1 ? 7 : 300);
        if (piece > size - pos)
            piece = size - pos;
        size_t used = nonet_reader_feed(r, data + pos, piece);
        long before = again;
        pos += used;
        while (nonet_reader_next(r, &p))
            same(&p, again++);
        if (used == 0 && again == before)
            abort();
    }
    nonet_reader_end(r);
    while (nonet_reader_next(r, &p))
        same(&p, again++);
    if (again != count)
        abort();
    nonet_reader_free(r);
    return 0;
}
