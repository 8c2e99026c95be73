/* pool.c - the binding's parallel loop over a batch, on threads of its own
 * with the GIL released. The library is reentrant (one solver a thread)
 * and has no threads of its own, so that its WebAssembly build needs none;
 * the CLI's pool streams input in order, which a batch in memory does not
 * need: a shared counter handing out chunks is all it takes.
 *
 * Ctrl-C: one puzzle can be a whole call's work for as long as anyone
 * waits (counting the empty grid), so looking at the signals between
 * puzzles is not enough. Every item runs with a nonet_stop whose fn the
 * library's long calls ask every few milliseconds; it reads a flag that
 * is set once a Python signal handler raised (KeyboardInterrupt): the
 * long calls return, no more items are taken, and the call raises that
 * exception once the work has stopped, no thread left running.
 * - Several workers: the calling thread does none of the work; it waits
 *   for them with a timeout and, between waits, takes the GIL back to run
 *   the handlers (PyErr_CheckSignals).
 * - One worker (a small batch, threads=1, explain, hint): the calling
 *   thread does the work itself, the GIL released, and its stop fn takes
 *   the GIL back every WAIT_MS to run the handlers. The same answer
 *   without a thread's start and join and the waits' wake-ups, which
 *   cost more than a small puzzle's whole work (a call of one puzzle
 *   took 3 to 4 times as long on worker threads). */
#include "binding.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

enum {
    CHUNK = 16,
    WAIT_MS = 50 /* between two looks at the signals */
};

typedef struct run_state {
    const nb_loop *l;
    uint64_t timeout_ns; /* each item's time (0: none) */
    atomic_llong next;   /* the first item no thread has taken */
    atomic_int failed;   /* a scratch could not be made */
    atomic_int cancel;   /* the call was interrupted: stop everything */
    pthread_mutex_t lock;
    pthread_cond_t done;       /* signalled when running reaches 0 */
    int running;               /* workers not finished (under lock) */
    int (*stop_fn)(void *ctx); /* the items' nonet_stop.fn, given this */
    /* the work on the calling thread alone (inline_stop): */
    PyThreadState *saved; /* its state while the GIL is released */
    uint64_t last_look;   /* nonet_clock_ns() at the last look at signals */
} run_state;

/* The workers' nonet_stop.fn: the interrupt flag (set by the waiting
 * thread). */
static int canceled(void *ctx)
{
    run_state *s = ctx;
    return atomic_load(&s->cancel);
}

/* The nonet_stop.fn of work on the calling thread, whose GIL is released
 * (s->saved): every WAIT_MS it takes the GIL back to run the signal
 * handlers; one that raises (its exception is kept) stops the work. */
static int inline_stop(void *ctx)
{
    run_state *s = ctx;
    if (atomic_load(&s->cancel))
        return 1;
    uint64_t now = nonet_clock_ns();
    if (now - s->last_look < (uint64_t)WAIT_MS * 1000000u)
        return 0;
    PyEval_RestoreThread(s->saved);
    if (PyErr_CheckSignals() < 0)
        atomic_store(&s->cancel, 1);
    s->saved = PyEval_SaveThread();
    s->last_look = nonet_clock_ns();
    return atomic_load(&s->cancel);
}

static void run_items(run_state *s, void *scratch)
{
    const nb_loop *l = s->l;
    for (;;) {
        long long from = atomic_fetch_add(&s->next, CHUNK);
        if (from >= l->count)
            return;
        long long to = from + CHUNK < l->count ? from + CHUNK : l->count;
        for (long long i = from; i < to; i++) {
            if (s->stop_fn(s))
                return;
            nonet_stop stop = {s->stop_fn, s, 0};
            if (s->timeout_ns)
                stop.deadline = nonet_clock_ns() + s->timeout_ns;
            l->fn(l->ctx, scratch, (Py_ssize_t)i, &stop);
        }
    }
}

static void *loop_thread(void *arg)
{
    run_state *s = arg;
    const nb_loop *l = s->l;
    void *scratch = l->make ? l->make(l->ctx) : NULL;
    if (l->make && !scratch) {
        atomic_store(&s->failed, 1);
    } else {
        run_items(s, scratch);
        if (l->free_fn)
            l->free_fn(scratch);
    }
    pthread_mutex_lock(&s->lock);
    if (--s->running == 0)
        pthread_cond_signal(&s->done);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static int threads_wanted(int threads, Py_ssize_t count)
{
    if (threads <= 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores < 1 ? 1 : cores > NB_MAX_THREADS ? NB_MAX_THREADS : (int)cores;
    }
    if (threads > NB_MAX_THREADS)
        threads = NB_MAX_THREADS;
    Py_ssize_t chunks = (count + CHUNK - 1) / CHUNK;
    if (chunks < threads)
        threads = chunks < 1 ? 1 : (int)chunks;
    return threads;
}

/* The clock the waits are measured on: the monotonic one where condition
 * variables take it (a wall clock set back would stretch a wait). */
#if defined(__APPLE__)
#define WAIT_CLOCK CLOCK_REALTIME
#else
#define WAIT_CLOCK CLOCK_MONOTONIC
#endif

static int state_init(run_state *s)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return -1;
#if !defined(__APPLE__)
    pthread_condattr_setclock(&attr, WAIT_CLOCK);
#endif
    int rc = pthread_cond_init(&s->done, &attr);
    pthread_condattr_destroy(&attr);
    if (rc != 0)
        return -1;
    if (pthread_mutex_init(&s->lock, NULL) != 0) {
        pthread_cond_destroy(&s->done);
        return -1;
    }
    return 0;
}

/* Waits for every worker, the GIL released (*saved: this thread's state),
 * looking at the signals between waits. Returns 1 when a handler raised
 * (its exception set; the workers told to stop and finished), else 0. */
static int wait_workers(run_state *s, PyThreadState **saved)
{
    int interrupted = 0;
    pthread_mutex_lock(&s->lock);
    while (s->running > 0) {
        struct timespec until;
        clock_gettime(WAIT_CLOCK, &until);
        until.tv_nsec += WAIT_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        int rc = pthread_cond_timedwait(&s->done, &s->lock, &until);
        if (s->running == 0 || interrupted || rc != ETIMEDOUT)
            continue;
        pthread_mutex_unlock(&s->lock);
        PyEval_RestoreThread(*saved);
        if (PyErr_CheckSignals() < 0) {
            atomic_store(&s->cancel, 1);
            interrupted = 1;
        }
        *saved = PyEval_SaveThread();
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    return interrupted;
}

int nb_run_loop(const nb_loop *l, int threads)
{
    if (l->count <= 0)
        return 0;
    run_state s;
    s.l = l;
    s.timeout_ns = l->timeout > 0 ? (uint64_t)(l->timeout * 1e9) : 0;
    if (l->timeout > 0 && s.timeout_ns == 0)
        s.timeout_ns = 1;
    atomic_init(&s.next, 0);
    atomic_init(&s.failed, 0);
    atomic_init(&s.cancel, 0);
    s.running = 0;
    if (state_init(&s) < 0) {
        PyErr_SetString(PyExc_OSError, "could not make a condition variable");
        return -1;
    }
    int t = threads_wanted(threads, l->count), started = 0, interrupted = 0;
    pthread_t ids[NB_MAX_THREADS];
    s.stop_fn = canceled;
    PyThreadState *saved = PyEval_SaveThread(); /* the GIL released */
    if (t > 1) {
        pthread_mutex_lock(&s.lock);
        for (; started < t; started++) {
            s.running++;
            if (pthread_create(&ids[started], NULL, loop_thread, &s) != 0) {
                s.running--;
                break; /* fewer threads: the items still all get done */
            }
        }
        pthread_mutex_unlock(&s.lock);
        if (started > 0)
            interrupted = wait_workers(&s, &saved);
    }
    if (started == 0) { /* one worker (or no thread would start): this thread */
        s.stop_fn = inline_stop;
        s.saved = saved;
        s.last_look = nonet_clock_ns();
        s.running = 1;
        loop_thread(&s);
        saved = s.saved;
        interrupted = atomic_load(&s.cancel);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    PyEval_RestoreThread(saved);
    pthread_mutex_destroy(&s.lock);
    pthread_cond_destroy(&s.done);
    if (interrupted)
        return -1; /* the handler's exception */
    if (atomic_load(&s.failed) && atomic_load(&s.next) < l->count) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void nb_timeout_message(char *why, size_t cap, double timeout, const char *extra)
{
    snprintf(why, cap, "timed out after %g s%s%s%s", timeout, extra && *extra ? " (" : "",
             extra && *extra ? extra : "", extra && *extra ? ")" : "");
}
