# tritonc_add_kernels: compile a project's own kernels with Triton at build time and link the
# variants into a target (docs/compile.md, "Kernels of your own, at build time"), autotuned at
# build time if asked (docs/compile.md, "Autotuning at build time").
#
#   tritonc_add_kernels(TARGET app
#                       SOURCES my_kernels.c ...         # C or C++ files holding TL_KERNELs
#                       KERNELS my_scale ...             # kernel names (.name), default config
#                       VARIANTS "my_scale --specialize DDD --num-warps 8" ...
#                       [AUTOTUNE "my_scale --configs my_scale.configs --problem '...'" ...]
#                       [TABLE tables/my_scale.table ...]
#                       [NAME array]                     # default: TARGET_variants
#                       [COMPILER prog]                  # a stand-in for Triton (default: the
#                                                        # variable TRITONC_COMPILER when set)
#                       [CACHE_DIR dir]                  # default: in the build tree
#                       [JOBS n])                        # compiles at once (default: the CPUs)
#
# It builds a host tool, NAME_kernel_tool, from SOURCES and tritonc's kernel_tool_main.c
# (installed in share/tritonc/), which knows the TL_KERNELs found in SOURCES (each
# `TL_KERNEL(ident, ...` is read at configure time), and runs it as tritonc_embed_kernels runs the
# tritonc command: each variant compiled, then all embedded in NAME.c, added to TARGET with
# SOURCES. At run time, hand them to the runtime: tc_runtime_add_variants(rt, NAME_count, NAME).
# TARGET must link tritonc::tritonc_cuda (or _static).
#
# Autotuning at build time, with the same configs and key as at run time: each AUTOTUNE entry
# is `tritonc autotune`'s arguments (the kernel, --configs FILE, --problem TEXT...), tuned on
# this machine's GPU while building; each TABLE a table of winners made before (committed, so
# that building needs no GPU). A kernel takes one of the two. The winners' variants are compiled
# and embedded with the tables' texts (NAME_tables, NAME_tables_count), and
# tc_autotune_create_from_tables makes the program's tuner from them: it launches each key's
# winner with nothing timed, inside a CUDA graph capture too. Both run the tritonc program on
# NAME_kernel_library, a shared library of SOURCES (tritonc's --from).
#
# The sources are compiled with -fmacro-prefix-map=<this directory>/= (gcc and clang), so that
# __FILE__, hence the TTIR's locations and the compile cache's key, do not depend on where the
# source tree lies: the same kernel built from a copied folder hits the same cache entry.
#
# Without COMPILER, the configure checks that Triton 3.6 can be imported (by $TRITONC_PYTHON,
# else the variable TRITONC_PYTHON, else python3) and fails with what to install otherwise; with
# AUTOTUNE, that the CUDA driver loads.
include("${CMAKE_CURRENT_LIST_DIR}/TritoncEmbed.cmake")
set(_tritonc_add_kernels_dir "${CMAKE_CURRENT_LIST_DIR}")

# Fails the configure unless python can import Triton 3.6; once per interpreter and configure.
function(_tritonc_require_triton python)
  get_property(checked GLOBAL PROPERTY "_tritonc_triton_ok_${python}")
  if(checked)
    return()
  endif()
  set(install "install it (pip install triton==3.6.0), or pass COMPILER (or set TRITONC_COMPILER) naming a program that speaks triton_compile.py's command line")
  execute_process(COMMAND "${python}" -c "import triton, sys; sys.stdout.write(triton.__version__)"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE version ERROR_VARIABLE why)
  if(NOT rc EQUAL 0)
    string(REGEX REPLACE "\n$" "" why "${why}")
    string(REGEX REPLACE "^.*\n" "" why "${why}")
    message(FATAL_ERROR "tritonc_add_kernels: compiling kernels at build time needs Triton 3.6, and "
                        "'${python} -c \"import triton\"' failed (${rc}: ${why}): ${install}")
  endif()
  if(NOT version MATCHES "^3\\.6(\\.|$)")
    message(FATAL_ERROR "tritonc_add_kernels: compiling kernels at build time needs Triton 3.6; "
                        "${python} has Triton ${version}: ${install}")
  endif()
  set_property(GLOBAL PROPERTY "_tritonc_triton_ok_${python}" TRUE)
endfunction()

function(tritonc_add_kernels)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;NAME;COMPILER;CACHE_DIR;JOBS" "SOURCES;KERNELS;VARIANTS;AUTOTUNE;TABLE")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tritonc_add_kernels: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_TARGET OR NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "tritonc_add_kernels: TARGET must name a target of this project (got '${arg_TARGET}')")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "tritonc_add_kernels: give SOURCES, the files that hold the kernels")
  endif()
  if(NOT arg_KERNELS AND NOT arg_VARIANTS AND NOT arg_AUTOTUNE AND NOT arg_TABLE)
    message(FATAL_ERROR "tritonc_add_kernels: give KERNELS, VARIANTS (kernel names, as in TL_KERNEL's .name), "
                        "AUTOTUNE or TABLE")
  endif()
  if(NOT arg_NAME)
    string(MAKE_C_IDENTIFIER "${arg_TARGET}_variants" arg_NAME)
  endif()
  if(NOT arg_COMPILER AND TRITONC_COMPILER)
    set(arg_COMPILER "${TRITONC_COMPILER}")
  endif()

  # The kernels: every TL_KERNEL(ident, ...) of the sources (read again when one changes).
  set(sources "")
  set(idents "")
  foreach(src IN LISTS arg_SOURCES)
    get_filename_component(src "${src}" ABSOLUTE)
    if(NOT EXISTS "${src}")
      message(FATAL_ERROR "tritonc_add_kernels: no such source '${src}'")
    endif()
    list(APPEND sources "${src}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${src}")
    file(READ "${src}" text)
    string(REGEX MATCHALL "TL_KERNEL[ \t\r\n]*\\([ \t\r\n]*[A-Za-z_][A-Za-z0-9_]*" found "${text}")
    foreach(f IN LISTS found)
      string(REGEX REPLACE "^.*[( \t\r\n]([A-Za-z_][A-Za-z0-9_]*)$" "\\1" ident "${f}")
      list(APPEND idents "${ident}")
    endforeach()
  endforeach()
  if(NOT idents)
    message(FATAL_ERROR "tritonc_add_kernels: no TL_KERNEL(...) in ${arg_SOURCES}")
  endif()
  set(table "/* Written by tritonc_add_kernels: the kernels of ${arg_TARGET}'s kernel sources. */\n#include <tritonc/kernel.h>\n\n")
  foreach(ident IN LISTS idents)
    string(APPEND table "extern const tl_kernel ${ident};\n")
  endforeach()
  string(APPEND table "extern const tl_kernel *const tritonc_kernel_tool_kernels[];\nconst tl_kernel *const tritonc_kernel_tool_kernels[] = {\n")
  foreach(ident IN LISTS idents)
    string(APPEND table "    &${ident},\n")
  endforeach()
  string(APPEND table "    NULL,\n};\n")
  set(table_file "${CMAKE_CURRENT_BINARY_DIR}/tritonc_embed/${arg_NAME}_kernels.c")
  file(CONFIGURE OUTPUT "${table_file}" CONTENT "${table}" @ONLY)

  # Where the sources lie does not enter __FILE__ (nor, so, the TTIR or the cache key).
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    set_property(SOURCE ${sources} APPEND PROPERTY COMPILE_OPTIONS "-fmacro-prefix-map=${CMAKE_CURRENT_SOURCE_DIR}/=")
  endif()

  set(tool_args "")
  if(arg_KERNELS OR arg_VARIANTS)
    # The host tool: the project's kernels, their table and tritonc's main.
    if(TRITONC_DATA_DIR)
      set(main "${TRITONC_DATA_DIR}/kernel_tool_main.c") # the installed package
    else()
      set(main "${_tritonc_add_kernels_dir}/../tools/kernel_tool_main.c") # tritonc's source tree
    endif()
    set(tool ${arg_NAME}_kernel_tool)
    add_executable(${tool} ${sources} "${table_file}" "${main}")
    target_link_libraries(${tool} PRIVATE tritonc::tritonc_cuda_static)
    target_compile_features(${tool} PRIVATE c_std_11)
    # the kernels compile as they do in TARGET
    target_include_directories(${tool} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},INCLUDE_DIRECTORIES>)
    target_compile_definitions(${tool} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},COMPILE_DEFINITIONS>)
    set(tool_args TOOL ${tool})
  endif()
  set(from_args "")
  if(arg_AUTOTUNE OR arg_TABLE)
    # The kernels as a library tritonc loads (--from): TL_KERNEL lists them in an ELF section, and
    # their calls into tritonc resolve to the tritonc program's own. No sanitizer: the library
    # goes into the installed program, which has none of its runtime.
    set(library ${arg_NAME}_kernel_library)
    add_library(${library} MODULE ${sources})
    target_compile_features(${library} PRIVATE c_std_11)
    target_include_directories(${library} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},INCLUDE_DIRECTORIES>
                                                  $<TARGET_PROPERTY:tritonc::tritonc,INTERFACE_INCLUDE_DIRECTORIES>)
    target_compile_definitions(${library} PRIVATE $<TARGET_PROPERTY:${arg_TARGET},COMPILE_DEFINITIONS>)
    if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
      target_compile_options(${library} PRIVATE -fno-sanitize=all)
      target_link_options(${library} PRIVATE -fno-sanitize=all)
    endif()
    set(from_args FROM ${library})
  endif()

  set(env "")
  if(NOT arg_COMPILER)
    set(python "$ENV{TRITONC_PYTHON}")
    if(NOT python AND TRITONC_PYTHON)
      set(python "${TRITONC_PYTHON}")
    endif()
    if(NOT python)
      find_program(TRITONC_PYTHON3 NAMES python3)
      if(NOT TRITONC_PYTHON3)
        message(FATAL_ERROR "tritonc_add_kernels: compiling kernels at build time needs python3 with Triton 3.6 "
                            "(pip install triton==3.6.0), or COMPILER naming a stand-in; no python3 found")
      endif()
      set(python "${TRITONC_PYTHON3}")
    endif()
    _tritonc_require_triton("${python}")
    list(APPEND env "TRITONC_PYTHON=${python}")
    if(TRITONC_DATA_DIR)
      list(APPEND env "TRITONC_COMPILE_SCRIPT=${TRITONC_DATA_DIR}/triton_compile.py")
    endif()
  endif()
  set(cache_args "")
  if(arg_CACHE_DIR)
    set(cache_args CACHE_DIR "${arg_CACHE_DIR}")
  endif()
  set(compiler_args "")
  if(arg_COMPILER)
    set(compiler_args COMPILER "${arg_COMPILER}")
  endif()
  set(env_args "")
  if(env)
    set(env_args ENV ${env})
  endif()
  set(jobs_args "")
  if(arg_JOBS)
    set(jobs_args JOBS "${arg_JOBS}")
  endif()
  set(tune_args "")
  if(arg_AUTOTUNE)
    list(APPEND tune_args AUTOTUNE ${arg_AUTOTUNE})
  endif()
  if(arg_TABLE)
    list(APPEND tune_args TABLE ${arg_TABLE})
  endif()
  tritonc_embed_kernels(TARGET ${arg_TARGET} NAME ${arg_NAME} ${tool_args} WHO tritonc_add_kernels
                        KERNELS ${arg_KERNELS} VARIANTS ${arg_VARIANTS} ${tune_args} ${from_args}
                        ${compiler_args} ${cache_args} ${env_args} ${jobs_args})
  target_sources(${arg_TARGET} PRIVATE ${sources})
endfunction()
