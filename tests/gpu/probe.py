# One-off probe: facts about Triton 3.6's printing that the C printer must reproduce.
import triton, triton.language as tl, inspect
from triton.compiler import ASTSource
from triton.backends.compiler import GPUTarget
from triton._C.libtriton import ir
target = GPUTarget("cuda", 90, 32)
backend = triton.compiler.compiler.make_backend(target)
opts = backend.parse_options({})
def ctx_():
    c = ir.context(); ir.load_dialects(c); backend.load_dialects(c); return c

@triton.jit
def vector_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)

sig = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}
attrs = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]], (2,): [["tt.divisibility", 16]]}
src = ASTSource(vector_add, sig, {"BLOCK": 1024}, attrs=attrs)
c = ctx_()
mod = src.make_ir(target, opts, backend.get_codegen_implementation(opts), backend.get_module_map(), c)
print("=== raw"); print(mod.str_nodebug())
print("=== with debug"); print(str(mod))
print("=== methods"); print([m for m in dir(mod) if not m.startswith("__")])
mod2 = backend.make_ttir(mod, {}, opts, 90)
print("=== ttir"); print(mod2.str_nodebug())
# floats and odd constants
text = '''module {
  tt.func public @k(%arg0: !tt.ptr<f32>) attributes {noinline = false} {
    %a = arith.constant 0.1 : f32
    %b = arith.constant 0.33333334 : f32
    %c = arith.constant 1.0e10 : f32
    %d = arith.constant 0x7FC00000 : f32
    %e = arith.constant 0x7F800000 : f32
    %f = arith.constant 0.1 : f64
    %g = arith.constant 0.333333333333 : f64
    %h = arith.constant 0.1 : f16
    %i = arith.constant 0.1 : bf16
    %j = arith.constant -0.0 : f32
    %k = arith.constant 1.0e-40 : f32
    %l = arith.constant 123456789.0 : f32
    %m = arith.constant 3.14159274 : f32
    %n = arith.constant 65504.0 : f16
    %o = arith.constant 1.0e300 : f64
    %p = arith.constant 0.1 : f8E4M3FN
    %q = arith.constant -1 : i64
    %r = arith.constant 255 : i8
    %s = arith.constant dense<true> : tensor<4xi1>
    %t = arith.constant 4294967295 : i64
    %u = arith.constant -9223372036854775808 : i64
    %v = arith.constant 1.0e-3 : f32
    %w = arith.constant 2.5e-5 : f16
    tt.store %arg0, %a : !tt.ptr<f32>
    tt.return
  }
}'''
try:
    m = ir.parse_mlir_module_str(text, ctx_()) if hasattr(ir, "parse_mlir_module_str") else None
except Exception as e:
    print("parse_str err", e); m = None
if m is None:
    open("/tmp/f.ttir", "w").write(text)
    m = ir.parse_mlir_module("/tmp/f.ttir", ctx_())
print("=== floats"); print(m.str_nodebug())
print("=== ir funcs"); print([x for x in dir(ir) if not x.startswith("__")])
