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
    nonet_needs_gen *needs; /* nw_needs's generator, kept for the next index */
    nonet_technique needs_technique;
    int needs_hardest;
    nonet_needs_position position;
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
    nonet_needs_free(w->needs);
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

/* A hint at level (nonet_step_hint_json) of a step found in p,
 * malloc'ed; NULL when out of memory. */
static char *hint_of(const nonet_step *st, int level, const nonet_puzzle *p)
{
    long need =
        nonet_step_hint_json(st, level, p->grid.box_rows, p->grid.box_cols, p->symbols, NULL, 0);
    char *text = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (text)
        nonet_step_hint_json(st, level, p->grid.box_rows, p->grid.box_cols, p->symbols, text,
                             (size_t)need + 1);
    return text;
}

/* ctx: the hint's level (an int: 0 for none, nw_hint's record). */
static void hint_one(nw *w, const nonet_puzzle *p, void *ctx)
{
    int level = ctx ? *(const int *)ctx : 0;
    if (!start_human(w, p, "the steps need a puzzle with one solution"))
        return;
    int found = nonet_human_find(w->human);
    char *step = NULL, *hint = NULL;
    size_t len = 0, cap = 0;
    char why[160] = "";
    if (found > 0) {
        nonet_step st;
        nonet_human_step(w->human, 0, &st);
        if (!append_step(&step, &len, &cap, &st, p, 0) ||
            (level && !(hint = hint_of(&st, level, p)))) {
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
                      .fields = NONET_FIELD_STEP | NONET_FIELD_RESULT | NONET_FIELD_MARKS |
                                (level ? NONET_FIELD_HINT : 0u),
                      .step_json = step,
                      .hint_json = hint,
                      .result = &w->grid,
                      .marks = &w->marks};
    emit(w, &r);
    free(step);
    free(hint);
}

NW_EXPORT(nw_hint) const char *nw_hint(nw *w, size_t len)
{
    return answer(w, len, 1, hint_one, NULL);
}

NW_EXPORT(nw_hint_level) const char *nw_hint_level(nw *w, size_t len, int level)
{
    if (!w)
        return NULL;
    if (level < NONET_HINT_WHERE || level > NONET_HINT_MOVE) {
        begin(w);
        emit_line(w, "{\"status\":\"error\",\"message\":\"a hint's level is 1, 2 or 3\"}");
        return finish(w);
    }
    return answer(w, len, 1, hint_one, &level);
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

/* ------------------------------------------------------------ practice */

/* Closes the record just emitted with more members (JSON text after a
 * comma): its "}\n" becomes ",MORE}\n". */
static void extend(nw *w, const char *more)
{
    size_t n = strlen(more);
    if (w->failed || w->len < 2 || w->out[w->len - 2] != '}' ||
        !reserve(&w->out, &w->cap, w->len, n + 1)) {
        w->failed = 1;
        return;
    }
    w->len -= 2;
    w->out[w->len++] = ',';
    memcpy(w->out + w->len, more, n);
    w->len += n;
    memcpy(w->out + w->len, "}\n", 3);
    w->len += 2;
}

NW_EXPORT(nw_needs)
const char *nw_needs(nw *w, size_t len, double seed, uint32_t index, int hardest)
{
    if (!w)
        return NULL;
    begin(w);
    nonet_puzzle *made = &w->puzzle;
    memset(made, 0, offsetof(nonet_puzzle, marks));
    made->index = (long)index + 1;
    made->blank = '.';
    made->layout = NONET_LAYOUT_LINE;
    nonet_grid_init(&made->grid, 3, 3);
    /* the technique's name: the input, its line ending and spaces around
     * it dropped */
    char name[64] = "", why[160];
    if (w->in && len < w->in_cap) {
        const char *at = w->in, *end = w->in + len;
        while (at < end && (*at == ' ' || *at == '\t'))
            at++;
        while (end > at &&
               (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t'))
            end--;
        if ((size_t)(end - at) < sizeof name) {
            memcpy(name, at, (size_t)(end - at));
            name[end - at] = '\0';
        }
    }
    nonet_technique t;
    int rc = NONET_OK;
    if (nonet_technique_from_name(name, &t) != NONET_OK) {
        snprintf(why, sizeof why, "unknown technique '%.60s'", name);
        rc = NONET_EARG;
    }
    if (rc == NONET_OK && (!w->needs || w->needs_technique != t || w->needs_hardest != !!hardest)) {
        nonet_needs_free(w->needs);
        w->needs = NULL;
        nonet_needs_opts o = {0};
        o.technique = t;
        o.hardest = !!hardest;
        rc = nonet_needs_check(&o, why, sizeof why);
        if (rc == NONET_OK)
            rc = nonet_needs_new(&o, &w->needs);
        w->needs_technique = t;
        w->needs_hardest = !!hardest;
    }
    uint64_t s = seed >= 0 && seed < 18446744073709551616.0 ? (uint64_t)seed : 0;
    nonet_needs_info info;
    memset(&info, 0, sizeof info);
    if (rc == NONET_OK)
        rc = nonet_needs_generate(w->needs, s, index, &made->grid, &w->solution, &w->position,
                                  &info);
    if (rc != NONET_OK) {
        if (rc != NONET_EARG)
            snprintf(why, sizeof why, "no puzzle that needs %s%s: %s", name,
                     hardest ? " as its hardest step" : "",
                     rc == NONET_EGIVEUP ? "none found for this seed (try another)"
                                         : nonet_strerror(rc));
        nonet_result r = {.puzzle = made, .status = NONET_V_ERROR, .message = why};
        emit(w, &r);
        return finish(w);
    }
    nonet_rating rt;
    nonet_human_set_ceiling(w->human, 0);
    int rated = nonet_human_rate(w->human, &made->grid, NULL, &rt) == NONET_OK;
    nonet_result r = {.puzzle = made,
                      .status = NONET_V_UNIQUE,
                      .fields = NONET_FIELD_SEED | NONET_FIELD_SYMMETRY | NONET_FIELD_CLUES |
                                NONET_FIELD_RATING | NONET_FIELD_SOLUTION | NONET_FIELD_RESULT |
                                NONET_FIELD_MARKS,
                      .seed = s,
                      .symmetry = nonet_symmetry_name(NONET_SYM_NONE),
                      .clues = info.clues,
                      .rating = rated ? &rt : NULL,
                      .needs = rated && rt.stuck ? needs(rt.beyond) : NULL,
                      .solution = &w->solution,
                      .result = &w->position.grid,
                      .marks = &w->position.marks};
    emit(w, &r);
    char more[160];
    snprintf(more, sizeof more, "\"technique\":\"%s\",\"as_hardest\":%s,\"rounds\":%d",
             nonet_technique_name(t), hardest ? "true" : "false", w->position.rounds);
    extend(w, more);
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
    PUT("],\"bases\":[");
    for (int t = 0; t < NONET_TECH_COUNT; t++)
        PUT("%s%d", t ? "," : "", nonet_technique_base((nonet_technique)t));
    PUT("]}\n");
#undef PUT
    (void)need;
    return finish(w);
}

/* ------------------------------------------------------------ drawing */

/* A JSON reader over a span of the input: what a drawing's request and
 * a step object need (objects, arrays, strings, integers, one-decimal
 * numbers, true, false, null). Any error sets bad and ends the span. */
typedef struct jr {
    const char *s, *end;
    int bad;
} jr;

static void jr_fail(jr *j)
{
    j->bad = 1;
    j->s = j->end;
}

static int jr_peek(jr *j)
{
    while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r'))
        j->s++;
    return j->s < j->end ? (unsigned char)*j->s : -1;
}

static int jr_eat(jr *j, char c)
{
    if (jr_peek(j) != (unsigned char)c)
        return 0;
    j->s++;
    return 1;
}

/* A string into out (cap bytes; NULL: skipped). 0 on error (too long
 * for out included). \u escapes are read as '?': no name here has one. */
static int jr_string(jr *j, char *out, size_t cap)
{
    if (!jr_eat(j, '"')) {
        jr_fail(j);
        return 0;
    }
    size_t o = 0;
    while (j->s < j->end && *j->s != '"') {
        char c = *j->s++;
        if (c == '\\') {
            if (j->s >= j->end)
                break;
            c = *j->s++;
            switch (c) {
            case 'n':
                c = '\n';
                break;
            case 't':
                c = '\t';
                break;
            case 'r':
            case 'b':
            case 'f':
                c = ' ';
                break;
            case 'u':
                if (j->end - j->s < 4) {
                    jr_fail(j);
                    return 0;
                }
                j->s += 4;
                c = '?';
                break;
            case '"':
            case '\\':
            case '/':
                break;
            default:
                jr_fail(j);
                return 0;
            }
        }
        if (out) {
            if (o + 1 >= cap) {
                jr_fail(j);
                return 0;
            }
            out[o++] = c;
        }
    }
    if (j->s >= j->end) {
        jr_fail(j);
        return 0;
    }
    j->s++;
    if (out)
        out[o] = '\0';
    return 1;
}

/* A number as tenths (2.3: 23; 7: 70), digits after the first decimal
 * dropped; integers: *whole 1. 0 on error. */
static int jr_tenths(jr *j, long *tenths, int *whole)
{
    jr_peek(j);
    int neg = j->s < j->end && *j->s == '-';
    if (neg)
        j->s++;
    long v = 0;
    int digits = 0;
    while (j->s < j->end && *j->s >= '0' && *j->s <= '9' && v < 100000000L) {
        v = v * 10 + (*j->s++ - '0');
        digits++;
    }
    v *= 10;
    *whole = 1;
    if (j->s < j->end && *j->s == '.') {
        j->s++;
        *whole = 0;
        if (j->s < j->end && *j->s >= '0' && *j->s <= '9')
            v += *j->s - '0';
        while (j->s < j->end && *j->s >= '0' && *j->s <= '9')
            j->s++;
    }
    if (!digits ||
        (j->s < j->end && (*j->s == 'e' || *j->s == 'E' || (*j->s >= '0' && *j->s <= '9')))) {
        jr_fail(j);
        return 0;
    }
    *tenths = neg ? -v : v;
    return 1;
}

static int jr_int(jr *j, long *v)
{
    long tenths;
    int whole;
    if (!jr_tenths(j, &tenths, &whole) || !whole) {
        jr_fail(j);
        return 0;
    }
    *v = tenths / 10;
    return 1;
}

/* true, false or null (-1). */
static int jr_literal(jr *j)
{
    static const char *const words[3] = {"false", "true", "null"};
    jr_peek(j);
    for (int i = 0; i < 3; i++) {
        size_t len = strlen(words[i]);
        if ((size_t)(j->end - j->s) >= len && strncmp(j->s, words[i], len) == 0) {
            j->s += len;
            return i == 2 ? -1 : i;
        }
    }
    jr_fail(j);
    return 0;
}

/* The next member of an object or item of an array (after its '{' or
 * '['): 1 while there is one (key read into key, for objects), 0 at its
 * end or on error. */
static int jr_next(jr *j, int *first, char close, char *key, size_t cap)
{
    if (j->bad || jr_eat(j, close))
        return 0;
    if (!*first && !jr_eat(j, ',')) {
        jr_fail(j);
        return 0;
    }
    *first = 0;
    if (key && (!jr_string(j, key, cap) || !jr_eat(j, ':'))) {
        jr_fail(j);
        return 0;
    }
    return 1;
}

static void jr_skip(jr *j, int depth)
{
    int c = jr_peek(j);
    if (depth > 64) {
        jr_fail(j);
    } else if (c == '"') {
        jr_string(j, NULL, 0);
    } else if (c == '{' || c == '[') {
        j->s++;
        int first = 1;
        while (jr_next(j, &first, c == '{' ? '}' : ']', NULL, 0)) {
            if (c == '{' && (!jr_string(j, NULL, 0) || !jr_eat(j, ':'))) {
                jr_fail(j);
                return;
            }
            jr_skip(j, depth + 1);
        }
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        long t;
        int whole;
        jr_tenths(j, &t, &whole);
    } else {
        jr_literal(j);
    }
}

/* A string without escapes, as a span of the input: a line of a grid. */
static int jr_span(jr *j, const char **at, size_t *len)
{
    if (!jr_eat(j, '"')) {
        jr_fail(j);
        return 0;
    }
    const char *start = j->s;
    while (j->s < j->end && *j->s != '"' && *j->s != '\\')
        j->s++;
    if (j->s >= j->end || *j->s != '"') {
        jr_fail(j);
        return 0;
    }
    *at = start;
    *len = (size_t)(j->s - start);
    j->s++;
    return 1;
}

/* A step read back from its JSON (nonet_step_json's object), with the
 * arrays it points into. */
typedef struct step_in {
    nonet_step st;
    int n;
    nonet_cell_digits *list[3]; /* pattern, placements, eliminations */
    int count[3], cap[3];
    nonet_chain_node *nodes;
    int nnodes, cap_nodes;
    int *parents;
    int nparents, cap_parents;
} step_in;

/* Room for one more item in arr (count of cap); sets ok to 0 when out
 * of memory or past a bound no step comes near. */
#define GROW(arr, count, cap, ok)                                                                  \
    do {                                                                                           \
        if ((count) >= (cap)) {                                                                    \
            int want_ = (cap) ? (cap)*2 : 32;                                                      \
            void *more_ =                                                                          \
                want_ <= (1 << 20) ? realloc((arr), (size_t)want_ * sizeof *(arr)) : NULL;         \
            if (more_) {                                                                           \
                (arr) = more_;                                                                     \
                (cap) = want_;                                                                     \
            } else {                                                                               \
                (ok) = 0;                                                                          \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static void step_in_free(step_in *in)
{
    for (int l = 0; l < 3; l++)
        free(in->list[l]);
    free(in->nodes);
    free(in->parents);
}

/* "r3c5" as a cell of side n, or -1. */
static int cell_of(const char *name, int n)
{
    if (name[0] != 'r')
        return -1;
    int r = 0, c = 0;
    const char *s = name + 1;
    while (*s >= '0' && *s <= '9' && r <= n)
        r = r * 10 + (*s++ - '0');
    if (*s++ != 'c')
        return -1;
    while (*s >= '0' && *s <= '9' && c <= n)
        c = c * 10 + (*s++ - '0');
    return *s || r < 1 || r > n || c < 1 || c > n ? -1 : (r - 1) * n + c - 1;
}

/* "row 3", "column 3", "box 3" as a unit of side n (rows 0..n-1, columns
 * n..2n-1, boxes 2n..3n-1), or -1. */
static int unit_of(const char *name, int n)
{
    static const char *const kinds[3] = {"row ", "column ", "box "};
    for (int k = 0; k < 3; k++) {
        size_t len = strlen(kinds[k]);
        if (strncmp(name, kinds[k], len) != 0)
            continue;
        int i = 0;
        const char *s = name + len;
        while (*s >= '0' && *s <= '9' && i <= n)
            i = i * 10 + (*s++ - '0');
        return *s || i < 1 || i > n ? -1 : k * n + i - 1;
    }
    return -1;
}

/* The index of name in names[0 .. count), or -1. */
static int name_index(const char *name, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

/* A list of digits ([1, 5]) as a set for side n; 0 on error. */
static int read_digits(jr *j, int n, uint64_t *set)
{
    *set = 0;
    if (!jr_eat(j, '[')) {
        jr_fail(j);
        return 0;
    }
    int first = 1;
    while (jr_next(j, &first, ']', NULL, 0)) {
        long d;
        if (!jr_int(j, &d) || d < 1 || d > n) {
            jr_fail(j);
            return 0;
        }
        *set |= (uint64_t)1 << (d - 1);
    }
    return !j->bad;
}

/* The JSON names of enum nonet_role (nonet_step_json's). */
static const char *const role_names[] = {"",        "defining", "base",   "pivot",  "pincer",
                                         "support", "chain",    "target", "placed", "eliminated"};

/* The items of the pattern (l 0), placements (1) or eliminations (2). */
static const char *read_cells(jr *j, step_in *in, int l)
{
    static const nonet_role roles[3] = {NONET_ROLE_NONE, NONET_ROLE_PLACED, NONET_ROLE_ELIMINATED};
    if (!jr_eat(j, '['))
        return "a list of cells is not an array";
    int first = 1;
    while (jr_next(j, &first, ']', NULL, 0)) {
        int ok = 1;
        GROW(in->list[l], in->count[l], in->cap[l], ok);
        if (!ok)
            return "out of memory";
        nonet_cell_digits *it = &in->list[l][in->count[l]];
        *it = (nonet_cell_digits){-1, 0, roles[l]};
        if (!jr_eat(j, '{'))
            return "a cell's item is not an object";
        int inner = 1;
        char key[16], text[32];
        while (jr_next(j, &inner, '}', key, sizeof key)) {
            long d;
            if (strcmp(key, "cell") == 0) {
                if (jr_string(j, text, sizeof text))
                    it->cell = cell_of(text, in->n);
            } else if (strcmp(key, "digit") == 0) {
                if (jr_int(j, &d) && d >= 1 && d <= in->n)
                    it->digits = (uint64_t)1 << (d - 1);
            } else if (strcmp(key, "digits") == 0) {
                read_digits(j, in->n, &it->digits);
            } else if (strcmp(key, "role") == 0 && l == 0) {
                int r = jr_string(j, text, sizeof text) ? name_index(text, role_names, 10) : -1;
                if (r < 0)
                    return "a pattern's role is not one of nonet_step_json's";
                it->role = (nonet_role)r;
            } else {
                jr_skip(j, 0);
            }
        }
        if (j->bad || it->cell < 0 || (l == 1 && !it->digits))
            return "a cell's item has no cell of the grid or a digit out of range";
        in->count[l]++;
    }
    return j->bad ? "a list of cells is not JSON" : NULL;
}

/* One node of a branch that starts at node from. */
static const char *read_node(jr *j, step_in *in, int branch, int from)
{
    int ok = 1;
    GROW(in->nodes, in->nnodes, in->cap_nodes, ok);
    if (!ok)
        return "out of memory";
    nonet_chain_node *a = &in->nodes[in->nnodes];
    *a = (nonet_chain_node){.cell = -1, .branch = branch, .unit = -1, .parents = in->nparents};
    if (!jr_eat(j, '{'))
        return "a chain node is not an object";
    char key[16], text[32], link[16] = "", by[16] = "";
    int first = 1;
    while (jr_next(j, &first, '}', key, sizeof key)) {
        long v;
        if (strcmp(key, "cell") == 0) {
            if (jr_string(j, text, sizeof text))
                a->cell = cell_of(text, in->n);
        } else if (strcmp(key, "digit") == 0) {
            if (jr_int(j, &v) && v >= 1 && v <= in->n)
                a->digit = (int)v;
        } else if (strcmp(key, "on") == 0) {
            a->on = jr_literal(j) == 1;
        } else if (strcmp(key, "link") == 0) {
            jr_string(j, link, sizeof link);
        } else if (strcmp(key, "by") == 0) {
            jr_string(j, by, sizeof by);
        } else if (strcmp(key, "house") == 0) {
            if (jr_string(j, text, sizeof text) && (a->unit = unit_of(text, in->n)) < 0)
                return "a chain node's house is not a house of the grid";
        } else if (strcmp(key, "parents") == 0) {
            if (!jr_eat(j, '['))
                return "a chain node's parents are not an array";
            int inner = 1;
            while (jr_next(j, &inner, ']', NULL, 0)) {
                /* indices in the branch, each an earlier node */
                if (!jr_int(j, &v) || v < 0 || from + v >= in->nnodes)
                    return "a chain node's parent is not an earlier node of its branch";
                GROW(in->parents, in->nparents, in->cap_parents, ok);
                if (!ok)
                    return "out of memory";
                in->parents[in->nparents++] = from + (int)v;
                a->nparents++;
            }
        } else {
            jr_skip(j, 0);
        }
    }
    if (j->bad || a->cell < 0 || a->digit < 1)
        return "a chain node has no cell of the grid or a digit out of range";
    /* the link's kind: nonet_step_json's "link" and, for "implied", "by" */
    if (!link[0])
        a->link = NONET_LINK_NONE;
    else if (strcmp(link, "strong") == 0)
        a->link = NONET_LINK_STRONG;
    else if (strcmp(link, "weak") == 0)
        a->link = NONET_LINK_WEAK;
    else if (strcmp(link, "implied") == 0)
        a->link = strcmp(by, "rule") == 0    ? NONET_LINK_RULE
                  : strcmp(by, "chain") == 0 ? NONET_LINK_NESTED
                                             : NONET_LINK_IMPLIED;
    else
        return "a chain node's link is not strong, weak or implied";
    in->nnodes++;
    return NULL;
}

static const char *read_chain(jr *j, step_in *in)
{
    static const char *const kinds[] = {"",       "cycle", "forcing", "contradiction",
                                        "double", "cell",  "unit"};
    if (!jr_eat(j, '{'))
        return "a chain is not an object";
    char key[16], text[32];
    int first = 1;
    while (jr_next(j, &first, '}', key, sizeof key)) {
        long v;
        if (strcmp(key, "kind") == 0) {
            int k = jr_string(j, text, sizeof text) ? name_index(text, kinds, 7) : -1;
            if (k <= 0)
                return "a chain's kind is not one of nonet_step_json's";
            in->st.chain_kind = (nonet_chain_kind)k;
        } else if (strcmp(key, "complexity") == 0) {
            if (jr_int(j, &v) && v >= 0 && v < 1000000)
                in->st.complexity = (int)v;
        } else if (strcmp(key, "branches") == 0) {
            if (!jr_eat(j, '['))
                return "a chain's branches are not an array";
            int b = 0, outer = 1;
            while (jr_next(j, &outer, ']', NULL, 0)) {
                if (!jr_eat(j, '['))
                    return "a branch is not an array";
                int from = in->nnodes, inner = 1;
                while (jr_next(j, &inner, ']', NULL, 0)) {
                    const char *why = read_node(j, in, b, from);
                    if (why)
                        return why;
                }
                b++;
            }
        } else {
            jr_skip(j, 0);
        }
    }
    return j->bad ? "a chain is not JSON" : NULL;
}

/* A step object (nonet_step_json's) for side n into in; NULL, or why not. */
static const char *read_step(jr *j, step_in *in)
{
    if (!jr_eat(j, '{'))
        return "the step is not an object";
    char key[16], text[64];
    int first = 1;
    while (jr_next(j, &first, '}', key, sizeof key)) {
        const char *why = NULL;
        long tenths;
        int whole;
        if (strcmp(key, "technique") == 0) {
            int t = -1;
            if (jr_string(j, text, sizeof text))
                for (int k = 0; k < NONET_TECH_COUNT && t < 0; k++)
                    if (strcmp(text, nonet_technique_name((nonet_technique)k)) == 0)
                        t = k;
            if (t < 0)
                return "the step's technique is not one of nonet's";
            in->st.technique = (nonet_technique)t;
        } else if (strcmp(key, "difficulty") == 0) {
            if (jr_tenths(j, &tenths, &whole) && tenths >= 0 && tenths < 10000)
                in->st.difficulty = (int)tenths;
        } else if (strcmp(key, "units") == 0) {
            if (!jr_eat(j, '['))
                return "the step's units are not an array";
            int inner = 1;
            while (jr_next(j, &inner, ']', NULL, 0)) {
                int u = jr_string(j, text, sizeof text) ? unit_of(text, in->n) : -1;
                if (u < 0 || in->st.nunits >= 4)
                    return "the step's units are not houses of the grid";
                in->st.units[in->st.nunits++] = u;
            }
        } else if (strcmp(key, "pattern") == 0) {
            why = read_cells(j, in, 0);
        } else if (strcmp(key, "placements") == 0) {
            why = read_cells(j, in, 1);
        } else if (strcmp(key, "eliminations") == 0) {
            why = read_cells(j, in, 2);
        } else if (strcmp(key, "chain") == 0) {
            why = read_chain(j, in);
        } else {
            jr_skip(j, 0); /* "houses" and "text" follow from the rest */
        }
        if (why)
            return why;
    }
    if (j->bad)
        return "the step is not JSON";
    in->st.pattern = in->list[0];
    in->st.npattern = in->count[0];
    in->st.placements = in->list[1];
    in->st.nplacements = in->count[1];
    in->st.eliminations = in->list[2];
    in->st.neliminations = in->count[2];
    in->st.chain = in->nodes;
    in->st.nchain = in->nnodes;
    in->st.chain_parents = in->parents;
    in->st.nchain_parents = in->nparents;
    return NULL;
}

/* A grid line (one symbol a cell: 1-9 then A-Z, '.' or '0' blank) into
 * g's cells; 0 when it is not one. */
static int read_line(const char *at, size_t len, nonet_grid *g)
{
    int n = g->n;
    if (len != (size_t)n * (size_t)n)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = at[i];
        int d = c >= '1' && c <= '9'   ? c - '0'
                : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                : c >= 'a' && c <= 'z' ? c - 'a' + 10
                : c == '.' || c == '0' ? 0
                                       : -1;
        if (d < 0 || d > n)
            return 0;
        g->cells[i] = (uint8_t)d;
    }
    return 1;
}

/* The drawing's answer when the request cannot be drawn: a record. */
static const char *svg_refused(nw *w, const char *why)
{
    begin(w);
    char line[256];
    snprintf(line, sizeof line, "{\"status\":\"error\",\"message\":\"cannot draw: %s\"}", why);
    emit_line(w, line);
    return finish(w);
}

NW_EXPORT(nw_svg) const char *nw_svg(nw *w, size_t len)
{
    if (!w)
        return NULL;
    if (!w->in || len >= w->in_cap)
        len = 0;
    jr j = {w->in, w->in + len, 0};
    const char *cells = NULL, *marks = NULL, *givens = NULL, *step_at = NULL, *step_end = NULL;
    size_t ncells = 0, nmarks = 0, ngivens = 0;
    char key[16], size[16] = "", id[40] = "";
    long level = NONET_HINT_MOVE;
    int first = 1;
    if (!jr_eat(&j, '{'))
        return svg_refused(w, "the request is not a JSON object");
    while (jr_next(&j, &first, '}', key, sizeof key)) {
        if (strcmp(key, "level") == 0) {
            if (!jr_int(&j, &level) || level < NONET_HINT_WHERE || level > NONET_HINT_MOVE)
                return svg_refused(w, "the level is not 1, 2 or 3");
        } else if (strcmp(key, "size") == 0) {
            jr_string(&j, size, sizeof size);
        } else if (strcmp(key, "cells") == 0) {
            jr_span(&j, &cells, &ncells);
        } else if (strcmp(key, "marks") == 0) {
            jr_span(&j, &marks, &nmarks);
        } else if (strcmp(key, "givens") == 0) {
            jr_span(&j, &givens, &ngivens);
        } else if (strcmp(key, "id") == 0) {
            jr_string(&j, id, sizeof id);
        } else if (strcmp(key, "step") == 0) {
            step_at = j.s;
            jr_skip(&j, 0);
            step_end = j.s;
        } else {
            jr_skip(&j, 0);
        }
    }
    if (j.bad || jr_peek(&j) >= 0)
        return svg_refused(w, "the request is not a JSON object");
    /* the position: "RxC", its digits, its marks (n symbols a cell, '.'
     * where a digit is no candidate) */
    int br = 0, bc = 0;
    const char *x = strchr(size, 'x');
    if (x) {
        br = atoi(size);
        bc = atoi(x + 1);
    }
    if (br < 1 || bc < 1 || br * bc > 35 || nonet_grid_init(&w->grid, br, bc) != NONET_OK ||
        !cells || !read_line(cells, ncells, &w->grid))
        return svg_refused(w, "the position is not a grid (size RxC, cells a line)");
    int n = w->grid.n;
    nonet_grid *clues = NULL;
    if (givens) {
        nonet_grid_init(&w->solution, br, bc);
        if (!read_line(givens, ngivens, &w->solution))
            return svg_refused(w, "the givens are not a line of the grid");
        clues = &w->solution;
    }
    if (marks) {
        if (nmarks != (size_t)n * (size_t)n * (size_t)n)
            return svg_refused(w, "the marks are not a pencil-mark line of the grid");
        for (int c = 0; c < n * n; c++) {
            w->marks.cands[c] = 0;
            for (int k = 0; k < n; k++)
                if (marks[(size_t)c * (size_t)n + (size_t)k] != '.')
                    w->marks.cands[c] |= (uint64_t)1 << k;
        }
    }
    step_in in;
    memset(&in, 0, sizeof in);
    in.n = n;
    const char *why = NULL;
    if (step_at) {
        jr sj = {step_at, step_end, 0};
        if (jr_peek(&sj) == 'n')
            step_at = NULL; /* "step": null */
        else
            why = read_step(&sj, &in);
    }
    if (why) {
        step_in_free(&in);
        return svg_refused(w, why);
    }
    nonet_svg_opts o = {clues, NULL, id[0] ? id : NULL};
    const nonet_step *st = step_at ? &in.st : NULL;
    const nonet_marks *m = marks ? &w->marks : NULL;
    /* a step at a hint's level 1 or 2: nothing it concludes is drawn */
    int lv = st ? (int)level : NONET_HINT_MOVE;
    long need = lv < NONET_HINT_MOVE ? nonet_step_hint_svg(&w->grid, m, st, lv, &o, NULL, 0)
                                     : nonet_step_svg(&w->grid, m, st, &o, NULL, 0);
    if (need < 0) {
        step_in_free(&in);
        return need == NONET_EARG ? svg_refused(w, "a cell, digit or id out of range") : NULL;
    }
    begin(w);
    if (reserve(&w->out, &w->cap, 0, (size_t)need)) {
        if (lv < NONET_HINT_MOVE)
            nonet_step_hint_svg(&w->grid, m, st, lv, &o, w->out, (size_t)need + 1);
        else
            nonet_step_svg(&w->grid, m, st, &o, w->out, (size_t)need + 1);
        w->len = (size_t)need;
    } else {
        w->failed = 1;
    }
    step_in_free(&in);
    return finish(w);
}
