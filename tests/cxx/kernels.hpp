// The kernels of tests/cxx/kernels.cpp, written in C++20.
#ifndef TRITONC_TESTS_CXX_KERNELS_HPP
#define TRITONC_TESTS_CXX_KERNELS_HPP

#include <tritonc/tritonc.h>

extern "C" const tl_kernel cxx_vector_add_kernel, cxx_softmax_kernel, cxx_matmul_kernel;

#endif
