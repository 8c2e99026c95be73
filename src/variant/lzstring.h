/* lzstring.h - LZ-string's base64 form, compressed and decompressed
 * (internal). */
#ifndef NONET_VARIANT_LZSTRING_H
#define NONET_VARIANT_LZSTRING_H

#include <stddef.h>

/* The text that text[0..len) (LZ-string's compressToBase64 output; '-'
 * and '_' also read as '+' and '/', '=' padding skipped) decompresses to,
 * as NUL-terminated UTF-8 in a malloc'd buffer (*out_len its length), or
 * NULL when it is not such a stream, is longer than max UTF-16 units, or
 * memory ran out. */
char *lz_decompress_base64(const char *text, size_t len, size_t max, size_t *out_len);

/* text[0..len) (UTF-8, read as UTF-16 units: a character past U+FFFF is a
 * surrogate pair; a byte that begins no well-formed sequence reads as
 * U+FFFD) compressed as LZ-string's compressToBase64 writes it (the
 * characters A-Z a-z 0-9 + /, '=' padding to a multiple of 4), as a
 * NUL-terminated string in a malloc'd buffer (*out_len its length), or
 * NULL when memory ran out. lz_decompress_base64 gives text back. */
char *lz_compress_base64(const char *text, size_t len, size_t *out_len);

#endif
