// Program: a builtin.module op whose one block holds the program's ops, as
// PaddlePaddle 3.x's Program holds its ModuleOp.
#pragma once

#include <memory>
#include <string>

#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/operation.h"

namespace pir {

class Program {
 public:
  explicit Program(IrContext* ctx = IrContext::Instance());
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  IrContext* context() const { return ctx_; }
  Operation* module_op() const { return module_; }
  Block* block() const { return &module_->region(0).front(); }

  // A copy in the same context; mapping gets the copy of every value.
  std::unique_ptr<Program> Clone(IrMapping& mapping) const;

  // The program text (ir_printer.cc).
  std::string Print() const;

  // Counts the transformations (pass pipelines) the program went through:
  // a handle to one of its values taken before may point at an erased op.
  uint64_t generation() const { return generation_; }
  void BumpGeneration() { ++generation_; }

 private:
  IrContext* ctx_;
  Operation* module_;
  uint64_t generation_ = 0;
};

}  // namespace pir
