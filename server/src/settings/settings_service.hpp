#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "config/environment_config.hpp"

namespace dossier::settings {

// What the web app is told of an environment, all of it read from its configuration.

// chromesettings (spec 1 §2): branding images as base64, their descriptions, help file, screen
// sizes, verbose messages, the server's version and the environment's name.
boost::json::object chromeSettings(const config::EnvironmentConfig& config);

// environmentsettings: how one may sign in — which methods are on, the default, one login option
// per method (one per app registration for Azure) — time-outs, maps key, date format, name.
boost::json::object environmentSettings(const config::EnvironmentConfig& config);

// The menu as menu.yaml lists it: each item with its path, icon, whether it is disabled and its
// sub-items.
boost::json::array menuItems(const config::EnvironmentConfig& config);

}  // namespace dossier::settings
