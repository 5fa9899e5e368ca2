# Read by CTest after the discovered notify tests: labels the [postgres] ones "notify;postgres" (as
# tests/store/postgres_labels.cmake does for the store's).
if(notify_postgres_tests)
  set_tests_properties(${notify_postgres_tests} PROPERTIES LABELS "notify;postgres" TIMEOUT 60)
endif()
