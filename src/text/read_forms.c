/* read_forms.c - puzzles wrapped in other notations, turned into the plain
 * lines the rest of the reader reads (read.h, forms):
 *
 *   XML         a line that starts with '<' is markup: the attribute
 *               values and texts in it that read as cells (OpenSudoku's
 *               <game data="..."/>) are lines of their own, the rest is
 *               left out;
 *   literals    a list in brackets as JSON, Python, JavaScript or C write
 *               it ([[5,3,0,...],...], ["53..7....", ...], [{"input":
 *               "..."}], int g[9][9] = {{...}};), from a line that starts
 *               with '[' or '{' or assigns one ("EASY1 = [[", "x =
 *               np.array(["): a list of numbers, nulls and one-character
 *               strings is a row (a null or an empty string is 0), a
 *               longer string of cells is a line of its own, and the end
 *               of a list of lists or strings ends a puzzle (a blank
 *               line); keys, booleans (masks), other words and numbers
 *               outside lists are left out; it may span many lines;
 *   cell rows   a line of fields between ',' or ';' that are each one
 *               symbol, a number or nothing ("5,3,,,7,,,,", "0;0;7;6"): a
 *               row of cells apart, an empty field a blank; a last empty
 *               field after full ones is a trailing comma;
 *   placed      SudoCue's .sdx rows of candidate lists with "u7" for a
 *               placed value: the lists, the 'u' left out;
 *   CSV tables  a header line of column names, one of them a puzzle column
 *               (puzzle, quizzes, question, quiz, ...; or the one the
 *               options name): each later line's field in that column is
 *               one puzzle, and its other fields are the puzzle's columns,
 *               until a blank line. Fields are quoted as RFC 4180 says
 *               (field_end); a record whose quoted field holds line
 *               breaks comes here whole, its lines joined by read.c.
 */
#include "text/read.h"

#include <stdlib.h>
#include <string.h>

static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static int is_alpha(unsigned char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
}

static int is_digit(unsigned char ch)
{
    return ch >= '0' && ch <= '9';
}

/* A character a cell can be written in: a symbol or a blank. */
static int cell_char(unsigned char ch)
{
    return is_digit(ch) || is_alpha(ch) || ch == '.' || ch == '-' || ch == '_' || ch == '*';
}

/* Whether s[0..len) is a run of cells: at least min characters, symbols
 * and blanks only, no lower-case letter, and a digit or a blank among
 * them (never a word: "HARD"). */
static int cells_text(const unsigned char *s, size_t len, size_t min)
{
    int digit_or_blank = 0;
    if (len < min)
        return 0;
    for (size_t i = 0; i < len; i++) {
        if (!cell_char(s[i]) || (s[i] >= 'a' && s[i] <= 'z'))
            return 0;
        digit_or_blank |= !is_alpha(s[i]);
    }
    return digit_or_blank;
}

static int grow(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 1;
    size_t c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    char *b = realloc(*buf, c);
    if (!b)
        return 0;
    *buf = b;
    *cap = c;
    return 1;
}

void forms_init(forms *f, const char *column)
{
    memset(f, 0, sizeof *f);
    f->field_at = -1;
    f->want_column = column && column[0] ? column : NULL;
}

void forms_free(forms *f)
{
    free(f->row);
    free(f->columns);
    f->row = f->columns = NULL;
    f->row_cap = f->columns_cap = 0;
}

/* ------------------------------------------------------------ XML */

/* Emits the attribute values and texts of a markup line that read as
 * cells. */
static void xml_line(const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    for (size_t i = 0; i < len; i++) {
        size_t from, to;
        if ((s[i] == '"' || s[i] == '\'') && i > 0 && s[i - 1] == '=') {
            unsigned char q = s[i];
            from = i + 1;
            to = from;
            while (to < len && s[to] != q)
                to++;
            i = to;
        } else if (s[i] == '>') {
            from = i + 1;
            to = from;
            while (to < len && s[to] != '<')
                to++;
            while (from < to && is_space(s[from]))
                from++;
            while (to > from && is_space(s[to - 1]))
                to--;
            i = to > from ? to - 1 : from - 1;
        } else {
            continue;
        }
        if (cells_text(s + from, to - from, 16))
            emit(ctx, (const char *)s + from, to - from, FORM_LINE, NULL, 0);
    }
}

/* ------------------------------------------------------------ literals */

static void row_add(forms *f, const char *text, size_t len)
{
    if (f->row_len + len + 1 > NONET_MAX_LINE || !grow(&f->row, &f->row_cap, f->row_len + len + 2))
        return; /* longer than any line: the row reads as broken */
    if (f->row_len > 0)
        f->row[f->row_len++] = ' ';
    memcpy(f->row + f->row_len, text, len);
    f->row_len += len;
}

/* Whether an object's key names a puzzle's answer ("solution",
 * "solutions", "answer", ...): its value is no puzzle. */
static int answer_key(const unsigned char *s, size_t len)
{
    static const char *const keys[] = {"solution", "solutions", "answer",  "answers",
                                       "solved",   "result",    "results", "output"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        size_t n = strlen(keys[k]);
        if (len != n)
            continue;
        size_t i = 0;
        while (i < n && (s[i] | 0x20) == (unsigned char)keys[k][i])
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

/* A value inside the literal: a scalar of the innermost list, or a line
 * of cells. */
static void literal_scalar(forms *f, const char *text, size_t len)
{
    int top = f->depth - 1;
    if (top < 0 || top >= FORMS_MAX_DEPTH || f->kind[top] == 'o' || f->skip[top])
        return; /* numbers in an object: ids, counts */
    row_add(f, text, len);
    f->scalars[top]++;
}

static void literal_string(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    int top = f->depth - 1;
    if (top < 0 || top >= FORMS_MAX_DEPTH)
        return;
    if (f->kind[top] == 'o' && f->expect_key[top]) {
        f->answer_key[top] = answer_key(s, len); /* a key */
        return;
    }
    if (f->skip[top] || (f->kind[top] == 'o' && f->answer_key[top]))
        return; /* a solution, beside its puzzle */
    if (len <= 1 && f->kind[top] != 'o') {
        if (len == 0 || cell_char(s[0]))
            literal_scalar(f, len ? (const char *)s : "0", 1);
        return;
    }
    if (!cells_text(s, len, 4))
        return; /* a name, a level, a date */
    emit(ctx, (const char *)s, len, FORM_LINE, NULL, 0);
    f->lists[top] = 1;
}

static void literal_open(forms *f, unsigned char kind)
{
    int skip = 0;
    if (f->depth > 0 && f->depth <= FORMS_MAX_DEPTH) {
        int top = f->depth - 1;
        f->lists[top] = 1;
        skip = f->skip[top] || (f->kind[top] == 'o' && f->answer_key[top]);
    }
    if (f->depth < FORMS_MAX_DEPTH) {
        f->kind[f->depth] = kind;
        f->lists[f->depth] = 0;
        f->bools[f->depth] = 0;
        f->scalars[f->depth] = 0;
        f->expect_key[f->depth] = 1;
        f->answer_key[f->depth] = 0;
        f->skip[f->depth] = (uint8_t)skip;
    }
    f->depth++;
    f->row_len = 0;
}

static void literal_close(forms *f, forms_emit emit, void *ctx)
{
    int top = f->depth - 1;
    f->depth--;
    if (top >= FORMS_MAX_DEPTH)
        return;
    if (f->skip[top])
        ; /* a solution's lists */
    else if (f->scalars[top] > 0 && !f->lists[top] && !f->bools[top])
        emit(ctx, f->row, f->row_len, FORM_LINE, NULL, 0); /* a row */
    else if (f->lists[top])
        emit(ctx, "", 0, FORM_LINE, NULL, 0); /* a puzzle (or several) ends */
    f->row_len = 0;
}

/* Reads literal text s[0..len) (the whole line or what follows its
 * opening), while the literal lasts. */
static void literal_text(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    size_t i = 0;
    while (i < len && f->depth > 0) {
        unsigned char ch = s[i];
        int top = f->depth - 1 < FORMS_MAX_DEPTH ? f->depth - 1 : FORMS_MAX_DEPTH - 1;
        if (ch == '[' || ch == '{' || ch == '(') {
            literal_open(f, ch == '(' ? '[' : ch);
            i++;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            literal_close(f, emit, ctx);
            i++;
        } else if (ch == '"' || ch == '\'') {
            size_t from = ++i;
            while (i < len && s[i] != ch)
                i += s[i] == '\\' && i + 1 < len ? 2 : 1;
            literal_string(f, s + from, (i < len ? i : len) - from, emit, ctx);
            i++;
        } else if (ch == ':' && (f->kind[top] == '{' || f->kind[top] == 'o')) {
            /* a key before it: the braces hold an object, not a list */
            if (f->kind[top] == '{')
                f->row_len = 0;
            f->kind[top] = 'o';
            f->scalars[top] = 0;
            f->expect_key[top] = 0;
            i++;
        } else if (ch == ',') {
            f->expect_key[top] = 1;
            f->answer_key[top] = 0;
            i++;
        } else if (ch == '#' || (ch == '/' && i + 1 < len && s[i + 1] == '/')) {
            break; /* a comment to the end of the line */
        } else if (is_digit(ch) || ch == '-') {
            size_t from = i;
            i++;
            while (i < len && (is_digit(s[i]) || s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
                i++;
            int integer = ch != '-';
            for (size_t k = from; k < i; k++)
                integer &= is_digit(s[k]);
            if (integer && i - from <= 3)
                literal_scalar(f, (const char *)s + from, i - from);
        } else if (is_alpha(ch) || ch == '_') {
            size_t from = i;
            while (i < len && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '_' || s[i] == '.'))
                i++;
            size_t n = i - from;
            const char *w = (const char *)s + from;
            if ((n == 4 && (memcmp(w, "null", 4) == 0 || memcmp(w, "None", 4) == 0 ||
                            memcmp(w, "NULL", 4) == 0)) ||
                (n == 3 && memcmp(w, "nil", 3) == 0) || (n == 9 && memcmp(w, "undefined", 9) == 0))
                literal_scalar(f, "0", 1);
            else if ((n == 4 && (memcmp(w, "true", 4) == 0 || memcmp(w, "True", 4) == 0)) ||
                     (n == 5 && (memcmp(w, "false", 5) == 0 || memcmp(w, "False", 5) == 0)))
                f->bools[top] = 1;
        } else {
            i++;
        }
    }
}

/* Where a literal starts on a line that opens one: its first character
 * '[' or '{', or the bracket after "NAME =" (and a call: "np.array(").
 * Returns the offset of the bracket, or -1. */
static long literal_start(const unsigned char *s, size_t len)
{
    size_t i = 0;
    while (i < len && is_space(s[i]))
        i++;
    if (i < len && (s[i] == '[' || s[i] == '{'))
        return (long)i;
    const unsigned char *eq = memchr(s, '=', len);
    if (!eq || (eq + 1 < s + len && eq[1] == '='))
        return -1;
    i = (size_t)(eq - s) + 1;
    while (i < len && is_space(s[i]))
        i++;
    size_t word = i;
    while (i < len && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '_' || s[i] == '.'))
        i++;
    if (i < len && (s[i] == '[' || s[i] == '{' || (s[i] == '(' && i > word)))
        return (long)i;
    return -1;
}

/* ------------------------------------------------------------ fields */

typedef struct field {
    size_t from, to; /* its text, trimmed, inside its quotes when quoted */
    int quoted;      /* written in quotes: "" in it stands for '"' */
} field;

/* Where the field of s[0..len) that starts at i ends (at its delimiter,
 * or len), by RFC 4180's quoting: a field whose first character other
 * than a space is '"' is quoted up to the next '"' that is not one of a
 * pair ("" stands for '"'), delimiters and line breaks included; a '"'
 * anywhere else is a character like any other. Sets *open and *close to
 * where its quotes are (SIZE_MAX for none: an unquoted field, a quote
 * never closed). csv_quote_state follows the same rules. */
static size_t field_end(const unsigned char *s, size_t len, size_t i, unsigned char delim,
                        size_t *open, size_t *close)
{
    *open = *close = SIZE_MAX;
    while (i < len && s[i] != delim && is_space(s[i]))
        i++;
    if (i < len && s[i] == '"') {
        *open = i++;
        while (i < len) {
            if (s[i] == '"' && i + 1 < len && s[i + 1] == '"') {
                i += 2;
            } else if (s[i] == '"') {
                *close = i++;
                break;
            } else {
                i++;
            }
        }
    }
    while (i < len && s[i] != delim)
        i++;
    return i;
}

/* The field of s[0..len) from i up to its end (field_end's), trimmed and
 * unquoted. */
static field field_at(const unsigned char *s, size_t i, size_t end, size_t open, size_t close)
{
    size_t from = i, to = end;
    while (from < to && is_space(s[from]))
        from++;
    while (to > from && is_space(s[to - 1]))
        to--;
    if (open == SIZE_MAX)
        return (field){from, to, 0};
    /* what follows the closing quote (nothing, in a well-formed field) is
     * kept after what the quotes hold */
    return (field){open + 1, close != SIZE_MAX && close + 1 == to ? close : to, 1};
}

/* Splits s[0..len) at delim (quotes respected, fields trimmed and
 * unquoted) into at most max fields; returns how many there are (all of
 * them, even beyond max). */
static int split_fields(const unsigned char *s, size_t len, unsigned char delim, field *out,
                        int max)
{
    int count = 0;
    size_t i = 0;
    for (;;) {
        size_t open, close, end = field_end(s, len, i, delim, &open, &close);
        if (count < max)
            out[count] = field_at(s, i, end, open, close);
        count++;
        if (end >= len)
            return count;
        i = end + 1; /* the delimiter */
    }
}

/* The value of a field: its text, "" in a quoted one as '"'. Writes it to
 * out (room for its length) and returns its length. */
static size_t field_value(const unsigned char *s, field fd, char *out)
{
    size_t n = 0;
    for (size_t i = fd.from; i < fd.to; i++) {
        out[n++] = (char)s[i];
        if (fd.quoted && s[i] == '"' && i + 1 < fd.to && s[i + 1] == '"')
            i++;
    }
    return n;
}

int csv_quote_state(const forms *f, const unsigned char *s, size_t len, int open, size_t *quote)
{
    enum { START, PLAIN, QUOTED, QUOTE_SEEN };
    int state = open ? QUOTED : START;
    unsigned char delim = f->delim;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = s[i];
        switch (state) {
        case START:
            if (ch == '"') {
                state = QUOTED;
                *quote = i;
            } else if (ch != delim && !is_space(ch)) {
                state = PLAIN;
            }
            break;
        case PLAIN:
            if (ch == delim)
                state = START;
            break;
        case QUOTED:
            if (ch == '"')
                state = QUOTE_SEEN;
            break;
        default: /* a '"' in quotes: the first of "", or their end */
            state = ch == '"' ? QUOTED : ch == delim ? START : PLAIN;
            break;
        }
    }
    return state == QUOTED;
}

/* The delimiter a line of fields uses: the one of ',' ';' '\t' that cuts
 * it into the most fields (at least 2), or 0. */
static unsigned char line_delimiter(const unsigned char *s, size_t len, int tabs)
{
    static const unsigned char delims[] = {',', ';', '\t'};
    unsigned char best = 0;
    size_t most = 0;
    for (size_t d = 0; d < sizeof delims; d++) {
        if (delims[d] == '\t' && !tabs)
            continue;
        size_t count = 0;
        for (size_t i = 0; i < len; i++)
            count += s[i] == delims[d];
        if (count > most) {
            most = count;
            best = delims[d];
        }
    }
    return best;
}

/* The next field of s[0..len) from *pos (quotes respected, trimmed and
 * unquoted) into *fd; returns 0 when there is none left. */
static int next_field(const unsigned char *s, size_t len, unsigned char delim, size_t *pos,
                      field *fd)
{
    if (*pos > len)
        return 0;
    size_t open, close, end = field_end(s, len, *pos, delim, &open, &close);
    *fd = field_at(s, *pos, end, open, close);
    *pos = end + 1;
    return 1;
}

/* A line of cells between ',' or ';': emitted as a row of cells apart.
 * Returns 1 if the line is one. */
static int cell_row(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    unsigned char delim = line_delimiter(s, len, 0);
    if (!delim)
        return 0;
    size_t pos = 0;
    field fd;
    int count = 0, empty = 0, other_blank = 0, last_empty = 0;
    while (next_field(s, len, delim, &pos, &fd)) {
        size_t from = fd.from, n = fd.to - fd.from;
        count++;
        last_empty = n == 0;
        if (n == 0)
            empty++;
        else if (n == 1 && cell_char(s[from]))
            other_blank |= !is_digit(s[from]) && !is_alpha(s[from]);
        else if (!(n <= 2 && is_digit(s[from]) && is_digit(s[from + n - 1])))
            return 0;
    }
    if (count < 2 || count > NONET_MAX_CELLS + 1)
        return 0;
    /* "0,3,5,...,4," ends with its delimiter: no empty cell */
    if (last_empty && empty == 1)
        count--;
    f->row_len = 0;
    pos = 0;
    for (int k = 0; k < count && next_field(s, len, delim, &pos, &fd); k++) {
        if (fd.to == fd.from)
            row_add(f, other_blank ? "." : "0", 1);
        else
            row_add(f, (const char *)s + fd.from, fd.to - fd.from);
    }
    emit(ctx, f->row, f->row_len, FORM_LINE, NULL, 0);
    f->row_len = 0;
    return 1;
}

/* ------------------------------------------------------------ CSV tables */

static const char *const puzzle_columns[] = {
    "puzzle",  "puzzles", "quizzes", "quiz",   "question", "questions", "sudoku",
    "sudokus", "board",   "grid",    "givens", "problem",  "unsolved",
};

static int same_word(const unsigned char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (len != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i];
        if (ch != (unsigned char)word[i])
            return 0;
    }
    return 1;
}

/* Whether field text is a column name: one word of letters, digits, '_',
 * '-' or '.', starting with a letter or '_'. */
static int column_name(const unsigned char *s, size_t len)
{
    if (len == 0 || len > FORMS_MAX_NAME || !(is_alpha(s[0]) || s[0] == '_'))
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!(is_alpha(s[i]) || is_digit(s[i]) || s[i] == '_' || s[i] == '-' || s[i] == '.'))
            return 0;
    return 1;
}

/* A header line: remembers its delimiter, names and puzzle column.
 * Returns 1 if the line is one. */
static int csv_header(forms *f, const unsigned char *s, size_t len)
{
    unsigned char delim = line_delimiter(s, len, 1);
    if (!delim)
        return 0;
    field fields[FORMS_MAX_COLUMNS];
    int count = split_fields(s, len, delim, fields, FORMS_MAX_COLUMNS);
    if (count < 2 || count > FORMS_MAX_COLUMNS)
        return 0;
    int column = -1;
    for (int k = 0; k < count; k++) {
        const unsigned char *t = s + fields[k].from;
        size_t n = fields[k].to - fields[k].from;
        if (n == 0)
            continue; /* pandas' index column has no name */
        if (!column_name(t, n))
            return 0;
        if (column >= 0)
            continue;
        if (f->want_column) {
            if (same_word(t, n, f->want_column))
                column = k;
        } else {
            for (size_t w = 0; w < sizeof puzzle_columns / sizeof puzzle_columns[0]; w++)
                if (same_word(t, n, puzzle_columns[w]))
                    column = k;
        }
    }
    if (f->want_column && is_digit((unsigned char)f->want_column[0])) {
        column = atoi(f->want_column) - 1; /* a number: that field, named */
        if (column >= count)
            column = -1;
    }
    if (column < 0)
        return 0;
    f->csv = 1;
    f->delim = delim;
    f->column = column;
    f->ncolumns = count;
    size_t at = 0;
    for (int k = 0; k < count; k++) {
        size_t n = fields[k].to - fields[k].from;
        if (n > FORMS_MAX_NAME)
            n = FORMS_MAX_NAME;
        memcpy(f->names + at, s + fields[k].from, n);
        f->names[at + n] = '\0';
        f->name_at[k] = (uint16_t)at;
        at += n + 1;
    }
    return 1;
}

/* Every line's columns fit a puzzle: the values are parts of the line
 * (or of the record, its lines together: read.c keeps at most
 * NONET_MAX_LINE bytes of one), apart (each NUL stands where a delimiter
 * was, or at the end) and no longer than written, and the header's other
 * names are at most FORMS_MAX_COLUMNS - 1 of at most FORMS_MAX_NAME
 * bytes. */
_Static_assert(NONET_MAX_COLUMNS_TEXT >=
                   NONET_MAX_LINE + 1 + (FORMS_MAX_COLUMNS - 1) * (FORMS_MAX_NAME + 1),
               "a table line's columns always fit nonet_puzzle.columns");

/* A line of the table (a record: its lines, when a quoted field holds
 * line breaks): its puzzle field as one puzzle, with the other fields as
 * its columns (name, value, each NUL-terminated), each unquoted. */
static void csv_row(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    field fields[FORMS_MAX_COLUMNS];
    int count = split_fields(s, len, f->delim, fields, FORMS_MAX_COLUMNS);
    if (count > FORMS_MAX_COLUMNS)
        count = FORMS_MAX_COLUMNS;
    size_t at = 0;
    for (int k = 0; k < count && k < f->ncolumns; k++) {
        const char *name = f->names + f->name_at[k];
        size_t nl = strlen(name), vl = fields[k].to - fields[k].from;
        if (k == f->column || nl == 0 || at + nl + vl + 2 > NONET_MAX_COLUMNS_TEXT ||
            !grow(&f->columns, &f->columns_cap, at + nl + vl + 2))
            continue; /* (out of memory: the bound above always holds) */
        memcpy(f->columns + at, name, nl + 1);
        at += nl + 1;
        vl = field_value(s, fields[k], f->columns + at);
        f->columns[at + vl] = '\0';
        at += vl + 1;
    }
    if (f->column >= count) {
        f->field_at = -1;
        emit(ctx, "", 0, FORM_PUZZLE, f->columns, at);
        return;
    }
    field fd = fields[f->column];
    const char *text = (const char *)s + fd.from;
    size_t n = fd.to - fd.from;
    if (fd.quoted && memchr(text, '"', n) && grow(&f->row, &f->row_cap, n)) {
        n = field_value(s, fd, f->row); /* a puzzle with "" in it: unquoted */
        text = f->row;
    }
    f->field_at = (long)fd.from;
    emit(ctx, text, n, FORM_PUZZLE, f->columns, at);
    f->field_at = -1;
}

/* ------------------------------------------------------------ lines */

/* A line of code with puzzles in quotes ("puzzles.append('4102...')"):
 * each quoted run of 16 or more cells is a line. Returns 1 if there was
 * one. */
static int quoted_cells(const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    int found = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '"' && s[i] != '\'')
            continue;
        size_t from = i + 1, to = from;
        while (to < len && s[to] != s[i])
            to++;
        if (to == len)
            return found;
        if (cells_text(s + from, to - from, 16)) {
            emit(ctx, (const char *)s + from, to - from, FORM_LINE, NULL, 0);
            found = 1;
        }
        i = to;
    }
    return found;
}

/* Whether the field of a table's line in the puzzle column reads as a
 * puzzle: cells (or numbers, or a long run), 16 or more, with a few bad
 * characters at most (a puzzle with a typo or a control character in it
 * is the table's first failed puzzle, not a sign that there is no
 * table). */
static int csv_confirms(const forms *f, const unsigned char *s, size_t len)
{
    size_t pos = 0, cells = 0, bad = 0;
    field fd = {0, 0, 0};
    for (int k = 0; k <= f->column; k++)
        if (!next_field(s, len, f->delim, &pos, &fd))
            return 0;
    for (size_t i = fd.from; i < fd.to; i++) {
        if (cell_char(s[i]))
            cells++;
        else if (!is_space(s[i]) && s[i] != ',' && s[i] != '\n')
            bad++;
    }
    return cells >= 16 && bad * 8 <= cells;
}

/* A row of SudoCue's .sdx pencil-mark grids: candidate lists apart, and
 * "u7" for a value the user placed (a digit of the position). Emitted
 * without the 'u's. Returns 1 if the line is one. */
static int placed_row(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    int placed = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && is_space(s[i]))
            i++;
        if (i == len)
            break;
        int mark = s[i] == 'u';
        size_t from = i + (size_t)mark;
        i = from;
        while (i < len && is_digit(s[i]) && s[i] != '0')
            i++;
        if (i == from || (i < len && !is_space(s[i])) || (mark && i - from != 1))
            return 0;
        placed += mark;
    }
    if (!placed)
        return 0;
    f->row_len = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] != 'u' && grow(&f->row, &f->row_cap, f->row_len + 1))
            f->row[f->row_len++] = (char)s[i];
    emit(ctx, f->row, f->row_len, FORM_LINE, NULL, 0);
    f->row_len = 0;
    return 1;
}

/* Whether a line may be a form at all: it holds one of the characters
 * every form needs ('<', a bracket, '=', a delimiter, a quote, the 'u' of
 * "u7"). Most lines (one-line puzzles, grid rows) hold none. */
static int may_be_form(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        switch (s[i]) {
        case '<':
        case '[':
        case '{':
        case '=':
        case ',':
        case ';':
        case '"':
        case '\'':
        case '\t':
        case 'u':
            return 1;
        default:
            break;
        }
    return 0;
}

static int plain_forms(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    if (!may_be_form(s, len))
        return 0;
    size_t i = 0;
    while (i < len && is_space(s[i]))
        i++;
    if (i < len && s[i] == '<') {
        xml_line(s + i, len - i, emit, ctx);
        return 1;
    }
    long at = literal_start(s, len);
    if (at >= 0) {
        literal_open(f, s[at] == '(' ? '[' : s[at]);
        literal_text(f, s + at + 1, len - (size_t)at - 1, emit, ctx);
        return 1;
    }
    if (quoted_cells(s, len, emit, ctx) || placed_row(f, s, len, emit, ctx))
        return 1;
    if (csv_header(f, s, len)) {
        /* kept until the next line shows a puzzle in its column */
        f->csv = 2;
        f->header_len = len < sizeof f->header ? len : sizeof f->header;
        memcpy(f->header, s, f->header_len);
        return 1;
    }
    unsigned char delim = line_delimiter(s, len, 1);
    if (f->want_column && is_digit((unsigned char)f->want_column[0]) && delim) {
        /* --column N and no header: every line of fields is a table's */
        f->csv = 1;
        f->delim = delim;
        f->column = atoi(f->want_column) - 1;
        f->ncolumns = 0;
        csv_row(f, s, len, emit, ctx);
        return 1;
    }
    return cell_row(f, s, len, emit, ctx);
}

int forms_line(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx)
{
    if (f->depth > 0) {
        literal_text(f, s, len, emit, ctx);
        return 1;
    }
    if (f->csv == 2) {
        if (csv_confirms(f, s, len)) {
            f->csv = 1;
        } else {
            /* no table after all: the header line is a plain line */
            f->csv = 0;
            emit(ctx, f->header, f->header_len, FORM_LINE, NULL, 0);
            if (!plain_forms(f, s, len, emit, ctx))
                emit(ctx, (const char *)s, len, FORM_LINE, NULL, 0);
            return 1;
        }
    }
    if (f->csv) {
        csv_row(f, s, len, emit, ctx);
        return 1;
    }
    return plain_forms(f, s, len, emit, ctx);
}

int forms_end(forms *f, forms_emit emit, void *ctx)
{
    if (f->csv == 2) {
        f->csv = 0;
        emit(ctx, f->header, f->header_len, FORM_LINE, NULL, 0);
        return 1;
    }
    f->csv = 0;
    return 0;
}
