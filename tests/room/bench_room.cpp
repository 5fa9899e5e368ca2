// Not a test: the room's cost per accepted command in a 4-player room, and in a 6-player one (the
// large board, paired turns: R-X1, R-X6) (envelope parsing, the engine, one view per seat and
// spectator, diffs, events, legal actions and one serialisation per viewer), measured through
// Hub::on_text with outboxes that only count bytes. Run: room_tests "[.bench]".
#include <malloc.h>
#include <time.h>

#include <chrono>
#include <cstdio>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/proto/view_parts.hpp"
#include "catan/sim/random_game.hpp"
#include "support.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;

namespace {

// CPU time of this thread: the development machine is shared, and wall time there measures the neighbours.
std::chrono::nanoseconds cpu_now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
}

class CountingOutbox : public Outbox {
public:
    explicit CountingOutbox(std::uint64_t id) : id_(id) {}
    void send(Message m) override {
        bytes += m->size();
        ++messages;
        last = std::move(m);
    }
    void close(std::string_view) override {}
    std::uint64_t id() const override { return id_; }
    const std::string& remote() const override { return remote_; }
    std::size_t bytes = 0, messages = 0;
    Message last;

private:
    std::uint64_t id_;
    std::string remote_ = "bench";
};

// Rooms by the hundred from one address: past the per-address creation budget of a real server.
HubOptions many_rooms() {
    HubOptions o = seeded();
    o.create_rate_address = o.create_burst_address = 1e6;
    o.lookup_rate = o.lookup_burst = 1e6;
    return o;
}

// `turn_timer`: the room's option (0: off), to see what timing every decision costs.
void run(bool spectator, int turn_timer = 0, int players = 4) {
    Fixture f(many_rooms());
    std::chrono::nanoseconds total{};
    std::size_t commands = 0, bytes = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Created room = create(f.hub, json{{"players", players}, {"seed", std::to_string(seed)}, {"turn_timer", turn_timer}});
        std::vector<std::shared_ptr<CountingOutbox>> seats;
        for (int i = 0; i < players; ++i) {
            seats.push_back(std::make_shared<CountingOutbox>(seed * 10 + i));
            f.hub.on_open(seats[i]);
            std::string name = "P";  // not "P" + ...: GCC 12 -O3 raises a false -Wrestrict on that form
            name += std::to_string(i);
            json join = msg("join", {{"room", room.code}, {"name", name}});
            if (i == 0) join["host_key"] = room.host_key;
            f.hub.on_text(seats[i], join.dump());
        }
        auto watcher = std::make_shared<CountingOutbox>(seed * 10 + 9);
        if (spectator) {
            f.hub.on_open(watcher);
            f.hub.on_text(watcher, msg("spectate", {{"room", room.code}}).dump());
        }
        f.hub.on_text(seats[0], msg("start").dump());
        std::uint64_t seq = json::parse(*seats[0]->last)["seq"];
        GameOptions o;
        o.seed = seed;
        o.players = players;
        GameState mirror = new_game(o);
        Rng chooser(seed);
        std::vector<Command> actions;
        std::size_t before = 0;
        for (auto& s : seats) before += s->bytes;
        while (mirror.phase != Phase::GameOver && mirror.turn < 1000) {
            const int actor = sim::next_actor(mirror);
            legal_actions(mirror, actor, actions);
            const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
            apply(mirror, c);
            const std::string text = msg("command", {{"seq", seq}, {"command", proto::command_json(c)}}).dump();
            const auto t0 = cpu_now();
            f.hub.on_text(seats[actor], text);
            total += cpu_now() - t0;
            ++seq;
            ++commands;
        }
        for (auto& s : seats) bytes += s->bytes;
        bytes -= before;
    }
    const double us = std::chrono::duration<double, std::micro>(total).count() / commands;
    std::printf("%d seats%s%s: %zu commands, %.1f us CPU per command in Hub::on_text (%.0f commands/s on one core), "
                "%.0f bytes sent per seat per command\n",
                players, spectator ? " + 1 spectator" : "", turn_timer ? ", turn timer on" : "", commands, us, 1e6 / us,
                double(bytes) / commands / players);
}

// The same games without the room: what each part of an update costs, per command, for 4 seats.
void parts() {
    std::chrono::nanoseconds apply_t{}, public_t{}, viewer_t{}, dump_t{};
    std::size_t commands = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        GameOptions o;
        o.seed = seed;
        GameState s = new_game(o);
        Rng chooser(seed);
        std::vector<Command> actions;
        std::vector<Event> events;
        proto::ViewParts public_parts, viewer_parts[4];
        proto::update_public_parts(s, public_parts);
        for (int v = 0; v < 4; ++v) proto::update_viewer_parts(s, v, viewer_parts[v]);
        while (s.phase != Phase::GameOver && s.turn < 1000) {
            const int actor = sim::next_actor(s);
            legal_actions(s, actor, actions);
            const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
            events.clear();
            auto t = cpu_now();
            apply(s, c, &events);
            apply_t += cpu_now() - t;
            std::string shared, ops[4];
            t = cpu_now();
            const proto::PatchSink public_sink{shared, "/game"};
            proto::update_public_parts(s, public_parts, &public_sink);
            public_t += cpu_now() - t;
            t = cpu_now();
            for (int v = 0; v < 4; ++v) {
                ops[v] = shared;
                const proto::PatchSink sink{ops[v], "/game"};
                proto::update_viewer_parts(s, v, viewer_parts[v], &sink);
            }
            viewer_t += cpu_now() - t;
            t = cpu_now();
            for (int v = 0; v < 4; ++v) {
                // As the room writes it: the ops are text already.
                const std::string text = R"({"v":1,"type":"update","seq":)" + std::to_string(commands) + R"(,"patch":[)" +
                                         ops[v] + R"(],"events":)" + proto::events_json(events, v).dump() +
                                         R"(,"legal":)" + proto::legal_actions_json(s, v).dump() + "}";
                (void)text;
            }
            dump_t += cpu_now() - t;
            ++commands;
        }
    }
    const auto per = [&](std::chrono::nanoseconds d) { return std::chrono::duration<double, std::micro>(d).count() / commands; };
    std::printf("parts per command, 4 seats: engine %.1f us, public view diff %.1f us, 4 viewer diffs %.1f us, "
                "4 updates (events, legal, text) %.1f us\n",
                per(apply_t), per(public_t), per(viewer_t), per(dump_t));
}

}  // namespace

// Heap held by rooms in mid-game with 4 connected seats each (documents, states, members, summaries).
void memory() {
    constexpr int kRooms = 200;
    const auto before = mallinfo2().uordblks;
    {
        Fixture f(many_rooms());
        std::vector<std::shared_ptr<CountingOutbox>> all;
        for (int r = 0; r < kRooms; ++r) {
            const Created room = create(f.hub, json{{"players", 4}, {"seed", std::to_string(r + 1)}});
            std::vector<std::shared_ptr<CountingOutbox>> seats;
            for (int i = 0; i < 4; ++i) {
                seats.push_back(std::make_shared<CountingOutbox>(r * 10 + i));
                f.hub.on_open(seats[i]);
                std::string name = "P";
                name += std::to_string(i);
                json join = msg("join", {{"room", room.code}, {"name", name}});
                if (i == 0) join["host_key"] = room.host_key;
                f.hub.on_text(seats[i], join.dump());
            }
            f.hub.on_text(seats[0], msg("start").dump());
            std::uint64_t seq = json::parse(*seats[0]->last)["seq"];
            GameOptions o;
            o.seed = static_cast<std::uint64_t>(r + 1);
            GameState mirror = new_game(o);
            Rng chooser(static_cast<std::uint64_t>(r));
            std::vector<Command> actions;
            for (int step = 0; step < 120 && mirror.phase != Phase::GameOver; ++step, ++seq) {
                const int actor = sim::next_actor(mirror);
                legal_actions(mirror, actor, actions);
                const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
                apply(mirror, c);
                f.hub.on_text(seats[actor], msg("command", {{"seq", seq}, {"command", proto::command_json(c)}}).dump());
            }
            for (auto& s : seats) s->last.reset();  // the outboxes stand in for the gateway: not counted
            for (auto& s : seats) all.push_back(std::move(s));
        }
        const auto during = mallinfo2().uordblks;
        std::printf("memory: %.1f KiB per room in mid-game with 4 connected seats (%.1f KiB per connection)\n",
                    double(during - before) / kRooms / 1024, double(during - before) / kRooms / 4 / 1024);
    }
}

TEST_CASE("bench: cost of one command in a 4-player room", "[.bench]") {
    memory();
    run(false);
    run(true);
    run(false, 60);
    run(false, 0, 6);
    parts();
}
