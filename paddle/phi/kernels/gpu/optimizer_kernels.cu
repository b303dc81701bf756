#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/reduce_gpu.cuh"
#include "paddle/phi/kernels/impl/optimizer_kernel_impl.h"

PD_REGISTER_OPTIMIZER_KERNELS(GPU);
