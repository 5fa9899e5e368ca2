#include "catan/proto/game_stats.hpp"

#include <string>

#include "part_writer.hpp"

namespace catan::proto {

using namespace detail;

using nlohmann::json;

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

void GameStats::update_parts(const GameState& state, std::optional<std::int64_t> started_at,
                             std::optional<std::int64_t> ended_at, ViewParts& parts, const PatchSink* sink) const {
    PartWriter w(parts, sink);
    const auto time = [](std::optional<std::int64_t> ms) {
        return [ms](std::string& o) {
            if (ms)
                put_int(o, *ms);
            else
                o += "null";
        };
    };
    w.part("/stats/turns", [&](std::string& o) { put_int(o, state.turn); });
    w.part("/stats/started_at", time(started_at));
    w.part("/stats/ended_at", time(ended_at));
    w.part("/stats/dice", [&](std::string& o) { put_int_list(o, [&](auto emit) { for (int n : dice_) emit(n); }); });
    std::string path;
    for (int p = 0; p < state.num_players; ++p) {
        path = "/stats/players/";
        put_int(path, p);
        w.part(path, [&](std::string& o) {
            const Player& s = players_[p];
            const auto field = [&o](const char* name, int value) {
                o += ",\"";
                o += name;
                o += "\":";
                put_int(o, value);
            };
            o += R"({"seat":)";
            put_int(o, p);
            o += R"(,"gained":)";
            put_all_resources(o, s.gained);
            field("stolen", s.stolen);
            field("lost", s.lost);
            field("discarded", s.discarded);
            field("traded_given", s.traded_given);
            field("traded_received", s.traded_received);
            field("dev_cards_bought", s.dev_bought);
            field("knights", s.knights);
            field("longest_road", state.players[p].road_length);
            o += '}';
        });
    }
    w.finish();
}

json GameStats::to_json(const GameState& state, std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at) const {
    ViewParts parts;
    update_parts(state, started_at, ended_at, parts, nullptr);
    json stats = {{"players", json::array()}};
    for (const ViewPart& part : parts) {
        std::string_view key(part.path);
        key.remove_prefix(std::string_view("/stats/").size());
        if (key.starts_with("players/"))
            stats["players"].push_back(json::parse(part.text));
        else
            stats[std::string(key)] = json::parse(part.text);
    }
    return stats;
}

}  // namespace catan::proto
