#include "paddle/phi/kernels/funcs/index_gpu.cuh"
#include "paddle/phi/kernels/funcs/row_program_gpu.cuh"
#include "paddle/phi/kernels/impl/softmax_kernel_impl.h"

PD_REGISTER_SOFTMAX_KERNELS(GPU);
