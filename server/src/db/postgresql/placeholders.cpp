#include "db/postgresql/placeholders.hpp"

#include <algorithm>
#include <cctype>

namespace dossier::db::postgresql {

Rewritten dollarPlaceholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  int highest = 0;
  std::size_t i = 0;
  const auto copyUntil = [&](std::string_view end) {
    const auto found = sql.find(end, i);
    const auto stop = found == std::string_view::npos ? sql.size() : found + end.size();
    out.append(sql.substr(i, stop - i));
    i = stop;
  };
  while (i < sql.size()) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      // A doubled quote inside closes and reopens, which copying quote to quote reproduces.
      out.push_back(c);
      ++i;
      copyUntil(std::string_view(&sql[i - 1], 1));
    } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      copyUntil("\n");
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      copyUntil("*/");
    } else if (c == '?') {
      ++i;
      int number = 0;
      bool numbered = false;
      while (i < sql.size() && std::isdigit(static_cast<unsigned char>(sql[i])) != 0) {
        number = number * 10 + (sql[i] - '0');
        numbered = true;
        ++i;
      }
      if (!numbered) {
        number = highest + 1;
      }
      highest = std::max(highest, number);
      out.push_back('$');
      out.append(std::to_string(number));
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return {std::move(out), highest};
}

}  // namespace dossier::db::postgresql
