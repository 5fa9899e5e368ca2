#pragma once
// The addresses friends on the same network can reach this server at (GET /api/server): a page opened
// on 127.0.0.1 would otherwise share a link nobody else can open. Free of Beast.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace catan::net {

// The addresses of this machine's interfaces that are up, without loopback and link-local ones
// (fe80::/10, 169.254.0.0/16: they need a zone or mean "no DHCP"): IPv4 first, then IPv6, each in
// the order the system lists them. Read at most once every `max_age` (cached; thread-safe).
std::vector<std::string> interface_addresses(std::chrono::seconds max_age = std::chrono::seconds(10));

// The base URLs ("http://192.168.1.20:8080") of a server listening on `listen_host`:`port`, given
// the machine's `addresses`: every IPv4 one for 0.0.0.0 (or an empty host), every one for ::, none
// for a loopback address (127.0.0.0/8, ::1, localhost), the address itself for any other literal
// address or name.
std::vector<std::string> lan_urls(std::string_view listen_host, std::uint16_t port,
                                  const std::vector<std::string>& addresses);

// Whether the server listens on loopback only (nobody else can reach it whatever the link says).
bool loopback_listen(std::string_view listen_host);

}  // namespace catan::net
