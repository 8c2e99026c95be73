/* format.c - `nonet format`: each puzzle as read, written in another
 * layout (a converter, and a way to see what nonet read), or as f-puzzles
 * JSON or its link (-f fpuzzles, fpuzzles-link), a line each. */
#include "cli.h"

#include <stdlib.h>

typedef struct format_state {
    const cli_opts *o;
    long puzzles;
    int failed;
    records rec;
} format_state;

static void format_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    format_state *st = ctx;
    const cli_opts *o = st->o;
    nonet_layout layout = output_layout(o, p);
    if (layout_multiline(layout, p->grid.n) && !records_wanted(o) && !o->fpuzzles && st->puzzles++)
        putchar('\n');
    if (p->error.code)
        report_read_error(file, p);
    st->failed |= p->error.code != NONET_OK;
    if (records_wanted(o)) {
        nonet_result r = {.puzzle = p,
                          .status = p->error.code ? NONET_V_ERROR : NONET_V_OK,
                          .message = p->error.code ? p->error.message : NULL,
                          .fields = p->has_marks ? NONET_FIELD_MARKS : 0u,
                          .marks = &p->marks};
        print_record(stdout, o, &st->rec, file, &r);
        return;
    }
    if (p->error.code) {
        printf("# error: %s\n", p->error.message);
        return;
    }
    if (o->fpuzzles) { /* a classic puzzle in f-puzzles: its givens */
        nonet_variant *v = nonet_variant_new(&p->grid);
        if (!v || !print_fpuzzles(file, p->index, v, p->name, o->fpuzzles == 2)) {
            if (!v)
                complain("out of memory");
            st->failed = 1;
        }
        nonet_variant_free(v);
        return;
    }
    /* pencil marks stay pencil marks in the candidates layout */
    nonet_format_opts fo = {0, p->symbols, p->has_marks ? &p->marks : NULL, 1};
    long need = nonet_format_with(&p->grid, layout, &fo, NULL, 0);
    char *buf = need >= 0 ? malloc((size_t)need + 1) : NULL;
    if (!buf) {
        complain(need < 0 ? "a %dx%d grid cannot be written in the %s layout (try --format numbers)"
                          : "out of memory",
                 p->grid.n, p->grid.n, nonet_layout_name(layout));
        st->failed = 1;
        printf("# error: no %s layout for this grid\n", nonet_layout_name(layout));
        return;
    }
    nonet_format_with(&p->grid, layout, &fo, buf, (size_t)need + 1);
    fwrite(buf, 1, (size_t)need, stdout);
    free(buf);
}

int cmd_format(const cli_opts *o)
{
    format_state st = {o, 0, 0, {NONET_FIELD_MARKS, 0}};
    int rc = for_each_puzzle(o, format_one, &st, NULL);
    return exit_status(rc, st.failed);
}
