// The program paddle.static.save_inference_model writes.
#pragma once

#include <memory>
#include <vector>

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

}  // namespace paddle::serialize
