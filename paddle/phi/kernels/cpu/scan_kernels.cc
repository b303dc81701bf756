#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/impl/scan_kernel_impl.h"

PD_REGISTER_SCAN_KERNELS(CPU);
