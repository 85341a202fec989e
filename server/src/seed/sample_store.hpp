#pragma once

#include <map>
#include <string>

#include <boost/json/array.hpp>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "records/actor.hpp"
#include "records/records.hpp"
#include "seed/sample_set.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::seed {

// Inside seed/: what storing one samples.yaml needs, in the one transaction that stores it.
struct SampleStore {
  environments::Environment& environment;
  db::Connection& db;
  std::string file;  // samples.yaml, for messages
  records::Actor actor;
  TimePoint now;
  // The samples stored so far, by "person:<key>" and "case:<key>".
  std::map<std::string, records::Record> stored;
  // What waits for the users to exist (admin is created after the samples): check-outs and
  // notifications, kept in environment_state until the first start has made them.
  boost::json::array forUsers;

  // A problem of one sample, which stops the start and stores nothing.
  Error problem(const std::string& path, const std::string& message) const;
  // Another sample by its key; a problem naming path when there is none.
  Result<const records::Record*> find(types::EntityKind kind, const std::string& key,
                                      const std::string& path) const;
  // A user a sample names: admin (created by this first start) or one that exists already.
  Status knownUser(const std::string& username, const std::string& path) const;
};

// The parts of a stored sample record besides its values: other names, comments, roles, cross
// references, case actions, task runs (sample_parts.cpp) and documents (sample_documents.cpp).
Status storeParts(SampleStore& store, const SampleRecord& sample, const records::Record& record);
Status storeDocuments(SampleStore& store, const SampleRecord& sample,
                      const records::Record& record);

}  // namespace dossier::seed
