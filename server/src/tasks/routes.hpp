#pragma once

namespace dossier::api {
class RouteTable;
class Services;
}  // namespace dossier::api

namespace dossier::tasks {

// The tasks run on a record (spec 2 "Task bar", §3 "Task", §4 "Task run state"): listed with each
// step's state, started, a step run, cancelled. A step saves the records and files the documents it
// makes through services, which must outlive the routes.
void registerTaskRoutes(api::RouteTable& routes, const api::Services& services);

}  // namespace dossier::tasks
