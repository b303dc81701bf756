// Note [TCP store]
// The rendezvous of a job's processes: a key-value store of bytes that one
// process serves over TCP (the master: rank 0's, or the launcher's, which
// outlives the workers' restarts) and that every process reaches as a
// client, the master's own included. Get and Wait block until their keys are
// set, up to the store's timeout, and then raise TimeoutError naming the
// keys still missing (a rank that never joined); Add is atomic, so counters
// need no lock. The server answers each connection on its own thread; a
// client sends one request at a time over one connection.
//
// Wire format: a request is a command byte and its fields, a reply its
// fields; a string is a u64 length and its bytes, integers are 8 bytes in
// the host's order (the processes of a job share one architecture).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace paddle::distributed {

class TCPStore {
 public:
  // Connects to host:port; with is_master this process also serves the
  // store there (port 0: a free port, which port() tells). Connecting
  // retries until `timeout`, for a master that starts later.
  TCPStore(std::string host, int port, bool is_master, int world_size,
           std::chrono::milliseconds timeout = std::chrono::seconds(900));
  ~TCPStore();
  TCPStore(const TCPStore&) = delete;
  TCPStore& operator=(const TCPStore&) = delete;

  void Set(const std::string& key, const std::string& value);
  // Waits for the key, up to the timeout.
  std::string Get(const std::string& key);
  // Adds delta to the integer under key (0 when unset) and returns the sum.
  int64_t Add(const std::string& key, int64_t delta);
  // Whether the key existed.
  bool Delete(const std::string& key);
  // Whether all keys are set, without waiting.
  bool Check(const std::vector<std::string>& keys);
  void Wait(const std::vector<std::string>& keys);
  void Wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout);
  int64_t NumKeys();

  const std::string& host() const { return host_; }
  int port() const { return port_; }
  int world_size() const { return world_size_; }
  bool is_master() const { return server_ != nullptr; }
  std::chrono::milliseconds timeout() const { return timeout_; }

 private:
  class Server;

  std::string host_;
  int port_;
  int world_size_;
  std::chrono::milliseconds timeout_;
  std::unique_ptr<Server> server_;
  int fd_ = -1;
  std::mutex mu_;  // one request at a time on fd_
};

}  // namespace paddle::distributed
