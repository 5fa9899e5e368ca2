#pragma once
// `catan-server export`: writes one room of a data file as a "catan-room" JSON document, to move it
// between data files (and so between servers) with `import` (docs/export-format.md). Exit codes: 0 done,
// 1 usage, 2 a file cannot be used (the data file, the output) or the room is not in it.
#include <string>

namespace CLI { class App; }

namespace catan::app {

struct ExportConfig {
    std::string data_path;
    std::string code;
    std::string out;  // empty: stdout
};

void add_export_flags(CLI::App& app, ExportConfig& config);
int run_export(const ExportConfig& config);

}  // namespace catan::app
