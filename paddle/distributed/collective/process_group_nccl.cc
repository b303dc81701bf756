#include "paddle/distributed/collective/process_group_nccl.h"

#include <cuda_runtime.h>

#include <cstring>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/device_runtime.h"
#include "paddle/phi/backends/gpu/dynload/nccl.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"

namespace paddle::distributed {
namespace {

#define PD_NCCL_CHECK(expr)                                                                              \
  do {                                                                                                   \
    ncclResult_t pd_nccl_result_ = (expr);                                                               \
    PD_CHECK(pd_nccl_result_ == ncclSuccess, Unavailable, "NCCL error: ",                                \
             ::phi::dynload::ncclGetErrorString(pd_nccl_result_), ", in `", #expr, "`");                 \
  } while (0)

ncclDataType_t NcclType(DataType dtype, const char* what) {
  switch (dtype) {
    case DataType::BOOL: return ncclUint8;
    case DataType::UINT8: return ncclUint8;
    case DataType::INT8: return ncclInt8;
    case DataType::INT32: return ncclInt32;
    case DataType::INT64: return ncclInt64;
    case DataType::FLOAT16: return ncclFloat16;
    case DataType::BFLOAT16: return ncclBfloat16;
    case DataType::FLOAT32: return ncclFloat32;
    case DataType::FLOAT64: return ncclFloat64;
    default: break;
  }
  PD_THROW(InvalidType, "[", what, "] the nccl backend does not move ", DataTypeName(dtype), " tensors");
}

ncclRedOp_t NcclOp(ReduceOp op, DataType dtype, const char* what) {
  PD_CHECK(dtype != DataType::BOOL || op == ReduceOp::kMax || op == ReduceOp::kMin, InvalidType, "[", what, "] ",
           ReduceOpName(op), " of bool tensors is not defined; MAX (any) and MIN (all) are");
  switch (op) {
    case ReduceOp::kSum: return ncclSum;
    case ReduceOp::kAvg: return ncclAvg;
    case ReduceOp::kMax: return ncclMax;
    case ReduceOp::kMin: return ncclMin;
    case ReduceOp::kProd: return ncclProd;
  }
  return ncclSum;
}


}  // namespace

struct ProcessGroupNCCL::Cuda {
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;
  cudaEvent_t ready = nullptr;  // recorded on the current stream before each collective
};

ProcessGroupNCCL::ProcessGroupNCCL(std::shared_ptr<TCPStore> store, int rank, int size, int id, int device,
                                   std::chrono::milliseconds timeout)
    : ProcessGroup(rank, size, id, timeout), store_(std::move(store)), device_(device), cuda_(new Cuda) {
  phi::gpu::CheckDevice(device);
  phi::gpu::DeviceGuard guard(device);
  ncclUniqueId unique;
  const std::string key = "nccl/" + std::to_string(id) + "/unique_id";
  if (rank == 0) {
    PD_NCCL_CHECK(phi::dynload::ncclGetUniqueId(&unique));
    store_->Set(key, std::string(unique.internal, sizeof(unique.internal)));
  } else {
    store_->Wait({key}, timeout);
    const std::string got = store_->Get(key);
    PD_CHECK(got.size() == sizeof(unique.internal), InvalidArgument, "[init_parallel_env] rank 0's NCCL id has ",
             got.size(), " bytes, expected ", sizeof(unique.internal));
    std::memcpy(unique.internal, got.data(), got.size());
  }
  PD_NCCL_CHECK(phi::dynload::ncclCommInitRank(&cuda_->comm, size, unique, rank));
  PD_CUDA_CHECK(cudaStreamCreateWithFlags(&cuda_->stream, cudaStreamNonBlocking));
  PD_CUDA_CHECK(cudaEventCreateWithFlags(&cuda_->ready, cudaEventDisableTiming));
}

ProcessGroupNCCL::~ProcessGroupNCCL() {
  Shutdown();
  cudaSetDevice(device_);  // a destructor reports nothing: what fails here leaks at worst
  if (cuda_->ready != nullptr) cudaEventDestroy(cuda_->ready);
  if (cuda_->stream != nullptr) cudaStreamDestroy(cuda_->stream);
  if (cuda_->comm != nullptr) phi::dynload::ncclCommDestroy(cuda_->comm);
}

void ProcessGroupNCCL::CheckTensor(const phi::DenseTensor& t, const char* what, const char* arg) const {
  PD_CHECK(t.place() == place(), InvalidArgument, "[", what, "] argument '", arg,
           "': the group runs on ", place().ToString(), ", but got a tensor on ", t.place().ToString());
  PD_CHECK(t.IsContiguous(), InvalidArgument, "[", what, "] argument '", arg, "': expected a contiguous tensor");
}

template <typename F>
void ProcessGroupNCCL::OnStream(F&& issue) {
  phi::gpu::DeviceGuard guard(device_);
  auto current = static_cast<cudaStream_t>(phi::gpu::Runtime().CurrentStream(device_));
  PD_CUDA_CHECK(cudaEventRecord(cuda_->ready, current));
  PD_CUDA_CHECK(cudaStreamWaitEvent(cuda_->stream, cuda_->ready, 0));
  issue(cuda_->comm, cuda_->stream);
  PD_CUDA_CHECK(cudaStreamSynchronize(cuda_->stream));
}

void ProcessGroupNCCL::RunAllReduce(phi::DenseTensor& tensor, ReduceOp op) {
  const ncclDataType_t type = NcclType(tensor.dtype(), "all_reduce");
  const ncclRedOp_t red = NcclOp(op, tensor.dtype(), "all_reduce");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclAllReduce(BytesOf(tensor), BytesOf(tensor), tensor.numel(), type, red, comm,
                                              stream));
  });
}

void ProcessGroupNCCL::RunBroadcast(phi::DenseTensor& tensor, int root) {
  const ncclDataType_t type = NcclType(tensor.dtype(), "broadcast");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclBroadcast(BytesOf(tensor), BytesOf(tensor), tensor.numel(), type, root, comm,
                                              stream));
  });
}

void ProcessGroupNCCL::RunReduce(phi::DenseTensor& tensor, int root, ReduceOp op) {
  // NCCL writes the result on the root only: the others' tensors stay as they were.
  const ncclDataType_t type = NcclType(tensor.dtype(), "reduce");
  const ncclRedOp_t red = NcclOp(op, tensor.dtype(), "reduce");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclReduce(BytesOf(tensor), BytesOf(tensor), tensor.numel(), type, red, root, comm,
                                           stream));
  });
}

void ProcessGroupNCCL::RunAllGather(phi::DenseTensor& out, const phi::DenseTensor& in) {
  const ncclDataType_t type = NcclType(in.dtype(), "all_gather");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclAllGather(BytesOf(in), BytesOf(out), in.numel(), type, comm, stream));
  });
}

void ProcessGroupNCCL::RunGather(phi::DenseTensor& out, const phi::DenseTensor& in, int root) {
  const ncclDataType_t type = NcclType(in.dtype(), "gather");
  const size_t part = Bytes(in);
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclGroupStart());
    if (rank() == root) {
      for (int r = 0; r < size(); ++r) {
        if (r == root) {
          PD_CUDA_CHECK(cudaMemcpyAsync(BytesOf(out) + part * r, BytesOf(in), part, cudaMemcpyDeviceToDevice, stream));
        } else {
          PD_NCCL_CHECK(phi::dynload::ncclRecv(BytesOf(out) + part * r, in.numel(), type, r, comm, stream));
        }
      }
    } else {
      PD_NCCL_CHECK(phi::dynload::ncclSend(BytesOf(in), in.numel(), type, root, comm, stream));
    }
    PD_NCCL_CHECK(phi::dynload::ncclGroupEnd());
  });
}

void ProcessGroupNCCL::RunScatter(phi::DenseTensor& out, const phi::DenseTensor& in, int root) {
  const ncclDataType_t type = NcclType(out.dtype(), "scatter");
  const size_t part = Bytes(out);
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclGroupStart());
    if (rank() == root) {
      for (int r = 0; r < size(); ++r) {
        if (r == root) {
          PD_CUDA_CHECK(cudaMemcpyAsync(BytesOf(out), BytesOf(in) + part * r, part, cudaMemcpyDeviceToDevice, stream));
        } else {
          PD_NCCL_CHECK(phi::dynload::ncclSend(BytesOf(in) + part * r, out.numel(), type, r, comm, stream));
        }
      }
    } else {
      PD_NCCL_CHECK(phi::dynload::ncclRecv(BytesOf(out), out.numel(), type, root, comm, stream));
    }
    PD_NCCL_CHECK(phi::dynload::ncclGroupEnd());
  });
}

void ProcessGroupNCCL::RunReduceScatter(phi::DenseTensor& out, const phi::DenseTensor& in, ReduceOp op) {
  const ncclDataType_t type = NcclType(in.dtype(), "reduce_scatter");
  const ncclRedOp_t red = NcclOp(op, in.dtype(), "reduce_scatter");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclReduceScatter(BytesOf(in), BytesOf(out), out.numel(), type, red, comm, stream));
  });
}

void ProcessGroupNCCL::RunAllToAll(phi::DenseTensor& out, const phi::DenseTensor& in,
                                   const std::vector<int64_t>& in_counts, const std::vector<int64_t>& out_counts) {
  const size_t n = static_cast<size_t>(size());
  const size_t element = SizeOf(in.dtype());
  const ncclDataType_t type = NcclType(in.dtype(), "alltoall");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    size_t in_at = 0, out_at = 0;
    PD_NCCL_CHECK(phi::dynload::ncclGroupStart());
    for (size_t r = 0; r < n; ++r) {
      PD_NCCL_CHECK(phi::dynload::ncclSend(BytesOf(in) + in_at, in_counts[r], type, r, comm, stream));
      PD_NCCL_CHECK(phi::dynload::ncclRecv(BytesOf(out) + out_at, out_counts[r], type, r, comm, stream));
      in_at += in_counts[r] * element;
      out_at += out_counts[r] * element;
    }
    PD_NCCL_CHECK(phi::dynload::ncclGroupEnd());
  });
}

void ProcessGroupNCCL::RunSend(const phi::DenseTensor& tensor, int dst) {
  const ncclDataType_t type = NcclType(tensor.dtype(), "send");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclSend(BytesOf(tensor), tensor.numel(), type, dst, comm, stream));
  });
}

void ProcessGroupNCCL::RunRecv(phi::DenseTensor& tensor, int src) {
  const ncclDataType_t type = NcclType(tensor.dtype(), "recv");
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclRecv(BytesOf(tensor), tensor.numel(), type, src, comm, stream));
  });
}

void ProcessGroupNCCL::RunBarrier() {
  const int32_t zero = 0;
  phi::DenseTensor token = Scratch(DataType::INT32, 1, &zero);
  OnStream([&](ncclComm_t comm, cudaStream_t stream) {
    PD_NCCL_CHECK(phi::dynload::ncclAllReduce(BytesOf(token), BytesOf(token), 1, ncclInt32, ncclSum, comm, stream));
  });
}

}  // namespace paddle::distributed
