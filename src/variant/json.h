/* json.h - a small JSON reader (internal; the f-puzzles reader's). */
#ifndef NONET_VARIANT_JSON_H
#define NONET_VARIANT_JSON_H

#include <stddef.h>

typedef enum json_type {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type;

typedef struct json_node {
    json_type type;
    double num; /* a number; a boolean as 1 or 0 */
    size_t len; /* a string's length in bytes */
    long str;   /* a string: its text, json_doc.strings + str */
    int first;  /* an array or object: its first member's index, -1 none */
    int next;   /* the next member of its parent, -1 none */
    long key;   /* a member of an object: its name, json_doc.strings + key */
    int count;  /* an array or object: how many members */
    size_t at;  /* where its text starts in the text read, and its length */
    size_t span;
} json_node;

typedef struct json_doc {
    json_node *nodes; /* nodes[0] is the value */
    size_t count, cap;
    char *strings;
    size_t slen, scap;
} json_doc;

/* Reads text as one JSON value into d (freed with json_free). Returns 0,
 * or -1 with *where (the byte offset) and *why (a phrase). */
int json_parse(const char *text, size_t len, json_doc *d, size_t *where, const char **why);
void json_free(json_doc *d);

/* obj's member named key, or NULL (also when obj is no object). */
const json_node *json_member(const json_doc *d, const json_node *obj, const char *key);
/* The first member of an array or object, and the one after v; NULL at the end. */
const json_node *json_first(const json_doc *d, const json_node *v);
const json_node *json_next(const json_doc *d, const json_node *v);
/* v's name in its object (NULL in an array); a string's text (NULL for
 * another type). */
const char *json_key(const json_doc *d, const json_node *v);
const char *json_str(const json_doc *d, const json_node *v);
/* v as an integer: a whole number, or a string holding one. Returns 0, or
 * -1 for anything else. */
int json_int(const json_doc *d, const json_node *v, int *out);

#endif
