/* solve.c - solve, count and check. */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct solve_job {
    const nb_batch *b;
    uint64_t limit;
    int unique;      /* solve: more than one solution fails */
    uint8_t *out;    /* solutions (count x n*n) or NULL */
    int64_t *counts; /* the counts (count's result, or scratch for solve's
                        messages) */
    int8_t *status;  /* verdicts */
    double timeout;  /* seconds a puzzle may take (0: no limit) */
} solve_job;

static void *make_solver(void *ctx)
{
    (void)ctx;
    return nonet_solver_new(NONET_ENGINE_AUTO);
}

static void free_solver(void *s)
{
    nonet_solver_free(s);
}

static void solve_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    solve_job *j = ctx;
    const nb_batch *b = j->b;
    j->counts[i] = 0;
    if (b->status[i] != NONET_V_OK) {
        j->status[i] = b->status[i];
        return;
    }
    nonet_grid g, sol;
    nb_batch_grid(b, i, &g);
    uint64_t count = 0;
    nonet_solver_set_stop(scratch, stop);
    int rc = nonet_solver_count(scratch, &g, j->limit, &count, j->out ? &sol : NULL, NULL);
    nonet_check_result chk;
    if (rc == NONET_ETIMEOUT || rc == NONET_ECANCELED) /* the count so far */
        j->status[i] = NONET_V_TIMEOUT;                /* canceled: the call raises */
    else if (rc != NONET_OK)
        j->status[i] = NONET_V_ERROR;
    else if (count == 0)
        j->status[i] =
            nonet_check(&g, &chk) == NONET_ECONFLICT ? NONET_V_INVALID : NONET_V_NO_SOLUTION;
    else if (j->limit == 1)
        j->status[i] = NONET_V_SOLVED;
    else
        j->status[i] =
            count == 1 && (j->limit == 0 || count < j->limit) ? NONET_V_UNIQUE : NONET_V_MULTIPLE;
    j->counts[i] = count > INT64_MAX ? INT64_MAX : (int64_t)count;
    if (j->out && count > 0 && !(j->unique && (count > 1 || j->status[i] == NONET_V_TIMEOUT)))
        memcpy(j->out + (size_t)i * ((size_t)b->n * (size_t)b->n), sol.cells,
               ((size_t)b->n * (size_t)b->n));
}

/* The messages of the verdicts the solving added (read errors keep
 * theirs). */
static int verdict_messages(nb_batch *b, const solve_job *j)
{
    const int8_t *status = j->status;
    for (Py_ssize_t i = 0; i < b->count; i++) {
        char why[200] = "", found[80];
        if (status[i] == NONET_V_TIMEOUT) {
            snprintf(found, sizeof found, "%lld solution%s found", (long long)j->counts[i],
                     j->counts[i] == 1 ? "" : "s");
            nb_timeout_message(why, sizeof why, j->timeout, found);
        } else if (status[i] == NONET_V_INVALID) {
            nonet_grid g;
            nonet_check_result chk;
            nb_batch_grid(b, i, &g);
            if (nonet_check(&g, &chk) == NONET_ECONFLICT)
                nonet_describe_conflict(&chk.conflict, b->n, why, sizeof why);
        } else if (status[i] == NONET_V_MULTIPLE && j->unique) {
            snprintf(why, sizeof why, "more than one solution");
        } else if (status[i] == NONET_V_ERROR && b->status[i] == NONET_V_OK) {
            snprintf(why, sizeof why, "the solver failed (out of memory)");
        }
        if (nb_set_message(b, i, why) < 0)
            return -1;
    }
    return 0;
}

/* Runs job over b on threads; returns 0 or -1 with an exception. */
static int run_solve(nb_batch *b, solve_job *job, int threads)
{
    nb_loop l = {b->count, solve_one, make_solver, free_solver, job, job->timeout};
    if (nb_run_loop(&l, threads) < 0)
        return -1;
    return verdict_messages(b, job);
}

static const char *const solve_kw[] = {"puzzles", "size",    "column",  "unique",
                                       "first",   "threads", "timeout", NULL};

PyObject *nb_solve(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None, *unique_o = Py_False, *first_o = Py_False,
                   *threads_o = NULL, *timeout_o = Py_None;
    int unique, first, threads = 0;
    double timeout;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOOO:solve", (char **)solve_kw, &src, &size,
                                     &column, &unique_o, &first_o, &threads_o, &timeout_o))
        return NULL;
    if (nb_flag_arg(unique_o, "unique", &unique) < 0 || nb_flag_arg(first_o, "first", &first) < 0 ||
        (threads_o && nb_threads_arg(threads_o, &threads) < 0) ||
        nb_timeout_arg(timeout_o, &timeout) < 0)
        return NULL;
    if (unique && first) {
        PyErr_SetString(PyExc_ValueError,
                        "first and unique do not go together (first: any one solution; unique: "
                        "only a puzzle's one solution)");
        return NULL;
    }
    nb_batch b;
    PyObject *result = NULL;
    ArrayObject *sol = NULL, *st = NULL;
    int64_t *counts = NULL;
    if (nb_batch_from(&b, src, size, column) == 0 &&
        (sol = nb_grids_new(b.count, b.box_rows, b.box_cols)) &&
        (st = nb_vector_new('b', b.count))) {
        if (!(counts = PyMem_Calloc((size_t)b.count + 1, sizeof *counts))) {
            PyErr_NoMemory();
        } else {
            solve_job job = {&b,     first ? 1 : 2,      unique, (uint8_t *)sol->data,
                             counts, (int8_t *)st->data, timeout};
            if (run_solve(&b, &job, threads) == 0)
                result = Py_BuildValue("(OOO)", sol, st, b.messages);
        }
    }
    PyMem_Free(counts);
    Py_XDECREF(sol);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}

static const char *const count_kw[] = {"puzzles", "size",    "column", "limit",
                                       "threads", "timeout", NULL};

PyObject *nb_count(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None, *limit_o = NULL, *threads_o = NULL,
                   *timeout_o = Py_None;
    unsigned long long limit = 2;
    int threads = 0;
    double timeout;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOO:count", (char **)count_kw, &src, &size,
                                     &column, &limit_o, &threads_o, &timeout_o))
        return NULL;
    if ((limit_o && nb_u64_arg(limit_o, "limit", 0, "a number from 0 (0: no limit)", &limit) < 0) ||
        (threads_o && nb_threads_arg(threads_o, &threads) < 0) ||
        nb_timeout_arg(timeout_o, &timeout) < 0)
        return NULL;
    nb_batch b;
    PyObject *result = NULL;
    ArrayObject *counts = NULL, *st = NULL;
    if (nb_batch_from(&b, src, size, column) == 0 && (counts = nb_vector_new('q', b.count)) &&
        (st = nb_vector_new('b', b.count))) {
        solve_job job = {&b, limit, 0, NULL, (int64_t *)counts->data, (int8_t *)st->data, timeout};
        if (run_solve(&b, &job, threads) == 0)
            result = Py_BuildValue("(OOO)", counts, st, b.messages);
    }
    Py_XDECREF(counts);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}

/* check: each grid alone (consistent, complete, solved), or against a
 * proposed solution of the same shape. */
static const char *const check_kw[] = {"puzzles", "solutions", "size", "column", NULL};

PyObject *nb_check(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *sols = Py_None, *size = Py_None, *column = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOO:check", (char **)check_kw, &src, &sols, &size,
                                     &column))
        return NULL;
    nb_batch b, s;
    memset(&s, 0, sizeof s);
    PyObject *result = NULL;
    ArrayObject *st = NULL, *blanks = NULL;
    if (nb_batch_from(&b, src, size, column) < 0 ||
        (sols != Py_None && nb_solutions_from(&s, sols, &b) < 0))
        goto done;
    if (!(st = nb_vector_new('b', b.count)) || !(blanks = nb_vector_new('i', b.count)))
        goto done;
    int8_t *status = (int8_t *)st->data;
    int32_t *blank = (int32_t *)blanks->data;
    const int8_t *read_ok = sols != Py_None ? s.status : NULL; /* the solutions' */
    for (Py_ssize_t i = 0; i < b.count; i++) {
        nonet_grid g, t;
        nonet_check_result res;
        char why[200] = "";
        blank[i] = -1;
        if ((i & 0xffff) == 0xffff && PyErr_CheckSignals() < 0) /* Ctrl-C in a long batch */
            goto done;
        if (b.status[i] != NONET_V_OK || (read_ok && read_ok[i] != NONET_V_OK)) {
            status[i] = NONET_V_ERROR;
            if (b.status[i] == NONET_V_OK) {
                PyObject *m = PyList_GetItem(s.messages, i);
                snprintf(why, sizeof why, "the solution: %s", m ? PyUnicode_AsUTF8(m) : "");
            }
        } else if (!read_ok) {
            nb_batch_grid(&b, i, &g);
            if (nonet_check(&g, &res) == NONET_ECONFLICT) {
                status[i] = NONET_V_INCONSISTENT;
                nonet_describe_conflict(&res.conflict, b.n, why, sizeof why);
            } else {
                status[i] = res.solved ? NONET_V_SOLVED : NONET_V_INCOMPLETE;
                blank[i] = res.blanks;
            }
        } else {
            int cell = -1;
            nb_batch_grid(&b, i, &g);
            nb_batch_grid(&s, i, &t);
            int rc = nonet_check_solution(&g, &t, &res, &cell);
            status[i] = rc == NONET_OK ? NONET_V_CORRECT : NONET_V_WRONG;
            blank[i] = res.blanks;
            if (rc == NONET_ECLUE)
                snprintf(why, sizeof why, "it changes the clue at row %d, column %d",
                         cell / b.n + 1, cell % b.n + 1);
            else if (rc == NONET_EINCOMPLETE)
                snprintf(why, sizeof why, "incomplete (%d blank%s)", res.blanks,
                         res.blanks == 1 ? "" : "s");
            else if (rc != NONET_OK)
                nonet_describe_conflict(&res.conflict, b.n, why, sizeof why);
        }
        if (nb_set_message(&b, i, why) < 0)
            goto done;
    }
    result = Py_BuildValue("(OOO)", st, b.messages, blanks);
done:
    Py_XDECREF(st);
    Py_XDECREF(blanks);
    nb_batch_free(&b);
    nb_batch_free(&s);
    return result;
}
