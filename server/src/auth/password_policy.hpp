#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config/environment_config.hpp"

namespace dossier::auth {

// The rules of the environment's policy that a candidate password breaks, one sentence each.
std::vector<std::string> passwordPolicyViolations(const config::PasswordPolicy& policy,
                                                  std::string_view password,
                                                  std::string_view username);

// The message shown to the person: a first line, then one line per broken rule.
std::string describePolicyViolations(const std::vector<std::string>& violations);

}  // namespace dossier::auth
