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

#endif
