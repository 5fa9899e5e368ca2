#pragma once
// Internal to catan_net (no Beast here, so tests can include it): who counts as this machine.
#include <string_view>

namespace catan::net {

// Whether `remote` ("ip:port", "[v6]:port", or a bare address) is a loopback address: 127.0.0.0/8,
// ::1, or ::ffff:127.x.y.z. Anything unparseable is not.
bool is_loopback_peer(std::string_view remote);

}  // namespace catan::net
