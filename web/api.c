/* api.c - the web page's C API (api.h): libnonet's commands on text, each
 * answer the record `nonet COMMAND --json` writes, through the library's
 * one writer (nonet_result_json). Nothing here knows of browsers: the
 * WebAssembly build exports these functions under their names. */
#include "api.h"

#include "nonet.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__wasm__)
#define NW_EXPORT(name) __attribute__((export_name(#name)))
#else
#define NW_EXPORT(name)
#endif

/* An explain in progress: the position, the path so far, its steps'
 * JSON. */
typedef struct explain_run {
    int active;
    nonet_puzzle puzzle;
    nonet_rating path;
    char *steps; /* "[{...},{...}" while open */
    size_t len, cap;
} explain_run;

struct nw {
    char *in;
    size_t in_cap;
    char *out; /* JSON lines */
    size_t len, cap;
    int failed; /* out of memory while writing out */
    nonet_reader *reader;
    nonet_solver *solver;
    nonet_human *human;
    nonet_puzzle puzzle;
    nonet_grid grid, solution;
    nonet_marks marks;
    explain_run ex;
    char text[4096];
};

NW_EXPORT(nw_new) nw *nw_new(void)
{
    nw *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->reader = nonet_reader_new(NULL);
    w->solver = nonet_solver_new(NONET_ENGINE_AUTO);
    w->human = nonet_human_new();
    if (!w->reader || !w->solver || !w->human) {
        nw_free(w);
        return NULL;
    }
    return w;
}

NW_EXPORT(nw_free) void nw_free(nw *w)
{
    if (!w)
        return;
    nonet_reader_free(w->reader);
    nonet_solver_free(w->solver);
    nonet_human_free(w->human);
    free(w->ex.steps);
    free(w->in);
    free(w->out);
    free(w);
}

NW_EXPORT(nw_input) char *nw_input(nw *w, size_t len)
{
    if (!w || len == (size_t)-1)
        return NULL;
    if (len + 1 > w->in_cap) {
        char *in = realloc(w->in, len + 1);
        if (!in)
            return NULL;
        w->in = in;
        w->in_cap = len + 1;
    }
    w->in[len] = '\0';
    return w->in;
}

/* ------------------------------------------------------------ output */

/* Room for need more bytes of out (and a NUL); 0 when out of memory. */
static int reserve(char **buf, size_t *cap, size_t len, size_t need)
{
    if (len + need + 1 <= *cap)
        return 1;
    size_t want = *cap ? *cap : 4096;
    while (want < len + need + 1)
        want *= 2;
    char *more = realloc(*buf, want);
    if (!more)
        return 0;
    *buf = more;
    *cap = want;
    return 1;
}

static void emit(nw *w, const nonet_result *r)
{
    long need = nonet_result_json(r, NULL, 0);
    if (need < 0 || !reserve(&w->out, &w->cap, w->len, (size_t)need + 1)) {
        w->failed = 1;
        return;
    }
    nonet_result_json(r, w->out + w->len, (size_t)need + 1);
    w->len += (size_t)need;
    w->out[w->len++] = '\n';
    w->out[w->len] = '\0';
}

/* Starts an answer. */
static void begin(nw *w)
{
    w->len = 0;
    w->failed = 0;
    if (reserve(&w->out, &w->cap, 0, 0))
        w->out[0] = '\0';
    else
        w->failed = 1;
}

static const char *finish(nw *w)
{
    return w->failed ? NULL : w->out;
}

/* ------------------------------------------------------------ reading */

typedef void each_fn(nw *w, const nonet_puzzle *p, void *ctx);

/* Reads the input's puzzles (at most max; 0: all), calling fn for each. */
static void for_each(nw *w, size_t len, long max, each_fn *fn, void *ctx)
{
    if (!w->in || len >= w->in_cap)
        len = 0;
    nonet_reader_reset(w->reader);
    long seen = 0;
    const char *at = w->in;
    size_t left = len;
    int ended = 0;
    for (;;) {
        while ((max == 0 || seen < max) && nonet_reader_next(w->reader, &w->puzzle)) {
            seen++;
            fn(w, &w->puzzle, ctx);
        }
        if (ended || (max > 0 && seen >= max))
            break;
        if (left > 0) {
            size_t used = nonet_reader_feed(w->reader, at, left);
            at += used;
            left -= used;
        } else {
            nonet_reader_end(w->reader);
            ended = 1;
        }
    }
}

/* The answer of a command that handles each puzzle with fn (at most max
 * of them; 0: all): fn's records, one a line. */
static const char *answer(nw *w, size_t len, long max, each_fn *fn, void *ctx)
{
    if (!w)
        return NULL;
    begin(w);
    for_each(w, len, max, fn, ctx);
    return finish(w);
}

/* A puzzle that was not read: its record. */
static int unread(nw *w, const nonet_puzzle *p)
{
    if (p->error.code == NONET_OK)
        return 0;
    nonet_result r = {.puzzle = p, .status = NONET_V_ERROR, .message = p->error.message};
    emit(w, &r);
    return 1;
}

/* Clues that clash, or marks that leave out a clue: the record. */
static int conflicting(nw *w, const nonet_puzzle *p)
{
    nonet_check_result chk;
    char why[160] = "the pencil marks leave out a digit of the grid";
    if (nonet_check(&p->grid, &chk) == NONET_ECONFLICT)
        nonet_describe_conflict(&chk.conflict, p->grid.n, why, sizeof why);
    else if (!p->has_marks)
        return 0;
    nonet_result r = {.puzzle = p, .status = NONET_V_INVALID, .message = why};
    emit(w, &r);
    return 1;
}

static const nonet_marks *marks_of(const nonet_puzzle *p)
{
    return p->has_marks ? &p->marks : NULL;
}

static void read_one(nw *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    if (unread(w, p))
        return;
    nonet_result r = {.puzzle = p,
                      .status = NONET_V_OK,
                      .fields = p->has_marks ? NONET_FIELD_MARKS : 0u,
                      .marks = &p->marks};
    emit(w, &r);
}

NW_EXPORT(nw_read) const char *nw_read(nw *w, size_t len)
{
    return answer(w, len, 0, read_one, NULL);
}

/* ------------------------------------------------------------ counting */

typedef struct count_opts {
    uint64_t limit;
    int plain; /* the command's lines instead of records */
} count_opts;

/* A line of plain text into out. */
static void emit_line(nw *w, const char *text)
{
    size_t n = strlen(text);
    if (!reserve(&w->out, &w->cap, w->len, n + 1)) {
        w->failed = 1;
        return;
    }
    memcpy(w->out + w->len, text, n);
    w->len += n;
    w->out[w->len++] = '\n';
    w->out[w->len] = '\0';
}

static void count_one(nw *w, const nonet_puzzle *p, void *ctx)
{
    const count_opts *o = ctx;
    uint64_t count = 0;
    if (o->plain && p->error.code != NONET_OK) {
        emit_line(w, "error");
        return;
    }
    if (unread(w, p))
        return;
    int rc = nonet_solver_count_marks(w->solver, &p->grid, marks_of(p), o->limit, &count,
                                      o->plain ? NULL : &w->solution, NULL);
    if (rc != NONET_OK) {
        nonet_result r = {.puzzle = p, .status = NONET_V_ERROR, .message = nonet_strerror(rc)};
        if (o->plain)
            emit_line(w, "error");
        else
            emit(w, &r);
        return;
    }
    int reached = o->limit > 0 && count >= o->limit;
    if (o->plain) {
        nonet_check_result chk;
        char line[32];
        if (count == 0 && nonet_check(&p->grid, &chk) == NONET_ECONFLICT)
            snprintf(line, sizeof line, "0 invalid");
        else
            snprintf(line, sizeof line, "%llu%s", (unsigned long long)count, reached ? "+" : "");
        emit_line(w, line);
        return;
    }
    if (count == 0 && conflicting(w, p))
        return;
    nonet_result r = {.puzzle = p,
                      .status = count == 0               ? NONET_V_NO_SOLUTION
                                : count == 1 && !reached ? NONET_V_UNIQUE
                                                         : NONET_V_MULTIPLE,
                      .fields = NONET_FIELD_COUNT | NONET_FIELD_SOLUTION,
                      .count = count,
                      .limit_reached = reached,
                      .solution = count ? &w->solution : NULL};
    emit(w, &r);
}

static const char *count_all(nw *w, size_t len, uint32_t limit, int plain)
{
    count_opts o = {limit, plain};
    return answer(w, len, 0, count_one, &o);
}

NW_EXPORT(nw_count) const char *nw_count(nw *w, size_t len, uint32_t limit)
{
    return count_all(w, len, limit, 0);
}

NW_EXPORT(nw_count_lines) const char *nw_count_lines(nw *w, size_t len, uint32_t limit)
{
    return count_all(w, len, limit, 1);
}

/* ------------------------------------------------------------ the ladder */

static const char *needs(nonet_technique next)
{
    const char *name = nonet_technique_name(next);
    return name ? name : "more than nested forcing chains";
}

/* Starts the human solver on p, which must have one solution; else its
 * record (and 0). */
static int start_human(nw *w, const nonet_puzzle *p, const char *why_multiple)
{
    if (unread(w, p))
        return 0;
    if (nonet_human_start(w->human, &p->grid, marks_of(p)) != NONET_OK) {
        if (!conflicting(w, p)) {
            nonet_result r = {.puzzle = p, .status = NONET_V_ERROR, .message = "bad position"};
            emit(w, &r);
        }
        return 0;
    }
    uint64_t count = 0;
    if (nonet_solver_count_marks(w->solver, &p->grid, marks_of(p), 2, &count, NULL, NULL) !=
            NONET_OK ||
        count != 1) {
        nonet_result r = {.puzzle = p,
                          .status = count ? NONET_V_MULTIPLE : NONET_V_NO_SOLUTION,
                          .message = count          ? why_multiple
                                     : p->has_marks ? "the pencil marks exclude every solution"
                                                    : NULL};
        emit(w, &r);
        return 0;
    }
    return 1;
}

static void rate_one(nw *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    if (!start_human(w, p, "a rating needs a puzzle with one solution"))
        return;
    nonet_rating rt;
    if (nonet_human_rate(w->human, &p->grid, marks_of(p), &rt) != NONET_OK) {
        nonet_result r = {.puzzle = p, .status = NONET_V_ERROR, .message = "out of memory"};
        emit(w, &r);
        return;
    }
    nonet_result r = {.puzzle = p,
                      .status = rt.stuck ? NONET_V_STUCK : NONET_V_UNIQUE,
                      .fields = NONET_FIELD_RATING,
                      .rating = &rt,
                      .needs = rt.stuck ? needs(rt.beyond) : NULL};
    emit(w, &r);
}

NW_EXPORT(nw_rate) const char *nw_rate(nw *w, size_t len, int ceiling)
{
    if (!w)
        return NULL;
    nonet_human_set_ceiling(w->human, ceiling > 0 ? ceiling : 0);
    const char *out = answer(w, len, 0, rate_one, NULL);
    nonet_human_set_ceiling(w->human, 0);
    return out;
}

/* A step as JSON into a growing buffer (after a comma when not first). */
static int append_step(char **buf, size_t *len, size_t *cap, const nonet_step *st,
                       const nonet_puzzle *p, int comma)
{
    long need = nonet_step_json(st, p->grid.n, p->symbols, NULL, 0);
    if (need < 0 || !reserve(buf, cap, *len, (size_t)need + 2))
        return 0;
    if (comma)
        (*buf)[(*len)++] = ',';
    nonet_step_json(st, p->grid.n, p->symbols, *buf + *len, (size_t)need + 1);
    *len += (size_t)need;
    return 1;
}

static void stuck_message(nw *w, char *why, size_t cap)
{
    nonet_technique next;
    int limit = nonet_human_limit(w->human, &next);
    snprintf(why, cap, "no step of the ladder applies: the next one needs %s (%d.%d and up)",
             needs(next), limit / 10, limit % 10);
}

static void hint_one(nw *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    if (!start_human(w, p, "the steps need a puzzle with one solution"))
        return;
    int found = nonet_human_find(w->human);
    char *step = NULL;
    size_t len = 0, cap = 0;
    char why[160] = "";
    if (found > 0) {
        nonet_step st;
        nonet_human_step(w->human, 0, &st);
        if (!append_step(&step, &len, &cap, &st, p, 0)) {
            w->failed = 1;
            free(step);
            return;
        }
        nonet_human_apply(w->human, 0);
    } else if (found == 0 && !nonet_human_solved(w->human)) {
        stuck_message(w, why, sizeof why);
    }
    nonet_human_position(w->human, &w->grid, &w->marks);
    nonet_result r = {.puzzle = p,
                      .status = found < 0                                    ? NONET_V_ERROR
                                : found == 0 && nonet_human_solved(w->human) ? NONET_V_SOLVED
                                : found == 0                                 ? NONET_V_STUCK
                                                                             : NONET_V_UNIQUE,
                      .message = found < 0 ? "out of memory" : why,
                      .fields = NONET_FIELD_STEP | NONET_FIELD_RESULT | NONET_FIELD_MARKS,
                      .step_json = step,
                      .result = &w->grid,
                      .marks = &w->marks};
    emit(w, &r);
    free(step);
}

NW_EXPORT(nw_hint) const char *nw_hint(nw *w, size_t len)
{
    return answer(w, len, 1, hint_one, NULL);
}

/* ------------------------------------------------------------ explain */

static void explain_start(nw *w, const nonet_puzzle *p, void *ctx)
{
    (void)ctx;
    explain_run *ex = &w->ex;
    if (!start_human(w, p, "the steps need a puzzle with one solution"))
        return;
    memcpy(&ex->puzzle, p, sizeof *p);
    memset(&ex->path, 0, sizeof ex->path);
    ex->len = 0;
    if (!reserve(&ex->steps, &ex->cap, 0, 1)) {
        w->failed = 1;
        return;
    }
    ex->steps[ex->len++] = '[';
    ex->active = 1;
}

/* One round: the steps of the easiest technique that applies. 1 while
 * more is left, 0 when done, -1 when out of memory. */
static int explain_round(nw *w)
{
    explain_run *ex = &w->ex;
    int found = nonet_human_find(w->human);
    if (found <= 0)
        return found;
    for (int i = 0; i < found; i++) {
        nonet_step st;
        nonet_human_step(w->human, i, &st);
        size_t mark = ex->len;
        if (!append_step(&ex->steps, &ex->len, &ex->cap, &st, &ex->puzzle, ex->path.steps > 0))
            return -1;
        if (nonet_human_apply(w->human, i) < 1) {
            ex->len = mark; /* an earlier step of the round did it all */
            continue;
        }
        ex->path.steps++;
        ex->path.count[st.technique]++;
        if (st.difficulty > ex->path.difficulty) {
            ex->path.difficulty = st.difficulty;
            ex->path.hardest = st.technique;
        }
    }
    return 1;
}

static void explain_finish(nw *w)
{
    explain_run *ex = &w->ex;
    ex->active = 0;
    if (!reserve(&ex->steps, &ex->cap, ex->len, 1)) {
        w->failed = 1;
        return;
    }
    ex->steps[ex->len++] = ']';
    ex->steps[ex->len] = '\0';
    nonet_technique next = NONET_TECH_COUNT;
    ex->path.stuck = !nonet_human_solved(w->human);
    ex->path.at_least = nonet_human_limit(w->human, &next);
    ex->path.beyond = next;
    nonet_human_position(w->human, &w->grid, NULL);
    char why[160] = "";
    if (ex->path.stuck)
        stuck_message(w, why, sizeof why);
    nonet_result r = {.puzzle = &ex->puzzle,
                      .status = ex->path.stuck ? NONET_V_STUCK : NONET_V_UNIQUE,
                      .message = why,
                      .fields = NONET_FIELD_STEPS | NONET_FIELD_RATING | NONET_FIELD_SOLUTION,
                      .steps_json = ex->steps,
                      .rating = &ex->path,
                      .needs = ex->path.stuck ? needs(next) : NULL,
                      .solution = ex->path.stuck ? NULL : &w->grid};
    emit(w, &r);
}

NW_EXPORT(nw_explain) const char *nw_explain(nw *w, size_t len, int rounds)
{
    if (!w)
        return NULL;
    if (len > 0) {
        begin(w);
        w->ex.active = 0;
        for_each(w, len, 1, explain_start, NULL);
        if (!w->ex.active) /* nothing to explain: its record, or none */
            return finish(w);
    } else if (!w->ex.active) {
        return finish(w); /* the last answer again */
    }
    for (int r = 0; rounds <= 0 || r < rounds; r++) {
        int more = explain_round(w);
        if (more < 0) {
            w->ex.active = 0;
            w->failed = 1;
            return NULL;
        }
        if (more == 0) {
            begin(w);
            explain_finish(w);
            return finish(w);
        }
    }
    return NULL;
}

NW_EXPORT(nw_progress) int nw_progress(const nw *w)
{
    if (!w || w->failed)
        return -1;
    return w->ex.path.steps;
}

/* ------------------------------------------------------------ generating */

NW_EXPORT(nw_generate)
const char *nw_generate(nw *w, double seed, uint32_t index, int box_rows, int box_cols,
                        int symmetry, int min_rating, int max_rating)
{
    if (!w)
        return NULL;
    begin(w);
    nonet_puzzle *made = &w->puzzle;
    memset(made, 0, offsetof(nonet_puzzle, marks));
    made->index = (long)index + 1;
    made->blank = '.';
    made->layout = NONET_LAYOUT_LINE;
    nonet_generate_opts o = {0};
    o.box_rows = box_rows;
    o.box_cols = box_cols;
    o.symmetry = (nonet_symmetry)symmetry;
    o.min_rating = min_rating;
    o.max_rating = max_rating;
    char why[160];
    nonet_generator *g = NULL;
    int rc = nonet_generate_check(&o, why, sizeof why);
    if (rc == NONET_OK)
        rc = nonet_generator_new(&o, &g);
    uint64_t s = seed >= 0 && seed < 18446744073709551616.0 ? (uint64_t)seed : 0;
    nonet_generated info;
    if (rc == NONET_OK)
        rc = nonet_generate(g, s, index, &made->grid, &w->solution, &info);
    nonet_generator_free(g);
    if (rc != NONET_OK) {
        if (rc != NONET_EARG)
            snprintf(why, sizeof why, "%s", nonet_strerror(rc));
        nonet_result r = {.puzzle = made, .status = NONET_V_ERROR, .message = why};
        if (rc == NONET_EGIVEUP) /* the last grid dug: no puzzle */
            made->error.code = rc;
        emit(w, &r);
        return finish(w);
    }
    nonet_rating rt;
    int rated = nonet_human_rate(w->human, &made->grid, NULL, &rt) == NONET_OK;
    nonet_result r = {.puzzle = made,
                      .status = NONET_V_UNIQUE,
                      .fields = NONET_FIELD_SEED | NONET_FIELD_SYMMETRY | NONET_FIELD_CLUES |
                                NONET_FIELD_RATING | NONET_FIELD_SOLUTION,
                      .seed = s,
                      .symmetry = nonet_symmetry_name(info.symmetry),
                      .clues = info.clues,
                      .rating = rated ? &rt : NULL,
                      .needs = rated && rt.stuck ? needs(rt.beyond) : NULL,
                      .solution = &w->solution};
    emit(w, &r);
    return finish(w);
}

/* ------------------------------------------------------------ about */

NW_EXPORT(nw_about) const char *nw_about(nw *w)
{
    if (!w)
        return NULL;
    begin(w);
    char part[256];
    size_t need = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        int n_ = snprintf(part, sizeof part, __VA_ARGS__);                                         \
        if (n_ < 0 || !reserve(&w->out, &w->cap, w->len, (size_t)n_)) {                            \
            w->failed = 1;                                                                         \
            return NULL;                                                                           \
        }                                                                                          \
        memcpy(w->out + w->len, part, (size_t)n_ + 1);                                             \
        w->len += (size_t)n_;                                                                      \
        need += (size_t)n_;                                                                        \
    } while (0)
    PUT("{\"version\":\"%s\",\"levels\":[", NONET_VERSION);
    static const char *const levels[] = {"easy", "medium", "hard", "fiendish", "diabolical"};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        int lo = 0, hi = 0;
        nonet_level_bounds(levels[i], &lo, &hi);
        PUT("%s{\"name\":\"%s\",\"min\":%d,\"max\":%d}", i ? "," : "", levels[i], lo, hi);
    }
    PUT("],\"symmetries\":[");
    for (int s = 0; nonet_symmetry_name((nonet_symmetry)s); s++)
        PUT("%s\"%s\"", s ? "," : "", nonet_symmetry_name((nonet_symmetry)s));
    PUT("],\"techniques\":[");
    for (int t = 0; t < NONET_TECH_COUNT; t++)
        PUT("%s\"%s\"", t ? "," : "", nonet_technique_name((nonet_technique)t));
    PUT("]}\n");
#undef PUT
    (void)need;
    return finish(w);
}
