/* tc_embed_write: compiled variants as a C source, linked into a program (no cache, no files,
 * no Python at run time). Binaries and the PTX are byte arrays: a string literal that long is
 * beyond what ISO C promises a compiler takes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/compile_internal.h"

static bool is_identifier(const char *s)
{
    if (!s || !*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

/* Why name cannot name the array of the C file (a keyword of C11 or C23, a macro of the headers
 * it includes, a reserved identifier), or NULL. */
static const char *unusable_name(const char *name)
{
    static const char *const words[] = {
        "alignas",       "alignof",  "auto",     "bool",         "break",  "case",    "char",   "const",
        "constexpr",     "continue", "default",  "do",           "double", "else",    "enum",   "extern",
        "false",         "float",    "for",      "goto",         "if",     "inline",  "int",    "long",
        "nullptr",       "register", "restrict", "return",       "short",  "signed",  "sizeof", "static",
        "static_assert", "struct",   "switch",   "thread_local", "true",   "typedef", "typeof", "typeof_unqual",
        "union",         "unsigned", "void",     "volatile",     "while",  "NULL",    "errno",  "assert",
        "offsetof"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(name, words[i]) == 0)
            return "is a C keyword or a standard macro";
    if (name[0] == '_' && (name[1] == '_' || (name[1] >= 'A' && name[1] <= 'Z')))
        return "is reserved in C (it begins with __ or with _ and a capital)";
    return NULL;
}

static void write_bytes(FILE *f, const char *type, const char *name, const char *what, int i, const unsigned char *p,
                        size_t n, bool nul)
{
    fprintf(f, "static const %s %s_%s_%d[] = {", type, name, what, i);
    for (size_t j = 0; j < n; j++)
        fprintf(f, "%s%s%d", j ? "," : "", j % 24 ? "" : "\n    ", (int)p[j]);
    fprintf(f, "%s%s};\n", nul ? (n ? ",0" : "0") : "", n || nul ? "\n" : "");
}

/* A C string literal, every byte outside plain printable ASCII as an octal escape. */
static void write_string(FILE *f, const char *s)
{
    if (!s) {
        fputs("NULL", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\' && *p != '?')
            fputc(*p, f);
        else
            fprintf(f, "\\%03o", *p);
    }
    fputc('"', f);
}

static void write_variant(FILE *f, const char *name, int i, const tc_variant *v)
{
    fputs("    {.kernel = ", f);
    write_string(f, v->kernel);
    fputs(", .config = ", f);
    write_string(f, v->config);
    fputs(", .spec = ", f);
    write_string(f, v->spec);
    const tc_options *o = &v->options;
    /* Designated, every field named: a compiler warning of missing initializers (clang's
     * -Wextra) must not fire in a user's build of this file. */
    fprintf(f, ",\n     .options = {.arch = %d, .num_warps = %d, .num_stages = %d, .num_ctas = %d, .debug = %s",
            o->arch, o->num_warps, o->num_stages, o->num_ctas, o->debug ? "true" : "false");
    if (o->maxnreg > 0)
        fprintf(f, ", .maxnreg = %d", o->maxnreg);
    if (o->disable_fp_fusion)
        fputs(", .disable_fp_fusion = true", f);
    if (o->launch_pdl)
        fputs(", .launch_pdl = true", f);
    if (o->launch_cooperative_grid)
        fputs(", .launch_cooperative_grid = true", f);
    if (o->ptx_options && *o->ptx_options) {
        fputs(", .ptx_options = ", f);
        write_string(f, o->ptx_options);
    }
    fputs("}, .symbol = ", f);
    write_string(f, v->symbol);
    fprintf(f, ",\n     .shared = %d, .num_warps = %d, .num_ctas = %d, .cluster_dims = {%d, %d, %d},\n", v->shared,
            v->num_warps, v->num_ctas, v->cluster_dims[0], v->cluster_dims[1], v->cluster_dims[2]);
    fprintf(f,
            "     .global_scratch_size = %d, .global_scratch_align = %d, .profile_scratch_size = %d, "
            ".profile_scratch_align = %d,\n",
            v->global_scratch_size, v->global_scratch_align, v->profile_scratch_size, v->profile_scratch_align);
    fprintf(f, "     .arch = %d, .triton_version = ", v->arch);
    write_string(f, v->triton_version);
    fprintf(f, ", .nargs = %d, .ir_hash = UINT64_C(0x%016llx),\n", v->nargs, (unsigned long long)v->ir_hash);
    if (v->cubin && v->cubin_size)
        fprintf(f, "     .cubin = %s_cubin_%d, .cubin_size = sizeof %s_cubin_%d,\n", name, i, name, i);
    else
        fputs("     .cubin = NULL, .cubin_size = 0,\n", f);
    if (v->ptx)
        fprintf(f, "     .ptx = (const char *)%s_ptx_%d", name, i);
    else
        fputs("     .ptx = NULL", f);
    if (v->ntensordesc > 0 && v->tensordesc)
        fprintf(f, ",\n     .ntensordesc = %d, .tensordesc = %s_tensordesc_%d", v->ntensordesc, name, i);
    fputs("},\n", f);
}

bool tc_embed_write(const char *path, const char *name, int n, const tc_variant *const *variants, char **err)
{
    return tc_embed_write_tables(path, name, n, variants, 0, NULL, err);
}

bool tc_embed_write_tables(const char *path, const char *name, int n, const tc_variant *const *variants, int ntables,
                           const char *const *tables, char **err)
{
    if (err)
        *err = NULL;
    if (!path || !is_identifier(name))
        return compile_fail(err, "tc_embed_write: '%s' is not a C identifier", name ? name : "(null)");
    const char *why = unusable_name(name);
    if (why)
        return compile_fail(err, "tc_embed_write: '%s' %s, not a usable identifier", name, why);
    if (n < 1 || !variants)
        return compile_fail(err, "tc_embed_write: no variants to embed");
    for (int i = 0; i < n; i++)
        if (!variants[i] || !variants[i]->kernel || !variants[i]->symbol)
            return compile_fail(err, "tc_embed_write: variant %d is NULL or has no kernel name or symbol", i);
    if (ntables < 0 || (ntables > 0 && !tables))
        return compile_fail(err, "tc_embed_write: %d tables and %s array", ntables, tables ? "an" : "no");
    for (int i = 0; i < ntables; i++)
        if (!tables[i])
            return compile_fail(err, "tc_embed_write: table %d is NULL", i);
    char *tmp = compile_format("%s.tmp", path);
    FILE *f = tmp ? fopen(tmp, "w") : NULL;
    if (!f) {
        compile_fail(err, "cannot write '%s': %s", tmp ? tmp : path, tmp ? strerror(errno) : "out of memory");
        free(tmp);
        return false;
    }
    fprintf(f, "/* Written by tritonc embed: %d compiled variant%s%s. Do not edit. */\n", n, n == 1 ? "" : "s",
            ntables ? " and tables of winners" : "");
    fputs("#include <stddef.h>\n\n#include <tritonc/compile.h>\n\n", f);
    fprintf(f, "extern const tc_variant %s[];\nextern const int %s_count;\n\n", name, name);
    for (int i = 0; i < n; i++) {
        const tc_variant *v = variants[i];
        if (v->cubin && v->cubin_size)
            write_bytes(f, "unsigned char", name, "cubin", i, v->cubin, v->cubin_size, false);
        if (v->ptx)
            write_bytes(f, "unsigned char", name, "ptx", i, (const unsigned char *)v->ptx, strlen(v->ptx), true);
        if (v->ntensordesc > 0 && v->tensordesc) {
            fprintf(f, "static const tc_tensordesc_meta %s_tensordesc_%d[] = {", name, i);
            for (int j = 0; j < v->ntensordesc; j++) {
                const tc_tensordesc_meta *m = &v->tensordesc[j];
                fprintf(f, "%s\n    {%d, %d, %d, %s, %d, {", j ? "," : "", m->swizzle, m->elem_size, m->elem_type,
                        m->fp4_padded ? "true" : "false", m->rank);
                for (int d = 0; d < m->rank && d < 5; d++)
                    fprintf(f, "%s%d", d ? ", " : "", m->block_size[d]);
                fputs("}}", f);
            }
            fputs("};\n", f);
        }
    }
    fprintf(f, "\nconst tc_variant %s[] = {\n", name);
    for (int i = 0; i < n; i++)
        write_variant(f, name, i, variants[i]);
    fprintf(f, "};\nconst int %s_count = %d;\n", name, n);
    if (ntables > 0) { /* byte arrays too: a table may be longer than a string literal may be */
        fprintf(f, "\n/* Tables of winners (docs/launch.md), for tc_autotune_create_from_tables. */\n");
        fprintf(f, "extern const char *const %s_tables[];\nextern const int %s_tables_count;\n", name, name);
        for (int i = 0; i < ntables; i++)
            write_bytes(f, "unsigned char", name, "table", i, (const unsigned char *)tables[i], strlen(tables[i]),
                        true);
        fprintf(f, "const char *const %s_tables[] = {\n", name);
        for (int i = 0; i < ntables; i++)
            fprintf(f, "    (const char *)%s_table_%d,\n", name, i);
        fprintf(f, "};\nconst int %s_tables_count = %d;\n", name, ntables);
    }
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok) {
        compile_fail(err, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
        remove(tmp);
    }
    free(tmp);
    return ok;
}
