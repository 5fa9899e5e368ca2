#pragma once
// The data file's schemas: versioned migrations, each set recorded in a table of its own (the rooms' in
// schema_migrations, the notifications' in notify_migrations), run at start.
#include <span>

#include "sqlite.hpp"

namespace catan::store {

inline constexpr int kApplicationId = 0x4354414e;  // "CTAN": marks the file as ours (PRAGMA application_id)

// Checks that `db` is a catan-server file this build understands, sets WAL and full synchronous
// commits, and applies the migrations it lacks (each in its own transaction). Returns the schema
// version. Throws StoreError (with what to do) for a damaged, foreign or newer file.
int prepare_schema(sql::Db& db);

struct Migration {
    int version;
    const char* description;
    const char* sql;
};

// Applies the migrations of `list` above `version`, each in its own write transaction that also
// records it in `table`. Returns the version reached. Throws sql::Error.
int apply_migrations(sql::Db& db, const char* table, std::span<const Migration> list, int version);

}  // namespace catan::store
