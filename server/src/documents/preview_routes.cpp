#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/json_body.hpp"
#include "db/pool.hpp"
#include "documents/document_access.hpp"
#include "documents/downloads.hpp"
#include "documents/preview.hpp"
#include "documents/request_fields.hpp"
#include "documents/route_groups.hpp"
#include "environments/environment.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

// POST /documentpreview (spec 2 §7). A document the person may not see is answered canView false
// with the spec's message — but only when they may see its case; otherwise it is not there.
Result<http::Response> preview(api::Context& context) {
  auto target = documentTarget(context);
  if (!target) {
    return std::move(target).error();
  }
  const auto& caseNumber = target->caseNumber;
  const auto& documentId = target->documentId;
  auto& environment = context.environment();
  const auto& catalog = environment.catalog();
  if (!catalog.documents) {
    return documentsNotKept();
  }
  const auto& session = context.session();
  auto db = environment.db().acquire();
  auto parent = visibleCase(*db, catalog, caseNumber, session.username);
  if (!parent) {
    return std::move(parent).error();
  }
  auto document = findDocument(*db, parent->record.id, documentId);
  if (!document) {
    return documentNotFound(caseNumber, documentId);
  }
  const auto access =
      accessTo(catalog, std::move(*parent), std::move(*document), session.userId, session.username);
  if (!access.canView) {
    return api::jsonResponse(
        json::object{{"canView", false},
                     {"loadStatus", "NoPermission"},
                     {"message", "You do not have permission to view this Document."},
                     {"htmlContent", ""}});
  }
  std::string viewUrl;
  const auto& stored = access.document;
  if (stored.current && viewerFor(stored.extRefType, stored.current->fileType) != Viewer::Text) {
    const auto token = issueDownloadToken(*db, stored.current->id, session.userId, Clock::now());
    viewUrl = "/api/" + environment.key() + "/documentdownload/" + token + "?view=1";
  }
  return api::jsonResponse(documentPreview(*db, access, viewUrl));
}

}  // namespace

void registerPreviewRoutes(api::RouteTable& routes) {
  routes.add({.method = "POST", .path = "/api/{env}/documentpreview", .handler = preview});
}

}  // namespace dossier::documents
