#pragma once

#include <string>
#include <string_view>

namespace dossier::db::postgresql {

// The SQL of both backends numbers its parameters ?1 … ?N; PostgreSQL writes them $1 … $N. Done
// once per statement, when it is prepared. Text inside quotes, identifiers in double quotes and
// comments are left alone. A bare ? takes the number after the highest seen so far.
struct Rewritten {
  std::string sql;
  int parameters = 0;  // the highest parameter number
};
Rewritten dollarPlaceholders(std::string_view sql);

}  // namespace dossier::db::postgresql
