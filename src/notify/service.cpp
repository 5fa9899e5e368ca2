// The notifications service: registrations (REST) and deliveries (Web Push, e-mail) on two worker
// threads with bounded queues, the VAPID key and targets in the data file (store::NotifyStore).
#include "catan/notify/service.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <variant>

#include <openssl/evp.h>
#include <spdlog/spdlog.h>

#include "catan/notify/webpush.hpp"
#include "catan/store/notify_store.hpp"
#include "catan/store/store.hpp"
#include "senders.hpp"
#include "worker.hpp"

namespace catan::notify {

namespace {

using Clock = std::chrono::steady_clock;

// A token bucket (per second, saved up to a burst).
struct Bucket {
    double tokens = 0;
    Clock::time_point last{};
    // Takes a token; when there is none, the seconds until there is one.
    std::optional<int> take(double rate, double burst, Clock::time_point now) {
        if (last == Clock::time_point{}) tokens = burst;
        else tokens = std::min(burst, tokens + rate * std::chrono::duration<double>(now - last).count());
        last = now;
        if (tokens >= 1) {
            tokens -= 1;
            return std::nullopt;
        }
        return std::max(1, static_cast<int>((1 - tokens) / std::max(rate, 1e-9)) + 1);
    }
};

Answer error(int status, std::string_view code, std::string message) {
    return {status, {{"code", code}, {"message", std::move(message)}}, 0};
}

std::string sha256_hex(std::string_view text) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr) != 1) throw std::runtime_error("SHA-256 failed");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < size; ++i) {
        out += kHex[digest[i] >> 4];
        out += kHex[digest[i] & 0xf];
    }
    return out;
}

std::string address_of(std::string_view remote) {  // "ip:port" or "[v6]:port" -> the address
    if (remote.starts_with('[')) return std::string(remote.substr(1, remote.find(']') - 1));
    const auto colon = remote.rfind(':');
    if (colon != std::string_view::npos && remote.find(':') == colon) return std::string(remote.substr(0, colon));
    return std::string(remote);
}

// Room codes as the room layer writes them: upper case, letters and digits.
std::optional<std::string> room_code(std::string_view code) {
    if (code.empty() || code.size() > 32) return std::nullopt;
    std::string out;
    for (const char c : code) {
        if (!std::isalnum(static_cast<unsigned char>(c))) return std::nullopt;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

constexpr std::array<std::string_view, 4> kLanguages = {"en", "fr", "ja", "ko"};

std::string language(const nlohmann::json& body) {
    const auto it = body.find("lang");
    if (it == body.end() || !it->is_string()) return "en";
    const std::string lang = it->get<std::string>().substr(0, 2);
    return std::find(kLanguages.begin(), kLanguages.end(), lang) != kLanguages.end() ? lang : "en";
}

// The title of each kind in each language (the client's strings are in web/js/lang).
std::string title(Kind kind, std::string_view lang) {
    struct Titles {
        std::string_view lang, your_turn, time_running_out, game_over;
    };
    static constexpr std::array<Titles, 4> kTitles = {{
        {"en", "Catan: your turn", "Catan: your time is running out", "Catan: the game is over"},
        {"fr", "Catan : à vous de jouer", "Catan : votre temps est presque écoulé", "Catan : la partie est terminée"},
        {"ja", "カタン：あなたの番です", "カタン：持ち時間がまもなく切れます", "カタン：ゲームが終わりました"},
        {"ko", "카탄: 당신의 차례입니다", "카탄: 시간이 곧 끝납니다", "카탄: 게임이 끝났습니다"},
    }};
    for (const Titles& t : kTitles) {
        if (t.lang != lang) continue;
        switch (kind) {
        case Kind::your_turn: return std::string(t.your_turn);
        case Kind::time_running_out: return std::string(t.time_running_out);
        case Kind::game_over: return std::string(t.game_over);
        }
    }
    return title(kind, "en");
}

// At most `max` bytes of UTF-8, cut between characters.
std::string clip(std::string_view text, std::size_t max) {
    if (text.size() <= max) return std::string(text);
    std::size_t n = max;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xc0) == 0x80) --n;
    return std::string(text.substr(0, n));
}

bool printable_ascii(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

}  // namespace

std::optional<std::string> email_problem(std::string_view address) {
    if (address.empty()) return "the e-mail address is empty";
    if (address.size() > 254) return "the e-mail address is longer than 254 characters";
    const auto at = address.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == address.size()) return "the e-mail address needs local@domain";
    const std::string_view local = address.substr(0, at), domain = address.substr(at + 1);
    if (local.size() > 64) return "the part before @ is longer than 64 characters";
    constexpr std::string_view kAtext = "!#$%&'*+-/=?^_`{|}~";
    if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos)
        return "the part before @ has a misplaced dot";
    for (const char c : local)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && kAtext.find(c) == std::string_view::npos)
            return "the part before @ has a character e-mail does not allow there";
    if (domain.find('.') == std::string_view::npos) return "the domain needs a dot (name.example)";
    std::size_t start = 0;
    while (start <= domain.size()) {
        const auto end = std::min(domain.find('.', start), domain.size());
        const std::string_view label = domain.substr(start, end - start);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return "the domain is not a host name";
        for (const char c : label)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return "the domain is not a host name";
        start = end + 1;
    }
    return std::nullopt;
}

struct Service::Impl : std::enable_shared_from_this<Service::Impl> {
    ServiceOptions options;
    KeyPair vapid;
    std::string public_key_b64;
    std::string subject;

    mutable std::mutex link_mutex;
    std::string link_base;  // set_link_base

    std::string mail_link(const std::string& url) const {
        if (!url.starts_with('/')) return url;
        const std::lock_guard lock(link_mutex);
        return link_base + url;
    }

    std::mutex budget_mutex;
    std::unordered_map<std::string, Bucket> per_address;
    Bucket total_budget;

    std::atomic<std::uint64_t> pushed{0}, push_failed{0}, push_gone{0}, mailed{0}, mail_failed{0}, retried{0}, dropped{0};
    std::unique_ptr<Worker> registrations, sends;  // last: stopped first

    // Per-address, then total; the seconds to wait when refused.
    std::optional<int> spend(std::string_view remote) {
        const auto now = Clock::now();
        const std::lock_guard lock(budget_mutex);
        if (!remote.empty() && options.register_rate_address > 0) {
            const std::string address = address_of(remote);
            if (per_address.size() >= options.max_tracked_addresses && !per_address.contains(address)) {
                // Forget the addresses whose budget has refilled: they lose nothing.
                const auto refill = std::chrono::duration<double>(options.register_burst_address / options.register_rate_address);
                std::erase_if(per_address, [&](const auto& entry) { return now - entry.second.last >= refill; });
                if (per_address.size() >= options.max_tracked_addresses) return 60;
            }
            if (auto wait = per_address[address].take(options.register_rate_address, options.register_burst_address, now)) return wait;
        }
        if (options.register_rate_total > 0)
            if (auto wait = total_budget.take(options.register_rate_total, options.register_burst_total, now)) return wait;
        return std::nullopt;
    }

    // ---- registrations (on the registrations worker) ----
    struct Seat {
        std::string code;
        int seat;
        std::string token_hash;
    };
    std::variant<Seat, Answer> seat_of(std::string_view raw_code, const nlohmann::json& body) {
        if (!body.is_object()) return error(400, "wrong_type", "the request body must be a JSON object");
        const auto token = body.find("token");
        if (token == body.end() || !token->is_string() || token->get_ref<const std::string&>().empty() ||
            token->get_ref<const std::string&>().size() > 128)
            return error(400, "bad_token", "send your seat token as \"token\" (it comes with your seat in the room)");
        const auto code = room_code(raw_code);
        const std::string hash = sha256_hex(token->get_ref<const std::string&>());
        std::optional<int> seat;
        if (code) seat = options.store->seat_of_token(*code, hash);
        if (!seat) return error(403, "bad_token", "no seat of this room has that token");
        return Seat{*code, *seat, hash};
    }

    std::variant<store::NotifyTarget, Answer> push_target(const nlohmann::json& push) {
        if (!push.is_object()) return error(400, "bad_subscription", "\"push\" must be a PushSubscription's JSON");
        const auto endpoint = push.find("endpoint");
        const auto keys = push.find("keys");
        if (endpoint == push.end() || !endpoint->is_string() || keys == push.end() || !keys->is_object() ||
            !keys->contains("p256dh") || !keys->contains("auth") || !(*keys)["p256dh"].is_string() || !(*keys)["auth"].is_string())
            return error(400, "bad_subscription", "\"push\" needs endpoint and keys.p256dh, keys.auth");
        const std::string& url = endpoint->get_ref<const std::string&>();
        if (url.size() > options.max_endpoint_bytes)
            return error(400, "out_of_range", "the push endpoint is longer than " + std::to_string(options.max_endpoint_bytes) + " bytes");
        if (!printable_ascii(url) || !url_origin(url))
            return error(400, "bad_subscription", "the push endpoint is not an http(s) URL");
        if (!url.starts_with("https://") && !options.allow_insecure)
            return error(400, "bad_subscription", "the push endpoint must be https");
        const auto p256dh = base64url_decode((*keys)["p256dh"].get<std::string>());
        const auto auth = base64url_decode((*keys)["auth"].get<std::string>());
        if (!p256dh || !auth || auth->size() != 16 || (*keys)["p256dh"].get_ref<const std::string&>().size() > 100)
            return error(400, "bad_subscription", "keys.p256dh must be a P-256 public key and keys.auth 16 bytes, base64url");
        try {
            static_cast<void>(encrypt_aes128gcm("", *p256dh, *auth));  // the key is a point on the curve
        } catch (const CryptoError&) {
            return error(400, "bad_subscription", "keys.p256dh is not a P-256 public key");
        }
        store::NotifyTarget t;
        t.kind = "push";
        t.endpoint = url;
        t.p256dh = base64url_encode(*p256dh);
        t.auth = base64url_encode(*auth);
        return t;
    }

    Answer do_subscribe(const std::string& raw_code, const nlohmann::json& body, const std::string& remote) {
        auto who = seat_of(raw_code, body);
        if (auto* refused = std::get_if<Answer>(&who)) return *refused;
        const Seat seat = std::get<Seat>(who);
        std::vector<store::NotifyTarget> targets;
        if (const auto push = body.find("push"); push != body.end() && !push->is_null()) {
            auto t = push_target(*push);
            if (auto* refused = std::get_if<Answer>(&t)) return *refused;
            targets.push_back(std::get<store::NotifyTarget>(t));
        }
        if (const auto email = body.find("email"); email != body.end() && !email->is_null()) {
            if (!email->is_string()) return error(400, "bad_email", "\"email\" must be a string");
            if (!options.smtp) return error(409, "no_email", "this server sends no e-mail (its operator configured no SMTP relay)");
            if (const auto problem = email_problem(email->get_ref<const std::string&>())) return error(400, "bad_email", *problem);
            store::NotifyTarget t;
            t.kind = "email";
            t.endpoint = email->get<std::string>();
            targets.push_back(t);
        }
        if (targets.empty()) return error(400, "nothing_to_register", "send \"push\" (a PushSubscription), \"email\", or both");
        for (store::NotifyTarget& t : targets) {
            t.code = seat.code;
            t.seat = seat.seat;
            t.lang = language(body);
            t.address = remote.empty() ? std::string() : address_of(remote);
            switch (options.store->add_target(t, seat.token_hash, t.kind == "push" ? options.max_push_per_seat : 1,
                                               options.max_targets_per_address, options.max_targets_total)) {
            case store::NotifyStore::Added::address_full:
                return error(409, "too_many", "your address has registered " + std::to_string(options.max_targets_per_address) +
                                                  " notifications already, in this and other rooms");
            case store::NotifyStore::Added::seat_full:
                return error(409, "too_many", "this seat has " + std::to_string(options.max_push_per_seat) +
                                                  " push subscriptions already: remove one (DELETE with its endpoint) first");
            case store::NotifyStore::Added::total_full:
                spdlog::warn("notify: {} notification targets kept, the most --notify-max-targets allows: registrations are refused",
                             options.max_targets_total);
                return error(503, "server_full", "the server keeps as many notification targets as it may; try later");
            case store::NotifyStore::Added::added:
            case store::NotifyStore::Added::updated:
                break;
            }
        }
        return state(seat);
    }

    Answer state(const Seat& seat) {
        const auto targets = options.store->targets(seat.code, seat.seat);
        const auto push = std::count_if(targets.begin(), targets.end(), [](const auto& t) { return t.kind == "push"; });
        const bool email = std::any_of(targets.begin(), targets.end(), [](const auto& t) { return t.kind == "email"; });
        return {200, {{"seat", seat.seat}, {"push", push}, {"email", email}, {"email_available", options.smtp.has_value()}}, 0};
    }

    Answer do_unsubscribe(const std::string& raw_code, const nlohmann::json& body) {
        auto who = seat_of(raw_code, body);
        if (auto* refused = std::get_if<Answer>(&who)) return *refused;
        const Seat seat = std::get<Seat>(who);
        const auto endpoint = body.find("endpoint");
        const auto email = body.find("email");
        if (endpoint != body.end() && !endpoint->is_string()) return error(400, "wrong_type", "\"endpoint\" must be a string");
        if (endpoint != body.end()) {
            options.store->remove_targets(seat.code, seat.seat, "push", endpoint->get<std::string>());
        } else if (email != body.end() && email->is_boolean() && email->get<bool>()) {
            options.store->remove_targets(seat.code, seat.seat, "email", "");
        } else if (endpoint == body.end() && email == body.end()) {
            options.store->remove_targets(seat.code, seat.seat, "", "");
        } else {
            return error(400, "wrong_type", "send \"endpoint\" (one subscription), \"email\": true, or neither (everything)");
        }
        return state(seat);
    }

    void registration(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done, bool add) {
        if (!options.store) {
            done(error(503, "no_data_file", "notifications need a data file: this server keeps rooms in memory only"));
            return;
        }
        if (const auto wait = spend(remote)) {
            Answer a = error(429, "rate_limited", "too many notification registrations; try again later");
            a.retry_after = *wait;
            done(a);
            return;
        }
        auto task = [self = shared_from_this(), code = std::move(code), body = std::move(body), remote = std::move(remote), done, add] {
            Answer a;
            try {
                a = add ? self->do_subscribe(code, body, remote) : self->do_unsubscribe(code, body);
            } catch (const std::exception& e) {
                spdlog::error("notify: a registration for room {} failed: {}", code.substr(0, 32), e.what());
                a = error(500, "internal", "the registration could not be kept; try again");
            }
            done(std::move(a));
        };
        if (!registrations->post(std::move(task)))
            done(error(503, "busy", "too many registrations are waiting; try again in a moment"));
    }

    // ---- deliveries (on the sends worker) ----
    struct Message {
        std::string code;
        int seat = 0;
        Kind kind = Kind::your_turn;
        std::string text, url;
    };

    // Several nodes on one database: a node that lost the room (and has not found out) finds no targets.
    void deliver(const Message& m) {
        for (const store::NotifyTarget& t : options.store->deliverable(m.code, m.seat)) send(t, m, 1);
    }

    void retry(const store::NotifyTarget& t, const Message& m, int attempt, const std::string& why) {
        if (attempt >= options.max_attempts) {
            spdlog::warn("notify: gave up on a {} notification for room {} seat {} to {} after {} attempts: {}", kind_name(m.kind), m.code,
                         m.seat, t.kind == "push" ? url_origin(t.endpoint).value_or("?") : "an e-mail address", attempt, why);
            return;
        }
        retried.fetch_add(1);
        const auto delay = options.retry_delay * (1 << std::min(attempt - 1, 10));
        if (!sends->post([self = shared_from_this(), t, m, attempt] { self->send(t, m, attempt + 1); }, Clock::now() + delay)) {
            dropped.fetch_add(1);
            spdlog::warn("notify: the send queue is full ({} waiting): a retry for room {} was dropped", options.max_queued_sends, m.code);
        }
    }

    void send(const store::NotifyTarget& t, const Message& m, int attempt) {
        const std::string title_text = title(m.kind, t.lang);
        if (t.kind == "email") {
            if (!options.smtp) return;
            detail::Mail mail{t.endpoint, title_text + " (" + m.code + ")", m.text + "\n\n" + mail_link(m.url) + "\n"};
            const auto result = detail::send_mail(*options.smtp, mail, options.allow_insecure);
            if (result.ok) {
                mailed.fetch_add(1);
                return;
            }
            mail_failed.fetch_add(1);
            spdlog::warn("notify: e-mail through {}:{} failed: {}{}", options.smtp->host, options.smtp->port, result.error,
                         result.retry ? " (will retry)" : ". Check --smtp-relay, --smtp-from and the relay's log");
            if (result.retry) retry(t, m, attempt, result.error);
            return;
        }
        const nlohmann::json payload = {{"title", title_text}, {"body", m.text}, {"url", m.url}, {"tag", "catan-" + m.code},
                                        {"kind", kind_name(m.kind)}, {"room", m.code}};
        detail::HttpPost post;
        post.url = t.endpoint;
        try {
            const auto ua_public = base64url_decode(t.p256dh);
            const auto auth = base64url_decode(t.auth);
            if (!ua_public || !auth) throw CryptoError("the subscription's keys are not base64url");
            post.body = encrypt_aes128gcm(payload.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), *ua_public, *auth);
            post.headers = {
                {"Authorization", vapid_authorization(vapid, t.endpoint, subject, std::chrono::system_clock::now() + std::chrono::hours(12))},
                {"Content-Encoding", "aes128gcm"},
                {"Content-Type", "application/octet-stream"},
                // A reminder that the time runs out is worthless later; a turn or a result keeps a day.
                {"TTL", m.kind == Kind::time_running_out ? "300" : "86400"},
                {"Urgency", m.kind == Kind::game_over ? "normal" : "high"},
                {"Topic", "catan-" + m.code},  // a newer message for the room replaces one not yet delivered
            };
        } catch (const CryptoError& e) {
            spdlog::warn("notify: a push subscription of room {} seat {} is unusable ({}): deleted", m.code, m.seat, e.what());
            options.store->remove_target(t.id);
            return;
        }
        const auto reply = detail::post(post, options.send_timeout, options.allow_insecure);
        const std::string origin = url_origin(t.endpoint).value_or("?");
        if (reply.status >= 200 && reply.status < 300) {
            pushed.fetch_add(1);
            return;
        }
        push_failed.fetch_add(1);
        if (reply.status == 404 || reply.status == 410 || reply.refused) {
            push_gone.fetch_add(1);
            spdlog::info("notify: {} says the subscription of room {} seat {} is gone ({}): deleted", origin, m.code, m.seat,
                         reply.status != 0 ? std::to_string(reply.status) : reply.error);
            options.store->remove_target(t.id);
            return;
        }
        if (reply.status == 0 || reply.status == 429 || reply.status >= 500) {
            spdlog::warn("notify: push to {} failed ({}){}", origin, reply.status == 0 ? reply.error : std::to_string(reply.status),
                         " (will retry; check this machine can reach it over HTTPS)");
            retry(t, m, attempt, reply.status == 0 ? reply.error : std::to_string(reply.status));
            return;
        }
        // 400, 401, 403, 413: the request is wrong for this subscription, and would be again. 403
        // usually means the subscription was made with another VAPID key (a data file without its
        // key, a restored backup of another server): it can never work, so it goes.
        spdlog::warn("notify: {} refused a push for room {} seat {} with {} {}: the subscription is deleted (the player can subscribe"
                     " again); if every push gets this, the VAPID key may have changed (see docs/operating.md)",
                     origin, m.code, m.seat, reply.status, reply.error.substr(0, 120));
        options.store->remove_target(t.id);
    }

    void purge_later() {
        std::weak_ptr<Impl> weak = shared_from_this();
        sends->post(
            [weak] {
                if (auto self = weak.lock()) {
                    try {
                        if (const auto n = self->options.store->purge(); n > 0)
                            spdlog::info("notify: deleted {} notification target(s) of seats with new holders", n);
                    } catch (const std::exception& e) {
                        spdlog::warn("notify: purging old notification targets failed: {}", e.what());
                    }
                    self->purge_later();
                }
            },
            Clock::now() + options.purge_interval, /*background=*/true);
    }
};

Service::Service(ServiceOptions options) : impl_(std::make_shared<Impl>()) {
    Impl& s = *impl_;
    s.options = std::move(options);
    if (s.options.store) {
        const auto kept = s.options.store->vapid_key([] {
            const KeyPair k = generate_p256_key();
            return std::pair{base64url_encode(k.private_key), base64url_encode(k.public_key)};
        });
        const auto priv = base64url_decode(kept.first);
        const auto pub = base64url_decode(kept.second);
        if (!priv || !pub) throw store::StoreError("the data file's VAPID key is not base64url");
        s.vapid = {*priv, *pub};
        check_p256_key(s.vapid);
    } else {
        s.vapid = generate_p256_key();
    }
    s.public_key_b64 = base64url_encode(s.vapid.public_key);
    s.subject = s.options.subject;
    if (s.subject.empty())
        s.subject = s.options.smtp && !s.options.smtp->from.empty() ? "mailto:" + s.options.smtp->from : s.options.public_url;
    s.registrations = std::make_unique<Worker>("registrations", s.options.max_queued_registrations);
    s.sends = std::make_unique<Worker>("sends", s.options.max_queued_sends);
    if (s.options.store) s.purge_later();
}

Service::~Service() {
    impl_->registrations->stop();
    impl_->sends->stop();
}

void Service::notify(std::string_view code, int seat, Kind kind, std::string_view text, std::string_view url) {
    if (!impl_->options.store) return;
    Impl::Message m{std::string(code.substr(0, 32)), seat, kind, clip(text, 300), clip(url, 1000)};
    const bool queued = impl_->sends->post([self = impl_, m = std::move(m)] {
        self->deliver(m);
    });
    if (!queued) {
        impl_->dropped.fetch_add(1);
        spdlog::warn("notify: the send queue is full ({} waiting): a {} notification for room {} was dropped; the push services or"
                     " the SMTP relay are slow or unreachable",
                     impl_->options.max_queued_sends, kind_name(kind), code.substr(0, 32));
    }
}

void Service::set_link_base(std::string base) {
    while (!base.empty() && base.back() == '/') base.pop_back();
    const std::lock_guard lock(impl_->link_mutex);
    impl_->link_base = std::move(base);
}

Answer Service::public_key() const { return {200, {{"public_key", impl_->public_key_b64}}, 0}; }

void Service::subscribe(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done) {
    impl_->registration(std::move(code), std::move(body), std::move(remote), std::move(done), true);
}

void Service::unsubscribe(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done) {
    impl_->registration(std::move(code), std::move(body), std::move(remote), std::move(done), false);
}

Service::Stats Service::stats() const {
    const Impl& s = *impl_;
    return {s.pushed.load(), s.push_failed.load(), s.push_gone.load(), s.mailed.load(), s.mail_failed.load(), s.retried.load(),
            s.dropped.load()};
}

void Service::wait_idle() {
    // A send may queue a retry; wait until neither worker has anything due soon.
    for (int round = 0; round < 2; ++round) {
        impl_->registrations->wait_idle();
        impl_->sends->wait_idle();
    }
}

}  // namespace catan::notify
