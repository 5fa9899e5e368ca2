#pragma once
// HTTP over a plain POSIX socket whose source address the test chooses (any of 127.0.0.0/8): a
// second "client" on one machine, as a proxy sees it, and requests with headers ws_client does not
// send (X-Forwarded-For on a WebSocket upgrade). Every call has a deadline; throws on failures.
#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace catan::nettest {

struct RawResponse {
    int status = 0;
    std::string head;  // status line and headers
    std::string body;
    nlohmann::json json() const;
};

using RawHeaders = std::vector<std::pair<std::string, std::string>>;

class RawConnection {
public:
    // Connects to 127.0.0.1:port from `source` (port chosen by the system).
    RawConnection(unsigned short port, const std::string& source,
                  std::chrono::milliseconds timeout = std::chrono::seconds(5));
    ~RawConnection();
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    void send(std::string_view bytes);
    // One response: the head, then a Content-Length body (none for 101).
    RawResponse read_response(std::chrono::milliseconds timeout = std::chrono::seconds(5));

private:
    int fd_ = -1;
    std::string buffer_;
};

// A request on a fresh connection from `source`; Host is 127.0.0.1:port unless `headers` has one.
RawResponse raw_request(unsigned short port, std::string_view method, std::string_view target, const RawHeaders& headers = {},
                        std::string_view body = {}, const std::string& source = "127.0.0.1");

// The text of a WebSocket upgrade request for /ws with these extra headers.
std::string upgrade_request(unsigned short port, const RawHeaders& headers = {});

}  // namespace catan::nettest
