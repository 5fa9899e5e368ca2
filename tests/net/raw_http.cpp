// Plain-socket HTTP for the proxy tests (raw_http.hpp).
#include "raw_http.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace catan::nettest {

namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

nlohmann::json RawResponse::json() const { return nlohmann::json::parse(body); }

RawConnection::RawConnection(unsigned short port, const std::string& source, std::chrono::milliseconds timeout) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
    sockaddr_in from{};
    from.sin_family = AF_INET;
    if (inet_pton(AF_INET, source.c_str(), &from.sin_addr) != 1) throw std::runtime_error("bad source " + source);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0)
        throw std::runtime_error("bind " + source + ": " + std::strerror(errno));
    timeval tv{static_cast<time_t>(timeout.count() / 1000), static_cast<suseconds_t>((timeout.count() % 1000) * 1000)};
    ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
        const std::string why = std::strerror(errno);
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error("connect to 127.0.0.1:" + std::to_string(port) + " from " + source + ": " + why);
    }
}

RawConnection::~RawConnection() {
    if (fd_ >= 0) ::close(fd_);
}

void RawConnection::send(std::string_view bytes) {
    while (!bytes.empty()) {
        const auto n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n <= 0) throw std::runtime_error(std::string("send: ") + std::strerror(errno));
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

RawResponse RawConnection::read_response(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto fill = [&] {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) throw std::runtime_error("no complete response in time; so far: " + buffer_.substr(0, 300));
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return;
        char chunk[4096];
        const auto n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n <= 0) throw std::runtime_error("connection closed before a complete response; so far: " + buffer_.substr(0, 300));
        buffer_.append(chunk, static_cast<std::size_t>(n));
    };
    std::size_t end;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) fill();
    RawResponse r;
    r.head = buffer_.substr(0, end + 2);
    buffer_.erase(0, end + 4);
    if (r.head.size() < 12) throw std::runtime_error("bad status line: " + r.head);
    r.status = std::stoi(r.head.substr(9, 3));
    std::size_t length = 0;
    const auto h = lower(r.head);
    if (const auto at = h.find("\r\ncontent-length:"); at != std::string::npos && r.status != 101)
        length = std::stoul(h.substr(at + 17));
    while (buffer_.size() < length) fill();
    r.body = buffer_.substr(0, length);
    buffer_.erase(0, length);
    return r;
}

RawResponse raw_request(unsigned short port, std::string_view method, std::string_view target, const RawHeaders& headers,
                        std::string_view body, const std::string& source) {
    RawConnection c(port, source);
    std::string text = std::string(method) + " " + std::string(target) + " HTTP/1.1\r\n";
    bool host = false;
    for (const auto& [k, v] : headers) {
        host = host || lower(k) == "host";
        text += k + ": " + v + "\r\n";
    }
    if (!host) text += "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
    if (!body.empty()) text += "Content-Type: application/json\r\n";
    text += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n";
    text += body;
    c.send(text);
    return c.read_response();
}

std::string upgrade_request(unsigned short port, const RawHeaders& headers) {
    std::string text = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                       "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                       "Sec-WebSocket-Version: 13\r\n";
    for (const auto& [k, v] : headers) text += k + ": " + v + "\r\n";
    return text + "\r\n";
}

}  // namespace catan::nettest
