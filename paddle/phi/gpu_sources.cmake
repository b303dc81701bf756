# The CUDA backend, compiled instead of backends/gpu/no_gpu.cc when WITH_GPU:
# the runtime and the loader of the CUDA libraries (backends layer), and the
# kernels (kernels layer).
set(PHI_GPU_BACKEND_SOURCES backends/gpu/deferred_errors.cu backends/gpu/gpu_runtime.cu
                            backends/gpu/dynload/dynload.cc)
set(PHI_GPU_KERNEL_SOURCES
    kernels/gpu/attention_kernel.cu kernels/gpu/elementwise_binary_kernels.cu kernels/gpu/elementwise_compare_kernels.cu
    kernels/gpu/elementwise_unary_kernels.cu
    kernels/gpu/elementwise_unary_special_kernels.cu
    kernels/gpu/elementwise_copy_kernels.cu kernels/gpu/fft_kernels.cu kernels/gpu/fill_kernels.cu kernels/gpu/index_kernels.cu
    kernels/gpu/linalg_cusolver.cu kernels/gpu/matmul_kernel.cu kernels/gpu/norm_kernels.cu kernels/gpu/optimizer_kernels.cu kernels/gpu/pool_kernels.cu kernels/gpu/random_kernels.cu kernels/gpu/reduce_kernels.cu kernels/gpu/reduce_extreme_kernels.cu kernels/gpu/scan_kernels.cu kernels/gpu/softmax_kernels.cu kernels/gpu/sort_kernels.cu
    kernels/gpu/sparse_matmul_kernels.cu kernels/gpu/unfold_kernels.cu)
if(WITH_CUDNN)
  list(APPEND PHI_GPU_KERNEL_SOURCES kernels/gpu/conv_cudnn.cu)
endif()
