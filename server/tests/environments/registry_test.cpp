#include "environments/registry.hpp"

#include <filesystem>

#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "support/temp_folder.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
namespace {

namespace fs = std::filesystem;

class RegistryOpening : public ::testing::Test {
 protected:
  testing::TempFolder environments;
  testing::TempFolder data;

  Result<std::unique_ptr<Registry>> open(const fs::path& folder, std::string only = {}) {
    return Registry::open({folder, data.path(), 2, std::move(only)});
  }

  // An environment of its own folder with just a name: everything else has a default.
  void minimal(const std::string& key, const std::string& displayName) {
    environments.write(key + "/environment.yaml", "displayName: " + displayName + "\n");
  }

  static std::string errorOf(const Result<std::unique_ptr<Registry>>& opened) {
    return opened ? std::string("(it opened)") : opened.error().message;
  }
};

TEST_F(RegistryOpening, TheShippedDemoOpensWithItsCatalogAndAMigratedDatabaseOfItsOwn) {
  const auto opened = open(fs::path(DOSSIER_SOURCE_DIR) / "environments");
  ASSERT_TRUE(opened) << errorOf(opened);
  auto* demo = (*opened)->find("demo");
  ASSERT_NE(demo, nullptr);
  EXPECT_EQ(demo->key(), "demo");
  EXPECT_EQ(demo->config().displayName, "Dossier Demo");
  EXPECT_FALSE(demo->catalog().types.empty());
  EXPECT_EQ(demo->dataFolder(), data.path() / "demo");
  EXPECT_TRUE(fs::exists(data.path() / "demo" / "dossier.db"));
  auto db = demo->db().acquire();
  auto row = db->query("SELECT COUNT(*) FROM change_log");
  ASSERT_TRUE(row.step());
  EXPECT_EQ(row.integer(0), 0);
}

TEST_F(RegistryOpening, EachEnvironmentIsFoundByItsKeyAndAnUnknownKeyFindsNothing) {
  minimal("alpha", "Alpha Licensing");
  minimal("beta", "Beta Complaints");
  const auto opened = open(environments.path());
  ASSERT_TRUE(opened) << errorOf(opened);
  ASSERT_EQ((*opened)->all().size(), 2u);
  EXPECT_EQ((*opened)->find("alpha")->config().displayName, "Alpha Licensing");
  EXPECT_EQ((*opened)->find("beta")->config().displayName, "Beta Complaints");
  EXPECT_EQ((*opened)->find("gamma"), nullptr);
  EXPECT_EQ((*opened)->find("Alpha"), nullptr) << "a key is matched exactly";
  EXPECT_NE(&(*opened)->find("alpha")->db(), &(*opened)->find("beta")->db());
}

TEST_F(RegistryOpening, AnEnvironmentWithoutTypesHasAnEmptyCatalogAndTheDefaults) {
  minimal("alpha", "Alpha");
  const auto opened = open(environments.path());
  ASSERT_TRUE(opened) << errorOf(opened);
  const auto* alpha = (*opened)->find("alpha");
  EXPECT_TRUE(alpha->catalog().types.empty());
  EXPECT_EQ(alpha->config().signIn.methods, std::vector<std::string>{"dossier"});
  EXPECT_EQ(alpha->config().sessions.idleTimeout, std::chrono::minutes(30));
  EXPECT_EQ(alpha->index(), nullptr) << "the server attaches the index; opening does not";
}

TEST_F(RegistryOpening, OnlyTheEnvironmentAskedForIsOpened) {
  minimal("alpha", "Alpha");
  minimal("beta", "Beta");
  const auto opened = open(environments.path(), "beta");
  ASSERT_TRUE(opened) << errorOf(opened);
  ASSERT_EQ((*opened)->all().size(), 1u);
  EXPECT_EQ((*opened)->all().front()->key(), "beta");
  EXPECT_FALSE(fs::exists(data.path() / "alpha")) << "nothing is created for the others";
}

TEST_F(RegistryOpening, AnEnvironmentThatIsNotThereIsRefusedNamingTheFolderLookedIn) {
  minimal("alpha", "Alpha");
  const auto opened = open(environments.path(), "gamma");
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(opened.error().message,
            "There is no environment 'gamma' in " + environments.path().string() + ".");
}

TEST_F(RegistryOpening, BrokenYamlStopsTheOpeningNamingTheFileAndTheLine) {
  minimal("alpha", "Alpha");
  environments.write("beta/environment.yaml", "displayName: Beta\nsessions: [unclosed\n");
  const auto opened = open(environments.path());
  ASSERT_FALSE(opened);
  const auto file = (environments.path() / "beta" / "environment.yaml").string();
  EXPECT_EQ(opened.error().message.rfind("The configuration has errors:\n" + file + ":", 0), 0u)
      << opened.error().message;
  EXPECT_NE(opened.error().message.find("not valid YAML"), std::string::npos);
  EXPECT_FALSE(fs::exists(data.path() / "alpha")) << "no environment opens while one is broken";
}

TEST_F(RegistryOpening, AMissingOrMisspeltSettingIsNamedWithItsFile) {
  environments.write("alpha/environment.yaml", "sesions: {idleTimeout: 5m}\n");
  const auto opened = open(environments.path());
  ASSERT_FALSE(opened);
  const auto file = (environments.path() / "alpha" / "environment.yaml").string();
  const auto& message = opened.error().message;
  EXPECT_NE(message.find(file + ":1: displayName: is required"), std::string::npos) << message;
  EXPECT_NE(message.find(file + ":1: sesions: "), std::string::npos) << message;
  EXPECT_NE(message.find("is not a known setting"), std::string::npos) << message;
}

TEST_F(RegistryOpening, AMistakeInACaseTypeNamesItsFileAndKey) {
  minimal("alpha", "Alpha");
  environments.write("alpha/types/complaint.yaml", R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP, width: 5}
statuses: [{value: OPEN, name: Open}]
access: {view: [everyone]}
fields:
  - {id: title, type: colour, label: Title}
form:
  id: complaint
  layout: [{field: title}]
)yaml");
  const auto opened = open(environments.path());
  ASSERT_FALSE(opened);
  const auto& message = opened.error().message;
  EXPECT_NE(message.find((environments.path() / "alpha" / "types" / "complaint.yaml").string()),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("fields[0].type"), std::string::npos) << message;
}

TEST_F(RegistryOpening, OpeningAgainKeepsWhatTheDatabaseHeld) {
  minimal("alpha", "Alpha");
  {
    const auto first = open(environments.path());
    ASSERT_TRUE(first) << errorOf(first);
    auto db = (*first)->find("alpha")->db().acquire();
    db->execute(
        "INSERT INTO change_log (entity_kind, entity_id, operation, at) "
        "VALUES ('case', 1, 'updated', '2026-03-14T09:00:00Z')");
  }
  const auto second = open(environments.path());
  ASSERT_TRUE(second) << errorOf(second);
  auto db = (*second)->find("alpha")->db().acquire();
  auto row = db->query("SELECT COUNT(*) FROM change_log");
  ASSERT_TRUE(row.step());
  EXPECT_EQ(row.integer(0), 1);
}

}  // namespace
}  // namespace dossier::environments
