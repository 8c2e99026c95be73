/* generate.c - generate (the CLI's puzzles: the same seed, index and
 * options give the same puzzle) and minimize. */
#include "binding.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A symmetry argument by name; random only where it may be (generate). */
static int symmetry_arg(PyObject *o, int random, nonet_symmetry *sym)
{
    const char *want = random ? "none, rot180, rot90, mirror, flip, diagonal, antidiagonal or "
                                "random"
                              : "none, rot180, rot90, mirror, flip, diagonal or antidiagonal "
                                "(minimize keeps one: not random)";
    const char *name;
    if (nb_str_arg(o, "symmetry", want, &name) < 0)
        return -1;
    if (nonet_symmetry_from_name(name, sym) != NONET_OK || (!random && *sym == NONET_SYM_RANDOM)) {
        PyErr_Format(PyExc_ValueError, "symmetry: %s, not %R", want, o);
        return -1;
    }
    return 0;
}

typedef struct gen_job {
    const nonet_generate_opts *opts;
    const nonet_needs_opts *needs; /* needs=: nonet_needs_generate's; else NULL */
    double timeout;                /* seconds a puzzle may take (0: no limit) */
    uint64_t seed, first;          /* puzzle i is index first + i of seed's stream */
    int cells;
    uint8_t *puzzles, *solutions;
    double *rating;
    int8_t *status;
    int32_t *clues;
    int8_t *gave_up; /* needs=: 1 where the tries for a base ran out */
    /* position=True: each puzzle's position before the technique */
    uint8_t *pos_grids;
    int16_t *pos_marks; /* bit d-1 for digit d */
    int32_t *pos_rounds;
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

static void *make_needs(void *ctx)
{
    nonet_needs_gen *g = NULL;
    return nonet_needs_new(((gen_job *)ctx)->needs, &g) == NONET_OK ? g : NULL;
}

static void free_needs(void *g)
{
    nonet_needs_free(g);
}

/* Puzzle i of a needs= job: the CLI's `generate --needs` puzzle of the
 * same seed and index. */
static void needs_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    gen_job *j = ctx;
    nonet_grid puzzle, solution;
    nonet_needs_position pos;
    nonet_needs_info info;
    nonet_needs_set_stop(scratch, stop);
    int rc = nonet_needs_generate(scratch, j->seed, j->first + (uint64_t)i, &puzzle, &solution,
                                  j->pos_grids ? &pos : NULL, &info);
    j->rating[i] = NAN;
    j->clues[i] = 0;
    if (rc != NONET_OK) { /* all blanks */
        j->status[i] =
            rc == NONET_ETIMEOUT || rc == NONET_ECANCELED ? NONET_V_TIMEOUT : NONET_V_ERROR;
        j->gave_up[i] = rc == NONET_EGIVEUP;
        if (j->pos_rounds)
            j->pos_rounds[i] = -1;
        return;
    }
    memcpy(j->puzzles + (size_t)i * 81, puzzle.cells, 81);
    memcpy(j->solutions + (size_t)i * 81, solution.cells, 81);
    j->status[i] = NONET_V_UNIQUE;
    j->clues[i] = info.clues;
    if (j->needs->hardest)
        j->rating[i] = info.rating / 10.0;
    if (j->pos_grids) {
        memcpy(j->pos_grids + (size_t)i * 81, pos.grid.cells, 81);
        for (int c = 0; c < 81; c++)
            j->pos_marks[(size_t)i * 81 + (size_t)c] = (int16_t)pos.marks.cands[c];
        j->pos_rounds[i] = pos.rounds;
    }
}

static void generate_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    gen_job *j = ctx;
    nonet_grid puzzle, solution;
    nonet_generated info;
    nonet_generator_set_stop(scratch, stop);
    int rc = nonet_generate(scratch, j->seed, j->first + (uint64_t)i, &puzzle, &solution, &info);
    j->rating[i] = NAN;
    j->clues[i] = 0;
    if (rc != NONET_OK) { /* all blanks */
        j->status[i] =
            rc == NONET_ETIMEOUT || rc == NONET_ECANCELED ? NONET_V_TIMEOUT : NONET_V_ERROR;
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
    "count",     "seed",  "first",   "symmetry", "strict",    "clues",
    "max_clues", "level", "rating",  "size",     "max_tries", "threads",
    "timeout",   "needs", "hardest", "position", NULL};

/* needs: a technique's name, as nonet_technique_name gives it (any
 * case); ValueError listing them for another. */
static int technique_arg(PyObject *o, nonet_technique *t)
{
    char want[2048] = "a technique of the ladder: ";
    size_t used = strlen(want);
    for (int k = 0; k < NONET_TECH_COUNT && used < sizeof want; k++)
        used += (size_t)snprintf(want + used, sizeof want - used, "%s%s", k ? ", " : "",
                                 nonet_technique_name((nonet_technique)k));
    const char *name;
    if (nb_str_arg(o, "needs", want, &name) < 0)
        return -1;
    if (nonet_technique_from_name(name, t) != NONET_OK) {
        PyErr_Format(PyExc_ValueError, "needs: %s, not %R", want, o);
        return -1;
    }
    return 0;
}

/* rating: None, or (min, max) on SE's scale, max 0 or None for no upper
 * bound; into tenths (0, 0: any rating). */
static int rating_range_arg(PyObject *o, int *min, int *max)
{
    static const char want[] = "(min, max) on SE's scale, e.g. (2.0, 4.5): min from 1.0 to 20.0, "
                               "max from min to 20.0 (0 or None: no upper bound)";
    *min = *max = 0;
    if (o == Py_None)
        return 0;
    if (!PySequence_Check(o) || PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "rating: %s, not %s", want, Py_TYPE(o)->tp_name);
        return -1;
    }
    if (PySequence_Size(o) != 2) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "rating: %s, not %R", want, o);
        return -1;
    }
    PyObject *lo = PySequence_GetItem(o, 0), *hi = lo ? PySequence_GetItem(o, 1) : NULL;
    double min_v = 0, max_v = 0;
    int rc = hi && nb_real_arg(lo, "rating", want, &min_v) == 0 &&
                     (hi == Py_None || nb_real_arg(hi, "rating", want, &max_v) == 0)
                 ? 0
                 : -1;
    Py_XDECREF(lo);
    Py_XDECREF(hi);
    if (rc < 0)
        return -1;
    if (!(min_v >= 1.0 && min_v <= 20.0) || !(max_v == 0 || (max_v >= min_v && max_v <= 20.0))) {
        PyErr_Format(PyExc_ValueError, "rating: %s, not %R", want, o);
        return -1;
    }
    *min = (int)lround(min_v * 10);
    *max = (int)lround(max_v * 10);
    return 0;
}

PyObject *nb_generate(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *count_o, *seed_o, *first_o = NULL, *symmetry_o = NULL, *strict_o = Py_False,
                                *clues_o = NULL, *max_clues_o = NULL, *level_o = Py_None,
                                *rating_o = Py_None, *size = Py_None, *max_tries_o = NULL,
                                *threads_o = NULL, *timeout_o = Py_None, *needs_o = Py_None,
                                *hardest_o = Py_False, *position_o = Py_False;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|OOOOOOOOOOOOOO:generate", (char **)generate_kw,
                                     &count_o, &seed_o, &first_o, &symmetry_o, &strict_o, &clues_o,
                                     &max_clues_o, &level_o, &rating_o, &size, &max_tries_o,
                                     &threads_o, &timeout_o, &needs_o, &hardest_o, &position_o))
        return NULL;
    nonet_needs_opts n;
    memset(&n, 0, sizeof n);
    int hardest, want_position;
    if ((needs_o != Py_None && technique_arg(needs_o, &n.technique) < 0) ||
        nb_flag_arg(hardest_o, "hardest", &hardest) < 0 ||
        nb_flag_arg(position_o, "position", &want_position) < 0)
        return NULL;
    if (needs_o == Py_None && (hardest || want_position)) {
        PyErr_SetString(PyExc_ValueError, "hardest and position go with needs");
        return NULL;
    }
    nonet_generate_opts o;
    memset(&o, 0, sizeof o);
    o.symmetry = needs_o != Py_None ? NONET_SYM_NONE : NONET_SYM_ROT180; /* None: the default */
    long long count, clues = 0, max_clues = 0;
    unsigned long long seed, first = 1, max_tries = 0;
    int strict, threads = 0;
    double timeout;
    static const char clue_want[] = "a number of clues from 0 (0: any)";
    if (nb_int_arg(count_o, "count", 0, PY_SSIZE_T_MAX, "a number of puzzles from 0", &count) < 0 ||
        nb_u64_arg(seed_o, "seed", 0, "a number from 0 to 18446744073709551615", &seed) < 0 ||
        (first_o && nb_u64_arg(first_o, "first", 1,
                               "a number from 1 (the stream's first puzzle is 1)", &first) < 0) ||
        (symmetry_o && symmetry_o != Py_None && symmetry_arg(symmetry_o, 1, &o.symmetry) < 0) ||
        nb_flag_arg(strict_o, "strict", &strict) < 0 ||
        (clues_o &&
         nb_int_arg(clues_o, "clues", 0, (long long)NONET_MAX_CELLS, clue_want, &clues) < 0) ||
        (max_clues_o && nb_int_arg(max_clues_o, "max_clues", 0, (long long)NONET_MAX_CELLS,
                                   clue_want, &max_clues) < 0) ||
        (max_tries_o && nb_u64_arg(max_tries_o, "max_tries", 0,
                                   "a number of grids from 0 (0: 10000)", &max_tries) < 0) ||
        (threads_o && nb_threads_arg(threads_o, &threads) < 0) ||
        nb_timeout_arg(timeout_o, &timeout) < 0 || nb_size_arg(size, &o.box_rows, &o.box_cols) < 0)
        return NULL;
    if (first - 1 > UINT64_MAX - (unsigned long long)count) {
        PyErr_Format(PyExc_ValueError,
                     "first: %llu and %lld puzzles go past the stream's last index, "
                     "18446744073709551615",
                     first, count);
        return NULL;
    }
    if (level_o != Py_None && rating_o != Py_None) {
        PyErr_SetString(PyExc_ValueError, "level and rating do not go together");
        return NULL;
    }
    if (level_o != Py_None) {
        static const char want[] = "easy, medium, hard, fiendish or diabolical (None: any)";
        const char *level;
        if (nb_str_arg(level_o, "level", want, &level) < 0)
            return NULL;
        if (nonet_level_bounds(level, &o.min_rating, &o.max_rating) != NONET_OK) {
            PyErr_Format(PyExc_ValueError, "level: %s, not %R", want, level_o);
            return NULL;
        }
    } else if (rating_range_arg(rating_o, &o.min_rating, &o.max_rating) < 0) {
        return NULL;
    }
    o.strict_minimal = strict;
    o.clues = (int)clues;
    o.max_clues = (int)max_clues;
    o.max_tries = max_tries;
    if (needs_o != Py_None) {
        if (o.symmetry != NONET_SYM_NONE || strict || clues || max_clues || o.min_rating ||
            o.max_rating || size != Py_None) {
            PyErr_SetString(PyExc_ValueError,
                            "needs makes 9x9 puzzles with no symmetry: not with symmetry (but "
                            "\"none\"), strict, clues, max_clues, level, rating or size");
            return NULL;
        }
        n.hardest = hardest;
        n.max_tries = max_tries;
    }
    char why[200];
    if (nonet_generate_check(&o, why, sizeof why) != NONET_OK ||
        (needs_o != Py_None && nonet_needs_check(&n, why, sizeof why) != NONET_OK)) {
        PyErr_SetString(PyExc_ValueError, why);
        return NULL;
    }
    int br = o.box_rows ? o.box_rows : 3, bc = o.box_rows ? o.box_cols : 3;
    Py_ssize_t pos_shape[2] = {count, 81};
    ArrayObject *puzzles = nb_grids_new(count, br, bc), *solutions = NULL, *rating = NULL,
                *st = NULL, *clue_count = NULL, *gave_up = NULL, *pos_grids = NULL,
                *pos_marks = NULL, *pos_rounds = NULL;
    PyObject *messages = NULL, *result = NULL;
    if (!puzzles || !(solutions = nb_grids_new(count, br, bc)) ||
        !(rating = nb_vector_new('d', count)) || !(st = nb_vector_new('b', count)) ||
        !(clue_count = nb_vector_new('i', count)) || !(gave_up = nb_vector_new('b', count)) ||
        !(messages = PyList_New(count)))
        goto done;
    if (want_position && (!(pos_grids = nb_grids_new(count, 3, 3)) ||
                          !(pos_marks = nb_array_new('h', 2, pos_shape)) ||
                          !(pos_rounds = nb_vector_new('i', count))))
        goto done;
    gen_job j = {&o,
                 needs_o != Py_None ? &n : NULL,
                 timeout,
                 seed,
                 first - 1,
                 br * bc * br * bc,
                 (uint8_t *)puzzles->data,
                 (uint8_t *)solutions->data,
                 (double *)rating->data,
                 (int8_t *)st->data,
                 (int32_t *)clue_count->data,
                 (int8_t *)gave_up->data,
                 pos_grids ? (uint8_t *)pos_grids->data : NULL,
                 pos_marks ? (int16_t *)pos_marks->data : NULL,
                 pos_rounds ? (int32_t *)pos_rounds->data : NULL};
    nb_loop l = {count, generate_one, make_generator, free_generator, &j, timeout};
    if (j.needs) {
        l.fn = needs_one;
        l.make = make_needs;
        l.free_fn = free_needs;
    }
    if (nb_run_loop(&l, threads) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *m = Py_None;
        if (j.status[i] == NONET_V_TIMEOUT) {
            nb_timeout_message(why, sizeof why, timeout, "");
            m = PyUnicode_FromString(why);
        } else if (j.status[i] != NONET_V_UNIQUE && j.needs)
            m = j.gave_up[i]
                    ? PyUnicode_FromFormat(
                          "%llu candidates in a row without a base puzzle that needs "
                          "%s: gave up",
                          (unsigned long long)(n.max_tries ? n.max_tries : NONET_NEEDS_TRIES),
                          nonet_technique_name(n.technique))
                    : PyUnicode_FromString("out of memory");
        else if (j.status[i] != NONET_V_UNIQUE)
            m = PyUnicode_FromFormat(
                "%llu grids in a row missed the targets: gave up",
                (unsigned long long)(o.max_tries ? o.max_tries : NONET_GENERATE_TRIES));
        else
            Py_INCREF(m);
        if (!m)
            goto done;
        PyList_SET_ITEM(messages, i, m);
    }
    if (pos_grids)
        result = Py_BuildValue("(OOOOOO(OOO))", puzzles, solutions, rating, st, messages,
                               clue_count, pos_grids, pos_marks, pos_rounds);
    else
        result = Py_BuildValue("(OOOOOOO)", puzzles, solutions, rating, st, messages, clue_count,
                               Py_None);
done:
    Py_XDECREF(gave_up);
    Py_XDECREF(pos_grids);
    Py_XDECREF(pos_marks);
    Py_XDECREF(pos_rounds);
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
    double timeout;
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

static void minimize_one(void *ctx, void *scratch, Py_ssize_t i, const nonet_stop *stop)
{
    min_job *j = ctx;
    const nb_batch *b = j->b;
    if (b->status[i] != NONET_V_OK) {
        j->status[i] = b->status[i];
        return;
    }
    nonet_grid g;
    nb_batch_grid(b, i, &g);
    nonet_generator_set_stop(scratch, stop);
    int rc = nonet_minimize(scratch, &g, j->symmetry);
    j->status[i] = rc == NONET_OK                                  ? NONET_V_UNIQUE
                   : rc == NONET_ETIMEOUT || rc == NONET_ECANCELED ? NONET_V_TIMEOUT
                   : rc == NONET_ENOTUNIQUE                        ? NONET_V_MULTIPLE
                   : rc == NONET_ENOSOLUTION                       ? NONET_V_NO_SOLUTION
                   : rc == NONET_ECONFLICT                         ? NONET_V_INVALID
                                                                   : NONET_V_ERROR;
    if (rc == NONET_OK)
        memcpy(j->out + (size_t)i * ((size_t)b->n * (size_t)b->n), g.cells,
               ((size_t)b->n * (size_t)b->n));
}

static const char *const minimize_kw[] = {"puzzles", "symmetry", "size", "column",
                                          "threads", "timeout",  NULL};

PyObject *nb_minimize(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    PyObject *src, *symmetry_o = NULL, *size = Py_None, *column = Py_None, *threads_o = NULL,
                   *timeout_o = Py_None;
    int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOOO:minimize", (char **)minimize_kw, &src,
                                     &symmetry_o, &size, &column, &threads_o, &timeout_o))
        return NULL;
    min_job j;
    memset(&j, 0, sizeof j);
    j.symmetry = NONET_SYM_NONE;
    if ((symmetry_o && symmetry_arg(symmetry_o, 0, &j.symmetry) < 0) ||
        (threads_o && nb_threads_arg(threads_o, &threads) < 0) ||
        nb_timeout_arg(timeout_o, &j.timeout) < 0)
        return NULL;
    nb_batch b;
    ArrayObject *out = NULL, *st = NULL;
    PyObject *result = NULL;
    if (nb_batch_from(&b, src, size, column) < 0)
        goto done;
    if (!nonet_symmetry_fits(j.symmetry, b.box_rows, b.box_cols)) {
        PyErr_Format(PyExc_ValueError, "symmetry: %s needs square boxes, not %dx%d",
                     nonet_symmetry_name(j.symmetry), b.box_rows, b.box_cols);
        goto done;
    }
    if (!(out = nb_grids_new(b.count, b.box_rows, b.box_cols)) ||
        !(st = nb_vector_new('b', b.count)))
        goto done;
    j.b = &b;
    j.out = (uint8_t *)out->data;
    j.status = (int8_t *)st->data;
    nb_loop l = {b.count, minimize_one, make_plain_generator, free_generator, &j, j.timeout};
    if (nb_run_loop(&l, threads) < 0)
        goto done;
    for (Py_ssize_t i = 0; i < b.count; i++) {
        char timed_out[80];
        nb_timeout_message(timed_out, sizeof timed_out, j.timeout, "");
        const char *why = j.status[i] == NONET_V_TIMEOUT       ? timed_out
                          : j.status[i] == NONET_V_MULTIPLE    ? "more than one solution"
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
