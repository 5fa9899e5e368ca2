#pragma once
// What the room layer calls to reach a player who is not looking (docs/operating.md,
// "Notifications"): a Web Push message to every browser the seat's holder subscribed, and an e-mail
// where the operator configured an SMTP relay and the holder gave an address. Header only and
// abstract: catan_room needs no link to catan_notify; the app makes the implementation
// (catan::notify::Service) and passes it in HubOptions::notifier (null: no notifications).
#include <string_view>

namespace catan::notify {

enum class Kind {
    your_turn,         // the seat has a decision to make
    time_running_out,  // the seat's turn timer is about to run out
    game_over,         // the game ended
};

inline std::string_view kind_name(Kind kind) {
    switch (kind) {
    case Kind::your_turn: return "your_turn";
    case Kind::time_running_out: return "time_running_out";
    case Kind::game_over: return "game_over";
    }
    return "your_turn";
}

class Notifier {
public:
    virtual ~Notifier() = default;
    // Tells the holder of `seat` in room `code`, on every target they registered. Thread-safe, never
    // blocks and never throws: the work is queued for a worker thread (a full queue drops it, logged),
    // so a room calls it from its strand. `text`: one line for the person (the title comes from `kind`
    // in the language they registered with; at most 300 bytes are used); `url`: the room's link,
    // opened when they click the notification. Nothing happens when the seat registered nothing.
    virtual void notify(std::string_view code, int seat, Kind kind, std::string_view text, std::string_view url) = 0;
};

}  // namespace catan::notify
