// KernelFactory: every registered kernel, by op name and KernelKey.
//
// A kernel is stored type-erased as a pointer to an adapter with the exact
// signature `void(const DeviceContext&, Args...)`, together with that
// signature's type id, so that a caller asking for the wrong signature gets
// a clear error instead of undefined behaviour.
#pragma once

#include <string>
#include <typeindex>
#include <unordered_map>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/core/kernel_key.h"

namespace phi {

class Kernel {
 public:
  Kernel(void* fn, std::type_index signature) : fn_(fn), signature_(signature) {}

  // The kernel as a callable of signature Fn (e.g. void(const DeviceContext&,
  // const DenseTensor&, DenseTensor*)).
  template <typename Fn>
  Fn* Get(const char* op) const {
    PD_CHECK(signature_ == std::type_index(typeid(Fn)), PreconditionNotMet, "[", op,
             "] kernel called with signature ", typeid(Fn).name(), " but registered as ",
             signature_.name());
    return reinterpret_cast<Fn*>(fn_);
  }

 private:
  void* fn_;
  std::type_index signature_;
};

// Note [Kernel fallback]: a plugin device runs every op. Ops its plugin has
// kernels for run there; the others run the CPU kernel on host copies of
// their inputs, and the results are copied back (api/kernel_launch.h).
struct KernelChoice {
  const Kernel& kernel;
  bool on_host;  // the CPU kernel stands in for a custom backend's
};

class KernelFactory {
 public:
  static KernelFactory& Instance();

  void Register(const std::string& op, const KernelKey& key, Kernel kernel);

  // The kernel for `key`; falls back to an all-dtype kernel of the same
  // backend. Throws Unimplemented listing what is registered otherwise.
  const Kernel& Select(const std::string& op, const KernelKey& key) const;

  // Select, or for a custom backend without a kernel for `key`, the CPU
  // kernel (Note [Kernel fallback]).
  KernelChoice SelectOrFallback(const std::string& op, const KernelKey& key) const;

  bool HasOp(const std::string& op) const { return kernels_.count(op) > 0; }
  // Whether SelectOrFallback would find a kernel for `key`.
  bool Has(const std::string& op, const KernelKey& key) const;
  // Whether Select would, without the CPU fallback of custom backends.
  bool HasExactly(const std::string& op, const KernelKey& key) const;
  // Whether the op's kernel on `backend` serves only some inputs.
  bool HasLimit(const std::string& op, Backend backend) const;

  // Note [Kernel limits]: a kernel may serve only some inputs of its dtype
  // (the GPU's flash attention holds a head's vectors in registers, up to
  // 256 values). It registers a limit, and where the limit refuses the
  // inputs, dispatch runs the op's decomposition instead (Note
  // [Decompositions] in tools/codegen/gen_eager.py).
  using Limit = bool (*)(const std::vector<const DenseTensorMeta*>& inputs);
  void SetLimit(const std::string& op, Backend backend, Limit limit);
  // Has(op, key), and the backend's limit (if any) accepts the inputs' metas.
  bool Serves(const std::string& op, const KernelKey& key, const std::vector<const DenseTensorMeta*>& inputs) const;
  std::vector<KernelKey> RegisteredKeys(const std::string& op) const;
  std::vector<std::string> Ops() const;

 private:

  using KeyedKernels = std::vector<std::pair<KernelKey, Kernel>>;
  std::unordered_map<std::string, KeyedKernels> kernels_;
  std::unordered_map<std::string, std::vector<std::pair<Backend, Limit>>> limits_;
};

// The op whose kernel the API launches on this thread (set by
// paddle::api::KernelLaunch), for an error a kernel reports after it has
// returned (Note [Deferred index errors] in phi/backends/gpu/deferred_errors.h).
inline thread_local const char* running_op = nullptr;
inline const char* RunningOp() { return running_op; }

}  // namespace phi
