#include "comments/comment_service.hpp"

#include <map>

#include "comments/errors.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "types/rich_text.hpp"

namespace dossier::comments {

using records::Comment;
using types::EntityKind;

namespace {

Error notThere() {
  return Error::of(errors::kNotFound, "This comment is not there any more.");
}

bool ofPerson(const Comment& comment, std::int64_t personId) {
  return comment.ownerKind == EntityKind::Person && comment.ownerId == personId;
}

const api::VersionRule kVersion{
    .noun = "comment",
    .changedCode = errors::kChanged,
    .missingMessage = "Saving a comment needs the RowVersion it was opened at."};

}  // namespace

std::optional<std::string> asAtOf(const std::string& text) {
  if (text.empty()) {
    return std::string();
  }
  if (text.size() == 10) {
    if (const auto day = parseIsoTime(text + "T00:00:00Z")) {
      return formatIsoTime(*day);
    }
    return std::nullopt;
  }
  auto full = text;
  if (full.size() == 16) {
    full += ":00";
  }
  if (full.back() != 'Z' && full.find('+', 10) == std::string::npos) {
    full += "Z";
  }
  if (const auto time = parseIsoTime(full)) {
    return formatIsoTime(*time);
  }
  return std::nullopt;
}

Result<Comment> checkComment(const CommentDraft& draft) {
  std::map<std::string, std::string> problems;
  Comment comment;
  if (draft.html.size() > kMostHtml) {
    problems["CommentHtml"] = "At most " + std::to_string(kMostHtml) + " characters";
  } else {
    comment.html = types::sanitizeRichText(draft.html);
    comment.text = types::richTextToPlain(comment.html);
    if (comment.text.find_first_not_of(" \t\r\n") == std::string::npos) {
      problems["CommentHtml"] = "Required";
    }
  }
  if (const auto asAt = asAtOf(draft.asAt)) {
    comment.asAt = *asAt;
  } else {
    problems["AsAtDate"] = "Not a date and time";
  }
  if (!problems.empty()) {
    auto error = Error::of(errors::kInvalid, problems.contains("CommentHtml")
                                                 ? "Write the comment first."
                                                 : "The As At date is not a date.");
    error.fieldErrors = std::move(problems);
    return error;
  }
  return comment;
}

bool mayChangeComment(const Comment& comment, const records::RecordAccess& person) {
  return api::mayChange(person) && !comment.isSystem;
}

Result<PersonComments> commentsOfPerson(environments::Environment& environment,
                                        const api::Session& session,
                                        std::string_view personReference) {
  auto db = environment.db().acquire();
  auto person =
      api::findParent(*db, environment.catalog(), session, EntityKind::Person, personReference);
  if (!person) {
    return std::move(person).error();
  }
  auto comments = records::commentsOf(*db, EntityKind::Person, person->record.id);
  return PersonComments{std::move(*person), std::move(comments)};
}

Result<api::SavedChild<Comment>> openComment(environments::Environment& environment,
                                             const api::Session& session,
                                             std::string_view personReference,
                                             std::string_view guid) {
  auto db = environment.db().acquire();
  auto person =
      api::findParent(*db, environment.catalog(), session, EntityKind::Person, personReference);
  if (!person) {
    return std::move(person).error();
  }
  Comment comment;
  comment.ownerId = person->record.id;
  if (!guid.empty()) {
    auto found = records::findComment(*db, guid);
    if (!found || !ofPerson(*found, person->record.id)) {
      return notThere();
    }
    comment = std::move(*found);
  }
  return api::SavedChild<Comment>{std::move(comment), std::move(*person), false};
}

Result<api::SavedChild<Comment>> saveComment(environments::Environment& environment,
                                             const api::Session& session, const CommentDraft& draft,
                                             TimePoint now) {
  auto checked = checkComment(draft);
  if (!checked) {
    return std::move(checked).error();
  }
  auto submitted = std::move(*checked);
  const auto actor = api::actorOf(session);
  auto saved = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Person, .parentReference = draft.ownerReference},
      [&](db::Connection& db, const records::RecordAccess& person) -> Result<bool> {
        submitted.ownerKind = EntityKind::Person;
        submitted.ownerId = person.record.id;
        if (draft.guid.empty()) {
          records::addComment(db, submitted, actor, now);
          return true;
        }
        auto stored = records::findComment(db, draft.guid);
        if (!stored || !ofPerson(*stored, person.record.id)) {
          return notThere();
        }
        if (stored->isSystem) {
          return Error::of(errors::kSystem,
                           "This comment was written by Dossier itself and cannot be changed.");
        }
        if (auto stale = api::staleSave(
                draft.rowVersion, {stored->rowVersion, stored->modifiedByName, stored->modifiedAt},
                kVersion)) {
          return std::move(*stale);
        }
        if (submitted.asAt.empty()) {
          submitted.asAt = stored->asAt;
        }
        const bool changed = submitted.html != stored->html || submitted.asAt != stored->asAt;
        stored->html = std::move(submitted.html);
        stored->text = std::move(submitted.text);
        stored->asAt = std::move(submitted.asAt);
        submitted = std::move(*stored);
        if (changed) {
          records::updateComment(db, submitted, submitted.rowVersion, actor, now);
        }
        return changed;
      });
  if (!saved) {
    return std::move(saved).error();
  }
  return api::SavedChild<Comment>{std::move(submitted), std::move(saved->parent), saved->changed};
}

Result<void> removeComment(environments::Environment& environment, const api::Session& session,
                           std::string_view guid, TimePoint now) {
  std::int64_t ownerId = 0;
  {
    auto db = environment.db().acquire();
    const auto stored = records::findComment(*db, guid);
    if (!stored || stored->ownerKind != EntityKind::Person) {
      return notThere();
    }
    ownerId = stored->ownerId;
  }
  auto removed = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Person,
       .parentReference = std::to_string(ownerId),
       .parentMissing = notThere()},
      [&](db::Connection& db, const records::RecordAccess& person) -> Result<bool> {
        const auto stored = records::findComment(db, guid);
        if (!stored || !ofPerson(*stored, person.record.id)) {
          return notThere();
        }
        if (stored->isSystem) {
          return Error::of(errors::kSystem,
                           "This comment was written by Dossier itself and cannot be removed.");
        }
        records::removeComment(db, *stored, api::actorOf(session), now);
        return true;
      });
  if (!removed) {
    return std::move(removed).error();
  }
  return {};
}

}  // namespace dossier::comments
