#include "catan/proto/error_json.hpp"

#include "catan/engine/error.hpp"
#include "catan/proto/proto.hpp"

namespace catan::proto {

ErrorReply error_reply(const Error& e) { return {to_string(e.code), std::string(e.message), {}, std::string(e.rule)}; }

ErrorReply error_reply(const DecodeError& e) { return {to_string(e.kind), e.message, e.field, {}}; }

nlohmann::json error_json(const ErrorReply& e) {
    nlohmann::json j = {{"code", e.code}, {"message", e.message}};
    if (!e.field.empty()) j["field"] = e.field;
    if (!e.rule.empty()) j["rule"] = e.rule;
    if (e.retry_after_ms > 0) j["retry_after_ms"] = e.retry_after_ms;
    if (!e.node.empty()) j["node"] = e.node;
    return j;
}

nlohmann::json error_json(const Error& e) { return error_json(error_reply(e)); }

nlohmann::json error_json(const DecodeError& e) { return error_json(error_reply(e)); }

std::string error_frame(const ErrorReply& e, const nlohmann::json& id) {
    nlohmann::json frame = error_json(e);
    if (!id.is_null()) frame["id"] = id;
    frame["v"] = kProtocolVersion;
    frame["type"] = "error";
    return frame.dump();  // keys sorted (nlohmann objects are ordered maps): equal errors, equal bytes
}

}  // namespace catan::proto
