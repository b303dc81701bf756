#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/impl/sort_kernel_impl.h"

PD_REGISTER_SORT_KERNELS(CPU);
