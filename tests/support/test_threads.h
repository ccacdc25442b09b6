/* Runs a function on several threads at once, for the tests of what threads share (the chunk
 * cache, the registry's name table): starts them all, then joins each into results[i]. Include
 * after cmocka.h. */
#ifndef TRITONC_TEST_THREADS_H
#define TRITONC_TEST_THREADS_H

#include <pthread.h>

enum { TEST_MAX_THREADS = 16 };

static inline void run_in_threads(void *(*fn)(void *), int n, void **results)
{
    pthread_t t[TEST_MAX_THREADS];
    assert_true(n > 0 && n <= TEST_MAX_THREADS);
    for (int i = 0; i < n; i++)
        assert_int_equal(pthread_create(&t[i], NULL, fn, NULL), 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(pthread_join(t[i], &results[i]), 0);
}

#endif
