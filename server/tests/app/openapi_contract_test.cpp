#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "app/all_routes.hpp"

namespace dossier::app {
namespace {

using Operation = std::pair<std::string, std::string>;  // method, path

std::set<Operation> documentedOperations() {
  const auto spec = YAML::LoadFile(std::string(DOSSIER_SOURCE_DIR) + "/server/api/openapi.yaml");
  std::set<Operation> operations;
  for (const auto& path : spec["paths"]) {
    for (const auto& entry : path.second) {
      auto method = entry.first.as<std::string>();
      if (method == "parameters") {
        continue;
      }
      std::transform(method.begin(), method.end(), method.begin(),
                     [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
      operations.emplace(method, path.first.as<std::string>());
    }
  }
  return operations;
}

TEST(OpenApiContract, EveryRegisteredRouteIsDocumented) {
  const auto documented = documentedOperations();
  const auto services = featureServices();
  const auto table = allRoutes(services);
  for (const auto& route : table.routes()) {
    EXPECT_TRUE(documented.contains({route.method, route.path}))
        << route.method << " " << route.path << " is registered but missing from openapi.yaml";
  }
}

TEST(OpenApiContract, EveryDocumentedApiRouteExists) {
  std::set<Operation> registered;
  const auto services = featureServices();
  const auto table = allRoutes(services);
  for (const auto& route : table.routes()) {
    registered.emplace(route.method, route.path);
  }
  for (const auto& operation : documentedOperations()) {
    // The realtime hub is a WebSocket the composition root serves (app/hub_socket.hpp), not a
    // route of the table; the API tests open it.
    if (operation == Operation{"GET", "/api/{env}/hub"}) {
      continue;
    }
    if (operation.second.starts_with("/api/")) {
      EXPECT_TRUE(registered.contains(operation))
          << operation.first << " " << operation.second
          << " is documented in openapi.yaml but not served";
    }
  }
}

// A route's tag is the feature that serves it: the folder of server/src with its routes.hpp, the
// same name the web app's feature folder and the tests use.
TEST(OpenApiContract, EachApiRouteIsTaggedWithTheFeatureFolderThatServesIt) {
  const auto root = std::filesystem::path(DOSSIER_SOURCE_DIR) / "server";
  const auto spec = YAML::LoadFile((root / "api" / "openapi.yaml").string());
  for (const auto& path : spec["paths"]) {
    const auto address = path.first.as<std::string>();
    if (!address.starts_with("/api/")) {
      continue;
    }
    for (const auto& entry : path.second) {
      if (entry.first.as<std::string>() == "parameters") {
        continue;
      }
      const auto tags = entry.second["tags"];
      ASSERT_TRUE(tags && tags.size() == 1) << address << " needs exactly one tag, its feature";
      const auto feature = tags[0].as<std::string>();
      if (address == "/api/{env}/hub") {
        EXPECT_EQ(feature, "hub");
        EXPECT_TRUE(std::filesystem::exists(root / "src" / "app" / "hub_socket.hpp"));
        continue;
      }
      EXPECT_TRUE(std::filesystem::exists(root / "src" / feature / "routes.hpp"))
          << address << " is tagged " << feature << ", which is no feature folder of server/src";
    }
  }
}

}  // namespace
}  // namespace dossier::app
