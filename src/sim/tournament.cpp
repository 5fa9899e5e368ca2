#include "catan/sim/tournament.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

#include "catan/bots/play.hpp"

namespace catan::sim {
namespace {

using Clock = std::chrono::steady_clock;

// Wraps a bot to time its decisions.
class TimedBot final : public bots::Bot {
public:
    explicit TimedBot(std::unique_ptr<bots::Bot> inner) : inner_(std::move(inner)) {}
    Command choose(const bots::Observation& obs, Rng& rng) override {
        const auto start = Clock::now();
        const Command c = inner_->choose(obs, rng);
        seconds += std::chrono::duration<double>(Clock::now() - start).count();
        ++decisions;
        return c;
    }
    bots::Level level() const override { return inner_->level(); }
    long decisions = 0;
    double seconds = 0;

private:
    std::unique_ptr<bots::Bot> inner_;
};

// One game: entry e of the line-up sits at seat (e + game) % n.
void play_one(const TournamentOptions& o, int game, TournamentResult& into, std::mutex& lock) {
    const int n = static_cast<int>(o.lineup.size());
    const GameOptions options = game_options(o, game);
    GameState state = new_game(options);
    std::array<std::unique_ptr<TimedBot>, kMaxPlayers> owned;
    std::array<bots::Bot*, kMaxPlayers> seats{};
    std::array<Rng, kMaxPlayers> rngs;
    std::array<int, kMaxPlayers> entry_at{};
    for (int e = 0; e < n; ++e) {
        const int seat = (e + game) % n;
        entry_at[seat] = e;
        owned[seat] = std::make_unique<TimedBot>(bots::make_bot(o.lineup[e], o.budget));
        seats[seat] = owned[seat].get();
        rngs[seat] = Rng(options.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(seat) + 1);
    }
    const bots::BotGameResult r = bots::play_bot_game(state, seats, rngs, o.turn_cap);
    const std::lock_guard guard(lock);
    ++into.games;
    into.turns += r.turns;
    into.game_turns.push_back(r.turns);
    into.commands += r.commands;
    into.rejected += r.rejected;
    into.stalled += r.stalled;
    if (r.winner < 0) ++into.capped; else ++into.entries[entry_at[r.winner]].wins;
    for (int seat = 0; seat < n; ++seat) {
        into.entries[entry_at[seat]].decisions += owned[seat]->decisions;
        into.entries[entry_at[seat]].decision_seconds += owned[seat]->seconds;
    }
}

}  // namespace

Interval wilson_interval(long successes, long trials) {
    if (trials <= 0) return {0, 1};
    constexpr double z = 1.959963984540054;
    const double n = static_cast<double>(trials), p = static_cast<double>(successes) / n;
    const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

GameOptions game_options(const TournamentOptions& o, int game) {
    GameOptions options = o.game;
    options.players = static_cast<int>(o.lineup.size());
    options.seed = o.seed + static_cast<std::uint64_t>(game);
    return options;
}

namespace {

// Splits a line-up into `out`; the reason it is not one (naming what is allowed), or empty.
std::string split_lineup(std::string_view text, std::vector<bots::Level>& out) {
    std::string levels;
    for (int i = 0; i < bots::kLevelCount; ++i)
        levels += std::string(i ? ", " : "") + bots::to_string(static_cast<bots::Level>(i));
    const std::string seats = std::to_string(kMinPlayers) + " to " + std::to_string(kMaxPlayers);
    while (true) {
        const auto comma = text.find(',');
        const std::string_view name = text.substr(0, comma);
        const auto level = bots::parse_level(name);
        if (!level)
            return "unknown bot level '" + std::string(name) + "': give " + seats + " comma-separated levels among " +
                   levels + " (e.g. basic,random,random,random)";
        out.push_back(*level);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (out.size() < kMinPlayers || out.size() > kMaxPlayers)
        return std::to_string(out.size()) + " levels given: a line-up has " + seats + " seats, one level each among " + levels;
    return "";
}

}  // namespace

std::vector<bots::Level> parse_lineup(std::string_view text) {
    std::vector<bots::Level> out;
    if (!split_lineup(text, out).empty()) return {};
    return out;
}

std::string lineup_error(std::string_view text) {
    std::vector<bots::Level> out;
    return split_lineup(text, out);
}

TournamentResult run_tournament(const TournamentOptions& o) {
    TournamentResult result;
    for (bots::Level l : o.lineup) result.entries.push_back({l, 0, 0, 0});
    std::mutex lock;
    std::atomic<int> next{0};
    const auto start = Clock::now();
    auto worker = [&] {
        for (int g = next++; g < o.games; g = next++) play_one(o, g, result, lock);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < o.threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

std::string format_tournament(const TournamentOptions& o, const TournamentResult& r) {
    std::string out;
    char line[256];
    auto add = [&](auto... args) {
        std::snprintf(line, sizeof line, args...);
        out += line;
    };
    std::string names;
    for (const auto& e : r.entries) names += std::string(names.empty() ? "" : ",") + bots::to_string(e.level);
    add("players: %s  games: %ld  seed: %llu  turn cap: %d  vp: %d  threads: %d\n", names.c_str(), r.games,
        static_cast<unsigned long long>(o.seed), o.turn_cap, o.game.victory_target, o.threads);
    const Ruleset& box = ruleset(board_for_players(static_cast<int>(o.lineup.size())));
    if (box.board == BoardKind::Large) add("turn structure: %s\n", to_string(o.game.turn_structure));  // R-X6 / R-X7
    if (o.game.discard_limit != box.default_discard_limit || o.game.friendly_robber || o.game.balanced_board ||
        o.game.first_by_dice)
        add("house rules: discard limit %d  friendly robber: %s  balanced board: %s  first by dice: %s\n",
            o.game.discard_limit, o.game.friendly_robber ? "yes" : "no", o.game.balanced_board ? "yes" : "no",
            o.game.first_by_dice ? "yes" : "no");
    if (o.game.layout == Layout::Beginner) add("layout: beginner (the rule book's first-game set-up)\n");
    if (std::find(o.lineup.begin(), o.lineup.end(), bots::Level::Strong) != o.lineup.end())
        add("strong budget: %d playouts, %lld ms per decision (0 = no cap)\n", o.budget.playouts,
            static_cast<long long>(o.budget.time.count()));
    add("time: %.1f s  average turns: %.1f  average commands: %.1f  hit turn cap: %ld\n", r.seconds,
        r.games ? double(r.turns) / r.games : 0.0, r.games ? double(r.commands) / r.games : 0.0, r.capped);
    if (!r.game_turns.empty()) {
        std::vector<int> sorted = r.game_turns;
        std::sort(sorted.begin(), sorted.end());
        add("game length in turns: min %d  median %d  90th percentile %d  max %d\n", sorted.front(),
            sorted[sorted.size() / 2], sorted[sorted.size() * 9 / 10], sorted.back());
    }
    if (r.rejected || r.stalled) add("BOT ERRORS: rejected commands: %ld  stalled games: %ld\n", r.rejected, r.stalled);
    for (std::size_t e = 0; e < r.entries.size(); ++e) {
        const EntryResult& x = r.entries[e];
        const Interval ci = wilson_interval(x.wins, r.games);
        add("player %zu %-7s wins %5ld  %6.2f%%  95%% CI [%.2f%%, %.2f%%]  %.3f ms/decision\n", e + 1,
            bots::to_string(x.level), x.wins, r.games ? 100.0 * x.wins / r.games : 0.0, 100 * ci.low, 100 * ci.high,
            x.decisions ? 1000.0 * x.decision_seconds / x.decisions : 0.0);
    }
    return out;
}

}  // namespace catan::sim
