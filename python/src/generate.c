/* generate.c - generate (the CLI's puzzles: the same seed, index and
 * options give the same puzzle) and minimize. */
#include "binding.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int symmetry_arg(const char *name, nonet_symmetry *sym)
{
    if (nonet_symmetry_from_name(name, sym) != NONET_OK) {
        PyErr_Format(PyExc_ValueError,
                     "symmetry '%s': none, rot180, rot90, mirror, flip, diagonal, "
                     "antidiagonal or random",
                     name);
        return -1;
    }
    return 0;
}

typedef struct gen_job {
    const nonet_generate_opts *opts;
    uint64_t seed, first; /* puzzle i is index first + i of seed's stream */
    int cells;
    uint8_t *puzzles, *solutions;
    double *rating;
    int8_t *status;
    int32_t *clues;
} gen_job;

static void *make_generator(void *ctx)
{
    nonet_generator *g = NULL;
    return nonet_generator_new(((gen_job *)ctx)->opts, &g) == NONET_OK ? g : NULL;
}

static void free_generator(void *g)
{
    nonet_generator_free(g);
}

static void generate_one(void *ctx, void *scratch, Py_ssize_t i)
{
    gen_job *j = ctx;
    nonet_grid puzzle, solution;
    nonet_generated info;
    int rc = nonet_generate(scratch, j->seed, j->first + (uint64_t)i, &puzzle, &solution, &info);
    j->rating[i] = NAN;
    j->clues[i] = 0;
    if (rc != NONET_OK) {
        j->status[i] = NONET_V_ERROR;
        return;
    }
    memcpy(j->puzzles + (size_t)i * (size_t)j->cells, puzzle.cells, (size_t)j->cells);
    memcpy(j->solutions + (size_t)i * (size_t)j->cells, solution.cells, (size_t)j->cells);
    j->status[i] = NONET_V_UNIQUE;
    j->clues[i] = info.clues;
    if (j->opts->min_rating || j->opts->max_rating)
        j->rating[i] = info.rating / 10.0;
}

static const char *const generate_kw[] = {
    "count", "seed",       "first",      "symmetry", "strict",    "clues",   "max_clues",
    "level", "min_rating", "max_rating", "size",     "max_tries", "threads", NULL};

PyObject *nb_generate(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    Py_ssize_t count;
    unsigned long long seed, first = 1, max_tries = 0;
    const char *symmetry = "rot180", *level = NULL;
    int strict = 0, clues = 0, max_clues = 0, threads = 0;
    double min_rating = 0, max_rating = 0;
    PyObject *size = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nK|Ksp$iizddOKi:generate", (char **)generate_kw,
                                     &count, &seed, &first, &symmetry, &strict, &clues, &max_clues,
                                     &level, &min_rating, &max_rating, &size, &max_tries, &threads))
        return NULL;
    nonet_generate_opts o;
    memset(&o, 0, sizeof o);
    if (count < 0 || first < 1) {
        PyErr_SetString(PyExc_ValueError, "count from 0, first from 1 (the stream's first puzzle)");
        return NULL;
    }
    if (clues < 0 || max_clues < 0) {
        PyErr_SetString(PyExc_ValueError, "clues, max_clues: 0 (any) or more");
        return NULL;
    }
    if (symmetry_arg(symmetry, &o.symmetry) < 0 || nb_size_arg(size, &o.box_rows, &o.box_cols) < 0)
        return NULL;
    if (level && (min_rating || max_rating)) {
        PyErr_SetString(PyExc_ValueError, "level and a rating range do not go together");
        return NULL;
    }
    if (level && nonet_level_bounds(level, &o.min_rating, &o.max_rating) != NONET_OK) {
        PyErr_Format(PyExc_ValueError, "level '%s': easy, medium, hard, fiendish or diabolical",
                     level);
        return NULL;
    }
    if (!level) {
        if (min_rating < 0 || max_rating < 0 || min_rating > 20 || max_rating > 20) {
            PyErr_SetString(PyExc_ValueError, "ratings on SE's scale, 1.0 to 20.0 (0: no bound)");
            return NULL;
        }
        o.min_rating = (int)lround(min_rating * 10);
        o.max_rating = (int)lround(max_rating * 10);
        if (o.max_rating && !o.min_rating)
            o.min_rating = 10;
    }
    o.strict_minimal = strict;
    o.clues = clues;
    o.max_clues = max_clues;
    o.max_tries = max_tries;
    char why[200];
    if (nonet_generate_check(&o, why, sizeof why) != NONET_OK) {
        PyErr_SetString(PyExc_ValueError, why);
        return NULL;
    }
    int br = o.box_rows ? o.box_rows : 3, bc = o.box_rows ? o.box_cols : 3;
    ArrayObject *puzzles = nb_grids_new(count, br, bc), *solutions = NULL, *rating = NULL,
                *st = NULL, *clue_count = NULL;
    PyObject *messages = NULL, *result = NULL;
    if (!puzzles || !(solutions = nb_grids_new(count, br, bc)) ||
        !(rating = nb_vector_new('d', count)) || !(st = nb_vector_new('b', count)) ||
        !(clue_count = nb_vector_new('i', count)) || !(messages = PyList_New(count)))
        goto done;
    gen_job j = {&o,
                 seed,
                 first - 1,
                 br * bc * br * bc,
                 (uint8_t *)puzzles->data,
                 (uint8_t *)solutions->data,
                 (double *)rating->data,
                 (int8_t *)st->data,
                 (int32_t *)clue_count->data};
    nb_loop l = {count, generate_one, make_generator, free_generator, &j};
    if (nb_run_loop(&l, threads) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *m = Py_None;
        if (j.status[i] != NONET_V_UNIQUE)
            m = PyUnicode_FromFormat(
                "%llu grids in a row missed the targets: gave up",
                (unsigned long long)(o.max_tries ? o.max_tries : NONET_GENERATE_TRIES));
        else
            Py_INCREF(m);
        if (!m)
            goto done;
        PyList_SET_ITEM(messages, i, m);
    }
    result = Py_BuildValue("(OOOOOO)", puzzles, solutions, rating, st, messages, clue_count);
done:
    Py_XDECREF(puzzles);
    Py_XDECREF(solutions);
    Py_XDECREF(rating);
    Py_XDECREF(st);
    Py_XDECREF(clue_count);
    Py_XDECREF(messages);
    return result;
}

/* ---------------------------------------------------------------- minimize */

typedef struct min_job {
    const nb_batch *b;
    nonet_symmetry symmetry;
    uint8_t *out;
    int8_t *status;
} min_job;

static void *make_plain_generator(void *ctx)
{
    (void)ctx;
    nonet_generator *g = NULL;
    return nonet_generator_new(NULL, &g) == NONET_OK ? g : NULL;
}

static void minimize_one(void *ctx, void *scratch, Py_ssize_t i)
{
    min_job *j = ctx;
    const nb_batch *b = j->b;
    if (b->status[i] != NONET_V_OK) {
        j->status[i] = b->status[i];
        return;
    }
    nonet_grid g;
    nb_batch_grid(b, i, &g);
    int rc = nonet_minimize(scratch, &g, j->symmetry);
    j->status[i] = rc == NONET_OK            ? NONET_V_UNIQUE
                   : rc == NONET_ENOTUNIQUE  ? NONET_V_MULTIPLE
                   : rc == NONET_ENOSOLUTION ? NONET_V_NO_SOLUTION
                   : rc == NONET_ECONFLICT   ? NONET_V_INVALID
                                             : NONET_V_ERROR;
    if (rc == NONET_OK)
        memcpy(j->out + (size_t)i * ((size_t)b->n * (size_t)b->n), g.cells,
               ((size_t)b->n * (size_t)b->n));
}

static const char *const minimize_kw[] = {"puzzles", "symmetry", "size", "column", "threads", NULL};

PyObject *nb_minimize(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *size = Py_None, *column = Py_None;
    const char *symmetry = "none";
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|sOOi:minimize", (char **)minimize_kw, &src,
                                     &symmetry, &size, &column, &threads))
        return NULL;
    min_job j;
    if (symmetry_arg(symmetry, &j.symmetry) < 0)
        return NULL;
    if (j.symmetry == NONET_SYM_RANDOM) {
        PyErr_SetString(PyExc_ValueError, "symmetry: minimize keeps one, not random");
        return NULL;
    }
    nb_batch b;
    ArrayObject *out = NULL, *st = NULL;
    PyObject *result = NULL;
    if (nb_batch_from(&b, src, size, column) < 0)
        goto done;
    if (!nonet_symmetry_fits(j.symmetry, b.box_rows, b.box_cols)) {
        PyErr_Format(PyExc_ValueError, "symmetry: %s needs square boxes, not %dx%d", symmetry,
                     b.box_rows, b.box_cols);
        goto done;
    }
    if (!(out = nb_grids_new(b.count, b.box_rows, b.box_cols)) ||
        !(st = nb_vector_new('b', b.count)))
        goto done;
    j.b = &b;
    j.out = (uint8_t *)out->data;
    j.status = (int8_t *)st->data;
    nb_loop l = {b.count, minimize_one, make_plain_generator, free_generator, &j};
    if (nb_run_loop(&l, threads) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < b.count; i++) {
        const char *why = j.status[i] == NONET_V_MULTIPLE      ? "more than one solution"
                          : j.status[i] == NONET_V_NO_SOLUTION ? "no solution"
                          : j.status[i] == NONET_V_INVALID     ? "the clues clash"
                          : j.status[i] == NONET_V_ERROR && b.status[i] == NONET_V_OK
                              ? "out of memory"
                              : "";
        if (nb_set_message(&b, i, why) < 0)
            goto done;
    }
    result = Py_BuildValue("(OOO)", out, st, b.messages);
done:
    Py_XDECREF(out);
    Py_XDECREF(st);
    nb_batch_free(&b);
    return result;
}
