#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

struct Actor;
struct Record;

// One record holding a role on another (migration 0004).
struct RoleLink {
  std::int64_t id = 0;
  std::string roleCode;
  types::EntityKind parentKind = types::EntityKind::Case;
  std::int64_t parentId = 0;
  types::EntityKind holderKind = types::EntityKind::Person;
  std::int64_t holderId = 0;
  std::string fieldId;  // set when a field of the parent's form holds the role
  std::string createdByName;
  std::string createdAt;
  // Not stored: the role's name where the caller knows it, for the notification of a holder who
  // is a user (the code when empty).
  std::string roleName;
};

// The roles held on a record (it is the parent) and the roles it holds elsewhere (it is the
// holder), oldest first.
std::vector<RoleLink> linksOnRecord(db::Connection& db, types::EntityKind kind, std::int64_t id);
std::vector<RoleLink> linksHeldBy(db::Connection& db, types::EntityKind kind, std::int64_t id);
std::optional<RoleLink> findLink(db::Connection& db, std::int64_t linkId);
// The parent that holds a case under a single-owner role, if any.
std::optional<RoleLink> ownerOf(db::Connection& db, std::string_view roleCode,
                                types::EntityKind holderKind, std::int64_t holderId);

// The one write path of role links: the row, and an audit row on both records naming the role and
// the other record (activity {role, side, other: {kind, id}}; the role's name is read from the
// configuration when the history is shown). The caller holds the transaction. addLink returns
// false, writing nothing, when the link exists already. A holder who is a user (other than the
// actor) is notified.
bool addLink(db::Connection& db, RoleLink& link, const Actor& actor, TimePoint now);
void removeLink(db::Connection& db, const RoleLink& link, const Actor& actor, TimePoint now);

// Keeps the links of a record's role fields the same as its values: a field naming a holder has
// one link with that field's id; a changed or emptied field's old link goes. The parent's own
// audit row already tells the field's change, so only the holder's side gains a row.
void syncFieldLinks(db::Connection& db, const types::EntityType& type, const Record& record,
                    const Actor& actor, TimePoint now);

// Writes the links of role fields whose stored values have not been linked yet (a database from
// before links, or a role field new to a type), with one statement per field; returns how many.
std::int64_t linkStoredRoleFields(db::Connection& db, const types::Catalog& catalog);

}  // namespace dossier::records
