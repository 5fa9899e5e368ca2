// Request-path normalisation and the embedded / on-disk file lookup.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include "catan/net/static_files.hpp"

namespace catan::net {

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::optional<std::string> normalize_request_path(std::string_view target) {
    if (target.empty() || target.front() != '/') return std::nullopt;  // only origin-form targets
    if (const auto q = target.find_first_of("?#"); q != std::string_view::npos) target = target.substr(0, q);
    if (target.size() > 1024) return std::nullopt;

    // Decode percent escapes once; anything odd in the raw or decoded form is refused.
    std::string decoded;
    decoded.reserve(target.size());
    for (std::size_t i = 0; i < target.size(); ++i) {
        char c = target[i];
        if (c == '%') {
            if (i + 2 >= target.size()) return std::nullopt;
            const int hi = hex_value(target[i + 1]), lo = hex_value(target[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
            if (c == '%') return std::nullopt;  // no double encoding
        }
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f || c == '\\') return std::nullopt;
        decoded.push_back(c);
    }

    // Split into segments; "." and ".." and hidden names are refused, empty segments collapse.
    std::string out;
    std::size_t pos = 1;
    bool trailing_slash = decoded.size() == 1 || decoded.back() == '/';
    while (pos <= decoded.size()) {
        auto next = decoded.find('/', pos);
        if (next == std::string::npos) next = decoded.size();
        const std::string_view seg(decoded.data() + pos, next - pos);
        pos = next + 1;
        if (seg.empty()) continue;
        if (seg.front() == '.') return std::nullopt;  // ".", "..", ".git", ".env" ...
        if (seg.find(':') != std::string_view::npos) return std::nullopt;
        if (!out.empty()) out.push_back('/');
        out.append(seg);
    }
    if (trailing_slash) {
        if (!out.empty()) out.push_back('/');
        out += "index.html";
    }
    return out;
}

StaticFiles::StaticFiles(std::span<const EmbeddedFile> embedded, std::filesystem::path disk_root)
    : embedded_(embedded), disk_root_(std::move(disk_root)) {
    if (!disk_root_.empty()) {
        std::error_code ec;
        auto canonical = std::filesystem::canonical(disk_root_, ec);
        if (!ec) disk_root_ = canonical;
    }
}

std::optional<Asset> StaticFiles::find(std::string_view path) const {
    Asset asset;
    asset.mime = mime_type(path);
    if (!from_disk()) {
        const auto it = std::lower_bound(embedded_.begin(), embedded_.end(), path,
                                         [](const EmbeddedFile& f, std::string_view p) { return f.path < p; });
        if (it == embedded_.end() || it->path != path) return std::nullopt;
        asset.data = it->data;
        asset.gzip = it->gzip;
        asset.etag = std::string(it->etag);
        asset.cache_control = cache_control_for(path);
        return asset;
    }
    // Development: read from disk, and make sure symbolic links do not lead out of the root.
    std::error_code ec;
    const auto file = std::filesystem::weakly_canonical(disk_root_ / std::filesystem::path(std::string(path)), ec);
    if (ec) return std::nullopt;
    const auto rel = file.lexically_relative(disk_root_);
    if (rel.empty() || *rel.begin() == "..") return std::nullopt;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream content;
    content << in.rdbuf();
    auto owned = std::make_shared<const std::string>(std::move(content).str());
    asset.data = *owned;
    asset.owned = std::move(owned);
    asset.etag = make_etag(asset.data);
    asset.cache_control = "no-cache";
    return asset;
}

}  // namespace catan::net
