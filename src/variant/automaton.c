/* automaton.c - deterministic automata over the digits read along a line
 * (variant.h, vdfa): built from a regular expression (parsed into a tree,
 * a Thompson NFA, then the subset construction) or from a state function
 * (breadth first over the states it reaches), then trimmed and minimized
 * (Moore's refinement, when cheap); the check of a line's digits; and the
 * unrolling over a line's cells into layers (vline) that propagate.c's
 * vline_run runs forward and backward. */
#include "variant/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t mix(uint32_t h, uint32_t x)
{
    h ^= x + 0x9E3779B9u + (h << 6) + (h >> 2);
    return h;
}

static uint32_t hash_int(int x)
{
    uint32_t h = (uint32_t)x * 0x9E3779B1u;
    return h ^ (h >> 15);
}

/* ------------------------------------------------------------ the automaton */

void vdfa_free(vdfa *d)
{
    if (!d)
        return;
    free(d->next);
    free(d->accept);
    free(d->starts);
    memset(d, 0, sizeof *d);
}

/* Room for nstates states of n digits and nstarts starts (transitions
 * none, no state accepting, the starts 0). Returns NONET_OK or
 * NONET_ENOMEM. */
static int dfa_alloc(vdfa *d, int n, int nstates, int nstarts)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->nstates = nstates;
    d->nstarts = nstarts;
    d->next = malloc(((size_t)nstates * (size_t)n + 1) * sizeof *d->next);
    d->accept = calloc((size_t)nstates + 1, 1);
    d->starts = calloc((size_t)nstarts + 1, sizeof *d->starts);
    if (!d->next || !d->accept || !d->starts) {
        vdfa_free(d);
        return NONET_ENOMEM;
    }
    for (size_t i = 0; i < (size_t)nstates * (size_t)n; i++)
        d->next[i] = -1;
    return NONET_OK;
}

int vdfa_copy(vdfa *out, const vdfa *d)
{
    if (dfa_alloc(out, d->n, d->nstates, d->nstarts) != NONET_OK)
        return NONET_ENOMEM;
    memcpy(out->starts, d->starts, (size_t)d->nstarts * sizeof *d->starts);
    memcpy(out->next, d->next, (size_t)d->nstates * (size_t)d->n * sizeof *d->next);
    memcpy(out->accept, d->accept, (size_t)d->nstates);
    return NONET_OK;
}

int vdfa_accepts(const vdfa *d, const uint8_t *digits, int len)
{
    for (int k = 0; k < d->nstarts; k++) {
        int s = d->starts[k];
        for (int i = 0; i < len && s >= 0; i++)
            s = digits[i] >= 1 && digits[i] <= d->n
                    ? d->next[(size_t)s * (size_t)d->n + digits[i] - 1]
                    : -1;
        if (s >= 0 && d->accept[s])
            return 1;
    }
    return 0;
}

int vdfa_broken(const vdfa *d, const uint8_t *grid, const int *cells, int len)
{
    int n = d->n, S = d->nstates;
    size_t w = ((size_t)S + 63) / 64;
    /* can[i]: the states from which some len - i digits reach acceptance;
     * at, to: the states the digits so far can lead to */
    uint64_t *can = calloc(((size_t)len + 1) * w + 2 * w, sizeof *can);
    if (!can)
        return -2;
    uint64_t *at = can + ((size_t)len + 1) * w, *to = at + w;
    for (int s = 0; s < S; s++)
        if (d->accept[s])
            can[(size_t)len * w + (size_t)s / 64] |= (uint64_t)1 << (s % 64);
    for (int i = len - 1; i >= 0; i--)
        for (int s = 0; s < S; s++)
            for (int k = 0; k < n; k++) {
                int t = d->next[(size_t)s * (size_t)n + (size_t)k];
                if (t >= 0 && can[(size_t)(i + 1) * w + (size_t)t / 64] >> (t % 64) & 1) {
                    can[(size_t)i * w + (size_t)s / 64] |= (uint64_t)1 << (s % 64);
                    break;
                }
            }
    int broken = -1;
    for (int k = 0; k < d->nstarts; k++)
        at[d->starts[k] / 64] |= (uint64_t)1 << (d->starts[k] % 64);
    for (int i = 0; i < len && broken < 0; i++) {
        int g = grid[cells[i]], any = 0;
        memset(to, 0, w * sizeof *to);
        for (int s = 0; s < S; s++) {
            if (!(at[s / 64] >> (s % 64) & 1))
                continue;
            for (int k = 0; k < n; k++) {
                int t = d->next[(size_t)s * (size_t)n + (size_t)k];
                if (t < 0 || (g && g != k + 1) ||
                    !(can[(size_t)(i + 1) * w + (size_t)t / 64] >> (t % 64) & 1))
                    continue;
                to[t / 64] |= (uint64_t)1 << (t % 64);
                any = 1;
            }
        }
        if (!any)
            broken = i;
        memcpy(at, to, w * sizeof *at);
    }
    free(can);
    return broken;
}

/* ------------------------------------------------------------ trimmed and minimized */

/* Keeps the states from which an accepting one is reachable (transitions
 * to the others become -1) and the starts among them; when no start
 * reaches one, a lone start is left, with no transitions and not
 * accepting. Returns NONET_OK or NONET_ENOMEM. */
static int dfa_trim(vdfa *d)
{
    int n = d->n, S = d->nstates, rc = NONET_ENOMEM;
    size_t edges = (size_t)S * (size_t)n;
    int *rfirst = calloc((size_t)S + 2, sizeof *rfirst);
    int *rfrom = malloc((edges + 1) * sizeof *rfrom);
    int *live = calloc((size_t)S + 1, sizeof *live),
        *queue = malloc(((size_t)S + 1) * sizeof *queue);
    vdfa out = {0};
    if (!rfirst || !rfrom || !live || !queue)
        goto done;
    /* the edges into each state, its sources */
    for (size_t e = 0; e < edges; e++)
        if (d->next[e] >= 0)
            rfirst[d->next[e] + 2]++;
    for (int s = 0; s < S; s++)
        rfirst[s + 2] += rfirst[s + 1];
    for (size_t e = 0; e < edges; e++)
        if (d->next[e] >= 0)
            rfrom[rfirst[d->next[e] + 1]++] = (int)(e / (size_t)n);
    int head = 0, tail = 0;
    for (int s = 0; s < S; s++)
        if (d->accept[s]) {
            live[s] = 1;
            queue[tail++] = s;
        }
    while (head < tail) {
        int t = queue[head++];
        for (int k = rfirst[t]; k < rfirst[t + 1]; k++)
            if (!live[rfrom[k]]) {
                live[rfrom[k]] = 1;
                queue[tail++] = rfrom[k];
            }
    }
    int starts = 0;
    for (int k = 0; k < d->nstarts; k++)
        starts += live[d->starts[k]];
    if (!starts) { /* the empty language */
        if (dfa_alloc(&out, n, 1, 1) != NONET_OK)
            goto done;
    } else {
        /* renumbered: live[s] - 1 is s's number */
        int kept = 0;
        for (int s = 0; s < S; s++)
            live[s] = live[s] ? ++kept : 0;
        if (kept == S && starts == d->nstarts) {
            rc = NONET_OK;
            goto done;
        }
        if (dfa_alloc(&out, n, kept, starts) != NONET_OK)
            goto done;
        out.nstarts = 0;
        for (int k = 0; k < d->nstarts; k++)
            if (live[d->starts[k]])
                out.starts[out.nstarts++] = live[d->starts[k]] - 1;
        for (int s = 0; s < S; s++) {
            if (!live[s])
                continue;
            int to = live[s] - 1;
            out.accept[to] = d->accept[s];
            for (int k = 0; k < n; k++) {
                int t = d->next[(size_t)s * (size_t)n + (size_t)k];
                out.next[(size_t)to * (size_t)n + (size_t)k] = t >= 0 && live[t] ? live[t] - 1 : -1;
            }
        }
    }
    vdfa_free(d);
    *d = out;
    rc = NONET_OK;
done:
    free(rfirst);
    free(rfrom);
    free(live);
    free(queue);
    return rc;
}

/* The most work (states times digits, over every round) Moore's
 * refinement may take; past it the automaton is kept as it is. */
#define MINIMIZE_WORK (1 << 25)

/* Merges the states no line tells apart (d trimmed): classes refined by
 * each state's class and its successors' until they stop splitting. */
static int dfa_minimize(vdfa *d)
{
    int n = d->n, S = d->nstates, rc = NONET_ENOMEM;
    size_t hsize = 1;
    while (hsize < 2 * (size_t)S)
        hsize *= 2;
    int *cls = malloc((size_t)S * sizeof *cls), *fresh = malloc((size_t)S * sizeof *fresh);
    int *table = malloc(hsize * sizeof *table), *rep = malloc((size_t)S * sizeof *rep);
    vdfa out = {0};
    if (!cls || !fresh || !table || !rep)
        goto done;
    int count = 0, accepting = 0;
    for (int s = 0; s < S; s++)
        accepting += d->accept[s] != 0;
    for (int s = 0; s < S; s++) /* first split: accepting or not */
        cls[s] = accepting && accepting < S ? d->accept[s] != 0 : 0;
    count = accepting && accepting < S ? 2 : 1;
    size_t work = 0;
    for (;;) {
        work += (size_t)S * ((size_t)n + 1);
        if (work > MINIMIZE_WORK) {
            rc = NONET_OK; /* too dear: kept unminimized */
            goto done;
        }
        for (size_t h = 0; h < hsize; h++)
            table[h] = -1;
        int made = 0;
        for (int s = 0; s < S; s++) {
            const int32_t *row = d->next + (size_t)s * (size_t)n;
            uint32_t h = hash_int(cls[s]);
            for (int k = 0; k < n; k++)
                h = mix(h, (uint32_t)(row[k] >= 0 ? cls[row[k]] : -1));
            size_t at = h & (hsize - 1);
            for (;; at = (at + 1) & (hsize - 1)) {
                int r = table[at];
                if (r < 0) {
                    table[at] = s;
                    rep[made] = s;
                    fresh[s] = made++;
                    break;
                }
                const int32_t *other = d->next + (size_t)r * (size_t)n;
                int same = cls[r] == cls[s];
                for (int k = 0; k < n && same; k++)
                    same = (row[k] >= 0 ? cls[row[k]] : -1) == (other[k] >= 0 ? cls[other[k]] : -1);
                if (same) {
                    fresh[s] = fresh[r];
                    break;
                }
            }
        }
        memcpy(cls, fresh, (size_t)S * sizeof *cls);
        if (made == count)
            break;
        count = made;
    }
    if (count == S) {
        rc = NONET_OK;
        goto done;
    }
    if (dfa_alloc(&out, n, count, d->nstarts) != NONET_OK)
        goto done;
    out.nstarts = 0; /* the starts' classes, each once */
    for (int k = 0; k < d->nstarts; k++) {
        int c = cls[d->starts[k]], again = 0;
        for (int j = 0; j < out.nstarts && !again; j++)
            again = out.starts[j] == c;
        if (!again)
            out.starts[out.nstarts++] = c;
    }
    for (int c = 0; c < count; c++) {
        int s = rep[c];
        out.accept[c] = d->accept[s];
        for (int k = 0; k < n; k++) {
            int t = d->next[(size_t)s * (size_t)n + (size_t)k];
            out.next[(size_t)c * (size_t)n + (size_t)k] = t >= 0 ? cls[t] : -1;
        }
    }
    vdfa_free(d);
    *d = out;
    rc = NONET_OK;
done:
    free(cls);
    free(fresh);
    free(table);
    free(rep);
    return rc;
}

static int dfa_finish(vdfa *d)
{
    if (dfa_trim(d) != NONET_OK || dfa_minimize(d) != NONET_OK) {
        vdfa_free(d);
        return NONET_ENOMEM;
    }
    return NONET_OK;
}

/* A growing automaton: states as they are found, their transitions. */
typedef struct grow {
    int n, nstates, cap;
    int32_t *next;
    uint8_t *accept;
} grow;

/* Adds a state (transitions none). Returns its number, -1 out of memory,
 * -2 past the caps. */
static int grow_state(grow *g)
{
    if (g->nstates >= VDFA_MAX_STATES || ((size_t)g->nstates + 1) * (size_t)g->n > VDFA_MAX_TRANS)
        return -2;
    if (g->nstates == g->cap) {
        int cap = g->cap ? 2 * g->cap : 64;
        int32_t *next = realloc(g->next, (size_t)cap * (size_t)g->n * sizeof *next);
        if (next)
            g->next = next;
        uint8_t *accept = realloc(g->accept, (size_t)cap);
        if (accept)
            g->accept = accept;
        if (!next || !accept)
            return -1;
        g->cap = cap;
    }
    int s = g->nstates++;
    for (int k = 0; k < g->n; k++)
        g->next[(size_t)s * (size_t)g->n + (size_t)k] = -1;
    g->accept[s] = 0;
    return s;
}

/* The grown automaton into out (g given up) with the starts 0 ..
 * nstarts-1, finished. */
static int grow_done(grow *g, vdfa *out, int nstarts)
{
    memset(out, 0, sizeof *out);
    out->n = g->n;
    out->nstates = g->nstates;
    out->next = g->next;
    out->accept = g->accept;
    g->next = NULL;
    g->accept = NULL;
    out->nstarts = nstarts;
    out->starts = malloc((size_t)nstarts * sizeof *out->starts);
    if (!out->starts) {
        vdfa_free(out);
        return NONET_ENOMEM;
    }
    for (int k = 0; k < nstarts; k++)
        out->starts[k] = k;
    return dfa_finish(out);
}

/* ------------------------------------------------------------ from a state function */

int vdfa_from_fn(vdfa *out, int n, const int *starts, int nstarts, vdfa_next_fn next,
                 vdfa_accept_fn accept, void *ctx, int horizon, char *why, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > 64 || nstarts < 1)
        return NONET_EARG;
    for (int k = 0; k < nstarts; k++)
        if (starts[k] < 0)
            return NONET_EARG;
    grow g = {.n = n};
    ivec keys = {0}, depth = {0};
    size_t hsize = 1024;
    int *table = malloc(hsize * sizeof *table), rc = NONET_ENOMEM;
    if (!table)
        goto fail;
    for (size_t h = 0; h < hsize; h++)
        table[h] = -1;
    /* the starts first (each once: states 0 .. m-1 the starts) */
    int m = 0;
    for (int k = 0; k < nstarts; k++) {
        size_t at = hash_int(starts[k]) & (hsize - 1);
        while (table[at] >= 0 && keys.v[table[at]] != starts[k])
            at = (at + 1) & (hsize - 1);
        if (table[at] >= 0)
            continue;
        if (2 * ((size_t)m + 1) > hsize) {
            vsay(why, cap, "more than %zu starts", hsize / 2);
            rc = NONET_EARG;
            goto fail;
        }
        int t = grow_state(&g);
        if (t == -2) {
            vsay(why, cap, "its automaton has more than %d states", VDFA_MAX_STATES);
            rc = NONET_EARG;
            goto fail;
        }
        if (t < 0 || ivec_push(&keys, starts[k]) || ivec_push(&depth, 0))
            goto fail;
        table[at] = t;
        m++;
    }
    for (int i = 0; i < g.nstates; i++) {
        g.accept[i] = accept(ctx, keys.v[i]) != 0;
        if (horizon > 0 && depth.v[i] >= horizon)
            continue; /* no line goes on from here */
        for (int k = 0; k < n; k++) {
            int u = next(ctx, keys.v[i], k + 1);
            if (u < 0)
                continue;
            size_t at = hash_int(u) & (hsize - 1);
            while (table[at] >= 0 && keys.v[table[at]] != u)
                at = (at + 1) & (hsize - 1);
            int t = table[at];
            if (t < 0) {
                t = grow_state(&g);
                if (t == -2) {
                    vsay(why, cap, "its automaton has more than %d states",
                         VDFA_MAX_TRANS / n < VDFA_MAX_STATES ? VDFA_MAX_TRANS / n
                                                              : VDFA_MAX_STATES);
                    rc = NONET_EARG;
                    goto fail;
                }
                if (t < 0 || ivec_push(&keys, u) || ivec_push(&depth, depth.v[i] + 1))
                    goto fail;
                table[at] = t;
                if (2 * (size_t)g.nstates > hsize) { /* rehash, twice the size */
                    int *bigger = malloc(2 * hsize * sizeof *bigger);
                    if (!bigger)
                        goto fail;
                    free(table);
                    table = bigger;
                    hsize *= 2;
                    for (size_t h = 0; h < hsize; h++)
                        table[h] = -1;
                    for (int s = 0; s < g.nstates; s++) {
                        size_t a = hash_int(keys.v[s]) & (hsize - 1);
                        while (table[a] >= 0)
                            a = (a + 1) & (hsize - 1);
                        table[a] = s;
                    }
                }
            }
            g.next[(size_t)i * (size_t)n + (size_t)k] = t;
        }
    }
    free(table);
    free(keys.v);
    free(depth.v);
    return grow_done(&g, out, m);
fail:
    free(table);
    free(keys.v);
    free(depth.v);
    free(g.next);
    free(g.accept);
    return rc;
}

/* ------------------------------------------------------------ regular expressions */

#define RX_MAX_LEN 4096  /* bytes of an expression */
#define RX_MAX_DEPTH 200 /* groups and repeats within each other */
#define RX_MAX_COUNT 1000
#define RX_MAX_NFA (1 << 16) /* states of its NFA */
#define RX_MAX_WORK (1 << 26)

enum { RX_EMPTY, RX_SET, RX_CAT, RX_ALT, RX_REP };

/* A node of the expression's tree: a set of digits, the empty line, a
 * sequence or alternatives (children child, its next, ...), a repeat of
 * child min to max times (-1: no most). */
typedef struct rxnode {
    int kind, child, next, min, max, depth;
    uint64_t set;
} rxnode;

typedef struct rxparse {
    const char *s;
    size_t len, pos;
    int n, lo, nesting; /* lo: the value of digit 1 (1, or 0) */
    rxnode *nodes;
    int nnodes, capnodes;
    int failed; /* NONET_EARG or NONET_ENOMEM once it went wrong */
    long column;
    char *why;
    size_t cap;
} rxparse;

__attribute__((format(printf, 3, 4))) static void rx_fail(rxparse *p, long column, const char *fmt,
                                                          ...)
{
    if (p->failed)
        return;
    p->failed = NONET_EARG;
    p->column = column;
    if (!p->why || !p->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->why, p->cap, fmt, ap);
    va_end(ap);
}

/* The next character that is not a blank (p->pos at it), -1 at the end. */
static int rx_peek(rxparse *p)
{
    while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                               p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
        p->pos++;
    return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static long rx_col(const rxparse *p)
{
    return (long)p->pos + 1;
}

/* A character as a message shows it. */
static const char *shown(int ch, char *buf, size_t cap)
{
    if (ch > ' ' && ch < 127)
        snprintf(buf, cap, "'%c'", ch);
    else
        snprintf(buf, cap, "byte 0x%02X", (unsigned)ch & 0xFF);
    return buf;
}

static int rx_node(rxparse *p, int kind, int depth)
{
    if (p->failed)
        return -1;
    if (depth > RX_MAX_DEPTH) {
        rx_fail(p, rx_col(p),
                "nested too deeply (more than %d groups and repeats within each other)",
                RX_MAX_DEPTH);
        return -1;
    }
    if (p->nnodes == p->capnodes) {
        int cap = p->capnodes ? 2 * p->capnodes : 64;
        rxnode *grown = realloc(p->nodes, (size_t)cap * sizeof *grown);
        if (!grown) {
            p->failed = NONET_ENOMEM;
            return -1;
        }
        p->nodes = grown;
        p->capnodes = cap;
    }
    p->nodes[p->nnodes] = (rxnode){kind, -1, -1, 0, 0, depth, 0};
    return p->nnodes++;
}

/* The digit of the symbol at p->pos (moved past it), 0 when it went wrong. */
static int rx_digit(rxparse *p, const char *expected)
{
    char buf[16];
    int ch = rx_peek(p);
    int value = ch == '0' ? 0 : ch >= 0 ? digit_of_sym((unsigned char)ch) : 0;
    if (ch < 0) {
        rx_fail(p, rx_col(p), "the expression ends where %s was expected", expected);
        return 0;
    }
    if (ch == '0' && p->lo == 1) {
        rx_fail(p, rx_col(p), "'0' is not a digit (they go from 1: 1-9, then A-Z)");
        return 0;
    }
    if (!value && ch != '0') {
        rx_fail(p, rx_col(p), "%s where %s was expected", shown(ch, buf, sizeof buf), expected);
        return 0;
    }
    if (value > p->lo + p->n - 1) {
        rx_fail(p, rx_col(p), "'%c' is the digit %d, and a %dx%d grid's digits go to %d", ch, value,
                p->n, p->n, p->lo + p->n - 1);
        return 0;
    }
    p->pos++;
    return value - p->lo + 1;
}

static int rx_alt(rxparse *p);

/* [...] or [^...]: digits and ranges of them. */
static int rx_class(rxparse *p)
{
    long open = rx_col(p);
    p->pos++;
    int negated = rx_peek(p) == '^';
    if (negated)
        p->pos++;
    uint64_t set = 0;
    int items = 0;
    for (;;) {
        int ch = rx_peek(p);
        if (ch < 0) {
            rx_fail(p, rx_col(p),
                    "the expression ends before the ']' that closes the '[' of column %ld", open);
            return -1;
        }
        if (ch == ']')
            break;
        long at = rx_col(p);
        int a = rx_digit(p, "a digit or ']'"), b = a;
        if (!a)
            return -1;
        if (rx_peek(p) == '-') {
            p->pos++;
            b = rx_digit(p, "a digit to end the range");
            if (!b)
                return -1;
            if (b < a) {
                rx_fail(p, at, "the range %c-%c runs backwards", sym_of_digit(a), sym_of_digit(b));
                return -1;
            }
        }
        set |= full_set(b) & ~full_set(a - 1);
        items++;
    }
    p->pos++;
    if (!items) {
        rx_fail(p, open, "an empty class []: a class lists digits");
        return -1;
    }
    int x = rx_node(p, RX_SET, 1);
    if (x >= 0)
        p->nodes[x].set = negated ? full_set(p->n) & ~set : set;
    return x;
}

static int rx_atom(rxparse *p)
{
    char buf[16];
    int ch = rx_peek(p);
    long col = rx_col(p);
    if (ch == '(') {
        if (++p->nesting > RX_MAX_DEPTH) {
            rx_fail(p, col, "nested too deeply (more than %d groups within each other)",
                    RX_MAX_DEPTH);
            return -1;
        }
        p->pos++;
        int x = rx_alt(p);
        if (x < 0)
            return -1;
        int close = rx_peek(p);
        if (close != ')') {
            if (close < 0)
                rx_fail(p, rx_col(p),
                        "the expression ends before the ')' that closes the '(' of column %ld",
                        col);
            else
                rx_fail(p, rx_col(p), "%s where ')' was expected, to close the '(' of column %ld",
                        shown(close, buf, sizeof buf), col);
            return -1;
        }
        p->pos++;
        p->nesting--;
        return x;
    }
    if (ch == '[')
        return rx_class(p);
    if (ch == '.') {
        p->pos++;
        int x = rx_node(p, RX_SET, 1);
        if (x >= 0)
            p->nodes[x].set = full_set(p->n);
        return x;
    }
    if (ch == '*' || ch == '+' || ch == '?' || ch == '{') {
        rx_fail(p, col, "'%c' with nothing before it to repeat", ch);
        return -1;
    }
    int d = rx_digit(p, "a digit, '(', '[' or '.'");
    if (!d)
        return -1;
    int x = rx_node(p, RX_SET, 1);
    if (x >= 0)
        p->nodes[x].set = (uint64_t)1 << (d - 1);
    return x;
}

/* A count of {k,m}: digits 0-9 (moved past them), -1 when none. */
static long rx_count(rxparse *p)
{
    int ch = rx_peek(p);
    if (ch < '0' || ch > '9')
        return -1;
    long v = 0, col = rx_col(p);
    while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
        v = v * 10 + (p->s[p->pos++] - '0');
        if (v > RX_MAX_COUNT) {
            rx_fail(p, col, "a count above %d", RX_MAX_COUNT);
            return -1;
        }
    }
    return v;
}

/* An atom and the quantifiers after it. */
static int rx_quantified(rxparse *p)
{
    char buf[16];
    int x = rx_atom(p);
    for (;;) {
        if (x < 0)
            return -1;
        int ch = rx_peek(p);
        long col = rx_col(p), min, max;
        if (ch == '*' || ch == '+' || ch == '?') {
            p->pos++;
            min = ch == '+';
            max = ch == '?' ? 1 : -1;
        } else if (ch == '{') {
            p->pos++;
            min = rx_count(p);
            if (min < 0) {
                if (!p->failed) {
                    int got = rx_peek(p);
                    if (got < 0)
                        rx_fail(p, rx_col(p), "the expression ends where a count was expected");
                    else
                        rx_fail(p, rx_col(p),
                                "%s where a count was expected after the '{' of column %ld",
                                shown(got, buf, sizeof buf), col);
                }
                return -1;
            }
            max = min;
            if (rx_peek(p) == ',') {
                p->pos++;
                max = rx_peek(p) == '}' ? -1 : rx_count(p);
                if (max < 0 && rx_peek(p) != '}') {
                    int got = rx_peek(p);
                    if (!p->failed && got < 0)
                        rx_fail(p, rx_col(p),
                                "the expression ends where a count or '}' was expected");
                    else if (!p->failed)
                        rx_fail(p, rx_col(p), "%s where a count or '}' was expected",
                                shown(got, buf, sizeof buf));
                    return -1;
                }
            }
            int close = rx_peek(p);
            if (close != '}') {
                if (close < 0)
                    rx_fail(p, rx_col(p),
                            "the expression ends before the '}' that closes the '{' of column %ld",
                            col);
                else
                    rx_fail(p, rx_col(p),
                            "%s where '}' was expected, to close the '{' of column %ld",
                            shown(close, buf, sizeof buf), col);
                return -1;
            }
            p->pos++;
            if (max >= 0 && max < min) {
                rx_fail(p, col, "{%ld,%ld}: the most is less than the least", min, max);
                return -1;
            }
        } else {
            return x;
        }
        int r = rx_node(p, RX_REP, p->nodes[x].depth + 1);
        if (r < 0)
            return -1;
        p->nodes[r].child = x;
        p->nodes[r].min = (int)min;
        p->nodes[r].max = (int)max;
        x = r;
    }
}

/* A sequence (up to '|', ')' or the end): the empty line when none. */
static int rx_seq(rxparse *p)
{
    int first = -1, last = -1, count = 0, depth = 0;
    for (;;) {
        int ch = rx_peek(p);
        if (ch < 0 || ch == '|' || ch == ')')
            break;
        int x = rx_quantified(p);
        if (x < 0)
            return -1;
        if (last >= 0)
            p->nodes[last].next = x;
        else
            first = x;
        last = x;
        count++;
        depth = p->nodes[x].depth > depth ? p->nodes[x].depth : depth;
    }
    if (count == 1)
        return first;
    int s = rx_node(p, count ? RX_CAT : RX_EMPTY, depth + 1);
    if (s >= 0)
        p->nodes[s].child = first;
    return s;
}

static int rx_alt(rxparse *p)
{
    int first = rx_seq(p);
    if (first < 0 || rx_peek(p) != '|')
        return first;
    int last = first, depth = p->nodes[first].depth;
    while (rx_peek(p) == '|') {
        p->pos++;
        int x = rx_seq(p);
        if (x < 0)
            return -1;
        p->nodes[last].next = x;
        last = x;
        depth = p->nodes[x].depth > depth ? p->nodes[x].depth : depth;
    }
    int a = rx_node(p, RX_ALT, depth + 1);
    if (a >= 0)
        p->nodes[a].child = first;
    return a;
}

/* The NFA: each state has up to two empty moves (e1, e2) or one move by
 * a digit of set to `to`. */
typedef struct nstate {
    int e1, e2, to;
    uint64_t set;
} nstate;

typedef struct nfa {
    nstate *s;
    int ns, cap;
    int failed; /* NONET_EARG (too large) or NONET_ENOMEM */
} nfa;

static int nfa_state(nfa *a)
{
    if (a->failed)
        return -1;
    if (a->ns >= RX_MAX_NFA) {
        a->failed = NONET_EARG;
        return -1;
    }
    if (a->ns == a->cap) {
        int cap = a->cap ? 2 * a->cap : 256;
        nstate *grown = realloc(a->s, (size_t)cap * sizeof *grown);
        if (!grown) {
            a->failed = NONET_ENOMEM;
            return -1;
        }
        a->s = grown;
        a->cap = cap;
    }
    a->s[a->ns] = (nstate){-1, -1, -1, 0};
    return a->ns++;
}

/* Node x as a fragment of a: *start, *end (end without moves yet). */
static int emit(nfa *a, const rxnode *nodes, int x, int *start, int *end)
{
    const rxnode *node = &nodes[x];
    switch (node->kind) {
    case RX_EMPTY: {
        int s = nfa_state(a);
        *start = *end = s;
        return s < 0 ? -1 : 0;
    }
    case RX_SET: {
        int s = nfa_state(a), e = nfa_state(a);
        if (s < 0 || e < 0)
            return -1;
        a->s[s].set = node->set;
        a->s[s].to = e;
        *start = s;
        *end = e;
        return 0;
    }
    case RX_CAT: {
        int s = -1, e = -1;
        for (int c = node->child; c >= 0; c = nodes[c].next) {
            int cs, ce;
            if (emit(a, nodes, c, &cs, &ce))
                return -1;
            if (e >= 0)
                a->s[e].e1 = cs;
            else
                s = cs;
            e = ce;
        }
        *start = s;
        *end = e;
        return 0;
    }
    case RX_ALT: {
        /* a chain of splits, each to one alternative and the next split */
        int e = nfa_state(a), split = -1;
        if (e < 0)
            return -1;
        for (int c = node->child; c >= 0; c = nodes[c].next) {
            int cs, ce;
            if (emit(a, nodes, c, &cs, &ce))
                return -1;
            a->s[ce].e1 = e;
            int here = nfa_state(a);
            if (here < 0)
                return -1;
            a->s[here].e1 = cs;
            if (split >= 0)
                a->s[split].e2 = here;
            else
                *start = here;
            split = here;
        }
        *end = e;
        return 0;
    }
    default: { /* RX_REP: min copies, then a loop or max - min optional ones */
        int s = nfa_state(a), e = s;
        if (s < 0)
            return -1;
        for (int i = 0; i < node->min; i++) {
            int cs, ce;
            if (emit(a, nodes, node->child, &cs, &ce))
                return -1;
            a->s[e].e1 = cs;
            e = ce;
        }
        if (node->max < 0) {
            int loop = nfa_state(a), out = nfa_state(a), cs, ce;
            if (loop < 0 || out < 0 || emit(a, nodes, node->child, &cs, &ce))
                return -1;
            a->s[e].e1 = loop;
            a->s[loop].e1 = cs;
            a->s[loop].e2 = out;
            a->s[ce].e1 = loop;
            e = out;
        } else {
            int out = nfa_state(a);
            if (out < 0)
                return -1;
            for (int i = node->min; i < node->max; i++) {
                int cs, ce, opt = nfa_state(a);
                if (opt < 0 || emit(a, nodes, node->child, &cs, &ce))
                    return -1;
                a->s[e].e1 = opt;
                a->s[opt].e1 = cs;
                a->s[opt].e2 = out;
                e = ce;
            }
            a->s[e].e1 = out;
            e = out;
        }
        *start = s;
        *end = e;
        return 0;
    }
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The subset construction's work: the NFA, its final state, marks of a
 * state per closure, the stack of one. */
typedef struct subset {
    const nfa *a;
    int final;
    int *mark, stamp;
    int *stack;
    ivec set; /* the closure made last, sorted */
    size_t work;
} subset;

/* The states reachable by empty moves from seeds[0 .. k), keeping those
 * with a digit move and the final one, sorted, into x->set. */
static void closure(subset *x, const int *seeds, int k)
{
    const nstate *st = x->a->s;
    int top = 0;
    x->stamp++;
    x->set.len = 0;
    for (int i = 0; i < k; i++)
        if (x->mark[seeds[i]] != x->stamp) {
            x->mark[seeds[i]] = x->stamp;
            x->stack[top++] = seeds[i];
        }
    while (top) {
        int s = x->stack[--top];
        x->work++;
        if (st[s].set || s == x->final)
            x->set.v[x->set.len++] = s; /* room: set.cap >= states */
        int e[2] = {st[s].e1, st[s].e2};
        for (int j = 0; j < 2; j++)
            if (e[j] >= 0 && x->mark[e[j]] != x->stamp) {
                x->mark[e[j]] = x->stamp;
                x->stack[top++] = e[j];
            }
    }
    qsort(x->set.v, x->set.len, sizeof *x->set.v, cmp_int);
}

static uint32_t hash_set(const int *v, size_t len)
{
    uint32_t h = (uint32_t)len;
    for (size_t i = 0; i < len; i++)
        h = mix(h, (uint32_t)v[i]);
    return h;
}

/* The DFA of the NFA from start to final. */
static int subsets(const nfa *a, int start, int final, int n, vdfa *out, char *why, size_t cap)
{
    subset x = {.a = a, .final = final};
    grow g = {.n = n};
    ivec pool = {0}, from = {0}, seeds = {0}; /* each DFA state's set: pool from from[s] */
    size_t hsize = 1024;
    int *table = malloc(hsize * sizeof *table), rc = NONET_ENOMEM;
    x.mark = calloc((size_t)a->ns, sizeof *x.mark);
    x.stack = malloc((size_t)a->ns * sizeof *x.stack);
    x.set.v = malloc((size_t)a->ns * sizeof *x.set.v);
    seeds.v = malloc((size_t)a->ns * sizeof *seeds.v);
    pool.v = malloc(64 * sizeof *pool.v); /* never NULL: states point in */
    if (!table || !x.mark || !x.stack || !x.set.v || !seeds.v || !pool.v)
        goto done;
    x.set.cap = seeds.cap = (size_t)a->ns;
    pool.cap = 64;
    for (size_t h = 0; h < hsize; h++)
        table[h] = -1;
    closure(&x, &start, 1);
    if (grow_state(&g) < 0 || ivec_push(&from, 0))
        goto done;
    for (size_t i = 0; i < x.set.len; i++)
        if (ivec_push(&pool, x.set.v[i]))
            goto done;
    if (ivec_push(&from, (int)pool.len))
        goto done;
    table[hash_set(x.set.v, x.set.len) & (hsize - 1)] = 0;
    for (int s = 0; s < g.nstates; s++) {
        const int *mine = pool.v + from.v[s];
        int count = from.v[s + 1] - from.v[s];
        for (int i = 0; i < count; i++)
            if (mine[i] == final)
                g.accept[s] = 1;
        for (int k = 0; k < n; k++) {
            seeds.len = 0;
            mine = pool.v + from.v[s]; /* pool may have moved */
            for (int i = 0; i < count; i++)
                if (a->s[mine[i]].set >> k & 1)
                    seeds.v[seeds.len++] = a->s[mine[i]].to;
            if (!seeds.len)
                continue;
            closure(&x, seeds.v, (int)seeds.len);
            x.work += x.set.len;
            if (x.work > RX_MAX_WORK) {
                vsay(why, cap,
                     "the expression is too large to build (its automaton grows past %d steps)",
                     RX_MAX_WORK);
                rc = NONET_EARG;
                goto done;
            }
            if (!x.set.len)
                continue;
            uint32_t h = hash_set(x.set.v, x.set.len);
            size_t at = h & (hsize - 1);
            int t;
            for (;; at = (at + 1) & (hsize - 1)) {
                t = table[at];
                if (t < 0)
                    break;
                size_t tl = (size_t)(from.v[t + 1] - from.v[t]);
                if (tl == x.set.len && !memcmp(pool.v + from.v[t], x.set.v, tl * sizeof *x.set.v))
                    break;
            }
            if (t < 0) {
                t = grow_state(&g);
                if (t == -2) {
                    vsay(why, cap, "the expression's automaton has more than %d states",
                         VDFA_MAX_TRANS / n < VDFA_MAX_STATES ? VDFA_MAX_TRANS / n
                                                              : VDFA_MAX_STATES);
                    rc = NONET_EARG;
                    goto done;
                }
                if (t < 0)
                    goto done;
                for (size_t i = 0; i < x.set.len; i++)
                    if (ivec_push(&pool, x.set.v[i]))
                        goto done;
                if (ivec_push(&from, (int)pool.len))
                    goto done;
                table[at] = t;
                if (2 * (size_t)g.nstates > hsize) {
                    int *bigger = malloc(2 * hsize * sizeof *bigger);
                    if (!bigger)
                        goto done;
                    free(table);
                    table = bigger;
                    hsize *= 2;
                    for (size_t i = 0; i < hsize; i++)
                        table[i] = -1;
                    for (int u = 0; u < g.nstates; u++) {
                        size_t b =
                            hash_set(pool.v + from.v[u], (size_t)(from.v[u + 1] - from.v[u])) &
                            (hsize - 1);
                        while (table[b] >= 0)
                            b = (b + 1) & (hsize - 1);
                        table[b] = u;
                    }
                }
            }
            g.next[(size_t)s * (size_t)n + (size_t)k] = t;
        }
    }
    rc = grow_done(&g, out, 1);
done:
    free(g.next);
    free(g.accept);
    free(table);
    free(pool.v);
    free(from.v);
    free(seeds.v);
    free(x.mark);
    free(x.stack);
    free(x.set.v);
    return rc;
}

int vdfa_from_regex(vdfa *out, const char *re, size_t len, int n, long *column, char *why,
                    size_t cap)
{
    return vdfa_from_regex_at(out, re, len, n, 1, column, why, cap);
}

int vdfa_from_regex_at(vdfa *out, const char *re, size_t len, int n, int lo, long *column,
                       char *why, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (column)
        *column = 0;
    if (!re || n < 1 || n > 64)
        return NONET_EARG;
    if (len > RX_MAX_LEN) {
        vsay(why, cap, "the expression is longer than %d bytes", RX_MAX_LEN);
        return NONET_EARG;
    }
    rxparse p = {.s = re, .len = len, .n = n, .lo = lo, .why = why, .cap = cap};
    int root = rx_alt(&p);
    if (!p.failed && rx_peek(&p) >= 0) /* only a ')' stops the top level early */
        rx_fail(&p, rx_col(&p), "a ')' with no '(' before it to close");
    if (p.failed || root < 0) {
        if (column)
            *column = p.column;
        free(p.nodes);
        return p.failed ? p.failed : NONET_ENOMEM;
    }
    nfa a = {0};
    int start, end, rc;
    if (emit(&a, p.nodes, root, &start, &end)) {
        rc = a.failed;
        if (rc == NONET_EARG)
            vsay(why, cap, "the expression is too large (its NFA has more than %d states)",
                 RX_MAX_NFA);
    } else {
        rc = subsets(&a, start, end, n, out, why, cap);
    }
    free(a.s);
    free(p.nodes);
    return rc;
}

/* ------------------------------------------------------------ unrolled over a line */

void vline_free(vline *l)
{
    if (!l)
        return;
    free(l->size);
    free(l->first);
    free(l->wfirst);
    free(l->trans);
    free(l->live);
    memset(l, 0, sizeof *l);
}

int vline_copy(vline *out, const vline *l)
{
    memset(out, 0, sizeof *out);
    size_t layers = (size_t)l->len + 2, states = l->first[l->len + 1];
    *out = *l;
    out->size = malloc(((size_t)l->len + 1) * sizeof *out->size);
    out->first = malloc(layers * sizeof *out->first);
    out->wfirst = malloc(layers * sizeof *out->wfirst);
    out->trans = malloc((l->first[l->len] * (size_t)l->n + 1) * sizeof *out->trans);
    out->live = malloc((states + 1) * sizeof *out->live);
    if (!out->size || !out->first || !out->wfirst || !out->trans || !out->live) {
        vline_free(out);
        return NONET_ENOMEM;
    }
    memcpy(out->size, l->size, ((size_t)l->len + 1) * sizeof *out->size);
    memcpy(out->first, l->first, layers * sizeof *out->first);
    memcpy(out->wfirst, l->wfirst, layers * sizeof *out->wfirst);
    memcpy(out->trans, l->trans, l->first[l->len] * (size_t)l->n * sizeof *out->trans);
    memcpy(out->live, l->live, states * sizeof *out->live);
    return NONET_OK;
}

size_t vline_sets(const vline *l)
{
    return l->wfirst[l->len + 1] + 1; /* every layer's */
}

size_t vline_lists(const vline *l)
{
    return l->first[l->len + 1] + 1; /* an int for each state of each layer */
}

/* A map of a line's nodes (a state, and with distinct the digits used
 * before it: state << 32 | used) to ints, by open addressing; it grows. */
typedef struct kmap {
    uint64_t *key;
    int *val;
    size_t size, count;
} kmap;

#define KEMPTY (~(uint64_t)0)

static void kmap_free(kmap *h)
{
    free(h->key);
    free(h->val);
    memset(h, 0, sizeof *h);
}

static int kmap_init(kmap *h, size_t want)
{
    size_t size = 16;
    while (size < 2 * want)
        size *= 2;
    h->key = malloc(size * sizeof *h->key);
    h->val = malloc(size * sizeof *h->val);
    h->size = size;
    h->count = 0;
    if (!h->key || !h->val) {
        kmap_free(h);
        return -1;
    }
    for (size_t k = 0; k < size; k++)
        h->key[k] = KEMPTY;
    return 0;
}

static size_t kmap_at(const kmap *h, uint64_t key)
{
    uint64_t x = key * 0x9E3779B97F4A7C15u;
    size_t at = (size_t)(x >> 20) & (h->size - 1);
    while (h->key[at] != KEMPTY && h->key[at] != key)
        at = (at + 1) & (h->size - 1);
    return at;
}

static int kmap_get(const kmap *h, uint64_t key)
{
    size_t at = kmap_at(h, key);
    return h->key[at] == key ? h->val[at] : -1;
}

/* Puts key with val unless it is there: 1 put, 0 there, -1 out of memory. */
static int kmap_put(kmap *h, uint64_t key, int val)
{
    size_t at = kmap_at(h, key);
    if (h->key[at] == key)
        return 0;
    if (2 * (h->count + 1) > h->size) {
        kmap bigger;
        if (kmap_init(&bigger, h->size))
            return -1;
        for (size_t k = 0; k < h->size; k++)
            if (h->key[k] != KEMPTY) {
                size_t b = kmap_at(&bigger, h->key[k]);
                bigger.key[b] = h->key[k];
                bigger.val[b] = h->val[k];
            }
        bigger.count = h->count;
        kmap_free(h);
        *h = bigger;
        at = kmap_at(h, key);
    }
    h->key[at] = key;
    h->val[at] = val;
    h->count++;
    return 1;
}

/* a growable array of 64-bit keys */
typedef struct kvec {
    uint64_t *v;
    size_t len, cap;
} kvec;

static int kvec_push(kvec *a, uint64_t x)
{
    if (a->len == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        uint64_t *grown = realloc(a->v, cap * sizeof *grown);
        if (!grown)
            return -1;
        a->v = grown;
        a->cap = cap;
    }
    a->v[a->len++] = x;
    return 0;
}

int vline_build(vline *l, const vdfa *d, int len, const uint64_t *masks, int distinct, char *why,
                size_t cap)
{
    memset(l, 0, sizeof *l);
    if (len < 1 || len > VARIANT_MAX_LINE)
        return NONET_EARG;
    int n = d->n, rc = NONET_ENOMEM;
    uint64_t full = full_set(n);
    distinct = distinct && n <= 32;
    kvec reach = {0}; /* each layer's nodes reachable */
    ivec rows = {0};  /* the transitions of those kept */
    kmap seen = {0}, ahead = {0}, here = {0};
    size_t rfirst[VARIANT_MAX_LINE + 2];   /* layer i of reach: rfirst[i] .. rfirst[i+1] */
    size_t rowfirst[VARIANT_MAX_LINE + 2]; /* layer i's rows */
    l->len = len;
    l->n = n;
    l->size = calloc((size_t)len + 1, sizeof *l->size);
    l->first = calloc((size_t)len + 2, sizeof *l->first);
    l->wfirst = calloc((size_t)len + 2, sizeof *l->wfirst);
    if (!l->size || !l->first || !l->wfirst || kmap_init(&seen, (size_t)d->nstarts))
        goto done;
    /* forward: the nodes reachable at each layer */
    rfirst[0] = 0;
    for (int k = 0; k < d->nstarts; k++) {
        int put = kmap_put(&seen, (uint64_t)d->starts[k] << 32, 0);
        if (put < 0 || (put && kvec_push(&reach, (uint64_t)d->starts[k] << 32)))
            goto done;
    }
    for (int i = 0; i < len; i++) {
        uint64_t m = (masks ? masks[i] : full) & full;
        rfirst[i + 1] = reach.len;
        kmap_free(&seen);
        if (kmap_init(&seen, (rfirst[i + 1] - rfirst[i]) * (size_t)popcount64(m)))
            goto done;
        for (size_t k = rfirst[i]; k < rfirst[i + 1]; k++) {
            uint64_t used = reach.v[k] & 0xFFFFFFFFu;
            const int32_t *row = d->next + (reach.v[k] >> 32) * (size_t)n;
            for (uint64_t x = m & ~used; x; x &= x - 1) {
                int t = row[lowest_bit(x)];
                if (t < 0)
                    continue;
                uint64_t key = (uint64_t)t << 32 | (distinct ? used | (x & -x) : 0);
                int put = kmap_put(&seen, key, 0);
                if (put < 0 || (put && kvec_push(&reach, key)))
                    goto done;
            }
        }
        if (reach.len * (size_t)n > VLINE_MAX_TRANS) {
            vsay(why, cap, "its automaton over %d cells takes more than %d states", len,
                 VLINE_MAX_TRANS / n);
            rc = NONET_EARG;
            goto done;
        }
        if (distinct && reach.len > VLINE_DISTINCT_STATES) {
            vsay(why, cap,
                 "its automaton over %d cells with the digits used takes more than %d "
                 "states",
                 len, VLINE_DISTINCT_STATES);
            rc = NONET_EARG;
            goto done;
        }
    }
    rfirst[len + 1] = reach.len;
    /* backward: the reachable nodes from which acceptance is reachable,
     * numbered within their layer (ahead: those of the layer after) */
    if (kmap_init(&ahead, rfirst[len + 1] - rfirst[len]))
        goto done;
    for (size_t k = rfirst[len]; k < rfirst[len + 1]; k++)
        if (d->accept[reach.v[k] >> 32] && kmap_put(&ahead, reach.v[k], l->size[len]++) < 0)
            goto done;
    for (int i = len - 1; i >= 0; i--) {
        uint64_t m = (masks ? masks[i] : full) & full;
        if (kmap_init(&here, rfirst[i + 1] - rfirst[i]))
            goto done;
        rowfirst[i] = rows.len;
        for (size_t k = rfirst[i]; k < rfirst[i + 1]; k++) {
            uint64_t used = reach.v[k] & 0xFFFFFFFFu;
            const int32_t *row = d->next + (reach.v[k] >> 32) * (size_t)n;
            int to[64], any = 0;
            for (int k2 = 0; k2 < n; k2++) {
                uint64_t bit = (uint64_t)1 << k2;
                int t = row[k2];
                to[k2] = -1;
                if (!(m & bit) || (used & bit) || t < 0)
                    continue;
                to[k2] = kmap_get(&ahead, (uint64_t)t << 32 | (distinct ? used | bit : 0));
                any |= to[k2] >= 0;
            }
            if (!any)
                continue;
            if (kmap_put(&here, reach.v[k], l->size[i]++) < 0)
                goto done;
            for (int k2 = 0; k2 < n; k2++)
                if (ivec_push(&rows, to[k2]))
                    goto done;
        }
        kmap_free(&ahead);
        ahead = here;
        memset(&here, 0, sizeof here);
    }
    size_t kept = 0;
    for (int i = 0; i <= len; i++)
        kept += (size_t)l->size[i];
    if (distinct && kept > VLINE_DISTINCT_STATES) {
        vsay(why, cap, "its automaton over %d cells with the digits used takes more than %d states",
             len, VLINE_DISTINCT_STATES);
        rc = NONET_EARG;
        goto done;
    }
    /* the layers forward, their sets' words */
    for (int i = 0; i <= len; i++) {
        size_t words = ((size_t)l->size[i] + 63) / 64;
        l->first[i + 1] = l->first[i] + (size_t)l->size[i];
        l->wfirst[i + 1] = l->wfirst[i] + (words ? words : 1);
        l->wide = (int)words > l->wide ? (int)words : l->wide;
    }
    l->trans = malloc((l->first[len] * (size_t)n + 1) * sizeof *l->trans);
    l->live = calloc(l->first[len + 1] + 1, sizeof *l->live);
    if (!l->trans || !l->live)
        goto done;
    for (int i = 0; i < len && rows.v; i++) {
        const int *r = rows.v + rowfirst[i];
        for (int s = 0; s < l->size[i]; s++, r += n) {
            int32_t *to = l->trans + (l->first[i] + (size_t)s) * (size_t)n;
            uint64_t live = 0;
            for (int k = 0; k < n; k++) {
                to[k] = r[k];
                if (to[k] >= 0)
                    live |= (uint64_t)1 << k;
            }
            l->live[l->first[i] + (size_t)s] = live;
        }
    }
    rc = NONET_OK;
done:
    free(reach.v);
    free(rows.v);
    kmap_free(&seen);
    kmap_free(&ahead);
    kmap_free(&here);
    if (rc != NONET_OK)
        vline_free(l);
    return rc;
}

/* ------------------------------------------------------------ outside clues */

/* The state functions of the clues read along a row or column from the
 * clue's side (variant.h, vdfa_clue); each state an int of mixed radix. */
typedef struct clue_fn {
    int n, clue, len;
} clue_fn;

enum { DEAD = -1 };

/* X-sum: 0 the start; 1 done; else 2 + left * (clue + 1) + need: the
 * digits left to read of the first x, and what they must sum to. */
static int xsum_next(void *ctx, int state, int d)
{
    const clue_fn *f = ctx;
    int left, need;
    if (state == 1)
        return 1;
    if (state == 0) {
        if (d > f->len)
            return DEAD;
        left = d;
        need = f->clue;
    } else {
        left = (state - 2) / (f->clue + 1);
        need = (state - 2) % (f->clue + 1);
    }
    need -= d;
    if (need < 0)
        return DEAD;
    if (--left == 0)
        return need == 0 ? 1 : DEAD;
    return 2 + left * (f->clue + 1) + need;
}

static int done_accepts(void *ctx, int state)
{
    (void)ctx;
    return state == 1;
}

/* skyscraper: max * (clue + 2) + seen, the tallest so far and how many
 * were seen */
static int sky_next(void *ctx, int state, int d)
{
    const clue_fn *f = ctx;
    int max = state / (f->clue + 2), seen = state % (f->clue + 2);
    if (d <= max)
        return state;
    if (++seen > f->clue)
        return DEAD;
    return d * (f->clue + 2) + seen;
}

static int sky_accepts(void *ctx, int state)
{
    const clue_fn *f = ctx;
    return state % (f->clue + 2) == f->clue;
}

/* hidden skyscraper: 2 + the tallest so far, none hidden yet; 1 done (the
 * first hidden one was the clue) */
static int hidden_next(void *ctx, int state, int d)
{
    const clue_fn *f = ctx;
    if (state == 1)
        return 1;
    int max = state - 2;
    if (d > max)
        return 2 + d;
    return d == f->clue ? 1 : DEAD;
}

/* numbered room: 0 the start, 1 done, 2 + the cells to pass before the
 * room */
static int room_next(void *ctx, int state, int d)
{
    const clue_fn *f = ctx;
    if (state == 1)
        return 1;
    if (state == 0) {
        if (d > f->len)
            return DEAD;
        if (d > 1)
            return 2 + d - 2;
    } else if (state > 2) {
        return state - 1;
    }
    return d == f->clue ? 1 : DEAD; /* the room */
}

/* sandwich: phase * (clue + 1) + sum; phase 0 before the 1 and the n, 1
 * after the 1, 2 after the n, 3 after both (the sum was the clue) */
static int sandwich_next(void *ctx, int state, int d)
{
    const clue_fn *f = ctx;
    int phase = state / (f->clue + 1), sum = state % (f->clue + 1);
    int end = d == 1 ? 1 : d == f->n ? 2 : 0;
    if (phase == 0)
        return end ? end * (f->clue + 1) : state;
    if (phase == 3)
        return end ? DEAD : state;
    if (end == phase)
        return DEAD; /* the same end twice */
    if (end)
        return sum == f->clue ? 3 * (f->clue + 1) : DEAD;
    return sum + d > f->clue ? DEAD : state + d;
}

static int sandwich_accepts(void *ctx, int state)
{
    const clue_fn *f = ctx;
    return state / (f->clue + 1) == 3;
}

/* lunchbox: a start for each guess of the smallest digit m and the
 * largest M (m <= M), then a run of width 2 * (clue + 1) + 2: 0 before
 * either, 1 + sum after m alone, 1 + (clue + 1) + sum after M alone,
 * 2 * (clue + 1) + 1 after both; every other digit strictly between m and
 * M, each of them once. */
static int lunch_next(void *ctx, int state, int d)
{
    const clue_fn *f = ctx;
    int width = 2 * (f->clue + 1) + 2, at = state % width, pair = state / width;
    int m = pair / f->n + 1, M = pair % f->n + 1, done = width - 1;
    int inside = d > m && d < M, end = d == m ? (d == M ? 3 : 1) : d == M ? 2 : 0;
    if (!inside && !end)
        return DEAD;
    if (at == 0) {
        if (end == 3) /* m = M: a line of one digit */
            return f->clue == 0 ? pair * width + done : DEAD;
        return end ? pair * width + 1 + (end == 2 ? f->clue + 1 : 0) : state;
    }
    if (at == done)
        return end ? DEAD : state;
    int after_M = at > f->clue + 1, sum = at - 1 - (after_M ? f->clue + 1 : 0);
    if (end)
        return end == (after_M ? 1 : 2) && sum == f->clue ? pair * width + done : DEAD;
    return sum + d > f->clue ? DEAD : state + d;
}

static int lunch_accepts(void *ctx, int state)
{
    const clue_fn *f = ctx;
    int width = 2 * (f->clue + 1) + 2;
    return state % width == width - 1;
}

int vdfa_clue(vdfa *out, int kind, int n, int clue, int len, char *why, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > 64 || len < 1 || len > VARIANT_MAX_LINE || clue < 0 || clue > 64 * 65 / 2)
        return NONET_EARG;
    clue_fn f = {n, clue, len};
    int zero = 0, two = 2;
    switch (kind) {
    case VCLUE_XSUM:
        return vdfa_from_fn(out, n, &zero, 1, xsum_next, done_accepts, &f, len, why, cap);
    case VCLUE_SKYSCRAPER:
    case VCLUE_SKYSCRAPER_ZERO: {
        int start = kind == VCLUE_SKYSCRAPER ? 0 : clue + 2; /* as if after a 1, unseen */
        return vdfa_from_fn(out, n, &start, 1, sky_next, sky_accepts, &f, len, why, cap);
    }
    case VCLUE_HIDDEN:
        return vdfa_from_fn(out, n, &two, 1, hidden_next, done_accepts, &f, len, why, cap);
    case VCLUE_ROOM:
        return vdfa_from_fn(out, n, &zero, 1, room_next, done_accepts, &f, len, why, cap);
    case VCLUE_SANDWICH:
        return vdfa_from_fn(out, n, &zero, 1, sandwich_next, sandwich_accepts, &f, len, why, cap);
    case VCLUE_LUNCHBOX: {
        int width = 2 * (clue + 1) + 2, starts[64 * 65 / 2], k = 0;
        for (int m = 1; m <= n; m++)
            for (int M = m; M <= n; M++)
                starts[k++] = ((m - 1) * n + M - 1) * width;
        return vdfa_from_fn(out, n, starts, k, lunch_next, lunch_accepts, &f, len, why, cap);
    }
    default:
        break;
    }
    return NONET_EARG;
}
