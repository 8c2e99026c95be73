/* derive.c - constraints the rules imply that the best solvers add to
 * prune: the rule of 45 (innies and outies). The digits of a house sum to
 * 1 + 2 + ... + n, so for a union R of houses (consecutive rows or
 * columns, a region, two neighbouring regions) and any set P of cages
 * with sums and little killers' sums (none overlapping another), the
 * cells of R outside P (the innies) less the cells of P outside R (the
 * outies) sum to R's total less P's sums. Tried for each R with P the
 * cages wholly inside it, those mostly inside, those touching it, and
 * those inside with one cage sticking out; kept when few cells are left
 * (at most MAX_DERIVED, and at most two on one side), each once. A sum of
 * innies alone that share a house is a hidden cage (its digit sets worked
 * out as a cage's); the others are sums, propagated like any other. */
#include "variant/variant.h"

#include <stdlib.h>

/* The most cells of a derived sum: longer ones cost more to propagate
 * than they save in search (measured on ISS's killer collections: six
 * made the MATHEMAGIC killers 1.7x slower, four 3x more nodes). */
#define MAX_DERIVED 5

typedef struct cage {
    const int *cells;
    int len, sum;
} cage;

/* A derived sum, to keep each once. */
typedef struct derived {
    int first, len, target; /* cells (negated: an outie, weight -1) in pool */
} derived;

typedef struct deriver {
    vbuild *b;
    int n, cells;
    const uint8_t *region;
    const cage *cages;
    int ncages;
    uint8_t *unit, *chosen, *in_p;
    int *inside; /* cells of each cage inside the unit */
    int *pool;   /* the kept sums' signed cells, sorted */
    size_t npool, cappool;
    derived *kept;
    int nkept, capkept;
} deriver;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Whether the signed cells (sorted) with target were kept before; keeps
 * them if not. Returns 1 seen, 0 new, -1 out of memory. */
static int seen_before(deriver *d, const int *key, int len, int target)
{
    for (int i = 0; i < d->nkept; i++)
        if (d->kept[i].len == len && d->kept[i].target == target &&
            !memcmp(d->pool + d->kept[i].first, key, (size_t)len * sizeof *key))
            return 1;
    if (d->nkept == d->capkept) {
        int cap = d->capkept ? 2 * d->capkept : 64;
        derived *grown = realloc(d->kept, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        d->kept = grown;
        d->capkept = cap;
    }
    if (d->npool + (size_t)len > d->cappool) {
        size_t cap = 2 * (d->npool + (size_t)len) + 256;
        int *grown = realloc(d->pool, cap * sizeof *grown);
        if (!grown)
            return -1;
        d->pool = grown;
        d->cappool = cap;
    }
    memcpy(d->pool + d->npool, key, (size_t)len * sizeof *key);
    d->kept[d->nkept++] = (derived){(int)d->npool, len, target};
    d->npool += (size_t)len;
    return 0;
}

/* Whether the cells all share a row, a column or a region. */
static int share_house(const deriver *d, const int *cells, int len)
{
    int n = d->n, row = 1, col = 1, reg = 1;
    for (int i = 1; i < len; i++) {
        row &= cells[i] / n == cells[0] / n;
        col &= cells[i] % n == cells[0] % n;
        reg &= d->region[cells[i]] == d->region[cells[0]];
    }
    return row || col || reg;
}

/* The innies-less-outies sum of the unit (houses of them) and the cages
 * marked in chosen[], when small enough and new. */
static int emit(deriver *d, int houses)
{
    int n = d->n, target = houses * n * (n + 1) / 2, any = 0;
    for (int i = 0; i < d->ncages && !any; i++)
        any = d->chosen[i];
    if (!any)
        return 0; /* the unit's own sum: its houses say it already */
    memset(d->in_p, 0, (size_t)d->cells);
    for (int i = 0; i < d->ncages; i++)
        if (d->chosen[i]) {
            target -= d->cages[i].sum;
            for (int j = 0; j < d->cages[i].len; j++)
                d->in_p[d->cages[i].cells[j]] = 1;
        }
    int innies[NONET_MAX_SIDE], outies[NONET_MAX_SIDE], na = 0, nb = 0;
    for (int c = 0; c < d->cells; c++) {
        if (d->unit[c] && !d->in_p[c]) {
            if (na == n)
                return 0;
            innies[na++] = c;
        } else if (!d->unit[c] && d->in_p[c]) {
            if (nb == n)
                return 0;
            outies[nb++] = c;
        }
    }
    if (na + nb == 0 || na + nb > n || (na > 2 && nb > 2))
        return 0;
    if (na + nb > MAX_DERIVED)
        return 0;
    int key[2 * NONET_MAX_SIDE], k = 0;
    for (int i = 0; i < na; i++)
        key[k++] = innies[i];
    for (int i = 0; i < nb; i++)
        key[k++] = -1 - outies[i];
    qsort(key, (size_t)k, sizeof *key, cmp_int);
    int seen = seen_before(d, key, k, target);
    if (seen)
        return seen < 0 ? -1 : 0;
    if (nb == 0 && na > 1 && share_house(d, innies, na))
        return vb_cage(d->b, innies, na, target);
    if (na == 0 && nb > 1 && share_house(d, outies, nb))
        return vb_cage(d->b, outies, nb, -target);
    int cells[2 * NONET_MAX_SIDE], w[2 * NONET_MAX_SIDE];
    for (int i = 0; i < na; i++) {
        cells[i] = innies[i];
        w[i] = 1;
    }
    for (int i = 0; i < nb; i++) {
        cells[na + i] = outies[i];
        w[na + i] = -1;
    }
    return vb_sum(d->b, cells, w, na + nb, target);
}

/* The sums of one unit (d->unit, houses of them), for each choice of
 * cages. */
static int unit_sums(deriver *d, int houses)
{
    for (int i = 0; i < d->ncages; i++) {
        d->inside[i] = 0;
        for (int j = 0; j < d->cages[i].len; j++)
            d->inside[i] += d->unit[d->cages[i].cells[j]];
    }
    /* inside, mostly inside, touching */
    for (int rule = 0; rule < 3; rule++) {
        for (int i = 0; i < d->ncages; i++) {
            int in = d->inside[i], len = d->cages[i].len;
            d->chosen[i] = (uint8_t)(rule == 0 ? in == len : rule == 1 ? 2 * in > len : in > 0);
        }
        if (emit(d, houses))
            return -1;
    }
    /* inside, and one cage sticking out by a cell */
    for (int o = 0; o < d->ncages; o++) {
        if (d->inside[o] == 0 || d->cages[o].len - d->inside[o] != 1)
            continue;
        for (int i = 0; i < d->ncages; i++)
            d->chosen[i] = (uint8_t)(i == o || d->inside[i] == d->cages[i].len);
        if (emit(d, houses))
            return -1;
    }
    return 0;
}

int vderive(const nonet_variant *v, vbuild *b, const uint8_t *region)
{
    int n = v->grid.n, cells = n * n, ncages = 0;
    cage *cages = malloc(((size_t)v->ncons + 1) * sizeof *cages);
    deriver d = {.b = b,
                 .n = n,
                 .cells = cells,
                 .region = region,
                 .cages = cages,
                 .unit = calloc((size_t)cells, 1),
                 .chosen = calloc((size_t)v->ncons + 1, 1),
                 .in_p = malloc((size_t)cells),
                 .inside = malloc(((size_t)v->ncons + 1) * sizeof(int))};
    int rc = -1;
    if (!cages || !d.unit || !d.chosen || !d.in_p || !d.inside)
        goto done;
    /* the cages with a sum, then the little killers' sums (any cells
     * summing to a known total count: repeats do not change the
     * arithmetic), each unless it overlaps one taken before (overlaps
     * would make the arithmetic wrong) */
    memset(d.in_p, 0, (size_t)cells);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < v->ncons; i++) {
            const vcon *k = &v->cons[i];
            if (k->type != (pass ? NONET_CON_LITTLE_KILLER : NONET_CON_KILLER) || !k->value)
                continue;
            const int *cc = vcon_cells(v, k);
            int overlaps = 0;
            for (int j = 0; j < k->ncells; j++)
                overlaps |= d.in_p[cc[j]];
            if (overlaps)
                continue;
            for (int j = 0; j < k->ncells; j++)
                d.in_p[cc[j]] = 1;
            cages[ncages++] = (cage){cc, k->ncells, k->value};
        }
    d.ncages = ncages;
    rc = 0;
    if (!ncages)
        goto done;
    /* k consecutive rows, then columns (k = 1 .. n-1) */
    for (int dir = 0; dir < 2; dir++)
        for (int k = 1; k < n; k++)
            for (int first = 0; first + k <= n; first++) {
                for (int c = 0; c < cells; c++) {
                    int line = dir ? c % n : c / n;
                    d.unit[c] = line >= first && line < first + k;
                }
                if ((rc = unit_sums(&d, k)) != 0)
                    goto done;
            }
    /* each region, and each two regions that touch */
    for (int r = 0; r < n; r++)
        for (int s = r; s < n; s++) {
            int touch = s == r;
            for (int c = 0; c < cells && !touch; c++)
                touch = region[c] == r &&
                        ((c % n + 1 < n && region[c + 1] == s) ||
                         (c + n < cells && region[c + n] == s) ||
                         (c % n > 0 && region[c - 1] == s) || (c >= n && region[c - n] == s));
            if (!touch)
                continue;
            for (int c = 0; c < cells; c++)
                d.unit[c] = region[c] == r || region[c] == s;
            if ((rc = unit_sums(&d, s == r ? 1 : 2)) != 0)
                goto done;
        }
done:
    free(cages);
    free(d.unit);
    free(d.chosen);
    free(d.in_p);
    free(d.inside);
    free(d.pool);
    free(d.kept);
    return rc;
}
