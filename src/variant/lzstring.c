/* lzstring.c - the decompressor of LZ-string's base64 form, which f-puzzles
 * and SudokuPad links carry: a variable-width LZW code stream whose codes
 * are read low bit first from 6-bit base64 characters; code 0 brings a new
 * 8-bit character, 1 a new 16-bit one, 2 ends the text; the code width
 * grows by one each time the dictionary fills the current width. The text
 * is UTF-16: written out as UTF-8. */
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
