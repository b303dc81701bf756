// Small macros shared by every layer.
#pragma once

#if defined(__CUDACC__)
#define PD_HOSTDEVICE __host__ __device__
#define PD_DEVICE __device__
#else
#define PD_HOSTDEVICE
#define PD_DEVICE
#endif

#define PD_CONCAT_IMPL(a, b) a##b
#define PD_CONCAT(a, b) PD_CONCAT_IMPL(a, b)
#define PD_UNIQUE_NAME(prefix) PD_CONCAT(prefix, __COUNTER__)

#define PD_DISALLOW_COPY_AND_ASSIGN(Type) \
  Type(const Type&) = delete;             \
  Type& operator=(const Type&) = delete
