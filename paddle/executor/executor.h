// The executor: runs a program's ops in order, prepared once (Executor's
// constructor) into instructions over a frame of slots, with each
// intermediate value released after its last use.
//
// Feeds are the program's pd_op.data inputs by name; the results are the
// values asked for at preparation (fetches). Parameters
// (builtin.parameter) are read from, and builtin.set_parameter writes to,
// the Scope given to Run. pd_op.if runs one branch and pd_op.while its body
// while the condition holds (reading the condition is a host sync).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "paddle/executor/instruction.h"
#include "paddle/pir/core/program.h"

namespace paddle::executor {

class Executor {
 public:
  // Prepares `program` to compute `fetches` (values of it). The program
  // must stay alive and unchanged while the executor is used.
  Executor(const pir::Program& program, const std::vector<pir::Value>& fetches);

  // Runs with the inputs in `feeds` (every pd_op.data of the program, by
  // its name) and returns the fetched values in order. Errors name the
  // feed or the op.
  std::vector<Tensor> Run(const std::map<std::string, Tensor>& feeds, Scope* scope = nullptr);

  // The names of the program's inputs, in program order.
  const std::vector<std::string>& feed_names() const { return feed_names_; }

 private:
  struct Input {
    std::string name;
    pir::DenseTensorType type;
    int slot;
  };

  void CheckFeed(const Input& input, const Tensor& value) const;

  SlotMap slots_;
  std::shared_ptr<const Steps> steps_;
  std::vector<Input> inputs_;
  std::vector<std::string> feed_names_;
  std::vector<int> fetch_slots_;
};

}  // namespace paddle::executor
