/* engine_bitboard.c - the dedicated 9x9 engine's search: one bitboard per
 * digit, band and stack matching, singles, the triad rule, and a
 * depth-first search on a digit's configurations in a band or a stack.
 *
 * Data layout
 * -----------
 * A board holds, for every digit d, where d may still go, as three 27-bit
 * band words, and which cells are still unsolved, in the same layout:
 *
 *            band word bit = 9 * (row within band) + column
 *
 *      column   0 1 2   3 4 5   6 7 8
 *      row 0    0 1 2 | 3 4 5 | 6 7 8        box 0 | box 1 | box 2
 *      row 1    9 ...                        (of this band)
 *      row 2   18 ...                26
 *
 *   cand[b][d]   candidates of digit d in band b (a placed digit keeps its
 *                bit: it is then alone in its row, column and box); a
 *                band's 9 digits are adjacent, so that the loops over
 *                the digits of a band become vector operations
 *   unsolved[b]  cells of band b not placed yet
 *
 * A board is 30 words (120 bytes): a guess copies it, so undoing is free.
 *
 * Propagation, per digit (digit_settle)
 * -------------------------------------
 * In a band, a digit occupies one cell in each of the 3 rows and each of
 * the 3 boxes: the rows are matched to the boxes. Reduce the band word to
 * its 3x3 "minirow" occupancy (row r has candidates in box k); the
 * minirows that belong to some perfect matching are a table lookup
 * (tables.matched), and every other minirow is emptied. The same holds in
 * a stack, columns against boxes: the 3x3 "minicolumn" occupancy (band b
 * has candidates in column k of the stack) is reduced with the same table.
 * This is locked candidates (pointing and claiming) in both directions,
 * and an empty matching is a contradiction. Repeated to a fixed point, it
 * also turns every hidden single of the digit (in a row, column or box)
 * into a row with one candidate, so hidden singles are found by looking
 * at rows only.
 *
 * Placing digit d in cell x removes x's peers from d and x from the other
 * digits, whose settle work is then due (a dirty bit per digit). After a
 * round over the dirty digits, naked singles (cells with one candidate)
 * are placed, and a cell with none is a contradiction. When nothing is
 * left to do, the triad rule (every minirow and minicolumn holds exactly
 * 3 digits) is tested on all bands and stacks at once (triads_quiet).
 *
 * That is the full propagation. A search starts with the light one below
 * (band word by band word, no triads, stacks at the root only: cheaper
 * per removal) and goes on with the full one once a puzzle takes
 * LIGHT_GUESSES guesses (every board from there, the ones it backtracks
 * to included), or takes the full one from the root when the board looks
 * hard (hard_start). Clues that conflict are found while the board is
 * built (set_clues).
 *
 * Search (pick_branch): a digit's configurations in a band or a stack are
 * the alternatives of a branch point; each is tried on a copy of the
 * board, the last one left is forced, not a guess. Once every digit is
 * settled everywhere, a cell with fewest candidates instead.
 *
 * The file is compiled once for any CPU and, on x86-64, once more for
 * x86-64-v3 (BB_ISA): the BMI2 and AVX2 paths below are that copy's.
 */
#include "solve/engine_bitboard.h"
#include "core/internal.h"

#if defined(__BMI2__) || defined(__SSE2__)
#include <immintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

/* The search's name: bb_search_portable, or BB_ISA's variant when the
 * build compiles this file again for another instruction set. */
#ifndef BB_ISA
#define BB_ISA portable
#endif
#define BB_GLUE(a, b) a##b
#define BB_NAME(a, b) BB_GLUE(a, b)
#define BB_SEARCH BB_NAME(bb_search_, BB_ISA)

/* The loops over the 9 digits are the hot path; unrolled, their tests
 * become straight-line code (gcc keeps them as mispredicted loops). */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_DIGITS _Pragma("GCC unroll 9")
#elif defined(__clang__)
#define UNROLL_DIGITS _Pragma("unroll 9")
#else
#define UNROLL_DIGITS
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_BANDS _Pragma("GCC unroll 3")
#elif defined(__clang__)
#define UNROLL_BANDS _Pragma("unroll 3")
#else
#define UNROLL_BANDS
#endif

/* ------------------------------------------------------------ propagation */

/* The digits of a band whose words meet the cells x (bit d), and x leaves
 * them all. */
static inline uint32_t band_clear(uint32_t *band, uint32_t x)
{
    uint32_t hit = (uint32_t)((band[8] & x) != 0) << 8;
    band[8] &= ~x;
#if defined(__AVX2__)
    __m256i v = _mm256_loadu_si256((const __m256i *)band), m = _mm256_set1_epi32((int)x);
    hit |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
               _mm256_cmpeq_epi32(_mm256_and_si256(v, m), _mm256_setzero_si256()))) ^
           0xFF;
    _mm256_storeu_si256((__m256i *)band, _mm256_andnot_si256(m, v));
#elif defined(__SSE2__)
    __m128i m = _mm_set1_epi32((int)x), zero = _mm_setzero_si128();
    __m128i lo = _mm_loadu_si128((const __m128i *)band),
            hi = _mm_loadu_si128((const __m128i *)(band + 4));
    hit |=
        ((uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(lo, m), zero))) |
         (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(hi, m), zero)))
             << 4) ^
        0xFF;
    _mm_storeu_si128((__m128i *)band, _mm_andnot_si128(m, lo));
    _mm_storeu_si128((__m128i *)(band + 4), _mm_andnot_si128(m, hi));
#elif defined(__wasm_simd128__)
    /* WebAssembly SIMD (the web page's build): the SSE2 path's shape */
    v128_t m = wasm_i32x4_splat((int)x), zero = wasm_i32x4_splat(0);
    v128_t lo = wasm_v128_load(band), hi = wasm_v128_load(band + 4);
    hit |= (uint32_t)wasm_i32x4_bitmask(wasm_i32x4_ne(wasm_v128_and(lo, m), zero)) |
           (uint32_t)wasm_i32x4_bitmask(wasm_i32x4_ne(wasm_v128_and(hi, m), zero)) << 4;
    wasm_v128_store(band, wasm_v128_andnot(lo, m));
    wasm_v128_store(band + 4, wasm_v128_andnot(hi, m));
#else
    UNROLL_DIGITS
    for (int e = 0; e < 8; e++) {
        hit |= (uint32_t)((band[e] & x) != 0) << e;
        band[e] &= ~x;
    }
#endif
    return hit;
}

/* Places digit d in cell i of band b: the cell leaves every other digit
 * (whose settle work is then due: into *dirty) and the unsolved set, and
 * d leaves the cell's peers. 0 if d could not go there. */
static inline int place(const tables *t, board *bd, uint32_t *dirty, int d, int b, int i)
{
    uint32_t bit = (uint32_t)1 << i;
    if (!(bd->cand[b][d] & bit))
        return 0;
    bd->unsolved[b] &= ~bit;
    /* the digits that had x become dirty, and x leaves them all */
    uint32_t *band = bd->cand[b];
    uint32_t hit = 1u << d | band_clear(band, bit);
    band[d] |= bit;
    const uint32_t *p = t->peers[b * BAND_BITS + i];
    bd->cand[0][d] &= ~p[0];
    bd->cand[1][d] &= ~p[1];
    bd->cand[2][d] &= ~p[2];
    *dirty |= hit;
    return 1;
}

/* The 3x3 minirow occupancy of a band word: bit 3 * row + box. With BMI2,
 * the OR of each minirow's 3 cells lands on its first cell, and PEXT
 * gathers those 9 bits. */
static inline unsigned minirows(const tables *t, uint32_t w)
{
#ifdef __BMI2__
    (void)t;
    return _pext_u32(w | w >> 1 | w >> 2, 0x1249249);
#else
    return t->boxes_of[w & ROW_MASK] | (unsigned)t->boxes_of[(w >> 9) & ROW_MASK] << 3 |
           (unsigned)t->boxes_of[w >> 18] << 6;
#endif
}

/* A band word without the minirows that fit no matching of rows to boxes;
 * 0 when none fits (a digit always has cells in a band, so 0 is a
 * contradiction). */
static inline uint32_t band_match(const tables *t, uint32_t w)
{
    return w & t->keep[minirows(t, w)];
}

/* The columns of a band word that meet a candidate. */
static inline uint32_t columns(uint32_t w)
{
    return (w | w >> 9 | w >> 18) & ROW_MASK;
}

/* A digit's column word: bit 9 * band + column when the digit has a
 * candidate in that column of that band. Stack k's 3x3 "minicolumn"
 * occupancy (bit 3 * band + column in the stack) is the bits of
 * STACK_BITS << 3k. */
enum { STACK_BITS = 0x1C0E07 };

static inline uint32_t column_word(uint32_t a, uint32_t b, uint32_t c)
{
    return columns(a) | columns(b) << 9 | columns(c) << 18;
}

static inline unsigned stack_occ(uint32_t cw, int k)
{
#ifdef __BMI2__
    return _pext_u32(cw, (uint32_t)STACK_BITS << (3 * k));
#else
    /* the three 3-bit fields, 9 apart, times 1 + 2^6 + 2^12: the products
     * do not overlap, and bits 12..20 hold the fields side by side */
    return ((cw >> (3 * k) & STACK_BITS) * 0x1041u) >> 12 & 0x1FF;
#endif
}

/* The inverse of stack_occ: a stack occupancy placed back in a column
 * word. */
static inline uint32_t stack_spread(unsigned occ, int k)
{
#ifdef __BMI2__
    return _pdep_u32(occ, (uint32_t)STACK_BITS << (3 * k));
#else
    return ((occ | occ << 6 | occ << 12) & STACK_BITS) << (3 * k);
#endif
}

/* The rows of a band word that have one candidate (as cells). */
static inline uint32_t row_singles(const tables *t, uint32_t w)
{
    return t->single[w & ROW_MASK] | (uint32_t)t->single[(w >> 9) & ROW_MASK] << 9 |
           (uint32_t)t->single[w >> 18] << 18;
}

/* Band and stack matching for one digit, to a fixed point, then places its
 * hidden singles (the digits they make dirty into *dirty). 0 on a
 * contradiction. */
static int digit_settle(const tables *t, board *bd, uint32_t *dirty, int d)
{
    uint32_t a = bd->cand[0][d], b = bd->cand[1][d], c = bd->cand[2][d];
    for (;;) {
        a = band_match(t, a);
        b = band_match(t, b);
        c = band_match(t, c);
        if (!a || !b || !c)
            return 0;
        /* stacks: each band's columns against the stack's 3 boxes */
        uint32_t cw = column_word(a, b, c);
        unsigned k0 = t->matched[stack_occ(cw, 0)], k1 = t->matched[stack_occ(cw, 1)],
                 k2 = t->matched[stack_occ(cw, 2)];
        if (!k0 || !k1 || !k2)
            return 0;
        uint32_t keep = stack_spread(k0, 0) | stack_spread(k1, 1) | stack_spread(k2, 2);
        if (keep == cw)
            break;
        a &= (keep & ROW_MASK) * 0x40201u; /* the kept columns in all 3 rows */
        b &= (keep >> 9 & ROW_MASK) * 0x40201u;
        c &= (keep >> 18) * 0x40201u;
    }
    bd->cand[0][d] = a;
    bd->cand[1][d] = b;
    bd->cand[2][d] = c;
    /* hidden singles: unsolved rows with one candidate left */
    uint32_t sa = row_singles(t, a & bd->unsolved[0]), sb = row_singles(t, b & bd->unsolved[1]),
             sc = row_singles(t, c & bd->unsolved[2]);
    if (!(sa | sb | sc))
        return 1;
    for (; sa; sa &= sa - 1)
        if (!place(t, bd, dirty, d, 0, lowest_bit(sa)))
            return 0;
    for (; sb; sb &= sb - 1)
        if (!place(t, bd, dirty, d, 1, lowest_bit(sb)))
            return 0;
    for (; sc; sc &= sc - 1)
        if (!place(t, bd, dirty, d, 2, lowest_bit(sc)))
            return 0;
    return 1;
}

/* Bit-sliced counting: after adding words x, level[k] holds the bits set
 * in more than k of them (k < n). */
static inline void count_bits(uint64_t *level, int n, uint64_t x)
{
    for (int k = n - 1; k > 0; k--)
        level[k] |= level[k - 1] & x;
    level[0] |= x;
}

/* The triad rule on one 3x3 occupancy group: nine digits' occupancies
 * occ[d] of 3 "rows" by 3 "boxes" whose 9 intersections each hold exactly
 * 3 digits (3 cells of one row and one box). An intersection that fewer
 * than 3 digits can reach is a contradiction; one that exactly 3 reach
 * takes all three; one that 3 digits must take (it is alone in their row)
 * takes no other, and 4 such digits are a contradiction. Reduces occ[];
 * returns the set of digits changed, or -1 on a contradiction. */
static int triads(const tables *t, unsigned *occ)
{
    uint64_t any[4] = {0}, must[4] = {0}; /* reaching / taking more than k */
    UNROLL_DIGITS
    for (int d = 0; d < 9; d++) {
        count_bits(any, 4, occ[d]);
        count_bits(must, 4, t->lone[occ[d]]);
    }
    unsigned any3 = (unsigned)any[2], any4 = (unsigned)any[3];
    unsigned must3 = (unsigned)must[2], must4 = (unsigned)must[3];
    if ((any3 & 0x1FF) != 0x1FF || must4)
        return -1;
    unsigned take_all = any3 & ~any4 & ~(must3 & ~must4); /* 3 can, not yet 3 must */
    unsigned closed = must3;                              /* 3 must: no others */
    int changed = 0;
    if (!take_all && !(closed & any4))
        return 0;
    for (int d = 0; d < 9; d++) {
        unsigned o = occ[d], n = o & ~(closed & ~t->lone[o]);
        for (unsigned todo = take_all & n; todo; todo &= todo - 1) {
            int i = lowest_bit(todo);
            /* keep only configurations through intersection i: nothing
             * else in its row or its box */
            n = (n & ~((7u << (i / 3 * 3)) | (0x49u << (i % 3)))) | 1u << i;
        }
        if (n != o) {
            n = t->matched[n];
            if (!n)
                return -1;
            occ[d] = n;
            changed |= 1 << d;
        }
    }
    return changed;
}

/* The bits of x that are alone in their 3-bit field (fields start at bit
 * 0, every 3 bits). */
static inline uint64_t alone_in_field(uint64_t x)
{
    const uint64_t f0 = 0x9249249249249249u & 0x3FFFFFFFFFFFFFu;   /* bit 0 of each field */
    uint64_t up1 = (x << 1 & (f0 << 1 | f0 << 2)) | (x >> 2 & f0); /* bit j to j+1 mod 3 */
    uint64_t up2 = (x << 2 & f0 << 2) | (x >> 1 & (f0 | f0 << 1)); /* bit j to j+2 mod 3 */
    return x & ~up1 & ~up2;
}

/* The triad rule's test on all 6 groups at once, bit-sliced: each digit's
 * 3 band occupancies (bits 0..26) and its column word (bits 27..53: the
 * same 3-bit fields as the stacks' minicolumns, grouped otherwise, which
 * the test does not need) in one word, kept in s->occ for pick_branch.
 * 1 when the rule has nothing to do, 0 on a contradiction, -1 when
 * all_triads has work. */
static int triads_quiet(bb_state *s, const board *bd)
{
    const tables *t = &s->t;
    const uint64_t all = ((uint64_t)1 << 54) - 1;
    uint64_t any[4] = {0}, must[4] = {0};
    UNROLL_DIGITS
    for (int d = 0; d < 9; d++) {
        uint32_t a = bd->cand[0][d], b = bd->cand[1][d], c = bd->cand[2][d];
        uint64_t o = minirows(t, a) | minirows(t, b) << 9 | minirows(t, c) << 18 |
                     (uint64_t)column_word(a, b, c) << 27;
        s->occ[d] = o;
        count_bits(any, 4, o);
        count_bits(must, 4, alone_in_field(o));
    }
    if (any[2] != all || must[3])
        return 0;
    uint64_t take_all = any[2] & ~any[3] & ~must[2]; /* must[3] is 0 here */
    return take_all || (must[2] & any[3]) ? -1 : 1;
}

/* The triad rule in every band (minirows) and stack (minicolumns). 0 on a
 * contradiction; the digits it changed into *dirty. */
static int all_triads(const tables *t, board *bd, uint32_t *dirty)
{
    unsigned occ[9];
    for (int b = 0; b < 3; b++) {
        UNROLL_DIGITS
        for (int d = 0; d < 9; d++)
            occ[d] = minirows(t, bd->cand[b][d]);
        int changed = triads(t, occ);
        if (changed < 0)
            return 0;
        *dirty |= (uint32_t)changed;
        for (int d = 0; changed; d++, changed >>= 1)
            if (changed & 1)
                bd->cand[b][d] &= t->expand[occ[d]];
    }
    /* a stack's rule changes only its own columns: the others' column
     * words stay true */
    uint32_t cw[9];
    UNROLL_DIGITS
    for (int d = 0; d < 9; d++)
        cw[d] = column_word(bd->cand[0][d], bd->cand[1][d], bd->cand[2][d]);
    for (int sh = 0; sh < 9; sh += 3) {
        UNROLL_DIGITS
        for (int d = 0; d < 9; d++)
            occ[d] = stack_occ(cw[d], sh / 3);
        int changed = triads(t, occ);
        if (changed < 0)
            return 0;
        *dirty |= (uint32_t)changed;
        for (int d = 0; changed; d++, changed >>= 1) {
            if (!(changed & 1))
                continue;
            for (int b = 0; b < 3; b++) {
                uint32_t keep = (occ[d] >> (3 * b) & 7) << sh | (ROW_MASK & ~(7u << sh));
                bd->cand[b][d] &= keep * 0x40201u;
            }
        }
    }
    return 1;
}

/* Band b's unsolved cells with one candidate left, into *singles; 0 when
 * an unsolved cell has none (a contradiction). */
static inline int band_singles(const board *bd, int b, uint32_t *singles)
{
    uint32_t one = 0, two = 0;
    UNROLL_DIGITS
    for (int d = 0; d < 9; d++) {
        uint32_t x = bd->cand[b][d];
        two |= one & x;
        one |= x;
    }
    uint32_t open = bd->unsolved[b];
    *singles = open & ~two;
    return !(open & ~one);
}

/* The digits still possible in band b's cell bit (bit d). */
static inline unsigned cell_digits(const board *bd, int b, uint32_t bit)
{
#if defined(__AVX2__)
    __m256i v = _mm256_loadu_si256((const __m256i *)bd->cand[b]), m = _mm256_set1_epi32((int)bit);
    return (unsigned)_mm256_movemask_ps(
               _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(v, m), m))) |
           (unsigned)((bd->cand[b][8] & bit) != 0) << 8;
#elif defined(__wasm_simd128__)
    v128_t m = wasm_i32x4_splat((int)bit), zero = wasm_i32x4_splat(0);
    const uint32_t *c = bd->cand[b];
    return (unsigned)wasm_i32x4_bitmask(wasm_i32x4_ne(wasm_v128_and(wasm_v128_load(c), m), zero)) |
           (unsigned)wasm_i32x4_bitmask(
               wasm_i32x4_ne(wasm_v128_and(wasm_v128_load(c + 4), m), zero))
               << 4 |
           (unsigned)((c[8] & bit) != 0) << 8;
#else
    unsigned has = 0;
    UNROLL_DIGITS
    for (int d = 0; d < 9; d++)
        has |= (unsigned)((bd->cand[b][d] & bit) != 0) << d;
    return has;
#endif
}

/* The lowest digit still possible in band b's cell bit; 9 when none is (an
 * earlier single of the same pass may have taken its last candidate). */
static inline int cell_digit(const board *bd, int b, uint32_t bit)
{
    return lowest_bit(cell_digits(bd, b, bit) | 1u << 9);
}

/* Propagates to a fixed point, from the digits whose settle work is due
 * (dirty, bit d). 0 on a contradiction. */
static int propagate(bb_state *s, board *bd, uint32_t dirty)
{
    const tables *t = &s->t;
    for (;;) {
        /* one round over the digits dirty now, then the naked singles:
         * interleaving them pays on hard puzzles (5-8% on the hard sets,
         * 4-5% lost on the easy ones, against settling to a fixed point
         * first) */
        for (uint32_t todo = dirty; todo; todo &= todo - 1) {
            int d = lowest_bit(todo);
            dirty &= ~(1u << d);
            if (!digit_settle(t, bd, &dirty, d))
                return 0;
        }
        /* naked singles, and cells with no candidate */
        int placed = 0;
        UNROLL_BANDS
        for (int b = 0; b < 3; b++) {
            uint32_t singles;
            if (!band_singles(bd, b, &singles))
                return 0;
            for (; singles; singles &= singles - 1) {
                int i = lowest_bit(singles), d = cell_digit(bd, b, (uint32_t)1 << i);
                if (d == 9 || !place(t, bd, &dirty, d, b, i))
                    return 0;
                placed = 1;
            }
        }
        if (placed || dirty)
            continue;
        int quiet = triads_quiet(s, bd);
        if (!quiet || (quiet < 0 && !all_triads(t, bd, &dirty)))
            return 0;
        if (!dirty)
            return 1;
    }
}

/* ------------------------------------------------------ light propagation */

/* The light propagation spreads each band word's news once, band word by
 * band word, as JCZSolve's design does: the band matching, the columns
 * the digit holds in this band (a column alone in its stack there), and
 * the cells it solves (rows with one candidate). It has no stack matching
 * and no triad rule, so it is weaker, but a removal costs a few table
 * lookups: the search starts with it and takes the full propagation once
 * a board proves hard (LIGHT_GUESSES). */

/* News: band words whose removals are not spread yet, bit 9 * band +
 * digit; NEWS_FAILED on a contradiction. */
enum { NEWS_ALL = 0x7FFFFFF };
#define NEWS_FAILED 0x80000000u

/* Spreads the news of digit d in band b; returns the news it makes. */
static inline uint32_t light_update(const tables *t, board *bd, int b, int d)
{
    uint32_t w = band_match(t, bd->cand[b][d]);
    if (!w)
        return NEWS_FAILED;
    /* a column alone in its stack here holds the digit in that box: the
     * other two bands lose it */
    uint32_t gone = (uint32_t)t->alone[columns(w)] * 0x40201u;
    int b1 = b == 0, b2 = 2 - (b == 2);
    uint32_t news = (uint32_t)((bd->cand[b1][d] & gone) != 0) << (9 * b1 + d) |
                    (uint32_t)((bd->cand[b2][d] & gone) != 0) << (9 * b2 + d);
    bd->cand[b1][d] &= ~gone;
    bd->cand[b2][d] &= ~gone;
    uint32_t solved = row_singles(t, w) & bd->unsolved[b];
    if (solved) {
        bd->unsolved[b] &= ~solved;
        news |= (band_clear(bd->cand[b], solved) & ~(1u << d)) << (9 * b);
    }
    bd->cand[b][d] = w;
    return news;
}

/* One round's updates of band b's words (bits 9b.. of round), in order;
 * the news they make into *news. 0 on a contradiction. */
static inline __attribute__((always_inline)) int light_round(const tables *t, board *bd, int b,
                                                             uint32_t round, uint32_t *news)
{
    uint32_t n = *news;
    for (uint32_t ds = round >> (9 * b) & ROW_MASK; ds; ds &= ds - 1) {
        int d = lowest_bit(ds);
        n = (n & ~(1u << (9 * b + d))) | light_update(t, bd, b, d);
        if (n & NEWS_FAILED)
            return 0;
    }
    *news = n;
    return 1;
}

/* The cells of a board not solved yet. */
static inline int open_cells(const board *bd)
{
    uint64_t two = bd->unsolved[0] | (uint64_t)bd->unsolved[1] << 27;
    return popcount64(two) + popcount64(bd->unsolved[2]);
}

/* Stack matching for every digit, once (as in digit_settle): the news it
 * makes (bit 9 * band + digit for each word it reduced), NEWS_FAILED on a
 * contradiction. */
static uint32_t light_stacks(const tables *t, board *bd)
{
    uint32_t news = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t a = bd->cand[0][d], b = bd->cand[1][d], c = bd->cand[2][d];
        uint32_t cw = column_word(a, b, c);
        unsigned k0 = t->matched[stack_occ(cw, 0)], k1 = t->matched[stack_occ(cw, 1)],
                 k2 = t->matched[stack_occ(cw, 2)];
        if (!k0 || !k1 || !k2)
            return NEWS_FAILED;
        uint32_t keep = stack_spread(k0, 0) | stack_spread(k1, 1) | stack_spread(k2, 2);
        if (keep == cw)
            continue;
        uint32_t ka = (keep & ROW_MASK) * 0x40201u, kb = (keep >> 9 & ROW_MASK) * 0x40201u,
                 kc = (keep >> 18) * 0x40201u;
        news |= (uint32_t)((a & ~ka) != 0) << d | (uint32_t)((b & ~kb) != 0) << (9 + d) |
                (uint32_t)((c & ~kc) != 0) << (18 + d);
        bd->cand[0][d] = a & ka;
        bd->cand[1][d] = b & kb;
        bd->cand[2][d] = c & kc;
    }
    return news;
}

/* Propagates the news to the light fixed point: every band word's news
 * spread, then naked singles placed, until neither has work; with
 * `stacks`, then the stack matching too (light_stacks), until none of
 * the three has work. 0 on a contradiction. The search asks for the
 * stacks at the root only: there they save a third of the 17-clue set's
 * guesses (10% faster); at every node they cost the multi-solution sets
 * 8-10% and saved them nothing (measured). */
static int light_propagate(const tables *t, board *bd, uint32_t news, int stacks)
{
    for (;;) {
        /* in rounds: a word's removals during a round are spread once,
         * when its turn comes, or in the next round */
        while (news) {
            uint32_t round = news;
            news = 0;
            /* band by band (the order of the bits), so that each band's
             * loop is compiled for its band */
            if (!light_round(t, bd, 0, round, &news) || !light_round(t, bd, 1, round, &news) ||
                !light_round(t, bd, 2, round, &news))
                return 0;
        }
        /* naked singles (a digit placed is its row reduced to the cell:
         * its update does the rest), and cells with no candidate */
        for (int b = 0; b < 3; b++) {
            uint32_t singles;
            if (!band_singles(bd, b, &singles))
                return 0;
            for (; singles; singles &= singles - 1) {
                int i = lowest_bit(singles);
                uint32_t bit = (uint32_t)1 << i;
                int d = cell_digit(bd, b, bit);
                if (d == 9)
                    return 0;
                bd->cand[b][d] &= ~((uint32_t)ROW_MASK << (i / 9 * 9)) | bit;
                news |= 1u << (9 * b + d);
            }
        }
        if (!news) {
            if (!stacks)
                return 1;
            news = light_stacks(t, bd);
            if (!news)
                return 1;
            if (news & NEWS_FAILED)
                return 0;
        }
    }
}

/* The branch point of band b's cell i: each digit still possible there,
 * lowest first, as the digit's row reduced to the cell. */
static void branch_on_cell(const board *bd, frame *f, int b, int i)
{
    uint32_t bit = (uint32_t)1 << i, row = (uint32_t)ROW_MASK << (i / 9 * 9);
    unsigned has = cell_digits(bd, b, bit);
    f->nalt = 0;
    for (; has; has &= has - 1) { /* tried from the last: lowest first */
        int d = lowest_bit(has), k = popcount64(has) - 1;
        f->digit[k] = (uint8_t)d;
        uint32_t *m = f->mask[k];
        m[0] = m[1] = m[2] = ~0u;
        m[b] = ~row | bit;
        f->nalt++;
    }
}

/* Branches on a cell: its digits, lowest first. Takes the first cell with
 * the fewest candidates (a bivalue cell if any; counting stops at 5);
 * returns 0 when every cell is solved. */
static int pick_cell(const board *bd, frame *f)
{
    /* more[b][k]: the cells of band b with more than k candidates
     * (bit-sliced counting, to 4); at the fixed point every unsolved cell
     * has two or more */
    uint64_t more[3][5] = {{0}};
    for (int b = 0; b < 3; b++) {
        UNROLL_DIGITS
        for (int d = 0; d < 9; d++)
            count_bits(more[b], 5, bd->cand[b][d]);
    }
    int best = -1;
    for (int k = 1; k < 5 && best < 0; k++) {
        for (int b = 0; b < 3; b++) {
            /* exactly k + 1 candidates; at k = 4, five or more */
            uint64_t cells = bd->unsolved[b] & more[b][k] & (k < 4 ? ~more[b][k + 1] : ~0u);
            if (cells) {
                best = b * BAND_BITS + lowest_bit(cells);
                break;
            }
        }
    }
    if (best < 0)
        return 0;
    branch_on_cell(bd, f, best / BAND_BITS, best % BAND_BITS);
    return 1;
}

/* The light search's branch: the first bivalue cell if any (the cheap
 * test), else as pick_cell. */
static int light_pick(const board *bd, frame *f)
{
    for (int b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0, three = 0;
        UNROLL_DIGITS
        for (int d = 0; d < 9; d++) {
            uint32_t x = bd->cand[b][d];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        uint32_t pairs = two & ~three & bd->unsolved[b];
        if (pairs) {
            branch_on_cell(bd, f, b, lowest_bit(pairs));
            return 1;
        }
    }
    return pick_cell(bd, f);
}

/* The branch point. A group is a band or a stack; a digit's
 * configurations in a group are the matchings of its 3 rows (in a stack,
 * columns) to the 3 boxes that its candidates allow, and the digit is
 * settled there when one is left. The branch is a digit in a group, each
 * configuration an alternative. Two rules, chosen by measurement on the
 * benchmark sets:
 *  - on an open board (more than 50 cells unsolved), the group with the
 *    fewest unsettled digits (on a tie, the one whose unsettled digits have
 *    more configurations), and in it the digit with the most: one of these
 *    alternatives settles the whole group. Against the rule below it takes
 *    a quarter fewer nodes on 1905_11+ and half on 1106, at 5% more on
 *    top1465 and a quarter more on the 17-clue set;
 *  - else the group with the fewest configurations in all, and in it the
 *    digit with the fewest.
 * Stacks as well as bands cut the guesses by a sixth. When every digit is
 * settled everywhere, a cell instead. Returns 0 when the board is solved. */
static int pick_branch(const bb_state *s, const board *bd, frame *f)
{
    static const uint16_t perm_sets[6] = {0421, 0241, 0412, 0142, 0214, 0124};
    const tables *t = &s->t;
    /* the occupancies as the last triad test saw them: the board has not
     * changed since */
    unsigned occ[6][9];
    UNROLL_DIGITS
    for (int d = 0; d < 9; d++) {
        uint64_t o = s->occ[d];
        uint32_t cw = (uint32_t)(o >> 27);
        occ[0][d] = o & ROW_MASK;
        occ[1][d] = o >> 9 & ROW_MASK;
        occ[2][d] = o >> 18 & ROW_MASK;
        occ[3][d] = stack_occ(cw, 0);
        occ[4][d] = stack_occ(cw, 1);
        occ[5][d] = stack_occ(cw, 2);
    }
    int fewest_total = -1, best_total = 1000; /* the closed board's rule */
    int fewest_open = -1, best_open = 100000; /* the open board's rule */
    for (int g = 0; g < 6; g++) {
        int sum = 0;
        UNROLL_DIGITS
        for (int d = 0; d < 9; d++)
            sum += t->scores[occ[g][d]];
        int total = sum & 0xFF, open = sum >> 8; /* total is at most 54 */
        if (total > 9 && total < best_total) {
            best_total = total;
            fewest_total = g;
        }
        if (open > 0 && open < best_open) {
            best_open = open;
            fewest_open = g;
        }
    }
    if (fewest_total < 0)
        return pick_cell(bd, f);
    int open_board = open_cells(bd) > 50;
    int best_group = open_board ? fewest_open : fewest_total;
    int best_digit = -1, best_count = 0;
    unsigned best_occ = 0;
    for (int d = 0; d < 9; d++) {
        int count = t->configs[occ[best_group][d]];
        if (count > 1 &&
            (best_digit < 0 || (open_board ? count > best_count : count < best_count))) {
            best_count = count;
            best_digit = d;
            best_occ = occ[best_group][d];
        }
    }
    f->nalt = 0;
    for (int p = 5; p >= 0; p--) {
        unsigned ps = perm_sets[p];
        if ((best_occ & ps) == ps) {
            f->digit[f->nalt] = (uint8_t)best_digit;
            uint32_t *m = f->mask[f->nalt++];
            if (best_group < 3) { /* the configuration's minirows */
                m[0] = m[1] = m[2] = ~0u;
                m[best_group] = t->expand[ps];
            } else { /* its minicolumns: in each band, one column of the stack */
                int sh = 3 * (best_group - 3);
                for (int b = 0; b < 3; b++) {
                    uint32_t keep = (ps >> (3 * b) & 7) << sh | (ROW_MASK & ~(7u << sh));
                    m[b] = keep * 0x40201u;
                }
            }
        }
    }
    return 1;
}

/* A solved board's 81 cells, each its digit (1-9). */
static void board_cells(const board *bd, uint8_t *cells)
{
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            for (uint32_t w = bd->cand[b][d]; w; w &= w - 1)
                cells[b * BAND_BITS + lowest_bit(w)] = (uint8_t)(d + 1);
}

/* ------------------------------------------------------------ search */

/* Whether a board at the light fixed point of the root looks hard: many
 * clues (few solutions, likely one) that still leave most cells open.
 * Such a board gets the full propagation from the start; a board with
 * few clues or few open cells gets the light one (HARD_CLUES, HARD_OPEN,
 * chosen by measurement on the benchmark sets). */
static int hard_start(const board *bd, int clues)
{
    return clues >= HARD_CLUES && open_cells(bd) >= HARD_OPEN;
}

/* Each value's cells in each band, as band words: clue[v][b] (value 0 is
 * a blank). */
static inline void band_values(const uint8_t *cells, uint32_t clue[10][3])
{
    for (int b = 0; b < 3; b++) {
        const uint8_t *at = cells + (size_t)b * BAND_BITS;
#if defined(__wasm_simd128__) && !defined(__SSE2__)
        v128_t lo = wasm_v128_load(at), hi = wasm_v128_load(at + 16);
        for (int k = 0; k < 10; k++) {
            v128_t key = wasm_i8x16_splat((int8_t)k);
            clue[k][b] = ((uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(lo, key)) |
                          (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(hi, key)) << 16) &
                         BAND_MASK;
        }
#elif defined(__AVX2__) || defined(__SSE2__)
        /* a byte compare per value: the 27 cells and 5 beyond them (the
         * grid's cells[] is far longer than 81), masked off */
#if defined(__AVX2__)
        __m256i v = _mm256_loadu_si256((const __m256i *)at);
        for (int k = 0; k < 10; k++)
            clue[k][b] =
                (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)k))) &
                BAND_MASK;
#else
        __m128i lo = _mm_loadu_si128((const __m128i *)at),
                hi = _mm_loadu_si128((const __m128i *)(at + 16));
        for (int k = 0; k < 10; k++) {
            __m128i key = _mm_set1_epi8((char)k);
            clue[k][b] = ((uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, key)) |
                          (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, key)) << 16) &
                         BAND_MASK;
        }
#endif
#else
        for (int k = 0; k < 10; k++)
            clue[k][b] = 0;
        for (int i = 0; i < BAND_BITS; i++)
            clue[at[i]][b] |= (uint32_t)1 << i;
#endif
    }
}

/* The board of a puzzle's clues, built without a branch per cell: each
 * digit leaves the rows, columns and boxes of its clues, and every clue
 * cell leaves the other digits. 0 when two clues of a digit share a row,
 * a column or a box (the board is then left half built): solver.c leaves
 * that test to this engine (engine_ops.checks_clues). */
static int set_clues(const tables *t, board *bd, const nonet_grid *puzzle)
{
    uint32_t clue[10][3]; /* [value][band]; value 0 is a blank */
    band_values(puzzle->cells, clue);
    for (int b = 0; b < 3; b++)
        bd->unsolved[b] = clue[0][b];
    int bad = 0;
    for (int d = 0; d < 9; d++) {
        const uint32_t *p = clue[d + 1];
        uint32_t all_cols = columns(p[0]) | columns(p[1]) | columns(p[2]);
        uint32_t cols = all_cols * 0x40201u;
        /* the digit's clues are as many as the rows, the columns and the
         * boxes they meet, or two of them share one */
        int n = popcount64(p[0] | (uint64_t)p[1] << 32) + popcount64(p[2]), rows = 0, boxes = 0;
        for (int b = 0; b < 3; b++) {
            /* the clues' rows and boxes in this band, from their minirows */
            uint32_t w = p[b], m = minirows(t, w);
            rows += t->clue_units[m] & 0xF;
            boxes += t->clue_units[m] >> 4;
            bd->cand[b][d] = (bd->unsolved[b] & ~(t->clue_peers[m] | cols)) | w;
        }
        bad |= (n != rows) | (n != boxes) | (n != popcount64(all_cols));
    }
    return !bad;
}

/* Pencil marks, after the clues: each digit leaves the blank cells whose
 * mark lacks it. Clue cells keep their digit (solver.c has checked that
 * their marks hold it). A cell left with one candidate or none is then a
 * naked single or a contradiction for the first propagation, as after
 * any other removal. Kept apart from set_clues and out of line, so that
 * puzzles without marks pay one test. */
static void __attribute__((noinline, cold)) set_marks(board *bd, const uint64_t *marks)
{
    for (int b = 0; b < 3; b++) {
        uint32_t keep[9] = {0}; /* [digit]: the band's cells whose mark has it */
        for (int i = 0; i < BAND_BITS; i++) {
            uint64_t m = marks[b * BAND_BITS + i];
            for (int d = 0; d < 9; d++)
                keep[d] |= (uint32_t)(m >> d & 1) << i;
        }
        uint32_t clues = BAND_MASK & ~bd->unsolved[b];
        for (int d = 0; d < 9; d++)
            bd->cand[b][d] &= keep[d] | clues;
    }
}

int BB_SEARCH(bb_state *s, const nonet_grid *puzzle, const uint64_t *marks, uint64_t limit,
              nonet_solution_fn fn, void *ctx, uint64_t *count, nonet_stats *stats,
              const nonet_stop *stop)
{
    const tables *t = &s->t;
    board *bd = &s->bd;
    uint64_t found = 0, nodes = 1, guesses = 0;
    int depth = 0, ok = 1, light = 1, rc = NONET_OK;

    if (!set_clues(t, bd, puzzle)) {
        *count = 0;
        stats->nodes = stats->guesses = 0;
        return NONET_OK;
    }
    if (marks)
        set_marks(bd, marks);
    int clues = 81 - open_cells(bd);
    ok = light_propagate(t, bd, NEWS_ALL, 1);
    if (ok &&
        (s->light_guesses < 0 || (s->light_guesses == LIGHT_GUESSES && hard_start(bd, clues)))) {
        light = 0;
        ok = propagate(s, bd, 0x1FF);
    }

    for (;;) {
        if (ok) {
            frame *f = &s->stack[depth];
            if (!(light ? light_pick(bd, f) : pick_branch(s, bd, f))) {
                found++;
                if (fn) {
                    nonet_grid sol;
                    sol.box_rows = sol.box_cols = 3;
                    sol.n = 9;
                    board_cells(bd, sol.cells);
                    if (fn(ctx, &sol))
                        break;
                }
                if (limit && found >= limit)
                    break;
                ok = 0;
                continue;
            }
            f->saved = *bd;
            f->light = light;
            depth++;
        } else {
            if (depth == 0)
                break;
            *bd = s->stack[depth - 1].saved;
        }
        /* try the next alternative of the top frame; the last one left
         * is forced, not a guess */
        frame *f = &s->stack[depth - 1];
        int k = --f->nalt, d = f->digit[k];
        int was_light = f->light;
        if (k == 0)
            depth--;
        else
            guesses++;
        nodes++;
        if (stop && (nodes & (STOP_EVERY - 1)) == 0 && (rc = stop_check(stop)) != NONET_OK)
            break;
        bd->cand[0][d] &= f->mask[k][0];
        bd->cand[1][d] &= f->mask[k][1];
        bd->cand[2][d] &= f->mask[k][2];
        /* a hard board: the full propagation from here on, the frames
         * made under the light one included (was_light). Going on beats
         * restarting from the root with the full search's branch points
         * since the light propagation got cheaper (top1465 2% faster,
         * the other sets alike; measured) */
        if (light && guesses > (uint64_t)s->light_guesses)
            light = 0;
        if (light) {
            ok = light_propagate(t, bd, 1u << d | 1u << (9 + d) | 1u << (18 + d), 0);
        } else {
            /* a board of the light propagation has every digit's
             * settling to do */
            ok = propagate(s, bd, was_light ? 0x1FF : 1u << d);
        }
    }
    *count = found;
    stats->nodes = nodes;
    stats->guesses = guesses;
    return rc;
}
