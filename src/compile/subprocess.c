/* Runs the compiler as a child process with a deadline: its output captured, its whole
 * process group killed when it runs past the deadline (Python's own children, ptxas, too),
 * whatever it does with its output. A keeper process between tritonc and the compiler makes
 * sure that the compiler does not outlive tritonc, nor does the compile's temporary directory. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "compile/compile_internal.h"

enum { OUTPUT_KEEP = 64 * 1024, CHUNK = 4096 };

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The report pipe carries messages of two ints: what, then a value. */
enum { REPORT_EXEC_ERRNO = 1, REPORT_STATUS = 2, REPORT_GROUP = 3 };

static void report(int fd, int what, int value)
{
    int m[2] = {what, value};
    ssize_t ignored = write(fd, m, sizeof m);
    (void)ignored;
}

/* In the compiler (the keeper's child): only async-signal-safe calls until exec. It dies with
 * its keeper (PR_SET_PDEATHSIG on Linux; the check after it closes the race of a keeper that
 * died before), takes SIGCHLD's default back (ignored in tritonc's process, it would be
 * ignored in Python's, whose subprocess waits would fail), and runs in its own group. */
static void exec_child(char *const argv[], int out_fd, int report_fd, pid_t keeper)
{
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != keeper)
        _exit(127);
#else
    (void)keeper;
#endif
    signal(SIGCHLD, SIG_DFL);
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0)
        dup2(null_fd, 0);
    dup2(out_fd, 1);
    dup2(out_fd, 2);
    execvp(argv[0], argv);
    report(report_fd, REPORT_EXEC_ERRNO, errno);
    _exit(127);
}

/* The keeper: a forked copy of tritonc (no exec, so only async-signal-safe calls) between it
 * and the compiler, so that a tritonc killed outright leaves nothing behind. It starts the
 * compiler, tells tritonc its group and, when it ends, its wait status. When tritonc's end of
 * the life pipe closes first (tritonc died: the kernel closes it), it kills the compiler's
 * group and removes the compile's temporary directory, which tritonc can no longer do. */
static void keeper(char *const argv[], int out_fd, int report_fd, int life_fd, const char *temp_dir)
{
    signal(SIGCHLD, SIG_DFL); /* its waits must see the compiler's status */
    pid_t me = getpid();
    pid_t pid = fork();
    if (pid == 0)
        exec_child(argv, out_fd, report_fd, me);
    close(out_fd);
    if (pid < 0) {
        report(report_fd, REPORT_EXEC_ERRNO, errno);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: the group exists before any kill */
    report(report_fd, REPORT_GROUP, (int)pid);
    for (;;) {
        int status;
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) {
            report(report_fd, REPORT_STATUS, status);
            _exit(0);
        }
        if (w < 0 && errno != EINTR)
            _exit(0);
        struct pollfd p = {life_fd, POLLIN, 0};
        if (poll(&p, 1, 10) > 0) { /* tritonc is gone: the pipe's other end closed */
            kill(-pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            if (temp_dir)
                execlp("rm", "rm", "-rf", "--", temp_dir, (char *)NULL);
            _exit(0);
        }
    }
}

/* Appends n (<= CHUNK) bytes to the captured output, keeping its last OUTPUT_KEEP bytes. */
static void keep(char *buf, size_t *len, const char *data, size_t n)
{
    if (*len + n > OUTPUT_KEEP) {
        size_t drop = *len + n - OUTPUT_KEEP;
        memmove(buf, buf + drop, *len - drop);
        *len -= drop;
    }
    memcpy(buf + *len, data, n);
    *len += n;
}

/* Reads the report pipe into *group, *status, *exec_errno until its end (the keeper gone) or
 * the deadline; true at its end. */
static bool read_reports(int fd, long long deadline, pid_t *group, int *status, int *exec_errno)
{
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0)
            return false;
        struct pollfd p = {fd, POLLIN, 0};
        int n = poll(&p, 1, (int)(left > 1000 ? 1000 : left));
        if (n < 0 && errno != EINTR)
            return true;
        if (n <= 0)
            continue;
        int m[2];
        ssize_t r = read(fd, m, sizeof m);
        if (r < 0 && errno == EINTR)
            continue;
        if (r != (ssize_t)sizeof m)
            return true;
        if (m[0] == REPORT_GROUP)
            *group = m[1];
        else if (m[0] == REPORT_STATUS)
            *status = m[1];
        else if (m[0] == REPORT_EXEC_ERRNO)
            *exec_errno = m[1];
    }
}

int compile_run(char *const argv[], int timeout_s, const char *temp_dir, char **output, char **err)
{
    *output = NULL;
    int out[2] = {-1, -1}, rep[2] = {-1, -1}, life[2] = {-1, -1};
    if (pipe(out) != 0 || pipe(rep) != 0 || pipe(life) != 0) {
        int e = errno;
        for (int i = 0; i < 2; i++) {
            if (out[i] >= 0)
                close(out[i]);
            if (rep[i] >= 0)
                close(rep[i]);
        }
        return compile_fail(err, "cannot run '%s': pipe: %s", argv[0], strerror(e)), -1;
    }
    int fds[] = {out[0], out[1], rep[0], rep[1], life[0], life[1]};
    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++) /* dup2 clears it on 1 and 2 */
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    char *buf = malloc(OUTPUT_KEEP + 1);
    pid_t pid = buf ? fork() : -1;
    if (pid == 0) {
        close(out[0]);
        close(rep[0]);
        close(life[1]);
        keeper(argv, out[1], rep[1], life[0], temp_dir);
    }
    close(out[1]);
    close(rep[1]);
    close(life[0]);
    if (pid < 0) {
        compile_fail(err, "cannot run '%s': %s", argv[0], buf ? strerror(errno) : "out of memory");
        close(out[0]);
        close(rep[0]);
        close(life[1]);
        free(buf);
        return -1;
    }

    size_t len = 0;
    bool timed_out = false;
    long long deadline = now_ms() + (long long)(timeout_s > 0 ? timeout_s : 1) * 1000;
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd p = {out[0], POLLIN, 0};
        int n = poll(&p, 1, (int)(left > 1000 ? 1000 : left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        if (n == 0)
            continue;
        char chunk[CHUNK];
        ssize_t got = read(out[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break; /* EOF: the compiler (and all that held the pipe) closed it */
        keep(buf, &len, chunk, (size_t)got);
    }
    close(out[0]);
    /* The output's end is not the compiler's: it may close it and run on. The deadline holds
     * until the keeper reports the compiler's status. */
    pid_t group = 0;
    int status = 0, exec_errno = 0;
    if (!timed_out && !read_reports(rep[0], deadline, &group, &status, &exec_errno))
        timed_out = true;
    if (timed_out) {
        if (group > 0)
            kill(-group, SIGKILL);
        read_reports(rep[0], now_ms() + 10000, &group, &status, &exec_errno); /* the keeper ends now */
    }
    close(rep[0]);
    close(life[1]);
    /* Its status came through the pipe: with SIGCHLD ignored this wait fails (ECHILD), and the
     * report still says how the compiler ended. */
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    buf[len] = '\0';
    *output = buf;
    if (exec_errno)
        return compile_fail(err, "cannot run '%s': %s", argv[0], strerror(exec_errno)), -1;
    if (timed_out)
        return compile_fail(err, "'%s' ran past the compile timeout of %d s and was killed", argv[0], timeout_s), -1;
    if (WIFSIGNALED(status))
        return compile_fail(err, "'%s' died of signal %d", argv[0], WTERMSIG(status)), -1;
    return WEXITSTATUS(status);
}
