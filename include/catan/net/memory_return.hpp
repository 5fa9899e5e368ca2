#pragma once
// Giving memory back to the operating system once a slow reader's queue is
// thrown away. glibc keeps freed memory for reuse: its mmap threshold rises to the size of the
// largest block freed (up to 32 MiB), so after a few ~230 KB snapshots are freed every later one
// comes from the heap, and the heap shrinks only from its top. Measured with [slow-readers] on the
// code before the send queue limits (docs/performance.md): 64 dropped slow readers left 47-438 MiB
// resident; with a fixed threshold or a trim after the drops, 1-6 MiB.
#include <cstddef>

namespace catan::net {

// Fixes the allocator's mmap threshold at 128 KiB (its starting value), so large blocks (snapshots,
// replay records) are mapped and unmapped on their own instead of staying in the heap. Process-wide:
// called once by `serve` before any thread starts; a no-op without glibc.
void configure_allocator();

// A connection dropped `bytes` of queued messages: once enough was dropped, and at most once a second
// for the whole process, freed heap pages are returned too (malloc_trim). Thread-safe.
void dropped_queue(std::size_t bytes);

}  // namespace catan::net
