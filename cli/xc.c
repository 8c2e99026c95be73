/* xc.c - `nonet xc`: reads one exact cover problem in DLX1/DLX2 format
 * and prints its solutions (options, Knuth's format, JSON, or Sudoku
 * grids), their count and the search's statistics. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CHUNK = 1 << 16 };

typedef struct xc_run {
    const cli_opts *o;
    const char *file;
    nonet_xc *x;
    int knuth, json, sudoku, count_only;
    uint64_t shown; /* solutions printed */
    int failed;     /* a solution could not be mapped to a grid */
    int timed_out;  /* --timeout stopped the search */
    char *text;     /* scratch for an option's text */
    size_t text_cap;
    nonet_xc_choice *sorted;
    size_t sorted_cap;
} xc_run;

static void warn(void *ctx, const nonet_error *w)
{
    const xc_run *r = ctx;
    fprintf(stderr, "nonet: %s:%ld: warning: %s\n", r->file, w->line, w->message);
}

/* The text of an option (rotated to start at item, or -1), in r->text. */
static const char *option_text(xc_run *r, size_t option, int item)
{
    long need = nonet_xc_format_option(r->x, option, item, r->text, r->text_cap);
    if (need >= 0 && (size_t)need >= r->text_cap) {
        char *grown = realloc(r->text, (size_t)need + 1);
        if (!grown)
            return "?";
        r->text = grown;
        r->text_cap = (size_t)need + 1;
        nonet_xc_format_option(r->x, option, item, r->text, r->text_cap);
    }
    return need < 0 ? "?" : r->text;
}

static int by_option(const void *a, const void *b)
{
    size_t x = ((const nonet_xc_choice *)a)->option, y = ((const nonet_xc_choice *)b)->option;
    return (x > y) - (x < y);
}

static void print_sudoku(xc_run *r, const nonet_xc_choice *levels, size_t count)
{
    nonet_grid g;
    nonet_error err;
    if (nonet_xc_to_sudoku(r->x, levels, count, &g, &err) != NONET_OK) {
        fprintf(stderr, "nonet: %s: solution %" PRIu64 ": %s\n", r->file, r->shown + 1,
                err.message);
        r->failed = 1;
        return;
    }
    if (r->json) {
        fputs(r->shown ? "," : "", stdout);
        json_grid(stdout, &g, NULL);
        return;
    }
    nonet_layout layout = g.n <= NONET_MAX_SYMBOL_SIDE ? NONET_LAYOUT_LINE : NONET_LAYOUT_NUMBERS;
    if (r->shown && layout_multiline(layout, g.n))
        fputc('\n', stdout);
    print_grid(stdout, &g, layout, 0, NULL);
}

static void print_options(xc_run *r, const nonet_xc_choice *levels, size_t count)
{
    /* in input order, whatever order the search chose them in */
    if (count > r->sorted_cap) {
        nonet_xc_choice *grown = realloc(r->sorted, count * sizeof *grown);
        if (!grown) {
            complain("out of memory");
            r->failed = 1;
            return;
        }
        r->sorted = grown;
        r->sorted_cap = count;
    }
    if (count)
        memcpy(r->sorted, levels, count * sizeof *levels);
    qsort(r->sorted, count, sizeof *r->sorted, by_option);
    if (r->json) {
        fputs(r->shown ? ",{\"options\":[" : "{\"options\":[", stdout);
        for (size_t i = 0; i < count; i++) {
            fputs(i ? ",[" : "[", stdout);
            /* names hold no spaces: split the option's text at them */
            const char *t = option_text(r, r->sorted[i].option, -1);
            const char *start = t;
            for (const char *p = t;; p++) {
                if (*p == ' ' || *p == '\0') {
                    char name[NONET_XC_NAME_MAX + 3];
                    size_t len = (size_t)(p - start);
                    memcpy(name, start, len < sizeof name ? len : sizeof name - 1);
                    name[len < sizeof name ? len : sizeof name - 1] = '\0';
                    fputs(start == t ? "" : ",", stdout);
                    json_string(stdout, name);
                    start = p + 1;
                }
                if (!*p)
                    break;
            }
            fputc(']', stdout);
        }
        fputs("],\"lines\":[", stdout);
        for (size_t i = 0; i < count; i++)
            printf("%s%ld", i ? "," : "", nonet_xc_option_line(r->x, r->sorted[i].option));
        fputs("]}", stdout);
        return;
    }
    if (r->shown)
        fputc('\n', stdout);
    for (size_t i = 0; i < count; i++)
        printf("%s\n", option_text(r, r->sorted[i].option, -1));
}

static int on_solution(void *ctx, const nonet_xc_choice *levels, size_t count)
{
    xc_run *r = ctx;
    if (r->count_only)
        return 0;
    if (r->sudoku) {
        print_sudoku(r, levels, count);
    } else if (r->knuth) {
        /* DLX1's format: the branching item first, then "(i of n)" */
        printf("%" PRIu64 ":\n", r->shown + 1);
        for (size_t l = 0; l < count; l++)
            printf(" %s (%d of %d)\n", option_text(r, levels[l].option, levels[l].item),
                   levels[l].index, levels[l].choices);
    } else {
        print_options(r, levels, count);
    }
    r->shown++;
    return r->failed;
}

/* Watches the lines of the input for a second problem. nonet dlx writes
 * one problem per puzzle, each after a comment line "|sudoku!..." or
 * "|sudoku RxC!...": such a line after the first problem's comment or
 * item line begins another problem, which xc does not read. Only the
 * first characters of a line are looked at. */
typedef struct line_watch {
    long line;     /* the current line, from 1 */
    int col;       /* characters of it kept in head */
    int skip;      /* the rest of the line does not matter */
    int started;   /* a problem has begun: its |sudoku line or item line */
    char head[16]; /* the line's beginning, after leading white space */
} line_watch;

static int is_white(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Whether head is a comment line that nonet dlx writes: "|sudoku!" or
 * "|sudoku RxC!". */
static int sudoku_comment(const char *head)
{
    const char *p = head + strlen("|sudoku");
    if (strncmp(head, "|sudoku", strlen("|sudoku")) != 0)
        return 0;
    if (*p == '!')
        return 1;
    if (*p++ != ' ' || !strchr("0123456789", *p) || !*p)
        return 0;
    while (*p && strchr("0123456789", *p))
        p++;
    if (*p++ != 'x' || !*p || !strchr("0123456789", *p))
        return 0;
    while (*p && strchr("0123456789", *p))
        p++;
    return *p == '!';
}

/* The current line ends: 1 if a second problem begins on it. */
static int watch_line_end(line_watch *w)
{
    w->head[w->col] = '\0';
    int second = 0;
    if (w->col > 0 && w->head[0] != '|')
        w->started = 1; /* the item line, or an option */
    else if (w->col > 0 && sudoku_comment(w->head))
        second = w->started, w->started = 1;
    if (!second) {
        w->line++;
        w->col = w->skip = 0;
    }
    return second;
}

/* Watches data[0..len); returns how many bytes belong to the first
 * problem: len, or fewer when a second one begins (*second set). */
static size_t watch(line_watch *w, const char *data, size_t len, int *second)
{
    size_t i = 0;
    while (i < len) {
        if (w->skip) {
            const char *nl = memchr(data + i, '\n', len - i);
            if (!nl)
                return len;
            i = (size_t)(nl - data);
        }
        char ch = data[i];
        if (ch == '\n') {
            if (watch_line_end(w)) {
                *second = 1;
                return i;
            }
        } else if (w->col > 0 || !is_white(ch)) {
            w->head[w->col++] = ch;
            /* an option's or item line's first character says all */
            w->skip = w->col == (int)sizeof w->head - 1 || w->head[0] != '|';
        }
        i++;
    }
    return len;
}

/* Reads the problem; returns 0, or an exit status (the error printed). */
static int read_problem(xc_run *r, int fd)
{
    char *buf = malloc(CHUNK);
    if (!buf) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    nonet_error err;
    int rc = NONET_OK;
    line_watch w = {1, 0, 0, 0, ""};
    int second = 0;
    ssize_t got = 0;
    while (rc == NONET_OK && !second) {
        do
            got = read(fd, buf, CHUNK);
        while (got < 0 && errno == EINTR);
        if (got <= 0)
            break;
        size_t first = watch(&w, buf, (size_t)got, &second);
        rc = nonet_xc_feed(r->x, buf, first, &err);
    }
    free(buf);
    if (rc == NONET_OK && got < 0) {
        complain("error reading %s: %s", r->file, strerror(errno));
        return EXIT_USAGE;
    }
    if (rc == NONET_OK && !second && got == 0)
        second = watch_line_end(&w); /* a last line without a line end */
    if (rc == NONET_OK && second) {
        fprintf(stderr,
                "nonet: %s:%ld: a second problem begins here; nonet xc solves one problem "
                "(split the input at its |sudoku lines)\n",
                r->file, w.line);
        return EXIT_PUZZLE_FAILED;
    }
    if (rc == NONET_OK)
        rc = nonet_xc_end(r->x, &err);
    if (rc == NONET_ENOMEM) {
        complain("%s: out of memory", r->file);
        return EXIT_USAGE;
    }
    if (rc != NONET_OK) {
        fprintf(stderr, "nonet: %s:", r->file);
        if (err.line > 0)
            fprintf(stderr, "%ld:", err.line);
        if (err.line > 0 && err.column > 0)
            fprintf(stderr, "%ld:", err.column);
        fprintf(stderr, " %s\n", err.message);
        return EXIT_PUZZLE_FAILED;
    }
    return 0;
}

static void print_totals(const xc_run *r, const nonet_xc_info *info, const nonet_xc_stats *st,
                         double us)
{
    const char *plural = st->solutions == 1 ? "" : "s";
    if (r->json) {
        printf("%s\"count\":%" PRIu64 ",\"limit_reached\":%s%s", r->count_only ? "{" : "],",
               st->solutions, st->limit_reached ? "true" : "false",
               r->timed_out ? ",\"timeout\":true" : "");
        if (r->o->stats) /* only when asked: the same problem, the same bytes */
            printf(",\"stats\":{\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64 ",\"mems\":%" PRIu64
                   ",\"microseconds\":%.1f}",
                   st->nodes, st->updates, st->mems, us);
        fputs("}\n", stdout);
        return;
    }
    if (r->count_only)
        printf("%" PRIu64 "%s\n", st->solutions,
               r->timed_out        ? "+ timeout"
               : st->limit_reached ? "+"
                                   : "");
    fflush(stdout);
    if (!r->knuth) {
        fprintf(stderr,
                "nonet: %" PRIu64 " solution%s%s, %" PRIu64 " nodes, %" PRIu64 " updates, %" PRIu64
                " mems, %.3f s\n",
                st->solutions, plural, st->limit_reached ? " (stopped at the limit)" : "",
                st->nodes, st->updates, st->mems, us / 1e6);
        return;
    }
    /* DLX1's closing line (DLX2's for a problem with colors) */
    uint64_t search = st->mems - st->len_mems;
    uint64_t ccost = search ? (200 * st->choice_mems + search) / (2 * search) : 0;
    if (!info->colored)
        fprintf(stderr,
                "Altogether %" PRIu64 " solution%s, %" PRIu64 "+%" PRIu64 " mems, %" PRIu64
                " updates, %" PRIu64 " bytes, %" PRIu64 " nodes, ccost %" PRIu64 "%%.\n",
                st->solutions, plural, st->input_mems, st->mems, st->updates, st->bytes, st->nodes,
                ccost);
    else
        fprintf(stderr,
                "Altogether %" PRIu64 " solution%s, %" PRIu64 "+%" PRIu64 "-%" PRIu64
                " mems, %" PRIu64 " updates, %" PRIu64 " cleansings, %" PRIu64 " bytes, %" PRIu64
                " nodes, ccost %" PRIu64 "%%.\n",
                st->solutions, plural, st->input_mems, st->mems, st->len_mems, st->updates,
                st->cleansings, st->bytes, st->nodes, ccost);
}

int cmd_xc(const cli_opts *o)
{
    if (o->nfiles > 1) {
        complain("xc reads one problem: give at most one FILE (try 'nonet xc --help')");
        return EXIT_USAGE;
    }
    xc_run r;
    memset(&r, 0, sizeof r);
    r.o = o;
    const char *path = o->nfiles ? o->files[0] : NULL;
    int is_stdin = !path || strcmp(path, "-") == 0;
    r.file = is_stdin ? "<stdin>" : path;
    r.knuth = o->format == NONET_LAYOUT_KNUTH;
    r.json = o->format == NONET_LAYOUT_JSON;
    r.sudoku = o->sudoku;
    r.count_only = o->count_only;
    int fd = is_stdin ? 0 : open(path, O_RDONLY);
    if (fd < 0) {
        complain("cannot open %s: %s", path, strerror(errno));
        return EXIT_USAGE;
    }
    r.x = nonet_xc_new(warn, &r);
    if (!r.x) {
        complain("out of memory");
        if (!is_stdin)
            close(fd);
        return EXIT_USAGE;
    }
    int status = read_problem(&r, fd);
    if (!is_stdin)
        close(fd);
    if (status) {
        nonet_xc_free(r.x);
        return status;
    }
    nonet_xc_info info;
    nonet_xc_get_info(r.x, &info);
    if (r.knuth) /* DLX1's opening line: its entries count the spacers too */
        fprintf(stderr, "(%zu options, %d+%d items, %zu entries successfully read)\n", info.options,
                info.primary, info.secondary, info.entries + info.options);

    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    uint64_t limit = o->first ? 1 : o->limit_given ? o->limit : 0;
    if (r.json && !r.count_only)
        fputs("{\"solutions\":[", stdout);
    nonet_xc_stats st;
    int timed = !r.json || o->stats; /* the time shows on stderr, or in stats */
    double t0 = timed ? now_us() : 0;
    nonet_stop stop = puzzle_stop(o->timeout_ns);
    nonet_xc_set_stop(r.x, &stop);
    int rc = nonet_xc_solve(r.x, limit, on_solution, &r, &st);
    double us = timed ? now_us() - t0 : 0;
    if (rc == NONET_ETIMEOUT) {
        /* what the search did until then, and why it stopped */
        char why[80];
        r.timed_out = 1;
        print_totals(&r, &info, &st, us);
        complain("the search stopped: %s", timeout_words(o->timeout_ns, why, sizeof why));
        status = EXIT_PUZZLE_FAILED;
    } else if (rc != NONET_OK) {
        complain("%s", nonet_strerror(rc));
        status = EXIT_USAGE;
    } else {
        print_totals(&r, &info, &st, us);
        status = r.failed ? EXIT_PUZZLE_FAILED : EXIT_ALL_GOOD;
    }
    fflush(stdout);
    free(r.text);
    free(r.sorted);
    nonet_xc_free(r.x);
    if (ferror(stdout)) {
        complain("error writing the output");
        return EXIT_USAGE;
    }
    return status;
}
