# CLI checks, run by ctest as `cmake -D... -P cli_check.cmake`:
#   default        TRITONC ARGS EXPECT_RC EXPECT_REGEX OUT_DIR [FORBID] [FAKE_LOG FAKE_LOG_REGEX]
#                  runs `tritonc ARGS`; the exit code must be EXPECT_RC and EXPECT_REGEX must
#                  match standard output (exit 0) or standard error (otherwise, where it must
#                  be one line and standard output empty). FORBID, if given, must appear in
#                  neither. In ARGS, {first} is the first bundled kernel, {out} is OUT_DIR.
#                  FAKE_LOG (a file name under OUT_DIR): the fake CUDA driver's log of the run
#                  (tests/doubles/fake_libcuda.c, $FAKE_CUDA_LOG_FILE), which FAKE_LOG_REGEX
#                  must match.
#   MODE=output_file  TRITONC OUT_DIR
#                  `emit K -o FILE` writes exactly what `emit K` prints, for every kernel.
#   MODE=hlo_every_kernel  TRITONC OUT_DIR [HOST_DESC]
#                  `hlo K --no-loc` prints a program calling K through XLA, for every kernel.
#                  HOST_DESC names the kernels that take host tensor descriptors (TL_TENSORDESC):
#                  XLA passes buffers only, so for them the command must fail, saying so.
#   MODE=interpret_every_kernel, launch_every_kernel  TRITONC OUT_DIR [SKIP]
#                  `interpret K` (`launch K --iters 1`) succeeds with defaults for every kernel
#                  but those SKIP names (interpret only), host tensor descriptors and all.
#   MODE=docs      TRITONC OUT_DIR SOURCE_DIR
#                  README.md holds `tritonc --help` verbatim, docs/cli.md every command's
#                  `tritonc help CMD` (the commands `tritonc --help` lists).
cmake_minimum_required(VERSION 3.20)

file(MAKE_DIRECTORY "${OUT_DIR}")

execute_process(COMMAND "${TRITONC}" list --names RESULT_VARIABLE rc OUTPUT_VARIABLE names)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tritonc list --names failed (exit ${rc})")
endif()
string(REGEX REPLACE "\n$" "" names "${names}")
string(REPLACE "\n" ";" kernels "${names}")
list(GET kernels 0 first)

if(MODE STREQUAL "output_file")
  foreach(k IN LISTS kernels)
    foreach(form "--no-loc" "--generic")
      execute_process(COMMAND "${TRITONC}" emit "${k}" ${form} RESULT_VARIABLE rc OUTPUT_VARIABLE text)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR "tritonc emit ${k} ${form} failed (exit ${rc})")
      endif()
      file(WRITE "${OUT_DIR}/${k}.stdout" "${text}")
      execute_process(COMMAND "${TRITONC}" emit "${k}" ${form} -o "${OUT_DIR}/${k}.file" RESULT_VARIABLE rc)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR "tritonc emit ${k} ${form} -o FILE failed (exit ${rc})")
      endif()
      execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUT_DIR}/${k}.stdout" "${OUT_DIR}/${k}.file"
                      RESULT_VARIABLE differ)
      if(NOT differ EQUAL 0)
        message(FATAL_ERROR "tritonc emit ${k} ${form}: -o FILE differs from standard output")
      endif()
      if(NOT text MATCHES "\n$")
        message(FATAL_ERROR "tritonc emit ${k} ${form}: output does not end with a newline")
      endif()
    endforeach()
  endforeach()
  return()
endif()

# A kernel of HOST_DESC: the command must refuse it, naming the host tensor descriptor.
function(require_host_desc_refusal k)
  execute_process(COMMAND "${TRITONC}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT err MATCHES "host tensor descriptor")
    message(FATAL_ERROR "tritonc ${ARGN}: exit ${rc}; a kernel with host tensor descriptor arguments must be "
                        "refused, saying so:\n${err}")
  endif()
endfunction()

if(MODE STREQUAL "hlo_every_kernel")
  foreach(k IN LISTS kernels)
    if(k IN_LIST HOST_DESC)
      require_host_desc_refusal("${k}" hlo "${k}" --no-loc)
      continue()
    endif()
    execute_process(COMMAND "${TRITONC}" hlo "${k}" --no-loc RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT text MATCHES "stablehlo.custom_call @__gpu\\$xla.gpu.triton\\(.*tt.func public @${k}\\(")
      message(FATAL_ERROR "tritonc hlo ${k} --no-loc: exit ${rc}, no call of kernel ${k}:\n${err}")
    endif()
  endforeach()
  list(LENGTH kernels n)
  message(STATUS "tritonc hlo K: a program for each of the ${n} kernels")
  return()
endif()

# issue 28: every bundled kernel runs from `interpret` and `launch` with defaults (its .problem);
# SKIP lists the kernels `interpret` cannot run, each "NAME:reason" (the reason only documents).
if(MODE STREQUAL "interpret_every_kernel" OR MODE STREQUAL "launch_every_kernel")
  string(REGEX REPLACE "_every_kernel$" "" cmd "${MODE}")
  set(skipped "")
  foreach(s IN LISTS SKIP)
    string(REGEX REPLACE ":.*$" "" s "${s}")
    list(APPEND skipped "${s}")
  endforeach()
  set(ran 0)
  foreach(k IN LISTS kernels)
    if(cmd STREQUAL "interpret" AND k IN_LIST skipped)
      continue()
    endif()
    set(extra "")
    if(cmd STREQUAL "launch")
      set(extra --iters 1)
    endif()
    execute_process(COMMAND "${TRITONC}" ${cmd} "${k}" ${extra} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "tritonc ${cmd} ${k}: exit ${rc}:\n${err}")
    endif()
    math(EXPR ran "${ran} + 1")
  endforeach()
  message(STATUS "tritonc ${cmd} K: ${ran} kernels ran with their defaults")
  return()
endif()

# Text must appear verbatim in file (both read whole, so no regex quoting is needed).
function(require_verbatim file text what)
  file(READ "${file}" body)
  string(FIND "${body}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${file} does not hold ${what} verbatim:\n${text}")
  endif()
endfunction()

if(MODE STREQUAL "docs")
  execute_process(COMMAND "${TRITONC}" --help RESULT_VARIABLE rc OUTPUT_VARIABLE help)
  require_verbatim("${SOURCE_DIR}/README.md" "${help}" "`tritonc --help`")
  string(REGEX MATCHALL "\n  [a-z]+ " lines "${help}")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" cmd)
    execute_process(COMMAND "${TRITONC}" help "${cmd}" RESULT_VARIABLE rc OUTPUT_VARIABLE text)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "tritonc help ${cmd}: exit ${rc}")
    endif()
    if(NOT cmd STREQUAL "help")
      require_verbatim("${SOURCE_DIR}/docs/cli.md" "${text}" "`tritonc help ${cmd}`")
    endif()
  endforeach()
  return()
endif()

set(args "")
foreach(a IN LISTS ARGS)
  string(REPLACE "{first}" "${first}" a "${a}")
  string(REPLACE "{out}" "${OUT_DIR}" a "${a}")
  list(APPEND args "${a}")
endforeach()

if(FAKE_LOG)
  file(REMOVE "${OUT_DIR}/${FAKE_LOG}")
  set(ENV{FAKE_CUDA_LOG_FILE} "${OUT_DIR}/${FAKE_LOG}")
endif()
execute_process(COMMAND "${TRITONC}" ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REPLACE ";" " " shown "tritonc ${args}")
message(STATUS "${shown}: exit ${rc}\n--- stdout\n${out}--- stderr\n${err}---")

if(NOT rc STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "${shown}: exit ${rc}, expected ${EXPECT_RC}")
endif()
string(REGEX REPLACE "\n$" "" out_trimmed "${out}")
string(REGEX REPLACE "\n$" "" err_trimmed "${err}")
if(EXPECT_RC EQUAL 0)
  if(NOT out_trimmed MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "${shown}: standard output does not match '${EXPECT_REGEX}'")
  endif()
else()
  if(NOT err_trimmed MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "${shown}: standard error does not match '${EXPECT_REGEX}'")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "${shown}: failed but printed on standard output")
  endif()
  # An error is one line; only a usage text (no command at all) is longer.
  if(err_trimmed MATCHES "\n" AND NOT err_trimmed MATCHES "^Usage: ")
    message(FATAL_ERROR "${shown}: error message is more than one line")
  endif()
endif()
if(FAKE_LOG)
  file(READ "${OUT_DIR}/${FAKE_LOG}" log)
  if(NOT log MATCHES "${FAKE_LOG_REGEX}")
    message(FATAL_ERROR "${shown}: the fake driver's log does not match '${FAKE_LOG_REGEX}':\n${log}")
  endif()
endif()
if(FORBID)
  string(FIND "${out}${err}" "${FORBID}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${shown}: output contains '${FORBID}'")
  endif()
endif()
