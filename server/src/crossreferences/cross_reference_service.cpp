#include "crossreferences/cross_reference_service.hpp"

#include "crossreferences/errors.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::crossreferences {

using types::EntityKind;

namespace {

const char* const kNotThere = "Could not retrieve the cross reference requested.";
const ErrorCode& kDenied = errors::kModifyDenied;

Error notThere() {
  return Error::of(errors::kNotFound, kNotThere);
}

Error invalid(std::string field, std::string message) {
  auto error = Error::of(errors::kInvalid, message);
  error.fieldErrors[std::move(field)] = std::move(message);
  return error;
}

const api::VersionRule kVersion{
    .noun = "cross reference",
    .changedCode = errors::kChanged,
    .missingMessage = "Saving a cross reference needs the RowVersion it was opened at."};

std::optional<records::RecordAccess> caseById(db::Connection& db, const types::Catalog& catalog,
                                              const api::Session& session, std::int64_t id) {
  return records::recordAccessById(db, catalog, EntityKind::Case, id, session.username);
}

bool involves(const CrossReference& link, std::int64_t caseId) {
  return link.fromCaseId == caseId || link.toCaseId == caseId;
}

std::size_t characters(const std::string& text) {
  std::size_t count = 0;
  for (const unsigned char c : text) {
    count += (c & 0xC0) != 0x80 ? 1 : 0;
  }
  return count;
}

// The case a cross reference is to point at: one the person may see, not the parent itself, not
// one the parent is linked with already (but for `keeping`, the cross reference being saved).
Result<records::RecordAccess> targetCase(db::Connection& db, const types::Catalog& catalog,
                                         const api::Session& session,
                                         const records::RecordAccess& parent,
                                         const std::string& caseNumber,
                                         const std::string& keeping) {
  if (caseNumber.empty()) {
    return invalid("CaseNumber", "Required");
  }
  auto other = records::recordAccess(db, catalog, EntityKind::Case, caseNumber, session.username);
  if (!other || !other->visible()) {
    return invalid("CaseNumber", "There is no case " + caseNumber + ".");
  }
  if (other->record.id == parent.record.id) {
    return invalid("CaseNumber", "A case cannot cross-reference itself.");
  }
  if (const auto existing = findBetween(db, parent.record.id, other->record.id);
      existing && existing->guid != keeping) {
    return Error::of(errors::kExists, parent.record.caseNumber +
                                          " is already cross-referenced with " +
                                          other->record.caseNumber + ".");
  }
  return std::move(*other);
}

}  // namespace

Result<CaseCrossReferences> crossReferencesOfCase(environments::Environment& environment,
                                                  const api::Session& session,
                                                  std::string_view caseNumber) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto parent = api::findParent(*db, catalog, session, EntityKind::Case, caseNumber);
  if (!parent) {
    return std::move(parent).error();
  }
  CaseCrossReferences found{std::move(*parent), {}};
  for (auto& link : crossReferencesOf(*db, found.parent.record.id)) {
    auto other = caseById(*db, catalog, session, link.otherThan(found.parent.record.id));
    found.links.push_back({std::move(link), std::move(other)});
  }
  return found;
}

Result<OpenedCrossReference> openCrossReference(environments::Environment& environment,
                                                const api::Session& session,
                                                std::string_view caseNumber,
                                                std::string_view xrefCaseNumber) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto parent = api::findParent(*db, catalog, session, EntityKind::Case, caseNumber);
  if (!parent) {
    return std::move(parent).error();
  }
  if (xrefCaseNumber == "new") {
    return OpenedCrossReference{std::move(*parent), {}, true};
  }
  const auto otherId = records::recordId(*db, EntityKind::Case, xrefCaseNumber);
  auto link = otherId ? findBetween(*db, parent->record.id, *otherId) : std::nullopt;
  if (!link) {
    return notThere();
  }
  SeenCrossReference seen{std::move(*link), caseById(*db, catalog, session, *otherId)};
  // A hidden case is not confirmed to exist by its number, unless the person knew it already.
  if (!seen.visible() &&
      (!seen.other || !records::mayBeToldOfHidden(*db, session.userId, *seen.other))) {
    return notThere();
  }
  return OpenedCrossReference{std::move(*parent), std::move(seen), false};
}

Result<api::SavedChild<SeenCrossReference>> saveCrossReference(
    environments::Environment& environment, const api::Session& session,
    const CrossReferenceDraft& draft, TimePoint now) {
  if (characters(draft.comments) > kCommentsLimit) {
    return invalid("Comments", "At most " + std::to_string(kCommentsLimit) + " characters");
  }
  const auto& catalog = environment.catalog();
  const auto actor = api::actorOf(session);
  SeenCrossReference saved;
  auto changed = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Case,
       .parentReference = draft.parentCaseNumber,
       .deniedCode = kDenied},
      [&](db::Connection& db, const records::RecordAccess& parent) -> Result<bool> {
        if (draft.guid.empty()) {
          auto other = targetCase(db, catalog, session, parent, draft.caseNumber, "");
          if (!other) {
            return std::move(other).error();
          }
          saved.link.fromCaseId = parent.record.id;
          saved.link.toCaseId = other->record.id;
          saved.link.comments = draft.comments;
          addCrossReference(db, saved.link, actor, now);
          saved.other = std::move(*other);
          return true;
        }
        auto stored = findCrossReference(db, draft.guid);
        if (!stored || !involves(*stored, parent.record.id)) {
          return notThere();
        }
        auto current = caseById(db, catalog, session, stored->otherThan(parent.record.id));
        if (!current || !current->visible()) {
          return notThere();
        }
        if (auto stale = api::staleSave(
                draft.rowVersion, {stored->rowVersion, stored->modifiedByName, stored->modifiedAt},
                kVersion)) {
          return std::move(*stale);
        }
        saved.link = *stored;
        saved.link.comments = draft.comments;
        // Edit: another case moves the cross reference there, made from this case now.
        bool sameCase = draft.caseNumber == current->record.caseNumber;
        if (sameCase) {
          saved.other = std::move(*current);
        } else {
          auto other = targetCase(db, catalog, session, parent, draft.caseNumber, stored->guid);
          if (!other) {
            return std::move(other).error();
          }
          sameCase = other->record.id == current->record.id;
          if (!sameCase) {
            saved.link.fromCaseId = parent.record.id;
            saved.link.toCaseId = other->record.id;
          }
          saved.other = std::move(*other);
        }
        if (sameCase && saved.link.comments == stored->comments) {
          return false;
        }
        updateCrossReference(db, saved.link, *stored, actor, now);
        return true;
      });
  if (!changed) {
    return std::move(changed).error();
  }
  return api::SavedChild<SeenCrossReference>{std::move(saved), std::move(changed->parent),
                                             changed->changed};
}

Result<void> removeCrossReference(environments::Environment& environment,
                                  const api::Session& session, std::string_view caseNumber,
                                  std::string_view guid, TimePoint now) {
  auto removed = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Case,
       .parentReference = std::string(caseNumber),
       .deniedCode = kDenied},
      [&](db::Connection& db, const records::RecordAccess& parent) -> Result<bool> {
        const auto stored = findCrossReference(db, guid);
        if (!stored || !involves(*stored, parent.record.id)) {
          return notThere();
        }
        removeCrossReference(db, *stored, api::actorOf(session), now);
        return true;
      });
  if (!removed) {
    return std::move(removed).error();
  }
  return {};
}

}  // namespace dossier::crossreferences
