#include "uploads/upload_store.hpp"

#include "core/crypto.hpp"

namespace dossier::uploads {

std::string newUploadId() {
  return randomHex(16);
}

bool isUploadId(std::string_view id) {
  if (id.size() != 32) {
    return false;
  }
  for (const char c : id) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      return false;
    }
  }
  return true;
}

}  // namespace dossier::uploads
