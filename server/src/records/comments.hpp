#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

struct Actor;

// A comment kept on a record (spec 2 §3 "Comment"; persons have them). System comments are written
// by the product itself (a person made obsolete) and cannot be changed.
struct Comment {
  std::int64_t id = 0;
  std::string guid;
  types::EntityKind ownerKind = types::EntityKind::Person;
  std::int64_t ownerId = 0;
  std::string html;  // sanitized before it is stored
  std::string text;  // the same words without markup, for lists and the history
  bool isSystem = false;
  std::string asAt;  // when what it says happened (ISO), which may be before it was written
  std::string createdByName;
  std::string createdAt;
  std::string modifiedByName;
  std::string modifiedAt;
  std::int64_t rowVersion = 0;
};

std::optional<Comment> findComment(db::Connection& db, std::string_view guid);
// Newest first by As At.
std::vector<Comment> commentsOf(db::Connection& db, types::EntityKind kind, std::int64_t ownerId);

// The one write path of comments: the row and an audit row on its record (comment.added,
// .changed, .removed, with the start of its text). The caller holds the transaction.
void addComment(db::Connection& db, Comment& comment, const Actor& actor, TimePoint now);
bool updateComment(db::Connection& db, Comment& comment, std::int64_t expectedVersion,
                   const Actor& actor, TimePoint now);
void removeComment(db::Connection& db, const Comment& comment, const Actor& actor, TimePoint now);

// A comment the product writes on a record, as at now.
void addSystemComment(db::Connection& db, types::EntityKind kind, std::int64_t ownerId,
                      const std::string& text, const Actor& actor, TimePoint now);

}  // namespace dossier::records
