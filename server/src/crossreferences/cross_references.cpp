#include "crossreferences/cross_references.hpp"

#include <boost/json/object.hpp>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "records/actor.hpp"
#include "records/audit.hpp"

namespace dossier::crossreferences {

namespace json = boost::json;

namespace {

constexpr const char* kColumns =
    "SELECT id, guid, from_case_id, to_case_id, comments, created_by_name, created_at, "
    "modified_by_name, modified_at, row_version FROM cross_references ";

CrossReference readLink(db::Query& row) {
  CrossReference link;
  link.id = row.integer(0);
  link.guid = row.text(1);
  link.fromCaseId = row.integer(2);
  link.toCaseId = row.integer(3);
  link.comments = row.text(4);
  link.createdByName = row.text(5);
  link.createdAt = row.text(6);
  link.modifiedByName = row.text(7);
  link.modifiedAt = row.text(8);
  link.rowVersion = row.integer(9);
  return link;
}

json::object about(const CrossReference& link, std::int64_t other) {
  return json::object{{"crossReference", link.guid},
                      {"other", json::object{{"kind", "case"}, {"id", other}}},
                      {"comments", link.comments}};
}

// Both cases' histories tell it, each naming the other (by name only to those who may see it,
// when the history is read).
void audit(db::Connection& db, const CrossReference& link, std::string_view action,
           const records::Actor& actor, TimePoint now) {
  for (const auto& [self, other] :
       {std::pair{link.fromCaseId, link.toCaseId}, std::pair{link.toCaseId, link.fromCaseId}}) {
    records::appendActivity(db, types::EntityKind::Case, self, action, about(link, other), actor,
                            now);
  }
}

bool involves(const CrossReference& link, std::int64_t caseId) {
  return link.fromCaseId == caseId || link.toCaseId == caseId;
}

// A cross reference moved from one case to another: the case it stays with, the one it left and
// the one it joined each read it their way.
void auditMove(db::Connection& db, const CrossReference& link, const CrossReference& before,
               const records::Actor& actor, TimePoint now) {
  const auto kept = involves(before, link.fromCaseId) ? link.fromCaseId : link.toCaseId;
  const auto left = before.otherThan(kept);
  const auto joined = link.otherThan(kept);
  auto changed = about(link, joined);
  changed["previous"] = json::object{{"kind", "case"}, {"id", left}};
  records::appendActivity(db, types::EntityKind::Case, kept, "crossreference.changed", changed,
                          actor, now);
  records::appendActivity(db, types::EntityKind::Case, left, "crossreference.removed",
                          about(before, kept), actor, now);
  records::appendActivity(db, types::EntityKind::Case, joined, "crossreference.added",
                          about(link, kept), actor, now);
}

}  // namespace

std::optional<CrossReference> findCrossReference(db::Connection& db, std::string_view guid) {
  auto row = db.query(std::string(kColumns) + "WHERE guid = ?1", guid);
  if (!row.step()) {
    return std::nullopt;
  }
  return readLink(row);
}

std::optional<CrossReference> findBetween(db::Connection& db, std::int64_t caseId,
                                          std::int64_t otherCaseId) {
  auto row = db.query(std::string(kColumns) +
                          "WHERE (from_case_id = ?1 AND to_case_id = ?2) OR "
                          "(from_case_id = ?2 AND to_case_id = ?1)",
                      caseId, otherCaseId);
  if (!row.step()) {
    return std::nullopt;
  }
  return readLink(row);
}

std::vector<CrossReference> crossReferencesOf(db::Connection& db, std::int64_t caseId) {
  std::vector<CrossReference> links;
  auto rows = db.query(std::string(kColumns) + "WHERE from_case_id = ?1 UNION ALL " + kColumns +
                           "WHERE to_case_id = ?1 ORDER BY id",
                       caseId);
  while (rows.step()) {
    links.push_back(readLink(rows));
  }
  return links;
}

void addCrossReference(db::Connection& db, CrossReference& link, const records::Actor& actor,
                       TimePoint now) {
  link.guid = randomGuid();
  link.rowVersion = 1;
  link.createdByName = link.modifiedByName = actor.displayName;
  link.createdAt = link.modifiedAt = formatIsoTime(now);
  link.id = db.insertReturning(
      "INSERT INTO cross_references (guid, from_case_id, to_case_id, comments, created_by_name, "
      "created_at, modified_by_name, modified_at, row_version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
      "?5, ?6, 1) RETURNING id",
      link.guid, link.fromCaseId, link.toCaseId, link.comments, actor.displayName, now);
  audit(db, link, "crossreference.added", actor, now);
}

bool updateCrossReference(db::Connection& db, CrossReference& link, const CrossReference& before,
                          const records::Actor& actor, TimePoint now) {
  const auto changed = db.execute(
      "UPDATE cross_references SET comments = ?1, from_case_id = ?2, to_case_id = ?3, "
      "modified_by_name = ?4, modified_at = ?5, row_version = row_version + 1 "
      "WHERE id = ?6 AND row_version = ?7",
      link.comments, link.fromCaseId, link.toCaseId, actor.displayName, now, before.id,
      before.rowVersion);
  if (changed == 0) {
    return false;
  }
  link.id = before.id;
  link.guid = before.guid;
  link.rowVersion = before.rowVersion + 1;
  link.modifiedByName = actor.displayName;
  link.modifiedAt = formatIsoTime(now);
  const bool samePair = involves(before, link.fromCaseId) && involves(before, link.toCaseId);
  if (samePair) {
    audit(db, link, "crossreference.changed", actor, now);
  } else {
    auditMove(db, link, before, actor, now);
  }
  return true;
}

void removeCrossReference(db::Connection& db, const CrossReference& link,
                          const records::Actor& actor, TimePoint now) {
  db.execute("DELETE FROM cross_references WHERE id = ?1", link.id);
  audit(db, link, "crossreference.removed", actor, now);
}

}  // namespace dossier::crossreferences
