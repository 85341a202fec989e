#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/child_records.hpp"
#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "comments/comment_service.hpp"
#include "comments/routes.hpp"
#include "core/json_body.hpp"

namespace dossier::comments {

namespace json = boost::json;

namespace {

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
                      {"CanModify", mayChangeComment(comment, person)}};
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
  auto opened = openComment(context.environment(), context.session(), context.param("personGuid"),
                            context.request().pathParam("commentGuid"));
  if (!opened) {
    return std::move(opened).error();
  }
  const bool canModify = mayChangeComment(opened->child, opened->parent);
  return api::jsonResponse(json::object{{"Comment", present(opened->child, opened->parent)},
                                        {"FieldBindings", fieldBindings(!canModify)},
                                        {"CanView", true},
                                        {"CanModify", canModify},
                                        {"PersonDisplayName", opened->parent.record.displayName}});
}

Result<http::Response> list(api::Context& context) {
  auto found =
      commentsOfPerson(context.environment(), context.session(), context.param("personGuid"));
  if (!found) {
    return std::move(found).error();
  }
  json::array items;
  for (const auto& comment : found->comments) {
    items.push_back(present(comment, found->person));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"canModify", api::mayChange(found->person)}});
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto details = api::detailsOf(*body, "commentDetails", "comment");
  if (!details) {
    return std::move(details).error();
  }
  CommentDraft draft;
  if (auto bad = api::readTexts(*details, {{"OwnerIdentifier", &draft.ownerReference},
                                           {"CommentGuid", &draft.guid},
                                           {"CommentHtml", &draft.html},
                                           {"AsAtDateString", &draft.asAt}})) {
    return std::move(*bad);
  }
  draft.rowVersion = api::versionOf(*details, "RowVersion");
  auto saved = saveComment(context.environment(), context.session(), draft, Clock::now());
  if (!saved) {
    return std::move(saved).error();
  }
  return api::childSaved(saved->child.guid, saved->changed,
                         {{"Comment", present(saved->child, saved->parent)}});
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
  auto removed = removeComment(context.environment(), context.session(), *guid, Clock::now());
  if (!removed) {
    return std::move(removed).error();
  }
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
