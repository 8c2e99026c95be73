/* _nonet.c - the CPython extension under the nonet package: libnonet's
 * batches on arrays. Python's nonet/__init__.py wraps these functions in
 * named tuples and documents them; this file converts and runs.
 *
 * Arrays: nonet.Array, a block of memory with a shape and a buffer-protocol
 * format, so that numpy.asarray(a) is a view of it, no copy; a grid array
 * also knows its boxes. Batches come in as any buffer of (N, n*n) bytes,
 * a list of strings (one puzzle each), a str of puzzle text, or a path
 * (os.PathLike). Work on many puzzles runs without the GIL on `threads`
 * threads of our own (a parallel loop over the batch: the library is
 * reentrant, one solver a thread). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "nonet.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------------------------------------------------------------- Array */

typedef struct {
    PyObject_HEAD char *data;
    Py_ssize_t nbytes;
    int ndim;
    Py_ssize_t shape[3];
    Py_ssize_t strides[3];
    char format[2];
    Py_ssize_t itemsize;
    int box_rows, box_cols; /* a grid array's boxes, 0 otherwise */
    char symbols[NONET_MAX_SYMBOL_SIDE + 1];
} ArrayObject;

static PyTypeObject ArrayType;

/* A new zeroed array; shape of ndim entries. NULL with an exception. */
static ArrayObject *array_new(char format, int ndim, const Py_ssize_t *shape)
{
    Py_ssize_t itemsize = format == 'B' || format == 'b'   ? 1
                          : format == 'd' || format == 'q' ? 8
                                                           : 4;
    Py_ssize_t total = itemsize;
    for (int i = 0; i < ndim; i++)
        total *= shape[i];
    ArrayObject *a = PyObject_New(ArrayObject, &ArrayType);
    if (!a)
        return NULL;
    a->data = calloc(total > 0 ? (size_t)total : 1, 1);
    if (!a->data) {
        Py_DECREF(a);
        PyErr_NoMemory();
        return NULL;
    }
    a->nbytes = total;
    a->ndim = ndim;
    a->format[0] = format;
    a->format[1] = '\0';
    a->itemsize = itemsize;
    Py_ssize_t stride = itemsize;
    for (int i = ndim - 1; i >= 0; i--) {
        a->shape[i] = shape[i];
        a->strides[i] = stride;
        stride *= shape[i];
    }
    a->box_rows = a->box_cols = 0;
    a->symbols[0] = '\0';
    return a;
}

static ArrayObject *grids_new(Py_ssize_t count, int box_rows, int box_cols)
{
    int n = box_rows * box_cols;
    Py_ssize_t shape[2] = {count, (Py_ssize_t)n * n};
    ArrayObject *a = array_new('B', 2, shape);
    if (a) {
        a->box_rows = box_rows;
        a->box_cols = box_cols;
    }
    return a;
}

static void array_dealloc(ArrayObject *a)
{
    free(a->data);
    PyObject_Free(a);
}

static int array_getbuffer(ArrayObject *a, Py_buffer *view, int flags)
{
    (void)flags;
    view->buf = a->data;
    view->obj = (PyObject *)a;
    Py_INCREF(a);
    view->len = a->nbytes;
    view->readonly = 0;
    view->itemsize = a->itemsize;
    view->format = a->format;
    view->ndim = a->ndim;
    view->shape = a->shape;
    view->strides = a->strides;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static PyBufferProcs array_as_buffer = {(getbufferproc)array_getbuffer, NULL};

static PyObject *item_at(const ArrayObject *a, const char *p)
{
    switch (a->format[0]) {
    case 'B':
        return PyLong_FromLong(*(const uint8_t *)p);
    case 'b':
        return PyLong_FromLong(*(const int8_t *)p);
    case 'i':
        return PyLong_FromLong(*(const int32_t *)p);
    case 'q':
        return PyLong_FromLongLong(*(const int64_t *)p);
    default:
        return PyFloat_FromDouble(*(const double *)p);
    }
}

/* The nested lists of the sub-array at p of dimension dim. */
static PyObject *to_list(const ArrayObject *a, const char *p, int dim)
{
    if (dim == a->ndim)
        return item_at(a, p);
    PyObject *list = PyList_New(a->shape[dim]);
    if (!list)
        return NULL;
    for (Py_ssize_t i = 0; i < a->shape[dim]; i++) {
        PyObject *v = to_list(a, p + i * a->strides[dim], dim + 1);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static Py_ssize_t array_length(ArrayObject *a)
{
    return a->ndim ? a->shape[0] : 1;
}

static PyObject *array_item(ArrayObject *a, Py_ssize_t i)
{
    if (a->ndim == 0 || i < 0 || i >= a->shape[0]) {
        PyErr_SetString(PyExc_IndexError, "index out of range");
        return NULL;
    }
    return to_list(a, a->data + i * a->strides[0], 1);
}

static PySequenceMethods array_as_sequence = {
    .sq_length = (lenfunc)array_length,
    .sq_item = (ssizeargfunc)array_item,
};

static PyObject *array_tolist(ArrayObject *a, PyObject *unused)
{
    (void)unused;
    return to_list(a, a->data, 0);
}

/* A grid's line: '.' blanks, its symbols (1-9A-Z by default); numbers
 * apart above 35. */
static PyObject *grid_line(const ArrayObject *a, const uint8_t *cells)
{
    nonet_grid g;
    if (nonet_grid_init(&g, a->box_rows, a->box_cols) != NONET_OK)
        return PyUnicode_FromString("");
    memcpy(g.cells, cells, (size_t)g.n * (size_t)g.n);
    char buf[NONET_MAX_CELLS * 3 + 8];
    nonet_format_opts fo = {0, a->symbols[0] ? a->symbols : NULL, NULL, 0};
    int n = g.n;
    long len =
        nonet_format_with(&g, n <= NONET_MAX_SYMBOL_SIDE ? NONET_LAYOUT_LINE : NONET_LAYOUT_NUMBERS,
                          &fo, buf, sizeof buf);
    if (len < 0)
        return PyUnicode_FromString("");
    if (n > NONET_MAX_SYMBOL_SIDE) /* rows of numbers: one line */
        for (long i = 0; i < len; i++)
            if (buf[i] == '\n')
                buf[i] = ' ';
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
        len--;
    return PyUnicode_FromStringAndSize(buf, len);
}

static PyObject *array_strings(ArrayObject *a, PyObject *unused)
{
    (void)unused;
    if (!a->box_rows || a->ndim != 2) {
        PyErr_SetString(PyExc_TypeError, "strings(): not an array of grids");
        return NULL;
    }
    PyObject *list = PyList_New(a->shape[0]);
    for (Py_ssize_t i = 0; list && i < a->shape[0]; i++) {
        PyObject *s = grid_line(a, (const uint8_t *)a->data + i * a->strides[0]);
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, s);
    }
    return list;
}

static PyObject *array_get_shape(ArrayObject *a, void *unused)
{
    (void)unused;
    PyObject *t = PyTuple_New(a->ndim);
    for (int i = 0; t && i < a->ndim; i++)
        PyTuple_SET_ITEM(t, i, PyLong_FromSsize_t(a->shape[i]));
    return t;
}

static PyObject *array_get_format(ArrayObject *a, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(a->format);
}

static PyObject *array_get_size(ArrayObject *a, void *unused)
{
    (void)unused;
    if (!a->box_rows)
        Py_RETURN_NONE;
    return PyUnicode_FromFormat("%dx%d", a->box_rows, a->box_cols);
}

static PyObject *array_repr(ArrayObject *a)
{
    PyObject *shape = array_get_shape(a, NULL);
    if (!shape)
        return NULL;
    PyObject *r;
    if (a->box_rows)
        r = PyUnicode_FromFormat("nonet.Array(shape=%R, format='%s', size='%dx%d')", shape,
                                 a->format, a->box_rows, a->box_cols);
    else
        r = PyUnicode_FromFormat("nonet.Array(shape=%R, format='%s')", shape, a->format);
    Py_DECREF(shape);
    return r;
}

static PyMethodDef array_methods[] = {
    {"tolist", (PyCFunction)array_tolist, METH_NOARGS, "The array as nested lists."},
    {"strings", (PyCFunction)array_strings, METH_NOARGS,
     "For an array of grids: each grid's line ('.' blanks), as `nonet` writes it."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef array_getset[] = {
    {"shape", (getter)array_get_shape, NULL, "The shape, as numpy's.", NULL},
    {"format", (getter)array_get_format, NULL, "The buffer protocol's format: B, b, i, q or d.",
     NULL},
    {"size", (getter)array_get_size, NULL, "For grids, their boxes as 'RxC' (else None).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject ArrayType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet.Array",
    .tp_basicsize = sizeof(ArrayObject),
    .tp_dealloc = (destructor)array_dealloc,
    .tp_repr = (reprfunc)array_repr,
    .tp_as_sequence = &array_as_sequence,
    .tp_as_buffer = &array_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An array of nonet's results: numpy.asarray() views it without a copy; "
              "len(), [i] and tolist() work without numpy.",
    .tp_methods = array_methods,
    .tp_getset = array_getset,
};

/* ---------------------------------------------------------------- batches */

/* Puzzles in, as the functions take them: every puzzle of one shape. */
typedef struct batch {
    Py_ssize_t count;
    int box_rows, box_cols, n;
    ArrayObject *grids; /* count x n*n cells (owned reference) */
    int8_t *status;     /* NONET_V_OK when read, NONET_V_ERROR when not */
    PyObject *messages; /* list of count: None or a str */
    PyObject *names;    /* list of count: str */
    PyObject *columns;  /* list of count: dict (CSV tables), or None */
} batch;

static void batch_free(batch *b)
{
    Py_CLEAR(b->grids);
    free(b->status);
    b->status = NULL;
    Py_CLEAR(b->messages);
    Py_CLEAR(b->names);
    Py_CLEAR(b->columns);
}

/* The boxes of a size argument ("2x3", 6, None), or 0, 0 for None. */
static int size_arg(PyObject *size, int *box_rows, int *box_cols)
{
    *box_rows = *box_cols = 0;
    if (!size || size == Py_None)
        return 0;
    if (PyLong_Check(size)) {
        long n = PyLong_AsLong(size);
        if (n < 1 || n > NONET_MAX_SIDE ||
            nonet_default_shape((int)n, box_rows, box_cols) != NONET_OK) {
            PyErr_Format(PyExc_ValueError, "size %ld: a side from 1 to %d", n, NONET_MAX_SIDE);
            return -1;
        }
        return 0;
    }
    const char *text = PyUnicode_Check(size) ? PyUnicode_AsUTF8(size) : NULL;
    if (!text || nonet_parse_shape(text, box_rows, box_cols) != NONET_OK) {
        PyErr_SetString(PyExc_ValueError,
                        "size: boxes 'RxC' ('3x3' for 9x9, '2x3' for 6x6) or a side (9)");
        return -1;
    }
    return 0;
}

/* Growable puzzles while reading (one shape, fixed by the first). */
typedef struct gather {
    batch *b;
    uint8_t *cells;
    Py_ssize_t cap;
    int forced; /* the shape came from size= */
} gather;

static int gather_add(gather *g, const nonet_puzzle *p)
{
    batch *b = g->b;
    if (b->count == g->cap) {
        Py_ssize_t cap = g->cap ? 2 * g->cap : 256;
        int8_t *status = realloc(b->status, (size_t)cap);
        if (!status)
            return -1;
        b->status = status;
        size_t cell_cap = (size_t)cap * (size_t)(b->n ? b->n * b->n : NONET_MAX_CELLS);
        uint8_t *cells = realloc(g->cells, cell_cap);
        if (!cells)
            return -1;
        g->cells = cells;
        g->cap = cap;
    }
    const char *why = NULL;
    char msg[200];
    if (p->error.code == NONET_OK && b->n == 0) {
        b->box_rows = p->grid.box_rows;
        b->box_cols = p->grid.box_cols;
        b->n = p->grid.n;
        uint8_t *cells = realloc(g->cells, (size_t)g->cap * (size_t)(b->n * b->n));
        if (!cells)
            return -1;
        g->cells = cells;
    }
    if (p->error.code != NONET_OK) {
        why = p->error.message;
    } else if (p->grid.box_rows != b->box_rows || p->grid.box_cols != b->box_cols) {
        snprintf(msg, sizeof msg,
                 "a %dx%d puzzle (boxes %dx%d) among %dx%d ones (boxes %dx%d): one size a call",
                 p->grid.n, p->grid.n, p->grid.box_rows, p->grid.box_cols, b->n, b->n, b->box_rows,
                 b->box_cols);
        why = msg;
    }
    Py_ssize_t i = b->count;
    if (b->n) {
        uint8_t *row = g->cells + (size_t)i * (size_t)(b->n * b->n);
        if (why)
            memset(row, 0, (size_t)(b->n * b->n));
        else
            memcpy(row, p->grid.cells, (size_t)(b->n * b->n));
    }
    b->status[i] = (int8_t)(why ? NONET_V_ERROR : NONET_V_OK);
    PyObject *m = why ? PyUnicode_DecodeUTF8(why, (Py_ssize_t)strlen(why), "replace") : Py_None;
    PyObject *name = PyUnicode_DecodeUTF8(p->name, (Py_ssize_t)strlen(p->name), "replace");
    if (!m || !name) {
        Py_XDECREF(name);
        return -1;
    }
    if (m == Py_None)
        Py_INCREF(m);
    int rc = PyList_Append(b->messages, m) | PyList_Append(b->names, name);
    Py_DECREF(m);
    Py_DECREF(name);
    PyObject *cols = Py_None;
    Py_INCREF(cols);
    if (p->ncolumns > 0) {
        Py_DECREF(cols);
        cols = PyDict_New();
        for (int k = 0; cols && k < p->ncolumns; k++) {
            const char *cn, *cv;
            nonet_puzzle_column(p, k, &cn, &cv);
            PyObject *v = PyUnicode_DecodeUTF8(cv, (Py_ssize_t)strlen(cv), "replace");
            if (!v || PyDict_SetItemString(cols, cn, v) < 0)
                Py_CLEAR(cols);
            Py_XDECREF(v);
        }
        if (!cols)
            return -1;
    }
    rc |= PyList_Append(b->columns, cols);
    Py_DECREF(cols);
    b->count++;
    return rc ? -1 : 0;
}

/* Ends a gathering: the cells become the batch's grid array. */
static int gather_end(gather *g)
{
    batch *b = g->b;
    if (!b->n) { /* nothing read: an empty 9x9 batch */
        b->box_rows = b->box_cols = 3;
        b->n = 9;
    }
    b->grids = grids_new(b->count, b->box_rows, b->box_cols);
    if (!b->grids)
        return -1;
    if (b->count)
        memcpy(b->grids->data, g->cells, (size_t)b->count * (size_t)(b->n * b->n));
    free(g->cells);
    g->cells = NULL;
    if (!b->status)
        b->status = malloc(1);
    return b->status ? 0 : -1;
}

static int batch_start(batch *b)
{
    memset(b, 0, sizeof *b);
    b->messages = PyList_New(0);
    b->names = PyList_New(0);
    b->columns = PyList_New(0);
    return b->messages && b->names && b->columns ? 0 : -1;
}

/* p as a failed puzzle with that message (no puzzle in a list's item). */
static void failed_puzzle(nonet_puzzle *p, const char *why)
{
    p->grid.n = p->grid.box_rows = p->grid.box_cols = 0;
    p->name[0] = '\0';
    p->ncolumns = 0;
    p->has_marks = 0;
    p->error.code = NONET_EEMPTY;
    snprintf(p->error.message, sizeof p->error.message, "%s", why);
}

/* Reads text (a whole input: every puzzle in it) or one puzzle of a list
 * (exactly one: none or more is an error of that item). */
static int read_text(gather *g, nonet_reader *r, nonet_puzzle *p, const char *text, Py_ssize_t len,
                     int one)
{
    int got = 0;
    Py_ssize_t used = 0;
    for (;;) {
        while (nonet_reader_next(r, p)) {
            got++;
            if (one && got > 1)
                continue; /* the first one is the item's */
            if (gather_add(g, p) < 0)
                return -1;
        }
        if (used >= len)
            break;
        used += (Py_ssize_t)nonet_reader_feed(r, text + used, (size_t)(len - used));
        if (used >= len)
            nonet_reader_end(r);
    }
    if (len == 0)
        nonet_reader_end(r);
    while (nonet_reader_next(r, p)) {
        got++;
        if (!one || got == 1)
            if (gather_add(g, p) < 0)
                return -1;
    }
    if (one && got != 1) {
        /* no puzzle, or several: the item fails, the batch stays aligned */
        if (got == 0) {
            failed_puzzle(p, "no puzzle in this string");
            if (gather_add(g, p) < 0)
                return -1;
        } else {
            batch *b = g->b;
            Py_ssize_t i = b->count - 1;
            b->status[i] = NONET_V_ERROR;
            PyObject *m = PyUnicode_FromString("more than one puzzle in this string");
            if (!m || PyList_SetItem(b->messages, i, m) < 0)
                return -1;
        }
    }
    return 0;
}

/* Reads a file as text, streaming. */
static int read_file(gather *g, nonet_reader *r, nonet_puzzle *p, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
        return -1;
    }
    char buf[1 << 16];
    size_t got;
    int rc = 0;
    while (rc == 0 && (got = fread(buf, 1, sizeof buf, f)) > 0) {
        size_t used = 0;
        while (used < got) {
            used += nonet_reader_feed(r, buf + used, got - used);
            while (nonet_reader_next(r, p))
                if (gather_add(g, p) < 0) {
                    rc = -1;
                    break;
                }
        }
    }
    if (ferror(f) && rc == 0) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
        rc = -1;
    }
    fclose(f);
    nonet_reader_end(r);
    while (rc == 0 && nonet_reader_next(r, p))
        if (gather_add(g, p) < 0)
            rc = -1;
    return rc;
}

/* An array of cells as a batch: shape (N, n*n), (n*n,) or (N, n, n), one
 * byte a cell, C-contiguous; digits above n fail their puzzle. */
static int read_buffer(batch *b, PyObject *obj, int box_rows, int box_cols)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "puzzles: a C-contiguous array of bytes (uint8) is "
                                          "needed (numpy.ascontiguousarray(a, dtype=numpy.uint8))");
        return -1;
    }
    int rc = -1;
    const char *fmt = view.format ? view.format : "B";
    if (view.itemsize != 1 || !(strcmp(fmt, "B") == 0 || strcmp(fmt, "b") == 0 ||
                                strcmp(fmt, "c") == 0 || strcmp(fmt, "?") == 0)) {
        PyErr_Format(PyExc_ValueError, "puzzles: one byte a cell (uint8), not format '%s'", fmt);
        goto done;
    }
    Py_ssize_t count, cells;
    if (view.ndim == 1) {
        count = 1, cells = view.shape ? view.shape[0] : view.len;
    } else if (view.ndim == 2) {
        count = view.shape[0], cells = view.shape[1];
    } else if (view.ndim == 3 && view.shape[1] == view.shape[2]) {
        count = view.shape[0], cells = view.shape[1] * view.shape[2];
    } else {
        PyErr_SetString(PyExc_ValueError, "puzzles: shape (N, n*n), (n*n,) or (N, n, n)");
        goto done;
    }
    int n = 0;
    while ((Py_ssize_t)(n + 1) * (n + 1) <= cells)
        n++;
    if ((Py_ssize_t)n * n != cells || n < 1 || n > NONET_MAX_SIDE) {
        PyErr_Format(PyExc_ValueError,
                     "puzzles: %zd cells a puzzle is no square n*n (81 for 9x9) up to %d*%d", cells,
                     NONET_MAX_SIDE, NONET_MAX_SIDE);
        goto done;
    }
    if (box_rows && box_rows * box_cols != n) {
        PyErr_Format(PyExc_ValueError, "size %dx%d: boxes of a %dx%d grid, not %dx%d", box_rows,
                     box_cols, box_rows * box_cols, box_rows * box_cols, n, n);
        goto done;
    }
    if (!box_rows)
        nonet_default_shape(n, &box_rows, &box_cols);
    b->box_rows = box_rows, b->box_cols = box_cols, b->n = n;
    b->count = count;
    b->grids = grids_new(count, box_rows, box_cols);
    b->status = malloc((size_t)(count ? count : 1));
    if (!b->grids || !b->status) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(b->grids->data, view.buf, (size_t)(count * cells));
    for (Py_ssize_t i = 0; i < count; i++) {
        const uint8_t *row = (const uint8_t *)b->grids->data + i * cells;
        Py_ssize_t bad = -1;
        for (Py_ssize_t c = 0; c < cells && bad < 0; c++)
            if (row[c] > n)
                bad = c;
        b->status[i] = (int8_t)(bad < 0 ? NONET_V_OK : NONET_V_ERROR);
        PyObject *m = Py_None;
        if (bad >= 0) {
            m = PyUnicode_FromFormat("cell %zd (row %zd, column %zd) holds %d: above %d", bad,
                                     bad / n + 1, bad % n + 1, row[bad], n);
            memset((uint8_t *)b->grids->data + i * cells, 0, (size_t)cells);
        } else {
            Py_INCREF(m);
        }
        if (!m || PyList_Append(b->messages, m) < 0) {
            Py_XDECREF(m);
            goto done;
        }
        Py_DECREF(m);
        PyObject *empty = PyUnicode_FromString("");
        int bad_append =
            !empty || PyList_Append(b->names, empty) < 0 || PyList_Append(b->columns, Py_None) < 0;
        Py_XDECREF(empty);
        if (bad_append)
            goto done;
    }
    rc = 0;
done:
    PyBuffer_Release(&view);
    return rc;
}

/* Any batch argument into *b: a buffer, a list of str, a str, a path.
 * Returns 0, or -1 with an exception (a bad argument, not a bad puzzle). */
static int batch_from(batch *b, PyObject *src, PyObject *size, PyObject *column)
{
    if (batch_start(b) < 0)
        return -1;
    int box_rows, box_cols;
    if (size_arg(size, &box_rows, &box_cols) < 0)
        return -1;
    if (PyObject_CheckBuffer(src) && !PyBytes_Check(src) && !PyByteArray_Check(src)) {
        /* A grid array of ours keeps its boxes unless size= says otherwise. */
        if (!box_rows && PyObject_TypeCheck(src, &ArrayType)) {
            box_rows = ((ArrayObject *)src)->box_rows;
            box_cols = ((ArrayObject *)src)->box_cols;
        }
        return read_buffer(b, src, box_rows, box_cols);
    }
    const char *col = NULL;
    char number[24];
    if (column && column != Py_None) {
        if (PyLong_Check(column)) {
            long k = PyLong_AsLong(column);
            if (k < 1) {
                PyErr_SetString(PyExc_ValueError, "column: a number from 1");
                return -1;
            }
            snprintf(number, sizeof number, "%ld", k);
            col = number;
        } else {
            col = PyUnicode_Check(column) ? PyUnicode_AsUTF8(column) : NULL;
        }
        if (!col) {
            PyErr_SetString(PyExc_TypeError, "column: a name (str) or a number from 1");
            return -1;
        }
    }
    nonet_read_opts opts = {NONET_LAYOUT_AUTO, box_rows, box_cols, NULL, col};
    nonet_reader *r = nonet_reader_new(&opts);
    nonet_puzzle *p = malloc(sizeof *p);
    gather g = {b, NULL, 0, box_rows != 0};
    int rc = -1;
    if (!r || !p) {
        PyErr_NoMemory();
        goto done;
    }
    if (PyUnicode_Check(src)) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(src, &len);
        if (text)
            rc = read_text(&g, r, p, text, len, 0);
    } else if (PyBytes_Check(src) || PyByteArray_Check(src)) {
        PyErr_SetString(PyExc_TypeError,
                        "puzzles: bytes are neither text (str) nor cells (an array of uint8); "
                        "decode them, or give numpy.frombuffer(b, numpy.uint8)");
    } else if (PyList_Check(src) || PyTuple_Check(src)) {
        PyObject *seq = PySequence_Fast(src, "puzzles");
        rc = seq ? 0 : -1;
        for (Py_ssize_t i = 0; rc == 0 && i < PySequence_Fast_GET_SIZE(seq); i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
            Py_ssize_t len;
            const char *text = PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, &len) : NULL;
            if (!text) {
                PyErr_Format(PyExc_TypeError, "puzzles[%zd]: a str of puzzle text, not %s", i,
                             Py_TYPE(item)->tp_name);
                rc = -1;
                break;
            }
            nonet_reader_reset(r);
            rc = read_text(&g, r, p, text, len, 1);
        }
        Py_XDECREF(seq);
    } else {
        PyObject *path = PyOS_FSPath(src);
        if (path) {
            PyObject *bytes = NULL;
            if (PyUnicode_FSConverter(path, &bytes))
                rc = read_file(&g, r, p, PyBytes_AsString(bytes));
            Py_XDECREF(bytes);
            Py_DECREF(path);
        } else {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "puzzles: an array of uint8, a list of str, a str of puzzle text or a "
                         "path (os.PathLike), not %s",
                         Py_TYPE(src)->tp_name);
        }
    }
    if (rc == 0 && gather_end(&g) < 0) {
        PyErr_NoMemory();
        rc = -1;
    }
done:
    free(g.cells);
    free(p);
    nonet_reader_free(r);
    return rc;
}

/* ---------------------------------------------------------------- threads */

/* A parallel loop over [0, count): each thread takes the next chunk of
 * items and calls fn on each with its own scratch (made by make, freed by
 * free_fn). Runs without the GIL; fn must not touch Python objects. */
typedef struct loop {
    Py_ssize_t count;
    atomic_llong next;
    void (*fn)(void *ctx, void *scratch, Py_ssize_t i);
    void *(*make)(void *ctx);
    void (*free_fn)(void *scratch);
    void *ctx;
    atomic_int failed; /* a scratch could not be made */
} loop;

enum { CHUNK = 32 };

static void *loop_thread(void *arg)
{
    loop *l = arg;
    void *scratch = l->make ? l->make(l->ctx) : NULL;
    if (l->make && !scratch) {
        atomic_store(&l->failed, 1);
        return NULL;
    }
    for (;;) {
        long long from = atomic_fetch_add(&l->next, CHUNK);
        if (from >= l->count)
            break;
        long long to = from + CHUNK < l->count ? from + CHUNK : l->count;
        for (long long i = from; i < to; i++)
            l->fn(l->ctx, scratch, (Py_ssize_t)i);
    }
    if (l->free_fn)
        l->free_fn(scratch);
    return NULL;
}

static int threads_wanted(int threads, Py_ssize_t count)
{
    if (threads <= 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
    }
    if (threads > 64)
        threads = 64;
    Py_ssize_t chunks = (count + CHUNK - 1) / CHUNK;
    if (chunks < threads)
        threads = chunks < 1 ? 1 : (int)chunks;
    return threads;
}

/* Runs the loop on threads threads (0: every core), the GIL released.
 * Returns 0, or -1 with MemoryError. */
static int run_loop(loop *l, int threads)
{
    atomic_store(&l->next, 0);
    atomic_store(&l->failed, 0);
    int t = threads_wanted(threads, l->count);
    pthread_t ids[64];
    int started = 0;
    Py_BEGIN_ALLOW_THREADS for (; started < t - 1;
                                started++) if (pthread_create(&ids[started], NULL, loop_thread,
                                                              l) != 0) break;
    loop_thread(l); /* this thread is one of them */
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    Py_END_ALLOW_THREADS if (atomic_load(&l->failed))
    {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- solving */

typedef struct solve_job {
    batch *b;
    uint64_t limit;
    int unique;      /* solve: more than one solution fails */
    uint8_t *out;    /* solutions (count x n*n) or NULL */
    int64_t *counts; /* count: the counts, or NULL */
    int8_t *status;  /* verdicts */
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

static void solve_one(void *ctx, void *scratch, Py_ssize_t i)
{
    solve_job *j = ctx;
    batch *b = j->b;
    int cells = b->n * b->n;
    if (b->status[i] != NONET_V_OK) {
        j->status[i] = b->status[i];
        return;
    }
    nonet_grid g, sol;
    g.box_rows = b->box_rows, g.box_cols = b->box_cols, g.n = b->n;
    memcpy(g.cells, b->grids->data + (size_t)i * (size_t)cells, (size_t)cells);
    uint64_t count = 0;
    int rc = nonet_solver_count(scratch, &g, j->limit, &count, j->out ? &sol : NULL, NULL);
    nonet_check_result chk;
    if (rc != NONET_OK)
        j->status[i] = NONET_V_ERROR;
    else if (count == 0)
        j->status[i] =
            nonet_check(&g, &chk) == NONET_ECONFLICT ? NONET_V_INVALID : NONET_V_NO_SOLUTION;
    else if (j->limit == 1)
        j->status[i] = NONET_V_SOLVED;
    else
        j->status[i] = count == 1 && count < j->limit ? NONET_V_UNIQUE : NONET_V_MULTIPLE;
    if (j->counts)
        j->counts[i] = (int64_t)count;
    if (j->out && count > 0 && !(j->unique && count > 1))
        memcpy(j->out + (size_t)i * (size_t)cells, sol.cells, (size_t)cells);
}

/* The messages of the verdicts the solving added (read errors keep
 * theirs). */
static int verdict_messages(batch *b, const int8_t *status, int unique)
{
    int cells = b->n * b->n;
    for (Py_ssize_t i = 0; i < b->count; i++) {
        char why[200] = "";
        if (status[i] == NONET_V_INVALID) {
            nonet_grid g;
            nonet_check_result chk;
            g.box_rows = b->box_rows, g.box_cols = b->box_cols, g.n = b->n;
            memcpy(g.cells, b->grids->data + (size_t)i * (size_t)cells, (size_t)cells);
            if (nonet_check(&g, &chk) == NONET_ECONFLICT)
                nonet_describe_conflict(&chk.conflict, b->n, why, sizeof why);
        } else if (status[i] == NONET_V_MULTIPLE && unique) {
            snprintf(why, sizeof why, "more than one solution");
        } else if (status[i] == NONET_V_ERROR && b->status[i] == NONET_V_OK) {
            snprintf(why, sizeof why, "the solver failed (out of memory)");
        }
        if (why[0]) {
            PyObject *m = PyUnicode_FromString(why);
            if (!m || PyList_SetItem(b->messages, i, m) < 0)
                return -1;
        }
    }
    return 0;
}

static ArrayObject *status_array(Py_ssize_t count)
{
    Py_ssize_t shape[1] = {count};
    return array_new('b', 1, shape);
}

static const char *const solve_kw[] = {"puzzles", "size",    "column", "unique",
                                       "first",   "threads", NULL};

static PyObject *py_solve(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None;
    int unique = 0, first = 0, threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOppi:solve", (char **)solve_kw, &src, &size,
                                     &column, &unique, &first, &threads))
        return NULL;
    batch b;
    if (batch_from(&b, src, size, column) < 0) {
        batch_free(&b);
        return NULL;
    }
    ArrayObject *sol = grids_new(b.count, b.box_rows, b.box_cols);
    ArrayObject *st = status_array(b.count);
    PyObject *result = NULL;
    if (sol && st) {
        solve_job job = {&b, first ? 1 : 2, unique, (uint8_t *)sol->data, NULL, (int8_t *)st->data};
        loop l = {.count = b.count,
                  .fn = solve_one,
                  .make = make_solver,
                  .free_fn = free_solver,
                  .ctx = &job};
        if (run_loop(&l, threads) == 0 && verdict_messages(&b, job.status, unique) == 0)
            result = Py_BuildValue("(OOO)", sol, st, b.messages);
    }
    Py_XDECREF(sol);
    Py_XDECREF(st);
    batch_free(&b);
    return result;
}

static const char *const count_kw[] = {"puzzles", "size", "column", "limit", "threads", NULL};

static PyObject *py_count(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None;
    unsigned long long limit = 2;
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOKi:count", (char **)count_kw, &src, &size,
                                     &column, &limit, &threads))
        return NULL;
    batch b;
    if (batch_from(&b, src, size, column) < 0) {
        batch_free(&b);
        return NULL;
    }
    Py_ssize_t shape[1] = {b.count};
    ArrayObject *counts = array_new('q', 1, shape);
    ArrayObject *st = status_array(b.count);
    PyObject *result = NULL;
    if (counts && st) {
        solve_job job = {&b, limit, 0, NULL, (int64_t *)counts->data, (int8_t *)st->data};
        loop l = {.count = b.count,
                  .fn = solve_one,
                  .make = make_solver,
                  .free_fn = free_solver,
                  .ctx = &job};
        if (run_loop(&l, threads) == 0 && verdict_messages(&b, job.status, 0) == 0)
            result = Py_BuildValue("(OOO)", counts, st, b.messages);
    }
    Py_XDECREF(counts);
    Py_XDECREF(st);
    batch_free(&b);
    return result;
}

/* ---------------------------------------------------------------- read, format */

static const char *const read_kw[] = {"puzzles", "size", "column", NULL};

static PyObject *py_read(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO:read", (char **)read_kw, &src, &size, &column))
        return NULL;
    batch b;
    if (batch_from(&b, src, size, column) < 0) {
        batch_free(&b);
        return NULL;
    }
    ArrayObject *st = status_array(b.count);
    PyObject *result = NULL;
    if (st) {
        memcpy(st->data, b.status, (size_t)b.count);
        result = Py_BuildValue("(OOOOO)", b.grids, b.names, st, b.messages, b.columns);
    }
    Py_XDECREF(st);
    batch_free(&b);
    return result;
}

static const char *const format_kw[] = {"puzzles", "layout", "size", NULL};

static PyObject *py_format(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None;
    const char *layout_name = "line";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|sO:format", (char **)format_kw, &src,
                                     &layout_name, &size))
        return NULL;
    nonet_layout layout;
    if (nonet_layout_from_name(layout_name, &layout) != NONET_OK || layout == NONET_LAYOUT_AUTO ||
        layout == NONET_LAYOUT_JSON || layout == NONET_LAYOUT_CSV) {
        PyErr_Format(PyExc_ValueError,
                     "layout '%s': line, grid, spaced, knuth, numbers, boxed or candidates",
                     layout_name);
        return NULL;
    }
    batch b;
    if (batch_from(&b, src, size, Py_None) < 0) {
        batch_free(&b);
        return NULL;
    }
    /* puzzles apart as the CLI writes them: what is written reads back */
    PyObject *parts = PyList_New(0);
    int cells = b.n * b.n, apart = layout != NONET_LAYOUT_LINE || b.n <= 3;
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    for (Py_ssize_t i = 0; parts && buf && i < b.count; i++) {
        nonet_grid g;
        g.box_rows = b.box_rows, g.box_cols = b.box_cols, g.n = b.n;
        memcpy(g.cells, b.grids->data + (size_t)i * (size_t)cells, (size_t)cells);
        nonet_format_opts fo = {0, NULL, NULL, 1};
        long need = nonet_format_with(&g, layout, &fo, buf, cap);
        if (need < 0) {
            PyErr_Format(PyExc_ValueError, "a %dx%d grid cannot be written in the %s layout", b.n,
                         b.n, layout_name);
            Py_CLEAR(parts);
            break;
        }
        if ((size_t)need >= cap) {
            cap = (size_t)need + 1;
            char *grown = realloc(buf, cap);
            if (!grown)
                break;
            buf = grown;
            nonet_format_with(&g, layout, &fo, buf, cap);
        }
        PyObject *s = PyUnicode_FromStringAndSize(buf, need);
        if (!s || PyList_Append(parts, s) < 0)
            Py_CLEAR(parts);
        Py_XDECREF(s);
    }
    PyObject *result = NULL;
    if (parts && buf) {
        PyObject *sep = PyUnicode_FromString(apart ? "\n" : "");
        if (sep)
            result = PyUnicode_Join(sep, parts);
        Py_XDECREF(sep);
    } else if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    free(buf);
    Py_XDECREF(parts);
    batch_free(&b);
    return result;
}

/* ---------------------------------------------------------------- module */

static PyObject *py_verdicts(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(NONET_V_WRONG + 1);
    for (int v = 0; t && v <= NONET_V_WRONG; v++)
        PyTuple_SET_ITEM(t, v, PyUnicode_FromString(nonet_verdict_word((nonet_verdict)v)));
    return t;
}

static PyMethodDef module_methods[] = {
    {"read", (PyCFunction)(void (*)(void))py_read, METH_VARARGS | METH_KEYWORDS, NULL},
    {"format", (PyCFunction)(void (*)(void))py_format, METH_VARARGS | METH_KEYWORDS, NULL},
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_VARARGS | METH_KEYWORDS, NULL},
    {"count", (PyCFunction)(void (*)(void))py_count, METH_VARARGS | METH_KEYWORDS, NULL},
    {"verdicts", py_verdicts, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "_nonet",
    "libnonet's batches (see the nonet package).",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__nonet(void)
{
    if (PyType_Ready(&ArrayType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    Py_INCREF(&ArrayType);
    if (PyModule_AddObject(m, "Array", (PyObject *)&ArrayType) < 0 ||
        PyModule_AddStringConstant(m, "version", NONET_VERSION) < 0) {
        Py_DECREF(&ArrayType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
