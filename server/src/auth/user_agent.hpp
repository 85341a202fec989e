#pragma once

#include <string>
#include <string_view>

namespace dossier::auth {

// A browser's User-Agent as a person recognises it in their list of sessions: "Chrome 131 on
// Windows", "Firefox 133 on Linux", "Safari 17 on iPhone"; "Unknown browser" when it says
// nothing we know. Edge and Opera are told from the Chrome they are built on.
std::string browserOf(std::string_view userAgent);

}  // namespace dossier::auth
