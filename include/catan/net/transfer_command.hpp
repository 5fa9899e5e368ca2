#pragma once
// `catan-server export` and `catan-server import`: move one room between data files (and so between
// servers) as a "catan-room" JSON document (docs/export-format.md). Exit codes: 0 done, 1 usage,
// 2 a file cannot be used (the data file, the document file, the output), 3 the document or the
// room is refused (invalid, does not replay, or its code is taken).
#include <string>

namespace CLI { class App; }

namespace catan::net {

struct ExportConfig {
    std::string data_path;
    std::string code;
    std::string out;  // empty: stdout
};

struct ImportConfig {
    std::string data_path;
    std::string in = "-";  // "-": stdin
    bool replace = false;
};

void add_export_flags(CLI::App& app, ExportConfig& config);
void add_import_flags(CLI::App& app, ImportConfig& config);
int run_export(const ExportConfig& config);
int run_import(const ImportConfig& config);

}  // namespace catan::net
