#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/child_records.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "records/comments.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::comments {

// A comment's words hold at most this many characters (markup included).
inline constexpr std::size_t kMostHtml = 20000;

// A comment as a save submits it (spec 2 §3 "Comment", commentDetails).
struct CommentDraft {
  std::string ownerReference{};  // OwnerIdentifier: the person's id, or guid
  std::string guid{};            // empty for a new comment
  std::string html{};
  // "2026-11-24" or "2026-11-24T15:30[:00][Z]"; empty is now, or for a stored one as it was.
  std::string asAt{};
  std::optional<std::int64_t> rowVersion{};  // a stored one: the version it was opened at
};

// The As At a comment is stored with (ISO, UTC); "" for empty; nullopt when it is not a date.
std::optional<std::string> asAtOf(const std::string& text);

// What a draft makes of a comment — its HTML sanitized, its words without markup, its As At — or
// 400 comments.invalid naming what is wrong.
Result<records::Comment> checkComment(const CommentDraft& draft);

// Whether the person may change a comment: not one Dossier wrote, on a person they may change.
bool mayChangeComment(const records::Comment& comment, const records::RecordAccess& person);

struct PersonComments {
  records::RecordAccess person;
  std::vector<records::Comment> comments;  // newest As At first
};

// A person's comments; 404 for a person who is not there or hidden.
Result<PersonComments> commentsOfPerson(environments::Environment& environment,
                                        const api::Session& session,
                                        std::string_view personReference);

// One comment of a person, or a new one when guid is empty; 404 comments.not_found for a comment
// that is not there or is another person's.
Result<api::SavedChild<records::Comment>> openComment(environments::Environment& environment,
                                                      const api::Session& session,
                                                      std::string_view personReference,
                                                      std::string_view guid);

// Saves a new comment on a person, or changes a stored one at the version it was opened at
// (api/child_records: the person's rights, the stale check). A comment Dossier wrote is never
// changed (409 comments.system); a save that changes nothing writes nothing.
Result<api::SavedChild<records::Comment>> saveComment(environments::Environment& environment,
                                                      const api::Session& session,
                                                      const CommentDraft& draft, TimePoint now);

// Removes a comment, with an audit row on its person; never one Dossier wrote.
Result<void> removeComment(environments::Environment& environment, const api::Session& session,
                           std::string_view guid, TimePoint now);

}  // namespace dossier::comments
