/* solve.c - `nonet solve` and `nonet count`: stream puzzles through solvers
 * and print one result per puzzle, in input order.
 *
 * The main thread reads puzzles into chunks. With -j N, N worker threads
 * (each with its own solver) solve whole chunks, writing each chunk's
 * results and messages into memory; the main thread writes the chunks out
 * in input order. A fixed ring of chunks is in flight, so memory stays
 * bounded however long the input. With one thread the same code runs
 * without workers. Input typed at a terminal is solved on one thread, one
 * puzzle a chunk, and each result is written as soon as its puzzle is
 * read.
 *
 * One-puzzle-a-line input takes a faster way (read_plain): the main thread
 * reads big blocks and cuts them into spans of plain lines (the library's
 * nonet_plain_scan: lines the reader reads the same in any context), and
 * hands each span's bytes to the workers as a chunk of up to PLAIN_CHUNK
 * puzzles; the workers read its lines (nonet_plain_line), number them on
 * from the span's first, and solve and write them as any chunk. Any other
 * line goes to the file's reader, told first what the spans before held
 * (nonet_reader_skip), which hands back once it is plain again: the same
 * puzzles, lines, indices and order as the reader alone gives. Results
 * and messages come out as the reader's chunks of 64 would write them,
 * messages after each 64 puzzles' results (the groups, counted over the
 * whole batch), so that even 2>&1 gives the same bytes. */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum mode { MODE_SOLVE, MODE_COUNT, MODE_RATE, MODE_CANON };
enum { CHUNK = 64, MAX_JOBS = 64 };
/* Puzzles a chunk of plain lines, and the reads of plain input. */
enum { PLAIN_CHUNK = 1024, PLAIN_GROUPS = PLAIN_CHUNK / CHUNK + 1, PLAIN_BLOCK = 4 << 20 };
enum slot_state { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

/* What some puzzles came to. */
typedef struct tally {
    long puzzles, good, failed;
    uint64_t nodes, guesses;
    double us;
    int status; /* exit status */
} tally;

/* Workers and chunks begin on cache lines of their own (aligned_array):
 * what one thread writes for each puzzle never shares a line with what
 * another thread reads or writes. */
#define CACHE_LINE 64

/* One thread's solving state; results go to out, messages to err. */
typedef struct worker {
    _Alignas(CACHE_LINE) const cli_opts *o;
    enum mode mode;
    nonet_solver *solver;
    nonet_human *human; /* rate, solve --engine human */
    nonet_canon *canon; /* canon */
    nonet_marks left;   /* solve --engine human: the candidates it left */
    FILE *out, *err;
    tally t;
    int multiline;              /* the last result took several lines */
    nonet_layout layout;        /* of the puzzle being solved (--all callback) */
    const char *symbols;        /* and its symbols */
    const nonet_puzzle *puzzle; /* and itself (--with-puzzle) */
    int beside;                 /* --with-puzzle wrote the puzzle on lines of its own */
    uint64_t shown;             /* solutions printed for it (--all) */
    int mark;                   /* --all: start each puzzle's results with "# puzzle N" */
    nonet_grid solution;        /* scratch for its first solution */
    records rec;                /* --json, -f csv: the batch writes the CSV header */
    FILE *all_json;             /* --all --json: the solutions so far, as JSON */
    char *all_text;
    size_t all_len;
    nonet_puzzle *plain; /* the puzzle of a plain line being solved */
} worker;

/* Up to CHUNK consecutive puzzles and, once solved, their output. */
typedef struct chunk {
    _Alignas(CACHE_LINE) nonet_puzzle *p;
    char *out, *err;
    size_t out_len, err_len;
    /* A chunk of plain lines of one file (file[0]), read by its worker
     * (plain): their text, the number of the first line, the index of the
     * first puzzle, and the puzzles among them. */
    char *text;
    size_t text_len, text_cap;
    long first_line, first_index, npuzzles;
    /* where the groups of 64 puzzles (counted from the batch's first)
     * that end in it end in out and err (ngroups); `group0`: puzzles
     * before it */
    long group0;
    tally t;
    size_t group_out[PLAIN_GROUPS], group_err[PLAIN_GROUPS];
    const char *file[CHUNK];
    size_t end[CHUNK];      /* where each result ends in out */
    double input_at[CHUNK]; /* the share of the input read up to the
                               end of each puzzle (-1: unknown) */
    int n;
    int failed; /* out of memory while solving it */
    int plain;
    int ngroups;
    /* a chunk of the reader's puzzles cut before its group ends (plain
     * lines follow): its messages wait for the rest of the group's results */
    int carry;
    enum slot_state state;
    unsigned char multi[CHUNK]; /* whether it took several lines */
} chunk;

/* The whole batch: the ring of chunks, the workers, the writer's state. */
typedef struct batch {
    const cli_opts *o;
    enum mode mode;
    chunk *slots;
    int nslots, fill, next_write;
    int chunk_max;      /* puzzles a chunk: CHUNK, or 1 for typed input */
    int submitted;      /* chunks submitted so far */
    int stdout_tty;     /* results go to a terminal: the progress line is
                           erased before them */
    int messages_apart; /* stderr is neither a terminal nor stdout's file */
    pthread_mutex_t lock;
    pthread_cond_t ready, done;
    int idle;           /* workers waiting for a chunk to be ready */
    int writer_waiting; /* the main thread waits for a chunk to be done */
    int closing;
    worker *workers;
    pthread_t *threads;
    int nthreads;
    long written; /* results written */
    int last_multi;
    tally total;
    records rec; /* the CSV header, written with the first chunk */
    double t0, last_progress;
    double fraction;    /* the share of the input read up to the last puzzle
                           read (for_each_puzzle), -1 when unknown */
    double solved;      /* ... up to the last puzzle written: what the
                           progress line shows, beside the results written */
    int progress;       /* draw a progress line on stderr */
    int progress_shown; /* it has been drawn (it may have been erased since) */
    long count;         /* puzzles given to chunks so far */
    int plain_ok;       /* plain lines may take the faster way */
    long plain_count;   /* puzzles that did */
    long plain_max;     /* puzzles a chunk of plain lines (PLAIN_CHUNK at most) */
    char *carry;        /* messages of a group whose results are not all written */
    size_t carry_len, carry_cap;
} batch;

/* ------------------------------------------------------------ one puzzle */

static void tally_add(tally *into, const tally *t)
{
    into->puzzles += t->puzzles;
    into->good += t->good;
    into->failed += t->failed;
    into->nodes += t->nodes;
    into->guesses += t->guesses;
    into->us += t->us;
    if (t->status > into->status)
        into->status = t->status;
}

/* The fields of a mode's records. */
static unsigned mode_fields(const cli_opts *o, enum mode mode)
{
    if (mode == MODE_RATE)
        return NONET_FIELD_RATING | NONET_FIELD_STATS;
    if (mode == MODE_CANON)
        return NONET_FIELD_RESULT | NONET_FIELD_TRANSFORM | NONET_FIELD_AUTOMORPHISMS;
    unsigned f = NONET_FIELD_COUNT | NONET_FIELD_STATS;
    if (mode == MODE_SOLVE && o->all)
        return f | NONET_FIELD_SOLUTIONS;
    if (mode == MODE_SOLVE && o->human)
        f |= NONET_FIELD_ENGINE;
    return f | NONET_FIELD_SOLUTION;
}

/* A puzzle that got no answer: its result and its count. The text layouts
 * say it in a comment ("# not unique"), count's in its count. */
static void print_failure(worker *w, const char *file, const nonet_puzzle *p, nonet_verdict v,
                          const char *detail)
{
    FILE *out = w->out;
    w->t.failed++;
    w->t.status = EXIT_PUZZLE_FAILED;
    if (records_wanted(w->o)) {
        nonet_result r = {.puzzle = p, .status = v, .message = detail};
        if (w->mode == MODE_COUNT && v == NONET_V_INVALID)
            r.fields = NONET_FIELD_COUNT; /* conflicting clues: no solution */
        print_record(out, w->o, &w->rec, file, &r);
        return;
    }
    w->beside = print_puzzle_beside(out, w->o, p, 1);
    if (w->mode == MODE_COUNT) {
        /* the line still starts with the count, or "error" if unreadable
         * (a comment beside the other puzzles under --with-puzzle) */
        fputs(v == NONET_V_INVALID ? "0 invalid\n"
              : w->o->with_puzzle  ? "# error\n"
                                   : "error\n",
              out);
    } else {
        const char *word = v == NONET_V_MULTIPLE ? "not unique" : nonet_verdict_word(v);
        fprintf(out, "# %s%s%s\n", word, detail ? ": " : "", detail ? detail : "");
    }
}

static int print_solution(void *ctx, const nonet_grid *solution)
{
    worker *w = ctx;
    if (w->all_json && w->o->format == NONET_LAYOUT_CSV) {
        /* one field: the lines one space apart */
        char line[NONET_MAX_SYMBOL_SIDE * NONET_MAX_SYMBOL_SIDE + 2];
        nonet_format_opts fo = {0, w->symbols, NULL, 0};
        long n = nonet_format_with(solution, NONET_LAYOUT_LINE, &fo, line, sizeof line);
        if (n > 0 && (size_t)n < sizeof line) {
            fputs(w->shown ? " " : "", w->all_json);
            fwrite(line, 1, (size_t)n - 1, w->all_json);
        }
    } else if (w->all_json) {
        fputs(w->shown ? "," : "", w->all_json);
        json_grid(w->all_json, solution, w->symbols);
    } else {
        if (w->shown && (layout_multiline(w->layout, solution->n) || w->beside))
            fputc('\n', w->out);
        if (puzzle_beside(w->o, w->puzzle) && solution->n > NONET_MAX_SYMBOL_SIDE)
            w->beside = 1; /* the puzzle's rows of numbers before each solution */
        print_result_grid(w->out, w->o, w->puzzle, solution, w->layout);
    }
    w->shown++;
    return 0;
}

/* Whether p's clues conflict; if so, says where and prints the failure. */
static int conflicting(worker *w, const char *file, const nonet_puzzle *p)
{
    nonet_check_result chk;
    if (nonet_check(&p->grid, &chk) != NONET_ECONFLICT)
        return 0;
    char why[160];
    nonet_describe_conflict(&chk.conflict, p->grid.n, why, sizeof why);
    report_to(w->err, file, p->index, p->row_line[chk.conflict.row2], 0, "%s", why);
    print_failure(w, file, p, NONET_V_INVALID, why);
    return 1;
}

/* solve --engine human: the ladder as far as it goes, then search. Returns
 * 1 when it printed the result, 0 to leave the puzzle to the search
 * (not unique, invalid: the plain path says so). */
static int solve_human(worker *w, const char *file, const nonet_puzzle *p, nonet_layout layout)
{
    const nonet_marks *marks = p->has_marks ? &p->marks : NULL;
    uint64_t count = 0;
    if (nonet_solver_count_marks(w->solver, &p->grid, marks, 2, &count, NULL, NULL) != NONET_OK ||
        count != 1 || nonet_human_start(w->human, &p->grid, marks) != NONET_OK)
        return 0;
    int steps = 0, found;
    double t0 = w->o->stats ? now_us() : 0; /* the clock only when shown */
    while ((found = nonet_human_find(w->human)) > 0)
        steps += nonet_human_apply(w->human, -1);
    if (found < 0)
        return 0;
    nonet_marks *left = &w->left;
    nonet_human_position(w->human, &w->solution, left);
    if (!nonet_human_solved(w->human)) {
        nonet_technique next;
        nonet_human_limit(w->human, &next);
        report_to(w->err, file, p->index, p->first_line, 0,
                  "the ladder got stuck after %d step%s (the next one needs %s); the rest "
                  "was found by search",
                  steps, steps == 1 ? "" : "s", ladder_needs(next));
        nonet_grid position;
        nonet_grid_copy(&position, &w->solution);
        if (nonet_solver_count_marks(w->solver, &position, left, 1, &count, &w->solution, NULL) !=
                NONET_OK ||
            count != 1)
            return 0;
    }
    w->t.good++;
    if (w->o->stats)
        w->t.us += now_us() - t0;
    if (records_wanted(w->o)) {
        char why[160] = "";
        if (!nonet_human_solved(w->human))
            snprintf(why, sizeof why, "the ladder got stuck after %d step%s; search did the rest",
                     steps, steps == 1 ? "" : "s");
        nonet_result r = {.puzzle = p,
                          .status = NONET_V_UNIQUE,
                          .message = why,
                          .fields = NONET_FIELD_ENGINE | NONET_FIELD_COUNT | NONET_FIELD_SOLUTION,
                          .engine = "human",
                          .count = 1,
                          .solution = &w->solution};
        print_record(w->out, w->o, &w->rec, file, &r);
    } else {
        print_result_grid(w->out, w->o, p, &w->solution, layout);
    }
    w->multiline = layout_multiline(layout, p->grid.n);
    return 1;
}

/* Starts the puzzle's clock: its solvers stop at --timeout. */
static void start_clock(worker *w)
{
    if (!w->o->timeout_ns)
        return;
    nonet_stop stop = puzzle_stop(w->o->timeout_ns);
    nonet_solver_set_stop(w->solver, &stop);
    nonet_human_set_stop(w->human, &stop);
}

/* A puzzle past --timeout: its result and a message (with what was
 * found before, when counted). */
static void print_timeout(worker *w, const char *file, const nonet_puzzle *p, int counted,
                          uint64_t count)
{
    char why[80], found[64] = "";
    timeout_words(w->o->timeout_ns, why, sizeof why);
    if (counted)
        snprintf(found, sizeof found, "; %" PRIu64 " solution%s found by then", count,
                 count == 1 ? "" : "s");
    report_to(w->err, file, p->index, p->first_line, 0, "%s%s", why, found);
    if (w->mode == MODE_COUNT && !records_wanted(w->o)) {
        /* the line still starts with the count: at least this many */
        w->t.failed++;
        w->t.status = EXIT_PUZZLE_FAILED;
        w->beside = print_puzzle_beside(w->out, w->o, p, 1);
        fprintf(w->out, "%" PRIu64 "+ timeout\n", count);
        return;
    }
    print_failure(w, file, p, NONET_V_TIMEOUT, why);
}

/* Rates one puzzle that was read without error. */
static void rate_puzzle(worker *w, const char *file, const nonet_puzzle *p)
{
    const cli_opts *o = w->o;
    FILE *out = w->out;
    nonet_rating r;
    /* timed only when the time is shown (--stats) */
    double t0 = o->stats ? now_us() : 0;
    start_clock(w);
    int rc = nonet_human_rate(w->human, &p->grid, p->has_marks ? &p->marks : NULL, &r);
    double us = o->stats ? now_us() - t0 : 0;
    if (rc == NONET_ETIMEOUT) {
        print_timeout(w, file, p, 0, 0);
        return;
    }
    if (rc == NONET_ECONFLICT) {
        if (!conflicting(w, file, p)) {
            const char *why = "the pencil marks leave out a digit of the grid";
            report_to(w->err, file, p->index, p->first_line, 0, "%s", why);
            print_failure(w, file, p, NONET_V_INVALID, why);
        }
        return;
    }
    if (rc != NONET_OK) {
        nonet_verdict v = rc == NONET_ENOSOLUTION  ? NONET_V_NO_SOLUTION
                          : rc == NONET_ENOTUNIQUE ? NONET_V_MULTIPLE
                                                   : NONET_V_ERROR;
        const char *status = rc == NONET_ENOSOLUTION  ? "no solution"
                             : rc == NONET_ENOTUNIQUE ? "not unique"
                                                      : nonet_strerror(rc);
        const char *why = rc == NONET_ENOTUNIQUE ? "a rating needs a puzzle with one solution"
                          : rc == NONET_ENOSOLUTION && p->has_marks
                              ? "the pencil marks exclude every solution"
                              : NULL;
        report_to(w->err, file, p->index, p->first_line, 0, "%s%s%s", status, why ? ": " : "",
                  why ? why : "");
        if (records_wanted(o) || !why) {
            print_failure(w, file, p, v, why);
        } else {
            /* the comment line is the verdict alone; stderr says why */
            w->t.failed++;
            w->t.status = EXIT_PUZZLE_FAILED;
            w->beside = print_puzzle_beside(out, o, p, 1);
            fprintf(out, "# %s\n", status);
        }
        return;
    }
    w->t.good++;
    w->t.us += us;
    const char *hardest = r.steps ? nonet_technique_name(r.hardest) : "nothing to do";
    if (records_wanted(o)) {
        nonet_result res = {.puzzle = p,
                            .status = r.stuck ? NONET_V_STUCK : NONET_V_UNIQUE,
                            .fields = w->rec.fields,
                            .rating = &r,
                            .needs = r.stuck ? ladder_needs(r.beyond) : NULL,
                            .microseconds = us};
        print_record(out, o, &w->rec, file, &res);
        return;
    }
    w->beside = print_puzzle_beside(out, o, p, 1);
    if (r.stuck) {
        /* a lower bound, no level: the ladder stopped before the end */
        fprintf(out, "%d.%d+ needs %s: the ladder stops after %d step%s", r.at_least / 10,
                r.at_least % 10, ladder_needs(r.beyond), r.steps, r.steps == 1 ? "" : "s");
        if (r.steps)
            fprintf(out, " (hardest before: %d.%d %s)", r.difficulty / 10, r.difficulty % 10,
                    hardest);
        fputc('\n', out);
    } else {
        fprintf(out, "%d.%d %s, %d step%s, %s\n", r.difficulty / 10, r.difficulty % 10, hardest,
                r.steps, r.steps == 1 ? "" : "s", nonet_level_name(r.difficulty));
    }
    if (o->stats)
        report_to(w->err, file, p->index, p->first_line, 0, "rated in %.0f us", us);
}

/* Solves or counts one puzzle that was read without error. */
static void run_puzzle(worker *w, const char *file, const nonet_puzzle *p)
{
    const cli_opts *o = w->o;
    FILE *out = w->out;

    nonet_layout layout = output_layout(o, p);
    int all = w->mode == MODE_SOLVE && o->all;
    /* conflicting clues have no solution: checked before printing all
     * solutions (the output starts before the search), else only when
     * the search found none */
    if (all && conflicting(w, file, p))
        return;
    start_clock(w);
    if (o->human && w->mode == MODE_SOLVE && solve_human(w, file, p, layout))
        return;
    /* a plain solve looks for a second solution too, to say so (--first:
     * the first one is enough) */
    uint64_t limit = w->mode == MODE_COUNT || all ? o->limit : o->first ? 1 : 2;
    uint64_t count = 0;
    nonet_stats st = {0, 0};
    int as_records = records_wanted(o);
    w->layout = layout;
    w->symbols = p->symbols;
    w->puzzle = p;
    w->shown = 0;
    w->all_json = NULL;
    if (all && as_records) {
        /* the solutions are gathered, then written after the count */
        w->all_text = NULL;
        w->all_len = 0;
        w->all_json = open_memstream(&w->all_text, &w->all_len);
        if (!w->all_json) {
            print_failure(w, file, p, NONET_V_ERROR, "out of memory");
            return;
        }
    }
    /* timed only when the time is shown (--stats; records carry it only
     * then): a clock read costs as much as solving an easy puzzle's last
     * cells */
    int timed = o->stats;
    double t0 = timed ? now_us() : 0;
    const nonet_marks *marks = p->has_marks ? &p->marks : NULL;
    int rc = all ? nonet_solver_run_marks(w->solver, &p->grid, marks, limit, print_solution, w,
                                          &count, &st)
                 : nonet_solver_count_marks(
                       w->solver, &p->grid, marks, limit, &count,
                       /* counted: the solution is only printed in records */
                       w->mode == MODE_COUNT && !as_records ? NULL : &w->solution, &st);
    double us = timed ? now_us() - t0 : 0;
    if (w->all_json)
        fclose(w->all_json); /* w->all_text holds the solutions */
    if (rc == NONET_ETIMEOUT) {
        free(w->all_text);
        w->all_text = NULL;
        w->t.nodes += st.nodes;
        w->t.guesses += st.guesses;
        print_timeout(w, file, p, w->mode == MODE_COUNT || all, count);
        return;
    }
    if (rc != NONET_OK) {
        /* e.g. an engine that does not handle this size */
        const char *why =
            rc == NONET_ESIZE ? "the engine does not handle this size" : nonet_strerror(rc);
        report_to(w->err, file, p->index, p->first_line, 0, "%s", why);
        free(w->all_text);
        w->all_text = NULL;
        print_failure(w, file, p, NONET_V_ERROR, why);
        return;
    }
    if (count == 0 && !all && conflicting(w, file, p))
        return;
    w->t.nodes += st.nodes;
    w->t.guesses += st.guesses;
    w->t.us += us;
    int reached = limit > 0 && count >= limit;

    const char *status;
    int good = 1;
    nonet_verdict v = count == 0                          ? NONET_V_NO_SOLUTION
                      : w->mode == MODE_SOLVE && o->first ? NONET_V_SOLVED
                      : count == 1 && !reached            ? NONET_V_UNIQUE
                                                          : NONET_V_MULTIPLE;
    if (w->mode == MODE_COUNT)
        status = nonet_verdict_word(v);
    else if (count == 0)
        status = "no solution", good = 0;
    else if (o->unique && count > 1)
        status = "not unique", good = 0;
    else
        status = "solved";
    if (good) {
        w->t.good++;
    } else {
        report_to(w->err, file, p->index, p->first_line, 0, "%s", status);
        w->t.failed++;
        w->t.status = EXIT_PUZZLE_FAILED;
    }
    if (w->mode == MODE_SOLVE && !all && good && count > 1)
        report_to(w->err, file, p->index, p->first_line, 0,
                  "more than one solution; printed the first");
    if (all && reached)
        report_to(w->err, file, p->index, p->first_line, 0,
                  "stopped after %" PRIu64 " solution%s (--limit %" PRIu64 "%s); there may be more",
                  count, count == 1 ? "" : "s", limit, o->limit_given ? "" : ", the default");

    if (o->stats && !as_records) {
        char counted[64] = "";
        if (w->mode == MODE_COUNT || all || o->unique)
            snprintf(counted, sizeof counted, ", %" PRIu64 "%s solution%s", count,
                     reached ? "+" : "", count == 1 && !reached ? "" : "s");
        report_to(w->err, file, p->index, p->first_line, 0,
                  "%s%s, %" PRIu64 " node%s, %" PRIu64 " guess%s, %.0f us", status, counted,
                  st.nodes, st.nodes == 1 ? "" : "s", st.guesses, st.guesses == 1 ? "" : "es", us);
    }

    if (as_records) {
        char why[80] = "";
        if (w->mode == MODE_SOLVE && !all && count > 1)
            snprintf(why, sizeof why, "%s",
                     good ? "more than one solution; the first is shown"
                          : "more than one solution");
        else if (all && reached)
            snprintf(why, sizeof why, "stopped after %" PRIu64 " solutions; there may be more",
                     count);
        nonet_result r = {.puzzle = p,
                          .status = v,
                          .message = why,
                          .fields = NONET_FIELD_COUNT | NONET_FIELD_STATS,
                          .count = count,
                          .limit_reached = reached,
                          .stats = &st,
                          .microseconds = us};
        if (!all && count > 0 && (good || w->mode == MODE_COUNT)) {
            r.fields |= NONET_FIELD_SOLUTION;
            r.solution = &w->solution;
        }
        if (!all || o->format == NONET_LAYOUT_CSV) {
            r.solutions_text = w->all_text; /* CSV: the solutions' lines */
            if (all)
                r.fields |= NONET_FIELD_SOLUTIONS;
            print_record(out, o, &w->rec, file, &r);
        } else {
            print_record_open(out, o, file, &r);
            fprintf(out, ",\"solutions\":[%s]}\n", w->all_text ? w->all_text : "");
        }
        free(w->all_text);
        w->all_text = NULL;
    } else if (w->mode == MODE_COUNT) {
        w->beside = print_puzzle_beside(out, o, p, 1);
        char text[24], *at = text + sizeof text;
        *--at = '\0';
        *--at = '\n';
        if (reached)
            *--at = '+';
        do
            *--at = (char)('0' + count % 10);
        while ((count /= 10) > 0);
        fputs(at, out);
    } else if (!good) {
        w->beside = print_puzzle_beside(out, o, p, 1);
        fprintf(out, "# %s\n", status);
    } else if (!all) {
        print_result_grid(out, o, p, &w->solution, layout);
        w->beside = puzzle_beside(o, p) && p->grid.n > NONET_MAX_SYMBOL_SIDE;
    }
    w->multiline = w->mode == MODE_SOLVE && good && layout_multiline(layout, p->grid.n);
}

/* Reads and solves the plain lines of a chunk into its memory, marking
 * where each group of 64 puzzles ends (as the reader's chunks would). */
static void solve_plain(worker *w, chunk *c)
{
    const char *s = c->text, *end = c->text + c->text_len;
    long line = c->first_line, index = c->first_index, done = c->group0;
    nonet_puzzle *p = w->plain;
    c->ngroups = 0;
    while (s < end && !c->failed) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
        int kind = nonet_plain_line(s, len, line++, p);
        s += len + (nl != NULL);
        if (kind < 0) { /* the main thread's scan said it was plain */
            c->failed = 1;
            break;
        }
        if (kind == 0)
            continue;
        p->index = index++;
        if (index == c->first_index + 1)
            nonet_puzzle_copy(&c->p[0], p); /* for the CSV header */
        w->t.puzzles++;
        w->multiline = 0;
        w->beside = 0;
        run_puzzle(w, c->file[0], p);
        if (++done % CHUNK == 0 && c->ngroups < PLAIN_GROUPS) {
            fflush(w->out);
            fflush(w->err);
            long out_at = ftell(w->out), err_at = ftell(w->err);
            c->group_out[c->ngroups] = out_at < 0 ? 0 : (size_t)out_at;
            c->group_err[c->ngroups++] = err_at < 0 ? 0 : (size_t)err_at;
        }
    }
}

/* Solves every puzzle of a chunk into the chunk's memory. */
static void solve_chunk(worker *w, chunk *c)
{
    c->out = c->err = NULL;
    w->out = open_memstream(&c->out, &c->out_len);
    w->err = open_memstream(&c->err, &c->err_len);
    memset(&w->t, 0, sizeof w->t);
    c->failed = !w->out || !w->err;
    if (c->plain && !c->failed)
        solve_plain(w, c);
    for (int i = 0; i < c->n && !c->plain && !c->failed; i++) {
        const nonet_puzzle *p = &c->p[i];
        w->t.puzzles++;
        w->multiline = 0;
        w->beside = 0;
        if (w->mark) {
            if (w->o->nfiles > 1)
                fprintf(w->out, "# %s: puzzle %ld\n", c->file[i], p->index);
            else
                fprintf(w->out, "# puzzle %ld\n", p->index);
        }
        if (p->error.code != NONET_OK) {
            report_to(w->err, c->file[i], p->index, p->error.line, p->error.column, "%s",
                      p->error.message);
            print_failure(w, c->file[i], p, NONET_V_ERROR, p->error.message);
        } else if (w->mode == MODE_RATE) {
            rate_puzzle(w, c->file[i], p);
        } else if (w->mode == MODE_CANON) {
            w->beside = puzzle_beside(w->o, p) && p->grid.n > NONET_MAX_SYMBOL_SIDE;
            if (canon_puzzle(w->out, w->err, w->o, &w->rec, w->canon, c->file[i], p)) {
                w->t.failed++;
                w->t.status = EXIT_PUZZLE_FAILED;
            } else {
                w->t.good++;
                w->multiline = layout_multiline(output_layout(w->o, p), p->grid.n);
            }
        } else {
            run_puzzle(w, c->file[i], p);
        }
        fflush(w->out);
        long at = ftell(w->out);
        c->end[i] = at < 0 ? 0 : (size_t)at;
        c->multi[i] = (unsigned char)(w->multiline || w->beside);
    }
    if (w->out)
        fclose(w->out);
    if (w->err)
        fclose(w->err);
    c->t = w->t;
}

/* ------------------------------------------------------------ the batch */

typedef struct thread_arg {
    batch *b;
    worker *w;
} thread_arg;

/* The first chunk ready to solve, or NULL. Called with the lock. */
static chunk *ready_chunk(batch *b)
{
    for (int i = 0; i < b->nslots; i++)
        if (b->slots[i].state == SLOT_READY)
            return &b->slots[i];
    return NULL;
}

/* Solves chunk c (claimed by the caller) and marks it done, waking the
 * main thread if it waits for one. Called with the lock, which it lets go
 * while solving. */
static void solve_claimed(batch *b, worker *w, chunk *c)
{
    c->state = SLOT_BUSY;
    pthread_mutex_unlock(&b->lock);
    solve_chunk(w, c);
    pthread_mutex_lock(&b->lock);
    c->state = SLOT_DONE;
    if (b->writer_waiting)
        pthread_cond_signal(&b->done);
}

static void *worker_main(void *arg)
{
    thread_arg *ta = arg;
    batch *b = ta->b;
    pthread_mutex_lock(&b->lock);
    for (;;) {
        chunk *c = ready_chunk(b);
        if (c) {
            solve_claimed(b, ta->w, c);
        } else if (b->closing) {
            break;
        } else {
            b->idle++;
            pthread_cond_wait(&b->ready, &b->lock);
            b->idle--;
        }
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

/* The progress line on stderr: for a batch that runs more than a second,
 * redrawn at most four times a second, on its own line (progress_show). */
static void draw_progress(batch *b)
{
    if (!b->progress)
        return;
    double now = now_us();
    if (now - b->last_progress < 250000.0)
        return;
    if (!b->progress_shown && now - b->t0 < 1e6)
        return; /* small batches stay quiet */
    b->last_progress = now;
    b->progress_shown = 1;
    double secs = (now - b->t0) / 1e6;
    double rate = secs > 0 ? (double)b->written / secs : 0;
    char text[128];
    int len = snprintf(text, sizeof text, "%ld puzzle%s, %.0f/s", b->written,
                       b->written == 1 ? "" : "s", rate);
    /* the share of the input those puzzles took: the reader runs ahead
     * of the solvers, so what it has read says nothing of what is done */
    if (b->solved > 0 && b->solved <= 1 && len > 0 && (size_t)len < sizeof text)
        snprintf(text + len, sizeof text - (size_t)len, ", %.0f%% of the input, about %.0f s left",
                 100 * b->solved, secs * (1 - b->solved) / b->solved);
    progress_show(text);
}

/* Keeps messages for later (carry_messages) or writes them with those kept
 * before (write_messages): after the results before them, as a chunk of 64
 * puzzles has them. */
static void carry_messages(batch *b, const char *text, size_t len)
{
    if (!len)
        return;
    if (b->carry_len + len > b->carry_cap) {
        size_t cap = b->carry_cap ? b->carry_cap : 4096;
        while (cap < b->carry_len + len)
            cap *= 2;
        char *grown = realloc(b->carry, cap);
        if (!grown) { /* written now rather than lost */
            fwrite(text, 1, len, stderr);
            return;
        }
        b->carry = grown;
        b->carry_cap = cap;
    }
    memcpy(b->carry + b->carry_len, text, len);
    b->carry_len += len;
}

static void write_messages(batch *b, const char *text, size_t len)
{
    if (!b->carry_len && !len)
        return;
    if (!b->messages_apart)
        fflush(stdout); /* keep messages near their results */
    progress_clear();
    if (b->carry_len)
        fwrite(b->carry, 1, b->carry_len, stderr);
    if (len)
        fwrite(text, 1, len, stderr);
    b->carry_len = 0;
}

/* Writes a solved chunk of plain lines: its results, each group's
 * messages after the group's last result. Its results are one line each
 * (plain_wanted): an empty line only before the first, after a result of
 * several lines. */
static void write_plain(batch *b, chunk *c)
{
    if (c->npuzzles == 0)
        return;
    print_header(stdout, b->o, &b->rec, &c->p[0]);
    if (b->written > 0 && b->last_multi)
        fputc('\n', stdout);
    size_t out_at = 0, err_at = 0;
    for (int k = 0; k < c->ngroups; k++) {
        fwrite(c->out + out_at, 1, c->group_out[k] - out_at, stdout);
        write_messages(b, c->err + err_at, c->group_err[k] - err_at);
        out_at = c->group_out[k];
        err_at = c->group_err[k];
    }
    fwrite(c->out + out_at, 1, c->out_len - out_at, stdout);
    carry_messages(b, c->err + err_at, c->err_len - err_at);
    b->last_multi = 0;
    b->written += c->npuzzles;
    b->solved = c->input_at[0];
}

/* Writes a solved chunk: its results in order, an empty line between two
 * results when either takes several lines, then its messages. */
static void write_chunk(batch *b, chunk *c)
{
    size_t at = 0;
    if (b->stdout_tty)
        progress_clear(); /* the results go where it is */
    if (c->plain && !c->failed) {
        write_plain(b, c);
    } else {
        if (c->n > 0)
            print_header(stdout, b->o, &b->rec, &c->p[0]);
        for (int i = 0; i < c->n; i++) {
            if (b->written > 0 && (c->multi[i] || b->last_multi))
                fputc('\n', stdout);
            fwrite(c->out + at, 1, c->end[i] - at, stdout);
            at = c->end[i];
            b->last_multi = c->multi[i];
            b->written++;
            b->solved = c->input_at[i];
        }
        if (c->carry)
            carry_messages(b, c->err, c->err_len);
        else
            write_messages(b, c->err, c->err_len);
    }
    if (b->stdout_tty)
        fflush(stdout); /* before the progress line is drawn again */
    if (c->failed) {
        complain("out of memory");
        b->total.status = EXIT_USAGE;
    }
    tally_add(&b->total, &c->t);
    free(c->out);
    free(c->err);
    c->out = c->err = NULL;
    c->n = 0;
    c->plain = 0;
    c->carry = 0;
    c->text_len = 0;
    c->npuzzles = 0;
    draw_progress(b);
}

/* Writes every solved chunk that is next in order. Called with the lock. */
static void write_ready(batch *b)
{
    for (;;) {
        chunk *c = &b->slots[b->next_write];
        if (c->state != SLOT_DONE)
            return;
        pthread_mutex_unlock(&b->lock);
        write_chunk(b, c);
        pthread_mutex_lock(&b->lock);
        c->state = SLOT_FREE;
        b->next_write = (b->next_write + 1) % b->nslots;
    }
}

/* Called with the lock by the main thread, which reads the puzzles and
 * writes the results: while the chunks are not all written (with `all`)
 * or no slot is free to fill (without), writes those done, solves one
 * that no worker has taken yet, or waits. The main thread is one of the
 * solving threads: -j N starts N - 1 workers. */
static void drain(batch *b, int all)
{
    for (;;) {
        write_ready(b);
        int busy = 0;
        for (int i = 0; all && i < b->nslots; i++)
            busy |= b->slots[i].state != SLOT_FREE;
        if (!(all ? busy : b->slots[b->fill].state != SLOT_FREE))
            return;
        chunk *c = ready_chunk(b);
        if (c) {
            solve_claimed(b, &b->workers[0], c);
        } else {
            b->writer_waiting = 1;
            pthread_cond_wait(&b->done, &b->lock);
            b->writer_waiting = 0;
        }
    }
}

/* Hands the chunk being filled to the workers (or solves it here, with one
 * thread) and waits for the next slot to be free. */
static void submit(batch *b)
{
    chunk *c = &b->slots[b->fill];
    if (b->submitted++ == 0 && b->o->all && b->mode == MODE_SOLVE && !records_wanted(b->o)) {
        /* several puzzles (a full first chunk, or more than one in it), or
         * typed ones: mark where each puzzle's solutions begin */
        int mark = c->n > 1 || b->chunk_max == 1;
        for (int i = 0; i < b->nthreads; i++)
            b->workers[i].mark = mark;
    }
    if (b->nthreads == 1) {
        solve_chunk(&b->workers[0], c);
        write_chunk(b, c);
        return;
    }
    pthread_mutex_lock(&b->lock);
    c->state = SLOT_READY;
    if (b->idle)
        pthread_cond_signal(&b->ready);
    b->fill = (b->fill + 1) % b->nslots;
    drain(b, 0);
    pthread_mutex_unlock(&b->lock);
}

static void add_puzzle(void *ctx, const char *file, const nonet_puzzle *p)
{
    batch *b = ctx;
    chunk *c = &b->slots[b->fill];
    /* only what is in use: most of a puzzle's size is room for marks and
     * CSV columns */
    nonet_puzzle_copy(&c->p[c->n], p);
    c->input_at[c->n] = b->progress ? b->fraction : -1;
    c->file[c->n++] = file;
    b->count++;
    /* beside plain lines, a chunk ends where its group of 64 ends */
    if (c->n == b->chunk_max || (b->plain_ok && b->count % CHUNK == 0))
        submit(b);
}

/* Waits for every chunk to be written and stops the workers. */
static void finish(batch *b)
{
    chunk *c = &b->slots[b->fill];
    if (c->n > 0 || (c->plain && c->npuzzles > 0))
        submit(b);
    if (b->nthreads > 1) {
        pthread_mutex_lock(&b->lock);
        drain(b, 1);
        b->closing = 1;
        pthread_cond_broadcast(&b->ready);
        pthread_mutex_unlock(&b->lock);
    }
    write_messages(b, NULL, 0); /* the last group's */
}

/* ------------------------------------------------------------ plain lines */

/* One file read the plain way (read_plain). */
typedef struct plain_in {
    source src;
    char *buf; /* PLAIN_BLOCK bytes: buf[used..have) is still to read */
    size_t have, used;
    int eof, first, plain;    /* first: nothing of it read yet; plain: the
                                 spans' turn, else the reader's */
    long line, puzzles;       /* the next line's number; puzzles so far */
    nonet_plain_span since;   /* plain lines the reader has not been told of */
    double read, done, total; /* bytes read; of the files before; of all (-1: unknown) */
    nonet_puzzle *p;          /* a puzzle of the reader */
} plain_in;

/* The share of the input read up to buf[used] (-1: unknown). */
static double plain_fraction(const plain_in *in)
{
    double at = in->done + in->read - (double)(in->have - in->used);
    return in->total > 0 ? at / in->total : -1;
}

/* Reads more of the file into buf (one read(2) of up to the room left).
 * Returns 0, or -1 after saying why. */
static int plain_refill(plain_in *in)
{
    if (in->used > 0) {
        memmove(in->buf, in->buf + in->used, in->have - in->used);
        in->have -= in->used;
        in->used = 0;
    }
    ssize_t got;
    do
        got = read(in->src.fd, in->buf + in->have, PLAIN_BLOCK - in->have);
    while (got < 0 && errno == EINTR);
    if (got < 0) {
        complain("error reading %s: %s", in->src.name, strerror(errno));
        return -1;
    }
    in->eof = got == 0;
    in->have += (size_t)got;
    in->read += (double)got;
    return 0;
}

/* Adds a span of plain lines at buf[used] to the chunk being filled,
 * a plain one (one file's, from this line and puzzle on). */
static int plain_add(batch *b, plain_in *in, const nonet_plain_span *sp)
{
    chunk *c = &b->slots[b->fill];
    if (!c->plain && sp->puzzles == 0) {
        /* blank lines and comments between the reader's puzzles: counted,
         * and the reader's chunk goes on */
        in->used += sp->bytes;
        in->line += sp->lines;
        return 0;
    }
    if (!c->plain) {
        if (c->n > 0) { /* the reader's puzzles before: their group goes on */
            c->carry = 1;
            submit(b);
            c = &b->slots[b->fill];
        }
        c->plain = 1;
        c->text_len = 0;
        c->npuzzles = 0;
        c->first_line = in->line;
        c->first_index = in->puzzles + 1;
        c->group0 = b->count;
        c->file[0] = in->src.name;
    }
    if (c->text_len + sp->bytes > c->text_cap) {
        size_t cap = c->text_cap ? c->text_cap : (size_t)PLAIN_CHUNK * 96;
        while (cap < c->text_len + sp->bytes)
            cap *= 2;
        char *grown = realloc(c->text, cap);
        if (!grown)
            return -1;
        c->text = grown;
        c->text_cap = cap;
    }
    memcpy(c->text + c->text_len, in->buf + in->used, sp->bytes);
    c->text_len += sp->bytes;
    c->npuzzles += sp->puzzles;
    b->count += sp->puzzles;
    b->plain_count += sp->puzzles;
    in->used += sp->bytes;
    in->line += sp->lines;
    in->puzzles += sp->puzzles;
    c->input_at[0] = b->progress ? plain_fraction(in) : -1;
    return 0;
}

/* Hands the plain chunk being filled to the workers (one of only skipped
 * lines is dropped). */
static void plain_submit(batch *b)
{
    chunk *c = &b->slots[b->fill];
    if (!c->plain)
        return;
    if (c->npuzzles > 0) {
        submit(b);
    } else {
        c->plain = 0;
        c->text_len = 0;
    }
}

/* Feeds s[0..n) to the file's reader, passing on its puzzles. */
static void plain_feed(batch *b, plain_in *in, const char *s, size_t n)
{
    size_t at = 0;
    for (;;) {
        int any = 0;
        while (nonet_reader_next(in->src.reader, in->p)) {
            any = 1;
            in->puzzles++;
            b->fraction = plain_fraction(in);
            add_puzzle(b, in->src.name, in->p);
        }
        if (at == n)
            return;
        size_t used = nonet_reader_feed(in->src.reader, s + at, n - at);
        at += used;
        if (!used && !any)
            return; /* (a reader that takes nothing more) */
    }
}

/* Reads an open file: spans of plain lines into plain chunks, the other
 * lines through its reader. Returns 0, or -1 on a read error (said). */
static int plain_file(batch *b, plain_in *in)
{
    if (in->src.len > in->src.pos) { /* standard input's bytes read ahead */
        in->have = in->src.len - in->src.pos;
        memcpy(in->buf, in->src.data + in->src.pos, in->have);
    }
    for (;;) {
        if (in->plain) {
            chunk *c = &b->slots[b->fill];
            long room = b->plain_max - (c->plain ? c->npuzzles : 0);
            nonet_plain_span sp;
            int flags = (in->first ? NONET_PLAIN_FIRST : 0) | (in->eof ? NONET_PLAIN_END : 0);
            nonet_plain_scan(in->buf + in->used, in->have - in->used, flags, room, &sp);
            if (sp.bytes > 0 || sp.stop == NONET_PLAIN_OTHER)
                in->first = 0;
            if (sp.bytes > 0 && plain_add(b, in, &sp) != 0) {
                complain("out of memory");
                return -1;
            }
            in->since.bytes += sp.bytes;
            in->since.lines += sp.lines;
            in->since.puzzles += sp.puzzles;
            if (sp.stop == NONET_PLAIN_MAX) {
                plain_submit(b);
            } else if (sp.stop == NONET_PLAIN_MORE) {
                if (plain_refill(in) != 0)
                    return -1;
            } else if (sp.stop == NONET_PLAIN_OTHER) {
                plain_submit(b);
                if (nonet_reader_skip(in->src.reader, &in->since) != NONET_OK) {
                    complain("internal error: the reader is not plain");
                    return -1;
                }
                in->since = (nonet_plain_span){0, 0, 0, 0};
                in->plain = 0;
            } else { /* DONE */
                plain_submit(b);
                return 0;
            }
            continue;
        }
        /* the reader's turn: one line (or what there is of a long one) */
        size_t left = in->have - in->used;
        const char *at = in->buf + in->used;
        const char *nl = left ? memchr(at, '\n', left) : NULL;
        if (!nl && !in->eof && (in->used > 0 || in->have < PLAIN_BLOCK)) {
            if (plain_refill(in) != 0)
                return -1;
            continue;
        }
        size_t n = nl ? (size_t)(nl - at) + 1 : left;
        long lines = nl != NULL;
        /* and the lines after it while the next is no plain line (the
         * reader keeps them, as a grid's rows): one feed for them all */
        while (nl && n < left) {
            const char *next = at + n, *end = memchr(next, '\n', left - n);
            if (!end || nonet_plain_line(next, (size_t)(end - next), 0, in->p) >= 0)
                break;
            n += (size_t)(end - next) + 1;
            lines++;
        }
        in->used += n;
        plain_feed(b, in, at, n);
        if (nl) {
            in->line += lines;
            in->plain = nonet_reader_is_plain(in->src.reader);
        } else if (in->eof) {
            nonet_reader_end(in->src.reader);
            plain_feed(b, in, NULL, 0);
            return 0;
        }
    }
}

/* The size of a file operand if it is a regular file, else -1. */
static double file_size(const char *path)
{
    struct stat st;
    int rc = !path || !strcmp(path, "-") ? fstat(0, &st) : stat(path, &st);
    return rc == 0 && S_ISREG(st.st_mode) ? (double)st.st_size : -1;
}

/* for_each_puzzle for a batch whose plain lines may take the faster way:
 * the same puzzles, messages and result. */
static int read_plain(batch *b)
{
    const cli_opts *o = b->o;
    plain_in in;
    memset(&in, 0, sizeof in);
    in.buf = malloc(PLAIN_BLOCK);
    in.p = malloc(sizeof *in.p);
    if (!in.buf || !in.p) {
        free(in.buf);
        free(in.p);
        complain("out of memory");
        return -1;
    }
    int files = o->nfiles ? o->nfiles : 1, failed = 0;
    for (int i = 0; i < files && in.total >= 0; i++) {
        double size = file_size(o->nfiles ? o->files[i] : NULL);
        in.total = size < 0 ? -1 : in.total + size;
    }
    /* chunks small enough for 8 a thread (a line-form puzzle: 82 bytes),
     * so that the last ones end close together; 64 at least */
    b->plain_max = PLAIN_CHUNK;
    if (in.total > 0 && in.total / 82 / (8.0 * b->nthreads) < PLAIN_CHUNK) {
        long each = (long)(in.total / 82 / (8.0 * b->nthreads));
        b->plain_max = each < CHUNK ? CHUNK : each;
    }
    for (int i = 0; i < files; i++) {
        source *src = &in.src;
        if (source_open_operand(src, o->nfiles ? o->files[i] : NULL, i + 1, &o->read) != 0) {
            failed = -1;
            continue;
        }
        int rc = 0;
        if (src->fd < 0) { /* an operand's text: one puzzle */
            while ((rc = source_next(src, in.p)) == 1) {
                in.puzzles++;
                add_puzzle(b, src->name, in.p);
            }
        } else {
            in.have = in.used = 0;
            in.eof = 0;
            in.first = in.plain = 1;
            in.line = 1;
            in.read = 0;
            rc = plain_file(b, &in);
            plain_submit(b); /* (after a read error) */
        }
        if (rc < 0)
            failed = -1;
        else if (in.puzzles == 0)
            complain("no puzzle in %s", src->fd == 0 ? "input" : src->name);
        in.done += in.read;
        in.puzzles = 0;
        in.since = (nonet_plain_span){0, 0, 0, 0};
        source_close(src);
    }
    free(in.buf);
    free(in.p);
    const char *env = getenv("NONET_READER");
    if (env && !strcmp(env, "report")) /* for the tests: the way was taken */
        complain("%ld of %ld puzzles read as plain lines", b->plain_count, b->count);
    return failed;
}

/* Whether plain lines may take the faster way: solve and count without
 * --all or the human solver, puzzles read as the reader detects them,
 * results of one line (line, JSON, CSV). For the tests (tests/plain.sh),
 * NONET_READER=general turns it off, and NONET_READER=report says at the
 * end how many puzzles took it. */
static int plain_wanted(const cli_opts *o, enum mode mode, int interactive)
{
    const char *env = getenv("NONET_READER");
    if ((env && !strcmp(env, "general")) || interactive ||
        (mode != MODE_SOLVE && mode != MODE_COUNT) || o->all || o->human || o->fpuzzles)
        return 0;
    const nonet_read_opts *r = &o->read;
    if (r->layout != NONET_LAYOUT_AUTO || r->box_rows || r->box_cols ||
        (r->symbols && r->symbols[0]) || (r->column && r->column[0]))
        return 0;
    return o->format == NONET_LAYOUT_AUTO || o->format == NONET_LAYOUT_LINE || records_wanted(o);
}

/* Whether two descriptors lead to the same file or pipe (a device such
 * as /dev/null does not count: nothing is read back from it). */
static int same_file(int a, int b)
{
    struct stat sa, sb;
    return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino && !S_ISCHR(sa.st_mode);
}

/* Whether the input is regular files too small to fill more than one
 * chunk (a chunk goes to one thread: more would only cost starting). */
static int one_chunk(const cli_opts *o)
{
    off_t total = 0;
    for (int i = 0; i < o->nfiles; i++) {
        struct stat st;
        if (!strcmp(o->files[i], "-") || stat(o->files[i], &st) != 0 || !S_ISREG(st.st_mode))
            return 0;
        total += st.st_size;
    }
    return o->nfiles > 0 && total < (off_t)CHUNK * 82; /* a line-form puzzle: 82 bytes */
}

static int jobs_wanted(const cli_opts *o)
{
    if (o->jobs > 0)
        return o->jobs > MAX_JOBS ? MAX_JOBS : o->jobs;
    if (one_chunk(o))
        return 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > MAX_JOBS ? MAX_JOBS : (int)cores;
}

/* n zeroed elements of size bytes (a multiple of CACHE_LINE), the first on
 * a cache line's start; NULL when out of memory. free() frees it. */
static void *aligned_array(size_t n, size_t size)
{
    void *p = aligned_alloc(CACHE_LINE, n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

static int run_batch(const cli_opts *o, enum mode mode)
{
    batch b;
    memset(&b, 0, sizeof b);
    b.o = o;
    b.mode = mode;
    b.rec.fields = mode_fields(o, mode);
    int interactive = input_interactive(o);
    /* typed puzzles come one at a time: no threads, no chunks */
    b.nthreads = interactive ? 1 : jobs_wanted(o);
    b.chunk_max = interactive ? 1 : CHUNK;
    b.nslots = b.nthreads == 1 ? 1 : 2 * b.nthreads + 2;
    b.slots = aligned_array((size_t)b.nslots, sizeof *b.slots);
    b.workers = aligned_array((size_t)b.nthreads, sizeof *b.workers);
    b.threads = calloc((size_t)b.nthreads, sizeof *b.threads);
    thread_arg *args = calloc((size_t)b.nthreads, sizeof *args);
    int ok = b.slots && b.workers && b.threads && args;
    b.plain_ok = plain_wanted(o, mode, interactive);
    for (int i = 0; ok && i < b.nslots; i++)
        ok = (b.slots[i].p = malloc(CHUNK * sizeof(nonet_puzzle))) != NULL;
    for (int i = 0; ok && i < b.nthreads; i++) {
        b.workers[i] = (worker){.o = o, .mode = mode, .solver = nonet_solver_new(o->engine)};
        if (b.plain_ok && !(b.workers[i].plain = malloc(sizeof(nonet_puzzle))))
            ok = 0;
        b.workers[i].rec = (records){mode_fields(o, mode), 1};
        if (mode == MODE_RATE || o->human)
            b.workers[i].human = nonet_human_new();
        if (mode == MODE_CANON && !(b.workers[i].canon = nonet_canon_new()))
            ok = 0;
        if (b.workers[i].human)
            nonet_human_set_ceiling(b.workers[i].human, o->ceiling);
        ok = ok && b.workers[i].solver != NULL &&
             (mode != MODE_RATE && !o->human ? 1 : b.workers[i].human != NULL);
    }
    int started = 0, threaded = ok && b.nthreads > 1;
    if (threaded) {
        pthread_mutex_init(&b.lock, NULL);
        pthread_cond_init(&b.ready, NULL);
        pthread_cond_init(&b.done, NULL);
        /* the main thread is the first worker (drain) */
        for (; started < b.nthreads - 1; started++) {
            args[started] = (thread_arg){&b, &b.workers[started + 1]};
            if (pthread_create(&b.threads[started], NULL, worker_main, &args[started]) != 0)
                break;
        }
    }

    int io_failed = 0;
    if (ok) {
        static char outbuf[1 << 16], errbuf[1 << 16];
        b.progress = !interactive && isatty(2);
        b.stdout_tty = isatty(1);
        setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
        /* messages to a file or a pipe of their own are written in
         * blocks too; with the results (2>&1) or on a terminal they stay
         * unbuffered and each chunk's come right after its results */
        b.messages_apart = !isatty(2) && !b.stdout_tty && !same_file(1, 2);
        if (b.messages_apart)
            setvbuf(stderr, errbuf, _IOFBF, sizeof errbuf);

        b.t0 = b.last_progress = now_us();
        io_failed =
            (b.plain_ok ? read_plain(&b)
                        : for_each_puzzle(o, add_puzzle, &b, b.progress ? &b.fraction : NULL)) != 0;
        finish(&b);
        fflush(stdout);
        fflush(stderr);
        progress_clear();
    } else {
        complain("out of memory");
        b.total.status = EXIT_USAGE;
    }
    for (int i = 0; i < started; i++)
        pthread_join(b.threads[i], NULL);
    if (threaded) {
        pthread_mutex_destroy(&b.lock);
        pthread_cond_destroy(&b.ready);
        pthread_cond_destroy(&b.done);
    }

    const tally *t = &b.total;
    if (ok && o->stats && t->puzzles > 0) {
        double wall = (now_us() - b.t0) / 1e6;
        complain("%ld puzzle%s, %ld %s, %ld failed; %.3f s solving (%.0f puzzles/s per thread), "
                 "%.3f s in all on %d thread%s (%.0f puzzles/s); %.2f guesses/puzzle",
                 t->puzzles, t->puzzles == 1 ? "" : "s", t->good,
                 mode == MODE_SOLVE   ? "solved"
                 : mode == MODE_COUNT ? "counted"
                 : mode == MODE_RATE  ? "rated"
                                      : "in canonical form",
                 t->failed, t->us / 1e6, t->us > 0 ? (double)t->puzzles / (t->us / 1e6) : 0.0, wall,
                 b.nthreads, b.nthreads == 1 ? "" : "s", wall > 0 ? (double)t->puzzles / wall : 0.0,
                 (double)t->guesses / (double)t->puzzles);
    }
    for (int i = 0; b.workers && i < b.nthreads; i++) {
        nonet_solver_free(b.workers[i].solver);
        nonet_human_free(b.workers[i].human);
        nonet_canon_free(b.workers[i].canon);
        free(b.workers[i].plain);
    }
    for (int i = 0; b.slots && i < b.nslots; i++) {
        free(b.slots[i].p);
        free(b.slots[i].text);
    }
    free(b.carry);
    free(b.slots);
    free(b.workers);
    free(b.threads);
    free(args);
    if (ferror(stdout)) {
        complain("error writing the output");
        return EXIT_USAGE;
    }
    return io_failed ? EXIT_USAGE : t->status;
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

int cmd_rate(const cli_opts *o)
{
    return run_batch(o, MODE_RATE);
}

int run_canon(const cli_opts *o)
{
    return run_batch(o, MODE_CANON);
}
