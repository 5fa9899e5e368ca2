#pragma once
// The PostgreSQL database's schemas: versioned migrations, each set recorded in a table of its own (the
// rooms' in schema_migrations, with the same version numbers as the SQLite file's, Store::kSchemaVersion;
// the notifications' in notify_migrations), run at start.
#include <functional>
#include <span>
#include <string>

#include "libpq.hpp"

namespace catan::store::pg {

struct Migration {
    int version;
    const char* description;
    const char* sql;
};

// One set of migrations and what guards it.
struct Migrations {
    const char* table;          // where the applied versions are recorded
    const char* label;          // in messages: "schema version", "notify schema version"
    std::span<const Migration> list;
    // Inside the migrating transaction, before anything is applied: throws StoreError when the database
    // is not one these migrations may change. `recorded`: whether `table` exists.
    std::function<void(Connection&, bool recorded)> check;
};

// Applies the migrations of `set` the database lacks, all in one transaction under an advisory lock
// (servers starting together migrate one after the other); refuses a database recorded at a version
// above the last one known. Returns the version. Throws StoreError naming `name` (the redacted URL) and
// what to do.
int migrate(Connection& db, const std::string& name, const Migrations& set);

// The rooms' schema: checks that the database is empty or a catan-server database this build
// understands, and migrates it.
int prepare_schema(Connection& db, const std::string& name);

}  // namespace catan::store::pg
