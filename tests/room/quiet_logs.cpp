// Room tests check messages, not log lines: keep spdlog to warnings and errors while they run.
#include <spdlog/spdlog.h>

namespace {
const bool quiet = (spdlog::set_level(spdlog::level::warn), true);
}  // namespace
