#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "records/audit.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::records {

struct Actor;

struct CaseAction {
  std::int64_t id = 0;
  std::string guid;
  std::int64_t caseId = 0;
  std::string typeCode;
  boost::json::object values;  // the standard fields and the type's
  std::string createdByName;
  std::string createdAt;
  std::string modifiedByName;
  std::string modifiedAt;
  std::int64_t rowVersion = 0;

  std::string subject() const;
  std::string actionAt() const;
  bool done() const;
};

std::optional<CaseAction> findAction(db::Connection& db, std::string_view guid);
// A case's own actions, latest first.
std::vector<CaseAction> actionsOf(db::Connection& db, std::int64_t caseId);
// Actions of other cases that name this case among the cases they concern, latest first.
std::vector<CaseAction> actionsConcerning(db::Connection& db, std::int64_t caseId);
// The cases an action concerns besides its own, in the order they were added.
std::vector<std::int64_t> casesOfAction(db::Connection& db, std::int64_t actionId);
std::int64_t documentCountOf(db::Connection& db, std::int64_t actionId);

// The one write path of actions: the row and an audit row on its case (caseaction.added,
// .changed with each field's change, .removed); a case an action concerns gets one on itself too.
// The caller holds the transaction.
void addAction(db::Connection& db, CaseAction& action, const std::string& typeName,
               const Actor& actor, TimePoint now);
bool updateAction(db::Connection& db, CaseAction& action, std::int64_t expectedVersion,
                  const std::string& typeName, std::vector<FieldChange> changes, const Actor& actor,
                  TimePoint now);
void removeAction(db::Connection& db, const CaseAction& action, const std::string& typeName,
                  const Actor& actor, TimePoint now);
// False, writing nothing, when the action concerns the case already (adding) or did not (removing).
bool relateCase(db::Connection& db, const CaseAction& action, std::int64_t caseId, bool related,
                const Actor& actor, TimePoint now);

}  // namespace dossier::records
