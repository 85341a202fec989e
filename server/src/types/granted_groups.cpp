#include "types/granted_groups.hpp"

#include <mutex>

#include "core/text.hpp"

namespace dossier::types {

std::set<std::string> GrantedGroups::of(std::string_view username) const {
  std::shared_lock lock(mutex_);
  const auto found = byUser_.find(asciiLower(username));
  return found == byUser_.end() ? std::set<std::string>{} : found->second;
}

void GrantedGroups::set(std::string_view username, std::set<std::string> groups) {
  std::unique_lock lock(mutex_);
  if (groups.empty()) {
    byUser_.erase(asciiLower(username));
  } else {
    byUser_[asciiLower(username)] = std::move(groups);
  }
}

void GrantedGroups::replaceAll(Memberships memberships) {
  std::unique_lock lock(mutex_);
  byUser_ = std::move(memberships);
}

}  // namespace dossier::types
