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
    nw_free(w);
}

void suite_web_api(void)
{
    RUN(test_count);
    RUN(test_read_and_hint);
    RUN(test_explain);
    RUN(test_rate_generate_about);
}
