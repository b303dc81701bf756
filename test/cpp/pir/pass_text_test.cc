// Text-in, text-out tests of the passes, in MLIR's FileCheck style: each
// file under test/cpp/pir/passes holds cases split by "// -----"; a case
// has a "// RUN: pass,pass" line, the input program, "// CHECK:", and the
// program the passes must leave. Other "//" lines are comments. The
// expected text is parsed and printed again, so it must itself be a valid
// program, and value numbers follow print order.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"

namespace pir {
namespace {

struct TextCase {
  std::string file;
  int line = 0;  // of the RUN line
  std::vector<std::string> passes;
  std::string input;
  std::string expected;
};

std::vector<std::string> SplitPasses(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  for (std::string name; std::getline(ss, name, ',');) {
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    out.push_back(name);
  }
  return out;
}

std::vector<TextCase> ReadCases(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<TextCase> cases;
  TextCase current;
  std::string* section = nullptr;
  int line_no = 0;
  auto finish = [&] {
    if (!current.passes.empty()) cases.push_back(current);
    current = TextCase();
    section = nullptr;
  };
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (line.rfind("// -----", 0) == 0) {
      finish();
    } else if (line.rfind("// RUN:", 0) == 0) {
      current.file = path.filename().string();
      current.line = line_no;
      current.passes = SplitPasses(line.substr(7));
      section = &current.input;
    } else if (line.rfind("// CHECK:", 0) == 0) {
      section = &current.expected;
    } else if (line.rfind("//", 0) != 0 && section) {
      *section += line + "\n";
    }
  }
  finish();
  return cases;
}

TEST(PassText, EveryCaseGivesItsExpectedProgram) {
  size_t cases = 0;
  std::set<std::string> passes_run;
  for (const auto& entry : std::filesystem::directory_iterator(PIR_PASS_TESTS_DIR)) {
    if (entry.path().extension() != ".pir") continue;
    for (const TextCase& c : ReadCases(entry.path())) {
      SCOPED_TRACE(c.file + ":" + std::to_string(c.line));
      ++cases;
      try {
        auto program = ParseProgram(c.input);
        Verify(*program);
        PassManager pm;
        for (const std::string& name : c.passes) {
          pm.AddPass(CreatePass(name));
          passes_run.insert(name);
        }
        pm.Run(*program);
        EXPECT_EQ(program->Print(), ParseProgram(c.expected)->Print());
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    }
  }
  EXPECT_GE(cases, 8u);
  // Every registered pass has text tests.
  for (const std::string& name : PassNames()) EXPECT_TRUE(passes_run.count(name)) << name << " has no text test";
}

TEST(PassText, UnknownPassNamesTheKnownOnes) {
  try {
    CreatePass("no_such_pass");
    ADD_FAILURE() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("no pass is named 'no_such_pass'; the passes are: algebraic_simplification, "
                                         "buffer_reuse, common_subexpression_elimination, constant_folding, "
                                         "conv_add_act_fusion, conv_bn_fold, conv_nhwc_layout, "
                                         "dead_code_elimination"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace pir
