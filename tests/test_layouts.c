/* test_layouts.c - puzzles as people paste them (tests/layouts.c: boxed
 * or bare grids with spaces as blanks, Simple Sudoku frames, spaced rows
 * with 0 blanks) read right whatever their clue pattern: the hard puzzles
 * of tests/data/hard.txt (17-clue and top1465 ones, chosen so that their
 * rows show every pattern: one clue, none, a clue only in the first or
 * last column), and generated grids of every size from 1x1 to 16x16 that
 * put each row pattern (empty, one clue in each column, the first and
 * last cells, full) in each row. Each grid is read alone, and all of a
 * style from one text with a blank line between grids, fed in pieces.
 * The grids written are the answers: nothing here trusts the reader. */
#include "layouts.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define HARD "tests/data/hard.txt"
#define MAX_GRIDS 1200

static uint64_t next_rand(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* The grids under test, with a name each for messages. */
typedef struct grids {
    nonet_grid *g;
    int count;
} grids;

static nonet_grid *grids_add(grids *gs, int br, int bc)
{
    if (gs->count == MAX_GRIDS)
        return NULL;
    nonet_grid *g = &gs->g[gs->count++];
    nonet_grid_init(g, br, bc);
    return g;
}

static int load_hard(grids *gs)
{
    FILE *f = fopen(HARD, "r");
    if (!f)
        return 0;
    char line[256];
    int got = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        nonet_grid *g = grids_add(gs, 3, 3);
        if (!g || !grid_from_line(strtok(line, "\n"), 3, 3, g))
            break;
        got++;
    }
    fclose(f);
    return got;
}

enum { PAT_EMPTY, PAT_FIRST_LAST, PAT_FULL, PAT_ONE }; /* PAT_ONE + c: one clue in column c */

/* Row r of g in the pattern, digits at random. */
static void fill_row(nonet_grid *g, int r, int pat, uint64_t *rng)
{
    int n = g->n;
    for (int c = 0; c < n; c++) {
        int on = pat == PAT_FULL || (pat == PAT_FIRST_LAST && (c == 0 || c == n - 1)) ||
                 (pat >= PAT_ONE && c == pat - PAT_ONE);
        g->cells[r * n + c] = (uint8_t)(on ? next_rand(rng) % (uint64_t)n + 1 : 0);
    }
}

/* For each row and each pattern, a grid with that row in that pattern
 * and the others in random patterns (sparse rows, mostly). */
static void make_patterns(grids *gs, int br, int bc, uint64_t *rng)
{
    int n = br * bc, patterns = PAT_ONE + n;
    for (int r = 0; r < n; r++) {
        for (int pat = 0; pat < patterns; pat++) {
            nonet_grid *g = grids_add(gs, br, bc);
            if (!g)
                return;
            for (int k = 0; k < n; k++) {
                int other = (int)(next_rand(rng) % (uint64_t)(patterns + 2));
                if (other >= patterns) /* a random sparse row */
                    for (int c = 0; c < n; c++)
                        g->cells[k * n + c] =
                            (uint8_t)(next_rand(rng) % 4 == 0 ? next_rand(rng) % n + 1 : 0);
                else
                    fill_row(g, k, other, rng);
            }
            fill_row(g, r, pat, rng);
        }
    }
}

static int same(const nonet_puzzle *p, const nonet_grid *g)
{
    return p->error.code == NONET_OK && nonet_grid_equal(&p->grid, g);
}

/* Whether the style shows box shapes (frames, bars): else the grid read
 * has its side's default shape. */
static int shows_boxes(int style)
{
    return style == STYLE_BOXED_SPACES || style == STYLE_BARS_SPACES ||
           style == STYLE_SIMPLE_SUDOKU;
}

static int default_shape(const nonet_grid *g)
{
    int br, bc;
    nonet_default_shape(g->n, &br, &bc);
    return g->box_rows == br && g->box_cols == bc;
}

/* Every grid of gs in every style: alone, then all of a style in one
 * text (whole, and in pieces of 7 bytes). */
static void check_styles(const grids *gs, const char *what)
{
    size_t cap = (size_t)gs->count * 1500 + 64;
    char *text = malloc(cap), one[4096];
    int *which = malloc(sizeof *which * (size_t)gs->count);
    nonet_puzzle *got = calloc((size_t)gs->count + 1, sizeof *got);
    static nonet_puzzle p;
    CHECK(text && which && got);
    for (int style = 0; style < STYLE_COUNT; style++) {
        size_t len = 0;
        int k = 0;
        text[0] = '\0';
        for (int i = 0; i < gs->count; i++) {
            const nonet_grid *g = &gs->g[i];
            if (!layout_style_fits(style, g) || (!shows_boxes(style) && !default_shape(g)))
                continue;
            size_t one_len = 0;
            CHECK(layout_style_write(style, g, one, sizeof one, &one_len) == 0);
            int rc = nonet_parse(one, one_len, NULL, &p, NULL);
            CHECKF(rc == NONET_OK && same(&p, g), "%s, %s, grid %d (%dx%d) read alone: %s\n%.300s",
                   what, layout_style_name(style), i + 1, g->n, g->n,
                   rc ? p.error.message : "other cells or boxes", one);
            if (k > 0)
                text[len++] = '\n';
            CHECK(layout_style_write(style, g, text, cap, &len) == 0);
            which[k++] = i;
        }
        for (size_t piece = 0; piece <= 7; piece += 7) {
            int count = unit_read_all(text, len, NULL, piece, got, gs->count + 1);
            CHECKF(count == k, "%s, %s: %d puzzles read from a text of %d", what,
                   layout_style_name(style), count, k);
            for (int j = 0; j < k; j++)
                CHECKF(same(&got[j], &gs->g[which[j]]),
                       "%s, %s: puzzle %d of a text of %d (grid %d) read wrong: %s", what,
                       layout_style_name(style), j + 1, k, which[j] + 1,
                       got[j].error.code ? got[j].error.message : "other cells or boxes");
        }
    }
    free(text);
    free(which);
    free(got);
}

static void test_hard_puzzles(void)
{
    grids gs = {calloc(MAX_GRIDS, sizeof(nonet_grid)), 0};
    CHECK(gs.g);
    int loaded = load_hard(&gs);
    if (loaded < 100)
        free(gs.g);
    CHECKF(loaded >= 100, "%s: %d puzzles", HARD, loaded);
    check_styles(&gs, "hard puzzles");
    free(gs.g);
}

static void test_row_patterns(void)
{
    static const int shapes[][2] = {{1, 1}, {1, 2}, {1, 3}, {2, 2}, {2, 3},
                                    {3, 2}, {2, 4}, {3, 3}, {3, 4}, {4, 4}};
    uint64_t rng = 0x2025CAFEF00DULL;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        grids gs = {calloc(MAX_GRIDS, sizeof(nonet_grid)), 0};
        CHECK(gs.g);
        make_patterns(&gs, shapes[i][0], shapes[i][1], &rng);
        char what[64];
        snprintf(what, sizeof what, "row patterns %dx%d", shapes[i][0], shapes[i][1]);
        check_styles(&gs, what);
        free(gs.g);
    }
}

void suite_layouts(void)
{
    RUN(test_hard_puzzles);
    RUN(test_row_patterns);
}
