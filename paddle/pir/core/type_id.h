// TypeId: a distinct id per C++ class, without RTTI (the address of a
// per-class static), so a uniqued type or attribute knows which class made it.
#pragma once

#include <cstddef>
#include <functional>

namespace pir {

class TypeId {
 public:
  template <typename T>
  static TypeId Of() {
    static const char tag = 0;
    return TypeId(&tag);
  }

  bool operator==(const TypeId& other) const { return tag_ == other.tag_; }
  bool operator!=(const TypeId& other) const { return tag_ != other.tag_; }

 private:
  explicit TypeId(const void* tag) : tag_(tag) {}
  const void* tag_;
};

}  // namespace pir
