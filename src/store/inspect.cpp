#include "catan/store/inspect.hpp"

#include <filesystem>
#include <map>

#include "pg/libpq.hpp"
#include "schema.hpp"
#include "sqlite.hpp"

namespace catan::store {

namespace {

// Per room code: a number summed by one query (GROUP BY code).
void add_per_room(sql::Db& db, const std::string& query, const std::string& code,
                  const std::function<void(const std::string&, std::int64_t)>& add) {
    sql::Statement s = db.prepare(query);
    s.bind(1, code);
    while (s.step()) add(s.column_text(0), s.column_int(1));
}

// The same figures from a PostgreSQL database, in one read-only transaction (one moment of it); every
// node's rooms, the database holding them all.
std::vector<RoomUsage> inspect_database(const std::string& url, const std::string& code) {
    const std::string name = pg::redact(url);
    try {
        pg::Connection db(url);
        db.begin("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        if (db.query("SELECT to_regclass('schema_migrations') IS NOT NULL").text(0, 0) != "t")
            throw StoreError(name + " is not a catan-server database (it has no schema_migrations table)");
        // $1 is the code asked for, or '' for every room.
        const std::string only = " WHERE ($1::text = '' OR code = $1)";
        std::map<std::string, RoomUsage> rooms;
        const pg::Result row = db.query(
            "SELECT code, options, phase, game, game_options, created_ms, updated_ms, coalesce(problem, ''),"
            " length(code) + length(options) + length(host_key_hash) + length(phase) + length(game_options) +"
            " coalesce(length(problem), 0) FROM rooms" + only, {code});
        for (int i = 0; i < row.rows(); ++i) {
            RoomUsage& u = rooms[row.text(i, 0)];
            u.room.code = row.text(i, 0);
            u.room.options = row.text(i, 1);
            u.room.phase = row.text(i, 2);
            u.room.game = row.integer(i, 3);
            u.room.game_options = row.text(i, 4);
            u.room.created_ms = row.integer(i, 5);
            u.room.updated_ms = row.integer(i, 6);
            u.problem = row.text(i, 7);
            u.bytes = row.integer(i, 8);
        }
        const pg::Result seats = db.query("SELECT code, seat, name, host, bot FROM seats" + only + " ORDER BY code, seat", {code});
        for (int i = 0; i < seats.rows(); ++i)
            if (const auto it = rooms.find(seats.text(i, 0)); it != rooms.end())
                it->second.room.seats.push_back({static_cast<int>(seats.integer(i, 1)), seats.text(i, 2), {}, seats.integer(i, 3) != 0,
                                                 seats.text(i, 4)});
        const auto per_room = [&](const std::string& query, std::int64_t RoomUsage::*field) {
            const pg::Result sums = db.query(query, {code});
            for (int i = 0; i < sums.rows(); ++i)
                if (const auto it = rooms.find(sums.text(i, 0)); it != rooms.end()) it->second.*field += sums.integer(i, 1);
        };
        per_room("SELECT code, sum(length(name) + length(token_hash) + length(bot) + 16)::bigint FROM seats" + only + " GROUP BY code",
                 &RoomUsage::bytes);
        per_room("SELECT code, sum(length(entry))::bigint FROM chat" + only + " GROUP BY code", &RoomUsage::bytes);
        per_room("SELECT code, sum(length(command) + 24)::bigint FROM commands" + only + " GROUP BY code", &RoomUsage::bytes);
        per_room("SELECT code, sum(length(state) + 16)::bigint FROM snapshots" + only + " GROUP BY code", &RoomUsage::bytes);
        per_room("SELECT code, count(*) FROM chat" + only + " GROUP BY code", &RoomUsage::chat_lines);
        per_room("SELECT c.code, count(*) FROM commands c JOIN rooms r ON r.code = c.code AND r.game = c.game"
                 " WHERE ($1::text = '' OR c.code = $1) GROUP BY c.code",
                 &RoomUsage::commands);
        db.exec("COMMIT");
        std::vector<RoomUsage> out;
        out.reserve(rooms.size());
        for (auto& [c, u] : rooms) out.push_back(std::move(u));
        return out;
    } catch (const pg::Error& e) {
        throw StoreError(name + " cannot be read as a catan-server database: " + e.what());
    }
}

}  // namespace

std::string printable_data_name(const std::string& path) { return is_database_url(path) ? pg::redact(path) : path; }

std::vector<RoomUsage> inspect_rooms(const std::string& path, const std::string& code) {
    if (is_database_url(path)) {
        // A running server's own Store names its database without the password (Store::path()), which
        // cannot log in where a password is needed: its rooms are then listed without figures.
        if (path.find(":***@") != std::string::npos || path.find("password=***") != std::string::npos) return {};
        return inspect_database(path, code);
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw StoreError(path + " does not exist; pass the data file the server runs with (its --data)");
    try {
        sql::Db db(path, /*create=*/false);
        db.exec("PRAGMA query_only = 1");
        {
            sql::Statement id = db.prepare("PRAGMA application_id");
            if (!id.step() || id.column_int(0) != kApplicationId) throw StoreError(path + " is not a catan-server data file");
        }
        // One read transaction: every number below comes from the same moment of the file.
        db.exec("BEGIN");
        // ?1 is the code asked for, or '' for every room.
        const std::string only = " WHERE (?1 = '' OR code = ?1)";
        std::map<std::string, RoomUsage> rooms;
        {
            sql::Statement s = db.prepare(
                "SELECT code, options, phase, game, game_options, created_ms, updated_ms, coalesce(problem, ''),"
                " length(code) + length(options) + length(host_key_hash) + length(phase) + length(game_options) +"
                " coalesce(length(problem), 0) FROM rooms" + only);
            s.bind(1, code);
            while (s.step()) {
                RoomUsage& u = rooms[s.column_text(0)];
                u.room.code = s.column_text(0);
                u.room.options = s.column_text(1);
                u.room.phase = s.column_text(2);
                u.room.game = s.column_int(3);
                u.room.game_options = s.column_text(4);
                u.room.created_ms = s.column_int(5);
                u.room.updated_ms = s.column_int(6);
                u.problem = s.column_text(7);
                u.bytes = s.column_int(8);
            }
        }
        {
            sql::Statement s = db.prepare("SELECT code, seat, name, host, bot FROM seats" + only + " ORDER BY code, seat");
            s.bind(1, code);
            while (s.step()) {
                const auto it = rooms.find(s.column_text(0));
                if (it == rooms.end()) continue;
                it->second.room.seats.push_back({static_cast<int>(s.column_int(1)), s.column_text(2), {}, s.column_int(3) != 0,
                                                 s.column_text(4)});
            }
        }
        const auto bytes = [&](const std::string& c, std::int64_t n) {
            if (const auto it = rooms.find(c); it != rooms.end()) it->second.bytes += n;
        };
        add_per_room(db, "SELECT code, sum(length(name) + length(token_hash) + length(bot) + 16) FROM seats" + only + " GROUP BY code",
                     code, bytes);
        add_per_room(db, "SELECT code, sum(length(entry)) FROM chat" + only + " GROUP BY code", code, bytes);
        add_per_room(db, "SELECT code, sum(length(command) + 24) FROM commands" + only + " GROUP BY code", code, bytes);
        add_per_room(db, "SELECT code, sum(length(state) + 16) FROM snapshots" + only + " GROUP BY code", code, bytes);
        add_per_room(db, "SELECT code, count(*) FROM chat" + only + " GROUP BY code", code,
                     [&](const std::string& c, std::int64_t n) {
                         if (const auto it = rooms.find(c); it != rooms.end()) it->second.chat_lines = n;
                     });
        add_per_room(db,
                     "SELECT c.code, count(*) FROM commands c JOIN rooms r ON r.code = c.code AND r.game = c.game"
                     " WHERE (?1 = '' OR c.code = ?1) GROUP BY c.code",
                     code, [&](const std::string& c, std::int64_t n) {
                         if (const auto it = rooms.find(c); it != rooms.end()) it->second.commands = n;
                     });
        db.exec("COMMIT");
        std::vector<RoomUsage> out;
        out.reserve(rooms.size());
        for (auto& [c, u] : rooms) out.push_back(std::move(u));
        return out;
    } catch (const sql::Error& e) {
        throw StoreError(path + " cannot be read as a catan-server data file: " + e.what());
    }
}

}  // namespace catan::store
