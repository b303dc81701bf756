#include "paddle/phi/kernels/funcs/index_gpu.cuh"
#include "paddle/phi/kernels/impl/index_kernel_impl.h"
#include "paddle/phi/kernels/impl/nms_kernel_impl.h"

PD_REGISTER_INDEX_KERNELS(GPU);
PD_REGISTER_NMS_KERNELS(GPU);
