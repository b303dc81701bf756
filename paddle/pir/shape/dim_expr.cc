#include "paddle/pir/shape/dim_expr.h"

#include <algorithm>
#include <numeric>

#include "paddle/common/errors.h"

namespace pir {

struct DimExpr::Atom {
  enum Kind { kSymbol, kDiv, kBroadcast };
  Kind kind;
  std::string name;           // kSymbol
  std::vector<DimExpr> args;  // kDiv: the numerator; kBroadcast: the dims
  int64_t divisor = 1;        // kDiv
  std::string text;
};

namespace {

int64_t FloorDivide(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::string Call(const std::string& name, const std::vector<std::string>& args) {
  std::string out = name + "(";
  for (size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + args[i];
  return out + ")";
}

}  // namespace

bool DimExpr::MonomialLess::operator()(const Monomial& a, const Monomial& b) const {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [](const AtomPtr& x, const AtomPtr& y) { return x->text < y->text; });
}

std::string DimExpr::TermText(const Monomial& monomial, int64_t coefficient) {
  if (monomial.empty()) return std::to_string(coefficient);
  if (monomial.size() == 1 && coefficient == 1) return monomial[0]->text;
  std::vector<std::string> factors;
  for (const AtomPtr& atom : monomial) factors.push_back(atom->text);
  if (coefficient != 1) factors.push_back(std::to_string(coefficient));
  return Call("Mul", factors);
}

DimExpr::DimExpr(Terms terms) : terms_(std::move(terms)) {
  for (auto it = terms_.begin(); it != terms_.end();) it = it->second == 0 ? terms_.erase(it) : std::next(it);
  std::vector<std::string> parts;
  int64_t constant = 0;
  for (const auto& [monomial, coefficient] : terms_) {
    if (monomial.empty()) {
      constant = coefficient;
    } else {
      parts.push_back(TermText(monomial, coefficient));
    }
  }
  if (constant != 0 || parts.empty()) parts.push_back(std::to_string(constant));
  text_ = parts.size() == 1 ? parts[0] : Call("Add", parts);
}

DimExpr::DimExpr(int64_t constant) : DimExpr(Terms{{Monomial{}, constant}}) {}

DimExpr DimExpr::OfAtom(AtomPtr atom) { return DimExpr(Terms{{Monomial{std::move(atom)}, 1}}); }

DimExpr DimExpr::Symbol(const std::string& name) {
  return OfAtom(std::make_shared<const Atom>(Atom{Atom::kSymbol, name, {}, 1, name}));
}

DimExpr DimExpr::operator+(const DimExpr& other) const {
  Terms sum = terms_;
  for (const auto& [monomial, coefficient] : other.terms_) sum[monomial] += coefficient;
  return DimExpr(std::move(sum));
}

DimExpr DimExpr::operator-(const DimExpr& other) const { return *this + other * DimExpr(-1); }

DimExpr DimExpr::operator*(const DimExpr& other) const {
  Terms product;
  for (const auto& [a, ca] : terms_) {
    for (const auto& [b, cb] : other.terms_) {
      Monomial m = a;
      m.insert(m.end(), b.begin(), b.end());
      std::sort(m.begin(), m.end(), [](const AtomPtr& x, const AtomPtr& y) { return x->text < y->text; });
      product[m] += ca * cb;
    }
  }
  return DimExpr(std::move(product));
}

DimExpr DimExpr::FloorDiv(const DimExpr& numerator, int64_t denominator) {
  PD_CHECK(denominator > 0, InvalidArgument, "[DimExpr] a dim is divided by a positive constant, not ",
           denominator);
  // floor((d*q + r) / d) = q + floor(r / d) for integer q: what divides
  // leaves the division, the rest (coefficients in [0, d)) stays in it.
  Terms quotient, rest;
  for (const auto& [monomial, coefficient] : numerator.terms_) {
    quotient[monomial] = FloorDivide(coefficient, denominator);
    rest[monomial] = coefficient - denominator * quotient[monomial];
  }
  DimExpr remainder(std::move(rest));
  if (remainder.IsConstant()) return DimExpr(std::move(quotient)) + DimExpr(FloorDivide(remainder.constant(), denominator));
  int64_t divisor = denominator;
  for (const auto& [monomial, coefficient] : remainder.terms_) divisor = std::gcd(divisor, coefficient);
  Terms reduced;
  for (const auto& [monomial, coefficient] : remainder.terms_) reduced[monomial] = coefficient / divisor;
  DimExpr reduced_numerator(std::move(reduced));
  const int64_t reduced_denominator = denominator / divisor;
  auto atom = std::make_shared<const Atom>(Atom{Atom::kDiv, "", {reduced_numerator}, reduced_denominator,
                                                Call("Div", {reduced_numerator.ToString(), std::to_string(reduced_denominator)})});
  return DimExpr(std::move(quotient)) + OfAtom(std::move(atom));
}

DimExpr DimExpr::Broadcast(const std::vector<DimExpr>& dims) {
  std::map<std::string, DimExpr> operands;  // by text: sorted, each once
  for (const DimExpr& dim : dims) {
    const bool nested = dim.terms_.size() == 1 && dim.terms_.begin()->second == 1 &&
                        dim.terms_.begin()->first.size() == 1 && dim.terms_.begin()->first[0]->kind == Atom::kBroadcast;
    for (const DimExpr& operand : nested ? dim.terms_.begin()->first[0]->args : std::vector<DimExpr>{dim}) {
      if (operand.IsConstant() && operand.constant() != 1) return operand;
      if (!(operand.IsConstant() && operand.constant() == 1)) operands.emplace(operand.ToString(), operand);
    }
  }
  if (operands.empty()) return DimExpr(1);
  if (operands.size() == 1) return operands.begin()->second;
  std::vector<DimExpr> args;
  std::vector<std::string> texts;
  for (const auto& [text, operand] : operands) {
    args.push_back(operand);
    texts.push_back(text);
  }
  return OfAtom(std::make_shared<const Atom>(Atom{Atom::kBroadcast, "", std::move(args), 1, Call("Broadcast", texts)}));
}

bool DimExpr::IsConstant() const { return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty()); }

int64_t DimExpr::constant() const {
  PD_CHECK(IsConstant(), InvalidArgument, "[DimExpr] ", text_, " is not a constant");
  return terms_.empty() ? 0 : terms_.begin()->second;
}

int64_t DimExpr::Evaluate(const std::map<std::string, int64_t>& symbols) const {
  int64_t sum = 0;
  for (const auto& [monomial, coefficient] : terms_) {
    int64_t product = coefficient;
    for (const AtomPtr& atom : monomial) {
      switch (atom->kind) {
        case Atom::kSymbol: {
          auto it = symbols.find(atom->name);
          PD_CHECK(it != symbols.end(), InvalidArgument, "[DimExpr] no value for the symbol ", atom->name, " of ", text_);
          product *= it->second;
          break;
        }
        case Atom::kDiv:
          product *= FloorDivide(atom->args[0].Evaluate(symbols), atom->divisor);
          break;
        case Atom::kBroadcast: {
          int64_t broadcast = 1;  // valid operands are equal or 1
          for (const DimExpr& arg : atom->args) broadcast = std::max(broadcast, arg.Evaluate(symbols));
          product *= broadcast;
          break;
        }
      }
    }
    sum += product;
  }
  return sum;
}

void DimExpr::CollectSymbols(std::set<std::string>& symbols) const {
  for (const auto& [monomial, coefficient] : terms_) {
    for (const AtomPtr& atom : monomial) {
      if (atom->kind == Atom::kSymbol) symbols.insert(atom->name);
      for (const DimExpr& arg : atom->args) arg.CollectSymbols(symbols);
    }
  }
}

}  // namespace pir
