#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"

PD_REGISTER_UNARY_SPECIAL_KERNELS(GPU);
