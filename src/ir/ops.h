/* Private: the table of the ops tritonc knows, one line each, an X-macro list (no include
 * guard): a file defines OP, includes this header and undefines OP. From it come the opcode
 * enum (registry.h), the names and flags (registry.c), the printer's dispatch (print_pretty.c)
 * and the verifier's (verify.c). The name is written here only: the language emits ops by
 * opcode (TCIR_OPC_<ID>) and the interpreter dispatches on it (src/interp/dispatch.c). Adding
 * an op is one line here, plus its rules if it needs new ones and its interpreter handler (or
 * its line in the interpreter's unsupported list); tests/ir/test_registry.c checks the table
 * (sorted, unique) and that every op the language emits has a verifier rule, and
 * tests/interp/test_interp_registry.c that the interpreter runs it or says why not.
 *
 *   OP(ID, "dialect.name", flags, pretty, check)
 *
 * ID      the opcode is TCIR_OPC_<ID>.
 * name    sorted by strcmp (tcir_opcode_of searches the names by bisection).
 * flags   what the op does besides giving its results (TCIR_OPF_* of tritonc/ir.h, short
 *         names below); 0: structure and control flow, and tt.call (its callee's effects).
 *         The order engine (src/builder/order/place.c) moves only pure ops.
 * pretty  its custom form, print_pretty_<pretty> (print_pretty_*.c), or generic: generic form
 *         always (as MLIR prints tt.reduce and tt.scan).
 * check   its verifier rule, verify_check_<check> (verify_*.c), or generic: only the checks
 *         every op gets (operands defined and dominating, terminators, regions).
 */
#define F_PURE TCIR_OPF_PURE
#define F_PURE_ATTR TCIR_OPF_PURE_IF_ATTR
#define F_PURE_BODY TCIR_OPF_PURE_BODY
#define F_READ TCIR_OPF_READ
#define F_WRITE TCIR_OPF_WRITE
#define F_SYNC TCIR_OPF_SYNC
#define F_DEBUG TCIR_OPF_DEBUG
#define F_TERM TCIR_OPF_TERMINATOR
#define F_FASTMATH TCIR_OPF_FASTMATH
#define F_OVERFLOW TCIR_OPF_OVERFLOW

/* clang-format off */
OP(ARITH_ADDF,                "arith.addf",                F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_ADDI,                "arith.addi",                F_PURE | F_OVERFLOW, binary,              int2)
OP(ARITH_ANDI,                "arith.andi",                F_PURE,              binary,              int2)
OP(ARITH_BITCAST,             "arith.bitcast",             F_PURE,              cast,                cast)
OP(ARITH_CEILDIVSI,           "arith.ceildivsi",           F_PURE,              binary,              int2)
OP(ARITH_CMPF,                "arith.cmpf",                F_PURE | F_FASTMATH, cmp,                 cmp)
OP(ARITH_CMPI,                "arith.cmpi",                F_PURE,              cmp,                 cmp)
OP(ARITH_CONSTANT,            "arith.constant",            F_PURE,              constant,            constant)
OP(ARITH_DIVF,                "arith.divf",                F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_DIVSI,               "arith.divsi",               F_PURE,              binary,              int2)
OP(ARITH_DIVUI,               "arith.divui",               F_PURE,              binary,              int2)
OP(ARITH_EXTF,                "arith.extf",                F_PURE,              cast,                cast)
OP(ARITH_EXTSI,               "arith.extsi",               F_PURE,              cast,                cast)
OP(ARITH_EXTUI,               "arith.extui",               F_PURE,              cast,                cast)
OP(ARITH_FLOORDIVSI,          "arith.floordivsi",          F_PURE,              binary,              int2)
OP(ARITH_FPTOSI,              "arith.fptosi",              F_PURE,              cast,                cast)
OP(ARITH_FPTOUI,              "arith.fptoui",              F_PURE,              cast,                cast)
OP(ARITH_INDEX_CAST,          "arith.index_cast",          F_PURE,              cast,                cast)
OP(ARITH_MAXIMUMF,            "arith.maximumf",            F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_MAXNUMF,             "arith.maxnumf",             F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_MAXSI,               "arith.maxsi",               F_PURE,              binary,              int2)
OP(ARITH_MAXUI,               "arith.maxui",               F_PURE,              binary,              int2)
OP(ARITH_MINIMUMF,            "arith.minimumf",            F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_MINNUMF,             "arith.minnumf",             F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_MINSI,               "arith.minsi",               F_PURE,              binary,              int2)
OP(ARITH_MINUI,               "arith.minui",               F_PURE,              binary,              int2)
OP(ARITH_MULF,                "arith.mulf",                F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_MULI,                "arith.muli",                F_PURE | F_OVERFLOW, binary,              int2)
OP(ARITH_NEGF,                "arith.negf",                F_PURE | F_FASTMATH, unary,               float1)
OP(ARITH_ORI,                 "arith.ori",                 F_PURE,              binary,              int2)
OP(ARITH_REMF,                "arith.remf",                F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_REMSI,               "arith.remsi",               F_PURE,              binary,              int2)
OP(ARITH_REMUI,               "arith.remui",               F_PURE,              binary,              int2)
OP(ARITH_SELECT,              "arith.select",              F_PURE,              select,              select)
OP(ARITH_SHLI,                "arith.shli",                F_PURE | F_OVERFLOW, binary,              int2)
OP(ARITH_SHRSI,               "arith.shrsi",               F_PURE,              binary,              int2)
OP(ARITH_SHRUI,               "arith.shrui",               F_PURE,              binary,              int2)
OP(ARITH_SITOFP,              "arith.sitofp",              F_PURE,              cast,                cast)
OP(ARITH_SUBF,                "arith.subf",                F_PURE | F_FASTMATH, binary,              float2)
OP(ARITH_SUBI,                "arith.subi",                F_PURE | F_OVERFLOW, binary,              int2)
OP(ARITH_TRUNCF,              "arith.truncf",              F_PURE,              cast,                cast)
OP(ARITH_TRUNCI,              "arith.trunci",              F_PURE,              cast,                cast)
OP(ARITH_UITOFP,              "arith.uitofp",              F_PURE,              cast,                cast)
OP(ARITH_XORI,                "arith.xori",                F_PURE,              binary,              int2)
OP(BUILTIN_MODULE,            "builtin.module",            0,                   module,              module)
OP(CF_BR,                     "cf.br",                     F_TERM,              br,                  br)
OP(CF_COND_BR,                "cf.cond_br",                F_TERM,              cond_br,             cond_br)
OP(GPU_BARRIER,               "gpu.barrier",               F_SYNC,              return,              barrier)
OP(LLVM_INTR_ASSUME,          "llvm.intr.assume",          F_DEBUG,             assume,              assume)
OP(MATH_ABSF,                 "math.absf",                 F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_ABSI,                 "math.absi",                 F_PURE,              unary,               int1)
OP(MATH_CEIL,                 "math.ceil",                 F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_COS,                  "math.cos",                  F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_ERF,                  "math.erf",                  F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_EXP,                  "math.exp",                  F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_EXP2,                 "math.exp2",                 F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_FLOOR,                "math.floor",                F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_FMA,                  "math.fma",                  F_PURE | F_FASTMATH, ternary,             float3)
OP(MATH_LOG,                  "math.log",                  F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_LOG2,                 "math.log2",                 F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_RSQRT,                "math.rsqrt",                F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_SIN,                  "math.sin",                  F_PURE | F_FASTMATH, unary,               float1)
OP(MATH_SQRT,                 "math.sqrt",                 F_PURE | F_FASTMATH, unary,               float1)
OP(SCF_CONDITION,             "scf.condition",             F_TERM,              condition,           condition)
OP(SCF_FOR,                   "scf.for",                   0,                   for,                 for)
OP(SCF_IF,                    "scf.if",                    0,                   if,                  if)
OP(SCF_WHILE,                 "scf.while",                 0,                   while,               while)
OP(SCF_YIELD,                 "scf.yield",                 F_TERM,              return,              yield)
OP(TT_ADDPTR,                 "tt.addptr",                 F_PURE,              addptr,              addptr)
OP(TT_ADVANCE,                "tt.advance",                F_PURE,              advance,             advance)
OP(TT_ASSERT,                 "tt.assert",                 F_DEBUG,             assert,              assert)
OP(TT_ATOMIC_CAS,             "tt.atomic_cas",             F_READ | F_WRITE,    atomic,              atomic_cas)
OP(TT_ATOMIC_RMW,             "tt.atomic_rmw",             F_READ | F_WRITE,    atomic,              atomic_rmw)
OP(TT_BITCAST,                "tt.bitcast",                F_PURE,              arrow,               tt_bitcast)
OP(TT_BROADCAST,              "tt.broadcast",              F_PURE,              arrow,               broadcast)
OP(TT_CALL,                   "tt.call",                   0,                   call,                call)
OP(TT_CAT,                    "tt.cat",                    F_PURE,              pair_arrow,          cat)
OP(TT_CLAMPF,                 "tt.clampf",                 F_PURE,              clampf,              clampf)
OP(TT_DESCRIPTOR_GATHER,      "tt.descriptor_gather",      F_READ,              descriptor_gather,   descriptor_gather)
OP(TT_DESCRIPTOR_LOAD,        "tt.descriptor_load",        F_READ,              descriptor_load,     descriptor_load)
OP(TT_DESCRIPTOR_REDUCE,      "tt.descriptor_reduce",      F_READ | F_WRITE,    descriptor_reduce,   descriptor_store)
OP(TT_DESCRIPTOR_SCATTER,     "tt.descriptor_scatter",     F_WRITE,             descriptor_gather,   descriptor_gather)
OP(TT_DESCRIPTOR_STORE,       "tt.descriptor_store",       F_WRITE,             descriptor_store,    descriptor_store)
OP(TT_DOT,                    "tt.dot",                    F_PURE,              dot,                 dot)
OP(TT_DOT_SCALED,             "tt.dot_scaled",             F_PURE,              dot_scaled,          dot_scaled)
OP(TT_ELEMENTWISE_INLINE_ASM, "tt.elementwise_inline_asm", F_PURE_ATTR,         inline_asm,          inline_asm)
OP(TT_EXPAND_DIMS,            "tt.expand_dims",            F_PURE,              arrow,               expand_dims)
OP(TT_EXTERN_ELEMENTWISE,     "tt.extern_elementwise",     F_PURE_ATTR,         operands_functional, extern)
OP(TT_FP_TO_FP,               "tt.fp_to_fp",               F_PURE,              fp_to_fp,            fp_to_fp)
OP(TT_FUNC,                   "tt.func",                   0,                   func,                func)
OP(TT_GATHER,                 "tt.gather",                 F_PURE,              gather,              gather)
OP(TT_GET_NUM_PROGRAMS,       "tt.get_num_programs",       F_PURE,              axis,                program_id)
OP(TT_GET_PROGRAM_ID,         "tt.get_program_id",         F_PURE,              axis,                program_id)
OP(TT_HISTOGRAM,              "tt.histogram",              F_PURE,              histogram,           histogram)
OP(TT_INT_TO_PTR,             "tt.int_to_ptr",             F_PURE,              arrow,               int_to_ptr)
OP(TT_JOIN,                   "tt.join",                   F_PURE,              pair_arrow,          join)
OP(TT_LOAD,                   "tt.load",                   F_READ,              load,                load)
OP(TT_MAKE_RANGE,             "tt.make_range",             F_PURE,              make_range,          make_range)
OP(TT_MAKE_TENSOR_DESCRIPTOR, "tt.make_tensor_descriptor", F_PURE,              make_tensor,         make_tensor_descriptor)
OP(TT_MAKE_TENSOR_PTR,        "tt.make_tensor_ptr",        F_PURE,              make_tensor,         make_tensor_ptr)
OP(TT_MULHIUI,                "tt.mulhiui",                F_PURE,              binary,              int2)
OP(TT_PRECISE_DIVF,           "tt.precise_divf",           F_PURE,              binary,              float2)
OP(TT_PRECISE_SQRT,           "tt.precise_sqrt",           F_PURE,              unary,               float1)
OP(TT_PRINT,                  "tt.print",                  F_DEBUG,             tt_print,            print)
OP(TT_PTR_TO_INT,             "tt.ptr_to_int",             F_PURE,              arrow,               ptr_to_int)
OP(TT_REDUCE,                 "tt.reduce",                 F_PURE_BODY,         generic,             reduce_scan)
OP(TT_REDUCE_RETURN,          "tt.reduce.return",          F_TERM,              return,              reduce_return)
OP(TT_RESHAPE,                "tt.reshape",                F_PURE,              reshape,             reshape)
OP(TT_RETURN,                 "tt.return",                 F_TERM,              return,              return)
OP(TT_SCAN,                   "tt.scan",                   F_PURE_BODY,         generic,             reduce_scan)
OP(TT_SCAN_RETURN,            "tt.scan.return",            F_TERM,              return,              reduce_return)
OP(TT_SPLAT,                  "tt.splat",                  F_PURE,              arrow,               splat)
OP(TT_SPLIT,                  "tt.split",                  F_PURE,              split,               split)
OP(TT_STORE,                  "tt.store",                  F_WRITE,             store,               store)
OP(TT_TRANS,                  "tt.trans",                  F_PURE,              arrow,               trans)
OP(TT_UNSPLAT,                "tt.unsplat",                F_PURE,              unsplat,             unsplat)
/* clang-format on */

#undef F_PURE
#undef F_PURE_ATTR
#undef F_PURE_BODY
#undef F_READ
#undef F_WRITE
#undef F_SYNC
#undef F_DEBUG
#undef F_TERM
#undef F_FASTMATH
#undef F_OVERFLOW
