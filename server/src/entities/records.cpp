#include "entities/records.hpp"

#include <charconv>
#include <cstdio>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::entities {

namespace {

boost::json::object parseValues(const std::string& text) {
  boost::system::error_code ec;
  auto value = boost::json::parse(text, ec);
  if (ec || !value.is_object()) {
    return {};
  }
  return std::move(value.as_object());
}

std::string newGuid() {
  auto bytes = randomBytes(16);
  bytes[6] = static_cast<std::uint8_t>((bytes[6] & 0x0f) | 0x40);
  bytes[8] = static_cast<std::uint8_t>((bytes[8] & 0x3f) | 0x80);
  const auto hex = toHex(bytes.data(), bytes.size());
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20);
}

std::optional<std::int64_t> parseId(std::string_view text) {
  std::int64_t id = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, id);
  if (ec != std::errc{} || ptr != end || id <= 0) {
    return std::nullopt;
  }
  return id;
}

}  // namespace

std::string Record::identifier() const {
  return kind == EntityKind::Case ? caseNumber : std::to_string(id);
}

namespace {

constexpr const char* kCaseColumns =
    "SELECT id, guid, case_number, type_ref, status, display_name, fields, row_version, "
    "created_by_name, created_at, modified_by_name, modified_at FROM cases ";
constexpr const char* kPersonColumns =
    "SELECT id, guid, type_ref, obsolete, display_name, fields, row_version, created_by_name, "
    "created_at, modified_by_name, modified_at FROM persons ";

Record caseFromRow(const db::Query& row) {
  Record record;
  record.kind = EntityKind::Case;
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
  return record;
}

Record personFromRow(const db::Query& row) {
  Record record;
  record.kind = EntityKind::Person;
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
  return record;
}

Record fromRow(EntityKind kind, const db::Query& row) {
  return kind == EntityKind::Case ? caseFromRow(row) : personFromRow(row);
}

const char* columnsOf(EntityKind kind) {
  return kind == EntityKind::Case ? kCaseColumns : kPersonColumns;
}

}  // namespace

std::optional<Record> findCase(db::Connection& db, std::string_view caseNumber) {
  auto row = db.query(std::string(kCaseColumns) + "WHERE case_number = ?1", caseNumber);
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

std::optional<Record> findRecordById(db::Connection& db, EntityKind kind, std::int64_t id) {
  auto row = db.query(std::string(columnsOf(kind)) + "WHERE id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return fromRow(kind, row);
}

void forEachRecord(db::Connection& db, EntityKind kind,
                   const std::function<void(const Record&)>& visit) {
  auto row = db.query(std::string(columnsOf(kind)) + "ORDER BY id");
  while (row.step()) {
    visit(fromRow(kind, row));
  }
}

std::optional<Record> findRecord(db::Connection& db, EntityKind kind, std::string_view identifier) {
  if (kind == EntityKind::Case) {
    return identifier.empty() ? std::nullopt : findCase(db, identifier);
  }
  const auto id = parseId(identifier);
  return id ? findPerson(db, *id) : std::nullopt;
}

std::optional<std::int64_t> recordId(db::Connection& db, EntityKind kind,
                                     std::string_view identifier) {
  if (kind == EntityKind::Person) {
    const auto id = parseId(identifier);
    if (!id || !db.query("SELECT 1 FROM persons WHERE id = ?1", *id).step()) {
      return std::nullopt;
    }
    return id;
  }
  auto row = db.query("SELECT id FROM cases WHERE case_number = ?1", identifier);
  if (!row.step()) {
    return std::nullopt;
  }
  return row.integer(0);
}

std::string nextCaseNumber(db::Connection& db, const Numbering& numbering, int year) {
  const auto scheme = numbering.prefix + "-" + std::to_string(year);
  auto row = db.query(
      "INSERT INTO case_number_sequences (scheme, next_value) VALUES (?1, 2) "
      "ON CONFLICT (scheme) DO UPDATE SET next_value = next_value + 1 RETURNING next_value - 1",
      scheme);
  row.step();
  const auto number = row.integer(0);
  char digits[32];
  std::snprintf(digits, sizeof digits, "%0*lld", numbering.width, static_cast<long long>(number));
  return scheme + "-" + digits;
}

void insertRecord(db::Connection& db, Record& record, const Numbering& numbering,
                  const Actor& actor, TimePoint now) {
  record.guid = newGuid();
  record.rowVersion = 1;
  record.createdByName = record.modifiedByName = actor.displayName;
  record.createdAt = record.modifiedAt = formatIsoTime(now);
  const auto fields = boost::json::serialize(record.values);
  if (record.kind == EntityKind::Case) {
    const auto time = Clock::to_time_t(now);
    std::tm parts{};
    gmtime_r(&time, &parts);
    record.caseNumber = nextCaseNumber(db, numbering, parts.tm_year + 1900);
    db.execute(
        "INSERT INTO cases (guid, case_number, type_ref, status, display_name, fields, created_by, "
        "created_by_name, created_at, modified_by, modified_by_name, modified_at, row_version) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?7, ?8, ?9, 1)",
        record.guid, record.caseNumber, record.typeRef, record.status, record.displayName, fields,
        actor.userId, actor.displayName, now);
  } else {
    db.execute(
        "INSERT INTO persons (guid, type_ref, obsolete, display_name, fields, created_by, "
        "created_by_name, created_at, modified_by, modified_by_name, modified_at, row_version) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?6, ?7, ?8, 1)",
        record.guid, record.typeRef, record.obsolete, record.displayName, fields, actor.userId,
        actor.displayName, now);
  }
  record.id = db.lastInsertId();
}

bool updateRecord(db::Connection& db, Record& record, std::int64_t expectedVersion,
                  const Actor& actor, TimePoint now) {
  const auto fields = boost::json::serialize(record.values);
  int changed = 0;
  if (record.kind == EntityKind::Case) {
    changed = db.execute(
        "UPDATE cases SET status = ?1, display_name = ?2, fields = ?3, modified_by = ?4, "
        "modified_by_name = ?5, modified_at = ?6, row_version = row_version + 1 "
        "WHERE id = ?7 AND row_version = ?8",
        record.status, record.displayName, fields, actor.userId, actor.displayName, now, record.id,
        expectedVersion);
  } else {
    changed = db.execute(
        "UPDATE persons SET obsolete = ?1, display_name = ?2, fields = ?3, modified_by = ?4, "
        "modified_by_name = ?5, modified_at = ?6, row_version = row_version + 1 "
        "WHERE id = ?7 AND row_version = ?8",
        record.obsolete, record.displayName, fields, actor.userId, actor.displayName, now,
        record.id, expectedVersion);
  }
  if (changed == 0) {
    return false;
  }
  record.rowVersion = expectedVersion + 1;
  record.modifiedByName = actor.displayName;
  record.modifiedAt = formatIsoTime(now);
  return true;
}

}  // namespace dossier::entities
