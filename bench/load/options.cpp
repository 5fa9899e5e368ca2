// load_gen's command line: three subcommands (play, idle, echo) sharing the options of any run.
#include <CLI/CLI.hpp>

#include "load_gen.hpp"

namespace loadgen {

Options g_opt;

int parse_options(int argc, char** argv) {
    Options& o = g_opt;
    CLI::App app{"load_gen: load generator for catan-server, and echo client for the Beast baseline (loopback only)"};
    app.require_subcommand(1);
    auto common = [&](CLI::App* c) {
        c->add_option("--host", o.host, "server address (loopback only)");
        c->add_option("--port", o.port, "server port")->required();
        c->add_option("--pid", o.pid, "server pid for CPU/RSS (default: the process listening on --port)");
        c->add_option("--threads", o.threads, "client io_context threads")->check(CLI::Range(1, 64));
        c->add_option("--duration", o.duration, "measured seconds")->check(CLI::Range(0.1, 3600.0));
        c->add_option("--warmup", o.warmup, "seconds of load before measuring")->check(CLI::Range(0.0, 600.0));
        c->add_option("--drain", o.drain, "seconds to wait for commands in flight at the end")->check(CLI::Range(0.0, 60.0));
        c->add_option("--setup-timeout", o.setup_timeout, "seconds allowed for connecting and joining")->check(CLI::Range(1.0, 3600.0));
        c->add_option("--origin", o.origin, "Origin header on the WebSocket upgrade (default: none)");
        c->add_option("--seed", o.seed, "seed of room seeds and command choices");
        c->add_option("--progress", o.progress, "print commands/s and latency to stderr every this many seconds (0: never)")
            ->check(CLI::Range(0.0, 3600.0));
    };
    CLI::App* play = app.add_subcommand("play", "R rooms x 4 seated bots play random games");
    common(play);
    play->add_option("--rooms", o.rooms, "concurrent rooms")->check(CLI::Range(1, 100000));
    play->add_option("--rate", o.rate, "commands per second per room (0: as fast as possible)")->check(CLI::Range(0.0, 100000.0));
    play->add_option("--setup-concurrency", o.setup_concurrency, "rooms being set up at once")->check(CLI::Range(1, 100000));
    play->add_option("--client-rate", o.client_rate, "client-side cap, messages/s per connection")->check(CLI::Range(0.1, 1e9));
    play->add_option("--client-burst", o.client_burst, "client-side burst, messages")->check(CLI::Range(1.0, 1e9));
    play->add_option("--max-commands-per-game", o.max_commands_per_game, "abandon a game after this many commands")->check(CLI::Range(10, 1000000));
    play->add_option("--chatters", o.chatters, "extra connections per room that spectate and send chat lines (a chat flood)")
        ->check(CLI::Range(0, 10000));
    play->add_option("--chat-rate", o.chat_rate, "chat lines per second per chatter")->check(CLI::Range(0.1, 1e6));
    play->add_option("--stall-ms", o.stall_ms, "a command not seen by all 4 after this long counts as a stall")->check(CLI::Range(10.0, 600000.0));
    play->add_option("--replay-clients", o.replay_clients,
                     "HTTP clients asking for the first room's replay record over and over (its latency is reported apart)")
        ->check(CLI::Range(0, 10000));
    play->add_flag("--route-by-room", o.route_by_room,
                   "through a proxy routing by room code: 1 client creates the room, 3 join on /ws?room=CODE[&node=NAME]");
    play->add_option("--node-header", o.node_header, "with --route-by-room: the 101 answer's header naming the proxy's server");
    play->add_option("--cpu-probe", o.cpu_probes, "NAME=COMMAND printing CPU seconds so far, read at the window's ends (repeatable)");
    CLI::App* idle = app.add_subcommand("idle", "N connections that join (or spectate) and sit idle");
    common(idle);
    idle->add_option("--idle", o.idle, "connections")->check(CLI::Range(1, 1000000));
    idle->add_option("--idle-kind", o.idle_kind, "seat: rooms of 4 seated (lobby); spectate; bare: WebSocket only")
        ->check(CLI::IsMember({"seat", "spectate", "bare"}));
    idle->add_option("--spectators-per-room", o.spectators_per_room, "idle-kind spectate: connections per room")->check(CLI::Range(1, 10000));
    idle->add_option("--settle", o.settle, "seconds between set-up and the memory reading")->check(CLI::Range(0.0, 600.0));
    idle->add_option("--setup-concurrency", o.setup_concurrency, "rooms being set up at once")->check(CLI::Range(1, 100000));
    CLI::App* echo = app.add_subcommand("echo", "closed-loop echo clients (one message in flight each)");
    common(echo);
    echo->add_option("--connections", o.connections, "connections")->check(CLI::Range(1, 100000));
    echo->add_option("--size", o.size, "message bytes")->check(CLI::Range(1, 65536));
    CLI11_PARSE(app, argc, argv);
    o.mode = app.get_subcommands().front()->get_name();
    if (o.mode == "idle") o.warmup = 0;
    return -1;
}

}  // namespace loadgen
