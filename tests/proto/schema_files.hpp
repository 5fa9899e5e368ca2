#pragma once
// The JSON Schemas of proto/v1 as the tests read them (CATAN_PROTO_SCHEMA_DIR).
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace catan::proto::schema_files {

// proto/v1/<family>.schema.json, checked to be a draft 2020-12 schema with its own $id.
inline nlohmann::json load_schema(const std::string& family) {
    std::ifstream in(std::string(CATAN_PROTO_SCHEMA_DIR) + "/" + family + ".schema.json");
    REQUIRE(in.good());
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    CHECK(j["$schema"] == "https://json-schema.org/draft/2020-12/schema");
    CHECK(j["$id"].get<std::string>().find("/proto/v1/" + family + ".schema.json") != std::string::npos);
    return j;
}

}  // namespace catan::proto::schema_files
