/* test_reach.c - what a static chain search can reach (src/human/reach.c),
 * against a plain breadth-first search of the same links written here:
 * for positions of hard puzzles and every static mode, chain_reaches,
 * chain_on_cycle and chain_same_component must say exactly what the
 * search finds (a "no" that is wrong would lose a chain; a "maybe" that is
 * wrong would only cost time, but the tests ask for exact answers). */
#include "human/chains.h"
#include "unit.h"

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
        uint8_t *seen = malloc((size_t)x.nnodes),
                *reach = malloc((size_t)x.nnodes * (size_t)x.nnodes);
        int32_t *queue = malloc((size_t)x.nnodes * sizeof *queue);
        CHECK(seen && reach && queue);
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            chain_set_mode(&x, modes[m]);
            CHECK(chain_reach_build(&x));
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
        free(reach);
        free(queue);
    }
    chain_ctx_free(&x);
    /* the positions have both answers, many times */
    CHECKF(checked > 100000 && unreached > 1000 && cycles > 100, "%d pairs, %d apart, %d on cycles",
           checked, unreached, cycles);
}

void suite_reach(void)
{
    RUN(test_reach_exact);
}
