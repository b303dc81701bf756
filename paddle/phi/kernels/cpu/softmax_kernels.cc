#include "paddle/phi/kernels/funcs/index_cpu.h"
#include "paddle/phi/kernels/funcs/row_program_cpu.h"
#include "paddle/phi/kernels/impl/softmax_kernel_impl.h"

PD_REGISTER_SOFTMAX_KERNELS(CPU);
