// The notification store on both databases (SQLite file, PostgreSQL: backends.hpp), and what several
// nodes sharing one PostgreSQL database need of it: one VAPID key whoever starts first, limits counted
// across the nodes, and a notification sent only by the node that serves its room, end to end through
// the push endpoint and the SMTP sink (push_endpoint.mjs, smtp_sink.mjs).
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include <spdlog/spdlog.h>

#include "backends.hpp"
#include "catan/notify/service.hpp"
#include "catan/notify/webpush.hpp"
#include "catan/store/notify_store.hpp"
#include "catan/store/store.hpp"
#include "endpoints.hpp"
#include "seat_tokens.hpp"

using namespace catan;
using namespace notify_test;
using store::NotifyStore;
using store::test::TestData;
using nlohmann::json;
using Added = NotifyStore::Added;

namespace {

store::RoomRecord room(const std::string& code, const std::string& seat0_token) {
    store::RoomRecord r;
    r.code = code;
    r.options = "{}";
    r.host_key_hash = sha256_hex("host");
    r.phase = "playing";
    r.created_ms = r.updated_ms = store::now_ms();
    r.seats = {{0, "Ana", sha256_hex(seat0_token), true, ""}, {1, "Ben", sha256_hex(kBen), false, ""}};
    return r;
}

template <class Write>
bool durable(Write write) {
    std::promise<bool> done;
    write([&](bool ok) { done.set_value(ok); });
    return done.get_future().get();
}

void create(store::Store& s, const store::RoomRecord& r) { REQUIRE(durable([&](auto d) { s.create_room(r, d); })); }

store::NotifyTarget push_target(const std::string& code, int seat, const std::string& endpoint, const std::string& address = "") {
    return {0, code, seat, "push", endpoint, "k", "a", "en", address};
}

notify::Answer call(notify::Service& service, const std::string& code, json body, const std::string& remote = "127.0.0.1:5000") {
    std::promise<notify::Answer> answer;
    service.subscribe(code, std::move(body), remote, [&](notify::Answer a) { answer.set_value(std::move(a)); });
    return answer.get_future().get();
}

void quiet_logs() {
    spdlog::set_level(std::getenv("CATAN_TEST_LOG") ? spdlog::level::from_str(std::getenv("CATAN_TEST_LOG")) : spdlog::level::err);
}

// A push endpoint on loopback, its records in `dir`.
struct PushEndpoint {
    explicit PushEndpoint(const std::filesystem::path& records) : file(records) {}
    std::filesystem::path file;
    Child child{{"node", script("push_endpoint.mjs"), file.string()}};
    std::string base = "http://127.0.0.1:" + std::to_string(child.ready()["port"].get<int>());
    json subscription(const std::string& path) const {
        return {{"endpoint", base + path}, {"keys", {{"p256dh", child.ready()["p256dh"]}, {"auth", child.ready()["auth"]}}}};
    }
};

notify::ServiceOptions service_options(std::shared_ptr<NotifyStore> targets) {
    notify::ServiceOptions o;
    o.store = std::move(targets);
    o.allow_insecure = true;
    o.public_url = "https://catan.example.org";
    o.retry_delay = std::chrono::milliseconds(50);
    o.send_timeout = std::chrono::seconds(5);
    o.register_burst_address = 1000;
    return o;
}

}  // namespace

TEST_CASE("notification targets on both databases: one key, the limits, the seat's holder, purge and a deleted room",
          "[notify][postgres]") {
    quiet_logs();
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    store::Store rooms(data.location());
    create(rooms, room("K7QX3", kAna));
    NotifyStore targets(data.location());
    CHECK(targets.schema_version() == NotifyStore::kSchemaVersion);

    int made = 0;
    const auto make = [&made] {
        ++made;
        return std::pair{"private-" + std::to_string(made), "public-" + std::to_string(made)};
    };
    CHECK(targets.vapid_key(make) == std::pair<std::string, std::string>{"private-1", "public-1"});
    CHECK(targets.vapid_key(make).first == "private-1");  // kept: made once
    CHECK(made == 1);
    CHECK(NotifyStore(data.location()).vapid_key(make).first == "private-1");  // a restart reads the same

    CHECK(targets.seat_of_token("K7QX3", sha256_hex(kAna)) == 0);
    CHECK(targets.seat_of_token("K7QX3", sha256_hex(kBen)) == 1);
    CHECK_FALSE(targets.seat_of_token("K7QX3", sha256_hex("nobody")));
    CHECK_FALSE(targets.seat_of_token("ZZZZZ", sha256_hex(kAna)));

    const std::string ana = sha256_hex(kAna), ben = sha256_hex(kBen);
    CHECK(targets.add_target(push_target("K7QX3", 0, "https://push.example/1"), ana, 2, 10, 10) == Added::added);
    CHECK(targets.add_target(push_target("K7QX3", 0, "https://push.example/1"), ana, 2, 10, 10) == Added::updated);
    CHECK(targets.add_target(push_target("K7QX3", 0, "https://push.example/2"), ana, 2, 10, 10) == Added::added);
    CHECK(targets.add_target(push_target("K7QX3", 0, "https://push.example/3"), ana, 2, 10, 10) == Added::seat_full);
    store::NotifyTarget mail{0, "K7QX3", 0, "email", "ana@example.org", "", "", "fr", ""};
    CHECK(targets.add_target(mail, ana, 1, 10, 10) == Added::added);
    mail.endpoint = "ana@example.net";  // one address per seat: the new one replaces it
    CHECK(targets.add_target(mail, ana, 1, 10, 10) == Added::added);
    CHECK(targets.count("K7QX3", 0, "email") == 1);
    const auto kept = targets.targets("K7QX3", 0);
    REQUIRE(kept.size() == 3);
    CHECK(kept[0].endpoint == "https://push.example/1");
    CHECK(kept[2].endpoint == "ana@example.net");
    CHECK(kept[2].lang == "fr");
    CHECK(targets.deliverable("K7QX3", 0).size() == 3);  // one node: every room is its own

    CHECK(targets.add_target(push_target("K7QX3", 1, "https://push.example/b1", "10.0.0.1"), ben, 5, 1, 10) == Added::added);
    CHECK(targets.add_target(push_target("K7QX3", 1, "https://push.example/b2", "10.0.0.1"), ben, 5, 1, 10) == Added::address_full);
    CHECK(targets.add_target(push_target("K7QX3", 1, "https://push.example/b2", "10.0.0.2"), ben, 5, 1, 4) == Added::total_full);
    CHECK(targets.total() == 4);

    CHECK(targets.remove_targets("K7QX3", 0, "push", "https://push.example/1") == 1);
    CHECK(targets.remove_targets("K7QX3", 0, "push", "https://push.example/none") == 0);
    CHECK(targets.count("K7QX3", 0, "push") == 1);
    targets.remove_target(targets.targets("K7QX3", 0).front().id);
    CHECK(targets.count("K7QX3", 0, "push") == 0);

    // Seat 0 changes hands: the targets its earlier holder registered are not the new holder's, and the purge deletes them.
    REQUIRE(durable([&](auto d) { rooms.save_room(room("K7QX3", "11111111111111111111111111111111"), d); }));
    CHECK(targets.targets("K7QX3", 0).empty());
    CHECK(targets.count("K7QX3", 0, "email") == 0);
    CHECK(targets.purge() == 1);
    CHECK(targets.purge() == 0);
    CHECK(targets.total() == 1);  // Ben's

    REQUIRE(durable([&](auto d) { rooms.delete_room("K7QX3", d); }));
    CHECK(targets.total() == 0);  // the room's trigger
}

TEST_CASE("the notification tables join a database without them and leave its rooms alone, a newer one is refused",
          "[notify][postgres]") {
    quiet_logs();
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    store::Store rooms(data.location());
    create(rooms, room("K7QX3", kAna));
    REQUIRE(durable([&](auto d) { rooms.append_command("K7QX3", 0, {1, 0, R"({"type":"roll"})"}, "playing", std::nullopt, d); }));
    const std::string tables = data.postgres() ? "SELECT count(*) FROM pg_tables WHERE tablename LIKE 'notify%'"
                                               : "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name LIKE 'notify%'";
    CHECK(data.query(tables) == "0\n");
    {
        NotifyStore targets(data.location());
        CHECK(targets.schema_version() == 2);
    }
    CHECK(data.query(tables) == "3\n");  // notify_migrations, notify_keys, notify_targets
    CHECK(data.query("SELECT version FROM notify_migrations ORDER BY version") == "1\n2\n");
    NotifyStore again(data.location());  // reopening applies nothing twice
    CHECK(data.query("SELECT count(*) FROM notify_migrations") == "2\n");
    const auto kept = rooms.read_room("K7QX3");
    REQUIRE(kept);
    CHECK(kept->commands.size() == 1);
    CHECK(kept->room.seats.size() == 2);

    data.query("INSERT INTO notify_migrations(version, description, applied_ms) VALUES(3, 'from a newer server', 0)");
    try {
        NotifyStore newer(data.location());
        FAIL("a database with notify schema version 3 was opened");
    } catch (const store::StoreError& e) {
        CHECK_THAT(e.what(), Catch::Contains("newer catan-server"));
    }
}

TEST_CASE("two nodes on one PostgreSQL database: one VAPID key whoever keeps it first, and the limits count both", "[notify][postgres]") {
    quiet_logs();
    const TestData data("postgresql");
    if (data.skipped()) return;
    store::Store rooms(data.location());
    create(rooms, room("K7QX3", kAna));
    NotifyStore a(data.location(), "a"), b(data.location(), "b");

    // b keeps its key while a has read none and is making its own: a ends with b's.
    const auto b_key = [] { return std::pair<std::string, std::string>{"b-private", "b-public"}; };
    const auto kept_by_a = a.vapid_key([&] {
        CHECK(b.vapid_key(b_key).first == "b-private");
        return std::pair<std::string, std::string>{"a-private", "a-public"};
    });
    CHECK(kept_by_a.first == "b-private");
    CHECK(a.vapid_key(b_key).second == "b-public");
    CHECK(data.query("SELECT count(*) FROM notify_keys") == "1\n");

    const std::string ana = sha256_hex(kAna), ben = sha256_hex(kBen);
    CHECK(a.add_target(push_target("K7QX3", 0, "https://push.example/a1", "10.0.0.1"), ana, 5, 2, 100) == Added::added);
    CHECK(b.add_target(push_target("K7QX3", 1, "https://push.example/b1", "10.0.0.1"), ben, 5, 2, 100) == Added::added);
    CHECK(a.add_target(push_target("K7QX3", 0, "https://push.example/a2", "10.0.0.1"), ana, 5, 2, 100) == Added::address_full);
    CHECK(b.add_target(push_target("K7QX3", 0, "https://push.example/a2", "10.0.0.2"), ana, 2, 100, 100) == Added::added);
    CHECK(a.add_target(push_target("K7QX3", 0, "https://push.example/a3", "10.0.0.3"), ana, 2, 100, 100) == Added::seat_full);

    // Both registering at once, up to a total cap: never one target more than it allows.
    constexpr std::size_t kCap = 24;
    std::vector<std::future<int>> added;
    for (NotifyStore* node : {&a, &b})
        added.push_back(std::async(std::launch::async, [node, &ben, name = node == &a ? "a" : "b"] {
            int n = 0;
            for (int i = 0; i < 20; ++i)
                n += node->add_target(push_target("K7QX3", 1, "https://push.example/" + std::string(name) + std::to_string(i)), ben, 100,
                                      100, kCap) == Added::added;
            return n;
        }));
    const int total_added = added[0].get() + added[1].get();
    CHECK(a.total() == kCap);
    CHECK(total_added == static_cast<int>(kCap) - 3);
    CHECK(a.purge() + b.purge() == 0);
}

TEST_CASE("a service on PostgreSQL: a push and an e-mail reach the seat, and a second node signs with the same key",
          "[notify][postgres]") {
    quiet_logs();
    const TestData data("postgresql");
    if (data.skipped()) return;
    store::test::TempDir dir;
    store::Store rooms(data.location(), {.node = "a"});
    create(rooms, room("K7QX3", kAna));
    PushEndpoint push(dir.file("pushes.jsonl"));
    const auto mails = dir.file("mails.jsonl");
    Child sink{{"node", script("smtp_sink.mjs"), mails.string()}};
    auto o = service_options(std::make_shared<NotifyStore>(data.location(), "a"));
    notify::SmtpConfig smtp;
    smtp.host = "127.0.0.1";
    smtp.port = static_cast<std::uint16_t>(sink.ready()["port"].get<int>());
    smtp.from = "catan@example.org";
    o.smtp = smtp;
    notify::Service service(o);
    const std::string key = service.public_key().body["public_key"];

    const auto a = call(service, "K7QX3", {{"token", kAna}, {"push", push.subscription("/ok/ana")}, {"email", "ana@example.org"}});
    REQUIRE(a.status == 200);
    CHECK(a.body["push"] == 1);
    CHECK(a.body["email"] == true);
    service.notify("K7QX3", 0, notify::Kind::your_turn, "Ana, your move", "https://catan.example.org/r/K7QX3");
    service.wait_idle();
    const auto pushed = wait_records(push.file, 1);
    REQUIRE(pushed.size() == 1);
    CHECK(pushed[0]["vapid_ok"] == true);
    CHECK(pushed[0]["k"] == key);
    CHECK(json::parse(pushed[0]["plaintext"].get<std::string>())["body"] == "Ana, your move");
    const auto mailed = wait_records(mails, 1);
    REQUIRE(mailed.size() == 1);
    CHECK(mailed[0]["to"] == json::array({"ana@example.org"}));
    CHECK(mailed[0]["data"].get<std::string>().find("Ana, your move") != std::string::npos);

    notify::Service other_node(service_options(std::make_shared<NotifyStore>(data.location(), "b")));
    CHECK(other_node.public_key().body["public_key"] == key);
}

TEST_CASE("a node that lost a room to another sends its notifications no more, the node that took it sends them once",
          "[notify][postgres]") {
    quiet_logs();
    const TestData data("postgresql");
    if (data.skipped()) return;
    store::test::TempDir dir;
    PushEndpoint push(dir.file("pushes.jsonl"));
    // Node a stalls: its lease is not renewed, runs out, and node b takes the room.
    store::Store a_rooms(data.location(), {.node = "a", .lease = std::chrono::milliseconds(300), .renew = false});
    create(a_rooms, room("K7QX3", kAna));
    notify::Service a(service_options(std::make_shared<NotifyStore>(data.location(), "a")));
    notify::Service b(service_options(std::make_shared<NotifyStore>(data.location(), "b")));
    REQUIRE(call(a, "K7QX3", {{"token", kAna}, {"push", push.subscription("/ok/ana")}}).status == 200);

    a.notify("K7QX3", 0, notify::Kind::your_turn, "from a, which serves the room", "u");
    a.wait_idle();
    REQUIRE(wait_records(push.file, 1).size() == 1);
    b.notify("K7QX3", 0, notify::Kind::your_turn, "from b, which does not", "u");
    b.wait_idle();

    store::Store b_rooms(data.location(), {.node = "b"});
    std::optional<store::StoredRoom> taken;
    for (int tries = 0; tries < 100 && !taken; ++tries) {
        taken = b_rooms.take_room("K7QX3").room;
        if (!taken) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    REQUIRE(taken);
    CHECK(a_rooms.holds("K7QX3"));  // a has not found out
    a.notify("K7QX3", 0, notify::Kind::time_running_out, "from a, which lost the room", "u");
    a.wait_idle();
    b.notify("K7QX3", 0, notify::Kind::time_running_out, "from b, which took it", "u");
    b.wait_idle();
    const auto got = wait_records(push.file, 2);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // anything sent late is on file too
    const auto all = records(push.file);
    REQUIRE(all.size() == 2);
    CHECK(json::parse(all[0]["plaintext"].get<std::string>())["body"] == "from a, which serves the room");
    CHECK(json::parse(all[1]["plaintext"].get<std::string>())["body"] == "from b, which took it");
    CHECK(a.stats().pushed == 1);
    CHECK(b.stats().pushed == 1);
}
