/* json.c - a small JSON reader for the f-puzzles format: the whole text
 * into a flat array of nodes (objects and arrays link their members),
 * strings decoded to UTF-8. */
#include "variant/json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *s;
    size_t len, pos;
    json_doc *d;
    int depth;
    const char *why;
} parser;

static void skip(parser *p)
{
    while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                               p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
        p->pos++;
}

static int new_node(parser *p, json_type t)
{
    json_doc *d = p->d;
    if (d->count == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 256;
        json_node *grown = realloc(d->nodes, cap * sizeof *grown);
        if (!grown) {
            p->why = "out of memory";
            return -1;
        }
        d->nodes = grown;
        d->cap = cap;
    }
    d->nodes[d->count] = (json_node){t, 0, 0, -1, -1, -1, 0, 0, p->pos, 0};
    return (int)d->count++;
}

static int put_char(parser *p, char ch)
{
    json_doc *d = p->d;
    if (d->slen == d->scap) {
        size_t cap = d->scap ? 2 * d->scap : 1024;
        char *grown = realloc(d->strings, cap);
        if (!grown) {
            p->why = "out of memory";
            return -1;
        }
        d->strings = grown;
        d->scap = cap;
    }
    d->strings[d->slen++] = ch;
    return 0;
}

static int put_utf8(parser *p, unsigned cp)
{
    if (cp < 0x80)
        return put_char(p, (char)cp);
    if (cp < 0x800)
        return put_char(p, (char)(0xC0 | cp >> 6)) || put_char(p, (char)(0x80 | (cp & 0x3F)));
    if (cp < 0x10000)
        return put_char(p, (char)(0xE0 | cp >> 12)) ||
               put_char(p, (char)(0x80 | (cp >> 6 & 0x3F))) ||
               put_char(p, (char)(0x80 | (cp & 0x3F)));
    return put_char(p, (char)(0xF0 | cp >> 18)) || put_char(p, (char)(0x80 | (cp >> 12 & 0x3F))) ||
           put_char(p, (char)(0x80 | (cp >> 6 & 0x3F))) || put_char(p, (char)(0x80 | (cp & 0x3F)));
}

static int hex4(parser *p, unsigned *out)
{
    if (p->pos + 4 > p->len)
        return -1;
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p->s[p->pos++];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* A string at p->pos (after its quote): its text appended to the strings,
 * NUL-terminated; *at gets its offset. */
static int string(parser *p, size_t *at, size_t *len)
{
    *at = p->d->slen;
    for (;;) {
        if (p->pos >= p->len) {
            p->why = "a string without its closing quote";
            return -1;
        }
        unsigned char c = (unsigned char)p->s[p->pos++];
        if (c == '"')
            break;
        if (c < 0x20) {
            p->why = "a control character in a string";
            return -1;
        }
        if (c != '\\') {
            if (put_char(p, (char)c))
                return -1;
            continue;
        }
        if (p->pos >= p->len) {
            p->why = "a string without its closing quote";
            return -1;
        }
        char e = p->s[p->pos++];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = strchr(from, e);
        if (e && k) {
            if (put_char(p, to[k - from]))
                return -1;
        } else if (e == 'u') {
            unsigned cp, lo;
            if (hex4(p, &cp)) {
                p->why = "a bad \\u escape";
                return -1;
            }
            if (cp >= 0xD800 && cp < 0xDC00 && p->pos + 6 <= p->len && p->s[p->pos] == '\\' &&
                p->s[p->pos + 1] == 'u') {
                p->pos += 2;
                if (hex4(p, &lo) || lo < 0xDC00 || lo > 0xDFFF) {
                    p->why = "a bad surrogate pair";
                    return -1;
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            if (put_utf8(p, cp))
                return -1;
        } else {
            p->why = "a bad escape in a string";
            return -1;
        }
    }
    *len = p->d->slen - *at;
    return put_char(p, '\0');
}

static int value(parser *p);

/* The members of an array or object node (p->pos after its bracket). */
static int members(parser *p, int node, char close)
{
    int last = -1;
    skip(p);
    if (p->pos < p->len && p->s[p->pos] == close) {
        p->pos++;
        return 0;
    }
    for (;;) {
        size_t key = 0, keylen = 0;
        int has_key = close == '}';
        if (has_key) {
            skip(p);
            if (p->pos >= p->len || p->s[p->pos] != '"') {
                p->why = "expected a member name in quotes";
                return -1;
            }
            p->pos++;
            if (string(p, &key, &keylen))
                return -1;
            skip(p);
            if (p->pos >= p->len || p->s[p->pos] != ':') {
                p->why = "expected ':' after a member name";
                return -1;
            }
            p->pos++;
        }
        int child = value(p);
        if (child < 0)
            return -1;
        json_node *c = &p->d->nodes[child];
        c->key = has_key ? (long)key : -1;
        if (last < 0)
            p->d->nodes[node].first = child;
        else
            p->d->nodes[last].next = child;
        p->d->nodes[node].count++;
        last = child;
        skip(p);
        if (p->pos < p->len && p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->s[p->pos] == close) {
            p->pos++;
            return 0;
        }
        p->why = close == '}' ? "expected ',' or '}'" : "expected ',' or ']'";
        return -1;
    }
}

static int value_at(parser *p);

/* A value at p->pos (after blanks): its node, its text's span set. */
static int value(parser *p)
{
    skip(p);
    size_t at = p->pos;
    int node = value_at(p);
    if (node >= 0) {
        p->d->nodes[node].at = at;
        p->d->nodes[node].span = p->pos - at;
    }
    return node;
}

static int value_at(parser *p)
{
    if (p->pos >= p->len) {
        p->why = "the text ends where a value should be";
        return -1;
    }
    char c = p->s[p->pos];
    int node;
    if (c == '{' || c == '[') {
        if (++p->depth > 64) {
            p->why = "nested too deep";
            return -1;
        }
        p->pos++;
        node = new_node(p, c == '{' ? JSON_OBJECT : JSON_ARRAY);
        if (node < 0 || members(p, node, c == '{' ? '}' : ']'))
            return -1;
        p->depth--;
        return node;
    }
    if (c == '"') {
        p->pos++;
        node = new_node(p, JSON_STRING);
        size_t at, len;
        if (node < 0 || string(p, &at, &len))
            return -1;
        p->d->nodes[node].str = (long)at;
        p->d->nodes[node].len = len;
        return node;
    }
    static const char *const words[] = {"true", "false", "null"};
    for (int w = 0; w < 3; w++) {
        size_t k = strlen(words[w]);
        if (p->pos + k <= p->len && !strncmp(p->s + p->pos, words[w], k)) {
            p->pos += k;
            node = new_node(p, w == 2 ? JSON_NULL : JSON_BOOL);
            if (node >= 0)
                p->d->nodes[node].num = w == 0;
            return node;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        char buf[64];
        size_t k = 0;
        while (p->pos < p->len && k + 1 < sizeof buf && strchr("+-.eE0123456789", p->s[p->pos]) &&
               p->s[p->pos])
            buf[k++] = p->s[p->pos++];
        buf[k] = '\0';
        char *end;
        double x = strtod(buf, &end);
        if (*end) {
            p->why = "a bad number";
            return -1;
        }
        node = new_node(p, JSON_NUMBER);
        if (node >= 0)
            p->d->nodes[node].num = x;
        return node;
    }
    p->why = "unexpected character";
    return -1;
}

int json_parse(const char *text, size_t len, json_doc *d, size_t *where, const char **why)
{
    memset(d, 0, sizeof *d);
    parser p = {text, len, 0, d, 0, NULL};
    int root = value(&p);
    if (root == 0) {
        skip(&p);
        if (p.pos < len) {
            root = -1;
            p.why = "text after the JSON value";
        }
    }
    if (root != 0) {
        *where = p.pos;
        *why = p.why ? p.why : "not JSON";
        json_free(d);
        return -1;
    }
    return 0;
}

void json_free(json_doc *d)
{
    free(d->nodes);
    free(d->strings);
    memset(d, 0, sizeof *d);
}

const json_node *json_member(const json_doc *d, const json_node *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT)
        return NULL;
    for (int i = obj->first; i >= 0; i = d->nodes[i].next)
        if (!strcmp(d->strings + d->nodes[i].key, key))
            return &d->nodes[i];
    return NULL;
}

const json_node *json_first(const json_doc *d, const json_node *v)
{
    return v && v->first >= 0 ? &d->nodes[v->first] : NULL;
}

const json_node *json_next(const json_doc *d, const json_node *v)
{
    return v->next >= 0 ? &d->nodes[v->next] : NULL;
}

const char *json_key(const json_doc *d, const json_node *v)
{
    return v->key >= 0 ? d->strings + v->key : NULL;
}

const char *json_str(const json_doc *d, const json_node *v)
{
    return v && v->type == JSON_STRING ? d->strings + v->str : NULL;
}

int json_int(const json_doc *d, const json_node *v, int *out)
{
    if (!v)
        return -1;
    double x;
    if (v->type == JSON_NUMBER)
        x = v->num;
    else if (v->type == JSON_STRING) {
        const char *s = json_str(d, v);
        char *end;
        if (!*s)
            return -1;
        x = strtod(s, &end);
        if (*end)
            return -1;
    } else
        return -1;
    if (x != (double)(int)x || x < -1e6 || x > 1e6)
        return -1;
    *out = (int)x;
    return 0;
}
