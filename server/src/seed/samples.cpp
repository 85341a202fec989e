#include "seed/samples.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "api/session.hpp"
#include "auth/users.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "documents/document_actions.hpp"
#include "documents/document_rows.hpp"
#include "documents/errors.hpp"
#include "environments/environment.hpp"
#include "records/notifications.hpp"
#include "records/record_writer.hpp"
#include "seed/errors.hpp"
#include "seed/sample_store.hpp"
#include "types/form_validation.hpp"

namespace dossier::seed {

namespace json = boost::json;
using types::EntityKind;

namespace {

constexpr std::string_view kPersonOfUserKey = "sample_person_of_user:";
// What waits for the users a first start creates (environment_state).
constexpr const char* kForUsersKey = "samples_for_users";

std::string storedKey(EntityKind kind, const std::string& key) {
  return std::string(types::kindName(kind)) + ":" + key;
}

// {person: alice} → {id: 12}; {case: noise} → {id: "CMP-2026-00001"}.
Status resolveReferences(json::object& values, const SampleStore& store, const std::string& path) {
  for (auto& [field, value] : values) {
    if (!value.is_object()) {
      continue;
    }
    auto& object = value.as_object();
    for (const auto kind : {EntityKind::Person, EntityKind::Case}) {
      const auto* key = object.if_contains(types::kindName(kind));
      if (key == nullptr || !key->is_string()) {
        continue;
      }
      const auto found = store.stored.find(storedKey(kind, std::string(key->get_string())));
      if (found == store.stored.end()) {
        return store.problem(path + ".values." + std::string(field),
                             "there is no " + std::string(types::kindName(kind)) + " sample '" +
                                 std::string(key->get_string()) + "' before this one");
      }
      value = json::object{{"id", found->second.kind == EntityKind::Person
                                      ? json::value(found->second.id)
                                      : json::value(found->second.caseNumber)}};
      break;
    }
  }
  return {};
}

Result<records::Record> storeRecord(SampleStore& store, SampleRecord& sample) {
  const auto* type = store.environment.catalog().find(sample.kind, sample.typeRef);
  if (type == nullptr) {
    return store.problem(sample.path + ".type", "'" + sample.typeRef + "' is not a " +
                                                    types::kindName(sample.kind) + " type");
  }
  if (auto resolved = resolveReferences(sample.values, store, sample.path); !resolved) {
    return std::move(resolved).error();
  }
  auto checked = types::validateForm(*type, sample.values, types::defaultValues(*type));
  if (!checked || !checked->fieldErrors.empty()) {
    std::string problems = checked ? "" : checked.error().message;
    if (checked) {
      for (const auto& [field, message] : checked->fieldErrors) {
        problems += (problems.empty() ? "" : "; ") + field + ": " + message;
      }
    }
    return store.problem(sample.path, problems);
  }
  // Stored as a saved form would be, its history listing every field it was given.
  records::Change created{"created", records::changesBetween(*type, {}, checked->values), nullptr};
  records::Record record;
  record.kind = sample.kind;
  record.values = std::move(checked->values);
  if (record.kind == EntityKind::Case) {
    record.status = std::string(record.values.at("status").as_string());
    record.values.erase("status");
  }
  records::createRecord(store.db, *type, record, created, store.actor, store.now);
  if (!sample.user.empty()) {
    store.db.execute(
        "INSERT INTO environment_state (key, value) VALUES (?1, ?2) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        std::string(kPersonOfUserKey) + sample.user, std::to_string(record.id));
  }
  return record;
}

// A notification, kept for its user; {{caseNumber}} becomes the number of the case it is about.
Status keepNotification(SampleStore& store, const SampleNotification& sample) {
  if (!records::isNotificationType(sample.type)) {
    return store.problem(sample.path + ".type",
                         "'" + sample.type + "' is not one of success, warning, info, error");
  }
  if (auto known = store.knownUser(sample.user, sample.path + ".user"); !known) {
    return known;
  }
  json::object waiting{{"notification", true},      {"user", sample.user},
                       {"type", sample.type},       {"source", sample.source},
                       {"message", sample.message}, {"path", sample.path}};
  if (sample.about) {
    auto about = store.find(sample.about->kind, sample.about->key, sample.path);
    if (!about) {
      return std::move(about).error();
    }
    const auto identifier = (*about)->identifier();
    auto message = sample.message;
    for (auto at = message.find("{{caseNumber}}"); at != std::string::npos;
         at = message.find("{{caseNumber}}", at + identifier.size())) {
      message.replace(at, 14, identifier);
    }
    waiting["message"] = message;
    waiting["entityKind"] = types::kindName(sample.about->kind);
    waiting["entityIdentifier"] = identifier;
  }
  store.forUsers.push_back(std::move(waiting));
  return {};
}

std::string text(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
}

std::int64_t integer(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_int64() ? value->get_int64() : 0;
}

}  // namespace

Error SampleStore::problem(const std::string& path, const std::string& message) const {
  return Error::of(errors::kSamplesInvalid, file + ": " + path + ": " + message);
}

Result<const records::Record*> SampleStore::find(EntityKind kind, const std::string& key,
                                                 const std::string& path) const {
  const auto found = stored.find(storedKey(kind, key));
  if (found == stored.end()) {
    return problem(path,
                   "there is no " + std::string(types::kindName(kind)) + " sample '" + key + "'");
  }
  return &found->second;
}

Status SampleStore::knownUser(const std::string& username, const std::string& path) const {
  if (username == "admin" || auth::findUserByName(db, username)) {
    return {};
  }
  return problem(path, "there is no user '" + username +
                           "' (the first start creates only admin; add others with dossier "
                           "user add before it)");
}

std::optional<std::int64_t> samplePersonOfUser(environments::Environment& environment,
                                               std::string_view username) {
  auto db = environment.db().acquire();
  auto row = db->query("SELECT value FROM environment_state WHERE key = ?1",
                       std::string(kPersonOfUserKey) + std::string(username));
  if (!row.step()) {
    return std::nullopt;
  }
  return std::stoll(row.text(0));
}

namespace {
bool storedIn(db::Connection& db) {
  return db.query("SELECT 1 FROM environment_state WHERE key = 'samples_stored_at'").step();
}
}  // namespace

bool samplesStored(environments::Environment& environment) {
  auto db = environment.db().acquire();
  return storedIn(*db);
}

Status seedSamples(environments::Environment& environment) {
  const auto file = environment.config().folder / "samples.yaml";
  if (!std::filesystem::exists(file)) {
    return {};
  }
  auto samples = readSamples(file);
  if (!samples) {
    return std::move(samples).error();
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  // Another process starting at the same moment (several share a PostgreSQL database) may have
  // stored them while this one waited for its turn to write: looked at again in the turn, the
  // samples are stored once.
  if (storedIn(*db)) {
    return {};
  }
  SampleStore store{environment, *db, file.string(), {0, "dossier", "Sample data"}, Clock::now(),
                    {},          {}};
  // Records first, so that the parts of any sample may name any other.
  for (auto& sample : samples->records) {
    auto record = storeRecord(store, sample);
    if (!record) {
      return std::move(record).error();
    }
    store.stored[storedKey(sample.kind, sample.key)] = std::move(*record);
  }
  for (const auto& sample : samples->records) {
    const auto& record = store.stored.at(storedKey(sample.kind, sample.key));
    if (auto parts = storeParts(store, sample, record); !parts) {
      return parts;
    }
    if (auto documents = storeDocuments(store, sample, record); !documents) {
      return documents;
    }
  }
  for (const auto& notification : samples->notifications) {
    if (auto kept = keepNotification(store, notification); !kept) {
      return kept;
    }
  }
  if (!store.forUsers.empty()) {
    db->execute(
        "INSERT INTO environment_state (key, value) VALUES (?1, ?2) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        kForUsersKey, json::serialize(store.forUsers));
  }
  db->execute("INSERT INTO environment_state (key, value) VALUES ('samples_stored_at', ?1)",
              store.now);
  transaction.commit();
  return {};
}

Status seedSamplesForUsers(environments::Environment& environment) {
  const auto file = (environment.config().folder / "samples.yaml").string();
  // The notifications, in one transaction with their leaving the list of what waits, read in the
  // same turn to write, so that processes starting at once make each of them once.
  json::array checkOuts;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    json::array waiting;
    {
      auto row = db->query("SELECT value FROM environment_state WHERE key = ?1", kForUsersKey);
      if (!row.step()) {
        return {};
      }
      boost::system::error_code ec;
      auto parsed = json::parse(row.text(0), ec);
      if (!ec && parsed.is_array()) {
        waiting = std::move(parsed.as_array());
      }
    }
    for (const auto& item : waiting) {
      const auto& each = item.as_object();
      if (!each.contains("notification")) {
        checkOuts.push_back(item);
        continue;
      }
      const auto user = auth::findUserByName(*db, text(each, "user"));
      if (!user) {
        return Error::of(
            errors::kSamplesUser,
            file + ": " + text(each, "path") + ": there is no user '" + text(each, "user") + "'");
      }
      records::Notification notification;
      notification.userId = user->id;
      notification.type = text(each, "type");
      notification.message = text(each, "message");
      notification.entityKind = text(each, "entityKind");
      notification.entityIdentifier = text(each, "entityIdentifier");
      notification.source = text(each, "source");
      records::addNotification(*db, std::move(notification), Clock::now());
    }
    db->execute("UPDATE environment_state SET value = ?1 WHERE key = ?2",
                json::serialize(checkOuts), kForUsersKey);
    transaction.commit();
  }
  // Each check-out as the user makes one (their right to change the case, the audit rows); one
  // made already by an earlier start that stopped half-way counts as done.
  for (const auto& item : checkOuts) {
    const auto& each = item.as_object();
    std::optional<auth::User> user;
    std::optional<documents::Document> document;
    {
      auto db = environment.db().acquire();
      user = auth::findUserByName(*db, text(each, "user"));
      document = documents::findDocumentById(*db, integer(each, "document"));
    }
    const auto where = file + ": " + text(each, "path") + ".checkedOutBy: ";
    if (!user) {
      return Error::of(errors::kSamplesUser,
                       where + "there is no user '" + text(each, "user") + "'");
    }
    if (!document) {
      continue;
    }
    api::Session session;
    session.userId = user->id;
    session.username = user->username;
    session.displayName = user->displayName;
    auto checkedOut =
        documents::checkOut(environment, session, text(each, "caseNumber"), document->guid);
    if (!checkedOut && !checkedOut.error().is(documents::errors::kAlreadyCheckedOut)) {
      return Error::of(errors::kSamplesCheckOut, where + checkedOut.error().message);
    }
  }
  auto db = environment.db().acquire();
  db->execute("DELETE FROM environment_state WHERE key = ?1", kForUsersKey);
  return {};
}

}  // namespace dossier::seed
