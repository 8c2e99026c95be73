/* derive.c - constraints the rules imply that the best solvers add to
 * prune: the rule of 45 (innies and outies). The digits of a house sum to
 * 1 + 2 + ... + n, so for a union of houses (a row, a column or a region,
 * or consecutive rows or columns), the cells of it that no cage with a
 * sum lies wholly inside (the innies) sum to the union's total less those
 * cages' sums; and when the cages that touch the union cover it, their
 * cells outside it (the outies) sum to those cages' sums less the total.
 * Each becomes a sum over its cells, propagated like any other (its cells
 * that share a house counted as different digits). */
#include "variant/variant.h"

#include <stdlib.h>

typedef struct cage {
    const int *cells;
    int len, sum;
} cage;

/* The sum over the cells marked in[] (count of them) as a derived
 * constraint, when there are a few: at most n cells. Cells that all share
 * a row, a column or a region hold different digits: a hidden cage, whose
 * digit sets are worked out as a cage's. */
static int add_sum(vbuild *b, int n, const uint8_t *in, const uint8_t *region, int count,
                   int target)
{
    if (count < 1 || count > n)
        return 0;
    int list[NONET_MAX_SIDE], w[NONET_MAX_SIDE], k = 0;
    for (int c = 0; c < n * n && k < count; c++)
        if (in[c]) {
            list[k] = c;
            w[k++] = 1;
        }
    int row = 1, col = 1, reg = 1;
    for (int i = 1; i < k; i++) {
        row &= list[i] / n == list[0] / n;
        col &= list[i] % n == list[0] % n;
        reg &= region[list[i]] == region[list[0]];
    }
    if (k > 1 && (row || col || reg))
        return vb_cage(b, list, k, target);
    return vb_sum(b, list, w, k, target);
}

/* Innies and outies of the union of houses marked in unit[] (houses of
 * them: its digits sum to houses * n(n+1)/2). */
static int union_sums(vbuild *b, int n, const cage *cages, int ncages, const uint8_t *unit,
                      int houses, uint8_t *mark, const uint8_t *region)
{
    int cells = n * n, total = houses * n * (n + 1) / 2;
    /* innies: the union less the cages wholly inside it */
    int inside_sum = 0, left = 0, touching_sum = 0, outside = 0, covered = 0;
    memcpy(mark, unit, (size_t)cells);
    for (int i = 0; i < ncages; i++) {
        int in = 0;
        for (int j = 0; j < cages[i].len; j++)
            in += unit[cages[i].cells[j]];
        if (in == cages[i].len) {
            inside_sum += cages[i].sum;
            for (int j = 0; j < cages[i].len; j++)
                mark[cages[i].cells[j]] = 0;
        }
    }
    for (int c = 0; c < cells; c++)
        left += mark[c];
    if (left < houses * n && add_sum(b, n, mark, region, left, total - inside_sum))
        return -1;
    /* outies: the cells outside the union of the cages that touch it,
     * when those cages cover it */
    memset(mark, 0, (size_t)cells);
    for (int i = 0; i < ncages; i++) {
        int in = 0;
        for (int j = 0; j < cages[i].len; j++)
            in += unit[cages[i].cells[j]];
        if (!in || in == cages[i].len)
            continue;
        touching_sum += cages[i].sum;
        covered += in;
        for (int j = 0; j < cages[i].len; j++)
            if (!unit[cages[i].cells[j]]) {
                mark[cages[i].cells[j]] = 1;
                outside++;
            }
    }
    /* the cages inside it and the touching ones must cover it all */
    int inside_cells = 0;
    for (int c = 0; c < cells; c++)
        inside_cells += unit[c];
    for (int i = 0; i < ncages; i++) {
        int in = 0;
        for (int j = 0; j < cages[i].len; j++)
            in += unit[cages[i].cells[j]];
        if (in == cages[i].len)
            covered += in;
    }
    if (covered == inside_cells && outside > 0 &&
        add_sum(b, n, mark, region, outside, inside_sum + touching_sum - total))
        return -1;
    return 0;
}

int vderive(const nonet_variant *v, vbuild *b, const uint8_t *region)
{
    int n = v->grid.n, cells = n * n, ncages = 0;
    cage *cages = malloc(((size_t)v->ncons + 1) * sizeof *cages);
    uint8_t *unit = calloc((size_t)cells, 1), *mark = malloc((size_t)cells);
    int rc = -1;
    if (!cages || !unit || !mark)
        goto done;
    /* the cages with a sum; overlapping cages make the arithmetic wrong */
    memset(mark, 0, (size_t)cells);
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        if (k->type != NONET_CON_KILLER || !k->value)
            continue;
        const int *cc = vcon_cells(v, k);
        for (int j = 0; j < k->ncells; j++) {
            if (mark[cc[j]]) {
                rc = 0; /* overlapping cages: no derived sums */
                goto done;
            }
            mark[cc[j]] = 1;
        }
        cages[ncages++] = (cage){cc, k->ncells, k->value};
    }
    rc = 0;
    if (!ncages)
        goto done;
    /* k consecutive rows, then columns (k = 1 .. n-1), then each region */
    for (int dir = 0; dir < 2; dir++)
        for (int k = 1; k < n; k++)
            for (int first = 0; first + k <= n; first++) {
                for (int c = 0; c < cells; c++) {
                    int line = dir ? c % n : c / n;
                    unit[c] = line >= first && line < first + k;
                }
                if ((rc = union_sums(b, n, cages, ncages, unit, k, mark, region)) != 0)
                    goto done;
            }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < cells; c++)
            unit[c] = region[c] == r;
        if ((rc = union_sums(b, n, cages, ncages, unit, 1, mark, region)) != 0)
            goto done;
    }
done:
    free(cages);
    free(unit);
    free(mark);
    return rc;
}
