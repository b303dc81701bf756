// Blocking TCP sockets for the store (Note [TCP store]): listening,
// connecting with retries, and whole-message reads and writes. Failures
// raise Unavailable naming the peer; a connection that cannot be made
// within its timeout raises Timeout.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace paddle::distributed::net {

// A socket listening on host:port (port 0: any free one, returned in *bound).
int Listen(const std::string& host, int port, int* bound);
// A connected socket, retrying refused connections until timeout.
int Connect(const std::string& host, int port, std::chrono::milliseconds timeout);
void Close(int fd);

// All n bytes, or Unavailable when the peer closed the connection.
void SendAll(int fd, const void* data, size_t n);
void RecvAll(int fd, void* data, size_t n);

void SendInt(int fd, int64_t v);
int64_t RecvInt(int fd);
void SendString(int fd, const std::string& s);
std::string RecvString(int fd);

}  // namespace paddle::distributed::net
