// Small macros shared by every layer.
#pragma once

#if defined(__CUDACC__)
#define PD_HOSTDEVICE __host__ __device__
#define PD_DEVICE __device__
#else
#define PD_HOSTDEVICE
#define PD_DEVICE
#endif

// Marks the next loop a reduction of the variables by `op` that may be reordered
// (OpenMP simd), so that host compilers vectorize floating-point sums and
// maxima they must otherwise run one element at a time; nothing on devices.
#if defined(_OPENMP) && !defined(__CUDA_ARCH__)
#define PD_PRAGMA(text) _Pragma(#text)
#define PD_SIMD_REDUCTION(op, ...) PD_PRAGMA(omp simd reduction(op : __VA_ARGS__))
#else
#define PD_SIMD_REDUCTION(op, ...)
#endif

// For small helpers whose loops must be compiled in their caller, with its
// constants, to vectorize.
#if defined(__CUDACC__)
#define PD_FORCEINLINE __forceinline__
#else
#define PD_FORCEINLINE inline __attribute__((always_inline))
#endif

#define PD_CONCAT_IMPL(a, b) a##b
#define PD_CONCAT(a, b) PD_CONCAT_IMPL(a, b)
#define PD_UNIQUE_NAME(prefix) PD_CONCAT(prefix, __COUNTER__)

#define PD_DISALLOW_COPY_AND_ASSIGN(Type) \
  Type(const Type&) = delete;             \
  Type& operator=(const Type&) = delete

// A macro's value as a string literal.
#define PD_STRINGIFY_IMPL(x) #x
#define PD_STRINGIFY(x) PD_STRINGIFY_IMPL(x)
