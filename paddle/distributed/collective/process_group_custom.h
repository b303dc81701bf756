// The plugin-device backend of Note [Process groups]: the collectives a
// plugin exports through device_ext.h (ccl_*, as PaddlePaddle's "xccl"),
// on tensors in the device's memory. Rank 0 makes the communicator's root id
// and hands it to the others through our store. Each collective is queued
// on the group's own stream of the device after the work already queued on
// the device's current stream (an event orders them), and has finished when
// its Task completes. Gather, scatter, reduce and alltoall are built from
// the plugin's all-gather, all-reduce, send and receive.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/common/place.h"
#include "paddle/distributed/collective/process_group.h"
#include "paddle/distributed/store/tcp_store.h"
#include "paddle/phi/backends/custom/device_ext.h"

namespace phi::custom {
class CustomDevice;
}

namespace paddle::distributed {

// Raises Unavailable unless the plugin of `device_type` has collectives.
void CheckPluginCollectives(const std::string& device_type);

class ProcessGroupCustom final : public ProcessGroup {
 public:
  // Joins group `id` on `place` (a plugin device); blocks until every rank
  // has, up to the timeout. Unavailable when the plugin has no collectives.
  ProcessGroupCustom(std::shared_ptr<TCPStore> store, int rank, int size, int id, const phi::Place& place,
                     std::chrono::milliseconds timeout);
  ~ProcessGroupCustom() override;

  std::string backend() const override { return "xccl"; }
  Place place() const override { return place_; }

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
  // Orders the group's stream after the device's current one, runs the
  // plugin calls `issue` makes there, and waits for them.
  template <typename F>
  void OnStream(F&& issue);
  void Check(C_Status status, const char* function) const;

  std::shared_ptr<TCPStore> store_;
  const phi::custom::CustomDevice& device_;
  phi::Place place_;
  C_CCLComm comm_ = nullptr;
  C_Stream stream_ = nullptr;
  C_Event ready_ = nullptr;  // recorded on the current stream before each collective
};

}  // namespace paddle::distributed
