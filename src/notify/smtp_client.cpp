// One message through the operator's SMTP relay (RFC 5321), on the calling worker thread with an
// io_context of its own and one deadline for the whole conversation: EHLO, STARTTLS when configured
// (then EHLO again), AUTH PLAIN or LOGIN when a user is configured, MAIL FROM, RCPT TO, DATA with
// dot-stuffing, QUIT. A 4xx answer or a network failure is worth retrying; a 5xx answer is not.
#include "senders.hpp"

#include <optional>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <openssl/ssl.h>

#include "catan/notify/webpush.hpp"

namespace catan::notify::detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxReply = 64 * 1024;

struct Failure {
    std::string what;
    bool retry;
};

class Conversation {
public:
    Conversation(const SmtpConfig& relay, bool allow_insecure)
        : relay_(relay), allow_insecure_(allow_insecure), deadline_(std::chrono::steady_clock::now() + relay.timeout) {}

    void connect() {
        tcp::resolver resolver(ioc_);
        tcp::resolver::results_type found;
        bool done = false;
        beast::error_code result;
        resolver.async_resolve(relay_.host, std::to_string(relay_.port), [&](beast::error_code ec, tcp::resolver::results_type r) {
            result = ec;
            found = std::move(r);
            done = true;
        });
        if (!run(done)) {
            resolver.cancel();
            throw Failure{"resolving " + relay_.host + ": timed out", true};
        }
        if (result) throw Failure{"resolving " + relay_.host + ": " + result.message(), true};
        tcp_.expires_at(deadline_);
        done = false;
        tcp_.async_connect(found, [&](beast::error_code ec, const tcp::endpoint&) {
            result = ec;
            done = true;
        });
        if (!run(done) || result)
            throw Failure{"connecting to " + relay_.host + ":" + std::to_string(relay_.port) + ": " +
                              (result ? result.message() : std::string("timed out")),
                          true};
    }

    // The relay's reply: its code and every line's text.
    std::pair<int, std::vector<std::string>> reply() {
        std::vector<std::string> lines;
        for (;;) {
            const std::string line = read_line();
            if (line.size() < 3 || !std::isdigit(static_cast<unsigned char>(line[0])) ||
                !std::isdigit(static_cast<unsigned char>(line[1])) || !std::isdigit(static_cast<unsigned char>(line[2])))
                throw Failure{"the relay's answer is not SMTP: " + line.substr(0, 80), false};
            lines.push_back(line.size() > 4 ? line.substr(4) : std::string());
            if (line.size() == 3 || line[3] == ' ') return {std::stoi(line.substr(0, 3)), lines};
            if (line[3] != '-') throw Failure{"the relay's answer is not SMTP: " + line.substr(0, 80), false};
        }
    }

    // Sends `command` (without CRLF) and expects an answer in [low, high].
    std::vector<std::string> command(const std::string& command, int low, int high, std::string_view shown = {}) {
        if (!command.empty()) write(command + "\r\n");
        return expect(shown.empty() ? std::string_view(command) : shown, low, high);
    }

    std::vector<std::string> expect(std::string_view what, int low, int high) {
        auto [code, lines] = reply();
        if (code < low || code > high)
            throw Failure{"the relay answered " + std::to_string(code) + " " + (lines.empty() ? "" : lines.front()) + " to " +
                              std::string(what.empty() ? "the greeting" : what),
                          code >= 400 && code < 500};
        return lines;
    }

    void start_tls() {
        ctx_.emplace(asio::ssl::context::tls_client);
        ctx_->set_options(asio::ssl::context::no_sslv2 | asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                          asio::ssl::context::no_tlsv1_1);
        if (allow_insecure_) {
            ctx_->set_verify_mode(asio::ssl::verify_none);
        } else {
            ctx_->set_default_verify_paths();
            ctx_->set_verify_mode(asio::ssl::verify_peer);
        }
        tls_.emplace(tcp_, *ctx_);
        if (!allow_insecure_) tls_->set_verify_callback(asio::ssl::host_name_verification(relay_.host));
        SSL_set_tlsext_host_name(tls_->native_handle(), relay_.host.c_str());
        bool done = false;
        beast::error_code result;
        tls_->async_handshake(asio::ssl::stream_base::client, [&](beast::error_code ec) {
            result = ec;
            done = true;
        });
        if (!run(done) || result)
            throw Failure{"STARTTLS with " + relay_.host + ": " + (result ? result.message() : std::string("timed out")) +
                              " (does the relay's certificate name " + relay_.host + ", signed by a CA this system trusts?)",
                          false};
        buffer_.consume(buffer_.size());  // nothing read before the handshake counts after it (RFC 3207 section 4.2)
    }

    bool tls() const { return tls_.has_value(); }

    void write(const std::string& data) {
        bool done = false;
        beast::error_code result;
        tcp_.expires_at(deadline_);
        const auto handler = [&](beast::error_code ec, std::size_t) {
            result = ec;
            done = true;
        };
        if (tls_) asio::async_write(*tls_, asio::buffer(data), handler);
        else asio::async_write(tcp_, asio::buffer(data), handler);
        if (!run(done) || result) throw Failure{"writing to the relay: " + (result ? result.message() : std::string("timed out")), true};
    }

private:
    std::string read_line() {
        bool done = false;
        beast::error_code result;
        std::size_t n = 0;
        tcp_.expires_at(deadline_);
        const auto handler = [&](beast::error_code ec, std::size_t size) {
            result = ec;
            n = size;
            done = true;
        };
        if (tls_) asio::async_read_until(*tls_, buffer_, "\r\n", handler);
        else asio::async_read_until(tcp_, buffer_, "\r\n", handler);
        if (!run(done) || result) throw Failure{"reading from the relay: " + (result ? result.message() : std::string("timed out")), true};
        std::string line(asio::buffers_begin(buffer_.data()), asio::buffers_begin(buffer_.data()) + static_cast<std::ptrdiff_t>(n));
        buffer_.consume(n);
        line.resize(line.size() - 2);
        return line;
    }

    bool run(const bool& done) {
        ioc_.restart();
        while (!done) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline_ + std::chrono::seconds(1)) return false;
            if (ioc_.run_one_for(deadline_ + std::chrono::seconds(1) - now) == 0 && ioc_.stopped()) return done;
        }
        return true;
    }

    const SmtpConfig& relay_;
    bool allow_insecure_;
    std::chrono::steady_clock::time_point deadline_;
    asio::io_context ioc_;
    beast::tcp_stream tcp_{ioc_};
    asio::streambuf buffer_{kMaxReply};
    std::optional<asio::ssl::context> ctx_;
    std::optional<beast::ssl_stream<beast::tcp_stream&>> tls_;
};

bool has(const std::vector<std::string>& capabilities, std::string_view name, std::string_view word = {}) {
    for (const std::string& line : capabilities) {
        std::string upper = line;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (!upper.starts_with(name) || (upper.size() > name.size() && upper[name.size()] != ' ')) continue;
        if (word.empty()) return true;
        if ((" " + upper + " ").find(" " + std::string(word) + " ") != std::string::npos) return true;
    }
    return false;
}

}  // namespace

MailResult send_mail(const SmtpConfig& relay, const Mail& mail, bool allow_insecure) {
    MailResult out;
    try {
        Conversation c(relay, allow_insecure);
        c.connect();
        c.expect({}, 220, 220);
        auto caps = c.command("EHLO " + relay.helo_name, 250, 250);
        if (relay.starttls) {
            if (!has(caps, "STARTTLS"))
                throw Failure{"the relay does not offer STARTTLS (--smtp-starttls is set): use its submission port, or drop the flag", false};
            c.command("STARTTLS", 220, 220);
            c.start_tls();
            caps = c.command("EHLO " + relay.helo_name, 250, 250);
        }
        if (!relay.user.empty()) {
            if (!c.tls() && !allow_insecure)
                throw Failure{"refusing to send the SMTP password unencrypted: add --smtp-starttls", false};
            if (has(caps, "AUTH", "PLAIN")) {
                c.command("AUTH PLAIN " + base64_encode(std::string(1, '\0') + relay.user + '\0' + relay.password), 235, 235,
                          "AUTH PLAIN");
            } else if (has(caps, "AUTH", "LOGIN")) {
                c.command("AUTH LOGIN", 334, 334);
                c.command(base64_encode(relay.user), 334, 334, "AUTH LOGIN's user name");
                c.command(base64_encode(relay.password), 235, 235, "AUTH LOGIN's password");
            } else {
                throw Failure{"the relay offers neither AUTH PLAIN nor AUTH LOGIN (after STARTTLS, if set)", false};
            }
        }
        const bool eight_bit = has(caps, "8BITMIME");
        c.command("MAIL FROM:<" + relay.from + ">" + (eight_bit ? " BODY=8BITMIME" : ""), 250, 259);
        c.command("RCPT TO:<" + mail.to + ">", 250, 259);
        c.command("DATA", 354, 354);
        c.write(dot_stuff(mail_message(relay, mail, eight_bit, std::chrono::system_clock::now())));
        c.expect("the message", 250, 259);
        try {
            c.command("QUIT", 221, 221);
        } catch (const Failure&) {
            // The message was accepted; a relay that hangs up without its goodbye changes nothing.
        }
        out.ok = true;
    } catch (const Failure& f) {
        out.error = f.what;
        out.retry = f.retry;
    } catch (const std::exception& e) {
        out.error = e.what();
        out.retry = true;
    }
    return out;
}

}  // namespace catan::notify::detail
