/* check.c - `nonet check`: is each grid consistent, complete, solved; with
 * --solution FILE or --solution-column NAME, is each proposed solution
 * right for its puzzle. */
#include "cli.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Writes the verdict: its line (after the puzzle under --with-puzzle;
 * a comment when the puzzle was unreadable), or its record. Returns
 * whether the puzzle took lines of its own (print_puzzle_beside). */
static int print_verdict(const cli_opts *o, records *rec, const char *file, const nonet_puzzle *p,
                         const nonet_check_result *res, const verdict *v,
                         const nonet_puzzle *solution)
{
    if (!records_wanted(o)) {
        int own_lines = print_puzzle_beside(stdout, o, p, 1);
        if (o->with_puzzle && !puzzle_beside(o, p))
            fputs("# ", stdout); /* nothing to show: a comment */
        puts(v->text);
        return own_lines;
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
    return 0;
}

/* The check command's state across puzzles. */
typedef struct checker {
    const cli_opts *o;
    int status;
    int io_failed;
    source sol; /* --solution FILE */
    int have_sol;
    /* --solution-column NAME: each puzzle's value in that column, read
     * by a reader of its own */
    const char *column;
    /* neither --solution nor --solution-column: a table's column named
     * solution, solutions, answer or answers is the column, puzzle by
     * puzzle (said once a file on stderr) */
    int auto_column;
    const char *noted_file;  /* the last file the pairing was said for */
    char noted_column[64];   /* and its column */
    char puzzles_column[64]; /* the puzzles' column in it, if known */
    nonet_reader *value_reader;
    nonet_puzzle *s; /* the current proposed solution */
    /* puzzles left unchecked for want of a solution: how many, and the
     * first one (for the summary line) */
    long missing;
    const char *missing_file;
    long missing_index, missing_line;
    long no_column; /* puzzles without the column */
    records rec;
    long printed;   /* results written */
    int last_lines; /* the last one took lines of its own (--with-puzzle) */
} checker;

/* The value of p's CSV column named name (any case), or NULL. */
static const char *column_value(const nonet_puzzle *p, const char *name)
{
    for (int i = 0; i < p->ncolumns; i++) {
        const char *n, *v;
        if (nonet_puzzle_column(p, i, &n, &v) == NONET_OK && strcasecmp(n, name) == 0)
            return v;
    }
    return NULL;
}

/* "a, b, c": the names of p's columns, into buf. */
static void column_names(const nonet_puzzle *p, char *buf, size_t cap)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < p->ncolumns && at < cap; i++) {
        const char *n, *v;
        nonet_puzzle_column(p, i, &n, &v);
        int w = snprintf(buf + at, cap - at, "%s%s", i ? ", " : "", n);
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

/* The names a table's column of solutions goes by, in the order they
 * are chosen when a table has several. */
static const char *const solution_names[] = {"solution", "solutions", "answer", "answers"};

/* p's column of proposed solutions when none is named: the first of
 * solution_names among its CSV columns (as its header writes it), or
 * NULL. */
static const char *solution_column_of(const nonet_puzzle *p)
{
    for (size_t w = 0; w < sizeof solution_names / sizeof solution_names[0]; w++)
        for (int i = 0; i < p->ncolumns; i++) {
            const char *n, *v;
            if (nonet_puzzle_column(p, i, &n, &v) == NONET_OK &&
                strcasecmp(n, solution_names[w]) == 0)
                return n;
        }
    return NULL;
}

/* Whether field [from, to) of a header line, trimmed of spaces and
 * quotes, is name; when it is none of p's columns, it is copied to other
 * (cap bytes) and *others counts it. */
static int header_field(const char *from, const char *to, const nonet_puzzle *p, char *other,
                        size_t cap, int *others)
{
    while (from < to && (*from == ' ' || *from == '"'))
        from++;
    while (to > from && (to[-1] == ' ' || to[-1] == '"' || to[-1] == '\r'))
        to--;
    if (from == to)
        return 0; /* pandas' index column has no name */
    size_t len = (size_t)(to - from);
    for (int i = 0; i < p->ncolumns; i++) {
        const char *n, *v;
        nonet_puzzle_column(p, i, &n, &v);
        if (strlen(n) == len && strncmp(n, from, len) == 0)
            return 1;
    }
    if (len < cap) {
        memcpy(other, from, len);
        other[len] = '\0';
    }
    ++*others;
    return 0;
}

/* The name of the puzzles' column in the header of p's table, found in
 * text (the input's first bytes): the one field of a header line that
 * is not among p's columns, all of which it has. 1 when found (in name). */
static int find_puzzles_column(const char *text, size_t len, const nonet_puzzle *p, char *name,
                               size_t cap)
{
    static const char delims[] = {',', ';', '\t'};
    for (const char *line = text, *end = text + len; line < end;) {
        const char *eol = memchr(line, '\n', (size_t)(end - line));
        if (!eol)
            break; /* a line cut short: not a header to trust */
        for (size_t d = 0; d < sizeof delims; d++) {
            int known = 0, others = 0;
            for (const char *f = line; f <= eol;) {
                const char *fe = memchr(f, delims[d], (size_t)(eol - f));
                if (!fe)
                    fe = eol;
                known += header_field(f, fe, p, name, cap, &others);
                f = fe + 1;
            }
            if (known == p->ncolumns && others == 1 && strlen(name) < cap - 1)
                return 1;
        }
        line = eol + 1;
    }
    return 0;
}

/* The name of the puzzles' column of p's table, for the note: --column's
 * name, else found in the header at the start of its file (a regular
 * file, or standard input read ahead). "" when it cannot be told. */
static void puzzles_column(const cli_opts *o, const char *file, const nonet_puzzle *p, char *name,
                           size_t cap)
{
    name[0] = '\0';
    const char *want = o->read.column;
    if (want && want[0] && !(want[0] >= '0' && want[0] <= '9')) {
        snprintf(name, cap, "%s", want);
        return;
    }
    enum { HEAD = 1 << 16 };
    size_t len = 0;
    if (strcmp(file, "<stdin>") == 0) {
        const char *head = stdin_read_ahead(&len);
        if (head)
            find_puzzles_column(head, len, p, name, cap);
        return;
    }
    struct stat st;
    int fd = stat(file, &st) == 0 && S_ISREG(st.st_mode) ? open(file, O_RDONLY) : -1;
    char *head = fd >= 0 ? malloc(HEAD) : NULL;
    ssize_t got = head ? pread(fd, head, HEAD, 0) : -1;
    if (got > 0)
        find_puzzles_column(head, (size_t)got, p, name, cap);
    free(head);
    if (fd >= 0)
        close(fd);
}

/* Reads text (one CSV field) as one grid into *s. Returns its status:
 * NONET_OK, NONET_EEMPTY (no puzzle in it), or its error's code. */
static int read_value(nonet_reader *r, const char *text, nonet_puzzle *s)
{
    size_t len = strlen(text), at = 0;
    int got = 0;
    nonet_reader_reset(r);
    while (at < len && !got) {
        at += nonet_reader_feed(r, text + at, len - at);
        got = nonet_reader_next(r, s);
    }
    if (!got) {
        nonet_reader_end(r);
        got = nonet_reader_next(r, s);
    }
    return got ? s->error.code : NONET_EEMPTY;
}

/* The proposed solution of p into k->s: 1, or 0 with v saying why there
 * is none (not given, unreadable). */
static int proposed_solution(checker *k, const char *file, const nonet_puzzle *p, verdict *v)
{
    if (k->column) {
        const char *value = column_value(p, k->column);
        if (!value) {
            snprintf(v->text, sizeof v->text, "error: no column '%s' beside this puzzle",
                     k->column);
            if (k->no_column++ == 0) { /* the first is told in full; then a count */
                char names[160];
                column_names(p, names, sizeof names);
                if (p->ncolumns)
                    report(file, p->index, p->first_line, 0, "%s (its table's columns: %s)",
                           v->text + 7, names);
                else
                    report(file, p->index, p->first_line, 0,
                           "%s: it is no line of a CSV table with a header", v->text + 7);
            }
            return 0;
        }
        int rc = read_value(k->value_reader, value, k->s);
        if (rc == NONET_OK)
            return 1;
        if (rc == NONET_EEMPTY)
            snprintf(v->text, sizeof v->text, "error: no solution in its column '%s'", k->column);
        else
            snprintf(v->text, sizeof v->text, "error: the solution in its column '%s': %s",
                     k->column, k->s->error.message);
        report(file, p->index, p->first_line, 0, "%s", v->text + 7);
        return 0;
    }
    int got = source_next(&k->sol, k->s);
    if (got != 1) {
        snprintf(v->text, sizeof v->text, "error: %s has no solution for this puzzle", k->sol.name);
        if (k->missing++ == 0) { /* one line at the end says it */
            k->missing_file = file;
            k->missing_index = p->index;
            k->missing_line = p->first_line;
        }
        if (got < 0)
            k->io_failed = 1;
        return 0;
    }
    if (k->s->error.code != NONET_OK) {
        report_read_error(k->sol.name, k->s);
        snprintf(v->text, sizeof v->text, "error: solution %ld: %s", k->s->index,
                 k->s->error.message);
        return 0;
    }
    return 1;
}

/* Without a column named: the column of p's table that pairs itself
 * with the puzzles, as k->column (NULL: none), said on stderr the first
 * time in each file: "nonet: t.csv: checking column 'solutions' against
 * 'quizzes'". */
static void choose_column(checker *k, const char *file, const nonet_puzzle *p)
{
    k->column = solution_column_of(p);
    if (k->column && !k->rec.header_done)
        k->rec.fields |= NONET_FIELD_SOLUTION; /* CSV: a column from the header on */
    if (!k->column || (k->noted_file == file && strcmp(k->noted_column, k->column) == 0))
        return;
    k->noted_file = file;
    snprintf(k->noted_column, sizeof k->noted_column, "%s", k->column);
    puzzles_column(k->o, file, p, k->puzzles_column, sizeof k->puzzles_column);
    if (k->puzzles_column[0])
        complain("%s: checking column '%s' against '%s' (--solution-column NAME chooses "
                 "another)",
                 file, k->column, k->puzzles_column);
    else
        complain("%s: checking column '%s' against the puzzles (--solution-column NAME chooses "
                 "another)",
                 file, k->column);
}

static void check_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    checker *k = ctx;
    verdict v = {0, NONET_V_ERROR, ""};
    nonet_check_result res;
    const nonet_check_result *shown = NULL;
    const nonet_puzzle *proposed = NULL;
    if (k->auto_column)
        choose_column(k, file, p);
    if (p->error.code != NONET_OK) {
        report_read_error(file, p);
        snprintf(v.text, sizeof v.text, "error: %s", p->error.message);
    } else if (!k->have_sol && !k->column) {
        check_grid(p, &res, &v);
        shown = &res;
        if (!v.ok)
            report(file, p->index, p->row_line[res.conflict.row2], 0, "%s", v.text);
    } else if (proposed_solution(k, file, p, &v)) {
        check_pair(p, k->s, &res, &v);
        shown = &res;
        proposed = k->s;
        if (!v.ok)
            report(file, p->index, p->first_line, 0, "%s", v.text);
    }
    if (!v.ok)
        k->status = EXIT_PUZZLE_FAILED;
    /* a puzzle on lines of its own (--with-puzzle, a side above 35) is
     * set apart from the next result */
    int own_lines = puzzle_beside(k->o, p) && p->grid.n > NONET_MAX_SYMBOL_SIDE;
    if (!records_wanted(k->o) && k->printed++ > 0 && (own_lines || k->last_lines))
        putchar('\n');
    k->last_lines = print_verdict(k->o, &k->rec, file, p, shown, &v, proposed);
}

/* Whether --solution FILE is also where the puzzles come from: a table
 * read twice is checked against itself. Said as a usage error. */
static int solution_is_input(const cli_opts *o)
{
    struct stat sol, in;
    int sol_stdin = strcmp(o->solution, "-") == 0;
    if (!sol_stdin && stat(o->solution, &sol) != 0)
        return 0; /* source_open says why */
    for (int i = 0; i < (o->nfiles ? o->nfiles : 1); i++) {
        const char *f = o->nfiles ? o->files[i] : "-";
        int is_stdin = strcmp(f, "-") == 0;
        int same = is_stdin && sol_stdin;
        if (!same && !sol_stdin && (is_stdin ? fstat(0, &in) : stat(f, &in)) == 0)
            same = in.st_dev == sol.st_dev && in.st_ino == sol.st_ino;
        if (same) {
            complain("--solution %s is where the puzzles come from too: it would be checked "
                     "against itself. To check a CSV table's solutions against its puzzles, "
                     "name their column: --solution-column NAME",
                     o->solution);
            fputs("Try 'nonet check --help'.\n", stderr);
            return 1;
        }
    }
    return 0;
}

int cmd_check(const cli_opts *o)
{
    checker k;
    memset(&k, 0, sizeof k);
    k.o = o;
    if (o->solution && solution_is_input(o))
        return EXIT_USAGE;
    k.s = malloc(sizeof *k.s);
    if (!k.s) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    if (o->solution) {
        /* the solutions' own reading: --column names the puzzles' column */
        nonet_read_opts own = o->read;
        own.column = NULL;
        if (source_open(&k.sol, o->solution, &own) != 0) {
            free(k.s);
            return EXIT_USAGE;
        }
        k.have_sol = 1;
    }
    if (o->solution_column) {
        nonet_read_opts own = o->read;
        own.column = NULL;
        k.column = o->solution_column;
        k.value_reader = nonet_reader_new(&own);
        if (!k.value_reader) {
            complain("out of memory");
            free(k.s);
            return EXIT_USAGE;
        }
    }
    /* no column named and no --solution FILE: a table's own column of
     * solutions, when it has one */
    k.auto_column = !o->solution && !o->solution_column;
    if (k.auto_column) {
        nonet_read_opts own = o->read;
        own.column = NULL;
        k.value_reader = nonet_reader_new(&own);
        if (!k.value_reader) {
            complain("out of memory");
            free(k.s);
            return EXIT_USAGE;
        }
    }
    k.rec.fields = NONET_FIELD_BLANKS | (o->solution || k.column ? NONET_FIELD_SOLUTION : 0u);
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
        if (k.missing == 1)
            complain("%s has 1 grid fewer than there are puzzles: the last puzzle (%s:%ld: "
                     "puzzle %ld) was not checked",
                     k.sol.name, k.missing_file, k.missing_line, k.missing_index);
        else if (k.missing > 1)
            complain("%s has %ld grids fewer than there are puzzles: the last %ld (from "
                     "%s:%ld: puzzle %ld on) were not checked",
                     k.sol.name, k.missing, k.missing, k.missing_file, k.missing_line,
                     k.missing_index);
        source_close(&k.sol);
    }
    if (k.no_column > 1)
        complain("%ld more puzzle%s had no column '%s'; %s not checked", k.no_column - 1,
                 k.no_column == 2 ? "" : "s", k.column, k.no_column == 2 ? "it was" : "they were");
    nonet_reader_free(k.value_reader);
    free(k.s);
    fflush(stdout);
    return k.io_failed ? EXIT_USAGE : k.status;
}
