// ViewPublisher on its own (view_publisher.hpp), with a game of the test's: a ViewSource whose view
// is a public score and each viewer's own secret. What it proves: the publisher needs nothing of
// Catan (rooms play through the seam), a change is one diff shared by a viewer's connections,
// snapshots of an unchanged state share their bytes, and a reseat tells the moved seat its number.
#include <catch2/catch.hpp>

#include "support.hpp"
#include "view_publisher.hpp"

using nlohmann::json;
using namespace catan::room;
using catan::room::test::FakeOutbox;

namespace {

constexpr int kBoard = 0;

// A game of two numbers: "/score" for everyone, "/viewer/secret" for each viewer alone; its stats
// (one more public part) are the best score.
class TinySource final : public ViewSource {
public:
    int score = 1;
    int secret_base = 100;
    int events_asked = 0;

    bool has_game() const override { return true; }
    void public_parts(catan::game::ViewParts& parts, const catan::game::PatchSink* sink) const override {
        write(parts, "/score", std::to_string(score), sink);
    }
    void viewer_parts(int viewer, catan::game::ViewParts& parts, const catan::game::PatchSink* sink) const override {
        write(parts, "/viewer/secret", std::to_string(secret_base + viewer), sink);
    }
    json stats() const override { return {{"best", score}}; }
    void stats_parts(catan::game::ViewParts& parts, const catan::game::PatchSink* sink) const override {
        write(parts, "/stats/best", std::to_string(score), sink);
    }
    std::string legal(int viewer) const override { return viewer >= 0 ? json::array({"move"}).dump() : "null"; }
    std::string events(int viewer) const override { return json::array({{{"for", viewer}}}).dump(); }
    json log(int) const override { return json::array(); }
    json chat(const Member&) const override { return json::array(); }
    json topology(int board) const override { return {{"board", board}}; }
    json timer() const override { return nullptr; }
    json assemble(const catan::game::ViewParts& public_parts, const catan::game::ViewParts& viewer_parts) const override {
        json view = json::object();
        for (const auto* list : {&public_parts, &viewer_parts})
            for (const auto& p : *list) view[json::json_pointer(p.path)] = json::parse(p.text);
        return view;
    }

private:
    static void write(catan::game::ViewParts& parts, const std::string& path, const std::string& text,
                      const catan::game::PatchSink* sink) {
        for (auto& p : parts)
            if (p.path == path) {
                if (p.text != text && sink) {
                    if (!sink->ops.empty()) sink->ops += ',';
                    sink->ops += R"({"op":"replace","path":")" + std::string(sink->prefix) + path + R"(","value":)" + text + "}";
                }
                p.text = text;
                return;
            }
        parts.push_back({path, text});
    }
};

struct PublisherTable {
    Members members;
    std::vector<std::shared_ptr<FakeOutbox>> outboxes;
    ViewPublisher views;
    TinySource game;

    const Member& add(int seat) {
        auto outbox = std::make_shared<FakeOutbox>(outboxes.size() + 1);
        outboxes.push_back(outbox);
        auto conn = std::make_shared<Connection>(outbox);
        conn->topology_board = kBoard;
        Member& m = members[conn.get()];
        m = Member{conn, seat, {}};
        return m;
    }
    void snapshot_all() {
        for (const auto& [conn, m] : members) views.send_snapshot(m, game, kBoard, 0);
    }
    std::vector<const Member*> update(Changed what = Changed::Game) {
        views.advance();
        std::vector<const Member*> need_snapshot;
        views.send_updates(what, std::string(), game, members, kBoard, nullptr, need_snapshot);
        return need_snapshot;
    }
    static json last(const FakeOutbox& o) { return json::parse(*o.sent().back()); }
};

}  // namespace

TEST_CASE("view publisher: a change is one diff per viewer, shared by its connections, with its own parts", "[room]") {
    PublisherTable t;
    t.views.set_room({{"code", "ABCDE"}});
    t.add(0);
    t.add(0);
    t.add(1);
    t.add(kSpectatorSeat);
    t.snapshot_all();
    const json snap = PublisherTable::last(*t.outboxes[0]);
    CHECK(snap["type"] == "snapshot");
    CHECK(snap["doc"]["game"] == json({{"score", 1}, {"stats", {{"best", 1}}}, {"viewer", {{"secret", 100}}}}));
    CHECK(snap["doc"]["room"]["you"] == 0);

    t.game.score = 2;
    t.game.secret_base = 200;
    CHECK(t.update().empty());
    const auto a1_msg = t.outboxes[0]->sent().back(), a2_msg = t.outboxes[1]->sent().back();
    CHECK(a1_msg == a2_msg);  // one serialisation for both of seat 0's connections
    const json ua = json::parse(*a1_msg), ub = PublisherTable::last(*t.outboxes[2]), uw = PublisherTable::last(*t.outboxes[3]);
    CHECK(ua["seq"] == 1);
    CHECK(ua["patch"] == json::parse(R"([{"op":"replace","path":"/game/score","value":2},
        {"op":"replace","path":"/game/stats","value":{"best":2}},{"op":"replace","path":"/game/viewer/secret","value":200}])"));
    CHECK(ub["patch"][2]["value"] == 201);
    CHECK(uw["patch"][2]["value"] == 199);  // the spectators' own part
    CHECK(ub["patch"][0] == ua["patch"][0]);  // the public diff, made once
    CHECK(ua["events"] == json::array({{{"for", 0}}}));
    CHECK(uw["legal"].is_null());

    // Once published, the stats are diffed part by part like the game's own parts.
    t.game.score = 3;
    CHECK(t.update().empty());
    CHECK(PublisherTable::last(*t.outboxes[0])["patch"] == json::parse(R"([{"op":"replace","path":"/game/score","value":3},
        {"op":"replace","path":"/game/stats/best","value":3}])"));
}

TEST_CASE("view publisher: snapshots of an unchanged state share their bytes, a change builds a new one", "[room]") {
    PublisherTable t;
    const Member& a = t.add(0);
    t.views.send_snapshot(a, t.game, kBoard, 0);
    t.views.send_snapshot(a, t.game, kBoard, 0);
    auto sent = t.outboxes[0]->sent();
    REQUIRE(sent.size() == 2);
    CHECK(sent[0] == sent[1]);
    t.views.send_snapshot(a, t.game, kBoard, 1);  // a new chat line: not the same snapshot
    t.game.score = 5;
    t.update();
    t.views.send_snapshot(a, t.game, kBoard, 1);
    sent = t.outboxes[0]->sent();
    CHECK(sent[2] != sent[1]);
    CHECK(json::parse(*sent.back())["doc"]["game"]["score"] == 5);
    CHECK(json::parse(*sent.back())["seq"] == 1);
}

TEST_CASE("view publisher: a reseat moves a seat's document and the next update tells it its new number", "[room]") {
    PublisherTable t;
    t.views.set_room({{"code", "ABCDE"}});
    Member& a = const_cast<Member&>(t.add(2));  // the room moves its members' seats (Room::reseat)
    t.snapshot_all();
    SeatSource source;
    source.fill(-1);
    source[0] = 2;  // the occupant of seat 2 moves to seat 0
    t.views.reseat(source);
    a.seat = 0;
    t.update(Changed::Room);
    const json u = PublisherTable::last(*t.outboxes[0]);
    CHECK(u["patch"] == json::parse(R"([{"op":"replace","path":"/room/you","value":0}])"));
}

TEST_CASE("view publisher: a connection that holds another board's topology is left for a snapshot", "[room]") {
    PublisherTable t;
    t.add(0);
    const Member& b = t.add(1);
    t.snapshot_all();
    b.conn->topology_board = 1;
    const auto need = t.update();
    REQUIRE(need.size() == 1);
    CHECK(need[0] == &b);
    CHECK(t.outboxes[1]->sent().size() == 1);  // no update for it
    CHECK(PublisherTable::last(*t.outboxes[0])["type"] == "update");
    t.views.send_snapshot(b, t.game, kBoard, 0);
    CHECK(PublisherTable::last(*t.outboxes[1])["topology"] == json({{"board", kBoard}}));
}
