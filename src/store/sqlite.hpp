#pragma once
// A thin RAII layer over the SQLite C API: one connection, prepared statements, and errors as
// exceptions that say which file and which statement failed. Internal to catan_store.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace catan::store::sql {

// Any SQLite failure; `code` is SQLite's primary result code (SQLITE_CORRUPT, SQLITE_NOTADB, ...).
class Error : public std::runtime_error {
public:
    Error(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }

private:
    int code_;
};

class Statement;

class Db {
public:
    // Opens an existing file or creates a new one (`create`); never truncates anything.
    Db(const std::string& path, bool create);
    ~Db();
    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    void exec(std::string_view sql);  // one or more statements without results
    Statement prepare(std::string_view sql);
    std::int64_t changes() const;
    const std::string& path() const { return path_; }
    sqlite3* handle() const { return db_; }
    [[noreturn]] void fail(int rc, std::string_view doing) const;

private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

// A prepared statement, reset on every use: bind(), then step() until it returns false.
class Statement {
public:
    Statement(Db& db, sqlite3_stmt* stmt) : db_(&db), stmt_(stmt) {}
    ~Statement();
    Statement(Statement&& other) noexcept : db_(other.db_), stmt_(other.stmt_) { other.stmt_ = nullptr; }
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;

    Statement& reset();  // clears bindings and rewinds; call before reusing
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, std::string_view text);
    Statement& bind_null(int index);
    bool step();  // true: a row is ready; false: done
    void run() { while (step()) {} }  // steps to the end (statements without rows)

    std::int64_t column_int(int index) const;
    std::string column_text(int index) const;
    bool column_null(int index) const;

private:
    Db* db_;
    sqlite3_stmt* stmt_;
};

// Runs `body` in one write transaction of `db` (BEGIN IMMEDIATE: the file is this connection's alone
// until COMMIT, so what the body reads stays true while it writes) and returns what it returns; any
// failure rolls it back and is rethrown for the caller to say what could not be done.
template <class Body>
auto write_transaction(Db& db, Body body) {
    db.exec("BEGIN IMMEDIATE");
    try {
        auto out = body();
        db.exec("COMMIT");
        return out;
    } catch (...) {
        try {
            db.exec("ROLLBACK");  // a failed COMMIT may have rolled back already
        } catch (const Error&) {
        }
        throw;
    }
}

}  // namespace catan::store::sql
