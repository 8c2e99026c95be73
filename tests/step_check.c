/* step_check.c - the step record's definitions, checked on the position a
 * step was found in (see step_check.h). Written from the definitions
 * alone: houses, candidates and "sees" are computed here from the grid's
 * shape, never taken from the solver. */
#include "step_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct ctx {
    const nonet_step *st;
    const nonet_grid *g;
    const nonet_marks *m;
    int n, br, bc;
    step_counts *c;
    char *why;
    size_t cap;
    int bad;
} ctx;

__attribute__((format(printf, 2, 3))) static void fail(ctx *x, const char *fmt, ...)
{
    x->bad++;
    x->c->violations++;
    if (x->bad == 1 && x->why && x->cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(x->why, x->cap, fmt, ap);
        va_end(ap);
    }
}

static uint64_t cand(const ctx *x, int cell)
{
    return x->g->cells[cell] ? 0 : x->m->cands[cell];
}

static int has(const ctx *x, int cell, int d)
{
    return d >= 1 && d <= x->n && (int)(cand(x, cell) >> (d - 1) & 1);
}

static int same_box(const ctx *x, int a, int b)
{
    int n = x->n;
    return a / n / x->br == b / n / x->br && a % n / x->bc == b % n / x->bc;
}

/* Distinct cells in one row, column or box. */
static int sees(const ctx *x, int a, int b)
{
    int n = x->n;
    return a != b && (a / n == b / n || a % n == b % n || same_box(x, a, b));
}

/* Whether cell is in unit u (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1,
 * boxes numbered row-major). */
static int in_unit(const ctx *x, int u, int cell)
{
    int n = x->n, r = cell / n, col = cell % n;
    if (u < 0 || u >= 3 * n)
        return 0;
    if (u < n)
        return r == u;
    if (u < 2 * n)
        return col == u - n;
    int b = u - 2 * n, per_band = n / x->bc;
    int r0 = b / per_band * x->br, c0 = b % per_band * x->bc;
    return r >= r0 && r < r0 + x->br && col >= c0 && col < c0 + x->bc;
}

/* The places of digit d in unit u. */
static int places(const ctx *x, int u, int d)
{
    int count = 0;
    for (int cell = 0; cell < x->n * x->n; cell++)
        count += in_unit(x, u, cell) && has(x, cell, d);
    return count;
}

static int popcount(uint64_t v)
{
    int k = 0;
    for (; v; v &= v - 1)
        k++;
    return k;
}

static const char *name(const ctx *x, int cell, int d, char *buf)
{
    snprintf(buf, 48, "r%dc%d#%d", cell / x->n + 1, cell % x->n + 1, d);
    return buf;
}

/* ------------------------------------------------------------ chains */

static const nonet_chain_node *parent(const ctx *x, const nonet_chain_node *a, int j)
{
    return &x->st->chain[x->st->chain_parents[a->parents + j]];
}

/* Whether some parent of a is (cell, d) off. */
static int parent_off(const ctx *x, const nonet_chain_node *a, int cell, int d)
{
    for (int j = 0; j < a->nparents; j++) {
        const nonet_chain_node *p = parent(x, a, j);
        if (p->cell == cell && p->digit == d && !p->on)
            return 1;
    }
    return 0;
}

/* Strong: the two are a bivalue cell's candidates, or the only places of
 * their digit in a unit (the node's unit when it names one). */
static int strong(const ctx *x, const nonet_chain_node *p, const nonet_chain_node *a)
{
    if (p->cell == a->cell)
        return p->digit != a->digit && a->unit < 0 && popcount(cand(x, a->cell)) == 2 &&
               has(x, a->cell, a->digit) && has(x, p->cell, p->digit);
    if (p->digit != a->digit || !has(x, p->cell, p->digit) || !has(x, a->cell, a->digit))
        return 0;
    for (int u = 0; u < 3 * x->n; u++)
        if ((a->unit < 0 || u == a->unit) && in_unit(x, u, p->cell) && in_unit(x, u, a->cell) &&
            places(x, u, a->digit) == 2)
            return 1;
    return 0;
}

/* Weak: the two see each other (one cell, or one digit in cells of one
 * house, the node's unit when it names one). */
static int weak(const ctx *x, const nonet_chain_node *p, const nonet_chain_node *a)
{
    if (p->cell == a->cell)
        return p->digit != a->digit && a->unit < 0;
    return p->digit == a->digit && sees(x, p->cell, a->cell) &&
           (a->unit < 0 || (in_unit(x, a->unit, p->cell) && in_unit(x, a->unit, a->cell)));
}

static void check_node(ctx *x, int i, int from)
{
    const nonet_step *st = x->st;
    const nonet_chain_node *a = &st->chain[i];
    int n = x->n;
    char b1[48], b2[48];
    x->c->nodes++;
    if (a->cell < 0 || a->cell >= n * n || !has(x, a->cell, a->digit)) {
        fail(x, "node %d (r%dc%d#%d) is not a candidate of the position", i, a->cell / n + 1,
             a->cell % n + 1, a->digit);
        return;
    }
    if (i == from) {
        if (a->link != NONET_LINK_NONE || a->nparents != 0)
            fail(x, "branch %d's assumption %s has parents", a->branch,
                 name(x, a->cell, a->digit, b1));
        return;
    }
    if (a->nparents < 1 || !st->chain_parents || a->link == NONET_LINK_NONE) {
        fail(x, "node %d (%s) has no parents", i, name(x, a->cell, a->digit, b1));
        return;
    }
    if (a->parents < 0 || a->parents + a->nparents > st->nchain_parents) {
        fail(x, "node %d's parents lie outside chain_parents", i);
        return;
    }
    for (int j = 0; j < a->nparents; j++) {
        int q = st->chain_parents[a->parents + j];
        if (q < from || q >= i) {
            fail(x, "node %d's parent %d is not an earlier node of its branch", i, q);
            return;
        }
    }
    x->c->links++;
    const nonet_chain_node *p = parent(x, a, 0);
    switch (a->link) {
    case NONET_LINK_STRONG:
        x->c->strong++;
        if (a->nparents != 1 || p->on || !a->on || !strong(x, p, a))
            fail(x, "link %s = %s labelled strong is neither bivalue nor bilocal",
                 name(x, p->cell, p->digit, b1), name(x, a->cell, a->digit, b2));
        break;
    case NONET_LINK_WEAK:
        x->c->weak++;
        if (a->nparents != 1 || !p->on || a->on || !weak(x, p, a))
            fail(x, "link %s - %s labelled weak: they do not see each other",
                 name(x, p->cell, p->digit, b1), name(x, a->cell, a->digit, b2));
        break;
    case NONET_LINK_IMPLIED: {
        x->c->implied++;
        int ok = a->on;
        for (int j = 0; j < a->nparents && ok; j++)
            ok = !parent(x, a, j)->on;
        if (ok && a->unit < 0) {
            for (int d = 1; d <= n && ok; d++)
                ok = d == a->digit || !has(x, a->cell, d) || parent_off(x, a, a->cell, d);
        } else if (ok) {
            ok = in_unit(x, a->unit, a->cell);
            for (int cell = 0; cell < n * n && ok; cell++)
                ok = cell == a->cell || !in_unit(x, a->unit, cell) || !has(x, cell, a->digit) ||
                     parent_off(x, a, cell, a->digit);
        }
        if (!ok)
            fail(x, "%s implied by its %s: its parents do not leave it the last one",
                 name(x, a->cell, a->digit, b1), a->unit < 0 ? "cell" : "house");
        break;
    }
    case NONET_LINK_RULE:
    case NONET_LINK_NESTED: {
        if (a->link == NONET_LINK_RULE)
            x->c->rule++;
        else
            x->c->nested++;
        int ok = !a->on && a->unit < 0;
        for (int j = 0; j < a->nparents && ok; j++)
            ok = !parent(x, a, j)->on;
        if (!ok)
            fail(x, "%s removed by a rule: its parents are not removals",
                 name(x, a->cell, a->digit, b1));
        break;
    }
    default:
        fail(x, "node %d has an unknown link %d", i, (int)a->link);
    }
}

static int same_cand(const nonet_chain_node *a, const nonet_chain_node *b)
{
    return a->cell == b->cell && a->digit == b->digit;
}

/* The step concludes (cell, d) on (a placement, the cell's other
 * candidates out) or off (an elimination). */
static void check_conclusion(ctx *x, int on, int cell, int d)
{
    const nonet_step *st = x->st;
    uint64_t bit = (uint64_t)1 << (d - 1);
    char b1[48];
    if (on) {
        int ok = st->nplacements == 1 && st->placements[0].cell == cell &&
                 st->placements[0].digits == bit;
        uint64_t rest = cand(x, cell) & ~bit;
        ok = ok && st->neliminations == (rest ? 1 : 0) &&
             (!rest || (st->eliminations[0].cell == cell && st->eliminations[0].digits == rest));
        x->c->placements += st->nplacements;
        x->c->eliminations += popcount(rest);
        if (!ok)
            fail(x, "the chain concludes %s on, the step says otherwise", name(x, cell, d, b1));
        return;
    }
    x->c->eliminations++;
    if (st->nplacements != 0 || st->neliminations != 1 || st->eliminations[0].cell != cell ||
        st->eliminations[0].digits != bit)
        fail(x, "the chain concludes %s off, the step says otherwise", name(x, cell, d, b1));
}

/* A loop: each elimination sees its digit as an "on" node and as an "off"
 * node of the loop, outside the loop's cells. */
static void check_cycle(ctx *x, int from, int to)
{
    const nonet_step *st = x->st;
    const nonet_chain_node *c = st->chain;
    char b1[48];
    if (!c[from].on || !c[to].on || !same_cand(&c[from], &c[to]) || to - from < 4)
        fail(x, "the loop does not close on its first node");
    if (st->nplacements)
        fail(x, "a loop places nothing");
    for (int k = 0; k < st->neliminations; k++) {
        int cell = st->eliminations[k].cell;
        for (uint64_t m = st->eliminations[k].digits; m; m &= m - 1) {
            int d = 1;
            while (!(m >> (d - 1) & 1))
                d++;
            x->c->eliminations++;
            int on = 0, off = 0, inside = 0;
            for (int i = from; i <= to; i++) {
                inside |= c[i].cell == cell;
                if (c[i].digit == d && sees(x, c[i].cell, cell)) {
                    on |= c[i].on;
                    off |= !c[i].on;
                }
            }
            if (!has(x, cell, d) || inside || !on || !off)
                fail(x, "loop elimination %s is not seen by both ends of a link",
                     name(x, cell, d, b1));
        }
    }
}

static void check_chain(ctx *x)
{
    const nonet_step *st = x->st;
    const nonet_chain_node *c = st->chain;
    int start[NONET_MAX_SIDE + 1] = {0}, end[NONET_MAX_SIDE + 1] = {0}, nb = 0;
    x->c->chain_steps++;
    for (int i = 0; i < st->nchain; i++) {
        int first = i == 0 || c[i].branch != c[i - 1].branch;
        if (first) {
            if (c[i].branch != nb || nb > NONET_MAX_SIDE) {
                fail(x, "branch %d comes where branch %d should", c[i].branch, nb);
                return;
            }
            start[nb++] = i;
        }
        end[nb - 1] = i;
        check_node(x, i, start[nb - 1]);
    }
    if (nb == 0)
        return;
    const nonet_chain_node *t = &c[end[0]], *a = &c[start[0]];
    int shape = 1;
    switch (st->chain_kind) {
    case NONET_CHAIN_CYCLE:
        shape = nb == 1;
        if (shape)
            check_cycle(x, start[0], end[0]);
        break;
    case NONET_CHAIN_FORCING:
        shape = nb == 1 && same_cand(a, t) && a->on != t->on;
        if (shape)
            check_conclusion(x, t->on, t->cell, t->digit);
        break;
    case NONET_CHAIN_CONTRADICTION:
        shape = nb == 2 && same_cand(a, &c[start[1]]) && a->on == c[start[1]].on &&
                same_cand(t, &c[end[1]]) && t->on != c[end[1]].on;
        if (shape)
            check_conclusion(x, !a->on, a->cell, a->digit);
        break;
    case NONET_CHAIN_DOUBLE:
    case NONET_CHAIN_CELL:
    case NONET_CHAIN_UNIT: {
        /* every branch ends in the same node; the assumptions cover every
         * case: a candidate on and off, a cell's candidates, a unit's
         * places of a digit */
        for (int b = 1; b < nb; b++)
            shape &= same_cand(&c[end[b]], t) && c[end[b]].on == t->on;
        uint64_t seen = 0;
        int cells_seen = 0;
        if (st->chain_kind == NONET_CHAIN_DOUBLE)
            shape &= nb == 2 && same_cand(a, &c[start[1]]) && a->on != c[start[1]].on;
        else if (st->chain_kind == NONET_CHAIN_CELL) {
            for (int b = 0; b < nb; b++) {
                const nonet_chain_node *s = &c[start[b]];
                shape &= s->on && s->cell == a->cell && !(seen >> (s->digit - 1) & 1);
                seen |= (uint64_t)1 << (s->digit - 1);
            }
            shape &= seen == cand(x, a->cell);
        } else {
            int u = st->nunits > 0 ? st->units[0] : -1;
            for (int b = 0; b < nb; b++) {
                const nonet_chain_node *s = &c[start[b]];
                shape &= s->on && s->digit == a->digit && in_unit(x, u, s->cell);
                for (int q = 0; q < b; q++)
                    shape &= c[start[q]].cell != s->cell;
                cells_seen++;
            }
            shape &= cells_seen == places(x, u, a->digit);
        }
        if (shape)
            check_conclusion(x, t->on, t->cell, t->digit);
        break;
    }
    default:
        shape = 0;
    }
    if (!shape)
        fail(x, "the branches do not make a chain of kind %d (%d branches)", (int)st->chain_kind,
             nb);
}

/* ------------------------------------------------------------ patterns */

static int role_ok(nonet_role r)
{
    return r >= NONET_ROLE_DEFINING && r <= NONET_ROLE_TARGET;
}

static void check_fish(ctx *x)
{
    const nonet_step *st = x->st;
    int n = x->n;
    uint64_t d_bits = 0;
    for (int i = 0; i < st->npattern; i++)
        d_bits |= st->pattern[i].digits;
    if (popcount(d_bits) != 1 || st->nunits < 2) {
        fail(x, "a fish of more than one digit or one line");
        return;
    }
    int d = 1;
    while (!(d_bits >> (d - 1) & 1))
        d++;
    int rows = st->units[0] < n; /* base rows: cover columns */
    uint64_t cover = 0;
    for (int i = 0; i < st->npattern; i++) {
        int cell = st->pattern[i].cell, in = 0;
        for (int k = 0; k < st->nunits; k++)
            in |= in_unit(x, st->units[k], cell);
        if (!in || st->pattern[i].role != NONET_ROLE_BASE)
            fail(x, "a fish's candidate outside its base lines, or not its base");
        cover |= (uint64_t)1 << (rows ? cell % n : cell / n);
    }
    for (int k = 0; k < st->nunits; k++)
        if (places(x, st->units[k], d) > popcount(cover) || (st->units[k] < n) != rows)
            fail(x, "a fish's base line with places outside its pattern");
    if (popcount(cover) != st->nunits)
        fail(x, "a fish with %d base and %d cover lines", st->nunits, popcount(cover));
    for (int k = 0; k < st->neliminations; k++) {
        int cell = st->eliminations[k].cell, base = 0;
        for (int j = 0; j < st->nunits; j++)
            base |= in_unit(x, st->units[j], cell);
        x->c->eliminations++;
        if (st->eliminations[k].digits != d_bits || base ||
            !(cover >> (rows ? cell % n : cell / n) & 1))
            fail(x, "a fish's elimination outside its cover lines");
    }
}

static void check_wing(ctx *x)
{
    const nonet_step *st = x->st;
    if (st->npattern != 3 || st->pattern[0].role != NONET_ROLE_PIVOT ||
        st->pattern[1].role != NONET_ROLE_PINCER || st->pattern[2].role != NONET_ROLE_PINCER) {
        fail(x, "a wing is not a pivot and two pincers");
        return;
    }
    int pv = st->pattern[0].cell, a = st->pattern[1].cell, b = st->pattern[2].cell;
    uint64_t z = st->pattern[1].digits & st->pattern[2].digits;
    if (!sees(x, pv, a) || !sees(x, pv, b) || popcount(z) != 1)
        fail(x, "a wing's pivot does not see its pincers");
    for (int k = 0; k < st->neliminations; k++) {
        int cell = st->eliminations[k].cell;
        x->c->eliminations++;
        if (st->eliminations[k].digits != z || !sees(x, cell, a) || !sees(x, cell, b) ||
            (st->technique == NONET_TECH_XYZ_WING && !sees(x, cell, pv)))
            fail(x, "a wing's elimination not seen by both pincers");
    }
}

static void check_subset(ctx *x, int naked)
{
    const nonet_step *st = x->st;
    int n = x->n, u = st->nunits > 0 ? st->units[0] : -1;
    uint64_t digits = 0;
    for (int i = 0; i < st->npattern; i++) {
        digits |= st->pattern[i].digits;
        if (!in_unit(x, u, st->pattern[i].cell) || st->pattern[i].role != NONET_ROLE_DEFINING)
            fail(x, "a subset's cell outside its unit, or not defining");
    }
    if (popcount(digits) != st->npattern)
        fail(x, "a subset of %d cells and %d digits", st->npattern, popcount(digits));
    for (int cell = 0; cell < n * n && !naked; cell++) {
        int in = 0;
        for (int i = 0; i < st->npattern; i++)
            in |= st->pattern[i].cell == cell;
        if (!in && in_unit(x, u, cell) && (cand(x, cell) & digits))
            fail(x, "a hidden subset's digit outside its cells");
    }
    for (int k = 0; k < st->neliminations; k++) {
        int cell = st->eliminations[k].cell, in = 0;
        for (int i = 0; i < st->npattern; i++)
            in |= st->pattern[i].cell == cell;
        x->c->eliminations++;
        if (naked ? in || !in_unit(x, u, cell) || (st->eliminations[k].digits & ~digits)
                  : !in || (st->eliminations[k].digits & digits))
            fail(x, "a subset's elimination it does not justify");
    }
}

static void check_locked(ctx *x)
{
    const nonet_step *st = x->st;
    if (st->nunits < 2) {
        fail(x, "locked candidates without two units");
        return;
    }
    int u1 = st->units[0], u2 = st->units[1];
    uint64_t d_bits = st->npattern ? st->pattern[0].digits : 0;
    int d = 1;
    while (d <= x->n && !(d_bits >> (d - 1) & 1))
        d++;
    for (int i = 0; i < st->npattern; i++)
        if (st->pattern[i].role != NONET_ROLE_BASE || st->pattern[i].digits != d_bits ||
            !in_unit(x, u1, st->pattern[i].cell) || !in_unit(x, u2, st->pattern[i].cell))
            fail(x, "locked candidates' base outside both units");
    if (places(x, u1, d) != st->npattern)
        fail(x, "locked candidates leave a place of the digit out");
    for (int k = 0; k < st->neliminations; k++) {
        x->c->eliminations++;
        if (st->eliminations[k].digits != d_bits || in_unit(x, u1, st->eliminations[k].cell) ||
            !in_unit(x, u2, st->eliminations[k].cell))
            fail(x, "locked candidates' elimination outside the cover");
    }
}

int step_check(const nonet_step *st, const nonet_grid *g, const nonet_marks *m, step_counts *c,
               char *why, size_t cap)
{
    ctx x = {st, g, m, g->n, g->box_rows, g->box_cols, c, why, cap, 0};
    if (why && cap)
        why[0] = '\0';
    c->steps++;
    for (int i = 0; i < st->npattern; i++) {
        c->roles++;
        if (!role_ok(st->pattern[i].role) ||
            (st->pattern[i].digits & ~cand(&x, st->pattern[i].cell)))
            fail(&x, "pattern item %d: role %d, or digits that are not candidates", i,
                 (int)st->pattern[i].role);
    }
    for (int i = 0; i < st->nplacements; i++)
        if (st->placements[i].role != NONET_ROLE_PLACED)
            fail(&x, "a placement's role is %d", (int)st->placements[i].role);
    for (int i = 0; i < st->neliminations; i++)
        if (st->eliminations[i].role != NONET_ROLE_ELIMINATED ||
            (st->eliminations[i].digits & ~cand(&x, st->eliminations[i].cell)))
            fail(&x, "an elimination's role is %d, or it removes no candidate",
                 (int)st->eliminations[i].role);
    if (st->chain_kind != NONET_CHAIN_NONE) {
        int cycle = st->chain_kind == NONET_CHAIN_CYCLE;
        for (int i = 0; i < st->npattern; i++)
            if (st->pattern[i].role != (cycle ? NONET_ROLE_CHAIN : NONET_ROLE_TARGET))
                fail(&x, "a chain's pattern item %d has role %d", i, (int)st->pattern[i].role);
        if (st->nchain < 1)
            fail(&x, "a chain step without nodes");
        else
            check_chain(&x);
        return x.bad;
    }
    if (st->nchain)
        fail(&x, "a step that is no chain has chain nodes");
    switch (st->technique) {
    case NONET_TECH_X_WING:
    case NONET_TECH_SWORDFISH:
    case NONET_TECH_JELLYFISH:
        check_fish(&x);
        break;
    case NONET_TECH_XY_WING:
    case NONET_TECH_XYZ_WING:
        check_wing(&x);
        break;
    case NONET_TECH_NAKED_PAIR:
    case NONET_TECH_NAKED_TRIPLE:
    case NONET_TECH_NAKED_QUAD:
        check_subset(&x, 1);
        break;
    case NONET_TECH_HIDDEN_PAIR:
    case NONET_TECH_HIDDEN_TRIPLE:
    case NONET_TECH_HIDDEN_QUAD:
    case NONET_TECH_DIRECT_HIDDEN_PAIR:
    case NONET_TECH_DIRECT_HIDDEN_TRIPLE:
        check_subset(&x, 0);
        break;
    case NONET_TECH_POINTING:
    case NONET_TECH_CLAIMING:
    case NONET_TECH_DIRECT_POINTING:
    case NONET_TECH_DIRECT_CLAIMING:
        check_locked(&x);
        break;
    default:
        break;
    }
    return x.bad;
}
