// The GPU backend of Note [Process groups]: NCCL (opened on first use, Note
// [GPU libraries on first use]) on tensors in one GPU's memory per rank.
// Rank 0 makes the communicator's unique id and hands it to the others
// through our store. Each group has its own CUDA stream: a collective is
// queued there after the work already queued on the device's current stream
// (an event orders them), and has finished when its Task completes, so the
// compute stream may use the result at once. Gather, scatter and alltoall
// are NCCL send/receive groups.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/distributed/collective/process_group.h"
#include "paddle/distributed/store/tcp_store.h"

namespace paddle::distributed {

class ProcessGroupNCCL final : public ProcessGroup {
 public:
  // Joins group `id` on GPU `device`; blocks until every rank has.
  ProcessGroupNCCL(std::shared_ptr<TCPStore> store, int rank, int size, int id, int device,
                   std::chrono::milliseconds timeout);
  ~ProcessGroupNCCL() override;

  std::string backend() const override { return "nccl"; }
  Place place() const override { return GPUPlace(device_); }

 protected:
  void CheckTensor(const phi::DenseTensor& t, const char* what, const char* arg) const override;
  void RunAllReduce(phi::DenseTensor& tensor, ReduceOp op) override;
  void RunBroadcast(phi::DenseTensor& tensor, int root) override;
  void RunReduce(phi::DenseTensor& tensor, int root, ReduceOp op) override;
  void RunAllGather(phi::DenseTensor& out, const phi::DenseTensor& in) override;
  void RunGather(phi::DenseTensor& out, const phi::DenseTensor& in, int root) override;
  void RunScatter(phi::DenseTensor& out, const phi::DenseTensor& in, int root) override;
  void RunReduceScatter(phi::DenseTensor& out, const phi::DenseTensor& in, ReduceOp op) override;
  void RunAllToAll(phi::DenseTensor& out, const phi::DenseTensor& in, const std::vector<int64_t>& in_counts,
                   const std::vector<int64_t>& out_counts) override;
  void RunSend(const phi::DenseTensor& tensor, int dst) override;
  void RunRecv(phi::DenseTensor& tensor, int src) override;
  void RunBarrier() override;

 private:
  struct Cuda;  // the communicator, stream and event (CUDA types stay out of this header)

  // Orders the group's stream after the device's current one, runs the
  // NCCL calls `issue` makes there, and waits for them.
  template <typename F>
  void OnStream(F&& issue);

  std::shared_ptr<TCPStore> store_;
  int device_;
  std::unique_ptr<Cuda> cuda_;
};

}  // namespace paddle::distributed
