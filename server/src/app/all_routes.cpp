#include "app/all_routes.hpp"

#include "alternatenames/routes.hpp"
#include "api/created_records.hpp"
#include "api/generated_documents.hpp"
#include "auth/routes.hpp"
#include "caseactions/routes.hpp"
#include "comments/routes.hpp"
#include "crossreferences/routes.hpp"
#include "documents/document_actions.hpp"
#include "documents/routes.hpp"
#include "forms/form_save.hpp"
#include "forms/routes.hpp"
#include "history/routes.hpp"
#include "home/routes.hpp"
#include "notifications/routes.hpp"
#include "preview/routes.hpp"
#include "roles/routes.hpp"
#include "search/routes.hpp"
#include "settings/routes.hpp"
#include "tasks/routes.hpp"

namespace dossier::app {

api::RouteTable allRoutes() {
  api::RouteTable routes;
  settings::registerSettingsRoutes(routes);
  auth::registerSignInRoutes(routes);
  auth::registerChangePasswordRoutes(routes);
  auth::registerCurrentUserRoutes(routes);
  home::registerHomeRoutes(routes);
  forms::registerFormRoutes(routes);
  history::registerHistoryRoutes(routes);
  preview::registerPreviewRoutes(routes);
  documents::registerDocumentRoutes(routes);
  roles::registerRoleRoutes(routes);
  alternatenames::registerAlternateNameRoutes(routes);
  comments::registerCommentRoutes(routes);
  crossreferences::registerCrossReferenceRoutes(routes);
  caseactions::registerCaseActionRoutes(routes);
  search::registerSearchRoutes(routes);
  search::registerSearchSetupRoutes(routes);
  notifications::registerNotificationRoutes(routes);
  tasks::registerTaskRoutes(routes);
  // A task's generated documents are filed by the documents feature (api/generated_documents.hpp).
  api::setDocumentFiler(documents::fileGenerated);
  // The records a task step's macro makes are saved by the forms feature
  // (api/created_records.hpp).
  api::setRecordCreator(forms::createRequested);
  return routes;
}

}  // namespace dossier::app
