// The documented reverse-proxy configs (docs/proxy/nginx.conf, docs/proxy/Caddyfile) run for real:
// the real catan-server with --trusted-proxy 127.0.0.1 behind real nginx and real Caddy, each config
// generated from the documented file by replacing only its ports, addresses and paths (every
// replacement must match, so an edit to the docs that this test does not follow fails it). Through
// each proxy a room is created over REST, WebSocket clients join, the host seats bots and a game is
// played to a winner; a client on another loopback address (127.0.0.2) spends its own room-creation
// budget, not the proxy's, whatever X-Forwarded-For it sends. The configs' timeouts and body limits
// are checked against the server's own.
//
// nginx's documented server speaks TLS: the test makes a self-signed certificate (openssl) and puts a
// plain-HTTP Caddy of its own in front as the TLS client, so the unchanged TLS block is what carries
// the game. Exits 4 (CTest SKIP) only when nginx, caddy or openssl is not installed
// (scripts/install-deps.sh test installs them).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <thread>

#include "catan/net/server.hpp"
#include "game_driver.hpp"
#include "proxy_process.hpp"
#include "raw_http.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;
using catan::store::test::read_bytes;
using catan::store::test::TempDir;
using catan::store::test::write_bytes;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

std::string documented(const std::string& name) {
    const auto text = read_bytes(fs::path(CATAN_PROXY_DOCS) / name);
    REQUIRE_FALSE(text.empty());
    return text;
}

// A number followed by a unit in a config ("3600s", "16k", "16KiB") in bytes or seconds.
long long value_of(const std::string& text, const std::string& pattern) {
    std::smatch m;
    INFO(pattern);
    REQUIRE(std::regex_search(text, m, std::regex(pattern)));
    long long n = std::stoll(m[1]);
    const std::string unit = m.size() > 2 ? std::string(m[2]) : "";
    if (unit == "k" || unit == "K" || unit == "KiB") n *= 1024;
    if (unit == "m" && pattern.find("timeout") != std::string::npos) n *= 60;
    if (unit == "MiB" || unit == "M") n *= 1024 * 1024;
    return n;
}



// Plays a whole game through the proxy on `port`: REST creation, WebSocket joins (a host and a
// second person), two bots, to a winner. Returns the join URL the server handed out.
std::string play_game_through(unsigned short port) {
    Table t(port);
    const json created = t.create_room_rest({{"players", 4}, {"vp_target", 5}, {"seed", "21"}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    ana.send(msg("add_bot", {{"seat", 2}, {"level", "basic"}}));
    ana.send(msg("add_bot", {{"seat", 3}, {"level", "basic"}}));
    t.catch_up(t.seq() + 2);
    ana.ping_pong();
    ana.send(msg("start"));
    const int commands = play_people({&ana, &bob}, [&] { return phase_of(ana) == "finished"; }, 90s, "the game through the proxy");
    CHECK(ana.view.game()["winner"].is_number_integer());
    // Real progress, not a shortcut: the people's own commands (placements, rolls, turns) went
    // through the proxy too, and the game took its turns.
    CHECK(commands >= 20);
    CHECK(ana.view.seq() >= 50);
    std::printf("game through the proxy: %d commands from the people, seq %lld, winner seat %s\n", commands,
                static_cast<long long>(ana.view.seq()), ana.view.game()["winner"].dump().c_str());
    while (bob.poll(50ms)) {
    }
    CHECK(phase_of(bob) == "finished");
    t.close_all();
    return created.value("url", "");
}

// Per-address budgets go by the client the proxy names: 127.0.0.2 spends its three rooms (claiming
// other addresses in X-Forwarded-For changes nothing), then 127.0.0.3 still has its own.
void check_forwarded_budgets(unsigned short proxy, const ServerProcess& server) {
    for (int i = 0; i < 3; ++i) {
        const auto r = raw_request(proxy, "POST", "/api/rooms", {{"X-Forwarded-For", "203.0.113." + std::to_string(i)}},
                                   R"({"players":2})", "127.0.0.2");
        INFO(r.head << r.body);
        CHECK(r.status == 201);
    }
    const auto over = raw_request(proxy, "POST", "/api/rooms", {{"X-Forwarded-For", "203.0.113.9"}}, R"({"players":2})", "127.0.0.2");
    CHECK(over.status == 429);
    CHECK(over.json()["code"] == "rate_limited");
    const auto other = raw_request(proxy, "POST", "/api/rooms", {}, R"({"players":2})", "127.0.0.3");
    CHECK(other.status == 201);
    const auto log = server.log();
    INFO(log);
    CHECK(std::regex_search(log, std::regex(R"(\[conn [0-9]+ 127\.0\.0\.2\] room [A-Z0-9]+ created over HTTP)")));
    CHECK(std::regex_search(log, std::regex(R"(\[conn [0-9]+ 127\.0\.0\.3\] room [A-Z0-9]+ created over HTTP)")));
    CHECK(log.find("203.0.113.") == std::string::npos);
}

std::vector<std::string> server_flags() {
    return {"--no-persist", "--trusted-proxy", "127.0.0.1", "--bot-delay", "0", "--room-create-burst", "3",
            "--room-create-rate", "0.01", "--log-level", "info"};
}

}  // namespace

TEST_CASE("Reverse proxy: the documented configs keep idle games open and match the server's limits", "[reverse-proxy]") {
    const catan::net::ServerOptions defaults;
    const long long idle = defaults.ws_idle_timeout.count();  // the server pings after half of it
    const auto nginx = documented("nginx.conf");
    CHECK(value_of(nginx, R"(proxy_read_timeout\s+([0-9]+)(s|m)?;)") > idle);
    CHECK(value_of(nginx, R"(proxy_send_timeout\s+([0-9]+)(s|m)?;)") > idle);
    CHECK(value_of(nginx, R"(client_max_body_size\s+([0-9]+)(k)?;)") == static_cast<long long>(defaults.max_body_bytes));
    CHECK(value_of(nginx, R"(large_client_header_buffers\s+[0-9]+\s+([0-9]+)(k)?;)") >=
          static_cast<long long>(defaults.max_header_bytes));
    for (const char* needed : {"proxy_set_header Upgrade $http_upgrade;", "proxy_set_header Connection $catan_connection;",
                               "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
                               "proxy_set_header X-Forwarded-Proto $scheme;", "proxy_set_header Host $http_host;",
                               "proxy_http_version 1.1;"})
        CHECK(nginx.find(needed) != std::string::npos);

    const auto caddy = documented("Caddyfile");
    CHECK(value_of(caddy, R"(max_size\s+([0-9]+)(KiB|MiB)?)") == static_cast<long long>(defaults.max_body_bytes));
    // Caddy sets no read timeout on a proxied WebSocket; none may be added below the server's idle time.
    for (const char* timeout : {"stream_timeout", "read_timeout", "idle_timeout"})
        if (caddy.find(timeout) != std::string::npos)
            CHECK(value_of(caddy, std::string(timeout) + R"(\s+([0-9]+)(s|m))") > idle);
}

TEST_CASE("Reverse proxy: a game through nginx with the documented config (TLS at nginx)", "[reverse-proxy]") {
    const auto nginx_bin = require_program("nginx");
    const auto caddy_bin = require_program("caddy");
    const auto openssl = require_program("openssl");
    TempDir dir;
    const fs::path root = dir.file("nginx");
    for (const char* sub : {"", "cert", "hop"}) fs::create_directories(root / sub);

    // A certificate for catan.example.org, in place of Let's Encrypt's.
    const std::string cert_cmd = openssl.string() + " req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=catan.example.org" +
                                 " -addext subjectAltName=DNS:catan.example.org -keyout " + (root / "cert/privkey.pem").string() +
                                 " -out " + (root / "cert/fullchain.pem").string() + " > " + (root / "openssl.log").string() + " 2>&1";
    REQUIRE(std::system(cert_cmd.c_str()) == 0);

    ServerProcess server(server_flags());
    const unsigned short http_port = free_port(), tls_port = free_port(), hop_port = free_port();
    const bool v6 = ipv6_loopback();

    // The documented file with its ports, addresses and paths replaced, nothing else.
    std::string site = documented("nginx.conf");
    replace(site, "listen 80;", "listen 127.0.0.1:" + std::to_string(http_port) + ";");
    replace(site, "listen [::]:80;", v6 ? "listen [::1]:" + std::to_string(http_port) + ";" : "listen 127.0.0.2:" + std::to_string(http_port) + ";");
    replace(site, "listen 443 ssl;", "listen 127.0.0.1:" + std::to_string(tls_port) + " ssl;");
    replace(site, "listen [::]:443 ssl;",
            v6 ? "listen [::1]:" + std::to_string(tls_port) + " ssl;" : "listen 127.0.0.2:" + std::to_string(tls_port) + " ssl;");
    replace(site, "/etc/letsencrypt/live/catan.example.org/", (root / "cert").string() + "/", 2);
    replace(site, "server 127.0.0.1:8080;", "server 127.0.0.1:" + std::to_string(server.port()) + ";");
    write_bytes(root / "catan.conf", site);
    const std::string r = root.string();
    const fs::path main = write_nginx_main(root, root / "catan.conf");
    Child nginx({nginx_bin.string(), "-p", r, "-c", main.string(), "-e", r + "/logs/error.log"}, {}, root / "nginx.out");
    nginx.wait_listening(tls_port);
    INFO("nginx error log:\n" << read_bytes(root / "logs/error.log"));

    // The test's TLS client: a plain-HTTP Caddy of its own that forwards to nginx's TLS port, checking
    // nginx's certificate (ws_client speaks plain WebSocket).
    write_bytes(root / "hop/Caddyfile", "{\n\tadmin off\n\tdefault_bind 127.0.0.1\n}\nhttp://127.0.0.1:" + std::to_string(hop_port) +
                                            " {\n\treverse_proxy https://127.0.0.1:" + std::to_string(tls_port) +
                                            " {\n\t\ttransport http {\n\t\t\ttls_trusted_ca_certs " + r +
                                            "/cert/fullchain.pem\n\t\t\ttls_server_name catan.example.org\n\t\t}\n\t}\n}\n");
    Child hop({caddy_bin.string(), "run", "--config", r + "/hop/Caddyfile", "--adapter", "caddyfile"},
              {"HOME=" + r + "/hop", "XDG_DATA_HOME=" + r + "/hop/data", "XDG_CONFIG_HOME=" + r + "/hop/config"},
              root / "hop.out");
    hop.wait_listening(hop_port);
    INFO("hop log:\n" << hop.log());

    // Plain HTTP on the documented port 80 only redirects to https.
    const auto redirect = raw_request(http_port, "GET", "/r/K7QX3");
    CHECK(redirect.status == 301);
    CHECK(redirect.head.find("Location: https://127.0.0.1/r/K7QX3") != std::string::npos);

    // nginx's client_max_body_size: a body over the server's cap is refused by nginx itself.
    const auto big = raw_request(hop_port, "POST", "/api/rooms", {}, std::string(20000, ' '));
    INFO(big.head);
    CHECK(big.status == 413);
    CHECK(big.head.find("catan-server") == std::string::npos);

    // The game, over TLS between the hop and nginx: the server builds https join links
    // (X-Forwarded-Proto) on the host the players used.
    const auto url = play_game_through(hop_port);
    CHECK(url.starts_with("https://127.0.0.1:" + std::to_string(hop_port) + "/r/"));
    check_forwarded_budgets(hop_port, server);
    CHECK(metric(server.port(), "catan_forwarded_requests_total") > 0);
    CHECK(metric(server.port(), "catan_forwarded_malformed_total") == 0);
    CHECK(server.stop() == 0);
}

TEST_CASE("Reverse proxy: a game through Caddy with the documented Caddyfile", "[reverse-proxy]") {
    const auto caddy_bin = require_program("caddy");
    TempDir dir;
    const fs::path root = dir.file("caddy");
    fs::create_directories(root / "data");
    ServerProcess server(server_flags());
    const unsigned short port = free_port(), admin = free_port();

    // The site address becomes http:// on loopback (no automatic HTTPS, no certificate to get), the
    // admin API and the upstream their test ports, and every listener binds loopback only (Caddy's
    // default is every interface).
    std::string config = documented("Caddyfile");
    replace(config, "admin 127.0.0.1:2019", "admin 127.0.0.1:" + std::to_string(admin) + "\n\tdefault_bind 127.0.0.1");
    replace(config, "\ncatan.example.org {", "\nhttp://127.0.0.1:" + std::to_string(port) + " {");
    replace(config, "reverse_proxy 127.0.0.1:8080", "reverse_proxy 127.0.0.1:" + std::to_string(server.port()));
    write_bytes(root / "Caddyfile", config);
    const std::string r = root.string();
    Child caddy({caddy_bin.string(), "run", "--config", r + "/Caddyfile", "--adapter", "caddyfile"},
                {"HOME=" + r, "XDG_DATA_HOME=" + r + "/data", "XDG_CONFIG_HOME=" + r + "/config"}, root / "caddy.out");
    caddy.wait_listening(port);
    INFO("caddy log:\n" << caddy.log());

    // A body over the server's cap is refused, by Caddy's request_body limit or (when Caddy streams the
    // request on before it has read 16 KiB) by the server's own: Caddy 2.6 answers 413, or 502 when it
    // cut a request it had begun passing on. No room is created either way.
    const auto big = raw_request(port, "POST", "/api/rooms", {}, std::string(20000, ' '));
    INFO(big.head << big.body);
    CHECK((big.status == 413 || big.status == 502));
    CHECK(big.body.find("host_key") == std::string::npos);

    const auto url = play_game_through(port);
    CHECK(url.starts_with("http://127.0.0.1:" + std::to_string(port) + "/r/"));
    check_forwarded_budgets(port, server);
    CHECK(metric(server.port(), "catan_forwarded_requests_total") > 0);
    CHECK(metric(server.port(), "catan_forwarded_malformed_total") == 0);
    CHECK(server.stop() == 0);
}
