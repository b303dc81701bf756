// Tensors as PaddlePaddle 3.x's parameter files hold them (`.pdiparams`,
// `.pdparams` of paddle.static.save_inference_model and paddle.jit.save).
//
// Note [Tensor stream]: a file is the records of its tensors one after
// another, with no header, count or names (the program's parameter names,
// sorted, say which is which). A record is, little-endian: u32 0 (the
// DenseTensor version), u64 the number of LoD levels (0 here) and for each
// a u64 byte size and that many bytes, u32 0 (the tensor version), i32 the
// size of the TensorDesc message (tensor_desc.proto) and its bytes, then the
// values, row-major.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "paddle/phi/api/tensor.h"

namespace paddle::serialize {

// Appends t's record (its values copied to the host) to `out`.
void AppendTensorRecord(const Tensor& t, std::string* out);

// The `count` tensors (on the CPU) of `bytes`, which must end with the last
// record. `source` names the file in errors. Every size a record declares is
// checked against the bytes left before anything is allocated, so a file
// cannot make the reader take more memory than its own size.
std::vector<Tensor> ReadTensorRecords(std::string_view bytes, size_t count, const std::string& source);

}  // namespace paddle::serialize
