// The executor: runs a program's ops in order, prepared once (Executor's
// constructor) into instructions over a frame of slots, with each
// intermediate value released after its last use.
//
// Preparing works on a copy of the program, which it optimizes and lowers:
// the passes of Executor::Passes, then kernel selection for `place` (Note
// [Kernel selection]) and the memory plan (Note [Buffer reuse]); the
// fetched values are kept alive through them as outputs of the copy.
// kernel_program() prints the result.
//
// Feeds are the program's pd_op.data inputs by name; the results are the
// values asked for at preparation (fetches). Parameters
// (builtin.parameter) are read from, and builtin.set_parameter writes to,
// the Scope given to Run. pd_op.if runs one branch and pd_op.while its body
// while the condition holds (reading the condition is a host sync).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "paddle/executor/instruction.h"
#include "paddle/pir/core/program.h"

namespace paddle::executor {

class Executor {
 public:
  // Prepares `program` to compute `fetches` (values of it) on `place`
  // (undefined: the default place), with the passes named (Passes() when
  // none are given). With `parameters`, constant folding also computes what
  // depends on the program's parameters alone, read from there once (for
  // inference, whose weights do not change).
  Executor(const pir::Program& program, const std::vector<pir::Value>& fetches, const Place& place = Place(),
           const std::vector<std::string>& passes = Passes(), const Scope* parameters = nullptr);

  // The optimizing passes run before kernel selection.
  static std::vector<std::string> Passes();

  // Runs with the inputs in `feeds` (every pd_op.data of the program, by
  // its name) and returns the fetched values in order. Errors name the
  // feed or the op.
  std::vector<Tensor> Run(const std::map<std::string, Tensor>& feeds, Scope* scope = nullptr);
  // The same with the inputs in feed_names()'s order: no lookups by name,
  // for callers that run one program many times (Note [Run program]).
  std::vector<Tensor> Run(const std::vector<Tensor>& feeds, Scope* scope = nullptr);

  // The names of the program's inputs, in program order.
  const std::vector<std::string>& feed_names() const { return feed_names_; }

  // The program the executor runs: optimized and lowered to kernels.
  const pir::Program& kernel_program() const { return *program_; }

  // What the memory plan saves (Note [Buffer reuse]): the values planned,
  // the buffers they share, their bytes, and the bytes saved.
  struct Plan {
    int64_t values = 0, buffers = 0, bytes_planned = 0, bytes_saved = 0;
    int64_t inplace_values = 0;   // results written over a dying operand (Note [In-place])
    int64_t symbolic_values = 0;  // values whose size the run decides (Note [Symbolic shapes])
  };
  Plan MemoryPlan() const;

 private:
  struct Input {
    std::string name;
    pir::DenseTensorType type;
    int slot;
  };

  void CheckFeed(const Input& input, const Tensor& value) const;

  std::unique_ptr<pir::Program> program_;
  Scope constants_;  // Note [Constant folding]
  std::vector<std::shared_ptr<phi::Allocation>> buffers_;  // Note [Buffer reuse]
  std::mutex running_;
  // The frame of a run, kept between runs (under running_): small programs
  // run in microseconds, and allocating the slots each time was a good
  // part of that.
  Frame frame_;
  SlotMap slots_;
  std::shared_ptr<const Steps> steps_;
  std::vector<Input> inputs_;
  std::vector<std::string> feed_names_;
  std::vector<int> fetch_slots_;
};

}  // namespace paddle::executor
