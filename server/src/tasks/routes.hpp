#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::tasks {

// The tasks run on a record (spec 2 "Task bar", §3 "Task", §4 "Task run state"): listed with each
// step's state, started, a step run, cancelled.
void registerTaskRoutes(api::RouteTable& routes);

}  // namespace dossier::tasks
