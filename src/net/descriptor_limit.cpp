// The descriptor limit the connection cap is derived from.
#include <algorithm>

#include <sys/resource.h>

#include "catan/net/server.hpp"

namespace catan::net {

std::size_t raise_descriptor_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
    if (limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    if (limit.rlim_cur == RLIM_INFINITY) return kMaxConnectionsDefault + kDescriptorReserve;
    return static_cast<std::size_t>(limit.rlim_cur);
}

std::size_t default_max_connections(std::size_t descriptor_limit) {
    if (descriptor_limit == 0) return 1024 - kDescriptorReserve;  // unknown: the usual default limit
    const std::size_t usable =
        descriptor_limit > 2 * kDescriptorReserve ? descriptor_limit - kDescriptorReserve : descriptor_limit / 2;
    return std::clamp<std::size_t>(usable, 1, kMaxConnectionsDefault);
}

}  // namespace catan::net
