#include "datamove/copy_order.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "datamove/move_error.hpp"

namespace dossier::datamove {

std::vector<std::string> copyOrder(const db::Schema& schema) {
  // What each table still waits for: the other tables it refers to.
  std::map<std::string, std::set<std::string>> waitsFor;
  for (const auto& table : schema) {
    waitsFor[table.name];
  }
  for (const auto& table : schema) {
    auto& waits = waitsFor[table.name];
    for (const auto& key : table.foreignKeys) {
      if (key.table != table.name && waitsFor.contains(key.table)) {
        waits.insert(key.table);
      }
    }
  }
  std::vector<std::string> order;
  while (!waitsFor.empty()) {
    const auto ready = std::find_if(waitsFor.begin(), waitsFor.end(),
                                    [](const auto& entry) { return entry.second.empty(); });
    if (ready == waitsFor.end()) {
      std::string tables;
      for (const auto& [name, waits] : waitsFor) {
        tables += (tables.empty() ? "" : ", ") + name;
      }
      throw MoveError(
          "The foreign keys of these tables refer to each other in a circle, so no order "
          "of copying satisfies them: " +
          tables + ".");
    }
    const auto name = ready->first;
    order.push_back(name);
    waitsFor.erase(ready);
    for (auto& [other, waits] : waitsFor) {
      waits.erase(name);
    }
  }
  return order;
}

}  // namespace dossier::datamove
