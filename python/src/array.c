/* array.c - nonet.Array: a block of memory with a shape and a buffer-protocol
 * format, so that numpy.asarray(a) is a view of it, no copy; a grid array
 * also knows its boxes. */
#include "binding.h"

#include <stdlib.h>
#include <string.h>

ArrayObject *nb_array_new(char format, int ndim, const Py_ssize_t *shape)
{
    Py_ssize_t itemsize = format == 'B' || format == 'b'   ? 1
                          : format == 'h'                  ? 2
                          : format == 'd' || format == 'q' ? 8
                                                           : 4;
    Py_ssize_t total = itemsize;
    for (int i = 0; i < ndim; i++)
        total *= shape[i];
    ArrayObject *a = PyObject_New(ArrayObject, &nb_ArrayType);
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
    return a;
}

ArrayObject *nb_grids_new(Py_ssize_t count, int box_rows, int box_cols)
{
    int n = box_rows * box_cols;
    Py_ssize_t shape[2] = {count, (Py_ssize_t)n * n};
    ArrayObject *a = nb_array_new('B', 2, shape);
    if (a) {
        a->box_rows = box_rows;
        a->box_cols = box_cols;
    }
    return a;
}

ArrayObject *nb_vector_new(char format, Py_ssize_t count)
{
    Py_ssize_t shape[1] = {count};
    return nb_array_new(format, 1, shape);
}

static void array_dealloc(ArrayObject *a)
{
    free(a->data);
    PyObject_Free(a);
}

/* The buffer protocol: always C-contiguous and writable; shape, strides
 * and format only where asked, as the protocol wants. */
static int array_getbuffer(ArrayObject *a, Py_buffer *view, int flags)
{
    view->buf = a->data;
    view->obj = (PyObject *)a;
    Py_INCREF(a);
    view->len = a->nbytes;
    view->readonly = 0;
    view->itemsize = a->itemsize;
    view->format = flags & PyBUF_FORMAT ? a->format : NULL;
    view->ndim = a->ndim;
    view->shape = (flags & PyBUF_ND) == PyBUF_ND ? a->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? a->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static PyBufferProcs array_as_buffer = {(getbufferproc)array_getbuffer, NULL};

/* The item at p, read through memcpy: no assumption on alignment. */
static PyObject *item_at(const ArrayObject *a, const char *p)
{
    switch (a->format[0]) {
    case 'B': {
        uint8_t v;
        memcpy(&v, p, sizeof v);
        return PyLong_FromLong(v);
    }
    case 'b': {
        int8_t v;
        memcpy(&v, p, sizeof v);
        return PyLong_FromLong(v);
    }
    case 'h': {
        int16_t v;
        memcpy(&v, p, sizeof v);
        return PyLong_FromLong(v);
    }
    case 'i': {
        int32_t v;
        memcpy(&v, p, sizeof v);
        return PyLong_FromLong(v);
    }
    case 'q': {
        int64_t v;
        memcpy(&v, p, sizeof v);
        return PyLong_FromLongLong(v);
    }
    default: {
        double v;
        memcpy(&v, p, sizeof v);
        return PyFloat_FromDouble(v);
    }
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

/* a[i] (negative from the end) or a[i:j:k], the latter as a list */
static PyObject *array_subscript(ArrayObject *a, PyObject *key)
{
    Py_ssize_t len = array_length(a);
    if (PySlice_Check(key)) {
        Py_ssize_t start, stop, step;
        if (PySlice_Unpack(key, &start, &stop, &step) < 0)
            return NULL;
        Py_ssize_t k = PySlice_AdjustIndices(len, &start, &stop, step);
        PyObject *list = PyList_New(k);
        for (Py_ssize_t i = 0; list && i < k; i++) {
            PyObject *v = array_item(a, start + i * step);
            if (!v)
                Py_CLEAR(list);
            else
                PyList_SET_ITEM(list, i, v);
        }
        return list;
    }
    Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    return array_item(a, i < 0 ? i + len : i);
}

static PyMappingMethods array_as_mapping = {
    .mp_length = (lenfunc)array_length,
    .mp_subscript = (binaryfunc)array_subscript,
};

static PySequenceMethods array_as_sequence = {
    .sq_length = (lenfunc)array_length,
    .sq_item = (ssizeargfunc)array_item,
};

static PyObject *array_tolist(ArrayObject *a, PyObject *unused)
{
    (void)unused;
    return to_list(a, a->data, 0);
}

/* A grid's line: '.' blanks, digits 1-9 then A-Z; numbers
 * apart above 35. */
static PyObject *grid_line(const ArrayObject *a, const uint8_t *cells)
{
    nonet_grid g;
    if (nonet_grid_init(&g, a->box_rows, a->box_cols) != NONET_OK)
        return PyUnicode_FromString("");
    memcpy(g.cells, cells, (size_t)g.n * (size_t)g.n);
    char buf[NONET_MAX_CELLS * 3 + 8];
    nonet_format_opts fo = {0, NULL, NULL, 0};
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

/* strings(start=0, stop=len): grids start..stop-1 as lines */
static PyObject *array_strings(ArrayObject *a, PyObject *args)
{
    Py_ssize_t start = 0, stop = PY_SSIZE_T_MAX;
    if (!PyArg_ParseTuple(args, "|nn:strings", &start, &stop))
        return NULL;
    if (!a->box_rows || a->ndim != 2) {
        PyErr_SetString(PyExc_TypeError, "strings(): not an array of grids");
        return NULL;
    }
    Py_ssize_t len = a->shape[0];
    start = start < 0 ? 0 : start > len ? len : start;
    stop = stop > len ? len : stop < start ? start : stop;
    PyObject *list = PyList_New(stop - start);
    for (Py_ssize_t i = start; list && i < stop; i++) {
        PyObject *s = grid_line(a, (const uint8_t *)a->data + i * a->strides[0]);
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i - start, s);
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

/* pickle: the bytes, the format, the shape and the boxes, through
 * nonet._nonet._array (multiprocessing, Dask) */
static PyObject *array_reduce(ArrayObject *a, PyObject *unused)
{
    (void)unused;
    PyObject *module = PyImport_ImportModule("nonet._nonet");
    PyObject *fn = module ? PyObject_GetAttrString(module, "_array") : NULL;
    PyObject *shape = array_get_shape(a, NULL);
    PyObject *r = NULL;
    if (fn && shape)
        r = Py_BuildValue("(O(y#sOii))", fn, a->data, a->nbytes, a->format, shape, a->box_rows,
                          a->box_cols);
    Py_XDECREF(module);
    Py_XDECREF(fn);
    Py_XDECREF(shape);
    return r;
}

PyObject *nb_array_from_bytes(PyObject *self, PyObject *args)
{
    (void)self;
    const char *data, *format;
    Py_ssize_t len;
    PyObject *shape_o;
    int box_rows, box_cols;
    if (!PyArg_ParseTuple(args, "y#sO!ii:_array", &data, &len, &format, &PyTuple_Type, &shape_o,
                          &box_rows, &box_cols))
        return NULL;
    Py_ssize_t shape[3];
    int ndim = (int)PyTuple_GET_SIZE(shape_o);
    if (ndim < 1 || ndim > 3 || strlen(format) != 1 || !strchr("Bbhiqd", format[0])) {
        PyErr_SetString(PyExc_ValueError, "_array: not an array's state");
        return NULL;
    }
    for (int i = 0; i < ndim; i++)
        shape[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(shape_o, i));
    if (PyErr_Occurred())
        return NULL;
    ArrayObject *a = nb_array_new(format[0], ndim, shape);
    if (!a)
        return NULL;
    if (a->nbytes != len || box_rows < 0 || box_cols < 0 || box_rows * box_cols > NONET_MAX_SIDE) {
        Py_DECREF(a);
        PyErr_SetString(PyExc_ValueError, "_array: not an array's state");
        return NULL;
    }
    memcpy(a->data, data, (size_t)len);
    a->box_rows = box_rows;
    a->box_cols = box_cols;
    return (PyObject *)a;
}

static PyMethodDef array_methods[] = {
    {"__reduce__", (PyCFunction)array_reduce, METH_NOARGS, "For pickle."},
    {"tolist", (PyCFunction)array_tolist, METH_NOARGS, "The array as nested lists."},
    {"strings", (PyCFunction)array_strings, METH_VARARGS,
     "strings(start=0, stop=len): for an array of grids, each grid's line ('.' blanks), "
     "as `nonet` writes it."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef array_getset[] = {
    {"shape", (getter)array_get_shape, NULL, "The shape, as numpy's.", NULL},
    {"format", (getter)array_get_format, NULL, "The buffer protocol's format: B, b, h, i, q or d.",
     NULL},
    {"size", (getter)array_get_size, NULL, "For grids, their boxes as 'RxC' (else None).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject nb_ArrayType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet.Array",
    .tp_basicsize = sizeof(ArrayObject),
    .tp_dealloc = (destructor)array_dealloc,
    .tp_repr = (reprfunc)array_repr,
    .tp_as_sequence = &array_as_sequence,
    .tp_as_mapping = &array_as_mapping,
    .tp_as_buffer = &array_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An array of nonet's results: numpy.asarray() views it without a copy; "
              "len(), [i] and tolist() work without numpy.",
    .tp_methods = array_methods,
    .tp_getset = array_getset,
};
