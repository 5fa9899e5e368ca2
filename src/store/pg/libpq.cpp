#include "libpq.hpp"

#include <charconv>
#include <optional>

#include <libpq-fe.h>
#include <spdlog/spdlog.h>

namespace catan::store::pg {

namespace {

// libpq's message on one line (it breaks lines and indents hints with a tab), without a trailing dot.
std::string trimmed(const char* message) {
    std::string s;
    for (const char* c = message ? message : ""; *c; ++c) {
        const bool space = *c == '\n' || *c == '\t' || *c == ' ';
        if (!space) s.push_back(*c);
        else if (!s.empty() && s.back() != ' ') s.push_back(' ');
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '.')) s.pop_back();
    return s;
}

// PostgreSQL's notices (such as "relation already exists, skipping") go to the log, not to stderr.
void log_notice(void*, const char* message) { spdlog::debug("postgresql: {}", trimmed(message)); }

// libpq's parameter arrays for `params`.
struct Values {
    explicit Values(const std::vector<Param>& params) {
        pointers.reserve(params.size());
        for (const Param& p : params) pointers.push_back(p ? p->c_str() : nullptr);
    }
    int count() const { return static_cast<int>(pointers.size()); }
    const char* const* data() const { return pointers.data(); }
    std::vector<const char*> pointers;
};

}  // namespace

Param text_array(const std::vector<std::string>& values) {
    std::string out = "{";
    for (const std::string& v : values) {
        if (out.size() > 1) out.push_back(',');
        out.push_back('"');  // quoted, so any text (commas, braces, NULL) is one element as it is
        for (const char c : v) {
            if (c == '"' || c == '\\') out.push_back('\\');
            out.push_back(c);
        }
        out.push_back('"');
    }
    out.push_back('}');
    return out;
}

Param integer_array(const std::vector<std::int64_t>& values) {
    std::string out = "{";
    for (const std::int64_t v : values) out.append(out.size() > 1 ? "," : "").append(std::to_string(v));
    out.push_back('}');
    return out;
}

Result::~Result() { PQclear(result_); }
int Result::rows() const { return PQntuples(result_); }
bool Result::null(int row, int column) const { return PQgetisnull(result_, row, column) == 1; }

std::string Result::text(int row, int column) const {
    return std::string(PQgetvalue(result_, row, column), static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t Result::integer(int row, int column) const {
    const char* value = PQgetvalue(result_, row, column);
    const char* end = value + PQgetlength(result_, row, column);
    std::int64_t out = 0;
    if (std::from_chars(value, end, out).ec != std::errc()) throw Error("", "not an integer: " + std::string(value, end));
    return out;
}

Connection::Connection(const std::string& url) {
    // Defaults the URL may override: it is expanded in place of dbname, last, and what it sets wins.
    const char* keys[] = {"connect_timeout", "application_name", "dbname", nullptr};
    const char* values[] = {"10", "catan-server", url.c_str(), nullptr};
    conn_ = PQconnectdbParams(keys, values, /*expand_dbname=*/1);
    if (!conn_) throw Error("", "out of memory");
    if (PQstatus(conn_) != CONNECTION_OK) {
        const std::string why = trimmed(PQerrorMessage(conn_));
        PQfinish(conn_);
        conn_ = nullptr;
        throw Error("", why);
    }
    PQsetNoticeProcessor(conn_, log_notice, nullptr);
}

Connection::~Connection() { PQfinish(conn_); }

void Connection::ensure() {
    if (PQstatus(conn_) == CONNECTION_OK) return;
    spdlog::warn("store: the connection to PostgreSQL was lost; connecting again");
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK) throw Error("", "the connection to PostgreSQL is lost: " + trimmed(PQerrorMessage(conn_)));
    PQsetNoticeProcessor(conn_, log_notice, nullptr);
    for (const auto& [name, sql] : prepared_) prepare_on_server(name, sql);
    spdlog::info("store: connected to PostgreSQL again");
}

void Connection::begin(const std::string& sql) {
    ensure();
    try {
        exec(sql);
    } catch (const Error&) {
        if (PQstatus(conn_) == CONNECTION_OK) throw;
        ensure();
        exec(sql);
    }
}

Result Connection::check(pg_result* result, const std::string& doing) {
    Result owned(result);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return owned;
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    const char* primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const char* detail = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL) : nullptr;
    // One line: the message, PostgreSQL's detail (which key, which value), then what we were doing.
    std::string message = primary ? primary : trimmed(PQerrorMessage(conn_));
    if (detail) message.append("; ").append(detail);
    message.append(" (").append(doing).append(")");
    throw Error(state ? state : "", message);
}

void Connection::exec(const std::string& sql) { check(PQexec(conn_, sql.c_str()), sql.substr(0, 60)); }

Result Connection::query(const std::string& sql, const std::vector<Param>& params) {
    const Values v(params);
    return check(PQexecParams(conn_, sql.c_str(), v.count(), nullptr, v.data(), nullptr, nullptr, 0), sql.substr(0, 60));
}

void Connection::prepare_on_server(const std::string& name, const std::string& sql) {
    check(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr), std::string("preparing ").append(name));
}

void Connection::prepare(const std::string& name, const std::string& sql) {
    prepare_on_server(name, sql);
    prepared_.emplace_back(name, sql);
}

Result Connection::run(const std::string& name, const std::vector<Param>& params) {
    const Values v(params);
    return check(PQexecPrepared(conn_, name.c_str(), v.count(), v.data(), nullptr, nullptr, 0), name);
}

void Connection::send(const std::string& name, const std::vector<Param>& params) {
    if (!pipelined_) {
        if (PQenterPipelineMode(conn_) != 1) throw Error("", "cannot enter pipeline mode: " + trimmed(PQerrorMessage(conn_)));
        pipelined_ = true;
    }
    const Values v(params);  // (libpq copies the values into its output buffer before it returns)
    if (PQsendQueryPrepared(conn_, name.c_str(), v.count(), v.data(), nullptr, nullptr, 0) != 1)
        throw Error("", trimmed(PQerrorMessage(conn_)) + " (" + name + ")");
    in_flight_.push_back(name);
    if (static_cast<int>(in_flight_.size()) >= kPipelineSync) sync_pipeline();
}

void Connection::sync_pipeline() {
    if (PQpipelineSync(conn_) != 1) throw Error("", "the connection to PostgreSQL failed: " + trimmed(PQerrorMessage(conn_)));
    std::optional<Error> first;
    std::size_t next = 0;  // which statement the next answer is for
    for (;;) {
        pg_result* result = PQgetResult(conn_);
        if (!result) {  // the end of one statement's answer (or of everything, on a broken connection)
            if (PQstatus(conn_) != CONNECTION_OK) break;
            ++next;
            continue;
        }
        const ExecStatusType status = PQresultStatus(result);
        if (status == PGRES_PIPELINE_SYNC) {
            PQclear(result);
            break;
        }
        if (status == PGRES_PIPELINE_ABORTED || status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
            PQclear(result);
            continue;
        }
        try {
            check(result, next < in_flight_.size() ? in_flight_[next] : std::string("pipeline"));
        } catch (const Error& e) {
            if (!first) first.emplace(e);
        }
        if (PQstatus(conn_) != CONNECTION_OK) break;  // no sync will come
    }
    in_flight_.clear();
    if (first) throw *first;
    if (PQstatus(conn_) != CONNECTION_OK) throw Error("", "the connection to PostgreSQL is lost: " + trimmed(PQerrorMessage(conn_)));
}

void Connection::end_pipeline(const std::string& sql) {
    if (!pipelined_) return exec(sql);
    if (PQsendQueryParams(conn_, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) != 1)
        throw Error("", trimmed(PQerrorMessage(conn_)) + " (" + sql + ")");
    in_flight_.push_back(sql);
    sync_pipeline();
    pipelined_ = false;
    if (PQexitPipelineMode(conn_) != 1) throw Error("", "cannot leave pipeline mode: " + trimmed(PQerrorMessage(conn_)));
}

void Connection::abandon_pipeline() noexcept {
    if (!pipelined_) return;
    pipelined_ = false;
    in_flight_.clear();
    // Whatever was sent gets its answers (errors or "aborted") up to a sync; then the mode can end.
    if (PQstatus(conn_) == CONNECTION_OK && PQpipelineSync(conn_) == 1) {
        for (int syncs = 0; syncs < 1;) {
            pg_result* result = PQgetResult(conn_);
            if (!result) {
                if (PQstatus(conn_) != CONNECTION_OK) break;
                continue;
            }
            if (PQresultStatus(result) == PGRES_PIPELINE_SYNC) ++syncs;
            PQclear(result);
        }
    }
    if (PQexitPipelineMode(conn_) != 1) PQreset(conn_);  // a connection stuck in the mode is made anew
}

std::string redact(const std::string& url) {
    std::string out = url;
    const auto scheme = out.find("://");
    if (scheme != std::string::npos) {
        const auto at = out.find('@', scheme + 3);
        const auto slash = out.find('/', scheme + 3);
        if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
            const auto colon = out.find(':', scheme + 3);
            if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
        }
    }
    const auto password = out.find("password=");
    if (password != std::string::npos) {
        const auto start = password + 9;
        const auto end = out.find('&', start);
        out.replace(start, (end == std::string::npos ? out.size() : end) - start, "***");
    }
    return out;
}

}  // namespace catan::store::pg
