// Level names, the factory, and the order in which a loop of bots is asked.
#include <bit>

#include "basic_bot.hpp"
#include "catan/bots/bot.hpp"
#include "random_bot.hpp"
#include "strong_bot.hpp"

namespace catan::bots {

const char* to_string(Level level) {
    switch (level) {
        case Level::Random: return "random";
        case Level::Basic: return "basic";
        case Level::Strong: return "strong";
    }
    return "?";
}

std::optional<Level> parse_level(std::string_view name) {
    for (int i = 0; i < kLevelCount; ++i)
        if (name == to_string(static_cast<Level>(i))) return static_cast<Level>(i);
    return std::nullopt;
}

std::unique_ptr<Bot> make_bot(Level level, Budget budget) {
    switch (level) {
        case Level::Random: return std::make_unique<RandomBot>();
        case Level::Basic: return std::make_unique<BasicBot>();
        case Level::Strong: return std::make_unique<StrongBot>(budget);
    }
    return nullptr;
}

int seat_to_ask(const GameState& s) {
    const unsigned who = players_to_act(s);
    if (who == 0) return -1;
    if (s.phase == Phase::TradeOffer) {
        const unsigned responders = who & ~(1u << s.current);
        return responders ? std::countr_zero(responders) : s.current;
    }
    if (who >> s.current & 1u) return s.current;
    return std::countr_zero(who);
}

}  // namespace catan::bots
