#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/fft_plan.h"
#include "paddle/phi/kernels/impl/fft_kernel_impl.h"

PD_REGISTER_FFT_KERNELS(CPU);
