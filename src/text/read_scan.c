/* read_scan.c - one line of input to its cells and tokens, and the facts
 * about it that the reader's decisions need (read.h). */
#include "text/read.h"

#include <stdio.h>
#include <string.h>

/* (A line break is a space too: a CSV field's text may hold some.) */
static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f' || ch == '\n';
}

/* Whether the CR, VT or FF at s[i] stands inside the line, with a
 * character other than a space on both sides: a control character there,
 * like any other (a bad character, no cell), where at the line's start
 * or end it is white space (CR LF line ends, a form feed before a page).
 * before: a character other than a space came before it. *solid: where
 * the next one after a run of spaces was found (kept between calls, so
 * that a run is searched once). */
static int inner_control(const unsigned char *s, size_t i, size_t len, int before, size_t *solid)
{
    if (!before || s[i] == ' ' || s[i] == '\t' || s[i] == '\n')
        return 0;
    if (*solid <= i) {
        *solid = i;
        while (*solid < len && is_space(s[*solid]))
            (*solid)++;
    }
    return *solid < len;
}

/* Length of a UTF-8 box-drawing character (U+2500..U+257F) at s, or 0. */
static size_t box_drawing(const unsigned char *s, size_t left)
{
    if (left >= 3 && s[0] == 0xE2 && (s[1] == 0x94 || s[1] == 0x95) && s[2] >= 0x80 && s[2] <= 0xBF)
        return 3;
    return 0;
}

/* Whether the box-drawing character at s (box_drawing gave 3) is a
 * vertical line (light, heavy, dashed or double): a row's bar, where the
 * others are a rule's corners and lines. */
static int box_vertical(const unsigned char *s)
{
    if (s[1] == 0x94)
        return s[2] == 0x82 || s[2] == 0x83 || s[2] == 0x86 || s[2] == 0x87 || s[2] == 0x8A ||
               s[2] == 0x8B;
    return s[2] == 0x8E || s[2] == 0x8F || s[2] == 0x91;
}

/* The middle dot U+00B7, a blank. */
static int middle_dot(const unsigned char *s, size_t left)
{
    return left >= 2 && s[0] == 0xC2 && s[1] == 0xB7;
}

/* Decodes one UTF-8 character at s: its length (0 if invalid) and code
 * point. */
static size_t utf8_char(const unsigned char *s, size_t left, unsigned long *cp)
{
    unsigned char c = s[0];
    size_t len;
    unsigned long v;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        len = 2, v = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, v = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, v = c & 0x07u;
    } else {
        return 0;
    }
    if (left < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3Fu);
    }
    if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
        (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

/* The name of a control character that has one people know, in
 * parentheses, or "". */
static const char *control_name(unsigned long cp)
{
    switch (cp) {
    case 0x08:
        return " (backspace)";
    case 0x0B:
        return " (vertical tab)";
    case 0x0C:
        return " (form feed)";
    case 0x0D:
        return " (carriage return)";
    case 0x1B:
        return " (escape)";
    case 0x7F:
        return " (delete)";
    default:
        return "";
    }
}

void describe_char(const unsigned char *s, size_t left, char *buf, size_t cap)
{
    unsigned long cp = 0;
    size_t len = left ? utf8_char(s, left, &cp) : 0;
    if (len == 0)
        snprintf(buf, cap, "byte 0x%02X", left ? s[0] : 0);
    else if (cp == 0)
        snprintf(buf, cap, "a NUL byte");
    else if (cp == '\t')
        snprintf(buf, cap, "a tab");
    else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
        snprintf(buf, cap, "control character U+%04lX%s", cp, control_name(cp));
    else if (cp < 0x80)
        snprintf(buf, cap, "'%c'", (int)cp);
    else
        snprintf(buf, cap, "'%.*s' (U+%04lX)", (int)len, (const char *)s, cp);
}

/* A character's cell code (read.h), and whether it is a cell at all. */
static int cell_code(unsigned char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch;
    if (ch >= 'A' && ch <= 'Z')
        return ch;
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 'A';
    if (ch == '.' || ch == '-' || ch == '_' || ch == '*')
        return CODE_BLANK;
    return CODE_BAD;
}

int char_code(unsigned char ch)
{
    return cell_code(ch);
}

int pencil_form(const uint8_t *code, int ncells, int nlower, int side)
{
    if (nlower > 0)
        return 0;
    for (int n = 4; n * n * n <= ncells && n * n * n <= MAX_ITEMS; n++) {
        if (n * n * n != ncells)
            continue;
        if (side && n != side)
            return 0;
        int some = 0, every = 1;
        for (int cell = 0; cell < n * n; cell++) {
            int marked = 0;
            for (int k = 0; k < n; k++) {
                int c = code[cell * n + k];
                if (c == CODE_BLANK || c == '0')
                    continue;
                if (c != (unsigned char)sym_of_digit(k + 1))
                    return 0;
                marked = 1;
            }
            some |= marked;
            every &= marked;
        }
        /* 64 and 729 cells are also a one-line 8x8 and 27x27 puzzle */
        int square = n == 4 || n == 9;
        return some && (every || side || !square) ? n : 0;
    }
    return 0;
}

static int blank_kind(unsigned char ch)
{
    switch (ch) {
    case '.':
        return BLANK_DOT;
    case '-':
        return BLANK_DASH;
    case '0':
        return BLANK_ZERO;
    case '_':
        return BLANK_UNDERSCORE;
    case '*':
        return BLANK_STAR;
    default:
        return -1;
    }
}

/* Ends the token in progress. */
static void end_token(line_scan *sc, line_items *it, int len, int numeric, long value)
{
    if (!numeric)
        sc->tokens_numeric = 0;
    if (len >= 2)
        sc->multi_digit = 1;
    if (it && sc->ntokens <= MAX_ITEMS) {
        it->tlen[sc->ntokens - 1] = len;
        it->tval[sc->ntokens - 1] = (uint32_t)value;
    }
    if (numeric && value > sc->max_number)
        sc->max_number = value;
}

void scan_line(const unsigned char *s, size_t len, line_scan *sc, line_items *it)
{
    memset(sc, 0, sizeof *sc);
    sc->tokens_numeric = 1;
    sc->tokens_sorted = 1;
    int gap = GAP_NONE, tgap = GAP_NONE;
    int in_token = 0, token_len = 0, token_numeric = 1, token_last = 0;
    long token_value = 0;
    int prev_dash = 0, letter_run = 0, run_lower = 0;
    int pairs = 0, separated_pairs = 0;
    int dcol = 0;     /* display columns before the current character */
    int before = 0;   /* a character other than a space came before it */
    size_t solid = 0; /* (inner_control's) */

    for (size_t i = 0; i < len;) {
        unsigned char ch = s[i];
        long col = (long)i + 1;
        size_t bd = box_drawing(s + i, len - i);
        int sep = bd || ch == '|' || (is_space(ch) && !inner_control(s, i, len, before, &solid));
        before |= !is_space(ch);
        if (sep) {
            int strength = (bd || ch == '|') ? GAP_BAR : ch == '\t' ? GAP_WIDE : GAP_SPACE;
            if (strength == GAP_SPACE && gap >= GAP_SPACE && gap < GAP_BAR)
                strength = GAP_WIDE; /* two or more spaces */
            if (strength > gap)
                gap = strength;
            if (bd || ch == '|') {
                sc->has_bar = 1;
                tgap = GAP_BAR;
            } else if (tgap < GAP_SPACE) {
                tgap = GAP_SPACE;
            }
            if (bd && !box_vertical(s + i))
                sc->has_mark = 1;
            if (in_token) {
                in_token = 0;
                end_token(sc, it, token_len, token_numeric && token_len > 0, token_value);
            }
            prev_dash = 0;
            letter_run = run_lower = 0;
            dcol = ch == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
            i += bd ? bd : 1;
            continue;
        }
        /* token reading */
        if (!in_token) {
            in_token = 1;
            token_len = 0;
            token_numeric = 1;
            token_value = 0;
            token_last = 0;
            if (it && sc->ntokens < MAX_ITEMS) {
                it->tcol[sc->ntokens] = (int32_t)col;
                it->tgap[sc->ntokens] = (uint8_t)tgap;
            }
            sc->ntokens++;
            tgap = GAP_NONE;
        }
        size_t step = 1;
        unsigned long cp = ch;
        if (ch >= 0x80) {
            step = utf8_char(s + i, len - i, &cp);
            if (step == 0)
                step = 1;
        }
        token_len += (int)step;
        int folded = ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
        if (folded <= token_last)
            sc->tokens_sorted = 0;
        token_last = folded;
        if (ch >= '0' && ch <= '9') {
            if (token_value < 1000000)
                token_value = token_value * 10 + (ch - '0');
        } else {
            token_numeric = 0;
        }
        /* character reading */
        if (ch == '+' || ch == '=' || ch == ':' || ch == '\'') {
            sc->has_mark = 1;
            if (!sc->mark_col)
                sc->mark_col = col;
            prev_dash = 0;
            letter_run = run_lower = 0;
            dcol++;
            i++;
            continue;
        }
        int code = middle_dot(s + i, len - i) ? CODE_BLANK : ch >= 0x80 ? CODE_BAD : cell_code(ch);
        if (code == CODE_BAD) {
            if (!sc->bad_col) {
                sc->bad_col = col;
                describe_char(s + i, len - i, sc->bad_what, sizeof sc->bad_what);
            }
            sc->nbad++;
            if (cp < 0x20 || cp == 0x7F || (ch >= 0x80 && utf8_char(s + i, len - i, &cp) == 0))
                sc->ncontrol++;
            if (cp < 0x20 || cp == 0x7F) { /* control characters are no cells */
                dcol++;
                i += step;
                continue;
            }
        } else if (code == '0') {
            sc->nzero++;
            sc->blanks[BLANK_ZERO]++;
        } else if (code == CODE_BLANK) {
            int kind = ch >= 0x80 ? BLANK_DOT : blank_kind(ch);
            sc->nblank++;
            sc->blanks[kind]++;
        } else if (code == 'X') {
            sc->nblank++; /* "XX53XXXXX": a blank, unless the alphabet reaches X */
            sc->blanks[BLANK_X]++;
        } else {
            sc->nsym++;
            int value = code <= '9' ? code - '0' : code - 'A' + 10;
            if (value > sc->max_value)
                sc->max_value = value;
            if (code >= 'A') {
                sc->nletters++;
                if (code - 'A' + 1 > sc->max_letter)
                    sc->max_letter = code - 'A' + 1;
                if (ch >= 'a') {
                    sc->nlower++;
                    run_lower = 1;
                }
                if (++letter_run >= 3 && run_lower)
                    sc->has_word = 1;
            } else {
                sc->ndigits++;
            }
        }
        if (code < 'A' || code > 'Z' || code == 'X')
            letter_run = run_lower = 0;
        if (ch == '-' && prev_dash)
            sc->has_dashes = 1;
        prev_dash = ch == '-';
        if (sc->ncells > 0) {
            pairs++;
            if (gap > GAP_NONE) {
                separated_pairs++;
                sc->has_sep = 1;
            }
        }
        if (it && sc->ncells < MAX_ITEMS) {
            it->code[sc->ncells] = (uint8_t)code;
            it->gap[sc->ncells] = (uint8_t)gap;
            it->col[sc->ncells] = (int32_t)col;
            it->dcol[sc->ncells] = (int32_t)(dcol + 1);
        }
        sc->ncells++;
        gap = GAP_NONE;
        dcol++;
        sc->width = dcol;
        i += step;
    }
    if (in_token)
        end_token(sc, it, token_len, token_numeric && token_len > 0, token_value);
    if (sc->ntokens == 0)
        sc->tokens_numeric = 0;
    sc->all_sep = pairs > 0 && separated_pairs == pairs;
}

void scan_extent(const unsigned char *s, size_t len, int *left, int *right)
{
    int dcol = 0;
    *left = *right = 0;
    for (size_t i = 0; i < len; i++) {
        if ((s[i] & 0xC0) == 0x80)
            continue; /* a UTF-8 continuation byte: its character was counted */
        if (!is_space(s[i])) {
            if (!*left)
                *left = dcol + 1;
            *right = dcol + 1;
        }
        dcol = s[i] == '\t' ? (dcol / 8 + 1) * 8 : dcol + 1;
    }
}

int scan_fits(const line_scan *sc, int n)
{
    if (n < 1 || n > NONET_MAX_SYMBOL_SIDE || sc->nbad > 0)
        return 0;
    if (sc->nlower > 0 && sc->nlower < sc->nletters)
        return 0; /* upper and lower case letters: no alphabet mixes them */
    if (sc->max_value <= n)
        return 1; /* 1-9 then A-Z; '0' a blank */
    if (n >= 10 && sc->max_value + 1 <= n)
        return 1;                                              /* 0-9 then A-Z */
    return n >= 10 && sc->ndigits == 0 && sc->max_letter <= n; /* A-Z */
}

/* Whether cell code fits side n under the alphabet that suits a line of
 * these facts best. */
static int code_fits(const line_scan *sc, int code, int n)
{
    if (code == CODE_BLANK || code == '0' || code == 'X')
        return 1;
    if (code == CODE_BAD)
        return 0;
    int value = code <= '9' ? code - '0' : code - 'A' + 10;
    if (value <= n)
        return 1;
    if (n >= 10 && value + 1 <= n)
        return 1;
    return n >= 10 && sc->ndigits == 0 && code >= 'A' && code - 'A' + 1 <= n;
}

int scan_near_one_line(const line_scan *sc, const line_items *it, int *side)
{
    int c = sc->ncells;
    if (c < 12)
        return 0;
    for (int m = 4; m <= NONET_MAX_SYMBOL_SIDE; m++) {
        int tol = m * m / 10 > 2 ? m * m / 10 : 2;
        if (c < m * m - tol || c > m * m + tol)
            continue;
        int kept = c < MAX_ITEMS ? c : MAX_ITEMS, fit = 0;
        for (int i = 0; i < kept; i++)
            fit += code_fits(sc, it->code[i], m);
        if (fit * 10 >= kept * 9) {
            *side = m;
            return 1;
        }
    }
    return 0;
}

int scan_texty(const line_scan *sc)
{
    if (sc->ncontrol > 0 && !sc->has_word)
        return 0; /* binary; words with a stray control character are text */
    if (sc->has_word)
        return 1;
    return (sc->nletters > 0 || sc->nbad > 0) && !scan_fits(sc, sc->ncells);
}
