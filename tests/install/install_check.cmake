# Install check, run by ctest as `cmake -D... -P install_check.cmake`:
#   BUILD_DIR WORK_DIR CONSUMER_SRC C_COMPILER CXX_COMPILER SANITIZE_FLAGS EXPECT_VERSION
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
    "-DEXPECT_VERSION=${EXPECT_VERSION}")
run("build tests/install/consumer" "${CMAKE_COMMAND}" --build "${consumer_build}")
foreach(exe consumer_shared consumer_static consumer_pkgconfig
            consumer_cxx_shared consumer_cxx_static consumer_cxx_pkgconfig
            consumer_cuda_shared consumer_cuda_static consumer_cuda_pkgconfig)
  run("run ${exe}" "${consumer_build}/${exe}")
endforeach()
