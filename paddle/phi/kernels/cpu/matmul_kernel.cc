// matmul on the CPU: a GEMM per batch, oneDNN's sgemm for float32 (faster than
// OpenBLAS at the small and mid sizes models use; as fast at 1024^3), OpenBLAS
// for double and complex; half types go through float.
#include <cblas.h>
#include <dnnl.h>

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/gemm_epilogue.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/funcs/matmul_plan.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_linalg.h"

namespace phi {
namespace {

// Products this small cost less than a BLAS call's setup (oneDNN's sgemm
// allocates a 74 KB scratch buffer per call, which is most of the time of an
// 8x8x8 product): a plain loop, over rows of C so that it vectorizes.
constexpr int64_t kSmallGemmWork = 16 * 16 * 16;

template <typename T>
void SmallGemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T* a, const T* b, T* c) {
  std::fill(c, c + m * n, T(0));
  for (int64_t i = 0; i < m; ++i) {
    T* row = c + i * n;
    for (int64_t p = 0; p < k; ++p) {
      const T av = ta ? a[p * m + i] : a[i * k + p];
      if (tb) {
        for (int64_t j = 0; j < n; ++j) row[j] += av * b[j * k + p];
      } else {
        const T* brow = b + p * n;
        for (int64_t j = 0; j < n; ++j) row[j] += av * brow[j];
      }
    }
  }
}

// C[m,n] = op(A) op(B); lda/ldb are the row pitches of A and B as stored.
template <typename T>
void Gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T* a, const T* b, T* c) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (m * n * k <= kSmallGemmWork) return SmallGemm(ta, tb, m, n, k, a, b, c);
  }
  const CBLAS_TRANSPOSE ta_ = ta ? CblasTrans : CblasNoTrans;
  const CBLAS_TRANSPOSE tb_ = tb ? CblasTrans : CblasNoTrans;
  const blasint lda = static_cast<blasint>(ta ? m : k), ldb = static_cast<blasint>(tb ? k : n);
  const blasint M = static_cast<blasint>(m), N = static_cast<blasint>(n), K = static_cast<blasint>(k);
  if constexpr (std::is_same_v<T, float>) {
    dnnl_sgemm(ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, n);
  } else if constexpr (std::is_same_v<T, double>) {
    cblas_dgemm(CblasRowMajor, ta_, tb_, M, N, K, 1.0, a, lda, b, ldb, 0.0, c, N);
  } else if constexpr (std::is_same_v<T, paddle::complex64>) {
    const paddle::complex64 one(1, 0), zero(0, 0);
    cblas_cgemm(CblasRowMajor, ta_, tb_, M, N, K, &one, a, lda, b, ldb, &zero, c, N);
  } else {
    const paddle::complex128 one(1, 0), zero(0, 0);
    cblas_zgemm(CblasRowMajor, ta_, tb_, M, N, K, &one, a, lda, b, ldb, &zero, c, N);
  }
}

template <typename T>
std::vector<float> ToFloat(const T* p, int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(p[i]);
  return v;
}

}  // namespace

template <typename T, typename Context>
void MatmulKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, bool transpose_x,
                  bool transpose_y, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  funcs::MatmulPlan p = funcs::MakeMatmulPlan(x.dims(), y.dims(), transpose_x, transpose_y);
  if (out->numel() == 0) return;
  constexpr int64_t kBlasMax = std::numeric_limits<blasint>::max();
  PD_CHECK(p.m <= kBlasMax && p.n <= kBlasMax && p.k <= kBlasMax, InvalidArgument,
           "matrix dims (m=", p.m, ", n=", p.n, ", k=", p.k, ") exceed what BLAS indexes (", kBlasMax, ")");
  if (p.k == 0) {
    for (int64_t i = 0; i < out->numel(); ++i) o[i] = T(0);
    return;
  }
  const T* a = x.data<T>();
  const T* b = y.data<T>();
  auto one_batch = [&](int64_t batch) {
    const T* ab = a + p.XOffset(batch);
    const T* bb = b + p.YOffset(batch);
    T* cb = o + batch * p.m * p.n;
    if constexpr (std::is_same_v<T, paddle::float16> || std::is_same_v<T, paddle::bfloat16>) {
      std::vector<float> af = ToFloat(ab, p.m * p.k), bf = ToFloat(bb, p.k * p.n), cf(p.m * p.n);
      Gemm<float>(p.trans_x, p.trans_y, p.m, p.n, p.k, af.data(), bf.data(), cf.data());
      for (int64_t i = 0; i < p.m * p.n; ++i) cb[i] = static_cast<T>(cf[i]);
    } else {
      Gemm<T>(p.trans_x, p.trans_y, p.m, p.n, p.k, ab, bb, cb);
    }
  };
  // Small products gain nothing from the BLAS's threads (waking them costs
  // more than the product): give whole products to threads instead. Inside
  // a parallel region the BLAS calls run single-threaded.
  constexpr int64_t kSmallProduct = int64_t{1} << 24;  // multiply-adds
  if (p.batch > 1 && p.m * p.n * p.k < kSmallProduct) {
#pragma omp parallel for schedule(static)
    for (int64_t batch = 0; batch < p.batch; ++batch) one_batch(batch);
  } else {
    for (int64_t batch = 0; batch < p.batch; ++batch) one_batch(batch);
  }
}

// The GEMM, then the bias added to each row while the rows are still in
// cache: matmul and add without the second op's dispatch and output. (A
// GEMM accumulating onto rows pre-filled with the bias measured slower:
// sgemm's beta = 1 path and the fill are both single-threaded.) Half types
// go through float.
// With `relu`, the rows also go through max(., 0) in that pass (fused_gemm_epilogue).
template <typename T, typename Context>
void LinearEpilogue(const Context& ctx, const DenseTensor& x, const DenseTensor& weight, const DenseTensor& bias,
                    bool relu, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int64_t k = weight.dims()[0], n = weight.dims()[1];
  if (out->numel() == 0) return;
  const int64_t m = out->numel() / n;
  constexpr int64_t kBlasMax = std::numeric_limits<blasint>::max();
  PD_CHECK(m <= kBlasMax && n <= kBlasMax && k <= kBlasMax, InvalidArgument, "matrix dims (m=", m, ", n=", n,
           ", k=", k, ") exceed what BLAS indexes (", kBlasMax, ")");
  constexpr bool kHalf = std::is_same_v<T, paddle::float16> || std::is_same_v<T, paddle::bfloat16>;
  using G = std::conditional_t<kHalf, float, T>;
  std::vector<G> product;
  G* c = reinterpret_cast<G*>(o);
  if constexpr (kHalf) {
    product.resize(m * n);
    c = product.data();
  }
  if (k > 0) {
    if constexpr (kHalf) {
      std::vector<float> xf = ToFloat(x.data<T>(), m * k), wf = ToFloat(weight.data<T>(), k * n);
      Gemm<float>(false, false, m, n, k, xf.data(), wf.data(), c);
    } else {
      Gemm<T>(false, false, m, n, k, x.data<T>(), weight.data<T>(), c);
    }
  } else {
    std::fill(c, c + m * n, G(0));
  }
  const T* b = bias.data<T>();
  funcs::ParallelChunks(m * n, [&](int64_t begin, int64_t end) {
    for (int64_t r = (begin + n - 1) / n; r < m && r * n < end; ++r) {  // the rows starting in the chunk
      for (int64_t j = 0; j < n; ++j) {
        G v = c[r * n + j] + static_cast<G>(b[j]);
        if constexpr (!kIsComplex<T>) {  // fused_gemm_epilogue registers real dtypes only
          if (relu && v < G(0)) v = G(0);
        }
        o[r * n + j] = static_cast<T>(v);
      }
    }
  });
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

}  // namespace phi

PD_REGISTER_OP_KERNEL(linear, CPU, phi::LinearKernel);
PD_REGISTER_OP_KERNEL(fused_gemm_epilogue, CPU, phi::FusedGemmEpilogueKernel);
PD_REGISTER_OP_KERNEL(matmul, CPU, phi::MatmulKernel);
