// The notifications service against real endpoints on loopback: a push endpoint that decrypts every
// message with the subscriber's private key and checks the VAPID signature (push_endpoint.mjs), and
// an SMTP server (smtp_sink.mjs); targets kept in a real data file.
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include <sqlite3.h>
#include <spdlog/spdlog.h>

#include "catan/notify/service.hpp"
#include "catan/notify/webpush.hpp"
#include "catan/store/notify_store.hpp"
#include "catan/store/store.hpp"
#include "endpoints.hpp"
#include "seat_tokens.hpp"
#include "temp_dir.hpp"

using namespace catan;
using namespace notify_test;
using nlohmann::json;

namespace {

store::RoomRecord room(const std::string& code, const std::string& seat0_token) {
    store::RoomRecord r;
    r.code = code;
    r.options = "{}";
    r.host_key_hash = sha256_hex("host");
    r.phase = "playing";
    r.created_ms = r.updated_ms = store::now_ms();
    r.seats = {{0, "Ana", sha256_hex(seat0_token), true, ""}, {1, "Ben", sha256_hex(kBen), false, ""}, {2, "Bot", sha256_hex("b"), false, "basic"}};
    return r;
}

void save(store::Store& s, store::RoomRecord r, bool create = true) {
    std::promise<bool> done;
    if (create) s.create_room(std::move(r), [&](bool ok) { done.set_value(ok); });
    else s.save_room(std::move(r), [&](bool ok) { done.set_value(ok); });
    REQUIRE(done.get_future().get());
}

notify::Answer call(notify::Service& service, bool add, const std::string& code, json body, const std::string& remote = "127.0.0.1:5000") {
    std::promise<notify::Answer> answer;
    if (add) service.subscribe(code, std::move(body), remote, [&](notify::Answer a) { answer.set_value(std::move(a)); });
    else service.unsubscribe(code, std::move(body), remote, [&](notify::Answer a) { answer.set_value(std::move(a)); });
    return answer.get_future().get();
}

struct Fixture {
    store::test::TempDir dir;
    std::string path = dir.file("catan.db").string();
    std::shared_ptr<store::Store> rooms = std::make_shared<store::Store>(path);
    std::shared_ptr<store::NotifyStore> targets = std::make_shared<store::NotifyStore>(path);
    std::filesystem::path pushes = dir.file("pushes.jsonl");
    std::filesystem::path mails = dir.file("mails.jsonl");
    Child push{{"node", script("push_endpoint.mjs"), pushes.string()}};
    std::string base = "http://127.0.0.1:" + std::to_string(push.ready()["port"].get<int>());

    Fixture() {
        spdlog::set_level(std::getenv("CATAN_TEST_LOG") ? spdlog::level::from_str(std::getenv("CATAN_TEST_LOG")) : spdlog::level::err);
        save(*rooms, room("K7QX3", kAna));
    }

    notify::ServiceOptions options() {
        notify::ServiceOptions o;
        o.store = targets;
        o.allow_insecure = true;
        o.public_url = "https://catan.example.org";
        o.retry_delay = std::chrono::milliseconds(50);
        o.send_timeout = std::chrono::seconds(5);
        o.register_burst_address = 1000;  // the tests call from one address; the budget has its own test
        return o;
    }

    json subscription(const std::string& path) const {
        return {{"endpoint", base + path}, {"keys", {{"p256dh", push.ready()["p256dh"]}, {"auth", push.ready()["auth"]}}}};
    }
};

}  // namespace

TEST_CASE("a service stopped while its worker waits for the next purge shuts down without touching freed memory", "[notify]") {
    // The purge is scheduled an hour ahead, so the sends worker sleeps until a time kept in its
    // queue; stopping clears that queue under it. Run under ASan, a wait on the freed entry aborts.
    store::test::TempDir dir;
    const std::string path = dir.file("catan.db").string();
    store::Store rooms(path);
    for (int round = 0; round < 20; ++round) {
        notify::ServiceOptions o;
        o.store = std::make_shared<store::NotifyStore>(path);
        o.purge_interval = std::chrono::hours(1);
        auto service = std::make_unique<notify::Service>(o);
        std::this_thread::sleep_for(std::chrono::milliseconds(round % 4 == 0 ? 20 : 2));
        service.reset();
    }
    SUCCEED("twenty services stopped while waiting");
}

TEST_CASE("a push reaches the subscriber's endpoint encrypted for it, signed with the server's VAPID key", "[notify]") {
    Fixture f;
    notify::Service service(f.options());
    const std::string key = service.public_key().body["public_key"];
    CHECK(notify::base64url_decode(key)->size() == 65);

    const auto a = call(service, true, "k7qx3", {{"token", kAna}, {"push", f.subscription("/ok/ana")}, {"lang", "fr"}});
    REQUIRE(a.status == 200);
    CHECK(a.body["seat"] == 0);
    CHECK(a.body["push"] == 1);
    CHECK(a.body["email"] == false);

    service.notify("K7QX3", 0, notify::Kind::your_turn, "Ana, à toi : Ben a joué", "https://catan.example.org/r/K7QX3");
    service.notify("K7QX3", 1, notify::Kind::your_turn, "Ben registered nothing", "https://catan.example.org/r/K7QX3");
    service.wait_idle();
    const auto got = wait_records(f.pushes, 1);
    REQUIRE(got.size() == 1);
    const json& r = got[0];
    INFO(r.dump());
    CHECK(r["path"] == "/ok/ana");
    CHECK(r["status"] == 201);
    CHECK(r["vapid_ok"] == true);
    CHECK(r["k"] == key);  // the key GET /api/push/key serves
    CHECK(r["claims"]["sub"] == "https://catan.example.org");
    CHECK(r["encoding"] == "aes128gcm");
    CHECK(r["urgency"] == "high");
    CHECK(r["ttl"] == "86400");
    const json payload = json::parse(r["plaintext"].get<std::string>());
    CHECK(payload["title"] == "Catan : à vous de jouer");
    CHECK(payload["body"] == "Ana, à toi : Ben a joué");
    CHECK(payload["url"] == "https://catan.example.org/r/K7QX3");
    CHECK(payload["kind"] == "your_turn");
    CHECK(payload["room"] == "K7QX3");
    CHECK(service.stats().pushed == 1);

    SECTION("the key is kept in the data file: a new service (a restart) signs with the same one") {
        notify::Service again(f.options());
        CHECK(again.public_key().body["public_key"] == key);
    }
    SECTION("a memory-only server makes a fresh key, and registrations need a data file") {
        notify::ServiceOptions o;
        notify::Service memory(o);
        CHECK(memory.public_key().body["public_key"] != key);
        CHECK(call(memory, true, "K7QX3", {{"token", kAna}, {"push", f.subscription("/ok/ana")}}).status == 503);
    }
}

TEST_CASE("a push service's 404 or 410 deletes the subscription, a 500 is retried", "[notify]") {
    Fixture f;
    notify::Service service(f.options());
    REQUIRE(call(service, true, "K7QX3", {{"token", kAna}, {"push", f.subscription("/gone/1")}}).status == 200);
    REQUIRE(call(service, true, "K7QX3", {{"token", kAna}, {"push", f.subscription("/missing/1")}}).status == 200);
    REQUIRE(call(service, true, "K7QX3", {{"token", kAna}, {"push", f.subscription("/flaky/1")}}).status == 200);
    CHECK(f.targets->count("K7QX3", 0, "push") == 3);
    service.notify("K7QX3", 0, notify::Kind::time_running_out, "10 seconds left", "https://catan.example.org/r/K7QX3");
    service.wait_idle();
    const auto got = wait_records(f.pushes, 4);
    REQUIRE(got.size() == 4);  // gone, missing, flaky (500), flaky again (201)
    for (const json& r : got) {
        CHECK(r["vapid_ok"] == true);
        CHECK(r["ttl"] == "300");
        CHECK(json::parse(r["plaintext"].get<std::string>())["kind"] == "time_running_out");
    }
    CHECK(got.back()["path"] == "/flaky/1");
    CHECK(got.back()["status"] == 201);
    CHECK(f.targets->count("K7QX3", 0, "push") == 1);  // only the flaky one is left
    const auto stats = service.stats();
    CHECK(stats.push_gone == 2);
    CHECK(stats.retried == 1);
    CHECK(stats.pushed == 1);
}

TEST_CASE("targets follow the seat's holder and the room: a new holder gets none, a deleted room loses them", "[notify]") {
    Fixture f;
    notify::Service service(f.options());
    REQUIRE(call(service, true, "K7QX3", {{"token", kAna}, {"push", f.subscription("/ok/old")}}).status == 200);
    save(*f.rooms, room("K7QX3", "11111111111111111111111111111111"), /*create=*/false);  // seat 0 changed hands
    service.notify("K7QX3", 0, notify::Kind::your_turn, "not for the old holder", "u");
    service.wait_idle();
    CHECK(records(f.pushes).empty());
    CHECK(f.targets->purge() == 1);

    REQUIRE(call(service, true, "K7QX3", {{"token", kBen}, {"push", f.subscription("/ok/ben")}}).status == 200);
    CHECK(f.targets->total() == 1);
    std::promise<bool> deleted;
    f.rooms->delete_room("K7QX3", [&](bool ok) { deleted.set_value(ok); });
    REQUIRE(deleted.get_future().get());
    CHECK(f.targets->total() == 0);
}

TEST_CASE("registrations refuse bad tokens, bad subscriptions and addresses, and too many", "[notify][bad-input]") {
    Fixture f;
    auto o = f.options();
    o.max_push_per_seat = 2;
    o.max_endpoint_bytes = 200;
    notify::Service service(o);
    const auto status = [&](json body, const std::string& code = "K7QX3") { return call(service, true, code, std::move(body)); };
    const json sub = f.subscription("/ok/x");

    CHECK(status({{"push", sub}}).status == 400);                                   // no token
    CHECK(status({{"token", 42}, {"push", sub}}).status == 400);                    // not a string
    CHECK(status({{"token", kAna.substr(1) + "0"}, {"push", sub}}).status == 403);  // nobody's token
    CHECK(status({{"token", kAna}, {"push", sub}}, "ZZZZZ").status == 403);         // another room
    CHECK(status({{"token", kAna}, {"push", sub}}, "../x").status == 403);
    CHECK(status({{"token", sha256_hex("b")}, {"push", sub}}).body["code"] == "bad_token");
    CHECK(status(json::array()).status == 400);
    CHECK(status({{"token", kAna}}).body["code"] == "nothing_to_register");

    json bad = sub;
    bad["endpoint"] = "ftp://127.0.0.1/x";
    CHECK(status({{"token", kAna}, {"push", bad}}).body["code"] == "bad_subscription");
    bad["endpoint"] = f.base + "/ok/" + std::string(200, 'a');
    CHECK(status({{"token", kAna}, {"push", bad}}).body["code"] == "out_of_range");
    bad["endpoint"] = f.base + "/ok/with space";
    CHECK(status({{"token", kAna}, {"push", bad}}).status == 400);
    bad = sub;
    bad["keys"]["auth"] = "AAAA";
    CHECK(status({{"token", kAna}, {"push", bad}}).body["code"] == "bad_subscription");
    bad = sub;
    std::string point = *notify::base64url_decode(sub["keys"]["p256dh"].get<std::string>());
    point[30] = static_cast<char>(point[30] ^ 1);
    bad["keys"]["p256dh"] = notify::base64url_encode(point);
    CHECK(status({{"token", kAna}, {"push", bad}}).body["code"] == "bad_subscription");
    bad = sub;
    bad.erase("keys");
    CHECK(status({{"token", kAna}, {"push", bad}}).status == 400);

    CHECK(status({{"token", kAna}, {"email", "ana@example.org"}}).body["code"] == "no_email");  // no relay configured

    CHECK(status({{"token", kAna}, {"push", f.subscription("/ok/1")}}).status == 200);
    CHECK(status({{"token", kAna}, {"push", f.subscription("/ok/1")}}).status == 200);  // the same again: updated
    CHECK(status({{"token", kAna}, {"push", f.subscription("/ok/2")}}).status == 200);
    const auto full = status({{"token", kAna}, {"push", f.subscription("/ok/3")}});
    CHECK(full.status == 409);
    CHECK(full.body["code"] == "too_many");
    CHECK(call(service, false, "K7QX3", {{"token", kAna}, {"endpoint", f.base + "/ok/1"}}).body["push"] == 1);
    CHECK(status({{"token", kAna}, {"push", f.subscription("/ok/3")}}).status == 200);
    CHECK(call(service, false, "K7QX3", {{"token", kAna}}).body["push"] == 0);
    CHECK(call(service, false, "K7QX3", {{"token", kBen.substr(1) + "x"}}).status == 403);

    SECTION("https only unless the insecure flag is set") {
        auto strict = f.options();
        strict.allow_insecure = false;
        notify::Service production(strict);
        CHECK(call(production, true, "K7QX3", {{"token", kAna}, {"push", sub}}).body["message"] == "the push endpoint must be https");
    }
    SECTION("an address keeps only so many targets, across seats") {
        auto capped = f.options();
        capped.max_targets_per_address = 2;
        notify::Service limited(capped);
        CHECK(call(limited, true, "K7QX3", {{"token", kAna}, {"email", "x@example.org"}}, "10.0.0.9:1").status == 409);  // no relay
        CHECK(call(limited, false, "K7QX3", {{"token", kAna}}).status == 200);
        CHECK(call(limited, true, "K7QX3", {{"token", kAna}, {"push", f.subscription("/ok/a1")}}, "10.0.0.9:1").status == 200);
        CHECK(call(limited, true, "K7QX3", {{"token", kBen}, {"push", f.subscription("/ok/b1")}}, "10.0.0.9:2").status == 200);
        const auto third = call(limited, true, "K7QX3", {{"token", kBen}, {"push", f.subscription("/ok/b2")}}, "10.0.0.9:3");
        CHECK(third.status == 409);
        CHECK(third.body["code"] == "too_many");
        CHECK(call(limited, true, "K7QX3", {{"token", kBen}, {"push", f.subscription("/ok/b2")}}, "10.0.0.10:1").status == 200);
    }
    SECTION("an address runs out of its registration budget") {
        auto tight = f.options();
        tight.register_rate_address = 0.01;
        tight.register_burst_address = 3;
        notify::Service limited(tight);
        for (int i = 0; i < 3; ++i) CHECK(call(limited, true, "K7QX3", {{"token", kAna}}, "10.0.0.1:1").status == 400);
        const auto refused = call(limited, true, "K7QX3", {{"token", kAna}}, "10.0.0.1:2");
        CHECK(refused.status == 429);
        CHECK(refused.retry_after > 0);
        CHECK(call(limited, true, "K7QX3", {{"token", kAna}}, "10.0.0.2:1").status == 400);  // another address
    }
}

TEST_CASE("e-mail addresses are checked before they are kept", "[notify][bad-input]") {
    CHECK_FALSE(notify::email_problem("ana@example.org"));
    CHECK_FALSE(notify::email_problem("ana.b+catan@mail.example.co.uk"));
    for (const std::string& bad : std::vector<std::string>{"", "ana", "@example.org", "ana@", "ana@example", "ana@@example.org", "a na@example.org",
                                  "ana@exa mple.org", ".ana@example.org", "an..a@example.org", "ana@-x.org", "ana@x..org",
                                  "ana@example.org\r\nBcc: victim@example.org", std::string(65, 'a') + "@example.org",
                                  "a@" + std::string(250, 'b') + ".org"})
        CHECK(notify::email_problem(bad));
}

TEST_CASE("e-mail goes through the SMTP relay with AUTH, proper headers and dot-stuffing", "[notify]") {
    Fixture f;
    const bool login = GENERATE(false, true);
    Child sink{{"node", script("smtp_sink.mjs"), f.mails.string(), "--user", "catan", "--password", "s3cret", "--mechanisms",
                login ? "LOGIN" : "PLAIN LOGIN", "--fail-first"}};
    auto o = f.options();
    notify::SmtpConfig smtp;
    smtp.host = "127.0.0.1";
    smtp.port = static_cast<std::uint16_t>(sink.ready()["port"].get<int>());
    smtp.from = "catan@example.org";
    smtp.user = "catan";
    smtp.password = "s3cret";
    smtp.helo_name = "catan.example.org";
    o.smtp = smtp;
    o.subject = "";  // from the SMTP From address
    notify::Service service(o);
    const auto a = call(service, true, "K7QX3", {{"token", kAna}, {"email", "ana@example.org"}, {"lang", "ja"},
                                                  {"push", f.subscription("/ok/both")}});
    REQUIRE(a.status == 200);
    CHECK(a.body["email"] == true);
    CHECK(a.body["push"] == 1);
    service.notify("K7QX3", 0, notify::Kind::game_over, "Ben won.\n.hidden line that starts with a dot\n..two dots",
                   "https://catan.example.org/r/K7QX3");
    service.wait_idle();
    const auto mails = wait_records(f.mails, 1);
    REQUIRE(mails.size() == 1);  // the first attempt got 451 and was retried
    const json& m = mails[0];
    INFO(m.dump());
    CHECK(m["from"] == "catan@example.org");
    CHECK(m["to"] == json::array({"ana@example.org"}));
    CHECK(m["user"] == "catan");
    CHECK(m["mail_params"] == "BODY=8BITMIME");
    const std::string data = m["data"];
    const std::string headers = data.substr(0, data.find("\r\n\r\n"));
    const std::string body = data.substr(data.find("\r\n\r\n") + 4);
    CHECK(headers.find("From: catan@example.org\r\n") != std::string::npos);
    CHECK(headers.find("To: ana@example.org\r\n") != std::string::npos);
    CHECK(headers.find("Subject: =?UTF-8?B?") != std::string::npos);  // Japanese, RFC 2047
    CHECK(headers.find("\r\nDate: ") != std::string::npos);
    CHECK(headers.find("\r\nMessage-ID: <") != std::string::npos);
    CHECK(headers.find("@example.org>") != std::string::npos);
    CHECK(headers.find("Content-Type: text/plain; charset=utf-8") != std::string::npos);
    CHECK(body == "Ben won.\r\n.hidden line that starts with a dot\r\n..two dots\r\n\r\nhttps://catan.example.org/r/K7QX3\r\n");
    CHECK(service.stats().mailed == 1);
    CHECK(service.stats().retried == 1);
    const auto pushes = wait_records(f.pushes, 1);
    REQUIRE(pushes.size() == 1);
    CHECK(json::parse(pushes[0]["plaintext"].get<std::string>())["title"] == "カタン：ゲームが終わりました");
    CHECK(pushes[0]["claims"]["sub"] == "mailto:catan@example.org");
}

TEST_CASE("STARTTLS: the password goes only over TLS, and a relay without it is refused", "[notify]") {
    Fixture f;
    const auto key = f.dir.file("key.pem").string(), cert = f.dir.file("cert.pem").string();
    REQUIRE(std::system(("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1"
                         " -keyout " + key + " -out " + cert + " 2>/dev/null").c_str()) == 0);
    Child sink{{"node", script("smtp_sink.mjs"), f.mails.string(), "--user", "u", "--password", "p", "--tls-key", key, "--tls-cert",
                cert, "--no-8bitmime"}};
    notify::SmtpConfig smtp;
    smtp.host = "127.0.0.1";
    smtp.port = static_cast<std::uint16_t>(sink.ready()["port"].get<int>());
    smtp.from = "catan@example.org";
    smtp.user = "u";
    smtp.password = "p";
    auto o = f.options();
    o.smtp = smtp;
    o.allow_insecure = false;  // the password needs TLS
    {
        notify::Service service(o);  // without --smtp-starttls: refused before AUTH, not retried
        REQUIRE(call(service, true, "K7QX3", {{"token", kAna}, {"email", "ana@example.org"}}).status == 200);
        service.notify("K7QX3", 0, notify::Kind::your_turn, "x", "u");
        service.wait_idle();
        CHECK(service.stats().mail_failed == 1);
        CHECK(service.stats().retried == 0);
    }
    o.smtp->starttls = true;
    o.allow_insecure = true;  // the sink's certificate is self-signed
    notify::Service service(o);
    service.notify("K7QX3", 0, notify::Kind::your_turn, "caf\xc3\xa9 time", "https://catan.example.org/r/K7QX3");
    service.wait_idle();
    const auto mails = wait_records(f.mails, 1);
    REQUIRE(mails.size() == 1);
    CHECK(mails[0]["tls"] == true);
    CHECK(mails[0]["user"] == "u");
    const std::string data = mails[0]["data"];
    CHECK(data.find("Content-Transfer-Encoding: base64") != std::string::npos);  // no 8BITMIME: base64
    CHECK(data.find(notify::base64_encode("caf\xc3\xa9 time\r\n")) != std::string::npos);
}

TEST_CASE("the notification tables join a data file of the previous version without touching its rooms", "[notify][store]") {
    store::test::TempDir dir;
    const auto path = dir.file("catan.db");
    std::filesystem::copy_file(std::string(CATAN_NET_TEST_DATA) + "/before-issue-12.db", path);
    auto rooms = std::make_shared<store::Store>(path.string());  // the rooms' own migrations first
    const auto before = rooms->load_rooms();
    store::NotifyStore targets(path.string());
    CHECK(targets.schema_version() == store::NotifyStore::kSchemaVersion);
    // The file's room KZ7PK (tests/net/data/before-issue-12.txt): seat 0 is Ana's.
    CHECK(targets.seat_of_token("KZ7PK", sha256_hex("d1bb6b726f901c45871e40b13307a54c")) == 0);
    CHECK_FALSE(targets.seat_of_token("KZ7PK", sha256_hex("d1bb6b726f901c45871e40b13307a54d")));
    store::NotifyTarget t{0, "KZ7PK", 0, "email", "ana@example.org", "", "", "en", ""};
    CHECK(targets.add_target(t, sha256_hex("d1bb6b726f901c45871e40b13307a54c"), 1, 10, 10) == store::NotifyStore::Added::added);
    CHECK(targets.targets("KZ7PK", 0).size() == 1);
    const auto after = rooms->load_rooms();
    REQUIRE(after.size() == before.size());
    CHECK(after[0].commands.size() == before[0].commands.size());
    store::NotifyStore again(path.string());  // reopening applies nothing twice
    CHECK(again.targets("KZ7PK", 0).size() == 1);
}

TEST_CASE("the notification tables of the previous notify version migrate, keeping their targets", "[notify][store]") {
    store::test::TempDir dir;
    const auto path = dir.file("catan.db").string();
    auto rooms = std::make_shared<store::Store>(path);
    save(*rooms, room("K7QX3", kAna));
    {
        // A file as notify schema version 1 left it (its SQL, as that version ran it), with one target.
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
        const char* v1 = R"sql(
CREATE TABLE notify_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms INTEGER NOT NULL);
CREATE TABLE notify_keys(name TEXT PRIMARY KEY, private_key TEXT NOT NULL, public_key TEXT NOT NULL, created_ms INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE notify_targets(id INTEGER PRIMARY KEY, code TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL,
  kind TEXT NOT NULL, endpoint TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL, lang TEXT NOT NULL,
  created_ms INTEGER NOT NULL, UNIQUE(code, seat, kind, endpoint));
CREATE TRIGGER notify_room_gone AFTER DELETE ON rooms BEGIN DELETE FROM notify_targets WHERE code = OLD.code; END;
INSERT INTO notify_migrations VALUES(1, 'notifications: the VAPID key pair, each seat''s push subscriptions and e-mail address', 0);
)sql";
        REQUIRE(sqlite3_exec(db, v1, nullptr, nullptr, nullptr) == SQLITE_OK);
        const std::string row = "INSERT INTO notify_targets(code, seat, token_hash, kind, endpoint, p256dh, auth, lang, created_ms)"
                                " VALUES('K7QX3', 0, '" + sha256_hex(kAna) + "', 'email', 'ana@example.org', '', '', 'fr', 0)";
        REQUIRE(sqlite3_exec(db, row.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    store::NotifyStore targets(path);
    CHECK(targets.schema_version() == 2);
    const auto kept = targets.targets("K7QX3", 0);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].endpoint == "ana@example.org");
    CHECK(kept[0].lang == "fr");
    CHECK(kept[0].address.empty());  // counts for no address
    store::NotifyTarget t{0, "K7QX3", 0, "push", "https://push.example.net/1", "k", "a", "en", "10.0.0.1"};
    CHECK(targets.add_target(t, sha256_hex(kAna), 5, 1, 100) == store::NotifyStore::Added::added);
    t.endpoint = "https://push.example.net/2";
    CHECK(targets.add_target(t, sha256_hex(kAna), 5, 1, 100) == store::NotifyStore::Added::address_full);
}
