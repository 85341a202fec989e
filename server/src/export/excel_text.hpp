#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

// What Excel takes as text, as a sheet's name and as a date, for the XLSX writer.
namespace dossier::exporting::excel {

// What Excel takes in a cell, counted in UTF-16 units as Excel counts.
inline constexpr std::size_t kMostCharactersPerCell = 32'767;

// `text` as Excel takes it: what it cannot read (ill-formed UTF-8, NUL, U+FFFE, U+FFFF) replaced
// by U+FFFD, and cut with "…" to at most `most` UTF-16 units. `text` itself when it is fine as
// it is (most cells), else `fixed`.
std::string_view fitted(std::string_view text, std::size_t most, std::string& fixed);

// Characters as a person counts them (code points), for column widths.
std::size_t characters(std::string_view text);

// The name as Excel takes it: none of []:*?/\ or control characters (each becomes a space, and
// spaces do not run together), no apostrophe at either end, not Excel's reserved "History",
// "Report" when nothing is left.
std::string sheetBaseName(std::string_view wanted);
// The n-th data sheet's name: the base, then "<base> (2)" and so on, within Excel's 31 units.
std::string sheetName(const std::string& base, std::size_t n);

// Appends a cell's text as XML element content: fitted to a cell, &, < and > escaped, and the
// control characters XML cannot hold written as Excel writes them (_x0001_).
void appendText(std::string& xml, std::string_view text, std::string& scratch);
// Appends text for an attribute's value: & < > " ' escaped.
void appendAttribute(std::string& xml, std::string_view text);
// Whether the text begins or ends with white space, which Excel keeps only when told to.
bool needsSpacePreserved(std::string_view text);

// "YYYY-MM-DD", optionally followed by " HH:MM" or "THH:MM", optionally ":SS" and a fraction, as
// Excel's serial date (days since 1899-12-30, with Excel's own 29 February 1900). An earlier date
// than 1900, or anything else, is none: it stays text.
std::optional<double> serialDate(std::string_view text);

}  // namespace dossier::exporting::excel
