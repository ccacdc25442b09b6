/* The metadata text: "key value" lines, "end" last (kernel.meta from the compiler, NAME.meta
 * from tc_variant_save, the head of a cache entry). Unknown keys are skipped, so a newer
 * compiler may say more. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/compile_internal.h"

char *compile_options_text(tc_options o)
{
    /* The options of issue 30 only when set: the text (the cache key) of every variant made
     * before them stays the same. ptx_options last, as it may hold spaces. */
    char extra[128] = "";
    size_t n = 0;
    if (o.maxnreg > 0)
        n += (size_t)snprintf(extra + n, sizeof extra - n, " maxnreg=%d", o.maxnreg);
    if (o.disable_fp_fusion)
        n += (size_t)snprintf(extra + n, sizeof extra - n, " enable_fp_fusion=0");
    if (o.launch_pdl)
        n += (size_t)snprintf(extra + n, sizeof extra - n, " launch_pdl=1");
    if (o.launch_cooperative_grid)
        snprintf(extra + n, sizeof extra - n, " launch_cooperative_grid=1");
    bool ptx = o.ptx_options && *o.ptx_options;
    return compile_format("arch=%d num_warps=%d num_stages=%d num_ctas=%d debug=%d%s%s%s", o.arch, o.num_warps,
                          o.num_stages, o.num_ctas, o.debug ? 1 : 0, extra, ptx ? " ptx_options=" : "",
                          ptx ? o.ptx_options : "");
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < -2147483647L || v > 2147483647L)
        return false;
    *out = (int)v;
    return true;
}

/* compile_options_text's text; ptx_options (malloc'd) replaces the one o holds. */
static bool parse_options(const char *s, tc_options *o)
{
    int debug = 0, used = 0;
    if (sscanf(s, "arch=%d num_warps=%d num_stages=%d num_ctas=%d debug=%d%n", &o->arch, &o->num_warps, &o->num_stages,
               &o->num_ctas, &debug, &used) != 5)
        return false;
    o->debug = debug != 0;
    o->maxnreg = 0;
    o->disable_fp_fusion = o->launch_pdl = o->launch_cooperative_grid = false;
    free((char *)o->ptx_options);
    o->ptx_options = NULL;
    for (s += used; *s == ' ';) {
        int v = 0, n = 0;
        s++;
        if (strncmp(s, "ptx_options=", 12) == 0) {
            o->ptx_options = base_strdup(s + 12);
            return o->ptx_options != NULL && s[12] != '\0';
        }
        if (sscanf(s, "maxnreg=%d%n", &v, &n) == 1 && n > 0)
            o->maxnreg = v;
        else if (sscanf(s, "enable_fp_fusion=%d%n", &v, &n) == 1 && n > 0)
            o->disable_fp_fusion = v == 0;
        else if (sscanf(s, "launch_pdl=%d%n", &v, &n) == 1 && n > 0)
            o->launch_pdl = v != 0;
        else if (sscanf(s, "launch_cooperative_grid=%d%n", &v, &n) == 1 && n > 0)
            o->launch_cooperative_grid = v != 0;
        else
            return false;
        s += n;
    }
    return *s == '\0';
}

/* 16 hex digits (compile_hash_hex) */
static bool parse_hash(const char *s, uint64_t *out)
{
    uint64_t h = 0;
    int n = 0;
    for (; n < 16; n++) {
        char c = s[n];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return false;
        h = h << 4 | (uint64_t)d;
    }
    if (s[n] != '\0')
        return false;
    *out = h;
    return true;
}

/* "SWIZZLE ELEM_SIZE ELEM_TYPE FP4_PADDED B0 [B1 ...]": one more of v's descriptors. */
static bool parse_tensordesc(const char *s, tc_variant *v)
{
    tc_tensordesc_meta m = {0};
    int fp4 = 0, used = 0;
    if (sscanf(s, "%d %d %d %d%n", &m.swizzle, &m.elem_size, &m.elem_type, &fp4, &used) != 4 || v->ntensordesc >= 64)
        return false;
    m.fp4_padded = fp4 != 0;
    for (s += used; *s == ' ' && m.rank < 5; m.rank++) {
        if (sscanf(s, " %d%n", &m.block_size[m.rank], &used) != 1 || m.block_size[m.rank] <= 0)
            return false;
        s += used;
    }
    if (*s || m.rank < 1 || m.swizzle < 0 || m.swizzle > 3 || m.elem_size <= 0 || m.elem_type < 0)
        return false;
    tc_tensordesc_meta *grown = realloc((void *)v->tensordesc, sizeof *grown * (size_t)(v->ntensordesc + 1));
    if (!grown)
        return false;
    grown[v->ntensordesc++] = m;
    v->tensordesc = grown;
    return true;
}

/* Sets one field from a line's key and value; false for a bad value. */
static bool set_field(tc_variant *v, const char *key, const char *val)
{
    struct {
        const char *name;
        int *field;
    } ints[] = {
        {"shared", &v->shared},
        {"num_warps", &v->num_warps},
        {"num_ctas", &v->num_ctas},
        {"global_scratch_size", &v->global_scratch_size},
        {"global_scratch_align", &v->global_scratch_align},
        {"profile_scratch_size", &v->profile_scratch_size},
        {"profile_scratch_align", &v->profile_scratch_align},
        {"arch", &v->arch},
        {"nargs", &v->nargs},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (strcmp(key, ints[i].name) == 0)
            return parse_int(val, ints[i].field);
    struct {
        const char *name;
        const char **field;
    } strs[] = {
        {"symbol", &v->symbol}, {"triton_version", &v->triton_version}, {"kernel", &v->kernel}, {"config", &v->config},
        {"spec", &v->spec},
    };
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        if (strcmp(key, strs[i].name) == 0) {
            free((char *)*strs[i].field);
            *strs[i].field = base_strdup(val);
            return *strs[i].field != NULL;
        }
    }
    if (strcmp(key, "cluster_dims") == 0) {
        int used = 0;
        return sscanf(val, "%d %d %d%n", &v->cluster_dims[0], &v->cluster_dims[1], &v->cluster_dims[2], &used) == 3 &&
            val[used] == '\0';
    }
    if (strcmp(key, "options") == 0)
        return parse_options(val, &v->options);
    if (strcmp(key, "tensordesc") == 0)
        return parse_tensordesc(val, v);
    if (strcmp(key, "ir_hash") == 0)
        return parse_hash(val, &v->ir_hash);
    return true; /* a key this version does not know */
}

bool compile_meta_parse(const char *text, tc_variant *v, char **err)
{
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        if (!eol)
            break; /* a last line without its newline: truncated */
        size_t n = (size_t)(eol - p);
        char line[1024];
        if (n >= sizeof line)
            return compile_fail(err, "metadata line too long");
        memcpy(line, p, n);
        line[n] = '\0';
        p = eol + 1;
        if (strcmp(line, "end") == 0)
            return v->symbol ? true : compile_fail(err, "metadata without a symbol");
        char *space = strchr(line, ' ');
        if (!space)
            return compile_fail(err, "bad metadata line '%s'", line);
        *space = '\0';
        if (!set_field(v, line, space + 1))
            return compile_fail(err, "bad metadata value for '%s': '%s'", line, space + 1);
    }
    return compile_fail(err, "metadata is truncated (no 'end' line)");
}

char *compile_meta_format(const tc_variant *v)
{
    char *opts = compile_options_text(v->options);
    if (!opts)
        return NULL;
    char hash[17];
    compile_hash_hex(v->ir_hash, hash);
    char *s = compile_format(
        "kernel %s\nconfig %s\nspec %s\noptions %s\nir_hash %s\nnargs %d\nsymbol %s\nshared %d\nnum_warps %d\n"
        "num_ctas %d\ncluster_dims %d %d %d\nglobal_scratch_size %d\nglobal_scratch_align %d\n"
        "profile_scratch_size %d\nprofile_scratch_align %d\narch %d\ntriton_version %s\nend\n",
        v->kernel ? v->kernel : "", v->config ? v->config : "", v->spec ? v->spec : "", opts, hash, v->nargs,
        v->symbol ? v->symbol : "", v->shared, v->num_warps, v->num_ctas, v->cluster_dims[0], v->cluster_dims[1],
        v->cluster_dims[2], v->global_scratch_size, v->global_scratch_align, v->profile_scratch_size,
        v->profile_scratch_align, v->arch, v->triton_version ? v->triton_version : "");
    free(opts);
    /* each host descriptor's line, before "end" */
    for (int i = 0; s && i < v->ntensordesc; i++) {
        const tc_tensordesc_meta *m = &v->tensordesc[i];
        char dims[64] = "";
        size_t n = 0;
        for (int d = 0; d < m->rank && d < 5; d++)
            n += (size_t)snprintf(dims + n, sizeof dims - n, " %d", m->block_size[d]);
        size_t len = strlen(s) - 4; /* before "end\n" */
        char *t = compile_format("%.*stensordesc %d %d %d %d%s\nend\n", (int)len, s, m->swizzle, m->elem_size,
                                 m->elem_type, m->fp4_padded ? 1 : 0, dims);
        free(s);
        s = t;
    }
    return s;
}
