/* tritonc/call.h - the call layer's umbrella: kernels inside XLA programs, and running them.
 *
 *   hlo.h   a small StableHLO program builder and XLA's Triton custom call (th_)
 *   hlo_shard.h  programs over several devices: a mesh, shardings, collectives (th_)
 *   pjrt.h  running StableHLO programs through an XLA PJRT plugin (tp_)
 *
 * Not included by tritonc.h: the kernel language does not depend on this layer. Link
 * tritonc_hlo for hlo.h and tritonc_pjrt for pjrt.h (pkg-config or CMake: see README.md).
 */
#ifndef TRITONC_CALL_H
#define TRITONC_CALL_H

#include "tritonc/hlo.h"
#include "tritonc/hlo_shard.h"
#include "tritonc/pjrt.h"

#endif
