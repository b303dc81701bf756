#include "paddle/phi/core/kernel_factory.h"

namespace phi {

const char* BackendName(Backend backend) {
  if (IsCustomBackend(backend)) {
    return paddle::CustomDeviceTypeName(static_cast<int>(backend) - static_cast<int>(Backend::CUSTOM)).c_str();
  }
  switch (backend) {
    case Backend::CPU: return "CPU";
    case Backend::GPU: return "GPU";
    default: break;
  }
  return "UNDEFINED";
}

Backend CustomBackend(const std::string& device_type) {
  return static_cast<Backend>(static_cast<int>(Backend::CUSTOM) + paddle::RegisterCustomDeviceType(device_type));
}

Backend BackendOf(const Place& place) {
  switch (place.GetType()) {
    case paddle::AllocationType::CPU:
    case paddle::AllocationType::GPUPINNED: return Backend::CPU;
    case paddle::AllocationType::GPU: return Backend::GPU;
    case paddle::AllocationType::CUSTOM: {
      const int index = paddle::CustomDeviceTypeIndex(place.GetCustomDeviceType());
      PD_CHECK(index >= 0, Unavailable, "no plugin provides the device type of ", place.ToString());
      return static_cast<Backend>(static_cast<int>(Backend::CUSTOM) + index);
    }
    default: return Backend::UNDEFINED;
  }
}

std::string KernelKey::ToString() const {
  return paddle::common::StrCat("(", BackendName(backend), ", ",
                                dtype == DataType::UNDEFINED ? "any dtype" : paddle::DataTypeName(dtype),
                                ")");
}

KernelFactory& KernelFactory::Instance() {
  static KernelFactory factory;
  return factory;
}

void KernelFactory::Register(const std::string& op, const KernelKey& key, Kernel kernel) {
  auto& kernels = kernels_[op];
  for (auto& [k, existing] : kernels) {
    PD_CHECK(!(k == key), PreconditionNotMet, "[", op, "] kernel ", key.ToString(),
             " registered twice");
  }
  kernels.emplace_back(key, kernel);
}

const Kernel& KernelFactory::Select(const std::string& op, const KernelKey& key) const {
  auto it = kernels_.find(op);
  PD_CHECK(it != kernels_.end(), Unimplemented, "[", op, "] no kernel is registered for this op");
  const Kernel* any_dtype = nullptr;
  for (const auto& [k, kernel] : it->second) {
    if (k.backend != key.backend) continue;
    if (k.dtype == key.dtype) return kernel;
    if (k.dtype == DataType::UNDEFINED) any_dtype = &kernel;
  }
  if (any_dtype != nullptr) return *any_dtype;
  std::string registered;
  for (const auto& [k, kernel] : it->second) {
    registered += (registered.empty() ? "" : ", ") + k.ToString();
  }
  PD_THROW(Unimplemented, "[", op, "] no kernel for ", key.ToString(), "; registered: ", registered);
}

namespace {

bool Matches(const KernelKey& registered, const KernelKey& wanted) {
  return registered.backend == wanted.backend &&
         (registered.dtype == wanted.dtype || registered.dtype == DataType::UNDEFINED);
}

KernelKey OnCpu(KernelKey key) {
  key.backend = Backend::CPU;
  return key;
}

}  // namespace

KernelChoice KernelFactory::SelectOrFallback(const std::string& op, const KernelKey& key) const {
  if (IsCustomBackend(key.backend) && !HasExactly(op, key) && HasExactly(op, OnCpu(key))) {
    return {Select(op, OnCpu(key)), true};
  }
  return {Select(op, key), false};
}

bool KernelFactory::HasExactly(const std::string& op, const KernelKey& key) const {
  auto it = kernels_.find(op);
  if (it == kernels_.end()) return false;
  for (const auto& [k, kernel] : it->second) {
    if (Matches(k, key)) return true;
  }
  return false;
}

bool KernelFactory::Has(const std::string& op, const KernelKey& key) const {
  return HasExactly(op, key) || (IsCustomBackend(key.backend) && HasExactly(op, OnCpu(key)));
}

bool KernelFactory::HasLimit(const std::string& op, Backend backend) const {
  auto it = limits_.find(op);
  if (it == limits_.end()) return false;
  for (const auto& entry : it->second) {
    if (entry.first == backend) return true;
  }
  return false;
}

void KernelFactory::SetLimit(const std::string& op, Backend backend, Limit limit) {
  limits_[op].emplace_back(backend, limit);
}

bool KernelFactory::Serves(const std::string& op, const KernelKey& key,
                           const std::vector<const DenseTensorMeta*>& inputs) const {
  if (!Has(op, key)) return false;
  auto it = limits_.find(op);
  if (it == limits_.end()) return true;
  for (const auto& [backend, limit] : it->second) {
    if (backend == key.backend && !limit(inputs)) return false;
  }
  return true;
}

std::vector<KernelKey> KernelFactory::RegisteredKeys(const std::string& op) const {
  std::vector<KernelKey> keys;
  auto it = kernels_.find(op);
  if (it == kernels_.end()) return keys;
  for (const auto& entry : it->second) keys.push_back(entry.first);
  return keys;
}

std::vector<std::string> KernelFactory::Ops() const {
  std::vector<std::string> ops;
  for (const auto& entry : kernels_) ops.push_back(entry.first);
  return ops;
}

}  // namespace phi
