// The export and import subcommands: the store reads and writes, the room layer makes and checks the
// document; here are only files, messages and exit codes. Both open the data file like a second
// connection: SQLite's write-ahead log lets them run beside a server using the same file.
#include "catan/net/transfer_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "catan/room/room_file.hpp"
#include "catan/room/secret.hpp"
#include "catan/store/store.hpp"

namespace catan::net {

namespace {

constexpr int kFileProblem = 2;
constexpr int kRefused = 3;

void log_to_stderr() {
    spdlog::set_default_logger(spdlog::stderr_color_mt("catan"));
    spdlog::set_pattern("%^%l%$: %v");
}

// The data file as a Store, or nothing (and the reason logged). `must_exist`: export never creates one.
std::unique_ptr<store::Store> open_store(const std::string& path, bool must_exist) {
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    if (ec || path.empty()) {
        spdlog::error("\"{}\" is not a usable path for the data file", path);
        return nullptr;
    }
    if (must_exist && !std::filesystem::exists(absolute, ec)) {
        spdlog::error("{} does not exist; pass the data file the server runs with (its --data)", absolute);
        return nullptr;
    }
    try {
        return std::make_unique<store::Store>(absolute);
    } catch (const store::StoreError& e) {
        spdlog::error("{}", e.what());
        return nullptr;
    }
}

}  // namespace

void add_export_flags(CLI::App& app, ExportConfig& c) {
    app.add_option("--data", c.data_path, "The server's data file (SQLite) to read the room from")->required();
    app.add_option("--room", c.code, "Code of the room to export")->required();
    app.add_option("--out", c.out, "Write the document to this file instead of stdout");
}

void add_import_flags(CLI::App& app, ImportConfig& c) {
    app.add_option("--data", c.data_path, "The data file (SQLite) to write the room into; created if missing")->required();
    app.add_option("document", c.in, "The document exported with `catan-server export`; - for stdin")->capture_default_str();
    app.add_flag("--replace", c.replace, "Overwrite a room with the same code in the data file (its games are lost)");
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

}  // namespace catan::net
