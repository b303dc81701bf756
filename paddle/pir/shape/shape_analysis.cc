#include "paddle/pir/shape/shape_analysis.h"

#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"

PIR_DEFINE_TYPE_ID(pir::ShapeAnalysis)

namespace pir {
namespace {

// Probe values (Note [Symbolic shapes]): multiples of kAlign, which every
// divisor up to 8 divides, so that a floor division is exact on the grid;
// then each variable, and all together, at every residue modulo 8.
constexpr int64_t kAlign = 840;
constexpr int64_t kMaxDivisor = 8;
constexpr size_t kMaxVariables = 3;
constexpr int64_t kLevels[] = {11, 13, 17, 19, 23, 29};  // two per variable
constexpr int64_t kCheck[] = {31, 37, 41};               // one per variable

using Int = __int128;

Int FloorDivide(Int a, Int b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

struct Fraction {
  Int num = 0, den = 1;
  static Fraction Of(Int num, Int den) {
    if (den < 0) num = -num, den = -den;
    Int a = num < 0 ? -num : num, b = den;
    while (b != 0) a %= b, std::swap(a, b);
    return a == 0 ? Fraction{0, 1} : Fraction{num / a, den / a};
  }
  Fraction operator+(const Fraction& o) const { return Of(num * o.den + o.num * den, den * o.den); }
  Fraction operator*(const Fraction& o) const { return Of(num * o.num, den * o.den); }
};

// The results' dims (each tensor of each result; none for other types).
using ResultDims = std::vector<std::vector<std::vector<int64_t>>>;

ResultDims DimsOfTypes(const std::vector<Type>& types) {
  ResultDims out;
  for (const Type& type : types) {
    std::vector<std::vector<int64_t>> tensors;
    if (auto tensor = type.dyn_cast<DenseTensorType>()) {
      tensors.push_back(tensor.dims().ToVector());
    } else if (auto list = type.dyn_cast<VectorType>()) {
      for (const Type& element : list.elements()) {
        if (auto t = element.dyn_cast<DenseTensorType>()) tensors.push_back(t.dims().ToVector());
      }
    }
    out.push_back(std::move(tensors));
  }
  return out;
}

// Each variable's value: the operands' distinct symbolic dims.
using Assignment = std::map<DimExpr, int64_t>;

Type Concrete(Type type, const std::vector<SymbolicShape>& shapes, const Assignment& values, size_t& next) {
  auto* ctx = IrContext::Instance();
  if (auto tensor = type.dyn_cast<DenseTensorType>()) {
    std::vector<int64_t> dims;
    for (const DimExpr& dim : shapes.at(next++)) dims.push_back(dim.IsConstant() ? dim.constant() : values.at(dim));
    return DenseTensorType::Get(ctx, tensor.dtype(), paddle::DDim(dims));
  }
  if (auto list = type.dyn_cast<VectorType>()) {
    std::vector<Type> elements;
    for (const Type& element : list.elements()) elements.push_back(Concrete(element, shapes, values, next));
    return VectorType::Get(ctx, elements);
  }
  return type;
}

// Runs an op's infer-meta with its operands' symbolic dims at given values;
// nullopt where the infer-meta refuses them.
std::optional<ResultDims> InferAt(const Operation& op, const OpInfo& info,
                                  const std::vector<std::vector<SymbolicShape>>& operands, const Assignment& values) {
  try {
    std::vector<Type> types;
    for (uint32_t i = 0; i < op.num_operands(); ++i) {
      Value v = op.operand(i);
      size_t next = 0;
      types.push_back(v ? Concrete(v.type(), operands[i], values, next) : Type());
    }
    return DimsOfTypes(info.infer_types(IrContext::Instance(), types, op.attributes()));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The probes of Note [Symbolic shapes] over n variables, each a group of
// the operands' symbolic dims that take one value (one dim each, or all of
// them as one).
class Probes {
 public:
  Probes(const Operation& op, const OpInfo& info, const std::vector<std::vector<SymbolicShape>>& operands,
         std::vector<std::vector<DimExpr>> variables)
      : variables_(std::move(variables)) {
    const size_t n = variables_.size();
    auto probe = [&](const std::vector<int64_t>& point) {
      Assignment values;
      for (size_t i = 0; i < n; ++i) {
        for (const DimExpr& dim : variables_[i]) values[dim] = point[i];
      }
      return InferAt(op, info, operands, values);
    };
    for (size_t corner = 0; corner < (size_t{1} << n); ++corner) {
      std::vector<int64_t> point;
      for (size_t i = 0; i < n; ++i) point.push_back(Level(i, (corner >> i) & 1));
      auto dims = probe(point);
      if (!dims) return;  // refused on the grid: no fit
      corners_.push_back(std::move(*dims));
    }
    std::vector<int64_t> check;
    for (size_t i = 0; i < n; ++i) check.push_back(kAlign * kCheck[i]);
    if (auto dims = probe(check)) checks_.emplace_back(check, std::move(*dims));
    for (int64_t offset = 1; offset < kMaxDivisor; ++offset) {
      for (size_t moved = 0; moved <= n; ++moved) {  // each variable alone, then all
        std::vector<int64_t> point;
        for (size_t i = 0; i < n; ++i) {
          const int64_t off = moved == n ? offset * static_cast<int64_t>(2 * i + 1) % kMaxDivisor : (i == moved) * offset;
          point.push_back(Level(i, 0) + off);
        }
        if (auto dims = probe(point)) offsets_.emplace_back(point, std::move(*dims));
      }
    }
  }

  bool fits_grid() const { return !corners_.empty() && !checks_.empty(); }

  // Dim k of tensor e of result r as an expression of `atoms` (one per
  // variable); nullopt where no fit explains it.
  std::optional<DimExpr> Dim(size_t r, size_t e, size_t k, const std::vector<DimExpr>& atoms) const {
    const size_t n = variables_.size();
    std::vector<Int> f;
    for (const ResultDims& corner : corners_) {
      if (!Has(corner, r, e, k) || corner[r][e][k] < 0) return std::nullopt;
      f.push_back(corner[r][e][k]);
    }
    // f = sum_S d_S prod_{i in S} (x_i - lo_i), d_S the alternating sum over
    // the corners of S; expanded into the coefficients c_U of prod_{i in U} x_i.
    std::vector<Fraction> c(size_t{1} << n);
    for (size_t s = 0; s < c.size(); ++s) {
      Fraction d;
      for (size_t t = s;; t = (t - 1) & s) {
        const int sign = (__builtin_popcountll(s) - __builtin_popcountll(t)) % 2 ? -1 : 1;
        d = d + Fraction::Of(sign * f[t], 1);
        if (t == 0) break;
      }
      Int span = 1;
      for (size_t i = 0; i < n; ++i) {
        if (s >> i & 1) span *= Level(i, 1) - Level(i, 0);
      }
      d = d * Fraction::Of(1, span);
      for (size_t u = s;; u = (u - 1) & s) {
        Int shift = 1;
        for (size_t i = 0; i < n; ++i) {
          if ((s >> i & 1) && !(u >> i & 1)) shift *= -Level(i, 0);
        }
        c[u] = c[u] + d * Fraction::Of(shift, 1);
        if (u == 0) break;
      }
    }
    if (c[0].den != 1) return std::nullopt;
    Int divisor = 1;
    for (size_t u = 1; u < c.size(); ++u) divisor = std::lcm(divisor, c[u].den);
    if (divisor > kMaxDivisor) return std::nullopt;
    // f = floor(numerator / divisor): numerator = sum_U divisor*c_U x^U +
    // divisor*c_0 + remainder, the remainder in [0, divisor) fixed by the
    // probes off the grid.
    auto numerator = [&](const std::vector<int64_t>& x, Int remainder) {
      Int sum = divisor * c[0].num + remainder;
      for (size_t u = 1; u < c.size(); ++u) {
        Int term = c[u].num * (divisor / c[u].den);
        for (size_t i = 0; i < n; ++i) {
          if (u >> i & 1) term *= x[i];
        }
        sum += term;
      }
      return sum;
    };
    for (const auto& [point, dims] : checks_) {
      if (!Has(dims, r, e, k) || dims[r][e][k] != FloorDivide(numerator(point, 0), divisor)) return std::nullopt;
    }
    std::vector<Int> remainders;
    for (Int rem = 0; rem < divisor; ++rem) {
      bool consistent = true;
      for (const auto& [point, dims] : offsets_) {
        consistent = consistent && Has(dims, r, e, k) && dims[r][e][k] == FloorDivide(numerator(point, rem), divisor);
      }
      if (consistent) remainders.push_back(rem);
    }
    if (remainders.empty()) return std::nullopt;
    DimExpr sum(static_cast<int64_t>(divisor * c[0].num + remainders[0]));
    for (size_t u = 1; u < c.size(); ++u) {
      DimExpr term(static_cast<int64_t>(c[u].num * (divisor / c[u].den)));
      for (size_t i = 0; i < n; ++i) {
        if (u >> i & 1) term = term * atoms[i];
      }
      sum = sum + term;
    }
    return DimExpr::FloorDiv(sum, static_cast<int64_t>(divisor));
  }

 private:
  int64_t Level(size_t i, int high) const { return kAlign * kLevels[2 * i + high]; }
  static bool Has(const ResultDims& dims, size_t r, size_t e, size_t k) {
    return r < dims.size() && e < dims[r].size() && k < dims[r][e].size();
  }

  std::vector<std::vector<DimExpr>> variables_;
  std::vector<ResultDims> corners_;
  std::vector<std::pair<std::vector<int64_t>, ResultDims>> checks_, offsets_;
};

}  // namespace

ShapeAnalysis::ShapeAnalysis(const Program& program) { AnalyzeBlock(*program.block()); }

DimExpr ShapeAnalysis::NewSymbol() { return DimExpr::Symbol("S" + std::to_string(next_symbol_++)); }

std::vector<SymbolicShape> ShapeAnalysis::FromType(Type type) {
  std::vector<SymbolicShape> shapes;
  const ResultDims tensors = DimsOfTypes({type});
  for (const auto& dims : tensors.front()) {
    SymbolicShape shape;
    for (int64_t d : dims) shape.push_back(d < 0 ? Unknown() : DimExpr(d));
    shapes.push_back(std::move(shape));
  }
  return shapes;
}

void ShapeAnalysis::Store(Value v, std::vector<SymbolicShape> shapes) {
  for (SymbolicShape& shape : shapes) {
    for (DimExpr& dim : shape) {
      if (dim == Unknown()) dim = NewSymbol();
    }
  }
  shapes_[v.impl()] = std::move(shapes);
}

const std::vector<SymbolicShape>& ShapeAnalysis::ShapesOf(Value v) const {
  auto it = shapes_.find(v.impl());
  PD_CHECK(it != shapes_.end(), NotFound, "[ShapeAnalysis] the value is not a tensor value of the analyzed program");
  return it->second;
}

const SymbolicShape& ShapeAnalysis::ShapeOf(Value v) const {
  const auto& shapes = ShapesOf(v);
  PD_CHECK(shapes.size() == 1 && v.type().isa<DenseTensorType>(), NotFound,
           "[ShapeAnalysis] the value is a list, not a tensor: ", v.type().ToString());
  return shapes[0];
}

DimExpr ShapeAnalysis::BytesOf(Value v) const {
  DimExpr bytes(static_cast<int64_t>(paddle::SizeOf(v.type().dyn_cast<DenseTensorType>().dtype())));
  for (const DimExpr& dim : ShapeOf(v)) bytes = bytes * dim;
  return bytes;
}

std::string ShapeAnalysis::SymShapeStr(Value v) const {
  std::string out = "shape[";
  const SymbolicShape& shape = ShapeOf(v);
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + shape[i].ToString();
  return out + "], data[NULL]";
}

void ShapeAnalysis::AnalyzeBlock(const Block& block) {
  for (const Operation* op : block) AnalyzeOp(*op);
}

void ShapeAnalysis::AnalyzeIf(const Operation& op) {
  std::vector<const Operation*> yields;
  for (uint32_t r = 0; r < op.num_regions(); ++r) {
    for (const auto& block : op.region(r)) {
      AnalyzeBlock(*block);
      if (!block->empty()) yields.push_back(block->back());
    }
  }
  for (uint32_t i = 0; i < op.num_results(); ++i) {
    std::vector<SymbolicShape> shapes = FromType(op.result(i).type());
    for (size_t e = 0; e < shapes.size(); ++e) {
      for (size_t k = 0; k < shapes[e].size(); ++k) {
        std::set<DimExpr> branches;
        for (const Operation* yield : yields) {
          auto it = shapes_.find(yield->operand(i).impl());
          if (it == shapes_.end() || it->second.size() != shapes.size() || it->second[e].size() != shapes[e].size()) {
            branches.insert(Unknown());  // a branch the analysis does not know
          } else {
            branches.insert(it->second[e][k]);
          }
        }
        if (branches.size() == 1 && !shapes[e][k].IsConstant()) shapes[e][k] = *branches.begin();
      }
    }
    Store(op.result(i), std::move(shapes));
  }
}

void ShapeAnalysis::AnalyzeWhile(const Operation& op) {
  const Block& body = op.region(0).front();
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    auto init = shapes_.find(op.operand(i + 1).impl());
    Store(body.argument(i), init != shapes_.end() ? init->second : FromType(body.argument(i).type()));
  }
  // A dim the body yields back changed is a new symbol (any iteration's
  // dim); the body is analyzed again with it.
  AnalyzeBlock(body);
  bool changed = false;
  const Operation* yield = body.back();
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    auto& arg = shapes_[body.argument(i).impl()];
    auto next = shapes_.find(yield->operand(i + 1).impl());
    for (size_t e = 0; e < arg.size(); ++e) {
      for (size_t k = 0; k < arg[e].size(); ++k) {
        const bool same = next != shapes_.end() && next->second.size() == arg.size() &&
                          next->second[e].size() == arg[e].size() && next->second[e][k] == arg[e][k];
        if (!same) arg[e][k] = NewSymbol(), changed = true;
      }
    }
  }
  if (changed) AnalyzeBlock(body);
  for (uint32_t i = 0; i < op.num_results(); ++i) shapes_[op.result(i).impl()] = shapes_[body.argument(i).impl()];
}

void ShapeAnalysis::AnalyzeOp(const Operation& op) {
  const OpInfo& info = SemanticsOf(op);
  if (info.name == "pd_op.while") return AnalyzeWhile(op);
  if (info.name == "pd_op.if") return AnalyzeIf(op);
  std::vector<std::vector<SymbolicShape>> operands;
  std::set<DimExpr> variables;  // the operands' distinct symbolic dims
  for (Value v : op.operands()) {
    auto it = v ? shapes_.find(v.impl()) : shapes_.end();
    operands.push_back(it == shapes_.end() ? std::vector<SymbolicShape>{} : it->second);
    for (const SymbolicShape& shape : operands.back()) {
      for (const DimExpr& dim : shape) {
        if (!dim.IsConstant()) variables.insert(dim);
      }
    }
  }
  if (info.name == "builtin.combine") {
    std::vector<SymbolicShape> elements;
    for (const auto& shapes : operands) elements.insert(elements.end(), shapes.begin(), shapes.end());
    shapes_[op.result(0).impl()] = std::move(elements);
    return;
  }
  if (info.name == "builtin.split" && !operands.empty() && operands[0].size() == op.num_results()) {
    for (uint32_t i = 0; i < op.num_results(); ++i) shapes_[op.result(i).impl()] = {operands[0][i]};
    return;
  }
  for (uint32_t r = 0; r < op.num_regions(); ++r) {
    for (const auto& block : op.region(r)) AnalyzeBlock(*block);
  }
  std::vector<std::vector<SymbolicShape>> results;
  for (Value v : op.results()) results.push_back(FromType(v.type()));
  const bool unknown = std::any_of(results.begin(), results.end(), [](const auto& shapes) {
    return std::any_of(shapes.begin(), shapes.end(), [](const SymbolicShape& s) {
      return std::find(s.begin(), s.end(), Unknown()) != s.end();
    });
  });
  if (unknown && !variables.empty() && variables.size() <= kMaxVariables && info.infer_types) {
    // Each symbolic dim a variable; if the infer-meta wants them to agree,
    // all one variable, their Broadcast.
    std::vector<std::vector<DimExpr>> apart;
    for (const DimExpr& dim : variables) apart.push_back({dim});
    std::vector<DimExpr> atoms(variables.begin(), variables.end());
    Probes probes(op, info, operands, apart);
    if (!probes.fits_grid() && variables.size() > 1) {
      probes = Probes(op, info, operands, {atoms});
      atoms = {DimExpr::Broadcast(atoms)};
    }
    for (size_t r = 0; probes.fits_grid() && r < results.size(); ++r) {
      for (size_t e = 0; e < results[r].size(); ++e) {
        for (size_t k = 0; k < results[r][e].size(); ++k) {
          if (results[r][e][k] != Unknown()) continue;
          if (auto dim = probes.Dim(r, e, k, atoms)) results[r][e][k] = *dim;
        }
      }
    }
  }
  for (uint32_t i = 0; i < op.num_results(); ++i) {
    if (op.result(i).type().isa<DenseTensorType>() || op.result(i).type().isa<VectorType>()) {
      Store(op.result(i), std::move(results[i]));
    }
  }
}

}  // namespace pir
