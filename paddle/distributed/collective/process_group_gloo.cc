#include "paddle/distributed/collective/process_group_gloo.h"

#include <gloo/allgather.h>
#include <gloo/allreduce.h>
#include <gloo/alltoallv.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/gather.h>
#include <gloo/reduce.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/store.h>
#include <gloo/scatter.h>
#include <gloo/transport/tcp/device.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "paddle/common/errors.h"

namespace paddle::distributed {
namespace {

// Gloo's rendezvous through our store, each group under its own prefix.
class GlooStore final : public gloo::rendezvous::Store {
 public:
  GlooStore(std::shared_ptr<TCPStore> store, std::string prefix) : store_(std::move(store)), prefix_(std::move(prefix)) {}

  void set(const std::string& key, const std::vector<char>& data) override {
    store_->Set(prefix_ + key, std::string(data.begin(), data.end()));
  }
  std::vector<char> get(const std::string& key) override {
    const std::string value = store_->Get(prefix_ + key);
    return std::vector<char>(value.begin(), value.end());
  }
  void wait(const std::vector<std::string>& keys) override { store_->Wait(Prefixed(keys)); }
  void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override {
    store_->Wait(Prefixed(keys), timeout);
  }

 private:
  std::vector<std::string> Prefixed(const std::vector<std::string>& keys) const {
    std::vector<std::string> out;
    for (const auto& k : keys) out.push_back(prefix_ + k);
    return out;
  }

  std::shared_ptr<TCPStore> store_;
  std::string prefix_;
};

// Calls f(T{}) with the C++ type of dtype.
template <typename F>
void VisitDtype(DataType dtype, F&& f) {
  switch (dtype) {
#define PD_GLOO_CASE(cpp, name, str) \
  case DataType::name:               \
    f(cpp{});                        \
    return;
    PD_FOR_EACH_DATA_TYPE(PD_GLOO_CASE)
#undef PD_GLOO_CASE
    default:
      break;
  }
  PD_THROW(InvalidType, "[ProcessGroupGloo] unsupported dtype ", DataTypeName(dtype));
}

template <typename T>
constexpr bool kOrdered = !std::is_same_v<T, complex64> && !std::is_same_v<T, complex128>;

template <typename T, ReduceOp Op>
void Combine(void* out, const void* a, const void* b, size_t n) {
  T* o = static_cast<T*>(out);
  const T* x = static_cast<const T*>(a);
  const T* y = static_cast<const T*>(b);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (Op == ReduceOp::kSum || Op == ReduceOp::kAvg) {
      o[i] = static_cast<T>(x[i] + y[i]);
    } else if constexpr (Op == ReduceOp::kProd) {
      o[i] = static_cast<T>(x[i] * y[i]);
    } else if constexpr (Op == ReduceOp::kMax) {
      o[i] = x[i] < y[i] ? y[i] : x[i];
    } else {
      o[i] = y[i] < x[i] ? y[i] : x[i];
    }
  }
}

// The element-wise reduction gloo applies (AVG sums; the caller divides).
template <typename T>
gloo::AllreduceOptions::Func ReduceFunction(ReduceOp op, const char* what) {
  if constexpr (std::is_same_v<T, bool>) {
    PD_CHECK(op == ReduceOp::kMax || op == ReduceOp::kMin, InvalidType, "[", what, "] ", ReduceOpName(op),
             " of bool tensors is not defined; MAX (any) and MIN (all) are");
  }
  switch (op) {
    case ReduceOp::kSum:
    case ReduceOp::kAvg: return Combine<T, ReduceOp::kSum>;
    case ReduceOp::kProd: return Combine<T, ReduceOp::kProd>;
    case ReduceOp::kMax:
    case ReduceOp::kMin:
      if constexpr (kOrdered<T>) {
        return op == ReduceOp::kMax ? Combine<T, ReduceOp::kMax> : Combine<T, ReduceOp::kMin>;
      } else {
        PD_THROW(InvalidType, "[", what, "] ", ReduceOpName(op), " of complex tensors is not defined");
      }
  }
  PD_THROW(InvalidArgument, "[", what, "] unknown reduce op");
}

// tensor /= n, for AVG.
template <typename T>
void DivideBy(phi::DenseTensor& tensor, int n) {
  if constexpr (!std::is_same_v<T, bool>) {
    T* p = tensor.data<T>();
    for (int64_t i = 0; i < tensor.numel(); ++i) p[i] = static_cast<T>(p[i] / static_cast<T>(n));
  }
}


// Runs a gloo collective, turning gloo's exceptions into ours: its I/O
// errors carry "Timed out" when a peer never came.
template <typename F>
void Guarded(const char* what, F&& run) {
  try {
    run();
  } catch (const gloo::IoException& e) {
    const std::string message = e.what();
    PD_CHECK(message.find("imed out") == std::string::npos, Timeout, "[", what, "] a peer did not answer in time: ",
             message);
    PD_THROW(Unavailable, "[", what, "] the connection to a peer broke (did a rank exit?): ", message);
  } catch (const gloo::Exception& e) {
    PD_THROW(Unavailable, "[", what, "] ", e.what());
  } catch (const gloo::EnforceNotMet& e) {
    PD_THROW(Unavailable, "[", what, "] ", e.what());
  }
}

}  // namespace

ProcessGroupGloo::ProcessGroupGloo(std::shared_ptr<TCPStore> store, int rank, int size, int id,
                                   const std::string& host, std::chrono::milliseconds timeout)
    : ProcessGroup(rank, size, id, timeout),
      store_(std::move(store)),
      sent_(size),
      received_(size),
      carried_bytes_(std::min<size_t>(256 << 10, (size_t{16} << 20) / size / 8 * 8)) {
  Guarded("init_parallel_env", [&] {
    gloo::transport::tcp::attr attr(host.c_str());
    auto device = gloo::transport::tcp::CreateDevice(attr);
    auto context = std::make_shared<gloo::rendezvous::Context>(rank, size);
    context->setTimeout(timeout);
    GlooStore prefixed(store_, "gloo/" + std::to_string(id) + "/");
    context->connectFullMesh(prefixed, device);
    context_ = context;
  });
}

ProcessGroupGloo::~ProcessGroupGloo() { Shutdown(); }

namespace {

// The slot of a group's n-th agreement, apart from the slots gloo's
// collectives take from their tags and from point-to-point messages.
uint64_t AgreementSlot(int id, uint32_t n) { return (uint64_t{0xFD} << 56) | (static_cast<uint64_t>(id) << 40) | n; }

}  // namespace

std::vector<ProcessGroup::Signature> ProcessGroupGloo::Exchange(const Signature& mine, const void* payload,
                                                               size_t bytes) {
  const uint64_t slot = AgreementSlot(id(), NextTag());
  outbox_.resize(sizeof(Signature) + bytes);
  std::memcpy(outbox_.data(), &mine, sizeof(Signature));
  if (bytes > 0) std::memcpy(outbox_.data() + sizeof(Signature), payload, bytes);
  inbox_.resize(MessageBytes() * size());
  Guarded(CollectiveName(mine.collective), [&] {
    auto in = context_->createUnboundBuffer(inbox_.data(), inbox_.size());
    auto out = context_->createUnboundBuffer(outbox_.data(), outbox_.size());
    for (int r = 0; r < size(); ++r) {
      if (r != rank()) in->recv(r, slot, static_cast<size_t>(r) * MessageBytes(), MessageBytes());
    }
    for (int r = 0; r < size(); ++r) {
      if (r != rank()) out->send(r, slot);
    }
    for (int r = 1; r < size(); ++r) in->waitRecv(nullptr, timeout());
    for (int r = 1; r < size(); ++r) out->waitSend(nullptr, timeout());
  });
  std::memcpy(inbox_.data() + static_cast<size_t>(rank()) * MessageBytes(), outbox_.data(), outbox_.size());
  std::vector<Signature> all(size());
  for (int r = 0; r < size(); ++r) std::memcpy(&all[r], inbox_.data() + static_cast<size_t>(r) * MessageBytes(),
                                               sizeof(Signature));
  return all;
}

std::vector<ProcessGroup::Signature> ProcessGroupGloo::ExchangeSignatures(const Signature& mine) {
  return Exchange(mine, nullptr, 0);
}

void ProcessGroupGloo::AgreeAndAllReduce(phi::DenseTensor& tensor, ReduceOp op, const Signature& mine) {
  const size_t bytes = Bytes(tensor);
  if (bytes > carried_bytes_ || size() == 1) {
    ProcessGroup::AgreeAndAllReduce(tensor, op, mine);
    return;
  }
  CheckAgreement(mine, Exchange(mine, tensor.raw_data(), bytes));
  VisitDtype(tensor.dtype(), [&](auto zero) {
    using T = decltype(zero);
    auto reduce = ReduceFunction<T>(op, "all_reduce");
    std::memcpy(tensor.raw_data(), Carried(0), bytes);
    for (int r = 1; r < size(); ++r) reduce(tensor.raw_data(), tensor.raw_data(), Carried(r), tensor.numel());
    if (op == ReduceOp::kAvg) DivideBy<T>(tensor, size());
  });
}

void ProcessGroupGloo::RunAllReduce(phi::DenseTensor& tensor, ReduceOp op) {
  VisitDtype(tensor.dtype(), [&](auto zero) {
    using T = decltype(zero);
    auto reduce = ReduceFunction<T>(op, "all_reduce");
    Guarded("all_reduce", [&] {
      gloo::AllreduceOptions opts(context_);
      opts.setOutput(tensor.data<T>(), static_cast<size_t>(tensor.numel()));
      opts.setReduceFunction(reduce);
      opts.setTag(NextTag());
      gloo::allreduce(opts);
    });
    if (op == ReduceOp::kAvg) DivideBy<T>(tensor, size());
  });
}

void ProcessGroupGloo::RunBroadcast(phi::DenseTensor& tensor, int root) {
  Guarded("broadcast", [&] {
    gloo::BroadcastOptions opts(context_);
    opts.setOutput(BytesOf(tensor), Bytes(tensor));
    opts.setRoot(root);
    opts.setTag(NextTag());
    gloo::broadcast(opts);
  });
}

void ProcessGroupGloo::RunReduce(phi::DenseTensor& tensor, int root, ReduceOp op) {
  VisitDtype(tensor.dtype(), [&](auto zero) {
    using T = decltype(zero);
    auto reduce = ReduceFunction<T>(op, "reduce");
    // gloo's reduce scribbles on the non-roots' buffers: they reduce a copy.
    phi::DenseTensor copy = rank() != root ? Scratch(tensor.dtype(), tensor.numel(), tensor.raw_data()) : tensor;
    T* data = copy.data<T>();
    Guarded("reduce", [&] {
      gloo::ReduceOptions opts(context_);
      opts.setOutput(data, static_cast<size_t>(tensor.numel()));
      opts.setRoot(root);
      opts.setReduceFunction(reduce);
      opts.setTag(NextTag());
      gloo::reduce(opts);
    });
    if (op == ReduceOp::kAvg && rank() == root) DivideBy<T>(tensor, size());
  });
}

void ProcessGroupGloo::RunAllGather(phi::DenseTensor& out, const phi::DenseTensor& in) {
  Guarded("all_gather", [&] {
    gloo::AllgatherOptions opts(context_);
    opts.setInput(BytesOf(in), Bytes(in));
    opts.setOutput(BytesOf(out), Bytes(in) * size());
    opts.setTag(NextTag());
    gloo::allgather(opts);
  });
}

void ProcessGroupGloo::RunGather(phi::DenseTensor& out, const phi::DenseTensor& in, int root) {
  Guarded("gather", [&] {
    gloo::GatherOptions opts(context_);
    opts.setInput(BytesOf(in), Bytes(in));
    if (rank() == root) opts.setOutput(BytesOf(out), Bytes(in) * size());
    opts.setRoot(root);
    opts.setTag(NextTag());
    gloo::gather(opts);
  });
}

void ProcessGroupGloo::RunScatter(phi::DenseTensor& out, const phi::DenseTensor& in, int root) {
  Guarded("scatter", [&] {
    gloo::ScatterOptions opts(context_);
    std::vector<uint8_t*> parts;
    if (rank() == root) {
      for (int r = 0; r < size(); ++r) parts.push_back(BytesOf(in) + Bytes(out) * r);
      opts.setInputs(parts, Bytes(out));
    }
    opts.setOutput(BytesOf(out), Bytes(out));
    opts.setRoot(root);
    opts.setTag(NextTag());
    gloo::scatter(opts);
  });
}

void ProcessGroupGloo::RunReduceScatter(phi::DenseTensor& out, const phi::DenseTensor& in, ReduceOp op) {
  // The reduction of everything, then this rank's part: one all_reduce
  // moves twice the bytes a ring reduce-scatter would, for a collective
  // the CPU backend rarely runs on big tensors.
  phi::DenseTensor whole = Scratch(in.dtype(), in.numel(), in.raw_data());
  RunAllReduce(whole, op);
  std::memcpy(out.raw_data(), BytesOf(whole) + Bytes(out) * rank(), Bytes(out));
}

void ProcessGroupGloo::RunAllToAll(phi::DenseTensor& out, const phi::DenseTensor& in,
                                   const std::vector<int64_t>& in_counts, const std::vector<int64_t>& out_counts) {
  const int64_t element = static_cast<int64_t>(SizeOf(in.dtype()));
  std::vector<int64_t> in_bytes, out_bytes;
  for (int r = 0; r < size(); ++r) {
    in_bytes.push_back(in_counts[r] * element);
    out_bytes.push_back(out_counts[r] * element);
  }
  Guarded("alltoall", [&] {
    gloo::AlltoallvOptions opts(context_);
    opts.setInput(BytesOf(in), in_bytes);
    opts.setOutput(BytesOf(out), out_bytes);
    opts.setTag(NextTag());
    gloo::alltoallv(opts);
  });
}

namespace {

// The slot of the n-th point-to-point message of group `id` between two
// ranks, apart from the slots gloo's collectives take from their tags.
uint64_t MessageSlot(int id, uint64_t n) { return (uint64_t{0xFE} << 56) | (static_cast<uint64_t>(id) << 40) | n; }

}  // namespace

void ProcessGroupGloo::RunSend(const phi::DenseTensor& tensor, int dst) {
  Guarded("send", [&] {
    auto buffer = context_->createUnboundBuffer(BytesOf(tensor), Bytes(tensor));
    buffer->send(dst, MessageSlot(id(), sent_[dst]++));
    buffer->waitSend(nullptr, timeout());
  });
}

void ProcessGroupGloo::RunRecv(phi::DenseTensor& tensor, int src) {
  Guarded("recv", [&] {
    auto buffer = context_->createUnboundBuffer(BytesOf(tensor), Bytes(tensor));
    buffer->recv(src, MessageSlot(id(), received_[src]++));
    buffer->waitRecv(nullptr, timeout());
  });
}

void ProcessGroupGloo::RunBarrier() {
  Guarded("barrier", [&] {
    gloo::BarrierOptions opts(context_);
    opts.setTag(NextTag());
    gloo::barrier(opts);
  });
}

}  // namespace paddle::distributed
