#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/changed_meanwhile.hpp"
#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/person_child.hpp"
#include "api/route.hpp"
#include "comments/routes.hpp"
#include "core/json_body.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/comments.hpp"
#include "types/rich_text.hpp"

namespace dossier::comments {

namespace json = boost::json;

namespace {

// A comment's words, at most (markup included).
constexpr std::size_t kMostHtml = 20000;

bool mayChange(const records::RecordAccess& person) {
  return !api::refusedChange(person).has_value();
}

json::object present(const records::Comment& comment, const records::RecordAccess& person) {
  return json::object{{"CommentId", comment.id},
                      {"CommentGuid", comment.guid},
                      {"OwnerType", "P"},
                      {"OwnerIdentifier", person.record.identifier()},
                      {"CommentHtml", comment.html},
                      {"CommentText", comment.text},
                      {"IsSystem", comment.isSystem},
                      {"CreatedByDisplayName", comment.createdByName},
                      {"CreatedDateTime", comment.createdAt},
                      {"ModifiedByDisplayName", comment.modifiedByName},
                      {"ModifiedDateTime", comment.modifiedAt},
                      {"AsAtDate", comment.asAt},
                      {"RowVersion", comment.rowVersion},
                      {"CanView", true},
                      {"CanModify", mayChange(person) && !comment.isSystem}};
}

// Spec 2 §2: the labels of the comment screen; created and modified are always read-only.
json::object fieldBindings(bool readOnly) {
  json::object bindings;
  for (const auto& [field, label, alwaysReadOnly] :
       {std::tuple{"CreatedDateTime", "Created On", true},
        std::tuple{"CreatedByDisplayName", "Created By", true},
        std::tuple{"ModifiedDateTime", "Modified On", true},
        std::tuple{"ModifiedByDisplayName", "Modified By", true},
        std::tuple{"AsAtDate", "As At", false}, std::tuple{"CommentHtml", "Comment", false}}) {
    bindings[field] = json::object{
        {"Label", label},
        {"Tooltip",
         std::string_view(field) == "AsAtDate" ? "When what the comment tells happened" : ""},
        {"IsReadOnly", alwaysReadOnly || readOnly},
        {"IsVisible", true}};
  }
  return bindings;
}

Result<http::Response> open(api::Context& context) {
  auto db = context.environment().db().acquire();
  auto person = api::personOfCall(*db, context, context.param("personGuid"));
  if (!person) {
    return std::move(person).error();
  }
  records::Comment comment;
  comment.ownerId = person->record.id;
  const auto guid = context.request().pathParam("commentGuid");
  if (!guid.empty()) {
    auto found = records::findComment(*db, guid);
    if (!found || found->ownerKind != types::EntityKind::Person ||
        found->ownerId != person->record.id) {
      return Error::notFound("comment.not_found", "This comment is not there any more.");
    }
    comment = std::move(*found);
  }
  const bool readOnly = !mayChange(*person) || comment.isSystem;
  return api::jsonResponse(json::object{{"Comment", present(comment, *person)},
                                        {"FieldBindings", fieldBindings(readOnly)},
                                        {"CanView", true},
                                        {"CanModify", !readOnly},
                                        {"PersonDisplayName", person->record.displayName}});
}

Result<http::Response> list(api::Context& context) {
  auto db = context.environment().db().acquire();
  auto person = api::personOfCall(*db, context, context.param("personGuid"));
  if (!person) {
    return std::move(person).error();
  }
  json::array items;
  for (const auto& comment :
       records::commentsOf(*db, types::EntityKind::Person, person->record.id)) {
    items.push_back(present(comment, *person));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"canModify", mayChange(*person)}});
}

// "2026-11-24" or "2026-11-24T15:30:00Z" (seconds and zone optional): the As At of a comment,
// stored as UTC; empty means now.
std::optional<std::string> asAtOf(const std::string& text) {
  if (text.empty()) {
    return std::string();
  }
  if (text.size() == 10) {
    if (const auto day = parseIsoTime(text + "T00:00:00Z")) {
      return formatIsoTime(*day);
    }
    return std::nullopt;
  }
  auto full = text;
  if (full.size() == 16) {
    full += ":00";
  }
  if (full.back() != 'Z' && full.find('+', 10) == std::string::npos) {
    full += "Z";
  }
  if (const auto time = parseIsoTime(full)) {
    return formatIsoTime(*time);
  }
  return std::nullopt;
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  const auto* detailsValue = body->if_contains("commentDetails");
  if (detailsValue == nullptr || !detailsValue->is_object()) {
    return Error::badRequest("request.invalid",
                             "The body must hold the comment in 'commentDetails'.");
  }
  const auto& details = detailsValue->as_object();
  std::string owner;
  std::string guid;
  std::string html;
  std::string asAtText;
  for (auto [key, target] :
       {std::pair{"OwnerIdentifier", &owner}, std::pair{"CommentGuid", &guid},
        std::pair{"CommentHtml", &html}, std::pair{"AsAtDateString", &asAtText}}) {
    auto text = optionalStringField(details, key);
    if (!text) {
      return std::move(text).error();
    }
    *target = text->value_or("");
  }
  std::map<std::string, std::string> problems;
  records::Comment submitted;
  if (html.size() > kMostHtml) {
    problems["CommentHtml"] = "At most " + std::to_string(kMostHtml) + " characters";
  } else {
    submitted.html = types::sanitizeRichText(html);
    submitted.text = types::richTextToPlain(submitted.html);
    if (submitted.text.find_first_not_of(" \t\r\n") == std::string::npos) {
      problems["CommentHtml"] = "Required";
    }
  }
  const auto asAt = asAtOf(asAtText);
  if (!asAt) {
    problems["AsAtDate"] = "Not a date and time";
  } else {
    submitted.asAt = *asAt;
  }
  if (!problems.empty()) {
    auto error = Error::badRequest("comment.invalid", problems.contains("CommentHtml")
                                                          ? "Write the comment first."
                                                          : "The As At date is not a date.");
    error.fieldErrors = std::move(problems);
    return error;
  }
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto person = api::personOfCall(*db, context, owner);
  if (!person) {
    return std::move(person).error();
  }
  if (auto refused = api::refusedChange(*person)) {
    return std::move(*refused);
  }
  const auto actor = api::actorOf(context.session());
  const auto now = Clock::now();
  submitted.ownerKind = types::EntityKind::Person;
  submitted.ownerId = person->record.id;
  bool changed = true;
  if (guid.empty()) {
    records::addComment(*db, submitted, actor, now);
  } else {
    auto stored = records::findComment(*db, guid);
    if (!stored || stored->ownerId != person->record.id ||
        stored->ownerKind != types::EntityKind::Person) {
      return Error::notFound("comment.not_found", "This comment is not there any more.");
    }
    if (stored->isSystem) {
      return Error::conflict("comment.system",
                             "This comment was written by Dossier itself and cannot be changed.");
    }
    const auto* version = details.if_contains("RowVersion");
    if (version == nullptr || !version->is_int64()) {
      return Error::badRequest("request.invalid",
                               "Saving a comment needs the RowVersion it was opened at.");
    }
    if (version->get_int64() != stored->rowVersion) {
      return api::changedMeanwhile("comment.changed", "comment", stored->modifiedByName,
                                   stored->modifiedAt);
    }
    if (submitted.asAt.empty()) {
      submitted.asAt = stored->asAt;
    }
    changed = submitted.html != stored->html || submitted.asAt != stored->asAt;
    submitted.id = stored->id;
    submitted.guid = stored->guid;
    submitted.createdByName = stored->createdByName;
    submitted.createdAt = stored->createdAt;
    submitted.modifiedByName = stored->modifiedByName;
    submitted.modifiedAt = stored->modifiedAt;
    submitted.rowVersion = stored->rowVersion;
    if (changed) {
      records::updateComment(*db, submitted, stored->rowVersion, actor, now);
    }
  }
  transaction.commit();
  return api::jsonResponse(json::object{{"success", true},
                                        {"errorMessage", ""},
                                        {"primaryKey", submitted.guid},
                                        {"changed", changed},
                                        {"Comment", present(submitted, *person)}});
}

Result<http::Response> remove(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto guid = stringField(*body, "commentGuid");
  if (!guid) {
    return std::move(guid).error();
  }
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  const auto stored = records::findComment(*db, *guid);
  const auto notThere = Error::notFound("comment.not_found", "This comment is not there any more.");
  if (!stored || stored->ownerKind != types::EntityKind::Person) {
    return notThere;
  }
  auto person = api::personOfCall(*db, context, std::to_string(stored->ownerId));
  if (!person) {
    return notThere;
  }
  if (auto refused = api::refusedChange(*person)) {
    return std::move(*refused);
  }
  if (stored->isSystem) {
    return Error::conflict("comment.system",
                           "This comment was written by Dossier itself and cannot be removed.");
  }
  records::removeComment(*db, *stored, api::actorOf(context.session()), Clock::now());
  transaction.commit();
  return api::jsonResponse(json::object{{"success", true}});
}

}  // namespace

void registerCommentRoutes(api::RouteTable& routes) {
  routes.add({.method = "POST", .path = "/api/{env}/persondata/comment/save", .handler = save});
  routes.add({.method = "POST", .path = "/api/{env}/persondata/comment/delete", .handler = remove});
  routes.add(
      {.method = "GET", .path = "/api/{env}/persondata/{personGuid}/comments", .handler = list});
  routes.add(
      {.method = "POST", .path = "/api/{env}/persondata/{personGuid}/comment", .handler = open});
  routes.add({.method = "POST",
              .path = "/api/{env}/persondata/{personGuid}/comment/{commentGuid}",
              .handler = open});
}

}  // namespace dossier::comments
