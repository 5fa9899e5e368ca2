#include "version.hpp"

#include "catan/proto/version.hpp"

#ifndef CATAN_RELEASE_VERSION
#error "CATAN_RELEASE_VERSION is set by src/app/CMakeLists.txt from the project's version"
#endif

namespace catan::app {

std::string_view release_version() { return CATAN_RELEASE_VERSION; }

std::string version_text() {
    return "catan-server " + std::string(release_version()) + "\ncommit: " + std::string(build_commit()) +
           "\nprotocol: " + std::to_string(proto::kProtocolVersion);
}

std::string version_line() {
    return "catan-server " + std::string(release_version()) + " (commit " + std::string(build_commit()) +
           ", protocol " + std::to_string(proto::kProtocolVersion) + ")";
}

}  // namespace catan::app
