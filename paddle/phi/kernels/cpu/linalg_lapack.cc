// Linear algebra on the CPU by LAPACK (OpenBLAS's): solve, slogdet,
// cholesky, eigh, eig, svd and qr over batches of matrices [..., m, n]. LAPACK is
// column-major: each matrix is transposed into a column-major work copy, and
// results are transposed back. Batches run on parallel threads (inside a
// parallel region OpenBLAS runs single-threaded).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "paddle/common/complex.h"
#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_linalg.h"

extern "C" {
// LAPACK's Fortran interface: every argument by pointer.
void sgesv_(int* n, int* nrhs, float* a, int* lda, int* ipiv, float* b, int* ldb, int* info);
void dgesv_(int* n, int* nrhs, double* a, int* lda, int* ipiv, double* b, int* ldb, int* info);
void cgesv_(int* n, int* nrhs, paddle::complex64* a, int* lda, int* ipiv, paddle::complex64* b, int* ldb, int* info);
void zgesv_(int* n, int* nrhs, paddle::complex128* a, int* lda, int* ipiv, paddle::complex128* b, int* ldb,
            int* info);
void sgeev_(char* jobvl, char* jobvr, int* n, float* a, int* lda, float* wr, float* wi, float* vl, int* ldvl,
            float* vr, int* ldvr, float* work, int* lwork, int* info);
void dgeev_(char* jobvl, char* jobvr, int* n, double* a, int* lda, double* wr, double* wi, double* vl, int* ldvl,
            double* vr, int* ldvr, double* work, int* lwork, int* info);
void cgeev_(char* jobvl, char* jobvr, int* n, paddle::complex64* a, int* lda, paddle::complex64* w,
            paddle::complex64* vl, int* ldvl, paddle::complex64* vr, int* ldvr, paddle::complex64* work, int* lwork,
            float* rwork, int* info);
void zgeev_(char* jobvl, char* jobvr, int* n, paddle::complex128* a, int* lda, paddle::complex128* w,
            paddle::complex128* vl, int* ldvl, paddle::complex128* vr, int* ldvr, paddle::complex128* work,
            int* lwork, double* rwork, int* info);
void sgetrf_(int* m, int* n, float* a, int* lda, int* ipiv, int* info);
void dgetrf_(int* m, int* n, double* a, int* lda, int* ipiv, int* info);
void spotrf_(char* uplo, int* n, float* a, int* lda, int* info);
void dpotrf_(char* uplo, int* n, double* a, int* lda, int* info);
void ssyevd_(char* jobz, char* uplo, int* n, float* a, int* lda, float* w, float* work, int* lwork, int* iwork,
             int* liwork, int* info);
void dsyevd_(char* jobz, char* uplo, int* n, double* a, int* lda, double* w, double* work, int* lwork, int* iwork,
             int* liwork, int* info);
void sgesdd_(char* jobz, int* m, int* n, float* a, int* lda, float* s, float* u, int* ldu, float* vt, int* ldvt,
             float* work, int* lwork, int* iwork, int* info);
void dgesdd_(char* jobz, int* m, int* n, double* a, int* lda, double* s, double* u, int* ldu, double* vt, int* ldvt,
             double* work, int* lwork, int* iwork, int* info);
void sgeqrf_(int* m, int* n, float* a, int* lda, float* tau, float* work, int* lwork, int* info);
void dgeqrf_(int* m, int* n, double* a, int* lda, double* tau, double* work, int* lwork, int* info);
void sorgqr_(int* m, int* n, int* k, float* a, int* lda, float* tau, float* work, int* lwork, int* info);
void dorgqr_(int* m, int* n, int* k, double* a, int* lda, double* tau, double* work, int* lwork, int* info);
}

namespace phi {
namespace {

// Overloads picking the s/d routine by type.
void Gesv(int n, int nrhs, float* a, int* ipiv, float* b, int* info) { sgesv_(&n, &nrhs, a, &n, ipiv, b, &n, info); }
void Gesv(int n, int nrhs, double* a, int* ipiv, double* b, int* info) { dgesv_(&n, &nrhs, a, &n, ipiv, b, &n, info); }
void Gesv(int n, int nrhs, paddle::complex64* a, int* ipiv, paddle::complex64* b, int* info) {
  cgesv_(&n, &nrhs, a, &n, ipiv, b, &n, info);
}
void Gesv(int n, int nrhs, paddle::complex128* a, int* ipiv, paddle::complex128* b, int* info) {
  zgesv_(&n, &nrhs, a, &n, ipiv, b, &n, info);
}
void Getrf(int n, float* a, int* ipiv, int* info) { sgetrf_(&n, &n, a, &n, ipiv, info); }
void Getrf(int n, double* a, int* ipiv, int* info) { dgetrf_(&n, &n, a, &n, ipiv, info); }
void Potrf(char uplo, int n, float* a, int* info) { spotrf_(&uplo, &n, a, &n, info); }
void Potrf(char uplo, int n, double* a, int* info) { dpotrf_(&uplo, &n, a, &n, info); }

template <typename T>
void Syevd(char uplo, int n, T* a, T* w, int* info) {
  char jobz = 'V';
  int lwork = -1, liwork = -1, iwork_size = 0;
  T work_size = 0;
  auto call = [&](T* work, int* iwork) {
    if constexpr (std::is_same_v<T, float>) {
      ssyevd_(&jobz, &uplo, &n, a, &n, w, work, &lwork, iwork, &liwork, info);
    } else {
      dsyevd_(&jobz, &uplo, &n, a, &n, w, work, &lwork, iwork, &liwork, info);
    }
  };
  call(&work_size, &iwork_size);  // workspace query
  lwork = static_cast<int>(work_size);
  liwork = iwork_size;
  std::vector<T> work(std::max(lwork, 1));
  std::vector<int> iwork(std::max(liwork, 1));
  call(work.data(), iwork.data());
}

template <typename T>
void Gesdd(char jobz, int m, int n, T* a, T* s, T* u, int ldu, T* vt, int ldvt, int* info) {
  std::vector<int> iwork(8 * std::min(m, n));
  int lwork = -1;
  T work_size = 0;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>) {
      sgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work, &lwork, iwork.data(), info);
    } else {
      dgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work, &lwork, iwork.data(), info);
    }
  };
  call(&work_size);
  lwork = static_cast<int>(work_size);
  std::vector<T> work(std::max(lwork, 1));
  call(work.data());
}

template <typename T>
void Geqrf(int m, int n, T* a, T* tau, int* info) {
  int lwork = -1;
  T work_size = 0;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>) {
      sgeqrf_(&m, &n, a, &m, tau, work, &lwork, info);
    } else {
      dgeqrf_(&m, &n, a, &m, tau, work, &lwork, info);
    }
  };
  call(&work_size);
  lwork = static_cast<int>(work_size);
  std::vector<T> work(std::max(lwork, 1));
  call(work.data());
}

template <typename T>
void Orgqr(int m, int n, int k, T* a, T* tau, int* info) {
  int lwork = -1;
  T work_size = 0;
  auto call = [&](T* work) {
    if constexpr (std::is_same_v<T, float>) {
      sorgqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);
    } else {
      dorgqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);
    }
  };
  call(&work_size);
  lwork = static_cast<int>(work_size);
  std::vector<T> work(std::max(lwork, 1));
  call(work.data());
}

// The eigenvalues w[n] and, where v is not null, the right eigenvectors
// v[n * n] (unit columns, column-major) of the column-major matrix a, which
// it overwrites. Real a: LAPACK stores a complex pair's vectors as the real
// and imaginary parts in two adjacent columns; they are unpacked here.
template <typename T>
int Geev(int n, T* a, paddle::complex<RealType<T>>* w, paddle::complex<RealType<T>>* v) {
  using R = RealType<T>;
  char jobvl = 'N', jobvr = v != nullptr ? 'V' : 'N';
  int lwork = -1, info = 0, one = 1;
  int ldvr = v != nullptr ? n : 1;
  if constexpr (kIsComplex<T>) {
    std::vector<R> rwork(2 * std::max(n, 1));
    T unused{};
    T* vr = v != nullptr ? v : &unused;
    auto call = [&](T* work) {
      if constexpr (std::is_same_v<R, float>) {
        cgeev_(&jobvl, &jobvr, &n, a, &n, w, nullptr, &one, vr, &ldvr, work, &lwork, rwork.data(), &info);
      } else {
        zgeev_(&jobvl, &jobvr, &n, a, &n, w, nullptr, &one, vr, &ldvr, work, &lwork, rwork.data(), &info);
      }
    };
    T work_size{};
    call(&work_size);
    lwork = static_cast<int>(work_size.real);
    std::vector<T> work(std::max(lwork, 1));
    call(work.data());
  } else {
    std::vector<T> vr(v != nullptr ? int64_t{n} * n : 1);
    std::vector<R> wr(n), wi(n);
    auto call = [&](T* work) {
      if constexpr (std::is_same_v<R, float>) {
        sgeev_(&jobvl, &jobvr, &n, a, &n, wr.data(), wi.data(), nullptr, &one, vr.data(), &ldvr,
               work, &lwork, &info);
      } else {
        dgeev_(&jobvl, &jobvr, &n, a, &n, wr.data(), wi.data(), nullptr, &one, vr.data(), &ldvr,
               work, &lwork, &info);
      }
    };
    T work_size = 0;
    call(&work_size);
    lwork = static_cast<int>(work_size);
    std::vector<T> work(std::max(lwork, 1));
    call(work.data());
    for (int j = 0; j < n; ++j) w[j] = paddle::complex<R>(wr[j], wi[j]);
    if (v != nullptr) {
      for (int j = 0; j < n; ++j) {
        const T* re = vr.data() + int64_t{j} * n;
        if (wi[j] != 0 && j + 1 < n) {  // the pair (j, j + 1): re +- i * im
          const T* im = re + n;
          for (int i = 0; i < n; ++i) {
            v[int64_t{j} * n + i] = paddle::complex<R>(re[i], im[i]);
            v[int64_t{j + 1} * n + i] = paddle::complex<R>(re[i], -im[i]);
          }
          ++j;
        } else {
          for (int i = 0; i < n; ++i) v[int64_t{j} * n + i] = paddle::complex<R>(re[i], 0);
        }
      }
    }
  }
  return info;
}

// rows x cols row-major <-> column-major.
template <typename T>
void ToColumnMajor(const T* src, int64_t rows, int64_t cols, T* dst) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) dst[j * rows + i] = src[i * cols + j];
}
template <typename T>
void FromColumnMajor(const T* src, int64_t rows, int64_t cols, T* dst) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) dst[i * cols + j] = src[j * rows + i];
}

// Runs body(b) for every matrix of the batch; a LAPACK failure reported as
// (b, info) by any of them is raised after the loop (exceptions must not
// leave an OpenMP region).
template <typename Body, typename Fail>
void ForEachMatrix(int64_t batch, Body body, Fail fail) {
  int64_t bad_batch = -1, bad_info = 0;
#pragma omp parallel for schedule(dynamic) if (batch > 1)
  for (int64_t b = 0; b < batch; ++b) {
    int info = body(b);
    if (info != 0) {
#pragma omp critical
      if (bad_batch < 0 || b < bad_batch) {
        bad_batch = b;
        bad_info = info;
      }
    }
  }
  if (bad_batch >= 0) fail(bad_batch, bad_info);
}

// LAPACK's iterative routines (svd, eigh, eig) may never return on NaN or infinity.
template <typename T>
void CheckFinite(const DenseTensor& x) {
  const T* p = x.data<T>();
  for (int64_t i = 0; i < x.numel(); ++i) {
    if constexpr (kIsComplex<T>) {
      PD_CHECK(std::isfinite(p[i].real) && std::isfinite(p[i].imag), InvalidArgument, "x holds (", p[i].real, ", ",
               p[i].imag, ") at flat position ", i, ": the decomposition needs finite values");
    } else {
      PD_CHECK(std::isfinite(p[i]), InvalidArgument, "x holds ", p[i], " at flat position ", i,
               ": the decomposition needs finite values");
    }
  }
}

int CheckedInt(int64_t v, const char* what) {
  PD_CHECK(v <= std::numeric_limits<int>::max(), InvalidArgument, what, " (", v, ") exceeds what LAPACK indexes");
  return static_cast<int>(v);
}

}  // namespace

template <typename T, typename Context>
void LinalgSolveKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int rank = x.dims().size();
  const int n = CheckedInt(x.dims()[rank - 1], "n");
  const int k = CheckedInt(y.dims()[rank - 1], "the number of right-hand sides");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  if (out->numel() == 0) return;
  ForEachMatrix(batch, [&](int64_t b) {
    std::vector<T> a(int64_t{n} * n), rhs(int64_t{n} * k);
    std::vector<int> ipiv(n);
    ToColumnMajor(x.data<T>() + b * n * n, n, n, a.data());
    ToColumnMajor(y.data<T>() + b * n * k, n, k, rhs.data());
    int info = 0;
    Gesv(n, k, a.data(), ipiv.data(), rhs.data(), &info);
    FromColumnMajor(rhs.data(), n, k, o + b * n * k);
    return info;
  }, [](int64_t b, int64_t info) {
    PD_THROW(InvalidArgument, "the matrix x[", b, "] is singular (U[", info - 1, ", ", info - 1,
             "] of its LU factorization is 0): the system has no unique solution");
  });
}

template <typename T, typename Context>
void SlogdetKernel(const Context& ctx, const DenseTensor& x, DenseTensor* logabsdet, DenseTensor* sign) {
  T* la = ctx.template Alloc<T>(logabsdet);
  T* sg = ctx.template Alloc<T>(sign);
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = logabsdet->numel();
  ForEachMatrix(batch, [&](int64_t b) {
    std::vector<T> a(x.data<T>() + b * n * n, x.data<T>() + (b + 1) * n * n);  // det(A^T) = det(A)
    std::vector<int> ipiv(std::max(n, 1));
    int info = 0;
    if (n > 0) Getrf(n, a.data(), ipiv.data(), &info);
    T log_abs = 0, s = 1;
    for (int i = 0; i < n; ++i) {
      const T d = a[int64_t{i} * n + i];
      if (ipiv[i] != i + 1) s = -s;
      if (d < 0) s = -s;
      log_abs += std::log(std::abs(d));
    }
    if (info > 0) {  // singular: det = 0
      s = 0;
      log_abs = -std::numeric_limits<T>::infinity();
    }
    la[b] = log_abs;
    sg[b] = s;
    return info < 0 ? info : 0;
  }, [](int64_t b, int64_t info) { PD_THROW(InvalidArgument, "LAPACK getrf failed on x[", b, "] (", info, ")"); });
}

template <typename T, typename Context>
void CholeskyKernel(const Context& ctx, const DenseTensor& x, bool upper, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  ForEachMatrix(batch, [&](int64_t b) {
    // The column-major view of row-major A is A^T = A (symmetric): factor
    // the triangle that, read back row-major, is the one asked for.
    T* m = o + b * n * n;
    std::copy(x.data<T>() + b * n * n, x.data<T>() + (b + 1) * n * n, m);
    int info = 0;
    Potrf(upper ? 'L' : 'U', n, m, &info);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (upper ? j < i : j > i) m[int64_t{i} * n + j] = 0;
    return info;
  }, [](int64_t b, int64_t info) {
    PD_THROW(InvalidArgument, "the matrix x[", b, "] is not positive definite (its leading minor of order ", info,
             " is not positive)");
  });
}

template <typename T, typename Context>
void EighKernel(const Context& ctx, const DenseTensor& x, const std::string& uplo, DenseTensor* eigenvalues,
                DenseTensor* eigenvectors) {
  CheckFinite<T>(x);
  T* w = ctx.template Alloc<T>(eigenvalues);
  T* v = ctx.template Alloc<T>(eigenvectors);
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  ForEachMatrix(batch, [&](int64_t b) {
    std::vector<T> a(x.data<T>() + b * n * n, x.data<T>() + (b + 1) * n * n);  // symmetric: A^T = A
    int info = 0;
    // Row-major lower is column-major upper.
    Syevd(uplo == "L" ? 'U' : 'L', n, a.data(), w + b * n, &info);
    FromColumnMajor(a.data(), n, n, v + b * n * n);  // the eigenvectors are the columns
    return info;
  }, [](int64_t b, int64_t info) { PD_THROW(InvalidArgument, "eigh did not converge on x[", b, "] (", info, ")"); });
}

// eig and eigvals: one routine, the vectors computed only when asked for.
template <typename T, typename Context>
void EigValuesAndVectors(const Context& ctx, const DenseTensor& x, DenseTensor* eigenvalues,
                         DenseTensor* eigenvectors) {
  using C = paddle::complex<RealType<T>>;
  CheckFinite<T>(x);
  C* w = ctx.template Alloc<C>(eigenvalues);
  C* v = eigenvectors != nullptr ? ctx.template Alloc<C>(eigenvectors) : nullptr;
  const int n = CheckedInt(x.dims()[x.dims().size() - 1], "n");
  const int64_t batch = n == 0 ? 0 : x.numel() / (int64_t{n} * n);
  ForEachMatrix(batch, [&](int64_t b) {
    std::vector<T> a(int64_t{n} * n);
    std::vector<C> vectors(v != nullptr ? int64_t{n} * n : 0);
    ToColumnMajor(x.data<T>() + b * n * n, n, n, a.data());
    const int info = Geev(n, a.data(), w + b * n, v != nullptr ? vectors.data() : nullptr);
    if (v != nullptr) FromColumnMajor(vectors.data(), n, n, v + b * n * n);  // the eigenvectors are the columns
    return info;
  }, [](int64_t b, int64_t info) { PD_THROW(InvalidArgument, "eig did not converge on x[", b, "] (", info, ")"); });
}

template <typename T, typename Context>
void EigKernel(const Context& ctx, const DenseTensor& x, DenseTensor* eigenvalues, DenseTensor* eigenvectors) {
  EigValuesAndVectors<T>(ctx, x, eigenvalues, eigenvectors);
}

template <typename T, typename Context>
void EigvalsKernel(const Context& ctx, const DenseTensor& x, DenseTensor* eigenvalues) {
  EigValuesAndVectors<T>(ctx, x, eigenvalues, nullptr);
}

template <typename T, typename Context>
void SvdKernel(const Context& ctx, const DenseTensor& x, bool full_matrices, DenseTensor* u, DenseTensor* s,
               DenseTensor* vh) {
  CheckFinite<T>(x);
  T* uo = ctx.template Alloc<T>(u);
  T* so = ctx.template Alloc<T>(s);
  T* vo = ctx.template Alloc<T>(vh);
  const int rank = x.dims().size();
  const int m = CheckedInt(x.dims()[rank - 2], "m"), n = CheckedInt(x.dims()[rank - 1], "n");
  const int k = std::min(m, n);
  const int64_t batch = int64_t{m} * n == 0 ? 0 : x.numel() / (int64_t{m} * n);
  const int ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  ForEachMatrix(batch, [&](int64_t b) {
    // Row-major A is column-major A^T = V S U^T: LAPACK's U is our V (its
    // column-major layout is row-major Vh) and its V^T is our U^T (row-major U).
    std::vector<T> a(x.data<T>() + b * m * n, x.data<T>() + (b + 1) * m * n);
    int info = 0;
    Gesdd(full_matrices ? 'A' : 'S', n, m, a.data(), so + b * k, vo + b * vrows * n, n, uo + b * m * ucols, ucols,
          &info);
    return info;
  }, [](int64_t b, int64_t info) { PD_THROW(InvalidArgument, "svd did not converge on x[", b, "] (", info, ")"); });
}

template <typename T, typename Context>
void QrKernel(const Context& ctx, const DenseTensor& x, const std::string& mode, DenseTensor* q, DenseTensor* r) {
  CheckFinite<T>(x);
  T* qo = ctx.template Alloc<T>(q);
  T* ro = ctx.template Alloc<T>(r);
  const int rank = x.dims().size();
  const int m = CheckedInt(x.dims()[rank - 2], "m"), n = CheckedInt(x.dims()[rank - 1], "n");
  const int k = std::min(m, n);
  const int qcols = q->dims()[rank - 1];
  const int rrows = r->dims()[rank - 2];
  const int64_t batch = int64_t{m} * n == 0 ? 0 : x.numel() / (int64_t{m} * n);
  ForEachMatrix(batch, [&](int64_t b) {
    std::vector<T> a(int64_t{m} * std::max(n, qcols)), tau(std::max(k, 1));
    ToColumnMajor(x.data<T>() + b * m * n, m, n, a.data());
    int info = 0;
    Geqrf(m, n, a.data(), tau.data(), &info);
    T* rb = ro + b * rrows * n;
    for (int i = 0; i < rrows; ++i)
      for (int j = 0; j < n; ++j) rb[int64_t{i} * n + j] = j >= i ? a[int64_t{j} * m + i] : T(0);
    if (info == 0 && qcols > 0) {
      Orgqr(m, qcols, k, a.data(), tau.data(), &info);
      FromColumnMajor(a.data(), m, qcols, qo + b * m * qcols);
    }
    return info;
  }, [](int64_t b, int64_t info) { PD_THROW(InvalidArgument, "qr failed on x[", b, "] (", info, ")"); });
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(linalg_solve, CPU, phi::LinalgSolveKernel);
PD_REGISTER_OP_KERNEL(log_abs_det, CPU, phi::SlogdetKernel);
PD_REGISTER_OP_KERNEL(cholesky, CPU, phi::CholeskyKernel);
PD_REGISTER_OP_KERNEL(eigh, CPU, phi::EighKernel);
PD_REGISTER_OP_KERNEL(eig, CPU, phi::EigKernel);
PD_REGISTER_OP_KERNEL(eigvals, CPU, phi::EigvalsKernel);
PD_REGISTER_OP_KERNEL(svd, CPU, phi::SvdKernel);
PD_REGISTER_OP_KERNEL(qr, CPU, phi::QrKernel);
