# Golden checks, run by ctest as `cmake -DMODE=... -P golden_check.cmake`:
#   MODE=golden    TRITONC KERNEL GOLDEN_DIR OUT_DIR [LOC]
#                  `tritonc emit KERNEL --no-loc` must equal GOLDEN_DIR/KERNEL.ttir byte for byte;
#                  with LOC=ON, `tritonc emit KERNEL` (locations on, the CLI's default) must.
#   MODE=mlir      TRITONC KERNEL OUT_DIR MLIR_OPT
#                  `tritonc emit KERNEL --generic --no-loc` must pass
#                  `mlir-opt-22 --allow-unregistered-dialect` (which parses and verifies).
#   MODE=coverage  TRITONC GOLDEN_DIR [LOC]
#                  every bundled kernel has a golden file and every golden file a kernel
#                  (LOC=ON: in GOLDEN_DIR = tests/golden/loc, the goldens with locations).
# Nothing here writes a golden: tests/golden/update.sh does, for review.
cmake_minimum_required(VERSION 3.20)

if(LOC)
  set(loc_args "")
  set(emit_words "tritonc emit ${KERNEL}")
  set(golden_name "loc/${KERNEL}.ttir")
  set(update_hint "if the change is intended, run tests/golden/update.sh --loc ${KERNEL} and review the diff; "
                  "if one compiler's build passes and the other's fails, a tl_ call there is spread over several "
                  "lines (C leaves its line to the compiler: gcc gives the first, clang the last): write it on one line")
else()
  set(loc_args --no-loc)
  set(emit_words "tritonc emit ${KERNEL} --no-loc")
  set(golden_name "${KERNEL}.ttir")
  set(update_hint "if the change is intended, run tests/golden/update.sh ${KERNEL} and review the diff")
endif()

if(MODE STREQUAL "golden")
  file(MAKE_DIRECTORY "${OUT_DIR}")
  set(golden "${GOLDEN_DIR}/${KERNEL}.ttir")
  set(out "${OUT_DIR}/${KERNEL}.ttir")
  file(REMOVE "${out}")
  execute_process(COMMAND "${TRITONC}" emit "${KERNEL}" ${loc_args} -o "${out}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${emit_words} failed (exit ${rc}):\n${err}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${golden}" "${out}"
                  RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    find_program(DIFF diff)
    if(DIFF)
      execute_process(COMMAND "${DIFF}" -u --label "golden/${golden_name}" --label "${emit_words}"
                              "${golden}" "${out}")
    endif()
    message(FATAL_ERROR "${KERNEL}: `${emit_words}` differs from "
                        "tests/golden/${golden_name} (output kept in ${out}); ${update_hint}")
  endif()
  message(STATUS "${KERNEL}: matches tests/golden/${golden_name}")

elseif(MODE STREQUAL "mlir")
  if(NOT MLIR_OPT)
    message(FATAL_ERROR "mlir-opt-22 not found: install it (Debian: apt-get install mlir-22-tools) "
                        "and configure again")
  endif()
  file(MAKE_DIRECTORY "${OUT_DIR}")
  set(out "${OUT_DIR}/${KERNEL}.generic.mlir")
  file(REMOVE "${out}")
  execute_process(COMMAND "${TRITONC}" emit "${KERNEL}" --generic --no-loc -o "${out}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tritonc emit ${KERNEL} --generic --no-loc failed (exit ${rc}):\n${err}")
  endif()
  execute_process(COMMAND "${MLIR_OPT}" --allow-unregistered-dialect "${out}" -o "${out}.opt"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${KERNEL}: mlir-opt-22 rejects the generic form (${out}):\n${err}")
  endif()
  message(STATUS "${KERNEL}: generic form verifies with ${MLIR_OPT}")

elseif(MODE STREQUAL "coverage")
  execute_process(COMMAND "${TRITONC}" list --names
                  RESULT_VARIABLE rc OUTPUT_VARIABLE names ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tritonc list --names failed (exit ${rc}):\n${err}")
  endif()
  string(REGEX REPLACE "\n$" "" names "${names}")
  string(REPLACE "\n" ";" kernels "${names}")
  if(NOT kernels)
    message(FATAL_ERROR "tritonc list --names printed no kernel")
  endif()
  file(GLOB goldens RELATIVE "${GOLDEN_DIR}" "${GOLDEN_DIR}/*.ttir")
  set(problems "")
  if(LOC)
    set(dir "tests/golden/loc")
    set(update "tests/golden/update.sh --loc")
  else()
    set(dir "tests/golden")
    set(update "tests/golden/update.sh")
  endif()
  foreach(k IN LISTS kernels)
    if(NOT "${k}.ttir" IN_LIST goldens)
      string(APPEND problems "\n  kernel ${k} has no ${dir}/${k}.ttir "
                             "(write it with ${update} ${k}, review it, add it)")
    endif()
  endforeach()
  foreach(g IN LISTS goldens)
    string(REGEX REPLACE "\\.ttir$" "" k "${g}")
    if(NOT k IN_LIST kernels)
      string(APPEND problems "\n  ${dir}/${g} names no bundled kernel (remove it or bundle ${k})")
    endif()
  endforeach()
  if(problems)
    message(FATAL_ERROR "goldens and bundled kernels disagree:${problems}")
  endif()
  list(LENGTH kernels n)
  message(STATUS "${n} bundled kernels, each with its golden")

else()
  message(FATAL_ERROR "golden_check.cmake: unknown MODE '${MODE}'")
endif()
