#include "catan/room/json_diff.hpp"

namespace catan::room {

using json = nlohmann::json;

namespace {

// RFC 6901: '~' and '/' inside a member name are written "~0" and "~1".
void push_key(std::string& path, const std::string& key) {
    path += '/';
    for (char c : key) {
        if (c == '~')
            path += "~0";
        else if (c == '/')
            path += "~1";
        else
            path += c;
    }
}

void op(json& patch, const char* name, const std::string& path, const json* value) {
    json o = json::object();
    o["op"] = name;
    o["path"] = path;
    if (value) o["value"] = *value;
    patch.push_back(std::move(o));
}

}  // namespace

void append_diff(const json& from, const json& to, std::string& path, json& patch) {
    if (from.type() != to.type()) {
        // 3 (integer) and 3u (unsigned) are equal values stored with different types: nothing to send.
        if (from != to) op(patch, "replace", path, &to);
        return;
    }
    const std::size_t mark = path.size();
    if (from.is_object()) {
        const auto& a = from.get_ref<const json::object_t&>();
        const auto& b = to.get_ref<const json::object_t&>();
        auto x = a.begin();
        auto y = b.begin();
        // Both maps iterate in the same key order, so one merge pass finds removed, added and kept members.
        while (x != a.end() || y != b.end()) {
            if (y == b.end() || (x != a.end() && x->first < y->first)) {
                push_key(path, x->first);
                op(patch, "remove", path, nullptr);
                ++x;
            } else if (x == a.end() || y->first < x->first) {
                push_key(path, y->first);
                op(patch, "add", path, &y->second);
                ++y;
            } else {
                push_key(path, x->first);
                append_diff(x->second, y->second, path, patch);
                ++x;
                ++y;
            }
            path.resize(mark);
        }
        return;
    }
    if (from.is_array()) {
        if (from.size() != to.size()) {
            op(patch, "replace", path, &to);
            return;
        }
        for (std::size_t i = 0; i < from.size(); ++i) {
            path += '/';
            path += std::to_string(i);
            append_diff(from[i], to[i], path, patch);
            path.resize(mark);
        }
        return;
    }
    if (from != to) op(patch, "replace", path, &to);
}

}  // namespace catan::room
