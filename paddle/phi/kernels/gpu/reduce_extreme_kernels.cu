#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/reduce_gpu.cuh"
#include "paddle/phi/kernels/impl/reduce_kernel_impl.h"

PD_REGISTER_REDUCE_EXTREME_KERNELS(GPU);
