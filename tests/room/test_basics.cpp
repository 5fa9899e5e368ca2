// The small pieces: secrets and codes, names and chat text, the envelope, metrics.
#include <set>

#include <catch2/catch.hpp>

#include "catan/room/envelope.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/secret.hpp"
#include "catan/room/text.hpp"

using namespace catan::room;
using nlohmann::json;

TEST_CASE("secrets: tokens are 128-bit hex, codes use the unambiguous alphabet", "[room]") {
    std::set<std::string> tokens, codes;
    for (int i = 0; i < 1000; ++i) {
        const std::string t = random_hex();
        REQUIRE(t.size() == 32);
        REQUIRE(t.find_first_not_of("0123456789abcdef") == std::string::npos);
        tokens.insert(t);
        const std::string c = random_room_code();
        REQUIRE(c.size() == 5);
        REQUIRE(c.find_first_not_of(kRoomCodeAlphabet) == std::string::npos);
        codes.insert(c);
    }
    CHECK(tokens.size() == 1000);
    CHECK(codes.size() > 990);
    for (char c : std::string("01OI")) CHECK(kRoomCodeAlphabet.find(c) == std::string_view::npos);
}

TEST_CASE("secrets: room codes are case-insensitive, secrets compare exactly", "[room]") {
    CHECK(normalize_room_code("k7qx3") == std::optional<std::string>("K7QX3"));
    CHECK(normalize_room_code("K7QX3") == std::optional<std::string>("K7QX3"));
    CHECK(!normalize_room_code("K7QX"));
    CHECK(!normalize_room_code("K7QX30"));
    CHECK(!normalize_room_code("K0QX3"));  // no zero
    CHECK(!normalize_room_code("KIQX3"));  // no I
    CHECK(!normalize_room_code("K7QX "));
    CHECK(secret_equal("abc", "abc"));
    CHECK(!secret_equal("abc", "abd"));
    CHECK(!secret_equal("abc", "ab"));
    CHECK(!secret_equal("", "a"));
}

TEST_CASE("text: names are trimmed, 1..24 characters, without control characters", "[room]") {
    std::string why;
    CHECK(clean_name("  Ana ", why) == std::optional<std::string>("Ana"));
    CHECK(clean_name("Zoë", why) == std::optional<std::string>("Zoë"));
    CHECK(clean_name(std::string(24, 'x'), why));
    CHECK(clean_name("ÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄÄ", why));  // 24 characters, 48 bytes
    CHECK(!clean_name(std::string(25, 'x'), why));
    CHECK(!clean_name("", why));
    CHECK(!clean_name("   ", why));
    CHECK(!clean_name("a\nb", why));
    CHECK(!clean_name("a\tb", why));
    CHECK(!clean_name("a\x7f", why));
    CHECK(!clean_name("a\xc2\x85", why));          // NEL, a C1 control
    CHECK(!clean_name("a\xe2\x80\xae" "b", why));  // right-to-left override
    CHECK(!clean_name("\xff", why));               // not UTF-8
    CHECK(!clean_name("\xc0\x80", why));           // overlong NUL
    CHECK(same_name("ana", "ANA"));
    CHECK(!same_name("ana", "anna"));
}

TEST_CASE("text: chat lines are 1..500 characters without control characters", "[room]") {
    std::string why;
    CHECK(valid_chat("hello", why));
    CHECK(valid_chat(std::string(500, 'x'), why));
    CHECK(!valid_chat(std::string(501, 'x'), why));
    CHECK(!valid_chat("", why));
    CHECK(!valid_chat("two\nlines", why));
}

namespace {
catan::proto::DecodeError parse_error(std::string_view text) {
    const ParsedMessage p = parse_client_message(text);
    REQUIRE(!p.message);
    return p.error;
}
}  // namespace

TEST_CASE("envelope: every client message type decodes", "[room]") {
    const auto ok = [](std::string_view text) {
        const ParsedMessage p = parse_client_message(text);
        INFO(text << ": " << p.error.message);
        REQUIRE(p.message);
        return *p.message;
    };
    CHECK(ok(R"({"v":1,"type":"create_room"})").type == ClientType::CreateRoom);
    const auto created = ok(R"({"v":1,"type":"create_room","options":{"players":3,"vp_target":8,"seed":"18446744073709551615"}})");
    CHECK(created.options.players == 3);
    CHECK(created.options.rules == json{{"vp_target", 8}});
    CHECK(created.options.seed == 18446744073709551615ull);
    const auto join = ok(R"({"v":1,"type":"join","room":"k7qx3","name":"Ana","host_key":"ff","id":"j1"})");
    CHECK(join.room == "k7qx3");
    CHECK(join.name == "Ana");
    CHECK(join.host_key == std::optional<std::string>("ff"));
    CHECK(ok(R"({"v":1,"type":"rejoin","room":"K7QX3","token":"00"})").token == "00");
    CHECK(ok(R"({"v":1,"type":"spectate","room":"K7QX3"})").type == ClientType::Spectate);
    CHECK(!ok(R"({"v":1,"type":"spectate","room":"K7QX3"})").display);
    CHECK(ok(R"({"v":1,"type":"spectate","room":"K7QX3","display":true})").display);
    CHECK(ok(R"({"v":1,"type":"leave"})").type == ClientType::Leave);
    CHECK(ok(R"({"v":1,"type":"set_options","options":{}})").type == ClientType::SetOptions);
    const auto move = ok(R"({"v":1,"type":"move_seat","seat":0,"to":3})");
    CHECK((move.seat == 0 && move.to == 3));
    CHECK(ok(R"({"v":1,"type":"kick","seat":2})").seat == 2);
    CHECK(ok(R"({"v":1,"type":"start"})").type == ClientType::Start);
    CHECK(ok(R"({"v":1,"type":"play_again"})").type == ClientType::PlayAgain);
    const auto command = ok(R"({"v":1,"type":"command","seq":7,"command":{"type":"roll_dice"},"id":12})");
    CHECK(command.seq == 7);
    CHECK(command.command == json{{"type", "roll_dice"}});
    CHECK(ok(R"({"v":1,"type":"chat","text":"hi"})").text == "hi");
    CHECK(ok(R"({"v":1,"type":"sync"})").type == ClientType::Sync);
    CHECK(ok(R"({"type":"ping","v":1})").type == ClientType::Ping);
}

TEST_CASE("envelope: bad messages are refused with a code and the field at fault", "[room]") {
    const auto check = [](std::string_view text, const char* code, const char* field) {
        INFO(text);
        const auto e = parse_error(text);
        CHECK(catan::proto::to_string(e.kind) == std::string(code));
        CHECK(e.field == field);
        CHECK(!e.message.empty());
    };
    check("{", "malformed", "");
    check("", "malformed", "");
    check("[1]", "malformed", "");
    check("\"ping\"", "malformed", "");
    check(R"({"type":"ping"})", "missing_field", "v");
    check(R"({"v":2,"type":"ping"})", "out_of_range", "v");
    check(R"({"v":"1","type":"ping"})", "wrong_type", "v");
    check(R"({"v":1})", "missing_field", "type");
    check(R"({"v":1,"type":7})", "wrong_type", "type");
    check(R"({"v":1,"type":"dance"})", "unknown_type", "type");
    check(R"({"v":1,"type":"ping","extra":1})", "unexpected_field", "extra");
    check(R"({"v":1,"type":"ping","id":1.5})", "wrong_type", "id");
    check(R"({"v":1,"type":"ping","id":[1]})", "wrong_type", "id");
    check(("{\"v\":1,\"type\":\"ping\",\"id\":\"" + std::string(65, 'x') + "\"}"), "out_of_range", "id");
    check(R"({"v":1,"type":"join","room":"K7QX3"})", "missing_field", "name");
    check(R"({"v":1,"type":"join","room":5,"name":"a"})", "wrong_type", "room");
    check(R"({"v":1,"type":"join","room":"K7QX3","name":"a","seat":1})", "unexpected_field", "seat");
    check(R"({"v":1,"type":"join","room":"K7QX3","name":"a","host_key":null})", "wrong_type", "host_key");
    check(R"({"v":1,"type":"spectate","room":"K7QX3","display":"yes"})", "wrong_type", "display");
    check(R"({"v":1,"type":"join","room":"K7QX3","name":"a","display":true})", "unexpected_field", "display");
    check(R"({"v":1,"type":"rejoin","room":"K7QX3"})", "missing_field", "token");
    check(R"({"v":1,"type":"set_options"})", "missing_field", "options");
    // A new room's game options are checked against its game at once (set_options' by the room, which
    // knows its game: test_lobby "the host's options").
    check(R"({"v":1,"type":"create_room","options":{"players":7}})", "out_of_range", "options.players");
    check(R"({"v":1,"type":"create_room","options":{"players":1}})", "out_of_range", "options.players");
    check(R"({"v":1,"type":"create_room","options":{"vp_target":2}})", "out_of_range", "options.vp_target");
    check(R"({"v":1,"type":"create_room","options":{"vp_target":21}})", "out_of_range", "options.vp_target");
    check(R"({"v":1,"type":"set_options","options":{"seed":12}})", "wrong_type", "options.seed");
    check(R"({"v":1,"type":"set_options","options":{"seed":"-1"}})", "out_of_range", "options.seed");
    check(R"({"v":1,"type":"set_options","options":{"seed":"18446744073709551616"}})", "out_of_range", "options.seed");
    check(R"({"v":1,"type":"create_room","options":{"colour":"red"}})", "unexpected_field", "options.colour");
    // The house rules and the turn structure; the engine decides the ranges.
    check(R"({"v":1,"type":"create_room","options":{"discard_limit":3}})", "out_of_range", "options.discard_limit");
    check(R"({"v":1,"type":"create_room","options":{"discard_limit":21}})", "out_of_range", "options.discard_limit");
    check(R"({"v":1,"type":"create_room","options":{"discard_limit":7.5}})", "wrong_type", "options.discard_limit");
    check(R"({"v":1,"type":"create_room","options":{"friendly_robber":"true"}})", "wrong_type", "options.friendly_robber");
    check(R"({"v":1,"type":"create_room","options":{"balanced_board":0}})", "wrong_type", "options.balanced_board");
    check(R"({"v":1,"type":"create_room","options":{"first_by_dice":null}})", "wrong_type", "options.first_by_dice");
    check(R"({"v":1,"type":"create_room","options":{"turn_structure":"special"}})", "out_of_range", "options.turn_structure");
    check(R"({"v":1,"type":"create_room","options":{"turn_structure":2}})", "wrong_type", "options.turn_structure");
    check(R"({"v":1,"type":"set_options","options":[]})", "wrong_type", "options");
    check(R"({"v":1,"type":"move_seat","seat":0})", "missing_field", "to");
    check(R"({"v":1,"type":"move_seat","seat":0,"to":6})", "out_of_range", "to");
    check(R"({"v":1,"type":"kick","seat":-1})", "out_of_range", "seat");
    check(R"({"v":1,"type":"kick","seat":"1"})", "wrong_type", "seat");
    check(R"({"v":1,"type":"command","command":{"type":"roll_dice"}})", "missing_field", "seq");
    check(R"({"v":1,"type":"command","seq":-1,"command":{}})", "out_of_range", "seq");
    check(R"({"v":1,"type":"command","seq":1.0,"command":{}})", "wrong_type", "seq");
    check(R"({"v":1,"type":"command","seq":1,"command":"roll_dice"})", "wrong_type", "command");
    check(R"({"v":1,"type":"chat"})", "missing_field", "text");
    check(R"({"v":1,"type":"chat","text":["hi"]})", "wrong_type", "text");
    check(R"({"v":1,"type":"start","now":true})", "unexpected_field", "now");
}

TEST_CASE("envelope: the id is kept for the error when the rest is wrong", "[room]") {
    CHECK(parse_client_message(R"({"v":1,"type":"dance","id":"abc"})").id == "abc");
    CHECK(parse_client_message(R"({"v":1,"type":"join","id":7})").id == 7);
    CHECK(parse_client_message(R"({"v":1,"type":"ping","id":1.5})").id.is_null());
    CHECK(parse_client_message(R"({"id":"x"})").id == "x");
}

TEST_CASE("envelope: room options for POST /api/rooms", "[room]") {
    const auto ok = parse_room_options(json::parse(R"({"players":2,"seed":"123"})"));
    REQUIRE(ok);
    RoomOptions o = RoomOptions::defaults_for(*catan::game::find_module("catan"));
    o.apply(ok.value());
    CHECK(o.players == 2);
    CHECK(o.rules["vp_target"] == 10);
    CHECK(o.seed == std::optional<std::uint64_t>(123));
    CHECK(!parse_room_options(json::parse(R"({"players":"2"})")));
    CHECK(parse_room_options(json::parse(R"({"vp":10})")).error().field == "vp");
    CHECK(!parse_room_options(json::parse("[]")));

    // 6 players and the house rules; an error names the option as the body wrote it.
    const auto six = parse_room_options(json::parse(
        R"({"players":6,"vp_target":12,"discard_limit":9,"friendly_robber":true,"balanced_board":true,"first_by_dice":true,"turn_structure":"special_build"})"));
    REQUIRE(six);
    RoomOptions r = RoomOptions::defaults_for(*catan::game::find_module("catan"));
    r.apply(six.value());
    const json g = r.game_options(5);
    CHECK(g["players"] == 5);
    CHECK(g["vp_target"] == 12);
    CHECK(g["discard_limit"] == 9);
    CHECK(g["friendly_robber"] == true);
    CHECK(g["balanced_board"] == true);
    CHECK(g["first_by_dice"] == true);
    CHECK(g["turn_structure"] == "special_build");
    const auto bad = parse_room_options(json::parse(R"({"discard_limit":30})"));
    REQUIRE(!bad);
    CHECK(bad.error().field == "discard_limit");
    CHECK(bad.error().message.find("between 4 and 20") != std::string::npos);
    CHECK(parse_room_options(json::parse(R"({"players":7})")).error().message.find("2, 3, 4, 5 or 6") != std::string::npos);
}

TEST_CASE("metrics: Prometheus text with counters, gauges and the latency histogram", "[room]") {
    Metrics m;
    m.room_opened();
    m.room_opened();
    m.room_closed();
    m.connection_opened();
    m.send_queue_dropped();
    m.send_queue_bytes_changed(300);
    m.send_queue_bytes_changed(-100);
    m.sync_coalesced();
    m.frame_rejected();
    m.frame_rejected();
    m.command_accepted(std::chrono::microseconds(40));
    m.command_accepted(std::chrono::microseconds(700));
    m.command_accepted(std::chrono::seconds(2));
    m.command_rejected("cannot_afford");
    m.command_rejected("cannot_afford");
    m.command_rejected("stale_sequence");
    const std::string text = m.prometheus();
    INFO(text);
    const auto has = [&](const std::string& line) { return text.find(line + "\n") != std::string::npos; };
    CHECK(has("# TYPE catan_rooms gauge"));
    CHECK(has("catan_rooms 1"));
    CHECK(has("catan_connections 1"));
    CHECK(has("# TYPE catan_commands_total counter"));
    CHECK(has("catan_commands_total 3"));
    CHECK(has("catan_commands_rejected_total{reason=\"cannot_afford\"} 2"));
    CHECK(has("catan_commands_rejected_total{reason=\"stale_sequence\"} 1"));
    CHECK(has("catan_send_queue_drops_total 1"));
    CHECK(has("# TYPE catan_send_queue_bytes gauge"));
    CHECK(has("catan_send_queue_bytes 200"));
    CHECK(has("catan_syncs_coalesced_total 1"));
    CHECK(has("catan_frames_rejected_total 2"));
    CHECK(has("# TYPE catan_command_latency_seconds histogram"));
    CHECK(has("catan_command_latency_seconds_bucket{le=\"0.00005\"} 1"));
    CHECK(has("catan_command_latency_seconds_bucket{le=\"0.0005\"} 1"));
    CHECK(has("catan_command_latency_seconds_bucket{le=\"0.001\"} 2"));
    CHECK(has("catan_command_latency_seconds_bucket{le=\"0.25\"} 2"));
    CHECK(has("catan_command_latency_seconds_bucket{le=\"+Inf\"} 3"));
    CHECK(has("catan_command_latency_seconds_count 3"));
    CHECK(has("catan_command_latency_seconds_sum 2.000740000"));
    // Every sample line belongs to a declared family.
    std::size_t helps = 0, types = 0;
    for (std::size_t at = 0; (at = text.find("# HELP", at)) != std::string::npos; ++at) ++helps;
    for (std::size_t at = 0; (at = text.find("# TYPE", at)) != std::string::npos; ++at) ++types;
    CHECK(helps == 12);
    CHECK(types == 12);
}
