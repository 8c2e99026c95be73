/* fuzz_check.h - checks the harnesses share (make fuzz): text written as
 * snprintf writes it, JSON that parses, CSV lines of a known number of
 * fields. Each harness is one file built alone with the library, so these
 * are static functions; a failed check aborts, which libFuzzer reports. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdlib.h>
#include <string.h>

/* What a writer left in part (capacity cap > 0), which said it needed
 * got bytes, against the whole text full of len bytes: the same length,
 * and as much of the text as fits, then a NUL. */
static void check_cut(const char *full, long len, const char *part, long got, size_t cap)
{
    if (got != len || len < 0 || cap == 0)
        abort();
    size_t kept = (size_t)len < cap - 1 ? (size_t)len : cap - 1;
    if (memcmp(full, part, kept) != 0 || part[kept] != '\0')
        abort();
}

/* ------------------------------------------------------------ JSON */

typedef struct json_in {
    const unsigned char *at, *end;
    int depth;
} json_in;

static void json_ws(json_in *j)
{
    while (j->at < j->end && (*j->at == ' ' || *j->at == '\t' || *j->at == '\n' || *j->at == '\r'))
        j->at++;
}

static int json_digits(json_in *j)
{
    const unsigned char *from = j->at;
    while (j->at < j->end && *j->at >= '0' && *j->at <= '9')
        j->at++;
    return j->at > from;
}

static int json_number(json_in *j)
{
    if (j->at < j->end && *j->at == '-')
        j->at++;
    if (j->at < j->end && *j->at == '0')
        j->at++;
    else if (j->at >= j->end || *j->at < '1' || *j->at > '9' || !json_digits(j))
        return 0;
    if (j->at < j->end && *j->at == '.' && (j->at++, !json_digits(j)))
        return 0;
    if (j->at < j->end && (*j->at == 'e' || *j->at == 'E')) {
        j->at++;
        if (j->at < j->end && (*j->at == '+' || *j->at == '-'))
            j->at++;
        if (!json_digits(j))
            return 0;
    }
    return 1;
}

/* The length of the valid UTF-8 character at s (lead byte >= 0x80, at
 * most left bytes), or 0: no overlong forms, surrogates or code points
 * beyond U+10FFFF. */
static size_t utf8_char(const unsigned char *s, size_t left)
{
    size_t len = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
                 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
                 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
                                                : 0;
    if (len > left)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (len == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F)))
        return 0;
    if (len == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F)))
        return 0;
    return len;
}

static int json_string(json_in *j)
{
    if (j->at >= j->end || *j->at != '"')
        return 0;
    for (j->at++; j->at < j->end;) {
        unsigned char c = *j->at;
        if (c == '"') {
            j->at++;
            return 1;
        }
        if (c < 0x20)
            return 0;
        if (c == '\\') {
            if (++j->at >= j->end)
                return 0;
            if (*j->at == 'u') {
                for (int i = 0; i < 4; i++)
                    if (++j->at >= j->end || !strchr("0123456789abcdefABCDEF", *j->at) ||
                        *j->at == '\0')
                        return 0;
            } else if (!strchr("\"\\/bfnrt", *j->at) || *j->at == '\0') {
                return 0;
            }
            j->at++;
        } else if (c >= 0x80) {
            size_t len = utf8_char(j->at, (size_t)(j->end - j->at));
            if (len == 0)
                return 0;
            j->at += len;
        } else {
            j->at++;
        }
    }
    return 0;
}

static int json_value(json_in *j);

/* An object's members or an array's items, the opening bracket read. */
static int json_members(json_in *j, unsigned char close, int keys)
{
    json_ws(j);
    if (j->at < j->end && *j->at == close) {
        j->at++;
        return 1;
    }
    for (;;) {
        json_ws(j);
        if (keys) {
            if (!json_string(j))
                return 0;
            json_ws(j);
            if (j->at >= j->end || *j->at++ != ':')
                return 0;
        }
        if (!json_value(j))
            return 0;
        json_ws(j);
        if (j->at >= j->end)
            return 0;
        unsigned char c = *j->at++;
        if (c == close)
            return 1;
        if (c != ',')
            return 0;
    }
}

static int json_value(json_in *j)
{
    json_ws(j);
    if (j->at >= j->end || j->depth > 64)
        return 0;
    unsigned char c = *j->at;
    int ok;
    switch (c) {
    case '{':
    case '[':
        j->at++;
        j->depth++;
        ok = json_members(j, c == '{' ? '}' : ']', c == '{');
        j->depth--;
        return ok;
    case '"':
        return json_string(j);
    case 't':
    case 'f':
    case 'n': {
        const char *word = c == 't' ? "true" : c == 'f' ? "false" : "null";
        size_t len = strlen(word);
        if ((size_t)(j->end - j->at) < len || memcmp(j->at, word, len) != 0)
            return 0;
        j->at += len;
        return 1;
    }
    default:
        return json_number(j);
    }
}

/* Aborts unless text[0..len) is one JSON value (RFC 8259, strings in
 * valid UTF-8), an object when object is set. */
static void check_json(const char *text, long len, int object)
{
    json_in j = {(const unsigned char *)text, (const unsigned char *)text + len, 0};
    json_ws(&j);
    if (object && (j.at >= j.end || *j.at != '{'))
        abort();
    if (len < 0 || !json_value(&j))
        abort();
    json_ws(&j);
    if (j.at != j.end)
        abort();
}

/* ------------------------------------------------------------ CSV */

/* The number of fields of one CSV line (RFC 4180) that ends in its only
 * line end outside quotes: text[0..len) with text[len - 1] == '\n'.
 * Aborts when it is not one: a quote or a line end in a field that is not
 * quoted, a quoted field followed by more than a comma, no line end. */
static int csv_fields(const char *text, long len)
{
    if (len < 1 || text[len - 1] != '\n')
        abort();
    const char *at = text, *end = text + len - 1;
    int fields = 1;
    for (;;) {
        if (at < end && *at == '"') {
            for (at++;; at++) {
                if (at >= end)
                    abort(); /* the closing quote is missing */
                if (*at == '"') {
                    if (at + 1 < end && at[1] == '"')
                        at++;
                    else
                        break;
                }
            }
            at++;
            if (at < end && *at != ',')
                abort();
        } else {
            while (at < end && *at != ',') {
                if (*at == '"' || *at == '\n' || *at == '\r')
                    abort();
                at++;
            }
        }
        if (at == end)
            return fields;
        at++; /* the comma */
        fields++;
    }
}

#endif
