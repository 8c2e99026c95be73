/* solve.c - `nonet solve` and `nonet count`: stream puzzles through a solver
 * and print one result per puzzle, in input order. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum mode { MODE_SOLVE, MODE_COUNT };

/* What the batch has done so far. */
typedef struct batch {
    const cli_opts *o;
    enum mode mode;
    nonet_solver *solver;
    int status;       /* exit status so far */
    long printed;     /* results printed (for separators) */
    long puzzles, good, failed;
    uint64_t nodes, guesses;
    double us;
    /* the puzzle being solved, for the --all callback */
    const nonet_puzzle *current;
    nonet_layout layout;
    uint64_t shown;
    nonet_layout last_layout; /* of the last result, for failed puzzles */
    nonet_grid solution;      /* scratch for each puzzle's first solution */
} batch;

static void separate(batch *b, nonet_layout layout)
{
    if (b->printed++ > 0 && layout_multiline(layout))
        fputc('\n', stdout);
}

/* A puzzle that got no answer: the result line and the stderr message. */
static void print_failure(batch *b, const nonet_puzzle *p, const char *status,
                          const char *detail)
{
    /* an unreadable puzzle has no layout of its own: use the last one */
    nonet_layout layout = p->error.code == NONET_OK ? output_layout(b->o, p) : b->last_layout;
    b->failed++;
    if (layout == NONET_LAYOUT_JSON) {
        printf("{\"puzzle\":%ld,\"line\":%ld,\"status\":", p->index, p->first_line);
        json_string(stdout, status);
        if (detail) {
            fputs(",\"error\":", stdout);
            json_string(stdout, detail);
        }
        if (p->error.code == NONET_OK) {
            fputs(",\"input\":", stdout);
            json_grid(stdout, &p->grid);
        }
        if (b->mode == MODE_COUNT && strcmp(status, "invalid") == 0)
            fputs(",\"count\":0", stdout);
        fputs("}\n", stdout);
        return;
    }
    if (b->mode == MODE_COUNT) {
        /* the line still starts with the count, or "error" if unreadable */
        separate(b, NONET_LAYOUT_LINE);
        puts(strcmp(status, "invalid") == 0 ? "0 invalid" : "error");
        return;
    }
    separate(b, layout);
    printf("# %s%s%s\n", status, detail ? ": " : "", detail ? detail : "");
}

static int print_solution(void *ctx, const nonet_grid *solution)
{
    batch *b = ctx;
    if (b->layout == NONET_LAYOUT_JSON) {
        fputs(b->shown ? "," : "", stdout);
        json_grid(stdout, solution);
    } else {
        separate(b, b->layout);
        print_grid(stdout, solution, b->layout, 0);
    }
    b->shown++;
    return 0;
}

static void print_stats_json(const nonet_stats *st, double us)
{
    printf(",\"stats\":{\"nodes\":%" PRIu64 ",\"guesses\":%" PRIu64 ",\"microseconds\":%.1f}",
           st->nodes, st->guesses, us);
}

/* Solves or counts one puzzle that was read without error. */
static void run_puzzle(batch *b, const char *file, const nonet_puzzle *p)
{
    const cli_opts *o = b->o;
    nonet_check_result chk;
    if (nonet_check(&p->grid, &chk) == NONET_ECONFLICT) {
        char why[160];
        nonet_describe_conflict(&chk.conflict, p->grid.n, why, sizeof why);
        report(file, p->index, p->row_line[chk.conflict.row2], 0, "%s", why);
        print_failure(b, p, "invalid", why);
        b->status = EXIT_PUZZLE_FAILED;
        return;
    }

    nonet_layout layout = output_layout(o, p);
    b->last_layout = layout;
    int all = b->mode == MODE_SOLVE && o->all;
    uint64_t limit;
    if (b->mode == MODE_COUNT || all)
        limit = o->limit;
    else
        limit = o->unique ? 2 : 1;

    nonet_grid *solution = &b->solution;
    uint64_t count = 0;
    nonet_stats st = {0, 0};
    b->current = p;
    b->layout = layout;
    b->shown = 0;
    if (all && layout == NONET_LAYOUT_JSON) {
        printf("{\"puzzle\":%ld,\"line\":%ld,\"input\":", p->index, p->first_line);
        json_grid(stdout, &p->grid);
        fputs(",\"solutions\":[", stdout);
    }
    double t0 = now_us();
    int rc = all ? nonet_solver_run(b->solver, &p->grid, limit, print_solution, b, &count, &st)
                 : nonet_solver_count(b->solver, &p->grid, limit, &count, solution, &st);
    double us = now_us() - t0;
    if (rc != NONET_OK) {
        complain("%s", nonet_strerror(rc));
        exit(EXIT_USAGE);
    }
    b->nodes += st.nodes;
    b->guesses += st.guesses;
    b->us += us;
    int reached = limit > 0 && count >= limit;

    const char *status;
    int good;
    if (b->mode == MODE_COUNT) {
        status = count == 0 ? "no solution" : count == 1 && !reached ? "unique" : "multiple";
        good = 1;
    } else if (count == 0) {
        status = "no solution";
        good = 0;
    } else if (o->unique && count > 1) {
        status = "not unique";
        good = 0;
    } else {
        status = "solved";
        good = 1;
    }
    if (good) {
        b->good++;
    } else {
        report(file, p->index, p->first_line, 0, "%s", status);
        b->failed++;
        b->status = EXIT_PUZZLE_FAILED;
    }

    if (o->stats && layout != NONET_LAYOUT_JSON) {
        char counted[64] = "";
        if (b->mode == MODE_COUNT || all || o->unique)
            snprintf(counted, sizeof counted, ", %" PRIu64 "%s solution%s", count,
                     reached ? "+" : "", count == 1 && !reached ? "" : "s");
        report(file, p->index, p->first_line, 0,
               "%s%s, %" PRIu64 " nodes, %" PRIu64 " guesses, %.0f us", status, counted,
               st.nodes, st.guesses, us);
    }

    if (layout == NONET_LAYOUT_JSON) {
        if (all) {
            fputs("],", stdout);
        } else {
            printf("{\"puzzle\":%ld,\"line\":%ld,\"input\":", p->index, p->first_line);
            json_grid(stdout, &p->grid);
            fputc(',', stdout);
        }
        fputs("\"status\":", stdout);
        json_string(stdout, status);
        printf(",\"count\":%" PRIu64 ",\"limit_reached\":%s", count, reached ? "true" : "false");
        if (!all && count > 0 && (good || b->mode == MODE_COUNT)) {
            fputs(",\"solution\":", stdout);
            json_grid(stdout, solution);
        }
        print_stats_json(&st, us);
        fputs("}\n", stdout);
    } else if (b->mode == MODE_COUNT) {
        separate(b, NONET_LAYOUT_LINE);
        printf("%" PRIu64 "%s\n", count, reached ? "+" : "");
    } else if (!good) {
        separate(b, layout);
        printf("# %s\n", status);
    } else if (!all) {
        separate(b, layout);
        print_grid(stdout, solution, layout, 0);
    }
}

static void each_puzzle(void *ctx, const char *file, const nonet_puzzle *p)
{
    batch *b = ctx;
    b->puzzles++;
    if (p->error.code != NONET_OK) {
        report_read_error(file, p);
        print_failure(b, p, "error", p->error.message);
        b->status = EXIT_PUZZLE_FAILED;
    } else {
        run_puzzle(b, file, p);
    }
}

static int run_batch(const cli_opts *o, enum mode mode)
{
    batch b;
    memset(&b, 0, sizeof b);
    b.o = o;
    b.mode = mode;
    b.last_layout = o->format != NONET_LAYOUT_AUTO ? o->format : NONET_LAYOUT_LINE;
    b.solver = nonet_solver_new(o->engine);
    if (!b.solver) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    double t0 = now_us();
    int io_failed = for_each_puzzle(o, each_puzzle, &b) != 0;
    fflush(stdout);
    if (o->stats && b.puzzles > 0) {
        double wall = (now_us() - t0) / 1e6;
        complain("%ld puzzles, %ld %s, %ld failed; %.3f s solving (%.0f puzzles/s), %.3f s in all; "
                 "%.2f guesses/puzzle",
                 b.puzzles, b.good, mode == MODE_SOLVE ? "solved" : "counted", b.failed,
                 b.us / 1e6, b.us > 0 ? (double)b.puzzles / (b.us / 1e6) : 0.0, wall,
                 (double)b.guesses / (double)b.puzzles);
    }
    nonet_solver_free(b.solver);
    if (ferror(stdout)) {
        complain("error writing the output");
        return EXIT_USAGE;
    }
    return io_failed ? EXIT_USAGE : b.status;
}

int cmd_solve(const cli_opts *o)
{
    /* the teaching solvers print their own kinds of results: teach.c */
    if (o->teach != TEACH_NONE)
        return solve_teach(o);
    return run_batch(o, MODE_SOLVE);
}

int cmd_count(const cli_opts *o)
{
    return run_batch(o, MODE_COUNT);
}
