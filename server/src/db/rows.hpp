#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace soci {
class row;
}

namespace dossier::db {

// Reading columns of a soci::row whatever integer width the backend reports for them (SQLite
// reports INTEGER columns as 64-bit, expressions as 32-bit).
std::int64_t integer(const soci::row& row, std::size_t column);
std::optional<std::int64_t> optionalInteger(const soci::row& row, std::size_t column);
bool boolean(const soci::row& row, std::size_t column);
std::string text(const soci::row& row, std::size_t column);
std::optional<std::string> optionalText(const soci::row& row, std::size_t column);

}  // namespace dossier::db
