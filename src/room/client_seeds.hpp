#pragma once
// Who may choose a game's seed (docs/security.md, "Fairness: nobody chooses the seed"): nobody on a
// normal server. Whoever knows the seed predicts every roll and sees every hidden card while the
// commitment looks normal, so a seed in a client's options is refused unless the server runs with
// the test-only --allow-client-seeds, and a game that was dealt from one is marked for every viewer.
#include <optional>
#include <string>

#include "catan/room/envelope.hpp"
#include "messages.hpp"

namespace catan::room {

// The error answering options that carry a seed on a server that draws its own; none when allowed or
// when there is no seed. `field` names it as the client wrote it ("options.seed", or "seed" in a
// POST /api/rooms body).
inline std::optional<ErrorInfo> refuse_client_seed(const OptionsUpdate& options, bool allowed, std::string field) {
    if (!options.seed || allowed) return std::nullopt;
    return ErrorInfo{std::string(err::kOutOfRange),
                     "this server draws every game's seed itself, so that nobody can predict the dice or the cards; "
                     "leave '" + field + "' out (choosing a seed is for test servers run with --allow-client-seeds)",
                     std::move(field),
                     {}};
}

}  // namespace catan::room
