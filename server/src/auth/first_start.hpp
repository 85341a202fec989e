#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// On an environment's first start, creates the user "admin", who must change the password at the
// first sign-in. The password is the given one when set (DOSSIER_ADMIN_PASSWORD), otherwise a
// generated one that is written to the log this once. Later starts do nothing.
bool isFirstStart(environments::Environment& environment);

// adminPersonId: the person record that is the administrator's own (Profile opens it), if any.
void prepareFirstStart(environments::Environment& environment,
                       const std::optional<std::string>& adminPassword,
                       std::optional<std::int64_t> adminPersonId = std::nullopt);

}  // namespace dossier::auth
