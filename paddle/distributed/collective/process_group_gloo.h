// The CPU backend of Note [Process groups]: Gloo's collectives (Debian's
// libgloo) over TCP, its full mesh of connections set up through our store
// (Note [TCP store]) under the group's own prefix.
//
// Note [One-shot agreement]
// The ranks agree on each collective (Note [Process groups]) by sending
// their signature straight to every other rank: one step, where a ring
// all-gather takes n - 1. Each rank posts a receive of MessageBytes() per
// peer, so a message never overflows it whatever the peer was asked (gloo
// aborts the process on an oversized message). An all-reduce of at most
// carried_bytes_ rides along: the signature message carries the tensor, and
// once all agree each rank reduces the n tensors itself, in rank order, so
// that every rank gets the same bits. For small tensors that one step
// replaces the agreement plus the ring's 2(n - 1) steps; it sends n - 1
// copies where the ring sends two, so it pays while a step's latency costs
// more than the copies' transfer: up to about 2 x latency x bandwidth
// (~400 KB on loopback, 100 us and 4 GB/s). The limit, 256 KB, shrinks
// with many ranks so that the n buffers stay within 16 MB.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/distributed/collective/process_group.h"
#include "paddle/distributed/store/tcp_store.h"

namespace gloo {
class Context;
}

namespace paddle::distributed {

class ProcessGroupGloo final : public ProcessGroup {
 public:
  // Connects to every other rank of group `id`; `host` is the address the
  // others reach this process at. Blocks until all ranks arrive, up to the
  // timeout.
  ProcessGroupGloo(std::shared_ptr<TCPStore> store, int rank, int size, int id, const std::string& host,
                   std::chrono::milliseconds timeout);
  ~ProcessGroupGloo() override;

  std::string backend() const override { return "gloo"; }

 protected:
  std::vector<Signature> ExchangeSignatures(const Signature& mine) override;
  void AgreeAndAllReduce(phi::DenseTensor& tensor, ReduceOp op, const Signature& mine) override;
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

  uint32_t NextTag() { return next_tag_++; }
  // Note [One-shot agreement]: sends `mine` and `bytes` of `payload` to every
  // peer; returns every rank's signature. Rank r's payload is then at
  // Carried(r) (this rank's too), until the next exchange.
  std::vector<Signature> Exchange(const Signature& mine, const void* payload, size_t bytes);
  size_t MessageBytes() const { return sizeof(Signature) + carried_bytes_; }
  uint8_t* Carried(int r) { return inbox_.data() + static_cast<size_t>(r) * MessageBytes() + sizeof(Signature); }

  std::shared_ptr<TCPStore> store_;
  std::shared_ptr<gloo::Context> context_;
  uint32_t next_tag_ = 0;  // the collectives run one at a time on the group's thread
  // Point-to-point messages sent to and received from each peer so far: the
  // n-th send to a rank meets that rank's n-th receive from this one.
  std::vector<uint64_t> sent_, received_;
  size_t carried_bytes_;
  std::vector<uint8_t> outbox_, inbox_;  // this rank's message; MessageBytes() per rank
};

}  // namespace paddle::distributed
