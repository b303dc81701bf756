# Every dependency comes from Debian packages or PyPI (see
# tools/install_deps.sh); nothing is vendored.
find_package(Threads REQUIRED)
find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(Eigen3 REQUIRED NO_MODULE)
find_package(dnnl REQUIRED)
find_package(gflags REQUIRED)
find_package(glog REQUIRED)
find_package(Gloo REQUIRED)  # libgloo-dev: the CPU collectives of paddle/distributed
find_path(DLPACK_INCLUDE_DIR dlpack/dlpack.h REQUIRED)  # libdlpack-dev: paddle.utils.dlpack

# OpenBLAS built on OpenMP (Debian's libopenblas-openmp-dev), so that BLAS
# and our own OpenMP loops share one thread pool: with the pthreads build the
# two pools spin against each other on a busy core (tools/bench
# mlp_1024_step ran 2-4x slower). The library directory goes into the RPATH
# so the openmp variant loads whatever the system's alternatives say.
set(OPENBLAS_OPENMP_DIR /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/openblas-openmp)
find_library(BLAS_LIBRARIES NAMES openblas PATHS ${OPENBLAS_OPENMP_DIR} NO_DEFAULT_PATH REQUIRED)
find_path(OPENBLAS_INCLUDE_DIR cblas.h
          PATHS /usr/include/${CMAKE_LIBRARY_ARCHITECTURE}/openblas-openmp NO_DEFAULT_PATH REQUIRED)

find_package(Python3 REQUIRED COMPONENTS Interpreter Development.Module)
if(NOT pybind11_DIR)
  execute_process(
    COMMAND ${Python3_EXECUTABLE} -c "import pybind11; print(pybind11.get_cmake_dir())"
    OUTPUT_VARIABLE pybind11_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
endif()
find_package(pybind11 CONFIG REQUIRED)

if(WITH_TESTING)
  find_package(GTest REQUIRED)
endif()
