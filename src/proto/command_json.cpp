#include "catan/proto/command_json.hpp"

#include "catan/proto/guard.hpp"
#include "wire.hpp"

namespace catan::proto {

using namespace detail;

json command_json(const Command& c) {
    json j = {{"type", to_string(c.type)}};
    switch (c.type) {
        case CommandType::BuildRoad: j["path"] = c.target; break;
        case CommandType::BuildSettlement:
        case CommandType::BuildCity: j["intersection"] = c.target; break;
        case CommandType::PlayInvention: j["take"] = resources_json(c.give); break;
        case CommandType::PlayMonopoly: j["resource"] = to_string(static_cast<Resource>(c.target)); break;
        case CommandType::Discard: j["cards"] = resources_json(c.give); break;
        case CommandType::MoveRobber:
            j["hex"] = c.target;
            if (c.victim != kNoSeat) j["victim"] = c.victim;
            break;
        case CommandType::BankTrade:
            j["give"] = to_string(static_cast<Resource>(c.target));
            j["get"] = to_string(static_cast<Resource>(c.resource));
            break;
        case CommandType::ProposeTrade:
        case CommandType::CounterTrade:
            j["give"] = resources_json(c.give);
            j["want"] = resources_json(c.want);
            if (c.type == CommandType::ProposeTrade && c.victim != kNoSeat) j["to"] = c.victim;
            break;
        case CommandType::ConfirmTrade: j["with"] = c.victim; break;
        case CommandType::BuildShip: j["path"] = c.target; break;
        case CommandType::MoveShip:
            j["from"] = c.target;
            j["to"] = c.to;
            break;
        case CommandType::MovePirate:
            j["hex"] = c.target;
            if (c.victim != kNoSeat) j["victim"] = c.victim;
            break;
        case CommandType::ChooseGold: j["resources"] = resources_json(c.give); break;
        default: break;  // the type alone says it all
    }
    return j;
}

namespace {

std::uint8_t field_id(ObjectReader& r, std::string_view key, int count) {
    return static_cast<std::uint8_t>(read_int(r.required(key), r.path(key), 0, count - 1));
}

std::uint8_t read_resource_id(ObjectReader& r, std::string_view key) {
    return static_cast<std::uint8_t>(read_resource(r.required(key), r.path(key)));
}

Command decode(const json& j, int seat, const CommandBounds& b) {
    const Path root;
    if (seat < 0 || seat >= b.seats) fail(DecodeErrorKind::OutOfRange, root.child("seat"), "no such seat");
    if (!j.is_object()) fail(DecodeErrorKind::Malformed, root, "a command must be a JSON object");
    ObjectReader r(j, root);
    const std::string& name = read_string(r.required("type"), r.path("type"));
    const auto type = from_name<CommandType>(name, kCommandTypeCount);
    if (!type) fail(DecodeErrorKind::UnknownType, r.path("type"), "unknown command type " + quote(name));

    Command c = cmd::make(*type, seat);
    switch (c.type) {
        case CommandType::BuildRoad: c.target = field_id(r, "path", b.paths); break;
        case CommandType::BuildSettlement:
        case CommandType::BuildCity: c.target = field_id(r, "intersection", b.intersections); break;
        case CommandType::PlayInvention: c.give = read_resources(r.required("take"), r.path("take"), b.cards); break;
        case CommandType::PlayMonopoly: c.target = read_resource_id(r, "resource"); break;
        case CommandType::Discard: c.give = read_resources(r.required("cards"), r.path("cards"), b.cards); break;
        case CommandType::MoveRobber:
            c.target = field_id(r, "hex", b.hexes);
            // No victim (nobody to rob) may be written as a missing field or as null.
            if (const json* v = r.optional("victim")) c.victim = read_id_or_null(*v, r.path("victim"), b.seats);
            break;
        case CommandType::BankTrade:
            c.target = read_resource_id(r, "give");
            c.resource = read_resource_id(r, "get");
            break;
        case CommandType::ProposeTrade:
        case CommandType::CounterTrade:
            c.give = read_resources(r.required("give"), r.path("give"), b.cards);
            c.want = read_resources(r.required("want"), r.path("want"), b.cards);
            // An offer goes to everyone unless it names one seat ("to"; null also means everyone).
            if (c.type == CommandType::ProposeTrade)
                if (const json* to = r.optional("to")) c.victim = read_id_or_null(*to, r.path("to"), b.seats);
            break;
        case CommandType::ConfirmTrade: c.victim = field_id(r, "with", b.seats); break;
        case CommandType::BuildShip: c.target = field_id(r, "path", b.paths); break;
        case CommandType::MoveShip:
            c.target = field_id(r, "from", b.paths);
            c.to = field_id(r, "to", b.paths);
            break;
        case CommandType::MovePirate:
            c.target = field_id(r, "hex", b.hexes);
            if (const json* v = r.optional("victim")) c.victim = read_id_or_null(*v, r.path("victim"), b.seats);
            break;
        case CommandType::ChooseGold: c.give = read_resources(r.required("resources"), r.path("resources"), b.cards); break;
        default: break;
    }
    r.finish();
    return c;
}

}  // namespace

CommandBounds command_bounds(BoardKind board, int players) {
    const Topology& t = topology(board);
    return {t.hex_count, t.node_count, t.edge_count, players, ruleset(board).bank_per_resource};
}

CommandBounds command_bounds(const GameState& game) { return command_bounds(game.board_kind, game.num_players); }

Decoded<Command> decode_command(const json& message, int seat, const CommandBounds& bounds) {
    return guarded([&] { return decode(message, seat, bounds); });
}

Decoded<Command> decode_command(std::string_view text, int seat, const CommandBounds& bounds) {
    return guarded([&] { return decode(parse_or_fail(text), seat, bounds); });
}

}  // namespace catan::proto
