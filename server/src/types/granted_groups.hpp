#pragma once

#include <map>
#include <set>
#include <shared_mutex>
#include <string>
#include <string_view>

namespace dossier::types {

// Memberships of groups.yaml's groups that come from outside the configuration — a cloud
// directory's group claims, mapped at each sign-in (auth/directory_groups.hpp) — on top of the
// members groups.yaml names. Read by every access check, changed by sign-ins: guarded for both.
class GrantedGroups {
 public:
  // Lower-cased username → its granted groups.
  using Memberships = std::map<std::string, std::set<std::string>>;

  std::set<std::string> of(std::string_view username) const;
  // One user's, replacing what it had (none: removed).
  void set(std::string_view username, std::set<std::string> groups);
  void replaceAll(Memberships memberships);

 private:
  mutable std::shared_mutex mutex_;
  Memberships byUser_;
};

}  // namespace dossier::types
