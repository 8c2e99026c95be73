/* canon.c - canonical forms, and the symmetries of the grid (transforms)
 * as arrays: one row a transform, 1 + 3n bytes: transpose (0 or 1), then
 * row[0..n-1] (the source row of each row of the result, from 0), then
 * col[0..n-1], then digit[1..n] (what each digit becomes). */
#include "binding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void transform_put(const nonet_transform *t, uint8_t *row)
{
    int n = t->box_rows * t->box_cols;
    row[0] = (uint8_t)t->transpose;
    memcpy(row + 1, t->row, (size_t)n);
    memcpy(row + 1 + n, t->col, (size_t)n);
    memcpy(row + 1 + 2 * (size_t)n, t->digit + 1, (size_t)n);
}

static void transform_get(const uint8_t *row, int box_rows, int box_cols, nonet_transform *t)
{
    int n = box_rows * box_cols;
    memset(t, 0, sizeof *t);
    t->box_rows = box_rows;
    t->box_cols = box_cols;
    t->transpose = row[0];
    memcpy(t->row, row + 1, (size_t)n);
    memcpy(t->col, row + 1 + n, (size_t)n);
    memcpy(t->digit + 1, row + 1 + 2 * (size_t)n, (size_t)n);
}

static ArrayObject *transforms_new(Py_ssize_t count, int box_rows, int box_cols)
{
    Py_ssize_t shape[2] = {count, 1 + 3 * (Py_ssize_t)box_rows * box_cols};
    ArrayObject *a = nb_array_new('B', 2, shape);
    if (a) { /* their shape travels with them, as grids' does */
        a->box_rows = box_rows;
        a->box_cols = box_cols;
    }
    return a;
}

/* Transforms from an argument: an array of rows (or one row), a str of
 * nonet_transform_format's text, or a list of such str; for grids of
 * box_rows x box_cols (0, 0: the array's own shape, else the side's
 * default). *out is a new array of count rows (one row given: repeated).
 * Returns 0 or -1 with ValueError. */
static int transforms_from(PyObject *o, Py_ssize_t count, int box_rows, int box_cols,
                           ArrayObject **out)
{
    *out = NULL;
    PyObject *texts = NULL;
    if (PyUnicode_Check(o))
        texts = Py_BuildValue("(O)", o);
    else if (PyList_Check(o) || PyTuple_Check(o))
        texts = PySequence_Tuple(o);
    if (texts) {
        Py_ssize_t k = PyTuple_GET_SIZE(texts);
        if (k != 1 && k != count) {
            PyErr_Format(PyExc_ValueError, "transforms: %zd for %zd puzzles (one, or one each)", k,
                         count);
            Py_DECREF(texts);
            return -1;
        }
        for (Py_ssize_t i = 0; i < k; i++) {
            PyObject *item = PyTuple_GET_ITEM(texts, i);
            const char *s = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
            nonet_transform t;
            if (!s || nonet_transform_parse(s, &t) != NONET_OK) {
                PyErr_Format(PyExc_ValueError,
                             "transforms[%zd]: not a transform's text "
                             "('t=0;rows=...;cols=...;digits=...')",
                             i);
                break;
            }
            if (box_rows && (t.box_rows != box_rows || t.box_cols != box_cols)) {
                PyErr_Format(PyExc_ValueError,
                             "transforms[%zd]: for %dx%d boxes, the puzzles have %dx%d", i,
                             t.box_rows, t.box_cols, box_rows, box_cols);
                break;
            }
            if (!*out && !(*out = transforms_new(count, t.box_rows, t.box_cols)))
                break;
            int width = 1 + 3 * t.box_rows * t.box_cols;
            for (Py_ssize_t r = k == 1 ? 0 : i; r < (k == 1 ? count : i + 1); r++)
                transform_put(&t, (uint8_t *)(*out)->data + r * width);
        }
        Py_DECREF(texts);
        if (PyErr_Occurred()) {
            Py_CLEAR(*out);
            return -1;
        }
        if (!*out) /* no puzzles, no transforms */
            *out = transforms_new(0, box_rows ? box_rows : 3, box_cols ? box_cols : 3);
        return *out ? 0 : -1;
    }
    Py_buffer v;
    if (PyObject_GetBuffer(o, &v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "transforms: a C-contiguous array of uint8 rows (1 + 3n each), a str of a "
                     "transform's text, or a list of them, not %s",
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    int rc = -1;
    Py_ssize_t rows = v.ndim == 1 ? 1 : v.ndim == 2 ? v.shape[0] : -1;
    Py_ssize_t width = v.ndim == 1 ? v.len : v.ndim == 2 ? v.shape[1] : 0;
    int n = (int)((width - 1) / 3);
    if (!box_rows && PyObject_TypeCheck(o, &nb_ArrayType) && ((ArrayObject *)o)->box_rows)
        box_rows = ((ArrayObject *)o)->box_rows, box_cols = ((ArrayObject *)o)->box_cols;
    if (!box_rows && n >= 1 && n <= NONET_MAX_SIDE)
        nonet_default_shape(n, &box_rows, &box_cols);
    const char *dtype = nb_dtype_name(v.format, v.itemsize);
    if (v.itemsize != 1 || !dtype || strcmp(dtype, "uint8") != 0) {
        PyErr_Format(PyExc_ValueError, "transforms: an array of uint8 rows is needed, not %s",
                     dtype      ? dtype
                     : v.format ? v.format
                                : "?");
        goto done;
    }
    if (rows < 0 || width != 1 + 3 * (Py_ssize_t)n || n < 1 || box_rows * box_cols != n) {
        PyErr_Format(PyExc_ValueError,
                     "transforms: rows of 1 + 3n bytes for grids of side n%s%s, not %zd bytes",
                     box_rows ? " = " : "", box_rows ? "the puzzles'" : "", width);
        goto done;
    }
    if (rows != 1 && rows != count) {
        PyErr_Format(PyExc_ValueError, "transforms: %zd for %zd puzzles (one, or one each)", rows,
                     count);
        goto done;
    }
    if (!(*out = transforms_new(count, box_rows, box_cols)))
        goto done;
    for (Py_ssize_t r = 0; r < count; r++) {
        const uint8_t *src = (const uint8_t *)v.buf + (rows == 1 ? 0 : r * width);
        nonet_transform t, check;
        transform_get(src, box_rows, box_cols, &t);
        if (nonet_transform_invert(&t, &check) != NONET_OK) { /* validates it */
            PyErr_Format(PyExc_ValueError,
                         "transforms[%zd]: not a symmetry of %dx%d boxes (rows and columns "
                         "from 0 kept in their bands and stacks, digits a permutation of 1..%d)",
                         rows == 1 ? (Py_ssize_t)0 : r, box_rows, box_cols, n);
            Py_CLEAR(*out);
            goto done;
        }
        memcpy((uint8_t *)(*out)->data + r * width, src, (size_t)width);
    }
    rc = 0;
done:
    PyBuffer_Release(&v);
    return rc;
}

/* ---------------------------------------------------------------- canon */

typedef struct canon_job {
    const nb_batch *b;
    uint8_t *forms, *transforms;
    int64_t *automorphisms;
    int8_t *status;
} canon_job;

static void *make_canon(void *ctx)
{
    (void)ctx;
    return nonet_canon_new();
}

static void free_canon(void *c)
{
    nonet_canon_free(c);
}

static void canon_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    (void)stop; /* a canonical form takes milliseconds at most */
    canon_job *j = ctx;
    const nb_batch *b = j->b;
    int cells = b->n * b->n;
    j->automorphisms[i] = 0;
    if (b->status[i] != NONET_V_OK) {
        j->status[i] = b->status[i];
        return;
    }
    nonet_grid g, form;
    nonet_transform t;
    uint64_t aut = 0;
    nb_batch_grid(b, i, &g);
    int rc = nonet_canon_form(scratch, &g, &form, &t, &aut);
    if (rc != NONET_OK) {
        j->status[i] = NONET_V_ERROR;
        return;
    }
    j->status[i] = NONET_V_OK;
    memcpy(j->forms + (size_t)i * (size_t)cells, form.cells, (size_t)cells);
    transform_put(&t, j->transforms + (size_t)i * (size_t)(1 + 3 * b->n));
    j->automorphisms[i] = (int64_t)aut;
}

static const char *const canon_kw[] = {"puzzles", "size", "column", "threads", NULL};

PyObject *nb_canon(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None, *threads_o = NULL;
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOO:canon", (char **)canon_kw, &src, &size,
                                     &column, &threads_o))
        return NULL;
    if (threads_o && nb_threads_arg(threads_o, &threads) < 0)
        return NULL;
    nb_batch b;
    ArrayObject *forms = NULL, *ts = NULL, *aut = NULL, *st = NULL;
    PyObject *result = NULL;
    if (nb_batch_from(&b, src, size, column) < 0)
        goto done;
    if (b.box_rows > 5 || b.box_cols > 5) {
        PyErr_Format(PyExc_ValueError, "canon: boxes up to 5x5, not %dx%d", b.box_rows, b.box_cols);
        goto done;
    }
    if (!(forms = nb_grids_new(b.count, b.box_rows, b.box_cols)) ||
        !(ts = transforms_new(b.count, b.box_rows, b.box_cols)) ||
        !(aut = nb_vector_new('q', b.count)) || !(st = nb_vector_new('b', b.count)))
        goto done;
    canon_job j = {&b, (uint8_t *)forms->data, (uint8_t *)ts->data, (int64_t *)aut->data,
                   (int8_t *)st->data};
    nb_loop l = {b.count, canon_one, make_canon, free_canon, &j, 0};
    if (nb_run_loop(&l, threads) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < b.count; i++)
        if (b.status[i] == NONET_V_OK && j.status[i] == NONET_V_ERROR &&
            nb_set_message(&b, i, "so many symmetries tie on the way that the search gave up") < 0)
            goto done;
    result = Py_BuildValue("(OOOOO)", forms, ts, aut, st, b.messages);
done:
    Py_XDECREF(forms);
    Py_XDECREF(ts);
    Py_XDECREF(aut);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}

/* ---------------------------------------------------------------- transform, invert */

typedef struct apply_job {
    const nb_batch *b;
    const uint8_t *transforms;
    uint8_t *out;
} apply_job;

static void apply_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    (void)scratch;
    (void)stop;
    apply_job *j = ctx;
    const nb_batch *b = j->b;
    if (b->status[i] != NONET_V_OK)
        return; /* all blanks, its message says why */
    nonet_grid g;
    nonet_transform t;
    nb_batch_grid(b, i, &g);
    transform_get(j->transforms + i * (1 + 3 * b->n), b->box_rows, b->box_cols, &t);
    nonet_transform_apply(&t, &g, &g);
    memcpy(j->out + (size_t)i * ((size_t)b->n * (size_t)b->n), g.cells,
           ((size_t)b->n * (size_t)b->n));
}

static const char *const transform_kw[] = {"puzzles", "seed",   "transforms", "solutions", "first",
                                           "size",    "column", "threads",    NULL};

PyObject *nb_transform(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *seed_o = Py_None, *given = Py_None, *sols = Py_None, *first_o = NULL,
                   *size = Py_None, *column = Py_None, *threads_o = NULL;
    unsigned long long seed = 0, first = 1;
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOOOO:transform", (char **)transform_kw, &src,
                                     &seed_o, &given, &sols, &first_o, &size, &column, &threads_o))
        return NULL;
    if ((seed_o == Py_None) == (given == Py_None)) {
        PyErr_SetString(PyExc_ValueError, "transform: a seed or transforms, one of them");
        return NULL;
    }
    if ((seed_o != Py_None &&
         nb_u64_arg(seed_o, "seed", 0, "a number from 0 to 18446744073709551615", &seed) < 0) ||
        (first_o &&
         nb_u64_arg(first_o, "first", 1, "a number from 1 (the stream's first transform is 1)",
                    &first) < 0) ||
        (threads_o && nb_threads_arg(threads_o, &threads) < 0))
        return NULL;
    if (first_o && first != 1 && given != Py_None) {
        PyErr_SetString(PyExc_ValueError,
                        "first: goes with seed (transform first + i of its stream), not with "
                        "transforms");
        return NULL;
    }
    nb_batch b, s;
    memset(&s, 0, sizeof s);
    ArrayObject *out = NULL, *ts = NULL, *sol_out = NULL;
    PyObject *result = NULL;
    if (nb_batch_from(&b, src, size, column) < 0)
        goto done;
    if (sols != Py_None && nb_solutions_from(&s, sols, &b) < 0)
        goto done;
    if (given != Py_None) {
        if (transforms_from(given, b.count, b.box_rows, b.box_cols, &ts) < 0)
            goto done;
    } else if ((ts = transforms_new(b.count, b.box_rows, b.box_cols)) != NULL) {
        for (Py_ssize_t i = 0; i < b.count; i++) {
            nonet_transform t;
            nonet_transform_random(b.box_rows, b.box_cols, seed, first - 1 + (uint64_t)i, &t);
            transform_put(&t, (uint8_t *)ts->data + i * (1 + 3 * b.n));
        }
    }
    if (!ts || !(out = nb_grids_new(b.count, b.box_rows, b.box_cols)))
        goto done;
    apply_job j = {&b, (const uint8_t *)ts->data, (uint8_t *)out->data};
    nb_loop l = {b.count, apply_one, NULL, NULL, &j, 0};
    if (nb_run_loop(&l, threads) < 0)
        goto done;
    if (sols != Py_None) {
        if (!(sol_out = nb_grids_new(s.count, s.box_rows, s.box_cols)))
            goto done;
        apply_job k = {&s, (const uint8_t *)ts->data, (uint8_t *)sol_out->data};
        nb_loop ls = {s.count, apply_one, NULL, NULL, &k, 0};
        if (nb_run_loop(&ls, threads) < 0)
            goto done;
    }
    ArrayObject *st = nb_vector_new('b', b.count);
    if (st) {
        memcpy(st->data, b.status, (size_t)b.count);
        result = Py_BuildValue("(OOOOO)", out, ts, sol_out ? (PyObject *)sol_out : Py_None, st,
                               b.messages);
        Py_DECREF(st);
    }
done:
    Py_XDECREF(out);
    Py_XDECREF(ts);
    Py_XDECREF(sol_out);
    nb_batch_free(&b);
    nb_batch_free(&s);
    return result;
}

/* invert's and transform_text's transforms: as many as given (a str:
 * one). Returns 0 with a new array in *out, or -1. */
static int transforms_arg(PyObject *given, int box_rows, int box_cols, ArrayObject **out)
{
    Py_ssize_t count = 1;
    if (PyList_Check(given) || PyTuple_Check(given)) {
        count = PySequence_Size(given);
    } else if (!PyUnicode_Check(given)) {
        Py_buffer v;
        if (PyObject_GetBuffer(given, &v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) == 0) {
            count = v.ndim == 2 ? v.shape[0] : 1;
            PyBuffer_Release(&v);
        } else {
            PyErr_Clear();
        }
    }
    return transforms_from(given, count, box_rows, box_cols, out);
}

static const char *const invert_kw[] = {"transforms", "size", NULL};

PyObject *nb_invert(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *given, *size = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:invert", (char **)invert_kw, &given, &size))
        return NULL;
    int box_rows, box_cols;
    if (nb_size_arg(size, &box_rows, &box_cols) < 0)
        return NULL;
    ArrayObject *ts;
    if (transforms_arg(given, box_rows, box_cols, &ts) < 0)
        return NULL;
    Py_ssize_t count = ts->shape[0];
    int width = 1 + 3 * ts->box_rows * ts->box_cols;
    for (Py_ssize_t i = 0; i < count; i++) {
        nonet_transform t;
        uint8_t *row = (uint8_t *)ts->data + i * width;
        transform_get(row, ts->box_rows, ts->box_cols, &t);
        nonet_transform_invert(&t, &t);
        transform_put(&t, row);
    }
    return (PyObject *)ts;
}

PyObject *nb_transform_text(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static const char *const kwlist[] = {"transforms", "size", NULL};
    PyObject *given, *size = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:transform_text", (char **)kwlist, &given,
                                     &size))
        return NULL;
    int box_rows, box_cols;
    if (nb_size_arg(size, &box_rows, &box_cols) < 0)
        return NULL;
    ArrayObject *ts;
    if (transforms_arg(given, box_rows, box_cols, &ts) < 0)
        return NULL;
    Py_ssize_t count = ts->shape[0];
    PyObject *list = PyList_New(count);
    int width = 1 + 3 * ts->box_rows * ts->box_cols;
    for (Py_ssize_t i = 0; list && i < count; i++) {
        nonet_transform t;
        char text[4 * (3 * NONET_MAX_SIDE + 8) + 64];
        transform_get((uint8_t *)ts->data + i * width, ts->box_rows, ts->box_cols, &t);
        nonet_transform_format(&t, text, sizeof text);
        PyObject *s = PyUnicode_FromString(text);
        if (!s)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, s);
    }
    Py_DECREF(ts);
    return list;
}
