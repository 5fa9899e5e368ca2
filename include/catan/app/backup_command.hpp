#pragma once
// `catan-server backup --data FILE --out COPY`: a consistent copy of a data file, safe while a server
// runs on it (SQLite's online backup; docs/operating.md, "Backups"). Exit codes: 0 done, 1 usage,
// 2 a file cannot be used (the data file is missing or not ours, COPY exists without --force or
// cannot be written, or the copy fails its check; nothing is left at COPY then).
#include <string>

namespace CLI { class App; }

namespace catan::app {

struct BackupConfig {
    std::string data_path;
    std::string out;
    bool force = false;
    int pages_per_step = 256;
    int pause_ms = 5;
};

void add_backup_flags(CLI::App& app, BackupConfig& config);
int run_backup(const BackupConfig& config);

}  // namespace catan::app
