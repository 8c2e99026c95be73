/* test_needs.c - puzzles that need a technique (nonet_needs_generate):
 * each puzzle has one solution, counted by a small backtracking counter
 * of this file's own (not nonet's solver); its ladder path uses the
 * technique before any harder one (and as the hardest step when asked),
 * walked here with the public ladder API; the position given is the
 * ladder's own position right before the technique's first step; the
 * same seed and index give the same puzzle whatever was made before. */
#include "unit.h"

#include <string.h>

/* ---------------------------------------------------------------- an independent counter */

static int ok_at(const uint8_t *g, int cell, int d)
{
    int r = cell / 9, c = cell % 9, br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 9; i++)
        if (g[r * 9 + i] == d || g[i * 9 + c] == d || g[(br + i / 3) * 9 + bc + i % 3] == d)
            return 0;
    return 1;
}

/* Solutions of g (cells 0 blank), counted up to limit: the blank cell
 * with the fewest digits first. */
static int count_solutions(uint8_t *g, int limit)
{
    int best = -1, fewest = 10;
    for (int cell = 0; cell < 81; cell++) {
        if (g[cell])
            continue;
        int k = 0;
        for (int d = 1; d <= 9; d++)
            k += ok_at(g, cell, d);
        if (k < fewest) {
            fewest = k;
            best = cell;
        }
    }
    if (best < 0)
        return 1;
    int found = 0;
    for (int d = 1; d <= 9 && found < limit; d++)
        if (ok_at(g, best, d)) {
            g[best] = (uint8_t)d;
            found += count_solutions(g, limit - found);
            g[best] = 0;
        }
    return found;
}

static int one_solution(const nonet_grid *p, const nonet_grid *sol)
{
    uint8_t g[81];
    memcpy(g, p->cells, 81);
    for (int c = 0; c < 81; c++) {
        if (p->cells[c] && (p->cells[c] != sol->cells[c]))
            return 0;
        if (p->cells[c]) { /* clues consistent */
            uint8_t d = g[c];
            g[c] = 0;
            int ok = ok_at(g, c, d);
            g[c] = d;
            if (!ok)
                return 0;
        }
    }
    return count_solutions(g, 2) == 1;
}

/* ---------------------------------------------------------------- the ladder's own walk */

/* Walks the ladder (ceiling: the technique's base) on p: 1 when the path
 * meets the technique (with hardest: and ends solved, it the hardest
 * step's technique), with the position before its first step. */
static int path_uses(nonet_human *h, const nonet_grid *p, nonet_technique t, int hardest,
                     nonet_grid *before, nonet_marks *marks, int *steps_before)
{
    nonet_human_set_ceiling(h, nonet_technique_base(t));
    if (nonet_human_start(h, p, NULL) != NONET_OK)
        return 0;
    int seen = 0, steps = 0;
    for (;;) {
        int found = nonet_human_find(h);
        if (found <= 0)
            break;
        for (int k = 0; k < found && !seen; k++) {
            nonet_step st;
            nonet_human_step(h, k, &st);
            if (st.technique == t) {
                seen = 1;
                nonet_human_position(h, before, marks);
                *steps_before = steps;
            }
        }
        if (seen && !hardest)
            return 1;
        nonet_human_apply(h, -1);
        steps++;
    }
    if (!hardest)
        return 0;
    nonet_rating rt;
    nonet_human_set_ceiling(h, 0);
    if (nonet_human_rate(h, p, NULL, &rt) != NONET_OK)
        return 0;
    return seen && !rt.stuck && rt.hardest == t;
}

/* ---------------------------------------------------------------- tests */

static void check_stream(nonet_technique t, int hardest, int count, int fresh)
{
    nonet_needs_opts o = {.technique = t, .hardest = hardest, .fresh = fresh};
    nonet_needs_gen *g = NULL;
    CHECK(nonet_needs_new(&o, &g) == NONET_OK);
    nonet_human *h = nonet_human_new();
    CHECK(h);
    static nonet_grid p, s, before;
    static nonet_needs_position pos;
    static nonet_marks marks;
    int distinct = 0;
    static nonet_grid prev;
    for (int i = 0; i < count; i++) {
        nonet_needs_info info;
        int rc = nonet_needs_generate(g, 2024, (uint64_t)i, &p, &s, &pos, &info);
        CHECKF(rc == NONET_OK, "%s: index %d: %s", nonet_technique_name(t), i, nonet_strerror(rc));
        CHECKF(one_solution(&p, &s), "%s: index %d: not one solution", nonet_technique_name(t), i);
        int steps = -1;
        CHECKF(path_uses(h, &p, t, hardest, &before, &marks, &steps),
               "%s%s: index %d: the path does not use it", nonet_technique_name(t),
               hardest ? " (hardest)" : "", i);
        CHECKF(nonet_grid_equal(&before, &pos.grid), "%s: index %d: position's digits",
               nonet_technique_name(t), i);
        for (int c = 0; c < 81; c++)
            CHECKF(marks.cands[c] == pos.marks.cands[c], "%s: index %d: marks of cell %d",
                   nonet_technique_name(t), i, c);
        CHECKF(steps == pos.rounds, "%s: index %d: steps %d, position says %d",
               nonet_technique_name(t), i, steps, pos.rounds);
        int clues = 0;
        for (int c = 0; c < 81; c++)
            clues += p.cells[c] != 0;
        CHECK(clues == info.clues);
        CHECK(info.base == (uint64_t)i / (uint64_t)(fresh ? fresh : NONET_NEEDS_FRESH));
        distinct += i == 0 || !nonet_grid_equal(&p, &prev);
        nonet_grid_copy(&prev, &p);
    }
    CHECK(distinct == count);
    nonet_human_free(h);
    nonet_needs_free(g);
}

static void test_common(void)
{
    check_stream(NONET_TECH_POINTING, 0, 40, 16);
    check_stream(NONET_TECH_X_WING, 0, 40, 0);
    check_stream(NONET_TECH_XY_WING, 0, 24, 8);
    check_stream(NONET_TECH_HIDDEN_PAIR, 0, 12, 0);
}

static void test_hardest(void)
{
    check_stream(NONET_TECH_NAKED_PAIR, 1, 12, 0);
    check_stream(NONET_TECH_UNIQUE_RECTANGLE, 1, 12, 4);
}

static void test_kept(void)
{
    CHECK(nonet_needs_seeded(NONET_TECH_JELLYFISH, 1));
    CHECK(!nonet_needs_seeded(NONET_TECH_X_WING, 0));
    check_stream(NONET_TECH_JELLYFISH, 0, 12, 4);
    check_stream(NONET_TECH_HIDDEN_QUAD, 1, 12, 0);
    check_stream(NONET_TECH_NAKED_QUAD, 1, 8, 0);
    /* kept as the hardest step alone: filtered as any step */
    CHECK(nonet_needs_seeded(NONET_TECH_ALIGNED_PAIR_EXCLUSION, 1));
    CHECK(!nonet_needs_seeded(NONET_TECH_ALIGNED_PAIR_EXCLUSION, 0));
    CHECK(nonet_needs_seeded(NONET_TECH_X_CYCLE, 1));
    CHECK(!nonet_needs_seeded(NONET_TECH_X_CYCLE, 0));
    check_stream(NONET_TECH_ALIGNED_PAIR_EXCLUSION, 1, 8, 0);
    check_stream(NONET_TECH_X_CYCLE, 1, 8, 4);
}

/* The same (seed, index) gives the same puzzle whatever came before. */
static void test_reproducible(void)
{
    nonet_needs_opts o = {.technique = NONET_TECH_XY_WING, .fresh = 4};
    nonet_needs_gen *a = NULL, *b = NULL;
    CHECK(nonet_needs_new(&o, &a) == NONET_OK && nonet_needs_new(&o, &b) == NONET_OK);
    static nonet_grid pa, pb, sa, sb;
    static nonet_needs_position qa, qb;
    for (int i = 0; i < 10; i++) /* a is warm, b starts cold at each index */
        CHECK(nonet_needs_generate(a, 7, (uint64_t)i, &pa, &sa, &qa, NULL) == NONET_OK);
    for (int i = 9; i >= 6; i--) {
        CHECK(nonet_needs_generate(a, 7, (uint64_t)i, &pa, &sa, &qa, NULL) == NONET_OK);
        CHECK(nonet_needs_generate(b, 99, 3, &pb, NULL, NULL, NULL) == NONET_OK);
        CHECK(nonet_needs_generate(b, 7, (uint64_t)i, &pb, &sb, &qb, NULL) == NONET_OK);
        CHECK(nonet_grid_equal(&pa, &pb) && nonet_grid_equal(&sa, &sb));
        CHECK(nonet_grid_equal(&qa.grid, &qb.grid) && qa.rounds == qb.rounds);
        CHECK(memcmp(qa.marks.cands, qb.marks.cands, 81 * sizeof qa.marks.cands[0]) == 0);
    }
    /* another seed, another puzzle */
    CHECK(nonet_needs_generate(b, 8, 6, &pb, NULL, NULL, NULL) == NONET_OK);
    CHECK(!nonet_grid_equal(&pa, &pb));
    nonet_needs_free(a);
    nonet_needs_free(b);
}

static void test_names_and_args(void)
{
    nonet_technique t;
    CHECK(nonet_technique_from_name("X-Wing", &t) == NONET_OK && t == NONET_TECH_X_WING);
    CHECK(nonet_technique_from_name("nishio forcing chain", &t) == NONET_OK &&
          t == NONET_TECH_NISHIO);
    CHECK(nonet_technique_from_name("xwing", &t) == NONET_EARG);
    CHECK(nonet_technique_base(NONET_TECH_X_WING) == 32);
    CHECK(nonet_technique_base(NONET_TECH_COUNT) == 0);
    char why[160];
    nonet_needs_opts o = {.technique = NONET_TECH_COUNT};
    CHECK(nonet_needs_check(&o, why, sizeof why) == NONET_EARG && why[0]);
    o.technique = NONET_TECH_X_WING;
    o.fresh = -1;
    CHECK(nonet_needs_check(&o, why, sizeof why) == NONET_EARG);
    CHECK(nonet_needs_check(NULL, NULL, 0) == NONET_EARG);
    nonet_needs_gen *g = (nonet_needs_gen *)1;
    CHECK(nonet_needs_new(&o, &g) == NONET_EARG && g == NULL);
    CHECK(nonet_needs_generate(NULL, 1, 1, NULL, NULL, NULL, NULL) == NONET_EARG);
    nonet_needs_free(NULL);
}

void suite_needs(void)
{
    RUN(test_names_and_args);
    RUN(test_common);
    RUN(test_hardest);
    RUN(test_kept);
    RUN(test_reproducible);
}
