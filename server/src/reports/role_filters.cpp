#include "reports/role_filters.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "db/connection.hpp"
#include "records/access.hpp"
#include "reports/errors.hpp"
#include "types/role_definition.hpp"

namespace dossier::reports {

namespace {

constexpr int kMostSuggestions = 20;

// "(?3, ?4, ?5)": placeholders for `more`, appended to `values` after those already there.
std::string placeholders(std::vector<std::string>& values, const std::vector<std::string>& more) {
  std::string text = "(";
  for (const auto& value : more) {
    values.push_back(value);
    text += (text.size() == 1 ? "?" : ", ?") + std::to_string(values.size());
  }
  return text + ")";
}

void bindAll(db::Query& query, const std::vector<std::string>& values) {
  int index = 0;
  for (const auto& value : values) {
    query.bind(++index, value);
  }
}

}  // namespace

std::vector<types::Option> roleHolderChoices(db::Connection& db, const types::Catalog& catalog,
                                             const types::ReportDefinition& report,
                                             const types::ReportFilter& filter,
                                             std::string_view username, std::string_view part) {
  const auto personTypes = records::visibleTypeRefs(catalog, types::EntityKind::Person, username);
  std::vector<std::string> recordTypes;
  for (const auto* type : filter.role->on) {
    if (std::find(report.types.begin(), report.types.end(), type) == report.types.end()) {
      continue;
    }
    for (const auto& ref : records::visibleTypeRefs(catalog, type->kind, username)) {
      if (ref == type->ref) {
        recordTypes.push_back(ref);
      }
    }
  }
  if (personTypes.empty() || recordTypes.empty()) {
    return {};
  }
  std::vector<std::string> values{containsPattern(part), filter.role->code};
  // The persons by name first (the few that match), then whether each holds the role on a record
  // of a type the person may see: the role links' index by holder answers that.
  const auto sql =
      "SELECT p.id, p.display_name FROM persons p WHERE lower(p.display_name) LIKE ?1 ESCAPE '\\' "
      "AND p.type_ref IN " +
      placeholders(values, personTypes) +
      " AND (EXISTS (SELECT 1 FROM role_links l JOIN cases c ON l.parent_kind = 'case' AND "
      "c.id = l.parent_id WHERE l.holder_kind = 'person' AND l.holder_id = p.id AND "
      "l.role_code = ?2 AND c.type_ref IN " +
      placeholders(values, recordTypes) +
      ") OR EXISTS (SELECT 1 FROM role_links l JOIN persons o ON l.parent_kind = 'person' AND "
      "o.id = l.parent_id WHERE l.holder_kind = 'person' AND l.holder_id = p.id AND "
      "l.role_code = ?2 AND o.type_ref IN " +
      placeholders(values, recordTypes) + ")) ORDER BY lower(p.display_name), p.id LIMIT " +
      std::to_string(kMostSuggestions);
  auto rows = db.query(sql);
  bindAll(rows, values);
  std::vector<types::Option> choices;
  while (rows.step()) {
    choices.push_back({std::to_string(rows.integer(0)), rows.text(1)});
  }
  return choices;
}

std::map<std::string, std::string> personNames(db::Connection& db, const types::Catalog& catalog,
                                               std::string_view username,
                                               const std::vector<std::string>& ids) {
  std::map<std::string, std::string> names;
  const auto personTypes = records::visibleTypeRefs(catalog, types::EntityKind::Person, username);
  if (personTypes.empty()) {
    return names;
  }
  for (const auto& id : ids) {
    const auto number = parsePositiveId(id);
    if (!number || names.contains(id)) {
      continue;
    }
    auto row = db.query("SELECT type_ref, display_name FROM persons WHERE id = ?1", *number);
    if (row.step() &&
        std::find(personTypes.begin(), personTypes.end(), row.text(0)) != personTypes.end()) {
      names.emplace(id, row.text(1));
    }
    while (row.step()) {
    }
  }
  return names;
}

Status nameRoleChoices(db::Connection& db, const types::Catalog& catalog, std::string_view username,
                       std::vector<FilterChoice>& choices) {
  for (auto& choice : choices) {
    if (choice.filter->role == nullptr || choice.keys.empty()) {
      continue;
    }
    const auto names = personNames(db, catalog, username, choice.keys);
    choice.texts.clear();
    for (const auto& key : choice.keys) {
      const auto found = names.find(key);
      if (found == names.end()) {
        const auto message =
            choice.filter->label + ": '" + key + "' is not a person you can choose.";
        return Error::of(errors::kInvalidFilter, message).withField(choice.filter->id, message);
      }
      choice.texts.push_back(found->second);
    }
  }
  return {};
}

}  // namespace dossier::reports
