// AnswerMarks on its own (answer_marks.hpp): which commands sent at an older seq still apply.
#include <catch2/catch.hpp>

#include "answer_marks.hpp"

using catan::room::AnswerMarks;

TEST_CASE("answer marks: a command at the room's seq always applies, a non-answer at an older seq never", "[room]") {
    AnswerMarks marks;
    marks.reset(10);
    CHECK(marks.still_meant(0, false, 12, 12));
    CHECK(marks.still_meant(0, true, 12, 12));
    CHECK_FALSE(marks.still_meant(0, false, 11, 12));
    CHECK_FALSE(marks.still_meant(0, true, 13, 12));  // from the future: never
}

TEST_CASE("answer marks: an answer at an older seq applies when only other seats' answers happened since", "[room]") {
    AnswerMarks marks;
    marks.reset(10);             // the decision opened at seq 10 (a 7 was rolled)
    marks.decided(1, true, false, 11);  // seat 1 discarded: seq 11
    marks.decided(2, true, false, 12);  // seat 2 discarded: seq 12
    CHECK(marks.still_meant(0, true, 10, 12));   // seat 0's discard sent at 10 still owes the same cards
    CHECK_FALSE(marks.still_meant(1, true, 10, 12));  // seat 1's own answer moved its floor
    CHECK(marks.still_meant(1, true, 11, 12));
    CHECK_FALSE(marks.still_meant(0, true, 9, 12));  // before the decision opened
}

TEST_CASE("answer marks: a change that is not an answer moves every seat's floor", "[room]") {
    AnswerMarks marks;
    marks.reset(10);
    marks.decided(3, false, false, 11);  // a new offer
    for (int seat = 0; seat < 6; ++seat) {
        CHECK_FALSE(marks.still_meant(seat, true, 10, 11));
        CHECK(marks.still_meant(seat, true, 11, 12));
    }
}

TEST_CASE("answer marks: an answer that ended the decision marks every seat", "[room]") {
    AnswerMarks marks;
    marks.reset(10);
    marks.decided(1, true, /*ended_decision=*/true, 11);  // the last decline closed the offer
    CHECK_FALSE(marks.still_meant(0, true, 10, 11));  // racing it, seat 0's answer is stale
    CHECK_FALSE(marks.still_meant(2, true, 10, 11));
    CHECK(marks.still_meant(2, true, 11, 11));
}
