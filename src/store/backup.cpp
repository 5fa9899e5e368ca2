// `catan-server backup`: SQLite's online backup API between two connections of this process, the
// source opened read-only (it is the server's live file), the copy under a temporary name.
#include "catan/store/backup.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <thread>

#include <sqlite3.h>

#include "schema.hpp"

namespace catan::store {

namespace {

namespace fs = std::filesystem;

struct Close {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Connection = std::unique_ptr<sqlite3, Close>;

Connection open(const std::string& path, int flags) {
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    Connection owned(db);
    if (rc != SQLITE_OK)
        throw StoreError("cannot open " + path + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)) +
                         "; check the path and its permissions");
    sqlite3_busy_timeout(db, 2000);  // the server's checkpoint may hold the file for a moment
    return owned;
}

// The single integer a query answers (its first column), or `fallback` without a row.
std::int64_t single(sqlite3* db, const std::string& path, const char* query, std::int64_t fallback = 0) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, query, -1, &stmt, nullptr) != SQLITE_OK)
        throw StoreError(path + ": " + sqlite3_errmsg(db) + " (in: " + query + ")");
    const int rc = sqlite3_step(stmt);
    const std::int64_t value = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : fallback;
    const std::string error = sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) throw StoreError(path + ": " + error + " (in: " + query + ")");
    return value;
}

// The verdict of PRAGMA integrity_check: "ok", or the first problems it lists.
std::string integrity(sqlite3* db, const std::string& path) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check(10)", -1, &stmt, nullptr) != SQLITE_OK)
        throw StoreError(path + ": " + sqlite3_errmsg(db));
    std::string verdict;
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const auto* line = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
        verdict += (verdict.empty() ? "" : "; ") + std::string(line ? line : "");
    }
    if (rc != SQLITE_DONE) verdict = sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    return verdict;
}

// Whether `db` is ours, and which schema version; throws with `what` saying which file it is.
int schema_version_of(sqlite3* db, const std::string& path, const std::string& what) {
    if (single(db, path, "PRAGMA application_id") != kApplicationId)
        throw StoreError(path + " is not a catan-server data file" + what);
    const std::int64_t version = single(db, path, "SELECT coalesce(max(version), 0) FROM schema_migrations");
    if (version < 1 || version > Store::kSchemaVersion)
        throw StoreError(path + " has schema version " + std::to_string(version) + ", which this catan-server (up to " +
                         std::to_string(Store::kSchemaVersion) + ") does not know" + what);
    return static_cast<int>(version);
}

// The rename is durable once the directory entry is: fsync the directory.
void sync_directory(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

void remove_journals(const std::string& path) {
    std::error_code ec;
    for (const char* suffix : {"-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

void remove_with_journals(const std::string& path) {
    std::error_code ec;
    fs::remove(path, ec);
    remove_journals(path);
}

}  // namespace

FileCheck check_data_file(const std::string& path) {
    const Connection db = open(path, SQLITE_OPEN_READONLY);
    const std::string verdict = integrity(db.get(), path);
    if (verdict != "ok") throw StoreError(path + " fails PRAGMA integrity_check: " + verdict);
    FileCheck check;
    check.schema_version = schema_version_of(db.get(), path, "");
    check.rooms = single(db.get(), path, "SELECT count(*) FROM rooms");
    return check;
}

BackupResult backup(const std::string& source_path, const std::string& target_path, const BackupOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    std::error_code ec;
    BackupResult result;
    result.source = fs::absolute(source_path, ec).string();
    result.target = fs::absolute(target_path, ec).string();
    const std::string& source = result.source;
    const std::string& target = result.target;
    if (!fs::is_regular_file(source, ec))
        throw StoreError(source + " does not exist or is not a file; pass the data file the server runs with (its --data)");
    if (fs::exists(target, ec)) {
        if (fs::equivalent(source, target, ec)) throw StoreError(target + " is the data file itself; pass another name for the copy");
        if (!options.overwrite) throw StoreError(target + " exists already; pass another name, or --force to replace it");
        if (!fs::is_regular_file(target, ec)) throw StoreError(target + " is not a file; pass another name for the copy");
    }
    // A target with a write-ahead log beside it may be a data file a server has open: replacing it
    // under that server would lose the copy and corrupt the server's file.
    for (const char* suffix : {"-wal", "-shm"})
        if (fs::exists(target + suffix, ec))
            throw StoreError(target + suffix + " exists: a server may be running on " + target +
                             "; stop it (or pass another name for the copy)");

    const Connection from = open(source, SQLITE_OPEN_READONLY);
    // Checked before copying: a file that is not ours is not backed up as if it were.
    schema_version_of(from.get(), source, "; pass the data file the server runs with (its --data)");

    // Beside the target, so that the rename is atomic (same file system); the pid keeps two backups
    // to the same target apart.
    const std::string partial = target + ".partial-" + std::to_string(::getpid());
    remove_with_journals(partial);
    try {
        {
            const Connection to = open(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
            sqlite3_backup* copy = sqlite3_backup_init(to.get(), "main", from.get(), "main");
            if (!copy) throw StoreError("cannot copy to " + partial + ": " + sqlite3_errmsg(to.get()));
            int rc = SQLITE_OK;
            int remaining_before = -1;
            while (true) {
                const int pages = result.restarts >= options.max_restarts ? -1 : options.pages_per_step;
                rc = sqlite3_backup_step(copy, pages);
                if (rc == SQLITE_DONE) break;
                if (rc != SQLITE_OK && rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
                // SQLite starts over when another connection (the server) wrote the source since the
                // last step: the pages left then grow instead of shrinking.
                const int remaining = sqlite3_backup_remaining(copy);
                if (remaining_before >= 0 && remaining > remaining_before) ++result.restarts;
                remaining_before = remaining;
                std::this_thread::sleep_for(options.pause);
            }
            result.pages = sqlite3_backup_pagecount(copy);
            sqlite3_backup_finish(copy);
            if (rc != SQLITE_DONE)
                throw StoreError("cannot copy " + source + " to " + partial + ": " + sqlite3_errstr(rc) +
                                 "; check that the target's directory is writable and has room");
            // The copy carries the source's WAL mode: fold any log into the file before it is closed,
            // so the renamed copy is one self-contained file.
            if (sqlite3_exec(to.get(), "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr) != SQLITE_OK)
                throw StoreError("cannot finish " + partial + ": " + sqlite3_errmsg(to.get()));
        }
        const FileCheck check = check_data_file(partial);
        result.schema_version = check.schema_version;
        result.rooms = check.rooms;
        remove_journals(partial);  // none left once its connections closed; never renamed with the copy
        {  // the copy's bytes reach the disk before its name does
            const int fd = ::open(partial.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0 || ::fsync(fd) != 0) {
                if (fd >= 0) ::close(fd);
                throw StoreError("cannot sync " + partial + " to disk");
            }
            ::close(fd);
        }
        result.bytes = static_cast<std::int64_t>(fs::file_size(partial, ec));
        fs::rename(partial, target, ec);
        if (ec) throw StoreError("cannot rename " + partial + " to " + target + ": " + ec.message());
        sync_directory(fs::path(target).parent_path());
    } catch (...) {
        remove_with_journals(partial);
        throw;
    }
    result.took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    return result;
}

}  // namespace catan::store
