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
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred())
        return -1;
    if (!(v >= 1.0 && v <= 20.0)) {
        PyErr_SetString(PyExc_ValueError, "ceiling: a rating from 1.0 to 20.0 (or None)");
        return -1;
    }
    *tenths = (int)lround(v * 10);
    return 0;
}

/* What each puzzle's work left for its message, written with the GIL. */
typedef struct ladder_out {
    int8_t *status;
    int8_t *beyond; /* stuck: the technique the ladder lacked */
    int16_t *limit; /* stuck: the least rating of the next step, tenths */
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
    int8_t *hardest;
    int32_t *steps;
} rate_job;

static void *make_rate(void *ctx)
{
    return human_new(((rate_job *)ctx)->ceiling);
}

static void rate_one(void *ctx, void *scratch, Py_ssize_t i)
{
    rate_job *j = ctx;
    human_scratch *hs = scratch;
    j->rating[i] = j->at_least[i] = NAN;
    j->hardest[i] = -1;
    j->steps[i] = 0;
    if (j->b->status[i] != NONET_V_OK) {
        j->o.status[i] = j->b->status[i];
        return;
    }
    nonet_grid g;
    nonet_rating r;
    nb_batch_grid(j->b, i, &g);
    int rc = nonet_human_rate(hs->h, &g, NULL, &r);
    if (rc != NONET_OK) {
        j->o.status[i] = rc == NONET_ECONFLICT     ? NONET_V_INVALID
                         : rc == NONET_ENOSOLUTION ? NONET_V_NO_SOLUTION
                         : rc == NONET_ENOTUNIQUE  ? NONET_V_MULTIPLE
                                                   : NONET_V_ERROR;
        return;
    }
    j->steps[i] = r.steps;
    if (r.steps)
        j->hardest[i] = (int8_t)r.hardest;
    if (r.stuck) {
        j->o.status[i] = NONET_V_STUCK;
        j->o.beyond[i] = (int8_t)r.beyond;
        j->o.limit[i] = (int16_t)r.at_least;
        j->at_least[i] = r.at_least / 10.0;
    } else {
        j->o.status[i] = NONET_V_UNIQUE;
        j->rating[i] = j->at_least[i] = r.difficulty / 10.0;
    }
}

static const char *const rate_kw[] = {"puzzles", "size", "column", "ceiling", "threads", NULL};

PyObject *nb_rate(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None, *ceiling = Py_None;
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOi:rate", (char **)rate_kw, &src, &size,
                                     &column, &ceiling, &threads))
        return NULL;
    nb_batch b;
    rate_job j = {0};
    ArrayObject *rating = NULL, *at_least = NULL, *hardest = NULL, *steps = NULL, *st = NULL;
    PyObject *result = NULL;
    if (ceiling_arg(ceiling, &j.ceiling) < 0) {
        memset(&b, 0, sizeof b);
        goto done;
    }
    if (nb_batch_from(&b, src, size, column) < 0 || !(rating = nb_vector_new('d', b.count)) ||
        !(at_least = nb_vector_new('d', b.count)) || !(hardest = nb_vector_new('b', b.count)) ||
        !(steps = nb_vector_new('i', b.count)) || !(st = nb_vector_new('b', b.count)))
        goto done;
    j.b = &b;
    j.o.status = (int8_t *)st->data;
    j.o.beyond = malloc((size_t)b.count + 1);
    j.o.limit = malloc(((size_t)b.count + 1) * sizeof *j.o.limit);
    j.rating = (double *)rating->data;
    j.at_least = (double *)at_least->data;
    j.hardest = (int8_t *)hardest->data;
    j.steps = (int32_t *)steps->data;
    if (!j.o.beyond || !j.o.limit) {
        PyErr_NoMemory();
        goto done;
    }
    nb_loop l = {b.count, rate_one, make_rate, free_human, &j};
    if (nb_run_loop(&l, threads) == 0 && ladder_messages(&b, &j.o) == 0)
        result = Py_BuildValue("(OOOOOO)", rating, hardest, st, b.messages, steps, at_least);
done:
    free(j.o.beyond);
    free(j.o.limit);
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
 * included). Returns NONET_OK, or a status of the start or of a find. */
typedef void (*step_fn)(void *ctx, const nonet_step *st);

static int walk(human_scratch *hs, const nonet_grid *g, const nonet_marks *marks, step_fn on_step,
                void *ctx, nonet_rating *r)
{
    memset(r, 0, sizeof *r);
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

static void traj_one(void *ctx, void *scratch, Py_ssize_t i)
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
    int rc = walk(scratch, &g, NULL, record_step, &t, &r);
    j->length[i] = t.len;
    if (rc != NONET_OK) {
        j->o.status[i] = rc == NONET_ECONFLICT     ? NONET_V_INVALID
                         : rc == NONET_ENOSOLUTION ? NONET_V_NO_SOLUTION
                         : rc == NONET_ENOTUNIQUE  ? NONET_V_MULTIPLE
                                                   : NONET_V_ERROR;
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
    PyObject *src, *size = Py_None, *column = Py_None, *ceiling = Py_None;
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOi:trajectories", (char **)rate_kw, &src, &size,
                                     &column, &ceiling, &threads))
        return NULL;
    nb_batch b;
    traj_job j = {0};
    ArrayObject *moves = NULL, *length = NULL, *rating = NULL, *st = NULL;
    PyObject *result = NULL;
    if (ceiling_arg(ceiling, &j.ceiling) < 0) {
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
    if (!j.o.beyond || !j.o.limit) {
        PyErr_NoMemory();
        goto done;
    }
    nb_loop l = {b.count, traj_one, make_traj, free_human, &j};
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

/* A step as a tuple: (technique, difficulty in tenths, text, placements,
 * eliminations, pattern, units), cells as (row, column, digit) from 0,
 * digits from 1; units as (kind, index) with kind "row", "column", "box". */
static PyObject *step_tuple(const nonet_step *st, int n, const char *symbols)
{
    char small[1024];
    size_t need = nonet_step_describe(st, n, symbols, small, sizeof small);
    char *text = small;
    if (need >= sizeof small && (text = malloc(need + 1)) != NULL)
        nonet_step_describe(st, n, symbols, text, need + 1);
    if (!text)
        return PyErr_NoMemory();
    PyObject *lists[3] = {PyList_New(0), PyList_New(0), PyList_New(0)};
    const nonet_cell_digits *from[3] = {st->placements, st->eliminations, st->pattern};
    int counts[3] = {st->nplacements, st->neliminations, st->npattern};
    int ok = lists[0] && lists[1] && lists[2];
    for (int k = 0; ok && k < 3; k++)
        for (int e = 0; ok && e < counts[k]; e++) {
            int cell = from[k][e].cell;
            if (k == 2) { /* a pattern cell: its digits together */
                int nd = 0;
                for (int d = 0; d < n; d++)
                    nd += (int)(from[k][e].digits >> d & 1);
                PyObject *ds = PyTuple_New(nd);
                for (int d = 0, at = 0; ds && d < n; d++)
                    if (from[k][e].digits >> d & 1)
                        PyTuple_SET_ITEM(ds, at++, PyLong_FromLong(d + 1));
                PyObject *t = ds ? Py_BuildValue("(iiN)", cell / n, cell % n, ds) : NULL;
                ok = t && PyList_Append(lists[k], t) == 0;
                Py_XDECREF(t);
                continue;
            }
            for (int d = 0; ok && d < n; d++)
                if (from[k][e].digits >> d & 1) {
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
        r = Py_BuildValue("(iisOOOO)", (int)st->technique, st->difficulty, text, lists[0], lists[1],
                          lists[2], units);
    if (text != small)
        free(text);
    for (int k = 0; k < 3; k++)
        Py_XDECREF(lists[k]);
    Py_XDECREF(units);
    return r;
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
        nonet_read_opts opts = {NONET_LAYOUT_AUTO, box_rows, box_cols, NULL, NULL};
        size_t used = 0;
        int rc = nonet_parse(text, (size_t)len, &opts, p, &used);
        if (rc == NONET_EEMPTY) {
            PyErr_Format(PyExc_ValueError, "%s: no puzzle in the text", fn);
            return -1;
        }
        nonet_puzzle *next = malloc(sizeof *next);
        int more = !next ||
                   nonet_parse(text + used, (size_t)len - used, &opts, next, NULL) != NONET_EEMPTY;
        free(next);
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
            memset(p, 0, sizeof *p);
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

typedef struct explain_ctx {
    PyObject *steps;
    int n, failed;
    const char *symbols;
} explain_ctx;

static void collect_step(void *ctx, const nonet_step *st)
{
    explain_ctx *e = ctx;
    PyObject *t = e->failed ? NULL : step_tuple(st, e->n, e->symbols);
    if (!t || PyList_Append(e->steps, t) < 0)
        e->failed = 1;
    Py_XDECREF(t);
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

/* explain and hint: (steps or step, status, message, position) */
static PyObject *ladder_one(PyObject *args, PyObject *kw, int hint)
{
    static const char *const kwlist[] = {"puzzle", "marks", "size", "ceiling", NULL};
    PyObject *src, *marks = Py_None, *size = Py_None, *ceiling = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, hint ? "O|OOO:hint" : "O|OOO:explain",
                                     (char **)kwlist, &src, &marks, &size, &ceiling))
        return NULL;
    int tenths;
    if (ceiling_arg(ceiling, &tenths) < 0)
        return NULL;
    nonet_puzzle *p = malloc(sizeof *p);
    nonet_marks *m = malloc(sizeof *m);
    human_scratch *hs = human_new(tenths);
    PyObject *result = NULL, *steps = NULL, *position = NULL;
    char why[240] = "";
    if (!p || !m || !hs) {
        PyErr_NoMemory();
        goto done;
    }
    if (one_puzzle(src, size, p, hint ? "hint" : "explain") < 0)
        goto done;
    const nonet_marks *use = NULL;
    if (p->error.code == NONET_OK && marks != Py_None) {
        if (marks_arg(marks, p, m) < 0)
            goto done;
        use = m;
    } else if (p->error.code == NONET_OK && p->has_marks) {
        use = &p->marks;
    }
    steps = PyList_New(0);
    if (!steps)
        goto done;
    nonet_verdict v;
    if (p->error.code != NONET_OK) {
        v = NONET_V_ERROR;
        snprintf(why, sizeof why, "%s", p->error.message);
    } else if (hint) {
        /* the next step only: its technique's first, from the position */
        uint64_t count = 0;
        int rc = nonet_human_start(hs->h, &p->grid, use);
        if (rc == NONET_OK)
            rc = nonet_solver_count_marks(hs->s, &p->grid, use, 2, &count, NULL, NULL);
        if (rc == NONET_OK && count != 1)
            rc = count ? NONET_ENOTUNIQUE : NONET_ENOSOLUTION;
        v = walk_verdict(rc, p, use != NULL, why, sizeof why);
        int found = rc == NONET_OK ? nonet_human_find(hs->h) : 0;
        if (found > 0) {
            nonet_step st;
            nonet_human_step(hs->h, 0, &st);
            PyObject *t = step_tuple(&st, p->grid.n, p->symbols);
            if (!t || PyList_Append(steps, t) < 0) {
                Py_XDECREF(t);
                goto done;
            }
            Py_DECREF(t);
        } else if (found == 0 && rc == NONET_OK && !nonet_human_solved(hs->h)) {
            nonet_technique next;
            int limit = nonet_human_limit(hs->h, &next);
            v = NONET_V_STUCK;
            snprintf(why, sizeof why,
                     "no step of the ladder applies: the next one needs %s (%d.%d and up)",
                     needs(next), limit / 10, limit % 10);
        } else if (found == 0 && rc == NONET_OK) {
            v = NONET_V_SOLVED;
        } else if (found < 0) {
            PyErr_NoMemory();
            goto done;
        }
    } else {
        explain_ctx e = {steps, p->grid.n, 0, p->symbols};
        nonet_rating r;
        int rc = walk(hs, &p->grid, use, collect_step, &e, &r);
        if (e.failed)
            goto done;
        v = walk_verdict(rc, p, use != NULL, why, sizeof why);
        if (rc == NONET_OK && r.stuck) {
            v = NONET_V_STUCK;
            snprintf(why, sizeof why,
                     "no step of the ladder applies: the next one needs %s (%d.%d and up)",
                     needs(r.beyond), r.at_least / 10, r.at_least % 10);
        }
        if (rc == NONET_OK) {
            nonet_grid pos;
            nonet_human_position(hs->h, &pos, NULL);
            if (!(position = grid_array(&pos)))
                goto done;
        }
    }
    if (!position) {
        position = Py_None;
        Py_INCREF(position);
    }
    result = Py_BuildValue("(OisO)", steps, (int)v, why, position);
done:
    Py_XDECREF(steps);
    Py_XDECREF(position);
    free(p);
    free(m);
    free_human(hs);
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
