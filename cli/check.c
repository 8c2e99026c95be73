/* check.c - `nonet check`: is each grid consistent, complete, solved; with
 * --solution, is each proposed solution right for its puzzle. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct verdict {
    int ok;         /* counts as good for the exit status */
    char text[224]; /* the result line, without newline */
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

static void print_verdict(const cli_opts *o, const char *file, const nonet_puzzle *p,
                          const nonet_check_result *res, const verdict *v, int with_solution)
{
    if (o->format != NONET_LAYOUT_JSON) {
        puts(v->text);
        return;
    }
    json_begin(stdout, o, file, p);
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

/* The check command's state across puzzles. */
typedef struct checker {
    const cli_opts *o;
    int status;
    int io_failed;
    source sol; /* --solution */
    int have_sol;
    nonet_puzzle *s; /* the current proposed solution */
} checker;

static void check_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    checker *k = ctx;
    verdict v = {0, ""};
    nonet_check_result res;
    const nonet_check_result *shown = NULL;
    if (p->error.code != NONET_OK) {
        report_read_error(file, p);
        snprintf(v.text, sizeof v.text, "error: %s", p->error.message);
    } else if (!k->have_sol) {
        check_grid(p, &res, &v);
        shown = &res;
        if (!v.ok)
            report(file, p->index, p->row_line[res.conflict.row2], 0, "%s", v.text);
    } else {
        int got = source_next(&k->sol, k->s);
        if (got != 1) {
            snprintf(v.text, sizeof v.text, "error: %s has no solution for this puzzle",
                     k->sol.name);
            report(file, p->index, p->first_line, 0, "%s", v.text + 7);
            if (got < 0)
                k->io_failed = 1;
        } else if (k->s->error.code != NONET_OK) {
            report_read_error(k->sol.name, k->s);
            snprintf(v.text, sizeof v.text, "error: solution %ld: %s", k->s->index,
                     k->s->error.message);
        } else {
            check_pair(p, k->s, &res, &v);
            shown = &res;
            if (!v.ok)
                report(file, p->index, p->first_line, 0, "%s", v.text);
        }
    }
    if (!v.ok)
        k->status = EXIT_PUZZLE_FAILED;
    print_verdict(k->o, file, p, shown, &v, k->have_sol);
}

int cmd_check(const cli_opts *o)
{
    checker k;
    memset(&k, 0, sizeof k);
    k.o = o;
    k.s = malloc(sizeof *k.s);
    if (!k.s) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    if (o->solution) {
        if (source_open(&k.sol, o->solution, &o->read) != 0) {
            free(k.s);
            return EXIT_USAGE;
        }
        k.have_sol = 1;
    }
    if (for_each_puzzle(o, check_one, &k, NULL) != 0)
        k.io_failed = 1;
    if (k.have_sol)
        source_close(&k.sol);
    free(k.s);
    fflush(stdout);
    return k.io_failed ? EXIT_USAGE : k.status;
}
