#include "data_file.hpp"

#include <filesystem>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace catan::app {

void log_to_stderr() {
    spdlog::set_default_logger(spdlog::stderr_color_mt("catan"));
    spdlog::set_pattern("%^%l%$: %v");
}

std::unique_ptr<store::Store> open_store(const std::string& path, bool must_exist) {
    if (store::is_database_url(path)) {  // a database, which the store reports on itself when it cannot be used
        try {
            return std::make_unique<store::Store>(path);
        } catch (const store::StoreError& e) {
            spdlog::error("{}", e.what());
            return nullptr;
        }
    }
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

}  // namespace catan::app
