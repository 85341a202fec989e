#pragma once

#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// Person and case fields hold {"id": …}. On the way out they gain the linked record's display
// name and kind when the person may view it ("display", "kind"); on the way in, a link to a
// new record that does not exist or may not be viewed is dropped and named in the warnings;
// a link to a record the person may not view goes out without its id.
void describeLinks(db::Connection& db, const types::Catalog& catalog, const types::EntityType& type,
                   std::string_view username, boost::json::object& values);

// A form sends {"unavailable": true} for a link it was not shown: the stored link is kept.
void keepUnavailableLinks(const types::EntityType& type, const boost::json::object& stored,
                          boost::json::object& values);

// Links already stored are kept as they are; new ones must name a record the person can see.
std::vector<std::string> checkLinks(db::Connection& db, const types::Catalog& catalog,
                                    const types::EntityType& type, std::string_view username,
                                    const boost::json::object& stored, boost::json::object& values);

}  // namespace dossier::records
