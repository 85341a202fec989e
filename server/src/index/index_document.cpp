#include "index/index_document.hpp"

#include <algorithm>
#include <set>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <xapian.h>

#include "core/crypto.hpp"
#include "index/document_source.hpp"
#include "index/index_terms.hpp"
#include "records/records.hpp"
#include "types/document_definition.hpp"
#include "types/field_values.hpp"

namespace dossier::index {

namespace json = boost::json;
using types::EntityKind;

namespace {

// Keeps words of one field from forming a phrase with the next field's.
constexpr Xapian::termpos kFieldGap = 100;
// Bumped whenever what indexDocument writes changes, so existing indexes are rebuilt.
constexpr const char* kIndexFormat = "index-format-6";

std::string lowered(std::string_view text) {
  return Xapian::Unicode::tolower(std::string(text));
}

// Each word of text, lower-cased, as suggestion terms of the record's type.
void addSuggestionWords(Xapian::Document& document, const std::string& type,
                        std::string_view text) {
  const std::string source(text);
  std::string word;
  const auto flush = [&] {
    if (word.size() >= 2 && word.size() <= 60) {
      document.add_boolean_term(std::string(kSuggestPrefix) + type + ":" + word);
    }
    word.clear();
  };
  for (Xapian::Utf8Iterator it(source); it != Xapian::Utf8Iterator(); ++it) {
    if (Xapian::Unicode::is_wordchar(*it)) {
      Xapian::Unicode::append_utf8(word, Xapian::Unicode::tolower(*it));
    } else {
      flush();
    }
  }
  flush();
}

bool isActive(const records::Record& record, const types::EntityType& type) {
  if (record.kind == EntityKind::Person) {
    return !record.obsolete;
  }
  const auto* status = type.status(record.status);
  return status == nullptr || status->active;
}

json::object searchField(std::string key, std::string value, bool shown) {
  return json::object{
      {"key", std::move(key)}, {"value", std::move(value)}, {"displayInSearchResult", shown}};
}

}  // namespace

std::string typeKey(EntityKind kind, std::string_view ref) {
  return std::string(types::kindName(kind)) + ":" + std::string(ref);
}

std::string viewerSetOf(const std::vector<std::string>& groups) {
  std::set<std::string> sorted;
  for (const auto& group : groups) {
    sorted.insert(lowered(group));
  }
  std::string out;
  for (const auto& group : sorted) {
    out += (out.empty() ? "" : ",") + group;
  }
  return out;
}

std::string uniqueDocumentTerm(std::int64_t id) {
  return std::string(kUniquePrefix) + "document:" + std::to_string(id);
}

std::string uniqueTerm(EntityKind kind, std::int64_t id) {
  return std::string(kUniquePrefix) + types::kindName(kind) + ":" + std::to_string(id);
}

Xapian::Document indexDocument(const records::Record& record, const types::EntityType& type,
                               Xapian::TermGenerator& terms,
                               const std::vector<std::string>& otherNames) {
  Xapian::Document document;
  terms.set_document(document);
  const auto key = typeKey(record.kind, type.ref);
  const auto identifier = record.identifier();

  document.add_boolean_term(uniqueTerm(record.kind, record.id));
  document.add_boolean_term(std::string(kKindPrefix) + types::kindName(record.kind));
  document.add_boolean_term(std::string(kTypePrefix) + key);
  document.add_boolean_term(std::string(kStatusPrefix) +
                            (isActive(record, type) ? "active" : "inactive"));
  for (const auto& group : type.access.view) {
    document.add_boolean_term(std::string(kGroupPrefix) + lowered(group));
  }
  document.add_boolean_term(std::string(kViewersPrefix) + viewerSetOf(type.access.view));
  document.add_boolean_term(std::string(kIdentifierPrefix) + lowered(identifier));

  terms.index_text(record.displayName, kTitleWeight);
  terms.increase_termpos(kFieldGap);
  if (record.kind == EntityKind::Case) {
    terms.index_text(record.caseNumber, kTitleWeight);
    terms.increase_termpos(kFieldGap);
  }
  addSuggestionWords(document, key, record.displayName);
  std::string knownAs;
  for (const auto& name : otherNames) {
    terms.index_text(name, kTitleWeight);
    terms.increase_termpos(kFieldGap);
    addSuggestionWords(document, key, name);
    knownAs += (knownAs.empty() ? "" : "; ") + name;
  }

  json::array fields;
  fields.push_back(
      searchField("RowIcon", record.kind == EntityKind::Case ? "Case" : "Person", false));
  fields.push_back(searchField("Title", record.displayName, true));
  if (record.kind == EntityKind::Case) {
    fields.push_back(searchField("Case Number", record.caseNumber, true));
    const auto* status = type.status(record.status);
    fields.push_back(searchField("Status", status != nullptr ? status->name : record.status, true));
  } else {
    fields.push_back(searchField("Person Id", identifier, true));
    if (record.obsolete) {
      fields.push_back(searchField("Status", "Obsolete", true));
    }
  }
  fields.push_back(searchField("Type", type.name, true));
  if (!knownAs.empty()) {
    fields.push_back(searchField("Also known as", knownAs, true));
  }

  std::string body;
  for (const auto& field : type.fields) {
    const auto* value = record.values.if_contains(field.id);
    if (value == nullptr || value->is_null()) {
      continue;
    }
    const auto text = types::displayText(field, *value);
    if (text.empty()) {
      continue;
    }
    if (field.searchable) {
      terms.index_text(text, static_cast<Xapian::termcount>(std::max(1, field.searchWeight)));
      terms.increase_termpos(kFieldGap);
      // Extracts are cut from the other fields: the title is shown above them already.
      if (text != record.displayName) {
        body += (body.empty() ? "" : " · ") + text;
      }
    }
    const bool shownAlready = std::any_of(fields.begin(), fields.end(), [&](const auto& shown) {
      return shown.as_object().at("key").as_string() == field.label;
    });
    if (field.displayInSearchResult && !shownAlready) {
      fields.push_back(searchField(field.label, text, true));
      addSuggestionWords(document, key, text);
    }
  }

  json::object data{{"k", types::kindName(record.kind)},
                    {"i", identifier},
                    {"g", record.guid},
                    {"t", type.ref},
                    {"f", std::move(fields)},
                    {"b", std::move(body)}};
  document.set_data(json::serialize(data));
  return document;
}

namespace {

// Extracts are cut from this much of a document's text: enough for the passages people look for,
// little enough to keep the index small.
constexpr std::size_t kDocumentBodyKept = 64 * 1024;

std::string rowIcon(const DocumentSource& source) {
  if (source.extRefType == "Link") {
    return "Link";
  }
  if (source.extRefType != "Electronic") {
    return "Location";
  }
  return source.fileType.empty() ? "Document" : source.fileType;
}

}  // namespace

const Xapian::Stopper* stopperFor(const std::string& language) {
  static const char* const kWords[] = {
      "a",    "an",   "and",   "are",  "as",   "at",    "be",    "but",  "by",   "for",
      "from", "had",  "has",   "have", "he",   "her",   "his",   "i",    "if",   "in",
      "into", "is",   "it",    "its",  "of",   "on",    "or",    "our",  "she",  "so",
      "that", "the",  "their", "them", "then", "there", "these", "they", "this", "to",
      "was",  "we",   "were",  "what", "when", "which", "who",   "will", "with", "would",
      "you",  "your", "been",  "not",  "no",   "all",   "any",   "can",  "did",  "do"};
  static const Xapian::SimpleStopper english(std::begin(kWords), std::end(kWords));
  return language == "english" || language == "en" ? &english : nullptr;
}

Xapian::Document indexCaseDocument(const DocumentSource& source, const types::EntityType& caseType,
                                   const types::Catalog& catalog, Xapian::TermGenerator& terms,
                                   const std::string& language) {
  Xapian::Document document;
  terms.set_document(document);
  document.add_boolean_term(uniqueDocumentTerm(source.id));
  document.add_boolean_term(std::string(kKindPrefix) + "document");
  document.add_boolean_term(std::string(kTypePrefix) + kDocumentTypeKey);
  document.add_boolean_term(std::string(kStatusPrefix) + "active");
  document.add_boolean_term(std::string(kViewersPrefix) + viewerSetOf(caseType.access.view));
  for (const auto& group : caseType.access.view) {
    document.add_boolean_term(std::string(kGroupPrefix) + lowered(group));
  }
  if (!source.security.empty()) {
    std::vector<std::string> viewers;  // none when the group is no longer configured: hidden
    if (catalog.documents) {
      for (const auto& group : catalog.documents->securityGroups) {
        if (group.value == source.security) {
          viewers = group.viewers;
        }
      }
    }
    document.add_boolean_term(std::string(kDocumentViewersPrefix) + viewerSetOf(viewers));
  }
  document.add_boolean_term(std::string(kIdentifierPrefix) + lowered(source.guid));

  terms.index_text(source.title, kTitleWeight);
  terms.increase_termpos(kFieldGap);
  terms.index_text(source.fileName, 2);
  terms.increase_termpos(kFieldGap);
  terms.index_text(source.author);
  terms.increase_termpos(kFieldGap);
  terms.index_text(source.comments);
  terms.increase_termpos(kFieldGap);
  if (const auto* stopper = stopperFor(language)) {
    terms.set_stopper(stopper);
    terms.set_stopper_strategy(Xapian::TermGenerator::STOP_STEMMED);
  }
  terms.index_text(source.content, 1, kBodyPrefix);
  terms.set_stopper(nullptr);
  addSuggestionWords(document, kDocumentTypeKey, source.title);

  json::array fields;
  fields.push_back(searchField("RowIcon", rowIcon(source), false));
  fields.push_back(searchField("Title", source.title, true));
  fields.push_back(searchField("Case Number", source.caseNumber, true));
  fields.push_back(searchField("Document Guid", source.guid, false));
  fields.push_back(searchField(source.extRefType == "Electronic"
                                   ? "File Name"
                                   : (source.extRefType == "Link" ? "URL" : "Location"),
                               source.fileName, true));
  if (source.extRefType == "Electronic") {
    fields.push_back(searchField("Version", source.version, true));
  }
  std::string body = source.comments;
  if (!source.content.empty()) {
    body += (body.empty() ? "" : " · ") + source.content.substr(0, kDocumentBodyKept);
  }
  json::object data{
      {"k", "document"},        {"i", source.guid},
      {"g", source.guid},       {"t", source.extRefType == "Link" ? "Link" : "External"},
      {"c", source.caseNumber}, {"n", source.fileName},
      {"f", std::move(fields)}, {"b", std::move(body)}};
  document.set_data(json::serialize(data));
  return document;
}

std::string configurationFingerprint(const types::Catalog& catalog, const std::string& language) {
  json::array types;
  for (const auto& type : catalog.types) {
    json::array fields;
    for (const auto& field : type->fields) {
      json::array options;
      for (const auto& option : field.options) {
        options.push_back(json::array{json::value(option.value), json::value(option.text)});
      }
      fields.push_back(json::array{json::value(field.id), json::value(field.label),
                                   json::value(types::fieldTypeWord(field.type)),
                                   json::value(field.searchable), json::value(field.searchWeight),
                                   json::value(field.displayInSearchResult), std::move(options)});
    }
    json::array statuses;
    for (const auto& status : type->statuses) {
      statuses.push_back(json::array{json::value(status.value), json::value(status.name),
                                     json::value(status.active)});
    }
    json::array view;
    for (const auto& group : type->access.view) {
      view.push_back(json::value(group));
    }
    types.push_back(json::array{json::value(types::kindName(type->kind)), json::value(type->ref),
                                json::value(type->name), json::value(type->displayName),
                                std::move(statuses), std::move(view), std::move(fields)});
  }
  json::array security;
  if (catalog.documents) {
    for (const auto& group : catalog.documents->securityGroups) {
      json::array viewers;
      for (const auto& viewer : group.viewers) {
        viewers.push_back(json::value(viewer));
      }
      security.push_back(json::array{json::value(group.value), std::move(viewers)});
    }
  }
  return sha256Hex(json::serialize(json::array{json::value(kIndexFormat), json::value(language),
                                               std::move(types), std::move(security)}));
}

}  // namespace dossier::index
