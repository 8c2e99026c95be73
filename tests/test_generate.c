/* test_generate.c - nonet_generate, nonet_minimize, nonet_is_minimal:
 * every puzzle made is checked by the tests' own counter (verify.c) for
 * one solution, for minimality group by group, and for its symmetry. */
#include "unit.h"

#include <string.h>

/* Where the symmetry sends cell (r, c), written out again here. */
static int image(nonet_symmetry s, int n, int cell)
{
    int r = cell / n, c = cell % n;
    switch (s) {
    case NONET_SYM_ROT180:
        return (n - 1 - r) * n + n - 1 - c;
    case NONET_SYM_ROT90:
        return c * n + n - 1 - r;
    case NONET_SYM_MIRROR:
        return r * n + n - 1 - c;
    case NONET_SYM_FLIP:
        return (n - 1 - r) * n + c;
    case NONET_SYM_DIAGONAL:
        return c * n + r;
    case NONET_SYM_ANTIDIAGONAL:
        return (n - 1 - c) * n + n - 1 - r;
    default:
        return cell;
    }
}

/* Whether p is symmetric, unique (with solution sol) and minimal: no
 * group of clues the symmetry maps onto each other can go. A message in
 * why otherwise. */
static int check_made(const nonet_grid *p, const nonet_grid *sol, nonet_symmetry s, char *why,
                      size_t cap)
{
    int n = p->n, br = p->box_rows, bc = p->box_cols;
    if (!verify_solution(p->cells, sol->cells, br, bc))
        return snprintf(why, cap, "the solution does not solve it"), 0;
    if (verify_count(p->cells, br, bc, 2) != 1)
        return snprintf(why, cap, "not one solution"), 0;
    for (int c = 0; c < n * n; c++)
        if (!p->cells[c] != !p->cells[image(s, n, c)])
            return snprintf(why, cap, "cell %d breaks the symmetry", c), 0;
    nonet_grid q = *p;
    for (int c = 0; c < n * n; c++) {
        if (!p->cells[c])
            continue;
        for (int x = c, k = 0; k < 4; k++, x = image(s, n, x))
            q.cells[x] = 0;
        if (verify_count(q.cells, br, bc, 2) < 2)
            return snprintf(why, cap, "the clues of cell %d's group can go", c), 0;
        q = *p;
    }
    return 1;
}

static int clue_count(const nonet_grid *g)
{
    int k = 0;
    for (int c = 0; c < g->n * g->n; c++)
        k += g->cells[c] != 0;
    return k;
}

static void test_every_shape_and_symmetry(void)
{
    static const int shapes[][3] = {{2, 2, 12}, {2, 3, 6}, {3, 2, 4}, {3, 3, 6}, {2, 4, 2}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        for (int s = NONET_SYM_NONE; s < NONET_SYM_RANDOM; s++) {
            nonet_generate_opts o = {
                .box_rows = shapes[k][0], .box_cols = shapes[k][1], .symmetry = (nonet_symmetry)s};
            nonet_generator *g;
            int rc = nonet_generator_new(&o, &g);
            if (!nonet_symmetry_fits((nonet_symmetry)s, o.box_rows, o.box_cols)) {
                CHECK(rc == NONET_EARG && g == NULL);
                continue;
            }
            CHECK(rc == NONET_OK);
            for (int i = 0; i < shapes[k][2]; i++) {
                nonet_grid p, sol;
                nonet_generated info;
                CHECK(nonet_generate(g, 11, (uint64_t)i, &p, &sol, &info) == NONET_OK);
                char why[100] = "";
                CHECKF(check_made(&p, &sol, (nonet_symmetry)s, why, sizeof why),
                       "%dx%d %s puzzle %d: %s", o.box_rows, o.box_cols,
                       nonet_symmetry_name((nonet_symmetry)s), i, why);
                CHECK(info.clues == clue_count(&p) && (int)info.symmetry == s && info.tries >= 1);
                CHECK(nonet_grid_symmetric(&p, (nonet_symmetry)s) == 1);
                CHECK(nonet_is_minimal(g, &p, (nonet_symmetry)s) == 1);
            }
            nonet_generator_free(g);
        }
    }
}

static void test_many_9x9(void)
{
    nonet_generate_opts o = {.symmetry = NONET_SYM_ROT180};
    nonet_generator *g;
    CHECK(nonet_generator_new(&o, &g) == NONET_OK);
    int total = 0;
    for (int i = 0; i < 40; i++) {
        nonet_grid p, sol;
        nonet_generated info;
        CHECK(nonet_generate(g, 5, (uint64_t)i, &p, &sol, &info) == NONET_OK);
        char why[100] = "";
        CHECKF(check_made(&p, &sol, NONET_SYM_ROT180, why, sizeof why), "puzzle %d: %s", i, why);
        total += info.clues;
    }
    /* minimal rot180 puzzles have 27 or 28 clues on average */
    CHECKF(total > 40 * 24 && total < 40 * 31, "average clues %.2f", total / 40.0);
    nonet_generator_free(g);
}

/* The same (seed, index) gives the same puzzle whatever came before and
 * whichever generator makes it; another index another puzzle. */
static void test_reproducible(void)
{
    nonet_generator *a, *b;
    CHECK(nonet_generator_new(NULL, &a) == NONET_OK);
    nonet_generate_opts o = {.symmetry = NONET_SYM_NONE};
    CHECK(nonet_generator_new(&o, &b) == NONET_OK);
    nonet_grid p1, p2, p3, s1, s2;
    CHECK(nonet_generate(a, 99, 7, &p1, &s1, NULL) == NONET_OK);
    CHECK(nonet_generate(b, 1, 3, &p2, NULL, NULL) == NONET_OK);
    CHECK(nonet_generate(b, 99, 7, &p2, &s2, NULL) == NONET_OK);
    CHECK(nonet_generate(a, 99, 8, &p3, NULL, NULL) == NONET_OK);
    CHECK(nonet_grid_equal(&p1, &p2) && nonet_grid_equal(&s1, &s2));
    CHECK(!nonet_grid_equal(&p1, &p3));
    nonet_generator_free(a);
    nonet_generator_free(b);
}

/* A seed's stream is part of the interface: these never change (an
 * engine's search order must not move them). */
static void test_pinned(void)
{
    static const char *const want[] = {
        ".....1..6.1..9.3..37..4...8..2....7.7.1...8.5.6....4..2...7..51..6.8..2.1..6.....",
        ".75..1...4...2..9.9.274......19...3...3...2...5...78......765.4.6..5...2...8..36.",
    };
    nonet_generate_opts o = {.symmetry = NONET_SYM_ROT180};
    nonet_generator *g;
    CHECK(nonet_generator_new(&o, &g) == NONET_OK);
    for (int i = 0; i < 2; i++) {
        nonet_grid p;
        char line[100];
        CHECK(nonet_generate(g, 2026, (uint64_t)i, &p, NULL, NULL) == NONET_OK);
        nonet_format(&p, NONET_LAYOUT_LINE, 0, line, sizeof line);
        line[81] = 0;
        CHECKF(strcmp(line, want[i]) == 0, "puzzle %d is %s", i, line);
    }
    nonet_generator_free(g);
}

static void test_targets(void)
{
    nonet_generator *g;
    nonet_grid p, sol;
    nonet_generated info;
    char why[100] = "";
    nonet_generate_opts exact = {.symmetry = NONET_SYM_ROT180, .clues = 33};
    CHECK(nonet_generator_new(&exact, &g) == NONET_OK);
    CHECK(nonet_generate(g, 3, 0, &p, &sol, &info) == NONET_OK);
    CHECK(clue_count(&p) == 33 && info.clues == 33);
    CHECK(verify_count(p.cells, 3, 3, 2) == 1 && verify_solution(p.cells, sol.cells, 3, 3));
    nonet_generator_free(g);

    nonet_generate_opts most = {.symmetry = NONET_SYM_NONE, .max_clues = 23};
    CHECK(nonet_generator_new(&most, &g) == NONET_OK);
    CHECK(nonet_generate(g, 3, 0, &p, &sol, &info) == NONET_OK);
    CHECK(clue_count(&p) <= 23);
    CHECKF(check_made(&p, &sol, NONET_SYM_NONE, why, sizeof why), "%s", why);
    nonet_generator_free(g);

    /* strict: symmetric, and no single clue can go either */
    nonet_generate_opts strict = {.symmetry = NONET_SYM_ROT180, .strict_minimal = 1};
    CHECK(nonet_generator_new(&strict, &g) == NONET_OK);
    for (int i = 0; i < 3; i++) {
        CHECK(nonet_generate(g, 4, (uint64_t)i, &p, &sol, &info) == NONET_OK);
        CHECKF(check_made(&p, &sol, NONET_SYM_ROT180, why, sizeof why), "%s", why);
        CHECKF(check_made(&p, &sol, NONET_SYM_NONE, why, sizeof why), "strict: %s", why);
    }
    nonet_generator_free(g);

    /* a target out of reach within the tries */
    nonet_generate_opts hard = {.symmetry = NONET_SYM_ROT180, .clues = 17, .max_tries = 3};
    CHECK(nonet_generator_new(&hard, &g) == NONET_OK);
    CHECK(nonet_generate(g, 3, 0, &p, NULL, &info) == NONET_EGIVEUP && info.tries == 3);
    nonet_generator_free(g);
}

static void test_bad_options(void)
{
    static const nonet_generate_opts bad[] = {
        {.box_rows = 2, .box_cols = 3, .symmetry = NONET_SYM_ROT90},
        {.box_rows = 2, .box_cols = 3, .symmetry = NONET_SYM_DIAGONAL},
        {.clues = 16},
        {.max_clues = 82},
        {.symmetry = NONET_SYM_ROT90, .clues = 22}, /* groups of 4 and the centre */
        {.clues = 30, .max_clues = 25},
        {.min_rating = 40, .max_rating = 20},
        {.box_rows = 9, .box_cols = 9},
        {.box_rows = 3},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char why[200] = "";
        nonet_generator *g = NULL;
        CHECKF(nonet_generate_check(&bad[i], why, sizeof why) == NONET_EARG && why[0],
               "options %zu", i);
        CHECK(nonet_generator_new(&bad[i], &g) == NONET_EARG && g == NULL);
    }
    char why[200] = "x";
    nonet_generate_opts fine = {.symmetry = NONET_SYM_ROT90, .clues = 21};
    CHECK(nonet_generate_check(&fine, why, sizeof why) == NONET_OK && why[0] == 0);
    CHECK(nonet_generate_check(NULL, NULL, 0) == NONET_OK);
    CHECK(nonet_generator_new(NULL, NULL) == NONET_EARG);
    CHECK(nonet_generate(NULL, 1, 1, NULL, NULL, NULL) == NONET_EARG);
}

static void test_minimize(void)
{
    nonet_generator *g;
    CHECK(nonet_generator_new(NULL, &g) == NONET_OK);
    nonet_grid p, sol, q;
    CHECK(nonet_generate(g, 8, 0, &p, &sol, NULL) == NONET_OK);
    /* the puzzle with every third blank filled in: not minimal */
    q = p;
    for (int c = 0; c < 81; c += 3)
        q.cells[c] = sol.cells[c];
    CHECK(nonet_is_minimal(g, &q, NONET_SYM_NONE) == 0);
    nonet_grid r = q;
    CHECK(nonet_minimize(g, &r, NONET_SYM_NONE) == NONET_OK);
    char why[100] = "";
    CHECKF(check_made(&r, &sol, NONET_SYM_NONE, why, sizeof why), "%s", why);
    for (int c = 0; c < 81; c++)
        CHECK(!r.cells[c] || r.cells[c] == q.cells[c]); /* only clues removed */
    /* with a symmetry, the missing partners come from the solution */
    r = q;
    CHECK(nonet_minimize(g, &r, NONET_SYM_DIAGONAL) == NONET_OK);
    CHECKF(check_made(&r, &sol, NONET_SYM_DIAGONAL, why, sizeof why), "diagonal: %s", why);
    CHECK(nonet_minimize(g, &r, NONET_SYM_RANDOM) == NONET_EARG);

    /* two solutions, none, clashing clues */
    nonet_grid two = p;
    for (int c = 0; c < 81; c++)
        two.cells[c] = c < 30 ? 0 : two.cells[c];
    CHECK(verify_count(two.cells, 3, 3, 2) == 2);
    q = two;
    CHECK(nonet_minimize(g, &q, NONET_SYM_NONE) == NONET_ENOTUNIQUE && nonet_grid_equal(&q, &two));
    q = sol;
    q.cells[0] = 0;
    q.cells[1] = sol.cells[0];
    q.cells[2] = 0;
    q.cells[10] = 0;
    CHECK(nonet_minimize(g, &q, NONET_SYM_NONE) == NONET_ECONFLICT);
    CHECK(nonet_minimize(NULL, &q, NONET_SYM_NONE) == NONET_EARG);
    nonet_grid small;
    nonet_grid_init(&small, 2, 3);
    CHECK(nonet_minimize(g, &small, NONET_SYM_ROT90) == NONET_EARG);
    nonet_generator_free(g);
}

static void test_levels(void)
{
    static const int bands[][2] = {{10, 12}, {16, 25}, {26, 60}, {61, 0}};
    for (size_t k = 0; k < sizeof bands / sizeof bands[0]; k++) {
        nonet_generate_opts o = {
            .symmetry = NONET_SYM_ROT180, .min_rating = bands[k][0], .max_rating = bands[k][1]};
        nonet_generator *g;
        CHECK(nonet_generator_new(&o, &g) == NONET_OK);
        nonet_human *h = nonet_human_new();
        CHECK(h != NULL);
        for (int i = 0; i < 2; i++) {
            nonet_grid p, sol;
            nonet_generated info;
            nonet_rating rt;
            CHECK(nonet_generate(g, 12, (uint64_t)i, &p, &sol, &info) == NONET_OK);
            CHECK(verify_count(p.cells, 3, 3, 2) == 1 && verify_solution(p.cells, sol.cells, 3, 3));
            CHECK(nonet_human_rate(h, &p, NULL, &rt) == NONET_OK && !rt.stuck);
            CHECKF(rt.difficulty == info.rating && rt.difficulty >= bands[k][0] &&
                       (!bands[k][1] || rt.difficulty <= bands[k][1]),
                   "band %d-%d: rated %d, generator said %d", bands[k][0], bands[k][1],
                   rt.difficulty, info.rating);
        }
        nonet_human_free(h);
        nonet_generator_free(g);
    }
}

static void test_larger(void)
{
    /* 12x12 and 16x16: one solution; a 55% target on 16x16 */
    nonet_generate_opts o12 = {.box_rows = 3, .box_cols = 4, .symmetry = NONET_SYM_ROT180};
    nonet_generate_opts o16 = {
        .box_rows = 4, .box_cols = 4, .symmetry = NONET_SYM_ROT90, .clues = 140};
    const nonet_generate_opts *opts[] = {&o12, &o16};
    for (int k = 0; k < 2; k++) {
        nonet_generator *g;
        nonet_grid p, sol;
        nonet_generated info;
        CHECK(nonet_generator_new(opts[k], &g) == NONET_OK);
        CHECK(nonet_generate(g, 6, 0, &p, &sol, &info) == NONET_OK);
        CHECK(verify_solution(p.cells, sol.cells, p.box_rows, p.box_cols));
        CHECK(verify_count(p.cells, p.box_rows, p.box_cols, 2) == 1);
        CHECK(nonet_grid_symmetric(&p, opts[k]->symmetry));
        CHECK(!opts[k]->clues || clue_count(&p) == opts[k]->clues);
        nonet_generator_free(g);
    }
}

static void test_names(void)
{
    for (int s = 0; s <= NONET_SYM_RANDOM; s++) {
        nonet_symmetry back;
        const char *name = nonet_symmetry_name((nonet_symmetry)s);
        CHECK(name && nonet_symmetry_from_name(name, &back) == NONET_OK && (int)back == s);
    }
    nonet_symmetry back;
    CHECK(nonet_symmetry_name((nonet_symmetry)99) == NULL);
    CHECK(nonet_symmetry_from_name("rot45", &back) == NONET_EARG);
    CHECK(nonet_symmetry_fits(NONET_SYM_MIRROR, 2, 3) &&
          !nonet_symmetry_fits(NONET_SYM_ROT90, 2, 3));
    CHECK(nonet_grid_symmetric(NULL, NONET_SYM_NONE) == 0);
}

void suite_generate(void)
{
    RUN(test_every_shape_and_symmetry);
    RUN(test_many_9x9);
    RUN(test_reproducible);
    RUN(test_pinned);
    RUN(test_targets);
    RUN(test_bad_options);
    RUN(test_minimize);
    RUN(test_levels);
    RUN(test_larger);
    RUN(test_names);
}
