// cuFFT, opened on first use (Note [GPU libraries on first use]).
#pragma once

#include <cufft.h>

#include "paddle/common/macros.h"
#include "paddle/phi/backends/gpu/dynload/dynload.h"

namespace phi::dynload {
inline constexpr GpuLibrary kCufft{"cuFFT", "libcufft.so." PD_STRINGIFY(CUFFT_VER_MAJOR)};
}  // namespace phi::dynload

PD_DYNLOAD(kCufft, cufftPlanMany)
PD_DYNLOAD(kCufft, cufftSetStream)
PD_DYNLOAD(kCufft, cufftExecC2C)
PD_DYNLOAD(kCufft, cufftExecZ2Z)
