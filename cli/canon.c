/* canon.c - `nonet canon` (each puzzle's canonical form) and `nonet
 * transform` (each puzzle under a given or random symmetry). */
#include "cli.h"

#include <string.h>

typedef struct canon_state {
    const cli_opts *o;
    FILE *out, *err; /* results, messages */
    int puzzles, failed;
    records rec;
} canon_state;

/* A failed puzzle's result (and a message on stderr before it). */
static void failed(canon_state *st, const nonet_puzzle *p, const char *file, const char *why)
{
    st->failed = 1;
    if (records_wanted(st->o)) {
        nonet_result r = {.puzzle = p, .status = NONET_V_ERROR, .message = why};
        print_record(st->out, st->o, &st->rec, file, &r);
    } else {
        print_puzzle_beside(st->out, st->o, p, 1);
        fprintf(st->out, "# error: %s\n", why);
    }
}

/* Whether p can be transformed: read, no pencil marks (reported). */
static int usable(canon_state *st, const char *file, const nonet_puzzle *p)
{
    if (p->error.code) {
        report_to(st->err, file, p->index, p->error.line, p->error.column, "%s", p->error.message);
        failed(st, p, file, p->error.message);
        return 0;
    }
    if (p->has_marks) {
        static const char why[] = "pencil marks have no canonical form here";
        report_to(st->err, file, p->index, p->first_line, 0, why);
        failed(st, p, file, why);
        return 0;
    }
    return 1;
}

/* Prints g, the result, in layout, or the record of p with g and t. */
static void print_result(canon_state *st, const char *file, const nonet_puzzle *p,
                         nonet_layout layout, const nonet_grid *g, const nonet_transform *t,
                         const uint64_t *automorphisms)
{
    if (!records_wanted(st->o)) {
        print_result_grid(st->out, st->o, p, g, layout);
        return;
    }
    char map[4 * NONET_MAX_SIDE * 3 + 64];
    nonet_transform_format(t, map, sizeof map);
    nonet_result r = {.puzzle = p,
                      .status = NONET_V_OK,
                      .fields = NONET_FIELD_RESULT | NONET_FIELD_TRANSFORM,
                      .result = g,
                      .transform = map};
    if (automorphisms) {
        r.fields |= NONET_FIELD_AUTOMORPHISMS;
        r.automorphisms = *automorphisms;
    }
    print_record(st->out, st->o, &st->rec, file, &r);
}

int canon_puzzle(FILE *out, FILE *err, const cli_opts *o, records *rec, nonet_canon *canon,
                 const char *file, const nonet_puzzle *p)
{
    canon_state st = {o, out, err, 0, 0, *rec};
    if (!usable(&st, file, p)) {
        *rec = st.rec;
        return 1;
    }
    nonet_grid form;
    nonet_transform t;
    uint64_t automorphisms = 0;
    int rc = nonet_canon_form(canon, &p->grid, &form, &t, &automorphisms);
    if (rc != NONET_OK) {
        char why[128];
        snprintf(why, sizeof why, "no canonical form: %s",
                 rc == NONET_EARG      ? "boxes larger than 5x5"
                 : rc == NONET_EGIVEUP ? "too many symmetries tie (a nearly empty or full grid)"
                                       : nonet_strerror(rc));
        report_to(err, file, p->index, p->first_line, 0, "%s", why);
        failed(&st, p, file, why);
    } else {
        print_result(&st, file, p, output_layout(o, p), &form, &t, &automorphisms);
    }
    *rec = st.rec;
    return st.failed;
}

int cmd_canon(const cli_opts *o)
{
    return run_canon(o); /* solve.c's batch: threads, input order */
}

static void transform_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    canon_state *st = ctx;
    const cli_opts *o = st->o;
    nonet_layout layout = output_layout(o, p);
    long index = st->puzzles++;
    if (layout_multiline(layout, p->grid.n) && index)
        putchar('\n');
    if (!usable(st, file, p))
        return;
    nonet_transform t;
    if (o->map) {
        t = *o->map;
        if (t.box_rows != p->grid.box_rows || t.box_cols != p->grid.box_cols) {
            char why[128];
            snprintf(why, sizeof why, "the map is for %dx%d boxes, the puzzle has %dx%d",
                     t.box_rows, t.box_cols, p->grid.box_rows, p->grid.box_cols);
            report(file, p->index, p->first_line, 0, "%s", why);
            failed(st, p, file, why);
            return;
        }
    } else {
        nonet_transform_random(p->grid.box_rows, p->grid.box_cols, o->seed, (uint64_t)index, &t);
    }
    nonet_grid out;
    nonet_transform_apply(&t, &p->grid, &out);
    print_result(st, file, p, layout, &out, &t, NULL);
}

int cmd_transform(const cli_opts *o)
{
    canon_state st = {o, stdout, stderr, 0, 0, {NONET_FIELD_RESULT | NONET_FIELD_TRANSFORM, 0}};
    int rc = for_each_puzzle(o, transform_one, &st, NULL);
    return exit_status(rc, st.failed); /* st.failed only after the puzzles */
}
