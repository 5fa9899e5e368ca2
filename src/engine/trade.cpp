// Bank and harbor trades (R-TR3) and domestic offers between the active player and one other (R-TR1, R-TR2).
#include "handlers.hpp"

namespace catan::handlers {
namespace {

Result check_terms(const ResourceSet& give, const ResourceSet& want, const ResourceSet& hand) {
    if (give.empty() || want.empty())
        return fail(ErrorCode::InvalidTrade, "R-TR1", "both sides must give at least one card (no gifts)");
    if (give.overlaps(want))
        return fail(ErrorCode::InvalidTrade, "R-TR1", "the same resource cannot be on both sides of a trade");
    if (!hand.contains(give)) return fail(ErrorCode::CannotAfford, "R-TR1", "you can only offer cards you hold now");
    return std::nullopt;
}

Result require_responder(const GameState& s, const Command& c) {
    if (s.phase != Phase::TradeOffer) return fail(ErrorCode::WrongPhase, "R-TR2", "there is no open trade offer");
    if (!rules::is_responder(s, c.player))
        return fail(ErrorCode::InvalidTrade, "R-TR1", "you cannot answer your own offer");
    if (s.offer.to != kNoSeat && s.offer.to != c.player)
        return fail(ErrorCode::InvalidTrade, "R-TR1", "this offer is addressed to another player");
    return std::nullopt;
}

void close_offer(GameState& s) {
    s.offer = TradeOffer{};
    s.phase = Phase::Main;
}

void exchange(GameState& s, int a, int b, const ResourceSet& a_gives, const ResourceSet& b_gives) {
    s.players[a].hand -= a_gives;
    s.players[a].hand += b_gives;
    s.players[b].hand -= b_gives;
    s.players[b].hand += a_gives;
}

}  // namespace

template <class G>
Result bank_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::Main})) return e;
    if (auto e = require_step(s, c, rules::StepAct::BankTrade)) return e;
    if (c.target >= kResourceCount || c.resource >= kResourceCount)
        return fail(ErrorCode::BadArgument, "R-TR3", "no such resource");
    if (c.target == c.resource) return fail(ErrorCode::InvalidTrade, "R-TR3", "trade for a different resource");
    const auto give = static_cast<Resource>(c.target), get = static_cast<Resource>(c.resource);
    const int ratio = rules::trade_ratio(s, c.player, give);
    PlayerState& pl = s.players[c.player];
    if (pl.hand[give] < ratio) return fail(ErrorCode::CannotAfford, "R-TR3", "not enough identical cards for this trade ratio");
    if (s.bank[get] == 0) return fail(ErrorCode::BankEmpty, "R-TR3", "the bank has none of that resource");
    const ResourceSet given = ResourceSet::of(give, ratio), received = ResourceSet::of(get);
    pl.hand -= given;
    pl.hand += received;
    s.bank += given;
    s.bank -= received;
    emit(ev, Event{.type = EventType::BankTraded, .player = c.player, .resources = given, .other_resources = received});
    return std::nullopt;
}

template <class G>
Result propose_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::Main})) return e;
    if (auto e = require_step(s, c, rules::StepAct::DomesticTrade)) return e;
    if (c.victim != kNoSeat && (c.victim >= s.num_players || !rules::is_responder(s, c.victim)))
        return fail(ErrorCode::BadArgument, "R-TR1", "address the offer to another player, or to everyone");
    if (auto e = check_terms(c.give, c.want, s.players[c.player].hand)) return e;
    s.offer = TradeOffer{};
    s.offer.give = c.give;
    s.offer.want = c.want;
    s.offer.to = c.victim;
    for (int p = 0; p < kMaxPlayers; ++p) {  // unused seats stay Declined
        const bool addressed = rules::is_responder(s, p) && (c.victim == kNoSeat || c.victim == p);
        s.offer.response[p] = addressed ? TradeResponse::Pending : TradeResponse::Declined;
    }
    s.phase = Phase::TradeOffer;
    rules::count_up(s.offers_made);
    emit(ev, Event{.type = EventType::TradeProposed, .player = c.player, .other = c.victim, .resources = c.give,
                   .other_resources = c.want});
    return std::nullopt;
}

template <class G>
Result accept_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_responder(s, c)) return e;
    if (!rules::may_accept(s, c.player)) {  // say which half of the predicate failed
        if (s.offer.response[c.player] == TradeResponse::Accepted)
            return fail(ErrorCode::InvalidTrade, "R-TR2", "you have already accepted this offer");
        return fail(ErrorCode::CannotAfford, "R-TR1", "you do not hold the cards asked for");
    }
    s.offer.response[c.player] = TradeResponse::Accepted;
    rules::count_up(s.answers_made[c.player]);
    emit(ev, Event{.type = EventType::TradeAccepted, .player = s.current, .other = c.player});
    return std::nullopt;
}

template <class G>
Result decline_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_responder(s, c)) return e;
    if (s.offer.response[c.player] == TradeResponse::Declined)
        return fail(ErrorCode::InvalidTrade, "R-TR2", "you have already declined this offer");
    s.offer.response[c.player] = TradeResponse::Declined;
    emit(ev, Event{.type = EventType::TradeDeclined, .player = s.current, .other = c.player});
    for (int p = 0; p < s.num_players; ++p)
        if (s.offer.response[p] != TradeResponse::Declined) return std::nullopt;
    close_offer(s);  // everyone said no
    emit(ev, Event{.type = EventType::TradeCancelled, .player = s.current});
    return std::nullopt;
}

template <class G>
Result counter_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_responder(s, c)) return e;
    if (auto e = check_terms(c.give, c.want, s.players[c.player].hand)) return e;
    s.offer.response[c.player] = TradeResponse::Countered;
    rules::count_up(s.answers_made[c.player]);
    s.offer.counter_give[c.player] = c.want;  // stored from the active player's side
    s.offer.counter_want[c.player] = c.give;
    emit(ev, Event{.type = EventType::TradeCountered, .player = s.current, .other = c.player, .resources = c.give,
                   .other_resources = c.want});
    return std::nullopt;
}

template <class G>
Result confirm_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::TradeOffer})) return e;
    if (c.victim >= s.num_players || !rules::is_responder(s, c.victim))
        return fail(ErrorCode::BadArgument, "R-TR1", "choose another player to trade with");
    ResourceSet give, get;
    if (!rules::answer_terms(s, c.victim, give, get))
        return fail(ErrorCode::InvalidTrade, "R-TR2", "that player has not accepted or countered the offer");
    if (!rules::both_hold(s, c.victim, give, get))
        return fail(ErrorCode::CannotAfford, "R-TR1", "one side no longer holds the cards");
    exchange(s, c.player, c.victim, give, get);
    close_offer(s);
    emit(ev, Event{.type = EventType::TradeCompleted, .player = c.player, .other = c.victim, .resources = give,
                   .other_resources = get});
    return std::nullopt;
}

template <class G>
Result cancel_trade(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::TradeOffer})) return e;
    close_offer(s);
    emit(ev, Event{.type = EventType::TradeCancelled, .player = c.player});
    return std::nullopt;
}

#define CATAN_HANDLERS_FOR(G) template Result bank_trade<G>(GameState&, const Command&, Events); template Result propose_trade<G>(GameState&, const Command&, Events); template Result accept_trade<G>(GameState&, const Command&, Events); template Result decline_trade<G>(GameState&, const Command&, Events); template Result counter_trade<G>(GameState&, const Command&, Events); template Result confirm_trade<G>(GameState&, const Command&, Events); template Result cancel_trade<G>(GameState&, const Command&, Events);
CATAN_FOR_EACH_VARIANT(CATAN_HANDLERS_FOR)

}  // namespace catan::handlers
