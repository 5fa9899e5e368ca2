#pragma once
// The store tests' own look into a data file: SQL run with a connection of the test's (not the store's).
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <string>

namespace catan::store::test {

// Runs SQL on the file with a connection of the test's own (not the store's).
inline std::string query(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    std::string out;
    char* error = nullptr;
    const int rc = sqlite3_exec(
        db, sql.c_str(),
        [](void* text, int n, char** values, char**) {
            auto& s = *static_cast<std::string*>(text);
            for (int i = 0; i < n; ++i) s += std::string(values[i] ? values[i] : "NULL") + (i + 1 < n ? "|" : "\n");
            return 0;
        },
        &out, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    INFO(message);
    REQUIRE(rc == SQLITE_OK);
    return out;
}

}  // namespace catan::store::test
