#include "documents/file_checks.hpp"

#include "core/text.hpp"
#include "documents/errors.hpp"

namespace dossier::documents {

namespace {

// How many characters UTF-8 text holds; -1 when it is not UTF-8.
long utf8Characters(std::string_view text) {
  long count = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    if (byte < 0x80) {
      length = 1;
    } else if ((byte & 0xE0) == 0xC0 && byte >= 0xC2) {
      length = 2;
    } else if ((byte & 0xF0) == 0xE0) {
      length = 3;
    } else if ((byte & 0xF8) == 0xF0 && byte <= 0xF4) {
      length = 4;
    } else {
      return -1;
    }
    if (i + length > text.size()) {
      return -1;
    }
    for (std::size_t j = 1; j < length; ++j) {
      if ((static_cast<unsigned char>(text[i + j]) & 0xC0) != 0x80) {
        return -1;
      }
    }
    i += length;
    ++count;
  }
  return count;
}

}  // namespace

Status checkFileName(std::string_view name) {
  if (name.empty()) {
    return Error::of(errors::kFileNameMissing, "The file has no name.");
  }
  const auto characters = utf8Characters(name);
  if (characters < 0) {
    return Error::of(errors::kFileNameInvalid,
                     "The file's name is not valid text: rename the file.");
  }
  if (static_cast<std::size_t>(characters) > kMaxFileNameCharacters) {
    return Error::of(errors::kFileNameTooLong, "The file's name is too long: at most " +
                                                   std::to_string(kMaxFileNameCharacters) +
                                                   " characters, please rename the file.");
  }
  if (auto shown = checkShownText(name, "file name", kFileNameField); !shown) {
    return shown;
  }
  bool onlyDotsAndSpaces = true;
  for (const char c : name) {
    if (c == '/' || c == '\\') {
      return Error::of(errors::kFileNameInvalid,
                       "A file's name cannot contain / or \\: rename the file.");
    }
    onlyDotsAndSpaces = onlyDotsAndSpaces && (c == '.' || c == ' ');
  }
  if (onlyDotsAndSpaces) {
    return Error::of(errors::kFileNameInvalid,
                     "'" + std::string(name) + "' is not a file name: rename the file.");
  }
  return {};
}

Status checkShownText(std::string_view text, std::string_view what, std::string_view field) {
  const auto hidden = findHiddenCharacter(text);
  if (!hidden) {
    return {};
  }
  const auto message = "The " + std::string(what) + " contains " +
                       (hidden->name.empty() ? "a control character" : "an invisible character") +
                       " (" + describeCharacter(*hidden) + ") at position " +
                       std::to_string(hidden->position) + "; remove it.";
  return std::move(Error::of(errors::kHiddenCharacter, message))
      .withField(std::string(field), message);
}

Status checkFileSize(std::uint64_t size, std::uint64_t limit) {
  if (size == 0) {
    return Error::of(errors::kFileEmpty, "The file is empty.");
  }
  if (size > limit) {
    return Error::of(errors::kFileTooLarge, "The file is too large: at most " +
                                                std::to_string(limit / (1024 * 1024)) + " MB.");
  }
  return {};
}

std::string extensionOf(std::string_view name) {
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == name.size()) {
    return {};
  }
  std::string extension(name.substr(dot + 1));
  for (auto& c : extension) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c + 32);
    }
  }
  return extension;
}

}  // namespace dossier::documents
