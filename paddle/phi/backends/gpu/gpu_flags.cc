// Flags of the GPU backend, defined in every build so that scripts setting
// them run unchanged on a CPU-only paddle.
#include "paddle/common/flags.h"

PD_DEFINE_string(selected_gpus, "",
                 "Comma-separated GPU ids this process uses (paddle.distributed.launch sets one per process); "
                 "the device 'gpu' without an index is the first of them");
PD_DEFINE_bool(allow_tf32_cublas, false,
               "Let float32 GEMMs on GPUs use TF32 tensor cores (about 10 mantissa bits per product); "
               "off by default, so that float32 matmul on the GPU matches the CPU to float precision");
PD_DEFINE_bool(allow_tf32_cudnn, false,
               "Let float32 convolutions on GPUs use TF32 tensor cores; off by default, like "
               "FLAGS_allow_tf32_cublas");
