#include "seed/samples.hpp"

#include <map>

#include "core/clock.hpp"
#include "core/config_errors.hpp"
#include "core/yaml_reader.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/record_writer.hpp"
#include "types/form_validation.hpp"

namespace dossier::seed {

namespace json = boost::json;
using types::EntityKind;

namespace {

constexpr std::string_view kPersonOfUserKey = "sample_person_of_user:";

struct Sample {
  EntityKind kind;
  std::string key;
  std::string typeRef;
  json::object values;
  std::string path;
  std::string user;  // a person: the user whose own record it is (Profile opens it)
};

// {person: alice} → {id: 12}; {case: noise} → {id: "CMP-2026-00001"}.
Status resolveReferences(json::object& values, const std::map<std::string, records::Record>& stored,
                         const std::string& path, const std::string& file) {
  for (auto& [field, value] : values) {
    if (!value.is_object()) {
      continue;
    }
    auto& object = value.as_object();
    for (const char* kind : {"person", "case"}) {
      if (const auto* key = object.if_contains(kind); key != nullptr && key->is_string()) {
        const auto found = stored.find(std::string(kind) + ":" + std::string(key->get_string()));
        if (found == stored.end()) {
          return Error::internal("samples.reference",
                                 file + ": " + path + ".values." + std::string(field) +
                                     ": there is no " + kind + " sample '" +
                                     std::string(key->get_string()) + "' before this one");
        }
        value = json::object{{"id", found->second.kind == EntityKind::Person
                                        ? json::value(found->second.id)
                                        : json::value(found->second.caseNumber)}};
        break;
      }
    }
  }
  return {};
}

}  // namespace

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

bool samplesStored(environments::Environment& environment) {
  auto db = environment.db().acquire();
  return db->query("SELECT 1 FROM environment_state WHERE key = 'samples_stored_at'").step();
}

Status seedSamples(environments::Environment& environment) {
  const auto file = environment.config().folder / "samples.yaml";
  if (!std::filesystem::exists(file)) {
    return {};
  }
  ConfigErrors errors;
  auto root = YamlReader::loadFile(file, file.string(), errors);
  std::vector<Sample> samples;
  if (root) {
    root->allowOnly({"persons", "cases"});
    for (const auto& [section, kind] :
         {std::pair{"persons", EntityKind::Person}, std::pair{"cases", EntityKind::Case}}) {
      root->list(section, [&, kind = kind, section = section](YamlReader& item, std::size_t index) {
        if (kind == EntityKind::Person) {
          item.allowOnly({"key", "type", "values", "user"});
        } else {
          item.allowOnly({"key", "type", "values"});
        }
        auto values = item.json("values");
        samples.push_back({kind, item.requiredString("key"), item.requiredString("type"),
                           values.is_object() ? values.as_object() : json::object{},
                           std::string(section) + "[" + std::to_string(index) + "]",
                           kind == EntityKind::Person ? item.string("user") : std::string()});
      });
    }
  }
  if (!errors.empty()) {
    return Error::internal("samples.invalid",
                           "The sample records cannot be read:\n" + errors.describe());
  }

  const auto& catalog = environment.catalog();
  const records::Actor actor{0, "dossier", "Sample data"};
  const auto now = Clock::now();
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  std::map<std::string, records::Record> stored;
  for (auto& sample : samples) {
    const auto* type = catalog.find(sample.kind, sample.typeRef);
    if (type == nullptr) {
      return Error::internal("samples.type", file.string() + ": " + sample.path + ".type: '" +
                                                 sample.typeRef + "' is not a " +
                                                 types::kindName(sample.kind) + " type");
    }
    if (auto resolved = resolveReferences(sample.values, stored, sample.path, file.string());
        !resolved) {
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
      return Error::internal("samples.invalid",
                             file.string() + ": " + sample.path + ": " + problems);
    }
    // Stored as a saved form would be, its history listing every field it was given.
    records::Change created{"created", records::changesBetween(*type, {}, checked->values),
                            nullptr};
    records::Record record;
    record.kind = sample.kind;
    record.values = std::move(checked->values);
    if (record.kind == EntityKind::Case) {
      record.status = std::string(record.values.at("status").as_string());
      record.values.erase("status");
    }
    records::createRecord(*db, *type, record, created, actor, now);
    if (!sample.user.empty()) {
      db->execute("INSERT OR REPLACE INTO environment_state (key, value) VALUES (?1, ?2)",
                  std::string(kPersonOfUserKey) + sample.user, std::to_string(record.id));
    }
    stored[std::string(types::kindName(sample.kind)) + ":" + sample.key] = record;
  }
  db->execute("INSERT INTO environment_state (key, value) VALUES ('samples_stored_at', ?1)", now);
  transaction.commit();
  return {};
}

}  // namespace dossier::seed
