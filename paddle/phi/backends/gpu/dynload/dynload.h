// Note [GPU libraries on first use]: cuBLAS(Lt), cuDNN, cuFFT and cuSOLVER
// are not linked. Each is opened with dlopen when a GPU op first calls one of
// its functions, so importing paddle maps none of them (together well over
// 100 MB), one build imports on any machine, and a machine without a library
// runs everything else and gets an error naming the library only when an op
// needs it.
//
// A library's functions are declared with PD_DYNLOAD in its own header
// (cublas.h, cudnn.h, cufft.h, cusolver.h): `phi::dynload::cublasCreate` is
// a constant pointer to a function of cublasCreate's exact signature that
// resolves the symbol on its first call. Code calls `dynload::cublasCreate`;
// libpaddle_core links with --no-undefined, so a call that bypasses the
// layer fails the build.
#pragma once

#include <string>
#include <vector>

#include "paddle/common/macros.h"

namespace phi::dynload {

// A shared library opened on first use: its name in messages and its soname.
struct GpuLibrary {
  const char* title;
  const char* soname;
};

// The address of `name` in `library`, opening the library first if needed.
// Throws Unavailable naming the library (and the loader's reason) when it
// cannot be opened or lacks the function.
void* Symbol(const GpuLibrary& library, const char* name);

// Records each declared function, so that ResolveAll can check them.
bool Declare(const GpuLibrary& library, const char* name);

// Opens every library and resolves every declared function; returns
// "soname: function" for each that fails (empty when all resolve).
std::vector<std::string> ResolveAll();

template <typename Fn, const GpuLibrary& kLibrary, const char* kName>
struct LazyFunction;

template <typename R, typename... Args, const GpuLibrary& kLibrary, const char* kName>
struct LazyFunction<R (*)(Args...), kLibrary, kName> {
  static R Call(Args... args) {
    static const auto fn = reinterpret_cast<R (*)(Args...)>(Symbol(kLibrary, kName));
    return fn(args...);
  }
};

}  // namespace phi::dynload

// The symbol's name is the macro-expanded one: cublas_v2.h defines
// cublasCreate as cublasCreate_v2.
#define PD_DYNLOAD(library, name)                                                               \
  namespace phi::dynload {                                                                      \
  inline constexpr char name##_name[] = PD_STRINGIFY(name);                                     \
  inline constexpr auto name = &LazyFunction<decltype(&::name), library, name##_name>::Call;    \
  inline const bool name##_declared = Declare(library, name##_name);                            \
  }
