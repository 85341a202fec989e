#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::documents {

inline constexpr std::size_t kMaxFileNameCharacters = 255;

// A file name as a person's computer sent it, checked before anything is stored: it becomes the
// name a download is offered under, never a path on the server. Refused, with a message the
// person can act on: no name, a name of dots, over 255 characters, a / or \, control characters,
// or text that is not UTF-8.
Status checkFileName(std::string_view name);

// The size of an upload against the environment's limit: an empty file is refused, as is one
// over the limit (the message says the limit in MB).
Status checkFileSize(std::uint64_t size, std::uint64_t limit);

// The extension of a file name, lower case, without the dot; empty when it has none.
std::string extensionOf(std::string_view name);

}  // namespace dossier::documents
