#pragma once
// The protocol's version, apart from the game codecs: every layer that writes or reads an envelope
// (rooms, the gateway, tools) needs it, whatever game is played.
namespace catan::proto {

// Version of the client-facing messages (commands, views, events, errors, topology); an envelope
// carries it as "v". Bump on any change an old client could misread.
inline constexpr int kProtocolVersion = 1;

}  // namespace catan::proto
