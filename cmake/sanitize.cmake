# Build modes for hardening, applied to every target of the build tree (so the libraries, the test
# executables and the catan-server binary the socket tests start are all instrumented alike):
#   -DCATAN_SANITIZE=address,undefined   ASan + UBSan; any report aborts the process (no recovery)
#   -DCATAN_SANITIZE=thread              TSan
#   -DCATAN_FUZZ=ON                      libFuzzer targets in tests/fuzz (clang only); every library
#                                        gets coverage instrumentation (-fsanitize=fuzzer-no-link)
# The two combine: one clang tree with CATAN_SANITIZE=address,undefined and CATAN_FUZZ=ON builds the
# sanitized tests and the fuzzers from the same objects (scripts/test.sh does that).
set(CATAN_SANITIZE "" CACHE STRING "Sanitizers for every target: address,undefined or thread (empty: none)")
option(CATAN_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only)" OFF)

if(CATAN_SANITIZE)
  string(REPLACE "," ";" _catan_sanitizers "${CATAN_SANITIZE}")
  if("thread" IN_LIST _catan_sanitizers AND "address" IN_LIST _catan_sanitizers)
    message(FATAL_ERROR "CATAN_SANITIZE: thread cannot be combined with address; use two build trees")
  endif()
  # Frame pointers and line tables make the reports readable; no recovery makes any report fatal.
  add_compile_options(-fsanitize=${CATAN_SANITIZE} -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=${CATAN_SANITIZE})
  if("undefined" IN_LIST _catan_sanitizers)
    add_compile_options(-fno-sanitize-recover=all)
    add_link_options(-fno-sanitize-recover=all)
  endif()
endif()

if(CATAN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CATAN_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage for the libraries; only the fuzz executables link libFuzzer's main (-fsanitize=fuzzer).
  add_compile_options(-fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=fuzzer-no-link)
endif()
