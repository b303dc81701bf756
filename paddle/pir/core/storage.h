// Note [Uniqued by their text]: a type or an attribute is an immutable
// storage made once per IrContext and compared by pointer. The key that
// makes it unique is its printed text, tagged with its class (Int32 `1` and
// Int64 `1` print alike), so the printer and the uniquer cannot disagree,
// and a parsed value is the very object the builder made.
#pragma once

#include <string>

#include "paddle/pir/core/type_id.h"

namespace pir {

struct Storage {
  Storage(TypeId id, std::string text) : id(id), text(std::move(text)) {}
  virtual ~Storage() = default;

  const TypeId id;
  const std::string text;  // the printed form
};

// A handle over one uniqued storage: Type and Attribute are this, typed.
template <typename Derived>
class StorageHandle {
 public:
  StorageHandle() = default;
  explicit StorageHandle(const Storage* storage) : storage_(storage) {}

  explicit operator bool() const { return storage_ != nullptr; }
  bool operator==(const StorageHandle& other) const { return storage_ == other.storage_; }
  bool operator!=(const StorageHandle& other) const { return storage_ != other.storage_; }

  const std::string& ToString() const { return storage_->text; }
  const Storage* storage() const { return storage_; }

  template <typename T>
  bool isa() const {
    return storage_ != nullptr && storage_->id == TypeId::Of<T>();
  }
  // The handle as T, or a null T when it is something else.
  template <typename T>
  T dyn_cast() const {
    return isa<T>() ? T(storage_) : T();
  }

 protected:
  template <typename S>
  const S& As() const {
    return static_cast<const S&>(*storage_);
  }

  const Storage* storage_ = nullptr;
};

}  // namespace pir
