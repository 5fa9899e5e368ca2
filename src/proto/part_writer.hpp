#pragma once
// Writing view parts (catan/proto/view_parts.hpp) and diffing them into patch ops: shared by the game
// view's parts and the statistics' parts (game_stats.cpp). Private to proto.
#include <stdexcept>
#include <string>
#include <string_view>

#include "catan/engine/types.hpp"
#include "catan/proto/view_parts.hpp"
#include "json_text.hpp"

namespace catan::proto::detail {

// Walks the parts in their fixed order, writing each into a scratch string and, with a sink,
// comparing it with what was there: the one place where parts become ops.
class PartWriter {
public:
    PartWriter(ViewParts& parts, const PatchSink* sink) : parts_(parts), sink_(sink) {}
    PartWriter(const PartWriter&) = delete;
    PartWriter& operator=(const PartWriter&) = delete;

    // After the last part: parts left over belonged to a bigger view.
    void finish() {
        if (sink_ && next_ != parts_.size()) throw std::logic_error("view parts: a different game's parts were diffed");
        parts_.resize(next_);
    }

    // `write(out)` appends the part's JSON to out, or nothing to leave the member absent.
    template <class Write>
    void part(std::string_view path, Write&& write, bool fixed = false) {
        if (next_ == parts_.size()) {
            if (sink_) throw std::logic_error("view parts: a different game's parts were diffed");
            parts_.push_back({std::string(path), {}});
        }
        ViewPart& p = parts_[next_++];
        if (p.path != path) {
            if (sink_) throw std::logic_error("view parts: a different game's parts were diffed");
            p.path = path;
            p.text.clear();
            fixed = false;
        }
        if (fixed && !p.text.empty()) return;
        scratch_.clear();
        write(scratch_);
        if (sink_ && scratch_ != p.text) emit(p.path, p.text.empty() ? "add" : scratch_.empty() ? "remove" : "replace");
        p.text.swap(scratch_);
    }

    // The path of a member of player p ("/players/2/cards"), built in a reused buffer.
    std::string_view player_path(int p, std::string_view member) {
        path_ = "/players/";
        put_int(path_, p);
        path_ += '/';
        path_ += member;
        return path_;
    }

private:
    void emit(const std::string& path, const char* op) {
        std::string& ops = sink_->ops;
        if (!ops.empty()) ops += ',';
        ops += R"({"op":")";
        ops += op;
        ops += R"(","path":")";
        ops += sink_->prefix;
        ops += path;  // our paths need no RFC 6901 escaping
        ops += '"';
        if (!scratch_.empty()) {
            ops += R"(,"value":)";
            ops += scratch_;
        }
        ops += '}';
    }

    ViewParts& parts_;
    const PatchSink* sink_;
    std::size_t next_ = 0;
    std::string scratch_;
    std::string path_;
};

// Views list every kind, zeros included, so a client can render a hand without defaults.
inline void put_all_resources(std::string& out, const ResourceSet& r) {
    char sep = '{';
    for (Resource k : kAllResources) {
        out += sep;
        sep = ',';
        put_name(out, to_string(k));
        out += ':';
        put_int(out, r[k]);
    }
    out += '}';
}

}  // namespace catan::proto::detail
