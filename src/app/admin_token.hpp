#pragma once
// Internal to the app layer: the admin token file (docs/operating.md, "Admin"). `serve` writes a fresh
// random token there at every start, readable by the server's user only (mode 0600); `rooms` reads
// it to talk to that server's /admin endpoint. By default it sits next to the data file.
#include <optional>
#include <string>

namespace catan::app {

// "<data file>.admin-token": where serve writes the token and rooms reads it unless told otherwise.
std::string default_admin_token_file(const std::string& data_path);

// A fresh token (256 random bits, hex) written to `path` with mode 0600, through a temporary file
// renamed over it; nothing and the reason in `why` when it cannot be written.
std::optional<std::string> write_admin_token(const std::string& path, std::string& why);

// The token in `path`; nothing and the reason in `why` when it cannot be read or is not a token.
std::optional<std::string> read_admin_token(const std::string& path, std::string& why);

}  // namespace catan::app
