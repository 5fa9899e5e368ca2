#include "catan_stats.hpp"

namespace catan::games {

using nlohmann::json;

namespace {

json all_resources(const ResourceSet& r) {
    json j = json::object();
    for (Resource k : kAllResources) j[to_string(k)] = r[k];
    return j;
}

}  // namespace

void GameStats::add(const Event& e) {
    const auto seat = [](std::uint8_t s) { return s < kMaxPlayers; };
    switch (e.type) {
        case EventType::DiceRolled:
            if (e.value >= 2 && e.value <= 12) ++dice_[e.value - 2];
            break;
        case EventType::Produced:
        case EventType::StartingResources:
            if (seat(e.player)) players_[e.player].gained += e.resources;
            break;
        case EventType::Stole:  // one card, whichever it was (its kind is secret)
            if (seat(e.player)) ++players_[e.player].stolen;
            if (seat(e.other)) ++players_[e.other].lost;
            break;
        case EventType::Discarded:
            if (seat(e.player)) players_[e.player].discarded += e.resources.total();
            break;
        case EventType::BankTraded:
            if (seat(e.player)) {
                players_[e.player].traded_given += e.resources.total();
                players_[e.player].traded_received += e.other_resources.total();
            }
            break;
        case EventType::TradeCompleted:
            if (seat(e.player)) {
                players_[e.player].traded_given += e.resources.total();
                players_[e.player].traded_received += e.other_resources.total();
            }
            if (seat(e.other)) {
                players_[e.other].traded_given += e.other_resources.total();
                players_[e.other].traded_received += e.resources.total();
            }
            break;
        case EventType::DevCardBought:  // the count is public, the kind is not used
            if (seat(e.player)) ++players_[e.player].dev_bought;
            break;
        case EventType::DevCardPlayed:
            if (seat(e.player) && e.a == static_cast<std::uint8_t>(DevCard::Knight)) ++players_[e.player].knights;
            break;
        default: break;
    }
}

json GameStats::to_json(const GameState& state, std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at) const {
    json players = json::array();
    for (int p = 0; p < state.num_players; ++p) {
        const Player& s = players_[p];
        players.push_back({{"seat", p},
                           {"gained", all_resources(s.gained)},
                           {"stolen", s.stolen},
                           {"lost", s.lost},
                           {"discarded", s.discarded},
                           {"traded_given", s.traded_given},
                           {"traded_received", s.traded_received},
                           {"dev_cards_bought", s.dev_bought},
                           {"knights", s.knights},
                           {"longest_road", state.players[p].road_length}});
    }
    return {{"turns", state.turn},
            {"started_at", started_at ? json(*started_at) : json(nullptr)},
            {"ended_at", ended_at ? json(*ended_at) : json(nullptr)},
            {"dice", dice_},
            {"players", std::move(players)}};
}

}  // namespace catan::games
