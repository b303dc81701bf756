// Passes and the PassManager: a pass transforms a program in place; the
// manager runs its passes in order, verifying after each, timing each, and
// printing the IR before and after each when FLAGS_print_ir is on (or
// printing is enabled on the manager). Analyses computed for a pass are
// cached until a pass that does not preserve them runs.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "paddle/pir/core/program.h"
#include "paddle/pir/core/type_id.h"

namespace pir {

// The analyses of one program, each computed once on first request and
// kept until a pass invalidates it. An analysis is a class constructible
// from `const Program&`; its TypeId comes from PIR_DEFINE_TYPE_ID.
class AnalysisManager {
 public:
  explicit AnalysisManager(const Program& program) : program_(program) {}

  template <typename A>
  A& Get() {
    auto& slot = analyses_[TypeId::Of<A>()];
    if (!slot) slot = std::make_unique<Holder<A>>(program_);
    return static_cast<Holder<A>*>(slot.get())->analysis;
  }
  template <typename A>
  bool IsCached() const {
    return analyses_.count(TypeId::Of<A>()) > 0;
  }
  // Drops every cached analysis but the preserved ones.
  void Invalidate(const std::unordered_set<TypeId>& preserved);

 private:
  struct HolderBase {
    virtual ~HolderBase() = default;
  };
  template <typename A>
  struct Holder : HolderBase {
    explicit Holder(const Program& p) : analysis(p) {}
    A analysis;
  };

  const Program& program_;
  std::unordered_map<TypeId, std::unique_ptr<HolderBase>> analyses_;
};

class Pass {
 public:
  explicit Pass(std::string name) : name_(std::move(name)) {}
  virtual ~Pass() = default;
  const std::string& name() const { return name_; }

  // Transforms the program; analyses come from `analyses`. Marks what it
  // keeps valid with Preserve (nothing is, by default).
  virtual void Run(Program& program, AnalysisManager& analyses) = 0;

  template <typename A>
  void Preserve() {
    preserved_.insert(TypeId::Of<A>());
  }
  void PreserveAll() { preserve_all_ = true; }

 private:
  friend class PassManager;
  std::string name_;
  std::unordered_set<TypeId> preserved_;
  bool preserve_all_ = false;
};

struct PassTiming {
  std::string pass;
  double seconds = 0;
};

class PassManager {
 public:
  PassManager() = default;

  void AddPass(std::unique_ptr<Pass> pass) { passes_.push_back(std::move(pass)); }
  size_t size() const { return passes_.size(); }

  // IR printing before and after each pass (also on with FLAGS_print_ir),
  // to `os` (std::cerr by default).
  void EnableIrPrinting(std::ostream* os = nullptr);
  // Verifying after each pass (on by default): a pass that breaks the IR is
  // named in the error.
  void EnableVerifier(bool on) { verify_ = on; }

  // Runs the passes in order; InvalidArgument naming the pass when one
  // leaves an invalid program.
  void Run(Program& program);

  // The time each pass took in the last Run, in order, and a report of it.
  const std::vector<PassTiming>& timings() const { return timings_; }
  std::string TimingReport() const;

 private:
  std::vector<std::unique_ptr<Pass>> passes_;
  std::ostream* print_ir_ = nullptr;
  bool verify_ = true;
  std::vector<PassTiming> timings_;
};

}  // namespace pir
