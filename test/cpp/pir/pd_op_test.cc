// The pd_op dialect generated from the op YAML: its ops infer their result
// types with the ops' infer-meta, verify, and print and parse as Paddle's.
#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/specialize_shapes.h"

namespace pir {
namespace {

using paddle::DataType;
using paddle::DDim;

class PdOpTest : public ::testing::Test {
 protected:
  IrContext* ctx_ = IrContext::Instance();
  Program program_{ctx_};
  Builder b_{ctx_, program_.block()};

  Value Data(const std::string& name, std::vector<int64_t> shape, DataType dtype = DataType::FLOAT32) {
    return pd_op::data(b_, name, shape, dtype);
  }
  Type Tensor(std::vector<int64_t> dims, DataType dtype = DataType::FLOAT32) {
    return b_.tensor_type(dtype, DDim(dims));
  }
};

TEST_F(PdOpTest, EveryFamilyIsRegisteredWithItsSignature) {
  const OpInfo* matmul = ctx_->FindOp("pd_op.matmul");
  ASSERT_NE(matmul, nullptr);
  EXPECT_EQ(matmul->operands, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(matmul->results, (std::vector<std::string>{"out"}));
  ASSERT_EQ(matmul->attributes.size(), 2u);
  EXPECT_EQ(matmul->attributes[0].name, "transpose_x");
  EXPECT_EQ(matmul->attributes[0].kind, AttrKind::kBool);
  EXPECT_TRUE(matmul->HasTrait(kPure));
  // Tensor[] arguments are one vec operand; int64_t[] attributes arrays of Int64.
  const OpInfo* concat = ctx_->FindOp("pd_op.concat");
  ASSERT_NE(concat, nullptr);
  EXPECT_EQ(concat->operands, (std::vector<std::string>{"x"}));
  EXPECT_EQ(concat->attributes[0].kind, AttrKind::kInt64);
  const OpInfo* split = ctx_->FindOp("pd_op.split");
  ASSERT_NE(split, nullptr);
  EXPECT_EQ(split->attributes[0].name, "sections");
  EXPECT_EQ(split->attributes[0].kind, AttrKind::kArray);
  EXPECT_EQ(split->attributes[0].element, AttrKind::kInt64);
  // In-place and random ops are not pure: a pass must not drop them.
  EXPECT_FALSE(ctx_->FindOp("pd_op.adam_")->HasTrait(kPure));
  EXPECT_FALSE(ctx_->FindOp("pd_op.dropout")->HasTrait(kPure));
  for (const char* op : {"pd_op.full", "pd_op.sum", "pd_op.conv2d", "pd_op.fft_c2c", "pd_op.argsort",
                         "pd_op.take_along_axis", "pd_op.uniform", "pd_op.sgd_", "pd_op.softmax", "pd_op.tanh"}) {
    EXPECT_NE(ctx_->FindOp(op), nullptr) << op;
  }
}

TEST_F(PdOpTest, InfersTypesWithDynamicDims) {
  Value x = Data("x", {-1, 4});
  Value w = Data("w", {4, 3});
  Value bias = Data("b", {3});
  Operation* mm = b_.Build("pd_op.matmul", {x, w}, {{"transpose_x", b_.bool_attr(false)},
                                                    {"transpose_y", b_.bool_attr(false)}});
  EXPECT_EQ(mm->result(0).type(), Tensor({-1, 3}));
  Operation* add = b_.Build("pd_op.add", {mm->result(0), bias});
  EXPECT_EQ(add->result(0).type(), Tensor({-1, 3}));
  Operation* relu = b_.Build("pd_op.relu", {add->result(0)});
  Operation* mean = b_.Build("pd_op.mean", {relu->result(0)}, {{"axis", IntArrayAttribute::Get(ctx_, {})},
                                                              {"keepdim", b_.bool_attr(false)}});
  EXPECT_EQ(mean->result(0).type(), Tensor({}));
  Operation* cast = b_.Build("pd_op.cast", {mean->result(0)}, {{"dtype", DataTypeAttribute::Get(ctx_, DataType::FLOAT64)}});
  EXPECT_EQ(cast->result(0).type(), Tensor({}, DataType::FLOAT64));
  Verify(program_);
}

TEST_F(PdOpTest, UnknownDimsStayUnknownThroughShapeArithmetic) {
  auto concat = [&](Value a, Value c) {
    return b_.Build("pd_op.concat", {b_.Build("builtin.combine", {a, c})->result(0)}, {{"axis", b_.int64_attr(0)}})
        ->result(0)
        .type();
  };
  EXPECT_EQ(concat(Data("a", {-1, 4}), Data("b", {-1, 4})), Tensor({-1, 4}));
  EXPECT_EQ(concat(Data("c", {-1, 4}), Data("d", {5, 4})), Tensor({-1, 4}));  // not 4
  EXPECT_EQ(concat(Data("e", {2, -1}), Data("f", {3, 4})), Tensor({5, 4}));
  auto flatten = [&](Value v, int64_t start, int64_t stop) {
    return b_.Build("pd_op.flatten", {v}, {{"start_axis", b_.int64_attr(start)}, {"stop_axis", b_.int64_attr(stop)}})
        ->result(0)
        .type();
  };
  EXPECT_EQ(flatten(Data("g", {-1, 3, 4}), 1, 2), Tensor({-1, 12}));
  EXPECT_EQ(flatten(Data("h", {-1, 3, 4}), 0, 2), Tensor({-1}));
  EXPECT_EQ(flatten(Data("i", {-1, 0, 4}), 0, 2), Tensor({0}));
  Operation* slice = b_.Build("pd_op.slice", {Data("j", {-1, 6})},
                              {{"axes", ArrayAttribute::Get(ctx_, {b_.int64_attr(0), b_.int64_attr(1)})},
                               {"starts", IntArrayAttribute::Get(ctx_, {1, 1})},
                               {"ends", IntArrayAttribute::Get(ctx_, {3, 3})}});
  EXPECT_EQ(slice->result(0).type(), Tensor({-1, 2}));  // the batch may hold fewer than 3 rows
  auto reshape = [&](Value v, std::vector<int64_t> shape) {
    return b_.Build("pd_op.reshape", {v}, {{"shape", IntArrayAttribute::Get(ctx_, shape)}})->result(0).type();
  };
  EXPECT_EQ(reshape(Data("k", {-1, 3, 4}), {0, -1}), Tensor({-1, 12}));   // copy the unknown dim, infer 12
  EXPECT_EQ(reshape(Data("l", {-1, 3, 4}), {-1, 6}), Tensor({-1, 6}));
  EXPECT_EQ(reshape(Data("m", {-1, 3, 4}), {2, -1}), Tensor({2, -1}));    // not the negative x.numel() / 2
  Operation* diagonal = b_.Build("pd_op.diagonal", {Data("n", {-1, 3})}, {{"offset", b_.int32_attr(0)},
                                                                         {"axis1", b_.int32_attr(0)},
                                                                         {"axis2", b_.int32_attr(1)}});
  EXPECT_EQ(diagonal->result(0).type(), Tensor({-1}));
}

TEST_F(PdOpTest, TensorListsGoThroughCombineAndSplit) {
  Value a = Data("a", {2, 3});
  Value c = Data("c", {5, 3});
  Value list = b_.Build("builtin.combine", {a, c})->result(0);
  Operation* concat = b_.Build("pd_op.concat", {list}, {{"axis", b_.int64_attr(0)}});
  EXPECT_EQ(concat->result(0).type(), Tensor({7, 3}));
  Operation* split = b_.Build("pd_op.split", {concat->result(0)},
                              {{"sections", ArrayAttribute::Get(ctx_, {b_.int64_attr(4), b_.int64_attr(3)})},
                               {"axis", b_.int64_attr(0)}});
  EXPECT_EQ(split->result(0).type(), VectorType::Get(ctx_, {Tensor({4, 3}), Tensor({3, 3})}));
  Operation* parts = b_.Build("builtin.split", {split->result(0)});
  EXPECT_EQ(parts->result(1).type(), Tensor({3, 3}));
  Verify(program_);
}

TEST_F(PdOpTest, ProgramsRoundTripThroughText) {
  Value x = Data("x", {-1, 8});
  Value w = Data("w", {8, 8});
  Value h = b_.Build("pd_op.matmul", {x, w}, {{"transpose_x", b_.bool_attr(false)},
                                              {"transpose_y", b_.bool_attr(true)}})->result(0);
  Value full = b_.Build("pd_op.full", {}, {{"shape", IntArrayAttribute::Get(ctx_, {8})},
                                           {"fill_value", ScalarAttribute::Get(ctx_, phi::Scalar(0.5))},
                                           {"dtype", DataTypeAttribute::Get(ctx_, DataType::FLOAT32)},
                                           {"place", PlaceAttribute::Get(ctx_, paddle::CPUPlace())}})->result(0);
  Value m = b_.Build("pd_op.multiply", {h, full})->result(0);
  Value s = b_.Build("pd_op.clip", {m}, {{"min", b_.double_attr(-1.0)}, {"max", b_.double_attr(1.5)}})->result(0);
  Value list = b_.Build("builtin.combine", {s, s})->result(0);
  Value cat = b_.Build("pd_op.concat", {list}, {{"axis", b_.int64_attr(1)}})->result(0);
  b_.Create("builtin.shadow_output", {cat}, {{"output_name", b_.str_attr("out")}}, {});
  Verify(program_);
  std::string text = program_.Print();
  // Declared attributes print untagged, floats as Paddle prints them.
  EXPECT_NE(text.find("{max:1.5,min:-1}"), std::string::npos) << text;
  EXPECT_NE(text.find("{dtype:float32,fill_value:0.5,place:Place(cpu),shape:[8]}"), std::string::npos) << text;
  EXPECT_NE(text.find("-> tensor<-1x16xf32>"), std::string::npos) << text;
  auto parsed = ParseProgram(text, ctx_);
  Verify(*parsed);
  EXPECT_EQ(parsed->Print(), text);
}

TEST_F(PdOpTest, BadArgumentsNameTheOp) {
  Value x = Data("x", {2, 4});
  Value y = Data("y", {3, 5});
  auto expect_error = [&](const std::function<void()>& f, const std::string& part) {
    try {
      f();
      ADD_FAILURE() << "no error; expected one containing: " << part;
    } catch (const paddle::common::Error& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  // infer-meta's own checks, with the op's name
  expect_error([&] { b_.Build("pd_op.matmul", {x, y}, {{"transpose_x", b_.bool_attr(false)},
                                                       {"transpose_y", b_.bool_attr(false)}}); },
               "[pd_op.matmul]");
  expect_error([&] { b_.Build("pd_op.matmul", {x, y}, {{"transpose_x", b_.bool_attr(false)}}); },
               "[pd_op.matmul] needs the attribute 'transpose_y' (Bool)");
  expect_error([&] { b_.Build("pd_op.matmul", {x, y}, {{"transpose_x", b_.int32_attr(0)},
                                                       {"transpose_y", b_.bool_attr(false)}}); },
               "attribute 'transpose_x' must be Bool, but got (Int32)0");
  expect_error([&] { b_.Build("pd_op.concat", {x}, {{"axis", b_.int64_attr(0)}}); },
               "[pd_op.concat] operand x must be a tensor list (vec[...], from builtin.combine)");
  expect_error([&] { Data("z", {-2}); }, "[pd_op.data] shape dims must be >= -1");
}

TEST_F(PdOpTest, VerifierChecksDtypesAndResultTypes) {
  Value a = Data("a", {3});
  Value d = Data("d", {3}, DataType::FLOAT64);
  // add promotes in eager; in a graph its operands are cast first.
  b_.Create("pd_op.add", {a, d}, {}, {Tensor({3})});
  try {
    Verify(program_);
    ADD_FAILURE() << "mixed dtypes verified";
  } catch (const paddle::common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("operands x and y must have one dtype (a program casts them first), "
                                         "but got float32 and float64"),
              std::string::npos)
        << e.what();
  }
  Program other(ctx_);
  Builder b(ctx_, other.block());
  Value x = pd_op::data(b, "x", {3}, DataType::FLOAT32);
  b.Create("pd_op.relu", {x}, {}, {Tensor({4})});
  try {
    Verify(other);
    ADD_FAILURE() << "a wrong result type verified";
  } catch (const paddle::common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("[pd_op.relu] result out must be tensor<3xf32> (its infer-meta), but got "
                                         "tensor<4xf32>"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(PdOpTest, ShapesSpecializeToTheFeeds) {
  // Note [Shape specialization]: -1 dims take the feeds' sizes through every op, control flow included.
  Value x = Data("x", {-1, 4});
  Value w = Data("w", {4, 2});
  Value h = pd_op::matmul(b_, x, w, false, false);
  Value total = pd_op::sum(b_, h, phi::IntArray(std::vector<int64_t>{1}), DataType::UNDEFINED, true);
  EXPECT_EQ(h.type(), Tensor({-1, 2}));
  SpecializeShapes(program_, {{"x", {3, 4}}});
  EXPECT_EQ(x.type(), Tensor({3, 4}));
  EXPECT_EQ(h.type(), Tensor({3, 2}));
  EXPECT_EQ(total.type(), Tensor({3, 1}));
  Verify(program_);
  try {
    SpecializeShapes(program_, {{"w", {5, 2}}});
    ADD_FAILURE() << "a feed that contradicts a known dim";
  } catch (const paddle::common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("feed 'w' must be tensor<4x2xf32> (-1: any size), but got shape [5, 2]"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace pir

