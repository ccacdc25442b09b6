# Compile-time checks of TH_KERNEL_CALL, run by ctest as `cmake -D... -P hlo_compile_fail.cmake`:
#   CC SOURCE INCLUDES (a ;-list)
# hlo_compile_fail.c must compile with -DCASE=0 and fail with -DCASE=1..4, each time naming the
# wrong field in the compiler's message.
cmake_minimum_required(VERSION 3.20)

set(flags -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags "-I${dir}")
endforeach()

execute_process(COMMAND "${CC}" ${flags} -DCASE=0 "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the right call (CASE=0) does not compile:\n${err}")
endif()

# CASE -> what the compiler must name
set(case_1 "z_ptr")
set(case_2 "out")
set(case_3 "out")
set(case_4 "output_ptr|th_shape|incompatible")
foreach(case 1 2 3 4)
  execute_process(COMMAND "${CC}" ${flags} -DCASE=${case} "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "CASE=${case} compiles, but it must not")
  endif()
  if(NOT err MATCHES "${case_${case}}")
    message(FATAL_ERROR "CASE=${case} fails, but its message does not name '${case_${case}}':\n${err}")
  endif()
  message(STATUS "CASE=${case}: fails to compile, naming ${case_${case}}")
endforeach()
