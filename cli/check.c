/* check.c - `nonet check`: is each grid consistent, complete, solved; with
 * --solution, is each proposed solution right for its puzzle. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct verdict {
    int ok;          /* counts as good for the exit status */
    nonet_verdict v; /* its status word */
    char text[224];  /* the result line, without newline */
} verdict;

static void check_grid(const nonet_puzzle *p, nonet_check_result *res, verdict *v)
{
    if (nonet_check(&p->grid, res) == NONET_ECONFLICT) {
        char why[160];
        nonet_describe_conflict(&res->conflict, p->grid.n, why, sizeof why);
        snprintf(v->text, sizeof v->text, "inconsistent: %s", why);
        v->ok = 0;
        v->v = NONET_V_INCONSISTENT;
    } else if (res->solved) {
        snprintf(v->text, sizeof v->text, "solved");
        v->ok = 1;
        v->v = NONET_V_SOLVED;
    } else {
        snprintf(v->text, sizeof v->text, "consistent, incomplete (%d blank%s)", res->blanks,
                 res->blanks == 1 ? "" : "s");
        v->ok = 1;
        v->v = NONET_V_INCOMPLETE;
    }
}

static void check_pair(const nonet_puzzle *p, const nonet_puzzle *s, nonet_check_result *res,
                       verdict *v)
{
    int cell = -1;
    int rc = nonet_check_solution(&p->grid, &s->grid, res, &cell);
    v->ok = rc == NONET_OK;
    v->v = v->ok ? NONET_V_CORRECT : NONET_V_WRONG;
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

/* The sentence of a verdict after its word ("wrong: it changes ..."). */
static const char *verdict_detail(const verdict *v)
{
    const char *colon = strstr(v->text, ": ");
    return colon ? colon + 2 : NULL;
}

static void print_verdict(const cli_opts *o, records *rec, const char *file, const nonet_puzzle *p,
                          const nonet_check_result *res, const verdict *v,
                          const nonet_puzzle *solution)
{
    if (!records_wanted(o)) {
        puts(v->text);
        return;
    }
    nonet_result r = {.puzzle = p, .status = v->v, .message = verdict_detail(v)};
    if (v->v == NONET_V_INCOMPLETE)
        r.message = v->text;
    if (res) {
        r.fields |= NONET_FIELD_BLANKS;
        r.blanks = res->blanks;
    }
    if (solution) {
        r.fields |= NONET_FIELD_SOLUTION;
        r.solution = &solution->grid;
    }
    print_record(stdout, o, rec, file, &r);
}

/* The check command's state across puzzles. */
typedef struct checker {
    const cli_opts *o;
    int status;
    int io_failed;
    source sol; /* --solution */
    int have_sol;
    nonet_puzzle *s; /* the current proposed solution */
    records rec;
} checker;

static void check_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    checker *k = ctx;
    verdict v = {0, NONET_V_ERROR, ""};
    nonet_check_result res;
    const nonet_check_result *shown = NULL;
    const nonet_puzzle *proposed = NULL;
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
            proposed = k->s;
            if (!v.ok)
                report(file, p->index, p->first_line, 0, "%s", v.text);
        }
    }
    if (!v.ok)
        k->status = EXIT_PUZZLE_FAILED;
    print_verdict(k->o, &k->rec, file, p, shown, &v, proposed);
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
    k.rec.fields = NONET_FIELD_BLANKS | (o->solution ? NONET_FIELD_SOLUTION : 0u);
    if (for_each_puzzle(o, check_one, &k, NULL) != 0)
        k.io_failed = 1;
    if (k.have_sol) {
        /* solutions left over: say so, they were checked against nothing */
        long extra = 0;
        int got;
        while ((got = source_next(&k.sol, k.s)) == 1)
            extra++;
        if (got < 0)
            k.io_failed = 1;
        if (extra > 0) {
            complain("%s has %ld more grid%s than there are puzzles; %s not checked", k.sol.name,
                     extra, extra == 1 ? "" : "s", extra == 1 ? "it was" : "they were");
            k.status = EXIT_PUZZLE_FAILED;
        }
        source_close(&k.sol);
    }
    free(k.s);
    fflush(stdout);
    return k.io_failed ? EXIT_USAGE : k.status;
}
