// The race game's secret numbers through the seam: each seat's view shows its own and no other seat's
// until the game ends; then they are public.
#include "modules.hpp"

using namespace catan::game;

TEST_CASE("HIDDEN INFORMATION: a race seat's view parts hold its own secret and nobody else's", "[game][hidden]") {
    const gametest::Case c = gametest::cases().back();
    gametest::play_bots(c, 8, 500, [&](const Session& s, const std::vector<LoggedMove>&) {
        const Json secrets = Json::parse(s.snapshot())["secret"];
        ViewParts pub;
        s.update_public(pub);
        for (int viewer = kSpectator; viewer < s.players(); ++viewer) {
            ViewParts mine;
            s.update_viewer(viewer, mine);
            const Json view = s.assemble(pub, mine);
            if (viewer >= 0) CHECK(view["me"]["secret"] == secrets[viewer]);
            if (viewer < 0) CHECK_FALSE(view.contains("me"));
            CHECK(view.contains("secrets") == s.over());
            // Nothing but its own "me" holds a secret before the end.
            if (!s.over())
                for (const ViewPart& p : mine) CHECK((p.path == "/me" || p.text.find("secret") == std::string::npos));
        }
    });
}
