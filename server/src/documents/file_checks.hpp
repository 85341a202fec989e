#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::documents {

inline constexpr std::size_t kMaxFileNameCharacters = 255;

// The field of a document's properties that holds its file's name.
inline constexpr const char* kFileNameField = "ExtRefFilename";

// A file name as a person's computer sent it, checked before anything is stored: it becomes the
// name a download is offered under, never a path on the server. Refused, with a message the
// person can act on: no name, a name of dots, over 255 characters, a / or \, a control or
// invisible character (checkShownText), or text that is not UTF-8.
Status checkFileName(std::string_view name);

// Text shown as a name — a file's name, a document's title — must show what it holds: one with a
// control character, a zero-width one or a control of bidirectional text (which can make
// "report\u202Efdp.exe" show as "reportexe.pdf") is refused with 400 documents.hidden_character,
// saying which character and where, as the error of `field`. `what` names the text in the
// message ("file name", "title").
Status checkShownText(std::string_view text, std::string_view what, std::string_view field);

// The size of an upload against the environment's limit: an empty file is refused, as is one
// over the limit (the message says the limit in MB).
Status checkFileSize(std::uint64_t size, std::uint64_t limit);

// The extension of a file name, lower case, without the dot; empty when it has none.
std::string extensionOf(std::string_view name);

}  // namespace dossier::documents
