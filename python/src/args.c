/* args.c - the arguments every function shares, checked as the command
 * line checks its options: each bad one raises TypeError (not a number,
 * not a str) or ValueError (out of range) with its name and what it
 * needs, never a silent wrap (-1 as 2**64-1) or a default. */
#include "binding.h"

#include <math.h>
#include <string.h>

/* The buffer protocol's format (struct module letters, maybe after a
 * byte-order mark) as numpy names it. */
const char *nb_dtype_name(const char *format, Py_ssize_t itemsize)
{
    if (!format)
        return "uint8";
    if (*format == '@' || *format == '=' || *format == '<' || *format == '>' || *format == '!')
        format++;
    if (format[0] && !format[1])
        switch (format[0]) {
        case 'b':
            return "int8";
        case 'B':
            return "uint8";
        case 'h':
            return "int16";
        case 'H':
            return "uint16";
        case 'i':
            return "int32";
        case 'I':
            return "uint32";
        case 'l':
        case 'q':
            return itemsize == 4 ? "int32" : "int64";
        case 'L':
        case 'Q':
            return itemsize == 4 ? "uint32" : "uint64";
        case 'e':
            return "float16";
        case 'f':
            return "float32";
        case 'd':
            return "float64";
        case '?':
            return "bool";
        case 'c':
            return "bytes (S1)";
        default:
            break;
        }
    return NULL;
}

/* The Python int of o (numpy's integers too), never a bool; NULL with
 * TypeError naming the argument. */
static PyObject *int_of(PyObject *o, const char *name, const char *want)
{
    if (PyBool_Check(o) || PyFloat_Check(o) || !PyIndex_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: %s, not %s", name, want, Py_TYPE(o)->tp_name);
        return NULL;
    }
    return PyNumber_Index(o);
}

int nb_int_arg(PyObject *o, const char *name, long long lo, long long hi, const char *want,
               long long *out)
{
    PyObject *v = int_of(o, name, want);
    if (!v)
        return -1;
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred()) {
        Py_DECREF(v);
        return -1;
    }
    if (overflow || x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %s, not %R", name, want, v);
        Py_DECREF(v);
        return -1;
    }
    Py_DECREF(v);
    *out = x;
    return 0;
}

int nb_u64_arg(PyObject *o, const char *name, unsigned long long lo, const char *want,
               unsigned long long *out)
{
    PyObject *v = int_of(o, name, want);
    if (!v)
        return -1;
    unsigned long long x = PyLong_AsUnsignedLongLong(v); /* negative: OverflowError */
    if (x == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
            Py_DECREF(v);
            return -1;
        }
        PyErr_Clear();
        x = 0, lo = 1; /* out of range either way */
    }
    if (x < lo) {
        PyErr_Format(PyExc_ValueError, "%s: %s, not %R", name, want, v);
        Py_DECREF(v);
        return -1;
    }
    Py_DECREF(v);
    *out = x;
    return 0;
}

int nb_flag_arg(PyObject *o, const char *name, int *out)
{
    /* True or False (numpy's bool too; 0 and 1), never a str or None
     * taken for its truth ("no" is true) */
    const char *type = Py_TYPE(o)->tp_name;
    if (PyBool_Check(o) || strcmp(type, "numpy.bool_") == 0 || strcmp(type, "numpy.bool") == 0) {
        int v = PyObject_IsTrue(o);
        if (v < 0)
            return -1;
        *out = v;
        return 0;
    }
    if (PyLong_Check(o)) {
        long long v;
        if (nb_int_arg(o, name, 0, 1, "True or False", &v) < 0)
            return -1;
        *out = (int)v;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "%s: True or False, not %s", name, type);
    return -1;
}

int nb_threads_arg(PyObject *o, int *threads)
{
    long long v;
    if (nb_int_arg(o, "threads", 0, NB_MAX_THREADS, "0 to 64 (0: every core)", &v) < 0)
        return -1;
    *threads = (int)v;
    return 0;
}

int nb_real_arg(PyObject *o, const char *name, const char *want, double *v)
{
    if (!PyBool_Check(o) && !PyUnicode_Check(o) && PyNumber_Check(o)) {
        *v = PyFloat_AsDouble(o);
        if (!(*v == -1.0 && PyErr_Occurred()))
            return 0;
        if (!PyErr_ExceptionMatches(PyExc_TypeError))
            return -1;
        PyErr_Clear();
    }
    PyErr_Format(PyExc_TypeError, "%s: %s, not %s", name, want, Py_TYPE(o)->tp_name);
    return -1;
}

int nb_timeout_arg(PyObject *o, double *seconds)
{
    static const char want[] = "the seconds each puzzle may take, above 0 and up to 1e9 "
                               "(None: no limit)";
    double v;
    *seconds = 0;
    if (o == Py_None)
        return 0;
    if (nb_real_arg(o, "timeout", want, &v) < 0)
        return -1;
    if (!(v > 0 && v <= NB_MAX_TIMEOUT)) { /* NaN fails too */
        PyErr_Format(PyExc_ValueError, "timeout: %s, not %R", want, o);
        return -1;
    }
    *seconds = v;
    return 0;
}

int nb_str_arg(PyObject *o, const char *name, const char *want, const char **out)
{
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: %s, not %s", name, want, Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t len;
    *out = PyUnicode_AsUTF8AndSize(o, &len);
    if (!*out)
        return -1;
    if ((size_t)len != strlen(*out)) {
        PyErr_Format(PyExc_ValueError, "%s: %s, not a str with a NUL character", name, want);
        return -1;
    }
    return 0;
}

int nb_rating_arg(PyObject *o, const char *name, const char *want, int *tenths)
{
    double v;
    if (nb_real_arg(o, name, want, &v) < 0)
        return -1;
    if (!(v >= 1.0 && v <= 20.0)) {
        PyErr_Format(PyExc_ValueError, "%s: %s, not %R", name, want, o);
        return -1;
    }
    *tenths = (int)lround(v * 10);
    return 0;
}
