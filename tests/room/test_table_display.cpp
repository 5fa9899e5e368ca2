// Table displays (the board on a shared screen): a display is a spectator that the room counts. It
// is sent exactly what a spectator is sent, message for message, through a whole game with steals and
// bought cards, so the spectator's proofs of hidden information cover it; the room document tells the
// seated phones how many displays are connected.
#include <random>

#include "durable_game.hpp"  // engine, proto, support.hpp

namespace catan::room::test {

namespace {

// Two seated players (Ana the host, Bob) in a seeded room; started.
struct DisplayTable {
    Fixture& f;
    Created room;
    std::vector<std::unique_ptr<Client>> seats;

    explicit DisplayTable(Fixture& fixture, std::uint64_t seed) : f(fixture) {
        room = create(f.hub, json{{"players", 2}, {"seed", std::to_string(seed)}});
        for (int i = 0; i < 2; ++i) {
            seats.push_back(std::make_unique<Client>(f.hub, 10 + i));
            json join = {{"room", room.code}, {"name", i == 0 ? "Ana" : "Bob"}};
            if (i == 0) join["host_key"] = room.host_key;
            seats[i]->send(msg("join", join));
        }
    }
    void start() {
        seats[0]->send(msg("start"));
        for (auto& c : seats) c->poll();
    }
};

int count_events(const std::vector<Message>& sent, std::string_view type) {
    const std::string needle = "\"type\":\"" + std::string(type) + "\"";
    int n = 0;
    for (const Message& m : sent)
        for (std::size_t at = m->find(needle); at != std::string::npos; at = m->find(needle, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("HIDDEN INFORMATION: a table display is sent exactly what a spectator is sent, through a whole game",
          "[room][display][hidden]") {
    Fixture f;
    DisplayTable t(f, 77);
    t.start();
    Client watcher(f.hub, 20), display(f.hub, 21);
    watcher.send(msg("spectate", {{"room", t.room.code}}));
    display.send(msg("spectate", {{"room", t.room.code}, {"display", true}}));
    // From here on both are in the room: whatever one is sent, the other must be sent too.
    watcher.poll();
    const std::size_t watcher_from = watcher.outbox()->sent().size();
    const auto opening = display.poll();
    REQUIRE(opening.size() >= 2);
    CHECK(opening[0]["type"] == "welcome");
    CHECK(opening[0]["seat"].is_null());
    CHECK(display.doc() == watcher.doc());

    GameOptions o;
    o.players = 2;
    o.seed = 77;
    GameState mirror = new_game(o);
    std::mt19937_64 rng(5);
    play_random(mirror, {t.seats[0].get(), t.seats[1].get()}, rng, 20000);
    REQUIRE(mirror.phase == Phase::GameOver);
    watcher.poll();
    display.poll();

    const auto seen = watcher.outbox()->sent();
    const auto shown = display.outbox()->sent();
    const std::vector<Message> after(seen.begin() + static_cast<std::ptrdiff_t>(watcher_from), seen.end());
    const std::vector<Message> table(shown.begin() + static_cast<std::ptrdiff_t>(opening.size()), shown.end());
    REQUIRE(after.size() == table.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
        INFO("message " << i);
        REQUIRE(*after[i] == *table[i]);
    }
    // The game had secrets to keep: cards stolen and bought, which a spectator sees without their kind.
    CHECK(count_events(table, "stole") > 0);
    CHECK(count_events(table, "dev_card_bought") > 0);
    CHECK(display.doc() == watcher.doc());
    CHECK(!display.doc()["game"].contains("me"));
    CHECK(display.legal().empty());
}

TEST_CASE("a table display is counted in the room document while it is connected", "[room][display]") {
    Fixture f;
    DisplayTable t(f, 78);
    Client& ana = *t.seats[0];
    ana.poll();
    CHECK(ana.doc()["room"]["displays"] == 0);

    Client watcher(f.hub, 20);
    watcher.send(msg("spectate", {{"room", t.room.code}}));
    ana.poll();
    CHECK(ana.doc()["room"]["displays"] == 0);  // an ordinary spectator is no display
    CHECK(ana.doc()["room"]["spectators"] == 1);

    auto tv = std::make_unique<Client>(f.hub, 21);
    tv->send(msg("spectate", {{"room", t.room.code}, {"display", true}}));
    Client laptop(f.hub, 22);
    laptop.send(msg("spectate", {{"room", t.room.code}, {"display", true}}));
    ana.poll();
    CHECK(ana.doc()["room"]["displays"] == 2);  // several displays may show one room
    CHECK(ana.doc()["room"]["spectators"] == 3);

    t.start();  // counted in the game as in the lobby
    CHECK(ana.doc()["room"]["displays"] == 2);
    tv->close();
    ana.poll();
    CHECK(ana.doc()["room"]["displays"] == 1);

    // A display that watches as an ordinary spectator from the same socket is a display no more.
    laptop.send(msg("spectate", {{"room", t.room.code}}));
    ana.poll();
    CHECK(ana.doc()["room"]["displays"] == 0);
    CHECK(ana.doc()["room"]["spectators"] == 2);
    laptop.poll();
    CHECK(laptop.doc()["room"]["displays"] == 0);
}

}  // namespace catan::room::test
