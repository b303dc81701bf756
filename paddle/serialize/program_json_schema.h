// The names and numbers of Note [Program JSON] (program_json.h) that the
// writer and the reader share.
#pragma once

#include <string>

#include "paddle/common/data_type.h"
#include "paddle/common/place.h"

namespace paddle::serialize {

inline constexpr int kVersion = 4;  // PaddlePaddle 3.x's serialization version
inline constexpr int kMaxNesting = 64;  // regions within regions a file may hold

struct DialectId {
  const char* name;
  const char* id;
};
inline constexpr DialectId kDialects[] = {{"builtin", "0"}, {"pd_op", "1"}, {"cf", "2"}};

struct ElementName {
  DataType dtype;
  const char* name;
};
inline constexpr ElementName kElements[] = {
    {DataType::BOOL, "0.t_bool"},     {DataType::INT8, "0.t_i8"},         {DataType::UINT8, "0.t_ui8"},
    {DataType::INT16, "0.t_i16"},     {DataType::INT32, "0.t_i32"},       {DataType::INT64, "0.t_i64"},
    {DataType::FLOAT16, "0.t_f16"},   {DataType::BFLOAT16, "0.t_bf16"},   {DataType::FLOAT32, "0.t_f32"},
    {DataType::FLOAT64, "0.t_f64"},   {DataType::COMPLEX64, "0.t_c64"},   {DataType::COMPLEX128, "0.t_c128"},
};

// Paddle's numbers of the places' kinds (phi::AllocationType).
struct PlaceKind {
  AllocationType type;
  int paddle;
};
inline constexpr PlaceKind kPlaceKinds[] = {{AllocationType::UNDEFINED, 0}, {AllocationType::CPU, 1},
                                     {AllocationType::GPU, 2},       {AllocationType::GPUPINNED, 3},
                                     {AllocationType::CUSTOM, 9}};

// The attributes that go to "OA" (per result) rather than "A".
inline bool IsResultAttribute(const std::string& name) { return name == "stop_gradient" || name == "persistable"; }

}  // namespace paddle::serialize
