// `catan-server backup`: the store takes the copy (catan/store/backup.hpp); here are only flags,
// messages and exit codes.
#include "catan/app/backup_command.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "catan/store/backup.hpp"
#include "catan/store/store.hpp"
#include "data_file.hpp"

namespace catan::app {

void add_backup_flags(CLI::App& app, BackupConfig& c) {
    app.add_option("--data", c.data_path, "The server's data file (SQLite) to copy; the server may be running on it")->required();
    app.add_option("--out", c.out, "Where to write the copy (refused when it exists, unless --force)")->required();
    app.add_flag("--force", c.force, "Replace the --out file when it exists");
    app.add_option("--pages-per-step", c.pages_per_step,
                   "Pages (4 KB) copied at a time; between steps the server writes freely. A copy the server wrote "
                   "under is restarted, and after 8 restarts finished in one step")
        ->check(CLI::Range(1, 1 << 20))
        ->capture_default_str();
    app.add_option("--pause-ms", c.pause_ms, "Milliseconds between steps")->check(CLI::Range(0, 10000))->capture_default_str();
}

int run_backup(const BackupConfig& c) {
    log_to_stderr();
    if (store::is_database_url(c.data_path)) {
        spdlog::error("backup copies an SQLite data file; for a PostgreSQL database use pg_dump (docs/operating.md,"
                      " \"PostgreSQL\"); nothing was written to {}", c.out);
        return 1;
    }
    try {
        const store::BackupResult r = store::backup(c.data_path, c.out, {.overwrite = c.force, .pages_per_step = c.pages_per_step, .pause = std::chrono::milliseconds(c.pause_ms)});
        spdlog::info("backed up {} to {}: {} rooms, schema version {}, {} bytes, checked (integrity_check ok) in {} ms{}", r.source,
                     r.target, r.rooms, r.schema_version, r.bytes, r.took.count(),
                     r.restarts ? " (restarted " + std::to_string(r.restarts) + " times: the server wrote meanwhile)" : std::string());
        return 0;
    } catch (const store::StoreError& e) {
        spdlog::error("{}; nothing was written to {}", e.what(), c.out);
        return kFileProblem;
    }
}

}  // namespace catan::app
