#pragma once
// Writing small JSON values straight into a string, for the hot path of view diffs where building a
// json tree per value would cost more than the value. Only for values this codebase controls:
// integers, booleans, null and names from the protocol's own vocabulary (never user text).
#include <charconv>
#include <cstdint>
#include <string>

namespace catan::proto::detail {

inline void put_int(std::string& out, int value) {
    char buf[12];
    const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
    out.append(buf, end);
}

inline void put_int(std::string& out, std::int64_t value) {
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
    out.append(buf, end);
}

inline void put_bool(std::string& out, bool value) { out += value ? "true" : "false"; }

// A name from our vocabulary ("brick", "MoveRobber" ...): plain ASCII letters, digits and '_'.
inline void put_name(std::string& out, const char* name) {
    out += '"';
    out += name;
    out += '"';
}

// kNoSeat / kNone travel as null.
inline void put_id_or_null(std::string& out, std::uint8_t id, std::uint8_t none) {
    if (id == none)
        out += "null";
    else
        put_int(out, id);
}

// [a,b,c] from calling each(emit) where emit(int) appends one element.
template <class ForEach>
void put_int_list(std::string& out, ForEach&& each) {
    out += '[';
    bool first = true;
    each([&](int v) {
        if (!first) out += ',';
        first = false;
        put_int(out, v);
    });
    out += ']';
}

}  // namespace catan::proto::detail
