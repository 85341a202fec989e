#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::auth {

void registerSignInRoutes(api::RouteTable& routes);
// Sign-in with a cloud directory (directory_sign_in.hpp).
void registerDirectorySignInRoutes(api::RouteTable& routes);
// The proof-of-work challenges sign-in and change password may ask for.
void registerBotCheckRoutes(api::RouteTable& routes);
// The second step of a sign-in with two-factor verification, and its setup.
void registerTwoFactorRoutes(api::RouteTable& routes);
void registerChangePasswordRoutes(api::RouteTable& routes);
void registerCurrentUserRoutes(api::RouteTable& routes);
// A person's own open sessions: listed, one ended, or all but this one.
void registerSessionListRoutes(api::RouteTable& routes);

}  // namespace dossier::auth
