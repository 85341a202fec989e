#include "auth/user_agent.hpp"

#include <array>
#include <cctype>
#include <utility>

namespace dossier::auth {

namespace {

// The major version after `token` ("Chrome/131.0.0.0" → "131"); empty when absent.
std::string versionAfter(std::string_view userAgent, std::string_view token) {
  const auto at = userAgent.find(token);
  if (at == std::string_view::npos) {
    return {};
  }
  std::string version;
  for (auto i = at + token.size();
       i < userAgent.size() && std::isdigit(static_cast<unsigned char>(userAgent[i])) != 0; ++i) {
    version += userAgent[i];
  }
  return version;
}

std::string systemOf(std::string_view userAgent) {
  // Order matters: an iPhone's says "like Mac OS X", Android's says Linux.
  constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kSystems{{
      {"iPhone", "iPhone"},
      {"iPad", "iPad"},
      {"Android", "Android"},
      {"Windows", "Windows"},
      {"Mac OS X", "macOS"},
      {"CrOS", "ChromeOS"},
      {"Linux", "Linux"},
      {"X11", "Linux"},
  }};
  for (const auto& [token, name] : kSystems) {
    if (userAgent.find(token) != std::string_view::npos) {
      return std::string(name);
    }
  }
  return {};
}

}  // namespace

std::string browserOf(std::string_view userAgent) {
  constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kBrowsers{{
      {"Edg/", "Edge"},
      {"OPR/", "Opera"},
      {"Firefox/", "Firefox"},
      {"FxiOS/", "Firefox"},
      {"CriOS/", "Chrome"},
      {"Chrome/", "Chrome"},
      {"Version/", "Safari"},
  }};
  std::string browser;
  for (const auto& [token, name] : kBrowsers) {
    if (userAgent.find(token) != std::string_view::npos) {
      const auto version = versionAfter(userAgent, token);
      browser = std::string(name) + (version.empty() ? "" : " " + version);
      break;
    }
  }
  const auto system = systemOf(userAgent);
  if (browser.empty()) {
    return system.empty() ? "Unknown browser" : "A browser on " + system;
  }
  return system.empty() ? browser : browser + " on " + system;
}

}  // namespace dossier::auth
