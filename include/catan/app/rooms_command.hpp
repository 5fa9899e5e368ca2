#pragma once
// `catan-server rooms list | show CODE | close CODE`: the operator's view of the rooms
// (docs/operating.md, "Admin"). It talks to the running server's /admin endpoint on loopback with
// the admin token the server wrote at start; `list` and `show` read the data file directly
// (read-only) when no server answers, and say so. `close` needs the running server: it holds the
// rooms, and the data file is not edited behind its back.
// Exit codes: 0 done, 1 usage, 2 the server or the data file cannot be used (no server for close,
// token refused, file unreadable), 3 no such room.
#include <string>

namespace CLI { class App; }

namespace catan::app {

struct RoomsConfig {
    std::string action;       // list, show, close
    std::string code;         // show, close
    std::string server;       // http://127.0.0.1:8080; empty: from `listen`
    std::string listen = "0.0.0.0:8080";  // the server's --listen (CATAN_LISTEN), for the default URL
    std::string data_path = "catan.db";
    std::string admin_token_file;  // empty: "<data>.admin-token"
    bool json = false;
};

void add_rooms_flags(CLI::App& app, RoomsConfig& config);
int run_rooms(const RoomsConfig& config);

}  // namespace catan::app
