/* fuzz_read.c - libFuzzer harness for the reader (make fuzz).
 *
 * Any bytes go through a streaming reader, fed in two uneven pieces. Every
 * puzzle read must survive format -> parse unchanged in every layout that
 * can show it, in its own symbols (and its pencil marks, if any, in the
 * candidates layout); the human-style solver's steps must keep to the
 * solution of a position that has one, and for sides up to 9 the solver's answers must agree with
 * each other and with the checker. */
#include "nonet.h"

#include <stdlib.h>
#include <string.h>

static char text[1 << 20];

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
        if ((size_t)len >= sizeof text)
            abort();
        nonet_read_opts forced = {layouts[i], g->box_rows, g->box_cols,
                                  layouts[i] == NONET_LAYOUT_NUMBERS ? NULL : symbols, NULL};
        if (nonet_parse(text, (size_t)len, &forced, &back, NULL) != NONET_OK ||
            !nonet_grid_equal(&back.grid, g))
            abort();
    }
    if (!p->has_marks || g->n > NONET_MAX_SYMBOL_SIDE)
        return;
    long len = nonet_format_with(g, NONET_LAYOUT_CANDIDATES, &fo, text, sizeof text);
    nonet_read_opts cands = {NONET_LAYOUT_CANDIDATES, g->box_rows, g->box_cols, symbols, NULL};
    if (len < 0 || nonet_parse(text, (size_t)len, &cands, &back, NULL) != NONET_OK ||
        !back.has_marks || !nonet_grid_equal(&back.grid, g) ||
        memcmp(back.marks.cands, p->marks.cands, sizeof(uint64_t) * (size_t)(g->n * g->n)) != 0)
        abort();
}

static void solve_agrees(const nonet_grid *g)
{
    static nonet_grid first, sol;
    nonet_check_result res;
    uint64_t count = 0;
    if (g->n > 9 || nonet_count(g, 2, &count, &first, NULL) != NONET_OK)
        return;
    int rc = nonet_solve(g, &sol, NULL);
    if ((count == 0) != (rc == NONET_ENOSOLUTION))
        abort();
    if (count > 0 && (nonet_check_solution(g, &sol, &res, NULL) != NONET_OK ||
                      nonet_check_solution(g, &first, &res, NULL) != NONET_OK))
        abort();
    if (nonet_check(g, &res) == NONET_ECONFLICT && count != 0)
        abort();
}

/* A position with one solution: every step of the human-style solver
 * must keep to it (placements its digits, eliminations never one). */
static void steps_true(const nonet_puzzle *p)
{
    static nonet_grid sol;
    static nonet_human *h;
    const nonet_marks *marks = p->has_marks ? &p->marks : NULL;
    uint64_t count = 0;
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_AUTO);
    if (!s || p->grid.n > 9 ||
        nonet_solver_count_marks(s, &p->grid, marks, 2, &count, &sol, NULL) != NONET_OK ||
        count != 1) {
        nonet_solver_free(s);
        return;
    }
    nonet_solver_free(s);
    if (!h && !(h = nonet_human_new()))
        return;
    if (nonet_human_start(h, &p->grid, marks) != NONET_OK)
        abort(); /* a position with a solution loads */
    int found;
    while ((found = nonet_human_find(h)) > 0) {
        for (int i = 0; i < found; i++) {
            nonet_step st;
            if (nonet_human_step(h, i, &st) != NONET_OK)
                abort();
            for (int k = 0; k < st.nplacements; k++)
                if (st.placements[k].digits != (uint64_t)1
                                                   << (sol.cells[st.placements[k].cell] - 1))
                    abort();
            for (int k = 0; k < st.neliminations; k++)
                if (st.eliminations[k].digits >> (sol.cells[st.eliminations[k].cell] - 1) & 1)
                    abort();
        }
        if (nonet_human_apply(h, -1) < 0)
            abort();
    }
    if (found < 0)
        abort();
}

static void handle(const nonet_puzzle *p)
{
    if (p->error.code != NONET_OK) {
        if (p->error.message[0] == '\0' || p->error.line < 0)
            abort();
        return;
    }
    round_trip(p);
    solve_agrees(&p->grid);
    steps_true(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static nonet_puzzle p;
    nonet_reader *r = nonet_reader_new(NULL);
    if (!r)
        return 0;
    size_t cut = size ? data[0] % (size + 1) : 0, pos = 0;
    while (pos < size) {
        size_t end = pos < cut ? cut : size;
        pos += nonet_reader_feed(r, data + pos, end - pos);
        while (nonet_reader_next(r, &p))
            handle(&p);
    }
    nonet_reader_end(r);
    while (nonet_reader_next(r, &p))
        handle(&p);
    nonet_reader_free(r);
    return 0;
}
