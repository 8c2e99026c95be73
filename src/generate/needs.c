/* needs.c - puzzles that need a technique, for a trainer: a base puzzle
 * whose ladder path uses the technique (filtered from random minimal
 * puzzles, dug under the technique's ceiling, or one of the library's own
 * for the rare techniques), dug again around the technique's pattern for
 * each output, then turned by a random symmetry of Sudoku.
 *
 * Why the symmetry is free: the ladder takes every step of the easiest
 * technique that applies, a set that does not depend on how the grid is
 * turned or its digits named (ladder.c orients chain searches by the
 * minlex form for the same reason), so a transformed puzzle has the same
 * path step for step, and the same single solution.
 *
 * Every random choice comes from (seed, index) through random.h: the base
 * of index is the (index / fresh)-th of the seed's stream and is kept
 * between calls, so a stream read in order finds each base once. */
#include "core/internal.h"
#include "core/random.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIG_TRIES 8               /* digs around the pattern per output */
#define SEED_WALK 4               /* digs a kept puzzle walks away from itself for a base */
#define NEEDS_TAG 0x4E45454453ull /* "NEEDS": the streams of this file */

/* The library's own bases for techniques that random minimal puzzles
 * rarely need (below about 1 in 1,000; as the hardest step, below about 1
 * in 10,000): each found once by filtering random minimal puzzles (seed
 * 7 of nonet_generate) and checked as nonet_needs_generate checks. A
 * puzzle whose technique is the hardest serves both ways. */
typedef struct kept {
    nonet_technique technique;
    int hardest;
    const char *puzzle;
} kept;

#include "generate/needs_kept.h"

#define NKEPT ((int)(sizeof kept_puzzles / sizeof kept_puzzles[0]))

struct nonet_needs_gen {
    nonet_needs_opts o;
    int ceiling;              /* the technique's base difficulty */
    nonet_generator *plain;   /* random minimal puzzles, no symmetry */
    nonet_generator *steered; /* hardest: dug under the ceiling (lazily) */
    nonet_generator *digger;  /* minimizing */
    nonet_human *human;
    nonet_solver *solver; /* a kept puzzle's solution */
    nonet_stop stop;
    /* the current base */
    int have_base;
    uint64_t base_seed, base_number, base_tries;
    int base_seeded;
    nonet_grid base, base_sol;
    uint8_t keep[81]; /* the cells the digging leaves empty */
    /* scratch */
    nonet_grid work, work_sol, cand;
    uint8_t cand_keep[81];
    /* the current dug puzzle (work), its position and rating */
    int have_member, member_dug, member_rating;
    uint64_t member_seed, member_number;
    nonet_needs_position pos;
};

/* ---------------------------------------------------------------- options */

int nonet_needs_check(const nonet_needs_opts *opts, char *why, size_t cap)
{
    char msg[160] = "";
    if (!opts)
        snprintf(msg, sizeof msg, "no options");
    else if (!nonet_technique_name(opts->technique))
        snprintf(msg, sizeof msg, "unknown technique %d", (int)opts->technique);
    else if (opts->fresh < 0 || opts->dig_every < 0)
        snprintf(msg, sizeof msg, "a new base or dig every %d puzzles: it must be 0 or more",
                 opts->fresh < 0 ? opts->fresh : opts->dig_every);
    if (why && cap)
        snprintf(why, cap, "%s", msg);
    return msg[0] ? NONET_EARG : NONET_OK;
}

/* Seeded as the hardest step when a kept puzzle has it hardest, as any
 * step when one has it not (a technique kept only as the hardest step is
 * filtered otherwise); a seeded generator then draws from every kept
 * puzzle that fits, a hardest one fitting both ways. */
int nonet_needs_seeded(nonet_technique technique, int hardest)
{
    for (int i = 0; i < NKEPT; i++)
        if (kept_puzzles[i].technique == technique && kept_puzzles[i].hardest == (hardest != 0))
            return 1;
    return 0;
}

void nonet_needs_free(nonet_needs_gen *g)
{
    if (!g)
        return;
    nonet_generator_free(g->plain);
    nonet_generator_free(g->steered);
    nonet_generator_free(g->digger);
    nonet_human_free(g->human);
    nonet_solver_free(g->solver);
    free(g);
}

int nonet_needs_new(const nonet_needs_opts *opts, nonet_needs_gen **out)
{
    if (!out)
        return NONET_EARG;
    *out = NULL;
    if (nonet_needs_check(opts, NULL, 0) != NONET_OK)
        return NONET_EARG;
    nonet_needs_gen *g = calloc(1, sizeof *g);
    if (!g)
        return NONET_ENOMEM;
    g->o = *opts;
    if (!g->o.fresh)
        g->o.fresh = NONET_NEEDS_FRESH;
    if (!g->o.dig_every)
        g->o.dig_every = NONET_NEEDS_DIG_EVERY;
    if (!g->o.max_tries)
        g->o.max_tries = NONET_NEEDS_TRIES;
    g->ceiling = nonet_technique_base(g->o.technique);
    /* the walk's ceiling: the technique's, but never below the singles'
     * (a full house is needed in nearly every path, and never first) */
    int singles = nonet_technique_base(NONET_TECH_NAKED_SINGLE);
    int walk = g->o.hardest || g->ceiling >= singles ? g->ceiling : singles;
    nonet_generate_opts plain = {0};
    plain.max_tries = 1;
    g->human = nonet_human_new();
    g->solver = nonet_solver_new(NONET_ENGINE_AUTO);
    if (!g->human || !g->solver || nonet_generator_new(&plain, &g->plain) != NONET_OK ||
        nonet_generator_new(NULL, &g->digger) != NONET_OK ||
        nonet_human_set_ceiling(g->human, walk) != NONET_OK) {
        nonet_needs_free(g);
        return NONET_ENOMEM;
    }
    *out = g;
    return NONET_OK;
}

void nonet_needs_set_stop(nonet_needs_gen *g, const nonet_stop *stop)
{
    if (!g)
        return;
    if (stop)
        g->stop = *stop;
    else
        memset(&g->stop, 0, sizeof g->stop);
    nonet_generator_set_stop(g->plain, &g->stop);
    nonet_generator_set_stop(g->steered, &g->stop);
    nonet_generator_set_stop(g->digger, &g->stop);
    nonet_human_set_stop(g->human, &g->stop);
    nonet_solver_set_stop(g->solver, &g->stop);
}

/* ---------------------------------------------------------------- the check */

static int halted(int rc)
{
    return rc == NONET_ECANCELED || rc == NONET_ETIMEOUT || rc == NONET_ENOMEM;
}

/* Walks the ladder (under the technique's ceiling) on p, which has one
 * solution: 1 when its path uses the technique (and, with hardest, ends
 * solved with it the hardest step's technique, *rating set), else 0; or
 * a halting status. pos (if non-NULL) gets the position before the
 * technique's first step, keep (if non-NULL) marks the cells of that
 * find's steps of the technique. */
static int check(nonet_needs_gen *g, const nonet_grid *p, nonet_needs_position *pos, uint8_t *keep,
                 int *rating)
{
    nonet_human *h = g->human;
    int rc = nonet_human_start(h, p, NULL);
    if (rc != NONET_OK)
        return rc == NONET_ENOMEM ? rc : 0;
    int seen = 0, rounds = 0, best = 0;
    nonet_technique hardest = NONET_TECH_COUNT;
    for (;;) {
        int found = nonet_human_find(h);
        if (found < 0)
            return found;
        if (found == 0)
            break;
        nonet_step st;
        for (int k = 0; k < found && !seen; k++) {
            nonet_human_step(h, k, &st);
            if (st.technique != g->o.technique)
                continue;
            seen = 1;
            if (pos) {
                nonet_human_position(h, &pos->grid, &pos->marks);
                pos->rounds = rounds;
            }
            if (keep) {
                memset(keep, 0, 81);
                for (int j = 0; j < found; j++) {
                    nonet_human_step(h, j, &st);
                    if (st.technique != g->o.technique)
                        continue;
                    for (int i = 0; i < st.npattern; i++)
                        keep[st.pattern[i].cell] = 1;
                    for (int i = 0; i < st.nplacements; i++)
                        keep[st.placements[i].cell] = 1;
                    for (int i = 0; i < st.neliminations; i++)
                        keep[st.eliminations[i].cell] = 1;
                }
            }
            if (!g->o.hardest)
                return 1;
        }
        rounds++;
        for (int k = 0; k < found; k++) {
            nonet_human_step(h, k, &st);
            int d = st.difficulty;
            nonet_technique t = st.technique;
            int changed = nonet_human_apply(h, k);
            if (changed < 0)
                return 0;
            if (changed > 0) {
                if (d > best) {
                    best = d;
                    hardest = t;
                }
            }
        }
    }
    if (!seen || !nonet_human_solved(h) || hardest != g->o.technique)
        return 0;
    if (rating)
        *rating = best;
    return 1;
}

/* ---------------------------------------------------------------- digging around the pattern */

static int clue_count(const nonet_grid *p)
{
    int k = 0;
    for (int c = 0; c < 81; c++)
        k += p->cells[c] != 0;
    return k;
}

/* Into *out: from with 2 to 4 of sol's digits put back (never in a kept
 * cell), dug to a minimal puzzle in a random order (nonet_minimize's cell
 * order in a randomly turned grid). Returns 1 when *out differs from
 * from, 0 when not, or a halting status. */
static int dig_around(nonet_needs_gen *g, const nonet_grid *from, const nonet_grid *sol,
                      const uint8_t *keep, rng *r, nonet_grid *out)
{
    int open[81], nopen = 0;
    for (int c = 0; c < 81; c++)
        if (!from->cells[c] && !keep[c])
            open[nopen++] = c;
    nonet_grid_copy(out, from);
    int add = 2 + (int)rng_below(r, 3);
    rng_shuffle(r, open, nopen);
    for (int i = 0; i < add && i < nopen; i++)
        out->cells[open[i]] = sol->cells[open[i]];
    nonet_transform t, back;
    nonet_transform_random(3, 3, rng_next(r), 0, &t);
    nonet_transform_invert(&t, &back);
    nonet_transform_apply(&t, out, out);
    int rc = nonet_minimize(g->digger, out, NONET_SYM_NONE);
    if (rc != NONET_OK)
        return halted(rc) ? rc : 0;
    nonet_transform_apply(&back, out, out);
    return !nonet_grid_equal(out, from);
}

/* ---------------------------------------------------------------- bases */

static int read_kept(const char *text, nonet_grid *p)
{
    nonet_grid_init(p, 3, 3);
    for (int c = 0; c < 81; c++)
        p->cells[c] = (uint8_t)(text[c] >= '1' && text[c] <= '9' ? text[c] - '0' : 0);
    return NONET_OK;
}

/* Makes the base number `number` of seed's stream g's base. */
static int find_base(nonet_needs_gen *g, uint64_t seed, uint64_t number)
{
    rng r;
    rng_seed(&r, seed ^ NEEDS_TAG, number);
    g->have_base = 0;
    g->base_tries = 0;
    g->base_seeded = nonet_needs_seeded(g->o.technique, g->o.hardest);
    if (g->base_seeded) {
        int which[64], nwhich = 0;
        for (int i = 0; i < NKEPT && nwhich < 64; i++)
            if (kept_puzzles[i].technique == g->o.technique &&
                (kept_puzzles[i].hardest || !g->o.hardest))
                which[nwhich++] = i;
        read_kept(kept_puzzles[which[rng_below(&r, (uint64_t)nwhich)]].puzzle, &g->base);
        uint64_t count = 0;
        int rc = nonet_solver_count(g->solver, &g->base, 2, &count, &g->base_sol, NULL);
        if (rc != NONET_OK || count != 1)
            return rc != NONET_OK ? rc : NONET_EGIVEUP;
        rc = check(g, &g->base, NULL, g->keep, NULL);
        if (rc <= 0)
            return rc < 0 ? rc : NONET_EGIVEUP;
        /* a walk of a few digs away from it, each still needing it */
        for (int step = 0, tries = 0; step < SEED_WALK && tries < 4 * SEED_WALK; tries++) {
            g->base_tries++;
            rc = dig_around(g, &g->base, &g->base_sol, g->keep, &r, &g->cand);
            if (rc < 0)
                return rc;
            if (rc == 0)
                continue;
            rc = check(g, &g->cand, NULL, g->cand_keep, NULL);
            if (rc < 0)
                return rc;
            if (rc == 0)
                continue;
            nonet_grid_copy(&g->base, &g->cand);
            memcpy(g->keep, g->cand_keep, sizeof g->keep);
            step++;
        }
    } else {
        nonet_generator *gen = g->plain;
        if (g->o.hardest) {
            if (!g->steered) {
                nonet_generate_opts o = {0};
                o.min_rating = o.max_rating = g->ceiling;
                o.max_tries = 1;
                if (nonet_generator_new(&o, &g->steered) != NONET_OK)
                    return NONET_ENOMEM;
                nonet_generator_set_stop(g->steered, &g->stop);
            }
            gen = g->steered;
        }
        uint64_t stream = rng_next(&r);
        int found = 0;
        while (!found && g->base_tries < g->o.max_tries) {
            int rc = nonet_generate(gen, stream, g->base_tries++, &g->base, &g->base_sol, NULL);
            if (rc == NONET_EGIVEUP)
                continue;
            if (rc != NONET_OK)
                return rc;
            rc = check(g, &g->base, NULL, g->keep, NULL);
            if (rc < 0)
                return rc;
            found = rc;
        }
        if (!found)
            return NONET_EGIVEUP;
    }
    g->have_base = 1;
    g->base_seed = seed;
    g->base_number = number;
    return NONET_OK;
}

/* ---------------------------------------------------------------- output */

/* The marks of a position turned by t (as nonet_transform_apply turns
 * its grid). */
static void turn_marks(const nonet_transform *t, const nonet_marks *in, nonet_marks *out)
{
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            int src = t->transpose ? t->col[j] * 9 + t->row[i] : t->row[i] * 9 + t->col[j];
            uint64_t set = in->cands[src], to = 0;
            for (int d = 1; d <= 9; d++)
                if (set & ((uint64_t)1 << (d - 1)))
                    to |= (uint64_t)1 << (t->digit[d] - 1);
            out->cands[i * 9 + j] = to;
        }
}

/* Makes g's member the puzzle dug around the base for the dig number
 * `number` of seed's stream (or the base itself when no dig keeps the
 * technique needed), with its position and rating. */
static int make_member(nonet_needs_gen *g, uint64_t seed, uint64_t number)
{
    rng r;
    rng_seed(&r, seed ^ (NEEDS_TAG << 8), number);
    g->have_member = 0;
    int dug = 0;
    for (int k = 0; k < DIG_TRIES && !dug; k++) {
        int rc = dig_around(g, &g->base, &g->base_sol, g->keep, &r, &g->work);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        rc = check(g, &g->work, &g->pos, NULL, &g->member_rating);
        if (rc < 0)
            return rc;
        dug = rc;
    }
    if (!dug) {
        nonet_grid_copy(&g->work, &g->base);
        int rc = check(g, &g->work, &g->pos, NULL, &g->member_rating);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return NONET_EGIVEUP; /* cannot happen: the base was checked */
    }
    g->member_dug = dug;
    g->have_member = 1;
    g->member_seed = seed;
    g->member_number = number;
    return NONET_OK;
}

int nonet_needs_generate(nonet_needs_gen *g, uint64_t seed, uint64_t index, nonet_grid *puzzle,
                         nonet_grid *solution, nonet_needs_position *position,
                         nonet_needs_info *info)
{
    if (!g || !puzzle)
        return NONET_EARG;
    uint64_t number = index / (uint64_t)g->o.fresh;
    /* the digs of a base are numbered on from fresh / dig_every a base */
    uint64_t per_base =
        ((uint64_t)g->o.fresh + (uint64_t)g->o.dig_every - 1) / (uint64_t)g->o.dig_every;
    uint64_t dig = number * per_base + index % (uint64_t)g->o.fresh / (uint64_t)g->o.dig_every;
    if (!g->have_base || g->base_seed != seed || g->base_number != number) {
        int rc = find_base(g, seed, number);
        if (rc != NONET_OK)
            return rc;
        g->have_member = 0;
    }
    if (!g->have_member || g->member_seed != seed || g->member_number != dig) {
        int rc = make_member(g, seed, dig);
        if (rc != NONET_OK)
            return rc;
    }
    rng r;
    rng_seed(&r, seed ^ (NEEDS_TAG << 16), index);
    int rating = g->member_rating, dug = g->member_dug;
    nonet_transform t;
    nonet_transform_random(3, 3, rng_next(&r), 0, &t);
    nonet_transform_apply(&t, &g->work, puzzle);
    if (solution)
        nonet_transform_apply(&t, &g->base_sol, solution);
    if (position) {
        nonet_transform_apply(&t, &g->pos.grid, &position->grid);
        turn_marks(&t, &g->pos.marks, &position->marks);
        position->rounds = g->pos.rounds;
    }
    if (info) {
        info->clues = clue_count(puzzle);
        info->rating = g->o.hardest ? rating : 0;
        info->seeded = g->base_seeded;
        info->dug = dug;
        info->base = number;
        info->tries = g->base_tries;
    }
    return NONET_OK;
}
