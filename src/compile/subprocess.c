/* Runs the compiler as a child process with a deadline: its output captured, its whole
 * process group killed when it runs past the deadline (Python's own children, ptxas, too). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
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

/* In the child: only async-signal-safe calls until exec. */
static void exec_child(char *const argv[], int out_fd, int report_fd)
{
    setpgid(0, 0);
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0)
        dup2(null_fd, 0);
    dup2(out_fd, 1);
    dup2(out_fd, 2);
    execvp(argv[0], argv);
    int e = errno;
    ssize_t ignored = write(report_fd, &e, sizeof e);
    (void)ignored;
    _exit(127);
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

int tc__run(char *const argv[], int timeout_s, char **output, char **err)
{
    *output = NULL;
    int out[2], report[2];
    if (pipe(out) != 0)
        return tc__fail(err, "cannot run '%s': pipe: %s", argv[0], strerror(errno)), -1;
    if (pipe(report) != 0) {
        close(out[0]);
        close(out[1]);
        return tc__fail(err, "cannot run '%s': pipe: %s", argv[0], strerror(errno)), -1;
    }
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(out[1], F_SETFD, FD_CLOEXEC); /* the child's dup2 to 1 and 2 clears it; no other child
                                           of a thread compiling beside holds it (tc_compile_many) */
    fcntl(report[0], F_SETFD, FD_CLOEXEC);
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
    char *buf = malloc(OUTPUT_KEEP + 1);
    pid_t pid = buf ? fork() : -1;
    if (pid == 0)
        exec_child(argv, out[1], report[1]);
    close(out[1]);
    close(report[1]);
    if (pid < 0) {
        tc__fail(err, "cannot run '%s': %s", argv[0], buf ? strerror(errno) : "out of memory");
        close(out[0]);
        close(report[0]);
        free(buf);
        return -1;
    }
    setpgid(pid, pid); /* also here: the group exists before any kill below */
    int exec_errno = 0;
    ssize_t r;
    while ((r = read(report[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR)
        ;
    close(report[0]);
    if (r != (ssize_t)sizeof exec_errno)
        exec_errno = 0;

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
            break; /* EOF: the child (and all that held the pipe) closed it */
        keep(buf, &len, chunk, (size_t)got);
    }
    close(out[0]);
    if (timed_out)
        kill(-pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    buf[len] = '\0';
    *output = buf;
    if (exec_errno)
        return tc__fail(err, "cannot run '%s': %s", argv[0], strerror(exec_errno)), -1;
    if (timed_out)
        return tc__fail(err, "'%s' ran past the compile timeout of %d s and was killed", argv[0], timeout_s), -1;
    if (WIFSIGNALED(status))
        return tc__fail(err, "'%s' died of signal %d", argv[0], WTERMSIG(status)), -1;
    return WEXITSTATUS(status);
}
