#pragma once
// Internal to catan_notify: the two senders (push_sender.cpp: HTTP(S) POST with Beast; smtp_client.cpp:
// SMTP with Asio) and the e-mail message they send (mail_message.cpp, no I/O). Each runs a whole
// conversation on the calling thread (a worker's) with its own io_context and a deadline.
#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catan/notify/service.hpp"

namespace catan::notify::detail {

struct HttpPost {
    std::string url;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
};
struct HttpReply {
    int status = 0;     // 0: no answer (`error` says why)
    std::string error;
    bool refused = false;  // not tried: the URL or its address is not allowed (no retry)
};
// `allow_insecure`: http, any port, loopback and private addresses (tests); otherwise https on 443
// to public addresses only.
HttpReply post(const HttpPost& request, std::chrono::seconds timeout, bool allow_insecure);

struct Mail {
    std::string to;
    std::string subject;  // UTF-8
    std::string text;     // UTF-8, lines separated by '\n'
};
struct MailResult {
    bool ok = false;
    bool retry = false;  // a temporary failure (4xx, the network): worth trying again
    std::string error;
};
MailResult send_mail(const SmtpConfig& relay, const Mail& mail, bool allow_insecure);

// The RFC 5322 message: headers (From, To, Subject as RFC 2047 UTF-8 when not ASCII, Date,
// Message-ID, MIME) and the body, lines ending CRLF; 8bit when `eight_bit` (the relay said 8BITMIME),
// else base64. Not dot-stuffed (the DATA writer does that).
std::string mail_message(const SmtpConfig& relay, const Mail& mail, bool eight_bit, std::chrono::system_clock::time_point now);
// RFC 5321 section 4.5.2: a line that starts with '.' gets one more; the message ends "\r\n.\r\n".
std::string dot_stuff(std::string_view message);

}  // namespace catan::notify::detail
