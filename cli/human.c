/* human.c - `nonet explain` and `nonet hint`: the steps of the human-style
 * solver (the library's ladder) in words, or as JSON. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct steps_batch {
    const cli_opts *o;
    int hint; /* hint: the next step only */
    nonet_human *human;
    nonet_solver *solver;
    int status;
    long puzzles;
    nonet_grid position;
    nonet_marks marks;
    char text[4096];
} steps_batch;

const char *ladder_needs(nonet_technique next)
{
    const char *name = nonet_technique_name(next);
    return name ? name : "more than nested forcing chains";
}

static void failure(steps_batch *b, const char *file, const nonet_puzzle *p, const char *status,
                    const char *detail)
{
    b->status = EXIT_PUZZLE_FAILED;
    report(file, p->index, detail == p->error.message ? p->error.line : p->first_line,
           detail == p->error.message ? p->error.column : 0, "%s%s%s", status, detail ? ": " : "",
           detail ? detail : "");
    if (b->o->format == NONET_LAYOUT_JSON) {
        json_begin(stdout, b->o, file, p);
        fputs(",\"status\":", stdout);
        json_string(stdout, status);
        if (detail) {
            fputs(",\"error\":", stdout);
            json_string(stdout, detail);
        }
        fputs("}\n", stdout);
    } else {
        printf("# %s%s%s\n", status, detail ? ": " : "", detail ? detail : "");
    }
}

static void json_cells(const nonet_cell_digits *list, int count, int n, int one_digit)
{
    putchar('[');
    for (int i = 0; i < count; i++) {
        printf("%s{\"cell\":\"r%dc%d\",", i ? "," : "", list[i].cell / n + 1, list[i].cell % n + 1);
        if (one_digit) {
            printf("\"digit\":%d}", __builtin_ctzll(list[i].digits) + 1);
            continue;
        }
        fputs("\"digits\":[", stdout);
        int first = 1;
        for (uint64_t m = list[i].digits; m; m &= m - 1, first = 0)
            printf("%s%d", first ? "" : ",", __builtin_ctzll(m) + 1);
        fputs("]}", stdout);
    }
    putchar(']');
}

static void json_step(const nonet_step *st, int n, const char *text)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    printf("{\"technique\":\"%s\",\"difficulty\":%d.%d,\"units\":[",
           nonet_technique_name(st->technique), st->difficulty / 10, st->difficulty % 10);
    for (int i = 0; i < st->nunits; i++)
        printf("%s\"%s %d\"", i ? "," : "", kinds[st->units[i] / n], st->units[i] % n + 1);
    fputs("],\"pattern\":", stdout);
    json_cells(st->pattern, st->npattern, n, 0);
    fputs(",\"placements\":", stdout);
    json_cells(st->placements, st->nplacements, n, 1);
    fputs(",\"eliminations\":", stdout);
    json_cells(st->eliminations, st->neliminations, n, 0);
    if (st->chain_kind != NONET_CHAIN_NONE && st->nchain > 0) {
        /* the branches, each a list of nodes from the assumption on; a
         * node is implied by the one before it ("link": what links them) */
        static const char *const shapes[] = {"",       "cycle", "forcing", "contradiction",
                                             "double", "cell",  "unit"};
        printf(",\"chain\":{\"kind\":\"%s\",\"complexity\":%d,\"branches\":[[",
               shapes[st->chain_kind], st->complexity);
        for (int i = 0; i < st->nchain; i++) {
            const nonet_chain_node *a = &st->chain[i];
            int first = i == 0 || st->chain[i - 1].branch != a->branch;
            if (!first)
                putchar(',');
            else if (i > 0)
                fputs("],[", stdout);
            printf("{\"cell\":\"r%dc%d\",\"digit\":%d,\"on\":%s", a->cell / n + 1, a->cell % n + 1,
                   a->digit, a->on ? "true" : "false");
            if (!first) {
                int prev = st->chain[i - 1].on;
                printf(",\"link\":\"%s\"", prev && !a->on   ? "weak"
                                           : !prev && a->on ? "strong"
                                                            : "rule");
            }
            putchar('}');
        }
        fputs("]]}", stdout);
    }
    fputs(",\"text\":", stdout);
    json_string(stdout, text);
    putchar('}');
}

static void print_candidates(steps_batch *b, const char *symbols)
{
    nonet_human_position(b->human, &b->position, &b->marks);
    nonet_format_opts fo = {0, symbols, &b->marks};
    char small[16384];
    long need = nonet_format_with(&b->position, NONET_LAYOUT_CANDIDATES, &fo, small, sizeof small);
    if (need > 0 && (size_t)need < sizeof small)
        fputs(small, stdout);
}

static void each_puzzle(void *ctx, const char *file, const nonet_puzzle *p)
{
    steps_batch *b = ctx;
    const cli_opts *o = b->o;
    int json = o->format == NONET_LAYOUT_JSON, n = p->grid.n;
    if (!json && !b->hint && b->puzzles > 0)
        putchar('\n');
    b->puzzles++;
    if (p->error.code != NONET_OK) {
        failure(b, file, p, "error", p->error.message);
        return;
    }
    const nonet_marks *marks = p->has_marks ? &p->marks : NULL;
    if (nonet_human_start(b->human, &p->grid, marks) == NONET_ECONFLICT) {
        nonet_check_result chk;
        char why[160] = "the pencil marks leave out a digit of the grid";
        if (nonet_check(&p->grid, &chk) == NONET_ECONFLICT)
            nonet_describe_conflict(&chk.conflict, n, why, sizeof why);
        failure(b, file, p, "invalid", why);
        return;
    }
    uint64_t count = 0;
    if (nonet_solver_count_marks(b->solver, &p->grid, marks, 2, &count, NULL, NULL) != NONET_OK ||
        count != 1) {
        failure(b, file, p, count ? "not unique" : "no solution",
                count          ? "the steps need a puzzle with one solution"
                : p->has_marks ? "the pencil marks exclude every solution"
                               : NULL);
        return;
    }
    if (json) {
        json_begin(stdout, o, file, p);
        fputs(",\"input\":", stdout);
        json_grid(stdout, &p->grid, p->symbols);
        fputs(b->hint ? ",\"step\":" : ",\"steps\":[", stdout);
    } else if (!b->hint && (b->puzzles > 1 || p->name[0] || o->nfiles > 1)) {
        printf("# puzzle %ld%s%s\n", p->index, p->name[0] ? ": " : "", p->name);
    }
    int steps = 0, hardest = 0, stuck = 0;
    nonet_technique hardest_tech = NONET_TECH_FULL_HOUSE, next = NONET_TECH_COUNT;
    int limit = 0;
    for (;;) {
        int found = nonet_human_find(b->human);
        if (found < 0) {
            complain("out of memory");
            b->status = EXIT_USAGE;
            return;
        }
        if (found == 0) {
            stuck = !nonet_human_solved(b->human);
            limit = nonet_human_limit(b->human, &next);
            break;
        }
        for (int i = 0; i < (b->hint ? 1 : found); i++) {
            nonet_step st;
            nonet_human_step(b->human, i, &st);
            nonet_step_describe(&st, n, p->symbols, b->text, sizeof b->text);
            if (!b->hint && nonet_human_apply(b->human, i) < 1)
                continue; /* an earlier step of the round did it all */
            steps++;
            if (st.difficulty > hardest) {
                hardest = st.difficulty;
                hardest_tech = st.technique;
            }
            if (json) {
                fputs(steps > 1 ? "," : "", stdout);
                json_step(&st, n, b->text);
            } else if (b->hint) {
                printf("%d.%d %s\n", st.difficulty / 10, st.difficulty % 10, b->text);
            } else {
                printf("%d. %s\n", steps, b->text);
            }
        }
        if (b->hint)
            break;
        if (o->candidates && !json && !nonet_human_solved(b->human))
            print_candidates(b, p->symbols);
    }
    if (json) {
        if (b->hint) {
            if (steps == 0)
                fputs("null", stdout);
            printf(",\"status\":\"%s\"}\n", stuck ? "stuck" : steps ? "step" : "solved");
        } else {
            printf("],\"status\":\"%s\",\"rating\":", stuck ? "stuck" : "solved");
            if (stuck)
                fputs("null", stdout);
            else
                printf("%d.%d", hardest / 10, hardest % 10);
            puts("}");
        }
        return;
    }
    if (b->hint) {
        if (steps == 0) {
            if (stuck)
                printf("no step of the ladder applies: the next one needs %s (%d.%d and up)\n",
                       ladder_needs(next), limit / 10, limit % 10);
            else
                puts("solved: nothing is left to do");
        }
        return;
    }
    if (stuck) {
        printf("stuck: no step of the ladder applies; the next one needs %s (rating %d.%d and "
               "up). The position:\n",
               ladder_needs(next), limit / 10, limit % 10);
        print_candidates(b, p->symbols);
    } else {
        printf("solved in %d step%s: rating %d.%d (%s), %s\n", steps, steps == 1 ? "" : "s",
               hardest / 10, hardest % 10, steps ? nonet_technique_name(hardest_tech) : "nothing",
               nonet_level_name(hardest));
    }
}

static int run(const cli_opts *o, int hint)
{
    steps_batch *b = calloc(1, sizeof *b);
    if (!b) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    b->o = o;
    b->hint = hint;
    b->human = nonet_human_new();
    b->solver = nonet_solver_new(NONET_ENGINE_AUTO);
    int rc = EXIT_USAGE;
    if (b->human && b->solver) {
        nonet_human_set_ceiling(b->human, o->ceiling);
        int io_failed = for_each_puzzle(o, each_puzzle, b, NULL) != 0;
        fflush(stdout);
        rc = io_failed || ferror(stdout) ? EXIT_USAGE : b->status;
    } else {
        complain("out of memory");
    }
    nonet_human_free(b->human);
    nonet_solver_free(b->solver);
    free(b);
    return rc;
}

int cmd_explain(const cli_opts *o)
{
    return run(o, 0);
}

int cmd_hint(const cli_opts *o)
{
    return run(o, 1);
}
