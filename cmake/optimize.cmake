# Speed options for the rules engine (docs/performance.md "Build options: LTO and PGO"):
#   -DCATAN_LTO=ON|OFF        link-time optimisation of the engine and the random-game simulator, and
#                             so of every binary that links them (GCC; default ON in Release and
#                             RelWithDebInfo builds without sanitizers or fuzzing, OFF otherwise)
#   -DCATAN_PGO=generate|use  profile-guided optimisation of the same libraries, in two steps in ONE
#                             build tree: `generate` instruments them (profiles go to CATAN_PGO_DIR),
#                             engine_pgo_train plays the training games, `use` rebuilds them from the
#                             profiles. scripts/pgo_build.sh runs the three steps.
#   -DCATAN_PGO_DIR=PATH      where the profiles (.gcda files) live (default <build>/pgo-profile)
# Only the engine-side libraries are affected (catan_optimize_engine() below names them): they are
# where random games spend their time, and they are small, so LTO costs seconds, not minutes; the
# Boost/JSON/SQLite layers stay ordinary objects.
get_property(_catan_multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
if(CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo)$" AND NOT _catan_multi_config
   AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT CATAN_SANITIZE AND NOT CATAN_FUZZ)
  set(_catan_lto_default ON)
else()
  set(_catan_lto_default OFF)
endif()
option(CATAN_LTO "Link-time optimisation of the rules engine and the simulator" ${_catan_lto_default})
set(CATAN_PGO "" CACHE STRING "Profile-guided optimisation of the engine: generate, use or empty (off)")
set_property(CACHE CATAN_PGO PROPERTY STRINGS "" generate use)
set(CATAN_PGO_DIR "${CMAKE_BINARY_DIR}/pgo-profile" CACHE PATH "Profiles of CATAN_PGO=generate, read by CATAN_PGO=use")

if(CATAN_LTO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  # The flags below are GCC's (-flto=auto on the links of the binaries); clang trees (sanitizers,
  # fuzzing) are about finding bugs, not speed.
  message(WARNING "CATAN_LTO is supported with GCC only; building without it")
  set(CATAN_LTO OFF)
endif()
if(CATAN_LTO)
  include(CheckIPOSupported)
  check_ipo_supported(RESULT _catan_ipo_ok OUTPUT _catan_ipo_why LANGUAGES CXX)
  if(NOT _catan_ipo_ok)
    message(WARNING "CATAN_LTO: the compiler cannot do link-time optimisation here, building without it: ${_catan_ipo_why}")
    set(CATAN_LTO OFF)
  endif()
endif()
if(CATAN_PGO AND NOT CATAN_PGO MATCHES "^(generate|use)$")
  message(FATAL_ERROR "CATAN_PGO must be generate, use or empty, not '${CATAN_PGO}'")
endif()
if(CATAN_PGO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "CATAN_PGO uses GCC's -fprofile-generate/-fprofile-use; configure with g++")
endif()
if(CATAN_PGO STREQUAL "use" AND NOT EXISTS "${CATAN_PGO_DIR}")
  message(FATAL_ERROR "CATAN_PGO=use: no profiles in ${CATAN_PGO_DIR}; build with CATAN_PGO=generate and run "
                      "engine_pgo_train first (scripts/pgo_build.sh does both)")
endif()
message(STATUS "engine speed options: CATAN_LTO=${CATAN_LTO} CATAN_PGO=${CATAN_PGO}")

# Applies the options to the engine-side libraries. With LTO their objects carry GCC's intermediate
# code only (-fno-fat-lto-objects), so every binary linking them links with -flto too (INTERFACE).
function(catan_optimize_engine)
  foreach(target IN LISTS ARGN)
    if(CATAN_LTO)
      set_property(TARGET ${target} PROPERTY INTERPROCEDURAL_OPTIMIZATION ON)
      target_link_options(${target} INTERFACE -flto=auto)
      # The rules are instantiated per variant, and at link time GCC's inliner ran out of its budget
      # for growing the program (the default 40 %) before the small helpers of the hot paths (a
      # vector append per listed command among them): a larger budget for these libraries only.
      target_compile_options(${target} PRIVATE --param=inline-unit-growth=300)
    endif()
    if(CATAN_PGO)
      # No ccache for either step: with CCACHE_BASEDIR it compiles with relative paths, and the source
      # locations in the profile would not match those of the other step (-Wcoverage-mismatch); the
      # objects of `use` also depend on the profiles, which ccache does not see.
      set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER "")
    endif()
    if(CATAN_PGO STREQUAL "generate")
      target_compile_options(${target} PRIVATE -fprofile-generate=${CATAN_PGO_DIR})
      target_link_options(${target} INTERFACE -fprofile-generate=${CATAN_PGO_DIR})
    elseif(CATAN_PGO STREQUAL "use")
      # Partial training: code the training games never reach (errors, events) is optimised as
      # without a profile instead of for size. A source file without a profile is not an error.
      target_compile_options(${target} PRIVATE -fprofile-use=${CATAN_PGO_DIR} -fprofile-partial-training
                                               -Wno-missing-profile)
    endif()
  endforeach()
endfunction()
