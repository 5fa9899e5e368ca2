// Rolling, production, the 7 (discards, robber, steal) and ending the turn: R-T1..R-T6, R-7a..R-7d.
#include <bit>

#include "handlers.hpp"

namespace catan::handlers {
namespace {

// A byte per seat (hex_yield): what seat p is owed is byte p.
constexpr int owed_byte(std::uint64_t owed, int p) { return static_cast<int>(owed >> (8 * p) & 0xff); }
// The bytes added up: at most 3 hexes of a number (R-X2) and 3 buildings a hex, so no byte carries.
constexpr int owed_total(std::uint64_t owed) { return static_cast<int>((owed * 0x0101010101010101ULL) >> 56); }

// What each hex with the number paid each player, given what the players are paid in all (`paid`,
// after R-T3): a hex pays what its buildings earn, and a single claimant short of the full amount
// is paid by the hexes in order until their share runs out, so a player's hexes add up to `paid`.
template <class G>
void emit_hex_payments(const GameState& s, int roll, const std::array<ResourceSet, kMaxPlayers>& paid,
                       std::vector<Event>& ev) {
    std::array<ResourceSet, kMaxPlayers> left = paid;
    for (std::uint8_t h : s.number_hexes[roll]) {
        if (h == kNone || h == s.robber) continue;
        if constexpr (G::sea)
            if (!produces_resource(s.board.terrain[h])) continue;  // gold is paid as chosen (GoldChosen)
        const auto r = static_cast<Resource>(s.board.terrain[h]);
        for (int p = 0; p < s.num_players; ++p) {
            const int n = std::min<int>(owed_byte(s.hex_yield[h], p), left[p][r]);
            if (n == 0) continue;
            left[p][r] = static_cast<std::uint8_t>(left[p][r] - n);
            ev.push_back(Event{.type = EventType::HexProduced, .player = static_cast<std::uint8_t>(p), .a = h,
                               .resources = ResourceSet::of(r, n)});
        }
    }
}

// R-T2 and R-T3: every hex with the number and without the robber pays; a resource the bank cannot
// pay in full goes to nobody, unless a single player is owed it, who takes what is left.
// What each hex pays every seat is kept in hex_yield, so a roll adds a word a hex and settles each
// resource once, without walking the buildings (the roll decides which hexes pay: a loop over their
// buildings mispredicts at every roll).
template <class G>
void produce(GameState& s, int roll, Events ev) {
    // Every slot of the number is added without a branch: an unused slot or the robber's hex adds
    // nothing (to the desert's slot, which is never read), so only hexes that pay set a kind.
    std::array<std::uint64_t, kTerrainKinds> owed{};
    static_assert(static_cast<int>(Terrain::Desert) == kResourceCount, "owed has a slot for the desert");
    unsigned kinds = 0;  // resources some hex pays: at most four, so the checks below stay short
    for (std::uint8_t h : s.number_hexes[roll]) {
        const bool pays = h != kNone && h != s.robber;
        const int hex = pays ? h : 0;
        const std::uint64_t yield = pays ? s.hex_yield[hex] : 0;
        const int r = pays ? static_cast<int>(s.board.terrain[hex]) : kResourceCount;
        kinds |= unsigned{yield != 0} << r;
        owed[r] += yield;
    }
    kinds &= (1u << kResourceCount) - 1;
    // R-T3 is a rule per resource, so each resource paid is settled and paid on its own.
    for (unsigned m = kinds; m; m &= m - 1) {
        const int r = std::countr_zero(m);
        int total = owed_total(owed[r]);
        if (total > s.bank.n[r]) {
            const unsigned claimants = rules::seats_at(owed[r]);
            if (std::has_single_bit(claimants)) {
                owed[r] = std::uint64_t{s.bank.n[r]} << (8 * std::countr_zero(claimants));
                total = s.bank.n[r];
            } else {
                owed[r] = 0;
                total = 0;
                emit(ev, Event{.type = EventType::ProductionBlocked, .a = static_cast<std::uint8_t>(r)});
            }
        }
        for (int p = 0, n = s.num_players; p < n; ++p)  // n read once: a hand's byte store may alias it
            s.players[p].hand.n[r] = static_cast<std::uint8_t>(s.players[p].hand.n[r] + owed_byte(owed[r], p));
        s.bank.n[r] = static_cast<std::uint8_t>(s.bank.n[r] - total);
    }
    if constexpr (G::sea) {
        // R-SF7: gold fields pay 1 a settlement and 2 a city, of each owner's choice, chosen next.
        const std::uint64_t gold = owed[static_cast<int>(Terrain::Gold)];
        if (gold) {
            for (int p = 0; p < s.num_players; ++p) {
                s.players[p].gold_owed = static_cast<std::uint8_t>(owed_byte(gold, p));
                if (s.players[p].gold_owed)
                    emit(ev, Event{.type = EventType::GoldOwed, .player = static_cast<std::uint8_t>(p), .value = s.players[p].gold_owed});
            }
            s.after_gold = Phase::Main;
            s.phase = Phase::ChooseGold;
        }
    }
    if (!ev) return;
    std::array<ResourceSet, kMaxPlayers> paid{};
    for (int p = 0; p < s.num_players; ++p)
        for (int r = 0; r < kResourceCount; ++r) paid[p].n[r] = static_cast<std::uint8_t>(owed_byte(owed[r], p));
    for (int p = 0; p < s.num_players; ++p)
        if (!paid[p].empty())
            ev->push_back(Event{.type = EventType::Produced, .player = static_cast<std::uint8_t>(p), .resources = paid[p]});
    // After the produced events, so that a roll's dice_rolled and produced events stay together for
    // clients written before hex_produced existed.
    emit_hex_payments<G>(s, roll, paid, *ev);
}

// R-7a, R-O2: everyone holding more than the discard limit (7 unless chosen) owes half, rounded down.
void start_seven(GameState& s) {
    bool anyone = false;
    for (int p = 0; p < s.num_players; ++p) {
        const int cards = s.players[p].hand.total();
        s.players[p].discard_owed = static_cast<std::uint8_t>(cards > s.options.discard_limit ? cards / 2 : 0);
        anyone |= s.players[p].discard_owed > 0;
    }
    s.phase = anyone ? Phase::Discard : Phase::MoveRobber;
}

}  // namespace

void steal_random_card(GameState& s, int thief, int victim, Events ev) {
    PlayerState& from = s.players[victim];
    const int cards = from.hand.total();
    if (cards == 0) {
        emit(ev, Event{.type = EventType::StealFailed, .player = static_cast<std::uint8_t>(thief), .other = static_cast<std::uint8_t>(victim)});
        return;
    }
    int pick = static_cast<int>(s.rng.below(static_cast<std::uint32_t>(cards)));
    Resource stolen = Resource::Brick;
    for (Resource r : kAllResources) {
        if (pick < from.hand[r]) { stolen = r; break; }
        pick -= from.hand[r];
    }
    from.hand[stolen]--;
    s.players[thief].hand[stolen]++;
    emit(ev, Event{.type = EventType::Stole, .player = static_cast<std::uint8_t>(thief), .other = static_cast<std::uint8_t>(victim),
                   .resources = ResourceSet::of(stolen)});
}

template <class G>
Result roll_dice(GameState& s, const Command& c, Events ev) {
    if (auto e = require_step(s, c, rules::StepAct::Roll)) return e;
    if (auto e = require_turn(s, c, {Phase::PreRoll})) return e;
    s.dice[0] = static_cast<std::uint8_t>(s.rng.die());
    s.dice[1] = static_cast<std::uint8_t>(s.rng.die());
    const int roll = s.dice[0] + s.dice[1];
    s.rolled = true;
    emit(ev, Event{.type = EventType::DiceRolled, .player = c.player, .a = s.dice[0], .b = s.dice[1],
                   .value = static_cast<std::uint8_t>(roll)});
    if (roll == 7) {
        start_seven(s);
    } else {
        s.phase = Phase::Main;
        produce<G>(s, roll, ev);  // R-SF7: may go to ChooseGold
    }
    return std::nullopt;
}

template <class G>
Result discard(GameState& s, const Command& c, Events ev) {
    if (s.phase != Phase::Discard) return fail(ErrorCode::WrongPhase, "R-7a", "there is nothing to discard now");
    PlayerState& pl = s.players[c.player];
    if (pl.discard_owed == 0)
        return fail(ErrorCode::InvalidDiscard, "R-7a", "you do not have to discard (no more cards than the discard limit, 7 unless chosen)");
    if (c.give.total() != pl.discard_owed)
        return fail(ErrorCode::InvalidDiscard, "R-7a", "discard exactly half of your cards, rounded down");
    if (!pl.hand.contains(c.give)) return fail(ErrorCode::InvalidDiscard, "R-7a", "you can only discard cards you hold");
    pl.hand -= c.give;
    s.bank += c.give;
    pl.discard_owed = 0;
    emit(ev, Event{.type = EventType::Discarded, .player = c.player, .resources = c.give});
    bool waiting = false;
    for (int p = 0; p < s.num_players; ++p) waiting |= s.players[p].discard_owed > 0;
    if (!waiting) s.phase = Phase::MoveRobber;  // R-7b follows the discards
    return std::nullopt;
}

template <class G>
Result move_robber(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::MoveRobber})) return e;
    if (c.target >= G::hexes) return fail(ErrorCode::BadArgument, "R-7b", "no such hex");
    if (c.target == s.robber) return fail(ErrorCode::InvalidRobber, "R-7b", "the robber must move to a different hex");
    if constexpr (G::sea) {
        if (s.board.sea.test(c.target))
            return fail(ErrorCode::InvalidRobber, "R-SF6", "the robber stays on land: move the pirate to put it on the sea");
        if (s.board.fog.test(c.target))
            return fail(ErrorCode::InvalidRobber, "R-SF10", "that hex is still face down: the robber goes on a face-up land hex");
    }
    if (!rules::robber_hex_allowed<G>(s, c.target, c.player))
        return fail(ErrorCode::InvalidRobber, "R-O3",
                    "friendly robber: that hex touches a building of a player with 2 or fewer visible victory points");
    const unsigned victims = rules::robber_victims<G>(s, c.target, c.player);
    if (victims == 0 && c.victim != kNoSeat)
        return fail(ErrorCode::InvalidRobber, "R-7c", "no opponent has a building on that hex: choose no victim");
    if (victims != 0 && (c.victim >= s.num_players || !(victims >> c.victim & 1u)))
        return fail(ErrorCode::InvalidRobber, "R-7c", "choose a victim among the opponents with a building on that hex");

    s.robber = c.target;
    emit(ev, Event{.type = EventType::RobberMoved, .player = c.player, .a = c.target});
    if (c.victim != kNoSeat) steal_random_card(s, c.player, c.victim, ev);
    rules::after_robber(s);
    return std::nullopt;
}

template <class G>
Result end_turn(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::Main})) return e;
    if (s.step == Step::Turn) emit(ev, Event{.type = EventType::TurnEnded, .player = c.player});
    rules::pass_on<G>(s, ev);  // R-T6; R-X6, R-X7: a build step may come first (turn_structure.cpp)
    return std::nullopt;
}

#define CATAN_HANDLERS_FOR(G) template Result roll_dice<G>(GameState&, const Command&, Events); template Result discard<G>(GameState&, const Command&, Events); template Result move_robber<G>(GameState&, const Command&, Events); template Result end_turn<G>(GameState&, const Command&, Events);
CATAN_FOR_EACH_VARIANT(CATAN_HANDLERS_FOR)

}  // namespace catan::handlers
