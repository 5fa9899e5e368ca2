#pragma once
// The JSON protocol in one include. Message shapes: proto/v1/*.schema.json; overview: proto/README.md.
#include "catan/proto/actions_json.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/proto/decode_error.hpp"
#include "catan/engine/error.hpp"
#include "catan/proto/error_json.hpp"
#include "catan/proto/event_json.hpp"
#include "catan/proto/state_json.hpp"
#include "catan/proto/rules_json.hpp"
#include "catan/proto/topology_json.hpp"
#include "catan/proto/version.hpp"
#include "catan/proto/view_json.hpp"
