#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/impl/pool_kernel_impl.h"

PD_REGISTER_POOL_KERNELS(CPU);
