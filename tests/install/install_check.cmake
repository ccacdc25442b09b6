# Install check, run by ctest as `cmake -D... -P install_check.cmake`:
#   BUILD_DIR WORK_DIR CONSUMER_SRC C_COMPILER CXX_COMPILER SANITIZE_FLAGS EXPECT_VERSION
#   STAND_IN (the stand-in compiler, a test double) FAKE_LIBCUDA (the fake driver, a test double)
#   FAKE_PJRT_PLUGIN (the fake PJRT plugin, a test double)
#   STAND_IN_PYTHON (a test double of python3 with a given Triton) COMPILE_DOC (docs/compile.md)
# The consumer also builds a kernel of its own (my_kernels.c) with tritonc_add_kernels, as
# docs/compile.md's snippet says word for word; it runs in the interpreter and, from the variants
# embedded at build time, on the fake driver. The same kernel built from two copies of the folder
# makes one cache entry, and without a compiler the configure fails with what to install.
# Installs the build into WORK_DIR/prefix, then configures, builds and runs tests/install/consumer,
# which uses the installed package three ways: find_package(tritonc) with tritonc::tritonc
# (shared) and tritonc::tritonc_static, and pkg-config's tritonc.pc, from C and from C++20 (a
# kernel written in C++); the same for the CUDA runtime (tritonc::tritonc_cuda,
# tritonc::tritonc_cuda_static, tritonc_cuda.pc). Nothing runs with LD_LIBRARY_PATH: the
# installed programs and libraries carry their RPATH ($ORIGIN), checked with readelf.
cmake_minimum_required(VERSION 3.20)

set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${rc}):\n${out}")
  endif()
  message(STATUS "${what}: ok")
  set(out "${out}" PARENT_SCOPE)
endfunction()

run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")

foreach(f include/tritonc/tritonc.h include/tritonc/ir.h include/tritonc/builder.h
          include/tritonc/lang.h include/tritonc/kernel.h bin/tritonc)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "install did not write ${f}")
  endif()
endforeach()
file(GLOB_RECURSE pc_files "${prefix}/*/tritonc.pc")
file(GLOB_RECURSE config_files "${prefix}/*/tritoncConfig.cmake")
if(NOT pc_files OR NOT config_files)
  message(FATAL_ERROR "install wrote no tritonc.pc or no tritoncConfig.cmake")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir "${pc_file}" DIRECTORY)

unset(ENV{LD_LIBRARY_PATH})
find_program(READELF readelf)
if(READELF)
  file(GLOB installed_libs "${prefix}/*/libtritonc_*.so")
  foreach(f "${prefix}/bin/tritonc" ${installed_libs})
    execute_process(COMMAND "${READELF}" -d "${f}" OUTPUT_VARIABLE dyn RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0 OR NOT dyn MATCHES "R(UN)?PATH[^\n]*\\[\\$ORIGIN")
      message(FATAL_ERROR "installed ${f} has no $ORIGIN RPATH:\n${dyn}")
    endif()
  endforeach()
endif()

# The installed CLI runs and reports the version.
execute_process(COMMAND "${prefix}/bin/tritonc" --version RESULT_VARIABLE rc OUTPUT_VARIABLE v)
if(NOT rc EQUAL 0 OR NOT v STREQUAL "tritonc ${EXPECT_VERSION}\n")
  message(FATAL_ERROR "installed tritonc --version: exit ${rc}, printed '${v}'")
endif()

set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
string(REPLACE ";" " " flags "${SANITIZE_FLAGS}")
run("configure tests/install/consumer"
    "${CMAKE_COMMAND}" -S "${CONSUMER_SRC}" -B "${consumer_build}"
    "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_C_COMPILER=${C_COMPILER}"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
    "-DCMAKE_C_FLAGS=${flags}" "-DCMAKE_CXX_FLAGS=${flags}" "-DCMAKE_EXE_LINKER_FLAGS=${flags}"
    "-DEXPECT_VERSION=${EXPECT_VERSION}" "-DTRITONC_COMPILER=${STAND_IN}")
run("build tests/install/consumer" "${CMAKE_COMMAND}" --build "${consumer_build}")
foreach(exe consumer_shared consumer_static consumer_pkgconfig
            consumer_cuda_shared consumer_cuda_static consumer_cuda_pkgconfig)
  run("run ${exe}" "${consumer_build}/${exe}")
endforeach()
# The C++20 consumers use the whole API: the stand-in compiler, the fake driver and the fake PJRT
# plugin (test doubles), each with a cache of its own.
if(NOT FAKE_PJRT_PLUGIN)
  message(FATAL_ERROR "install_check: FAKE_PJRT_PLUGIN (the fake PJRT plugin) is not given")
endif()
foreach(exe consumer_cxx_shared consumer_cxx_static consumer_cxx_pkgconfig)
  run("run ${exe}" "${CMAKE_COMMAND}" -E env "TRITONC_LIBCUDA=${FAKE_LIBCUDA}" "TRITONC_COMPILER=${STAND_IN}"
      "TRITONC_PJRT_PLUGIN=${FAKE_PJRT_PLUGIN}" "${consumer_build}/${exe}" "${WORK_DIR}/cache-${exe}")
  if(NOT out MATCHES "compiled, launched, timed and called through XLA")
    message(FATAL_ERROR "${exe} did not use the whole API:\n${out}")
  endif()
endforeach()

# The consumer's own kernel, embedded at build time: interpreted, then launched on the fake driver
# with compiling off and an empty cache.
file(MAKE_DIRECTORY "${WORK_DIR}/empty-cache")
run("run app" "${CMAKE_COMMAND}" -E env "TRITONC_LIBCUDA=${FAKE_LIBCUDA}" "${consumer_build}/app" "${WORK_DIR}/empty-cache")

# The kernel autotuned ahead of time: the committed table's winners (n=4096: config 2, n=1000:
# config 1) launched from the embedded variants, nothing timed, inside a capture (the fake's).
run("run tuned_app" "${CMAKE_COMMAND}" -E env "TRITONC_LIBCUDA=${FAKE_LIBCUDA}" "${consumer_build}/tuned_app" "${WORK_DIR}/empty-cache")
if(NOT out MATCHES "tuned_app: my_scale's winners launched untimed inside a capture: n=4096 config 2, n=1000 config 1\n")
  message(FATAL_ERROR "tuned_app did not launch the table's winners:\n${out}")
endif()

# docs/compile.md's snippets are the consumer's, word for word.
file(READ "${CONSUMER_SRC}/CMakeLists.txt" consumer_text)
file(READ "${COMPILE_DOC}" doc_text)
foreach(mark "snippet" "tuned snippet")
  string(REGEX MATCH "# docs/compile.md ${mark} begin\n(.*)# docs/compile.md ${mark} end" _ "${consumer_text}")
  set(snippet "${CMAKE_MATCH_1}")
  string(FIND "${doc_text}" "```cmake\n${snippet}```" at)
  if(snippet STREQUAL "" OR at EQUAL -1)
    message(FATAL_ERROR "docs/compile.md does not hold the consumer's ${mark} word for word:\n${snippet}")
  endif()
endforeach()

# Tuned while building (AUTOTUNE), on the fake driver: the stand-in scripts each config's time
# (num_warps=8 num_stages=2 the fastest), `tritonc autotune` times them on both problems and
# writes the table in the build tree, whose winners (config 2 for both keys) are embedded.
set(tuned_build "${WORK_DIR}/tuned-gpu")
set(ENV{TRITONC_LIBCUDA} "${FAKE_LIBCUDA}") # the configure checks that it loads
set(ENV{STAND_IN_TIME_US} "warps=8 stages=2@0.5;warps=8@1;warps=4@2")
run("configure tuned_app with AUTOTUNE" "${CMAKE_COMMAND}" -S "${CONSUMER_SRC}" -B "${tuned_build}"
    "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
    "-DCMAKE_C_FLAGS=${flags}" "-DCMAKE_CXX_FLAGS=${flags}" "-DCMAKE_EXE_LINKER_FLAGS=${flags}"
    "-DEXPECT_VERSION=${EXPECT_VERSION}" "-DTRITONC_COMPILER=${STAND_IN}" -DTUNE_ON_THIS_GPU=ON)
run("build tuned_app with AUTOTUNE" "${CMAKE_COMMAND}" --build "${tuned_build}" --target tuned_app)
if(NOT out MATCHES "tritonc: autotune: 6 of 6 compiled" OR NOT out MATCHES "problem 2 of 2: timing 3 configs")
  message(FATAL_ERROR "the AUTOTUNE step did not compile and time the configs:\n${out}")
endif()
unset(ENV{STAND_IN_TIME_US})
file(READ "${tuned_build}/tritonc_embed/tuned_app_variants/my_scale.table" table)
set(row "BLOCK=512 | num_warps=8,num_stages=2,num_ctas=1 | 0.0005")
foreach(want "\nkernel my_scale\narch 90\nbase BLOCK=128\nkey n\nconfig BLOCK=128 | num_warps=4,num_stages=3,num_ctas=1\n"
             "\nn=1000;float32,float32 | ${row} | DDN\nn=4096;float32,float32 | ${row} | DDD\n")
  string(FIND "${table}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the table AUTOTUNE wrote lacks '${want}':\n${table}")
  endif()
endforeach()
run("run tuned_app (AUTOTUNE)" "${tuned_build}/tuned_app" "${WORK_DIR}/empty-cache")
if(NOT out MATCHES "tuned_app: my_scale's winners launched untimed inside a capture: n=4096 config 2, n=1000 config 2\n")
  message(FATAL_ERROR "tuned_app (AUTOTUNE) did not launch the winners tuned while building:\n${out}")
endif()
# No driver on the machine: AUTOTUNE is refused at configure time, saying what to do instead.
set(ENV{TRITONC_LIBCUDA} "/nonexistent/libcuda.so.1")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${CONSUMER_SRC}" -B "${WORK_DIR}/tuned-no-gpu"
                        "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
                        "-DEXPECT_VERSION=${EXPECT_VERSION}" "-DTRITONC_COMPILER=${STAND_IN}" -DTUNE_ON_THIS_GPU=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
unset(ENV{TRITONC_LIBCUDA})
string(REGEX REPLACE "[ \n]+" " " flat "${out}")
set(want "tritonc_add_kernels: AUTOTUNE times the configs on this machine's GPU while building, and the CUDA driver does not load here (/nonexistent/libcuda.so.1: cannot open shared object file")
string(FIND "${flat}" "${want}" at)
if(rc EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "configure with AUTOTUNE and no driver: exit ${rc}, want\n  ${want}\ngot:\n${out}")
endif()
message(STATUS "configure with AUTOTUNE and no driver: refused, ok")

# Two copies of the kernel's folder, one cache: the key does not depend on where the files lie.
set(shared_cache "${WORK_DIR}/shared-cache")
foreach(copy a b)
  file(COPY "${CONSUMER_SRC}/" DESTINATION "${WORK_DIR}/copy-${copy}/src")
  run("configure copy ${copy}" "${CMAKE_COMMAND}" -S "${WORK_DIR}/copy-${copy}/src" -B "${WORK_DIR}/copy-${copy}/build"
      "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
      "-DCMAKE_C_FLAGS=${flags}" "-DCMAKE_CXX_FLAGS=${flags}" "-DCMAKE_EXE_LINKER_FLAGS=${flags}"
      "-DEXPECT_VERSION=${EXPECT_VERSION}" "-DTRITONC_COMPILER=${STAND_IN}" "-DCONSUMER_CACHE_DIR=${shared_cache}")
  run("build copy ${copy}" "${CMAKE_COMMAND}" --build "${WORK_DIR}/copy-${copy}/build" --target app)
endforeach()
file(GLOB entries "${shared_cache}/v1/*")
list(LENGTH entries n)
if(NOT n EQUAL 2)
  message(FATAL_ERROR "two copies of the consumer's 2 variants made ${n} cache entries, not 2: ${entries}")
endif()
message(STATUS "two copies, one cache: ok")

# No compiler named and no Triton: the configure fails with what to install.
foreach(case "missing" "3.5.1")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "STAND_IN_TRITON_VERSION=${case}"
                          "${CMAKE_COMMAND}" -S "${CONSUMER_SRC}" -B "${WORK_DIR}/no-triton-${case}"
                          "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_C_COMPILER=${C_COMPILER}"
                          "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DEXPECT_VERSION=${EXPECT_VERSION}"
                          "-DTRITONC_PYTHON=${STAND_IN_PYTHON}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REGEX REPLACE "[ \n]+" " " flat "${out}")
  if(case STREQUAL "missing")
    set(want "tritonc_add_kernels: compiling kernels at build time needs Triton 3.6, and '${STAND_IN_PYTHON} -c \"import triton\"' failed (1: ModuleNotFoundError: No module named 'triton'): install it (pip install triton==3.6.0)")
  else()
    set(want "tritonc_add_kernels: compiling kernels at build time needs Triton 3.6; ${STAND_IN_PYTHON} has Triton 3.5.1: install it (pip install triton==3.6.0)")
  endif()
  string(FIND "${flat}" "${want}" at)
  if(rc EQUAL 0 OR at EQUAL -1)
    message(FATAL_ERROR "configure without Triton (${case}): exit ${rc}, want the message\n  ${want}\ngot:\n${out}")
  endif()
  message(STATUS "configure without Triton (${case}): refused, ok")
endforeach()
