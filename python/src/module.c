/* module.c - read, format, and the module _nonet itself. */
#include "binding.h"

#include <stdlib.h>
#include <string.h>

static const char *const read_kw[] = {"puzzles", "size", "column", NULL};

PyObject *nb_read(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO:read", (char **)read_kw, &src, &size, &column))
        return NULL;
    nb_batch b;
    if (nb_batch_read(&b, src, size, column) < 0) {
        nb_batch_free(&b);
        return NULL;
    }
    ArrayObject *st = nb_vector_new('b', b.count);
    PyObject *result = NULL;
    /* the grids: those read from text, or a copy of the caller's array,
     * all blanks where a puzzle failed */
    ArrayObject *grids = b.grids;
    if (grids) {
        Py_INCREF(grids);
    } else if ((grids = nb_grids_new(b.count, b.box_rows, b.box_cols)) != NULL) {
        size_t cells = (size_t)b.n * (size_t)b.n;
        for (Py_ssize_t i = 0; i < b.count; i++)
            if (b.status[i] == NONET_V_OK)
                memcpy(grids->data + (size_t)i * cells, b.cells + (size_t)i * cells, cells);
    }
    if (!b.names && (b.names = PyList_New(b.count)) != NULL) /* an array's */
        for (Py_ssize_t i = 0; i < b.count; i++)
            PyList_SET_ITEM(b.names, i, PyUnicode_FromString(""));
    if (!b.columns && (b.columns = PyList_New(b.count)) != NULL)
        for (Py_ssize_t i = 0; i < b.count; i++) {
            Py_INCREF(Py_None);
            PyList_SET_ITEM(b.columns, i, Py_None);
        }
    if (st && grids && b.names && b.columns) {
        memcpy(st->data, b.status, (size_t)b.count);
        result = Py_BuildValue("(OOOOO)", grids, b.names, st, b.messages, b.columns);
    }
    Py_XDECREF(grids);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}

static const char *const format_kw[] = {"puzzles", "layout", "size", NULL};

PyObject *nb_format(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *layout_o = NULL;
    const char *layout_name = "line";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO:format", (char **)format_kw, &src, &layout_o,
                                     &size))
        return NULL;
    static const char want[] = "line, grid, spaced, knuth, numbers, boxed or candidates";
    nonet_layout layout;
    if (layout_o && nb_str_arg(layout_o, "layout", want, &layout_name) < 0)
        return NULL;
    if (nonet_layout_from_name(layout_name, &layout) != NONET_OK || layout == NONET_LAYOUT_AUTO ||
        layout == NONET_LAYOUT_JSON || layout == NONET_LAYOUT_CSV) {
        PyErr_Format(PyExc_ValueError, "layout: %s, not %R", want, layout_o);
        return NULL;
    }
    nb_batch b;
    if (nb_batch_from(&b, src, size, Py_None) < 0) {
        nb_batch_free(&b);
        return NULL;
    }
    /* puzzles apart as the CLI writes them: what is written reads back */
    PyObject *parts = PyList_New(0);
    int apart = layout != NONET_LAYOUT_LINE || b.n <= 3;
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    for (Py_ssize_t i = 0; parts && buf && i < b.count; i++) {
        nonet_grid g;
        nb_batch_grid(&b, i, &g);
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
    nb_batch_free(&b);
    return result;
}

/* ---------------------------------------------------------------- module */

static PyObject *py_verdicts(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(NONET_V_TIMEOUT + 1);
    for (int v = 0; t && v <= NONET_V_TIMEOUT; v++)
        PyTuple_SET_ITEM(t, v, PyUnicode_FromString(nonet_verdict_word((nonet_verdict)v)));
    return t;
}

static PyObject *py_techniques(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(NONET_TECH_COUNT);
    for (int k = 0; t && k < NONET_TECH_COUNT; k++)
        PyTuple_SET_ITEM(t, k, PyUnicode_FromString(nonet_technique_name((nonet_technique)k)));
    return t;
}

int nb_level_index(int tenths)
{
    int k = 0, lo, hi = 0;
    for (int t = 0;; t = hi + 1, k++)
        if (nonet_level_bounds(nonet_level_name(t), &lo, &hi) != NONET_OK || hi == 0 ||
            tenths <= hi)
            return k;
}

/* The levels, easiest first: (name, min, max) in tenths (max 0: none),
 * walked from the library's bounds. */
static PyObject *py_levels(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *t = PyList_New(0);
    int lo, hi = 0;
    for (int d = 0; t; d = hi + 1) {
        const char *name = nonet_level_name(d);
        if (nonet_level_bounds(name, &lo, &hi) != NONET_OK) {
            PyErr_Format(PyExc_SystemError, "no bounds for the level %s", name);
            Py_CLEAR(t);
            break;
        }
        PyObject *level = Py_BuildValue("(sii)", name, lo, hi);
        if (!level || PyList_Append(t, level) < 0)
            Py_CLEAR(t);
        Py_XDECREF(level);
        if (hi == 0)
            break;
    }
    return t;
}

static PyObject *py_symmetries(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *t = PyTuple_New(NONET_SYM_RANDOM + 1);
    for (int k = 0; t && k <= NONET_SYM_RANDOM; k++)
        PyTuple_SET_ITEM(t, k, PyUnicode_FromString(nonet_symmetry_name((nonet_symmetry)k)));
    return t;
}

#define NB_METHOD(name)                                                                            \
    {#name, (PyCFunction)(void (*)(void))nb_##name, METH_VARARGS | METH_KEYWORDS, NULL},
static PyMethodDef module_methods[] = {
    NB_FUNCTIONS(NB_METHOD){"verdicts", py_verdicts, METH_NOARGS, NULL},
    {"techniques", py_techniques, METH_NOARGS, NULL},
    {"_array", nb_array_from_bytes, METH_VARARGS, NULL},
    {"symmetries", py_symmetries, METH_NOARGS, NULL},
    {"levels", py_levels, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};
#undef NB_METHOD

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
    if (PyType_Ready(&nb_ArrayType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    Py_INCREF(&nb_ArrayType);
    if (PyModule_AddObject(m, "Array", (PyObject *)&nb_ArrayType) < 0 ||
        PyModule_AddStringConstant(m, "version", NONET_VERSION) < 0) {
        Py_DECREF(&nb_ArrayType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
