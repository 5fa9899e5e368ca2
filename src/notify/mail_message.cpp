// The e-mail message (RFC 5322 and MIME) and SMTP's dot-stuffing; no I/O.
#include <array>
#include <ctime>

#include <openssl/rand.h>

#include "catan/notify/webpush.hpp"
#include "senders.hpp"

namespace catan::notify::detail {

namespace {

bool ascii(std::string_view s) {
    for (const char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

// One line, no CR or LF (a header value must not start another header).
std::string one_line(std::string_view s) {
    std::string out;
    for (const char c : s) out += (c == '\r' || c == '\n') ? ' ' : c;
    return out;
}

// RFC 2047: UTF-8 encoded words of at most 45 bytes each (60 characters of base64, within the
// 75-character limit), split between characters, folded onto continuation lines.
std::string encoded_words(std::string_view text) {
    std::string out;
    while (!text.empty()) {
        std::size_t n = std::min<std::size_t>(45, text.size());
        while (n < text.size() && n > 0 && (static_cast<unsigned char>(text[n]) & 0xc0) == 0x80) --n;  // not inside a character
        if (n == 0) n = std::min<std::size_t>(45, text.size());
        if (!out.empty()) out += "\r\n ";
        out += "=?UTF-8?B?" + base64_encode(text.substr(0, n)) + "?=";
        text.remove_prefix(n);
    }
    return out;
}

std::string rfc5322_date(std::chrono::system_clock::time_point now) {
    static constexpr std::array<const char*, 7> kDays = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const std::time_t t = std::chrono::system_clock::to_time_t(now);
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::array<char, 64> buf{};
    std::snprintf(buf.data(), buf.size(), "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[static_cast<std::size_t>(tm.tm_wday)],
                  tm.tm_mday, kMonths[static_cast<std::size_t>(tm.tm_mon)], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
    return buf.data();
}

std::string message_id(const SmtpConfig& relay) {
    std::array<unsigned char, 16> bytes{};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) throw std::runtime_error("no random bytes for a Message-ID");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id;
    for (const unsigned char b : bytes) {
        id += kHex[b >> 4];
        id += kHex[b & 0xf];
    }
    const auto at = relay.from.rfind('@');
    const std::string domain = at == std::string::npos ? relay.helo_name : relay.from.substr(at + 1);
    return "<" + id + "@" + domain + ">";
}

// Lines end CRLF; a lone CR is dropped.
std::string crlf_lines(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\r') continue;
        if (c == '\n') out += "\r\n";
        else out += c;
    }
    if (!out.ends_with("\r\n")) out += "\r\n";
    return out;
}

}  // namespace

std::string mail_message(const SmtpConfig& relay, const Mail& mail, bool eight_bit, std::chrono::system_clock::time_point now) {
    const std::string subject = one_line(mail.subject);
    std::string m;
    m += "From: " + one_line(relay.from) + "\r\n";
    m += "To: " + one_line(mail.to) + "\r\n";
    m += "Subject: " + (ascii(subject) ? subject : encoded_words(subject)) + "\r\n";
    m += "Date: " + rfc5322_date(now) + "\r\n";
    m += "Message-ID: " + message_id(relay) + "\r\n";
    m += "Auto-Submitted: auto-generated\r\n";  // RFC 3834: no vacation replies to this
    m += "MIME-Version: 1.0\r\n";
    m += "Content-Type: text/plain; charset=utf-8\r\n";
    const bool plain = eight_bit || ascii(mail.text);
    m += std::string("Content-Transfer-Encoding: ") + (plain ? (ascii(mail.text) ? "7bit" : "8bit") : "base64") + "\r\n\r\n";
    if (plain) {
        m += crlf_lines(mail.text);
    } else {
        const std::string encoded = base64_encode(crlf_lines(mail.text));
        for (std::size_t i = 0; i < encoded.size(); i += 76) m += encoded.substr(i, 76) + "\r\n";
    }
    return m;
}

std::string dot_stuff(std::string_view message) {
    std::string out;
    out.reserve(message.size() + 16);
    bool line_start = true;
    for (std::size_t i = 0; i < message.size(); ++i) {
        if (line_start && message[i] == '.') out += '.';
        out += message[i];
        line_start = message[i] == '\n' && i > 0 && message[i - 1] == '\r';
    }
    if (!out.ends_with("\r\n")) out += "\r\n";
    out += ".\r\n";
    return out;
}

}  // namespace catan::notify::detail
