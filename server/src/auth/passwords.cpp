#include "auth/passwords.hpp"

#include <atomic>
#include <mutex>
#include <stdexcept>

#include <sodium.h>

#include "core/crypto.hpp"

namespace dossier::auth {

namespace {

std::atomic<HashCost> currentCost{HashCost::Interactive};

unsigned long long opsLimit() {
  return currentCost == HashCost::Interactive ? crypto_pwhash_OPSLIMIT_INTERACTIVE
                                              : crypto_pwhash_OPSLIMIT_MIN;
}

std::size_t memLimit() {
  return currentCost == HashCost::Interactive ? crypto_pwhash_MEMLIMIT_INTERACTIVE
                                              : crypto_pwhash_MEMLIMIT_MIN;
}

const std::string& dummyHash() {
  static std::once_flag once;
  static std::string hash;
  std::call_once(once, [] { hash = hashPassword(randomHex(16)); });
  return hash;
}

}  // namespace

void setHashCost(HashCost cost) {
  currentCost = cost;
}

std::string hashPassword(std::string_view password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), opsLimit(), memLimit(),
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("out of memory while hashing a password");
  }
  return out;
}

bool verifyPassword(const std::string& encodedHash, std::string_view password) {
  return crypto_pwhash_str_verify(encodedHash.c_str(), password.data(), password.size()) == 0;
}

void verifyAgainstDummy(std::string_view password) {
  (void)verifyPassword(dummyHash(), password);
}

std::string generatePassword() {
  static constexpr std::string_view upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  static constexpr std::string_view lower = "abcdefghijkmnopqrstuvwxyz";
  static constexpr std::string_view digits = "23456789";
  static const std::string all = std::string(upper) + std::string(lower) + std::string(digits);
  auto pick = [](std::string_view from) { return from[randomBelow(from.size())]; };
  std::string password;
  password += pick(upper);
  password += pick(lower);
  password += pick(digits);
  while (password.size() < 16) {
    password += pick(all);
  }
  // Shuffle so that the guaranteed classes are not always at the front.
  for (std::size_t i = password.size() - 1; i > 0; --i) {
    std::swap(password[i], password[randomBelow(static_cast<std::uint32_t>(i + 1))]);
  }
  return password;
}

}  // namespace dossier::auth
