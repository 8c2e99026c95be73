/* model.c - the variant puzzle as built: givens, regions, constraints;
 * what each constraint accepts, as its rule's row says (its cells part by
 * part, its value, values and text); f-puzzles' drawings and the notes
 * on them; a filled grid checked against them. */
#include "variant/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((format(printf, 3, 4))) void vsay(char *why, size_t cap, const char *fmt, ...)
{
    if (!why || !cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
}

nonet_variant *nonet_variant_new(const nonet_grid *puzzle)
{
    if (!puzzle || !grid_well_formed(puzzle))
        return NULL;
    nonet_variant *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    nonet_grid_copy(&v->grid, puzzle);
    v->lo = 1;
    v->nd = v->grid.n;
    return v;
}

int nonet_variant_set_digits(nonet_variant *v, int lo, int hi, char *why, size_t cap)
{
    if (!v)
        return NONET_EARG;
    int n = v->grid.n, nd = hi - lo + 1;
    if ((lo != 0 && lo != 1) || nd < n || hi > NONET_MAX_SYMBOL_SIDE || nd > 64) {
        vsay(why, cap,
             "digits %d to %d: a %dx%d grid holds 1 or 0 to at least %d and at most %d digits up "
             "to %d",
             lo, hi, n, n, n - 1 + lo, 64, NONET_MAX_SYMBOL_SIDE);
        return NONET_EARG;
    }
    if (v->ncons && (lo != v->lo || nd != v->nd)) {
        vsay(why, cap, "digits %d to %d: set the digits before the constraints", lo, hi);
        return NONET_EARG;
    }
    for (int c = 0; c < n * n; c++)
        if (v->grid.cells[c] > nd) {
            vsay(why, cap, "digits %d to %d: r%dc%d holds %d", lo, hi, c / n + 1, c % n + 1,
                 v->grid.cells[c] + v->lo - 1);
            return NONET_EARG;
        }
    v->lo = lo;
    v->nd = nd;
    v->symbols[0] = '\0';
    if (lo != 1 || nd != n)
        variant_value_symbols(v->symbols, lo, nd);
    return NONET_OK;
}

int nonet_variant_set_given(nonet_variant *v, int cell, int d, char *why, size_t cap)
{
    if (!v)
        return NONET_EARG;
    int n = v->grid.n;
    if (cell < 0 || cell >= n * n || d < 0 || d > v->nd) {
        vsay(why, cap, "cell %d, digit %d: a %dx%d grid's cells are 0 to %d, its digits 1 to %d",
             cell, d, n, n, n * n - 1, v->nd);
        return NONET_EARG;
    }
    v->grid.cells[cell] = (uint8_t)d;
    return NONET_OK;
}

void variant_value_symbols(char *out, int lo, int count)
{
    for (int i = 0; i < count; i++)
        out[i] = lo + i ? sym_of_digit(lo + i) : '0';
    out[count] = '\0';
}

void nonet_variant_digits(const nonet_variant *v, int *lo, int *hi)
{
    if (lo)
        *lo = v->lo;
    if (hi)
        *hi = v->lo + v->nd - 1;
}

const char *nonet_variant_symbols(const nonet_variant *v)
{
    return v->symbols[0] ? v->symbols : NULL;
}

void nonet_variant_free(nonet_variant *v)
{
    if (!v)
        return;
    free(v->cons);
    free(v->cells);
    free(v->values);
    free(v->ctext);
    free(v->draws);
    free(v->dcells);
    free(v->dtext);
    free(v);
}

const nonet_grid *nonet_variant_grid(const nonet_variant *v)
{
    return &v->grid;
}

int nonet_variant_regions(const nonet_variant *v, uint8_t *region)
{
    const nonet_grid *g = &v->grid;
    int n = g->n;
    for (int c = 0; c < n * n; c++) {
        int r = c / n, col = c % n;
        region[c] = v->has_regions
                        ? v->region[c]
                        : (uint8_t)(r / g->box_rows * (n / g->box_cols) + col / g->box_cols);
    }
    return v->has_regions;
}

int nonet_variant_set_regions(nonet_variant *v, const uint8_t *region, char *why, size_t cap)
{
    if (!v)
        return NONET_EARG;
    if (!region) {
        v->has_regions = 0;
        return NONET_OK;
    }
    int n = v->grid.n, size[NONET_MAX_SIDE] = {0};
    for (int c = 0; c < n * n; c++) {
        if (region[c] >= n) {
            vsay(why, cap, "r%dc%d: region %d, but a %dx%d grid has regions 1 to %d", c / n + 1,
                 c % n + 1, region[c] + 1, n, n, n);
            return NONET_EARG;
        }
        size[region[c]]++;
    }
    for (int k = 0; k < n; k++)
        if (size[k] != n) {
            vsay(why, cap, "region %d has %d cells, not %d", k + 1, size[k], n);
            return NONET_EARG;
        }
    memcpy(v->region, region, (size_t)n * (size_t)n);
    v->has_regions = 1;
    return NONET_OK;
}

static int adjacent(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr + dc == 1;
}

static int king_step(int n, int a, int b)
{
    int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
    return dr <= 1 && dc <= 1 && dr + dc > 0;
}

/* The largest sum of k cells' digits (different digits when distinct). */
static long largest_sum(int n, int k, int distinct)
{
    if (!distinct)
        return (long)n * k;
    long s = 0;
    for (int i = 0; i < k && i < n; i++)
        s += n - i;
    return s;
}

/* The names of a rule's parts in messages: "arrow: the bulb". */
static const vpart *part_of(const vrule *r, int p)
{
    return p ? &r->more : &r->cells;
}

static const char *part_name(const vrule *r, int p)
{
    const char *name = part_of(r, p)->name;
    return name ? name : "its cells";
}

/* c's cells as its rule reads them (vpart.repeat, part by part) into
 * kept (*nkept of them, NONET_PART between the parts, *nparts parts): a
 * cell listed again kept once where the cells are a set, kept where the
 * line may come back to a cell, else refused; a cell in two parts
 * refused, unless the rule's parts may share cells (vrule.overlap).
 * Returns NONET_OK or NONET_EARG with a sentence in why. */
static int read_cells(const nonet_variant *v, const nonet_constraint *c, const vrule *r, int *kept,
                      int *nkept, int *nparts, char *why, size_t cap)
{
    const char *name = r->pub.name;
    int n = v->grid.n, cells = n * n;
    if (c->ncells < 0 || (c->ncells > 0 && !c->cells)) {
        vsay(why, cap, "%s: no cells", name);
        return NONET_EARG;
    }
    if (c->ncells > VARIANT_MAX_LINE + VARIANT_MAX_PARTS) {
        vsay(why, cap, "%s: more than %d cells", name, VARIANT_MAX_LINE);
        return NONET_EARG;
    }
    int part = 0, from = 0; /* the part being read starts at kept[from] */
    int count = 0;          /* cells kept */
    *nkept = 0;
    for (int i = 0; i < c->ncells; i++) {
        int cell = c->cells[i], again = 0, elsewhere = -1;
        if (cell == NONET_PART) {
            if (r->pub.shape != NONET_SHAPE_PARTS) {
                vsay(why, cap, "%s has no parts (NONET_PART, ':' in the text form)", name);
                return NONET_EARG;
            }
            if (*nkept == from) {
                vsay(why, cap, "%s: %s has no cells", name, part_name(r, part));
                return NONET_EARG;
            }
            if (++part >= VARIANT_MAX_PARTS) {
                vsay(why, cap, "%s: more than %d parts", name, VARIANT_MAX_PARTS);
                return NONET_EARG;
            }
            kept[(*nkept)++] = NONET_PART;
            from = *nkept;
            continue;
        }
        if (cell < 0 || cell >= cells) {
            vsay(why, cap, "%s: cell %d is outside the %dx%d grid", name, cell, n, n);
            return NONET_EARG;
        }
        for (int j = 0, p = 0; j < *nkept; j++) {
            if (kept[j] == NONET_PART)
                p++;
            else if (kept[j] == cell && j >= from)
                again = 1;
            else if (kept[j] == cell && elsewhere < 0)
                elsewhere = p;
        }
        if (elsewhere >= 0 && !r->overlap) {
            vsay(why, cap, "%s: r%dc%d is in %s and in %s", name, cell / n + 1, cell % n + 1,
                 part_name(r, elsewhere), part_name(r, part));
            return NONET_EARG;
        }
        const vpart *sp = part_of(r, part);
        if (!again || sp->repeat == VREPEAT_PATH) {
            if (++count > VARIANT_MAX_LINE) {
                vsay(why, cap, "%s: more than %d cells", name, VARIANT_MAX_LINE);
                return NONET_EARG;
            }
            kept[(*nkept)++] = cell;
            continue;
        }
        if (sp->repeat == VREPEAT_DROP)
            continue; /* the same cell again: a set holds it once */
        if (sp->name && sp->once)
            vsay(why, cap, "%s: r%dc%d twice in %s: %s", name, cell / n + 1, cell % n + 1, sp->name,
                 sp->once);
        else if (sp->once)
            vsay(why, cap, "%s: r%dc%d twice: %s", name, cell / n + 1, cell % n + 1, sp->once);
        else
            vsay(why, cap, "%s: r%dc%d twice", name, cell / n + 1, cell % n + 1);
        return NONET_EARG;
    }
    if (*nkept && *nkept == from && part) {
        vsay(why, cap, "%s: %s has no cells", name, part_name(r, part));
        return NONET_EARG;
    }
    *nparts = *nkept ? part + 1 : 0;
    return NONET_OK;
}

/* The cells of one part: how many, and whether they touch as the rule
 * says and step as a path may. */
static int check_part(const nonet_variant *v, const vrule *r, int p, const int *cells, int len,
                      char *why, size_t cap)
{
    const char *name = r->pub.name;
    const vpart *sp = part_of(r, p);
    int n = v->grid.n, min = sp->min < 0 ? n : sp->min, max = sp->max < 0 ? n : sp->max;
    if (len < min || (max && len > max)) {
        const char *whose = r->pub.shape == NONET_SHAPE_PARTS ? part_name(r, p) : "its cells";
        if (max == min)
            vsay(why, cap, "%s: %s: %d cells, not %d", name, whose, min, len);
        else if (max)
            vsay(why, cap, "%s: %s: %d to %d cells, not %d", name, whose, min, max, len);
        else
            vsay(why, cap, "%s needs %d cells or more%s%s", name, min,
                 r->pub.shape == NONET_SHAPE_PARTS ? " in " : "",
                 r->pub.shape == NONET_SHAPE_PARTS ? whose : "");
        return NONET_EARG;
    }
    for (int i = 1; i < len; i++) {
        int a = cells[i - 1], b = cells[i];
        if (sp->repeat == VREPEAT_PATH && a == b) {
            vsay(why, cap, "%s: r%dc%d twice in a row: a line steps from a cell to the next", name,
                 b / n + 1, b % n + 1);
            return NONET_EARG;
        }
        if ((r->pub.touch == 8 && !king_step(n, a, b)) ||
            (r->pub.touch == 4 && !adjacent(n, a, b))) {
            vsay(why, cap, "%s: r%dc%d does not touch r%dc%d", name, a / n + 1, a % n + 1,
                 b / n + 1, b % n + 1);
            return NONET_EARG;
        }
    }
    return NONET_OK;
}

/* An outside clue's cells: its whole row or column, in order from either
 * end (the clue's side). */
static int whole_line(int n, const int *cells, int len)
{
    if (len != n)
        return 0;
    int row = 1, col = 1, rrow = 1, rcol = 1;
    for (int i = 0; i < len; i++) {
        row &= cells[i] == cells[0] / n * n + i;
        col &= cells[i] == cells[0] % n + i * n;
        rrow &= cells[i] == cells[0] / n * n + n - 1 - i;
        rcol &= cells[i] == cells[0] % n + (n - 1 - i) * n;
    }
    return row || col || rrow || rcol;
}

/* c's values as its rule reads them (nonet_rule.values), its kept cells
 * being ncells of them. */
static int check_values(const nonet_variant *v, const nonet_constraint *c, const vrule *r,
                        int ncells, char *why, size_t cap)
{
    const char *name = r->pub.name;
    int k = c->nvalues;
    if (k < 0 || (k > 0 && !c->values)) {
        vsay(why, cap, "%s: no values", name);
        return NONET_EARG;
    }
    switch (r->pub.values) {
    case NONET_VALUES_NONE:
        if (k) {
            vsay(why, cap, "%s takes no list of numbers", name);
            return NONET_EARG;
        }
        return NONET_OK;
    case NONET_VALUES_WEIGHTS:
        if (k != ncells) {
            vsay(why, cap, "%s: a weight a cell, but %d listed for %d cells", name, k, ncells);
            return NONET_EARG;
        }
        for (int i = 0; i < k; i++)
            if (!c->values[i] || c->values[i] < -100 || c->values[i] > 100) {
                vsay(why, cap, "%s: the weight %d is not -100 to 100 and not 0", name,
                     c->values[i]);
                return NONET_EARG;
            }
        return NONET_OK;
    case NONET_VALUES_DIGITS:
    case NONET_VALUES_EXACT:
    case NONET_VALUES_PAIRS:
        break;
    case NONET_VALUES_SET:
        if (k < 1 || k > v->nd) {
            vsay(why, cap, "%s: 1 to %d digits, not %d", name, v->nd, k);
            return NONET_EARG;
        }
        for (int i = 0; i < k; i++)
            for (int j = 0; j < i; j++)
                if (c->values[i] == c->values[j]) {
                    vsay(why, cap, "%s: %d listed twice", name, c->values[i]);
                    return NONET_EARG;
                }
        break;
    }
    if (r->pub.values == NONET_VALUES_PAIRS && (k < 2 || k % 2)) {
        vsay(why, cap, "%s: its allowed pairs, two digits each (%d numbers)", name, k);
        return NONET_EARG;
    }
    if (r->pub.values == NONET_VALUES_DIGITS && (k < 1 || k > ncells)) {
        vsay(why, cap, "%s: 1 to %d digits (one a cell at most), not %d", name, ncells, k);
        return NONET_EARG;
    }
    if (r->pub.values == NONET_VALUES_EXACT && k != ncells) {
        vsay(why, cap, "%s: a digit a cell, but %d listed for %d cells", name, k, ncells);
        return NONET_EARG;
    }
    for (int i = 0; i < k; i++)
        if (c->values[i] < v->lo || c->values[i] > v->lo + v->nd - 1) {
            vsay(why, cap, "%s: %d is no digit %d to %d", name, c->values[i], v->lo,
                 v->lo + v->nd - 1);
            return NONET_EARG;
        }
    return NONET_OK;
}

/* c (its cells as kept: ncells of them, nparts parts) against its rule. */
static int validate(const nonet_variant *v, const nonet_constraint *c, const vrule *r, int nparts,
                    char *why, size_t cap)
{
    const char *name = r->pub.name;
    int n = v->grid.n, cells = c->ncells - (nparts > 1 ? nparts - 1 : 0);
    if (r->refused) {
        vsay(why, cap, "%s: nonet cannot take it: %s", name, r->refused);
        return NONET_EARG;
    }
    if ((v->lo != 1 && !(r->ranges & VRANGE_ZERO)) || (v->nd != n && !(r->ranges & VRANGE_MORE))) {
        vsay(why, cap, "%s: nonet takes it on grids of digits 1 to %d only, not %d to %d", name, n,
             v->lo, v->lo + v->nd - 1);
        return NONET_EARG;
    }
    if (r->pub.shape == NONET_SHAPE_PARTS && (r->pub.parts ? nparts != r->pub.parts : nparts < 2)) {
        if (r->pub.parts == 2)
            vsay(why, cap, "%s: %s, NONET_PART (':' in the text form), then %s", name,
                 part_name(r, 0), part_name(r, 1));
        else
            vsay(why, cap, "%s needs %d parts or more, NONET_PART (':') between them", name,
                 r->pub.parts ? r->pub.parts : 2);
        return NONET_EARG;
    }
    switch (r->pub.shape) {
    case NONET_SHAPE_GLOBAL:
        if (c->ncells) {
            vsay(why, cap, "%s is a rule of the whole grid: it takes no cells", name);
            return NONET_EARG;
        }
        break;
    case NONET_SHAPE_PAIR:
        if (c->ncells != 2 || !adjacent(n, c->cells[0], c->cells[1])) {
            vsay(why, cap, "%s needs two adjacent cells", name);
            return NONET_EARG;
        }
        break;
    case NONET_SHAPE_OUTSIDE:
        if (!whole_line(n, c->cells, c->ncells)) {
            vsay(why, cap, "%s needs a whole row or column, in order from its clue's side", name);
            return NONET_EARG;
        }
        break;
    case NONET_SHAPE_PARTS: /* each part as the row says */
    case NONET_SHAPE_CELLS:
    case NONET_SHAPE_LINE:
        if (!c->ncells) {
            vsay(why, cap, "%s needs cells", name);
            return NONET_EARG;
        }
        for (int i = 0, p = 0, from = 0; i <= c->ncells; i++)
            if (i == c->ncells || c->cells[i] == NONET_PART) {
                int rc = check_part(v, r, p++, c->cells + from, i - from, why, cap);
                if (rc != NONET_OK)
                    return rc;
                from = i + 1;
            }
        break;
    }
    if (r->distinct && cells > v->nd) {
        vsay(why, cap, "%s: %d cells cannot hold different digits %d to %d", name, cells, v->lo,
             v->lo + v->nd - 1);
        return NONET_EARG;
    }
    int rc = check_values(v, c, r, cells, why, cap);
    if (rc != NONET_OK)
        return rc;
    if (r->pub.text && (!c->text || !c->text[0])) {
        vsay(why, cap, "%s needs its text", name);
        return NONET_EARG;
    }
    if (!r->pub.text && c->text) {
        vsay(why, cap, "%s takes no text", name);
        return NONET_EARG;
    }
    for (const char *t = c->text; t && *t; t++)
        if ((unsigned char)*t < 0x20) {
            vsay(why, cap, "%s: its text has a control character (a line break ...)", name);
            return NONET_EARG;
        }
    long min = r->value_min, max = r->value_max, off = v->lo - 1, nd = v->nd;
    if (max == VMAX_SUM) /* at digits 1 to n: value_min; in values, less */
        min = min + off * cells > 0 ? min + off * cells : 0,
        max = largest_sum((int)nd, cells, r->distinct) + off * cells;
    else if (max == VMAX_FILLING)
        max = largest_sum(n - 1, n - 2, 1); /* n-1 down to 2 (digits 1 to n only) */
    else if (max == VMAX_SIDE)
        max = n;
    else if (max == VMAX_DIGIT)
        min = v->lo, max = v->lo + nd - 1;
    else if (max == VMAX_WEIGHTED) {
        min = max = 0;
        for (int i = 0; i < c->nvalues; i++) {
            long w = c->values[i];
            min += w < 0 ? w * (nd + off) : w * (1 + off);
            max += w < 0 ? w * (1 + off) : w * (nd + off);
        }
    }
    if (!r->pub.valued && c->value) {
        vsay(why, cap, "%s takes no value", name);
        return NONET_EARG;
    }
    if (r->pub.valued && (c->value < min || c->value > max)) {
        vsay(why, cap, "%s: %d is out of range (%ld to %ld)", name, c->value, min, max);
        return NONET_EARG;
    }
    return r->check ? r->check(v, c, why, cap) : NONET_OK;
}

/* pool (of *cap elements, *len used) grown to hold more. */
static int grow_ints(int **pool, int *len, int *cap, int more)
{
    if (*len + more <= *cap)
        return 0;
    int ncap = *cap ? 2 * *cap : 256;
    while (ncap < *len + more)
        ncap *= 2;
    int *grown = realloc(*pool, (size_t)ncap * sizeof *grown);
    if (!grown)
        return -1;
    *pool = grown;
    *cap = ncap;
    return 0;
}

int nonet_variant_add(nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    if (!v || !c)
        return NONET_EARG;
    const vrule *r = vrule_of(c->type);
    if (!r) {
        vsay(why, cap, "unknown constraint type %d", (int)c->type);
        return NONET_EARG;
    }
    int kept[VARIANT_MAX_LINE + VARIANT_MAX_PARTS], nkept, nparts;
    int rc = read_cells(v, c, r, kept, &nkept, &nparts, why, cap);
    if (rc != NONET_OK)
        return rc;
    nonet_constraint as_read = *c;
    as_read.cells = kept;
    as_read.ncells = nkept;
    c = &as_read;
    rc = validate(v, c, r, nparts, why, cap);
    if (rc != NONET_OK)
        return rc;
    if (v->ncons == v->capcons) {
        int ncap = v->capcons ? 2 * v->capcons : 16;
        vcon *grown = realloc(v->cons, (size_t)ncap * sizeof *grown);
        if (!grown)
            return NONET_ENOMEM;
        v->cons = grown;
        v->capcons = ncap;
    }
    if (grow_ints(&v->cells, &v->ncellpool, &v->capcellpool, c->ncells) ||
        grow_ints(&v->values, &v->nvalpool, &v->capvalpool, c->nvalues))
        return NONET_ENOMEM;
    long text = -1;
    if (c->text) {
        size_t len = strlen(c->text), need = v->nctext + len + 1;
        if (need > v->capctext) {
            size_t ncap = v->capctext ? 2 * v->capctext : 256;
            while (ncap < need)
                ncap *= 2;
            char *grown = realloc(v->ctext, ncap);
            if (!grown)
                return NONET_ENOMEM;
            v->ctext = grown;
            v->capctext = ncap;
        }
        memcpy(v->ctext + v->nctext, c->text, len + 1);
        text = (long)v->nctext;
        v->nctext = need;
    }
    vcon *k = &v->cons[v->ncons++];
    *k = (vcon){c->type, c->value, c->ncells, v->ncellpool, c->nvalues, v->nvalpool, text};
    if (c->ncells)
        memcpy(v->cells + v->ncellpool, c->cells, (size_t)c->ncells * sizeof *c->cells);
    v->ncellpool += c->ncells;
    if (c->nvalues)
        memcpy(v->values + v->nvalpool, c->values, (size_t)c->nvalues * sizeof *c->values);
    v->nvalpool += c->nvalues;
    return NONET_OK;
}

int nonet_variant_count_constraints(const nonet_variant *v)
{
    return v ? v->ncons : 0;
}

int nonet_variant_get(const nonet_variant *v, int i, nonet_constraint *c)
{
    if (!v || !c || i < 0 || i >= v->ncons)
        return NONET_EARG;
    const vcon *k = &v->cons[i];
    *c = (nonet_constraint){k->type,    k->value,          k->ncells,      vcon_cells(v, k),
                            k->nvalues, vcon_values(v, k), vcon_text(v, k)};
    return NONET_OK;
}

/* ------------------------------------------------------------ drawings */

/* buf (of *cap elements of size each) grown to hold need of them: the
 * buffer to use (buf when it is big enough), NULL out of memory. */
static void *grow(void *buf, size_t *cap, size_t need, size_t each, size_t first)
{
    if (need <= *cap && buf)
        return buf;
    size_t ncap = *cap ? *cap : first;
    while (ncap < need)
        ncap *= 2;
    void *grown = realloc(buf, ncap * each);
    if (grown)
        *cap = ncap;
    return grown;
}

/* Appends len bytes of s and a NUL to v's strings; their offset in *at. */
static int put_text(nonet_variant *v, const char *s, size_t len, size_t *at)
{
    char *text = grow(v->dtext, &v->capdtext, v->ndtext + len + 1, 1, 256);
    if (!text)
        return -1;
    v->dtext = text;
    *at = v->ndtext;
    if (len)
        memcpy(v->dtext + v->ndtext, s, len);
    v->dtext[v->ndtext + len] = '\0';
    v->ndtext += len + 1;
    return 0;
}

/* v's notes from its drawings: how many of each kind (f-puzzles' names)
 * were read as drawings, and how many of them copy a rule that is read. */
static void write_notes(nonet_variant *v)
{
    static const char *const names[VD_KINDS][2] = {{"line", "lines"},
                                                   {"circle", "circles"},
                                                   {"rectangle", "rectangles"},
                                                   {"cage", "cages"},
                                                   {"text", "texts"}};
    int count[VD_KINDS] = {0}, kinds = 0;
    size_t copies = 0;
    for (size_t i = 0; i < v->ndraws; i++) {
        count[v->draws[i].kind]++;
        copies += v->draws[i].copy != 0;
    }
    for (int k = 0; k < VD_KINDS; k++)
        kinds += count[k] > 0;
    size_t cap = sizeof v->notes, len = 0;
    v->notes[0] = '\0';
    for (int k = 0, shown = 0; k < VD_KINDS && len < cap; k++) {
        if (!count[k])
            continue;
        len += (size_t)snprintf(v->notes + len, cap - len, "%s%d %s",
                                !shown               ? ""
                                : shown == kinds - 1 ? " and "
                                                     : ", ",
                                count[k], names[k][count[k] != 1]);
        shown++;
    }
    if (len < cap)
        len += (size_t)snprintf(v->notes + len, cap - len, "%s",
                                v->ndraws == 1 ? " read as a drawing, not a rule"
                                               : " read as drawings, not rules");
    if (!copies || len >= cap)
        return;
    if (v->ndraws == 1)
        snprintf(v->notes + len, cap - len, "; it draws a rule read from its own key");
    else if (copies == v->ndraws)
        snprintf(v->notes + len, cap - len, "; they draw rules read from their own keys");
    else if (copies == 1)
        snprintf(v->notes + len, cap - len, "; one of them draws a rule read from its own key");
    else
        snprintf(v->notes + len, cap - len, "; %zu of them draw rules read from their own keys",
                 copies);
}

int variant_add_drawing(nonet_variant *v, vdraw_kind kind, const int *cells, int ncells,
                        const char *text, const char *json, size_t json_len, int copy)
{
    vdraw *draws = grow(v->draws, &v->capdraws, v->ndraws + 1, sizeof *draws, 16);
    if (draws)
        v->draws = draws;
    int *dcells =
        grow(v->dcells, &v->capdcells, v->ndcells + 2 * (size_t)ncells, sizeof *dcells, 256);
    if (dcells)
        v->dcells = dcells;
    if (!draws || !dcells)
        return NONET_ENOMEM;
    vdraw d = {kind, v->ndcells, ncells, 0, 0, copy};
    if (put_text(v, text ? text : "", text ? strlen(text) : 0, &d.text) ||
        put_text(v, json, json_len, &d.json))
        return NONET_ENOMEM;
    if (ncells)
        memcpy(v->dcells + v->ndcells, cells, 2 * (size_t)ncells * sizeof *cells);
    v->ndcells += 2 * (size_t)ncells;
    v->draws[v->ndraws++] = d;
    write_notes(v);
    return NONET_OK;
}

const char *nonet_variant_notes(const nonet_variant *v)
{
    return v ? v->notes : "";
}

const char *nonet_constraint_name(nonet_constraint_type type)
{
    const vrule *r = vrule_of(type);
    return r ? r->pub.name : NULL;
}

int nonet_variant_check(const nonet_variant *v, const nonet_grid *grid, char *why, size_t cap)
{
    if (!v || !grid || grid->n != v->grid.n || grid->box_rows != v->grid.box_rows)
        return NONET_EARG;
    int n = v->grid.n, blank = 0;
    for (int c = 0; c < n * n; c++) {
        if (grid->cells[c] > v->nd)
            return NONET_EARG;
        if (v->grid.cells[c] && grid->cells[c] != v->grid.cells[c]) {
            vsay(why, cap, "r%dc%d: the clue %d was changed", c / n + 1, c % n + 1,
                 v->grid.cells[c] + v->lo - 1);
            return NONET_ECLUE;
        }
        blank |= !grid->cells[c];
    }
    /* rows, columns and regions (without boxes, the rows again) */
    uint8_t region[NONET_MAX_CELLS];
    variant_house_regions(v, region);
    for (int a = 0; a < n * n; a++)
        for (int b = a + 1; b < n * n && grid->cells[a]; b++) {
            if (grid->cells[a] != grid->cells[b])
                continue;
            const char *unit = a / n == b / n           ? "row"
                               : a % n == b % n         ? "column"
                               : region[a] == region[b] ? (v->has_regions ? "region" : "box")
                                                        : NULL;
            if (unit) {
                vsay(why, cap, "r%dc%d and r%dc%d: %d twice in a %s", a / n + 1, a % n + 1,
                     b / n + 1, b % n + 1, grid->cells[a] + v->lo - 1, unit);
                return NONET_ECONFLICT;
            }
        }
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        int at = vcon_broken(v, k, grid->cells);
        if (at < 0)
            return NONET_ENOMEM;
        if (at) {
            at--;
            vsay(why, cap, "r%dc%d: the %s constraint is broken", at / n + 1, at % n + 1,
                 vrule_of(k->type)->pub.name);
            return NONET_EARG;
        }
    }
    return blank ? NONET_EINCOMPLETE : NONET_OK;
}
