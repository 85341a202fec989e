#include "records/comments.hpp"

#include <boost/json/object.hpp>

#include "core/crypto.hpp"
#include "core/markup.hpp"
#include "db/connection.hpp"
#include "records/actor.hpp"
#include "records/audit.hpp"

namespace dossier::records {

namespace json = boost::json;

namespace {

constexpr const char* kColumns =
    "SELECT id, guid, owner_kind, owner_id, comment_html, comment_text, is_system, as_at, "
    "created_by_name, created_at, modified_by_name, modified_at, row_version FROM comments ";

Comment readComment(db::Query& row) {
  Comment comment;
  comment.id = row.integer(0);
  comment.guid = row.text(1);
  comment.ownerKind = row.text(2) == "case" ? types::EntityKind::Case : types::EntityKind::Person;
  comment.ownerId = row.integer(3);
  comment.html = row.text(4);
  comment.text = row.text(5);
  comment.isSystem = row.boolean(6);
  comment.asAt = row.text(7);
  comment.createdByName = row.text(8);
  comment.createdAt = row.text(9);
  comment.modifiedByName = row.text(10);
  comment.modifiedAt = row.text(11);
  comment.rowVersion = row.integer(12);
  return comment;
}

// The start of a comment for its record's history, cut between characters.
std::string excerpt(const std::string& text) {
  constexpr std::size_t kMost = 80;
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80 && ++count > kMost) {
      return text.substr(0, at) + "…";
    }
  }
  return text;
}

void audit(db::Connection& db, const Comment& comment, std::string_view action, const Actor& actor,
           TimePoint now) {
  appendActivity(db, comment.ownerKind, comment.ownerId, action,
                 json::object{{"comment", comment.guid}, {"text", excerpt(comment.text)}}, actor,
                 now);
}

}  // namespace

std::optional<Comment> findComment(db::Connection& db, std::string_view guid) {
  auto row = db.query(std::string(kColumns) + "WHERE guid = ?1", guid);
  if (!row.step()) {
    return std::nullopt;
  }
  return readComment(row);
}

std::vector<Comment> commentsOf(db::Connection& db, types::EntityKind kind, std::int64_t ownerId) {
  std::vector<Comment> comments;
  auto rows = db.query(std::string(kColumns) +
                           "WHERE owner_kind = ?1 AND owner_id = ?2 ORDER BY as_at DESC, id DESC",
                       types::kindName(kind), ownerId);
  while (rows.step()) {
    comments.push_back(readComment(rows));
  }
  return comments;
}

void addComment(db::Connection& db, Comment& comment, const Actor& actor, TimePoint now) {
  comment.guid = randomGuid();
  comment.rowVersion = 1;
  comment.createdByName = comment.modifiedByName = actor.displayName;
  comment.createdAt = comment.modifiedAt = formatIsoTime(now);
  if (comment.asAt.empty()) {
    comment.asAt = comment.createdAt;
  }
  comment.id = db.insertReturning(
      "INSERT INTO comments (guid, owner_kind, owner_id, comment_html, comment_text, is_system, "
      "as_at, created_by_name, created_at, modified_by_name, modified_at, row_version) VALUES "
      "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?8, ?9, 1) RETURNING id",
      comment.guid, types::kindName(comment.ownerKind), comment.ownerId, comment.html, comment.text,
      comment.isSystem, comment.asAt, actor.displayName, now);
  // A system comment tells of something the record's history already tells (made obsolete).
  if (!comment.isSystem) {
    audit(db, comment, "comment.added", actor, now);
  }
}

bool updateComment(db::Connection& db, Comment& comment, std::int64_t expectedVersion,
                   const Actor& actor, TimePoint now) {
  const auto changed = db.execute(
      "UPDATE comments SET comment_html = ?1, comment_text = ?2, as_at = ?3, "
      "modified_by_name = ?4, modified_at = ?5, row_version = row_version + 1 "
      "WHERE id = ?6 AND row_version = ?7 AND is_system = 0",
      comment.html, comment.text, comment.asAt, actor.displayName, now, comment.id,
      expectedVersion);
  if (changed == 0) {
    return false;
  }
  comment.rowVersion = expectedVersion + 1;
  comment.modifiedByName = actor.displayName;
  comment.modifiedAt = formatIsoTime(now);
  audit(db, comment, "comment.changed", actor, now);
  return true;
}

void removeComment(db::Connection& db, const Comment& comment, const Actor& actor, TimePoint now) {
  db.execute("DELETE FROM comments WHERE id = ?1", comment.id);
  audit(db, comment, "comment.removed", actor, now);
}

void addSystemComment(db::Connection& db, types::EntityKind kind, std::int64_t ownerId,
                      const std::string& text, const Actor& actor, TimePoint now) {
  Comment comment;
  comment.ownerKind = kind;
  comment.ownerId = ownerId;
  comment.text = text;
  comment.html = "<p>" + escapeMarkup(text) + "</p>";
  comment.isSystem = true;
  addComment(db, comment, actor, now);
}

}  // namespace dossier::records
