/* test_canon.c - canonical forms and transforms: a brute-force form over
 * every symmetry of 4x4 and 6x6 grids, patminlex's own forms for 9x9
 * (tests/data/canon_patminlex.txt), one form for random isomorphs of every
 * size (automorphic grids too), the 9x9 search against the general one,
 * the digits-only order the rater orients its positions by, and the
 * transform text. */
#include "canon/canon.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define PATMINLEX "tests/data/canon_patminlex.txt"

/* ---------------------------------------------------------------- brute force */

/* All orders of k things (k <= 3), into out; returns how many. */
static int orders_of(int k, int out[6][3])
{
    static const int all[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int count = k == 1 ? 1 : k == 2 ? 2 : 6; /* the first two keep 2 last, the first 1 and 2 */
    memcpy(out, all, sizeof(int) * 3 * (size_t)count);
    return count;
}

/* Every way to order n = size * groups things keeping groups together:
 * into maps (each n entries); returns how many. */
static int group_orders(int size, int groups, uint8_t maps[][8])
{
    int go[6][3], io[6][3], count = 0;
    int ng = orders_of(groups, go), ni = orders_of(size, io);
    int inner[3] = {0, 0, 0};
    for (int g = 0; g < ng; g++)
        for (;;) {
            uint8_t *m = maps[count++];
            for (int k = 0; k < groups; k++)
                for (int i = 0; i < size; i++)
                    m[k * size + i] = (uint8_t)(go[g][k] * size + io[inner[k]][i]);
            int k = 0;
            while (k < groups && ++inner[k] == ni)
                inner[k++] = 0;
            if (k == groups)
                break;
        }
    return count;
}

/* The least grid (pattern first, then digits relabelled in order) over
 * every symmetry of g's shape (boxes of 2 or 3 rows and columns), and how
 * many symmetries give it. */
static uint64_t brute_form(const nonet_grid *g, uint8_t *best)
{
    int n = g->n, br = g->box_rows, bc = g->box_cols;
    static uint8_t rows[2000][8], cols[2000][8];
    int nr = group_orders(br, bc, rows), nc = group_orders(bc, br, cols);
    uint64_t ties = 0;
    int have = 0;
    for (int t = 0; t <= (br == bc); t++)
        for (int a = 0; a < nr; a++)
            for (int b = 0; b < nc; b++) {
                uint8_t x[64], label[10] = {0}, next = 1;
                for (int i = 0; i < n; i++)
                    for (int j = 0; j < n; j++) {
                        int r = rows[a][i], c = cols[b][j];
                        int d = t ? g->cells[c * n + r] : g->cells[r * n + c];
                        if (d && !label[d])
                            label[d] = next++;
                        x[i * n + j] = d ? label[d] : 0;
                    }
                int cmp = 0;
                for (int k = 0; k < n * n && !cmp && have; k++)
                    cmp = (x[k] != 0) - (best[k] != 0);
                for (int k = 0; k < n * n && !cmp && have; k++)
                    cmp = x[k] - best[k];
                if (have && cmp > 0)
                    continue;
                if (!have || cmp < 0) {
                    memcpy(best, x, (size_t)(n * n));
                    ties = 0;
                    have = 1;
                }
                ties++;
            }
    return ties;
}

/* Some grids of a shape: generated puzzles, their solutions, the empty
 * grid and random clue subsets (any number of solutions). */
static int shape_grids(int br, int bc, nonet_grid *out, int max)
{
    int count = 0;
    nonet_generate_opts o = {.box_rows = br, .box_cols = bc};
    nonet_generator *g;
    if (nonet_generator_new(&o, &g) != NONET_OK)
        return 0;
    uint64_t x = 12345;
    for (int i = 0; count + 3 <= max; i++) {
        nonet_grid p, s;
        nonet_generate(g, 77, (uint64_t)i, &p, &s, NULL);
        out[count++] = p;
        out[count++] = s;
        nonet_grid sub = s;
        for (int c = 0; c < s.n * s.n; c++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            if (x >> 62)
                sub.cells[c] = 0; /* three in four cells blank */
        }
        out[count++] = sub;
    }
    nonet_grid_init(&out[0], br, bc); /* the first one empty */
    nonet_generator_free(g);
    return count;
}

static void test_brute_force(void)
{
    static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}};
    static nonet_grid grids[30];
    nonet_canon *c = nonet_canon_new();
    CHECK(c != NULL);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int count = shape_grids(shapes[k][0], shapes[k][1], grids, 30);
        CHECK(count >= 27);
        for (int i = 0; i < count; i++) {
            uint8_t want[64];
            uint64_t want_ties = brute_form(&grids[i], want), ties = 0;
            nonet_grid form;
            CHECK(nonet_canon_form(c, &grids[i], &form, NULL, &ties) == NONET_OK);
            int n = form.n;
            CHECKF(memcmp(form.cells, want, (size_t)(n * n)) == 0 && ties == want_ties,
                   "%dx%d grid %d: form or automorphisms (%llu, want %llu) differ", shapes[k][0],
                   shapes[k][1], i, (unsigned long long)ties, (unsigned long long)want_ties);
        }
    }
    nonet_canon_free(c);
}

/* ---------------------------------------------------------------- 9x9 */

static void test_patminlex(void)
{
    FILE *f = fopen(PATMINLEX, "r");
    CHECK(f != NULL);
    nonet_canon *c = nonet_canon_new();
    char line[256];
    int lines = 0;
    while (c && fgets(line, sizeof line, f)) {
        nonet_grid in, want, form, iso;
        line[81] = line[163] = 0;
        CHECK(grid_from_line(line, 3, 3, &in) && grid_from_line(line + 82, 3, 3, &want));
        for (int k = 0; k < 4; k++) {
            /* the puzzle itself, then random isomorphs of it */
            nonet_transform t;
            CHECK(nonet_transform_random(3, 3, 5, (uint64_t)(lines * 4 + k), &t) == NONET_OK);
            CHECK(nonet_transform_apply(&t, &in, &iso) == NONET_OK);
            CHECK(nonet_canon_form(c, k ? &iso : &in, &form, NULL, NULL) == NONET_OK);
            CHECKF(nonet_grid_equal(&form, &want), "line %d, isomorph %d", lines + 1, k);
        }
        lines++;
    }
    fclose(f);
    nonet_canon_free(c);
    CHECK(lines >= 8);
}

/* Random isomorphs of a grid get one form, the transform returned gives
 * it, and the automorphism count is the same for each. */
static int one_form(nonet_canon *c, const nonet_grid *g, int isomorphs, char *why, size_t cap)
{
    nonet_grid form, again, iso;
    nonet_transform t;
    uint64_t aut, aut2;
    if (nonet_canon_form(c, g, &form, &t, &aut) != NONET_OK)
        return snprintf(why, cap, "no form"), 0;
    if (nonet_transform_apply(&t, g, &again) != NONET_OK || !nonet_grid_equal(&again, &form))
        return snprintf(why, cap, "the transform does not give the form"), 0;
    for (int k = 0; k < isomorphs; k++) {
        nonet_transform r;
        nonet_transform_random(g->box_rows, g->box_cols, 9, (uint64_t)k, &r);
        nonet_transform_apply(&r, g, &iso);
        if (nonet_canon_form(c, &iso, &again, &t, &aut2) != NONET_OK ||
            !nonet_grid_equal(&again, &form) || aut2 != aut)
            return snprintf(why, cap, "isomorph %d: another form", k), 0;
        nonet_transform_apply(&t, &iso, &iso);
        if (!nonet_grid_equal(&iso, &form))
            return snprintf(why, cap, "isomorph %d: the transform does not give it", k), 0;
    }
    return 1;
}

static void test_isomorphs(void)
{
    nonet_canon *c = nonet_canon_new();
    CHECK(c != NULL);
    char why[100] = "";
    /* the cyclic grid has 54 automorphisms; a puzzle cut from it keeps
     * those that fix its pattern */
    nonet_grid cyclic, cut;
    grid_from_line(
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678", 3, 3,
        &cyclic);
    uint64_t aut;
    CHECK(nonet_canon_form(c, &cyclic, NULL, NULL, &aut) == NONET_OK && aut == 54);
    CHECKF(one_form(c, &cyclic, 3, why, sizeof why), "cyclic: %s", why);
    cut = cyclic;
    for (int i = 0; i < 81; i += 2)
        cut.cells[i] = 0;
    CHECKF(one_form(c, &cut, 10, why, sizeof why), "cut: %s", why);
    static const int shapes[][3] = {{3, 3, 12}, {2, 2, 4}, {2, 3, 4}, {4, 4, 1}, {3, 4, 1}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        nonet_generate_opts o = {
            .box_rows = shapes[k][0], .box_cols = shapes[k][1], .symmetry = NONET_SYM_ROT180};
        nonet_generator *g;
        CHECK(nonet_generator_new(&o, &g) == NONET_OK);
        for (int i = 0; i < shapes[k][2]; i++) {
            nonet_grid p;
            CHECK(nonet_generate(g, 31, (uint64_t)i, &p, NULL, NULL) == NONET_OK);
            CHECKF(one_form(c, &p, 6, why, sizeof why), "%dx%d puzzle %d: %s", shapes[k][0],
                   shapes[k][1], i, why);
        }
        nonet_generator_free(g);
    }
    nonet_canon_free(c);
}

/* Inequivalent puzzles get different forms: puzzles with the same clue
 * count from different grids. */
static void test_different(void)
{
    nonet_canon *c = nonet_canon_new();
    nonet_generate_opts o = {.clues = 30};
    nonet_generator *g;
    CHECK(c && nonet_generator_new(&o, &g) == NONET_OK);
    nonet_grid p[6], f[6];
    for (int i = 0; i < 6; i++) {
        CHECK(nonet_generate(g, 4, (uint64_t)i, &p[i], NULL, NULL) == NONET_OK);
        CHECK(nonet_canon_form(c, &p[i], &f[i], NULL, NULL) == NONET_OK);
        for (int j = 0; j < i; j++)
            CHECK(!nonet_grid_equal(&f[i], &f[j]));
    }
    /* one clue more is another puzzle */
    nonet_grid solution, more;
    CHECK(nonet_solve(&p[0], &solution, NULL) == NONET_OK);
    more = p[0];
    for (int cell = 0; cell < 81; cell++)
        if (!more.cells[cell]) {
            more.cells[cell] = solution.cells[cell];
            break;
        }
    nonet_grid fm;
    CHECK(nonet_canon_form(c, &more, &fm, NULL, NULL) == NONET_OK && !nonet_grid_equal(&fm, &f[0]));
    nonet_generator_free(g);
    nonet_canon_free(c);
}

/* The 9x9 search and the general one agree, forms and automorphisms. */
static void test_fast_and_general(void)
{
    nonet_canon *fast = nonet_canon_new();
    setenv("NONET_CANON", "general", 1);
    nonet_canon *general = nonet_canon_new();
    unsetenv("NONET_CANON");
    nonet_generator *g;
    CHECK(fast && general && nonet_generator_new(NULL, &g) == NONET_OK);
    for (int i = 0; i < 60; i++) {
        nonet_grid p, s, f1, f2;
        nonet_transform t1, t2;
        uint64_t a1, a2;
        CHECK(nonet_generate(g, 6, (uint64_t)i, &p, &s, NULL) == NONET_OK);
        const nonet_grid *x = i % 30 == 29 ? &s : &p; /* two full grids */
        CHECK(nonet_canon_form(fast, x, &f1, &t1, &a1) == NONET_OK);
        CHECK(nonet_canon_form(general, x, &f2, &t2, &a2) == NONET_OK);
        CHECKF(nonet_grid_equal(&f1, &f2) && a1 == a2, "grid %d", i);
    }
    nonet_generator_free(g);
    nonet_canon_free(fast);
    nonet_canon_free(general);
}

/* ---------------------------------------------------------------- digit order */

/* A seeded generator of the test's own (splitmix64). */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A random order of 9 lines keeping the groups of three together. */
static void random_lines(uint64_t *state, uint8_t map[9])
{
    int group[3] = {0, 1, 2};
    for (int i = 2; i > 0; i--) {
        int j = (int)(next_random(state) % (uint64_t)(i + 1)), x = group[i];
        group[i] = group[j];
        group[j] = x;
    }
    for (int k = 0; k < 3; k++) {
        int in[3] = {0, 1, 2};
        for (int i = 2; i > 0; i--) {
            int j = (int)(next_random(state) % (uint64_t)(i + 1)), x = in[i];
            in[i] = in[j];
            in[j] = x;
        }
        for (int i = 0; i < 3; i++)
            map[3 * k + i] = (uint8_t)(3 * group[k] + in[i]);
    }
}

/* g under a random symmetry of the grid, its digits kept (relabel 0) or
 * numbered in the order they first appear (relabel 1), into out. */
static void random_symmetry(uint64_t *state, const uint8_t *g, int relabel, uint8_t *out)
{
    uint8_t rows[9], cols[9], label[10] = {0}, next = 1;
    random_lines(state, rows);
    random_lines(state, cols);
    int t = (int)(next_random(state) & 1);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int v = t ? g[cols[c] * 9 + rows[r]] : g[rows[r] * 9 + cols[c]];
            if (relabel && v && !label[v])
                label[v] = next++;
            out[r * 9 + c] = (uint8_t)(relabel && v ? label[v] : v);
        }
}

/* canon9 (the rater's orientation, human/ladder.c) on puzzles and grids:
 * its transform makes its form of the grid, no random symmetry gives a
 * smaller one, isomorphs get the same form and ties, and memory kept
 * from grid to grid changes nothing. */
static void test_digit_order(void)
{
    nonet_generator *gen;
    CHECK(nonet_generator_new(NULL, &gen) == NONET_OK);
    canon9_work work = {0};
    uint64_t state = 2028;
    for (int i = 0; i < 24; i++) {
        nonet_grid p, s;
        CHECK(nonet_generate(gen, 9, (uint64_t)i, &p, &s, NULL) == NONET_OK);
        uint8_t g[81];
        memcpy(g, i % 12 == 11 ? s.cells : p.cells, 81);
        canon_transform a, b, c;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        memset(&c, 0, sizeof c);
        CHECK(canon9(g, &a, NULL) == 1);
        CHECK(canon9(g, &b, &work) == 1);
        CHECKF(memcmp(&a, &b, sizeof a) == 0, "grid %d: kept memory, another answer", i);
        int made = 1;
        for (int cell = 0; cell < 81; cell++)
            made &= a.form[a.cell[cell]] == a.digit[g[cell]];
        CHECKF(made && a.ties >= 1, "grid %d: the transform does not make the form", i);
        int least = 1;
        for (int k = 0; k < 300; k++) {
            uint8_t x[81];
            random_symmetry(&state, g, 1, x);
            least &= memcmp(a.form, x, 81) <= 0;
        }
        CHECKF(least, "grid %d: a symmetry gives a smaller form", i);
        uint8_t iso[81], digits[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        random_symmetry(&state, g, 0, iso);
        for (int d = 9; d > 1; d--) {
            int j = 1 + (int)(next_random(&state) % (uint64_t)d);
            uint8_t x = digits[d];
            digits[d] = digits[j];
            digits[j] = x;
        }
        for (int cell = 0; cell < 81; cell++)
            iso[cell] = digits[iso[cell]];
        CHECK(canon9(iso, &c, &work) == 1);
        CHECKF(memcmp(c.form, a.form, 81) == 0 && c.ties == a.ties, "grid %d: an isomorph differs",
               i);
    }
    /* the empty grid ties too often to settle, with either memory, and
     * the kept memory serves on */
    uint8_t empty[81] = {0};
    canon_transform e;
    CHECK(canon9(empty, &e, NULL) == 0);
    CHECK(canon9(empty, &e, &work) == 0);
    nonet_grid p;
    CHECK(nonet_generate(gen, 9, 99, &p, NULL, NULL) == NONET_OK);
    canon_transform a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    CHECK(canon9(p.cells, &a, NULL) == 1 && canon9(p.cells, &b, &work) == 1);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    canon9_work_free(&work);
    CHECK(work.cur == NULL && work.next == NULL && work.cap == 0);
    canon9_work_free(NULL);
    nonet_generator_free(gen);
}

static void test_limits(void)
{
    nonet_canon *c = nonet_canon_new();
    nonet_grid g;
    CHECK(c != NULL);
    nonet_grid_init(&g, 2, 6);
    CHECK(nonet_canon_form(c, &g, NULL, NULL, NULL) == NONET_EARG);
    CHECK(nonet_canon_form(NULL, &g, NULL, NULL, NULL) == NONET_EARG);
    CHECK(nonet_canon_form(c, NULL, NULL, NULL, NULL) == NONET_EARG);
    /* the empty 9x9 grid: every symmetry ties */
    uint64_t aut = 0;
    nonet_grid_init(&g, 3, 3);
    CHECK(nonet_canon_form(c, &g, NULL, NULL, &aut) == NONET_OK && aut == 3359232);
    /* the empty 16x16 grid: too many ties, said so */
    nonet_grid_init(&g, 4, 4);
    CHECK(nonet_canon_form(c, &g, NULL, NULL, NULL) == NONET_EGIVEUP);
    nonet_canon_free(c);
    nonet_canon_free(NULL);
}

/* ---------------------------------------------------------------- transforms */

static void test_transform_text(void)
{
    static const int shapes[][2] = {{3, 3}, {2, 3}, {4, 4}, {5, 5}, {1, 1}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        nonet_transform t, back, again;
        char text[1000];
        CHECK(nonet_transform_random(shapes[k][0], shapes[k][1], 3, k, &t) == NONET_OK);
        CHECK(nonet_transform_random(shapes[k][0], shapes[k][1], 3, k, &again) == NONET_OK);
        CHECK(memcmp(&t, &again, sizeof t) == 0); /* a seed's stream */
        long len = nonet_transform_format(&t, text, sizeof text);
        CHECK(len > 0 && (size_t)len == strlen(text));
        CHECKF(nonet_transform_parse(text, &back) == NONET_OK && memcmp(&t, &back, sizeof t) == 0,
               "%s", text);
    }
    nonet_transform t;
    CHECK(nonet_transform_parse("t=0;rows=1,2,3,4,5,6,7,8,9;cols=1,2,3,4,5,6,7,8,9;"
                                "digits=1,2,3,4,5,6,7,8,9",
                                &t) == NONET_OK);
    CHECK(nonet_transform_parse(" t = 1 ; rows=3,2,1,4,5,6,9,8,7;cols=4,5,6,1,2,3,7,8,9;"
                                "digits=9,8,7,6,5,4,3,2,1",
                                &t) == NONET_OK);
    static const char *const bad[] = {
        "t=0;rows=1,2,4,3,5,6,7,8,9;cols=1,2,3,4,5,6,7,8,9;digits=1,2,3,4,5,6,7,8,9", /* band */
        "t=0;rows=1,2,3,4,5,6,7,8,9;cols=1,2,3,4,5,6,7,8,9;digits=1,1,3,4,5,6,7,8,9",
        "t=2;rows=1,2,3,4,5,6,7,8,9;cols=1,2,3,4,5,6,7,8,9;digits=1,2,3,4,5,6,7,8,9",
        "t=0;rows=1,2,3,4,5,6,7,8;cols=1,2,3,4,5,6,7,8,9;digits=1,2,3,4,5,6,7,8,9",
        "size=2x3;t=1;rows=1,2,3,4,5,6;cols=1,2,3,4,5,6;digits=1,2,3,4,5,6", /* no transpose */
        "t=0;rows=1,2,3,4,5,6,7,8,9;cols=1,2,3,4,5,6,7,8,9;digits=1,2,3,4,5,6,7,8,9;",
        "",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECKF(nonet_transform_parse(bad[i], &t) == NONET_EARG, "%s", bad[i]);
    /* apply checks its transform and the shape */
    nonet_grid g, out;
    nonet_grid_init(&g, 2, 3);
    CHECK(nonet_transform_random(3, 3, 1, 1, &t) == NONET_OK);
    CHECK(nonet_transform_apply(&t, &g, &out) == NONET_EARG);
    nonet_grid_init(&g, 3, 3);
    t.row[0] = 5;
    CHECK(nonet_transform_apply(&t, &g, &out) == NONET_EARG);
    CHECK(nonet_transform_random(0, 3, 1, 1, &t) == NONET_EARG);
}

/* The inverse undoes the transform, cell for cell and digit for digit, for
 * every shape, transposed or not; the inverse of the inverse is the
 * transform. */
static void test_transform_invert(void)
{
    static const int shapes[][2] = {{3, 3}, {2, 3}, {3, 2}, {4, 4}, {2, 5}, {1, 1}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (uint64_t i = 0; i < 8; i++) {
            nonet_transform t, inv, back;
            nonet_grid g, there, again;
            CHECK(nonet_transform_random(shapes[k][0], shapes[k][1], 11, i, &t) == NONET_OK);
            nonet_grid_init(&g, shapes[k][0], shapes[k][1]);
            int n = g.n;
            for (int c = 0; c < n * n; c++) /* cells told apart by position */
                g.cells[c] = (uint8_t)((c * 7 + c / n + 3) % (n + 1));
            CHECK(nonet_transform_invert(&t, &inv) == NONET_OK);
            CHECK(nonet_transform_apply(&t, &g, &there) == NONET_OK);
            CHECK(nonet_transform_apply(&inv, &there, &again) == NONET_OK);
            CHECKF(nonet_grid_equal(&g, &again), "shape %dx%d, transform %d", shapes[k][0],
                   shapes[k][1], (int)i);
            CHECK(nonet_transform_invert(&inv, &back) == NONET_OK);
            CHECK(memcmp(&back, &t, sizeof t) == 0);
            CHECK(nonet_transform_invert(&t, &t) == NONET_OK && memcmp(&t, &inv, sizeof t) == 0);
        }
    nonet_transform t;
    CHECK(nonet_transform_random(3, 3, 1, 1, &t) == NONET_OK);
    t.digit[1] = t.digit[2];
    CHECK(nonet_transform_invert(&t, &t) == NONET_EARG);
    CHECK(nonet_transform_invert(NULL, &t) == NONET_EARG);
}

void suite_canon(void)
{
    RUN(test_brute_force);
    RUN(test_patminlex);
    RUN(test_isomorphs);
    RUN(test_different);
    RUN(test_fast_and_general);
    RUN(test_digit_order);
    RUN(test_limits);
    RUN(test_transform_text);
    RUN(test_transform_invert);
}
