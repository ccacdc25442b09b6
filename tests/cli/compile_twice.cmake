# `tritonc compile` says whether the variant was compiled or came from the cache: the same
# command twice on an empty cache, "compiled now" then "from the cache".
#   cmake -DTRITONC=... -DCOMPILER=... -DOUT_DIR=... -P compile_twice.cmake
file(REMOVE_RECURSE "${OUT_DIR}")
foreach(expect "compiled now" "from the cache")
  execute_process(COMMAND "${TRITONC}" compile vector_add --compiler "${COMPILER}" --cache-dir "${OUT_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "^vector_add: .*, triton [^,]*, ${expect}\n$")
    message(FATAL_ERROR "tritonc compile vector_add: exit ${rc}, expected '${expect}':\n${out}${err}")
  endif()
endforeach()
