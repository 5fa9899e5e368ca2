// Three nodes on one PostgreSQL database behind one address: real catan-server processes, a real
// PostgreSQL (tests/store/pg_server.hpp) and a real HAProxy (or nginx) running the documented config
// (docs/cluster/haproxy.cfg, docs/cluster/nginx.conf) with only the addresses set. Players reach
// every room through the proxy the way the web client does (docs/protocol.md, "Several servers
// behind a proxy"): the room in the URL, and the holder's node as a hint once a node answered
// room_elsewhere naming it. Then the proof: the node that owns a busy room is killed 20 times, stopped
// past its lease, drained with SIGTERM and every node restarted in turn, and each time the room is
// played on through the proxy with nothing acknowledged lost or applied twice. The failover times
// (kill to the room's next accepted command) are printed: grep "cluster-proxy failover" in the log.
// Exits 4 (CTest SKIP) when haproxy or nginx is not installed (scripts/install-deps.sh test).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <regex>
#include <thread>

#include "game_driver.hpp"
#include "pg_server.hpp"
#include "proxy_process.hpp"
#include "raw_http.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;
using namespace std::chrono_literals;
using catan::store::test::PgServer;
using catan::store::test::read_bytes;
using catan::store::test::TempDir;
using catan::store::test::write_bytes;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kNodes = 3;
const std::array<std::string, kNodes> kNames = {"node1", "node2", "node3"};  // the documented servers' names

std::int64_t ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

std::string documented(const std::string& name) {
    const auto text = read_bytes(fs::path(CATAN_CLUSTER_DOCS) / name);
    REQUIRE_FALSE(text.empty());
    return text;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

// ---- The nodes -------------------------------------------------------------------------------------
// Three nodes on one database, each on a port of its own that it keeps across restarts (the proxy's
// config names it), named as the proxy's servers are.
class Cluster {
public:
    Cluster(std::string url, int lease_seconds, std::vector<std::string> extra = {})
        : url_(std::move(url)), lease_(lease_seconds), extra_(std::move(extra)) {
        for (std::size_t i = 0; i < kNodes; ++i) ports_[i] = free_port();
        for (std::size_t i = 0; i < kNodes; ++i) start(i);
    }

    // Stopped cleanly (SIGTERM), so each node's temporary folder goes with it.
    ~Cluster() {
        for (auto& n : nodes_)
            if (n) n->stop();
    }
    Cluster(const Cluster&) = delete;
    Cluster& operator=(const Cluster&) = delete;

    const std::string& url() const { return url_; }
    unsigned short port(std::size_t i) const { return ports_[i]; }
    std::size_t index(const std::string& name) const {
        const auto it = std::find(kNames.begin(), kNames.end(), name);
        INFO("node '" << name << "'");
        REQUIRE(it != kNames.end());
        return static_cast<std::size_t>(it - kNames.begin());
    }
    ServerProcess& node(std::size_t i) { return *nodes_[i]; }
    const ServerProcess& node(std::size_t i) const { return *nodes_[i]; }

    void start(std::size_t i) {
        std::vector<std::string> args = {"--listen", "127.0.0.1:" + std::to_string(ports_[i]), "--data", url_,  "--node",
                                         kNames[i],  "--lease-seconds", std::to_string(lease_),  "--no-notify",
                                         "--trusted-proxy", "127.0.0.1"};
        args.insert(args.end(), extra_.begin(), extra_.end());
        nodes_[i].reset();
        nodes_[i] = std::make_unique<ServerProcess>(args, 15s);
    }
    void kill(std::size_t i) { nodes_[i]->kill_now(); }
    // After a SIGTERM sent earlier: waits for the node to finish and returns its exit code (0: a
    // clean stop, its leases released).
    int finished(std::size_t i) {
        for (int t = 0; t < 1500 && nodes_[i]->running(); ++t) std::this_thread::sleep_for(10ms);
        return nodes_[i]->stop();
    }

    // The node holding `code` by the database ("" when none does).
    std::string owner(const std::string& code) const {
        return trimmed(PgServer::query(url_, "SELECT coalesce(owner, '') FROM rooms WHERE code = '" + code + "'"));
    }
    std::int64_t logged_commands(const std::string& code) const {
        return std::stoll(PgServer::query(url_, "SELECT count(*) FROM commands WHERE code = '" + code + "'"));
    }
    std::string logs() const {
        std::string all;
        for (std::size_t i = 0; i < kNodes; ++i) all += "---- " + kNames[i] + "\n" + (nodes_[i] ? nodes_[i]->log() : "");
        return all;
    }

private:
    std::string url_;
    int lease_;
    std::vector<std::string> extra_;
    std::array<unsigned short, kNodes> ports_{};
    std::array<std::unique_ptr<ServerProcess>, kNodes> nodes_;
};

// ---- The proxies -----------------------------------------------------------------------------------
// docs/cluster/haproxy.cfg as documented, its addresses from the environment it reads them from.
class HaProxy {
public:
    HaProxy(const Cluster& cluster, const fs::path& dir) : port_(free_port()) {
        const auto bin = require_program("haproxy");
        fs::create_directories(dir);
        write_bytes(dir / "haproxy.cfg", documented("haproxy.cfg"));
        std::vector<std::string> env = {"CATAN_LISTEN=127.0.0.1:" + std::to_string(port_)};
        for (std::size_t i = 0; i < kNodes; ++i)
            env.push_back("CATAN_NODE" + std::to_string(i + 1) + "=127.0.0.1:" + std::to_string(cluster.port(i)));
        child_ = std::make_unique<Child>(std::vector<std::string>{bin.string(), "-db", "-f", (dir / "haproxy.cfg").string()}, env,
                                         dir / "haproxy.log");
        child_->wait_listening(port_);
    }
    unsigned short port() const { return port_; }
    std::string log() const { return child_->log(); }

    // Whether HAProxy's checks have `name` up (its log's last word on the server; up from the start).
    bool up(const std::string& name) const {
        const std::string text = log();
        const auto down_at = text.rfind("catan_nodes/" + name + " is DOWN");
        const auto up_at = text.rfind("catan_nodes/" + name + " is UP");
        return down_at == std::string::npos || (up_at != std::string::npos && up_at > down_at);
    }
    void wait_up(const std::string& name, std::chrono::milliseconds limit = 15s) const {
        const auto start = Clock::now();
        while (!up(name)) {
            INFO("HAProxy does not see " << name << " up:\n" << log());
            REQUIRE(Clock::now() - start < limit);
            std::this_thread::sleep_for(50ms);
        }
    }
    void wait_all_up() const {
        for (const auto& n : kNames) wait_up(n);
    }

private:
    unsigned short port_;
    std::unique_ptr<Child> child_;
};

// docs/cluster/nginx.conf with its three addresses and its port replaced.
class Nginx {
public:
    Nginx(const Cluster& cluster, const fs::path& dir) : port_(free_port()) {
        const auto bin = require_program("nginx");
        fs::create_directories(dir);
        std::string site = documented("nginx.conf");
        replace(site, "listen 80;", "listen 127.0.0.1:" + std::to_string(port_) + ";");
        for (std::size_t i = 0; i < kNodes; ++i)
            replace(site, "10.0.0.1" + std::to_string(i + 1) + ":8080", "127.0.0.1:" + std::to_string(cluster.port(i)), 4);
        write_bytes(dir / "catan.conf", site);
        const fs::path main = write_nginx_main(dir, dir / "catan.conf");
        child_ = std::make_unique<Child>(
            std::vector<std::string>{bin.string(), "-p", dir.string(), "-c", main.string(), "-e", (dir / "logs/error.log").string()},
            std::vector<std::string>{}, dir / "nginx.out");
        child_->wait_listening(port_);
    }
    unsigned short port() const { return port_; }

private:
    unsigned short port_;
    std::unique_ptr<Child> child_;
};

// ---- A client's way to a room through the proxy -------------------------------------------------------
// The room's code and the node hint, as the web client keeps them (web/js/room_route.js).
struct Route {
    std::string code;
    std::string hint;
    std::string socket_target() const { return "/ws?room=" + code + (hint.empty() ? "" : "&node=" + hint); }
    std::string rest_target() const { return "/api/rooms/" + code + (hint.empty() ? "" : "?node=" + hint); }
};

// GET /api/rooms/CODE through the proxy until a node serves it, following room_elsewhere as the web
// client does: a node not named yet is asked at once (the proxy routes by the hint), the same node
// again after retry_after_ms. The proxy's own refusals (no node up, a node that stopped answering)
// are asked again shortly. Fails after `limit`.
void follow_to_holder(unsigned short proxy, Route& route, std::chrono::milliseconds limit) {
    const auto start = Clock::now();
    std::string last;
    for (;;) {
        INFO("the room " << route.code << " is not served through the proxy within " << limit.count() << " ms; last answer: " << last);
        REQUIRE(Clock::now() - start < limit);
        HttpResponse r;
        try {
            r = http_request(proxy, "GET", route.rest_target(), {}, {}, 1500ms);
        } catch (const std::exception& e) {  // a stopped node keeps the request: ask again
            last = e.what();
            continue;
        }
        last = std::to_string(r.status) + " " + r.body;
        if (r.status == 200) return;
        const json body = json::parse(r.body, nullptr, false);
        if (r.status == 503 && body.is_object() && body.value("code", "") == "room_elsewhere") {
            const std::string node = body.value("node", "");
            REQUIRE(std::find(kNames.begin(), kNames.end(), node) != kNames.end());
            if (node != route.hint) {
                route.hint = node;
                continue;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(std::clamp<std::int64_t>(body.value("retry_after_ms", 1000), 50, 5000)));
            continue;
        }
        REQUIRE((r.status == 502 || r.status == 503 || r.status == 504));  // the proxy's own: no node answered
        std::this_thread::sleep_for(100ms);
    }
}

// A two-seat game through the proxy, with its route.
struct ProxyGame {
    Route route;
    std::unique_ptr<Table> table;
    std::unique_ptr<Policy> policy;
    int played = 0;

    void play(int commands) {
        GameRun run(*table, *policy, 20000, [this](Peer&, const json&, const json&) { ++played; });
        const int target = played + commands;
        while (played < target && !run.finished()) run.step();
    }
};

// Creates a room on `create_port` (the proxy, or one node directly), seats Ana (host) and Bob through
// the proxy, starts, and plays `commands`.
std::unique_ptr<ProxyGame> start_game(unsigned short create_port, unsigned short proxy, int commands, std::uint64_t seed) {
    auto g = std::make_unique<ProxyGame>();
    Table creator(create_port);
    creator.create_room_rest({{"players", 2}, {"seed", std::to_string(20261207 + seed)}});
    g->route.code = creator.code;
    follow_to_holder(proxy, g->route, 10s);
    g->table = std::make_unique<Table>(proxy);
    g->table->code = creator.code;
    g->table->host_key = creator.host_key;
    g->table->socket_target = [route = &g->route] { return route->socket_target(); };
    g->table->join("Ana", true);
    g->table->join("Bob");
    g->table->start();
    PolicyOptions po;
    po.seed = seed;
    g->policy = std::make_unique<Policy>(po);
    g->play(commands);
    return g;
}

// Each seated player's game as it shows it (connected or not: a socket that died keeps its view).
std::vector<json> views(Table& t) {
    std::vector<json> out;
    for (auto& p : t.peers)
        if (p->is_player()) out.push_back(engine_view(p->game()));
    return out;
}

// `p` rejoins its seat over a new socket through the proxy, following room_elsewhere as the web client
// does (a proxy that served the REST call from a node other than the hint's, as nginx's fallback
// does, may send the socket elsewhere: the answer names the holder).
void rejoin_following(Table& t, Peer& p, Route& route, unsigned short proxy) {
    for (int attempt = 0;; ++attempt) {
        INFO(p.label << " rejoining " << route.code << " through the proxy");
        REQUIRE(attempt < 30);
        p.reconnect(WsClient::connect_to(proxy, route.socket_target()));
        p.send(msg("rejoin", {{"room", route.code}, {"token", p.token}, {"id", "rejoin"}}));
        const json first = p.recv();
        if (first.value("type", "") == "error" && first.value("code", "") == "room_elsewhere") {
            const std::string node = first.value("node", "");
            const bool again = node == route.hint;
            route.hint = node;
            if (again)
                std::this_thread::sleep_for(std::chrono::milliseconds(std::clamp<std::int64_t>(first.value("retry_after_ms", 1000), 50, 5000)));
            continue;
        }
        INFO(first.dump());
        REQUIRE(first.value("type", "") == "welcome");
        CHECK(first.value("seat", json()) == p.seat);
        p.expect("snapshot");
        t.catch_up(p.view.seq(), &p);
        return;
    }
}

// The players' sockets died with their node (or it closed them): they find the room through the
// proxy, rejoin with their tokens, and must see the game they were shown, whose log in the database
// holds exactly the acknowledged commands.
void rejoin_through(ProxyGame& g, unsigned short proxy, const std::vector<json>& before, const Cluster& cluster,
                    std::chrono::milliseconds limit) {
    follow_to_holder(proxy, g.route, limit);
    for (auto& p : g.table->peers) p->ws.reset();
    for (auto& p : g.table->peers) rejoin_following(*g.table, *p, g.route, proxy);
    CHECK(views(*g.table) == before);
    CHECK(cluster.logged_commands(g.route.code) == g.played);
}

std::int64_t percentile(std::vector<std::int64_t> v, double p) {  // nearest rank
    std::sort(v.begin(), v.end());
    const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

// The node whose debug log has a request line for `target` ("" when none, "several" when more than one).
std::string node_that_answered(const Cluster& cluster, const std::string& target) {
    std::string found;
    for (std::size_t i = 0; i < kNodes; ++i) {
        const std::string log = cluster.node(i).log();
        if (log.find("GET " + target + " -> ") == std::string::npos) continue;
        found = found.empty() ? kNames[i] : "several";
    }
    return found;
}

#define CLUSTER_NEEDS_POSTGRES()                  \
    PgServer* postgres = PgServer::get();         \
    if (!postgres) {                              \
        WARN(PgServer::skip_reason());            \
        return;                                   \
    }

}  // namespace

TEST_CASE("Cluster proxy: through HAProxy each room's page, REST and socket reach the node its code hashes to, or the holder by the hint",
          "[cluster-proxy][postgres]") {
    require_program("haproxy");
    CLUSTER_NEEDS_POSTGRES();
    TempDir dir;
    Cluster cluster(postgres->new_database(), 10, {"--log-level", "debug"});
    HaProxy proxy(cluster, dir.file("haproxy"));

    // A socket URL the server cannot read is refused, naming the parameter, directly and through the proxy.
    for (const unsigned short port : {cluster.port(0), proxy.port()})
        for (const auto& [target, name] : std::vector<std::pair<std::string, std::string>>{
                 {"/ws?room=K7QX", "room: 'K7QX'"}, {"/ws?room=K7QX3&node=a%2Fb", "node: 'a%2Fb'"}, {"/ws?room=", "room: ''"}}) {
            INFO(target << " on port " << port);
            std::string upgrade = upgrade_request(port, {{"Origin", same_origin(port)}});
            replace(upgrade, "GET /ws ", "GET " + target + " ");
            RawConnection c(port, "127.0.0.1");
            c.send(upgrade);
            const RawResponse r = c.read_response();
            CHECK(r.status == 400);
            CHECK_THAT(r.body, Catch::Contains(name));
        }
    // A lower-case code, a node name and a parameter the server does not know: all accepted.
    CHECK(WsClient::try_connect_to(proxy.port(), "/ws?room=k7qx3&node=node2&v=1", same_origin(proxy.port())).http_status == 101);

    // Rooms created through the proxy land on any node (round robin: no room in the URL yet).
    std::vector<std::string> codes;
    for (int i = 0; i < 6; ++i) {
        Table t(proxy.port());
        t.create_room_rest({{"players", 2}});
        codes.push_back(t.code);
    }
    int hashed_elsewhere = 0;
    for (const auto& code : codes) {
        INFO("room " << code);
        const std::string owner = cluster.owner(code);
        REQUIRE(std::find(kNames.begin(), kNames.end(), owner) != kNames.end());

        // Without a hint: the page and the REST call go to one node, the one the code hashes to, which
        // serves the room when it holds it and else names the holder.
        CHECK(http_request(proxy.port(), "GET", "/r/" + code).status == 200);
        const HttpResponse plain = http_request(proxy.port(), "GET", "/api/rooms/" + code);
        const HttpResponse again = http_request(proxy.port(), "GET", "/api/rooms/" + code);
        CHECK(again.status == plain.status);
        const std::string hashed = node_that_answered(cluster, "/api/rooms/" + code);
        CHECK(node_that_answered(cluster, "/r/" + code) == hashed);
        REQUIRE(std::find(kNames.begin(), kNames.end(), hashed) != kNames.end());
        // Spectating over /ws?room=CODE: the same node answers as the REST call did.
        Route route{code, ""};
        auto ws = WsClient::connect_to(proxy.port(), route.socket_target());
        ws->send(msg("spectate", {{"room", code}}));
        const auto first = ws->receive();
        REQUIRE(first);
        if (hashed == owner) {
            CHECK(plain.status == 200);
            CHECK((*first)["type"] == "welcome");
        } else {
            ++hashed_elsewhere;
            INFO(plain.body);
            CHECK(plain.status == 503);
            CHECK(plain.json_body()["code"] == "room_elsewhere");
            CHECK(plain.json_body()["node"] == owner);
            CHECK((*first)["type"] == "error");
            CHECK((*first)["code"] == "room_elsewhere");
            CHECK((*first)["node"] == owner);
        }
        // With the holder's name as the hint, everything reaches the holder.
        route.hint = owner;
        CHECK(http_request(proxy.port(), "GET", route.rest_target()).status == 200);
        auto hinted = WsClient::connect_to(proxy.port(), route.socket_target());
        hinted->send(msg("spectate", {{"room", code}}));
        const auto welcome = hinted->receive();
        REQUIRE(welcome);
        CHECK((*welcome)["type"] == "welcome");
        // Lower-case codes hash as the upper-case ones (HAProxy's `upper`).
        std::string lower = code;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        CHECK(http_request(proxy.port(), "GET", "/api/rooms/" + lower).status == plain.status);
    }
    UNSCOPED_INFO(hashed_elsewhere << " of " << codes.size() << " rooms hashed to another node than their creator");

    // A room created directly on each node is playable by players who come through the proxy, and
    // stays on the node that made it (the hint takes them there; nothing moves).
    for (std::size_t i = 0; i < kNodes; ++i) {
        INFO("created on " << kNames[i]);
        auto g = start_game(cluster.port(i), proxy.port(), 4, i + 1);
        CHECK(g->played == 4);
        CHECK(cluster.owner(g->route.code) == kNames[i]);
        CHECK(cluster.logged_commands(g->route.code) == g->played);
        g->table->close_all();
    }
}

TEST_CASE("Cluster proxy: the node owning a busy room is killed 20 times, and the room plays on through HAProxy each time",
          "[cluster-proxy][postgres]") {
    require_program("haproxy");
    CLUSTER_NEEDS_POSTGRES();
    constexpr int kKills = 20;
    // A short lease: a crashed node's rooms move once it runs out. CATAN_CLUSTER_PROXY_LEASE measures
    // another (e.g. the length an operator considers).
    const char* lease_env = std::getenv("CATAN_CLUSTER_PROXY_LEASE");
    const int kLeaseSeconds = lease_env ? std::atoi(lease_env) : 2;
    REQUIRE(kLeaseSeconds >= 1);
    TempDir dir;
    Cluster cluster(postgres->new_database(), kLeaseSeconds);
    HaProxy proxy(cluster, dir.file("haproxy"));
    auto g = start_game(proxy.port(), proxy.port(), 8, 11);
    // A bot game in another room meanwhile (its host leaves at the start and a bot takes the seat at
    // once): the nodes serve more than the one room, and whoever asks for it last finds it.
    Table bots(proxy.port());
    bots.create_room_rest({{"players", 3}, {"seed", "77"}, {"takeover_after", 0}});
    Route bots_route{bots.code, ""};
    follow_to_holder(proxy.port(), bots_route, 10s);
    bots.socket_target = [&bots_route] { return bots_route.socket_target(); };
    Peer& host = bots.join("Host", true);
    host.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    host.send(msg("add_bot", {{"seat", 2}, {"level", "basic"}}));
    bots.catch_up(bots.seq() + 2);
    host.ping_pong();
    host.send(msg("start"));
    host.expect("update");
    bots.close_all();

    std::vector<std::int64_t> failovers;
    for (int kill = 0; kill < kKills && !g->table->players().front()->game().value("winner", json()).is_number(); ++kill) {
        INFO("kill " << kill + 1);
        const std::string owner = cluster.owner(g->route.code);
        const std::size_t victim = cluster.index(owner);
        const std::vector<json> before = views(*g->table);
        const auto t0 = Clock::now();
        cluster.kill(victim);
        rejoin_through(*g, proxy.port(), before, cluster, 15s);
        g->play(1);
        failovers.push_back(ms_since(t0));
        CHECK(cluster.owner(g->route.code) != owner);
        CHECK(cluster.logged_commands(g->route.code) == g->played);
        g->play(2);
        cluster.start(victim);  // back under the same name and address (HAProxy's checks see it up shortly)
    }
    REQUIRE(failovers.size() == static_cast<std::size_t>(kKills));
    const auto p50 = percentile(failovers, 0.50), p99 = percentile(failovers, 0.99),
               max = *std::max_element(failovers.begin(), failovers.end());
    std::string all;
    for (auto f : failovers) all += std::to_string(f) + " ";
    WARN("cluster-proxy failover (kill to the next accepted command through HAProxy, lease " << kLeaseSeconds << " s, "
                                                                                              << kKills << " kills): p50 " << p50
                                                                                              << " ms, p99 " << p99 << " ms, max "
                                                                                              << max << " ms; each: " << all);
    std::fprintf(stderr, "cluster-proxy failover: n=%d lease_s=%d p50_ms=%lld p99_ms=%lld max_ms=%lld\n", kKills, kLeaseSeconds,
                 static_cast<long long>(p50), static_cast<long long>(p99), static_cast<long long>(max));
    CHECK(p99 <= 5000);
    // The game and the log agree at the end: nothing acknowledged lost, nothing applied twice.
    for (auto& p : g->table->peers) p->check_in_sync();
    CHECK(cluster.logged_commands(g->route.code) == g->played);
    // The bot room went on wherever it was (its node may have been killed too: then whoever asks for it
    // next takes it over); it is still there, its log readable.
    follow_to_holder(proxy.port(), bots_route, 15s);
}

TEST_CASE("Cluster proxy: a node stopped past its lease loses its room through HAProxy, its late command is refused and its clients told to reconnect",
          "[cluster-proxy][postgres]") {
    require_program("haproxy");
    CLUSTER_NEEDS_POSTGRES();
    TempDir dir;
    Cluster cluster(postgres->new_database(), 2);
    HaProxy proxy(cluster, dir.file("haproxy"));
    auto g = start_game(proxy.port(), proxy.port(), 10, 21);
    const std::string code = g->route.code;
    const int on_a = g->played;
    const std::string owner = cluster.owner(code);
    ServerProcess& a = cluster.node(cluster.index(owner));

    // The command A will receive once it runs again: the acting seat's next one, legal on A's state.
    const int actor = g->policy->pick_actor(g->table->players().front()->game());
    REQUIRE(actor != kNoSeat);
    Peer& late = g->table->player(actor);
    const json command = g->policy->choose(late, *g->table);
    REQUIRE(::kill(a.pid(), SIGSTOP) == 0);
    struct Resume {  // A never stays stopped, whatever fails below
        pid_t pid;
        ~Resume() { ::kill(pid, SIGCONT); }
    } resume{a.pid()};

    // Through the proxy, the players find the room on another node once A's lease ran out.
    const auto t0 = Clock::now();
    Route route = g->route;
    follow_to_holder(proxy.port(), route, 20s);
    const std::string taker = cluster.owner(code);
    CHECK(taker != owner);
    Table there(proxy.port());
    there.socket_target = [&route] { return route.socket_target(); };
    there.rejoin_people_of(*g->table);
    int on_b = 0;
    GameRun run(there, *g->policy, 20000, [&on_b](Peer&, const json&, const json&) { ++on_b; });
    run.step();
    WARN("cluster-proxy stop: the room played again on " << taker << " " << ms_since(t0) << " ms after " << owner << " was stopped");
    while (on_b < 3) run.step();
    const std::vector<json> after_b = views(there);

    // A comes back: its old sockets (HAProxy's tunnels to it stayed open) carry a late command, which A
    // must not write; A drops the room and tells each client to reconnect.
    late.send_command(command);
    REQUIRE(::kill(a.pid(), SIGCONT) == 0);
    for (Peer* p : g->table->players()) {
        INFO(p->label);
        p->expect_error("room_moved", 10s);
        CHECK(p->ws->wait_closed(5s));
        CHECK(p->ws->close_code() == 1012);
    }
    CHECK(cluster.logged_commands(code) == on_a + on_b);
    // No split brain: A points to the taker, by name.
    const HttpResponse r = http_request(a.port(), "GET", "/api/rooms/" + code);
    CHECK(r.status == 503);
    CHECK(r.json_body()["code"] == "room_elsewhere");
    CHECK(r.json_body()["node"] == taker);
    // Through the proxy, once it sees A up again, a stale hint reaches A, which names the taker.
    proxy.wait_up(owner);
    Route stale{code, owner};
    follow_to_holder(proxy.port(), stale, 10s);
    CHECK(stale.hint == taker);
    for (auto& q : there.peers) q->check_in_sync();
    CHECK(views(there) == after_b);
}

TEST_CASE("Cluster proxy: a node drained with SIGTERM during play, then a rolling restart of all three, through HAProxy: no game lost",
          "[cluster-proxy][postgres]") {
    require_program("haproxy");
    CLUSTER_NEEDS_POSTGRES();
    TempDir dir;
    // Leases of 10 s: a room moves within the limits below only because its node let go of it.
    Cluster cluster(postgres->new_database(), 10);
    HaProxy proxy(cluster, dir.file("haproxy"));
    std::vector<std::unique_ptr<ProxyGame>> games;
    for (std::size_t i = 0; i < kNodes; ++i) games.push_back(start_game(cluster.port(i), proxy.port(), 6, 31 + i));

    // The node each game is on, before one stops (a stopped node frees its rooms: no owner then).
    auto owners = [&] {
        std::map<std::string, std::string> out;
        for (auto& g : games) out[g->route.code] = cluster.owner(g->route.code);
        return out;
    };
    // Moves the games whose node went away (their sockets closed with 1012) and plays on in every game.
    auto carry_on = [&](const std::string& gone, const std::map<std::string, std::string>& on) {
        // Every socket of the node is told to reconnect (1012); read while the node still runs, so the
        // close handshakes complete.
        for (auto& g : games)
            if (on.at(g->route.code) == gone)
                for (auto& p : g->table->peers) {
                    INFO("room " << g->route.code << ", " << p->label);
                    CHECK(p->ws->wait_closed(5s));
                    CHECK(p->ws->close_code() == 1012);
                }
        for (auto& g : games) {
            INFO("room " << g->route.code);
            if (on.at(g->route.code) == gone) {
                const std::vector<json> before = views(*g->table);
                rejoin_through(*g, proxy.port(), before, cluster, 8s);
                CHECK(cluster.owner(g->route.code) != gone);
            }
            g->play(2);
            CHECK(cluster.logged_commands(g->route.code) == g->played);
        }
    };

    // The drain: the first game's node stops during play.
    auto on = owners();
    const std::size_t first = cluster.index(on.at(games[0]->route.code));
    REQUIRE(::kill(cluster.node(first).pid(), SIGTERM) == 0);
    carry_on(kNames[first], on);
    CHECK(cluster.finished(first) == 0);
    cluster.start(first);

    // The rolling restart: one node at a time, each back and seen up by HAProxy before the next.
    for (std::size_t i = 0; i < kNodes; ++i) {
        INFO("restarting " << kNames[i]);
        proxy.wait_all_up();
        on = owners();
        REQUIRE(::kill(cluster.node(i).pid(), SIGTERM) == 0);
        carry_on(kNames[i], on);
        CHECK(cluster.finished(i) == 0);
        cluster.start(i);
    }
    proxy.wait_all_up();
    for (auto& g : games) {
        for (auto& p : g->table->peers) p->check_in_sync();
        CHECK(cluster.logged_commands(g->route.code) == g->played);
    }
}

TEST_CASE("Cluster proxy: through nginx (docs/cluster/nginx.conf) rooms are reached by the hash and the hint, and a killed holder's room plays on",
          "[cluster-proxy][postgres]") {
    require_program("nginx");
    CLUSTER_NEEDS_POSTGRES();
    TempDir dir;
    Cluster cluster(postgres->new_database(), 2);
    Nginx proxy(cluster, dir.file("nginx"));

    // Created on each node directly, played through nginx: the hint takes the players to the creator.
    std::vector<std::unique_ptr<ProxyGame>> games;
    for (std::size_t i = 0; i < kNodes; ++i) {
        games.push_back(start_game(cluster.port(i), proxy.port(), 4, 41 + i));
        CHECK(cluster.owner(games.back()->route.code) == kNames[i]);
    }
    // Without the hint, a room's requests all go to one node: the same answer each time.
    for (auto& g : games) {
        const int first = http_request(proxy.port(), "GET", "/api/rooms/" + g->route.code).status;
        for (int i = 0; i < 3; ++i) CHECK(http_request(proxy.port(), "GET", "/api/rooms/" + g->route.code).status == first);
    }

    // The holder of the first game dies: the hint's upstream falls back to the other nodes in order
    // (nginx has no active health checks), which take the room once the lease has run out.
    ProxyGame& g = *games[0];
    const std::size_t victim = cluster.index(cluster.owner(g.route.code));
    const std::vector<json> before = views(*g.table);
    const auto t0 = Clock::now();
    cluster.kill(victim);
    rejoin_through(g, proxy.port(), before, cluster, 15s);
    g.play(1);
    WARN("cluster-proxy nginx: the room played again " << ms_since(t0) << " ms after its node was killed");
    CHECK(cluster.owner(g.route.code) != kNames[victim]);
    CHECK(cluster.logged_commands(g.route.code) == g.played);
}
