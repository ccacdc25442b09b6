# Golden StableHLO programs, run by ctest as `cmake -DMODE=... -P hlo_golden_check.cmake`:
#   MODE=golden    TRITONC PROGRAM GOLDEN_DIR OUT_DIR
#                  `tritonc hlo PROGRAM --no-loc` must equal GOLDEN_DIR/PROGRAM.mlir byte for byte.
# A golden named after a hand-written program (`tritonc list --programs --names`) is that
# program's, `tritonc hlo --program PROGRAM`; any other is the kernel's, `tritonc hlo PROGRAM`.
#   MODE=mlir      TRITONC PROGRAM OUT_DIR MLIR_OPT
#                  `tritonc hlo PROGRAM --generic` (locations in the kernel's TTIR included) must
#                  pass `mlir-opt-22 --allow-unregistered-dialect` (stablehlo is unregistered
#                  there: this checks the module, func.func and the generic form of every op),
#                  and MLIR printing it back in generic form must give the same text.
# Nothing here writes a golden: tests/golden/hlo/update.sh does, for review.
cmake_minimum_required(VERSION 3.20)

execute_process(COMMAND "${TRITONC}" list --programs --names RESULT_VARIABLE rc OUTPUT_VARIABLE programs)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tritonc list --programs --names failed (exit ${rc})")
endif()
string(REPLACE "\n" ";" programs "${programs}")
set(which "${PROGRAM}")
if("${PROGRAM}" IN_LIST programs)
  set(which --program "${PROGRAM}")
endif()

if(MODE STREQUAL "golden")
  file(MAKE_DIRECTORY "${OUT_DIR}")
  set(golden "${GOLDEN_DIR}/${PROGRAM}.mlir")
  set(out "${OUT_DIR}/${PROGRAM}.mlir")
  file(REMOVE "${out}")
  execute_process(COMMAND "${TRITONC}" hlo ${which} --no-loc -o "${out}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tritonc hlo ${PROGRAM} --no-loc failed (exit ${rc}):\n${err}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${golden}" "${out}" RESULT_VARIABLE differ)
  if(NOT differ EQUAL 0)
    find_program(DIFF diff)
    if(DIFF)
      execute_process(COMMAND "${DIFF}" -u --label "golden/hlo/${PROGRAM}.mlir" --label "tritonc hlo ${PROGRAM}"
                              "${golden}" "${out}")
    endif()
    message(FATAL_ERROR "${PROGRAM}: `tritonc hlo ${PROGRAM} --no-loc` differs from "
                        "tests/golden/hlo/${PROGRAM}.mlir (output kept in ${out}); if the change is "
                        "intended, run tests/golden/hlo/update.sh ${PROGRAM} and review the diff")
  endif()
  message(STATUS "${PROGRAM}: matches tests/golden/hlo/${PROGRAM}.mlir")

elseif(MODE STREQUAL "mlir")
  if(NOT MLIR_OPT)
    message(FATAL_ERROR "mlir-opt-22 not found: install it (Debian: apt-get install mlir-22-tools) "
                        "and configure again")
  endif()
  file(MAKE_DIRECTORY "${OUT_DIR}")
  set(out "${OUT_DIR}/${PROGRAM}.generic.mlir")
  file(REMOVE "${out}")
  execute_process(COMMAND "${TRITONC}" hlo ${which} --generic -o "${out}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tritonc hlo ${PROGRAM} --generic failed (exit ${rc}):\n${err}")
  endif()
  execute_process(COMMAND "${MLIR_OPT}" --allow-unregistered-dialect --mlir-print-op-generic "${out}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE reprinted ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM}: mlir-opt-22 rejects the generic form (${out}):\n${err}")
  endif()
  file(READ "${out}" ours)
  string(REGEX REPLACE "\n+$" "" ours "${ours}")
  string(REGEX REPLACE "\n+$" "" reprinted "${reprinted}")
  if(NOT ours STREQUAL reprinted)
    file(WRITE "${out}.mlir-opt" "${reprinted}\n")
    message(FATAL_ERROR "${PROGRAM}: mlir-opt-22 prints the generic form back differently: "
                        "compare ${out} with ${out}.mlir-opt")
  endif()
  message(STATUS "${PROGRAM}: generic form verifies with ${MLIR_OPT} and prints back unchanged")

else()
  message(FATAL_ERROR "hlo_golden_check.cmake: unknown MODE '${MODE}'")
endif()
