#pragma once
// A node's name, as `--node` names a server among several and a proxy names its backend (the
// `node` of room_elsewhere, /ws?node=NAME): 1 to 64 letters, digits, '.', '_' or '-', so that it
// fits a URL, a proxy's server name and a log line unchanged.
#include <string_view>

namespace catan::net {

bool valid_node_name(std::string_view name);

}  // namespace catan::net
