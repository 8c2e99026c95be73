/* read.h - what the reader's modules share (not installed).
 *
 * The reader is four modules:
 *   read.c          the stream: bytes to lines, what each line is (a
 *                   comment, a title, a one-line puzzle, a grid row), the
 *                   queue of finished puzzles, the public functions;
 *   read_scan.c     one line to its cells and tokens (scan_line), with the
 *                   facts the decisions need, and how to name a character;
 *   read_grid.c     a grid's rows, kept until the grid is decided, then
 *                   read by character, by token (numbers or candidate
 *                   lists) or by column (spaces as blanks);
 *   read_symbols.c  a puzzle's cells as written to digits: which symbols
 *                   (1-9A-G, 0-F, A-P, ...) and which blank it uses.
 *
 * Cells travel between them as codes, each one byte: CODE_BLANK for a
 * blank symbol ('.', '-', '_', '*', the middle dot, a space read as a
 * blank), '0' (a blank or a symbol: read_symbols decides), '1'-'9' and
 * 'A'-'Z' (letters upper-cased; their case is counted apart), CODE_BAD for
 * a character that is none of these. */
#ifndef NONET_READ_H
#define NONET_READ_H

#include "core/internal.h"

#include <stddef.h>
#include <stdint.h>

enum { CODE_BLANK = 1, CODE_BAD = 0xFF };

/* Cells or tokens kept per line: a one-line puzzle of the largest side,
 * one more to tell "too many". */
#define MAX_ITEMS (NONET_MAX_CELLS + 1)

/* Separator strength before a cell: none, one space, two or more spaces
 * or a tab, a bar. */
enum { GAP_NONE = 0, GAP_SPACE = 1, GAP_WIDE = 2, GAP_BAR = 3 };

/* The blank symbols, for the puzzle's main blank (nonet_puzzle.blank). */
/* 'X' (either case) is counted as a blank too but keeps its code: it is a
 * symbol only of an alphabet that reaches X (read_symbols decides). */
enum { BLANK_DOT, BLANK_DASH, BLANK_ZERO, BLANK_UNDERSCORE, BLANK_STAR, BLANK_X, BLANK_KINDS };

/* What one scan of a line found. Counts are of the whole line even where
 * the per-cell arrays keep only MAX_ITEMS entries. */
typedef struct line_scan {
    /* character reading: every character that is not a separator or a
     * rule mark is a cell */
    int ncells;
    int nsym;     /* '1'-'9' and letters */
    int ndigits;  /* '1'-'9' */
    int nzero;    /* '0' */
    int nblank;   /* blank symbols other than '0' */
    int nbad;     /* characters that are no cell */
    int ncontrol; /* of them, control characters (tabs are spaces, and so
                     are CR, VT and FF at the line's start or end) and
                     bytes that are no UTF-8: binary, never text */
    int nletters, nlower;
    int max_value;  /* largest symbol as 1-9, A-Z = 10-35 */
    int max_letter; /* largest letter as A = 1 .. Z = 26 */
    int has_word;   /* three letters in a row, one of them lower case */
    int has_sep;    /* some separator between two cells */
    int all_sep;    /* a separator between every two cells */
    int has_bar;    /* '|' or a vertical box-drawing character */
    int has_mark;   /* '+', '=', ':', '\'' or box drawing other than a
                       vertical line (a row's bar) */
    int has_dashes; /* "--" */
    int blanks[BLANK_KINDS];
    long mark_col;     /* first rule mark ('+', '=', ':', '\''), 0 if none */
    long bad_col;      /* first bad character: byte column, 0 if none */
    char bad_what[48]; /* and how to name it: "'x'", "'·' (U+00B7)",
                          "control character U+000D (carriage return)" */
    int width;         /* display columns up to the last non-space character */
    /* token reading: words between spaces and bars */
    int ntokens;
    int tokens_numeric; /* every token is decimal digits only */
    int multi_digit;    /* some token has two or more characters */
    int tokens_sorted;  /* in every token the characters increase (letters
                           folded to upper case), as in candidate lists */
    long max_number;    /* largest token value when numeric */
} line_scan;

/* A scanned line's cells and tokens. */
typedef struct line_items {
    uint8_t code[MAX_ITEMS];  /* cell codes (see above) */
    uint8_t gap[MAX_ITEMS];   /* separator strength before each cell */
    int32_t col[MAX_ITEMS];   /* each cell's 1-based byte column */
    int32_t dcol[MAX_ITEMS];  /* and display column (a UTF-8 character
                                 counts one, a tab moves to the next
                                 multiple of 8) */
    uint8_t tgap[MAX_ITEMS];  /* token reading: strength before each token */
    int32_t tcol[MAX_ITEMS];  /* each token's 1-based byte column */
    int32_t tlen[MAX_ITEMS];  /* and length in bytes */
    uint32_t tval[MAX_ITEMS]; /* its value when numeric (capped) */
} line_items;

/* Scans s[0..len) (no line end; trailing spaces allowed) into *sc and,
 * when items is non-NULL, the per-cell and per-token arrays. */
void scan_line(const unsigned char *s, size_t len, line_scan *sc, line_items *items);

/* Names the character at s (of left bytes) for a message: "'x'",
 * "'·' (U+00B7)", "a NUL byte", "byte 0xFF", "a tab", "control character
 * U+0001", "control character U+001B (escape)". */
void describe_char(const unsigned char *s, size_t left, char *buf, size_t cap);

/* What goes between "bad character" and such a name: a space before a
 * quoted character ("bad character 'x'"), ": " before words ("bad
 * character: a NUL byte"). */
#define BAD_SEP(what) ((what)[0] == '\'' ? " " : ": ")

/* "s" after a count other than 1: "%d cell%s", k, PLURAL(k). */
#define PLURAL(k) ((k) == 1 ? "" : "s")

/* Whether a line with these facts could be written in the symbols of
 * some alphabet for side n (its '0's may be blanks), case consistent. */
int scan_fits(const line_scan *sc, int n);

/* Whether the line is nearly a one-line puzzle: its cell count is within
 * a few of some n*n (n >= 4) and nearly all of its cells fit side n. Sets
 * *side to that n. */
int scan_near_one_line(const line_scan *sc, const line_items *it, int *side);

/* The display columns (from 1) of the line's first and last characters
 * other than spaces; 0 and 0 for a blank line. */
void scan_extent(const unsigned char *s, size_t len, int *left, int *right);

/* The cell code of a character (one byte; CODE_BAD for one that is no
 * cell: a separator, a rule mark, any other). */
int char_code(unsigned char ch);

/* Whether ncells cell codes are the pencil-mark form: n*n*n cells (4 <= n
 * <= 16), n for each cell, the k-th a blank (or '0') or the symbol of
 * digit k (1-9A-G), some not blank, and no lower-case letter (nlower).
 * Returns n, or 0. side: the side a size line or the options give (0:
 * none); the form is then only that side's. The 64 cells of side 4 and
 * the 729 of side 9 are also one-line 8x8 and 27x27 puzzles: without a
 * side, such cells are marks only when every cell has one, so that each
 * reading is the one that makes sense (as an 8x8 or 27x27 puzzle, marks
 * in every cell break its rules: 16 or more clues of 1-4 (81 of 1-9),
 * each in two (three) columns of its own; as marks, a cell without any
 * has no digit left). The writer (format.c) writes a size line before
 * an 8x8 or 27x27 line that would read as marks. */
int pencil_form(const uint8_t *code, int ncells, int nlower, int side);

/* Whether the line reads as text (a title) rather than cells: it has a
 * letter or a character that is no cell, and it is no row of its own
 * width (scan_fits fails for its cell count). */
int scan_texty(const line_scan *sc);

/* ------------------------------------------------------------ forms */

/* Puzzles wrapped in other notations (read_forms.c): XML, list literals,
 * rows of comma-separated cells, CSV tables. A form's lines are handed
 * back as plain lines, through an emit callback. */
#define FORMS_MAX_DEPTH 8
#define FORMS_MAX_COLUMNS 64
#define FORMS_MAX_NAME 63

/* What an emitted line is: a plain line to read as any other, or the text
 * of exactly one puzzle (a CSV table's field), with its columns. */
enum { FORM_LINE = 1, FORM_PUZZLE = 2 };

/* Receives an emitted line. columns: name, value, ... each NUL-terminated
 * one after another (columns_len bytes), for FORM_PUZZLE. */
typedef void (*forms_emit)(void *ctx, const char *text, size_t len, int kind, const char *columns,
                           size_t columns_len);

typedef struct forms {
    /* a literal: its open brackets, innermost last */
    int depth;
    uint8_t kind[FORMS_MAX_DEPTH];       /* '[' (lists, tuples), '{' (braces:
                                            a list until a key shows an
                                            object) or 'o' (an object) */
    uint8_t answer_key[FORMS_MAX_DEPTH]; /* the object's key is "solution"... */
    uint8_t skip[FORMS_MAX_DEPTH];       /* inside such a value: left out */
    uint8_t lists[FORMS_MAX_DEPTH];      /* holds lists or lines: a block */
    uint8_t bools[FORMS_MAX_DEPTH];      /* holds booleans: a mask, no row */
    uint8_t expect_key[FORMS_MAX_DEPTH]; /* in an object, before ':' */
    int scalars[FORMS_MAX_DEPTH];
    char *row; /* the row being gathered */
    size_t row_len, row_cap;
    /* a CSV table: 1 while in one, 2 after its header (until a line
     * confirms it) */
    int csv;
    unsigned char delim;
    int column, ncolumns;
    char names[FORMS_MAX_COLUMNS * (FORMS_MAX_NAME + 1)];
    uint16_t name_at[FORMS_MAX_COLUMNS];
    char *columns; /* a line's other columns, as nonet_puzzle.columns */
    size_t columns_cap;
    long field_at; /* while a FORM_PUZZLE is emitted: where its text begins
                      in the text given to forms_line (-1: nowhere) */
    char header[1024];
    size_t header_len;
    const char *want_column; /* the option's column: a name or a number */
} forms;

void forms_init(forms *f, const char *column);
void forms_free(forms *f);

/* Whether a quoted field is open at the end of s[0..len), a line of the
 * CSV table being read (its delimiter's), by RFC 4180's quoting (a field
 * that starts with '"' ends at the next '"' that is not one of a pair);
 * open: whether one was open at its start (the line goes on a record
 * whose field holds a line break). When a field opens in s and is still
 * open at its end, *quote is where its '"' is. */
int csv_quote_state(const forms *f, const unsigned char *s, size_t len, int open, size_t *quote);

/* Reads one input line (no line end). Returns 1 when it belongs to a form
 * (its plain lines, if any, were emitted), 0 when it is a plain line to
 * read as it is. Blank lines go here only inside a literal; a blank line
 * elsewhere, or the end of the input, is forms_end. */
int forms_line(forms *f, const unsigned char *s, size_t len, forms_emit emit, void *ctx);

/* A blank line outside literals, or the input's end: a CSV table ends.
 * Returns 1 if it emitted a line (a header no table followed). */
int forms_end(forms *f, forms_emit emit, void *ctx);

/* ------------------------------------------------------------ symbols */

/* A puzzle's cells as written, before read_symbols decides what they
 * mean. */
typedef struct raw_cells {
    int n;
    int nlower, nupper;      /* letters of each case */
    int blanks[BLANK_KINDS]; /* blank symbols of each kind ('0' included) */
    long bad_line, bad_col;  /* the first character that is no cell */
    char bad_what[48];       /* (0 if none) and its name */
    uint8_t code[NONET_MAX_CELLS];
    uint8_t ch[NONET_MAX_CELLS]; /* the first byte as written, for messages */
    long line[NONET_MAX_CELLS];  /* where each cell was written, for
                                    messages (0: unknown) */
    int32_t col[NONET_MAX_CELLS];
    int zero_blank; /* written in numbers ("0 1 / 1 0"): '0' is a blank,
                       never the first symbol of 0-9A-... */
} raw_cells;

/* The alphabet chosen for a puzzle: value[code] is the digit of a cell
 * code (0 blank), or -1 for a code that is no symbol of it. */
typedef struct alphabet {
    int n;
    char symbols[NONET_MAX_SYMBOL_SIDE + 1];
    int16_t value[256];
    int zero_is_symbol;
} alphabet;

/* Chooses the alphabet of a puzzle of side n (at most 35) whose cells
 * use the codes marked in used[256]: the forced symbols if any (NULL or
 * ""), else the alphabet the used symbols fit (read_symbols.c gives the
 * rules). other_blanks: whether blank symbols other than '0' occur. */
void choose_alphabet(int n, const uint8_t *used, int nlower, int nupper, int other_blanks,
                     const char *forced, alphabet *a);

/* Whether forced symbols are usable: 1 to 35 distinct letters and digits
 * (letters of either case count once). */
int symbols_valid(const char *symbols);

/* Decodes raw cells into g (shape already set) with the alphabet that
 * suits them (or the forced one); fills symbols and blank. Sets the first
 * error in *err (a bad character, a symbol out of range, an ambiguity)
 * and returns its code, or NONET_OK. */
int decode_cells(const raw_cells *raw, const char *forced, nonet_grid *g, char *symbols,
                 char *blank, nonet_error *err);

/* The main blank of a puzzle from its counts of blank kinds. */
char main_blank(const int *counts, char fallback);

/* ------------------------------------------------------------ grids */

/* What the reader knows that is not in the text: the options. */
typedef struct read_ctx {
    nonet_layout layout; /* forced layout, or AUTO */
    int forced_n;        /* forced side, 0 if none */
    int box_rows, box_cols;
    const char *symbols; /* forced symbols, NULL if none */
} read_ctx;

#define GRID_MAX_ROWS (NONET_MAX_SIDE + 1)

/* A row kept until its grid is decided. */
typedef struct grid_row {
    long line;
    size_t end_offset; /* input offset after its line */
    size_t off, len;   /* its text in the grid's arena, trailing
                          spaces kept (they matter read by column) */
    size_t whole;      /* and the whole line's from off: with the name
                          after it ("# name", a tab and text), which a
                          row read again as a one-line puzzle keeps */
    int band_start;    /* blank or rule lines came before it */
    int bar_only;      /* bars and spaces only: a row of blanks when
                          read by column, a rule otherwise */
    line_scan sc;
} grid_row;

/* A grid being assembled. Up to three readings are followed at once
 * (read_grid.c): by character, by token and by column; a reading dies at
 * the first row it cannot take, and the grid is finished by the first
 * that has all its rows. */
typedef struct grid_work {
    int active;
    int nrows; /* rows kept, bar_only ones included */
    grid_row rows[GRID_MAX_ROWS];
    char *text; /* the rows' text (malloc'ed, grows) */
    size_t text_len, text_cap;
    int chars_n;    /* character reading: its side, 0 once dead */
    int chars_rows; /* rows it counts (bar_only ones are rules) */
    int tokens_n;   /* token reading: its side, 0 once dead */
    int tokens_rows;
    int pos;            /* column reading (spaces as blanks) alive */
    int maybe_lines;    /* rows of 16 or 25 cells: maybe one-line 4x4
                           or 5x5 puzzles (read.c decides) */
    int provisional;    /* the first row had dashes only: maybe a rule */
    int boxed;          /* a bar or a rule line was seen */
    int gap_lines;      /* blank or rule lines since the last row */
    int max_value;      /* largest symbol value in its rows */
    int chars_done;     /* the character reading has its rows, but they
                           may be the start of a grid read by column:
                           the next line decides */
    int held;           /* rows kept before the grid began: empty rows
                           of a frame ("|       |       |") */
    int last_rule;      /* the last line was a rule line */
    int rule_left;      /* display columns where the grid's rule lines */
    int rule_right;     /* begin and end (0: none) */
    int broken_n;       /* every reading failed: rows still to consume
                           before the error is reported, as side */
    nonet_error broken; /* the error of the reading that died last */
    long first_line;
} grid_work;

/* Frees the arena. */
void grid_free(grid_work *w);

/* Starts a grid with its first row (text[0..len) with trailing spaces,
 * scanned into *sc; text[0..whole) the whole line, a name after the row
 * included), after the rows held for it if any. rule_left and
 * rule_right: where the rule lines just before it begin and end (display
 * columns; 0 if none). */
int grid_begin(grid_work *w, const read_ctx *ctx, const char *text, size_t len, size_t whole,
               long line, size_t end_offset, const line_scan *sc, int rule_left, int rule_right);

/* Holds an empty framed row ("|       |       |       |", bars only)
 * that comes before any grid: it is the first row of the grid that
 * begins next, if one does. Returns 0, or -1 when out of memory. */
int grid_hold(grid_work *w, const char *text, size_t len, long line, size_t end_offset,
              const line_scan *sc, int rule_left, int rule_right);

/* At the end of a block (a blank line, a second rule line, the input's
 * end): when the rows held are a whole empty grid in its frame (every
 * cell a blank, "+---+ / |   | / +---+"), makes it the grid in progress,
 * to be finished, and returns 1; else 0. */
int grid_begin_held(grid_work *w, const read_ctx *ctx);

/* Forgets the held rows: no grid began after them (they were rules). */
void grid_drop_held(grid_work *w);

/* Whether the scanned line would be a row of the grid in progress for
 * some living reading. */
int grid_takes(const grid_work *w, const line_scan *sc);

/* Adds the next row (text and whole as for grid_begin). Returns 1 when
 * the grid is complete (finish it), 0 when it wants more rows, -1 when out
 * of memory. */
int grid_add(grid_work *w, const read_ctx *ctx, const char *text, size_t len, size_t whole,
             long line, size_t end_offset, const line_scan *sc);

/* A blank line (rule 0) or a rule line (rule 1, from display column left
 * to right) between rows, or before them while rows are held. */
void grid_gap(grid_work *w, int rule, int left, int right);

/* At a blank line: whether the grid ends there, because the character
 * reading waits for the next line (grid_add) or the rows read by column
 * make a grid (a blank line is never an empty row). */
int grid_ends_at_blank(const grid_work *w);

/* At a rule line: whether a grid read by column ends there, its frame
 * closed: the rows make a grid whose columns sit evenly in boxes of equal
 * width between the bars, and rule lines fall between its bands. */
int grid_closes_by_columns(const grid_work *w);

/* Finishes the grid into p (reset by the caller, its name set): reads
 * the rows with the reading that finished it, or reports why none could
 * (truncated: the rows ended first). raw and it are scratch. Clears w. */
void grid_finish(grid_work *w, const read_ctx *ctx, int truncated, nonet_puzzle *p, raw_cells *raw,
                 line_items *it);

/* Sets e (if it holds no error yet) to code, position and message. */
void set_error(nonet_error *e, int code, long line, long column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif
