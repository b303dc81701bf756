#include "paddle/distributed/collective/process_group.h"

#include <cstring>

#include <utility>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/memcpy.h"

namespace paddle::distributed {
namespace {

enum Collective : int64_t {
  kAllReduce,
  kBroadcast,
  kReduce,
  kAllGather,
  kGather,
  kScatter,
  kReduceScatter,
  kAllToAll,
  kBarrier,
};

}  // namespace

const char* CollectiveName(int64_t c) {
  static const char* names[] = {"all_reduce", "broadcast", "reduce",   "all_gather", "gather",
                                "scatter",    "reduce_scatter", "alltoall", "barrier"};
  return c >= 0 && c <= kBarrier ? names[c] : "an unknown collective";
}

const char* ReduceOpName(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return "SUM";
    case ReduceOp::kMax: return "MAX";
    case ReduceOp::kMin: return "MIN";
    case ReduceOp::kProd: return "PROD";
    case ReduceOp::kAvg: return "AVG";
  }
  return "?";
}

void Task::Wait() {
  std::unique_lock<std::mutex> lock(mu_);
  done_cv_.wait(lock, [&] { return done_; });
  if (error_) std::rethrow_exception(error_);
}

bool Task::IsCompleted() {
  std::lock_guard<std::mutex> lock(mu_);
  return done_;
}

void Task::Finish(std::exception_ptr error) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
    error_ = std::move(error);
  }
  done_cv_.notify_all();
}

ProcessGroup::ProcessGroup(int rank, int size, int id, std::chrono::milliseconds timeout)
    : rank_(rank), size_(size), id_(id), timeout_(timeout) {
  PD_CHECK(size >= 1 && rank >= 0 && rank < size, InvalidArgument, "[ProcessGroup] rank ", rank,
           " must be in [0, ", size, ")");
  worker_ = std::thread([this] { Loop(); });
}

ProcessGroup::~ProcessGroup() { Shutdown(); }

void ProcessGroup::Shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ && !worker_.joinable()) return;
    stopping_ = true;
  }
  queued_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void ProcessGroup::Loop() {
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      queued_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
    }
    std::lock_guard<std::mutex> running(run_mu_);
    RunQueued();
  }
}

void ProcessGroup::RunQueued() {
  for (;;) {
    std::pair<std::shared_ptr<Task>, std::function<void()>> item;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (queue_.empty()) return;
      item = std::move(queue_.front());
      queue_.pop_front();
    }
    Execute(*item.first, item.second);
  }
}

void ProcessGroup::Execute(Task& task, const std::function<void()>& run) {
  std::exception_ptr error;
  try {
    run();
  } catch (...) {
    error = std::current_exception();
  }
  task.Finish(error);
}

std::shared_ptr<Task> ProcessGroup::Submit(std::function<void()> run, bool sync) {
  auto task = std::make_shared<Task>();
  if (sync) {
    std::lock_guard<std::mutex> running(run_mu_);
    {
      std::lock_guard<std::mutex> lock(mu_);
      PD_CHECK(!stopping_, PreconditionNotMet, "[ProcessGroup] the group was destroyed");
    }
    RunQueued();
    Execute(*task, run);
    return task;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    PD_CHECK(!stopping_, PreconditionNotMet, "[ProcessGroup] the group was destroyed");
    queue_.emplace_back(task, std::move(run));
  }
  queued_.notify_one();
  return task;
}

void ProcessGroup::CheckTensor(const phi::DenseTensor& t, const char* what, const char* arg) const {
  PD_CHECK(t.place().is_cpu(), InvalidArgument, "[", what, "] argument '", arg, "': the ", backend(),
           " backend takes CPU tensors, but got one on ", t.place().ToString());
  PD_CHECK(t.IsContiguous(), InvalidArgument, "[", what, "] argument '", arg, "': expected a contiguous tensor");
}

void ProcessGroup::CheckAllToAllCounts(const std::vector<int64_t>& in_counts, const std::vector<int64_t>& out_counts) {
  const size_t n = static_cast<size_t>(size_);
  phi::DenseTensor all = Scratch(DataType::INT64, static_cast<int64_t>(n * n));
  RunAllGather(all, Scratch(DataType::INT64, static_cast<int64_t>(n), in_counts.data()));
  const std::vector<uint8_t> bytes = ToHost(all);
  const auto* sends = reinterpret_cast<const int64_t*>(bytes.data());
  for (size_t r = 0; r < n; ++r) {
    const int64_t sent = sends[r * n + static_cast<size_t>(rank_)];
    PD_CHECK(sent == out_counts[r], InvalidArgument, "[alltoall] rank ", r, " sends rank ", rank_, " ", sent,
             " elements, but rank ", rank_, " expects ", out_counts[r]);
  }
}

phi::DenseTensor ProcessGroup::Scratch(DataType dtype, int64_t numel, const void* host) const {
  phi::DenseTensor t(phi::DenseTensorMeta(dtype, DDim({numel})));
  void* data = t.AllocateStorage(place());
  if (host != nullptr) phi::CopyBytes(data, place(), host, CPUPlace(), Bytes(t));
  return t;
}

std::vector<uint8_t> ProcessGroup::ToHost(const phi::DenseTensor& t) const {
  std::vector<uint8_t> host(Bytes(t));
  phi::CopyBytes(host.data(), CPUPlace(), t.raw_data(), place(), host.size());
  return host;
}

std::vector<ProcessGroup::Signature> ProcessGroup::ExchangeSignatures(const Signature& mine) {
  phi::DenseTensor all = Scratch(DataType::UINT8, static_cast<int64_t>(sizeof(Signature)) * size_);
  RunAllGather(all, Scratch(DataType::UINT8, sizeof(Signature), &mine));
  const std::vector<uint8_t> bytes = ToHost(all);
  std::vector<Signature> signatures(size_);
  std::memcpy(signatures.data(), bytes.data(), bytes.size());
  return signatures;
}

void ProcessGroup::CheckRank(int r, const char* what, const char* arg) const {
  PD_CHECK(r >= 0 && r < size_, InvalidArgument, "[", what, "] argument '", arg, "': expected a rank in [0, ", size_,
           "), but got ", r);
}

void ProcessGroup::Agree(const Signature& mine) { CheckAgreement(mine, ExchangeSignatures(mine)); }

void ProcessGroup::CheckAgreement(const Signature& mine, const std::vector<Signature>& all) const {
  const char* what = CollectiveName(mine.collective);
  for (int r = 0; r < size_; ++r) {
    const Signature& s = all[r];
    PD_CHECK(s.collective == mine.collective, InvalidArgument, "[", what, "] rank ", r, " called ",
             CollectiveName(s.collective), " at this point, rank ", rank_, " ", what,
             ": every rank must call the same collectives in the same order");
    PD_CHECK(s.dtype == mine.dtype, InvalidArgument, "[", what, "] rank ", r, " gave ",
             paddle::DataTypeName(static_cast<phi::DataType>(s.dtype)), ", rank ", rank_, " ",
             paddle::DataTypeName(static_cast<phi::DataType>(mine.dtype)), ": the ranks' tensors must share a dtype");
    PD_CHECK(s.elements == mine.elements, InvalidArgument, "[", what, "] rank ", r, "'s tensor has ", s.elements,
             " elements, rank ", rank_, "'s ", mine.elements, ": the ranks' tensors must have the same shape");
    PD_CHECK(s.root == mine.root, InvalidArgument, "[", what, "] rank ", r, " named root ", s.root, ", rank ", rank_,
             " root ", mine.root);
  }
}

std::shared_ptr<Task> ProcessGroup::AllReduce(phi::DenseTensor tensor, ReduceOp op, bool sync) {
  CheckTensor(tensor, "all_reduce", "tensor");
  return Submit([=, this]() mutable {
    AgreeAndAllReduce(tensor, op, {kAllReduce, static_cast<int64_t>(tensor.dtype()), tensor.numel(), -1});
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Broadcast(phi::DenseTensor tensor, int root, bool sync) {
  CheckTensor(tensor, "broadcast", "tensor");
  CheckRank(root, "broadcast", "src");
  return Submit([=, this]() mutable {
    Agree({kBroadcast, static_cast<int64_t>(tensor.dtype()), tensor.numel(), root});
    RunBroadcast(tensor, root);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Reduce(phi::DenseTensor tensor, int root, ReduceOp op, bool sync) {
  CheckTensor(tensor, "reduce", "tensor");
  CheckRank(root, "reduce", "dst");
  return Submit([=, this]() mutable {
    Agree({kReduce, static_cast<int64_t>(tensor.dtype()), tensor.numel(), root});
    RunReduce(tensor, root, op);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::AllGather(phi::DenseTensor out, phi::DenseTensor in, bool sync) {
  CheckTensor(in, "all_gather", "tensor");
  CheckTensor(out, "all_gather", "tensor_list");
  PD_CHECK(out.numel() == in.numel() * size_ && out.dtype() == in.dtype(), InvalidArgument,
           "[all_gather] the output must hold ", size_, " x ", in.numel(), " elements of ", paddle::DataTypeName(in.dtype()));
  return Submit([=, this]() mutable {
    Agree({kAllGather, static_cast<int64_t>(in.dtype()), in.numel(), -1});
    RunAllGather(out, in);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Gather(phi::DenseTensor out, phi::DenseTensor in, int root, bool sync) {
  CheckTensor(in, "gather", "tensor");
  CheckRank(root, "gather", "dst");
  if (rank_ == root) {
    CheckTensor(out, "gather", "gather_list");
    PD_CHECK(out.numel() == in.numel() * size_ && out.dtype() == in.dtype(), InvalidArgument,
             "[gather] the output must hold ", size_, " x ", in.numel(), " elements of ", paddle::DataTypeName(in.dtype()));
  }
  return Submit([=, this]() mutable {
    Agree({kGather, static_cast<int64_t>(in.dtype()), in.numel(), root});
    RunGather(out, in, root);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Scatter(phi::DenseTensor out, phi::DenseTensor in, int root, bool sync) {
  CheckTensor(out, "scatter", "tensor");
  CheckRank(root, "scatter", "src");
  if (rank_ == root) {
    CheckTensor(in, "scatter", "tensor_list");
    PD_CHECK(in.numel() == out.numel() * size_ && out.dtype() == in.dtype(), InvalidArgument,
             "[scatter] the input must hold ", size_, " x ", out.numel(), " elements of ", paddle::DataTypeName(out.dtype()));
  }
  return Submit([=, this]() mutable {
    Agree({kScatter, static_cast<int64_t>(out.dtype()), out.numel(), root});
    RunScatter(out, in, root);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::ReduceScatter(phi::DenseTensor out, phi::DenseTensor in, ReduceOp op, bool sync) {
  CheckTensor(in, "reduce_scatter", "tensor_list");
  CheckTensor(out, "reduce_scatter", "tensor");
  PD_CHECK(in.numel() == out.numel() * size_ && out.dtype() == in.dtype(), InvalidArgument,
           "[reduce_scatter] the input must hold ", size_, " x ", out.numel(), " elements of ",
           paddle::DataTypeName(out.dtype()));
  return Submit([=, this]() mutable {
    Agree({kReduceScatter, static_cast<int64_t>(in.dtype()), in.numel(), -1});
    RunReduceScatter(out, in, op);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::AllToAll(phi::DenseTensor out, phi::DenseTensor in,
                                             std::vector<int64_t> in_counts, std::vector<int64_t> out_counts, bool sync) {
  CheckTensor(in, "alltoall", "in_tensor");
  CheckTensor(out, "alltoall", "out_tensor");
  PD_CHECK(in.dtype() == out.dtype(), InvalidArgument, "[alltoall] in and out must share a dtype, but got ",
           paddle::DataTypeName(in.dtype()), " and ", paddle::DataTypeName(out.dtype()));
  for (auto* counts : {&in_counts, &out_counts}) {
    const phi::DenseTensor& t = counts == &in_counts ? in : out;
    if (counts->empty()) {
      PD_CHECK(t.numel() % size_ == 0, InvalidArgument, "[alltoall] a tensor of ", t.numel(),
               " elements does not split into ", size_, " equal parts");
      counts->assign(size_, t.numel() / size_);
    }
    int64_t total = 0;
    for (int64_t c : *counts) {
      PD_CHECK(c >= 0, InvalidArgument, "[alltoall] split sizes must be >= 0, but got ", c);
      total += c;
    }
    PD_CHECK(counts->size() == static_cast<size_t>(size_) && total == t.numel(), InvalidArgument,
             "[alltoall] ", size_, " split sizes must add up to the tensor's ", t.numel(), " elements");
  }
  return Submit([=, this]() mutable {
    Agree({kAllToAll, static_cast<int64_t>(in.dtype()), -1, -1});
    CheckAllToAllCounts(in_counts, out_counts);
    RunAllToAll(out, in, in_counts, out_counts);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Send(phi::DenseTensor tensor, int dst, bool sync) {
  CheckTensor(tensor, "send", "tensor");
  CheckRank(dst, "send", "dst");
  PD_CHECK(dst != rank_, InvalidArgument, "[send] argument 'dst': a rank cannot send to itself (rank ", rank_, ")");
  return Submit([=, this]() mutable {
    // A header first (elements, dtype), so that the receiver can refuse a mismatch.
    const int64_t header[2] = {tensor.numel(), static_cast<int64_t>(tensor.dtype())};
    RunSend(Scratch(DataType::INT64, 2, header), dst);
    RunSend(tensor, dst);
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Recv(phi::DenseTensor tensor, int src, bool sync) {
  CheckTensor(tensor, "recv", "tensor");
  CheckRank(src, "recv", "src");
  PD_CHECK(src != rank_, InvalidArgument, "[recv] argument 'src': a rank cannot receive from itself (rank ", rank_,
           ")");
  return Submit([=, this]() mutable {
    phi::DenseTensor head = Scratch(DataType::INT64, 2);
    RunRecv(head, src);
    int64_t header[2];
    std::memcpy(header, ToHost(head).data(), sizeof(header));
    const auto sent = static_cast<DataType>(header[1]);
    if (header[0] == tensor.numel() && sent == tensor.dtype()) {
      RunRecv(tensor, src);
      return;
    }
    phi::DenseTensor unwanted = Scratch(sent, header[0]);  // taken off the wire, then refused
    RunRecv(unwanted, src);
    PD_THROW(InvalidArgument, "[recv] rank ", src, " sent ", header[0], " elements of ", paddle::DataTypeName(sent),
             ", but the receiving tensor holds ", tensor.numel(), " of ", paddle::DataTypeName(tensor.dtype()));
  }, sync);
}

std::shared_ptr<Task> ProcessGroup::Barrier(bool sync) {
  return Submit([this] {
    Agree({kBarrier, 0, 0, -1});
    RunBarrier();
  }, sync);
}

}  // namespace paddle::distributed
