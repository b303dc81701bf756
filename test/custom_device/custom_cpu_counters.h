// Call counters of the sample plugin, read by the tests (through ctypes or
// dlsym) to see which of the plugin's functions and kernels ran.
#pragma once

#include <cstddef>

extern "C" {
// The count of `name` ("device_memory_allocate", "kernel:relu", ...).
size_t custom_cpu_count(const char* name);
void custom_cpu_reset_counts();
}

namespace custom_cpu {
void Count(const char* name);
}  // namespace custom_cpu
