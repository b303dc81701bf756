# Host code is compiled for the building machine's CPU (pip install builds
# from source where it runs), so the elementwise and reduce loops use AVX2 or
# AVX-512 where present: memory-bound kernels run about twice as fast as
# with the x86-64 baseline. The concrete -march name is resolved here rather
# than passing -march=native, so that ccache never hands an object built for
# one CPU to another. A compiler older than the CPU names it after an older
# one that lacks some of its instruction sets (GCC 12 calls AMD Zen 4
# "znver3", which has no AVX-512): those are added as flags of their own.
# Set PADDLE_CPU_ARCH=x86-64-v2 (or similar) for a portable build.
set(PADDLE_CPU_ARCH "native" CACHE STRING "-march value for host code ('native': this machine's)")
if(PADDLE_CPU_ARCH STREQUAL "native")
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -march=native -Q --help=target
    OUTPUT_VARIABLE _target_help ERROR_QUIET)
  string(REGEX MATCH "-march=[ \t]+([a-z0-9_.-]+)" _match "${_target_help}")
  set(_arch "${CMAKE_MATCH_1}")
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -march=${_arch} -Q --help=target
    OUTPUT_VARIABLE _named_help ERROR_QUIET)
  string(REGEX MATCHALL "-m[a-z0-9_.-]+[ \t]+\\[enabled\\]" _native_on "${_target_help}")
  string(REGEX MATCHALL "-m[a-z0-9_.-]+[ \t]+\\[enabled\\]" _named_on "${_named_help}")
  string(REGEX REPLACE "[ \t]+\\[enabled\\]" "" _native_on "${_native_on}")
  string(REGEX REPLACE "[ \t]+\\[enabled\\]" "" _named_on "${_named_on}")
  set(_extra_isa ${_native_on})
  if(_named_on)
    list(REMOVE_ITEM _extra_isa ${_named_on})
  endif()
else()
  set(_arch "${PADDLE_CPU_ARCH}")
endif()
if(_arch)
  # nvcc's host compiler gets it too: templates shared by .cc and .cu files
  # (functors, helpers like funcs::Moments) are emitted by both, and the
  # linker keeps whichever copy it meets first.
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-march=${_arch}> $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-march=${_arch}>)
  foreach(_flag IN LISTS _extra_isa)
    add_compile_options($<$<COMPILE_LANGUAGE:CXX>:${_flag}> $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${_flag}>)
  endforeach()
  message(STATUS "Host code compiled with -march=${_arch} ${_extra_isa}")
endif()
