#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/impl/random_kernel_impl.h"

PD_REGISTER_RANDOM_KERNELS(CPU);
