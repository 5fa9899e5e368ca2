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

private:
    Result check(pg_result* result, const std::string& doing);
    void prepare_on_server(const std::string& name, const std::string& sql);

    pg_conn* conn_ = nullptr;
    std::vector<std::pair<std::string, std::string>> prepared_;  // name, SQL
};

// `url` without its password (user:password@ or password=...), for messages and logs.
std::string redact(const std::string& url);

}  // namespace catan::store::pg
