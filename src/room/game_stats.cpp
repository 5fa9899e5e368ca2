#include "game_stats.hpp"

#include <charconv>
#include <string>
#include <string_view>

namespace catan::room {

using nlohmann::json;

namespace {

void put_int(std::string& out, std::int64_t value) {
    char buf[24];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, value).ptr);
}

void put_time(std::string& out, std::optional<std::int64_t> ms) {
    if (ms)
        put_int(out, *ms);
    else
        out += "null";
}

// Every kind, zeros included, as the view's resource sets.
void put_resources(std::string& out, const ResourceSet& r) {
    char sep = '{';
    for (Resource k : kAllResources) {
        out += sep;
        sep = ',';
        out += '"';
        out += to_string(k);
        out += "\":";
        put_int(out, r[k]);
    }
    out += '}';
}

// Writes the parts in their fixed order; with a sink, a part whose text changed becomes one replace
// op (the list of parts is fixed for a game: its paths never change, so nothing is added or removed).
class StatsWriter {
public:
    StatsWriter(proto::ViewParts& parts, const proto::PatchSink* sink) : parts_(parts), sink_(sink) {}
    std::string& begin(std::string_view path) {
        path_ = path;
        scratch_.clear();
        return scratch_;
    }
    void end() {
        if (next_ == parts_.size()) parts_.push_back({path_, {}});
        proto::ViewPart& p = parts_[next_++];
        if (p.path != path_) {  // another game's parts: start them over, nothing to diff
            p.path = path_;
            p.text.clear();
        }
        if (sink_ && !p.text.empty() && p.text != scratch_) {
            std::string& ops = sink_->ops;
            if (!ops.empty()) ops += ',';
            ops += R"({"op":"replace","path":")";
            ops += sink_->prefix;
            ops += p.path;
            ops += R"(","value":)";
            ops += scratch_;
            ops += '}';
        }
        p.text.swap(scratch_);
    }
    void finish() { parts_.resize(next_); }

private:
    proto::ViewParts& parts_;
    const proto::PatchSink* sink_;
    std::size_t next_ = 0;
    std::string path_, scratch_;
};

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

void GameStats::update_parts(const GameState& state, std::optional<std::int64_t> started_at,
                             std::optional<std::int64_t> ended_at, proto::ViewParts& parts, const proto::PatchSink* sink) const {
    StatsWriter w(parts, sink);
    put_int(w.begin("/stats/turns"), state.turn);
    w.end();
    put_time(w.begin("/stats/started_at"), started_at);
    w.end();
    put_time(w.begin("/stats/ended_at"), ended_at);
    w.end();
    std::string& dice = w.begin("/stats/dice");
    char sep = '[';
    for (int n : dice_) {
        dice += sep;
        sep = ',';
        put_int(dice, n);
    }
    dice += ']';
    w.end();
    std::string path;
    for (int p = 0; p < state.num_players; ++p) {
        const Player& s = players_[p];
        path = "/stats/players/";
        put_int(path, p);
        std::string& o = w.begin(path);
        const auto field = [&o](const char* name, int value) {
            o += ",\"";
            o += name;
            o += "\":";
            put_int(o, value);
        };
        o += R"({"seat":)";
        put_int(o, p);
        o += R"(,"gained":)";
        put_resources(o, s.gained);
        field("stolen", s.stolen);
        field("lost", s.lost);
        field("discarded", s.discarded);
        field("traded_given", s.traded_given);
        field("traded_received", s.traded_received);
        field("dev_cards_bought", s.dev_bought);
        field("knights", s.knights);
        field("longest_road", state.players[p].road_length);
        o += '}';
        w.end();
    }
    w.finish();
}

json GameStats::to_json(const GameState& state, std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at) const {
    proto::ViewParts parts;
    update_parts(state, started_at, ended_at, parts, nullptr);
    json stats = {{"players", json::array()}};
    for (const proto::ViewPart& part : parts) {
        std::string_view key(part.path);
        key.remove_prefix(std::string_view("/stats/").size());
        if (key.starts_with("players/"))
            stats["players"].push_back(json::parse(part.text));
        else
            stats[std::string(key)] = json::parse(part.text);
    }
    return stats;
}

}  // namespace catan::room
