/* variant.c - solve, count, check and candidates for variant puzzles: a
 * file (or an operand's text, such as a link) read whole by
 * nonet_variant_parse, one puzzle each. */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define VARIANT_MAX_FILE (16u << 20)

/* The operand's text: the file's first max bytes, or the operand itself
 * when no such file exists. Returns a malloc'd buffer (*len set) or NULL
 * after a message (none when quiet). */
static char *operand_text(const char *path, size_t *len, size_t max, int quiet)
{
    if (!strcmp(path, "-")) {
        char *all = stdin_slurp(len, max > VARIANT_MAX_FILE ? VARIANT_MAX_FILE : max);
        if (!all && !quiet)
            complain("<stdin>: out of memory, or a variant puzzle of more than %u MiB",
                     VARIANT_MAX_FILE >> 20);
        return all;
    }
    struct stat st;
    if (stat(path, &st) != 0 && (errno == ENOENT || errno == ENAMETOOLONG)) {
        *len = strlen(path);
        char *copy = malloc(*len + 1);
        if (copy)
            memcpy(copy, path, *len + 1);
        return copy;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (!quiet)
            complain("cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        complain("out of memory");
        return NULL;
    }
    for (;;) {
        if (n >= max)
            break;
        if (n == cap) {
            char *grown = cap >= VARIANT_MAX_FILE ? NULL : realloc(buf, cap * 2);
            if (!grown) {
                if (cap >= VARIANT_MAX_FILE)
                    complain("%s: a variant puzzle file of more than %u MiB", path,
                             VARIANT_MAX_FILE >> 20);
                else
                    complain("out of memory");
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, (cap < max ? cap : max) - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        if (!quiet)
            complain("cannot read %s: %s", path, strerror(errno));
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* How an operand is named in messages and records. */
static const char *shown(const char *path)
{
    return strcmp(path, "-") ? path : "<stdin>";
}

int variant_operands(const cli_opts *o)
{
    int variants = 0, classic = 0;
    for (int i = 0; i < (o->nfiles ? o->nfiles : 1); i++) {
        const char *path = o->nfiles ? o->files[i] : "-";
        struct stat st;
        if (!strcmp(path, "-")) {
            /* standard input: its first bytes read ahead (the classic
             * reader gets them back), a terminal never */
            size_t len;
            const char *head = isatty(0) ? NULL : stdin_peek(&len);
            if (head && nonet_variant_sniff(head, len))
                variants++;
            else
                classic++;
            continue;
        }
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* a named pipe is read once */
            classic++;
            continue;
        }
        size_t len;
        char *text = operand_text(path, &len, 1 << 16, 1);
        if (!text)
            return 0; /* the classic reader reports it again, in its words */
        if (nonet_variant_sniff(text, len))
            variants++;
        else
            classic++;
        free(text);
    }
    if (variants && classic) {
        complain("variant and classic puzzles in one call: give them to separate calls");
        return -1;
    }
    return variants > 0;
}

/* One operand read into a variant: the puzzle record's fields in *p. */
static nonet_variant *read_variant(const char *path, nonet_puzzle *p)
{
    size_t len;
    char *text = operand_text(path, &len, (size_t)VARIANT_MAX_FILE + 1, 0);
    if (!text)
        return NULL;
    nonet_variant *v = NULL;
    nonet_error err;
    memset(p, 0, offsetof(nonet_puzzle, marks));
    int rc = nonet_variant_parse(text, len, &v, p->name, &err);
    free(text);
    if (rc != NONET_OK) {
        report(shown(path), 1, err.line, err.column, "%s",
               err.message[0] ? err.message : nonet_strerror(rc));
        return NULL;
    }
    if (nonet_variant_notes(v)[0]) /* drawings kept, not taken as rules */
        complain("%s: note: %s", shown(path), nonet_variant_notes(v));
    nonet_grid_copy(&p->grid, nonet_variant_grid(v));
    p->layout = NONET_LAYOUT_LINE;
    p->blank = '.';
    p->index = 1;
    p->first_line = 1;
    int n = p->grid.n;
    const char *own = nonet_variant_symbols(v); /* its values: 0-8, 1-9 on 6x6 ... */
    if (own)
        snprintf(p->symbols, sizeof p->symbols, "%s", own);
    for (int d = 1; d <= n && n <= NONET_MAX_SYMBOL_SIDE && !own; d++)
        p->symbols[d - 1] = (char)(d <= 9 ? '0' + d : 'A' + d - 10);
    return v;
}

/* The record's notes member (when v has notes: nonet_variant_notes, as
 * a JSON string), its constraints member, then its closing brace. */
static void close_record(FILE *out, const nonet_variant *v)
{
    const char *notes = nonet_variant_notes(v);
    if (notes[0]) {
        fputs(",\"notes\":\"", out);
        for (const char *c = notes; *c; c++)
            if (*c == '"' || *c == '\\')
                fprintf(out, "\\%c", *c);
            else if ((unsigned char)*c < 0x20)
                fprintf(out, "\\u%04x", (unsigned)(unsigned char)*c);
            else
                fputc(*c, out);
        fputc('"', out);
    }
    long len = nonet_variant_json(v, NULL, 0);
    char *json = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (json) {
        nonet_variant_json(v, json, (size_t)len + 1);
        fprintf(out, ",\"constraints\":%s}\n", json);
        free(json);
    } else {
        fputs("}\n", out);
    }
}

typedef enum vmode { V_SOLVE, V_COUNT, V_CHECK, V_CANDIDATES, V_FORMAT } vmode;

/* check's line, as for classic grids: "solved", "consistent, incomplete
 * (N blanks)", "inconsistent: WHY"; with --solution, that file's first
 * grid: "correct" or "wrong: WHY". */
static int check(const cli_opts *o, const nonet_variant *v, const nonet_puzzle *p, char *line,
                 size_t cap, int *status)
{
    char why[160] = "";
    const nonet_grid *g = &p->grid;
    nonet_puzzle *s = NULL;
    if (o->solution) {
        size_t len;
        char *text = operand_text(o->solution, &len, (size_t)VARIANT_MAX_FILE + 1, 0);
        s = text ? malloc(sizeof *s) : NULL;
        int rc = s ? nonet_parse(text, len, &o->read, s, NULL) : NONET_ENOMEM;
        free(text);
        if (rc != NONET_OK) {
            snprintf(line, cap, "wrong: %s cannot be read as a grid", o->solution);
            *status = EXIT_PUZZLE_FAILED;
            free(s);
            return NONET_OK;
        }
        g = &s->grid;
    }
    int rc = nonet_variant_check(v, g, why, sizeof why), blanks = 0;
    for (int c = 0; c < g->n * g->n; c++)
        blanks += !g->cells[c];
    if (o->solution)
        snprintf(line, cap, rc == NONET_OK ? "correct" : "wrong: %s",
                 rc == NONET_EINCOMPLETE ? "it has blanks" : why);
    else if (rc == NONET_OK)
        snprintf(line, cap, "solved");
    else if (rc == NONET_EINCOMPLETE)
        snprintf(line, cap, "consistent, incomplete (%d blank%s)", blanks, blanks == 1 ? "" : "s");
    else
        snprintf(line, cap, "inconsistent: %s", why);
    if (rc != NONET_OK && (o->solution || rc != NONET_EINCOMPLETE))
        *status = EXIT_PUZZLE_FAILED;
    free(s);
    return rc == NONET_ENOMEM ? rc : NONET_OK;
}

int print_fpuzzles(const char *file, long puzzle, const nonet_variant *v, const char *title,
                   int link)
{
    char why[320];
    long len = nonet_variant_fpuzzles(v, title, link, NULL, 0, why, sizeof why);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (!text) {
        report(file, puzzle, 0, 0, "%s", len == NONET_EARG ? why : "out of memory");
        printf("# error: %s\n", len == NONET_EARG ? why : "out of memory");
        return 0;
    }
    nonet_variant_fpuzzles(v, title, link, text, (size_t)len + 1, NULL, 0);
    puts(text);
    free(text);
    return 1;
}

static nonet_verdict verdict_of(const char *line)
{
    return !strncmp(line, "correct", 7)       ? NONET_V_CORRECT
           : !strncmp(line, "wrong", 5)       ? NONET_V_WRONG
           : !strncmp(line, "solved", 6)      ? NONET_V_SOLVED
           : !strncmp(line, "consistent", 10) ? NONET_V_INCOMPLETE
                                              : NONET_V_INCONSISTENT;
}

static int one(const cli_opts *o, const char *path, vmode mode, nonet_puzzle *p)
{
    nonet_variant *v = read_variant(path, p);
    if (!v)
        return EXIT_PUZZLE_FAILED;
    if (mode == V_FORMAT && o->fpuzzles) { /* f-puzzles JSON or its link, one line */
        int ok = print_fpuzzles(shown(path), 1, v, p->name, o->fpuzzles == 2);
        nonet_variant_free(v);
        return ok ? EXIT_ALL_GOOD : EXIT_PUZZLE_FAILED;
    }
    if (mode == V_FORMAT) { /* the text form: f-puzzles in, nonet's form out */
        long len = nonet_variant_format(v, NULL, 0);
        char *text = len > 0 ? malloc((size_t)len + 1) : NULL;
        if (text) {
            nonet_variant_format(v, text, (size_t)len + 1);
            if (p->name[0])
                printf("# %s\n", p->name);
            fputs(text, stdout);
            free(text);
        }
        nonet_variant_free(v);
        return text ? EXIT_ALL_GOOD : EXIT_PUZZLE_FAILED;
    }
    int n = p->grid.n, json = records_wanted(o), status = EXIT_ALL_GOOD;
    uint64_t count = 0, limit = mode == V_COUNT ? o->limit : 2;
    nonet_stats st = {0, 0};
    nonet_grid *sol = malloc(sizeof *sol);
    uint64_t *cands = malloc((size_t)n * (size_t)n * sizeof *cands);
    char why[160] = "";
    int rc = sol && cands ? NONET_OK : NONET_ENOMEM;
    double t0 = o->stats ? now_us() : 0; /* timed only when shown (--stats) */
    nonet_stop stop = puzzle_stop(o->timeout_ns);
    if (rc == NONET_OK && mode == V_CANDIDATES)
        rc = nonet_variant_candidates(v, o->limit_given ? o->limit : 2, cands, &count, &st, &stop);
    else if (rc == NONET_OK && mode == V_CHECK) {
        rc = check(o, v, p, why, sizeof why, &status);
    } else if (rc == NONET_OK)
        rc = nonet_variant_count(v, limit, &count, sol, &st, &stop);
    if (rc == NONET_ETIMEOUT) {
        timeout_words(o->timeout_ns, why, sizeof why);
        report(shown(path), 1, 0, 0, "%s", why);
        status = EXIT_PUZZLE_FAILED;
        if (json) {
            nonet_result r = {.puzzle = p, .status = NONET_V_TIMEOUT, .message = why};
            print_record_open(stdout, o, shown(path), &r);
            close_record(stdout, v);
        } else if (mode == V_COUNT) {
            printf("%" PRIu64 "+ timeout\n", count); /* at least this many */
        } else {
            printf("# timeout: %s\n", why);
        }
        goto done;
    }
    if (rc != NONET_OK) {
        report(shown(path), 1, 0, 0, "%s", nonet_strerror(rc));
        status = EXIT_PUZZLE_FAILED;
        goto done;
    }
    if (mode == V_CHECK) {
        if (json) {
            nonet_result r = {.puzzle = p, .status = verdict_of(why), .message = why};
            print_record_open(stdout, o, shown(path), &r);
            close_record(stdout, v);
        } else {
            printf("%s\n", why);
        }
        goto done;
    }
    double us = o->stats ? now_us() - t0 : 0;
    int reached = limit > 0 && count >= limit;
    nonet_verdict verdict = count == 0               ? NONET_V_NO_SOLUTION
                            : count == 1 && !reached ? NONET_V_UNIQUE
                                                     : NONET_V_MULTIPLE;
    if (count == 0)
        status = EXIT_PUZZLE_FAILED;
    if (json) {
        nonet_result r = {.puzzle = p,
                          .status = verdict,
                          .message = why[0] ? why : NULL,
                          .fields = NONET_FIELD_COUNT | NONET_FIELD_STATS,
                          .count = count,
                          .limit_reached = reached,
                          .stats = &st,
                          .microseconds = us};
        if (count > 0 && mode != V_CANDIDATES) {
            r.fields |= NONET_FIELD_SOLUTION;
            r.solution = sol;
        }
        print_record_open(stdout, o, shown(path), &r);
        if (mode == V_CANDIDATES) {
            fputs(",\"candidates\":[", stdout);
            for (int c = 0; c < n * n; c++) {
                fputs(c ? ",\"" : "\"", stdout);
                for (int d = 1; d <= n; d++)
                    if (cands[c] >> (d - 1) & 1)
                        fputc(p->symbols[d - 1], stdout);
                fputc('"', stdout);
            }
            fputc(']', stdout);
        }
        close_record(stdout, v);
        goto done;
    }
    switch (mode) {
    case V_COUNT:
        printf("%" PRIu64 "%s\n", count, reached ? "+" : "");
        break;
    case V_SOLVE:
        if (count == 0) {
            report(shown(path), 1, 0, 0, "no solution");
            break;
        }
        print_grid(stdout, sol, o->format == NONET_LAYOUT_AUTO ? NONET_LAYOUT_LINE : o->format, 0,
                   p->symbols);
        if (count > 1)
            report(shown(path), 1, 0, 0, "more than one solution; printed the first");
        break;
    case V_CHECK:
    case V_FORMAT:
        break;
    case V_CANDIDATES: {
        long len = nonet_format_candidates(&p->grid, cands, NULL, 0);
        char *text = len > 0 ? malloc((size_t)len + 1) : NULL;
        if (text) {
            nonet_format_candidates(&p->grid, cands, text, (size_t)len + 1);
            fputs(text, stdout);
            free(text);
        }
        printf("%" PRIu64 "%s solution%s\n", count,
               count >= (o->limit_given ? o->limit : 2) ? "+" : "", count == 1 ? "" : "s");
        break;
    }
    }
    if (o->stats)
        report(shown(path), 1, 0, 0,
               "%" PRIu64 " solution%s, %" PRIu64 " nodes, %" PRIu64 " guesses", count,
               count == 1 ? "" : "s", st.nodes, st.guesses);
done:
    free(sol);
    free(cands);
    nonet_variant_free(v);
    return status;
}

static int run(const cli_opts *o, vmode mode)
{
    nonet_puzzle *p = malloc(sizeof *p);
    if (!p) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    int status = EXIT_ALL_GOOD;
    for (int i = 0; i < (o->nfiles ? o->nfiles : 1); i++)
        if (one(o, o->nfiles ? o->files[i] : "-", mode, p) != EXIT_ALL_GOOD)
            status = EXIT_PUZZLE_FAILED;
    free(p);
    fflush(stdout);
    return status;
}

int cmd_variant(const cli_opts *o, const char *command)
{
    if (!strcmp(command, "solve"))
        return run(o, V_SOLVE);
    if (!strcmp(command, "count"))
        return run(o, V_COUNT);
    if (!strcmp(command, "check"))
        return run(o, V_CHECK);
    if (!strcmp(command, "candidates"))
        return run(o, V_CANDIDATES);
    if (!strcmp(command, "format"))
        return run(o, V_FORMAT);
    complain("%s does not take variant puzzles yet: solve, count, check, candidates and format do",
             command);
    return EXIT_USAGE;
}

int cmd_candidates(const cli_opts *o)
{
    int v = variant_operands(o);
    if (v < 0)
        return EXIT_USAGE;
    return run(o, V_CANDIDATES);
}
