#pragma once
// Errors sent back to the one client whose message was refused:
// {"code":"cannot_afford","rule":"R-BU1","message":"..."} for rule errors,
// {"code":"missing_field","field":"hex","message":"..."} for messages that could not be decoded.
#include <nlohmann/json.hpp>

#include "catan/engine/error.hpp"
#include "catan/proto/decode_error.hpp"

namespace catan::proto {

nlohmann::json error_json(const Error& error);
nlohmann::json error_json(const DecodeError& error);

}  // namespace catan::proto
