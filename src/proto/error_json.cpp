#include "catan/proto/error_json.hpp"

#include <string>

namespace catan::proto {

nlohmann::json error_json(const Error& e) {
    nlohmann::json j = {{"code", to_string(e.code)}, {"message", std::string(e.message)}};
    if (!e.rule.empty()) j["rule"] = std::string(e.rule);  // a few checks (no such seat) cite no rule
    return j;
}

nlohmann::json error_json(const DecodeError& e) {
    nlohmann::json j = {{"code", to_string(e.kind)}, {"message", e.message}};
    if (!e.field.empty()) j["field"] = e.field;
    return j;
}

}  // namespace catan::proto
