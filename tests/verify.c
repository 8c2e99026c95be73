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
