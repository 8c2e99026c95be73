/* fish.c - basic fish: a digit whose places in k columns (base) lie in k
 * rows (cover) leaves the rest of those rows, and the same with rows and
 * columns swapped: X-Wing (k = 2, 3.2), Swordfish (3, 3.8), Jellyfish (4,
 * 5.2). As in Sudoku Explainer, columns are tried as the base first, a
 * base line takes part with 2 to k places, and a digit is tried only while
 * at most n - 2k of its cells are placed. */
#include "human/human.h"

void find_fish(const hstate *s, int technique, hlist *out)
{
    int k = technique == NONET_TECH_X_WING ? 2 : technique == NONET_TECH_SWORDFISH ? 3 : 4;
    int difficulty = k == 2 ? 32 : k == 3 ? 38 : 52;
    int n = s->n;
    for (int pass = 0; pass < 2; pass++) {
        int base0 = pass == 0 ? n : 0, cover0 = pass == 0 ? 0 : n; /* columns, then rows */
        for (int d = 1; d <= n; d++) {
            uint64_t bit = (uint64_t)1 << (d - 1);
            int placed = 0;
            for (int r = 0; r < n; r++)
                placed += (s->placed[r] & bit) != 0;
            if (placed + 2 * k > n)
                continue;
            int lines[NONET_MAX_SIDE] = {0}, count = 0;
            for (int i = 0; i < n; i++) {
                int c = h_count(s->where[base0 + i][d - 1]);
                if (c >= 2 && c <= k)
                    lines[count++] = i;
            }
            int idx[4];
            for (int ok = comb_first(idx, k, count); ok; ok = comb_next(idx, k, count)) {
                uint64_t cover = 0, base = 0;
                for (int i = 0; i < k; i++) {
                    cover |= s->where[base0 + lines[idx[i]]][d - 1];
                    base |= (uint64_t)1 << lines[idx[i]];
                }
                if (h_count(cover) == k) {
                    int victims = 0;
                    for (uint64_t m = cover; m; m &= m - 1)
                        victims += h_count(s->where[cover0 + lowest_bit(m)][d - 1] & ~base);
                    if (victims && hlist_begin(out, technique, difficulty)) {
                        for (int i = 0; i < k; i++)
                            hlist_unit(out, base0 + lines[idx[i]]);
                        hlist_role(out, NONET_ROLE_BASE);
                        for (int i = 0; i < k; i++) {
                            int u = base0 + lines[idx[i]];
                            for (uint64_t m = s->where[u][d - 1]; m; m &= m - 1)
                                hlist_pattern(out, s->unit[u].cells[lowest_bit(m)], bit);
                        }
                        for (uint64_t m = cover; m; m &= m - 1) {
                            int u = cover0 + lowest_bit(m);
                            for (uint64_t v = s->where[u][d - 1] & ~base; v; v &= v - 1)
                                hlist_elim(out, s->unit[u].cells[lowest_bit(v)], bit);
                        }
                    }
                }
            }
        }
    }
}
