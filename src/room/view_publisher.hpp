#pragma once
// ViewPublisher: what every viewer of one room was sent, and the next update or snapshot for it
// (docs/architecture.md, "Rooms: documents and diffs").
// Owns: the sequence number; the room part of the document as last published (one copy, diffed once
// per change); the public parts of the game view (one copy, written and diffed once per command);
// per viewer (each seat, and all spectators together) its own parts, what its connections were last
// told (its seat number after a reseat) and its cached snapshots; the REST summary.
// Must not: read the game, the seats or the chat itself. Everything it shows comes through a
// ViewSource the room hands it for each publish (the game's parts, legal actions, events, the log,
// the chat a member hears, the topology, the timer), so the game behind it can change. The one
// game type it uses is the seam's parts format (game/view_parts.hpp: ViewParts, PatchSink), which
// knows no rule; the whole view is assembled by the source.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/game/view_parts.hpp"
#include "member.hpp"
#include "seat_table.hpp"

namespace catan::room {

// What one publish carries: lobby and presence changes touch only the room part of the document.
enum class Changed { Room, Game, Both };

// What the publisher shows, as the room has it now. `viewer`: a seat, or kSpectatorSeat.
class ViewSource {
public:
    virtual bool has_game() const = 0;
    // The game view's parts (game/view_parts.hpp), rewritten in place; with a sink, each change also
    // as patch ops under /game.
    virtual void public_parts(game::ViewParts& parts, const game::PatchSink* sink) const = 0;
    virtual void viewer_parts(int viewer, game::ViewParts& parts, const game::PatchSink* sink) const = 0;
    // doc.game.stats, public: whole (snapshots, a first publish) and as parts under /stats, diffed
    // like the game's parts (nothing without a game).
    virtual nlohmann::json stats() const = 0;
    virtual void stats_parts(game::ViewParts& parts, const game::PatchSink* sink) const = 0;
    virtual std::string legal(int viewer) const = 0;  // as JSON text: null for spectators and without a game
    virtual std::string events(int viewer) const = 0;  // this change's events as the viewer sees them: a JSON array
    virtual nlohmann::json log(int viewer) const = 0;       // a snapshot's recent events
    virtual nlohmann::json chat(const Member& m) const = 0;  // a snapshot's chat: the lines `m` hears
    virtual nlohmann::json topology(int board) const = 0;   // a snapshot for a connection holding another table (board)
    virtual nlohmann::json timer() const = 0;               // room.timer as of now
    // The whole game view from its public and one viewer's parts (snapshots).
    virtual nlohmann::json assemble(const game::ViewParts& public_parts, const game::ViewParts& viewer_parts) const = 0;
protected:
    ~ViewSource() = default;
};

using Members = std::map<const Connection*, Member>;

// What a viewer's connections (all of one seat, or all spectators) were last sent: they share it,
// so the next update is one diff for all of them. Kept only while one of them is connected.
struct ViewerDoc {
    bool sent = false;
    game::ViewParts parts;  // the viewer's own parts of the game view ("viewer", "me")
    // The seat number those connections were last told (room.you); a reseat moves the seat's
    // document, with this, to another number, and the next update tells them.
    int told_seat = -1;
    // The last snapshot built for this viewer (without the topology) and the state it shows: more
    // snapshots of that state, for syncs or for other connections, share its bytes (up to ~230 KB with
    // a full chat) instead of building and queueing a copy each. Weak: kept only while a send queue
    // still holds it, so a room whose clients read keeps no copy.
    std::weak_ptr<const std::string> snapshot;
    std::uint64_t snapshot_seq = 0, snapshot_chat = 0;
    // The same with the topology, for the connections that need it at once: a change of board
    // (players across 4/5 in the lobby) sends every connection a snapshot, built once per viewer.
    std::weak_ptr<const std::string> topology_snapshot;
    std::uint64_t topology_seq = 0, topology_chat = 0;
    int topology_board = -1;
    void reset() { *this = {}; }
};

class ViewPublisher {
public:
    std::uint64_t seq() const { return seq_; }
    void start_at(std::uint64_t seq) { seq_ = seq; }  // a restored room's epoch
    void advance() { ++seq_; }                         // a visible change: every update carries the new seq

    void set_room(nlohmann::json doc) { room_doc_ = std::move(doc); }
    // The room part's diff from the last one published to `doc` (kept from now on), as patch ops.
    std::string room_ops(nlohmann::json doc);
    // room.timer replaced whole, as one op: cheaper than rebuilding and diffing the whole room part.
    std::string timer_ops(nlohmann::json timer);

    // One update per viewer with a connection here (not counting `exclude`, whose document is kept
    // current all the same): the shared room ops, the game's diff (or the whole game when one appeared
    // or went away), events and legal actions, serialised once per viewer. Members whose connection
    // holds another board's topology are left in `need_snapshot` instead.
    void send_updates(Changed what, const std::string& room_ops, const ViewSource& source, const Members& members, int board,
                      const Connection* exclude, std::vector<const Member*>& need_snapshot);
    // The whole document for one member, shared with the viewer's other snapshots of the same state.
    void send_snapshot(const Member& m, const ViewSource& source, int board, std::uint64_t chat_version);

    void forget_stats() { stats_parts_.clear(); }    // a new game's history starts
    void forget(int viewer) { doc(viewer).reset(); }  // nobody watches as this viewer: no document (memory)
    void reseat(const SeatSource& source);             // each seat's document follows its occupant
    void clear();                                      // the room closed

    // The GET /api/rooms/{code} body, as last published. Thread-safe.
    void set_summary(nlohmann::json summary);
    nlohmann::json summary() const;

private:
    ViewerDoc& doc(int viewer) { return viewer >= 0 ? seats_[viewer] : spectators_; }
    nlohmann::json viewer_room(int viewer, const ViewSource& source) const;
    nlohmann::json game_view(int viewer, ViewerDoc& doc, const ViewSource& source);
    nlohmann::json assembled_view(const ViewerDoc& doc, const ViewSource& source) const;
    std::string public_game_ops(bool& whole, const ViewSource& source);

    std::uint64_t seq_ = 0;
    // The room part of the document, the same for every viewer but for "you": diffed once per change.
    nlohmann::json room_doc_;
    // The public parts of the game view as last published, the same for every viewer: written and
    // diffed once per command. Empty while there is no game.
    game::ViewParts public_parts_;
    game::ViewParts stats_parts_;  // doc.game.stats as last published; empty: not yet in this game
    std::array<ViewerDoc, kMaxSeats> seats_{};
    ViewerDoc spectators_;
    mutable std::mutex summary_mutex_;
    nlohmann::json summary_;
};

}  // namespace catan::room
