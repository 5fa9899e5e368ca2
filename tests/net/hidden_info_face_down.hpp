#pragma once
// R-SF10 in the hidden-information tests: what lies face down in a state of the engine's replay, and the
// check that no message a connection received tells any of it before it turns.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"
#include "hidden_info_ledger.hpp"

namespace catan::nettest::hidden {

// The hexes face down in a state of the engine's replay, and what each truly is.
struct FaceDown {
    std::map<int, std::string> terrain;  // hex -> its true terrain ("grain", "sea", "gold", ...)
    bool covers(int hex) const { return terrain.count(hex) > 0; }
};

inline FaceDown face_down(const catan::GameState& s) {
    FaceDown f;
    s.board.fog.for_each([&](int h) { f.terrain[h] = catan::to_string(s.board.terrain[h]); });
    return f;
}

// A JSON pointer token that is an array index ("12"), or nothing.
inline std::optional<int> index_token(const std::string& token) {
    if (token.empty() || token.size() > 4) return std::nullopt;
    for (char c : token)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    return std::stoi(token);
}

// Whether a sentence names hex `hex` ("... turned up fields 5 (hex 12)", not hex 120).
inline bool names_hex(const std::string& text, int hex) {
    const std::string l = lower(text), needle = "hex " + std::to_string(hex);
    for (auto at = l.find(needle); at != std::string::npos; at = l.find(needle, at + 1)) {
        const std::size_t end = at + needle.size();
        if (end == l.size() || !std::isdigit(static_cast<unsigned char>(l[end]))) return true;
    }
    return false;
}

// Structurally, wherever a message ties a value to a face-down hex: a board's terrain ("fog") and number
// (null) at its index, a table's hexes[h] (terrain and number null), an object naming it as "hex" (no
// terrain, no number, no hex_revealed), a sentence naming it. Failures only (a message has thousands of
// leaves): FAIL_CHECK says where.
inline void walk_face_down(const json& j, std::vector<std::string>& path, const FaceDown& fd, const std::string& who) {
    const std::size_t n = path.size();
    if (j.is_object()) {
        if (j.contains("hex") && j["hex"].is_number_integer() && fd.covers(j["hex"].get<int>())) {
            const bool revealed = j.contains("type") && j["type"] == "hex_revealed";
            if (revealed || j.contains("terrain") || j.contains("number"))
                FAIL_CHECK(who << ": " << j.dump() << " at " << join_path(path) << " tells face-down hex " << j["hex"]
                               << " (truly " << fd.terrain.at(j["hex"].get<int>()) << ")");
        }
        for (auto it = j.begin(); it != j.end(); ++it) {
            path.push_back(it.key());
            walk_face_down(it.value(), path, fd, who);
            path.pop_back();
        }
        return;
    }
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            path.push_back(std::to_string(i));
            walk_face_down(j[i], path, fd, who);
            path.pop_back();
        }
        return;
    }
    const auto fail = [&](int h, const char* what) {
        FAIL_CHECK(who << ": " << j.dump() << " at " << join_path(path) << " for face-down hex " << h << " (truly " << fd.terrain.at(h)
                       << "): " << what);
    };
    if (n >= 3 && path[n - 3] == "board" && (path[n - 2] == "terrain" || path[n - 2] == "numbers"))
        if (const auto h = index_token(path[n - 1]); h && fd.covers(*h)) {
            if (path[n - 2] == "terrain" && j != "fog") fail(*h, "its terrain must be \"fog\"");
            if (path[n - 2] == "numbers" && !j.is_null()) fail(*h, "its number must be null");
        }
    if (n >= 3 && path[n - 3] == "hexes" && (path[n - 1] == "terrain" || path[n - 1] == "number"))
        if (const auto h = index_token(path[n - 2]); h && fd.covers(*h) && !j.is_null()) fail(*h, "a table shows nothing of it");
    if (n >= 1 && path[n - 1] == "text" && j.is_string())
        for (const auto& [h, truth] : fd.terrain)
            if (names_hex(j.get<std::string>(), h)) fail(h, "no sentence names it before it turns");
}

// One received message against what was face down in the state it shows: the connection's doc has
// "fog" and no number at every such hex, and nothing in the message tells any of them.
inline void check_face_down(const Received& r, const FaceDown& fd, const std::string& who) {
    const std::string what = who + " (" + r.message.value("type", std::string("?")) + (r.seq ? " seq " + std::to_string(*r.seq) : std::string()) + ")";
    if (r.terrain.is_array() || r.numbers.is_array())
        for (const auto& [h, truth] : fd.terrain) {
            const auto at = static_cast<std::size_t>(h);
            if (!r.terrain.is_array() || at >= r.terrain.size() || r.terrain[at] != "fog")
                FAIL_CHECK(what << ": the doc's board.terrain at face-down hex " << h << " (truly " << truth << ") is not fog: "
                                << (r.terrain.is_array() && at < r.terrain.size() ? r.terrain[at].dump() : "missing"));
            if (!r.numbers.is_array() || at >= r.numbers.size() || !r.numbers[at].is_null())
                FAIL_CHECK(what << ": the doc's board.numbers at face-down hex " << h << " (truly " << truth << ") is not null: "
                                << (r.numbers.is_array() && at < r.numbers.size() ? r.numbers[at].dump() : "missing"));
        }
    std::vector<std::string> path;
    walk_face_down(r.message, path, fd, what);
    if (r.message.value("type", std::string()) == "update" && r.message.contains("patch") && r.message["patch"].is_array())
        for (const auto& op : r.message["patch"])
            if (op.contains("value") && op.contains("path") && op["path"].is_string()) {
                auto base = pointer_tokens(op["path"].get<std::string>());
                walk_face_down(op["value"], base, fd, what + " patch at " + op["path"].get<std::string>());
            }
}

}  // namespace catan::nettest::hidden
