// The autograd engine from C++: recording, accumulation, paddle.grad-style
// capture, higher order, hooks and the error for ops without gradients.
#include <gtest/gtest.h>

#include <vector>

#include "paddle/autograd/backward.h"
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/autograd/grad_node.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/transfer.h"

namespace paddle::autograd {
namespace {

Tensor Leaf(std::vector<double> v) {
  Tensor t = api::FromHostBuffer(v.data(), DataType::FLOAT64, DDim({static_cast<int64_t>(v.size())}),
                                 CPUPlace());
  t.set_stop_gradient(false);
  return t;
}

std::vector<double> Values(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t.numel()));
  api::ToHostBuffer(t, v.data());
  return v;
}

TEST(Engine, RecordsOnlyWhenNeeded) {
  Tensor x = Leaf({1, 2});
  Tensor c = api::full(phi::IntArray({2}), 3.0, DataType::FLOAT64, CPUPlace());
  EXPECT_TRUE(eager::multiply(c, c).stop_gradient());
  EXPECT_FALSE(eager::multiply(x, c).stop_gradient());
  GradModeGuard off(false);
  EXPECT_TRUE(eager::multiply(x, c).stop_gradient());
}

TEST(Engine, BackwardAccumulatesIntoLeaves) {
  Tensor x = Leaf({1, 2, 3});
  Tensor y = eager::sum(eager::multiply(x, x), {}, DataType::UNDEFINED, false);
  Backward({y}, {}, /*retain_graph=*/true);
  EXPECT_EQ(Values(MetaOf(x)->grad), (std::vector<double>{2, 4, 6}));
  Backward({y}, {}, false);
  EXPECT_EQ(Values(MetaOf(x)->grad), (std::vector<double>{4, 8, 12}));
}

TEST(Engine, GradToAnyOrder) {
  Tensor x = Leaf({2});
  Tensor y = eager::pow(x, 4.0);  // 16; 4x^3 = 32; 12x^2 = 48; 24x = 48
  GradOptions keep;
  keep.create_graph = true;
  keep.retain_graph = true;
  Tensor g1 = Grad({y}, {x}, {}, keep)[0];
  Tensor g2 = Grad({g1}, {x}, {}, keep)[0];
  Tensor g3 = Grad({g2}, {x}, {}, GradOptions())[0];
  EXPECT_DOUBLE_EQ(Values(g1)[0], 32);
  EXPECT_DOUBLE_EQ(Values(g2)[0], 48);
  EXPECT_DOUBLE_EQ(Values(g3)[0], 48);
  EXPECT_FALSE(MetaOf(x)->grad.defined());  // Grad never touches .grad
}

TEST(Engine, HooksReplaceGradients) {
  Tensor x = Leaf({1, 1});
  Edge e = EdgeOf(x);
  e.node->AddHook(e.slot, [](const Tensor& g) { return eager::multiply(g, g); });
  Tensor y = eager::sum(eager::multiply(x, Leaf({3, 4})), {}, DataType::UNDEFINED, false);
  Backward({y}, {}, false);
  EXPECT_EQ(Values(MetaOf(x)->grad), (std::vector<double>{9, 16}));
}

TEST(Engine, NodeWithoutGradientRaisesNamingTheOp) {
  Tensor x = Leaf({1});
  Tensor out = api::full(phi::IntArray({1}), 1.0, DataType::FLOAT64, CPUPlace());
  auto node = std::make_shared<NotDifferentiableNode>("mystery_op");
  node->set_next_edges({EdgeOf(x)});
  SetHistory(out, node);
  try {
    Backward({out}, {}, false);
    FAIL();
  } catch (const common::Error& e) {
    EXPECT_EQ(e.code(), common::ErrorCode::kUnimplemented);
    EXPECT_NE(std::string(e.what()).find("[mystery_op] has no gradient"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace paddle::autograd
