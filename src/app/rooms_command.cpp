// `catan-server rooms`: asks the running server (admin_client.hpp), or reads the data file or
// PostgreSQL database when none answers (list and show only), and prints the rooms as aligned text or,
// with --json, as JSON.
#include "catan/app/rooms_command.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "admin_client.hpp"
#include "admin_token.hpp"
#include "catan/room/admin_view.hpp"
#include "catan/room/secret.hpp"
#include "catan/store/inspect.hpp"
#include "data_file.hpp"

namespace catan::app {

namespace {

using nlohmann::json;

constexpr int kNoSuchRoom = 3;

// A name as a terminal shows it: control characters (an escape sequence in a player's name) as '?'.
std::string printable(std::string text) {
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
    return text;
}

std::size_t display_width(const std::string& s) {
    std::size_t n = 0;
    for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // code points
    return n;
}

void print_table(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (widths.size() <= i) widths.push_back(0);
            widths[i] = std::max(widths[i], display_width(row[i]));
        }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) line.append(widths[i] - display_width(row[i]) + 2, ' ');
        }
        out << line << "\n";
    }
}

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// "45s", "3m12s", "2h05m", "3d04h"
std::string duration(std::int64_t ms) {
    const std::int64_t s = std::max<std::int64_t>(0, ms / 1000);
    char text[32];
    if (s < 60) std::snprintf(text, sizeof text, "%llds", static_cast<long long>(s));
    else if (s < 3600) std::snprintf(text, sizeof text, "%lldm%02llds", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
    else if (s < 86400) std::snprintf(text, sizeof text, "%lldh%02lldm", static_cast<long long>(s / 3600), static_cast<long long>(s / 60 % 60));
    else std::snprintf(text, sizeof text, "%lldd%02lldh", static_cast<long long>(s / 86400), static_cast<long long>(s / 3600 % 24));
    return text;
}

std::string iso_time(std::int64_t ms) {
    const std::time_t t = static_cast<std::time_t>(ms / 1000);
    std::tm utc{};
    ::gmtime_r(&t, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string ago(const json& ms) { return ms.is_number() ? duration(now_ms() - ms.get<std::int64_t>()) : "-"; }
std::string number(const json& n) { return n.is_number() ? std::to_string(n.get<std::int64_t>()) : "-"; }

std::string size(const json& bytes) {
    if (!bytes.is_number()) return "-";
    const double b = bytes.get<double>();
    char text[32];
    if (b < 1024) std::snprintf(text, sizeof text, "%.0f B", b);
    else if (b < 1024 * 1024) std::snprintf(text, sizeof text, "%.1f KB", b / 1024);
    else std::snprintf(text, sizeof text, "%.1f MB", b / (1024 * 1024));
    return text;
}

// "Ana (host)", "Bob (bot basic)", "Cy (away, bot plays)"
std::string seat_label(const json& s) {
    std::vector<std::string> tags;
    if (s.value("host", false)) tags.push_back("host");
    if (s["bot"].is_string()) tags.push_back("bot " + s["bot"].get<std::string>());
    else if (s["connected"].is_boolean() && !s["connected"].get<bool>()) tags.push_back("away");
    if (!s["bot"].is_string() && s["controlled_by"] == "bot") tags.push_back("bot plays");
    std::string label = printable(s.value("name", std::string()));
    if (!tags.empty()) {
        label += " (";
        for (std::size_t i = 0; i < tags.size(); ++i) label += (i ? ", " : "") + tags[i];
        label += ")";
    }
    return label;
}

std::string people(const json& room) {
    std::string text;
    for (const json& s : room["seats"]) text += (text.empty() ? "" : ", ") + seat_label(s);
    return text.empty() ? "(nobody)" : text;
}

void print_list(const json& rooms, std::ostream& out) {
    std::vector<std::vector<std::string>> rows{{"CODE", "PHASE", "SEATS", "SPECTATORS", "AGE", "IDLE", "COMMANDS", "SIZE"}};
    for (const json& r : rooms) {
        std::string phase = r.value("phase", std::string());
        if (r["problem"].is_string()) phase += " (set aside)";
        rows.push_back({r.value("code", std::string()), phase, people(r), number(r["spectators"]), ago(r["created_ms"]),
                        ago(r["last_activity_ms"]), number(r["commands"]), size(r["bytes"])});
    }
    print_table(rows, out);
    out << rooms.size() << (rooms.size() == 1 ? " room\n" : " rooms\n");
}

void print_room(const json& r, std::ostream& out) {
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"room", r.value("code", std::string())});
    rows.push_back({"phase", r.value("phase", std::string()) + (r["game"].is_number() ? " (game " + number(r["game"]) + ")" : "")});
    if (r["problem"].is_string()) rows.push_back({"problem", printable(r["problem"]) + " (set aside: not served)"});
    rows.push_back({"created", r["created_ms"].is_number() ? iso_time(r["created_ms"]) + " (" + ago(r["created_ms"]) + " ago)" : "-"});
    rows.push_back({"last activity",
                    r["last_activity_ms"].is_number() ? iso_time(r["last_activity_ms"]) + " (" + ago(r["last_activity_ms"]) + " ago)" : "-"});
    rows.push_back({"commands", number(r["commands"]) + " in the current game's log"});
    rows.push_back({"size", number(r["bytes"]) + " bytes of records (" + number(r["chat_lines"]) + " chat lines)"});
    rows.push_back({"spectators", r["spectators"].is_number() ? number(r["spectators"]) : "- (unknown: no server)"});
    print_table(rows, out);
    std::vector<std::vector<std::string>> seats{{"  SEAT", "NAME", "KIND", "HOST", "CONNECTED", "PLAYED BY"}};
    for (const json& s : r["seats"])
        seats.push_back({"  " + number(s["seat"]), printable(s.value("name", std::string())),
                         s["bot"].is_string() ? "bot (" + s["bot"].get<std::string>() + ")" : "person",
                         s.value("host", false) ? "yes" : "no",
                         s["connected"].is_boolean() ? (s["connected"].get<bool>() ? "yes" : "no") : "-",
                         s["controlled_by"].is_string() ? s["controlled_by"].get<std::string>() : "-"});
    out << "seats\n";
    print_table(seats, out);
}

std::string error_text(const std::string& body) {
    const json j = json::parse(body, nullptr, false);
    if (j.is_object() && j.contains("message") && j["message"].is_string()) return j["message"];
    return body.substr(0, 300);
}

// The rooms of the data file or database, read directly: no server answered.
int offline(const RoomsConfig& c, const std::string& url, const std::string& why) {
    const bool database = store::is_database_url(c.data_path);
    const std::string data = store::printable_data_name(c.data_path);  // never a password on screen
    std::vector<store::RoomUsage> found;
    try {
        found = store::inspect_rooms(c.data_path, c.code);
    } catch (const store::StoreError& e) {
        spdlog::error("no server answered at {} ({}), and the {} cannot be read: {}", url, why, database ? "database" : "data file",
                      e.what());
        return kFileProblem;
    }
    // A database may be served by other nodes meanwhile: its rooms are every node's.
    const std::string source = std::string(database ? "database " : "data file ") + data + " (no server answered at " + url + ": " +
                               why + "; who is connected is unknown)";
    json rooms = json::array();
    for (const auto& u : found) rooms.push_back(room::admin_room_view(nullptr, &u));
    if (c.action == "show" && rooms.empty()) {
        spdlog::error("no room {} in {}", c.code, data);
        return kNoSuchRoom;
    }
    if (c.json) {
        json out = {{"source", database ? "database" : "data file"}, {"data", data}, {"server", url}};
        if (c.action == "show") out["room"] = rooms.front();
        else out["rooms"] = rooms;
        std::cout << out.dump(2) << "\n";
    } else {
        std::cout << "source: " << source << "\n";
        if (c.action == "show") print_room(rooms.front(), std::cout);
        else print_list(rooms, std::cout);
    }
    return 0;
}

}  // namespace

void add_rooms_flags(CLI::App& app, RoomsConfig& c) {
    app.add_option("ACTION", c.action, "list, show CODE or close CODE")->required()->check(CLI::IsMember({"list", "show", "close"}));
    app.add_option("CODE", c.code, "The room's code (show, close)");
    app.add_option("--server", c.server, "The running server, on this machine (default: from --listen)")->envname("CATAN_ADMIN_SERVER");
    app.add_option("--listen", c.listen, "The server's --listen, to find it when --server is not given")
        ->envname("CATAN_LISTEN")
        ->capture_default_str();
    app.add_option("--data", c.data_path, "The server's data file: read when no server answers, and where the token file is")
        ->envname("CATAN_DATA")
        ->capture_default_str();
    app.add_option("--admin-token-file", c.admin_token_file, "The server's admin token file (default: the data file's name + .admin-token)")
        ->envname("CATAN_ADMIN_TOKEN_FILE");
    app.add_flag("--json", c.json, "Print JSON (for scripts) instead of aligned text");
}

int run_rooms(const RoomsConfig& given) {
    log_to_stderr();
    RoomsConfig c = given;
    if (c.action == "list" && !c.code.empty()) {
        spdlog::error("list takes no room code (show CODE gives one room)");
        return 1;
    }
    if (c.action != "list") {
        const auto code = room::normalize_room_code(c.code);
        if (!code) {
            spdlog::error("{} needs a room code (5 characters of {}), e.g. `catan-server rooms {} K7QX3`", c.action,
                          room::kRoomCodeAlphabet, c.action);
            return 1;
        }
        c.code = *code;
    }
    const std::string url_text = c.server.empty() ? admin_url_for_listen(c.listen) : c.server;
    std::string why;
    const auto url = parse_admin_url(url_text, why);
    if (!url) {
        spdlog::error("{}", why);
        return 1;
    }
    // A database has no file beside it for the token: without --admin-token-file no server can be
    // asked, and the database is read when none answers.
    const bool token_file_unknown = c.admin_token_file.empty() && store::is_database_url(c.data_path);
    if (c.admin_token_file.empty() && !token_file_unknown) c.admin_token_file = default_admin_token_file(c.data_path);

    const std::string path = c.action == "list"   ? "/admin/rooms"
                             : c.action == "show" ? "/admin/rooms/" + c.code
                                                  : "/admin/rooms/" + c.code + "/close";
    std::string token_problem = "with a PostgreSQL --data, pass --admin-token-file: the file the server was started with";
    const auto token = token_file_unknown ? std::nullopt : read_admin_token(c.admin_token_file, token_problem);
    // Without a token a running server cannot be asked; it is probed all the same, so that the
    // fallback to the file only happens when no server runs (the file alone would mislead then).
    const AdminReply reply = admin_request(*url, c.action == "close" ? "POST" : "GET", token ? path : "/healthz", token.value_or(""));

    if (!reply.connected) {
        if (c.action == "close") {
            spdlog::error("no server answered at {} ({}); close acts on the running server, which holds the room: start it "
                          "(or pass --server)", url_text, reply.error);
            return kFileProblem;
        }
        return offline(c, url_text, reply.error);
    }
    if (!token) {
        spdlog::error("{}", token_problem);
        return kFileProblem;
    }
    if (!reply.reached) {
        spdlog::error("the server at {} did not answer: {}", url_text, reply.error);
        return kFileProblem;
    }
    if (reply.status == 404 && c.action != "list" && reply.body.find("no_such_room") != std::string::npos) {
        spdlog::error("{}", error_text(reply.body));
        return kNoSuchRoom;
    }
    if (reply.status != 200) {
        spdlog::error("the server at {} refused: {} {}", url_text, reply.status, error_text(reply.body));
        return kFileProblem;
    }
    json body = json::parse(reply.body, nullptr, false);
    if (!body.is_object()) {
        spdlog::error("the server at {} answered something that is not JSON", url_text);
        return kFileProblem;
    }
    body["server"] = url_text;
    if (c.json) {
        std::cout << body.dump(2) << "\n";
        return 0;
    }
    if (c.action == "close") {
        std::cout << "closed room " << body.value("closed", c.code) << " on the server at " << url_text
                  << (body.value("deleted", false) ? "; its members were told and it is deleted from the data file\n"
                                                   : "; its members were told (the server keeps no data file)\n");
        return 0;
    }
    std::cout << "source: server at " << url_text << " (live)\n";
    if (c.action == "show") print_room(body["room"], std::cout);
    else print_list(body["rooms"], std::cout);
    return 0;
}

}  // namespace catan::app
