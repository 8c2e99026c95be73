/* derive.c - constraints the rules imply that the best solvers add to
 * prune: long sums side by side combined, sums crossing a house (both
 * below), and the rule of 45 (innies and outies). The digits of a house sum to
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
    uint8_t *in_sum; /* the cells of the cages taken */
    int *inside;     /* cells of each cage inside the unit */
    int *pool;       /* the kept sums' signed cells, sorted */
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
    /* a sum of innies or of outies alone, some of which no cage sums yet,
     * may be as long as a house: the only sum they get (HS_KILLERS #9:
     * 11k nodes -> 11 with one of eight innies) */
    int bare = 0;
    for (int i = 0; i < na; i++)
        bare |= !d->in_sum[innies[i]];
    for (int i = 0; i < nb; i++)
        bare |= !d->in_sum[outies[i]];
    if (na + nb > (bare && (na == 0 || nb == 0) ? n : MAX_DERIVED))
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

/* Combined sums. Two sums of cells that do not overlap but see each
 * other's in many places (neighbouring diagonals of little killers, long
 * cages side by side) bound their digits together more tightly than
 * their bounds added: k cells of one box hold k different digits, at
 * most n + ... + (n-k+1), where the two apart allow two nines. Merged
 * greedily, the pair whose slack (the least distance of the total from
 * the least or the most the cells can make) shrinks the most first, the
 * merged sum then a part like any other, while some pair shrinks; each
 * merged sum is added (four neighbouring diagonals of 49 leave a slack of
 * 2 where each had 12 to 23 and any two 25). Only sums of MIN_COMBINE
 * cells or more, with as many of the smaller's cells sharing a row, a
 * column or a region with the other's (short cages are the rule of 45's). */
#define MIN_COMBINE 6
#define MAX_PARTS 64 /* the most sums taken (the first so many) */

typedef struct part {
    int first, len, target;
    long slack;
    int merged; /* 1: made here; -1: merged into another since */
} part;

static long slack_of(const vbuild *b, const int *cells, int len, int target, int *index)
{
    long lo, hi;
    vb_sum_range(b, cells, len, index, &lo, &hi);
    return target - lo < hi - target ? target - lo : hi - target;
}

/* Whether parts a and b (cells in pool) do not overlap and at least
 * MIN_COMBINE of the smaller's cells share a row, a column or a region
 * with the other's. */
static int related(int n, const uint8_t *region, const int *pool, const part *a, const part *b)
{
    if (a->len > b->len) {
        const part *t = a;
        a = b;
        b = t;
    }
    uint64_t rows = 0, cols = 0, regs = 0;
    for (int i = 0; i < b->len; i++) {
        int c = pool[b->first + i];
        rows |= (uint64_t)1 << (c / n);
        cols |= (uint64_t)1 << (c % n);
        regs |= (uint64_t)1 << region[c];
        for (int j = 0; j < a->len; j++)
            if (pool[a->first + j] == c)
                return 0;
    }
    int near = 0;
    for (int j = 0; j < a->len; j++) {
        int c = pool[a->first + j];
        near += (rows >> (c / n) & 1) | (cols >> (c % n) & 1) | (regs >> region[c] & 1);
    }
    return near >= MIN_COMBINE;
}

/* The slack parts x and y would have merged (the end of pool a scratch),
 * or -1 when they may not merge. */
static long merged_slack(const vbuild *b, int n, const uint8_t *region, int *pool, size_t npool,
                         const part *x, const part *y, int *index)
{
    if (x->merged < 0 || y->merged < 0 || x->len + y->len > VARIANT_MAX_LINE ||
        !related(n, region, pool, x, y))
        return -1;
    memcpy(pool + npool, pool + x->first, (size_t)x->len * sizeof *pool);
    memcpy(pool + npool + x->len, pool + y->first, (size_t)y->len * sizeof *pool);
    return slack_of(b, pool + npool, x->len + y->len, x->target + y->target, index);
}

static int combine_sums(const nonet_variant *v, vbuild *b, const uint8_t *region)
{
    int n = v->grid.n, cells = n * n, nparts = 0, first = 0, rc = -1;
    size_t npool = 0, total = 0;
    for (int i = 0; i < v->ncons && first < MAX_PARTS; i++) {
        const vcon *k = &v->cons[i];
        if ((k->type == NONET_CON_KILLER || k->type == NONET_CON_LITTLE_KILLER) && k->value &&
            k->ncells >= MIN_COMBINE) {
            first++;
            total += (size_t)k->ncells;
        }
    }
    if (first < 2)
        return 0;
    /* each merge uses up two parts and makes one of at most
     * VARIANT_MAX_LINE cells; one more such for the pairs tried */
    int most = 2 * first;
    part *parts = malloc((size_t)most * sizeof *parts);
    int *pool = malloc((total + (size_t)first * (size_t)VARIANT_MAX_LINE) * sizeof *pool);
    long *slack = malloc((size_t)most * (size_t)most * sizeof *slack); /* of each pair merged */
    int *index = malloc((size_t)cells * sizeof *index);
    if (!parts || !pool || !slack || !index)
        goto done;
    for (int c = 0; c < cells; c++)
        index[c] = -1;
    for (int i = 0; i < v->ncons && nparts < first; i++) {
        const vcon *k = &v->cons[i];
        if ((k->type != NONET_CON_KILLER && k->type != NONET_CON_LITTLE_KILLER) || !k->value ||
            k->ncells < MIN_COMBINE)
            continue;
        memcpy(pool + npool, vcon_cells(v, k), (size_t)k->ncells * sizeof *pool);
        parts[nparts] = (part){(int)npool, k->ncells, vcon_digit_sum(v, k), 0, 0};
        parts[nparts].slack = slack_of(b, pool + npool, k->ncells, vcon_digit_sum(v, k), index);
        npool += (size_t)k->ncells;
        nparts++;
    }
    for (int a = 0; a < nparts; a++)
        for (int c = a + 1; c < nparts; c++)
            slack[(size_t)a * (size_t)most + (size_t)c] =
                merged_slack(b, n, region, pool, npool, &parts[a], &parts[c], index);
    for (;;) {
        int best_a = -1, best_c = -1;
        long best_gain = 0;
        for (int a = 0; a < nparts; a++)
            for (int c = a + 1; c < nparts; c++) {
                long sc = slack[(size_t)a * (size_t)most + (size_t)c];
                if (sc < 0 || parts[a].merged < 0 || parts[c].merged < 0)
                    continue;
                if (parts[a].slack + parts[c].slack - sc > best_gain) {
                    best_gain = parts[a].slack + parts[c].slack - sc;
                    best_a = a;
                    best_c = c;
                }
            }
        if (best_a < 0)
            break;
        part *x = &parts[best_a], *y = &parts[best_c];
        memcpy(pool + npool, pool + x->first, (size_t)x->len * sizeof *pool);
        memcpy(pool + npool + x->len, pool + y->first, (size_t)y->len * sizeof *pool);
        parts[nparts] = (part){(int)npool, x->len + y->len, x->target + y->target,
                               slack[(size_t)best_a * (size_t)most + (size_t)best_c], 1};
        npool += (size_t)(x->len + y->len);
        x->merged = y->merged = -1;
        for (int a = 0; a < nparts; a++)
            slack[(size_t)a * (size_t)most + (size_t)nparts] =
                merged_slack(b, n, region, pool, npool, &parts[a], &parts[nparts], index);
        nparts++;
    }
    rc = 0;
    for (int i = 0; i < nparts && !rc; i++)
        if (parts[i].merged > 0) {
            int w[VARIANT_MAX_LINE];
            for (int j = 0; j < parts[i].len; j++)
                w[j] = 1;
            rc = vb_sum(b, pool + parts[i].first, w, parts[i].len, parts[i].target);
        }
done:
    free(parts);
    free(pool);
    free(slack);
    free(index);
    return rc;
}

/* Crossing sums. The sums that cross a house B (cages with totals and
 * little killers, none overlapping another: those overlapping the fewest
 * others first), with houses filling what they leave of B (each meeting
 * B in two cells or more, none of them a sum's), cover B: their cells
 * outside B sum to their totals less B's own. Houses and cages wholly
 * among those cells come off too. Only where a little killer crosses B
 * (cages alone: the rule of 45 above does as well, for less), and kept
 * when the total leaves the cells little of the range their digits could
 * make (under a quarter), since a long sum costs at every node: Hailstone
 * 87k nodes -> 38k. */
static int crossing_sums(deriver *d, const nonet_variant *v, int *index)
{
    vbuild *b = d->b;
    int n = d->n, cells = d->cells, full = n * (n + 1) / 2, rc = 0;
    uint8_t *in_b = calloc((size_t)cells, 1), *used = calloc((size_t)cells, 1);
    int *cross = malloc(((size_t)v->ncons + 1) * sizeof *cross);
    int *overlaps = malloc(((size_t)v->ncons + 1) * sizeof *overlaps);
    if (!in_b || !used || !cross || !overlaps) {
        rc = -1;
        goto done;
    }
    for (int base = 0; base < vb_ngroups(b) && !rc; base++) {
        int blen, hlen;
        const int *bc = vb_group_cells(b, base, &blen);
        if (blen != n)
            continue;
        memset(in_b, 0, (size_t)cells);
        memset(used, 0, (size_t)cells);
        for (int i = 0; i < n; i++)
            in_b[bc[i]] = 1;
        long total = -full;
        int lines = 0;
        /* the sums crossing B, those overlapping the fewest others first
         * (they leave the most choice) */
        int ncross = 0;
        for (int i = 0; i < v->ncons; i++) {
            const vcon *k = &v->cons[i];
            if ((k->type != NONET_CON_KILLER && k->type != NONET_CON_LITTLE_KILLER) || !k->value)
                continue;
            const int *cc = vcon_cells(v, k);
            int meet = 0;
            for (int j = 0; j < k->ncells; j++)
                meet |= in_b[cc[j]];
            if (meet)
                cross[ncross++] = i;
        }
        for (int i = 0; i < ncross; i++) {
            const vcon *k = &v->cons[cross[i]];
            const int *cc = vcon_cells(v, k);
            memset(used, 0, (size_t)cells);
            for (int j = 0; j < k->ncells; j++)
                used[cc[j]] = 1;
            overlaps[i] = 0;
            for (int o = 0; o < ncross; o++) {
                const vcon *x = &v->cons[cross[o]];
                const int *xc = vcon_cells(v, x);
                int hit = 0;
                for (int j = 0; j < x->ncells && !hit; j++)
                    hit = used[xc[j]];
                overlaps[i] += o != i && hit;
            }
        }
        memset(used, 0, (size_t)cells);
        for (int most = 0; most < ncross; most++)
            for (int i = 0; i < ncross; i++) {
                if (overlaps[i] != most)
                    continue;
                const vcon *k = &v->cons[cross[i]];
                const int *cc = vcon_cells(v, k);
                int clash = 0;
                for (int j = 0; j < k->ncells; j++)
                    clash |= used[cc[j]];
                if (clash)
                    continue;
                for (int j = 0; j < k->ncells; j++)
                    used[cc[j]] = 1;
                total += vcon_digit_sum(v, k);
                lines += k->type == NONET_CON_LITTLE_KILLER;
            }
        if (!lines)
            continue; /* cages alone: the rule of 45 does better */
        for (int h = 0; h < vb_ngroups(b); h++) {
            int left = 0;
            for (int i = 0; i < n; i++)
                left += !used[bc[i]];
            if (!left)
                break;
            const int *hc = vb_group_cells(b, h, &hlen);
            int meet = 0, clash = 0;
            for (int i = 0; i < hlen; i++) {
                meet += in_b[hc[i]];
                clash |= used[hc[i]];
            }
            if (h == base || hlen != n || meet < 2 || clash)
                continue;
            for (int i = 0; i < hlen; i++)
                used[hc[i]] = 1;
            total += full;
        }
        int covered = 1;
        for (int i = 0; i < n; i++)
            covered &= used[bc[i]];
        if (!covered)
            continue;
        for (int i = 0; i < n; i++)
            used[bc[i]] = 0;
        /* cages (the smaller) and houses wholly among the cells left */
        for (int pass = 0; pass < 2; pass++) {
            int count = pass ? vb_ngroups(b) : v->ncons;
            for (int i = 0; i < count; i++) {
                const int *cc;
                int len, value;
                if (pass) {
                    cc = vb_group_cells(b, i, &len);
                    value = full;
                    if (len != n)
                        continue;
                } else {
                    const vcon *k = &v->cons[i];
                    if (k->type != NONET_CON_KILLER || !k->value)
                        continue;
                    cc = vcon_cells(v, k);
                    len = k->ncells;
                    value = vcon_digit_sum(v, k);
                }
                int inside = 1;
                for (int j = 0; j < len && inside; j++)
                    inside = used[cc[j]];
                if (!inside)
                    continue;
                for (int j = 0; j < len; j++)
                    used[cc[j]] = 0;
                total -= value;
            }
        }
        int key[VARIANT_MAX_LINE], len = 0;
        for (int c = 0; c < cells && len <= VARIANT_MAX_LINE; c++)
            if (used[c] && len++ < VARIANT_MAX_LINE)
                key[len - 1] = c;
        if (len == 0 || len > VARIANT_MAX_LINE)
            continue;
        long lo, hi;
        vb_sum_range(b, key, len, index, &lo, &hi);
        long slack = total - lo < hi - total ? total - lo : hi - total;
        if (hi - lo <= 4 * slack)
            continue;
        int seen = seen_before(d, key, len, (int)total);
        if (seen < 0)
            rc = -1;
        else if (!seen) {
            int w[VARIANT_MAX_LINE];
            for (int i = 0; i < len; i++)
                w[i] = 1;
            rc = vb_sum(b, key, w, len, (int)total);
        }
    }
done:
    free(in_b);
    free(used);
    free(cross);
    free(overlaps);
    return rc;
}

int vderive(const nonet_variant *v, vbuild *b, const uint8_t *region)
{
    if (combine_sums(v, b, region))
        return -1;
    if (v->nd != v->grid.n)
        return 0; /* a house lacks some digits: its sum is not known */

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
            cages[ncages++] = (cage){cc, k->ncells, vcon_digit_sum(v, k)};
        }
    d.ncages = ncages;
    d.in_sum = d.in_p;
    if (!(d.in_p = malloc((size_t)cells)))
        goto done;
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
    int *index = malloc((size_t)cells * sizeof *index);
    if (!index) {
        rc = -1;
        goto done;
    }
    for (int c = 0; c < cells; c++)
        index[c] = -1;
    rc = crossing_sums(&d, v, index);
    free(index);
done:
    free(cages);
    free(d.unit);
    free(d.chosen);
    free(d.in_p);
    free(d.in_sum);
    free(d.inside);
    free(d.pool);
    free(d.kept);
    return rc;
}
