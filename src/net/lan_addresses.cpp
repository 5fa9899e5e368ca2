// The machine's LAN addresses (getifaddrs) and the join-link bases a listener on them offers.
#include "catan/net/lan_addresses.hpp"

#include <mutex>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <fmt/format.h>
#include <net/if.h>
#include <netinet/in.h>

namespace catan::net {

namespace {

std::vector<std::string> read_interfaces() {
    std::vector<std::string> v4, v6;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return {};
    for (const ifaddrs* i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr || !(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
        char text[INET6_ADDRSTRLEN] = {};
        if (i->ifa_addr->sa_family == AF_INET) {
            const auto* a = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
            const auto host = ntohl(a->sin_addr.s_addr);
            if ((host >> 24) == 127 || (host >> 16) == 0xa9fe) continue;  // loopback, link-local
            if (inet_ntop(AF_INET, &a->sin_addr, text, sizeof text)) v4.emplace_back(text);
        } else if (i->ifa_addr->sa_family == AF_INET6) {
            const auto* a = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr);
            if (IN6_IS_ADDR_LOOPBACK(&a->sin6_addr) || IN6_IS_ADDR_LINKLOCAL(&a->sin6_addr) ||
                IN6_IS_ADDR_V4MAPPED(&a->sin6_addr))
                continue;
            if (inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text)) v6.emplace_back(text);
        }
    }
    freeifaddrs(list);
    v4.insert(v4.end(), v6.begin(), v6.end());
    return v4;
}

std::string bare(std::string_view host) {
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    return std::string(host);
}

}  // namespace

std::vector<std::string> interface_addresses(std::chrono::seconds max_age) {
    static std::mutex mutex;
    static std::vector<std::string> cached;
    static std::chrono::steady_clock::time_point read_at{};
    static bool ever = false;
    const std::lock_guard lock(mutex);
    const auto now = std::chrono::steady_clock::now();
    if (!ever || now - read_at >= max_age) {  // a laptop joins another network: the next page sees it
        cached = read_interfaces();
        read_at = now;
        ever = true;
    }
    return cached;
}

bool loopback_listen(std::string_view listen_host) {
    const std::string host = bare(listen_host);
    if (host == "localhost" || host == "::1") return true;
    in_addr a{};
    return inet_pton(AF_INET, host.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

std::vector<std::string> lan_urls(std::string_view listen_host, std::uint16_t port,
                                  const std::vector<std::string>& addresses) {
    const std::string host = bare(listen_host);
    const std::string suffix = fmt::format(":{}", port);
    std::vector<std::string> out;
    if (loopback_listen(host)) return out;
    const bool any_v4 = host.empty() || host == "0.0.0.0";
    const bool any = host == "::";
    if (!any_v4 && !any) {
        const bool v6 = host.find(':') != std::string::npos;
        out.push_back(v6 ? fmt::format("http://[{}]{}", host, suffix) : fmt::format("http://{}{}", host, suffix));
        return out;
    }
    for (const auto& a : addresses) {
        const bool v6 = a.find(':') != std::string::npos;
        if (v6 && any_v4) continue;  // a 0.0.0.0 listener takes no IPv6 connection
        out.push_back(v6 ? fmt::format("http://[{}]{}", a, suffix) : fmt::format("http://{}{}", a, suffix));
    }
    return out;
}

}  // namespace catan::net
