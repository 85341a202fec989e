#include "types/granted_groups.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>

namespace dossier::types {

namespace {

std::string lowered(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

std::set<std::string> GrantedGroups::of(std::string_view username) const {
  std::shared_lock lock(mutex_);
  const auto found = byUser_.find(lowered(username));
  return found == byUser_.end() ? std::set<std::string>{} : found->second;
}

void GrantedGroups::set(std::string_view username, std::set<std::string> groups) {
  std::unique_lock lock(mutex_);
  if (groups.empty()) {
    byUser_.erase(lowered(username));
  } else {
    byUser_[lowered(username)] = std::move(groups);
  }
}

void GrantedGroups::replaceAll(Memberships memberships) {
  std::unique_lock lock(mutex_);
  byUser_ = std::move(memberships);
}

}  // namespace dossier::types
