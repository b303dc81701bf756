"""The op generator: reads paddle/phi/ops/yaml/*.yaml and writes, per op, the
C++ API function and the Python binding (and, in later stages, autograd
nodes, PIR ops and compiler rules). Run as ``python -m codegen``."""
