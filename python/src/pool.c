/* pool.c - the binding's parallel loop over a batch, on threads of its own
 * with the GIL released. The library is reentrant (one solver a thread)
 * and has no threads of its own, so that its WebAssembly build needs none;
 * the CLI's pool streams input in order, which a batch in memory does not
 * need: a shared counter handing out chunks is all it takes. */
#include "binding.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

enum { CHUNK = 16, MAX_THREADS = 64 };

typedef struct run_state {
    const nb_loop *l;
    atomic_llong next; /* the first item no thread has taken */
    atomic_int failed; /* a scratch could not be made */
} run_state;

static void *loop_thread(void *arg)
{
    run_state *s = arg;
    const nb_loop *l = s->l;
    void *scratch = l->make ? l->make(l->ctx) : NULL;
    if (l->make && !scratch) {
        atomic_store(&s->failed, 1);
        return NULL;
    }
    for (;;) {
        long long from = atomic_fetch_add(&s->next, CHUNK);
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
        threads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores;
    }
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    Py_ssize_t chunks = (count + CHUNK - 1) / CHUNK;
    if (chunks < threads)
        threads = chunks < 1 ? 1 : (int)chunks;
    return threads;
}

int nb_run_loop(const nb_loop *l, int threads)
{
    run_state s;
    s.l = l;
    atomic_init(&s.next, 0);
    atomic_init(&s.failed, 0);
    int t = threads_wanted(threads, l->count), started = 0;
    pthread_t ids[MAX_THREADS];
    PyThreadState *saved = PyEval_SaveThread(); /* the GIL released */
    for (; started < t - 1; started++)
        if (pthread_create(&ids[started], NULL, loop_thread, &s) != 0)
            break;   /* fewer threads: the items still all get done */
    loop_thread(&s); /* this thread is one of them */
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    PyEval_RestoreThread(saved);
    if (atomic_load(&s.failed) && atomic_load(&s.next) < l->count) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}
