#include "index/other_names.hpp"

#include "db/connection.hpp"

namespace dossier::index {

namespace {

// The name as shown, and its parts when they say more (a middle name the display name leaves out).
std::string textOf(db::Query& row) {
  std::string text = row.text(1);
  for (int column = 2; column <= 4; ++column) {
    const auto part = row.text(column);
    if (!part.empty() && text.find(part) == std::string::npos) {
      text += " " + part;
    }
  }
  return text;
}

constexpr const char* kSelect =
    "SELECT person_id, display_name, first_name, middle_names, surname FROM alternate_names ";

}  // namespace

std::vector<std::string> otherNamesOf(db::Connection& db, std::int64_t personId) {
  std::vector<std::string> names;
  auto rows = db.query(std::string(kSelect) + "WHERE person_id = ?1 ORDER BY id", personId);
  while (rows.step()) {
    names.push_back(textOf(rows));
  }
  return names;
}

std::unordered_map<std::int64_t, std::vector<std::string>> everyOtherName(db::Connection& db) {
  std::unordered_map<std::int64_t, std::vector<std::string>> names;
  auto rows = db.query(std::string(kSelect) + "ORDER BY id");
  while (rows.step()) {
    names[rows.integer(0)].push_back(textOf(rows));
  }
  return names;
}

}  // namespace dossier::index
