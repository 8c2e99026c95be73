/* svg.c - one drawing of a step: a position with a step's roles, houses
 * and chain links as an SVG document (nonet.h, nonet_step_svg). The one
 * renderer the command line and the page share. Integer coordinates
 * only, so that the bytes never depend on the locale. */
#include "core/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(text_buf *t, const char *s)
{
    text_put(t, s, strlen(s));
}

static void putf(text_buf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void putf(text_buf *t, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (len > 0)
        text_put(t, small, (size_t)len < sizeof small ? (size_t)len : sizeof small - 1);
}

/* Text as XML character data or an attribute value. */
static void put_xml(text_buf *t, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<':
            put(t, "&lt;");
            break;
        case '>':
            put(t, "&gt;");
            break;
        case '&':
            put(t, "&amp;");
            break;
        case '"':
            put(t, "&quot;");
            break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t')
                text_put(t, s, 1);
        }
    }
}

/* The whole drawing's state: geometry and the effective marks. */
typedef struct drawing {
    text_buf t;
    const nonet_grid *pos;
    const nonet_step *st;
    const char *symbols; /* n symbols, or NULL */
    const char *id;
    int n, k, kr; /* side; candidates across and down a cell */
    int cell;     /* a cell's side in units */
    int px, py;   /* a candidate's place across and down */
    int margin;   /* room for the row and column numbers */
    int radius;   /* a mark's radius */
    int width, grid_bottom, height;
    uint64_t cands[NONET_MAX_CELLS];  /* candidates shown in empty cells */
    uint64_t filled[NONET_MAX_CELLS]; /* candidates under a solid mark */
} drawing;

/* A digit in the drawing's symbols. */
static void put_digit(drawing *d, int digit)
{
    if (d->symbols) {
        char one[2] = {d->symbols[digit - 1], '\0'};
        put_xml(&d->t, one);
    } else if (d->n <= NONET_MAX_SYMBOL_SIDE) {
        char one[2] = {sym_of_digit(digit), '\0'};
        put_xml(&d->t, one);
    } else {
        putf(&d->t, "%d", digit);
    }
}

static int cand_x(const drawing *d, int cell, int digit)
{
    return d->margin + cell % d->n * d->cell + (digit - 1) % d->k * d->px + d->px / 2;
}

static int cand_y(const drawing *d, int cell, int digit)
{
    return d->margin + cell / d->n * d->cell + (digit - 1) / d->k * d->py + d->py / 2;
}

/* The integer square root of v >= 0. */
static long isqrt(long v)
{
    long r = 0;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

/* ------------------------------------------------------------ marks */

enum mark_kind {
    MK_ON,
    MK_PLACED,
    MK_DEFINING,
    MK_BASE,
    MK_PIVOT,
    MK_PINCER,
    MK_SUPPORT,
    MK_CHAIN,
    MK_TARGET,
    MK_OFF,
    MK_ELIMINATED,
    MK_CELL, /* a cell alone, no digit (a hint at level 2) */
    MK_COUNT
};

static const char *const mark_names[MK_COUNT] = {"on",     "placed", "defining",   "base",
                                                 "pivot",  "pincer", "support",    "chain",
                                                 "target", "off",    "eliminated", "cell"};

static const char *const mark_words[MK_COUNT] = {"on (true)", "placed",      "pattern",    "base",
                                                 "pivot",     "pincer",      "support",    "chain",
                                                 "target",    "off (false)", "eliminated", "cell"};

/* The mark kind of a pattern role, or -1. */
static int role_mark(nonet_role role)
{
    switch (role) {
    case NONET_ROLE_DEFINING:
        return MK_DEFINING;
    case NONET_ROLE_BASE:
        return MK_BASE;
    case NONET_ROLE_PIVOT:
        return MK_PIVOT;
    case NONET_ROLE_PINCER:
        return MK_PINCER;
    case NONET_ROLE_SUPPORT:
        return MK_SUPPORT;
    case NONET_ROLE_CHAIN:
        return MK_CHAIN;
    case NONET_ROLE_TARGET:
        return MK_TARGET;
    case NONET_ROLE_PLACED:
        return MK_PLACED;
    case NONET_ROLE_ELIMINATED:
        return MK_ELIMINATED;
    default:
        return -1;
    }
}

/* Calls fn on every (cell, digit, kind) the step marks, once each:
 * marks of the pattern, the chain's nodes, placements, eliminations. */
typedef struct mark_item {
    int cell, digit, kind;
} mark_item;

/* The i-th raw mark of the step (duplicates included); 0 past the end. */
static int raw_mark(const nonet_step *st, int n, long i, mark_item *m)
{
    /* the pattern, a candidate per digit */
    for (int p = 0; p < st->npattern; p++) {
        int kind = role_mark(st->pattern[p].role);
        if (kind == MK_CHAIN && st->nchain > 0)
            kind = -1; /* its nodes say on or off */
        for (uint64_t b = st->pattern[p].digits & full_set(n); b; b &= b - 1) {
            if (kind < 0)
                continue;
            if (i-- == 0) {
                *m = (mark_item){st->pattern[p].cell, lowest_bit(b) + 1, kind};
                return 1;
            }
        }
    }
    if (i < st->nchain) {
        const nonet_chain_node *a = &st->chain[i];
        *m = (mark_item){a->cell, a->digit, a->on ? MK_ON : MK_OFF};
        return 1;
    }
    i -= st->nchain;
    if (i < st->nplacements) {
        *m = (mark_item){st->placements[i].cell, lowest_bit(st->placements[i].digits) + 1,
                         MK_PLACED};
        return 1;
    }
    i -= st->nplacements;
    for (int e = 0; e < st->neliminations; e++)
        for (uint64_t b = st->eliminations[e].digits & full_set(n); b; b &= b - 1)
            if (i-- == 0) {
                *m = (mark_item){st->eliminations[e].cell, lowest_bit(b) + 1, MK_ELIMINATED};
                return 1;
            }
    return 0;
}

/* Every distinct mark of the step into a malloc'ed array (*count of
 * them); NULL with *count 0 when there is none or out of memory (*oom). */
static mark_item *collect_marks(const nonet_step *st, int n, long *count, int *oom)
{
    long raw = 0;
    mark_item m;
    while (raw_mark(st, n, raw, &m))
        raw++;
    *count = 0;
    *oom = 0;
    if (raw == 0)
        return NULL;
    mark_item *all = malloc((size_t)raw * sizeof *all);
    if (!all) {
        *oom = 1;
        return NULL;
    }
    for (long i = 0; i < raw; i++) {
        raw_mark(st, n, i, &m);
        long j = 0;
        while (j < *count &&
               (all[j].cell != m.cell || all[j].digit != m.digit || all[j].kind != m.kind))
            j++;
        if (j == *count)
            all[(*count)++] = m;
    }
    return all;
}

/* A closed circle as a path, centre (x, y), radius r. */
static void circle_path(text_buf *t, int x, int y, int r)
{
    putf(t, "M%d %da%d %d 0 1 0 %d 0a%d %d 0 1 0 %d 0z", x - r, y, r, r, 2 * r, r, r, -2 * r);
}

/* A mark's shape of radius r at (x, y), as a path's data. */
static void mark_shape(text_buf *t, int kind, int x, int y, int r)
{
    int h = r * 7 / 10, q = r * 4 / 10;
    switch (kind) {
    case MK_ON:
    case MK_OFF:
    case MK_CHAIN:
    case MK_SUPPORT:
        circle_path(t, x, y, r - 1);
        break;
    case MK_TARGET:
        circle_path(t, x, y, r);
        circle_path(t, x, y, r - 4);
        break;
    case MK_PLACED:
    case MK_DEFINING:
        putf(t, "M%d %dh%dv%dh%dz", x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2, -(2 * r - 2));
        break;
    case MK_BASE:
        putf(t, "M%d %dh%dl%d %dv%dl%d %dh%dl%d %dv%dl%d %dz", x - q, y - r, 2 * q, r - q, r - q,
             2 * q, -(r - q), r - q, -2 * q, -(r - q), -(r - q), -2 * q, r - q, -(r - q));
        break;
    case MK_PIVOT:
        putf(t, "M%d %dl%d %dl%d %dl%d %dz", x, y - r, r, r, -r, r, -r, -r);
        break;
    case MK_PINCER:
        putf(t, "M%d %dl%d %dh%dz", x, y - r, r, r + h, -2 * r);
        break;
    case MK_ELIMINATED:
        putf(t, "M%d %dl%d %dM%d %dl%d %d", x - h, y - h, 2 * h, 2 * h, x + h, y - h, -2 * h,
             2 * h);
        break;
    case MK_CELL: /* (x, y) the cell's centre, r half its side */
        putf(t, "M%d %dh%dv%dh%dz", x - r + 4, y - r + 4, 2 * r - 8, 2 * r - 8, -(2 * r - 8));
        break;
    default:
        break;
    }
}

static void put_cell_name(drawing *d, int cell)
{
    putf(&d->t, "r%dc%d", cell / d->n + 1, cell % d->n + 1);
}

static void draw_mark(drawing *d, const mark_item *m)
{
    if (m->kind == MK_CELL) { /* the whole cell, no digit */
        put(&d->t, "<path class=\"mark r-cell\" data-cell=\"");
        put_cell_name(d, m->cell);
        put(&d->t, "\" data-role=\"cell\" d=\"");
        mark_shape(&d->t, MK_CELL, d->margin + m->cell % d->n * d->cell + d->cell / 2,
                   d->margin + m->cell / d->n * d->cell + d->cell / 2, d->cell / 2);
        put(&d->t, "\"/>\n");
        return;
    }
    putf(&d->t, "<path class=\"mark r-%s\" data-cell=\"", mark_names[m->kind]);
    put_cell_name(d, m->cell);
    putf(&d->t, "\" data-digit=\"%d\" data-role=\"%s\" d=\"", m->digit, mark_names[m->kind]);
    mark_shape(&d->t, m->kind, cand_x(d, m->cell, m->digit), cand_y(d, m->cell, m->digit),
               d->radius);
    put(&d->t, "\"/>\n");
}

/* ------------------------------------------------------------ links */

enum { LK_COUNT = NONET_LINK_NESTED + 1 };
static const char *const link_names[LK_COUNT] = {"none",    "strong", "weak",
                                                 "implied", "rule",   "nested"};
static const char *const link_words[LK_COUNT] = {"assumed", "strong link", "weak link",
                                                 "implied", "by a rule",   "by a chain inside"};

/* A curve from (x0, y0) to (x1, y1), bent to its left, short of both
 * ends by gap, with an arrowhead at its end: two paths' data written as
 * the d attributes of a line and a head. */
static void link_shape(text_buf *t, int x0, int y0, int x1, int y1, int gap)
{
    long dx = x1 - x0, dy = y1 - y0, len = isqrt(dx * dx + dy * dy);
    if (len == 0 || len <= 2L * gap) { /* the same or touching candidates: a small loop */
        putf(t, "<path class=\"line\" d=\"M%d %dc%d %d %d %d 0 0\"/>", x1 - gap / 2, y1 - gap, -gap,
             -2 * gap, 2 * gap, -2 * gap);
        putf(t, "<path class=\"head\" d=\"M%d %dl%d %dh%dz\"/>", x1 - gap / 2, y1 - gap, -3, -6, 6);
        return;
    }
    long sx = x0 + dx * gap / len, sy = y0 + dy * gap / len;
    long ex = x1 - dx * (gap + 1) / len, ey = y1 - dy * (gap + 1) / len;
    long bend = len / 6; /* to the left of the direction: (dy, -dx) */
    long cx = (sx + ex) / 2 + dy * bend / len, cy = (sy + ey) / 2 - dx * bend / len;
    putf(t, "<path class=\"line\" d=\"M%ld %ldQ%ld %ld %ld %ld\"/>", sx, sy, cx, cy, ex, ey);
    /* the head along the curve's last tangent, from (cx, cy) to the end */
    long tx = ex - cx, ty = ey - cy, tl = isqrt(tx * tx + ty * ty);
    if (tl == 0)
        tl = 1;
    long hx = tx * 9 / tl, hy = ty * 9 / tl; /* 9 units long, 8 wide */
    long wx = -ty * 4 / tl, wy = tx * 4 / tl;
    putf(t, "<path class=\"head\" d=\"M%ld %ldL%ld %ldL%ld %ldz\"/>", ex, ey, ex - hx + wx,
         ey - hy + wy, ex - hx - wx, ey - hy - wy);
}

static void draw_links(drawing *d)
{
    const nonet_step *st = d->st;
    for (int i = 0; i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        int kind = a->link > NONET_LINK_NONE && a->link <= NONET_LINK_NESTED ? (int)a->link
                                                                             : NONET_LINK_WEAK;
        for (int j = 0; j < a->nparents; j++) {
            const nonet_chain_node *p = &st->chain[st->chain_parents[a->parents + j]];
            putf(&d->t, "<g class=\"link l-%s\" data-from=\"", link_names[kind]);
            put_cell_name(d, p->cell);
            putf(&d->t, ":%d\" data-to=\"", p->digit);
            put_cell_name(d, a->cell);
            putf(&d->t, ":%d\">", a->digit);
            link_shape(&d->t, cand_x(d, p->cell, p->digit), cand_y(d, p->cell, p->digit),
                       cand_x(d, a->cell, a->digit), cand_y(d, a->cell, a->digit), d->radius);
            put(&d->t, "</g>\n");
        }
    }
}

/* ------------------------------------------------------------ words */

static const char *const unit_kinds[3] = {"row", "column", "box"};
static const char *const house_roles[3] = {"unit", "base", "cover"};

static void put_candidate_words(drawing *d, int cell, int digit)
{
    put_cell_name(d, cell);
    if (digit < 1)
        return; /* a cell alone */
    put(&d->t, " ");
    put_digit(d, digit);
}

/* The step in words for <desc>: what each role marks, the houses, and
 * every chain node with its link and parents. */
static void describe_roles(drawing *d, const mark_item *marks, long nmarks, const int *units,
                           const int *roles, int nhouses)
{
    const nonet_step *st = d->st;
    for (int kind = 0; kind < MK_COUNT; kind++) {
        if (kind == MK_ON || kind == MK_OFF)
            continue; /* the chain says them */
        int said = 0;
        for (long i = 0; i < nmarks; i++)
            if (marks[i].kind == kind) {
                putf(&d->t, "%s", said ? ", " : "");
                if (!said)
                    putf(&d->t, "%c%s: ", mark_words[kind][0] - 'a' + 'A', mark_words[kind] + 1);
                put_candidate_words(d, marks[i].cell, marks[i].digit);
                said = 1;
            }
        if (said)
            put(&d->t, ". ");
    }
    for (int i = 0; i < nhouses; i++)
        putf(&d->t, "%s%s %d (%s)%s", i ? ", " : "Houses: ", unit_kinds[units[i] / d->n],
             units[i] % d->n + 1, house_roles[roles[i]], i == nhouses - 1 ? ". " : "");
    for (int i = 0, from = 0; i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        if (i == 0 || st->chain[i - 1].branch != a->branch) {
            from = i;
            putf(&d->t, "Chain, branch %d: ", a->branch + 1);
        }
        put_candidate_words(d, a->cell, a->digit);
        putf(&d->t, " %s", a->on ? "on" : "off");
        if (a->nparents > 0) {
            int kind = a->link > NONET_LINK_NONE && a->link <= NONET_LINK_NESTED ? (int)a->link : 0;
            putf(&d->t, ", %s", kind ? link_words[kind] : "follows");
            if (a->unit >= 0 && a->unit < 3 * d->n)
                putf(&d->t, " in %s %d", unit_kinds[a->unit / d->n], a->unit % d->n + 1);
            else if (kind == NONET_LINK_STRONG || kind == NONET_LINK_WEAK ||
                     kind == NONET_LINK_IMPLIED)
                put(&d->t, " in its cell");
            put(&d->t, " from ");
            for (int j = 0; j < a->nparents; j++) {
                int p = st->chain_parents[a->parents + j];
                putf(&d->t, "%s", j == 0 ? "" : j == a->nparents - 1 ? " and " : ", ");
                put_candidate_words(d, st->chain[p].cell, st->chain[p].digit);
                putf(&d->t, " %s (node %d)", st->chain[p].on ? "on" : "off", p - from + 1);
            }
        } else {
            put(&d->t, ", assumed");
        }
        int last = i == st->nchain - 1 || st->chain[i + 1].branch != a->branch;
        put(&d->t, last ? ". " : "; ");
    }
}

/* ------------------------------------------------------------ the page */

/* The style: shapes and lines, then every colour twice, plain (the light
 * palette, for any renderer) and as light-dark(light, dark) where the
 * renderer has it. light-dark() follows the color-scheme where the
 * drawing is: a document of its own takes the reader's preference (its
 * root's "light dark"), a drawing inside a page takes the page's (a page
 * with a theme switch sets color-scheme), so that the drawing matches the
 * page whatever the system prefers. Every rule is under the root's class,
 * so that a page's own classes and the drawing's never meet. */
static const char style_shapes[] =
    "svg.nonet-step:root{color-scheme:light dark}\n"
    ".nonet-step text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
    "text-anchor:middle}\n"
    ".nonet-step .thin{stroke-width:1;fill:none}"
    ".nonet-step .thick{stroke-width:3;fill:none;stroke-linecap:square}\n"
    ".nonet-step .label{font-size:16px}.nonet-step .given{font-weight:700}"
    ".nonet-step .cand.inv{font-weight:700}"
    ".nonet-step .legend{font-size:18px;text-anchor:start}\n"
    ".nonet-step .house{stroke-width:3;stroke-dasharray:9 5;fill-opacity:.35}\n"
    ".nonet-step .mark,.nonet-step .key{fill:none;stroke-width:2.5;stroke-linejoin:round}\n"
    ".nonet-step .r-on,.nonet-step .r-placed{stroke:none}"
    ".nonet-step .r-chain{stroke-dasharray:3 2}"
    ".nonet-step .r-eliminated{stroke-width:3;stroke-linecap:round}"
    ".nonet-step .r-support{stroke-dasharray:2 3}"
    ".nonet-step .r-cell{stroke-width:3.5}\n"
    ".nonet-step .link .line,.nonet-step .key-link .line{fill:none;stroke-width:2.5;"
    "stroke-linecap:round}"
    ".nonet-step .l-weak .line{stroke-dasharray:7 5}"
    ".nonet-step .l-implied .line{stroke-dasharray:.5 5}"
    ".nonet-step .l-rule .line,.nonet-step .l-nested .line{stroke-dasharray:9 4 2 4}\n";

/* A rule's colours: fill and stroke, light and dark (NULL: none). */
typedef struct palette_rule {
    const char *sel;
    const char *fill, *fill_dark, *stroke, *stroke_dark;
} palette_rule;

static const palette_rule palette[] = {
    {".bg", "#fff", "#15171a", NULL, NULL},
    {".thin", NULL, NULL, "#9a9a9a", "#555b62"},
    {".thick", NULL, NULL, "#222", "#d8dde3"},
    {".label", "#666", "#9aa3ad", NULL, NULL},
    {".given", "#111", "#f2f4f7", NULL, NULL},
    {".placed-digit", "#1e5aa8", "#7fb7ff", NULL, NULL},
    {".cand", "#505050", "#b4bcc5", NULL, NULL},
    {".cand.inv", "#fff", "#0c0d0f", NULL, NULL},
    {".legend", "#333", "#d8dde3", NULL, NULL},
    {".h-unit", "#d9d9d9", "#3a3f45", "#616161", "#aab2bb"},
    {".h-base", "#ffe28a", "#5c4a12", "#9c6b00", "#f5c542"},
    {".h-cover", "#bfe0ff", "#15385c", "#1565c0", "#6fb3ff"},
    {".r-on", "#1f6fb5", "#5aa9f0", NULL, NULL},
    {".r-placed", "#2e8b37", "#5cc46a", NULL, NULL},
    {".r-off", NULL, NULL, "#e8710a", "#ffa347"},
    {".r-chain", NULL, NULL, "#e8710a", "#ffa347"},
    {".r-eliminated", NULL, NULL, "#d32f2f", "#ff6b6b"},
    {".r-defining", NULL, NULL, "#7b3fa0", "#c79bf2"},
    {".r-base", NULL, NULL, "#8d5524", "#e0a872"},
    {".r-pivot", "#6a1b9a33", "#d3a4ff33", "#6a1b9a", "#d3a4ff"},
    {".r-pincer", NULL, NULL, "#c2185b", "#ff7fb5"},
    {".r-support", NULL, NULL, "#616161", "#aab2bb"},
    {".r-target", NULL, NULL, "#00838f", "#4dd0e1"},
    {".r-cell", NULL, NULL, "#00838f", "#4dd0e1"},
    {".l-strong .line", NULL, NULL, "#1f6fb5", "#5aa9f0"},
    {".l-strong .head", "#1f6fb5", "#5aa9f0", NULL, NULL},
    {".l-weak .line", NULL, NULL, "#e8710a", "#ffa347"},
    {".l-weak .head", "#e8710a", "#ffa347", NULL, NULL},
    {".l-implied .line", NULL, NULL, "#1f6fb5", "#5aa9f0"},
    {".l-implied .head", "#1f6fb5", "#5aa9f0", NULL, NULL},
    {".l-rule .line", NULL, NULL, "#555", "#aab2bb"},
    {".l-rule .head", "#555", "#aab2bb", NULL, NULL},
    {".l-nested .line", NULL, NULL, "#555", "#aab2bb"},
    {".l-nested .head", "#555", "#aab2bb", NULL, NULL},
};

/* The palette's rules: light only, or light-dark() pairs. */
static void put_palette(text_buf *t, int dark)
{
    for (size_t i = 0; i < sizeof palette / sizeof palette[0]; i++) {
        const palette_rule *p = &palette[i];
        putf(t, ".nonet-step %s{", p->sel);
        if (p->fill && dark)
            putf(t, "fill:light-dark(%s,%s)", p->fill, p->fill_dark);
        else if (p->fill)
            putf(t, "fill:%s", p->fill);
        putf(t, "%s", p->fill && p->stroke ? ";" : "");
        if (p->stroke && dark)
            putf(t, "stroke:light-dark(%s,%s)", p->stroke, p->stroke_dark);
        else if (p->stroke)
            putf(t, "stroke:%s", p->stroke);
        put(t, i % 4 == 3 ? "}\n" : "}");
    }
}

static void put_style(text_buf *t)
{
    put(t, "<style>\n");
    put(t, style_shapes);
    put_palette(t, 0);
    put(t, "\n@supports (color:light-dark(#000,#fff)){\n");
    put_palette(t, 1);
    put(t, "}\n</style>\n");
}

static void draw_grid(drawing *d)
{
    const nonet_grid *g = d->pos;
    int n = d->n, m = d->margin, side = n * d->cell;
    put(&d->t, "<path class=\"thin\" d=\"");
    for (int i = 1; i < n; i++)
        if (i % g->box_rows)
            putf(&d->t, "M%d %dh%d", m, m + i * d->cell, side);
    for (int i = 1; i < n; i++)
        if (i % g->box_cols)
            putf(&d->t, "M%d %dv%d", m + i * d->cell, m, side);
    put(&d->t, "\"/>\n<path class=\"thick\" d=\"");
    for (int i = 0; i <= n; i += g->box_rows)
        putf(&d->t, "M%d %dh%d", m, m + i * d->cell, side);
    for (int i = 0; i <= n; i += g->box_cols)
        putf(&d->t, "M%d %dv%d", m + i * d->cell, m, side);
    put(&d->t, "\"/>\n");
    for (int i = 0; i < n; i++) {
        putf(&d->t, "<text class=\"label\" x=\"%d\" y=\"%d\">%d</text>",
             m + i * d->cell + d->cell / 2, m - 8, i + 1);
        putf(&d->t, "<text class=\"label\" x=\"%d\" y=\"%d\">%d</text>\n", m / 2,
             m + i * d->cell + d->cell / 2 + 6, i + 1);
    }
}

static void draw_houses(drawing *d, const int *units, const int *roles, int count)
{
    const nonet_grid *g = d->pos;
    int n = d->n;
    for (int i = 0; i < count; i++) {
        int u = units[i], r0, c0, rows, cols;
        if (u < n) {
            r0 = u, c0 = 0, rows = 1, cols = n;
        } else if (u < 2 * n) {
            r0 = 0, c0 = u - n, rows = n, cols = 1;
        } else {
            int b = u - 2 * n, across = n / g->box_cols;
            r0 = b / across * g->box_rows, c0 = b % across * g->box_cols;
            rows = g->box_rows, cols = g->box_cols;
        }
        putf(&d->t,
             "<rect class=\"house h-%s\" data-house=\"%s %d\" x=\"%d\" y=\"%d\" width=\"%d\" "
             "height=\"%d\" rx=\"6\"/>\n",
             house_roles[roles[i]], unit_kinds[u / n], u % n + 1, d->margin + c0 * d->cell + 3,
             d->margin + r0 * d->cell + 3, cols * d->cell - 6, rows * d->cell - 6);
    }
}

static void draw_digits(drawing *d, const nonet_grid *givens)
{
    int n = d->n, big = d->cell * 62 / 100, small = d->py * 72 / 100;
    if (small > d->px * 72 / 100)
        small = d->px * 72 / 100;
    for (int c = 0; c < n * n; c++) {
        int v = d->pos->cells[c];
        if (v) {
            int given = !givens || givens->cells[c] == v;
            putf(&d->t, "<text class=\"%s\" x=\"%d\" y=\"%d\" font-size=\"%d\">",
                 given ? "given" : "placed-digit", d->margin + c % n * d->cell + d->cell / 2,
                 d->margin + c / n * d->cell + d->cell / 2 + big * 35 / 100, big);
            put_digit(d, v);
            put(&d->t, "</text>\n");
            continue;
        }
        for (uint64_t b = d->cands[c]; b; b &= b - 1) {
            int digit = lowest_bit(b) + 1;
            putf(&d->t, "<text class=\"cand%s\" x=\"%d\" y=\"%d\" font-size=\"%d\">",
                 d->filled[c] >> (digit - 1) & 1 ? " inv" : "", cand_x(d, c, digit),
                 cand_y(d, c, digit) + small * 35 / 100, small);
            put_digit(d, digit);
            put(&d->t, "</text>");
        }
        if (d->cands[c])
            put(&d->t, "\n");
    }
}

/* The legend: each mark kind and link kind the drawing uses, a key and
 * its word. */
static void draw_legend(drawing *d, const mark_item *marks, long nmarks, int links_used)
{
    int used[MK_COUNT] = {0};
    for (long i = 0; i < nmarks; i++)
        used[marks[i].kind] = 1;
    int entry = 216, per_row = (d->width - d->margin) / entry, at = 0, row_h = 34;
    if (per_row < 1)
        per_row = 1;
    for (int kind = 0; kind < MK_COUNT + LK_COUNT; kind++) {
        int is_link = kind >= MK_COUNT, lk = kind - MK_COUNT;
        if (is_link ? !(links_used >> lk & 1) : !used[kind])
            continue;
        int x = d->margin + at % per_row * entry, y = d->grid_bottom + 14 + at / per_row * row_h;
        at++;
        if (is_link) {
            putf(&d->t,
                 "<g class=\"key-link l-%s\"><path class=\"line\" d=\"M%d %dh%d\"/>"
                 "<path class=\"head\" d=\"M%d %dl-9 -4v8z\"/></g>",
                 link_names[lk], x, y + 11, 34, x + 40, y + 11);
            putf(&d->t, "<text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>\n", x + 48, y + 17,
                 link_words[lk]);
        } else {
            putf(&d->t, "<path class=\"key r-%s\" d=\"", mark_names[kind]);
            mark_shape(&d->t, kind, x + 12, y + 11, d->radius);
            putf(&d->t, "\"/><text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>\n", x + 30, y + 17,
                 mark_words[kind]);
        }
    }
    d->height = d->grid_bottom + (at ? 14 + (at + per_row - 1) / per_row * row_h : 0) + 6;
}

/* Whether a step's cells, digits and parents are in range for side n. */
static int step_valid(const nonet_step *st, int n)
{
    if ((unsigned)st->technique >= NONET_TECH_COUNT || st->npattern < 0 || st->nplacements < 0 ||
        st->neliminations < 0 || st->nchain < 0 || (st->npattern && !st->pattern) ||
        (st->nplacements && !st->placements) || (st->neliminations && !st->eliminations) ||
        (st->nchain && !st->chain))
        return 0;
    const nonet_cell_digits *lists[3] = {st->pattern, st->placements, st->eliminations};
    int counts[3] = {st->npattern, st->nplacements, st->neliminations};
    for (int l = 0; l < 3; l++)
        for (int i = 0; i < counts[l]; i++)
            if (lists[l][i].cell < 0 || lists[l][i].cell >= n * n ||
                (lists[l][i].digits & ~full_set(n)) || (l == 1 && !lists[l][i].digits))
                return 0;
    for (int i = 0; i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        if (a->cell < 0 || a->cell >= n * n || a->digit < 1 || a->digit > n || a->nparents < 0)
            return 0;
        if (a->nparents > 0 &&
            (!st->chain_parents || a->parents < 0 || a->parents > st->nchain_parents ||
             a->nparents > st->nchain_parents - a->parents))
            return 0;
        for (int j = 0; j < a->nparents; j++) {
            int p = st->chain_parents[a->parents + j];
            if (p < 0 || p >= st->nchain)
                return 0;
        }
    }
    return 1;
}

static int id_valid(const char *id)
{
    size_t len = strlen(id);
    if (len == 0 || len > 32 || !((id[0] >= 'a' && id[0] <= 'z') || (id[0] >= 'A' && id[0] <= 'Z')))
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!((id[i] >= 'a' && id[i] <= 'z') || (id[i] >= 'A' && id[i] <= 'Z') ||
              (id[i] >= '0' && id[i] <= '9') || id[i] == '-' || id[i] == '_'))
            return 0;
    return 1;
}

/* The candidates shown: marks', else the digits each empty cell's units
 * lack; with every candidate the step names, so that each mark has its
 * digit. */
static void effective_marks(drawing *d, const nonet_marks *marks, const mark_item *items,
                            long nitems)
{
    const nonet_grid *g = d->pos;
    int n = d->n;
    for (int c = 0; c < n * n; c++) {
        d->filled[c] = 0;
        if (g->cells[c]) {
            d->cands[c] = 0;
        } else if (marks) {
            d->cands[c] = marks->cands[c] & full_set(n);
        } else {
            uint64_t seen = 0;
            int r = c / n, col = c % n;
            int r0 = r / g->box_rows * g->box_rows, c0 = col / g->box_cols * g->box_cols;
            for (int i = 0; i < n; i++) {
                int in_row = g->cells[r * n + i], in_col = g->cells[i * n + col];
                int in_box = g->cells[(r0 + i / g->box_cols) * n + c0 + i % g->box_cols];
                seen |= (in_row ? (uint64_t)1 << (in_row - 1) : 0) |
                        (in_col ? (uint64_t)1 << (in_col - 1) : 0) |
                        (in_box ? (uint64_t)1 << (in_box - 1) : 0);
            }
            d->cands[c] = full_set(n) & ~seen;
        }
    }
    for (long i = 0; i < nitems; i++) {
        int c = items[i].cell;
        if (items[i].digit < 1)
            continue; /* a cell alone */
        uint64_t bit = (uint64_t)1 << (items[i].digit - 1);
        if (g->cells[c])
            continue; /* a filled cell shows its digit alone */
        d->cands[c] |= bit;
        if (items[i].kind == MK_ON || items[i].kind == MK_PLACED)
            d->filled[c] |= bit;
    }
}

/* Whether an empty cell shows a candidate. */
static int any_candidate(const drawing *d)
{
    for (int c = 0; c < d->n * d->n; c++)
        if (d->cands[c])
            return 1;
    return 0;
}

/* A step as a hint at level 1 or 2 tells it (nonet_step_hint_svg): the
 * step less its conclusion, into hs, with its marks (level 2: the items
 * of nonet_step_hint_cells, a cell alone as MK_CELL) and its houses
 * (level 1: the region's; level 2: nonet_step_hint_json's). */
typedef struct hint_view {
    nonet_step hs;
    nonet_cell_digits *cells;
    mark_item *marks;
    long nmarks;
    int units[STEP_HOUSES_MAX], roles[STEP_HOUSES_MAX], nhouses;
} hint_view;

static int hint_view_make(hint_view *v, const nonet_step *st, int level, const nonet_grid *g)
{
    int n = g->n;
    memset(v, 0, sizeof *v);
    nonet_region region;
    if (nonet_step_region(st, g->box_rows, g->box_cols, &region) != NONET_OK)
        return NONET_EARG;
    v->hs.technique = st->technique;
    v->hs.difficulty = st->difficulty;
    v->hs.nunits = st->nunits;
    memcpy(v->hs.units, st->units, sizeof v->hs.units);
    if (level == NONET_HINT_WHERE) {
        for (int i = 0; i < region.nunits && i < NONET_MAX_SIDE; i++) {
            v->units[v->nhouses] = region.units[i];
            v->roles[v->nhouses++] = STEP_HOUSE_UNIT;
        }
        return NONET_OK;
    }
    int max = st->npattern + (st->chain_kind != NONET_CHAIN_NONE ? st->nchain : 0);
    v->cells = max > 0 ? malloc((size_t)max * sizeof *v->cells) : NULL;
    v->marks = max > 0 ? malloc((size_t)max * (size_t)n * sizeof *v->marks) : NULL;
    if (max > 0 && (!v->cells || !v->marks))
        return NONET_ENOMEM;
    int count = max > 0 ? nonet_step_hint_cells(st, n, v->cells, max) : 0;
    if (count < 0)
        return count;
    if (count > max)
        count = max;
    for (int i = 0; i < count; i++) {
        const nonet_cell_digits *it = &v->cells[i];
        int kind = role_mark(it->role);
        if (kind < 0)
            kind = MK_DEFINING;
        if (!it->digits) {
            kind = MK_CELL;
        }
        uint64_t b = it->digits & full_set(n);
        do {
            int digit = b ? lowest_bit(b) + 1 : 0;
            long j = 0;
            while (j < v->nmarks && (v->marks[j].cell != it->cell || v->marks[j].digit != digit ||
                                     v->marks[j].kind != kind))
                j++;
            if (j == v->nmarks)
                v->marks[v->nmarks++] = (mark_item){it->cell, digit, kind};
            b &= b - 1;
        } while (b);
    }
    v->hs.pattern = v->cells;
    v->hs.npattern = count;
    /* the houses, less where a direct pointing's or claiming's single
     * lands (its third unit), as nonet_step_hint_json */
    int units[STEP_HOUSES_MAX], roles[STEP_HOUSES_MAX];
    int nh = step_houses(st, n, units, roles, STEP_HOUSES_MAX);
    int direct =
        st->technique == NONET_TECH_DIRECT_POINTING || st->technique == NONET_TECH_DIRECT_CLAIMING;
    for (int i = 0; i < nh; i++) {
        if (direct && st->nunits > 2 && units[i] == st->units[2] && roles[i] == STEP_HOUSE_UNIT)
            continue;
        v->units[v->nhouses] = units[i];
        v->roles[v->nhouses++] = roles[i];
    }
    return NONET_OK;
}

static long draw_step(const nonet_grid *position, const nonet_marks *marks, const nonet_step *step,
                      int level, const nonet_svg_opts *opts, char *buf, size_t cap);

long nonet_step_svg(const nonet_grid *position, const nonet_marks *marks, const nonet_step *step,
                    const nonet_svg_opts *opts, char *buf, size_t cap)
{
    return draw_step(position, marks, step, NONET_HINT_MOVE, opts, buf, cap);
}

long nonet_step_hint_svg(const nonet_grid *position, const nonet_marks *marks,
                         const nonet_step *step, int level, const nonet_svg_opts *opts, char *buf,
                         size_t cap)
{
    if (buf && cap)
        buf[0] = '\0';
    if (!step || level < NONET_HINT_WHERE || level > NONET_HINT_MOVE)
        return NONET_EARG;
    return draw_step(position, marks, step, level, opts, buf, cap);
}

static long draw_step(const nonet_grid *position, const nonet_marks *marks, const nonet_step *step,
                      int level, const nonet_svg_opts *opts, char *buf, size_t cap)
{
    static const nonet_svg_opts none = {NULL, NULL, NULL};
    if (!opts)
        opts = &none;
    if (buf && cap)
        buf[0] = '\0';
    if (!position || !grid_well_formed(position))
        return NONET_EARG;
    int n = position->n;
    const nonet_grid *givens = opts->givens;
    if (givens && (!grid_well_formed(givens) || givens->box_rows != position->box_rows ||
                   givens->box_cols != position->box_cols))
        return NONET_EARG;
    const char *id = opts->id && opts->id[0] ? opts->id : "nonet";
    if (!id_valid(id) || (step && !step_valid(step, n)))
        return NONET_EARG;
    nonet_step empty_step;
    memset(&empty_step, 0, sizeof empty_step);
    const nonet_step *st = step ? step : &empty_step;

    /* a hint at level 1 or 2: the step less its conclusion */
    hint_view *hv = NULL;
    if (step && level < NONET_HINT_MOVE) {
        hv = malloc(sizeof *hv);
        if (!hv)
            return NONET_ENOMEM;
        int rc = hint_view_make(hv, step, level, position);
        if (rc != NONET_OK) {
            free(hv->cells);
            free(hv->marks);
            free(hv);
            return rc;
        }
    }
    drawing *d = malloc(sizeof *d);
    long nmarks = 0;
    int oom = !d;
    mark_item *items = hv || !d ? NULL : collect_marks(st, n, &nmarks, &oom);
    if (hv) {
        items = hv->marks;
        nmarks = hv->nmarks;
        hv->marks = NULL;
    }
    long words_len = !step ? 0
                     : hv  ? nonet_step_hint(step, level, position->box_rows, position->box_cols,
                                             opts->symbols, NULL, 0)
                           : (long)nonet_step_describe(st, n, opts->symbols, NULL, 0);
    char *words = words_len >= 0 ? malloc((size_t)words_len + 1) : NULL;
    if (oom || !words) {
        free(items);
        free(words);
        free(d);
        if (hv)
            free(hv->cells);
        free(hv);
        return words_len < 0 ? words_len : NONET_ENOMEM;
    }
    words[0] = '\0';
    if (hv)
        nonet_step_hint(step, level, position->box_rows, position->box_cols, opts->symbols, words,
                        (size_t)words_len + 1);
    else if (step)
        nonet_step_describe(st, n, opts->symbols, words, (size_t)words_len + 1);
    if (hv)
        st = &hv->hs; /* drawn without placements, eliminations or links */

    d->t = (text_buf){buf, buf ? cap : 0, 0};
    d->pos = position;
    d->st = st;
    d->n = n;
    d->symbols = opts->symbols && n <= NONET_MAX_SYMBOL_SIDE && strlen(opts->symbols) == (size_t)n
                     ? opts->symbols
                     : NULL;
    d->id = id;
    d->k = 1;
    while (d->k * d->k < n)
        d->k++;
    d->kr = (n + d->k - 1) / d->k;
    d->cell = 24 * d->k;
    if (d->cell < 48)
        d->cell = 48;
    d->px = d->cell / d->k;
    d->py = d->cell / d->kr;
    d->radius = (d->px < d->py ? d->px : d->py) / 2 - 1;
    d->margin = 26;
    d->width = d->margin + n * d->cell + 8;
    d->grid_bottom = d->margin + n * d->cell + 4;
    effective_marks(d, marks, items, nmarks);
    int units[STEP_HOUSES_MAX], roles[STEP_HOUSES_MAX];
    int nhouses = hv ? hv->nhouses : step ? step_houses(st, n, units, roles, STEP_HOUSES_MAX) : 0;
    if (hv) {
        memcpy(units, hv->units, sizeof units);
        memcpy(roles, hv->roles, sizeof roles);
    }
    int links_used = 0;
    for (int i = 0; i < st->nchain; i++)
        if (st->chain[i].nparents > 0)
            links_used |=
                1 << (st->chain[i].link > NONET_LINK_NONE && st->chain[i].link <= NONET_LINK_NESTED
                          ? (int)st->chain[i].link
                          : NONET_LINK_WEAK);

    /* the legend's height first: a dry run into no buffer */
    text_buf saved = d->t;
    d->t = (text_buf){NULL, 0, 0};
    draw_legend(d, items, nmarks, links_used);
    d->t = saved;

    putf(&d->t,
         "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" role=\"img\" "
         "aria-labelledby=\"%s-title\" aria-describedby=\"%s-desc\" class=\"nonet-step\">\n",
         d->width, d->height, id, id);
    putf(&d->t, "<title id=\"%s-title\">", id);
    if (step) {
        put_xml(&d->t, words);
    } else {
        putf(&d->t, "a %dx%d position", n, n);
    }
    putf(&d->t, "</title>\n<desc id=\"%s-desc\">", id);
    if (step)
        describe_roles(d, items, nmarks, units, roles, nhouses);
    else
        put(&d->t, any_candidate(d) ? "The position with its candidates." : "The position.");
    put(&d->t, "</desc>\n");
    put_style(&d->t);
    putf(&d->t, "<rect class=\"bg\" width=\"%d\" height=\"%d\"/>\n", d->width, d->height);
    draw_houses(d, units, roles, nhouses);
    draw_grid(d);
    /* solid marks under the digits, outlines over them, crosses on top */
    for (long i = 0; i < nmarks; i++)
        if (items[i].kind == MK_ON || items[i].kind == MK_PLACED)
            draw_mark(d, &items[i]);
    for (long i = 0; i < nmarks; i++)
        if (items[i].kind != MK_ON && items[i].kind != MK_PLACED && items[i].kind != MK_ELIMINATED)
            draw_mark(d, &items[i]);
    draw_digits(d, givens);
    for (long i = 0; i < nmarks; i++)
        if (items[i].kind == MK_ELIMINATED)
            draw_mark(d, &items[i]);
    draw_links(d);
    draw_legend(d, items, nmarks, links_used);
    put(&d->t, "</svg>\n");
    text_end(&d->t);
    long len = (long)d->t.len;
    free(items);
    free(words);
    free(d);
    if (hv)
        free(hv->cells);
    free(hv);
    return len;
}
