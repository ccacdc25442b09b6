/* memory: loads and stores with cache and eviction hints, masks and volatile; every atomic
 * (add, max, min, xchg, and, or, xor, cas) with mask, sem and scope, float max and min included.
 * A line-for-line port of kernels/features/memory.py: each Python line of the body is one C line here
 * (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct memory_cfg {
    int B; /* elements per program: a power of two */
} memory_cfg;

static void memory(tl_builder *builder, const memory_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value c = tl_arg(builder, "c", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value r = tl_arange(builder, 0, cfg->B); tl_value m = tl_lt(r, 10);
    tl_value a = tl_load(tl_addptr(x, r), .cache = TL_CACHE_CG, .eviction = TL_EVICT_LAST);
    tl_value b = tl_load(tl_addptr(x, r), .mask = m, .other = tl_lit(0.0), .is_volatile = true);
    tl_value s = tl_load(x);
    tl_store(tl_addptr(o, r), tl_add(tl_add(a, b), s), .cache = TL_CACHE_WT, .eviction = TL_EVICT_FIRST);
    tl_store(tl_addptr(o, r), a, .mask = m);
    tl_value t0 = tl_atomic_add(tl_addptr(o, r), a);
    tl_value t1 = tl_atomic_add(tl_addptr(o, r), a, .mask = m, .sem = TL_SEM_RELAXED, .scope = TL_SCOPE_CTA);
    tl_value t2 = tl_atomic_max(tl_addptr(o, r), a, .sem = TL_SEM_ACQUIRE); tl_value t3 = tl_atomic_min(tl_addptr(o, r), a, .sem = TL_SEM_RELEASE, .scope = TL_SCOPE_SYS);
    tl_value t4 = tl_atomic_xchg(tl_addptr(o, r), a);
    tl_value i0 = tl_add(tl_add(tl_atomic_and(tl_addptr(c, r), 1), tl_atomic_or(tl_addptr(c, r), 2)), tl_atomic_xor(tl_addptr(c, r), 3));
    tl_value i1 = tl_atomic_cas(tl_addptr(c, r), r, tl_add(r, 1));
    tl_value i2 = tl_atomic_cas(c, 0, 1, .sem = TL_SEM_ACQ_REL);
    tl_store(tl_addptr(o, r), tl_add(tl_add(tl_add(tl_add(tl_add(t0, t1), t2), t3), t4), tl_to(tl_add(tl_add(i0, i1), i2), TL_F32)));
}

static const memory_cfg memory_default = {.B = 64};
static const tl_cfg_field memory_fields[] = {TL_CFG_FIELD(memory_cfg, B, TL_CFG_INT)};

TL_KERNEL(memory_kernel, memory_cfg, memory,
          .name = "memory",
          .inputs = TL_NAMES("x", "c"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/memory.py",
          .doc = "loads and stores with hints, every atomic with mask, sem and scope (catalog)",
          .cfg_default = &memory_default,
          .nfields = (int)(sizeof memory_fields / sizeof memory_fields[0]),
          .fields = memory_fields,
          .problem = "x[64] c[64] o[64] grid=1");
