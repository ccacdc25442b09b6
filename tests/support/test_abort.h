/* Runs a function in a child process with TRITONC_ABORT_ON_ERROR=1, for the tests that every
 * error of a library passes through the one error module (src/base/error.c), which aborts
 * there. The including file defines _POSIX_C_SOURCE 200809L before any header (fork, pipe,
 * setenv) and includes this after cmocka.h. */
#ifndef TRITONC_TEST_ABORT_H
#define TRITONC_TEST_ABORT_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the child left: whether it died of SIGABRT, and its standard error. */
typedef struct abort_result {
    bool aborted;
    char err[4096];
} abort_result;

/* Runs fn(arg) in a child whose environment has TRITONC_ABORT_ON_ERROR=1; a child that does
 * not abort exits at once after fn (_exit: no atexit handlers, no leak check). */
static inline abort_result run_aborting(void (*fn)(void *), void *arg)
{
    abort_result r = {0};
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL); /* nothing buffered is written twice */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        setenv("TRITONC_ABORT_ON_ERROR", "1", 1);
        fn(arg);
        _exit(0);
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t got;
    while ((got = read(fds[0], r.err + n, sizeof r.err - 1 - n)) > 0)
        n += (size_t)got;
    r.err[n] = '\0';
    close(fds[0]);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    r.aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
    return r;
}

/* fn(arg) must abort after printing exactly "tritonc: MESSAGE\n". */
static inline void expect_abort(void (*fn)(void *), void *arg, const char *message)
{
    abort_result r = run_aborting(fn, arg);
    char want[4096];
    snprintf(want, sizeof want, "tritonc: %s\n", message);
    assert_string_equal(r.err, want);
    assert_true(r.aborted);
}

/* fn(arg) must run to its end: no error recorded, nothing on standard error. */
static inline void expect_no_abort(void (*fn)(void *), void *arg)
{
    abort_result r = run_aborting(fn, arg);
    assert_string_equal(r.err, "");
    assert_false(r.aborted);
}

#endif
