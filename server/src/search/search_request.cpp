#include "search/search_request.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"
#include "index/index_terms.hpp"
#include "records/access.hpp"
#include "search/errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::search {

namespace json = boost::json;
using index::typeKey;
using types::EntityKind;

namespace {

std::optional<EntityKind> kindWord(std::string_view text) {
  const auto word = asciiLower(text);
  if (word == "case" || word == "cases") {
    return EntityKind::Case;
  }
  if (word == "person" || word == "persons" || word == "people") {
    return EntityKind::Person;
  }
  return std::nullopt;
}

bool isDocuments(std::string_view text) {
  const auto word = asciiLower(text);
  return word == "document" || word == "documents";
}

const json::string* stringField(const json::object& body, std::string_view key) {
  const auto* value = body.if_contains(key);
  return value != nullptr && value->is_string() ? &value->get_string() : nullptr;
}

}  // namespace

Result<std::vector<std::string>> searchableTypes(const types::Catalog& catalog,
                                                 const std::string& username,
                                                 const std::vector<EntityChoice>& chosen) {
  std::vector<const types::EntityType*> types;
  const auto addKind = [&](EntityKind kind) {
    for (const auto* type : catalog.ofKind(kind)) {
      types.push_back(type);
    }
  };
  const bool all = chosen.empty() || std::any_of(chosen.begin(), chosen.end(), [](const auto& c) {
                     return asciiLower(c.entity) == "all" || c.entity.empty();
                   });
  // Documents are filtered one by one, by their case's type and their security group, inside the
  // index; which may be searched at all is whether the environment keeps them.
  bool documents = false;
  if (all) {
    addKind(EntityKind::Case);
    addKind(EntityKind::Person);
    documents = catalog.documents != nullptr;
  } else {
    for (const auto& choice : chosen) {
      if (isDocuments(choice.entity)) {
        documents = catalog.documents != nullptr;
        continue;
      }
      if (const auto kind = kindWord(choice.entity)) {
        addKind(*kind);
        continue;
      }
      // Refs match in any case: the web app's addresses are lower-cased.
      const auto parent = kindWord(choice.parentEntityType);
      const types::EntityType* type = nullptr;
      for (const auto& candidate : catalog.types) {
        if ((!parent || candidate->kind == *parent) &&
            asciiLower(candidate->ref) == asciiLower(choice.entity)) {
          type = candidate.get();
          break;
        }
      }
      if (type == nullptr) {
        return Error::of(errors::kUnknownEntity,
                         "There is nothing called '" + choice.entity +
                             "' to search. Choose All, Documents or a case or person type.");
      }
      types.push_back(type);
    }
  }
  std::vector<std::string> keys;
  for (const auto* type : types) {
    if (records::accessFor(catalog, *type, username).canView) {
      auto key = typeKey(type->kind, type->ref);
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
        keys.push_back(std::move(key));
      }
    }
  }
  if (documents) {
    keys.emplace_back(index::kDocumentTypeKey);
  }
  return keys;
}

Result<StatusFilter> statusFilter(std::string_view text) {
  const auto word = asciiLower(text);
  if (word.empty() || word == "active" || word == "registered" || word == "registered/active") {
    return StatusFilter::Active;
  }
  if (word == "inactive" || word == "obsolete" || word == "deregistered" ||
      word == "deregistered/obsolete") {
    return StatusFilter::Inactive;
  }
  if (word == "all") {
    return StatusFilter::All;
  }
  return Error::of(errors::kUnknownStatus,
                   "entityStatus must be Registered/Active, Deregistered/Obsolete or All.");
}

Result<SearchBody> readSearchBody(const json::object& body) {
  SearchBody out;
  if (const auto* text = stringField(body, "searchString")) {
    out.searchString = std::string(*text);
  } else if (body.contains("searchString") && !body.at("searchString").is_null()) {
    return Error::of(errors::kBadText, "searchString must be text.");
  }
  if (const auto* list = body.if_contains("searchEntity"); list != nullptr && !list->is_null()) {
    if (!list->is_array()) {
      return Error::of(errors::kBadEntity,
                       "searchEntity must be a list of {entity, parentEntityType}.");
    }
    for (const auto& item : list->as_array()) {
      if (item.is_string()) {
        out.entities.push_back({std::string(item.get_string()), {}});
        continue;
      }
      if (!item.is_object() || stringField(item.as_object(), "entity") == nullptr) {
        return Error::of(errors::kBadEntity, "Each searchEntity item must have entity as text.");
      }
      const auto* parent = stringField(item.as_object(), "parentEntityType");
      out.entities.push_back({std::string(*stringField(item.as_object(), "entity")),
                              parent != nullptr ? std::string(*parent) : ""});
    }
  }
  const auto* status = stringField(body, "entityStatus");
  auto filter = statusFilter(status != nullptr ? std::string_view(*status) : std::string_view());
  if (!filter) {
    return std::move(filter).error();
  }
  out.status = *filter;
  const auto number = [&](std::string_view key, int fallback, int minimum,
                          int maximum) -> Result<int> {
    const auto* value = body.if_contains(key);
    if (value == nullptr || value->is_null()) {
      return fallback;
    }
    if (!value->is_int64() || value->get_int64() < minimum || value->get_int64() > maximum) {
      return Error::of(errors::kBadPaging, std::string(key) + " must be a whole number from " +
                                               std::to_string(minimum) + " to " +
                                               std::to_string(maximum) + ".");
    }
    return static_cast<int>(value->get_int64());
  };
  auto page = number("page", 1, 1, 10000);
  if (!page) {
    return std::move(page).error();
  }
  auto pageSize = number("pageSize", 0, 0, 100);
  if (!pageSize) {
    return std::move(pageSize).error();
  }
  out.page = *page;
  out.pageSize = *pageSize;
  if (const auto* id = stringField(body, "macroExecutionCorrelationId")) {
    out.macroExecutionCorrelationId = std::string(*id);
  }
  return out;
}

std::vector<EntityChoice> choicesFromText(std::string_view text) {
  std::vector<EntityChoice> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    const auto end = comma == std::string_view::npos ? text.size() : comma;
    auto part = text.substr(start, end - start);
    while (!part.empty() && part.front() == ' ') {
      part.remove_prefix(1);
    }
    while (!part.empty() && part.back() == ' ') {
      part.remove_suffix(1);
    }
    if (!part.empty()) {
      out.push_back({std::string(part), {}});
    }
    if (comma == std::string_view::npos) {
      break;
    }
    start = comma + 1;
  }
  return out;
}

}  // namespace dossier::search
