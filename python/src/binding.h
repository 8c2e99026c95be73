/* binding.h - the parts of the CPython extension nonet._nonet, the module
 * under the Python package nonet (python/nonet/__init__.py wraps these
 * functions in named tuples and documents them; the C converts and runs).
 *
 * args.c    the arguments every function shares, checked as the command
 *           line checks its options (TypeError, ValueError naming them)
 * array.c   nonet.Array: memory with a shape, seen through the buffer
 *           protocol (numpy.asarray(a) is a view, no copy)
 * batch.c   puzzles in: a buffer of (N, n*n) bytes (not copied), a list of
 *           strings (one puzzle each), a str of text, a path
 * pool.c    a parallel loop over a batch on threads of our own, the GIL
 *           released: the library is reentrant (one solver a thread) and
 *           stays free of threads itself, for its WebAssembly build; the
 *           calling thread waits, sees Ctrl-C and stops the workers
 * solve.c   solve, count, check
 * human.c   rate, trajectories, explain, hint
 * generate.c  generate, minimize
 * canon.c   canon, transform, invert
 * module.c  read, format, the tables, the module */
#ifndef NONET_BINDING_H
#define NONET_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "nonet.h"

#include <stdint.h>

/* ---------------------------------------------------------------- arrays */

typedef struct {
    PyObject_HEAD char *data;
    Py_ssize_t nbytes;
    int ndim;
    Py_ssize_t shape[3];
    Py_ssize_t strides[3];
    char format[2]; /* the buffer protocol's: 'B' uint8, 'b' int8, 'h' int16,
                       'i' int32, 'q' int64, 'd' double */
    Py_ssize_t itemsize;
    int box_rows, box_cols; /* a grid array's boxes, 0 otherwise */
} ArrayObject;

extern PyTypeObject nb_ArrayType;

/* A new zeroed array of ndim dimensions (up to 3); NULL with an
 * exception. */
ArrayObject *nb_array_new(char format, int ndim, const Py_ssize_t *shape);
/* count grids of that shape: (count, n*n) uint8. */
ArrayObject *nb_grids_new(Py_ssize_t count, int box_rows, int box_cols);
/* (count,) of one format: status (int8 'b'), counts ('q'), ratings ('d'). */
ArrayObject *nb_vector_new(char format, Py_ssize_t count);
/* _array(bytes, format, shape, box_rows, box_cols): an array back from
 * its pickled state. */
PyObject *nb_array_from_bytes(PyObject *self, PyObject *args);

/* ---------------------------------------------------------------- batches */

/* Puzzles in, of one shape. */
typedef struct nb_batch {
    Py_ssize_t count;
    int box_rows, box_cols, n;
    const uint8_t *cells; /* count x n*n: the caller's buffer, or grids' */
    ArrayObject *grids;   /* the cells read from text (owned), or NULL */
    Py_buffer view;       /* the caller's buffer while held */
    int has_view;
    int8_t *status;     /* NONET_V_OK when read, NONET_V_ERROR when not */
    PyObject *messages; /* list of count: None or a str */
    PyObject *names;    /* list of count: str (nb_batch_read), or NULL */
    PyObject *columns;  /* list of count: dict (CSV tables) or None
                           (nb_batch_read), or NULL */
} nb_batch;

/* Any batch argument into *b (size: None, "RxC" or a side; column: None,
 * a CSV column's name or number). Returns 0, or -1 with an exception (a
 * bad argument, not a bad puzzle). Free *b with nb_batch_free either
 * way. */
int nb_batch_from(nb_batch *b, PyObject *src, PyObject *size, PyObject *column);
/* As nb_batch_from, keeping the names and CSV columns of puzzles read from
 * text (b->names, b->columns; NULL for an array). */
int nb_batch_read(nb_batch *b, PyObject *src, PyObject *size, PyObject *column);
void nb_batch_free(nb_batch *b);
/* Solutions for the puzzles b (check's, transform's): a batch of the same
 * length and size (text read with b's boxes). Returns 0, or -1 with an
 * exception saying "solutions: ..." (free *s either way). */
int nb_solutions_from(nb_batch *s, PyObject *src, const nb_batch *b);
/* Puzzle i of b into *g. */
void nb_batch_grid(const nb_batch *b, Py_ssize_t i, nonet_grid *g);
/* The boxes of a size argument: None (0, 0), "RxC" or a side. Returns 0,
 * or -1 with ValueError. */
int nb_size_arg(PyObject *size, int *box_rows, int *box_cols);
/* ValueError for a str argument (arg its name) that holds no puzzle, as
 * the command's "no puzzle in input": a str is puzzle text, never a file
 * name, so solve('kaggle.csv') would otherwise be an empty batch in
 * silence; it says how to pass a file (pathlib.Path, open). text, len:
 * src's UTF-8. */
void nb_no_puzzle_error(const char *arg, PyObject *src, const char *text, Py_ssize_t len);
/* Sets message i of b to text (a no-op for ""); returns 0 or -1. */
int nb_set_message(nb_batch *b, Py_ssize_t i, const char *text);
/* A reader with these options (nonet_read_opts: a shape, no symbols, a
 * column or NULL), made new or the one kept from an earlier call, reset;
 * NULL when out of memory. Give it back with nb_reader_give (the same
 * shape and column). A new reader allocates over half a MiB, which the C
 * library may hand back to the system when it is freed and fetch again
 * page by page for the next: about 50 us, where reading a few lines takes
 * 2. With the GIL held, which guards the one kept. */
nonet_reader *nb_reader_take(int box_rows, int box_cols, const char *column);
void nb_reader_give(nonet_reader *r, int box_rows, int box_cols, const char *column);
/* A nonet_puzzle (over 100 KiB) to read into, the one kept or a new one;
 * NULL when out of memory. Give it back with nb_puzzle_give. With the GIL
 * held. */
nonet_puzzle *nb_puzzle_take(void);
void nb_puzzle_give(nonet_puzzle *p);

/* ---------------------------------------------------------------- arguments */

#define NB_MAX_THREADS 64  /* as the command's --jobs */
#define NB_MAX_TIMEOUT 1e9 /* seconds: past it, a deadline's nanoseconds overflow */

/* Each takes an argument object and its name, and returns 0 with the
 * value in *out, or -1 with TypeError (the wrong type: bool, float or str
 * for an int, ...) or ValueError (out of range), the message "NAME: what
 * it needs, not VALUE". */
/* An int (numpy's too, never a bool) from lo to hi; want says so. */
int nb_int_arg(PyObject *o, const char *name, long long lo, long long hi, const char *want,
               long long *out);
/* An int from lo to 2**64-1 (never wrapped: -1 is refused). */
int nb_u64_arg(PyObject *o, const char *name, unsigned long long lo, const char *want,
               unsigned long long *out);
/* True or False (numpy's bool, 0 or 1); never a str taken for its truth. */
int nb_flag_arg(PyObject *o, const char *name, int *out);
/* threads: 0 (every core) to NB_MAX_THREADS. */
int nb_threads_arg(PyObject *o, int *threads);
/* timeout: None (0 in *seconds: no limit) or seconds above 0. */
int nb_timeout_arg(PyObject *o, double *seconds);
/* A str (without NUL characters); *out lives as long as o. */
int nb_str_arg(PyObject *o, const char *name, const char *want, const char **out);
/* A real number (float, int, numpy's; never a bool or a str). */
int nb_real_arg(PyObject *o, const char *name, const char *want, double *v);
/* A rating on SE's scale, 1.0 to 20.0, into tenths. */
int nb_rating_arg(PyObject *o, const char *name, const char *want, int *tenths);
/* The index of a rating's level (tenths) among the levels of
 * nonet_level_name, easiest first (nonet.LEVELS). */
int nb_level_index(int tenths);
/* numpy's name of a buffer's format ("float64" for 'd'), or NULL. */
const char *nb_dtype_name(const char *format, Py_ssize_t itemsize);

/* ---------------------------------------------------------------- threads */

/* A parallel loop over [0, count): each worker thread makes its scratch
 * (make, NULL for none), calls fn on the items it takes, a chunk at a
 * time, and frees it (free_fn). fn runs without the GIL: it must not touch
 * Python objects. It gets the item's stop (nonet_stop): it asks the
 * library's long calls to stop when the call is interrupted (Ctrl-C), and
 * its deadline is the item's start plus timeout seconds (0: none), so an
 * item whose library call returns NONET_ETIMEOUT ran out of its time. */
typedef struct nb_loop {
    Py_ssize_t count;
    void (*fn)(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop);
    void *(*make)(void *ctx);
    void (*free_fn)(void *scratch);
    void *ctx;
    double timeout; /* seconds an item may take; 0: no limit */
} nb_loop;

/* Runs l on threads worker threads (0: every core; never more than the
 * chunks, at least one) while the calling thread, the GIL released,
 * waits and looks at Python's signals every 50 ms: when a handler
 * raises (KeyboardInterrupt on Ctrl-C), every worker is told to stop, all
 * are joined, and the exception is returned. Returns 0, or -1 with an
 * exception: the handler's, or MemoryError (a scratch could not be made). */
int nb_run_loop(const nb_loop *l, int threads);

/* The message of an item that ran out of its time ("timed out after
 * 0.5 s", then extra in parentheses when given) into why. */
void nb_timeout_message(char *why, size_t cap, double timeout, const char *extra);

/* ---------------------------------------------------------------- functions */

/* Each module function: (self, args, kw) as METH_VARARGS | METH_KEYWORDS. */
// clang-format off
#define NB_FUNCTIONS(X) \
    X(read) X(format) X(solve) X(count) X(check) X(rate) X(trajectories) X(explain) X(hint) \
    X(generate) X(minimize) X(canon) X(transform) X(invert) X(transform_text)
// clang-format on
#define NB_DECLARE(name) PyObject *nb_##name(PyObject *self, PyObject *args, PyObject *kw);
NB_FUNCTIONS(NB_DECLARE)
#undef NB_DECLARE

#endif
