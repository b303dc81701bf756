// Note [Symbolic dims]: a dim the program does not fix (-1 in a type) is
// named by an expression over symbols, S0, S1, ..., one per unknown dim of
// an input (pd_op.data) and one per dim an op's values decide (nonzero's
// length). Shapes then say how such dims relate: x of [S0, 4] and the
// flattened [Mul(S0, 4)], the concatenation [Add(S0, S1)], a strided conv's
// [Add(Div(Add(S0, -1), 2), 1)]. The printed names are PaddlePaddle 3.x's
// (Add, Mul, Div, Broadcast).
//
// An expression is kept in one canonical form, so that equal dims compare
// equal: a sum of terms, each an integer coefficient times a product of
// atoms, where an atom is a symbol or what no polynomial stands for: the
// floor division of a sum by a constant (its coefficients reduced below the
// divisor: Div(Add(S0, 1), 2), never Div(Add(2*S0, 3), 2)), and the
// broadcast of dims (Broadcast(S0, S1): the dim two broadcast operands give,
// either when they are equal or the one that is not 1).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pir {

class DimExpr {
 public:
  DimExpr(int64_t constant = 0);  // NOLINT: a constant is a dim
  static DimExpr Symbol(const std::string& name);
  // floor(numerator / denominator), denominator > 0.
  static DimExpr FloorDiv(const DimExpr& numerator, int64_t denominator);
  // The broadcast of dims: 1s drop out, equal ones merge, a constant other
  // than 1 is the result.
  static DimExpr Broadcast(const std::vector<DimExpr>& dims);

  DimExpr operator+(const DimExpr& other) const;
  DimExpr operator-(const DimExpr& other) const;
  DimExpr operator*(const DimExpr& other) const;

  bool IsConstant() const;
  // The value of a constant; InvalidArgument otherwise.
  int64_t constant() const;
  // The value for the symbols' values; InvalidArgument naming a symbol
  // without one.
  int64_t Evaluate(const std::map<std::string, int64_t>& symbols) const;
  void CollectSymbols(std::set<std::string>& symbols) const;

  // "4", "S0", "Add(S0, 4)", "Mul(S0, S1, 2)", "Div(Add(S0, 1), 2)".
  const std::string& ToString() const { return text_; }
  bool operator==(const DimExpr& other) const { return text_ == other.text_; }
  bool operator!=(const DimExpr& other) const { return text_ != other.text_; }
  bool operator<(const DimExpr& other) const { return text_ < other.text_; }

 private:
  struct Atom;
  using AtomPtr = std::shared_ptr<const Atom>;
  // A product of atoms in the order of their text; empty for the constant term.
  using Monomial = std::vector<AtomPtr>;
  struct MonomialLess {
    bool operator()(const Monomial& a, const Monomial& b) const;
  };
  using Terms = std::map<Monomial, int64_t, MonomialLess>;  // monomial -> nonzero coefficient

  explicit DimExpr(Terms terms);
  static DimExpr OfAtom(AtomPtr atom);
  static std::string TermText(const Monomial& monomial, int64_t coefficient);

  Terms terms_;
  std::string text_;  // canonical: equality and order compare it
};

}  // namespace pir
