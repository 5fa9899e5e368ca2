#pragma once
// Public API of catan_proto, for every layer that decodes client JSON (proto's codecs; the room layer's
// envelope and room-file readers): strict, allocation-light reading of untrusted JSON, so every reader
// refuses the same things with the same codes, messages and field paths. Readers throw DecodeFailure
// (it keeps them short); only inside strict::guarded (guard.hpp), which hands back a DecodeError value:
// no DecodeFailure may leave a public entry point.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/proto/decode_error.hpp"

namespace catan::proto::strict {

using json = nlohmann::json;

struct DecodeFailure {
    DecodeError error;
};

// Where a value sits in the document. Built on the stack as decoders descend and only turned into a
// string when something is wrong, so a valid document costs no string work.
struct Path {
    const Path* parent = nullptr;
    std::string_view key;  // member name, or empty for an array element
    int index = -1;        // array position, or -1 for a member

    Path child(std::string_view k) const { return Path{this, k, -1}; }
    Path at(std::size_t i) const { return Path{this, {}, static_cast<int>(i)}; }
    std::string str() const;
};

[[noreturn]] void fail(DecodeErrorKind kind, const Path& where, const std::string& message);

// Client strings echoed in messages are clipped and made ASCII, so an error can always be serialised.
std::string quote(std::string_view untrusted);

// Takes each member at most once; finish() rejects members nobody asked for.
class ObjectReader {
public:
    ObjectReader(const json& value, const Path& where);
    const json& required(std::string_view key);
    const json* optional(std::string_view key);
    Path path(std::string_view key) const { return path_.child(key); }
    const Path& where() const { return path_; }
    void finish() const;

private:
    const json& value_;
    Path path_;
    std::vector<std::string_view> taken_;
};

std::int64_t read_int(const json& v, const Path& where, std::int64_t lo, std::int64_t hi);
bool read_bool(const json& v, const Path& where);
const json& read_object(const json& v, const Path& where);
const std::string& read_string(const json& v, const Path& where);
// An array, optionally of an exact length (-1: any length up to max_len).
const json::array_t& read_array(const json& v, const Path& where, int exact_len, std::size_t max_len = 4096);

}  // namespace catan::proto::strict
