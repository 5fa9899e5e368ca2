// Names and chat text in the lobby: invisible names, look-alikes of a seated name, and chat lines with
// nothing visible (docs/protocol.md, "Names and chat text").
#include "lobby_support.hpp"
#include "support.hpp"

using namespace catan::room;
using namespace catan::room::test;

TEST_CASE("lobby: invisible names are bad_name, look-alikes of a seated name are name_taken", "[room][names]") {
    Lobby l;  // Ana is seated
    Client b(l.hub, 2);
    for (const char* name : {"\u200b", "\u3164", "\ufeffBob", "Bo\u061cb"}) {
        INFO(name);
        b.send(msg("join", {{"room", l.room.code}, {"name", name}}));
        const json e = error_of(b);
        CHECK(e["code"] == "bad_name");
        CHECK(e["field"] == "name");
    }
    // Folded, these are Ana's name itself.
    for (const char* name : {"Ana\u00a0", "\uff21na", "ana"}) {
        INFO(name);
        b.send(msg("join", {{"room", l.room.code}, {"name", name}}));
        const json e = error_of(b);
        CHECK(e["code"] == "name_taken");
        CHECK(e["field"] == "name");
        CHECK_THAT(e["message"].get<std::string>(), Catch::Contains("already has that name"));
    }
    // These only look like it.
    for (const char* name : {"\u0410na", "AN\u0410", "\u0391na"}) {
        INFO(name);
        b.send(msg("join", {{"room", l.room.code}, {"name", name}}));
        const json e = error_of(b);
        CHECK(e["code"] == "name_taken");
        CHECK(e["field"] == "name");
        CHECK_THAT(e["message"].get<std::string>(), Catch::Contains("looks like") && Catch::Contains("\"Ana\""));
    }

    // The name kept and shown is the folded one.
    l.join(b, "\uff22\uff4f\uff42\u00a0");
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"][1]["name"] == "Bob");
    b.send(msg("chat", {{"text", "hi"}}));
    CHECK(l.host.last("chat")["name"] == "Bob");
    Client c(l.hub, 3);
    c.send(msg("join", {{"room", l.room.code}, {"name", "B0b"}}));
    CHECK(error_of(c)["code"] == "name_taken");
}

TEST_CASE("lobby: a chat line with U+061C or nothing visible is out_of_range", "[room][names]") {
    Lobby l;
    Client b(l.hub, 2);
    l.join(b, "Bob");
    l.host.poll();
    for (const char* text : {"hi \u061c there", "\u200b", "   "}) {
        INFO(text);
        b.send(msg("chat", {{"text", text}}));
        const json e = error_of(b);
        CHECK(e["code"] == "out_of_range");
        CHECK(e["field"] == "text");
        CHECK(l.host.poll().empty());
    }
}
