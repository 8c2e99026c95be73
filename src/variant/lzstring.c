/* lzstring.c - LZ-string's base64 form, which f-puzzles and SudokuPad
 * links carry: a variable-width LZW code stream whose codes are written
 * low bit first into 6-bit base64 characters (the first bit the
 * character's highest); code 0 brings a new 8-bit character, 1 a new
 * 16-bit one, 2 ends the text; the code width grows by one each time the
 * dictionary fills the current width. The text is UTF-16: read from and
 * written out as UTF-8. The decompressor, then the compressor. */
#include "variant/lzstring.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct bits {
    const char *s;
    size_t len, pos;
    int value, mask; /* the current character's 6 bits, the next bit */
} bits;

static int b64(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+' || c == '-' || c == ' ')
        return 62; /* '-' URI-safe, ' ' a '+' a URL decoder turned */
    if (c == '/' || c == '_')
        return 63;
    return -1;
}

/* n bits, low first; -1 past the end or on a character that is no base64. */
static long read_bits(bits *b, int n)
{
    long out = 0;
    for (int i = 0; i < n; i++) {
        if (b->mask == 0) {
            while (b->pos < b->len && b->s[b->pos] == '=')
                b->pos++;
            if (b->pos >= b->len)
                return -1;
            b->value = b64(b->s[b->pos++]);
            if (b->value < 0)
                return -1;
            b->mask = 32;
        }
        if (b->value & b->mask)
            out |= 1L << i;
        b->mask >>= 1;
    }
    return out;
}

/* The dictionary: every entry a prefix entry plus one UTF-16 unit. */
typedef struct dict {
    int32_t *prefix; /* -1: a single unit */
    uint16_t *unit;
    uint16_t *first;
    int32_t *length;
    size_t count, cap;
} dict;

static int dict_add(dict *d, int32_t prefix, uint16_t unit)
{
    if (d->count == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 1024;
        int32_t *p = realloc(d->prefix, cap * sizeof *p);
        if (p)
            d->prefix = p;
        uint16_t *u = realloc(d->unit, cap * sizeof *u);
        if (u)
            d->unit = u;
        uint16_t *f = realloc(d->first, cap * sizeof *f);
        if (f)
            d->first = f;
        int32_t *l = realloc(d->length, cap * sizeof *l);
        if (l)
            d->length = l;
        if (!p || !u || !f || !l)
            return -1;
        d->cap = cap;
    }
    d->prefix[d->count] = prefix;
    d->unit[d->count] = unit;
    d->first[d->count] = prefix < 0 ? unit : d->first[prefix];
    d->length[d->count] = prefix < 0 ? 1 : d->length[prefix] + 1;
    d->count++;
    return 0;
}

typedef struct units {
    uint16_t *u;
    size_t len, cap;
} units;

/* Appends entry e's units. */
static int emit(units *o, const dict *d, size_t e, size_t max)
{
    size_t n = (size_t)d->length[e];
    if (o->len + n > max)
        return -1;
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 1024;
        while (cap < o->len + n)
            cap *= 2;
        uint16_t *grown = realloc(o->u, cap * sizeof *grown);
        if (!grown)
            return -1;
        o->u = grown;
        o->cap = cap;
    }
    size_t at = o->len + n;
    for (int32_t k = (int32_t)e; k >= 0; k = d->prefix[k])
        o->u[--at] = d->unit[k];
    o->len += n;
    return 0;
}

static char *to_utf8(const units *o, size_t *len)
{
    char *out = malloc(o->len * 3 + 1);
    if (!out)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < o->len; i++) {
        uint32_t cp = o->u[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < o->len && o->u[i + 1] >= 0xDC00 &&
            o->u[i + 1] < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (o->u[++i] - 0xDC00u);
        }
        if (cp < 0x80) {
            out[k++] = (char)cp;
        } else if (cp < 0x800) {
            out[k++] = (char)(0xC0 | cp >> 6);
            out[k++] = (char)(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out[k++] = (char)(0xE0 | cp >> 12);
            out[k++] = (char)(0x80 | (cp >> 6 & 0x3F));
            out[k++] = (char)(0x80 | (cp & 0x3F));
        } else {
            out[k++] = (char)(0xF0 | cp >> 18);
            out[k++] = (char)(0x80 | (cp >> 12 & 0x3F));
            out[k++] = (char)(0x80 | (cp >> 6 & 0x3F));
            out[k++] = (char)(0x80 | (cp & 0x3F));
        }
    }
    out[k] = '\0';
    *len = k;
    return out;
}

char *lz_decompress_base64(const char *text, size_t len, size_t max, size_t *out_len)
{
    bits b = {text, len, 0, 0, 0};
    dict d = {0};
    units o = {0};
    char *result = NULL;
    /* codes 0, 1, 2 are the three commands; entries start at 3 */
    for (int i = 0; i < 3; i++)
        if (dict_add(&d, -1, 0))
            goto done;
    int width = 2;
    long enlarge = 4;
    long code = read_bits(&b, 2);
    if (code < 0 || code > 2)
        goto done;
    if (code == 2) {
        result = to_utf8(&o, out_len);
        goto done;
    }
    long c = read_bits(&b, code == 0 ? 8 : 16);
    if (c < 0 || dict_add(&d, -1, (uint16_t)c))
        goto done;
    size_t w = d.count - 1;
    if (emit(&o, &d, w, max))
        goto done;
    width = 3;
    for (;;) {
        code = read_bits(&b, width);
        if (code < 0)
            goto done;
        if (code == 2) {
            result = to_utf8(&o, out_len);
            goto done;
        }
        if (code == 0 || code == 1) {
            c = read_bits(&b, code == 0 ? 8 : 16);
            if (c < 0 || dict_add(&d, -1, (uint16_t)c))
                goto done;
            code = (long)d.count - 1;
            if (--enlarge == 0) {
                enlarge = 1L << width;
                width++;
            }
        }
        size_t entry;
        if ((size_t)code < d.count && code > 2) {
            entry = (size_t)code;
            if (emit(&o, &d, entry, max) || dict_add(&d, (int32_t)w, d.first[entry]))
                goto done;
        } else if ((size_t)code == d.count) {
            /* the entry being made: w and its own first unit */
            if (dict_add(&d, (int32_t)w, d.first[w]))
                goto done;
            entry = d.count - 1;
            if (emit(&o, &d, entry, max))
                goto done;
        } else {
            goto done;
        }
        if (--enlarge == 0) {
            enlarge = 1L << width;
            width++;
        }
        w = entry;
        if (width > 30)
            goto done;
    }
done:
    free(d.prefix);
    free(d.unit);
    free(d.first);
    free(d.length);
    free(o.u);
    return result;
}

/* ------------------------------------------------------------ compressing */

static const char b64_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The base64 text being written: the bits of the character being filled
 * (value, nbits of them, the first at the top once it is full). */
typedef struct sink {
    char *s;
    size_t len, cap;
    int value, nbits;
} sink;

static int sink_char(sink *o, char c)
{
    if (o->len + 1 >= o->cap) { /* room for the padding's NUL too */
        size_t cap = o->cap ? 2 * o->cap : 256;
        char *grown = realloc(o->s, cap);
        if (!grown)
            return -1;
        o->s = grown;
        o->cap = cap;
    }
    o->s[o->len++] = c;
    return 0;
}

/* The low n bits of x, lowest first. */
static int write_bits(sink *o, unsigned long x, int n)
{
    for (int i = 0; i < n; i++, x >>= 1) {
        o->value = o->value << 1 | (int)(x & 1);
        if (++o->nbits == 6) {
            if (sink_char(o, b64_chars[o->value]))
                return -1;
            o->value = o->nbits = 0;
        }
    }
    return 0;
}

/* The dictionary of phrases: a phrase is a shorter one's code and a unit
 * (a single unit: prefix -1), kept in an open-addressed table of
 * (prefix, unit) keys; each code's unit when it is a single unit, and
 * whether that unit is still to be written out as a literal. */
typedef struct phrases {
    uint64_t *keys; /* 0: empty; else (prefix + 2) << 16 | unit */
    int32_t *codes;
    size_t size, used; /* size: a power of two */
    uint16_t *unit;    /* by code */
    uint8_t *pending;
    size_t ncodes, capcodes;
} phrases;

static uint64_t phrase_key(int32_t prefix, uint16_t unit)
{
    return (uint64_t)(prefix + 2) << 16 | unit;
}

static size_t phrase_slot(const phrases *p, uint64_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15u) >> 20) & (p->size - 1);
    while (p->keys[h] && p->keys[h] != key)
        h = (h + 1) & (p->size - 1);
    return h;
}

/* The code of (prefix, unit), or -1. */
static int32_t phrase_find(const phrases *p, int32_t prefix, uint16_t unit)
{
    size_t h = phrase_slot(p, phrase_key(prefix, unit));
    return p->keys[h] ? p->codes[h] : -1;
}

/* Adds (prefix, unit) as the next code (prefix -2: a code kept for a
 * command, no phrase). Returns it, or -1 out of memory. */
static int32_t phrase_add(phrases *p, int32_t prefix, uint16_t unit)
{
    if (2 * (p->used + 1) > p->size) {
        size_t size = p->size ? 2 * p->size : 1024;
        uint64_t *keys = calloc(size, sizeof *keys);
        int32_t *codes = malloc(size * sizeof *codes);
        if (!keys || !codes) {
            free(keys);
            free(codes);
            return -1;
        }
        phrases grown = *p;
        grown.keys = keys;
        grown.codes = codes;
        grown.size = size;
        for (size_t i = 0; i < p->size; i++)
            if (p->keys[i]) {
                size_t h = phrase_slot(&grown, p->keys[i]);
                keys[h] = p->keys[i];
                codes[h] = p->codes[i];
            }
        free(p->keys);
        free(p->codes);
        *p = grown;
    }
    if (p->ncodes == p->capcodes) {
        size_t cap = p->capcodes ? 2 * p->capcodes : 1024;
        uint16_t *unit_by = realloc(p->unit, cap * sizeof *unit_by);
        if (unit_by)
            p->unit = unit_by;
        uint8_t *pending = realloc(p->pending, cap);
        if (pending)
            p->pending = pending;
        if (!unit_by || !pending)
            return -1;
        p->capcodes = cap;
    }
    int32_t code = (int32_t)p->ncodes++;
    if (prefix >= -1) {
        uint64_t key = phrase_key(prefix, unit);
        size_t h = phrase_slot(p, key);
        p->keys[h] = key;
        p->codes[h] = code;
        p->used++;
    }
    p->unit[code] = unit;
    p->pending[code] = prefix == -1; /* a new unit: a literal the first time */
    return code;
}

/* The next character of UTF-8 text at *i (advanced past it); a byte that
 * begins no well-formed sequence: U+FFFD. */
static uint32_t next_char(const unsigned char *s, size_t len, size_t *i)
{
    unsigned char b = s[(*i)++];
    if (b < 0x80)
        return b;
    int more = b >= 0xC2 && b <= 0xDF   ? 1
               : b >= 0xE0 && b <= 0xEF ? 2
               : b >= 0xF0 && b <= 0xF4 ? 3
                                        : 0;
    /* the second byte's range (no overlong forms, no surrogates, nothing
     * past U+10FFFF) */
    unsigned lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
    unsigned hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
    if (!more || *i + (size_t)more > len || s[*i] < lo || s[*i] > hi)
        return 0xFFFD;
    uint32_t cp = b & (0x3F >> more);
    for (int k = 0; k < more; k++) {
        if (k && (s[*i + (size_t)k] & 0xC0) != 0x80)
            return 0xFFFD;
        cp = cp << 6 | (s[*i + (size_t)k] & 0x3F);
    }
    *i += (size_t)more;
    return cp;
}

/* The state of compressing: the sink, the dictionary, the code width and
 * how many codes it still holds before it grows. */
typedef struct lzw {
    sink o;
    phrases p;
    int width;
    long room;
} lzw;

static void grow_width(lzw *z)
{
    if (--z->room == 0) {
        z->room = 1L << z->width;
        z->width++;
    }
}

/* Writes phrase w: its code, or the first time a unit is written, the
 * unit itself (code 0 and 8 bits, or 1 and 16). */
static int write_phrase(lzw *z, int32_t w)
{
    if (z->p.pending[w]) {
        uint16_t u = z->p.unit[w];
        if (write_bits(&z->o, u < 256 ? 0 : 1, z->width) || write_bits(&z->o, u, u < 256 ? 8 : 16))
            return -1;
        grow_width(z);
        z->p.pending[w] = 0;
    } else if (write_bits(&z->o, (unsigned long)w, z->width)) {
        return -1;
    }
    grow_width(z);
    return 0;
}

/* The phrase w extended by unit u: the longer phrase when the dictionary
 * has it; else w is written, the longer phrase added, and u's phrase
 * begins. Returns the phrase now being matched, or -1 out of memory. */
static int32_t extend(lzw *z, int32_t w, uint16_t u)
{
    int32_t single = phrase_find(&z->p, -1, u);
    if (single < 0 && (single = phrase_add(&z->p, -1, u)) < 0)
        return -1;
    if (w < 0)
        return single;
    int32_t longer = phrase_find(&z->p, w, u);
    if (longer >= 0)
        return longer;
    if (write_phrase(z, w) || phrase_add(&z->p, w, u) < 0)
        return -1;
    return single;
}

char *lz_compress_base64(const char *text, size_t len, size_t *out_len)
{
    lzw z = {{NULL, 0, 0, 0, 0}, {NULL, NULL, 0, 0, NULL, NULL, 0, 0}, 2, 2};
    const unsigned char *s = (const unsigned char *)text;
    char *result = NULL;
    int32_t w = -1;
    int failed = 0;
    /* codes 0, 1, 2 are the commands: the first phrase is 3 */
    for (int i = 0; i < 3 && !failed; i++)
        failed = phrase_add(&z.p, -2, 0) < 0;
    for (size_t i = 0; i < len && !failed;) {
        uint32_t cp = next_char(s, len, &i);
        if (cp > 0xFFFF) {
            cp -= 0x10000;
            w = extend(&z, w, (uint16_t)(0xD800 | cp >> 10));
            if (w >= 0)
                w = extend(&z, w, (uint16_t)(0xDC00 | (cp & 0x3FF)));
        } else {
            w = extend(&z, w, (uint16_t)cp);
        }
        failed = w < 0;
    }
    if (!failed && w >= 0)
        failed = write_phrase(&z, w);
    /* the end, then the last character filled up with zero bits (a whole
     * character of them when none was begun, as LZ-string does) */
    if (!failed)
        failed = write_bits(&z.o, 2, z.width);
    if (!failed && z.o.nbits)
        failed = write_bits(&z.o, 0, 6 - z.o.nbits);
    else if (!failed)
        failed = sink_char(&z.o, 'A');
    while (!failed && z.o.len % 4)
        failed = sink_char(&z.o, '=');
    if (!failed) {
        z.o.s[z.o.len] = '\0';
        *out_len = z.o.len;
        result = z.o.s;
        z.o.s = NULL;
    }
    free(z.o.s);
    free(z.p.keys);
    free(z.p.codes);
    free(z.p.unit);
    free(z.p.pending);
    return result;
}
