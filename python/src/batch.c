/* batch.c - puzzles in, as every function takes them: a buffer of (N, n*n)
 * bytes, a list of strings (one puzzle each), a str of puzzle text, or a
 * path (os.PathLike). */
#include "binding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void nb_batch_free(nb_batch *b)
{
    if (b->has_view)
        PyBuffer_Release(&b->view);
    b->has_view = 0;
    b->cells = NULL;
    Py_CLEAR(b->grids);
    free(b->status);
    b->status = NULL;
    Py_CLEAR(b->messages);
    Py_CLEAR(b->names);
    Py_CLEAR(b->columns);
}

void nb_batch_grid(const nb_batch *b, Py_ssize_t i, nonet_grid *g)
{
    size_t cells = (size_t)b->n * (size_t)b->n;
    g->box_rows = b->box_rows;
    g->box_cols = b->box_cols;
    g->n = b->n;
    memcpy(g->cells, b->cells + (size_t)i * cells, cells);
}

int nb_set_message(nb_batch *b, Py_ssize_t i, const char *text)
{
    if (!text[0])
        return 0;
    PyObject *m = PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
    return m && PyList_SetItem(b->messages, i, m) == 0 ? 0 : -1;
}

/* The reader and the puzzle kept between calls (binding.h), taken while
 * in use: a call made meanwhile (from a signal handler, a __fspath__)
 * makes its own. A reader with a column keeps a pointer to its name (a
 * str's, or a number on the stack): such a reader is never kept. */
static nonet_reader *kept_reader;
static int kept_rows, kept_cols;
static nonet_puzzle *kept_puzzle;

nonet_reader *nb_reader_take(int box_rows, int box_cols, const char *column)
{
    if (kept_reader && (!column || !column[0]) && box_rows == kept_rows && box_cols == kept_cols) {
        nonet_reader *r = kept_reader;
        kept_reader = NULL;
        nonet_reader_reset(r);
        return r;
    }
    nonet_read_opts opts = {NONET_LAYOUT_AUTO, box_rows, box_cols, NULL, column};
    return nonet_reader_new(&opts);
}

void nb_reader_give(nonet_reader *r, int box_rows, int box_cols, const char *column)
{
    if (!r || (column && column[0])) {
        nonet_reader_free(r);
        return;
    }
    nonet_reader_free(kept_reader); /* the last one's shape is kept */
    kept_reader = r;
    kept_rows = box_rows;
    kept_cols = box_cols;
}

nonet_puzzle *nb_puzzle_take(void)
{
    nonet_puzzle *p = kept_puzzle;
    kept_puzzle = NULL;
    return p ? p : malloc(sizeof *p);
}

void nb_puzzle_give(nonet_puzzle *p)
{
    if (kept_puzzle)
        free(p);
    else
        kept_puzzle = p;
}

/* The boxes of a size argument ("2x3", 6, None), or 0, 0 for None. */
int nb_size_arg(PyObject *size, int *box_rows, int *box_cols)
{
    static const char want[] = "the boxes 'RxC' ('3x3' for 9x9, '2x3' for 6x6) or a side "
                               "from 1 to 64 (9)";
    *box_rows = *box_cols = 0;
    if (!size || size == Py_None)
        return 0;
    if (!PyUnicode_Check(size)) {
        long long n;
        if (nb_int_arg(size, "size", 1, NONET_MAX_SIDE, want, &n) < 0)
            return -1;
        nonet_default_shape((int)n, box_rows, box_cols);
        return 0;
    }
    const char *text;
    if (nb_str_arg(size, "size", want, &text) < 0)
        return -1;
    if (nonet_parse_shape(text, box_rows, box_cols) != NONET_OK) {
        PyErr_Format(PyExc_ValueError, "size: %s, not %R", want, size);
        return -1;
    }
    return 0;
}

/* Growable puzzles while reading (one shape, fixed by the first). */
typedef struct gather {
    nb_batch *b;
    uint8_t *cells;
    Py_ssize_t cap;
    int forced; /* the shape came from size= */
} gather;

static int gather_add(gather *g, const nonet_puzzle *p)
{
    nb_batch *b = g->b;
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
        size_t want = (size_t)g->cap * ((size_t)b->n * (size_t)b->n);
        uint8_t *cells = realloc(g->cells, want ? want : 1);
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
    if (b->n && g->cells) {
        uint8_t *row = g->cells + (size_t)i * ((size_t)b->n * (size_t)b->n);
        if (why)
            memset(row, 0, ((size_t)b->n * (size_t)b->n));
        else
            memcpy(row, p->grid.cells, ((size_t)b->n * (size_t)b->n));
    }
    b->status[i] = (int8_t)(why ? NONET_V_ERROR : NONET_V_OK);
    PyObject *m = why ? PyUnicode_DecodeUTF8(why, (Py_ssize_t)strlen(why), "replace") : Py_None;
    if (!m)
        return -1;
    if (m == Py_None)
        Py_INCREF(m);
    int rc = PyList_Append(b->messages, m);
    Py_DECREF(m);
    b->count++;
    if (!b->names)
        return rc ? -1 : 0;
    PyObject *name = PyUnicode_DecodeUTF8(p->name, (Py_ssize_t)strlen(p->name), "replace");
    if (!name)
        return -1;
    rc |= PyList_Append(b->names, name);
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
    return rc ? -1 : 0;
}

/* Ends a gathering: the cells become the batch's grid array. */
static int gather_end(gather *g)
{
    nb_batch *b = g->b;
    if (!b->n) { /* nothing read: an empty 9x9 batch */
        b->box_rows = b->box_cols = 3;
        b->n = 9;
    }
    b->grids = nb_grids_new(b->count, b->box_rows, b->box_cols);
    if (!b->grids)
        return -1;
    if (b->count && g->cells)
        memcpy(b->grids->data, g->cells, (size_t)b->count * ((size_t)b->n * (size_t)b->n));
    b->cells = (const uint8_t *)b->grids->data;
    free(g->cells);
    g->cells = NULL;
    if (!b->status)
        b->status = malloc(1);
    return b->status ? 0 : -1;
}

/* names: whether the puzzles' names and CSV columns are kept (read()
 * returns them; the other functions have no use for them) */
static int batch_start(nb_batch *b, int names)
{
    memset(b, 0, sizeof *b);
    b->messages = PyList_New(0);
    if (names) {
        b->names = PyList_New(0);
        b->columns = PyList_New(0);
    }
    return b->messages && (!names || (b->names && b->columns)) ? 0 : -1;
}

/* The common case of a list's item, read as the reader would but without
 * it: 81 characters of digits, '.' or '0' for blanks, in a batch of 9x9
 * puzzles (or one whose shape is not set yet). Returns 1 with the puzzle
 * in *p, else 0 (the reader reads it). */
static int line81(const gather *g, nonet_puzzle *p, const char *text)
{
    const nb_batch *b = g->b;
    if (b->n ? b->box_rows != 3 || b->box_cols != 3 : g->forced)
        return 0;
    for (int c = 0; c < 81; c++)
        if (!((text[c] >= '0' && text[c] <= '9') || text[c] == '.'))
            return 0;
    nonet_grid_init(&p->grid, 3, 3);
    for (int c = 0; c < 81; c++)
        p->grid.cells[c] = (uint8_t)(text[c] == '.' ? 0 : text[c] - '0');
    p->name[0] = '\0';
    p->ncolumns = 0;
    p->has_marks = 0;
    p->error.code = NONET_OK;
    return 1;
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
            nb_batch *b = g->b;
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
        if (PyErr_CheckSignals() < 0) { /* Ctrl-C in a long file */
            rc = -1;
            break;
        }
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
 * byte a cell, C-contiguous; digits above n fail their puzzle. The batch
 * holds the caller's buffer, no copy, until freed. */
static int read_buffer(nb_batch *b, PyObject *obj, int box_rows, int box_cols)
{
    Py_buffer *view = &b->view;
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        /* why: not contiguous (it has a buffer, strided), or no format */
        PyErr_Clear();
        int strided = PyObject_GetBuffer(obj, view, PyBUF_FULL_RO) == 0;
        if (strided)
            PyBuffer_Release(view);
        else
            PyErr_Clear();
        PyErr_SetString(PyExc_ValueError,
                        strided ? "puzzles: a C-contiguous array is needed, not a strided view "
                                  "(numpy.ascontiguousarray(a))"
                                : "puzzles: an array of uint8, one byte a cell, is needed "
                                  "(numpy.ascontiguousarray(a, dtype=numpy.uint8))");
        return -1;
    }
    b->has_view = 1;
    const char *fmt = view->format ? view->format : "B";
    const char *dtype = nb_dtype_name(fmt, view->itemsize);
    if (view->itemsize != 1 || !dtype ||
        !(strcmp(dtype, "uint8") == 0 || strcmp(dtype, "int8") == 0)) {
        if (dtype)
            PyErr_Format(PyExc_ValueError,
                         "puzzles: an array of uint8 (0 a blank, 1..n a digit) is needed, not "
                         "%s: numpy.asarray(a, dtype=numpy.uint8)",
                         dtype);
        else
            PyErr_Format(PyExc_ValueError,
                         "puzzles: an array of uint8 (0 a blank, 1..n a digit) is needed, not "
                         "items of format '%s' (%zd bytes)",
                         fmt, view->itemsize);
        return -1;
    }
    Py_ssize_t count, cells;
    if (view->ndim == 1) {
        count = 1, cells = view->shape ? view->shape[0] : view->len;
    } else if (view->ndim == 2) {
        count = view->shape[0], cells = view->shape[1];
    } else if (view->ndim == 3 && view->shape[1] == view->shape[2]) {
        count = view->shape[0], cells = view->shape[1] * view->shape[2];
    } else {
        PyObject *shape = PyTuple_New(view->ndim);
        for (int k = 0; shape && k < view->ndim; k++)
            PyTuple_SET_ITEM(shape, k, PyLong_FromSsize_t(view->shape[k]));
        if (shape)
            PyErr_Format(PyExc_ValueError,
                         "puzzles: an array of shape (N, n*n), (n*n,) or (N, n, n), not %R", shape);
        Py_XDECREF(shape);
        return -1;
    }
    int n = 0;
    while ((Py_ssize_t)(n + 1) * (n + 1) <= cells)
        n++;
    if ((Py_ssize_t)n * n != cells || n < 1 || n > NONET_MAX_SIDE) {
        PyErr_Format(PyExc_ValueError,
                     "puzzles: %zd cells a puzzle is no square n*n (81 for 9x9) up to %d*%d", cells,
                     NONET_MAX_SIDE, NONET_MAX_SIDE);
        return -1;
    }
    if (box_rows && box_rows * box_cols != n) {
        PyErr_Format(PyExc_ValueError, "size %dx%d: boxes of a %dx%d grid, not %dx%d", box_rows,
                     box_cols, box_rows * box_cols, box_rows * box_cols, n, n);
        return -1;
    }
    if (!box_rows)
        nonet_default_shape(n, &box_rows, &box_cols);
    b->box_rows = box_rows, b->box_cols = box_cols, b->n = n;
    b->count = count;
    b->cells = view->buf;
    b->status = malloc((size_t)(count ? count : 1));
    /* names and columns: none (read() makes them), so that a large array
     * costs its status and messages only */
    Py_CLEAR(b->messages);
    Py_CLEAR(b->names);
    Py_CLEAR(b->columns);
    b->messages = PyList_New(count);
    if (!b->status || !b->messages) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        const uint8_t *row = b->cells + i * cells;
        Py_ssize_t bad = -1;
        for (Py_ssize_t c = 0; c < cells && bad < 0; c++)
            if (row[c] > n)
                bad = c;
        b->status[i] = (int8_t)(bad < 0 ? NONET_V_OK : NONET_V_ERROR);
        PyObject *m = Py_None;
        if (bad >= 0) {
            m = PyUnicode_FromFormat("cell %zd (row %zd, column %zd) holds %d: above %d", bad,
                                     bad / n + 1, bad % n + 1, row[bad], n);
            if (!m)
                return -1;
        } else {
            Py_INCREF(m);
        }
        PyList_SET_ITEM(b->messages, i, m);
    }
    return 0;
}

void nb_no_puzzle_error(const char *arg, PyObject *src, const char *text, Py_ssize_t len)
{
    /* a name: one short line; it is quoted in the advice, and said to be
     * a file's when one exists */
    int name =
        len > 0 && len <= 200 && !memchr(text, '\n', (size_t)len) && strlen(text) == (size_t)len;
    struct stat st;
    int file = name && stat(text, &st) == 0;
    if (name)
        PyErr_Format(PyExc_ValueError,
                     "%s: no puzzle in input %R: a str is puzzle text, never a file name%s; "
                     "pass a file as pathlib.Path(%R) (or its text: open(%R).read())",
                     arg, src, file ? " (a file of that name exists)" : "", src, src);
    else
        PyErr_Format(PyExc_ValueError,
                     "%s: no puzzle in input (a str of %zd characters): a str is puzzle text, "
                     "never a file name; pass a file as pathlib.Path(NAME) (or its text: "
                     "open(NAME).read())",
                     arg, PyUnicode_GET_LENGTH(src));
}

/* Any batch argument into *b: a buffer, a list of str, a str, a path.
 * Returns 0, or -1 with an exception (a bad argument, not a bad puzzle). */
static int batch_from(nb_batch *b, PyObject *src, PyObject *size, PyObject *column, int names)
{
    if (batch_start(b, names) < 0)
        return -1;
    int box_rows, box_cols;
    if (nb_size_arg(size, &box_rows, &box_cols) < 0)
        return -1;
    if (PyObject_CheckBuffer(src) && !PyBytes_Check(src) && !PyByteArray_Check(src)) {
        if (column && column != Py_None) {
            PyErr_SetString(PyExc_ValueError,
                            "column: picks a CSV table's puzzle column; an array of grids "
                            "has none");
            return -1;
        }
        /* A grid array of ours keeps its boxes unless size= says otherwise. */
        if (!box_rows && PyObject_TypeCheck(src, &nb_ArrayType)) {
            box_rows = ((ArrayObject *)src)->box_rows;
            box_cols = ((ArrayObject *)src)->box_cols;
        }
        return read_buffer(b, src, box_rows, box_cols);
    }
    const char *col = NULL;
    char number[24];
    static const char want[] = "a CSV table's puzzle column, by its name or its number from 1";
    if (column && column != Py_None) {
        if (PyUnicode_Check(column)) {
            if (nb_str_arg(column, "column", want, &col) < 0)
                return -1;
            if (!col[0]) {
                PyErr_Format(PyExc_ValueError, "column: %s, not ''", want);
                return -1;
            }
        } else {
            long long k;
            if (nb_int_arg(column, "column", 1, 1 << 30, want, &k) < 0)
                return -1;
            snprintf(number, sizeof number, "%lld", k);
            col = number;
        }
    }
    nonet_reader *r = nb_reader_take(box_rows, box_cols, col);
    nonet_puzzle *p = nb_puzzle_take();
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
        if (rc == 0 && b->count == 0) {
            nb_no_puzzle_error("puzzles", src, text, len);
            rc = -1;
        }
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
            if ((i & 0xffff) == 0xffff && PyErr_CheckSignals() < 0) { /* Ctrl-C */
                rc = -1;
                break;
            }
            const char *text = PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, &len) : NULL;
            if (!text) {
                PyErr_Format(PyExc_TypeError, "puzzles[%zd]: a str of puzzle text, not %s", i,
                             Py_TYPE(item)->tp_name);
                rc = -1;
                break;
            }
            if (len == 81 && line81(&g, p, text)) {
                rc = gather_add(&g, p);
                continue;
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
            /* as the command: "no puzzle in FILE", a warning, not an error */
            if (rc == 0 && b->count == 0 &&
                PyErr_WarnFormat(PyExc_UserWarning, 1, "no puzzle in %S", path) < 0)
                rc = -1;
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
    nb_puzzle_give(p);
    nb_reader_give(r, box_rows, box_cols, col);
    return rc;
}

int nb_batch_from(nb_batch *b, PyObject *src, PyObject *size, PyObject *column)
{
    return batch_from(b, src, size, column, 0);
}

int nb_batch_read(nb_batch *b, PyObject *src, PyObject *size, PyObject *column)
{
    return batch_from(b, src, size, column, 1);
}

/* The current exception's message, "puzzles: ..." (nb_batch_from's),
 * said of name instead. */
static void rename_error(const char *name)
{
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyErr_NormalizeException(&type, &value, &trace);
    PyObject *text = value ? PyObject_Str(value) : NULL;
    const char *m = text ? PyUnicode_AsUTF8(text) : NULL;
    if (m && strncmp(m, "puzzles", 7) == 0 &&
        (PyErr_GivenExceptionMatches(type, PyExc_ValueError) ||
         PyErr_GivenExceptionMatches(type, PyExc_TypeError))) {
        PyErr_Format(type, "%s%s", name, m + 7);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(trace);
    } else {
        PyErr_Clear();
        PyErr_Restore(type, value, trace);
    }
    Py_XDECREF(text); /* after PyErr_Restore: no exception of its own to lose */
}

int nb_solutions_from(nb_batch *s, PyObject *src, const nb_batch *b)
{
    int rc;
    if (PyObject_CheckBuffer(src) && !PyBytes_Check(src) && !PyByteArray_Check(src)) {
        rc = nb_batch_from(s, src, Py_None, Py_None); /* its side, then the puzzles' boxes */
        if (rc == 0 && s->n == b->n) {
            s->box_rows = b->box_rows;
            s->box_cols = b->box_cols;
        }
    } else {
        char shape[24];
        snprintf(shape, sizeof shape, "%dx%d", b->box_rows, b->box_cols);
        PyObject *boxes = PyUnicode_FromString(shape);
        rc = boxes ? nb_batch_from(s, src, boxes, Py_None) : -1;
        Py_XDECREF(boxes);
    }
    if (rc < 0) {
        rename_error("solutions");
        return -1;
    }
    if (s->n != b->n) {
        PyErr_Format(PyExc_ValueError,
                     "solutions: grids of %dx%d for puzzles of %dx%d (the same size)", s->n, s->n,
                     b->n, b->n);
        return -1;
    }
    if (s->count != b->count) {
        PyErr_Format(PyExc_ValueError, "solutions: %zd for %zd puzzles (one each)", s->count,
                     b->count);
        return -1;
    }
    return 0;
}
