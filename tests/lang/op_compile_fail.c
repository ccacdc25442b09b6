/* The language names the ops it emits by opcode (src/lang/lang_internal.h): a misspelled op
 * and an op name given as a string both fail to compile (ops_named_by_opcode_at_compile_time). */
#include "lang/lang_internal.h"

tl_value emit_load(tl_site s, tl_builder *b, tl_value p, const tcir_type *rt);

tl_value emit_load(tl_site s, tl_builder *b, tl_value p, const tcir_type *rt)
{
#if CASE == 0
    return lang_emit(s, b, TCIR_OPC_TT_LOAD, 1, &p, rt, TL_F32, false, 0, NULL);
#elif CASE == 1
    return lang_emit(s, b, TCIR_OPC_TT_LAOD, 1, &p, rt, TL_F32, false, 0, NULL);
#else
    return lang_emit(s, b, "tt.load", 1, &p, rt, TL_F32, false, 0, NULL);
#endif
}
