#include "records/records.hpp"

#include <algorithm>
#include <cstdio>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/text.hpp"
#include "db/connection.hpp"

namespace dossier::records {

namespace {

boost::json::object parseValues(const std::string& text) {
  boost::system::error_code ec;
  auto value = boost::json::parse(text, ec);
  if (ec || !value.is_object()) {
    return {};
  }
  return std::move(value.as_object());
}

}  // namespace

std::string Record::identifier() const {
  return kind == types::EntityKind::Case ? caseNumber : std::to_string(id);
}

const char* recordState(const types::EntityType& type, const Record& record) {
  if (record.kind == types::EntityKind::Person) {
    return record.obsolete ? "obsolete" : "active";
  }
  // A status since removed from the configuration counts as open, as search counts it.
  const auto* status = type.status(record.status);
  return status == nullptr || status->active ? "open" : "closed";
}

namespace {

constexpr const char* kCaseColumns =
    "SELECT id, guid, case_number, type_ref, status, display_name, fields, row_version, "
    "created_by_name, created_at, modified_by_name, modified_at, COALESCE(modified_by, 0) FROM "
    "cases ";
constexpr const char* kPersonColumns =
    "SELECT id, guid, type_ref, obsolete, display_name, fields, row_version, created_by_name, "
    "created_at, modified_by_name, modified_at, COALESCE(modified_by, 0) FROM persons ";

Record caseFromRow(const db::Query& row) {
  Record record;
  record.kind = types::EntityKind::Case;
  record.id = row.integer(0);
  record.guid = row.text(1);
  record.caseNumber = row.text(2);
  record.typeRef = row.text(3);
  record.status = row.text(4);
  record.displayName = row.text(5);
  record.values = parseValues(row.text(6));
  record.rowVersion = row.integer(7);
  record.createdByName = row.text(8);
  record.createdAt = row.text(9);
  record.modifiedByName = row.text(10);
  record.modifiedAt = row.text(11);
  record.modifiedBy = row.integer(12);
  return record;
}

Record personFromRow(const db::Query& row) {
  Record record;
  record.kind = types::EntityKind::Person;
  record.id = row.integer(0);
  record.guid = row.text(1);
  record.typeRef = row.text(2);
  record.obsolete = row.boolean(3);
  record.displayName = row.text(4);
  record.values = parseValues(row.text(5));
  record.rowVersion = row.integer(6);
  record.createdByName = row.text(7);
  record.createdAt = row.text(8);
  record.modifiedByName = row.text(9);
  record.modifiedAt = row.text(10);
  record.modifiedBy = row.integer(11);
  return record;
}

Record fromRow(types::EntityKind kind, const db::Query& row) {
  return kind == types::EntityKind::Case ? caseFromRow(row) : personFromRow(row);
}

const char* columnsOf(types::EntityKind kind) {
  return kind == types::EntityKind::Case ? kCaseColumns : kPersonColumns;
}

}  // namespace

std::optional<Record> findCase(db::Connection& db, std::string_view caseNumber) {
  auto row =
      db.query(std::string(kCaseColumns) + "WHERE lower(case_number) = lower(?1)", caseNumber);
  if (!row.step()) {
    return std::nullopt;
  }
  return caseFromRow(row);
}

std::optional<Record> findPerson(db::Connection& db, std::int64_t id) {
  auto row = db.query(std::string(kPersonColumns) + "WHERE id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return personFromRow(row);
}

std::optional<Record> findRecordById(db::Connection& db, types::EntityKind kind, std::int64_t id) {
  auto row = db.query(std::string(columnsOf(kind)) + "WHERE id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return fromRow(kind, row);
}

std::map<std::int64_t, Record> recordsNamedByChanges(db::Connection& db, types::EntityKind kind,
                                                     std::int64_t after, std::int64_t upTo) {
  std::map<std::int64_t, Record> found;
  auto row = db.query(std::string(columnsOf(kind)) +
                          "WHERE id IN (SELECT entity_id FROM change_log WHERE seq > ?1 AND "
                          "seq <= ?2 AND entity_kind = ?3)",
                      after, upTo, types::kindName(kind));
  while (row.step()) {
    auto record = fromRow(kind, row);
    const auto id = record.id;
    found.emplace(id, std::move(record));
  }
  return found;
}

void forEachRecord(db::Connection& db, types::EntityKind kind,
                   const std::function<void(const Record&)>& visit) {
  // A page at a time: on a database server a statement's rows arrive whole, and there may be
  // millions.
  constexpr int kPage = 2000;
  const auto sql = std::string(columnsOf(kind)) + "WHERE id > ?1 ORDER BY id LIMIT ?2";
  std::int64_t after = 0;
  for (int rows = kPage; rows == kPage;) {
    std::vector<Record> page;
    {
      auto row = db.query(sql, after, kPage);
      while (row.step()) {
        page.push_back(fromRow(kind, row));
      }
    }
    rows = static_cast<int>(page.size());
    for (const auto& record : page) {
      after = record.id;
      visit(record);
    }
  }
}

std::optional<Record> findRecord(db::Connection& db, types::EntityKind kind,
                                 std::string_view identifier) {
  if (kind == types::EntityKind::Case) {
    return identifier.empty() ? std::nullopt : findCase(db, identifier);
  }
  const auto id = parsePositiveId(identifier);
  return id ? findPerson(db, *id) : std::nullopt;
}

std::optional<std::int64_t> recordId(db::Connection& db, types::EntityKind kind,
                                     std::string_view identifier) {
  if (kind == types::EntityKind::Person) {
    const auto id = parsePositiveId(identifier);
    if (!id || !db.query("SELECT 1 FROM persons WHERE id = ?1", *id).step()) {
      return std::nullopt;
    }
    return id;
  }
  auto row = db.query("SELECT id FROM cases WHERE lower(case_number) = lower(?1)", identifier);
  if (!row.step()) {
    return std::nullopt;
  }
  return row.integer(0);
}

std::string nextCaseNumber(db::Connection& db, const types::Numbering& numbering, int year) {
  const auto scheme = numbering.prefix + "-" + std::to_string(year);
  auto row = db.query(
      "INSERT INTO case_number_sequences (scheme, next_value) VALUES (?1, 2) "
      "ON CONFLICT (scheme) DO UPDATE SET next_value = case_number_sequences.next_value + 1 "
      "RETURNING next_value - 1",
      scheme);
  row.step();
  const auto number = row.integer(0);
  char digits[32];
  std::snprintf(digits, sizeof digits, "%0*lld", numbering.width, static_cast<long long>(number));
  return scheme + "-" + digits;
}

std::optional<std::int64_t> personIdFromReference(db::Connection& db, std::string_view reference) {
  if (!reference.empty() && std::all_of(reference.begin(), reference.end(),
                                        [](char c) { return c >= '0' && c <= '9'; })) {
    return recordId(db, types::EntityKind::Person, reference);
  }
  auto row = db.query("SELECT id FROM persons WHERE guid = ?1", reference);
  if (!row.step()) {
    return std::nullopt;
  }
  return row.integer(0);
}

}  // namespace dossier::records
