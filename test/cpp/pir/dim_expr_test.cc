// Symbolic dims (Note [Symbolic dims]): the canonical form makes equal dims
// compare equal, and evaluation agrees with integer arithmetic.
#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/pir/shape/dim_expr.h"

namespace pir {
namespace {

const DimExpr S0 = DimExpr::Symbol("S0");
const DimExpr S1 = DimExpr::Symbol("S1");

TEST(DimExpr, SumsAndProductsHaveOneForm) {
  EXPECT_EQ((S0 + S0).ToString(), "Mul(S0, 2)");
  EXPECT_EQ((S0 + 4).ToString(), "Add(S0, 4)");
  EXPECT_EQ((DimExpr(4) + S0).ToString(), "Add(S0, 4)");
  EXPECT_EQ((S1 * S0).ToString(), "Mul(S0, S1)");
  EXPECT_EQ(((S0 + 1) * (S0 - 1)).ToString(), "Add(Mul(S0, S0), -1)");
  EXPECT_EQ((S0 - S0).ToString(), "0");
  EXPECT_EQ(S0 * 2 + S1 * 2, (S0 + S1) * 2);
  EXPECT_NE(S0 + 1, S0);
  EXPECT_TRUE((S0 - S0 + 3).IsConstant());
  EXPECT_EQ((S0 - S0 + 3).constant(), 3);
}

TEST(DimExpr, FloorDivisionKeepsOnlyWhatDoesNotDivide) {
  EXPECT_EQ(DimExpr::FloorDiv(S0 * 4, 2).ToString(), "Mul(S0, 2)");
  EXPECT_EQ(DimExpr::FloorDiv(S0 * 2 + 3, 2).ToString(), "Add(S0, 1)");
  EXPECT_EQ(DimExpr::FloorDiv(S0 + 1, 2).ToString(), "Div(Add(S0, 1), 2)");
  EXPECT_EQ(DimExpr::FloorDiv(S0 * 3 + 5, 2).ToString(), "Add(Div(Add(S0, 1), 2), S0, 2)");
  EXPECT_EQ(DimExpr::FloorDiv(S0 * 2 + 2, 4).ToString(), "Div(Add(S0, 1), 2)");  // gcd reduced
  EXPECT_EQ(DimExpr::FloorDiv(DimExpr(-7), 2).constant(), -4);
  EXPECT_EQ(DimExpr::FloorDiv(S0, 1), S0);
  EXPECT_THROW(DimExpr::FloorDiv(S0, 0), paddle::common::Error);
}

TEST(DimExpr, BroadcastDropsOnesAndMergesEquals) {
  EXPECT_EQ(DimExpr::Broadcast({S0, 1}), S0);
  EXPECT_EQ(DimExpr::Broadcast({S0, S0}), S0);
  EXPECT_EQ(DimExpr::Broadcast({S1, S0}).ToString(), "Broadcast(S0, S1)");
  EXPECT_EQ(DimExpr::Broadcast({S0, 4}).constant(), 4);
  EXPECT_EQ(DimExpr::Broadcast({DimExpr::Broadcast({S0, S1}), S0}).ToString(), "Broadcast(S0, S1)");
  EXPECT_EQ(DimExpr::Broadcast({DimExpr(1), DimExpr(1)}).constant(), 1);
}

TEST(DimExpr, EvaluatesAsIntegerArithmetic) {
  const DimExpr conv = DimExpr::FloorDiv(S0 + 2 * 1 - 3, 2) + 1;  // kernel 3, stride 2, padding 1
  for (int64_t h = 1; h < 40; ++h) {
    EXPECT_EQ(conv.Evaluate({{"S0", h}}), (h + 2 - 3) / 2 + 1) << h;
  }
  EXPECT_EQ(conv.ToString(), "Div(Add(S0, 1), 2)");
  const DimExpr e = DimExpr::FloorDiv(S0 * S1 * 3, 4) + DimExpr::Broadcast({S0, S1});
  EXPECT_EQ(e.Evaluate({{"S0", 5}, {"S1", 1}}), 15 / 4 + 5);
  std::set<std::string> symbols;
  e.CollectSymbols(symbols);
  EXPECT_EQ(symbols, (std::set<std::string>{"S0", "S1"}));
  EXPECT_THROW(e.Evaluate({{"S0", 5}}), paddle::common::Error);
  EXPECT_THROW(S0.constant(), paddle::common::Error);
}

}  // namespace
}  // namespace pir
