#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/errors.hpp"
#include "core/json_body.hpp"
#include "documents/document_actions.hpp"
#include "documents/request_fields.hpp"
#include "documents/route_groups.hpp"
#include "documents/versions.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

// What a change leaves, for the screen to show without reloading everything.
http::Response stateOf(const DocumentAccess& access) {
  const auto& document = access.document;
  return api::jsonResponse(json::object{
      {"success", true},
      {"rowVersion", document.rowVersion},
      {"version", versionLabel({document.major, document.minor})},
      {"checkedOutBy", document.checkedOut() ? json::value(document.checkedOutByName) : nullptr},
      {"checkedOutByMe", access.checkedOutByMe}});
}

template <typename Action>
Result<http::Response> run(api::Context& context, Action&& action) {
  auto target = documentTarget(context);
  if (!target) {
    return std::move(target).error();
  }
  auto done = action(*target);
  if (!done) {
    return std::move(done).error();
  }
  return stateOf(*done);
}

Result<http::Response> checkOutRoute(api::Context& context) {
  return run(context, [&](const DocumentTarget& target) {
    return checkOut(context.environment(), context.session(), target.caseNumber, target.documentId);
  });
}

Result<http::Response> undoCheckOutRoute(api::Context& context) {
  return run(context, [&](const DocumentTarget& target) {
    return undoCheckOut(context.environment(), context.session(), target.caseNumber,
                        target.documentId);
  });
}

Result<http::Response> checkInRoute(api::Context& context) {
  return run(context, [&](const DocumentTarget& target) -> Result<DocumentAccess> {
    CheckIn request;
    auto upload = optionalStringField(target.body, "uploadId");
    if (!upload) {
      return std::move(upload).error();
    }
    if (*upload && !(*upload)->empty()) {
      request.uploadId = **upload;
    }
    if (const auto* major = target.body.if_contains("incrementMajorVersion");
        major != nullptr && major->is_bool()) {
      request.incrementMajorVersion = major->get_bool();
    }
    auto comments = optionalStringField(target.body, "versionComments");
    if (!comments) {
      return std::move(comments).error();
    }
    request.versionComments = comments->value_or("");
    if (const auto* properties = target.body.if_contains("documentPropertiesData");
        properties != nullptr && properties->is_object()) {
      request.properties = properties->get_object();
    }
    if (const auto* version = target.body.if_contains("rowVersion");
        version != nullptr && version->is_int64()) {
      request.rowVersion = version->get_int64();
    }
    return checkIn(context.environment(), context.session(), target.caseNumber, target.documentId,
                   request);
  });
}

Result<http::Response> revertRoute(api::Context& context) {
  return run(context, [&](const DocumentTarget& target) -> Result<DocumentAccess> {
    const auto* version = target.body.if_contains("versionId");
    if (version == nullptr || !version->is_int64()) {
      return std::move(Error::of(core::errors::kMissingField,
                                 "The field 'versionId' (a history row's "
                                 "CaseextrefHistoryID) is missing."))
          .withField("versionId", "Required");
    }
    auto comments = optionalStringField(target.body, "versionComments");
    if (!comments) {
      return std::move(comments).error();
    }
    return revertToVersion(context.environment(), context.session(), target.caseNumber,
                           target.documentId, version->get_int64(), comments->value_or(""));
  });
}

}  // namespace

void registerVersionRoutes(api::RouteTable& routes) {
  routes.add({.method = "POST",
              .path = "/api/{env}/DocumentProperties/CheckOut",
              .handler = checkOutRoute});
  routes.add({.method = "POST",
              .path = "/api/{env}/DocumentProperties/UndoCheckOut",
              .handler = undoCheckOutRoute});
  routes.add(
      {.method = "POST", .path = "/api/{env}/DocumentProperties/CheckIn", .handler = checkInRoute});
  routes.add({.method = "POST",
              .path = "/api/{env}/DocumentProperties/RevertVersion",
              .handler = revertRoute});
}

}  // namespace dossier::documents
