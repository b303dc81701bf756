#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/index_cpu.h"
#include "paddle/phi/kernels/impl/fill_kernel_impl.h"

PD_REGISTER_FILL_KERNELS(CPU);
