#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::comments {

// The comments kept on a person (spec 2 "Comment details").
void registerCommentRoutes(api::RouteTable& routes);

}  // namespace dossier::comments
