/* nonet.h - the public interface of libnonet, a Sudoku toolkit.
 *
 * If it is not in this file, it is not part of the API.
 *
 * Conventions that hold for every function below:
 * - Reentrant: the library has no global mutable state. Objects (readers,
 *   solvers) may be used by one thread at a time; different objects may be
 *   used by different threads at once.
 * - The library never prints and never exits; problems come back as status
 *   codes (enum nonet_status, text via nonet_strerror) or in a nonet_error.
 * - The caller owns all memory it passes in. The few objects the library
 *   allocates (nonet_reader, nonet_solver) are freed by their _free
 *   function, which accepts NULL as a harmless no-op.
 * - Rows, columns, boxes and cells count from 0; digits from 1. Boxes are
 *   numbered row-major. Text meant for people (error messages) counts rows,
 *   columns and boxes from 1, as people do.
 */
#ifndef NONET_H
#define NONET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the exported functions when building the shared library. */
#if defined(NONET_BUILD_SHARED) && defined(__GNUC__)
#define NONET_API __attribute__((visibility("default")))
#else
#define NONET_API
#endif

#define NONET_VERSION "0.1.0"

/* Largest side N of a grid: a cell's candidate set fits one 64-bit word. */
#define NONET_MAX_SIDE 64
#define NONET_MAX_CELLS (NONET_MAX_SIDE * NONET_MAX_SIDE)
/* Largest side whose digits each have a one-character symbol (1-9, A-Z).
 * Larger grids can only be written in the numbers layout. */
#define NONET_MAX_SYMBOL_SIDE 35
/* Longest input line the reader accepts, in bytes, line end excluded; also
 * the longest CSV record whose quoted field holds line breaks, its lines
 * and the breaks between them together. */
#define NONET_MAX_LINE 65536
/* Longest puzzle name kept, in bytes (see nonet_puzzle.name). */
#define NONET_MAX_NAME 255
/* Room for a puzzle's other CSV columns, names and values together (see
 * nonet_puzzle.columns): a whole line's values (NONET_MAX_LINE bytes at
 * most) and the names of a header's other columns (a table has at most 64
 * columns, with names of at most 63 bytes), so that every column of every
 * line of a table is kept. */
#define NONET_MAX_COLUMNS_TEXT (NONET_MAX_LINE + 4096)

/* ---------------------------------------------------------------- status */

/* Every function that can fail returns one of these (0 or negative). */
enum nonet_status {
    NONET_OK = 0,
    NONET_EARG = -1,   /* an argument is invalid (NULL, bad geometry, ...) */
    NONET_ENOMEM = -2, /* out of memory */
    NONET_EEMPTY = -3, /* the text holds no puzzle */
    /* input errors (nonet_error.code) */
    NONET_EBADCHAR = -10,   /* a character that is no symbol, blank or separator */
    NONET_ESHORTROW = -11,  /* a grid row with too few cells */
    NONET_ELONGROW = -12,   /* a grid row with too many cells */
    NONET_ETRUNCATED = -13, /* a grid that ended before its last row; a CSV
                               field whose quote the input ended inside */
    NONET_ERANGE = -14,     /* a digit larger than the grid's side */
    NONET_ECELLS = -15,     /* a one-line puzzle whose cell count fits no grid */
    NONET_ELINE = -16,      /* a line (or CSV record) longer than NONET_MAX_LINE */
    NONET_ESIZE = -17,      /* the puzzle does not have the forced size */
    NONET_EAMBIGUOUS = -18, /* the text can be read as two different puzzles
                               (e.g. '0' as a blank or as a symbol) */
    NONET_EBINARY = -19,    /* binary data (or UTF-32), not text: the input
                               is not read from there on */
    /* puzzle verdicts */
    NONET_ECONFLICT = -20,   /* a digit appears twice in a row, column or box */
    NONET_ECLUE = -21,       /* a proposed solution changes a clue */
    NONET_EINCOMPLETE = -22, /* a proposed solution has a blank cell */
    NONET_ENOSOLUTION = -23, /* the puzzle has no solution */
    NONET_ENOTUNIQUE = -24,  /* the puzzle has more than one solution */
    NONET_EGIVEUP = -25,     /* no puzzle met the targets within the tries */
    /* a long call stopped before it ended (see nonet_stop) */
    NONET_ECANCELED = -26, /* its stop function asked it to stop */
    NONET_ETIMEOUT = -27   /* its deadline passed */
};

/* A static, human-readable description of a status code (never NULL;
 * unknown codes give "unknown error"). */
NONET_API const char *nonet_strerror(int status);

/* ---------------------------------------------------------------- stopping long calls */

/* How to stop a long call before it ends. One puzzle can be a whole
 * call's work for as long as anyone waits (counting the empty 9x9 grid's
 * 6.67e21 solutions), so the long calls look at their stop every few
 * thousand nodes or steps (measured: 8 ms apart at most on the hardest
 * 9x9 ratings, 36 ms in nested forcing chains and on 16x16 boards):
 * - nonet_solver_run, _count and their _marks forms (nonet_solver_set_stop),
 * - nonet_variant_run, _count and _candidates (their stop argument),
 * - nonet_human_find and nonet_human_rate (nonet_human_set_stop),
 * - nonet_generate, nonet_minimize, nonet_is_minimal (nonet_generator_set_stop),
 * - nonet_needs_generate (nonet_needs_set_stop),
 * - nonet_xc_solve (nonet_xc_set_stop).
 * Such a call returns NONET_ECANCELED soon after fn returns nonzero, or
 * NONET_ETIMEOUT soon after the clock passes deadline, with what it found
 * until then in its out-parameters (the count so far, the statistics;
 * the solutions found were passed to the callback); no object is left
 * broken, and the next call starts afresh. Zero-initialised: no stop. */
typedef struct nonet_stop {
    int (*fn)(void *ctx); /* NULL, or asked at each look (from the calling
                             thread): nonzero stops the call. A flag set
                             by another thread or a signal handler is read
                             here (an atomic load). */
    void *ctx;            /* fn's argument */
    uint64_t deadline;    /* 0, or a reading of nonet_clock_ns(): the
                             call stops once the clock is past it */
} nonet_stop;

/* The monotonic clock (CLOCK_MONOTONIC) in nanoseconds, for deadlines:
 * nonet_clock_ns() + 2000000000 is two seconds from now. */
NONET_API uint64_t nonet_clock_ns(void);

/* ---------------------------------------------------------------- grids */

/* A grid of side n = box_rows * box_cols (1 <= n <= NONET_MAX_SIDE).
 * cells[] is row-major: cell (r, c) is cells[r * n + c]; 0 is a blank,
 * 1..n a digit. Only the first n*n cells are meaningful; functions that
 * copy grids copy only those. Initialise with nonet_grid_init. */
typedef struct nonet_grid {
    int box_rows;
    int box_cols;
    int n;
    uint8_t cells[NONET_MAX_CELLS];
} nonet_grid;

/* Makes *g an empty grid with boxes of box_rows x box_cols.
 * Returns NONET_OK, or NONET_EARG if g is NULL or the shape is not
 * 1 <= box_rows * box_cols <= NONET_MAX_SIDE with both >= 1. */
NONET_API int nonet_grid_init(nonet_grid *g, int box_rows, int box_cols);

/* The box shape nonet uses for side n when nothing says otherwise: the
 * squarest factorisation with box_rows <= box_cols (9: 3x3, 6: 2x3,
 * 8: 2x4, 12: 3x4, 7: 1x7). Returns NONET_OK or NONET_EARG (n out of
 * 1..NONET_MAX_SIDE, or NULL pointers). */
NONET_API int nonet_default_shape(int n, int *box_rows, int *box_cols);

/* Parses a size as people write it: "RxC" (e.g. "2x3"; 'X' and '*' also
 * separate) or a lone side "N" (default shape). Returns NONET_OK, or
 * NONET_EARG for anything else or a side above NONET_MAX_SIDE. */
NONET_API int nonet_parse_shape(const char *text, int *box_rows, int *box_cols);

/* Copies src to *dst (only the cells in use). Both non-NULL. */
NONET_API void nonet_grid_copy(nonet_grid *dst, const nonet_grid *src);

/* Whether the two grids have the same shape and the same cells: 1 or 0. */
NONET_API int nonet_grid_equal(const nonet_grid *a, const nonet_grid *b);

/* Whether digit may go into the empty cell (row, col) of g:
 *  1  legal: the digit is not yet in the cell's row, column or box;
 *  0  illegal: it is, or g is NULL or malformed, or row or col is out of
 *     range, or (for an empty cell) digit is not in 1..n;
 * -1  the cell (in range) is not empty, whatever the digit. */
NONET_API int nonet_can_place(const nonet_grid *g, int row, int col, int digit);

/* The candidate sets of g by plain elimination: for a blank cell, bit
 * (d - 1) of cands[cell] is set when digit d is in none of its row, column
 * and box; a clue's set is the clue alone. cands must hold n*n words. */
NONET_API void nonet_candidates(const nonet_grid *g, uint64_t *cands);

/* ---------------------------------------------------------------- pencil marks */

/* Pencil marks: the digits still possible in each cell of a grid of side
 * n. Bit d-1 of cands[r * n + c] is set while digit d may go into cell
 * (r, c); only the first n*n sets are meaningful. A grid and its marks
 * make a position: a solution keeps the grid's digits and puts into every
 * cell one of that cell's marks (so a digit outside its own cell's marks,
 * or a cell with no mark, leaves no solution). The readers give puzzles
 * written as candidate grids their marks (nonet_puzzle.has_marks), and the
 * solvers take them as extra constraints (nonet_solver_run_marks). */
typedef struct nonet_marks {
    uint64_t cands[NONET_MAX_CELLS];
} nonet_marks;

/* ---------------------------------------------------------------- check */

enum nonet_unit { NONET_ROW = 0, NONET_COL = 1, NONET_BOX = 2 };

/* Two cells of one unit holding the same digit. Cells are 0-based; the
 * first cell comes first in row-major order. */
typedef struct nonet_conflict {
    int digit;
    int unit;  /* enum nonet_unit */
    int index; /* which row, column or box (0-based) */
    int row1, col1, row2, col2;
} nonet_conflict;

typedef struct nonet_check_result {
    int consistent;          /* no digit twice in a row, column or box */
    int complete;            /* no blank cell */
    int solved;              /* consistent and complete */
    int blanks;              /* number of blank cells */
    nonet_conflict conflict; /* when !consistent: the first conflict met
                                scanning cells row-major and, for each cell,
                                its row, column, then box */
} nonet_check_result;

/* Checks g and fills *res. Returns NONET_OK if consistent, else
 * NONET_ECONFLICT; NONET_EARG if a pointer is NULL or g is malformed (a
 * shape that is not valid, or a cell above n). */
NONET_API int nonet_check(const nonet_grid *g, nonet_check_result *res);

/* Checks that solution solves puzzle: same shape, every clue kept, solved.
 * Fills *res for the solution grid (res must not be NULL). Returns the
 * first failing test of, in this order: NONET_EARG (NULL or malformed
 * grids), NONET_ESIZE (shapes differ), NONET_ECLUE (a clue changed or
 * blanked; *cell, if non-NULL, gets the first such cell's index, and -1
 * for every other result), NONET_EINCOMPLETE, NONET_ECONFLICT; else
 * NONET_OK. */
NONET_API int nonet_check_solution(const nonet_grid *puzzle, const nonet_grid *solution,
                                   nonet_check_result *res, int *cell);

/* Writes a sentence about c, 1-based, for n-sided grids, such as
 * "digit 5 appears twice in row 2, columns 1 and 4", into buf (always
 * NUL-terminated when cap > 0). Returns the length the whole sentence
 * needs, as snprintf does. */
NONET_API size_t nonet_describe_conflict(const nonet_conflict *c, int n, char *buf, size_t cap);

/* ---------------------------------------------------------------- layouts */

typedef enum nonet_layout {
    NONET_LAYOUT_AUTO = 0,   /* input: detect each puzzle's layout */
    NONET_LAYOUT_LINE,       /* n*n symbols on one line, '.' blank */
    NONET_LAYOUT_GRID,       /* n rows, a space between boxes, a blank line
                                between bands: "152 489 376" */
    NONET_LAYOUT_SPACED,     /* n rows, cells apart: "- - 1   3 - -   - 6 -" */
    NONET_LAYOUT_KNUTH,      /* n rows of n symbols, '.' blank, no spaces */
    NONET_LAYOUT_NUMBERS,    /* n rows of whitespace-separated integers, 0 blank */
    NONET_LAYOUT_BOXED,      /* +-------+ rules and | separators */
    NONET_LAYOUT_CANDIDATES, /* every cell's candidate set: n rows of n
                                symbol lists ("0" an empty set); as input,
                                any grid of candidate lists (pencil marks) */
    NONET_LAYOUT_JSON,       /* output only: the grid as a JSON value; to the
                                CLI, one JSON object per result */
    NONET_LAYOUT_CSV         /* output only, the CLI's: one CSV line per
                                result (nonet_result_csv); nonet_format
                                does not write it */
} nonet_layout;

/* The layout's name as the CLI spells it ("line", "grid", ...), or NULL
 * for a value outside the enum. Names are lower case and matched exactly. */
NONET_API const char *nonet_layout_name(nonet_layout layout);
/* Looks a layout up by name; returns NONET_OK or NONET_EARG. */
NONET_API int nonet_layout_from_name(const char *name, nonet_layout *layout);

/* ---------------------------------------------------------------- reading */

/* Options for reading. Zero-initialised means: detect layout, size and
 * symbols. */
typedef struct nonet_read_opts {
    nonet_layout layout; /* AUTO, or one of LINE..CANDIDATES to force it */
    int box_rows;        /* with box_cols: force this shape (0 = infer) */
    int box_cols;
    const char *symbols; /* NULL or "": detect each puzzle's symbols; else
                            the n distinct symbols of digits 1..n in order,
                            e.g. "0123456789ABCDEF" (letters match either
                            case); they also fix the side n. The reader
                            keeps the pointer: it must outlive the reader */
    const char *column;  /* NULL or "": a CSV table's puzzle column is the
                            one its header names puzzle, quizzes, question,
                            quiz, sudoku, board, grid, givens, problem or
                            unsolved; else that column's name (any case) or
                            its number from 1. Kept like symbols */
} nonet_read_opts;

/* Where and what went wrong with one puzzle of the input. */
typedef struct nonet_error {
    int code;          /* NONET_OK, or a status code */
    long line;         /* 1-based input line, 0 if none applies */
    long column;       /* 1-based byte column in that line (in UTF-8, for UTF-16
                          input), 0 if none applies */
    char message[160]; /* a sentence without file or position, e.g.
                          "bad character 'x'"; empty when code is NONET_OK */
} nonet_error;

/* One puzzle of the input, read or failed. */
typedef struct nonet_puzzle {
    nonet_grid grid;     /* valid when error.code == NONET_OK */
    nonet_layout layout; /* the layout it was written in */
    /* The blank symbol it used ('.' if none, and for the middle dot
     * U+00B7 and for spaces). */
    char blank;
    /* The symbols it was written in: symbols[d-1] writes digit d, n of
     * them ("123456789ABCDEFG" for a 16x16 puzzle in 1-9A-G,
     * "0123456789ABCDEF" for one in 0-F); "" for sides above 35, which are
     * written in numbers. Valid with the grid. */
    char symbols[NONET_MAX_SYMBOL_SIDE + 1];
    /* Its name: the title line(s) above it or the text after it on its
     * line, as written (UTF-8 kept; tabs and control characters become
     * spaces; cut at a character boundary); "" if none. Valid for failed
     * puzzles too. */
    char name[NONET_MAX_NAME + 1];
    /* 1 when the input gave candidates (a candidate grid, or the
     * 729-character form): marks holds them. A cell written with one
     * candidate is a digit of grid (and its mark is that digit). */
    int has_marks;
    long index;      /* 1-based position among the input's puzzles,
                        failed ones included */
    long first_line; /* 1-based input lines it spans (a CSV record's
                        lines, when its quoted field holds line breaks) */
    long last_line;
    long row_line[NONET_MAX_SIDE]; /* input line of each row */
    nonet_error error;
    /* Its other fields when it came from a CSV table with a header (the
     * "solution", "rating", "source" columns ...): ncolumns pairs of a
     * name and a value, each NUL-terminated, one after another in
     * columns[] (read them with nonet_puzzle_column); every field of the
     * line with a name in the header is there, however long (see
     * NONET_MAX_COLUMNS_TEXT). 0 for a puzzle from anything else. */
    int ncolumns;
    char columns[NONET_MAX_COLUMNS_TEXT];
    /* Valid when has_marks; only n*n sets are copied. Last, so that a
     * puzzle without marks never touches their memory. */
    nonet_marks marks;
} nonet_puzzle;

/* Column i (from 0) of p's CSV columns (nonet_puzzle.ncolumns): sets
 * *name and *value to NUL-terminated strings inside p. Returns NONET_OK,
 * or NONET_EARG for a NULL pointer or i out of range. */
NONET_API int nonet_puzzle_column(const nonet_puzzle *p, int i, const char **name,
                                  const char **value);

/* Copies *src into *dst as *dst = *src would for everything the fields
 * say is in use, touching only that: n*n cells, n row lines, the marks
 * when has_marks, the bytes of the CSV columns. A nonet_puzzle is over
 * 100 KiB, most of it room for the largest grids and table lines, so this
 * is how to copy many. dst and src must not overlap; NULL is a no-op. */
NONET_API void nonet_puzzle_copy(nonet_puzzle *dst, const nonet_puzzle *src);

/* A streaming reader: bytes in, puzzles out, in bounded memory.
 *
 * What each line is, decided per puzzle from the lines themselves:
 * - blank lines, lines starting with '#' (and the text after " #" on a
 *   line), and rule lines (no symbol, and a '+', '=', ':', '\'', a run of
 *   dashes or box drawing) are skipped, inside and between puzzles; so are
 *   the sections of SadMan .sdk files other than [Puzzle] ([State], ...);
 * - a line of n*n cells (n >= 4) is a one-line puzzle; so is the first
 *   field of a forum line (the puzzle, then ';', a tab or spaces and text,
 *   which becomes its name; also after a leading number); n*n*n cells in
 *   the pencil-mark form (for each cell n positions, the k-th the symbol
 *   of digit k while it is a candidate, else a blank) are a position with
 *   marks. The 64 and 729 cells of sides 4 and 9 are also one-line 8x8
 *   and 27x27 puzzles: a size line before them ("2x4", "2x2") or the
 *   options say which; else they are marks only when every cell has one
 *   (as a puzzle such cells break the rules; as marks a cell without any
 *   has no digit left);
 * - otherwise lines are a grid's rows, read by character (every character
 *   a cell: "1-- 489 --6", "| 5 3 . |"), by token (numbers: "12 0 3",
 *   or candidate lists, pencil marks: "| 26  5  189 |"), or by column
 *   (spaces as blanks in grids that use no blank symbol: "| 5 3   |",
 *   "53  7"); the side is decided by the rows together, and a grid ends
 *   after its n-th row. Lines of 16 or 25 cells are one-line 4x4 or 5x5
 *   puzzles or a 16x16 or 25x25 grid's rows: most of a block decides;
 * - a line of text that cannot be a row, where a puzzle may begin, is a
 *   title: the name of the next puzzle (nonet_puzzle.name); a line of
 *   cells that is nearly a puzzle (a few cells short or long) is never a
 *   title but a failed puzzle;
 * - after a CSV header that names a puzzle column (see
 *   nonet_read_opts.column), each record's field in it is one puzzle and
 *   its other fields are the puzzle's columns, quoted as RFC 4180 says: a
 *   field that starts with '"' ends at the next '"' that is not one of a
 *   pair, "" in it is one '"', and it may hold delimiters and line breaks
 *   (the record's lines are one, NONET_MAX_LINE bytes at most; its line
 *   is its first; a CR LF in a value is read as '\n'). A quote never
 *   closed fails its record (NONET_ETRUNCATED at the quote), as does a
 *   longer record (NONET_ELINE; the reader goes on after its end).
 * Cells are symbols and blanks ('.', '-', '_', '*', '0', the middle dot
 * U+00B7; see nonet_puzzle.symbols for the alphabets: 1-9A-Z, 0-9A-Z, A-Z,
 * either case, '0' a symbol when another blank is used), apart or
 * separated by spaces and tabs (CR, VT and FF too at a line's start or
 * end). A control character anywhere else in a puzzle's line is a bad
 * character (NONET_EBADCHAR at its column), also where it stands in
 * place of a cell, which it never counts as. A failed puzzle
 * still yields one nonet_puzzle (with its error), so that a batch loses
 * nothing; inside a grid, an error is reported once the grid's rows are
 * consumed. Some decisions wait for the next line (a title, a line of 16
 * or 25 cells, a grid read by column): such a puzzle is ready when the
 * next line is fed, or at nonet_reader_end.
 *
 * Encodings: text is UTF-8 (ASCII), and a UTF-8 byte-order mark is
 * skipped. Input that starts with a UTF-16 byte-order mark (FF FE, FE FF),
 * or whose first two characters are ASCII with a NUL byte beside each
 * ("5\0" "3\0" ...: UTF-16 without a mark), is UTF-16: it is decoded to
 * UTF-8 as it is read (error columns then count the bytes of the decoded
 * line; a lone surrogate becomes U+FFFD). A line with a NUL byte and
 * another byte that no text holds (a second NUL, a control character
 * other than tab, CR, VT, FF and ESC, or invalid UTF-8) is binary data,
 * as is input with a UTF-32 byte-order mark: the puzzles before it are
 * read, then one NONET_EBINARY puzzle says where it starts, and nothing
 * after it is read. (A lone NUL byte in a line of text is a bad
 * character of that puzzle.)
 *
 * Use:
 *     while ((got = read(...)) > 0)
 *         for (p = buf; got > 0; ) {
 *             size_t used = nonet_reader_feed(r, p, got);
 *             p += used; got -= used;
 *             while (nonet_reader_next(r, &puzzle)) handle(&puzzle);
 *         }
 *     nonet_reader_end(r);
 *     while (nonet_reader_next(r, &puzzle)) handle(&puzzle);
 */
typedef struct nonet_reader nonet_reader;

/* A new reader (opts NULL: defaults). Returns NULL when out of memory or
 * when opts are invalid (a forced shape that is not a valid geometry, an
 * output-only layout, symbols that are not 1 to 35 distinct letters and
 * digits, or symbols whose count is not the forced side). Free it with
 * nonet_reader_free. */
NONET_API nonet_reader *nonet_reader_new(const nonet_read_opts *opts);

/* Frees r; NULL is a no-op. */
NONET_API void nonet_reader_free(nonet_reader *r);

/* Makes r a new reader again (same options): what it was reading, and the
 * puzzles not taken yet, are dropped; line numbers restart at 1. Reading
 * many small texts one by one this way costs no allocation each (a new
 * reader allocates several hundred KiB). NULL is a no-op. */
NONET_API void nonet_reader_reset(nonet_reader *r);

/* Consumes up to len bytes of the input. Any bytes are accepted (NUL,
 * invalid UTF-8, CR LF or LF line ends; binary data is consumed and
 * dropped, see above). Returns how many bytes it
 * consumed; it returns early, having consumed fewer, when a puzzle is ready:
 * take the ready puzzles with nonet_reader_next, then feed the rest. */
NONET_API size_t nonet_reader_feed(nonet_reader *r, const void *data, size_t len);

/* Marks the end of the input: a last line without a line end is read, and
 * a grid still missing rows becomes a NONET_ETRUNCATED puzzle. */
NONET_API void nonet_reader_end(nonet_reader *r);

/* Moves the next ready puzzle into *out and returns 1, or returns 0 when
 * none is ready. Check out->error.code: NONET_OK means out->grid holds the
 * puzzle (its clues may still conflict: see nonet_check). */
NONET_API int nonet_reader_next(nonet_reader *r, nonet_puzzle *out);

/* Reads the first puzzle of text[0..len) into *out. Returns NONET_OK,
 * NONET_EEMPTY if the text holds no puzzle, NONET_ENOMEM, NONET_EARG (NULL
 * text with len > 0, NULL out, invalid opts), or the puzzle's error code
 * (details in out->error). If consumed is non-NULL it receives the number
 * of bytes up to the end of that puzzle's last line, so that calling again
 * on text + *consumed reads the next one (line numbers then restart). */
NONET_API int nonet_parse(const char *text, size_t len, const nonet_read_opts *opts,
                          nonet_puzzle *out, size_t *consumed);

/* ---------------------------------------------------------------- plain lines */

/* Reading one-line 9x9 input in bulk, on many threads.
 *
 * Most big inputs are one 9x9 puzzle a line. A plain line is one that a
 * nonet_reader with default options, in its plain state
 * (nonet_reader_is_plain), reads the same whatever comes before or after
 * it:
 * - a puzzle: 81 cells of '1'-'9' and at most one kind of blank, '.' or
 *   '0' ('0' only in a line that also has a '9': else it might be a
 *   symbol of 0-8), nothing else on the line but spaces, tabs, CR, VT and
 *   FF around them;
 * - a skipped line: blank (spaces, tabs, CR, VT, FF), or a comment (its
 *   first other character '#', or "//") with no NUL byte.
 * A line longer than NONET_MAX_LINE bytes is never plain. Everything else
 * (titles, forum lines, rows of grids, bad lines, a byte-order mark ...)
 * needs the reader, which may look at the lines around it.
 *
 * The use: one thread cuts the input into spans of plain lines
 * (nonet_plain_scan), which any threads then read line by line
 * (nonet_plain_line), numbering lines and puzzles on from the span's
 * first; at the first line that is not plain, the reader takes over
 * after nonet_reader_skip has told it what the spans before held, and
 * hands back once it is plain again at a line end. The puzzles, their
 * lines and indices are then exactly the reader's. */

/* nonet_plain_scan's flags: the text begins the input (its first bytes
 * also decide the encoding: UTF-16 or UTF-32 input is never plain), or
 * ends it (its last line needs no line end). */
#define NONET_PLAIN_FIRST 1
#define NONET_PLAIN_END 2

/* Why a scan stopped. */
enum nonet_plain_stop {
    NONET_PLAIN_MORE = 0, /* what is left is part of a line: give more text
                             (never with NONET_PLAIN_END) */
    NONET_PLAIN_MAX,      /* max_puzzles puzzles are in the span */
    NONET_PLAIN_OTHER,    /* the next line is no plain line: a nonet_reader's */
    NONET_PLAIN_DONE      /* with NONET_PLAIN_END: every line is in the span */
};

/* A run of whole plain lines: its bytes (line ends included), its lines
 * and the puzzles among them, and why it ends there. */
typedef struct nonet_plain_span {
    size_t bytes;
    long lines;
    long puzzles;
    int stop; /* enum nonet_plain_stop */
} nonet_plain_span;

/* Scans text[0..len) from its start while its lines are plain and at most
 * max_puzzles (above 0) of them are puzzles, into *span. flags:
 * NONET_PLAIN_FIRST, NONET_PLAIN_END, or both. With NONET_PLAIN_FIRST and
 * fewer than 4 bytes, more text is wanted (MORE) unless it is the end.
 * NULL text with len > 0, or a NULL span: a span of nothing that stops
 * at OTHER. */
NONET_API void nonet_plain_scan(const char *text, size_t len, int flags, long max_puzzles,
                                nonet_plain_span *span);

/* Reads text[0..len), one line without its '\n' (a CR at its end is
 * allowed), as a plain line. A puzzle: fills *out as a nonet_reader would
 * (layout LINE, symbols "123456789", every row on line `line`, no name,
 * index 0: the caller numbers it) and returns 1. A skipped line: returns
 * 0, out untouched. Not plain (or a NULL pointer): returns -1, out
 * untouched. */
NONET_API int nonet_plain_line(const char *text, size_t len, long line, nonet_puzzle *out);

/* Whether r, with default options, is plain: every line fed to it has
 * ended and come out as puzzles (all taken by nonet_reader_next), and
 * nothing it read waits for later lines or changes how it reads the next
 * plain line (no title, grid, size line, table, section, binary data).
 * Then it would read a plain line exactly as nonet_plain_line does. A
 * new reader is plain; NULL is not. */
NONET_API int nonet_reader_is_plain(const nonet_reader *r);

/* Tells r that the next span->lines lines of its input (span->bytes
 * bytes, span->puzzles of them one-line puzzles) were plain and read by
 * the caller (nonet_plain_scan, nonet_plain_line): r numbers the lines
 * and puzzles after them as if it had read them itself, and is as it
 * would then be. Returns NONET_OK, or NONET_EARG when r is NULL or not
 * plain (nonet_reader_is_plain), leaving it as it was. */
NONET_API int nonet_reader_skip(nonet_reader *r, const nonet_plain_span *span);

/* ---------------------------------------------------------------- writing */

/* Writes g in the given layout into buf, as snprintf does: at most cap - 1
 * characters and a NUL (when cap > 0); returns the length the whole text
 * needs (call with cap 0 to size a buffer), or a negative status, leaving
 * "" in buf: NONET_EARG for a NULL or malformed grid, AUTO, or a symbol
 * layout (LINE, GRID, SPACED, KNUTH, BOXED) with n > NONET_MAX_SYMBOL_SIDE.
 * blank is the character for blank cells in symbol layouts; 0 chooses the
 * layout's own ('.'). Every layout but JSON ends with a newline. JSON is
 * the grid as a value: a string in the line layout when n <= 35, else an
 * array of rows of integers (0 blank); no newline. CANDIDATES prints each
 * cell's candidate set by plain elimination (nonet_candidates). */
NONET_API long nonet_format(const nonet_grid *g, nonet_layout layout, char blank, char *buf,
                            size_t cap);

/* Writes candidate sets in the candidates layout: n lines, the cells of a
 * row left-aligned in fields of n + 1 characters (the set's symbols in
 * increasing order, "0" for an empty set; for n > 35, integers joined by
 * ','), trailing spaces trimmed. cands holds g->n * g->n sets (bit d - 1
 * for digit d); g gives only the shape. Returns as nonet_format. */
NONET_API long nonet_format_candidates(const nonet_grid *g, const uint64_t *cands, char *buf,
                                       size_t cap);

/* What nonet_format_with may change; zero-initialised: nonet_format's
 * defaults. */
typedef struct nonet_format_opts {
    /* blank cells' character in symbol layouts; 0: the layout's own ('.') */
    char blank;
    /* NULL or "": digits as 1-9 then A-Z; else n characters, symbols[d-1]
     * for digit d (e.g. a puzzle's own, nonet_puzzle.symbols); used by
     * every symbol layout, CANDIDATES and JSON */
    const char *symbols;
    /* CANDIDATES: print these sets instead of plain elimination (NULL) */
    const nonet_marks *marks;
    /* 1: a grid whose boxes are not its side's default shape (4x3, 3x2)
     * gets a line "RxC" first, which the reader takes as the size of the
     * puzzle after it, so that the text reads back with its boxes (the
     * CLI does this); so does an 8x8 or 27x27 grid in LINE whose line
     * would read as the pencil-mark form of side 4 or 9 (see
     * nonet_reader); 0: the grid alone */
    int size_line;
} nonet_format_opts;

/* As nonet_format, with options (opts NULL: defaults). Symbols may be
 * more than n (a variant grid whose digits outnumber its side,
 * nonet_variant_symbols): its cells may then hold digits up to their
 * number, written in the symbol layouts and JSON only. Returns as
 * nonet_format; NONET_EARG also for symbols that are not n or more (at
 * most 35) distinct printable ASCII characters other than space, '.', '|'
 * and '#', or a digit past them. */
NONET_API long nonet_format_with(const nonet_grid *g, nonet_layout layout,
                                 const nonet_format_opts *opts, char *buf, size_t cap);

/* ---------------------------------------------------------------- solving */

/* What a search did. Both counts are reset by every solve or count call. */
typedef struct nonet_stats {
    uint64_t nodes;   /* search states the engine propagated: the root,
                         each state a guess led to, and each state left
                         after a failed guess was struck out */
    uint64_t guesses; /* digits tried at branch points; the last choice
                         left at a branch point is forced, not a guess */
} nonet_stats;

typedef enum nonet_engine {
    NONET_ENGINE_AUTO = 0, /* the best engine for each puzzle's size */
    NONET_ENGINE_GENERAL,  /* "general": candidate bitsets, every size */
    NONET_ENGINE_BITBOARD, /* "bitboard": the fast 9x9 engine, 9x9 only */
    NONET_ENGINE_DLX       /* "dlx": exact cover with dancing links (see
                              "exact cover"), every size; never chosen by
                              AUTO, there for cross-checks */
} nonet_engine;

/* The engine's name ("auto", "general"), or NULL if unknown. */
NONET_API const char *nonet_engine_name(nonet_engine engine);
/* Looks an engine up by name; returns NONET_OK or NONET_EARG. */
NONET_API int nonet_engine_from_name(const char *name, nonet_engine *engine);

/* The code path the bitboard engine takes on this CPU: "x86-64-v3" (the
 * search compiled for AVX2, BMI1/2 and POPCNT, chosen at run time when the
 * CPU has them) or "portable". Setting the environment variable
 * NONET_CPU=portable before creating a solver forces the portable path.
 * The string is static; never NULL. */
NONET_API const char *nonet_cpu_path(void);

/* A solver: an engine and its scratch memory, reusable across puzzles of
 * any size. One thread at a time; use one solver per thread. */
typedef struct nonet_solver nonet_solver;

/* A new solver for the engine. Returns NULL when out of memory or the
 * engine is unknown. Free it with nonet_solver_free. */
NONET_API nonet_solver *nonet_solver_new(nonet_engine engine);

/* Frees s; NULL is a no-op. */
NONET_API void nonet_solver_free(nonet_solver *s);

/* Makes s's later runs and counts stop as *stop says (copied; NULL: never
 * stop), until it is set again; see nonet_stop. s NULL is a no-op. */
NONET_API void nonet_solver_set_stop(nonet_solver *s, const nonet_stop *stop);

/* Called with each solution found; return nonzero to stop the search.
 * The grid is valid only during the call. */
typedef int (*nonet_solution_fn)(void *ctx, const nonet_grid *solution);

/* Searches puzzle's solutions, up to limit of them (0: no limit), calling
 * fn (if non-NULL) with each. *count (if non-NULL) receives how many were
 * found, *stats (if non-NULL) what the search did. A puzzle whose clues
 * conflict has no solution. Returns NONET_OK (whatever the count),
 * NONET_EARG (NULL s or puzzle, malformed puzzle), NONET_ESIZE (the
 * solver's engine does not handle this shape, e.g. bitboard and 4x4),
 * NONET_ENOMEM, or NONET_ECANCELED / NONET_ETIMEOUT (s's stop: *count
 * and *stats then say what was found before it). */
NONET_API int nonet_solver_run(nonet_solver *s, const nonet_grid *puzzle, uint64_t limit,
                               nonet_solution_fn fn, void *ctx, uint64_t *count,
                               nonet_stats *stats);

/* As nonet_solver_run for the position (puzzle, marks): every solution
 * also puts into each cell one of its marks (see nonet_marks). marks NULL
 * is nonet_solver_run. Returns as nonet_solver_run. */
NONET_API int nonet_solver_run_marks(nonet_solver *s, const nonet_grid *puzzle,
                                     const nonet_marks *marks, uint64_t limit, nonet_solution_fn fn,
                                     void *ctx, uint64_t *count, nonet_stats *stats);

/* Counts puzzle's solutions up to limit (0: no limit; 2 decides
 * uniqueness), copying the first into *solution if non-NULL and there is
 * one. Returns as nonet_solver_run. */
NONET_API int nonet_solver_count(nonet_solver *s, const nonet_grid *puzzle, uint64_t limit,
                                 uint64_t *count, nonet_grid *solution, nonet_stats *stats);

/* nonet_solver_count for the position (puzzle, marks); marks NULL is
 * nonet_solver_count. */
NONET_API int nonet_solver_count_marks(nonet_solver *s, const nonet_grid *puzzle,
                                       const nonet_marks *marks, uint64_t limit, uint64_t *count,
                                       nonet_grid *solution, nonet_stats *stats);

/* One-call conveniences with a temporary automatic solver (for batches,
 * keep a nonet_solver instead). nonet_solve stores the first solution in
 * *solution and returns NONET_OK, or NONET_ENOSOLUTION, NONET_EARG,
 * NONET_ENOMEM. nonet_count returns as nonet_solver_count. */
NONET_API int nonet_solve(const nonet_grid *puzzle, nonet_grid *solution, nonet_stats *stats);
NONET_API int nonet_count(const nonet_grid *puzzle, uint64_t limit, uint64_t *count,
                          nonet_grid *solution, nonet_stats *stats);

/* ---------------------------------------------------------------- variants */

/* Variant Sudoku: a classic puzzle (its givens and box shape) plus a list
 * of constraints, solved and counted by an engine of their own
 * (src/variant/: each constraint rules candidates out, search does the
 * rest). Cells are numbered row * n + column from 0; "adjacent" means
 * orthogonally adjacent. Every digit is 1..n. */
typedef enum nonet_constraint_type {
    /* houses: cells that hold different digits (a house of n cells holds
     * every digit once) */
    NONET_CON_DIAGONAL_MAIN = 1, /* r1c1 .. rNcN (f-puzzles' diagonal-); no cells */
    NONET_CON_DIAGONAL_ANTI,     /* rNc1 .. r1cN (diagonal+); no cells */
    NONET_CON_WINDOKU,           /* the windows of the boxes' shape one cell in
                                    from the top left, one cell apart
                                    (hyper Sudoku); no cells */
    NONET_CON_DISJOINT,          /* the n groups of cells at the same place in
                                    every box; no cells */
    NONET_CON_HOUSE,             /* cells: an extra region (or any set of
                                    cells that hold different digits) */
    /* pair rules over the whole grid; no cells */
    NONET_CON_ANTI_KNIGHT,    /* cells a knight's move apart differ */
    NONET_CON_ANTI_KING,      /* cells a king's move apart differ */
    NONET_CON_NONCONSECUTIVE, /* adjacent cells do not hold consecutive digits */
    /* marks between two adjacent cells (2 cells); value > 0 */
    NONET_CON_DIFFERENCE, /* the digits differ by value (kropki white: 1) */
    NONET_CON_RATIO,      /* one digit is value times the other (kropki black: 2) */
    NONET_CON_SUM,        /* the digits sum to value (X: 10, V: 5) */
    /* "all marks are given": no adjacent pair that carries no mark of the
     * family (difference and ratio are one family, kropki; sum another,
     * XV) has digits that differ by value / have ratio value / sum to
     * value; value > 0, no cells */
    NONET_CON_NOT_DIFFERENCE,
    NONET_CON_NOT_RATIO,
    NONET_CON_NOT_SUM,
    /* cages and lines: cells in order */
    NONET_CON_KILLER,        /* different digits summing to value (0: no sum) */
    NONET_CON_LITTLE_KILLER, /* cells summing to value, repeats allowed (where
                                no house forbids them) */
    NONET_CON_ARROW,         /* two parts: the bulb (1 to 4 cells), read as a
                                number in base 10 (most significant first),
                                equals the sum of the shaft's digits */
    NONET_CON_THERMO,        /* digits increase strictly from the bulb, cells[0] */
    NONET_CON_WHISPER,       /* neighbours on the line differ by at least value
                                (0: n / 2 + 1, German whispers' 5 for 9x9) */
    NONET_CON_RENBAN,        /* different digits that form a run (in any order) */
    NONET_CON_SANDWICH,      /* an outside clue: the digits between 1 and n
                                in its row or column sum to value */
    NONET_CON_ODD,           /* every cell odd */
    NONET_CON_EVEN,          /* every cell even */
    /* building blocks: the general rules the named ones are defined over,
     * for users too */
    NONET_CON_DISTINCT,         /* the cells hold different digits (Interactive
                                   Sudoku Solver's AllDifferent) */
    NONET_CON_PAIR,             /* a line: each two consecutive cells hold one
                                   of the allowed pairs of digits in values (a1,
                                   b1, a2, b2 ...: the first cell's digit, then
                                   the next one's) */
    NONET_CON_PAIR_ALL,         /* every two of the cells (the earlier listed
                                   first) hold one of the allowed pairs */
    NONET_CON_WEIGHTED_SUM,     /* values[i] * the digit of cells[i], added up,
                                   make value; weights -100 to 100, not 0 */
    NONET_CON_CONTAINS,         /* the cells hold each digit of values at least
                                   as often as values lists it */
    NONET_CON_CONTAINS_EXACTLY, /* the cells' digits are values, as many as
                                   cells, in any order */
    NONET_CON_REGEX,            /* a line (any cells in order; a cell may come
                                   again, not twice in a row): its digits read
                                   in order match the regular expression text,
                                   all of them: digits 1-9 and A-Z (a-z) for
                                   10-35, '.' any digit, classes [1-4] and [^5],
                                   groups ( ), alternatives |, repeats * + ? {k}
                                   {k,} {k,m}; blanks ignored */
    /* outside clues (cells: the row or column from the clue's side) and
     * the lunchbox, each a line automaton */
    NONET_CON_XSUM,              /* the first X digits sum to value, X the
                                    first digit */
    NONET_CON_SKYSCRAPER,        /* value digits are taller (larger) than
                                    every digit before them */
    NONET_CON_HIDDEN_SKYSCRAPER, /* the first digit not taller than every one
                                    before it (hidden) is value */
    NONET_CON_NUMBERED_ROOM,     /* the N-th digit is value, N the first */
    NONET_CON_LUNCHBOX,          /* a line (any cells in order) of
                                    different digits: those between the
                                    smallest and the largest sum to value */
    /* named lines (rules over the blocks; each row's summary says more):
     * cells in order, each a king's move from the one before (Nabner's: a
     * set, anywhere); a cell listed twice is refused but where said */
    NONET_CON_PALINDROME,    /* the digits read the same both ways */
    NONET_CON_BETWEEN,       /* two cells or more: each digit but the ends'
                                lies strictly between the two ends' (two
                                cells: no rule) */
    NONET_CON_LOCKOUT,       /* two cells or more: the ends differ by value
                                or more (0: n/2 rounded up less 1, 4 on
                                9x9); no digit between them lies from the
                                smaller end's to the larger's, both
                                included */
    NONET_CON_REGION_SUM,    /* each stretch of consecutive cells in one
                                region (box, or jigsaw region) sums the
                                same, a stretch back in a region its own;
                                none with the no-boxes rule and no jigsaw */
    NONET_CON_SUM_LINE,      /* value > 0: the line cuts into stretches of
                                consecutive cells that each sum to value; a
                                loop (the last cell the first again, its only
                                cell twice) may be cut anywhere around */
    NONET_CON_ZIPPER,        /* digits as far from the middle sum the same (an
                                odd line: to the middle digit) */
    NONET_CON_MODULAR,       /* every value consecutive digits (0: 3; fewer
                                on a shorter line) differ mod value */
    NONET_CON_ENTROPIC,      /* every three consecutive digits (two on a line
                                of two) are a low, a middle and a high one:
                                thirds of 1..n (9x9: 1-3, 4-6, 7-9), the
                                middle third the odd size out */
    NONET_CON_PARITY,        /* neighbours alternate odd and even; may come
                                back to a cell */
    NONET_CON_NABNER,        /* a set: different digits, no two consecutive */
    NONET_CON_DUTCH_WHISPER, /* neighbours differ by n/2 rounded up less 1
                                or more (4 on 9x9); may come back to a cell */
    NONET_CON_SLOW_THERMO,   /* digits never decrease from the bulb, cells[0]
                                (equal where no house forbids it) */
    /* named cages, marks, cells and global rules */
    NONET_CON_DOUBLE_ARROW, /* the two ends sum to the digits between them */
    NONET_CON_PILL_ARROW,   /* a pill's digits, read as a number, equal the
                               shaft's sum (parts: pill, shaft) */
    NONET_CON_QUADRUPLE,    /* the 2x2 block holds every digit of values */
    NONET_CON_CLONE,        /* two parts of the same shape hold the same
                               digits, cell for cell */
    NONET_CON_MINIMUM,      /* each cell less than its orthogonal neighbours */
    NONET_CON_MAXIMUM,      /* each cell more than its orthogonal neighbours */
    NONET_CON_GREATER,      /* two adjacent cells: the first holds the larger */
    NONET_CON_RELLIK,       /* different digits, no combination of which sums
                               to value */
    NONET_CON_EQUAL_SUMS,   /* its parts sum the same */
    NONET_CON_INDEX_ROW,    /* indexing cells: r in row R holds C: then cell
                               (R, C)... see the row's summary */
    NONET_CON_INDEX_COLUMN,
    NONET_CON_ANTI_TAXICAB,    /* a digit d sits at no taxicab distance d from
                                  another d; global */
    NONET_CON_GLOBAL_ENTROPY,  /* every 2x2 square holds a low, a middle and a
                                  high digit; global */
    NONET_CON_GLOBAL_MOD,      /* every 2x2 square holds a digit of each
                                  residue mod 3; global */
    NONET_CON_DOPPELGANGER,    /* see its row's summary; global */
    NONET_CON_DUTCH_FLATMATES, /* each 5 has a 1 above it or a 9 below it;
                                  global */
    NONET_CON_NO_BOXES,        /* the boxes are no houses (a grid of rows,
                                  columns and its other rules); global */
    NONET_CON_DIGITS           /* every cell holds one of the digits of
                                  values (Interactive Sudoku Solver's
                                  given of several digits, R4C3_2_4_6) */
} nonet_constraint_type;

/* In nonet_constraint.cells, between two parts of a rule made of parts. */
#define NONET_PART (-1)

/* One constraint, as nonet_variant_add takes it and nonet_variant_get
 * gives it back; what each part holds is its type's (above) and its
 * rule's (nonet_rule_of: shape, parts, values). Every pointer is the
 * caller's for add (copied) and v's for get (valid while v lives and is
 * not changed). */
typedef struct nonet_constraint {
    nonet_constraint_type type;
    int value; /* the rule's number (a sum, a gap, a ratio ...); 0 when it
                  has none */
    int ncells;
    const int *cells; /* cell numbers in order, NONET_PART between two parts
                         where the rule has parts (an arrow: its bulb,
                         NONET_PART, its shaft); an outside clue's: its
                         whole row or column read from the clue's side
                         (a clue right of row 3: r3c9, r3c8 ... r3c1) */
    int nvalues;
    const int *values; /* more numbers, as the rule says (nonet_rule.values):
                          a weighted sum's weights (one a cell), the digits
                          a contains rule needs, a pair rule's allowed pairs
                          (a1, b1, a2, b2 ...); NULL when none */
    const char *text;  /* a text the rule reads (nonet_rule.text: a regular
                          expression); NULL when none */
} nonet_constraint;

/* How a rule's cells are laid out (nonet_rule.shape). */
typedef enum nonet_shape {
    NONET_SHAPE_GLOBAL,  /* no cells: a rule of the whole grid */
    NONET_SHAPE_CELLS,   /* a set of cells (their order says nothing) */
    NONET_SHAPE_LINE,    /* cells in order: the rule reads along them */
    NONET_SHAPE_PAIR,    /* two orthogonally adjacent cells */
    NONET_SHAPE_OUTSIDE, /* a clue outside the grid: its whole row or
                            column, read from the clue's side */
    NONET_SHAPE_PARTS    /* parts, NONET_PART between them (nonet_rule.parts) */
} nonet_shape;

/* What a rule reads from nonet_constraint.values (nonet_rule.values). */
typedef enum nonet_values {
    NONET_VALUES_NONE,    /* nothing: nvalues 0 */
    NONET_VALUES_WEIGHTS, /* a weight a cell, -100 to 100, not 0 */
    NONET_VALUES_DIGITS,  /* digits 1..n, each as often as needed (at most
                             a digit a cell) */
    NONET_VALUES_EXACT,   /* digits 1..n, as many as cells */
    NONET_VALUES_PAIRS,   /* pairs of digits (a, b): 2 numbers each, at
                             least one pair */
    NONET_VALUES_SET      /* digits 1..n, each once, at least one (a set
                             of digits, however many cells) */
} nonet_values;

/* One rule nonet knows: a row of its table, read-only, from which the
 * readers, the writers and `nonet help input` all take what they say. */
typedef struct nonet_rule {
    nonet_constraint_type type;
    const char *name;     /* the text form's keyword (nonet_constraint_name) */
    const char *fpuzzles; /* its key in f-puzzles JSON, "" when none
                             ("negative:ratio": the word "ratio" in its
                             "negative" list) */
    const char *iss;      /* Interactive Sudoku Solver's type, "" when none */
    nonet_shape shape;
    int touch;           /* 0: its cells need not touch; 4: each touches the
                            next orthogonally; 8: by a king's move */
    int parts;           /* NONET_SHAPE_PARTS: how many (0: two or more); else 1 */
    int valued;          /* 0: no value; 1: a value that may be left out
                            (0); 2: a value it needs */
    nonet_values values; /* what nonet_constraint.values holds */
    int text;            /* 1 when it reads nonet_constraint.text, else 0 */
    const char *usage;   /* its line in the text form, e.g. "thermo CELLS" */
    const char *summary; /* the rule in one sentence */
} nonet_rule;

/* The rules nonet knows: how many, the i-th (from 0; NULL out of range),
 * and the one of a type (NULL when none). Static data, never freed. */
NONET_API int nonet_rule_count(void);
NONET_API const nonet_rule *nonet_rule_at(int i);
NONET_API const nonet_rule *nonet_rule_of(nonet_constraint_type type);

/* A variant puzzle. Not shared between threads while it is changed; the
 * solving functions only read it and may run on one from several threads. */
typedef struct nonet_variant nonet_variant;

/* A variant of puzzle (copied) with no constraint yet: classic rows,
 * columns and boxes. Returns NULL for a malformed grid (nonet_grid_init's
 * shapes) or when out of memory. Free it with nonet_variant_free. */
NONET_API nonet_variant *nonet_variant_new(const nonet_grid *puzzle);

/* Frees v; NULL is a no-op. */
NONET_API void nonet_variant_free(nonet_variant *v);

/* The puzzle's givens and shape (valid while v lives). v non-NULL. */
NONET_API const nonet_grid *nonet_variant_grid(const nonet_variant *v);

/* Replaces the boxes by irregular regions (jigsaw): region[c] is the
 * region of cell c, 0..n-1, n cells each, each region connected or not.
 * NULL restores the boxes. Returns NONET_OK, or NONET_EARG (with a
 * sentence in why, when why is non-NULL and cap > 0) for a map that is
 * not n regions of n cells. */
NONET_API int nonet_variant_set_regions(nonet_variant *v, const uint8_t *region, char *why,
                                        size_t cap);

/* The region of each cell (the boxes' numbers when no map was set) into
 * region[0 .. n*n). Returns 1 when a map was set, else 0. */
NONET_API int nonet_variant_regions(const nonet_variant *v, uint8_t *region);

/* The values v's digits stand for: digit d (1..hi-lo+1, as grids hold
 * it) is the value lo + d - 1, lo .. hi being 1 .. n unless set
 * (Interactive Sudoku Solver's 0-based grids, ".Shape~9x9~0-8", hold 0
 * to 8; its ".Shape~6x6~9" 1 to 9). Where there are more digits than the
 * side, rows, columns and boxes hold different digits but lack some, and
 * the grids of v (its givens, its solutions) hold digits above n.
 * Constraints' values are values (a cage's sum, the digits a rule lists,
 * a clue), and solutions are written in them (nonet_variant_symbols);
 * the rules whose meaning rests on digits 1 to n are refused on such
 * grids (nonet_variant_add). Set the range before adding constraints.
 * Returns NONET_OK, or NONET_EARG with a sentence in why (when non-NULL
 * and cap > 0): a NULL v, a range that does not start at 0 or 1, that
 * holds fewer digits than the side or goes past 35, or v already holding
 * a constraint. */
NONET_API int nonet_variant_set_digits(nonet_variant *v, int lo, int hi, char *why, size_t cap);

/* Gives cell (0 .. n*n-1) of v the digit d (1 .. hi-lo+1 of
 * nonet_variant_set_digits: the value lo + d - 1), or makes it blank (d
 * 0): the way to give a grid of more digits than its side its givens past
 * n, which nonet_variant_new's grid cannot hold. Returns NONET_OK, or
 * NONET_EARG with a sentence in why (when non-NULL and cap > 0) for a
 * NULL v, a cell or digit out of range. */
NONET_API int nonet_variant_set_given(nonet_variant *v, int cell, int d, char *why, size_t cap);

/* The range of v's digits' values into *lo and *hi (either may be NULL):
 * 1 and n unless set. v non-NULL. */
NONET_API void nonet_variant_digits(const nonet_variant *v, int *lo, int *hi);

/* The symbols that write v's digits as their values, for
 * nonet_format_with's symbols: NULL for digits 1 to n (the default
 * symbols), else one a digit: "012345678" for 0 to 8, "123456789" for a
 * 6x6 grid of 1 to 9. Owned by v. v non-NULL. */
NONET_API const char *nonet_variant_symbols(const nonet_variant *v);

/* Adds a copy of c (its cells, values and text), as its rule
 * (nonet_rule_of) takes it. A cell listed twice is read as the rule
 * says: in a set of cells (an extra region, a killer cage, a renban, an
 * arrow's shaft, odd, even, distinct, contains ...) it is the same cell,
 * kept once (the copy nonet_variant_get gives back lists it once); a
 * whisper or a pair line holds between neighbours along its line, which
 * may come back to a cell (a loop) but not stay on one; elsewhere it is
 * refused (a thermometer's digits increase along it, a little killer
 * counts each cell of its diagonal once, an arrow's bulb is one number,
 * a weighted sum weighs each cell once). Thermometers and whispers step
 * from each cell to a king's-move neighbour; the sets' cells need not
 * touch. Returns NONET_OK, or NONET_EARG with a sentence in why (as
 * above) for what the rule does not allow: an unknown type, a cell out of
 * the grid or repeated where it may not be, a wrong number of cells (two
 * for the marks, none for the global rules, a whole row or column from
 * its clue's side for an outside clue) or of parts, cells not adjacent
 * where they must be, a value out of range, values or a text the rule
 * does not take or not as it takes them; NONET_ENOMEM. */
NONET_API int nonet_variant_add(nonet_variant *v, const nonet_constraint *c, char *why, size_t cap);

/* How many constraints v holds; the i-th (from 0) into *c, whose cells,
 * values and text point into v (valid while v lives and is not changed).
 * Returns NONET_OK or NONET_EARG (i out of range, NULL). */
NONET_API int nonet_variant_count_constraints(const nonet_variant *v);
NONET_API int nonet_variant_get(const nonet_variant *v, int i, nonet_constraint *c);

/* The name of a constraint type as the text form writes it ("killer",
 * "thermo", ...), or NULL for an unknown type. */
NONET_API const char *nonet_constraint_name(nonet_constraint_type type);

/* Searches v's solutions, up to limit of them (0: no limit), calling fn
 * (if non-NULL) with each, as nonet_solver_run does, stopping as stop
 * says (NULL: never; see nonet_stop). Returns NONET_OK (whatever the
 * count), NONET_EARG (NULL v), NONET_ENOMEM, NONET_ECANCELED or
 * NONET_ETIMEOUT (*count and *stats: what was found before the stop). */
NONET_API int nonet_variant_run(const nonet_variant *v, uint64_t limit, nonet_solution_fn fn,
                                void *ctx, uint64_t *count, nonet_stats *stats,
                                const nonet_stop *stop);

/* Counts v's solutions up to limit (0: no limit; 2 decides uniqueness),
 * copying the first into *solution when non-NULL and there is one.
 * Returns as nonet_variant_run. */
NONET_API int nonet_variant_count(const nonet_variant *v, uint64_t limit, uint64_t *count,
                                  nonet_grid *solution, nonet_stats *stats, const nonet_stop *stop);

/* The true candidates: cands[c] (n*n sets, bit d-1 for digit d) gets
 * every digit that cell c holds in some solution, found exactly (a search
 * for each candidate no solution found so far has shown). *solutions (if
 * non-NULL) gets how many solutions there are, counted up to limit (0: to
 * 2). Returns as nonet_variant_run; no solution leaves every set empty;
 * a stop leaves cands unfinished (use them only after NONET_OK). */
NONET_API int nonet_variant_candidates(const nonet_variant *v, uint64_t limit, uint64_t *cands,
                                       uint64_t *solutions, nonet_stats *stats,
                                       const nonet_stop *stop);

/* Whether grid (complete or not) breaks a rule of v: a digit twice in a
 * house, a clue changed, or a constraint that its filled cells break: a
 * part of the rule whose cells are all filled (two cells of a group of
 * different digits, two neighbours of a line, a cell of odd or even,
 * a sum's cells ...; the parts the engine propagates) and that they
 * break. Returns NONET_OK, NONET_EINCOMPLETE (no rule broken but a blank
 * left), NONET_ECLUE, NONET_ECONFLICT (a house), or NONET_EARG for a grid
 * of another shape or a broken constraint, each with a sentence in why
 * (as above) naming the rule and a cell; NONET_ENOMEM. */
NONET_API int nonet_variant_check(const nonet_variant *v, const nonet_grid *grid, char *why,
                                  size_t cap);

/* Reads a variant puzzle from text: f-puzzles JSON, an f-puzzles or
 * SudokuPad link (or its payload), Interactive Sudoku Solver's constraint
 * string (".Shape~6x6.Thermo~R1C1~R1C2.~R1C3_5 ...", its columns past 9
 * as letters: R1Cb is column 11) or a link whose ?q= query holds one, or
 * nonet's text form (a classic grid in any layout nonet_parse takes, then
 * one constraint a line: `nonet help input`). Returns NONET_OK with a new variant in *out (the
 * caller frees it), or a status with *err (line, column and a sentence:
 * an unknown constraint is named, never dropped; so is a rule that
 * f-puzzles' constraint extension drew ("fromConstraint") but whose own
 * key the file lacks). f-puzzles' drawings are kept, not taken as rules
 * (nonet_variant_notes). name (if non-NULL, NONET_MAX_NAME + 1 bytes)
 * gets the puzzle's title, "" if none. */
NONET_API int nonet_variant_parse(const char *text, size_t len, nonet_variant **out, char *name,
                                  nonet_error *err);

/* Whether text looks like a variant puzzle rather than classic ones: it
 * starts (after blanks) with '{' or a link, or with an Interactive Sudoku
 * Solver item ('.', then '~' or a type and '~', or a type of its that
 * takes no arguments), or has a line that starts with a constraint's
 * name. A quick test on the first bytes, for a
 * program that must choose a reader. */
NONET_API int nonet_variant_sniff(const char *text, size_t len);

/* Writes v's constraints as a JSON array, as snprintf does (returns the
 * length needed): one object a constraint, {"type": its rule's name,
 * "cells": ["r1c1", ...] (a rule of parts: an array a part, [["r1c1"],
 * ["r1c2", "r1c3"]]), "value": N (when not 0), "values": [N, ...] (when
 * it has them), "text": "..." (when it has one)}, and first, for a
 * jigsaw, {"type": "regions", "map": one symbol a cell}, and for digits
 * that are not 1 to n (nonet_variant_set_digits), {"type": "values",
 * "from": 0, "to": 8}. */
NONET_API long nonet_variant_json(const nonet_variant *v, char *buf, size_t cap);

/* Writes v in the text form (the grid as 81-character-style line, then a
 * line a constraint, as nonet_variant_parse reads it back: the same
 * constraints; digits that are not 1 to n as a line "values 0-8", the
 * grid then written in them), as snprintf does: returns the length
 * needed. */
NONET_API long nonet_variant_format(const nonet_variant *v, char *buf, size_t cap);

/* Writes v as f-puzzles JSON (link 0), or as an f-puzzles link (link 1:
 * "https://www.f-puzzles.com/?load=" and that JSON compressed as
 * LZ-string's compressToBase64 does), as snprintf does: returns the length
 * needed, and when cap > 0 writes at most cap - 1 bytes of it and a NUL.
 * The JSON is one line: "size", "title" (title, when non-NULL and not ""),
 * "grid" (the givens; for a jigsaw, or boxes other than f-puzzles' for the
 * size, each cell's "region"), each rule under its f-puzzles key
 * (nonet_rule.fpuzzles) as f-puzzles holds it, the drawings kept from the
 * f-puzzles file v was read from (nonet_variant_notes), each as that file
 * wrote it, and beside each rule of the f-puzzles constraint extension the
 * cosmetic copy it draws ("fromConstraint"), so that f-puzzles without
 * the extension still shows the rule (the copies v kept of those rules
 * are drawn anew, as the extension does). nonet_variant_parse reads it
 * back as v: the same givens, regions and constraints, perhaps in another
 * order (odd and even as one constraint a cell; a rule of the whole grid
 * given twice, once); what is written is read back and compared before
 * it is given out. A puzzle that f-puzzles cannot hold whole is refused,
 * never written without a rule: returns NONET_EARG with a sentence in why
 * (when non-NULL and why_cap > 0) naming the constraint and what f-puzzles
 * lacks: a rule without an f-puzzles key (regex, pair, weightedsum,
 * contains ...: nonet_variant_format's text form holds them), a value its
 * key cannot carry (sum = 7 between two cells: f-puzzles has X and V), a
 * shape it cannot draw (a little killer that is not a whole diagonal from
 * its clue, an arrow whose bulb is not in reading order), boxes of
 * another shape with a rule of the whole grid, digits that are not 1 to n
 * (f-puzzles' are). NONET_EARG also for a NULL
 * v; NONET_ENOMEM. */
NONET_API long nonet_variant_fpuzzles(const nonet_variant *v, const char *title, int link,
                                      char *buf, size_t cap, char *why, size_t why_cap);

/* Writes v as an Interactive Sudoku Solver constraint string, as
 * snprintf does (returns the length needed; when cap > 0 writes at most
 * cap - 1 bytes and a NUL): ".Shape~NxN" (not for 9x9 of digits 1 to 9; "~0-8" after it for
 * digits from 0, the givens then written as their values), a jigsaw's
 * ".Jigsaw~LAYOUT.NoBoxes", the givens and the digits rule's cells in one
 * ".~R1C1_5~R4C3_2_4_6" item, then each constraint under its ISS type
 * (nonet_rule.iss) in the form ISS reads, or the ISS type that stands for
 * it (sum = 5: V; negative kropki: StrictKropki); a value left out, 0,
 * written as the value it stands for (a whisper's gap); "." for a puzzle
 * without givens or constraints. nonet_variant_parse reads it back as the
 * same puzzle (the digits rule's cells grouped by their digits). A rule
 * ISS has no type for (odd, even, region, a negative rule alone ...), a
 * value its type cannot carry (sum = 7 between two cells), a shape it
 * cannot hold (an arrow's bulb of two cells, a little killer that is no
 * diagonal from side to side) or a side above 16 is refused: NONET_EARG
 * with a sentence in why (when non-NULL and why_cap > 0) naming it;
 * NONET_EARG also for a NULL v; NONET_ENOMEM. */
NONET_API long nonet_variant_iss(const nonet_variant *v, char *buf, size_t cap, char *why,
                                 size_t why_cap);

/* What the reader of v took as something other than a rule, as a
 * sentence for people: "" when nothing (and for NULL v). f-puzzles'
 * drawings ("line", "circle", "rectangle", "cage", "text": cosmetic
 * there, the rules have keys of their own) are kept in v, never taken as
 * rules, and counted here: "3 lines and 1 cage read as drawings, not
 * rules", with how many of them the constraint extension drew beside a
 * rule that is read from its own key. Owned by v: valid while v lives
 * and is not changed. */
NONET_API const char *nonet_variant_notes(const nonet_variant *v);

/* ---------------------------------------------------------------- exact cover */

/* Exact cover problems, in the text format of Knuth's DLX1 and DLX2, and
 * Algorithm X with dancing links to solve them.
 *
 * A problem has items, primary and secondary, and options, each a set of
 * items. A solution is a set of options that holds every primary item
 * exactly once and every secondary item at most once. A secondary item of
 * an option may carry a color (DLX2): options that give the same item the
 * same color may go together; an uncolored use excludes every other use.
 *
 * The text format, line by line:
 * - blank lines, and lines whose first non-blank character is '|', are
 *   comments, anywhere;
 * - the first other line lists the items: primary items, then optionally
 *   '|' and the secondary items;
 * - every later line is an option: item names, in any order, each at most
 *   once; a secondary item may be written "name:c" with a one-character
 *   color c. An option without a primary item is ignored (a warning).
 * Item names have 1 to NONET_XC_NAME_MAX characters, each a printable
 * ASCII character other than space, ':' and '|'. White space is spaces,
 * tabs, CR, VT, FF; lines end with LF, the last one may lack it. Lines may
 * be of any length: memory grows with the problem, not with a line.
 *
 * Items are numbered 0.. in the order of the item line (primary items
 * first); options 0.. in input order, ignored ones not counted. */

#define NONET_XC_NAME_MAX 8

/* Codes of exact-cover input errors (nonet_error.code), and a warning. */
enum nonet_xc_status {
    NONET_EXC_NOITEMS = -30,   /* the input has no item line */
    NONET_EXC_NAME = -31,      /* a name too long, empty or with a bad character */
    NONET_EXC_DUPLICATE = -32, /* an item named twice in the item line */
    NONET_EXC_BAR = -33,       /* '|' twice in the item line */
    NONET_EXC_UNKNOWN = -34,   /* an option names an item not in the item line */
    NONET_EXC_REPEATED = -35,  /* an option names an item twice */
    NONET_EXC_COLOR = -36,     /* a colored primary item, or a color that is
                                  not one printable character */
    NONET_EXC_TOOBIG = -37,    /* more than 2^31 - 2 items or entries */
    NONET_EXC_NOPRIMARY = -38  /* warning: an option without a primary item
                                  was ignored */
};

/* An exact cover problem, read from text or built by calls. */
typedef struct nonet_xc nonet_xc;

/* Called with each warning while reading (an ignored option: code
 * NONET_EXC_NOPRIMARY, its line, column 1). The warning is valid only
 * during the call. */
typedef void (*nonet_xc_warning_fn)(void *ctx, const nonet_error *warning);

/* A new, empty problem, ready to be fed text or built by calls. warn (may
 * be NULL) receives the warnings. Returns NULL when out of memory. Free it
 * with nonet_xc_free. */
NONET_API nonet_xc *nonet_xc_new(nonet_xc_warning_fn warn, void *ctx);

/* Frees x; NULL is a no-op. */
NONET_API void nonet_xc_free(nonet_xc *x);

/* Makes x's later searches stop as *stop says (copied; NULL: never stop),
 * until it is set again; see nonet_stop. x NULL is a no-op. */
NONET_API void nonet_xc_set_stop(nonet_xc *x, const nonet_stop *stop);

/* Reads the next len bytes of the text (any split of the text into pieces
 * gives the same problem). Returns NONET_OK, or the first error: an
 * input error code with its line, column and a message naming the
 * offender in *err (if non-NULL), e.g. line 7, column 3, "unknown item
 * 'X9'"; NONET_ENOMEM; NONET_EARG (NULL x, NULL data with len > 0, a
 * problem that was built by calls). After an error x only accepts
 * nonet_xc_free; every later call returns the same error. */
NONET_API int nonet_xc_feed(nonet_xc *x, const void *data, size_t len, nonet_error *err);

/* Marks the end of the text: reads a last line without a line end and
 * returns NONET_OK, or an error as nonet_xc_feed (NONET_EXC_NOITEMS when
 * the text had no item line). */
NONET_API int nonet_xc_end(nonet_xc *x, nonet_error *err);

/* Reads a whole text: nonet_xc_new, nonet_xc_feed, nonet_xc_end. On
 * NONET_OK *out is the problem (the caller frees it); otherwise *out is
 * NULL and *err (if non-NULL) says why. */
NONET_API int nonet_xc_parse(const char *text, size_t len, nonet_xc_warning_fn warn, void *ctx,
                             nonet_xc **out, nonet_error *err);

/* Building by calls, on a problem that was never fed text: first every
 * item, primary items before secondary ones, then the options.
 * nonet_xc_add_item returns the new item's number, or NONET_EARG (NULL,
 * a primary item after a secondary one, an item after an option, a
 * problem fed text), NONET_EXC_NAME, NONET_EXC_DUPLICATE,
 * NONET_EXC_TOOBIG, NONET_ENOMEM. */
NONET_API int nonet_xc_add_item(nonet_xc *x, const char *name, int secondary);

/* Adds the option made of the count items items[0..count); colors (NULL
 * for none) gives each one's color, 0 for none. Returns NONET_OK,
 * NONET_EXC_NOPRIMARY (the option was ignored; not an error),
 * NONET_EXC_UNKNOWN (an item number out of range), NONET_EXC_REPEATED,
 * NONET_EXC_COLOR, NONET_EXC_TOOBIG, NONET_ENOMEM, NONET_EARG. A failed
 * call adds nothing. */
NONET_API int nonet_xc_add_option(nonet_xc *x, const int *items, const char *colors, size_t count);

/* The problem's size. entries counts the item uses of the options. */
typedef struct nonet_xc_info {
    int primary;    /* primary items */
    int secondary;  /* secondary items */
    size_t options; /* options kept (ignored ones are not) */
    size_t entries; /* item uses in those options */
    int colored;    /* 1 if some option gives a color */
} nonet_xc_info;

/* Fills *info (zeros for a NULL x). */
NONET_API void nonet_xc_get_info(const nonet_xc *x, nonet_xc_info *info);

/* Copies item's name, NUL-terminated, into name. Returns NONET_OK or
 * NONET_EARG (NULL, item out of range). */
NONET_API int nonet_xc_item_name(const nonet_xc *x, int item, char name[NONET_XC_NAME_MAX + 1]);

/* The 1-based input line of option (0 for options built by calls or an
 * option out of range). */
NONET_API long nonet_xc_option_line(const nonet_xc *x, size_t option);

/* Writes option as text into buf, as snprintf does: its item names (with
 * ":c" for a color) separated by single spaces, in input order, or
 * rotated to start with first_item when the option has it (-1: input
 * order). No newline. Returns the length the text needs, or NONET_EARG. */
NONET_API long nonet_xc_format_option(const nonet_xc *x, size_t option, int first_item, char *buf,
                                      size_t cap);

/* Copies the items of option, in input order, into items[0..cap) and
 * their colors (0 for none) into colors[0..cap) if colors is non-NULL.
 * Returns the option's size (which may exceed cap), or NONET_EARG. */
NONET_API int nonet_xc_option_items(const nonet_xc *x, size_t option, int *items, char *colors,
                                    size_t cap);

/* The first comment line of the text, from its '|' to the end of the line
 * (line end excluded; at most NONET_MAX_LINE bytes kept), or "" if none. */
NONET_API const char *nonet_xc_comment(const nonet_xc *x);

/* What a search did. The counts follow DLX1 (and DLX2 for colored
 * problems), so that they compare with Knuth's figures on the same input:
 * nodes counts the levels entered plus the solutions; updates counts the
 * removals of an item from the list of items to cover and of an option
 * from an item's list; mems counts 64-bit memory accesses of the search as
 * Knuth's programs count them, input_mems those of reading the text as
 * DLX1 (colored problems: DLX2) would read it (0 for problems built by
 * calls). */
typedef struct nonet_xc_stats {
    uint64_t solutions;
    uint64_t nodes;
    uint64_t guesses; /* options tried that were not the last left
                         for their item (as nonet_stats counts them) */
    uint64_t updates;
    uint64_t cleansings;  /* colored problems: purifications and the
                             options they mark as agreeing (DLX2) */
    uint64_t mems;        /* search mems */
    uint64_t choice_mems; /* the part of mems spent choosing the item to
                             branch on (DLX1's "ccost") */
    uint64_t len_mems;    /* colored problems: the part of mems spent on
                             the lengths of secondary items (DLX2's "-L") */
    uint64_t input_mems;
    uint64_t bytes;    /* DLX1's estimate of the data size: 16 bytes per
                          item and per node, 4 per level reached */
    int max_level;     /* deepest level reached (a solution's level
                          counts as one deeper) */
    int limit_reached; /* the search stopped at the limit or because
                          the callback asked to */
} nonet_xc_stats;

/* One level of a solution: the option chosen, the primary item it was
 * chosen for (the one with the fewest options left, first in item order
 * on ties) and its rank: it was option number index (1-based) of the
 * choices options that item had left, in input order. */
typedef struct nonet_xc_choice {
    size_t option;
    int item;
    int index;
    int choices;
} nonet_xc_choice;

/* Called with each solution: its count levels, in the order they were
 * chosen. Return nonzero to stop the search. The array is valid only
 * during the call. */
typedef int (*nonet_xc_solution_fn)(void *ctx, const nonet_xc_choice *levels, size_t count);

/* Finds the solutions of x, at most limit of them (0: no limit), calling
 * fn (if non-NULL) with each; *stats (if non-NULL) receives what the
 * search did. The search is iterative (no deep recursion) and leaves x as
 * it was, so x may be solved again. Returns NONET_OK (whatever the count),
 * NONET_EARG (NULL x, a problem whose reading failed or was not ended),
 * NONET_ENOMEM, NONET_ECANCELED or NONET_ETIMEOUT (x's stop: *stats says
 * what was done before it). */
NONET_API int nonet_xc_solve(nonet_xc *x, uint64_t limit, nonet_xc_solution_fn fn, void *ctx,
                             nonet_xc_stats *stats);

/* Sudoku as exact cover. Item names: pRC (cell R, C filled), rRD (row R
 * has digit D), cCD (column C has D), bBD (box B has D), rows, columns
 * and boxes from 0, digits from 1, boxes row-major. For sides above 9
 * every number is written in decimal and the two are joined by '_':
 * p3_12, r3_12, c11_7, b0_16. Only the items still open are listed, and
 * one option "pRC rRD cCD bBD" per candidate digit D of each empty cell.
 *
 * The default form is Knuth's SUDOKU-DLX (byte for byte for 9x9): the
 * comment line "|sudoku!" and the rows, each after a '!' ('.' blanks);
 * the item line, every name followed by a space: the p items of the empty
 * cells row-major, then the r, c and b items, each by index and digit;
 * then the options, cells row-major, digits increasing. Shapes other than
 * 3x3 boxes write "|sudoku RxC!" (e.g. "|sudoku 2x3!"); sides above 35
 * write each row's cells as decimal numbers joined by ',' ('.' blanks).
 * NONET_XC_DANCE gives the older SUDOKU-PREP form for DANCE: no comment
 * line, a space before each item name, the r, c, b items interleaved (for
 * each index k and digit d: rkd, ckd, bkd), options in column-major cell
 * order. */
#define NONET_XC_DANCE 1u

/* Writes the exact cover of puzzle g into buf, as snprintf does; flags is
 * 0 or NONET_XC_DANCE. Returns the length the whole text needs, or a
 * negative status, leaving "" in buf: NONET_EARG (NULL or malformed g,
 * unknown flags), NONET_ECONFLICT when two clues conflict, with
 * SUDOKU-DLX's sentence in err->message (if err is non-NULL), all indices
 * from 0: "digit 5 appears in columns 0 and 3 of row 2!", "... in rows A
 * and B of column C!", "... in rows A and B of box X!" (the first conflict
 * met reading clues row-major, each against its row, column, then box). */
NONET_API long nonet_xc_from_sudoku(const nonet_grid *g, unsigned flags, char *buf, size_t cap,
                                    nonet_error *err);

/* Maps a solution of a problem written by nonet_xc_from_sudoku (default
 * form: its comment line gives the clues and the shape) back to a grid:
 * the clues, and for each level the digit of its option's cell. Returns
 * NONET_OK, or NONET_EARG (NULL arguments; no "|sudoku" comment line, or
 * options or comment that are not such a problem's; details in *err if
 * non-NULL), NONET_EINCOMPLETE (the options leave a cell empty). */
NONET_API int nonet_xc_to_sudoku(const nonet_xc *x, const nonet_xc_choice *levels, size_t count,
                                 nonet_grid *out, nonet_error *err);

/* ---------------------------------------------------------------- solving like a person */

/* A human-style solver: from a position (a grid and its candidates) it
 * always takes the easiest step a person could take, on Sudoku
 * Explainer's ladder of techniques, and rates a puzzle by the hardest step
 * on that path (SE's rating, in tenths: 23 is 2.3). Techniques work on
 * the units of the grid (rows, columns, boxes), for every size; the
 * difficulties are SE's, which were set for 9x9. */

/* The techniques, easiest first, with SE's difficulty. */
typedef enum nonet_technique {
    NONET_TECH_FULL_HOUSE = 0,         /* 1.0 the last empty cell of a unit */
    NONET_TECH_HIDDEN_SINGLE_BOX,      /* 1.2 a digit's one place in a box */
    NONET_TECH_HIDDEN_SINGLE_LINE,     /* 1.5 ... in a row or column */
    NONET_TECH_DIRECT_POINTING,        /* 1.7 pointing that makes a hidden single */
    NONET_TECH_DIRECT_CLAIMING,        /* 1.9 claiming that makes a hidden single */
    NONET_TECH_DIRECT_HIDDEN_PAIR,     /* 2.0 a hidden pair that makes a hidden single */
    NONET_TECH_NAKED_SINGLE,           /* 2.3 a cell's last candidate */
    NONET_TECH_DIRECT_HIDDEN_TRIPLE,   /* 2.5 */
    NONET_TECH_POINTING,               /* 2.6 a box's digit confined to a line */
    NONET_TECH_CLAIMING,               /* 2.8 a line's digit confined to a box */
    NONET_TECH_NAKED_PAIR,             /* 3.0 */
    NONET_TECH_X_WING,                 /* 3.2 */
    NONET_TECH_HIDDEN_PAIR,            /* 3.4 */
    NONET_TECH_NAKED_TRIPLE,           /* 3.6 */
    NONET_TECH_SWORDFISH,              /* 3.8 */
    NONET_TECH_HIDDEN_TRIPLE,          /* 4.0 */
    NONET_TECH_XY_WING,                /* 4.2 */
    NONET_TECH_XYZ_WING,               /* 4.4 */
    NONET_TECH_UNIQUE_RECTANGLE,       /* 4.5 and up, by type and length */
    NONET_TECH_NAKED_QUAD,             /* 5.0 */
    NONET_TECH_JELLYFISH,              /* 5.2 */
    NONET_TECH_HIDDEN_QUAD,            /* 5.4 */
    NONET_TECH_BUG,                    /* 5.6 and up, by type */
    NONET_TECH_ALIGNED_PAIR_EXCLUSION, /* 6.2 */
    /* chains, difficulty = base + a bonus that grows with the length */
    NONET_TECH_X_CYCLE,                     /* 6.5+ one digit's loop */
    NONET_TECH_Y_CYCLE,                     /* 6.5+ a loop of bivalue cells */
    NONET_TECH_FORCING_X_CHAIN,             /* 6.6+ one digit: a candidate
                                               implies its own opposite */
    NONET_TECH_XY_CYCLE,                    /* 7.0+ a loop of both links */
    NONET_TECH_FORCING_CHAIN,               /* 7.0+ */
    NONET_TECH_ALIGNED_TRIPLE_EXCLUSION,    /* 7.5 */
    NONET_TECH_NISHIO,                      /* 7.5+ one digit's consequences clash */
    NONET_TECH_MULTIPLE_FORCING_CHAINS,     /* 8.0+ every candidate of a cell,
                                               or place of a digit in a unit,
                                               implies the same */
    NONET_TECH_DYNAMIC_FORCING_CHAINS,      /* 8.5+ chains that see the
                                               candidates they removed */
    NONET_TECH_DYNAMIC_FORCING_CHAINS_PLUS, /* 9.0+ with pointing, claiming,
                                               pairs and x-wings inside */
    /* nested: chains that use other chains inside them (9x9 and smaller) */
    NONET_TECH_NESTED_FORCING_CHAINS,              /* 9.5+ with cycles and
                                                      forcing chains inside */
    NONET_TECH_NESTED_MULTIPLE_FORCING_CHAINS,     /* 10.0+ and multiple
                                                      forcing chains inside */
    NONET_TECH_NESTED_DYNAMIC_FORCING_CHAINS,      /* 10.5+ dynamic forcing
                                                      chains inside */
    NONET_TECH_NESTED_DYNAMIC_FORCING_CHAINS_PLUS, /* 11.0+ and nested ones
                                                      (9.5+) inside */
    NONET_TECH_COUNT
} nonet_technique;

/* The technique's name, lower case ("hidden single"), or NULL if unknown. */
NONET_API const char *nonet_technique_name(nonet_technique technique);

/* Looks a technique up by its name (nonet_technique_name's, any case).
 * Returns NONET_OK, or NONET_EARG (NULL arguments, an unknown name). */
NONET_API int nonet_technique_from_name(const char *name, nonet_technique *technique);

/* The technique's base difficulty on the ladder, in tenths (SE's, before
 * a chain's length bonus or a unique rectangle's type: 45 for "unique
 * rectangle"; the one nonet_human_set_ceiling compares), or 0 if
 * unknown. */
NONET_API int nonet_technique_base(nonet_technique technique);

/* What a candidate does in a step (nonet_cell_digits.role). Sudoku
 * Explainer's fish have no fins, so no role names them. */
typedef enum nonet_role {
    NONET_ROLE_NONE = 0,  /* not said */
    NONET_ROLE_DEFINING,  /* the cells that make the pattern: a single's
                             cell, a subset's cells, a unique rectangle's
                             or BUG's cells */
    NONET_ROLE_BASE,      /* a digit's places in the base units: a fish's
                             base lines, pointing's box, claiming's line */
    NONET_ROLE_PIVOT,     /* a wing's pivot */
    NONET_ROLE_PINCER,    /* a wing's pincers (its two other cells) */
    NONET_ROLE_SUPPORT,   /* cells the pattern leans on: aligned
                             exclusion's cells that see every aligned
                             cell, a unique rectangle's extra subset */
    NONET_ROLE_CHAIN,     /* a cycle's candidates (their nodes say on or
                             off: nonet_step.chain) */
    NONET_ROLE_TARGET,    /* a forcing chain's conclusion */
    NONET_ROLE_PLACED,    /* nonet_step.placements */
    NONET_ROLE_ELIMINATED /* nonet_step.eliminations */
} nonet_role;

/* A cell and digits (bit d-1 for digit d): a placement (one digit), an
 * elimination, or a cell of a pattern with the digits that matter, and
 * their role: NONET_ROLE_PLACED or _ELIMINATED in those two lists, the
 * pattern's own in the pattern. */
typedef struct nonet_cell_digits {
    int cell;
    uint64_t digits;
    nonet_role role;
} nonet_cell_digits;

/* A chain step's shape. */
typedef enum nonet_chain_kind {
    NONET_CHAIN_NONE = 0,      /* not a chain */
    NONET_CHAIN_CYCLE,         /* a loop: one branch from a node back to it */
    NONET_CHAIN_FORCING,       /* one branch: an assumption implies its opposite */
    NONET_CHAIN_CONTRADICTION, /* two branches from one assumption end in a
                                  candidate both on and off */
    NONET_CHAIN_DOUBLE,        /* a candidate on and the same candidate off
                                  imply the same conclusion */
    NONET_CHAIN_CELL,          /* every candidate of a cell implies it */
    NONET_CHAIN_UNIT           /* every place of a digit in a unit implies it */
} nonet_chain_kind;

/* How a chain node follows from its parents (nonet_chain_node.link). The
 * labels hold in the step's starting position (the position the step was
 * found in), not in the position the chain has reduced. */
typedef enum nonet_link {
    NONET_LINK_NONE = 0, /* an assumption: its branch's first node, no
                            parents */
    NONET_LINK_STRONG,   /* "on" from its one "off" parent: the two are the
                            only candidates of a cell (bivalue; unit -1) or
                            the only places of their digit in unit (bilocal) */
    NONET_LINK_WEAK,     /* "off" from its one "on" parent: the two see each
                            other (the same cell, unit -1; or the same digit
                            in cells that share unit) */
    NONET_LINK_IMPLIED,  /* "on": its cell's last candidate (unit -1) or its
                            digit's last place in unit once its parents,
                            candidates of that cell or unit, are off; it
                            holds only because of them (dynamic chains) */
    NONET_LINK_RULE,     /* "off": a basic rule (pointing, claiming, a naked
                            or hidden pair, an X-wing) removes it from what
                            is left once its parents are off (unit -1) */
    NONET_LINK_NESTED    /* "off": a chain inside the chain removes it, as
                            RULE (nested forcing chains; unit -1) */
} nonet_link;

/* A node of a chain: a candidate assumed or implied "on" (the digit is in
 * the cell) or "off" (it is not), with every node it follows from. */
typedef struct nonet_chain_node {
    int cell, digit;
    int on;
    int branch;      /* which branch of the step, from 0 */
    nonet_link link; /* how it follows from its parents */
    int unit;        /* the unit of a STRONG, WEAK or IMPLIED link, or -1 */
    int parents;     /* its parents: nonet_step.chain_parents[parents ..
                        parents + nparents), each an index into
                        nonet_step.chain of an earlier node of its branch */
    int nparents;    /* 0 for an assumption; the first parent is the link
                        that produced it (following first parents back from
                        a branch's last node gives the branch's path) */
} nonet_chain_node;

/* One step a person can take: its technique and difficulty, the units it
 * works in (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1), the pattern of
 * cells and digits that justifies it, and what it places and removes. A
 * chain step also has its branches: each is the graph of every node its
 * conclusion (the branch's last node) depends on, from its assumption (the
 * branch's first node), parents before children, each node with all its
 * parents and the kind of its link (dynamic chains also rely on
 * candidates removed earlier, which the complexity counts). The arrays
 * belong to the solver that found the step. */
typedef struct nonet_step {
    nonet_technique technique;
    int difficulty; /* tenths of SE's scale: 23 is 2.3 */
    int nunits;
    int units[4];
    const nonet_cell_digits *pattern;
    int npattern;
    const nonet_cell_digits *placements; /* one digit each */
    int nplacements;
    const nonet_cell_digits *eliminations;
    int neliminations;
    nonet_chain_kind chain_kind;   /* NONET_CHAIN_NONE but for chains */
    const nonet_chain_node *chain; /* the branches' nodes, branch by branch */
    int nchain;
    const int *chain_parents; /* the nodes' parents (nonet_chain_node.parents) */
    int nchain_parents;
    int complexity; /* chains: the nodes the conclusion depends on (SE's count) */
} nonet_step;

/* A human-style solver: a position and its scratch memory, reusable
 * across puzzles of any size. One thread at a time. */
typedef struct nonet_human nonet_human;

/* A new solver, or NULL when out of memory. Free it with nonet_human_free
 * (NULL is a no-op). */
NONET_API nonet_human *nonet_human_new(void);
NONET_API void nonet_human_free(nonet_human *h);

/* Makes h's later finds and ratings stop as *stop says (copied; NULL:
 * never stop), until it is set again; see nonet_stop. A stopped find
 * leaves the position as it was, with no step found. h NULL is a no-op. */
NONET_API void nonet_human_set_stop(nonet_human *h, const nonet_stop *stop);

/* Sets the position: puzzle's digits and, for every empty cell, its marks
 * (marks NULL: the digits its units lack). Returns NONET_OK, NONET_EARG
 * (NULL h or puzzle, malformed puzzle), NONET_ECONFLICT (two digits clash
 * in a unit, or a mark leaves out its own cell's digit). */
NONET_API int nonet_human_start(nonet_human *h, const nonet_grid *puzzle, const nonet_marks *marks);

/* Finds the steps of the easiest technique that applies to the current
 * position (the ladder's order): all of them, since a person could take
 * any of them first and the result of taking all does not depend on the
 * order. Returns their number: 0 when the position is solved or no
 * technique of the ladder applies (see nonet_human_solved); NONET_EARG
 * before a start; NONET_ENOMEM; NONET_ECANCELED or NONET_ETIMEOUT (h's
 * stop: nothing found). */
NONET_API int nonet_human_find(nonet_human *h);

/* The i-th step found by the last nonet_human_find (0-based, in the order
 * a person scanning boxes, columns, then rows would meet them); valid
 * until the next find, apply or start. Returns NONET_OK or NONET_EARG (i
 * out of range). */
NONET_API int nonet_human_step(const nonet_human *h, int i, nonet_step *step);

/* Applies the i-th step found, or all of them not applied yet (i = -1:
 * the ladder's way). The steps found stay valid until the next find or
 * start, so they can be applied one by one; a step whose every placement
 * and elimination an earlier one already made changes nothing. Returns
 * the number of steps applied that changed the position (0 when i was
 * applied before or changes nothing), NONET_EARG (i out of range, nothing
 * found), or NONET_ECONFLICT (a placement that is no longer a candidate:
 * the position had no solution). */
NONET_API int nonet_human_apply(nonet_human *h, int i);

/* 1 when every cell of the position is filled, else 0. */
NONET_API int nonet_human_solved(const nonet_human *h);

/* Copies the current position: the placed digits into *grid and, if marks
 * is non-NULL, every cell's candidates (a placed digit's own). */
NONET_API void nonet_human_position(const nonet_human *h, nonet_grid *grid, nonet_marks *marks);

/* A puzzle's rating: the path that always takes the easiest steps. */
typedef struct nonet_rating {
    int difficulty;              /* tenths: the hardest step's; when stuck,
                                    the hardest step before it */
    int at_least;                /* when stuck: the rating is at least this
                                    (nonet_human_limit) */
    nonet_technique beyond;      /* when stuck: the easiest technique the
                                    ladder lacked (nonet_human_limit) */
    int stuck;                   /* 1: the ladder got stuck: the next step
                                    needs more than it has */
    nonet_technique hardest;     /* the hardest step's technique */
    int steps;                   /* steps taken */
    int count[NONET_TECH_COUNT]; /* steps of each technique */
} nonet_rating;

/* Rates the position (puzzle and marks, as nonet_human_start) by walking
 * the ladder to the end. The puzzle must have exactly one solution: the
 * uniqueness techniques rely on it. Returns NONET_OK (*out filled, also
 * when stuck), NONET_ENOSOLUTION, NONET_ENOTUNIQUE, NONET_ECANCELED or
 * NONET_ETIMEOUT (h's stop: *out holds the steps taken before it), or as
 * nonet_human_start. */
NONET_API int nonet_human_rate(nonet_human *h, const nonet_grid *puzzle, const nonet_marks *marks,
                               nonet_rating *out);

/* The level of a rating in tenths, as puzzle books name them: "easy"
 * (1.0-1.2), "medium" (1.3-1.5), "hard" (1.6-2.5), "fiendish" (2.6-6.0),
 * "diabolical" (6.1 and up). Static string, never NULL. */
NONET_API const char *nonet_level_name(int difficulty);

/* The rating bounds of a level of nonet_level_name (any case), in tenths:
 * *min and *max (0 for "diabolical": no upper bound). Returns NONET_OK,
 * or NONET_EARG (NULL arguments, an unknown name). */
NONET_API int nonet_level_bounds(const char *name, int *min, int *max);

/* Limits the ladder to the techniques whose base difficulty (SE's, before
 * a chain's length bonus; cycles and forcing chains, 6.5-7.0, count as
 * one at 6.5) is at most difficulty, in tenths; 0 (the default) sets no
 * limit. A rating under a ceiling costs less: a puzzle that needs more
 * gets stuck early instead of running the deepest chains, which can take
 * seconds. Applies from the next find or rate. Returns NONET_OK, or
 * NONET_EARG (NULL h, negative difficulty). */
NONET_API int nonet_human_set_ceiling(nonet_human *h, int difficulty);

/* For a started position that the ladder cannot finish (stuck): the least
 * rating (tenths) its next step can have, and in *next (if non-NULL) the
 * easiest technique the ladder lacks for it: left out by the ceiling, or
 * not run on a board of this size (chains stop above 25x25, nested
 * forcing chains above 9x9). When it lacks none, 110 and
 * NONET_TECH_COUNT: the position needs more than Sudoku Explainer's
 * deepest nested forcing chains. Returns 0 (and NONET_TECH_COUNT) when h
 * is NULL or not started. */
NONET_API int nonet_human_limit(const nonet_human *h, nonet_technique *next);

/* Writes a step in plain words into buf, as snprintf does, for a grid of
 * side n: "hidden single in row 3: r3c5 = 7", "pointing: in box 2 the 4s
 * lie in row 1, so r1c7, r1c8 <> 4". Rows and columns count from 1;
 * digits are written in symbols (n characters, e.g. a puzzle's own
 * nonet_puzzle.symbols; NULL or "": 1-9 then A-Z; numbers above 35).
 * Returns the length the whole text needs. */
NONET_API size_t nonet_step_describe(const nonet_step *step, int n, const char *symbols, char *buf,
                                     size_t cap);

/* Hints in three levels, each telling more of a step, so that a learner
 * can be nudged before being told (nonet_step_hint):
 *   1 NONET_HINT_WHERE  the technique and where to look: the smallest
 *                       region of the grid (nonet_step_region) that holds
 *                       the cells level 2 shows;
 *   2 NONET_HINT_CELLS  also the pattern's cells and candidates, by role
 *                       (nonet_step_hint_cells), without the conclusion;
 *   3 NONET_HINT_MOVE   the whole step: nonet_step_describe's words.
 * Levels 1 and 2 never name a candidate the step places or eliminates
 * (nonet_step.placements, .eliminations), in words or in JSON. */
enum { NONET_HINT_WHERE = 1, NONET_HINT_CELLS = 2, NONET_HINT_MOVE = 3 };

/* A part of the grid a person is told to look at. */
typedef enum nonet_region_kind {
    NONET_REGION_HOUSE = 0, /* one row, column or box */
    NONET_REGION_BAND,      /* a band: the rows of one row of boxes */
    NONET_REGION_STACK,     /* a stack: the columns of one column of boxes */
    NONET_REGION_BOXES,     /* two or more boxes */
    NONET_REGION_ROWS,      /* two or more rows */
    NONET_REGION_COLUMNS,   /* two or more columns */
    NONET_REGION_GRID       /* the whole grid */
} nonet_region_kind;

typedef struct nonet_region {
    nonet_region_kind kind;
    int index;                 /* BAND, STACK: which, from 0 (top, left);
                                  else -1 */
    int nunits;                /* the houses whose cells make the region:
                                  the house, the band's rows, the stack's
                                  columns, the boxes, rows or columns, in
                                  ascending order; 0 for GRID */
    int units[NONET_MAX_SIDE]; /* as nonet_step.units: rows 0..n-1,
                                  columns n..2n-1, boxes 2n..3n-1 */
    int cells;                 /* the number of cells of the region */
} nonet_region;

/* The candidates a hint shows at level 2, by role, into out (up to max
 * items; out may be NULL when max is 0): each item of step->pattern in
 * its order but the target (NONET_ROLE_TARGET, a forcing chain's
 * conclusion), with its digits, or with none (digits 0: the cell alone)
 * when one of them is a candidate the step places or eliminates in that
 * cell; then, for a chain step, its nodes' candidates that no pattern
 * item holds and the step neither places nor eliminates, one item a cell
 * (role NONET_ROLE_CHAIN) in the order of the nodes. So no item holds a
 * concluded candidate. step->npattern + step->nchain items are always
 * enough.
 * Returns the number of items (more than max: only max written), or
 * NONET_EARG (NULL step, n out of range, a cell out of range, max < 0). */
NONET_API int nonet_step_hint_cells(const nonet_step *step, int n, nonet_cell_digits *out, int max);

/* Where a hint at level 1 tells a person to look, for a grid of boxes
 * box_rows x box_cols (n = box_rows * box_cols): the smallest region
 * (fewest cells) holding every cell of nonet_step_hint_cells. One house
 * when they share one, preferring the step's own units in their order,
 * then the box, row and column of the first cell; else the smallest of a
 * band or stack, the boxes, the rows or the columns they lie in, on equal
 * cells in that order (rows before columns unless the step's first unit
 * is a column), or the whole grid when that is no larger. A step with no
 * such cells: its first unit, else the whole grid. Returns NONET_OK, or
 * NONET_EARG (NULL step or out, a bad shape, a cell or unit out of
 * range). */
NONET_API int nonet_step_region(const nonet_step *step, int box_rows, int box_cols,
                                nonet_region *out);

/* Writes a hint at level (1 to 3) into buf, as snprintf does, for a grid
 * of boxes box_rows x box_cols, digits in symbols (as
 * nonet_step_describe), in the style of nonet_step_describe's words:
 *   1: the technique and its region (nonet_step_region): "x-wing: look
 *      at columns 1 and 6", "hidden single: look at box 2", "aligned pair
 *      exclusion: look at stack 3 (columns 7 to 9)"; no cell, no digit;
 *   2: the pattern without its conclusion, naming exactly the cells of
 *      nonet_step_hint_cells, with their digits as it gives them: "x-wing:
 *      the 5s of columns 1 and 6 lie in rows 1 and 8 only (r1c1, r8c1,
 *      r1c6, r8c6)", "xy-wing: pivot r9c7{37}; pincers r7c8{23},
 *      r5c7{27}", "hidden single in box 2: r1c6 is the only place of one
 *      of its digits", "forcing x-chain: an assumption leads to its own
 *      opposite, through r5c2{2}, r5c7{2}, r9c7{2}, r9c3{2}";
 *   3: nonet_step_describe's words (nonet hint's line).
 * Returns the length the whole text needs; NONET_EARG (leaving "" in buf
 * when cap > 0) for a NULL or malformed step (cells, digits or units out
 * of range, fewer units than its words name, a chain step without
 * nodes), a bad shape or level; NONET_ENOMEM. */
NONET_API long nonet_step_hint(const nonet_step *step, int level, int box_rows, int box_cols,
                               const char *symbols, char *buf, size_t cap);

/* ---------------------------------------------------------------- teaching solvers */

/* Three simple solvers from well-known course assignments, reproduced step
 * for step (algorithm, step order, statistics, traces) so that a learner
 * can watch them work and compare them with the engines above. They are
 * not counting solvers: each looks for one solution only, and slowly.
 * Every shape nonet supports is accepted, but tactics and naive end in
 * brute force, whose time can grow exponentially with the number of blank
 * cells on big or hard grids; that is inherent in the algorithms.
 *
 * Common contract of nonet_teach_propagate, _tactics and _naive:
 * - Returns an outcome (0 or positive, enum nonet_teach_outcome) or a
 *   negative status: NONET_EARG (NULL or malformed puzzle), NONET_ENOMEM.
 * - A puzzle whose clues conflict has no solution: NONET_TEACH_NO_SOLUTION
 *   at once, before any step (statistics zero, nothing traced).
 * - out, if non-NULL, receives the grid as the engine left it (see each
 *   engine); out may be the puzzle itself. On a negative status it is
 *   left unchanged.
 * - stats, if non-NULL, is zeroed, then counts what the engine did.
 * - trace, if non-NULL, is called with text describing each step: one or
 *   more whole lines, each ending in '\n', valid only during the call. A
 *   NULL trace costs nothing. */

/* How a teaching solver ended. */
typedef enum nonet_teach_outcome {
    NONET_TEACH_SOLVED = 0,     /* out holds a solution */
    NONET_TEACH_STUCK = 1,      /* propagate only: no step applies any more,
                                   "too hard for this simple algorithm" */
    NONET_TEACH_NO_SOLUTION = 2 /* a contradiction: the puzzle has no solution */
} nonet_teach_outcome;

/* Receives trace text (see above). */
typedef void (*nonet_trace_fn)(void *ctx, const char *text);

typedef struct nonet_propagate_stats {
    uint64_t passes; /* whole passes over the cells, the last one (with no
                        event, or where a cell lost its last candidate)
                        included */
    uint64_t events; /* candidates removed plus digits placed */
} nonet_propagate_stats;

/* propagate: elimination to a steady state. Every blank cell starts with
 * every digit as a candidate. A pass visits the blank cells in row-major
 * order; in each it removes every candidate already placed in the cell's
 * row, column or box (one event each) and, if one candidate is left,
 * places it at once (one event). Passes repeat until one has no event.
 * Outcome: SOLVED; STUCK (blanks left, no event); NO_SOLUTION (a cell lost
 * its last candidate; the engine stops there). In every case out holds
 * the grid as far as it got (0 where unknown). Trace: after each pass a
 * line "pass P: E events (R candidates removed, D digits placed)" and the
 * candidate sets in the candidates layout (nonet_format_candidates), then
 * a closing line ("solved", "stuck: ...", or which cell had no candidate
 * left). Time: O(passes * n^2). */
NONET_API int nonet_teach_propagate(const nonet_grid *puzzle, nonet_grid *out,
                                    nonet_propagate_stats *stats, nonet_trace_fn trace, void *ctx);

typedef struct nonet_tactics_stats {
    uint64_t tactic1;  /* tactic 1 scans */
    uint64_t tactic2;  /* tactic 2 scans */
    uint64_t nodes;    /* runs of the solver loop: the puzzle's, and one per
                          guess on its copy */
    uint64_t guesses;  /* tactic 3 trials ("trying 4 at row 2, column 3") */
    uint64_t backups;  /* trials that failed ("backing up from ...") */
    uint64_t rejected; /* grids of singletons refused because they break a
                          rule (the correction below) */
} nonet_tactics_stats;

/* tactics: candidate sets and tactics 1-3. Every cell holds a set (a clue
 * is a singleton, a blank starts full).
 * - Tactic 1, one scan: for every row, then every column, then every box,
 *   and each singleton {k} of it (cells in row-major order): remove k
 *   from the unit's other sets.
 * - Tactic 2, one scan: for every row, then column, then box, and every
 *   k = 1..n: if exactly one set of the unit holds k, make it {k}.
 * - The solver loop: tactic 1; if a set is empty, no solution; tactic 2;
 *   if neither changed anything, leave the loop; if every set is a
 *   singleton, solved. After the loop, tactic 3: for the first
 *   non-singleton set in row-major order and each k in it, ascending, run
 *   the solver loop on a copy whose set is {k}; the first copy that solves
 *   is the solution; if none does, no solution (no other cell is tried).
 * - One correction to the handout: a grid of singletons counts as solved
 *   only if no digit repeats in a unit (tactic 2 can give two cells of a
 *   unit the same digit in one scan, and a wrong guess can end in such a
 *   grid). A violation is treated like an empty set, and traced.
 * Outcome: SOLVED or NO_SOLUTION; out holds the solution, or the puzzle
 * when there is none. Trace: after each tactic scan "tactic T: changed"
 * or "tactic T: no change" and every cell's set in the candidates layout;
 * "trying K at row R, column C" for each guess and "backing up from row R,
 * column C" when it fails; and why a branch ended. Memory: one copy of the
 * n*n sets per guess on the current path. */
NONET_API int nonet_teach_tactics(const nonet_grid *puzzle, nonet_grid *out,
                                  nonet_tactics_stats *stats, nonet_trace_fn trace, void *ctx);

typedef struct nonet_naive_stats {
    uint64_t singles;    /* cells filled as single candidates (step 1) */
    uint64_t attempts;   /* digits tried in a cell and found not valid */
    uint64_t backtracks; /* steps back to the previous empty cell */
} nonet_naive_stats;

/* naive: single candidates, then brute force. Step 1 fills, in row-major
 * passes repeated until one fills nothing, every blank cell where exactly
 * one digit can go. Step 2 visits the cells still blank in row-major
 * order: in each it places the lowest digit that can legally go there and
 * moves on; when none fits, it clears the cell and goes back to the
 * previous one to try a higher digit there. Legality is nonet_can_place.
 * Failing in the first of those cells ends the search (there is nothing
 * to go back to: no backtrack is counted). Outcome: SOLVED or NO_SOLUTION
 * (after the whole search, statistics complete); out holds the solution,
 * or the puzzle when there is none. Trace: "single candidate: K at row R,
 * column C", then "placing K at row R, column C", "K at row R, column C is
 * not valid" (an attempt) and "backtracking from row R, column C to row
 * R', column C'" (a backtrack), and a closing line. */
NONET_API int nonet_teach_naive(const nonet_grid *puzzle, nonet_grid *out, nonet_naive_stats *stats,
                                nonet_trace_fn trace, void *ctx);

/* ---------------------------------------------------------------- generating */

/* Symmetries of a puzzle's clue pattern: the cells a symmetry maps onto
 * each other are all clues or all blanks. Cell (r, c) of an n-sided grid
 * goes to: */
typedef enum nonet_symmetry {
    NONET_SYM_NONE = 0,     /* "none": itself */
    NONET_SYM_ROT180,       /* "rot180": (n-1-r, n-1-c), a half turn */
    NONET_SYM_ROT90,        /* "rot90": (c, n-1-r), every quarter turn */
    NONET_SYM_MIRROR,       /* "mirror": (r, n-1-c), left-right */
    NONET_SYM_FLIP,         /* "flip": (n-1-r, c), top-bottom */
    NONET_SYM_DIAGONAL,     /* "diagonal": (c, r) */
    NONET_SYM_ANTIDIAGONAL, /* "antidiagonal": (n-1-c, n-1-r) */
    NONET_SYM_RANDOM        /* "random": generating, each puzzle one of the
                               others that fit the shape, none excluded */
} nonet_symmetry;

/* The symmetry's name, as above, or NULL if unknown. */
NONET_API const char *nonet_symmetry_name(nonet_symmetry symmetry);
/* Looks a symmetry up by name; returns NONET_OK or NONET_EARG. */
NONET_API int nonet_symmetry_from_name(const char *name, nonet_symmetry *symmetry);
/* Whether the symmetry maps the boxes of a box_rows x box_cols grid onto
 * boxes: 1 or 0. The quarter turn and the diagonals need square boxes;
 * RANDOM always fits (it picks among those that do). */
NONET_API int nonet_symmetry_fits(nonet_symmetry symmetry, int box_rows, int box_cols);
/* Whether g's clue pattern has the symmetry: 1, or 0 (also for NULL or a
 * malformed g, or RANDOM). */
NONET_API int nonet_grid_symmetric(const nonet_grid *g, nonet_symmetry symmetry);

/* What to generate. Zero-initialised: 9x9, no symmetry, minimal, any
 * clue count, any rating. */
typedef struct nonet_generate_opts {
    int box_rows, box_cols;  /* the shape; both 0: 3x3 */
    nonet_symmetry symmetry; /* of the clue pattern */
    int strict_minimal;      /* with a symmetry: also minimal clue by clue
                                (puzzles that are not are discarded) */
    int clues;               /* exactly this many clues (0: any): the
                                digging stops there, so such a puzzle is
                                minimal only if nothing more could go */
    int max_clues;           /* at most this many (0: any) */
    int min_rating;          /* SE rating in tenths, at least (0: any) */
    int max_rating;          /* at most (0: any) */
    uint64_t max_tries;      /* solution grids dug per puzzle before
                                giving up (0: NONET_GENERATE_TRIES) */
} nonet_generate_opts;

#define NONET_GENERATE_TRIES 10000

/* What nonet_generate made. */
typedef struct nonet_generated {
    nonet_symmetry symmetry; /* the pattern's (RANDOM resolved) */
    int clues;               /* clues in the puzzle */
    int rating;              /* SE rating in tenths when a rating bound was
                                asked (it was rated), else 0 */
    uint64_t tries;          /* solution grids dug for it (1 or more) */
} nonet_generated;

/* A generator: options, a solver and scratch memory. One thread at a
 * time; use one generator per thread. */
typedef struct nonet_generator nonet_generator;

/* Checks opts (NULL: defaults). Returns NONET_OK, or NONET_EARG and a
 * sentence saying why in why[0..cap) (as snprintf; why may be NULL when
 * cap is 0): a shape nonet does not support, a symmetry that does not
 * fit it, a clue target no puzzle can meet (below n - 1, or 17 for 9x9;
 * above n * n; or no sum of the sizes of the symmetry's cell groups), max_clues below clues, a
 * rating bound out of 0-200 or min_rating above max_rating. */
NONET_API int nonet_generate_check(const nonet_generate_opts *opts, char *why, size_t cap);

/* A new generator for opts (NULL: defaults) into *out. Returns NONET_OK,
 * NONET_EARG (NULL out, or opts fail nonet_generate_check) or
 * NONET_ENOMEM; *out is NULL unless NONET_OK. */
NONET_API int nonet_generator_new(const nonet_generate_opts *opts, nonet_generator **out);

/* Frees g; NULL is a no-op. */
NONET_API void nonet_generator_free(nonet_generator *g);

/* Makes g's later nonet_generate, nonet_minimize and nonet_is_minimal
 * stop as *stop says (copied; NULL: never stop), until it is set again;
 * see nonet_stop. They then return NONET_ECANCELED or NONET_ETIMEOUT, with
 * *puzzle as it was given (minimize) or the last one dug (generate).
 * g NULL is a no-op. */
NONET_API void nonet_generator_set_stop(nonet_generator *g, const nonet_stop *stop);

/* Makes the puzzle number index of seed's stream: a solution grid filled
 * at random, then clues removed (a symmetric group of cells at a time, in
 * a random order) while the puzzle keeps one solution, each removal
 * proved by the solver, until no group can go (minimal) or the clue
 * target is met; grids whose puzzle misses the targets are discarded and
 * the next one is dug. Every random choice comes from (seed, index) alone,
 * never from a search's order: the same seed, index and options give the
 * same puzzle on every machine, thread and build. *puzzle gets the
 * puzzle, *solution (if non-NULL) its solution, *info (if non-NULL) what
 * it is. Returns NONET_OK, NONET_EGIVEUP (max_tries grids dug without
 * meeting the targets; *puzzle is then the last one dug), NONET_EARG
 * (NULL g or puzzle), NONET_ENOMEM. */
NONET_API int nonet_generate(nonet_generator *g, uint64_t seed, uint64_t index, nonet_grid *puzzle,
                             nonet_grid *solution, nonet_generated *info);

/* Reduces puzzle, in place, to a minimal puzzle with the same (unique)
 * solution: clues removed one symmetric group at a time in cell order
 * while the solution stays unique; with a symmetry, the clues its groups
 * lack are first filled in from the solution. g's options other than
 * strict_minimal do not matter (any shape). Returns NONET_OK,
 * NONET_ENOSOLUTION, NONET_ENOTUNIQUE (puzzle unchanged), NONET_ECONFLICT
 * (clues clash), NONET_EARG (NULL or malformed arguments, a symmetry that
 * does not fit the shape, or RANDOM), NONET_ENOMEM. */
NONET_API int nonet_minimize(nonet_generator *g, nonet_grid *puzzle, nonet_symmetry symmetry);

/* Whether puzzle, with one solution, is minimal: no symmetric group of
 * its clues (single clues for NONE) can go without a second solution.
 * Returns 1, 0, or a negative status as nonet_minimize. */
NONET_API int nonet_is_minimal(nonet_generator *g, const nonet_grid *puzzle,
                               nonet_symmetry symmetry);

/* ---------------------------------------------------------------- puzzles that need a technique */

/* Puzzles for a trainer: 9x9 puzzles with one solution whose solving
 * path (the ladder's, as nonet_human_rate walks it: every step of the
 * easiest technique that applies, at SE's order) uses a chosen technique,
 * and the position just before it is first needed.
 *
 * How they are made (README, "Puzzles that need a technique"):
 * - a base puzzle is found for every `fresh` outputs: for most techniques
 *   a random minimal puzzle (nonet_generate, no symmetry) whose path
 *   reaches the technique using no harder one before it (filtering, the
 *   ladder stopped at the technique or, under its ceiling, at the first
 *   step that needs more); with hardest, puzzles dug under the
 *   technique's ceiling (nonet_generate's rating steering: every removal
 *   keeps the ladder able to solve it with no harder technique) whose
 *   hardest step is of it; for techniques too rare for that (jellyfish,
 *   quads, aligned triple exclusion; aligned pair exclusion and x-cycle
 *   as the hardest step: nonet_needs_seeded), one of a few puzzles found
 *   so, kept in the library, taken a few steps away by the digging below;
 * - every dig_every outputs, the base is dug around its pattern: the
 *   cells of the technique's first steps (their pattern, placements and
 *   eliminations) are kept empty, 2 to 4 of the solution's other digits
 *   are put back as clues, and the puzzle is dug again to a minimal one
 *   in a random order; kept when the technique is still needed (and
 *   still the hardest), else the next try (up to 8), else the base;
 * - each output is that puzzle turned by a random symmetry of Sudoku
 *   (nonet_transform_random: bands, rows in bands, stacks, columns in
 *   stacks, transposition, digits), which keeps the solution unique and
 *   the path the same, round for round.
 * So with the defaults a base gives 32 puzzles: 8 digs (different clue
 * sets, minimal, mostly not isomorphic to each other) in 4 symmetries
 * each; they share the base's solution grid (up to the symmetry);
 * different bases differ. */
typedef struct nonet_needs_opts {
    nonet_technique technique; /* the path must use it */
    int hardest;               /* 1: and it is the hardest step's technique
                                  (nonet_rating.hardest), the ladder never
                                  stuck */
    int fresh;                 /* a new base every this many puzzles of a
                                  seed's stream (0: NONET_NEEDS_FRESH) */
    int dig_every;             /* a new dig around the base every this many
                                  (0: NONET_NEEDS_DIG_EVERY; 1: each puzzle
                                  its own dig) */
    uint64_t max_tries;        /* candidates tried for a base before giving
                                  up (0: NONET_NEEDS_TRIES) */
} nonet_needs_opts;

#define NONET_NEEDS_FRESH 32
#define NONET_NEEDS_DIG_EVERY 4
#define NONET_NEEDS_TRIES 20000

/* The position a trainer shows: the ladder's position right before the
 * first step of the technique (after every easier step of the path). */
typedef struct nonet_needs_position {
    nonet_grid grid;   /* the clues and the digits placed by then */
    nonet_marks marks; /* every cell's candidates then (a placed digit's own) */
    int rounds;        /* the ladder's rounds before it: finds, each
                          taking every step of the easiest technique that
                          applies (a count no symmetry changes) */
} nonet_needs_position;

/* What nonet_needs_generate made. */
typedef struct nonet_needs_info {
    int clues;      /* clues in the puzzle */
    int rating;     /* with hardest: the puzzle's SE rating in tenths;
                       else 0 (the path is walked only to the technique) */
    int seeded;     /* 1: its base came from the library's own puzzles */
    int dug;        /* 1: the base dug around its pattern; 0: the base
                       itself (transformed) */
    uint64_t base;  /* the base's number in the seed's stream (index /
                       fresh) */
    uint64_t tries; /* candidates tried for the base */
} nonet_needs_info;

/* A generator of such puzzles: options, generators, a human solver and
 * the current base. One thread at a time; one per thread. */
typedef struct nonet_needs_gen nonet_needs_gen;

/* Checks opts: NONET_OK, or NONET_EARG and a sentence why (as
 * nonet_generate_check): NULL opts, an unknown technique, fresh below 0. */
NONET_API int nonet_needs_check(const nonet_needs_opts *opts, char *why, size_t cap);

/* Whether the library's bases for the technique (hardest or not) are its
 * own kept puzzles rather than filtered ones: 1 or 0 (aligned pair
 * exclusion and x-cycle: 1 as the hardest step, 0 otherwise). */
NONET_API int nonet_needs_seeded(nonet_technique technique, int hardest);

/* A new generator into *out. Returns NONET_OK, NONET_EARG (NULL out,
 * opts fail nonet_needs_check) or NONET_ENOMEM; *out NULL unless OK. */
NONET_API int nonet_needs_new(const nonet_needs_opts *opts, nonet_needs_gen **out);

/* Frees g; NULL is a no-op. */
NONET_API void nonet_needs_free(nonet_needs_gen *g);

/* Makes g's later nonet_needs_generate stop as *stop says (NULL: never);
 * see nonet_stop. g NULL is a no-op. */
NONET_API void nonet_needs_set_stop(nonet_needs_gen *g, const nonet_stop *stop);

/* Makes the puzzle number index of seed's stream: its base is the
 * (index / fresh)-th of the stream, so consecutive indices reuse one base
 * (kept in g) and cost far less than the first. Every random choice
 * comes from (seed, index) and the options alone: the same puzzle on
 * every machine, thread and build, whatever was made before. *puzzle gets
 * the puzzle, *solution (if non-NULL) its solution, *position (if
 * non-NULL) the position before the technique, *info (if non-NULL) what
 * it is. Returns NONET_OK, NONET_EGIVEUP (max_tries candidates without a
 * base), NONET_EARG (NULL g or puzzle), NONET_ENOMEM, NONET_ECANCELED or
 * NONET_ETIMEOUT (g's stop). */
NONET_API int nonet_needs_generate(nonet_needs_gen *g, uint64_t seed, uint64_t index,
                                   nonet_grid *puzzle, nonet_grid *solution,
                                   nonet_needs_position *position, nonet_needs_info *info);

/* ---------------------------------------------------------------- canonical forms */

/* A symmetry of a grid with a relabelling of its digits. Applied to a
 * grid g of the shape (box_rows x box_cols, side n), it gives the grid
 * whose cell (i, j) is digit[h(row[i], col[j])], where h(r, c) is g's cell
 * (r, c), or (c, r) when transpose is set (square boxes only), and
 * digit[0] = 0 keeps blanks blank. row and col must permute 0..n-1 keeping
 * bands (and stacks) together: row[i] / box_rows is the same for the
 * box_rows rows of each band; digit must permute 1..n. */
typedef struct nonet_transform {
    int box_rows, box_cols;
    int transpose;
    uint8_t row[NONET_MAX_SIDE];
    uint8_t col[NONET_MAX_SIDE];
    uint8_t digit[NONET_MAX_SIDE + 1];
} nonet_transform;

/* Applies t to in, into *out (which may be in). Returns NONET_OK, or
 * NONET_EARG (NULL or malformed arguments, a shape other than t's, or t
 * not such a symmetry). */
NONET_API int nonet_transform_apply(const nonet_transform *t, const nonet_grid *in,
                                    nonet_grid *out);

/* The inverse of t into *inv (which may be t): applying t, then *inv,
 * gives back the grid. Returns NONET_OK, or NONET_EARG (NULL arguments, t
 * not such a symmetry). */
NONET_API int nonet_transform_invert(const nonet_transform *t, nonet_transform *inv);

/* A random symmetry of the shape (transposition, bands, rows in bands,
 * stacks, columns in stacks, digits), the index-th of seed's stream: the
 * same on every machine. Returns NONET_OK or NONET_EARG (NULL t, bad
 * shape). */
NONET_API int nonet_transform_random(int box_rows, int box_cols, uint64_t seed, uint64_t index,
                                     nonet_transform *t);

/* Writes t as text into buf, as snprintf does: "t=0;rows=1,2,...;cols=
 * ...;digits=..." (rows: the source row of each row of the result,
 * 1-based; cols alike; digits: what digits 1..n become), preceded by
 * "size=RxC;" when the shape is not 3x3. Returns the length it needs. */
NONET_API long nonet_transform_format(const nonet_transform *t, char *buf, size_t cap);

/* Reads nonet_transform_format's text (spaces allowed around the parts;
 * no "size=" means 3x3). Returns NONET_OK or NONET_EARG (unreadable, or
 * not a symmetry). */
NONET_API int nonet_transform_parse(const char *text, nonet_transform *t);

/* Scratch memory for canonical forms; reusable, one thread at a time. */
typedef struct nonet_canon nonet_canon;

/* A new one, or NULL when out of memory. */
NONET_API nonet_canon *nonet_canon_new(void);
/* Frees c; NULL is a no-op. */
NONET_API void nonet_canon_free(nonet_canon *c);

/* The canonical form of in: of all the grids its symmetries (as in
 * nonet_transform) make of it, the least by its clue pattern first (read
 * row by row, a blank before a clue), then by its digits, relabelled in
 * the order they first appear (row by row). For 9x9 puzzles this is the
 * minlex form of Dobrichev's patminlex, the community's. *form (if
 * non-NULL) gets it, *t (if non-NULL) a symmetry that gives it, and
 * *automorphisms (if non-NULL) how many of the symmetries give it (1 when
 * in has no symmetry of its own). Boxes may be up to 5 x 5. Returns
 * NONET_OK, NONET_EARG (NULL c or in, malformed in, boxes of more than 5
 * rows or columns), NONET_ENOMEM, or NONET_EGIVEUP: so many symmetries
 * tie on the way (a nearly empty or full grid above 9x9) that the search
 * gave up. */
NONET_API int nonet_canon_form(nonet_canon *c, const nonet_grid *in, nonet_grid *form,
                               nonet_transform *t, uint64_t *automorphisms);

/* ---------------------------------------------------------------- results: JSON and CSV */

/* One puzzle's result in one command, written in one schema for every
 * command (README, "JSON and CSV"): the CLI's --json and -f csv, the
 * Python binding and the web page all write results through these
 * functions, so their names cannot drift apart. */

/* What happened to the puzzle: one list of words for every command (the
 * "status" field). */
typedef enum nonet_verdict {
    NONET_V_OK = 0,       /* "ok": done; the command says nothing of solutions
                             (canon, transform, format) */
    NONET_V_UNIQUE,       /* "unique": exactly one solution */
    NONET_V_MULTIPLE,     /* "multiple": more than one solution */
    NONET_V_SOLVED,       /* "solved": a solution, its uniqueness not checked
                             (solve --first); a complete, consistent grid
                             (check) */
    NONET_V_NO_SOLUTION,  /* "no solution" */
    NONET_V_INVALID,      /* "invalid": clues (or marks) that conflict */
    NONET_V_ERROR,        /* "error": the text could not be read */
    NONET_V_STUCK,        /* "stuck": the human solver's ladder ran out of
                             techniques (under a ceiling, or beyond them) */
    NONET_V_INCOMPLETE,   /* "incomplete": consistent, with blanks (check) */
    NONET_V_INCONSISTENT, /* "inconsistent": a digit twice in a unit (check) */
    NONET_V_CORRECT,      /* "correct": a proposed solution is right (check) */
    NONET_V_WRONG,        /* "wrong": it is not */
    NONET_V_TIMEOUT       /* "timeout": the time allowed ran out first */
} nonet_verdict;

/* The verdict's word ("no solution"); static, never NULL ("error" for a
 * value outside the enum). */
NONET_API const char *nonet_verdict_word(nonet_verdict v);

/* The fields a result can have beyond the ones every result has (file,
 * index, line, name, columns, size, puzzle, status, message), in the
 * order they are written. A command's CSV columns are the fields it can
 * produce; a JSON object has the ones set. */
enum nonet_field {
    NONET_FIELD_SEED = 1u << 0,           /* "seed" (generate) */
    NONET_FIELD_SYMMETRY = 1u << 1,       /* "symmetry" */
    NONET_FIELD_CLUES = 1u << 2,          /* "clues" */
    NONET_FIELD_BLANKS = 1u << 3,         /* "blanks" (check) */
    NONET_FIELD_COUNT = 1u << 4,          /* "count", "limit_reached" */
    NONET_FIELD_SOLUTION = 1u << 5,       /* "solution" */
    NONET_FIELD_SOLUTIONS = 1u << 6,      /* "solutions" (solve --all) */
    NONET_FIELD_RESULT = 1u << 7,         /* "result": the puzzle a command made of
                                             it (minimal, canonical, transformed) */
    NONET_FIELD_MARKS = 1u << 16,         /* "marks": a position's pencil marks (the
                                             result's, else the puzzle's), in the
                                             pencil-mark form the reader takes:
                                             for each cell n symbols, the k-th
                                             digit k's while it is a candidate,
                                             else '.' (above 35: an array of
                                             each cell's digits); written after
                                             "result" */
    NONET_FIELD_REMOVED = 1u << 8,        /* "removed": clues minimize took out */
    NONET_FIELD_TRANSFORM = 1u << 9,      /* "transform" (canon, transform) */
    NONET_FIELD_AUTOMORPHISMS = 1u << 10, /* "automorphisms" (canon) */
    NONET_FIELD_RATING = 1u << 11,        /* "rating" (null when stuck),
                                             "at_least" and "needs" (stuck),
                                             "level" (not stuck), "hardest",
                                             "hardest_rating", "step_count",
                                             "techniques" (JSON only) */
    NONET_FIELD_STEP = 1u << 12,          /* "step": a step object (hint) */
    NONET_FIELD_HINT = 1u << 17,          /* "hint": a hint object (hint --level 1
                                             or 2), written after "step" */
    NONET_FIELD_STEPS = 1u << 13,         /* "steps": an array of them (explain) */
    NONET_FIELD_STATS = 1u << 14,         /* "stats": nodes, guesses, microseconds
                                             (CSV: three columns) and an
                                             engine's own counters (JSON) */
    NONET_FIELD_ENGINE = 1u << 15         /* "engine": the solver that ran, when
                                             not the default (human, propagate,
                                             tactics, naive) */
};

/* A result to write. Zero-initialise, set puzzle, status and what the
 * command has (fields says which of the fields above are set); pointers
 * are the caller's and need only live during the call. */
typedef struct nonet_result {
    const nonet_puzzle *puzzle; /* required: its index, line, name, CSV
                                   columns, size and cells (shown when it
                                   was read), written in its symbols */
    const char *file;           /* NULL, or its file ("file", written first) */
    nonet_verdict status;
    const char *message; /* NULL, or a sentence for people: why it
                            failed, what a check found */
    unsigned fields;     /* enum nonet_field: the fields set */
    uint64_t seed;
    const char *symmetry;
    int clues, blanks;
    uint64_t count;
    int limit_reached;
    const nonet_grid *solution;
    const nonet_grid *solutions; /* nsolutions grids */
    int nsolutions;
    const char *solutions_text; /* or, for CSV, their lines one space apart */
    const nonet_grid *result;
    const nonet_marks *marks; /* with NONET_FIELD_MARKS: the marks of result
                                 (when set) or of the puzzle's grid */
    int removed;
    const char *transform; /* as nonet_transform_format writes it */
    uint64_t automorphisms;
    const nonet_rating *rating;
    const char *needs;        /* when the rating is stuck: what the next step
                                 needs, in words (or NULL) */
    const char *step_json;    /* a step object, as nonet_step_json writes it */
    const char *steps_json;   /* a JSON array of such objects */
    const nonet_stats *stats; /* NULL: only the time */
    double microseconds;
    const char *stats_extra; /* NULL, or more members of "stats" as JSON text
                                ("\"singles\":3,\"attempts\":0"): an engine's
                                own counters */
    const char *engine;
    const char *hint_json; /* a hint object, as nonet_step_hint_json writes it */
} nonet_result;

/* Writes r as one JSON object (no newline) into buf, as snprintf does:
 * returns the length the whole object needs, or NONET_EARG (NULL r or
 * r->puzzle), leaving "" in buf. Fields, in order: "file", "index" (from
 * 1), "line", "name", "columns" (the input's other CSV fields, as an
 * object of strings), "size" ("RxC") and "puzzle" (its line, '.' blanks,
 * in its symbols; rows of numbers above 35) when it was read, "status"
 * (nonet_verdict_word), "message", then the fields set, in the order of
 * enum nonet_field. */
NONET_API long nonet_result_json(const nonet_result *r, char *buf, size_t cap);

/* The header line of a command's CSV output: "file," when with_file, then
 * "index,line,name,size,puzzle,status,message", the columns of fields (the
 * command's enum nonet_field set, JSON names; rating and stats give several
 * columns), and the CSV columns of columns_of (NULL: none), a name the
 * schema has taking "input_" first. Written as nonet_result_json; ends
 * with a newline. */
NONET_API long nonet_result_csv_header(unsigned fields, int with_file,
                                       const nonet_puzzle *columns_of, char *buf, size_t cap);

/* One CSV line of r (newline-terminated) under the header of the same
 * fields, with ncolumns of the puzzle's own CSV columns last. Fields are
 * quoted when they hold a comma, a quote or a line end; grids are their
 * line ('.' blanks), numbers apart above 35. Returns as nonet_result_json. */
NONET_API long nonet_result_csv(const nonet_result *r, unsigned fields, int ncolumns, char *buf,
                                size_t cap);

/* A step (hint's "step", an item of explain's "steps") as a JSON object
 * for a grid of side n, digits in symbols (as nonet_step_describe):
 * "technique", "difficulty", "units", "pattern" (each item with its
 * "role", enum nonet_role's name in lower case), "placements",
 * "eliminations", "houses" (each unit with a "role": "base" and "cover"
 * for fish, pointing and claiming, else "unit"), "chain" (chain steps:
 * "kind", "complexity", "branches": each a list of nodes, "cell", "digit",
 * "on", and but for the first "link" ("strong", "weak" or "implied", with
 * "by": "cell", "house", "rule" or "chain"), "house" (the link's unit)
 * and "parents" (indices in the branch)), "text" (nonet_step_describe's
 * words). Returns as nonet_result_json (NONET_EARG for a NULL or
 * malformed step). */
NONET_API long nonet_step_json(const nonet_step *step, int n, const char *symbols, char *buf,
                               size_t cap);

/* A hint at level (1 to 3, see nonet_step_hint) as a JSON object, for a
 * grid of boxes box_rows x box_cols, digits in symbols: "level",
 * "technique", "difficulty", "region" ("kind": "house", "band", "stack",
 * "boxes", "rows", "columns" or "grid"; "index" from 1 for a band or
 * stack; "houses": the houses that make it ("row 3"); "name": it in
 * words), then from level 2 "cells" (nonet_step_hint_cells: "cell",
 * "digits", "role") and "houses" (as nonet_step_json's, less a direct
 * pointing's or claiming's third unit, where its single lands), at level
 * 3 "placements" and "eliminations" (as nonet_step_json's), and "text"
 * (nonet_step_hint's words at that level). Levels 1 and 2 hold no
 * candidate the step places or eliminates. Returns as nonet_result_json
 * (NONET_EARG for a NULL or malformed step, a bad shape or level). */
NONET_API long nonet_step_hint_json(const nonet_step *step, int level, int box_rows, int box_cols,
                                    const char *symbols, char *buf, size_t cap);

/* ---------------------------------------------------------------- drawing a step */

/* How nonet_step_svg draws (zero-initialise; a NULL pointer for the
 * whole: every default). */
typedef struct nonet_svg_opts {
    const nonet_grid *givens; /* the puzzle's clues: the position's digits
                                 that are clues here are drawn as givens,
                                 the others as placed. NULL: every digit
                                 of the position is a given */
    const char *symbols;      /* the digits' symbols, as nonet_step_describe
                                 (NULL or "": 1-9 then A-Z; numbers above 35) */
    const char *id;           /* prefix of the drawing's element ids, so
                                 that drawings can share a page: letters,
                                 digits, '-' and '_', a letter first, at
                                 most 32 (NULL or "": "nonet") */
} nonet_svg_opts;

/* Draws a position (side n = position->n) and, if step is non-NULL, one
 * step found in it, as a standalone SVG document, into buf as snprintf
 * does. The position is the step's starting position: position's digits
 * (givens and placed ones apart, see nonet_svg_opts.givens: a solution
 * drawn with its puzzle as givens shows the clues apart) and, in each
 * empty cell, its candidates (marks NULL: every digit its row, column
 * and box lack; marks with no candidate: a bare grid, as printed). The
 * drawing has a viewBox and no fixed size, so it scales to its
 * container; it is deterministic (the same arguments give the same
 * bytes, whatever the locale).
 *
 * What it holds, for pages that restyle or test it: a <title> (id
 * PREFIX-title) with nonet_step_describe's words and a <desc> (id
 * PREFIX-desc) with the step in words (roles, houses, and each chain
 * node with its link and parents), which role="img" and
 * aria-labelledby / aria-describedby name (with no step: "a NxN
 * position" and "The position.", or "The position with its candidates."
 * when empty cells show some); an embedded <style>, every rule under the
 * root's class "nonet-step" and every colour set through a class: a
 * light palette, and light-dark() pairs where the renderer has them,
 * which follow the color-scheme around the drawing (a document of its
 * own: the reader's preference; a drawing inlined in a page: the page's
 * color-scheme, e.g. its theme switch). A candidate with a role gets one
 * element of class "mark r-ROLE" per role, with data-cell ("r3c5"),
 * data-digit (its number) and data-role: "on" (a chain node assumed or
 * implied true: a solid disc), "off" (false: a ring), "placed" (a filled
 * square), "eliminated" (a cross over the digit), "defining" (a square
 * outline), "base" (an octagon), "pivot" (a diamond), "pincer" (a
 * triangle), "support" (a dotted circle), "target" (a double ring),
 * "chain" (a cycle's candidate no node names: a ring). A candidate that is both on
 * and off (a contradiction) gets both. Each parent of each chain node is
 * one element of class "link l-KIND" (KIND the node's link: strong,
 * weak, implied, rule, nested), data-from and data-to ("r3c5:7"): a
 * curve with an arrowhead from the parent's candidate to the node's,
 * solid for strong, dashed for weak, dotted for implied, dash-dotted for
 * rule and nested. Each house of nonet_step_json's "houses" is a
 * rectangle of class "house h-ROLE" (unit, base, cover) with
 * data-house ("row 3"). A legend below the grid names the shapes and
 * lines the drawing uses (class "key", no data-cell).
 *
 * Returns the length the whole document needs; NONET_EARG (leaving "" in
 * buf) for a NULL or malformed position, givens of another shape, a bad
 * id, or a step whose cells, digits or chain parents are out of range;
 * NONET_ENOMEM. */
NONET_API long nonet_step_svg(const nonet_grid *position, const nonet_marks *marks,
                              const nonet_step *step, const nonet_svg_opts *opts, char *buf,
                              size_t cap);

/* Draws a step as a hint at level (1 to 3, see nonet_step_hint) tells
 * it, as nonet_step_svg draws: the same position, grid, candidates,
 * style, id and legend, but at levels 1 and 2 nothing the step concludes:
 * no placement, no elimination, no chain link, no on or off colour.
 *   1: the <title> is nonet_step_hint's words at level 1; the region of
 *      nonet_step_region is outlined, one rectangle of class "house
 *      h-unit" a house of it (none for the whole grid); no candidate is
 *      marked.
 *   2: the <title> is nonet_step_hint's words at level 2; each item of
 *      nonet_step_hint_cells is marked by its role (a chain's candidates
 *      as "chain"), and an item with no digits (the cell alone) is one
 *      element of class "mark r-cell" with data-cell and data-role
 *      "cell" and no data-digit, a square round the cell; the houses are
 *      nonet_step_hint_json's "houses".
 *   3: exactly nonet_step_svg's drawing of the step.
 * The <desc> says what is drawn, and only that. Returns as nonet_step_svg;
 * NONET_EARG also for a NULL step or a level out of 1 to 3. */
NONET_API long nonet_step_hint_svg(const nonet_grid *position, const nonet_marks *marks,
                                   const nonet_step *step, int level, const nonet_svg_opts *opts,
                                   char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* NONET_H */
