#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"

PD_REGISTER_COMPARE_KERNELS(CPU);
