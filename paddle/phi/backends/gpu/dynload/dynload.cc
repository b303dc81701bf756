#include "paddle/phi/backends/gpu/dynload/dynload.h"

#include <dlfcn.h>

#include <map>
#include <mutex>
#include <utility>

#include "paddle/common/errors.h"

namespace phi::dynload {
namespace {

std::mutex& Mutex() {
  static std::mutex mu;
  return mu;
}

// Open libraries by soname; null for one that failed (it is retried, so a
// library installed later in the process's life is found).
std::map<std::string, void*>& Handles() {
  static auto* handles = new std::map<std::string, void*>();
  return *handles;
}

std::vector<std::pair<const GpuLibrary*, const char*>>& Declared() {
  static auto* declared = new std::vector<std::pair<const GpuLibrary*, const char*>>();
  return *declared;
}

void* Open(const GpuLibrary& library) {
  void*& handle = Handles()[library.soname];
  if (handle != nullptr) return handle;
  // RTLD_LOCAL: the library's symbols serve only our lookups. The search
  // follows libpaddle_core's RUNPATH (the CUDA toolkit's folder at build
  // time), then LD_LIBRARY_PATH and the system's.
  handle = dlopen(library.soname, RTLD_NOW | RTLD_LOCAL);
  PD_CHECK(handle != nullptr, Unavailable, library.title, " (", library.soname, ") could not be loaded: ", dlerror(),
           ". Install it, or add its folder to LD_LIBRARY_PATH; only GPU ops that need ", library.title,
           " are affected");
  return handle;
}

}  // namespace

void* Symbol(const GpuLibrary& library, const char* name) {
  std::lock_guard<std::mutex> lock(Mutex());
  void* handle = Open(library);
  dlerror();
  void* fn = dlsym(handle, name);
  PD_CHECK(fn != nullptr, Unavailable, library.title, " (", library.soname, ") has no function ", name,
           ": the installed version is older than the one paddle was built with");
  return fn;
}

bool Declare(const GpuLibrary& library, const char* name) {
  std::lock_guard<std::mutex> lock(Mutex());
  Declared().emplace_back(&library, name);
  return true;
}

std::vector<std::string> ResolveAll() {
  std::vector<std::pair<const GpuLibrary*, const char*>> declared;
  {
    std::lock_guard<std::mutex> lock(Mutex());
    declared = Declared();
  }
  std::vector<std::string> failures;
  for (const auto& [library, name] : declared) {
    try {
      Symbol(*library, name);
    } catch (const paddle::common::Error& e) {
      failures.push_back(std::string(library->soname) + ": " + name + " (" + e.what() + ")");
    }
  }
  return failures;
}

}  // namespace phi::dynload
