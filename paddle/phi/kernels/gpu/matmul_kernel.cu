// matmul on the GPU with cuBLAS: one strided-batched GEMM when every
// operand's batches are evenly spaced (or shared by all batches), one GEMM
// per batch otherwise; linear with cuBLASLt's bias epilogue.
//
// cuBLAS is column-major, and a row-major matrix read column-major is its
// transpose, so the row-major C = op(A) op(B) is computed as the
// column-major C^T = op(B)^T op(A)^T: y is passed as cuBLAS's first operand.
#include "paddle/phi/backends/gpu/dynload/cublas.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/library_handle.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/gemm_epilogue.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/funcs/matmul_plan.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_linalg.h"

PD_DECLARE_bool(allow_tf32_cublas);

namespace phi {
namespace {

// The cuBLAS data type of T, the compute type and the type of alpha and
// beta. FP32 compute keeps float GEMMs in full precision (TF32 only with
// FLAGS_allow_tf32_cublas) and accumulates half types in float, as the CPU
// kernel does.
template <typename T>
struct CublasTypes;
template <>
struct CublasTypes<float> {
  static constexpr cudaDataType kData = CUDA_R_32F;
  static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_32F;
  using Scale = float;
};
template <>
struct CublasTypes<double> {
  static constexpr cudaDataType kData = CUDA_R_64F;
  static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_64F;
  using Scale = double;
};
template <>
struct CublasTypes<paddle::float16> {
  static constexpr cudaDataType kData = CUDA_R_16F;
  static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_32F;
  using Scale = float;
};
template <>
struct CublasTypes<paddle::bfloat16> {
  static constexpr cudaDataType kData = CUDA_R_16BF;
  static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_32F;
  using Scale = float;
};
template <>
struct CublasTypes<paddle::complex64> {
  static constexpr cudaDataType kData = CUDA_C_32F;
  static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_32F;
  using Scale = paddle::complex64;
};
template <>
struct CublasTypes<paddle::complex128> {
  static constexpr cudaDataType kData = CUDA_C_64F;
  static constexpr cublasComputeType_t kCompute = CUBLAS_COMPUTE_64F;
  using Scale = paddle::complex128;
};

template <typename T>
cublasComputeType_t ComputeType() {
  if constexpr (std::is_same_v<T, float>) {
    if (FLAGS_allow_tf32_cublas) return CUBLAS_COMPUTE_32F_FAST_TF32;
  }
  return CublasTypes<T>::kCompute;
}

// The distance between consecutive batches' matrices of an operand when it
// is the same for all batches: 0 when every batch uses one matrix, the
// matrix size when the operand has all of out's batch dims; -1 otherwise
// (the operand is broadcast along some batch dims but not others).
int64_t UniformBatchStride(const funcs::MatmulPlan& p, const std::vector<int64_t>& strides,
                           int64_t matrix) {
  bool broadcast = true;
  for (int64_t s : strides) broadcast = broadcast && s == 0;
  if (broadcast) return 0;
  int64_t expected = matrix;
  for (int i = static_cast<int>(strides.size()) - 1; i >= 0; --i) {
    if (p.batch_dims[i] != 1 && strides[i] != expected) return -1;
    expected *= p.batch_dims[i];
  }
  return matrix;
}

// The cuBLAS operands of one GEMM: y first (see the file comment).
struct GemmShape {
  cublasOperation_t op_y, op_x;
  int64_t ld_y, ld_x;
};

GemmShape MakeGemmShape(const funcs::MatmulPlan& p) {
  return {p.trans_y ? CUBLAS_OP_T : CUBLAS_OP_N, p.trans_x ? CUBLAS_OP_T : CUBLAS_OP_N,
          p.trans_y ? p.k : p.n, p.trans_x ? p.m : p.k};
}

template <typename T>
void GemmStridedBatched(const GPUContext& ctx, const funcs::MatmulPlan& p, const T* x,
                        int64_t x_stride, const T* y, int64_t y_stride, T* out) {
  using Types = CublasTypes<T>;
  const typename Types::Scale one(1), zero(0);
  const GemmShape s = MakeGemmShape(p);
  PD_CUBLAS_CHECK(dynload::cublasGemmStridedBatchedEx_64(
      ctx.cublas_handle(), s.op_y, s.op_x, p.n, p.m, p.k, &one, y, Types::kData, s.ld_y, y_stride,
      x, Types::kData, s.ld_x, x_stride, &zero, out, Types::kData, p.n, p.m * p.n, p.batch,
      ComputeType<T>(), CUBLAS_GEMM_DEFAULT));
}

template <typename T>
void Gemm(const GPUContext& ctx, const funcs::MatmulPlan& p, const T* x, const T* y, T* out) {
  using Types = CublasTypes<T>;
  const typename Types::Scale one(1), zero(0);
  const GemmShape s = MakeGemmShape(p);
  PD_CUBLAS_CHECK(dynload::cublasGemmEx_64(ctx.cublas_handle(), s.op_y, s.op_x, p.n, p.m, p.k, &one, y,
                                  Types::kData, s.ld_y, x, Types::kData, s.ld_x, &zero, out,
                                  Types::kData, p.n, ComputeType<T>(), CUBLAS_GEMM_DEFAULT));
}

// ---- linear: x @ weight + bias ----------------------------------------------

cublasLtHandle_t LtHandle(const GPUContext& ctx) {
  // cuBLASLt takes the stream with each call: nothing to bind.
  return gpu::LibraryHandle<cublasLtHandle_t>(
      ctx, [](cublasLtHandle_t* h) { PD_CUBLAS_CHECK(dynload::cublasLtCreate(h)); }, [](cublasLtHandle_t, cudaStream_t) {});
}

// Owns one cuBLASLt descriptor.
template <typename H, cublasStatus_t (*kDestroy)(H)>
struct LtOwned {
  H h = nullptr;
  LtOwned() = default;
  LtOwned(const LtOwned&) = delete;
  LtOwned& operator=(const LtOwned&) = delete;
  ~LtOwned() {
    if (h != nullptr) kDestroy(h);
  }
};
using LtDesc = LtOwned<cublasLtMatmulDesc_t, dynload::cublasLtMatmulDescDestroy>;
using LtLayout = LtOwned<cublasLtMatrixLayout_t, dynload::cublasLtMatrixLayoutDestroy>;
using LtPreference = LtOwned<cublasLtMatmulPreference_t, dynload::cublasLtMatmulPreferenceDestroy>;

constexpr size_t kLtWorkspace = size_t{32} << 20;

// out[m, n] = x[m, k] weight[k, n] + bias[n] with cuBLASLt's bias epilogue,
// column-major as out^T = weight^T x^T (see the file comment), whose bias runs
// along the rows of out^T. False when cuBLASLt has no algorithm for it.
template <typename T>
bool LinearWithEpilogue(const GPUContext& ctx, int64_t m, int64_t n, int64_t k, const T* x, const T* weight,
                        const T* bias, bool relu, T* out) {
  constexpr cudaDataType kData = CublasTypes<T>::kData;
  const cublasLtHandle_t handle = LtHandle(ctx);
  LtDesc desc;
  PD_CUBLAS_CHECK(dynload::cublasLtMatmulDescCreate(&desc.h, ComputeType<T>(), CUDA_R_32F));
  const cublasLtEpilogue_t epilogue = relu ? CUBLASLT_EPILOGUE_RELU_BIAS : CUBLASLT_EPILOGUE_BIAS;
  PD_CUBLAS_CHECK(dynload::cublasLtMatmulDescSetAttribute(desc.h, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof(epilogue)));
  PD_CUBLAS_CHECK(dynload::cublasLtMatmulDescSetAttribute(desc.h, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));
  LtLayout a, b, d;
  PD_CUBLAS_CHECK(dynload::cublasLtMatrixLayoutCreate(&a.h, kData, n, k, n));
  PD_CUBLAS_CHECK(dynload::cublasLtMatrixLayoutCreate(&b.h, kData, k, m, k));
  PD_CUBLAS_CHECK(dynload::cublasLtMatrixLayoutCreate(&d.h, kData, n, m, n));
  LtPreference preference;
  PD_CUBLAS_CHECK(dynload::cublasLtMatmulPreferenceCreate(&preference.h));
  PD_CUBLAS_CHECK(dynload::cublasLtMatmulPreferenceSetAttribute(preference.h, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                       &kLtWorkspace, sizeof(kLtWorkspace)));
  cublasLtMatmulHeuristicResult_t found{};
  int count = 0;
  if (dynload::cublasLtMatmulAlgoGetHeuristic(handle, desc.h, a.h, b.h, d.h, d.h, preference.h, 1, &found, &count) !=
          CUBLAS_STATUS_SUCCESS ||
      count == 0) {
    return false;
  }
  DenseTensor workspace(DenseTensorMeta(DataType::UINT8, DDim({static_cast<int64_t>(std::max<size_t>(found.workspaceSize, 1))})));
  void* ws = ctx.Alloc(&workspace);
  const float one = 1.0f, zero = 0.0f;
  PD_CUBLAS_CHECK(dynload::cublasLtMatmul(handle, desc.h, &one, weight, a.h, x, b.h, &zero, out, d.h, out, d.h, &found.algo,
                                 ws, found.workspaceSize, ctx.stream()));
  return true;
}

template <typename T>
struct ReluRowsFunctor {
  T* out;
  __device__ void operator()(int64_t i) const {
    if (out[i] < T(0)) out[i] = T(0);
  }
};

template <typename T>
struct BiasRowsFunctor {
  const T* bias;
  int64_t n;
  T* out;
  __device__ void operator()(int64_t i) const { out[i] = bias[i % n]; }
};

}  // namespace

// The epilogue for float and half types; otherwise (or when cuBLASLt offers
// no algorithm) every row starts as the bias and the GEMM adds to it (beta 1).
// With `relu`, max(., 0) follows the bias (fused_gemm_epilogue): in
// cuBLASLt's epilogue, or a pass over the rows after the fallback GEMM.
template <typename T, typename Context>
void LinearEpilogue(const Context& ctx, const DenseTensor& x, const DenseTensor& weight, const DenseTensor& bias,
                    bool relu, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  const int64_t k = weight.dims()[0], n = weight.dims()[1], m = out->numel() / n;
  gpu::DeviceGuard guard(ctx.device());
  constexpr bool kEpilogue =
      std::is_same_v<T, float> || std::is_same_v<T, paddle::float16> || std::is_same_v<T, paddle::bfloat16>;
  if constexpr (kEpilogue) {
    if (k > 0 && LinearWithEpilogue(ctx, m, n, k, x.data<T>(), weight.data<T>(), bias.data<T>(), relu, o)) return;
  }
  funcs::LaunchForEach(ctx, out->numel(), BiasRowsFunctor<T>{bias.data<T>(), n, o});
  if (k > 0) {
    using Types = CublasTypes<T>;
    const typename Types::Scale one(1);
    PD_CUBLAS_CHECK(dynload::cublasGemmEx_64(ctx.cublas_handle(), CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one,
                                             weight.data<T>(), Types::kData, n, x.data<T>(), Types::kData, k, &one, o,
                                             Types::kData, n, ComputeType<T>(), CUBLAS_GEMM_DEFAULT));
  }
  if constexpr (!kIsComplex<T>) {  // fused_gemm_epilogue registers real dtypes only
    if (relu) funcs::LaunchForEach(ctx, out->numel(), ReluRowsFunctor<T>{o});
  }
}

template <typename T, typename Context>
void LinearKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight, const DenseTensor& bias,
                  DenseTensor* out) {
  LinearEpilogue<T>(ctx, x, weight, bias, false, out);
}

template <typename T, typename Context>
void FusedGemmEpilogueKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight,
                             const DenseTensor& bias, const std::string& activation, DenseTensor* out) {
  LinearEpilogue<T>(ctx, x, weight, bias, funcs::EpilogueRelu(activation), out);
}

template <typename T, typename Context>
void MatmulKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, bool transpose_x,
                  bool transpose_y, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  funcs::MatmulPlan p = funcs::MakeMatmulPlan(x.dims(), y.dims(), transpose_x, transpose_y);
  if (out->numel() == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  if (p.k == 0) {
    // An empty sum; cuBLAS rejects k == 0. All-zero bits are 0 in every
    // dtype registered here.
    PD_CUDA_CHECK(
        cudaMemsetAsync(o, 0, static_cast<size_t>(out->numel()) * sizeof(T), ctx.stream()));
    return;
  }
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  const int64_t x_stride = UniformBatchStride(p, p.x_batch_strides, p.m * p.k);
  const int64_t y_stride = UniformBatchStride(p, p.y_batch_strides, p.k * p.n);
  if (x_stride >= 0 && y_stride >= 0) {
    GemmStridedBatched(ctx, p, a, x_stride, b, y_stride, o);
    return;
  }
  for (int64_t batch = 0; batch < p.batch; ++batch) {
    Gemm(ctx, p, a + p.XOffset(batch), b + p.YOffset(batch), o + batch * p.m * p.n);
  }
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(linear, GPU, phi::LinearKernel);
PD_REGISTER_OP_KERNEL(fused_gemm_epilogue, GPU, phi::FusedGemmEpilogueKernel);
PD_REGISTER_OP_KERNEL(matmul, GPU, phi::MatmulKernel);
