/* check.c - `nonet check`: is each grid consistent, complete, solved; with
 * --solution, is each proposed solution right for its puzzle. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct verdict {
    int ok;            /* counts as good for the exit status */
    char text[224];    /* the result line, without newline */
} verdict;

static void check_grid(const nonet_puzzle *p, nonet_check_result *res, verdict *v)
{
    if (nonet_check(&p->grid, res) == NONET_ECONFLICT) {
        char why[160];
        nonet_describe_conflict(&res->conflict, p->grid.n, why, sizeof why);
        snprintf(v->text, sizeof v->text, "inconsistent: %s", why);
        v->ok = 0;
    } else if (res->solved) {
        snprintf(v->text, sizeof v->text, "solved");
        v->ok = 1;
    } else {
        snprintf(v->text, sizeof v->text, "consistent, incomplete (%d blank%s)", res->blanks,
                 res->blanks == 1 ? "" : "s");
        v->ok = 1;
    }
}

static void check_pair(const nonet_puzzle *p, const nonet_puzzle *s, nonet_check_result *res,
                       verdict *v)
{
    int cell = -1;
    int rc = nonet_check_solution(&p->grid, &s->grid, res, &cell);
    v->ok = rc == NONET_OK;
    switch (rc) {
    case NONET_OK:
        snprintf(v->text, sizeof v->text, "correct");
        break;
    case NONET_ESIZE:
        snprintf(v->text, sizeof v->text, "wrong: the solution is %dx%d, the puzzle %dx%d",
                 s->grid.n, s->grid.n, p->grid.n, p->grid.n);
        break;
    case NONET_ECLUE:
        snprintf(v->text, sizeof v->text, "wrong: it changes the clue at row %d, column %d",
                 cell / p->grid.n + 1, cell % p->grid.n + 1);
        break;
    case NONET_EINCOMPLETE:
        snprintf(v->text, sizeof v->text, "wrong: incomplete (%d blank%s)", res->blanks,
                 res->blanks == 1 ? "" : "s");
        break;
    default: {
        char why[160];
        nonet_describe_conflict(&res->conflict, s->grid.n, why, sizeof why);
        snprintf(v->text, sizeof v->text, "wrong: %s", why);
    }
    }
}

static void print_verdict(const cli_opts *o, const nonet_puzzle *p, const nonet_check_result *res,
                          const verdict *v, int with_solution)
{
    if (o->format != NONET_LAYOUT_JSON) {
        puts(v->text);
        return;
    }
    printf("{\"puzzle\":%ld,\"line\":%ld", p->index, p->first_line);
    if (res) {
        printf(",\"consistent\":%s,\"complete\":%s,\"solved\":%s,\"blanks\":%d",
               res->consistent ? "true" : "false", res->complete ? "true" : "false",
               res->solved ? "true" : "false", res->blanks);
        if (with_solution)
            printf(",\"correct\":%s", v->ok ? "true" : "false");
    }
    fputs(",\"verdict\":", stdout);
    json_string(stdout, v->text);
    fputs("}\n", stdout);
}

int cmd_check(const cli_opts *o)
{
    nonet_puzzle *p = malloc(sizeof *p), *s = malloc(sizeof *s);
    if (!p || !s) {
        complain("out of memory");
        free(p);
        free(s);
        return EXIT_USAGE;
    }
    int status = EXIT_ALL_GOOD, io_failed = 0;
    source sol;
    int have_sol = 0;
    if (o->solution) {
        if (source_open(&sol, o->solution, &o->read) != 0) {
            free(p);
            free(s);
            return EXIT_USAGE;
        }
        have_sol = 1;
    }
    for (int i = 0; i < (o->nfiles ? o->nfiles : 1); i++) {
        source src;
        if (source_open(&src, o->nfiles ? o->files[i] : NULL, &o->read) != 0) {
            io_failed = 1;
            continue;
        }
        int got;
        while ((got = source_next(&src, p)) == 1) {
            verdict v = {0, ""};
            nonet_check_result res;
            const nonet_check_result *shown = NULL;
            if (p->error.code != NONET_OK) {
                report_read_error(src.name, p);
                snprintf(v.text, sizeof v.text, "error: %s", p->error.message);
            } else if (!have_sol) {
                check_grid(p, &res, &v);
                shown = &res;
                if (!v.ok)
                    report(src.name, p->index, p->row_line[res.conflict.row2], 0, "%s", v.text);
            } else {
                int sgot = source_next(&sol, s);
                if (sgot != 1) {
                    snprintf(v.text, sizeof v.text, "error: %s has no solution for this puzzle",
                             sol.name);
                    report(src.name, p->index, p->first_line, 0, "%s", v.text + 7);
                    if (sgot < 0)
                        io_failed = 1;
                } else if (s->error.code != NONET_OK) {
                    report_read_error(sol.name, s);
                    snprintf(v.text, sizeof v.text, "error: solution %ld: %s", s->index,
                             s->error.message);
                } else {
                    check_pair(p, s, &res, &v);
                    shown = &res;
                    if (!v.ok)
                        report(src.name, p->index, p->first_line, 0, "%s", v.text);
                }
            }
            if (!v.ok)
                status = EXIT_PUZZLE_FAILED;
            print_verdict(o, p, shown, &v, have_sol);
        }
        if (got < 0)
            io_failed = 1;
        source_close(&src);
    }
    if (have_sol)
        source_close(&sol);
    free(p);
    free(s);
    fflush(stdout);
    return io_failed ? EXIT_USAGE : status;
}
