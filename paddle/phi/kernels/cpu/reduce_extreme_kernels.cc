#include "paddle/phi/kernels/funcs/reduce_cpu.h"
#include "paddle/phi/kernels/impl/reduce_kernel_impl.h"

PD_REGISTER_REDUCE_EXTREME_KERNELS(CPU);
