#include "paddle/distributed/store/socket.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "paddle/common/errors.h"

namespace paddle::distributed::net {
namespace {

// Strings past this are a corrupted stream, not a value (a store value is a
// rank's address or a small object).
constexpr int64_t kMaxString = int64_t{1} << 32;

struct AddrInfo {
  addrinfo* list = nullptr;
  ~AddrInfo() {
    if (list) freeaddrinfo(list);
  }
};

void Resolve(const std::string& host, int port, bool passive, AddrInfo* out) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = passive ? AI_PASSIVE : 0;
  const std::string service = std::to_string(port);
  const int rc = getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &out->list);
  PD_CHECK(rc == 0, InvalidArgument, "[TCPStore] cannot resolve host '", host, "': ", gai_strerror(rc));
}

}  // namespace

int Listen(const std::string& host, int port, int* bound) {
  AddrInfo info;
  Resolve(host, port, true, &info);
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  PD_CHECK(fd >= 0, Unavailable, "[TCPStore] socket: ", std::strerror(errno));
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  if (bind(fd, info.list->ai_addr, info.list->ai_addrlen) != 0 || listen(fd, 1024) != 0) {
    const int err = errno;
    close(fd);
    PD_THROW(Unavailable, "[TCPStore] cannot serve on ", host, ":", port, ": ", std::strerror(err));
  }
  sockaddr_in addr{};
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  *bound = ntohs(addr.sin_port);
  return fd;
}

int Connect(const std::string& host, int port, std::chrono::milliseconds timeout) {
  AddrInfo info;
  Resolve(host, port, false, &info);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int last_error = 0;
  do {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    PD_CHECK(fd >= 0, Unavailable, "[TCPStore] socket: ", std::strerror(errno));
    if (connect(fd, info.list->ai_addr, info.list->ai_addrlen) == 0) {
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      return fd;
    }
    last_error = errno;
    close(fd);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < deadline);
  PD_THROW(Timeout, "[TCPStore] no store answered at ", host, ":", port, " within ", timeout.count(), " ms (",
           std::strerror(last_error), "): is the master running?");
}

void Close(int fd) {
  if (fd >= 0) close(fd);
}

void SendAll(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t sent = send(fd, p, n, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    PD_CHECK(sent > 0, Unavailable, "[TCPStore] the connection to the store broke: ", std::strerror(errno));
    p += sent;
    n -= static_cast<size_t>(sent);
  }
}

void RecvAll(int fd, void* data, size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    const ssize_t got = recv(fd, p, n, 0);
    if (got < 0 && errno == EINTR) continue;
    PD_CHECK(got > 0, Unavailable, "[TCPStore] the store's connection closed",
             got < 0 ? std::string(": ") + std::strerror(errno) : std::string(""));
    p += got;
    n -= static_cast<size_t>(got);
  }
}

void SendInt(int fd, int64_t v) { SendAll(fd, &v, sizeof(v)); }

int64_t RecvInt(int fd) {
  int64_t v;
  RecvAll(fd, &v, sizeof(v));
  return v;
}

void SendString(int fd, const std::string& s) {
  SendInt(fd, static_cast<int64_t>(s.size()));
  SendAll(fd, s.data(), s.size());
}

std::string RecvString(int fd) {
  const int64_t n = RecvInt(fd);
  PD_CHECK(n >= 0 && n <= kMaxString, Unavailable, "[TCPStore] a corrupted message (a string of ", n, " bytes)");
  std::string s(static_cast<size_t>(n), '\0');
  RecvAll(fd, s.data(), s.size());
  return s;
}

}  // namespace paddle::distributed::net
