#include "paddle/distributed/store/tcp_store.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <thread>
#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/distributed/store/socket.h"

namespace paddle::distributed {
namespace {

enum Command : uint8_t { kSet, kGet, kAdd, kDelete, kCheck, kWait, kNumKeys };
enum Status : uint8_t { kOk, kTimedOut };

std::string Joined(const std::vector<std::string>& keys) {
  std::string s;
  for (const auto& k : keys) s += (s.empty() ? "'" : ", '") + k + "'";
  return s;
}

}  // namespace

class TCPStore::Server {
 public:
  Server(const std::string& host, int port) {
    listen_fd_ = net::Listen(host, port, &port_);
    accept_ = std::thread([this] { AcceptLoop(); });
  }

  ~Server() {
    stop_ = true;
    shutdown(listen_fd_, SHUT_RDWR);  // wakes accept()
    accept_.join();
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (int fd : clients_) shutdown(fd, SHUT_RDWR);  // wakes the handlers' reads
    }
    changed_.notify_all();
    for (std::thread& t : handlers_) t.join();
    for (int fd : clients_) net::Close(fd);
    net::Close(listen_fd_);
  }

  int port() const { return port_; }

 private:
  void AcceptLoop() {
    while (!stop_) {
      const int fd = accept(listen_fd_, nullptr, nullptr);
      if (fd < 0) {
        if (!stop_ && (errno == EINTR || errno == ECONNABORTED)) continue;
        return;
      }
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      std::lock_guard<std::mutex> lock(mu_);
      clients_.push_back(fd);
      handlers_.emplace_back([this, fd] { Serve(fd); });
    }
  }

  // One connection's requests until it closes (or the server stops).
  void Serve(int fd) {
    try {
      for (;;) {
        uint8_t command;
        net::RecvAll(fd, &command, 1);
        Handle(fd, static_cast<Command>(command));
      }
    } catch (const common::Error&) {  // the client went away
    }
  }

  static std::vector<std::string> RecvKeys(int fd) {
    std::vector<std::string> keys(static_cast<size_t>(net::RecvInt(fd)));
    for (auto& k : keys) k = net::RecvString(fd);
    return keys;
  }

  bool Has(const std::vector<std::string>& keys) const {
    for (const auto& k : keys) {
      if (!data_.count(k)) return false;
    }
    return true;
  }

  // Waits under `lock` until the keys are set or the timeout passes.
  bool WaitFor(std::unique_lock<std::mutex>& lock, const std::vector<std::string>& keys, int64_t timeout_ms) {
    return changed_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] { return stop_ || Has(keys); }) &&
           Has(keys);
  }

  void Reply(int fd, Status status) { net::SendAll(fd, &status, 1); }

  void Handle(int fd, Command command) {
    switch (command) {
      case kSet: {
        std::string key = net::RecvString(fd), value = net::RecvString(fd);
        {
          std::lock_guard<std::mutex> lock(mu_);
          data_[std::move(key)] = std::move(value);
        }
        changed_.notify_all();
        Reply(fd, kOk);
        return;
      }
      case kGet: {
        const std::string key = net::RecvString(fd);
        const int64_t timeout_ms = net::RecvInt(fd);
        std::unique_lock<std::mutex> lock(mu_);
        if (!WaitFor(lock, {key}, timeout_ms)) {
          lock.unlock();
          Reply(fd, kTimedOut);
          return;
        }
        const std::string value = data_.at(key);
        lock.unlock();
        Reply(fd, kOk);
        net::SendString(fd, value);
        return;
      }
      case kAdd: {
        const std::string key = net::RecvString(fd);
        const int64_t delta = net::RecvInt(fd);
        int64_t sum;
        {
          std::lock_guard<std::mutex> lock(mu_);
          auto it = data_.find(key);
          sum = (it == data_.end() ? 0 : std::stoll(it->second)) + delta;
          data_[key] = std::to_string(sum);  // a counter reads as its decimal text, as in PyTorch's store
        }
        changed_.notify_all();
        Reply(fd, kOk);
        net::SendInt(fd, sum);
        return;
      }
      case kDelete: {
        const std::string key = net::RecvString(fd);
        int64_t erased;
        {
          std::lock_guard<std::mutex> lock(mu_);
          erased = static_cast<int64_t>(data_.erase(key));
        }
        Reply(fd, kOk);
        net::SendInt(fd, erased);
        return;
      }
      case kCheck: {
        const std::vector<std::string> keys = RecvKeys(fd);
        bool present;
        {
          std::lock_guard<std::mutex> lock(mu_);
          present = Has(keys);
        }
        Reply(fd, kOk);
        net::SendInt(fd, present);
        return;
      }
      case kWait: {
        const std::vector<std::string> keys = RecvKeys(fd);
        const int64_t timeout_ms = net::RecvInt(fd);
        std::unique_lock<std::mutex> lock(mu_);
        const bool present = WaitFor(lock, keys, timeout_ms);
        lock.unlock();
        Reply(fd, present ? kOk : kTimedOut);
        return;
      }
      case kNumKeys: {
        int64_t n;
        {
          std::lock_guard<std::mutex> lock(mu_);
          n = static_cast<int64_t>(data_.size());
        }
        Reply(fd, kOk);
        net::SendInt(fd, n);
        return;
      }
    }
    PD_THROW(Unavailable, "[TCPStore] unknown command ", static_cast<int>(command));
  }

  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread accept_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::unordered_map<std::string, std::string> data_;
  std::vector<int> clients_;
  std::vector<std::thread> handlers_;
};

TCPStore::TCPStore(std::string host, int port, bool is_master, int world_size, std::chrono::milliseconds timeout)
    : host_(std::move(host)), port_(port), world_size_(world_size), timeout_(timeout) {
  PD_CHECK(port >= 0 && port < 65536, InvalidArgument, "[TCPStore] argument 'port': expected 0..65535, but got ",
           port);
  PD_CHECK(timeout.count() > 0, InvalidArgument, "[TCPStore] argument 'timeout': expected a positive time, but got ",
           timeout.count(), " ms");
  if (is_master) {
    server_ = std::make_unique<Server>(host_, port);
    port_ = server_->port();
  }
  fd_ = net::Connect(host_, port_, timeout_);
}

TCPStore::~TCPStore() {
  net::Close(fd_);
  server_.reset();
}

void TCPStore::Set(const std::string& key, const std::string& value) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kSet;
  net::SendAll(fd_, &command, 1);
  net::SendString(fd_, key);
  net::SendString(fd_, value);
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
}

std::string TCPStore::Get(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kGet;
  net::SendAll(fd_, &command, 1);
  net::SendString(fd_, key);
  net::SendInt(fd_, timeout_.count());
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
  PD_CHECK(status == kOk, Timeout, "[TCPStore] waited ", timeout_.count(), " ms for key '", key, "' at ", host_, ":",
           port_, ", which no process set (did every rank start?)");
  return net::RecvString(fd_);
}

int64_t TCPStore::Add(const std::string& key, int64_t delta) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kAdd;
  net::SendAll(fd_, &command, 1);
  net::SendString(fd_, key);
  net::SendInt(fd_, delta);
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
  return net::RecvInt(fd_);
}

bool TCPStore::Delete(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kDelete;
  net::SendAll(fd_, &command, 1);
  net::SendString(fd_, key);
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
  return net::RecvInt(fd_) != 0;
}

bool TCPStore::Check(const std::vector<std::string>& keys) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kCheck;
  net::SendAll(fd_, &command, 1);
  net::SendInt(fd_, static_cast<int64_t>(keys.size()));
  for (const auto& k : keys) net::SendString(fd_, k);
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
  return net::RecvInt(fd_) != 0;
}

void TCPStore::Wait(const std::vector<std::string>& keys) { Wait(keys, timeout_); }

void TCPStore::Wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kWait;
  net::SendAll(fd_, &command, 1);
  net::SendInt(fd_, static_cast<int64_t>(keys.size()));
  for (const auto& k : keys) net::SendString(fd_, k);
  net::SendInt(fd_, timeout.count());
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
  PD_CHECK(status == kOk, Timeout, "[TCPStore] waited ", timeout.count(), " ms for keys ", Joined(keys), " at ",
           host_, ":", port_, ", which no process set (did every rank start?)");
}

int64_t TCPStore::NumKeys() {
  std::lock_guard<std::mutex> lock(mu_);
  const uint8_t command = kNumKeys;
  net::SendAll(fd_, &command, 1);
  uint8_t status;
  net::RecvAll(fd_, &status, 1);
  return net::RecvInt(fd_);
}

}  // namespace paddle::distributed
