# Compile-time checks, run by ctest as `cmake -D... -P compile_fail_check.cmake`:
#   CC SOURCE INCLUDES (a ;-list) EXPECT (a ;-list: one regular expression per case)
# SOURCE must compile with -DCASE=0 and fail with -DCASE=1..N (N = the length of EXPECT), the
# compiler's message matching that case's expression each time (what names the misuse: the
# wrong field of a typed call, the _Generic selection that wants a tl_scope *...).
cmake_minimum_required(VERSION 3.20)

set(flags -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags "-I${dir}")
endforeach()

execute_process(COMMAND "${CC}" ${flags} -DCASE=0 "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the right use (CASE=0) does not compile:\n${err}")
endif()

list(LENGTH EXPECT ncases)
if(ncases EQUAL 0)
  message(FATAL_ERROR "EXPECT names no case")
endif()
foreach(case RANGE 1 ${ncases})
  math(EXPR at "${case} - 1")
  list(GET EXPECT ${at} want)
  execute_process(COMMAND "${CC}" ${flags} -DCASE=${case} "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "CASE=${case} compiles, but it must not")
  endif()
  if(NOT err MATCHES "${want}")
    message(FATAL_ERROR "CASE=${case} fails, but its message does not match '${want}':\n${err}")
  endif()
  message(STATUS "CASE=${case}: fails to compile, matching ${want}")
endforeach()
