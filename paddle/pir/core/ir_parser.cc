#include "paddle/pir/core/ir_parser.h"

#include <cctype>
#include <charconv>
#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_key.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"

namespace pir {
namespace {

class Parser {
 public:
  Parser(const std::string& text, IrContext* ctx) : text_(text), ctx_(ctx) {}

  std::unique_ptr<Program> ParseProgram() {
    auto program = std::make_unique<Program>(ctx_);
    Expect("{");
    ParseOps(program->block(), /*region_end=*/true);
    Expect("}");
    SkipSpace();
    if (pos_ != text_.size()) Fail("the end of the program");
    return program;
  }

 private:
  // Ops up to the closing brace of the region (or a ^ that starts its next block).
  void ParseOps(Block* block, bool region_end) {
    while (!Peek("}") && !(region_end && Peek("^"))) {
      if (pos_ >= text_.size()) Fail("an op or '}'");
      ParseOp(block);
    }
  }

  void ParseOp(Block* block) {
    std::vector<std::string> result_names;
    Expect("(");
    while (!Accept(")")) {
      if (!result_names.empty()) Expect(",");
      result_names.push_back(ValueName());
    }
    Expect("=");
    std::string name = String();
    const OpInfo* attributes_of = nullptr;
    const OpInfo* info = OpOfPrintedName(ctx_, name, &attributes_of);
    if (!info) Fail("a registered op", "\"" + name + "\"");
    std::vector<Value> operands;
    Expect("(");
    while (!Accept(")")) {
      if (!operands.empty()) Expect(",");
      operands.push_back(Accept("<<NULL VALUE>>") ? Value() : Lookup(ValueName()));
    }
    AttributeMap attributes = Attributes(*info, attributes_of);
    // The operand types are optional: an op with regions prints none.
    if (Accept(":")) ParseOperandTypes(operands);
    Expect("->");
    std::vector<Type> result_types;
    if (StartsType()) {
      do {
        result_types.push_back(ParseType());
      } while (Accept(","));
    }
    if (result_types.size() != result_names.size()) {
      Fail(std::to_string(result_names.size()) + " result types",
           std::to_string(result_types.size()) + " for " + name);
    }
    Operation* op = Operation::Create(info, operands, std::move(attributes), result_types, 0);
    block->push_back(op);
    for (size_t i = 0; i < result_names.size(); ++i) Define(result_names[i], op->result(i));
    if (Peek("{")) ParseRegions(op);
  }

  // "(T, ...)": each must be its operand's type.
  void ParseOperandTypes(const std::vector<Value>& operands) {
    Expect("(");
    for (size_t i = 0; !Accept(")"); ++i) {
      if (i) Expect(",");
      Type type = ParseType();
      if (i >= operands.size()) Fail("')' after " + std::to_string(operands.size()) + " operand types");
      Type actual = operands[i] ? operands[i].type() : Type();
      if (type != actual) {
        Fail("operand " + std::to_string(i) + "'s type " + (actual ? actual.ToString() : "<<NULL TYPE>>"),
             type ? type.ToString() : "<<NULL TYPE>>");
      }
    }
  }

  void ParseRegions(Operation* op) {
    do {
      Expect("{");
      Region* region = op->AppendRegion();
      size_t scope = scope_.size();
      do {
        Block* block = region->AddBlock();
        if (Accept("^")) {
          while (!AtLineEnd()) {
            if (block->num_arguments()) Expect(",");
            std::string arg = ValueName();
            Expect(":");
            Define(arg, block->AddArgument(ParseType()));
          }
        }
        ParseOps(block, true);
      } while (Peek("^"));
      Expect("}");
      for (size_t i = scope; i < scope_.size(); ++i) names_.erase(scope_[i]);
      scope_.resize(scope);
    } while (Accept("else"));
  }

  // Typed by the op's declared attributes, then by those of `also` (a
  // kernel op's pd_op op).
  AttributeMap Attributes(const OpInfo& info, const OpInfo* also) {
    AttributeMap attributes;
    Expect("{");
    while (!Accept("}")) {
      if (!attributes.empty()) Expect(",");
      std::string name = Identifier();
      Expect(":");
      const AttrSpec* spec = info.FindAttribute(name);
      if (!spec && also) spec = also->FindAttribute(name);
      Attribute value = ParseAttribute(spec ? spec->kind : AttrKind::kAny, spec ? spec->element : AttrKind::kAny);
      if (!attributes.emplace(name, value).second) Fail("a new attribute name", "a second '" + name + "'");
    }
    return attributes;
  }

  // Note [Attribute text].
  Attribute ParseAttribute(AttrKind kind, AttrKind element) {
    SkipSpace();
    if (Peek("(")) {
      size_t at = pos_;
      Expect("(");
      std::string tag = Identifier();
      kind = AttrKindFromName(tag);
      if (kind == AttrKind::kAny) {
        pos_ = at;
        Fail("an attribute kind such as (Int32)", "(" + tag + ")");
      }
      Expect(")");
      element = AttrKind::kAny;
    }
    SkipSpace();
    if (kind == AttrKind::kAny) kind = NaturalKind();
    switch (kind) {
      case AttrKind::kBool: return BoolAttribute::Get(ctx_, Bool());
      case AttrKind::kInt32: return Int32Attribute::Get(ctx_, Integer<int32_t>());
      case AttrKind::kInt64: return Int64Attribute::Get(ctx_, Integer<int64_t>());
      case AttrKind::kFloat: return FloatAttribute::Get(ctx_, static_cast<float>(Number<float>()));
      case AttrKind::kDouble: return DoubleAttribute::Get(ctx_, Number<double>());
      case AttrKind::kStr: return StrAttribute::Get(ctx_, String());
      case AttrKind::kDataType: return DataTypeAttribute::Get(ctx_, DataTypeWord());
      case AttrKind::kPlace: return PlaceAttribute::Get(ctx_, PlaceValue());
      case AttrKind::kIntArray: {
        std::vector<int64_t> values;
        Expect("[");
        while (!Accept("]")) {
          if (!values.empty()) Expect(",");
          values.push_back(Integer<int64_t>());
        }
        return IntArrayAttribute::Get(ctx_, values);
      }
      case AttrKind::kScalar: return ScalarAttribute::Get(ctx_, ScalarValue());
      case AttrKind::kArray: {
        std::vector<Attribute> values;
        Expect("[");
        while (!Accept("]")) {
          if (!values.empty()) Expect(",");
          values.push_back(ParseAttribute(element, AttrKind::kAny));
        }
        return ArrayAttribute::Get(ctx_, values);
      }
      case AttrKind::kKernelKey: return KernelKeyAttribute::Get(ctx_, KernelKeyValue());
      case AttrKind::kAny: break;
    }
    Fail("an attribute value");
  }

  // The kind a value's form gives it (Note [Attribute text]).
  AttrKind NaturalKind() {
    char c = pos_ < text_.size() ? text_[pos_] : '\0';
    if (c == '"') return AttrKind::kStr;
    if (c == '[') return AttrKind::kArray;
    if (c == '<') return AttrKind::kKernelKey;
    if (PeekWord("true") || PeekWord("false")) return AttrKind::kBool;
    if (PeekWord("Place")) return AttrKind::kPlace;
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || PeekWord("inf") || PeekWord("nan")) {
      std::string number = NumberText(false);
      return number.find_first_not_of("-+0123456789") == std::string::npos ? AttrKind::kInt64 : AttrKind::kDouble;
    }
    if (std::isalpha(static_cast<unsigned char>(c))) return AttrKind::kDataType;
    Fail("an attribute value");
  }

  bool Bool() {
    if (Accept("true")) return true;
    if (Accept("false")) return false;
    Fail("true or false");
  }

  template <typename T>
  T Integer() {
    SkipSpace();
    std::string number = NumberText(true);
    T value{};
    const char* begin = number.data() + (number[0] == '+' ? 1 : 0);
    auto [end, ec] = std::from_chars(begin, number.data() + number.size(), value);
    if (ec != std::errc() || end != number.data() + number.size()) Fail("an integer", number);
    return value;
  }

  template <typename T>
  double Number() {
    SkipSpace();
    std::string number = NumberText(true);
    T value{};
    const char* begin = number.data() + (number[0] == '+' ? 1 : 0);
    auto [end, ec] = std::from_chars(begin, number.data() + number.size(), value);
    if (ec != std::errc() || end != number.data() + number.size()) Fail("a number", number);
    return value;
  }

  phi::Scalar ScalarValue() {
    if (PeekWord("true") || PeekWord("false")) return phi::Scalar(Bool());
    if (Accept("[")) {  // a complex value: [real,imag]
      double re = Number<double>();
      Expect(",");
      double im = Number<double>();
      Expect("]");
      return phi::Scalar(paddle::complex128(re, im));
    }
    std::string number = NumberText(false);
    if (number.find_first_not_of("-+0123456789") == std::string::npos) return phi::Scalar(Integer<int64_t>());
    return phi::Scalar(Number<double>());
  }

  paddle::DataType DataTypeWord() {
    size_t at = pos_;
    std::string word = Identifier();
    if (word == "Undefined") return paddle::DataType::UNDEFINED;
    try {
      return paddle::DataTypeFromName(word);
    } catch (const paddle::common::Error&) {
      pos_ = at;
      Fail("a dtype such as float32", word);
    }
  }

  paddle::Place PlaceValue() {
    Expect("Place");
    Expect("(");
    size_t end = text_.find(')', pos_);
    if (end == std::string::npos) Fail("')' closing Place(");
    std::string device = text_.substr(pos_, end - pos_);
    try {
      paddle::Place place = ParsePlace(device);
      pos_ = end + 1;
      return place;
    } catch (const paddle::common::Error&) {
      Fail("a place such as cpu or gpu:0", device);
    }
  }

  phi::KernelKey KernelKeyValue() {
    Expect("<");
    size_t end = text_.find('>', pos_);
    if (end == std::string::npos) Fail("'>' closing a kernel key");
    std::string body = text_.substr(pos_, end - pos_);
    try {
      phi::KernelKey key = ParseKernelKey(body);
      pos_ = end + 1;
      return key;
    } catch (const paddle::common::Error&) {
      Fail("a kernel key such as <backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>", "<" + body + ">");
    }
  }

  bool StartsType() {
    SkipSpace();
    return PeekWord("tensor") || PeekWord("vec") || Peek("cf.stack") || Peek("<<NULL TYPE>>");
  }

  Type ParseType() {
    SkipSpace();
    if (Accept("<<NULL TYPE>>")) return Type();
    if (Accept("cf.stack")) return StackType::Get(ctx_);
    if (Accept("vec")) {
      Expect("[");
      std::vector<Type> elements;
      while (!Accept("]")) {
        if (!elements.empty()) Expect(",");
        elements.push_back(ParseType());
      }
      return VectorType::Get(ctx_, elements);
    }
    size_t at = pos_;
    if (!Accept("tensor")) Fail("a type such as tensor<2x3xf32>");
    Expect("<");
    size_t end = text_.find('>', pos_);
    if (end == std::string::npos) Fail("'>' closing tensor<");
    std::string body = text_.substr(pos_, end - pos_);
    std::vector<int64_t> dims;
    size_t start = 0;
    for (size_t x = body.find('x'); x != std::string::npos; x = body.find('x', start)) {
      int64_t dim = 0;
      auto [p, ec] = std::from_chars(body.data() + start, body.data() + x, dim);
      if (ec != std::errc() || p != body.data() + x || dim < -1) {
        pos_ = at;
        Fail("tensor<DIMxDIMx...xELEMENT> with dims >= -1", "tensor<" + body + ">");
      }
      dims.push_back(dim);
      start = x + 1;
    }
    paddle::DataType dtype = ElementTypeFromName(body.substr(start));
    if (dtype == paddle::DataType::UNDEFINED || dims.size() > paddle::DDim::kMaxRank) {
      pos_ = at;
      Fail("tensor<DIMxDIMx...xELEMENT> with an element type such as f32 and at most 9 dims",
           "tensor<" + body + ">");
    }
    pos_ = end + 1;
    return DenseTensorType::Get(ctx_, dtype, paddle::DDim(dims));
  }

  void Define(const std::string& name, Value value) {
    if (!names_.emplace(name, value).second) Fail("a new value name", name + ", defined before");
    scope_.push_back(name);
  }

  Value Lookup(const std::string& name) {
    auto it = names_.find(name);
    if (it == names_.end()) Fail("a value defined before its use", name);
    return it->second;
  }

  std::string ValueName() {
    SkipSpace();
    if (pos_ >= text_.size() || text_[pos_] != '%') Fail("a value name such as %0");
    size_t start = pos_++;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    if (pos_ == start + 1) Fail("a value name such as %0");
    return text_.substr(start, pos_ - start);
  }

  std::string Identifier() {
    SkipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' || text_[pos_] == '.')) {
      ++pos_;
    }
    if (pos_ == start) Fail("a name");
    return text_.substr(start, pos_ - start);
  }

  // The characters of a number at the cursor; consumed when `take`.
  std::string NumberText(bool take) {
    size_t end = pos_;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '.' ||
                                  text_[end] == '-' || text_[end] == '+')) {
      ++end;
    }
    if (end == pos_) Fail("a number");
    std::string number = text_.substr(pos_, end - pos_);
    if (take) pos_ = end;
    return number;
  }

  std::string String() {
    SkipSpace();
    if (pos_ >= text_.size() || text_[pos_] != '"') Fail("a quoted string");
    std::string out;
    for (++pos_; pos_ < text_.size() && text_[pos_] != '"'; ++pos_) {
      char c = text_[pos_];
      if (c == '\\' && pos_ + 1 < text_.size()) {
        char e = text_[++pos_];
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e;
      }
      out += c;
    }
    if (pos_ >= text_.size()) Fail("'\"' closing the string");
    ++pos_;
    return out;
  }

  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  bool AtLineEnd() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    return pos_ >= text_.size() || text_[pos_] == '\n';
  }

  bool Peek(const char* token) {
    SkipSpace();
    return text_.compare(pos_, std::char_traits<char>::length(token), token) == 0;
  }

  // token as a whole word (not the start of a longer name).
  bool PeekWord(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (text_.compare(pos_, n, word) != 0) return false;
    char next = pos_ + n < text_.size() ? text_[pos_ + n] : '\0';
    return !(std::isalnum(static_cast<unsigned char>(next)) || next == '_');
  }

  bool Accept(const char* token) {
    if (!Peek(token)) return false;
    pos_ += std::char_traits<char>::length(token);
    return true;
  }

  void Expect(const char* token) {
    if (!Accept(token)) Fail(std::string("'") + token + "'");
  }

  [[noreturn]] void Fail(const std::string& expected, std::string got = "") {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    if (got.empty()) {
      size_t end = text_.find_first_of(" \n", pos_);
      got = pos_ >= text_.size() ? "the end of the text" : "'" + text_.substr(pos_, end - pos_) + "'";
    }
    PD_THROW(InvalidArgument, "[pir parser] line ", line, ", column ", column, ": expected ", expected, ", but got ",
             got);
  }

  const std::string& text_;
  IrContext* ctx_;
  size_t pos_ = 0;
  std::unordered_map<std::string, Value> names_;
  std::vector<std::string> scope_;  // names in definition order, to forget a region's on leaving it
};

}  // namespace

std::unique_ptr<Program> ParseProgram(const std::string& text, IrContext* ctx) {
  return Parser(text, ctx).ParseProgram();
}

}  // namespace pir
