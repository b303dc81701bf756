// The sample plugin's collectives (device_ext.h's ccl_* functions), so that
// the core's ProcessGroupCustom runs here across real processes: a full mesh
// of TCP connections on loopback, set up through rank 0's listening socket,
// whose address is the root id. Like the plugin's streams, every operation
// runs at once; each rank sends its data straight to the others and reduces
// what it receives in rank order, so all ranks get the same bits.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "paddle/phi/backends/custom/device_ext.h"
#include "test/custom_device/custom_cpu_counters.h"

struct C_CCLComm_st {
  size_t rank = 0;
  size_t nranks = 1;
  std::vector<int> fds;  // fds[peer]; -1 for this rank
};

namespace custom_cpu {
namespace {

constexpr size_t kIdSize = 64;

bool SendAll(int fd, const void* data, size_t bytes) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::send(fd, p, bytes, MSG_NOSIGNAL);
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<size_t>(n);
  }
  return true;
}

bool RecvAll(int fd, void* data, size_t bytes) {
  char* p = static_cast<char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::recv(fd, p, bytes, 0);
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<size_t>(n);
  }
  return true;
}

// A socket listening on loopback at a free port.
int Listen(uint16_t* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof(addr);
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), len) != 0 || ::listen(fd, 64) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  *port = ntohs(addr.sin_port);
  return fd;
}

int Connect(uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  for (int attempt = 0; attempt < 600; ++attempt) {  // the peer may not listen yet: up to a minute
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0) {
      const int one = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      return fd;
    }
    ::usleep(100 * 1000);
  }
  ::close(fd);
  return -1;
}

int Accept(int listener) {
  const int fd = ::accept(listener, nullptr, nullptr);
  const int one = 1;
  if (fd >= 0) ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  return fd;
}

size_t SizeOf(C_DataType dtype) {
  switch (dtype) {
    case C_BOOL: case C_UINT8: case C_INT8: return 1;
    case C_INT16: case C_FLOAT16: case C_BFLOAT16: return 2;
    case C_INT32: case C_FLOAT32: return 4;
    case C_INT64: case C_FLOAT64: return 8;
    default: return 0;
  }
}

template <typename T>
void Combine(T* out, const T* in, size_t n, C_CCLReduceOp op) {
  for (size_t i = 0; i < n; ++i) {
    switch (op) {
      case C_CCL_SUM: case C_CCL_AVG: out[i] = static_cast<T>(out[i] + in[i]); break;
      case C_CCL_PRODUCT: out[i] = static_cast<T>(out[i] * in[i]); break;
      case C_CCL_MAX: out[i] = out[i] < in[i] ? in[i] : out[i]; break;
      case C_CCL_MIN: out[i] = in[i] < out[i] ? in[i] : out[i]; break;
    }
  }
}

template <typename T>
void Divide(T* out, size_t n, size_t by) {
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<T>(out[i] / static_cast<T>(by));
}

// out <- out (op) in, element-wise; false for a dtype the sample does not reduce.
bool Reduce(void* out, const void* in, size_t count, C_DataType dtype, C_CCLReduceOp op) {
  switch (dtype) {
    case C_FLOAT32: Combine(static_cast<float*>(out), static_cast<const float*>(in), count, op); return true;
    case C_FLOAT64: Combine(static_cast<double*>(out), static_cast<const double*>(in), count, op); return true;
    case C_INT32: Combine(static_cast<int32_t*>(out), static_cast<const int32_t*>(in), count, op); return true;
    case C_INT64: Combine(static_cast<int64_t*>(out), static_cast<const int64_t*>(in), count, op); return true;
    case C_UINT8: Combine(static_cast<uint8_t*>(out), static_cast<const uint8_t*>(in), count, op); return true;
    default: return false;
  }
}

bool Average(void* out, size_t count, C_DataType dtype, size_t nranks) {
  switch (dtype) {
    case C_FLOAT32: Divide(static_cast<float*>(out), count, nranks); return true;
    case C_FLOAT64: Divide(static_cast<double*>(out), count, nranks); return true;
    default: return false;
  }
}

// recv <- parts[0] (op) parts[1] (op) ..., in rank order so that every rank
// gets the same bits; divided by the number of parts for AVG.
C_Status ReduceInOrder(void* recv, const std::vector<std::vector<char>>& parts, size_t count, C_DataType dtype,
                       C_CCLReduceOp op) {
  std::memcpy(recv, parts[0].data(), parts[0].size());
  for (size_t q = 1; q < parts.size(); ++q) {
    if (!Reduce(recv, parts[q].data(), count, dtype, op)) return C_ERROR;
  }
  return op == C_CCL_AVG && !Average(recv, count, dtype, parts.size()) ? C_ERROR : C_SUCCESS;
}

// Sends `part(q)` to every peer q while receiving each peer's message into `into(q)`.
template <typename Part, typename Into>
bool Exchange(C_CCLComm comm, size_t bytes, Part part, Into into) {
  bool sent = true;
  std::thread sender([&] {
    for (size_t q = 0; q < comm->nranks; ++q) {
      if (q != comm->rank) sent = SendAll(comm->fds[q], part(q), bytes) && sent;
    }
  });
  bool received = true;
  for (size_t q = 0; q < comm->nranks; ++q) {
    if (q != comm->rank) received = RecvAll(comm->fds[q], into(q), bytes) && received;
  }
  sender.join();
  return sent && received;
}

C_Status UniqueIdSize(size_t* size) {
  *size = kIdSize;
  return C_SUCCESS;
}

// The root id: the port of a socket rank 0 listens on (its descriptor too).
C_Status UniqueId(C_CCLRootId* id) {
  if (id == nullptr || id->data == nullptr || id->size < kIdSize) return C_ERROR;
  uint16_t port = 0;
  const int fd = Listen(&port);
  if (fd < 0) return C_FAILED;
  std::snprintf(static_cast<char*>(id->data), kIdSize, "%d %d", static_cast<int>(port), fd);
  return C_SUCCESS;
}

C_Status CommInitRank(size_t nranks, C_CCLRootId* id, size_t rank, C_CCLComm* comm) {
  Count("ccl_comm_init_rank");
  int root_port = 0, root_fd = -1;
  if (id == nullptr || id->data == nullptr || rank >= nranks ||
      std::sscanf(static_cast<const char*>(id->data), "%d %d", &root_port, &root_fd) != 2) {
    return C_ERROR;
  }
  auto* c = new C_CCLComm_st{rank, nranks, std::vector<int>(nranks, -1)};
  std::vector<uint32_t> ports(nranks, 0);
  if (rank == 0) {  // every other rank says who it is and where it listens; all learn where all listen
    for (size_t k = 1; k < nranks; ++k) {
      const int fd = Accept(root_fd);
      uint32_t hello[2];
      if (fd < 0 || !RecvAll(fd, hello, sizeof(hello)) || hello[0] == 0 || hello[0] >= nranks) return C_FAILED;
      c->fds[hello[0]] = fd;
      ports[hello[0]] = hello[1];
    }
    ::close(root_fd);
    for (size_t q = 1; q < nranks; ++q) {
      if (!SendAll(c->fds[q], ports.data(), ports.size() * sizeof(uint32_t))) return C_FAILED;
    }
  } else {
    uint16_t mine = 0;
    const int listener = Listen(&mine);
    const int fd = Connect(static_cast<uint16_t>(root_port));
    const uint32_t hello[2] = {static_cast<uint32_t>(rank), mine};
    if (listener < 0 || fd < 0 || !SendAll(fd, hello, sizeof(hello)) ||
        !RecvAll(fd, ports.data(), ports.size() * sizeof(uint32_t))) {
      return C_FAILED;
    }
    c->fds[0] = fd;
    for (size_t q = 1; q < rank; ++q) {  // connect to the lower ranks, say who this is
      c->fds[q] = Connect(static_cast<uint16_t>(ports[q]));
      const uint32_t me = static_cast<uint32_t>(rank);
      if (c->fds[q] < 0 || !SendAll(c->fds[q], &me, sizeof(me))) return C_FAILED;
    }
    for (size_t k = rank + 1; k < nranks; ++k) {  // the higher ranks connect here
      const int peer_fd = Accept(listener);
      uint32_t peer = 0;
      if (peer_fd < 0 || !RecvAll(peer_fd, &peer, sizeof(peer)) || peer <= rank || peer >= nranks) return C_FAILED;
      c->fds[peer] = peer_fd;
    }
    ::close(listener);
  }
  *comm = c;
  return C_SUCCESS;
}

C_Status DestroyComm(C_CCLComm comm) {
  if (comm == nullptr) return C_ERROR;
  for (int fd : comm->fds) {
    if (fd >= 0) ::close(fd);
  }
  delete comm;
  return C_SUCCESS;
}

C_Status AllReduce(void* send, void* recv, size_t count, C_DataType dtype, C_CCLReduceOp op, C_CCLComm comm,
                   C_Stream) {
  Count("ccl_all_reduce");
  const size_t bytes = count * SizeOf(dtype);
  if (comm == nullptr || (bytes == 0 && count > 0)) return C_ERROR;
  std::vector<std::vector<char>> parts(comm->nranks, std::vector<char>(bytes));
  std::memcpy(parts[comm->rank].data(), send, bytes);
  if (!Exchange(comm, bytes, [&](size_t) { return send; }, [&](size_t q) { return parts[q].data(); })) {
    return C_FAILED;
  }
  return ReduceInOrder(recv, parts, count, dtype, op);
}

C_Status Broadcast(void* buf, size_t count, C_DataType dtype, size_t root, C_CCLComm comm, C_Stream) {
  Count("ccl_broadcast");
  const size_t bytes = count * SizeOf(dtype);
  if (comm == nullptr || root >= comm->nranks) return C_ERROR;
  if (comm->rank != root) return RecvAll(comm->fds[root], buf, bytes) ? C_SUCCESS : C_FAILED;
  for (size_t q = 0; q < comm->nranks; ++q) {
    if (q != root && !SendAll(comm->fds[q], buf, bytes)) return C_FAILED;
  }
  return C_SUCCESS;
}

C_Status AllGather(void* send, void* recv, size_t count, C_DataType dtype, C_CCLComm comm, C_Stream) {
  Count("ccl_all_gather");
  const size_t bytes = count * SizeOf(dtype);
  if (comm == nullptr) return C_ERROR;
  char* out = static_cast<char*>(recv);
  std::memmove(out + comm->rank * bytes, send, bytes);
  const void* mine = out + comm->rank * bytes;
  return Exchange(comm, bytes, [&](size_t) { return mine; }, [&](size_t q) { return out + q * bytes; })
             ? C_SUCCESS
             : C_FAILED;
}

C_Status ReduceScatter(void* send, void* recv, size_t count, C_DataType dtype, C_CCLReduceOp op, C_CCLComm comm,
                       C_Stream) {
  Count("ccl_reduce_scatter");
  const size_t bytes = count * SizeOf(dtype);
  if (comm == nullptr) return C_ERROR;
  const char* in = static_cast<const char*>(send);
  std::vector<std::vector<char>> parts(comm->nranks, std::vector<char>(bytes));
  std::memcpy(parts[comm->rank].data(), in + comm->rank * bytes, bytes);
  if (!Exchange(comm, bytes, [&](size_t q) { return in + q * bytes; }, [&](size_t q) { return parts[q].data(); })) {
    return C_FAILED;
  }
  return ReduceInOrder(recv, parts, count, dtype, op);
}

C_Status Send(void* buf, size_t count, C_DataType dtype, size_t peer, C_CCLComm comm, C_Stream) {
  Count("ccl_send");
  if (comm == nullptr || peer >= comm->nranks || peer == comm->rank) return C_ERROR;
  return SendAll(comm->fds[peer], buf, count * SizeOf(dtype)) ? C_SUCCESS : C_FAILED;
}

C_Status Recv(void* buf, size_t count, C_DataType dtype, size_t peer, C_CCLComm comm, C_Stream) {
  Count("ccl_recv");
  if (comm == nullptr || peer >= comm->nranks || peer == comm->rank) return C_ERROR;
  return RecvAll(comm->fds[peer], buf, count * SizeOf(dtype)) ? C_SUCCESS : C_FAILED;
}

}  // namespace

void SetCollectives(C_DeviceInterface* t) {
  t->ccl_get_unique_id_size = UniqueIdSize;
  t->ccl_get_unique_id = UniqueId;
  t->ccl_comm_init_rank = CommInitRank;
  t->ccl_destroy_comm = DestroyComm;
  t->ccl_all_reduce = AllReduce;
  t->ccl_broadcast = Broadcast;
  t->ccl_all_gather = AllGather;
  t->ccl_reduce_scatter = ReduceScatter;
  t->ccl_send = Send;
  t->ccl_recv = Recv;
}

}  // namespace custom_cpu
