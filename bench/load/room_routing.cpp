// --route-by-room: a room's seats reach the server holding it through a proxy that routes by room
// code (docs/cluster/haproxy.cfg). The creator connects to /ws and creates the room wherever the proxy
// sends it; the other seats connect to /ws?room=CODE (with &node=NAME when the proxy named the
// creator's server in its 101 answer), as the web client does. A seat answered room_elsewhere (the
// code hashed to a node that does not hold the room) connects again as the web client would: at once
// with &node=HOLDER when the error names a node not tried yet, else after the time the error gives.
#include <algorithm>
#include <memory>

#include "connections.hpp"
#include "json_scan.hpp"

namespace loadgen {

std::string Room::routed_path() const {
    std::string path = "/ws?room=" + code_;
    const std::string& node = node_hint_.empty() ? clients_.front()->served_by : node_hint_;
    if (!node.empty()) path += "&node=" + node;
    return path;
}

void Room::connect_routed(int i) {
    auto& slot = clients_[static_cast<std::size_t>(i)];
    slot->close();
    slot = std::make_shared<Client>(w_, this, i, routed_path());
    slot->connect();
}

bool Room::retry_elsewhere(Client& c, std::string_view text) {
    if (stage_ != Stage::Joining || c.index == 0 || c.index >= nclients_) return false;
    std::string_view code, retry, node;
    loadgen::json::for_each_member(text, [&](std::string_view k, std::string_view v) {
        if (k == "code") code = loadgen::json::unquote(v);
        else if (k == "retry_after_ms") retry = v;
        else if (k == "node") node = loadgen::json::unquote(v);
    });
    if (code != "room_elsewhere") return false;
    ++w_.stats.elsewhere_retries;
    const int seat = c.index;
    if (!node.empty() && node != node_hint_) {  // a holder not named yet: go there now
        node_hint_ = std::string(node);
        connect_routed(seat);
        return true;
    }
    const std::int64_t ms = std::clamp<std::int64_t>(retry.empty() ? 200 : loadgen::json::to_int(retry), 10, 10000);
    clients_[static_cast<std::size_t>(seat)]->close();
    auto timer = std::make_shared<net::steady_timer>(w_.ioc, std::chrono::milliseconds(ms));
    timer->async_wait([self = shared_from_this(), timer, seat](beast::error_code ec) {
        if (!ec && self->stage_ == Stage::Joining) self->connect_routed(seat);
    });
    return true;
}

}  // namespace loadgen
