#pragma once
// The data file's schema: versioned migrations recorded in schema_migrations, run at start.
#include "sqlite.hpp"

namespace catan::store {

inline constexpr int kApplicationId = 0x4354414e;  // "CTAN": marks the file as ours (PRAGMA application_id)

// Checks that `db` is a catan-server file this build understands, sets WAL and full synchronous
// commits, and applies the migrations it lacks (each in its own transaction). Returns the schema
// version. Throws StoreError (with what to do) for a damaged, foreign or newer file.
int prepare_schema(sql::Db& db);

}  // namespace catan::store
