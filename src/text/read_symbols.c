/* read_symbols.c - which symbols a puzzle is written in, and its cells as
 * digits.
 *
 * The alphabets, for side n (digit d is the d-th symbol):
 *   default  1-9 then A-Z (16x16: 1-9A-G, 25x25: 1-9A-P); '0' is a blank;
 *   zero     0-9 then A-Z (16x16: 0-9A-F, 9x9: 0-8); '0' is a symbol;
 *   letters  A-Z, for sides 10 to 26 (16x16: A-P, 25x25: A-Y); '0' is a
 *            blank.
 * Letters match in either case; a puzzle written in lower case letters
 * keeps them. The choice, from the symbols a puzzle uses:
 *   - sides up to 9: default;
 *   - no digit at all, only letters: letters (when they fit);
 *   - '0' and another blank symbol ('.', '-', ...): '0' is a symbol, so
 *     zero, when the symbols fit it (else '0' is one more blank);
 *   - '0' and no other blank: '0' is a blank, so default; but when zero
 *     fits too and no row, column or box has '0' twice, '0' could be
 *     either: the puzzle is ambiguous, and --symbols must say;
 *   - otherwise default (the zero alphabet reads the same puzzle with its
 *     digits relabelled; only an unused symbol's name differs).
 * Forced symbols (--symbols) replace all of this: '0' is then a blank
 * unless it is one of them. */
#include "text/read.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { ALPHA_DEFAULT, ALPHA_ZERO, ALPHA_LETTERS, ALPHA_FORCED };

void set_error(nonet_error *e, int code, long line, long column, const char *fmt, ...)
{
    if (e->code != NONET_OK)
        return; /* the first error of a puzzle is the one reported */
    va_list ap;
    va_start(ap, fmt);
    e->code = code;
    e->line = line;
    e->column = column;
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
}

char main_blank(const int *counts, char fallback)
{
    static const char syms[BLANK_KINDS] = {'.', '-', '0', '_', '*', 'X'};
    int best = -1;
    for (int i = 0; i < BLANK_KINDS; i++)
        if (counts[i] > 0 && (best < 0 || counts[i] > counts[best]))
            best = i;
    return best < 0 ? fallback : syms[best];
}

static int upper(int ch)
{
    return ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
}

int symbols_valid(const char *symbols)
{
    size_t len = strlen(symbols);
    if (len < 1 || len > NONET_MAX_SYMBOL_SIDE)
        return 0;
    for (size_t i = 0; i < len; i++) {
        int ch = upper((unsigned char)symbols[i]);
        if (!((ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z')))
            return 0;
        for (size_t j = 0; j < i; j++)
            if (upper((unsigned char)symbols[j]) == ch)
                return 0;
    }
    return 1;
}

/* Fills a with the alphabet of that kind for side n. */
static void make_alphabet(alphabet *a, int kind, int n, const char *forced, int lower)
{
    static const char zero_based[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    memset(a, 0, sizeof *a);
    a->n = n;
    for (int i = 0; i < 256; i++)
        a->value[i] = -1;
    a->value[CODE_BLANK] = 0;
    a->value['0'] = 0;
    for (int d = 1; d <= n; d++) {
        int ch;
        switch (kind) {
        case ALPHA_FORCED:
            ch = upper((unsigned char)forced[d - 1]);
            break;
        case ALPHA_ZERO:
            ch = (unsigned char)zero_based[d - 1];
            break;
        case ALPHA_LETTERS:
            ch = 'A' + d - 1;
            break;
        default:
            ch = (unsigned char)sym_of_digit(d);
            break;
        }
        a->value[ch] = (int16_t)d;
        if (ch == '0')
            a->zero_is_symbol = 1;
        /* a forced symbol keeps its case; detected letters follow the
         * puzzle's */
        if (kind == ALPHA_FORCED)
            a->symbols[d - 1] = forced[d - 1];
        else
            a->symbols[d - 1] = (char)(lower && ch >= 'A' ? ch - 'A' + 'a' : ch);
    }
    a->symbols[n] = '\0';
}

void choose_alphabet(int n, const uint8_t *used, int nlower, int nupper, int other_blanks,
                     const char *forced, alphabet *a)
{
    int lower = nlower > 0 && nupper == 0;
    if (forced != NULL && forced[0] != '\0') {
        make_alphabet(a, ALPHA_FORCED, n, forced, lower);
        return;
    }
    int max_value = 0, max_letter = 0, digits = 0;
    for (int ch = '1'; ch <= 'Z'; ch++) {
        if (!used[ch] || (ch > '9' && ch < 'A'))
            continue;
        int value = ch <= '9' ? ch - '0' : ch - 'A' + 10;
        max_value = value > max_value ? value : max_value;
        if (ch <= '9')
            digits = 1;
        else
            max_letter = ch - 'A' + 1;
    }
    int kind = ALPHA_DEFAULT;
    if (n >= 10 && !digits && !(used['0'] && other_blanks) && max_letter > 0 && max_letter <= n)
        kind = ALPHA_LETTERS;
    else if (used['0'] && other_blanks && max_value + 1 <= n)
        kind = ALPHA_ZERO; /* '0' beside another blank is a symbol, when it can be */
    make_alphabet(a, kind, n, NULL, lower);
}

/* Whether '0' could be a symbol here: no unit holds it twice. */
static int zero_once_per_unit(const raw_cells *raw, int box_rows, int box_cols)
{
    int n = raw->n;
    uint64_t rows = 0, cols = 0, boxes = 0;
    for (int i = 0; i < n * n; i++) {
        if (raw->code[i] != '0')
            continue;
        int r = i / n, c = i % n, b = r / box_rows * box_rows + c / box_cols;
        uint64_t rb = (uint64_t)1 << r, cb = (uint64_t)1 << c, bb = (uint64_t)1 << b;
        if ((rows & rb) || (cols & cb) || (boxes & bb))
            return 0;
        rows |= rb, cols |= cb, boxes |= bb;
    }
    return 1;
}

/* The first and last symbols of an alphabet, as "0-9A-F" or "A-P". */
static void alphabet_name(const alphabet *a, char *buf, size_t cap)
{
    if (a->n <= 9 || a->symbols[0] >= 'A')
        snprintf(buf, cap, "%c-%c", a->symbols[0], a->symbols[a->n - 1]);
    else
        snprintf(buf, cap, "%c-9%c-%c", a->symbols[0], a->symbols[9], a->symbols[a->n - 1]);
}

int decode_cells(const raw_cells *raw, const char *forced, nonet_grid *g, char *symbols,
                 char *blank, nonet_error *err)
{
    int n = raw->n;
    if (n > NONET_MAX_SYMBOL_SIDE) {
        set_error(err, NONET_ECELLS, raw->line[0], 0,
                  "%d cells a row: a %dx%d grid cannot be written in symbols; sides above %d "
                  "need the numbers layout",
                  n, n, n, NONET_MAX_SYMBOL_SIDE);
        return err->code;
    }
    uint8_t used[256] = {0};
    for (int i = 0; i < n * n; i++)
        used[raw->code[i]] = 1;
    int other_blanks = raw->blanks[BLANK_DOT] + raw->blanks[BLANK_DASH] +
                       raw->blanks[BLANK_UNDERSCORE] + raw->blanks[BLANK_STAR] +
                       raw->blanks[BLANK_X];
    /* 'X' is a blank when it is the puzzle's only blank symbol ('0' aside)
     * beside some other symbol, and the alphabet the other symbols choose
     * does not reach it (it does for 25x25 in A-Y and sides from 34);
     * beside '.' it is a typo, and alone (a lone "x") a letter */
    alphabet a;
    int x_used = used['X'];
    used['X'] = 0;
    int symbol = 0;
    for (int code = '1'; code <= 'Z'; code++)
        symbol |= used[code];
    choose_alphabet(n, used, raw->nlower, raw->nupper, other_blanks > 0, forced, &a);
    int x_blank = x_used && symbol && a.value['X'] < 0 && other_blanks == raw->blanks[BLANK_X];
    if (x_used && !x_blank) {
        used['X'] = 1;
        other_blanks -= raw->blanks[BLANK_X];
        choose_alphabet(n, used, raw->nlower, raw->nupper, other_blanks > 0, forced, &a);
    }
    if (x_blank)
        a.value['X'] = 0;
    memcpy(symbols, a.symbols, (size_t)n + 1);
    int counts[BLANK_KINDS];
    memcpy(counts, raw->blanks, sizeof counts);
    if (a.zero_is_symbol)
        counts[BLANK_ZERO] = 0;
    if (!x_blank)
        counts[BLANK_X] = 0;
    *blank = main_blank(counts, '.');

    if (raw->bad_col)
        set_error(err, NONET_EBADCHAR, raw->bad_line, raw->bad_col, "bad character%s%s",
                  BAD_SEP(raw->bad_what), raw->bad_what);
    int forced_set = forced != NULL && forced[0] != '\0';
    for (int i = 0; i < n * n; i++) {
        int code = raw->code[i];
        int v = a.value[code];
        if (v < 0 && err->code == NONET_OK) {
            int ch = raw->ch[i];
            char name[24];
            alphabet_name(&a, name, sizeof name);
            if (code == CODE_BAD)
                set_error(err, NONET_EBADCHAR, raw->line[i], raw->col[i], "bad character");
            else if (forced_set)
                set_error(err, NONET_EBADCHAR, raw->line[i], raw->col[i],
                          "'%c' is not one of the symbols %s (--symbols)", ch, a.symbols);
            else if (code >= 'A' && n < 10)
                set_error(err, NONET_EBADCHAR, raw->line[i], raw->col[i], "bad character '%c'", ch);
            else if (symbols[0] == '1')
                set_error(err, NONET_ERANGE, raw->line[i], raw->col[i],
                          "digit '%c' (%d) is out of range for a %dx%d grid", ch,
                          code <= '9' ? code - '0' : code - 'A' + 10, n, n);
            else
                set_error(err, NONET_ERANGE, raw->line[i], raw->col[i],
                          "'%c' is not a symbol of a %dx%d grid written in %s", ch, n, n, name);
        }
        g->cells[i] = (uint8_t)(v < 0 ? 0 : v);
    }
    if (err->code == NONET_OK && !forced_set && !a.zero_is_symbol && used['0'] &&
        other_blanks == 0 && !raw->zero_blank) {
        /* '0' read as a blank: could it be the first symbol of 0-9A-..? */
        alphabet z;
        make_alphabet(&z, ALPHA_ZERO, n, NULL, 0);
        int fits = 1, others = 0;
        for (int i = 0; i < n * n && fits; i++) {
            fits = z.value[raw->code[i]] >= 0;
            others += raw->code[i] != '0' && raw->code[i] != CODE_BLANK;
        }
        fits = fits && others > 0; /* "0" alone is an empty grid */
        if (fits && zero_once_per_unit(raw, g->box_rows, g->box_cols)) {
            int first = 0;
            while (raw->code[first] != '0')
                first++;
            char name[24];
            alphabet_name(&z, name, sizeof name);
            set_error(err, NONET_EAMBIGUOUS, raw->line[first], raw->col[first],
                      "'0' may be a blank or the symbol before '1' (%s) here; "
                      "say which with --symbols",
                      name);
        }
    }
    return err->code;
}
