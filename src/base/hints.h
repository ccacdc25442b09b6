/* Private: compiler hints for src/ir (no effect where the compiler lacks them). */
#ifndef TRITONC_IR_HINTS_H
#define TRITONC_IR_HINTS_H

/* A rarely taken path kept out of line, so that the common path it branches from stays
 * short (fewer registers to save and restore on every call). */
#if defined(__GNUC__)
#define TCIR_COLD __attribute__((noinline, cold))
#else
#define TCIR_COLD
#endif

/* Out of line but not cold: a path taken often enough that it must stay compiled for speed
 * (cold code is compiled for size), kept apart so that the path it branches from stays short. */
#if defined(__GNUC__)
#define TCIR_NOINLINE __attribute__((noinline))
#else
#define TCIR_NOINLINE
#endif

/* Inlined even where the compiler's growth limits for a big translation unit would stop it. */
#if defined(__GNUC__)
#define TCIR_ALWAYS_INLINE __attribute__((always_inline))
#else
#define TCIR_ALWAYS_INLINE
#endif

#endif
