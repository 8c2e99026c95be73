/* cli.h - the nonet command's shared pieces: options, input sources,
 * output helpers. No algorithm lives in cli/: it calls the library. */
#ifndef NONET_CLI_H
#define NONET_CLI_H

#include "nonet.h"

#include <stdint.h>
#include <stdio.h>

/* Exit statuses, as documented in README and nonet(1). */
enum { EXIT_ALL_GOOD = 0, EXIT_PUZZLE_FAILED = 1, EXIT_USAGE = 2 };

/* Options of every subcommand (each uses the ones it needs). */
typedef struct cli_opts {
    nonet_read_opts read; /* --input, --size */
    nonet_layout format;  /* --format; AUTO: follow each puzzle's layout */
    nonet_engine engine;  /* --engine */
    int teach;            /* --engine of a teaching solver (enum teach_engine) */
    int trace;            /* --trace */
    int stats;            /* --stats */
    int unique;           /* --unique */
    int all;              /* --all */
    uint64_t limit;       /* --limit (count, solve --all); 0 none */
    int limit_given;
    int jobs;                    /* -j: threads for solve and count (0: every core) */
    uint64_t timeout_ns;         /* --timeout: each puzzle's time, 0: none */
    int dance;                   /* dlx --dance */
    int count_only;              /* xc --count */
    int first;                   /* xc --first, solve --first */
    int sudoku;                  /* xc --sudoku */
    int candidates;              /* explain --candidates */
    const char *svg_dir;         /* explain, hint --svg DIR: each step drawn */
    int apply;                   /* hint --apply */
    int level;                   /* hint --level 1-3 (0: not given, 3) */
    int human;                   /* solve --engine human */
    int ceiling;                 /* rate --ceiling, tenths (0: none) */
    nonet_symmetry symmetry;     /* minimize --symmetry */
    uint64_t seed;               /* transform --seed (or a fresh one) */
    const nonet_transform *map;  /* transform --map, NULL: random */
    const char *solution;        /* check --solution FILE */
    const char *solution_column; /* check --solution-column NAME */
    int with_puzzle;             /* -p, --with-puzzle: each puzzle beside its result */
    int fpuzzles;                /* format -f fpuzzles (1), fpuzzles-link (2) */
    char **files;                /* operands; NULL-terminated */
    int nfiles;
} cli_opts;

/* A stream of puzzles from one file, standard input, or the text of an
 * operand. Input is read with read(2) as it comes, so that puzzles typed
 * at a terminal are answered line by line and one end-of-file ends it. */
typedef struct source {
    const char *name; /* as given; "-" and no file show as "<stdin>", an
                         operand's text as "<argument N>" */
    int fd;           /* -1 for an operand's text */
    int interactive;  /* fd is a terminal */
    nonet_reader *reader;
    char *buf;        /* the read buffer (NULL for an operand's text) */
    const char *data; /* what is being fed: buf or the operand's text */
    size_t len, pos;
    double offset; /* bytes read so far */
    long puzzles;  /* puzzles read so far */
    int at_end;
} source;

/* Standard input read ahead: its first 64 KiB (*len of them; NULL out
 * of memory), which the source of "-" then reads first; and all of it
 * (at most max bytes: NULL past that or out of memory; malloc'd). */
const char *stdin_peek(size_t *len);
char *stdin_slurp(size_t *len, size_t max);
/* Standard input's first bytes if they were read ahead (stdin_peek), else
 * NULL: never reads. */
const char *stdin_read_ahead(size_t *len);

/* Opens path ("-" or NULL: standard input). Returns 0, or -1 after
 * printing why on stderr. */
int source_open(source *s, const char *path, const nonet_read_opts *opts);
/* Opens the number-th operand (from 1): a file, "-", or, when no such
 * path exists, the operand's own text if it reads as exactly one puzzle
 * (`nonet solve 53..7....6..195...`). Returns as source_open. */
int source_open_operand(source *s, const char *path, int number, const nonet_read_opts *opts);
/* The next puzzle: 1, 0 at the end, -1 on a read error (printed). */
int source_next(source *s, nonet_puzzle *p);
void source_close(source *s);

/* Whether the puzzles of o come (in part) from a terminal: standard input
 * is read and is a terminal. Then each result is written and flushed as
 * soon as its puzzle is read. */
int input_interactive(const cli_opts *o);

/* Called with each puzzle of the input, read or failed (p->error). */
typedef void (*puzzle_fn)(void *ctx, const char *file, const nonet_puzzle *p);
/* Calls fn for every puzzle of every file operand of o (standard input if
 * there is none), in input order; an operand that is no file but a puzzle
 * is read as one (source_open_operand). After each puzzle of a terminal,
 * standard output is flushed. A source without any puzzle gets a note on
 * stderr ("no puzzle in FILE"). If fraction is non-NULL, before each call
 * of fn it is set to the share of the input (0..1) that the puzzles up to
 * this one took (the bytes the reader consumed to give it, of all the
 * files' bytes), or -1 when that is unknown (a pipe). Returns 0, or -1 if
 * some file could not be opened or read (reported; the other files are
 * still read). */
int for_each_puzzle(const cli_opts *o, puzzle_fn fn, void *ctx, double *fraction);

/* "nonet: FILE:LINE[:COL]: puzzle K: MESSAGE" on stderr (report) or on
 * err (report_to). line may be 0. */
void report(const char *file, long puzzle, long line, long column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void report_to(FILE *err, const char *file, long puzzle, long line, long column, const char *fmt,
               ...) __attribute__((format(printf, 6, 7)));
/* Reports a puzzle's read error. */
void report_read_error(const char *file, const nonet_puzzle *p);
/* A usage or I/O message: "nonet: MESSAGE" on stderr. */
void complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The progress line on stderr (a terminal): progress_show draws text over
 * the previous one, progress_clear erases it. Every message written by
 * complain and report erases it first, so that it never shares a line
 * with anything else. */
void progress_show(const char *text);
void progress_clear(void);

/* Writes g in layout (never AUTO) to out; blank 0 = the layout's own;
 * symbols NULL or "" = 1-9A-Z, else the puzzle's own (nonet_puzzle.symbols).
 * Returns 0, or -1 if the layout cannot show g (printed). */
int print_grid(FILE *out, const nonet_grid *g, nonet_layout layout, char blank,
               const char *symbols);
/* The layout to print a result of puzzle p in, given --format. */
nonet_layout output_layout(const cli_opts *o, const nonet_puzzle *p);
/* Whether results in the layout, of side n, are separated by an empty
 * line: layouts of several lines, and one-line 2x2 and 3x3 grids, whose
 * lines would otherwise read back as the rows of one grid. */
int layout_multiline(nonet_layout layout, int n);
/* Whether o asks for records (--json or -f csv): one result per puzzle in
 * the library's schema (nonet_result) instead of grids and text. */
int records_wanted(const cli_opts *o);

/* --with-puzzle (o->with_puzzle, in the text layouts; records carry the
 * puzzle anyway): writes p before its result, as its line in its own
 * symbols (with pencil marks, the pencil-mark line: n symbols a cell; a
 * size line first for boxes other than its side's default shape), then a
 * tab when the result is one line (one_line), else a newline. So
 * "PUZZLE<tab>RESULT" is two fields, and reads back as the puzzle, named
 * by its result (a space would not do: "1.2 ..." after a pencil-mark
 * line reads as more cells). A side above 35 has no line: its rows of
 * numbers come first, then the result. An unreadable puzzle has nothing
 * to write (its result line is then a
 * comment: "# error: ..."). Returns 1 when the puzzle took lines of its
 * own (its result is then set apart from the next one by an empty line,
 * as a multi-line result is), else 0. */
int print_puzzle_beside(FILE *out, const cli_opts *o, const nonet_puzzle *p, int one_line);
/* Whether print_puzzle_beside writes anything for p. */
int puzzle_beside(const cli_opts *o, const nonet_puzzle *p);
/* A grid result of p (a solution, a canonical form) in layout, as
 * print_grid writes it with p's symbols, after p under --with-puzzle (on
 * the same line in the line layout). Returns as print_grid. */
int print_result_grid(FILE *out, const cli_opts *o, const nonet_puzzle *p, const nonet_grid *g,
                      nonet_layout layout);

/* A command's records: the fields its results have (enum nonet_field:
 * the CSV columns) and whether the CSV header is out. */
typedef struct records {
    unsigned fields;
    int header_done;
} records;

/* Records carry stats (NONET_FIELD_STATS: nodes, guesses, microseconds)
 * only under --stats: without it the same input gives the same bytes,
 * run after run, whatever -j. The functions below leave the field out
 * (of the CSV header too) when o->stats is 0. */

/* Writes the CSV header (once: rec->header_done) with the input columns of
 * the first puzzle; nothing for JSON. */
void print_header(FILE *out, const cli_opts *o, records *rec, const nonet_puzzle *first);
/* Writes r as o asks: a JSON object a line, or a CSV line (the header
 * first, before the first). r->file is set here (several files). */
void print_record(FILE *out, const cli_opts *o, records *rec, const char *file, nonet_result *r);
/* Writes r as a JSON object without its closing brace, for a caller that
 * adds members of its own (solve --all streams its solutions). */
void print_record_open(FILE *out, const cli_opts *o, const char *file, nonet_result *r);
/* Writes s as a JSON string literal. */
void json_string(FILE *out, const char *s);
/* Writes the grid as a JSON value (see nonet_format) in those symbols. */
void json_grid(FILE *out, const nonet_grid *g, const char *symbols);

/* A decimal number of 0 or more (digits only, no sign or space) into
 * *out: 0, or -1 when text is none or does not fit. */
int parse_number(const char *text, uint64_t *out);
/* --timeout's value: seconds, a decimal number above 0 (2, 0.5, 1.5s; at
 * most a year), into nanoseconds. 0, or -1 when it is none. */
int parse_seconds(const char *text, uint64_t *ns);
/* The stop of one puzzle that starts now: its deadline timeout_ns from
 * now (zero, no stop, when timeout_ns is 0). */
nonet_stop puzzle_stop(uint64_t timeout_ns);
/* The words for a puzzle past its time: "no answer within 2 s
 * (--timeout)", into buf. Returns buf. */
const char *timeout_words(uint64_t timeout_ns, char *buf, size_t cap);

/* The exit status of a command that read its puzzles with
 * for_each_puzzle (which returned rc) and saw a puzzle fail (failed):
 * after flushing standard output, which may fail too (reported). */
int exit_status(int rc, int failed);

/* Microseconds on a monotonic clock. */
double now_us(void);

/* The teaching solvers (teach.c), chosen with --engine but no
 * nonet_engine: they are not counting solvers. */
enum teach_engine { TEACH_NONE = 0, TEACH_PROPAGATE, TEACH_TACTICS, TEACH_NAIVE };
/* The teaching solver of that name, or TEACH_NONE. */
int teach_engine_from_name(const char *name);
/* `nonet solve` with a teaching solver (o->teach); returns the exit status. */
int solve_teach(const cli_opts *o);

/* Subcommands: each returns the exit status. */
int cmd_solve(const cli_opts *o);
int cmd_count(const cli_opts *o);
int cmd_rate(const cli_opts *o);
int cmd_explain(const cli_opts *o);
/* What a position the ladder cannot finish needs, in words, from
 * nonet_human_limit's technique: "nested forcing chains". */
const char *ladder_needs(nonet_technique next);
int cmd_hint(const cli_opts *o);
int cmd_check(const cli_opts *o);
/* Variant puzzles (variant.c): whether o's operands hold them (1), hold
 * none (0), or mix them with classic ones (-1, reported); the command of
 * that name over them (solve, count, check, candidates; the others say
 * they do not take variants yet); `nonet candidates`. */
int variant_operands(const cli_opts *o);
int cmd_variant(const cli_opts *o, const char *command);
/* v as f-puzzles JSON or its link (nonet_variant_fpuzzles), a line on
 * stdout; refused: the reason reported (file, puzzle) and a "# error:"
 * line. Returns 1 when written. */
int print_fpuzzles(const char *file, long puzzle, const nonet_variant *v, const char *title,
                   int link);
int cmd_candidates(const cli_opts *o);
int cmd_dlx(const cli_opts *o);
int cmd_xc(const cli_opts *o);
/* `nonet generate`, with its own options (it reads no puzzles): argv[0]
 * is "generate". */
int cmd_generate(int argc, char **argv);
int cmd_minimize(const cli_opts *o);
int cmd_canon(const cli_opts *o);
/* One puzzle's canonical form (canon.c), its result to out and messages
 * to err, for the batch that runs `nonet canon` on threads (solve.c,
 * run_canon). Returns 1 when the puzzle failed. */
int canon_puzzle(FILE *out, FILE *err, const cli_opts *o, records *rec, nonet_canon *canon,
                 const char *file, const nonet_puzzle *p);
int run_canon(const cli_opts *o);
/* `nonet format`: each puzzle as read, in the layout of --format. */
int cmd_format(const cli_opts *o);
/* A seed for when none is given: the clock and the process. */
uint64_t fresh_seed(void);
int cmd_transform(const cli_opts *o);

#endif
