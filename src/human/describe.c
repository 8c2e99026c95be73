/* describe.c - a step in plain words, with cell names rNcM:
 *   full house in row 3: r3c5 = 7
 *   hidden single in box 2: r1c6 = 8
 *   pointing: in box 2 the 4s lie in row 1, so r1c7, r1c8 <> 4
 *   naked pair in row 3: r3c1, r3c5 hold only 4 and 7, so r3c2 <> 4, r3c9 <> 47
 * Digits above 9 are written in 1-9A-Z (numbers above 35). */
#include "human/human.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct words {
    char *buf;
    size_t cap, len;
    int n;
    const char *symbols; /* n characters, or NULL */
} words;

static void say(words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(words *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *at = w->buf && w->len < w->cap ? w->buf + w->len : NULL;
    int got = vsnprintf(at, at ? w->cap - w->len : 0, fmt, ap);
    va_end(ap);
    if (got > 0)
        w->len += (size_t)got;
}

static void say_unit(words *w, int u)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    say(w, "%s %d", kinds[u / w->n], u % w->n + 1);
}

/* "rows 2, 5 and 8": lines of one kind (0 rows, 1 columns) in the set */
static void say_lines(words *w, int kind, uint64_t set)
{
    int count = 0, said = 0;
    for (uint64_t m = set; m; m &= m - 1)
        count++;
    say(w, "%s%s", kind ? "column" : "row", count == 1 ? "" : "s");
    for (uint64_t m = set; m; m &= m - 1, said++)
        say(w, "%s%d", said == 0 ? " " : said == count - 1 ? " and " : ", ", lowest_bit(m) + 1);
}

static void say_digit(words *w, int d)
{
    if (w->symbols)
        say(w, "%c", w->symbols[d - 1]);
    else if (w->n <= NONET_MAX_SYMBOL_SIDE)
        say(w, "%c", sym_of_digit(d));
    else
        say(w, "%d", d);
}

/* "47", or "4 and 7" when apart is set ("4, 7 and 9") */
static void say_digits(words *w, uint64_t digits, int apart)
{
    int count = popcount64(digits), i = 0;
    for (; digits; digits &= digits - 1, i++) {
        if (i > 0 && (apart || w->n > NONET_MAX_SYMBOL_SIDE))
            say(w, "%s", !apart ? "," : i == count - 1 ? " and " : ", ");
        say_digit(w, lowest_bit(digits) + 1);
    }
}

static void say_cell(words *w, int cell)
{
    say(w, "r%dc%d", cell / w->n + 1, cell % w->n + 1);
}

static void say_cells(words *w, const nonet_cell_digits *list, int count)
{
    for (int i = 0; i < count; i++) {
        say(w, "%s", i ? ", " : "");
        say_cell(w, list[i].cell);
    }
}

/* " so r1c7, r1c8 <> 4": the eliminations, digits per cell */
static void say_eliminations(words *w, const nonet_step *st, const char *lead)
{
    if (st->neliminations == 0)
        return;
    say(w, "%s", lead);
    uint64_t same = st->eliminations[0].digits;
    for (int i = 1; i < st->neliminations; i++)
        if (st->eliminations[i].digits != same)
            same = 0;
    for (int i = 0; i < st->neliminations; i++) {
        say(w, "%s", i ? ", " : "");
        say_cell(w, st->eliminations[i].cell);
        if (!same) {
            say(w, " <> ");
            say_digits(w, st->eliminations[i].digits, 0);
        }
    }
    if (same) {
        say(w, " <> ");
        say_digits(w, same, 0);
    }
}

static void say_placements(words *w, const nonet_step *st, const char *lead)
{
    for (int i = 0; i < st->nplacements; i++) {
        say(w, "%s", i ? ", " : lead);
        say_cell(w, st->placements[i].cell);
        say(w, " = ");
        say_digit(w, lowest_bit(st->placements[i].digits) + 1);
    }
}

static uint64_t pattern_digits(const nonet_step *st)
{
    uint64_t all = 0;
    for (int i = 0; i < st->npattern; i++)
        all |= st->pattern[i].digits;
    return all;
}

static void say_node(words *w, const nonet_chain_node *node, int state)
{
    say_cell(w, node->cell);
    say(w, "%s", state && !node->on ? "<>" : "=");
    say_digit(w, node->digit);
}

/* The main parent of chain node i (its first), or -1: an assumption. */
static int main_parent(const nonet_step *st, int i)
{
    const nonet_chain_node *a = &st->chain[i];
    if (!st->chain_parents)
        return i > 0 && st->chain[i - 1].branch == a->branch ? i - 1 : -1;
    if (a->nparents < 1 || a->parents < 0 || a->parents >= st->nchain_parents)
        return -1;
    int q = st->chain_parents[a->parents];
    return q >= 0 && q < i ? q : -1;
}

/* A branch's path node by node, from its assumption along first parents
 * to its last node, `end`: "r1c2=5 - r1c8=5 = r3c9=5": '-' where a placed
 * digit removes the next candidate, '=' where a removal forces the next
 * digit in, '->' where a rule inside the chain removes the next. The
 * first node shows its state ("r1c2<>5" for an assumed removal). */
static void say_branch(words *w, const nonet_step *st, int end)
{
    int len = 1;
    for (int i = end; (i = main_parent(st, i)) >= 0;)
        len++;
    const nonet_chain_node *prev = NULL;
    for (int k = len - 1; k >= 0; k--) {
        int i = end;
        for (int j = 0; j < k; j++)
            i = main_parent(st, i);
        const nonet_chain_node *b = &st->chain[i];
        if (prev)
            say(w, "%s", prev->on && !b->on ? " - " : !prev->on && b->on ? " = " : " -> ");
        say_node(w, b, !prev);
        prev = b;
    }
}

static void say_chain(words *w, const nonet_step *st, const char *name)
{
    const nonet_chain_node *c = st->chain;
    int count = st->nchain, nb = c[count - 1].branch + 1;
    int end0 = 0;
    while (end0 < count && c[end0].branch == 0)
        end0++;
    const nonet_chain_node *target = &c[end0 - 1];
    say(w, "%s", name);
    switch (st->chain_kind) {
    case NONET_CHAIN_CYCLE:
        say(w, " (a loop)");
        break;
    case NONET_CHAIN_CONTRADICTION:
        say(w, ": ");
        say_node(w, &c[0], 1);
        say(w, " makes ");
        say_cell(w, target->cell);
        say(w, " both ");
        say_digit(w, target->digit);
        say(w, " and not ");
        say_digit(w, target->digit);
        break;
    case NONET_CHAIN_DOUBLE:
        say(w, ": ");
        say_cell(w, c[0].cell);
        say(w, " = ");
        say_digit(w, c[0].digit);
        say(w, " or not, either way ");
        say_node(w, target, 1);
        break;
    case NONET_CHAIN_CELL:
        say(w, ": every candidate of ");
        say_cell(w, c[0].cell);
        say(w, " leads to ");
        say_node(w, target, 1);
        break;
    case NONET_CHAIN_UNIT:
        say(w, ": every place of ");
        say_digit(w, c[0].digit);
        say(w, " in ");
        say_unit(w, st->units[0]);
        say(w, " leads to ");
        say_node(w, target, 1);
        break;
    default:
        break;
    }
    for (int b = 0, i = 0; b < nb; b++) {
        int from = i;
        while (i < count && c[i].branch == b)
            i++;
        say(w, "%s", b ? "; " : ": ");
        if (i > from)
            say_branch(w, st, i - 1);
    }
    say_eliminations(w, st, ", so ");
    say_placements(w, st, ", so ");
}

size_t nonet_step_describe(const nonet_step *st, int n, const char *symbols, char *buf, size_t cap)
{
    int own = symbols && n <= NONET_MAX_SYMBOL_SIDE && strlen(symbols) == (size_t)n;
    words w = {buf, buf ? cap : 0, 0, n, own ? symbols : NULL};
    if (buf && cap)
        buf[0] = '\0';
    if (!st || n < 1)
        return 0;
    const char *name = nonet_technique_name(st->technique);
    if (st->chain_kind != NONET_CHAIN_NONE && st->nchain > 0) {
        say_chain(&w, st, name ? name : "chain");
        st = NULL;
    }
    switch (st ? st->technique : NONET_TECH_COUNT) {
    case NONET_TECH_FULL_HOUSE:
    case NONET_TECH_HIDDEN_SINGLE_BOX:
    case NONET_TECH_HIDDEN_SINGLE_LINE:
        say(&w, "%s in ", st->technique == NONET_TECH_FULL_HOUSE ? "full house" : "hidden single");
        say_unit(&w, st->units[0]);
        say_placements(&w, st, ": ");
        break;
    case NONET_TECH_NAKED_SINGLE:
        say_placements(&w, st, "naked single: ");
        say(&w, " (its last candidate)");
        break;
    case NONET_TECH_DIRECT_POINTING:
    case NONET_TECH_DIRECT_CLAIMING:
    case NONET_TECH_POINTING:
    case NONET_TECH_CLAIMING: {
        say(&w, "%s: in ", name);
        say_unit(&w, st->units[0]);
        say(&w, " the ");
        say_digits(&w, pattern_digits(st), 1);
        say(&w, "s lie in ");
        say_unit(&w, st->units[1]);
        say_eliminations(&w, st, ", so ");
        if (st->nplacements) {
            say(&w, ", which leaves ");
            say_unit(&w, st->units[2]);
            say(&w, " one place for it:");
            say_placements(&w, st, " ");
        }
        break;
    }
    case NONET_TECH_NAKED_PAIR:
    case NONET_TECH_NAKED_TRIPLE:
    case NONET_TECH_NAKED_QUAD:
        say(&w, "%s in ", name);
        say_unit(&w, st->units[0]);
        say(&w, ": ");
        say_cells(&w, st->pattern, st->npattern);
        say(&w, " hold only ");
        say_digits(&w, pattern_digits(st), 1);
        say_eliminations(&w, st, ", so ");
        break;
    case NONET_TECH_DIRECT_HIDDEN_PAIR:
    case NONET_TECH_DIRECT_HIDDEN_TRIPLE:
    case NONET_TECH_HIDDEN_PAIR:
    case NONET_TECH_HIDDEN_TRIPLE:
    case NONET_TECH_HIDDEN_QUAD:
        say(&w, "%s in ", name);
        say_unit(&w, st->units[0]);
        say(&w, ": ");
        say_digits(&w, pattern_digits(st), 1);
        say(&w, " fit only ");
        say_cells(&w, st->pattern, st->npattern);
        say_eliminations(&w, st, ", so ");
        if (st->nplacements) {
            say(&w, ", which leaves ");
            say_digit(&w, lowest_bit(st->placements[0].digits) + 1);
            say(&w, " one place:");
            say_placements(&w, st, " ");
        }
        break;
    case NONET_TECH_X_WING:
    case NONET_TECH_SWORDFISH:
    case NONET_TECH_JELLYFISH: {
        /* "the 3s of rows 2 and 5 lie in columns 4 and 9 only": the base
         * lines, and the cover lines the pattern's cells lie in */
        int rows = st->units[0] < n;
        uint64_t base = 0, cover = 0;
        for (int i = 0; i < st->nunits; i++)
            base |= (uint64_t)1 << (st->units[i] % n);
        for (int i = 0; i < st->npattern; i++)
            cover |= (uint64_t)1 << (rows ? st->pattern[i].cell % n : st->pattern[i].cell / n);
        say(&w, "%s: the ", name);
        say_digits(&w, pattern_digits(st), 1);
        say(&w, "s of ");
        say_lines(&w, !rows, base);
        say(&w, " lie in ");
        say_lines(&w, rows, cover);
        say(&w, " only");
        say_eliminations(&w, st, ", so ");
        break;
    }
    case NONET_TECH_UNIQUE_RECTANGLE: {
        /* more than four cells holding the pair: a loop, not a rectangle */
        int corners = 0;
        for (int i = 0; i < st->npattern; i++)
            corners += st->pattern[i].digits == st->pattern[0].digits;
        say(&w, "%s:", corners > 4 ? "unique loop" : "unique rectangle");
        for (int i = 0; i < st->npattern; i++) {
            say(&w, "%s", i ? ", " : " ");
            say_cell(&w, st->pattern[i].cell);
            say(&w, "{");
            say_digits(&w, st->pattern[i].digits, 0);
            say(&w, "}");
        }
        say_eliminations(&w, st, ", so ");
        say_placements(&w, st, ", so ");
        break;
    }
    case NONET_TECH_COUNT:
        break; /* described above */
    default:
        say(&w, "%s:", name ? name : "step");
        for (int i = 0; i < st->npattern; i++) {
            say(&w, "%s", i ? ", " : " ");
            say_cell(&w, st->pattern[i].cell);
            say(&w, "{");
            say_digits(&w, st->pattern[i].digits, 0);
            say(&w, "}");
        }
        say_eliminations(&w, st, ", so ");
        say_placements(&w, st, ", so ");
        break;
    }
    if (buf && cap && w.len >= cap)
        buf[cap - 1] = '\0';
    return w.len;
}

/* ------------------------------------------------------------ hints */

/* The technique's name as the full text starts with it. */
static const char *head_word(const nonet_step *st)
{
    switch (st->technique) {
    case NONET_TECH_FULL_HOUSE:
        return "full house";
    case NONET_TECH_HIDDEN_SINGLE_BOX:
    case NONET_TECH_HIDDEN_SINGLE_LINE:
        return "hidden single";
    case NONET_TECH_NAKED_SINGLE:
        return "naked single";
    case NONET_TECH_UNIQUE_RECTANGLE: {
        int corners = 0;
        for (int i = 0; i < st->npattern; i++)
            corners += st->pattern[i].digits == st->pattern[0].digits;
        return corners > 4 ? "unique loop" : "unique rectangle";
    }
    default: {
        const char *name = nonet_technique_name(st->technique);
        return name ? name : "step";
    }
    }
}

/* "boxes 2, 3, 5 and 6" */
static void say_boxes(words *w, const nonet_region *r)
{
    say(w, "box%s", r->nunits == 1 ? "" : "es");
    for (int i = 0; i < r->nunits; i++)
        say(w, "%s%d",
            i == 0               ? " "
            : i == r->nunits - 1 ? " and "
                                 : ", ",
            r->units[i] - 2 * w->n + 1);
}

static void say_region(words *w, const nonet_region *r)
{
    int n = w->n;
    uint64_t lines = 0;
    for (int i = 0; i < r->nunits; i++)
        lines |= (uint64_t)1 << (r->units[i] % n);
    switch (r->kind) {
    case NONET_REGION_HOUSE:
        say_unit(w, r->units[0]);
        break;
    case NONET_REGION_BAND:
    case NONET_REGION_STACK: {
        int rows = r->kind == NONET_REGION_BAND;
        say(w, "%s %d (%s %d to %d)", rows ? "band" : "stack", r->index + 1,
            rows ? "rows" : "columns", r->units[0] % n + 1, r->units[r->nunits - 1] % n + 1);
        break;
    }
    case NONET_REGION_BOXES:
        say_boxes(w, r);
        break;
    case NONET_REGION_ROWS:
    case NONET_REGION_COLUMNS:
        say_lines(w, r->kind == NONET_REGION_COLUMNS, lines);
        break;
    default:
        say(w, "the whole grid");
        break;
    }
}

/* "r9c7{37}", or "r6c9" for a cell shown without its digits */
static void say_item(words *w, const nonet_cell_digits *it)
{
    say_cell(w, it->cell);
    if (it->digits) {
        say(w, "{");
        say_digits(w, it->digits, 0);
        say(w, "}");
    }
}

/* The items of one role, a cell's items of that role as one:
 * "r5c7{27}, r6c9{28}"; lead before the first. Returns how many. */
static int say_role(words *w, const nonet_cell_digits *items, int count, nonet_role role,
                    const char *lead)
{
    int said = 0;
    for (int i = 0; i < count; i++) {
        if (items[i].role != role)
            continue;
        int earlier = 0;
        for (int j = 0; j < i && !earlier; j++)
            earlier = items[j].role == role && items[j].cell == items[i].cell;
        if (earlier)
            continue;
        nonet_cell_digits one = items[i];
        for (int j = i + 1; j < count; j++)
            if (items[j].role == role && items[j].cell == items[i].cell)
                one.digits = one.digits && items[j].digits ? one.digits | items[j].digits : 0;
        say(w, "%s", said ? ", " : lead);
        say_item(w, &one);
        said++;
    }
    return said;
}

/* "pivot r9c7{37}; pincers r7c8{23}, r5c7{27}": the items by role, in the
 * order the roles first come; the pattern's own cells without a word. */
static void say_roles(words *w, const nonet_cell_digits *items, int count, const char *lead)
{
    static const char *const names[][2] = {
        {"", ""},
        {"", ""},
        {"base ", "base "},
        {"pivot ", "pivots "},
        {"pincer ", "pincers "},
        {"support ", "support "},
        {"", ""},
        {"target ", "targets "},
        {"", ""},
        {"", ""},
    };
    int groups = 0;
    for (int i = 0; i < count; i++) {
        nonet_role role = items[i].role;
        int earlier = 0;
        for (int j = 0; j < i && !earlier; j++)
            earlier = items[j].role == role;
        if (earlier || (unsigned)role > NONET_ROLE_ELIMINATED)
            continue;
        int cells = 0;
        for (int j = i; j < count; j++)
            cells += items[j].role == role;
        say(w, "%s%s", groups ? "; " : lead, names[role][cells > 1]);
        say_role(w, items, count, role, "");
        groups++;
    }
}

/* A chain's start, in words that name no concluded candidate. */
static void say_chain_start(words *w, const nonet_step *st)
{
    const nonet_chain_node *c = st->chain;
    switch (st->chain_kind) {
    case NONET_CHAIN_CYCLE:
        say(w, " (a loop)");
        return;
    case NONET_CHAIN_FORCING:
        say(w, ": an assumption leads to its own opposite");
        return;
    case NONET_CHAIN_CONTRADICTION:
        say(w, ": an assumption leads to a candidate both true and false");
        return;
    case NONET_CHAIN_DOUBLE:
        say(w, ": a candidate true or false leads to the same conclusion");
        return;
    case NONET_CHAIN_CELL:
        say(w, ": every candidate of ");
        say_cell(w, c[0].cell);
        say(w, " leads to the same conclusion");
        return;
    case NONET_CHAIN_UNIT:
        say(w, ": every place of ");
        say_digit(w, c[0].digit);
        say(w, " in ");
        say_unit(w, st->units[0]);
        say(w, " leads to the same conclusion");
        return;
    default:
        return;
    }
}

size_t region_words(const nonet_region *r, int n, char *buf, size_t cap)
{
    words w = {buf, buf ? cap : 0, 0, n, NULL};
    if (buf && cap)
        buf[0] = '\0';
    say_region(&w, r);
    if (buf && cap && w.len >= cap)
        buf[cap - 1] = '\0';
    return w.len;
}

/* Level 2: the pattern in words, and no conclusion. */
static void say_pattern(words *w, const nonet_step *st, const char *head,
                        const nonet_cell_digits *items, int count)
{
    int n = w->n;
    switch (st->technique) {
    case NONET_TECH_FULL_HOUSE:
    case NONET_TECH_HIDDEN_SINGLE_BOX:
    case NONET_TECH_HIDDEN_SINGLE_LINE:
        say(w, "%s in ", head);
        say_unit(w, st->units[0]);
        say(w, ": ");
        say_cells(w, st->pattern, st->npattern);
        say(w, "%s",
            st->technique == NONET_TECH_FULL_HOUSE ? " is its last empty cell"
                                                   : " is the only place of one of its digits");
        return;
    case NONET_TECH_NAKED_SINGLE:
        say(w, "%s: ", head);
        say_cells(w, st->pattern, st->npattern);
        say(w, " has one candidate left");
        return;
    case NONET_TECH_DIRECT_POINTING:
    case NONET_TECH_DIRECT_CLAIMING:
    case NONET_TECH_POINTING:
    case NONET_TECH_CLAIMING:
        say(w, "%s: in ", head);
        say_unit(w, st->units[0]);
        say(w, " the ");
        say_digits(w, pattern_digits(st), 1);
        say(w, "s lie in ");
        say_unit(w, st->units[1]);
        say(w, " (");
        say_cells(w, st->pattern, st->npattern);
        say(w, ")");
        return;
    case NONET_TECH_NAKED_PAIR:
    case NONET_TECH_NAKED_TRIPLE:
    case NONET_TECH_NAKED_QUAD:
        say(w, "%s in ", head);
        say_unit(w, st->units[0]);
        say(w, ": ");
        say_cells(w, st->pattern, st->npattern);
        say(w, " hold only ");
        say_digits(w, pattern_digits(st), 1);
        return;
    case NONET_TECH_DIRECT_HIDDEN_PAIR:
    case NONET_TECH_DIRECT_HIDDEN_TRIPLE:
    case NONET_TECH_HIDDEN_PAIR:
    case NONET_TECH_HIDDEN_TRIPLE:
    case NONET_TECH_HIDDEN_QUAD:
        say(w, "%s in ", head);
        say_unit(w, st->units[0]);
        say(w, ": ");
        say_digits(w, pattern_digits(st), 1);
        say(w, " fit only ");
        say_cells(w, st->pattern, st->npattern);
        return;
    case NONET_TECH_X_WING:
    case NONET_TECH_SWORDFISH:
    case NONET_TECH_JELLYFISH: {
        int rows = st->units[0] < n;
        uint64_t base = 0, cover = 0;
        for (int i = 0; i < st->nunits; i++)
            base |= (uint64_t)1 << (st->units[i] % n);
        for (int i = 0; i < st->npattern; i++)
            cover |= (uint64_t)1 << (rows ? st->pattern[i].cell % n : st->pattern[i].cell / n);
        say(w, "%s: the ", head);
        say_digits(w, pattern_digits(st), 1);
        say(w, "s of ");
        say_lines(w, !rows, base);
        say(w, " lie in ");
        say_lines(w, rows, cover);
        say(w, " only (");
        say_cells(w, st->pattern, st->npattern);
        say(w, ")");
        return;
    }
    default:
        break;
    }
    say(w, "%s", head);
    if (st->technique == NONET_TECH_BUG) {
        /* the BUG cells (defining), then any cells they lean on */
        say_role(w, items, count, NONET_ROLE_DEFINING, ": every unsolved cell but ");
        say(w, " holds two candidates");
        say_role(w, items, count, NONET_ROLE_SUPPORT, "; support ");
        return;
    }
    if (st->chain_kind != NONET_CHAIN_NONE && st->nchain > 0) {
        say_chain_start(w, st);
        say(w, "%s", st->chain_kind == NONET_CHAIN_CYCLE ? " through " : ", through ");
        say_role(w, items, count, NONET_ROLE_CHAIN, "");
        return;
    }
    say_roles(w, items, count, ": ");
}

/* How many of its units a step's words name. */
static int units_named(const nonet_step *st)
{
    switch (st->technique) {
    case NONET_TECH_DIRECT_POINTING:
    case NONET_TECH_DIRECT_CLAIMING:
    case NONET_TECH_POINTING:
    case NONET_TECH_CLAIMING:
        return 2;
    case NONET_TECH_FULL_HOUSE:
    case NONET_TECH_HIDDEN_SINGLE_BOX:
    case NONET_TECH_HIDDEN_SINGLE_LINE:
    case NONET_TECH_DIRECT_HIDDEN_PAIR:
    case NONET_TECH_DIRECT_HIDDEN_TRIPLE:
    case NONET_TECH_NAKED_PAIR:
    case NONET_TECH_NAKED_TRIPLE:
    case NONET_TECH_NAKED_QUAD:
    case NONET_TECH_HIDDEN_PAIR:
    case NONET_TECH_HIDDEN_TRIPLE:
    case NONET_TECH_HIDDEN_QUAD:
    case NONET_TECH_X_WING:
    case NONET_TECH_SWORDFISH:
    case NONET_TECH_JELLYFISH:
        return 1;
    default:
        return st->chain_kind == NONET_CHAIN_UNIT;
    }
}

long nonet_step_hint(const nonet_step *st, int level, int box_rows, int box_cols,
                     const char *symbols, char *buf, size_t cap)
{
    if (buf && cap)
        buf[0] = '\0';
    nonet_region region;
    if (level < NONET_HINT_WHERE || level > NONET_HINT_MOVE || !st ||
        (unsigned)st->technique >= NONET_TECH_COUNT ||
        nonet_step_region(st, box_rows, box_cols, &region) != NONET_OK)
        return NONET_EARG;
    int n = box_rows * box_cols;
    if ((st->chain_kind != NONET_CHAIN_NONE && st->nchain < 1) || st->nunits < units_named(st))
        return NONET_EARG; /* lacks what its words name */
    if (level == NONET_HINT_MOVE)
        return (long)nonet_step_describe(st, n, symbols, buf, cap);
    int own = symbols && n <= NONET_MAX_SYMBOL_SIDE && strlen(symbols) == (size_t)n;
    words w = {buf, buf ? cap : 0, 0, n, own ? symbols : NULL};
    const char *head = head_word(st);
    if (level == NONET_HINT_WHERE) {
        say(&w, "%s", head);
        if (st->chain_kind == NONET_CHAIN_CYCLE)
            say(&w, " (a loop)");
        say(&w, ": look at ");
        say_region(&w, &region);
    } else {
        int max = st->npattern + (st->chain_kind != NONET_CHAIN_NONE ? st->nchain : 0);
        nonet_cell_digits *items = max > 0 ? malloc((size_t)max * sizeof *items) : NULL;
        if (max > 0 && !items)
            return NONET_ENOMEM;
        int count = items ? nonet_step_hint_cells(st, n, items, max) : 0;
        say_pattern(&w, st, head, items, count < 0 ? 0 : count > max ? max : count);
        free(items);
    }
    if (buf && cap && w.len >= cap)
        buf[cap - 1] = '\0';
    return (long)w.len;
}
