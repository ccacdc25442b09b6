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

#endif
