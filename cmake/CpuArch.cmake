# Host code is compiled for the building machine's CPU (pip install builds
# from source where it runs), so the elementwise and reduce loops use AVX2 or
# AVX-512 where present: memory-bound kernels run about twice as fast as
# with the x86-64 baseline. The concrete -march name is resolved here rather
# than passing -march=native, so that ccache never hands an object built for
# one CPU to another. Set PADDLE_CPU_ARCH=x86-64-v2 (or similar) for a
# portable build.
set(PADDLE_CPU_ARCH "native" CACHE STRING "-march value for host code ('native': this machine's)")
if(PADDLE_CPU_ARCH STREQUAL "native")
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -march=native -Q --help=target
    OUTPUT_VARIABLE _target_help ERROR_QUIET)
  string(REGEX MATCH "-march=[ \t]+([a-z0-9_.-]+)" _match "${_target_help}")
  set(_arch "${CMAKE_MATCH_1}")
else()
  set(_arch "${PADDLE_CPU_ARCH}")
endif()
if(_arch)
  # nvcc's host compiler gets it too: templates shared by .cc and .cu files
  # (functors, helpers like funcs::Moments) are emitted by both, and the
  # linker keeps whichever copy it meets first.
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-march=${_arch}> $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-march=${_arch}>)
  message(STATUS "Host code compiled with -march=${_arch}")
endif()
