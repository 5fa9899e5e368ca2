// `catan-server export`: the store reads the room, the room layer makes the document; here are only
// files, messages and exit codes.
#include "catan/app/export_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "catan/room/room_file.hpp"
#include "catan/room/secret.hpp"
#include "catan/store/store.hpp"
#include "data_file.hpp"

namespace catan::app {

void add_export_flags(CLI::App& app, ExportConfig& c) {
    app.add_option("--data", c.data_path, "The server's data file (SQLite), or its PostgreSQL URL, to read the room from")->required();
    app.add_option("--room", c.code, "Code of the room to export")->required();
    app.add_option("--out", c.out, "Write the document to this file instead of stdout");
}

int run_export(const ExportConfig& c) {
    log_to_stderr();
    const auto code = room::normalize_room_code(c.code);
    if (!code) {
        spdlog::error("\"{}\" is not a room code (5 characters of {})", c.code, room::kRoomCodeAlphabet);
        return 1;
    }
    const auto store = open_store(c.data_path, /*must_exist=*/true);
    if (!store) return kFileProblem;
    std::string text;
    std::optional<store::StoredRoom> stored;
    try {
        stored = store->read_room(*code);
        if (!stored) {
            spdlog::error("no room {} in {}; check the code (the room may have been closed)", *code, store->path());
            return kFileProblem;
        }
        text = room::export_room(*stored, store::now_ms()).dump(2) + "\n";
    } catch (const std::exception& e) {  // StoreError, or a record that is not JSON
        spdlog::error("cannot export room {} from {}: {}", *code, store->path(), e.what());
        return kFileProblem;
    }
    if (c.out.empty()) {
        std::cout << text << std::flush;  // the document is the output; logs go to stderr
        if (!std::cout) {
            spdlog::error("cannot write the document to stdout");
            return kFileProblem;
        }
    } else {
        // Written beside the target and renamed over it: a reader never sees half a document.
        const std::string partial = c.out + ".partial";
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        std::error_code ec;
        if (out.fail() || (std::filesystem::rename(partial, c.out, ec), ec)) {
            std::filesystem::remove(partial, ec);
            spdlog::error("cannot write {}; check that its directory exists and is writable", c.out);
            return kFileProblem;
        }
    }
    spdlog::info("exported room {} ({}, game {}, {} commands) from {}", *code, stored->room.phase, stored->room.game,
                 stored->commands.size(), store->path());
    return 0;
}

}  // namespace catan::app
