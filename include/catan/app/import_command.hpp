#pragma once
// `catan-server import`: checks a "catan-room" document written by `export` by replaying its game,
// then adds the room to a data file (docs/export-format.md). Exit codes: 0 done, 1 usage, 2 a file
// cannot be used (the data file, the document file), 3 the document or the room is refused (invalid,
// does not replay, or its code is taken).
#include <string>

namespace CLI { class App; }

namespace catan::app {

struct ImportConfig {
    std::string data_path;
    std::string in = "-";  // "-": stdin
    bool replace = false;
};

void add_import_flags(CLI::App& app, ImportConfig& config);
int run_import(const ImportConfig& config);

}  // namespace catan::app
