#include "paddle/pir/transforms/pass.h"

#include <iomanip>
#include <iostream>
#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/pir/core/verifier.h"

PD_DEFINE_bool(print_ir, false, "Print the program before and after each pass a PassManager runs.");

namespace pir {

void AnalysisManager::Invalidate(const std::unordered_set<TypeId>& preserved) {
  for (auto it = analyses_.begin(); it != analyses_.end();) {
    it = preserved.count(it->first) ? std::next(it) : analyses_.erase(it);
  }
}

void PassManager::EnableIrPrinting(std::ostream* os) { print_ir_ = os ? os : &std::cerr; }

void PassManager::Run(Program& program) {
  std::ostream* print = print_ir_ ? print_ir_ : (FLAGS_print_ir ? &std::cerr : nullptr);
  AnalysisManager analyses(program);
  timings_.clear();
  program.BumpGeneration();
  for (auto& pass : passes_) {
    if (print) *print << "// ----- IR before " << pass->name() << " -----\n" << program.Print();
    auto start = std::chrono::steady_clock::now();
    pass->Run(program, analyses);
    std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    timings_.push_back({pass->name(), took.count()});
    if (!pass->preserve_all_) analyses.Invalidate(pass->preserved_);
    if (print) *print << "// ----- IR after " << pass->name() << " -----\n" << program.Print();
    if (verify_) {
      try {
        Verify(program);
      } catch (paddle::common::Error& e) {
        PD_THROW(InvalidArgument, "[pass ", pass->name(), "] left an invalid program: ", e.what());
      }
    }
  }
}

std::string PassManager::TimingReport() const {
  double total = 0;
  for (const auto& t : timings_) total += t.seconds;
  std::ostringstream os;
  os << "pass timing (" << std::fixed << std::setprecision(3) << total * 1e3 << " ms in all)\n";
  for (const auto& t : timings_) {
    os << "  " << std::setw(8) << std::setprecision(3) << t.seconds * 1e3 << " ms  " << std::setw(5)
       << std::setprecision(1) << (total > 0 ? 100 * t.seconds / total : 0.0) << "%  " << t.pass << "\n";
  }
  return os.str();
}

}  // namespace pir
