# tritonc_embed_kernels: compile kernels with Triton at build time and link them into a target
# (docs/compile.md, "Embedding"), with autotuning decided at build time (docs/compile.md,
# "Autotuning at build time").
#
#   tritonc_embed_kernels(TARGET app
#                         NAME app_variants                # the C array: const tc_variant app_variants[]
#                         KERNELS vector_add softmax       # each compiled with its defaults
#                         VARIANTS "matmul --specialize DDDDDDD1D1D1 --num-warps 8"
#                         AUTOTUNE "matmul --configs matmul.configs --problem '...'"  # tuned now
#                         TABLE tables/softmax.table       # winners decided before (committed)
#                         [TOOL tritonc]                   # the program with `compile` and `embed`
#                         [COMPILER prog]                  # instead of python3 + triton_compile.py
#                                                          # (a program or a target; default: the
#                                                          # variable TRITONC_COMPILER when set)
#                         [CACHE_DIR dir]                  # default: in the build tree
#                         [JOBS n]                         # compiles at once (default: the CPUs)
#                         [FROM library]                   # the kernels of AUTOTUNE and TABLE: a
#                                                          # library of TL_KERNELs (a target or a
#                                                          # file), tritonc's --from; default: the
#                                                          # bundled kernels
#                         [ENV VAR=VALUE...])              # the environment of TOOL's runs
#
# Each kernel or variant runs `TOOL compile <args> --cache-dir <build cache> -o <dir>`, each a
# build step of its own (so that `cmake --build -j` runs them side by side). Each AUTOTUNE
# entry, `tritonc autotune` arguments (the kernel's name first, then --configs FILE and the
# problems; no -o), runs `tritonc autotune ... -o <dir>/KERNEL.table` on this machine's GPU
# while building: every config compiled (several at once), each problem timed, the winners
# written as a table. Each TABLE is a table of winners made before (by `tritonc autotune` or the
# AUTOTUNE step of an earlier build, then committed), so that building needs no GPU. Then one
# embed writes <binary dir>/tritonc_embed/NAME.c, added to TARGET's sources (TARGET must link
# tritonc::tritonc_cuda, whose header the file includes): every variant, and with AUTOTUNE or
# TABLE every winner's variant (each key of its table's SPECS; `tritonc embed --table`) and the
# tables' texts as `const char *const NAME_tables[]` (count NAME_tables_count), which
# tc_autotune_create_from_tables takes. The machine that builds needs Triton (python3 with the
# triton package) unless COMPILER names a stand-in, and for AUTOTUNE a GPU with its driver.
# TOOL defaults to the tritonc target when the project builds it, else the tritonc program
# installed with this package; AUTOTUNE and TABLE always run tritonc.
set(_tritonc_embed_dir "${CMAKE_CURRENT_LIST_DIR}")

# The tritonc program: the project's target (tritonc's own tree), else the installed one. Sets
# out (the path or a generator expression) and out_dep (the target to depend on, or "").
function(_tritonc_program out out_dep who)
  if(TARGET tritonc)
    set(${out} "$<TARGET_FILE:tritonc>" PARENT_SCOPE)
    set(${out_dep} tritonc PARENT_SCOPE)
    return()
  endif()
  # an installed package: bin/ beside lib/cmake/tritonc/
  find_program(TRITONC_EXECUTABLE tritonc HINTS "${_tritonc_embed_dir}/../../../bin")
  if(NOT TRITONC_EXECUTABLE)
    message(FATAL_ERROR "${who}: the tritonc program is not found (not in ${_tritonc_embed_dir}/../../../bin, where "
                        "the package installs it, nor on PATH): install tritonc whole, or set TRITONC_EXECUTABLE")
  endif()
  set(${out} "${TRITONC_EXECUTABLE}" PARENT_SCOPE)
  set(${out_dep} "" PARENT_SCOPE)
endfunction()

# AUTOTUNE times configs on this machine's GPU while building: fails the configure, with what to
# do instead, when the CUDA driver ($TRITONC_LIBCUDA, else libcuda.so.1) does not load here.
# Once per configure.
function(_tritonc_require_driver who)
  get_property(checked GLOBAL PROPERTY _tritonc_driver_ok)
  if(checked OR CMAKE_CROSSCOMPILING)
    return()
  endif()
  set(probe "${CMAKE_BINARY_DIR}/CMakeFiles/tritonc_driver_probe.c")
  file(WRITE "${probe}" [=[
/* Written by tritonc_embed_kernels: does the CUDA driver load, as tritonc will open it? */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
    const char *path = getenv("TRITONC_LIBCUDA");
    void *driver = dlopen(path && *path ? path : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!driver) {
        const char *why = dlerror();
        printf("%s", why ? why : "it does not load");
        return 1;
    }
    dlclose(driver);
    return 0;
}
]=])
  try_run(run_rc compiled "${CMAKE_BINARY_DIR}/CMakeFiles/tritonc_driver_probe" "${probe}"
          LINK_LIBRARIES ${CMAKE_DL_LIBS} COMPILE_OUTPUT_VARIABLE compile_out RUN_OUTPUT_VARIABLE why)
  if(NOT compiled)
    message(FATAL_ERROR "${who}: cannot build a probe of the CUDA driver with the C compiler:\n${compile_out}")
  endif()
  if(NOT run_rc EQUAL 0)
    message(FATAL_ERROR "${who}: AUTOTUNE times the configs on this machine's GPU while building, and the CUDA "
                        "driver does not load here (${why}): build where there is a GPU, or tune there once and give "
                        "the table the build writes as TABLE (docs/compile.md, \"Autotuning at build time\"); "
                        "TRITONC_LIBCUDA names another driver library")
  endif()
  set_property(GLOBAL PROPERTY _tritonc_driver_ok TRUE)
endfunction()

# The kernel a TABLE file is of (its `kernel` line), checked to be a table of winners.
function(_tritonc_table_kernel out who table)
  if(NOT EXISTS "${table}" OR IS_DIRECTORY "${table}")
    message(FATAL_ERROR "${who}: TABLE '${table}': no such file (a table of winners, docs/launch.md)")
  endif()
  file(STRINGS "${table}" lines LIMIT_COUNT 64)
  set(state magic)
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line STREQUAL "" OR line MATCHES "^#")
      continue()
    endif()
    if(state STREQUAL "magic" AND line STREQUAL "tritonc-autotune-table 1")
      set(state kernel)
    elseif(state STREQUAL "kernel" AND line MATCHES "^kernel[ \t]+([^ \t]+)$")
      set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
      return()
    else()
      break()
    endif()
  endforeach()
  message(FATAL_ERROR "${who}: TABLE '${table}' is not a table of winners: it does not begin with the lines "
                      "'tritonc-autotune-table 1' and 'kernel NAME' (docs/launch.md, \"Tables of winners\")")
endfunction()

# One AUTOTUNE entry: `tritonc autotune`'s arguments, the kernel's name first, with --configs
# FILE (made absolute: a dependency of the step) and no -o. Sets kernel, configs and args (the
# arguments to pass).
function(_tritonc_autotune_entry who entry out_kernel out_configs out_args)
  separate_arguments(args UNIX_COMMAND "${entry}")
  list(GET args 0 kernel)
  if(kernel MATCHES "^-")
    message(FATAL_ERROR "${who}: AUTOTUNE '${entry}': begin with the kernel's name, then `tritonc autotune`'s "
                        "options (--configs FILE, --problem TEXT...)")
  endif()
  set(configs "")
  set(fixed "")
  set(expect_configs FALSE)
  foreach(a IN LISTS args)
    if(expect_configs)
      get_filename_component(a "${a}" ABSOLUTE)
      set(configs "${a}")
      set(expect_configs FALSE)
    elseif(a STREQUAL "--configs")
      set(expect_configs TRUE)
    elseif(a MATCHES "^--configs=(.*)$")
      get_filename_component(configs "${CMAKE_MATCH_1}" ABSOLUTE)
      set(a "--configs=${configs}")
    elseif(a MATCHES "^(-o|--output|--cache-dir|--compiler|--from)(=.*)?$")
      message(FATAL_ERROR "${who}: AUTOTUNE '${entry}': leave out ${CMAKE_MATCH_1} (the build sets it)")
    endif()
    list(APPEND fixed "${a}")
  endforeach()
  if(NOT configs)
    message(FATAL_ERROR "${who}: AUTOTUNE '${entry}': no --configs FILE (the candidates and the key, as "
                        "tc_autotune_create takes them: docs/launch.md, \"tritonc autotune\")")
  endif()
  if(NOT EXISTS "${configs}")
    message(FATAL_ERROR "${who}: AUTOTUNE '${entry}': the configs file '${configs}' does not exist")
  endif()
  set(${out_kernel} "${kernel}" PARENT_SCOPE)
  set(${out_configs} "${configs}" PARENT_SCOPE)
  set(${out_args} "${fixed}" PARENT_SCOPE)
endfunction()

function(tritonc_embed_kernels)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;NAME;TOOL;COMPILER;CACHE_DIR;JOBS;FROM;WHO"
                        "KERNELS;VARIANTS;AUTOTUNE;TABLE;ENV")
  set(who tritonc_embed_kernels)
  if(arg_WHO) # tritonc_add_kernels, for its messages
    set(who "${arg_WHO}")
  endif()
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${who}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_COMPILER AND TRITONC_COMPILER)
    set(arg_COMPILER "${TRITONC_COMPILER}")
  endif()
  if(NOT arg_TARGET OR NOT arg_NAME)
    message(FATAL_ERROR "${who}: TARGET and NAME are required")
  endif()
  if(NOT arg_KERNELS AND NOT arg_VARIANTS AND NOT arg_AUTOTUNE AND NOT arg_TABLE)
    message(FATAL_ERROR "${who}: give KERNELS, VARIANTS, AUTOTUNE or TABLE")
  endif()
  if(arg_JOBS AND NOT arg_JOBS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${who}: JOBS '${arg_JOBS}': a number of compiles at once, 1 or more")
  endif()
  set(tool "${arg_TOOL}")
  set(tool_dep "")
  if(NOT tool)
    _tritonc_program(tool tool_dep "${who}")
  elseif(TARGET ${tool})
    set(tool_dep ${tool})
    set(tool "$<TARGET_FILE:${tool}>")
  endif()
  set(compiler_args "")
  set(compiler_dep "")
  if(arg_COMPILER AND TARGET ${arg_COMPILER})
    set(compiler_dep ${arg_COMPILER})
    set(compiler_args --compiler "$<TARGET_FILE:${arg_COMPILER}>")
  elseif(arg_COMPILER)
    set(compiler_args --compiler "${arg_COMPILER}")
  endif()
  set(jobs_args "")
  if(arg_JOBS)
    set(jobs_args --jobs ${arg_JOBS})
  endif()

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/tritonc_embed/${arg_NAME}")
  set(out "${CMAKE_CURRENT_BINARY_DIR}/tritonc_embed/${arg_NAME}.c")
  set(cache "${dir}/cache")
  if(arg_CACHE_DIR)
    set(cache "${arg_CACHE_DIR}")
  endif()
  set(env_run "")
  if(arg_ENV)
    set(env_run "${CMAKE_COMMAND}" -E env ${arg_ENV})
  endif()

  # Each variant a build step of its own: they compile side by side under `cmake --build -j`.
  set(inputs "")
  set(metas "")
  set(i 0)
  foreach(variant IN LISTS arg_KERNELS arg_VARIANTS)
    separate_arguments(args UNIX_COMMAND "${variant}")
    list(GET args 0 kernel)
    add_custom_command(OUTPUT "${dir}/v${i}/${kernel}.meta"
                       COMMAND ${env_run} "${tool}" compile ${args} ${compiler_args} --cache-dir "${cache}"
                               -o "${dir}/v${i}"
                       DEPENDS ${tool_dep} ${compiler_dep}
                       COMMENT "tritonc: compiling ${arg_NAME}'s ${kernel} (${variant})"
                       VERBATIM)
    list(APPEND inputs "${dir}/v${i}/${kernel}")
    list(APPEND metas "${dir}/v${i}/${kernel}.meta")
    math(EXPR i "${i} + 1")
  endforeach()

  if(NOT arg_AUTOTUNE AND NOT arg_TABLE)
    add_custom_command(OUTPUT "${out}"
                       COMMAND ${env_run} "${tool}" embed -o "${out}" --name ${arg_NAME} ${inputs}
                       DEPENDS ${tool_dep} ${metas}
                       COMMENT "tritonc: embedding ${arg_NAME}"
                       VERBATIM)
    target_sources(${arg_TARGET} PRIVATE "${out}")
    return()
  endif()

  # Autotuning decided at build time: the tables (tuned now, or given), then one `tritonc embed`.
  _tritonc_program(tritonc tritonc_dep "${who}")
  set(from_args "")
  set(from_dep "")
  if(arg_FROM AND TARGET ${arg_FROM})
    set(from_args --from "$<TARGET_FILE:${arg_FROM}>")
    set(from_dep ${arg_FROM})
  elseif(arg_FROM)
    set(from_args --from "${arg_FROM}")
    set(from_dep "${arg_FROM}")
  endif()
  set(tables "")
  set(tuned "")
  foreach(table IN LISTS arg_TABLE)
    get_filename_component(table "${table}" ABSOLUTE)
    _tritonc_table_kernel(kernel "${who}" "${table}")
    if(kernel IN_LIST tuned)
      message(FATAL_ERROR "${who}: two tables of kernel ${kernel} (TABLE ${arg_TABLE}): give one")
    endif()
    list(APPEND tuned ${kernel})
    list(APPEND tables "${table}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${table}")
  endforeach()
  # Every AUTOTUNE entry checked before the driver is, then each a build step.
  foreach(entry IN LISTS arg_AUTOTUNE)
    _tritonc_autotune_entry("${who}" "${entry}" kernel configs fixed)
    if(kernel IN_LIST tuned)
      message(FATAL_ERROR "${who}: kernel ${kernel} is given a TABLE and AUTOTUNE, or AUTOTUNE twice: give one (the "
                          "table AUTOTUNE writes is ${dir}/${kernel}.table: commit it and give it as TABLE, and "
                          "building needs no GPU)")
    endif()
    list(APPEND tuned ${kernel})
  endforeach()
  if(arg_AUTOTUNE)
    _tritonc_require_driver("${who}")
  endif()
  set(driver_env "")
  if(DEFINED ENV{TRITONC_LIBCUDA} AND NOT "$ENV{TRITONC_LIBCUDA}" STREQUAL "")
    set(driver_env "TRITONC_LIBCUDA=$ENV{TRITONC_LIBCUDA}") # the driver the configure checked
  endif()
  foreach(entry IN LISTS arg_AUTOTUNE)
    _tritonc_autotune_entry("${who}" "${entry}" kernel configs fixed)
    add_custom_command(OUTPUT "${dir}/${kernel}.table"
                       COMMAND "${CMAKE_COMMAND}" -E env ${arg_ENV} ${driver_env}
                               "${tritonc}" autotune ${fixed} ${from_args} ${compiler_args} ${jobs_args}
                               --cache-dir "${cache}" -o "${dir}/${kernel}.table"
                       DEPENDS ${tritonc_dep} ${compiler_dep} ${from_dep} "${configs}"
                       COMMENT "tritonc: autotuning ${kernel} on this machine's GPU (${entry})"
                       VERBATIM)
    list(APPEND tables "${dir}/${kernel}.table")
  endforeach()
  set(table_args "")
  foreach(table IN LISTS tables)
    list(APPEND table_args --table "${table}")
  endforeach()
  add_custom_command(OUTPUT "${out}"
                     COMMAND ${env_run} "${tritonc}" embed -o "${out}" --name ${arg_NAME} ${inputs} ${table_args}
                             ${from_args} ${compiler_args} ${jobs_args} --cache-dir "${cache}"
                     DEPENDS ${tritonc_dep} ${compiler_dep} ${from_dep} ${metas} ${tables}
                     COMMENT "tritonc: compiling the winners of ${arg_NAME}'s tables and embedding them"
                     VERBATIM)
  target_sources(${arg_TARGET} PRIVATE "${out}")
endfunction()
