/* io.c - input sources and output helpers for the nonet command. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { READ_CHUNK = 1 << 16 };

static int is_stdin_path(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

/* A reader for s, or -1 after saying why. */
static int source_start(source *s, const nonet_read_opts *opts)
{
    s->reader = nonet_reader_new(opts);
    if (!s->reader || (s->fd >= 0 && !s->buf)) {
        complain("out of memory");
        source_close(s);
        return -1;
    }
    return 0;
}

/* Standard input's first bytes when they were read ahead (a pipe can be
 * read only once) to tell variant puzzles from classic ones: the source
 * of "-" reads them first. The command's own state, not the library's. */
static char *stdin_head;
static size_t stdin_head_len;
static int stdin_head_taken;

/* Reads what standard input has into buf (room bytes at most), again
 * when interrupted. Returns how many bytes, 0 at its end or on an error. */
static size_t stdin_read(char *buf, size_t room)
{
    ssize_t got;
    do
        got = read(0, buf, room);
    while (got < 0 && errno == EINTR);
    return got > 0 ? (size_t)got : 0;
}

const char *stdin_peek(size_t *len)
{
    if (!stdin_head) {
        stdin_head = malloc(READ_CHUNK);
        if (!stdin_head)
            return NULL;
        /* what is there, and more while it comes at once: a program
         * that writes one puzzle and waits for the answer is not kept
         * waiting for more */
        while (stdin_head_len < READ_CHUNK) {
            struct pollfd more = {.fd = 0, .events = POLLIN};
            if (memchr(stdin_head, '\n', stdin_head_len) && poll(&more, 1, 0) <= 0)
                break;
            size_t got = stdin_read(stdin_head + stdin_head_len, READ_CHUNK - stdin_head_len);
            if (!got)
                break;
            stdin_head_len += got;
        }
    }
    *len = stdin_head_len;
    return stdin_head;
}

const char *stdin_read_ahead(size_t *len)
{
    *len = stdin_head_len;
    return stdin_head;
}

char *stdin_slurp(size_t *len, size_t max)
{
    size_t have, cap = (size_t)READ_CHUNK * 2;
    const char *head = stdin_peek(&have);
    char *buf = head ? malloc(cap) : NULL;
    if (!buf)
        return NULL;
    memcpy(buf, head, have);
    stdin_head_taken = 1;
    for (;;) {
        if (have == cap) {
            char *grown = cap >= max ? NULL : realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
        size_t got = stdin_read(buf + have, cap - have);
        if (!got)
            break;
        have += got;
    }
    *len = have;
    return buf;
}

int source_open(source *s, const char *path, const nonet_read_opts *opts)
{
    memset(s, 0, sizeof *s);
    int is_stdin = is_stdin_path(path);
    s->name = is_stdin ? "<stdin>" : path;
    s->fd = is_stdin ? 0 : open(path, O_RDONLY);
    if (s->fd < 0) {
        complain("cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    s->interactive = isatty(s->fd);
    s->data = s->buf = malloc(READ_CHUNK);
    if (is_stdin && stdin_head && !stdin_head_taken) { /* read ahead: fed first */
        stdin_head_taken = 1;
        s->data = stdin_head;
        s->len = stdin_head_len;
        s->offset = (double)stdin_head_len;
    }
    return source_start(s, opts);
}

/* The names of operands read as puzzles: "<argument N>". They outlive the
 * sources (results name them after their source is closed), so they are
 * kept here for the whole run. */
static const char *argument_name(int number)
{
    typedef struct argument {
        int number;
        char name[32];
    } argument;
    static argument *names;
    static int count;
    for (int i = 0; i < count; i++)
        if (names[i].number == number)
            return names[i].name;
    argument *grown = realloc(names, (size_t)(count + 1) * sizeof *names);
    if (!grown)
        return "<argument>";
    names = grown;
    names[count].number = number;
    snprintf(names[count].name, sizeof names[count].name, "<argument %d>", number);
    return names[count++].name;
}

/* Whether text looks meant as a puzzle rather than a file name: mostly
 * digits, blanks and separators, and no '/'. */
static int looks_like_puzzle(const char *text)
{
    size_t len = strlen(text), cells = 0;
    if (len < 16 || strchr(text, '/'))
        return 0;
    for (const char *c = text; *c; c++)
        cells += strchr("0123456789.-_* \t\n|+", *c) != NULL;
    return cells * 10 >= len * 9;
}

int source_open_operand(source *s, const char *path, int number, const nonet_read_opts *opts)
{
    struct stat st;
    /* a name too long for a path (every 16x16 one-line puzzle) is no file */
    if (is_stdin_path(path) || stat(path, &st) == 0 || (errno != ENOENT && errno != ENAMETOOLONG))
        return source_open(s, path, opts);
    int why = errno;
    /* no such file: is the operand itself a puzzle, and only one? */
    size_t len = strlen(path), used = 0;
    nonet_puzzle *p = malloc(sizeof *p);
    if (!p) {
        complain("out of memory");
        return -1;
    }
    int rc = nonet_parse(path, len, opts, p, &used);
    int one = rc == NONET_OK &&
              (used >= len || nonet_parse(path + used, len - used, opts, p, NULL) == NONET_EEMPTY);
    if (!one) {
        if (rc != NONET_EEMPTY && rc != NONET_OK && looks_like_puzzle(path))
            complain("cannot open %s: %s, and it is no puzzle either: %s", path, strerror(why),
                     p->error.message);
        else
            complain("cannot open %s: %s", path, strerror(why));
        free(p);
        return -1;
    }
    free(p);
    memset(s, 0, sizeof *s);
    s->name = argument_name(number);
    s->fd = -1;
    s->data = path;
    s->len = len;
    return source_start(s, opts);
}

int source_next(source *s, nonet_puzzle *p)
{
    for (;;) {
        if (nonet_reader_next(s->reader, p)) {
            s->puzzles++;
            return 1;
        }
        if (s->pos < s->len) {
            s->pos += nonet_reader_feed(s->reader, s->data + s->pos, s->len - s->pos);
            continue;
        }
        if (s->at_end)
            return 0;
        ssize_t got = 0;
        if (s->fd >= 0)
            do
                got = read(s->fd, s->buf, READ_CHUNK);
            while (got < 0 && errno == EINTR);
        if (got < 0) {
            complain("error reading %s: %s", s->name, strerror(errno));
            return -1;
        }
        s->data = s->buf;
        s->len = (size_t)got;
        s->pos = 0;
        s->offset += (double)got;
        if (got == 0) {
            s->at_end = 1;
            nonet_reader_end(s->reader);
        }
    }
}

void source_close(source *s)
{
    if (s->fd > 0)
        close(s->fd);
    nonet_reader_free(s->reader);
    free(s->buf);
    memset(s, 0, sizeof *s);
}

int input_interactive(const cli_opts *o)
{
    int reads_stdin = o->nfiles == 0;
    for (int i = 0; i < o->nfiles; i++)
        reads_stdin |= is_stdin_path(o->files[i]);
    return reads_stdin && isatty(0);
}

/* The size of a file operand if it is a regular file, else -1. */
static double input_size(const char *path)
{
    struct stat st;
    int rc = is_stdin_path(path) ? fstat(0, &st) : stat(path, &st);
    return rc == 0 && S_ISREG(st.st_mode) ? (double)st.st_size : -1;
}

int for_each_puzzle(const cli_opts *o, puzzle_fn fn, void *ctx, double *fraction)
{
    nonet_puzzle *p = malloc(sizeof *p);
    if (!p) {
        complain("out of memory");
        return -1;
    }
    int files = o->nfiles ? o->nfiles : 1;
    double total = 0, done = 0;
    for (int i = 0; fraction && i < files && total >= 0; i++) {
        double size = input_size(o->nfiles ? o->files[i] : NULL);
        total = size < 0 ? -1 : total + size;
    }
    int failed = 0;
    for (int i = 0; i < files; i++) {
        source src;
        if (source_open_operand(&src, o->nfiles ? o->files[i] : NULL, i + 1, &o->read) != 0) {
            failed = -1;
            continue;
        }
        int got;
        while ((got = source_next(&src, p)) == 1) {
            /* the bytes the reader took to give this puzzle: what was
             * read less what is still to be fed (not the blocks read
             * ahead of it) */
            double used = src.offset - (double)(src.len - src.pos);
            if (fraction)
                *fraction = total > 0 ? (done + (used > 0 ? used : 0)) / total : -1;
            fn(ctx, src.name, p);
            if (src.interactive)
                fflush(stdout);
        }
        if (got < 0)
            failed = -1;
        else if (src.puzzles == 0)
            complain("no puzzle in %s", src.fd == 0 ? "input" : src.name);
        if (fraction && total > 0)
            done += src.offset;
        source_close(&src);
    }
    free(p);
    return failed;
}

/* Whether a progress line is on stderr now, and its length. complain may
 * run on a worker thread (out of memory), hence the atomic flag. */
static atomic_int progress_on;
static int progress_len;

void progress_show(const char *text)
{
    int len = (int)strlen(text);
    fprintf(stderr, "\r%s%*s", text, progress_len > len ? progress_len - len : 0, "");
    if (progress_len > len) /* back to the end of the text */
        fprintf(stderr, "\r%s", text);
    progress_len = len;
    atomic_store(&progress_on, 1);
}

void progress_clear(void)
{
    if (atomic_exchange(&progress_on, 0))
        fprintf(stderr, "\r%*s\r", progress_len, "");
}

void complain(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    progress_clear();
    fputs("nonet: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* The characters of s (not its NUL) at out; how many. */
static size_t put_text(char *out, const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        out[n] = s[n];
    return n;
}

/* v in decimal then the character after, at out (room for 22 bytes); the
 * bytes written. */
static size_t put_long(char *out, long v, char after)
{
    char digits[24];
    int k = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do
        digits[k++] = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    size_t at = 0;
    if (v < 0)
        out[at++] = '-';
    while (k > 0)
        out[at++] = digits[--k];
    out[at++] = after;
    return at;
}

static void vreport(FILE *err, const char *file, long puzzle, long line, long column,
                    const char *fmt, va_list ap) __attribute__((format(printf, 6, 0)));

static void vreport(FILE *err, const char *file, long puzzle, long line, long column,
                    const char *fmt, va_list ap)
{
    if (err == stderr)
        progress_clear();
    /* one write of the whole line: a batch of bad puzzles has as many of
     * these as puzzles */
    char text[512];
    if (strlen(file) < sizeof text - 128) {
        size_t at = put_text(text, "nonet: ");
        at += put_text(text + at, file);
        text[at++] = ':';
        if (line > 0)
            at += put_long(text + at, line, ':');
        if (line > 0 && column > 0)
            at += put_long(text + at, column, ':');
        at += put_text(text + at, " puzzle ");
        at += put_long(text + at, puzzle, ':');
        text[at++] = ' ';
        const char *msg = strcmp(fmt, "%s") == 0 ? va_arg(ap, const char *) : NULL;
        if (msg && strlen(msg) < sizeof text - 1 - at) {
            at += put_text(text + at, msg);
            text[at++] = '\n';
            fwrite(text, 1, at, err);
            return;
        }
        fwrite(text, 1, at, err);
        if (msg) {
            fputs(msg, err);
            fputc('\n', err);
            return;
        }
    } else {
        fprintf(err, "nonet: %s:", file);
        if (line > 0)
            fprintf(err, "%ld:", line);
        if (line > 0 && column > 0)
            fprintf(err, "%ld:", column);
        fprintf(err, " puzzle %ld: ", puzzle);
    }
    vfprintf(err, fmt, ap);
    fputc('\n', err);
}

void report(const char *file, long puzzle, long line, long column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(stderr, file, puzzle, line, column, fmt, ap);
    va_end(ap);
}

void report_to(FILE *err, const char *file, long puzzle, long line, long column, const char *fmt,
               ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(err, file, puzzle, line, column, fmt, ap);
    va_end(ap);
}

void report_read_error(const char *file, const nonet_puzzle *p)
{
    report(file, p->index, p->error.line, p->error.column, "%s", p->error.message);
}

int print_grid(FILE *out, const nonet_grid *g, nonet_layout layout, char blank, const char *symbols)
{
    char small[8192];
    nonet_format_opts fo = {blank, symbols, NULL, 1};
    long need = nonet_format_with(g, layout, &fo, small, sizeof small);
    if (need < 0) {
        complain("a %dx%d grid cannot be written in the %s layout (try --format numbers)", g->n,
                 g->n, nonet_layout_name(layout));
        return -1;
    }
    if ((size_t)need < sizeof small) {
        fwrite(small, 1, (size_t)need, out);
        return 0;
    }
    char *big = malloc((size_t)need + 1);
    if (!big) {
        complain("out of memory");
        return -1;
    }
    nonet_format_with(g, layout, &fo, big, (size_t)need + 1);
    fwrite(big, 1, (size_t)need, out);
    free(big);
    return 0;
}

nonet_layout output_layout(const cli_opts *o, const nonet_puzzle *p)
{
    if (o->format != NONET_LAYOUT_AUTO)
        return o->format;
    switch (p->layout) {
    case NONET_LAYOUT_LINE:
    case NONET_LAYOUT_SPACED:
    case NONET_LAYOUT_NUMBERS:
    case NONET_LAYOUT_BOXED:
        /* big grids have no symbols: numbers it is */
        if (p->grid.n > NONET_MAX_SYMBOL_SIDE)
            return NONET_LAYOUT_NUMBERS;
        return p->layout;
    default:
        return p->grid.n > NONET_MAX_SYMBOL_SIDE ? NONET_LAYOUT_NUMBERS : NONET_LAYOUT_GRID;
    }
}

int layout_multiline(nonet_layout layout, int n)
{
    if (layout == NONET_LAYOUT_LINE)
        return n >= 1 && n <= 3; /* "1..1": alone, or it is a grid's row */
    return layout != NONET_LAYOUT_JSON && layout != NONET_LAYOUT_CSV;
}

/* The length of the valid UTF-8 character at s (lead byte >= 0x80), or 0. */
static size_t utf8_len(const unsigned char *s)
{
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (len == 0 || s[0] > 0xF4)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))
        return 0; /* overlong, a surrogate, or beyond U+10FFFF */
    return len;
}

void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            fprintf(out, "\\%c", *p);
        } else if (*p < 0x20 || *p == 0x7F) {
            fprintf(out, "\\u%04x", *p);
        } else if (*p >= 0x80) { /* UTF-8 as is; a stray byte as U+FFFD */
            size_t len = utf8_len(p);
            if (len == 0) {
                fputs("\\ufffd", out);
            } else {
                fwrite(p, 1, len, out);
                p += len - 1;
            }
        } else {
            fputc(*p, out);
        }
    }
    fputc('"', out);
}

void json_grid(FILE *out, const nonet_grid *g, const char *symbols)
{
    print_grid(out, g, NONET_LAYOUT_JSON, 0, symbols);
}

int records_wanted(const cli_opts *o)
{
    return o->format == NONET_LAYOUT_JSON || o->format == NONET_LAYOUT_CSV;
}

int puzzle_beside(const cli_opts *o, const nonet_puzzle *p)
{
    return o->with_puzzle && !records_wanted(o) && p->error.code == NONET_OK && p->grid.n > 0;
}

/* p's line (the pencil-mark line when it has marks), after its size line
 * when its boxes need one, without the final newline: malloc'ed, NULL
 * when out of memory. */
static char *puzzle_line(const nonet_puzzle *p)
{
    nonet_format_opts fo = {0, p->symbols, NULL, 1};
    long need = nonet_format_with(&p->grid, NONET_LAYOUT_LINE, &fo, NULL, 0);
    int n = p->grid.n;
    size_t cells = (size_t)n * (size_t)n;
    size_t room = need > 0 ? (size_t)need + 1 + (p->has_marks ? cells * (size_t)n : 0) : 0;
    char *text = room ? malloc(room) : NULL;
    if (!text)
        return NULL;
    nonet_format_with(&p->grid, NONET_LAYOUT_LINE, &fo, text, room);
    size_t len = (size_t)need - 1; /* without its newline */
    text[len] = '\0';
    if (p->has_marks) {
        /* the pencil-mark line in place of the grid's: for each cell n
         * symbols, the k-th digit k's while it is a candidate, else '.' */
        char *at = text + len - cells;
        for (size_t c = 0; c < cells; c++)
            for (int d = 1; d <= n; d++)
                *at++ = p->marks.cands[c] >> (d - 1) & 1 ? p->symbols[d - 1] : '.';
        *at = '\0';
    }
    return text;
}

int print_puzzle_beside(FILE *out, const cli_opts *o, const nonet_puzzle *p, int one_line)
{
    if (!puzzle_beside(o, p))
        return 0;
    if (p->grid.n > NONET_MAX_SYMBOL_SIDE) { /* no line: its rows of numbers */
        print_grid(out, &p->grid, NONET_LAYOUT_NUMBERS, 0, NULL);
        return 1;
    }
    char *line = puzzle_line(p);
    if (!line) {
        complain("out of memory");
        return 0;
    }
    fputs(line, out);
    fputc(one_line ? '\t' : '\n', out);
    free(line);
    return 0;
}

int print_result_grid(FILE *out, const cli_opts *o, const nonet_puzzle *p, const nonet_grid *g,
                      nonet_layout layout)
{
    int one_line = layout == NONET_LAYOUT_LINE && g->n <= NONET_MAX_SYMBOL_SIDE;
    if (!puzzle_beside(o, p) || !one_line) {
        print_puzzle_beside(out, o, p, 0);
        return print_grid(out, g, layout, 0, p->symbols);
    }
    /* PUZZLE<tab>RESULT: the puzzle's size line (if any) serves both */
    char line[NONET_MAX_SYMBOL_SIDE * NONET_MAX_SYMBOL_SIDE + 2];
    nonet_format_opts fo = {0, p->symbols, NULL, 0};
    long need = nonet_format_with(g, NONET_LAYOUT_LINE, &fo, line, sizeof line);
    if (need < 0 || (size_t)need >= sizeof line)
        return print_grid(out, g, layout, 0, p->symbols); /* (it says why) */
    print_puzzle_beside(out, o, p, 1);
    fwrite(line, 1, (size_t)need, out);
    return 0;
}

/* Writes what a writer returns, into a small buffer or a big one. */
typedef long (*writer_fn)(const void *arg, unsigned fields, int flag, char *buf, size_t cap);

static void write_text(FILE *out, writer_fn fn, const void *arg, unsigned fields, int flag,
                       size_t drop)
{
    char small[4096];
    long need = fn(arg, fields, flag, small, sizeof small);
    if (need < 0)
        return;
    char *text = small;
    if ((size_t)need >= sizeof small) {
        text = malloc((size_t)need + 1);
        if (!text) {
            complain("out of memory");
            return;
        }
        fn(arg, fields, flag, text, (size_t)need + 1);
    }
    fwrite(text, 1, (size_t)need - drop, out);
    if (text != small)
        free(text);
}

static long header_writer(const void *arg, unsigned fields, int with_file, char *buf, size_t cap)
{
    return nonet_result_csv_header(fields, with_file, arg, buf, cap);
}

static long csv_writer(const void *arg, unsigned fields, int flag, char *buf, size_t cap)
{
    (void)flag;
    const nonet_result *r = arg;
    return nonet_result_csv(r, fields, r->puzzle->ncolumns, buf, cap);
}

static long json_writer(const void *arg, unsigned fields, int flag, char *buf, size_t cap)
{
    (void)fields;
    (void)flag;
    return nonet_result_json(arg, buf, cap);
}

/* The fields that records of o show: stats only under --stats. */
static unsigned shown_fields(const cli_opts *o, unsigned fields)
{
    return o->stats ? fields : fields & ~(unsigned)NONET_FIELD_STATS;
}

void print_header(FILE *out, const cli_opts *o, records *rec, const nonet_puzzle *first)
{
    if (rec->header_done || o->format != NONET_LAYOUT_CSV)
        return;
    rec->header_done = 1;
    write_text(out, header_writer, first, shown_fields(o, rec->fields), o->nfiles > 1, 0);
}

void print_record(FILE *out, const cli_opts *o, records *rec, const char *file, nonet_result *r)
{
    r->file = o->nfiles > 1 ? file : NULL;
    r->fields = shown_fields(o, r->fields);
    if (o->format == NONET_LAYOUT_CSV) {
        print_header(out, o, rec, r->puzzle);
        write_text(out, csv_writer, r, shown_fields(o, rec->fields), 0, 0);
    } else {
        write_text(out, json_writer, r, rec->fields, 0, 0);
        fputc('\n', out);
    }
}

void print_record_open(FILE *out, const cli_opts *o, const char *file, nonet_result *r)
{
    r->file = o->nfiles > 1 ? file : NULL;
    r->fields = shown_fields(o, r->fields);
    write_text(out, json_writer, r, 0, 0, 1); /* without its '}' */
}

double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

int parse_number(const char *text, uint64_t *out)
{
    if (text[0] < '0' || text[0] > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || errno)
        return -1;
    *out = v;
    return 0;
}

int parse_seconds(const char *text, uint64_t *ns)
{
    /* digits, at most one point, then "s" or nothing: no sign, no
     * exponent, nothing strtod would take and a person would not type */
    const char *p = text;
    int digits = 0, points = 0;
    for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
        digits += *p != '.';
        points += *p == '.';
    }
    if (!digits || points > 1 || (*p && strcmp(p, "s") != 0))
        return -1;
    double s = strtod(text, NULL);
    if (!(s > 0) || s > 365.0 * 24 * 3600)
        return -1;
    *ns = (uint64_t)(s * 1e9);
    if (*ns == 0)
        *ns = 1;
    return 0;
}

nonet_stop puzzle_stop(uint64_t timeout_ns)
{
    nonet_stop st = {NULL, NULL, 0};
    if (timeout_ns)
        st.deadline = nonet_clock_ns() + timeout_ns;
    return st;
}

const char *timeout_words(uint64_t timeout_ns, char *buf, size_t cap)
{
    snprintf(buf, cap, "no answer within %g s (--timeout)", (double)timeout_ns / 1e9);
    return buf;
}

int exit_status(int rc, int failed)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        complain("writing the output failed");
        return EXIT_USAGE;
    }
    return rc != 0 ? EXIT_USAGE : failed ? EXIT_PUZZLE_FAILED : EXIT_ALL_GOOD;
}
