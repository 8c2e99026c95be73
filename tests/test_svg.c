/* test_svg.c - nonet_step_svg, the drawing of a step, read back by a
 * small checker written here (it shares nothing with svg.c): the
 * document is well formed (tags balanced, attributes quoted), its title
 * is the step's words, each chain node's candidate has its on or off
 * mark, each eliminated and placed candidate its mark, and there are as
 * many link elements as the record has links (each parent of each node);
 * sabotaged drawings and records must fail those checks. */
#include "unit.h"

#include <stdlib.h>
#include <string.h>

/* Chain steps of each family (x-cycle, forcing x-chain, y-cycle, Nishio,
 * multiple and dynamic forcing chains), from tests/data/techniques.txt. */
static const char *const chain_puzzles[] = {
    "8.7..46...3..6.9.....7....3.69.....55....973...3.2....7.1..6......51...........2.",
    "..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2.......",
    ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......",
    "..3..8..........75...4..96.........7..1.5..3.9...2..5...46......6.1....47.2.3....",
    "......5..87.5.4.9..3..9.....6..5...9.8....746.........4.1....2....4..1.7...8.....",
};

/* ------------------------------------------------------------ the checker */

#define MAX_ITEMS 4096

typedef struct svg_item {
    char cls[48];
    char cell[12];
    int digit;
    char role[16];
} svg_item;

typedef struct svg_doc {
    svg_item items[MAX_ITEMS];
    int nitems;
    int links;
    char title[8192];
} svg_doc;

/* The value of attribute name in the tag text [tag, end), into out. */
static void attr_of(const char *tag, const char *end, const char *name, char *out, size_t cap)
{
    out[0] = '\0';
    size_t len = strlen(name);
    for (const char *s = tag + 1; s + len + 2 < end; s++)
        if (s[-1] == ' ' && strncmp(s, name, len) == 0 && s[len] == '=' && s[len + 1] == '"') {
            const char *v = s + len + 2, *q = memchr(v, '"', (size_t)(end - v));
            size_t n = q ? (size_t)(q - v) : 0;
            if (n >= cap)
                n = cap - 1;
            memcpy(out, v, n);
            out[n] = '\0';
            return;
        }
}

/* Character data with the five XML entities undone. */
static void unescape(const char *s, const char *end, char *out, size_t cap)
{
    static const char *const ent[][2] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};
    size_t o = 0;
    while (s < end && o + 1 < cap) {
        int done = 0;
        for (int e = 0; e < 5 && !done; e++) {
            size_t l = strlen(ent[e][0]);
            if ((size_t)(end - s) >= l && strncmp(s, ent[e][0], l) == 0) {
                out[o++] = ent[e][1][0];
                s += l;
                done = 1;
            }
        }
        if (!done)
            out[o++] = *s++;
    }
    out[o] = '\0';
}

/* Reads svg into *doc: NULL when well formed, else what is wrong. */
static const char *parse_svg(const char *svg, svg_doc *doc)
{
    char stack[64][32];
    int depth = 0, roots = 0;
    const char *title_at = NULL;
    memset(doc, 0, sizeof *doc);
    for (const char *s = svg; *s; s++) {
        if (*s == '&') { /* an entity: one of XML's five */
            if (strncmp(s, "&lt;", 4) && strncmp(s, "&gt;", 4) && strncmp(s, "&amp;", 5) &&
                strncmp(s, "&quot;", 6) && strncmp(s, "&apos;", 6))
                return "a bare '&'";
            continue;
        }
        if (*s == '>')
            return "a '>' outside a tag";
        if (*s != '<')
            continue;
        const char *end = strchr(s, '>');
        if (!end)
            return "a tag without its '>'";
        if (memchr(s + 1, '<', (size_t)(end - s - 1)))
            return "a '<' inside a tag";
        int closing = s[1] == '/', empty = end[-1] == '/';
        const char *name = s + 1 + closing;
        size_t nlen = strcspn(name, " />");
        if (nlen == 0 || nlen >= 32)
            return "a tag without a name";
        /* attributes: name="value", each value quoted */
        for (const char *a = name + nlen; a < end - empty;) {
            if (*a == ' ' || *a == '\n') {
                a++;
                continue;
            }
            const char *eq = a;
            while (eq < end && *eq != '=' && *eq != ' ')
                eq++;
            if (eq >= end || *eq != '=' || eq[1] != '"')
                return "an attribute without a quoted value";
            const char *q = memchr(eq + 2, '"', (size_t)(end - eq - 2));
            if (!q)
                return "an attribute's value without its closing quote";
            a = q + 1;
        }
        if (closing) {
            if (depth == 0 || strncmp(stack[depth - 1], name, nlen) || stack[depth - 1][nlen])
                return "a closing tag that closes nothing open";
            if (nlen == 5 && strncmp(name, "title", 5) == 0 && title_at)
                unescape(title_at, s, doc->title, sizeof doc->title);
            depth--;
        } else {
            if (depth == 0 && roots++)
                return "more than one root element";
            if (depth == 0 && (nlen != 3 || strncmp(name, "svg", 3)))
                return "the root is not <svg>";
            if (doc->nitems < MAX_ITEMS) {
                svg_item *it = &doc->items[doc->nitems++];
                char digit[12];
                attr_of(s, end, "class", it->cls, sizeof it->cls);
                attr_of(s, end, "data-cell", it->cell, sizeof it->cell);
                attr_of(s, end, "data-role", it->role, sizeof it->role);
                attr_of(s, end, "data-digit", digit, sizeof digit);
                it->digit = atoi(digit);
                if (strncmp(it->cls, "link ", 5) == 0)
                    doc->links++;
            }
            if (nlen == 5 && strncmp(name, "title", 5) == 0)
                title_at = end + 1;
            if (!empty) {
                if (depth == 64)
                    return "too deep";
                memcpy(stack[depth], name, nlen);
                stack[depth++][nlen] = '\0';
            }
        }
        s = end;
    }
    return depth ? "an element left open" : roots ? NULL : "no element";
}

/* Whether doc has a mark of role on candidate (cell of side n, digit). */
static int has_mark(const svg_doc *doc, int n, int cell, int digit, const char *role)
{
    char name[32];
    snprintf(name, sizeof name, "r%dc%d", cell / n + 1, cell % n + 1);
    for (int i = 0; i < doc->nitems; i++)
        if (strncmp(doc->items[i].cls, "mark ", 5) == 0 && strcmp(doc->items[i].cell, name) == 0 &&
            doc->items[i].digit == digit && strcmp(doc->items[i].role, role) == 0)
            return 1;
    return 0;
}

/* Checks a drawing against step's record (side n): NULL, or what fails. */
static const char *check_drawing(const char *svg, const nonet_step *st, int n, svg_doc *doc,
                                 char *why, size_t cap)
{
    const char *bad = parse_svg(svg, doc);
    if (bad)
        return bad;
    int links = 0;
    for (int i = 0; i < st->nchain; i++) {
        const nonet_chain_node *a = &st->chain[i];
        links += a->nparents;
        if (!has_mark(doc, n, a->cell, a->digit, a->on ? "on" : "off")) {
            snprintf(why, cap, "chain node r%dc%d %d %s has no mark", a->cell / n + 1,
                     a->cell % n + 1, a->digit, a->on ? "on" : "off");
            return why;
        }
    }
    if (doc->links != links) {
        snprintf(why, cap, "%d link elements for %d links", doc->links, links);
        return why;
    }
    for (int i = 0; i < st->neliminations; i++)
        for (int d = 1; d <= n; d++)
            if (st->eliminations[i].digits >> (d - 1) & 1 &&
                !has_mark(doc, n, st->eliminations[i].cell, d, "eliminated"))
                return "an eliminated candidate has no mark";
    for (int i = 0; i < st->nplacements; i++)
        for (int d = 1; d <= n; d++)
            if (st->placements[i].digits >> (d - 1) & 1 &&
                !has_mark(doc, n, st->placements[i].cell, d, "placed"))
                return "a placed candidate has no mark";
    char words[8192];
    nonet_step_describe(st, n, NULL, words, sizeof words);
    if (strcmp(doc->title, words) != 0)
        return "the title is not the step's words";
    return NULL;
}

/* ------------------------------------------------------------ tests */

static char *draw(const nonet_grid *pos, const nonet_marks *m, const nonet_step *st,
                  const nonet_svg_opts *o)
{
    long need = nonet_step_svg(pos, m, st, o, NULL, 0);
    if (need <= 0)
        return NULL;
    char *text = malloc((size_t)need + 1);
    if (text && nonet_step_svg(pos, m, st, o, text, (size_t)need + 1) != need) {
        free(text);
        return NULL;
    }
    return text;
}

static int grid_of(const char *line, nonet_grid *g)
{
    nonet_grid_init(g, 3, 3);
    for (int i = 0; i < 81; i++)
        g->cells[i] = line[i] >= '1' && line[i] <= '9' ? (uint8_t)(line[i] - '0') : 0;
    return 1;
}

/* Every step of each chain puzzle's walk, drawn in the position it was
 * found in, passes the checker; the walks meet chains and houses. */
static void test_walks(void)
{
    static nonet_grid g, pos;
    static nonet_marks pm;
    static svg_doc doc;
    nonet_human *h = nonet_human_new();
    CHECK(h);
    int chains = 0, houses = 0, steps = 0;
    for (size_t p = 0; p < sizeof chain_puzzles / sizeof chain_puzzles[0]; p++) {
        grid_of(chain_puzzles[p], &g);
        CHECK(nonet_human_start(h, &g, NULL) == NONET_OK);
        int found;
        while ((found = nonet_human_find(h)) > 0) {
            nonet_human_position(h, &pos, &pm);
            for (int i = 0; i < found; i++) {
                nonet_step st;
                CHECK(nonet_human_step(h, i, &st) == NONET_OK);
                nonet_svg_opts o = {&g, NULL, NULL};
                char *svg = draw(&pos, &pm, &st, &o);
                CHECK(svg);
                char why[200];
                const char *bad = check_drawing(svg, &st, 9, &doc, why, sizeof why);
                CHECKF(!bad, "puzzle %zu, %s: %s", p + 1, nonet_technique_name(st.technique), bad);
                chains += st.nchain > 0;
                for (int k = 0; k < doc.nitems; k++)
                    houses += strncmp(doc.items[k].cls, "house ", 6) == 0;
                steps++;
                free(svg);
            }
            CHECK(nonet_human_apply(h, -1) >= 0);
        }
        CHECK(found == 0);
    }
    nonet_human_free(h);
    CHECKF(chains >= 5 && houses > 0 && steps > 100, "%d chains, %d houses, %d steps", chains,
           houses, steps);
}

/* The first chain step of the second puzzle (a y-cycle), in *st, with
 * its position; h keeps its arrays. */
static int first_chain(nonet_human *h, nonet_grid *g, nonet_grid *pos, nonet_marks *pm,
                       nonet_step *st)
{
    grid_of(chain_puzzles[1], g);
    if (nonet_human_start(h, g, NULL) != NONET_OK)
        return 0;
    int found;
    while ((found = nonet_human_find(h)) > 0) {
        nonet_human_position(h, pos, pm);
        for (int i = 0; i < found; i++)
            if (nonet_human_step(h, i, st) == NONET_OK && st->nchain > 0)
                return 1;
        nonet_human_apply(h, -1);
    }
    return 0;
}

/* The checker catches a drawing short of a link, a record with one link
 * more or one elimination the drawing lacks, and a broken document. */
static void test_sabotage(void)
{
    static nonet_grid g, pos;
    static nonet_marks pm;
    static svg_doc doc;
    static nonet_chain_node nodes[512];
    nonet_human *h = nonet_human_new();
    CHECK(h);
    nonet_step st;
    CHECK(first_chain(h, &g, &pos, &pm, &st));
    CHECK(st.nchain > 2 && st.nchain < 512 && st.neliminations > 0);
    char *svg = draw(&pos, &pm, &st, NULL);
    CHECK(svg);
    char why[200];
    CHECK(check_drawing(svg, &st, 9, &doc, why, sizeof why) == NULL);

    /* a link element cut out of the drawing */
    char *cut = strdup(svg);
    CHECK(cut);
    char *at = strstr(cut, "<g class=\"link ");
    CHECK(at);
    char *after = strstr(at, "</g>\n");
    CHECK(after);
    memmove(at, after + 5, strlen(after + 5) + 1);
    const char *bad = check_drawing(cut, &st, 9, &doc, why, sizeof why);
    CHECK(bad && strstr(bad, "link elements"));
    free(cut);

    /* the record with a link the drawing lacks: a node drawn without a
     * parent */
    nonet_step less = st;
    memcpy(nodes, st.chain, (size_t)st.nchain * sizeof *nodes);
    less.chain = nodes;
    int k = st.nchain - 1;
    while (k > 0 && nodes[k].nparents == 0)
        k--;
    CHECK(k > 0);
    nodes[k].nparents--;
    char *short_svg = draw(&pos, &pm, &less, NULL);
    CHECK(short_svg);
    bad = check_drawing(short_svg, &st, 9, &doc, why, sizeof why);
    CHECK(bad && strstr(bad, "link elements"));
    free(short_svg);

    /* a drawing of the step without its eliminations */
    nonet_step kept = st;
    kept.neliminations = 0;
    char *no_elim = draw(&pos, &pm, &kept, NULL);
    CHECK(no_elim);
    bad = check_drawing(no_elim, &st, 9, &doc, why, sizeof why);
    CHECK(bad && strstr(bad, "eliminated"));
    free(no_elim);

    /* a chain node's mark gone (its role renamed) */
    char *renamed = strdup(svg);
    CHECK(renamed);
    at = strstr(renamed, "data-role=\"on\"");
    CHECK(at);
    memcpy(at + 11, "no", 2);
    bad = check_drawing(renamed, &st, 9, &doc, why, sizeof why);
    CHECK(bad && strstr(bad, "no mark"));
    free(renamed);

    /* a title that is not the step's words */
    char *retitled = strdup(svg);
    CHECK(retitled);
    at = strstr(retitled, "-title\">");
    CHECK(at);
    at[8] = at[8] == 'x' ? 'y' : 'x';
    bad = check_drawing(retitled, &st, 9, &doc, why, sizeof why);
    CHECK(bad && strstr(bad, "title"));
    free(retitled);

    /* a broken document: an attribute unquoted, a tag left open */
    char *broken = strdup(svg);
    CHECK(broken);
    at = strstr(broken, "class=\"bg\"");
    CHECK(at);
    at[6] = ' ';
    CHECK(parse_svg(broken, &doc) != NULL);
    free(broken);
    char *open = strdup(svg);
    CHECK(open);
    at = strstr(open, "</desc>");
    CHECK(at);
    memcpy(at, "<desc>!", 7);
    CHECK(parse_svg(open, &doc) != NULL);
    free(open);
    free(svg);
    nonet_human_free(h);
}

/* snprintf's ways: the length needed whatever the room, what fits kept
 * and NUL-terminated; the same bytes each time; errors leave "". */
static void test_contract(void)
{
    static nonet_grid g, pos;
    static nonet_marks pm;
    nonet_human *h = nonet_human_new();
    CHECK(h);
    nonet_step st;
    CHECK(first_chain(h, &g, &pos, &pm, &st));
    char *whole = draw(&pos, &pm, &st, NULL);
    CHECK(whole);
    long need = (long)strlen(whole);
    char small[100];
    CHECK(nonet_step_svg(&pos, &pm, &st, NULL, small, sizeof small) == need);
    CHECK(strlen(small) == sizeof small - 1 && strncmp(small, whole, sizeof small - 1) == 0);
    char *again = draw(&pos, &pm, &st, NULL);
    CHECK(again && strcmp(again, whole) == 0);
    free(again);
    /* an id prefix names the title and description */
    nonet_svg_opts o = {&g, NULL, "step-7"};
    char *named = draw(&pos, &pm, &st, &o);
    CHECK(named && strstr(named, "id=\"step-7-title\"") &&
          strstr(named, "aria-describedby=\"step-7-desc\"") && strstr(named, "<desc"));
    /* both palettes, every rule under the root's class: the light colour
     * plain, then a light-dark() pair the page's color-scheme picks */
    CHECK(strstr(named, "class=\"nonet-step\""));
    CHECK(strstr(named, ".nonet-step .bg{fill:#fff}") &&
          strstr(named, ".nonet-step .bg{fill:light-dark(#fff,#15171a)}") &&
          strstr(named, "svg.nonet-step:root{color-scheme:light dark}"));
    const char *style = strstr(named, "<style>"), *style_end = strstr(named, "</style>");
    CHECK(style && style_end);
    for (const char *r = strchr(style, '>') + 1; r && r < style_end; r = strchr(r, '}')) {
        /* each selector of each rule starts with the class (or svg.) */
        while (r < style_end && (*r == '}' || *r == '\n'))
            r++;
        if (r >= style_end)
            break;
        if (strncmp(r, "@supports", 9) == 0) {
            r = strchr(r, '{') + 1;
            continue;
        }
        const char *brace = strchr(r, '{');
        CHECK(brace && brace < style_end);
        for (const char *sel = r; sel && sel < brace; sel = strchr(sel, ',')) {
            if (*sel == ',')
                sel++;
            CHECKF(strncmp(sel, ".nonet-step ", 12) == 0 || strncmp(sel, "svg.nonet-step", 14) == 0,
                   "a rule outside the drawing's class: %.40s", sel);
            if (!memchr(sel, ',', (size_t)(brace - sel)))
                break;
        }
        r = brace;
    }
    free(named);
    /* errors */
    small[0] = 'x';
    CHECK(nonet_step_svg(NULL, &pm, &st, NULL, small, sizeof small) == NONET_EARG && !small[0]);
    nonet_svg_opts bad_id = {NULL, NULL, "1<x"};
    CHECK(nonet_step_svg(&pos, &pm, &st, &bad_id, NULL, 0) == NONET_EARG);
    nonet_grid other;
    nonet_grid_init(&other, 2, 2);
    nonet_svg_opts bad_givens = {&other, NULL, NULL};
    CHECK(nonet_step_svg(&pos, &pm, &st, &bad_givens, NULL, 0) == NONET_EARG);
    nonet_step broken = st;
    nonet_cell_digits off_grid = {81, 1, NONET_ROLE_ELIMINATED};
    broken.eliminations = &off_grid;
    broken.neliminations = 1;
    CHECK(nonet_step_svg(&pos, &pm, &broken, NULL, NULL, 0) == NONET_EARG);
    free(whole);
    nonet_human_free(h);
}

/* Other sizes: a 4x4 step and an empty 16x16 position (its candidates
 * from its units, symbols A-G beyond 9), well formed. */
static void test_sizes(void)
{
    static nonet_grid g, pos;
    static nonet_marks pm;
    static svg_doc doc;
    nonet_human *h = nonet_human_new();
    CHECK(h);
    nonet_grid_init(&g, 2, 2);
    const char *four = "1.....3..4.....2";
    for (int i = 0; i < 16; i++)
        g.cells[i] = four[i] == '.' ? 0 : (uint8_t)(four[i] - '0');
    CHECK(nonet_human_start(h, &g, NULL) == NONET_OK);
    CHECK(nonet_human_find(h) > 0);
    nonet_human_position(h, &pos, &pm);
    nonet_step st;
    CHECK(nonet_human_step(h, 0, &st) == NONET_OK);
    char *svg = draw(&pos, &pm, &st, NULL);
    char why[200];
    CHECK(svg && check_drawing(svg, &st, 4, &doc, why, sizeof why) == NULL);
    free(svg);
    nonet_human_free(h);

    nonet_grid_init(&g, 4, 4);
    g.cells[0] = 16;
    svg = draw(&g, NULL, NULL, NULL);
    CHECK(svg && parse_svg(svg, &doc) == NULL);
    CHECK(strstr(svg, ">G</text>"));                    /* the given 16 */
    CHECK(strstr(svg, "<text class=\"cand\"") != NULL); /* candidates drawn */
    free(svg);
}

/* A bare grid (marks with no candidate) and a solution with its clues
 * apart, as the page prints them: no candidate, no mark, each clue a
 * given and every other digit placed; the words say no candidate. */
static void test_bare(void)
{
    static nonet_grid g, s;
    static nonet_marks none;
    static svg_doc doc;
    grid_of(chain_puzzles[0], &g);
    uint64_t count = 0;
    CHECK(nonet_count(&g, 2, &count, &s, NULL) == NONET_OK && count == 1);
    memset(&none, 0, sizeof none);
    nonet_svg_opts o = {&g, NULL, "print-1"};
    char *bare = draw(&g, &none, NULL, &o);
    CHECK(bare && parse_svg(bare, &doc) == NULL);
    CHECK(!strstr(bare, "class=\"cand") && !strstr(bare, "class=\"mark") &&
          !strstr(bare, "class=\"key"));
    CHECK(strstr(bare, "<desc id=\"print-1-desc\">The position.</desc>"));
    int givens = 0, placed = 0, clues = 0;
    for (int i = 0; i < 81; i++)
        clues += g.cells[i] != 0;
    for (const char *at = bare; (at = strstr(at, "<text class=\"given\"")) != NULL; at++)
        givens++;
    CHECK(givens == clues);
    free(bare);
    char *solved = draw(&s, &none, NULL, &o);
    CHECK(solved && parse_svg(solved, &doc) == NULL);
    givens = 0;
    for (const char *at = solved; (at = strstr(at, "<text class=\"given\"")) != NULL; at++)
        givens++;
    for (const char *at = solved; (at = strstr(at, "<text class=\"placed-digit\"")) != NULL; at++)
        placed++;
    CHECKF(givens == clues && placed == 81 - clues, "%d givens, %d placed, %d clues", givens,
           placed, clues);
    free(solved);
    /* the candidates when marks are NULL: the words say so */
    char *full = draw(&g, NULL, NULL, &o);
    CHECK(full && strstr(full, "The position with its candidates.") &&
          strstr(full, "class=\"cand"));
    free(full);
}

void suite_svg(void)
{
    RUN(test_walks);
    RUN(test_sabotage);
    RUN(test_contract);
    RUN(test_sizes);
    RUN(test_bare);
}
