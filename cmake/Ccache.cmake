# Use ccache for every compiler when it is installed: rebuilds of unchanged
# translation units become cache hits, which keeps clean CI builds fast too.
# Paths under the checkout are hashed relative to it (CCACHE_BASEDIR), so a
# clone elsewhere (CI's) hits the objects another checkout compiled.
find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM)
  set(launcher ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} ${CCACHE_PROGRAM})
  set(CMAKE_C_COMPILER_LAUNCHER ${launcher})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${launcher})
  set(CMAKE_CUDA_COMPILER_LAUNCHER ${launcher})
endif()
