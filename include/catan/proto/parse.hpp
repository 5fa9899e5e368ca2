#pragma once
// Parsing JSON that comes from outside (clients, data files). Protocol documents nest a few levels;
// deeper ones are refused while parsing (nlohmann's parser is iterative), before anything copies,
// dumps or walks them: those recurse once per level, and 8,000 levels overflow a thread's stack.
#include <string_view>

#include <nlohmann/json.hpp>

namespace catan::proto {

inline constexpr int kMaxJsonDepth = 64;

// The document, or a discarded value (is_discarded()) when the text is not JSON or nests deeper than
// kMaxJsonDepth; then *too_deep (when given) says which. Never throws.
nlohmann::json parse_untrusted(std::string_view text, bool* too_deep = nullptr);

// The refusal for a document parse_untrusted found too deep, for error messages.
inline constexpr const char* kTooDeepMessage = "the message is nested deeper than 64 levels";

}  // namespace catan::proto
