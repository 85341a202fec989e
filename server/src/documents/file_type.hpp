#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace dossier::documents {

struct FileType {
  std::string extension;  // pdf, docx, …: what the content is, as the allowed list names types
  std::string mediaType;  // what a download is sent as
};

// How much of a file recognising its type reads from each end: the inspector pins libmagic to it
// (inspect/file_type.cpp), so a copy of only those bytes of a file kept in the database is
// recognised as the whole file would be (BlobStore::edgesFile).
constexpr std::uint64_t kTypeEdgeBytes = 7 * 1024 * 1024;

// The reader of untrusted files: $DOSSIER_INSPECT when set, else dossier-inspect beside the
// running program.
std::string inspectorProgram();

// What a stored file is, recognised from its content by the inspector in a child process under
// limits — never from its name or the browser's word — and checked against the environment's
// allowed types. The file name's ending must agree with the content (a PDF named .docx is
// refused), except where the content alone cannot tell formats apart (a CSV is plain text).
// 415 with a message the person can act on otherwise.
Result<FileType> recogniseFile(const std::filesystem::path& file, std::string_view fileName,
                               const std::vector<std::string>& allowedTypes);

// The extensions a media type may be stored as, the usual one first; empty for types no document
// may be.
std::vector<std::string> extensionsFor(std::string_view mediaType);

// The media type a download of a stored type is sent as.
std::string mediaTypeFor(std::string_view extension);

}  // namespace dossier::documents
