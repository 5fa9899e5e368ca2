#include "catan/proto/view_parts.hpp"

#include <stdexcept>

#include "catan/engine/engine.hpp"
#include "catan/engine/queries.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/event_json.hpp"  // kSpectator
#include "json_text.hpp"
#include "part_writer.hpp"
#include "wire.hpp"

namespace catan::proto {

using namespace detail;

namespace {

// Trade terms leave zero counts out, like the commands that made them.
void put_terms(std::string& out, const ResourceSet& r) {
    out += '{';
    bool first = true;
    for (Resource k : kAllResources) {
        if (!r[k]) continue;
        if (!first) out += ',';
        first = false;
        put_name(out, to_string(k));
        out += ':';
        put_int(out, r[k]);
    }
    out += '}';
}

void put_all_dev(std::string& out, const std::array<std::uint8_t, kDevCardKinds>& d) {
    char sep = '{';
    for (int k = 0; k < kDevCardKinds; ++k) {
        out += sep;
        sep = ',';
        put_name(out, to_string(static_cast<DevCard>(k)));
        out += ':';
        put_int(out, d[k]);
    }
    out += '}';
}

void put_nodes(std::string& out, NodeMask m) {
    put_int_list(out, [&](auto&& emit) { for_each_node(m, emit); });
}

void put_edges(std::string& out, const EdgeMask& m) {
    put_int_list(out, [&](auto&& emit) { m.for_each(emit); });
}

void put_seat_or_null(std::string& out, std::uint8_t seat) { put_id_or_null(out, seat, kNoSeat); }

void put_offer(std::string& out, const GameState& s) {
    if (s.phase != Phase::TradeOffer) {
        out += "null";
        return;
    }
    const TradeOffer& o = s.offer;
    out += R"({"from":)";
    put_int(out, s.current);
    out += R"(,"to":)";
    put_seat_or_null(out, o.to);
    out += R"(,"give":)";
    put_terms(out, o.give);
    out += R"(,"want":)";
    put_terms(out, o.want);
    out += R"(,"responses":[)";
    bool first = true;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == s.current) continue;
        if (!first) out += ',';
        first = false;
        out += R"({"seat":)";
        put_int(out, q);
        out += R"(,"response":)";
        put_name(out, response_name(o.response[q]));
        if (o.response[q] == TradeResponse::Countered) {  // terms seen from the offering player, like give/want
            out += R"(,"give":)";
            put_terms(out, o.counter_give[q]);
            out += R"(,"want":)";
            put_terms(out, o.counter_want[q]);
        }
        out += '}';
    }
    out += "]}";
}

int dev_count(const PlayerState& p) {
    int n = 0;
    for (std::uint8_t c : p.dev) n += c;
    return n;
}

void write_board(PartWriter& w, const GameState& s) {
    // R-SF10: a face-down hex is "fog" with no number until it turns, so the board changes in such games.
    const bool fixed = s.options.scenario == Scenario::None || !scenario_has_fog(s.options.scenario, s.num_players);
    w.part("/board/terrain", [&](std::string& o) {
        char sep = '[';
        for (int h = 0; h < topology(s).hex_count; ++h) {
            o += sep;
            sep = ',';
            put_name(o, s.board.fog.test(h) ? "fog" : to_string(s.board.terrain[h]));
        }
        o += ']';
    }, fixed);
    w.part("/board/numbers", [&](std::string& o) {
        char sep = '[';
        for (int h = 0; h < topology(s).hex_count; ++h) {
            o += sep;
            sep = ',';
            put_id_or_null(o, s.board.number[h], 0);  // the desert has no token, a face-down hex none yet
        }
        o += ']';
    }, fixed);
    const bool sea = is_sea(s.board_kind);
    w.part("/board/harbors", [&](std::string& o) {
        const Topology& t = topology(s);
        // A scenario's harbors stand on its own paths (R-SF1); a box's on its board's.
        const int count = sea ? s.board.harbor_count : t.harbor_count;
        char sep = '[';
        for (int k = 0; k < count; ++k) {
            const std::uint8_t kind = s.board.harbor[k];
            o += sep;
            sep = ',';
            o += R"({"path":)";
            put_int(o, sea ? s.board.harbor_edge[k] : t.harbor_edges[k]);
            o += R"(,"kind":)";
            put_name(o, harbor_name(kind));
            o += R"(,"ratio":)";
            put_int(o, harbor_trade_ratio(kind));  // R-TR3, the engine's table
            o += '}';
        }
        o += ']';
    }, true);
    if (!sea) {
        w.part("/board/robber", [&](std::string& o) { put_int(o, s.robber); });
        return;
    }
    // R-SF6: the robber may still be off the board (null); the pirate sails the sea.
    w.part("/board/robber", [&](std::string& o) { put_id_or_null(o, s.robber, kNone); });
    w.part("/board/pirate", [&](std::string& o) { put_int(o, s.pirate); });
    // R-SF8: each hex's island (0: the sea), and the hexes of the islands where setup builds.
    w.part("/board/islands", [&](std::string& o) {
        char sep = '[';
        for (int h = 0; h < topology(s).hex_count; ++h) {
            o += sep;
            sep = ',';
            put_int(o, s.board.island[h]);
        }
        o += ']';
    }, fixed);
    w.part("/board/home", [&](std::string& o) { put_int_list(o, [&](auto&& emit) { s.board.home.for_each(emit); }); }, true);
    w.part("/board/island_vp", [&](std::string& o) { put_int(o, scenario_island_vp(s.options.scenario, s.num_players)); }, true);
}

void write_player(PartWriter& w, const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    const auto integer = [&](std::string_view member, int value, bool fixed = false) {
        w.part(w.player_path(p, member), [&](std::string& o) { put_int(o, value); }, fixed);
    };
    integer("seat", p, true);
    integer("vp", public_victory_points(s, p));
    integer("cards", pl.hand.total());
    integer("dev_cards", dev_count(pl));
    integer("knights", pl.knights_played);
    integer("road_length", pl.road_length);
    integer("settlements_left", pl.settlements_left);
    integer("cities_left", pl.cities_left);
    integer("roads_left", pl.roads_left);
    integer("discard_owed", pl.discard_owed);
    w.part(w.player_path(p, "settlements"), [&](std::string& o) { put_nodes(o, pl.settlements); });
    w.part(w.player_path(p, "cities"), [&](std::string& o) { put_nodes(o, pl.cities); });
    w.part(w.player_path(p, "roads"), [&](std::string& o) { put_edges(o, pl.roads); });
    if (is_sea(s.board_kind)) {  // R-SF2, R-SF7, R-SF8: all public
        w.part(w.player_path(p, "ships"), [&](std::string& o) { put_edges(o, pl.ships); });
        integer("ships_left", pl.ships_left);
        integer("island_vp", pl.island_vp);
        integer("gold_owed", pl.gold_owed);
    }
    // R-D6: Victory Point cards are revealed when the game is won; absent until then.
    const bool over = s.phase == Phase::GameOver;
    w.part(w.player_path(p, "vp_cards"), [&](std::string& o) {
        if (over) put_int(o, pl.dev[static_cast<int>(DevCard::VictoryPoint)]);
    });
    w.part(w.player_path(p, "vp_total"), [&](std::string& o) {
        if (over) put_int(o, victory_points(s, p));
    });
}

void write_me(PartWriter& w, const GameState& s, int viewer) {
    const PlayerState& pl = s.players[viewer];
    w.part("/me/seat", [&](std::string& o) { put_int(o, viewer); });
    w.part("/me/hand", [&](std::string& o) { put_all_resources(o, pl.hand); });
    w.part("/me/dev", [&](std::string& o) { put_all_dev(o, pl.dev); });
    w.part("/me/dev_playable", [&](std::string& o) {
        // R-D1 as the engine counts it (cards not bought this turn, never VP cards). Turn and phase
        // limits are left to the legal actions message, which is authoritative.
        std::array<std::uint8_t, kDevCardKinds> playable{};
        for (int k = 0; k < kDevCardKinds; ++k)
            playable[k] = static_cast<std::uint8_t>(ready_dev_cards(s, viewer, static_cast<DevCard>(k)));
        put_all_dev(o, playable);
    });
    w.part("/me/vp", [&](std::string& o) { put_int(o, victory_points(s, viewer)); });
    // R-SF7: a gold choice stays the chooser's until every owner has chosen.
    if (is_sea(s.board_kind)) w.part("/me/gold_chosen", [&](std::string& o) { put_all_resources(o, pl.gold_chosen); });
}

}  // namespace

void update_public_parts(const GameState& s, ViewParts& parts, const PatchSink* sink) {
    PartWriter w(parts, sink);
    w.part("/options", [&](std::string& o) {
        o += R"({"players":)";
        put_int(o, s.num_players);
        o += R"(,"victory_target":)";
        put_int(o, s.options.victory_target);
        o += R"(,"discard_limit":)";
        put_int(o, s.options.discard_limit);
        o += R"(,"friendly_robber":)";
        put_bool(o, s.options.friendly_robber);
        o += R"(,"balanced_board":)";
        put_bool(o, s.options.balanced_board);
        o += R"(,"first_by_dice":)";
        put_bool(o, s.options.first_by_dice);
        o += R"(,"turn_structure":)";
        put_name(o, to_string(s.options.turn_structure));
        o += R"(,"board":)";
        put_name(o, to_string(s.board_kind));
        if (s.options.scenario != Scenario::None) {
            o += R"(,"scenario":)";
            put_name(o, to_string(s.options.scenario));
        }
        // The beginner set-up (clients draw its 3-player seats without white): only when chosen.
        if (s.options.layout != Layout::Random) {
            o += R"(,"layout":)";
            put_name(o, to_string(s.options.layout));
        }
        o += '}';
    }, true);
    w.part("/phase", [&](std::string& o) { put_name(o, to_string(s.phase)); });
    w.part("/current", [&](std::string& o) { put_int(o, s.current); });
    // R-X6/R-X7: in a build step `current` builds during `turn_player`'s turn; otherwise they are equal.
    w.part("/step", [&](std::string& o) { put_name(o, to_string(s.step)); });
    // Outside a build step it is the acting player's turn (the setup placements included).
    w.part("/turn_player", [&](std::string& o) { put_int(o, s.step == Step::Turn ? s.current : s.turn_player); });
    w.part("/first_player", [&](std::string& o) { put_int(o, s.first_player); });
    w.part("/turn", [&](std::string& o) { put_int(o, s.turn); });
    w.part("/setup_step", [&](std::string& o) { put_int(o, s.setup_step); });
    w.part("/setup_node", [&](std::string& o) { put_id_or_null(o, s.setup_node, kNone); });
    w.part("/rolled", [&](std::string& o) { put_bool(o, s.rolled); });
    w.part("/dev_played", [&](std::string& o) { put_bool(o, s.dev_played); });
    w.part("/free_roads", [&](std::string& o) { put_int(o, s.free_roads); });
    if (is_sea(s.board_kind)) w.part("/ship_moved", [&](std::string& o) { put_bool(o, s.ship_moved); });  // R-SF4
    w.part("/dice", [&](std::string& o) {
        if (!s.dice[0]) {
            o += "null";
            return;
        }
        o += '[';
        put_int(o, s.dice[0]);
        o += ',';
        put_int(o, s.dice[1]);
        o += ']';
    });
    write_board(w, s);
    w.part("/bank", [&](std::string& o) { put_all_resources(o, s.bank); });
    w.part("/dev_deck", [&](std::string& o) { put_int(o, s.deck_left()); });
    w.part("/longest_road", [&](std::string& o) { put_seat_or_null(o, s.longest_road); });
    w.part("/largest_army", [&](std::string& o) { put_seat_or_null(o, s.largest_army); });
    w.part("/winner", [&](std::string& o) { put_seat_or_null(o, s.winner); });
    w.part("/to_act", [&](std::string& o) {
        const unsigned acting = players_to_act(s);
        put_int_list(o, [&](auto&& emit) {
            for (int p = 0; p < s.num_players; ++p)
                if (acting >> p & 1u) emit(p);
        });
    });
    for (int p = 0; p < s.num_players; ++p) write_player(w, s, p);
    w.part("/offer", [&](std::string& o) { put_offer(o, s); });
    w.finish();
}

void update_viewer_parts(const GameState& s, int viewer, ViewParts& parts, const PatchSink* sink) {
    PartWriter w(parts, sink);
    const bool seated = viewer >= 0 && viewer < s.num_players;
    w.part("/viewer", [&](std::string& o) {
        if (seated)
            put_int(o, viewer);
        else
            o += "null";
    });
    if (seated) write_me(w, s, viewer);
    w.finish();
}

nlohmann::json assemble_view(const ViewParts& public_parts, const ViewParts& viewer_parts) {
    using nlohmann::json;
    json view = json::object();
    // Containers first: a pointer into a missing parent would make an object where the players' list
    // is an array.
    const auto make_parents = [&](const json::json_pointer& at, auto&& self) -> void {
        if (at.empty() || view.contains(at)) return;
        const json::json_pointer parent = at.parent_pointer();
        self(parent, self);
        view[at] = at.to_string() == "/players" ? json::array() : json::object();
    };
    const auto place = [&](const ViewParts& parts) {
        for (const ViewPart& p : parts) {
            if (p.text.empty()) continue;
            const json::json_pointer at(p.path);
            make_parents(at.parent_pointer(), make_parents);
            view[at] = json::parse(p.text);
        }
    };
    place(public_parts);
    place(viewer_parts);
    return view;
}

}  // namespace catan::proto
