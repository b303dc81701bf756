#include "paddle/serialize/tensor_stream.h"

#include <cstring>

#include "paddle/common/errors.h"
#include "paddle/phi/api/transfer.h"
#include "tensor_desc.pb.h"

namespace paddle::serialize {
namespace {

struct DtypeCode {
  DataType dtype;
  int code;  // Paddle's VarType.Type
};
constexpr DtypeCode kDtypeCodes[] = {
    {DataType::BOOL, 0},      {DataType::INT16, 1},     {DataType::INT32, 2},      {DataType::INT64, 3},
    {DataType::FLOAT16, 4},   {DataType::FLOAT32, 5},   {DataType::FLOAT64, 6},    {DataType::UINT8, 20},
    {DataType::INT8, 21},     {DataType::BFLOAT16, 22}, {DataType::COMPLEX64, 23}, {DataType::COMPLEX128, 24},
};

template <typename T>
void Append(std::string* out, T value) {
  out->append(reinterpret_cast<const char*>(&value), sizeof(T));
}

class RecordReader {
 public:
  RecordReader(std::string_view bytes, const std::string& source) : bytes_(bytes), source_(source) {}

  Tensor Next(size_t index) {
    index_ = index;
    Check(Read<uint32_t>("its version") == 0, "version 0");
    const uint64_t lod_levels = Read<uint64_t>("its LoD level count");
    for (uint64_t level = 0; level < lod_levels; ++level) Skip(Read<uint64_t>("a LoD level's size"), "a LoD level");
    Check(Read<uint32_t>("its tensor version") == 0, "tensor version 0");
    const int32_t desc_size = Read<int32_t>("its TensorDesc size");
    Check(desc_size >= 0, "a TensorDesc size >= 0");
    proto::TensorDesc desc;
    const std::string_view desc_bytes = Take(static_cast<uint64_t>(desc_size), "its TensorDesc");
    // Partial, then checked here: protobuf's own check would log to stderr.
    Check(desc.ParsePartialFromArray(desc_bytes.data(), static_cast<int>(desc_bytes.size())) && desc.IsInitialized(),
          "a TensorDesc message");
    DataType dtype = DataType::UNDEFINED;
    for (const auto& c : kDtypeCodes) dtype = c.code == desc.data_type() ? c.dtype : dtype;
    PD_CHECK(dtype != DataType::UNDEFINED, InvalidArgument, "[load] ", source_, ": tensor ", index_,
             " has the dtype code ", desc.data_type(), ", which is not one of a dense tensor's");
    Check(desc.dims_size() <= DDim::kMaxRank, "at most 9 dims");
    std::vector<int64_t> dims(desc.dims().begin(), desc.dims().end());
    uint64_t bytes = SizeOf(dtype);
    for (int64_t d : dims) {
      Check(d >= 0, "dims >= 0");
      Check(d == 0 || bytes <= (bytes_.size() - at_) / static_cast<uint64_t>(d), "values that fit in the file");
      bytes *= static_cast<uint64_t>(d);
    }
    const std::string_view values = Take(bytes, "its values");
    return api::FromHostBuffer(values.data(), dtype, DDim(dims), CPUPlace());
  }

  bool AtEnd() const { return at_ == bytes_.size(); }

 private:
  void Check(bool ok, const std::string& expected) const {
    PD_CHECK(ok, InvalidArgument, "[load] ", source_, ": tensor ", index_, " is malformed: expected ", expected);
  }

  std::string_view Take(uint64_t size, const char* what) {
    PD_CHECK(size <= bytes_.size() - at_, InvalidArgument, "[load] ", source_, ": tensor ", index_, " is cut off in ",
             what, " (", size, " bytes declared, ", bytes_.size() - at_, " left)");
    std::string_view part = bytes_.substr(at_, size);
    at_ += size;
    return part;
  }
  void Skip(uint64_t size, const char* what) { Take(size, what); }

  template <typename T>
  T Read(const char* what) {
    T value;
    std::memcpy(&value, Take(sizeof(T), what).data(), sizeof(T));
    return value;
  }

  std::string_view bytes_;
  const std::string& source_;
  size_t at_ = 0;
  size_t index_ = 0;
};

}  // namespace

void AppendTensorRecord(const Tensor& t, std::string* out) {
  int code = -1;
  for (const auto& c : kDtypeCodes) code = c.dtype == t.dtype() ? c.code : code;
  PD_CHECK(code >= 0, Unimplemented, "[save] tensors of ", DataTypeName(t.dtype()),
           " have no form in Paddle's parameter files");
  proto::TensorDesc desc;
  desc.set_data_type(code);
  for (int64_t d : t.dims().ToVector()) desc.add_dims(d);
  const std::string header = desc.SerializeAsString();
  Append<uint32_t>(out, 0);
  Append<uint64_t>(out, 0);
  Append<uint32_t>(out, 0);
  Append<int32_t>(out, static_cast<int32_t>(header.size()));
  out->append(header);
  const size_t at = out->size();
  out->resize(at + static_cast<size_t>(t.numel()) * SizeOf(t.dtype()));
  if (t.numel() > 0) api::ToHostBuffer(t, out->data() + at);
}

std::vector<Tensor> ReadTensorRecords(std::string_view bytes, size_t count, const std::string& source) {
  RecordReader reader(bytes, source);
  std::vector<Tensor> tensors;
  for (size_t i = 0; i < count; ++i) {
    PD_CHECK(!reader.AtEnd(), InvalidArgument, "[load] ", source, " holds ", i, " tensors, but the program has ",
             count, " parameters");
    tensors.push_back(reader.Next(i));
  }
  PD_CHECK(reader.AtEnd(), InvalidArgument, "[load] ", source, " holds more than the program's ", count,
           " parameters");
  return tensors;
}

}  // namespace paddle::serialize
