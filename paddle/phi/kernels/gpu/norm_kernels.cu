#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/row_program_gpu.cuh"
#include "paddle/phi/kernels/impl/norm_kernel_impl.h"

PD_REGISTER_NORM_KERNELS(GPU);
