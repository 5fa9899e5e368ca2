#include "catan/proto/reader.hpp"

#include <algorithm>

namespace catan::proto::strict {

std::string Path::str() const {
    if (!parent) return {};
    std::string s = parent->str();
    if (index >= 0) return s + "[" + std::to_string(index) + "]";
    if (!s.empty()) s += '.';
    s.append(key);
    return s;
}

namespace {
std::string clip(std::string_view untrusted, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < untrusted.size() && i < max; ++i) {
        const char ch = untrusted[i];
        out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
    }
    if (untrusted.size() > max) out += "...";
    return out;
}
}  // namespace

void fail(DecodeErrorKind kind, const Path& where, const std::string& message) {
    // A path may hold a client's key: keep it short and ASCII like any echoed text.
    throw DecodeFailure{DecodeError{kind, clip(where.str(), 80), message}};
}

std::string quote(std::string_view untrusted) {
    std::string out = clip(untrusted, 32);
    out.insert(out.begin(), '\'');  // not "'" + s: GCC 12 -O3 raises a false -Wrestrict on that form
    out.push_back('\'');
    return out;
}

namespace {
const char* type_name(const json& v) {
    if (v.is_number_integer()) return "an integer";
    if (v.is_number()) return "a fractional number";
    return v.type_name();
}

[[noreturn]] void wrong_type(const json& v, const Path& where, const char* expected) {
    const std::string field = where.str();
    fail(DecodeErrorKind::WrongType, where,
         (field.empty() ? std::string("the message") : "field '" + field + "'") + " must be " + expected + ", not " +
             type_name(v));
}
}  // namespace

ObjectReader::ObjectReader(const json& value, const Path& where) : value_(value), path_(where) {
    if (!value.is_object()) wrong_type(value, where, "an object");
}

const json* ObjectReader::optional(std::string_view key) {
    const auto it = value_.find(key);
    if (it == value_.end()) return nullptr;
    taken_.push_back(key);
    return &*it;
}

const json& ObjectReader::required(std::string_view key) {
    if (const json* v = optional(key)) return *v;
    const std::string field = path_.child(key).str();
    fail(DecodeErrorKind::MissingField, path_.child(key), "missing field '" + field + "'");
}

void ObjectReader::finish() const {
    if (taken_.size() == value_.size()) return;
    for (const auto& [key, unused] : value_.items()) {
        if (std::find(taken_.begin(), taken_.end(), key) != taken_.end()) continue;
        const Path where = path_.child(key);
        std::string field = where.str();
        fail(DecodeErrorKind::UnexpectedField, where, "unexpected field " + quote(field));
    }
}

std::int64_t read_int(const json& v, const Path& where, std::int64_t lo, std::int64_t hi) {
    if (!v.is_number_integer()) wrong_type(v, where, "an integer");
    // Huge unsigned values do not fit int64; they are out of every range we accept anyway.
    const bool fits = !v.is_number_unsigned() || v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi);
    const std::int64_t n = fits ? v.get<std::int64_t>() : hi + 1;
    if (n < lo || n > hi)
        fail(DecodeErrorKind::OutOfRange, where,
             "field '" + where.str() + "' must be between " + std::to_string(lo) + " and " + std::to_string(hi));
    return n;
}

bool read_bool(const json& v, const Path& where) {
    if (!v.is_boolean()) wrong_type(v, where, "true or false");
    return v.get<bool>();
}

const json& read_object(const json& v, const Path& where) {
    if (!v.is_object()) wrong_type(v, where, "an object");
    return v;
}

const std::string& read_string(const json& v, const Path& where) {
    if (!v.is_string()) wrong_type(v, where, "a string");
    return v.get_ref<const std::string&>();
}

const json::array_t& read_array(const json& v, const Path& where, int exact_len, std::size_t max_len) {
    if (!v.is_array()) wrong_type(v, where, "an array");
    const auto& a = v.get_ref<const json::array_t&>();
    if (exact_len >= 0 && a.size() != static_cast<std::size_t>(exact_len))
        fail(DecodeErrorKind::OutOfRange, where,
             "field '" + where.str() + "' must hold exactly " + std::to_string(exact_len) + " entries");
    if (a.size() > max_len)
        fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' has too many entries");
    return a;
}

}  // namespace catan::proto::strict
