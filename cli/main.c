/* main.c - the nonet command: subcommands, options, help. */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_LIMIT 1000000

static const char usage_text[] =
    "usage: nonet COMMAND [OPTIONS] [FILE...]\n"
    "\n"
    "Sudoku toolkit: solve, count and check puzzles of any size up to 64x64.\n"
    "\n"
    "commands:\n"
    "  solve    print a solution of each puzzle\n"
    "  count    print how many solutions each puzzle has\n"
    "  rate     rate each puzzle on Sudoku Explainer's scale, solving like a\n"
    "           person\n"
    "  explain  every step of solving each puzzle like a person, in words\n"
    "  hint     the next step a person would take\n"
    "  check    say whether each grid is consistent, complete, solved\n"
    "  candidates  the true candidates of a puzzle: every digit some solution\n"
    "           puts in each cell\n"
    "  generate make puzzles with one solution: minimal, symmetric, at a\n"
    "           level, reproducible from a seed, every size\n"
    "  minimize reduce each puzzle to a minimal one with the same solution\n"
    "  canon    the canonical (minlex) form of each puzzle: equal forms,\n"
    "           equivalent puzzles\n"
    "  transform  each puzzle under a random or given symmetry\n"
    "  format   each puzzle as read, in another layout (a converter)\n"
    "  dlx      write each puzzle as an exact cover problem (Knuth's DLX1)\n"
    "  xc       solve an exact cover problem (DLX1/DLX2 format)\n"
    "  help     this text, `nonet help COMMAND` for one command,\n"
    "           `nonet help input` for the layouts and symbols nonet reads,\n"
    "           `nonet help json` for the records of --json and -f csv\n"
    "\n"
    "With no FILE, or FILE '-', puzzles are read from standard input. A FILE\n"
    "that does not exist but reads as one puzzle (`nonet solve 53..7....6..`)\n"
    "is that puzzle. Variant puzzles (killer, thermo, arrow, kropki, jigsaw\n"
    "...: `nonet help input`) are read from a file, standard input or a\n"
    "link, one each, by solve, count, check, candidates and format.\n"
    "Exit status: 0 all good, 1 some puzzle failed (no solution, not unique,\n"
    "invalid), 2 usage or I/O error. `nonet --version` prints the version.\n";

static const char input_text[] =
    "What nonet reads (layout, size and symbols are detected per puzzle):\n"
    "\n"
    "  line        53..7....6..195....98....6.8...6...34..8.3..17...  N*N cells\n"
    "  grid        1-- 489 --6       N rows; spaces anywhere, blank lines between\n"
    "  spaced      - - 1   3 - -   - 6 -\n"
    "  knuth       53..7....         N rows, no spaces\n"
    "  numbers     5 3 0 0 7 0 0 0 0 integers, 0 blank; sides above 35 too\n"
    "  boxed       | 5 3 . | . 7 . | . . . |   with +-------+ rules\n"
    "  spaces      | 5 3   |   7   |       |   or  53  7     (a grid with no\n"
    "              blank symbol: a space where a digit would be is a blank)\n"
    "  candidates  | 134  27  1247 | 127 ...   pencil marks: N rows of N lists\n"
    "              (nonet -f candidates, HoDoKu, Sudoku Explainer); also 729\n"
    "              characters, for each cell 9 positions: 12..5.7.. (solve and\n"
    "              count put into a cell only one of its marks); 64 for 4x4.\n"
    "              64 and 729 are also one-line 8x8 and 27x27 puzzles: a size\n"
    "              line (2x4, 2x2) says which, else marks only when every cell\n"
    "              has one.\n"
    "\n"
    "Blanks: . 0 - _ * and the middle dot; X beside other symbols (a lone x is\n"
    "a letter). Symbols: 1-9, then letters in either case: 16x16 is 1-9A-G,\n"
    "0-9A-F or A-P; 25x25 1-9A-P or A-Y. Only letters: A is 1. '0' with\n"
    "another blank symbol in the puzzle: 0-9A-F.\n"
    "Otherwise '0' is a blank; where it could be either, the puzzle is an\n"
    "error that says so: --symbols 0123456789ABCDEF settles it. Answers are\n"
    "written in the puzzle's own symbols.\n"
    "\n"
    "Names: a line of text that cannot be a grid row, before a puzzle, is its\n"
    "name (\"Grid 01\", \"Puzzle:\"), and so is text after a one-line puzzle\n"
    "(\";11.9;11.9;11.3\", \" ED=11.9/11.9/11.3\", \"  # name\", a tab); --json\n"
    "shows it as \"name\". A line that is nearly a puzzle (a few cells short or\n"
    "long) is never a name: it is a broken puzzle, with an error.\n"
    "\n"
    "Also: SadMan .sdk files ([Puzzle] is read, [State] skipped), comments\n"
    "(# ...), CRLF, a byte-order mark. Lines of 16 or 25 cells are one-line\n"
    "4x4/5x5 puzzles or a 16x16/25x25 grid's rows: the block of them decides.\n"
    "--input LAYOUT, --size RxC and --symbols STR force what is detected.\n"
    "CSV tables with a header naming a puzzle column (puzzle, quizzes,\n"
    "question, ...; or --column): each line's other fields, whole, are its\n"
    "columns in records; check checks a solution(s) or answer(s) column\n"
    "against the puzzles (or the one --solution-column NAME names).\n"
    "Fields are quoted as RFC 4180 says (\"a, \"\"b\"\"\" is a, \"b\"), and a\n"
    "quoted field may hold line breaks: its record's lines (64 KiB at most)\n"
    "are one, and its line is the first. A quote never closed is an error\n"
    "where it opens.\n"
    "\n"
    "Encodings: UTF-8; UTF-16 (a byte-order mark, or a NUL byte beside each\n"
    "ASCII character) is decoded. Binary data (a line with a NUL byte and\n"
    "another byte no text has) is one error where it starts, and nothing\n"
    "after it is read. A control character in a puzzle's line (other than\n"
    "a tab, or CR, VT and FF at its ends) is a bad character, named with its\n"
    "line and column, also in place of a cell.\n"
    "\n";

/* nonet help input's second part (one literal would pass C's 4095) */
static const char input_variants_text[] =
    "Variant puzzles, one a file (standard input, or a link given as the\n"
    "operand), for\n"
    "solve, count, check, candidates and format (which writes the text form,\n"
    "or f-puzzles JSON or a link: format -f fpuzzles, -f fpuzzles-link):\n"
    "  f-puzzles JSON, an f-puzzles link (?load=...), a SudokuPad link with an\n"
    "  f-puzzles payload (sudokupad.app/fpuzzles... or /fpuz...): its drawings\n"
    "  (\"cage\", \"line\", \"circle\", \"rectangle\", \"text\") are kept, never\n"
    "  taken as rules (a note says so; a line drawn for a rule whose own key the\n"
    "  file lacks is a lost rule, an error), and its \"nonconsecutive\" leaves\n"
    "  out the pairs with a kropki dot, white or black (its strict kropki);\n"
    "  the forums' one-line killers: 81 characters, a cage's sum in its first\n"
    "  cell (0-9, A-Z 10-35, a-j 36-45; 0 no sum) and in each other cell an\n"
    "  arrow to a cell of its cage (< > ^ v, ` ' , . for the diagonals), or\n"
    "  3x3:d:k:N:N:... (N = sum * 256 + cage for each cell; d: diagonals);\n"
    "  Interactive Sudoku Solver's strings (its page, its collections, its\n"
    "  ?q= links): .Shape~6x6 (none for 9x9), then .Type~arg~... items (blanks\n"
    "  ignored): givens .~R1C1_5, a cell's digits .~R4C3_2_4_6 (digits below),\n"
    "  cells R1C1, rows and columns past 9 as letters (R1Cb: column 11), each\n"
    "  rule under its ISS type (README's table: .Thermo~R1C1~R1C2,\n"
    "  .Cage~10~R1C1~R1C2, .XSum~R3~15~), .Jigsaw~LAYOUT (with .NoBoxes: in\n"
    "  place of the boxes), .And ... .End; a type nonet does not know, Or, a\n"
    "  grid other than n x n of 1 to n: an error with its line and column;\n"
    "  or nonet's text form: a classic grid in any layout above, then one\n"
    "  constraint a line: its keyword, then as its rule takes them its CELLS\n"
    "  (r1c1 r1c2 ...; r1c123 is r1c1 r1c2 r1c3 and r12c3 is r1c3 r2c3 up to\n"
    "  9x9), ':' between the parts of a rule made of parts, an outside clue's\n"
    "  row or column (r3 from the left, c3 from the top, or the clue's cell\n"
    "  outside the grid: r3c10 right of row 3 on 9x9, r10c3 below column 3),\n"
    "  its numbers in brackets ([1 2, 2 1]), its text in quotes (\\\" and \\\\\n"
    "  inside), then '= VALUE'; '#' comments. The rules (the library's table;\n"
    "  the last six are the building blocks the others are made of):\n";

/* ... then the rules, from the library's table (print_rules), then this */
static const char input_variants_end[] =
    "    regions SYMBOLS          a jigsaw: n*n symbols, one a region, over\n"
    "                             this line and the next (after the grid)\n"
    "    values 0-8               digits 0 to n-1 in place of 1 to n, or more\n"
    "                             digits than the side (values 1-9 on 6x6):\n"
    "                             the grid written in them ('.' a blank);\n"
    "                             sums, clues, listed digits are values\n"
    "  Thermometers, whispers and the named lines (palindrome to slowthermo)\n"
    "  step from each cell to a king's-move neighbour; a whisper, a pair\n"
    "  line, a parity line or a dutch whisper may come back to a cell (a\n"
    "  loop), a sumline only to close a loop on its first cell, the rest may\n"
    "  not. The cells of cages, renbans, nabners, regions, arrow shafts, odd,\n"
    "  even, distinct, pairwise and contains are sets: they need not touch,\n"
    "  and a cell listed twice is one.\n"
    "  A line that names a constraint nonet does not know (or writes one\n"
    "  wrong) is an error with its line and column, never skipped.\n";

/* The rules nonet knows, a row of the library's table each: its text
 * form's line, then what it says (wrapped under the second column). */
static void print_rules(FILE *out)
{
    enum { COLUMN = 29, WIDTH = 78 };
    for (int i = 0; i < nonet_rule_count(); i++) {
        const nonet_rule *r = nonet_rule_at(i);
        int at = fprintf(out, "    %s", r->usage), first = 1; /* first: a line's first word */
        if (at > COLUMN - 2) {
            fputc('\n', out);
            at = 0;
        }
        for (const char *s = r->summary; *s; first = 0) {
            int len = (int)strcspn(s, " ");
            if (!first && at + 1 + len > WIDTH) {
                fputc('\n', out);
                at = 0;
                first = 1;
            }
            for (; at < COLUMN; at++)
                fputc(' ', out);
            at += fprintf(out, "%s%.*s", first ? "" : " ", len, s);
            s += len;
            s += *s == ' ';
        }
        fputc('\n', out);
    }
}

static const char json_text[] =
    "Records: --json (or -f json) writes one JSON object a line per puzzle,\n"
    "-f csv one CSV line per puzzle under a header. Every command that prints\n"
    "results takes both, with the same names (the library writes them:\n"
    "nonet_result_json, nonet_result_csv).\n"
    "\n"
    "Every record, in this order: file (with several files), index (the\n"
    "puzzle's number in its input, from 1; generate: in the seed's stream),\n"
    "line, name (when it has one), columns (its CSV table line's other\n"
    "fields; in CSV they come last, input_ before a name of the schema), size\n"
    "(RxC) and puzzle (its line, '.' blanks) when it was read, status,\n"
    "message (why it failed, what a check found).\n"
    "\n"
    "status, one list for all commands:\n"
    "  unique        exactly one solution\n"
    "  multiple      more than one solution\n"
    "  solved        a solution, uniqueness not checked (solve --first, the\n"
    "                teaching solvers); check: complete and consistent\n"
    "  no solution   none\n"
    "  invalid       clues or marks that conflict\n"
    "  error         the text could not be read\n"
    "  stuck         the human solver ran out of techniques\n"
    "  ok            done, nothing said of solutions (canon, transform,\n"
    "                format)\n"
    "  incomplete, inconsistent, correct, wrong   check's verdicts\n"
    "  timeout       --timeout gave up the puzzle\n"
    "\n"
    "Then each command's own: seed, symmetry, clues (generate); blanks\n"
    "(check); count, limit_reached (solve, count); solution; solutions\n"
    "(solve --all); result (minimize, canon, transform, hint --apply, a\n"
    "teaching solver's grid); marks (the pencil marks of hint --apply's\n"
    "position, or of a puzzle format read with them: n symbols a cell, '.'\n"
    "for a digit ruled out); removed (minimize); transform, automorphisms\n"
    "(canon, transform); rating (null when stuck, with at_least and needs),\n"
    "level (not when stuck), hardest, hardest_rating, step_count, techniques\n"
    "(rate, explain, generate); step (hint), hint (hint --level 1 or 2),\n"
    "steps (explain); engine; stats (nodes, guesses, an engine's counters,\n"
    "microseconds) with --stats only: without it the same input gives the\n"
    "same records, byte for byte, run after run and whatever -j.\n"
    "\n"
    "A step (hint's step, each of explain's steps): technique, difficulty,\n"
    "units (\"row 3\", \"column 5\", \"box 7\"), pattern (cell, digits and role:\n"
    "defining, base (a fish's base lines, pointing's box, claiming's line),\n"
    "pivot, pincer, support (cells the pattern leans on), chain (a loop's\n"
    "candidates), target (a forcing chain's conclusion)), placements,\n"
    "eliminations, houses (each unit with a role: base and cover for fish,\n"
    "pointing and claiming, else unit), chain (chain steps), text.\n"
    "chain: kind (cycle, forcing, contradiction, double, cell, unit),\n"
    "complexity (the nodes the conclusion depends on, as SE counts them),\n"
    "branches: each a list of nodes (cell, digit, on: placed or removed),\n"
    "parents before children, from its assumption (the first, alone with no\n"
    "link) to its conclusion (the last). Every other node has parents (its\n"
    "branch's indices of every node it follows from; the first made it, and\n"
    "first parents from the last node back are the path the text shows) and a\n"
    "link, true in the position the step was found in:\n"
    "  strong   on from one off parent: a bivalue cell, or the only two places\n"
    "           of the digit in house\n"
    "  weak     off from one on parent: the two see each other (one cell, or\n"
    "           one digit in house)\n"
    "  implied  holds only because of its parents: by cell (its last\n"
    "           candidate) or by house (its digit's last place there) once\n"
    "           they are off (dynamic chains); by rule (pointing, claiming,\n"
    "           a pair or an X-wing on what they leave) or by chain (a chain\n"
    "           inside the chain) when it is removed\n"
    "house names the unit of a strong, weak or implied-by-house link.\n";

static const char json_hint_text[] =
    "\n"
    "A hint (hint --level 1 or 2, in place of step; the Python binding's at\n"
    "every level): level, technique, difficulty, region (where to look: the\n"
    "smallest part of the grid that holds the pattern's cells: kind (house,\n"
    "band, stack, boxes, rows, columns, grid), index (a band's or stack's,\n"
    "from 1), houses (the houses that make it), name (in words)), from level\n"
    "2 cells (cell, digits and role, as a step's pattern, less a forcing\n"
    "chain's target, then a chain's candidates with role chain; a cell with\n"
    "a digit the step concludes has no digits) and houses (as a step's), at\n"
    "level 3 placements and eliminations (as a step's), and text (the hint\n"
    "in words at its level). Levels 1 and 2 hold no candidate the step\n"
    "places or eliminates.\n";

static const char common_text[] =
    "  -i, --input LAYOUT   force the input layout: line, grid, spaced, knuth,\n"
    "                       numbers, boxed, candidates (default: detect each\n"
    "                       puzzle's)\n"
    "  -s, --size RxC       boxes of R rows by C columns (e.g. 2x3 for 6x6);\n"
    "                       a lone N means N's default boxes (default: infer)\n"
    "      --column NAME|N  a CSV table's puzzle column, by name or number from\n"
    "                       1 (default: the one its header calls puzzle,\n"
    "                       quizzes, question, quiz, sudoku, board, grid, ...)\n"
    "      --symbols STR    the symbols of digits 1..N in order, e.g.\n"
    "                       0123456789ABCDEF (default: detect 1-9A-Z, 0-9A-Z\n"
    "                       or A-Z per puzzle; see `nonet help input`)\n"
    "  -h, --help           show this help\n";

static const char solve_text[] =
    "usage: nonet solve [OPTIONS] [FILE...]\n"
    "\n"
    "Prints a solution of each puzzle, one result per puzzle in input order.\n"
    "A puzzle that fails prints a line '# no solution', '# not unique',\n"
    "'# invalid: ...' or '# error: ...' instead, with a message on stderr.\n"
    "A puzzle with more than one solution prints the first one found and a\n"
    "warning on stderr (exit status 0; --unique fails it). A FILE that does\n"
    "not exist but reads as a puzzle is solved as one.\n"
    "\n"
    "  -f, --format LAYOUT  line, grid, spaced, knuth, numbers, boxed,\n"
    "                       candidates, or the records json and csv (`nonet\n"
    "                       help json`) (default: line for one-line input,\n"
    "                       otherwise the input's layout, grid for knuth)\n"
    "      --json           same as --format json\n"
    "  -u, --unique         fail puzzles with more than one solution\n"
    "      --first          stop at the first solution: no check for a second\n"
    "                       one, no warning (fastest)\n"
    "  -a, --all            print every solution (up to --limit), each\n"
    "                       puzzle's after a line '# puzzle N' when there are\n"
    "                       several puzzles\n"
    "  -l, --limit N        with --all: at most N solutions (default 1000000;\n"
    "                       0: no limit); stderr says when it stopped them\n"
    "  -e, --engine NAME    auto, bitboard, general or dlx (default auto); human:\n"
    "                       solve like a person (nonet rate's ladder), by search\n"
    "                       only where it gets stuck, saying so; or a classic\n"
    "                       teaching solver: propagate, tactics or naive\n"
    "      --ceiling R      with -e human: only techniques of base difficulty\n"
    "                       R or less (e.g. 9.0), search beyond\n"
    "      --trace          with a teaching solver: show each of its steps\n"
    "  -j, --jobs N         solve on N threads (default 0: every core); results\n"
    "                       still come in input order\n"
    "      --stats          nodes, guesses and time per puzzle on stderr (in\n"
    "                       the record with json or csv), and a summary;\n"
    "                       a teaching solver reports its own statistics\n"
    "  -p, --with-puzzle    each puzzle's line before its result, a tab apart\n"
    "                       when the result is one line (the line layout, a\n"
    "                       failure): it reads back as the puzzle, named by\n"
    "                       its result; else the result on the lines after\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char count_text[] =
    "usage: nonet count [OPTIONS] [FILE...]\n"
    "\n"
    "Prints one line per puzzle that starts with its number of solutions,\n"
    "followed by '+' when the limit stopped the count ('2+' with --limit 2).\n"
    "A puzzle with conflicting clues prints '0 invalid', an unreadable one\n"
    "'error'; both also print a message on stderr.\n"
    "\n"
    "  -l, --limit N        stop counting at N (default 1000000; 0: no limit;\n"
    "                       2 decides uniqueness)\n"
    "  -f, --format FMT     json (also --json) or csv: a record per puzzle\n"
    "                       (`nonet help json`)\n"
    "  -e, --engine NAME    auto, bitboard, general or dlx (default auto)\n"
    "  -j, --jobs N         count on N threads (default 0: every core)\n"
    "      --stats          nodes, guesses and time per puzzle on stderr (in\n"
    "                       the record with json or csv), and a summary\n"
    "  -p, --with-puzzle    each puzzle's line before its count, a tab apart\n"
    "                       (it reads back as the puzzle, named by its count)\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char rate_text[] =
    "usage: nonet rate [OPTIONS] [FILE...]\n"
    "\n"
    "Solves each puzzle the way a person does, always taking the easiest\n"
    "steps (Sudoku Explainer's ladder: singles, locked candidates, subsets,\n"
    "fish, wings, uniqueness, aligned exclusion, chains and forcing chains up\n"
    "to nested ones, chains inside chains), and prints one line\n"
    "per puzzle that starts with its rating on SE's scale, the hardest\n"
    "technique, the number of steps and a level: '2.0 direct hidden pair, 54\n"
    "steps, hard'. Levels: easy (1.0-1.2), medium (1.3-1.5), hard (1.6-2.5),\n"
    "fiendish (2.6-6.0), diabolical (6.1 and up). A puzzle the ladder cannot\n"
    "finish says what it lacks: '9.5+ needs nested forcing chains: ...'\n"
    "(nested chains run up to 9x9, chains up to 25x25). A puzzle\n"
    "with no or several solutions prints '# no solution' or '# not unique'\n"
    "instead (a rating needs one solution), with a message on stderr.\n"
    "\n"
    "  -f, --format FMT     json (also --json) or csv: a record per puzzle:\n"
    "                       rating, level, hardest, step_count, techniques\n"
    "                       (steps of each); stuck: at_least, needs, no level\n"
    "  -j, --jobs N         rate on N threads (default 0: every core); results\n"
    "                       still come in input order\n"
    "      --ceiling R      use only techniques of base difficulty R or less\n"
    "                       (e.g. 9.0): harder puzzles are rated 'R+' quickly\n"
    "      --stats          time per puzzle on stderr (in the record with json\n"
    "                       or csv), and a summary\n"
    "  -p, --with-puzzle    each puzzle's line before its rating, a tab apart\n"
    "                       (it reads back as the puzzle, named by its rating)\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char explain_text[] =
    "usage: nonet explain [OPTIONS] [FILE...]\n"
    "\n"
    "Solves each puzzle (or pencil-mark position) the way a person does and\n"
    "prints every step in plain words, numbered: 'full house in row 3: r3c5\n"
    "= 7', 'pointing: in box 2 the 4s lie in row 1, so r1c7, r1c8 <> 4'.\n"
    "Each round takes every step of the easiest technique that applies (in\n"
    "the order of `nonet rate`'s ladder), then the next round starts over.\n"
    "The last line says how it ended: 'solved in 51 steps: rating 1.2 ...',\n"
    "or 'stuck' and the position, when the next step needs more than the\n"
    "ladder has (nested chains above 9x9, or above --ceiling). A chain is\n"
    "written node by node, '=' where a\n"
    "candidate's removal forces the next on, '-' where a placed digit removes\n"
    "the next: 'r1c2=5 - r1c8=5 = r3c9=5'.\n"
    "\n"
    "      --candidates     print the candidates after each round\n"
    "      --ceiling R      use only techniques of base difficulty R or less\n"
    "      --svg DIR        also draw each step, in the position it was found in\n"
    "                       (roles, houses, chain links; light and dark), as\n"
    "                       DIR/puzzle-K-step-NNN.svg: K counts the puzzles of\n"
    "                       the whole input from 1, NNN the puzzle's steps\n"
    "                       (001, 002, ...); DIR is made if missing\n"
    "  -f, --format FMT     json (also --json) or csv: a record per puzzle, its\n"
    "                       steps as data (technique, difficulty, units,\n"
    "                       pattern, placements, eliminations, text)\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char hint_text[] =
    "usage: nonet hint [OPTIONS] [FILE...]\n"
    "\n"
    "Prints the next step a person would take from each puzzle or position,\n"
    "with its difficulty: '1.2 hidden single in box 2: r1c6 = 8'. A position\n"
    "with pencil marks (a candidate grid, or the 729-character form) starts\n"
    "from its marks. 'solved' when nothing is left, and a note when the next\n"
    "step needs more than the ladder has.\n"
    "\n"
    "      --level N        how much to tell: 1 the technique and where to look\n"
    "                       (a house or part of the grid: 'x-wing: look at\n"
    "                       columns 1 and 6'), 2 also the cells and candidates\n"
    "                       of its pattern, by role, not what it places or\n"
    "                       removes, 3 the whole step (default)\n"
    "      --apply          take the step too, and print the position after it\n"
    "                       (its candidates, or the solved line): `nonet hint`\n"
    "                       reads it back\n"
    "      --ceiling R      use only techniques of base difficulty R or less\n"
    "  -f, --format FMT     json (also --json) or csv: a record per puzzle\n"
    "                       with the step as data (--level 1, 2: the hint)\n"
    "      --svg DIR        also draw the step, in the position it was found in,\n"
    "                       as DIR/puzzle-K-step-001.svg (K counts the puzzles\n"
    "                       of the whole input from 1); DIR is made if missing;\n"
    "                       with --level 1 or 2 only what the level tells (the\n"
    "                       region outlined, or the pattern's candidates by\n"
    "                       role; nothing placed, removed or linked)\n"
    "  -p, --with-puzzle    each puzzle's line (a position's pencil-mark line)\n"
    "                       before its step, a tab apart (with --apply, on a\n"
    "                       line of its own)\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char check_text[] =
    "usage: nonet check [OPTIONS] [FILE...]\n"
    "\n"
    "Prints one line per grid: 'solved', 'consistent, incomplete (N blanks)'\n"
    "or 'inconsistent: digit D appears twice in ...'. Given a proposed\n"
    "solution of each puzzle, prints 'correct' or 'wrong: ...' (the cell or\n"
    "the conflict that shows it). Exit status 1 if a grid is inconsistent,\n"
    "a solution wrong or missing, or a puzzle unreadable.\n"
    "\n"
    "      --solution FILE  the i-th grid of FILE is the proposed solution of\n"
    "                       the i-th puzzle (FILE is read on its own: the\n"
    "                       --column option names the puzzles' column only)\n"
    "      --solution-column NAME\n"
    "                       a CSV table's column of proposed solutions, read\n"
    "                       from the same line as each puzzle (default: a\n"
    "                       column named solution, solutions, answer or\n"
    "                       answers, when the table has one and no --solution\n"
    "                       is given: Kaggle's quizzes,solutions is checked by\n"
    "                       nonet check FILE; a note on stderr names the\n"
    "                       columns paired)\n"
    "  -f, --format FMT     json (also --json) or csv: a record per grid\n"
    "  -p, --with-puzzle    each grid's line before its verdict, a tab apart\n"
    "                       (it reads back as the grid, named by its verdict)\n";

static const char candidates_text[] =
    "usage: nonet candidates [OPTIONS] FILE...\n"
    "\n"
    "Prints each puzzle's true candidates: every digit a cell holds in some\n"
    "solution, found exactly (a search for each candidate no solution has\n"
    "shown yet), as a candidate grid, then the number of solutions counted\n"
    "to the limit. What setters check while they build a puzzle. Takes\n"
    "classic and variant puzzles (`nonet help input`), one a file, standard\n"
    "input or a link.\n"
    "\n"
    "  -l, --limit N        count solutions up to N (default 2)\n"
    "  -f, --format FMT     json (also --json): a record with \"candidates\"\n"
    "      --stats          nodes and guesses on stderr\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char minimize_text[] =
    "usage: nonet minimize [OPTIONS] [FILE...]\n"
    "\n"
    "Removes clues from each puzzle, one at a time in cell order, while its\n"
    "solution stays unique, and prints the minimal puzzle left: removing any\n"
    "one of its clues gives a second solution. A puzzle without exactly one\n"
    "solution prints '# not unique' or '# no solution' (exit status 1).\n"
    "\n"
    "      --symmetry NAME  keep the clue pattern symmetric: rot180, rot90,\n"
    "                       mirror, flip, diagonal or antidiagonal (default\n"
    "                       none); clues its groups lack are first filled in\n"
    "                       from the solution, then whole groups go\n"
    "  -f, --format LAYOUT  as nonet solve's (json, csv: result, clues,\n"
    "                       removed)\n"
    "  -p, --with-puzzle    each puzzle before its minimal one, as solve -p\n"
    "      --timeout SECS   give up a puzzle after SECS seconds (e.g. 2, 0.5):\n"
    "                       its result is 'timeout', the others go on\n";

static const char canon_text[] =
    "usage: nonet canon [OPTIONS] [FILE...]\n"
    "\n"
    "Prints the canonical form of each puzzle or grid: of all the puzzles its\n"
    "symmetries make of it (transposition, bands, rows in a band, stacks,\n"
    "columns in a stack, the digits relabelled), the least, comparing the\n"
    "clue pattern first (row by row, a blank before a clue), then the digits\n"
    "numbered in the order they first appear. For 9x9 this is patminlex's\n"
    "minlex form. Two puzzles are equivalent exactly when their forms are\n"
    "equal: `nonet canon FILE | sort -u` drops the duplicates. Boxes up to\n"
    "5x5.\n"
    "\n"
    "  -f, --format LAYOUT  as nonet solve's; json and csv (also --json) add the\n"
    "                       transform that gives the form, in the text\n"
    "                       `nonet transform --map` takes, and the number of\n"
    "                       the puzzle's automorphisms\n"
    "  -j, --jobs N         on N threads (default 0: every core); results\n"
    "                       still come in input order\n"
    "  -p, --with-puzzle    each puzzle before its form, as solve -p\n";

static const char format_text[] =
    "usage: nonet format [OPTIONS] [FILE...]\n"
    "\n"
    "Writes each puzzle as nonet read it, in another layout: a converter\n"
    "between every layout nonet reads and writes, and a way to see what it\n"
    "read. Pencil marks stay marks in the candidates layout.\n"
    "\n"
    "A variant puzzle is written in nonet's text form (`nonet help input`),\n"
    "or with -f fpuzzles its givens, regions, rules and the drawings kept\n"
    "from an f-puzzles file, each rule of the f-puzzles constraint\n"
    "extension with the line it draws for f-puzzles without it. A rule that\n"
    "f-puzzles cannot hold (regex, pair, weightedsum, contains, a sum of 7\n"
    "between two cells ...) is refused with its name, never dropped or only\n"
    "drawn: what nonet writes reads back as the same puzzle.\n"
    "\n"
    "  -f, --format LAYOUT  as nonet solve's (default: line for one-line input,\n"
    "                       otherwise the input's layout); json and csv give\n"
    "                       each puzzle's record (size, puzzle, status);\n"
    "                       fpuzzles: f-puzzles JSON, a line each puzzle\n"
    "                       (classic or variant); fpuzzles-link: an f-puzzles\n"
    "                       link (https://www.f-puzzles.com/?load=...)\n";

static const char transform_text[] =
    "usage: nonet transform [OPTIONS] [FILE...]\n"
    "\n"
    "Prints each puzzle under a symmetry: an equivalent puzzle.\n"
    "\n"
    "      --seed S         a random symmetry, the same for the same seed and\n"
    "                       puzzle number (default: a fresh seed)\n"
    "      --map TEXT       this symmetry: 't=0;rows=...;cols=...;digits=...'\n"
    "                       as `nonet canon --json` writes it (rows: the source\n"
    "                       row of each row, from 1; cols alike; digits: what\n"
    "                       1..n become; 'size=RxC;' first when not 3x3)\n"
    "  -f, --format LAYOUT  as nonet solve's (json and csv add the transform)\n"
    "  -p, --with-puzzle    each puzzle before its image, as solve -p\n";

static const char dlx_text[] =
    "usage: nonet dlx [OPTIONS] [FILE...]\n"
    "\n"
    "Writes each puzzle as an exact cover problem for `nonet xc` or Knuth's\n"
    "DLX1, byte for byte as his SUDOKU-DLX writes 9x9 puzzles: a comment line\n"
    "'|sudoku!' and the rows, the items pRC rRD cCD bBD still open, and one\n"
    "option 'pRC rRD cCD bBD' per candidate D of each empty cell (rows,\n"
    "columns, boxes from 0). Sides above 9 join numbers with '_' (p3_12).\n"
    "Several puzzles give their problems one after another. Conflicting\n"
    "clues print SUDOKU-DLX's message ('digit 5 appears in columns 0 and 3\n"
    "of row 2!') on stderr and nothing on stdout for that puzzle.\n"
    "\n"
    "      --dance          the older SUDOKU-PREP form, for DANCE\n";

static const char xc_text[] =
    "usage: nonet xc [OPTIONS] [FILE]\n"
    "\n"
    "Solves one exact cover problem in Knuth's DLX1 format (DLX2 colors\n"
    "too): the first line lists the primary items, then '|' and the\n"
    "secondary ones; each later line is an option; '|' lines are comments.\n"
    "Prints each solution's options, one per line in input order, with an\n"
    "empty line between solutions, and on stderr the number of solutions,\n"
    "nodes, updates, mems and time. Exit status 1 for a malformed problem\n"
    "(the message gives its line and column).\n"
    "\n"
    "      --count          print only the number of solutions\n"
    "  -l, --limit N        stop after N solutions (default: all)\n"
    "      --first          stop after the first solution (--limit 1)\n"
    "  -f, --format knuth   DLX1's output: 'k:' lines, options from the item\n"
    "                       branched on with '(i of n)', its stderr lines\n"
    "      --json           one JSON object: solutions, count, limit_reached\n"
    "      --stats          with --json: the stats too (nodes, updates, mems,\n"
    "                       microseconds)\n"
    "      --sudoku         print each solution as a Sudoku grid (for input\n"
    "                       written by `nonet dlx`)\n"
    "      --timeout SECS   stop the search after SECS seconds (e.g. 2, 0.5),\n"
    "                       saying so (exit status 1)\n"
    "  -h, --help           show this help\n";

enum {
    OPT_STATS = 256,
    OPT_JSON,
    OPT_SOLUTION,
    OPT_TRACE,
    OPT_SYMBOLS,
    OPT_CANDIDATES,
    OPT_CEILING,
    OPT_SYMMETRY,
    OPT_SEED,
    OPT_MAP,
    OPT_APPLY,
    OPT_COLUMN,
    OPT_SOLUTION_COLUMN,
    OPT_TIMEOUT,
    OPT_SVG,
    OPT_LEVEL
};
enum { OPT_DANCE = 300, OPT_COUNT, OPT_FIRST, OPT_SUDOKU }; /* dlx and xc */

static const struct option long_options[] = {
    {"format", required_argument, NULL, 'f'},
    {"input", required_argument, NULL, 'i'},
    {"size", required_argument, NULL, 's'},
    {"engine", required_argument, NULL, 'e'},
    {"limit", required_argument, NULL, 'l'},
    {"unique", no_argument, NULL, 'u'},
    {"all", no_argument, NULL, 'a'},
    {"help", no_argument, NULL, 'h'},
    {"stats", no_argument, NULL, OPT_STATS},
    {"json", no_argument, NULL, OPT_JSON},
    {"solution", required_argument, NULL, OPT_SOLUTION},
    {"trace", no_argument, NULL, OPT_TRACE},
    {"dance", no_argument, NULL, OPT_DANCE},
    {"count", no_argument, NULL, OPT_COUNT},
    {"first", no_argument, NULL, OPT_FIRST},
    {"sudoku", no_argument, NULL, OPT_SUDOKU},
    {"symbols", required_argument, NULL, OPT_SYMBOLS},
    {"candidates", no_argument, NULL, OPT_CANDIDATES},
    {"ceiling", required_argument, NULL, OPT_CEILING},
    {"symmetry", required_argument, NULL, OPT_SYMMETRY},
    {"seed", required_argument, NULL, OPT_SEED},
    {"map", required_argument, NULL, OPT_MAP},
    {"apply", no_argument, NULL, OPT_APPLY},
    {"column", required_argument, NULL, OPT_COLUMN},
    {"solution-column", required_argument, NULL, OPT_SOLUTION_COLUMN},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"svg", required_argument, NULL, OPT_SVG},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"jobs", required_argument, NULL, 'j'},
    {"with-puzzle", no_argument, NULL, 'p'},
    {NULL, 0, NULL, 0},
};

typedef struct command {
    const char *name;
    int (*run)(const cli_opts *);
    const char *help;
    const char *allowed; /* option letters it takes; others are usage errors */
} command;

/* Letters stand for options: S --stats, J --json, O --solution, T --trace,
 * Y --symbols, G --ceiling, M --symmetry, E --seed, P --map, W --column,
 * Q --solution-column, Z --timeout, V --svg, L --level. */
static const command commands[] = {
    {"solve", cmd_solve, solve_text, "fiseluahjpSJTFYGWZ"},
    {"count", cmd_count, count_text, "fiseljhpSJYWZ"},
    {"rate", cmd_rate, rate_text, "fisjhpSJYGWZ"},
    {"explain", cmd_explain, explain_text, "fishJYKGWZV"},
    {"hint", cmd_hint, hint_text, "fishpJYGAWZVL"},
    {"check", cmd_check, check_text, "fishpJOYWQ"},
    {"candidates", cmd_candidates, candidates_text, "flhJSWZ"},
    {"minimize", cmd_minimize, minimize_text, "fishpJYMWZ"},
    {"canon", cmd_canon, canon_text, "fishjpJYW"},
    {"format", cmd_format, format_text, "fishJYW"},
    {"transform", cmd_transform, transform_text, "fishpJYEPW"},
    /* D --dance, C --count, F --first, X --sudoku */
    {"dlx", cmd_dlx, dlx_text, "ishDYW"},
    {"xc", cmd_xc, xc_text, "flhJSCFXZ"},
};

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void print_help(const command *c, FILE *out)
{
    if (!c) {
        fputs(usage_text, out);
        return;
    }
    fputs(c->help, out);
    if (c->run != cmd_xc) /* xc reads no puzzles: its help lists -h itself */
        fputs(common_text, out);
}

static int usage_error(const command *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int usage_error(const command *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("nonet: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'nonet %s%s--help'.\n", c ? c->name : "", c ? " " : "");
    return EXIT_USAGE;
}

static int option_letter(int opt)
{
    switch (opt) {
    case OPT_STATS:
        return 'S';
    case OPT_TRACE:
        return 'T';
    case OPT_JSON:
        return 'J';
    case OPT_SOLUTION:
        return 'O';
    case OPT_DANCE:
        return 'D';
    case OPT_COUNT:
        return 'C';
    case OPT_FIRST:
        return 'F';
    case OPT_SUDOKU:
        return 'X';
    case OPT_SYMBOLS:
        return 'Y';
    case OPT_CANDIDATES:
        return 'K';
    case OPT_CEILING:
        return 'G';
    case OPT_SYMMETRY:
        return 'M';
    case OPT_SEED:
        return 'E';
    case OPT_MAP:
        return 'P';
    case OPT_APPLY:
        return 'A';
    case OPT_COLUMN:
        return 'W';
    case OPT_SOLUTION_COLUMN:
        return 'Q';
    case OPT_TIMEOUT:
        return 'Z';
    case OPT_SVG:
        return 'V';
    case OPT_LEVEL:
        return 'L';
    default:
        return opt;
    }
}

static int run_command(const command *c, int argc, char **argv)
{
    cli_opts o;
    nonet_transform map;
    int seeded = 0;
    memset(&o, 0, sizeof o);
    o.limit = DEFAULT_LIMIT;
    optind = 1;
    opterr = 0;
    int opt;
    while ((opt = getopt_long(argc, argv, ":f:i:s:e:l:j:uahp", long_options, NULL)) != -1) {
        if (opt == '?')
            return usage_error(c, "unknown option '%s'", argv[optind - 1]);
        if (opt == ':')
            return usage_error(c, "option '%s' needs a value", argv[optind - 1]);
        if (!strchr(c->allowed, option_letter(opt))) {
            /* the option itself, not its value when that came separately */
            const char *given =
                optarg && optarg == argv[optind - 1] ? argv[optind - 2] : argv[optind - 1];
            return usage_error(c, "option '%s' does not apply to this command", given);
        }
        switch (opt) {
        case 'h':
            print_help(c, stdout);
            return EXIT_ALL_GOOD;
        case 'f':
            o.fpuzzles = 0;
            if (!strcmp(optarg, "fpuzzles") || !strcmp(optarg, "fpuzzles-link")) {
                if (c->run != cmd_format)
                    return usage_error(c, "only nonet format writes '%s'", optarg);
                o.fpuzzles = strcmp(optarg, "fpuzzles") ? 2 : 1;
                o.format = NONET_LAYOUT_AUTO;
                break;
            }
            if (nonet_layout_from_name(optarg, &o.format) != NONET_OK ||
                o.format == NONET_LAYOUT_AUTO)
                return usage_error(c, "unknown format '%s'", optarg);
            if (c->run == cmd_xc && o.format != NONET_LAYOUT_JSON && o.format != NONET_LAYOUT_KNUTH)
                return usage_error(c, "xc's formats are knuth and json, not '%s'", optarg);
            if (c->run != cmd_solve && c->run != cmd_xc && c->run != cmd_minimize &&
                c->run != cmd_canon && c->run != cmd_transform && c->run != cmd_format &&
                o.format != NONET_LAYOUT_JSON && o.format != NONET_LAYOUT_CSV)
                return usage_error(c, "this command's formats are json and csv, not '%s'", optarg);
            break;
        case OPT_JSON:
            o.format = NONET_LAYOUT_JSON;
            o.fpuzzles = 0;
            break;
        case 'i':
            if (nonet_layout_from_name(optarg, &o.read.layout) != NONET_OK ||
                o.read.layout == NONET_LAYOUT_JSON)
                return usage_error(c, "unknown input layout '%s'", optarg);
            break;
        case 's':
            if (nonet_parse_shape(optarg, &o.read.box_rows, &o.read.box_cols) != NONET_OK)
                return usage_error(
                    c, "bad size '%s' (want the boxes RxC: 3x3 for 9x9, 2x3 for 6x6)", optarg);
            break;
        case 'e':
            o.teach = TEACH_NONE;
            o.human = 0;
            if (nonet_engine_from_name(optarg, &o.engine) == NONET_OK)
                break;
            if (strcmp(optarg, "human") == 0) {
                if (c->run != cmd_solve)
                    return usage_error(c, "%s",
                                       "the engine 'human' only solves: nonet solve "
                                       "--engine human (nonet rate rates)");
                o.engine = NONET_ENGINE_AUTO;
                o.human = 1;
                break;
            }
            o.teach = teach_engine_from_name(optarg);
            if (o.teach == TEACH_NONE)
                return usage_error(c, "unknown engine '%s'", optarg);
            if (c->run != cmd_solve)
                return usage_error(c, "the engine '%s' only solves: nonet solve --engine %s",
                                   optarg, optarg);
            break;
        case 'l':
            if (parse_number(optarg, &o.limit) != 0)
                return usage_error(c, "bad limit '%s' (want a number, 0 for none)", optarg);
            o.limit_given = 1;
            break;
        case 'j': {
            uint64_t jobs;
            if (parse_number(optarg, &jobs) != 0 || jobs > 64)
                return usage_error(c, "bad number of jobs '%s' (want 0 to 64; 0: every core)",
                                   optarg);
            o.jobs = (int)jobs;
            break;
        }
        case 'u':
            o.unique = 1;
            break;
        case 'a':
            o.all = 1;
            break;
        case 'p':
            o.with_puzzle = 1;
            break;
        case OPT_STATS:
            o.stats = 1;
            break;
        case OPT_CEILING: {
            /* a rating: 9, 9.0 or 10.5 */
            char *end;
            long whole = strtol(optarg, &end, 10), tenth = 0;
            if (end != optarg && *end == '.' && end[1] >= '0' && end[1] <= '9' && !end[2])
                tenth = end[1] - '0', end += 2;
            if (end == optarg || *end || whole < 1 || whole > 20 || optarg[0] == '-')
                return usage_error(c, "bad ceiling '%s' (want a rating from 1.0 to 20.0, e.g. 9.0)",
                                   optarg);
            o.ceiling = (int)(whole * 10 + tenth);
            break;
        }
        case OPT_TRACE:
            o.trace = 1;
            break;
        case OPT_SEED:
            if (parse_number(optarg, &o.seed) != 0)
                return usage_error(
                    c, "bad seed '%s' (want a number from 0 to 18446744073709551615)", optarg);
            seeded = 1;
            break;
        case OPT_MAP:
            if (nonet_transform_parse(optarg, &map) != NONET_OK)
                return usage_error(c,
                                   "bad map '%s' (want 't=0;rows=...;cols=...;digits=...' as "
                                   "nonet canon --json writes it)",
                                   optarg);
            o.map = &map;
            break;
        case OPT_SYMMETRY:
            if (nonet_symmetry_from_name(optarg, &o.symmetry) != NONET_OK ||
                o.symmetry == NONET_SYM_RANDOM)
                return usage_error(c,
                                   "unknown symmetry '%s' (want none, rot180, rot90, mirror, "
                                   "flip, diagonal or antidiagonal)",
                                   optarg);
            break;
        case OPT_SOLUTION:
            o.solution = optarg;
            break;
        case OPT_DANCE:
            o.dance = 1;
            break;
        case OPT_COUNT:
            o.count_only = 1;
            break;
        case OPT_FIRST:
            o.first = 1;
            break;
        case OPT_SUDOKU:
            o.sudoku = 1;
            break;
        case OPT_SYMBOLS:
            o.read.symbols = optarg;
            break;
        case OPT_CANDIDATES:
            o.candidates = 1;
            break;
        case OPT_APPLY:
            o.apply = 1;
            break;
        case OPT_SVG:
            if (!optarg[0])
                return usage_error(c, "%s", "--svg wants a folder");
            o.svg_dir = optarg;
            break;
        case OPT_LEVEL:
            if (!optarg[0] || optarg[1] || optarg[0] < '1' || optarg[0] > '3')
                return usage_error(c,
                                   "bad level '%s' (want 1: the technique and where to look, "
                                   "2: its cells, 3: the move)",
                                   optarg);
            o.level = optarg[0] - '0';
            break;
        case OPT_COLUMN:
            o.read.column = optarg;
            break;
        case OPT_SOLUTION_COLUMN:
            o.solution_column = optarg;
            break;
        case OPT_TIMEOUT:
            if (parse_seconds(optarg, &o.timeout_ns) != 0)
                return usage_error(c, "bad timeout '%s' (want seconds above 0, e.g. 2 or 0.5)",
                                   optarg);
            break;
        default:
            return usage_error(c, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (o.limit_given && c->run == cmd_solve && !o.all)
        return usage_error(c, "%s", "--limit goes with --all");
    if (o.all && o.unique)
        return usage_error(c, "%s", "--all and --unique do not go together");
    if (c->run == cmd_solve && o.first && (o.all || o.unique))
        return usage_error(c, "--first and %s do not go together", o.all ? "--all" : "--unique");
    if (o.ceiling && c->run == cmd_solve && !o.human)
        return usage_error(c, "--ceiling limits the ladder: it needs --engine human");
    if (o.human && (o.all || o.first))
        return usage_error(c, "%s", "--engine human finds one solution: no --all or --first");
    if (o.teach != TEACH_NONE && (o.all || o.unique))
        return usage_error(c, "%s", "a teaching solver finds one solution: no --all or --unique");
    if (o.trace && o.teach == TEACH_NONE)
        return usage_error(c, "%s", "--trace goes with --engine propagate, tactics or naive");
    if (o.with_puzzle && o.teach != TEACH_NONE)
        return usage_error(c, "%s",
                           "--with-puzzle does not go with a teaching solver (propagate, "
                           "tactics, naive): they print as the classic programs did");
    if (o.timeout_ns && o.teach != TEACH_NONE)
        return usage_error(c, "%s",
                           "--timeout does not stop a teaching solver (propagate, "
                           "tactics, naive): they solve as the classic programs did");
    if (o.read.symbols) { /* the reader says whether they can be used */
        nonet_reader *r = nonet_reader_new(&o.read);
        if (!r)
            return usage_error(c,
                               "bad --symbols '%s' (want 1 to 35 distinct letters and digits, "
                               "one for each digit of the --size)",
                               o.read.symbols);
        nonet_reader_free(r);
    }
    if (o.level && o.level < 3 && o.apply)
        return usage_error(c, "%s", "--apply takes the step: it goes with --level 3 only");
    if (o.map && seeded)
        return usage_error(c, "%s", "--seed and --map do not go together");
    if (o.solution && o.solution_column)
        return usage_error(c, "%s",
                           "--solution FILE and --solution-column NAME do not go together");
    if (c->run == cmd_transform && !o.map && !seeded)
        o.seed = fresh_seed();
    o.files = argv + optind;
    o.nfiles = argc - optind;
    if (c->run != cmd_xc && c->run != cmd_dlx && c->run != cmd_candidates) {
        int variants = variant_operands(&o);
        if (variants < 0)
            return EXIT_USAGE;
        if (variants && o.solution_column)
            return usage_error(c, "%s",
                               "--solution-column reads a CSV table's column, and a variant "
                               "puzzle has none: give its solution with --solution FILE");
        if (variants && o.with_puzzle)
            return usage_error(c, "%s",
                               "--with-puzzle writes a puzzle's line, and a variant puzzle's "
                               "rules have none (nonet format writes its text form)");
        if (variants)
            return cmd_variant(&o, c->name);
    }
    return c->run(&o);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_help(NULL, stdout);
        return EXIT_ALL_GOOD;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("nonet %s (9x9 engine: %s code)\n", NONET_VERSION, nonet_cpu_path());
        return EXIT_ALL_GOOD;
    }
    if (strcmp(name, "help") == 0) {
        if (argc < 3) {
            print_help(NULL, stdout);
            return EXIT_ALL_GOOD;
        }
        if (strcmp(argv[2], "help") == 0 || strcmp(argv[2], "--help") == 0 ||
            strcmp(argv[2], "-h") == 0) { /* help on help: the general usage */
            print_help(NULL, stdout);
            return EXIT_ALL_GOOD;
        }
        if (strcmp(argv[2], "input") == 0 || strcmp(argv[2], "layouts") == 0) {
            fputs(input_text, stdout);
            fputs(input_variants_text, stdout);
            print_rules(stdout);
            fputs(input_variants_end, stdout);
            return EXIT_ALL_GOOD;
        }
        if (strcmp(argv[2], "json") == 0 || strcmp(argv[2], "csv") == 0) {
            fputs(json_text, stdout);
            fputs(json_hint_text, stdout);
            return EXIT_ALL_GOOD;
        }
        if (strcmp(argv[2], "generate") == 0) {
            char help[] = "--help";
            char *args[] = {argv[2], help, NULL};
            return cmd_generate(2, args);
        }
        const command *c = find_command(argv[2]);
        if (!c)
            return usage_error(NULL, "no command '%s'", argv[2]);
        print_help(c, stdout);
        return EXIT_ALL_GOOD;
    }
    if (strcmp(name, "generate") == 0)
        return cmd_generate(argc - 1, argv + 1);
    const command *c = find_command(name);
    if (!c)
        return usage_error(NULL, "no command '%s'", name);
    return run_command(c, argc - 1, argv + 1);
}
