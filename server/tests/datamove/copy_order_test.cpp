#include "datamove/copy_order.hpp"

#include <gtest/gtest.h>

#include "datamove/move_error.hpp"

namespace dossier::datamove {
namespace {

db::SchemaTable tableReferring(std::string name, std::vector<std::string> to) {
  db::SchemaTable table{std::move(name), {}, {}, {}};
  for (auto& other : to) {
    table.foreignKeys.push_back({other + "_id", other, "id"});
  }
  return table;
}

TEST(CopyOrder, ATableComesAfterEveryTableItsForeignKeysReferTo) {
  const db::Schema schema{tableReferring("a_versions", {"documents"}), tableReferring("cases", {}),
                          tableReferring("documents", {"cases", "users"}),
                          tableReferring("users", {})};
  EXPECT_EQ(copyOrder(schema),
            (std::vector<std::string>{"cases", "users", "documents", "a_versions"}));
}

TEST(CopyOrder, ATableReferringToItselfIsNotACircle) {
  const db::Schema schema{tableReferring("folders", {"folders", "users"}),
                          tableReferring("users", {})};
  EXPECT_EQ(copyOrder(schema), (std::vector<std::string>{"users", "folders"}));
}

TEST(CopyOrder, TablesReferringToEachOtherInACircleAreNamed) {
  const db::Schema schema{tableReferring("a", {"b"}), tableReferring("b", {"a"}),
                          tableReferring("c", {})};
  try {
    copyOrder(schema);
    FAIL() << "no error";
  } catch (const MoveError& e) {
    EXPECT_NE(std::string(e.what()).find("a, b"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace dossier::datamove
