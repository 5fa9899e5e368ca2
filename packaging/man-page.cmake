# Generates the man page catan-server.1.gz from the built binary's own --help and --version, with
# help2man: the page always says what the binary does. Run by cmake/packaging.cmake at build time:
#   cmake -DHELP2MAN=<help2man> -DGZIP=<gzip> -DBINARY=<catan-server> -DEXTRA=<catan-server.h2m>
#         -DWORK=<scratch folder> -DOUTPUT=<catan-server.1.gz> -P man-page.cmake
# Each subcommand's --help (the list comes from the "Subcommands:" part of the top --help) becomes a
# part of the SUBCOMMANDS section; EXTRA adds the hand-written sections (files, environment, exit codes).
foreach(var HELP2MAN GZIP BINARY EXTRA WORK OUTPUT)
  if(NOT ${var})
    message(FATAL_ERROR "man-page.cmake: -D${var}=... is missing")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK}")

# The variables of the environment must not change what --help prints (defaults come from the code).
foreach(name IN ITEMS CATAN_LISTEN CATAN_DATA CATAN_LOG_LEVEL)
  unset(ENV{${name}})
endforeach()

execute_process(COMMAND "${BINARY}" --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${BINARY} --help failed (${failed})")
endif()
# CLI11 lists subcommands after "Subcommands:", one per line: "  name   description".
string(REGEX REPLACE ".*\nSubcommands:\n" "" listing "${help}")
string(REGEX MATCHALL "\n?  ([a-z][a-z-]*) " entries "\n${listing}")
set(subcommands "")
foreach(entry IN LISTS entries)
  string(STRIP "${entry}" name)
  list(APPEND subcommands "${name}")
endforeach()
if(NOT subcommands)
  message(FATAL_ERROR "no subcommands found in the --help of ${BINARY}")
endif()

# roff: a backslash is written \e, and a line starting with . or ' would be a request.
function(roff_verbatim text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" text "\n${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(sections "[SUBCOMMANDS]\nWithout a subcommand, \\fBcatan-server\\fR serves (the same as \\fBserve\\fR).\nEach subcommand has its own \\fB\\-\\-help\\fR:\n")
foreach(name IN LISTS subcommands)
  execute_process(COMMAND "${BINARY}" ${name} --help OUTPUT_VARIABLE sub RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${BINARY} ${name} --help failed (${failed})")
  endif()
  # Its usage line names the binary by the path it was run from here: name it as installed.
  string(REPLACE "${BINARY}" "catan-server" sub "${sub}")
  # A subcommand whose options (and positionals) are all in the top --help besides -h (serve, the
  # default) is not repeated: its options are the list above.
  string(FIND "${sub}" "\nUsage:" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${BINARY} ${name} --help has no Usage line")
  endif()
  string(SUBSTRING "${sub}" ${at} -1 options)
  string(REGEX REPLACE "\nUsage:[^\n]*\n" "\n" options "${options}")
  string(REPLACE "\n" ";" option_lines "${options}")
  set(all_above FALSE)
  foreach(line IN LISTS option_lines)
    if(line STREQUAL "" OR line MATCHES "^(Options|Positionals):$" OR line MATCHES "^  -h,--help ")
      continue()
    endif()
    string(FIND "${help}" "${line}" at)
    if(at EQUAL -1)
      set(all_above FALSE)
      break()
    endif()
    set(all_above TRUE)
  endforeach()
  if(all_above)
    string(REGEX MATCH "^[^\n]*" summary "${sub}")
    roff_verbatim("${summary}" summary)
    string(STRIP "${summary}" summary)
    string(APPEND sections ".SS ${name}\n${summary}. It takes the options listed above.\n")
    continue()
  endif()
  roff_verbatim("${sub}" sub)
  string(APPEND sections ".SS ${name}\n.nf\n.ft CR${sub}\n.ft R\n.fi\n")
endforeach()
# --version: its first line ("catan-server 0.1.0") heads the page; the commit and the protocol
# version go in a VERSION section (help2man would put them loose after the options).
execute_process(COMMAND "${BINARY}" --version OUTPUT_VARIABLE version RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE)
if(failed OR NOT version MATCHES "^catan-server [^\n]+\n")
  message(FATAL_ERROR "${BINARY} --version failed (${failed}) or does not start with 'catan-server VERSION': ${version}")
endif()
string(FIND "${version}" "\n" eol)
string(SUBSTRING "${version}" 0 ${eol} version_line)
math(EXPR eol "${eol} + 1")
string(SUBSTRING "${version}" ${eol} -1 build_lines)
roff_verbatim("${build_lines}" build_lines)
string(REPLACE "\n" "\n.br\n" build_lines "${build_lines}")
string(APPEND sections "[VERSION]\nThis page describes ${version_line}, printed by \\fBcatan-server \\-\\-version\\fR:${build_lines}\n")
file(READ "${EXTRA}" extra)
file(WRITE "${WORK}/catan-server.h2m" "${sections}\n${extra}")

# SOURCE_DATE_EPOCH, when set, dates the page (reproducible builds); help2man reads it itself.
execute_process(COMMAND "${HELP2MAN}" --no-info --section=1 "--version-string=${version_line}"
                        "--name=a self-hosted multiplayer Catan server"
                        "--include=${WORK}/catan-server.h2m" "--output=${WORK}/catan-server.1" "${BINARY}"
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "help2man failed (${failed}) on ${BINARY}")
endif()
execute_process(COMMAND "${GZIP}" -9 -n -f "${WORK}/catan-server.1" RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip failed (${failed})")
endif()
file(RENAME "${WORK}/catan-server.1.gz" "${OUTPUT}")
