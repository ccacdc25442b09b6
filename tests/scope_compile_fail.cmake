# Compile-time checks of the scope macros, run by ctest as `cmake -D... -P scope_compile_fail.cmake`:
#   CC SOURCE INCLUDES (a ;-list)
# scope_compile_fail.c must compile with -DCASE=0 and fail with -DCASE=1..4, the compiler naming
# the _Generic selection that wants a tl_scope *.
cmake_minimum_required(VERSION 3.20)

set(flags -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags "-I${dir}")
endforeach()

execute_process(COMMAND "${CC}" ${flags} -DCASE=0 "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the right use (CASE=0) does not compile:\n${err}")
endif()
foreach(case 1 2 3 4)
  execute_process(COMMAND "${CC}" ${flags} -DCASE=${case} "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "CASE=${case} compiles, but it must not")
  endif()
  if(NOT err MATCHES "[Gg]eneric")
    message(FATAL_ERROR "CASE=${case} fails, but not at the scope check:\n${err}")
  endif()
  message(STATUS "CASE=${case}: fails to compile at the scope check")
endforeach()
