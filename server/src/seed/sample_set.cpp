#include "seed/sample_set.hpp"

#include "core/config_errors.hpp"
#include "core/yaml_reader.hpp"
#include "seed/errors.hpp"

namespace dossier::seed {

namespace json = boost::json;
using types::EntityKind;

namespace {

// "cases[2].documents[0]": where an item of a list is.
std::string pathOf(const YamlReader& item) {
  auto path = item.pathOf("");
  if (!path.empty() && path.back() == '.') {
    path.pop_back();
  }
  return path;
}

// {person: key} or {case: key}, one of the two.
std::optional<SampleReference> referenceOf(YamlReader& item, bool required) {
  const auto person = item.string("person");
  const auto caseKey = item.string("case");
  if (!person.empty() && !caseKey.empty()) {
    item.error("person", "name a person or a case, not both");
    return std::nullopt;
  }
  if (person.empty() && caseKey.empty()) {
    if (required) {
      item.error("person", "name the sample it is: person: <key> or case: <key>");
    }
    return std::nullopt;
  }
  return person.empty() ? SampleReference{EntityKind::Case, caseKey}
                        : SampleReference{EntityKind::Person, person};
}

json::object objectAt(YamlReader& item, std::string_view key) {
  auto value = item.json(key);
  if (value.is_object()) {
    return std::move(value.as_object());
  }
  if (!value.is_null()) {
    item.error(key, "must be a mapping of field ids and values");
  }
  return {};
}

SampleDocument readDocument(YamlReader& item) {
  item.allowOnly({"title", "file", "versions", "link", "location", "author", "createDate",
                  "comments", "folder", "category", "security", "portalCategory", "fields",
                  "checkedOutBy"});
  SampleDocument document;
  document.path = pathOf(item);
  auto& properties = document.properties;
  properties = objectAt(item, "fields");
  for (const auto& [key, property] :
       {std::pair{"title", "Title"}, std::pair{"author", "Author"},
        std::pair{"createDate", "CreateDate"}, std::pair{"comments", "Comments"},
        std::pair{"folder", "Folder"}, std::pair{"category", "Category"},
        std::pair{"security", "Security"}, std::pair{"portalCategory", "PortalCategory"}}) {
    if (item.has(key)) {
      properties[property] = item.string(key);
    }
  }
  const auto file = item.string("file");
  const auto link = item.string("link");
  const auto location = item.string("location");
  const int kinds = (file.empty() ? 0 : 1) + (item.has("versions") ? 1 : 0) +
                    (link.empty() ? 0 : 1) + (location.empty() ? 0 : 1);
  if (kinds != 1) {
    item.error("file",
               "a document is one of: file (a file of the environment's folder), versions (its "
               "files, oldest first), link (a web address) or location (where a paper file is)");
  }
  if (!file.empty()) {
    document.versions.push_back({file, "", false});
  }
  item.list("versions", [&](YamlReader& version, std::size_t) {
    version.allowOnly({"file", "comments", "major"});
    document.versions.push_back({version.requiredString("file"), version.string("comments"),
                                 version.boolean("major", false)});
  });
  if (!link.empty()) {
    properties["ExtRefType"] = "Link";
    properties["ExtRefFilename"] = link;
  } else if (!location.empty()) {
    properties["ExtRefType"] = "Location";
    properties["ExtRefFilename"] = location;
  } else {
    properties["ExtRefType"] = "Electronic";
  }
  document.checkedOutBy = item.string("checkedOutBy");
  if (!document.checkedOutBy.empty() && document.versions.empty()) {
    item.error("checkedOutBy", "only a file can be checked out");
  }
  return document;
}

void readRecordParts(YamlReader& item, SampleRecord& record) {
  item.list("alternateNames", [&](YamlReader& name, std::size_t) {
    name.allowOnly({"firstName", "middleNames", "surname", "displayName", "explanation"});
    record.alternateNames.push_back({name.string("firstName"), name.string("middleNames"),
                                     name.string("surname"), name.string("displayName"),
                                     name.string("explanation"), pathOf(name)});
  });
  item.list("comments", [&](YamlReader& comment, std::size_t) {
    comment.allowOnly({"text", "asAt"});
    record.comments.push_back(
        {comment.requiredString("text"), comment.string("asAt"), pathOf(comment)});
  });
  item.list("roles", [&](YamlReader& role, std::size_t) {
    role.allowOnly({"role", "person", "case"});
    const auto code = role.requiredString("role");
    if (auto holder = referenceOf(role, true)) {
      record.roles.push_back({code, *holder, pathOf(role)});
    }
  });
  item.list("crossReferences", [&](YamlReader& link, std::size_t) {
    link.allowOnly({"case", "comments"});
    record.crossReferences.push_back(
        {link.requiredString("case"), link.string("comments"), pathOf(link)});
  });
  item.list("actions", [&](YamlReader& action, std::size_t) {
    action.allowOnly({"type", "values", "concerns"});
    record.actions.push_back({action.requiredString("type"), objectAt(action, "values"),
                              action.stringList("concerns"), pathOf(action)});
  });
  item.list("documents", [&](YamlReader& document, std::size_t) {
    record.documents.push_back(readDocument(document));
  });
  item.list("tasks", [&](YamlReader& task, std::size_t) {
    task.allowOnly({"task", "done"});
    record.tasks.push_back({task.requiredString("task"), task.stringList("done"), pathOf(task)});
  });
}

}  // namespace

Result<SampleSet> readSamples(const std::filesystem::path& file) {
  ConfigErrors errors;
  auto root = YamlReader::loadFile(file, file.string(), errors);
  SampleSet samples;
  if (root) {
    root->allowOnly({"persons", "cases", "notifications"});
    for (const auto& [section, kind] :
         {std::pair{"persons", EntityKind::Person}, std::pair{"cases", EntityKind::Case}}) {
      root->list(section, [&, kind = kind](YamlReader& item, std::size_t) {
        if (kind == EntityKind::Person) {
          item.allowOnly({"key", "type", "values", "user", "alternateNames", "comments", "roles"});
        } else {
          item.allowOnly({"key", "type", "values", "roles", "crossReferences", "actions",
                          "documents", "tasks"});
        }
        SampleRecord record;
        record.kind = kind;
        record.key = item.requiredString("key");
        record.typeRef = item.requiredString("type");
        record.values = objectAt(item, "values");
        record.user = kind == EntityKind::Person ? item.string("user") : std::string();
        record.path = pathOf(item);
        readRecordParts(item, record);
        samples.records.push_back(std::move(record));
      });
    }
    root->list("notifications", [&](YamlReader& item, std::size_t) {
      item.allowOnly({"user", "type", "source", "message", "person", "case"});
      SampleNotification notification;
      notification.user = item.requiredString("user");
      notification.type = item.string("type", "info");
      notification.source = item.string("source", "task");
      notification.message = item.requiredString("message");
      notification.about = referenceOf(item, false);
      notification.path = pathOf(item);
      if (notification.source != "role" && notification.source != "macro" &&
          notification.source != "task") {
        item.error("source", "what it comes from: role, macro or task");
      }
      samples.notifications.push_back(std::move(notification));
    });
  }
  if (!errors.empty()) {
    return Error::of(errors::kSamplesInvalid,
                     "The sample records cannot be read:\n" + errors.describe());
  }
  return samples;
}

}  // namespace dossier::seed
