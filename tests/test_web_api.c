/* test_web_api.c - the web page's C API (web/api.h), built natively: what
 * the page gets from nonet.wasm, checked without a browser (and under the
 * sanitizers). Answers are checked by the tests' own checker (verify.c),
 * and the JSON by looking for the fields the page reads. */
#include "api.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static const char hard[] =
    "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";

/* Puts text into w's input; its length. */
static size_t put(nw *w, const char *text)
{
    size_t len = strlen(text);
    char *in = nw_input(w, len);
    if (in)
        memcpy(in, text, len);
    return in ? len : 0;
}

/* The value of "key":"..." in a JSON line into out; 0 if absent. */
static int field(const char *json, const char *key, char *out, size_t cap)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *at = strstr(json, pattern);
    if (!at)
        return 0;
    at += strlen(pattern);
    const char *end = strchr(at, '"');
    if (!end || (size_t)(end - at) >= cap)
        return 0;
    memcpy(out, at, (size_t)(end - at));
    out[end - at] = '\0';
    return 1;
}

static int lines(const char *text)
{
    int n = 0;
    for (; text && *text; text++)
        n += *text == '\n';
    return n;
}

static void test_count(void)
{
    nw *w = nw_new();
    CHECK(w);
    char text[400];
    /* a unique puzzle, one with two solutions, clues that clash, junk */
    snprintf(text, sizeof text, "%s\n%s\n11..............\n%.80s\n", hard,
             "........................................................................1234.5678",
             hard);
    const char *out = nw_count(w, put(w, text), 2);
    CHECK(out);
    CHECKF(lines(out) == 4, "%s", out);
    char solution[100], status[40];
    CHECK(field(out, "solution", solution, sizeof solution) && strlen(solution) == 81);
    nonet_grid p, s;
    CHECK(grid_from_line(hard, 3, 3, &p) && grid_from_line(solution, 3, 3, &s));
    CHECK(verify_solution(p.cells, s.cells, 3, 3));
    CHECK(field(out, "status", status, sizeof status) && strcmp(status, "unique") == 0);
    const char *second = strchr(out, '\n') + 1, *third = strchr(second, '\n') + 1;
    CHECK(field(second, "status", status, sizeof status) && strcmp(status, "multiple") == 0);
    CHECK(field(third, "status", status, sizeof status) && strcmp(status, "invalid") == 0);
    CHECK(strstr(third, "twice") != NULL);
    CHECK(strstr(strchr(third, '\n') + 1, "\"status\":\"error\"") != NULL);
    /* the command's plain lines */
    out = nw_count_lines(w, put(w, text), 2);
    CHECKF(out && strcmp(out, "1\n2+\n0 invalid\nerror\n") == 0, "%.400s", out ? out : "NULL");
    /* no input at all: no records */
    out = nw_count(w, 0, 2);
    CHECK(out && out[0] == '\0');
    nw_free(w);
    nw_free(NULL);
    CHECK(nw_count(NULL, 0, 2) == NULL && nw_input(NULL, 1) == NULL);
}

static void test_read_and_hint(void)
{
    nw *w = nw_new();
    CHECK(w);
    const char *out = nw_hint(w, put(w, hard));
    CHECK(out && lines(out) == 1);
    CHECK(strstr(out, "\"step\":{\"technique\":\"hidden single (box)\"") != NULL);
    char result[100], marks[800];
    CHECK(field(out, "result", result, sizeof result) && strlen(result) == 81);
    CHECK(field(out, "marks", marks, sizeof marks) && strlen(marks) == 729);
    /* the position after the step, with its marks, as the page sends it */
    char position[900];
    snprintf(position, sizeof position, "3x3\n%s\n", marks);
    out = nw_read(w, put(w, position));
    char again[800];
    CHECK(out && lines(out) == 1 && field(out, "marks", again, sizeof again));
    CHECK(strcmp(again, marks) == 0);
    /* hints from there go on: the next one (a pointing) removes marks */
    out = nw_hint(w, put(w, position));
    CHECK(out && field(out, "marks", again, sizeof again) && strcmp(again, marks) != 0);
    CHECK(strstr(out, "\"technique\":\"pointing\"") != NULL);
    /* a solved grid: nothing to do */
    nonet_grid p, s;
    uint64_t count = 0;
    CHECK(grid_from_line(hard, 3, 3, &p) && nonet_count(&p, 1, &count, &s, NULL) == NONET_OK);
    char line[100];
    CHECK(nonet_format(&s, NONET_LAYOUT_LINE, 0, line, sizeof line) == 82);
    out = nw_hint(w, put(w, line));
    CHECKF(out && strstr(out, "\"status\":\"solved\"") != NULL, "%.400s", out ? out : "NULL");
    /* an empty grid has many solutions: no hint */
    out = nw_hint(w, put(w, "2x2\n................\n"));
    CHECKF(out && strstr(out, "\"status\":\"multiple\"") != NULL, "%.400s", out ? out : "NULL");
    nw_free(w);
}

static void test_explain(void)
{
    nw *w = nw_new();
    CHECK(w);
    /* a round at a time: NULL while work is left, progress growing */
    const char *out = nw_explain(w, put(w, hard), 1);
    int calls = 1, last = 0, grew = 1;
    while (!out && calls < 10000) {
        int now = nw_progress(w);
        grew &= now >= last;
        last = now;
        out = nw_explain(w, 0, 1);
        calls++;
    }
    CHECK(out && grew && calls > 10 && last > 10);
    char solution[100];
    CHECK(field(out, "solution", solution, sizeof solution));
    nonet_grid p, s;
    CHECK(grid_from_line(hard, 3, 3, &p) && grid_from_line(solution, 3, 3, &s));
    CHECK(verify_solution(p.cells, s.cells, 3, 3));
    /* as many steps as step_count says */
    const char *steps = strstr(out, "\"steps\":[");
    const char *count = strstr(out, "\"step_count\":");
    CHECK(steps && count);
    int n = 0;
    for (const char *at = steps; (at = strstr(at, "{\"technique\"")) != NULL; at++)
        n++;
    CHECKF(n == atoi(count + 13), "%d steps, step_count %d", n, atoi(count + 13));
    /* at once, the same answer */
    char *first = strdup(out);
    CHECK(first);
    out = nw_explain(w, put(w, hard), 0);
    CHECK(out && strcmp(out, first) == 0);
    free(first);
    /* a puzzle that cannot be explained: its record at once */
    out = nw_explain(w, put(w, "2x2\n................\n"), 0);
    CHECK(out && strstr(out, "\"status\":\"multiple\"") != NULL);
    nw_free(w);
}

static void test_rate_generate_about(void)
{
    nw *w = nw_new();
    CHECK(w);
    const char *out = nw_rate(w, put(w, hard), 0);
    CHECK(out && strstr(out, "\"rating\":") && strstr(out, "\"level\":\"diabolical\""));
    /* under a ceiling the rating is a lower bound */
    out = nw_rate(w, put(w, hard), 30);
    CHECKF(out && strstr(out, "\"status\":\"stuck\"") && strstr(out, "\"needs\":"), "%.400s", out);
    /* generated: unique by the tests' own count, the same each time */
    out = nw_generate(w, 2026, 3, 2, 3, NONET_SYM_ROT180, 0, 0);
    char puzzle[100], solution[100];
    CHECK(out && field(out, "puzzle", puzzle, sizeof puzzle) &&
          field(out, "solution", solution, sizeof solution));
    nonet_grid p, s;
    CHECK(grid_from_line(puzzle, 2, 3, &p) && grid_from_line(solution, 2, 3, &s));
    CHECK(verify_count(p.cells, 2, 3, 2) == 1 && verify_solution(p.cells, s.cells, 2, 3));
    CHECK(strstr(out, "\"seed\":2026") && strstr(out, "\"size\":\"2x3\""));
    char *first = strdup(out);
    CHECK(first);
    out = nw_generate(w, 2026, 3, 2, 3, NONET_SYM_ROT180, 0, 0);
    CHECK(out && strcmp(out, first) == 0);
    free(first);
    /* a level's band */
    out = nw_generate(w, 7, 0, 3, 3, NONET_SYM_ROT180, 16, 25);
    CHECK(out && strstr(out, "\"level\":\"hard\""));
    /* options no puzzle can meet: a sentence, not a failure */
    out = nw_generate(w, 1, 0, 2, 3, NONET_SYM_ROT90, 0, 0);
    CHECKF(out && strstr(out, "\"status\":\"error\"") && strstr(out, "\"message\":\""), "%s", out);
    out = nw_about(w);
    CHECK(out && strstr(out, "{\"name\":\"diabolical\",\"min\":61,\"max\":0}") &&
          strstr(out, "\"rot180\"") && strstr(out, "\"hidden single (box)\""));
    /* each technique's base difficulty, in the techniques' order */
    const char *bases = strstr(out, "\"bases\":[");
    CHECK(bases);
    bases += strlen("\"bases\":[");
    for (int t = 0; t < NONET_TECH_COUNT; t++) {
        char *end;
        long b = strtol(bases, &end, 10);
        CHECKF(end != bases && b == nonet_technique_base((nonet_technique)t), "base of %s",
               nonet_technique_name((nonet_technique)t));
        bases = end + 1;
    }
    CHECK(bases[-1] == ']');
    nw_free(w);
}

/* ------------------------------------------------------------ drawing */

/* A request for nw_svg: the position (digits, marks), the givens, a step
 * object (or NULL), into a malloc'ed string. */
static char *svg_request(const nonet_grid *pos, const nonet_marks *m, const nonet_grid *givens,
                         const char *step_json, const char *id)
{
    int n = pos->n;
    size_t cap =
        256 + (size_t)n * (size_t)n * (size_t)(n + 2) + (step_json ? strlen(step_json) : 0);
    char *out = malloc(cap);
    if (!out)
        return NULL;
    static const char sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    size_t o = (size_t)snprintf(out, cap, "{\"size\":\"%dx%d\",\"cells\":\"", pos->box_rows,
                                pos->box_cols);
    for (int c = 0; c < n * n; c++)
        out[o++] = pos->cells[c] ? sym[pos->cells[c] - 1] : '.';
    o += (size_t)snprintf(out + o, cap - o, "\",\"givens\":\"");
    for (int c = 0; c < n * n; c++)
        out[o++] = givens->cells[c] ? sym[givens->cells[c] - 1] : '.';
    out[o++] = '"';
    if (m) {
        o += (size_t)snprintf(out + o, cap - o, ",\"marks\":\"");
        for (int c = 0; c < n * n; c++)
            for (int k = 0; k < n; k++)
                out[o++] = m->cands[c] >> k & 1 ? sym[k] : '.';
        out[o++] = '"';
    }
    if (id)
        o += (size_t)snprintf(out + o, cap - o, ",\"id\":\"%s\"", id);
    if (step_json)
        o += (size_t)snprintf(out + o, cap - o, ",\"step\":%s", step_json);
    snprintf(out + o, cap - o, "}\n");
    return out;
}

static char *library_svg(const nonet_grid *pos, const nonet_marks *m, const nonet_step *st,
                         const nonet_svg_opts *o)
{
    long need = nonet_step_svg(pos, m, st, o, NULL, 0);
    char *out = need > 0 ? malloc((size_t)need + 1) : NULL;
    if (out)
        nonet_step_svg(pos, m, st, o, out, (size_t)need + 1);
    return out;
}

/* Every step of chain puzzles (a forcing x-chain, cycles, dynamic
 * forcing chains whose nodes have several parents, nested forcing
 * chains), sent to nw_svg as
 * the page sends it (the step's JSON, the position's lines), is drawn
 * byte for byte as nonet_step_svg draws the solver's own step: the step
 * read back from its JSON is the step. */
static void test_svg_steps(void)
{
    static const char *const puzzles[] = {
        "...7.....52...41..8....2.6......17367..2.58........5.13.15486......2...4...1.....",
        "..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2.......",
        "......5..87.5.4.9..3..9.....6..5...9.8....746.........4.1....2....4..1.7...8.....",
        "79....5........6.28..75.3.1.52.9...81......2.9..81........8.7...1.....39......2.5",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    };
    static nonet_grid g, pos;
    static nonet_marks pm;
    nw *w = nw_new();
    nonet_human *h = nonet_human_new();
    CHECK(w && h);
    int steps = 0, chains = 0, multi = 0;
    for (size_t p = 0; p < sizeof puzzles / sizeof puzzles[0]; p++) {
        CHECK(grid_from_line(puzzles[p], 3, 3, &g));
        CHECK(nonet_human_start(h, &g, NULL) == NONET_OK);
        int found;
        while ((found = nonet_human_find(h)) > 0) {
            nonet_human_position(h, &pos, &pm);
            for (int i = 0; i < found; i++) {
                nonet_step st;
                CHECK(nonet_human_step(h, i, &st) == NONET_OK);
                long jlen = nonet_step_json(&st, 9, NULL, NULL, 0);
                char *json = malloc((size_t)jlen + 1);
                CHECK(json && nonet_step_json(&st, 9, NULL, json, (size_t)jlen + 1) == jlen);
                char *req = svg_request(&pos, &pm, &g, json, "step");
                CHECK(req);
                const char *got = nw_svg(w, put(w, req));
                nonet_svg_opts o = {&g, NULL, "step"};
                char *want = library_svg(&pos, &pm, &st, &o);
                CHECK(got && want);
                CHECKF(strcmp(got, want) == 0, "puzzle %zu, %s: %.300s", p + 1, json, got);
                steps++;
                chains += st.nchain > 0;
                for (int k = 0; k < st.nchain; k++)
                    multi += st.chain[k].nparents > 1;
                free(want);
                free(req);
                free(json);
            }
            CHECK(nonet_human_apply(h, -1) >= 0);
        }
    }
    CHECKF(steps > 300 && chains >= 10 && multi > 10,
           "%d steps, %d chains, %d nodes of several parents", steps, chains, multi);
    nonet_human_free(h);
    nw_free(w);
}

/* A puzzle and its solution with the clues apart, with no candidate (the
 * page's download and print); requests that cannot be drawn say why. */
static void test_svg_plain_and_refused(void)
{
    static nonet_grid g, s;
    static nonet_marks none;
    nw *w = nw_new();
    CHECK(w);
    CHECK(grid_from_line(hard, 3, 3, &g));
    uint64_t count = 0;
    CHECK(nonet_count(&g, 1, &count, &s, NULL) == NONET_OK);
    memset(&none, 0, sizeof none);
    char *req = svg_request(&s, &none, &g, NULL, "print-2");
    CHECK(req);
    const char *got = nw_svg(w, put(w, req));
    CHECK(got && strncmp(got, "<svg", 4) == 0 && !strstr(got, "class=\"cand"));
    CHECK(strstr(got, "id=\"print-2-title\"") && strstr(got, "class=\"placed-digit\""));
    nonet_svg_opts o = {&g, NULL, "print-2"};
    char *want = library_svg(&s, &none, NULL, &o);
    CHECK(want && strcmp(got, want) == 0);
    free(want);
    free(req);
    /* no marks: every candidate; "step": null is no step */
    got = nw_svg(w, put(w, "{\"size\":\"2x2\",\"cells\":\"1...............\",\"step\":null}"));
    CHECKF(got && strncmp(got, "<svg", 4) == 0 && strstr(got, "class=\"cand"), "%.200s", got);
    static const char *const refused[] = {
        "",
        "not json",
        "{\"size\":\"3x3\"}",
        "{\"size\":\"3x3\",\"cells\":\"123\"}",
        "{\"size\":\"2x2\",\"cells\":\"1...............\",\"marks\":\"12\"}",
        "{\"size\":\"2x2\",\"cells\":\"1...............\",\"id\":\"1x\"}",
        "{\"size\":\"2x2\",\"cells\":\"1...............\",\"step\":{\"technique\":\"magic\"}}",
        "{\"size\":\"2x2\",\"cells\":\"1...............\",\"step\":{\"technique\":\"naked "
        "single\",\"placements\":[{\"cell\":\"r5c1\",\"digit\":1}]}}",
        "{\"size\":\"2x2\",\"cells\":\"1...............\",\"step\":{\"technique\":\"x-cycle\","
        "\"chain\":{\"kind\":\"cycle\",\"branches\":[[{\"cell\":\"r1c2\",\"digit\":2,\"on\":true,"
        "\"parents\":[0]}]]}}}",
        "{\"size\":\"2x2\",\"cells\":\"1...............\"} trailing",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        got = nw_svg(w, put(w, refused[i]));
        CHECKF(got && strstr(got, "\"status\":\"error\"") && strstr(got, "cannot draw"),
               "request %zu: %.200s", i, got ? got : "NULL");
    }
    CHECK(nw_svg(NULL, 0) == NULL);
    nw_free(w);
}

/* ------------------------------------------------------------ hints in levels */

/* The value of attribute name in the tag at *tag (up to its '>') into
 * out; 0 if absent. */
static int attr(const char *tag, const char *name, char *out, size_t cap)
{
    const char *end = strchr(tag, '>');
    char pattern[32];
    snprintf(pattern, sizeof pattern, " %s=\"", name);
    const char *at = strstr(tag, pattern);
    if (!at || !end || at > end)
        return 0;
    at += strlen(pattern);
    const char *q = strchr(at, '"');
    if (!q || (size_t)(q - at) >= cap)
        return 0;
    memcpy(out, at, (size_t)(q - at));
    out[q - at] = '\0';
    return 1;
}

static int count_of(const char *text, const char *what)
{
    int n = 0;
    for (const char *at = text; (at = strstr(at, what)) != NULL; at++)
        n++;
    return n;
}

/* A drawing of step at a hint's level 1 or 2 (svg, from nw_svg) tells no
 * more than the hint: no link, no placed, eliminated, on or off mark, no
 * mark on a candidate the step places or eliminates; its title is the
 * hint's words; level 1 marks nothing and outlines the region's houses,
 * level 2 marks exactly nonet_step_hint_cells' items. Returns the
 * problem, or NULL. */
static const char *hint_drawing_problem(const char *svg, const nonet_step *st, int level,
                                        const nonet_grid *g)
{
    static char why[200];
    if (strncmp(svg, "<svg", 4) != 0)
        return "not a drawing";
    if (strstr(svg, "class=\"link") || strstr(svg, "r-placed\"") || strstr(svg, "r-eliminated\"") ||
        strstr(svg, "class=\"mark r-on") || strstr(svg, "class=\"mark r-off"))
        return "a link, or a placed, eliminated, on or off mark";
    char words[2048], title[2400];
    long need = nonet_step_hint(st, level, g->box_rows, g->box_cols, NULL, words, sizeof words);
    const char *t = strstr(svg, "-title\">");
    if (need < 0 || !t || sscanf(t + 8, "%2399[^<]", title) != 1 || strcmp(title, words) != 0)
        return "the title is not the hint's words";
    nonet_cell_digits items[512];
    int nitems = nonet_step_hint_cells(st, g->n, items, 512);
    if (nitems < 0 || nitems > 512)
        return "no hint cells";
    int marks = 0, want = 0;
    for (const char *at = svg; (at = strstr(at, "<path class=\"mark ")) != NULL; at++) {
        char cell[16], digit[8] = "0";
        marks++;
        if (!attr(at, "data-cell", cell, sizeof cell))
            return "a mark without its cell";
        attr(at, "data-digit", digit, sizeof digit);
        int c = (cell[1] - '1') * g->n + (strchr(cell, 'c')[1] - '1'), d = atoi(digit);
        uint64_t bit = d ? (uint64_t)1 << (d - 1) : 0;
        for (int i = 0; i < st->nplacements; i++)
            if (st->placements[i].cell == c && (st->placements[i].digits & bit))
                return "a mark on a placed candidate";
        for (int i = 0; i < st->neliminations; i++)
            if (st->eliminations[i].cell == c && (st->eliminations[i].digits & bit))
                return "a mark on an eliminated candidate";
        int listed = 0;
        for (int i = 0; i < nitems && !listed; i++)
            listed = items[i].cell == c && (d ? (items[i].digits & bit) != 0 : !items[i].digits);
        if (!listed) {
            snprintf(why, sizeof why, "a mark on %s %d, not one of the hint's cells", cell, d);
            return why;
        }
    }
    if (level == 1) {
        nonet_region r;
        if (nonet_step_region(st, g->box_rows, g->box_cols, &r) != NONET_OK)
            return "no region";
        if (marks)
            return "a mark at level 1";
        if (count_of(svg, "<rect class=\"house h-unit\"") != r.nunits ||
            count_of(svg, "<rect class=\"house") != r.nunits)
            return "the houses are not the region's";
        return NULL;
    }
    for (int i = 0; i < nitems; i++) {
        uint64_t ds = items[i].digits;
        want += ds ? __builtin_popcountll(ds) : 1;
        /* a cell listed twice with the same digits and role: one mark */
        for (int j = 0; j < i; j++)
            if (items[j].cell == items[i].cell && items[j].role == items[i].role)
                want -= __builtin_popcountll(items[j].digits & ds) + (!ds && !items[j].digits);
    }
    if (marks != want) {
        snprintf(why, sizeof why, "%d marks for %d of the hint's candidates", marks, want);
        return why;
    }
    return NULL;
}

/* Every step of puzzles of each family (singles, locked candidates,
 * subsets, fish, wings, uniqueness, chains), asked of nw_svg at levels 1
 * and 2 as the page asks (the step's JSON and "level"), is drawn as
 * nonet_step_hint_svg draws it, and tells no more than the hint; at
 * level 3 it is nonet_step_svg's drawing. */
static void test_hint_levels_drawn(void)
{
    static const char *const puzzles[] = {
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        "...7.....52...41..8....2.6......17367..2.58........5.13.15486......2...4...1.....",
        "......5..87.5.4.9..3..9.....6..5...9.8....746.........4.1....2....4..1.7...8.....",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    };
    static nonet_grid g, pos;
    static nonet_marks pm;
    nw *w = nw_new();
    nonet_human *h = nonet_human_new();
    CHECK(w && h);
    int steps = 0, cells_alone = 0, techniques[NONET_TECH_COUNT] = {0}, families = 0;
    for (size_t p = 0; p < sizeof puzzles / sizeof puzzles[0]; p++) {
        CHECK(grid_from_line(puzzles[p], 3, 3, &g));
        CHECK(nonet_human_start(h, &g, NULL) == NONET_OK);
        while (nonet_human_find(h) > 0) {
            nonet_human_position(h, &pos, &pm);
            nonet_step st;
            CHECK(nonet_human_step(h, 0, &st) == NONET_OK);
            long jlen = nonet_step_json(&st, 9, NULL, NULL, 0);
            char *json = malloc((size_t)jlen + 16);
            CHECK(json && nonet_step_json(&st, 9, NULL, json, (size_t)jlen + 1) == jlen);
            for (int level = 1; level <= 3; level++) {
                /* the request as the page sends it: "level" before "step" */
                char *req = svg_request(&pos, &pm, &g, NULL, "hint");
                CHECK(req);
                size_t rl = strlen(req);
                char *full = malloc(rl + (size_t)jlen + 32);
                CHECK(full);
                memcpy(full, req, rl - 2); /* less "}\n" */
                snprintf(full + rl - 2, (size_t)jlen + 32, ",\"level\":%d,\"step\":%s}", level,
                         json);
                const char *got = nw_svg(w, put(w, full));
                CHECK(got);
                nonet_svg_opts o = {&g, NULL, "hint"};
                long need = nonet_step_hint_svg(&pos, &pm, &st, level, &o, NULL, 0);
                char *want = need > 0 ? malloc((size_t)need + 1) : NULL;
                CHECK(want && nonet_step_hint_svg(&pos, &pm, &st, level, &o, want,
                                                  (size_t)need + 1) == need);
                CHECKF(strcmp(got, want) == 0, "puzzle %zu, level %d, %s: %.300s", p + 1, level,
                       json, got);
                if (level == 3) {
                    char *whole = library_svg(&pos, &pm, &st, &o);
                    CHECK(whole && strcmp(whole, want) == 0);
                    free(whole);
                } else {
                    const char *why = hint_drawing_problem(got, &st, level, &g);
                    CHECKF(!why, "puzzle %zu, level %d, %s: %s", p + 1, level, json, why);
                    cells_alone += level == 2 && strstr(got, "data-role=\"cell\"") != NULL;
                }
                free(want);
                free(full);
                free(req);
            }
            families += !techniques[st.technique]++;
            steps++;
            free(json);
            CHECK(nonet_human_apply(h, 0) >= 0);
        }
    }
    CHECKF(steps > 150 && families >= 12 && cells_alone > 0,
           "%d steps, %d techniques, %d cells alone", steps, families, cells_alone);
    /* the library refuses a level out of range, or no step */
    nonet_svg_opts o = {NULL, NULL, NULL};
    CHECK(nonet_step_hint_svg(&g, NULL, NULL, 1, &o, NULL, 0) == NONET_EARG);
    nw_free(w);
    nonet_human_free(h);
}

/* nw_hint_level: nw_hint's record with the hint at that level, its words
 * nonet_step_hint's; a level out of 1 to 3 refused. */
static void test_hint_level_records(void)
{
    nw *w = nw_new();
    CHECK(w);
    const char *plain = nw_hint(w, put(w, hard));
    CHECK(plain);
    char *first = malloc(strlen(plain) + 1);
    CHECK(first);
    strcpy(first, plain);
    CHECK(!strstr(first, "\"hint\":"));
    for (int level = 1; level <= 3; level++) {
        const char *out = nw_hint_level(w, put(w, hard), level);
        CHECK(out && lines(out) == 1);
        char want[32];
        snprintf(want, sizeof want, "\"hint\":{\"level\":%d,", level);
        CHECKF(strstr(out, want) != NULL, "%.400s", out);
        /* the record is nw_hint's, with the hint */
        const char *step = strstr(out, "\"step\":");
        CHECK(step && strstr(first, "\"step\":") &&
              strncmp(step, strstr(first, "\"step\":"), 200) == 0);
        CHECK(strstr(out, "\"result\":") && strstr(out, "\"marks\":"));
        const char *text = strstr(strstr(out, "\"hint\":"), "\"text\":\"");
        CHECK(text);
        if (level == 1)
            CHECKF(strstr(text, "look at") && !strstr(strstr(out, "\"hint\":"), "placements"),
                   "%.400s", out);
        if (level == 3)
            CHECK(strstr(strstr(out, "\"hint\":"), "\"placements\":[{"));
    }
    for (int level = 0; level <= 4; level += 4) {
        const char *out = nw_hint_level(w, put(w, hard), level);
        CHECKF(out && strstr(out, "\"status\":\"error\"") && !strstr(out, "\"step\""), "%s",
               out ? out : "NULL");
    }
    const char *out = nw_svg(w, put(w, "{\"size\":\"2x2\",\"cells\":\"1...............\","
                                       "\"level\":4}"));
    CHECK(out && strstr(out, "cannot draw"));
    CHECK(nw_hint_level(NULL, 0, 1) == NULL);
    free(first);
    nw_free(w);
}

/* ------------------------------------------------------------ practice */

/* The value of "key":N in a JSON line; -1 if absent. */
static long int_field(const char *json, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    return at ? strtol(at + strlen(pattern), NULL, 10) : -1;
}

/* The pencil-mark line of a position as the records write it. */
static void marks_line(const nonet_grid *g, const nonet_marks *m, char *out)
{
    for (int c = 0; c < 81; c++)
        for (int k = 0; k < 9; k++)
            *out++ = (g->cells[c] ? g->cells[c] == k + 1 : (m->cands[c] >> k) & 1) ? (char)('1' + k)
                                                                                   : '.';
    *out = '\0';
}

/* nw_needs: the library's puzzle of (technique, seed, index) with its
 * solution (unique by the tests' own counter) and the position before the
 * technique, whose first step (the ladder's, from its marks) is of it. */
static void test_needs(void)
{
    nw *w = nw_new();
    CHECK(w);
    nonet_human *h = nonet_human_new();
    CHECK(h);
    static const struct {
        const char *name;
        nonet_technique t;
        int hardest;
        uint32_t index;
    } cases[] = {
        {"x-wing", NONET_TECH_X_WING, 0, 0},       {"X-Wing\n", NONET_TECH_X_WING, 0, 5},
        {"x-wing", NONET_TECH_X_WING, 1, 0},       {"xy-wing", NONET_TECH_XY_WING, 0, 1},
        {"jellyfish", NONET_TECH_JELLYFISH, 0, 0}, {"naked pair", NONET_TECH_NAKED_PAIR, 1, 2},
    };
    static nonet_grid p, s, pos;
    static nonet_needs_position lib;
    static nonet_marks marks;
    char puzzle[100], solution[100], result[100], mline[800], want[800];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = nonet_technique_name(cases[i].t);
        const char *out =
            nw_needs(w, put(w, cases[i].name), 2026, cases[i].index, cases[i].hardest);
        CHECKF(out && lines(out) == 1 && strstr(out, "\"status\":\"unique\""), "%s: %.300s", name,
               out);
        CHECK(field(out, "puzzle", puzzle, sizeof puzzle) &&
              field(out, "solution", solution, sizeof solution) &&
              field(out, "result", result, sizeof result) &&
              field(out, "marks", mline, sizeof mline));
        CHECK(grid_from_line(puzzle, 3, 3, &p) && grid_from_line(solution, 3, 3, &s) &&
              grid_from_line(result, 3, 3, &pos));
        CHECKF(verify_count(p.cells, 3, 3, 2) == 1 && verify_solution(p.cells, s.cells, 3, 3),
               "%s: not one solution", name);
        /* the library's own puzzle and position for the same arguments */
        nonet_needs_opts o = {.technique = cases[i].t, .hardest = cases[i].hardest};
        nonet_needs_gen *g = NULL;
        CHECK(nonet_needs_new(&o, &g) == NONET_OK);
        nonet_grid lp;
        int rc = nonet_needs_generate(g, 2026, cases[i].index, &lp, NULL, &lib, NULL);
        nonet_needs_free(g);
        CHECK(rc == NONET_OK);
        CHECKF(memcmp(lp.cells, p.cells, 81) == 0, "%s: not the library's puzzle", name);
        CHECKF(memcmp(lib.grid.cells, pos.cells, 81) == 0, "%s: not the library's position", name);
        marks_line(&lib.grid, &lib.marks, want);
        size_t at = 0;
        while (want[at] && want[at] == mline[at])
            at++;
        CHECKF(!want[at] && !mline[at], "%s: the marks of r%dc%d are not the library's", name,
               (int)(at / 9) / 9 + 1, (int)(at / 9) % 9 + 1);
        CHECKF(int_field(out, "rounds") == lib.rounds, "%s: rounds %ld, not %d", name,
               int_field(out, "rounds"), lib.rounds);
        char tech[64];
        CHECK(field(out, "technique", tech, sizeof tech) && strcmp(tech, name) == 0);
        CHECK(strstr(out, cases[i].hardest ? "\"as_hardest\":true" : "\"as_hardest\":false"));
        if (cases[i].hardest) {
            char hardest[64];
            CHECKF(field(out, "hardest", hardest, sizeof hardest) && strcmp(hardest, name) == 0,
                   "%s: hardest %s", name, hardest);
        }
        /* the position read back from the record: every cell's candidates
         * hold its solution digit, and the ladder's first step there is the
         * technique */
        for (int c = 0; c < 81; c++) {
            marks.cands[c] = 0;
            for (int k = 0; k < 9; k++)
                if (mline[c * 9 + k] != '.')
                    marks.cands[c] |= (uint64_t)1 << k;
            CHECKF(pos.cells[c] ? pos.cells[c] == s.cells[c]
                                : (marks.cands[c] >> (s.cells[c] - 1)) & 1,
                   "%s: r%dc%d lost its digit", name, c / 9 + 1, c % 9 + 1);
        }
        nonet_human_set_ceiling(h, 0);
        CHECK(nonet_human_start(h, &pos, &marks) == NONET_OK);
        CHECK(nonet_human_find(h) > 0);
        nonet_step st;
        nonet_human_step(h, 0, &st);
        CHECKF(st.technique == cases[i].t, "%s: the first step from the position is %s", name,
               nonet_technique_name(st.technique));
        /* the same again, cold or warm */
        char *first = strdup(out);
        CHECK(first);
        nw_needs(w, put(w, "naked single"), 1, 0, 0);
        out = nw_needs(w, put(w, cases[i].name), 2026, cases[i].index, cases[i].hardest);
        CHECK(out && strcmp(out, first) == 0);
        free(first);
    }
    /* an unknown name, no name: a sentence, not a failure */
    const char *out = nw_needs(w, put(w, "x-wingg"), 1, 0, 0);
    CHECKF(out && strstr(out, "\"status\":\"error\"") && strstr(out, "unknown technique 'x-wingg'"),
           "%s", out);
    out = nw_needs(w, put(w, ""), 1, 0, 0);
    CHECK(out && strstr(out, "\"status\":\"error\""));
    CHECK(nw_needs(NULL, 0, 1, 0, 0) == NULL);
    nonet_human_free(h);
    nw_free(w);
}

void suite_web_api(void)
{
    RUN(test_count);
    RUN(test_read_and_hint);
    RUN(test_explain);
    RUN(test_rate_generate_about);
    RUN(test_svg_steps);
    RUN(test_svg_plain_and_refused);
    RUN(test_hint_levels_drawn);
    RUN(test_hint_level_records);
    RUN(test_needs);
}
