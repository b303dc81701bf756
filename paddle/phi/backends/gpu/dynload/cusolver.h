// cuSOLVER's dense solvers, opened on first use (Note [GPU libraries on first use]).
#pragma once

#include <cusolverDn.h>

#include "paddle/common/macros.h"
#include "paddle/phi/backends/gpu/dynload/dynload.h"

namespace phi::dynload {
inline constexpr GpuLibrary kCusolver{"cuSOLVER", "libcusolver.so." PD_STRINGIFY(CUSOLVER_VER_MAJOR)};
}  // namespace phi::dynload

PD_DYNLOAD(kCusolver, cusolverDnCreate)
PD_DYNLOAD(kCusolver, cusolverDnSetStream)
PD_DYNLOAD(kCusolver, cusolverDnSgetrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnSgetrf)
PD_DYNLOAD(kCusolver, cusolverDnSgetrs)
PD_DYNLOAD(kCusolver, cusolverDnSpotrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnSpotrf)
PD_DYNLOAD(kCusolver, cusolverDnSsyevd_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnSsyevd)
PD_DYNLOAD(kCusolver, cusolverDnSgesvd_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnSgesvd)
PD_DYNLOAD(kCusolver, cusolverDnSgeqrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnSgeqrf)
PD_DYNLOAD(kCusolver, cusolverDnSorgqr_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnSorgqr)
PD_DYNLOAD(kCusolver, cusolverDnDgetrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnDgetrf)
PD_DYNLOAD(kCusolver, cusolverDnDgetrs)
PD_DYNLOAD(kCusolver, cusolverDnDpotrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnDpotrf)
PD_DYNLOAD(kCusolver, cusolverDnDsyevd_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnDsyevd)
PD_DYNLOAD(kCusolver, cusolverDnDgesvd_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnDgesvd)
PD_DYNLOAD(kCusolver, cusolverDnDgeqrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnDgeqrf)
PD_DYNLOAD(kCusolver, cusolverDnDorgqr_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnDorgqr)
PD_DYNLOAD(kCusolver, cusolverDnCgetrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnCgetrf)
PD_DYNLOAD(kCusolver, cusolverDnCgetrs)
PD_DYNLOAD(kCusolver, cusolverDnZgetrf_bufferSize)
PD_DYNLOAD(kCusolver, cusolverDnZgetrf)
PD_DYNLOAD(kCusolver, cusolverDnZgetrs)
