#include "notify_setup.hpp"

#include <cstdlib>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "catan/notify/service.hpp"
#include "catan/store/notify_store.hpp"
#include "catan/store/store.hpp"

namespace catan::app {

void add_notify_flags(CLI::App& app, NotifyFlags& f) {
    app.add_flag("--no-notify", f.off, "No notifications: no Web Push key, no e-mail, and the notify routes answer 404")
        ->envname("CATAN_NO_NOTIFY");
    app.add_option("--smtp-relay", f.smtp_relay,
                   "E-mail notifications through this SMTP relay, host:port (e.g. smtp.example.org:587); none: no e-mail")
        ->envname("CATAN_SMTP_RELAY");
    app.add_option("--smtp-from", f.smtp_from, "The From address of notification e-mail (needed with --smtp-relay)")
        ->envname("CATAN_SMTP_FROM");
    app.add_option("--smtp-user", f.smtp_user,
                   "AUTH user at the relay; its password is read from the environment variable CATAN_SMTP_PASSWORD")
        ->envname("CATAN_SMTP_USER");
    app.add_flag("--smtp-starttls", f.smtp_starttls, "STARTTLS before anything else (the relay's certificate is checked)")
        ->envname("CATAN_SMTP_STARTTLS");
    app.add_option("--vapid-subject", f.vapid_subject,
                   "How push services can reach the operator (mailto: or https: URL); default mailto:<--smtp-from>, else --public-url")
        ->envname("CATAN_VAPID_SUBJECT");
    app.add_option("--notify-max-push-per-seat", f.max_push_per_seat, "Browsers one seat holder may subscribe to push")
        ->envname("CATAN_NOTIFY_MAX_PUSH_PER_SEAT")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100}))
        ->capture_default_str();
    app.add_option("--notify-max-per-address", f.max_per_address,
                   "Push subscriptions and e-mail addresses registered from one address, every room together")
        ->envname("CATAN_NOTIFY_MAX_PER_ADDRESS")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000}))
        ->capture_default_str();
    app.add_option("--notify-max-targets", f.max_targets, "Push subscriptions and e-mail addresses the data file keeps in all")
        ->envname("CATAN_NOTIFY_MAX_TARGETS")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000000}))
        ->capture_default_str();
    app.add_flag("--notify-allow-insecure", f.allow_insecure,
                 "For tests only: push endpoints over http, on any port and on loopback or private addresses; SMTP AUTH"
                 " without TLS and the relay's certificate unchecked")
        ->envname("CATAN_NOTIFY_ALLOW_INSECURE");
}

std::shared_ptr<notify::Service> make_notify_service(const NotifyFlags& f, const net::ServerOptions& server,
                                                     const std::string& public_url) {
    if (f.off) {
        spdlog::info("notifications are off (--no-notify)");
        return nullptr;
    }
    notify::ServiceOptions o;
    if (server.hub.store) {
        // A data file or database that takes no write is the store's to report (at the start, with what
        // to do): notifications step aside rather than stop the server with a message of their own.
        try {
            o.store = std::make_shared<store::NotifyStore>(server.data_path, server.hub.store->node());
        } catch (const store::StoreError& e) {
            spdlog::error("notifications: nobody can subscribe (the routes answer 503): {}", e.what());
        }
    }
    o.public_url = public_url.empty() ? "http://localhost" : public_url;
    o.subject = f.vapid_subject;
    o.allow_insecure = f.allow_insecure;
    o.max_push_per_seat = f.max_push_per_seat;
    o.max_targets_per_address = f.max_per_address;
    o.max_targets_total = f.max_targets;
    if (!o.subject.empty() && !o.subject.starts_with("mailto:") && !o.subject.starts_with("https://"))
        throw std::invalid_argument("--vapid-subject must be a mailto: or https: URL");
    if (!f.smtp_relay.empty()) {
        notify::SmtpConfig smtp;
        const auto colon = f.smtp_relay.rfind(':');
        if (colon == std::string::npos || colon == 0) throw std::invalid_argument("--smtp-relay is host:port, e.g. smtp.example.org:587");
        smtp.host = f.smtp_relay.substr(0, colon);
        if (smtp.host.size() > 2 && smtp.host.front() == '[' && smtp.host.back() == ']') smtp.host = smtp.host.substr(1, smtp.host.size() - 2);
        try {
            const int port = std::stoi(f.smtp_relay.substr(colon + 1));
            if (port < 1 || port > 65535) throw std::out_of_range("port");
            smtp.port = static_cast<std::uint16_t>(port);
        } catch (const std::exception&) {
            throw std::invalid_argument("--smtp-relay is host:port with a port from 1 to 65535");
        }
        if (f.smtp_from.empty()) throw std::invalid_argument("--smtp-relay needs --smtp-from (the address notification e-mail comes from)");
        if (const auto problem = notify::email_problem(f.smtp_from)) throw std::invalid_argument("--smtp-from: " + *problem);
        smtp.from = f.smtp_from;
        smtp.user = f.smtp_user;
        if (const char* password = std::getenv("CATAN_SMTP_PASSWORD")) smtp.password = password;
        if (!smtp.user.empty() && smtp.password.empty())
            throw std::invalid_argument("--smtp-user needs its password in the environment variable CATAN_SMTP_PASSWORD");
        if (!smtp.user.empty() && !f.smtp_starttls && !f.allow_insecure)
            throw std::invalid_argument("--smtp-user needs --smtp-starttls: the password is never sent unencrypted");
        smtp.starttls = f.smtp_starttls;
        // The EHLO name: the host of the public URL.
        std::string host = o.public_url.substr(o.public_url.find("://") == std::string::npos ? 0 : o.public_url.find("://") + 3);
        host = host.substr(0, host.find_first_of(":/"));
        if (!host.empty()) smtp.helo_name = host;
        o.smtp = smtp;
    }
    std::shared_ptr<notify::Service> service;
    try {
        service = std::make_shared<notify::Service>(o);
    } catch (const store::StoreError& e) {  // the key could not be kept: as above, the store reports the file
        spdlog::error("notifications: nobody can subscribe (the routes answer 503): {}", e.what());
        o.store = nullptr;
        service = std::make_shared<notify::Service>(o);
    }
    if (!server.hub.store)
        spdlog::warn("notifications: rooms are in memory only (--no-persist), so nobody can subscribe (the routes answer 503)");
    else if (o.store)
        spdlog::info("notifications: Web Push on (its VAPID key is kept in {}){}", server.hub.store->path(),
                     o.smtp ? ", e-mail through " + f.smtp_relay + " from " + o.smtp->from : ", e-mail off (no --smtp-relay)");
    if (!o.public_url.starts_with("https://") && server.tls_cert.empty())
        spdlog::info("notifications: browsers offer Web Push only to pages served over HTTPS (or from localhost): set"
                     " --public-url https://... behind a proxy, or --tls-cert");
    if (f.allow_insecure)
        spdlog::warn("--notify-allow-insecure: push endpoints on http and private addresses are accepted (for tests only)");
    return service;
}

}  // namespace catan::app
