#include "catan/proto/state_json.hpp"

#include <charconv>
#include <cstdio>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/guard.hpp"
#include "state_check.hpp"
#include "wire.hpp"

namespace catan::proto {

using namespace detail;

namespace {

constexpr const char* kFormat = "catan-state";

// 64-bit words travel as strings: JSON numbers lose precision past 2^53 in most parsers.
std::string hex64(std::uint64_t w) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
    return buf;
}

std::uint64_t read_u64(const json& v, const Path& where, int base) {
    const std::string& s = read_string(v, where);
    std::uint64_t w = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), w, base);
    const bool plain = !s.empty() && s.size() <= (base == 16 ? 16u : 20u) && s[0] != '-' && s[0] != '+';
    if (!plain || ec != std::errc{} || end != s.data() + s.size())
        fail(DecodeErrorKind::OutOfRange, where,
             "field '" + where.str() + "' must be an unsigned 64-bit number written in base " + std::to_string(base));
    return w;
}

json dev_json(const std::array<std::uint8_t, kDevCardKinds>& d) {
    json j = json::object();
    for (int k = 0; k < kDevCardKinds; ++k)
        if (d[k]) j[to_string(static_cast<DevCard>(k))] = d[k];
    return j;
}

std::array<std::uint8_t, kDevCardKinds> read_dev(const json& v, const Path& where) {
    std::array<std::uint8_t, kDevCardKinds> d{};
    for (const auto& [key, count] : read_object(v, where).items()) {
        const auto k = from_name<DevCard>(key, kDevCardKinds);
        if (!k) fail(DecodeErrorKind::OutOfRange, where.child(key), quote(key) + " is not a development card");
        d[static_cast<int>(*k)] = static_cast<std::uint8_t>(read_int(count, where.child(key), 0, kMaxDeck));
    }
    return d;
}

std::uint8_t u8(const json& v, const Path& where, int lo, int hi) {
    return static_cast<std::uint8_t>(read_int(v, where, lo, hi));
}

// Seafarers' part of a seat (R-SF2..R-SF8), written on the sea only.
void add_sea_player(json& j, const PlayerState& p) {
    j["ships"] = edge_list(p.ships);
    j["ships_left"] = p.ships_left;
    j["island_vp"] = p.island_vp;
    j["islands"] = p.islands;
    if (p.gold_owed) j["gold_owed"] = p.gold_owed;
    if (!p.gold_chosen.empty()) j["gold_chosen"] = resources_json(p.gold_chosen);
}

void read_sea_player(ObjectReader& r, PlayerState& p, const Topology& topo) {
    p.ships = read_edge_list(r.required("ships"), r.path("ships"), topo.edge_count);
    p.ships_left = u8(r.required("ships_left"), r.path("ships_left"), 0, kSeaRules.ships);
    p.island_vp = u8(r.required("island_vp"), r.path("island_vp"), 0, 0xff);
    p.islands = static_cast<std::uint16_t>(read_int(r.required("islands"), r.path("islands"), 0, 0xffff));
    if (const json* v = r.optional("gold_owed")) p.gold_owed = u8(*v, r.path("gold_owed"), 0, 0xff);
    if (const json* v = r.optional("gold_chosen")) p.gold_chosen = read_resources(*v, r.path("gold_chosen"), kSeaRules.bank_per_resource);
}

json player_json(const PlayerState& p) {
    return {{"hand", resources_json(p.hand)},
            {"dev", dev_json(p.dev)},
            {"dev_bought", dev_json(p.dev_bought)},
            {"knights_played", p.knights_played},
            {"settlements_left", p.settlements_left},
            {"cities_left", p.cities_left},
            {"roads_left", p.roads_left},
            {"road_length", p.road_length},
            {"discard_owed", p.discard_owed},
            {"settlements", node_list(p.settlements)},
            {"cities", node_list(p.cities)},
            {"roads", edge_list(p.roads)}};
}

// Counts and ids within this game's box and board.
PlayerState read_player(const json& v, const Path& where, const Ruleset& rules, const Topology& topo) {
    const bool sea = is_sea(topo.kind);
    ObjectReader r(v, where);
    PlayerState p;
    p.hand = read_resources(r.required("hand"), r.path("hand"), rules.bank_per_resource);
    p.dev = read_dev(r.required("dev"), r.path("dev"));
    p.dev_bought = read_dev(r.required("dev_bought"), r.path("dev_bought"));
    p.knights_played = u8(r.required("knights_played"), r.path("knights_played"), 0, kMaxDeck);
    // Upper bounds of every box; the engine's consistency check holds them to this game's box.
    p.settlements_left = u8(r.required("settlements_left"), r.path("settlements_left"), 0, kLargeRules.settlements);
    p.cities_left = u8(r.required("cities_left"), r.path("cities_left"), 0, kLargeRules.cities);
    p.roads_left = u8(r.required("roads_left"), r.path("roads_left"), 0, kLargeRules.roads);
    p.road_length = u8(r.required("road_length"), r.path("road_length"), 0, kLargeRules.roads + kSeaRules.ships);  // R-SF5: roads and ships
    p.discard_owed = u8(r.required("discard_owed"), r.path("discard_owed"), 0, kResourceCount * kLargeRules.bank_per_resource);
    p.settlements = read_node_list(r.required("settlements"), r.path("settlements"), topo.node_count);
    p.cities = read_node_list(r.required("cities"), r.path("cities"), topo.node_count);
    p.roads = read_edge_list(r.required("roads"), r.path("roads"), topo.edge_count);
    if (sea) read_sea_player(r, p, topo);
    r.finish();
    return p;
}

// One entry per seat of the table, like "players" (4 at least, as states were written before 5–6
// players existed); all kMaxPlayers when a seat past the table holds something (the engine marks
// unused seats Declined), so that the state reads back exactly.
int offer_seats(const TradeOffer& o, int seats) {
    const TradeOffer blank;
    for (int p = seats; p < kMaxPlayers; ++p)
        if (o.response[p] != blank.response[p] || o.counter_give[p] != blank.counter_give[p] || o.counter_want[p] != blank.counter_want[p])
            return kMaxPlayers;
    return seats;
}

json offer_json(const TradeOffer& o, int table) {
    const int seats = offer_seats(o, table);
    json response = json::array(), counter_give = json::array(), counter_want = json::array();
    for (int p = 0; p < seats; ++p) {
        response.push_back(response_name(o.response[p]));
        counter_give.push_back(resources_json(o.counter_give[p]));
        counter_want.push_back(resources_json(o.counter_want[p]));
    }
    return {{"give", resources_json(o.give)}, {"want", resources_json(o.want)}, {"to", id_or_null(o.to)}, {"response", response},
            {"counter_give", counter_give}, {"counter_want", counter_want}};
}

TradeOffer read_offer(const json& v, const Path& where, int table) {
    ObjectReader r(v, where);
    TradeOffer o;
    const json* written = v.is_object() && v.contains("response") ? &v["response"] : nullptr;
    const int seats = written && written->is_array() && written->size() == kMaxPlayers ? kMaxPlayers : table;
    o.give = read_resources(r.required("give"), r.path("give"));
    o.want = read_resources(r.required("want"), r.path("want"));
    o.to = read_id_or_null(r.required("to"), r.path("to"), table);
    const Path rp = r.path("response"), gp = r.path("counter_give"), wp = r.path("counter_want");
    const auto& response = read_array(r.required("response"), rp, seats);
    const auto& give = read_array(r.required("counter_give"), gp, seats);
    const auto& want = read_array(r.required("counter_want"), wp, seats);
    for (std::size_t p = 0; p < static_cast<std::size_t>(seats); ++p) {
        const std::string& name = read_string(response[p], rp.at(p));
        int k = 0;
        while (k < 4 && name != kResponseNames[k]) ++k;
        if (k == 4) fail(DecodeErrorKind::OutOfRange, rp.at(p), quote(name) + " is not a trade response");
        o.response[p] = static_cast<TradeResponse>(k);
        o.counter_give[p] = read_resources(give[p], gp.at(p));
        o.counter_want[p] = read_resources(want[p], wp.at(p));
    }
    r.finish();
    return o;
}

json board_json(const Topology& t, const Board& b) {
    json terrain = json::array(), numbers = json::array(), harbors = json::array();
    for (int h = 0; h < t.hex_count; ++h) {
        terrain.push_back(to_string(b.terrain[h]));
        numbers.push_back(b.number[h]);
    }
    if (!is_sea(t.kind)) {
        for (int k = 0; k < t.harbor_count; ++k) harbors.push_back(harbor_name(b.harbor[k]));
        return {{"terrain", terrain}, {"numbers", numbers}, {"harbors", harbors}, {"spiral_start", b.spiral_start}};
    }
    // A scenario's board (R-SF1): its harbors stand on its own paths, and its home islands are named;
    // the islands themselves follow from the terrain.
    json paths = json::array(), home = json::array();
    for (int k = 0; k < b.harbor_count; ++k) {
        harbors.push_back(harbor_name(b.harbor[k]));
        paths.push_back(b.harbor_edge[k]);
    }
    b.home.for_each([&](int h) { home.push_back(h); });
    json board = {{"terrain", terrain}, {"numbers", numbers}, {"harbors", harbors}, {"harbor_paths", paths}, {"home", home}};
    if (b.fog.any() || b.fog_tokens_left) {  // R-SF10, only in games with face-down hexes
        json fog = json::array(), tokens = json::array();
        b.fog.for_each([&](int h) { fog.push_back(h); });
        for (int k = 0; k < b.fog_tokens_left; ++k) tokens.push_back(b.fog_tokens[k]);
        board["fog"] = fog;
        board["fog_tokens"] = tokens;
    }
    return board;
}

Board read_board(const Topology& t, const GameOptions& options, const json& v, const Path& where) {
    ObjectReader r(v, where);
    Board b;
    const Path tp = r.path("terrain"), np = r.path("numbers"), hp = r.path("harbors");
    const auto& terrain = read_array(r.required("terrain"), tp, t.hex_count);
    const auto& numbers = read_array(r.required("numbers"), np, t.hex_count);
    const bool sea = is_sea(t.kind);
    for (std::size_t h = 0; h < static_cast<std::size_t>(t.hex_count); ++h) {
        b.terrain[h] = read_name<Terrain>(terrain[h], tp.at(h), sea ? kTerrainKinds : 6, "terrain");
        b.number[h] = u8(numbers[h], np.at(h), 0, 12);
        if (b.terrain[h] == Terrain::Sea) b.sea.set(static_cast<int>(h));
    }
    if (!sea) {
        const auto& harbors = read_array(r.required("harbors"), hp, t.harbor_count);
        for (std::size_t k = 0; k < static_cast<std::size_t>(t.harbor_count); ++k) b.harbor[k] = read_harbor(harbors[k], hp.at(k));
        b.spiral_start = u8(r.required("spiral_start"), r.path("spiral_start"), 0, 5);
        r.finish();
        return b;
    }
    const auto& harbors = read_array(r.required("harbors"), hp, -1, kMaxHarbors);
    const Path pp = r.path("harbor_paths");
    const auto& paths = read_array(r.required("harbor_paths"), pp, static_cast<int>(harbors.size()));
    b.harbor_count = static_cast<std::uint8_t>(harbors.size());
    for (std::size_t k = 0; k < harbors.size(); ++k) {
        b.harbor[k] = read_harbor(harbors[k], hp.at(k));
        b.harbor_edge[k] = read_id(paths[k], pp.at(k), t.edge_count);
    }
    const Path home = r.path("home");
    const auto& homes = read_array(r.required("home"), home, -1, t.hex_count);
    for (std::size_t i = 0; i < homes.size(); ++i) b.home.set(read_id(homes[i], home.at(i), t.hex_count));
    if (const json* fog = r.optional("fog")) {
        const Path fp = r.path("fog"), kp = r.path("fog_tokens");
        const auto& hexes = read_array(*fog, fp, -1, t.hex_count);
        for (std::size_t i = 0; i < hexes.size(); ++i) b.fog.set(read_id(hexes[i], fp.at(i), t.hex_count));
        const auto& tokens = read_array(r.required("fog_tokens"), kp, -1, kMaxFogTokens);
        for (std::size_t i = 0; i < tokens.size(); ++i) b.fog_tokens[i] = u8(tokens[i], kp.at(i), 2, 12);
        b.fog_tokens_left = static_cast<std::uint8_t>(tokens.size());
        b.sea &= ~b.fog;  // a face-down sea hex is not the sea yet
    }
    assign_islands(t, b, options.scenario != Scenario::None && scenario_has_board(options.scenario, options.players) &&
                          scenario_deserts_divide(options.scenario, options.players));
    r.finish();
    return b;
}

GameState decode(const json& j) {
    const Path root;
    if (!j.is_object()) fail(DecodeErrorKind::Malformed, root, "a saved state must be a JSON object");
    ObjectReader r(j, root);
    if (read_string(r.required("format"), r.path("format")) != kFormat)
        fail(DecodeErrorKind::OutOfRange, r.path("format"), "not a catan-state document");
    read_int(r.required("v"), r.path("v"), kStateFormatVersion, kStateFormatVersion);

    GameState s;
    {
        ObjectReader o(r.required("options"), r.path("options"));
        s.options.players = static_cast<int>(read_int(o.required("players"), o.path("players"), kMinPlayers, kMaxPlayers));
        s.options.victory_target = static_cast<int>(read_int(o.required("victory_target"), o.path("victory_target"), 0, 255));
        s.options.seed = read_u64(o.required("seed"), o.path("seed"), 10);
        // House rules and the 5–6 turn structure: absent in states written before them (defaults).
        if (const json* v = o.optional("discard_limit")) s.options.discard_limit = static_cast<int>(read_int(*v, o.path("discard_limit"), 0, 255));
        if (const json* v = o.optional("friendly_robber")) s.options.friendly_robber = read_bool(*v, o.path("friendly_robber"));
        if (const json* v = o.optional("balanced_board")) s.options.balanced_board = read_bool(*v, o.path("balanced_board"));
        if (const json* v = o.optional("first_by_dice")) s.options.first_by_dice = read_bool(*v, o.path("first_by_dice"));
        if (const json* v = o.optional("turn_structure"))
            s.options.turn_structure = read_name<TurnStructure>(*v, o.path("turn_structure"), 2, "turn structure");
        if (const json* v = o.optional("scenario")) {
            s.options.scenario = read_name<Scenario>(*v, o.path("scenario"), kScenarioCount, "scenario");
            if (s.options.scenario == Scenario::None) fail(DecodeErrorKind::OutOfRange, o.path("scenario"), "a scenario is named only when there is one");
        }
        // The beginner set-up: written only for it, so states of random boards read as before it existed.
        if (const json* v = o.optional("layout")) {
            s.options.layout = read_name<Layout>(*v, o.path("layout"), kLayoutCount, "layout");
            if (s.options.layout == Layout::Random) fail(DecodeErrorKind::OutOfRange, o.path("layout"), "a layout is named only when it is beginner");
        }
        o.finish();
    }
    s.num_players = static_cast<std::uint8_t>(s.options.players);
    s.board_kind = board_for(s.options);
    const bool sea = is_sea(s.board_kind);
    const Topology& topo = topology(s.board_kind);
    const Ruleset& rules = ruleset(s.board_kind);
    const int n = s.num_players;
    s.board = read_board(topo, s.options, r.required("board"), r.path("board"));
    {
        std::array<std::uint64_t, 4> words{};
        const Path rp = r.path("rng");
        const auto& a = read_array(r.required("rng"), rp, 4);
        for (std::size_t i = 0; i < 4; ++i) words[i] = read_u64(a[i], rp.at(i), 16);
        if (!s.rng.set_words(words))
            fail(DecodeErrorKind::OutOfRange, rp, "an all-zero generator state never changes");
    }
    s.phase = read_name<Phase>(r.required("phase"), r.path("phase"), kPhaseCount, "phase");
    s.first_player = read_id(r.required("first_player"), r.path("first_player"), n);
    s.current = read_id(r.required("current"), r.path("current"), n);
    s.turn_player = s.current;
    if (const json* v = r.optional("step")) s.step = read_name<Step>(*v, r.path("step"), 3, "step");
    if (const json* v = r.optional("turn_player")) s.turn_player = read_id(*v, r.path("turn_player"), n);
    s.setup_step = u8(r.required("setup_step"), r.path("setup_step"), 0, 2 * n);
    s.setup_node = read_id_or_null(r.required("setup_node"), r.path("setup_node"), topo.node_count);
    s.turn = static_cast<std::uint16_t>(read_int(r.required("turn"), r.path("turn"), 0, 0xffff));
    s.rolled = read_bool(r.required("rolled"), r.path("rolled"));
    s.dev_played = read_bool(r.required("dev_played"), r.path("dev_played"));
    s.free_roads = u8(r.required("free_roads"), r.path("free_roads"), 0, 2);
    {
        const Path dp = r.path("dice");
        const auto& dice = read_array(r.required("dice"), dp, 2);
        for (std::size_t i = 0; i < 2; ++i) s.dice[i] = u8(dice[i], dp.at(i), 0, 6);  // 0: not rolled yet
    }
    // R-SF6: on the sea the robber may still be off the board, and the pirate sails.
    s.robber = sea ? read_id_or_null(r.required("robber"), r.path("robber"), topo.hex_count)
                   : u8(r.required("robber"), r.path("robber"), 0, topo.hex_count - 1);
    if (sea) {
        s.pirate = read_id(r.required("pirate"), r.path("pirate"), topo.hex_count);
        s.ship_moved = read_bool(r.required("ship_moved"), r.path("ship_moved"));
        s.new_ships = read_edge_list(r.required("new_ships"), r.path("new_ships"), topo.edge_count);
        if (const json* v = r.optional("after_gold")) s.after_gold = read_name<Phase>(*v, r.path("after_gold"), kPhaseCount, "phase");
    }
    s.longest_road = read_id_or_null(r.required("longest_road"), r.path("longest_road"), n);
    s.largest_army = read_id_or_null(r.required("largest_army"), r.path("largest_army"), n);
    s.winner = read_id_or_null(r.required("winner"), r.path("winner"), n);
    s.bank = read_resources(r.required("bank"), r.path("bank"));
    {
        const Path dp = r.path("deck");
        const auto& deck = read_array(r.required("deck"), dp, rules.deck_size);
        s.deck_size = rules.deck_size;
        for (std::size_t i = 0; i < rules.deck_size; ++i)
            s.deck[i] = read_name<DevCard>(deck[i], dp.at(i), kDevCardKinds, "development card");
    }
    s.deck_top = u8(r.required("deck_top"), r.path("deck_top"), 0, rules.deck_size);
    int seats = 0;
    {
        // One entry per seat of the table: states before 5–6 players list 4 (empty seats included).
        const Path pp = r.path("players");
        const auto& players = read_array(r.required("players"), pp, std::max(4, n));
        for (std::size_t p = 0; p < players.size(); ++p) s.players[p] = read_player(players[p], pp.at(p), rules, topo);
        seats = static_cast<int>(players.size());
        for (std::size_t p = players.size(); p < kMaxPlayers; ++p) {
            s.players[p].settlements_left = rules.settlements;
            s.players[p].cities_left = rules.cities;
            s.players[p].roads_left = rules.roads;
            s.players[p].ships_left = rules.ships;
        }
    }
    s.offer = read_offer(r.required("offer"), r.path("offer"), seats);
    // R-L1's counts, absent from states written before them (and when zero): that turn counts afresh.
    if (const json* v = r.optional("offers_made")) s.offers_made = u8(*v, r.path("offers_made"), 0, 0xff);
    if (const json* v = r.optional("answers_made")) {
        const Path ap = r.path("answers_made");
        const auto& answers = read_array(*v, ap, seats);
        for (std::size_t p = 0; p < answers.size(); ++p) s.answers_made[p] = u8(answers[p], ap.at(p), 0, 0xff);
    }
    r.finish();

    check_state(s);
    refresh_derived(s);
    check_road_lengths(s);
    return s;
}

}  // namespace

json state_json(const GameState& s) {
    json rng = json::array(), dice = json::array(), deck = json::array(), players = json::array();
    for (std::uint64_t w : s.rng.words()) rng.push_back(hex64(w));
    for (std::uint8_t d : s.dice) dice.push_back(d);
    for (int i = 0; i < s.deck_size; ++i) deck.push_back(to_string(s.deck[i]));
    // Four seats at least, as states were written before 5–6 players existed.
    const int seats = std::max<int>(4, s.num_players);
    const bool sea = is_sea(s.board_kind);
    for (int p = 0; p < seats; ++p) {
        players.push_back(player_json(s.players[p]));
        if (sea) add_sea_player(players.back(), s.players[p]);
    }
    json options = {{"players", s.options.players},
                    {"victory_target", s.options.victory_target},
                    {"seed", std::to_string(s.options.seed)}};
    // House rules are written only when chosen, so base states read as they always did.
    const GameOptions defaults;
    if (s.options.discard_limit != defaults.discard_limit) options["discard_limit"] = s.options.discard_limit;
    if (s.options.friendly_robber) options["friendly_robber"] = true;
    if (s.options.balanced_board) options["balanced_board"] = true;
    if (s.options.first_by_dice) options["first_by_dice"] = true;
    // Kept (unused) in a 2–4 player game that was set up with the special building phase.
    if (is_five_six(s.board_kind) || s.options.turn_structure != defaults.turn_structure)
        options["turn_structure"] = to_string(s.options.turn_structure);
    if (s.options.scenario != Scenario::None) options["scenario"] = to_string(s.options.scenario);
    if (s.options.layout != Layout::Random) options["layout"] = to_string(s.options.layout);
    json out = {{"format", kFormat},
            {"v", kStateFormatVersion},
            {"options", options},
            {"board", board_json(topology(s), s.board)},
            {"rng", rng},
            {"phase", to_string(s.phase)},
            {"first_player", s.first_player},
            {"current", s.current},
            {"setup_step", s.setup_step},
            {"setup_node", id_or_null(s.setup_node)},
            {"turn", s.turn},
            {"rolled", s.rolled},
            {"dev_played", s.dev_played},
            {"free_roads", s.free_roads},
            {"dice", dice},
            {"robber", sea ? id_or_null(s.robber) : json(s.robber)},
            {"longest_road", id_or_null(s.longest_road)},
            {"largest_army", id_or_null(s.largest_army)},
            {"winner", id_or_null(s.winner)},
            {"bank", resources_json(s.bank)},
            {"deck", deck},
            {"deck_top", s.deck_top},
            {"players", players},
            {"offer", offer_json(s.offer, seats)}};
    // Written only where they say something (states before them had neither): a build step, and a
    // turn_player other than current (in a build step, and during the setup, where it is not moved).
    if (s.step != Step::Turn) out["step"] = to_string(s.step);
    if (sea) {
        out["pirate"] = s.pirate;
        out["ship_moved"] = s.ship_moved;
        out["new_ships"] = edge_list(s.new_ships);
        if (s.after_gold != Phase::Main) out["after_gold"] = to_string(s.after_gold);
    }
    if (s.turn_player != s.current) out["turn_player"] = s.turn_player;
    // R-L1's counts only once the turn has traded, so states without trading read as they always did.
    if (s.offers_made != 0) out["offers_made"] = s.offers_made;
    if (s.answers_made != decltype(s.answers_made){}) {
        json answers = json::array();
        for (int p = 0; p < seats; ++p) answers.push_back(s.answers_made[p]);
        out["answers_made"] = answers;
    }
    return out;
}

Decoded<GameState> decode_state(const json& document) {
    return guarded([&] { return decode(document); });
}

Decoded<GameState> decode_state(std::string_view text) {
    return guarded([&] { return decode(parse_or_fail(text)); });
}

}  // namespace catan::proto
