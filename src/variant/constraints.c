/* constraints.c - every constraint type: its name, what it takes, how it
 * compiles into the engine's primitives (variant.h) and how a filled grid
 * is checked against it. A new type is an entry of the table, a case in
 * vcon_compile and one in vcon_broken. */
#include "variant/variant.h"

#include <stdlib.h>

/* A cell listed twice: a set's is kept once, a whisper may come back to a
 * cell (a loop: its rule holds between neighbours), and the rest refuse
 * it (a thermometer's digits increase along it; a little killer's
 * diagonal counts each cell once; a mark, a sandwich or a global rule has
 * its own shape). Which cells touch: the shape column (-3: each the
 * next's king's-move neighbour, as the rule is between neighbours; 0:
 * any cells, a set whose rule does not depend on their order or place). */
#define THERMO_ONCE "its digits increase along it, so a thermometer cannot come back to a cell"
#define LITTLE_ONCE "a little killer sums the cells of its diagonal, each once"

static const vtype types[] = {
    /* type, name, cells, value_min, value_max, repeat, once */
    {NONET_CON_DIAGONAL_MAIN, "diagonal-", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_DIAGONAL_ANTI, "diagonal+", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_WINDOKU, "windoku", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_DISJOINT, "disjoint", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_HOUSE, "region", 0, 0, 0, VREPEAT_DROP, NULL},
    {NONET_CON_ANTI_KNIGHT, "antiknight", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_ANTI_KING, "antiking", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_NONCONSECUTIVE, "nonconsecutive", -1, 0, 0, VREPEAT_REFUSE, NULL},
    {NONET_CON_DIFFERENCE, "difference", 2, 1, NONET_MAX_SIDE, VREPEAT_REFUSE, NULL},
    {NONET_CON_RATIO, "ratio", 2, 2, NONET_MAX_SIDE, VREPEAT_REFUSE, NULL},
    {NONET_CON_SUM, "sum", 2, 3, 2 * NONET_MAX_SIDE, VREPEAT_REFUSE, NULL},
    {NONET_CON_NOT_DIFFERENCE, "negative difference", -1, 1, NONET_MAX_SIDE, VREPEAT_REFUSE, NULL},
    {NONET_CON_NOT_RATIO, "negative ratio", -1, 2, NONET_MAX_SIDE, VREPEAT_REFUSE, NULL},
    {NONET_CON_NOT_SUM, "negative sum", -1, 3, 2 * NONET_MAX_SIDE, VREPEAT_REFUSE, NULL},
    {NONET_CON_KILLER, "cage", 0, 0, -1, VREPEAT_DROP, NULL},
    {NONET_CON_LITTLE_KILLER, "littlekiller", 0, 1, -1, VREPEAT_REFUSE, LITTLE_ONCE},
    {NONET_CON_ARROW, "arrow", 0, 0, 0, VREPEAT_DROP, NULL},
    {NONET_CON_THERMO, "thermo", -3, 0, 0, VREPEAT_REFUSE, THERMO_ONCE},
    {NONET_CON_WHISPER, "whisper", -3, 0, NONET_MAX_SIDE - 1, VREPEAT_PATH, NULL},
    {NONET_CON_RENBAN, "renban", 0, 0, 0, VREPEAT_DROP, NULL},
    {NONET_CON_SANDWICH, "sandwich", -2, 0, -1, VREPEAT_REFUSE, NULL},
    {NONET_CON_ODD, "odd", 0, 0, 0, VREPEAT_DROP, NULL},
    {NONET_CON_EVEN, "even", 0, 0, 0, VREPEAT_DROP, NULL},
};

const vtype *vtype_of(nonet_constraint_type type)
{
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i].type == type)
            return &types[i];
    return NULL;
}

const vtype *vtype_named(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strlen(types[i].name) == len && !strncmp(types[i].name, name, len))
            return &types[i];
    return NULL;
}

int vrel_holds(int kind, int value, int a, int b)
{
    switch (kind) {
    case VR_DIFFER:
        return a != b;
    case VR_DIFF:
        return abs(a - b) == value;
    case VR_NOT_DIFF:
        return abs(a - b) != value;
    case VR_RATIO:
        return a == value * b || b == value * a;
    case VR_NOT_RATIO:
        return a != value * b && b != value * a;
    case VR_SUM:
        return a + b == value;
    case VR_NOT_SUM:
        return a + b != value;
    case VR_LESS:
        return a < b;
    case VR_FAR:
        return abs(a - b) >= value;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ geometry */

/* The pairs a global pair rule relates: calls fn for each unordered pair
 * (a, b) of cells at offsets (dr, dc) from the list; returns the first
 * nonzero answer of fn. */
typedef int (*pair_fn)(void *ctx, int a, int b);

static int each_offset_pair(int n, const int (*off)[2], int noff, pair_fn fn, void *ctx)
{
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            for (int k = 0; k < noff; k++) {
                int r2 = r + off[k][0], c2 = c + off[k][1];
                if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
                    continue;
                int rc = fn(ctx, r * n + c, r2 * n + c2);
                if (rc)
                    return rc;
            }
    return 0;
}

static const int knight[4][2] = {{1, 2}, {1, -2}, {2, 1}, {2, -1}};
static const int king[2][2] = {{1, 1}, {1, -1}};
static const int orth[2][2] = {{0, 1}, {1, 0}};

/* The family of a mark: 1 kropki (difference, ratio), 2 XV (sum), 0 none. */
static int family(nonet_constraint_type t)
{
    if (t == NONET_CON_DIFFERENCE || t == NONET_CON_RATIO || t == NONET_CON_NOT_DIFFERENCE ||
        t == NONET_CON_NOT_RATIO)
        return 1;
    if (t == NONET_CON_SUM || t == NONET_CON_NOT_SUM)
        return 2;
    return 0;
}

/* The pair relation of a mark or of a negative rule (VR_*). */
static int relation_of(nonet_constraint_type t)
{
    switch (t) {
    case NONET_CON_DIFFERENCE:
        return VR_DIFF;
    case NONET_CON_RATIO:
        return VR_RATIO;
    case NONET_CON_SUM:
        return VR_SUM;
    case NONET_CON_NOT_DIFFERENCE:
        return VR_NOT_DIFF;
    case NONET_CON_NOT_RATIO:
        return VR_NOT_RATIO;
    default:
        return VR_NOT_SUM;
    }
}

/* Whether the pair (a, b) carries a mark of family f. */
static int marked(const nonet_variant *v, int a, int b, int f)
{
    for (int i = 0; i < v->ncons; i++) {
        const vcon *k = &v->cons[i];
        if (k->ncells == 2 && family(k->type) == f) {
            int x = v->cells[k->first], y = v->cells[k->first + 1];
            if ((x == a && y == b) || (x == b && y == a))
                return 1;
        }
    }
    return 0;
}

/* The cells of a global house rule: calls fn(ctx, cells, len) for each of
 * its houses. Returns the first nonzero answer. */
typedef int (*house_fn)(void *ctx, const int *cells, int len);

static int each_house(const nonet_variant *v, nonet_constraint_type t, house_fn fn, void *ctx)
{
    const nonet_grid *g = &v->grid;
    int n = g->n, h[NONET_MAX_SIDE], rc = 0;
    switch (t) {
    case NONET_CON_DIAGONAL_MAIN:
    case NONET_CON_DIAGONAL_ANTI:
        for (int i = 0; i < n; i++)
            h[i] = i * n + (t == NONET_CON_DIAGONAL_MAIN ? i : n - 1 - i);
        return fn(ctx, h, n);
    case NONET_CON_WINDOKU:
        for (int r0 = 1; r0 + g->box_rows <= n - 1; r0 += g->box_rows + 1)
            for (int c0 = 1; c0 + g->box_cols <= n - 1; c0 += g->box_cols + 1) {
                int len = 0;
                for (int r = r0; r < r0 + g->box_rows; r++)
                    for (int c = c0; c < c0 + g->box_cols; c++)
                        h[len++] = r * n + c;
                if ((rc = fn(ctx, h, len)) != 0)
                    return rc;
            }
        return 0;
    case NONET_CON_DISJOINT:
        for (int pr = 0; pr < g->box_rows; pr++)
            for (int pc = 0; pc < g->box_cols; pc++) {
                int len = 0;
                for (int br = 0; br < n; br += g->box_rows)
                    for (int bc = 0; bc < n; bc += g->box_cols)
                        h[len++] = (br + pr) * n + bc + pc;
                if ((rc = fn(ctx, h, len)) != 0)
                    return rc;
            }
        return 0;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------ compiling */

typedef struct compile_ctx {
    const nonet_variant *v;
    vbuild *b;
    int kind, value, fam;
} compile_ctx;

static int compile_house(void *ctx, const int *cells, int len)
{
    compile_ctx *x = ctx;
    return vb_group(x->b, cells, len);
}

static int compile_pair(void *ctx, int a, int b)
{
    compile_ctx *x = ctx;
    if (x->fam && marked(x->v, a, b, x->fam))
        return 0;
    return vb_pair(x->b, a, b, x->kind, x->value);
}

int vcon_compile(const nonet_variant *v, const vcon *k, vbuild *b)
{
    int n = v->grid.n;
    const int *cells = vcon_cells(v, k);
    compile_ctx x = {v, b, VR_DIFFER, 0, 0};
    switch (k->type) {
    case NONET_CON_DIAGONAL_MAIN:
    case NONET_CON_DIAGONAL_ANTI:
    case NONET_CON_WINDOKU:
    case NONET_CON_DISJOINT:
        return each_house(v, k->type, compile_house, &x);
    case NONET_CON_HOUSE:
        return vb_group(b, cells, k->ncells);
    case NONET_CON_ANTI_KNIGHT:
        return each_offset_pair(n, knight, 4, compile_pair, &x);
    case NONET_CON_ANTI_KING:
        return each_offset_pair(n, king, 2, compile_pair, &x);
    case NONET_CON_NONCONSECUTIVE:
        x.kind = VR_NOT_DIFF;
        x.value = 1;
        return each_offset_pair(n, orth, 2, compile_pair, &x);
    case NONET_CON_DIFFERENCE:
    case NONET_CON_RATIO:
    case NONET_CON_SUM:
        return vb_pair(b, cells[0], cells[1], relation_of(k->type), k->value);
    case NONET_CON_NOT_DIFFERENCE:
    case NONET_CON_NOT_RATIO:
    case NONET_CON_NOT_SUM:
        x.kind = relation_of(k->type);
        x.value = k->value;
        x.fam = family(k->type);
        return each_offset_pair(n, orth, 2, compile_pair, &x);
    case NONET_CON_KILLER:
        if (vb_group(b, cells, k->ncells))
            return -1;
        return k->value ? vb_cage(b, cells, k->ncells, k->value) : 0;
    case NONET_CON_LITTLE_KILLER: {
        int w[NONET_MAX_CELLS];
        for (int i = 0; i < k->ncells; i++)
            w[i] = 1;
        return vb_sum(b, cells, w, k->ncells, k->value);
    }
    case NONET_CON_ARROW: {
        int w[NONET_MAX_CELLS];
        for (int i = 0; i < k->ncells; i++)
            w[i] = 1;
        for (int i = k->nbulb - 1, p = 1; i >= 0; i--, p *= 10)
            w[i] = -p;
        return vb_sum(b, cells, w, k->ncells, 0);
    }
    case NONET_CON_THERMO:
        if (vb_group(b, cells, k->ncells))
            return -1;
        for (int i = 1; i < k->ncells; i++)
            if (vb_pair(b, cells[i - 1], cells[i], VR_LESS, 0))
                return -1;
        return 0;
    case NONET_CON_WHISPER:
        for (int i = 1; i < k->ncells; i++)
            if (vb_pair(b, cells[i - 1], cells[i], VR_FAR, k->value ? k->value : n / 2 + 1))
                return -1;
        return 0;
    case NONET_CON_RENBAN:
        if (vb_group(b, cells, k->ncells))
            return -1;
        return vb_prop(b, VP_RENBAN, cells, k->ncells, 0);
    case NONET_CON_SANDWICH:
        return vb_prop(b, VP_SANDWICH, cells, k->ncells, k->value);
    case NONET_CON_ODD:
    case NONET_CON_EVEN: {
        uint64_t odd = 0;
        for (int d = 1; d <= n; d += 2)
            odd |= (uint64_t)1 << (d - 1);
        for (int i = 0; i < k->ncells; i++)
            vb_mask(b, cells[i], k->type == NONET_CON_ODD ? odd : ~odd);
        return 0;
    }
    }
    return 0;
}

/* ------------------------------------------------------------ checking */

typedef struct check_ctx {
    const nonet_variant *v;
    const uint8_t *g;
    int kind, value, fam;
} check_ctx;

static int check_pair(void *ctx, int a, int b)
{
    check_ctx *x = ctx;
    if (!x->g[a] || !x->g[b] || (x->fam && marked(x->v, a, b, x->fam)))
        return 0;
    return vrel_holds(x->kind, x->value, x->g[a], x->g[b]) ? 0 : a + 1;
}

static int check_house(void *ctx, const int *cells, int len)
{
    check_ctx *x = ctx;
    for (int i = 0; i < len; i++)
        for (int j = i + 1; j < len; j++)
            if (x->g[cells[i]] && x->g[cells[i]] == x->g[cells[j]])
                return cells[j] + 1;
    return 0;
}

int vcon_broken(const nonet_variant *v, const vcon *k, const uint8_t *g)
{
    int n = v->grid.n;
    const int *cells = vcon_cells(v, k);
    check_ctx x = {v, g, VR_DIFFER, 0, 0};
    int filled = 1;
    for (int i = 0; i < k->ncells; i++)
        filled &= g[cells[i]] != 0;
    switch (k->type) {
    case NONET_CON_DIAGONAL_MAIN:
    case NONET_CON_DIAGONAL_ANTI:
    case NONET_CON_WINDOKU:
    case NONET_CON_DISJOINT:
        return each_house(v, k->type, check_house, &x);
    case NONET_CON_HOUSE:
    case NONET_CON_RENBAN:
    case NONET_CON_KILLER:
    case NONET_CON_THERMO: {
        int at = check_house(&x, cells, k->ncells);
        if (at || !filled)
            return at;
        if (k->type == NONET_CON_THERMO) {
            for (int i = 1; i < k->ncells; i++)
                if (g[cells[i]] <= g[cells[i - 1]])
                    return cells[i] + 1;
        } else if (k->type == NONET_CON_RENBAN) {
            int lo = n, hi = 0;
            for (int i = 0; i < k->ncells; i++) {
                lo = g[cells[i]] < lo ? g[cells[i]] : lo;
                hi = g[cells[i]] > hi ? g[cells[i]] : hi;
            }
            if (hi - lo + 1 != k->ncells)
                return cells[0] + 1;
        } else if (k->type == NONET_CON_KILLER && k->value) {
            int s = 0;
            for (int i = 0; i < k->ncells; i++)
                s += g[cells[i]];
            if (s != k->value)
                return cells[0] + 1;
        }
        return 0;
    }
    case NONET_CON_ANTI_KNIGHT:
        return each_offset_pair(n, knight, 4, check_pair, &x);
    case NONET_CON_ANTI_KING:
        return each_offset_pair(n, king, 2, check_pair, &x);
    case NONET_CON_NONCONSECUTIVE:
        x.kind = VR_NOT_DIFF;
        x.value = 1;
        return each_offset_pair(n, orth, 2, check_pair, &x);
    case NONET_CON_NOT_DIFFERENCE:
    case NONET_CON_NOT_RATIO:
    case NONET_CON_NOT_SUM:
        x.kind = relation_of(k->type);
        x.value = k->value;
        x.fam = family(k->type);
        return each_offset_pair(n, orth, 2, check_pair, &x);
    case NONET_CON_DIFFERENCE:
    case NONET_CON_RATIO:
    case NONET_CON_SUM:
        if (!filled)
            return 0;
        return vrel_holds(relation_of(k->type), k->value, g[cells[0]], g[cells[1]]) ? 0
                                                                                    : cells[0] + 1;
    case NONET_CON_LITTLE_KILLER:
    case NONET_CON_ARROW: {
        if (!filled)
            return 0;
        int s = 0, bulb = 0, nb = k->type == NONET_CON_ARROW ? k->nbulb : 0;
        for (int i = 0; i < nb; i++)
            bulb = bulb * 10 + g[cells[i]];
        for (int i = nb; i < k->ncells; i++)
            s += g[cells[i]];
        return s == (nb ? bulb : k->value) ? 0 : cells[0] + 1;
    }
    case NONET_CON_WHISPER:
        for (int i = 1; i < k->ncells; i++)
            if (g[cells[i]] && g[cells[i - 1]] &&
                abs(g[cells[i]] - g[cells[i - 1]]) < (k->value ? k->value : n / 2 + 1))
                return cells[i] + 1;
        return 0;
    case NONET_CON_SANDWICH: {
        if (!filled)
            return 0;
        int a = -1, z = -1, s = 0;
        for (int i = 0; i < k->ncells; i++) {
            if (g[cells[i]] == 1)
                a = i;
            if (g[cells[i]] == n)
                z = i;
        }
        if (a < 0 || z < 0)
            return cells[0] + 1;
        for (int i = (a < z ? a : z) + 1; i < (a < z ? z : a); i++)
            s += g[cells[i]];
        return s == k->value ? 0 : cells[0] + 1;
    }
    case NONET_CON_ODD:
    case NONET_CON_EVEN:
        for (int i = 0; i < k->ncells; i++)
            if (g[cells[i]] && (g[cells[i]] % 2 == 1) != (k->type == NONET_CON_ODD))
                return cells[i] + 1;
        return 0;
    }
    return 0;
}
