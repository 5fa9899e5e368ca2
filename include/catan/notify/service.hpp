#pragma once
// The notifications service (docs/operating.md, "Notifications"): it keeps the VAPID key
// and the seats' targets in the data file (store::NotifyStore), answers the REST routes (Registry)
// and sends what the rooms ask for (Notifier): Web Push over HTTPS (RFC 8291 payloads, RFC 8292
// VAPID) and e-mail through the operator's SMTP relay. Everything runs on two worker threads of its
// own with bounded queues (one for registrations, one for sending), never on a room's strand or a
// connection's; a failed send is logged with what to do and retried a bounded number of times.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "catan/notify/notifier.hpp"
#include "catan/notify/registry.hpp"

namespace catan::store {
class NotifyStore;
}

namespace catan::notify {

// An SMTP relay (RFC 5321): the operator's mail server, which delivers onward.
struct SmtpConfig {
    std::string host;            // --smtp-relay host:port
    std::uint16_t port = 587;
    std::string from;            // --smtp-from: the envelope and From: address
    std::string user, password;  // AUTH PLAIN or LOGIN when both are set (only over TLS unless allow_insecure)
    bool starttls = false;       // --smtp-starttls: STARTTLS before anything else, or fail
    std::string helo_name = "localhost";  // the EHLO name: the public URL's host
    std::chrono::seconds timeout{20};     // for the whole conversation
};

struct ServiceOptions {
    // The data file's notification tables; null (a memory-only server): a fresh VAPID key, and the
    // REST registrations answer 503 (nothing could check a seat token or keep a subscription).
    std::shared_ptr<store::NotifyStore> store{};
    // VAPID's "sub" (RFC 8292 section 2.1): a mailto: or https: URL push services can reach the
    // operator by. Empty: "mailto:" + the SMTP From address, else the public URL.
    std::string subject{};
    std::string public_url = "http://localhost:8080";
    std::optional<SmtpConfig> smtp{};  // none: no e-mail (registering an address answers 409)
    // Tests only (--notify-allow-insecure): push endpoints over http, on any port and on loopback or
    // private addresses; SMTP AUTH without TLS. Off: https on port 443 to public addresses only, so a
    // client cannot make the server post to the inside of its network.
    bool allow_insecure = false;

    // Limits (docs/security.md, "Notifications").
    std::size_t max_push_per_seat = 5;        // browsers one seat holder may subscribe
    std::size_t max_targets_per_address = 50;  // targets registered from one address, every seat and room
    std::size_t max_targets_total = 100000;   // targets in the data file
    std::size_t max_endpoint_bytes = 1024;    // a push endpoint URL
    double register_rate_address = 0.2, register_burst_address = 20;  // registrations per s, per address
    double register_rate_total = 20, register_burst_total = 100;      // ... and for the whole server
    std::size_t max_tracked_addresses = 10000;  // per-address budgets kept at once
    std::size_t max_queued_registrations = 256;
    std::size_t max_queued_sends = 1000;       // messages waiting (retries included); more are dropped
    int max_attempts = 3;                       // per message and target
    std::chrono::milliseconds retry_delay{5000};  // before the 2nd attempt, doubled before each further one
    std::chrono::seconds send_timeout{15};      // one push or SMTP conversation
    std::chrono::minutes purge_interval{10};    // targets of seats with new holders are deleted this often
};

class Service final : public Notifier, public Registry {
public:
    // Throws store::StoreError when the data file's key cannot be read or kept.
    explicit Service(ServiceOptions options);
    ~Service() override;  // stops the workers; what is still queued is dropped (logged)
    Service(const Service&) = delete;
    Service& operator=(const Service&) = delete;

    void notify(std::string_view code, int seat, Kind kind, std::string_view text, std::string_view url) override;
    // The base ("http://192.168.1.20:8080") that makes a room's relative link ("/r/CODE", a server with
    // no --public-url) absolute in an e-mail, where a relative link leads nowhere. Pushes keep the link
    // as it is: the service worker opens it on the page's own origin.
    void set_link_base(std::string base);

    Answer public_key() const override;
    void subscribe(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done) override;
    void unsubscribe(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done) override;

    struct Stats {
        std::uint64_t pushed = 0, push_failed = 0, push_gone = 0;
        std::uint64_t mailed = 0, mail_failed = 0;
        std::uint64_t retried = 0, dropped = 0;
    };
    Stats stats() const;
    // Tests: blocks until both queues are empty and nothing is being worked on (retries included).
    void wait_idle();

private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

// Checks an e-mail address for registering (RFC 5321's sizes, a dot-atom local part, a host name):
// what is wrong, or nothing.
std::optional<std::string> email_problem(std::string_view address);

}  // namespace catan::notify
