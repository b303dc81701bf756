// Programs as PaddlePaddle 3.x's program JSON (`<model>.json`, the file
// paddle.static.save_inference_model and paddle.jit.save write).
//
// Note [Program JSON]: the file is {"base_code": {"magic": "pir", "version":
// 4, "trainable": bool}, "program": {"regions": [the module's region]}}. A
// region is {"#": "region_N", "blocks": [...]}, a block {"#": "block_N",
// "args": [{"#": id, "TT": type}], "ops": [...]}, an op {"#": "<dialect
// id>.<name>", "I": [{"%": id}], "O": [{"%": id, "TT": type}], "A": [{"N":
// name, "AT": attribute}], "OA": [...], "regions": [...]}, with the dialects
// numbered (builtin 0, pd_op 1, cf 2). Results are numbered 1, 2, ... in
// the order they are written (an op's results before its regions' ops),
// block arguments -1, -2, ...; 0 is a missing operand. builtin.parameter has
// a short form, {"#": "p", "A": [is_distributed, is_parameter, need_clip,
// name], "O": result, "OA": [persistable, stop_gradient, trainable], "DA":
// [], "QA": []}. Types and attributes are {"#": "<dialect id>.t_<name>" or
// ".a_<name>", "D": data}; a float that is not finite has "VD": "INF",
// "-INF" or "NAN" instead of "D". "OA" (the results' stop_gradient and
// persistable) is written only for a trainable program. Objects' keys are
// sorted and the text compact, as Paddle writes it, so Paddle's files read
// back byte for byte.
#pragma once

#include <memory>
#include <string>

#include "paddle/pir/core/program.h"

namespace paddle::serialize {

// The JSON text of program (of builtin, pd_op and cf ops: a program lowered
// to kernels is not saved). `indent` >= 0 pretty-prints.
std::string ProgramToJson(const pir::Program& program, bool trainable = true, int indent = -1);

// The program of a JSON text; `source` (the file) names where in errors.
// InvalidArgument for a malformed file, NotFound for an op, attribute or
// dialect this framework does not know, naming it and the file.
std::unique_ptr<pir::Program> ProgramFromJson(const std::string& text, const std::string& source);

}  // namespace paddle::serialize
