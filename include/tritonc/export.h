/* tritonc/export.h - TRITONC_API, the mark of the functions each library exports.
 *
 * Every function the public headers declare is marked TRITONC_API. The libraries are compiled
 * with hidden visibility (-fvisibility=hidden), so that these functions are all a shared
 * library exports: the library's private functions stay inside it (docs/architecture.md,
 * "What each library exports").
 *
 * Building the libraries (TRITONC_BUILDING_LIBRARY, which their build defines), TRITONC_API
 * gives the function default visibility under gcc and clang; for a program that uses them it
 * is empty, as nothing is needed there to call a function of a shared library. A Windows port
 * would make it __declspec(dllexport) / __declspec(dllimport) here, with one such macro per
 * library (each exports its own functions and imports the others'); tritonc builds on POSIX
 * systems only.
 */
#ifndef TRITONC_EXPORT_H
#define TRITONC_EXPORT_H

#if defined(TRITONC_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__))
#define TRITONC_API __attribute__((visibility("default")))
#else
#define TRITONC_API
#endif

#endif
