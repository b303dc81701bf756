// Logging goes through glog: LOG(INFO), VLOG(n) (enabled by FLAGS_v / GLOG_v).
#pragma once

#include <glog/logging.h>
