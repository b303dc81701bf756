/* The machine's own numbers for the scenarios that have one: a plain C loop
 * for memory bandwidth (add, sum over 2^25 float32, 2 OpenMP threads) and a
 * direct OpenBLAS sgemm for matmul 1024. Prints one JSON object of seconds
 * per iteration. Built and run by run.py. */
#include <cblas.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double Best(double (*fn)(void), int repeats) {
  double best = 1e30;
  for (int r = 0; r < repeats; ++r) {
    double t = fn();
    if (t < best) best = t;
  }
  return best;
}

enum { kN = 1 << 25, kM = 1024 };
static float *a, *b, *c, *ma, *mb, *mc;
static volatile float sink;

static double AddOnce(void) {
  double t0 = omp_get_wtime();
#pragma omp parallel for
  for (long i = 0; i < kN; ++i) c[i] = a[i] + b[i];
  return omp_get_wtime() - t0;
}

static double SumOnce(void) {
  double t0 = omp_get_wtime();
  float s = 0;
  /* simd lets the compiler reassociate, as any hand-vectorized sum does. */
#pragma omp parallel for simd reduction(+ : s)
  for (long i = 0; i < kN; ++i) s += a[i];
  sink = s;
  return omp_get_wtime() - t0;
}

static double GemmOnce(void) {
  double t0 = omp_get_wtime();
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kM, kM, kM, 1.0f, ma, kM, mb, kM, 0.0f, mc, kM);
  return omp_get_wtime() - t0;
}

int main(void) {
  a = malloc(sizeof(float) * kN);
  b = malloc(sizeof(float) * kN);
  c = malloc(sizeof(float) * kN);
  ma = malloc(sizeof(float) * kM * kM);
  mb = malloc(sizeof(float) * kM * kM);
  mc = malloc(sizeof(float) * kM * kM);
  for (long i = 0; i < kN; ++i) a[i] = b[i] = c[i] = (float)(i % 7);
  for (long i = 0; i < kM * kM; ++i) ma[i] = mb[i] = mc[i] = (float)(i % 5);
  printf("{\"add_2^25\": %g, \"sum_2^25\": %g, \"matmul_1024\": %g}\n", Best(AddOnce, 10), Best(SumOnce, 10),
         Best(GemmOnce, 10));
  return 0;
}
