#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "types/entity_type.hpp"

namespace dossier::index {

// How much more a word of a title, a name or an identifier counts than a word of a field of weight
// 1: the increase of its within-entry frequency, up to which a word counts in ranking
// (ranking_weight.hpp).
inline constexpr unsigned kTitleWeight = 5;

// Term prefixes of the index. Boolean terms filter inside the index (type, status, who may see a
// record); text terms rank.
inline constexpr const char* kUniquePrefix = "Q";   // Qcase:12 — one document per record
inline constexpr const char* kKindPrefix = "XK";    // XKcase, XKperson, XKdocument
inline constexpr const char* kTypePrefix = "XT";    // XTcase:COMP
inline constexpr const char* kStatusPrefix = "XS";  // XSactive, XSinactive
inline constexpr const char* kGroupPrefix = "XG";   // XGcaseworkers: the groups who may see it
// The whole set of groups who may see a record, as one term: XVcaseworkers,investigators. Few
// such sets exist, so a search excludes the sets the person is in none of with one cheap term
// each, rather than OR-ing the long lists of the groups they are in.
inline constexpr const char* kViewersPrefix = "XV";
// For a document, the groups of its security group, as one term like XV: a document is found only
// by those who may see its case (XV) and are in its security group (XD).
inline constexpr const char* kDocumentViewersPrefix = "XD";
inline constexpr const char* kIdentifierPrefix = "XN";  // XNcmp-2026-00042: exact identifiers
inline constexpr const char* kSuggestPrefix = "XW";     // XWcase:COMP:harbour: words to suggest
inline constexpr const char* kStemPrefix = "Z";         // stemmed words, as Xapian writes them
// A document's own text, a field apart from titles and names (XBharbour, ZXBharbour), so that a
// word repeated through a long text does not outrank the case named by it.
inline constexpr const char* kBodyPrefix = "XB";

// Written into the index's own metadata with every commit.
inline constexpr const char* kAppliedSequenceKey = "applied_sequence";
inline constexpr const char* kFingerprintKey = "configuration";

// "case:COMP", how the index and the filters name a type.
std::string typeKey(types::EntityKind kind, std::string_view ref);
std::string uniqueTerm(types::EntityKind kind, std::int64_t id);
std::string uniqueDocumentTerm(std::int64_t id);
// A set of viewing groups as the XV and XD terms name it: lower-cased, sorted, comma-separated.
std::string viewerSetOf(const std::vector<std::string>& groups);
// The type key documents are filtered by: all documents are one "type" of the search.
inline constexpr const char* kDocumentTypeKey = "document";

}  // namespace dossier::index
