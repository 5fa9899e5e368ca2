# ctest's engine_assert_state: engine_tests "[assert-state]" must die in apply()'s state_is_ok assert
# (a checking build), not return from apply() and fail on its own. Usage: cmake -DENGINE_TESTS=<path> -P
execute_process(COMMAND "${ENGINE_TESTS}" "[assert-state]" RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${out}${err}" MATCHES "Assertion .result [|][|] state_is_ok[(]s[)]. failed")
  message(FATAL_ERROR "apply() did not assert state_is_ok on a broken state (result: ${result}):\n${out}${err}")
endif()
message(STATUS "apply() asserted state_is_ok (result: ${result})")
