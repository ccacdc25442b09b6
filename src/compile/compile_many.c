/* Several compiles at once (tc_compile_many): a few threads, each running tc_compile for the
 * next job, so that the compiler's children run side by side. tc_compile is thread-safe: the
 * cache is written through temporary files of distinct names renamed over the entry. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "compile/compile_internal.h"
#include "tritonc/compile.h"

enum { MAX_JOBS = 256 };

int tc_compile_jobs(int jobs, char **err)
{
    if (err)
        *err = NULL;
    if (jobs > 0)
        return jobs < MAX_JOBS ? jobs : MAX_JOBS;
    const char *v = getenv("TRITONC_COMPILE_JOBS");
    long long n = 0;
    if (v && *v && !tl_parse_decimal(v, 1, MAX_JOBS, &n))
        return compile_fail(err, "TRITONC_COMPILE_JOBS='%.40s': expected an integer from 1 to %d", v, MAX_JOBS), 0;
    if (n > 0)
        return (int)n;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > MAX_JOBS ? MAX_JOBS : (int)cpus;
}

typedef struct pool {
    pthread_mutex_t lock;
    int n, next, ended, ok;
    tc_compile_job *jobs;
    const tc_compile_env *env;
    tc_compile_progress progress;
    void *user;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next < p->n ? p->next++ : -1;
        pthread_mutex_unlock(&p->lock);
        if (i < 0)
            return NULL;
        tc_compile_job *j = &p->jobs[i];
        j->variant = tc_compile(j->kernel, j->cfg, j->spec, j->opts, p->env, &j->err);
        pthread_mutex_lock(&p->lock); /* one progress call at a time, in the order jobs end */
        p->ended++;
        p->ok += j->variant != NULL;
        if (p->progress)
            p->progress(p->ended, p->n, j, p->user);
        pthread_mutex_unlock(&p->lock);
    }
}

int tc_compile_many(int n, tc_compile_job *jobs, const tc_compile_env *env, int parallel, tc_compile_progress progress,
                    void *user)
{
    if (n <= 0 || !jobs)
        return 0;
    for (int i = 0; i < n; i++) {
        jobs[i].variant = NULL;
        jobs[i].err = NULL;
    }
    char *why = NULL;
    int width = tc_compile_jobs(parallel, &why);
    if (!width) { /* a bad $TRITONC_COMPILE_JOBS: every job fails with the message */
        for (int i = 0; i < n; i++)
            jobs[i].err = compile_format("%s", why ? why : "out of memory");
        free(why);
        return 0;
    }
    pool p = {.n = n, .jobs = jobs, .env = env, .progress = progress, .user = user};
    pthread_mutex_init(&p.lock, NULL);
    pthread_t threads[MAX_JOBS];
    int started = 0;
    while (started < width && started < n && pthread_create(&threads[started], NULL, worker, &p) == 0)
        started++;
    if (started == 0)
        worker(&p); /* no thread could start: one at a time, here */
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&p.lock);
    return p.ok;
}
