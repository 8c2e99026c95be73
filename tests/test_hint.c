/* test_hint.c - hints in three levels (nonet_step_hint, _hint_json,
 * _region, _hint_cells) on every step of the walks of fixed puzzles
 * (tests/data/techniques.txt: singles, locked candidates, subsets, fish,
 * wings, uniqueness, cycles and forcing chains; and a 6x6 puzzle, whose
 * boxes are not square), checked by readers written here that share
 * nothing with the code under test:
 *   level 1: the region holds every cell of the pattern (the pattern's
 *     cells but a forcing chain's target, and the cells of a chain's
 *     nodes the step does not conclude), it is the smallest house, band,
 *     stack, set of boxes, rows or columns that does, and the words name
 *     no cell;
 *   level 2: the words name exactly those cells, never with a candidate
 *     the step places or eliminates, and state no placement or removal;
 *   level 3: the words are nonet_step_describe's, today's hint;
 *   JSON: levels 1 and 2 hold no placed or eliminated candidate, no
 *     placements or eliminations; each level's text is its words.
 * Sabotaged hints (a level-3 text or record passed off as level 2, a
 * region moved) must fail those checks. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

#define TECH_FILE "tests/data/techniques.txt"
#define MAX_ITEMS 8192

/* A 6x6 puzzle (boxes of 2 rows by 3 columns: nonet generate -s 2x3 --seed
 * 7 --rating 2.0+): pointing, an xy-wing and a forcing x-chain. */
static const char six[] = ".1.2....3.1......45......2.5....6.2.";

typedef struct shape {
    int n, br, bc;
} shape;

/* The box of a cell, counted here: boxes left to right, then down. */
static int box_at(const shape *g, int cell)
{
    int r = cell / g->n, c = cell % g->n;
    return (r / g->br) * (g->n / g->bc) + c / g->bc;
}

/* Whether unit u (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1) holds cell. */
static int unit_has(const shape *g, int u, int cell)
{
    int n = g->n;
    if (u < n)
        return cell / n == u;
    if (u < 2 * n)
        return cell % n == u - n;
    return box_at(g, cell) == u - 2 * n;
}

/* The digits the step places or eliminates in cell. */
static uint64_t answer_at(const nonet_step *st, int cell)
{
    uint64_t m = 0;
    for (int i = 0; i < st->nplacements; i++)
        if (st->placements[i].cell == cell)
            m |= st->placements[i].digits;
    for (int i = 0; i < st->neliminations; i++)
        if (st->eliminations[i].cell == cell)
            m |= st->eliminations[i].digits;
    return m;
}

/* The cells a hint may show (in[cell] = 1): the pattern's but a forcing
 * chain's target, and the cells of chain nodes whose candidate the step
 * does not conclude. Returns how many. */
static int pattern_cells(const nonet_step *st, int cells, uint8_t *in)
{
    int count = 0;
    memset(in, 0, (size_t)cells);
    for (int i = 0; i < st->npattern; i++)
        if (st->pattern[i].role != NONET_ROLE_TARGET && !in[st->pattern[i].cell]) {
            in[st->pattern[i].cell] = 1;
            count++;
        }
    for (int i = 0; i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        if (!(answer_at(st, a->cell) >> (a->digit - 1) & 1) && !in[a->cell]) {
            in[a->cell] = 1;
            count++;
        }
    }
    return count;
}

/* ------------------------------------------------------------ level 1 */

/* NULL when the region holds every cell of in and is the smallest
 * region that does, else what is wrong. */
static const char *check_region(const shape *g, const nonet_region *r, const uint8_t *in, int count,
                                const nonet_step *st)
{
    int n = g->n, cells = n * n;
    /* its cells, from its units (GRID: every cell) */
    int size = 0;
    for (int c = 0; c < cells; c++) {
        int mine = r->kind == NONET_REGION_GRID;
        for (int k = 0; k < r->nunits && !mine; k++)
            mine = unit_has(g, r->units[k], c);
        size += mine;
        if (in[c] && !mine)
            return "a cell of the pattern lies outside the region";
    }
    if (size != r->cells)
        return "the region's count of cells is not its units'";
    switch (r->kind) {
    case NONET_REGION_HOUSE:
        if (r->nunits != 1)
            return "a house of several units";
        break;
    case NONET_REGION_BAND:
    case NONET_REGION_STACK: {
        int rows = r->kind == NONET_REGION_BAND, width = rows ? g->br : g->bc;
        if (r->nunits != width)
            return "a band or stack of another width";
        for (int k = 0; k < width; k++)
            if (r->units[k] != (rows ? 0 : n) + r->index * width + k)
                return "a band or stack's lines are not its own";
        break;
    }
    case NONET_REGION_BOXES:
    case NONET_REGION_ROWS:
    case NONET_REGION_COLUMNS: {
        int first = r->kind == NONET_REGION_BOXES ? 2 * n : r->kind == NONET_REGION_ROWS ? 0 : n;
        if (r->nunits < 2)
            return "a set of one unit";
        for (int k = 0; k < r->nunits; k++)
            if (r->units[k] < first || r->units[k] >= first + n ||
                (k && r->units[k] <= r->units[k - 1]))
                return "a set's units of another kind or out of order";
        break;
    }
    case NONET_REGION_GRID:
        if (r->nunits != 0)
            return "the grid with units";
        break;
    default:
        return "an unknown kind";
    }
    if (count == 0)
        return st->nunits > 0 && (r->kind != NONET_REGION_HOUSE || r->units[0] != st->units[0])
                   ? "a step without cells, not its first unit"
                   : NULL;
    /* the smallest region that holds them, by trying each kind */
    int best = cells;
    for (int u = 0; u < 3 * n; u++) {
        int all = 1;
        for (int c = 0; c < cells && all; c++)
            all = !in[c] || unit_has(g, u, c);
        if (all)
            best = n;
    }
    uint64_t rows = 0, cols = 0, boxes = 0;
    for (int c = 0; c < cells; c++)
        if (in[c]) {
            rows |= (uint64_t)1 << (c / n);
            cols |= (uint64_t)1 << (c % n);
            boxes |= (uint64_t)1 << box_at(g, c);
        }
    int nb = 0;
    for (int b = 0; b < n; b++)
        nb += (int)(boxes >> b & 1);
    int nr = __builtin_popcountll(rows), nc = __builtin_popcountll(cols);
    if (nb * n < best)
        best = nb * n;
    if (nr * n < best)
        best = nr * n;
    if (nc * n < best)
        best = nc * n;
    for (int b = 0; b < n / g->br; b++) { /* bands */
        uint64_t band = (((uint64_t)1 << g->br) - 1) << (b * g->br);
        if (!(rows & ~band) && g->br * n < best)
            best = g->br * n;
    }
    for (int s = 0; s < n / g->bc; s++) { /* stacks */
        uint64_t stack = (((uint64_t)1 << g->bc) - 1) << (s * g->bc);
        if (!(cols & ~stack) && g->bc * n < best)
            best = g->bc * n;
    }
    if (r->cells != best)
        return "not the smallest region holding the pattern";
    if (best == n && r->kind != NONET_REGION_HOUSE)
        return "the cells share a house, but the region is not one";
    return NULL;
}

/* Whether text names a cell ("r3c5"): its index, or -1; *at past it. */
static int next_cell(const char **at, int n)
{
    for (const char *s = *at; *s; s++) {
        if (*s != 'r' || s[1] < '0' || s[1] > '9')
            continue;
        char *end;
        long row = strtol(s + 1, &end, 10);
        if (*end != 'c' || end[1] < '0' || end[1] > '9')
            continue;
        long col = strtol(end + 1, &end, 10);
        *at = end;
        if (row < 1 || row > n || col < 1 || col > n)
            return -2; /* a cell out of the grid */
        return (int)((row - 1) * n + col - 1);
    }
    return -1;
}

/* The digits of "{...}" at s (a digit's symbol: 1-9, then A-Z), or 0. */
static uint64_t braced(const char *s)
{
    uint64_t m = 0;
    if (*s != '{')
        return 0;
    for (s++; *s && *s != '}'; s++) {
        int d = *s >= '1' && *s <= '9' ? *s - '0' : *s >= 'A' && *s <= 'Z' ? *s - 'A' + 10 : 0;
        if (d)
            m |= (uint64_t)1 << (d - 1);
    }
    return m;
}

/* NULL when the words of a level-1 or level-2 hint tell no conclusion:
 * no cell named with a digit the step concludes there, no "=" or "<>"
 * after a cell; at level 2 (named non-NULL) *named gets the cells named. */
static const char *check_words(const nonet_step *st, const char *text, int n, uint8_t *named)
{
    if (named)
        memset(named, 0, (size_t)n * (size_t)n);
    if (strstr(text, "<>") || strstr(text, ", so "))
        return "a removal stated";
    for (const char *at = text;;) {
        int cell = next_cell(&at, n);
        if (cell == -1)
            break;
        if (cell < 0)
            return "a cell outside the grid";
        if (!named)
            return "a cell named at level 1";
        named[cell] = 1;
        if (braced(at) & answer_at(st, cell))
            return "a cell named with a digit the step concludes there";
        if (at[0] == '=' || (at[0] == ' ' && at[1] == '='))
            return "a placement stated";
    }
    return NULL;
}

/* NULL when a hint's record at level 1 or 2 holds no concluded candidate
 * (each "cell" with its "digits") and no placements or eliminations. */
static const char *check_json(const nonet_step *st, const char *json, int n)
{
    if (strstr(json, "\"placements\"") || strstr(json, "\"eliminations\"") ||
        strstr(json, "\"digit\":"))
        return "the record holds the conclusion";
    for (const char *s = json; (s = strstr(s, "\"cell\":\"")) != NULL;) {
        s += 8;
        const char *at = s;
        int cell = next_cell(&at, n);
        if (cell < 0 || *at != '"')
            return "a cell out of the grid";
        if (strncmp(at, "\",\"digits\":[", 12) != 0)
            return "a cell without its digits";
        uint64_t m = 0;
        for (at += 12; *at && *at != ']';) {
            char *end;
            long d = strtol(at, &end, 10);
            if (end == at || d < 1 || d > n)
                return "a bad digit";
            m |= (uint64_t)1 << (d - 1);
            at = *end == ',' ? end + 1 : end;
        }
        if (m & answer_at(st, cell))
            return "a cell listed with a digit the step concludes there";
    }
    return NULL;
}

/* The "text" of a record, into out (no escapes in these words). */
static void json_words(const char *json, char *out, size_t cap)
{
    out[0] = '\0';
    const char *s = strstr(json, ",\"text\":\"");
    if (!s)
        return;
    s += 9;
    const char *e = strchr(s, '"');
    size_t len = e ? (size_t)(e - s) : 0;
    if (len >= cap)
        len = cap - 1;
    memcpy(out, s, len);
    out[len] = '\0';
}

/* ------------------------------------------------------------ the walk */

typedef struct tally {
    long steps, violations;
    int seen[NONET_TECH_COUNT];
    int kinds[NONET_REGION_GRID + 1];
} tally;

static char text[3][1 << 16], json[3][1 << 17], said[1 << 16];
static uint8_t in[NONET_MAX_CELLS], named[NONET_MAX_CELLS];

static void fail_step(tally *t, const nonet_step *st, int level, const char *why)
{
    if (t->violations++ < 5)
        fprintf(stderr, "hint: %s, level %d: %s (%s)\n", nonet_technique_name(st->technique), level,
                why, text[level - 1]);
}

/* Every level of one step, checked. */
static void check_step(const shape *g, const nonet_step *st, tally *t)
{
    int n = g->n;
    t->steps++;
    t->seen[st->technique]++;
    for (int l = 1; l <= 3; l++) {
        long len = nonet_step_hint(st, l, g->br, g->bc, NULL, text[l - 1], sizeof text[0]);
        long jl = nonet_step_hint_json(st, l, g->br, g->bc, NULL, json[l - 1], sizeof json[0]);
        if (len < 0 || (size_t)len >= sizeof text[0] || jl < 0 || (size_t)jl >= sizeof json[0]) {
            fail_step(t, st, l, "no hint, or too long");
            return;
        }
        json_words(json[l - 1], said, sizeof said);
        if (strcmp(said, text[l - 1]) != 0)
            fail_step(t, st, l, "the record's text is not the words");
    }
    nonet_region r;
    if (nonet_step_region(st, g->br, g->bc, &r) != NONET_OK) {
        fail_step(t, st, 1, "no region");
        return;
    }
    t->kinds[r.kind]++;
    int count = pattern_cells(st, n * n, in);
    const char *why = check_region(g, &r, in, count, st);
    if (!why && !strstr(text[0], ": look at "))
        why = "no place to look named";
    if (!why)
        why = check_words(st, text[0], n, NULL);
    if (!why)
        why = check_json(st, json[0], n);
    if (why)
        fail_step(t, st, 1, why);
    /* level 2: exactly the pattern's cells */
    why = check_words(st, text[1], n, named);
    if (!why && memcmp(named, in, (size_t)n * (size_t)n) != 0)
        why = "the cells named are not the pattern's";
    if (!why)
        why = check_json(st, json[1], n);
    static nonet_cell_digits items[MAX_ITEMS];
    int k = nonet_step_hint_cells(st, n, items, MAX_ITEMS);
    if (!why && (k < 0 || k > MAX_ITEMS || k > st->npattern + st->nchain))
        why = "its cells do not fit npattern + nchain";
    for (int i = 0; !why && i < k; i++)
        if (!in[items[i].cell] || (items[i].digits & answer_at(st, items[i].cell)))
            why = "a listed cell outside the pattern, or with a concluded digit";
    if (why)
        fail_step(t, st, 2, why);
    /* level 3: today's hint */
    static char describe[1 << 16];
    nonet_step_describe(st, n, NULL, describe, sizeof describe);
    if (strcmp(describe, text[2]) != 0 || !strstr(json[2], "\"eliminations\""))
        fail_step(t, st, 3, "not the move");
}

/* Walks g (find all, apply all) to its end, checking every step found. */
static int walk(nonet_human *h, const nonet_grid *g, tally *t)
{
    shape s = {g->n, g->box_rows, g->box_cols};
    if (nonet_human_start(h, g, NULL) != NONET_OK)
        return -1;
    for (int f = 0; f < 4 * NONET_MAX_CELLS; f++) {
        int found = nonet_human_find(h);
        if (found <= 0)
            return found;
        for (int i = 0; i < found; i++) {
            nonet_step st;
            if (nonet_human_step(h, i, &st) != NONET_OK)
                return -1;
            check_step(&s, &st, t);
        }
        if (nonet_human_apply(h, -1) < 0)
            return -1;
    }
    return 0;
}

static void test_levels(void)
{
    static tally t;
    static nonet_grid g;
    memset(&t, 0, sizeof t);
    FILE *f = fopen(TECH_FILE, "r");
    CHECK(f);
    nonet_human *h = nonet_human_new();
    CHECK(h);
    char line[1024];
    int puzzles = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81)
            continue;
        line[81] = '\0';
        CHECK(grid_from_line(line, 3, 3, &g));
        CHECKF(walk(h, &g, &t) >= 0, "puzzle %d did not walk", puzzles + 1);
        puzzles++;
    }
    fclose(f);
    CHECK(grid_from_line(six, 2, 3, &g));
    CHECK(walk(h, &g, &t) >= 0);
    nonet_human_free(h);
    CHECKF(t.violations == 0, "%ld violations in %ld steps", t.violations, t.steps);
    static const nonet_technique families[] = {
        NONET_TECH_FULL_HOUSE,
        NONET_TECH_HIDDEN_SINGLE_BOX,
        NONET_TECH_HIDDEN_SINGLE_LINE,
        NONET_TECH_NAKED_SINGLE,
        NONET_TECH_POINTING,
        NONET_TECH_CLAIMING,
        NONET_TECH_NAKED_PAIR,
        NONET_TECH_HIDDEN_PAIR,
        NONET_TECH_NAKED_TRIPLE,
        NONET_TECH_X_WING,
        NONET_TECH_SWORDFISH,
        NONET_TECH_XY_WING,
        NONET_TECH_XYZ_WING,
        NONET_TECH_UNIQUE_RECTANGLE,
        NONET_TECH_BUG,
        NONET_TECH_X_CYCLE,
        NONET_TECH_Y_CYCLE,
        NONET_TECH_FORCING_X_CHAIN,
        NONET_TECH_FORCING_CHAIN,
        NONET_TECH_NISHIO,
    };
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        CHECKF(t.seen[families[i]] > 0, "no %s checked", nonet_technique_name(families[i]));
    CHECK(t.kinds[NONET_REGION_HOUSE] > 0 && t.kinds[NONET_REGION_BOXES] > 0);
    CHECK(t.kinds[NONET_REGION_ROWS] + t.kinds[NONET_REGION_COLUMNS] > 0);
    fprintf(stderr,
            "note: hints: %ld steps of %d puzzles, every level checked; regions: %d houses, %d "
            "bands or stacks, %d sets of boxes, %d of lines, %d whole grids\n",
            t.steps, puzzles + 1, t.kinds[NONET_REGION_HOUSE],
            t.kinds[NONET_REGION_BAND] + t.kinds[NONET_REGION_STACK], t.kinds[NONET_REGION_BOXES],
            t.kinds[NONET_REGION_ROWS] + t.kinds[NONET_REGION_COLUMNS], t.kinds[NONET_REGION_GRID]);
}

/* ------------------------------------------------------------ fixed words */

/* The first step of technique want in the walk of a techniques.txt
 * puzzle, described at each level into out[0..2]. Returns 1 when found. */
static int words_of(nonet_technique want, char out[3][1024], char *record, size_t cap)
{
    static nonet_grid g;
    FILE *f = fopen(TECH_FILE, "r");
    nonet_human *h = nonet_human_new();
    char line[1024];
    int got = 0;
    while (f && h && !got && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81 ||
            (line[81] = '\0', !grid_from_line(line, 3, 3, &g)) ||
            nonet_human_start(h, &g, NULL) != NONET_OK)
            continue;
        for (int found; !got && (found = nonet_human_find(h)) > 0; nonet_human_apply(h, -1))
            for (int i = 0; i < found && !got; i++) {
                nonet_step st;
                nonet_human_step(h, i, &st);
                if (st.technique != want)
                    continue;
                for (int l = 1; l <= 3; l++)
                    nonet_step_hint(&st, l, 3, 3, NULL, out[l - 1], 1024);
                nonet_step_hint_json(&st, 2, 3, 3, NULL, record, cap);
                got = 1;
            }
    }
    if (f)
        fclose(f);
    nonet_human_free(h);
    return got;
}

/* The words of an x-wing and a forcing x-chain, as the report shows them. */
static void test_words(void)
{
    static char w[3][1024], record[8192];
    CHECK(words_of(NONET_TECH_X_WING, w, record, sizeof record));
    CHECK(strcmp(w[0], "x-wing: look at columns 1 and 6") == 0);
    CHECK(strcmp(w[1], "x-wing: the 5s of columns 1 and 6 lie in rows 1 and 8 only (r1c1, r8c1, "
                       "r1c6, r8c6)") == 0);
    CHECK(strcmp(w[2],
                 "x-wing: the 5s of columns 1 and 6 lie in rows 1 and 8 only, so r1c4 <> 5") == 0);
    CHECK(strstr(record, "\"region\":{\"kind\":\"columns\",\"houses\":[\"column 1\",\"column "
                         "6\"],\"name\":\"columns 1 and 6\"}"));
    CHECK(strstr(record, "{\"house\":\"row 1\",\"role\":\"cover\"}"));
    CHECK(words_of(NONET_TECH_FORCING_X_CHAIN, w, record, sizeof record));
    CHECK(strcmp(w[0], "forcing x-chain: look at rows 5 and 9") == 0);
    CHECK(strcmp(w[1], "forcing x-chain: an assumption leads to its own opposite, through "
                       "r5c2{2}, r5c7{2}, r9c7{2}, r9c3{2}") == 0);
    CHECK(strstr(w[2], ", so r6c3 <> 2"));
    CHECK(strstr(record, "\"cells\":[{\"cell\":\"r5c2\",\"digits\":[2],\"role\":\"chain\"}"));
    CHECK(!strstr(record, "r6c3"));
    CHECK(words_of(NONET_TECH_XY_WING, w, record, sizeof record));
    CHECK(strcmp(w[0], "xy-wing: look at boxes 6 and 9") == 0);
    CHECK(strcmp(w[1], "xy-wing: pivot r9c7{37}; pincers r7c8{23}, r5c7{27}") == 0);
}

/* ------------------------------------------------------------ contracts */

static void test_contract(void)
{
    static nonet_grid g;
    CHECK(grid_from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5...."
        "8..79",
        3, 3, &g));
    nonet_human *h = nonet_human_new();
    CHECK(h && nonet_human_start(h, &g, NULL) == NONET_OK && nonet_human_find(h) > 0);
    nonet_step st;
    CHECK(nonet_human_step(h, 0, &st) == NONET_OK);
    char buf[256];
    nonet_region r;
    CHECK(nonet_step_hint(&st, 1, 3, 3, NULL, buf, sizeof buf) ==
          (long)strlen("hidden single: look at box 2"));
    CHECK(strcmp(buf, "hidden single: look at box 2") == 0);
    /* snprintf's way: what fits, and the length the whole needs */
    CHECK(nonet_step_hint(&st, 1, 3, 3, NULL, buf, 7) == 28 && strcmp(buf, "hidden") == 0);
    CHECK(nonet_step_hint(&st, 2, 3, 3, NULL, NULL, 0) > 0);
    CHECK(nonet_step_hint_json(&st, 1, 3, 3, NULL, NULL, 0) > 0);
    /* bad arguments: NONET_EARG, "" left in buf */
    CHECK(nonet_step_hint(NULL, 1, 3, 3, NULL, buf, sizeof buf) == NONET_EARG && !buf[0]);
    CHECK(nonet_step_hint(&st, 0, 3, 3, NULL, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_step_hint(&st, 4, 3, 3, NULL, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_step_hint(&st, 1, 0, 3, NULL, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_step_hint_json(&st, 4, 3, 3, NULL, buf, sizeof buf) == NONET_EARG && !buf[0]);
    CHECK(nonet_step_hint_json(NULL, 1, 3, 3, NULL, buf, sizeof buf) == NONET_EARG);
    CHECK(nonet_step_region(NULL, 3, 3, &r) == NONET_EARG);
    CHECK(nonet_step_region(&st, 3, 3, NULL) == NONET_EARG);
    CHECK(nonet_step_region(&st, 3, 0, &r) == NONET_EARG);
    /* a 9x9 step read as a 4x4 one: its cells are out of range */
    CHECK(nonet_step_region(&st, 2, 2, &r) == NONET_EARG);
    CHECK(nonet_step_hint_cells(&st, 9, NULL, 0) == 1);
    CHECK(nonet_step_hint_cells(&st, 9, NULL, -1) == NONET_EARG);
    CHECK(nonet_step_hint_cells(NULL, 9, NULL, 0) == NONET_EARG);
    nonet_cell_digits one;
    CHECK(nonet_step_hint_cells(&st, 9, &one, 1) == 1 && one.digits == 0);
    CHECK(one.cell == st.pattern[0].cell && one.role == NONET_ROLE_DEFINING);
    nonet_human_free(h);
}

/* ------------------------------------------------------------ sabotage */

/* The checks above must catch a hint that tells the move too early: the
 * level-3 words and record passed off as level 2's, and a region moved
 * away from the pattern. */
static void test_sabotage(void)
{
    static nonet_grid g;
    FILE *f = fopen(TECH_FILE, "r");
    CHECK(f);
    char line[1024];
    int caught = 0, tried = 0;
    nonet_human *h = nonet_human_new();
    CHECK(h);
    shape s = {9, 3, 3};
    while (tried < 40 && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81 ||
            (line[81] = '\0', !grid_from_line(line, 3, 3, &g)) ||
            nonet_human_start(h, &g, NULL) != NONET_OK)
            continue;
        for (int found; tried < 40 && (found = nonet_human_find(h)) > 0; nonet_human_apply(h, -1)) {
            nonet_step st;
            nonet_human_step(h, 0, &st);
            if (st.neliminations == 0 && st.nplacements == 0)
                continue;
            tried++;
            nonet_step_hint(&st, 3, 3, 3, NULL, text[2], sizeof text[2]);
            nonet_step_hint_json(&st, 3, 3, 3, NULL, json[2], sizeof json[2]);
            int count = pattern_cells(&st, 81, in);
            int words = check_words(&st, text[2], 9, named) != NULL;
            int record = check_json(&st, json[2], 9) != NULL;
            /* the region moved: the box after the one of the pattern's
             * first cell, or the grid turned into its first row */
            nonet_region r;
            nonet_step_region(&st, 3, 3, &r);
            int first = 0;
            while (first < 81 && !in[first])
                first++;
            nonet_region moved = {NONET_REGION_HOUSE, -1, 1, {0}, 9};
            moved.units[0] = first < 81 ? 18 + (box_at(&s, first) + 1) % 9 : 0;
            int region = count == 0 || check_region(&s, &moved, in, count, &st) != NULL;
            caught += words && record && region;
        }
    }
    fclose(f);
    nonet_human_free(h);
    CHECKF(tried == 40 && caught == tried, "caught %d of %d", caught, tried);
}

void suite_hint(void)
{
    RUN(test_contract);
    RUN(test_words);
    RUN(test_levels);
    RUN(test_sabotage);
}
