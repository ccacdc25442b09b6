# tritonc_add_kernels' configure-time errors (docs/compile.md, "Autotuning at build time"): each
# missing or wrong piece of AUTOTUNE and TABLE is one message naming it, before anything builds.
# A small project including the functions from the source tree, configured once per case in one
# build directory (the C compiler detected once):
#   cmake -DSOURCE_DIR=<tritonc> -DWORK_DIR=... -DTRITONC=<the tritonc program> -DSTAND_IN=<compiler>
#         -DC_COMPILER=... -P add_kernels_errors.cmake
cmake_minimum_required(VERSION 3.20)

set(src "${WORK_DIR}/src")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${src}")
file(COPY "${SOURCE_DIR}/tests/cuda/tuned_kernels.c" "${SOURCE_DIR}/tests/cuda/tuned_scale.table" DESTINATION "${src}")
file(WRITE "${src}/app.c" "int main(void) { return 0; }\n")
file(WRITE "${src}/tuned.configs" "key n\nBLOCK=128\nBLOCK=256 | num_warps=8\n")

# Each case: the call, then what the configure must say (flattened to one line).
set(cases
    "TABLE missing.table" "tritonc_add_kernels: TABLE '${src}/missing.table': no such file (a table of winners, docs/launch.md)"
    "TABLE tuned.configs" "tritonc_add_kernels: TABLE '${src}/tuned.configs' is not a table of winners: it does not begin with the lines 'tritonc-autotune-table 1' and 'kernel NAME'"
    "TABLE tuned_scale.table tuned_scale.table" "tritonc_add_kernels: two tables of kernel tuned_scale"
    "AUTOTUNE \"tuned_scale --problem 'n=4 grid=1'\"" "tritonc_add_kernels: AUTOTUNE 'tuned_scale --problem 'n=4 grid=1'': no --configs FILE (the candidates and the key"
    "AUTOTUNE \"tuned_scale --configs none.configs\"" "tritonc_add_kernels: AUTOTUNE 'tuned_scale --configs none.configs': the configs file '${src}/none.configs' does not exist"
    "AUTOTUNE \"tuned_scale --configs tuned.configs -o t.table\"" "tritonc_add_kernels: AUTOTUNE 'tuned_scale --configs tuned.configs -o t.table': leave out -o (the build sets it)"
    "AUTOTUNE \"--configs tuned.configs\"" "tritonc_add_kernels: AUTOTUNE '--configs tuned.configs': begin with the kernel's name"
    "AUTOTUNE \"tuned_scale --configs tuned.configs\" TABLE tuned_scale.table" "tritonc_add_kernels: kernel tuned_scale is given a TABLE and AUTOTUNE, or AUTOTUNE twice: give one (the table AUTOTUNE writes is"
    "TABLE tuned_scale.table JOBS many" "tritonc_add_kernels: JOBS 'many': a number of compiles at once, 1 or more"
    "AUTOTUNE \"tuned_scale --configs tuned.configs\"" "tritonc_add_kernels: AUTOTUNE times the configs on this machine's GPU while building, and the CUDA driver does not load here (/nonexistent/libcuda.so.1: ")
set(ENV{TRITONC_LIBCUDA} "/nonexistent/libcuda.so.1") # no driver, whatever this machine has
list(LENGTH cases n)
math(EXPR last "${n} - 1")
foreach(i RANGE 0 ${last} 2)
  list(GET cases ${i} call)
  math(EXPR j "${i} + 1")
  list(GET cases ${j} want)
  file(WRITE "${src}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.20)\nproject(errors C)\n"
             "include(\"${SOURCE_DIR}/cmake/TritoncAddKernels.cmake\")\nadd_executable(app app.c)\n"
             "tritonc_add_kernels(TARGET app SOURCES tuned_kernels.c ${call})\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${src}" -B "${WORK_DIR}/build" "-DCMAKE_C_COMPILER=${C_COMPILER}"
                          "-DTRITONC_EXECUTABLE=${TRITONC}" "-DTRITONC_COMPILER=${STAND_IN}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REGEX REPLACE "[ \n]+" " " flat "${out}")
  string(FIND "${flat}" "${want}" at)
  if(rc EQUAL 0 OR at EQUAL -1)
    message(FATAL_ERROR "tritonc_add_kernels(... ${call}): exit ${rc}, want\n  ${want}\ngot:\n${out}")
  endif()
  message(STATUS "${call}: refused, ok")
endforeach()
