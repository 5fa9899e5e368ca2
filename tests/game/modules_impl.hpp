#pragma once
#include <type_traits>

#include <catch2/catch.hpp>

namespace gametest {

template <class Step>
Played play_bots(const Case& c, std::uint64_t seed, int cap, Step&& step) {
    using namespace catan::game;
    Played p{c.module->start(c.options, seed), {}};
    const SeatMask everyone = (SeatMask{1} << p.session->players()) - 1;
    std::vector<BotPtr> bots;
    for (int seat = 0; seat < p.session->players(); ++seat) bots.push_back(c.module->make_bot(c.module->bot_levels().front(), {}));
    for (int i = 0; i < cap && !p.session->over(); ++i) {
        bool waiting = false;
        const int seat = p.session->seat_for_bots(everyone, waiting);
        REQUIRE(seat >= 0);
        const MovePtr move = p.session->bot_job(seat, bots[seat], seed * 7919 + static_cast<std::uint64_t>(i))();
        REQUIRE(move);
        REQUIRE(move->seat() == seat);
        const auto applied = p.session->apply(*move);
        if (const auto* e = std::get_if<Error>(&applied)) FAIL("bot move " << move->json().dump() << " refused: " << e->message);
        p.log.push_back({seat, move->json()});
        if constexpr (std::is_invocable_v<Step&, const Session&, const std::vector<LoggedMove>&, const Applied&>)
            step(*p.session, p.log, std::get<Applied>(applied));
        else
            step(*p.session, p.log);
    }
    return p;
}

}  // namespace gametest
