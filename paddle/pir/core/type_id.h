// TypeId: a distinct id per C++ class, without RTTI (the address of a
// per-class static), so a uniqued type or attribute knows which class made it.
//
// Note [TypeId across libraries]: the static lives in a function defined
// once, in the library that defines the class (PIR_DEFINE_TYPE_ID in its
// .cc, declared by PIR_DECLARE_TYPE_ID after the class). An inline static
// in the header would give each shared object its own copy, and the Python
// extension (built with hidden visibility) would see other ids than
// libpaddle_core, so isa<> would fail across the boundary.
#pragma once

#include <cstddef>
#include <functional>

namespace pir {

class TypeId {
 public:
  template <typename T>
  static TypeId Of();

  bool operator==(const TypeId& other) const { return tag_ == other.tag_; }
  bool operator!=(const TypeId& other) const { return tag_ != other.tag_; }
  size_t hash() const { return reinterpret_cast<size_t>(tag_); }

 private:
  explicit TypeId(const void* tag) : tag_(tag) {}
  const void* tag_;
};

}  // namespace pir

template <>
struct std::hash<pir::TypeId> {
  size_t operator()(const pir::TypeId& id) const { return id.hash(); }
};

#define PIR_DECLARE_TYPE_ID(T) \
  template <>                  \
  ::pir::TypeId pir::TypeId::Of<T>();

#define PIR_DEFINE_TYPE_ID(T)           \
  template <>                           \
  ::pir::TypeId pir::TypeId::Of<T>() {  \
    static const char tag = 0;          \
    return TypeId(&tag);                \
  }
