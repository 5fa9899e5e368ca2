// The gateway's entry point: per-connection routing, the envelope, create/join through the registry,
// everything else posted to the connection's room. Runs on connection strands; never touches room
// state (that happens only inside Room tasks on the room's executor).
#include "catan/room/hub.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <unordered_map>

#include <spdlog/spdlog.h>

#include "catan/proto/error_json.hpp"
#include "catan/proto/version.hpp"
#include "catan/room/address_limiter.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/secret.hpp"
#include "catan/store/store.hpp"
#include "client_seeds.hpp"
#include "messages.hpp"
#include "registry.hpp"
#include "replay_builds.hpp"
#include "request_limits.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

constexpr std::size_t kWakesPerSweep = 256;

// Another node serves the room (docs/protocol.md, "Errors"): the client tries again after `ms`, through
// a proxy with that node's name as its hint (docs/cluster/haproxy.cfg routes `node=NAME` to it).
ErrorInfo room_elsewhere(const Registry::Elsewhere& where) {
    ErrorInfo e{std::string(err::kRoomElsewhere),
                fmt::format("another server ({}) is serving this room; try again in {} ms", where.node.empty() ? "unnamed" : where.node,
                            where.ms),
                "room", {}};
    e.retry_after_ms = where.ms;
    e.node = where.node;
    return e;
}

}  // namespace

struct Hub::Impl {
    // The hub's record of one connection. `room` is read and written only from the connection's own
    // strand (on_open/on_text/on_close are serialised per connection), so it needs no lock of its own.
    struct ConnEntry {
        std::shared_ptr<Connection> conn;
        std::shared_ptr<Room> room;  // where its room-bound messages go; the room decides if it is a member
    };

    std::shared_ptr<RoomContext> context;
    ExecutorFactory make_executor;
    std::shared_ptr<Metrics> metrics;
    std::shared_ptr<Registry> registry;
    std::unique_ptr<RequestLimits> limits;  // lookups and replays per address (request_limits.hpp)

    mutable std::mutex conns_mutex;
    std::unordered_map<std::uint64_t, std::shared_ptr<ConnEntry>> conns;
    std::atomic<bool> shutting_down{false};

    // The connection's record, made on first sight (on_open, or on_text if the gateway skipped it).
    std::shared_ptr<ConnEntry> entry(const std::shared_ptr<Outbox>& outbox) {
        const std::lock_guard lock(conns_mutex);
        auto& e = conns[outbox->id()];
        if (!e) e = std::make_shared<ConnEntry>(ConnEntry{std::make_shared<Connection>(outbox), nullptr});
        return e;
    }

    // Rooms created per address (POST /api/rooms and create_room alike).
    std::unique_ptr<AddressLimiter> creations;

    // What a creation came to: a room with its host key, or the refusal (status and error).
    struct Created {
        std::shared_ptr<Room> room;
        std::string host_key;
        int status = 201;
        ErrorInfo error;
        int retry_after = 0;  // seconds, for a refusal by the per-address budget
    };
    // A new room with a fresh code, host key and executor, for a client at `remote`. `done` gets it
    // once the room is on disk (the code and host key are answered only then): on the store's
    // writer thread, or at once for a refusal or without a store. Never blocks.
    // `prefix` is where the options sit in the request ("options" in create_room, none in the REST body),
    // for the field an error names.
    void create(const OptionsUpdate& update, std::string_view prefix, std::string_view remote, std::function<void(Created)> done);
    // A new room on its way to the store. Its code may name a row already (another node's room, or
    // one asleep that this node never saw): create_room then fails without touching that row, and the
    // room is made again under a fresh code, kCreateTries times at most (a database that refuses
    // writes fails each try, and the last failure is answered). Holds no hub: a commit may outlive it.
    struct Placing {
        std::shared_ptr<RoomContext> context;
        std::shared_ptr<Registry> registry;
        ExecutorFactory make_executor;
        RoomOptions options;
        std::string host_key;
        std::string address;
        std::function<void(Created)> done;
        int tries = 0;
    };
    static constexpr int kCreateTries = 4;
    static void place(const std::shared_ptr<Placing>& p, std::shared_ptr<Room> room);
    void restore_rooms();

    static std::string join_url(const RoomContext& c, const std::string& code) { return c.options.public_url + "/r/" + code; }

    // A room code looked up by `remote`: the room, or null with the answer to give in `refusal`
    // (a rate limit), or `elsewhere.ms` > 0 (another node serves it: try again after that long), or
    // neither (no such room, counted against the address).
    std::shared_ptr<Room> look_up(std::string_view code, std::string_view remote, std::optional<RequestLimits::Refusal>& refusal,
                                  Registry::Elsewhere& elsewhere) {
        elsewhere = {};
        refusal = limits->lookup(remote);
        if (refusal) return nullptr;
        auto room = find_or_wake(code, &elsewhere);
        if (!room && elsewhere.ms == 0) limits->unknown(remote);
        return room;
    }
    // The room under `code` in memory, or woken from the data file (a turn-based room asleep, or on a
    // shared database a room no node holds) and resumed before anything else reaches it.
    std::shared_ptr<Room> find_or_wake(std::string_view code, Registry::Elsewhere* elsewhere = nullptr) {
        bool woken = false;
        auto room = registry->find_or_wake(code, &woken, elsewhere);
        if (woken) room->post([](Room& r) { r.resume_after_restore(); });
        return room;
    }

    void dispatch(ConnEntry& e, ClientMessage&& m, json&& id);
};

void Hub::Impl::create(const OptionsUpdate& update, std::string_view prefix, std::string_view remote, std::function<void(Created)> done) {
    const std::string address = address_key(remote);
    const game::Module* module = game::find_module(update.game.value_or(std::string(kDefaultGame)));
    if (!module)  // the envelope admits only registered games; none registered at all is a server without games
        return done({nullptr, {}, 503, {std::string(err::kShuttingDown), "this server hosts no game", {}, {}}});
    RoomOptions options = RoomOptions::defaults_for(*module);
    OptionsUpdate followed = update;
    module->follow_options(followed.rules, followed.players.value_or(options.players));
    options.apply(followed);
    // Judged as a whole with the player count, as set_options judges them: a room is never made with
    // options its game could not start with (a scenario without a board for the count, say).
    if (const auto refused = options_error(*module, options, options.players, prefix))
        return done({nullptr, {}, 400, proto::error_reply(*refused)});
    // Charged only for a room that would be made: a refused request spends nothing.
    if (!creations->take(address)) {
        const auto wait = static_cast<long>(std::ceil(creations->wait_seconds(address)));
        spdlog::info("room creation from {} refused: over its budget", address);
        return done({nullptr, {}, 429,
                     {std::string(err::kRateLimited),
                      fmt::format("too many rooms created from your address (at most {:g} at once, then {:g} a minute); "
                                  "try again in {} s",
                                  creations->burst(), creations->rate() * 60, std::max(1L, wait)),
                      {}, {}},
                     static_cast<int>(std::max(1L, wait))});
    }
    auto p = std::make_shared<Placing>(Placing{context, registry, make_executor, options, random_hex(), address, std::move(done)});
    auto room = registry->create([&](const std::string& code) {
        return std::make_shared<Room>(code, options, secret_hash(p->host_key), make_executor(), context);
    });
    if (!room) return p->done({nullptr, {}, 503, {std::string(err::kTooManyRooms), "the server has no room for another game; try again later", {}, {}}});
    place(p, std::move(room));
}

void Hub::Impl::place(const std::shared_ptr<Placing>& p, std::shared_ptr<Room> room) {
    const auto announce = [p, room] {
        spdlog::info("[{}] room created by {} ({}, {} players)", room->code(), p->address, p->options.game, p->options.players);
    };
    store::Store* const store = p->context->options.store.get();
    if (!store) {
        announce();
        return p->done({std::move(room), p->host_key, 201, {}});
    }
    // Durable creation: the room's row is committed before anyone learns its code, and the thread
    // that asked (a connection's) goes on meanwhile: the answer comes from the commit's callback.
    auto record = room->record();
    store::Done committed = [p, room, announce](bool ok) mutable {
        if (ok) {
            announce();
            return p->done({std::move(room), p->host_key, 201, {}});
        }
        room->post([](Room& r) { r.close("the server could not save the room", false); });
        store::Store* const s = p->context->options.store.get();
        // Not a failing database: the code is in use there (a fenced create).
        if (++p->tries < kCreateTries && s && !s->health().failing) {
            spdlog::info("[{}] the database has a room with this code already; the new room takes another", room->code());
            auto next = p->registry->create([&](const std::string& code) {
                return std::make_shared<Room>(code, p->options, secret_hash(p->host_key), p->make_executor(), p->context);
            });
            if (next) return place(p, std::move(next));
        }
        spdlog::error("[{}] the data file refused the new room; it was not created", room->code());
        p->done({nullptr, {}, 503,
                 {std::string(err::kStoreFailed),
                  "the server could not save the new room; try again later, and tell the server's operator if it keeps happening",
                  {}, {}}});
    };
    if (p->context->options.hold_commit_for_testing) committed = p->context->options.hold_commit_for_testing("create", std::move(committed));
    store->create_room(std::move(record), std::move(committed));
}

// Every room the store holds comes back as it was; one that does not rebuild is set aside (kept in the
// file, reported, never served) and the others carry on.
void Hub::Impl::restore_rooms() {
    store::Store& store = *context->options.store;
    const auto started = std::chrono::steady_clock::now();
    store.begin_serving();  // every room to its next seq epoch; throws StoreError for a file that takes no write
    std::size_t restored = 0, aside = 0;
    for (const store::StoredRoom& stored : store.load_rooms()) {
        const std::string& code = stored.room.code;
        try {
            auto room = Room::restore(stored, make_executor(), context);
            const auto restored_room = room;
            if (!registry->adopt(code, std::move(room))) throw std::runtime_error("two rooms with the same code");
            restored_room->post([](Room& r) { r.resume_after_restore(); });
            ++restored;
        } catch (const std::exception& e) {
            spdlog::error("[{}] cannot be restored from {}: {}; the room is set aside in the file and not served", code,
                          store.path(), e.what());
            store.set_aside(code, e.what());
            ++aside;
        }
    }
    // Turn-based rooms stay asleep in the file: only their codes and deadlines are held.
    std::size_t asleep = 0;
    for (const store::SleepingRoom& s : store.sleeping_rooms()) {
        registry->add_sleeping(s.code, s.wake_ms);
        ++asleep;
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    spdlog::info("restored {} rooms from {} in {} ms{}{}", restored, store.path(), ms,
                 asleep ? ", " + std::to_string(asleep) + " turn-based rooms asleep until asked for" : std::string(),
                 aside ? " (" + std::to_string(aside) + " set aside, see the errors above)" : std::string());
}

// How a room not in memory comes back (a sleeping room, or on a shared database one another node let
// go of): taken for this node (its epoch moved on) and rebuilt as at a start; a room that does not
// rebuild is set aside as there, and stays unserved. One another node holds says how long until its
// lease ends: at least 200 ms (a client does not hammer the database), at most a lease (it is renewed).
Registry::Waker waker(std::shared_ptr<RoomContext> context, ExecutorFactory make_executor) {
    return [context = std::move(context), make_executor = std::move(make_executor)](const std::string& code) -> Registry::Woken {
        store::Store& store = *context->options.store;
        store::Take take;
        try {
            take = store.take_room(code);
        } catch (const std::exception& e) {
            spdlog::error("[{}] cannot be woken: {}", code, e.what());
            return {};
        }
        if (!take.room) {
            if (take.holder.empty()) return {};
            const std::int64_t lease = store.lease().count();
            const std::int64_t left = std::clamp<std::int64_t>(take.holder_until_ms - store::now_ms(), 200, std::max<std::int64_t>(200, lease));
            spdlog::debug("[{}] served by node {} for up to {} ms more", code, take.holder, left);
            return {nullptr, {left, take.holder}};
        }
        try {
            auto room = Room::restore(*take.room, make_executor(), context);
            spdlog::info("[{}] taken and restored from {}", code, store.path());
            return {std::move(room), {}};
        } catch (const std::exception& e) {
            spdlog::error("[{}] cannot be restored from {}: {}; the room is set aside in the file and not served", code, store.path(), e.what());
            store.set_aside(code, e.what());
            return {};
        }
    };
}

// A room this node lost to another: dropped at once, on its own executor (the store calls this from
// its writer thread, before the refused writes' callbacks).
static std::function<void(std::string)> drop_lost_room(std::weak_ptr<Registry> registry) {
    return [registry = std::move(registry)](std::string code) {
        const auto r = registry.lock();
        if (!r) return;
        if (const auto room = r->find(code)) room->post([](Room& lost) { lost.drop_lost("the store found its lease taken"); });
    };
}

Hub::Hub(HubOptions options, ExecutorFactory make_executor, std::shared_ptr<Metrics> metrics, std::shared_ptr<Worker> workers)
    : impl_(std::make_unique<Impl>()) {
    if (!metrics) metrics = std::make_shared<Metrics>();
    impl_->registry = std::make_shared<Registry>(options.max_rooms);
    auto context = std::make_shared<RoomContext>();
    context->options = std::move(options);
    context->metrics = metrics;
    context->registry = impl_->registry;
    context->replay_builds = std::make_shared<ReplayBuilds>(
        context->options.replay_workers ? context->options.replay_workers : workers, context->options.max_replay_builds);
    context->workers = std::move(workers);
    impl_->limits = std::make_unique<RequestLimits>(context->options);
    context->chat_by_address = std::make_shared<AddressLimiter>(context->options.chat_rate_address, context->options.chat_burst_address);
    impl_->creations = std::make_unique<AddressLimiter>(context->options.create_rate_address, context->options.create_burst_address);
    impl_->context = std::move(context);
    impl_->make_executor = std::move(make_executor);
    impl_->metrics = std::move(metrics);
    if (impl_->context->options.store) {
        impl_->metrics->watch_store(impl_->context->options.store);
        impl_->metrics->watch_sleeping([registry = std::weak_ptr<Registry>(impl_->registry)] {
            const auto r = registry.lock();
            return r ? r->sleeping() : std::size_t{0};
        });
        store::Store& store = *impl_->context->options.store;
        store.on_lost(drop_lost_room(impl_->registry));
        impl_->registry->set_waker(waker(impl_->context, impl_->make_executor), store::is_database_url(store.path()));
        impl_->restore_rooms();
    }
}

// Commit callbacks still running on the store's writer hold rooms (and through them the store):
// they finish before the hub goes, so the store is never released from its own thread.
Hub::~Hub() {
    if (impl_->context->options.store) impl_->context->options.store->flush();
}

void Hub::on_open(const std::shared_ptr<Outbox>& connection) {
    impl_->entry(connection);
    impl_->metrics->connection_opened();
}

void Hub::on_close(const std::shared_ptr<Outbox>& connection) {
    std::shared_ptr<Impl::ConnEntry> e;
    {
        const std::lock_guard lock(impl_->conns_mutex);
        const auto it = impl_->conns.find(connection->id());
        if (it == impl_->conns.end()) return;
        e = std::move(it->second);
        impl_->conns.erase(it);
    }
    impl_->metrics->connection_closed();
    if (e && e->room) e->room->post([conn = e->conn](Room& r) { r.detach(conn.get()); });
}

void Hub::on_text(const std::shared_ptr<Outbox>& connection, std::string_view text) {
    if (impl_->shutting_down) return;
    try {
        auto e = impl_->entry(connection);
        ParsedMessage parsed = parse_client_message(text);
        if (!parsed.message) {
            connection->send(error_message(proto::error_reply(parsed.error), parsed.id));
            return;
        }
        impl_->dispatch(*e, std::move(*parsed.message), std::move(parsed.id));
    } catch (const std::exception& ex) {  // e.g. memory exhaustion: this message is lost, the server carries on
        spdlog::error("connection {} ({}): message dropped: {}", connection->id(), connection->remote(), ex.what());
    }
}

void Hub::Impl::dispatch(ConnEntry& e, ClientMessage&& m, json&& id) {
    const auto& outbox = e.conn->outbox;
    switch (m.type) {
        case ClientType::Ping: outbox->send(pong_message()); return;
        case ClientType::CreateRoom:
            if (const auto refused = refuse_client_seed(m.options, context->options.allow_client_seeds, "options.seed")) {
                outbox->send(error_message(*refused, id));
                return;
            }
            // Outbox::send is thread-safe: the answer goes out from wherever the commit returns.
            // The context, not the hub: a late commit callback may outlive the hub.
            create(m.options, "options", outbox->remote(), [ctx = context, outbox, id = std::move(id)](Created c) {
                if (!c.room) return outbox->send(error_message(c.error, id));
                outbox->send(room_created_message(c.room->code(), join_url(*ctx, c.room->code()), c.host_key, id));
            });
            return;
        case ClientType::Join:
        case ClientType::Rejoin:
        case ClientType::Spectate: {
            std::optional<RequestLimits::Refusal> refusal;
            Registry::Elsewhere elsewhere;
            auto room = look_up(m.room, outbox->remote(), refusal, elsewhere);
            if (refusal) {
                outbox->send(error_message({std::string(err::kRateLimited), refusal->message, "room", {}}, id));
                return;
            }
            if (elsewhere.ms > 0) {
                outbox->send(error_message(room_elsewhere(elsewhere), id));
                return;
            }
            if (!room) {
                outbox->send(error_message({std::string(err::kNoSuchRoom), "there is no room with that code", "room", {}}, id));
                return;
            }
            // One room per connection: moving to another room lets go of the previous one.
            if (e.room && e.room != room) e.room->post([conn = e.conn](Room& r) { r.detach(conn.get()); });
            e.room = room;
            break;
        }
        default:
            if (!e.room) {
                outbox->send(error_message({std::string(err::kNotInRoom), "join a room first", {}, {}}, id));
                return;
            }
            break;
    }
    e.room->post([conn = e.conn, m = std::move(m), id = std::move(id)](Room& r) { r.handle(conn, m, id); });
}

void Hub::create_room(const json& body, std::string_view remote, std::function<void(HttpResult)> done) {
    const auto options = parse_room_options(body.is_null() ? json::object() : body);
    if (!options) return done({400, proto::error_json(options.error())});
    if (const auto refused = refuse_client_seed(options.value(), impl_->context->options.allow_client_seeds, "seed"))
        return done({400, proto::error_json(*refused)});
    // A room made now would be closed before anyone could join it.
    if (impl_->shutting_down)
        return done({503, proto::error_json({std::string(err::kShuttingDown), "the server is shutting down; try again in a moment", {}, {}})});
    impl_->create(options.value(), "", remote, [ctx = impl_->context, done = std::move(done)](Impl::Created c) {
        if (!c.room) {
            HttpResult refused{c.status, proto::error_json(c.error)};
            refused.retry_after = c.retry_after;
            return done(std::move(refused));
        }
        done({201, {{"code", c.room->code()}, {"url", Impl::join_url(*ctx, c.room->code())}, {"host_key", c.host_key}}});
    });
}

namespace {

Hub::HttpResult refused(const RequestLimits::Refusal& r) {
    Hub::HttpResult result{r.status, proto::error_json({std::string(err::kRateLimited), r.message, {}, {}})};
    result.retry_after = r.retry_after;
    return result;
}

Hub::HttpResult elsewhere(const Registry::Elsewhere& where) {
    Hub::HttpResult result{503, proto::error_json(room_elsewhere(where))};
    result.retry_after = static_cast<int>((where.ms + 999) / 1000);
    return result;
}

Hub::HttpResult no_such_room() { return {404, proto::error_json({std::string(err::kNoSuchRoom), "there is no room with that code", {}, {}})}; }

}  // namespace

Hub::HttpResult Hub::room_summary(std::string_view code, std::string_view remote) const {
    std::optional<RequestLimits::Refusal> refusal;
    Registry::Elsewhere where;
    const auto room = impl_->look_up(code, remote, refusal, where);
    if (refusal) return refused(*refusal);
    if (where.ms > 0) return elsewhere(where);
    if (!room) return no_such_room();
    return {200, room->summary()};
}

void Hub::room_replay(std::string_view code, std::string_view remote, std::function<void(HttpResult)> done) const {
    if (const auto refusal = impl_->limits->replay(remote)) return done(refused(*refusal));
    std::optional<RequestLimits::Refusal> refusal;
    Registry::Elsewhere where;
    const auto room = impl_->look_up(code, remote, refusal, where);
    if (refusal) return done(refused(*refusal));
    if (where.ms > 0) return done(elsewhere(where));
    if (!room) return done(no_such_room());
    room->post([done = std::move(done)](Room& r) { r.replay(done); });
}

namespace {

// Every table of every game this server hosts, by table id, in the order the modules list them
// (Catan: "base", "large", then each scenario's boards).
std::vector<std::pair<std::string, const json*>> all_tables() {
    std::vector<std::pair<std::string, const json*>> tables;
    for (const std::string& id : game::module_ids()) {
        const game::Module& module = *game::find_module(id);
        for (const json& options : module.table_options()) {
            std::string table = module.table_id(options);
            bool known = false;
            for (const auto& [name, body] : tables) known = known || name == table;
            if (!known) tables.emplace_back(std::move(table), &module.table(options));
        }
    }
    return tables;
}

}  // namespace

// The rules block each table carries (a game's table without one has nothing to show here).
Hub::HttpResult Hub::rules() const {
    static const auto body = [] {
        json boards = json::object();
        for (const auto& [name, table] : all_tables())
            if (table->contains("rules")) boards[name] = (*table)["rules"];
        return std::make_shared<const std::string>(
            json{{"v", proto::kProtocolVersion}, {"boards", std::move(boards)}, {"limits", Room::limits_json()}}.dump());
    }();
    HttpResult r;
    r.text = body;
    return r;
}

Hub::HttpResult Hub::board(std::string_view id) const {
    static const auto bodies = [] {
        std::vector<std::pair<std::string, std::shared_ptr<const std::string>>> all;
        for (const auto& [name, table] : all_tables()) all.emplace_back(name, std::make_shared<const std::string>(table->dump()));
        return all;
    }();
    std::string known;
    for (const auto& [name, body] : bodies) {
        if (name == id) {
            HttpResult r;
            r.text = body;
            return r;
        }
        known += (known.empty() ? "" : ", ") + name;
    }
    return {404, proto::error_json({std::string(err::kOutOfRange), "there is no board with that id; the boards are " + known, {}, {}})};
}

void Hub::sweep(std::chrono::steady_clock::time_point now) {
    for (const auto& room : impl_->registry->rooms()) room->post([now](Room& r) { r.sweep(now); });
    // Sleeping rooms whose deadline has come: woken, their timer acts at once (room_timer.cpp). At most
    // kWakesPerSweep a sweep, so that many deadlines falling together never stall this thread; the
    // rest wake at the next sweeps.
    const HubOptions& o = impl_->context->options;
    std::size_t woken = 0;
    for (const std::string& code : impl_->registry->due(o.wall_clock ? o.wall_clock() : store::now_ms())) {
        if (woken++ == kWakesPerSweep) break;
        impl_->find_or_wake(code);
    }
}

void Hub::shutdown(std::string_view reason) {
    impl_->shutting_down = true;
    std::vector<std::shared_ptr<Outbox>> outboxes;
    {
        const std::lock_guard lock(impl_->conns_mutex);
        for (const auto& [id, e] : impl_->conns) outboxes.push_back(e->conn->outbox);
    }
    const Message bye = closing_message(reason);
    // Told to reconnect at once: with several servers on one database another one takes their rooms
    // (this one releases every lease as its store closes, after the last write).
    for (const auto& o : outboxes) {
        o->send(bye);
        o->close_to_reconnect(reason);
    }
    spdlog::info("shutting down: {} connections told, {} rooms closing", outboxes.size(), impl_->registry->size());
    for (const auto& room : impl_->registry->rooms())
        room->post([reason = std::string(reason)](Room& r) { r.close(reason, /*notify=*/false); });
}

std::size_t Hub::room_count() const { return impl_->registry->size(); }

bool Hub::post_for_testing(std::string_view code, std::function<void()> task) {
    const auto room = impl_->registry->find(code);
    if (!room) return false;
    room->post([task = std::move(task)](Room&) { task(); });
    return true;
}

// The operator's view (hub_admin.cpp) reaches the hub's state through these only.
std::vector<std::shared_ptr<Room>> Hub::admin_open_rooms() const { return impl_->registry->rooms(); }
std::shared_ptr<Room> Hub::admin_find(std::string_view code) const { return impl_->find_or_wake(code); }
std::shared_ptr<store::Store> Hub::admin_store() const { return impl_->context->options.store; }

}  // namespace catan::room
