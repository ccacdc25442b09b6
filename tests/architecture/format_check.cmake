# The clang_format test: every C and C++ file of the tree passes `clang-format --dry-run
# --Werror` with the repository's .clang-format (kernels/ turns formatting off: see its
# .clang-format). Formatting differs between clang-format versions: the style is clang-format
# 14's (Debian 12's); another version skips the test (its message matches the test's
# SKIP_REGULAR_EXPRESSION) rather than fail on its own taste.
#   cmake -DCLANG_FORMAT=... -DSOURCE_DIR=... -P format_check.cmake
execute_process(COMMAND "${CLANG_FORMAT}" --version OUTPUT_VARIABLE _version)
if(NOT _version MATCHES "version 14\\.")
  message("clang_format: skipped: the style is clang-format 14's, this is ${_version}")
  return()
endif()
file(GLOB_RECURSE _files RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/src/*.c" "${SOURCE_DIR}/src/*.h" "${SOURCE_DIR}/include/*.h"
     "${SOURCE_DIR}/tools/*.c" "${SOURCE_DIR}/tools/*.h" "${SOURCE_DIR}/examples/*.c" "${SOURCE_DIR}/examples/*.h"
     "${SOURCE_DIR}/tests/*.c" "${SOURCE_DIR}/tests/*.h" "${SOURCE_DIR}/tests/*.cpp" "${SOURCE_DIR}/tests/*.hpp"
     "${SOURCE_DIR}/kernels/*.c" "${SOURCE_DIR}/kernels/*.h")
list(FILTER _files EXCLUDE REGEX "^tests/fuzz/corpus/")
set(_bad "")
foreach(f IN LISTS _files)
  execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror "${f}" WORKING_DIRECTORY "${SOURCE_DIR}"
                  RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT _rc EQUAL 0)
    list(APPEND _bad "${f}")
  endif()
endforeach()
list(LENGTH _files _n)
if(_bad)
  list(LENGTH _bad _nbad)
  string(REPLACE ";" "\n  " _list "${_bad}")
  message(FATAL_ERROR "clang_format: ${_nbad} of ${_n} files differ from their clang-format 14 form "
                      "(clang-format -i FILE...):\n  ${_list}")
endif()
message("clang_format: ${_n} files pass")
