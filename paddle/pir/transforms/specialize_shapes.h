// Note [Shape specialization]: a program whose inputs have dims of -1 is
// made concrete for the dims the feeds give: each pd_op.data takes its
// feed's shape and every op's result types are inferred again in program
// order (control flow: a while body's arguments take the loop values'
// types, an if's results its branches' yields). The executor specializes a
// copy of a program with deferred gradients (Note [Deferred gradients]) for
// each set of feed shapes it meets.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "paddle/pir/core/program.h"

namespace pir {

// InvalidArgument naming the input when a feed's rank or a known dim differs.
void SpecializeShapes(Program& program, const std::map<std::string, std::vector<int64_t>>& feed_dims);

}  // namespace pir
