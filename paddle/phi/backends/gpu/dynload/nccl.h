// NCCL, opened on first use (Note [GPU libraries on first use]); the
// distributed layer's ProcessGroupNCCL calls it.
#pragma once

#include <nccl.h>

#include "paddle/common/macros.h"
#include "paddle/phi/backends/gpu/dynload/dynload.h"

namespace phi::dynload {
inline constexpr GpuLibrary kNccl{"NCCL", "libnccl.so." PD_STRINGIFY(NCCL_MAJOR)};
}  // namespace phi::dynload

PD_DYNLOAD(kNccl, ncclGetUniqueId)
PD_DYNLOAD(kNccl, ncclCommInitRank)
PD_DYNLOAD(kNccl, ncclCommDestroy)
PD_DYNLOAD(kNccl, ncclGetErrorString)
PD_DYNLOAD(kNccl, ncclAllReduce)
PD_DYNLOAD(kNccl, ncclBroadcast)
PD_DYNLOAD(kNccl, ncclReduce)
PD_DYNLOAD(kNccl, ncclAllGather)
PD_DYNLOAD(kNccl, ncclReduceScatter)
PD_DYNLOAD(kNccl, ncclSend)
PD_DYNLOAD(kNccl, ncclRecv)
PD_DYNLOAD(kNccl, ncclGroupStart)
PD_DYNLOAD(kNccl, ncclGroupEnd)
