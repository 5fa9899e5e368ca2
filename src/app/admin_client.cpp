#include "admin_client.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>

namespace catan::app {

namespace {

constexpr std::size_t kMaxAnswer = 64 * 1024 * 1024;  // a list of 10,000 rooms is a few MB
constexpr int kTimeoutMs = 10000;

bool loopback_host(const std::string& host) {
    return host == "localhost" || host == "::1" || host.starts_with("127.");
}

}  // namespace

std::optional<AdminUrl> parse_admin_url(const std::string& text, std::string& why) {
    std::string rest = text;
    if (!rest.starts_with("http://")) {
        why = "--server " + text + ": give http://HOST:PORT (the admin endpoint is plain HTTP on this machine)";
        return std::nullopt;
    }
    rest = rest.substr(7);
    while (!rest.empty() && rest.back() == '/') rest.pop_back();
    AdminUrl url;
    if (rest.starts_with('[')) {
        const auto close = rest.find(']');
        if (close == std::string::npos || close + 1 >= rest.size() || rest[close + 1] != ':') {
            why = "--server " + text + ": give http://[v6]:PORT";
            return std::nullopt;
        }
        url.host = rest.substr(1, close - 1);
        url.port = rest.substr(close + 2);
    } else {
        const auto colon = rest.rfind(':');
        url.host = colon == std::string::npos ? rest : rest.substr(0, colon);
        url.port = colon == std::string::npos ? "80" : rest.substr(colon + 1);
    }
    if (url.port.empty() || url.port.find_first_not_of("0123456789") != std::string::npos || url.port.size() > 5) {
        why = "--server " + text + ": the port must be a number";
        return std::nullopt;
    }
    if (!loopback_host(url.host)) {
        why = "--server " + text + ": the admin endpoint answers only on this machine; use 127.0.0.1, [::1] or localhost";
        return std::nullopt;
    }
    return url;
}

std::string admin_url_for_listen(const std::string& listen) {
    std::string host, port = "8080";
    if (listen.starts_with('[')) {
        const auto close = listen.find(']');
        host = listen.substr(1, close == std::string::npos ? std::string::npos : close - 1);
        if (close != std::string::npos && close + 1 < listen.size()) port = listen.substr(close + 2);
    } else if (const auto colon = listen.rfind(':'); colon != std::string::npos) {
        host = listen.substr(0, colon);
        port = listen.substr(colon + 1);
    }
    // A server listening on every address (or on a public one) is reached on loopback all the same.
    if (host == "::" || host == "::1") return "http://[::1]:" + port;
    if (host.starts_with("127.") || host == "localhost") return "http://" + host + ":" + port;
    return "http://127.0.0.1:" + port;
}

namespace {

AdminReply request_once(const AdminUrl& url, const std::string& method, const std::string& path, const std::string& token) {
    AdminReply reply;
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int rc = ::getaddrinfo(url.host.c_str(), url.port.c_str(), &hints, &found); rc != 0) {
        reply.error = std::string("cannot resolve ") + url.host + ": " + ::gai_strerror(rc);
        return reply;
    }
    const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> addresses(found, ::freeaddrinfo);
    int fd = -1;
    for (addrinfo* a = found; a; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) break;
        reply.error = std::strerror(errno);
        ::close(fd);
        fd = -1;
    }
    if (fd < 0) return reply;  // nobody listens there
    reply.connected = true;
    const std::string host = url.host.find(':') != std::string::npos ? "[" + url.host + "]" : url.host;
    const std::string request = method + " " + path + " HTTP/1.1\r\nHost: " + host + ":" + url.port +
                                "\r\nAuthorization: Bearer " + token +
                                "\r\nUser-Agent: catan-server rooms\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kTimeoutMs);
    const auto left_ms = [&] {
        return static_cast<int>(std::max<long>(0, std::chrono::duration_cast<std::chrono::milliseconds>(
                                                      deadline - std::chrono::steady_clock::now())
                                                      .count()));
    };
    const auto wait = [&](short events) {
        pollfd p{fd, events, 0};
        return ::poll(&p, 1, left_ms()) == 1;
    };
    std::size_t sent = 0;
    while (sent < request.size()) {
        if (!wait(POLLOUT)) break;
        const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
    }
    std::string answer;
    char buffer[16384];
    while (sent == request.size() && answer.size() < kMaxAnswer && wait(POLLIN)) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        answer.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    // "HTTP/1.1 200 OK\r\n...\r\n\r\nbody"
    const auto head_end = answer.find("\r\n\r\n");
    if (!answer.starts_with("HTTP/1.") || answer.size() < 12 || head_end == std::string::npos) {
        reply.error = answer.empty() ? "the server closed the connection without an answer (or did not answer within 10 s)"
                                     : "the answer is not HTTP";
        return reply;
    }
    reply.reached = true;
    reply.status = std::atoi(answer.substr(9, 3).c_str());
    reply.body = answer.substr(head_end + 4);
    std::string head = answer.substr(0, head_end + 2);
    for (char& ch : head) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (const auto at = head.find("\r\nretry-after:"); at != std::string::npos)
        reply.retry_after = std::atoi(head.c_str() + at + 15);
    return reply;
}

}  // namespace

AdminReply admin_request(const AdminUrl& url, const std::string& method, const std::string& path, const std::string& token) {
    // A 429 means nothing was done: the operator's budget is shared with their other tools (a script
    // that lists rooms in a loop), so the tool waits as the server says and asks again, a few times.
    constexpr int kAttempts = 3;
    for (int attempt = 1;; ++attempt) {
        AdminReply reply = request_once(url, method, path, token);
        if (!reply.reached || reply.status != 429 || attempt == kAttempts) return reply;
        std::this_thread::sleep_for(std::chrono::seconds(std::clamp(reply.retry_after, 1, 5)));
    }
}

}  // namespace catan::app
