// The rendezvous store (Note [TCP store]): a master and clients in one
// process, over loopback.
#include <gtest/gtest.h>

#include <thread>

#include "paddle/common/errors.h"
#include "paddle/distributed/store/tcp_store.h"

namespace paddle::distributed {
namespace {

using std::chrono::milliseconds;

TEST(TCPStore, SetGetAddDeleteAndCheck) {
  TCPStore master("127.0.0.1", 0, true, 2, milliseconds(5000));
  TCPStore client("127.0.0.1", master.port(), false, 2, milliseconds(5000));
  client.Set("a", std::string("x\0y", 3));  // bytes, not C strings
  EXPECT_EQ(master.Get("a"), std::string("x\0y", 3));
  EXPECT_EQ(master.Add("n", 2), 2);
  EXPECT_EQ(client.Add("n", -5), -3);
  EXPECT_EQ(client.Get("n"), "-3");  // a counter reads as its decimal text
  EXPECT_TRUE(client.Check({"a", "n"}));
  EXPECT_FALSE(client.Check({"a", "missing"}));
  EXPECT_EQ(master.NumKeys(), 2);
  EXPECT_TRUE(client.Delete("a"));
  EXPECT_FALSE(client.Delete("a"));
  EXPECT_EQ(master.NumKeys(), 1);
}

TEST(TCPStore, GetAndWaitBlockUntilAnotherProcessSets) {
  TCPStore master("127.0.0.1", 0, true, 2, milliseconds(5000));
  std::thread late([port = master.port()] {
    TCPStore client("127.0.0.1", port, false, 2, milliseconds(5000));
    std::this_thread::sleep_for(milliseconds(100));
    client.Set("ready", "1");
    client.Set("value", "42");
  });
  master.Wait({"ready", "value"});
  EXPECT_EQ(master.Get("value"), "42");
  late.join();
}

TEST(TCPStore, MissingKeysTimeOutNamingThem) {
  TCPStore master("127.0.0.1", 0, true, 1, milliseconds(200));
  try {
    master.Get("rank_3");
    FAIL() << "no timeout";
  } catch (const common::Error& e) {
    EXPECT_EQ(e.code(), common::ErrorCode::kTimeout);
    EXPECT_NE(std::string(e.what()).find("key 'rank_3'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(master.Wait({"x", "y"}, milliseconds(50)), common::Error);
}

TEST(TCPStore, AClientWithoutAMasterTimesOut) {
  int port;
  {
    TCPStore probe("127.0.0.1", 0, true, 1, milliseconds(1000));  // a port free a moment ago
    port = probe.port();
  }
  try {
    TCPStore client("127.0.0.1", port, false, 1, milliseconds(200));
    FAIL() << "connected to nothing";
  } catch (const common::Error& e) {
    EXPECT_EQ(e.code(), common::ErrorCode::kTimeout);
  }
}

TEST(TCPStore, ConcurrentAddsCountEveryOne) {
  TCPStore master("127.0.0.1", 0, true, 4, milliseconds(5000));
  std::vector<std::thread> clients;
  for (int c = 0; c < 4; ++c) {
    clients.emplace_back([port = master.port()] {
      TCPStore client("127.0.0.1", port, false, 4, milliseconds(5000));
      for (int i = 0; i < 100; ++i) client.Add("count", 1);
    });
  }
  for (auto& t : clients) t.join();
  EXPECT_EQ(master.Add("count", 0), 400);
}

}  // namespace
}  // namespace paddle::distributed
