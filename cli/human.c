/* human.c - `nonet explain` and `nonet hint`: the steps of the human-style
 * solver (the library's ladder) in words, or as JSON. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct steps_batch {
    const cli_opts *o;
    int hint;  /* hint: the next step only */
    int level; /* hint --level: 1 and 2 tell less than the move (3) */
    nonet_human *human;
    nonet_solver *solver;
    int status;
    long puzzles;
    nonet_grid position;
    nonet_marks marks;
    nonet_grid round;        /* --svg: the position the round's steps were found in */
    nonet_marks round_marks; /* and its candidates */
    char text[4096];
    records rec;
    int beside; /* --with-puzzle: the puzzle is written before its result */
} steps_batch;

const char *ladder_needs(nonet_technique next)
{
    const char *name = nonet_technique_name(next);
    return name ? name : "more than nested forcing chains";
}

/* A puzzle the steps cannot start from: its result, and why on stderr. */
static void failure(steps_batch *b, const char *file, const nonet_puzzle *p, nonet_verdict v,
                    const char *detail)
{
    const char *status = v == NONET_V_MULTIPLE ? "not unique" : nonet_verdict_word(v);
    b->status = EXIT_PUZZLE_FAILED;
    report(file, p->index, detail == p->error.message ? p->error.line : p->first_line,
           detail == p->error.message ? p->error.column : 0, "%s%s%s", status, detail ? ": " : "",
           detail ? detail : "");
    if (records_wanted(b->o)) {
        nonet_result r = {.puzzle = p, .status = v, .message = detail};
        print_record(stdout, b->o, &b->rec, file, &r);
    } else {
        if (!b->beside)
            print_puzzle_beside(stdout, b->o, p, 1);
        printf("# %s%s%s\n", status, detail ? ": " : "", detail ? detail : "");
    }
}

/* A step as the library's JSON object, malloc'ed ("" when out of memory:
 * NULL only if even that fails). */
static char *step_json(const nonet_step *st, int n, const char *symbols)
{
    long need = nonet_step_json(st, n, symbols, NULL, 0);
    char *text = malloc(need > 0 ? (size_t)need + 1 : 1);
    if (text && need > 0)
        nonet_step_json(st, n, symbols, text, (size_t)need + 1);
    else if (text)
        text[0] = '\0';
    return text;
}

/* A hint at level (below 3) as the library's JSON object, malloc'ed, as
 * step_json. */
static char *hint_json(const nonet_step *st, int level, const nonet_grid *g, const char *symbols)
{
    long need = nonet_step_hint_json(st, level, g->box_rows, g->box_cols, symbols, NULL, 0);
    char *text = malloc(need > 0 ? (size_t)need + 1 : 1);
    if (text && need > 0)
        nonet_step_hint_json(st, level, g->box_rows, g->box_cols, symbols, text, (size_t)need + 1);
    else if (text)
        text[0] = '\0';
    return text;
}

/* --svg: the library's drawing of a step in the position it was found
 * in (hint --level 1 or 2: the step as a hint at that level tells it,
 * nonet_step_hint_svg), malloc'ed (NULL when out of memory, reported). */
static char *step_svg(steps_batch *b, const nonet_puzzle *p, const nonet_step *st)
{
    nonet_svg_opts so = {&p->grid, p->symbols, NULL};
    int lv = b->level;
    long need = lv < 3 ? nonet_step_hint_svg(&b->round, &b->round_marks, st, lv, &so, NULL, 0)
                       : nonet_step_svg(&b->round, &b->round_marks, st, &so, NULL, 0);
    char *text = need > 0 ? malloc((size_t)need + 1) : NULL;
    if (text && lv < 3)
        nonet_step_hint_svg(&b->round, &b->round_marks, st, lv, &so, text, (size_t)need + 1);
    else if (text)
        nonet_step_svg(&b->round, &b->round_marks, st, &so, text, (size_t)need + 1);
    else
        complain("out of memory drawing a step");
    return text;
}

/* Writes a drawing as DIR/puzzle-K-step-NNN.svg (K: the puzzle's number
 * in the whole input). A failure is reported and makes the exit status 2. */
static void write_svg(steps_batch *b, const char *svg, int step)
{
    if (!svg) {
        b->status = EXIT_USAGE;
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/puzzle-%ld-step-%03d.svg", b->o->svg_dir, b->puzzles, step);
    FILE *f = fopen(path, "w");
    int failed = !f;
    if (f) {
        failed = fputs(svg, f) < 0;
        failed |= fclose(f) != 0;
    }
    if (failed) {
        complain("--svg: cannot write %s: %s", path, strerror(errno));
        b->status = EXIT_USAGE;
    }
}

/* Makes the folder dir and those above it, as mkdir -p. Returns 0, or -1
 * after saying why. */
static int make_folder(const char *dir)
{
    char path[4096];
    size_t len = strlen(dir);
    if (len >= sizeof path) {
        complain("--svg %s: the path is too long", dir);
        return -1;
    }
    memcpy(path, dir, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char was = path[i];
        path[i] = '\0';
        struct stat sb;
        if (stat(path, &sb) != 0 && mkdir(path, 0777) != 0 && errno != EEXIST) {
            complain("--svg %s: cannot make the folder %s: %s", dir, path, strerror(errno));
            return -1;
        }
        path[i] = was;
    }
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        complain("--svg %s: not a folder", dir);
        return -1;
    }
    return 0;
}

static void print_candidates(steps_batch *b, const char *symbols)
{
    nonet_human_position(b->human, &b->position, &b->marks);
    nonet_format_opts fo = {0, symbols, &b->marks, 0};
    char small[16384];
    long need = nonet_format_with(&b->position, NONET_LAYOUT_CANDIDATES, &fo, small, sizeof small);
    if (need > 0 && (size_t)need < sizeof small)
        fputs(small, stdout);
}

static void each_puzzle(void *ctx, const char *file, const nonet_puzzle *p)
{
    steps_batch *b = ctx;
    const cli_opts *o = b->o;
    int json = records_wanted(o), n = p->grid.n;
    if (!json && !b->hint && b->puzzles > 0)
        putchar('\n');
    b->puzzles++;
    b->beside = 0;
    if (p->error.code != NONET_OK) {
        failure(b, file, p, NONET_V_ERROR, p->error.message);
        return;
    }
    const nonet_marks *marks = p->has_marks ? &p->marks : NULL;
    if (nonet_human_start(b->human, &p->grid, marks) == NONET_ECONFLICT) {
        nonet_check_result chk;
        char why[160] = "the pencil marks leave out a digit of the grid";
        if (nonet_check(&p->grid, &chk) == NONET_ECONFLICT)
            nonet_describe_conflict(&chk.conflict, n, why, sizeof why);
        failure(b, file, p, NONET_V_INVALID, why);
        return;
    }
    char late[80];
    timeout_words(o->timeout_ns, late, sizeof late);
    nonet_stop stop = puzzle_stop(o->timeout_ns); /* the puzzle's clock */
    nonet_solver_set_stop(b->solver, &stop);
    nonet_human_set_stop(b->human, &stop);
    uint64_t count = 0;
    int rc = nonet_solver_count_marks(b->solver, &p->grid, marks, 2, &count, NULL, NULL);
    if (rc == NONET_ETIMEOUT) {
        failure(b, file, p, NONET_V_TIMEOUT, late);
        return;
    }
    if (rc != NONET_OK || count != 1) {
        failure(b, file, p, count ? NONET_V_MULTIPLE : NONET_V_NO_SOLUTION,
                count          ? "the steps need a puzzle with one solution"
                : p->has_marks ? "the pencil marks exclude every solution"
                               : NULL);
        return;
    }
    /* records: the steps gathered as JSON text, written with the result */
    char *steps_text = NULL;
    size_t steps_len = 0;
    FILE *steps_out = json ? open_memstream(&steps_text, &steps_len) : NULL;
    if (json && !steps_out) {
        complain("out of memory");
        b->status = EXIT_USAGE;
        return;
    }
    if (steps_out && !b->hint)
        fputc('[', steps_out);
    if (!json && !b->hint && o->nfiles > 1)
        printf("# %s: puzzle %ld%s%s\n", file, p->index, p->name[0] ? ": " : "", p->name);
    else if (!json && !b->hint)
        printf("# puzzle %ld%s%s\n", p->index, p->name[0] ? ": " : "", p->name);
    if (!json && b->hint) {
        /* a step is one line; with --apply the position follows it */
        print_puzzle_beside(stdout, o, p, !o->apply);
        b->beside = 1;
    }
    nonet_rating path;
    memset(&path, 0, sizeof path);
    int limit = 0;
    nonet_technique next = NONET_TECH_COUNT;
    int timed_out = 0;
    for (;;) {
        int found = nonet_human_find(b->human);
        if (found == NONET_ETIMEOUT) {
            timed_out = 1;
            break;
        }
        if (found < 0) {
            complain("out of memory");
            b->status = EXIT_USAGE;
            break;
        }
        if (found == 0) {
            path.stuck = !nonet_human_solved(b->human);
            limit = nonet_human_limit(b->human, &next);
            break;
        }
        if (o->svg_dir)
            nonet_human_position(b->human, &b->round, &b->round_marks);
        for (int i = 0; i < (b->hint ? 1 : found); i++) {
            nonet_step st;
            nonet_human_step(b->human, i, &st);
            /* the step's JSON is taken before applying it (which ends its
             * arrays) and written only if it changed something */
            char *step_text = NULL;
            if (b->level < 3) { /* a hint that tells less than the move */
                nonet_step_hint(&st, b->level, p->grid.box_rows, p->grid.box_cols, p->symbols,
                                b->text, sizeof b->text);
                step_text = steps_out ? hint_json(&st, b->level, &p->grid, p->symbols) : NULL;
            } else {
                nonet_step_describe(&st, n, p->symbols, b->text, sizeof b->text);
                step_text = steps_out ? step_json(&st, n, p->symbols) : NULL;
            }
            char *drawing = o->svg_dir ? step_svg(b, p, &st) : NULL;
            if ((!b->hint || o->apply) && nonet_human_apply(b->human, i) < 1) {
                free(step_text);
                free(drawing);
                continue; /* an earlier step of the round did it all */
            }
            if (o->svg_dir) {
                write_svg(b, drawing, path.steps + 1);
                free(drawing);
            }
            if (step_text) {
                fputs(path.steps > 0 ? "," : "", steps_out);
                fputs(step_text, steps_out);
                free(step_text);
            }
            path.steps++;
            path.count[st.technique]++;
            if (st.difficulty > path.difficulty) {
                path.difficulty = st.difficulty;
                path.hardest = st.technique;
            }
            if (json)
                ;
            else if (b->hint)
                printf("%d.%d %s\n", st.difficulty / 10, st.difficulty % 10, b->text);
            else
                printf("%d. %s\n", path.steps, b->text);
        }
        if (b->hint)
            break;
        if (o->candidates && !json && !nonet_human_solved(b->human))
            print_candidates(b, p->symbols);
    }
    if (timed_out) {
        /* the steps printed so far stand; records keep none */
        if (steps_out)
            fclose(steps_out);
        free(steps_text);
        failure(b, file, p, NONET_V_TIMEOUT, late);
        return;
    }
    path.at_least = limit;
    path.beyond = next;
    nonet_human_position(b->human, &b->position, &b->marks);
    int solved = nonet_human_solved(b->human);
    if (json) {
        if (steps_out) {
            if (!b->hint)
                fputc(']', steps_out);
            fclose(steps_out);
        }
        char why[160] = "";
        if (path.stuck)
            snprintf(why, sizeof why,
                     "no step of the ladder applies: the next one needs %s (%d.%d "
                     "and up)",
                     ladder_needs(next), limit / 10, limit % 10);
        nonet_result r = {.puzzle = p,
                          .status = path.stuck              ? NONET_V_STUCK
                                    : b->hint && !steps_len ? NONET_V_SOLVED
                                                            : NONET_V_UNIQUE,
                          .message = why,
                          .fields = b->rec.fields};
        if (b->hint) {
            r.step_json = steps_len && b->level == 3 ? steps_text : NULL;
            r.hint_json = steps_len && b->level < 3 ? steps_text : NULL;
            if (o->apply) { /* the position after the step */
                r.result = &b->position;
                r.marks = &b->marks;
            }
        } else {
            r.steps_json = steps_text;
            r.rating = &path;
            r.needs = path.stuck ? ladder_needs(next) : NULL;
            r.solution = solved ? &b->position : NULL;
        }
        print_record(stdout, o, &b->rec, file, &r);
        free(steps_text);
        return;
    }
    if (b->hint) {
        if (path.steps == 0 && !o->apply) {
            if (path.stuck)
                printf("no step of the ladder applies: the next one needs %s (%d.%d and up)\n",
                       ladder_needs(next), limit / 10, limit % 10);
            else
                puts("solved: nothing is left to do");
        }
        if (o->apply && (path.steps > 0 || !solved)) {
            /* the position after it, in a layout hint reads back */
            if (solved)
                print_grid(stdout, &b->position, NONET_LAYOUT_LINE, 0, p->symbols);
            else
                print_candidates(b, p->symbols);
        } else if (o->apply) {
            puts("solved: nothing is left to do");
        }
        return;
    }
    if (path.stuck) {
        printf("stuck: no step of the ladder applies; the next one needs %s (rating %d.%d and "
               "up). The position:\n",
               ladder_needs(next), limit / 10, limit % 10);
        print_candidates(b, p->symbols);
    } else {
        printf("solved in %d step%s: rating %d.%d (%s), %s\n", path.steps,
               path.steps == 1 ? "" : "s", path.difficulty / 10, path.difficulty % 10,
               path.steps ? nonet_technique_name(path.hardest) : "nothing",
               nonet_level_name(path.difficulty));
        print_grid(stdout, &b->position, output_layout(o, p), 0, p->symbols);
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
    b->level = hint && o->level ? o->level : 3;
    if (o->svg_dir && make_folder(o->svg_dir) != 0) {
        free(b);
        return EXIT_USAGE;
    }
    b->rec.fields =
        hint && b->level < 3 ? NONET_FIELD_HINT
        : hint ? NONET_FIELD_STEP | (o->apply ? NONET_FIELD_RESULT | NONET_FIELD_MARKS : 0u)
               : NONET_FIELD_STEPS | NONET_FIELD_RATING | NONET_FIELD_SOLUTION;
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
