#include "catan/net/memory_return.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace catan::net {

namespace {

constexpr std::size_t kTrimAfter = 1024 * 1024;     // dropped bytes worth a trim
constexpr std::int64_t kTrimEveryNs = 1000000000;  // a trim walks every arena under its lock: rarely

std::atomic<std::size_t> dropped_since_trim{0};
std::atomic<std::int64_t> last_trim_ns{0};

}  // namespace

void configure_allocator() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);  // setting it also stops the threshold (and trim threshold) adapting
#endif
}

void dropped_queue(std::size_t bytes) {
    if (dropped_since_trim.fetch_add(bytes, std::memory_order_relaxed) + bytes < kTrimAfter) return;
    const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::steady_clock::now().time_since_epoch())
                                 .count();
    std::int64_t last = last_trim_ns.load(std::memory_order_relaxed);
    if (now - last < kTrimEveryNs || !last_trim_ns.compare_exchange_strong(last, now)) return;
    dropped_since_trim.store(0, std::memory_order_relaxed);
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace catan::net
