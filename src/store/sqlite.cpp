#include "sqlite.hpp"

#include <sqlite3.h>

namespace catan::store::sql {

Db::Db(const std::string& path, bool create) : path_(path) {
    const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw Error(rc, "cannot open " + path + ": " + message);
    }
    sqlite3_extended_result_codes(db_, 0);
    // Another process holding the file (a second server on the same --data) waits a little, then fails.
    sqlite3_busy_timeout(db_, 2000);
}

Db::~Db() { sqlite3_close_v2(db_); }

void Db::fail(int rc, std::string_view doing) const {
    throw Error(rc, path_ + ": " + std::string(doing) + ": " + sqlite3_errmsg(db_));
}

void Db::exec(std::string_view sql) {
    char* message = nullptr;
    const std::string text(sql);
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        const std::string why = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        throw Error(rc, path_ + ": " + why + " (in: " + text.substr(0, 80) + ")");
    }
}

Statement Db::prepare(std::string_view sql) {
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc, "preparing " + std::string(sql.substr(0, 80)));
    return Statement(*this, stmt);
}

std::int64_t Db::changes() const { return sqlite3_changes64(db_); }

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
    if (const int rc = sqlite3_bind_int64(stmt_, index, value); rc != SQLITE_OK) db_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    if (const int rc = sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT); rc != SQLITE_OK)
        db_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind_null(int index) {
    if (const int rc = sqlite3_bind_null(stmt_, index); rc != SQLITE_OK) db_->fail(rc, "binding");
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    sqlite3_reset(stmt_);
    db_->fail(rc, std::string("running ") + sqlite3_sql(stmt_));
}

std::int64_t Statement::column_int(int index) const { return sqlite3_column_int64(stmt_, index); }

std::string Statement::column_text(int index) const {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, index));
    return text ? std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index))) : std::string();
}

bool Statement::column_null(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }

}  // namespace catan::store::sql
