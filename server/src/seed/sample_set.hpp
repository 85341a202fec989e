#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::seed {

// What an environment's samples.yaml describes (docs/configuration.md, "samples.yaml"), read and
// checked for its shape; whether each part fits the environment's types is checked as it is
// stored. Every part keeps its path in the file ("cases[0].documents[1]") for the messages.

// Another sample named by its key: {person: margaret} or {case: noise}.
struct SampleReference {
  types::EntityKind kind = types::EntityKind::Person;
  std::string key;
};

struct SampleAlternateName {
  std::string firstName;
  std::string middleNames;
  std::string surname;
  std::string displayName;
  std::string explanation;
  std::string path;
};

struct SampleComment {
  std::string html;
  std::string asAt;  // "2026-10-03" or "2026-10-03T09:20:00Z"; empty: when stored
  std::string path;
};

// A record holding a role on the sample it is listed under (a witness of a complaint).
struct SampleRole {
  std::string role;
  SampleReference holder;
  std::string path;
};

struct SampleCrossReference {
  std::string caseKey;
  std::string comments;
  std::string path;
};

struct SampleAction {
  std::string type;
  boost::json::object values;
  std::vector<std::string> concerns;  // other sample cases it concerns
  std::string path;
};

struct SampleFile {
  std::string file;  // relative to the environment's folder
  std::string comments;
  bool major = false;  // a new major version rather than the next minor one
};

struct SampleDocument {
  // The properties as the properties screen sends them (Title, Author, ExtRefType, … and the
  // custom fields by id), checked as a person's would be.
  boost::json::object properties;
  // The file's versions, oldest first; none for a link or a location.
  std::vector<SampleFile> versions;
  std::string checkedOutBy;  // a username, or empty
  std::string path;
};

// A task run part of the way: started, with these steps complete.
struct SampleTask {
  std::string task;
  std::vector<std::string> done;
  std::string path;
};

struct SampleRecord {
  types::EntityKind kind = types::EntityKind::Person;
  std::string key;
  std::string typeRef;
  boost::json::object values;
  std::string user;  // a person: the user whose own record it is
  std::vector<SampleAlternateName> alternateNames;
  std::vector<SampleComment> comments;
  std::vector<SampleRole> roles;
  std::vector<SampleCrossReference> crossReferences;
  std::vector<SampleAction> actions;
  std::vector<SampleDocument> documents;
  std::vector<SampleTask> tasks;
  std::string path;
};

// A notification waiting for a user when they first sign in. {{caseNumber}} in the message
// stands for the number of the case it is about.
struct SampleNotification {
  std::string user;
  std::string type;
  std::string source;
  std::string message;
  std::optional<SampleReference> about;
  std::string path;
};

struct SampleSet {
  std::vector<SampleRecord> records;  // the persons, then the cases, in the file's order
  std::vector<SampleNotification> notifications;
};

// Reads the file; its problems, each with its line and path, in one error.
Result<SampleSet> readSamples(const std::filesystem::path& file);

}  // namespace dossier::seed
