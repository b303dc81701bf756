// IrContext: what every program of a process shares: the uniqued types and
// attributes (Note [Uniqued by their text]), the registered dialects and the
// OpInfo of every op they define.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "paddle/pir/core/storage.h"

namespace pir {

struct OpInfo;
class Dialect;

class IrContext {
 public:
  // The process's context, with the builtin, control-flow and pd_op dialects.
  static IrContext* Instance();

  // The one storage whose class tag and text are these; `make` builds it the
  // first time.
  const Storage* Unique(std::string_view tag, const std::string& text,
                        const std::function<std::unique_ptr<Storage>()>& make);

  // Registers a dialect once (later calls return the registered one).
  template <typename D>
  D* GetOrRegisterDialect() {
    std::lock_guard<std::recursive_mutex> lock(dialect_mutex_);
    auto& slot = dialects_[D::kName];
    if (!slot) {
      slot = std::make_unique<D>();
      slot->Initialize(this);
    }
    return static_cast<D*>(slot.get());
  }
  Dialect* FindDialect(const std::string& name) const;

  // Registers an op; its name ("pd_op.matmul") must be new.
  void RegisterOp(OpInfo info);
  // The op's info, or nullptr when no dialect defines it.
  const OpInfo* FindOp(const std::string& name) const;

  IrContext();
  ~IrContext();
  IrContext(const IrContext&) = delete;
  IrContext& operator=(const IrContext&) = delete;

 private:
  std::mutex storage_mutex_;
  std::unordered_map<std::string, std::unique_ptr<Storage>> storages_;
  mutable std::mutex op_mutex_;
  std::unordered_map<std::string, std::unique_ptr<OpInfo>> ops_;
  mutable std::recursive_mutex dialect_mutex_;  // a dialect may register the ones it uses
  std::unordered_map<std::string, std::unique_ptr<Dialect>> dialects_;
};

}  // namespace pir
