/* model.c - the variant puzzle as built: givens, regions, constraints;
 * what each constraint type accepts; a filled grid checked against them. */
#include "variant/variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((format(printf, 3, 4))) static void say(char *why, size_t cap, const char *fmt, ...)
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
    return v;
}

void nonet_variant_free(nonet_variant *v)
{
    if (!v)
        return;
    free(v->cons);
    free(v->cells);
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
            say(why, cap, "r%dc%d: region %d, but a %dx%d grid has regions 1 to %d", c / n + 1,
                c % n + 1, region[c] + 1, n, n, n);
            return NONET_EARG;
        }
        size[region[c]]++;
    }
    for (int k = 0; k < n; k++)
        if (size[k] != n) {
            say(why, cap, "region %d has %d cells, not %d", k + 1, size[k], n);
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
static int largest_sum(int n, int k, int distinct)
{
    if (!distinct)
        return n * k;
    int s = 0;
    for (int i = 0; i < k && i < n; i++)
        s += n - i;
    return s;
}

static int validate(const nonet_variant *v, const nonet_constraint *c, const vtype *t, char *why,
                    size_t cap)
{
    int n = v->grid.n, cells = n * n;
    if (c->ncells < 0 || (c->ncells > 0 && !c->cells)) {
        say(why, cap, "%s: no cells", t->name);
        return NONET_EARG;
    }
    for (int i = 0; i < c->ncells; i++) {
        if (c->cells[i] < 0 || c->cells[i] >= cells) {
            say(why, cap, "%s: cell %d is outside the %dx%d grid", t->name, c->cells[i], n, n);
            return NONET_EARG;
        }
        for (int j = 0; j < i; j++)
            if (c->cells[j] == c->cells[i]) {
                say(why, cap, "%s: r%dc%d twice", t->name, c->cells[i] / n + 1,
                    c->cells[i] % n + 1);
                return NONET_EARG;
            }
    }
    switch (t->cells) {
    case -1:
        if (c->ncells) {
            say(why, cap, "%s is a rule of the whole grid: it takes no cells", t->name);
            return NONET_EARG;
        }
        break;
    case 0:
        if (c->ncells < 1) {
            say(why, cap, "%s needs cells", t->name);
            return NONET_EARG;
        }
        break;
    case 2:
        if (c->ncells != 2 || !adjacent(n, c->cells[0], c->cells[1])) {
            say(why, cap, "%s needs two adjacent cells", t->name);
            return NONET_EARG;
        }
        break;
    case -2: {
        int row = 1, col = 1;
        for (int i = 0; i < c->ncells; i++) {
            row &= c->cells[i] == c->cells[0] / n * n + i;
            col &= c->cells[i] == c->cells[0] % n + i * n;
        }
        if (c->ncells != n || !(row || col)) {
            say(why, cap, "%s needs a whole row or column, in order", t->name);
            return NONET_EARG;
        }
        break;
    }
    case -3:
        if (c->ncells < 1) {
            say(why, cap, "%s needs cells", t->name);
            return NONET_EARG;
        }
        for (int i = 1; i < c->ncells; i++)
            if (!king_step(n, c->cells[i - 1], c->cells[i])) {
                say(why, cap, "%s: r%dc%d does not touch r%dc%d", t->name, c->cells[i - 1] / n + 1,
                    c->cells[i - 1] % n + 1, c->cells[i] / n + 1, c->cells[i] % n + 1);
                return NONET_EARG;
            }
        break;
    default:
        break;
    }
    int distinct = c->type == NONET_CON_HOUSE || c->type == NONET_CON_KILLER ||
                   c->type == NONET_CON_THERMO || c->type == NONET_CON_RENBAN;
    if (distinct && c->ncells > n) {
        say(why, cap, "%s: %d cells cannot hold different digits 1 to %d", t->name, c->ncells, n);
        return NONET_EARG;
    }
    if (c->ncells > VARIANT_MAX_LINE) {
        say(why, cap, "%s: more than %d cells", t->name, VARIANT_MAX_LINE);
        return NONET_EARG;
    }
    if (c->type == NONET_CON_ARROW) {
        int bulb = c->nbulb ? c->nbulb : 1;
        if (bulb < 1 || bulb >= c->ncells || bulb > 4) {
            say(why, cap, "arrow: a bulb of 1 to 4 cells and a shaft of at least one");
            return NONET_EARG;
        }
    } else if (c->nbulb) {
        say(why, cap, "%s has no bulb", t->name);
        return NONET_EARG;
    }
    int max = t->value_max;
    if (max < 0)
        max = largest_sum(n, c->type == NONET_CON_SANDWICH ? n - 2 : c->ncells,
                          c->type != NONET_CON_LITTLE_KILLER);
    if (max == 0 && c->value) {
        say(why, cap, "%s takes no value", t->name);
        return NONET_EARG;
    }
    if (max && (c->value < t->value_min || c->value > max)) {
        say(why, cap, "%s: %d is out of range (%d to %d)", t->name, c->value, t->value_min, max);
        return NONET_EARG;
    }
    return NONET_OK;
}

int nonet_variant_add(nonet_variant *v, const nonet_constraint *c, char *why, size_t cap)
{
    if (!v || !c)
        return NONET_EARG;
    const vtype *t = vtype_of(c->type);
    if (!t) {
        say(why, cap, "unknown constraint type %d", (int)c->type);
        return NONET_EARG;
    }
    int rc = validate(v, c, t, why, cap);
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
    if (v->ncellpool + c->ncells > v->capcellpool) {
        int ncap = v->capcellpool ? 2 * v->capcellpool : 256;
        while (ncap < v->ncellpool + c->ncells)
            ncap *= 2;
        int *grown = realloc(v->cells, (size_t)ncap * sizeof *grown);
        if (!grown)
            return NONET_ENOMEM;
        v->cells = grown;
        v->capcellpool = ncap;
    }
    vcon *k = &v->cons[v->ncons++];
    *k = (vcon){c->type, c->value, c->type == NONET_CON_ARROW && !c->nbulb ? 1 : c->nbulb,
                c->ncells, v->ncellpool};
    if (c->ncells)
        memcpy(v->cells + v->ncellpool, c->cells, (size_t)c->ncells * sizeof *c->cells);
    v->ncellpool += c->ncells;
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
    *c = (nonet_constraint){k->type, k->value, k->nbulb, k->ncells, vcon_cells(v, k)};
    return NONET_OK;
}

const char *nonet_constraint_name(nonet_constraint_type type)
{
    const vtype *t = vtype_of(type);
    return t ? t->name : NULL;
}

int nonet_variant_check(const nonet_variant *v, const nonet_grid *grid, char *why, size_t cap)
{
    if (!v || !grid || grid->n != v->grid.n || grid->box_rows != v->grid.box_rows)
        return NONET_EARG;
    int n = v->grid.n, blank = 0;
    for (int c = 0; c < n * n; c++) {
        if (grid->cells[c] > n)
            return NONET_EARG;
        if (v->grid.cells[c] && grid->cells[c] != v->grid.cells[c]) {
            say(why, cap, "r%dc%d: the clue %d was changed", c / n + 1, c % n + 1,
                v->grid.cells[c]);
            return NONET_ECLUE;
        }
        blank |= !grid->cells[c];
    }
    /* rows, columns and regions */
    uint8_t region[NONET_MAX_CELLS];
    nonet_variant_regions(v, region);
    for (int a = 0; a < n * n; a++)
        for (int b = a + 1; b < n * n && grid->cells[a]; b++) {
            if (grid->cells[a] != grid->cells[b])
                continue;
            const char *unit = a / n == b / n           ? "row"
                               : a % n == b % n         ? "column"
                               : region[a] == region[b] ? (v->has_regions ? "region" : "box")
                                                        : NULL;
            if (unit) {
                say(why, cap, "r%dc%d and r%dc%d: %d twice in a %s", a / n + 1, a % n + 1,
                    b / n + 1, b % n + 1, grid->cells[a], unit);
                return NONET_ECONFLICT;
            }
        }
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        int at = vcon_broken(v, k, grid->cells);
        if (at) {
            const vtype *t = vtype_of(k->type);
            at--;
            say(why, cap, "r%dc%d: the %s constraint is broken", at / n + 1, at % n + 1, t->name);
            return NONET_EARG;
        }
    }
    return blank ? NONET_EINCOMPLETE : NONET_OK;
}
