/* internal.h - helpers shared by the library's modules; not installed. */
#ifndef NONET_INTERNAL_H
#define NONET_INTERNAL_H

#include "nonet.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* snprintf-style appending: len counts every byte appended, buf keeps
 * what fits in cap - 1 bytes; the caller writes the final NUL
 * (text_end). */
typedef struct text_buf {
    char *buf;
    size_t cap, len;
} text_buf;

static inline void text_put(text_buf *t, const char *s, size_t n)
{
    if (t->len < t->cap) {
        size_t room = t->cap - 1 - t->len;
        memcpy(t->buf + t->len, s, n < room ? n : room);
    }
    t->len += n;
}

/* NUL-terminates t's buffer (when it has room for anything). */
static inline void text_end(text_buf *t)
{
    if (t->cap)
        t->buf[t->len < t->cap ? t->len : t->cap - 1] = '\0';
}

/* The one-character symbol of digit 1..35 ('1'-'9', 'A'-'Z'); '?' otherwise. */
static inline char sym_of_digit(int digit)
{
    if (digit >= 1 && digit <= 9)
        return (char)('0' + digit);
    if (digit >= 10 && digit <= NONET_MAX_SYMBOL_SIDE)
        return (char)('A' + digit - 10);
    return '?';
}

/* The digit of a symbol ('1'-'9', 'A'-'Z', 'a'-'z' as 1..35), or 0. */
static inline int digit_of_sym(unsigned char ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 10;
    return 0;
}

/* The set of all digits of an n-sided grid: bits 0..n-1. */
static inline uint64_t full_set(int n)
{
    return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

static inline int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

static inline int lowest_bit(uint64_t nonzero_x)
{
    return __builtin_ctzll(nonzero_x);
}

/* Whether the shape is one nonet supports. */
static inline int shape_valid(int box_rows, int box_cols)
{
    return box_rows >= 1 && box_cols >= 1 && box_rows <= NONET_MAX_SIDE &&
           box_cols <= NONET_MAX_SIDE && box_rows * box_cols <= NONET_MAX_SIDE;
}

/* Whether g is a well-formed grid: a valid shape, n consistent with it,
 * and every cell 0..n. */
int grid_well_formed(const nonet_grid *g);

/* The houses a step involves (result.c), as nonet_step_json's "houses"
 * lists them: up to max units (rows 0..n-1, columns n..2n-1, boxes
 * 2n..3n-1) into units and each one's role (STEP_HOUSE_*) into roles.
 * Returns their number. STEP_HOUSES_MAX holds every step's. */
enum { STEP_HOUSE_UNIT = 0, STEP_HOUSE_BASE, STEP_HOUSE_COVER };
#define STEP_HOUSES_MAX (4 + NONET_MAX_SIDE)
int step_houses(const nonet_step *st, int n, int *units, int *roles, int max);

/* A hint's region (nonet_step_region) in words, as nonet_step_hint's
 * level 1 names it ("rows 2 and 5", "band 1 (rows 1 to 3)"), into buf as
 * snprintf does, for a grid of side n (describe.c). */
size_t region_words(const nonet_region *r, int n, char *buf, size_t cap);

/* How often long calls look at their stop: every STOP_EVERY nodes (a
 * power of two, so "(nodes & (STOP_EVERY - 1)) == 0" tests it); a 9x9 node
 * takes well under a microsecond, a variant's or a chain's more, and those
 * look more often. */
#define STOP_EVERY 4096

/* Whether stop (may be NULL) can ever stop a call: long calls pass NULL
 * to their inner loops otherwise and never look. */
static inline int stop_armed(const nonet_stop *stop)
{
    return stop && (stop->fn || stop->deadline);
}

/* 0 (NONET_OK) while stop (NULL: none) lets a long call go on, else
 * NONET_ECANCELED (its fn said so) or NONET_ETIMEOUT (its deadline is
 * past). Calls fn and reads the clock: look every few thousand nodes. */
int stop_check(const nonet_stop *stop);

/* A stop looked at every `every` ticks, for loops whose steps are not an
 * engine's nodes (a chain's propagations, a generator's removals). */
typedef struct stop_watch {
    const nonet_stop *stop; /* NULL: never stop */
    unsigned every, left;
    int status; /* 0, then what stop_check said once it stopped (kept) */
} stop_watch;

static inline void watch_start(stop_watch *w, const nonet_stop *stop, unsigned every)
{
    w->stop = stop_armed(stop) ? stop : NULL;
    w->every = w->left = every ? every : 1;
    w->status = NONET_OK;
}

/* One step: nonzero (the status) once the stop has said to stop. */
static inline int watch_tick(stop_watch *w)
{
    if (w->status || !w->stop || --w->left)
        return w->status;
    w->left = w->every;
    return w->status = stop_check(w->stop);
}

#endif
