// The gateway's WebSocket side over real sockets: Origin, per-address cap, frame size, text only,
// rate limit, the bounded send queue, and the graceful shutdown (in process and the real binary).
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

#include "catan/proto/error_json.hpp"
#include "catan/room/metrics.hpp"
#include "gateway_support.hpp"

using namespace gateway_test;

namespace {

// The value of an unlabelled sample in the server's Prometheus text.
double metric(catan::net::Server& server, const std::string& name) {
    std::istringstream lines(server.metrics().prometheus());
    std::string line;
    while (std::getline(lines, line))
        if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
    return -1;
}

// Waits up to a second for the metric to reach `value` (the server counts after the client sees the close).
double metric_reaches(catan::net::Server& server, const std::string& name, double value) {
    double now = metric(server, name);
    for (int i = 0; i < 100 && now != value; ++i) {
        std::this_thread::sleep_for(10ms);
        now = metric(server, name);
    }
    return now;
}

nlohmann::json msg(std::string type, nlohmann::json fields = nlohmann::json::object()) {
    fields["v"] = 1;
    fields["type"] = std::move(type);
    return fields;
}

}  // namespace

TEST_CASE("WebSocket upgrade: Origin check", "[net]") {
    auto options = test_options();
    options.allowed_origins = {"https://play.example.org"};
    TestServer s(options);
    const auto before = metric(s.server, "catan_frames_rejected_total");
    {
        WsClient c;
        CHECK(c.connect(s.port, "http://evil.example") == 403);
    }
    CHECK(metric_reaches(s.server, "catan_frames_rejected_total", before + 1) == before + 1);
    {
        WsClient c;  // the page this server serves
        CHECK(c.connect(s.port, "http://127.0.0.1:" + std::to_string(s.port)) == 101);
        c.send_json(msg("ping"));
        CHECK(c.read_type("pong"));
    }
    {
        WsClient c;  // listed with --allowed-origin
        CHECK(c.connect(s.port, "https://play.example.org") == 101);
    }
    {
        WsClient c;  // not a browser
        CHECK(c.connect(s.port) == 101);
    }
}

TEST_CASE("WebSocket: connections per address are capped", "[net]") {
    auto options = test_options();
    options.max_connections_per_ip = 3;
    TestServer s(options);
    std::vector<std::unique_ptr<WsClient>> clients;
    for (int i = 0; i < 3; ++i) {
        clients.push_back(std::make_unique<WsClient>());
        REQUIRE(clients.back()->connect(s.port) == 101);
    }
    WsClient extra;
    CHECK(extra.connect(s.port) == 429);
    CHECK(get(s.port, "/healthz").status == 429);  // plain HTTP counts too

    clients.front()->close();
    clients.erase(clients.begin());
    unsigned status = 0;
    for (int attempt = 0; attempt < 100 && status != 101; ++attempt) {
        WsClient again;
        status = again.connect(s.port);
        if (status != 101) std::this_thread::sleep_for(10ms);
        else clients.push_back(std::make_unique<WsClient>());  // keep the count honest below
    }
    CHECK(status == 101);
}

TEST_CASE("WebSocket: a message over 16 KiB closes the connection with 1009", "[net]") {
    TestServer s;
    WsClient c;
    REQUIRE(c.connect(s.port) == 101);
    c.send_json(msg("ping"));
    REQUIRE(c.read_type("pong"));
    const auto before = metric(s.server, "catan_frames_rejected_total");
    c.send(std::string(16 * 1024 + 1, 'x'));
    CHECK_FALSE(c.read());
    CHECK(c.closed());
    CHECK(c.close_code() == 1009);
    CHECK(metric_reaches(s.server, "catan_frames_rejected_total", before + 1) == before + 1);

    WsClient ok;  // exactly at the cap is fine
    REQUIRE(ok.connect(s.port) == 101);
    ok.send(std::string(16 * 1024, ' '));
    ok.send_json(msg("ping"));
    CHECK(ok.read_type("pong"));
}

TEST_CASE("WebSocket: binary frames are refused with 1003", "[net]") {
    TestServer s;
    WsClient c;
    REQUIRE(c.connect(s.port) == 101);
    c.send_binary(std::string("\x01\x02\x03", 3));
    CHECK_FALSE(c.read());
    CHECK(c.closed());
    CHECK(c.close_code() == 1003);
}

TEST_CASE("WebSocket: a text frame that is not UTF-8 closes the connection with 1007", "[net]") {
    TestServer s;
    WsClient c;
    REQUIRE(c.connect(s.port) == 101);
    c.send("{\"v\":1,\"type\":\"ping\",\"id\":\"\xff\xfe\"}");
    CHECK_FALSE(c.read());
    CHECK(c.closed());
    CHECK(c.close_code() == 1007);
}

TEST_CASE("WebSocket: rate limit answers rate_limited, then closes a flooder", "[net]") {
    TestServer s;
    WsClient c;
    REQUIRE(c.connect(s.port) == 101);
    // 60 at once: a burst of 40 goes through, the rest is refused (a few may refill meanwhile).
    for (int i = 0; i < 60; ++i) c.send_json(msg("ping", {{"id", i}}));
    int pongs = 0, limited = 0;
    nlohmann::json first_error;
    std::string first_error_text;
    while (pongs + limited < 60) {
        const auto text = c.read();
        REQUIRE(text);
        const auto j = nlohmann::json::parse(*text);
        if (j["type"] == "pong") ++pongs;
        if (j["type"] == "error" && j["code"] == "rate_limited") {
            if (limited++ == 0) first_error = j, first_error_text = *text;
        }
    }
    CHECK(pongs >= 40);
    CHECK(pongs < 50);
    CHECK(limited == 60 - pongs);
    CHECK(first_error["v"] == 1);
    CHECK(first_error["id"].is_number_integer());
    CHECK(first_error["id"].get<int>() >= 40);
    CHECK(first_error["message"].is_string());
    // The gateway's refusal is written by the one writer of error frames, byte for byte.
    CHECK(first_error_text == catan::proto::error_frame({"rate_limited", first_error["message"].get<std::string>(), {}, {}},
                                                        first_error["id"]));
    CHECK(c.is_open());

    // Keep flooding: the connection is closed (1008).
    for (int i = 0; i < 200 && c.ok(); ++i) c.send_json(msg("ping"));
    bool closed = false;
    for (int i = 0; i < 500 && !closed; ++i) closed = !c.read(2s);
    CHECK(closed);
    CHECK(c.closed());
    CHECK(c.close_code() == 1008);
}

TEST_CASE("WebSocket: a client that never reads is dropped when its queue overflows", "[net]") {
    auto options = test_options();
    options.socket_send_buffer = 4096;  // keep the kernel from soaking up megabytes first
    options.messages_per_second = 100000;
    options.message_burst = 100000;
    options.hub.chat_rate_room = options.hub.chat_burst_room = 1e6;  // chat is this test's flood
    options.hub.chat_rate_address = options.hub.chat_burst_address = 1e6;
    TestServer s(options);

    WsClient talker;
    REQUIRE(talker.connect(s.port) == 101);
    const auto code = create_and_join(talker, "Talker");

    WsClient slow;
    REQUIRE(slow.connect(s.port, {}, 4096) == 101);
    slow.send_json(msg("spectate", {{"room", code}}));
    REQUIRE(slow.read_type("snapshot"));
    // From now on `slow` reads nothing while the room chats.

    const std::string text(480, 'x');
    int sent = 0;
    for (int batch = 0; batch < 20 && metric(s.server, "catan_send_queue_drops_total") < 1; ++batch) {
        for (int i = 0; i < 50; ++i, ++sent) talker.send_json(msg("chat", {{"text", text}}));
        for (int i = 0; i < 50; ++i) REQUIRE(talker.read_type("chat"));  // the talker keeps up
    }
    CHECK(metric(s.server, "catan_send_queue_drops_total") == 1);
    CHECK(sent > 256);

    // The slow client finds what the kernel held, then the end of the connection.
    int received = 0;
    while (slow.read(3s)) ++received;
    CHECK_FALSE(slow.timed_out());
    CHECK(received < sent);
    // The talker is unaffected.
    talker.send_json(msg("ping"));
    CHECK(talker.read_type("pong"));
}

TEST_CASE("WebSocket: a client that never reads is dropped when its queued bytes pass the cap", "[net]") {
    auto options = test_options();
    options.socket_send_buffer = 4096;  // keep the kernel from soaking up megabytes first
    options.messages_per_second = 100000;
    options.message_burst = 100000;
    options.send_queue_bytes = 64 * 1024;  // about 110 of the chat lines below: well under 256 messages
    options.hub.chat_rate_room = options.hub.chat_burst_room = 1e6;  // chat is this test's flood
    options.hub.chat_rate_address = options.hub.chat_burst_address = 1e6;
    TestServer s(options);

    WsClient talker;
    REQUIRE(talker.connect(s.port) == 101);
    const auto code = create_and_join(talker, "Talker");
    WsClient slow;
    REQUIRE(slow.connect(s.port, {}, 4096) == 101);
    slow.send_json(msg("spectate", {{"room", code}}));
    REQUIRE(slow.read_type("snapshot"));

    const std::string text(480, 'x');
    int sent = 0;
    for (int batch = 0; batch < 20 && metric(s.server, "catan_send_queue_drops_total") < 1; ++batch) {
        for (int i = 0; i < 20; ++i, ++sent) talker.send_json(msg("chat", {{"text", text}}));
        for (int i = 0; i < 20; ++i) REQUIRE(talker.read_type("chat"));
    }
    CHECK(metric(s.server, "catan_send_queue_drops_total") == 1);
    CHECK(sent < 256);  // dropped by its bytes before 256 messages were even sent
    while (slow.read(3s)) {
    }
    CHECK_FALSE(slow.timed_out());
    CHECK(metric_reaches(s.server, "catan_send_queue_bytes", 0) == 0);  // what it held is released
    talker.send_json(msg("ping"));
    CHECK(talker.read_type("pong"));
}

TEST_CASE("WebSocket: a silent peer is pinged, then dropped after the idle timeout", "[net]") {
    auto options = test_options();
    options.ws_idle_timeout = std::chrono::seconds(2);  // a ping after 1 s of silence, dropped after 2 s
    TestServer s(options);
    WsClient silent, chatty;
    REQUIRE(silent.connect(s.port) == 101);
    REQUIRE(chatty.connect(s.port) == 101);
    for (int i = 0; i < 6; ++i) {
        std::this_thread::sleep_for(500ms);
        chatty.send_json(msg("ping"));
        REQUIRE(chatty.read_type("pong"));
    }
    CHECK(s.server.connection_count() == 1);
    CHECK_FALSE(silent.read(1s));  // what is left is the server's ping, then the end of the connection
    CHECK_FALSE(silent.timed_out());
}

TEST_CASE("graceful shutdown: every client is told `closing`, then the server exits", "[net]") {
    auto server = std::make_unique<TestServer>();
    WsClient in_room, lobby_less;
    REQUIRE(in_room.connect(server->port) == 101);
    create_and_join(in_room, "Ana");
    REQUIRE(lobby_less.connect(server->port) == 101);
    lobby_less.send_json(msg("ping"));
    REQUIRE(lobby_less.read_type("pong"));

    const auto start = std::chrono::steady_clock::now();
    server->server.stop();
    for (WsClient* c : {&in_room, &lobby_less}) {
        const auto closing = c->read_type("closing");
        REQUIRE(closing);
        CHECK((*closing)["reason"] == "server shutting down");
        CHECK_FALSE(c->read());
        CHECK(c->closed());
    }
    server->server.wait();
    CHECK(std::chrono::steady_clock::now() - start < 2500ms);
    CHECK_THROWS(get(server->port, "/healthz"));  // no longer accepting
    server.reset();
}

TEST_CASE("catan-server serve: SIGTERM tells clients `closing` and exits 0", "[net]") {
    std::random_device rd;
    const auto port_file = std::filesystem::temp_directory_path() / ("gateway_port_" + std::to_string(rd()));
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const std::string pf = port_file.string();
        execl(CATAN_SERVER_BINARY, CATAN_SERVER_BINARY, "serve", "--listen", "127.0.0.1:0", "--port-file", pf.c_str(),
              "--threads", "2", "--log-level", "warn", "--no-persist", static_cast<char*>(nullptr));
        _exit(127);
    }
    std::uint16_t port = 0;
    for (int i = 0; i < 500 && port == 0; ++i) {
        std::ifstream in(port_file);
        if (!(in >> port)) std::this_thread::sleep_for(10ms);
    }
    std::filesystem::remove(port_file);
    if (port == 0) kill(pid, SIGKILL);
    REQUIRE(port != 0);

    CHECK(get(port, "/healthz").body == "ok");
    WsClient c;
    REQUIRE(c.connect(port) == 101);
    create_and_join(c, "Bo");

    REQUIRE(kill(pid, SIGTERM) == 0);
    const auto closing = c.read_type("closing");
    CHECK(closing);
    CHECK_FALSE(c.read());
    int status = 0;
    for (int i = 0; i < 300; ++i) {
        if (waitpid(pid, &status, WNOHANG) == pid) break;
        std::this_thread::sleep_for(10ms);
        if (i == 299) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            FAIL("the server did not exit within 3 s of SIGTERM");
        }
    }
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}
