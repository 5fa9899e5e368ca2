// SeatTable on its own (seat_table.hpp): the lobby's seat orders and the token look-up.
#include <catch2/catch.hpp>

#include "catan/room/secret.hpp"
#include "seat_table.hpp"

using namespace catan::room;

TEST_CASE("seat table: the start compacts seats in order, fewer players move the seats past the count down", "[room]") {
    SeatTable seats;
    seats.take(1, "Ana", true);
    seats.take(3, "Bo", false);
    seats.take(5, "Cy", false);
    CHECK(seats.seated() == 3);
    CHECK(seats.compacted() == SeatSource{1, 3, 5, -1, -1, -1});
    CHECK(seats.shrunk(4) == SeatSource{5, 1, -1, 3, -1, -1});  // seat 5 moves into the first free one, 0
    const SeatSource moved = seats.reseat(seats.compacted());
    CHECK(moved == SeatSource{-1, 0, -1, 1, -1, 2});
    CHECK(seats[0].name == "Ana");
    CHECK(seats[2].name == "Cy");
    CHECK_FALSE(seats[3].taken);
    CHECK(seats.host() == 0);
}

TEST_CASE("seat table: one host, tokens find their seat (bots have none), names clash when they look alike", "[room]") {
    SeatTable seats;
    seats.take(0, "Ana", true).token_hash = secret_hash("token-a");
    seats.take(1, "Bo", true).token_hash = secret_hash("token-b");
    CHECK_FALSE(seats[0].host);  // whoever last proved the key
    CHECK(seats.host() == 1);
    seats.take(2, seats.free_bot_name(), false).bot = "basic";
    CHECK(seats[2].name == "Bot 1");
    CHECK(seats.free_bot_name() == "Bot 2");
    CHECK(seats.seat_of_token(secret_hash("token-b")) == 1);
    CHECK(seats.seat_of_token(secret_hash("nobody")) == -1);
    bool looks_alike = false;
    CHECK(seats.name_clash("ana", looks_alike) != nullptr);
    CHECK(seats.name_clash("Cy", looks_alike) == nullptr);
    CHECK(seats.first_free(4) == 3);
    seats.free(1);
    CHECK(seats.first_free(4) == 1);
    CHECK(seats.names()[0] == "Ana");
}
