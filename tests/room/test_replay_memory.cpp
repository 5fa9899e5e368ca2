// Building a replay record must not hold many times the record in memory (an outside attack finding:
// the first GET /replay of a 20 MB record raised the server's RSS by ~230 MB, a json tree of every step
// before its text). Counted here exactly: every operator new on the building thread, its bytes live at
// the worst moment, against the record's size.
#include <cstdlib>
#include <malloc.h>
#include <new>

#include "catan/engine/engine.hpp"
#include "catan/games/catan.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/sim/random_game.hpp"
#include "replay_builds.hpp"
#include "support.hpp"

namespace {

// Counting is off but on the thread a test turns it on for; frees of blocks made before count too,
// which can only lower the peak, by what was held before (nothing large here).
thread_local bool counting = false;
thread_local long long live_bytes = 0, peak_bytes = 0;

void* counted(std::size_t size) {
    void* p = std::malloc(size ? size : 1);
    if (!p) throw std::bad_alloc();
    if (counting) {
        live_bytes += static_cast<long long>(malloc_usable_size(p));
        if (live_bytes > peak_bytes) peak_bytes = live_bytes;
    }
    return p;
}

void uncounted(void* p) noexcept {
    if (!p) return;
    if (counting) live_bytes -= static_cast<long long>(malloc_usable_size(p));
    std::free(p);
}

}  // namespace

void* operator new(std::size_t size) { return counted(size); }
void* operator new[](std::size_t size) { return counted(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    try {
        return counted(size);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    try {
        return counted(size);
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void* p) noexcept { uncounted(p); }
void operator delete[](void* p) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t) noexcept { uncounted(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { uncounted(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { uncounted(p); }

using namespace catan;
using namespace catan::room;

namespace {

// A long random 4-player game played to the end, as a room would hand it to a build.
std::shared_ptr<ReplayInput> long_game(std::uint64_t seed) {
    auto in = std::make_shared<ReplayInput>();
    in->code = "K7QX3";
    in->game = 1;
    in->module = games::catan_module().get();
    in->options = in->module->default_options(4);
    in->seed = seed;
    in->names = {"Ana", "Bob", "Cy", "Dee"};
    in->salt = std::string(32, 'a');
    in->reveal = true;
    GameOptions options;
    options.players = 4;
    options.seed = seed;
    GameState state = new_game(options);
    Rng chooser(seed * 7 + 1);
    std::vector<Command> log;
    sim::play_random_game(state, chooser, sim::kDefaultTurnCap, &log);
    const auto session = in->module->start(in->options, seed);
    for (const Command& c : log) in->commands.push_back(std::get<game::MovePtr>(session->decode(proto::command_json(c), c.player)));
    return in;
}

}  // namespace

TEST_CASE("replay records: a build holds at most about twice its record, not a json tree of it", "[room][replay][memory]") {
    const auto in = long_game(3);
    REQUIRE(in->commands.size() > 300);
    const auto builds = std::make_shared<ReplayBuilds>(nullptr, 1);  // built on this thread
    ReplayBuilds::Record record;
    live_bytes = peak_bytes = 0;
    counting = true;
    const bool started = builds->start(in, [&](ReplayBuilds::Record r, const std::string&) { record = std::move(r); });
    counting = false;
    REQUIRE(started);
    REQUIRE(record);
    const auto size = static_cast<long long>(record->size());
    INFO("commands " << in->commands.size() << ", record " << size << " bytes, peak while building " << peak_bytes << " bytes ("
                     << static_cast<double>(peak_bytes) / static_cast<double>(size) << "x)");
    CHECK(size > 200'000);
    CHECK(peak_bytes < 2 * size + 1'000'000);  // the text, its growth and one step
    // The same bytes the json tree gave; the tree, counted the same way, is what the bound keeps out.
    live_bytes = peak_bytes = 0;
    counting = true;
    const std::string from_tree = replay_record(*in).dump();
    counting = false;
    INFO("through a json tree: peak " << peak_bytes << " bytes (" << static_cast<double>(peak_bytes) / static_cast<double>(size) << "x)");
    CHECK(peak_bytes > 2 * size + 1'000'000);
    CHECK(*record == from_tree);
}
