// cuDNN, opened on first use (Note [GPU libraries on first use]).
#pragma once

#include <cudnn.h>

#include "paddle/common/macros.h"
#include "paddle/phi/backends/gpu/dynload/dynload.h"

namespace phi::dynload {
inline constexpr GpuLibrary kCudnn{"cuDNN", "libcudnn.so." PD_STRINGIFY(CUDNN_MAJOR)};
}  // namespace phi::dynload

PD_DYNLOAD(kCudnn, cudnnCreate)
PD_DYNLOAD(kCudnn, cudnnSetStream)
PD_DYNLOAD(kCudnn, cudnnGetErrorString)
PD_DYNLOAD(kCudnn, cudnnCreateTensorDescriptor)
PD_DYNLOAD(kCudnn, cudnnDestroyTensorDescriptor)
PD_DYNLOAD(kCudnn, cudnnSetTensor4dDescriptor)
PD_DYNLOAD(kCudnn, cudnnCreateFilterDescriptor)
PD_DYNLOAD(kCudnn, cudnnDestroyFilterDescriptor)
PD_DYNLOAD(kCudnn, cudnnSetFilter4dDescriptor)
PD_DYNLOAD(kCudnn, cudnnCreateConvolutionDescriptor)
PD_DYNLOAD(kCudnn, cudnnDestroyConvolutionDescriptor)
PD_DYNLOAD(kCudnn, cudnnSetConvolution2dDescriptor)
PD_DYNLOAD(kCudnn, cudnnSetConvolutionGroupCount)
PD_DYNLOAD(kCudnn, cudnnSetConvolutionMathType)
PD_DYNLOAD(kCudnn, cudnnFindConvolutionForwardAlgorithmEx)
PD_DYNLOAD(kCudnn, cudnnFindConvolutionBackwardDataAlgorithmEx)
PD_DYNLOAD(kCudnn, cudnnFindConvolutionBackwardFilterAlgorithmEx)
PD_DYNLOAD(kCudnn, cudnnGetConvolutionForwardWorkspaceSize)
PD_DYNLOAD(kCudnn, cudnnGetConvolutionBackwardDataWorkspaceSize)
PD_DYNLOAD(kCudnn, cudnnGetConvolutionBackwardFilterWorkspaceSize)
PD_DYNLOAD(kCudnn, cudnnConvolutionForward)
PD_DYNLOAD(kCudnn, cudnnConvolutionBackwardData)
PD_DYNLOAD(kCudnn, cudnnConvolutionBackwardFilter)
