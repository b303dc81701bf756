// Builder: creates ops at an insertion point (the end of a block, or before
// an op of it), with result types given or inferred by the op's
// infer_types interface.
#pragma once

#include <string>
#include <vector>

#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/operation.h"

namespace pir {

class Builder {
 public:
  Builder(IrContext* ctx, Block* block) : ctx_(ctx), block_(block) {}
  virtual ~Builder() = default;

  IrContext* context() const { return ctx_; }
  Block* block() const { return block_; }

  void SetInsertionPointToEnd(Block* block) {
    block_ = block;
    before_ = nullptr;
  }
  // New ops go before op (in op's block).
  void SetInsertionPoint(Operation* op) {
    block_ = op->parent_block();
    before_ = op;
  }
  void SetInsertionPointAfter(Operation* op) {
    block_ = op->parent_block();
    before_ = op->next();
  }

  // The op `name` ("pd_op.matmul") with these result types.
  Operation* Create(const std::string& name, const std::vector<Value>& operands, AttributeMap attributes,
                    const std::vector<Type>& result_types, uint32_t num_regions = 0);
  // The op with the result types its infer_types interface gives (one
  // region per the op's declaration).
  Operation* Build(const std::string& name, const std::vector<Value>& operands, AttributeMap attributes = {});

  // Inserts an op made elsewhere at the insertion point.
  Operation* Insert(Operation* op);

  // Attribute shorthands.
  BoolAttribute bool_attr(bool v) const { return BoolAttribute::Get(ctx_, v); }
  Int32Attribute int32_attr(int32_t v) const { return Int32Attribute::Get(ctx_, v); }
  Int64Attribute int64_attr(int64_t v) const { return Int64Attribute::Get(ctx_, v); }
  DoubleAttribute double_attr(double v) const { return DoubleAttribute::Get(ctx_, v); }
  StrAttribute str_attr(const std::string& v) const { return StrAttribute::Get(ctx_, v); }
  DenseTensorType tensor_type(paddle::DataType dtype, const paddle::DDim& dims) const {
    return DenseTensorType::Get(ctx_, dtype, dims);
  }

 protected:
  // Called with each op placed in a block (a rewriter tells its driver).
  virtual void Inserted(Operation* op) {}

 private:
  const OpInfo& Info(const std::string& name) const;

  IrContext* ctx_;
  Block* block_;
  Operation* before_ = nullptr;  // nullptr: the end of block_
};

}  // namespace pir
