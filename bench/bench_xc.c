/* bench_xc.c - the exact cover benchmark: problems whose figures for
 * Knuth's DLX1 are known on this kind of machine (6x10 pentominoes: 9,356
 * solutions, 3,637,261 nodes, 1.24e9 updates, 9.4 s; 12 queens: 14,200
 * solutions, 327,813 nodes, 6.29e6 updates, 85 ms), generated here in the
 * item order that gives those node counts, and a hard Sudoku through the
 * dlx engine. Reading is not timed. */
#include "bench.h"
#include "nonet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void add(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->cap + n + 1) * 2;
        char *grown = realloc(t->s, t->cap);
        if (!grown)
            abort();
        t->s = grown;
    }
    memcpy(t->s + t->len, s, n + 1);
    t->len += n;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One orientation of each pentomino, Conway's names O to Z. */
static const int shapes[12][5][2] = {
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}, {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}},
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}}, {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}},
    {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 3}}, {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}},
    {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}, {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}},
    {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}},
    {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 1}}, {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}},
};

static int by_cell(const void *a, const void *b)
{
    const int *p = a, *q = b;
    return p[0] != q[0] ? p[0] - q[0] : p[1] - q[1];
}

/* Items: the 12 pieces, then the cells "rc" row by row; an option per
 * distinct orientation and position of each piece. */
static void pentominoes(text *t)
{
    char buf[64];
    for (int p = 0; p < 12; p++) {
        snprintf(buf, sizeof buf, "%c ", "OPQRSTUVWXYZ"[p]);
        add(t, buf);
    }
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 10; c++) {
            snprintf(buf, sizeof buf, "%d%d%s", r, c, r == 5 && c == 9 ? "\n" : " ");
            add(t, buf);
        }
    for (int p = 0; p < 12; p++) {
        int seen[8][5][2], nseen = 0, cur[5][2];
        memcpy(cur, shapes[p], sizeof cur);
        for (int k = 0; k < 8; k++) {
            int o[5][2], mr = 99, mc = 99;
            for (int i = 0; i < 5; i++) {
                o[i][0] = cur[i][0];
                o[i][1] = k < 4 ? cur[i][1] : -cur[i][1];
                mr = o[i][0] < mr ? o[i][0] : mr;
                mc = o[i][1] < mc ? o[i][1] : mc;
            }
            for (int i = 0; i < 5; i++)
                o[i][0] -= mr, o[i][1] -= mc;
            qsort(o, 5, sizeof o[0], by_cell);
            int dup = 0;
            for (int s = 0; s < nseen; s++)
                dup |= memcmp(seen[s], o, sizeof o) == 0;
            if (!dup)
                memcpy(seen[nseen++], o, sizeof o);
            for (int i = 0; i < 5; i++) {
                int r = cur[i][0];
                cur[i][0] = cur[i][1];
                cur[i][1] = -r;
            }
        }
        for (int s = 0; s < nseen; s++) {
            int h = 0, w = 0;
            for (int i = 0; i < 5; i++) {
                h = seen[s][i][0] > h ? seen[s][i][0] : h;
                w = seen[s][i][1] > w ? seen[s][i][1] : w;
            }
            for (int dr = 0; dr + h < 6; dr++)
                for (int dc = 0; dc + w < 10; dc++) {
                    snprintf(buf, sizeof buf, "%c", "OPQRSTUVWXYZ"[p]);
                    add(t, buf);
                    for (int i = 0; i < 5; i++) {
                        snprintf(buf, sizeof buf, " %d%d", seen[s][i][0] + dr, seen[s][i][1] + dc);
                        add(t, buf);
                    }
                    add(t, "\n");
                }
        }
    }
}

/* Rows, then columns (primary), then the diagonals (secondary). */
static void queens(text *t, int n)
{
    char buf[64];
    for (int i = 0; i < 2 * n; i++) {
        snprintf(buf, sizeof buf, "%c%d ", i < n ? 'r' : 'c', i % n);
        add(t, buf);
    }
    add(t, "|");
    for (int k = 0; k < 2 * (2 * n - 1); k++) {
        snprintf(buf, sizeof buf, " %c%d", k < 2 * n - 1 ? 'a' : 'b', k % (2 * n - 1));
        add(t, buf);
    }
    add(t, "\n");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            snprintf(buf, sizeof buf, "r%d c%d a%d b%d\n", i, j, i + j, i - j + n - 1);
            add(t, buf);
        }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void run_problem(const char *name, const text *t, int runs)
{
    nonet_xc *x;
    nonet_error err;
    if (nonet_xc_parse(t->s, t->len, NULL, NULL, &x, &err) != NONET_OK) {
        printf("%-30s cannot read: %s\n", name, err.message);
        return;
    }
    double times[16];
    nonet_xc_stats st;
    for (int r = 0; r < runs; r++) {
        double t0 = seconds();
        nonet_xc_solve(x, 0, NULL, NULL, &st);
        times[r] = seconds() - t0;
    }
    qsort(times, (size_t)runs, sizeof times[0], cmp_double);
    printf("%-30s %10llu %12llu %14llu %16llu %10.3f\n", name, (unsigned long long)st.solutions,
           (unsigned long long)st.nodes, (unsigned long long)st.updates,
           (unsigned long long)st.mems, times[runs / 2]);
    fflush(stdout);
    nonet_xc_free(x);
}

/* A forum-hardest puzzle (puzzles6_forum_hardest_1106, first line). */
static const char hard[] =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

static void run_sudoku(int runs)
{
    nonet_grid g;
    nonet_grid_init(&g, 3, 3);
    for (int i = 0; i < 81; i++)
        g.cells[i] = (uint8_t)(hard[i] == '.' ? 0 : hard[i] - '0');
    /* the same cover as text, for the updates and mems */
    long len = nonet_xc_from_sudoku(&g, 0, NULL, 0, NULL);
    text t = {0};
    if (len > 0) {
        t.s = malloc((size_t)len + 1);
        t.len = (size_t)len;
        if (t.s)
            nonet_xc_from_sudoku(&g, 0, t.s, (size_t)len + 1, NULL);
    }
    if (t.s)
        run_problem("hard 9x9, as text", &t, runs);
    free(t.s);
    nonet_solver *s = nonet_solver_new(NONET_ENGINE_DLX);
    double times[16];
    nonet_stats st = {0, 0};
    uint64_t count = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = seconds();
        nonet_solver_count(s, &g, 0, &count, NULL, &st);
        times[r] = seconds() - t0;
    }
    qsort(times, (size_t)runs, sizeof times[0], cmp_double);
    printf("%-30s %10llu %12llu %14s %16s %10.5f\n", "hard 9x9, dlx engine",
           (unsigned long long)count, (unsigned long long)st.nodes, "-", "-", times[runs / 2]);
    nonet_solver_free(s);
}

void bench_exact_cover(int runs)
{
    if (runs < 1)
        runs = 1;
    if (runs > 16)
        runs = 16;
    printf("%-30s %10s %12s %14s %16s %10s\n", "exact cover", "solutions", "nodes", "updates",
           "mems", "seconds");
    text t = {0};
    pentominoes(&t);
    run_problem("pentominoes 6x10 (DLX1 9.4 s)", &t, runs);
    t.len = 0;
    queens(&t, 12);
    run_problem("12 queens (DLX1 0.085 s)", &t, runs);
    free(t.s);
    run_sudoku(runs);
}
