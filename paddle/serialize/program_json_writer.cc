#include "paddle/serialize/program_json.h"
#include "paddle/serialize/program_json_schema.h"

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
    for (const pir::Operation* op : block) ops.push_back(Op(*op));
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
    for (pir::Value v : op.operands()) {
      if (!v) {
        operands.push_back({{"%", 0}});
        continue;
      }
      auto it = ids_.find(v.impl());
      PD_CHECK(it != ids_.end(), InvalidArgument, "[save] ", op.name(), " reads a value defined after it");
      operands.push_back({{"%", it->second}});
    }
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
