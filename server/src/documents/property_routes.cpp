#include <boost/json/array.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/errors.hpp"
#include "core/json_body.hpp"
#include "db/pool.hpp"
#include "documents/document_actions.hpp"
#include "documents/errors.hpp"
#include "documents/properties.hpp"
#include "documents/request_fields.hpp"
#include "documents/route_groups.hpp"
#include "environments/environment.hpp"
#include "records/case_actions.hpp"
#include "records/errors.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

// The documents of a case the person may see, for the case form's documents grid.
Result<http::Response> list(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto& environment = context.environment();
  const auto& catalog = environment.catalog();
  if (!catalog.documents) {
    return documentsNotKept();
  }
  const auto& session = context.session();
  auto db = environment.db().acquire();
  auto parent = visibleCase(*db, catalog, *caseNumber, session.username);
  if (!parent) {
    return std::move(parent).error();
  }
  // An action's documents, when one is named (the caseaction/{id} screens).
  std::optional<std::int64_t> actionId;
  if (const auto actionGuid = context.request().queryValue("actionGuid");
      actionGuid && !actionGuid->empty()) {
    const auto action = records::findAction(*db, *actionGuid);
    if (!action || action->caseId != parent->record.id) {
      return Error::of(records::errors::kCaseactionNotFound, "This action is not there any more.");
    }
    actionId = action->id;
  }
  json::array rows;
  for (auto& document : documentsOfCase(*db, parent->record.id)) {
    if (actionId && document.actionId != actionId) {
      continue;
    }
    auto access = accessTo(catalog, *parent, std::move(document), session.userId, session.username);
    if (access.canView) {
      rows.push_back(documentRow(access));
    }
  }
  return api::jsonResponse(json::object{{"caseNumber", parent->record.caseNumber},
                                        {"canAdd", parent->access.canModify},
                                        {"documents", std::move(rows)}});
}

// GET /DocumentProperties/Data (spec 2 §7).
Result<http::Response> data(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto guid = context.requiredQuery("documentGuid");
  if (!guid) {
    return std::move(guid).error();
  }
  auto& environment = context.environment();
  if (!environment.catalog().documents) {
    return documentsNotKept();
  }
  const auto& session = context.session();
  auto db = environment.db().acquire();
  auto access = documentAccess(*db, environment.catalog(), *caseNumber, *guid, session.userId,
                               session.username);
  if (!access) {
    return std::move(access).error();
  }
  return api::jsonResponse(documentData(*access, versionsOf(*db, access->document.id)));
}

Result<std::vector<std::string>> uploadIdsOf(const json::object& properties) {
  std::vector<std::string> ids;
  const auto* uploads = properties.if_contains("uploads");
  if (uploads == nullptr || uploads->is_null()) {
    return ids;
  }
  if (!uploads->is_array()) {
    return Error::of(errors::kFieldType, "The field 'uploads' must be a list of upload ids.");
  }
  for (const auto& id : uploads->get_array()) {
    if (!id.is_string() || id.get_string().empty()) {
      return Error::of(errors::kFieldType, "The field 'uploads' must be a list of upload ids.");
    }
    ids.emplace_back(id.get_string());
  }
  if (ids.size() > 100) {
    return Error::of(errors::kTooManyFiles,
                     "At most 100 files can be added at once; add the rest after.");
  }
  return ids;
}

// POST /DocumentProperties/updateDocumentProperties (spec 2 §7): a new document (no documentId)
// or an existing one's properties.
Result<http::Response> update(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto caseNumber = requiredText(*body, "caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto documentId = optionalStringField(*body, "documentId");
  if (!documentId) {
    return std::move(documentId).error();
  }
  const auto* properties = body->if_contains("documentPropertiesData");
  if (properties == nullptr || !properties->is_object()) {
    return std::move(Error::of(core::errors::kMissingField,
                               "The field 'documentPropertiesData' is missing."))
        .withField("documentPropertiesData", "Required");
  }
  auto& environment = context.environment();
  const auto& session = context.session();
  if (!documentId->has_value() || (*documentId)->empty()) {
    auto uploads = uploadIdsOf(properties->get_object());
    if (!uploads) {
      return std::move(uploads).error();
    }
    auto actionGuid = optionalStringField(*body, "actionGuid");
    if (!actionGuid) {
      return std::move(actionGuid).error();
    }
    const auto fromAction = actionGuid->value_or("");
    auto added = addDocuments(environment, session, *caseNumber, properties->get_object(), *uploads,
                              {.actionGuid = fromAction, .report = std::nullopt});
    if (!added) {
      return std::move(added).error();
    }
    json::array guids;
    for (const auto& guid : *added) {
      guids.push_back(json::value(guid));
    }
    return api::jsonResponse(
        json::object{{"success", true}, {"errorMessage", nullptr}, {"documentIds", guids}}, 201);
  }
  std::optional<std::int64_t> rowVersion;
  if (const auto* given = body->if_contains("rowVersion"); given != nullptr && given->is_int64()) {
    rowVersion = given->get_int64();
  }
  auto saved = saveProperties(environment, session, *caseNumber, **documentId,
                              properties->get_object(), rowVersion);
  if (!saved) {
    return std::move(saved).error();
  }
  return api::jsonResponse(json::object{{"success", true},
                                        {"errorMessage", nullptr},
                                        {"documentIds", json::array{json::value(**documentId)}},
                                        {"rowVersion", saved->document.rowVersion}});
}

// POST /DocumentProperties/RenameDocumentFile (spec 2 §7).
Result<http::Response> rename(api::Context& context) {
  auto target = documentTarget(context);
  if (!target) {
    return std::move(target).error();
  }
  const auto* data = target->body.if_contains("renameDocumentFileData");
  if (data == nullptr || !data->is_object()) {
    return std::move(Error::of(core::errors::kMissingField,
                               "The field 'renameDocumentFileData' is missing."))
        .withField("renameDocumentFileData", "Required");
  }
  auto fileName = stringField(data->get_object(), "fileName");
  if (!fileName) {
    return std::move(fileName).error();
  }
  auto renamed = renameFile(context.environment(), context.session(), target->caseNumber,
                            target->documentId, *fileName);
  if (!renamed) {
    return std::move(renamed).error();
  }
  return api::jsonResponse(json::object{{"result", true},
                                        {"fileName", renamed->document.extRefFilename},
                                        {"rowVersion", renamed->document.rowVersion}});
}

Result<http::Response> remove(api::Context& context) {
  auto target = documentTarget(context);
  if (!target) {
    return std::move(target).error();
  }
  if (auto removed = deleteDocument(context.environment(), context.session(), target->caseNumber,
                                    target->documentId);
      !removed) {
    return std::move(removed).error();
  }
  return api::noContent();
}

}  // namespace

void registerPropertyRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/DocumentProperties/List",
              .handler = list,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/DocumentProperties/Data",
              .handler = data,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/DocumentProperties/updateDocumentProperties",
              .handler = update});
  routes.add({.method = "POST",
              .path = "/api/{env}/DocumentProperties/RenameDocumentFile",
              .handler = rename});
  routes.add({.method = "POST", .path = "/api/{env}/DocumentProperties/Delete", .handler = remove});
}

}  // namespace dossier::documents
