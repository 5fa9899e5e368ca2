#pragma once
// `catan-server verify FILE` (docs/fairness.md): re-runs a saved replay record (GET
// /api/rooms/{code}/replay) and checks it against the commitment the room published.
#include <iosfwd>
#include <string>

namespace catan::app {

// Prints what it checked to `out` and returns 0 when the record is verified, 1 when something differs
// (named in the output), 2 when it cannot be checked (unreadable, not a record, or a game still
// running, whose seed is not revealed yet).
int run_verify(const std::string& path, std::ostream& out);

}  // namespace catan::app
