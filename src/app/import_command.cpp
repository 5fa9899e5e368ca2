// `catan-server import`: the room layer checks the document by replaying its game, the store writes
// the room; here are only files, messages and exit codes.
#include "catan/app/import_command.hpp"

#include <fstream>
#include <iostream>
#include <iterator>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "catan/room/room_file.hpp"
#include "catan/store/store.hpp"
#include "data_file.hpp"

namespace catan::app {

void add_import_flags(CLI::App& app, ImportConfig& c) {
    app.add_option("--data", c.data_path, "The data file (SQLite; created if missing), or a PostgreSQL URL, to write the room into")->required();
    app.add_option("document", c.in, "The document exported with `catan-server export`; - for stdin")->capture_default_str();
    app.add_flag("--replace", c.replace, "Overwrite a room with the same code in the data file (its games are lost)");
}

int run_import(const ImportConfig& c) {
    log_to_stderr();
    std::string text;
    if (c.in == "-") {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else {
        std::ifstream in(c.in, std::ios::binary);
        if (!in) {
            spdlog::error("cannot read {}; check the path", c.in);
            return kFileProblem;
        }
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    const std::string source = c.in == "-" ? "stdin" : c.in;
    const nlohmann::json document = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
        spdlog::error("{} is not JSON; nothing was imported", source);
        return kRefused;
    }
    auto room = room::import_room(document);
    if (!room) {
        const auto& e = room.error();
        // Most messages name their field already; those about the whole log say which command.
        const bool named = e.field.empty() || e.message.find("'" + e.field + "'") != std::string::npos;
        spdlog::error("{} is not a room this server can import: {}{}; nothing was imported", source, e.message,
                      named ? "" : " (at '" + e.field + "')");
        return kRefused;
    }
    const store::StoredRoom& stored = room.value();
    const auto store = open_store(c.data_path, /*must_exist=*/false);
    if (!store) return kFileProblem;
    try {
        if (!store->import_room(stored, c.replace)) {
            spdlog::error("{} already has a room {}; nothing was imported. Pass --replace to overwrite it (its games are lost)",
                          store->path(), stored.room.code);
            return kRefused;
        }
    } catch (const store::StoreError& e) {
        spdlog::error("{}", e.what());
        return kFileProblem;
    }
    spdlog::info("imported room {} ({}, game {}, {} commands replayed) into {}; a server on that file restores it at its next start",
                 stored.room.code, stored.room.phase, stored.room.game, stored.commands.size(), store->path());
    return 0;
}

}  // namespace catan::app
