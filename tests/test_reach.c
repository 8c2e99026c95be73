/* test_reach.c - what a static chain search can reach (src/human/reach.c),
 * against a plain breadth-first search of the same links written here:
 * for positions of hard puzzles and every static mode, chain_reaches,
 * chain_on_cycle and chain_same_component must say exactly what the
 * search finds (a "no" that is wrong would lose a chain; a "maybe" that is
 * wrong would only cost time, but the tests ask for exact answers). And
 * the chain finders' fast path (one link graph per grid shared by every
 * static mode and kept, its changed part dropped, from one find to the
 * next, passes skipped by the best chain's bound, the quick test
 * of a cycle's eliminations) and the ladder's rungs that look only where
 * the position changed since the last find (hlist.look_units) against
 * their plain path (human_set_reference): the same steps, node for node,
 * on every step of chain puzzles; and the aligned exclusions looking only
 * where a position changed against looking everywhere. */
#include "human/chains.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void links_of(chain_ctx *x, int id)
{
    if (NODE_ON(id))
        links_on_to_off(x, id);
    else
        links_off_to_on(x, id);
}

/* The nodes reachable from `from` by one link or more, into seen[] (1). */
static void bfs(chain_ctx *x, int from, uint8_t *seen, int32_t *queue)
{
    memset(seen, 0, (size_t)x->nnodes);
    int head = 0, tail = 0;
    queue[tail++] = from;
    while (head < tail) {
        links_of(x, queue[head++]);
        for (int i = 0; i < x->nlink; i++)
            if (!seen[x->link[i]]) {
                seen[x->link[i]] = 1;
                queue[tail++] = x->link[i];
            }
    }
}

static void test_reach_exact(void)
{
    static const char *const puzzles[] = {
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "..............1.23..4.5...1...........6...4.7.8.3.2.......4.6...3.......1.....8..",
        "57..8.4.........3...32..1.5...4.8........5...2.7.....19.1.....4.8.7.9.....2....6.",
    };
    static const chain_mode modes[] = {{.x = 1}, {.y = 1}, {.y = 1, .x = 1}};
    static hstate s;
    chain_ctx x;
    memset(&x, 0, sizeof x);
    int checked = 0, cycles = 0, unreached = 0;
    for (size_t k = 0; k < sizeof puzzles / sizeof puzzles[0]; k++) {
        nonet_grid g;
        CHECK(grid_from_line(puzzles[k], 3, 3, &g));
        CHECK(hstate_load(&s, &g, NULL) == NONET_OK);
        CHECK(chain_ctx_prepare(&x, &s, NULL, NULL));
        uint8_t *seen = malloc((size_t)x.nnodes), *comp_on = malloc((size_t)x.nnodes),
                *reach = malloc((size_t)x.nnodes * (size_t)x.nnodes);
        int32_t *queue = malloc((size_t)x.nnodes * sizeof *queue);
        CHECK(seen && comp_on && reach && queue);
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            chain_set_mode(&x, modes[m]);
            /* without the rows: components only, reaches always "maybe" */
            CHECK(chain_reach_build(&x, 0));
            for (int a = 0; a < x.nnodes; a += 7)
                CHECK(chain_reaches(&x, a, (a * 31) % x.nnodes) == 1);
            for (int a = 0; a < x.nnodes; a++)
                comp_on[a] = (uint8_t)chain_on_cycle(&x, a);
            CHECK(chain_reach_build(&x, 1));
            for (int a = 0; a < x.nnodes; a++)
                CHECK(comp_on[a] == chain_on_cycle(&x, a));
            /* the candidates' nodes, and what each reaches */
            for (int a = 0; a < x.nnodes; a++) {
                int c = NODE_CELL(9, a), d = NODE_DIGIT(9, a);
                if (s.value[c] || !(x.cand[c] >> (d - 1) & 1))
                    continue;
                bfs(&x, a, seen, queue);
                memcpy(reach + (size_t)a * (size_t)x.nnodes, seen, (size_t)x.nnodes);
            }
            for (int a = 0; a < x.nnodes; a++) {
                int c = NODE_CELL(9, a), d = NODE_DIGIT(9, a);
                if (s.value[c] || !(x.cand[c] >> (d - 1) & 1))
                    continue;
                const uint8_t *ra = reach + (size_t)a * (size_t)x.nnodes;
                CHECKF(chain_on_cycle(&x, a) == ra[a],
                       "puzzle %zu mode %zu node %d: cycle %d, bfs %d", k, m, a,
                       chain_on_cycle(&x, a), ra[a]);
                cycles += ra[a];
                for (int b = 0; b < x.nnodes; b++) {
                    int cb = NODE_CELL(9, b), db = NODE_DIGIT(9, b);
                    if (s.value[cb] || !(x.cand[cb] >> (db - 1) & 1))
                        continue;
                    const uint8_t *rb = reach + (size_t)b * (size_t)x.nnodes;
                    int path = ra[b] || a == b, both = (ra[b] && rb[a]) || a == b;
                    CHECKF(chain_reaches(&x, a, b) == path,
                           "puzzle %zu mode %zu: %d -> %d: %d, bfs %d", k, m, a, b,
                           chain_reaches(&x, a, b), path);
                    CHECKF(chain_same_component(&x, a, b) == both, "puzzle %zu mode %zu: %d ~ %d",
                           k, m, a, b);
                    unreached += !path;
                    checked++;
                }
            }
        }
        free(seen);
        free(comp_on);
        free(reach);
        free(queue);
    }
    chain_ctx_free(&x);
    /* the positions have both answers, many times */
    CHECKF(checked > 100000 && unreached > 1000 && cycles > 100, "%d pairs, %d apart, %d on cycles",
           checked, unreached, cycles);
}

static int same_items(const nonet_cell_digits *a, const nonet_cell_digits *b, int count)
{
    for (int i = 0; i < count; i++)
        if (a[i].cell != b[i].cell || a[i].digits != b[i].digits || a[i].role != b[i].role)
            return 0;
    return 1;
}

static int same_step(const nonet_step *a, const nonet_step *b)
{
    if (a->technique != b->technique || a->difficulty != b->difficulty ||
        a->complexity != b->complexity || a->chain_kind != b->chain_kind ||
        a->nunits != b->nunits || a->npattern != b->npattern || a->nplacements != b->nplacements ||
        a->neliminations != b->neliminations || a->nchain != b->nchain ||
        a->nchain_parents != b->nchain_parents)
        return 0;
    for (int i = 0; i < a->nunits; i++)
        if (a->units[i] != b->units[i])
            return 0;
    if (!same_items(a->pattern, b->pattern, a->npattern) ||
        !same_items(a->placements, b->placements, a->nplacements) ||
        !same_items(a->eliminations, b->eliminations, a->neliminations))
        return 0;
    for (int i = 0; i < a->nchain; i++) {
        const nonet_chain_node *p = &a->chain[i], *q = &b->chain[i];
        if (p->cell != q->cell || p->digit != q->digit || p->on != q->on ||
            p->branch != q->branch || p->link != q->link || p->unit != q->unit ||
            p->parents != q->parents || p->nparents != q->nparents)
            return 0;
    }
    for (int i = 0; i < a->nchain_parents; i++)
        if (a->chain_parents[i] != b->chain_parents[i])
            return 0;
    return 1;
}

/* Every step of the chain-tier puzzles of tests/data/chain_paths.txt,
 * found by the fast path and by the plain one from the same positions:
 * the same steps, in the same order. */
static void test_fast_path_same(void)
{
    FILE *f = fopen("tests/data/chain_paths.txt", "r");
    CHECK(f);
    nonet_human *fast = nonet_human_new(), *plain = nonet_human_new();
    CHECK(fast && plain);
    human_set_reference(plain, 1);
    char line[256], text[82];
    int puzzles = 0, chain_steps = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%81s", text) != 1)
            continue;
        nonet_grid g;
        CHECK(grid_from_line(text, 3, 3, &g));
        CHECK(nonet_human_start(fast, &g, NULL) == NONET_OK);
        CHECK(nonet_human_start(plain, &g, NULL) == NONET_OK);
        for (int step = 0;; step++) {
            int a = nonet_human_find(fast), b = nonet_human_find(plain);
            CHECKF(a == b, "puzzle %d step %d: %d steps found, plain path %d", puzzles, step, a, b);
            if (a != b || a <= 0)
                break;
            for (int i = 0; i < a; i++) {
                nonet_step sa, sb;
                CHECK(nonet_human_step(fast, i, &sa) == NONET_OK);
                CHECK(nonet_human_step(plain, i, &sb) == NONET_OK);
                CHECKF(same_step(&sa, &sb), "puzzle %d (%s) step %d: %s %d, plain path %s %d",
                       puzzles, text, step, nonet_technique_name(sa.technique), sa.complexity,
                       nonet_technique_name(sb.technique), sb.complexity);
                chain_steps += sa.nchain > 0;
            }
            CHECK(nonet_human_apply(fast, -1) > 0 && nonet_human_apply(plain, -1) > 0);
        }
        puzzles++;
    }
    if (f)
        fclose(f);
    nonet_human_free(fast);
    nonet_human_free(plain);
    CHECKF(puzzles >= 70 && chain_steps >= 300, "%d puzzles, %d chain steps", puzzles, chain_steps);
}

/* h_count (human.h): its table for 9-bit sets and the builtin beyond,
 * against a count bit by bit. */
static void test_count(void)
{
    for (uint64_t set = 0; set < 4096; set++) {
        int bits = 0;
        for (uint64_t m = set; m; m >>= 1)
            bits += (int)(m & 1);
        CHECKF(h_count(set) == bits, "h_count(%u) = %d, not %d", (unsigned)set, h_count(set), bits);
    }
    CHECK(h_count(~(uint64_t)0) == 64 && h_count((uint64_t)1 << 63) == 1);
}

/* The aligned exclusions with hlist.look_cells: on a position derived
 * from one where the finder found nothing (candidates removed at random),
 * looking only at the changed cells and their peers finds exactly what
 * looking everywhere finds. The positions are random, so the finders
 * find something in many of them. */
static void same_hints(const hlist *a, const hlist *b, const char *what, int k)
{
    int same = a->nhints == b->nhints && a->nitems == b->nitems;
    for (int i = 0; same && i < a->nhints; i++)
        same = a->hints[i].technique == b->hints[i].technique &&
               a->hints[i].pattern == b->hints[i].pattern &&
               a->hints[i].npattern == b->hints[i].npattern &&
               a->hints[i].nelim == b->hints[i].nelim;
    for (int i = 0; same && i < a->nitems; i++)
        same = a->items[i].cell == b->items[i].cell && a->items[i].digits == b->items[i].digits &&
               a->items[i].role == b->items[i].role;
    CHECKF(same, "%s, position %d: %d hints looking where it changed, %d everywhere", what, k,
           b->nhints, a->nhints);
}

/* The test's own seeded numbers (a 64-bit LCG's high bits). */
static unsigned next_number(uint64_t *state, unsigned below)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    return (unsigned)(*state >> 33) % below;
}

/* Removes `count` random candidates from cand, none a cell's last. */
static void remove_some(uint64_t *state, uint64_t *cand, int count)
{
    for (int d = 0; d < count; d++) {
        unsigned c = next_number(state, 81);
        uint64_t m = cand[c];
        if (h_count(m) < 2)
            continue;
        for (unsigned q = next_number(state, (unsigned)h_count(m)); q > 0; q--)
            m &= m - 1;
        cand[c] &= ~(m & -m);
    }
}

static void test_look_exclusion(void)
{
    static hstate s;
    hlist all, part;
    memset(&all, 0, sizeof all);
    memset(&part, 0, sizeof part);
    nonet_generator *gen;
    CHECK(nonet_generator_new(NULL, &gen) == NONET_OK);
    uint64_t state = 7;
    int found[2] = {0, 0}, compared = 0;
    for (int k = 0; k < 600; k++) {
        nonet_grid g;
        CHECK(nonet_generate(gen, 40, (uint64_t)k / 20, &g, NULL, NULL) == NONET_OK);
        CHECK(hstate_load(&s, &g, NULL) == NONET_OK);
        uint8_t value[81];
        uint64_t full[81], was[81], cand[81];
        memcpy(value, s.value, sizeof value);
        memcpy(full, s.cand, sizeof full);
        /* this position: many candidates gone, so that many cells have two
         * or three (the exclusions' excluding cells); wanted with hints */
        memcpy(cand, full, sizeof cand);
        remove_some(&state, cand, 40 + (int)next_number(&state, 60));
        int f = k & 1;
        hfind_fn *find = f ? find_aligned_triples : find_aligned_pairs;
        hstate_set(&s, value, cand);
        hlist_clear(&all);
        find(&s, 0, &all);
        if (all.nhints == 0)
            continue;
        /* an earlier one without hints: the same with candidates back in
         * a cell of each hint's pattern, a hint at a time */
        memcpy(was, cand, sizeof was);
        for (int tries = 0; tries < 12 && all.nhints > 0; tries++) {
            const hhint *h = &all.hints[0];
            int c = all.items[h->pattern + (int)next_number(&state, (unsigned)h->npattern)].cell;
            was[c] = full[c];
            hstate_set(&s, value, was);
            hlist_clear(&all);
            find(&s, 0, &all);
        }
        if (all.nhints > 0)
            continue;
        uint64_t look[2] = {0, 0};
        for (int c = 0; c < 81; c++)
            if (cand[c] != was[c])
                for (int p = 0; p < 81; p++)
                    if (p == c || h_peers(&s, c, p))
                        look[p >> 6] |= (uint64_t)1 << (p & 63);
        hstate_set(&s, value, cand);
        hlist_clear(&all);
        find(&s, 0, &all);
        hlist_clear(&part);
        part.look_cells = look;
        find(&s, 0, &part);
        part.look_cells = NULL;
        same_hints(&all, &part, f ? "aligned triples" : "aligned pairs", k);
        found[f] += all.nhints > 0;
        compared++;
    }
    CHECKF(compared >= 100 && found[0] >= 10 && found[1] >= 10,
           "%d positions compared, %d with aligned pairs, %d with triples", compared, found[0],
           found[1]);
    hlist_free(&all);
    hlist_free(&part);
    nonet_generator_free(gen);
}

void suite_reach(void)
{
    RUN(test_count);
    RUN(test_reach_exact);
    RUN(test_fast_path_same);
    RUN(test_look_exclusion);
}
