#pragma once

namespace dossier::api {
class RouteTable;
class Services;
}  // namespace dossier::api

namespace dossier::reports {

// The reporting area (spec 1 §1–2, spec 2 "Report panel", §3 "Report data", §7 POST
// /reports/report and /reports/export): the reports a person may run, each run or exported as
// that person, or filed in a case through the services' document filer.
void registerReportRoutes(api::RouteTable& routes, const api::Services& services);
// A person's reports sent by e-mail on a schedule (/reports/schedules).
void registerScheduleRoutes(api::RouteTable& routes);

}  // namespace dossier::reports
