// cuBLAS and cuBLASLt, opened on first use (Note [GPU libraries on first use]).
#pragma once

#include <cublasLt.h>
#include <cublas_v2.h>

#include "paddle/common/macros.h"
#include "paddle/phi/backends/gpu/dynload/dynload.h"

namespace phi::dynload {
inline constexpr GpuLibrary kCublas{"cuBLAS", "libcublas.so." PD_STRINGIFY(CUBLAS_VER_MAJOR)};
inline constexpr GpuLibrary kCublasLt{"cuBLASLt", "libcublasLt.so." PD_STRINGIFY(CUBLAS_VER_MAJOR)};
}  // namespace phi::dynload

PD_DYNLOAD(kCublas, cublasCreate)
PD_DYNLOAD(kCublas, cublasDestroy)
PD_DYNLOAD(kCublas, cublasSetStream)
PD_DYNLOAD(kCublas, cublasGetStatusName)
PD_DYNLOAD(kCublas, cublasGetStatusString)
PD_DYNLOAD(kCublas, cublasGemmEx_64)
PD_DYNLOAD(kCublas, cublasGemmStridedBatchedEx_64)
PD_DYNLOAD(kCublasLt, cublasLtCreate)
PD_DYNLOAD(kCublasLt, cublasLtMatmul)
PD_DYNLOAD(kCublasLt, cublasLtMatmulAlgoGetHeuristic)
PD_DYNLOAD(kCublasLt, cublasLtMatmulDescCreate)
PD_DYNLOAD(kCublasLt, cublasLtMatmulDescDestroy)
PD_DYNLOAD(kCublasLt, cublasLtMatmulDescSetAttribute)
PD_DYNLOAD(kCublasLt, cublasLtMatmulPreferenceCreate)
PD_DYNLOAD(kCublasLt, cublasLtMatmulPreferenceDestroy)
PD_DYNLOAD(kCublasLt, cublasLtMatmulPreferenceSetAttribute)
PD_DYNLOAD(kCublasLt, cublasLtMatrixLayoutCreate)
PD_DYNLOAD(kCublasLt, cublasLtMatrixLayoutDestroy)
