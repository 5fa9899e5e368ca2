# Read by CTest after the discovered store tests: labels them "store;postgres". catch_discover_tests
# flattens its PROPERTIES, so a label list given there keeps only its first label.
if(store_postgres_tests)
  set_tests_properties(${store_postgres_tests} PROPERTIES LABELS "store;postgres")
endif()
