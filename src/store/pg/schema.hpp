#pragma once
// The PostgreSQL database's schema: versioned migrations recorded in its own schema_migrations table,
// with the same version numbers as the SQLite file's (Store::kSchemaVersion), run at start.
#include <string>

#include "libpq.hpp"

namespace catan::store::pg {

// Checks that the database is empty or a catan-server database this build understands, and applies
// the migrations it lacks, all in one transaction under an advisory lock (servers starting together
// migrate one after the other). Returns the schema version. Throws StoreError naming `name` (the
// redacted URL) and what to do.
int prepare_schema(Connection& db, const std::string& name);

}  // namespace catan::store::pg
