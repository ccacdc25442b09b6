# `tritonc compile` and `tritonc embed` compile their variants several at once (tc_compile_many,
# --jobs): the stand-in sleeping 1 s per compile, six variants (--specialize and --arch lists)
# end in well under the 6 s one after the other would take, printed in the command line's
# order whatever order they ended in, with "N of 6 compiled" on stderr; the same again all come
# from the cache, nothing printed on stderr. `embed --table` compiles a table's winners (each of
# its SPECS; one variant twice is compiled once) and embeds them with the table's text.
#   cmake -DTRITONC=... -DCOMPILER=... -DOUT_DIR=... -DTABLES=<tests/cli/autotune> -P compile_parallel.cmake
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")

function(run_tritonc)
  string(TIMESTAMP t0 "%s")
  execute_process(COMMAND "${TRITONC}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(TIMESTAMP t1 "%s")
  math(EXPR seconds "${t1} - ${t0}")
  message(STATUS "tritonc ${ARGN}: exit ${rc} in ${seconds} s\n--- stdout\n${out}--- stderr\n${err}---")
  set(rc "${rc}" PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
  set(seconds "${seconds}" PARENT_SCOPE)
endfunction()

set(ENV{STAND_IN_SLEEP_MS} 1000)
set(lists --specialize DDDN,DDDD --arch 80,90,100 --compiler "${COMPILER}")
run_tritonc(compile vector_add ${lists} --cache-dir "${OUT_DIR}/cache" -j 6)
set(expect "")
foreach(arch 80 90 100)
  foreach(spec DDDN DDDD)
    string(APPEND expect "vector_add: vector_add, spec ${spec}, arch ${arch}, 4 warps, 3 stages, shared 3072, "
                         "4 arguments, triton 0.0-stand-in, compiled now\n")
  endforeach()
endforeach()
if(NOT rc EQUAL 0 OR NOT out STREQUAL expect OR seconds GREATER 4 OR NOT err MATCHES "tritonc: compile: 6 of 6 compiled \\(vector_add, spec D+[DN], arch [0-9]+\\)\n")
  message(FATAL_ERROR "compile: want exit 0 within 4 s, stdout\n${expect}and '6 of 6 compiled' on stderr")
endif()
string(REPLACE "compiled now" "from the cache" expect "${expect}")
run_tritonc(compile vector_add ${lists} --cache-dir "${OUT_DIR}/cache" -j 6)
if(NOT rc EQUAL 0 OR NOT out STREQUAL expect OR NOT err STREQUAL "")
  message(FATAL_ERROR "compile again: want every variant from the cache, nothing on stderr")
endif()

run_tritonc(embed -o "${OUT_DIR}/six.c" --name six --compile vector_add ${lists} --cache-dir "${OUT_DIR}/cache-embed" --jobs 6)
if(NOT rc EQUAL 0 OR NOT out MATCHES "six.c: 6 variants as six..\n$" OR seconds GREATER 4 OR NOT err MATCHES "tritonc: embed: 6 of 6 compiled")
  message(FATAL_ERROR "embed --compile: want 6 variants within 4 s")
endif()
file(READ "${OUT_DIR}/six.c" text)
string(REGEX MATCHALL "\\.spec = \"D+[DN]\",\n     \\.options = \\{\\.arch = [0-9]+" order "${text}")
string(REGEX REPLACE "\\.spec = \"([DN]+)\",\n     \\.options = \\{\\.arch = ([0-9]+)" "\\1@\\2" order "${order}")
if(NOT order STREQUAL "DDDN@80;DDDD@80;DDDN@90;DDDD@90;DDDN@100;DDDD@100")
  message(FATAL_ERROR "embed --compile: the variants in the order ${order}, not the command line's")
endif()

# A table's winners: 1000 (DDDN) and 8192 (DDDD) share BLOCK_SIZE=512, 65536 two keys of 1024.
unset(ENV{STAND_IN_SLEEP_MS})
run_tritonc(embed -o "${OUT_DIR}/tuned.c" --name tuned --table "${TABLES}/vector_add.table"
            --compiler "${COMPILER}" --cache-dir "${OUT_DIR}/cache-table")
if(NOT rc EQUAL 0 OR NOT out MATCHES "tuned.c: 4 variants as tuned.., 1 table of winners as tuned_tables..\n$"
   OR NOT err MATCHES "4 of 4 compiled")
  message(FATAL_ERROR "embed --table: want the 4 variants of the table's winners and its text")
endif()
file(READ "${OUT_DIR}/tuned.c" text)
string(REGEX MATCHALL "\\.config = \"BLOCK_SIZE=[0-9]+\", \\.spec = \"[DN]+\",\n     \\.options = \\{\\.arch = [0-9]+, \\.num_warps = [0-9]+, \\.num_stages = [0-9]+" got "${text}")
string(REGEX REPLACE "\\.config = \"BLOCK_SIZE=([0-9]+)\", \\.spec = \"([DN]+)\",\n     \\.options = \\{\\.arch = ([0-9]+), \\.num_warps = ([0-9]+), \\.num_stages = ([0-9]+)"
       "\\1 \\2 arch=\\3 warps=\\4 stages=\\5" got "${got}")
if(NOT got STREQUAL "512 DDDN arch=90 warps=4 stages=3;512 DDDD arch=90 warps=4 stages=3;1024 DDDD arch=90 warps=8 stages=2;1024 NDDD arch=90 warps=8 stages=2")
  message(FATAL_ERROR "embed --table: the winners' variants are ${got}")
endif()
if(NOT text MATCHES "const char \\*const tuned_tables\\[\\] = {\n    \\(const char \\*\\)tuned_table_0,\n};\nconst int tuned_tables_count = 1;\n$")
  message(FATAL_ERROR "embed --table: no tuned_tables in the C file")
endif()

# What cannot be embedded: a winner without its keys, a table that does not parse, another
# kernel's compile options without --compile.
foreach(case "no_specs.table|2|^tritonc: embed: table [^ ]*no_specs.table line 4: the winner 'BLOCK_SIZE=512' has no specialization key \\(SPECS\\), so which variant to embed is unknown"
             "vector_add.configs|2|^tritonc: embed: autotune table [^ ]*vector_add.configs line 2: 'key n_elements' where 'tritonc-autotune-table 1' begins a table\n$"
             "missing.table|2|^tritonc: embed: cannot read table '[^']*missing.table': No such file or directory\n$")
  string(REPLACE "|" ";" case "${case}")
  list(GET case 0 file)
  list(GET case 1 want_rc)
  list(GET case 2 want)
  run_tritonc(embed -o "${OUT_DIR}/bad.c" --table "${TABLES}/${file}" --compiler "${COMPILER}" --cache-dir "${OUT_DIR}/cache-table")
  if(NOT rc EQUAL want_rc OR NOT err MATCHES "${want}" OR EXISTS "${OUT_DIR}/bad.c")
    message(FATAL_ERROR "embed --table ${file}: want exit ${want_rc} and ${want}")
  endif()
endforeach()
run_tritonc(embed -o "${OUT_DIR}/bad.c" --table "${TABLES}/vector_add.table" --set BLOCK_SIZE=256)
if(NOT rc EQUAL 2 OR NOT err MATCHES "^tritonc: embed: compile's options .--set, --num-warps.... come with --compile NAME\n$")
  message(FATAL_ERROR "embed --table --set: want compile's options refused without --compile")
endif()
