#pragma once

// The records fixture with the role service's calls as a person makes them: adding a holder chosen
// in a lookup, removing one, and reading the holders a record shows.

#include <stdexcept>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "records/access.hpp"
#include "roles/role_actions.hpp"
#include "roles/role_list.hpp"
#include "support/records_fixture.hpp"

namespace dossier::roles::testing {

using dossier::testing::at;

class RolesFixture : public dossier::testing::RecordsFixture {
 protected:
  Result<AddedRole> add(const api::Session& who, const char* role, const records::Record& parent,
                        const records::Record& holder, bool replaceOwner = false) {
    AddRole request;
    request.roleCode = role;
    request.parentKind = parent.kind;
    request.parentIdentifier = parent.identifier();
    request.holderKind = holder.kind;
    request.holderIdentifier = holder.identifier();
    request.replaceOwner = replaceOwner;
    return addRole(environment(), who, request, at("2026-03-15T09:00:00Z"));
  }

  std::int64_t added(const api::Session& who, const char* role, const records::Record& parent,
                     const records::Record& holder) {
    auto outcome = add(who, role, parent, holder);
    if (!outcome) {
      throw std::runtime_error(outcome.error().message);
    }
    return outcome->linkId;
  }

  Result<bool> remove(const api::Session& who, std::int64_t linkId) {
    return removeRole(environment(), who, linkId, at("2026-03-15T10:00:00Z"));
  }

  // {holders, heldIn} of a record as this person sees them.
  boost::json::object holdersOf(const api::Session& who, const records::Record& record) {
    auto lease = db();
    const auto found =
        records::recordAccess(*lease, catalog(), record.kind, record.identifier(), who.username);
    if (!found) {
      throw std::runtime_error("no record " + record.identifier());
    }
    return roleHolders(*lease, catalog(), who.username, *found);
  }

  // Each row of a list as "role: display".
  static std::vector<std::string> rows(const boost::json::object& holders, const char* list) {
    std::vector<std::string> out;
    for (const auto& row : holders.at(list).as_array()) {
      out.push_back(std::string(row.at("roleName").as_string()) + ": " +
                    std::string(row.at("record").at("display").as_string()));
    }
    return out;
  }
};

using Rows = std::vector<std::string>;

}  // namespace dossier::roles::testing
