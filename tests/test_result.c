/* test_result.c - the records every command writes (nonet_result_json,
 * nonet_result_csv): snprintf's contract, escaping, one list of status
 * words, as many CSV fields on each line as the header names, the input's
 * CSV columns kept. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static const char classic[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/* The number of fields of one CSV line (quotes respected). */
static int csv_fields(const char *line)
{
    int fields = 1, quoted = 0;
    for (const char *c = line; *c && *c != '\n'; c++) {
        if (*c == '"')
            quoted = !quoted;
        else if (*c == ',' && !quoted)
            fields++;
    }
    return fields;
}

static void test_verdict_words(void)
{
    for (int a = NONET_V_OK; a <= NONET_V_TIMEOUT; a++) {
        const char *wa = nonet_verdict_word((nonet_verdict)a);
        CHECK(wa && wa[0]);
        for (int b = a + 1; b <= NONET_V_TIMEOUT; b++)
            CHECKF(strcmp(wa, nonet_verdict_word((nonet_verdict)b)) != 0, "%s twice", wa);
    }
    CHECK(strcmp(nonet_verdict_word((nonet_verdict)99), "error") == 0);
    CHECK(strcmp(nonet_verdict_word(NONET_V_NO_SOLUTION), "no solution") == 0);
}

static void test_json_contract(void)
{
    static nonet_puzzle p;
    /* a name with a quote, a backslash and a stray byte */
    char text[200];
    snprintf(text, sizeof text, "Say \"hi\" \\ \xff end\n%s\n", classic);
    CHECK(nonet_parse(text, strlen(text), NULL, &p, NULL) == NONET_OK);
    nonet_result r = {.puzzle = &p, .status = NONET_V_UNIQUE, .message = "tab\there"};
    long need = nonet_result_json(&r, NULL, 0);
    CHECK(need > 0);
    char *buf = malloc((size_t)need + 1);
    CHECK(buf);
    CHECK(nonet_result_json(&r, buf, (size_t)need + 1) == need);
    CHECKF(strstr(buf, "\"name\":\"Say \\\"hi\\\" \\\\ \\ufffd end\"") != NULL, "%s", buf);
    CHECKF(strstr(buf, "\"message\":\"tab\\u0009here\"") != NULL, "%s", buf);
    CHECK(strncmp(buf, "{\"index\":1,\"line\":2,", 20) == 0);
    CHECK(buf[need - 1] == '}');
    /* a small buffer: what fits, NUL-terminated, and the length needed */
    char small[10];
    CHECK(nonet_result_json(&r, small, sizeof small) == need);
    CHECK(strlen(small) == sizeof small - 1 && memcmp(small, buf, sizeof small - 1) == 0);
    free(buf);
    CHECK(nonet_result_json(NULL, small, sizeof small) == NONET_EARG && small[0] == '\0');
    nonet_result none = {0};
    CHECK(nonet_result_json(&none, small, sizeof small) == NONET_EARG);
}

static void test_csv_columns(void)
{
    static nonet_puzzle p;
    /* a CSV table with a header: the other columns are the puzzle's */
    char text[400];
    snprintf(text, sizeof text, "source,question,rating,solution\nbook 1,%s,1.2,x\n", classic);
    CHECK(nonet_parse(text, strlen(text), NULL, &p, NULL) == NONET_OK);
    CHECK(p.ncolumns == 3);
    const char *name, *value;
    CHECK(nonet_puzzle_column(&p, 0, &name, &value) == NONET_OK);
    CHECK(strcmp(name, "source") == 0 && strcmp(value, "book 1") == 0);
    CHECK(nonet_puzzle_column(&p, 2, &name, &value) == NONET_OK);
    CHECK(strcmp(name, "solution") == 0 && strcmp(value, "x") == 0);
    CHECK(nonet_puzzle_column(&p, 3, &name, &value) == NONET_EARG);
    /* every field of the schema set: the header and the line agree */
    unsigned all = 0x1FFFFu;
    nonet_grid sol;
    CHECK(grid_from_line(classic, 3, 3, &sol));
    nonet_rating rating;
    memset(&rating, 0, sizeof rating);
    rating.difficulty = 23;
    rating.steps = 4;
    nonet_stats st = {5, 6};
    nonet_result r = {.puzzle = &p,
                      .status = NONET_V_MULTIPLE,
                      .message = "a, \"quoted\" message",
                      .fields = all,
                      .count = 2,
                      .solution = &sol,
                      .result = &sol,
                      .transform = "t=0;rows=1",
                      .rating = &rating,
                      .step_json = "{\"text\":\"a, b\"}",
                      .steps_json = "[]",
                      .stats = &st,
                      .engine = "human",
                      .symmetry = "rot180"};
    static nonet_marks marks;
    for (int c = 0; c < 81; c++)
        marks.cands[c] = 0x1FF;
    r.marks = &marks;
    char header[1024], line[4096];
    CHECK(nonet_result_csv_header(all, 1, &p, header, sizeof header) > 0);
    r.file = "in.csv";
    CHECK(nonet_result_csv(&r, all, p.ncolumns, line, sizeof line) > 0);
    CHECKF(csv_fields(header) == csv_fields(line), "%d header fields, %d in\n%.200s%.200s",
           csv_fields(header), csv_fields(line), header, line);
    /* the input's "solution" is kept apart from the schema's */
    CHECKF(strstr(header, ",input_solution\n") != NULL, "%.400s", header);
    CHECK(strstr(line, "\"a, \"\"quoted\"\" message\"") != NULL);
    /* and without any field set, still as many */
    nonet_result bare = {.puzzle = &p, .status = NONET_V_ERROR};
    CHECK(nonet_result_csv(&bare, all, p.ncolumns, line, sizeof line) > 0);
    CHECKF(csv_fields(header) == csv_fields(line) + 1, "%.200s%.200s", header, line); /* no file */
}

/* "marks": the pencil-mark line, which the reader takes back as the same
 * position. */
static void test_marks_field(void)
{
    static nonet_puzzle p, back;
    CHECK(nonet_parse(classic, strlen(classic), NULL, &p, NULL) == NONET_OK);
    static nonet_marks m;
    nonet_candidates(&p.grid, m.cands);
    /* a few marks the plain candidates would keep, taken out */
    int taken = 0;
    for (int c = 0; c < 81 && taken < 5; c++)
        if (!p.grid.cells[c] && __builtin_popcountll(m.cands[c]) > 2) {
            m.cands[c] &= m.cands[c] - 1;
            taken++;
        }
    CHECK(taken == 5);
    nonet_result r = {.puzzle = &p, .status = NONET_V_OK, .fields = NONET_FIELD_MARKS, .marks = &m};
    char buf[2048];
    CHECK(nonet_result_json(&r, buf, sizeof buf) > 0);
    const char *at = strstr(buf, "\"marks\":\"");
    CHECKF(at != NULL, "%.400s", buf);
    if (!at)
        return;
    at += 9;
    const char *end = strchr(at, '"');
    CHECK(end && end - at == 729);
    CHECK(nonet_parse(at, 729, NULL, &back, NULL) == NONET_OK);
    CHECK(back.has_marks);
    /* every cell as written: a digit is its one mark (clues, and the
     * cells plain elimination leaves one candidate) */
    int same = 1;
    for (int c = 0; c < 81; c++) {
        int d = back.grid.cells[c];
        same &= (d ? (uint64_t)1 << (d - 1) : back.marks.cands[c]) == m.cands[c];
        same &= !p.grid.cells[c] || d == p.grid.cells[c];
    }
    CHECK(same);
    /* a CSV column of the same text */
    char line[2048];
    CHECK(nonet_result_csv(&r, NONET_FIELD_MARKS, 0, line, sizeof line) > 0);
    CHECK(strstr(line, ",ok,,") != NULL && memcmp(strstr(line, ",ok,,") + 5, at, 729) == 0);
}

void suite_result(void)
{
    RUN(test_marks_field);
    RUN(test_verdict_words);
    RUN(test_json_contract);
    RUN(test_csv_columns);
}
