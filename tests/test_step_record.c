/* test_step_record.c - the human solver's step records against their
 * definitions, checked by step_check.c (which shares no code with the
 * solver): every step of every puzzle of tests/data/techniques.txt (each
 * technique family: fish, wings, subsets, cycles, forcing chains, Nishio,
 * multiple, dynamic and nested forcing chains) on the position it was
 * found in; the same record in JSON; and sabotage that the checker must
 * catch. */
#include "step_check.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TECH_FILE "tests/data/techniques.txt"

/* Every step found at every position of the walk of g (or of the position
 * g, marks), checked; seen[t]: steps of technique t checked. Returns the
 * violations (the first described on stderr), or -1 when the walk fails. */
static long walk_checked(nonet_human *h, const nonet_grid *g, const nonet_marks *marks,
                         step_counts *c, int *seen, int max_finds)
{
    static nonet_grid pos;
    static nonet_marks pm;
    if (nonet_human_start(h, g, marks) != NONET_OK)
        return -1;
    long before = c->violations;
    for (int f = 0; f < max_finds; f++) {
        int found = nonet_human_find(h);
        if (found < 0)
            return -1;
        if (found == 0)
            break;
        nonet_human_position(h, &pos, &pm);
        for (int i = 0; i < found; i++) {
            nonet_step st;
            char why[256];
            if (nonet_human_step(h, i, &st) != NONET_OK)
                return -1;
            seen[st.technique]++;
            if (step_check(&st, &pos, &pm, c, why, sizeof why))
                fprintf(stderr, "step_record: %s: %s\n", nonet_technique_name(st.technique), why);
        }
        if (nonet_human_apply(h, -1) < 0)
            return -1;
    }
    return c->violations - before;
}

static int load_lines(const char *path, char (*out)[82], int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        memcpy(out[n], line, 81);
        out[n++][81] = '\0';
    }
    fclose(f);
    return n;
}

/* Every technique family on fixed puzzles: no violation, and every
 * family and label met. */
static void test_families(void)
{
    static char lines[64][82];
    static nonet_grid g;
    int count = load_lines(TECH_FILE, lines, 64);
    CHECK(count >= 30);
    nonet_human *h = nonet_human_new();
    CHECK(h);
    step_counts c = {0};
    int seen[NONET_TECH_COUNT] = {0};
    for (int i = 0; i < count; i++) {
        CHECK(grid_from_line(lines[i], 3, 3, &g));
        long bad = walk_checked(h, &g, NULL, &c, seen, 1000);
        CHECKF(bad == 0, "%ld violations in puzzle %d of " TECH_FILE, bad, i + 1);
    }
    nonet_human_free(h);
    static const nonet_technique families[] = {
        NONET_TECH_POINTING,
        NONET_TECH_NAKED_PAIR,
        NONET_TECH_HIDDEN_PAIR,
        NONET_TECH_X_WING,
        NONET_TECH_SWORDFISH,
        NONET_TECH_JELLYFISH,
        NONET_TECH_XY_WING,
        NONET_TECH_XYZ_WING,
        NONET_TECH_X_CYCLE,
        NONET_TECH_Y_CYCLE,
        NONET_TECH_FORCING_X_CHAIN,
        NONET_TECH_FORCING_CHAIN,
        NONET_TECH_NISHIO,
        NONET_TECH_MULTIPLE_FORCING_CHAINS,
        NONET_TECH_DYNAMIC_FORCING_CHAINS,
        NONET_TECH_DYNAMIC_FORCING_CHAINS_PLUS,
        NONET_TECH_NESTED_FORCING_CHAINS,
    };
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        CHECKF(seen[families[i]] > 0, "no %s checked", nonet_technique_name(families[i]));
    CHECK(c.violations == 0);
    CHECK(c.strong > 50 && c.weak > 50 && c.implied > 10 && c.rule > 0);
    CHECK(c.links > 0 && c.eliminations > 0 && c.roles > 0);
    fprintf(stderr,
            "note: step records: %ld steps (%ld chains), %ld links (%ld strong, %ld weak, %ld "
            "implied, %ld by a rule, %ld by a nested chain), %ld eliminations checked\n",
            c.steps, c.chain_steps, c.links, c.strong, c.weak, c.implied, c.rule, c.nested,
            c.eliminations);
}

/* Positions whose next step is a nested forcing chain: the nested chain's
 * conclusion comes from candidates other chains removed (NESTED links). */
static void test_nested(void)
{
    static nonet_puzzle p;
    FILE *f = fopen("tests/data/nested_positions.txt", "r");
    CHECK(f);
    nonet_human *h = nonet_human_new();
    CHECK(h);
    char line[1024];
    step_counts c = {0};
    int seen[NONET_TECH_COUNT] = {0}, tested = 0;
    while (tested < 2 && fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        CHECK(nonet_parse(line, strlen(line), NULL, &p, NULL) == NONET_OK && p.has_marks);
        long bad = walk_checked(h, &p.grid, &p.marks, &c, seen, 1);
        CHECKF(bad == 0, "%ld violations", bad);
        tested++;
    }
    fclose(f);
    nonet_human_free(h);
    CHECK(tested == 2 && c.chain_steps >= 2 && c.violations == 0);
}

/* A copy of a step that the sabotage may change. */
typedef struct copy {
    nonet_step st;
    nonet_chain_node nodes[4096];
    int parents[16384];
    nonet_cell_digits items[3][512];
    nonet_grid g;
    nonet_marks m;
} copy;

static void take(copy *k, const nonet_step *st, const nonet_grid *g, const nonet_marks *m)
{
    k->st = *st;
    /* memcpy wants valid pointers even for nothing: a step without a
     * chain has none */
    if (st->nchain)
        memcpy(k->nodes, st->chain, (size_t)st->nchain * sizeof *st->chain);
    if (st->nchain_parents)
        memcpy(k->parents, st->chain_parents, (size_t)st->nchain_parents * sizeof(int));
    if (st->npattern)
        memcpy(k->items[0], st->pattern, (size_t)st->npattern * sizeof *st->pattern);
    if (st->nplacements)
        memcpy(k->items[1], st->placements, (size_t)st->nplacements * sizeof *st->placements);
    if (st->neliminations)
        memcpy(k->items[2], st->eliminations, (size_t)st->neliminations * sizeof *st->eliminations);
    k->st.chain = k->nodes;
    k->st.chain_parents = k->parents;
    k->st.pattern = k->items[0];
    k->st.placements = k->items[1];
    k->st.eliminations = k->items[2];
    k->g = *g;
    k->m = *m;
}

static int has_link(const nonet_step *st, nonet_link link)
{
    for (int i = 0; i < st->nchain; i++)
        if (st->chain[i].link == link)
            return i;
    return -1;
}

/* Finds, walking the puzzles of techniques.txt, the first step of
 * technique t (any when t < 0) that has a node of link want (any step
 * when want is NONET_LINK_NONE). */
static int find_step(copy *k, int t, nonet_link want)
{
    static char lines[64][82];
    static nonet_grid g;
    int count = load_lines(TECH_FILE, lines, 64), ok = 0;
    nonet_human *h = nonet_human_new();
    for (int i = 0; h && i < count && !ok; i++) {
        if (!grid_from_line(lines[i], 3, 3, &g) || nonet_human_start(h, &g, NULL) != NONET_OK)
            break;
        for (int found; !ok && (found = nonet_human_find(h)) > 0;) {
            for (int j = 0; j < found && !ok; j++) {
                nonet_step st;
                nonet_human_step(h, j, &st);
                if ((t < 0 || (int)st.technique == t) && st.nchain <= 4096 &&
                    st.nchain_parents <= 16384 && st.npattern <= 512 && st.neliminations <= 512 &&
                    (want == NONET_LINK_NONE || has_link(&st, want) >= 0)) {
                    nonet_grid pos;
                    nonet_marks pm;
                    nonet_human_position(h, &pos, &pm);
                    take(k, &st, &pos, &pm);
                    ok = 1;
                }
            }
            nonet_human_apply(h, -1);
        }
    }
    nonet_human_free(h);
    return ok;
}

static int violations(copy *k)
{
    step_counts c = {0};
    char why[256];
    return step_check(&k->st, &k->g, &k->m, &c, why, sizeof why);
}

/* Mislabelled links, parents out of order, a wrong elimination, a wrong
 * role: each caught; the step as found passes. */
static void test_sabotage(void)
{
    static copy k;
    /* a dynamic chain: an implied node called strong */
    CHECK(find_step(&k, NONET_TECH_DYNAMIC_FORCING_CHAINS, NONET_LINK_IMPLIED));
    CHECK(violations(&k) == 0);
    int i = has_link(&k.st, NONET_LINK_IMPLIED);
    k.nodes[i].link = NONET_LINK_STRONG;
    k.nodes[i].nparents = 1;
    CHECK(violations(&k) > 0);
    /* ... and with all its parents, still not strong */
    CHECK(find_step(&k, NONET_TECH_DYNAMIC_FORCING_CHAINS, NONET_LINK_IMPLIED));
    i = has_link(&k.st, NONET_LINK_IMPLIED);
    k.nodes[i].link = NONET_LINK_STRONG;
    CHECK(violations(&k) > 0);
    /* an implied node with one of its parents dropped */
    CHECK(find_step(&k, NONET_TECH_DYNAMIC_FORCING_CHAINS, NONET_LINK_IMPLIED));
    i = has_link(&k.st, NONET_LINK_IMPLIED);
    CHECK(k.nodes[i].nparents >= 2);
    k.nodes[i].nparents--;
    k.nodes[i].parents++;
    CHECK(violations(&k) > 0);
    /* a weak link called strong, a strong one weak */
    CHECK(find_step(&k, NONET_TECH_FORCING_CHAIN, NONET_LINK_STRONG));
    CHECK(violations(&k) == 0);
    i = has_link(&k.st, NONET_LINK_WEAK);
    k.nodes[i].link = NONET_LINK_STRONG;
    CHECK(violations(&k) > 0);
    CHECK(find_step(&k, NONET_TECH_FORCING_CHAIN, NONET_LINK_STRONG));
    i = has_link(&k.st, NONET_LINK_STRONG);
    k.nodes[i].link = NONET_LINK_WEAK;
    CHECK(violations(&k) > 0);
    /* a strong link between candidates that are not a pair: another
     * candidate of the cell put back into the position */
    CHECK(find_step(&k, NONET_TECH_FORCING_CHAIN, NONET_LINK_STRONG));
    i = has_link(&k.st, NONET_LINK_STRONG);
    int c = k.nodes[i].cell;
    if (k.nodes[i].unit < 0)
        k.m.cands[c] = k.g.n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k.g.n) - 1;
    else
        for (int cell = 0; cell < k.g.n * k.g.n; cell++)
            if (!k.g.cells[cell])
                k.m.cands[cell] |= (uint64_t)1 << (k.nodes[i].digit - 1);
    CHECK(violations(&k) > 0);
    /* a parent that comes later */
    CHECK(find_step(&k, NONET_TECH_FORCING_CHAIN, NONET_LINK_STRONG));
    i = has_link(&k.st, NONET_LINK_STRONG);
    k.parents[k.nodes[i].parents] = i + 1;
    CHECK(violations(&k) > 0);
    /* a loop's elimination moved to a candidate its ends do not see */
    CHECK(find_step(&k, NONET_TECH_X_CYCLE, NONET_LINK_STRONG) ||
          find_step(&k, NONET_TECH_Y_CYCLE, NONET_LINK_STRONG));
    CHECK(violations(&k) == 0 && k.st.neliminations > 0);
    int moved = 0;
    for (int cell = 0; cell < k.g.n * k.g.n && !moved; cell++)
        if (!k.g.cells[cell] && (k.m.cands[cell] & k.items[2][0].digits) == k.items[2][0].digits &&
            cell != k.items[2][0].cell) {
            int near = 0;
            for (int j = 0; j < k.st.nchain; j++)
                near |= k.nodes[j].cell / 9 == cell / 9 || k.nodes[j].cell % 9 == cell % 9 ||
                        k.nodes[j].cell == cell;
            if (!near) {
                k.items[2][0].cell = cell;
                moved = 1;
            }
        }
    CHECK(moved && violations(&k) > 0);
}

/* A wing's roles and a fish's: swapped roles are caught. */
static void test_roles_sabotage(void)
{
    static char lines[64][82];
    static nonet_grid g;
    static copy k;
    int count = load_lines(TECH_FILE, lines, 64), wing = 0, fish = 0;
    nonet_human *h = nonet_human_new();
    CHECK(h);
    for (int i = 0; i < count && !(wing && fish); i++) {
        CHECK(grid_from_line(lines[i], 3, 3, &g) && nonet_human_start(h, &g, NULL) == NONET_OK);
        for (int found; !(wing && fish) && (found = nonet_human_find(h)) > 0;) {
            for (int j = 0; j < found; j++) {
                nonet_step st;
                CHECK(nonet_human_step(h, j, &st) == NONET_OK);
                int is_wing = st.technique == NONET_TECH_XY_WING,
                    is_fish =
                        st.technique == NONET_TECH_X_WING || st.technique == NONET_TECH_SWORDFISH;
                if ((!is_wing || wing) && (!is_fish || fish))
                    continue;
                nonet_grid pos;
                nonet_marks pm;
                nonet_human_position(h, &pos, &pm);
                take(&k, &st, &pos, &pm);
                CHECK(violations(&k) == 0);
                if (is_wing) {
                    k.items[0][0].role = NONET_ROLE_PINCER;
                    k.items[0][1].role = NONET_ROLE_PIVOT;
                    wing = 1;
                } else {
                    k.items[0][0].role = NONET_ROLE_DEFINING;
                    fish = 1;
                }
                CHECK(violations(&k) > 0);
            }
            nonet_human_apply(h, -1);
        }
    }
    nonet_human_free(h);
    CHECK(wing && fish);
}

static int count_of(const char *text, const char *what)
{
    int k = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        k++;
    return k;
}

/* The JSON record says what the structs say: each node's link and
 * parents, the pattern's roles, the houses. */
static void test_json(void)
{
    static copy k;
    static char buf[1 << 20];
    CHECK(find_step(&k, NONET_TECH_DYNAMIC_FORCING_CHAINS, NONET_LINK_IMPLIED));
    long len = nonet_step_json(&k.st, 9, NULL, buf, sizeof buf);
    CHECK(len > 0 && (size_t)len < sizeof buf);
    int want[6] = {0}, parents = 0, assumptions = 0;
    for (int i = 0; i < k.st.nchain; i++) {
        want[k.nodes[i].link]++;
        parents += k.nodes[i].nparents > 0;
        assumptions += k.nodes[i].nparents == 0;
    }
    CHECK(count_of(buf, "\"link\":\"strong\"") == want[NONET_LINK_STRONG]);
    CHECK(count_of(buf, "\"link\":\"weak\"") == want[NONET_LINK_WEAK]);
    CHECK(count_of(buf, "\"link\":\"implied\"") ==
          want[NONET_LINK_IMPLIED] + want[NONET_LINK_RULE] + want[NONET_LINK_NESTED]);
    CHECK(count_of(buf, "\"by\":\"house\"") + count_of(buf, "\"by\":\"cell\"") ==
          want[NONET_LINK_IMPLIED]);
    CHECK(count_of(buf, "\"parents\":[") == parents);
    CHECK(assumptions >= 1 && count_of(buf, "\"on\":") == k.st.nchain);
    CHECK(strstr(buf, "\"role\":\"target\""));
    CHECK(strstr(buf, "\"houses\":["));
    /* a branch's parents count from the branch's own first node */
    CHECK(strstr(buf, "\"parents\":[0]"));
    /* an X-wing's base and cover lines, its candidates the base */
    CHECK(find_step(&k, NONET_TECH_X_WING, NONET_LINK_NONE));
    len = nonet_step_json(&k.st, 9, NULL, buf, sizeof buf);
    CHECK(len > 0 && (size_t)len < sizeof buf);
    CHECK(count_of(buf, "\"role\":\"cover\"}") == 2);
    CHECK(count_of(buf, "\"role\":\"base\"") == 2 + k.st.npattern);
    CHECK(!strstr(buf, "\"chain\""));
}

void suite_step_record(void)
{
    RUN(test_families);
    RUN(test_nested);
    RUN(test_sabotage);
    RUN(test_roles_sabotage);
    RUN(test_json);
}
