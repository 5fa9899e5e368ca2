#pragma once
// The small vocabulary shared by every codec: names of enums, resource sets, seats, id lists.
#include <cstdint>
#include <optional>
#include <string_view>

#include "catan/engine/state.hpp"
#include "catan/proto/reader.hpp"

namespace catan::proto::detail {

using namespace strict;  // the codecs read with proto's public strict reader

// A resource count on the wire: at most the whole supply of one kind of the largest box (R-S2, R-X4).
inline constexpr int kMaxResourceCount = kLargeRules.bank_per_resource;

// Reverse of catan::to_string for an enum with values 0..count-1.
template <class E>
std::optional<E> from_name(std::string_view name, int count) {
    for (int i = 0; i < count; ++i)
        if (name == to_string(static_cast<E>(i))) return static_cast<E>(i);
    return std::nullopt;
}

template <class E>
E read_name(const json& v, const Path& where, int count, const char* what) {
    const std::string& s = read_string(v, where);
    if (auto e = from_name<E>(s, count)) return *e;
    fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "': " + quote(s) + " is not a " + what);
}

inline constexpr const char* kResponseNames[] = {"pending", "accepted", "declined", "countered"};  // TradeResponse order
inline const char* response_name(TradeResponse r) { return kResponseNames[static_cast<int>(r)]; }

const char* harbor_name(std::uint8_t kind);  // a resource name, or "generic" for 3:1
std::uint8_t read_harbor(const json& v, const Path& where);

// {"brick":1,"ore":2}: zero counts are left out when encoding and may be left out when decoding.
json resources_json(const ResourceSet& r);
// Each count 0..max (a game's bank per resource; by default the largest box's).
ResourceSet read_resources(const json& v, const Path& where, int max = kMaxResourceCount);
Resource read_resource(const json& v, const Path& where);

// Seats and ids 0..count-1; "none" (kNoSeat, kNone) travels as null.
json id_or_null(std::uint8_t id);
std::uint8_t read_id(const json& v, const Path& where, int count);
std::uint8_t read_id_or_null(const json& v, const Path& where, int count);

// Sets of intersections or paths travel as ascending id lists.
json node_list(NodeMask m);
json edge_list(const EdgeMask& m);
// Ids below `count` (a board's intersections / paths; by default the largest board's).
NodeMask read_node_list(const json& v, const Path& where, int count = kMaxNodes);
EdgeMask read_edge_list(const json& v, const Path& where, int count = kMaxEdges);

}  // namespace catan::proto::detail
