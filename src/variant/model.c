/* model.c - the variant puzzle as built: givens, regions, constraints;
 * what each constraint type accepts (its cells as its table entry reads
 * them); f-puzzles' drawings and the notes on them; a filled grid checked
 * against them. */
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

/* c's cells as its type reads them (vtype.repeat) into kept (*nkept of
 * them): a cell listed again kept once where the cells are a set, kept
 * where the line may come back to a cell, else refused. Returns NONET_OK
 * or NONET_EARG with a sentence in why. */
static int read_cells(const nonet_variant *v, const nonet_constraint *c, const vtype *t, int *kept,
                      int *nkept, char *why, size_t cap)
{
    int n = v->grid.n, cells = n * n;
    if (c->ncells < 0 || (c->ncells > 0 && !c->cells)) {
        say(why, cap, "%s: no cells", t->name);
        return NONET_EARG;
    }
    if (c->ncells > VARIANT_MAX_LINE) {
        say(why, cap, "%s: more than %d cells", t->name, VARIANT_MAX_LINE);
        return NONET_EARG;
    }
    int bulb = c->type == NONET_CON_ARROW ? (c->nbulb ? c->nbulb : 1) : 0;
    *nkept = 0;
    for (int i = 0; i < c->ncells; i++) {
        int cell = c->cells[i], again = 0;
        if (cell < 0 || cell >= cells) {
            say(why, cap, "%s: cell %d is outside the %dx%d grid", t->name, cell, n, n);
            return NONET_EARG;
        }
        for (int j = 0; j < i && !again; j++)
            again = c->cells[j] == cell;
        if (!again || t->repeat == VREPEAT_PATH) {
            kept[(*nkept)++] = cell;
            continue;
        }
        if (t->repeat == VREPEAT_DROP && i >= bulb)
            continue; /* the same cell again: a set holds it once (an arrow's
                         bulb comes first, so it keeps its cells) */
        if (bulb)
            say(why, cap, "arrow: r%dc%d twice in the bulb, whose cells read as one number",
                cell / n + 1, cell % n + 1);
        else if (t->once)
            say(why, cap, "%s: r%dc%d twice: %s", t->name, cell / n + 1, cell % n + 1, t->once);
        else
            say(why, cap, "%s: r%dc%d twice", t->name, cell / n + 1, cell % n + 1);
        return NONET_EARG;
    }
    return NONET_OK;
}

static int validate(const nonet_variant *v, const nonet_constraint *c, const vtype *t, char *why,
                    size_t cap)
{
    int n = v->grid.n;
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
            if (c->cells[i - 1] == c->cells[i]) {
                say(why, cap, "%s: r%dc%d twice in a row: a line steps from a cell to a neighbour",
                    t->name, c->cells[i] / n + 1, c->cells[i] % n + 1);
                return NONET_EARG;
            } else if (!king_step(n, c->cells[i - 1], c->cells[i])) {
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
    int kept[VARIANT_MAX_LINE], nkept;
    int rc = read_cells(v, c, t, kept, &nkept, why, cap);
    if (rc != NONET_OK)
        return rc;
    nonet_constraint as_read = *c;
    as_read.cells = kept;
    as_read.ncells = nkept;
    c = &as_read;
    rc = validate(v, c, t, why, cap);
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
