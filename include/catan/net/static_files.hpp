#pragma once
// Static files of the web client: the table the build embeds into the binary (see src/net/embed_web.cpp),
// a development mode that serves a directory from disk instead, and the request-path rules that keep
// both inside their root. No Beast here: the HTTP session turns an Asset into a response.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace catan::net {

// One embedded file. `gzip` is empty when compressing did not help; `etag` is quoted.
struct EmbeddedFile {
    std::string_view path;  // relative, '/'-separated, e.g. "index.html", "img/board.svg"
    std::string_view data;
    std::string_view gzip;
    std::string_view etag;
};

// The web client embedded into catan-server at build time (generated from web/).
std::span<const EmbeddedFile> web_assets();

// A file ready to be served.
struct Asset {
    std::string_view data;
    std::string_view gzip;       // empty: no compressed variant
    std::string etag;            // quoted; the gzip variant's is derived from it
    std::string_view mime;
    std::string cache_control;
    std::shared_ptr<const std::string> owned;  // keeps `data` alive for files read from disk
};

// Turns the path of a request target into a safe path relative to the web root, or nothing when the
// target must be refused: not origin-form, a backslash, NUL or control character (raw or
// percent-encoded), a bad percent escape, a "." or ".." segment (also when encoded, e.g. "..%2f"), or a
// segment that starts with a dot. The query string is ignored. "/" and a trailing "/" mean index.html.
std::optional<std::string> normalize_request_path(std::string_view target);

// The MIME type for a path's extension ("application/octet-stream" when unknown).
std::string_view mime_type(std::string_view path);
// Whether a file of this type is worth compressing (text, JSON, SVG, JavaScript, WebAssembly ...).
bool compressible(std::string_view mime);
// A strong ETag for these bytes (FNV-1a 64, quoted).
std::string make_etag(std::string_view data);

// The files the server serves: the embedded table, or a directory on disk when `disk_root` is set
// (development: always revalidated, never compressed).
class StaticFiles {
public:
    explicit StaticFiles(std::span<const EmbeddedFile> embedded, std::filesystem::path disk_root = {});
    // `path` is the output of normalize_request_path.
    std::optional<Asset> find(std::string_view path) const;
    bool from_disk() const { return !disk_root_.empty(); }
    std::size_t embedded_count() const { return embedded_.size(); }

private:
    std::span<const EmbeddedFile> embedded_;
    std::filesystem::path disk_root_;
};

// Cache-Control for a served path: the HTML entry point is always revalidated; other assets may be
// cached for a short while.
std::string cache_control_for(std::string_view path);

}  // namespace catan::net
