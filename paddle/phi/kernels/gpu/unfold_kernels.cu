#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/impl/unfold_kernel_impl.h"

PD_REGISTER_UNFOLD_KERNELS(GPU);
