// proto::error_frame is the one writer of error frames: the engine's rule errors, the decoders', the
// room layer's and the gateway's all go through it. Here its output is compared with the documented
// shape for every error code the schemas name, and written to error_frames.jsonl, which ctest's
// schema_error_frames validates with Ajv against proto/v1 (server.schema.json#/$defs/error for frames,
// error.schema.json and rest.schema.json's error body for bodies).
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "catan/proto/proto.hpp"
#include "schema_files.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;
using catan::proto::schema_files::load_schema;

namespace {

// Every error code a client can be sent, as the schemas list them: rule and decode errors
// (error.schema.json) and the room layer's and gateway's (server.schema.json, session_error_code).
std::vector<std::string> documented_codes() {
    const json error = load_schema("error"), server = load_schema("server");  // kept: the loops refer into them
    std::vector<std::string> codes;
    for (const json& c : error["properties"]["code"]["enum"]) codes.push_back(c.get<std::string>());
    for (const json& c : server["$defs"]["session_error_code"]["enum"]) codes.push_back(c.get<std::string>());
    return codes;
}

void write_line(std::ofstream& out, const std::string& family, const json& message, const std::string& note) {
    out << json{{"schema", family}, {"message", message}, {"note", note}}.dump() << "\n";
}

}  // namespace

TEST_CASE("error_reply keeps what each kind of error says", "[proto][error]") {
    const ErrorReply rule = error_reply(Error{ErrorCode::CannotAfford, "R-BU1", "a road costs 1 brick and 1 lumber"});
    CHECK(rule.code == "cannot_afford");
    CHECK(rule.rule == "R-BU1");
    CHECK(rule.field.empty());
    const ErrorReply decode = error_reply(DecodeError{DecodeErrorKind::MissingField, "hex", "missing field 'hex'"});
    CHECK(decode.code == "missing_field");
    CHECK(decode.field == "hex");
    CHECK(decode.rule.empty());
    // The body of an engine or decode error is the body of its reply: one writer for both.
    const Error e{ErrorCode::BadArgument, "", "no such seat"};
    CHECK(error_json(e) == error_json(error_reply(e)));
}

TEST_CASE("error frames: the documented body inside the error envelope for every code", "[proto][error]") {
    const std::vector<std::string> codes = documented_codes();
    REQUIRE(codes.size() > 20);
    for (const std::string& code : codes) {
        for (const json& id : {json(), json(7), json("abc")}) {
            const ErrorReply e{code, "why it was refused", code == "missing_field" ? "hex" : "", code == "cannot_afford" ? "R-BU1" : ""};
            const std::string text = error_frame(e, id);
            const json frame = json::parse(text);
            json expected = error_json(e);
            expected["v"] = kProtocolVersion;
            expected["type"] = "error";
            if (!id.is_null()) expected["id"] = id;
            CHECK(frame == expected);
            CHECK(text == expected.dump());  // keys sorted: equal errors give equal bytes
            CHECK(frame.contains("id") == !id.is_null());
        }
    }
}

// Hidden from the default run: ctest runs it as error_frames_written, the fixture schema_error_frames needs.
TEST_CASE("error frames and bodies of every documented code are written for the schema test", "[.][error-frame]") {
    std::ofstream out(CATAN_ERROR_FRAMES_JSONL, std::ios::trunc);
    REQUIRE(out);
    int lines = 0;
    for (const std::string& code : documented_codes()) {
        const ErrorReply plain{code, "why it was refused", {}, {}};
        write_line(out, "server", json::parse(error_frame(plain, json())), code + ", no id");
        write_line(out, "server", json::parse(error_frame(plain, json(12))), code + ", integer id");
        write_line(out, "server", json::parse(error_frame(plain, json("req-1"))), code + ", string id");
        lines += 3;
    }
    // The engine's rule errors carry a rule, the decoders' a field; their bodies are also REST bodies.
    for (int c = 0; c <= static_cast<int>(ErrorCode::TradeLimit); ++c) {
        const Error e{static_cast<ErrorCode>(c), "R-BU1", "a rule said no"};
        write_line(out, "server", json::parse(error_frame(error_reply(e), json(3))), std::string(to_string(e.code)) + " frame");
        write_line(out, "error", error_json(e), std::string(to_string(e.code)) + " body");
        lines += 2;
    }
    for (int k = 0; k <= static_cast<int>(DecodeErrorKind::Inconsistent); ++k) {
        const DecodeError e{static_cast<DecodeErrorKind>(k), "give.ore", "a field was wrong"};
        write_line(out, "server", json::parse(error_frame(error_reply(e), json())), std::string(to_string(e.kind)) + " frame");
        write_line(out, "error", error_json(e), std::string(to_string(e.kind)) + " body");
        lines += 2;
    }
    out.close();
    CHECK(out.good());
    CHECK(lines > 60);
}
