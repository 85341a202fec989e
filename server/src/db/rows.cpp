#include "db/rows.hpp"

#include <soci/soci.h>

namespace dossier::db {

std::int64_t integer(const soci::row& row, std::size_t column) {
  switch (row.get_properties(column).get_data_type()) {
    case soci::dt_integer:
      return row.get<int>(column);
    case soci::dt_long_long:
      return row.get<long long>(column);
    case soci::dt_unsigned_long_long:
      return static_cast<std::int64_t>(row.get<unsigned long long>(column));
    case soci::dt_double:
      return static_cast<std::int64_t>(row.get<double>(column));
    case soci::dt_string:
      return std::stoll(row.get<std::string>(column));
    default:
      throw std::bad_cast();
  }
}

std::optional<std::int64_t> optionalInteger(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) {
    return std::nullopt;
  }
  return integer(row, column);
}

bool boolean(const soci::row& row, std::size_t column) {
  return integer(row, column) != 0;
}

std::string text(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) {
    return {};
  }
  return row.get<std::string>(column);
}

std::optional<std::string> optionalText(const soci::row& row, std::size_t column) {
  if (row.get_indicator(column) == soci::i_null) {
    return std::nullopt;
  }
  return row.get<std::string>(column);
}

}  // namespace dossier::db
