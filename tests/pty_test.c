/* pty_test.c - nonet at a terminal: puzzles typed on a pseudo-terminal
 * are answered as soon as they are typed, before any end of input, and
 * one end-of-file (Ctrl-D at the start of a line) ends the run; the
 * progress line never shows for typed input and never shares a line with
 * a result or a message.
 *
 * Usage: pty-test NONET. Prints "pty: N passed, N failed" and exits 1 if
 * a test failed. Built by the Makefile, run by tests/run.sh. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define CLASSIC "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define CLASSIC_SOL                                                                                \
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
/* the classic solution with an unavoidable rectangle blanked: two solutions */
#define TWO "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"
/* consistent clues, no solution */
#define NONE "12345678.........9..............................................................."

enum { WAIT_MS = 5000, CAP = 1 << 20 };

/* Where the child's standard input, output and error go. */
enum { IN_TTY = 1, OUT_TTY = 2, ERR_TTY = 4 };

typedef struct child {
    pid_t pid;
    int master; /* the terminal's other end: what is typed, what it shows */
    int in;     /* the write end of stdin's pipe when stdin is no terminal */
    int out;    /* stdout's pipe, or -1 */
    int err;    /* stderr's pipe, or -1 */
    char veof;  /* the terminal's end-of-file character (Ctrl-D) */
    char *outbuf, *errbuf, *ttybuf;
    size_t outlen, errlen, ttylen;
    int exited, status;
} child;

static const char *nonet;
static int passed, failed;
static const char *test_name;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL: %s: %s\n", test_name, what);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Appends what fd has to *buf; 0 at its end. */
static int drain(int fd, char *buf, size_t *len)
{
    if (*len >= CAP - 1)
        *len = 0; /* enough seen; keep reading so that the child never blocks */
    ssize_t got = read(fd, buf + *len, CAP - 1 - *len);
    if (got <= 0)
        return got < 0 && errno == EINTR;
    *len += (size_t)got;
    buf[*len] = '\0';
    return 1;
}

/* Reads whatever the child wrote, for up to ms milliseconds. */
static void pump(child *c, int ms)
{
    struct pollfd fds[3];
    int n = 0;
    if (c->out >= 0)
        fds[n++] = (struct pollfd){c->out, POLLIN, 0};
    if (c->err >= 0)
        fds[n++] = (struct pollfd){c->err, POLLIN, 0};
    if (c->master >= 0)
        fds[n++] = (struct pollfd){c->master, POLLIN, 0};
    if (n == 0 || poll(fds, (nfds_t)n, ms) <= 0)
        return;
    for (int i = 0; i < n; i++) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        int fd = fds[i].fd;
        int more = fd == c->out   ? drain(fd, c->outbuf, &c->outlen)
                   : fd == c->err ? drain(fd, c->errbuf, &c->errlen)
                                  : drain(fd, c->ttybuf, &c->ttylen);
        if (!more) { /* the end (EIO on the terminal once the child is gone) */
            close(fd);
            if (fd == c->out)
                c->out = -1;
            else if (fd == c->err)
                c->err = -1;
            else
                c->master = -1;
        }
    }
}

/* Starts `nonet ARGS...` with the streams given by where (IN_TTY ...). */
static int start(child *c, int where, const char *const args[])
{
    memset(c, 0, sizeof *c);
    c->in = c->out = c->err = -1;
    c->outbuf = calloc(CAP, 1);
    c->errbuf = calloc(CAP, 1);
    c->ttybuf = calloc(CAP, 1);
    c->master = posix_openpt(O_RDWR | O_NOCTTY);
    if (!c->outbuf || !c->errbuf || !c->ttybuf || c->master < 0 || grantpt(c->master) != 0 ||
        unlockpt(c->master) != 0)
        return -1;
    const char *name = ptsname(c->master);
    int slave = name ? open(name, O_RDWR | O_NOCTTY) : -1;
    struct termios t;
    if (slave < 0 || tcgetattr(slave, &t) != 0)
        return -1;
    /* line by line, as typed, but without echo: only nonet's output shows */
    t.c_lflag |= ICANON;
    t.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK | ECHONL);
    if (tcsetattr(slave, TCSANOW, &t) != 0)
        return -1;
    c->veof = (char)t.c_cc[VEOF];
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    if ((!(where & IN_TTY) && pipe(in) != 0) || (!(where & OUT_TTY) && pipe(out) != 0) ||
        (!(where & ERR_TTY) && pipe(err) != 0))
        return -1;
    c->pid = fork();
    if (c->pid < 0)
        return -1;
    if (c->pid == 0) {
        setsid();
        dup2(where & IN_TTY ? slave : in[0], 0);
        dup2(where & OUT_TTY ? slave : out[1], 1);
        dup2(where & ERR_TTY ? slave : err[1], 2);
        for (int fd = 3; fd < 1024; fd++)
            close(fd);
        char *argv[16];
        int n = 0;
        argv[n++] = strdup(nonet);
        for (int i = 0; args[i] && n < 15; i++)
            argv[n++] = strdup(args[i]);
        argv[n] = NULL;
        execv(nonet, argv);
        _exit(127);
    }
    close(slave);
    if (in[0] >= 0) {
        close(in[0]);
        c->in = in[1];
    }
    if (out[1] >= 0) {
        close(out[1]);
        c->out = out[0];
    }
    if (err[1] >= 0) {
        close(err[1]);
        c->err = err[0];
    }
    return 0;
}

/* Types text at the terminal. */
static void type(child *c, const char *text)
{
    size_t len = strlen(text);
    if (write(c->master, text, len) != (ssize_t)len)
        check(0, "typing failed");
}

/* Ctrl-D at the start of a line: the end of the input. */
static void type_eof(child *c)
{
    if (write(c->master, &c->veof, 1) != 1)
        check(0, "typing Ctrl-D failed");
}

/* Whether the child is still running. */
static int running(child *c)
{
    if (!c->exited && waitpid(c->pid, &c->status, WNOHANG) == c->pid)
        c->exited = 1;
    return !c->exited;
}

/* Waits until stdout (or the terminal, if stdout is on it) holds want. */
static int wait_for(child *c, const char *want)
{
    double end = now_ms() + WAIT_MS;
    while (now_ms() < end) {
        if (strstr(c->outbuf, want) || strstr(c->ttybuf, want))
            return 1;
        pump(c, 20);
    }
    return strstr(c->outbuf, want) || strstr(c->ttybuf, want);
}

/* Waits for the child to exit; kills it after WAIT_MS. Returns its exit
 * status, or -1 if it had to be killed. */
static int wait_exit(child *c)
{
    double end = now_ms() + WAIT_MS;
    while (running(c) && now_ms() < end)
        pump(c, 10);
    if (running(c)) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, &c->status, 0);
        c->exited = 1;
        return -1;
    }
    for (int i = 0; i < 20 && (c->out >= 0 || c->err >= 0 || c->master >= 0); i++)
        pump(c, 10); /* what is left in the pipes */
    return WIFEXITED(c->status) ? WEXITSTATUS(c->status) : -1;
}

static void finish(child *c)
{
    if (c->pid > 0 && running(c)) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, &c->status, 0);
    }
    if (c->master >= 0)
        close(c->master);
    if (c->in >= 0)
        close(c->in);
    if (c->out >= 0)
        close(c->out);
    if (c->err >= 0)
        close(c->err);
    free(c->outbuf);
    free(c->errbuf);
    free(c->ttybuf);
}

/* Types each puzzle and checks that its answer comes before the next one
 * is typed and before any end of input; then one Ctrl-D must end the run
 * with status want_rc. */
static void typed_session(const char *const args[], const char *const *puzzles,
                          const char *const *answers, int want_rc)
{
    child c;
    if (start(&c, IN_TTY, args) != 0) {
        check(0, "cannot start nonet on a pseudo-terminal");
        finish(&c);
        return;
    }
    for (int i = 0; puzzles[i]; i++) {
        type(&c, puzzles[i]);
        char what[160];
        snprintf(what, sizeof what, "no answer to puzzle %d before the end of input", i + 1);
        check(wait_for(&c, answers[i]), what);
        check(running(&c), "nonet ended before the end of input");
    }
    type_eof(&c);
    int rc = wait_exit(&c);
    char what[160];
    snprintf(what, sizeof what, "one Ctrl-D: exit status %d, expected %d", rc, want_rc);
    check(rc == want_rc, what);
    finish(&c);
}

/* A terminal of unlimited height: the lines that scrolled up (each result
 * or message that ended with a newline) and the line the cursor is on. */
typedef struct screen {
    char *done; /* finished lines, '\n'-separated, trailing spaces trimmed */
    size_t done_len;
    char line[512];
    int len, col;
} screen;

static void screen_commit(screen *s)
{
    while (s->len > 0 && s->line[s->len - 1] == ' ')
        s->len--;
    memcpy(s->done + s->done_len, s->line, (size_t)s->len);
    s->done_len += (size_t)s->len;
    s->done[s->done_len++] = '\n';
    s->done[s->done_len] = '\0';
    s->len = s->col = 0;
}

/* Plays what the terminal received: '\r' goes back to the line's start,
 * '\n' ends the line (the terminal maps it to "\r\n"), other characters
 * overwrite the line at the cursor. */
static void screen_play(screen *s, const char *text, size_t len)
{
    s->done = calloc(len + 1, 1);
    s->done_len = 0;
    s->len = s->col = 0;
    for (size_t i = 0; i < len && s->done; i++) {
        char ch = text[i];
        if (ch == '\r') {
            s->col = 0;
        } else if (ch == '\n') {
            screen_commit(s);
        } else if (s->col < (int)sizeof s->line - 1) {
            s->line[s->col++] = ch;
            if (s->col > s->len)
                s->len = s->col;
        }
    }
    while (s->len > 0 && s->line[s->len - 1] == ' ')
        s->len--;
    s->line[s->len] = '\0';
}

/* Feeds puzzles through a pipe (no terminal input) for about 1.6 s, 64 at
 * a time, with stdout and stderr as given; returns the child, exited. */
static int slow_batch(child *c, int where, long *count)
{
    const char *const args[] = {"solve", "-j", "1", NULL};
    if (start(c, where, args) != 0)
        return -1;
    char line[84];
    snprintf(line, sizeof line, "%s\n", CLASSIC);
    *count = 0;
    double t0 = now_ms();
    while (now_ms() - t0 < 1600) {
        for (int i = 0; i < 64; i++, (*count)++)
            if (write(c->in, line, strlen(line)) != (ssize_t)strlen(line))
                return -1;
        double next = now_ms() + 50;
        while (now_ms() < next)
            pump(c, 5);
    }
    close(c->in);
    c->in = -1;
    return wait_exit(c);
}

/* A file of many copies of one slow puzzle (the classic with its last 8
 * clues gone: 4006 solutions, a few milliseconds to count them all),
 * counted on two threads with stderr on a terminal: every progress line
 * drawn must say the share of the input its puzzles written took. Each
 * line of the file is as long as the others, so that share is exactly
 * written / total (issue 38: "8000 puzzles, 88%" for 10,000, when the
 * percent was of the bytes read, read ahead of the solvers). */
static void progress_numbers(void)
{
    static const char slow[] =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....2....................\n";
    enum { TOTAL = 1500 };
    char path[] = "/tmp/nonet-pty-XXXXXX";
    int fd = mkstemp(path);
    int ok = fd >= 0;
    for (int i = 0; ok && i < TOTAL; i++)
        ok = write(fd, slow, sizeof slow - 1) == (ssize_t)(sizeof slow - 1);
    if (fd >= 0)
        close(fd);
    const char *const args[] = {"count", "-l", "0", "-j", "2", path, NULL};
    child c;
    if (!ok || start(&c, ERR_TTY, args) != 0) {
        check(0, "cannot write the input or start nonet");
        if (fd >= 0)
            unlink(path);
        return;
    }
    close(c.in);
    c.in = -1;
    double t0 = now_ms(), end = t0 + 60000; /* a slow machine: up to a minute */
    while (running(&c) && now_ms() < end)
        pump(&c, 20);
    int rc = wait_exit(&c);
    double took = now_ms() - t0;
    unlink(path);
    check(rc == 0, "exit status");
    size_t lines = 0;
    for (size_t i = 0; i < c.outlen; i++)
        lines += c.outbuf[i] == '\n';
    check(lines == TOTAL, "not one count per puzzle");
    /* each drawn line: "\rN puzzles, R/s, P% of the input, ..." */
    int drawn = 0, wrong = 0;
    for (const char *at = strchr(c.ttybuf, '\r'); at; at = strchr(at + 1, '\r')) {
        char line[256];
        size_t len = strcspn(at + 1, "\r");
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, at + 1, len);
        line[len] = '\0';
        long written;
        double percent;
        const char *rate = strstr(line, "/s, ");
        if (sscanf(line, "%ld puzzle", &written) != 1 || !rate ||
            sscanf(rate + 4, "%lf%%", &percent) != 1)
            continue; /* an erasing run of spaces, or no percent yet */
        drawn++;
        double want = 100.0 * (double)written / TOTAL;
        if ((percent < want - 1 || percent > want + 1 || written > TOTAL) && wrong++ == 0)
            printf("  '%s': %ld of %d puzzles is %.1f%%\n", line, written, TOTAL, want);
    }
    if (drawn == 0 && took < 1500) /* too fast a machine for a line to show */
        printf("note: %s: the run took %.0f ms, no progress line to check\n", test_name, took);
    else
        check(drawn > 0, "no progress line with a percent in a run of over 1.5 s");
    check(wrong == 0, "the percent is not of the puzzles written");
    finish(&c);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: pty-test NONET\n");
        return 2;
    }
    nonet = argv[1];
    signal(SIGPIPE, SIG_IGN);

    test_name = "solve: a typed one-line puzzle is answered at once";
    {
        const char *const args[] = {"solve", NULL};
        const char *in[] = {CLASSIC "\n", NULL};
        const char *want[] = {CLASSIC_SOL "\n"};
        typed_session(args, in, want, 0);
    }

    test_name = "solve: a 9x9 grid typed row by row is answered after its last row";
    {
        const char *const args[] = {"solve", NULL};
        child c;
        if (start(&c, IN_TTY, args) == 0) {
            const char *rows[] = {"53..7....\n", "6..195...\n", ".98....6.\n",
                                  "8...6...3\n", "4..8.3..1\n", "7...2...6\n",
                                  ".6....28.\n", "...419..5\n", "....8..79\n"};
            for (int i = 0; i < 8; i++)
                type(&c, rows[i]);
            pump(&c, 200);
            check(c.outlen == 0, "output before the grid's last row");
            type(&c, rows[8]);
            check(wait_for(&c, "534 678 912\n672 195 348\n198 342 567\n\n859 761 423\n"
                               "426 853 791\n713 924 856\n\n961 537 284\n287 419 635\n"
                               "345 286 179\n"),
                  "no answer to the grid before the end of input");
            check(running(&c), "nonet ended before the end of input");
            type_eof(&c);
            check(wait_exit(&c) == 0, "one Ctrl-D did not end the run with status 0");
        } else {
            check(0, "cannot start nonet on a pseudo-terminal");
        }
        finish(&c);
    }

    test_name = "count -j 4: each typed puzzle is answered before the next";
    {
        const char *const args[] = {"count", "-j", "4", NULL};
        const char *in[] = {TWO "\n", CLASSIC "\n", NONE "\n", NULL};
        const char *want[] = {"2\n", "2\n1\n", "2\n1\n0\n"};
        typed_session(args, in, want, 0);
    }

    test_name = "solve --all: typed puzzles, each with its solutions";
    {
        const char *const args[] = {"solve", "--all", NULL};
        const char *in[] = {TWO "\n", CLASSIC "\n", NULL};
        const char *want[] = {"# puzzle 1\n" CLASSIC_SOL "\n534768912",
                              "# puzzle 2\n" CLASSIC_SOL "\n"};
        typed_session(args, in, want, 0);
    }

    test_name = "check, dlx and a teaching solver answer each typed puzzle";
    {
        const char *const args[] = {"check", NULL};
        const char *in[] = {CLASSIC "\n", CLASSIC_SOL "\n", NULL};
        const char *want[] = {"consistent, incomplete (51 blanks)\n", "solved\n"};
        typed_session(args, in, want, 0);
        const char *const dlx[] = {"dlx", NULL};
        const char *in2[] = {TWO "\n", NULL};
        const char *want2[] = {"p34 r37 c47 b47\n"};
        typed_session(dlx, in2, want2, 0);
        const char *const teach[] = {"solve", "-e", "propagate", NULL};
        const char *want3[] = {CLASSIC_SOL "\n"};
        const char *in3[] = {CLASSIC "\n", NULL};
        typed_session(teach, in3, want3, 0);
    }

    test_name = "solve: an unfinished line, then Ctrl-D twice";
    {
        /* Ctrl-D after text on a line hands over the text; a second one
         * at the start of the (empty) line ends the input */
        const char *const args[] = {"solve", NULL};
        child c;
        if (start(&c, IN_TTY, args) == 0) {
            type(&c, CLASSIC);
            type_eof(&c);
            pump(&c, 100);
            check(running(&c), "nonet ended after a Ctrl-D in mid-line");
            type_eof(&c);
            check(wait_exit(&c) == 0, "exit status");
            check(strcmp(c.outbuf, CLASSIC_SOL "\n") == 0, "the puzzle without a line end");
        } else {
            check(0, "cannot start nonet on a pseudo-terminal");
        }
        finish(&c);
    }

    test_name = "typed input with stderr on the terminal: messages, no progress line";
    {
        const char *const args[] = {"solve", NULL};
        child c;
        if (start(&c, IN_TTY | ERR_TTY, args) == 0) {
            type(&c, CLASSIC "\n");
            check(wait_for(&c, CLASSIC_SOL "\n"), "no answer to puzzle 1");
            pump(&c, 1300); /* longer than a progress line waits */
            type(&c, NONE "\n");
            check(wait_for(&c, "# no solution\n"), "no answer to puzzle 2");
            check(wait_for(&c, "puzzle 2: no solution"), "no message for puzzle 2");
            type_eof(&c);
            check(wait_exit(&c) == 1, "exit status (want 1: no solution)");
            check(!strstr(c.ttybuf, "puzzle,") && !strstr(c.ttybuf, "puzzles,") &&
                      !strstr(c.ttybuf, "\r\r"),
                  "a progress line showed");
        } else {
            check(0, "cannot start nonet on a pseudo-terminal");
        }
        finish(&c);
    }

    test_name = "a long batch on a terminal: the progress line never shares a line";
    {
        child c;
        long count = 0;
        int rc = slow_batch(&c, OUT_TTY | ERR_TTY, &count);
        check(rc == 0, "exit status");
        check(strstr(c.ttybuf, "puzzles, ") != NULL, "no progress line in a 1.6 s run");
        screen s;
        screen_play(&s, c.ttybuf, c.ttylen);
        long lines = 0, bad = 0;
        for (char *l = s.done; l && *l; lines++) {
            char *nl = strchr(l, '\n');
            *nl = '\0';
            if (strcmp(l, CLASSIC_SOL) != 0 && bad++ == 0)
                printf("  line %ld: '%.100s'\n", lines + 1, l);
            l = nl + 1;
        }
        check(bad == 0, "a line holds more than a result");
        check(lines == count, "not one line per puzzle");
        check(s.len == 0, "the progress line was left on the screen");
        free(s.done);
        finish(&c);
    }

    test_name = "a long batch, stderr on a terminal: the progress line is erased at the end";
    {
        child c;
        long count = 0;
        int rc = slow_batch(&c, ERR_TTY, &count);
        check(rc == 0, "exit status");
        check(strstr(c.ttybuf, "puzzles, ") != NULL, "no progress line in a 1.6 s run");
        screen s;
        screen_play(&s, c.ttybuf, c.ttylen);
        check(s.done && s.done_len == 0, "the progress line scrolled up");
        check(s.len == 0, "the progress line was left on the screen");
        free(s.done);
        size_t lines = 0;
        for (size_t i = 0; i < c.outlen; i++)
            lines += c.outbuf[i] == '\n';
        check((long)lines == count, "not one result per puzzle");
        finish(&c);
    }

    test_name = "the progress line's percent is of the puzzles written";
    progress_numbers();

    printf("pty: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
