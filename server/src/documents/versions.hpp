#pragma once

#include <string>

namespace dossier::documents {

// A document's version, major.minor (spec 2 §3 DocumentVersion).
struct DocumentVersion {
  int major = 0;
  int minor = 0;

  bool operator==(const DocumentVersion&) const = default;
};

// The version a check-in stores (spec 2 §4): major from the stored major, at least 1; minor the
// stored minor plus 1. Increment Major Version raises that major by 1 and starts minor at 0.
DocumentVersion checkInVersion(DocumentVersion stored, bool incrementMajor);

// "1.2", as the properties screen and the history grid show it.
std::string versionLabel(DocumentVersion version);

}  // namespace dossier::documents
