#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/index_cpu.h"
#include "paddle/phi/kernels/impl/index_kernel_impl.h"
#include "paddle/phi/kernels/impl/nms_kernel_impl.h"

PD_REGISTER_INDEX_KERNELS(CPU);
PD_REGISTER_NMS_KERNELS(CPU);
