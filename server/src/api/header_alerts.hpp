#pragma once

#include <string_view>
#include <vector>

#include <boost/json/array.hpp>

#include "sandbox/lua_sandbox.hpp"

namespace dossier::api {

// Spec 1 §3's header alerts of what macros asked for (dossier.alert): reference (prefix and a
// number), message, type, closable, durationInSeconds (0: until closed).
boost::json::array headerAlertsJson(const std::vector<sandbox::MacroNotice>& alerts,
                                    std::string_view referencePrefix);

}  // namespace dossier::api
