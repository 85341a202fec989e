#include "db/connection_url.hpp"

#include <algorithm>

namespace dossier::db {

std::string withoutPassword(std::string_view url) {
  std::string shown(url);
  const auto scheme = shown.find("://");
  if (scheme != std::string::npos) {
    const auto start = scheme + 3;
    const auto end = std::min(shown.find_first_of("/?", start), shown.size());
    const auto at = shown.rfind('@', end - 1);
    if (at != std::string::npos && at >= start) {
      const auto colon = shown.find(':', start);
      if (colon != std::string::npos && colon < at) {
        shown.replace(colon + 1, at - colon - 1, "***");
      }
    }
  }
  for (auto at = shown.find("password="); at != std::string::npos;
       at = shown.find("password=", at + 1)) {
    const auto value = at + 9;
    const auto end = std::min(shown.find('&', value), shown.size());
    shown.replace(value, end - value, "***");
  }
  return shown;
}

}  // namespace dossier::db
