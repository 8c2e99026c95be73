/* verify.c - an independent solution checker for the tests. It shares no
 * code with the library: plain loops over rows, columns and boxes. */
#include "unit.h"

int verify_solution(const uint8_t *puz, const uint8_t *sol, int br, int bc)
{
    int n = br * bc;
    for (int i = 0; i < n * n; i++) {
        if (sol[i] < 1 || sol[i] > n)
            return 0;
        if (puz[i] != 0 && puz[i] != sol[i])
            return 0;
    }
    for (int u = 0; u < n; u++) {
        unsigned char seen_r[65] = {0}, seen_c[65] = {0}, seen_b[65] = {0};
        int top = (u / br) * br, left = (u % br) * bc;
        for (int k = 0; k < n; k++) {
            int vr = sol[u * n + k];
            int vc = sol[k * n + u];
            int vb = sol[(top + k / bc) * n + left + k % bc];
            if (seen_r[vr]++ || seen_c[vc]++ || seen_b[vb]++)
                return 0;
        }
    }
    return 1;
}

/* verify_count's search: the cells, and each unit's digits as a bit set. */
typedef struct counter {
    int n, br, bc;
    uint8_t cell[64 * 64];
    uint64_t row[64], col[64], box[64];
    uint64_t found, limit;
} counter;

static void count_from(counter *k)
{
    int n = k->n, best = -1, fewest = n + 1;
    uint64_t best_set = 0;
    for (int i = 0; i < n * n && fewest > 0; i++) {
        if (k->cell[i])
            continue;
        int r = i / n, c = i % n, b = r / k->br * k->br + c / k->bc;
        uint64_t free_set = 0;
        for (int d = 0; d < n; d++)
            if (!((k->row[r] | k->col[c] | k->box[b]) >> d & 1))
                free_set |= (uint64_t)1 << d;
        int m = 0;
        for (int d = 0; d < n; d++)
            m += (int)(free_set >> d & 1);
        if (m < fewest) {
            fewest = m;
            best = i;
            best_set = free_set;
        }
    }
    if (best < 0) {
        k->found++;
        return;
    }
    int r = best / n, c = best % n, b = r / k->br * k->br + c / k->bc;
    for (int d = 0; d < n && k->found < k->limit; d++) {
        if (!(best_set >> d & 1))
            continue;
        uint64_t bit = (uint64_t)1 << d;
        k->cell[best] = (uint8_t)(d + 1);
        k->row[r] |= bit, k->col[c] |= bit, k->box[b] |= bit;
        count_from(k);
        k->row[r] &= ~bit, k->col[c] &= ~bit, k->box[b] &= ~bit;
        k->cell[best] = 0;
    }
}

uint64_t verify_count(const uint8_t *puz, int br, int bc, uint64_t limit)
{
    static _Thread_local counter k;
    int n = br * bc;
    k.n = n, k.br = br, k.bc = bc, k.found = 0, k.limit = limit;
    for (int u = 0; u < n; u++)
        k.row[u] = k.col[u] = k.box[u] = 0;
    for (int i = 0; i < n * n; i++) {
        int d = puz[i];
        k.cell[i] = (uint8_t)d;
        if (!d)
            continue;
        int r = i / n, c = i % n, b = r / br * br + c / bc;
        uint64_t bit = (uint64_t)1 << (d - 1);
        if ((k.row[r] | k.col[c] | k.box[b]) & bit)
            return 0; /* clues clash */
        k.row[r] |= bit, k.col[c] |= bit, k.box[b] |= bit;
    }
    count_from(&k);
    return k.found;
}
