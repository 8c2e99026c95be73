/* canon.c - `nonet canon` (each puzzle's canonical form) and `nonet
 * transform` (each puzzle under a given or random symmetry). */
#include "cli.h"

#include <string.h>

typedef struct canon_state {
    const cli_opts *o;
    nonet_canon *canon;
    int puzzles, failed;
} canon_state;

/* Prints the start of a failed puzzle's result and counts it. */
static void failed(canon_state *st, const nonet_puzzle *p, const char *file, const char *verdict)
{
    st->failed = 1;
    if (st->o->format == NONET_LAYOUT_JSON) {
        json_begin(stdout, st->o, file, p);
        fputs(",\"status\":", stdout);
        json_string(stdout, verdict);
        fputs("}\n", stdout);
    } else {
        printf("# %s\n", verdict);
    }
}

/* Whether p can be transformed: read, no pencil marks (reported). */
static int usable(canon_state *st, const char *file, const nonet_puzzle *p)
{
    if (p->error.code) {
        report_read_error(file, p);
        failed(st, p, file, "error");
        return 0;
    }
    if (p->has_marks) {
        report(file, p->index, p->first_line, 0, "pencil marks have no canonical form here");
        failed(st, p, file, "error: pencil marks");
        return 0;
    }
    return 1;
}

/* Prints g in layout; in json, the object up to its transform, left
 * open for the caller to end. */
static void print_result(const cli_opts *o, const char *file, const nonet_puzzle *p,
                         nonet_layout layout, const char *key, const nonet_grid *g,
                         const nonet_transform *t)
{
    if (layout != NONET_LAYOUT_JSON) {
        print_grid(stdout, g, layout, 0, p->symbols);
        return;
    }
    char map[4 * NONET_MAX_SIDE * 3 + 64];
    nonet_transform_format(t, map, sizeof map);
    json_begin(stdout, o, file, p);
    printf(",\"%s\":", key);
    json_grid(stdout, g, p->symbols);
    fputs(",\"transform\":", stdout);
    json_string(stdout, map);
}

static void canon_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    canon_state *st = ctx;
    const cli_opts *o = st->o;
    nonet_layout layout = output_layout(o, p);
    if (layout_multiline(layout) && st->puzzles++)
        putchar('\n');
    if (!usable(st, file, p))
        return;
    nonet_grid form;
    nonet_transform t;
    uint64_t automorphisms = 0;
    int rc = nonet_canon_form(st->canon, &p->grid, &form, &t, &automorphisms);
    if (rc != NONET_OK) {
        report(file, p->index, p->first_line, 0, "no canonical form: %s",
               rc == NONET_EARG      ? "boxes larger than 5x5"
               : rc == NONET_EGIVEUP ? "too many symmetries tie (a nearly empty or full grid)"
                                     : nonet_strerror(rc));
        failed(st, p, file, "error: no canonical form");
        return;
    }
    print_result(o, file, p, layout, "canon", &form, &t);
    if (layout == NONET_LAYOUT_JSON)
        printf(",\"automorphisms\":%llu}\n", (unsigned long long)automorphisms);
}

int cmd_canon(const cli_opts *o)
{
    canon_state st = {o, nonet_canon_new(), 0, 0};
    if (!st.canon) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    int rc = for_each_puzzle(o, canon_one, &st, NULL);
    nonet_canon_free(st.canon);
    return exit_status(rc, st.failed);
}

static void transform_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    canon_state *st = ctx;
    const cli_opts *o = st->o;
    nonet_layout layout = output_layout(o, p);
    long index = st->puzzles++;
    if (layout_multiline(layout) && index)
        putchar('\n');
    if (!usable(st, file, p))
        return;
    nonet_transform t;
    if (o->map) {
        t = *o->map;
        if (t.box_rows != p->grid.box_rows || t.box_cols != p->grid.box_cols) {
            report(file, p->index, p->first_line, 0,
                   "the map is for %dx%d boxes, the puzzle has %dx%d", t.box_rows, t.box_cols,
                   p->grid.box_rows, p->grid.box_cols);
            failed(st, p, file, "error: another size");
            return;
        }
    } else {
        nonet_transform_random(p->grid.box_rows, p->grid.box_cols, o->seed, (uint64_t)index, &t);
    }
    nonet_grid out;
    nonet_transform_apply(&t, &p->grid, &out);
    print_result(o, file, p, layout, "result", &out, &t);
    if (layout == NONET_LAYOUT_JSON)
        fputs("}\n", stdout);
}

int cmd_transform(const cli_opts *o)
{
    canon_state st = {o, NULL, 0, 0};
    int rc = for_each_puzzle(o, transform_one, &st, NULL);
    return exit_status(rc, st.failed); /* st.failed only after the puzzles */
}
