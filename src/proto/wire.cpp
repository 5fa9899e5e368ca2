#include "wire.hpp"

namespace catan::proto::detail {

const char* harbor_name(std::uint8_t kind) {
    return kind < kResourceCount ? to_string(static_cast<Resource>(kind)) : "generic";
}

std::uint8_t read_harbor(const json& v, const Path& where) {
    const std::string& s = read_string(v, where);
    if (s == "generic") return kGenericHarbor;
    if (auto r = from_name<Resource>(s, kResourceCount)) return static_cast<std::uint8_t>(*r);
    fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "': " + quote(s) + " is not a harbor kind");
}

json resources_json(const ResourceSet& r) {
    json j = json::object();
    for (Resource k : kAllResources)
        if (r[k]) j[to_string(k)] = r[k];
    return j;
}

ResourceSet read_resources(const json& v, const Path& where, int max) {
    ResourceSet out;
    for (const auto& [key, count] : read_object(v, where).items()) {
        const Path at = where.child(key);
        const auto r = from_name<Resource>(key, kResourceCount);
        if (!r) fail(DecodeErrorKind::OutOfRange, at, "field " + quote(at.str()) + " is not a resource (brick, lumber, wool, grain, ore)");
        out[*r] = static_cast<std::uint8_t>(read_int(count, at, 0, max));
    }
    return out;
}

Resource read_resource(const json& v, const Path& where) {
    return read_name<Resource>(v, where, kResourceCount, "resource (brick, lumber, wool, grain, ore)");
}

static_assert(kNoSeat == kNone, "one null stands for both");

json id_or_null(std::uint8_t id) { return id == kNoSeat ? json(nullptr) : json(id); }

std::uint8_t read_id(const json& v, const Path& where, int count) {
    return static_cast<std::uint8_t>(read_int(v, where, 0, count - 1));
}

std::uint8_t read_id_or_null(const json& v, const Path& where, int count) {
    return v.is_null() ? kNoSeat : read_id(v, where, count);
}

json node_list(NodeMask m) {
    json a = json::array();
    for_each_node(m, [&](int n) { a.push_back(n); });
    return a;
}

json edge_list(const EdgeMask& m) {
    json a = json::array();
    m.for_each([&](int e) { a.push_back(e); });
    return a;
}

NodeMask read_node_list(const json& v, const Path& where, int count) {
    // Ids up to the largest board's; the engine's state check holds them to this game's board.
    NodeMask m{};
    const auto& a = read_array(v, where, -1, kMaxNodes);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto n = static_cast<int>(read_int(a[i], where.at(i), 0, count - 1));
        if (m.test(n)) fail(DecodeErrorKind::Inconsistent, where.at(i), "intersection listed twice");
        m.set(n);
    }
    return m;
}

EdgeMask read_edge_list(const json& v, const Path& where, int count) {
    EdgeMask m;
    const auto& a = read_array(v, where, -1, kMaxEdges);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto e = static_cast<int>(read_int(a[i], where.at(i), 0, count - 1));
        if (m.test(e)) fail(DecodeErrorKind::Inconsistent, where.at(i), "path listed twice");
        m.set(e);
    }
    return m;
}

}  // namespace catan::proto::detail
