#pragma once

#include <functional>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::api {

// A case or person made by the server for someone (a task step's macro), and the role it is made
// to hold on another record, when one is named.
struct NewRecord {
  types::EntityKind kind = types::EntityKind::Person;
  std::string typeRef;
  boost::json::object values;
  std::string roleCode;
  types::EntityKind parentKind = types::EntityKind::Case;
  std::string parentIdentifier;
};

// Saves it as the person saving its form would: the forms feature's one save path (rights,
// validation, the type's before-save macro, audit rows; the role linked in the same transaction).
// The new record's case number or person id. The composition root gives it to the features that
// make records through api::Services, so that they need not know the forms feature.
using RecordCreator = std::function<Result<std::string>(environments::Environment&, const Session&,
                                                        const NewRecord&)>;

}  // namespace dossier::api
