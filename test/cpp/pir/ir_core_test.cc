#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/dialect/builtin_dialect.h"
#include "test/cpp/pir/test_dialect.h"

namespace pir {
namespace {

using paddle::DataType;
using paddle::DDim;

TEST(PirTypes, AreUniquedAndReadBack) {
  IrContext* ctx = test::TestContext();
  DenseTensorType a = DenseTensorType::Get(ctx, DataType::FLOAT32, DDim({-1, 4}));
  DenseTensorType b = DenseTensorType::Get(ctx, DataType::FLOAT32, DDim({-1, 4}));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.storage(), b.storage());
  EXPECT_NE(a, DenseTensorType::Get(ctx, DataType::FLOAT64, DDim({-1, 4})));
  EXPECT_EQ(a.ToString(), "tensor<-1x4xf32>");
  EXPECT_EQ(a.dims(), DDim({-1, 4}));
  EXPECT_EQ(a.dtype(), DataType::FLOAT32);
  EXPECT_EQ(DenseTensorType::Get(ctx, DataType::BOOL, DDim({})).ToString(), "tensor<b>");
  VectorType v = VectorType::Get(ctx, {a, DenseTensorType::Get(ctx, DataType::INT64, DDim({0}))});
  EXPECT_EQ(v.ToString(), "vec[tensor<-1x4xf32>,tensor<0xi64>]");
  EXPECT_EQ(v.size(), 2u);
  Type t = v;
  EXPECT_TRUE(t.isa<VectorType>());
  EXPECT_FALSE(t.isa<DenseTensorType>());
  EXPECT_FALSE(bool(t.dyn_cast<DenseTensorType>()));
  EXPECT_THROW(DenseTensorType::Get(ctx, DataType::FLOAT32, DDim({-2})), paddle::common::Error);
}

TEST(PirAttributes, KindsAreDistinctWhereTextIsNot) {
  IrContext* ctx = test::TestContext();
  Attribute i32 = Int32Attribute::Get(ctx, 1);
  Attribute i64 = Int64Attribute::Get(ctx, 1);
  EXPECT_EQ(i32.ToString(), i64.ToString());
  EXPECT_NE(i32, i64);
  EXPECT_EQ(i64, Int64Attribute::Get(ctx, 1));
  EXPECT_EQ(i32.TaggedText(), "(Int32)1");
  EXPECT_EQ(i64.TaggedText(), "1");
  EXPECT_EQ(DoubleAttribute::Get(ctx, 1.0).ToString(), "1");  // as Paddle prints it
  EXPECT_EQ(DoubleAttribute::Get(ctx, 1.0).TaggedText(), "(Double)1");
  EXPECT_EQ(DoubleAttribute::Get(ctx, 1.5).TaggedText(), "1.5");
  EXPECT_EQ(ScalarAttribute::Get(ctx, phi::Scalar(1.0)).ToString(), "1.0");
  EXPECT_EQ(DoubleAttribute::Get(ctx, 0.1).ToString(), "0.1");
  EXPECT_EQ(FloatAttribute::Get(ctx, 0.1f).ToString(), "0.1");
  EXPECT_EQ(StrAttribute::Get(ctx, "a\"b").ToString(), "\"a\\\"b\"");
  EXPECT_EQ(DataTypeAttribute::Get(ctx, DataType::UNDEFINED).ToString(), "Undefined");
  EXPECT_EQ(PlaceAttribute::Get(ctx, paddle::Place()).ToString(), "Place(undefined:0)");
  EXPECT_EQ(PlaceAttribute::Get(ctx, paddle::GPUPlace(1)).ToString(), "Place(gpu:1)");
  EXPECT_EQ(ScalarAttribute::Get(ctx, phi::Scalar(2.5)).ToString(), "2.5");
  EXPECT_EQ(ScalarAttribute::Get(ctx, phi::Scalar(int64_t{3})).ToString(), "3");
  auto array = ArrayAttribute::Get(ctx, {BoolAttribute::Get(ctx, false), i32});
  EXPECT_EQ(array.ToString(), "[false,(Int32)1]");
  EXPECT_EQ(array.data().size(), 2u);
  EXPECT_EQ(array.data()[1].dyn_cast<Int32Attribute>().data(), 1);
}

class PirProgramTest : public ::testing::Test {
 protected:
  Value Data(Builder& b, const std::string& name, DDim dims) {
    return b.Create("test.data", {},
                    {{"name", b.str_attr(name)},
                     {"shape", IntArrayAttribute::Get(b.context(), dims.ToVector())},
                     {"dtype", DataTypeAttribute::Get(b.context(), DataType::FLOAT32)},
                     {"place", PlaceAttribute::Get(b.context(), paddle::CPUPlace())}},
                    {b.tensor_type(DataType::FLOAT32, dims)})
        ->result(0);
  }

  IrContext* ctx_ = test::TestContext();
  Program program_{ctx_};
  Builder builder_{ctx_, program_.block()};
};

TEST_F(PirProgramTest, UseListsFollowOperands) {
  Value x = Data(builder_, "x", DDim({2, 3}));
  Value y = Data(builder_, "y", DDim({2, 3}));
  Operation* add = builder_.Build("test.add", {x, x});
  Operation* add2 = builder_.Build("test.add", {add->result(0), y});
  EXPECT_EQ(add->result(0).type(), x.type());
  EXPECT_EQ(x.use_count(), 2u);
  EXPECT_EQ(y.use_count(), 1u);
  for (OpOperand use : x.uses()) EXPECT_EQ(use.owner(), add);
  EXPECT_EQ(y.uses()[0].index(), 1u);

  add->set_operand(1, y);
  EXPECT_EQ(x.use_count(), 1u);
  EXPECT_EQ(y.use_count(), 2u);

  y.ReplaceAllUsesWith(x);
  EXPECT_TRUE(y.use_empty());
  EXPECT_EQ(x.use_count(), 3u);
  EXPECT_EQ(add2->operand(1), x);

  // An op with a used result cannot go; once unused it can.
  EXPECT_THROW(program_.block()->erase(add), paddle::common::Error);
  add->result(0).ReplaceAllUsesWith(x);
  program_.block()->erase(add);
  EXPECT_EQ(program_.block()->size(), 3u);
  EXPECT_EQ(x.use_count(), 2u);
  EXPECT_EQ(add2->prev()->result(0), y);
}

TEST_F(PirProgramTest, BuilderInsertsWhereItPoints) {
  Value x = Data(builder_, "x", DDim({2}));
  Operation* last = builder_.Build("test.add", {x, x});
  builder_.SetInsertionPoint(last);
  Operation* middle = builder_.Build("test.add", {x, x});
  builder_.SetInsertionPointAfter(last);
  Operation* end = builder_.Build("test.add", {x, x});
  std::vector<Operation*> order(program_.block()->begin(), program_.block()->end());
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[1], middle);
  EXPECT_EQ(order[2], last);
  EXPECT_EQ(order[3], end);
  EXPECT_EQ(end->parent_block(), program_.block());
  EXPECT_EQ(end->parent_op(), program_.module_op());
}

TEST_F(PirProgramTest, BuiltinListOpsInferTheirTypes) {
  Value a = Data(builder_, "a", DDim({2}));
  Value b = Data(builder_, "b", DDim({3, 1}));
  Operation* combine = builder_.Build(CombineOp::kName, {a, b});
  EXPECT_EQ(combine->result(0).type().ToString(), "vec[tensor<2xf32>,tensor<3x1xf32>]");
  Operation* split = builder_.Build(SplitOp::kName, {combine->result(0)});
  ASSERT_EQ(split->num_results(), 2u);
  EXPECT_EQ(split->result(1).type(), b.type());
  Operation* slice = builder_.Build(SliceOp::kName, {combine->result(0)}, {{"index", builder_.int32_attr(1)}});
  EXPECT_EQ(slice->result(0).type(), b.type());
  EXPECT_THROW(builder_.Build(SliceOp::kName, {combine->result(0)}, {{"index", builder_.int32_attr(2)}}),
               paddle::common::Error);
  EXPECT_THROW(builder_.Build(SplitOp::kName, {a}), paddle::common::Error);
  EXPECT_THROW(builder_.Build("test.nothing", {a}), paddle::common::Error);
}

TEST_F(PirProgramTest, WalkVisitsNestedOpsInOrder) {
  Value x = Data(builder_, "x", DDim({1}));
  Operation* branch = builder_.Create("test.if", {x}, {}, {x.type()}, 2);
  for (uint32_t r = 0; r < 2; ++r) {
    Builder inner(ctx_, branch->region(r).AddBlock());
    inner.Create("cf.yield", {inner.Build("test.add", {x, x})->result(0)}, {}, {});
  }
  std::vector<std::string> names;
  program_.module_op()->Walk([&](Operation* op) { names.push_back(op->name()); });
  EXPECT_EQ(names, (std::vector<std::string>{"builtin.module", "test.data", "test.if", "test.add", "cf.yield",
                                             "test.add", "cf.yield"}));
  EXPECT_EQ(x.use_count(), 5u);  // the if's condition and both adds' two operands
}

}  // namespace
}  // namespace pir
