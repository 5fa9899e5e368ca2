#pragma once
// A consistent copy of a data file while a server may be writing it (`catan-server backup`), through
// SQLite's online backup API: the copy is taken a few pages at a time with short pauses between
// steps, so the server's writer is never held up, and a copy the server changed underneath is simply
// restarted by SQLite. The copy is written under a temporary name beside the target, checked
// (PRAGMA integrity_check, and that it is a catan-server data file with a schema version this build
// knows), synced, and only then renamed into place: a reader never sees half a backup.
#include <chrono>
#include <cstdint>
#include <string>

#include "catan/store/store.hpp"

namespace catan::store {

struct BackupOptions {
    bool overwrite = false;                    // replace an existing target (--force)
    int pages_per_step = 256;                  // 1 MB of 4 KB pages per step
    std::chrono::milliseconds pause{5};        // between steps: the server's writes go in meanwhile
    // A source that changes faster than the copy completes restarts it every time; after this many
    // restarts the rest is copied in one step (one read transaction: in WAL mode the server still
    // writes meanwhile, only its checkpoints wait for the copy).
    int max_restarts = 8;
};

struct BackupResult {
    std::string source, target;   // absolute paths
    int schema_version = 0;
    std::int64_t rooms = 0;       // rooms in the copy
    std::int64_t pages = 0;       // the copy's size in pages ...
    std::int64_t bytes = 0;       // ... and in bytes
    int restarts = 0;             // copies restarted because the server wrote meanwhile
    std::chrono::milliseconds took{0};
};

// Copies the data file `source` to `target`. Throws StoreError, naming the file and what to do, when
// the source is missing or is not a catan-server data file, the target exists (without
// `overwrite`), is the source, or cannot be written, or the copy fails its check (nothing is left at
// `target` then, and an existing target is untouched).
BackupResult backup(const std::string& source, const std::string& target, const BackupOptions& options = {});

// What a file holds, read-only: whether it is a catan-server data file that passes
// PRAGMA integrity_check, its schema version and room count. Throws StoreError when it is not.
struct FileCheck {
    int schema_version = 0;
    std::int64_t rooms = 0;
};
FileCheck check_data_file(const std::string& path);

}  // namespace catan::store
