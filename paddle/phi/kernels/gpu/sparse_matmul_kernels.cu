#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/index_gpu.cuh"
#include "paddle/phi/kernels/impl/sparse_matmul_kernel_impl.h"

PD_REGISTER_SPARSE_MATMUL_KERNELS(GPU);
