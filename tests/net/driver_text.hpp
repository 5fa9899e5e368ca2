#pragma once
// Small text helpers shared by the game driver's files (game_driver.cpp, game_policy.cpp).
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace catan::nettest {

[[noreturn]] inline void fail(const std::string& what) { throw std::runtime_error(what); }

// A message, cut short for an error text.
inline std::string clip(const nlohmann::json& j, std::size_t n = 600) {
    std::string s = j.dump();
    return s.size() > n ? s.substr(0, n) + "..." : s;
}

inline std::string type_of(const nlohmann::json& m) {
    return m.is_object() && m.contains("type") && m["type"].is_string() ? m["type"].get<std::string>() : "";
}

}  // namespace catan::nettest
