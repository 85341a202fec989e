#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dossier {

// ASCII letters lowered; type codes, refs and keywords are ASCII, so no locale is needed.
std::string asciiLower(std::string_view text);
bool equalsIgnoringCase(std::string_view a, std::string_view b);
// Without the spaces, tabs and line ends at either end.
std::string_view trimmedText(std::string_view text);
// A LIKE pattern, for `LIKE ? ESCAPE '\'`, that matches any text containing `part` as it is: its
// own %, _ and backslashes escaped. Lower-cased, for comparing with lower(column) on every
// database.
std::string containsPattern(std::string_view part);

// A whole number above zero, as an id in an address is ("42"); nothing for anything else.
std::optional<std::int64_t> parsePositiveId(std::string_view text);

// A character that shows as nothing, or makes the text around it show other than it is stored:
// the controls of bidirectional text (U+202E RIGHT-TO-LEFT OVERRIDE turns "cod.exe" into
// "exe.doc" on the screen), zero-width characters, and C0 and C1 control characters.
struct HiddenCharacter {
  char32_t codePoint = 0;
  std::string name;          // "RIGHT-TO-LEFT OVERRIDE"; empty for a control character
  std::size_t position = 0;  // counted in characters from 1, as a person counts them
};

// The first such character of UTF-8 text, if any (text that is not UTF-8 is for the caller to
// refuse; its broken bytes are passed over here).
std::optional<HiddenCharacter> findHiddenCharacter(std::string_view text);

// "U+202E RIGHT-TO-LEFT OVERRIDE", "U+0007".
std::string describeCharacter(const HiddenCharacter& character);

// A number of bytes as people read it: "900 bytes", "1.5 KiB", "10 GiB".
std::string formatByteSize(std::uint64_t bytes);

}  // namespace dossier
