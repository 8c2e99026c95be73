/* test_iss.c - Interactive Sudoku Solver's constraint strings (src/variant/
 * iss.c): every rule with an ISS name read from a string written here,
 * by this file's own writer of ISS's forms, from a constraint made at
 * random and the expected constraint being that one (so a new row with an
 * ISS name needs its form here); givens, digit restrictions and their
 * merging, shapes, rows and columns past 9 as letters, the text box's
 * lines, jigsaws, And groups, links; each error with its line and column;
 * the digits rule counted against a search written here; ISS written back
 * (nonet_variant_iss) and read again; which texts are sniffed as ISS. */
#include "unit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x243F6A8885A308D3u;

static int below(int k)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)k);
}

/* ------------------------------------------------------------ this file's ISS writer */

/* ISS's forms, by its type names (its source, js/sudoku_constraint.js) */
typedef enum {
    F_NONE,      /* .Type */
    F_DIRECTION, /* .Diagonal~1 (anti-diagonal), ~-1 (main) */
    F_CELLS,     /* .Type~R1C1~R1C2 */
    F_VALUE,     /* .Type~value~cells */
    F_WEIGHTS,   /* .Sum~sum~cells or ~sum_=_w_w~cells */
    F_DIGITS,    /* .ContainAtLeast~1_2_2~cells */
    F_KEY,       /* .Pair~key~cells: base64 of the allowed pairs' bits */
    F_ARROW,     /* .Arrow~bulb~shaft */
    F_PILL,      /* .PillArrow~size~pill~shaft */
    F_QUAD,      /* .Quad~topleft~d~d */
    F_PARTS,     /* .EqualSum~cells~-~cells */
    F_KIND,      /* .Indexing~R~cells (row), ~C~ (column) */
    F_SANDWICH,  /* .Sandwich~value~R3 (from the left) or C3 (the top) */
    F_LITTLE,    /* .LittleKiller~value~first cell of its diagonal */
    F_CLUES,     /* .XSum~R3~from the start~from the end */
    F_TEXT,      /* .Regex~base64~cells */
    F_GIVEN      /* .~R1C1_2_4 */
} tform;

static const struct {
    const char *iss;
    tform form;
} forms[] = {
    {"Diagonal", F_DIRECTION},
    {"Windoku", F_NONE},
    {"DisjointSets", F_NONE},
    {"AntiKnight", F_NONE},
    {"AntiKing", F_NONE},
    {"AntiConsecutive", F_NONE},
    {"WhiteDot", F_CELLS},
    {"BlackDot", F_CELLS},
    {"X", F_CELLS},
    {"Cage", F_VALUE},
    {"LittleKiller", F_LITTLE},
    {"Arrow", F_ARROW},
    {"Thermo", F_CELLS},
    {"Whisper", F_VALUE},
    {"Renban", F_CELLS},
    {"Sandwich", F_SANDWICH},
    {"AllDifferent", F_CELLS},
    {"Pair", F_KEY},
    {"PairX", F_KEY},
    {"Sum", F_WEIGHTS},
    {"ContainAtLeast", F_DIGITS},
    {"ContainExact", F_DIGITS},
    {"Regex", F_TEXT},
    {"XSum", F_CLUES},
    {"Skyscraper", F_CLUES},
    {"HiddenSkyscraper", F_CLUES},
    {"NumberedRoom", F_CLUES},
    {"Lunchbox", F_VALUE},
    {"Given", F_GIVEN},
    {"DoubleArrow", F_CELLS},
    {"PillArrow", F_PILL},
    {"Quad", F_QUAD},
    {"GreaterThan", F_CELLS},
    {"RellikCage", F_VALUE},
    {"EqualSum", F_PARTS},
    {"Indexing", F_KIND},
    {"AntiTaxicab", F_NONE},
    {"GlobalEntropy", F_NONE},
    {"GlobalMod", F_NONE},
    {"Doppelganger", F_NONE},
    {"DutchFlatmates", F_NONE},
    {"NoBoxes", F_NONE},
    {"Palindrome", F_CELLS},
    {"Between", F_CELLS},
    {"Lockout", F_VALUE},
    {"RegionSumLine", F_CELLS},
    {"SumLine", F_VALUE},
    {"Zipper", F_CELLS},
    {"Modular", F_VALUE},
    {"Entropic", F_CELLS},
};

static int form_of(const char *iss)
{
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (!strcmp(forms[i].iss, iss))
            return forms[i].form;
    return -1;
}

/* The value ISS's name implies, for the types whose name fixes it. */
static int implied(nonet_constraint_type t)
{
    return t == NONET_CON_DIFFERENCE ? 1 : t == NONET_CON_RATIO ? 2 : t == NONET_CON_SUM ? 10 : 0;
}

typedef struct sbuf {
    char s[8192];
    size_t len;
} sbuf;

__attribute__((format(printf, 2, 3))) static void out(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->s + b->len, sizeof b->s - b->len, fmt, ap);
    va_end(ap);
    if (k > 0)
        b->len += (size_t)k < sizeof b->s - b->len ? (size_t)k : sizeof b->s - b->len - 1;
}

/* Cell c as ISS names it: R, the row 1-9 or a-g, C, the column. */
static void out_cell(sbuf *b, int n, int c)
{
    const char *d = "123456789abcdefg";
    out(b, "~R%cC%c", d[c / n], d[c % n]);
}

static void out_cells(sbuf *b, int n, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        if (cells[i] == NONET_PART)
            out(b, "~-");
        else
            out_cell(b, n, cells[i]);
}

static void out_base64(sbuf *b, const unsigned char *s, size_t len)
{
    const char *a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < len; i++) {
        acc = acc << 8 | s[i];
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out(b, "%c", a[acc >> bits & 63]);
        }
    }
    if (bits)
        out(b, "%c", a[acc << (6 - bits) & 63]);
}

/* The little killers' diagonals as ISS names them (the side order of its
 * cellMap): diagonal d's first cell first[d], its cells cells[d]. */
typedef struct diagonals {
    int count, first[4 * 16], len[4 * 16], cells[4 * 16][16];
} diagonals;

static void iss_diagonals(int n, diagonals *d)
{
    d->count = 0;
    for (int side = 0; side < 4; side++) {
        int from = side == 0 ? 0 : 1, to = side == 0 ? n - 1 : side == 2 ? n : n - 1;
        for (int i = from; i < to; i++) {
            int r = side == 0 || side == 1 ? i : side == 2 ? 0 : n - 1;
            int c = side == 0 ? 0 : side == 1 ? n - 1 : i;
            int dr = side == 0 || side == 2 ? 1 : -1, dc = side == 0 || side == 3 ? 1 : -1;
            int k = 0, cells[16];
            for (int rr = r, cc = c; rr >= 0 && rr < n && cc >= 0 && cc < n; rr += dr, cc += dc)
                cells[k++] = rr * n + cc;
            if (k <= 1)
                continue;
            int seen = 0; /* the same cells as an earlier one */
            for (int e = 0; e < d->count && !seen; e++) {
                if (d->len[e] != k)
                    continue;
                int all = 1;
                for (int x = 0; x < k && all; x++) {
                    int in = 0;
                    for (int y = 0; y < k; y++)
                        in |= d->cells[e][y] == cells[x];
                    all = in;
                }
                seen = all;
            }
            if (seen)
                continue;
            d->first[d->count] = cells[0];
            d->len[d->count] = k;
            memcpy(d->cells[d->count], cells, sizeof cells);
            d->count++;
        }
    }
}

/* Writes c (on an n-sided grid) as ISS writes it, into b. Returns 0 when
 * it has no form here. */
static int write_iss(sbuf *b, int n, const nonet_constraint *c)
{
    const nonet_rule *r = nonet_rule_of(c->type);
    int form = form_of(r->iss);
    if (form < 0)
        return 0;
    if (form == F_GIVEN) {
        out(b, ".");
        for (int i = 0; i < c->ncells; i++) {
            out_cell(b, n, c->cells[i]);
            for (int j = 0; j < c->nvalues; j++)
                out(b, "_%d", c->values[j]);
        }
        return 1;
    }
    out(b, ".%s", r->iss);
    switch (form) {
    case F_NONE:
        break;
    case F_DIRECTION:
        out(b, "~%d", c->type == NONET_CON_DIAGONAL_ANTI ? 1 : -1);
        break;
    case F_KIND:
        out(b, "~%c", c->type == NONET_CON_INDEX_ROW ? 'R' : 'C');
        out_cells(b, n, c->cells, c->ncells);
        break;
    case F_CELLS:
    case F_PARTS:
        out_cells(b, n, c->cells, c->ncells);
        break;
    case F_VALUE:
        if (c->value || c->type != NONET_CON_KILLER)
            out(b, "~%d", c->value);
        else
            out(b, "~"); /* a cage without its sum */
        out_cells(b, n, c->cells, c->ncells);
        break;
    case F_WEIGHTS: {
        int ones = 1;
        for (int i = 0; i < c->nvalues; i++)
            ones &= c->values[i] == 1;
        out(b, "~%d", c->value);
        if (!ones) {
            out(b, "_=");
            for (int i = 0; i < c->nvalues; i++)
                out(b, "_%d", c->values[i]);
        }
        out_cells(b, n, c->cells, c->ncells);
        break;
    }
    case F_DIGITS:
        for (int i = 0; i < c->nvalues; i++)
            out(b, "%s%d", i ? "_" : "~", c->values[i]);
        out_cells(b, n, c->cells, c->ncells);
        break;
    case F_KEY: {
        unsigned char bits[64] = {0};
        int last = -1;
        for (int i = 0; i < c->nvalues; i += 2) {
            int bit = (c->values[i] - 1) * n + c->values[i + 1] - 1;
            bits[bit / 6] |= (unsigned char)(1 << bit % 6);
            last = bit / 6 > last ? bit / 6 : last;
        }
        out(b, "~");
        for (int i = 0; i <= last; i++)
            out(b, "%c",
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[bits[i]]);
        out_cells(b, n, c->cells, c->ncells);
        break;
    }
    case F_ARROW: /* bulb, PART, shaft */
        out_cell(b, n, c->cells[0]);
        out_cells(b, n, c->cells + 2, c->ncells - 2);
        break;
    case F_PILL: {
        int size = 0;
        while (c->cells[size] != NONET_PART)
            size++;
        out(b, "~%d", size);
        out_cells(b, n, c->cells, size);
        out_cells(b, n, c->cells + size + 1, c->ncells - size - 1);
        break;
    }
    case F_QUAD:
        out_cell(b, n, c->cells[0]);
        for (int i = 0; i < c->nvalues; i++)
            out(b, "~%d", c->values[i]);
        break;
    case F_SANDWICH:
        out(b, "~%d~%c%d", c->value, c->cells[0] / n == c->cells[1] / n ? 'R' : 'C',
            c->cells[0] / n == c->cells[1] / n ? c->cells[0] / n + 1 : c->cells[0] % n + 1);
        break;
    case F_LITTLE:
        out(b, "~%d", c->value);
        out_cell(b, n, c->cells[0]);
        break;
    case F_CLUES: {
        int row = c->cells[0] / n == c->cells[1] / n, back = c->cells[1] < c->cells[0];
        out(b, "~%c%d", row ? 'R' : 'C', row ? c->cells[0] / n + 1 : c->cells[0] % n + 1);
        out(b, back ? "~~%d" : "~%d~", c->value);
        break;
    }
    case F_TEXT:
        out(b, "~");
        out_base64(b, (const unsigned char *)c->text, strlen(c->text));
        out_cells(b, n, c->cells, c->ncells);
        break;
    }
    return 1;
}

/* ------------------------------------------------------------ random constraints */

typedef struct made {
    nonet_constraint c;
    int cells[80], values[80];
    char text[64];
} made;

static int contains_cell(const int *cells, int k, int c)
{
    for (int i = 0; i < k; i++)
        if (cells[i] == c)
            return 1;
    return 0;
}

/* len new cells, each a king's move (4: orthogonally) from the last. */
static int walk(int n, int touch, int *cells, int len)
{
    for (int i = 0; i < len; i++) {
        int c = -1;
        for (int tries = 0; tries < 60 && c < 0; tries++) {
            int x = below(n * n);
            if (i && touch) {
                int dr = below(3) - 1, dc = below(3) - 1, r = cells[i - 1] / n + dr,
                    col = cells[i - 1] % n + dc;
                if ((touch == 4 && dr && dc) || r < 0 || r >= n || col < 0 || col >= n)
                    continue;
                x = r * n + col;
            }
            if (!contains_cell(cells, i, x))
                c = x;
        }
        if (c < 0)
            return 0;
        cells[i] = c;
    }
    return 1;
}

static int by_number(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* A random constraint of rule r in ISS's form on an n-sided grid, as ISS
 * can write it, into m (not yet checked against the rule). */
static void random_iss(const nonet_rule *r, int n, made *m)
{
    nonet_constraint *c = &m->c;
    int form = form_of(r->iss), k = 0;
    memset(m, 0, sizeof *m);
    c->type = r->type;
    c->cells = m->cells;
    switch (form) {
    case F_NONE:
    case F_DIRECTION:
        break;
    case F_SANDWICH:
    case F_CLUES: {
        int line = below(n), col = below(2), back = form == F_CLUES && below(2);
        for (int i = 0; i < n; i++) {
            int j = back ? n - 1 - i : i;
            m->cells[k++] = col ? j * n + line : line * n + j;
        }
        break;
    }
    case F_LITTLE: {
        diagonals d;
        iss_diagonals(n, &d);
        int e = below(d.count);
        k = d.len[e];
        memcpy(m->cells, d.cells[e], (size_t)k * sizeof *m->cells);
        break;
    }
    case F_QUAD: {
        int tl = below(n - 1) * n + below(n - 1);
        int q[4] = {tl, tl + 1, tl + n, tl + n + 1};
        memcpy(m->cells, q, sizeof q);
        k = 4;
        break;
    }
    case F_ARROW:
    case F_PILL:
    case F_PARTS: {
        int first = form == F_ARROW ? 1 : form == F_PILL ? 2 + below(2) : 1 + below(3);
        int rest = 1 + below(3), all[8];
        if (!walk(n, r->touch ? r->touch : 8, all, first + rest))
            break;
        if (form == F_PILL)
            qsort(all, (size_t)first, sizeof *all, by_number);
        for (int i = 0; i < first + rest; i++) {
            if (i == first)
                m->cells[k++] = NONET_PART;
            m->cells[k++] = all[i];
        }
        if (form == F_PARTS && below(2)) { /* a third part */
            int more[2];
            if (walk(n, 8, more, 2) && !contains_cell(all, first + rest, more[0]) &&
                !contains_cell(all, first + rest, more[1])) {
                m->cells[k++] = NONET_PART;
                m->cells[k++] = more[0];
                m->cells[k++] = more[1];
            }
        }
        break;
    }
    default: /* cells: two adjacent ones for a mark, else a line */
        k = r->shape == NONET_SHAPE_PAIR ? 2 : 1 + below(5);
        if (!walk(n, r->shape == NONET_SHAPE_PAIR ? 4 : r->touch ? r->touch : 8, m->cells, k))
            k = 0;
        if (form == F_GIVEN) /* read back in the order of the cells */
            qsort(m->cells, (size_t)k, sizeof *m->cells, by_number);
        break;
    }
    c->ncells = k;
    /* the value */
    if (implied(r->type))
        c->value = implied(r->type);
    else if (r->valued && (form == F_VALUE || form == F_WEIGHTS || form == F_SANDWICH ||
                           form == F_LITTLE || form == F_CLUES))
        c->value = r->type == NONET_CON_KILLER && below(3) == 0 ? 0
                   : form == F_WEIGHTS                          ? below(30) - 10
                                                                : 1 + below(3 * n);
    /* the values */
    switch (r->values) {
    case NONET_VALUES_NONE:
        break;
    case NONET_VALUES_WEIGHTS: {
        int ones = below(2);
        for (int i = 0; i < k; i++)
            m->values[c->nvalues++] = ones ? 1 : (1 + below(4)) * (below(2) ? 1 : -1);
        break;
    }
    case NONET_VALUES_DIGITS:
    case NONET_VALUES_EXACT: {
        int cnt = r->values == NONET_VALUES_EXACT ? k : 1 + below(k > 4 ? 4 : k);
        for (int i = 0; i < cnt; i++)
            m->values[c->nvalues++] = 1 + below(n);
        break;
    }
    case NONET_VALUES_PAIRS: /* as the key lists them: by the first digit, then the second */
        for (int a = 1; a <= n; a++)
            for (int b = 1; b <= n; b++)
                if (below(4) == 0 || (a == n && b == n && !c->nvalues)) {
                    m->values[c->nvalues++] = a;
                    m->values[c->nvalues++] = b;
                }
        break;
    case NONET_VALUES_SET: /* two digits or more, not all (one alone is a given, all
                              no rule) */
        while (c->nvalues < 2 || c->nvalues == n) {
            c->nvalues = 0;
            for (int d = 1; d <= n; d++)
                if (below(2))
                    m->values[c->nvalues++] = d;
        }
        break;
    }
    if (c->nvalues)
        c->values = m->values;
    if (r->text) {
        snprintf(m->text, sizeof m->text, "(%d|[1-%d])+.?", 1 + below(n), n);
        c->text = m->text;
    }
}

static int same_constraint(const nonet_constraint *a, const nonet_constraint *b)
{
    return a->type == b->type && a->value == b->value && a->ncells == b->ncells &&
           a->nvalues == b->nvalues &&
           (!a->ncells || !memcmp(a->cells, b->cells, (size_t)a->ncells * sizeof *a->cells)) &&
           (!a->nvalues || !memcmp(a->values, b->values, (size_t)a->nvalues * sizeof *a->values)) &&
           (!a->text == !b->text) && (!a->text || !strcmp(a->text, b->text));
}

static nonet_variant *parse(const char *text, nonet_error *err)
{
    nonet_variant *v = NULL;
    nonet_error e;
    if (nonet_variant_parse(text, strlen(text), &v, NULL, err ? err : &e) != NONET_OK)
        return NULL;
    return v;
}

static nonet_variant *empty(int n)
{
    nonet_grid g;
    int br, bc;
    nonet_default_shape(n, &br, &bc);
    nonet_grid_init(&g, br, bc);
    return nonet_variant_new(&g);
}

/* Every rule with an ISS name, on 4x4, 6x6 and 9x9: a random constraint
 * the library takes, written here in ISS's form (after a .Shape on sides
 * other than 9), is read back as that constraint. A rule ISS names but
 * nonet refuses (its row's reason) is refused by the reader too. */
static void test_every_row(void)
{
    rng = 77;
    int tried = 0;
    for (int i = 0; i < nonet_rule_count(); i++) {
        const nonet_rule *r = nonet_rule_at(i);
        if (!r->iss[0])
            continue;
        CHECKF(form_of(r->iss) >= 0, "%s: ISS's %s has no form in this test", r->name, r->iss);
        int read = 0, refused = 0;
        for (int round = 0; round < 24; round++) {
            int n = round % 3 == 0 ? 4 : round % 3 == 1 ? 6 : 9;
            made m;
            nonet_variant *v = empty(n);
            int ok = 0;
            for (int attempt = 0; attempt < 300 && !ok; attempt++) {
                random_iss(r, n, &m);
                ok = nonet_variant_add(v, &m.c, NULL, 0) == NONET_OK;
            }
            nonet_variant_free(v);
            if (!ok) {
                /* a rule nonet refuses whole: the reader says so, naming ISS's type */
                sbuf b = {.len = 0};
                if (n != 9)
                    out(&b, ".Shape~%dx%d", n, n);
                random_iss(r, n, &m);
                write_iss(&b, n, &m.c);
                nonet_error err;
                nonet_variant *back = parse(b.s, &err);
                CHECKF(!back && strstr(err.message, r->iss[0] ? r->iss : r->name),
                       "%s: %s read though nonet refuses it", r->name, b.s);
                refused++;
                continue;
            }
            sbuf b = {.len = 0};
            if (n != 9)
                out(&b, ".Shape~%dx%d", n, n);
            CHECK(write_iss(&b, n, &m.c));
            nonet_error err;
            nonet_variant *back = parse(b.s, &err);
            CHECKF(back, "%s: %s: %s (column %ld; %d cells from %d)", r->name, b.s, err.message,
                   err.column, m.c.ncells, m.c.ncells ? m.c.cells[0] : -1);
            nonet_constraint got;
            CHECKF(nonet_variant_grid(back)->n == n && nonet_variant_count_constraints(back) == 1 &&
                       nonet_variant_get(back, 0, &got) == NONET_OK && same_constraint(&got, &m.c),
                   "%s: %s read otherwise (%d constraints)", r->name, b.s,
                   nonet_variant_count_constraints(back));
            /* and written back by the library, read again the same */
            char again[8192], why[200] = "";
            long len = nonet_variant_iss(back, again, sizeof again, why, sizeof why);
            CHECKF(len > 0 && len < (long)sizeof again, "%s: not written back: %s", r->name, why);
            nonet_variant *twice = parse(again, &err);
            CHECKF(twice && nonet_variant_count_constraints(twice) == 1 &&
                       nonet_variant_get(twice, 0, &got) == NONET_OK && same_constraint(&got, &m.c),
                   "%s: written back as %s, read otherwise", r->name, again);
            nonet_variant_free(twice);
            nonet_variant_free(back);
            read++;
        }
        CHECKF(read > 0 || refused == 24, "%s: %d read, %d refused", r->name, read, refused);
        tried++;
    }
    CHECK(tried >= 30);
}

/* ------------------------------------------------------------ forms by hand */

/* text reads as a puzzle of side n whose constraint i is (type, value,
 * cells, values). */
typedef struct expect {
    const char *text;
    int n, index;
    nonet_constraint_type type;
    int value;
    int cells[12], ncells;
    int values[12], nvalues;
} expect;

static void test_forms(void)
{
    static const expect cases[] = {
        {".Cage~10~R1C1~R1C2", 9, 0, NONET_CON_KILLER, 10, {0, 1}, 2, {0}, 0},
        {".Cage~~R1C1~R1C2", 9, 0, NONET_CON_KILLER, 0, {0, 1}, 2, {0}, 0},
        {".Thermo~R1C1~R1C2~R1C3", 9, 0, NONET_CON_THERMO, 0, {0, 1, 2}, 3, {0}, 0},
        {".Whisper~5~R1C1~R1C2~R2C3", 9, 0, NONET_CON_WHISPER, 5, {0, 1, 11}, 3, {0}, 0},
        /* German whispers without their difference: ISS's 5 */
        {".Shape~6x6.Whisper~R1C1~R1C2", 6, 0, NONET_CON_WHISPER, 5, {0, 1}, 2, {0}, 0},
        {".BlackDot~R1C6~R1C7", 9, 0, NONET_CON_RATIO, 2, {5, 6}, 2, {0}, 0},
        {".WhiteDot~R2C2~R1C2", 9, 0, NONET_CON_DIFFERENCE, 1, {10, 1}, 2, {0}, 0},
        {".V~R1C1~R2C1", 9, 0, NONET_CON_SUM, 5, {0, 9}, 2, {0}, 0},
        {".X~R1C1~R2C1", 9, 0, NONET_CON_SUM, 10, {0, 9}, 2, {0}, 0},
        /* a mark over three cells: each two that touch */
        {".WhiteDot~R1C1~R1C2~R2C2", 9, 1, NONET_CON_DIFFERENCE, 1, {1, 10}, 2, {0}, 0},
        {".Diagonal~1", 9, 0, NONET_CON_DIAGONAL_ANTI, 0, {0}, 0, {0}, 0},
        {".Diagonal~-1", 9, 0, NONET_CON_DIAGONAL_MAIN, 0, {0}, 0, {0}, 0},
        {".AntiKnight", 9, 0, NONET_CON_ANTI_KNIGHT, 0, {0}, 0, {0}, 0},
        {".StrictKropki", 9, 1, NONET_CON_NOT_RATIO, 2, {0}, 0, {0}, 0},
        {".StrictXV", 9, 1, NONET_CON_NOT_SUM, 5, {0}, 0, {0}, 0},
        {".Arrow~R1C1~R1C2~R1C3", 9, 0, NONET_CON_ARROW, 0, {0, NONET_PART, 1, 2}, 4, {0}, 0},
        {".Sandwich~12~R3",
         9,
         0,
         NONET_CON_SANDWICH,
         12,
         {18, 19, 20, 21, 22, 23, 24, 25, 26},
         9,
         {0},
         0},
        {".Shape~4x4.Sandwich~0~C2", 4, 0, NONET_CON_SANDWICH, 0, {1, 5, 9, 13}, 4, {0}, 0},
        /* the diagonal from the clue's first cell: R1C2 down-left; R2C4 up-left */
        {".Shape~4x4.LittleKiller~3~R1C2", 4, 0, NONET_CON_LITTLE_KILLER, 3, {1, 4}, 2, {0}, 0},
        {".Shape~4x4.LittleKiller~5~R2C4", 4, 0, NONET_CON_LITTLE_KILLER, 5, {7, 2}, 2, {0}, 0},
        {".XSum~R3~~15", 9, 0, NONET_CON_XSUM, 15, {26, 25, 24, 23, 22, 21, 20, 19, 18}, 9, {0}, 0},
        {".Shape~4x4.Skyscraper~C2~3~1", 4, 1, NONET_CON_SKYSCRAPER, 1, {13, 9, 5, 1}, 4, {0}, 0},
        {".Sum~7_=_1_2_-1~R1C1~R1C2~R1C3",
         9,
         0,
         NONET_CON_WEIGHTED_SUM,
         7,
         {0, 1, 2},
         3,
         {1, 2, -1},
         3},
        {".Sum~12~R1C1~R2C2", 9, 0, NONET_CON_WEIGHTED_SUM, 12, {0, 10}, 2, {1, 1}, 2},
        /* a cell listed twice in a sum: its weights add up */
        {".Sum~12~R1C1~R2C2~R1C1", 9, 0, NONET_CON_WEIGHTED_SUM, 12, {0, 10}, 2, {2, 1}, 2},
        {".ContainAtLeast~1_2_2~R1C1~R1C2~R1C3",
         9,
         0,
         NONET_CON_CONTAINS,
         0,
         {0, 1, 2},
         3,
         {1, 2, 2},
         3},
        {".AllDifferent~R1C1~R5C5", 9, 0, NONET_CON_DISTINCT, 0, {0, 40}, 2, {0}, 0},
        /* bit (a-1)*4 + b-1: BQ is bits 0 and 10 on 4x4: (1,1), (3,3) */
        {".Shape~4x4.Pair~BQ~R1C1~R1C2", 4, 0, NONET_CON_PAIR, 0, {0, 1}, 2, {1, 1, 3, 3}, 4},
        /* named groups, an empty item between two lines */
        {".Shape~4x4.PairX~BQ~_a%20b~R1C1~R1C2~~R2C1~R2C2",
         4,
         1,
         NONET_CON_PAIR_ALL,
         0,
         {4, 5},
         2,
         {1, 1, 3, 3},
         4},
        /* Binary's legacy key: its '-' is Pair's '_' (63: bits 0-5) */
        {".Shape~4x4.Binary~-~R1C1~R1C2",
         4,
         0,
         NONET_CON_PAIR,
         0,
         {0, 1},
         2,
         {1, 1, 1, 2, 1, 3, 1, 4, 2, 1, 2, 2},
         12},
        /* a loop closes on its first cell */
        {".Whisper~4~R1C1~R1C2~R2C2~LOOP", 9, 0, NONET_CON_WHISPER, 4, {0, 1, 10, 0}, 4, {0}, 0},
        {".Lunchbox~0~R1C1~R1C2~R1C3", 9, 0, NONET_CON_LUNCHBOX, 0, {0, 1, 2}, 3, {0}, 0},
        /* rows and columns past 9 as letters */
        {".Shape~16x16.Renban~RaCb~RgCg",
         16,
         0,
         NONET_CON_RENBAN,
         0,
         {9 * 16 + 10, 255},
         2,
         {0},
         0},
        {".Shape~16x16.Thermo~r1ca~R1CB", 16, 0, NONET_CON_THERMO, 0, {9, 10}, 2, {0}, 0},
        /* restrictions: the digits rule, cells sharing their digits together */
        {".~R1C1_1_2~R2C2_2_1.~R3C3_4_5", 9, 0, NONET_CON_DIGITS, 0, {0, 10}, 2, {1, 2}, 2},
        {".~R1C1_1_2~R2C2_2_1.~R3C3_4_5", 9, 1, NONET_CON_DIGITS, 0, {20}, 1, {4, 5}, 2},
        /* a cell given twice keeps what both allow */
        {".~R1C1_1_2_3.Given~R1C1_2_3_4", 9, 0, NONET_CON_DIGITS, 0, {0}, 1, {2, 3}, 2},
        /* And ... End: as if not there */
        {".And.Thermo~R1C1~R1C2.End", 9, 0, NONET_CON_THERMO, 0, {0, 1}, 2, {0}, 0},
        /* a link, its query decoded */
        {"https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Cage%7E10%7ER1C1%7ER1C2&mode=all",
         9,
         0,
         NONET_CON_KILLER,
         10,
         {0, 1},
         2,
         {0},
         0},
        /* blanks anywhere, comment lines */
        {"# a title\n  .Thermo ~ R1C1\n  ~R1C2\n", 9, 0, NONET_CON_THERMO, 0, {0, 1}, 2, {0}, 0},
        /* a jigsaw without NoBoxes: extra houses */
        {".Shape~4x4.Jigsaw~0011001122332233", 4, 0, NONET_CON_HOUSE, 0, {0, 1, 4, 5}, 4, {0}, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const expect *x = &cases[i];
        nonet_error err;
        nonet_variant *v = parse(x->text, &err);
        CHECKF(v, "%s: %s (line %ld, column %ld)", x->text, err.message, err.line, err.column);
        nonet_constraint c,
            want = {x->type, x->value, x->ncells, x->cells, x->nvalues, x->values, NULL};
        CHECKF(nonet_variant_grid(v)->n == x->n && nonet_variant_get(v, x->index, &c) == NONET_OK &&
                   same_constraint(&c, &want),
               "%s: constraint %d read otherwise", x->text, x->index);
        nonet_variant_free(v);
    }
}

/* Givens, shapes, the text box's lines, jigsaws. */
static void test_givens_and_grids(void)
{
    nonet_error err;
    char name[NONET_MAX_NAME + 1];
    /* givens into the grid; a title from the comment before the puzzle */
    const char *t = "# old\n# Some puzzle\n.~R1C1_5~R9C9_1.~R2C3_7.Thermo~R5C5~R5C6";
    nonet_variant *v = NULL;
    CHECK(nonet_variant_parse(t, strlen(t), &v, name, &err) == NONET_OK);
    const nonet_grid *g = nonet_variant_grid(v);
    CHECK(g->n == 9 && g->cells[0] == 5 && g->cells[80] == 1 && g->cells[11] == 7);
    CHECK(!strcmp(name, "Some puzzle"));
    CHECK(nonet_variant_count_constraints(v) == 1);
    nonet_variant_free(v);
    /* 16x16: RaC1 is row 10 */
    v = parse(".Shape~16x16.~RaC1_12~R1Cg_16", &err);
    CHECK(v && nonet_variant_grid(v)->n == 16 && nonet_variant_grid(v)->cells[9 * 16] == 12 &&
          nonet_variant_grid(v)->cells[15] == 16);
    nonet_variant_free(v);
    /* 6x6: boxes of 2 rows and 3 columns, as ISS's */
    v = parse(".Shape~6x6~1-6~Sudoku.~R1C1_1", &err);
    CHECK(v && nonet_variant_grid(v)->box_rows == 2 && nonet_variant_grid(v)->box_cols == 3);
    nonet_variant_free(v);
    /* a plain grid part and a constraint string part (a blank line between) */
    v = parse(".Thermo~R1C1~R1C2\n\n1.3.34.2..4.4.21", &err);
    CHECK(v && nonet_variant_grid(v)->n == 4 && nonet_variant_grid(v)->cells[5] == 4);
    nonet_variant_free(v);
    /* a full grid is a jigsaw's layout to ISS (it tries layouts first) */
    v = parse(".Thermo~R1C1~R1C2\n\n1234341221434321", &err);
    CHECK(v && nonet_variant_regions(v, (uint8_t[16]){0}) && nonet_variant_grid(v)->cells[0] == 0);
    nonet_variant_free(v);
    /* pencil marks (9 characters a cell): the digits rule, a cell of one
     * digit a given, of every digit nothing */
    char text[800];
    snprintf(text, sizeof text,
             ".Thermo~R4C1~R4C2\n\n1........"
             ".2.4.....");
    for (int c = 2; c < 81; c++)
        strcat(text, "123456789");
    v = parse(text, &err);
    nonet_constraint c;
    CHECKF(v && nonet_variant_grid(v)->cells[0] == 1 && nonet_variant_count_constraints(v) == 2,
           "%s", err.message);
    CHECK(nonet_variant_get(v, 1, &c) == NONET_OK && c.type == NONET_CON_DIGITS && c.ncells == 1 &&
          c.cells[0] == 1 && c.nvalues == 2 && c.values[1] == 4);
    nonet_variant_free(v);
    /* jigsaw and NoBoxes: its regions replace the boxes */
    v = parse(".Shape~4x4.NoBoxes.Jigsaw~0001011122232333", &err);
    uint8_t region[256];
    CHECK(v && nonet_variant_regions(v, region) && region[3] == 1 && region[4] == 0 &&
          region[15] == 3 && nonet_variant_count_constraints(v) == 0);
    nonet_variant_free(v);
    /* a 5x5 jigsaw (no boxes on a prime side) replaces nonet's box rows */
    v = parse(".Shape~5x5.Jigsaw~0000101111222223333344444", &err);
    CHECK(v && nonet_variant_regions(v, region) && region[5] == 0 && region[4] == 1);
    nonet_variant_free(v);
    /* the jigsaw line: givens, then the layout (its regions connected) */
    v = parse("1...........4...0001011122232333", &err);
    CHECK(v && nonet_variant_grid(v)->cells[0] == 1 && nonet_variant_grid(v)->cells[12] == 4 &&
          nonet_variant_regions(v, region) && region[1] == 0 && region[3] == 1);
    nonet_variant_free(v);
    /* a killer line as a part: its cages */
    v = parse(".Diagonal~1\n\n"
              "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^",
              &err);
    CHECKF(v && nonet_variant_count_constraints(v) > 20, "%s", err.message);
    nonet_variant_free(v);
}

/* Errors name what and where (line, column). */
typedef struct bad {
    const char *text;
    long line, column;
    const char *words;
} bad;

static void test_errors(void)
{
    static const bad cases[] = {
        {".Thermo~R1C1~R1C2.Foo~R1C1", 1, 18, "'Foo' is not a constraint type"},
        {".Thermo~R1C1\n~R1C2\n.Palindrom~R1C1~R1C2", 3, 1, "'Palindrom'"},
        {".Thermo~R1C1~R1CX", 1, 14, "'R1CX' is no cell"},
        {".Thermo~R1C1~R10C1", 1, 14, "past 9 as letters, a for 10 to g for 16 (RaC1)"},
        {".Shape~6x6.Thermo~R1C1~R7C1", 1, 24, "'R7C1' is outside the 6x6 grid"},
        {".Diagonal.~R1C1_1", 1, 1, "Diagonal: expected its direction"},
        {".Diagonal~2", 1, 11, "'2' is none of its kinds"},
        {".AntiKnight~R1C1", 1, 13, "AntiKnight takes no arguments"},
        {".XSum~R3~1~2~3", 1, 1, "XSum: its row or column"},
        {".XSum~R10~5", 1, 7, "'R10' is no row or column"},
        {".Sandwich~5", 1, 11, "Sandwich: expected its number, then its clue's row or column"},
        {".LittleKiller~5~R5C5", 1, 17, "no diagonal of its clues starts at R5C5"},
        {".Sum~1_=_1~R1C1~R1C2", 1, 6, "1 weights for 2 cells"},
        {".Cage~x~R1C1", 1, 7, "Cage: expected its number first"},
        {".Cage~10~R1C1~R1C1", 1, 1, "R1C1 listed twice"},
        {".Cage~99~R1C1~R1C2", 1, 1, "Cage: 99 is out of range"},
        {".Or.Thermo~R1C1~R1C2.End", 1, 1, "Or is one of ISS's composites"},
        {".Thermo~R1C1~R1C2.End", 1, 18, "an End without the And"},
        {".Thermo~R1C1~R1C2\n.And.AntiKing", 2, 1, "an And without its End"},
        {".Shape~6x8", 1, 1, "nonet's grids are square"},
        {".Shape~9x9~0-7", 1, 1, "digits 0 to 7"},
        {".Shape~4x4~2-5", 1, 1, "digits 2 to 5"},
        {".Shape~4x4~0-3.~R1C1_4", 1, 22, "4 is no digit 0 to 3"},
        {".Shape~6x6~5", 1, 1, "digits 1 to 5"},
        {".Shape~9x9~~Raw", 1, 1, "the grid type Raw"},
        {".~R1C1_10", 1, 8, "10 is no digit 1 to 9"},
        {".~R1C1_1_2.~R1C1_3", 1, 13, "R1C1 given again, and no digit is left"},
        {".~R1C1", 1, 3, "a cell without its digits"},
        {".Regex~*~R1C1", 1, 8, "'*' in its expression"},
        {".Shape~4x4.Pair~~R1C1~R1C2", 1, 17, "its key allows no pair"},
        {".WhiteDot~R1C1~R3C3", 1, 1, "R1C1 touches none of its other cells"},
        {".Thermo~R1C1~R1C3", 1, 1, "Thermo: r1c1 does not touch r1c3"},
        {"https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1CX", 1, 70,
         "'R1CX' is no cell"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bad *x = &cases[i];
        nonet_error err;
        nonet_variant *v = NULL;
        int rc = nonet_variant_parse(x->text, strlen(x->text), &v, NULL, &err);
        CHECKF(rc == NONET_EARG && !v, "%s: read (%d)", x->text, rc);
        CHECKF(err.line == x->line && err.column == x->column && strstr(err.message, x->words),
               "%s: at %ld:%ld '%s', wanted %ld:%ld '%s'", x->text, err.line, err.column,
               err.message, x->line, x->column, x->words);
    }
}

/* ------------------------------------------------------------ the digits rule counted */

/* The 4x4 grids (rows, columns, 2x2 boxes) in which every cell of cells
 * holds one of digits (a mask), counted here. */
static int grid_ok(const uint8_t *g)
{
    for (int a = 0; a < 16; a++)
        for (int b = a + 1; b < 16; b++)
            if (g[a] == g[b] &&
                (a / 4 == b / 4 || a % 4 == b % 4 || (a / 8 == b / 8 && a % 4 / 2 == b % 4 / 2)))
                return 0;
    return 1;
}

static uint64_t count_4x4(uint8_t *g, int c, const unsigned *mask)
{
    if (c == 16)
        return grid_ok(g);
    uint64_t total = 0;
    for (int d = 1; d <= 4; d++)
        if (mask[c] >> (d - 1) & 1) {
            g[c] = (uint8_t)d;
            int clash = 0;
            for (int e = 0; e < c && !clash; e++)
                clash = g[e] == d && (e / 4 == c / 4 || e % 4 == c % 4 ||
                                      (e / 8 == c / 8 && e % 4 / 2 == c % 4 / 2));
            if (!clash)
                total += count_4x4(g, c + 1, mask);
        }
    g[c] = 0;
    return total;
}

static void test_digits_counted(void)
{
    rng = 4242;
    for (int round = 0; round < 40; round++) {
        unsigned mask[16];
        sbuf b = {.len = 0};
        out(&b, ".Shape~4x4.");
        for (int c = 0; c < 16; c++) {
            mask[c] = 15;
            if (below(3))
                continue;
            mask[c] = (unsigned)(1 + below(15));
            out_cell(&b, 4, c);
            for (int d = 1; d <= 4; d++)
                if (mask[c] >> (d - 1) & 1)
                    out(&b, "_%d", d);
        }
        uint8_t g[16] = {0};
        uint64_t want = count_4x4(g, 0, mask), got = 0;
        nonet_error err;
        nonet_variant *v = parse(b.s, &err);
        CHECKF(v, "%s: %s", b.s, err.message);
        CHECK(nonet_variant_count(v, 0, &got, NULL, NULL, NULL) == NONET_OK);
        CHECKF(got == want, "%s: %llu solutions, %llu counted here", b.s, (unsigned long long)got,
               (unsigned long long)want);
        nonet_variant_free(v);
    }
}

/* ------------------------------------------------------------ writing */

static void test_write(void)
{
    char buf[4096], why[200];
    nonet_error err;
    /* a puzzle with givens, restrictions, a jigsaw and aliases back as ISS */
    const char *t = ".Shape~4x4.NoBoxes.Jigsaw~0001011122232333.~R1C1_1~R2C2_3_4"
                    ".V~R3C1~R3C2.StrictKropki.Whisper~R4C1~R4C2";
    nonet_variant *v = parse(t, &err);
    CHECKF(v, "%s", err.message);
    long len = nonet_variant_iss(v, buf, sizeof buf, why, sizeof why);
    CHECKF(len > 0, "%s", why);
    CHECKF(strstr(buf, ".Shape~4x4") && strstr(buf, ".Jigsaw~0001011122232333.NoBoxes") &&
               strstr(buf, ".~R1C1_1~R2C2_3_4") && strstr(buf, ".V~R3C1~R3C2") &&
               strstr(buf, ".StrictKropki") && strstr(buf, ".Whisper~5~R4C1~R4C2"),
           "written as %s", buf);
    CHECK(nonet_variant_iss(v, NULL, 0, NULL, 0) == len);
    char small[10];
    CHECK(nonet_variant_iss(v, small, sizeof small, NULL, 0) == len && strlen(small) == 9);
    nonet_variant *back = parse(buf, &err);
    char again[4096];
    CHECK(back && nonet_variant_iss(back, again, sizeof again, NULL, 0) == len &&
          !strcmp(buf, again));
    nonet_variant_free(back);
    nonet_variant_free(v);
    /* a whisper without its gap: the gap it stands for on the side (6x6: 4) */
    v = parse("......\n......\n......\n......\n......\n......\nwhisper r1c1 r1c2\n", &err);
    CHECKF(v, "%s", err.message);
    CHECK(nonet_variant_iss(v, buf, sizeof buf, NULL, 0) > 0 &&
          strstr(buf, ".Whisper~4~R1C1~R1C2"));
    nonet_variant_free(v);
    /* what ISS has no type for: refused, named */
    static const char *const refused[][2] = {
        {".................................................................................\n"
         "odd r1c1\n",
         "odd: Interactive Sudoku Solver has no such rule"},
        {".................................................................................\n"
         "sum r1c1 r1c2 = 7\n",
         "sum = 7"},
        {".................................................................................\n"
         "arrow r1c1 r1c2 : r2c3\n",
         "a bulb of more than one cell"},
        {".................................................................................\n"
         "negative ratio = 2\n",
         "negative ratio: Interactive Sudoku Solver has no such rule"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        v = parse(refused[i][0], &err);
        CHECKF(v, "%s", err.message);
        why[0] = '\0';
        CHECKF(nonet_variant_iss(v, buf, sizeof buf, why, sizeof why) == NONET_EARG &&
                   strstr(why, refused[i][1]),
               "%s: '%s'", refused[i][0], why);
        nonet_variant_free(v);
    }
    CHECK(nonet_variant_iss(NULL, buf, sizeof buf, NULL, 0) == NONET_EARG);
}

/* ------------------------------------------------------------ sniffing */

static void test_sniff(void)
{
    static const char *const yes[] = {
        ".~R1C1_5",
        ".Thermo~R1C1~R1C2",
        ".Thermo ~R1C1~R1C2",
        "  \n# title\n.AntiKnight.~R1C2_3",
        ".Windoku",
        ".Foo~R1C1",                          /* unknown: read, then named */
        ".ChaosConstruction.Arrow~R1C1~R1C2", /* unknown, without arguments */
        ".Or.Thermo~R1C1~R1C2.End",
        "..Cage~14~R5C3~R5C4",                   /* an empty item first */
        ".ChaosConstruction .NoBoxes .Foo~R1C1", /* blanks between items */
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1C2",
        "1...........4... 0001011122232333",
    };
    static const char *const no[] = {
        /* classic grids: a 16x16 line starting with a blank and letters */
        (".A.B.C.D.E.F.G..1..2..3..4..5..6..7..8..9..AB..CD..EF..G.1.2.3.4.5.6.7.8.9.A.B.C.D."
         "E.F.G..........................................................................."
         "................."),
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ".X.V.",
        /* a puzzle and its solution on one line: no layout of connected regions */
        ("1234341221434321"
         "1234341221434321"),
    };
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        CHECKF(nonet_variant_sniff(yes[i], strlen(yes[i])), "not sniffed: %s", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        CHECKF(!nonet_variant_sniff(no[i], strlen(no[i])), "sniffed: %s", no[i]);
}

void suite_iss(void)
{
    RUN(test_every_row);
    RUN(test_forms);
    RUN(test_givens_and_grids);
    RUN(test_errors);
    RUN(test_digits_counted);
    RUN(test_write);
    RUN(test_sniff);
}
