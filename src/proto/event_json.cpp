#include "catan/proto/event_json.hpp"

#include "wire.hpp"

namespace catan::proto {

using namespace detail;

const SeatNames& default_seat_names() {
    static const SeatNames names = [] {
        SeatNames n;
        for (int p = 0; p < kMaxPlayers; ++p) n[p] = "Seat " + std::to_string(p);
        return n;
    }();
    return names;
}

namespace {

// "2 brick, 1 ore" (or "nothing").
std::string cards_text(const ResourceSet& r) {
    std::string s;
    for (Resource k : kAllResources) {
        if (!r[k]) continue;
        if (!s.empty()) s += ", ";
        s += std::to_string(r[k]) + " " + to_string(k);
    }
    return s.empty() ? "nothing" : s;
}

const char* card_text(int kind) {
    static constexpr const char* names[] = {"Knight", "Road Building", "Invention", "Monopoly", "Victory Point"};
    return kind < kDevCardKinds ? names[kind] : "?";
}

struct Writer {
    const Event& e;
    const SeatNames& names;
    json j;

    std::string who(std::uint8_t seat) const { return seat < kMaxPlayers ? names[seat] : "nobody"; }
    std::string p() const { return who(e.player); }
    std::string o() const { return who(e.other); }
};

// The only two secrets an event can carry (see the header).
bool sees_stolen_card(const Event& e, int viewer) { return viewer >= 0 && (viewer == e.player || viewer == e.other); }
bool sees_bought_card(const Event& e, int viewer) { return viewer >= 0 && viewer == e.player; }

std::string describe(Writer& w, int viewer) {
    const Event& e = w.e;
    json& j = w.j;
    const std::string resource_a = e.a < kResourceCount ? to_string(static_cast<Resource>(e.a)) : "?";
    switch (e.type) {
        case EventType::DiceRolled:
            j["dice"] = {e.a, e.b};
            j["sum"] = e.value;
            return w.p() + " rolled " + std::to_string(e.value) + " (" + std::to_string(e.a) + " + " + std::to_string(e.b) + ").";
        case EventType::Produced:
            j["resources"] = resources_json(e.resources);
            return w.p() + " received " + cards_text(e.resources) + ".";
        case EventType::ProductionBlocked:
            j["resource"] = resource_a;
            return "The bank is short of " + resource_a + ": nobody receives " + resource_a + ".";
        case EventType::StartingResources:
            j["resources"] = resources_json(e.resources);
            return w.p() + " received starting resources: " + cards_text(e.resources) + ".";
        case EventType::Discarded:
            j["resources"] = resources_json(e.resources);
            return w.p() + " discarded " + cards_text(e.resources) + ".";
        case EventType::RobberMoved:
            j["hex"] = e.a;
            return w.p() + " moved the robber to hex " + std::to_string(e.a) + ".";
        case EventType::Stole:
            j["victim"] = e.other;
            if (!sees_stolen_card(e, viewer)) return w.p() + " stole a card from " + w.o() + ".";
            for (Resource k : kAllResources)
                if (e.resources[k]) j["resource"] = to_string(k);
            return w.p() + " stole " + cards_text(e.resources) + " from " + w.o() + ".";
        case EventType::StealFailed:
            j["victim"] = e.other;
            return w.p() + " tried to rob " + w.o() + ", who had no cards.";
        case EventType::Built: {
            static constexpr const char* pieces[] = {"road", "settlement", "city", "ship"};
            const char* piece = e.a < 4 ? pieces[e.a] : "?";
            const bool on_path = e.a == 0 || e.a == 3;
            j["piece"] = piece;
            j[on_path ? "path" : "intersection"] = e.value;
            return w.p() + " built a " + piece + (on_path ? " on path " : " at intersection ") + std::to_string(e.value) + ".";
        }
        case EventType::DevCardBought:
            if (!sees_bought_card(e, viewer)) return w.p() + " bought a development card.";
            j["card"] = to_string(static_cast<DevCard>(e.a));
            return w.p() + " bought a development card: " + card_text(e.a) + ".";
        case EventType::DevCardPlayed:
            j["card"] = to_string(static_cast<DevCard>(e.a));
            return w.p() + " played " + card_text(e.a) + ".";
        case EventType::InventionTaken:
            j["resources"] = resources_json(e.resources);
            return w.p() + " took " + cards_text(e.resources) + " from the bank.";
        case EventType::MonopolyTaken:
            j["from"] = e.other;
            j["resource"] = resource_a;
            j["count"] = e.value;
            return w.p() + " took " + std::to_string(e.value) + " " + resource_a + " from " + w.o() + ".";
        case EventType::BankTraded:
            j["gave"] = resources_json(e.resources);
            j["got"] = resources_json(e.other_resources);
            return w.p() + " traded " + cards_text(e.resources) + " with the bank for " + cards_text(e.other_resources) + ".";
        case EventType::TradeProposed:
            j["give"] = resources_json(e.resources);
            j["want"] = resources_json(e.other_resources);
            j["to"] = id_or_null(e.other);
            return w.p() + " offers " + cards_text(e.resources) + " for " + cards_text(e.other_resources) +
                   (e.other == kNoSeat ? std::string(".") : " to " + w.o() + ".");
        case EventType::TradeAccepted:
            j["by"] = e.other;
            return w.o() + " accepted the offer of " + w.p() + ".";
        case EventType::TradeDeclined:
            j["by"] = e.other;
            return w.o() + " declined the offer of " + w.p() + ".";
        case EventType::TradeCountered:
            j["by"] = e.other;
            j["give"] = resources_json(e.resources);  // given by the countering seat, as in its command
            j["want"] = resources_json(e.other_resources);
            return w.o() + " counters: " + cards_text(e.resources) + " for " + cards_text(e.other_resources) + ".";
        case EventType::TradeCompleted:
            j["with"] = e.other;
            j["gave"] = resources_json(e.resources);
            j["got"] = resources_json(e.other_resources);
            return w.p() + " gave " + cards_text(e.resources) + " to " + w.o() + " for " + cards_text(e.other_resources) + ".";
        case EventType::TradeCancelled:
            return "The trade offer of " + w.p() + " is closed.";
        case EventType::LongestRoadChanged:
            j["holder"] = id_or_null(e.player);
            j["previous"] = id_or_null(e.other);
            j["length"] = e.value;
            return e.player == kNoSeat ? std::string("Longest Road goes back to the bank.")
                                       : w.p() + " takes Longest Road (" + std::to_string(e.value) + " roads).";
        case EventType::LargestArmyChanged:
            j["holder"] = id_or_null(e.player);
            j["previous"] = id_or_null(e.other);
            j["knights"] = e.value;
            return w.p() + " takes Largest Army (" + std::to_string(e.value) + " knights).";
        case EventType::TurnEnded:
            return w.p() + " ended the turn.";
        case EventType::TurnStarted:
            j["turn"] = e.value;
            return "Turn " + std::to_string(e.value) + ": " + w.p() + " to play.";
        case EventType::HexProduced:
            j["hex"] = e.a;
            j["resources"] = resources_json(e.resources);
            return "Hex " + std::to_string(e.a) + " paid " + w.p() + " " + cards_text(e.resources) + ".";
        case EventType::BuildPhaseStarted:
            j["kind"] = e.a == 1 ? "paired" : "special";
            return e.a == 1 ? w.p() + " takes the paired build phase: bank trades, building, buying, one card."
                            : w.p() + " may build and buy now (special building phase).";
        case EventType::FirstRoll:
            j["dice"] = {e.a, e.b};
            j["round"] = e.value;
            return w.p() + " rolls " + std::to_string(e.a + e.b) + " for first player" +
                   (e.value > 1 ? " (re-roll " + std::to_string(e.value - 1) + ")." : std::string("."));
        case EventType::GameWon:
            j["vp"] = e.value;
            return w.p() + " wins with " + std::to_string(e.value) + " victory points!";
        case EventType::ShipMoved:
            j["from"] = e.a;
            j["to"] = e.b;
            return w.p() + " moved a ship from path " + std::to_string(e.a) + " to path " + std::to_string(e.b) + ".";
        case EventType::PirateMoved:
            j["hex"] = e.a;
            return w.p() + " moved the pirate to hex " + std::to_string(e.a) + ".";
        case EventType::GoldOwed:
            j["count"] = e.value;
            return w.p() + " chooses " + std::to_string(e.value) + (e.value == 1 ? " resource" : " resources") + " from the gold fields.";
        case EventType::GoldChosen:
            j["resources"] = resources_json(e.resources);
            return w.p() + " took " + cards_text(e.resources) + " from the gold fields.";
        case EventType::IslandSettled:
            j["island"] = e.a;
            j["vp"] = e.value;
            return e.value ? w.p() + " settled island " + std::to_string(e.a) + " and won " + std::to_string(e.value) + " victory points."
                           : w.p() + " settled island " + std::to_string(e.a) + ".";
        case EventType::HexRevealed: {
            const auto terrain = static_cast<Terrain>(e.b);
            j["hex"] = e.a;
            j["terrain"] = to_string(terrain);
            j["number"] = e.value ? json(e.value) : json(nullptr);
            j["resources"] = resources_json(e.resources);
            std::string text = w.p() + " turned up " + to_string(terrain);
            if (e.value) text += " " + std::to_string(e.value);
            text += " (hex " + std::to_string(e.a) + ")";
            if (!e.resources.empty()) text += " and took " + cards_text(e.resources);
            return text + ".";
        }
    }
    return {};
}

// Award events name a holder instead of an acting player.
bool has_actor(EventType t) {
    return t != EventType::ProductionBlocked && t != EventType::LongestRoadChanged && t != EventType::LargestArmyChanged;
}

}  // namespace

json event_json(const Event& event, int viewer, const SeatNames& names) {
    Writer w{event, names, json{{"type", to_string(event.type)}}};
    if (has_actor(event.type)) w.j["player"] = event.player;
    w.j["text"] = describe(w, viewer);
    return std::move(w.j);
}

bool events_differ_by_viewer(const std::vector<Event>& events) {
    for (const Event& e : events)
        if (e.type == EventType::Stole || e.type == EventType::DevCardBought) return true;  // describe()'s two secrets
    return false;
}

json events_json(const std::vector<Event>& events, int viewer, const SeatNames& names) {
    json a = json::array();
    for (const Event& e : events) a.push_back(event_json(e, viewer, names));
    return a;
}

}  // namespace catan::proto
