/* bench_read.c - the reader on the layouts people paste: every puzzle of a
 * set written by tests/layouts.c in each style, read one at a time
 * (nonet_parse) and 1,000 to a file with a blank line between puzzles (a
 * streaming reader); a puzzle is read right when its cells and boxes are
 * the ones written. */
#include "../tests/layouts.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PER_FILE 1000

static int same(const nonet_puzzle *p, const nonet_grid *g)
{
    return p->error.code == NONET_OK && nonet_grid_equal(&p->grid, g);
}

void bench_read(const char *name, const bench_set *s)
{
    static nonet_grid g;
    static nonet_puzzle p;
    size_t cap = (size_t)PER_FILE * 512 + 4096;
    char *file = malloc(cap), *one = malloc(8192);
    size_t *index = malloc(sizeof *index * PER_FILE);
    if (!file || !one || !index) {
        free(file), free(one), free(index);
        return;
    }
    for (int style = 0; style < STYLE_COUNT; style++) {
        size_t fit = 0, alone = 0, batch = 0, bytes = 0;
        double t0 = bench_now();
        for (size_t from = 0; from < s->count; from += PER_FILE) {
            size_t to = from + PER_FILE < s->count ? from + PER_FILE : s->count, len = 0, k = 0;
            for (size_t i = from; i < to; i++) {
                bench_get(s, i, &g);
                if (!layout_style_fits(style, &g))
                    continue;
                size_t one_len = 0;
                if (layout_style_write(style, &g, one, 8192, &one_len) != 0 ||
                    len + one_len + 2 > cap)
                    continue;
                fit++;
                bytes += one_len;
                if (nonet_parse(one, one_len, NULL, &p, NULL) == NONET_OK && same(&p, &g))
                    alone++;
                else if (fit - alone == 1) /* the first one read wrong, to see why */
                    fprintf(stderr, "%s, %s: read wrong (%s):\n%s", name, layout_style_name(style),
                            p.error.code ? p.error.message : "other cells", one);
                if (k > 0)
                    file[len++] = '\n';
                memcpy(file + len, one, one_len + 1);
                len += one_len;
                index[k++] = i;
            }
            /* the file: the k puzzles in order, each read right */
            nonet_reader *r = nonet_reader_new(NULL);
            if (!r)
                break;
            size_t fed = 0, got = 0;
            for (;;) {
                fed += nonet_reader_feed(r, file + fed, len - fed);
                if (fed == len)
                    nonet_reader_end(r);
                while (nonet_reader_next(r, &p)) {
                    /* by position: a puzzle read as two shifts the rest */
                    if (got < k) {
                        bench_get(s, index[got], &g);
                        batch += same(&p, &g);
                    }
                    got++;
                }
                if (fed == len)
                    break;
            }
            nonet_reader_free(r);
        }
        double secs = bench_now() - t0;
        printf("%-32s %-15s %8zu %8zu %8zu %7.1f\n", name, layout_style_name(style), fit, alone,
               batch, secs > 0 ? 2.0 * (double)bytes / secs / 1e6 : 0.0);
        fflush(stdout);
    }
    free(file);
    free(one);
    free(index);
}
