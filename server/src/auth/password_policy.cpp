#include "auth/password_policy.hpp"

#include <algorithm>
#include <cctype>

namespace dossier::auth {

namespace {

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Counts code points, not bytes, so that "é" is one character.
std::size_t characterCount(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

bool any(std::string_view text, int (*test)(int)) {
  return std::any_of(text.begin(), text.end(),
                     [test](char c) { return test(static_cast<unsigned char>(c)) != 0; });
}

bool hasSymbol(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80 || (std::ispunct(u) != 0) || u == ' ';
  });
}

}  // namespace

std::vector<std::string> passwordPolicyViolations(const config::PasswordPolicy& policy,
                                                  std::string_view password,
                                                  std::string_view username) {
  std::vector<std::string> out;
  if (characterCount(password) < static_cast<std::size_t>(policy.minimumLength)) {
    out.push_back("It must be at least " + std::to_string(policy.minimumLength) +
                  " characters long.");
  }
  if (policy.requireUppercase && !any(password, std::isupper)) {
    out.push_back("It must contain an upper-case letter (A-Z).");
  }
  if (policy.requireLowercase && !any(password, std::islower)) {
    out.push_back("It must contain a lower-case letter (a-z).");
  }
  if (policy.requireDigit && !any(password, std::isdigit)) {
    out.push_back("It must contain a digit (0-9).");
  }
  if (policy.requireSymbol && !hasSymbol(password)) {
    out.push_back("It must contain a symbol such as ! # % or *.");
  }
  if (policy.mustNotContainUsername && username.size() >= 3 &&
      lowerAscii(password).find(lowerAscii(username)) != std::string::npos) {
    out.push_back("It must not contain your username.");
  }
  return out;
}

std::string describePolicyViolations(const std::vector<std::string>& violations) {
  std::string message = "The new password does not meet the password policy:";
  for (const auto& violation : violations) {
    message += "\n- " + violation;
  }
  return message;
}

}  // namespace dossier::auth
