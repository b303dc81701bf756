// The program paddle.static.save_inference_model writes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/pir/core/program.h"

namespace paddle::serialize {

// As PaddlePaddle 3.x normalizes it: a copy of `program` with only the ops
// the fetches need (the backward and the updates go), in test mode
// (pir::ToTestMode: batch norms use their running statistics, dropout
// passes), with our ops PaddlePaddle has not in its ops where they can be
// (Note [Paddle's forms]), and one pd_op.fetch {name, col} per fetch at the end, named by
// the fetched value's name (an input's or parameter's) or "fetch_name_<i>".
// Feeds must be inputs (pd_op.data) of the program that the fetches read:
// InvalidArgument naming the feed otherwise.
std::unique_ptr<pir::Program> InferenceProgram(const pir::Program& program, const std::vector<pir::Value>& feeds,
                                               const std::vector<pir::Value>& fetches);

// What an inference program takes and gives, in program order: its inputs
// (pd_op.data) by name, its outputs (what each pd_op.fetch reads) by the
// fetch's name, and its parameters' names sorted (the order of its
// parameter file).
struct InferenceSignature {
  std::vector<std::string> input_names, output_names, parameter_names;
  std::vector<pir::Value> inputs, outputs;
};
InferenceSignature SignatureOf(const pir::Program& program);

// An inference model's files read: the program (program JSON) with its
// signature, and its parameters' tensors in the order of
// signature.parameter_names (a tensor stream; no file is read when there are
// none). NotFound naming a missing file, InvalidArgument naming a malformed
// one; errors begin with [op].
struct InferenceModel {
  std::unique_ptr<pir::Program> program;
  InferenceSignature signature;
  std::vector<Tensor> parameters;
};
InferenceModel ReadInferenceModel(const std::string& prog_file, const std::string& params_file,
                                  const std::string& op);

}  // namespace paddle::serialize
