/* The environment's TRITONC_* values, parsed strictly (docs/environment.md): every library and
 * the command line read their booleans and integers here, so that a value is accepted or refused
 * the same way everywhere, and a refused one is one clear line. */
#ifndef TRITONC_BASE_ENV_H
#define TRITONC_BASE_ENV_H

#include <stdbool.h>
#include <stddef.h>

/* What a variable holds. */
typedef enum tl_env_status {
    TL_ENV_UNSET, /* not set, or set to "": the caller's default */
    TL_ENV_OK, /* a value, in *value */
    TL_ENV_BAD /* not a value of its kind: the line saying so in why */
} tl_env_status;

/* The boolean variable name: 1, true, yes, on or 0, false, no, off (any case). On TL_ENV_BAD,
 * why (size bytes; may be NULL) holds "NAME='VALUE' is not a boolean (...)"; *value is set on
 * TL_ENV_OK only. */
tl_env_status base_env_bool(const char *name, bool *value, char *why, size_t size);

/* The integer variable name: the whole value a base-10 integer from min to max (an optional sign,
 * no spaces). On TL_ENV_BAD, why holds "NAME='VALUE' is not an integer from MIN to MAX"; *value
 * is set on TL_ENV_OK only. */
tl_env_status base_env_int(const char *name, long min, long max, long *value, char *why, size_t size);

#endif
