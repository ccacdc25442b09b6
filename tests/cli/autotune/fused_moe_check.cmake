# The fused_moe bucket-tuning recipe of docs/kernels_moe.md on the fake driver, the stand-in
# compiling: the configs file of Mixtral's 1-token bucket and its problem (one token, top 2: two
# blocks of 16 pairs, experts 3 and 5) parse, every candidate's grid covers the problem, each
# candidate compiles, is timed, and the table of winners is keyed on the bucket's token count.
# TRITONC OUT_DIR CONFIGS PROBLEM
file(REMOVE_RECURSE "${OUT_DIR}/fused_moe_tune")
file(MAKE_DIRECTORY "${OUT_DIR}/fused_moe_tune")
set(ENV{TRITONC_CACHE_DIR} "${OUT_DIR}/fused_moe_tune/cache")
file(READ "${PROBLEM}" problem)
string(STRIP "${problem}" problem)
execute_process(COMMAND "${TRITONC}" autotune fused_moe --configs "${CONFIGS}" --problem "${problem}"
                        -o "${OUT_DIR}/fused_moe_tune/t.table" --jobs 2 --repeats 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit ${rc}\n--- stdout\n${out}--- stderr\n${err}---")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tritonc autotune fused_moe failed")
endif()
if(NOT err MATCHES "9 of 9 compiled\n" OR NOT err MATCHES "problem 1 of 1: timing 9 configs\n")
  message(FATAL_ERROR "stderr lacks the 9 configs compiled and timed")
endif()
file(READ "${OUT_DIR}/fused_moe_tune/t.table" table)
foreach(want "\nkernel fused_moe\n" "\nkey num_valid_tokens N K\n"
             "\nnum_valid_tokens=2,N=3584,K=4096;bfloat16,bfloat16,bfloat16,bfloat16,float32,float32,float32,int32,int32,int32 [|] BLOCK_SIZE_M=16,")
  if(NOT table MATCHES "${want}")
    message(FATAL_ERROR "the table lacks '${want}':\n${table}")
  endif()
endforeach()
