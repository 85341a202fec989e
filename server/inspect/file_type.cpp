#include "file_type.hpp"

#include <cstdio>
#include <magic.h>

namespace dossier::inspect {

std::string mediaTypeOf(const char* path) {
  // No decompression: a compressed file is what it is, not what it holds.
  magic_t cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR | MAGIC_NO_CHECK_COMPRESS);
  if (cookie == nullptr) {
    return {};
  }
  std::string out;
  if (magic_load(cookie, nullptr) == 0) {
    if (const char* type = magic_file(cookie, path)) {
      out = type;
    } else {
      std::fprintf(stderr, "%s\n", magic_error(cookie));
    }
  } else {
    std::fprintf(stderr, "%s\n", magic_error(cookie));
  }
  magic_close(cookie);
  return out;
}

}  // namespace dossier::inspect
