#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/index_gpu.cuh"
#include "paddle/phi/kernels/impl/fill_kernel_impl.h"

PD_REGISTER_FILL_KERNELS(GPU);
