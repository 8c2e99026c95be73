/* human.c - the ladder of techniques: rate and trajectories on batches,
 * explain and hint on one puzzle. */
#include "binding.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each thread's human solver (under the ceiling) and counting solver. */
typedef struct human_scratch {
    nonet_human *h;
    nonet_solver *s;
} human_scratch;

static void free_human(void *p)
{
    human_scratch *hs = p;
    if (hs) {
        nonet_human_free(hs->h);
        nonet_solver_free(hs->s);
        free(hs);
    }
}

/* ceiling: tenths, 0 for none */
static human_scratch *human_new(int ceiling)
{
    human_scratch *hs = calloc(1, sizeof *hs);
    if (hs && (hs->h = nonet_human_new()) && (hs->s = nonet_solver_new(NONET_ENGINE_AUTO)) &&
        nonet_human_set_ceiling(hs->h, ceiling) == NONET_OK)
        return hs;
    free_human(hs);
    return NULL;
}

/* A ceiling argument: None or a rating (6.5) into tenths. */
static int ceiling_arg(PyObject *o, int *tenths)
{
    *tenths = 0;
    if (o == Py_None)
        return 0;
    return nb_rating_arg(o, "ceiling",
                         "a rating from 1.0 to 20.0, e.g. 9.0 (None: every technique)", tenths);
}

/* A status of the ladder's calls as a verdict (TIMEOUT: its time ran
 * out; canceled: the call raises, whatever this says). */
static nonet_verdict ladder_verdict(int rc)
{
    return rc == NONET_ECONFLICT                           ? NONET_V_INVALID
           : rc == NONET_ENOSOLUTION                       ? NONET_V_NO_SOLUTION
           : rc == NONET_ENOTUNIQUE                        ? NONET_V_MULTIPLE
           : rc == NONET_ETIMEOUT || rc == NONET_ECANCELED ? NONET_V_TIMEOUT
                                                           : NONET_V_ERROR;
}

/* What each puzzle's work left for its message, written with the GIL. */
typedef struct ladder_out {
    int8_t *status;
    int8_t *beyond;       /* stuck: the technique the ladder lacked */
    int16_t *limit;       /* stuck: the least rating of the next step, tenths */
    const int32_t *steps; /* timeout: the steps (or placements) so far */
    const char *unit;     /* what steps counts, one and many: "step taken",
                             "steps taken" */
    const char *units;
    double timeout; /* seconds a puzzle may take (0: none) */
} ladder_out;

static const char *needs(int beyond)
{
    const char *name = nonet_technique_name((nonet_technique)beyond);
    return name ? name : "more than nested forcing chains";
}

/* The messages of the verdicts: conflicts, more than one solution, stuck. */
static int ladder_messages(nb_batch *b, const ladder_out *o)
{
    for (Py_ssize_t i = 0; i < b->count; i++) {
        char why[240] = "";
        if (b->status[i] != NONET_V_OK)
            continue; /* read errors keep theirs */
        if (o->status[i] == NONET_V_INVALID) {
            nonet_grid g;
            nonet_check_result chk;
            nb_batch_grid(b, i, &g);
            if (nonet_check(&g, &chk) == NONET_ECONFLICT)
                nonet_describe_conflict(&chk.conflict, b->n, why, sizeof why);
        } else if (o->status[i] == NONET_V_MULTIPLE) {
            snprintf(why, sizeof why, "the ladder needs a puzzle with one solution");
        } else if (o->status[i] == NONET_V_STUCK) {
            snprintf(why, sizeof why,
                     "no step of the ladder applies: the next one needs %s (%d.%d and up)",
                     needs(o->beyond[i]), o->limit[i] / 10, o->limit[i] % 10);
        } else if (o->status[i] == NONET_V_ERROR) {
            snprintf(why, sizeof why, "out of memory");
        } else if (o->status[i] == NONET_V_TIMEOUT) {
            char done[80];
            snprintf(done, sizeof done, "%ld %s", (long)o->steps[i],
                     o->steps[i] == 1 ? o->unit : o->units);
            nb_timeout_message(why, sizeof why, o->timeout, done);
        }
        if (nb_set_message(b, i, why) < 0)
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- rate */

typedef struct rate_job {
    const nb_batch *b;
    int ceiling;
    ladder_out o;
    double *rating, *at_least;
    int8_t *hardest, *level; /* level: nonet.LEVELS' index, -1 unless rated */
    int32_t *steps;
} rate_job;

static void *make_rate(void *ctx)
{
    return human_new(((rate_job *)ctx)->ceiling);
}

static void rate_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    rate_job *j = ctx;
    human_scratch *hs = scratch;
    j->rating[i] = j->at_least[i] = NAN;
    j->hardest[i] = j->level[i] = -1;
    j->steps[i] = 0;
    if (j->b->status[i] != NONET_V_OK) {
        j->o.status[i] = j->b->status[i];
        return;
    }
    nonet_grid g;
    nonet_rating r;
    nb_batch_grid(j->b, i, &g);
    nonet_human_set_stop(hs->h, stop);
    int rc = nonet_human_rate(hs->h, &g, NULL, &r);
    if (rc != NONET_OK && rc != NONET_ETIMEOUT && rc != NONET_ECANCELED) {
        j->o.status[i] = (int8_t)ladder_verdict(rc);
        return;
    }
    j->steps[i] = r.steps;
    if (r.steps)
        j->hardest[i] = (int8_t)r.hardest;
    if (rc != NONET_OK) { /* out of time: the rating is at least the steps' so far */
        j->o.status[i] = NONET_V_TIMEOUT;
        if (r.steps)
            j->at_least[i] = r.difficulty / 10.0;
    } else if (r.stuck) {
        j->o.status[i] = NONET_V_STUCK;
        j->o.beyond[i] = (int8_t)r.beyond;
        j->o.limit[i] = (int16_t)r.at_least;
        j->at_least[i] = r.at_least / 10.0;
    } else {
        j->o.status[i] = NONET_V_UNIQUE;
        j->rating[i] = j->at_least[i] = r.difficulty / 10.0;
        j->level[i] = (int8_t)nb_level_index(r.difficulty);
    }
}

static const char *const rate_kw[] = {"puzzles", "size",    "column", "ceiling",
                                      "threads", "timeout", NULL};

/* rate's and trajectories' arguments past the batch; 0 or -1 */
static int ladder_args(PyObject *ceiling, PyObject *threads_o, PyObject *timeout_o, int *tenths,
                       int *threads, double *timeout)
{
    *threads = 0;
    return ceiling_arg(ceiling, tenths) < 0 ||
                   (threads_o && nb_threads_arg(threads_o, threads) < 0) ||
                   nb_timeout_arg(timeout_o, timeout) < 0
               ? -1
               : 0;
}

PyObject *nb_rate(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None, *ceiling = Py_None, *threads_o = NULL,
                   *timeout_o = Py_None;
    int threads;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOO:rate", (char **)rate_kw, &src, &size,
                                     &column, &ceiling, &threads_o, &timeout_o))
        return NULL;
    nb_batch b;
    rate_job j = {0};
    ArrayObject *rating = NULL, *at_least = NULL, *hardest = NULL, *steps = NULL, *st = NULL,
                *level = NULL;
    PyObject *result = NULL;
    if (ladder_args(ceiling, threads_o, timeout_o, &j.ceiling, &threads, &j.o.timeout) < 0) {
        memset(&b, 0, sizeof b);
        goto done;
    }
    if (nb_batch_from(&b, src, size, column) < 0 || !(rating = nb_vector_new('d', b.count)) ||
        !(at_least = nb_vector_new('d', b.count)) || !(hardest = nb_vector_new('b', b.count)) ||
        !(steps = nb_vector_new('i', b.count)) || !(st = nb_vector_new('b', b.count)) ||
        !(level = nb_vector_new('b', b.count)))
        goto done;
    j.b = &b;
    j.o.status = (int8_t *)st->data;
    j.o.beyond = malloc((size_t)b.count + 1);
    j.o.limit = malloc(((size_t)b.count + 1) * sizeof *j.o.limit);
    j.rating = (double *)rating->data;
    j.at_least = (double *)at_least->data;
    j.hardest = (int8_t *)hardest->data;
    j.level = (int8_t *)level->data;
    j.steps = (int32_t *)steps->data;
    j.o.steps = j.steps;
    j.o.unit = "step taken";
    j.o.units = "steps taken";
    if (!j.o.beyond || !j.o.limit) {
        PyErr_NoMemory();
        goto done;
    }
    nb_loop l = {b.count, rate_one, make_rate, free_human, &j, j.o.timeout};
    if (nb_run_loop(&l, threads) == 0 && ladder_messages(&b, &j.o) == 0)
        result =
            Py_BuildValue("(OOOOOOO)", rating, hardest, st, b.messages, steps, at_least, level);
done:
    free(j.o.beyond);
    free(j.o.limit);
    Py_XDECREF(level);
    Py_XDECREF(rating);
    Py_XDECREF(at_least);
    Py_XDECREF(hardest);
    Py_XDECREF(steps);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}

/* ---------------------------------------------------------------- trajectories */

/* Walks the ladder from puzzle g to its end, one step at a time in the
 * order a person meets them: calls on_step for each step that changed the
 * position, and leaves in *r the path's rating (stuck, limit, beyond
 * included). Returns NONET_OK, or a status of the start, of the count or
 * of a find (NONET_ETIMEOUT: stop's deadline passed; the steps until then
 * were passed to on_step). */
typedef void (*step_fn)(void *ctx, const nonet_step *st);

static int walk(human_scratch *hs, const nonet_grid *g, const nonet_marks *marks, step_fn on_step,
                void *ctx, nonet_rating *r, const nonet_stop *stop)
{
    memset(r, 0, sizeof *r);
    nonet_human_set_stop(hs->h, stop);
    nonet_solver_set_stop(hs->s, stop);
    int rc = nonet_human_start(hs->h, g, marks);
    if (rc != NONET_OK)
        return rc;
    uint64_t count = 0;
    rc = nonet_solver_count_marks(hs->s, g, marks, 2, &count, NULL, NULL);
    if (rc != NONET_OK)
        return rc;
    if (count != 1)
        return count ? NONET_ENOTUNIQUE : NONET_ENOSOLUTION;
    for (;;) {
        int found = nonet_human_find(hs->h);
        if (found < 0)
            return found;
        if (found == 0) {
            r->stuck = !nonet_human_solved(hs->h);
            r->at_least = nonet_human_limit(hs->h, &r->beyond);
            return NONET_OK;
        }
        for (int i = 0; i < found; i++) {
            nonet_step st;
            nonet_human_step(hs->h, i, &st);
            if (nonet_human_apply(hs->h, i) < 1)
                continue; /* an earlier step of the round did it all */
            r->steps++;
            r->count[st.technique]++;
            if (st.difficulty > r->difficulty) {
                r->difficulty = st.difficulty;
                r->hardest = st.technique;
            }
            on_step(ctx, &st);
        }
    }
}

typedef struct traj_job {
    const nb_batch *b;
    int ceiling;
    ladder_out o;
    int16_t *moves; /* count x n*n x 4 */
    int32_t *length;
    double *rating;
} traj_job;

typedef struct traj_item {
    int16_t *row; /* this puzzle's n*n x 4 */
    int n, len;
    uint8_t placed[NONET_MAX_CELLS];
} traj_item;

static void record_step(void *ctx, const nonet_step *st)
{
    traj_item *t = ctx;
    for (int k = 0; k < st->nplacements; k++) {
        int cell = st->placements[k].cell, d = 0;
        if (t->placed[cell])
            continue;
        t->placed[cell] = 1;
        while (!(st->placements[k].digits >> d & 1))
            d++;
        int16_t *m = t->row + 4 * (size_t)t->len++;
        m[0] = (int16_t)(cell / t->n);
        m[1] = (int16_t)(cell % t->n);
        m[2] = (int16_t)(d + 1);
        m[3] = (int16_t)st->technique;
    }
}

static void *make_traj(void *ctx)
{
    return human_new(((traj_job *)ctx)->ceiling);
}

static void traj_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    traj_job *j = ctx;
    const nb_batch *b = j->b;
    int cells = b->n * b->n;
    traj_item t;
    t.row = j->moves + (size_t)i * (size_t)cells * 4;
    t.n = b->n;
    t.len = 0;
    for (int k = 0; k < cells * 4; k++)
        t.row[k] = -1;
    j->rating[i] = NAN;
    j->length[i] = 0;
    if (b->status[i] != NONET_V_OK) {
        j->o.status[i] = b->status[i];
        return;
    }
    nonet_grid g;
    nonet_rating r;
    nb_batch_grid(b, i, &g);
    for (int c = 0; c < cells; c++)
        t.placed[c] = g.cells[c] != 0;
    int rc = walk(scratch, &g, NULL, record_step, &t, &r, stop);
    j->length[i] = t.len;
    if (rc != NONET_OK) {
        j->o.status[i] = (int8_t)ladder_verdict(rc); /* out of time: the moves so far */
    } else if (r.stuck) {
        j->o.status[i] = NONET_V_STUCK;
        j->o.beyond[i] = (int8_t)r.beyond;
        j->o.limit[i] = (int16_t)r.at_least;
    } else {
        j->o.status[i] = NONET_V_UNIQUE;
        j->rating[i] = r.difficulty / 10.0;
    }
}

PyObject *nb_trajectories(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None, *ceiling = Py_None, *threads_o = NULL,
                   *timeout_o = Py_None;
    int threads;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOO:trajectories", (char **)rate_kw, &src,
                                     &size, &column, &ceiling, &threads_o, &timeout_o))
        return NULL;
    nb_batch b;
    traj_job j = {0};
    ArrayObject *moves = NULL, *length = NULL, *rating = NULL, *st = NULL;
    PyObject *result = NULL;
    if (ladder_args(ceiling, threads_o, timeout_o, &j.ceiling, &threads, &j.o.timeout) < 0) {
        memset(&b, 0, sizeof b);
        goto done;
    }
    if (nb_batch_from(&b, src, size, column) < 0)
        goto done;
    Py_ssize_t shape[3] = {b.count, (Py_ssize_t)b.n * b.n, 4};
    if (!(moves = nb_array_new('h', 3, shape)) || !(length = nb_vector_new('i', b.count)) ||
        !(rating = nb_vector_new('d', b.count)) || !(st = nb_vector_new('b', b.count)))
        goto done;
    j.b = &b;
    j.o.status = (int8_t *)st->data;
    j.o.beyond = malloc((size_t)b.count + 1);
    j.o.limit = malloc(((size_t)b.count + 1) * sizeof *j.o.limit);
    j.moves = (int16_t *)moves->data;
    j.length = (int32_t *)length->data;
    j.rating = (double *)rating->data;
    j.o.steps = j.length;
    j.o.unit = "placement made";
    j.o.units = "placements made";
    if (!j.o.beyond || !j.o.limit) {
        PyErr_NoMemory();
        goto done;
    }
    nb_loop l = {b.count, traj_one, make_traj, free_human, &j, j.o.timeout};
    if (nb_run_loop(&l, threads) == 0 && ladder_messages(&b, &j.o) == 0)
        result = Py_BuildValue("(OOOOO)", moves, length, st, b.messages, rating);
done:
    free(j.o.beyond);
    free(j.o.limit);
    Py_XDECREF(moves);
    Py_XDECREF(length);
    Py_XDECREF(rating);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}

/* ---------------------------------------------------------------- explain, hint */

/* A step kept past its find (a found step's arrays belong to the solver
 * until its next find): its words and its cells, copied on the worker,
 * made into Python objects with the GIL afterwards. */
typedef struct step_rec {
    int technique, difficulty, nunits, units[4];
    int counts[3];               /* placements, eliminations, pattern */
    nonet_cell_digits *cells[3]; /* owned copies */
    char *text;                  /* owned */
    char *json;                  /* owned: nonet_step_json's record */
    char *hint;                  /* owned: nonet_step_hint_json's, at level */
} step_rec;

typedef struct step_list {
    step_rec *items;
    int count, cap, failed; /* failed: out of memory */
    int n, box_rows, box_cols;
    const char *symbols;
    int level; /* hint: its level (1-3); 0: explain, no hint record */
} step_list;

static void steps_free(step_list *l)
{
    for (int i = 0; i < l->count; i++) {
        for (int k = 0; k < 3; k++)
            free(l->items[i].cells[k]);
        free(l->items[i].text);
        free(l->items[i].json);
        free(l->items[i].hint);
    }
    free(l->items);
    l->items = NULL;
    l->count = l->cap = 0;
}

/* A step_fn: keeps a copy of st. */
static void keep_step(void *ctx, const nonet_step *st)
{
    step_list *l = ctx;
    if (l->failed)
        return;
    if (l->count == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        step_rec *items = realloc(l->items, (size_t)cap * sizeof *items);
        if (!items) {
            l->failed = 1;
            return;
        }
        l->items = items;
        l->cap = cap;
    }
    step_rec *r = &l->items[l->count++];
    memset(r, 0, sizeof *r);
    r->technique = (int)st->technique;
    r->difficulty = st->difficulty;
    r->nunits = st->nunits < 4 ? st->nunits : 4;
    memcpy(r->units, st->units, sizeof r->units);
    const nonet_cell_digits *from[3] = {st->placements, st->eliminations, st->pattern};
    int counts[3] = {st->nplacements, st->neliminations, st->npattern};
    for (int k = 0; k < 3; k++) {
        r->counts[k] = counts[k];
        if (counts[k] > 0 && (r->cells[k] = malloc((size_t)counts[k] * sizeof *from[k])) != NULL)
            memcpy(r->cells[k], from[k], (size_t)counts[k] * sizeof *from[k]);
        else if (counts[k] > 0)
            l->failed = 1;
    }
    char small[1024];
    size_t need = nonet_step_describe(st, l->n, l->symbols, small, sizeof small);
    if ((r->text = malloc(need + 1)) == NULL)
        l->failed = 1;
    else if (need < sizeof small)
        memcpy(r->text, small, need + 1);
    else
        nonet_step_describe(st, l->n, l->symbols, r->text, need + 1);
    long jneed = nonet_step_json(st, l->n, l->symbols, NULL, 0);
    if (jneed < 0 || (r->json = malloc((size_t)jneed + 1)) == NULL)
        l->failed = 1;
    else
        nonet_step_json(st, l->n, l->symbols, r->json, (size_t)jneed + 1);
    if (l->level) {
        long hneed =
            nonet_step_hint_json(st, l->level, l->box_rows, l->box_cols, l->symbols, NULL, 0);
        if (hneed < 0 || (r->hint = malloc((size_t)hneed + 1)) == NULL)
            l->failed = 1;
        else
            nonet_step_hint_json(st, l->level, l->box_rows, l->box_cols, l->symbols, r->hint,
                                 (size_t)hneed + 1);
    }
}

/* A step as a tuple: (technique, difficulty in tenths, text, placements,
 * eliminations, pattern, units, record), cells as (row, column, digit)
 * from 0, digits from 1; units as (kind, index) with kind "row",
 * "column", "box"; record: the step's JSON record (nonet_step_json), which
 * nonet/__init__.py reads into a dict. */
static PyObject *step_tuple(const step_rec *st, int n)
{
    PyObject *lists[3] = {PyList_New(0), PyList_New(0), PyList_New(0)};
    int ok = lists[0] && lists[1] && lists[2];
    for (int k = 0; ok && k < 3; k++)
        for (int e = 0; ok && e < st->counts[k]; e++) {
            int cell = st->cells[k][e].cell;
            uint64_t digits = st->cells[k][e].digits;
            if (k == 2) { /* a pattern cell: its digits together */
                int nd = 0;
                for (int d = 0; d < n; d++)
                    nd += (int)(digits >> d & 1);
                PyObject *ds = PyTuple_New(nd);
                for (int d = 0, at = 0; ds && d < n; d++)
                    if (digits >> d & 1)
                        PyTuple_SET_ITEM(ds, at++, PyLong_FromLong(d + 1));
                PyObject *t = ds ? Py_BuildValue("(iiN)", cell / n, cell % n, ds) : NULL;
                ok = t && PyList_Append(lists[k], t) == 0;
                Py_XDECREF(t);
                continue;
            }
            for (int d = 0; ok && d < n; d++)
                if (digits >> d & 1) {
                    PyObject *t = Py_BuildValue("(iii)", cell / n, cell % n, d + 1);
                    ok = t && PyList_Append(lists[k], t) == 0;
                    Py_XDECREF(t);
                }
        }
    PyObject *units = ok ? PyList_New(0) : NULL;
    static const char *const kinds[] = {"row", "column", "box"};
    for (int u = 0; units && u < st->nunits; u++) {
        PyObject *t = Py_BuildValue("(si)", kinds[st->units[u] / n], st->units[u] % n);
        if (!t || PyList_Append(units, t) < 0)
            Py_CLEAR(units);
        Py_XDECREF(t);
    }
    PyObject *r = NULL;
    if (units)
        r = Py_BuildValue("(iisOOOOs)", st->technique, st->difficulty, st->text ? st->text : "",
                          lists[0], lists[1], lists[2], units, st->json ? st->json : "{}");
    for (int k = 0; k < 3; k++)
        Py_XDECREF(lists[k]);
    Py_XDECREF(units);
    return r;
}

/* The next puzzle of the text[0..len) fed from *pos on into *p; 1, or 0
 * at its end. */
static int next_of(nonet_reader *r, const char *text, size_t len, size_t *pos, nonet_puzzle *p)
{
    while (*pos < len) {
        *pos += nonet_reader_feed(r, text + *pos, len - *pos);
        if (nonet_reader_next(r, p))
            return 1;
    }
    nonet_reader_end(r);
    return nonet_reader_next(r, p);
}

/* *p as a puzzle of nothing yet: the fields the header says are valid
 * without marks and CSV columns (and the row lines), zeroed; not its
 * cells beyond n*n, its marks and its columns' room, most of its 100 KiB. */
static void puzzle_clear(nonet_puzzle *p)
{
    p->grid.box_rows = p->grid.box_cols = p->grid.n = 0;
    p->layout = NONET_LAYOUT_AUTO;
    p->blank = '\0';
    p->symbols[0] = '\0';
    p->name[0] = '\0';
    p->has_marks = 0;
    p->index = p->first_line = p->last_line = 0;
    memset(p->row_line, 0, sizeof p->row_line);
    memset(&p->error, 0, sizeof p->error);
    p->ncolumns = 0;
}

/* One puzzle from an argument: a str read whole (its pencil marks kept),
 * else a batch that must hold exactly one. *p is the caller's. Returns 0,
 * or -1 with an exception. */
static int one_puzzle(PyObject *src, PyObject *size, nonet_puzzle *p, const char *fn)
{
    int box_rows, box_cols;
    if (nb_size_arg(size, &box_rows, &box_cols) < 0)
        return -1;
    if (PyUnicode_Check(src)) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(src, &len);
        if (!text)
            return -1;
        /* one reader: the puzzle, then whether another follows */
        nonet_reader *r = nb_reader_take(box_rows, box_cols, NULL);
        nonet_puzzle *next = nb_puzzle_take();
        size_t pos = 0;
        int got = r && next ? next_of(r, text, (size_t)len, &pos, p) : -1;
        int more = got == 1 && next_of(r, text, (size_t)len, &pos, next);
        nb_puzzle_give(next);
        nb_reader_give(r, box_rows, box_cols, NULL);
        if (got < 0) {
            PyErr_NoMemory();
            return -1;
        }
        if (!got) {
            nb_no_puzzle_error("puzzle", src, text, len);
            return -1;
        }
        if (more) {
            PyErr_Format(PyExc_ValueError,
                         "%s takes one puzzle; the text has more (for a batch: trajectories, "
                         "rate)",
                         fn);
            return -1;
        }
        return 0; /* a puzzle, or its error in p->error */
    }
    nb_batch b;
    int rc = -1;
    if (nb_batch_from(&b, src, size, Py_None) == 0) {
        if (b.count != 1) {
            PyErr_Format(PyExc_ValueError,
                         "%s takes one puzzle, not %zd (for a batch: trajectories, rate)", fn,
                         b.count);
        } else {
            puzzle_clear(p);
            p->index = 1;
            if (b.status[0] == NONET_V_OK) {
                nb_batch_grid(&b, 0, &p->grid);
            } else {
                PyObject *m = PyList_GetItem(b.messages, 0);
                p->error.code = NONET_EARG;
                snprintf(p->error.message, sizeof p->error.message, "%s",
                         m && m != Py_None ? PyUnicode_AsUTF8(m) : "unreadable");
            }
            rc = 0;
        }
    }
    nb_batch_free(&b);
    return rc;
}

/* marks: None, or n*n entries, each a cell's candidates as a bit mask
 * (bit d-1 for digit d) or a str of its digits ("137"). */
static int marks_arg(PyObject *o, const nonet_puzzle *p, nonet_marks *m)
{
    int n = p->grid.n, cells = n * n;
    PyObject *seq = PySequence_Fast(o, "marks: a sequence of n*n cells' candidates");
    if (!seq)
        return -1;
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(seq) != cells) {
        PyErr_Format(PyExc_ValueError, "marks: %zd entries for %d cells",
                     PySequence_Fast_GET_SIZE(seq), cells);
        rc = -1;
    }
    for (int c = 0; rc == 0 && c < cells; c++) {
        PyObject *e = PySequence_Fast_GET_ITEM(seq, c);
        uint64_t bits = 0;
        if (PyUnicode_Check(e)) {
            const char *s = PyUnicode_AsUTF8(e);
            for (; s && *s; s++) {
                int d = *s >= '1' && *s <= '9'   ? *s - '0'
                        : *s >= 'A' && *s <= 'Z' ? *s - 'A' + 10
                        : *s >= 'a' && *s <= 'z' ? *s - 'a' + 10
                                                 : -1;
                if (d < 1 || d > n) {
                    PyErr_Format(PyExc_ValueError, "marks[%d]: '%c' is no digit of 1..%d", c, *s,
                                 n);
                    rc = -1;
                    break;
                }
                bits |= (uint64_t)1 << (d - 1);
            }
        } else {
            unsigned long long v = PyLong_AsUnsignedLongLong(e);
            if (PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "marks[%d]: a bit mask or a str of digits", c);
                rc = -1;
            }
            bits = v;
        }
        if (rc == 0 && (n < 64 ? bits >> n : 0)) {
            PyErr_Format(PyExc_ValueError, "marks[%d]: digits above %d", c, n);
            rc = -1;
        }
        m->cands[c] = bits;
    }
    Py_DECREF(seq);
    return rc;
}

/* The verdict of a walk's or a start's status, and why. */
static nonet_verdict walk_verdict(int rc, const nonet_puzzle *p, int has_marks, char *why,
                                  size_t cap)
{
    nonet_check_result chk;
    why[0] = '\0';
    switch (rc) {
    case NONET_OK:
        return NONET_V_UNIQUE;
    case NONET_ECONFLICT:
        if (nonet_check(&p->grid, &chk) == NONET_ECONFLICT)
            nonet_describe_conflict(&chk.conflict, p->grid.n, why, cap);
        else
            snprintf(why, cap, "the pencil marks leave out a digit of the grid");
        return NONET_V_INVALID;
    case NONET_ENOSOLUTION:
        if (has_marks)
            snprintf(why, cap, "the pencil marks exclude every solution");
        return NONET_V_NO_SOLUTION;
    case NONET_ENOTUNIQUE:
        snprintf(why, cap, "the ladder needs a puzzle with one solution");
        return NONET_V_MULTIPLE;
    case NONET_ETIMEOUT:
    case NONET_ECANCELED:
        return NONET_V_TIMEOUT; /* its message: the caller's */
    default:
        snprintf(why, cap, "%s", nonet_strerror(rc));
        return NONET_V_ERROR;
    }
}

static PyObject *grid_array(const nonet_grid *g)
{
    ArrayObject *a = nb_grids_new(1, g->box_rows, g->box_cols);
    if (a)
        memcpy(a->data, g->cells, (size_t)g->n * (size_t)g->n);
    return (PyObject *)a;
}

/* explain's and hint's work on one puzzle, on a worker of the pool. */
typedef struct ladder_job {
    const nonet_puzzle *p;
    const nonet_marks *use; /* the position's marks, or NULL */
    int ceiling, hint;
    step_list steps;
    int rc;               /* the start's, count's, walk's or find's status */
    nonet_rating r;       /* explain: the path's */
    int stuck, solved;    /* hint: what the find left */
    int limit;            /* hint, stuck: the next step's least rating */
    nonet_technique next; /* hint, stuck: the technique it needs */
    nonet_grid position;  /* explain: where the walk ended */
    int has_position;
} ladder_job;

static void *make_ladder(void *ctx)
{
    return human_new(((ladder_job *)ctx)->ceiling);
}

static void ladder_run(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    (void)i;
    ladder_job *j = ctx;
    human_scratch *hs = scratch;
    if (!j->hint) {
        j->rc = walk(hs, &j->p->grid, j->use, keep_step, &j->steps, &j->r, stop);
        if (j->rc == NONET_OK || j->rc == NONET_ETIMEOUT) {
            nonet_human_position(hs->h, &j->position, NULL);
            j->has_position = 1;
        }
        return;
    }
    /* the next step only: its technique's first, from the position */
    nonet_human_set_stop(hs->h, stop);
    nonet_solver_set_stop(hs->s, stop);
    uint64_t count = 0;
    int rc = nonet_human_start(hs->h, &j->p->grid, j->use);
    if (rc == NONET_OK)
        rc = nonet_solver_count_marks(hs->s, &j->p->grid, j->use, 2, &count, NULL, NULL);
    if (rc == NONET_OK && count != 1)
        rc = count ? NONET_ENOTUNIQUE : NONET_ENOSOLUTION;
    if (rc == NONET_OK) {
        int found = nonet_human_find(hs->h);
        if (found < 0) {
            rc = found;
        } else if (found > 0) {
            nonet_step st;
            nonet_human_step(hs->h, 0, &st);
            keep_step(&j->steps, &st);
        } else if (!nonet_human_solved(hs->h)) {
            j->stuck = 1;
            j->limit = nonet_human_limit(hs->h, &j->next);
        } else {
            j->solved = 1;
        }
    }
    j->rc = rc;
}

/* explain: (steps, status, message, position); hint: (step or none,
 * status, message, position, hint record or None), the step only at
 * level 3 (the lower levels leave out what it places and removes) */
static PyObject *ladder_one(PyObject *args, PyObject *kw, int hint)
{
    static const char *const kwlist[] = {"puzzle",  "marks", "size", "ceiling",
                                         "timeout", "level", NULL};
    static const char *const explain_kw[] = {"puzzle", "marks", "size", "ceiling", "timeout", NULL};
    PyObject *src, *marks = Py_None, *size = Py_None, *ceiling = Py_None, *timeout_o = Py_None,
                   *level_o = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, hint ? "O|OOOOO:hint" : "O|OOOO:explain",
                                     (char **)(hint ? kwlist : explain_kw), &src, &marks, &size,
                                     &ceiling, &timeout_o, &level_o))
        return NULL;
    ladder_job j;
    memset(&j, 0, sizeof j);
    j.hint = hint;
    double timeout;
    if (ceiling_arg(ceiling, &j.ceiling) < 0 || nb_timeout_arg(timeout_o, &timeout) < 0)
        return NULL;
    if (hint) {
        long level = level_o == Py_None ? 3 : PyLong_Check(level_o) ? PyLong_AsLong(level_o) : 0;
        if (PyErr_Occurred())
            return NULL;
        if (level < 1 || level > 3 || PyBool_Check(level_o)) {
            PyErr_SetString(PyExc_ValueError,
                            "level: 1 (the technique and where to look), 2 (its cells and "
                            "candidates) or 3 (the move)");
            return NULL;
        }
        j.steps.level = (int)level;
    }
    nonet_puzzle *p = malloc(sizeof *p);
    nonet_marks *m = malloc(sizeof *m);
    PyObject *result = NULL, *steps = NULL, *position = NULL;
    char why[240] = "";
    if (!p || !m) {
        PyErr_NoMemory();
        goto done;
    }
    if (one_puzzle(src, size, p, hint ? "hint" : "explain") < 0)
        goto done;
    if (p->error.code == NONET_OK && marks != Py_None) {
        if (marks_arg(marks, p, m) < 0)
            goto done;
        j.use = m;
    } else if (p->error.code == NONET_OK && p->has_marks) {
        j.use = &p->marks;
    }
    nonet_verdict v = NONET_V_ERROR;
    if (p->error.code != NONET_OK) {
        snprintf(why, sizeof why, "%s", p->error.message);
    } else {
        j.p = p;
        j.steps.n = p->grid.n;
        j.steps.box_rows = p->grid.box_rows;
        j.steps.box_cols = p->grid.box_cols;
        j.steps.symbols = p->symbols;
        nb_loop l = {1, ladder_run, make_ladder, free_human, &j, timeout};
        if (nb_run_loop(&l, 1) < 0)
            goto done;
        if (j.steps.failed || j.rc == NONET_ENOMEM) {
            PyErr_NoMemory();
            goto done;
        }
        v = walk_verdict(j.rc, p, j.use != NULL, why, sizeof why);
        if (v == NONET_V_TIMEOUT) {
            char done_text[80] = "";
            if (!hint)
                snprintf(done_text, sizeof done_text, "%d step%s taken", j.steps.count,
                         j.steps.count == 1 ? "" : "s");
            nb_timeout_message(why, sizeof why, timeout, done_text);
        } else if (j.rc == NONET_OK && (hint ? j.stuck : j.r.stuck)) {
            int limit = hint ? j.limit : j.r.at_least;
            v = NONET_V_STUCK;
            snprintf(why, sizeof why,
                     "no step of the ladder applies: the next one needs %s (%d.%d and up)",
                     needs(hint ? (int)j.next : (int)j.r.beyond), limit / 10, limit % 10);
        } else if (j.rc == NONET_OK && hint && j.solved) {
            v = NONET_V_SOLVED;
        }
        if (j.has_position && !(position = grid_array(&j.position)))
            goto done;
    }
    /* a hint below level 3 keeps its step to itself */
    int shown = hint && j.steps.level < 3 ? 0 : j.steps.count;
    steps = PyList_New(shown);
    for (int k = 0; steps && k < shown; k++) {
        PyObject *t = step_tuple(&j.steps.items[k], p->grid.n);
        if (!t)
            Py_CLEAR(steps);
        else
            PyList_SET_ITEM(steps, k, t);
    }
    if (!steps)
        goto done;
    if (!position) {
        position = Py_None;
        Py_INCREF(position);
    }
    if (hint && j.steps.count > 0 && j.steps.items[0].hint)
        result = Py_BuildValue("(OisOs)", steps, (int)v, why, position, j.steps.items[0].hint);
    else if (hint)
        result = Py_BuildValue("(OisOO)", steps, (int)v, why, position, Py_None);
    else
        result = Py_BuildValue("(OisO)", steps, (int)v, why, position);
done:
    Py_XDECREF(steps);
    Py_XDECREF(position);
    steps_free(&j.steps);
    free(p);
    free(m);
    return result;
}

PyObject *nb_explain(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return ladder_one(args, kw, 0);
}

PyObject *nb_hint(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    return ladder_one(args, kw, 1);
}
