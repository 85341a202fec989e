#pragma once

#include <string>
#include <string_view>

namespace dossier::auth {

// Argon2id cost. Interactive is libsodium's recommendation for sign-in (64 MiB, 2 passes); tests
// use Minimal so that they stay fast.
enum class HashCost { Interactive, Minimal };

void setHashCost(HashCost cost);

// An Argon2id hash in the standard encoded form (algorithm, parameters and salt included).
std::string hashPassword(std::string_view password);
bool verifyPassword(const std::string& encodedHash, std::string_view password);
// Spends the same time as a real verification, so that unknown usernames are not told apart by
// how long the answer takes.
void verifyAgainstDummy(std::string_view password);

// A password for a generated account: 16 characters from an alphabet without look-alikes, with an
// upper-case letter, a lower-case letter and a digit.
std::string generatePassword();

}  // namespace dossier::auth
