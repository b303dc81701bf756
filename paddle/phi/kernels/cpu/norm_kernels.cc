#include "paddle/phi/kernels/funcs/row_program_cpu.h"
#include "paddle/phi/kernels/impl/norm_kernel_impl.h"

PD_REGISTER_NORM_KERNELS(CPU);
