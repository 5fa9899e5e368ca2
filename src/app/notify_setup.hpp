#pragma once
// The notification flags of `serve` and the service they make (docs/operating.md, "Notifications").
#include <memory>

#include "catan/app/serve_command.hpp"

namespace CLI { class App; }

namespace catan::notify {
class Service;
}

namespace catan::app {

void add_notify_flags(CLI::App& app, NotifyFlags& flags);
// The service for `server` (its data file's notification tables, or none with --no-persist or a data
// file that takes no write: the store reports that one); null with --no-notify. Throws
// std::invalid_argument for flags that do not go together (the message says which).
std::shared_ptr<notify::Service> make_notify_service(const NotifyFlags& flags, const net::ServerOptions& server,
                                                     const std::string& public_url);

}  // namespace catan::app
