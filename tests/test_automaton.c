/* test_automaton.c - the line automata (src/variant/automaton.c, the
 * propagator vline_run): the regular-expression reader's errors with their
 * columns; its automata against a matcher written here (sets of positions
 * over the expression's own tree, no automaton); the state-function
 * builder and the outside clues against their rules' definitions written
 * here; the propagator against every assignment of random candidates
 * (exact for a line; sound when a cell comes twice), in both its forms
 * (one word a layer, lists beside wider sets); the check of a line; the
 * size limits. */
#include "unit.h"
#include "variant/variant.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ randomness */

static uint64_t rng = 0x2545F4914F6CDD1Du;

static const int zero = 0; /* the one start of a state function here */

static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int below(int k)
{
    return (int)(rnd() % (uint64_t)k);
}

/* ------------------------------------------------------------ a matcher of its own */

/* The expression's tree as read here: a set of digits, the empty line, a
 * sequence, alternatives, a repeat. */
enum { T_SET, T_EMPTY, T_SEQ, T_ALT, T_REP };

#define TMAX_NODES 512
#define TMAX_KIDS 32

typedef struct tnode {
    int kind, nkids, kids[TMAX_KIDS], min, max;
    uint64_t set;
} tnode;

typedef struct tre {
    tnode node[TMAX_NODES];
    int count, n;
    const char *s;
    int at;
} tre;

static int t_sym(int ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 10;
    return 0;
}

static int t_peek(tre *t)
{
    while (t->s[t->at] == ' ')
        t->at++;
    return (unsigned char)t->s[t->at];
}

static int t_new(tre *t, int kind)
{
    if (t->count == TMAX_NODES)
        return -1;
    memset(&t->node[t->count], 0, sizeof t->node[0]);
    t->node[t->count].kind = kind;
    return t->count++;
}

static int t_alt(tre *t);

static int t_number(tre *t)
{
    int v = 0;
    t_peek(t);
    while (t->s[t->at] >= '0' && t->s[t->at] <= '9')
        v = v * 10 + t->s[t->at++] - '0';
    return v;
}

static int t_atom(tre *t)
{
    int ch = t_peek(t), x;
    if (ch == '(') {
        t->at++;
        x = t_alt(t);
        if (t_peek(t) != ')')
            return -1;
        t->at++;
    } else if (ch == '.' || ch == '[' || t_sym(ch)) {
        if ((x = t_new(t, T_SET)) < 0)
            return -1;
        uint64_t all = t->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << t->n) - 1, set = 0;
        if (ch == '.') {
            set = all;
            t->at++;
        } else if (ch == '[') {
            t->at++;
            int neg = t_peek(t) == '^';
            t->at += neg;
            while (t_peek(t) != ']') {
                int a = t_sym(t_peek(t)), b;
                t->at++;
                b = a;
                if (t_peek(t) == '-') {
                    t->at++;
                    b = t_sym(t_peek(t));
                    t->at++;
                }
                if (!a || !b)
                    return -1;
                for (int d = a; d <= b; d++)
                    set |= (uint64_t)1 << (d - 1);
            }
            t->at++;
            if (neg)
                set = all & ~set;
        } else {
            set = (uint64_t)1 << (t_sym(ch) - 1);
            t->at++;
        }
        t->node[x].set = set;
    } else {
        return -1;
    }
    for (;;) {
        ch = t_peek(t);
        int min, max;
        if (ch == '*' || ch == '+' || ch == '?') {
            t->at++;
            min = ch == '+';
            max = ch == '?' ? 1 : -1;
        } else if (ch == '{') {
            t->at++;
            min = max = t_number(t);
            if (t_peek(t) == ',') {
                t->at++;
                max = t_peek(t) == '}' ? -1 : t_number(t);
            }
            if (t_peek(t) != '}')
                return -1;
            t->at++;
        } else {
            return x;
        }
        int r = t_new(t, T_REP);
        if (r < 0 || x < 0)
            return -1;
        t->node[r].nkids = 1;
        t->node[r].kids[0] = x;
        t->node[r].min = min;
        t->node[r].max = max;
        x = r;
    }
}

static int t_seq(tre *t)
{
    int x = t_new(t, T_SEQ);
    if (x < 0)
        return -1;
    while (t_peek(t) && t_peek(t) != '|' && t_peek(t) != ')') {
        int k = t_atom(t);
        if (k < 0 || t->node[x].nkids == TMAX_KIDS)
            return -1;
        t->node[x].kids[t->node[x].nkids++] = k;
    }
    if (!t->node[x].nkids)
        t->node[x].kind = T_EMPTY;
    return x;
}

static int t_alt(tre *t)
{
    int x = t_new(t, T_ALT);
    if (x < 0)
        return -1;
    for (;;) {
        int k = t_seq(t);
        if (k < 0 || t->node[x].nkids == TMAX_KIDS)
            return -1;
        t->node[x].kids[t->node[x].nkids++] = k;
        if (t_peek(t) != '|')
            return x;
        t->at++;
    }
}

/* Reads s (a valid expression) into t; 0 when it cannot. */
static int t_read(tre *t, const char *s, int n)
{
    t->count = 0;
    t->n = n;
    t->s = s;
    t->at = 0;
    int root = t_alt(t);
    return root == 0 && t_peek(t) == 0;
}

/* The positions after node x of a line's digits d[0 .. len), from any of
 * the positions of from (bit p: after p digits). */
static uint64_t t_ends(const tre *t, int x, uint64_t from, const uint8_t *d, int len)
{
    const tnode *k = &t->node[x];
    uint64_t to = 0, acc, cur;
    switch (k->kind) {
    case T_SET:
        for (int p = 0; p < len; p++)
            if (from >> p & 1 && k->set >> (d[p] - 1) & 1)
                to |= (uint64_t)1 << (p + 1);
        return to;
    case T_EMPTY:
        return from;
    case T_SEQ:
        for (int i = 0; i < k->nkids; i++)
            from = t_ends(t, k->kids[i], from, d, len);
        return from;
    case T_ALT:
        for (int i = 0; i < k->nkids; i++)
            to |= t_ends(t, k->kids[i], from, d, len);
        return to;
    default:
        cur = from;
        for (int i = 0; i < k->min; i++)
            cur = t_ends(t, k->kids[0], cur, d, len);
        acc = cur;
        if (k->max < 0) {
            for (uint64_t front = cur; front;) {
                front = t_ends(t, k->kids[0], front, d, len) & ~acc;
                acc |= front;
            }
        } else {
            for (int i = k->min; i < k->max; i++) {
                cur = t_ends(t, k->kids[0], cur, d, len);
                acc |= cur;
            }
        }
        return acc;
    }
}

static int t_match(const tre *t, const uint8_t *d, int len)
{
    return (int)(t_ends(t, 0, 1, d, len) >> len & 1);
}

/* ------------------------------------------------------------ random expressions */

typedef struct gen {
    char s[512];
    int len, n;
} gen;

static void put(gen *g, char c)
{
    if (g->len < (int)sizeof g->s - 1)
        g->s[g->len++] = c;
    g->s[g->len] = 0;
    if (below(12) == 0 && g->len < (int)sizeof g->s - 1) { /* blanks are ignored */
        g->s[g->len++] = ' ';
        g->s[g->len] = 0;
    }
}

static char symbol(int d)
{
    return (char)(d <= 9 ? '0' + d : (below(2) ? 'A' : 'a') + d - 10);
}

static void gen_alt(gen *g, int depth);

static void gen_atom(gen *g, int depth)
{
    int k = below(depth < 3 ? 6 : 4);
    if (k <= 1) {
        put(g, symbol(1 + below(g->n)));
    } else if (k == 2) {
        put(g, '.');
    } else if (k == 3) {
        put(g, '[');
        if (below(3) == 0)
            put(g, '^');
        for (int i = 0, items = 1 + below(3); i < items; i++) {
            int a = 1 + below(g->n), b = a + below(g->n - a + 1);
            put(g, symbol(a));
            if (b > a) {
                put(g, '-');
                put(g, symbol(b));
            }
        }
        put(g, ']');
    } else {
        put(g, '(');
        gen_alt(g, depth + 1);
        put(g, ')');
    }
    if (below(3) == 0) {
        char buf[16];
        int q = below(6), a = below(3), b = a + below(2);
        if (q < 3) {
            put(g, "*+?"[q]);
        } else {
            if (q == 3)
                snprintf(buf, sizeof buf, "{%d}", a);
            else if (q == 4)
                snprintf(buf, sizeof buf, "{%d,}", a);
            else
                snprintf(buf, sizeof buf, "{%d,%d}", a, b);
            for (char *c = buf; *c; c++)
                put(g, *c);
        }
    }
}

static void gen_alt(gen *g, int depth)
{
    int alts = below(4) == 0 ? 2 + below(2) : 1;
    for (int a = 0; a < alts; a++) {
        if (a)
            put(g, '|');
        int parts = below(10) == 0 ? 0 : 1 + below(3);
        for (int i = 0; i < parts; i++)
            gen_atom(g, depth);
    }
}

static void random_regex(gen *g, int n)
{
    g->len = 0;
    g->n = n;
    g->s[0] = 0;
    gen_alt(g, 0);
}

/* ------------------------------------------------------------ the reader */

typedef struct bad_case {
    const char *re;
    int n;
    long column;
    const char *words;
} bad_case;

static void test_regex_errors(void)
{
    static const bad_case cases[] = {
        {"(12", 9, 4, "ends before the ')' that closes the '(' of column 1"},
        {"12)", 9, 3, "a ')' with no '('"},
        {"*1", 9, 1, "'*' with nothing before it to repeat"},
        {"1|+", 9, 3, "'+' with nothing before it"},
        {"1{", 9, 3, "ends where a count was expected"},
        {"1{a}", 9, 3, "'a' where a count was expected after the '{' of column 2"},
        {"1{3,2}", 9, 2, "{3,2}: the most is less than the least"},
        {"1{2", 9, 4, "ends before the '}' that closes the '{' of column 2"},
        {"1{2,x}", 9, 5, "'x' where a count or '}' was expected"},
        {"1{2x", 9, 4, "'x' where '}' was expected, to close the '{' of column 2"},
        {"1{1001}", 9, 3, "a count above 1000"},
        {"[]", 9, 1, "an empty class"},
        {"[^]", 9, 1, "an empty class"},
        {"2[5-3]", 9, 3, "the range 5-3 runs backwards"},
        {"[12", 9, 4, "ends before the ']' that closes the '[' of column 1"},
        {"[1-]", 9, 4, "']' where a digit to end the range was expected"},
        {"[1(]", 9, 3, "'(' where a digit or ']' was expected"},
        {"A", 9, 1, "'A' is the digit 10, and a 9x9 grid's digits go to 9"},
        {"12 [3-g]", 15, 7, "'g' is the digit 16, and a 15x15 grid's digits go to 15"},
        {"10", 9, 2, "'0' is not a digit"},
        {"1#", 9, 2, "'#' where a digit, '(', '[' or '.' was expected"},
        {"1 2 )", 9, 5, "a ')' with no '('"},
        {"(1(2)", 9, 6, "ends before the ')' that closes the '(' of column 1"},
        {"(1]", 9, 3, "']' where a digit, '(', '[' or '.' was expected"},
        {"1\x01", 9, 2, "byte 0x01 where a digit"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bad_case *c = &cases[i];
        vdfa d;
        long col = -1;
        char why[200] = "";
        int rc = vdfa_from_regex(&d, c->re, strlen(c->re), c->n, &col, why, sizeof why);
        CHECKF(rc == NONET_EARG, "'%s': %d", c->re, rc);
        CHECKF(col == c->column, "'%s': column %ld, not %ld (%s)", c->re, col, c->column, why);
        CHECKF(strstr(why, c->words) != NULL, "'%s': \"%s\"", c->re, why);
    }
    /* nested too deeply: 300 groups */
    char deep[700];
    int k = 0;
    for (int i = 0; i < 300; i++)
        deep[k++] = '(';
    deep[k++] = '1';
    for (int i = 0; i < 300; i++)
        deep[k++] = ')';
    vdfa d;
    long col;
    char why[200] = "";
    CHECK(vdfa_from_regex(&d, deep, (size_t)k, 9, &col, why, sizeof why) == NONET_EARG);
    CHECKF(col == 201 && strstr(why, "nested too deeply"), "%ld %s", col, why);
    /* quantifiers upon quantifiers nest too */
    k = 0;
    deep[k++] = '1';
    for (int i = 0; i < 250; i++)
        deep[k++] = '?';
    CHECK(vdfa_from_regex(&d, deep, (size_t)k, 9, &col, why, sizeof why) == NONET_EARG);
    CHECKF(strstr(why, "nested too deeply"), "%s", why);
    /* but 100 of them are fine (and the same as one) */
    CHECK(vdfa_from_regex(&d, deep, 101, 9, &col, why, sizeof why) == NONET_OK);
    CHECK(d.nstates == 2);
    vdfa_free(&d);
}

/* Whether re (n digits) accepts the line written as symbols s. */
static int accepts(const char *re, int n, const char *s)
{
    vdfa d;
    long col;
    if (vdfa_from_regex(&d, re, strlen(re), n, &col, NULL, 0) != NONET_OK)
        return -1;
    uint8_t digits[64];
    int len = 0;
    for (; s[len]; len++)
        digits[len] = (uint8_t)t_sym(s[len]);
    int yes = vdfa_accepts(&d, digits, len);
    vdfa_free(&d);
    return yes;
}

static void test_regex_cases(void)
{
    static const struct {
        const char *re, *line;
        int n, yes;
    } cases[] = {
        {"123", "123", 9, 1},
        {"123", "12", 9, 0},
        {"123", "1234", 9, 0},
        {"1.3", "193", 9, 1},
        {"[1-3]+", "3213", 9, 1},
        {"[1-3]+", "", 9, 0},
        {"[1-3]*", "", 9, 1},
        {"[^1-3]*", "4567", 9, 1},
        {"[^1-3]*", "4517", 9, 0},
        {"(12|21){2}", "1221", 9, 1},
        {"(12|21){2}", "122112", 9, 0},
        {"(12|21){2,}", "122112", 9, 1},
        {"1{2,3}", "1", 9, 0},
        {"1{2,3}", "111", 9, 1},
        {"1{2,3}", "1111", 9, 0},
        {"1{0}2", "2", 9, 1},
        {"a[b-G]", "AG", 16, 1},
        {"a[b-G]", "Ab", 16, 1},
        {"a[b-G]", "AA", 16, 0},
        {"1 2\t3", "123", 9, 1},
        {"", "", 9, 1},
        {"", "1", 9, 0},
        {"1|", "", 9, 1},
        {"(1|)2", "2", 9, 1},
        {"()*1", "1", 9, 1},
        {"(1*)*", "111", 9, 1},
        {"[1-4]{4}", "1234", 4, 1},
        {".*9.*", "123456789", 9, 1},
        {".*9.*", "12345678", 9, 0},
        {"[^]]", "1", 9, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECKF(accepts(cases[i].re, cases[i].n, cases[i].line) == cases[i].yes, "'%s' on '%s'",
               cases[i].re, cases[i].line);
    /* minimized: a run of any digits then a 9 is two states */
    vdfa d;
    long col;
    CHECK(vdfa_from_regex(&d, "(.*9)|(.*9)|([1-8]*9)", 21, 9, &col, NULL, 0) == NONET_OK);
    CHECK(d.nstates == 2);
    vdfa_free(&d);
    /* a language with no line: one state, not accepting */
    CHECK(vdfa_from_regex(&d, "1[^1-9]2", 8, 9, &col, NULL, 0) == NONET_OK);
    CHECK(d.nstates == 1 && !d.accept[0]);
    vdfa_free(&d);
}

/* Random expressions against the matcher here, on random lines and on
 * every line of up to 5 digits of 3. */
static void test_regex_random(void)
{
    rng = 39;
    int tried = 0, some = 0, none = 0;
    for (int round = 0; round < 600; round++) {
        int n = round % 3 == 0 ? 3 : round % 3 == 1 ? 5 : 12;
        gen g;
        random_regex(&g, n);
        tre *t = malloc(sizeof *t);
        CHECK(t != NULL);
        if (!t_read(t, g.s, n)) {
            free(t);
            CHECKF(0, "the test's reader refused '%s'", g.s);
        }
        vdfa d;
        long col;
        char why[200] = "";
        int rc = vdfa_from_regex(&d, g.s, strlen(g.s), n, &col, why, sizeof why);
        if (rc != NONET_OK)
            free(t);
        CHECKF(rc == NONET_OK, "'%s': %s (column %ld)", g.s, why, col);
        uint8_t line[12];
        int bad = -1;
        if (n == 3) {
            for (int len = 0, total = 1; len <= 5 && bad < 0; len++, total *= 3)
                for (int code = 0; code < total; code++) {
                    for (int i = 0, x = code; i < len; i++, x /= 3)
                        line[i] = (uint8_t)(1 + x % 3);
                    int want = t_match(t, line, len);
                    some += want;
                    none += !want;
                    if (vdfa_accepts(&d, line, len) != want) {
                        bad = len;
                        break;
                    }
                }
        } else {
            for (int k = 0; k < 200 && bad < 0; k++) {
                int len = below(9);
                for (int i = 0; i < len; i++)
                    line[i] = (uint8_t)(1 + below(n));
                int want = t_match(t, line, len);
                some += want;
                none += !want;
                if (vdfa_accepts(&d, line, len) != want)
                    bad = len;
            }
        }
        vdfa_free(&d);
        free(t);
        CHECKF(bad < 0, "'%s' (n %d): a line of %d digits judged otherwise", g.s, n, bad);
        tried++;
    }
    CHECK(tried == 600 && some > 5000 && none > 5000);
}

/* ------------------------------------------------------------ state functions */

/* The digits sum to a target: the state is the sum so far. */
typedef struct sum_ctx {
    int target;
} sum_ctx;

static int sum_next(void *ctx, int state, int d)
{
    (void)ctx;
    return state + d;
}

static int sum_accepts(void *ctx, int state)
{
    return state == ((sum_ctx *)ctx)->target;
}

/* No two neighbours consecutive, ending in an odd digit: the state is the
 * last digit (0 before the first). */
static int nc_next(void *ctx, int state, int d)
{
    (void)ctx;
    return state && abs(state - d) == 1 ? -1 : d;
}

static int nc_accepts(void *ctx, int state)
{
    (void)ctx;
    return state % 2 == 1;
}

static void test_state_functions(void)
{
    vdfa d;
    char why[200] = "";
    sum_ctx s = {20};
    /* a sum never ends: refused without a horizon, named */
    CHECK(vdfa_from_fn(&d, 9, &zero, 1, sum_next, sum_accepts, &s, 0, why, sizeof why) ==
          NONET_EARG);
    CHECKF(strstr(why, "more than") && strstr(why, "states"), "%s", why);
    /* with one: every sum up to 9 * 5 is a state, those past 20 trimmed */
    CHECK(vdfa_from_fn(&d, 9, &zero, 1, sum_next, sum_accepts, &s, 5, why, sizeof why) == NONET_OK);
    CHECK(d.nstates == 21);
    uint8_t line[8] = {9, 9, 2}, other[8] = {5, 5, 5, 5}, more[8] = {9, 9, 1, 2};
    CHECK(vdfa_accepts(&d, line, 3) && vdfa_accepts(&d, other, 4) && !vdfa_accepts(&d, more, 4));
    vdfa_free(&d);
    CHECK(vdfa_from_fn(&d, 6, &zero, 1, nc_next, nc_accepts, NULL, 0, why, sizeof why) == NONET_OK);
    for (int round = 0; round < 2000; round++) {
        int len = below(7), ok = 1;
        for (int i = 0; i < len; i++) {
            line[i] = (uint8_t)(1 + below(6));
            if (i && abs(line[i] - line[i - 1]) == 1)
                ok = 0;
        }
        ok = ok && len && line[len - 1] % 2 == 1;
        CHECKF(vdfa_accepts(&d, line, len) == ok, "round %d", round);
    }
    /* minimized: the last digit matters only as odd or even near it ... at
     * most the 7 states a function of the last digit can need */
    CHECK(d.nstates <= 7);
    vdfa_free(&d);
}

/* ------------------------------------------------------------ outside clues, by definition */

static int def_xsum(const uint8_t *d, int len, int clue)
{
    int x = d[0], s = 0;
    if (x > len)
        return 0;
    for (int i = 0; i < x; i++)
        s += d[i];
    return s == clue;
}

static int def_sky(const uint8_t *d, int len, int clue)
{
    int seen = 0, top = 0;
    for (int i = 0; i < len; i++)
        if (d[i] > top) {
            top = d[i];
            seen++;
        }
    return seen == clue;
}

static int def_hidden(const uint8_t *d, int len, int clue)
{
    int top = 0;
    for (int i = 0; i < len; i++) {
        if (d[i] <= top)
            return d[i] == clue;
        top = d[i];
    }
    return 0;
}

static int def_room(const uint8_t *d, int len, int clue)
{
    return d[0] <= len && d[d[0] - 1] == clue;
}

static int def_sandwich(const uint8_t *d, int len, int n, int clue)
{
    int a = -1, b = -1, ones = 0, tops = 0, s = 0;
    for (int i = 0; i < len; i++) {
        if (d[i] == 1) {
            a = i;
            ones++;
        }
        if (d[i] == n) {
            b = i;
            tops++;
        }
    }
    if (ones != 1 || tops != 1)
        return 0;
    for (int i = (a < b ? a : b) + 1; i < (a < b ? b : a); i++)
        s += d[i];
    return s == clue;
}

static int def_lunchbox(const uint8_t *d, int len, int clue)
{
    int lo = 99, hi = 0, a = -1, b = -1, los = 0, his = 0, s = 0;
    for (int i = 0; i < len; i++) {
        lo = d[i] < lo ? d[i] : lo;
        hi = d[i] > hi ? d[i] : hi;
    }
    for (int i = 0; i < len; i++) {
        if (d[i] == lo) {
            a = i;
            los++;
        }
        if (d[i] == hi) {
            b = i;
            his++;
        }
    }
    if (los != 1 || his != 1)
        return 0;
    for (int i = (a < b ? a : b) + 1; i < (a < b ? b : a); i++)
        s += d[i];
    return s == clue;
}

static int def_clue(int kind, const uint8_t *d, int len, int n, int clue)
{
    switch (kind) {
    case VCLUE_XSUM:
        return def_xsum(d, len, clue);
    case VCLUE_SKYSCRAPER:
        return def_sky(d, len, clue);
    case VCLUE_HIDDEN:
        return def_hidden(d, len, clue);
    case VCLUE_ROOM:
        return def_room(d, len, clue);
    case VCLUE_SANDWICH:
        return def_sandwich(d, len, n, clue);
    default:
        return def_lunchbox(d, len, clue);
    }
}

/* Each clue's automaton against its definition: every line of n = 4
 * digits of lengths 1 to 5, and random lines (random orders of 1..n, as a
 * row holds, and any digits) of 6 to 9. */
static void test_clues(void)
{
    rng = 77;
    int kinds = VCLUE_LUNCHBOX + 1, yes = 0;
    for (int kind = 0; kind < kinds; kind++)
        for (int n = 4; n <= 9; n++) {
            int most = kind == VCLUE_XSUM || kind == VCLUE_SANDWICH || kind == VCLUE_LUNCHBOX
                           ? n * (n + 1) / 2
                           : n;
            for (int clue = 0; clue <= most; clue++) {
                int len = n == 4 ? 1 + clue % 5 : n;
                vdfa d;
                char why[200] = "";
                int rc = vdfa_clue(&d, kind, n, clue, len, why, sizeof why);
                CHECKF(rc == NONET_OK, "kind %d n %d clue %d: %s", kind, n, clue, why);
                uint8_t line[16];
                int total = 1, bad = -1;
                for (int i = 0; i < len && n == 4; i++)
                    total *= 4;
                for (int k = 0; k < (n == 4 ? total : 400); k++) {
                    if (n == 4) {
                        for (int i = 0, x = k; i < len; i++, x /= 4)
                            line[i] = (uint8_t)(1 + x % 4);
                    } else if (k % 2) {
                        for (int i = 0; i < len; i++)
                            line[i] = (uint8_t)(1 + below(n));
                    } else {
                        for (int i = 0; i < len; i++)
                            line[i] = (uint8_t)(i + 1);
                        for (int i = len - 1; i > 0; i--) {
                            int j = below(i + 1);
                            uint8_t x = line[i];
                            line[i] = line[j];
                            line[j] = x;
                        }
                    }
                    int want = def_clue(kind, line, len, n, clue);
                    yes += want;
                    if (vdfa_accepts(&d, line, len) != want) {
                        bad = k;
                        break;
                    }
                }
                vdfa_free(&d);
                CHECKF(bad < 0, "kind %d n %d clue %d len %d: line %d %d %d %d... judged otherwise",
                       kind, n, clue, len, line[0], line[1], line[2], line[3]);
            }
        }
    CHECK(yes > 10000);
}

/* ------------------------------------------------------------ the propagator, exact */

/* The digits each place of a line of len cells takes in some assignment
 * from cand[] (cells[i] the place's cell, cells may repeat) accepted by
 * ok(); returns how many are accepted. */
typedef int (*line_ok)(const void *ctx, const uint8_t *d, int len);

static long brute(const int *cells, int len, const uint64_t *cand, line_ok ok, const void *ctx,
                  uint64_t *support)
{
    uint8_t d[VARIANT_MAX_LINE], cell_digit[64];
    int pos[VARIANT_MAX_LINE];
    long found = 0;
    for (int i = 0; i < len; i++)
        support[i] = 0;
    /* an odometer over the distinct cells' candidates */
    int distinct[64], nd = 0;
    for (int i = 0; i < len; i++) {
        int seen = 0;
        for (int j = 0; j < nd; j++)
            seen |= distinct[j] == cells[i];
        if (!seen)
            distinct[nd++] = cells[i];
    }
    for (int j = 0; j < nd; j++)
        pos[j] = 0;
    for (;;) {
        int valid = 1;
        for (int j = 0; j < nd && valid; j++) {
            uint64_t c = cand[distinct[j]];
            int k = pos[j];
            uint64_t x = c;
            for (int t = 0; t < k && x; t++)
                x &= x - 1;
            if (!x) {
                valid = 0;
                break;
            }
            cell_digit[distinct[j]] = (uint8_t)(__builtin_ctzll(x) + 1);
        }
        if (!valid)
            break;
        for (int i = 0; i < len; i++)
            d[i] = cell_digit[cells[i]];
        if (ok(ctx, d, len)) {
            found++;
            for (int i = 0; i < len; i++)
                support[i] |= (uint64_t)1 << (d[i] - 1);
        }
        int j = 0;
        for (; j < nd; j++) {
            if (++pos[j] < __builtin_popcountll(cand[distinct[j]]))
                break;
            pos[j] = 0;
        }
        if (j == nd)
            break;
    }
    return found;
}

static int re_ok(const void *ctx, const uint8_t *d, int len)
{
    return t_match(ctx, d, len);
}

/* Runs l over cells with cand (a copy) in each form it has: one word a
 * layer (when narrow) and lists (forced on a narrow line too); each must
 * give want (support of each place; all zero: -1 wanted) and report the
 * changed cells once. Returns 0 or a form that disagreed + 1. */
static int run_forms(vline *l, const int *cells, const uint64_t *cand, int ncells,
                     const uint64_t *support, long found, int exact)
{
    int saved_wide = l->wide;
    for (int form = 0; form < 2; form++) {
        if (form == 0 && saved_wide != 1)
            continue;
        l->wide = form == 0 ? 1 : saved_wide > 1 ? saved_wide : 2;
        uint64_t *sets = calloc(vline_sets(l), sizeof *sets);
        int *lists = malloc(vline_lists(l) * sizeof *lists);
        uint64_t mine[64], again[64];
        int changed[64];
        memcpy(mine, cand, (size_t)ncells * sizeof *mine);
        int k = vline_run(l, cells, mine, changed, sets, lists);
        /* and a second run on the same scratch: it must leave it clean */
        memcpy(again, cand, (size_t)ncells * sizeof *again);
        int k2 = vline_run(l, cells, again, changed + 32, sets, lists);
        free(sets);
        free(lists);
        int bad = k != k2 || memcmp(mine, again, (size_t)ncells * sizeof *mine) != 0;
        if (!found) {
            bad |= k != -1 && exact;
        } else if (k < 0) {
            bad = 1;
        } else {
            int count = 0;
            for (int c = 0; c < ncells; c++) {
                int listed = 0;
                for (int j = 0; j < k; j++)
                    listed += changed[j] == c;
                count += mine[c] != cand[c];
                bad |= listed != (mine[c] != cand[c]);
            }
            bad |= count != k;
            for (int i = 0; l->len > i; i++) {
                uint64_t got = mine[cells[i]];
                bad |= exact ? got != support[i] : (support[i] & ~got) != 0;
            }
        }
        l->wide = saved_wide;
        if (bad)
            return form + 1;
    }
    return 0;
}

/* Random expressions over random lines with random candidates (the line
 * built from random supersets of them, or every digit): each form of the
 * run against every assignment the matcher here accepts. */
static void test_line_exact(void)
{
    rng = 1234;
    int rounds = 0, empty = 0, narrowed = 0;
    for (int round = 0; round < 1500; round++) {
        int n = round % 2 ? 4 : 5, len = 1 + below(round % 2 ? 7 : 6);
        gen g;
        random_regex(&g, n);
        tre *t = malloc(sizeof *t);
        CHECK(t && t_read(t, g.s, n));
        vdfa d;
        long col;
        if (vdfa_from_regex(&d, g.s, strlen(g.s), n, &col, NULL, 0) != NONET_OK) {
            free(t);
            CHECK(0);
        }
        int cells[VARIANT_MAX_LINE];
        uint64_t cand[64], masks[VARIANT_MAX_LINE], support[VARIANT_MAX_LINE];
        /* most rounds about a line the expression takes, when one is
         * found soon: its digits among the candidates */
        uint8_t seed[8];
        int seeded = 0;
        for (int k = 0; k < 40 && !seeded && round % 4; k++) {
            int m = 1 + below(7);
            for (int i = 0; i < m; i++)
                seed[i] = (uint8_t)(1 + below(n));
            if (t_match(t, seed, m)) {
                seeded = 1;
                len = m;
            }
        }
        for (int i = 0; i < len; i++) {
            cells[i] = i;
            do
                cand[i] = rnd() & rnd() & (((uint64_t)1 << n) - 1);
            while (!cand[i] && !seeded);
            if (seeded)
                cand[i] |= (uint64_t)1 << (seed[i] - 1);
            if (below(4) == 0)
                cand[i] |= cand[i] << 1 & (((uint64_t)1 << n) - 1);
            masks[i] = cand[i] | (rnd() & (((uint64_t)1 << n) - 1));
        }
        vline l;
        char why[200];
        int rc = vline_build(&l, &d, len, round % 3 ? masks : NULL, 0, why, sizeof why);
        vdfa_free(&d);
        if (rc != NONET_OK)
            free(t);
        CHECK(rc == NONET_OK);
        long found = brute(cells, len, cand, re_ok, t, support);
        int form = run_forms(&l, cells, cand, len, support, found, 1);
        vline_free(&l);
        free(t);
        CHECKF(form == 0, "round %d: '%s' over %d cells: form %d disagrees with every assignment",
               round, g.s, len, form - 1);
        rounds++;
        empty += found == 0;
        for (int i = 0; i < len && found; i++)
            if (support[i] != cand[i]) {
                narrowed++;
                break;
            }
    }
    CHECKF(rounds == 1500 && empty > 100 && narrowed > 300, "%d %d %d", rounds, empty, narrowed);
}

/* The matcher here, and the digits all different. */
static int re_distinct_ok(const void *ctx, const uint8_t *d, int len)
{
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len; j++)
            if (d[i] == d[j])
                return 0;
    return t_match(ctx, d, len);
}

static int clue_distinct_ok(const void *ctx, const uint8_t *d, int len);

/* Lines whose digits all differ too (a row's, a cage's): built with the
 * digits used, exact for both rules, against every assignment; random
 * expressions over 5 and 6 digits, and the clues over rows of 6 and 7. */
static void test_line_distinct(void)
{
    rng = 555;
    int narrowed = 0, empty = 0;
    for (int round = 0; round < 1200; round++) {
        int clue = round % 2, n = clue ? 6 + round / 2 % 2 : 5 + round / 2 % 2;
        int len = clue ? n : 1 + below(n);
        gen g;
        tre *t = NULL;
        vdfa d;
        long col;
        int ctx[3] = {round / 4 % (VCLUE_LUNCHBOX + 1), n, 0};
        if (clue) {
            int most = ctx[0] == VCLUE_XSUM || ctx[0] == VCLUE_SANDWICH || ctx[0] == VCLUE_LUNCHBOX
                           ? n * (n - 1) / 2
                           : n;
            ctx[2] = below(most + 1);
            CHECK(vdfa_clue(&d, ctx[0], n, ctx[2], len, NULL, 0) == NONET_OK);
        } else {
            random_regex(&g, n);
            t = malloc(sizeof *t);
            CHECK(t && t_read(t, g.s, n));
            CHECK(vdfa_from_regex(&d, g.s, strlen(g.s), n, &col, NULL, 0) == NONET_OK);
        }
        int cells[VARIANT_MAX_LINE];
        uint64_t cand[64], support[VARIANT_MAX_LINE];
        /* most rounds about a line of different digits that the rule takes,
         * when one is found soon: its digits among the candidates */
        uint8_t seed[16];
        int seeded = 0;
        for (int k = 0; k < 60 && !seeded && round % 8; k++) {
            for (int i = 0; i < n; i++)
                seed[i] = (uint8_t)(i + 1);
            for (int i = n - 1; i > 0; i--) {
                int j = below(i + 1);
                uint8_t x = seed[i];
                seed[i] = seed[j];
                seed[j] = x;
            }
            seeded = clue ? clue_distinct_ok(ctx, seed, len) : t_match(t, seed, len);
        }
        for (int i = 0; i < len; i++) {
            cells[i] = i;
            do
                cand[i] = rnd() & rnd() & (((uint64_t)1 << n) - 1);
            while (!cand[i] && !seeded);
            if (seeded)
                cand[i] |= (uint64_t)1 << (seed[i] - 1);
        }
        vline l;
        int rc = vline_build(&l, &d, len, NULL, 1, NULL, 0);
        vdfa_free(&d);
        if (rc != NONET_OK)
            free(t);
        CHECK(rc == NONET_OK);
        long found = clue ? brute(cells, len, cand, clue_distinct_ok, ctx, support)
                          : brute(cells, len, cand, re_distinct_ok, t, support);
        int form = run_forms(&l, cells, cand, len, support, found, 1);
        vline_free(&l);
        free(t);
        CHECKF(form == 0, "round %d: %s over %d different digits: form %d", round,
               clue ? "a clue" : g.s, len, form - 1);
        empty += !found;
        for (int i = 0; i < len && found; i++)
            narrowed += support[i] != cand[i];
    }
    CHECKF(empty > 100 && narrowed > 1000, "%d %d", empty, narrowed);
}

/* A cell twice on a line: sound (no digit of an accepted assignment
 * goes, -1 only when none is left). */
static void test_line_repeats(void)
{
    rng = 99;
    for (int round = 0; round < 600; round++) {
        int n = 4, len = 2 + below(6);
        gen g;
        random_regex(&g, n);
        tre *t = malloc(sizeof *t);
        CHECK(t && t_read(t, g.s, n));
        vdfa d;
        long col;
        CHECK(vdfa_from_regex(&d, g.s, strlen(g.s), n, &col, NULL, 0) == NONET_OK);
        int cells[VARIANT_MAX_LINE];
        uint64_t cand[64], support[VARIANT_MAX_LINE];
        for (int i = 0; i < len; i++) {
            cells[i] = below(len - 1);
            cand[i] = 0;
        }
        for (int i = 0; i < len; i++)
            do
                cand[i] = rnd() & 15;
            while (!cand[i]);
        vline l;
        CHECK(vline_build(&l, &d, len, NULL, 0, NULL, 0) == NONET_OK);
        vdfa_free(&d);
        long found = brute(cells, len, cand, re_ok, t, support);
        /* the support as each cell (the union over its places) */
        uint64_t per_cell[64] = {0};
        for (int i = 0; i < len; i++)
            per_cell[cells[i]] |= support[i];
        for (int i = 0; i < len; i++)
            support[i] = per_cell[cells[i]];
        int form = run_forms(&l, cells, cand, len, support, found, 0);
        vline_free(&l);
        free(t);
        CHECKF(form == 0, "round %d: '%s': form %d lost a digit of an accepted line", round, g.s,
               form - 1);
    }
}

/* The digits sum to a target and no two neighbours are the same: the
 * state is the sum so far times 16 plus the last digit. */
static int sum_apart_next(void *ctx, int state, int d)
{
    (void)ctx;
    return state % 16 == d ? -1 : (state / 16 + d) * 16 + d;
}

static int sum_apart_accepts(void *ctx, int state)
{
    return state / 16 == ((sum_ctx *)ctx)->target;
}

static int sum_apart_ok(const void *ctx, const uint8_t *d, int len)
{
    int s = 0;
    for (int i = 0; i < len; i++) {
        s += d[i];
        if (i && d[i] == d[i - 1])
            return 0;
    }
    return s == ((const sum_ctx *)ctx)->target;
}

/* Layers wider than a word: sums of 9 digits with no neighbours the same
 * (a few hundred states a layer), against every assignment of a few
 * candidates a cell. */
static void test_line_wide(void)
{
    rng = 4321;
    int wide = 0;
    for (int round = 0; round < 200; round++) {
        int n = 9, len = 6 + below(4);
        sum_ctx s = {len * 5 - 6 + below(13)};
        vdfa d;
        CHECK(vdfa_from_fn(&d, n, &zero, 1, sum_apart_next, sum_apart_accepts, &s, len, NULL, 0) ==
              NONET_OK);
        int cells[VARIANT_MAX_LINE];
        uint64_t cand[64], support[VARIANT_MAX_LINE];
        for (int i = 0; i < len; i++) {
            cells[len - 1 - i] = i; /* cells in any order */
            cand[i] = 0;
            for (int k = 0, want = 1 + below(3); k < want; k++)
                cand[i] |= (uint64_t)1 << below(n);
        }
        vline l;
        CHECK(vline_build(&l, &d, len, NULL, 0, NULL, 0) == NONET_OK);
        vdfa_free(&d);
        wide += l.wide > 1;
        long found = brute(cells, len, cand, sum_apart_ok, &s, support);
        int form = run_forms(&l, cells, cand, len, support, found, 1);
        vline_free(&l);
        CHECKF(form == 0, "round %d: a sum of %d over %d cells: form %d", round, s.target, len,
               form - 1);
    }
    CHECKF(wide > 150, "%d", wide);
}

typedef struct clue_line {
    int kind, n, clue;
} clue_line;

static int clue_ok(const void *ctx, const uint8_t *d, int len)
{
    const clue_line *c = ctx;
    return def_clue(c->kind, d, len, c->n, c->clue);
}

/* A clue (ctx: kind, n, clue) and the digits all different. */
static int clue_distinct_ok(const void *ctx, const uint8_t *d, int len)
{
    const int *c = ctx;
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len; j++)
            if (d[i] == d[j])
                return 0;
    return def_clue(c[0], d, len, c[1], c[2]);
}

/* The clues over a row of 6 and 7 with random candidates, exactly. */
static void test_line_clues(void)
{
    rng = 6;
    int narrowed = 0;
    for (int round = 0; round < 600; round++) {
        int kind = round % (VCLUE_LUNCHBOX + 1), n = 6 + round % 2, len = n;
        int most = kind == VCLUE_XSUM || kind == VCLUE_SANDWICH || kind == VCLUE_LUNCHBOX
                       ? n * (n - 1) / 2
                       : n;
        clue_line c = {kind, n, below(most + 1)};
        vdfa d;
        char why[200] = "";
        CHECKF(vdfa_clue(&d, kind, n, c.clue, len, why, sizeof why) == NONET_OK, "%s", why);
        int cells[VARIANT_MAX_LINE];
        uint64_t cand[64], support[VARIANT_MAX_LINE];
        for (int i = 0; i < len; i++) {
            cells[i] = i;
            do
                cand[i] = rnd() & (((uint64_t)1 << n) - 1) & rnd();
            while (!cand[i]);
        }
        vline l;
        CHECK(vline_build(&l, &d, len, NULL, 0, NULL, 0) == NONET_OK);
        vdfa_free(&d);
        long found = brute(cells, len, cand, clue_ok, &c, support);
        int form = run_forms(&l, cells, cand, len, support, found, 1);
        vline_free(&l);
        CHECKF(form == 0, "round %d: clue kind %d = %d: form %d", round, kind, c.clue, form - 1);
        for (int i = 0; i < len && found; i++)
            narrowed += support[i] != cand[i];
    }
    CHECKF(narrowed > 250, "%d", narrowed);
}

/* Lines of different shapes sharing one work space, as a model's do (the
 * largest sets and lists of them), run in turns on random candidates:
 * each run as a run alone on its own space. */
static void test_line_shared(void)
{
    rng = 808;
    enum { LINES = 6 };
    for (int round = 0; round < 60; round++) {
        vline l[LINES];
        size_t words = 1, ints = 1;
        int n = 6 + round % 4;
        for (int k = 0; k < LINES; k++) {
            vdfa d;
            int kind = below(VCLUE_LUNCHBOX + 1), most = n * (n - 1) / 2;
            CHECK(vdfa_clue(
                      &d, kind, n,
                      below(kind == VCLUE_SKYSCRAPER || kind == VCLUE_HIDDEN || kind == VCLUE_ROOM
                                ? n + 1
                                : most + 1),
                      n, NULL, 0) == NONET_OK);
            int rc = vline_build(&l[k], &d, n, NULL, below(2), NULL, 0);
            if (rc == NONET_EARG) /* too large with the digits used: as a model does */
                rc = vline_build(&l[k], &d, n, NULL, 0, NULL, 0);
            CHECK(rc == NONET_OK);
            vdfa_free(&d);
            words = vline_sets(&l[k]) > words ? vline_sets(&l[k]) : words;
            ints = vline_lists(&l[k]) > ints ? vline_lists(&l[k]) : ints;
        }
        /* (room to spare past the sets: a run must not need it) */
        uint64_t *sets = calloc(words + ints, sizeof *sets), *own = calloc(words, sizeof *own);
        int *lists = malloc(ints * sizeof *lists), *own_lists = malloc(ints * sizeof *lists);
        int bad = -1, cells[16];
        for (int i = 0; i < n; i++)
            cells[i] = i;
        for (int run = 0; run < 200 && bad < 0; run++) {
            int k = below(LINES);
            uint64_t a[16], b[16];
            int ca[16], cb[16];
            for (int i = 0; i < n; i++) {
                do
                    a[i] = rnd() & (((uint64_t)1 << n) - 1);
                while (!a[i]);
                b[i] = a[i];
            }
            memset(own, 0, words * sizeof *own);
            int x = vline_run(&l[k], cells, a, ca, sets, lists);
            int y = vline_run(&l[k], cells, b, cb, own, own_lists);
            if (x != y || memcmp(a, b, (size_t)n * sizeof *a) ||
                (x > 0 && memcmp(ca, cb, (size_t)x * sizeof *ca)))
                bad = run;
        }
        for (size_t w = 0; w < words + ints && bad < 0; w++)
            if (sets[w])
                bad = 1000; /* left dirty */
        for (int k = 0; k < LINES; k++)
            vline_free(&l[k]);
        free(sets);
        free(own);
        free(lists);
        free(own_lists);
        CHECKF(bad < 0, "round %d: run %d differs on the shared space", round, bad);
    }
}

/* ------------------------------------------------------------ the check */

static void test_broken(void)
{
    rng = 5;
    for (int round = 0; round < 800; round++) {
        int n = 4, len = 1 + below(6);
        gen g;
        random_regex(&g, n);
        tre *t = malloc(sizeof *t);
        CHECK(t && t_read(t, g.s, n));
        vdfa d;
        long col;
        CHECK(vdfa_from_regex(&d, g.s, strlen(g.s), n, &col, NULL, 0) == NONET_OK);
        uint8_t grid[16];
        int cells[16];
        uint64_t cand[16], support[16];
        for (int i = 0; i < len; i++) {
            cells[i] = i;
            grid[i] = (uint8_t)(below(3) ? 1 + below(n) : 0);
            cand[i] = grid[i] ? (uint64_t)1 << (grid[i] - 1) : 15;
        }
        int at = vdfa_broken(&d, grid, cells, len);
        long found = brute(cells, len, cand, re_ok, t, support);
        int ok = (found > 0) == (at == -1);
        /* where: cells 0 .. at begin no accepted line of len cells, while
         * cells 0 .. at-1 still do (the rest blank) */
        if (ok && at >= 0) {
            for (int i = 0; i < len; i++)
                cand[i] = i <= at && grid[i] ? (uint64_t)1 << (grid[i] - 1) : 15;
            ok = brute(cells, len, cand, re_ok, t, support) == 0;
            if (at > 0) {
                cand[at] = 15;
                ok = ok && brute(cells, len, cand, re_ok, t, support) > 0;
            }
        }
        vdfa_free(&d);
        free(t);
        CHECKF(ok, "round %d: '%s': broken at %d, %ld lines", round, g.s, at, found);
    }
}

/* ------------------------------------------------------------ the rules, whole puzzles */

/* A rule over a line automaton as this test knows it: its type, value,
 * cells (a row or column from the clue's side for an outside clue), and
 * for regex its expression and the tree read here. */
typedef struct trule {
    nonet_constraint_type type;
    int value, ncells, cells[16];
    char text[512];
    tre *t;
} trule;

static int clue_kind(nonet_constraint_type type)
{
    return type == NONET_CON_XSUM                ? VCLUE_XSUM
           : type == NONET_CON_SKYSCRAPER        ? VCLUE_SKYSCRAPER
           : type == NONET_CON_HIDDEN_SKYSCRAPER ? VCLUE_HIDDEN
           : type == NONET_CON_NUMBERED_ROOM     ? VCLUE_ROOM
                                                 : VCLUE_LUNCHBOX;
}

/* Whether the digits g keep rule k, by the rules' definitions here. */
static int rule_keeps(const trule *k, const uint8_t *g, int n)
{
    uint8_t d[16];
    for (int i = 0; i < k->ncells; i++)
        d[i] = g[k->cells[i]];
    if (k->type == NONET_CON_REGEX)
        return t_match(k->t, d, k->ncells);
    if (k->type == NONET_CON_LUNCHBOX)
        for (int i = 0; i < k->ncells; i++)
            for (int j = i + 1; j < k->ncells; j++)
                if (d[i] == d[j])
                    return 0;
    return def_clue(clue_kind(k->type), d, k->ncells, n, k->value);
}

/* A random rule for an n x n grid; sol (when not NULL) a solution whose
 * digits most values are taken from, so that some puzzles have answers. */
static void random_rule(trule *k, int n, const uint8_t *sol)
{
    static const nonet_constraint_type types[] = {NONET_CON_REGEX,
                                                  NONET_CON_REGEX,
                                                  NONET_CON_XSUM,
                                                  NONET_CON_SKYSCRAPER,
                                                  NONET_CON_HIDDEN_SKYSCRAPER,
                                                  NONET_CON_NUMBERED_ROOM,
                                                  NONET_CON_LUNCHBOX};
    memset(k, 0, sizeof *k);
    k->type = types[below(7)];
    if (k->type == NONET_CON_REGEX || k->type == NONET_CON_LUNCHBOX) {
        k->ncells = 2 + below(k->type == NONET_CON_REGEX ? 5 : n - 1);
        for (int i = 0; i < k->ncells; i++) {
            int again;
            do { /* any cells; a regex line may come back to one (not at once) */
                k->cells[i] = below(n * n);
                again = i && k->cells[i] == k->cells[i - 1];
                for (int j = 0; j < i && k->type == NONET_CON_LUNCHBOX; j++)
                    again |= k->cells[j] == k->cells[i];
                if (k->type == NONET_CON_REGEX && below(8) && !again)
                    for (int j = 0; j < i; j++)
                        again |= k->cells[j] == k->cells[i];
            } while (again);
        }
    } else {
        int line = below(n), col = below(2), back = below(2);
        k->ncells = n;
        for (int i = 0; i < n; i++) {
            int j = back ? n - 1 - i : i;
            k->cells[i] = col ? j * n + line : line * n + j;
        }
    }
    if (k->type == NONET_CON_REGEX) {
        /* (an empty text is no rule: refused); most rounds one the
         * solution's line matches, when one comes soon */
        gen g;
        uint8_t d[16];
        for (int i = 0; sol && i < k->ncells; i++)
            d[i] = sol[k->cells[i]];
        tre *t = malloc(sizeof *t);
        for (int tries = 0; tries < 80; tries++) {
            do
                random_regex(&g, n);
            while (!g.s[0]);
            if (!sol || !t || below(4) == 0 || (t_read(t, g.s, n) && t_match(t, d, k->ncells)))
                break;
        }
        free(t);
        snprintf(k->text, sizeof k->text, "%s", g.s);
        return;
    }
    /* the value: the solution's most rounds, else near it */
    uint8_t d[16];
    int want = -1;
    for (int i = 0; sol && i < k->ncells; i++)
        d[i] = sol[k->cells[i]];
    for (int v = 0; sol && v <= n * n && want < 0; v++)
        if (def_clue(clue_kind(k->type), d, k->ncells, n, v))
            want = v;
    int lo = k->type == NONET_CON_LUNCHBOX ? 0 : 1, hi = n;
    if (k->type == NONET_CON_XSUM)
        hi = n * (n + 1) / 2;
    if (k->type == NONET_CON_LUNCHBOX) { /* the most between: the next largest digits */
        hi = 0;
        for (int i = 0; i < k->ncells - 2; i++)
            hi += n - 1 - i;
    }
    k->value = want >= 0 && below(3) ? want : lo + below(hi - lo + 1);
}

static nonet_variant *rules_variant(int br, int bc, const uint8_t *givens, trule *k, int nk)
{
    nonet_grid g;
    int n = br * bc;
    nonet_grid_init(&g, br, bc);
    for (int c = 0; c < n * n; c++)
        g.cells[c] = givens ? givens[c] : 0;
    nonet_variant *v = nonet_variant_new(&g);
    for (int i = 0; v && i < nk; i++) {
        nonet_constraint c = {k[i].type,
                              k[i].value,
                              k[i].ncells,
                              k[i].cells,
                              0,
                              NULL,
                              k[i].type == NONET_CON_REGEX ? k[i].text : NULL};
        char why[200];
        if (nonet_variant_add(v, &c, why, sizeof why) != NONET_OK) {
            nonet_variant_free(v);
            return NULL;
        }
    }
    return v;
}

/* Every grid of boxes br x bc that keeps givens and the rules, counted by
 * a plain search written here; their digits into cands. */
typedef struct enumerate {
    int n, br, bc, nk;
    const trule *k;
    uint64_t count, cands[36];
} enumerate;

static void grids(enumerate *e, uint8_t *g, int c)
{
    int n = e->n;
    if (c == n * n) {
        for (int i = 0; i < e->nk; i++)
            if (!rule_keeps(&e->k[i], g, n))
                return;
        e->count++;
        for (int x = 0; x < n * n; x++)
            e->cands[x] |= (uint64_t)1 << (g[x] - 1);
        return;
    }
    if (g[c]) {
        grids(e, g, c + 1);
        return;
    }
    int r = c / n, col = c % n;
    for (int d = 1; d <= n; d++) {
        int ok = 1;
        for (int o = 0; o < n * n && ok; o++) {
            int orow = o / n, ocol = o % n;
            ok = !(g[o] == d && (orow == r || ocol == col ||
                                 (orow / e->br == r / e->br && ocol / e->bc == col / e->bc)));
        }
        if (!ok)
            continue;
        g[c] = (uint8_t)d;
        grids(e, g, c + 1);
        g[c] = 0;
    }
}

static void free_rules(trule *k, int nk)
{
    for (int i = 0; i < nk; i++)
        free(k[i].t);
}

/* Reads each regex rule's expression with the matcher here. */
static int read_rules(trule *k, int nk, int n)
{
    for (int i = 0; i < nk; i++) {
        k[i].t = NULL;
        if (k[i].type != NONET_CON_REGEX)
            continue;
        k[i].t = malloc(sizeof *k[i].t);
        if (!k[i].t || !t_read(k[i].t, k[i].text, n))
            return 0;
    }
    return 1;
}

/* 4x4: the count and the true candidates of random sets of the rules
 * against every grid enumerated here. */
static void test_rules_4x4(void)
{
    rng = 44;
    int sets = 0, nonzero = 0;
    for (int round = 0; round < 300; round++) {
        trule k[3];
        int nk = 1 + below(3);
        for (int i = 0; i < nk; i++)
            random_rule(&k[i], 4, NULL);
        nonet_variant *v = rules_variant(2, 2, NULL, k, nk);
        if (!v || !read_rules(k, nk, 4)) {
            nonet_variant_free(v);
            free_rules(k, nk);
            CHECKF(0, "round %d: a rule refused", round);
        }
        enumerate e = {4, 2, 2, nk, k, 0, {0}};
        uint8_t g[16] = {0};
        grids(&e, g, 0);
        uint64_t count = 0, cands[16], sols = 0;
        int rc = nonet_variant_count(v, 0, &count, NULL, NULL, NULL);
        int rc2 = nonet_variant_candidates(v, 0, cands, &sols, NULL, NULL);
        nonet_variant_free(v);
        free_rules(k, nk);
        CHECK(rc == NONET_OK && rc2 == NONET_OK);
        CHECKF(count == e.count, "round %d: engine %llu, enumerated %llu", round,
               (unsigned long long)count, (unsigned long long)e.count);
        for (int c = 0; c < 16 && count; c++)
            CHECKF(cands[c] == e.cands[c], "round %d: cell %d's true candidates", round, c);
        sets++;
        nonzero += count > 0;
    }
    CHECKF(sets == 300 && nonzero > 60, "%d %d", sets, nonzero);
}

/* A random complete 6x6 grid (2x3 boxes). */
static int random_grid6(uint8_t *g, int c)
{
    if (c == 36)
        return 1;
    int order[6] = {1, 2, 3, 4, 5, 6};
    for (int i = 5; i > 0; i--) {
        int j = below(i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    for (int i = 0; i < 6; i++) {
        int d = order[i], ok = 1;
        for (int o = 0; o < c && ok; o++)
            ok = !(g[o] == d && (o / 6 == c / 6 || o % 6 == c % 6 ||
                                 (o / 12 == c / 12 && o % 6 / 3 == c % 6 / 3)));
        if (!ok)
            continue;
        g[c] = (uint8_t)d;
        if (random_grid6(g, c + 1))
            return 1;
        g[c] = 0;
    }
    return 0;
}

/* 6x6 with a third of a random grid given: the count against the grids
 * enumerated here; and the check of a filled grid (nonet_variant_check)
 * against the definitions here. */
static void test_rules_6x6(void)
{
    rng = 66;
    int nonzero = 0;
    for (int round = 0; round < 100; round++) {
        uint8_t sol[36] = {0}, givens[36];
        CHECK(random_grid6(sol, 0));
        for (int c = 0; c < 36; c++)
            givens[c] = below(3) == 0 ? sol[c] : 0;
        trule k[4];
        int nk = 1 + below(4);
        for (int i = 0; i < nk; i++)
            random_rule(&k[i], 6, sol);
        nonet_variant *v = rules_variant(2, 3, givens, k, nk);
        if (!v || !read_rules(k, nk, 6)) {
            nonet_variant_free(v);
            free_rules(k, nk);
            CHECKF(0, "round %d: a rule refused", round);
        }
        enumerate e = {6, 2, 3, nk, k, 0, {0}};
        uint8_t g[36];
        memcpy(g, givens, sizeof g);
        grids(&e, g, 0);
        uint64_t count = 0;
        int rc = nonet_variant_count(v, 0, &count, NULL, NULL, NULL);
        /* the check: sol, and sol with two digits of a row swapped */
        nonet_grid filled;
        nonet_grid_init(&filled, 2, 3);
        memcpy(filled.cells, sol, sizeof sol);
        int keeps = 1;
        for (int i = 0; i < nk; i++)
            keeps &= rule_keeps(&k[i], sol, 6);
        int checked = nonet_variant_check(v, &filled, NULL, 0);
        nonet_variant_free(v);
        free_rules(k, nk);
        CHECK(rc == NONET_OK);
        CHECKF(count == e.count, "round %d: engine %llu, enumerated %llu", round,
               (unsigned long long)count, (unsigned long long)e.count);
        CHECKF(keeps ? checked == NONET_OK || checked == NONET_ECLUE : checked == NONET_EARG,
               "round %d: the check says %d of a grid that %s the rules", round, checked,
               keeps ? "keeps" : "breaks");
        nonzero += count > 0;
    }
    CHECKF(nonzero > 20, "%d of 100", nonzero);
}

/* The library's words for rules it refuses. */
static void test_rules_refused(void)
{
    static const struct {
        nonet_constraint_type type;
        int value, ncells;
        const char *text, *words;
    } cases[] = {
        {NONET_CON_REGEX, 0, 3, "(12", "regex: its expression, column 4: the expression ends"},
        {NONET_CON_REGEX, 0, 3, "12[", "regex: its expression, column 4:"},
        {NONET_CON_REGEX, 0, 3, ".*1.................",
         "regex: the expression's automaton has more"},
        {NONET_CON_REGEX, 0, 3, NULL, "regex needs its text"},
        {NONET_CON_XSUM, 0, -9, NULL, "xsum: 0 is out of range (1 to 45)"},
        {NONET_CON_SKYSCRAPER, 10, -9, NULL, "skyscraper: 10 is out of range (1 to 9)"},
        {NONET_CON_NUMBERED_ROOM, 3, 3, NULL, "numberedroom"},
        {NONET_CON_LUNCHBOX, 3, 10, NULL, "lunchbox"},
    };
    nonet_grid g;
    nonet_grid_init(&g, 3, 3);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nonet_variant *v = nonet_variant_new(&g);
        int cells[10];
        int len = cases[i].ncells < 0 ? -cases[i].ncells : cases[i].ncells;
        for (int j = 0; j < len; j++)
            cells[j] = j;
        nonet_constraint c = {cases[i].type, cases[i].value, len, cells, 0, NULL, cases[i].text};
        char why[200] = "";
        int rc = nonet_variant_add(v, &c, why, sizeof why);
        nonet_variant_free(v);
        CHECKF(rc == NONET_EARG && strstr(why, cases[i].words), "case %zu: %d '%s'", i, rc, why);
    }
}

/* ------------------------------------------------------------ limits */

static void test_limits(void)
{
    vdfa d;
    long col = -1;
    char why[200] = "";
    /* the classic blow-up: a 1 eighteen digits from the end */
    const char *re = ".*1.................";
    int rc = vdfa_from_regex(&d, re, strlen(re), 9, &col, why, sizeof why);
    CHECKF(rc == NONET_EARG && col == 0 && strstr(why, "states"), "%d %ld %s", rc, col, why);
    /* an NFA past its bound */
    re = "(((.{1000}){1000}){1000})";
    rc = vdfa_from_regex(&d, re, strlen(re), 9, &col, why, sizeof why);
    CHECKF(rc == NONET_EARG && col == 0 && strstr(why, "too large"), "%d %ld %s", rc, col, why);
    /* long expressions */
    char *big = malloc(5000);
    CHECK(big);
    memset(big, '1', 5000);
    rc = vdfa_from_regex(&d, big, 5000, 9, &col, why, sizeof why);
    free(big);
    CHECKF(rc == NONET_EARG && strstr(why, "longer than"), "%s", why);
    /* a line whose layers would pass VLINE_MAX_TRANS: a sum over 64
     * digits of a 64-sided grid on 128 cells */
    sum_ctx s = {4000};
    CHECK(vdfa_from_fn(&d, 64, &zero, 1, sum_next, sum_accepts, &s, 0, why, sizeof why) ==
          NONET_EARG);
    s.target = 60 * 64;
    CHECK(vdfa_from_fn(&d, 64, &zero, 1, sum_next, sum_accepts, &s, 62, why, sizeof why) ==
          NONET_OK);
    vline l;
    rc = vline_build(&l, &d, 62, NULL, 0, why, sizeof why);
    vdfa_free(&d);
    CHECKF(rc == NONET_EARG && strstr(why, "more than"), "%d %s", rc, why);
}

void suite_automaton(void)
{
    RUN(test_regex_errors);
    RUN(test_regex_cases);
    RUN(test_regex_random);
    RUN(test_state_functions);
    RUN(test_clues);
    RUN(test_line_exact);
    RUN(test_line_distinct);
    RUN(test_line_repeats);
    RUN(test_line_wide);
    RUN(test_line_clues);
    RUN(test_line_shared);
    RUN(test_broken);
    RUN(test_rules_4x4);
    RUN(test_rules_6x6);
    RUN(test_rules_refused);
    RUN(test_limits);
}
