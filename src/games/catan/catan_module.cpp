// The Catan module: every member forwards to the engine, proto or bots; no rule is decided here.
#include "catan/games/catan.hpp"

#include "catan/bots/bot.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/proto/error_json.hpp"
#include "catan/proto/state_json.hpp"
#include "catan/proto/topology_json.hpp"
#include "catan_options.hpp"
#include "catan_session.hpp"

namespace catan::games {

using game::Json;

namespace {

class CatanModule final : public game::Module {
public:
    std::string id() const override { return "catan"; }
    int min_players() const override { return kMinPlayers; }
    int max_players() const override { return kMaxPlayers; }
    Json option_schema(int players) const override { return games::option_schema(players); }
    Json default_options(int players) const override { return games::default_options(players); }
    std::optional<game::Error> validate(const Json& options, std::string_view prefix) const override {
        return options_error(options, prefix);
    }
    Json store_options(const Json& options) const override { return stored_options(options); }
    // R-SF1: a scenario chosen without a target plays to the scenario's.
    void follow_options(Json& update, int players) const override {
        if (!update.contains("scenario") || update.contains("vp_target") || !update["scenario"].is_string()) return;
        const auto scenario = scenario_from_name(update["scenario"].get_ref<const std::string&>());
        if (!scenario) {  // "none" goes back to the base game's target
            if (update["scenario"] == to_string(Scenario::None)) update["vp_target"] = kBaseRules.default_victory_target;
            return;
        }
        if (scenario_has_board(*scenario, players)) update["vp_target"] = scenario_victory_target(*scenario, players);
    }
    std::variant<Json, game::Error> load_options(const Json& stored, int players) const override {
        return options_from_stored(stored, players);
    }

    // A scenario's board for the players count ("new_shores-4"), else the box of the count.
    std::string table_id(const Json& options) const override {
        const GameOptions o = game_options(options, 0);
        if (o.scenario != Scenario::None && scenario_has_board(o.scenario, o.players))
            return std::string(to_string(o.scenario)) + '-' + std::to_string(o.players);
        return board_for_players(o.players) == BoardKind::Large ? "large" : "base";
    }
    const Json& table(const Json& options) const override {
        const GameOptions o = game_options(options, 0);
        if (o.scenario != Scenario::None && scenario_has_board(o.scenario, o.players)) return proto::scenario_table_json(o.scenario, o.players);
        return proto::topology_json(board_for_players(o.players));
    }
    std::vector<Json> table_options() const override {
        std::vector<Json> all;
        for (int players = kMinPlayers; players <= kMaxPlayers; ++players) all.push_back(games::default_options(players));
        for (int s = 1; s < kScenarioCount; ++s)
            for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
                if (scenario_has_board(static_cast<Scenario>(s), players)) {
                    Json options = games::default_options(players);
                    options["scenario"] = to_string(static_cast<Scenario>(s));
                    all.push_back(std::move(options));
                }
        return all;
    }

    // The bounds follow the board of the options' players count, as the room's do in the lobby.
    std::variant<game::MovePtr, game::Error> decode(const Json& command, int seat, const Json& options) const override {
        const int players = options.value("players", 4);
        auto decoded = proto::decode_command(command, seat, proto::command_bounds(board_for(game_options(options, 0)), players));
        if (!decoded) {
            const proto::ErrorReply e = proto::error_reply(decoded.error());
            return game::Error{e.code, e.message, e.field, e.rule};
        }
        return std::make_shared<const CatanMove>(decoded.value());
    }

    std::unique_ptr<game::Session> start(const Json& options, std::uint64_t seed) const override {
        std::vector<Event> events;
        GameState state = new_game(game_options(options, seed), &events);
        return std::make_unique<CatanSession>(*this, std::move(state), std::move(events));
    }

    // Like the room's restore (restore.cpp, room_history.cpp): the state from the snapshot when there is
    // one, else replayed; the history always from the whole log (the engine keeps none).
    std::variant<std::unique_ptr<game::Session>, game::RestoreError> restore(const Json& record, const std::string* snapshot,
                                                                              std::size_t snapshot_at,
                                                                              const std::vector<game::LoggedMove>& log) const override {
        if (auto error = record_error(record)) return game::RestoreError{error->message, -1, error->field};
        GameOptions options;
        try {
            options = options_from_record(record);
        } catch (const std::exception& e) {
            return game::RestoreError{e.what(), -1, {}};
        }
        std::optional<GameState> from_snapshot;
        if (snapshot) {
            auto decoded = proto::decode_state(std::string_view(*snapshot));
            if (!decoded) return game::RestoreError{"the snapshot does not decode: " + decoded.error().message, -1, {}};
            if (!(decoded.value().options == options)) return game::RestoreError{"the snapshot belongs to another game", -1, {}};
            if (snapshot_at > log.size()) return game::RestoreError{"the snapshot is after the end of the log", -1, {}};
            from_snapshot = std::move(decoded).value();
        }
        std::vector<Event> events;
        GameState replay = new_game(options, &events);
        auto session = std::make_unique<CatanSession>(*this, replay, events);
        for (std::size_t i = 0; i < log.size(); ++i) {
            const long index = static_cast<long>(i) + 1;
            const std::string where = "command " + std::to_string(index);
            auto command = proto::decode_command(log[i].command, log[i].seat, proto::command_bounds(replay));
            if (!command) return game::RestoreError{where + " does not decode: " + command.error().message, index, {}};
            events.clear();
            if (const auto error = catan::apply(replay, command.value(), &events, Limits::Recorded)) {
                // After the snapshot the game itself is the log's; before it only the history is short.
                if (!from_snapshot || i >= snapshot_at)
                    return game::RestoreError{where + " no longer applies: " + std::string(error->message), index, {}};
                break;
            }
            session->record(events);
        }
        if (from_snapshot) {
            GameState state = std::move(*from_snapshot);
            for (std::size_t i = snapshot_at; i < log.size(); ++i) {
                const long index = static_cast<long>(i) + 1;
                auto command = proto::decode_command(log[i].command, log[i].seat, proto::command_bounds(state));
                if (!command) return game::RestoreError{"command " + std::to_string(index) + " does not decode: " + command.error().message, index, {}};
                if (const auto error = catan::apply(state, command.value(), nullptr, Limits::Recorded))
                    return game::RestoreError{"command " + std::to_string(index) + " no longer applies: " + std::string(error->message), index, {}};
            }
            replay = std::move(state);
        }
        session->replace_state(std::move(replay));
        return std::unique_ptr<game::Session>(std::move(session));
    }

    std::vector<std::string> bot_levels() const override {
        std::vector<std::string> levels{bots::to_string(bots::Level::Basic)};
        for (int i = 0; i < bots::kLevelCount; ++i)
            if (static_cast<bots::Level>(i) != bots::Level::Basic) levels.emplace_back(bots::to_string(static_cast<bots::Level>(i)));
        return levels;
    }

    game::BotPtr make_bot(const std::string& level, std::chrono::milliseconds budget) const override {
        const auto parsed = bots::parse_level(level);
        if (!parsed) return nullptr;
        bots::Budget b;
        b.time = budget;
        return std::make_shared<CatanBot>(bots::make_bot(*parsed, b));
    }
};

}  // namespace

game::BotPtr catan_bot(std::unique_ptr<bots::Bot> brain) { return std::make_shared<CatanBot>(std::move(brain)); }

std::shared_ptr<const game::Module> catan_module() {
    static const auto module = std::make_shared<const CatanModule>();
    return module;
}

}  // namespace catan::games
