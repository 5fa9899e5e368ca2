#include "race_module.hpp"

#include <array>

namespace race {

using namespace catan::game;

namespace {

constexpr int kMaxSeats = 4;
enum Phase { Ready, Play, Over };

struct State {
    int players = 2, target = 21;
    std::uint64_t seed = 0;
    int phase = Ready, total = 0, current = 0, winner = -1;
    unsigned ready = 0;
    std::array<int, kMaxSeats> secret{};
};
void to_json(Json& j, const State& s) {
    j = {{"players", s.players}, {"target", s.target}, {"seed", s.seed}, {"phase", s.phase}, {"total", s.total},
         {"current", s.current}, {"winner", s.winner}, {"ready", s.ready}, {"secret", s.secret}};
}

struct RaceMove final : Move {
    int who = 0, n = 0;  // n 0: "ready"
    RaceMove(int w, int k) : who(w), n(k) {}
    int seat() const override { return who; }
    Json json() const override { return n == 0 ? Json{{"type", "ready"}} : Json{{"type", "add"}, {"n", n}}; }
    bool is_answer() const override { return n == 0; }
    std::string name() const override { return n == 0 ? "ready" : "add"; }
};
MovePtr move(int seat, int n) { return std::make_shared<const RaceMove>(seat, n); }

std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    return x ^ (x >> 27);
}

// Writes `parts` (path, value) in order; with a sink, appends the ops from the old texts to the new.
void write_parts(ViewParts& parts, const std::vector<std::pair<std::string, std::string>>& now, const PatchSink* sink) {
    if (parts.size() != now.size()) parts.assign(now.size(), {});
    for (std::size_t i = 0; i < now.size(); ++i) {
        ViewPart& p = parts[i];
        p.path = now[i].first;
        if (p.text == now[i].second) continue;
        if (sink) {
            if (!sink->ops.empty()) sink->ops += ',';
            const std::string path = Json(std::string(sink->prefix) + p.path).dump();
            if (now[i].second.empty())
                sink->ops += R"({"op":"remove","path":)" + path + "}";
            else
                sink->ops += std::string(R"({"op":")") + (p.text.empty() ? "add" : "replace") + R"(","path":)" + path + R"(,"value":)" +
                             now[i].second + "}";
        }
        p.text = now[i].second;
    }
}

struct RaceBot final : Bot {
    explicit RaceBot(std::string l) : name(std::move(l)) {}
    std::string level() const override { return name; }
    std::string name;
};

class RaceSession final : public Session {
public:
    RaceSession(const Module& m, State s) : module_(m), s_(s) {}
    const Module& module() const override { return module_; }
    int players() const override { return s_.players; }
    Json options() const override { return {{"players", s_.players}, {"target", s_.target}}; }
    std::variant<MovePtr, Error> decode(const Json& command, int seat) const override { return module_.decode(command, seat, options()); }

    std::variant<Applied, Error> apply(const Move& m) override {
        const auto* r = dynamic_cast<const RaceMove*>(&m);
        if (!r) return Error{"bad_command", "not a race command", "command", {}};
        const unsigned bit = 1u << r->who;
        if (r->n == 0 && (s_.phase != Ready || (s_.ready & bit))) return Error{"wrong_phase", "nobody is waiting for you to be ready", {}, {}};
        if (r->n > 0 && s_.phase != Play) return Error{"wrong_phase", "the race has not started or is over", {}, {}};
        if (r->n > 0 && r->who != s_.current) return Error{"not_your_turn", "it is seat " + std::to_string(s_.current) + "'s turn", {}, {}};
        events_.clear();
        Applied applied;
        if (r->n == 0) {
            s_.ready |= bit;
            events_.push_back({{"type", "ready"}, {"seat", r->who}});
            applied.ended_decision = s_.ready == (1u << s_.players) - 1;
            if (applied.ended_decision) s_.phase = Play;
        } else {
            s_.total += r->n;
            events_.push_back({{"type", "added"}, {"seat", r->who}, {"n", r->n}, {"total", s_.total}});
            applied.ended_decision = true;
            if (s_.total >= s_.target) {
                s_.phase = Over;
                s_.winner = r->who;
                events_.push_back({{"type", "won"}, {"seat", r->who}});
            } else {
                s_.current = (s_.current + 1) % s_.players;
            }
        }
        applied.game_over = s_.phase == Over;
        for (const Json& e : events_) history_.push_back(e);
        return applied;
    }
    SeatMask to_act() const override {
        if (s_.phase == Ready) return ((1u << s_.players) - 1) & ~s_.ready;
        return s_.phase == Play ? 1u << s_.current : 0;
    }
    int seat_for_bots(SeatMask bots, bool& waiting) const override {
        waiting = false;
        for (int i = 0; i < s_.players; ++i)
            if ((to_act() & bots) >> i & 1u) return i;
        return -1;
    }
    int on_turn() const override { return s_.current; }
    bool over() const override { return s_.phase == Over; }
    int winner() const override { return s_.winner; }
    std::vector<MovePtr> legal_moves(int seat) const override {
        std::vector<MovePtr> out;
        if (seat < 0 || !(to_act() >> seat & 1u)) return out;
        if (s_.phase == Ready) return {move(seat, 0)};
        for (int n = 1; n <= 3; ++n) out.push_back(move(seat, n));
        return out;
    }
    Json legal(int seat) const override {
        if (seat < 0) return nullptr;
        Json commands = Json::array();
        for (const MovePtr& m : legal_moves(seat)) commands.push_back(m->json());
        return {{"commands", commands}};
    }
    void update_public(ViewParts& parts, const PatchSink* sink) const override {
        const bool over = s_.phase == Over;
        write_parts(parts,
                    {{"/phase", Json(s_.phase).dump()}, {"/target", Json(s_.target).dump()}, {"/total", Json(s_.total).dump()},
                     {"/current", Json(s_.current).dump()}, {"/ready", Json(s_.ready).dump()}, {"/winner", Json(s_.winner).dump()},
                     {"/secrets", over ? Json(std::vector<int>(s_.secret.begin(), s_.secret.begin() + s_.players)).dump() : ""}},
                    sink);
    }
    void update_viewer(int viewer, ViewParts& parts, const PatchSink* sink) const override {
        const bool seated = viewer >= 0 && viewer < s_.players;
        write_parts(parts, {{"/viewer", seated ? Json(viewer).dump() : "null"}, {"/me", seated ? Json{{"secret", s_.secret[viewer]}}.dump() : ""}},
                    sink);
    }
    Json assemble(const ViewParts& public_parts, const ViewParts& viewer_parts) const override {
        Json view = Json::object();
        for (const ViewParts* list : {&public_parts, &viewer_parts})
            for (const ViewPart& p : *list)
                if (!p.text.empty()) view[Json::json_pointer(p.path)] = Json::parse(p.text);
        return view;
    }
    Json last_events(int, const std::vector<std::string>& names) const override { return named(events_, names); }
    Json history(int, const std::vector<std::string>& names) const override { return named(history_, names); }
    Json stats(std::optional<std::int64_t>, std::optional<std::int64_t>) const override { return {{"total", s_.total}}; }
    Pending pending(int turn_seconds, bool turn_based) const override {
        if (s_.phase == Over) return {};
        const auto limit = std::chrono::seconds(turn_seconds);
        if (s_.phase == Ready) return {"ready", to_act(), 1, 0, turn_based ? limit : limit / 4, false, false};
        const auto turn = static_cast<std::uint32_t>(s_.total + 1);
        return {"turn", to_act(), turn << 8 | 2, turn, limit, true, false};
    }
    MovePtr expiry_move(int seat) const override { return s_.phase == Ready ? move(seat, 0) : move(seat, 1); }
    // The bot sees the public state and its own secret only (a copy), never the others' secrets.
    BotJob bot_job(int seat, BotPtr bot, std::uint64_t seed) const override {
        return [seat, phase = s_.phase, left = s_.target - s_.total, random = bot && bot->level() == "random", seed]() -> MovePtr {
            if (phase == Ready) return move(seat, 0);
            const int n = left <= 3 ? left : left % 4;  // leave a multiple of 4: the winning line
            return move(seat, random || n == 0 ? 1 + static_cast<int>(mix(seed) % 3) : n);
        };
    }
    Json options_record() const override { return {{"players", s_.players}, {"target", s_.target}, {"seed", s_.seed}}; }
    std::string snapshot() const override { return Json(s_).dump(); }
    std::uint64_t seed() const override { return s_.seed; }

private:
    static Json named(const std::vector<Json>& events, const std::vector<std::string>& names) {
        Json out = Json::array();
        for (Json e : events) {
            const int seat = e["seat"];
            e["name"] = seat < static_cast<int>(names.size()) && !names[seat].empty() ? names[seat] : "Seat " + std::to_string(seat + 1);
            out.push_back(std::move(e));
        }
        return out;
    }
    const Module& module_;
    State s_;
    std::vector<Json> events_, history_;
};

Error bad(const char* code, const std::string& field, const std::string& message) { return {code, message, field, {}}; }

class RaceModule final : public Module {
public:
    std::string id() const override { return "race"; }
    int min_players() const override { return 2; }
    int max_players() const override { return kMaxSeats; }
    Json option_schema(int) const override {
        return {{"players", {{"type", "int"}, {"min", 2}, {"max", kMaxSeats}, {"default", 2}}},
                {"target", {{"type", "int"}, {"min", 10}, {"max", 30}, {"default", 21}}}};
    }
    Json default_options(int players) const override { return {{"players", players}, {"target", 21}}; }
    std::string table_id(const Json&) const override { return "track"; }
    const Json& table(const Json&) const override {
        static const Json track = {{"cells", 30}};
        return track;
    }
    std::optional<Error> validate(const Json& options, std::string_view prefix) const override {
        const Json schema = option_schema(0);
        for (const auto& [name, value] : options.items()) {
            // REST checks the body's options at the top (prefix ""): the name alone, as Catan does.
            const std::string field = prefix.empty() ? name : std::string(prefix) + "." + name;
            if (!schema.contains(name)) return bad("unexpected_field", field, "field '" + field + "' is not an option of this game");
            const int lo = schema[name]["min"], hi = schema[name]["max"];
            if (!value.is_number_integer() || value.get<int>() < lo || value.get<int>() > hi)
                return bad("out_of_range", field, "field '" + field + "' must be between " + std::to_string(lo) + " and " + std::to_string(hi));
        }
        return std::nullopt;
    }
    std::variant<MovePtr, Error> decode(const Json& c, int seat, const Json&) const override {
        if (!c.is_object() || !c.contains("type") || !c["type"].is_string()) return bad("malformed", "type", "a command is an object with a \"type\"");
        const std::string type = c["type"];
        for (const auto& [key, value] : c.items())
            if (key != "type" && !(type == "add" && key == "n")) return bad("unexpected_field", key, "field '" + key + "' is not expected");
        if (type == "ready") return move(seat, 0);
        if (type != "add") return bad("unknown_type", "type", "no command \"" + type + "\"");
        if (!c.contains("n") || !c["n"].is_number_integer()) return bad("wrong_type", "n", "field 'n' must be a whole number");
        const int n = c["n"];
        if (n < 1 || n > 3) return bad("out_of_range", "n", "field 'n' must be 1, 2 or 3");
        return move(seat, n);
    }
    std::unique_ptr<Session> start(const Json& options, std::uint64_t seed) const override {
        State s;
        s.players = options.value("players", 2);
        s.target = options.value("target", 21);
        s.seed = seed;
        for (int i = 0; i < kMaxSeats; ++i) s.secret[i] = static_cast<int>(mix(seed + i) % 100);
        s.current = static_cast<int>(mix(seed) % s.players);
        return std::make_unique<RaceSession>(*this, s);
    }
    std::variant<std::unique_ptr<Session>, RestoreError> restore(const Json& record, const std::string* snapshot, std::size_t at,
                                                                 const std::vector<LoggedMove>& log) const override {
        // Its logs are short: it replays them whole and needs no snapshot.
        (void)snapshot, (void)at;
        std::unique_ptr<Session> session = start(record, record.at("seed").get<std::uint64_t>());
        for (std::size_t i = 0; i < log.size(); ++i) {
            auto decoded = decode(log[i].command, log[i].seat, record);
            if (auto* e = std::get_if<Error>(&decoded)) return RestoreError{e->message, static_cast<long>(i + 1), {}};
            const auto applied = session->apply(*std::get<MovePtr>(decoded));
            if (auto* e = std::get_if<Error>(&applied)) return RestoreError{e->message, static_cast<long>(i + 1), {}};
        }
        return session;
    }
    std::vector<std::string> bot_levels() const override { return {"basic", "random"}; }
    BotPtr make_bot(const std::string& level, std::chrono::milliseconds) const override {
        return level == "basic" || level == "random" ? std::make_shared<RaceBot>(level) : nullptr;
    }
};

}  // namespace

std::shared_ptr<const Module> race_module() {
    static const auto module = std::make_shared<const RaceModule>();
    return module;
}

}  // namespace race
