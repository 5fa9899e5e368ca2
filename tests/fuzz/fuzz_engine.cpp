// libFuzzer target: command sequences through the rules engine with the property test's invariants
// (tests/engine/property_*.hpp) checked after every step. The bytes choose the game (players, target,
// seed), then at each step either one of the legal commands of a seat that may act, or, now and then,
// an arbitrary command built from the bytes. An accepted command must be listed (or be trade terms the
// oracle accepts) and keep every invariant; a refused one must change nothing and emit nothing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"
#include "fuzz_support.hpp"
#include "property_checks.hpp"
#include "property_commands.hpp"

using namespace catan;

namespace {

constexpr int kMaxSteps = 3000;        // a finished 4-player game takes about 1,000 commands
constexpr std::uint8_t kArbitrary = 224;  // op bytes from here on build an arbitrary command

void expect(const std::string& broken, const GameState& s, const Command& c) {
    if (broken.empty()) return;
    fuzz::fail(prop::msg("turn ", s.turn, ", phase ", to_string(s.phase), ", command ", prop::describe(c), ": ", broken));
}

// Arbitrary but mostly near the valid ranges, so that many pass the decoder-like checks and reach the rules.
Command arbitrary_command(fuzz::Bytes& in, int players) {
    Command c;
    const std::uint8_t type = in.u8(), seat = in.u8();
    c.type = static_cast<CommandType>(type < 240 ? type % kCommandTypeCount : type);
    c.player = seat < 240 ? static_cast<std::uint8_t>(seat % players) : seat;
    c.target = in.u8();
    c.resource = static_cast<std::uint8_t>(in.u8() % (kResourceCount + 1));
    const std::uint8_t victim = in.u8();
    c.victim = victim < 200 ? static_cast<std::uint8_t>(victim % (players + 1)) : kNoSeat;
    const std::uint8_t cards = in.u8();
    for (int k = 0; k < kResourceCount; ++k) {
        if (cards & (1u << k)) c.give.n[k] = static_cast<std::uint8_t>(in.u8() % 5);
        if (cards & (0x20u << (k % 3))) c.want.n[k] = static_cast<std::uint8_t>(in.u8() % 4);
    }
    if (cards == 0xff) c.give.n[in.u8() % kResourceCount] = in.u8();  // absurd counts
    return c;
}

// `c` with the fields its type does not read back at their defaults, as legal_actions lists it.
Command canonical(const Command& c) {
    const prop::CommandFields f = prop::fields_of(c.type);
    Command d;
    d.type = c.type;
    d.player = c.player;
    if (f.target) d.target = c.target;
    if (f.resource) d.resource = c.resource;
    if (f.victim) d.victim = c.victim;
    if (f.give) d.give = c.give;
    if (f.want) d.want = c.want;
    return d;
}

class Sequence {
public:
    explicit Sequence(fuzz::Bytes& in) : in_(in) {
        GameOptions o;
        o.players = kMinPlayers + in.u8() % (kMaxPlayers - kMinPlayers + 1);
        const std::uint8_t target = in.u8();
        o.victory_target = target < 192 ? kBaseRules.default_victory_target : 3 + target % 18;
        o.seed = in.u64();
        if (validate_options(o)) fuzz::fail("the fuzzer built invalid options");
        s_ = new_game(o);
        expect(prop::check_state(s_, played_), s_, Command{});
    }

    void run() {
        for (int step = 0; step < kMaxSteps && !in_.done() && s_.phase != Phase::GameOver; ++step) {
            const unsigned acting = players_to_act(s_);
            if (acting == 0) fuzz::fail("nobody can act in a running game");
            const std::uint8_t op = in_.u8();
            if (op >= kArbitrary) {
                try_arbitrary(arbitrary_command(in_, s_.num_players));
            } else {
                play_listed(acting, op);
            }
        }
        if (s_.phase == Phase::GameOver) {  // once over, nothing is accepted
            const Command c = arbitrary_command(in_, s_.num_players);
            GameState copy = s_;
            const auto err = apply(copy, c, nullptr);
            if (!err || err->code != ErrorCode::GameOver || !(copy == s_)) expect("accepted after the game ended", s_, c);
        }
    }

private:
    // One of the listed commands of a seat that may act (op picks the seat among them).
    void play_listed(unsigned acting, std::uint8_t op) {
        int seats[kMaxPlayers], count = 0;
        for (int p = 0; p < s_.num_players; ++p)
            if (acting >> p & 1u) seats[count++] = p;
        const int p = seats[op % count];
        legal_actions(s_, p, list_);
        if (list_.empty()) fuzz::fail(prop::msg("seat ", p, " must act but has no legal command"));
        const Command c = list_[in_.u16() % list_.size()];
        if (!prop::is_canonical(c)) expect("a listed command is not canonical", s_, c);
        GameState next = s_;
        events_.clear();
        if (const auto err = apply(next, c, &events_)) expect(prop::msg("listed but refused: ", err->message), s_, c);
        accept(next, c);
    }

    void try_arbitrary(const Command& c) {
        GameState next = s_;
        events_.clear();
        const auto err = apply(next, c, &events_);
        if (err) {
            if (!(next == s_)) expect(prop::msg("a refused command (", err->message, ") changed the state"), s_, c);
            if (!events_.empty()) expect("a refused command emitted events", s_, c);
            if (err->message.empty()) expect("a refusal without a message", s_, c);
            return;
        }
        const bool trade = c.type == CommandType::ProposeTrade || c.type == CommandType::CounterTrade;
        if (trade) {
            const bool legal = c.type == CommandType::ProposeTrade ? prop::oracle_propose_legal(s_, c)
                                                                    : prop::oracle_counter_legal(s_, c);
            if (!legal) expect("trade terms the oracle refuses were accepted", s_, c);
        } else {
            if (c.player >= s_.num_players) expect("a command for an empty seat was accepted", s_, c);
            legal_actions(s_, c.player, list_);
            keys_.clear();
            for (const Command& l : list_) keys_.emplace_back(l);
            // The engine ignores the fields a type does not read (the decoder never fills them).
            if (!prop::listed(keys_, canonical(c))) expect("a command that is not listed was accepted", s_, c);
        }
        accept(next, c);
    }

    void accept(const GameState& next, const Command& c) {
        if (events_.empty()) expect("an accepted command emitted no event", s_, c);
        played_.record(c);
        prop::CheckOptions opt;  // road lengths change only with new roads and settlements
        opt.roads = c.type == CommandType::BuildRoad || c.type == CommandType::BuildSettlement;
        expect(prop::check_transition(s_, c, next), s_, c);
        expect(prop::check_state(next, played_, opt), s_, c);
        s_ = next;
    }

    fuzz::Bytes& in_;
    GameState s_;
    prop::PlayedCards played_;
    std::vector<Command> list_;
    std::vector<prop::CommandKey> keys_;
    std::vector<Event> events_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Bytes in(data, size);
    Sequence game(in);
    game.run();
    return 0;
}
