/* stand_in_compiler: a test double for tools/triton_compile.py, speaking its command line
 * (docs/compile.md) without Python or Triton:
 *
 *   stand_in_compiler --version          prints "triton $STAND_IN_VERSION" (default 0.0-stand-in)
 *   stand_in_compiler --ttir F -o DIR [--arch N] [--num-warps N] [--num-stages N] [--num-ctas N] [--debug]
 *                     [--maxnreg N] [--no-fp-fusion] [--launch-pdl] [--launch-cooperative-grid]
 *                     [--ptx-options TEXT]
 *       writes DIR/kernel.cubin ("stand-in cubin: <symbol> <options>\n" + the TTIR's length;
 *       the options of issue 30 appear only when given: " maxnreg=N fp_fusion=0 pdl=1
 *       cooperative=1 ptx_options=[TEXT]"),
 *       DIR/kernel.ptx (".visible .entry <symbol>()" ...) and DIR/kernel.meta, the symbol read
 *       from the TTIR's `tt.func public @NAME(`; shared = 1024 * num_stages.
 *
 * For each host tensor descriptor argument of the TTIR's function (!tt.tensordesc<tensor<AxBxT>>)
 * with --arch 90 or above it writes a "tensordesc" line, as Triton's tensordesc_meta would: the
 * swizzle of the block's innermost row (128, 64, 32 bytes or none), the element's size and TMA
 * type (Triton's numbering), and the block with its innermost dimension cut to the swizzle width.
 * Below sm_90 none (Triton then decomposes the descriptors).
 *
 * What it does on demand, from the environment:
 *   STAND_IN_LOG=FILE      appends "compile <symbol>" or "version" per run (counts compiles)
 *   STAND_IN_FAIL=1        fails the compile: one error line, exit 4
 *   STAND_IN_NO_TRITON=1   as triton_compile.py without the triton package: exit 3
 *   STAND_IN_HANG=1        never finishes (sleeps until killed)
 *   STAND_IN_GARBAGE=1     writes a kernel.meta cut short (no "end" line)
 *   STAND_IN_SLEEP_MS=N    sleeps N ms before writing (concurrent writers overlap)
 *   STAND_IN_CLOSE_AND_HANG=1  closes its stdout, stderr and every other descriptor, then never finishes
 *   STAND_IN_PID_FILE=FILE writes its process id there (then FILE.done) when it starts compiling
 *   STAND_IN_TIME_US=NEEDLE@US;NEEDLE@US...
 *                          the cubin says " time_us=US" (each launch's time on the fake driver,
 *                          tests/doubles/fake_libcuda.c) of the first NEEDLE found in the TTIR or
 *                          in " warps=W stages=S" (so configs time apart); none found: nothing
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

static void log_line(const char *what, const char *symbol)
{
    const char *path = env("STAND_IN_LOG");
    FILE *f = path ? fopen(path, "a") : NULL;
    if (f) {
        fprintf(f, "%s%s%s\n", what, symbol ? " " : "", symbol ? symbol : "");
        fclose(f);
    }
}

static int fail(int code, const char *msg)
{
    fprintf(stderr, "stand_in_compiler: %s\n", msg);
    return code;
}

static char *read_text(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)*len + 1);
    if (s && fread(s, 1, (size_t)*len, f) != (size_t)*len) {
        free(s);
        s = NULL;
    }
    if (s)
        s[*len] = '\0';
    fclose(f);
    return s;
}

static int write_text(const char *dir, const char *file, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

/* The "tensordesc" metadata lines of the function's descriptor arguments (its first line). */
static void tensordesc_lines(const char *ttir, char *out, size_t cap)
{
    const char *at = strstr(ttir, "tt.func public @");
    const char *eol = at ? strchr(at, '\n') : NULL;
    size_t n = 0;
    for (const char *p = at; p && eol && (p = strstr(p, "!tt.tensordesc<tensor<")) && p < eol;) {
        p += strlen("!tt.tensordesc<tensor<");
        long dims[5];
        int rank = 0;
        char *end;
        while (rank < 5 && *p >= '0' && *p <= '9') {
            dims[rank++] = strtol(p, &end, 10);
            p = end + (*end == 'x');
        }
        const char *t = *p == 's' || *p == 'u' ? p + 1 : p; /* si8, ui8: the signedness */
        int bytes = 0, type = 0;
        static const struct {
            const char *name;
            int size, type; /* Triton's TMA numbering: 8 f32 ftz, 9 f64, 10 bf16 */
        } types[] = {{"f16", 2, 6}, {"bf16", 2, 10}, {"f32", 4, 7}, {"f64", 8, 9}, {"i8", 1, 0}, {"i16", 2, 1},
                     {"i32", 4, 3}, {"i64", 8, 5}, {"f8", 1, 0}};
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (strncmp(t, types[i].name, strlen(types[i].name)) == 0) {
                bytes = types[i].size;
                type = types[i].type;
                if (*p == 'u' && type == 3)
                    type = 2;
                break;
            }
        if (!bytes || !rank)
            continue;
        long row = dims[rank - 1] * bytes;
        int swizzle = row >= 128 ? 3 : row >= 64 ? 2 : row >= 32 ? 1 : 0;
        if (swizzle)
            dims[rank - 1] = (16L << swizzle) / bytes; /* 32, 64, 128 bytes */
        n += (size_t)snprintf(out + n, cap - n, "tensordesc %d %d %d 0", swizzle, bytes, type);
        for (int d = 0; d < rank && n < cap; d++)
            n += (size_t)snprintf(out + n, cap - n, " %ld", dims[d]);
        if (n < cap)
            n += (size_t)snprintf(out + n, cap - n, "\n");
        if (n >= cap)
            break;
    }
}

int main(int argc, char **argv)
{
    const char *ttir = NULL, *out = NULL;
    int arch = 90, warps = 4, stages = 3, ctas = 1, debug = 0;
    char extra[512] = ""; /* the options of issue 30, as given */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--version") == 0) {
            log_line("version", NULL);
            if (env("STAND_IN_NO_TRITON"))
                return fail(3, "the 'triton' Python package is not installed");
            printf("triton %s\n", env("STAND_IN_VERSION") ? env("STAND_IN_VERSION") : "0.0-stand-in");
            return 0;
        }
        if (strcmp(a, "--debug") == 0) {
            debug = 1;
            continue;
        }
        if (strcmp(a, "--no-fp-fusion") == 0 || strcmp(a, "--launch-pdl") == 0 ||
            strcmp(a, "--launch-cooperative-grid") == 0) {
            const char *word = a[2] == 'n' ? " fp_fusion=0" : a[9] == 'p' ? " pdl=1" : " cooperative=1";
            strncat(extra, word, sizeof extra - strlen(extra) - 1);
            continue;
        }
        if (i + 1 == argc)
            return fail(2, "bad command line: an option without its value");
        const char *v = argv[++i];
        if (strcmp(a, "--ttir") == 0)
            ttir = v;
        else if (strcmp(a, "-o") == 0)
            out = v;
        else if (strcmp(a, "--arch") == 0)
            arch = atoi(v);
        else if (strcmp(a, "--num-warps") == 0)
            warps = atoi(v);
        else if (strcmp(a, "--num-stages") == 0)
            stages = atoi(v);
        else if (strcmp(a, "--num-ctas") == 0)
            ctas = atoi(v);
        else if (strcmp(a, "--maxnreg") == 0 || strcmp(a, "--ptx-options") == 0) {
            char word[300];
            snprintf(word, sizeof word, a[2] == 'm' ? " maxnreg=%s" : " ptx_options=[%s]", v);
            strncat(extra, word, sizeof extra - strlen(extra) - 1);
        }
        else
            return fail(2, "bad command line: unknown option");
    }
    if (!ttir || !out)
        return fail(2, "bad command line: want --version, or --ttir FILE -o DIR");
    if (env("STAND_IN_NO_TRITON"))
        return fail(3, "the 'triton' Python package is not installed");
    long len = 0;
    char *text = read_text(ttir, &len);
    if (!text)
        return fail(2, "cannot read the TTIR file");
    char symbol[256] = "?";
    const char *at = strstr(text, "tt.func public @");
    if (at)
        sscanf(at + strlen("tt.func public @"), "%255[A-Za-z0-9_]", symbol);
    char opts_text[64], time_us[64] = "";
    snprintf(opts_text, sizeof opts_text, " warps=%d stages=%d", warps, stages);
    for (const char *t = env("STAND_IN_TIME_US"); t && *t;) {
        char needle[256];
        double us;
        if (sscanf(t, "%255[^@;]@%lf", needle, &us) == 2 && (strstr(text, needle) || strstr(opts_text, needle))) {
            snprintf(time_us, sizeof time_us, " time_us=%g", us);
            break;
        }
        t += strcspn(t, ";");
        t += *t == ';';
    }
    char descs[1024] = "";
    if (arch >= 90)
        tensordesc_lines(text, descs, sizeof descs);
    free(text);
    log_line("compile", symbol);
    if (env("STAND_IN_PID_FILE")) {
        char done[4200];
        snprintf(done, sizeof done, "%s.done", env("STAND_IN_PID_FILE"));
        FILE *f = fopen(env("STAND_IN_PID_FILE"), "w");
        if (f) {
            fprintf(f, "%ld\n", (long)getpid());
            fclose(f);
            rename(env("STAND_IN_PID_FILE"), done);
        }
    }
    if (env("STAND_IN_CLOSE_AND_HANG")) { /* every descriptor: whatever copy of the output it holds */
        fflush(NULL);
        for (int fd = 0; fd < 1024; fd++)
            close(fd);
        for (;;)
            sleep(1);
    }
    if (env("STAND_IN_HANG"))
        for (;;)
            sleep(1);
    if (env("STAND_IN_FAIL"))
        return fail(4, "compile failed: RuntimeError: stand-in failure on demand");
    if (env("STAND_IN_SLEEP_MS")) {
        long ms = atol(env("STAND_IN_SLEEP_MS"));
        struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
    char cubin[1200], ptx[512], meta[2048];
    snprintf(cubin, sizeof cubin, "stand-in cubin: %s arch=%d warps=%d stages=%d ctas=%d debug=%d%s ttir=%ld%s\n",
             symbol, arch, warps, stages, ctas, debug, extra, len, time_us);
    snprintf(ptx, sizeof ptx, "//\n// stand-in PTX\n.version 8.7\n.target sm_%d\n.visible .entry %s()\n{\n\tret;\n}\n",
             arch, symbol);
    snprintf(meta, sizeof meta,
             "symbol %s\nshared %d\nnum_warps %d\nnum_ctas %d\ncluster_dims %d 1 1\nglobal_scratch_size 0\n"
             "global_scratch_align 1\nprofile_scratch_size 0\nprofile_scratch_align 1\narch %d\n"
             "triton_version %s\ncompile_ms 0.1\n%s%s",
             symbol, 1024 * stages, warps, ctas, ctas, arch,
             env("STAND_IN_VERSION") ? env("STAND_IN_VERSION") : "0.0-stand-in", descs,
             env("STAND_IN_GARBAGE") ? "" : "end\n");
    if (env("STAND_IN_GARBAGE"))
        meta[strlen(meta) / 2] = '\0';
    if (!write_text(out, "kernel.cubin", cubin) || !write_text(out, "kernel.ptx", ptx) ||
        !write_text(out, "kernel.meta", meta))
        return fail(4, "cannot write into the output directory");
    return 0;
}
