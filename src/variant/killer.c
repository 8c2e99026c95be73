/* killer.c - the two one-line killer formats that killer puzzles are
 * published in on the solving forums (9x9, no givens):
 *
 * - the short form, 81 characters a cell each: a cage's head cell holds
 *   its sum as one character (0-9, A-Z for 10-35, a-j for 36-45; 0: no
 *   sum, the cells only differ), every other cell points to a neighbour in
 *   its cage: < left, > right, ^ up, v down, ` up-left, ' up-right, ,
 *   down-left, . down-right. Following the pointers from any cell reaches
 *   its head.
 *   "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
 * - the long form, "3x3:d:k:" (or "3x3::k:" without the diagonals) then
 *   81 numbers separated by ':', one a cell, sum * 256 + cage number
 *   (a number below 256: the cell is in no cage).
 *
 * Both become killer cages (and the two diagonals for "d") on an empty
 * grid. Comment lines ('#' first) may come before the line; the last one
 * is the puzzle's title. */
#include "variant/variant.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE 9
#define CELLS 81 /* SIDE * SIDE */

__attribute__((format(printf, 3, 4))) static int fail(nonet_error *err, size_t column,
                                                      const char *fmt, ...)
{
    if (err) {
        err->code = NONET_EARG;
        err->line = 1;
        err->column = (long)column;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return NONET_EARG;
}

/* A short form's sum character's value, or -1. */
static int sum_char(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'j')
        return ch - 'a' + 36;
    return -1;
}

/* A short form's pointer character's step (row, column), 0 if none. */
static int pointer(char ch, int *dr, int *dc)
{
    static const char marks[] = "<>^v`',.";
    static const int rows[] = {0, 0, -1, 1, -1, -1, 1, 1};
    static const int cols[] = {-1, 1, 0, 0, -1, 1, -1, 1};
    const char *at = ch ? strchr(marks, ch) : NULL;
    if (!at)
        return 0;
    *dr = rows[at - marks];
    *dc = cols[at - marks];
    return 1;
}

/* The first line of text that is not blank or a comment ('#' first),
 * without its blanks around: *s, *ll. */
static void first_line(const char *text, size_t len, const char **s, size_t *ll)
{
    size_t i = 0;
    for (;;) {
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        if (i >= len || text[i] != '#')
            break;
        while (i < len && text[i] != '\n')
            i++;
    }
    size_t e = i;
    while (e < len && text[e] != '\n' && text[e] != '\r')
        e++;
    while (e > i && isspace((unsigned char)text[e - 1]))
        e--;
    *s = text + i;
    *ll = e - i;
}

int variant_killer_kind(const char *text, size_t len)
{
    const char *s;
    size_t ll;
    first_line(text, len, &s, &ll);
    if (ll > 8 && !strncmp(s, "3x3:", 4) && memchr(s + 4, ':', ll - 4)) {
        const char *k = memchr(s + 4, ':', ll - 4);
        return (size_t)(k - s) + 2 < ll && k[1] == 'k' && k[2] == ':' ? 2 : 0;
    }
    if (ll != CELLS)
        return 0;
    int points = 0;
    for (size_t i = 0; i < ll; i++) {
        int dr, dc;
        if (pointer(s[i], &dr, &dc))
            points += s[i] != '.';
        else if (sum_char(s[i]) < 0)
            return 0;
    }
    return points ? 1 : 0;
}

/* The cages of a cage-of map (cage[c]: its number, -1 for none; sum[k])
 * onto v. */
static int add_cages(nonet_variant *v, const int *cage, const int *sum, int ncages,
                     nonet_error *err)
{
    for (int k = 0; k < ncages; k++) {
        int cells[CELLS], nc = 0;
        for (int c = 0; c < CELLS; c++)
            if (cage[c] == k)
                cells[nc++] = c;
        if (!nc)
            continue;
        nonet_constraint con = {NONET_CON_KILLER, sum[k], nc, cells, 0, NULL, NULL};
        char why[160] = "";
        int rc = nonet_variant_add(v, &con, why, sizeof why);
        if (rc != NONET_OK)
            return rc == NONET_ENOMEM ? rc
                                      : fail(err, 0, "the cage at r%dc%d: %s", cells[0] / SIDE + 1,
                                             cells[0] % SIDE + 1, why);
    }
    return NONET_OK;
}

static int read_short(const char *s, int *cage, int *sum, int *ncages, nonet_error *err)
{
    int head[CELLS];
    for (int c = 0; c < CELLS; c++) {
        int at = c, steps = 0, dr, dc;
        while (pointer(s[at], &dr, &dc)) {
            int r = at / SIDE + dr, col = at % SIDE + dc;
            if (r < 0 || r >= SIDE || col < 0 || col >= SIDE)
                return fail(err, (size_t)at + 1, "r%dc%d's '%c' points out of the grid",
                            at / SIDE + 1, at % SIDE + 1, s[at]);
            at = r * SIDE + col;
            if (++steps > CELLS)
                return fail(err, (size_t)c + 1,
                            "r%dc%d's pointers go round in a loop and reach no sum", c / SIDE + 1,
                            c % SIDE + 1);
        }
        head[c] = at;
    }
    *ncages = 0;
    int number[CELLS];
    for (int c = 0; c < CELLS; c++)
        number[c] = -1;
    for (int c = 0; c < CELLS; c++) {
        int h = head[c];
        if (number[h] < 0) {
            number[h] = (*ncages)++;
            sum[number[h]] = sum_char(s[h]);
        }
        cage[c] = number[h];
    }
    return NONET_OK;
}

static int read_long(const char *s, size_t ll, int *cage, int *sum, int *ncages, int *diagonals,
                     nonet_error *err)
{
    const char *k = memchr(s + 4, ':', ll - 4);
    *diagonals = k > s + 4;
    if (*diagonals && (k != s + 5 || s[4] != 'd'))
        return fail(err, 5,
                    "'%.*s': the long killer form's second field is 'd' (diagonals) or empty",
                    (int)(k - s - 4), s + 4);
    size_t at = (size_t)(k - s) + 3;
    int id_of[256];
    for (int i = 0; i < 256; i++)
        id_of[i] = -1;
    *ncages = 0;
    for (int c = 0; c < CELLS; c++) {
        size_t from = at;
        long value = 0;
        while (at < ll && isdigit((unsigned char)s[at]) && value < 1000000)
            value = value * 10 + (s[at++] - '0');
        if (at == from || (at < ll && s[at] != ':'))
            return fail(err, at + 1, "cell %d of 81: expected a number (sum * 256 + cage)", c + 1);
        if (c < CELLS - 1 && at >= ll)
            return fail(err, at + 1, "%d cells where the long killer form has 81", c + 1);
        at++;
        int id = (int)(value % 256), total = (int)(value / 256);
        cage[c] = -1;
        if (!total)
            continue;
        if (id_of[id] < 0) {
            id_of[id] = (*ncages)++;
            sum[id_of[id]] = total;
        } else if (sum[id_of[id]] != total)
            return fail(err, from + 1, "cage %d has the sum %d here and %d before", id, total,
                        sum[id_of[id]]);
        cage[c] = id_of[id];
    }
    if (at < ll)
        return fail(err, at + 1, "more than 81 cells");
    return NONET_OK;
}

/* The text of the last comment line before at into name (NONET_MAX_NAME
 * + 1 bytes), without the '#' and blanks. */
static void title(const char *text, const char *at, char *name)
{
    const char *from = NULL;
    for (const char *p = text; p < at; p++)
        if (*p == '#' && (p == text || p[-1] == '\n'))
            from = p + 1;
    if (!from)
        return;
    while (from < at && (*from == ' ' || *from == '\t'))
        from++;
    const char *e = from;
    while (e < at && *e != '\n' && *e != '\r')
        e++;
    while (e > from && isspace((unsigned char)e[-1]))
        e--;
    size_t k = (size_t)(e - from) < NONET_MAX_NAME ? (size_t)(e - from) : NONET_MAX_NAME;
    memcpy(name, from, k);
    name[k] = '\0';
}

int variant_parse_killer(const char *text, size_t len, nonet_variant **out, char *name,
                         nonet_error *err)
{
    const char *s;
    size_t ll;
    first_line(text, len, &s, &ll);
    if (name)
        title(text, s, name);
    int kind = variant_killer_kind(text, len);
    size_t rest = (size_t)(s - text) + ll;
    while (rest < len && isspace((unsigned char)text[rest]))
        rest++;
    if (rest < len)
        return fail(err, 0, "a killer puzzle in the one-line form is that line alone");
    int cage[CELLS], sum[CELLS], ncages = 0, diagonals = 0;
    int rc = kind == 1 ? read_short(s, cage, sum, &ncages, err)
                       : read_long(s, ll, cage, sum, &ncages, &diagonals, err);
    if (rc != NONET_OK) {
        if (err) {
            err->line = 1;
            for (const char *p = text; p < s; p++)
                err->line += *p == '\n';
            const char *bol = s;
            while (bol > text && bol[-1] != '\n')
                bol--;
            if (err->column)
                err->column += (long)(s - bol);
        }
        return rc;
    }
    nonet_grid g;
    if (nonet_grid_init(&g, 3, 3) != NONET_OK)
        return NONET_EARG;
    nonet_variant *v = nonet_variant_new(&g);
    if (!v)
        return NONET_ENOMEM;
    if (diagonals) {
        nonet_constraint d[2] = {{NONET_CON_DIAGONAL_MAIN, 0, 0, NULL, 0, NULL, NULL},
                                 {NONET_CON_DIAGONAL_ANTI, 0, 0, NULL, 0, NULL, NULL}};
        for (int i = 0; i < 2 && rc == NONET_OK; i++)
            rc = nonet_variant_add(v, &d[i], NULL, 0);
    }
    if (rc == NONET_OK)
        rc = add_cages(v, cage, sum, ncages, err);
    if (rc != NONET_OK) {
        nonet_variant_free(v);
        return rc;
    }
    *out = v;
    return NONET_OK;
}
