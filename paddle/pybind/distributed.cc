// _C.distributed: the rendezvous store (Note [TCP store]) and the process
// groups (Note [Process groups]) under python/paddle/distributed. Waiting
// calls release the GIL, so a rank's other Python threads keep running.
#include <pybind11/chrono.h>

#include "paddle/distributed/collective/process_group_custom.h"
#include "paddle/distributed/collective/process_group_gloo.h"
#ifdef PADDLE_WITH_CUDA
#include "paddle/distributed/collective/process_group_nccl.h"
#endif
#include "paddle/distributed/store/tcp_store.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

using distributed::ProcessGroup;
using distributed::ReduceOp;
using distributed::Task;
using distributed::TCPStore;

std::chrono::milliseconds Milliseconds(double seconds) {
  return std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
}

// The DenseTensor a collective writes; its version moves on, as for any
// in-place write, so autograd refuses gradients saved from its old value.
phi::DenseTensor Written(const Tensor& t) {
  phi::DenseTensor& dense = t.dense();
  if (dense.Holder()) dense.Holder()->BumpVersion();
  return dense;
}

// A tensor that may be None (gather's output off the root).
phi::DenseTensor Optional(const py::object& t, bool written) {
  if (t.is_none()) return phi::DenseTensor();
  return written ? Written(t.cast<Tensor>()) : t.cast<Tensor>().dense();
}

}  // namespace

void BindDistributed(py::module_& m) {
  auto d = m.def_submodule("distributed", "The rendezvous store and the process groups.");
  const auto nogil = py::call_guard<py::gil_scoped_release>();

  py::class_<TCPStore, std::shared_ptr<TCPStore>>(d, "TCPStore")
      .def(py::init([](const std::string& host, int port, bool is_master, int world_size, double timeout) {
             py::gil_scoped_release release;
             return std::make_shared<TCPStore>(host, port, is_master, world_size, Milliseconds(timeout));
           }),
           py::arg("hostname"), py::arg("port"), py::arg("is_master") = false, py::arg("world_size") = 1,
           py::arg("timeout") = 900.0)
      .def("set", [](TCPStore& s, const std::string& key, const py::bytes& value) {
             std::string v = value;
             py::gil_scoped_release release;
             s.Set(key, v);
           })
      .def("get", [](TCPStore& s, const std::string& key) {
             std::string v;
             {
               py::gil_scoped_release release;
               v = s.Get(key);
             }
             return py::bytes(v);
           })
      .def("add", &TCPStore::Add, py::arg("key"), py::arg("value"), nogil)
      .def("delete_key", &TCPStore::Delete, py::arg("key"), nogil)
      .def("check", &TCPStore::Check, py::arg("keys"), nogil)
      .def("wait", [](TCPStore& s, const std::vector<std::string>& keys, std::optional<double> timeout) {
             py::gil_scoped_release release;
             timeout ? s.Wait(keys, Milliseconds(*timeout)) : s.Wait(keys);
           }, py::arg("keys"), py::arg("timeout") = py::none())
      .def("num_keys", &TCPStore::NumKeys, nogil)
      .def_property_readonly("host", &TCPStore::host)
      .def_property_readonly("port", &TCPStore::port)
      .def_property_readonly("world_size", &TCPStore::world_size)
      .def_property_readonly("timeout", [](const TCPStore& s) { return s.timeout().count() / 1000.0; });

  py::enum_<ReduceOp>(d, "ReduceOp")
      .value("SUM", ReduceOp::kSum)
      .value("MAX", ReduceOp::kMax)
      .value("MIN", ReduceOp::kMin)
      .value("PROD", ReduceOp::kProd)
      .value("AVG", ReduceOp::kAvg);

  py::class_<Task, std::shared_ptr<Task>>(d, "Task")
      .def("wait", [](Task& t) {
             py::gil_scoped_release release;
             t.Wait();
             return true;
           })
      .def("is_completed", &Task::IsCompleted);

  py::class_<ProcessGroup, std::shared_ptr<ProcessGroup>>(d, "ProcessGroup")
      .def("rank", &ProcessGroup::rank)
      .def("size", &ProcessGroup::size)
      .def("id", &ProcessGroup::id)
      .def("name", &ProcessGroup::backend)
      // sync_op: run on this thread (Note [Process groups]); the GIL is released while a collective runs.
      .def("all_reduce", [](ProcessGroup& g, const Tensor& t, ReduceOp op, bool sync) {
             auto tensor = Written(t);
             py::gil_scoped_release release;
             return g.AllReduce(tensor, op, sync);
           }, py::arg("tensor"), py::arg("op"), py::arg("sync_op") = false)
      .def("broadcast", [](ProcessGroup& g, const Tensor& t, int root, bool sync) {
             auto tensor = Written(t);
             py::gil_scoped_release release;
             return g.Broadcast(tensor, root, sync);
           }, py::arg("tensor"), py::arg("root"), py::arg("sync_op") = false)
      .def("reduce", [](ProcessGroup& g, const Tensor& t, int root, ReduceOp op, bool sync) {
             auto tensor = Written(t);
             py::gil_scoped_release release;
             return g.Reduce(tensor, root, op, sync);
           }, py::arg("tensor"), py::arg("root"), py::arg("op"), py::arg("sync_op") = false)
      .def("all_gather", [](ProcessGroup& g, const Tensor& out, const Tensor& in, bool sync) {
             auto output = Written(out);
             py::gil_scoped_release release;
             return g.AllGather(output, in.dense(), sync);
           }, py::arg("out"), py::arg("in"), py::arg("sync_op") = false)
      .def("gather", [](ProcessGroup& g, const py::object& out, const Tensor& in, int root, bool sync) {
             auto output = Optional(out, true);
             py::gil_scoped_release release;
             return g.Gather(output, in.dense(), root, sync);
           }, py::arg("out"), py::arg("in"), py::arg("root"), py::arg("sync_op") = false)
      .def("scatter", [](ProcessGroup& g, const Tensor& out, const py::object& in, int root, bool sync) {
             auto output = Written(out);
             auto input = Optional(in, false);
             py::gil_scoped_release release;
             return g.Scatter(output, input, root, sync);
           }, py::arg("out"), py::arg("in"), py::arg("root"), py::arg("sync_op") = false)
      .def("reduce_scatter", [](ProcessGroup& g, const Tensor& out, const Tensor& in, ReduceOp op, bool sync) {
             auto output = Written(out);
             py::gil_scoped_release release;
             return g.ReduceScatter(output, in.dense(), op, sync);
           }, py::arg("out"), py::arg("in"), py::arg("op"), py::arg("sync_op") = false)
      .def("alltoall", [](ProcessGroup& g, const Tensor& out, const Tensor& in, std::vector<int64_t> in_counts,
                          std::vector<int64_t> out_counts, bool sync) {
             auto output = Written(out);
             py::gil_scoped_release release;
             return g.AllToAll(output, in.dense(), std::move(in_counts), std::move(out_counts), sync);
           }, py::arg("out"), py::arg("in"), py::arg("in_counts"), py::arg("out_counts"), py::arg("sync_op") = false)
      .def("send", [](ProcessGroup& g, const Tensor& t, int dst, bool sync) {
             py::gil_scoped_release release;
             return g.Send(t.dense(), dst, sync);
           }, py::arg("tensor"), py::arg("dst"), py::arg("sync_op") = false)
      .def("recv", [](ProcessGroup& g, const Tensor& t, int src, bool sync) {
             auto tensor = Written(t);
             py::gil_scoped_release release;
             return g.Recv(tensor, src, sync);
           }, py::arg("tensor"), py::arg("src"), py::arg("sync_op") = false)
      .def("barrier", [](ProcessGroup& g, bool sync) {
             py::gil_scoped_release release;
             return g.Barrier(sync);
           }, py::arg("sync_op") = false);

  d.def("ProcessGroupGloo",
        [](std::shared_ptr<TCPStore> store, int rank, int size, int gid, const std::string& host, double timeout)
            -> std::shared_ptr<ProcessGroup> {
          py::gil_scoped_release release;
          return std::make_shared<distributed::ProcessGroupGloo>(std::move(store), rank, size, gid, host,
                                                                 Milliseconds(timeout));
        },
        py::arg("store"), py::arg("rank"), py::arg("world_size"), py::arg("gid"), py::arg("host"),
        py::arg("timeout") = 1800.0, "A Gloo process group of `world_size` ranks; blocks until all arrive.");
#ifdef PADDLE_WITH_CUDA
  d.def("ProcessGroupNCCL",
        [](std::shared_ptr<TCPStore> store, int rank, int size, int gid, int device, double timeout)
            -> std::shared_ptr<ProcessGroup> {
          py::gil_scoped_release release;
          return std::make_shared<distributed::ProcessGroupNCCL>(std::move(store), rank, size, gid, device,
                                                                 Milliseconds(timeout));
        },
        py::arg("store"), py::arg("rank"), py::arg("world_size"), py::arg("gid"), py::arg("device"),
        py::arg("timeout") = 1800.0, "An NCCL process group on GPU `device`; blocks until all ranks arrive.");
#endif
  d.def("check_plugin_collectives", &distributed::CheckPluginCollectives, py::arg("device_type"),
        "Raises unless the plugin of `device_type` has collectives (device_ext.h's ccl_* functions).");
  d.def("ProcessGroupCustom",
        [](std::shared_ptr<TCPStore> store, int rank, int size, int gid, py::handle place, double timeout)
            -> std::shared_ptr<ProcessGroup> {
          const Place where = CastPlace(place, "init_parallel_env", "place");
          py::gil_scoped_release release;
          return std::make_shared<distributed::ProcessGroupCustom>(std::move(store), rank, size, gid, where,
                                                                   Milliseconds(timeout));
        },
        py::arg("store"), py::arg("rank"), py::arg("world_size"), py::arg("gid"), py::arg("place"),
        py::arg("timeout") = 1800.0,
        "A process group of a plugin device's collectives (xccl) on `place`; blocks until all ranks arrive.");
}

}  // namespace paddle::pybind
