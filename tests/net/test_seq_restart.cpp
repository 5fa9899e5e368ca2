// Against the real binary: a command the server saved but had not yet answered
// when it died is not applied a second time when its sender resends it after the restart. The server
// runs with the test hook CATAN_TEST_KILL_AFTER_COMMITS=1, which kills it with SIGKILL right after the
// command's commit and before its broadcast; restarted on the same data file, the players rejoin, the
// command is resent with the seq its sender had, and it must be refused as stale: the state shows it
// applied exactly once, and every seq after the restart is above every seq seen before.
//
// The command is one that would still be legal a second time when the game allows (a bank trade with
// 8 of the resource, or a development card with two of each cost in hand): a server that handed out
// the same seq again would apply it twice. The same on a PostgreSQL database (pg_server.hpp).
#include <catch2/catch.hpp>

#include <signal.h>

#include <algorithm>
#include <optional>
#include <thread>

#include "game_driver.hpp"
#include "pg_server.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;
using namespace std::chrono_literals;

namespace {

// A bank trade or a development-card purchase `p` may make now. `twice`: only one it could make again
// right after (its hand holds enough for two).
std::optional<json> repeatable_purchase(Peer& p, bool twice) {
    const json& game = p.game();
    if (!game.is_object() || game["phase"] != "main") return std::nullopt;
    const json hand = p.hand();
    for (const json& a : p.view.legal_actions()) {
        if (a["type"] == "buy_dev_card") {
            const bool again = hand.value("wool", 0) >= 2 && hand.value("grain", 0) >= 2 && hand.value("ore", 0) >= 2 &&
                               game.value("dev_deck", 0) >= 2;
            if (again || !twice) return a;
        } else if (a["type"] == "bank_trade") {
            if (hand.value(a["give"].get<std::string>(), 0) >= 8 || !twice) return a;
        }
    }
    return std::nullopt;
}

// The hand after `command` was applied once to `before`: the one resource every application changes by one.
std::pair<std::string, int> marker_after_once(const json& command, const json& before) {
    const std::string r = command["type"] == "buy_dev_card" ? "ore" : command["get"].get<std::string>();
    return {r, before.value(r, 0) + (command["type"] == "buy_dev_card" ? -1 : 1)};
}

void wait_for_exit(ServerProcess& server) {
    for (int i = 0; i < 2000 && server.running(); ++i) std::this_thread::sleep_for(5ms);
}

// Every peer comes back on the restarted server with its token.
void rejoin_all(Table& table, unsigned short port) {
    table.move_to(port);
    for (auto& p : table.peers) p->ws.reset();  // those sockets died with the server
    for (auto& p : table.peers) table.rejoin(*p);
}

// The whole case on the data `args` name (--data ...).
void stale_after_restart(const std::vector<std::string>& args) {
    std::int64_t highest = 0;  // every seq any client has seen

    auto server = std::make_unique<ServerProcess>(args);
    Table table(server->port());
    table.create_room_rest({{"players", 2}, {"vp_target", 20}, {"takeover_after", "never"}});
    table.join("Ana", true);
    table.join("Bob");
    table.start();
    PolicyOptions po;
    po.seed = 20261201;
    po.hoard_seat = 0;  // seat 0 saves its cards, so a purchase it could repeat comes sooner
    Policy policy(po);

    // Play until someone may make a purchase they could repeat (after 300 commands: any purchase; in
    // tries it came after 30 to 220; a game to 20 points is far from over by then).
    json command;
    Peer* actor = nullptr;
    for (int played = 0; !actor; ++played) {
        REQUIRE(played < 3000);
        const json& game = table.players().front()->game();
        REQUIRE(game["phase"] != "game_over");
        Peer& next = table.player(policy.pick_actor(game));
        if (const auto purchase = repeatable_purchase(next, /*twice=*/played < 300)) {
            command = *purchase;
            actor = &next;
            break;
        }
        const json update = table.play(next, policy.choose(next, table));
        GameStats ignored;
        policy.observe(update.value("events", json::array()), ignored);
    }
    highest = std::max(highest, table.seq());
    table.close_all();
    REQUIRE(server->stop() == 0);

    // A server that dies right after the command's commit, before anyone is told.
    server = std::make_unique<ServerProcess>(args, std::chrono::seconds(10),
                                             std::vector<std::string>{"CATAN_TEST_KILL_AFTER_COMMITS=1"});
    rejoin_all(table, server->port());
    highest = std::max(highest, table.seq());
    const json hand_before = actor->hand();
    const std::int64_t sent_at = actor->view.seq();
    INFO(actor->label << " sends " << command.dump() << " at seq " << sent_at << " with hand " << hand_before.dump());
    actor->send_command(command);
    wait_for_exit(*server);
    REQUIRE(!server->running());
    REQUIRE(server->stop() == 128 + SIGKILL);
    CHECK(actor->view.seq() == sent_at);  // no update reached it: the command was never acknowledged

    server = std::make_unique<ServerProcess>(args);
    rejoin_all(table, server->port());
    const auto [resource, once] = marker_after_once(command, hand_before);
    CHECK(actor->hand().value(resource, 0) == once);  // it was committed: applied, once
    const std::int64_t after_restart = table.seq();
    CHECK(after_restart > highest);

    // The client never heard back, so it resends the command with the seq it had.
    actor->send_command(command, sent_at);
    json answer = actor->recv();
    while (answer.value("type", "") == "chat") answer = actor->recv();
    CHECK(answer.value("type", "") == "error");
    CHECK(answer.value("code", "") == "stale_sequence");
    actor->check_in_sync();
    CHECK(actor->hand().value(resource, 0) == once);  // still applied once, not twice

    // And the game goes on from here.
    for (int i = 0; i < 10; ++i) {
        const json& game = table.players().front()->game();
        if (game["phase"] == "game_over") break;
        Peer& next = table.player(policy.pick_actor(game));
        table.play(next, policy.choose(next, table));
        CHECK(table.seq() > highest);
    }
    table.close_all();
    REQUIRE(server->stop() == 0);
}

}  // namespace

TEST_CASE("Crash: a command saved but unanswered when the server died is stale when resent after the restart, and seq never goes back",
          "[crash][seq]") {
    const catan::store::test::TempDir dir;
    stale_after_restart({"--data", dir.file("catan.db").string()});
}

TEST_CASE("Crash: the same on a PostgreSQL database: the command saved but unanswered is stale when resent, seq never goes back",
          "[crash][seq][postgres]") {
    catan::store::test::PgServer* postgres = catan::store::test::PgServer::get();
    if (!postgres) {
        WARN(catan::store::test::PgServer::skip_reason());
        return;
    }
    stale_after_restart({"--data", postgres->new_database()});
}
