#pragma once
// A cheap RFC 6902 diff for per-viewer documents. nlohmann::json::diff is correct but compares whole
// subtrees at every level and builds pointers through json_pointer; this walks both trees once,
// merging object members in key order (nlohmann objects are sorted maps), recursing into arrays of
// equal length element by element and replacing arrays whose length changed as a whole (view arrays
// are short id lists, where a replace is smaller than a run of index shifts). Its output is exactly
// reproduced by nlohmann::json::patch (tests/room/test_json_diff.cpp checks it on random trees and
// on real views).
#include <string>

#include <nlohmann/json.hpp>

namespace catan::room {

// Appends to `patch` (a JSON array) the operations turning `from` into `to`. `path` is the JSON
// pointer of `from` within the patched document ("" for the root); it is used as scratch space and
// restored before returning.
void append_diff(const nlohmann::json& from, const nlohmann::json& to, std::string& path, nlohmann::json& patch);

inline nlohmann::json json_diff(const nlohmann::json& from, const nlohmann::json& to) {
    nlohmann::json patch = nlohmann::json::array();
    std::string path;
    append_diff(from, to, path, patch);
    return patch;
}

}  // namespace catan::room
