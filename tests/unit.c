/* unit.c - the unit-test runner: runs every suite, prints a summary line
 * "N passed, N failed" and exits non-zero when a test failed. */
#include "unit.h"

#include <string.h>

static int passed, failed, current_failed;
static const char *current_name;

void unit_fail(const char *file, int line, const char *what)
{
    printf("FAIL %s:%d: %s: %s\n", file, line, current_name, what);
    current_failed = 1;
}

void unit_run(const char *name, void (*fn)(void))
{
    current_name = name;
    current_failed = 0;
    fn();
    if (current_failed)
        failed++;
    else
        passed++;
}

int grid_from_line(const char *s, int br, int bc, nonet_grid *g)
{
    int n = br * bc;
    if (nonet_grid_init(g, br, bc) != NONET_OK || strlen(s) != (size_t)(n * n))
        return 0;
    for (int i = 0; i < n * n; i++) {
        char ch = s[i];
        int d = ch >= '1' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'Z' ? ch - 'A' + 10 : 0;
        g->cells[i] = (uint8_t)(d <= n ? d : 0);
    }
    return 1;
}

int unit_read_all(const char *text, size_t len, const nonet_read_opts *opts, size_t piece,
                  nonet_puzzle *out, int max)
{
    static nonet_puzzle spare;
    nonet_reader *r = nonet_reader_new(opts);
    if (!r)
        return -1;
    int got = 0;
    size_t pos = 0;
    while (pos < len) {
        size_t want = piece && piece < len - pos ? piece : len - pos;
        pos += nonet_reader_feed(r, text + pos, want);
        while (nonet_reader_next(r, got < max ? &out[got] : &spare))
            got++;
    }
    nonet_reader_end(r);
    while (nonet_reader_next(r, got < max ? &out[got] : &spare))
        got++;
    nonet_reader_free(r);
    return got;
}

int main(int argc, char **argv)
{
    struct {
        const char *name;
        void (*fn)(void);
    } suites[] = {
        {"grid", suite_grid},
        {"check", suite_check},
        {"format", suite_format},
        {"read", suite_read},
        {"solve", suite_solve},
        {"xc", suite_xc},
        {"teach", suite_teach},
        {"engines", suite_engines},
        {"paste", suite_paste},
        {"marks", suite_marks},
        {"human", suite_human},
        {"generate", suite_generate},
        {"canon", suite_canon},
        {"layouts", suite_layouts},
        {"result", suite_result},
        {"web", suite_web_api},
        {"reach", suite_reach},
        {"variant", suite_variant},
        {"stop", suite_stop},
        {"automaton", suite_automaton},
        {"iss", suite_iss},
        {"fpuzzles", suite_fpuzzles},
        {"rules_cells", suite_rules_cells},
        {"rules_lines", suite_rules_lines},
        {"values", suite_values},
        {"step_record", suite_step_record},
        {"svg", suite_svg},
        {"hint", suite_hint},
        {"needs", suite_needs},
    };
    size_t nsuites = sizeof suites / sizeof suites[0], ran = 0;
    for (size_t i = 0; i < nsuites; i++) {
        if (argc > 1 && strcmp(argv[1], suites[i].name) != 0)
            continue;
        suites[i].fn();
        ran++;
    }
    if (ran == 0) {
        fprintf(stderr, "unit-tests: no suite named '%s'; the suites:", argv[1]);
        for (size_t i = 0; i < nsuites; i++)
            fprintf(stderr, " %s", suites[i].name);
        fprintf(stderr, "\n");
        return 2;
    }
    printf("unit: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
