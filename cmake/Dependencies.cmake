# Every dependency comes from Debian packages or PyPI (see
# tools/install_deps.sh); nothing is vendored.
find_package(Threads REQUIRED)
find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(Eigen3 REQUIRED NO_MODULE)
find_package(dnnl REQUIRED)
find_package(gflags REQUIRED)
find_package(glog REQUIRED)

set(BLA_VENDOR OpenBLAS)
find_package(BLAS REQUIRED)
find_path(OPENBLAS_INCLUDE_DIR cblas.h PATH_SUFFIXES openblas openblas-pthread REQUIRED)

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
