#include "paddle/serialize/program_json.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/serialize/paddle_ops.h"
#include "paddle/serialize/program_json_schema.h"

namespace paddle::serialize {
namespace {

using json = nlohmann::json;

// Attributes Paddle's exporters add for their own tools (the layer a value
// came from, distributed roles): read and dropped.
bool IsToolAttribute(const std::string& name) {
  return name == "struct_name" || name == "op_role" || name == "op_dist_attr" || name == "op_callstack";
}

class Reader {
 public:
  Reader(const std::string& source, pir::IrContext* ctx) : source_(source), ctx_(ctx) {}

  void Blocks(const json& region, pir::Block* first, int depth) {
    const json& blocks = Member(region, "blocks", "a region");
    Expect(blocks.is_array() && blocks.size() == 1, "a region of one block", blocks);
    Block(blocks[0], first, depth);
  }

 private:
  [[noreturn]] void Fail(const std::string& expected, const json& got) const {
    std::string text = got.dump();
    if (text.size() > 120) text = text.substr(0, 117) + "...";
    PD_THROW(InvalidArgument, "[load] ", source_, " is not a program file Paddle writes: expected ", expected,
             ", but got ", text);
  }
  void Expect(bool ok, const std::string& expected, const json& got) const {
    if (!ok) Fail(expected, got);
  }
  const json& Member(const json& object, const char* key, const std::string& of) const {
    Expect(object.is_object() && object.contains(key), of + " with \"" + key + "\"", object);
    return object.at(key);
  }
  int64_t Int(const json& v, const std::string& what) const {
    Expect(v.is_number_integer(), what + " (an integer)", v);
    return v.get<int64_t>();
  }

  void Define(const json& id_json, pir::Value v) {
    const int64_t id = Int(id_json, "a value id");
    Expect(id != 0, "a value id other than 0", id_json);
    Expect(!unavailable_.count(id) && values_.emplace(id, v).second, "each value id defined once", id_json);
  }

  // A result of Paddle's that ours lacks (batch_norm's reserve space): an op
  // reading it cannot be read here.
  void Unavailable(const json& id_json, const std::string& what) {
    const int64_t id = Int(id_json, "a value id");
    Expect(id != 0 && !values_.count(id) && unavailable_.emplace(id, what).second, "each value id defined once",
           id_json);
  }

  pir::Value Lookup(const json& operand, const std::string& op) const {
    const int64_t id = Int(Member(operand, "%", "an operand of " + op), "an operand id of " + op);
    if (id == 0) return pir::Value();
    auto missing = unavailable_.find(id);
    PD_CHECK(missing == unavailable_.end(), Unimplemented, "[load] ", source_, ": ", op, " reads ", missing->second,
             ", which this framework's op does not have");
    auto it = values_.find(id);
    Expect(it != values_.end(), "operands of " + op + " defined before it", operand);
    return it->second;
  }

  void Block(const json& block, pir::Block* into, int depth) {
    Expect(depth <= kMaxNesting, "regions nested at most " + std::to_string(kMaxNesting) + " deep",
           json(depth));
    if (block.contains("args")) {
      const json& args = block.at("args");
      Expect(args.is_array(), "a block's \"args\" array", args);
      for (const json& arg : args) {
        Expect(arg.is_object() && arg.contains("#") && arg.contains("TT"), "a block argument {\"#\", \"TT\"}", arg);
        Define(arg.at("#"), into->AddArgument(Type(arg.at("TT"))));
      }
    }
    const json& ops = Member(block, "ops", "a block");
    Expect(ops.is_array(), "a block's \"ops\" array", ops);
    pir::Builder builder(ctx_, into);
    for (const json& op : ops) Op(op, builder, depth);
  }

  void Op(const json& op, pir::Builder& builder, int depth) {
    const json& name_json = Member(op, "#", "an op");
    Expect(name_json.is_string(), "an op name", name_json);
    const std::string short_name = name_json.get<std::string>();
    if (short_name == "p") return Parameter(op, builder);
    const std::string name = OpName(short_name);
    const std::vector<const PaddleOpImport*>* imports = &FindPaddleOps(name);
    if (imports->empty() && name.size() > 1 && name.back() == '_' && !ctx_->FindOp(name)) {
      imports = &FindPaddleOps(name.substr(0, name.size() - 1));  // Paddle's in-place form (batch_norm_)
    }
    if (!imports->empty()) return Import(op, Choose(op, *imports), builder);
    const pir::OpInfo* info = ctx_->FindOp(name);
    PD_CHECK(info != nullptr, NotFound, "[load] ", source_, " holds the op ", name,
             ", which this framework does not have");
    const std::vector<pir::Value> operands = Operands(op, name);
    pir::AttributeMap attributes;
    for (const auto& [attr, value] : Attributes(op)) {
      if (IsToolAttribute(attr) || attr == "persistable") continue;
      const pir::AttrSpec* spec = info->FindAttribute(attr);
      PD_CHECK(spec != nullptr || attr == "stop_gradient" || info->attributes.empty(), NotFound, "[load] ",
               source_, ": ", name, " has no attribute ", attr, " here");
      const pir::AttrKind kind = spec ? spec->kind : pir::AttrKind::kAny;
      const pir::AttrKind element = spec ? spec->element : pir::AttrKind::kAny;
      attributes[attr] = Attr(*value, kind, element, name + "." + attr);
    }
    const json& results = Member(op, "O", name);
    Expect(results.is_array(), "an op's \"O\" array", results);
    std::vector<pir::Type> types;
    for (const json& result : results) types.push_back(Type(Member(result, "TT", "a result of " + name)));
    const json* regions = op.contains("regions") ? &op.at("regions") : nullptr;
    Expect(!regions || regions->is_array(), "an op's \"regions\" array", op);
    const auto num_regions = static_cast<uint32_t>(regions ? regions->size() : 0);
    Expect(num_regions == info->num_regions, name + " with " + std::to_string(info->num_regions) + " regions", op);
    pir::Operation* created = builder.Create(name, operands, std::move(attributes), types, num_regions);
    for (size_t i = 0; i < results.size(); ++i) Define(Member(results[i], "%", "a result"), created->result(i));
    for (uint32_t r = 0; r < num_regions; ++r) Blocks((*regions)[r], created->region(r).AddBlock(), depth + 1);
  }

  // The values op's "I" names (null for 0).
  std::vector<pir::Value> Operands(const json& op, const std::string& name) const {
    std::vector<pir::Value> operands;
    if (!op.contains("I")) return operands;
    Expect(op.at("I").is_array(), "an op's \"I\" array", op.at("I"));
    for (const json& operand : op.at("I")) operands.push_back(Lookup(operand, name));
    return operands;
  }

  // The attributes of op's "A" and "OA", by name.
  std::map<std::string, const json*> Attributes(const json& op) const {
    std::map<std::string, const json*> attributes;
    for (const char* key : {"A", "OA"}) {
      if (!op.contains(key)) continue;
      Expect(op.at(key).is_array(), std::string("an op's \"") + key + "\" array", op.at(key));
      for (const json& entry : op.at(key)) {
        const json& attr_name = Member(entry, "N", "an attribute");
        Expect(attr_name.is_string(), "an attribute name", attr_name);
        attributes[attr_name.get<std::string>()] = &Member(entry, "AT", "an attribute");
      }
    }
    return attributes;
  }

  // Note [Paddle's ops]: of the ops of ours a Paddle op stands for, one whose
  // constants the op has (attributes, and constant operands: neg is Paddle's
  // scale by -1): the one of Paddle's name, else the one with the most
  // constants (the most special), else the first; the first when none fits
  // (Import then names what differs).
  const PaddleOpImport& Choose(const json& op, const std::vector<const PaddleOpImport*>& imports) const {
    if (imports.size() == 1) return *imports[0];
    const std::map<std::string, const json*> given = Attributes(op);
    const std::vector<pir::Value> inputs = Operands(op, imports[0]->paddle);
    const PaddleOpImport* best = nullptr;
    int best_constants = -1;
    for (const PaddleOpImport* import : imports) {
      bool fits = true;
      int constants = 0;
      size_t input = 0;
      for (const PaddleArgBinding& b : import->args) {
        const size_t position = b.input ? input++ : 0;
        if (b.ours != nullptr || b.constant == nullptr) continue;
        ++constants;
        const json expected = json::parse(b.constant);
        if (b.input) {
          fits = fits && position < inputs.size() && HoldsConstant(inputs[position], expected);
        } else {
          auto it = given.find(b.paddle);
          fits = fits && it != given.end() && it->second->contains("D") && it->second->at("D") == expected;
        }
      }
      if (!fits) continue;
      if (std::string(import->ours) == import->paddle) return *import;
      if (constants > best_constants) best = import, best_constants = constants;
    }
    return best ? *best : *imports[0];
  }

  // Our attribute for Paddle's `attr` of a binding that translates values:
  // the value of ours paired with the file's; NotFound naming the values
  // this framework has otherwise.
  pir::Attribute Translated(const json& attr, const PaddleArgBinding& b, const PaddleOpImport& import,
                            const pir::AttrSpec& spec, const std::string& what) const {
    const json& theirs = Member(attr, "D", what);
    std::string known;
    for (const auto& [mine, paddle] : b.values) {
      const json value = json::parse(paddle);
      if (value == theirs) {
        const json ours = json::parse(mine);
        const char* kind = ours.is_boolean() ? "0.a_bool" : ours.is_string() ? "0.a_str"
                           : ours.is_number_integer() ? "0.a_i64" : "0.a_f64";
        return Attr(json{{"#", kind}, {"D", ours}}, spec.kind, spec.element, what);
      }
      known += (known.empty() ? "" : " or ") + value.dump();
    }
    PD_THROW(NotFound, "[load] ", source_, ": ", what, " is ", theirs.dump(), "; this framework has ", import.paddle,
             " only with ", b.paddle, " ", known);
  }

  // Whether v is a pd_op.full of `expected` (a number) or a
  // pd_op.full_int_array of it (a list).
  static bool HoldsConstant(pir::Value v, const json& expected) {
    const pir::Operation* def = v ? v.defining_op() : nullptr;
    if (!def) return false;
    if (def->name() == "pd_op.full" && expected.is_number()) {
      auto fill = def->attribute<pir::ScalarAttribute>("fill_value");
      return fill && fill.data().to<double>() == expected.get<double>();
    }
    if (def->name() == "pd_op.full_int_array" && expected.is_array()) {
      std::optional<std::vector<int64_t>> values = IntList(def->attribute<pir::ArrayAttribute>("value"));
      return values && json(*values) == expected;
    }
    return false;
  }

  // Note [Paddle's ops]: our op from Paddle's, through the YAML's bindings.
  void Import(const json& op, const PaddleOpImport& import, pir::Builder& builder) {
    const std::string paddle = import.paddle;
    const pir::OpInfo* info = ctx_->FindOp(import.ours);
    PD_CHECK(info != nullptr, NotFound, "[load] ", source_, ": ", import.ours, " is not registered");
    const std::vector<pir::Value> inputs = Operands(op, paddle);
    std::map<std::string, const json*> given = Attributes(op);
    std::vector<pir::Value> operands(info->operands.size());
    pir::AttributeMap attributes;
    size_t input = 0;
    for (const PaddleArgBinding& b : import.args) {
      const std::string what = paddle + "." + b.paddle;
      if (b.input) {
        pir::Value v = input < inputs.size() ? inputs[input] : pir::Value();
        ++input;
        if (b.ours == nullptr) continue;
        auto at = std::find(info->operands.begin(), info->operands.end(), b.ours);
        if (at != info->operands.end()) {
          operands[at - info->operands.begin()] = v;
        } else {
          const pir::AttrSpec* spec = info->FindAttribute(b.ours);
          PD_CHECK(spec != nullptr, InvalidArgument, "[load] ", import.ours, " declares no attribute ", b.ours);
          attributes[b.ours] = Reordered(Constant(v, *spec, what), b, what);
        }
        continue;
      }
      auto it = given.find(b.paddle);
      if (it == given.end()) continue;  // a missing attribute: the verifier names it
      const json& attr = *it->second;
      given.erase(it);
      if (b.ours != nullptr) {
        const pir::AttrSpec* spec = info->FindAttribute(b.ours);
        PD_CHECK(spec != nullptr, InvalidArgument, "[load] ", import.ours, " declares no attribute ", b.ours);
        attributes[b.ours] = b.values.empty() ? Reordered(Attr(attr, spec->kind, spec->element, what), b, what)
                                              : Translated(attr, b, import, *spec, what);
      } else if (b.constant != nullptr) {
        const json expected = json::parse(b.constant);
        PD_CHECK(attr.contains("D") && attr.at("D") == expected, NotFound, "[load] ", source_, ": ", what, " is ",
                 attr.value("D", json()).dump(), "; this framework has ", paddle, " only with ", b.paddle, " ",
                 expected.dump());
      }
    }
    for (const auto& [attr, value] : given) {
      if (attr == "stop_gradient") {
        attributes[attr] = Attr(*value, pir::AttrKind::kArray, pir::AttrKind::kBool, paddle + "." + attr);
      } else {
        PD_CHECK(IsToolAttribute(attr) || attr == "persistable", NotFound, "[load] ", source_, ": ", paddle,
                 " has no attribute ", attr, " here");
      }
    }
    if (import.rank >= 0 && !operands.empty() && operands[0]) {  // a missing input: the verifier names it
      auto x = operands[0].type().dyn_cast<pir::DenseTensorType>();
      PD_CHECK(x && x.dims().size() == import.rank, Unimplemented, "[load] ", source_, ": ", paddle,
               " is read here for inputs of rank ", import.rank);
    }
    const json& results = Member(op, "O", paddle);
    const size_t paddle_results = import.results.empty() ? info->results.size() : import.results.size();
    Expect(results.is_array() && results.size() == paddle_results,
           paddle + " with " + std::to_string(paddle_results) + " results", op);
    std::vector<pir::Type> types(info->results.size());
    for (size_t i = 0; i < results.size(); ++i) {
      const int ours = import.results.empty() ? static_cast<int>(i) : import.results[i].ours;
      if (ours >= 0) types[ours] = Type(Member(results[i], "TT", "a result of " + paddle));
    }
    // Our results that Paddle's op does not have take the types our op infers.
    if (std::any_of(types.begin(), types.end(), [](const pir::Type& t) { return !t; })) {
      PD_CHECK(info->infer_types != nullptr, Unimplemented, "[load] ", import.ours, " cannot infer its results");
      std::vector<pir::Type> inferred = info->infer_types(ctx_, pir::TypesOf(operands), attributes);
      for (size_t r = 0; r < types.size(); ++r) {
        if (!types[r] && r < inferred.size()) types[r] = inferred[r];
      }
    }
    pir::Operation* created = builder.Create(import.ours, operands, std::move(attributes), types);
    for (size_t i = 0; i < results.size(); ++i) {
      const int ours = import.results.empty() ? static_cast<int>(i) : import.results[i].ours;
      const json& id = Member(results[i], "%", "a result");
      if (ours >= 0) {
        Define(id, created->result(ours));
      } else {
        Unavailable(id, paddle + "'s result " + std::to_string(i));
      }
    }
  }

  // A list attribute of Paddle's in our order and length (PaddleListToOurs).
  pir::Attribute Reordered(pir::Attribute a, const PaddleArgBinding& b, const std::string& what) const {
    if (b.permute.empty() && b.symmetric == 0) return a;
    std::optional<std::vector<int64_t>> list = IntList(a);
    PD_CHECK(list.has_value(), InvalidArgument, "[load] ", source_, ": ", what, " must be a list of integers");
    return WithInts(a, PaddleListToOurs(*list, b, what));
  }

  // The attribute of kind `spec` that a constant operand of Paddle's holds (a
  // pd_op.full_int_array's values, a pd_op.full's value).
  pir::Attribute Constant(pir::Value v, const pir::AttrSpec& spec, const std::string& what) const {
    const pir::Operation* def = v ? v.defining_op() : nullptr;
    const bool array = def && def->name() == "pd_op.full_int_array";
    PD_CHECK(array || (def && def->name() == "pd_op.full"), Unimplemented, "[load] ", source_, ": ", what,
             " is a value computed when the program runs; this framework takes it only as a constant "
             "(pd_op.full or pd_op.full_int_array)");
    std::vector<int64_t> values;
    phi::Scalar scalar;
    if (array) {  // value: an int64_t[] (an array of Int64 attributes)
      auto elements = def->attribute<pir::ArrayAttribute>("value");
      PD_CHECK(bool(elements), InvalidArgument, "[load] ", source_, ": a pd_op.full_int_array has no value");
      for (pir::Attribute e : elements.data()) {
        auto i = e.dyn_cast<pir::Int64Attribute>();
        PD_CHECK(bool(i), InvalidArgument, "[load] ", source_, ": a pd_op.full_int_array's value must be integers");
        values.push_back(i.data());
      }
      scalar = values.empty() ? phi::Scalar(int64_t{0}) : phi::Scalar(values[0]);
    } else {
      auto fill = def->attribute<pir::ScalarAttribute>("fill_value");
      auto shape = def->attribute<pir::IntArrayAttribute>("shape");
      PD_CHECK(fill && shape, InvalidArgument, "[load] ", source_, ": a pd_op.full has no value or shape");
      scalar = fill.data();
      int64_t count = 1;
      for (int64_t d : shape.data()) count = d < 0 ? 0 : count * d;
      PD_CHECK(count <= 64, Unimplemented, "[load] ", source_, ": ", what, " is a pd_op.full of ", count,
               " elements; a list argument takes at most 64");
      values.assign(static_cast<size_t>(count), scalar.to<int64_t>());
    }
    using K = pir::AttrKind;
    switch (spec.kind) {
      case K::kIntArray: return pir::IntArrayAttribute::Get(ctx_, values);
      case K::kArray: {  // an int64_t[] argument
        std::vector<pir::Attribute> elements;
        for (int64_t value : values) elements.push_back(pir::Int64Attribute::Get(ctx_, value));
        return pir::ArrayAttribute::Get(ctx_, elements);
      }
      case K::kScalar: return pir::ScalarAttribute::Get(ctx_, scalar);
      case K::kDouble: return pir::DoubleAttribute::Get(ctx_, scalar.to<double>());
      case K::kFloat: return pir::FloatAttribute::Get(ctx_, scalar.to<float>());
      case K::kInt64: return pir::Int64Attribute::Get(ctx_, scalar.to<int64_t>());
      case K::kInt32: return pir::Int32Attribute::Get(ctx_, scalar.to<int32_t>());
      case K::kBool: return pir::BoolAttribute::Get(ctx_, scalar.to<bool>());
      default:
        PD_THROW(Unimplemented, "[load] ", source_, ": ", what, " is a constant operand, but our ", spec.name,
                 " is a ", pir::AttrKindName(spec.kind));
    }
  }

  // builtin.parameter's short form: A = [is_distributed, is_parameter,
  // need_clip, name], OA = [persistable, stop_gradient, trainable].
  void Parameter(const json& op, pir::Builder& builder) {
    const json& a = Member(op, "A", "a parameter");
    Expect(a.is_array() && a.size() == 4 && a[3].is_string(), "a parameter's \"A\": [0|1, 0|1, 0|1, name]", a);
    const json& result = Member(op, "O", "a parameter");
    pir::AttributeMap attributes{{"parameter_name", pir::StrAttribute::Get(ctx_, a[3].get<std::string>())}};
    if (op.contains("OA")) {
      const json& oa = op.at("OA");
      Expect(oa.is_array() && oa.size() == 3 && oa[1].is_number_integer(),
             "a parameter's \"OA\": [persistable, stop_gradient, trainable]", oa);
      if (oa[1].get<int64_t>() != 0) {
        attributes["stop_gradient"] = pir::ArrayAttribute::Get(ctx_, {pir::BoolAttribute::Get(ctx_, true)});
      }
    }
    pir::Operation* created =
        builder.Create("builtin.parameter", {}, std::move(attributes), {Type(Member(result, "TT", "a parameter"))});
    Define(Member(result, "%", "a parameter"), created->result(0));
  }

  std::string OpName(const std::string& short_name) const {
    const size_t dot = short_name.find('.');
    const std::string id = short_name.substr(0, dot);
    for (const auto& d : kDialects) {
      if (dot != std::string::npos && id == d.id) return d.name + short_name.substr(dot);
    }
    PD_THROW(NotFound, "[load] ", source_, " holds the op ", short_name, " of dialect ", id,
             ", which this framework does not have (it reads builtin 0, pd_op 1 and cf 2)");
  }

  pir::Type Type(const json& type) const {
    const json& name_json = Member(type, "#", "a type");
    Expect(name_json.is_string(), "a type name", name_json);
    const std::string name = name_json.get<std::string>();
    if (name == "NULL") return pir::Type();
    if (name == "2.t_stack") return pir::StackType::Get(ctx_);
    const json& data = Member(type, "D", "type " + name);
    if (name == "0.t_vec") {
      Expect(data.is_array(), "a vec type's element types", data);
      std::vector<pir::Type> elements;
      for (const json& e : data) elements.push_back(Type(e));
      return pir::VectorType::Get(ctx_, elements);
    }
    PD_CHECK(name == "0.t_dtensor", NotFound, "[load] ", source_, " holds values of type ", name,
             ", which this framework does not have");
    Expect(data.is_array() && data.size() == 5 && data[1].is_array(),
           "a dense tensor type's [element, dims, layout, lod, offset]", data);
    const json& element = Member(data[0], "#", "an element type");
    DataType dtype = DataType::UNDEFINED;
    for (const auto& e : kElements) dtype = element == e.name ? e.dtype : dtype;
    PD_CHECK(dtype != DataType::UNDEFINED, NotFound, "[load] ", source_, " holds tensors of element type ",
             element.dump(), ", which this framework does not have");
    std::vector<int64_t> dims;
    for (const json& d : data[1]) {
      const int64_t dim = Int(d, "a dim");
      Expect(dim >= -1, "dims >= -1", d);
      dims.push_back(dim);
    }
    Expect(dims.size() <= static_cast<size_t>(DDim::kMaxRank), "at most 9 dims", data[1]);
    return pir::DenseTensorType::Get(ctx_, dtype, DDim(dims));
  }

  double Float(const json& attr, const std::string& what) const {
    if (attr.contains("VD")) {
      std::string special = attr.at("VD").is_string() ? attr.at("VD").get<std::string>() : "";
      for (char& c : special) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (special == "NAN") return std::numeric_limits<double>::quiet_NaN();
      if (special == "INF") return std::numeric_limits<double>::infinity();
      if (special == "-INF") return -std::numeric_limits<double>::infinity();
      Fail(what + ": \"VD\" of INF, -INF or NAN", attr);
    }
    const json& d = Member(attr, "D", what);
    Expect(d.is_number(), what + " (a number)", d);
    return d.get<double>();
  }

  // The attribute of JSON `attr` as `kind` declares it (kAny: as the JSON
  // names it); Paddle's integer and float widths are read into either.
  pir::Attribute Attr(const json& attr, pir::AttrKind kind, pir::AttrKind element, const std::string& what) const {
    const json& name_json = Member(attr, "#", what);
    Expect(name_json.is_string(), what + ": an attribute kind", name_json);
    const std::string name = name_json.get<std::string>();
    using K = pir::AttrKind;
    auto mismatch = [&] {
      PD_THROW(InvalidArgument, "[load] ", source_, ": ", what, " must be ", pir::AttrKindName(kind),
               ", but the file has ", name);
    };
    if (name == "0.a_f32" || name == "0.a_f64") {
      const double v = Float(attr, what);
      if (kind == K::kScalar) return pir::ScalarAttribute::Get(ctx_, phi::Scalar(v));
      if (kind == K::kFloat || (kind == K::kAny && name == "0.a_f32")) {
        return pir::FloatAttribute::Get(ctx_, static_cast<float>(v));
      }
      if (kind != K::kDouble && kind != K::kAny) mismatch();
      return pir::DoubleAttribute::Get(ctx_, v);
    }
    const json& d = Member(attr, "D", what);
    if (name == "0.a_bool") {
      Expect(d.is_boolean(), what + " (a bool)", d);
      if (kind == K::kScalar) return pir::ScalarAttribute::Get(ctx_, phi::Scalar(d.get<bool>()));
      if (kind != K::kBool && kind != K::kAny) mismatch();
      return pir::BoolAttribute::Get(ctx_, d.get<bool>());
    }
    if (name == "0.a_i32" || name == "0.a_i64" || name == "0.a_index") {
      const int64_t v = Int(d, what);
      if (kind == K::kScalar) return pir::ScalarAttribute::Get(ctx_, phi::Scalar(v));
      if (kind == K::kDouble) return pir::DoubleAttribute::Get(ctx_, static_cast<double>(v));
      if (kind == K::kFloat) return pir::FloatAttribute::Get(ctx_, static_cast<float>(v));
      if (kind == K::kInt32 || (kind == K::kAny && name == "0.a_i32")) {
        Expect(v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max(),
               what + " (a 32-bit integer)", d);
        return pir::Int32Attribute::Get(ctx_, static_cast<int32_t>(v));
      }
      if (kind != K::kInt64 && kind != K::kAny) mismatch();
      return pir::Int64Attribute::Get(ctx_, v);
    }
    if (name == "0.a_c64" || name == "0.a_c128") {
      Expect(d.is_array() && d.size() == 2 && d[0].is_number() && d[1].is_number(), what + " ([real, imag])", d);
      if (kind != K::kScalar && kind != K::kAny) mismatch();
      return pir::ScalarAttribute::Get(ctx_, phi::Scalar(complex128(d[0].get<double>(), d[1].get<double>())));
    }
    if (name == "0.a_str") {
      Expect(d.is_string(), what + " (a string)", d);
      if (kind != K::kStr && kind != K::kAny) mismatch();
      return pir::StrAttribute::Get(ctx_, d.get<std::string>());
    }
    if (name == "1.a_dtype") {
      Expect(d.is_string(), what + " (a dtype name)", d);
      if (kind != K::kDataType && kind != K::kAny) mismatch();
      const std::string dtype = d.get<std::string>();
      if (dtype.rfind("Undefined", 0) == 0) return pir::DataTypeAttribute::Get(ctx_, DataType::UNDEFINED);
      try {
        return pir::DataTypeAttribute::Get(ctx_, DataTypeFromName(dtype));
      } catch (const common::Error&) {
        PD_THROW(NotFound, "[load] ", source_, ": ", what, " is the dtype ", dtype, ", which this framework does not have");
      }
    }
    if (name == "1.a_place") {
      Expect(d.is_array() && d.size() == 3 && d[0].is_number_integer() && d[1].is_number_integer() && d[2].is_string(),
             what + " ([kind, device id, custom type])", d);
      if (kind != K::kPlace && kind != K::kAny) mismatch();
      const int64_t paddle_kind = d[0].get<int64_t>(), device = d[1].get<int64_t>();
      Expect(device >= 0 && device <= std::numeric_limits<int8_t>::max(), what + " (a device id of 0..127)", d);
      for (const auto& k : kPlaceKinds) {
        if (k.paddle == paddle_kind) {
          return pir::PlaceAttribute::Get(ctx_, Place(k.type, static_cast<int8_t>(device), d[2].get<std::string>()));
        }
      }
      Fail(what + " (a place of kind 0, 1, 2, 3 or 9)", d);
    }
    if (name == "1.a_intarray" || (name == "0.a_array" && kind == K::kIntArray)) {
      Expect(d.is_array(), what + " (an array)", d);
      std::vector<int64_t> values;
      for (const json& e : d) values.push_back(e.is_object() ? Int(Member(e, "D", what), what) : Int(e, what));
      if (kind == K::kArray) {  // Paddle's IntArray for our int64_t[]
        std::vector<pir::Attribute> elements;
        for (int64_t v : values) elements.push_back(pir::Int64Attribute::Get(ctx_, v));
        return pir::ArrayAttribute::Get(ctx_, elements);
      }
      if (kind != K::kIntArray && kind != K::kAny) mismatch();
      return pir::IntArrayAttribute::Get(ctx_, values);
    }
    if (name == "0.a_array") {
      Expect(d.is_array(), what + " (an array)", d);
      if (kind != K::kArray && kind != K::kAny) mismatch();
      std::vector<pir::Attribute> elements;
      for (const json& e : d) elements.push_back(Attr(e, element, K::kAny, what));
      return pir::ArrayAttribute::Get(ctx_, elements);
    }
    PD_THROW(NotFound, "[load] ", source_, ": ", what, " is an attribute of kind ", name,
             ", which this framework does not have");
  }

  const std::string& source_;
  pir::IrContext* ctx_;
  std::unordered_map<int64_t, pir::Value> values_;
  std::unordered_map<int64_t, std::string> unavailable_;  // Paddle's results ours lacks
};

// Note [Paddle's ops]: the constants that held list and scalar arguments
// are attributes of our ops now; those nothing else reads go.
void DropFoldedConstants(pir::Program& program) {
  std::vector<pir::Operation*> unused;
  program.module_op()->Walk([&](pir::Operation* op) {
    if ((op->name() == "pd_op.full_int_array" || op->name() == "pd_op.full") && op->result(0).use_empty()) {
      unused.push_back(op);
    }
  });
  for (pir::Operation* op : unused) op->parent_block()->erase(op);
}

}  // namespace

std::unique_ptr<pir::Program> ProgramFromJson(const std::string& text, const std::string& source) {
  json file;
  try {
    file = json::parse(text);
  } catch (const json::parse_error& e) {
    PD_THROW(InvalidArgument, "[load] ", source, " is not JSON: ", e.what());
  }
  const bool ok = file.is_object() && file.contains("base_code") && file["base_code"].is_object() &&
                  file["base_code"].value("magic", json()) == "pir";
  PD_CHECK(ok, InvalidArgument, "[load] ", source, " is not a program file Paddle writes: it has no "
           "base_code.magic \"pir\"");
  PD_CHECK(file.contains("program") && file["program"].is_object() && file["program"].contains("regions") &&
               file["program"]["regions"].is_array() && file["program"]["regions"].size() == 1,
           InvalidArgument, "[load] ", source, " is not a program file Paddle writes: program.regions must hold the "
           "module's one region");
  auto program = std::make_unique<pir::Program>();
  Reader reader(source, program->context());
  try {
    reader.Blocks(file["program"]["regions"][0], program->block(), 0);
  } catch (const json::exception& e) {
    // A check the reader lacks: still the file's fault, said as such.
    PD_THROW(InvalidArgument, "[load] ", source, " is not a program file Paddle writes: ", e.what());
  }
  DropFoldedConstants(*program);
  try {
    pir::Verify(*program);
  } catch (const common::Error& e) {
    PD_THROW(InvalidArgument, "[load] ", source, " holds an invalid program: ", e.what());
  }
  return program;
}

}  // namespace paddle::serialize
