#include "socket_query.hpp"

#include <algorithm>
#include <cctype>

#include "catan/room/secret.hpp"

namespace catan::net {

namespace {

constexpr std::size_t kMaxNodeName = 64;
constexpr std::size_t kShownChars = 40;  // of a bad value, in the answer

std::string shown(std::string_view value) {
    std::string out(value.substr(0, kShownChars));
    std::replace_if(out.begin(), out.end(), [](unsigned char c) { return !std::isprint(c); }, '?');
    return value.size() > kShownChars ? out + "..." : out;
}

}  // namespace

bool valid_node_name(std::string_view name) {
    return !name.empty() && name.size() <= kMaxNodeName && std::all_of(name.begin(), name.end(), [](unsigned char c) {
               return std::isalnum(c) || c == '.' || c == '_' || c == '-';
           });
}

std::optional<std::string> socket_query_problem(std::string_view target) {
    const auto question = target.find('?');
    if (question == std::string_view::npos) return std::nullopt;
    std::string_view query = target.substr(question + 1);
    query = query.substr(0, query.find('#'));
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        const auto eq = pair.find('=');
        const std::string_view name = pair.substr(0, eq);
        const std::string_view value = eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
        if (name == "room" && !room::normalize_room_code(value))
            return "room: '" + shown(value) + "' is not a room code (" + std::to_string(room::kRoomCodeLength) + " of " +
                   std::string(room::kRoomCodeAlphabet) + "); open /ws?room=CODE with the code of the room's link, or /ws";
        if (name == "node" && !valid_node_name(value))
            return "node: '" + shown(value) + "' is not a node name (1 to " + std::to_string(kMaxNodeName) +
                   " letters, digits, '.', '_' or '-'); use the node a room_elsewhere error named, or leave it out";
    }
    return std::nullopt;
}

}  // namespace catan::net
