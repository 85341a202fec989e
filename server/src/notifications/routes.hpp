#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::notifications {

// A user's notifications (spec 2 §3 "Notification"): listed, marked read one by one or all at
// once. New ones are also pushed to the user's open tabs by the realtime hub.
void registerNotificationRoutes(api::RouteTable& routes);

}  // namespace dossier::notifications
