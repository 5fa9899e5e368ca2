# Seed corpora written at configure time into <build>/tests/fuzz/seeds/<target>/, one example a file,
# from the schema examples of proto/v1 (so the seeds follow the protocol as it changes), and a few
# byte strings for the engine's command sequences.
set(_schemas "${CMAKE_SOURCE_DIR}/proto/v1")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  "${_schemas}/client.schema.json" "${_schemas}/command.schema.json" "${_schemas}/state.schema.json"
  "${_schemas}/room-file.schema.json")

# Writes element <i> of the JSON array <array> (text) to seeds/<target>/<stem>-<i>.json.
function(_catan_seed target stem array)
  string(JSON count LENGTH "${array}")
  if(count EQUAL 0)
    return()
  endif()
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON item GET "${array}" ${i})
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/seeds/${target}/${stem}-${i}.json" "${item}")
  endforeach()
endfunction()

file(READ "${_schemas}/client.schema.json" _client)
string(JSON _client_examples GET "${_client}" examples)
_catan_seed(fuzz_envelope client "${_client_examples}")

file(READ "${_schemas}/command.schema.json" _command)
string(JSON _command_examples GET "${_command}" examples)
_catan_seed(fuzz_command command "${_command_examples}")
# The commands inside the client examples and inside the exported rooms' logs.
string(JSON _n LENGTH "${_client_examples}")
math(EXPR _last "${_n} - 1")
foreach(i RANGE ${_last})
  string(JSON _type GET "${_client_examples}" ${i} type)
  if(_type STREQUAL "command")
    string(JSON _body GET "${_client_examples}" ${i} command)
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/seeds/fuzz_command/client-${i}.json" "${_body}")
  endif()
endforeach()
file(READ "${_schemas}/room-file.schema.json" _room_file)
string(JSON _rooms GET "${_room_file}" examples)
string(JSON _n LENGTH "${_rooms}")
math(EXPR _last "${_n} - 1")
foreach(r RANGE ${_last})
  string(JSON _log ERROR_VARIABLE _no_log GET "${_rooms}" ${r} commands)
  if(NOT _no_log)
    string(JSON _entries LENGTH "${_log}")
    if(_entries GREATER 0)
      math(EXPR _e_last "${_entries} - 1")
      foreach(e RANGE ${_e_last})
        string(JSON _c ERROR_VARIABLE _no_c GET "${_log}" ${e} command)
        if(NOT _no_c)
          file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/seeds/fuzz_command/room-${r}-${e}.json" "${_c}")
        endif()
      endforeach()
    endif()
  endif()
endforeach()

file(READ "${_schemas}/state.schema.json" _state)
string(JSON _state_examples GET "${_state}" examples)
_catan_seed(fuzz_state state "${_state_examples}")

# The engine reads bytes as choices: a few long strings play deep into games from the start.
foreach(i RANGE 1 4)
  string(RANDOM LENGTH 1500 RANDOM_SEED ${i} _bytes)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/seeds/fuzz_engine/random-${i}.bin" "${_bytes}")
endforeach()
