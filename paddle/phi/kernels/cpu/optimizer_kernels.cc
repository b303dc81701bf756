#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/reduce_cpu.h"
#include "paddle/phi/kernels/impl/optimizer_kernel_impl.h"

PD_REGISTER_OPTIMIZER_KERNELS(CPU);
