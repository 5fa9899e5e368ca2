#pragma once
// Internal to the app layer: what `export` and `import` share. Both open the data file like a second
// connection: SQLite's write-ahead log lets them run beside a server using the same file.
#include <memory>
#include <string>

#include "catan/store/store.hpp"

namespace catan::app {

// Exit codes (include/catan/app/export_command.hpp): 1 is a usage error.
inline constexpr int kFileProblem = 2;
inline constexpr int kRefused = 3;

// A command-line tool's messages: to stderr, as "level: text" (stdout may carry the document).
void log_to_stderr();

// The data file as a Store, or nothing (and the reason logged). `must_exist`: export never creates one.
std::unique_ptr<store::Store> open_store(const std::string& path, bool must_exist);

}  // namespace catan::app
