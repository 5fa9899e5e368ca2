// Playing development cards: R-D1..R-D5 (Victory Point cards are never played, R-D6).
#include "handlers.hpp"

namespace catan::handlers {
namespace {

Result require_playable(const GameState& s, const Command& c, DevCard card) {
    if (auto e = require_turn(s, c, {Phase::PreRoll, Phase::Main})) return e;
    if (auto e = require_step(s, c, rules::StepAct::PlayDevCard)) return e;
    if (rules::dev_playable(s, c.player, card)) return std::nullopt;
    // Not playable: say why.
    const PlayerState& pl = s.players[c.player];
    const auto k = static_cast<int>(card);
    if (s.dev_played) return fail(ErrorCode::DevCardUnavailable, "R-D1", "only one development card may be played per turn");
    if (pl.dev[k] == 0) return fail(ErrorCode::DevCardUnavailable, "R-D1", "you do not hold that development card");
    return fail(ErrorCode::DevCardUnavailable, "R-D1", "a development card cannot be played on the turn it was bought");
}

void mark_played(GameState& s, int p, DevCard card, Events ev) {
    --s.players[p].dev[static_cast<int>(card)];
    s.dev_played = true;
    emit(ev, Event{.type = EventType::DevCardPlayed, .player = static_cast<std::uint8_t>(p), .a = static_cast<std::uint8_t>(card)});
}

}  // namespace

template <class G>
Result play_knight(GameState& s, const Command& c, Events ev) {
    if (auto e = require_playable(s, c, DevCard::Knight)) return e;
    mark_played(s, c.player, DevCard::Knight, ev);
    ++s.players[c.player].knights_played;
    rules::update_largest_army<G>(s, c.player, ev);
    s.phase = Phase::MoveRobber;  // R-D2: robber and steal as for a 7, without discards
    rules::check_victory<G>(s, ev);
    return std::nullopt;
}

template <class G>
Result play_road_building(GameState& s, const Command& c, Events ev) {
    if (auto e = require_playable(s, c, DevCard::RoadBuilding)) return e;
    if (!rules::can_place_any_road<G>(s, c.player))
        return fail(ErrorCode::IllegalSpot, "R-D3", "you have no road that could be placed");
    mark_played(s, c.player, DevCard::RoadBuilding, ev);
    s.free_roads = static_cast<std::uint8_t>(rules::pieces_for_road_building<G>(s, c.player));
    s.phase = Phase::RoadBuilding;
    return std::nullopt;
}

template <class G>
Result play_invention(GameState& s, const Command& c, Events ev) {
    if (auto e = require_playable(s, c, DevCard::Invention)) return e;
    const int size = rules::invention_size(s);
    if (size == 0) return fail(ErrorCode::BankEmpty, "R-D4", "the bank has no resource cards left");
    if (c.give.total() != size) return fail(ErrorCode::BadArgument, "R-D4", "choose exactly 2 resources to take");
    if (!s.bank.contains(c.give)) return fail(ErrorCode::BankEmpty, "R-D4", "the bank does not have those resources");
    mark_played(s, c.player, DevCard::Invention, ev);
    s.bank -= c.give;
    s.players[c.player].hand += c.give;
    emit(ev, Event{.type = EventType::InventionTaken, .player = c.player, .resources = c.give});
    return std::nullopt;
}

template <class G>
Result play_monopoly(GameState& s, const Command& c, Events ev) {
    if (auto e = require_playable(s, c, DevCard::Monopoly)) return e;
    if (c.target >= kResourceCount) return fail(ErrorCode::BadArgument, "R-D5", "no such resource");
    mark_played(s, c.player, DevCard::Monopoly, ev);
    const auto r = static_cast<Resource>(c.target);
    for (int q = 0; q < s.num_players; ++q) {
        if (q == c.player) continue;
        const std::uint8_t n = s.players[q].hand[r];
        s.players[q].hand[r] = 0;
        s.players[c.player].hand[r] = static_cast<std::uint8_t>(s.players[c.player].hand[r] + n);
        emit(ev, Event{.type = EventType::MonopolyTaken, .player = c.player, .other = static_cast<std::uint8_t>(q),
                       .a = c.target, .value = n});
    }
    return std::nullopt;
}

#define CATAN_HANDLERS_FOR(G) template Result play_knight<G>(GameState&, const Command&, Events); template Result play_road_building<G>(GameState&, const Command&, Events); template Result play_invention<G>(GameState&, const Command&, Events); template Result play_monopoly<G>(GameState&, const Command&, Events);
CATAN_FOR_EACH_VARIANT(CATAN_HANDLERS_FOR)

}  // namespace catan::handlers
