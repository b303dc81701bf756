// Linear algebra on the GPU by cuSOLVER: solve (real and complex), slogdet,
// cholesky, eigh, svd and qr over batches of matrices [..., m, n], the GPU side of
// cpu/linalg_lapack.cc with the same layout tricks: cuSOLVER is column-major,
// and a row-major matrix is its transpose in column-major order, so symmetric
// inputs and the transposed-problem forms need no copy; the rest are
// transposed into work buffers. One cuSOLVER call per matrix, queued on the
// context's stream; the per-matrix status words are checked once at the end.
#include "paddle/phi/backends/gpu/dynload/cusolver.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/library_handle.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/generated/kernel_dtypes_linalg.h"

#define PD_CUSOLVER_CHECK(expr)                                                                  \
  do {                                                                                           \
    cusolverStatus_t pd_cusolver_status_ = (expr);                                               \
    if (pd_cusolver_status_ != CUSOLVER_STATUS_SUCCESS) [[unlikely]] {                           \
      ::phi::gpu::ThrowLibraryError("cuSOLVER", std::to_string(int(pd_cusolver_status_)),        \
                                    pd_cusolver_status_ == CUSOLVER_STATUS_ALLOC_FAILED, #expr); \
    }                                                                                            \
  } while (0)

namespace phi {
namespace {

// The float and double routines under one name each.
template <typename T>
struct Dn;

template <>
struct Dn<float> {
  static constexpr auto getrf_buffer = dynload::cusolverDnSgetrf_bufferSize;
  static constexpr auto getrf = dynload::cusolverDnSgetrf;
  static constexpr auto getrs = dynload::cusolverDnSgetrs;
  static constexpr auto potrf_buffer = dynload::cusolverDnSpotrf_bufferSize;
  static constexpr auto potrf = dynload::cusolverDnSpotrf;
  static constexpr auto syevd_buffer = dynload::cusolverDnSsyevd_bufferSize;
  static constexpr auto syevd = dynload::cusolverDnSsyevd;
  static constexpr auto gesvd_buffer = dynload::cusolverDnSgesvd_bufferSize;
  static constexpr auto gesvd = dynload::cusolverDnSgesvd;
  static constexpr auto geqrf_buffer = dynload::cusolverDnSgeqrf_bufferSize;
  static constexpr auto geqrf = dynload::cusolverDnSgeqrf;
  static constexpr auto orgqr_buffer = dynload::cusolverDnSorgqr_bufferSize;
  static constexpr auto orgqr = dynload::cusolverDnSorgqr;
};

template <>
struct Dn<double> {
  static constexpr auto getrf_buffer = dynload::cusolverDnDgetrf_bufferSize;
  static constexpr auto getrf = dynload::cusolverDnDgetrf;
  static constexpr auto getrs = dynload::cusolverDnDgetrs;
  static constexpr auto potrf_buffer = dynload::cusolverDnDpotrf_bufferSize;
  static constexpr auto potrf = dynload::cusolverDnDpotrf;
  static constexpr auto syevd_buffer = dynload::cusolverDnDsyevd_bufferSize;
  static constexpr auto syevd = dynload::cusolverDnDsyevd;
  static constexpr auto gesvd_buffer = dynload::cusolverDnDgesvd_bufferSize;
  static constexpr auto gesvd = dynload::cusolverDnDgesvd;
  static constexpr auto geqrf_buffer = dynload::cusolverDnDgeqrf_bufferSize;
  static constexpr auto geqrf = dynload::cusolverDnDgeqrf;
  static constexpr auto orgqr_buffer = dynload::cusolverDnDorgqr_bufferSize;
  static constexpr auto orgqr = dynload::cusolverDnDorgqr;
};

// Complex: the LU routines solve needs, on CUDA's layout-compatible types.
template <typename C, typename Cu, auto kGetrfBuffer, auto kGetrf, auto kGetrs>
struct ComplexDn {
  static Cu* AsCu(C* p) { return reinterpret_cast<Cu*>(p); }
  static cusolverStatus_t getrf_buffer(cusolverDnHandle_t h, int m, int n, C* a, int lda, int* lwork) {
    return kGetrfBuffer(h, m, n, AsCu(a), lda, lwork);
  }
  static cusolverStatus_t getrf(cusolverDnHandle_t h, int m, int n, C* a, int lda, C* work, int* ipiv, int* info) {
    return kGetrf(h, m, n, AsCu(a), lda, AsCu(work), ipiv, info);
  }
  static cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t op, int n, int k, const C* a, int lda,
                                const int* ipiv, C* b, int ldb, int* info) {
    return kGetrs(h, op, n, k, reinterpret_cast<const Cu*>(a), lda, ipiv, AsCu(b), ldb, info);
  }
};

template <>
struct Dn<paddle::complex64>
    : ComplexDn<paddle::complex64, cuComplex, dynload::cusolverDnCgetrf_bufferSize, dynload::cusolverDnCgetrf,
                dynload::cusolverDnCgetrs> {};
template <>
struct Dn<paddle::complex128>
    : ComplexDn<paddle::complex128, cuDoubleComplex, dynload::cusolverDnZgetrf_bufferSize, dynload::cusolverDnZgetrf,
                dynload::cusolverDnZgetrs> {};

cusolverDnHandle_t Handle(const GPUContext& ctx) {
  return gpu::LibraryHandle<cusolverDnHandle_t>(
      ctx, [](cusolverDnHandle_t* h) { PD_CUSOLVER_CHECK(dynload::cusolverDnCreate(h)); },
      [](cusolverDnHandle_t h, cudaStream_t s) { PD_CUSOLVER_CHECK(dynload::cusolverDnSetStream(h, s)); });
}

// Device scratch memory of n elements, owned by `holder`.
template <typename T>
T* Scratch(const GPUContext& ctx, DenseTensor* holder, int64_t n) {
  holder->set_meta(DenseTensorMeta(paddle::DataTypeOf<T>, paddle::DDim({std::max<int64_t>(n, 1)})));
  return ctx.template Alloc<T>(holder);
}

// dst = each [rows, cols] row-major block of src transposed: the column-major
// copy of the block (or, read the other way, a column-major block back to
// row-major).
template <typename T>
struct TransposeBlocks {
  const T* src;
  T* dst;
  int64_t rows, cols;
  __device__ void operator()(int64_t i) const {
    const int64_t size = rows * cols, b = i / size, r = i % size;
    dst[b * size + (r % cols) * rows + r / cols] = src[i];
  }
};

template <typename T>
void Transpose(const GPUContext& ctx, const T* src, T* dst, int64_t batch, int64_t rows, int64_t cols) {
  funcs::LaunchForEach(ctx, batch * rows * cols, TransposeBlocks<T>{src, dst, rows, cols});
}

// The first matrix whose status word is non-zero, with that word, or -1.
std::pair<int64_t, int> FirstFailure(const GPUContext& ctx, const int* infos, int64_t batch) {
  std::vector<int> host(batch);
  gpu::DeviceGuard guard(ctx.device());
  PD_CUDA_CHECK(cudaMemcpyAsync(host.data(), infos, batch * sizeof(int), cudaMemcpyDeviceToHost, ctx.stream()));
  PD_CUDA_CHECK(cudaStreamSynchronize(ctx.stream()));
  for (int64_t b = 0; b < batch; ++b) {
    if (host[b] != 0) return {b, host[b]};
  }
  return {-1, 0};
}

// cuSOLVER's iterative routines (svd, eigh) may not converge on NaN or
// infinity: refuse them up front, as the CPU kernels do.
template <typename T>
struct MarkNonFinite {
  const T* x;
  int* flag;
  __device__ void operator()(int64_t i) const {
    if (!isfinite(x[i])) *flag = 1;  // every writer stores the same value
  }
};

template <typename T>
void CheckFinite(const GPUContext& ctx, const DenseTensor& x) {
  DenseTensor flag_holder;
  int* flag = Scratch<int>(ctx, &flag_holder, 1);
  PD_CUDA_CHECK(cudaMemsetAsync(flag, 0, sizeof(int), ctx.stream()));
  funcs::LaunchForEach(ctx, x.numel(), MarkNonFinite<T>{x.data<T>(), flag});
  PD_CHECK(FirstFailure(ctx, flag, 1).first < 0, InvalidArgument,
           "x holds NaN or infinity: the decomposition needs finite values");
}

int CheckedInt(int64_t v, const char* what) {
  PD_CHECK(v <= std::numeric_limits<int>::max(), InvalidArgument, what, " (", v, ") exceeds what cuSOLVER indexes");
  return static_cast<int>(v);
}

// `batch` runs of `len` elements from src (runs `src_stride` apart) to dst
// (`dst_stride` apart): one copy when both are packed, else a 2-D copy
// (whose pitches cudaMemcpy2D bounds, at about 2 GiB).
template <typename T>
void CopyMatrices(const GPUContext& ctx, T* dst, int64_t dst_stride, const T* src, int64_t src_stride, int64_t len,
                  int64_t batch) {
  if (dst_stride == len && src_stride == len) {
    PD_CUDA_CHECK(cudaMemcpyAsync(dst, src, batch * len * sizeof(T), cudaMemcpyDeviceToDevice, ctx.stream()));
    return;
  }
  PD_CUDA_CHECK(cudaMemcpy2DAsync(dst, dst_stride * sizeof(T), src, src_stride * sizeof(T), len * sizeof(T), batch,
                                  cudaMemcpyDeviceToDevice, ctx.stream()));
}

template <typename T>
struct SlogdetFromLu {
  const T* lu;
  const int* ipiv;
  const int* info;
  T* logabsdet;
  T* sign;
  int n;
  __device__ void operator()(int64_t b) const {
    const T* a = lu + b * n * n;
    T log_abs = 0, s = 1;
    for (int i = 0; i < n; ++i) {
      const T d = a[int64_t{i} * n + i];
      if (ipiv[b * n + i] != i + 1) s = -s;
      if (d < 0) s = -s;
      log_abs += log(fabs(d));
    }
    if (info[b] > 0) {  // singular: det = 0
      s = 0;
      log_abs = -INFINITY;
    }
    logabsdet[b] = log_abs;
    sign[b] = s;
  }
};

// Zeroes the triangle of each n x n block that a Cholesky factor leaves alone.
template <typename T>
struct ZeroTriangle {
  T* m;
  int64_t n;
  bool upper;
  __device__ void operator()(int64_t i) const {
    const int64_t r = (i / n) % n, c = i % n;
    if (upper ? c < r : c > r) m[i] = 0;
  }
};

// R from column-major geqrf output: row-major [rrows, n], upper triangle.
template <typename T>
struct ExtractR {
  const T* a;  // per matrix: column-major, leading dimension m, `stride` elements apart
  T* r;
  int64_t m, n, rrows, stride;
  __device__ void operator()(int64_t i) const {
    const int64_t size = rrows * n, b = i / size, row = (i % size) / n, col = i % n;
    r[i] = col >= row ? a[b * stride + col * m + row] : T(0);
  }
};

}  // namespace

template <typename T, typename Context>
void LinalgSolveKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int rank = x.dims().size();
  const int n = CheckedInt(x.dims()[rank - 1], "n");
  const int k = CheckedInt(y.dims()[rank - 1], "the number of right-hand sides");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  if (out->numel() == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  DenseTensor a_holder, b_holder, ipiv_holder, info_holder, work_holder, rs_info_holder;
  T* a = Scratch<T>(ctx, &a_holder, x.numel());
  T* rhs = Scratch<T>(ctx, &b_holder, out->numel());
  int* ipiv = Scratch<int>(ctx, &ipiv_holder, batch * n);
  int* infos = Scratch<int>(ctx, &info_holder, batch);
  int* rs_info = Scratch<int>(ctx, &rs_info_holder, 1);
  Transpose(ctx, x.data<T>(), a, batch, n, n);
  Transpose(ctx, y.data<T>(), rhs, batch, n, k);
  cusolverDnHandle_t h = Handle(ctx);
  int lwork = 0;
  PD_CUSOLVER_CHECK(Dn<T>::getrf_buffer(h, n, n, a, n, &lwork));
  T* work = Scratch<T>(ctx, &work_holder, lwork);
  for (int64_t b = 0; b < batch; ++b) {
    T* ab = a + b * n * n;
    PD_CUSOLVER_CHECK(Dn<T>::getrf(h, n, n, ab, n, work, ipiv + b * n, infos + b));
    PD_CUSOLVER_CHECK(Dn<T>::getrs(h, CUBLAS_OP_N, n, k, ab, n, ipiv + b * n, rhs + b * n * k, n, rs_info));
  }
  auto [bad, info] = FirstFailure(ctx, infos, batch);
  PD_CHECK(bad < 0, InvalidArgument, "the matrix x[", bad, "] is singular (U[", info - 1, ", ", info - 1,
           "] of its LU factorization is 0): the system has no unique solution");
  Transpose(ctx, rhs, o, batch, k, n);
}

template <typename T, typename Context>
void SlogdetKernel(const Context& ctx, const DenseTensor& x, DenseTensor* logabsdet, DenseTensor* sign) {
  T* la = ctx.template Alloc<T>(logabsdet);
  T* sg = ctx.template Alloc<T>(sign);
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = logabsdet->numel();
  if (batch == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  DenseTensor a_holder, ipiv_holder, info_holder, work_holder;
  T* a = Scratch<T>(ctx, &a_holder, x.numel());  // det(A^T) = det(A): no transpose
  int* ipiv = Scratch<int>(ctx, &ipiv_holder, batch * n);
  int* infos = Scratch<int>(ctx, &info_holder, batch);
  PD_CUDA_CHECK(cudaMemcpyAsync(a, x.data<T>(), x.numel() * sizeof(T), cudaMemcpyDeviceToDevice, ctx.stream()));
  PD_CUDA_CHECK(cudaMemsetAsync(infos, 0, batch * sizeof(int), ctx.stream()));
  if (n > 0) {
    cusolverDnHandle_t h = Handle(ctx);
    int lwork = 0;
    PD_CUSOLVER_CHECK(Dn<T>::getrf_buffer(h, n, n, a, n, &lwork));
    T* work = Scratch<T>(ctx, &work_holder, lwork);
    for (int64_t b = 0; b < batch; ++b) {
      PD_CUSOLVER_CHECK(Dn<T>::getrf(h, n, n, a + b * n * n, n, work, ipiv + b * n, infos + b));
    }
  }
  funcs::LaunchForEach(ctx, batch, SlogdetFromLu<T>{a, ipiv, infos, la, sg, n});
}

template <typename T, typename Context>
void CholeskyKernel(const Context& ctx, const DenseTensor& x, bool upper, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  if (batch == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  DenseTensor info_holder, work_holder;
  int* infos = Scratch<int>(ctx, &info_holder, batch);
  PD_CUDA_CHECK(cudaMemcpyAsync(o, x.data<T>(), x.numel() * sizeof(T), cudaMemcpyDeviceToDevice, ctx.stream()));
  // Row-major A is column-major A^T = A: factor the column-major triangle
  // that, read back row-major, is the one asked for.
  const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  cusolverDnHandle_t h = Handle(ctx);
  int lwork = 0;
  PD_CUSOLVER_CHECK(Dn<T>::potrf_buffer(h, fill, n, o, n, &lwork));
  T* work = Scratch<T>(ctx, &work_holder, lwork);
  for (int64_t b = 0; b < batch; ++b) {
    PD_CUSOLVER_CHECK(Dn<T>::potrf(h, fill, n, o + b * n * n, n, work, lwork, infos + b));
  }
  auto [bad, info] = FirstFailure(ctx, infos, batch);
  PD_CHECK(bad < 0, InvalidArgument, "the matrix x[", bad, "] is not positive definite (its leading minor of order ",
           info, " is not positive)");
  funcs::LaunchForEach(ctx, out->numel(), ZeroTriangle<T>{o, n, upper});
}

template <typename T, typename Context>
void EighKernel(const Context& ctx, const DenseTensor& x, const std::string& uplo, DenseTensor* eigenvalues,
                DenseTensor* eigenvectors) {
  T* w = ctx.template Alloc<T>(eigenvalues);
  T* v = ctx.template Alloc<T>(eigenvectors);
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  if (batch == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  CheckFinite<T>(ctx, x);
  DenseTensor a_holder, info_holder, work_holder;
  T* a = Scratch<T>(ctx, &a_holder, x.numel());
  int* infos = Scratch<int>(ctx, &info_holder, batch);
  PD_CUDA_CHECK(cudaMemcpyAsync(a, x.data<T>(), x.numel() * sizeof(T), cudaMemcpyDeviceToDevice, ctx.stream()));
  // Symmetric: A^T = A, and row-major lower is column-major upper.
  const cublasFillMode_t fill = uplo == "L" ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  cusolverDnHandle_t h = Handle(ctx);
  int lwork = 0;
  PD_CUSOLVER_CHECK(Dn<T>::syevd_buffer(h, CUSOLVER_EIG_MODE_VECTOR, fill, n, a, n, w, &lwork));
  T* work = Scratch<T>(ctx, &work_holder, lwork);
  for (int64_t b = 0; b < batch; ++b) {
    PD_CUSOLVER_CHECK(
        Dn<T>::syevd(h, CUSOLVER_EIG_MODE_VECTOR, fill, n, a + b * n * n, n, w + b * n, work, lwork, infos + b));
  }
  auto [bad, info] = FirstFailure(ctx, infos, batch);
  PD_CHECK(bad < 0, InvalidArgument, "eigh did not converge on x[", bad, "] (", info, ")");
  Transpose(ctx, a, v, batch, n, n);  // the eigenvectors are the columns
}

template <typename T, typename Context>
void SvdKernel(const Context& ctx, const DenseTensor& x, bool full_matrices, DenseTensor* u, DenseTensor* s,
               DenseTensor* vh) {
  T* uo = ctx.template Alloc<T>(u);
  T* so = ctx.template Alloc<T>(s);
  T* vo = ctx.template Alloc<T>(vh);
  const int rank = x.dims().size();
  const int m = CheckedInt(x.dims()[rank - 2], "m"), n = CheckedInt(x.dims()[rank - 1], "n");
  const int k = std::min(m, n);
  const int64_t batch = int64_t{m} * n == 0 ? 0 : x.numel() / (int64_t{m} * n);
  if (batch == 0) return;
  const int ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  const signed char job = full_matrices ? 'A' : 'S';
  gpu::DeviceGuard guard(ctx.device());
  CheckFinite<T>(ctx, x);
  DenseTensor a_holder, info_holder, work_holder, ut_holder, vt_holder;
  T* a = Scratch<T>(ctx, &a_holder, x.numel());
  int* infos = Scratch<int>(ctx, &info_holder, batch);
  cusolverDnHandle_t h = Handle(ctx);
  // cuSOLVER's gesvd needs rows >= columns. Wide (n >= m): row-major A is the
  // column-major n x m matrix A^T = V S U^T, whose left factor is our Vh
  // (row-major) and whose right factor is our U: no copies. Tall: transpose
  // A, factor it, and transpose both factors back.
  const bool wide = n >= m;
  const int rows = wide ? n : m, cols = wide ? m : n;
  if (wide) {
    PD_CUDA_CHECK(cudaMemcpyAsync(a, x.data<T>(), x.numel() * sizeof(T), cudaMemcpyDeviceToDevice, ctx.stream()));
  } else {
    Transpose(ctx, x.data<T>(), a, batch, m, n);
  }
  T* left = wide ? vo : Scratch<T>(ctx, &ut_holder, batch * m * ucols);
  T* right = wide ? uo : Scratch<T>(ctx, &vt_holder, batch * vrows * n);
  const int left_cols = wide ? vrows : ucols, right_rows = wide ? ucols : vrows;
  int lwork = 0;
  PD_CUSOLVER_CHECK(Dn<T>::gesvd_buffer(h, rows, cols, &lwork));
  T* work = Scratch<T>(ctx, &work_holder, lwork);
  for (int64_t b = 0; b < batch; ++b) {
    PD_CUSOLVER_CHECK(Dn<T>::gesvd(h, job, job, rows, cols, a + b * m * n, rows, so + b * k,
                                   left + b * rows * left_cols, rows, right + b * right_rows * cols, right_rows, work,
                                   lwork, nullptr, infos + b));
  }
  auto [bad, info] = FirstFailure(ctx, infos, batch);
  PD_CHECK(bad < 0, InvalidArgument, "svd did not converge on x[", bad, "] (", info, ")");
  if (!wide) {
    Transpose(ctx, left, uo, batch, ucols, m);   // column-major m x ucols -> row-major U
    Transpose(ctx, right, vo, batch, n, vrows);  // column-major vrows x n -> row-major Vh
  }
}

template <typename T, typename Context>
void QrKernel(const Context& ctx, const DenseTensor& x, const std::string& mode, DenseTensor* q, DenseTensor* r) {
  T* qo = ctx.template Alloc<T>(q);
  T* ro = ctx.template Alloc<T>(r);
  const int rank = x.dims().size();
  const int m = CheckedInt(x.dims()[rank - 2], "m"), n = CheckedInt(x.dims()[rank - 1], "n");
  const int k = std::min(m, n);
  const int qcols = q->dims()[rank - 1];
  const int rrows = r->dims()[rank - 2];
  const int64_t batch = int64_t{m} * n == 0 ? 0 : x.numel() / (int64_t{m} * n);
  if (batch == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  CheckFinite<T>(ctx, x);
  // Per matrix: column-major, leading dimension m, room for qcols columns.
  const int64_t stride = int64_t{m} * std::max(n, qcols);
  DenseTensor a_holder, cm_holder, tau_holder, info_holder, work_holder;
  T* a = Scratch<T>(ctx, &a_holder, batch * stride);
  T* cm = Scratch<T>(ctx, &cm_holder, x.numel());
  T* tau = Scratch<T>(ctx, &tau_holder, batch * std::max(k, 1));
  int* infos = Scratch<int>(ctx, &info_holder, batch);
  Transpose(ctx, x.data<T>(), cm, batch, m, n);
  CopyMatrices(ctx, a, stride, cm, int64_t{m} * n, int64_t{m} * n, batch);
  cusolverDnHandle_t h = Handle(ctx);
  int lwork_qr = 0, lwork_q = 0;
  PD_CUSOLVER_CHECK(Dn<T>::geqrf_buffer(h, m, n, a, m, &lwork_qr));
  if (qcols > 0) PD_CUSOLVER_CHECK(Dn<T>::orgqr_buffer(h, m, qcols, k, a, m, tau, &lwork_q));
  const int lwork = std::max(lwork_qr, lwork_q);
  T* work = Scratch<T>(ctx, &work_holder, lwork);
  for (int64_t b = 0; b < batch; ++b) {
    PD_CUSOLVER_CHECK(Dn<T>::geqrf(h, m, n, a + b * stride, m, tau + b * std::max(k, 1), work, lwork, infos + b));
  }
  funcs::LaunchForEach(ctx, r->numel(), ExtractR<T>{a, ro, m, n, rrows, stride});
  if (qcols > 0) {
    for (int64_t b = 0; b < batch; ++b) {
      PD_CUSOLVER_CHECK(
          Dn<T>::orgqr(h, m, qcols, k, a + b * stride, m, tau + b * std::max(k, 1), work, lwork, infos + b));
    }
    DenseTensor packed_holder;
    T* packed = Scratch<T>(ctx, &packed_holder, batch * int64_t{m} * qcols);
    CopyMatrices(ctx, packed, int64_t{m} * qcols, a, stride, int64_t{m} * qcols, batch);
    Transpose(ctx, packed, qo, batch, qcols, m);  // column-major m x qcols -> row-major Q
  }
  auto [bad, info] = FirstFailure(ctx, infos, batch);
  PD_CHECK(bad < 0, InvalidArgument, "qr failed on x[", bad, "] (", info, ")");
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(linalg_solve, GPU, phi::LinalgSolveKernel);
PD_REGISTER_OP_KERNEL(log_abs_det, GPU, phi::SlogdetKernel);
PD_REGISTER_OP_KERNEL(cholesky, GPU, phi::CholeskyKernel);
PD_REGISTER_OP_KERNEL(eigh, GPU, phi::EighKernel);
PD_REGISTER_OP_KERNEL(svd, GPU, phi::SvdKernel);
PD_REGISTER_OP_KERNEL(qr, GPU, phi::QrKernel);
