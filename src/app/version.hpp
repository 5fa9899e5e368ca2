#pragma once
// What this binary is: its release (CMake's project version), the git commit it was built from and
// the protocol version it speaks. `catan-server --version` prints them, the server logs them at start.
#include <string>
#include <string_view>

namespace catan::app {

// CMake's project version, e.g. "0.1.0".
std::string_view release_version();

// The short hash of the commit the build came from, with "-dirty" when tracked files had changes, or
// "unknown" when not built from a git checkout. Written at build time into a generated file
// (src/app/version.cmake), the only file recompiled when the commit changes.
std::string_view build_commit();

// "catan-server 0.1.0\ncommit: 1a2b3c4\nprotocol: 1" (no trailing newline).
std::string version_text();

// The same on one line, for the server's log.
std::string version_line();

}  // namespace catan::app
