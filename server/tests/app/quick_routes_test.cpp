#include <gtest/gtest.h>

#include "api/services.hpp"
#include "app/all_routes.hpp"
#include "app/application.hpp"
#include "environments/registry.hpp"
#include "http/request.hpp"
#include "support/postgresql.hpp"
#include "support/temp_folder.hpp"

namespace dossier::app {
namespace {

http::Request get(const std::string& target) {
  http::Request request;
  request.method = "GET";
  EXPECT_TRUE(http::parseTarget(target, request));
  return request;
}

TEST(QuickRoutes, RunOnAnIoThreadOnlyWhenTheirEnvironmentsDatabaseIsAFileOnThisMachine) {
  if (!testing::postgresqlAdminUrl()) {
    GTEST_SKIP() << "runs where the test script started a PostgreSQL (make test-server-postgresql)";
  }
  testing::ScratchDatabase scratch;
  testing::TempFolder environments;
  testing::TempFolder data;
  testing::TempFolder web;
  environments.write("local/environment.yaml", "displayName: On a file\n");
  environments.write("remote/environment.yaml",
                     "displayName: On a server\ndatabase:\n  url: \"" + scratch.url() + "\"\n");
  auto opened = environments::Registry::open({environments.path(), data.path(), 2, ""});
  ASSERT_TRUE(opened) << opened.error().message;
  Application application(*opened.value(), featureServices(), web.path(), "local");

  // The current user is a quick route: a session lookup.
  const auto onFile = get("/api/local/currentuser");
  const auto onServer = get("/api/remote/currentuser");
  EXPECT_FALSE(application.plan(onFile).offload);
  EXPECT_TRUE(application.plan(onServer).offload);
  // Off the I/O thread, onto the small pool kept for quick routes, not among ordinary work.
  EXPECT_FALSE(application.plan(onFile).quick);
  EXPECT_TRUE(application.plan(onServer).quick);
}

}  // namespace
}  // namespace dossier::app
