// Every rule helper, for the generated rules_<family>.h.
#pragma once

#include "paddle/prim/rules/activation.h"
#include "paddle/prim/rules/attention.h"
#include "paddle/prim/rules/basics.h"
#include "paddle/prim/rules/conv.h"
#include "paddle/prim/rules/fft.h"
#include "paddle/prim/rules/interpolate.h"
#include "paddle/prim/rules/linalg.h"
#include "paddle/prim/rules/loss.h"
#include "paddle/prim/rules/manipulation.h"
#include "paddle/prim/rules/norm.h"
#include "paddle/prim/rules/recurrent.h"
#include "paddle/prim/rules/reduction.h"
#include "paddle/prim/rules/scan.h"
#include "paddle/prim/rules/sort.h"
#include "paddle/prim/rules/vision.h"
