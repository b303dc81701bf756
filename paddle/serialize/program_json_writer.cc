#include "paddle/serialize/program_json.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/pir/autodiff/backward.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/region.h"
#include "paddle/serialize/paddle_ops.h"
#include "paddle/serialize/program_json_schema.h"

namespace paddle::serialize {
namespace {

using json = nlohmann::json;

json FloatJson(const char* kind, double value) {
  if (std::isnan(value)) return {{"#", kind}, {"VD", "NAN"}};
  if (std::isinf(value)) return {{"#", kind}, {"VD", value > 0 ? "INF" : "-INF"}};
  return {{"#", kind}, {"D", value}};
}

std::string DtypeName(DataType dtype) {
  return dtype == DataType::UNDEFINED ? "Undefined(ALL_DTYPE)" : DataTypeName(dtype);
}

class Writer {
 public:
  explicit Writer(bool trainable) : trainable_(trainable) {}

  json Region(const pir::Region& region) {
    json blocks = json::array();
    json out = {{"#", "region_" + std::to_string(regions_++)}};
    for (const auto& block : region) blocks.push_back(Block(*block));
    out["blocks"] = std::move(blocks);
    return out;
  }

 private:
  json Block(const pir::Block& block) {
    json out = {{"#", "block_" + std::to_string(blocks_++)}};
    json args = json::array(), ops = json::array();
    for (size_t i = 0; i < block.num_arguments(); ++i) {
      const int64_t id = next_argument_--;
      ids_[block.argument(i).impl()] = id;
      args.push_back({{"#", id}, {"TT", Type(block.argument(i).type())}});
    }
    out["args"] = std::move(args);
    for (const pir::Operation* op : block) {
      const PaddleOpImport* paddle = FindOurOp(op->name());
      if (paddle != nullptr && Exportable(*op, *paddle)) {
        Export(*op, *paddle, &ops);
      } else {
        ops.push_back(Op(*op));
      }
    }
    out["ops"] = std::move(ops);
    return out;
  }

  json Result(pir::Value v) {
    const int64_t id = next_result_++;
    ids_[v.impl()] = id;
    return {{"%", id}, {"TT", Type(v.type())}};
  }

  json Op(const pir::Operation& op) {
    if (op.name() == "builtin.parameter") return Parameter(op);
    json out = {{"#", OpName(op.name())}};
    json operands = json::array(), results = json::array(), attributes = json::array(), per_result = json::array();
    for (pir::Value v : op.operands()) operands.push_back({{"%", IdOf(v, op)}});
    for (pir::Value v : op.results()) results.push_back(Result(v));
    // The declared attributes in their declaration order (Paddle's), then the others.
    std::vector<std::string> names;
    for (const pir::AttrSpec& spec : op.info().attributes) {
      if (op.attributes().count(spec.name)) names.push_back(spec.name);
    }
    for (const auto& [name, value] : op.attributes()) {
      if (!op.info().FindAttribute(name)) names.push_back(name);
    }
    for (const std::string& name : names) {
      json entry = {{"N", name}, {"AT", Attr(op.attributes().at(name), op)}};
      (IsResultAttribute(name) ? per_result : attributes).push_back(std::move(entry));
    }
    out["I"] = std::move(operands);
    out["O"] = std::move(results);
    out["A"] = std::move(attributes);
    if (trainable_) out["OA"] = std::move(per_result);
    if (op.num_regions() > 0) {
      json regions = json::array();
      for (uint32_t r = 0; r < op.num_regions(); ++r) regions.push_back(Region(op.region(r)));
      out["regions"] = std::move(regions);
    }
    return out;
  }

  int64_t IdOf(pir::Value v, const pir::Operation& op) const {
    if (!v) return 0;
    auto it = ids_.find(v.impl());
    PD_CHECK(it != ids_.end(), InvalidArgument, "[save] ", op.name(), " reads a value defined after it");
    return it->second;
  }

  // Whether op has Paddle's form: its first input of the mapping's rank, and
  // no result of ours that Paddle's op lacks read (max_pool's indices).
  static bool Exportable(const pir::Operation& op, const PaddleOpImport& paddle) {
    if (paddle.rank >= 0) {
      auto x = op.num_operands() > 0 && op.operand(0) ? op.operand(0).type().dyn_cast<pir::DenseTensorType>()
                                                      : pir::DenseTensorType();
      if (!x || x.dims().size() != paddle.rank) return false;
    }
    if (paddle.results.empty()) return true;
    for (uint32_t r = 0; r < op.num_results(); ++r) {
      const bool kept = std::any_of(paddle.results.begin(), paddle.results.end(),
                                    [&](const PaddleResult& p) { return p.ours == static_cast<int>(r); });
      if (!kept && !op.result(r).use_empty()) return false;
    }
    return true;
  }

  // A list attribute of ours in Paddle's order (OurListToPaddle).
  pir::Attribute Reordered(pir::Attribute a, const PaddleArgBinding& b) const {
    std::optional<std::vector<int64_t>> list = IntList(a);
    if ((b.permute.empty() && b.if_empty.empty()) || !list) return a;
    return WithInts(a, OurListToPaddle(*list, b));
  }

  // Paddle's value for our attribute `a` of a binding that translates values.
  static json Translated(pir::Attribute a, const PaddleArgBinding& b, const pir::Operation& op) {
    const json ours = Attr(a, op).at("D");
    for (const auto& [mine, theirs] : b.values) {
      if (json::parse(mine) == ours) return json::parse(theirs);
    }
    PD_THROW(InvalidArgument, "[save] ", op.name(), "'s ", b.ours, " ", ours.dump(), " has no value in Paddle's ",
             b.paddle);
  }

  // The tensor the writer declares for a result of Paddle's that ours lacks.
  static pir::Type ExtraResultType(const pir::Operation& op, const PaddleResult& result) {
    auto x = op.operand(0).type().dyn_cast<pir::DenseTensorType>();
    const paddle::DataType dtype = result.dtype ? paddle::DataTypeFromName(result.dtype) : x.dtype();
    std::vector<int64_t> dims = {-1};
    if (result.like_input) {
      dims = x.dims().ToVector();
    } else if (result.dims_before != nullptr) {
      auto axis = op.attribute<pir::Int64Attribute>(result.dims_before);
      PD_CHECK(axis && axis.data() >= 0 && axis.data() <= x.dims().size(), InvalidArgument, "[save] ", op.name(),
               "'s ", result.dims_before, " must be an axis of its input");
      dims.assign(x.dims().data(), x.dims().data() + axis.data());
    }
    return pir::DenseTensorType::Get(pir::IrContext::Instance(), dtype, paddle::DDim(dims));
  }

  // Note [Paddle's ops]: op in Paddle's signature; a constant op goes before
  // it (into `ops`) for each attribute of ours that is an operand of Paddle's.
  void Export(const pir::Operation& op, const PaddleOpImport& paddle, json* ops) {
    const pir::OpInfo& info = op.info();
    json operands = json::array(), attributes = json::array(), per_result = json::array(), results = json::array();
    for (const PaddleArgBinding& b : paddle.args) {
      if (b.input) {
        if (b.ours == nullptr) {  // a constant of the mapping (neg's scale of -1), or an optional input left empty
          operands.push_back(
              {{"%", b.constant != nullptr ? ConstantOp(ConstantAttribute(json::parse(b.constant)), op, ops) : 0}});
          continue;
        }
        auto at = std::find(info.operands.begin(), info.operands.end(), b.ours);
        if (at != info.operands.end()) {
          operands.push_back({{"%", IdOf(op.operand(static_cast<uint32_t>(at - info.operands.begin())), op)}});
        } else {
          auto value = op.attributes().find(b.ours);
          PD_CHECK(value != op.attributes().end(), InvalidArgument, "[save] ", op.name(), " has no attribute ", b.ours);
          operands.push_back({{"%", ConstantOp(Reordered(value->second, b), op, ops)}});
        }
        continue;
      }
      if (b.ours != nullptr) {
        auto value = op.attributes().find(b.ours);
        if (value == op.attributes().end()) continue;
        json attr = b.values.empty() ? PaddleAttr(Reordered(value->second, b), b.paddle_type, op)
                                     : PaddleConstant(Translated(value->second, b, op), b.paddle_type);
        attributes.push_back({{"N", b.paddle}, {"AT", std::move(attr)}});
      } else if (b.constant != nullptr) {
        attributes.push_back({{"N", b.paddle}, {"AT", PaddleConstant(json::parse(b.constant), b.paddle_type)}});
      }
    }
    for (const auto& [name, value] : op.attributes()) {
      if (!IsResultAttribute(name)) continue;
      auto array = value.dyn_cast<pir::ArrayAttribute>();
      if (paddle.results.empty() || !array || array.data().size() != op.num_results()) {
        per_result.push_back({{"N", name}, {"AT", Attr(value, op)}});
        continue;
      }
      std::vector<pir::Attribute> theirs;  // one per Paddle's result; ours for those it has
      for (const PaddleResult& r : paddle.results) {
        theirs.push_back(r.ours >= 0 ? array.data()[r.ours] : pir::BoolAttribute::Get(pir::IrContext::Instance(), true));
      }
      per_result.push_back({{"N", name}, {"AT", Attr(pir::ArrayAttribute::Get(pir::IrContext::Instance(), theirs), op)}});
    }
    if (paddle.results.empty()) {
      for (pir::Value v : op.results()) results.push_back(Result(v));
    } else {
      for (const PaddleResult& r : paddle.results) {
        results.push_back(r.ours >= 0 ? Result(op.result(static_cast<uint32_t>(r.ours)))
                                      : json{{"%", next_result_++}, {"TT", Type(ExtraResultType(op, r))}});
      }
    }
    json out = {{"#", OpName(paddle.paddle)}, {"I", std::move(operands)}, {"O", std::move(results)},
                {"A", std::move(attributes)}};
    if (trainable_) out["OA"] = std::move(per_result);
    ops->push_back(std::move(out));
  }

  // A pd_op.full_int_array (a list) or pd_op.full of one element (a number)
  // holding attribute a, as Paddle's programs hold an op's list or scalar
  // argument; its result's id.
  int64_t ConstantOp(pir::Attribute a, const pir::Operation& op, json* ops) {
    const int64_t id = next_result_++;
    json stop = {{{"N", "stop_gradient"}, {"AT", {{"#", "0.a_array"}, {"D", {{{"#", "0.a_bool"}, {"D", true}}}}}}}};
    const json cpu = {{"#", "1.a_place"}, {"D", {1, 0, ""}}};
    json constant;
    if (a.kind() == pir::AttrKind::kIntArray || a.kind() == pir::AttrKind::kArray) {
      const std::vector<int64_t> values = Ints(a, op);
      json elements = json::array();
      for (int64_t v : values) elements.push_back({{"#", "0.a_i64"}, {"D", v}});
      constant = {{"#", "1.full_int_array"},
                  {"A", {{{"N", "value"}, {"AT", {{"#", "0.a_array"}, {"D", elements}}}},
                         {{"N", "dtype"}, {"AT", {{"#", "1.a_dtype"}, {"D", "int64"}}}},
                         {{"N", "place"}, {"AT", cpu}}}},
                  {"O", {{{"%", id}, {"TT", Type(pir::DenseTensorType::Get(
                                                pir::IrContext::Instance(), DataType::INT64,
                                                DDim({static_cast<int64_t>(values.size())})))}}}}};
    } else {
      const bool integral = a.kind() == pir::AttrKind::kInt32 || a.kind() == pir::AttrKind::kInt64 ||
                            (a.kind() == pir::AttrKind::kScalar &&
                             a.dyn_cast<pir::ScalarAttribute>().data().dtype() == DataType::INT64);
      const DataType dtype = a.kind() == pir::AttrKind::kBool ? DataType::BOOL
                             : integral                        ? DataType::INT64
                                                               : DataType::FLOAT32;
      constant = {{"#", "1.full"},
                  {"A", {{{"N", "shape"}, {"AT", {{"#", "1.a_intarray"}, {"D", {1}}}}},
                         {{"N", "value"}, {"AT", FloatJson("0.a_f64", Number(a, op))}},
                         {{"N", "dtype"}, {"AT", {{"#", "1.a_dtype"}, {"D", DataTypeName(dtype)}}}},
                         {{"N", "place"}, {"AT", cpu}}}},
                  {"O", {{{"%", id}, {"TT", Type(pir::DenseTensorType::Get(pir::IrContext::Instance(), dtype,
                                                                          DDim({1})))}}}}};
    }
    constant["I"] = json::array();
    if (trainable_) constant["OA"] = std::move(stop);
    ops->push_back(std::move(constant));
    return id;
  }

  // A constant of a `paddle:` mapping (a JSON number, bool or list of ints) as an attribute.
  static pir::Attribute ConstantAttribute(const json& value) {
    pir::IrContext* ctx = pir::IrContext::Instance();
    if (value.is_boolean()) return pir::BoolAttribute::Get(ctx, value.get<bool>());
    if (value.is_number_integer()) return pir::Int64Attribute::Get(ctx, value.get<int64_t>());
    if (value.is_number()) return pir::DoubleAttribute::Get(ctx, value.get<double>());
    PD_CHECK(value.is_array(), InvalidArgument, "[save] a constant operand must be a number or a list, got ",
             value.dump());
    std::vector<pir::Attribute> elements;
    for (const json& v : value) elements.push_back(pir::Int64Attribute::Get(ctx, v.get<int64_t>()));
    return pir::ArrayAttribute::Get(ctx, elements);
  }

  static double Number(pir::Attribute a, const pir::Operation& op) {
    switch (a.kind()) {
      case pir::AttrKind::kBool: return a.dyn_cast<pir::BoolAttribute>().data() ? 1 : 0;
      case pir::AttrKind::kInt32: return a.dyn_cast<pir::Int32Attribute>().data();
      case pir::AttrKind::kInt64: return static_cast<double>(a.dyn_cast<pir::Int64Attribute>().data());
      case pir::AttrKind::kFloat: return a.dyn_cast<pir::FloatAttribute>().data();
      case pir::AttrKind::kDouble: return a.dyn_cast<pir::DoubleAttribute>().data();
      case pir::AttrKind::kScalar: return a.dyn_cast<pir::ScalarAttribute>().data().to<double>();
      default: PD_THROW(InvalidArgument, "[save] ", op.name(), "'s attribute ", a.ToString(), " is not a number");
    }
  }

  static std::vector<int64_t> Ints(pir::Attribute a, const pir::Operation& op) {
    if (auto list = a.dyn_cast<pir::IntArrayAttribute>()) return list.data();
    std::vector<int64_t> out;
    if (auto array = a.dyn_cast<pir::ArrayAttribute>()) {
      for (pir::Attribute e : array.data()) out.push_back(static_cast<int64_t>(Number(e, op)));
      return out;
    }
    return {static_cast<int64_t>(Number(a, op))};
  }

  // Our attribute as Paddle's attribute of C++ type `type`.
  static json PaddleAttr(pir::Attribute a, const std::string& type, const pir::Operation& op) {
    if (type == "bool") return {{"#", "0.a_bool"}, {"D", Number(a, op) != 0}};
    if (type == "int") return {{"#", "0.a_i32"}, {"D", static_cast<int32_t>(Number(a, op))}};
    if (type == "int64_t") return {{"#", "0.a_i64"}, {"D", static_cast<int64_t>(Number(a, op))}};
    if (type == "float") return FloatJson("0.a_f32", static_cast<float>(Number(a, op)));
    if (type == "double") return FloatJson("0.a_f64", Number(a, op));
    if (type == "std::vector<int>" || type == "std::vector<int64_t>") {
      if (a.kind() == pir::AttrKind::kIntArray) return {{"#", "1.a_intarray"}, {"D", Ints(a, op)}};
      json elements = json::array();
      const char* kind = type == "std::vector<int>" ? "0.a_i32" : "0.a_i64";
      for (int64_t v : Ints(a, op)) elements.push_back({{"#", kind}, {"D", v}});
      return {{"#", "0.a_array"}, {"D", std::move(elements)}};
    }
    return Attr(a, op);
  }

  static json PaddleConstant(const json& value, const std::string& type) {
    if (type == "bool") return {{"#", "0.a_bool"}, {"D", value}};
    if (type == "int") return {{"#", "0.a_i32"}, {"D", value}};
    if (type == "int64_t") return {{"#", "0.a_i64"}, {"D", value}};
    if (type == "float") return {{"#", "0.a_f32"}, {"D", value}};
    if (type == "double") return {{"#", "0.a_f64"}, {"D", value}};
    if (value.is_string()) return {{"#", "0.a_str"}, {"D", value}};
    json elements = json::array();
    for (const json& e : value) elements.push_back({{"#", e.is_number_integer() ? "0.a_i64" : "0.a_f64"}, {"D", e}});
    return {{"#", "0.a_array"}, {"D", std::move(elements)}};
  }

  // builtin.parameter's short form.
  json Parameter(const pir::Operation& op) {
    const bool stop = pir::autodiff::StopGradient(op.result(0));
    json out = {{"#", "p"},
                {"A", {0, 1, 1, op.attribute<pir::StrAttribute>("parameter_name").data()}},
                {"DA", json::array()},
                {"QA", json::array()}};
    out["O"] = Result(op.result(0));
    if (trainable_) out["OA"] = {1, stop ? 1 : 0, stop ? 0 : 1};
    return out;
  }

  static std::string OpName(const std::string& name) {
    const std::string dialect = name.substr(0, name.find('.'));
    for (const auto& d : kDialects) {
      if (dialect == d.name) return d.id + name.substr(dialect.size());
    }
    PD_THROW(Unimplemented, "[save] ", name, " is of the ", dialect,
             " dialect, which Paddle's program files do not hold (save the program before it is lowered to kernels)");
  }

  static json Type(pir::Type t) {
    if (!t) return {{"#", "NULL"}};
    if (auto tensor = t.dyn_cast<pir::DenseTensorType>()) {
      return {{"#", "0.t_dtensor"},
              {"D", {{{"#", ElementType(tensor.dtype())}}, tensor.dims().ToVector(), "NCHW", json::array(), 0}}};
    }
    if (auto list = t.dyn_cast<pir::VectorType>()) {
      json elements = json::array();
      for (pir::Type e : list.elements()) elements.push_back(Type(e));
      return {{"#", "0.t_vec"}, {"D", std::move(elements)}};
    }
    if (t.isa<pir::StackType>()) return {{"#", "2.t_stack"}};
    PD_THROW(Unimplemented, "[save] the type ", t.ToString(), " has no form in Paddle's program files");
  }

  static const char* ElementType(DataType dtype) {
    for (const auto& e : kElements) {
      if (e.dtype == dtype) return e.name;
    }
    PD_THROW(Unimplemented, "[save] tensors of ", DataTypeName(dtype), " have no form in Paddle's program files");
  }

  static json Attr(pir::Attribute a, const pir::Operation& op) {
    switch (a.kind()) {
      case pir::AttrKind::kBool: return {{"#", "0.a_bool"}, {"D", a.dyn_cast<pir::BoolAttribute>().data()}};
      case pir::AttrKind::kInt32: return {{"#", "0.a_i32"}, {"D", a.dyn_cast<pir::Int32Attribute>().data()}};
      case pir::AttrKind::kInt64: return {{"#", "0.a_i64"}, {"D", a.dyn_cast<pir::Int64Attribute>().data()}};
      case pir::AttrKind::kFloat: return FloatJson("0.a_f32", a.dyn_cast<pir::FloatAttribute>().data());
      case pir::AttrKind::kDouble: return FloatJson("0.a_f64", a.dyn_cast<pir::DoubleAttribute>().data());
      case pir::AttrKind::kStr: return {{"#", "0.a_str"}, {"D", a.dyn_cast<pir::StrAttribute>().data()}};
      case pir::AttrKind::kDataType:
        return {{"#", "1.a_dtype"}, {"D", DtypeName(a.dyn_cast<pir::DataTypeAttribute>().data())}};
      case pir::AttrKind::kIntArray: return {{"#", "1.a_intarray"}, {"D", a.dyn_cast<pir::IntArrayAttribute>().data()}};
      case pir::AttrKind::kPlace: {
        const Place& place = a.dyn_cast<pir::PlaceAttribute>().data();
        int kind = 0;
        for (const auto& k : kPlaceKinds) kind = k.type == place.GetType() ? k.paddle : kind;
        return {{"#", "1.a_place"}, {"D", {kind, place.GetDeviceId(), place.GetCustomDeviceType()}}};
      }
      case pir::AttrKind::kScalar: {  // a scalar is stored as the builtin attribute of its kind, as Paddle stores it
        const phi::Scalar& s = a.dyn_cast<pir::ScalarAttribute>().data();
        switch (s.dtype()) {
          case DataType::BOOL: return {{"#", "0.a_bool"}, {"D", s.to<bool>()}};
          case DataType::INT64: return {{"#", "0.a_i64"}, {"D", s.to<int64_t>()}};
          case DataType::COMPLEX128: {
            const auto c = s.to<complex128>();
            return {{"#", "0.a_c128"}, {"D", {c.real, c.imag}}};
          }
          default: return FloatJson("0.a_f64", s.to<double>());
        }
      }
      case pir::AttrKind::kArray: {
        json elements = json::array();
        for (pir::Attribute e : a.dyn_cast<pir::ArrayAttribute>().data()) elements.push_back(Attr(e, op));
        return {{"#", "0.a_array"}, {"D", std::move(elements)}};
      }
      default:
        PD_THROW(Unimplemented, "[save] ", op.name(), "'s attribute ", a.ToString(),
                 " has no form in Paddle's program files");
    }
  }

  bool trainable_;
  int64_t next_result_ = 1, next_argument_ = -1;
  int regions_ = 0, blocks_ = 0;
  std::unordered_map<const pir::ValueImpl*, int64_t> ids_;
};

}  // namespace

std::string ProgramToJson(const pir::Program& program, bool trainable, int indent) {
  Writer writer(trainable);
  json file = {{"base_code", {{"magic", "pir"}, {"trainable", trainable}, {"version", kVersion}}},
               {"program", {{"regions", json::array({writer.Region(program.module_op()->region(0))})}}}};
  return file.dump(indent);
}

}  // namespace paddle::serialize
