#include "documents/versions.hpp"

#include <algorithm>

namespace dossier::documents {

DocumentVersion checkInVersion(DocumentVersion stored, bool incrementMajor) {
  const int major = std::max(stored.major, 1);
  if (incrementMajor) {
    return {major + 1, 0};
  }
  return {major, stored.minor + 1};
}

std::string versionLabel(DocumentVersion version) {
  return std::to_string(version.major) + "." + std::to_string(version.minor);
}

}  // namespace dossier::documents
