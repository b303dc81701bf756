// Reads the program text ir_printer.h writes. Errors are InvalidArgument
// (Python's ValueError) naming the line, the column and what was expected.
#pragma once

#include <memory>
#include <string>

#include "paddle/pir/core/program.h"

namespace pir {

std::unique_ptr<Program> ParseProgram(const std::string& text, IrContext* ctx = IrContext::Instance());

}  // namespace pir
