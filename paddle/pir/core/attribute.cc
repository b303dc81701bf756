#include "paddle/pir/core/attribute.h"

#include <cctype>
#include <charconv>
#include <cstring>
#include <memory>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_factory.h"
#include "paddle/pir/core/ir_context.h"

PIR_DEFINE_TYPE_ID(pir::BoolAttribute)
PIR_DEFINE_TYPE_ID(pir::Int32Attribute)
PIR_DEFINE_TYPE_ID(pir::Int64Attribute)
PIR_DEFINE_TYPE_ID(pir::FloatAttribute)
PIR_DEFINE_TYPE_ID(pir::DoubleAttribute)
PIR_DEFINE_TYPE_ID(pir::StrAttribute)
PIR_DEFINE_TYPE_ID(pir::DataTypeAttribute)
PIR_DEFINE_TYPE_ID(pir::PlaceAttribute)
PIR_DEFINE_TYPE_ID(pir::IntArrayAttribute)
PIR_DEFINE_TYPE_ID(pir::ScalarAttribute)
PIR_DEFINE_TYPE_ID(pir::ArrayAttribute)
PIR_DEFINE_TYPE_ID(pir::KernelKeyAttribute)

namespace pir {
namespace {

constexpr const char* kKindNames[] = {"Any",  "Bool",     "Int32", "Int64",    "Float",  "Double",
                                      "Str",  "DataType", "Place", "IntArray", "Scalar", "Array",
                                      "KernelKey"};

// Paddle's layout words in a kernel key.
constexpr std::pair<phi::DataLayout, const char*> kLayoutNames[] = {
    {phi::DataLayout::ANY, "Undefined(AnyLayout)"}, {phi::DataLayout::NCHW, "NCHW"}, {phi::DataLayout::NHWC, "NHWC"}};

template <typename T>
struct ValueStorage : AttributeStorage {
  ValueStorage(TypeId id, std::string text, AttrKind kind, T value)
      : AttributeStorage(id, std::move(text), kind), value(std::move(value)) {}
  const T value;
};

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

std::string Format(bool v) { return v ? "true" : "false"; }
std::string Format(int32_t v) { return std::to_string(v); }
std::string Format(int64_t v) { return std::to_string(v); }
std::string Format(float v) { return FormatFloat(v, true, false); }
std::string Format(double v) { return FormatFloat(v, false, false); }
std::string Format(const std::string& v) { return Quote(v); }
std::string Format(paddle::DataType v) { return FormatDataType(v); }
std::string Format(const paddle::Place& v) { return FormatPlace(v); }

std::string Format(const std::vector<int64_t>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(v[i]);
  }
  return out + "]";
}

std::string Format(const phi::Scalar& v) {
  switch (v.dtype()) {
    case paddle::DataType::BOOL: return Format(v.to<bool>());
    case paddle::DataType::INT64: return Format(v.to<int64_t>());
    case paddle::DataType::COMPLEX128: {
      auto c = v.to<paddle::complex128>();
      std::string text = "[";
      return text.append(FormatFloat(c.real, false, true)).append(",").append(FormatFloat(c.imag, false, true)) + "]";
    }
    // A floating scalar keeps its point: Scalar(1.0) and Scalar(1) differ.
    default: return FormatFloat(v.to<double>(), false, true);
  }
}

std::string Format(const phi::KernelKey& v) {
  const char* layout = "";
  for (const auto& [value, name] : kLayoutNames) {
    if (value == v.layout) layout = name;
  }
  const char* backend = v.backend == phi::Backend::UNDEFINED ? "Undefined" : phi::BackendName(v.backend);
  return paddle::common::StrCat("<backend:", backend, "|layout:", layout, "|dtype:", FormatDataType(v.dtype), ">");
}

std::string Format(const std::vector<Attribute>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    PD_CHECK(bool(v[i]), InvalidArgument, "[pir] element ", i, " of an array attribute is null");
    if (i) out += ',';
    out += v[i].TaggedText();
  }
  return out + "]";
}

}  // namespace

const char* AttrKindName(AttrKind kind) { return kKindNames[static_cast<int>(kind)]; }

AttrKind AttrKindFromName(const std::string& name) {
  for (int i = 1; i < static_cast<int>(std::size(kKindNames)); ++i) {
    if (name == kKindNames[i]) return static_cast<AttrKind>(i);
  }
  return AttrKind::kAny;
}

bool IsNaturalKind(AttrKind kind) {
  switch (kind) {
    case AttrKind::kBool:
    case AttrKind::kInt64:
    case AttrKind::kDouble:
    case AttrKind::kStr:
    case AttrKind::kDataType:
    case AttrKind::kPlace:
    case AttrKind::kArray:
    case AttrKind::kKernelKey: return true;
    default: return false;
  }
}

AttrKind Attribute::kind() const { return As<AttributeStorage>().kind; }

std::string Attribute::TaggedText() const {
  const std::string& text = ToString();
  bool reads_as_integer = text.find_first_not_of("-0123456789") == std::string::npos;
  if (IsNaturalKind(kind()) && !(kind() == AttrKind::kDouble && reads_as_integer)) return text;
  std::string tagged = "(";
  return tagged.append(AttrKindName(kind())).append(")").append(text);
}

template <AttrKind K, typename T>
ValueAttribute<K, T> ValueAttribute<K, T>::Get(IrContext* ctx, const T& value) {
  std::string text = Format(value);
  return ValueAttribute(ctx->Unique(AttrKindName(K), text, [&] {
    return std::make_unique<ValueStorage<T>>(TypeId::Of<ValueAttribute>(), text, K, value);
  }));
}

template <AttrKind K, typename T>
const T& ValueAttribute<K, T>::data() const {
  return As<ValueStorage<T>>().value;
}

template class ValueAttribute<AttrKind::kBool, bool>;
template class ValueAttribute<AttrKind::kInt32, int32_t>;
template class ValueAttribute<AttrKind::kInt64, int64_t>;
template class ValueAttribute<AttrKind::kFloat, float>;
template class ValueAttribute<AttrKind::kDouble, double>;
template class ValueAttribute<AttrKind::kStr, std::string>;
template class ValueAttribute<AttrKind::kDataType, paddle::DataType>;
template class ValueAttribute<AttrKind::kPlace, paddle::Place>;
template class ValueAttribute<AttrKind::kIntArray, std::vector<int64_t>>;
template class ValueAttribute<AttrKind::kScalar, phi::Scalar>;
template class ValueAttribute<AttrKind::kArray, std::vector<Attribute>>;
template class ValueAttribute<AttrKind::kKernelKey, phi::KernelKey>;

std::string FormatFloat(double value, bool single, bool with_point) {
  char buf[64];
  auto result = single ? std::to_chars(buf, buf + sizeof(buf), static_cast<float>(value))
                       : std::to_chars(buf, buf + sizeof(buf), value);
  std::string text(buf, result.ptr);
  if (with_point && text.find_first_of(".en") == std::string::npos) text += ".0";  // 'n' of inf and nan
  return text;
}

std::string FormatPlace(const paddle::Place& place) {
  if (place.GetType() == paddle::AllocationType::UNDEFINED) return "Place(undefined:0)";
  return place.ToString();
}

paddle::Place ParsePlace(const std::string& device) {
  if (device == "undefined" || device.rfind("undefined:", 0) == 0) return paddle::Place();
  if (device == "gpu_pinned") return paddle::GPUPinnedPlace();
  if (device == "cpu") return paddle::CPUPlace();
  auto colon = device.find(':');
  int id = -1;
  if (colon != std::string::npos && colon > 0) {
    auto [end, ec] = std::from_chars(device.data() + colon + 1, device.data() + device.size(), id);
    if (ec != std::errc() || end != device.data() + device.size() || id < 0 || id > 127) id = -1;
  }
  std::string type = colon == std::string::npos ? device : device.substr(0, colon);
  bool identifier = !type.empty() && !std::isdigit(static_cast<unsigned char>(type[0]));
  for (char c : type) identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  PD_CHECK(id >= 0 && identifier, InvalidArgument,
           "[pir] a place must read cpu, gpu:N, gpu_pinned, <device>:N or undefined, but got '", device, "'");
  return type == "gpu" ? paddle::GPUPlace(id) : paddle::CustomPlace(type, id);
}

std::string FormatDataType(paddle::DataType dtype) {
  return dtype == paddle::DataType::UNDEFINED ? "Undefined" : paddle::DataTypeName(dtype);
}

phi::KernelKey ParseKernelKey(const std::string& body) {
  auto fail = [&](const std::string& why) {
    PD_THROW(InvalidArgument, "[pir] a kernel key reads <backend:B|layout:L|dtype:D>, but <", body, "> ", why);
  };
  std::vector<std::string> words;
  const char* fields[] = {"backend:", "layout:", "dtype:"};
  size_t start = 0;
  for (const char* field : fields) {
    if (start > body.size() || body.compare(start, std::strlen(field), field) != 0) {
      fail(std::string("has no ") + field + " part there");
    }
    start += std::strlen(field);
    size_t end = std::min(body.find('|', start), body.size());
    words.push_back(body.substr(start, end - start));
    start = end + 1;
  }
  if (start <= body.size()) fail("has more parts");
  phi::KernelKey key;
  const std::string& backend = words[0];
  if (backend.empty()) fail("has no backend");
  key.backend = backend == "Undefined" ? phi::Backend::UNDEFINED
                : backend == "CPU"     ? phi::Backend::CPU
                : backend == "GPU"     ? phi::Backend::GPU
                                       : phi::CustomBackend(backend);
  bool layout_known = false;
  for (const auto& [value, name] : kLayoutNames) {
    if (words[1] == name) key.layout = value, layout_known = true;
  }
  if (!layout_known) fail("names an unknown layout");
  key.dtype = words[2] == "Undefined" ? paddle::DataType::UNDEFINED : paddle::DataTypeFromName(words[2]);
  return key;
}

}  // namespace pir
