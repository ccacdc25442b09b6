# `tritonc autotune` against the fake driver, the stand-in compiling each config with a scripted
# time (STAND_IN_TIME_US: BLOCK_SIZE=512 the fastest, num_warps=8 the slowest): every config
# compiled ("N of 6 compiled": 1000 elements is another key, DDDN and DDDD), timed on two problems, the winners written as a table.
# TRITONC OUT_DIR CONFIGS
file(REMOVE_RECURSE "${OUT_DIR}/autotune")
file(MAKE_DIRECTORY "${OUT_DIR}/autotune")
set(ENV{TRITONC_CACHE_DIR} "${OUT_DIR}/autotune/cache")
set(ENV{STAND_IN_TIME_US} "end = 512 :@0.5;warps=8@3")
execute_process(COMMAND "${TRITONC}" autotune vector_add --configs "${CONFIGS}" -o "${OUT_DIR}/autotune/va.table"
                        --problem "x_ptr[8192] y_ptr[8192] output_ptr[8192] n_elements=8192 grid=n_elements/BLOCK_SIZE"
                        --problem "x_ptr[1000] y_ptr[1000] output_ptr[1000] n_elements=1000 grid=n_elements/BLOCK_SIZE"
                        --jobs 3 --repeats 3
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit ${rc}\n--- stdout\n${out}--- stderr\n${err}---")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tritonc autotune failed")
endif()
foreach(want "1 of 6 compiled\n" "6 of 6 compiled\n" "problem 2 of 2: timing 3 configs\n"
             "config 1 'BLOCK_SIZE=512' num_warps=4 num_stages=3 num_ctas=1: 0.0005 ms .best.\n"
             "config 2 'BLOCK_SIZE=1024' num_warps=8 num_stages=2 num_ctas=1: 0.0030 ms\n")
  if(NOT err MATCHES "${want}")
    message(FATAL_ERROR "stderr lacks '${want}'")
  endif()
endforeach()
file(READ "${OUT_DIR}/autotune/va.table" table)
set(row "BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1 | 0.0005")
set(expect "tritonc-autotune-table 1\nkernel vector_add\narch 90\nbase BLOCK_SIZE=1024\nkey n_elements\n")
string(APPEND expect "config BLOCK_SIZE=256 | num_warps=2,num_stages=3,num_ctas=1\n")
string(APPEND expect "config BLOCK_SIZE=512 | num_warps=4,num_stages=3,num_ctas=1\n")
string(APPEND expect "config BLOCK_SIZE=1024 | num_warps=8,num_stages=2,num_ctas=1\n")
string(APPEND expect "# KEY | CONFIG | OPTIONS | MS | SPECS\n")
string(APPEND expect "n_elements=1000;float32,float32,float32 | ${row} | DDDN\n")
string(APPEND expect "n_elements=8192;float32,float32,float32 | ${row} | DDDD\n")
if(NOT table STREQUAL expect)
  message(FATAL_ERROR "the table:\n${table}\nexpected:\n${expect}")
endif()
