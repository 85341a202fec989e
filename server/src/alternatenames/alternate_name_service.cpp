#include "alternatenames/alternate_name_service.hpp"

#include "alternatenames/errors.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::alternatenames {

using types::EntityKind;

namespace {

Error notThere() {
  return Error::of(errors::kNotFound, "This alternate name is not there any more.");
}

const api::VersionRule kVersion{
    .noun = "alternate name",
    .changedCode = errors::kChanged,
    .missingMessage = "Saving an alternate name needs the RowVersion it was opened at."};

// Characters, not bytes: a name in Greek is as long as it looks.
std::size_t characters(const std::string& text) {
  std::size_t count = 0;
  for (const unsigned char c : text) {
    count += (c & 0xC0) != 0x80 ? 1 : 0;
  }
  return count;
}

bool sameName(const AlternateName& a, const AlternateName& b) {
  return a.surname == b.surname && a.firstName == b.firstName && a.middleNames == b.middleNames &&
         a.displayName == b.displayName && a.explanation == b.explanation;
}

}  // namespace

std::string calculatedDisplayName(const AlternateName& name) {
  std::string out;
  for (const auto* part : {&name.firstName, &name.middleNames, &name.surname}) {
    if (!part->empty()) {
      out += (out.empty() ? "" : " ") + *part;
    }
  }
  // Made, not written: kept within the limit, cut between characters.
  std::size_t count = 0;
  for (std::size_t at = 0; at < out.size(); ++at) {
    if ((static_cast<unsigned char>(out[at]) & 0xC0) != 0x80 && ++count > kNameLimit) {
      out.resize(at);
      break;
    }
  }
  return out;
}

std::map<std::string, std::string> problemsOf(const AlternateName& name) {
  std::map<std::string, std::string> problems;
  const std::pair<const char*, const std::string*> parts[] = {
      {"Surname", &name.surname},         {"Firstname", &name.firstName},
      {"MiddleNames", &name.middleNames}, {"DisplayName", &name.displayName},
      {"Explanation", &name.explanation},
  };
  for (const auto& [field, value] : parts) {
    if (characters(*value) > kNameLimit) {
      problems[field] = "At most " + std::to_string(kNameLimit) + " characters";
    }
  }
  if (name.surname.empty() && name.firstName.empty()) {
    problems["Surname"] = "Required: a surname or a first name";
  }
  return problems;
}

Result<PersonNames> namesOfPerson(environments::Environment& environment,
                                  const api::Session& session, std::string_view personReference) {
  auto db = environment.db().acquire();
  auto person =
      api::findParent(*db, environment.catalog(), session, EntityKind::Person, personReference);
  if (!person) {
    return std::move(person).error();
  }
  auto names = alternateNamesOf(*db, person->record.id);
  return PersonNames{std::move(*person), std::move(names)};
}

Result<api::SavedChild<AlternateName>> openAlternateName(environments::Environment& environment,
                                                         const api::Session& session,
                                                         std::string_view personReference,
                                                         std::string_view guid) {
  auto db = environment.db().acquire();
  auto person =
      api::findParent(*db, environment.catalog(), session, EntityKind::Person, personReference);
  if (!person) {
    return std::move(person).error();
  }
  AlternateName name;
  name.personId = person->record.id;
  if (!guid.empty()) {
    auto found = findAlternateName(*db, guid);
    if (!found || found->personId != person->record.id) {
      return notThere();
    }
    name = std::move(*found);
  }
  return api::SavedChild<AlternateName>{std::move(name), std::move(*person), false};
}

Result<api::SavedChild<AlternateName>> saveAlternateName(environments::Environment& environment,
                                                         const api::Session& session,
                                                         AlternateNameDraft draft, TimePoint now) {
  auto& submitted = draft.name;
  if (submitted.displayName.empty()) {
    submitted.displayName = calculatedDisplayName(submitted);
  }
  if (auto problems = problemsOf(submitted); !problems.empty()) {
    std::string names;
    for (const auto& [field, message] : problems) {
      names += (names.empty() ? "" : ", ") + field;
    }
    auto error = Error::of(errors::kInvalid, "Some fields need attention: " + names + ".");
    error.fieldErrors = std::move(problems);
    return error;
  }
  const auto actor = api::actorOf(session);
  auto saved = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Person,
       .parentReference = draft.personReference,
       .waitForIndex = true},
      [&](db::Connection& db, const records::RecordAccess& person) -> Result<bool> {
        submitted.personId = person.record.id;
        if (draft.guid.empty()) {
          addAlternateName(db, submitted, actor, now);
          return true;
        }
        auto stored = findAlternateName(db, draft.guid);
        if (!stored || stored->personId != person.record.id) {
          return notThere();
        }
        if (auto stale = api::staleSave(
                draft.rowVersion, {stored->rowVersion, stored->modifiedByName, stored->modifiedAt},
                kVersion)) {
          return std::move(*stale);
        }
        if (sameName(submitted, *stored)) {
          submitted = std::move(*stored);
          return false;
        }
        submitted.id = stored->id;
        submitted.guid = stored->guid;
        submitted.createdByName = stored->createdByName;
        submitted.createdAt = stored->createdAt;
        updateAlternateName(db, submitted, stored->rowVersion, actor, now);
        return true;
      });
  if (!saved) {
    return std::move(saved).error();
  }
  return api::SavedChild<AlternateName>{std::move(submitted), std::move(saved->parent),
                                        saved->changed};
}

Result<void> removeAlternateName(environments::Environment& environment,
                                 const api::Session& session, std::string_view guid,
                                 TimePoint now) {
  std::int64_t personId = 0;
  {
    auto db = environment.db().acquire();
    const auto stored = findAlternateName(*db, guid);
    if (!stored) {
      return notThere();
    }
    personId = stored->personId;
  }
  auto removed = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Person,
       .parentReference = std::to_string(personId),
       .parentMissing = notThere(),
       .waitForIndex = true},
      [&](db::Connection& db, const records::RecordAccess& person) -> Result<bool> {
        const auto stored = findAlternateName(db, guid);
        if (!stored || stored->personId != person.record.id) {
          return notThere();
        }
        removeAlternateName(db, *stored, api::actorOf(session), now);
        return true;
      });
  if (!removed) {
    return std::move(removed).error();
  }
  return {};
}

}  // namespace dossier::alternatenames
