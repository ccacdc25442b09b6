# tritonc_embed_kernels: compile kernels with Triton at build time and link them into a target
# (docs/compile.md, "Embedding").
#
#   tritonc_embed_kernels(TARGET app
#                         NAME app_variants                # the C array: const tc_variant app_variants[]
#                         KERNELS vector_add softmax       # each compiled with its defaults
#                         VARIANTS "matmul --specialize DDDDDDD1D1D1 --num-warps 8"
#                         [TOOL tritonc]                   # the program with `compile` and `embed`
#                         [COMPILER prog]                  # instead of python3 + triton_compile.py
#                                                          # (a program or a target; default: the
#                                                          # variable TRITONC_COMPILER when set)
#                         [CACHE_DIR dir]                  # default: in the build tree
#                         [ENV VAR=VALUE...])              # the environment of TOOL's runs
#
# Each kernel or variant runs `TOOL compile <args> --cache-dir <build cache> -o <dir>`, then one
# `TOOL embed` writes <binary dir>/tritonc_embed/NAME.c, added to TARGET's sources (TARGET must
# link tritonc::tritonc_cuda, whose header the file includes). The machine that builds needs
# Triton (python3 with the triton package) unless COMPILER names a stand-in. TOOL defaults to
# the tritonc target when the project builds it, else the tritonc program found on PATH.
set(_tritonc_embed_dir "${CMAKE_CURRENT_LIST_DIR}")
function(tritonc_embed_kernels)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;NAME;TOOL;COMPILER;CACHE_DIR" "KERNELS;VARIANTS;ENV")
  if(NOT arg_COMPILER AND TRITONC_COMPILER)
    set(arg_COMPILER "${TRITONC_COMPILER}")
  endif()
  if(NOT arg_TARGET OR NOT arg_NAME)
    message(FATAL_ERROR "tritonc_embed_kernels: TARGET and NAME are required")
  endif()
  if(NOT arg_KERNELS AND NOT arg_VARIANTS)
    message(FATAL_ERROR "tritonc_embed_kernels: give KERNELS or VARIANTS")
  endif()
  set(tool "${arg_TOOL}")
  set(tool_dep "")
  if(NOT tool)
    if(TARGET tritonc)
      set(tool "$<TARGET_FILE:tritonc>")
      set(tool_dep tritonc)
    else()
      # an installed package: bin/ beside lib/cmake/tritonc/
      find_program(TRITONC_EXECUTABLE tritonc REQUIRED HINTS "${_tritonc_embed_dir}/../../../bin")
      set(tool "${TRITONC_EXECUTABLE}")
    endif()
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

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/tritonc_embed/${arg_NAME}")
  set(out "${CMAKE_CURRENT_BINARY_DIR}/tritonc_embed/${arg_NAME}.c")
  set(cache "${dir}/cache")
  if(arg_CACHE_DIR)
    set(cache "${arg_CACHE_DIR}")
  endif()
  set(run "${tool}")
  if(arg_ENV)
    set(run "${CMAKE_COMMAND}" -E env ${arg_ENV} "${tool}")
  endif()
  set(commands "")
  set(inputs "")
  set(i 0)
  foreach(variant IN LISTS arg_KERNELS arg_VARIANTS)
    separate_arguments(args UNIX_COMMAND "${variant}")
    list(GET args 0 kernel)
    list(APPEND commands COMMAND ${run} compile ${args} ${compiler_args}
                                 --cache-dir "${cache}" -o "${dir}/v${i}")
    list(APPEND inputs "${dir}/v${i}/${kernel}")
    math(EXPR i "${i} + 1")
  endforeach()
  add_custom_command(OUTPUT "${out}"
                     ${commands}
                     COMMAND "${tool}" embed -o "${out}" --name ${arg_NAME} ${inputs}
                     DEPENDS ${tool_dep} ${compiler_dep}
                     COMMENT "tritonc: compiling and embedding ${arg_NAME}"
                     VERBATIM)
  target_sources(${arg_TARGET} PRIVATE "${out}")
endfunction()
