#pragma once
// A thin RAII layer over libpq: one connection, statements prepared by name (prepared again after the
// connection is re-established), parameters always sent apart from the SQL text, and errors as
// exceptions with PostgreSQL's own message and SQLSTATE. Internal to catan_store.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct pg_conn;
struct pg_result;

namespace catan::store::pg {

class Error : public std::runtime_error {
public:
    Error(std::string sqlstate, const std::string& what) : std::runtime_error(what), sqlstate_(std::move(sqlstate)) {}
    const std::string& sqlstate() const { return sqlstate_; }  // "" when the connection itself failed

private:
    std::string sqlstate_;
};

// One statement parameter as text (PostgreSQL converts it to the column's type); nullopt is NULL.
using Param = std::optional<std::string>;
inline Param param(std::int64_t value) { return std::to_string(value); }
inline Param param(const std::string& text) { return text; }
// An array parameter (cast in the SQL: $1::text[], $2::bigint[]), in PostgreSQL's array literal.
Param text_array(const std::vector<std::string>& values);
Param integer_array(const std::vector<std::int64_t>& values);

// The rows of one statement; columns read as text or integers.
class Result {
public:
    explicit Result(pg_result* result) : result_(result) {}
    ~Result();
    Result(Result&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}
    Result& operator=(Result&&) = delete;
    Result(const Result&) = delete;

    int rows() const;
    bool null(int row, int column) const;
    std::string text(int row, int column) const;
    std::int64_t integer(int row, int column) const;

private:
    pg_result* result_;
};

class Connection {
public:
    // Connects to `url` (a libpq connection URI). Throws Error with libpq's reason.
    explicit Connection(const std::string& url);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Re-establishes a connection that was lost (the server restarted, the network dropped), and
    // prepares the statements again; throws Error when it cannot.
    void ensure();
    // Starts a transaction with `sql` (BEGIN ...). A connection the server closed while idle (a restart,
    // a failover, an idle timeout) is found out here, made again, and the BEGIN sent once more: nothing
    // of the transaction was sent yet, so that is safe.
    void begin(const std::string& sql);
    // One or more statements without parameters (DDL, BEGIN, COMMIT): never with values in them.
    void exec(const std::string& sql);
    // One statement, its values passed as parameters ($1, $2, ...).
    Result query(const std::string& sql, const std::vector<Param>& params = {});
    void prepare(const std::string& name, const std::string& sql);
    Result run(const std::string& name, const std::vector<Param>& params);

    // A prepared statement whose answer nobody reads (a write inside a transaction), sent without
    // waiting for it (libpq's pipeline mode): a writer round costs one round trip to the server, not one
    // a statement. Answers are read every kPipelineSync statements and by end_pipeline; the first error
    // among them is thrown from there (the transaction is then aborted: roll it back).
    void send(const std::string& name, const std::vector<Param>& params);
    // Sends `sql` (COMMIT) after the statements sent, reads every answer, and leaves pipeline mode;
    // throws the first error. Without statements sent: exec(sql).
    void end_pipeline(const std::string& sql);
    // Leaves pipeline mode, dropping answers not read (after a failure, before ROLLBACK).
    void abandon_pipeline() noexcept;

private:
    static constexpr int kPipelineSync = 256;  // answers read at least this often (they wait in socket buffers)

    Result check(pg_result* result, const std::string& doing);
    void prepare_on_server(const std::string& name, const std::string& sql);
    // Marks the end of what was sent and reads every answer up to there; throws the first error.
    void sync_pipeline();

    pg_conn* conn_ = nullptr;
    std::vector<std::pair<std::string, std::string>> prepared_;  // name, SQL
    std::vector<std::string> in_flight_;  // the statements sent since the last sync, for error messages
    bool pipelined_ = false;
};

// `url` without its password (user:password@ or password=...), for messages and logs.
std::string redact(const std::string& url);

}  // namespace catan::store::pg
