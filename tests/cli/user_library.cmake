# A kernel library built by the user with plain `cc -shared -fPIC` against tritonc's headers
# (no tritonc library linked: its calls resolve to the tritonc program loading it), given to
# `tritonc emit --from LIB.so`:
#   cmake -DTRITONC=... -DCC=... -DINCLUDE=... -DSOURCE=... -DOUT_DIR=... -P user_library.cmake
file(MAKE_DIRECTORY "${OUT_DIR}")
set(lib "${OUT_DIR}/libuser_kernels.so")
execute_process(COMMAND "${CC}" -shared -fPIC -I "${INCLUDE}" "${SOURCE}" -o "${lib}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CC} -shared -fPIC ${SOURCE}: exit ${rc}\n${err}")
endif()
execute_process(COMMAND "${TRITONC}" emit --from "${lib}" add_rmsnorm --no-loc
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "tt.func public @add_rmsnorm\\(")
  message(FATAL_ERROR "tritonc emit --from ${lib} add_rmsnorm: exit ${rc}\n${out}${err}")
endif()
execute_process(COMMAND "${TRITONC}" list --names --from "${lib}" RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "add_rmsnorm\n")
  message(FATAL_ERROR "tritonc list --names --from ${lib}: exit ${rc}: '${out}'")
endif()
