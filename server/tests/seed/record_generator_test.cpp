#include "seed/record_generator.hpp"

#include <filesystem>

#include <gtest/gtest.h>

#include "core/config_errors.hpp"
#include "types/type_loader.hpp"

namespace dossier::seed {
namespace {

using types::EntityKind;

class GeneratedRecords : public ::testing::Test {
 protected:
  ConfigErrors errors;
  types::Catalog catalog = types::loadCatalog(
      std::filesystem::path(DOSSIER_SOURCE_DIR) / "environments" / "demo", errors);
};

TEST_F(GeneratedRecords, EveryComplaintAnswersUrgentYesOrNo) {
  const auto* complaint = catalog.find(EntityKind::Case, "COMP");
  ASSERT_NE(complaint, nullptr) << errors.describe();
  RecordGenerator generator(1);
  int urgent = 0;
  for (int i = 0; i < 200; ++i) {
    const auto values = generator.values(*complaint, {1, 2, 3});
    const auto* answer = values.if_contains("urgent");
    ASSERT_TRUE(answer != nullptr && answer->is_bool())
        << "complaint " << i << " leaves Urgent unset";
    urgent += answer->get_bool() ? 1 : 0;
  }
  // Some are urgent, most are not.
  EXPECT_GT(urgent, 10);
  EXPECT_LT(urgent, 100);
}

TEST_F(GeneratedRecords, AFieldLeftOutKeepsTheDefaultANewFormStartsWith) {
  const auto* individual = catalog.find(EntityKind::Person, "IND");
  ASSERT_NE(individual, nullptr) << errors.describe();
  RecordGenerator generator(3);
  for (int i = 0; i < 50; ++i) {
    const auto values = generator.values(*individual, {});
    EXPECT_TRUE(values.contains("preferredContact")) << "person " << i;
  }
}

}  // namespace
}  // namespace dossier::seed
