// Note [Process groups]
// A ProcessGroup is a set of ranks and the collectives among them, one
// backend each (Gloo on the CPU; NCCL on GPUs). Collectives run in call
// order, one at a time. An asynchronous call (sync false) is queued for the
// group's own thread and returns a Task at once, so the caller overlaps its
// work with the communication; a synchronous one runs on the caller's thread
// once the queued ones ran, sparing two thread hand-offs (on a loaded CPU
// each costs as much as a small message's transfer). Task::Wait rethrows
// what failed. Every rank must call the same
// collectives in the same order: before each one the ranks compare what
// they were asked (the collective, the dtype, the element counts) and all of
// them raise ValueError naming the difference instead of exchanging garbage
// or hanging. A peer that never comes raises TimeoutError after the group's
// timeout.
//
// Tensors are contiguous DenseTensors where the backend works (CPU memory
// for Gloo, the device's for a plugin's); outputs are allocated by the
// caller with their final shapes. The tasks hold the tensors (a DenseTensor
// shares its memory) until they finish.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"

namespace paddle::distributed {

enum class ReduceOp { kSum, kMax, kMin, kProd, kAvg };

const char* ReduceOpName(ReduceOp op);

// A tensor's bytes: how many, and where they start.
inline size_t Bytes(const phi::DenseTensor& t) { return static_cast<size_t>(t.numel()) * SizeOf(t.dtype()); }
inline uint8_t* BytesOf(const phi::DenseTensor& t) { return static_cast<uint8_t*>(const_cast<void*>(t.raw_data())); }
// "all_reduce", ...: the name of a Signature's collective.
const char* CollectiveName(int64_t collective);

// A collective in flight.
class Task {
 public:
  // Blocks until the collective finished; rethrows its error.
  void Wait();
  bool IsCompleted();

 private:
  friend class ProcessGroup;
  void Finish(std::exception_ptr error);

  std::mutex mu_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::exception_ptr error_;
};

class ProcessGroup {
 public:
  ProcessGroup(int rank, int size, int id, std::chrono::milliseconds timeout);
  virtual ~ProcessGroup();
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  int id() const { return id_; }
  std::chrono::milliseconds timeout() const { return timeout_; }
  virtual std::string backend() const = 0;

  // tensor <- the reduction of every rank's tensor.
  std::shared_ptr<Task> AllReduce(phi::DenseTensor tensor, ReduceOp op, bool sync = false);
  // tensor <- root's tensor.
  std::shared_ptr<Task> Broadcast(phi::DenseTensor tensor, int root, bool sync = false);
  // root's tensor <- the reduction; the others' tensors are left as they were.
  std::shared_ptr<Task> Reduce(phi::DenseTensor tensor, int root, ReduceOp op, bool sync = false);
  // out (size x in's elements) <- every rank's in, in rank order.
  std::shared_ptr<Task> AllGather(phi::DenseTensor out, phi::DenseTensor in, bool sync = false);
  // root's out (size x in's elements) <- every rank's in; out unused elsewhere.
  std::shared_ptr<Task> Gather(phi::DenseTensor out, phi::DenseTensor in, int root, bool sync = false);
  // out <- the rank-th of the size equal parts of root's in.
  std::shared_ptr<Task> Scatter(phi::DenseTensor out, phi::DenseTensor in, int root, bool sync = false);
  // out <- this rank's part of the reduction of every rank's in (size equal parts).
  std::shared_ptr<Task> ReduceScatter(phi::DenseTensor out, phi::DenseTensor in, ReduceOp op, bool sync = false);
  // Part r of in goes to rank r; part r of out comes from rank r. The parts
  // are in_counts[r] and out_counts[r] elements (equal parts when empty).
  std::shared_ptr<Task> AllToAll(phi::DenseTensor out, phi::DenseTensor in, std::vector<int64_t> in_counts,
                                 std::vector<int64_t> out_counts, bool sync = false);
  std::shared_ptr<Task> Send(phi::DenseTensor tensor, int dst, bool sync = false);
  std::shared_ptr<Task> Recv(phi::DenseTensor tensor, int src, bool sync = false);
  std::shared_ptr<Task> Barrier(bool sync = false);

 protected:
  // What a rank was asked, which every rank of the collective must agree on
  // (Note [Process groups]): elements -1 where ranks may differ.
  struct Signature {
    int64_t collective;
    int64_t dtype;
    int64_t elements;
    int64_t root;
  };
  // Every rank's signature, in rank order; by default an all-gather on the
  // backend's place.
  virtual std::vector<Signature> ExchangeSignatures(const Signature& mine);
  // Raises ValueError unless every rank's signature is `mine`.
  void CheckAgreement(const Signature& mine, const std::vector<Signature>& all) const;
  // Agree, then RunAllReduce; a backend may do both in one exchange.
  virtual void AgreeAndAllReduce(phi::DenseTensor& tensor, ReduceOp op, const Signature& mine) {
    Agree(mine);
    RunAllReduce(tensor, op);
  }

  // The backend's collectives, run on the group's thread in call order.
  virtual void RunAllReduce(phi::DenseTensor& tensor, ReduceOp op) = 0;
  virtual void RunBroadcast(phi::DenseTensor& tensor, int root) = 0;
  virtual void RunReduce(phi::DenseTensor& tensor, int root, ReduceOp op) = 0;
  virtual void RunAllGather(phi::DenseTensor& out, const phi::DenseTensor& in) = 0;
  virtual void RunGather(phi::DenseTensor& out, const phi::DenseTensor& in, int root) = 0;
  virtual void RunScatter(phi::DenseTensor& out, const phi::DenseTensor& in, int root) = 0;
  virtual void RunReduceScatter(phi::DenseTensor& out, const phi::DenseTensor& in, ReduceOp op) = 0;
  virtual void RunAllToAll(phi::DenseTensor& out, const phi::DenseTensor& in, const std::vector<int64_t>& in_counts,
                           const std::vector<int64_t>& out_counts) = 0;
  // The counts of RunAllToAll agree across the ranks (the base checked them);
  // RunSend and RunRecv move a tensor's bytes, of a size both sides know (the
  // base sends a header first).
  virtual void RunSend(const phi::DenseTensor& tensor, int dst) = 0;
  virtual void RunRecv(phi::DenseTensor& tensor, int src) = 0;
  virtual void RunBarrier() = 0;

  // Where the backend's tensors live; the base makes its headers and scratch
  // buffers there.
  virtual Place place() const { return CPUPlace(); }
  // `numel` elements of `dtype` on place(), uninitialized, or copied from `host`.
  phi::DenseTensor Scratch(DataType dtype, int64_t numel, const void* host = nullptr) const;
  // `t`'s bytes, copied to the host.
  std::vector<uint8_t> ToHost(const phi::DenseTensor& t) const;

  // Raises InvalidArgument unless the backend can take `t` (where it lives,
  // contiguous); the default takes contiguous CPU tensors.
  virtual void CheckTensor(const phi::DenseTensor& t, const char* what, const char* arg) const;

  // Stops the group's thread after the queued collectives; a backend's
  // destructor calls it before its own members go.
  void Shutdown();

 private:
  // Runs `run` now on this thread (sync) or queues it for the group's thread.
  std::shared_ptr<Task> Submit(std::function<void()> run, bool sync);
  // Runs the queued collectives in order; the caller holds run_mu_.
  void RunQueued();
  static void Execute(Task& task, const std::function<void()>& run);
  // Raises ValueError on every rank unless all ranks' signatures agree.
  void Agree(const Signature& mine);
  void CheckRank(int r, const char* what, const char* arg) const;
  // Raises InvalidArgument unless every rank sends this one what out_counts says it expects.
  void CheckAllToAllCounts(const std::vector<int64_t>& in_counts, const std::vector<int64_t>& out_counts);
  void Loop();

  int rank_, size_, id_;
  std::chrono::milliseconds timeout_;
  std::mutex run_mu_;  // held while a collective runs, on whichever thread
  std::mutex mu_;
  std::condition_variable queued_;
  std::deque<std::pair<std::shared_ptr<Task>, std::function<void()>>> queue_;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace paddle::distributed
