/* random.h - the seeded random stream of the generator and of random
 * transforms (internal). Only integer arithmetic on fixed-width types, so
 * that a seed gives the same numbers on every machine and build:
 * xoshiro256** (Blackman and Vigna), its state filled by splitmix64 from
 * the seed and the stream's index. */
#ifndef NONET_RANDOM_H
#define NONET_RANDOM_H

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

/* One step of splitmix64 on *x: a well-mixed 64-bit value. */
static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The stream of (seed, index): streams of different indices of one seed
 * are unrelated. */
static inline void rng_seed(rng *r, uint64_t seed, uint64_t index)
{
    uint64_t x = seed, y = index ^ 0x6A09E667F3BCC909u;
    uint64_t mix = splitmix64(&x) ^ splitmix64(&y);
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&mix);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return out;
}

/* A uniform number in 0..bound-1 (bound >= 1), by rejection: no bias. */
static inline uint64_t rng_below(rng *r, uint64_t bound)
{
    uint64_t floor = (0 - bound) % bound; /* 2^64 mod bound */
    for (;;) {
        uint64_t x = rng_next(r);
        if (x >= floor)
            return x % bound;
    }
}

/* Shuffles a[0..count) (Fisher-Yates). */
static inline void rng_shuffle(rng *r, int *a, int count)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

#endif
