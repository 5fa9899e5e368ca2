#include "messages.hpp"

#include "catan/proto/version.hpp"

namespace catan::room {

using nlohmann::json;

Message envelope(std::string_view type, json body) {
    body["v"] = proto::kProtocolVersion;
    body["type"] = type;
    return make_message(body.dump());
}

Message error_message(const ErrorInfo& e, const json& id) { return make_message(proto::error_frame(e, id)); }

Message room_created_message(const std::string& code, const std::string& url, const std::string& host_key, const json& id) {
    json body = {{"code", code}, {"url", url}, {"host_key", host_key}};
    if (!id.is_null()) body["id"] = id;
    return envelope("room_created", std::move(body));
}

Message welcome_message(const std::string& room, int seat, const std::string& token, bool host, const json& id) {
    json body = {{"room", room}, {"seat", seat >= 0 ? json(seat) : json(nullptr)}, {"host", host}};
    if (seat >= 0) body["token"] = token;
    if (!id.is_null()) body["id"] = id;
    return envelope("welcome", std::move(body));
}

Message pong_message() {
    static const Message pong = envelope("pong", json::object());
    return pong;
}

Message closing_message(std::string_view reason) { return envelope("closing", {{"reason", reason}}); }

Message update_message(std::uint64_t seq, std::string_view ops, std::string_view events, std::string_view legal) {
    std::string text = R"({"v":)" + std::to_string(proto::kProtocolVersion) + R"(,"type":"update","seq":)" + std::to_string(seq);
    text += R"(,"patch":[)";
    text += ops;
    text += R"(],"events":)";
    text += events;
    text += R"(,"legal":)";
    text += legal;
    text += '}';
    return make_message(std::move(text));
}

}  // namespace catan::room
