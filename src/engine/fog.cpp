// Face-down hexes (R-SF10): a piece reaching a corner of one turns it up, and gold to choose is called
// for once a command's pieces are placed (R-SF7).
#include "catan/engine/scenario.hpp"
#include "sea_rules.hpp"

namespace catan::rules {
namespace {

// Islands are numbered again from the board (the same numbers a loaded game gets); a player's record of
// the islands it built on follows its islands to their new numbers, as a turned hex can join two.
void renumber_islands(GameState& s) {
    Board& b = s.board;
    std::array<std::uint8_t, 17> a_hex{};  // one hex of each island before, by its number
    for (int h = topology(s).hex_count - 1; h >= 0; --h)
        if (b.island[h] && b.island[h] <= 16) a_hex[b.island[h]] = static_cast<std::uint8_t>(h);
    const std::array<std::uint8_t, kMaxHexes> before = b.island;
    assign_islands(topology(s), b, scenario_deserts_divide(s.options.scenario, s.num_players));
    for (PlayerState& pl : s.players) {
        std::uint16_t now = 0;
        for (int i = 1; i <= 16; ++i)
            if (pl.islands >> (i - 1) & 1u && before[a_hex[i]] == i && b.island[a_hex[i]] >= 1 && b.island[a_hex[i]] <= 16)
                now = static_cast<std::uint16_t>(now | 1u << (b.island[a_hex[i]] - 1));
        pl.islands = now;
    }
}

void turn_face_up(GameState& s, int p, int hex, std::vector<Event>* ev) {
    Board& b = s.board;
    b.fog.reset(hex);
    const Terrain k = b.terrain[hex];
    ResourceSet paid;
    if (k == Terrain::Sea) {
        b.sea.set(hex);
    } else if ((produces_resource(k) || k == Terrain::Gold) && b.fog_tokens_left) {
        b.number[hex] = b.fog_tokens[--b.fog_tokens_left];
        b.fog_tokens[b.fog_tokens_left] = 0;
    }
    if (produces_resource(k)) {
        const auto r = static_cast<Resource>(k);
        if (s.bank[r] > 0) paid[r] = 1;  // R-T3: an empty bank pays nothing
        s.players[p].hand += paid;
        s.bank -= paid;
    }
    if (k == Terrain::Gold) ++s.players[p].gold_owed;  // chosen when the command's pieces are placed
    if (k != Terrain::Sea) renumber_islands(s);
    refresh_derived(s);  // the sea, the land, production and the islands all change: rare enough to rebuild
    emit(ev, Event{.type = EventType::HexRevealed, .player = static_cast<std::uint8_t>(p), .a = static_cast<std::uint8_t>(hex),
                   .b = static_cast<std::uint8_t>(k), .value = b.number[hex], .resources = paid});
}

}  // namespace

template <class G>
void reveal_around(GameState& s, int p, int node, std::vector<Event>* ev) {
    if constexpr (G::sea) {
        if (!s.board.fog.any()) return;
        for (std::uint8_t h : G::topo().node_hexes[node])
            if (h != kNone && s.board.fog.test(h)) turn_face_up(s, p, h, ev);
    }
}

template <class G>
void reveal_path_ends(GameState& s, int p, int edge, std::vector<Event>* ev) {
    if constexpr (G::sea) {
        if (!s.board.fog.any()) return;
        for (std::uint8_t n : G::topo().edge_nodes[edge]) reveal_around<G>(s, p, n, ev);
    }
}

void call_for_gold(GameState& s, std::vector<Event>* ev) {
    if (s.phase == Phase::ChooseGold) return;
    bool owed = false;
    for (int p = 0; p < s.num_players; ++p) owed |= s.players[p].gold_owed > 0;
    if (!owed) return;
    if (s.phase == Phase::GameOver) {  // the game ended with this command: nothing is chosen after the end
        for (PlayerState& pl : s.players) pl.gold_owed = 0;
        return;
    }
    for (int p = 0; p < s.num_players; ++p)
        if (const int n = s.players[p].gold_owed)
            emit(ev, Event{.type = EventType::GoldOwed, .player = static_cast<std::uint8_t>(p), .value = static_cast<std::uint16_t>(n)});
    s.after_gold = s.phase;
    s.phase = Phase::ChooseGold;
}

#define CATAN_FOG_FOR(G)                                                            \
    template void reveal_around<G>(GameState&, int, int, std::vector<Event>*);      \
    template void reveal_path_ends<G>(GameState&, int, int, std::vector<Event>*);
CATAN_FOR_EACH_VARIANT(CATAN_FOG_FOR)

}  // namespace catan::rules
