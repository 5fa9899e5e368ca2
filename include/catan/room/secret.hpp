#pragma once
// Room codes, host keys and seat tokens. Secrets come from the operating system's CSPRNG (a
// std::random_device reading /dev/urandom, never a seeded engine) and are compared in constant time,
// so neither guessing nor timing reveals a token.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace catan::room {

// No 0/O or 1/I: codes are read aloud and typed on phones.
inline constexpr std::string_view kRoomCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
inline constexpr std::size_t kRoomCodeLength = 5;
inline constexpr std::size_t kSecretBytes = 16;  // 128 bits: host keys and seat tokens (32 hex digits)

std::uint64_t random_u64();
std::string random_hex(std::size_t bytes = kSecretBytes);
std::string random_room_code();

// The canonical (upper-case) code, or nothing when `input` cannot be a room code.
std::optional<std::string> normalize_room_code(std::string_view input);

// Hex SHA-256 of a token or host key: all the data file keeps of them, so a copy of the file lets
// nobody take a seat. Presented tokens are hashed and the hashes compared with secret_equal.
std::string secret_hash(std::string_view secret);

// Constant time in the contents (the length of a token is no secret: it is always 32).
bool secret_equal(std::string_view a, std::string_view b);

}  // namespace catan::room
