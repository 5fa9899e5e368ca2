#pragma once
// The store tests that hold for both databases run once per backend:
//     const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
//     if (data.skipped()) return;  // PostgreSQL's binaries are absent: said with a WARN
//     INFO("backend: " << data.backend());
// and open their Store on data.location(): a file in a temporary directory, or a fresh database of the
// test process's own PostgreSQL server (pg_server.hpp).
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "pg_server.hpp"
#include "sql_query.hpp"
#include "temp_dir.hpp"

namespace catan::store::test {

class TestData {
public:
    explicit TestData(std::string backend) : backend_(std::move(backend)) {
        if (backend_ == "sqlite") {
            dir_.emplace();
            location_ = dir_->file("rooms.db").string();
        } else if (PgServer* server = PgServer::get()) {
            location_ = server->new_database();
        } else {
            WARN(PgServer::skip_reason());
        }
    }

    bool skipped() const { return location_.empty(); }
    bool postgres() const { return backend_ != "sqlite"; }
    const std::string& backend() const { return backend_; }
    const std::string& location() const { return location_; }  // the Store's path: a file or a URL

    // Runs SQL of this backend's dialect on a connection of the test's own; the rows as "a|b\n".
    std::string query(const std::string& statements) const {
        return postgres() ? PgServer::query(location_, statements) : test::query(location_, statements);
    }

private:
    std::string backend_;
    std::optional<TempDir> dir_;
    std::string location_;
};

}  // namespace catan::store::test
