// The executor against hand-computed results: a small network, tensor
// lists, parameters, intermediate release, and bad feeds.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/executor/constant_folding_pass.h"
#include "paddle/executor/executor.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/pir/autodiff/backward.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_support.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "test/cpp/host_tensors.h"

namespace paddle::executor {
namespace {

using test::Make;
using test::Values;

class ExecutorTest : public ::testing::Test {
 protected:
  pir::IrContext* ctx_ = pir::IrContext::Instance();
  pir::Program program_{ctx_};
  pir::Builder b_{ctx_, program_.block()};

  pir::Value Data(const std::string& name, std::vector<int64_t> shape, DataType dtype = DataType::FLOAT32) {
    return pir::pd_op::data(b_, name, shape, dtype);
  }
};

TEST_F(ExecutorTest, RunsALayerAgainstHandComputed) {
  // relu(x @ w + b) for x [-1, 2], w [2, 2], b [2]
  pir::Value x = Data("x", {-1, 2});
  pir::Value w = Data("w", {2, 2});
  pir::Value bias = Data("b", {2});
  pir::Value h = pir::pd_op::matmul(b_, x, w, false, false);
  pir::Value y = pir::pd_op::relu(b_, pir::pd_op::add(b_, h, bias));
  pir::Value total = pir::pd_op::sum(b_, y, phi::IntArray(std::vector<int64_t>{}), DataType::UNDEFINED, false);
  Executor exe(program_, {y, total});
  EXPECT_EQ(exe.feed_names(), (std::vector<std::string>{"x", "w", "b"}));
  auto out = exe.Run({{"x", Make<float>({1, 2, 3, 4, -1, -1}, DDim{3, 2})},
                      {"w", Make<float>({1, -1, 2, 0}, DDim{2, 2})},
                      {"b", Make<float>({0.5, 1}, DDim{2})}});
  // x @ w = [[5, -1], [11, -3], [-3, 1]]; + b = [[5.5, 0], [11.5, -2], [-2.5, 2]]
  EXPECT_EQ(out[0].dims(), (DDim{3, 2}));
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{5.5, 0, 11.5, 0, 0, 2}));
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{19}));
  // The same prepared program runs again with another batch size.
  auto again = exe.Run({{"x", Make<float>({1, 1}, DDim{1, 2})},
                        {"w", Make<float>({1, -1, 2, 0}, DDim{2, 2})},
                        {"b", Make<float>({0, 0}, DDim{2})}});
  EXPECT_EQ(Values<float>(again[0]), (std::vector<float>{3, 0}));
}

TEST_F(ExecutorTest, TensorListsAndPromotion) {
  pir::Value a = Data("a", {2}, DataType::INT32);
  pir::Value c = Data("c", {1}, DataType::FLOAT64);
  // concat promotes int32 and float64 to float64 through a pd_op.cast.
  pir::Value cat = pir::pd_op::concat(b_, {a, c}, 0);
  std::vector<pir::Value> parts = pir::pd_op::split(b_, cat, {1, 2}, 0);
  Executor exe(program_, {cat, parts[1]});
  auto out = exe.Run({{"a", Make<int32_t>({3, 4}, DDim{2})}, {"c", Make<double>({0.5}, DDim{1})}});
  EXPECT_EQ(out[0].dtype(), DataType::FLOAT64);
  EXPECT_EQ(Values<double>(out[0]), (std::vector<double>{3, 4, 0.5}));
  EXPECT_EQ(Values<double>(out[1]), (std::vector<double>{4, 0.5}));
}

TEST_F(ExecutorTest, ParametersComeFromTheScope) {
  pir::Value x = Data("x", {2});
  pir::Value w = b_.Create("builtin.parameter", {}, {{"parameter_name", b_.str_attr("w")}},
                           {b_.tensor_type(DataType::FLOAT32, DDim{2})})
                     ->result(0);
  pir::Value y = pir::pd_op::multiply(b_, x, w);
  b_.Create("builtin.set_parameter", {y}, {{"parameter_name", b_.str_attr("w")}}, {});
  Executor exe(program_, {y});
  Scope scope{{"w", Make<float>({2, 3}, DDim{2})}};
  auto out = exe.Run({{"x", Make<float>({1, 1}, DDim{2})}}, &scope);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{2, 3}));
  out = exe.Run({{"x", Make<float>({1, 1}, DDim{2})}}, &scope);  // w was set to x * w
  EXPECT_EQ(Values<float>(scope.at("w")), (std::vector<float>{2, 3}));
  out = exe.Run({{"x", Make<float>({2, 2}, DDim{2})}}, &scope);
  EXPECT_EQ(Values<float>(scope.at("w")), (std::vector<float>{4, 6}));
  Scope empty;
  try {
    exe.Run({{"x", Make<float>({1, 1}, DDim{2})}}, &empty);
    ADD_FAILURE() << "no error";
  } catch (const common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("the scope has no parameter 'w'"), std::string::npos) << e.what();
  }
}

TEST_F(ExecutorTest, ConstantFoldingOfParametersForInference) {
  // y = x @ transpose(w) + 2 * b: with fold_parameters the parameter-only
  // subgraphs (the transpose, 2 * b) run once into constants; x's op stays.
  pir::Value x = Data("x", {1, 2});
  auto param = [&](const char* name, DDim dims) {
    return b_.Create("builtin.parameter", {}, {{"parameter_name", b_.str_attr(name)}},
                     {b_.tensor_type(DataType::FLOAT32, dims)})
        ->result(0);
  };
  pir::Value wt = pir::pd_op::transpose(b_, param("w", DDim{2, 2}), {1, 0});
  pir::Value two = pir::pd_op::full(b_, phi::IntArray(std::vector<int64_t>{}), phi::Scalar(2.0), DataType::FLOAT32,
                                    Place());
  pir::Value twice = pir::pd_op::multiply(b_, param("b", DDim{2}), two);
  pir::Value y = pir::pd_op::add(b_, pir::pd_op::matmul(b_, x, wt, false, false), twice);
  b_.Create("builtin.shadow_output", {y}, {{"output_name", b_.str_attr("y")}}, {});
  Scope parameters{{"w", Make<float>({1, 2, 3, 4}, DDim{2, 2})}, {"b", Make<float>({0.5, -1}, DDim{2})}};
  Scope constants;
  pir::PassManager pm;
  pm.AddPass(CreateConstantFoldingPass(&constants, &parameters, /*fold_parameters=*/true));
  pm.Run(program_);
  const std::string text = program_.Print();
  EXPECT_EQ(text.find("pd_op.transpose"), std::string::npos) << text;
  EXPECT_EQ(text.find("pd_op.multiply"), std::string::npos) << text;
  EXPECT_NE(text.find("constant_folding@_"), std::string::npos) << text;
  ASSERT_EQ(constants.size(), 2u);
  // The folded program reads its constants like parameters.
  Scope run = parameters;
  run.insert(constants.begin(), constants.end());
  pir::Value out = program_.block()->back()->operand(0);
  Executor exe(program_, {out});
  auto got = exe.Run({{"x", Make<float>({1, 1}, DDim{1, 2})}}, &run);
  // x @ w^T = [1 + 2, 3 + 4] = [3, 7]; + 2 * b = [4, 5]
  EXPECT_EQ(Values<float>(got[0]), (std::vector<float>{4, 5}));
  // Without fold_parameters the parameters are not constants: nothing folds.
  pir::Program training(ctx_);
  pir::Builder tb(ctx_, training.block());
  pir::Value p = tb.Create("builtin.parameter", {}, {{"parameter_name", tb.str_attr("w")}},
                           {tb.tensor_type(DataType::FLOAT32, DDim{2, 2})})->result(0);
  tb.Create("builtin.shadow_output", {pir::pd_op::transpose(tb, p, {1, 0})}, {{"output_name", tb.str_attr("t")}}, {});
  pir::PassManager again;
  Scope unused;
  again.AddPass(CreateConstantFoldingPass(&unused, &parameters, /*fold_parameters=*/false));
  again.Run(training);
  EXPECT_NE(training.Print().find("pd_op.transpose"), std::string::npos);
  EXPECT_TRUE(unused.empty());
}

TEST_F(ExecutorTest, IntermediatesAreWrittenOverOrReleasedAfterTheirLastUse) {
  // A chain of 8 elementwise ops on 1 MiB: the first intermediate takes a
  // buffer that the next six write over in place (Note [In-place]), and the
  // fetched result has memory of its own: 2 MiB at the peak, where releasing
  // each intermediate after its last use alone would take 3 and keeping all
  // of them 8.
  constexpr int64_t kN = 1 << 18;  // floats: 1 MiB
  pir::Value v = Data("x", {kN});
  for (int i = 0; i < 8; ++i) v = pir::pd_op::sin(b_, v);
  Executor exe(program_, {v});
  Tensor input = Make<float>(std::vector<float>(kN, 0.5f), DDim{kN});
  phi::Allocator* allocator = phi::GetAllocator(CPUPlace());
  allocator->ResetPeak();
  const int64_t before = allocator->Stats().allocated;
  auto out = exe.Run({{"x", input}});
  const int64_t peak = allocator->Stats().peak_allocated - before;
  EXPECT_LE(peak, 2 * kN * 4 + (1 << 16)) << "peak bytes " << peak;
  EXPECT_GE(peak, 2 * kN * 4);
  float expected = 0.5f;
  for (int i = 0; i < 8; ++i) expected = std::sin(expected);
  EXPECT_NEAR(Values<float>(out[0])[kN - 1], expected, 1e-6);
}

TEST_F(ExecutorTest, BadFeedsNameTheInput) {
  pir::Value x = Data("x", {-1, 3});
  Executor exe(program_, {pir::pd_op::exp(b_, x)});
  auto expect_error = [&](const std::map<std::string, Tensor>& feeds, const std::string& part) {
    try {
      exe.Run(feeds);
      ADD_FAILURE() << "no error; expected " << part;
    } catch (const common::Error& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  expect_error({}, "[Executor] feed 'x' is missing; the program's inputs are: x");
  expect_error({{"x", Make<float>({1, 2}, DDim{1, 2})}},
               "[Executor] feed 'x' must be float32[-1, 3] (-1: any size), but got float32[1, 2]");
  expect_error({{"x", Make<double>({1, 2, 3}, DDim{1, 3})}}, "but got float64[1, 3]");
  expect_error({{"x", Make<float>({1, 2, 3}, DDim{1, 3})}, {"y", Make<float>({1}, DDim{1})}},
               "[Executor] feed 'y' is not an input of the program; its inputs are: x");
}

}  // namespace
}  // namespace paddle::executor

namespace paddle::executor {
namespace {

class StaticAutodiffTest : public ExecutorTest {};

TEST_F(StaticAutodiffTest, GradientsOfALayerAgainstHandComputed) {
  // loss = sum(relu(x @ w + b) * c): dloss/dw = x^T (c * mask), dloss/db = sum_rows(c * mask),
  // dloss/dx = (c * mask) w^T, with mask = (x @ w + b > 0).
  pir::Value x = Data("x", {2, 2});
  pir::Value w = Data("w", {2, 2});
  pir::Value bias = Data("b", {2});
  pir::Value c = Data("c", {2, 2});
  pir::Value h = pir::pd_op::relu(b_, pir::pd_op::add(b_, pir::pd_op::matmul(b_, x, w, false, false), bias));
  pir::Value loss = pir::pd_op::sum(b_, pir::pd_op::multiply(b_, h, c), phi::IntArray(std::vector<int64_t>{}),
                                    DataType::UNDEFINED, false);
  std::vector<pir::Value> grads = pir::autodiff::Gradients(program_.block(), {loss}, {}, {x, w, bias, c});
  pir::Verify(program_);
  Executor exe(program_, grads);
  // x @ w + b = [[1, -1], [3, 1]] for x = [[1, 0], [1, 2]], w = [[1, -1], [1, 1]], b = [0, 0]: mask [[1, 0], [1, 1]].
  auto out = exe.Run({{"x", Make<float>({1, 0, 1, 2}, DDim{2, 2})},
                      {"w", Make<float>({1, -1, 1, 1}, DDim{2, 2})},
                      {"b", Make<float>({0, 0}, DDim{2})},
                      {"c", Make<float>({1, 2, 3, 4}, DDim{2, 2})}});
  // g = c * mask = [[1, 0], [3, 4]]
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{1, 1, -1, 7}));  // g w^T = [[1, 1], [-1, 7]]
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{4, 4, 6, 8}));   // x^T g = [[4, 4], [6, 8]]
  EXPECT_EQ(Values<float>(out[2]), (std::vector<float>{4, 4}));         // rows of g summed
  EXPECT_EQ(Values<float>(out[3]), (std::vector<float>{1, 0, 3, 1}));   // relu(x @ w + b)
}

TEST_F(StaticAutodiffTest, ListsUnusedInputsAndMissingRules) {
  pir::Value a = Data("a", {2});
  pir::Value c = Data("c", {3});
  pir::Value unused = Data("unused", {2});
  pir::Value cat = pir::pd_op::concat(b_, {a, c}, 0);
  std::vector<pir::Value> parts = pir::pd_op::split(b_, pir::pd_op::exp(b_, cat), {4, 1}, 0);
  // d/da, d/dc of sum(exp(concat(a, c))[:4]): exp of the first four, 0 for the last.
  pir::Value loss = pir::pd_op::sum(b_, parts[0], phi::IntArray(std::vector<int64_t>{}), DataType::UNDEFINED, false);
  std::vector<pir::Value> grads = pir::autodiff::Gradients(program_.block(), {loss}, {}, {a, c, unused});
  EXPECT_FALSE(bool(grads[2]));
  Executor exe(program_, {grads[0], grads[1]});
  auto out = exe.Run({{"a", Make<float>({0, 1}, DDim{2})}, {"c", Make<float>({0, 0, 2}, DDim{3})},
                      {"unused", Make<float>({0, 0}, DDim{2})}});
  EXPECT_NEAR(Values<float>(out[0])[1], std::exp(1.0f), 1e-5);
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{1, 1, 0}));
  // An index takes no gradient: nothing flows back through argmax.
  pir::Value index = pir::pd_op::cast(b_, pir::pd_op::argmax(b_, a, -1, false, false, DataType::INT64),
                                      DataType::FLOAT32);
  EXPECT_FALSE(bool(pir::autodiff::Gradients(program_.block(), {index}, {}, {a})[0]));
  // bernoulli draws from its input: it has no gradient rule.
  try {
    pir::autodiff::Gradients(program_.block(), {pir::pd_op::bernoulli(b_, a)}, {}, {a});
    ADD_FAILURE() << "no error";
  } catch (const common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("a gradient must flow through pd_op.bernoulli, which has no gradient rule"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace paddle::executor

namespace paddle::executor {
namespace {

class ControlFlowTest : public ExecutorTest {
 protected:
  pir::Value Full(std::vector<int64_t> shape, double value, DataType dtype) {
    return pir::pd_op::full(b_, phi::IntArray(shape), phi::Scalar(value), dtype, Place());
  }
};

TEST_F(ControlFlowTest, IfRunsOneBranch) {
  // out = sum(x) > 0 ? exp(x) : -x
  pir::Value x = Data("x", {3});
  pir::Value positive = pir::pd_op::greater_than(
      b_, pir::pd_op::sum(b_, x, phi::IntArray(std::vector<int64_t>{}), DataType::UNDEFINED, false),
      Full({}, 0, DataType::FLOAT32));
  pir::Operation* if_op = b_.Create("pd_op.if", {positive}, {}, {x.type()}, 2);
  for (uint32_t r = 0; r < 2; ++r) {
    pir::Builder branch(ctx_, if_op->region(r).AddBlock());
    pir::Value v = r == 0 ? pir::pd_op::exp(branch, x) : pir::pd_op::neg(branch, x);
    branch.Create("cf.yield", {v}, {}, {});
  }
  pir::Verify(program_);
  Executor exe(program_, {if_op->result(0)});
  EXPECT_EQ(Values<float>(exe.Run({{"x", Make<float>({-1, -2, 1}, DDim{3})}})[0]), (std::vector<float>{1, 2, -1}));
  auto up = Values<float>(exe.Run({{"x", Make<float>({0, 1, 0}, DDim{3})}})[0]);
  EXPECT_NEAR(up[1], std::exp(1.0f), 1e-6);
  EXPECT_EQ(up[0], 1.0f);
}

TEST_F(ControlFlowTest, WhileLoopsUntilTheCondition) {
  // i = 0, acc = x; while i < n: i += 1, acc = acc * 2  ->  acc = x * 2^n
  pir::Value x = Data("x", {2});
  pir::Value n = Data("n", {}, DataType::INT64);
  pir::Value i0 = Full({}, 0, DataType::INT64);
  pir::Value go = pir::pd_op::less_than(b_, i0, n);
  pir::Operation* loop = b_.Create("pd_op.while", {go, i0, x}, {}, {i0.type(), x.type()}, 1);
  pir::Block* body = loop->region(0).AddBlock();
  pir::Value i = body->AddArgument(i0.type());
  pir::Value acc = body->AddArgument(x.type());
  pir::Builder inner(ctx_, body);
  pir::Value next_i = pir::pd_op::add(inner, i, pir::pd_op::full(inner, phi::IntArray(std::vector<int64_t>{}),
                                                                  phi::Scalar(int64_t{1}), DataType::INT64, Place()));
  pir::Value next_acc = pir::pd_op::add(inner, acc, acc);
  inner.Create("cf.yield", {pir::pd_op::less_than(inner, next_i, n), next_i, next_acc}, {}, {});
  pir::Verify(program_);
  Executor exe(program_, {loop->result(0), loop->result(1)});
  auto out = exe.Run({{"x", Make<float>({1, -3}, DDim{2})}, {"n", Make<int64_t>({5}, DDim{})}});
  EXPECT_EQ(Values<int64_t>(out[0]), (std::vector<int64_t>{5}));
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{32, -96}));
  // Zero iterations: the results are the initial values.
  out = exe.Run({{"x", Make<float>({1, -3}, DDim{2})}, {"n", Make<int64_t>({0}, DDim{})}});
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{1, -3}));
}

TEST_F(ControlFlowTest, TheVerifierChecksBranchesAndBodies) {
  pir::Value x = Data("x", {3});
  pir::Value c = pir::pd_op::less_than(b_, Full({}, 0, DataType::FLOAT32), Full({}, 1, DataType::FLOAT32));
  pir::Operation* if_op = b_.Create("pd_op.if", {c}, {}, {x.type()}, 2);
  pir::Builder yes(ctx_, if_op->region(0).AddBlock());
  yes.Create("cf.yield", {x}, {}, {});
  pir::Builder no(ctx_, if_op->region(1).AddBlock());
  no.Create("cf.yield", {pir::pd_op::cast(no, x, DataType::FLOAT64)}, {}, {});
  try {
    pir::Verify(program_);
    ADD_FAILURE() << "no error";
  } catch (const common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("[pd_op.if] the false branch's yield must be (tensor<3xf32>), but got "
                                         "(tensor<3xf64>)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace paddle::executor
