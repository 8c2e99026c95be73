/* dlx.c - `nonet dlx`: each puzzle written as an exact cover problem, the
 * input of Knuth's DLX1 (SUDOKU-DLX's form) or, with --dance, of DANCE
 * (SUDOKU-PREP's form). Several puzzles give their covers one after
 * another, each complete; a puzzle that fails (unreadable, conflicting
 * clues) writes nothing on stdout and a message on stderr. */
#include "cli.h"

#include <stdlib.h>

typedef struct dlx_batch {
    const cli_opts *o;
    int status;
    char *buf;
    size_t cap;
} dlx_batch;

static void each_puzzle(void *ctx, const char *file, const nonet_puzzle *p)
{
    dlx_batch *b = ctx;
    if (p->error.code != NONET_OK) {
        report_read_error(file, p);
        b->status = EXIT_PUZZLE_FAILED;
        return;
    }
    if (p->has_marks) {
        report(file, p->index, p->first_line, 0, "%s",
               "pencil marks are not written as exact cover: only the clues would be");
        b->status = EXIT_PUZZLE_FAILED;
        return;
    }
    unsigned flags = b->o->dance ? NONET_XC_DANCE : 0;
    nonet_error err;
    long need = nonet_xc_from_sudoku(&p->grid, flags, NULL, 0, &err);
    if (need < 0) {
        report(file, p->index, p->first_line, 0, "%s", err.message);
        b->status = EXIT_PUZZLE_FAILED;
        return;
    }
    if ((size_t)need >= b->cap) {
        char *grown = realloc(b->buf, (size_t)need + 1);
        if (!grown) {
            complain("out of memory");
            b->status = EXIT_USAGE;
            return;
        }
        b->buf = grown;
        b->cap = (size_t)need + 1;
    }
    nonet_xc_from_sudoku(&p->grid, flags, b->buf, b->cap, &err);
    fwrite(b->buf, 1, (size_t)need, stdout);
}

int cmd_dlx(const cli_opts *o)
{
    dlx_batch b = {o, EXIT_ALL_GOOD, NULL, 0};
    int io_failed = for_each_puzzle(o, each_puzzle, &b, NULL) != 0;
    free(b.buf);
    fflush(stdout);
    if (ferror(stdout)) {
        complain("error writing the output");
        return EXIT_USAGE;
    }
    return io_failed ? EXIT_USAGE : b.status;
}
