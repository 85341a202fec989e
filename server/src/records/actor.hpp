#pragma once

#include <cstdint>
#include <string>

namespace dossier::records {

// Who makes a change, as the audit trail names them.
struct Actor {
  std::int64_t userId = 0;
  std::string username;
  std::string displayName;
};

}  // namespace dossier::records
