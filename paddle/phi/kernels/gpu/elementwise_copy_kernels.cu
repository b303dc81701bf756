#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/gpu/copy.cuh"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"
#include "paddle/phi/kernels/impl/view_kernel_impl.h"

PD_REGISTER_COPY_KERNELS(GPU);
PD_REGISTER_VIEW_KERNELS(GPU);
