#include "paddle/distributed/collective/process_group_custom.h"

#include "paddle/common/errors.h"
#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/memcpy.h"

namespace paddle::distributed {
namespace {

C_DataType CclType(DataType dtype, const char* what) {
  switch (dtype) {
    case DataType::BOOL: return C_BOOL;
    case DataType::UINT8: return C_UINT8;
    case DataType::INT8: return C_INT8;
    case DataType::INT16: return C_INT16;
    case DataType::INT32: return C_INT32;
    case DataType::INT64: return C_INT64;
    case DataType::FLOAT16: return C_FLOAT16;
    case DataType::BFLOAT16: return C_BFLOAT16;
    case DataType::FLOAT32: return C_FLOAT32;
    case DataType::FLOAT64: return C_FLOAT64;
    default: break;
  }
  PD_THROW(InvalidType, "[", what, "] the xccl backend does not move ", DataTypeName(dtype), " tensors");
}

C_CCLReduceOp CclOp(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return C_CCL_SUM;
    case ReduceOp::kAvg: return C_CCL_AVG;
    case ReduceOp::kMax: return C_CCL_MAX;
    case ReduceOp::kMin: return C_CCL_MIN;
    case ReduceOp::kProd: return C_CCL_PRODUCT;
  }
  return C_CCL_SUM;
}


}  // namespace

void CheckPluginCollectives(const std::string& device_type) {
  const phi::custom::CustomDevice& device = phi::custom::GetDevice(device_type);
  PD_CHECK(device.HasCollectives(), Unavailable, "[init_parallel_env] the plugin of '", device.type(), "' (",
           device.library(), ") has no collectives: device_ext.h's ccl_* functions are unset");
}

ProcessGroupCustom::ProcessGroupCustom(std::shared_ptr<TCPStore> store, int rank, int size, int id,
                                       const phi::Place& place, std::chrono::milliseconds timeout)
    : ProcessGroup(rank, size, id, timeout),
      store_(std::move(store)),
      device_(phi::custom::GetDevice(place.GetCustomDeviceType())),
      place_(place) {
  PD_CHECK(place.is_custom(), InvalidArgument, "[init_parallel_env] the xccl backend runs on a plugin device, not on ",
           place.ToString());
  CheckPluginCollectives(place.GetCustomDeviceType());
  const C_DeviceInterface& t = device_.table();
  size_t id_size = 0;
  Check(t.ccl_get_unique_id_size(&id_size), "ccl_get_unique_id_size");
  std::string root_id(id_size, '\0');
  const std::string key = "xccl/" + std::to_string(id) + "/root_id";
  if (rank == 0) {
    C_CCLRootId made{root_id.data(), root_id.size()};
    Check(t.ccl_get_unique_id(&made), "ccl_get_unique_id");
    store_->Set(key, root_id);
  } else {
    store_->Wait({key}, timeout);
    root_id = store_->Get(key);
    PD_CHECK(root_id.size() == id_size, InvalidArgument, "[init_parallel_env] rank 0's root id has ", root_id.size(),
             " bytes, the plugin expects ", id_size);
  }
  C_CCLRootId given{root_id.data(), root_id.size()};
  Check(t.ccl_comm_init_rank(static_cast<size_t>(size), &given, static_cast<size_t>(rank), &comm_),
        "ccl_comm_init_rank");
  stream_ = device_.CreateStream(place_.GetDeviceId());
  ready_ = device_.CreateEvent(place_.GetDeviceId());
}

ProcessGroupCustom::~ProcessGroupCustom() {
  Shutdown();
  if (ready_ != nullptr) device_.DestroyEvent(place_.GetDeviceId(), ready_);
  if (comm_ != nullptr) device_.table().ccl_destroy_comm(comm_);
}

void ProcessGroupCustom::Check(C_Status status, const char* function) const { device_.Check(status, function); }

void ProcessGroupCustom::CheckTensor(const phi::DenseTensor& t, const char* what, const char* arg) const {
  PD_CHECK(t.place() == place_, InvalidArgument, "[", what, "] argument '", arg, "': the group runs on ",
           place_.ToString(), ", but got a tensor on ", t.place().ToString());
  PD_CHECK(t.IsContiguous(), InvalidArgument, "[", what, "] argument '", arg, "': expected a contiguous tensor");
}

template <typename F>
void ProcessGroupCustom::OnStream(F&& issue) {
  const int id = place_.GetDeviceId();
  device_.RecordEvent(id, static_cast<C_Stream>(device_.Runtime().CurrentStream(id)), ready_);
  device_.StreamWaitEvent(id, stream_, ready_);
  issue();
  device_.SynchronizeStream(id, stream_);
}

void ProcessGroupCustom::RunAllReduce(phi::DenseTensor& tensor, ReduceOp op) {
  const C_DataType type = CclType(tensor.dtype(), "all_reduce");
  OnStream([&] {
    Check(device_.table().ccl_all_reduce(BytesOf(tensor), BytesOf(tensor), tensor.numel(), type, CclOp(op), comm_,
                                         stream_),
          "ccl_all_reduce");
  });
}

void ProcessGroupCustom::RunBroadcast(phi::DenseTensor& tensor, int root) {
  const C_DataType type = CclType(tensor.dtype(), "broadcast");
  OnStream([&] {
    Check(device_.table().ccl_broadcast(BytesOf(tensor), tensor.numel(), type, root, comm_, stream_),
          "ccl_broadcast");
  });
}

void ProcessGroupCustom::RunReduce(phi::DenseTensor& tensor, int root, ReduceOp op) {
  // An all-reduce; the non-roots reduce a copy, so their tensors stay as they were.
  phi::DenseTensor copy;
  uint8_t* data = BytesOf(tensor);
  if (rank() != root) {
    copy = Scratch(tensor.dtype(), tensor.numel(), nullptr);
    phi::CopyBytes(BytesOf(copy), place_, data, place_, Bytes(tensor));
    data = BytesOf(copy);
  }
  const C_DataType type = CclType(tensor.dtype(), "reduce");
  OnStream([&] {
    Check(device_.table().ccl_all_reduce(data, data, tensor.numel(), type, CclOp(op), comm_, stream_),
          "ccl_all_reduce");
  });
}

void ProcessGroupCustom::RunAllGather(phi::DenseTensor& out, const phi::DenseTensor& in) {
  const C_DataType type = CclType(in.dtype(), "all_gather");
  OnStream([&] {
    Check(device_.table().ccl_all_gather(BytesOf(in), BytesOf(out), in.numel(), type, comm_, stream_),
          "ccl_all_gather");
  });
}

void ProcessGroupCustom::RunGather(phi::DenseTensor& out, const phi::DenseTensor& in, int root) {
  phi::DenseTensor gathered = rank() == root ? out : Scratch(in.dtype(), in.numel() * size());
  const C_DataType type = CclType(in.dtype(), "gather");
  OnStream([&] {
    Check(device_.table().ccl_all_gather(BytesOf(in), BytesOf(gathered), in.numel(), type, comm_, stream_),
          "ccl_all_gather");
  });
}

void ProcessGroupCustom::RunScatter(phi::DenseTensor& out, const phi::DenseTensor& in, int root) {
  const C_DataType type = CclType(out.dtype(), "scatter");
  const size_t part = Bytes(out);
  OnStream([&] {
    if (rank() != root) {
      Check(device_.table().ccl_recv(BytesOf(out), out.numel(), type, root, comm_, stream_), "ccl_recv");
      return;
    }
    for (int r = 0; r < size(); ++r) {
      if (r == root) {
        phi::CopyBytes(BytesOf(out), place_, BytesOf(in) + part * r, place_, part);
      } else {
        Check(device_.table().ccl_send(BytesOf(in) + part * r, out.numel(), type, r, comm_, stream_), "ccl_send");
      }
    }
  });
}

void ProcessGroupCustom::RunReduceScatter(phi::DenseTensor& out, const phi::DenseTensor& in, ReduceOp op) {
  const C_DataType type = CclType(in.dtype(), "reduce_scatter");
  OnStream([&] {
    Check(device_.table().ccl_reduce_scatter(BytesOf(in), BytesOf(out), out.numel(), type, CclOp(op), comm_,
                                             stream_),
          "ccl_reduce_scatter");
  });
}

void ProcessGroupCustom::RunAllToAll(phi::DenseTensor& out, const phi::DenseTensor& in,
                                     const std::vector<int64_t>& in_counts, const std::vector<int64_t>& out_counts) {
  const size_t n = static_cast<size_t>(size());
  const int64_t element = static_cast<int64_t>(SizeOf(in.dtype()));
  std::vector<int64_t> in_offset(n + 1, 0), out_offset(n + 1, 0);
  for (size_t r = 0; r < n; ++r) {
    in_offset[r + 1] = in_offset[r] + in_counts[r] * element;
    out_offset[r + 1] = out_offset[r] + out_counts[r] * element;
  }
  const C_DataType type = CclType(in.dtype(), "alltoall");
  const C_DeviceInterface& t = device_.table();
  // Pairs in one global order, the lower rank sending first: no rank waits on
  // a peer that waits on it, however blocking the plugin's sends are.
  OnStream([&] {
    phi::CopyBytes(BytesOf(out) + out_offset[rank()], place_, BytesOf(in) + in_offset[rank()], place_,
                   in_counts[rank()] * element);
    for (size_t a = 0; a < n; ++a) {
      for (size_t b = a + 1; b < n; ++b) {
        if (static_cast<size_t>(rank()) != a && static_cast<size_t>(rank()) != b) continue;
        const size_t peer = static_cast<size_t>(rank()) == a ? b : a;
        auto send = [&] {
          Check(t.ccl_send(BytesOf(in) + in_offset[peer], in_counts[peer], type, peer, comm_, stream_), "ccl_send");
        };
        auto recv = [&] {
          Check(t.ccl_recv(BytesOf(out) + out_offset[peer], out_counts[peer], type, peer, comm_, stream_), "ccl_recv");
        };
        if (static_cast<size_t>(rank()) == a) {
          send();
          recv();
        } else {
          recv();
          send();
        }
      }
    }
  });
}

void ProcessGroupCustom::RunSend(const phi::DenseTensor& tensor, int dst) {
  const C_DataType type = CclType(tensor.dtype(), "send");
  OnStream([&] {
    Check(device_.table().ccl_send(BytesOf(tensor), tensor.numel(), type, dst, comm_, stream_), "ccl_send");
  });
}

void ProcessGroupCustom::RunRecv(phi::DenseTensor& tensor, int src) {
  const C_DataType type = CclType(tensor.dtype(), "recv");
  OnStream([&] {
    Check(device_.table().ccl_recv(BytesOf(tensor), tensor.numel(), type, src, comm_, stream_), "ccl_recv");
  });
}

void ProcessGroupCustom::RunBarrier() {
  const int32_t zero = 0;
  phi::DenseTensor token = Scratch(DataType::INT32, 1, &zero);
  OnStream([&] {
    Check(device_.table().ccl_all_reduce(BytesOf(token), BytesOf(token), 1, C_INT32, C_CCL_SUM, comm_, stream_),
          "ccl_all_reduce");
  });
}

}  // namespace paddle::distributed
