#pragma once

#include <string>
#include <string_view>

#include "core/error.hpp"

namespace dossier::api {

// The 409 of a stale save: "This comment was changed by Meg Manager at … after you opened it.
// Reload it to see their changes.", with who and when as details the web app shows.
Error changedMeanwhile(const ErrorCode& code, std::string_view noun, const std::string& by,
                       const std::string& at);

}  // namespace dossier::api
