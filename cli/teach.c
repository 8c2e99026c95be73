/* teach.c - `nonet solve --engine propagate|tactics|naive`: the classic
 * teaching solvers, one result per puzzle in input order, each with its
 * own statistics and, with --trace, its steps. The algorithms are in the
 * library (nonet_teach_*); this file only prints. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int engine;
} teach_names[] = {
    {"propagate", TEACH_PROPAGATE},
    {"tactics", TEACH_TACTICS},
    {"naive", TEACH_NAIVE},
};

int teach_engine_from_name(const char *name)
{
    for (size_t i = 0; i < sizeof teach_names / sizeof teach_names[0]; i++)
        if (strcmp(teach_names[i].name, name) == 0)
            return teach_names[i].engine;
    return TEACH_NONE;
}

static const char *teach_engine_name(int engine)
{
    for (size_t i = 0; i < sizeof teach_names / sizeof teach_names[0]; i++)
        if (teach_names[i].engine == engine)
            return teach_names[i].name;
    return "?";
}

/* One puzzle's run: the outcome and the engine's statistics as text. */
typedef struct teach_run {
    int outcome;     /* enum nonet_teach_outcome */
    nonet_grid grid; /* the solution, or the grid as far as the engine got */
    char text[192];  /* statistics for people: "5 passes, 212 events" */
    char json[192];  /* the same as JSON members: "\"passes\":5,\"events\":212" */
    nonet_naive_stats naive;
    double us;
} teach_run;

/* What the batch has done so far. */
typedef struct teach_batch {
    const cli_opts *o;
    int status; /* exit status so far */
    long printed, puzzles, solved, stuck, failed;
    double us;
    nonet_layout last_layout; /* of the last result, for unreadable puzzles */
    teach_run run;
    records rec;
} teach_batch;

static void separate(teach_batch *b, nonet_layout layout, int n)
{
    if (b->printed++ > 0 && layout_multiline(layout, n))
        fputc('\n', stdout);
}

/* tactics shows its solution in the grid layout whatever the input's;
 * the others answer in the input's layout. */
static nonet_layout teach_layout(const cli_opts *o, const nonet_puzzle *p)
{
    if (o->teach == TEACH_TACTICS && o->format == NONET_LAYOUT_AUTO)
        return p->grid.n > NONET_MAX_SYMBOL_SIDE ? NONET_LAYOUT_NUMBERS : NONET_LAYOUT_GRID;
    return output_layout(o, p);
}

static void trace_to(void *ctx, const char *text)
{
    fputs(text, (FILE *)ctx);
}

/* Appends "N things" (or "1 thing") to the statistics text, after a comma
 * when it is not the first. */
static void add_count(teach_run *run, uint64_t count, const char *one, const char *many)
{
    size_t len = strlen(run->text);
    snprintf(run->text + len, sizeof run->text - len, "%s%" PRIu64 " %s", len ? ", " : "", count,
             count == 1 ? one : many);
}

/* Runs the chosen engine on p, tracing to trace_out (NULL: no trace).
 * Returns its outcome, or a negative status. */
static int run_engine(teach_batch *b, const nonet_puzzle *p, FILE *trace_out)
{
    teach_run *run = &b->run;
    nonet_trace_fn trace = trace_out != NULL ? trace_to : NULL;
    int rc;
    run->text[0] = '\0';
    double t0 = b->o->stats ? now_us() : 0; /* timed only when shown (--stats) */
    switch (b->o->teach) {
    case TEACH_PROPAGATE: {
        nonet_propagate_stats st;
        rc = nonet_teach_propagate(&p->grid, &run->grid, &st, trace, trace_out);
        add_count(run, st.passes, "pass", "passes");
        add_count(run, st.events, "event", "events");
        snprintf(run->json, sizeof run->json, "\"passes\":%" PRIu64 ",\"events\":%" PRIu64,
                 st.passes, st.events);
        break;
    }
    case TEACH_TACTICS: {
        nonet_tactics_stats st;
        rc = nonet_teach_tactics(&p->grid, &run->grid, &st, trace, trace_out);
        add_count(run, st.tactic1, "tactic 1 scan", "tactic 1 scans");
        add_count(run, st.tactic2, "tactic 2 scan", "tactic 2 scans");
        add_count(run, st.guesses, "guess", "guesses");
        add_count(run, st.backups, "back-up", "back-ups");
        add_count(run, st.rejected, "full grid rejected", "full grids rejected");
        add_count(run, st.nodes, "node", "nodes");
        snprintf(run->json, sizeof run->json,
                 "\"tactic1\":%" PRIu64 ",\"tactic2\":%" PRIu64 ",\"guesses\":%" PRIu64
                 ",\"backups\":%" PRIu64 ",\"rejected\":%" PRIu64 ",\"nodes\":%" PRIu64,
                 st.tactic1, st.tactic2, st.guesses, st.backups, st.rejected, st.nodes);
        break;
    }
    default: {
        nonet_naive_stats *st = &run->naive;
        rc = nonet_teach_naive(&p->grid, &run->grid, st, trace, trace_out);
        add_count(run, st->singles, "single candidate", "single candidates");
        add_count(run, st->attempts, "attempt", "attempts");
        add_count(run, st->backtracks, "backtrack", "backtracks");
        snprintf(run->json, sizeof run->json,
                 "\"singles\":%" PRIu64 ",\"attempts\":%" PRIu64 ",\"backtracks\":%" PRIu64,
                 st->singles, st->attempts, st->backtracks);
        break;
    }
    }
    run->us = b->o->stats ? now_us() - t0 : 0;
    run->outcome = rc;
    return rc;
}

/* A puzzle that was never run (unreadable, or conflicting clues). */
static void print_unrun(teach_batch *b, const char *file, const nonet_puzzle *p,
                        nonet_layout layout, nonet_verdict v, const char *detail)
{
    b->failed++;
    b->status = EXIT_PUZZLE_FAILED;
    if (records_wanted(b->o)) {
        nonet_result r = {.puzzle = p,
                          .status = v,
                          .message = detail,
                          .fields = NONET_FIELD_ENGINE,
                          .engine = teach_engine_name(b->o->teach)};
        print_record(stdout, b->o, &b->rec, file, &r);
        return;
    }
    separate(b, layout, p->grid.n);
    printf("# %s: %s\n", nonet_verdict_word(v), detail);
}

static void print_json(teach_batch *b, const char *file, const nonet_puzzle *p, nonet_verdict v)
{
    const teach_run *run = &b->run;
    nonet_result r = {.puzzle = p,
                      .status = v,
                      .fields = NONET_FIELD_ENGINE | NONET_FIELD_STATS,
                      .engine = teach_engine_name(b->o->teach),
                      .microseconds = run->us,
                      .stats_extra = run->json};
    if (run->outcome == NONET_TEACH_SOLVED) {
        r.fields |= NONET_FIELD_SOLUTION;
        r.solution = &run->grid;
    } else if (b->o->teach == TEACH_PROPAGATE) {
        r.fields |= NONET_FIELD_RESULT; /* the grid as far as it got */
        r.result = &run->grid;
    }
    print_record(stdout, b->o, &b->rec, file, &r);
}

static void teach_puzzle(void *ctx, const char *file, const nonet_puzzle *p)
{
    teach_batch *b = ctx;
    const cli_opts *o = b->o;
    b->puzzles++;
    if (p->error.code != NONET_OK) {
        report_read_error(file, p);
        print_unrun(b, file, p, b->last_layout, NONET_V_ERROR, p->error.message);
        return;
    }
    nonet_layout layout = teach_layout(o, p);
    b->last_layout = layout;
    if (p->has_marks) {
        static const char why[] = "the classic solvers start from the clues alone, not from "
                                  "pencil marks (try without --engine)";
        report(file, p->index, p->first_line, 0, "%s", why);
        print_unrun(b, file, p, layout, NONET_V_ERROR, why);
        return;
    }
    nonet_check_result chk;
    if (nonet_check(&p->grid, &chk) == NONET_ECONFLICT) {
        char why[160];
        nonet_describe_conflict(&chk.conflict, p->grid.n, why, sizeof why);
        report(file, p->index, p->row_line[chk.conflict.row2], 0, "%s", why);
        print_unrun(b, file, p, layout, NONET_V_INVALID, why);
        return;
    }

    int json = records_wanted(o);
    if (!json)
        separate(b, layout, p->grid.n); /* before the trace: it belongs to this result */
    /* The trace goes with the results, except that JSON output stays one
     * object per line. */
    FILE *trace_out = !o->trace ? NULL : json ? stderr : stdout;
    int rc = run_engine(b, p, trace_out);
    if (rc < 0) {
        complain("%s", nonet_strerror(rc));
        exit(EXIT_USAGE);
    }
    const teach_run *run = &b->run;
    b->us += run->us;
    const char *status = rc == NONET_TEACH_SOLVED  ? "solved"
                         : rc == NONET_TEACH_STUCK ? "stuck"
                                                   : "no solution";
    if (rc == NONET_TEACH_SOLVED) {
        b->solved++;
    } else {
        if (rc == NONET_TEACH_STUCK)
            b->stuck++;
        else
            b->failed++;
        b->status = EXIT_PUZZLE_FAILED;
    }

    /* propagate always reports how it ended; the others when they fail;
     * --stats adds every engine's own statistics and the time. */
    if (o->teach == TEACH_PROPAGATE || o->stats) {
        char time[40] = "";
        if (o->stats)
            snprintf(time, sizeof time, ", %.0f us", run->us);
        report(file, p->index, p->first_line, 0, "%s%s, %s%s", status,
               rc == NONET_TEACH_STUCK ? " (too hard for this simple algorithm)" : "", run->text,
               time);
    } else if (rc != NONET_TEACH_SOLVED) {
        report(file, p->index, p->first_line, 0, "%s", status);
    }

    if (json) {
        print_json(b, file, p,
                   rc == NONET_TEACH_SOLVED  ? NONET_V_SOLVED
                   : rc == NONET_TEACH_STUCK ? NONET_V_STUCK
                                             : NONET_V_NO_SOLUTION);
        return;
    }
    if (rc == NONET_TEACH_SOLVED || rc == NONET_TEACH_STUCK)
        print_grid(stdout, &run->grid, layout, p->blank, p->symbols);
    else
        printf("# %s\n", status);
    if (o->teach == TEACH_NAIVE)
        printf("attempts: %" PRIu64 "\nbacktracks: %" PRIu64 "\n", run->naive.attempts,
               run->naive.backtracks);
}

int solve_teach(const cli_opts *o)
{
    teach_batch *b = calloc(1, sizeof *b);
    if (b == NULL) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    b->o = o;
    b->last_layout = o->format != NONET_LAYOUT_AUTO ? o->format : NONET_LAYOUT_LINE;
    b->rec.fields = NONET_FIELD_ENGINE | NONET_FIELD_SOLUTION | NONET_FIELD_STATS |
                    (o->teach == TEACH_PROPAGATE ? NONET_FIELD_RESULT : 0u);
    double t0 = now_us();
    int io_failed = for_each_puzzle(o, teach_puzzle, b, NULL) != 0;
    fflush(stdout);
    if (o->stats && b->puzzles > 0) {
        char stuck[32] = "";
        if (o->teach == TEACH_PROPAGATE)
            snprintf(stuck, sizeof stuck, ", %ld stuck", b->stuck);
        complain("%ld puzzle%s, %ld solved%s, %ld failed; %.3f s solving (%.0f puzzles/s), "
                 "%.3f s in all",
                 b->puzzles, b->puzzles == 1 ? "" : "s", b->solved, stuck, b->failed, b->us / 1e6,
                 b->us > 0 ? (double)b->puzzles / (b->us / 1e6) : 0.0, (now_us() - t0) / 1e6);
    }
    int status = io_failed ? EXIT_USAGE : b->status;
    free(b);
    if (ferror(stdout)) {
        complain("error writing the output");
        return EXIT_USAGE;
    }
    return status;
}
