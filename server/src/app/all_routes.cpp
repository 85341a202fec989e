#include "app/all_routes.hpp"

#include "alternatenames/routes.hpp"
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
#include "reports/routes.hpp"
#include "roles/routes.hpp"
#include "search/routes.hpp"
#include "settings/routes.hpp"
#include "tasks/routes.hpp"

namespace dossier::app {

api::Services featureServices() {
  return api::Services(forms::createRequested, documents::fileGenerated);
}

api::RouteTable allRoutes(const api::Services& services) {
  api::RouteTable routes;
  settings::registerSettingsRoutes(routes);
  auth::registerSignInRoutes(routes);
  auth::registerDirectorySignInRoutes(routes);
  auth::registerTwoFactorRoutes(routes);
  auth::registerBotCheckRoutes(routes);
  auth::registerChangePasswordRoutes(routes);
  auth::registerCurrentUserRoutes(routes);
  auth::registerSessionListRoutes(routes);
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
  reports::registerReportRoutes(routes, services);
  reports::registerScheduleRoutes(routes);
  tasks::registerTaskRoutes(routes, services);
  return routes;
}

}  // namespace dossier::app
