"""ops_cases: tiny @triton.jit kernels, one rule of triton.language each, for a differential test.

Every kernel here has a twin of the same name in tests/gpu/ops_cases.c, written with tritonc's
language one Python line to one C line. tests/gpu/validate_ops.py compiles both with Triton 3.6
(the C one from the TTIR that `ops_cases OUTDIR` writes) and requires the same TTIR after
make_ttir. Cases registered with `fails=True` must fail on both sides: tritonc's builder reports
an error, and Triton's frontend raises.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them. No argument
carries attributes (attrs={}): the C twins declare their pointers with TL_DIV_NONE.
"""
import triton
import triton.language as tl

import case_registry

CASES, MUST_FAIL, case = case_registry.new()


# ================================================================================================
# Weak literals: a Python number takes the dtype of the tensor it meets (semantic.computation_type_impl)
# ================================================================================================

# int literals with int8, on either side, at the edges of the range
@case({"x": "*i8", "o": "*i8"})
@triton.jit
def lit_int_i8(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 1); tl.store(o + i, 2 * a)
    tl.store(o + i, a - 127); tl.store(o + i, a + -128); tl.store(o + i, 100 - a)


# int literals with int16
@case({"x": "*i16", "o": "*i16"})
@triton.jit
def lit_int_i16(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 1000); tl.store(o + i, 3 * a); tl.store(o + i, a + -32768)


# int literals with int64, including literals Python types as uint32 and int64 on their own
@case({"x": "*i64", "o": "*i64"})
@triton.jit
def lit_int_i64(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 1); tl.store(o + i, a * 3000000000)
    tl.store(o + i, a + 1099511627776); tl.store(o + i, a - 9223372036854775807)


# int literals with uint8: the literal becomes uint8, // and % are unsigned
@case({"x": "*u8", "o": "*u8"})
@triton.jit
def lit_int_u8(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 1); tl.store(o + i, 255 - a); tl.store(o + i, a * 200)
    tl.store(o + i, a // 3); tl.store(o + i, a % 7)


# int literals with uint32, up to 2**32 - 1 (printed as -1 : i32)
@case({"x": "*u32", "o": "*u32"})
@triton.jit
def lit_int_u32(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 1); tl.store(o + i, a + 4294967295); tl.store(o + i, 3 * a); tl.store(o + i, a // 10)


# int literals with uint64, up to a literal Python types as uint64
@case({"x": "*u64", "o": "*u64"})
@triton.jit
def lit_int_u64(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 1); tl.store(o + i, a * 9223372036854775808); tl.store(o + i, a % 1000)


# int literals with float16 become float16 constants
@case({"x": "*fp16", "o": "*fp16"})
@triton.jit
def lit_int_f16(x, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i)
    tl.store(o + i, h + 1); tl.store(o + i, 2 * h); tl.store(o + i, h - 3)


# int literals with bfloat16, float32 and float64 become constants of that dtype
@case({"x": "*bf16", "y": "*fp32", "z": "*fp64", "og": "*bf16", "of": "*fp32", "od": "*fp64"})
@triton.jit
def lit_int_float(x, y, z, og, of, od):
    i = tl.arange(0, 16)
    g = tl.load(x + i); f = tl.load(y + i); d = tl.load(z + i)
    tl.store(og + i, g + 1); tl.store(of + i, 2 * f); tl.store(of + i, f % 3); tl.store(od + i, d - 16777217)


# float literals with float16: rounded to half; / and % go through float32
@case({"x": "*fp16", "o": "*fp16", "p": "*fp32"})
@triton.jit
def lit_float_f16(x, o, p):
    i = tl.arange(0, 16)
    h = tl.load(x + i)
    tl.store(o + i, h * 0.1); tl.store(o + i, 1.5 + h)
    tl.store(p + i, h / 2.0); tl.store(p + i, h % 3.0)


# float literals with bfloat16: rounded to bfloat16; / and % go through float32
@case({"x": "*bf16", "o": "*bf16", "p": "*fp32"})
@triton.jit
def lit_float_bf16(x, o, p):
    i = tl.arange(0, 16)
    g = tl.load(x + i)
    tl.store(o + i, g * 0.1); tl.store(o + i, 2.5 - g)
    tl.store(p + i, g / 3.0); tl.store(p + i, g % 0.5)


# float literals with float32: subnormal, near the maximum, overflowing to inf, on the left of /
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def lit_float_f32(x, o):
    i = tl.arange(0, 16)
    f = tl.load(x + i)
    tl.store(o + i, f * 0.1); tl.store(o + i, 1e-40 + f); tl.store(o + i, f - 3.4e+38)
    tl.store(o + i, f * 1e+300); tl.store(o + i, 0.5 / f)


# float and int literals with float64 (typed float64 when outside float32's range)
@case({"x": "*fp64", "o": "*fp64"})
@triton.jit
def lit_float_f64(x, o):
    i = tl.arange(0, 16)
    d = tl.load(x + i)
    tl.store(o + i, d * 0.1); tl.store(o + i, 1e+300 + d); tl.store(o + i, d / 3); tl.store(o + i, 1e-310 * d)


# float literals with integer tensors: the result is float32
@case({"x": "*i32", "y": "*i64", "z": "*u8", "o": "*fp32"})
@triton.jit
def lit_float_int(x, y, z, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); q = tl.load(y + i); w = tl.load(z + i)
    tl.store(o + i, a + 1.5); tl.store(o + i, 0.5 * a); tl.store(o + i, a / 2.0)
    tl.store(o + i, q * 0.5); tl.store(o + i, w + 0.25)


# bool literals: with bool tensors, ints and floats; an int literal with a bool tensor promotes to int32
@case({"x": "*i32", "y": "*fp32", "o": "*i1", "p": "*i32", "q": "*fp32"})
@triton.jit
def lit_bool(x, y, o, p, q):
    i = tl.arange(0, 16)
    a = tl.load(x + i); f = tl.load(y + i)
    m = a > 0
    tl.store(o + i, m & True); tl.store(o + i, m | False); tl.store(o + i, m ^ True)
    tl.store(p + i, m + 1); tl.store(p + i, a + True); tl.store(q + i, f * False)


# shifts with literals on either side: >> is arithmetic for signed tensors, logical for unsigned
@case({"x": "*i32", "y": "*u32", "o": "*i32", "p": "*u32"})
@triton.jit
def lit_shift(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i)
    tl.store(o + i, a << 2); tl.store(o + i, 1 << a); tl.store(o + i, a >> 1); tl.store(o + i, -8 >> a)
    tl.store(p + i, u >> 3); tl.store(p + i, 16 >> u)


# comparisons type the literal on its own (to_tensor), so it promotes: int8 < 1 compares in int32
@case({"x": "*i8", "y": "*u8", "z": "*u32", "w": "*i64", "o": "*i1"})
@triton.jit
def lit_cmp_int(x, y, z, w, o):
    i = tl.arange(0, 16)
    c = tl.load(x + i); b = tl.load(y + i); u = tl.load(z + i); q = tl.load(w + i)
    tl.store(o + i, c < 1); tl.store(o + i, c == -1); tl.store(o + i, b == 1); tl.store(o + i, b > 2)
    tl.store(o + i, u < 1); tl.store(o + i, u >= 4294967295); tl.store(o + i, q > 2147483648); tl.store(o + i, q < -1)


# comparisons with float literals: a float16 tensor compares in float32
@case({"x": "*fp16", "y": "*bf16", "z": "*fp32", "w": "*fp64", "o": "*i1"})
@triton.jit
def lit_cmp_float(x, y, z, w, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i); g = tl.load(y + i); f = tl.load(z + i); d = tl.load(w + i)
    tl.store(o + i, h < 1.0); tl.store(o + i, h == 0.5); tl.store(o + i, g > 0)
    tl.store(o + i, f != 0.1); tl.store(o + i, d <= 1e+300)


# a literal on the left of a comparison stays on the left (tensor.__rlt__ and friends)
@case({"x": "*i32", "y": "*fp32", "o": "*i1"})
@triton.jit
def lit_cmp_left(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); f = tl.load(y + i)
    tl.store(o + i, 1 < a); tl.store(o + i, 2.0 >= f); tl.store(o + i, 3 == a); tl.store(o + i, 0 != a)


# literals on the left of the non-commutative operators
@case({"x": "*i32", "y": "*fp32", "o": "*i32", "p": "*fp32"})
@triton.jit
def lit_left_ops(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); f = tl.load(y + i)
    tl.store(o + i, 1 - a); tl.store(o + i, 7 // a); tl.store(o + i, 7 % a)
    tl.store(p + i, 2.0 / f); tl.store(p + i, 3.0 - f); tl.store(p + i, 1.5 % f); tl.store(p + i, 1 / a)


# ================================================================================================
# Integer promotion (semantic.integer_promote_impl)
# ================================================================================================

# signed with signed: the wider wins
@case({"x": "*i8", "y": "*i16", "z": "*i32", "w": "*i64", "o16": "*i16", "o32": "*i32", "o64": "*i64"})
@triton.jit
def prom_signed(x, y, z, w, o16, o32, o64):
    i = tl.arange(0, 16)
    c = tl.load(x + i); s = tl.load(y + i); a = tl.load(z + i); q = tl.load(w + i)
    tl.store(o16 + i, c + s); tl.store(o32 + i, c + a); tl.store(o64 + i, s + q); tl.store(o64 + i, a * q)


# unsigned with unsigned: the wider wins
@case({"x": "*u8", "y": "*u32", "z": "*u64", "o32": "*u32", "o64": "*u64"})
@triton.jit
def prom_unsigned(x, y, z, o32, o64):
    i = tl.arange(0, 16)
    w = tl.load(x + i); u = tl.load(y + i); v = tl.load(z + i)
    tl.store(o32 + i, w + u); tl.store(o64 + i, u * v); tl.store(o64 + i, v - w)


# mixed signedness: unsigned wins at equal or greater width (and comparisons become unsigned)
@case({"x": "*u8", "y": "*i8", "z": "*u32", "w": "*i32", "v": "*u16", "s": "*i16",
       "o8": "*u8", "o16": "*u16", "o32": "*u32", "m": "*i1"})
@triton.jit
def prom_unsigned_wins(x, y, z, w, v, s, o8, o16, o32, m):
    i = tl.arange(0, 16)
    b = tl.load(x + i); c = tl.load(y + i); u = tl.load(z + i); a = tl.load(w + i); e = tl.load(v + i); t = tl.load(s + i)
    tl.store(o8 + i, b + c); tl.store(m + i, b < c); tl.store(o32 + i, c + u); tl.store(o32 + i, u - a)
    tl.store(m + i, a < u); tl.store(o16 + i, e * t)


# mixed signedness: a wider signed type wins
@case({"x": "*u8", "y": "*i32", "z": "*u32", "w": "*i64", "v": "*u64", "o32": "*i32", "o64": "*i64",
       "ou": "*u64", "m": "*i1"})
@triton.jit
def prom_signed_wins(x, y, z, w, v, o32, o64, ou, m):
    i = tl.arange(0, 16)
    b = tl.load(x + i); a = tl.load(y + i); u = tl.load(z + i); q = tl.load(w + i); r = tl.load(v + i)
    tl.store(o32 + i, b + a); tl.store(m + i, b < a); tl.store(o64 + i, u + q); tl.store(ou + i, r + a)


# bool with integers: int1 is an unsigned 1-bit integer
@case({"x": "*i1", "y": "*i32", "z": "*i8", "o32": "*i32", "o8": "*i8"})
@triton.jit
def prom_bool(x, y, z, o32, o8):
    i = tl.arange(0, 16)
    m = tl.load(x + i); a = tl.load(y + i); c = tl.load(z + i)
    tl.store(o32 + i, m + a); tl.store(o8 + i, m & c); tl.store(o32 + i, a * m)


# ================================================================================================
# Float promotion
# ================================================================================================

# float16 or bfloat16 with float32 is float32; bfloat16 with float16 is float16 (the fp16 rule comes first)
@case({"x": "*fp16", "y": "*bf16", "z": "*fp32", "o": "*fp32"})
@triton.jit
def fprom_half_f32(x, y, z, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i); g = tl.load(y + i); f = tl.load(z + i)
    tl.store(o + i, h + f); tl.store(o + i, g * f); tl.store(o + i, g + h)


# same half types stay half for + - *
@case({"x": "*fp16", "y": "*bf16", "oh": "*fp16", "og": "*bf16"})
@triton.jit
def fprom_half_same(x, y, oh, og):
    i = tl.arange(0, 16)
    h = tl.load(x + i); g = tl.load(y + i)
    tl.store(oh + i, h + 1.0); tl.store(oh + i, h * h); tl.store(og + i, g - 2.0); tl.store(og + i, g * g)


# / and % on halves compute in float32; float32 / float16 too
@case({"x": "*fp16", "y": "*bf16", "z": "*fp32", "o": "*fp32"})
@triton.jit
def fprom_half_div(x, y, z, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i); g = tl.load(y + i); f = tl.load(z + i)
    tl.store(o + i, h / h); tl.store(o + i, h % h); tl.store(o + i, g / g); tl.store(o + i, g % g)
    tl.store(o + i, f / h); tl.store(o + i, h / f); tl.store(o + i, f % g)


# float64 wins over everything
@case({"x": "*fp16", "y": "*fp32", "z": "*fp64", "w": "*i64", "o": "*fp64"})
@triton.jit
def fprom_f64(x, y, z, w, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i); f = tl.load(y + i); d = tl.load(z + i); q = tl.load(w + i)
    tl.store(o + i, f + d); tl.store(o + i, d * h); tl.store(o + i, q - d); tl.store(o + i, d / f)


# integers with floats: float16 stays float16, bfloat16 with anything else becomes float32
@case({"x": "*i32", "y": "*i64", "z": "*u8", "w": "*fp16", "v": "*bf16", "s": "*fp32",
       "oh": "*fp16", "of": "*fp32"})
@triton.jit
def fprom_int_float(x, y, z, w, v, s, oh, of):
    i = tl.arange(0, 16)
    a = tl.load(x + i); q = tl.load(y + i); b = tl.load(z + i); h = tl.load(w + i); g = tl.load(v + i); f = tl.load(s + i)
    tl.store(oh + i, a + h); tl.store(oh + i, q * h); tl.store(oh + i, b - h)
    tl.store(of + i, q + g); tl.store(of + i, g * a); tl.store(of + i, b + f); tl.store(of + i, f - q)


# fp8 kinds: two different fp8 types meet in float16, fp8 with float16 is float16
@case({"x": "*fp8e4nv", "y": "*fp8e5", "z": "*fp16", "o": "*fp16"})
@triton.jit
def fprom_fp8(x, y, z, o):
    i = tl.arange(0, 16)
    e = tl.load(x + i); k = tl.load(y + i); h = tl.load(z + i)
    tl.store(o + i, e + k); tl.store(o + i, k * h); tl.store(o + i, h - e)


# the same fp8 type on both sides stays that type
@case({"x": "*fp8e5", "o": "*fp8e5"})
@triton.jit
def fprom_fp8_same(x, o):
    i = tl.arange(0, 16)
    k = tl.load(x + i)
    tl.store(o + i, k + k)


# ================================================================================================
# Binary operators, dtype by dtype
# ================================================================================================

# + - * // % on int32; / goes through float32
@case({"x": "*i32", "y": "*i32", "o": "*i32", "p": "*fp32"})
@triton.jit
def op_arith_i32(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a // b)
    tl.store(o + i, a % b); tl.store(p + i, a / b)


# + - * // % / on int8
@case({"x": "*i8", "y": "*i8", "o": "*i8", "p": "*fp32"})
@triton.jit
def op_arith_i8(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a // b)
    tl.store(o + i, a % b); tl.store(p + i, a / b)


# + - * // % on int64; int64 / int64 goes through float32 too (Triton 3.6)
@case({"x": "*i64", "y": "*i64", "o": "*i64", "p": "*fp32"})
@triton.jit
def op_arith_i64(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a // b)
    tl.store(o + i, a % b); tl.store(p + i, a / b)


# unsigned uint8: divui, remui, uitofp
@case({"x": "*u8", "y": "*u8", "o": "*u8", "p": "*fp32"})
@triton.jit
def op_arith_u8(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a // b)
    tl.store(o + i, a % b); tl.store(p + i, a / b)


# unsigned uint32
@case({"x": "*u32", "y": "*u32", "o": "*u32", "p": "*fp32"})
@triton.jit
def op_arith_u32(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a // b)
    tl.store(o + i, a % b); tl.store(p + i, a / b)


# unsigned uint64
@case({"x": "*u64", "y": "*u64", "o": "*u64", "p": "*fp32"})
@triton.jit
def op_arith_u64(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a // b)
    tl.store(o + i, a % b); tl.store(p + i, a / b)


# + - * / % on float32
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def op_arith_f32(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a / b); tl.store(o + i, a % b)


# + - * on float16 stay float16; / and % are float32
@case({"x": "*fp16", "y": "*fp16", "o": "*fp16", "p": "*fp32"})
@triton.jit
def op_arith_f16(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(p + i, a / b); tl.store(p + i, a % b)


# + - * on bfloat16 stay bfloat16; / and % are float32
@case({"x": "*bf16", "y": "*bf16", "o": "*bf16", "p": "*fp32"})
@triton.jit
def op_arith_bf16(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(p + i, a / b); tl.store(p + i, a % b)


# + - * / % on float64
@case({"x": "*fp64", "y": "*fp64", "o": "*fp64"})
@triton.jit
def op_arith_f64(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a + b); tl.store(o + i, a - b); tl.store(o + i, a * b); tl.store(o + i, a / b); tl.store(o + i, a % b)


# & | ^ << >> on int32 (>> arithmetic)
@case({"x": "*i32", "y": "*i32", "o": "*i32"})
@triton.jit
def op_bits_i32(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a & b); tl.store(o + i, a | b); tl.store(o + i, a ^ b); tl.store(o + i, a << b); tl.store(o + i, a >> b)


# & | ^ << >> on uint32 (>> logical)
@case({"x": "*u32", "y": "*u32", "o": "*u32"})
@triton.jit
def op_bits_u32(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a & b); tl.store(o + i, a | b); tl.store(o + i, a ^ b); tl.store(o + i, a << b); tl.store(o + i, a >> b)


# bit operators on int8 and uint8
@case({"x": "*i8", "y": "*i8", "z": "*u8", "w": "*u8", "o": "*i8", "p": "*u8"})
@triton.jit
def op_bits_8(x, y, z, w, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); c = tl.load(z + i); e = tl.load(w + i)
    tl.store(o + i, a & b); tl.store(o + i, a << b); tl.store(o + i, a >> b)
    tl.store(p + i, c | e); tl.store(p + i, c ^ e); tl.store(p + i, c >> e)


# bit operators on int64 and uint64
@case({"x": "*i64", "y": "*i64", "z": "*u64", "w": "*u64", "o": "*i64", "p": "*u64"})
@triton.jit
def op_bits_64(x, y, z, w, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); c = tl.load(z + i); e = tl.load(w + i)
    tl.store(o + i, a ^ b); tl.store(o + i, a << b); tl.store(o + i, a >> b)
    tl.store(p + i, c & e); tl.store(p + i, c << e); tl.store(p + i, c >> e)


# + - * on bools: int1 arithmetic
@case({"x": "*i1", "y": "*i1", "o": "*i1"})
@triton.jit
def op_arith_bool(x, y, o):
    i = tl.arange(0, 16)
    m = tl.load(x + i); n = tl.load(y + i)
    tl.store(o + i, m + n); tl.store(o + i, m - n); tl.store(o + i, m * n)


# & | ^ on bools
@case({"x": "*fp32", "y": "*fp32", "o": "*i1"})
@triton.jit
def op_bits_bool(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    m = a > 0; n = b > 0
    tl.store(o + i, m & n); tl.store(o + i, m | n); tl.store(o + i, m ^ n)


# bit operators promote; >> picks arithmetic or logical from its left operand before promotion
@case({"x": "*i32", "y": "*i64", "z": "*u8", "o32": "*i32", "o64": "*i64"})
@triton.jit
def op_bits_mixed(x, y, z, o32, o64):
    i = tl.arange(0, 16)
    a = tl.load(x + i); q = tl.load(y + i); w = tl.load(z + i)
    tl.store(o64 + i, a & q); tl.store(o32 + i, w >> a); tl.store(o32 + i, a >> w); tl.store(o64 + i, a << q)
    tl.store(o32 + i, w | a)


# comparisons on int32
@case({"x": "*i32", "y": "*i32", "o": "*i1"})
@triton.jit
def op_cmp_i32(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a < b); tl.store(o + i, a <= b); tl.store(o + i, a > b)
    tl.store(o + i, a >= b); tl.store(o + i, a == b); tl.store(o + i, a != b)


# comparisons on unsigned integers: ult, ule, ugt, uge
@case({"x": "*u32", "y": "*u32", "z": "*u8", "w": "*u64", "o": "*i1"})
@triton.jit
def op_cmp_unsigned(x, y, z, w, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); c = tl.load(z + i); e = tl.load(w + i)
    tl.store(o + i, a < b); tl.store(o + i, a <= b); tl.store(o + i, a > b); tl.store(o + i, a >= b)
    tl.store(o + i, c < a); tl.store(o + i, e >= c)


# comparisons on float32: ordered, except != (une)
@case({"x": "*fp32", "y": "*fp32", "o": "*i1"})
@triton.jit
def op_cmp_f32(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a < b); tl.store(o + i, a <= b); tl.store(o + i, a > b)
    tl.store(o + i, a >= b); tl.store(o + i, a == b); tl.store(o + i, a != b)


# comparisons on float16 and bfloat16 (no promotion)
@case({"x": "*fp16", "y": "*fp16", "z": "*bf16", "w": "*bf16", "o": "*i1"})
@triton.jit
def op_cmp_half(x, y, z, w, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i); k = tl.load(y + i); g = tl.load(z + i); e = tl.load(w + i)
    tl.store(o + i, h < k); tl.store(o + i, h >= k); tl.store(o + i, h != k)
    tl.store(o + i, g > e); tl.store(o + i, g <= e); tl.store(o + i, g == e)


# comparisons on float64
@case({"x": "*fp64", "y": "*fp64", "o": "*i1"})
@triton.jit
def op_cmp_f64(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, a < b); tl.store(o + i, a == b); tl.store(o + i, a != b)


# comparisons on bools (int1 is unsigned)
@case({"x": "*i1", "y": "*i1", "o": "*i1"})
@triton.jit
def op_cmp_bool(x, y, o):
    i = tl.arange(0, 16)
    m = tl.load(x + i); n = tl.load(y + i)
    tl.store(o + i, m == n); tl.store(o + i, m != n); tl.store(o + i, m < n); tl.store(o + i, m >= n)


# comparisons of mixed types promote first
@case({"x": "*i32", "y": "*u32", "z": "*fp16", "w": "*i8", "o": "*i1"})
@triton.jit
def op_cmp_mixed(x, y, z, w, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i); h = tl.load(z + i); c = tl.load(w + i)
    tl.store(o + i, a < u); tl.store(o + i, a == h); tl.store(o + i, c > a); tl.store(o + i, u >= c)


# ================================================================================================
# Unary operators
# ================================================================================================

# -x on signed integers: 0 - x
@case({"x": "*i32", "y": "*i8", "z": "*i64", "o32": "*i32", "o8": "*i8", "o64": "*i64"})
@triton.jit
def un_neg_int(x, y, z, o32, o8, o64):
    i = tl.arange(0, 16)
    a = tl.load(x + i); c = tl.load(y + i); q = tl.load(z + i)
    tl.store(o32 + i, -a); tl.store(o8 + i, -c); tl.store(o64 + i, -q)


# -x on unsigned integers
@case({"x": "*u32", "y": "*u8", "o32": "*u32", "o8": "*u8"})
@triton.jit
def un_neg_unsigned(x, y, o32, o8):
    i = tl.arange(0, 16)
    u = tl.load(x + i); w = tl.load(y + i)
    tl.store(o32 + i, -u); tl.store(o8 + i, -w)


# -x on floats
@case({"x": "*fp32", "y": "*fp16", "z": "*bf16", "w": "*fp64", "of": "*fp32", "oh": "*fp16", "og": "*bf16",
       "od": "*fp64"})
@triton.jit
def un_neg_float(x, y, z, w, of, oh, og, od):
    i = tl.arange(0, 16)
    f = tl.load(x + i); h = tl.load(y + i); g = tl.load(z + i); d = tl.load(w + i)
    tl.store(of + i, -f); tl.store(oh + i, -h); tl.store(og + i, -g); tl.store(od + i, -d)


# ~x on integers and bools: xor with all ones
@case({"x": "*i32", "y": "*u8", "z": "*i64", "w": "*i1", "o32": "*i32", "o8": "*u8", "o64": "*i64",
       "ob": "*i1"})
@triton.jit
def un_invert(x, y, z, w, o32, o8, o64, ob):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); q = tl.load(z + i); m = tl.load(w + i)
    tl.store(o32 + i, ~a); tl.store(o8 + i, ~b); tl.store(o64 + i, ~q); tl.store(ob + i, ~m)


# tl.abs: absi on signed, absf on floats, nothing on unsigned
@case({"x": "*i32", "y": "*i8", "z": "*fp32", "w": "*fp16", "v": "*bf16", "u": "*u32",
       "o32": "*i32", "o8": "*i8", "of": "*fp32", "oh": "*fp16", "og": "*bf16", "ou": "*u32"})
@triton.jit
def un_abs(x, y, z, w, v, u, o32, o8, of, oh, og, ou):
    i = tl.arange(0, 16)
    a = tl.load(x + i); c = tl.load(y + i); f = tl.load(z + i); h = tl.load(w + i); g = tl.load(v + i); k = tl.load(u + i)
    tl.store(o32 + i, tl.abs(a)); tl.store(o8 + i, tl.abs(c)); tl.store(of + i, tl.abs(f))
    tl.store(oh + i, tl.abs(h)); tl.store(og + i, tl.abs(g)); tl.store(ou + i, tl.abs(k))


# unary operators on scalar arguments
@case({"n": "i32", "s": "fp32", "o": "*i32", "p": "*fp32"})
@triton.jit
def un_scalar(n, s, o, p):
    tl.store(o, -n); tl.store(o + 1, ~n); tl.store(o + 2, tl.abs(n))
    tl.store(p, -s); tl.store(p + 1, tl.abs(s))


# ================================================================================================
# minimum, maximum, clamp
# ================================================================================================

# float minimum/maximum: minnumf/maxnumf by default
@case({"x": "*fp32", "y": "*fp32", "z": "*fp64", "w": "*fp64", "o": "*fp32", "p": "*fp64"})
@triton.jit
def mm_float(x, y, z, w, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); d = tl.load(z + i); e = tl.load(w + i)
    tl.store(o + i, tl.minimum(a, b)); tl.store(o + i, tl.maximum(a, b))
    tl.store(p + i, tl.minimum(d, e)); tl.store(p + i, tl.maximum(d, e))


# propagate_nan=ALL: minimumf/maximumf
@case({"x": "*fp32", "y": "*fp32", "z": "*fp16", "w": "*fp16", "o": "*fp32", "p": "*fp16"})
@triton.jit
def mm_float_nan(x, y, z, w, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); h = tl.load(z + i); k = tl.load(w + i)
    tl.store(o + i, tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL))
    tl.store(o + i, tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL))
    tl.store(p + i, tl.maximum(h, k, propagate_nan=tl.PropagateNan.ALL)); tl.store(p + i, tl.minimum(h, k))


# integer minimum/maximum: signed and unsigned
@case({"x": "*i32", "y": "*i32", "z": "*u32", "w": "*u32", "v": "*i8", "s": "*u64", "o32": "*i32",
       "ou": "*u32", "o8": "*i8", "o64": "*u64"})
@triton.jit
def mm_int(x, y, z, w, v, s, o32, ou, o8, o64):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); u = tl.load(z + i); k = tl.load(w + i); c = tl.load(v + i); e = tl.load(s + i)
    tl.store(o32 + i, tl.minimum(a, b)); tl.store(o32 + i, tl.maximum(a, b)); tl.store(ou + i, tl.minimum(u, k))
    tl.store(ou + i, tl.maximum(u, k)); tl.store(o8 + i, tl.maximum(c, c + 1)); tl.store(o64 + i, tl.minimum(e, e // 3))


# bfloat16 minimum/maximum compute in float32
@case({"x": "*bf16", "y": "*bf16", "o": "*bf16"})
@triton.jit
def mm_bf16(x, y, o):
    i = tl.arange(0, 16)
    g = tl.load(x + i); k = tl.load(y + i)
    tl.store(o + i, tl.minimum(g, k)); tl.store(o + i, tl.maximum(g, k, propagate_nan=tl.PropagateNan.ALL))


# numbers in minimum/maximum are typed on their own: float16 with 0.0 compares in float32
@case({"x": "*fp16", "y": "*i8", "z": "*fp32", "oh": "*fp16", "o8": "*i8", "of": "*fp32"})
@triton.jit
def mm_literal(x, y, z, oh, o8, of):
    i = tl.arange(0, 16)
    h = tl.load(x + i); c = tl.load(y + i); f = tl.load(z + i)
    tl.store(oh + i, tl.maximum(h, 0.0)); tl.store(o8 + i, tl.minimum(c, 3))
    tl.store(of + i, tl.maximum(f, 0)); tl.store(of + i, tl.minimum(1.0, f))


# minimum/maximum of mixed types promote
@case({"x": "*i32", "y": "*fp32", "z": "*i64", "w": "*u32", "of": "*fp32", "o64": "*i64", "ou": "*u32"})
@triton.jit
def mm_mixed(x, y, z, w, of, o64, ou):
    i = tl.arange(0, 16)
    a = tl.load(x + i); f = tl.load(y + i); q = tl.load(z + i); u = tl.load(w + i)
    tl.store(of + i, tl.minimum(a, f)); tl.store(o64 + i, tl.maximum(a, q)); tl.store(ou + i, tl.minimum(u, a))


# minimum/maximum of scalars
@case({"n": "i32", "k": "i32", "s": "fp32", "o": "*i32", "p": "*fp32"})
@triton.jit
def mm_scalar(n, k, s, o, p):
    tl.store(o, tl.maximum(n, k)); tl.store(o + 1, tl.minimum(n, 0)); tl.store(p, tl.maximum(s, 1.0))


# tl.clamp on float32 tensors, default and propagate_nan=ALL
@case({"x": "*fp32", "y": "*fp32", "z": "*fp32", "o": "*fp32"})
@triton.jit
def clamp_f32(x, y, z, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); lo = tl.load(y + i); hi = tl.load(z + i)
    tl.store(o + i, tl.clamp(a, lo, hi)); tl.store(o + i, tl.clamp(a, lo, hi, propagate_nan=tl.PropagateNan.ALL))


# tl.clamp with number bounds: typed float32 on their own, so float16 clamps in float32
@case({"x": "*fp32", "y": "*fp16", "z": "*fp64", "of": "*fp32", "oh": "*fp16", "od": "*fp64"})
@triton.jit
def clamp_literal(x, y, z, of, oh, od):
    i = tl.arange(0, 16)
    f = tl.load(x + i); h = tl.load(y + i); d = tl.load(z + i)
    tl.store(of + i, tl.clamp(f, -1.0, 1.0)); tl.store(oh + i, tl.clamp(h, -1.0, 1.0)); tl.store(od + i, tl.clamp(d, 0.0, 1.0))


# tl.clamp on halves: float16 stays float16, bfloat16 goes through float32
@case({"x": "*fp16", "y": "*fp16", "z": "*bf16", "w": "*bf16", "oh": "*fp16", "og": "*bf16"})
@triton.jit
def clamp_half(x, y, z, w, oh, og):
    i = tl.arange(0, 16)
    h = tl.load(x + i); k = tl.load(y + i); g = tl.load(z + i); e = tl.load(w + i)
    tl.store(oh + i, tl.clamp(h, k, k + 1.0)); tl.store(og + i, tl.clamp(g, e, e + 1.0, propagate_nan=tl.PropagateNan.ALL))


# ================================================================================================
# where
# ================================================================================================

# a tensor condition with tensor branches
@case({"x": "*fp32", "y": "*fp32", "z": "*i32", "o": "*fp32", "p": "*i32"})
@triton.jit
def wh_tensor(x, y, z, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i); c = tl.load(z + i)
    tl.store(o + i, tl.where(a > b, a, b)); tl.store(p + i, tl.where(c != 0, c, -c))


# a scalar condition with tensor branches, and all scalars
@case({"x": "*fp32", "y": "*fp32", "n": "i32", "o": "*fp32", "p": "*i32"})
@triton.jit
def wh_scalar_cond(x, y, n, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); b = tl.load(y + i)
    c = n > 0
    tl.store(o + i, tl.where(c, a, b)); tl.store(p, tl.where(c, n, 0)); tl.store(o + i, tl.where(c, a, 1.0))


# literal branches: both numbers (float32), one number taking the other branch's dtype
@case({"x": "*fp32", "y": "*i32", "z": "*fp16", "of": "*fp32", "o32": "*i32", "oh": "*fp16"})
@triton.jit
def wh_literal(x, y, z, of, o32, oh):
    i = tl.arange(0, 16)
    f = tl.load(x + i); a = tl.load(y + i); h = tl.load(z + i)
    tl.store(of + i, tl.where(f > 0, 1.0, 0.0)); tl.store(o32 + i, tl.where(a > 0, a, 0))
    tl.store(oh + i, tl.where(f > 0, h, 1.5)); tl.store(of + i, tl.where(a > 0, 1, 2.5))


# non-bool conditions are cast to bool (x != 0)
@case({"x": "*i32", "y": "*fp32", "o": "*fp32", "p": "*i32"})
@triton.jit
def wh_int_cond(x, y, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); f = tl.load(y + i)
    tl.store(o + i, tl.where(a, f, 0.0)); tl.store(p + i, tl.where(f, a, 1))


# where promotes its branches
@case({"x": "*i32", "y": "*i64", "z": "*fp16", "w": "*fp32", "o64": "*i64", "of": "*fp32"})
@triton.jit
def wh_mixed(x, y, z, w, o64, of):
    i = tl.arange(0, 16)
    a = tl.load(x + i); q = tl.load(y + i); h = tl.load(z + i); f = tl.load(w + i)
    tl.store(o64 + i, tl.where(a > 0, a, q)); tl.store(of + i, tl.where(h > 0, h, f))


# where between two tensors of pointers
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def wh_pointers(x, y, o):
    i = tl.arange(0, 16)
    p = tl.where(i < 8, x + i, y + i)
    tl.store(o + i, tl.load(p))


# ================================================================================================
# umulhi
# ================================================================================================

# tl.umulhi on int32, uint32, int64, uint64
@case({"x": "*i32", "y": "*u32", "z": "*i64", "w": "*u64", "o32": "*i32", "ou": "*u32", "o64": "*i64",
       "ou64": "*u64"})
@triton.jit
def umulhi_types(x, y, z, w, o32, ou, o64, ou64):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i); q = tl.load(z + i); v = tl.load(w + i)
    tl.store(o32 + i, tl.umulhi(a, a + 1)); tl.store(ou + i, tl.umulhi(u, u + 1)); tl.store(o64 + i, tl.umulhi(q, q + 1))
    tl.store(ou64 + i, tl.umulhi(v, v + 1))


# tl.umulhi with a number and with mixed types
@case({"x": "*i32", "y": "*u32", "z": "*i64", "o32": "*i32", "ou": "*u32", "o64": "*i64"})
@triton.jit
def umulhi_mixed(x, y, z, o32, ou, o64):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i); q = tl.load(z + i)
    tl.store(o32 + i, tl.umulhi(a, 3)); tl.store(ou + i, tl.umulhi(u, a)); tl.store(o64 + i, tl.umulhi(a, q))


# ================================================================================================
# Math functions
# ================================================================================================

# exp, exp2, log, log2 on float32
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def math_exp_log(x, o):
    i = tl.arange(0, 16)
    f = tl.load(x + i)
    tl.store(o + i, tl.exp(f)); tl.store(o + i, tl.exp2(f)); tl.store(o + i, tl.log(f)); tl.store(o + i, tl.log2(f))


# sqrt, rsqrt, sqrt_rn on float32
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def math_sqrt(x, o):
    i = tl.arange(0, 16)
    f = tl.load(x + i)
    tl.store(o + i, tl.sqrt(f)); tl.store(o + i, tl.rsqrt(f)); tl.store(o + i, tl.sqrt_rn(f))


# sin, cos, erf, floor, ceil on float32
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def math_trig_round(x, o):
    i = tl.arange(0, 16)
    f = tl.load(x + i)
    tl.store(o + i, tl.sin(f)); tl.store(o + i, tl.cos(f)); tl.store(o + i, tl.erf(f))
    tl.store(o + i, tl.floor(f)); tl.store(o + i, tl.ceil(f))


# every unary math function on float64
@case({"x": "*fp64", "o": "*fp64"})
@triton.jit
def math_f64(x, o):
    i = tl.arange(0, 16)
    d = tl.load(x + i)
    tl.store(o + i, tl.exp(d)); tl.store(o + i, tl.exp2(d)); tl.store(o + i, tl.log(d)); tl.store(o + i, tl.log2(d))
    tl.store(o + i, tl.sqrt(d)); tl.store(o + i, tl.rsqrt(d)); tl.store(o + i, tl.sin(d)); tl.store(o + i, tl.cos(d))
    tl.store(o + i, tl.erf(d)); tl.store(o + i, tl.floor(d)); tl.store(o + i, tl.ceil(d))


# tl.fma on float32, float64 and float16, with numbers
@case({"x": "*fp32", "y": "*fp64", "z": "*fp16", "o": "*fp32", "p": "*fp64", "q": "*fp16"})
@triton.jit
def math_fma(x, y, z, o, p, q):
    i = tl.arange(0, 16)
    f = tl.load(x + i); d = tl.load(y + i); h = tl.load(z + i)
    tl.store(o + i, tl.fma(f, f, f)); tl.store(o + i, tl.fma(f, 2.0, 1.0)); tl.store(p + i, tl.fma(d, d, d))
    tl.store(q + i, tl.fma(h, h, h)); tl.store(p + i, tl.fma(f, d, f))


# tl.div_rn: precise division
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def math_div_rn(x, y, o):
    i = tl.arange(0, 16)
    f = tl.load(x + i); g = tl.load(y + i)
    tl.store(o + i, tl.div_rn(f, g)); tl.store(o + i, tl.div_rn(f, 3.0))


# tl.fdiv, with and without ieee_rounding, on float32, float16 and float64
@case({"x": "*fp32", "y": "*fp32", "z": "*fp16", "w": "*fp64", "o": "*fp32", "p": "*fp16", "q": "*fp64"})
@triton.jit
def math_fdiv(x, y, z, w, o, p, q):
    i = tl.arange(0, 16)
    f = tl.load(x + i); g = tl.load(y + i); h = tl.load(z + i); d = tl.load(w + i)
    tl.store(o + i, tl.fdiv(f, g)); tl.store(o + i, tl.fdiv(f, g, ieee_rounding=True)); tl.store(o + i, tl.fdiv(f, 2.0))
    tl.store(p + i, tl.fdiv(h, h + 1.0)); tl.store(q + i, tl.fdiv(d, d + 1.0, ieee_rounding=True))


# math functions on scalar arguments
@case({"s": "fp32", "d": "fp64", "o": "*fp32", "p": "*fp64"})
@triton.jit
def math_scalar(s, d, o, p):
    tl.store(o, tl.exp(s)); tl.store(o + 1, tl.sqrt(s)); tl.store(o + 2, tl.fma(s, s, 1.0))
    tl.store(p, tl.log(d)); tl.store(p + 1, tl.floor(d))


# ================================================================================================
# Casts: every pair Python allows (semantic.cast)
# ================================================================================================

# i1 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64", "o_u8": "*u8",
       "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_i1(x, o_i8, o_i16, o_i32, o_i64, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# i8 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*i8", "o_i1": "*i1", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64", "o_u8": "*u8",
       "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_i8(x, o_i1, o_i16, o_i32, o_i64, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# i16 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*i16", "o_i1": "*i1", "o_i8": "*i8", "o_i32": "*i32", "o_i64": "*i64", "o_u8": "*u8",
       "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_i16(x, o_i1, o_i8, o_i32, o_i64, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# i32 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*i32", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i64": "*i64", "o_u8": "*u8",
       "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_i32(x, o_i1, o_i8, o_i16, o_i64, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# i64 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*i64", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_u8": "*u8",
       "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_i64(x, o_i1, o_i8, o_i16, o_i32, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# u8 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*u8", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_u8(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# u32 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*u32", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u8": "*u8", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_u32(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_u64, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# u64 to integers and standard floats (Python has no int <-> fp8 cast)
@case({"x": "*u64", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u8": "*u8", "o_u32": "*u32", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64"})
@triton.jit
def cast_from_u64(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_u32, o_fp16, o_bf16, o_fp32, o_fp64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))


# fp16 to every other dtype
@case({"x": "*fp16", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u8": "*u8", "o_u32": "*u32", "o_u64": "*u64", "o_bf16": "*bf16", "o_fp32": "*fp32",
       "o_fp64": "*fp64", "o_fp8e4nv": "*fp8e4nv", "o_fp8e5": "*fp8e5"})
@triton.jit
def cast_from_fp16(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_u32, o_u64, o_bf16, o_fp32, o_fp64, o_fp8e4nv, o_fp8e5):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))
    tl.store(o_fp8e4nv + i, a.to(tl.float8e4nv))
    tl.store(o_fp8e5 + i, a.to(tl.float8e5))


# bf16 to every other dtype
@case({"x": "*bf16", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u8": "*u8", "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_fp32": "*fp32",
       "o_fp64": "*fp64", "o_fp8e4nv": "*fp8e4nv", "o_fp8e5": "*fp8e5"})
@triton.jit
def cast_from_bf16(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_u32, o_u64, o_fp16, o_fp32, o_fp64, o_fp8e4nv, o_fp8e5):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))
    tl.store(o_fp8e4nv + i, a.to(tl.float8e4nv))
    tl.store(o_fp8e5 + i, a.to(tl.float8e5))


# fp32 to every other dtype
@case({"x": "*fp32", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u8": "*u8", "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16",
       "o_fp64": "*fp64", "o_fp8e4nv": "*fp8e4nv", "o_fp8e5": "*fp8e5"})
@triton.jit
def cast_from_fp32(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp64, o_fp8e4nv, o_fp8e5):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp64 + i, a.to(tl.float64))
    tl.store(o_fp8e4nv + i, a.to(tl.float8e4nv))
    tl.store(o_fp8e5 + i, a.to(tl.float8e5))


# fp64 to every other dtype
@case({"x": "*fp64", "o_i1": "*i1", "o_i8": "*i8", "o_i16": "*i16", "o_i32": "*i32", "o_i64": "*i64",
       "o_u8": "*u8", "o_u32": "*u32", "o_u64": "*u64", "o_fp16": "*fp16", "o_bf16": "*bf16",
       "o_fp32": "*fp32", "o_fp8e4nv": "*fp8e4nv", "o_fp8e5": "*fp8e5"})
@triton.jit
def cast_from_fp64(x, o_i1, o_i8, o_i16, o_i32, o_i64, o_u8, o_u32, o_u64, o_fp16, o_bf16, o_fp32, o_fp8e4nv, o_fp8e5):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_i1 + i, a.to(tl.int1))
    tl.store(o_i8 + i, a.to(tl.int8))
    tl.store(o_i16 + i, a.to(tl.int16))
    tl.store(o_i32 + i, a.to(tl.int32))
    tl.store(o_i64 + i, a.to(tl.int64))
    tl.store(o_u8 + i, a.to(tl.uint8))
    tl.store(o_u32 + i, a.to(tl.uint32))
    tl.store(o_u64 + i, a.to(tl.uint64))
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp8e4nv + i, a.to(tl.float8e4nv))
    tl.store(o_fp8e5 + i, a.to(tl.float8e5))


# fp8e4nv to the floats (Python has no fp8 <-> int cast)
@case({"x": "*fp8e4nv", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32", "o_fp64": "*fp64",
       "o_fp8e5": "*fp8e5"})
@triton.jit
def cast_from_fp8e4nv(x, o_fp16, o_bf16, o_fp32, o_fp64, o_fp8e5):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))
    tl.store(o_fp8e5 + i, a.to(tl.float8e5))


# fp8e5 to the floats (Python has no fp8 <-> int cast)
@case({"x": "*fp8e5", "o_fp16": "*fp16", "o_bf16": "*bf16", "o_fp32": "*fp32", "o_fp64": "*fp64",
       "o_fp8e4nv": "*fp8e4nv"})
@triton.jit
def cast_from_fp8e5(x, o_fp16, o_bf16, o_fp32, o_fp64, o_fp8e4nv):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o_fp16 + i, a.to(tl.float16))
    tl.store(o_bf16 + i, a.to(tl.bfloat16))
    tl.store(o_fp32 + i, a.to(tl.float32))
    tl.store(o_fp64 + i, a.to(tl.float64))
    tl.store(o_fp8e4nv + i, a.to(tl.float8e4nv))


# bitcast=True between dtypes of one width (int <-> float, signedness only, half kinds)
@case({"x": "*fp32", "y": "*i32", "z": "*fp16", "w": "*bf16", "v": "*fp64", "s": "*u8",
       "o32": "*i32", "of": "*fp32", "o16": "*i16", "og": "*bf16", "o64": "*i64", "o8": "*i8"})
@triton.jit
def cast_bitcast(x, y, z, w, v, s, o32, of, o16, og, o64, o8):
    i = tl.arange(0, 16)
    f = tl.load(x + i); a = tl.load(y + i); h = tl.load(z + i); g = tl.load(w + i); d = tl.load(v + i); b = tl.load(s + i)
    tl.store(o32 + i, f.to(tl.int32, bitcast=True)); tl.store(of + i, a.to(tl.float32, bitcast=True))
    tl.store(o16 + i, h.to(tl.int16, bitcast=True)); tl.store(o16 + i, g.to(tl.int16, bitcast=True))
    tl.store(og + i, h.to(tl.bfloat16, bitcast=True)); tl.store(o64 + i, d.to(tl.int64, bitcast=True))
    tl.store(o8 + i, b.to(tl.int8, bitcast=True)); tl.store(of + i, a.to(tl.uint32, bitcast=True).to(tl.float32))


# bitcast=True with fp8 kinds, and bitcast to the same dtype (no op)
@case({"x": "*fp8e4nv", "y": "*i8", "z": "*fp8e5", "o8": "*i8", "oe": "*fp8e4nv", "ok": "*fp8e5", "ou": "*u8"})
@triton.jit
def cast_bitcast_fp8(x, y, z, o8, oe, ok, ou):
    i = tl.arange(0, 16)
    e = tl.load(x + i); c = tl.load(y + i); k = tl.load(z + i)
    tl.store(o8 + i, e.to(tl.int8, bitcast=True)); tl.store(oe + i, c.to(tl.float8e4nv, bitcast=True))
    tl.store(ok + i, e.to(tl.float8e5, bitcast=True)); tl.store(ou + i, k.to(tl.uint8, bitcast=True))
    tl.store(o8 + i, c.to(tl.int8, bitcast=True))


# fp_downcast_rounding: rtne is the default (truncf), rtz needs tt.fp_to_fp; fp8 always takes fp_to_fp
@case({"x": "*fp32", "y": "*fp64", "z": "*fp16", "oh": "*fp16", "og": "*bf16", "of": "*fp32",
       "ok": "*fp8e5", "oe": "*fp8e4nv"})
@triton.jit
def cast_rounding(x, y, z, oh, og, of, ok, oe):
    i = tl.arange(0, 16)
    f = tl.load(x + i); d = tl.load(y + i); h = tl.load(z + i)
    tl.store(oh + i, f.to(tl.float16, fp_downcast_rounding="rtne")); tl.store(oh + i, f.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(og + i, f.to(tl.bfloat16, fp_downcast_rounding="rtz")); tl.store(of + i, d.to(tl.float32, fp_downcast_rounding="rtz"))
    tl.store(oh + i, d.to(tl.float16, fp_downcast_rounding="rtz")); tl.store(og + i, d.to(tl.bfloat16, fp_downcast_rounding="rtne"))
    tl.store(ok + i, f.to(tl.float8e5, fp_downcast_rounding="rtz")); tl.store(oe + i, h.to(tl.float8e4nv, fp_downcast_rounding="rtne"))
    tl.store(oh + i, tl.cast(f, tl.float16, fp_downcast_rounding="rtz"))


# casts of scalar arguments, tl.cast spelled out, and casts to the dtype a value already has
@case({"n": "i32", "s": "fp32", "u": "u32", "o32": "*i32", "of": "*fp32", "o64": "*i64", "ob": "*i1",
       "oh": "*fp16", "o8": "*u8", "o16": "*i16"})
@triton.jit
def cast_scalar(n, s, u, o32, of, o64, ob, oh, o8, o16):
    tl.store(of, n.to(tl.float32)); tl.store(o64, n.to(tl.int64)); tl.store(ob, n.to(tl.int1)); tl.store(oh, s.to(tl.float16))
    tl.store(o32, s.to(tl.int32)); tl.store(of + 1, n.to(tl.float32, bitcast=True)); tl.store(o8, n.to(tl.uint8))
    tl.store(o16, tl.cast(n, tl.int16)); tl.store(o32 + 1, n.to(tl.int32)); tl.store(o32 + 2, u.to(tl.int32))
    tl.store(of + 2, s.to(tl.float32)); tl.store(o64 + 1, u.to(tl.int64))


# ================================================================================================
# Broadcasting
# ================================================================================================

# [M, 1] with [1, N] (indexing with None)
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def bc_col_row(x, y, o):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    a = tl.load(x + rm); b = tl.load(y + rn)
    c = a[:, None] + b[None, :]
    tl.store(o + rm[:, None] * 16 + rn[None, :], c)


# [N] with [M, N]: the shorter side gets a leading axis
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def bc_row_matrix(x, y, o):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    offs = rm[:, None] * 16 + rn[None, :]
    a = tl.load(x + offs); b = tl.load(y + rn)
    tl.store(o + offs, a + b); tl.store(o + offs, b * a)


# scalars with tensors: splat, with promotion
@case({"x": "*fp32", "y": "*i32", "s": "fp32", "n": "i32", "q": "i64", "of": "*fp32", "o32": "*i32", "o64": "*i64"})
@triton.jit
def bc_scalar_tensor(x, y, s, n, q, of, o32, o64):
    i = tl.arange(0, 16)
    f = tl.load(x + i); a = tl.load(y + i)
    tl.store(of + i, f + s); tl.store(of + i, s * f); tl.store(o32 + i, a - n); tl.store(o64 + i, a + q)
    tl.store(of + i, a * s); tl.store(o32 + i, n // a)


# tl.expand_dims with positive and negative axes
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def bc_expand_dims(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    c = tl.expand_dims(a, -1); r = tl.expand_dims(a, -2); e = tl.expand_dims(a, 0); k = tl.expand_dims(a, 1)
    tl.store(o + tl.expand_dims(i, 1) * 16 + tl.expand_dims(i, 0), c + r + e * k)


# tl.broadcast_to from [1, N], from [M, 1] and from a scalar
@case({"x": "*fp32", "y": "*fp32", "n": "i32", "o": "*fp32", "p": "*i32"})
@triton.jit
def bc_broadcast_to(x, y, n, o, p):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    a = tl.load(x + rn); b = tl.load(y + rm)
    c = tl.broadcast_to(a[None, :], (8, 16)); d = tl.broadcast_to(b[:, None], (8, 16))
    tl.store(o + rm[:, None] * 16 + rn[None, :], c + d); tl.store(p + rn, tl.broadcast_to(n, (16,)))


# tl.broadcast(a, b): both to their common shape
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def bc_broadcast(x, y, o):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    a = tl.load(x + rm); b = tl.load(y + rn)
    u, v = tl.broadcast(a[:, None], b[None, :])
    tl.store(o + rm[:, None] * 16 + rn[None, :], u - v)


# three dimensions, each from a different axis
@case({"x": "*i32", "o": "*i32"})
@triton.jit
def bc_3d(x, o):
    r0 = tl.arange(0, 2); r1 = tl.arange(0, 4); r2 = tl.arange(0, 8)
    a = tl.expand_dims(tl.expand_dims(r0, 1), 2); b = tl.expand_dims(tl.expand_dims(r1, 0), 2); c = tl.expand_dims(tl.expand_dims(r2, 0), 0)
    offs = a * 32 + b * 8 + c
    tl.store(o + offs, tl.load(x + offs) + a)


# a 2-D mask built from two 1-D ones
@case({"x": "*fp32", "o": "*fp32", "M": "i32", "N": "i32"})
@triton.jit
def bc_mask2d(x, o, M, N):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    offs = rm[:, None] * N + rn[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(o + offs, tl.load(x + offs, mask=mask, other=0.0) * 2.0, mask=mask)


# ================================================================================================
# Program ids, ranges, constants of a shape
# ================================================================================================

# tl.program_id and tl.num_programs on axes 0, 1 and 2
@case({"o": "*i32"})
@triton.jit
def pid_axes(o):
    tl.store(o, tl.program_id(0)); tl.store(o + 1, tl.program_id(1)); tl.store(o + 2, tl.program_id(axis=2))
    tl.store(o + 3, tl.num_programs(0)); tl.store(o + 4, tl.num_programs(axis=1)); tl.store(o + 5, tl.num_programs(2))


# program ids in offset arithmetic
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def pid_offsets(x, o, n):
    pid = tl.program_id(1) * tl.num_programs(0) + tl.program_id(0)
    offs = pid * 16 + tl.arange(0, 16)
    tl.store(o + offs, tl.load(x + offs, mask=offs < n), mask=offs < n)


# tl.arange with start != 0, and a one-element range
@case({"o": "*i32"})
@triton.jit
def arange_start(o):
    i = tl.arange(4, 20); j = tl.arange(16, 32); k = tl.arange(7, 8)
    tl.store(o + i, j); tl.store(o + j, i + j); tl.store(o + k, k)


# tl.zeros of every integer dtype (a triton.language.standard helper in Python)
@case({"o1": "*i1", "o8": "*i8", "o16": "*i16", "o32": "*i32", "o64": "*i64", "ou8": "*u8", "ou32": "*u32",
       "ou64": "*u64"})
@triton.jit
def zeros_int(o1, o8, o16, o32, o64, ou8, ou32, ou64):
    i = tl.arange(0, 16)
    tl.store(o1 + i, tl.zeros((16,), tl.int1)); tl.store(o8 + i, tl.zeros((16,), tl.int8))
    tl.store(o16 + i, tl.zeros((16,), tl.int16)); tl.store(o32 + i, tl.zeros((16,), tl.int32))
    tl.store(o64 + i, tl.zeros((16,), tl.int64)); tl.store(ou8 + i, tl.zeros((16,), tl.uint8))
    tl.store(ou32 + i, tl.zeros((16,), tl.uint32)); tl.store(ou64 + i, tl.zeros((16,), tl.uint64))


# tl.zeros of every float dtype, and a 2-D one
@case({"oh": "*fp16", "og": "*bf16", "of": "*fp32", "od": "*fp64", "oe": "*fp8e4nv", "ok": "*fp8e5"})
@triton.jit
def zeros_float(oh, og, of, od, oe, ok):
    i = tl.arange(0, 16)
    tl.store(oh + i, tl.zeros((16,), tl.float16)); tl.store(og + i, tl.zeros((16,), tl.bfloat16))
    tl.store(of + i, tl.zeros((16,), tl.float32)); tl.store(od + i, tl.zeros((16,), tl.float64))
    tl.store(oe + i, tl.zeros((16,), tl.float8e4nv)); tl.store(ok + i, tl.zeros((16,), tl.float8e5))
    tl.store(of + i[:, None] * 16 + i[None, :], tl.zeros((16, 16), tl.float32))


# tl.full of integer dtypes with values at their edges
@case({"o1": "*i1", "o8": "*i8", "o16": "*i16", "o64": "*i64", "ou8": "*u8", "ou32": "*u32", "ou64": "*u64"})
@triton.jit
def full_int(o1, o8, o16, o64, ou8, ou32, ou64):
    i = tl.arange(0, 16)
    tl.store(o1 + i, tl.full((16,), True, tl.int1)); tl.store(o8 + i, tl.full((16,), -128, tl.int8))
    tl.store(o16 + i, tl.full((16,), 7, tl.int16)); tl.store(o64 + i, tl.full((16,), 1099511627776, tl.int64))
    tl.store(ou8 + i, tl.full((16,), 200, tl.uint8)); tl.store(ou32 + i, tl.full((16,), 4000000000, tl.uint32))
    tl.store(ou64 + i, tl.full((16,), 9223372036854775808, tl.uint64))


# tl.full of float dtypes: values rounded to the dtype, an int value, a 2-D shape
@case({"oh": "*fp16", "og": "*bf16", "of": "*fp32", "od": "*fp64"})
@triton.jit
def full_float(oh, og, of, od):
    i = tl.arange(0, 16)
    tl.store(oh + i, tl.full((16,), 0.1, tl.float16)); tl.store(og + i, tl.full((16,), 0.1, tl.bfloat16))
    tl.store(of + i, tl.full((16,), 0.001, tl.float32)); tl.store(od + i, tl.full((16,), 0.1, tl.float64))
    tl.store(of + i, tl.full((16,), 3, tl.float32)); tl.store(oh + i, tl.full((16,), -1.5, tl.float16))
    tl.store(of + i[:, None] * 16 + i[None, :], tl.full((16, 16), 2.0, tl.float32))


# tl.full of a scalar value: cast, then splat
@case({"n": "i32", "s": "fp32", "o64": "*i64", "oh": "*fp16", "of": "*fp32"})
@triton.jit
def full_value(n, s, o64, oh, of):
    i = tl.arange(0, 16)
    tl.store(o64 + i, tl.full((16,), n, tl.int64)); tl.store(oh + i, tl.full((16,), s, tl.float16))
    tl.store(of + i, tl.full((16,), n, tl.float32))


# ================================================================================================
# Pointer arithmetic
# ================================================================================================

# offsets of every integer dtype; unsigned ones narrower than 64 bits are zero-extended to i64
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def ptr_offset_types(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i.to(tl.int64)); b = tl.load(x + i.to(tl.int8)); c = tl.load(x + i.to(tl.int16))
    d = tl.load(x + i.to(tl.uint32)); e = tl.load(x + i.to(tl.uint8)); f = tl.load(x + i.to(tl.uint64))
    tl.store(o + i, a + b + c + d + e + f)


# the offset on the left: int + pointer
@case({"x": "*fp32", "n": "i32", "o": "*fp32"})
@triton.jit
def ptr_offset_left(x, n, o):
    i = tl.arange(0, 16)
    a = tl.load(i + x); b = tl.load(n + x); c = tl.load(3 + x)
    tl.store(i + o, a + b + c)


# scalar pointer plus scalar offsets (int32, int64, uint32, literal), scalar loads and stores
@case({"x": "*fp32", "n": "i32", "q": "i64", "u": "u32", "o": "*fp32"})
@triton.jit
def ptr_scalar(x, n, q, u, o):
    a = tl.load(x + n); b = tl.load(x + q); c = tl.load(x + u); d = tl.load(x + 3)
    tl.store(o + n, a + b); tl.store(o + q, c * d)


# tensor of pointers plus scalar offsets, and a scalar offset plus a tensor of pointers
@case({"x": "*fp32", "n": "i32", "q": "i64", "o": "*fp32"})
@triton.jit
def ptr_tensor_scalar(x, n, q, o):
    i = tl.arange(0, 16)
    p = x + i
    a = tl.load(p + n); b = tl.load(p + q); c = tl.load(n + p); d = tl.load(p + 1)
    tl.store(o + i, a + b + c + d)


# pointer - offset: a literal, a scalar, a tensor
@case({"x": "*fp32", "n": "i32", "o": "*fp32"})
@triton.jit
def ptr_sub(x, n, o):
    i = tl.arange(0, 16)
    a = tl.load(x + 16 - i); b = tl.load(x - 3 + i); c = tl.load(x - n); d = tl.load(x + i - 1)
    tl.store(o + i, a + b + c + d)


# pointers to 2-D blocks with int64 offsets
@case({"x": "*fp16", "o": "*fp16", "stride": "i64"})
@triton.jit
def ptr_2d_i64(x, o, stride):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    offs = rm[:, None] * stride + rn[None, :]
    tl.store(o + offs, tl.load(x + offs))


# ================================================================================================
# Loads and stores
# ================================================================================================

# masked load and store
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def mem_mask(x, o, n):
    i = tl.arange(0, 16)
    m = i < n
    a = tl.load(x + i, mask=m)
    tl.store(o + i, a, mask=m)


# other: number literals cast to the element type, a tensor, a scalar argument
@case({"x": "*fp32", "y": "*i8", "z": "*fp16", "s": "fp32", "n": "i32", "of": "*fp32", "o8": "*i8", "oh": "*fp16"})
@triton.jit
def mem_other(x, y, z, s, n, of, o8, oh):
    i = tl.arange(0, 16)
    m = i < n
    a = tl.load(x + i, mask=m, other=0.0); c = tl.load(y + i, mask=m, other=-1); h = tl.load(z + i, mask=m, other=1)
    f = tl.load(x + i, mask=m, other=h); g = tl.load(x + i, mask=m, other=s); e = tl.load(z + i, mask=m, other=2.5)
    tl.store(of + i, a + f + g); tl.store(o8 + i, c); tl.store(oh + i, h + e)


# load cache modifiers .ca .cg .cv
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def mem_cache_load(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i, cache_modifier=".ca"); b = tl.load(x + i, cache_modifier=".cg"); c = tl.load(x + i, cache_modifier=".cv")
    tl.store(o + i, a + b + c)


# store cache modifiers .wb .cg .cs .wt
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def mem_cache_store(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a, cache_modifier=".wb"); tl.store(o + i, a, cache_modifier=".cg")
    tl.store(o + i, a, cache_modifier=".cs"); tl.store(o + i, a, cache_modifier=".wt")


# eviction policies on loads and stores, alone and with a cache modifier and a mask
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def mem_evict(x, o, n):
    i = tl.arange(0, 16)
    a = tl.load(x + i, eviction_policy="evict_first"); b = tl.load(x + i, eviction_policy="evict_last")
    c = tl.load(x + i, mask=i < n, cache_modifier=".cg", eviction_policy="evict_last")
    tl.store(o + i, a, eviction_policy="evict_first"); tl.store(o + i, b, eviction_policy="evict_last")
    tl.store(o + i, c, mask=i < n, cache_modifier=".cs", eviction_policy="evict_first")


# volatile loads, alone and masked
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def mem_volatile(x, o, n):
    i = tl.arange(0, 16)
    a = tl.load(x + i, volatile=True); b = tl.load(x + i, mask=i < n, other=1.0, volatile=True)
    c = tl.load(x + i, cache_modifier=".cv", volatile=True)
    tl.store(o + i, a + b + c)


# scalar loads and stores, with scalar masks and other
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def mem_scalar(x, o, n):
    a = tl.load(x); b = tl.load(x + 1, mask=n > 0, other=0.5)
    tl.store(o, a * b); tl.store(o + 1, b, mask=n > 1); tl.store(o + 2, 7)


# bool tensors in memory are int8: loads and stores through *i1
@case({"x": "*i1", "y": "*fp32", "o": "*i1", "n": "i32"})
@triton.jit
def mem_bool(x, y, o, n):
    i = tl.arange(0, 16)
    m = tl.load(x + i); k = tl.load(x + i, mask=i < n, other=True)
    tl.store(o + i, m & k); tl.store(o + i, tl.load(y + i) > 0, mask=i < n); tl.store(o, tl.load(x))


# stores convert the value to the element type; numbers and scalars are broadcast
@case({"x": "*fp32", "n": "i32", "oh": "*fp16", "o32": "*i32", "og": "*bf16", "o64": "*i64"})
@triton.jit
def mem_store_convert(x, n, oh, o32, og, o64):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(oh + i, a); tl.store(o32 + i, a); tl.store(og + i, a)
    tl.store(oh + i, 3); tl.store(og + i, 1.5); tl.store(o64 + i, n); tl.store(o64, 7)


# masks broadcast to the pointer's shape; a literal mask
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def mem_mask_broadcast(x, o, n):
    rm = tl.arange(0, 8); rn = tl.arange(0, 16)
    offs = rm[:, None] * 16 + rn[None, :]
    a = tl.load(x + offs, mask=rn < n, other=0.0); b = tl.load(x + offs, mask=True)
    tl.store(o + offs, a + b, mask=rm[:, None] < n)


# ================================================================================================
# tl.cdiv (a triton.language.standard helper in Python)
# ================================================================================================

# a constexpr divisor: div - 1 is computed by Python
@case({"n": "i32", "o": "*i32", "BLOCK": "constexpr"}, {"BLOCK": 32})
@triton.jit
def cdiv_constexpr(n, o, BLOCK: tl.constexpr):
    tl.store(o, tl.cdiv(n, BLOCK)); tl.store(o + 1, tl.cdiv(n, 7))


# a runtime divisor
@case({"n": "i32", "d": "i32", "o": "*i32"})
@triton.jit
def cdiv_runtime(n, d, o):
    tl.store(o, tl.cdiv(n, d)); tl.store(o + 1, tl.cdiv(100, d))


# cdiv of tensors, of int64 and of mixed widths
@case({"x": "*i32", "n": "i32", "q": "i64", "o": "*i32", "p": "*i64"})
@triton.jit
def cdiv_mixed(x, n, q, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, tl.cdiv(a, 4)); tl.store(o + i, tl.cdiv(a, n)); tl.store(p, tl.cdiv(q, 16)); tl.store(p + 1, tl.cdiv(n, q))


# cdiv of two constexprs: tritonc's number, Python's helper's result
@case({"o": "*i32", "N": "constexpr"}, {"N": 10})
@triton.jit
def cdiv_two_constexprs(o, N: tl.constexpr):
    tl.store(o, tl.cdiv(N, 4))


# ================================================================================================
# Python's everyday forms: indexing with None, math and casts of numbers
# ================================================================================================

# x[:, None] and x[None] of a scalar splat it to [1]; of a tensor, expand_dims per None
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def index_none(x, o):
    r = tl.arange(0, 4)
    s = tl.load(x)
    t = tl.load(x + r)
    a = s[:, None] * s[None]
    tl.store(o + r[:, None], t[:, None] + a[None, :])
    tl.store(o + r[None, :, None], t[None, :, None])


# the rank-0 shape (): a one-element tensor reshaped to a scalar (TL_SHAPE0 in C)
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def reshape_rank0(x, o):
    t = tl.load(x + tl.arange(0, 1))
    s = tl.reshape(t, ())
    tl.store(o, s + 1.0)


# tl.math.rsqrt(2.0), tl.log2(float(N)), tl.cast(C, tl.int64): to_tensor's constant, then the op
@case({"o": "*fp32", "p": "*i64", "N": "constexpr", "C": "constexpr"}, {"N": 8, "C": 256000})
@triton.jit
def math_of_numbers(o, p, N: tl.constexpr, C: tl.constexpr):
    a = tl.math.rsqrt(2.0)
    c = tl.log2(float(N))
    tl.store(o, a * c); tl.store(o + 1, tl.exp(1.0)); tl.store(o + 2, tl.sqrt(2.0))
    tl.store(p, tl.cast(C, tl.int64))


# ================================================================================================
# Constant placement after make_ttir: a @jit helper is its own tt.func, canonicalized, then inlined
# (its new constants hoisted to the top); zeros of two shapes; the integer 0 beside a zero tensor
# ================================================================================================

@triton.jit
def _const_inner(acc, x, start_m, STAGE: tl.constexpr, BLOCK: tl.constexpr):
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK
    else:
        lo, hi = start_m * BLOCK, (start_m + 1) * BLOCK
    for k in range(lo, hi, 16):
        acc += tl.load(x + k + tl.arange(0, 16))
    return acc


# (a) a helper called twice (two specializations, as attention's off-band and on-band parts):
# the 1 of the second call's (start_m + 1) * BLOCK
@case({"x": "*fp32", "o": "*fp32", "m": "i32"})
@triton.jit
def const_helper_twice(x, o, m):
    pid = tl.program_id(0)
    acc = tl.zeros([16], tl.float32)
    acc = _const_inner(acc, x, m, 1, 32)
    acc = _const_inner(acc, x, m, 2, 32)
    tl.store(o + pid * 16 + tl.arange(0, 16), acc)


# (b) zero tensors of two shapes, the 2-d one first (attention's acc, then m_i and l_i)
@case({"o": "*fp32"})
@triton.jit
def const_zeros_order(o):
    acc = tl.zeros([16, 32], tl.float32)
    m_i = tl.zeros([16], tl.float32)
    r = tl.arange(0, 16)
    tl.store(o + r, m_i + tl.sum(acc, 1))


# (c) the integer 0 beside an f32 zero tensor, as the layer-norm tutorial has them: `mean = 0`
# (a number assigned, then reassigned) makes %c0_i32 before tl.zeros; the loop's 0 and the
# load's other=0. follow
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def const_zero_int_float(x, o, n):
    row = tl.program_id(0)
    x += row * n
    mean = 0
    _mean = tl.zeros([16], tl.float32)
    for off in range(0, n, 16):
        cols = off + tl.arange(0, 16)
        a = tl.load(x + cols, mask=cols < n, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / n
    tl.store(o + row, mean)


@triton.jit
def _const_find_seq(starts, target, num_seqs, BLOCK_Q: tl.constexpr):
    right = num_seqs
    left = 0
    while left < right:
        mid = (left + right) // 2
        val = tl.load(starts + mid)
        mid_val = val // BLOCK_Q + mid
        if mid_val > target:
            right = mid
        else:
            left = mid + 1
    return left - 1


# (d) a binary-search helper with a while loop (vLLM's find_seq_idx, with right named first: Python
# carries names in the order they were first assigned, tritonc by their first value, an argument here)
@case({"starts": "*i32", "o": "*i32", "num_seqs": "i32"})
@triton.jit
def const_bsearch_helper(starts, o, num_seqs):
    pid = tl.program_id(0)
    seq = _const_find_seq(starts, pid, num_seqs, 16)
    tl.store(o + pid, seq)


# (e) a load's other=0 on float32 (an int32 0 and its splat, cast by a sitofp that folds), then an
# f32 zero tensor, then the int32 0 again: the load's 0 is where %c0_i32 is first met
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def const_cast_source(x, o, n):
    cols = tl.arange(0, 16)
    mask = cols < n
    a = tl.load(x + cols, mask=mask, other=0)
    a = tl.where(mask, a, 0.0)
    if n > 0:
        tl.store(o + cols, a)


@triton.jit
def _const_fold_stage(acc, x, start_m, STAGE: tl.constexpr, BLOCK: tl.constexpr):
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK
    else:
        lo, hi = start_m * BLOCK, (start_m + 1) * BLOCK
    for k in range(lo, hi, 16):
        offs = k + tl.arange(0, 16)
        if STAGE == 1:
            v = tl.load(x + offs).to(tl.float32)
            acc += tl.where(v > 0, v, 2.0)
        else:
            v = tl.load(x + offs, mask=offs < hi, other=0.0).to(tl.float32)
            acc += tl.where(v > 0, v, -1.0e6)
    return acc


# (f) what a helper's own canonicalization makes by folding lands below its other constants once
# inlined (flash attention's two stages): the first call's `lo = 0`, which only the loop uses (its
# bitcast folds), below the 2.0 met after it; the second call's float16 zero of other=0.0 (a
# truncf that folds) below the -1e6 met after it
@case({"x": "*fp16", "o": "*fp32", "m": "i32"})
@triton.jit
def const_helper_fold_last(x, o, m):
    pid = tl.program_id(0)
    acc = tl.zeros([16], tl.float32)
    acc = _const_fold_stage(acc, x, m, 1, 32)
    acc = _const_fold_stage(acc, x, m, 2, 32)
    tl.store(o + pid * 16 + tl.arange(0, 16), acc)


# ================================================================================================
# Language gaps: tl.static_assert, x.dtype, hints on a loop's induction variable, libdevice,
# make_block_ptr with base named
# ================================================================================================

# a passing static_assert emits nothing; dtype and element_ty steer the casts
@case({"x": "*fp16", "o": "*fp16", "B": "constexpr"}, {"B": 64})
@triton.jit
def gap_static_dtype(x, o, B: tl.constexpr):
    tl.static_assert(B % 32 == 0, "B must be a multiple of 32")
    r = tl.arange(0, B)
    a = tl.load(x + r)
    y = a.to(tl.float32) * 2.0
    tl.store(o + r, y.to(o.dtype.element_ty) + a.to(a.dtype))


# a failing static_assert
@case({"x": "*fp32", "B": "constexpr"}, {"B": 48}, fails=True)
@triton.jit
def err_static_assert(x, B: tl.constexpr):
    tl.static_assert(B % 32 == 0, "B must be a multiple of 32")
    tl.store(x, 1.0)


# an if on a constexpr is decided when compiling (only the branch taken is emitted); a return on
# one ends the body; a rebinding in a branch that returns dies with it
@case({"x": "*i32", "o": "*i32", "n": "i32", "C": "constexpr"}, {"C": 1})
@triton.jit
def const_if_constexpr(x, o, n, C: tl.constexpr):
    a = tl.load(x)
    if C == 0:
        a = a + 7
    else:
        a = a * 3
    if n > 0:
        a = a + 1
        tl.store(o, a)
        return
    tl.store(o + 1, a)
    if C == 1:
        return
    tl.store(o + 2, a)


# tl.multiple_of on a for loop's induction variable: Python drops the hint
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def gap_hint_induction(x, o, n):
    acc = tl.zeros([16], tl.float32)
    for k in range(0, n, 16):
        kk = tl.multiple_of(k, 16)
        acc += tl.load(x + kk + tl.arange(0, 16))
    tl.store(o + tl.arange(0, 16), acc)


# libdevice functions: an int exponent picks powi, abs is fabs, fma_rn, ldexp
@case({"x": "*fp32", "d": "*fp64"})
@triton.jit
def gap_libdevice(x, d):
    a = tl.load(x)
    y = tl.extra.cuda.libdevice.pow(a, 2)
    z = tl.extra.cuda.libdevice.abs(y)
    tl.store(x, tl.extra.cuda.libdevice.rint(tl.extra.cuda.libdevice.fma_rn(z, z, z)))
    tl.store(d, tl.extra.cuda.libdevice.ldexp(tl.load(d), 3))


# an unknown libdevice name
@case({"x": "*fp32"}, fails=True)
@triton.jit
def err_libdevice_name(x):
    tl.store(x, tl.extra.cuda.libdevice.rintt(tl.load(x)))


# make_block_ptr with base named: base first (addptr), then offsets (muli)
@case({"q": "*fp16", "o": "*fp16", "off": "i32", "m": "i32"})
@triton.jit
def gap_block_ptr_kw(q, o, off, m):
    p = tl.make_block_ptr(base=q + off, shape=(128, 64), strides=(64, 1), offsets=(m * 16, 0), block_shape=(16, 64), order=(1, 0))
    r = tl.make_block_ptr(o, shape=(128, 64), strides=(64, 1), offsets=(m * 16, 0), block_shape=(16, 64), order=(1, 0))
    tl.store(r, tl.load(p))


# a runtime ternary (each branch's ops in its region); names first defined in both branches of a
# runtime if (yielded after the others, sorted by name)
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def ctl_ternary_both_branch_names(x, o, n):
    a = tl.load(x) if n > 0 else 0.0
    if a > 1.0:
        m = a * 2.0
        loss = tl.load(x + 1)
        a = a + 3.0
    else:
        loss = a - 1.0
        m = a
    tl.store(o, loss + m + a)


# a runtime ternary of two values made before it: scf.if yielding them (make_ttir's canonicalizer
# may make it an arith.select; both sides must agree)
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def ctl_ternary_outside_values(x, o, n):
    a = tl.load(x)
    b = tl.load(x + 1)
    c = a if n > 0 else b
    tl.store(o, c)


# two names first defined in both branches, in the order opposite to their names' (z, then b):
# yielded sorted by name
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def ctl_both_branch_names_unsorted(x, o, n):
    if n > 0:
        z = tl.load(x)
        b = z * 2.0
    else:
        b = tl.load(x + 1)
        z = b + 1.0
    tl.store(o, z - b)


# ================================================================================================
# Errors: tritonc's builder and Triton's frontend must both reject these
# ================================================================================================

# // on floats
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_floordiv_float(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a // a)


# % between int32 and uint32 (different signedness)
@case({"x": "*i32", "y": "*u32", "o": "*i32"}, fails=True)
@triton.jit
def err_mod_signedness(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i)
    tl.store(o + i, a % u)


# a literal out of the tensor's range
@case({"x": "*i8", "o": "*i8"}, fails=True)
@triton.jit
def err_literal_range(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a + 300)


# a negative literal with an unsigned tensor
@case({"x": "*u32", "o": "*u32"}, fails=True)
@triton.jit
def err_unsigned_negative(x, o):
    i = tl.arange(0, 16)
    u = tl.load(x + i)
    tl.store(o + i, u + -1)


# tl.exp takes float32 and float64 only
@case({"x": "*fp16", "o": "*fp16"}, fails=True)
@triton.jit
def err_exp_f16(x, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i)
    tl.store(o + i, tl.exp(h))


# & on floats
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_bitwise_float(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a & a)


# arange of a range that is not a power of two
@case({"o": "*i32"}, fails=True)
@triton.jit
def err_arange_npow2(o):
    i = tl.arange(0, 12)
    tl.store(o + i, i)


# shapes that do not broadcast
@case({"o": "*i32"}, fails=True)
@triton.jit
def err_broadcast_shape(o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    tl.store(o + i, i + j)


# bitcast between widths
@case({"x": "*i32", "o": "*i64"}, fails=True)
@triton.jit
def err_bitcast_width(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a.to(tl.int64, bitcast=True))


# clamp of integers
@case({"x": "*i32", "o": "*i32"}, fails=True)
@triton.jit
def err_clamp_int(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, tl.clamp(a, 0, 10))


# an integer cast to fp8 (Python has no such cast)
@case({"x": "*i32", "o": "*fp8e4nv"}, fails=True)
@triton.jit
def err_cast_int_fp8(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a.to(tl.float8e4nv))


# other without mask
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_other_without_mask(x, o):
    i = tl.arange(0, 16)
    tl.store(o + i, tl.load(x + i, other=0.0))


# pointer + pointer
@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_add_pointers(x, y, o):
    tl.store(o, tl.load(x + y))


# pointer + float
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_pointer_float(x, o):
    tl.store(o, tl.load(x + 1.5))


# program_id axis out of range
@case({"o": "*i32"}, fails=True)
@triton.jit
def err_program_id_axis(o):
    tl.store(o, tl.program_id(3))


# fp_downcast_rounding on a widening cast
@case({"x": "*fp16", "o": "*fp32"}, fails=True)
@triton.jit
def err_rounding_upcast(x, o):
    i = tl.arange(0, 16)
    h = tl.load(x + i)
    tl.store(o + i, h.to(tl.float32, fp_downcast_rounding="rtz"))


# a tensor stored through a scalar pointer
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_store_block_to_scalar(x, o):
    i = tl.arange(0, 16)
    tl.store(o, tl.load(x + i))


# tl.expand_dims with an axis out of range
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_expand_dims_axis(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, tl.expand_dims(a, 2))
