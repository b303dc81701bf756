# WITH_GPU defaults to ON exactly when nvcc can be found, so that every build
# on a machine with the CUDA toolkit compiles and links the GPU sources, even
# when no GPU is attached (as on CI).
if(NOT DEFINED CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
  set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
endif()
include(CheckLanguage)
check_language(CUDA)
if(CMAKE_CUDA_COMPILER)
  set(_gpu_default ON)
else()
  set(_gpu_default OFF)
endif()
option(WITH_GPU "Compile the CUDA backend" ${_gpu_default})

if(WITH_GPU)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    # One architecture keeps the clean build short; tools/gpu_check.sh passes
    # the attached GPU's architecture instead.
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 20)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  find_package(CUDAToolkit REQUIRED)
  # 445: the generic lambdas of PD_REGISTER_KERNEL declare template params
  # nvcc considers unused; 177: unused functions in headers.
  string(APPEND CMAKE_CUDA_FLAGS " --expt-relaxed-constexpr --extended-lambda -Xcudafe --diag_suppress=177 -Xcudafe --diag_suppress=445")
  # The host side of .cu files is compiled as the .cc files are (see
  # CpuArch.cmake): with OpenMP, so their copies of shared templates match.
  string(APPEND CMAKE_CUDA_FLAGS " -Xcompiler=-fopenmp")
  add_compile_definitions(PADDLE_WITH_CUDA)
  # cuDNN (the toolkit's copy or a system one) for convolutions; without it
  # conv2d on the GPU runs as unfold + matmul.
  find_library(CUDNN_LIBRARY cudnn HINTS ${CUDAToolkit_LIBRARY_DIR} ${CUDAToolkit_BIN_DIR}/../lib64)
  find_path(CUDNN_INCLUDE_DIR cudnn.h HINTS ${CUDAToolkit_INCLUDE_DIRS})
  if(CUDNN_LIBRARY AND CUDNN_INCLUDE_DIR)
    set(WITH_CUDNN ON)
  else()
    set(WITH_CUDNN OFF)
    message(WARNING "cuDNN not found: conv2d on the GPU will run as unfold + matmul")
  endif()
  message(STATUS "WITH_CUDNN=${WITH_CUDNN}")
endif()
message(STATUS "WITH_GPU=${WITH_GPU}")
