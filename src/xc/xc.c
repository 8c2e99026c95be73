/* xc.c - exact cover: the DLX1/DLX2 text reader, the problem object, and
 * Algorithm X with dancing links (iterative), counting what Knuth's DLX1
 * and DLX2 count.
 *
 * Data layout
 * -----------
 * Two arrays, indexed by 32-bit numbers rather than pointers (half the
 * cache footprint):
 *
 *   items[0]          the root: head of the circular list of the primary
 *                     items still to cover (prev/next)
 *   items[1..P]       primary items, items[P+1..P+S] secondary items,
 *   items[P+S+1]      head of the circular list of the secondary items
 *
 *   nodes[0..P+S]     header of each item's vertical list; in a header,
 *                     itm holds the list's length
 *   nodes[P+S+1]      the first spacer, then each option's nodes followed
 *                     by a spacer:
 *
 *       spacer  A  B  C  spacer  D  E  spacer ...
 *
 *     a node:   up/down in its item's list, itm (1..P+S), color (0 none)
 *     a spacer: itm = -(number of the option before it, 1-based; 0 for
 *               the first), up = first node of the option before it,
 *               down = last node of the option after it
 *
 * so that an option is walked circularly from any of its nodes: step
 * right, and at a spacer jump back by its up link (or, walking left, by
 * the down link of the spacer before it).
 *
 * Covering an item takes it out of the list of items to cover and takes
 * each option in its list out of every other item's list; the removed
 * nodes keep their links, so uncovering (in reverse order) puts everything
 * back. Colored items are purified instead (DLX2): the options that
 * disagree on the color are taken out, the ones that agree are marked
 * with color -1 so that later covers leave them alone.
 *
 * Statistics are those of Knuth's programs so that the figures compare on
 * the same input. The mems (64-bit memory accesses in his cost model) are
 * not counted access by access: each primitive costs a closed form of the
 * quantities it already computes (list length, nodes removed), e.g. a
 * cover costs 4 + 3 * length + 6 * removed mems.
 *
 * Reading is a byte-at-a-time state machine: a name is at most 8
 * characters, so nothing longer than a token is ever buffered, whatever
 * the length of a line. Nodes are appended as an option's names are read
 * and linked into the item lists when its line ends, or dropped if the
 * option has no primary item. Names are found through an open-addressing
 * hash table on the 8 name bytes.
 */
#include "core/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xc_node {
    int32_t up, down;
    int32_t itm;   /* item; list length in headers; <= 0 in spacers */
    int32_t color; /* 0 none, a character code, -1 purified away */
} xc_node;

typedef struct xc_item {
    char name[NONET_XC_NAME_MAX]; /* NUL-padded, not terminated when full */
    int32_t prev, next;
} xc_item;

/* Largest item count and node index: int32_t links, and a spare value. */
#define XC_MAX_INDEX (INT32_MAX - 2)

enum { MODE_NEW, MODE_TEXT, MODE_CALLS };
enum { PHASE_ITEMS, PHASE_OPTIONS, PHASE_ENDED };
enum { LINE_START, LINE_COMMENT, LINE_CONTENT };
enum { TOK_NONE, TOK_NAME, TOK_COLOR };

struct nonet_xc {
    int mode, phase;
    int failed; /* an error ended reading; error holds it */
    nonet_error error;
    nonet_xc_warning_fn warn;
    void *warn_ctx;

    xc_item *items;
    size_t items_cap;
    int32_t nitems, nprimary; /* nprimary < 0 until the item line ends */
    int32_t *hash;            /* item numbers, 0 = empty slot */
    size_t hash_mask;

    xc_node *nodes;
    size_t nodes_cap;
    int32_t last;        /* the spacer after the last option */
    int32_t pending;     /* nodes of the option being read */
    int pending_primary; /* it has a primary item */
    uint64_t *stamp;     /* per item: serial of the option that named it */
    uint64_t serial;     /* options started */
    size_t noptions, nentries;
    int32_t *opt_first; /* first node of each option */
    long *opt_line;
    size_t opt_cap;
    int colored;

    /* the reader */
    long line, col;
    int line_kind;
    int tok_state;
    char tok[NONET_XC_NAME_MAX];
    int tok_len;
    long tok_col;
    int color_len;
    unsigned char color;
    long line_ws; /* white space scanned in this line (input mems) */
    long line_names;
    int seen_bar;
    char *comment; /* first comment line */
    size_t comment_len;
    int comment_state; /* 0 none yet, 1 reading it, 2 done */

    nonet_stop stop; /* nonet_xc_set_stop's; zero: never stop */

    uint64_t imems;                        /* input mems as DLX1 counts them */
    uint64_t uncolored_uses, colored_uses; /* for DLX2's input mems */
};

/* ---------------------------------------------------------------- errors */

static int fail(nonet_xc *x, int code, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int fail(nonet_xc *x, int code, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    x->error.code = code;
    x->error.line = line;
    x->error.column = col;
    vsnprintf(x->error.message, sizeof x->error.message, fmt, ap);
    va_end(ap);
    x->failed = 1;
    return code;
}

/* A name as it can be shown in a message: printable, at most 8 bytes. */
static const char *show_name(const char *name, int len, char out[NONET_XC_NAME_MAX + 1])
{
    int n = 0;
    for (int i = 0; i < len && i < NONET_XC_NAME_MAX; i++)
        out[n++] = name[i] > ' ' && name[i] < 0x7f ? name[i] : '?';
    out[n] = '\0';
    return out;
}

/* ---------------------------------------------------------------- names */

static uint64_t name_key(const char *name, int len)
{
    unsigned char b[NONET_XC_NAME_MAX] = {0};
    memcpy(b, name, (size_t)len);
    uint64_t k = 0;
    for (int i = 0; i < NONET_XC_NAME_MAX; i++)
        k = k << 8 | b[i];
    return k;
}

static size_t hash_slot(uint64_t key, size_t mask)
{
    key ^= key >> 29;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 32;
    return (size_t)key & mask;
}

static uint64_t item_key(const nonet_xc *x, int32_t i)
{
    return name_key(x->items[i].name, NONET_XC_NAME_MAX);
}

/* The item named name[0..len), or 0. */
static int32_t find_item(const nonet_xc *x, const char *name, int len)
{
    if (!x->hash)
        return 0;
    uint64_t key = name_key(name, len);
    for (size_t s = hash_slot(key, x->hash_mask);; s = (s + 1) & x->hash_mask) {
        int32_t i = x->hash[s];
        if (i == 0 || item_key(x, i) == key)
            return i;
    }
}

static int hash_insert(nonet_xc *x, int32_t item)
{
    if ((size_t)item * 2 > x->hash_mask) {
        size_t cap = x->hash_mask ? (x->hash_mask + 1) * 2 : 64;
        int32_t *grown = calloc(cap, sizeof *grown);
        if (!grown)
            return NONET_ENOMEM;
        for (int32_t i = 1; i < item; i++) {
            size_t s = hash_slot(item_key(x, i), cap - 1);
            while (grown[s])
                s = (s + 1) & (cap - 1);
            grown[s] = i;
        }
        free(x->hash);
        x->hash = grown;
        x->hash_mask = cap - 1;
    }
    size_t s = hash_slot(item_key(x, item), x->hash_mask);
    while (x->hash[s])
        s = (s + 1) & x->hash_mask;
    x->hash[s] = item;
    return NONET_OK;
}

static int is_name_char(unsigned char ch)
{
    return ch > ' ' && ch < 0x7f && ch != ':' && ch != '|';
}

/* Appends an item (name already checked for syntax). Returns its number
 * or a negative status, without setting x->error. */
static int32_t append_item(nonet_xc *x, const char *name, int len)
{
    if (find_item(x, name, len))
        return NONET_EXC_DUPLICATE;
    if (x->nitems >= XC_MAX_INDEX - 2)
        return NONET_EXC_TOOBIG;
    if ((size_t)x->nitems + 2 >= x->items_cap) {
        size_t cap = x->items_cap ? x->items_cap * 2 : 64;
        xc_item *grown = realloc(x->items, cap * sizeof *grown);
        if (!grown)
            return NONET_ENOMEM;
        x->items = grown;
        x->items_cap = cap;
    }
    int32_t i = ++x->nitems;
    memset(&x->items[i], 0, sizeof x->items[i]);
    memcpy(x->items[i].name, name, (size_t)len);
    if (hash_insert(x, i) != NONET_OK) {
        x->nitems--;
        return NONET_ENOMEM;
    }
    return i;
}

/* The item line is complete: lay out the item lists and the headers. */
static int finish_items(nonet_xc *x)
{
    int32_t n = x->nitems;
    if (x->nprimary < 0)
        x->nprimary = n;
    if (!x->items) { /* no items at all (built by calls) */
        x->items = calloc(2, sizeof *x->items);
        if (!x->items)
            return NONET_ENOMEM;
        x->items_cap = 2;
    }
    x->nodes_cap = (size_t)n + 64;
    x->nodes = calloc(x->nodes_cap, sizeof *x->nodes);
    x->stamp = calloc((size_t)n + 1, sizeof *x->stamp);
    if (!x->nodes || !x->stamp)
        return NONET_ENOMEM;
    int32_t p = x->nprimary, head = n + 1;
    /* root <-> 1 <-> ... <-> P <-> root; head <-> P+1 <-> ... <-> n <-> head */
    for (int32_t i = 0; i <= p; i++) {
        x->items[i].prev = i == 0 ? p : i - 1;
        x->items[i].next = i == p ? 0 : i + 1;
    }
    for (int32_t i = p + 1; i <= head; i++) {
        x->items[i].prev = i == p + 1 ? head : i - 1;
        x->items[i].next = i == head ? p + 1 : i + 1;
    }
    memset(x->items[0].name, 0, NONET_XC_NAME_MAX);
    memset(x->items[head].name, 0, NONET_XC_NAME_MAX);
    for (int32_t i = 0; i <= n; i++) {
        x->nodes[i].up = x->nodes[i].down = i;
        x->nodes[i].itm = 0;
    }
    x->last = n + 1; /* the first spacer: itm 0 */
    x->phase = PHASE_OPTIONS;
    return NONET_OK;
}

/* ---------------------------------------------------------------- options */

static int grow_nodes(nonet_xc *x, size_t need)
{
    if (need <= x->nodes_cap)
        return NONET_OK;
    size_t cap = x->nodes_cap * 2;
    if (cap < need)
        cap = need;
    xc_node *grown = realloc(x->nodes, cap * sizeof *grown);
    if (!grown)
        return NONET_ENOMEM;
    x->nodes = grown;
    x->nodes_cap = cap;
    return NONET_OK;
}

/* Appends item k (with color) to the option being read. */
static int push_node(nonet_xc *x, int32_t k, int color)
{
    int64_t idx = (int64_t)x->last + x->pending + 1;
    if (idx + 1 > XC_MAX_INDEX)
        return NONET_EXC_TOOBIG;
    if (grow_nodes(x, (size_t)idx + 2) != NONET_OK)
        return NONET_ENOMEM;
    xc_node *nd = &x->nodes[idx];
    nd->itm = k;
    nd->color = color;
    nd->up = nd->down = 0;
    x->pending++;
    if (k <= x->nprimary)
        x->pending_primary = 1;
    x->stamp[k] = x->serial;
    return NONET_OK;
}

/* Links the option being read into its items' lists, or drops it when it
 * has no primary item. Returns NONET_OK or NONET_EXC_NOPRIMARY (dropped). */
static int commit_option(nonet_xc *x, long line)
{
    int32_t n = x->pending;
    x->pending = 0;
    if (!x->pending_primary) {
        x->imems += 6 * (uint64_t)n;
        return NONET_EXC_NOPRIMARY;
    }
    x->pending_primary = 0;
    if (x->noptions == x->opt_cap) {
        size_t cap = x->opt_cap ? x->opt_cap * 2 : 256;
        int32_t *first = realloc(x->opt_first, cap * sizeof *first);
        if (first)
            x->opt_first = first;
        long *lines = first ? realloc(x->opt_line, cap * sizeof *lines) : NULL;
        if (!lines)
            return NONET_ENOMEM;
        x->opt_line = lines;
        x->opt_cap = cap;
    }
    xc_node *nd = x->nodes;
    int32_t start = x->last + 1, spacer = x->last + n + 1;
    for (int32_t i = start; i < spacer; i++) {
        int32_t k = nd[i].itm, bottom = nd[k].up;
        nd[i].up = bottom;
        nd[i].down = k;
        nd[bottom].down = i;
        nd[k].up = i;
        nd[k].itm++;
        if (nd[i].color)
            x->colored = 1;
    }
    nd[x->last].down = spacer - 1;
    nd[spacer].up = start;
    nd[spacer].down = 0;
    nd[spacer].color = 0;
    x->opt_first[x->noptions] = start;
    x->opt_line[x->noptions] = line;
    x->noptions++;
    nd[spacer].itm = -(int32_t)x->noptions;
    x->nentries += (size_t)n;
    x->last = spacer;
    x->imems += 3;
    return NONET_OK;
}

/* ---------------------------------------------------------------- reading */

static void warn_ignored(nonet_xc *x, long line)
{
    if (!x->warn)
        return;
    nonet_error w;
    memset(&w, 0, sizeof w);
    w.code = NONET_EXC_NOPRIMARY;
    w.line = line;
    w.column = 1;
    snprintf(w.message, sizeof w.message, "option ignored (no primary items)");
    x->warn(x->warn_ctx, &w);
}

/* The token that just ended: an item of the item line, or an item use. */
static int end_token(nonet_xc *x)
{
    char shown[NONET_XC_NAME_MAX + 1];
    int len = x->tok_len, colored = x->tok_state == TOK_COLOR;
    x->tok_state = TOK_NONE;
    if (x->phase == PHASE_ITEMS) {
        int32_t i = append_item(x, x->tok, len);
        if (i == NONET_EXC_DUPLICATE)
            return fail(x, i, x->line, x->tok_col, "duplicate item name '%s'",
                        show_name(x->tok, len, shown));
        if (i == NONET_EXC_TOOBIG)
            return fail(x, i, x->line, x->tok_col, "too many items (at most %d)", XC_MAX_INDEX - 3);
        if (i < 0)
            return fail(x, i, x->line, x->tok_col, "out of memory");
        x->line_names++;
        x->imems += (uint64_t)(len < NONET_XC_NAME_MAX ? 2 * len + 1 : 2 * len) + (uint64_t)i + 3;
        return NONET_OK;
    }
    int32_t k = find_item(x, x->tok, len);
    if (!k)
        return fail(x, NONET_EXC_UNKNOWN, x->line, x->tok_col, "unknown item '%s'",
                    show_name(x->tok, len, shown));
    if (x->stamp[k] == x->serial)
        return fail(x, NONET_EXC_REPEATED, x->line, x->tok_col,
                    "item '%s' appears twice in this option", show_name(x->tok, len, shown));
    int color = 0;
    if (colored) {
        if (k <= x->nprimary)
            return fail(x, NONET_EXC_COLOR, x->line, x->tok_col,
                        "primary item '%s' cannot have a color", show_name(x->tok, len, shown));
        if (x->color_len != 1 || x->color <= ' ' || x->color >= 0x7f)
            return fail(x, NONET_EXC_COLOR, x->line, x->tok_col,
                        "the color of '%s' must be one printable character",
                        show_name(x->tok, len, shown));
        color = x->color;
        x->colored_uses++;
    } else {
        x->uncolored_uses++;
    }
    int rc = push_node(x, k, color);
    if (rc == NONET_EXC_TOOBIG)
        return fail(x, rc, x->line, x->tok_col, "too many entries (at most %d nodes)",
                    XC_MAX_INDEX);
    if (rc != NONET_OK)
        return fail(x, rc, x->line, x->tok_col, "out of memory");
    x->imems += (uint64_t)(len < NONET_XC_NAME_MAX ? 2 * len + 2 : 2 * len) + (uint64_t)k + 9;
    return NONET_OK;
}

/* The current line ended (at a line feed or the end of the text). */
static int end_line(nonet_xc *x)
{
    int rc = NONET_OK;
    if (x->tok_state != TOK_NONE && (rc = end_token(x)) != NONET_OK)
        return rc;
    /* DLX1 charges the line-end test, the test that stops the leading
     * blank scan, and one per white space character it scans (the line
     * feed included, except in comment lines, which it stops reading). */
    x->imems += 2 + (uint64_t)x->line_ws + (x->line_kind != LINE_COMMENT);
    if (x->line_kind == LINE_COMMENT) {
        if (x->comment_state == 1) {
            if (x->comment_len > 0 && x->comment[x->comment_len - 1] == '\r')
                x->comment_len--;
            x->comment[x->comment_len] = '\0';
            x->comment_state = 2;
        }
    } else if (x->line_kind == LINE_CONTENT) {
        if (x->phase == PHASE_ITEMS) {
            x->imems += (uint64_t)x->line_names + 1 + 6;
            if ((rc = finish_items(x)) != NONET_OK)
                return fail(x, rc, x->line, 0, "out of memory");
        } else {
            rc = commit_option(x, x->line);
            if (rc == NONET_EXC_NOPRIMARY)
                warn_ignored(x, x->line);
            else if (rc != NONET_OK)
                return fail(x, rc, x->line, 0, "out of memory");
        }
    }
    x->line++;
    x->col = 0;
    x->line_kind = LINE_START;
    x->line_ws = 0;
    x->line_names = 0;
    return NONET_OK;
}

static int is_blank(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static void comment_byte(nonet_xc *x, unsigned char ch)
{
    if (x->comment_state == 1 && x->comment_len < NONET_MAX_LINE)
        x->comment[x->comment_len++] = (char)ch;
}

static int start_comment(nonet_xc *x)
{
    x->line_kind = LINE_COMMENT;
    if (x->comment_state == 0) {
        x->comment = malloc(NONET_MAX_LINE + 1);
        if (!x->comment)
            return fail(x, NONET_ENOMEM, x->line, x->col, "out of memory");
        x->comment_state = 1;
        x->comment_len = 0;
    }
    return NONET_OK;
}

/* One byte of a content line (not a line feed). */
static int content_byte(nonet_xc *x, unsigned char ch)
{
    char shown[NONET_XC_NAME_MAX + 1];
    if (is_blank(ch)) {
        x->line_ws++;
        return x->tok_state != TOK_NONE ? end_token(x) : NONET_OK;
    }
    if (x->tok_state == TOK_NONE) {
        if (ch == '|' && x->phase == PHASE_ITEMS) {
            if (x->seen_bar)
                return fail(x, NONET_EXC_BAR, x->line, x->col,
                            "'|' appears twice in the item line");
            x->seen_bar = 1;
            x->nprimary = x->nitems;
            x->imems += 1;
            return NONET_OK;
        }
        x->tok_state = TOK_NAME;
        x->tok_len = 0;
        x->tok_col = x->col;
        x->color_len = 0;
    }
    if (x->tok_state == TOK_COLOR) {
        if (x->color_len == 0)
            x->color = ch;
        if (x->color_len < 2)
            x->color_len++;
        return NONET_OK;
    }
    if (ch == ':' && x->phase == PHASE_OPTIONS) {
        if (x->tok_len == 0)
            return fail(x, NONET_EXC_NAME, x->line, x->col, "empty item name before ':'");
        x->tok_state = TOK_COLOR;
        return NONET_OK;
    }
    if (!is_name_char(ch)) {
        if (ch > ' ' && ch < 0x7f)
            return fail(x, NONET_EXC_NAME, x->line, x->col,
                        "illegal character '%c' in item name '%s%c'", ch,
                        show_name(x->tok, x->tok_len, shown), ch);
        return fail(x, NONET_EXC_NAME, x->line, x->col, "illegal character 0x%02x in an item name",
                    ch);
    }
    if (x->tok_len == NONET_XC_NAME_MAX)
        return fail(x, NONET_EXC_NAME, x->line, x->tok_col,
                    "item name '%s...' is too long (at most %d characters)",
                    show_name(x->tok, x->tok_len, shown), NONET_XC_NAME_MAX);
    x->tok[x->tok_len++] = (char)ch;
    return NONET_OK;
}

nonet_xc *nonet_xc_new(nonet_xc_warning_fn warn, void *ctx)
{
    nonet_xc *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->warn = warn;
    x->warn_ctx = ctx;
    x->nprimary = -1;
    x->line = 1;
    return x;
}

void nonet_xc_set_stop(nonet_xc *x, const nonet_stop *stop)
{
    if (!x)
        return;
    if (stop)
        x->stop = *stop;
    else
        memset(&x->stop, 0, sizeof x->stop);
}

void nonet_xc_free(nonet_xc *x)
{
    if (!x)
        return;
    free(x->items);
    free(x->hash);
    free(x->nodes);
    free(x->stamp);
    free(x->opt_first);
    free(x->opt_line);
    free(x->comment);
    free(x);
}

static int report_error(const nonet_xc *x, int rc, nonet_error *err)
{
    if (err) {
        if (x && x->failed)
            *err = x->error;
        else {
            memset(err, 0, sizeof *err);
            err->code = rc;
            if (rc != NONET_OK)
                snprintf(err->message, sizeof err->message, "%s", nonet_strerror(rc));
        }
    }
    return rc;
}

int nonet_xc_feed(nonet_xc *x, const void *data, size_t len, nonet_error *err)
{
    if (!x)
        return report_error(NULL, NONET_EARG, err);
    if (x->failed)
        return report_error(x, x->error.code, err);
    if ((!data && len > 0) || x->mode == MODE_CALLS || x->phase == PHASE_ENDED)
        return report_error(NULL, NONET_EARG, err);
    x->mode = MODE_TEXT;
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = p[i];
        int rc = NONET_OK;
        x->col++;
        if (ch == '\n') {
            rc = end_line(x);
        } else if (x->line_kind == LINE_COMMENT) {
            comment_byte(x, ch);
        } else if (x->line_kind == LINE_START && is_blank(ch)) {
            x->line_ws++;
        } else if (x->line_kind == LINE_START && ch == '|') {
            rc = start_comment(x);
            comment_byte(x, ch);
        } else {
            if (x->line_kind == LINE_START) {
                x->line_kind = LINE_CONTENT;
                if (x->phase == PHASE_OPTIONS)
                    x->serial++;
            }
            rc = content_byte(x, ch);
        }
        if (rc != NONET_OK)
            return report_error(x, rc, err);
    }
    return report_error(x, NONET_OK, err);
}

int nonet_xc_end(nonet_xc *x, nonet_error *err)
{
    if (!x)
        return report_error(NULL, NONET_EARG, err);
    if (x->failed)
        return report_error(x, x->error.code, err);
    if (x->mode == MODE_CALLS)
        return report_error(NULL, NONET_EARG, err);
    if (x->phase == PHASE_ENDED)
        return report_error(x, NONET_OK, err);
    x->mode = MODE_TEXT;
    if (x->col > 0) { /* a last line without a line feed */
        int rc = end_line(x);
        if (rc != NONET_OK)
            return report_error(x, rc, err);
    }
    if (x->phase == PHASE_ITEMS)
        return report_error(
            x, fail(x, NONET_EXC_NOITEMS, 0, 0, "no items: the input has no item line"), err);
    x->phase = PHASE_ENDED;
    return report_error(x, NONET_OK, err);
}

int nonet_xc_parse(const char *text, size_t len, nonet_xc_warning_fn warn, void *ctx,
                   nonet_xc **out, nonet_error *err)
{
    if (out)
        *out = NULL;
    if (!out || (!text && len > 0))
        return report_error(NULL, NONET_EARG, err);
    nonet_xc *x = nonet_xc_new(warn, ctx);
    if (!x)
        return report_error(NULL, NONET_ENOMEM, err);
    int rc = nonet_xc_feed(x, text, len, err);
    if (rc == NONET_OK)
        rc = nonet_xc_end(x, err);
    if (rc != NONET_OK) {
        nonet_xc_free(x);
        return rc;
    }
    *out = x;
    return NONET_OK;
}

/* ---------------------------------------------------------------- building by calls */

int nonet_xc_add_item(nonet_xc *x, const char *name, int secondary)
{
    if (!x || !name || x->mode == MODE_TEXT || x->phase != PHASE_ITEMS || x->failed)
        return NONET_EARG;
    size_t len = strlen(name);
    if (len == 0 || len > NONET_XC_NAME_MAX)
        return NONET_EXC_NAME;
    for (size_t i = 0; i < len; i++)
        if (!is_name_char((unsigned char)name[i]))
            return NONET_EXC_NAME;
    if (!secondary && x->nprimary >= 0)
        return NONET_EARG;
    x->mode = MODE_CALLS;
    int32_t i = append_item(x, name, (int)len);
    if (i < 0)
        return i;
    if (secondary && x->nprimary < 0)
        x->nprimary = i - 1;
    return i - 1;
}

int nonet_xc_add_option(nonet_xc *x, const int *items, const char *colors, size_t count)
{
    if (!x || (!items && count > 0) || x->mode == MODE_TEXT || x->failed || x->phase == PHASE_ENDED)
        return NONET_EARG;
    x->mode = MODE_CALLS;
    if (x->phase == PHASE_ITEMS && finish_items(x) != NONET_OK)
        return NONET_ENOMEM;
    x->serial++;
    for (size_t i = 0; i < count; i++) {
        int k = items[i] + 1;
        int color = colors ? (unsigned char)colors[i] : 0;
        int rc = NONET_OK;
        if (items[i] < 0 || items[i] >= x->nitems)
            rc = NONET_EXC_UNKNOWN;
        else if (x->stamp[k] == x->serial)
            rc = NONET_EXC_REPEATED;
        else if (color && (k <= x->nprimary || color <= ' ' || color >= 0x7f))
            rc = NONET_EXC_COLOR;
        else
            rc = push_node(x, k, color);
        if (rc != NONET_OK) {
            x->pending = 0;
            x->pending_primary = 0;
            return rc;
        }
    }
    return commit_option(x, 0);
}

/* ---------------------------------------------------------------- queries */

void nonet_xc_get_info(const nonet_xc *x, nonet_xc_info *info)
{
    if (!info)
        return;
    memset(info, 0, sizeof *info);
    if (!x)
        return;
    int32_t p = x->nprimary < 0 ? x->nitems : x->nprimary;
    info->primary = p;
    info->secondary = x->nitems - p;
    info->options = x->noptions;
    info->entries = x->nentries;
    info->colored = x->colored;
}

int nonet_xc_item_name(const nonet_xc *x, int item, char name[NONET_XC_NAME_MAX + 1])
{
    if (!x || !name || item < 0 || item >= x->nitems)
        return NONET_EARG;
    memcpy(name, x->items[item + 1].name, NONET_XC_NAME_MAX);
    name[NONET_XC_NAME_MAX] = '\0';
    return NONET_OK;
}

long nonet_xc_option_line(const nonet_xc *x, size_t option)
{
    if (!x || option >= x->noptions)
        return 0;
    return x->opt_line[option];
}

const char *nonet_xc_comment(const nonet_xc *x)
{
    return x && x->comment_state == 2 ? x->comment : "";
}

/* The option's nodes are opt_first[option] up to the next spacer. */
static int32_t option_size(const nonet_xc *x, size_t option)
{
    int32_t first = x->opt_first[option], i = first;
    while (x->nodes[i].itm > 0)
        i++;
    return i - first;
}

int nonet_xc_option_items(const nonet_xc *x, size_t option, int *items, char *colors, size_t cap)
{
    if (!x || option >= x->noptions || (!items && cap > 0))
        return NONET_EARG;
    int32_t first = x->opt_first[option], n = option_size(x, option);
    for (int32_t i = 0; i < n && (size_t)i < cap; i++) {
        const xc_node *nd = &x->nodes[first + i];
        items[i] = nd->itm - 1;
        if (colors) /* a purified node's color is in its item's header */
            colors[i] = (char)(nd->color >= 0 ? nd->color : x->nodes[nd->itm].color);
    }
    return n;
}

long nonet_xc_format_option(const nonet_xc *x, size_t option, int first_item, char *buf, size_t cap)
{
    if (buf && cap)
        buf[0] = '\0';
    if (!x || option >= x->noptions || (!buf && cap > 0))
        return NONET_EARG;
    text_buf o = {buf, cap, 0};
    int32_t first = x->opt_first[option], n = option_size(x, option), start = 0;
    for (int32_t i = 0; i < n; i++)
        if (x->nodes[first + i].itm == first_item + 1)
            start = i;
    for (int32_t j = 0; j < n; j++) {
        const xc_node *nd = &x->nodes[first + (start + j) % n];
        const char *name = x->items[nd->itm].name;
        if (j)
            text_put(&o, " ", 1);
        text_put(&o, name, strnlen(name, NONET_XC_NAME_MAX));
        if (nd->color) {
            int color = nd->color > 0 ? nd->color : x->nodes[nd->itm].color;
            char c[2] = {':', (char)color};
            text_put(&o, c, 2);
        }
    }
    text_end(&o);
    return (long)o.len;
}

/* ---------------------------------------------------------------- dancing */

/* The search's view of the problem and its counters. */
typedef struct dance {
    xc_node *nd;
    xc_item *it;
    int32_t second; /* first secondary item */
    uint64_t updates, cleansings, mems, lmems;
} dance;

/* DLX1's cover and uncover, for problems without colors. Costs: 3 mems to
 * unlink the item, 1 + length to walk its list, per option 2 for the
 * spacer and 1 for the step, 6 per node taken out.
 *
 * The other nodes of an option are walked as two straight runs: from the
 * node to the spacer that ends the option, then from the option's first
 * node (the spacer's up link) back to the node; no test for a spacer is
 * needed inside the second run. */
static void cover(dance *d, int32_t c)
{
    xc_node *nd = d->nd;
    xc_item *it = d->it;
    int32_t l = it[c].prev, r = it[c].next;
    it[l].next = r;
    it[r].prev = l;
    uint64_t removed = 0;
    for (int32_t rr = nd[c].down; rr != c; rr = nd[rr].down) {
        const xc_node *stop = nd + rr;
        xc_node *p = nd + rr + 1;
        for (int32_t cc; (cc = p->itm) > 0; p++) {
            nd[p->up].down = p->down;
            nd[p->down].up = p->up;
            nd[cc].itm--;
            removed++;
        }
        for (p = nd + p->up; p != stop; p++) {
            nd[p->up].down = p->down;
            nd[p->down].up = p->up;
            nd[p->itm].itm--;
            removed++;
        }
    }
    d->updates += 1 + removed;
    d->mems += 4 + 3 * (uint64_t)nd[c].itm + 6 * removed;
}

static void uncover(dance *d, int32_t c)
{
    xc_node *nd = d->nd;
    xc_item *it = d->it;
    uint64_t restored = 0;
    for (int32_t rr = nd[c].up; rr != c; rr = nd[rr].up) {
        const xc_node *stop = nd + rr;
        xc_node *p = nd + rr - 1;
        int32_t self = rr - 1;
        for (int32_t cc; (cc = p->itm) > 0; p--, self--) {
            nd[p->up].down = self;
            nd[p->down].up = self;
            nd[cc].itm++;
            restored++;
        }
        self = p->down; /* the option's last node */
        for (p = nd + self; p != stop; p--, self--) {
            nd[p->up].down = self;
            nd[p->down].up = self;
            nd[p->itm].itm++;
            restored++;
        }
    }
    int32_t l = it[c].prev, r = it[c].next;
    it[l].next = c;
    it[r].prev = c;
    d->mems += 4 + 3 * (uint64_t)nd[c].itm + 6 * restored;
}

/* Takes the other nodes of the option of rr out of their lists, skipping
 * purified ones (DLX2's rule). Returns the mems, counts the rest. */
static uint64_t hide_colored(dance *d, int32_t rr)
{
    xc_node *nd = d->nd;
    uint64_t m = 0;
    for (int32_t nn = rr + 1; nn != rr;) {
        if (nd[nn].color < 0) {
            m += 1;
            nn++;
            continue;
        }
        int32_t cc = nd[nn].itm;
        if (cc <= 0) {
            m += 2;
            nn = nd[nn].up;
            continue;
        }
        int32_t uu = nd[nn].up, dd = nd[nn].down;
        nd[uu].down = dd;
        nd[dd].up = uu;
        nd[cc].itm--;
        d->updates++;
        d->lmems += cc >= d->second ? 2 : 0;
        m += 6;
        nn++;
    }
    return m;
}

static uint64_t unhide_colored(dance *d, int32_t rr)
{
    xc_node *nd = d->nd;
    uint64_t m = 0;
    for (int32_t nn = rr - 1; nn != rr;) {
        if (nd[nn].color < 0) {
            m += 1;
            nn--;
            continue;
        }
        int32_t cc = nd[nn].itm;
        if (cc <= 0) {
            m += 2;
            nn = nd[nn].down;
            continue;
        }
        int32_t uu = nd[nn].up, dd = nd[nn].down;
        nd[uu].down = nn;
        nd[dd].up = nn;
        nd[cc].itm++;
        d->lmems += cc >= d->second ? 2 : 0;
        m += 6;
        nn--;
    }
    return m;
}

static void cover_colored(dance *d, int32_t c)
{
    xc_node *nd = d->nd;
    xc_item *it = d->it;
    int32_t l = it[c].prev, r = it[c].next;
    it[l].next = r;
    it[r].prev = l;
    d->updates++;
    uint64_t m = 4;
    for (int32_t rr = nd[c].down; rr != c; rr = nd[rr].down)
        m += 1 + hide_colored(d, rr);
    d->mems += m;
}

static void uncover_colored(dance *d, int32_t c)
{
    xc_node *nd = d->nd;
    xc_item *it = d->it;
    uint64_t m = 4;
    for (int32_t rr = nd[c].up; rr != c; rr = nd[rr].up)
        m += 1 + unhide_colored(d, rr);
    int32_t l = it[c].prev, r = it[c].next;
    it[l].next = c;
    it[r].prev = c;
    d->mems += m;
}

/* Node p, of a chosen option, gives its secondary item a color: take out
 * the options that give that item another color (or none), mark the ones
 * that agree. */
static void purify(dance *d, int32_t p)
{
    xc_node *nd = d->nd;
    int32_t c = nd[p].itm, color = nd[p].color;
    uint64_t m = 2;
    nd[c].color = color; /* for nonet_xc_format_option while purified */
    d->cleansings++;
    for (int32_t rr = nd[c].down; rr != c; rr = nd[rr].down) {
        m += 2;
        if (nd[rr].color != color) {
            m += hide_colored(d, rr);
        } else {
            nd[rr].color = -1;
            d->cleansings++;
            m += 1;
        }
    }
    d->mems += m;
}

static void unpurify(dance *d, int32_t p)
{
    xc_node *nd = d->nd;
    int32_t c = nd[p].itm, color = nd[p].color;
    uint64_t m = 2;
    for (int32_t rr = nd[c].up; rr != c; rr = nd[rr].up) {
        m += 2;
        if (nd[rr].color < 0) {
            nd[rr].color = color;
            m += 1;
        } else {
            m += unhide_colored(d, rr);
        }
    }
    d->mems += m;
}

/* Covers the items of the option of node p other than p's own, going
 * right; 1 mem per node and 2 for the spacer. */
static void cover_others(dance *d, int32_t p, int colored)
{
    xc_node *nd = d->nd;
    uint64_t m = 0;
    for (int32_t pp = p + 1; pp != p;) {
        int32_t cc = nd[pp].itm;
        m++;
        if (cc <= 0) {
            m++;
            pp = nd[pp].up;
            continue;
        }
        if (!colored)
            cover(d, cc);
        else if (nd[pp].color == 0)
            cover_colored(d, cc);
        else if (nd[pp].color > 0)
            purify(d, pp);
        pp++;
    }
    d->mems += m;
}

/* Undoes cover_others, going left. */
static void uncover_others(dance *d, int32_t p, int colored)
{
    xc_node *nd = d->nd;
    uint64_t m = 0;
    for (int32_t pp = p - 1; pp != p;) {
        int32_t cc = nd[pp].itm;
        m++;
        if (cc <= 0) {
            m++;
            pp = nd[pp].down;
            continue;
        }
        if (!colored)
            uncover(d, cc);
        else if (nd[pp].color == 0)
            uncover_colored(d, cc);
        else if (nd[pp].color > 0)
            unpurify(d, pp);
        pp--;
    }
    d->mems += m;
}

/* The option (0-based) that node p belongs to: the spacer after it. */
static size_t option_of(const xc_node *nd, int32_t p)
{
    while (nd[p].itm > 0)
        p++;
    return (size_t)(-nd[p].itm) - 1;
}

int nonet_xc_solve(nonet_xc *x, uint64_t limit, nonet_xc_solution_fn fn, void *ctx,
                   nonet_xc_stats *stats)
{
    nonet_xc_stats st;
    memset(&st, 0, sizeof st);
    if (stats)
        *stats = st;
    if (!x || x->failed || (x->mode == MODE_TEXT && x->phase != PHASE_ENDED) || x->pending)
        return NONET_EARG;
    if (x->phase == PHASE_ITEMS && finish_items(x) != NONET_OK)
        return NONET_ENOMEM;

    int32_t nprimary = x->nprimary;
    int colored = x->colored;
    dance d = {x->nodes, x->items, nprimary + 1, 0, 0, 0, 0};
    xc_node *nd = x->nodes;
    xc_item *it = x->items;
    /* every level covers a primary item, so nprimary levels at most */
    size_t depth = (size_t)nprimary + 1;
    int32_t *choice = malloc(depth * sizeof *choice);
    int32_t *rank = malloc(depth * sizeof *rank);
    int32_t *nchoices = malloc(depth * sizeof *nchoices);
    nonet_xc_choice *levels = malloc(depth * sizeof *levels);
    if (!choice || !rank || !nchoices || !levels) {
        free(choice);
        free(rank);
        free(nchoices);
        free(levels);
        return NONET_ENOMEM;
    }

    uint64_t nodes = 0, cmems = 0, solutions = 0, guesses = 0;
    int maxl = 0, stopped = 0, rc = NONET_OK;
    const nonet_stop *stop = stop_armed(&x->stop) ? &x->stop : NULL;
    int32_t level = 0, best = 0, cur = 0;

    if (it[0].next == 0) { /* no primary item: the empty set is the solution */
        nodes = 1;
        solutions = 1;
        stopped = fn && fn(ctx, levels, 0);
        goto finished;
    }
    for (;;) {
        /* enter a level: branch on the item with the fewest options */
        nodes++;
        if (stop && (nodes & (STOP_EVERY - 1)) == 0 && (rc = stop_check(stop)) != NONET_OK) {
            level--; /* this level has covered nothing yet */
            goto finished;
        }
        int32_t fewest = INT32_MAX;
        uint64_t examined = 0;
        for (int32_t k = it[0].next; fewest && k != 0; k = it[k].next) {
            examined++;
            if (nd[k].itm < fewest) {
                fewest = nd[k].itm;
                best = k;
            }
        }
        cmems += 1 + 2 * examined;
        d.mems += 1 + 2 * examined;
        if (colored)
            cover_colored(&d, best);
        else
            cover(&d, best);
        d.mems += 2;
        cur = choice[level] = nd[best].down;
        rank[level] = 1;
        nchoices[level] = fewest;

        for (;;) {
            if (cur == best) { /* every option of this level is done */
                if (colored)
                    uncover_colored(&d, best);
                else
                    uncover(&d, best);
                if (level == 0)
                    goto finished;
                level--;
                d.mems += 2;
                cur = choice[level];
                best = nd[cur].itm;
            } else {
                guesses += rank[level] < nchoices[level];
                cover_others(&d, cur, colored);
                d.mems += 1;
                if (it[0].next != 0) { /* go deeper */
                    level++;
                    if (level > maxl)
                        maxl = level;
                    break;
                }
                nodes++; /* a solution counts as a node too */
                solutions++;
                if (level + 1 > maxl)
                    maxl = level + 1;
                if (fn) {
                    for (int32_t l = 0; l <= level; l++) {
                        levels[l].option = option_of(nd, choice[l]);
                        levels[l].item = nd[choice[l]].itm - 1;
                        levels[l].index = rank[l];
                        levels[l].choices = nchoices[l];
                    }
                    stopped = fn(ctx, levels, (size_t)level + 1) != 0;
                }
                if (stopped || (limit && solutions >= limit)) {
                    stopped = 1;
                    goto finished;
                }
            }
            /* on to the next option of this level */
            uncover_others(&d, cur, colored);
            d.mems += 2;
            cur = choice[level] = nd[cur].down;
            rank[level]++;
        }
    }

finished:
    st.solutions = solutions;
    st.nodes = nodes;
    st.guesses = guesses;
    st.updates = d.updates;
    st.cleansings = d.cleansings;
    st.mems = d.mems;
    st.choice_mems = cmems;
    st.len_mems = d.lmems;
    st.input_mems = x->mode == MODE_TEXT
                        ? x->imems + (colored ? x->uncolored_uses + 3 * x->colored_uses : 0)
                        : 0;
    st.max_level = maxl;
    st.bytes = ((uint64_t)x->nitems + 1) * sizeof(xc_item) + (uint64_t)x->last * sizeof(xc_node) +
               (uint64_t)maxl * sizeof(int);
    st.limit_reached = stopped;
    if ((stopped || rc != NONET_OK) && nodes > 1) {
        /* put the links back: the solution's level, then every level below */
        for (int32_t l = level; l >= 0; l--) {
            uncover_others(&d, choice[l], colored);
            if (colored)
                uncover_colored(&d, nd[choice[l]].itm);
            else
                uncover(&d, nd[choice[l]].itm);
        }
    }
    if (stats)
        *stats = st;
    free(choice);
    free(rank);
    free(nchoices);
    free(levels);
    return rc;
}
