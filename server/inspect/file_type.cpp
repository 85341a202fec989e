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
  // What the server copies of a file kept in the database before asking (documents/file_type.hpp
  // kTypeEdgeBytes): libmagic reads no more than this from either end. Pinned here, not left to
  // the library's default, so that a newer libmagic reading further cannot tell a copied file
  // apart from the whole one.
  const std::size_t mostBytes = 7 * 1024 * 1024;
  std::string out;
  if (magic_setparam(cookie, MAGIC_PARAM_BYTES_MAX, &mostBytes) != 0) {
    std::fprintf(stderr, "%s\n", magic_error(cookie));
  } else if (magic_load(cookie, nullptr) == 0) {
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
