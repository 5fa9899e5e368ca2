#include "game_driver.hpp"

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <stdexcept>
#include <thread>

#include "driver_text.hpp"

namespace catan::nettest {

using Clock = std::chrono::steady_clock;

namespace {

std::chrono::milliseconds left(Clock::time_point deadline) {
    return std::max(std::chrono::milliseconds(0),
                    std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
}

constexpr const char* kCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

void check_code(const json& code) {
    if (!code.is_string() || code.get<std::string>().size() != 5) fail("room code is not 5 characters: " + code.dump());
    for (char c : code.get<std::string>())
        if (std::string_view(kCodeAlphabet).find(c) == std::string_view::npos) fail("room code has a character outside the alphabet: " + code.dump());
}

}  // namespace

const json* seat_entry(const json& doc, int seat) {
    if (!doc.is_object() || !doc.contains("room") || !doc["room"].contains("seats")) return nullptr;
    for (const auto& s : doc["room"]["seats"])
        if (s.is_object() && s.value("seat", -2) == seat) return &s;
    return nullptr;
}

std::string phase_of(const Peer& p) { return p.view.doc()["room"].value("phase", ""); }

std::vector<std::string> quick_bot_flags() { return {"--bot-delay", "0", "--strong-bot-time", "30"}; }

long metric(unsigned short port, const std::string& name) {
    const auto text = http_request(port, "GET", "/metrics").body;
    const std::regex line("(^|\n)" + name + " ([0-9]+)\n");
    std::smatch m;
    return std::regex_search(text, m, line) ? std::stol(m[2]) : -1;
}

std::filesystem::path test_data_file(const std::string& name) { return std::filesystem::path(CATAN_NET_TEST_DATA) / name; }

json msg(std::string_view type, json fields) {
    if (fields.is_null()) fields = json::object();
    fields["v"] = 1;
    fields["type"] = type;
    return fields;
}

// ---- Peer ------------------------------------------------------------------------------------------------------
Peer::Peer(std::string l, std::unique_ptr<WsClient> socket) : label(std::move(l)), ws(std::move(socket)) {}

std::chrono::duration<double> Peer::send_wait() const {
    const double tokens =
        std::min(kBurst, tokens_ + kRate * std::chrono::duration<double>(Clock::now() - last_refill_).count());
    return std::chrono::duration<double>(tokens >= 1 ? 0.0 : (1 - tokens) / kRate);
}

void Peer::pace() {
    for (;;) {
        const auto now = Clock::now();
        tokens_ = std::min(kBurst, tokens_ + kRate * std::chrono::duration<double>(now - last_refill_).count());
        last_refill_ = now;
        if (tokens_ >= 1) break;
        std::this_thread::sleep_for(std::chrono::duration<double>((1 - tokens_) / kRate));
    }
    tokens_ -= 1;
}

void Peer::send(const json& message) {
    pace();
    ws->send(message);
}

void Peer::send_text(const std::string& raw) {
    pace();
    ws->send_text(raw);
}

json Peer::deliver(json m) {
    if (!m.is_object()) fail(label + ": received a message that is not an object: " + clip(m));
    if (!m.contains("v") || m["v"] != 1) fail(label + ": received a message without \"v\":1: " + clip(m));
    if (type_of(m).empty()) fail(label + ": received a message without a type: " + clip(m));
    json before;
    if (observer) before = view.game();
    try {
        view.apply(m);
    } catch (const std::exception& e) {
        fail(label + ": " + e.what());
    }
    if (type_of(m) == "chat") chats.push_back(m);
    if (observer) observer(*this, m, before);
    return m;
}

json Peer::recv(std::chrono::milliseconds timeout) {
    auto m = ws->receive(timeout);
    if (!m) {
        std::string why = label + ": no message within " + std::to_string(timeout.count()) + " ms";
        if (ws->closed())
            why += " (connection closed: " + ws->read_error() + ", close code " + std::to_string(ws->close_code()) + ")";
        fail(why);
    }
    return deliver(std::move(*m));
}

std::optional<json> Peer::poll(std::chrono::milliseconds timeout) {
    auto m = ws->receive(timeout);
    if (!m) return std::nullopt;
    return deliver(std::move(*m));
}

json Peer::expect(std::string_view type, std::chrono::milliseconds timeout) {
    json m = recv(timeout);
    if (type_of(m) != type) fail(label + ": expected a '" + std::string(type) + "' message, got " + clip(m));
    return m;
}

void require_error(const json& m, std::string_view code, std::string_view label) {
    if (type_of(m) != "error") fail(std::string(label) + ": expected error '" + std::string(code) + "', got " + clip(m));
    if (!m.contains("code") || m["code"] != code)
        fail(std::string(label) + ": expected error code '" + std::string(code) + "', got " + clip(m));
    if (!m.contains("message") || !m["message"].is_string() || m["message"].get<std::string>().empty())
        fail(std::string(label) + ": error without a message: " + clip(m));
}

json Peer::expect_error(std::string_view code, std::chrono::milliseconds timeout) {
    json m = recv(timeout);
    require_error(m, code, label);
    return m;
}

void Peer::send_command(const json& command, std::optional<std::int64_t> seq) {
    send(msg("command", {{"seq", seq ? *seq : view.seq()}, {"command", command}}));
}

void Peer::wait_seq(std::int64_t target, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (view.seq() < target) {
        auto m = ws->receive(left(deadline));
        if (!m)
            fail(label + ": stuck at seq " + std::to_string(view.seq()) + ", waiting for seq " + std::to_string(target) +
                 (ws->closed() ? " (connection closed: " + ws->read_error() + ")" : ""));
        json d = deliver(std::move(*m));
        const std::string t = type_of(d);
        if (t != "update" && t != "snapshot" && t != "chat")
            fail(label + ": while waiting for seq " + std::to_string(target) + " got " + clip(d));
    }
    if (view.seq() != target)
        fail(label + ": went past seq " + std::to_string(target) + " to " + std::to_string(view.seq()));
}

void Peer::ping_pong() {
    send(msg("ping", {{"id", "pp"}}));
    json m = recv();
    if (type_of(m) != "pong") fail(label + ": expected the pong and nothing before it, got " + clip(m));
}

void Peer::check_in_sync() {
    const auto seq = view.seq();
    const json doc = view.doc();
    const json legal = view.legal();
    send(msg("sync"));
    json m = recv();
    if (type_of(m) != "snapshot") fail(label + ": sync answered with " + clip(m));
    if (m.contains("topology")) fail(label + ": a snapshot after the first on a connection carries the topology again");
    if (m["seq"] != seq) fail(label + ": snapshot seq " + m["seq"].dump() + " but the connection was at " + std::to_string(seq));
    if (m["doc"] != doc)
        fail(label + ": the snapshot's doc differs from the doc rebuilt from updates; diff " + clip(json::diff(doc, m["doc"])));
    if (m.value("legal", json()) != legal) fail(label + ": the snapshot's legal differs from the last update's");
}

json Peer::hand() const {
    const json& g = game();
    if (!g.is_object() || !g.contains("me")) fail(label + ": no me.hand in its view");
    return g["me"]["hand"];
}

void Peer::reconnect(std::unique_ptr<WsClient> socket) {
    ws = std::move(socket);
    view = ViewTracker{};
    tokens_ = kBurst;
    last_refill_ = Clock::now();
}

// ---- Table ---------------------------------------------------------------------------------------------------------
json Table::create_room_rest(const json& options) {
    const HttpResponse r = (tls ? https_request : http_request)(port_, "POST", "/api/rooms", options.dump(), {}, kDefaultTimeout);
    if (r.status != 201) fail("POST /api/rooms answered " + std::to_string(r.status) + ": " + r.body);
    const json b = r.json_body();
    check_code(b.value("code", json()));
    code = b["code"];
    if (!b.contains("host_key") || !b["host_key"].is_string() || b["host_key"].get<std::string>().size() < 16)
        fail("POST /api/rooms: no usable host_key: " + r.body);
    host_key = b["host_key"];
    if (!b.contains("url") || !b["url"].is_string() || !b["url"].get<std::string>().ends_with("/r/" + code))
        fail("POST /api/rooms: url does not end with /r/<code>: " + r.body);
    url = b["url"];
    record_message("rest#/$defs/create_room_request", options);
    record_message("rest#/$defs/create_room_response", b);
    return b;
}

std::optional<json> passive_choice(const json& actions) {
    for (const char* type : {"roll_dice", "end_turn", "decline_trade", "cancel_trade"})
        for (const json& a : actions)
            if (a["type"] == type) return a;
    for (const json& a : actions)
        if (a["type"] == "accept_trade" || a["type"] == "counter_trade") return std::nullopt;
    return actions[0];
}

int play_people(const std::vector<Peer*>& people, const std::function<bool()>& done, std::chrono::seconds limit,
                std::string_view what) {
    using namespace std::chrono_literals;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    std::map<Peer*, std::int64_t> answered;
    int commands = 0;
    while (!done()) {
        if (std::chrono::steady_clock::now() > deadline) fail(std::string(what) + " did not get there in time");
        for (Peer* p : people) {
            while (auto m = p->poll(2ms)) {
                if (m->value("type", "") == "error" && m->value("code", "") != "stale_sequence")
                    fail(p->label + " was refused: " + m->dump());
            }
            const json actions = p->view.legal_actions();
            if (p->view.doc()["room"].value("phase", "") != "playing" || actions.empty() || answered[p] == p->view.seq()) continue;
            answered[p] = p->view.seq();
            if (const auto choice = passive_choice(actions)) {
                p->send_command(*choice);
                ++commands;
            }
        }
    }
    return commands;
}

json first_snapshot(unsigned short port, const json& hello) {
    auto ws = WsClient::connect(port);
    ws->send(hello);
    for (;;) {
        auto m = ws->receive();
        if (!m) fail("the connection closed before its snapshot, after " + clip(hello));
        if (type_of(*m) == "snapshot") {
            ws->close();
            return *m;
        }
    }
}

std::unique_ptr<WsClient> Table::open_socket() const {
    if (socket_target && !tls) return WsClient::connect_to(port_, socket_target());
    return tls ? WsClient::connect_tls(port_) : WsClient::connect(port_);
}

json Table::create_room_ws(const json& options) {
    auto ws = open_socket();
    ws->send(msg("create_room", {{"options", options}, {"id", "create-1"}}));
    auto m = ws->receive();
    if (!m) fail("create_room: no answer");
    if (type_of(*m) != "room_created") fail("create_room answered " + clip(*m));
    if ((*m)["v"] != 1) fail("room_created without v:1");
    if (m->value("id", json()) != "create-1") fail("room_created does not echo the id: " + clip(*m));
    check_code(m->value("code", json()));
    code = (*m)["code"];
    host_key = m->value("host_key", "");
    if (host_key.size() < 16) fail("room_created: no usable host_key: " + clip(*m));
    url = m->value("url", "");
    if (!std::string_view(url).ends_with("/r/" + code)) fail("room_created: url does not end with /r/<code>: " + clip(*m));
    ws->close();
    return *m;
}

Peer& Table::connect_only(const std::string& label) {
    peers.push_back(std::make_unique<Peer>(label, open_socket()));
    if (on_new_peer) on_new_peer(*peers.back());
    return *peers.back();
}

Peer& Table::join(const std::string& name, bool with_host_key) {
    Peer& p = connect_only(name);
    p.name = name;
    json j = {{"room", code}, {"name", name}, {"id", "join-" + name}};
    if (with_host_key) j["host_key"] = host_key;
    p.send(msg("join", j));
    json welcome = p.expect("welcome");
    if (welcome.value("id", json()) != "join-" + name) fail(name + ": welcome does not echo the join's id: " + clip(welcome));
    if (welcome.value("room", json()) != code) fail(name + ": welcome for another room: " + clip(welcome));
    if (!welcome.contains("seat")) fail(name + ": welcome without seat: " + clip(welcome));
    if (welcome["seat"].is_number_integer()) {
        p.seat = welcome["seat"];
        if (!welcome.contains("token") || !welcome["token"].is_string() || welcome["token"].get<std::string>().size() < 32)
            fail(name + ": a seat without a 128-bit token: " + clip(welcome));
        p.token = welcome["token"];
        p.label = name + " (seat " + std::to_string(p.seat) + ")";
    } else if (welcome["seat"].is_null()) {
        p.label = name + " (spectator)";
    } else {
        fail(name + ": welcome seat is neither a seat nor null: " + clip(welcome));
    }
    p.host = welcome.value("host", false);
    if (p.host != with_host_key) fail(name + ": welcome host flag " + std::string(p.host ? "true" : "false") + " unexpected");
    json snap = p.expect("snapshot");
    if (!snap.contains("topology") || !snap["topology"].is_object()) fail(name + ": first snapshot without topology");
    catch_up(p.view.seq(), &p);
    return p;
}

Peer& Table::spectate() {
    int n = 0;
    for (auto& q : peers) n += q->seat == kNoSeat;
    Peer& p = connect_only("spectator " + std::to_string(n));
    p.send(msg("spectate", {{"room", code}}));
    json m = p.recv();
    if (type_of(m) == "welcome") {
        if (!m["seat"].is_null()) fail(p.label + ": welcome with a seat for a spectator: " + clip(m));
        if (m.contains("token")) fail(p.label + ": a spectator got a token: " + clip(m));
        m = p.recv();
    }
    if (type_of(m) != "snapshot") fail(p.label + ": spectate answered " + clip(m));
    if (!m["legal"].is_null()) fail(p.label + ": a spectator got legal actions: " + clip(m["legal"]));
    catch_up(p.view.seq(), &p);
    return p;
}

void Table::start() {
    Peer& h = host();
    const auto before = h.view.seq();
    h.send(msg("start", {{"id", "start"}}));
    for (;;) {
        json m = h.recv();
        const auto t = type_of(m);
        if (t == "update" || t == "snapshot") break;  // a snapshot when the game's board is not the lobby's
        if (t != "chat") fail(h.label + ": start answered " + clip(m));
    }
    if (h.view.seq() != before + 1) fail("start: seq jumped");
    catch_up(before + 1, &h);
    for (Peer* p : connected()) {
        const json& g = p->game();
        if (!g.is_object()) fail(p->label + ": no game in the doc after start");
        // The beginner set-up places every seat's pieces itself: its game starts at the first turn.
        const bool beginner = g["options"].value("layout", "") == "beginner";
        if (g["phase"] != (beginner ? "pre_roll" : "setup_settlement")) fail(p->label + ": game starts in phase " + g["phase"].dump());
        if (p->view.doc()["room"]["phase"] != "playing") fail(p->label + ": room phase after start " + p->view.doc()["room"]["phase"].dump());
    }
}

Peer& Table::host() {
    for (auto& p : peers)
        if (p->host && p->connected()) return *p;
    fail("no connected host");
}

Peer& Table::player(int seat) {
    for (auto& p : peers)
        if (p->seat == seat && p->connected()) return *p;
    fail("no connected peer for seat " + std::to_string(seat));
}

std::vector<Peer*> Table::players() {
    std::vector<Peer*> out;
    for (auto& p : peers)
        if (p->seat != kNoSeat && p->connected()) out.push_back(p.get());
    return out;
}

std::vector<Peer*> Table::connected() {
    std::vector<Peer*> out;
    for (auto& p : peers)
        if (p->connected() && p->view.has_snapshot()) out.push_back(p.get());
    return out;
}

void Table::catch_up(std::int64_t target, const Peer* except) {
    for (Peer* p : connected())
        if (p != except) p->wait_seq(target);
}

std::int64_t Table::seq() {
    std::optional<std::int64_t> s;
    for (Peer* p : connected()) {
        if (s && *s != p->view.seq()) fail("peers disagree on seq: " + std::to_string(*s) + " vs " + std::to_string(p->view.seq()));
        s = p->view.seq();
    }
    return s.value_or(-1);
}

json Table::play(Peer& p, const json& command) {
    const auto before = p.view.seq();
    p.send_command(command);
    json m;
    for (;;) {
        m = p.recv();
        const auto t = type_of(m);
        if (t == "update") break;
        if (t == "error") fail(p.label + ": command " + command.dump() + " at seq " + std::to_string(before) + " refused: " + clip(m));
        if (t != "chat") fail(p.label + ": command answered with " + clip(m));
    }
    catch_up(before + 1, &p);
    return m;
}

void Table::drop(Peer& p) {
    const auto before = seq();
    p.ws->drop();
    catch_up(before + 1);
    for (Peer* q : connected()) {
        const json* e = seat_entry(q->view.doc(), p.seat);
        if (!e || e->value("connected", true) != false)
            fail(q->label + ": does not see seat " + std::to_string(p.seat) + " disconnected: " + clip(q->view.doc()["room"]));
    }
}

void Table::rejoin_people_of(const Table& other) {
    code = other.code;
    for (const auto& p : other.peers) {
        auto& q = peers.emplace_back(std::make_unique<Peer>(p->label, nullptr));
        q->name = p->name;
        q->seat = p->seat;
        q->token = p->token;
        q->host = p->host;
    }
    for (auto& q : peers) rejoin(*q);
}

void Table::rejoin(Peer& p) {
    p.reconnect(open_socket());
    p.send(msg("rejoin", {{"room", code}, {"token", p.token}, {"id", "rejoin"}}));
    json welcome = p.expect("welcome");
    if (welcome.value("seat", json()) != p.seat) fail(p.label + ": rejoined to another seat: " + clip(welcome));
    if (welcome.value("host", false) != p.host) fail(p.label + ": host flag changed on rejoin: " + clip(welcome));
    if (welcome.contains("token") && welcome["token"].is_string()) p.token = welcome["token"];
    p.expect("snapshot");
    catch_up(p.view.seq(), &p);
    for (Peer* q : connected()) {
        const json* e = seat_entry(q->view.doc(), p.seat);
        if (!e || e->value("connected", false) != true)
            fail(q->label + ": does not see seat " + std::to_string(p.seat) + " connected again: " + clip(q->view.doc()["room"]));
    }
}

void Table::close_all() {
    for (auto& p : peers)
        if (p->ws && !p->ws->closed()) p->ws->close();
}

}  // namespace catan::nettest
