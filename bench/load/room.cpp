// A room played by 4 random bots over 4 real connections (or, for idle runs, a room of seated or
// spectating connections that never act). See load_gen.cpp for what is measured and how.
#include <algorithm>

#include "connections.hpp"
#include "replay_hammer.hpp"
#include "json_scan.hpp"

namespace loadgen {

namespace {

// The seed of the room numbered `serial` in this run. A fresh catan::Rng's first draw is a bijection of
// its seed (splitmix64, then xoshiro's odd multiplications and a rotation), so every room of a run, and
// every --seed, gets a different well-mixed game; the top 53 bits fit a double exactly, in case a seed
// travels as a JSON number.
std::uint64_t room_seed(std::uint64_t serial) {
    return catan::Rng(g_opt.seed * 0x100000001b3ULL + serial).next() >> 11;
}

}  // namespace

Room::Room(Worker& w, Kind kind, int clients)
    : w_(w),
      kind_(kind),
      nclients_(clients),
      serial_(g_room_serial.fetch_add(1)),
      game_seed_(room_seed(serial_)),
      rng_(game_seed_ ^ 0x5eedULL),
      chat_timer_(w.ioc),
      timer_(w.ioc) {}

void Room::start_setup() {
    stage_ = Stage::Connecting;
    setup_started_ns_ = now_ns();
    ++w_.stats.rooms_created;
    // --route-by-room: only the creator connects now; the others once the room's code is known.
    const bool routed = g_opt.route_by_room && kind_ == Kind::Play;
    for (int i = 0; i < nclients_; ++i) {
        clients_.push_back(std::make_shared<Client>(w_, this, i));
        if (!routed || i == 0) clients_.back()->connect();
    }
    if (kind_ == Kind::Play)
        for (int i = 0; i < g_opt.chatters; ++i) {
            chatters_.push_back(std::make_shared<Client>(w_, this, kChatter + i));
            chatters_.back()->connect();
        }
}

void Room::go() {
    if (stage_ != Stage::Ready) return;
    stage_ = Stage::Playing;
    const std::int64_t t = now_ns();
    if (g_opt.rate > 0) {
        period_ns_ = static_cast<std::int64_t>(1e9 / g_opt.rate);
        next_due_ns_ = t + static_cast<std::int64_t>(rng_.below(static_cast<std::uint32_t>(std::min<std::int64_t>(period_ns_, 4000000000LL))));
    } else {
        next_due_ns_ = t;
    }
    if (!chatters_.empty()) chat_tick();
    try_act();
}

// One line from the next chatter every 1 / (chatters x rate) seconds, within each connection's own
// message budget (the server's per-connection limit is not what this floods).
void Room::chat_tick() {
    if (stage_ != Stage::Playing || g_stop.load(std::memory_order_relaxed)) return;
    const std::int64_t t = now_ns();
    Client& c = *chatters_[next_chatter_++ % chatters_.size()];
    if (c.welcomed && c.token_wait_ns(t) == 0) {  // send() takes the token
        if (in_window(t)) ++w_.stats.chat_sent;
        c.send(R"({"v":1,"type":"chat","text":"flood line )" + std::to_string(++chat_lines_) + R"( with some words in it"})");
    }
    chat_timer_.expires_after(std::chrono::nanoseconds(static_cast<std::int64_t>(1e9 / (g_opt.chat_rate * static_cast<double>(chatters_.size())))));
    chat_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->chat_tick();
    });
}

void Room::on_chatter_message(Client& c, std::string_view type, std::string_view text) {
    const bool window = in_window(now_ns());
    if (type == "welcome") c.welcomed = true;
    else if (type == "chat" && window) ++w_.stats.chat_received;
    else if (type == "error" && window) {
        ++w_.stats.chat_refused;
        std::string_view code;
        loadgen::json::for_each_member(text, [&](std::string_view k, std::string_view v) {
            if (k == "code") code = loadgen::json::unquote(v);
        });
        ++w_.stats.error_codes["chat:" + std::string(code)];
    }
}

void Room::check(std::int64_t t) {
    if (stage_ == Stage::Playing && inflight_ && t - sent_ns_ > static_cast<std::int64_t>(g_opt.stall_ms * 1e6)) {
        ++w_.stats.stalls;
        std::string s = "stall: room " + code_ + " expected seq " + std::to_string(expected_seq_) + ", clients at";
        for (auto& c : clients_) s += " " + std::to_string(c->seq) + (c->syncing ? "(syncing)" : "");
        w_.stats.note(std::move(s));
        end_command(t, false);
        for (auto& c : clients_) {
            if (c->seq < expected_seq_ && !c->syncing) {
                c->syncing = true;
                c->send(R"({"v":1,"type":"sync"})");
            }
        }
    }
    if (stage_ < Stage::Ready && stage_ != Stage::Queued &&
        t - setup_started_ns_ > static_cast<std::int64_t>(g_opt.setup_timeout * 1e9)) {
        w_.stats.note("setup timed out in stage " + std::to_string(static_cast<int>(stage_)));
        fail_setup();
    }
}

void Room::on_connected(Client& c) {
    if (c.index >= kChatter) {
        c.seq = 0;  // connected: it may be sent to
        if (!code_.empty()) c.send(spectate_message());
        return;
    }
    if (g_opt.route_by_room && kind_ == Kind::Play) {
        if (c.index > 0) {  // a routed seat: the room exists, its creator has joined
            c.send(join_message(c.index));
            return;
        }
    } else if (++connected_ < nclients_) {
        return;
    }
    stage_ = Stage::Creating;
    std::string msg = R"({"v":1,"type":"create_room","id":1,"options":{"players":4,"seed":")";
    msg += std::to_string(game_seed_);
    msg += "\"}}";
    last_sent_ = msg;
    clients_[0]->send(std::move(msg));
}

void Room::on_closed(Client& c, beast::error_code ec) {
    if (stage_ == Stage::Done) return;
    if (c.index >= kChatter) {
        ++w_.stats.disconnects;
        w_.stats.note("chatter " + std::to_string(c.index - kChatter) + " of room " + code_ + " closed: " + ec.message());
        return;
    }
    ++w_.stats.disconnects;
    w_.stats.note("connection " + std::to_string(c.index) + " of room " + code_ + " closed: " + ec.message());
    if (stage_ < Stage::Ready) return fail_setup();
    finish(false);
}

void Room::on_message(Client& c, std::string_view text) {
    if (stage_ == Stage::Done) return;
    std::string_view type, seq, legal, code, host_key, message;
    loadgen::json::for_each_member(text, [&](std::string_view k, std::string_view v) {
        if (k == "type") type = loadgen::json::unquote(v);
        else if (k == "seq") seq = v;
        else if (k == "legal") legal = v;
        else if (k == "code") code = v;
        else if (k == "host_key") host_key = v;
        else if (k == "message") message = v;
    });
    if (c.index >= kChatter) return on_chatter_message(c, type, text);
    const std::int64_t t = now_ns();
    if (in_window(t)) {
        ++w_.stats.messages_in_window;
        w_.stats.bytes_in_window += text.size();
    }
    if (type == "update") {
        const std::int64_t s = loadgen::json::to_int(seq);
        if (c.syncing) return;  // a snapshot is on its way
        if (c.seq >= 0 && s != c.seq + 1) {
            ++w_.stats.gaps;
            c.syncing = true;
            c.send(R"({"v":1,"type":"sync"})");
            return;
        }
        c.seq = s;
        set_legal(c, legal);
        after_change(t);
    } else if (type == "snapshot") {
        c.seq = loadgen::json::to_int(seq);
        c.syncing = false;
        set_legal(c, legal);
        after_change(t);
    } else if (type == "room_created") {
        code_ = std::string(loadgen::json::unquote(code));
        host_key_ = std::string(loadgen::json::unquote(host_key));
        if (replay_target) set_replay_target(code_);
        stage_ = Stage::Joining;
        for (auto& chatter : chatters_)  // those connected already (on_connected: the rest)
            if (chatter->seq == 0) chatter->send(spectate_message());
        if (kind_ == Kind::IdleSpectate) {
            for (auto& cl : clients_) cl->send(spectate_message());
        } else {
            clients_[0]->send(join_message(0));
        }
    } else if (type == "welcome") {
        c.welcomed = true;
        ++welcomed_;
        if (kind_ != Kind::IdleSpectate && c.index == 0) {
            if (g_opt.route_by_room && kind_ == Kind::Play) {
                for (int i = 1; i < nclients_; ++i) connect_routed(i);
            } else {
                for (int i = 1; i < nclients_; ++i) clients_[static_cast<std::size_t>(i)]->send(join_message(i));
            }
        }
        after_change(t);
    } else if (type == "error") {
        if (g_opt.route_by_room && retry_elsewhere(c, text)) return;
        w_.stats.error(loadgen::json::unquote(code), text, last_sent_);
        if (stage_ < Stage::Ready) return fail_setup();
        if (inflight_ && &c == clients_[static_cast<std::size_t>(actor_)].get()) {
            end_command(t, false);
            if (++consecutive_errors_ > 5) return finish(false);
            try_act();
        }
    }
    // pong, chat, closing: nothing to do
}

std::string Room::join_message(int i) const {
    std::string m = R"({"v":1,"type":"join","room":")" + code_ + R"(","name":"Bot )" + std::to_string(i) + "\"";
    if (i == 0) m += R"(,"host_key":")" + host_key_ + "\"";
    m += "}";
    return m;
}

std::string Room::spectate_message() const { return R"({"v":1,"type":"spectate","room":")" + code_ + "\"}"; }

void Room::set_legal(Client& c, std::string_view legal) {
    c.has_actions = false;
    c.actions.clear();
    if (legal.empty() || legal == "null") return;
    std::string_view list;
    loadgen::json::for_each_member(legal, [&](std::string_view k, std::string_view v) {
        if (k == "actions" || k == "commands") list = v;
    });
    const std::size_t i = loadgen::json::skip_ws(list, 0);
    if (list.size() > i + 1 && list[i] == '[' && loadgen::json::skip_ws(list, i + 1) < list.size() &&
        list[loadgen::json::skip_ws(list, i + 1)] != ']') {
        c.has_actions = true;
        c.actions.assign(list);
    }
}

bool Room::settled() const {
    for (auto& c : clients_) {
        if (c->syncing || c->seq < 0 || c->seq != clients_[0]->seq) return false;
    }
    return true;
}

void Room::after_change(std::int64_t t) {
    switch (stage_) {
    case Stage::Joining:
        if (welcomed_ == nclients_ && settled()) {
            if (kind_ == Kind::Play) {
                stage_ = Stage::Starting;
                last_sent_ = R"({"v":1,"type":"start"})";
                clients_[0]->send(last_sent_);
            } else {
                ready();
            }
        }
        break;
    case Stage::Starting:
        if (settled() && std::any_of(clients_.begin(), clients_.end(), [](auto& c) { return c->has_actions; })) ready();
        break;
    case Stage::Playing:
        if (inflight_) {
            for (auto& c : clients_) {
                if (c->seq < expected_seq_) return;
            }
            end_command(t, true);
        }
        try_act();
        break;
    default:
        break;
    }
}

void Room::ready() {
    stage_ = Stage::Ready;
    g_ready.fetch_add(1);
    w_.release_setup();
    if (kind_ == Kind::Play && g_go.load()) go();
}

void Room::fail_setup() {
    if (stage_ == Stage::Done) return;
    ++w_.stats.setup_failures;
    g_failed.fetch_add(1);
    if (stage_ != Stage::Queued) w_.release_setup();
    stage_ = Stage::Done;
    for (auto& c : clients_) c->close();
    for (auto& c : chatters_) c->close();
}

void Room::end_command(std::int64_t t, bool ok) {
    inflight_ = false;
    g_inflight.fetch_sub(1, std::memory_order_relaxed);
    if (!ok) return;
    consecutive_errors_ = 0;
    ++commands_this_game_;
    ++w_.stats.commands_total;
    g_hist[static_cast<std::size_t>(hist_bucket(static_cast<std::uint64_t>(t - sent_ns_)))].fetch_add(1, std::memory_order_relaxed);
    if (sent_in_window_) {
        ++w_.stats.completed_in_window;
        (replay_target ? w_.stats.target_latencies_ns : w_.stats.latencies_ns).push_back(static_cast<std::uint64_t>(t - sent_ns_));
    }
}

void Room::try_act() {
    if (stage_ != Stage::Playing || inflight_ || g_stop.load(std::memory_order_relaxed)) return;
    if (!settled()) return;
    int actor = -1;
    for (auto& c : clients_) {
        if (c->has_actions) {
            actor = c->index;
            break;
        }
    }
    if (actor < 0) {  // nobody may act: the game is over
        ++w_.stats.games_finished;
        return finish(true);
    }
    if (commands_this_game_ >= g_opt.max_commands_per_game) {
        ++w_.stats.games_capped;
        return finish(true);
    }
    const std::int64_t t = now_ns();
    if (t < next_due_ns_) return arm(next_due_ns_);
    Client& c = *clients_[static_cast<std::size_t>(actor)];
    if (const std::int64_t wait = c.token_wait_ns(t); wait > 0) {
        ++w_.stats.throttled;
        return arm(t + wait);
    }

    // The random player's choice among the listed commands.
    thread_local std::vector<std::string_view> options;
    options.clear();
    bool end_turn_listed = false;
    loadgen::json::for_each_element(c.actions, [&](std::string_view cmd) {
        const std::string_view type = loadgen::json::unquote(loadgen::json::member(cmd, "type"));
        if (type == "propose_trade" || type == "counter_trade") return;
        if (type == "end_turn") end_turn_listed = true;
        if (type == "bank_trade" && bank_trades_this_turn_ > 0) return;
        options.push_back(cmd);
    });
    if (options.empty() && end_turn_listed) options.push_back(R"({"type":"end_turn"})");
    if (options.empty()) {
        w_.stats.note("room " + code_ + ": seat " + std::to_string(actor) + " lists nothing usable: " + c.actions.substr(0, 200));
        return finish(false);
    }
    const std::string_view cmd = options[rng_.below(static_cast<std::uint32_t>(options.size()))];
    const std::string_view type = loadgen::json::unquote(loadgen::json::member(cmd, "type"));
    if (type == "bank_trade") ++bank_trades_this_turn_;
    if (type == "end_turn") bank_trades_this_turn_ = 0;

    std::string msg = R"({"v":1,"type":"command","seq":)";
    msg += std::to_string(c.seq);
    msg += R"(,"command":)";
    msg.append(cmd);
    msg += "}";
    last_sent_ = msg;
    inflight_ = true;
    g_inflight.fetch_add(1, std::memory_order_relaxed);
    actor_ = actor;
    sent_ns_ = t;
    expected_seq_ = c.seq + 1;
    sent_in_window_ = in_window(t);
    if (sent_in_window_) ++w_.stats.sent_in_window;
    c.send(std::move(msg));
    if (period_ns_ > 0) {
        next_due_ns_ += period_ns_;
        if (next_due_ns_ < t) {
            ++w_.stats.late;
            next_due_ns_ = t;
        }
    }
}

void Room::arm(std::int64_t at) {
    if (timer_armed_ && armed_at_ <= at) return;
    timer_armed_ = true;
    armed_at_ = at;
    const std::uint64_t generation = ++timer_generation_;
    timer_.expires_at(Clock::time_point(std::chrono::nanoseconds(at)));
    auto self = shared_from_this();
    timer_.async_wait([self, generation](beast::error_code ec) {
        if (ec || generation != self->timer_generation_) return;
        self->timer_armed_ = false;
        self->try_act();
    });
}

void Room::finish(bool completed) {
    if (stage_ == Stage::Done) return;
    if (inflight_) end_command(now_ns(), false);
    if (!completed) ++w_.stats.setup_failures;  // counted with failures: the room could not go on
    stage_ = Stage::Done;
    ++timer_generation_;
    timer_.cancel();
    chat_timer_.cancel();
    for (auto& c : clients_) c->close();
    for (auto& c : chatters_) c->close();
    if (kind_ != Kind::Play || g_stop.load()) return;
    auto next = std::make_shared<Room>(w_, kind_, nclients_);
    next->replay_target = replay_target;
    for (auto& r : w_.rooms) {
        if (r.get() == this) {
            r = next;  // may destroy *this once the handlers holding it return
            break;
        }
    }
    g_ready.fetch_sub(1);  // the replacement counts again once it is ready
    w_.request_setup(next);
}

}  // namespace loadgen
