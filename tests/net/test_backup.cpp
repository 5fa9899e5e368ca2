// `catan-server backup` on the real binary: a server plays a game over WebSockets while
// backups of its data file are taken again and again, in small steps so that the server writes in
// the middle of every copy; each copy must pass integrity_check and hold at least the commands of the
// one before. A last copy is served by a second server: its players rejoin there with the tokens
// they hold, see the game as it was when the copy was taken, and play it on to a winner. The exit
// codes and messages of the refusals (usage 1, file problems 2) are checked on the way.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <atomic>
#include <thread>

#include "catan/store/store.hpp"
#include "game_driver.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"
#include "tool_run.hpp"

using namespace catan::nettest;

namespace {

// What a copy holds, read with SQLite directly: integrity_check's verdict and the commands logged.
struct CopyContents {
    std::string integrity;
    std::int64_t commands = -1;
};

CopyContents read_copy(const std::string& path) {
    CopyContents c;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        c.integrity = "cannot open";
        sqlite3_close(db);
        return c;
    }
    auto text = [&](const char* query) {
        sqlite3_stmt* stmt = nullptr;
        std::string value = "no answer";
        if (sqlite3_prepare_v2(db, query, -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
            value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
        sqlite3_finalize(stmt);
        return value;
    };
    c.integrity = text("PRAGMA integrity_check");
    const std::string commands = text("SELECT count(*) FROM commands");
    if (commands != "no answer") c.commands = std::stoll(commands);
    sqlite3_close(db);
    return c;
}

}  // namespace

TEST_CASE("Backup: copies taken while a server plays are consistent, and a server on the last one plays the game on",
          "[backup]") {
    const catan::store::test::TempDir dir;
    const std::string data = dir.file("catan.db").string();
    const auto tmp = dir.file("");

    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", data});
    Table table(server->port());
    table.create_room_rest({{"players", 3}, {"seed", "20261203"}});
    table.join("Ana", true);
    table.join("Bob");
    table.join("Cy");
    table.start();
    PolicyOptions po;
    po.seed = 14;
    Policy policy(po);
    // Other rooms make the file bigger than a handful of pages, so a copy of one page per step spans
    // many of the server's commits.
    for (int i = 0; i < 6; ++i) {
        Table other(server->port());
        other.create_room_rest({{"players", 4}});
        other.join("Host " + std::to_string(i), true);
        other.close_all();
    }

    // Usage and file problems: nothing is written.
    CHECK(run_tool(tmp, "backup --data " + shell_quote(data)).exit_code == 1);  // no --out
    const ToolRun missing = run_tool(tmp, "backup --data " + shell_quote(dir.file("none.db").string()) + " --out " +
                                              shell_quote(dir.file("x.db").string()));
    CHECK(missing.exit_code == 2);
    CHECK_THAT(missing.err, Catch::Contains("none.db does not exist"));
    CHECK(!std::filesystem::exists(dir.file("x.db")));
    catan::store::test::write_bytes(dir.file("foreign.db"), "");
    {  // an SQLite file that is not ours
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(dir.file("foreign.db").c_str(), &db) == SQLITE_OK);
        sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
        sqlite3_close(db);
    }
    const ToolRun foreign = run_tool(tmp, "backup --data " + shell_quote(dir.file("foreign.db").string()) + " --out " +
                                              shell_quote(dir.file("x.db").string()));
    CHECK(foreign.exit_code == 2);
    CHECK_THAT(foreign.err, Catch::Contains("not a catan-server data file"));
    const ToolRun onto_itself = run_tool(tmp, "backup --force --data " + shell_quote(data) + " --out " + shell_quote(data));
    CHECK(onto_itself.exit_code == 2);
    CHECK_THAT(onto_itself.err, Catch::Contains("is the data file itself"));

    // Copies while the game goes on: the copier thread takes one after another, one page per step,
    // while this thread plays commands.
    const std::string copy = dir.file("copy.db").string();
    std::atomic<bool> playing{true};
    std::atomic<int> copies{0}, failures{0}, restarts{0};
    std::vector<std::string> problems;
    std::int64_t last_commands = 0;
    std::thread copier([&] {
        while (playing) {
            const std::string target = dir.file("copy-" + std::to_string(copies.load()) + ".db").string();
            const ToolRun r = run_tool(tmp, "backup --pages-per-step 1 --pause-ms 2 --data " + shell_quote(data) + " --out " +
                                                shell_quote(target),
                                       "copier");
            if (r.exit_code != 0) {
                ++failures;
                problems.push_back(r.err);
                continue;
            }
            if (r.err.find("restarted") != std::string::npos) ++restarts;
            const CopyContents c = read_copy(target);
            if (c.integrity != "ok" || c.commands < last_commands) {
                ++failures;
                problems.push_back(target + ": integrity " + c.integrity + ", " + std::to_string(c.commands) +
                                   " commands after a copy with " + std::to_string(last_commands));
            }
            last_commands = c.commands;
            ++copies;
        }
    });
    {
        GameRun run(table, policy);
        for (int i = 0; i < 200 && !run.finished() && (i < 40 || copies < 3); ++i) run.step();
        REQUIRE(!run.finished());
    }
    playing = false;
    copier.join();
    INFO((problems.empty() ? std::string() : problems.front()));
    CHECK(failures == 0);
    CHECK(copies >= 3);
    CHECK(last_commands > 0);
    WARN("copies taken while playing: " << copies << ", of which restarted because the server wrote meanwhile: " << restarts);

    // The last copy, taken now: the game as every player sees it at this moment.
    std::vector<json> views;
    for (Peer* p : table.players()) views.push_back(p->game());
    const ToolRun taken = run_tool(tmp, "backup --data " + shell_quote(data) + " --out " + shell_quote(copy));
    INFO(taken.err);
    REQUIRE(taken.exit_code == 0);
    CHECK_THAT(taken.err, Catch::Contains("rooms, schema version " + std::to_string(catan::store::Store::kSchemaVersion)) && Catch::Contains("integrity_check ok"));
    // The copy exists: refused without --force, replaced with it.
    const ToolRun again = run_tool(tmp, "backup --data " + shell_quote(data) + " --out " + shell_quote(copy));
    CHECK(again.exit_code == 2);
    CHECK_THAT(again.err, Catch::Contains("exists already") && Catch::Contains("--force"));
    REQUIRE(run_tool(tmp, "backup --force --data " + shell_quote(data) + " --out " + shell_quote(copy)).exit_code == 0);
    {  // a target with a write-ahead log beside it may be a live data file: refused even with --force
        catan::store::test::write_bytes(copy + "-wal", "");
        const ToolRun live = run_tool(tmp, "backup --force --data " + shell_quote(data) + " --out " + shell_quote(copy));
        CHECK(live.exit_code == 2);
        CHECK_THAT(live.err, Catch::Contains("a server may be running on"));
        std::filesystem::remove(copy + "-wal");
    }
    for (const auto& entry : std::filesystem::directory_iterator(dir.file("")))
        CHECK(entry.path().filename().string().find(".partial") == std::string::npos);  // no temporary left behind

    // The original server goes on (the copy does not follow it), then stops.
    {
        GameRun run(table, policy);
        for (int i = 0; i < 5 && !run.finished(); ++i) run.step();
    }
    table.close_all();
    REQUIRE(server->stop() == 0);

    // Restore: a server on the copy; every player rejoins with its token and sees the game as it was
    // when the copy was taken, and the game goes on to a winner.
    server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", copy});
    table.move_to(server->port());
    for (auto& p : table.peers) p->ws.reset();
    for (auto& p : table.peers) table.rejoin(*p);
    std::size_t i = 0;
    for (Peer* p : table.players()) CHECK(p->game() == views[i++]);
    const GameStats stats = play_to_end(table, policy);
    CHECK(stats.winner);
    table.close_all();
    REQUIRE(server->stop() == 0);
}
