// Evaluation instead of training, as PaddlePaddle's clone(for_test=True)
// makes it: batch norms normalize by their running statistics (is_test),
// dropout passes its input through (upscale_in_train) or scales it by 1 - p
// (downscale_in_infer).
#pragma once

#include "paddle/pir/core/program.h"

namespace pir {

void ToTestMode(Program& program);

}  // namespace pir
