/* generate.c - `nonet generate`: options, threads, output in index order.
 * The puzzles themselves come from the library (nonet_generate). */
#include "cli.h"

#include <stddef.h>

#include <getopt.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define MAX_JOBS 64
#define BATCH_MAX 4096

static const char generate_text[] =
    "usage: nonet generate [OPTIONS]\n"
    "\n"
    "Makes puzzles with exactly one solution: a random solution grid, then\n"
    "clues removed (a symmetric group of cells at a time, in a random order)\n"
    "while the solution stays unique, each removal proved by the solver, until\n"
    "no group can go: the puzzle is minimal. One puzzle per line (or per\n"
    "block in a grid layout). Puzzles depend only on the seed, their index\n"
    "and the options: the same on every machine and for every -j.\n"
    "\n"
    "  -n, --count N        how many puzzles (default 1)\n"
    "      --seed S         the seed, 0 to 18446744073709551615 (default: a\n"
    "                       fresh one, shown by --verbose and --json)\n"
    "      --from K         start at the K-th puzzle of the seed's stream\n"
    "                       (default 1): --from K -n N makes puzzles K..K+N-1\n"
    "      --symmetry NAME  of the clue pattern: none, rot180 (default),\n"
    "                       rot90, mirror, flip, diagonal, antidiagonal (the\n"
    "                       last three and rot90 need square boxes) or random\n"
    "      --strict-minimal also minimal clue by clue, not only by groups\n"
    "      --clues N        exactly N clues: digging stops there\n"
    "      --max-clues N    at most N clues\n"
    "      --level NAME     easy, medium, hard, fiendish or diabolical (the\n"
    "                       levels of `nonet rate`)\n"
    "      --rating MIN-MAX SE rating from MIN to MAX (e.g. 2.0-4.0; MIN+\n"
    "                       for no upper bound)\n"
    "  -s, --size RxC       boxes of R rows by C columns (default 3x3: 9x9; every\n"
    "                       shape from 1x1 to 8x8, e.g. 2x3, 4x4). Minimal\n"
    "                       puzzles take about 0.02 s at 16x16, but many\n"
    "                       minutes (or more) at 25x25 and up: give --clues\n"
    "                       there (25x25 with --clues 344: about 0.01 s)\n"
    "  -f, --format LAYOUT  line (default), grid, spaced, knuth, numbers,\n"
    "                       boxed, candidates, or the records json and csv\n"
    "      --json           a JSON record per puzzle (`nonet help json`): index\n"
    "                       (from 1), puzzle, seed, symmetry, clues, rating\n"
    "                       (and solution)\n"
    "      --solution       print each puzzle's solution too: after it on the\n"
    "                       same line in the line layout (read back, its name),\n"
    "                       else as comment lines after it ('# 152 489 376')\n"
    "  -j, --jobs N         generate on N threads (default 1; 0: every core)\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 60): a\n"
    "                       line '# timeout' (a record with that status)\n"
    "                       stands for it, the others go on (exit status 1)\n"
    "      --needs NAME     puzzles whose solving path (the ladder's, as `nonet\n"
    "                       rate` walks it) uses the technique NAME, as `nonet\n"
    "                       explain` names it (\"x-wing\", \"jellyfish\", \"forcing\n"
    "                       chain\"), with no harder one before it: 9x9, no\n"
    "                       symmetry; built around the pattern (README, Puzzles\n"
    "                       that need a technique); not with --symmetry,\n"
    "                       --strict-minimal, --clues, --max-clues, --level,\n"
    "                       --rating or --size\n"
    "      --hardest        with --needs: the technique is the hardest step\n"
    "      --position       with --needs: also the position just before the\n"
    "                       technique is first needed (digits and candidates)\n"
    "                       as comment lines in the candidates layout ('#\n"
    "                       position before x-wing, round 12'); in a record,\n"
    "                       \"result\" and \"marks\"\n"
    "  -v, --verbose        the seed and a summary on stderr\n"
    "  -h, --help           show this help\n"
    "\n"
    "A target no puzzle can meet (16 clues for 9x9, rot90 with 2x3 boxes) is\n"
    "a usage error; one that 10000 grids in a row miss stops with an error.\n"
    "Both exit with status 2.\n";

typedef struct gen_opts {
    nonet_generate_opts g;
    uint64_t count, from, seed;
    uint64_t timeout_ns; /* --timeout: each puzzle's time, 0: none */
    nonet_layout format;
    int solution, jobs, verbose, rated;
    int needs, position; /* --needs given; --position */
    nonet_needs_opts n;
} gen_opts;

/* One batch of puzzles, made by every thread, printed in order. */
typedef struct batch {
    const gen_opts *o;
    uint64_t first; /* index of the batch's first puzzle */
    int size;       /* puzzles in the batch */
    int next;       /* the next one to make (under lock) */
    pthread_mutex_t lock;
    uint8_t *puzzles, *solutions; /* the cells of each, one after another */
    size_t ncells;
    nonet_generated *info;
    int *rc;
    uint8_t *pos_cells;  /* --position: each puzzle's position, 81 cells */
    uint64_t *pos_marks; /* and 81 candidate sets */
    int *pos_rounds;
} batch;

typedef struct worker {
    batch *b;
    nonet_generator *gen;
    nonet_needs_gen *needs; /* --needs */
    nonet_grid puzzle, solution;
    nonet_needs_position pos;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    batch *b = w->b;
    for (;;) {
        pthread_mutex_lock(&b->lock);
        int i = b->next < b->size ? b->next++ : -1;
        pthread_mutex_unlock(&b->lock);
        if (i < 0)
            return NULL;
        nonet_stop stop = puzzle_stop(b->o->timeout_ns);
        if (w->needs) {
            nonet_needs_info ni;
            memset(&ni, 0, sizeof ni);
            nonet_needs_set_stop(w->needs, &stop);
            b->rc[i] = nonet_needs_generate(w->needs, b->o->seed, b->first + (uint64_t)i,
                                            &w->puzzle, &w->solution, &w->pos, &ni);
            b->info[i] = (nonet_generated){NONET_SYM_NONE, ni.clues, ni.rating, ni.tries};
            memcpy(b->pos_cells + (size_t)i * 81, w->pos.grid.cells, 81);
            memcpy(b->pos_marks + (size_t)i * 81, w->pos.marks.cands, 81 * sizeof(uint64_t));
            b->pos_rounds[i] = w->pos.rounds;
        } else {
            nonet_generator_set_stop(w->gen, &stop);
            b->rc[i] = nonet_generate(w->gen, b->o->seed, b->first + (uint64_t)i, &w->puzzle,
                                      &w->solution, &b->info[i]);
        }
        memcpy(b->puzzles + (size_t)i * b->ncells, w->puzzle.cells, b->ncells);
        memcpy(b->solutions + (size_t)i * b->ncells, w->solution.cells, b->ncells);
    }
}

static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("nonet: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'nonet generate --help'.\n", stderr);
    return EXIT_USAGE;
}

/* A rating "2.3" or "2" into tenths; -1 if it is none. */
static int parse_rating(const char *text, const char **end)
{
    int whole = 0, digits = 0;
    const char *p = text;
    while (*p >= '0' && *p <= '9' && digits < 3)
        whole = whole * 10 + (*p++ - '0'), digits++;
    if (!digits)
        return -1;
    int tenths = whole * 10;
    if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
        tenths += p[1] - '0';
        p += 2;
    }
    *end = p;
    return tenths;
}

/* A fresh seed when none is given (cli.h). */
uint64_t fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x =
        (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9u;
    return x ^ (x >> 29);
}

/* Puzzle i of the batch (its solution when sol) into *g. */
static void batch_grid(const batch *b, int i, int sol, nonet_grid *g)
{
    int br = b->o->g.box_rows ? b->o->g.box_rows : 3, bc = b->o->g.box_rows ? b->o->g.box_cols : 3;
    size_t ncells = (size_t)(br * bc) * (size_t)(br * bc);
    nonet_grid_init(g, br, bc);
    memcpy(g->cells, (sol ? b->solutions : b->puzzles) + (size_t)i * ncells, ncells);
}

/* Prints a solution after its puzzle as comment lines ("# 152 489 376"):
 * read back, the output is the puzzles alone. */
static int print_commented(const nonet_grid *s, nonet_layout layout)
{
    char small[16384];
    long need = nonet_format(s, layout, 0, small, sizeof small);
    if (need < 0)
        return print_commented(s, NONET_LAYOUT_NUMBERS);
    char *text = (size_t)need < sizeof small ? small : malloc((size_t)need + 1);
    if (!text) {
        complain("out of memory");
        return -1;
    }
    if (text != small)
        nonet_format(s, layout, 0, text, (size_t)need + 1);
    fputs("# solution\n", stdout);
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        printf("#%s%.*s\n", len ? " " : "", (int)len, line);
        line += len + (end != NULL);
    }
    if (text != small)
        free(text);
    return 0;
}

/* Puzzle i of the batch ran past --timeout: a comment line in its place,
 * or a record with the status "timeout"; a message on stderr. */
static int print_timeout(const gen_opts *o, const batch *b, int i)
{
    char why[80];
    unsigned long long index = (unsigned long long)(b->first + (uint64_t)i) + 1;
    timeout_words(o->timeout_ns, why, sizeof why);
    complain("puzzle %llu of seed %llu: %s", index, (unsigned long long)o->seed, why);
    if (o->format == NONET_LAYOUT_JSON || o->format == NONET_LAYOUT_CSV) {
        static nonet_puzzle none;
        static records rec;
        memset(&none, 0, offsetof(nonet_puzzle, marks));
        none.index = (long)index;
        rec.fields = NONET_FIELD_SEED | NONET_FIELD_SYMMETRY | NONET_FIELD_CLUES |
                     NONET_FIELD_RATING | (o->solution ? NONET_FIELD_SOLUTION : 0u);
        nonet_result r = {.puzzle = &none,
                          .status = NONET_V_TIMEOUT,
                          .message = why,
                          .fields = NONET_FIELD_SEED,
                          .seed = o->seed};
        cli_opts co;
        memset(&co, 0, sizeof co);
        co.format = o->format;
        print_record(stdout, &co, &rec, NULL, &r);
        return 0;
    }
    return printf("# timeout: puzzle %llu: %s\n", index, why) < 0 ? -1 : 0;
}

/* Puzzle i's position (--position) into *g and *m. */
static void batch_position(const batch *b, int i, nonet_grid *g, nonet_marks *m)
{
    nonet_grid_init(g, 3, 3);
    memcpy(g->cells, b->pos_cells + (size_t)i * 81, 81);
    memcpy(m->cands, b->pos_marks + (size_t)i * 81, 81 * sizeof(uint64_t));
}

/* Prints puzzle i's position as comment lines in the candidates layout. */
static int print_position(const gen_opts *o, const batch *b, int i)
{
    static nonet_grid g;
    static nonet_marks m;
    char text[4096];
    batch_position(b, i, &g, &m);
    if (nonet_format_candidates(&g, m.cands, text, sizeof text) <= 0)
        return -1;
    printf("# position before %s, round %d\n", nonet_technique_name(o->n.technique),
           b->pos_rounds[i] + 1);
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        printf("#%s%.*s\n", len ? " " : "", (int)len, line);
        line += len + (end != NULL);
    }
    return 0;
}

/* Prints puzzle i of the batch, or its record. */
static int print_one(const gen_opts *o, batch *b, int i, nonet_human *human, nonet_grid *p,
                     nonet_grid *s)
{
    const nonet_generated *inf = &b->info[i];
    nonet_layout layout = o->format;
    batch_grid(b, i, 0, p);
    batch_grid(b, i, 1, s);
    if (layout == NONET_LAYOUT_JSON || layout == NONET_LAYOUT_CSV) {
        /* the record of a puzzle made, as every command writes them */
        static nonet_puzzle made;
        static records rec;
        nonet_rating rt;
        int rated = nonet_human_rate(human, p, NULL, &rt) == NONET_OK;
        memset(&made, 0, offsetof(nonet_puzzle, marks));
        nonet_grid_copy(&made.grid, p);
        made.index = (long)(b->first + (uint64_t)i) + 1;
        made.layout = NONET_LAYOUT_LINE;
        made.blank = '.';
        rec.fields = NONET_FIELD_SEED | NONET_FIELD_SYMMETRY | NONET_FIELD_CLUES |
                     NONET_FIELD_RATING | (o->solution ? NONET_FIELD_SOLUTION : 0u) |
                     (o->position ? NONET_FIELD_RESULT | NONET_FIELD_MARKS : 0u);
        static nonet_grid pg;
        static nonet_marks pm;
        if (o->position)
            batch_position(b, i, &pg, &pm);
        nonet_result r = {.puzzle = &made,
                          .status = NONET_V_UNIQUE,
                          .fields = rec.fields,
                          .seed = o->seed,
                          .symmetry = nonet_symmetry_name(inf->symmetry),
                          .clues = inf->clues,
                          .rating = rated ? &rt : NULL,
                          .needs = rated && rt.stuck ? ladder_needs(rt.beyond) : NULL,
                          .solution = s};
        if (o->position) {
            r.result = &pg;
            r.marks = &pm;
        }
        cli_opts co;
        memset(&co, 0, sizeof co);
        co.format = layout;
        print_record(stdout, &co, &rec, NULL, &r);
        return 0;
    }
    int tiny = p->n <= 3; /* "1..1" lines: apart, or they read as one grid */
    if (layout == NONET_LAYOUT_LINE && !tiny) {
        /* "puzzle solution" on one line: read back, the solution is the
         * puzzle's name */
        char line[2 * NONET_MAX_CELLS + 16];
        nonet_format_opts fo = {0, NULL, NULL, 1}; /* "4x3" first when not 3x4 */
        long len = nonet_format_with(p, layout, &fo, line, sizeof line);
        if (len <= 0 || (size_t)len >= sizeof line)
            return print_grid(stdout, p, NONET_LAYOUT_NUMBERS, 0, NULL);
        if (o->solution) {
            line[len - 1] = ' ';
            nonet_format(s, layout, 0, line + len, sizeof line - (size_t)len);
        }
        fputs(line, stdout);
        return o->position ? print_position(o, b, i) : 0;
    }
    if (b->first + (uint64_t)i + 1 > o->from)
        putchar('\n');
    if (print_grid(stdout, p, layout, 0, NULL) != 0)
        return -1;
    if (o->solution && print_commented(s, layout) != 0)
        return -1;
    return o->position ? print_position(o, b, i) : 0;
}

int cmd_generate(int argc, char **argv)
{
    enum {
        OPT_SEED = 256,
        OPT_FROM,
        OPT_SYMMETRY,
        OPT_STRICT,
        OPT_CLUES,
        OPT_MAXCLUES,
        OPT_LEVEL,
        OPT_RATING,
        OPT_JSON,
        OPT_SOLUTION,
        OPT_TIMEOUT,
        OPT_NEEDS,
        OPT_HARDEST,
        OPT_POSITION
    };
    static const struct option longs[] = {
        {"count", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, OPT_SEED},
        {"from", required_argument, NULL, OPT_FROM},
        {"symmetry", required_argument, NULL, OPT_SYMMETRY},
        {"strict-minimal", no_argument, NULL, OPT_STRICT},
        {"clues", required_argument, NULL, OPT_CLUES},
        {"max-clues", required_argument, NULL, OPT_MAXCLUES},
        {"level", required_argument, NULL, OPT_LEVEL},
        {"rating", required_argument, NULL, OPT_RATING},
        {"size", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"json", no_argument, NULL, OPT_JSON},
        {"solution", no_argument, NULL, OPT_SOLUTION},
        {"jobs", required_argument, NULL, 'j'},
        {"timeout", required_argument, NULL, OPT_TIMEOUT},
        {"needs", required_argument, NULL, OPT_NEEDS},
        {"hardest", no_argument, NULL, OPT_HARDEST},
        {"position", no_argument, NULL, OPT_POSITION},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    gen_opts o;
    memset(&o, 0, sizeof o);
    o.g.symmetry = NONET_SYM_ROT180;
    o.count = 1;
    o.from = 1;
    o.jobs = 1;
    o.format = NONET_LAYOUT_LINE;
    int seeded = 0, level_given = 0, rating_given = 0, plain_given = 0, opt;
    uint64_t v;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":n:s:f:j:vh", longs, NULL)) != -1) {
        const char *arg = optarg;
        switch (opt) {
        case 'h':
            fputs(generate_text, stdout);
            return EXIT_ALL_GOOD;
        case 'n':
            if (parse_number(arg, &o.count) != 0)
                return usage("bad count '%s' (want a number)", arg);
            break;
        case OPT_SEED:
            if (parse_number(arg, &o.seed) != 0)
                return usage("bad seed '%s' (want a number from 0 to 18446744073709551615)", arg);
            seeded = 1;
            break;
        case OPT_FROM:
            if (parse_number(arg, &o.from) != 0 || o.from == 0)
                return usage("bad --from '%s' (want a number from 1: the first puzzle is 1)", arg);
            break;
        case OPT_SYMMETRY:
            plain_given = 1;
            if (nonet_symmetry_from_name(arg, &o.g.symmetry) != NONET_OK)
                return usage("unknown symmetry '%s' (want none, rot180, rot90, mirror, flip, "
                             "diagonal, antidiagonal or random)",
                             arg);
            break;
        case OPT_STRICT:
            plain_given = 1;
            o.g.strict_minimal = 1;
            break;
        case OPT_CLUES:
        case OPT_MAXCLUES:
            plain_given = 1;
            if (parse_number(arg, &v) != 0 || v == 0 || v > (uint64_t)NONET_MAX_CELLS)
                return usage("bad clue count '%s' (want a number above 0)", arg);
            *(opt == OPT_CLUES ? &o.g.clues : &o.g.max_clues) = (int)v;
            break;
        case OPT_LEVEL:
            plain_given = 1;
            if (nonet_level_bounds(arg, &o.g.min_rating, &o.g.max_rating) != NONET_OK)
                return usage("unknown level '%s' (want easy, medium, hard, fiendish or diabolical)",
                             arg);
            level_given = 1;
            break;
        case OPT_RATING: {
            plain_given = 1;
            const char *end;
            int lo = parse_rating(arg, &end), hi = 0;
            if (lo >= 0 && *end == '-')
                hi = parse_rating(end + 1, &end);
            else if (lo >= 0 && *end == '+' && !end[1])
                end++;
            else
                hi = -1;
            if (lo < 10 || hi < 0 || *end || hi > 200 || (hi && hi < lo))
                return usage("bad rating '%s' (want MIN-MAX or MIN+ on SE's scale, e.g. 2.0-4.5)",
                             arg);
            o.g.min_rating = lo;
            o.g.max_rating = hi;
            rating_given = 1;
            break;
        }
        case 's':
            plain_given = 1;
            if (nonet_parse_shape(arg, &o.g.box_rows, &o.g.box_cols) != NONET_OK)
                return usage("bad size '%s' (want the boxes RxC: 3x3 for 9x9, 2x3 for 6x6)", arg);
            break;
        case 'f':
            if (nonet_layout_from_name(arg, &o.format) != NONET_OK || o.format == NONET_LAYOUT_AUTO)
                return usage("unknown format '%s'", arg);
            break;
        case OPT_JSON:
            o.format = NONET_LAYOUT_JSON;
            break;
        case OPT_SOLUTION:
            o.solution = 1;
            break;
        case 'j':
            if (parse_number(arg, &v) != 0 || v > MAX_JOBS)
                return usage("bad number of jobs '%s' (want 0 to 64; 0: every core)", arg);
            o.jobs = (int)v;
            break;
        case OPT_TIMEOUT:
            if (parse_seconds(arg, &o.timeout_ns) != 0)
                return usage("bad timeout '%s' (want seconds above 0, e.g. 60 or 0.5)", arg);
            break;
        case OPT_NEEDS:
            if (nonet_technique_from_name(arg, &o.n.technique) != NONET_OK) {
                char names[2048] = "";
                size_t used = 0;
                for (int t = 0; t < NONET_TECH_COUNT && used < sizeof names; t++)
                    used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                             t ? ", " : "", nonet_technique_name(t));
                return usage("unknown technique '%s' (want one of: %s)", arg, names);
            }
            o.needs = 1;
            break;
        case OPT_HARDEST:
            o.n.hardest = 1;
            break;
        case OPT_POSITION:
            o.position = 1;
            break;
        case 'v':
            o.verbose = 1;
            break;
        case ':':
            return usage("option '%s' needs a value", argv[optind - 1]);
        default:
            return usage("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return usage("generate reads no input: '%s'", argv[optind]);
    if (level_given && rating_given)
        return usage("%s", "--level and --rating do not go together");
    if (o.needs && plain_given)
        return usage("%s", "--needs makes 9x9 puzzles with no symmetry: not with --symmetry, "
                           "--strict-minimal, --clues, --max-clues, --level, --rating or --size");
    if (!o.needs && (o.n.hardest || o.position))
        return usage("%s", "--hardest and --position go with --needs");
    if (o.needs)
        o.g.symmetry = NONET_SYM_NONE;
    char why[200];
    if (nonet_generate_check(&o.g, why, sizeof why) != NONET_OK)
        return usage("%s", why);
    if (!seeded)
        o.seed = fresh_seed();
    o.rated = o.g.min_rating || o.g.max_rating;
    if (o.jobs == 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        o.jobs = cores < 1 ? 1 : cores > MAX_JOBS ? MAX_JOBS : (int)cores;
    }
    if (o.format != NONET_LAYOUT_JSON && o.format != NONET_LAYOUT_CSV &&
        o.format != NONET_LAYOUT_NUMBERS) {
        int br = o.g.box_rows ? o.g.box_rows : 3, bc = o.g.box_cols ? o.g.box_cols : 3;
        if (br * bc > NONET_MAX_SYMBOL_SIDE)
            o.format = NONET_LAYOUT_NUMBERS; /* no symbols that large */
    }
    if (o.verbose)
        fprintf(stderr, "nonet: seed %llu (repeat with --seed %llu)\n", (unsigned long long)o.seed,
                (unsigned long long)o.seed);
    int side = (o.g.box_rows ? o.g.box_rows : 3) * (o.g.box_rows ? o.g.box_cols : 3);
    int tty = isatty(2);
    if (tty && side >= 25 && !o.g.clues)
        complain("minimal %dx%d puzzles can take many minutes each; --clues N is much faster "
                 "(25x25 with --clues 344: about 0.01 s)",
                 side, side);

    int threads = o.jobs;
    worker *workers = calloc((size_t)threads, sizeof *workers);
    pthread_t *tids = calloc((size_t)threads, sizeof *tids);
    batch b;
    memset(&b, 0, sizeof b);
    b.o = &o;
    int cap = BATCH_MAX, br = o.g.box_rows ? o.g.box_rows : 3;
    int bc = o.g.box_rows ? o.g.box_cols : 3;
    b.ncells = (size_t)(br * bc) * (size_t)(br * bc);
    b.puzzles = malloc(b.ncells * (size_t)cap + 1);
    b.solutions = malloc(b.ncells * (size_t)cap + 1);
    b.info = calloc((size_t)cap, sizeof *b.info);
    b.rc = calloc((size_t)cap, sizeof *b.rc);
    if (o.needs) {
        b.pos_cells = malloc((size_t)cap * 81);
        b.pos_marks = malloc((size_t)cap * 81 * sizeof(uint64_t));
        b.pos_rounds = calloc((size_t)cap, sizeof *b.pos_rounds);
    }
    int as_records = o.format == NONET_LAYOUT_JSON || o.format == NONET_LAYOUT_CSV;
    nonet_human *human = as_records ? nonet_human_new() : NULL;
    int status = EXIT_ALL_GOOD, ok = workers && tids && b.puzzles && b.solutions && b.info &&
                                     b.rc && (human || !as_records) &&
                                     (!o.needs || (b.pos_cells && b.pos_marks && b.pos_rounds));
    for (int t = 0; ok && t < threads; t++) {
        workers[t].b = &b;
        ok = nonet_generator_new(&o.g, &workers[t].gen) == NONET_OK &&
             (!o.needs || nonet_needs_new(&o.n, &workers[t].needs) == NONET_OK);
    }
    if (!ok) {
        complain("out of memory");
        status = EXIT_USAGE;
    }
    pthread_mutex_init(&b.lock, NULL);
    double start = now_us();
    uint64_t done = 0, tries = 0;
    /* batches grow from one puzzle per thread, so that slow puzzles (a
     * hard level) show up one by one and fast ones in bulk */
    int size = threads;
    while (ok && done < o.count) {
        b.first = o.from - 1 + done; /* the library counts from 0 */
        b.size = (int)(o.count - done < (uint64_t)size ? o.count - done : (uint64_t)size);
        b.next = 0;
        for (int t = 1; t < threads; t++)
            pthread_create(&tids[t], NULL, work, &workers[t]);
        work(&workers[0]);
        for (int t = 1; t < threads; t++)
            pthread_join(tids[t], NULL);
        progress_clear(); /* the results go where it may be */
        for (int i = 0; i < b.size && ok; i++) {
            if (b.rc[i] == NONET_ETIMEOUT) {
                /* this index gets a line of its own; the stream goes on */
                if (print_timeout(&o, &b, i) != 0) {
                    status = EXIT_USAGE;
                    ok = 0;
                } else if (status == EXIT_ALL_GOOD) {
                    status = EXIT_PUZZLE_FAILED;
                }
                continue;
            }
            if (b.rc[i] != NONET_OK) {
                complain("puzzle %llu of seed %llu: %s in %llu grids (try a looser target)",
                         (unsigned long long)b.first + (unsigned long long)i + 1,
                         (unsigned long long)o.seed,
                         b.rc[i] == NONET_EGIVEUP ? "no puzzle met the targets"
                                                  : nonet_strerror(b.rc[i]),
                         (unsigned long long)b.info[i].tries);
                status = EXIT_USAGE;
                ok = 0;
                break;
            }
            tries += b.info[i].tries;
            if (print_one(&o, &b, i, human, &workers[0].puzzle, &workers[0].solution) != 0) {
                status = EXIT_USAGE;
                ok = 0;
            }
        }
        done += (uint64_t)b.size;
        if (tty && done < o.count && now_us() - start > 1e6) {
            char text[96];
            snprintf(text, sizeof text, "generating: %llu of %llu puzzles, %.0f s",
                     (unsigned long long)done, (unsigned long long)o.count,
                     (now_us() - start) / 1e6);
            fflush(stdout);
            progress_show(text);
        }
        if (size < cap)
            size *= 2;
        if (size > cap)
            size = cap;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        complain("writing the output failed");
        status = EXIT_USAGE;
    }
    if (o.verbose && done)
        fprintf(stderr, "nonet: %llu puzzles, %llu grids dug, %.3f s\n", (unsigned long long)done,
                (unsigned long long)tries, (now_us() - start) / 1e6);
    pthread_mutex_destroy(&b.lock);
    for (int t = 0; workers && t < threads; t++) {
        nonet_generator_free(workers[t].gen);
        nonet_needs_free(workers[t].needs);
    }
    nonet_human_free(human);
    free(workers);
    free(tids);
    free(b.puzzles);
    free(b.solutions);
    free(b.info);
    free(b.rc);
    free(b.pos_cells);
    free(b.pos_marks);
    free(b.pos_rounds);
    return status;
}

/* ---------------------------------------------------------------- nonet minimize */

typedef struct minimize_state {
    const cli_opts *o;
    nonet_generator *gen;
    int puzzles, failed;
    records rec;
} minimize_state;

static void minimize_one(void *ctx, const char *file, const nonet_puzzle *p)
{
    minimize_state *m = ctx;
    const cli_opts *o = m->o;
    nonet_layout layout = output_layout(o, p);
    int json = records_wanted(o);
    if (!json && layout_multiline(layout, p->grid.n) && m->puzzles)
        putchar('\n');
    m->puzzles++;
    const char *verdict = NULL, *why = NULL;
    nonet_verdict v = NONET_V_UNIQUE;
    nonet_grid g;
    int rc = NONET_EARG, before = 0, after = 0;
    char sym_why[96], late[80];
    if (p->error.code) {
        report_read_error(file, p);
        verdict = "error", v = NONET_V_ERROR, why = p->error.message;
    } else if (p->has_marks) {
        why = "minimize takes puzzles, not pencil marks";
        report(file, p->index, p->first_line, 0, "%s", why);
        verdict = "error: pencil marks", v = NONET_V_ERROR;
    } else if (!nonet_symmetry_fits(o->symmetry, p->grid.box_rows, p->grid.box_cols)) {
        snprintf(sym_why, sizeof sym_why, "the %s symmetry needs square boxes",
                 nonet_symmetry_name(o->symmetry));
        why = sym_why;
        report(file, p->index, p->first_line, 0, "%s", why);
        verdict = "error: symmetry", v = NONET_V_ERROR;
    } else {
        nonet_grid_copy(&g, &p->grid);
        nonet_stop stop = puzzle_stop(o->timeout_ns);
        nonet_generator_set_stop(m->gen, &stop);
        rc = nonet_minimize(m->gen, &g, o->symmetry);
        if (rc == NONET_ETIMEOUT) {
            verdict = "timeout", v = NONET_V_TIMEOUT;
            why = timeout_words(o->timeout_ns, late, sizeof late);
            report(file, p->index, p->first_line, 0, "%s", why);
        } else if (rc != NONET_OK) {
            verdict = rc == NONET_ENOTUNIQUE    ? "not unique"
                      : rc == NONET_ENOSOLUTION ? "no solution"
                      : rc == NONET_ECONFLICT   ? "invalid: clues clash"
                                                : nonet_strerror(rc);
            v = rc == NONET_ENOTUNIQUE    ? NONET_V_MULTIPLE
                : rc == NONET_ENOSOLUTION ? NONET_V_NO_SOLUTION
                : rc == NONET_ECONFLICT   ? NONET_V_INVALID
                                          : NONET_V_ERROR;
            why = "it cannot be minimized";
            report(file, p->index, p->first_line, 0, "%s: it cannot be minimized",
                   rc == NONET_ENOTUNIQUE    ? "more than one solution"
                   : rc == NONET_ENOSOLUTION ? "no solution"
                                             : verdict);
        }
        for (int c = 0; c < g.n * g.n; c++) {
            before += p->grid.cells[c] != 0;
            after += g.cells[c] != 0;
        }
    }
    if (verdict)
        m->failed = 1;
    if (json) {
        nonet_result r = {.puzzle = p, .status = v, .message = verdict ? why : NULL};
        if (!verdict) {
            r.fields = NONET_FIELD_RESULT | NONET_FIELD_CLUES | NONET_FIELD_REMOVED;
            r.result = &g;
            r.clues = after;
            r.removed = before - after;
        }
        print_record(stdout, o, &m->rec, file, &r);
    } else if (verdict) {
        print_puzzle_beside(stdout, o, p, 1);
        printf("# %s\n", verdict);
    } else {
        print_result_grid(stdout, o, p, &g, layout);
    }
}

int cmd_minimize(const cli_opts *o)
{
    minimize_state m = {
        o, NULL, 0, 0, {NONET_FIELD_RESULT | NONET_FIELD_CLUES | NONET_FIELD_REMOVED, 0}};
    if (nonet_generator_new(NULL, &m.gen) != NONET_OK) {
        complain("out of memory");
        return EXIT_USAGE;
    }
    int rc = for_each_puzzle(o, minimize_one, &m, NULL);
    nonet_generator_free(m.gen);
    return exit_status(rc, m.failed);
}
