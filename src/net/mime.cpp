// MIME types, compressibility and ETags: shared by the server and the build-time embedding tool.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include "catan/net/static_files.hpp"

namespace catan::net {

namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 26> kTypes{{
    {"html", "text/html; charset=utf-8"},
    {"htm", "text/html; charset=utf-8"},
    {"css", "text/css; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"mjs", "text/javascript; charset=utf-8"},
    {"json", "application/json"},
    {"map", "application/json"},
    {"webmanifest", "application/manifest+json"},
    {"txt", "text/plain; charset=utf-8"},
    {"md", "text/markdown; charset=utf-8"},
    {"xml", "application/xml"},
    {"svg", "image/svg+xml"},
    {"png", "image/png"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"gif", "image/gif"},
    {"webp", "image/webp"},
    {"avif", "image/avif"},
    {"ico", "image/vnd.microsoft.icon"},
    {"woff", "font/woff"},
    {"woff2", "font/woff2"},
    {"ttf", "font/ttf"},
    {"otf", "font/otf"},
    {"wasm", "application/wasm"},
    {"mp3", "audio/mpeg"},
    {"ogg", "audio/ogg"},
}};

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

std::string_view mime_type(std::string_view path) {
    const auto slash = path.find_last_of('/');
    const auto name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const auto dot = name.find_last_of('.');
    if (dot == std::string_view::npos) return "application/octet-stream";
    std::string ext(name.substr(dot + 1));
    std::transform(ext.begin(), ext.end(), ext.begin(), lower);
    for (const auto& [e, type] : kTypes)
        if (e == ext) return type;
    return "application/octet-stream";
}

bool compressible(std::string_view mime) {
    return mime.starts_with("text/") || mime.starts_with("application/json") ||
           mime.starts_with("application/manifest+json") || mime.starts_with("application/xml") ||
           mime.starts_with("image/svg+xml") || mime.starts_with("application/wasm") ||
           mime.starts_with("image/vnd.microsoft.icon") || mime.starts_with("font/ttf") ||
           mime.starts_with("font/otf");
}

std::string make_etag(std::string_view data) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char c : data) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "\"%016llx\"", static_cast<unsigned long long>(h));
    return buf;
}

// Pages, modules and styles are revalidated on every load (a cheap 304 thanks to the ETag): after an
// upgrade a browser must never run a mix of old and new modules. Images may be cached a little.
std::string cache_control_for(std::string_view path) {
    for (std::string_view ext : {".html", ".js", ".mjs", ".css", ".json", ".webmanifest"})
        if (path.ends_with(ext)) return "no-cache";
    return "public, max-age=300";
}

}  // namespace catan::net
