// Seats: joining (a seat in the lobby, a spectator place after the start), rejoining with a token,
// spectating, leaving, and the host's lobby controls (options, moving, kicking, starting).
#include <chrono>

#include <spdlog/spdlog.h>

#include "catan/room/secret.hpp"
#include "catan/room/text.hpp"
#include "client_seeds.hpp"
#include "catan/proto/error_json.hpp"
#include "room.hpp"
#include "stored_json.hpp"

namespace catan::room {

using nlohmann::json;

// The newcomer is attached, everyone else hears about it (connected flags, spectator count), and the
// newcomer starts from a snapshot at the new sequence number.
void Room::welcome(const std::shared_ptr<Connection>& conn, int seat, std::string name, std::string_view token,
                   const json& id, bool display) {
    Member& m = attach(conn, seat, std::move(name));
    if (display) {
        m.display = true;
        ++displays_;
    }
    publish(Changed::Room, /*events=*/false, conn.get());
    const Seat* s = seat >= 0 ? &seats_[seat] : nullptr;
    conn->outbox->send(welcome_message(code_, seat, std::string(token), s && s->host, id));
    send_snapshot(members_.at(conn.get()));
}

void Room::on_join(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const json& id) {
    if (member(conn.get())) detach(conn.get());  // a second join on one socket: the old place is let go
    std::string why;
    auto name = clean_name(msg.name, why);
    if (!name) return reply_error(conn, {std::string(err::kBadName), why, "name", {}}, id);
    bool host = false;
    if (msg.host_key) {
        if (!secret_equal(secret_hash(*msg.host_key), host_key_hash_))
            return reply_error(conn, {std::string(err::kBadToken), "wrong host key", "host_key", {}}, id);
        host = true;
    }
    bool looks_alike = false;
    if (const Seat* clash = seats_.name_clash(*name, looks_alike)) {
        if (!looks_alike)
            return reply_error(conn, {std::string(err::kNameTaken), "someone in this room already has that name; choose another", "name", {}}, id);
        return reply_error(conn,
                           {std::string(err::kNameTaken),
                            "that name looks like the name of a seated player, \"" + clash->name + "\"; choose one that looks different",
                            "name", {}},
                           id);
    }

    // Someone the host removed does not take a seat again at once from the same link; watching a game
    // that has started stays open to them as to anyone.
    if (const auto left = seats_.removed().left(*name, now()); phase_ == RoomPhase::Lobby && left > Clock::duration::zero()) {
        const auto minutes = std::chrono::ceil<std::chrono::minutes>(left).count();
        return reply_error(conn,
                           {std::string(err::kRemoved),
                            "the host removed \"" + *name + "\" from this room; that name may sit here again in " +
                                std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes"),
                            "name", {}},
                           id);
    }

    if (phase_ != RoomPhase::Lobby) {  // late arrivals watch
        spdlog::info("{} {} joined after the start, as a spectator", tag(kSpectatorSeat), *name);
        welcome(conn, kSpectatorSeat, std::move(*name), {}, id);
        return;
    }
    const int seat = seats_.first_free(options_.players);
    if (seat == options_.players) return reply_error(conn, {std::string(err::kRoomFull), "every seat is taken", {}, {}}, id);

    Seat& s = seats_.take(seat, std::move(*name), host);  // one host: whoever last proved they hold the key
    std::string token = random_hex();
    s.token_hash = secret_hash(token);
    spdlog::info("{} {} joined{}", tag(seat), s.name, host ? " as host" : "");
    // The token is handed out only once the seat that it opens is on disk.
    save_lobby([this, conn, seat, token = std::move(token), id] { welcome(conn, seat, {}, token, id); });
}

void Room::on_rejoin(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const json& id) {
    if (member(conn.get())) detach(conn.get());
    const int seat = seats_.seat_of_token(secret_hash(msg.token));
    if (seat < 0) return reply_error(conn, {std::string(err::kBadToken), "no seat in this room has that token", "token", {}}, id);
    spdlog::info("{} {} reconnected", tag(seat), seats_[seat].name);
    welcome(conn, seat, {}, msg.token, id);
}

// A table display is a spectator in every way (the same public view, nothing more); the room only
// counts it, so that seated phones know a shared screen shows the board.
void Room::on_spectate(const std::shared_ptr<Connection>& conn, bool display, const json& id) {
    if (member(conn.get())) detach(conn.get());
    spdlog::info("{} {}", tag(kSpectatorSeat), display ? "showing the table" : "watching");
    welcome(conn, kSpectatorSeat, {}, {}, id, display);
}

// In the lobby a player who leaves frees the seat (every tab on it is let go); after the start the
// seat stays theirs, shown as disconnected, and the token still takes it back.
void Room::on_leave(const Member& m) {
    const int seat = m.seat;
    if (seat < 0 || phase_ != RoomPhase::Lobby) {
        detach(m.conn.get());
        return;
    }
    std::vector<const Connection*> leaving;
    for (const auto& [conn, other] : members_)
        if (other.seat == seat) leaving.push_back(conn);
    for (const Connection* c : leaving) remove_member(c);
    spdlog::info("{} {} left", tag(seat), seats_[seat].name);
    seats_.free(seat);
    save_lobby([this] { publish(Changed::Room); });
}

void Room::on_set_options(const Member& m, const ClientMessage& msg, const json& id) {
    if (!require_host(m, id)) return;
    if (const auto refused = refuse_client_seed(msg.options, context_->options.allow_client_seeds, "options.seed"))
        return reply_error(m.conn, *refused, id);
    if (msg.options.game && *msg.options.game != options_.game)
        return reply_error(m.conn,
                           {std::string(err::kOutOfRange), "a room's game is chosen when it is created; create another room to play \"" +
                                                               *msg.options.game + "\"", "options.game", {}},
                           id);
    if (const auto refused = rules_error(*module_, msg.options, "options")) return reply_error(m.conn, proto::error_reply(*refused), id);
    RoomOptions next = options_;
    OptionsUpdate followed = msg.options;
    module_->follow_options(followed.rules, followed.players.value_or(options_.players));
    next.apply(followed);
    if (const auto refused = options_error(*module_, next, next.players, "options"))
        return reply_error(m.conn, proto::error_reply(*refused), id);
    const int seated = seats_.seated();
    if (next.players < seated)
        return reply_error(m.conn,
                           {std::string(err::kOutOfRange), std::to_string(seated) + " players are already seated",
                            "options.players", {}},
                           id);
    if (next.players < options_.players) reseat(seats_.shrunk(next.players));  // seats past the new count move down, in order
    options_ = next;
    ++options_version_;
    spdlog::info("{} options: {}", tag(m.seat), options_json().dump());
    save_lobby([this] { publish(Changed::Room); });
}

void Room::on_move_seat(const Member& m, const ClientMessage& msg, const json& id) {
    if (!require_host(m, id)) return;
    for (const auto& [field, seat] : {std::pair{"seat", msg.seat}, std::pair{"to", msg.to}})
        if (seat >= options_.players)
            return reply_error(m.conn,
                               {std::string(err::kOutOfRange), "this room has " + std::to_string(options_.players) + " seats",
                                field, {}},
                               id);
    SeatSource source;
    for (int s = 0; s < kMaxSeats; ++s) source[s] = s;
    std::swap(source[msg.seat], source[msg.to]);
    reseat(source);
    spdlog::info("{} swapped seats {} and {}", tag(m.seat), msg.seat, msg.to);
    save_lobby([this] { publish(Changed::Room); });
}

void Room::on_kick(const Member& m, const ClientMessage& msg, const json& id) {
    if (!require_host(m, id)) return;
    const int seat = msg.seat;
    if (seat >= options_.players || !seats_[seat].taken)
        return reply_error(m.conn, {std::string(err::kNotSeated), "nobody sits in seat " + std::to_string(seat), "seat", {}}, id);
    if (seats_[seat].host)
        return reply_error(m.conn, {std::string(err::kOutOfRange), "the host cannot kick their own seat; use leave", "seat", {}}, id);
    std::vector<const Connection*> kicked;
    const Message bye = closing_message("kicked");
    for (const auto& [conn, other] : members_)
        if (other.seat == seat) {
            other.conn->outbox->send(bye);
            other.conn->outbox->close("kicked");
            kicked.push_back(conn);
        }
    const int host_seat = m.seat;  // `m` stays valid: the host is not among the kicked
    for (const Connection* c : kicked) remove_member(c);
    spdlog::info("{} kicked {} from seat {}", tag(host_seat), seats_[seat].name, seat);
    if (!seats_[seat].bot) seats_.removed().note(seats_[seat].name, now() + kRemovedCooldown);  // a bot may be seated again
    seats_.free(seat);
    save_lobby([this] { publish(Changed::Room); });
}

void Room::on_start(const Member& m, const json& id) {
    if (!require_host(m, id)) return;
    const int n = seats_.seated();
    if (n < module_->min_players())
        return reply_error(m.conn,
                           {std::string(err::kTooFewPlayers), "at least " + std::to_string(module_->min_players()) + " players must be seated", {}, {}},
                           id);
    // Checked at each change already; the seat count is what is new here.
    if (const auto refused = options_error(*module_, options_, n, "options")) return reply_error(m.conn, proto::error_reply(*refused), id);
    reseat(seats_.compacted());  // the game's seats are 0..n-1
    options_.players = n;
    // Only a test server deals from a client's seed (client_seeds.hpp); every viewer is told.
    game_seed_chosen_ = options_.seed && context_->options.allow_client_seeds;
    const std::uint64_t seed = game_seed_chosen_ ? *options_.seed : random_u64();
    game_ = module_->start(options_.game_options(n), seed);
    // The commitment goes out with the start; seed and salt only once the game is over.
    salt_ = random_hex(kSaltBytes);
    commitment_ = commitment_of(seed, salt_);
    log_.clear();
    json stored_options = game_->options_record();
    stored_options["salt"] = salt_;
    if (game_seed_chosen_) stored_options["seed_chosen"] = true;
    stored_options["started_at"] = store::now_ms();  // doc.game.stats.started_at, across restarts
    start_history(stored_options["started_at"].get<std::int64_t>());
    game_options_ = stored_options.dump();
    phase_ = RoomPhase::Playing;
    for (Seat& s : seats_) {
        s.own_moves = s.bot_moves = 0;
        s.moves_known = true;
    }
    bots_.new_game(seed ^ 0x5eedb075u);  // fresh minds; bots replay with the game when the seed is fixed
    for (int seat = 0; seat < n; ++seat)
        if (!seats_[seat].bot && seats_[seat].connections == 0) seat_absent(seat);  // away already: their grace period starts now
    ++game_number_;
    spdlog::info("[{}] game started: {}, {} players", code_, options_.game, n);
    save_lobby([this] {
        answers_.reset(seq() + 1);  // the start's seq: no answer sent before it is one to this game
        publish(Changed::Both, /*events=*/true);  // the start's events (Catan: the first-player rolls, R-O5)
    });
}

// After the game: back to the lobby with the same seats, names, tokens, host and options; the next
// start deals a new game (a fresh random seed unless options.seed is set, on a test server).
void Room::on_play_again(const Member& m, const json& id) {
    if (m.seat < 0 || !seats_[m.seat].host)
        return reply_error(m.conn, {std::string(err::kNotHost), "only the host may do that", {}, {}}, id);
    if (phase_ != RoomPhase::Finished)
        return reply_error(m.conn, {std::string(err::kWrongPhase), "the game is not over", {}, {}}, id);
    game_.reset();
    phase_ = RoomPhase::Lobby;
    for (Seat& s : seats_) s.taken_over = false;
    finished_at_ = {};
    spdlog::info("{} back to the lobby for another game", tag(m.seat));
    save_lobby([this] { publish(Changed::Both); });
}

void Room::reseat(const SeatSource& source) {
    const SeatSource moved_to = seats_.reseat(source);
    views_.reseat(source);
    for (auto& [conn, m] : members_)
        if (m.seat >= 0) m.seat = moved_to[m.seat];
}

}  // namespace catan::room
