// IrMapping: which value of a copy stands for which value of the original
// (Operation::Clone, Program::Clone fill it as they copy).
#pragma once

#include <unordered_map>
#include <vector>

#include "paddle/pir/core/value.h"

namespace pir {

class IrMapping {
 public:
  void Map(Value from, Value to) { values_[from.impl()] = to; }
  // The copy of `from`, or `from` itself when it was not copied (a value
  // defined outside what was cloned).
  Value Lookup(Value from) const {
    auto it = values_.find(from.impl());
    return it == values_.end() ? from : it->second;
  }
  std::vector<Value> Lookup(const std::vector<Value>& from) const {
    std::vector<Value> out;
    out.reserve(from.size());
    for (Value v : from) out.push_back(Lookup(v));
    return out;
  }
  bool Contains(Value from) const { return values_.count(from.impl()) > 0; }

 private:
  std::unordered_map<const ValueImpl*, Value> values_;
};

}  // namespace pir
